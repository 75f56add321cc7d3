//! Dying and its way back (P12), and recoveries (P17): death saving throws, First Aid, healing
//! that spends a recovery, and rallying.

use crate::fight::model::{Affliction, Combatant, Effect, Life, Until};
use crate::fight::rules::{Dice, p3_falls_like_a_character, p3_heal};

/// P12: a death saving throw succeeds on 10 or higher (L1460).
pub(crate) const P12_DEATH_SAVE_SUCCEEDS_ON: i64 = 10;
/// P12: a death saving throw of 20 or higher spends a recovery (L1462).
pub(crate) const P12_DEATH_SAVE_RECOVERS_ON: i64 = 20;
/// P12: the failure that kills (L1461: "until your third failure, whereupon you die").
pub(crate) const P12_FAILURES_KILL: u32 = 3;
/// P17: a rally's bonus to all defenses until the start of the creature's next turn (L2313).
pub(crate) const P17_RALLY_DEFENSES: i64 = 2;

/// P12: dying: a creature that follows the characters' rules at 0 HP or below (P3), not dead
/// and not stable.
pub fn p12_is_dying(c: &Combatant) -> bool {
    p3_falls_like_a_character(c) && c.life == Life::Unconscious && c.hp <= 0 && !c.stable
}

/// P11, R11: the hit points a recovery gives back: the creature's recovery value, else a
/// quarter of its maximum (L1446-1447), else none known.
pub(crate) fn p11_recovery_value(c: &Combatant) -> Option<i64> {
    c.recovery_value.or(c.max_hp.map(|m| m / 4))
}

/// P3, P12: a creature's state in the words the card, the order and the players' view use:
/// "dead", "dying" (with its failures: "dying (2 failures)"), "stable", "unconscious" (a monster
/// knocked out), "out of the fight" or "staggered"; `None` for one up and not staggered.
pub fn p12_state_words(c: &Combatant) -> Option<String> {
    match c.life {
        Life::Dead => Some("dead".to_owned()),
        Life::Gone => Some("out of the fight".to_owned()),
        Life::Unconscious if c.stable => Some("stable".to_owned()),
        Life::Unconscious if p12_is_dying(c) => Some(match c.death_failures {
            0 => "dying".to_owned(),
            1 => "dying (1 failure)".to_owned(),
            n => format!("dying ({n} failures)"),
        }),
        Life::Unconscious => Some("unconscious".to_owned()),
        Life::Up if c.is_staggered() => Some("staggered".to_owned()),
        Life::Up => None,
    }
}

/// P12: the death saving throw at the start of a dying creature's turn (the rule's own section
/// says "start", L1460; the Dying condition says "end", L1504: the section wins **\[ours\]**):
/// d20, the player's roll for a character; 10 or higher no change; 20 or higher spends a
/// recovery: HP = the recovery value, conscious, still prone (at no recovery left, HP 1,
/// L1463); a third failure, not necessarily in a row, kills (L1461). The log's lines.
pub(crate) fn p12_death_save(c: &mut Combatant, dice: &mut Dice) -> Vec<String> {
    let (d, whose) = if c.side == crate::fight::model::Side::Party {
        dice.player_d20(format!("{}'s death saving throw", c.name))
    } else {
        (dice.d(20), "")
    };
    let whose = if whose.is_empty() {
        String::new()
    } else {
        format!(" ({whose})")
    };
    let name = c.name.clone();
    if d >= P12_DEATH_SAVE_RECOVERS_ON {
        let line = match (c.recoveries, p11_recovery_value(c)) {
            (Some(0), _) | (_, None) => {
                c.hp = 1;
                c.life = Life::Up;
                format!(
                    "{name}'s death saving throw: d20 {d}{whose}, 20 or higher: no recovery left, HP 1; conscious, still prone (P12)"
                )
            }
            (left, Some(value)) => {
                if let Some(n) = left {
                    c.recoveries = Some(n - 1);
                }
                c.hp = value;
                c.life = Life::Up;
                format!(
                    "{name}'s death saving throw: d20 {d}{whose}, 20 or higher: spends a recovery{}, HP {value}; conscious, still prone (P12)",
                    left.map_or(String::new(), |n| format!(" ({} left)", n - 1))
                )
            }
        };
        return vec![line];
    }
    if d >= P12_DEATH_SAVE_SUCCEEDS_ON {
        return vec![format!(
            "{name}'s death saving throw: d20 {d}{whose}, 10 or higher: no change ({} of {P12_FAILURES_KILL} failures, P12)",
            c.death_failures
        )];
    }
    c.death_failures += 1;
    if c.death_failures >= P12_FAILURES_KILL {
        c.life = Life::Dead;
        return vec![format!(
            "{name}'s death saving throw: d20 {d}{whose}, a failure, the third: {name} dies (P12)"
        )];
    }
    vec![format!(
        "{name}'s death saving throw: d20 {d}{whose}, a failure ({} of {P12_FAILURES_KILL}, P12)",
        c.death_failures
    )]
}

