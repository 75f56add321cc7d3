//! The Bestiary screen's file work: what it asks of the executor ([`Job`]), what comes back
//! ([`Done`]), and the doing of it ([`run`], on the executor's thread).

use crate::tui::msg::{quoted_file, quoted_id};
use crate::tui::shell::Paths;
use crate::tui::write::{MonsterWrite, WriteError};
use lairsmith_core::monster::MonsterDesign;
use lairsmith_core::store::Fingerprint;
use std::path::PathBuf;

/// File work the Bestiary asks of the executor.
#[derive(Debug, Clone, PartialEq)]
pub enum Job {
    /// A duplicate or a re-levelled monster, new or over the user's own file.
    Write(MonsterWrite),
    /// One of the user's monsters moved to the trash.
    Remove { path: PathBuf, id: String },
    /// A monster put back from the trash.
    Restore { id: String },
}

/// What the executor reports back to the Bestiary.
#[derive(Debug)]
pub enum Done {
    Written {
        path: PathBuf,
        fingerprint: Fingerprint,
        design: Box<MonsterDesign>,
    },
    WriteFailed(WriteError),
    Removed {
        id: String,
        path: PathBuf,
    },
    RemoveFailed {
        path: PathBuf,
        why: std::io::Error,
    },
    Restored {
        id: String,
        result: Result<Box<(MonsterDesign, Fingerprint, PathBuf)>, RestoreFailed>,
    },
}

/// Why a monster did not come back from the trash.
#[derive(Debug)]
pub enum RestoreFailed {
    Trash(lairsmith_core::store::trash::RestoreError),
    /// Back in the bestiary's folder, but it cannot be read.
    File(lairsmith_core::yaml_io::FileError),
}

impl std::fmt::Display for RestoreFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RestoreFailed::Trash(e) => e.fmt(f),
            RestoreFailed::File(e) => e.fmt(f),
        }
    }
}

impl Done {
    /// The sentence for a removal that failed.
    pub fn remove_failed(path: &std::path::Path, why: &std::io::Error) -> String {
        format!("cannot delete {}: {why}", path.display())
    }
}

impl Job {
    /// Whether the job changes a file (every one of the Bestiary's does).
    pub fn writes(&self) -> bool {
        true
    }

    /// What the job does, for the status line.
    pub fn doing(&self) -> String {
        match self {
            Job::Write(w) => format!("saving {}", quoted_file(&w.path)),
            Job::Remove { id, .. } => format!("moving {} to the trash", quoted_id(id)),
            Job::Restore { id } => format!("restoring {}", quoted_id(id)),
        }
    }
}

/// Does `job` for the screen, on the executor's thread.
pub fn run(job: Job, paths: &Paths) -> Done {
    match job {
        Job::Write(w) => match w.run() {
            Ok(fingerprint) => Done::Written {
                path: w.path,
                fingerprint,
                design: w.design,
            },
            Err(e) => Done::WriteFailed(e),
        },
        // Waits for a save of the file in progress, so the save cannot bring it back.
        Job::Remove { path, id } => {
            match lairsmith_core::store::trash::move_to_trash(&paths.root, &path, &id) {
                Ok(_) => Done::Removed { id, path },
                Err(why) => Done::RemoveFailed { path, why },
            }
        }
        Job::Restore { id } => {
            let result = lairsmith_core::store::trash::restore(&paths.root, &paths.bestiary, &id)
                .map_err(RestoreFailed::Trash)
                .and_then(|path| {
                    lairsmith_core::monster::load_file(&path)
                        .map(|(d, fp)| Box::new((d, fp, path)))
                        .map_err(RestoreFailed::File)
                });
            Done::Restored { id, result }
        }
    }
}
