//! `lairsmith party ...`: saved parties, over [`lairsmith_core::encounter::parties`].

use super::args::{ListFormatArg, bounded, limited};
use super::out::{Terminal, errln, out, outln};
use super::{CmdResult, DataDir, EXIT_OK, Failure};
use clap::{Args, Subcommand};
use lairsmith_core::encounter::{
    Party, PartyFile, Rest, StatsChange, level_up, list_parties, member_stats, new_party,
    remove_party, rest_party, set_party, set_stats,
};

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
    #[arg(long, value_name = "N", value_parser = character_number(lairsmith_core::limits::CHARACTER_MAX_HP))]
    pub hp: Option<i32>,
    /// Current hit points, -9,999 to 9,999 and at most the maximum (left unset, the character
    /// is at its maximum).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = character_number(lairsmith_core::limits::CHARACTER_HP))]
    pub hp_now: Option<i32>,
    /// Armor Class, 1 to 99.
    #[arg(long, value_name = "N", value_parser = character_number(lairsmith_core::limits::CHARACTER_DEFENSE))]
    pub ac: Option<i32>,
    /// Fortitude, 1 to 99.
    #[arg(long, value_name = "N", value_parser = character_number(lairsmith_core::limits::CHARACTER_DEFENSE))]
    pub fortitude: Option<i32>,
    /// Reflex, 1 to 99.
    #[arg(long, value_name = "N", value_parser = character_number(lairsmith_core::limits::CHARACTER_DEFENSE))]
    pub reflex: Option<i32>,
    /// Will, 1 to 99.
    #[arg(long, value_name = "N", value_parser = character_number(lairsmith_core::limits::CHARACTER_DEFENSE))]
    pub will: Option<i32>,
    /// The initiative modifier, -20 to +50.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = character_number(lairsmith_core::limits::CHARACTER_INITIATIVE))]
    pub initiative: Option<i32>,
    /// The saving throw bonus, -10 to +20 (left unset, +0).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = character_number(lairsmith_core::limits::CHARACTER_SAVE))]
    pub save: Option<i32>,
    /// Recoveries a day (all of them again after a long rest), 0 to 50.
    #[arg(long, value_name = "N", value_parser = bounded(lairsmith_core::limits::CHARACTER_RECOVERIES))]
    pub recoveries: Option<u32>,
    /// Recoveries not yet spent, 0 to the recoveries a day (left unset, all of them).
    #[arg(long, value_name = "N", value_parser = bounded(lairsmith_core::limits::CHARACTER_RECOVERIES))]
    pub recoveries_left: Option<u32>,
    /// The hit points a recovery gives back, 1 to 5,000 (left unset, a quarter of maximum HP,
    /// rounded down).
    #[arg(long, value_name = "N", value_parser = character_number(lairsmith_core::limits::CHARACTER_RECOVERY_VALUE))]
    pub recovery_value: Option<i32>,
    /// Action points, 0 to 20 (left unset, 1, as after a long rest).
    #[arg(long, value_name = "N", value_parser = bounded(lairsmith_core::limits::CHARACTER_ACTION_POINTS))]
    pub action_points: Option<u32>,
    /// Passive Perception, 0 to 99.
    #[arg(long, value_name = "N", value_parser = character_number(lairsmith_core::limits::CHARACTER_PASSIVE))]
    pub perception: Option<i32>,
    /// Passive Insight, 0 to 99.
    #[arg(long, value_name = "N", value_parser = character_number(lairsmith_core::limits::CHARACTER_PASSIVE))]
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

/// A character's number in `limit`'s range (`party stats`), or the sentence saying the range.
fn character_number(
    limit: lairsmith_core::limits::Limit,
) -> impl Fn(&str) -> Result<i32, String> + Clone {
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
    let n = bounded(lairsmith_core::limits::CHARACTER_RECOVERIES)(n)?;
    Ok((member.to_owned(), n))
}

