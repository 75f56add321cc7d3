//! The book's conditions in a fight (P8): how long each lasts when the effect gives no
//! duration, what each does in short, and the ones a creature has because of its hit points.

use crate::fight::model::{Affliction, Combatant, FightState, Life, Until};
use crate::rules::creature::Condition;

/// P8: "marked" lasts until the end of the encounter unless given a shorter duration (L1517).
pub(crate) const MARKED_LASTS: Until = Until::Encounter;

/// P8: a condition's ending when the effect gives none: prone until the creature stands up,
/// surprised until the surprise round ends, marked until the end of the encounter; any other
/// needs a duration from the GM (save ends is offered first).
pub fn p8_default_until(condition: Condition) -> Option<Until> {
    match condition {
        Condition::Marked => Some(MARKED_LASTS),
        Condition::Prone => Some(Until::Stands),
        Condition::Surprised => Some(Until::SurpriseRound),
        _ => None,
    }
}

/// P8: the conditions that follow a creature's hit points rather than an effect: dying (at 0 HP
/// or below and not stable, P12), and unconscious and helpless with it (L1457, L1555-1556).
pub(crate) fn p8_from_life(c: &Combatant) -> Vec<Condition> {
    if c.life != Life::Unconscious {
        return Vec::new();
    }
    let mut out = vec![Condition::Unconscious, Condition::Helpless];
    if crate::fight::rules::p12_is_dying(c) {
        out.push(Condition::Dying);
    }
    out
}

/// Whether `c` has `condition` now: from an effect, or from its hit points (P8).
pub fn p8_has(c: &Combatant, condition: Condition) -> bool {
    crate::fight::rules::has(c, condition) || p8_from_life(c).contains(&condition)
}

/// P8: a mark ends when the marker dies or falls unconscious (L1515). The log's lines.
pub(crate) fn p8_marks_end(s: &mut FightState, marker: &str) -> Vec<String> {
    let name = crate::fight::rules::name_of(s, marker).to_owned();
    let mut out = Vec::new();
    for c in &mut s.combatants {
        let before = c.effects.len();
        c.effects.retain(|e| {
            !matches!(
                &e.what,
                Affliction::Condition { condition: Condition::Marked, by: Some(b) } if b == marker
            )
        });
        if c.effects.len() < before {
            out.push(format!(
                "{}: marked by {name} ends, since {name} is down (P8)",
                c.name
            ));
        }
    }
    out
}

/// P8: the book's Conditions section in short, shown when a condition is applied **[ours: the
/// summary; the book's words where they are short]**.
pub fn p8_condition_text(c: Condition) -> &'static str {
    match c {
        Condition::Blinded => {
            "can't see; attack rolls against it have combat advantage; -10 to Perception; can't flank"
        }
        Condition::Controlled => {
            "dazed; the controller chooses its actions (not action points, encounter or daily powers)"
        }
        Condition::Dazed => {
            "attack rolls against it have combat advantage; can't flank; one standard action on its turn; no immediate or opportunity actions"
        }
        Condition::Deafened => "can't hear; -10 to Perception",
        Condition::Dying => {
            "a death saving throw at the start of each of its turns (P12); unconscious"
        }
        Condition::Helpless => {
            "attack rolls against it have combat advantage; its stance ends; it can be the target of a Coup de Grace"
        }
        Condition::Immobile => "can't willingly move into another square",
        Condition::Marked => {
            "-2 to attack rolls that do not include the marker as a target; a new mark supersedes the old; ends when the marker dies or falls unconscious; lasts until the end of the encounter unless given a shorter duration"
        }
        Condition::Petrified => {
            "turned to stone: no actions, unaware; attack rolls against it have combat advantage; resist all 20"
        }
        Condition::Prone => {
            "only crawls or teleports until it stands; -2 to attack rolls; melee attack rolls against it have combat advantage; +2 to defenses against ranged attacks from non-adjacent attackers; ends when it stands up"
        }
        Condition::Rattled => "-2 to attack rolls",
        Condition::Restrained => {
            "can't be moved; -2 to attack rolls; attack rolls against it have combat advantage"
        }
        Condition::Slowed => "its speed (except teleportation) is 2 if it was higher",
        Condition::Stunned => {
            "can't move, speaks only falteringly; attack rolls against it have combat advantage; no actions or reactions; can't flank"
        }
        Condition::Surprised => {
            "attack rolls against it have combat advantage; a single standard action on its turn; no free actions; can't flank; ends with the surprise round"
        }
        Condition::Unconscious => "no actions; can't flank; -5 to all defenses; falls prone",
        Condition::Weakened => "the damage of its attacks is halved, except persistent damage",
    }
}
