//! Steps on who is in the fight and how it ends: reinforcements, leaving, hiding, an extended challenge's checks (A3) and the end (P10).

#[allow(clippy::wildcard_imports)]
use super::*;

/// A reinforcement joins the fight.
pub(super) fn add(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Add { combatant } = step else {
        return Ok(());
    };
    if s.combatants.iter().any(|c| c.id == combatant.id) {
        return Err(StepError::Refused(format!(
            "the fight already has `{}`",
            combatant.id
        )));
    }
    let c = (**combatant).clone();
    let words = format!(
        "{} joins the fight{}",
        c.name,
        c.initiative
            .map_or(String::new(), |i| format!(" on initiative {i}"))
    );
    s.combatants.push(c);
    log(s, words);
    Ok(())
}

/// A creature leaves the fight.
pub(super) fn remove(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Remove { who } = step else {
        return Ok(());
    };
    let i = find(s, who)?;
    s.combatants[i].life = Life::Gone;
    let words = format!("{} leaves the fight", s.combatants[i].name);
    log(s, words);
    Ok(())
}

/// A creature hidden from the players' view, or shown again.
pub(super) fn hide(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Hide { who, hidden } = step else {
        return Ok(());
    };
    let i = find(s, who)?;
    s.combatants[i].hidden = *hidden;
    let words = format!(
        "{} is {} the players",
        s.combatants[i].name,
        if *hidden { "hidden from" } else { "shown to" }
    );
    log(s, words);
    Ok(())
}

/// The fight ends with the foes overcome, and its XP (P10).
pub(super) fn end(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::End { overcome } = step else {
        return Ok(());
    };
    if s.ended.is_some() {
        return Err(StepError::Refused("the fight has already ended".to_owned()));
    }
    for (id, how) in overcome {
        let i = find(s, id)?;
        if s.combatants[i].side != Side::Foe {
            return Err(StepError::Refused(format!(
                "{} is on the party's side; only foes are overcome",
                s.combatants[i].name
            )));
        }
        s.combatants[i].overcome = Some(*how);
    }
    let characters = s
        .combatants
        .iter()
        .filter(|c| c.side == Side::Party)
        .count();
    let (xp, each) = rules::p10_award(s, characters);
    s.ended = Some(Ending {
        xp,
        xp_each: each,
        characters,
    });
    log(
        s,
        format!(
            "the fight ends: {} XP, {} for each of {characters} characters (P10, E4)",
            crate::text::group_thousands(xp),
            crate::text::group_thousands(each)
        ),
    );
    Ok(())
}

pub(super) fn check(
    s: &mut FightState,
    name: &str,
    skill: Option<&str>,
    success: bool,
) -> Result<(), StepError> {
    let Some(i) = s
        .challenges
        .iter()
        .position(|c| c.name.eq_ignore_ascii_case(name.trim()))
    else {
        let names = s.challenges.iter().map(|c| c.name.as_str());
        return Err(StepError::Unknown(crate::vocab::UnknownValue::new(
            "challenge",
            name,
            names,
        )));
    };
    let c: &mut ChallengeRun = &mut s.challenges[i];
    if c.is_over() {
        return Err(StepError::Refused(format!(
            "the challenge {} is over",
            c.name
        )));
    }
    // A3: a group check at Easy; a skill's first check at its DC, later ones at Hard.
    let (what, dc) = match skill {
        None => ("a group check".to_owned(), c.easy_dc),
        Some(k) => {
            let key = k.trim().to_lowercase();
            let first = c
                .skills
                .iter()
                .find(|(s, _)| s.eq_ignore_ascii_case(&key))
                .map(|(_, dc)| *dc);
            let dc = if c.used.contains(&key) {
                c.hard_dc
            } else {
                first.unwrap_or(c.hard_dc)
            };
            if !c.used.contains(&key) {
                c.used.push(key.clone());
            }
            (key, dc)
        }
    };
    if success {
        c.successes += 1;
    } else {
        c.failures += 1;
    }
    let state = if c.successes >= c.successes_needed {
        "; the challenge succeeds"
    } else if c.failures >= c.failures_allowed {
        "; the challenge fails"
    } else {
        ""
    };
    let words = format!(
        "{}: {what} at DC {dc} {} ({} of {} successes, {} of {} failures{state}; A3)",
        c.name,
        if success { "succeeds" } else { "fails" },
        c.successes,
        c.successes_needed,
        c.failures,
        c.failures_allowed
    );
    log(s, words);
    Ok(())
}
