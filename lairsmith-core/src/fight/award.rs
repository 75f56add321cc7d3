//! The fight's XP written to the party that earned it (P10, A1), once, whichever write fails.
//!
//! The award spans two files, the fight's and the party's (or the adventure's, which may hold
//! its party), and is written in three steps, each one file changed under its lock:
//! 1. the fight records where the award goes (`awarding:`), before anything else is written:
//!    when this fails (a full fight file, a full disk), nothing was written;
//! 2. the party's file gains each character's XP and the fight's `uid:` in its `played:`, in
//!    one write; a party that lists the fight already gains nothing, so a retry after a failure
//!    of step 3, or a second process, can never add the XP twice;
//! 3. the fight records what was written (`awarded:`) and forgets the `awarding:`.
//!
//! A fight left between 1 and 3 keeps its `awarding:` (its end cannot be undone meanwhile), and
//! the next award finishes it.

use crate::data_dir::DataDir;
use crate::encounter::PartyRef;
use crate::encounter::error::DataError;
use crate::encounter::party::{Member, Played};
use crate::fight::file::Fight;
use crate::fight::model::Side;
use crate::fight::refused::{FightError, FightRefused};
use crate::fight::saved::update_fight;
use crate::store::Fingerprint;
use std::path::Path;

/// Where an award goes: a saved party, or an adventure file that holds its party.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum AwardTo {
    /// `parties/<id>.yaml`.
    Party(String),
    /// `adventures/<id>.yaml`, whose `party:` lists the members.
    Adventure(String),
}

impl std::fmt::Display for AwardTo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AwardTo::Party(id) => write!(f, "party `{id}`"),
            AwardTo::Adventure(id) => write!(f, "adventure `{id}`"),
        }
    }
}

impl AwardTo {
    /// As the fight's `awarding:` writes it: `party crew`, `adventure the-ford`.
    fn word(&self) -> String {
        match self {
            AwardTo::Party(id) => format!("party {id}"),
            AwardTo::Adventure(id) => format!("adventure {id}"),
        }
    }

    /// The target an `awarding:` names, or `None` for a word written by hand that names none.
    fn from_word(word: &str) -> Option<AwardTo> {
        let (kind, id) = word.trim().split_once(' ')?;
        crate::monster::design::check_id(id.trim()).ok()?;
        match kind {
            "party" => Some(AwardTo::Party(id.trim().to_owned())),
            "adventure" => Some(AwardTo::Adventure(id.trim().to_owned())),
            _ => None,
        }
    }
}

/// Where the ended fight's XP goes: its saved party, or its adventure's (a saved party, or the
/// members the adventure file holds).
pub(crate) fn target(data: &DataDir, f: &Fight) -> Result<AwardTo, FightError> {
    if let Some(id) = &f.party {
        return Ok(AwardTo::Party(id.clone()));
    }
    if let Some(adv) = &f.adventure {
        let path = crate::adventure::existing_adventure(data, adv)?;
        let (a, _) = crate::adventure::load_adventure(&path)?;
        return Ok(match a.party {
            PartyRef::Saved(id) => AwardTo::Party(id),
            _ => AwardTo::Adventure(adv.clone()),
        });
    }
    Err(FightRefused::NoPartyFile.into())
}

/// Adds the ended fight's XP to the party's file once (see the module's documentation). The
/// fight after it, a line a character (or one line saying the party had it already), and the
/// fight file's fingerprint.
pub(crate) fn award(
    data: &DataDir,
    path: &Path,
) -> Result<(Fight, Vec<String>, Fingerprint), FightError> {
    // 1. The fight says where the award goes before anything is written.
    let ((f, to), _) = update_fight(path, |f| {
        if !f.awarded.is_empty() {
            return Err(FightRefused::AwardedAlready(f.awarded.clone()).into());
        }
        if f.now.ended.is_none() {
            return Err(FightRefused::NotEnded.into());
        }
        let to = match f.awarding.as_deref().and_then(AwardTo::from_word) {
            Some(to) => to,
            None => target(data, f)?,
        };
        f.awarding = Some(to.word());
        Ok((f.clone(), to))
    })?;
    // 2. The party gains the XP with the fight's uid, or finds it there already.
    let id = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let lines = write_to(data, &f, &id, &to).map_err(|e| FightRefused::AwardNotWritten {
        to: to.to_string(),
        why: e.to_string(),
        why_hint: e.hint(),
    })?;
    // 3. The fight records what was written.
    let ((f, lines), print) = update_fight(path, |f| {
        f.awarding = None;
        f.awarded.clone_from(&lines);
        Ok((f.clone(), lines.clone()))
    })
    .map_err(|e| FightRefused::AwardNotRecorded {
        to: to.to_string(),
        lines: lines.clone(),
        why: e.to_string(),
    })?;
    Ok((f, lines, print))
}

