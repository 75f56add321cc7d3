//! Why an encounter, party or adventure file of the data directory could not be found, read,
//! changed or saved ([`DataError`], each message the sentence the user sees, its hint apart),
//! and the reading that every such file goes through. The layers above wrap it in their own
//! errors (`adventure::AdventureError`, `fight::FightError`).

use crate::hint::Hint;
use crate::store::{Fingerprint, SaveError};
use crate::yaml_io::FileError;
use std::path::{Path, PathBuf};

/// Why an encounter or party file could not be found, read, changed or saved.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The file cannot be read, or its YAML is wrong (with line:column where there is one).
    #[error(transparent)]
    File(#[from] FileError),
    /// The file could not be saved: [`SaveError`] says why (it changed on disk since it was
    /// read, it is a symbolic link, the write failed).
    #[error(transparent)]
    Save(#[from] SaveError),
    /// The file's bytes are not UTF-8 text.
    #[error("{}: the file is not UTF-8 text", .0.display())]
    NotUtf8(PathBuf),
    /// The file to change does not exist.
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
    /// An Orcus rule asked of a 3rd-edition encounter (a treasure method, T1).
    #[error("{0}")]
    NotOrcus(String),
    /// A party argument is an id no saved party has, and not a party spec either.
    #[error(
        "no saved party has the id `{id}` ({}{}), and {}",
        saved_list(saved),
        did_you_mean_after(suggestion),
        spec.clause()
    )]
    UnknownParty {
        /// The word given as a party.
        id: String,
        /// The ids of the saved parties, of which the message names the first few.
        saved: Vec<String>,
        /// The saved party's id closest to `id`, when one is close.
        suggestion: Option<String>,
        /// Why the word is not a party spec either.
        spec: crate::encounter::party::SpecError,
    },
    /// A party argument that cannot be an id (`3,3,x`) and is not a party spec.
    #[error(
        "{spec}; nor can it be a saved party's id (lower-case letters and digits joined by hyphens)"
    )]
    NotAParty {
        /// Why the word is not a party spec.
        spec: crate::encounter::party::SpecError,
    },
    /// An encounter names a saved party that is not there.
    #[error("the encounter names the party `{id}`, but {} does not exist", path.display())]
    MissingParty {
        /// The saved party's id the encounter names.
        id: String,
        /// Where that party's file would be.
        path: PathBuf,
    },
    /// A party command names a party that is not saved ([`Hint::ListParties`]).
    #[error(
        "no saved party has the id `{id}`{}",
        crate::vocab::did_you_mean(suggestion)
    )]
    NoSuchParty {
        /// The id given.
        id: String,
        /// The saved party's id closest to `id`, when one is close.
        suggestion: Option<String>,
    },
    /// `party level-up --member`, `party stats` or `party rest --spend` names nobody in the
    /// party.
    #[error("the party `{id}` has no member `{given}`{}; its members: {}", crate::vocab::did_you_mean(suggestion), members.join(", "))]
    NoSuchMember {
        /// The party's id.
        id: String,
        /// The member as given: a name, or `#N` for the Nth.
        given: String,
        /// The member's name closest to `given`, when one is close.
        suggestion: Option<String>,
        /// Every member's name (or `#N` for an unnamed one), for the message.
        members: Vec<String>,
    },
    /// Levelling up would take a character past the highest level.
    #[error("{who} is level {level}; {by} more would pass level {max}, the highest a character reaches (Levels, Tiers and Bonuses: levels run from 1 to {max}); the party `{id}` was not changed", max = crate::rules::level::MAX_LEVEL)]
    PastMaxLevel {
        /// The party's id.
        id: String,
        /// The character's name, or `#N` (counting from 1) for an unnamed one.
        who: String,
        /// The character's level now.
        level: u8,
        /// The levels asked for.
        by: u32,
    },
    /// `party stats` would break a rule between a character's numbers (current HP above the
    /// maximum, recoveries left without the recoveries a day).
    #[error("{source}; the party `{id}` was not changed")]
    Numbers {
        /// The party's id.
        id: String,
        /// The rule broken.
        source: crate::encounter::party::NumbersError,
    },
    /// `party stats` was given a number outside its field's range.
    #[error("{source}; the party `{id}` was not changed")]
    NumberOutOfRange {
        /// The party's id.
        id: String,
        /// The number and its range.
        source: crate::limits::LimitError,
    },
    /// A rest the party cannot take (P20): more recoveries spent than are left, a character
    /// named twice.
    #[error("{source}; the party `{id}` was not changed")]
    Rest {
        /// The party's id.
        id: String,
        /// Why.
        source: crate::encounter::rest::RestError,
    },
    /// A party being removed could not be moved to the data directory's trash.
    #[error("cannot move {} to the trash: {source}", path.display())]
    Trash {
        /// The file that stays where it was.
        path: PathBuf,
        /// Why the move failed.
        source: std::io::Error,
    },
    /// A group that cannot be added, found or changed (a count past the most a group holds,
    /// `#9` in an encounter of three groups, a placeholder that is none).
    #[error(transparent)]
    Group(#[from] crate::encounter::file::GroupError),
    /// A 3rd-edition party the encounter tables do not cover (D1).
    #[error(transparent)]
    D20e3(#[from] crate::rules::d20e3::D20e3Error),
    /// `encounter remove` names a group the encounter does not have.
    #[error("the encounter has no group `{which}`; it has: {}", groups.join(", "))]
    NoGroup {
        /// The group as given.
        which: String,
        /// The keys of the groups the encounter has.
        groups: Vec<String>,
    },
    /// A save that would change one of the file's `x-` values.
    #[error(transparent)]
    NotKept(#[from] crate::yaml_keep::Refused),
}

impl DataError {
    /// What the user can do next, which the message leaves for each face to word: list the
    /// saved parties after an unknown one; a file's own ([`FileError::hint`]).
    pub fn hint(&self) -> Option<Hint> {
        match self {
            DataError::NoSuchParty { .. } => Some(Hint::ListParties),
            DataError::File(e) => e.hint(),
            _ => None,
        }
    }
}

/// Each file of a folder, with what it holds or why it did not load.
pub type Listing<T> = Vec<(PathBuf, Result<T, DataError>)>;

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
