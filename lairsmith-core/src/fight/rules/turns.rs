//! Turns: whose comes next (P1, P14), what happens at the start (P6, P12) and the end (P7,
//! P19) of one, how long an effect tied to a turn lasts (P7), delay and ready (P2).

use crate::fight::model::{Affliction, Effect, FightState, Life, Until};
use crate::fight::rules::{
    Dice, Hit, SAVE_SUCCEEDS_ON, effect_words, log, name_of, p3_damage, p3_heal, p8_marks_end,
    p12_death_save, p12_is_dying, signed,
};
use crate::monster::design::RegenerationWhen;
use crate::rules::creature::{Condition, DamageType};

/// P7: whether effect `e` ends now that the turn of `who` starts (`start`) or ends: "until the
/// start of X's next turn" ends at the start of X's next turn; "until the end of X's next turn"
/// at the end of the first turn of X that *begins after* the effect began (applied during X's
/// own turn, it lasts through X's following turn). `turns` is X's count of turns begun.
pub(crate) fn p7_ends(e: &Effect, who: &str, turns: u32, start: bool) -> bool {
    match &e.until {
        Until::StartOf(x) if start => x == who && turns > e.after,
        Until::EndOf(x) if !start => x == who && turns > e.after,
        _ => false,
    }
}

/// Ends every effect on anyone that `ends` says is over, aftereffects beginning; the log's
/// lines. Creatures without such an effect are not touched.
pub(crate) fn end_effects(s: &mut FightState, ends: impl Fn(&Effect) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    for i in 0..s.combatants.len() {
        if !s.combatants[i].effects.iter().any(&ends) {
            continue;
        }
        let effects = std::mem::take(&mut s.combatants[i].effects);
        let mut kept = Vec::new();
        for mut e in effects {
            if ends(&e) {
                let mut line = format!("{}: {} ends", s.combatants[i].name, effect_words(&e, s));
                if let Some(after) = e.aftereffect.take() {
                    line.push_str(&format!("; aftereffect: {}", effect_words(&after, s)));
                    kept.push(*after);
                }
                out.push(format!("{line} (P7)"));
            } else {
                kept.push(e);
            }
        }
        s.combatants[i].effects = kept;
    }
    out
}

/// P6: the start of `who`'s turn, in the ruling's order **\[ours: the book gives none\]**:
/// effects lasting until the start of its turn end (P7); persistent damage; regeneration (as
/// the stat block gives it, the unconscious too, never the dead, never above the maximum); a
/// d6 for each used refresh power; for a dying creature, its death saving throw (P12).
pub(crate) fn p6_start_of_turn(s: &mut FightState, who: usize, dice: &mut Dice) -> Vec<String> {
    let id = s.combatants[who].id.clone();
    s.combatants[who].turns += 1;
    s.combatants[who].busy = false;
    let turns = s.combatants[who].turns;
    let mut out = end_effects(s, |e| p7_ends(e, &id, turns, true));
    let persistent: Vec<(i64, Option<DamageType>)> = s.combatants[who]
        .effects
        .iter()
        .filter_map(|e| match e.what {
            Affliction::Persistent {
                amount,
                damage_type,
            } => Some((amount, damage_type)),
            _ => None,
        })
        .collect();
    for (amount, t) in persistent {
        let hit = Hit {
            amount,
            types: t.into_iter().collect(),
            ..Hit::default()
        };
        let (words, fell) = p3_damage(&mut s.combatants[who], &hit);
        out.push(format!("persistent damage: {words}"));
        out.extend(after_a_fall(s, who, fell));
    }
    let c = &mut s.combatants[who];
    if let Some(r) = c.regeneration
        && matches!(c.life, Life::Up | Life::Unconscious)
    {
        let works = match r.when {
            RegenerationWhen::Always => true,
            RegenerationWhen::Staggered => c.is_staggered() || c.hp <= 0,
            RegenerationWhen::Unstaggered => !c.is_staggered() && c.hp > 0,
        };
        if works && c.max_hp.is_some_and(|m| c.hp < m) {
            out.push(format!(
                "regeneration {}: {} (P6)",
                r.value,
                p3_heal(c, r.value)
            ));
        }
    }
    let c = &mut s.combatants[who];
    for p in c
        .powers
        .iter_mut()
        .filter(|p| p.used && !p.refresh.is_empty())
    {
        let d = dice.d(6);
        let faces: Vec<String> = p.refresh.iter().map(u8::to_string).collect();
        let back = p.refresh.iter().any(|f| i64::from(*f) == d);
        if back {
            p.used = false;
        }
        out.push(format!(
            "refresh {}: d6 {d} (refreshes on {}), {} (P6)",
            p.name,
            faces.join(", "),
            if back { "it is back" } else { "still used" }
        ));
    }
    if p12_is_dying(&s.combatants[who]) {
        out.extend(p12_death_save(&mut s.combatants[who], dice));
        let fell = if s.combatants[who].life == Life::Dead {
            crate::fight::rules::Fell::Dead
        } else {
            crate::fight::rules::Fell::No
        };
        out.extend(after_a_fall(s, who, fell));
    }
    out
}

