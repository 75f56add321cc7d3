//! The Forge's file work: what it asks of the executor ([`Job`]), what comes back ([`Done`]),
//! and the doing of it ([`run`], on the executor's thread): the monster saved, its drafts kept,
//! read, deleted.

use super::drafts::Reopened;
use crate::tui::document::OnDisk;
use crate::tui::msg::AfterLeave;
use crate::tui::msg::quoted_file;
use crate::tui::shell::Paths;
use crate::tui::write::{MonsterWrite, WriteError};
use lairsmith_core::bestiary::drafts;
use lairsmith_core::monster::MonsterDesign;
use lairsmith_core::store::Fingerprint;
use std::path::PathBuf;

/// File work the Forge asks of the executor.
#[derive(Debug, Clone, PartialEq)]
pub enum Job {
    /// The Forge's monster written; then `then` (the user saved on the way out).
    Save {
        write: MonsterWrite,
        then: Option<AfterLeave>,
    },
    /// The Forge's work kept as a draft: over the draft it was taken up from (`replacing`), or
    /// as a new one; then `then`.
    KeepDraft {
        draft: Box<drafts::Draft>,
        replacing: Option<OnDisk>,
        then: Option<AfterLeave>,
    },
    /// A draft read to take up again in the Forge, with the monster file it changes.
    LoadDraft { path: PathBuf },
    /// A draft whose monster was saved to the bestiary, deleted.
    RemoveDraft { path: PathBuf },
    /// A draft the GM deleted from the list, moved to the trash.
    TrashDraft { path: PathBuf },
}

/// What the executor reports back to the Forge.
#[derive(Debug)]
pub enum Done {
    Saved {
        path: PathBuf,
        fingerprint: Fingerprint,
        design: Box<MonsterDesign>,
        then: Option<AfterLeave>,
    },
    SaveFailed {
        path: PathBuf,
        error: WriteError,
    },
    /// The Forge's work kept as a draft (where, and what the file holds), or why not.
    DraftKept {
        result: Result<OnDisk, drafts::KeepError>,
        then: Option<AfterLeave>,
    },
    /// A draft read again, or why it cannot be.
    DraftLoaded {
        path: PathBuf,
        result: Result<Box<Reopened>, lairsmith_core::yaml_io::FileError>,
    },
    /// A saved monster's draft deleted, or why it could not be.
    DraftRemoved {
        path: PathBuf,
        result: std::io::Result<()>,
    },
    /// A draft moved to the trash, or why it could not be.
    DraftTrashed {
        path: PathBuf,
        result: std::io::Result<PathBuf>,
    },
}

impl Job {
    /// Whether the job changes a file; a read can be cancelled by dropping its result.
    pub fn writes(&self) -> bool {
        !matches!(self, Job::LoadDraft { .. })
    }

    /// What the job does, for the status line.
    pub fn doing(&self) -> String {
        match self {
            Job::Save { write, .. } => format!("saving {}", quoted_file(&write.path)),
            Job::KeepDraft { .. } => "keeping the draft".to_owned(),
            Job::LoadDraft { path } => format!("reading the draft {}", quoted_file(path)),
            Job::RemoveDraft { path } | Job::TrashDraft { path } => {
                format!("deleting the draft {}", quoted_file(path))
            }
        }
    }
}

/// Does `job` for the Forge, on the executor's thread.
pub fn run(job: Job, paths: &Paths) -> Done {
    match job {
        Job::Save { write, then } => match write.run() {
            Ok(fingerprint) => Done::Saved {
                path: write.path,
                fingerprint,
                design: write.design,
                then,
            },
            Err(error) => Done::SaveFailed {
                path: write.path,
                error,
            },
        },
        Job::KeepDraft {
            draft,
            replacing,
            then,
        } => {
            let replacing = replacing
                .as_ref()
                .map(|d| (d.path.as_path(), d.fingerprint));
            let result = drafts::keep(&paths.drafts(), &draft.design.id, &draft, replacing)
                .map(|(path, fingerprint)| OnDisk { path, fingerprint });
            Done::DraftKept { result, then }
        }
        Job::LoadDraft { path } => Done::DraftLoaded {
            result: reopen_draft(&path, paths).map(Box::new),
            path,
        },
        Job::RemoveDraft { path } => Done::DraftRemoved {
            result: drafts::remove(&path),
            path,
        },
        Job::TrashDraft { path } => Done::DraftTrashed {
            result: drafts::trash(&paths.root, &path),
            path,
        },
    }
}

/// A draft read again, with the user's monster file its work changes (named within the
/// bestiary folder, never a path elsewhere) as that file is now.
fn reopen_draft(
    path: &std::path::Path,
    paths: &Paths,
) -> Result<Reopened, lairsmith_core::yaml_io::FileError> {
    let (draft, fingerprint) = drafts::load(path)?;
    let (base, lost) = match &draft.origin.edits {
        None => (None, None),
        Some((name, _)) => {
            let (stem, ext) = name
                .rsplit_once('.')
                .filter(|(_, ext)| matches!(*ext, "yaml" | "yml"))
                .unwrap_or((name.as_str(), ""));
            match lairsmith_core::store::path_in(&paths.bestiary, stem, ext)
                .map_err(|e| format!("the draft names the file `{name}`: {e}"))
                .and_then(|file| {
                    lairsmith_core::monster::load_file(&file)
                        .map(|(design, _)| (file, design))
                        .map_err(|e| e.to_string())
                }) {
                Ok(base) => (Some(base), None),
                Err(why) => (None, Some(why)),
            }
        }
    };
    Ok(Reopened {
        draft,
        fingerprint,
        base,
        lost,
    })
}
