//! Adventure files in the data directory's `adventures/` (or anywhere a path names): finding,
//! loading, creating and changing them under the file's lock, and finding the saved encounters
//! they list. The CLI and the UI both call these.

use crate::adventure::error::{AdventureError, AdventureRefused};
use crate::adventure::file::{Adventure, parse_adventure};
use crate::data_dir::{DataDir, names_a_file};
use crate::encounter::error::{DataError, Listing, read_text};
use crate::encounter::file::PartyRef;
use crate::encounter::party::{Party, Played};
use crate::monster::slugify;
use crate::store::{Expect, Fingerprint, path_in, save_atomic, update_locked};
use std::path::{Path, PathBuf};

/// An adventure file: a path, or the id of one in `adventures/` (the rule of
/// [`names_a_file`], as for encounters).
pub(crate) fn adventure_path(data: &DataDir, word: &str) -> Result<PathBuf, DataError> {
    if names_a_file(word) {
        return Ok(PathBuf::from(word));
    }
    path_in(&data.adventures(), word, "yaml").map_err(|e| DataError::BadId(e.to_string()))
}

/// An adventure file that must exist; a miss names the closest saved adventures.
pub fn existing_adventure(data: &DataDir, word: &str) -> Result<PathBuf, AdventureError> {
    let path = adventure_path(data, word)?;
    if path.is_file() || names_a_file(word) {
        return Ok(path);
    }
    let ids = ids_in(&data.adventures());
    Err(AdventureRefused::NoSuchAdventure {
        id: word.to_owned(),
        near: nearest(word, &ids),
    }
    .into())
}

/// An adventure file and the fingerprint of what was read.
pub fn load_adventure(path: &Path) -> Result<(Adventure, Fingerprint), DataError> {
    let (text, fp) = read_text(path)?;
    Ok((parse_adventure(&text, path)?, fp))
}

/// The adventure's party: inline, or its saved party loaded.
pub fn adventure_party(data: &DataDir, a: &Adventure) -> Result<Party, AdventureError> {
    adventure_party_played(data, a).map(|(party, _)| party)
}

/// The adventure's party and its record of played fights (P10): a saved party's `played:`,
/// read with its members, or the adventure file's own when it holds its party.
pub fn adventure_party_played(
    data: &DataDir,
    a: &Adventure,
) -> Result<(Party, Vec<Played>), AdventureError> {
    let (party, played) = crate::encounter::saved::resolve_party_ref_played(data, &a.party)
        .map_err(|e| match e {
            DataError::MissingParty { id, path } => {
                AdventureRefused::MissingParty { id, path }.into()
            }
            other => AdventureError::from(other),
        })?;
    Ok(match &a.party {
        PartyRef::Saved(_) => (party, played),
        _ => (party, a.played.clone()),
    })
}

/// The party of `--party`: a saved party's id stays a reference, so that levelling the saved
/// party up carries over to the adventure; a spec (`4x3`, `Ana=3,Bo=4`) is written inline.
pub fn party_ref_of_spec(data: &DataDir, spec: &str) -> Result<PartyRef, DataError> {
    crate::encounter::parties::choose_party(data, spec).map(|c| c.party_ref())
}

/// Creates `adventures/<slug of name>.yaml` (or `out`), refusing a name the files cannot hold
/// and a file that already exists. Returns the path.
pub fn create_adventure(
    data: &DataDir,
    adventure: &Adventure,
    out: Option<&Path>,
) -> Result<PathBuf, DataError> {
    crate::text::check_name("the adventure's name", &adventure.name)
        .map_err(|e| DataError::BadName(e.to_string()))?;
    let path = match out {
        Some(p) => p.to_owned(),
        None => path_in(&data.adventures(), &slugify(&adventure.name), "yaml")
            .map_err(|e| DataError::BadId(e.to_string()))?,
    };
    save_adventure(&path, adventure, Expect::New)?;
    Ok(path)
}

/// Writes an adventure atomically, as `expect` allows. Returns the new fingerprint.
pub(crate) fn save_adventure(
    path: &Path,
    a: &Adventure,
    expect: Expect,
) -> Result<Fingerprint, DataError> {
    Ok(save_atomic(
        path,
        crate::yaml_io::to_string(a).as_bytes(),
        expect,
    )?)
}

/// Changes the adventure file at `path` under its lock (read, change, write), so that changes
/// made at the same time by other processes are never lost. The file's `x-` values are kept as
/// written, or the change is refused (`yaml_keep`).
pub fn update_adventure<T>(
    path: &Path,
    mut change: impl FnMut(&mut Adventure) -> Result<T, AdventureError>,
) -> Result<T, AdventureError> {
    let mut out = None;
    update_locked(path, |current| {
        let bytes = current.ok_or_else(|| DataError::Missing(path.to_owned()))?;
        let text = std::str::from_utf8(bytes).map_err(|_| DataError::NotUtf8(path.to_owned()))?;
        let mut a = parse_adventure(text, path)?;
        out = Some(change(&mut a)?);
        Ok::<_, AdventureError>(Some(
            crate::yaml_keep::text_to_save(text, &a, path)?.into_bytes(),
        ))
    })?;
    out.ok_or_else(|| DataError::Missing(path.to_owned()).into())
}

