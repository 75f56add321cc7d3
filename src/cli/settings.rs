//! `lairsmith config`: where the UI's settings file is, whether it reads, and the whole
//! default file.

use super::args::ConfigArgs;
use super::out::{Terminal, out, outln};
use super::{CmdResult, EXIT_OK, Failure};
use std::path::PathBuf;

#[cfg(feature = "tui")]
pub fn run(a: ConfigArgs, path: Option<PathBuf>, term: &mut Terminal) -> CmdResult {
    if a.defaults {
        out!(term, "{}", crate::tui::settings::render_defaults())?;
        return Ok(EXIT_OK);
    }
    let Some(path) = path else {
        return Err(Failure(
            "no config directory is known for this platform; pass --config FILE".into(),
        ));
    };
    if a.path {
        outln!(term, "{}", path.display())?;
        return Ok(EXIT_OK);
    }
    // Check the file: the message the UI would show, or that it reads.
    match crate::tui::settings::load(Some(&path)) {
        (_, _, Some(e)) => Err(Failure(e)),
        _ if !path.exists() => {
            outln!(
                term,
                "{} does not exist; the defaults are in force (`lairsmith config --defaults` prints them).",
                path.display()
            )?;
            Ok(EXIT_OK)
        }
        _ => {
            outln!(term, "{} reads without problems.", path.display())?;
            Ok(EXIT_OK)
        }
    }
}

#[cfg(not(feature = "tui"))]
pub fn run(_: ConfigArgs, _: Option<PathBuf>, _: &mut Terminal) -> CmdResult {
    Err(Failure(
        "this build has no terminal UI (built without the `tui` feature), so it has no settings"
            .into(),
    ))
}
