//! Fight files in the data directory (`fights/<id>.yaml`): made once from an encounter, then
//! changed one step at a time under the file's lock and written atomically, so a second
//! process (the players' view, another terminal) never sees half a fight and a terminal that
//! dies mid-fight loses nothing.

use crate::data_dir::{DataDir, names_a_file};
use crate::encounter::error::DataError;
use crate::fight::file::{FIGHT_SCHEMA_VERSION, Fight};
use crate::fight::refused::FightRefused;
use crate::store::{Expect, Fingerprint, save_atomic, update_locked};
use crate::yaml_io::FileError;
use std::path::{Path, PathBuf};

/// Where the fights live.
pub fn fights_dir(data: &DataDir) -> PathBuf {
    data.root.join("fights")
}

/// The file a command-line word names: a path when it has a slash or a `.yaml` ending, else
/// the id of a fight in the data directory.
pub fn fight_path(data: &DataDir, word: &str) -> Result<PathBuf, DataError> {
    if names_a_file(word) {
        return Ok(PathBuf::from(word));
    }
    crate::monster::design::check_id(word).map_err(|e| DataError::BadId(e.to_string()))?;
    let path = crate::store::path_in(&fights_dir(data), word, "yaml")
        .map_err(|e| DataError::BadId(e.to_string()))?;
    if !path.exists() {
        let ids = ids(data);
        let near = crate::vocab::closest(word, ids.iter().map(String::as_str));
        return Err(DataError::BadId(format!(
            "no fight has the id `{word}`{}; {}",
            crate::vocab::did_you_mean(near),
            if ids.is_empty() {
                "there are no fights yet (`lairsmith fight start ENCOUNTER`)".to_owned()
            } else {
                format!("the fights: {}", ids.join(", "))
            }
        )));
    }
    Ok(path)
}

/// The ids of the saved fights, sorted.
pub fn ids(data: &DataDir) -> Vec<String> {
    crate::store::yaml_ids(&fights_dir(data)).unwrap_or_default()
}

/// Parses a fight file, checking what serde cannot: its version, its size, and that its state
/// is its start with its steps replayed (the steps are the truth: a `now:` edited by hand is
/// made again from them, and a step that no longer applies is an error naming it).
pub fn parse_fight(text: &str, path: &Path) -> Result<Fight, FileError> {
    let mut f: Fight = crate::yaml_io::parse_within(text, path, crate::yaml_io::MAX_FIGHT_NODES)?;
    if f.schema_version != FIGHT_SCHEMA_VERSION {
        return Err(FileError::new(
            path,
            format!(
                "schema_version {} is not supported; this lairsmith reads fight files of version {FIGHT_SCHEMA_VERSION}",
                f.schema_version
            ),
        ));
    }
    let most = crate::limits::FIGHT_STEPS;
    if let Err(m) = most.check(f.steps.len(), "a fight") {
        return Err(
            crate::yaml_io::Refused::new(vec![crate::yaml_io::key("steps")], m).in_file(text, path),
        );
    }
    let most = crate::limits::FIGHT_COMBATANTS;
    if let Err(m) = most.check(f.start.combatants.len(), "a fight") {
        return Err(crate::yaml_io::Refused::new(
            vec![
                crate::yaml_io::key("start"),
                crate::yaml_io::key("combatants"),
            ],
            m,
        )
        .in_file(text, path));
    }
    crate::fight::numbers::check(&f).map_err(|r| r.in_file(text, path))?;
    match Fight::replay(&f.start, &f.steps, f.seed) {
        Ok(now) => f.now = now,
        Err((n, why)) => {
            return Err(crate::yaml_io::Refused::new(
                vec![
                    crate::yaml_io::key("steps"),
                    crate::yaml_io::Seg::Index(n - 1),
                ],
                format!("step {n} no longer applies to the fight as it stood: {why}"),
            )
            .in_file(text, path));
        }
    }
    Ok(f)
}

/// Reads a fight file.
pub fn load_fight(path: &Path) -> Result<(Fight, Fingerprint), DataError> {
    let bytes = crate::store::read_limited(path)?;
    let text = std::str::from_utf8(&bytes).map_err(|_| DataError::NotUtf8(path.to_owned()))?;
    Ok((parse_fight(text, path)?, Fingerprint::of_bytes(&bytes)))
}

