//! The command line's top: `Cli` and its `Command`s, and what several commands share (the
//! value parsers, the listing and report formats, the bestiary's filters). Each command's own
//! arguments sit beside its handler (`new.rs` holds `NewArgs`, `fight/args.rs` `FightCmd`), so
//! that a change to one command touches its own files. Vocabulary values parse
//! case-insensitively through the rules module, so a typo gets the valid values and a suggestion.

use super::adventure::AdventureCmd;
use super::encounter::{BudgetArgs, EncounterCmd};
use super::export_layout::ExportLayoutArgs;
use super::fight::FightCmd;
use super::fmt::FmtArgs;
use super::lint::LintArgs;
use super::list::ListArgs;
use super::new::NewArgs;
use super::party::PartyCmd;
use super::relevel::RelevelArgs;
use super::restore::RestoreArgs;
use super::schema::SchemaArgs;
use super::settings::ConfigArgs;
use super::show::ShowArgs;
use super::template::TemplateCmd;
use super::treasure::TreasureCmd;
use clap::{Args, Parser, Subcommand, ValueEnum};
use lairsmith_core::export::Format;
use lairsmith_core::rules::{CreatureType, Level, Rank, Role, Source, Tag};
use lairsmith_core::vocab::Vocabulary;
use std::path::PathBuf;

const EXIT_CODES: &str = "Exit status: 0 success; 1 the command failed (a bad file, an unknown monster, lint errors, a failed save, output that could not be written); 2 the command line was invalid; 141 the reader of the output went away (`lairsmith list | head`), as for grep or cat.";

/// Design Orcus d20 monsters and encounters. With no command, opens the terminal UI.
// Plain styles: clap's help and errors are rendered with no escape sequence of their own, so
// every control character in them came from what was typed, and `cli::main` hands them to the
// terminal as they are, to be escaped there like everything else.
#[derive(Debug, Parser)]
#[command(
    name = "lairsmith",
    version,
    about,
    after_help = EXIT_CODES,
    styles = clap::builder::Styles::plain()
)]
pub struct Cli {
    /// Where your bestiary, parties and encounters live [default: the platform data directory,
    /// ~/.local/share/lairsmith on Linux].
    #[arg(long, global = true, env = "LAIRSMITH_DATA_DIR", value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// The settings file for the terminal UI (keys and theme) [default:
    /// $XDG_CONFIG_HOME/lairsmith/config.yaml, ~/.config/lairsmith/config.yaml on Linux].
    #[arg(long, global = true, env = "LAIRSMITH_CONFIG", value_name = "FILE")]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create a monster from its level, rank, role, size, source, type and tags; print its stat
    /// block, or save it to your bestiary. Ability scores you do not set follow lairsmith's own
    /// default (16 + half level on the role's key ability, 10 to 14 elsewhere), not the book's.
    New(NewArgs),
    /// Print a monster's stat block.
    Show(ShowArgs),
    /// Monster templates (undead, solo, a fire cult...): list them, show one, apply one to a
    /// monster or take it off. A monster keeps only the template's id; its stat block derives
    /// the rest, at any level.
    #[command(subcommand)]
    Template(TemplateCmd),
    /// List monsters, best fuzzy match first, with field filters.
    List(ListArgs),
    /// Re-derive a monster at a new level (and optionally rank and role); overrides and prose stay.
    Relevel(RelevelArgs),
    /// Check monsters for balance and playability.
    Lint(LintArgs),
    /// Rewrite monster files in lairsmith's canonical layout.
    Fmt(FmtArgs),
    /// A party's XP budget (the book's) and the encounter XP of each difficulty band (lairsmith's
    /// own reading, not the book's).
    Budget(BudgetArgs),
    /// Save, list, change, level up and remove parties.
    #[command(subcommand)]
    Party(PartyCmd),
    /// Build, check, generate and export encounters.
    #[command(subcommand)]
    Encounter(EncounterCmd),
    /// Plan adventures: saved encounters in the order they are played, the XP each character
    /// earns, where the party levels up, and the treasure.
    #[command(subcommand)]
    Adventure(AdventureCmd),
    /// Run a fight at the table by the book: initiative, hit points, conditions, saves,
    /// refresh, action points, the XP at the end (RULINGS P1-P10). Every change is one step,
    /// saved at once in `<data>/fights/`, and undoable.
    #[command(subcommand)]
    Fight(FightCmd),
    /// Put a deleted monster back from the trash (deleted monsters stay there 30 days).
    Restore(RestoreArgs),
    /// Treasure: plan a method of the book's "Distributing Magic Items" over some encounters,
    /// or roll treasure troves.
    #[command(subcommand)]
    Treasure(TreasureCmd),
    /// The settings file of the terminal UI: where it is, whether it reads, and the whole
    /// default file with every action's name.
    Config(ConfigArgs),
    /// Print the JSON Schema (draft 2020-12) of a file kind, for editors' completion and
    /// validation, or write every kind's into a directory.
    Schema(SchemaArgs),
    /// Print a completion script for your shell: `lairsmith completions bash >
    /// ~/.local/share/bash-completion/completions/lairsmith` (zsh: a `_lairsmith` file in your
    /// $fpath; fish: ~/.config/fish/completions/lairsmith.fish).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): of lairsmith, or of one command (`lairsmith man encounter`).
    /// Read it with `lairsmith man | man -l -`.
    Man {
        /// The command whose page to print, and its subcommand (`encounter add`).
        command: Vec<String>,
    },
    /// Write a layout file for another tool: `fantasy-statblocks`, the "Orcus" layout that
    /// draws `show --format statblock` blocks (import it in Fantasy Statblocks' settings).
    ExportLayout(ExportLayoutArgs),
}

