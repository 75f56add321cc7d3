//! The turn's steps: a character's initiative, the next turn, delay and ready (P1, P2, P6, P7).

#[allow(clippy::wildcard_imports)]
use super::*;

/// A character's initiative result (P1).
pub(super) fn initiative(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Initiative { who, count } = step else {
        return Ok(());
    };
    let i = find(s, who)?;
    let c = &mut s.combatants[i];
    c.initiative = Some(*count);
    let words = format!("{} rolls {count} for initiative", c.name);
    log(s, words);
    Ok(())
}

/// The current turn ends (P7) and the next begins (P6).
pub(super) fn next(s: &mut FightState, dice: &mut Dice) -> Result<(), StepError> {
    // P1: a character's initiative is the player's roll; one the GM has not entered is taken
    // from the step's rolls, or rolled here, and the log says which.
    let missing: Vec<usize> = (0..s.combatants.len())
        .filter(|&i| s.combatants[i].takes_turns() && s.combatants[i].initiative.is_none())
        .collect();
    for i in missing {
        let (d, whose) = dice.player_d20(format!("{}'s initiative", s.combatants[i].name));
        let c = &mut s.combatants[i];
        let total = d + c.init_mod;
        c.initiative = Some(total.clamp(
            crate::limits::FIGHT_COUNT.min,
            crate::limits::FIGHT_COUNT.max,
        ));
        let line = format!(
            "{}'s initiative: d20 {d} ({whose}) {} = {total} (P1)",
            c.name,
            rules::signed(c.init_mod)
        );
        log(s, line);
    }
    if !s.combatants.iter().any(Combatant::takes_turns) {
        return Err(StepError::Refused(
            "nobody in the fight takes turns".to_owned(),
        ));
    }
    if let Some(id) = s.turn.clone()
        && let Ok(i) = find(s, &id)
    {
        let name = s.combatants[i].name.clone();
        log(s, format!("end of {name}'s turn"));
        for l in rules::p7_end_of_turn(s, i, dice) {
            log(s, l);
        }
        if !s.acted.contains(&id) {
            s.acted.push(id);
        }
        s.turn = None;
    }
    rules::next_turn(s, dice);
    Ok(())
}

/// P2: delay: the creature acts on `count` from now on; delaying on its own turn ends its
/// beneficial effects that last until the end of its turn; a creature that has acted this
/// turn cannot delay.
pub(super) fn delay(
    s: &mut FightState,
    who: &str,
    count: i64,
    dice: &mut Dice,
) -> Result<(), StepError> {
    let i = find(s, who)?;
    let own = s.turn.as_deref() == Some(who);
    let c = &s.combatants[i];
    if own && c.busy {
        return Err(StepError::Refused(format!(
            "{} has acted this turn and cannot delay (P2)",
            c.name
        )));
    }
    let before = c.initiative;
    s.combatants[i].initiative = Some(count);
    s.combatants[i].ahead_of = None;
    let name = s.combatants[i].name.clone();
    log(
        s,
        match before {
            Some(b) => format!(
                "{name} delays: its initiative moves from {b} to {count} for the rest of the fight (P2)"
            ),
            None => format!("{name} acts on {count} (P2)"),
        },
    );
    if own {
        for l in rules::p2_delay_ends_boons(s, i) {
            log(s, l);
        }
        // Its turn waits for its new count: the next creature's turn begins, without this
        // one's end-of-turn steps.
        s.turn = None;
        rules::next_turn(s, dice);
    }
    Ok(())
}

/// P2: a readied action taken just before its trigger: the creature's count becomes the
/// trigger's and it acts just ahead of it from now on; taken before its own turn of a round
/// (the round after it readied), it replaces that turn (L1407).
pub(super) fn ready(s: &mut FightState, who: &str, before: &str) -> Result<(), StepError> {
    let i = find(s, who)?;
    let t = find(s, before)?;
    if i == t {
        return Err(StepError::Refused(
            "a readied action is triggered by another creature".to_owned(),
        ));
    }
    let count = s.combatants[t].initiative.ok_or_else(|| {
        StepError::Refused(format!("{} has no initiative yet", s.combatants[t].name))
    })?;
    let (name, trigger) = (s.combatants[i].name.clone(), s.combatants[t].name.clone());
    s.combatants[i].initiative = Some(count);
    s.combatants[i].ahead_of = Some(before.to_owned());
    let replaces = !s.acted.iter().any(|a| a == who) && s.turn.as_deref() != Some(who);
    let mut line = format!(
        "{name} takes its readied action just before {trigger}: it acts on {count}, just ahead of {trigger}, for the rest of the fight (P2)"
    );
    if replaces && s.round > 0 {
        s.acted.push(who.to_owned());
        line.push_str("; it replaces its turn this round");
    }
    log(s, line);
    Ok(())
}
