//! The clap definitions. Vocabulary values parse case-insensitively through the rules module,
//! so a typo gets the valid values and a suggestion.

use crate::encounter::System;
use crate::export::Format;
use crate::rules::{CreatureType, Difficulty, Level, Rank, Role, Size, Source, Tag};
use crate::vocab::Vocabulary;
use clap::{Args, Parser, Subcommand, ValueEnum};
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

#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// The file kind: monster, encounter, party, template, adventure or fight.
    #[arg(required_unless_present = "write", value_parser = vocab::<crate::schema::FileKind>)]
    pub kind: Option<crate::schema::FileKind>,
    /// Write every kind's schema into DIR as `<kind>.schema.json` instead of printing one.
    #[arg(long, value_name = "DIR", conflicts_with = "kind")]
    pub write: Option<PathBuf>,
    /// Overwrite schema files that already exist.
    #[arg(long, requires = "write")]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct ExportLayoutArgs {
    /// The tool the layout is for.
    #[arg(value_enum)]
    pub tool: LayoutTool,
    /// Write to this file instead of printing (`-`: standard output). Only a regular file is
    /// written (never through a symbolic link); an existing one only with --force.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Overwrite the --out file if it exists.
    #[arg(long, requires = "out")]
    pub force: bool,
}

/// `export-layout TOOL`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LayoutTool {
    /// The Obsidian plugin Fantasy Statblocks.
    FantasyStatblocks,
}

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

#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// The id of the deleted monster (its newest copy in the trash is restored).
    #[arg(required_unless_present = "list")]
    pub id: Option<String>,
    /// List what the trash holds, newest first.
    #[arg(long)]
    pub list: bool,
}

fn vocab<T: Vocabulary>(s: &str) -> Result<T, String> {
    T::parse(s).map_err(|e| e.to_string())
}

fn level(s: &str) -> Result<Level, String> {
    Ok(s.parse()?)
}

fn format(s: &str) -> Result<Format, String> {
    s.parse()
        .map_err(|e: crate::export::UnknownFormat| e.to_string())
}

/// `lint --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LintFormat {
    Text,
    Json,
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

pub use crate::bestiary::search::SortKey;

/// `--sort`'s words. The library's `SortKey` knows nothing of clap, so the words are listed
/// here, where clap shows them in the help and the completions.
fn sort_key() -> impl clap::builder::TypedValueParser<Value = SortKey> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(["name", "level", "xp"]).map(|word| {
        match word.as_str() {
            "level" => SortKey::Level,
            "xp" => SortKey::Xp,
            _ => SortKey::Name,
        }
    })
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
    /// A monster template to apply (repeatable, applied in order); `lairsmith template list`
    /// shows them.
    #[arg(long = "template", value_name = "ID")]
    pub templates: Vec<String>,
    /// The monster's name [default: "<Source> <Role>"].
    #[arg(long)]
    pub name: Option<String>,
    /// Output format: yaml, json (the same fields), md, text, html or foundry.
    #[arg(long, value_parser = format, default_value = "text")]
    pub format: Format,
    /// Save the design to your bestiary and print its path.
    #[arg(long)]
    pub save: bool,
}

#[derive(Debug, Subcommand)]
pub enum TemplateCmd {
    /// List the templates: the shipped ones and yours (in the data directory's templates/).
    List(ListFormatArg),
    /// What a template changes: rank, tags and what they grant, senses, movement, traits and
    /// powers. --format yaml prints the template file.
    Show {
        id: String,
        /// Give resistance and vulnerability values at this level (they follow the monster's).
        #[arg(long, value_parser = level)]
        level: Option<Level>,
        #[arg(long, value_enum, default_value_t = TemplateFormat::Text)]
        format: TemplateFormat,
    },
    /// Apply a template to a monster: print the stat block, or save it.
    Apply(TemplateEditArgs),
    /// Take a template off a monster: print the stat block, or save it. The file comes back
    /// exactly as it was before the template was applied.
    Remove(TemplateEditArgs),
}

/// `template show --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TemplateFormat {
    Text,
    Yaml,
    /// The same as yaml.
    Json,
}

