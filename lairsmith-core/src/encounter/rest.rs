//! Rests and the adventuring day (P20): a short or a long rest taken by a saved party's
//! characters, and the streak that gives them action points (P9). Pure: the caller reads and
//! writes the party file ([`crate::encounter::parties::rest_party`] does both under its lock).
//!
//! The book: "The number of failures is reset to zero when you take a short or long rest"
//! (Death Saving Throws); a knocked-out creature "heals 1 HP after a short rest" (Knocking a
//! Creature Out); "characters heal to maximum HP and have their recoveries restored to maximum"
//! after a long rest (Health, healing and the adventuring day); "Action Points are reset to 1
//! after each long rest" and "a character gains an additional Action Point after every second
//! encounter they have between long rests" (Action Points, Streak).

use crate::encounter::party::{Member, PartyFile, recoveries_text};
use crate::limits::{CHARACTER_ACTION_POINTS, ENCOUNTERS_SINCE_REST};

/// A rest the party takes (P20).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rest {
    /// A short rest: death-save failures reset, the recoveries the GM gives spent (each
    /// regains the recovery value), and a knocked-out character wakes with 1 HP.
    Short {
        /// The recoveries each character spends: the member as the GM names it (a name in
        /// any case, or `#N` for the Nth), and how many. A member left out spends none.
        spend: Vec<(String, u32)>,
    },
    /// A long rest: HP and recoveries to their maximum, action points to 1, death-save failures
    /// and the party's encounters since its last long rest to 0.
    Long,
}

/// Why a rest cannot be taken; nothing of the party is changed. Each message is the sentence
/// the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RestError {
    /// A member the spend names is not in the party.
    #[error("the party has no member `{given}`")]
    NoSuchMember {
        /// The member as given.
        given: String,
    },
    /// One member named twice among the spends.
    #[error("{who} is given recoveries to spend twice; give each character's once")]
    SpentTwice {
        /// The member, by name or `#N`.
        who: String,
    },
    /// Recoveries spent by a character whose file gives no recoveries.
    #[error("{who} has no recoveries in the party file (`recoveries:`), so none can be spent")]
    NoRecoveries {
        /// The member, by name or `#N`.
        who: String,
    },
    /// More recoveries spent than the character has left.
    #[error("{who} has {} left, so cannot spend {asked}", recoveries_text(*left))]
    TooFew {
        /// The member, by name or `#N`.
        who: String,
        /// How many the GM gave.
        asked: u32,
        /// How many the character has left.
        left: u32,
    },
    /// Recoveries spent by a dead character.
    #[error(
        "{who} is dead at {hp} HP (minus the staggered value or worse, P3), and the dead regain nothing"
    )]
    Dead {
        /// The member, by name or `#N`.
        who: String,
        /// The character's hit points.
        hp: i32,
    },
}

/// What happens to `file`'s characters when the party takes the rest `how` (P20); `file` is
/// changed only when the rest can be taken. Returns a line per character saying what changed
/// ("Ana: 12 → 22 HP, 1 recovery spent (5 left)"), then one for the party's encounters since
/// its last long rest.
///
/// Where P20 is silent, **\[ours\]**: a character spends its recoveries first (from 0 HP when
/// below, as Healing on Negative HP says), and one still at 0 HP or below then wakes with 1 HP;
/// a character the file gives recoveries but no maximum HP spends them with no HP to regain
/// (the line says so); a dead character (at minus its staggered value or worse, P3) gets
/// nothing from either rest.
pub fn rest(file: &mut PartyFile, how: &Rest) -> Result<Vec<String>, RestError> {
    let mut members = file.members.clone();
    let mut lines = Vec::with_capacity(members.len() + 1);
    match how {
        Rest::Short { spend } => {
            let spends = spends_by_member(file, spend)?;
            for (i, m) in members.iter_mut().enumerate() {
                let who = file.member_label(i);
                let parts = short_rest(m, &who, spends[i])?;
                lines.push(member_line(&who, parts));
            }
            lines.push(format!(
                "Encounters since the last long rest: {} (a short rest does not end the streak)",
                file.encounters_since_rest
            ));
        }
        Rest::Long => {
            for (i, m) in members.iter_mut().enumerate() {
                let who = file.member_label(i);
                let parts = long_rest(m);
                lines.push(member_line(&who, parts));
            }
            lines.push(match file.encounters_since_rest {
                0 => "Encounters since the last long rest: 0".to_owned(),
                n => format!("Encounters since the last long rest: {n} → 0"),
            });
            file.encounters_since_rest = 0;
        }
    }
    file.members = members;
    Ok(lines)
}