/// What follows a creature's fall: a mark it made ends (P8); a creature falling unconscious
/// falls prone (L1556).
pub(crate) fn after_a_fall(
    s: &mut FightState,
    who: usize,
    fell: crate::fight::rules::Fell,
) -> Vec<String> {
    use crate::fight::rules::Fell;
    let mut out = Vec::new();
    if fell == Fell::No {
        return out;
    }
    if fell == Fell::Unconscious && !crate::fight::rules::has(&s.combatants[who], Condition::Prone)
    {
        let id = s.next_effect;
        s.next_effect += 1;
        s.combatants[who]
            .effects
            .push(crate::fight::rules::p3_falls_prone(id));
        out.push(format!(
            "{} falls prone (until it stands up, P8)",
            s.combatants[who].name
        ));
    }
    let marker = s.combatants[who].id.clone();
    out.extend(p8_marks_end(s, &marker));
    out
}

/// P7 and P19: what ends with `who`'s turn, however it ends (at `next`, or cut short when the
/// creature dies or leaves on it): effects it must maintain and did not this turn, then effects
/// lasting until the end of its turn, on anyone. No saving throw: the dead make none.
pub(crate) fn p7_turn_ends(s: &mut FightState, who: usize) -> Vec<String> {
    let id = s.combatants[who].id.clone();
    let turns = s.combatants[who].turns;
    // P19: what it maintains and did not this turn (`after` holds the turn it last did).
    let lapsed = |e: &Effect| e.maintained_by.as_deref() == Some(id.as_str()) && e.after < turns;
    let mut out = end_effects(s, lapsed);
    for l in &mut out {
        *l = l.replace(" (P7)", ": not maintained (P19)");
    }
    out.extend(end_effects(s, |e| p7_ends(e, &id, turns, false)));
    out
}

/// P7 and P19: the end of `who`'s turn: a saving throw (d20 + its save bonus, 10 or higher; the
/// player's roll for a character) for every "save ends" effect on it, the aftereffect beginning
/// on a success, a "first failed save" effect replacing the effect on a failure; effects it
/// must maintain and did not this turn end (L1123); then effects lasting until the end of its
/// turn end, on anyone.
pub(crate) fn p7_end_of_turn(s: &mut FightState, who: usize, dice: &mut Dice) -> Vec<String> {
    let mut out = Vec::new();
    let id = s.combatants[who].id.clone();
    let bonus = s.combatants[who].save_bonus;
    let character = s.combatants[who].side == crate::fight::model::Side::Party;
    let mut kept = Vec::new();
    let effects = std::mem::take(&mut s.combatants[who].effects);
    for mut e in effects {
        if e.until != Until::SaveEnds || !s.combatants[who].takes_turns() {
            kept.push(e);
            continue;
        }
        let (d, whose) = if character {
            let (d, w) = dice.player_d20(format!(
                "{}'s saving throw against {}",
                s.combatants[who].name,
                effect_words(&e, s)
            ));
            (d, format!(" ({w})"))
        } else {
            (dice.d(20), String::new())
        };
        let total = d + bonus;
        let words = effect_words(&e, s);
        let name = s.combatants[who].name.clone();
        let throw = if bonus == 0 {
            format!("d20 {d}{whose}")
        } else {
            format!("d20 {d}{whose} {} = {total}", signed(bonus))
        };
        if total >= SAVE_SUCCEEDS_ON {
            let mut line = format!("{name} saves against {words}: {throw}, it ends");
            if let Some(after) = e.aftereffect.take() {
                line.push_str(&format!("; aftereffect: {}", effect_words(&after, s)));
                kept.push(*after);
            }
            out.push(format!("{line} (P7)"));
        } else if let Some(instead) = e.failed_save.take() {
            out.push(format!(
                "{name} fails its save against {words}: {throw}; first failed save: instead {} (P7)",
                effect_words(&instead, s)
            ));
            kept.push(*instead);
        } else {
            out.push(format!(
                "{name} fails its save against {words}: {throw} (P7)"
            ));
            kept.push(e);
        }
    }
    s.combatants[who].effects = kept;
    out.extend(p7_turn_ends(s, who));
    // Reminders of what it must maintain next turn.
    let held: Vec<String> = s
        .combatants
        .iter()
        .flat_map(|c| c.effects.iter().map(move |e| (c, e)))
        .filter(|(_, e)| e.maintained_by.as_deref() == Some(id.as_str()))
        .map(|(c, e)| format!("{} on {}", effect_words(e, s), c.name))
        .collect();
    if !held.is_empty() {
        out.push(format!(
            "{} must maintain on its next turn, or it ends: {} (P19)",
            name_of(s, &id),
            held.join("; ")
        ));
    }
    out
}

