//! `lairsmith config`: where the UI's settings file is, whether it reads, and the whole
//! default file.

use super::out::{Terminal, out, outln};
use super::{CmdResult, EXIT_OK, Failure};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// Print the whole default settings file: every action the `keys:` section can rebind,
    /// with its keys and where it applies, and the theme's options.
    #[arg(long)]
    pub defaults: bool,
    /// Print the path of the settings file lairsmith reads.
    #[arg(long, conflicts_with = "defaults")]
    pub path: bool,
}

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
    // Check the file: every problem it has, each on its own line, or that it reads.
    match crate::tui::settings::read(&path) {
        Err(e) => {
            for p in &e.problems {
                term.err(format_args!("lairsmith: {p}\n"));
            }
            let n = e.problems.len();
            Err(Failure(format!(
                "{} has {n} problem{}; the UI does not use a file with problems and starts with \
                 the default keys and theme",
                path.display(),
                if n == 1 { "" } else { "s" }
            )))
        }
        Ok(_) if !path.exists() => {
            outln!(
                term,
                "{} does not exist; the defaults are in force (`lairsmith config --defaults` prints them).",
                path.display()
            )?;
            Ok(EXIT_OK)
        }
        Ok(_) => {
            outln!(term, "{} reads without problems.", path.display())?;
            Ok(EXIT_OK)
        }
    }
}