/// Writes a new fight as `fights/<id>.yaml`, `<id>` the encounter's id, or `<id>-2` and on when
/// that is taken. Returns the path.
pub fn create_fight(data: &DataDir, f: &Fight) -> Result<PathBuf, DataError> {
    let most = crate::limits::FIGHT_COMBATANTS;
    most.check(f.start.combatants.len(), "a fight")
        .map_err(|e| DataError::BadName(e.to_string()))?;
    let base = crate::monster::slugify(&f.encounter);
    let taken = ids(data);
    let id = (1..)
        .map(|n| {
            if n == 1 {
                base.clone()
            } else {
                format!("{base}-{n}")
            }
        })
        .find(|id| !taken.contains(id))
        .unwrap_or(base);
    let path = crate::store::path_in(&fights_dir(data), &id, "yaml")
        .map_err(|e| DataError::BadId(e.to_string()))?;
    let text = crate::yaml_io::to_string(f);
    room_for(&text, f, &path)?;
    save_atomic(&path, text.as_bytes(), Expect::New)?;
    Ok(path)
}

/// Refuses to write `text`, fight `f`'s file, when lairsmith would not read it back: past
/// [`crate::yaml_io::MAX_FILE_BYTES`] or [`crate::yaml_io::MAX_FIGHT_NODES`]. Until the fight
/// ends, a twentieth of both is kept for its end, so that a full fight can still be ended.
fn room_for(text: &str, f: &Fight, path: &Path) -> Result<(), FightRefused> {
    use crate::yaml_io::{MAX_FIGHT_NODES, MAX_FILE_BYTES};
    let share = |n: usize| if f.now.ended.is_some() { n } else { n - n / 20 };
    crate::yaml_io::fits(text, path, share(MAX_FILE_BYTES), share(MAX_FIGHT_NODES))
        .map_err(FightRefused::FileFull)
}

/// Changes the fight at `path` under its lock: read, change, write atomically. `x-` values of
/// the file are kept as written.
pub fn update_fight<T>(
    path: &Path,
    mut change: impl FnMut(&mut Fight) -> Result<T, DataError>,
) -> Result<T, DataError> {
    let mut out = None;
    update_locked(path, |current| {
        let bytes = current.ok_or_else(|| DataError::Missing(path.to_owned()))?;
        let text = std::str::from_utf8(bytes).map_err(|_| DataError::NotUtf8(path.to_owned()))?;
        let mut f = parse_fight(text, path)?;
        out = Some(change(&mut f)?);
        let most = crate::limits::FIGHT_STEPS;
        most.check(f.steps.len(), "a fight")
            .map_err(FightRefused::TooLong)?;
        let new = crate::yaml_keep::text_to_save(text, &f, path)?;
        room_for(&new, &f, path)?;
        Ok::<_, DataError>(Some(new.into_bytes()))
    })?;
    out.ok_or_else(|| DataError::Missing(path.to_owned()))
}

/// P10 and A1: each character's share added to the members of `members` who fought (matched
/// by name, an unnamed member by its place), a character whose XP reaches the next level
/// rising to it. One line a character.
fn add_xp(members: &mut [crate::encounter::party::Member], f: &Fight, each: u64) -> Vec<String> {
    use crate::rules::experience::{first_xp, level_of_xp};
    let fought: Vec<&str> = f
        .now
        .combatants
        .iter()
        .filter(|c| c.side == crate::fight::model::Side::Party)
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

/// Writes the ended fight's XP (P10) to the party that earned it: the fight's saved party, or
/// its adventure's (a saved party, or the members the adventure file holds). Each write is one
/// file changed under its lock. The lines say what each character earned and where it went.
pub fn write_award(data: &DataDir, f: &Fight) -> Result<Vec<String>, DataError> {
    use crate::encounter::PartyRef;
    if !f.awarded.is_empty() {
        return Err(FightRefused::AwardedAlready(f.awarded.clone()).into());
    }
    let Some(end) = &f.now.ended else {
        return Err(FightRefused::NotEnded.into());
    };
    let each = end.xp_each;
    let party_id = match (&f.party, &f.adventure) {
        (Some(id), _) => Some(id.clone()),
        (None, Some(adv)) => {
            let path = crate::adventure::existing_adventure(data, adv)?;
            let (a, _) = crate::adventure::load_adventure(&path)?;
            match a.party {
                PartyRef::Saved(id) => Some(id),
                _ => {
                    let lines = crate::adventure::update_adventure(&path, |a| {
                        let mut members = a.party.inline().map(|p| p.members).unwrap_or_default();
                        let lines = add_xp(&mut members, f, each);
                        a.party = PartyRef::Members(members);
                        Ok(lines)
                    })?;
                    return Ok(lines
                        .into_iter()
                        .map(|l| format!("{l} (in {})", path.display()))
                        .collect());
                }
            }
        }
        (None, None) => None,
    };
    let Some(id) = party_id else {
        return Err(FightRefused::NoPartyFile.into());
    };
    let lines = crate::encounter::parties::update_party(data, &id, |file| {
        Ok(add_xp(&mut file.members, f, each))
    })?;
    Ok(lines
        .into_iter()
        .map(|l| format!("{l} (party `{id}`)"))
        .collect())
}
