//! The clap definitions. Vocabulary values parse case-insensitively through the rules module,
//! so a typo gets the valid values and a suggestion.

use crate::export::Format;
use crate::rules::{CreatureType, Level, Rank, Role, Size, Source, Tag};
use crate::vocab::Vocabulary;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

const EXIT_CODES: &str = "Exit status: 0 success; 1 the command failed (a bad file, an unknown monster, lint errors, a failed save); 2 the command line was invalid.";

/// Design Orcus d20 monsters and encounters. With no command, opens the terminal UI.
#[derive(Debug, Parser)]
#[command(name = "lairsmith", version, about, after_help = EXIT_CODES)]
pub struct Cli {
    /// Where your bestiary, parties and encounters live [default: the platform data directory,
    /// ~/.local/share/lairsmith on Linux].
    #[arg(long, global = true, env = "LAIRSMITH_DATA_DIR", value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create a monster from its level, rank, role, size, source, type and tags; print its stat
    /// block, or save it to your bestiary.
    New(NewArgs),
    /// Print a monster's stat block.
    Show(ShowArgs),
    /// List monsters, best fuzzy match first, with field filters.
    List(ListArgs),
    /// Re-derive a monster at a new level (and optionally rank and role); overrides and prose stay.
    Relevel(RelevelArgs),
    /// Check monsters for balance and playability.
    Lint(LintArgs),
    /// Rewrite monster files in lairsmith's canonical layout.
    Fmt(FmtArgs),
}

fn vocab<T: Vocabulary>(s: &str) -> Result<T, String> {
    T::parse(s).map_err(|e| e.to_string())
}

fn level(s: &str) -> Result<Level, String> {
    s.parse()
}

fn format(s: &str) -> Result<Format, String> {
    super::parse_format(s)
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// Level, 1 to 30.
    #[arg(long, value_parser = level)]
    pub level: Level,
    /// mook, standard, elite or boss.
    #[arg(long, value_parser = vocab::<Rank>, default_value = "standard")]
    pub rank: Rank,
    /// archer, blocker, skulker, spoiler, striker or wrecker.
    #[arg(long, value_parser = vocab::<Role>)]
    pub role: Role,
    /// Make it a leader (adds a leader power; changes no number).
    #[arg(long)]
    pub leader: bool,
    /// tiny, small, medium, large, huge or gargantuan.
    #[arg(long, value_parser = vocab::<Size>, default_value = "medium")]
    pub size: Size,
    /// cosmic, elemental, fey, natural, outsider or shadow.
    #[arg(long, value_parser = vocab::<Source>)]
    pub source: Source,
    /// automaton, beast, humanoid or monstrosity.
    #[arg(long = "type", value_parser = vocab::<CreatureType>)]
    pub creature_type: CreatureType,
    /// A tag (repeatable): air, aquatic, undead, fire, ...
    #[arg(long = "tag", value_parser = vocab::<Tag>)]
    pub tags: Vec<Tag>,
    /// The monster's name [default: "<Source> <Role>"].
    #[arg(long)]
    pub name: Option<String>,
    /// Output format: yaml, md or text.
    #[arg(long, value_parser = format, default_value = "text")]
    pub format: Format,
    /// Save the design to your bestiary and print its path.
    #[arg(long)]
    pub save: bool,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// A monster id (see `lairsmith list`) or a path to a monster file.
    pub monster: String,
    /// Output format: yaml, md or text.
    #[arg(long, value_parser = format, default_value = "text")]
    pub format: Format,
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
}

impl FilterArgs {
    pub fn to_filter(&self) -> Result<crate::bestiary::Filter, String> {
        Ok(crate::bestiary::Filter {
            levels: self
                .levels
                .as_deref()
                .map(crate::bestiary::Filter::parse_levels)
                .transpose()?,
            ranks: self.rank.clone(),
            roles: self.role.clone(),
            sources: self.source.clone(),
            types: self.creature_type.clone(),
            tags: self.tags.clone(),
            leader: self.leader.then_some(true),
        })
    }
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Fuzzy search on names (best match first).
    pub query: Option<String>,
    #[command(flatten)]
    pub filter: FilterArgs,
    /// Sort by name, level or xp (a query sorts by match quality first).
    #[arg(long, default_value = "name", value_parser = ["name", "level", "xp"])]
    pub sort: String,
    /// Print only ids, one per line (for scripts).
    #[arg(long)]
    pub ids: bool,
}

#[derive(Debug, Args)]
pub struct RelevelArgs {
    /// A monster id or a path to a monster file.
    pub monster: String,
    #[arg(long, value_parser = level)]
    pub level: Level,
    #[arg(long, value_parser = vocab::<Rank>)]
    pub rank: Option<Rank>,
    #[arg(long, value_parser = vocab::<Role>)]
    pub role: Option<Role>,
    /// Save the result as a new monster with this id in your bestiary.
    #[arg(long, value_name = "NEW_ID", conflicts_with = "save")]
    pub save_as: Option<String>,
    /// Overwrite the monster in place (your own monsters only).
    #[arg(long)]
    pub save: bool,
    /// Output format: yaml, md or text.
    #[arg(long, value_parser = format, default_value = "text")]
    pub format: Format,
}

#[derive(Debug, Args)]
pub struct LintArgs {
    /// Monster files or directories [default: your bestiary].
    pub paths: Vec<PathBuf>,
    /// Exit 1 on warnings too.
    #[arg(long)]
    pub strict: bool,
    /// Output format: text or json.
    #[arg(long, default_value = "text", value_parser = ["text", "json"])]
    pub format: String,
}

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Monster files or directories.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Report files that are not canonical instead of rewriting them (exit 1 if any).
    #[arg(long)]
    pub check: bool,
}
