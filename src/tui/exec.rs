//! Carries out commands: the only place the UI touches files (and the editor). Each screen's
//! file work is its own (`screens::<screen>::job::run`); this only hands it over, and does the
//! few commands every screen shares.

use crate::tui::app::{Cmd, Outcome, Paths};
use crate::tui::screens::{adventure, bestiary, encounter, forge, party, table};
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::monster::load_file;

/// Runs one command that needs no terminal (everything but the editor).
pub fn run(cmd: Cmd, paths: &Paths) -> Option<Outcome> {
    Some(match cmd {
        Cmd::Bestiary(job) => Outcome::Bestiary(bestiary::job::run(job, paths)),
        Cmd::Forge(job) => Outcome::Forge(forge::job::run(job, paths)),
        Cmd::Encounter(job) => Outcome::Encounter(encounter::job::run(job, paths)),
        Cmd::Adventure(job) => Outcome::Adventure(adventure::job::run(job, paths)),
        Cmd::Fight(job) => Outcome::Fight(table::job::run(job, paths)),
        Cmd::Party(job) => Outcome::Party(party::job::run(job, paths)),
        Cmd::Export(job) => Outcome::Export(crate::tui::export::run(job)),
        Cmd::ListFiles(purpose) => Outcome::Files {
            purpose,
            result: crate::tui::files::read(purpose, paths),
        },
        Cmd::ReloadAll { reopen } => {
            let bestiary = Bestiary::load(Some(&paths.bestiary));
            // The monster to open in the Forge is read here, not by the screen that opens it.
            if let Some(e) = reopen.as_deref().and_then(|id| bestiary.get(id)) {
                let _ = e.design();
            }
            Outcome::Reloaded {
                bestiary: Box::new(bestiary),
                reopen,
            }
        }
        Cmd::ReadDesign { id, path } => Outcome::DesignRead {
            read: crate::tui::designs::read(&path),
            id,
            path,
        },
        // A convenience, not the GM's work: a state file that cannot be written is no news.
        Cmd::Remember(changes) => {
            let _ = lairsmith_core::session::write(&paths.root, &changes);
            Outcome::Nothing
        }
        Cmd::OpenEditor { .. } => return None,
    })
}

/// Opens `path` in `$VISUAL`/`$EDITOR` (else `vi`), waits, and reads the file back.
pub fn edit(path: &std::path::Path) -> Outcome {
    let editor = std::env::var("VISUAL")
        .or_else(|_| std::env::var("EDITOR"))
        .unwrap_or_else(|_| "vi".to_owned());
    let mut parts = editor.split_whitespace();
    let program = parts.next().unwrap_or("vi");
    let status = std::process::Command::new(program)
        .args(parts)
        .arg(path)
        .status();
    let result = match status {
        Ok(s) if s.success() => load_file(path).map(Box::new).map_err(|e| e.to_string()),
        Ok(s) => Err(format!("the editor `{editor}` exited with {s}")),
        Err(e) => Err(format!(
            "cannot start the editor `{editor}`: {e} (set $EDITOR)"
        )),
    };
    Outcome::Edited {
        path: path.to_owned(),
        result,
    }
}