pub(super) fn vocab<T: Vocabulary>(s: &str) -> Result<T, String> {
    T::parse(s).map_err(|e| e.to_string())
}

pub(super) fn level(s: &str) -> Result<Level, String> {
    Ok(s.parse()?)
}

pub(super) fn format(s: &str) -> Result<Format, String> {
    s.parse()
        .map_err(|e: lairsmith_core::export::UnknownFormat| e.to_string())
}

/// `budget --format`, `encounter check --format` and the other reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    Text,
    Yaml,
    /// The same fields as yaml.
    Json,
}

/// `--format` of every listing (`list`, `party list`, `template list`, ...).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    /// A line or a table row each, for people.
    #[default]
    Text,
    /// A sequence of mappings, one each.
    Yaml,
    /// The same as yaml.
    Json,
}

/// The `--format` argument of a listing.
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct ListFormatArg {
    /// Output format: text, yaml or json (one mapping each, the same fields).
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
}

#[derive(Debug, Args, Clone, Default)]
pub struct FilterArgs {
    /// Levels: 5, 3..7, ..7 or 12..
    #[arg(long = "level", value_name = "A..B")]
    pub levels: Option<String>,
    #[arg(long, value_parser = vocab::<Rank>)]
    pub rank: Vec<Rank>,
    #[arg(long, value_parser = vocab::<Role>)]
    pub role: Vec<Role>,
    #[arg(long, value_parser = vocab::<Source>)]
    pub source: Vec<Source>,
    #[arg(long = "type", value_parser = vocab::<CreatureType>)]
    pub creature_type: Vec<CreatureType>,
    /// Monsters must have every tag given.
    #[arg(long = "tag", value_parser = vocab::<Tag>)]
    pub tags: Vec<Tag>,
    /// Only leaders.
    #[arg(long)]
    pub leader: bool,
    /// Only your own monsters (those in your bestiary), not the shipped ones.
    #[arg(long)]
    pub mine: bool,
}

impl FilterArgs {
    pub fn to_filter(&self) -> Result<lairsmith_core::bestiary::Filter, String> {
        Ok(lairsmith_core::bestiary::Filter {
            levels: self
                .levels
                .as_deref()
                .map(lairsmith_core::bestiary::Filter::parse_levels)
                .transpose()?,
            ranks: self.rank.clone(),
            roles: self.role.clone(),
            sources: self.source.clone(),
            types: self.creature_type.clone(),
            tags: self.tags.clone(),
            leader: self.leader.then_some(true),
            mine: self.mine,
        })
    }
}

/// A whole number in `limit`'s range (a character's defense for `fight roll --defense`, in
/// the range a fight file holds), or the sentence saying the range.
pub(super) fn limited(
    limit: lairsmith_core::limits::Limit,
) -> impl Fn(&str) -> Result<i64, String> + Clone {
    move |s: &str| {
        let n: i64 = s.trim().parse().map_err(|_| {
            format!(
                "`{s}` is not a whole number; {} is {}",
                limit.what,
                limit.range_text()
            )
        })?;
        limit.check(n).map_err(|e| e.to_string())
    }
}

/// A clap parser for a whole number within one of the documented ranges (`limits`).
pub(super) fn bounded(
    limit: lairsmith_core::limits::Limit,
) -> impl Fn(&str) -> Result<u32, String> + Clone {
    let limited = limited(limit);
    move |s: &str| {
        let n = limited(s)?;
        u32::try_from(n).map_err(|_| limit.refusal(n))
    }
}
