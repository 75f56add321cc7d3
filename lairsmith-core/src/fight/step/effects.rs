//! Steps on effects: adding, ending, maintaining, the offers of a power's lines, standing up, Total Defense and Help (P7, P8, P13, P16, P19).

#[allow(clippy::wildcard_imports)]
use super::*;

/// An effect ended before its time.
pub(super) fn end_effect(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::EndEffect { who, effect } = step else {
        return Ok(());
    };
    let i = find(s, who)?;
    let at = effect_at(s, i, *effect)?;
    let e = s.combatants[i].effects.remove(at);
    let words = format!(
        "{}: {} ends",
        s.combatants[i].name,
        rules::effect_words(&e, s)
    );
    log(s, words);
    Ok(())
}

/// A creature maintains an effect it sustains, on its own turn (P19).
pub(super) fn maintain(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Maintain { who, effect } = step else {
        return Ok(());
    };
    let w = find(s, who)?;
    let turns = s.combatants[w].turns;
    let on = s
        .combatants
        .iter()
        .position(|c| {
            c.effects
                .iter()
                .any(|e| e.id == *effect && e.maintained_by.as_deref() == Some(who.as_str()))
        })
        .ok_or_else(|| {
            StepError::Refused(format!(
                "{} maintains no effect {effect} (P19)",
                s.combatants[w].name
            ))
        })?;
    if s.turn.as_deref() != Some(who.as_str()) {
        return Err(StepError::Refused(format!(
            "{} maintains an effect on its own turn (P19)",
            s.combatants[w].name
        )));
    }
    let name = s.combatants[w].name.clone();
    let words = {
        let e = s.combatants[on]
            .effects
            .iter_mut()
            .find(|e| e.id == *effect)
            .expect("found above");
        e.after = turns;
        let e = e.clone();
        format!("{name} maintains {} (P19)", rules::effect_words(&e, s))
    };
    log(s, words);
    Ok(())
}

/// An offer of the last attack's lines, applied (P16).
pub(super) fn apply_offered(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Apply { offer } = step else {
        return Ok(());
    };
    let n = *offer as usize;
    let Some(o) = n.checked_sub(1).and_then(|k| s.offers.get(k)).cloned() else {
        return Err(StepError::Refused(if s.offers.is_empty() {
            "nothing is offered: the last step was no attack whose lines offer an effect (P16)"
                .to_owned()
        } else {
            format!("no offer {n}; the offers are 1 to {} (P16)", s.offers.len())
        }));
    };
    s.offers.remove(n - 1);
    apply_offer(s, &o)?;
    Ok(())
}

/// A prone creature stands up (P8).
pub(super) fn stand(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Stand { who } = step else {
        return Ok(());
    };
    let i = find(s, who)?;
    let c = &s.combatants[i];
    if c.life != Life::Up {
        return Err(StepError::Refused(format!(
            "{} cannot stand up: it is {}",
            c.name,
            rules::life_word(c.life)
        )));
    }
    if !rules::has(c, Condition::Prone) {
        return Err(StepError::Refused(format!("{} is not prone", c.name)));
    }
    let name = c.name.clone();
    s.combatants[i].effects.retain(|e| {
        !matches!(
            e.what,
            Affliction::Condition {
                condition: Condition::Prone,
                ..
            }
        )
    });
    log(
        s,
        format!("{name} stands up: prone ends (a move action, P8)"),
    );
    Ok(())
}

/// Total Defense: +2 to all defenses until the start of its next turn (P13).
pub(super) fn total_defense(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::TotalDefense { who } = step else {
        return Ok(());
    };
    let i = find(s, who)?;
    let spec = EffectSpec {
        boon: true,
        ..EffectSpec::new(
            Affliction::Defenses {
                bonus: 2,
                why: "total defense".to_owned(),
            },
            Until::StartOf(who.clone()),
        )
    };
    let e = effect_of(s, &spec);
    let name = s.combatants[i].name.clone();
    s.combatants[i].effects.push(e);
    log(
        s,
        format!(
            "{name} takes Total Defense: +2 to all defenses until the start of its next turn (P13)"
        ),
    );
    Ok(())
}

