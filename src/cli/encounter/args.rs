//! The arguments of `lairsmith budget` and `lairsmith encounter ...`.

use crate::cli::args::{FilterArgs, ListFormatArg, ReportFormat, bounded, vocab};
use clap::{Args, Subcommand, ValueEnum};
use lairsmith_core::encounter::System;
use lairsmith_core::rules::Difficulty;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct BudgetArgs {
    /// The party: 4x3 (four level-3 characters), 3,3,4,5, Ana=3,Bo=4, or a saved party's id.
    #[arg(long)]
    pub party: String,
    /// The rules: orcus, or d20-3e (3rd-edition XP awards; party levels 1 to 20).
    #[arg(long, value_parser = vocab::<System>, default_value = "orcus")]
    pub system: System,
    /// Output format: text, yaml or json.
    #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
    pub format: ReportFormat,
}

#[derive(Debug, Subcommand)]
pub enum EncounterCmd {
    /// Create an encounter file (in the data directory's encounters/, or --out FILE).
    New {
        name: String,
        /// A party (4x3, 3,3,4,5, Ana=3,Bo=4) or a saved party's id (kept as a reference, so
        /// levelling the saved party up carries over and a fight's XP is written to it).
        #[arg(long, default_value = "4x1")]
        party: String,
        #[arg(long)]
        out: Option<PathBuf>,
        /// The rules: orcus, or d20-3e (foes by challenge rating; party levels 1 to 20).
        #[arg(long, value_parser = vocab::<System>, default_value = "orcus")]
        system: System,
    },
    /// Add monsters: a bestiary id or placeholder:LEVEL:RANK:ROLE; in a d20-3e encounter,
    /// cr:N (1 to 20, 1/2, 1/3, 1/4, 1/6, 1/8), cr:N+L (a monster with L class levels),
    /// character:N or npc:N (class level N: CR N, or N - 1 for an NPC). Or an extended challenge:
    /// challenge:LEVEL:SUCCESSES --name NAME (challenge:party:SUCCESSES for the party level).
    Add(AddArgs),
    /// Set a group's notes, printed beside it on every sheet; "" clears them. GROUP is #N (the
    /// Nth group), a monster id, placeholder:..., cr:N, a challenge's name or a group's label,
    /// and must name one group.
    Note {
        file: String,
        group: String,
        text: String,
    },
    /// Set how the encounter's treasure is handed out (steady, items-only, troves, narrative:
    /// Distributing Magic Items), or `none` for the book's average gold per character (E5).
    /// Every sheet and export of the encounter then names that treasure; --treasure on `check`
    /// and `export` still shows another.
    Set {
        file: String,
        #[arg(long, value_name = "METHOD", value_parser = method_or_none)]
        treasure: MethodOrNone,
    },
    /// Remove a group: its monster id, its placeholder:..., its cr:N (cr:N+L), character:N,
    /// npc:N, challenge:NAME, or #N.
    Remove { file: String, monster: String },
    /// The budget, XP, difficulty, XP per character and treasure of an encounter. The difficulty
    /// bands are lairsmith's own reading, not the book's; --explain marks every such term.
    Check {
        file: String,
        /// Print every term of the arithmetic and where it comes from.
        #[arg(long)]
        explain: bool,
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
        #[command(flatten)]
        treasure: EncounterTreasureArgs,
    },
    /// Export the encounter sheet (Markdown or printable HTML), the file, or Foundry VTT dnd4e
    /// actors.
    Export(ExportArgs),
    /// Fill a difficulty band from the bestiary.
    Generate(Box<GenerateArgs>),
    /// Apply a template (a theme such as a fire cult) to every monster group, saving themed
    /// copies of the monsters and a new encounter that uses them; the originals stay as they are.
    Theme {
        file: String,
        template: String,
        /// The new encounter's id (its file in the data directory's encounters/).
        #[arg(long, value_name = "NEW_ID")]
        save_as: String,
    },
    /// List saved encounters.
    List(ListFormatArg),
}

/// `encounter add FILE MONSTER [--count N] ...`.
#[derive(Debug, Args)]
pub struct AddArgs {
    pub file: String,
    pub monster: String,
    /// How many (1 to 999).
    #[arg(long, default_value = "1")]
    pub count: lairsmith_core::encounter::Count,
    /// On the party's side: does not count against the budget.
    #[arg(long)]
    pub ally: bool,
    /// A name for the group (`--name` too).
    #[arg(long, alias = "name")]
    pub label: Option<String>,
    /// Notes on the group, printed beside it on the sheet (at most 1,000 characters;
    /// several lines allowed).
    #[arg(long)]
    pub notes: Option<String>,
    /// A challenge's failures allowed (1 to 20; default 3).
    #[arg(long)]
    pub failures: Option<String>,
    /// A challenge's skill and the DC word of its first check, e.g. athletics:moderate, or
    /// the skill alone for Moderate; later checks with the skill are at Hard and group
    /// checks at Easy (A3). Repeatable.
    #[arg(long = "skill", value_name = "SKILL[:DC]")]
    pub skills: Vec<String>,
}

