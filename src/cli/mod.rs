//! The command line: one thin subcommand per file over the library. With no subcommand the
//! binary opens the terminal UI.

mod adventure;
mod args;
mod doc;
mod encounter;
mod export_layout;
mod fight;
mod fmt;
pub mod hint;
mod lint;
mod list;
mod manual;
mod new;
pub mod out;
mod party;
mod relevel;
mod restore;
mod schema;
mod settings;
mod show;
mod template;
mod treasure;

pub use args::{Cli, Command, ReportFormat};
pub use encounter::EncounterFormat;
pub use lairsmith_core::data_dir::{DataDir, names_a_file};
pub use lint::LintFormat;
pub use list::SortKey;
pub use manual::commands_markdown;
pub use out::{EXIT_BROKEN_PIPE, Terminal};

use lairsmith_core::bestiary::{Bestiary, Entry};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Exit status: success.
pub const EXIT_OK: u8 = 0;
/// Exit status: the command ran but failed (bad file, unknown monster, lint errors, failed save).
pub const EXIT_FAILURE: u8 = 1;
/// Exit status: the command line itself was invalid (clap's convention).
pub const EXIT_USAGE: u8 = 2;

/// The data directory: `--data-dir`, else `LAIRSMITH_DATA_DIR` (clap reads both), else the
/// platform data directory (`~/.local/share/lairsmith` on Linux).
pub fn resolve_data_dir(explicit: Option<PathBuf>) -> Result<DataDir, String> {
    let root = match explicit {
        Some(p) => p,
        None => dirs::data_dir()
            .map(|d| d.join("lairsmith"))
            .ok_or("no data directory could be found for this platform; pass --data-dir DIR or set LAIRSMITH_DATA_DIR")?,
    };
    Ok(DataDir::new(root))
}

/// A failed command: a sentence for stderr.
#[derive(Debug)]
pub struct Failure(pub String);

impl<E: hint::Worded> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure(e.worded())
    }
}

pub type CmdResult = Result<u8, Failure>;

/// The binary: parses the process's arguments and runs them. Clap's help and errors go through
/// the same [`Terminal`] as everything else (plain, without colour, since an error can quote
/// an argument holding control characters), with clap's exit status. An argument an error
/// quotes is shown as typed, its control characters escaped as in lairsmith's own messages.
pub fn main() -> ExitCode {
    use clap::Parser;
    match Cli::try_parse() {
        Ok(cli) => run(cli),
        Err(e) => {
            let mut term = Terminal::stdio();
            // The text as clap wrote it. Its `Display` strips escape sequences, which were only
            // its styles' but took a quoted argument's with them (`completions $'b\e]2;X\aash'`
            // said `invalid value 'bash'`); with plain styles the text holds none of its own,
            // and the terminal escapes what is left, the argument's, where it stands.
            let text = e.render().ansi().to_string();
            let result = if e.use_stderr() {
                term.err(format_args!("{text}"));
                Ok(())
            } else {
                out::out!(term, "{text}")
            };
            let code = u8::try_from(e.exit_code()).unwrap_or(EXIT_USAGE);
            term.finish(result.map(|()| code))
        }
    }
}

/// Runs a parsed command line, writing to the process's stdout and stderr.
pub fn run(cli: Cli) -> ExitCode {
    let mut term = Terminal::stdio();
    let result = run_on(cli, &mut term);
    term.finish(result)
}

/// Runs a parsed command line, writing to `term`.
pub fn run_on(cli: Cli, term: &mut Terminal) -> CmdResult {
    // These describe the command line itself: no data directory is needed or looked for.
    match &cli.command {
        Some(Command::Completions { shell }) => return manual::completions(*shell, term),
        Some(Command::Man { command }) => return manual::man(command, term),
        _ => {}
    }
    let data = resolve_data_dir(cli.data_dir.clone())?;
    match cli.command {
        None => open_ui(&data, settings_path(cli.config.clone()).as_deref()),
        Some(Command::New(a)) => new::run(&data, a, term),
        Some(Command::Show(a)) => show::run(&data, a, term),
        Some(Command::Template(c)) => template::run(&data, c, term),
        Some(Command::List(a)) => list::run(&data, a, term),
        Some(Command::Relevel(a)) => relevel::run(&data, a, term),
        Some(Command::Lint(a)) => lint::run(&data, a, term),
        Some(Command::Fmt(a)) => fmt::run(a, term),
        Some(Command::Budget(a)) => encounter::run_budget(&data, a, term),
        Some(Command::Party(c)) => party::run(&data, c, term),
        Some(Command::Encounter(c)) => encounter::run_encounter(&data, c, term),
        Some(Command::Adventure(c)) => adventure::run(&data, c, term),
        Some(Command::Fight(c)) => fight::run(&data, c, settings_path(cli.config).as_deref(), term),
        Some(Command::Restore(a)) => restore::run(&data, a, term),
        Some(Command::Treasure(c)) => treasure::run(&data, c, term),
        Some(Command::Config(a)) => settings::run(a, settings_path(cli.config), term),
        Some(Command::Schema(a)) => schema::run(a, term),
        Some(Command::ExportLayout(a)) => export_layout::run(a, term),
        Some(Command::Completions { .. } | Command::Man { .. }) => unreachable!("answered above"),
    }
}

/// The settings file: `--config`, else the platform's config directory.
fn settings_path(explicit: Option<PathBuf>) -> Option<PathBuf> {
    explicit.or_else(|| crate::config::default_path(dirs::config_dir().as_deref()))
}

fn open_ui(data: &DataDir, settings: Option<&Path>) -> CmdResult {
    // Stopped by a signal: the shell's convention, 128 + the signal's number.
    crate::tui::run(data, settings)
        .map(|signal| signal.map_or(EXIT_OK, |s| u8::try_from(128 + s).unwrap_or(EXIT_FAILURE)))
        .map_err(Failure::from)
}

/// Finds a monster by id, or loads it from a file path, through the library
/// ([`lairsmith_core::bestiary::saved::resolve_monster`]); its refusals say here what a command line can
/// do next: run the command again, or list the ids.
pub fn resolve_monster(bestiary: &Bestiary, id_or_file: &str) -> Result<Entry, Failure> {
    lairsmith_core::bestiary::saved::resolve_monster(bestiary, id_or_file).map_err(no_monster)
}

/// Why no monster answers to a word, as the command line says it.
pub fn no_monster(e: lairsmith_core::bestiary::saved::NoMonster) -> Failure {
    use lairsmith_core::bestiary::saved::NoMonster;
    match e {
        NoMonster::NoLongerHolds { id, path } => Failure(format!(
            "{} no longer holds `{id}`; run the command again",
            path.display()
        )),
        e @ NoMonster::Unknown { .. } => {
            Failure(format!("{e}; `lairsmith list` shows every monster"))
        }
        e => Failure(hint::with_hint(&e, e.hint().as_ref())),
    }
}

/// Prints bestiary load errors (bad files are reported, the rest still load).
pub fn report_load_errors(b: &Bestiary, term: &mut Terminal) {
    for e in &b.errors {
        out::errln!(
            term,
            "lairsmith: skipped {}",
            hint::with_hint(e, e.hint().as_ref())
        );
    }
}
