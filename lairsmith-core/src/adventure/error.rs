//! Why a change to an adventure file, or a look-up it makes, fails: the adventure layer's
//! [`AdventureError`], which wraps the encounter layer's [`DataError`] below it and this
//! layer's own refusals ([`AdventureRefused`]). Each message is the sentence the user sees, its
//! hint apart ([`AdventureError::hint`]).

use crate::adventure::file::ListError;
use crate::encounter::error::DataError;
use crate::hint::Hint;
use std::path::PathBuf;

/// Why an adventure, or a file it names, could not be found, read, changed or saved.
#[derive(Debug, thiserror::Error)]
pub enum AdventureError {
    /// The file itself: it cannot be read or saved, or a party or name in it is wrong.
    #[error(transparent)]
    Data(#[from] DataError),
    /// The adventure refuses the change or the look-up.
    #[error(transparent)]
    Refused(#[from] AdventureRefused),
}

impl AdventureError {
    /// What the user can do next, which the message leaves for each face to word.
    pub fn hint(&self) -> Option<Hint> {
        match self {
            AdventureError::Data(e) => e.hint(),
            AdventureError::Refused(e) => e.hint(),
        }
    }
}

/// Why an adventure cannot be found or changed.
#[derive(Debug, thiserror::Error)]
pub enum AdventureRefused {
    /// The adventure's list of encounters refuses the change (full, no such position).
    #[error(transparent)]
    List(#[from] ListError),
    /// No file in `adventures/` has the id ([`Hint::ListAdventures`] when none is close).
    #[error("no saved adventure has the id `{id}`{}", closest(near))]
    NoSuchAdventure {
        /// The id as given.
        id: String,
        /// Up to three saved adventures' ids closest to `id`.
        near: Vec<String>,
    },
    /// No file in `encounters/` has the id the adventure names ([`Hint::ListEncounters`] when
    /// none is close).
    #[error("no saved encounter has the id `{id}`{}", closest(near))]
    NoSuchEncounter {
        /// The id as given.
        id: String,
        /// Up to three saved encounters' ids closest to `id`.
        near: Vec<String>,
    },
    /// The encounter's path is there but is no regular file (a FIFO, a device, a folder): it is
    /// never opened, since reading one could block for ever.
    #[error("{}: {source}", path.display())]
    NotAFile {
        /// The encounter's path.
        path: PathBuf,
        /// What it is instead.
        source: std::io::Error,
    },
    /// The adventure names a saved party whose file is not there.
    #[error("the adventure names the party `{id}`, but {} does not exist", path.display())]
    MissingParty {
        /// The party's id.
        id: String,
        /// Where its file would be.
        path: PathBuf,
    },
    /// A move of an encounter to a position the list does not have (`adventure move`).
    #[error("there is no position {to}; the adventure has 1 to {n}")]
    NoMoveTarget {
        /// The position asked for, counting from 1.
        to: usize,
        /// How many positions there are.
        n: usize,
    },
}

impl AdventureRefused {
    /// What the user can do next, which the message leaves for each face to word: list the
    /// saved adventures or encounters, when no id is close to the one given.
    pub fn hint(&self) -> Option<Hint> {
        match self {
            AdventureRefused::NoSuchAdventure { near, .. } if near.is_empty() => {
                Some(Hint::ListAdventures)
            }
            AdventureRefused::NoSuchEncounter { near, .. } if near.is_empty() => {
                Some(Hint::ListEncounters)
            }
            _ => None,
        }
    }
}

impl From<ListError> for AdventureError {
    fn from(e: ListError) -> AdventureError {
        AdventureRefused::List(e).into()
    }
}

/// The encounter layer's causes, each as the [`DataError`] it is.
macro_rules! data_error_from {
    ($($t:ty),*) => {$(
        impl From<$t> for AdventureError {
            fn from(e: $t) -> AdventureError {
                AdventureError::Data(e.into())
            }
        }
    )*};
}
data_error_from!(
    crate::yaml_io::FileError,
    crate::store::SaveError,
    crate::yaml_keep::Refused
);

/// " (closest: `a`, `b`)", or nothing when no id is near.
fn closest(near: &[String]) -> String {
    if near.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = near.iter().map(|s| format!("`{s}`")).collect();
        format!(" (closest: {})", list.join(", "))
    }
}
