//! The Adventure screen's file work: what it asks of the executor ([`Job`]), what comes back
//! ([`Done`]), and the doing of it ([`run`], on the executor's thread): the adventure saved and
//! read, the encounters it lists and its party read for rating.

use crate::tui::app::{AfterLeave, Paths};
use crate::tui::msg::quoted_stem;
use crate::tui::write::{DocWrite, WriteError};
use lairsmith_core::adventure::Adventure;
use lairsmith_core::encounter::{DataError, Party, PartyChoice};
use lairsmith_core::store::Fingerprint;
use std::path::PathBuf;

/// File work the Adventure screen asks of the executor.
#[derive(Debug, Clone, PartialEq)]
pub enum Job {
    /// The adventure written; then `then` (the user saved on the way out).
    Save {
        write: DocWrite,
        then: Option<AfterLeave>,
    },
    Load {
        path: PathBuf,
    },
    /// The encounters the adventure lists (by id) and its saved party, read for rating.
    LoadParts {
        ids: Vec<String>,
        party: Option<String>,
    },
    /// A party typed into the prompt that may name a saved party: the saved party when there
    /// is one, else the text as a spec.
    LoadParty {
        text: String,
    },
}

/// What the executor reports back to the Adventure screen.
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
    Loaded {
        path: PathBuf,
        result: Result<(Box<Adventure>, Fingerprint), DataError>,
    },
    Parts {
        loaded: std::collections::BTreeMap<String, lairsmith_core::adventure::check::Loaded>,
        party: Option<(String, Result<Party, String>)>,
        /// P10: the saved party's record of the fights whose XP it was given, read with it.
        played: Vec<lairsmith_core::encounter::party::Played>,
    },
    PartyLoaded {
        text: String,
        result: Result<PartyChoice, DataError>,
    },
}

impl Job {
    /// Whether the job changes a file; a read can be cancelled by dropping its result.
    pub fn writes(&self) -> bool {
        matches!(self, Job::Save { .. })
    }

    /// What the job does, for the status line.
    pub fn doing(&self) -> String {
        match self {
            Job::Save { write, .. } => {
                format!("saving {}", crate::tui::msg::quoted_file(&write.path))
            }
            Job::Load { path } => format!("reading the adventure {}", quoted_stem(path)),
            Job::LoadParts { .. } => "reading the adventure's encounters".to_owned(),
            Job::LoadParty { .. } => "reading the party".to_owned(),
        }
    }
}

/// Does `job` for the screen, on the executor's thread.
pub fn run(job: Job, paths: &Paths) -> Done {
    let data = lairsmith_core::data_dir::DataDir::new(paths.root.clone());
    match job {
        Job::Save { write, then } => match write.run::<Adventure>() {
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
        Job::Load { path } => Done::Loaded {
            result: lairsmith_core::adventure::load_adventure(&path)
                .map(|(a, fp)| (Box::new(a), fp)),
            path,
        },
        Job::LoadParts { ids, party } => {
            let loaded = lairsmith_core::adventure::check::load_encounters(&data, &ids);
            // Kept as words: the screen keeps the party's state beside the encounters' and
            // clones it with them.
            let mut played = Vec::new();
            let party = party.map(|id| {
                let result = lairsmith_core::encounter::saved::resolve_party_ref_played(
                    &data,
                    &lairsmith_core::encounter::PartyRef::Saved(id.clone()),
                )
                .map(|(party, p)| {
                    played = p;
                    party
                })
                .map_err(|e| e.to_string());
                (id, result)
            });
            Done::Parts {
                loaded,
                party,
                played,
            }
        }
        Job::LoadParty { text } => Done::PartyLoaded {
            result: lairsmith_core::encounter::choose_party(&data, &text),
            text,
        },
    }
}