/// P7 **\[ours\]**: effects tied to the turn of a creature that died or left the fight end
/// when its turn would have come. The log's lines.
pub(crate) fn p7_turn_would_come(s: &mut FightState, who: usize) -> Vec<String> {
    let id = s.combatants[who].id.clone();
    let mut out = end_effects(s, |e| {
        matches!(&e.until, Until::StartOf(x) | Until::EndOf(x) if *x == id)
            || e.maintained_by.as_deref() == Some(id.as_str())
    });
    for l in &mut out {
        *l = l.replace(
            " (P7)",
            &format!(": {}'s turn would have come (P7)", name_of(s, &id)),
        );
    }
    out
}

/// P14: the surprise round ends: the surprised lose the condition (L1551). The log's lines.
pub(crate) fn p14_surprise_round_ends(s: &mut FightState) -> Vec<String> {
    let mut out = end_effects(s, |e| e.until == Until::SurpriseRound);
    for l in &mut out {
        *l = l.replace(" (P7)", ": the surprise round is over (P14)");
    }
    out
}

/// P14: whether `who` takes no turn now: it is surprised in the surprise round (L1066).
pub(crate) fn p14_loses_its_turn(s: &FightState, who: usize) -> bool {
    s.surprise && s.round == 1 && crate::fight::rules::has(&s.combatants[who], Condition::Surprised)
}

/// P2: a creature that delays loses at once its beneficial effects that last until the end of
/// its turn (L1380). The log's lines.
pub(crate) fn p2_delay_ends_boons(s: &mut FightState, who: usize) -> Vec<String> {
    let id = s.combatants[who].id.clone();
    let on = |e: &Effect| e.boon && matches!(&e.until, Until::EndOf(x) if *x == id);
    if !s.combatants[who].effects.iter().any(on) {
        return Vec::new();
    }
    let name = s.combatants[who].name.clone();
    let mut out = Vec::new();
    let effects = std::mem::take(&mut s.combatants[who].effects);
    let mut kept = Vec::new();
    for e in effects {
        if on(&e) {
            out.push(format!(
                "{name}: {} ends: it delays (P2)",
                effect_words(&e, s)
            ));
        } else {
            kept.push(e);
        }
    }
    s.combatants[who].effects = kept;
    out
}

/// The next turn: the first combatant in order who takes turns and has not acted this round;
/// when none is left, a new round (the end of the surprise round ending surprise, P14). Runs
/// the start-of-turn steps (P6) unless this creature took them already this round (a delayed
/// turn). A surprised creature in the surprise round is passed over (P14); so is one that does
/// not take turns, whose tied effects end then (P7).
pub(crate) fn next_turn(s: &mut FightState, dice: &mut Dice) {
    if s.round == 0 {
        s.round = 1;
        log(
            s,
            if s.surprise {
                "round 1 begins, the surprise round: the surprised take no turn in it (P14)"
            } else {
                "round 1 begins"
            },
        );
    }
    // Each creature at most once a round, twice over at most (a round may end on the way).
    for _ in 0..=2 * s.combatants.len() + 2 {
        let order = crate::fight::rules::p1_order(s);
        let next = order.iter().copied().find(|&i| {
            let c = &s.combatants[i];
            !s.acted.contains(&c.id) && s.turn.as_deref() != Some(&c.id)
        });
        let Some(i) = next else {
            let ended_surprise = s.surprise && s.round == 1;
            s.round += 1;
            s.acted.clear();
            let r = s.round;
            log(s, format!("round {r} begins"));
            if ended_surprise {
                for l in p14_surprise_round_ends(s) {
                    log(s, l);
                }
            }
            if !s.combatants.iter().any(|c| c.takes_turns()) {
                s.turn = None;
                return;
            }
            continue;
        };
        let id = s.combatants[i].id.clone();
        if !s.combatants[i].takes_turns() {
            // Its turn would have come: what was tied to it ends (P7).
            s.acted.push(id);
            for l in p7_turn_would_come(s, i) {
                log(s, l);
            }
            continue;
        }
        let name = s.combatants[i].name.clone();
        if p14_loses_its_turn(s, i) {
            s.acted.push(id);
            log(
                s,
                format!("{name} is surprised and takes no turn in the surprise round (P14)"),
            );
            continue;
        }
        s.turn = Some(id.clone());
        log(s, format!("{name}'s turn"));
        if s.combatants[i].started_round != s.round {
            s.combatants[i].started_round = s.round;
            for l in p6_start_of_turn(s, i, dice) {
                log(s, l);
            }
        }
        if s.combatants[i].takes_turns() {
            return;
        }
        // It died at its turn's start: the turn ends there, and with it what ends with it.
        log(s, format!("{name}'s turn ends"));
        for l in p7_turn_ends(s, i) {
            log(s, l);
        }
        s.acted.push(id);
        s.turn = None;
    }
}
