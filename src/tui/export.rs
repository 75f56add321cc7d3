//! Exports any screen makes (a stat block, an encounter or adventure sheet) to a file the user
//! names, end to end: the command, the file work ([`Job`], [`run`]), the question when the
//! file exists, and what the write did ([`Done`], [`on_outcome`]).

use crate::tui::keymap::Action;
use crate::tui::layer::{Confirm, Layer};
use crate::tui::msg::{Cmd, Effect, Outcome};
use crate::tui::shell::Shell;
use lairsmith_core::store::{Expect, SaveError};
use std::path::PathBuf;

/// An export's file work.
#[derive(Debug, Clone, PartialEq)]
pub enum Job {
    /// To a file the user named: if one is there, the screen asks back ([`Done::Exists`])
    /// instead of writing.
    Try { path: PathBuf, contents: String },
    /// Written as `expect` says (over the file there, once the user said so).
    Write {
        path: PathBuf,
        contents: String,
        expect: Expect,
    },
}

/// What an export's file work did.
#[derive(Debug)]
pub enum Done {
    /// A regular file is there: ask before writing over it.
    Exists {
        path: PathBuf,
        contents: String,
    },
    Written {
        path: PathBuf,
    },
    Failed(ExportError),
}

/// Why an export was not written.
#[derive(Debug)]
pub enum ExportError {
    /// A folder, a FIFO, a device or a link is at the path.
    NotRegular {
        path: PathBuf,
        why: std::io::Error,
    },
    Save(SaveError),
}

impl std::fmt::Display for ExportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExportError::NotRegular { path, why } => {
                write!(f, "{}: {why}; nothing exported", path.display())
            }
            ExportError::Save(e) => e.fmt(f),
        }
    }
}

impl Job {
    pub fn doing(&self) -> String {
        match self {
            Job::Try { path, .. } => format!("exporting to {}", crate::tui::msg::quoted_file(path)),
            Job::Write { path, .. } => format!("saving {}", crate::tui::msg::quoted_file(path)),
        }
    }
}

/// Does `job` on the executor's thread. A regular file there already is asked about first; a
/// folder, a FIFO, a device or a link is refused; anything else is written as a new file.
pub fn run(job: Job) -> Done {
    let (path, contents, expect) = match job {
        Job::Write {
            path,
            contents,
            expect,
        } => (path, contents, expect),
        Job::Try { path, contents } => match std::fs::symlink_metadata(&path) {
            Ok(m) if m.is_file() => return Done::Exists { path, contents },
            // Refused now: asking "overwrite it?" first would offer what the write then
            // refuses.
            Ok(m) => {
                let why = lairsmith_core::store::not_regular(m.file_type());
                return Done::Failed(ExportError::NotRegular { path, why });
            }
            Err(_) => (path, contents, Expect::New),
        },
    };
    match lairsmith_core::export::write_file(&path, &contents, expect) {
        Ok(_) => Done::Written { path },
        Err(e) => Done::Failed(ExportError::Save(e)),
    }
}

/// The whole path an export of `name` is offered under: a slug of the name (so nothing read
/// from a file can steer the path) in the export directory.
pub fn export_name(dir: &std::path::Path, name: &str, ext: &str) -> String {
    let mut slug = lairsmith_core::monster::slugify(name);
    if slug.is_empty() {
        slug = "export".into();
    }
    dir.join(format!("{slug}.{ext}")).display().to_string()
}

/// The export of `contents` to the file named `text`.
pub fn to_file(shell: &mut Shell, text: &str, contents: String) -> Vec<Effect> {
    if text.trim().is_empty() {
        shell.error("No file name given; nothing exported.");
        return Vec::new();
    }
    // A relative name is taken from the export directory, never from wherever the process
    // happens to be: the prompt showed that directory, so this is where the user looked.
    let path = shell.paths.exports.join(text.trim());
    vec![Cmd::Export(Job::Try { path, contents }).into()]
}

/// The answer to "the file exists: overwrite it?"; `Err` keeps asking.
pub fn on_confirm(path: PathBuf, contents: String, action: Action) -> Result<Vec<Effect>, Confirm> {
    match action {
        Action::Yes => Ok(vec![
            Cmd::Export(Job::Write {
                path,
                contents,
                expect: Expect::Anything,
            })
            .into(),
        ]),
        Action::No | Action::Back => Ok(Vec::new()),
        _ => Err(Confirm::Overwrite { path, contents }),
    }
}

pub fn on_outcome(shell: &mut Shell, done: Done) -> Vec<Effect> {
    match done {
        Done::Exists { path, contents } => {
            shell.push(Layer::Confirm(Confirm::Overwrite { path, contents }))
        }
        Done::Written { path } => shell.info(format!("Exported to {}.", path.display())),
        Done::Failed(e) => shell.error(e.to_string()),
    }
    Vec::new()
}

/// An outcome of the exports'.
impl From<Done> for Outcome {
    fn from(d: Done) -> Outcome {
        Outcome::Export(d)
    }
}
