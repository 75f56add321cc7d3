//! Exports any screen makes (a stat block, an encounter or adventure sheet) to a file the user
//! names: the command, the question when the file exists, and what the write did.

use crate::tui::app::App;
use crate::tui::keymap::Action;
use crate::tui::layer::{Confirm, Layer};
use crate::tui::msg::{Cmd, Effect, Outcome, WritePurpose};
use lairsmith_core::store::Expect;

/// The export of `contents` to the file named `text`.
pub fn to_file(app: &mut App, text: &str, contents: String) -> Vec<Effect> {
    if text.trim().is_empty() {
        app.error("No file name given; nothing exported.");
        return Vec::new();
    }
    // A relative name is taken from the export directory, never from wherever the process
    // happens to be: the prompt showed that directory, so this is where the user looked.
    let path = app.paths.exports.join(text.trim());
    vec![Cmd::Export { path, contents }.into()]
}

/// The answer to "the file exists: overwrite it?"; `Err` keeps asking.
pub fn on_confirm(
    path: std::path::PathBuf,
    contents: String,
    action: Action,
) -> Result<Vec<Effect>, Confirm> {
    match action {
        Action::Yes => Ok(vec![
            Cmd::Write {
                base: None,
                copy_of: None,
                path,
                contents,
                expect: Expect::Anything,
                purpose: WritePurpose::Export,
                then: None,
            }
            .into(),
        ]),
        Action::No | Action::Back => Ok(Vec::new()),
        _ => Err(Confirm::Overwrite { path, contents }),
    }
}

pub fn on_outcome(app: &mut App, outcome: Outcome) -> Vec<Effect> {
    match outcome {
        Outcome::ExportExists { path, contents } => {
            app.push(Layer::Confirm(Confirm::Overwrite { path, contents }))
        }
        Outcome::Written { path, .. } => app.info(format!("Exported to {}.", path.display())),
        Outcome::WriteFailed { message, .. } => app.error(message),
        _ => {}
    }
    Vec::new()
}