pub fn run(data: &DataDir, cmd: PartyCmd, term: &mut Terminal) -> CmdResult {
    match cmd {
        PartyCmd::New { name, party } => {
            let name = name.trim().to_owned();
            lairsmith_core::text::check_name("the party's name", &name)
                .map_err(|e| Failure(e.to_string()))?;
            let p = Party::parse(&party).map_err(|e| Failure(e.to_string()))?;
            let path = new_party(data, &name, &p)?;
            outln!(term, "{}", path.display())?;
        }
        PartyCmd::List(f) => {
            let files = list_parties(data)?;
            if let Some(format) = f.format.data() {
                #[derive(serde::Serialize)]
                struct Row<'a> {
                    id: String,
                    name: &'a str,
                    members: &'a [lairsmith_core::encounter::Member],
                    #[serde(skip_serializing_if = "is_zero")]
                    encounters_since_rest: u32,
                }
                let mut rows = Vec::new();
                for (f, loaded) in &files {
                    match loaded {
                        Ok(p) => rows.push(Row {
                            id: f
                                .file_stem()
                                .unwrap_or_default()
                                .to_string_lossy()
                                .into_owned(),
                            name: &p.name,
                            members: &p.members,
                            encounters_since_rest: p.encounters_since_rest,
                        }),
                        Err(m) => errln!(term, "lairsmith: skipped {m}"),
                    }
                }
                out!(term, "{}", super::doc::render(&rows, format)?)?;
                return Ok(EXIT_OK);
            }
            if files.is_empty() {
                outln!(term, "No saved parties in {}.", data.parties().display())?;
            }
            for (f, loaded) in files {
                match loaded {
                    Ok(p) => {
                        let party = p.party().map(|x| x.describe()).unwrap_or_default();
                        outln!(
                            term,
                            "{:<24} {} — {party}",
                            f.file_stem().unwrap_or_default().to_string_lossy(),
                            p.name
                        )?
                    }
                    Err(m) => errln!(term, "lairsmith: skipped {m}"),
                }
            }
        }
        PartyCmd::Set { id, spec } => {
            let p = Party::parse(&spec).map_err(|e| Failure(e.to_string()))?;
            let set = set_party(data, &id, &p)?;
            let what = if set.created { "Saved" } else { "Replaced" };
            outln!(
                term,
                "{what} the party `{id}` ({}): {}",
                p.describe(),
                set.path.display()
            )?;
        }
        PartyCmd::LevelUp { id, by, member } => {
            let file = level_up(data, &id, by, member.as_deref())?;
            let party = file.party().map(|x| x.describe()).unwrap_or_default();
            outln!(term, "The party `{id}` is now {party}.")?;
        }
        PartyCmd::Remove { id } => {
            let removed = remove_party(data, &id)?;
            outln!(
                term,
                "Moved the party `{id}` to the trash ({}); it stays there {} days. To put it back, move that file to {}.",
                removed.to.display(),
                lairsmith_core::store::trash::TRASH_DAYS,
                removed.from.display()
            )?;
        }
        PartyCmd::Stats(a) => {
            let change = StatsChange {
                max_hp: a.hp,
                hp: a.hp_now,
                ac: a.ac,
                fortitude: a.fortitude,
                reflex: a.reflex,
                will: a.will,
                initiative: a.initiative,
                save: a.save,
                recoveries: a.recoveries,
                recoveries_left: a.recoveries_left,
                recovery_value: a.recovery_value,
                action_points: a.action_points,
                perception: a.perception,
                insight: a.insight,
            };
            let (file, i) = if change.is_empty() {
                member_stats(data, &a.id, &a.member)?
            } else {
                set_stats(data, &a.id, &a.member, &change)?
            };
            print_numbers(term, &a.id, &file, i, !change.is_empty())?;
        }
        PartyCmd::Rest(a) => {
            let (how, what) = if a.long {
                (Rest::Long, "a long rest")
            } else {
                (Rest::Short { spend: a.spend }, "a short rest")
            };
            let lines = rest_party(data, &a.id, &how)?;
            outln!(term, "The party `{}` took {what} (P20):", a.id)?;
            for line in lines {
                outln!(term, "  {line}")?;
            }
        }
    }
    Ok(EXIT_OK)
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A character's numbers, one a line (`party stats`).
fn print_numbers(
    term: &mut Terminal,
    id: &str,
    file: &PartyFile,
    i: usize,
    changed: bool,
) -> CmdResult {
    let m = &file.members[i];
    let what = if changed { "now has" } else { "has" };
    outln!(
        term,
        "{} (level {}) of the party `{id}` {what} (P11):",
        file.member_label(i),
        m.level
    )?;
    let numbers = m.numbers();
    let width = numbers.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (what, value) in numbers {
        outln!(term, "  {what:<width$}  {value}")?;
    }
    Ok(EXIT_OK)
}
