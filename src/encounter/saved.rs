//! Encounter files in the data directory (or anywhere a path names): finding, loading with their
//! party, creating and changing them under the file's lock. The CLI and the UI both call these;
//! each failure is a [`DataError`] whose message is the sentence the user sees.

use crate::data_dir::{DataDir, names_a_file};
use crate::encounter::file::{Encounter, Group, PartyRef, Placeholder, parse_encounter};
use crate::encounter::parties::{load_party_file, party_path};
use crate::encounter::party::Party;
use crate::monster::slugify;
use crate::store::{Expect, Fingerprint, SaveError, path_in, save_atomic, update_locked};
use crate::yaml_io::FileError;
use std::path::{Path, PathBuf};

/// Why an encounter or party file could not be found, read, changed or saved.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file cannot be read, or its YAML is wrong (with line:column where there is one).
    #[error(transparent)]
    File(#[from] FileError),
    #[error(transparent)]
    Save(#[from] SaveError),
    #[error("{}: the file is not UTF-8 text", .0.display())]
    NotUtf8(PathBuf),
    #[error("{}: cannot read the file: it does not exist", .0.display())]
    Missing(PathBuf),
    /// A word that cannot name a file in the data directory (`../x`, a control character).
    #[error("{0}")]
    BadId(String),
    /// A name that is empty, too long or holds control characters.
    #[error("{0}")]
    BadName(String),
    /// A party written wrongly (`4y3`), or one without members.
    #[error("{0}")]
    BadParty(String),
    /// A party argument is an id no saved party has, and not a party spec either.
    #[error(
        "no saved party has the id `{id}` ({}{}), and {}",
        saved_list(saved),
        did_you_mean_after(suggestion),
        spec.clause()
    )]
    UnknownParty {
        id: String,
        saved: Vec<String>,
        suggestion: Option<String>,
        spec: crate::encounter::party::SpecError,
    },
    /// A party argument that cannot be an id (`3,3,x`) and is not a party spec.
    #[error(
        "{spec}; nor can it be a saved party's id (lower-case letters and digits joined by hyphens)"
    )]
    NotAParty {
        spec: crate::encounter::party::SpecError,
    },
    /// An encounter names a saved party that is not there.
    #[error("the encounter names the party `{id}`, but {} does not exist", path.display())]
    MissingParty { id: String, path: PathBuf },
    /// A party command names a party that is not saved.
    #[error(
        "no saved party has the id `{id}`{}; `lairsmith party list` shows them",
        did_you_mean(suggestion)
    )]
    NoSuchParty {
        id: String,
        suggestion: Option<String>,
    },
    /// `party level-up --member` names nobody in the party.
    #[error("the party `{id}` has no member `{given}`{}; its members: {}", did_you_mean(suggestion), members.join(", "))]
    NoSuchMember {
        id: String,
        given: String,
        suggestion: Option<String>,
        members: Vec<String>,
    },
    /// Levelling up would take a character past the highest level.
    #[error("{who} is level {level}; {by} more would pass level {max}, the highest a character reaches (Levels, Tiers and Bonuses: levels run from 1 to {max}); the party `{id}` was not changed", max = crate::rules::level::MAX_LEVEL)]
    PastMaxLevel {
        id: String,
        who: String,
        level: u8,
        by: u32,
    },
    #[error("cannot move {} to the trash: {source}", path.display())]
    Trash {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A change the encounter refuses (a count past the most a group holds, a group that is
    /// not there).
    #[error("{0}")]
    Refused(String),
    /// A save that would change one of the file's `x-` values.
    #[error(transparent)]
    NotKept(#[from] crate::yaml_keep::Refused),
}

/// Each file of a folder, with what it holds or why it did not load.
pub type Listing<T> = Vec<(PathBuf, Result<T, DataError>)>;

fn did_you_mean(suggestion: &Option<String>) -> String {
    suggestion
        .as_ref()
        .map_or(String::new(), |s| format!(" (did you mean `{s}`?)"))
}

/// "saved parties: a, b, c" (the first few), or "there are no saved parties".
fn saved_list(saved: &[String]) -> String {
    const SHOWN: usize = 8;
    match saved.len() {
        0 => "there are no saved parties".to_owned(),
        n if n <= SHOWN => format!("saved parties: {}", saved.join(", ")),
        n => format!(
            "saved parties: {} and {} more",
            saved[..SHOWN].join(", "),
            n - SHOWN
        ),
    }
}

fn did_you_mean_after(suggestion: &Option<String>) -> String {
    suggestion
        .as_ref()
        .map_or(String::new(), |s| format!("; did you mean `{s}`?"))
}

/// Reads a file of at most [`crate::yaml_io::MAX_FILE_BYTES`] as UTF-8 text.
pub(crate) fn read_text(path: &Path) -> Result<(String, Fingerprint), DataError> {
    let bytes = crate::store::read_limited(path)?;
    let fp = Fingerprint::of_bytes(&bytes);
    let text = String::from_utf8(bytes).map_err(|_| DataError::NotUtf8(path.to_owned()))?;
    Ok((text, fp))
}

/// An encounter file: a path, or the id of one in the data directory's `encounters/`.
/// The rule ([`names_a_file`]): a word with a slash or a `.yaml`/`.yml` ending is a path; any
/// other word is an id in the data directory, whatever the working directory holds.
pub fn encounter_path(data: &DataDir, word: &str) -> Result<PathBuf, DataError> {
    if names_a_file(word) {
        return Ok(PathBuf::from(word));
    }
    path_in(&data.encounters(), word, "yaml").map_err(DataError::BadId)
}

/// An encounter file and the fingerprint of what was read.
pub fn load_encounter(path: &Path) -> Result<(Encounter, Fingerprint), DataError> {
    let (text, fp) = read_text(path)?;
    Ok((parse_encounter(&text, path)?, fp))
}

/// The party of an encounter, loading the saved party if it names one.
pub fn party_of(data: &DataDir, e: &Encounter) -> Result<Party, DataError> {
    resolve_party_ref(data, &e.party)
}

/// An inline party, or the saved party a file names, loaded.
pub fn resolve_party_ref(data: &DataDir, party: &PartyRef) -> Result<Party, DataError> {
    let id = match party {
        PartyRef::Saved(id) => id,
        PartyRef::Uniform { size, level } => return Ok(Party::uniform(*size, *level)),
        PartyRef::Members(members) => {
            return Ok(Party {
                members: members.clone(),
            });
        }
    };
    let path = party_path(data, id)?;
    if !path.is_file() {
        return Err(DataError::MissingParty {
            id: id.clone(),
            path,
        });
    }
    load_party_file(&path)?.party().map_err(DataError::BadParty)
}

/// An encounter file with its party (a saved one loaded), and the fingerprint of the file.
pub fn load_encounter_with_party(
    data: &DataDir,
    path: &Path,
) -> Result<(Encounter, Party, Fingerprint), DataError> {
    let (e, fp) = load_encounter(path)?;
    let party = party_of(data, &e)?;
    Ok((e, party, fp))
}

/// Creates a new encounter file for `party`: at `out`, else `encounters/<slug of name>.yaml`.
/// Refuses a name the files cannot hold and a file that already exists. Returns the path.
pub fn create_encounter(
    data: &DataDir,
    name: &str,
    party: &Party,
    out: Option<&Path>,
) -> Result<PathBuf, DataError> {
    create_encounter_in(data, name, party, out, crate::encounter::System::Orcus)
}

/// [`create_encounter`] for a rules system; a 3rd-edition party must fit the table (D1).
pub fn create_encounter_in(
    data: &DataDir,
    name: &str,
    party: &Party,
    out: Option<&Path>,
    system: crate::encounter::System,
) -> Result<PathBuf, DataError> {
    let name = name.trim();
    crate::text::check_name("the encounter's name", name).map_err(DataError::BadName)?;
    if system == crate::encounter::System::D20e3 {
        crate::encounter::report3e::party_level(party).map_err(DataError::Refused)?;
    }
    let mut e = Encounter::new(name, party);
    e.system = system;
    let path = match out {
        Some(p) => p.to_owned(),
        None => path_in(&data.encounters(), &slugify(name), "yaml").map_err(DataError::BadId)?,
    };
    save_encounter(&path, &e, Expect::New)?;
    Ok(path)
}

/// Writes an encounter atomically, as `expect` allows. Returns the new fingerprint.
pub fn save_encounter(
    path: &Path,
    e: &Encounter,
    expect: Expect,
) -> Result<Fingerprint, DataError> {
    Ok(save_atomic(
        path,
        crate::yaml_io::to_string(e).as_bytes(),
        expect,
    )?)
}

/// Changes the encounter file at `path` under its lock: read, change, write, with no other save
/// in between, so that changes made at the same time by other processes are never lost. The
/// file's `x-` values are kept as written, or the change is refused ([`crate::yaml_keep`]).
pub fn update_encounter(
    path: &Path,
    mut change: impl FnMut(&mut Encounter) -> Result<(), DataError>,
) -> Result<(), DataError> {
    update_locked(path, |current| {
        let bytes = current.ok_or_else(|| DataError::Missing(path.to_owned()))?;
        let text = std::str::from_utf8(bytes).map_err(|_| DataError::NotUtf8(path.to_owned()))?;
        let mut e = parse_encounter(text, path)?;
        change(&mut e)?;
        Ok::<_, DataError>(Some(
            crate::yaml_keep::text_to_save(text, &e, path)?.into_bytes(),
        ))
    })?;
    Ok(())
}

/// Adds a group to the encounter file (merging with a like group), under its lock.
pub fn add_group(path: &Path, group: &Group) -> Result<(), DataError> {
    update_encounter(path, |e| e.add(group.clone()).map_err(DataError::Refused))
}

/// Removes a group from the encounter file, under its lock: `#N` (the Nth group), a monster id
/// (every group of it), a placeholder (`placeholder:5:standard:wrecker`), or a challenge
/// (`challenge:NAME`, or its bare name when no other group is called that).
pub fn remove_group(path: &Path, which: &str) -> Result<(), DataError> {
    update_encounter(path, |e| {
        let before = e.groups.len();
        if let Some(n) = which.strip_prefix('#') {
            let i: usize = n.parse().map_err(|_| {
                DataError::Refused(format!("`{which}` is not a group number such as #2"))
            })?;
            if i == 0 || i > e.groups.len() {
                return Err(DataError::Refused(format!(
                    "there is no group {which}; the encounter has {} groups",
                    e.groups.len()
                )));
            }
            e.groups.remove(i - 1);
        } else {
            let key = Placeholder::parse(which)
                .map(|p| p.to_string())
                .unwrap_or_else(|_| which.to_owned());
            e.groups.retain(|g| g.key() != key);
            if e.groups.len() == before {
                e.groups
                    .retain(|g| !g.challenge.as_ref().is_some_and(|c| c.is_named(which)));
            }
        }
        if e.groups.len() == before {
            let keys: Vec<String> = e.groups.iter().map(Group::key).collect();
            return Err(DataError::Refused(format!(
                "the encounter has no group `{which}`; it has: {}",
                keys.join(", ")
            )));
        }
        Ok(())
    })
}

/// The saved encounters: each file of `encounters/` with the encounter or why it did not load.
pub fn list_encounters(data: &DataDir) -> Result<Listing<Encounter>, DataError> {
    Ok(crate::store::yaml_files(&data.encounters())?
        .into_iter()
        .map(|f| {
            let e = load_encounter(&f).map(|(e, _)| e);
            (f, e)
        })
        .collect())
}
