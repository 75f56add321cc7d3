//! The Encounter screen's file work: what it asks of the executor ([`Job`]), what comes back
//! ([`Done`]), and the doing of it ([`run`], on the executor's thread): the encounter saved and
//! read, its party read, saved, levelled up or removed.

use crate::tui::app::{AfterLeave, Paths};
use crate::tui::msg::{quoted_id, quoted_stem};
use crate::tui::write::{DocWrite, WriteError};
use lairsmith_core::encounter::{DataError, Encounter, Party, PartyChoice};
use lairsmith_core::store::Fingerprint;
use std::path::PathBuf;

/// A change to a saved party's file, asked about first: other files name the party.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartyChange {
    LevelUp,
    Remove,
}

/// File work the Encounter screen asks of the executor.
#[derive(Debug, Clone, PartialEq)]
pub enum Job {
    /// The encounter written; then `then` (the user saved on the way out).
    Save {
        write: DocWrite,
        then: Option<AfterLeave>,
    },
    /// The screen's party saved under `id`, as a new file.
    SaveParty {
        id: String,
        write: DocWrite,
    },
    Load {
        path: PathBuf,
    },
    /// A party typed into the prompt that may name a saved party: the saved party when there
    /// is one, else the text as a spec.
    LoadParty {
        text: String,
    },
    /// Which saved encounters and adventures name a saved party, before a key changes its file.
    PartyUsers {
        id: String,
        change: PartyChange,
    },
    /// Every member of a saved party one level up, in its file.
    LevelUpParty {
        id: String,
    },
    /// A saved party's file to the trash.
    RemoveParty {
        id: String,
    },
}

/// What the executor reports back to the Encounter screen.
#[derive(Debug)]
pub enum Done {
    Saved {
        path: PathBuf,
        fingerprint: Fingerprint,
        then: Option<AfterLeave>,
    },
    SaveFailed {
        path: PathBuf,
        error: WriteError,
    },
    PartySaved {
        id: String,
        path: PathBuf,
    },
    PartySaveFailed {
        path: PathBuf,
        error: WriteError,
    },
    Loaded {
        path: PathBuf,
        result: Result<(Encounter, Party, Fingerprint), DataError>,
    },
    PartyLoaded {
        text: String,
        result: Result<PartyChoice, DataError>,
    },
    /// Who names a saved party, for the question before `change`.
    PartyUsers {
        id: String,
        change: PartyChange,
        users: lairsmith_core::adventure::saved::PartyUsers,
    },
    /// The party's file as levelled up, or why not.
    PartyLevelledUp {
        id: String,
        result: Result<lairsmith_core::encounter::PartyFile, DataError>,
    },
    PartyRemoved {
        id: String,
        result: Result<PathBuf, DataError>,
    },
}

impl Job {
    /// Whether the job changes a file; a read can be cancelled by dropping its result.
    pub fn writes(&self) -> bool {
        matches!(
            self,
            Job::Save { .. }
                | Job::SaveParty { .. }
                | Job::LevelUpParty { .. }
                | Job::RemoveParty { .. }
        )
    }

    /// What the job does, for the status line.
    pub fn doing(&self) -> String {
        match self {
            Job::Save { write, .. } | Job::SaveParty { write, .. } => {
                format!("saving {}", crate::tui::msg::quoted_file(&write.path))
            }
            Job::Load { path } => format!("reading the encounter {}", quoted_stem(path)),
            Job::LoadParty { .. } => "reading the party".to_owned(),
            Job::PartyUsers { id, .. } => {
                format!(
                    "looking for the files that name the party {}",
                    quoted_id(id)
                )
            }
            Job::LevelUpParty { id } => format!("levelling up the party {}", quoted_id(id)),
            Job::RemoveParty { id } => format!("deleting the party {}", quoted_id(id)),
        }
    }
}

/// Does `job` for the screen, on the executor's thread.
pub fn run(job: Job, paths: &Paths) -> Done {
    let data = lairsmith_core::data_dir::DataDir::new(paths.root.clone());
    match job {
        Job::Save { write, then } => match write.run::<Encounter>() {
            Ok(fingerprint) => Done::Saved {
                path: write.path,
                fingerprint,
                then,
            },
            Err(error) => Done::SaveFailed {
                path: write.path,
                error,
            },
        },
        Job::SaveParty { id, write } => match write.run::<lairsmith_core::encounter::PartyFile>() {
            Ok(_) => Done::PartySaved {
                id,
                path: write.path,
            },
            Err(error) => Done::PartySaveFailed {
                path: write.path,
                error,
            },
        },
        Job::Load { path } => Done::Loaded {
            result: lairsmith_core::encounter::load_encounter(&path).and_then(|(e, fp)| {
                lairsmith_core::encounter::party_of(&data, &e).map(|p| (e, p, fp))
            }),
            path,
        },
        Job::LoadParty { text } => Done::PartyLoaded {
            result: lairsmith_core::encounter::choose_party(&data, &text),
            text,
        },
        Job::PartyUsers { id, change } => Done::PartyUsers {
            users: lairsmith_core::adventure::saved::party_users(&data, &id),
            id,
            change,
        },
        Job::LevelUpParty { id } => Done::PartyLevelledUp {
            result: lairsmith_core::encounter::parties::level_up(&data, &id, 1, None),
            id,
        },
        Job::RemoveParty { id } => Done::PartyRemoved {
            result: lairsmith_core::encounter::parties::remove_party(&data, &id).map(|r| r.to),
            id,
        },
    }
}