#[derive(Debug, Args)]
pub struct TemplateEditArgs {
    /// A monster id or a path to a monster file.
    pub monster: String,
    /// A template id.
    pub template: String,
    /// Save the result as a new monster with this id in your bestiary.
    #[arg(long, value_name = "NEW_ID", conflicts_with = "save")]
    pub save_as: Option<String>,
    /// Change the monster's file in place (your own monsters only); only its `templates:` lines
    /// change.
    #[arg(long)]
    pub save: bool,
    /// Output format: yaml, json (the same fields), md, text, html or foundry.
    #[arg(long, value_parser = format, default_value = "text")]
    pub format: Format,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// A monster id (see `lairsmith list`) or a path to a monster file.
    pub monster: String,
    /// Output format: text, md, yaml (the stat block with every derived number, for other
    /// tools; it cannot be read back as a monster), json (the same as yaml), html (a printable page), foundry (an actor for
    /// Foundry VTT's dnd4e system), statblock (a Fantasy Statblocks block for Obsidian, drawn by
    /// the layout `export-layout` writes) or design (the monster file itself).
    #[arg(long, value_parser = show_format, default_value = "text")]
    pub format: ShowFormat,
}

/// `show --format`: a stat block export, or the design file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShowFormat {
    Block(Format),
    Design,
}

fn show_format(s: &str) -> Result<ShowFormat, String> {
    if s.eq_ignore_ascii_case("design") {
        return Ok(ShowFormat::Design);
    }
    s.parse()
        .map(ShowFormat::Block)
        .map_err(|_: crate::export::UnknownFormat| {
            let near =
                crate::vocab::closest(s, ["yaml", "md", "text", "html", "foundry", "statblock", "json", "design"]);
            format!(
                "unknown format `{s}`{}; valid formats: yaml, md, text, html, foundry, statblock, json, design",
                crate::vocab::did_you_mean(near)
            )
        })
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
            mine: self.mine,
        })
    }
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Fuzzy search on names and ids (best match first).
    pub query: Option<String>,
    #[command(flatten)]
    pub filter: FilterArgs,
    /// Sort by name, level or xp (a query sorts by match quality first).
    #[arg(long, value_parser = sort_key(), default_value = "name")]
    pub sort: SortKey,
    /// Print only ids, one per line (for scripts).
    #[arg(long, conflicts_with = "format")]
    pub ids: bool,
    #[command(flatten)]
    pub format: ListFormatArg,
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
    /// Save the result as a new monster with this id in your bestiary, named as every copy is
    /// ("Hedgemaw 2").
    #[arg(long, value_name = "NEW_ID", conflicts_with = "save")]
    pub save_as: Option<String>,
    /// Overwrite the monster in place (your own monsters only).
    #[arg(long)]
    pub save: bool,
    /// Make each fixed override relative (`by:` in place of `value:`), keeping its margin over
    /// the formula at the current level, so it follows the monster to the new one.
    #[arg(long)]
    pub follow_formula: bool,
    /// Output format: yaml, json (the same fields), md, text, html or foundry.
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
    #[arg(long, value_enum, default_value_t = LintFormat::Text)]
    pub format: LintFormat,
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
pub enum PartyCmd {
    /// Save a party to the data directory's parties/.
    New {
        name: String,
        /// 4x3, 3,3,4,5 or Ana=3,Bo=4.
        #[arg(long)]
        party: String,
    },
    /// List saved parties.
    List(ListFormatArg),
    /// Create a saved party with this id, or replace the members of the saved one (its name
    /// stays).
    Set {
        /// The party's id: its file is parties/ID.yaml.
        id: String,
        /// 4x3, 3,3,4,5 or Ana=3,Bo=4.
        spec: String,
    },
    /// Raise every member of a saved party (or one, with --member) by some levels, at most to
    /// level 30.
    LevelUp {
        /// A saved party's id (see `lairsmith party list`).
        id: String,
        /// How many levels.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
        by: u32,
        /// Only this member: a name, or #N for the Nth.
        #[arg(long)]
        member: Option<String>,
    },
    /// Move a saved party to the trash (kept 30 days; the message says how to put it back).
    Remove {
        /// A saved party's id (see `lairsmith party list`).
        id: String,
    },
    /// Set a character's numbers in a saved party (RULINGS P11: HP, defenses, initiative,
    /// saving throws, recoveries, action points, passive senses), or print them when no number
    /// is given. A fight takes them at its start.
    Stats(PartyStatsArgs),
    /// The party takes a rest (RULINGS P20): --short resets death-save failures, spends the
    /// recoveries --spend gives and wakes a knocked-out character with 1 HP; --long sets HP and
    /// recoveries to their maximum, action points to 1 and the encounters since the last long
    /// rest to 0. Prints what changed for each character.
    Rest(PartyRestArgs),
}