/// Step 2: the XP added to the members of `to` who fought, with the fight's uid, in one locked
/// write; a line a character, each saying where it went.
fn write_to(data: &DataDir, f: &Fight, id: &str, to: &AwardTo) -> Result<Vec<String>, FightError> {
    let each = f.now.ended.as_ref().map_or(0, |e| e.xp_each);
    let add = |members: &mut [Member],
               played: &mut Vec<Played>|
     -> Result<Vec<String>, DataError> {
        if let Some(p) = played.iter().find(|p| p.fight == f.uid) {
            return Ok(vec![format!(
                "the XP of this fight was in {to} already (written {}: {} for each character); nothing added",
                p.on,
                crate::text::group_thousands(p.xp_each)
            )]);
        }
        crate::limits::PLAYED
            .check(played.len() + 1, "a party's record")
            .map_err(|e| DataError::BadParty(e.to_string()))?;
        let lines = add_xp(members, f, each);
        played.push(Played {
            fight: f.uid.clone(),
            id: id.to_owned(),
            encounter: f.encounter.clone(),
            xp_each: each,
            on: crate::text::today(),
        });
        Ok(lines.into_iter().map(|l| format!("{l} ({to})")).collect())
    };
    let back = |lines: Vec<String>| -> Vec<String> {
        lines.into_iter().map(|l| format!("{l} ({to})")).collect()
    };
    Ok(match to {
        AwardTo::Party(id) => crate::encounter::parties::update_party(data, id, |file| {
            let fresh = !file.played.iter().any(|p| p.fight == f.uid);
            let mut lines = add(&mut file.members, &mut file.played)?;
            if fresh {
                lines.extend(back(p11_write_back(&mut file.members, f)));
                lines.extend(back(crate::encounter::rest::count_encounter(file)));
            }
            Ok(lines)
        })?,
        AwardTo::Adventure(id) => {
            let path = crate::adventure::existing_adventure(data, id)?;
            crate::adventure::update_adventure(&path, |a| {
                let mut members = a.party.inline().map(|p| p.members).unwrap_or_default();
                let fresh = !a.played.iter().any(|p| p.fight == f.uid);
                let mut lines = add(&mut members, &mut a.played)?;
                if fresh {
                    lines.extend(back(p11_write_back(&mut members, f)));
                }
                a.party = PartyRef::Members(members);
                Ok(lines)
            })?
        }
    })
}

/// P11, P9, P12: what the fight changed of each character whose numbers it took goes back to
/// the party with the award: its hit points now (where the party keeps its maximum), the
/// recoveries it has left (where the party keeps how many it has), the action points it spent
/// and its death-save failures. One line a character that changed.
fn p11_write_back(members: &mut [Member], f: &Fight) -> Vec<String> {
    let mut lines = Vec::new();
    for (k, m) in members.iter_mut().enumerate() {
        let name = m
            .name
            .clone()
            .unwrap_or_else(|| format!("Character {}", k + 1));
        let place = u32::try_from(k + 1).ok();
        // The character the XP went to (by name, as `add_xp` matches), and at the place the
        // fight took its numbers from: a party reordered since the start gets nothing mixed up.
        let Some(c) = f.now.combatants.iter().find(|c| {
            c.side == Side::Party
                && c.name.eq_ignore_ascii_case(&name)
                && c.member.is_none_or(|p| Some(p) == place)
        }) else {
            continue;
        };
        let mut parts = Vec::new();
        if let Some(max) = m.max_hp {
            let hp = c.hp.clamp(crate::limits::CHARACTER_HP.min, i64::from(max));
            let before = m.hp_now().unwrap_or(max);
            if let Ok(hp) = i32::try_from(hp)
                && hp != before
            {
                parts.push(format!("{before} → {hp} HP"));
                m.hp = (hp != max).then_some(hp);
            }
        }
        if let (Some(most), Some(left)) = (m.recoveries, c.recoveries) {
            let left = u32::try_from(left.max(0)).unwrap_or(0).min(most);
            let before = m.recoveries_left().unwrap_or(most);
            if left != before {
                parts.push(format!("recoveries {before} → {left} left"));
                m.recoveries_left = (left != most).then_some(left);
            }
        }
        if c.ap_spent > 0 {
            let before = m.action_points();
            let after = before.saturating_sub(c.ap_spent);
            parts.push(format!("action points {before} → {after}"));
            m.action_points = Some(after);
        }
        let failures = m.death_failures.unwrap_or(0);
        if c.death_failures != failures {
            parts.push(format!(
                "death-save failures {failures} → {}",
                c.death_failures
            ));
            m.death_failures = (c.death_failures > 0).then_some(c.death_failures);
        }
        if !parts.is_empty() {
            lines.push(format!("{name}: {} (P11)", parts.join(", ")));
        }
    }
    lines
}

/// P10 and A1: each character's share added to the members who fought (matched by name, an
/// unnamed member by its place), a character whose XP reaches the next level rising to it. One
/// line a character.
fn add_xp(members: &mut [Member], f: &Fight, each: u64) -> Vec<String> {
    use crate::rules::experience::{first_xp, level_of_xp};
    let fought: Vec<&str> = f
        .now
        .combatants
        .iter()
        .filter(|c| c.side == Side::Party)
        .map(|c| c.name.as_str())
        .collect();
    let mut lines = Vec::new();
    for (k, m) in members.iter_mut().enumerate() {
        let name = m
            .name
            .clone()
            .unwrap_or_else(|| format!("Character {}", k + 1));
        if !fought.iter().any(|n| n.eq_ignore_ascii_case(&name)) {
            continue;
        }
        let before = m.xp.unwrap_or_else(|| first_xp(m.level));
        let after = before.saturating_add(each);
        m.xp = Some(after);
        let reached = level_of_xp(after);
        let mut line = format!(
            "{name}: {} XP → {} XP",
            crate::text::group_thousands(before),
            crate::text::group_thousands(after)
        );
        if reached > m.level {
            line.push_str(&format!(", level {} → level {reached} (A1)", m.level));
            m.level = reached;
        }
        lines.push(line);
    }
    lines
}
