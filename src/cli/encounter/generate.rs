//! `encounter generate`: a difficulty band filled from the bestiary, or for a d20-3e party, a
//! seeded mix of challenge ratings.

use super::args::{EncounterFormat, GenerateArgs};
use super::report::{foundry_actors, render_report};
use super::{unknown_monster, write_out};
use crate::cli::args::FilterArgs;
use crate::cli::out::{Terminal, errln, out};
use crate::cli::{CmdResult, DataDir, EXIT_FAILURE, EXIT_OK, Failure};
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::encounter::generate::{Request, generate as fill};
use lairsmith_core::encounter::report::{Report, report};
use lairsmith_core::encounter::{Count, Encounter, Group, Party, Placeholder};
use lairsmith_core::export::sheet::encounter as sheet;
use lairsmith_core::text::{check_name, escape_string};

/// `encounter generate --system orcus`: the bestiary's monsters, with the query, filters and
/// locks given.
pub(super) fn generate(data: &DataDir, g: GenerateArgs, term: &mut Terminal) -> CmdResult {
    let choice = lairsmith_core::encounter::choose_party(data, &g.party)?;
    let party = choice.party().clone();
    let b = data.load_bestiary();
    let locked = locked_groups(&b, &g.lock)?;
    if let Some(name) = &g.name {
        check_name("the encounter's name", name).map_err(|e| Failure(e.to_string()))?;
    }
    let seed = g.seed.unwrap_or_else(rand::random);
    let req = Request {
        name: g
            .name
            .clone()
            .unwrap_or_else(|| format!("{} encounter", capitalise(&g.difficulty.to_string()))),
        party: party.clone(),
        band: g.difficulty,
        query: g.query.clone().unwrap_or_default(),
        filter: filter(&g.filter)?,
        locked,
        max_monsters: g.max_monsters,
        max_bosses: g.max_bosses,
        max_leaders: g.max_leaders,
        seed,
    };
    let mut out = fill(&b, &req)?;
    // A saved party stays named by its id in the file, as `encounter new` writes it.
    out.encounter.party = choice.party_ref();
    if !out.met {
        errln!(term, "lairsmith: {}", out.shortfall());
    }
    let r = report(&out.encounter, &party, &b);
    let generated = Generated {
        encounter: &out.encounter,
        party: &party,
        report: &r,
        bestiary: &b,
    };
    generated.write(&g, "", term)?;
    Ok(if out.met { EXIT_OK } else { EXIT_FAILURE })
}

/// `encounter generate --system d20-3e`: a seeded mix of CRs in the band; the bestiary's
/// filters and locks have nothing to work on there.
pub(super) fn generate_3e(data: &DataDir, g: GenerateArgs, term: &mut Terminal) -> CmdResult {
    if !g.lock.is_empty() || g.query.is_some() || !filter(&g.filter)?.is_empty() {
        return Err(Failure(
            "a d20-3e encounter is generated as a mix of challenge ratings: a query, filters and --lock choose bestiary monsters, which a 3rd-edition encounter does not use".into(),
        ));
    }
    let choice = lairsmith_core::encounter::choose_party(data, &g.party)?;
    let party = choice.party().clone();
    if let Some(name) = &g.name {
        check_name("the encounter's name", name).map_err(|e| Failure(e.to_string()))?;
    }
    let seed = g.seed.unwrap_or_else(rand::random);
    let name = g
        .name
        .clone()
        .unwrap_or_else(|| format!("{} encounter", capitalise(&g.difficulty.to_string())));
    let mut out = lairsmith_core::encounter::generate3e::generate(
        &name,
        &party,
        g.difficulty,
        g.max_monsters,
        seed,
    )
    .map_err(Failure::from)?;
    // A saved party stays named by its id in the file, as `encounter new` writes it.
    out.encounter.party = choice.party_ref();
    let mix = lairsmith_core::encounter::generate3e::describe(&out.encounter);
    if !out.met {
        errln!(
            term,
            "lairsmith: no mix of at most {} foes reached {}; this is the closest: {mix}",
            g.max_monsters,
            lairsmith_core::encounter::generate::an_encounter(g.difficulty)
        );
    }
    let b = Bestiary::default();
    let r = report(&out.encounter, &party, &b);
    let generated = Generated {
        encounter: &out.encounter,
        party: &party,
        report: &r,
        bestiary: &b,
    };
    generated.write(&g, &format!("{mix} (seed {seed})\n\n"), term)?;
    Ok(if out.met { EXIT_OK } else { EXIT_FAILURE })
}

/// A generated encounter and what its sheets are made from.
struct Generated<'a> {
    encounter: &'a Encounter,
    party: &'a Party,
    report: &'a Report,
    bestiary: &'a Bestiary,
}

impl Generated<'_> {
    /// Prints the encounter as `--format` asks, or writes it to `--out`. Markdown and text are
    /// escaped for a file too, as in `encounter export`; `text_head` heads the text report.
    fn write(&self, g: &GenerateArgs, text_head: &str, term: &mut Terminal) -> Result<(), Failure> {
        let (e, party, r, b) = (self.encounter, self.party, self.report, self.bestiary);
        let text = match g.format {
            EncounterFormat::Md => escape_string(sheet::markdown(e, party, r, b)),
            EncounterFormat::Text => format!(
                "{text_head}{}",
                escape_string(render_report(r, e, party, false))
            ),
            EncounterFormat::Yaml => lairsmith_core::yaml_io::to_string(e),
            EncounterFormat::Json => crate::cli::doc::render(e, crate::cli::doc::Data::Json)?,
            EncounterFormat::Foundry => foundry_actors(e, b, term)?,
            EncounterFormat::Html => lairsmith_core::export::html::encounter(e, party, r, b, None),
            EncounterFormat::Obsidian => {
                lairsmith_core::export::statblock_md::encounter_note(e, party, r, b)
            }
        };
        match &g.out {
            Some(path) => write_out(path, &text, g.force, term),
            None => Ok(out!(term, "{text}")?),
        }
    }
}

/// The `--lock` monsters as groups: `--lock X --lock X` is two of X, kept as one locked group.
fn locked_groups(b: &Bestiary, ids: &[String]) -> Result<Vec<Group>, Failure> {
    let mut locked: Vec<Group> = Vec::new();
    for id in ids {
        let group = if id.starts_with("placeholder") {
            Group::placeholder(
                Placeholder::parse(id).map_err(|e| Failure(e.to_string()))?,
                Count::ONE,
            )
        } else if b.get(id).is_none() {
            return Err(unknown_monster(b, id));
        } else {
            Group::monster(id, Count::ONE)
        };
        match locked.iter_mut().find(|l| l.key() == group.key()) {
            Some(l) => {
                l.count = l
                    .count
                    .plus(Count::ONE)
                    .map_err(|e| Failure(e.to_string()))?
            }
            None => locked.push(group),
        }
    }
    Ok(locked)
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn filter(f: &FilterArgs) -> Result<lairsmith_core::bestiary::Filter, Failure> {
    f.to_filter().map_err(Failure)
}