/// `party stats PARTY MEMBER [--hp N] ...`.
#[derive(Debug, Args)]
pub struct PartyStatsArgs {
    /// A saved party's id (see `lairsmith party list`).
    pub id: String,
    /// The character: a name (any case), or #N for the Nth.
    pub member: String,
    /// Maximum hit points, 1 to 9,999.
    #[arg(long, value_name = "N", value_parser = character_number(crate::limits::CHARACTER_MAX_HP))]
    pub hp: Option<i32>,
    /// Current hit points, -9,999 to 9,999 and at most the maximum (left unset, the character
    /// is at its maximum).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = character_number(crate::limits::CHARACTER_HP))]
    pub hp_now: Option<i32>,
    /// Armor Class, 1 to 99.
    #[arg(long, value_name = "N", value_parser = character_number(crate::limits::CHARACTER_DEFENSE))]
    pub ac: Option<i32>,
    /// Fortitude, 1 to 99.
    #[arg(long, value_name = "N", value_parser = character_number(crate::limits::CHARACTER_DEFENSE))]
    pub fortitude: Option<i32>,
    /// Reflex, 1 to 99.
    #[arg(long, value_name = "N", value_parser = character_number(crate::limits::CHARACTER_DEFENSE))]
    pub reflex: Option<i32>,
    /// Will, 1 to 99.
    #[arg(long, value_name = "N", value_parser = character_number(crate::limits::CHARACTER_DEFENSE))]
    pub will: Option<i32>,
    /// The initiative modifier, -20 to +50.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = character_number(crate::limits::CHARACTER_INITIATIVE))]
    pub initiative: Option<i32>,
    /// The saving throw bonus, -10 to +20 (left unset, +0).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = character_number(crate::limits::CHARACTER_SAVE))]
    pub save: Option<i32>,
    /// Recoveries a day (all of them again after a long rest), 0 to 50.
    #[arg(long, value_name = "N", value_parser = bounded(crate::limits::CHARACTER_RECOVERIES))]
    pub recoveries: Option<u32>,
    /// Recoveries not yet spent, 0 to the recoveries a day (left unset, all of them).
    #[arg(long, value_name = "N", value_parser = bounded(crate::limits::CHARACTER_RECOVERIES))]
    pub recoveries_left: Option<u32>,
    /// The hit points a recovery gives back, 1 to 5,000 (left unset, a quarter of maximum HP,
    /// rounded down).
    #[arg(long, value_name = "N", value_parser = character_number(crate::limits::CHARACTER_RECOVERY_VALUE))]
    pub recovery_value: Option<i32>,
    /// Action points, 0 to 20 (left unset, 1, as after a long rest).
    #[arg(long, value_name = "N", value_parser = bounded(crate::limits::CHARACTER_ACTION_POINTS))]
    pub action_points: Option<u32>,
    /// Passive Perception, 0 to 99.
    #[arg(long, value_name = "N", value_parser = character_number(crate::limits::CHARACTER_PASSIVE))]
    pub perception: Option<i32>,
    /// Passive Insight, 0 to 99.
    #[arg(long, value_name = "N", value_parser = character_number(crate::limits::CHARACTER_PASSIVE))]
    pub insight: Option<i32>,
}

