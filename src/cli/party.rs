//! `lairsmith party ...`: saved parties, over [`crate::encounter::parties`].

use super::args::PartyCmd;
use super::out::{Terminal, errln, out, outln};
use super::{CmdResult, DataDir, EXIT_OK, Failure};
use crate::encounter::{
    Party, PartyFile, Rest, StatsChange, level_up, list_parties, member_stats, new_party,
    remove_party, rest_party, set_party, set_stats,
};

pub fn run(data: &DataDir, cmd: PartyCmd, term: &mut Terminal) -> CmdResult {
    match cmd {
        PartyCmd::New { name, party } => {
            let name = name.trim().to_owned();
            crate::text::check_name("the party's name", &name)
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
                    members: &'a [crate::encounter::Member],
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
                crate::store::trash::TRASH_DAYS,
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
