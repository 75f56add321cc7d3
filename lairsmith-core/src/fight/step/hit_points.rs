//! Steps on hit points: damage, healing, temporary hit points, dropping and dying (P3, P4, P5, P12, P17).

#[allow(clippy::wildcard_imports)]
use super::*;

/// Damage, untyped or of types (P3, P5).
pub(super) fn damage(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Damage {
        who,
        amount,
        damage_type,
        also_types,
    } = step
    else {
        return Ok(());
    };
    if *amount < 0 {
        return Err(StepError::Refused(
            "damage is 0 or more; heal to give hit points back".to_owned(),
        ));
    }
    let i = find(s, who)?;
    let hit = Hit {
        amount: *amount,
        types: damage_type.iter().chain(also_types).copied().collect(),
        ..Hit::default()
    };
    let (words, fell) = rules::p3_damage(&mut s.combatants[i], &hit);
    log(s, words);
    for l in rules::after_a_fall(s, i, fell) {
        log(s, l);
    }
    Ok(())
}

/// Healing, or a heal that spends a recovery (P3, P17).
pub(super) fn heal(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Heal {
        who,
        amount,
        recovery,
    } = step
    else {
        return Ok(());
    };
    if *amount < 0 {
        return Err(StepError::Refused(
            "healing is 0 or more; damage takes hit points".to_owned(),
        ));
    }
    let i = find(s, who)?;
    let words = if *recovery {
        rules::p17_recovery_heal(&mut s.combatants[i], *amount)?
    } else {
        rules::p3_heal(&mut s.combatants[i], *amount)
    };
    log(s, words);
    Ok(())
}

/// Temporary hit points (P4).
pub(super) fn temp(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Temp {
        who,
        amount,
        replace,
    } = step
    else {
        return Ok(());
    };
    if *amount < 0 {
        return Err(StepError::Refused(
            "temporary hit points are 0 or more".to_owned(),
        ));
    }
    let i = find(s, who)?;
    let words = rules::p4_temp(&mut s.combatants[i], *amount, *replace);
    log(s, words);
    Ok(())
}

/// A monster at 0 HP or below falls unconscious instead of dying (P3).
pub(super) fn knock_out(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::KnockOut { who } = step else {
        return Ok(());
    };
    let i = find(s, who)?;
    let c = &mut s.combatants[i];
    if c.hp > 0 || !matches!(c.life, Life::Dead | Life::Unconscious) {
        return Err(StepError::Refused(format!(
            "{} is at {} HP: only a creature at 0 HP or below can be knocked out",
            c.name, c.hp
        )));
    }
    c.life = Life::Unconscious;
    let words = format!("{} falls unconscious instead of dying (P3)", c.name);
    log(s, words);
    for l in rules::after_a_fall(s, i, Fell::Unconscious) {
        log(s, l);
    }
    Ok(())
}

/// A monster that follows the characters' rules at 0 HP (P3).
pub(super) fn villain(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Villain { who } = step else {
        return Ok(());
    };
    let i = find(s, who)?;
    let c = &mut s.combatants[i];
    if c.side == Side::Party {
        return Err(StepError::Refused(format!(
            "{} is a character: characters follow these rules already (P3)",
            c.name
        )));
    }
    c.villain = true;
    let words = format!(
        "{} is a mighty villain: at 0 HP it falls unconscious and makes death saving throws, as a character does (P3)",
        c.name
    );
    log(s, words);
    Ok(())
}

/// First Aid: a dying creature stops its death saving throws (P12).
pub(super) fn stabilize(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Stabilize { who } = step else {
        return Ok(());
    };
    let i = find(s, who)?;
    let words = rules::p12_stabilize(&mut s.combatants[i])?;
    log(s, words);
    Ok(())
}

/// Rally: a recovery and +2 to all defenses, once a fight (P17).
pub(super) fn rally(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Rally { who } = step else {
        return Ok(());
    };
    let i = find(s, who)?;
    let id = s.next_effect;
    let (effect, words) = rules::p17_rally(&mut s.combatants[i], id)?;
    s.next_effect += 1;
    s.combatants[i].effects.push(effect);
    log(s, words);
    Ok(())
}

/// Hit points for a creature the fight gave none; the damage taken stays taken.
pub(super) fn max_hp(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::MaxHp { who, hp } = step else {
        return Ok(());
    };
    if *hp < 1 {
        return Err(StepError::Refused("a maximum is 1 HP or more".to_owned()));
    }
    let i = find(s, who)?;
    let c = &mut s.combatants[i];
    // The damage already taken stays taken.
    let taken = match c.max_hp {
        Some(m) => m - c.hp,
        None => -c.hp,
    };
    c.max_hp = Some(*hp);
    c.hp = hp - taken;
    let words = format!("{} has {}/{hp} HP", c.name, c.hp);
    log(s, words);
    Ok(())
}
