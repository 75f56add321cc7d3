//! The party form's file work, for the Encounter and the Adventure screens: a saved party read
//! with its file's fingerprint, or its numbers written over the file as read ([`Job`],
//! [`Done`], [`run`] on the executor's thread).

use super::Step;
use crate::tui::app::Paths;
use crate::tui::msg::{Owner, quoted_id};
use lairsmith_core::encounter::{DataError, Member, PartyFile};
use lairsmith_core::store::{Fingerprint, SaveError};

/// File work the party form asks of the executor, for `owner`'s screen.
#[derive(Debug, Clone, PartialEq)]
pub enum Job {
    /// A saved party read for the form, with its file's fingerprint.
    ReadNumbers { id: String, owner: Owner },
    /// Every member's numbers written to a saved party's file if it still is as read (`seen`):
    /// the form's, or an undo's or a redo's (`step`).
    SetNumbers {
        id: String,
        owner: Owner,
        seen: Fingerprint,
        members: Vec<Member>,
        step: Step,
    },
}

/// What the executor reports back to the party form.
#[derive(Debug)]
pub enum Done {
    /// A saved party read for the form, with its file's fingerprint, or why not.
    NumbersRead {
        id: String,
        owner: Owner,
        result: Result<(PartyFile, Fingerprint), DataError>,
    },
    /// A saved party's numbers written (the party as saved, and its file's fingerprint), or
    /// why not.
    NumbersSet {
        id: String,
        owner: Owner,
        step: Step,
        result: Result<(PartyFile, Fingerprint), DataError>,
    },
}

/// Refused because the file is no longer as it was read.
pub fn changed_on_disk(e: &DataError) -> bool {
    matches!(e, DataError::Save(SaveError::ChangedOnDisk { .. }))
}

impl Job {
    /// Whether the job changes a file; a read can be cancelled by dropping its result.
    pub fn writes(&self) -> bool {
        matches!(self, Job::SetNumbers { .. })
    }

    /// What the job does, for the status line.
    pub fn doing(&self) -> String {
        match self {
            Job::ReadNumbers { id, .. } => format!("reading the party {}", quoted_id(id)),
            Job::SetNumbers { id, .. } => {
                format!("saving the numbers of the party {}", quoted_id(id))
            }
        }
    }
}

/// Does `job` for the form, on the executor's thread.
pub fn run(job: Job, paths: &Paths) -> Done {
    let data = lairsmith_core::data_dir::DataDir::new(paths.root.clone());
    match job {
        Job::SetNumbers {
            id,
            owner,
            seen,
            members,
            step,
        } => Done::NumbersSet {
            result: lairsmith_core::encounter::set_numbers(&data, &id, seen, &members),
            id,
            owner,
            step,
        },
        Job::ReadNumbers { id, owner } => Done::NumbersRead {
            result: lairsmith_core::encounter::read_party(&data, &id),
            id,
            owner,
        },
    }
}