/// `encounter export FILE [--format F] [--out FILE] ...`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    pub file: String,
    #[command(flatten)]
    pub treasure: EncounterTreasureArgs,
    #[arg(long, value_enum, default_value_t = EncounterFormat::Md)]
    pub format: EncounterFormat,
    /// `table`: with --format html, the sheet for running the fight on paper (an
    /// initiative ladder, a hit-point track and boxes for each creature, compact stat
    /// blocks) instead of the planning sheet.
    #[arg(long = "for", value_name = "USE", value_parser = ["table"])]
    pub for_use: Option<String>,
    /// Write to this file instead of printing (`-`: standard output). Only a regular file is
    /// written (never through a symbolic link); an existing one only with --force.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Overwrite the --out file if it exists.
    #[arg(long, requires = "out")]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The party: 4x5, 3,3,4,5, or a saved party's id (kept as a reference in the YAML).
    #[arg(long)]
    pub party: String,
    /// The rules: orcus (monsters from the bestiary), or d20-3e (a mix of challenge ratings).
    #[arg(long, value_parser = vocab::<System>, default_value = "orcus")]
    pub system: System,
    /// trivial, easy, standard, hard or deadly (lairsmith's own bands, not the book's).
    #[arg(long, value_parser = vocab::<Difficulty>, default_value = "standard")]
    pub difficulty: Difficulty,
    /// Fuzzy query the monsters' names or ids must match.
    pub query: Option<String>,
    #[command(flatten)]
    pub filter: FilterArgs,
    /// A monster id or placeholder:LEVEL:RANK:ROLE that must be in the encounter, kept as given
    /// (repeatable; twice is two of it).
    #[arg(long, value_name = "ID")]
    pub lock: Vec<String>,
    /// The most monsters in the encounter (1 to 200).
    #[arg(long, default_value_t = 8, value_parser = bounded(lairsmith_core::limits::GENERATED_MONSTERS))]
    pub max_monsters: u32,
    /// The most bosses in the encounter (0 to 200).
    #[arg(long, default_value_t = 1, value_parser = bounded(lairsmith_core::limits::GENERATED_OF_A_KIND))]
    pub max_bosses: u32,
    /// The most leaders in the encounter (0 to 200).
    #[arg(long, default_value_t = lairsmith_core::encounter::generate::DEFAULT_MAX_LEADERS, value_parser = bounded(lairsmith_core::limits::GENERATED_OF_A_KIND))]
    pub max_leaders: u32,
    /// The random seed; the same seed gives the same encounter [default: random, recorded under
    /// `generated:`].
    #[arg(long)]
    pub seed: Option<u64>,
    /// The encounter's name.
    #[arg(long)]
    pub name: Option<String>,
    /// Output format: yaml (an encounter file), json (the same), md (the sheet), text or html
    /// (the sheet to print).
    #[arg(long, value_enum, default_value_t = EncounterFormat::Yaml)]
    pub format: EncounterFormat,
    /// Write to this file instead of printing (`-`: standard output). Only a regular file is
    /// written (never through a symbolic link); an existing one only with --force.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Overwrite the --out file if it exists.
    #[arg(long, requires = "out")]
    pub force: bool,
}

/// `encounter set --treasure`: a method, or `none`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MethodOrNone(pub Option<lairsmith_core::treasure::Method>);

fn method_or_none(s: &str) -> Result<MethodOrNone, String> {
    if s.trim().eq_ignore_ascii_case("none") {
        return Ok(MethodOrNone(None));
    }
    vocab::<lairsmith_core::treasure::Method>(s)
        .map(|m| MethodOrNone(Some(m)))
        .map_err(|e| format!("{e}, or none"))
}

/// `encounter check|export --treasure`: the encounter's treasure under one of the book's methods.
#[derive(Debug, Clone, Args)]
pub struct EncounterTreasureArgs {
    /// Show the encounter's treasure under a method: steady, items-only, troves or narrative
    /// (Distributing Magic Items); without it, the encounter's own (`encounter set --treasure`),
    /// else the book's average gold per character (E5).
    #[arg(long, value_parser = vocab::<lairsmith_core::treasure::Method>)]
    pub treasure: Option<lairsmith_core::treasure::Method>,
    /// The seed the treasure is rolled from (default 0); an adventure's seed rolls what the
    /// adventure gives on this encounter's first play.
    #[arg(long, requires = "treasure")]
    pub seed: Option<u64>,
}

/// `encounter export --format` and `encounter generate --format`: the sheet (Markdown), the
/// encounter file, or the report as text; or the sheet as printable HTML.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EncounterFormat {
    Md,
    Yaml,
    /// The same as yaml.
    Json,
    Text,
    Html,
    /// Actors for Foundry VTT's dnd4e system, one per distinct monster.
    Foundry,
    /// An Obsidian note: an Initiative Tracker encounter block and Fantasy Statblocks blocks.
    Obsidian,
}