/// The recoveries each member spends, by place; a member named twice, or not in the party, is
/// refused.
fn spends_by_member(file: &PartyFile, spend: &[(String, u32)]) -> Result<Vec<u32>, RestError> {
    let mut spends: Vec<Option<u32>> = vec![None; file.members.len()];
    for (given, n) in spend {
        let i = file
            .find_member(given)
            .ok_or_else(|| RestError::NoSuchMember {
                given: given.trim().to_owned(),
            })?;
        if spends[i].is_some() {
            return Err(RestError::SpentTwice {
                who: file.member_label(i),
            });
        }
        spends[i] = Some(*n);
    }
    Ok(spends.into_iter().map(Option::unwrap_or_default).collect())
}

fn member_line(who: &str, parts: Vec<String>) -> String {
    if parts.is_empty() {
        format!("{who}: no change")
    } else {
        format!("{who}: {}", parts.join(", "))
    }
}

/// A dead character's line, which a rest leaves as it is.
fn dead(m: &Member) -> Vec<String> {
    vec![format!(
        "dead at {} HP (minus the staggered value or worse, P3): the dead regain nothing",
        m.hp.unwrap_or_default()
    )]
}

/// One character's short rest: what changed, in words.
fn short_rest(m: &mut Member, who: &str, spend: u32) -> Result<Vec<String>, RestError> {
    if m.is_dead() {
        if spend > 0 {
            return Err(RestError::Dead {
                who: who.to_owned(),
                hp: m.hp.unwrap_or_default(),
            });
        }
        return Ok(dead(m));
    }
    let mut parts = Vec::new();
    let hp_before = m.hp_now();
    let mut spent = None;
    if spend > 0 {
        let left = m.recoveries_left().ok_or_else(|| RestError::NoRecoveries {
            who: who.to_owned(),
        })?;
        if spend > left {
            return Err(RestError::TooFew {
                who: who.to_owned(),
                asked: spend,
                left,
            });
        }
        m.recoveries_left = Some(left - spend);
        // Each recovery regains the recovery value (Recoveries), from 0 at negative HP
        // (Healing on Negative HP), never above the maximum (Healing).
        if let (Some(now), Some(max), Some(value)) = (m.hp_now(), m.max_hp, m.recovery_value()) {
            let healed = i64::from(now.max(0)) + i64::from(value) * i64::from(spend);
            let after = i32::try_from(healed.min(i64::from(max))).unwrap_or(max);
            if m.hp.is_some() || after != now {
                m.hp = Some(after);
            }
        }
        spent = Some(format!(
            "{} spent ({} left)",
            recoveries_text(spend),
            left - spend
        ));
    }
    // A knocked-out character "heals 1 HP after a short rest" (Knocking a Creature Out).
    let mut woke = false;
    if let Some(hp) = m.hp
        && hp <= 0
    {
        m.hp = Some(1);
        woke = true;
    }
    match (hp_before, m.hp_now()) {
        (Some(before), Some(after)) if before != after => parts.push(format!(
            "{before} → {after} HP{}",
            if woke {
                " (knocked out: 1 HP after a short rest)"
            } else {
                ""
            }
        )),
        (Some(before), Some(_)) if spend > 0 && m.max_hp == Some(before) => {
            parts.push(format!("already at maximum HP ({before})"));
        }
        _ => {}
    }
    if let Some(spent) = spent {
        parts.push(spent);
        if m.max_hp.is_none() {
            parts.push("no maximum HP in the party file, so no HP regained here [ours]".to_owned());
        }
    }
    parts.extend(reset_failures(m));
    Ok(parts)
}

/// "Death-save failures 2 → 0", reset by either rest (Death Saving Throws).
fn reset_failures(m: &mut Member) -> Option<String> {
    let n = m.death_failures.take().filter(|n| *n > 0)?;
    Some(format!("death-save failures {n} → 0"))
}