/// `party rest PARTY (--short [--spend MEMBER=N]... | --long)`.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("kind").required(true).args(["short", "long"]))]
pub struct PartyRestArgs {
    /// A saved party's id (see `lairsmith party list`).
    pub id: String,
    /// A short rest (at least five minutes).
    #[arg(long)]
    pub short: bool,
    /// A long rest (at least 6 hours; one a day).
    #[arg(long)]
    pub long: bool,
    /// In a short rest, a character spends N recoveries, each regaining its recovery value (never
    /// above its maximum HP): MEMBER is a name (any case) or #N for the Nth; once a character.
    #[arg(long, value_name = "MEMBER=N", conflicts_with = "long", value_parser = spend)]
    pub spend: Vec<(String, u32)>,
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
    #[arg(long, default_value_t = 8, value_parser = bounded(crate::limits::GENERATED_MONSTERS))]
    pub max_monsters: u32,
    /// The most bosses in the encounter (0 to 200).
    #[arg(long, default_value_t = 1, value_parser = bounded(crate::limits::GENERATED_OF_A_KIND))]
    pub max_bosses: u32,
    /// The most leaders in the encounter (0 to 200).
    #[arg(long, default_value_t = crate::encounter::generate::DEFAULT_MAX_LEADERS, value_parser = bounded(crate::limits::GENERATED_OF_A_KIND))]
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
    Add {
        file: String,
        monster: String,
        /// How many (1 to 999).
        #[arg(long, default_value = "1")]
        count: crate::encounter::Count,
        /// On the party's side: does not count against the budget.
        #[arg(long)]
        ally: bool,
        /// A name for the group (`--name` too).
        #[arg(long, alias = "name")]
        label: Option<String>,
        /// Notes on the group, printed beside it on the sheet (at most 1,000 characters;
        /// several lines allowed).
        #[arg(long)]
        notes: Option<String>,
        /// A challenge's failures allowed (1 to 20; default 3).
        #[arg(long)]
        failures: Option<String>,
        /// A challenge's skill and the DC word of its first check, e.g. athletics:moderate, or
        /// the skill alone for Moderate; later checks with the skill are at Hard and group
        /// checks at Easy (A3). Repeatable.
        #[arg(long = "skill", value_name = "SKILL[:DC]")]
        skills: Vec<String>,
    },
    /// Set a group's notes, printed beside it on every sheet; "" clears them. GROUP is #N (the
    /// Nth group), a monster id, placeholder:..., cr:N, a challenge's name or a group's label,
    /// and must name one group.
    Note {
        file: String,
        group: String,
        text: String,
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
    Export {
        file: String,
        #[command(flatten)]
        treasure: EncounterTreasureArgs,
        #[arg(long, value_enum, default_value_t = EncounterFormat::Md)]
        format: EncounterFormat,
        /// `table`: with --format html, the sheet for running the fight on paper (an
        /// initiative ladder, a hit-point track and boxes for each creature, compact stat
        /// blocks) instead of the planning sheet.
        #[arg(long = "for", value_name = "USE", value_parser = ["table"])]
        for_use: Option<String>,
        /// Write to this file instead of printing (`-`: standard output). Only a regular file is
        /// written (never through a symbolic link); an existing one only with --force.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Overwrite the --out file if it exists.
        #[arg(long, requires = "out")]
        force: bool,
    },
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

/// `treasure plan --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TreasureFormat {
    Text,
    Yaml,
    /// The same as yaml.
    Json,
    Md,
}

fn encounters_bound() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=i64::from(crate::treasure::MAX_ENCOUNTERS))
}

#[derive(Debug, Subcommand)]
pub enum TreasureCmd {
    /// What a method gives over some encounters, per character and for the party: steady
    /// (gold and 1-in-12 permanent items), items-only (a grant every 10 encounters), troves (one
    /// trove per encounter) or narrative (nothing computed).
    Plan {
        /// The party: 4x3 (four level-3 characters), 3,3,4,5, Ana=3,Bo=4, or a saved party's id.
        #[arg(long)]
        party: String,
        /// How many encounters (1 to 10,000).
        #[arg(long, value_parser = encounters_bound())]
        encounters: u32,
        /// steady, items-only, troves or narrative.
        #[arg(long, value_parser = vocab::<crate::treasure::Method>)]
        method: crate::treasure::Method,
        /// The random seed; the same seed gives the same plan [default: random, printed].
        #[arg(long)]
        seed: Option<u64>,
        /// Output format: text, yaml, json or md.
        #[arg(long, value_enum, default_value_t = TreasureFormat::Text)]
        format: TreasureFormat,
    },
    /// Roll treasure troves at the party's average level (rounded down), every die shown.
    Troves {
        /// The party: 4x3 (four level-3 characters), 3,3,4,5, Ana=3,Bo=4, or a saved party's id.
        #[arg(long)]
        party: String,
        /// How many troves (1 to 10,000).
        #[arg(long, value_parser = encounters_bound())]
        count: u32,
        /// The random seed; the same seed gives the same troves [default: random, printed].
        #[arg(long)]
        seed: Option<u64>,
        /// Output format: text, yaml or json.
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
    },
}

