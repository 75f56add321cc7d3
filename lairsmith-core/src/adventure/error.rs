//! Why a change to an adventure file, or a look-up it makes, is refused ([`AdventureRefused`]).
//! Each message is the sentence the user sees. These travel as [`DataError::Refused`], since the
//! encounter's files (which [`DataError`] belongs to) are below adventures.

use crate::adventure::file::ListError;
use crate::encounter::error::DataError;
use std::path::PathBuf;

/// Why an adventure cannot be found or changed.
#[derive(Debug, thiserror::Error)]
pub enum AdventureRefused {
    /// The adventure's list of encounters refuses the change (full, no such position).
    #[error(transparent)]
    List(#[from] ListError),
    /// No file in `adventures/` has the id.
    #[error(
        "no saved adventure has the id `{id}`{}",
        closest_or(near, "`lairsmith adventure list` shows them")
    )]
    NoSuchAdventure {
        /// The id as given.
        id: String,
        /// Up to three saved adventures' ids closest to `id`.
        near: Vec<String>,
    },
    /// No file in `encounters/` has the id the adventure names.
    #[error(
        "no saved encounter has the id `{id}`{}",
        closest_or(near, "`lairsmith encounter list` shows them")
    )]
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

impl From<AdventureRefused> for DataError {
    fn from(e: AdventureRefused) -> DataError {
        DataError::Refused(Box::new(e))
    }
}

impl From<ListError> for DataError {
    fn from(e: ListError) -> DataError {
        AdventureRefused::List(e).into()
    }
}

/// "; OTHERWISE" when nothing is near, else " (closest: `a`, `b`)".
fn closest_or(near: &[String], otherwise: &str) -> String {
    if near.is_empty() {
        format!("; {otherwise}")
    } else {
        let list: Vec<String> = near.iter().map(|s| format!("`{s}`")).collect();
        format!(" (closest: {})", list.join(", "))
    }
}