/// Help Attack or Help Defense (P13).
pub(super) fn help(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Help {
        who,
        ally,
        against,
        attack,
    } = step
    else {
        return Ok(());
    };
    let h = find(s, who)?;
    let a = find(s, ally)?;
    let t = find(s, against)?;
    let spec = EffectSpec {
        boon: true,
        ..EffectSpec::new(
            Affliction::Help {
                attack: *attack,
                against: against.clone(),
                by: who.clone(),
            },
            Until::EndOf(who.clone()),
        )
    };
    let e = effect_of(s, &spec);
    let words = format!(
        "{} helps {}: +2 to {} {} (until used, or the end of {}'s next turn; P13)",
        s.combatants[h].name,
        s.combatants[a].name,
        if *attack {
            "its next attack roll against"
        } else {
            "its defenses against the next attack of"
        },
        s.combatants[t].name,
        s.combatants[h].name
    );
    s.combatants[a].effects.push(e);
    log(s, words);
    Ok(())
}

pub(super) fn effect_at(s: &FightState, i: usize, effect: u32) -> Result<usize, StepError> {
    s.combatants[i]
        .effects
        .iter()
        .position(|e| e.id == effect)
        .ok_or_else(|| {
            let ids: Vec<String> = s.combatants[i]
                .effects
                .iter()
                .map(|e| format!("{} ({})", e.id, rules::effect_words(e, s)))
                .collect();
            StepError::Refused(format!(
                "{} has no effect {effect}; its effects: {}",
                s.combatants[i].name,
                if ids.is_empty() {
                    "none".to_owned()
                } else {
                    ids.join(", ")
                }
            ))
        })
}

/// An effect put on `who` (P8): its ids checked, a new mark superseding the old (L1519).
pub(super) fn add_effect(
    s: &mut FightState,
    who: &str,
    effect: &EffectSpec,
) -> Result<(), StepError> {
    let i = find(s, who)?;
    let most = crate::limits::FIGHT_EFFECTS.max;
    if s.combatants[i].effects.len() >= most {
        return Err(StepError::Refused(format!(
            "{} has {most} effects already, the most a creature carries in a fight; end one first",
            s.combatants[i].name
        )));
    }
    if let Until::StartOf(id) | Until::EndOf(id) = &effect.until {
        find(s, id)?;
    }
    if let Some(m) = &effect.maintained_by {
        find(s, m)?;
    }
    if let Affliction::Condition {
        condition: Condition::Dying,
        ..
    } = &effect.what
    {
        return Err(StepError::Refused(
            "dying follows hit points: a creature at 0 HP or below that is not stable is dying (P3, P12)"
                .to_owned(),
        ));
    }
    if let Affliction::Condition { by: Some(b), .. } = &effect.what {
        find(s, b)?;
    }
    let e = effect_of(s, effect);
    let words = rules::effect_words(&e, s);
    let explain = match &e.what {
        Affliction::Condition { condition, .. } => {
            format!(": {}", rules::p8_condition_text(*condition))
        }
        _ => String::new(),
    };
    // A new mark supersedes the old (L1519).
    if let Affliction::Condition {
        condition: Condition::Marked,
        ..
    } = &e.what
    {
        s.combatants[i].effects.retain(|x| {
            !matches!(
                x.what,
                Affliction::Condition {
                    condition: Condition::Marked,
                    ..
                }
            )
        });
    }
    let name = s.combatants[i].name.clone();
    let verb = match &e.what {
        Affliction::Condition { .. } => "is",
        Affliction::Persistent { .. } => "takes",
        _ => "has",
    };
    s.combatants[i].effects.push(e);
    log(s, format!("{name} {verb} {words}{explain}"));
    Ok(())
}

/// P16: an offer applied: its effect put on its creature, or its movement logged.
pub(super) fn apply_offer(s: &mut FightState, o: &Offer) -> Result<(), StepError> {
    match &o.effect {
        Some(spec) => add_effect(s, &o.who, spec),
        None => {
            let i = find(s, &o.who)?;
            let name = s.combatants[i].name.clone();
            log(
                s,
                format!(
                    "{name}: {} ({}; the GM moves it on the map, P16)",
                    o.words, o.from
                ),
            );
            Ok(())
        }
    }
}