/// `adventure export --format`: the sheet (Markdown or printable HTML) or the adventure file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AdventureFormat {
    Md,
    Yaml,
    /// The same as yaml.
    Json,
    Html,
}

#[derive(Debug, Subcommand)]
pub enum AdventureCmd {
    /// Create an adventure file (in the data directory's adventures/, or --out FILE).
    New {
        name: String,
        /// A party (4x3, 3,3,4,5, Ana=3,Bo=4) or a saved party's id (kept as a reference, so
        /// levelling the saved party up carries over).
        #[arg(long, default_value = "4x1")]
        party: String,
        /// How treasure is handed out: steady, items-only, troves or narrative (the book's four
        /// options under Distributing Magic Items).
        #[arg(long, value_parser = vocab::<crate::treasure::Method>)]
        treasure: Option<crate::treasure::Method>,
        /// The seed treasure is rolled from (default: a random one, saved in the file).
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Add a saved encounter, at the end or at position --at N (1 is first).
    Add {
        adventure: String,
        encounter: String,
        #[arg(long)]
        at: Option<usize>,
    },
    /// Take out the encounter at position N (1 is first).
    Remove { adventure: String, position: usize },
    /// Move the encounter at position N to position --to M.
    Move {
        adventure: String,
        position: usize,
        #[arg(long)]
        to: usize,
    },
    /// Change the party, the treasure method or the seed.
    Set {
        adventure: String,
        #[arg(long)]
        party: Option<String>,
        #[arg(long, value_parser = vocab::<crate::treasure::Method>)]
        treasure: Option<crate::treasure::Method>,
        #[arg(long)]
        seed: Option<u64>,
    },
    /// List saved adventures.
    List(ListFormatArg),
    /// Each encounter's XP and difficulty for the party as it stands then, the XP per
    /// character, where the party levels up, and the treasure. Exits 1 when an encounter is
    /// missing or unreadable.
    Check {
        adventure: String,
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
        /// Roll the treasure from this seed instead of the adventure's.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Export the adventure sheet (Markdown: the summary, pacing, level-ups, treasure and every
    /// encounter's sheet) or the file.
    Export {
        adventure: String,
        #[arg(long, value_enum, default_value_t = AdventureFormat::Md)]
        format: AdventureFormat,
        /// Write to this file instead of printing (`-`: standard output). Only a regular file is
        /// written (never through a symbolic link); an existing one only with --force.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Overwrite the --out file if it exists.
        #[arg(long, requires = "out")]
        force: bool,
        /// Roll the treasure from this seed instead of the adventure's.
        #[arg(long)]
        seed: Option<u64>,
    },
}

/// `encounter check|export --treasure`: the encounter's treasure under one of the book's methods.
#[derive(Debug, Clone, Args)]
pub struct EncounterTreasureArgs {
    /// Show the encounter's treasure under a method: steady, items-only, troves or narrative
    /// (Distributing Magic Items); without it, the book's average gold per character (E5).
    #[arg(long, value_parser = vocab::<crate::treasure::Method>)]
    pub treasure: Option<crate::treasure::Method>,
    /// The seed the treasure is rolled from (default 0); an adventure's seed rolls what the
    /// adventure gives on this encounter's first play.
    #[arg(long, requires = "treasure")]
    pub seed: Option<u64>,
}

/// A clap parser for a whole number within one of the documented ranges (`limits`).
/// A fight's hit points (damage, healing, temporary or maximum), read as the Table screen's
/// prompts read them, so that the two refuse the same numbers.
fn fight_amount(s: &str) -> Result<i64, String> {
    crate::fight::words::amount(s, "hit points").map_err(|e| e.to_string())
}

/// `fight heal`'s amount: as [`fight_amount`], or 0 (a heal that spends a recovery and adds
/// nothing to its value, P17).
fn fight_amount_or_zero(s: &str) -> Result<i64, String> {
    if s.trim() == "0" {
        return Ok(0);
    }
    fight_amount(s)
}

/// A d20 rolled at the table: a whole number from 1 to 20.
fn d20(s: &str) -> Result<i64, String> {
    s.trim()
        .parse::<i64>()
        .ok()
        .filter(|n| (1..=20).contains(n))
        .ok_or_else(|| {
            format!("`{s}` is not a d20's face: a d20 shows a whole number from 1 to 20")
        })
}

/// An initiative count, read as the Table screen's prompts read it.
fn fight_count(s: &str) -> Result<i64, String> {
    crate::fight::words::count(s).map_err(|e| e.to_string())
}

/// A whole number in `limit`'s range (a character's defense for `fight roll --defense`, in
/// the range a fight file holds), or the sentence saying the range.
fn limited(limit: crate::limits::Limit) -> impl Fn(&str) -> Result<i64, String> + Clone {
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

fn bounded(limit: crate::limits::Limit) -> impl Fn(&str) -> Result<u32, String> + Clone {
    let limited = limited(limit);
    move |s: &str| {
        let n = limited(s)?;
        u32::try_from(n).map_err(|_| limit.refusal(n))
    }
}

/// A character's number in `limit`'s range (`party stats`), or the sentence saying the range.
fn character_number(limit: crate::limits::Limit) -> impl Fn(&str) -> Result<i32, String> + Clone {
    let limited = limited(limit);
    move |s: &str| {
        let n = limited(s)?;
        i32::try_from(n).map_err(|_| limit.refusal(n))
    }
}

/// `party rest --spend MEMBER=N`: a member (a name or `#N`) and the recoveries it spends.
fn spend(s: &str) -> Result<(String, u32), String> {
    let Some((member, n)) = s.rsplit_once('=') else {
        return Err(format!(
            "`{s}` is not MEMBER=N: a character's name (or #N for the Nth), `=`, and the recoveries it spends"
        ));
    };
    let member = member.trim();
    if member.is_empty() {
        return Err(format!(
            "`{s}` names no character: write MEMBER=N, a character's name (or #N for the Nth), `=`, and the recoveries it spends"
        ));
    }
    let n = bounded(crate::limits::CHARACTER_RECOVERIES)(n)?;
    Ok((member.to_owned(), n))
}

/// `fight show --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FightFormat {
    /// The order, each creature's state and the last of the log.
    Text,
    /// The whole fight file (start, steps and the state now).
    Yaml,
    /// The same as JSON.
    Json,
}

/// `fight log --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FightLogFormat {
    Text,
    /// For the session's notes: who did what to whom, round by round, with the dice.
    Md,
}

#[derive(Debug, Subcommand)]
pub enum FightCmd {
    /// Start a fight from a saved encounter: every creature its own combatant, the monsters'
    /// initiative rolled by group (P1); prints the fight's path.
    Start {
        encounter: String,
        /// The seed every roll of the fight comes from (default: a random one, saved).
        #[arg(long)]
        seed: Option<u64>,
        /// A character's initiative result, and optionally hit points: `Ana=17` or `Ana=17/34`
        /// (repeatable).
        #[arg(long = "pc", value_name = "NAME=INIT[/HP]")]
        pcs: Vec<String>,
        /// The adventure the fight belongs to: its party earns the XP, its method rolls the
        /// treasure.
        #[arg(long)]
        adventure: Option<String>,
        /// A saved party (its id) that fights instead of the encounter's, and earns the XP.
        #[arg(long)]
        party: Option<String>,
        /// The creatures surprised (P14): ids or characters' names, several after one
        /// --surprised or one each. The first round is then a surprise round, in which they take
        /// no turn.
        #[arg(long, value_name = "ID", num_args = 1..)]
        surprised: Vec<String>,
    },
    /// The saved fights (text: their ids).
    List(ListFormatArg),
    /// The fight now: the order, each creature's hit points and conditions, whose turn.
    Show {
        fight: String,
        #[arg(long, value_enum, default_value_t = FightFormat::Text)]
        format: FightFormat,
    },
    /// A character's initiative result (P1).
    Init {
        fight: String,
        who: String,
        #[arg(value_parser = fight_count, allow_negative_numbers = true)]
        count: i64,
    },
    /// End the current turn (saving throws, P7) and begin the next (persistent damage,
    /// regeneration, refresh rolls, a death saving throw, P6, P12); the first begins round 1.
    Next {
        fight: String,
        /// A player's d20 for a character's roll this step needs, in order: the saving throws
        /// of a character whose turn ends, then the death saving throw of one whose turn begins
        /// (repeatable). Without it lairsmith rolls, and the log says so.
        #[arg(long = "roll", value_parser = d20)]
        rolls: Vec<i64>,
    },
    /// Damage, untyped or of a type (resistance and vulnerability apply, P5).
    Damage {
        fight: String,
        who: String,
        #[arg(value_parser = fight_amount)]
        amount: i64,
        /// Its type; repeat it for damage of several types (P5: resisted only if every type
        /// is, by the lowest of those resistances).
        #[arg(long = "type", value_parser = vocab::<crate::rules::creature::DamageType>)]
        damage_types: Vec<crate::rules::creature::DamageType>,
    },
    /// Healing, never above the maximum (P3); with --recovery a heal that spends a recovery:
    /// the recovery value plus AMOUNT (P17; 0 for none).
    Heal {
        fight: String,
        who: String,
        #[arg(value_parser = fight_amount_or_zero)]
        amount: i64,
        /// The heal spends a recovery (at none left, a dying creature's HP is set to 1, P12).
        #[arg(long)]
        recovery: bool,
    },
    /// Temporary hit points: kept only if more than the current ones (P4).
    Temp {
        fight: String,
        who: String,
        #[arg(value_parser = fight_amount)]
        amount: i64,
        /// Take these even if fewer (the creature's choice, P4).
        #[arg(long)]
        replace: bool,
    },
    /// Hit points for a creature the file gave none (a character, a 3rd-edition foe).
    Hp {
        fight: String,
        who: String,
        #[arg(value_parser = fight_amount)]
        max: i64,
    },
    /// A monster at 0 HP falls unconscious instead of dying (P3).
    KnockOut { fight: String, who: String },
    /// A monster that falls unconscious at 0 HP and makes death saving throws, as a character
    /// does: a mighty villain (P3).
    Villain { fight: String, who: String },
    /// A prone creature stands up: prone ends (P8).
    Stand { fight: String, who: String },
    /// First Aid (Heal DC 15) made a dying creature stable: no more death saving throws (P12).
    Stabilize { fight: String, who: String },
    /// Rally: spend a recovery, regain the recovery value, +2 to all defenses until the start of
    /// its next turn; once a fight (P17).
    Rally { fight: String, who: String },
    /// Total Defense: +2 to all defenses until the start of its next turn (P13).
    TotalDefense { fight: String, who: String },
    /// Help Attack: +2 to ALLY's next attack roll against AGAINST, until the end of WHO's next
    /// turn if unused (P13).
    HelpAttack {
        fight: String,
        who: String,
        ally: String,
        against: String,
    },
    /// Help Defense: +2 to ALLY's defenses against AGAINST's next attack, until the end of WHO's
    /// next turn if unused (P13).
    HelpDefense {
        fight: String,
        who: String,
        ally: String,
        against: String,
    },
    /// A creature maintains an effect it sustains, on its turn; unmaintained, it ends at the end
    /// of the turn (P19).
    Maintain {
        fight: String,
        who: String,
        effect: u32,
    },
    /// A readied action taken just before the creature that triggered it: WHO acts just ahead
    /// of BEFORE from now on (P2).
    Ready {
        fight: String,
        who: String,
        before: String,
    },
    /// Apply what the last attack's power lines offer (P16): the offer's number, from `fight
    /// show` or the roll's log.
    Apply { fight: String, offer: u32 },
    /// A condition (the book's list), `persistent 5 fire`, or any text, with its duration.
    Condition {
        fight: String,
        who: String,
        what: String,
        /// `save` (save ends), `start:ID` or `end:ID` (of that creature's next turn), or
        /// `encounter`. Default: save ends; `marked` lasts the encounter (P8).
        #[arg(long)]
        until: Option<String>,
        /// Who marked it (for `marked`).
        #[arg(long)]
        by: Option<String>,
        /// What follows a successful save: `dazed`, `dazed until=end:ID` (save ends unless
        /// given).
        #[arg(long)]
        after: Option<String>,
        /// What replaces it on the first failed save, written as --after.
        #[arg(long = "failed-save")]
        failed_save: Option<String>,
        /// A benefit: lasting until the end of the creature's turn, it ends when it delays (P2).
        #[arg(long)]
        boon: bool,
        /// Who must maintain it on its turns, or it ends (P19).
        #[arg(long = "maintained-by", value_name = "ID")]
        maintained_by: Option<String>,
    },
    /// End an effect before its time (its number, from `fight show`).
    EndCondition {
        fight: String,
        who: String,
        effect: u32,
    },
    /// Roll a power's attack against its targets' defenses (one roll a target, damage rolled
    /// once, P15), with the modifiers the fight knows and the table's (P13), and its damage on a
    /// hit (maximum on a critical hit) or its miss line (P16); an encounter, daily or refresh
    /// power is marked used.
    Roll {
        fight: String,
        who: String,
        power: String,
        /// One target, or several for a power that allows them.
        #[arg(required = true, num_args = 1..)]
        targets: Vec<String>,
        /// The target's defense when the fight does not know it (a character's); repeat it for
        /// each target, in order.
        #[arg(long, value_parser = limited(crate::limits::FIGHT_NUMBER), allow_negative_numbers = true)]
        defense: Vec<i64>,
        /// What only the table knows (P13): cover, superior-cover, concealment,
        /// total-concealment, long-range, charge, ca, help, prone-ranged, aquatic, coup, or a
        /// number such as -3 (repeatable).
        #[arg(long = "mod", value_name = "WORD", allow_hyphen_values = true)]
        mods: Vec<String>,
        /// The d20 rolled at the table, one a target in order (repeatable); without it
        /// lairsmith rolls.
        #[arg(long = "d20", value_parser = d20)]
        d20: Vec<i64>,
        /// Take the damage off the targets.
        #[arg(long)]
        apply: bool,
        /// Apply what the power's lines offer on a hit or a miss (P16).
        #[arg(long)]
        riders: bool,
        /// An immediate action or an opportunity attack (P18: one between two turns).
        #[arg(long)]
        immediate: bool,
    },
    /// Mark an encounter, daily or refresh power used, without a roll.
    Use {
        fight: String,
        who: String,
        power: String,
    },
    /// Spend an action point (P9).
    Ap { fight: String, who: String },
    /// Delay: the creature acts on COUNT from now on (P2).
    Delay {
        fight: String,
        who: String,
        #[arg(value_parser = fight_count, allow_negative_numbers = true)]
        count: i64,
    },
    /// Reinforcements: another of a creature already in the fight (its id), or a monster of
    /// the bestiary (its id), which rolls its own initiative.
    Add {
        fight: String,
        what: String,
        /// On the party's side.
        #[arg(long)]
        ally: bool,
        /// Its initiative, instead of a roll.
        #[arg(long, value_parser = fight_count, allow_negative_numbers = true)]
        initiative: Option<i64>,
        /// Hidden from the players until revealed.
        #[arg(long)]
        hidden: bool,
    },
    /// Take a creature out of the fight.
    Remove { fight: String, who: String },
    /// Hide a creature from the players' view.
    Hide { fight: String, who: String },
    /// Show a hidden creature to the players.
    Reveal { fight: String, who: String },
    /// A check of an extended challenge (A3): with --skill (its DC, Hard once used) or a group
    /// check (Easy).
    Check {
        fight: String,
        challenge: String,
        #[arg(long)]
        skill: Option<String>,
        #[arg(long, conflicts_with = "failure")]
        success: bool,
        #[arg(long)]
        failure: bool,
    },
    /// Take back the last step (back to the start of the fight).
    Undo { fight: String },
    /// End the fight (P10): the foes overcome (`ID` or `ID=fled`; --all: every foe), the XP
    /// each character earns and the treasure. Writes the end into the fight's file (`fight
    /// undo` takes it back); --write also adds the XP to the party's file (or the adventure's
    /// party), once, whichever write fails.
    End {
        fight: String,
        #[arg(long = "overcome", value_name = "ID[=HOW]")]
        overcome: Vec<String>,
        /// Every foe, defeated (or as its ID=HOW says).
        #[arg(long)]
        all: bool,
        /// Add the XP to the party's file (or the adventure's party), once; without it the XP
        /// is only printed.
        #[arg(long)]
        write: bool,
        /// The treasure method when the fight belongs to no adventure.
        #[arg(long, value_parser = vocab::<crate::treasure::Method>)]
        treasure: Option<crate::treasure::Method>,
    },
    /// The players' view in this terminal (a screen facing the table): it follows the fight
    /// as the GM changes it, showing the order, whose turn, the characters' hit points and each
    /// foe only as unhurt, hurt, staggered or down; never a hidden creature. `q` quits.
    Watch { fight: String },
    /// The log: every step, round by round, with the dice.
    Log {
        fight: String,
        #[arg(long, value_enum, default_value_t = FightLogFormat::Text)]
        format: FightLogFormat,
    },
}