/// One character's long rest: each number the file leaves out from then on is at its
/// long-rest value (HP at the maximum, every recovery, 1 action point, no failures).
fn long_rest(m: &mut Member) -> Vec<String> {
    if m.is_dead() {
        return dead(m);
    }
    let mut parts = Vec::new();
    if let (Some(hp), Some(max)) = (m.hp.take(), m.max_hp)
        && hp != max
    {
        parts.push(format!("{hp} → {max} HP"));
    }
    if let (Some(left), Some(all)) = (m.recoveries_left.take(), m.recoveries)
        && left != all
    {
        parts.push(format!("recoveries {left} → {all} left"));
    }
    if let Some(points) = m.action_points.take()
        && points != 1
    {
        parts.push(format!("action points {points} → 1"));
    }
    parts.extend(reset_failures(m));
    parts
}

/// The party had one more encounter without a long rest (P9, P20): its encounters since the
/// last long rest go up by one (at most [`ENCOUNTERS_SINCE_REST`]'s), and at every second one
/// (a streak: "After every two encounter that the heroes have without stopping for a long
/// rest, they gain an action point") each character who is not dead gains an action point (at
/// most [`CHARACTER_ACTION_POINTS`]'s). Returns what changed, in words.
pub fn count_encounter(file: &mut PartyFile) -> Vec<String> {
    let before = file.encounters_since_rest;
    let max = u32::try_from(ENCOUNTERS_SINCE_REST.max).unwrap_or(u32::MAX);
    let after = before.saturating_add(1).min(max);
    file.encounters_since_rest = after;
    let mut lines = vec![format!(
        "Encounters since the last long rest: {before} → {after}"
    )];
    if after == before || after % 2 != 0 {
        return lines;
    }
    lines[0].push_str(": a streak, each character gains an action point (P20)");
    let most = u32::try_from(CHARACTER_ACTION_POINTS.max).unwrap_or(u32::MAX);
    for i in 0..file.members.len() {
        let who = file.member_label(i);
        let m = &mut file.members[i];
        if m.is_dead() {
            continue;
        }
        let points = m.action_points();
        let gained = points.saturating_add(1).min(most);
        m.action_points = Some(gained);
        lines.push(format!("{who}: action points {points} → {gained}"));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encounter::party::Party;

    fn file(spec: &str) -> PartyFile {
        PartyFile {
            kind: Default::default(),
            schema_version: 1,
            name: "Crew".into(),
            members: Party::parse(spec).unwrap().members,
            encounters_since_rest: 0,
            played: Vec::new(),
            extra: Default::default(),
        }
    }

    #[test]
    fn every_second_encounter_gives_an_action_point_and_a_long_rest_takes_the_streak_back() {
        let mut f = file("Ana=3,Bo=3");
        assert_eq!(
            count_encounter(&mut f),
            ["Encounters since the last long rest: 0 → 1"]
        );
        assert_eq!(f.members[0].action_points(), 1);
        let lines = count_encounter(&mut f);
        assert_eq!(lines[1], "Ana: action points 1 → 2");
        assert_eq!(f.encounters_since_rest, 2);
        assert_eq!(f.members[1].action_points(), 2);
        count_encounter(&mut f);
        count_encounter(&mut f);
        assert_eq!(f.members[1].action_points(), 3);
        let lines = rest(&mut f, &Rest::Long).unwrap();
        assert_eq!(
            lines,
            [
                "Ana: action points 3 → 1",
                "Bo: action points 3 → 1",
                "Encounters since the last long rest: 4 → 0"
            ]
        );
        assert_eq!(f.members[0].action_points, None);
        assert_eq!(f.encounters_since_rest, 0);
    }

    #[test]
    fn a_refused_rest_changes_nothing() {
        let mut f = file("Ana=3,Bo=3");
        f.members[0].recoveries = Some(2);
        f.members[1].death_failures = Some(2);
        let before = f.clone();
        let spend = |v: &[(&str, u32)]| Rest::Short {
            spend: v.iter().map(|(w, n)| ((*w).to_owned(), *n)).collect(),
        };
        for (how, why) in [
            (
                spend(&[("ana", 3)]),
                "Ana has 2 recoveries left, so cannot spend 3",
            ),
            (
                spend(&[("Bo", 1)]),
                "Bo has no recoveries in the party file (`recoveries:`), so none can be spent",
            ),
            (
                spend(&[("Ana", 1), ("#1", 1)]),
                "Ana is given recoveries to spend twice; give each character's once",
            ),
            (spend(&[("Cy", 1)]), "the party has no member `Cy`"),
        ] {
            assert_eq!(rest(&mut f, &how).unwrap_err().to_string(), why);
            assert_eq!(f, before);
        }
    }
}
