//! `lairsmith party ...`: saved parties, over [`crate::encounter::parties`].

use super::args::PartyCmd;
use super::out::{Terminal, errln, out, outln};
use super::{CmdResult, DataDir, EXIT_OK, Failure};
use crate::encounter::{Party, level_up, list_parties, new_party, remove_party, set_party};

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
    }
    Ok(EXIT_OK)
}