/// P12: First Aid (Treat Ally, Heal DC 15, L1424-1426) made a dying creature stable: it makes no
/// more death saving throws. Refused for a creature that is not dying.
pub(crate) fn p12_stabilize(c: &mut Combatant) -> Result<String, String> {
    if !p12_is_dying(c) {
        return Err(format!(
            "{} is not dying: only a dying creature is stabilized (P12)",
            c.name
        ));
    }
    c.stable = true;
    Ok(format!(
        "{} is stable: First Aid (Heal DC 15) succeeded; no more death saving throws (P12)",
        c.name
    ))
}

/// P17 and P12: a heal that spends a recovery: the recovery value plus the heal's `bonus`; at
/// no recovery left, a dying creature's HP is set to 1 (L1463) and any other is refused.
pub(crate) fn p17_recovery_heal(c: &mut Combatant, bonus: i64) -> Result<String, String> {
    if matches!(c.life, Life::Dead | Life::Gone) {
        return Err(format!("{} regains nothing: it is not alive", c.name));
    }
    if c.recoveries == Some(0) {
        if p12_is_dying(c) {
            c.hp = 1;
            c.life = Life::Up;
            return Ok(format!(
                "{} has no recovery left: HP 1; conscious, still prone (P12)",
                c.name
            ));
        }
        return Err(format!("{} has no recovery left to spend (P17)", c.name));
    }
    let Some(value) = p11_recovery_value(c) else {
        return Err(format!(
            "the fight does not know {}'s recovery value: give its hit points first (P11)",
            c.name
        ));
    };
    if let Some(n) = c.recoveries {
        c.recoveries = Some(n - 1);
    }
    let words = p3_heal(c, value + bonus);
    let left = c
        .recoveries
        .map_or(String::new(), |n| format!(", {n} left"));
    Ok(format!(
        "{words} (spends a recovery{left}: recovery value {value}{}, P17)",
        if bonus > 0 {
            format!(" + {bonus}")
        } else {
            String::new()
        }
    ))
}

/// P17: a rally (standard action, once a fight, L2313): spends a recovery, regains the recovery
/// value and takes +2 to all defenses until the start of its next turn. `id` is the new
/// effect's number. Its effect and the log's line, or why it cannot rally.
pub(crate) fn p17_rally(c: &mut Combatant, id: u32) -> Result<(Effect, String), String> {
    if c.rallied {
        return Err(format!(
            "{} has rallied this fight already: a rally is once a fight (P17)",
            c.name
        ));
    }
    if c.life != Life::Up {
        return Err(format!(
            "{} cannot rally: it is {} (P17)",
            c.name,
            crate::fight::rules::life_word(c.life)
        ));
    }
    let healed = p17_recovery_heal(c, 0)?;
    c.rallied = true;
    let effect = Effect {
        id,
        what: Affliction::Defenses {
            bonus: P17_RALLY_DEFENSES,
            why: "rally".to_owned(),
        },
        until: Until::StartOf(c.id.clone()),
        aftereffect: None,
        failed_save: None,
        after: c.turns,
        boon: true,
        maintained_by: None,
    };
    Ok((
        effect,
        format!(
            "{} rallies: {healed}; +{P17_RALLY_DEFENSES} to all defenses until the start of its next turn (P17)",
            c.name
        ),
    ))
}
