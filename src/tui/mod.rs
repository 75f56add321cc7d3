//! The terminal UI (work in progress in this build: opens and explains).

use crate::cli::DataDir;

pub fn run(_data: &DataDir) -> Result<(), String> {
    Err("the terminal UI is not built yet; use the subcommands (`lairsmith --help`)".into())
}
