//! The saves more than one screen asks for, done on the executor's thread through the library:
//! a document (an encounter, a party, an adventure) saved keeping its file's `x-` values, a
//! monster saved keeping its file's layout; and why a save did not happen, as the library's
//! own error, worded where it is shown.

use lairsmith_core::monster::MonsterDesign;
use lairsmith_core::monster::saved::MonsterSaveError;
use lairsmith_core::store::{Expect, Fingerprint, SaveError};
use lairsmith_core::{NotKept as Refused, NotSaved};
use std::path::PathBuf;

/// A document's text written to `path`: over the file as read (`Expect::Unchanged`) or as a
/// new file, which keeps the `x-` values of the file it copies (`copy_of`).
#[derive(Debug, Clone, PartialEq)]
pub struct DocWrite {
    pub path: PathBuf,
    pub contents: String,
    pub expect: Expect,
    pub copy_of: Option<PathBuf>,
}

impl DocWrite {
    /// Writes the document as a file of type `T` ([`lairsmith_core::save_document`]).
    pub fn run<T>(&self) -> Result<Fingerprint, WriteError>
    where
        T: serde::de::DeserializeOwned
            + serde::Serialize
            + lairsmith_core::yaml_io::KeepsXKeys
            + Clone,
    {
        Ok(lairsmith_core::save_document::<T>(
            &self.path,
            &self.contents,
            self.expect,
            self.copy_of.as_deref(),
        )?)
    }
}

/// A monster written to `path`: over its own file read as `base` (`Expect::Unchanged`: only
/// the lines that changed are rewritten where the file's layout allows, comments kept), as a
/// copy of the file `copy_of` (its `x-` values kept, or the write refused saying why), or new.
#[derive(Debug, Clone, PartialEq)]
pub struct MonsterWrite {
    pub path: PathBuf,
    pub design: Box<MonsterDesign>,
    pub expect: Expect,
    pub base: Option<Box<MonsterDesign>>,
    pub copy_of: Option<PathBuf>,
}

impl MonsterWrite {
    /// Writes the monster through [`lairsmith_core::monster::saved`].
    pub fn run(&self) -> Result<Fingerprint, WriteError> {
        use lairsmith_core::monster::saved::{save_copy, save_new, save_over};
        let (path, design) = (&self.path, &self.design);
        Ok(match (self.expect, &self.copy_of) {
            (Expect::Unchanged(fp), _) => save_over(path, self.base.as_deref(), design, fp)?,
            // The UI overwrites only a monster file it read: any other save makes a new file.
            (_, Some(from)) => save_copy(path, design, Some(from))?,
            (_, None) => save_new(path, design)?,
        })
    }
}

/// Why a save did not happen, as the library said it.
#[derive(Debug)]
pub enum WriteError {
    /// Refused or failed by the store: changed on disk, a name taken, a link in the way.
    Save(SaveError),
    /// An `x-` value of the file could not be kept as the file writes it.
    NotKept(Refused),
    /// Any other reason a monster could not be saved.
    Monster(MonsterSaveError),
}

impl WriteError {
    /// The file changed on disk since it was read.
    pub fn changed_on_disk(&self) -> bool {
        matches!(self, WriteError::Save(SaveError::ChangedOnDisk { .. }))
    }

    /// A new file's name is taken.
    pub fn exists(&self) -> bool {
        matches!(self, WriteError::Save(SaveError::AlreadyExists { .. }))
    }
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Save(e) => e.fmt(f),
            // One line for the status bar: the first reason, and how many more.
            WriteError::NotKept(r) => f.write_str(&r.summary()),
            WriteError::Monster(e) => e.fmt(f),
        }
    }
}

impl From<SaveError> for WriteError {
    fn from(e: SaveError) -> WriteError {
        WriteError::Save(e)
    }
}

impl From<NotSaved> for WriteError {
    fn from(e: NotSaved) -> WriteError {
        match e {
            NotSaved::Save(e) => WriteError::Save(e),
            NotSaved::NotKept(r) => WriteError::NotKept(r),
        }
    }
}

impl From<MonsterSaveError> for WriteError {
    fn from(e: MonsterSaveError) -> WriteError {
        match e {
            MonsterSaveError::Save(e) => WriteError::Save(e),
            MonsterSaveError::NotKept(r) => WriteError::NotKept(r),
            e => WriteError::Monster(e),
        }
    }
}