/// The saved adventures: each file of `adventures/` with the adventure or why it did not load.
pub fn list_adventures(data: &DataDir) -> Result<Listing<Adventure>, DataError> {
    Ok(crate::store::yaml_files(&data.adventures())?
        .into_iter()
        .map(|f| {
            let a = load_adventure(&f).map(|(a, _)| a);
            (f, a)
        })
        .collect())
}

/// The ids of the saved files of a folder (their stems), sorted; none if it cannot be read.
fn ids_in(dir: &Path) -> Vec<String> {
    crate::store::yaml_ids(dir).unwrap_or_default()
}

/// The ids of the saved encounters.
pub(crate) fn encounter_ids(data: &DataDir) -> Vec<String> {
    ids_in(&data.encounters())
}

/// Up to three of `ids` closest to `word`.
fn nearest(word: &str, ids: &[String]) -> Vec<String> {
    crate::vocab::nearest(word, ids.iter().map(String::as_str), 3)
        .into_iter()
        .map(str::to_owned)
        .collect()
}

/// Why an encounter id names no saved encounter, with the closest ids.
pub(crate) fn no_such_encounter(data: &DataDir, id: &str) -> AdventureRefused {
    AdventureRefused::NoSuchEncounter {
        id: id.to_owned(),
        near: nearest(id, &encounter_ids(data)),
    }
}

/// The file of the saved encounter `id`, which must exist.
pub(crate) fn saved_encounter(data: &DataDir, id: &str) -> Result<PathBuf, AdventureError> {
    let path = crate::encounter::encounter_path(data, id)?;
    match std::fs::metadata(&path) {
        Ok(m) if m.is_file() => Ok(path),
        Ok(m) => Err(AdventureRefused::NotAFile {
            source: crate::store::open::not_regular(m.file_type()),
            path,
        }
        .into()),
        Err(_) => Err(no_such_encounter(data, id).into()),
    }
}

/// Adds a saved encounter at 1-based position `at` (the end when `None`), under the lock.
/// Returns the position it took.
pub fn add_encounter(
    data: &DataDir,
    path: &Path,
    id: &str,
    at: Option<usize>,
) -> Result<usize, AdventureError> {
    crate::monster::design::check_id(id).map_err(|e| DataError::BadId(e.to_string()))?;
    saved_encounter(data, id)?;
    update_adventure(path, |a| Ok(a.insert(id, at)?))
}

/// Removes the encounter at 1-based position `at`, under the lock. Returns its id.
pub fn remove_encounter(path: &Path, at: usize) -> Result<String, AdventureError> {
    update_adventure(path, |a| Ok(a.remove_at(at)?))
}

/// The saved encounters and adventures that name a saved party, by id: what changing the
/// party's file changes besides the encounter on screen.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PartyUsers {
    /// The ids of the saved encounters whose `party:` is the party's id.
    pub encounters: Vec<String>,
    /// The ids of the saved adventures whose `party:` is the party's id.
    pub adventures: Vec<String>,
}

impl PartyUsers {
    /// "3 encounters (ambush, bridge, toll) and 1 adventure (sunken-keep)", or "nothing else".
    pub fn describe(&self) -> String {
        fn some(n: usize, one: &str, ids: &[String]) -> Option<String> {
            const SHOWN: usize = 5;
            if n == 0 {
                return None;
            }
            let mut names: Vec<&str> = ids.iter().take(SHOWN).map(String::as_str).collect();
            let more = n.saturating_sub(SHOWN);
            let tail = if more > 0 {
                format!(", and {more} more")
            } else {
                String::new()
            };
            names.sort_unstable();
            Some(format!(
                "{n} {one}{} ({}{tail})",
                if n == 1 { "" } else { "s" },
                names.join(", ")
            ))
        }
        let parts: Vec<String> = [
            some(self.encounters.len(), "encounter", &self.encounters),
            some(self.adventures.len(), "adventure", &self.adventures),
        ]
        .into_iter()
        .flatten()
        .collect();
        if parts.is_empty() {
            "no saved encounter or adventure".to_owned()
        } else {
            parts.join(" and ")
        }
    }
}

/// Who names the saved party `id`. Files that do not load are left out (they name nothing
/// lairsmith can read).
pub fn party_users(data: &DataDir, id: &str) -> PartyUsers {
    use crate::encounter::PartyRef;
    let stem = |f: &Path| {
        f.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let names = |r: &PartyRef| matches!(r, PartyRef::Saved(p) if p == id);
    let encounters = crate::encounter::list_encounters(data)
        .map(|l| {
            l.into_iter()
                .filter(|(_, e)| e.as_ref().is_ok_and(|e| names(&e.party)))
                .map(|(f, _)| stem(&f))
                .collect()
        })
        .unwrap_or_default();
    let adventures = list_adventures(data)
        .map(|l| {
            l.into_iter()
                .filter(|(_, a)| a.as_ref().is_ok_and(|a| names(&a.party)))
                .map(|(f, _)| stem(&f))
                .collect()
        })
        .unwrap_or_default();
    PartyUsers {
        encounters,
        adventures,
    }
}
