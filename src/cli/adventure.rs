//! `lairsmith adventure ...`, over [`crate::adventure`]'s saved files.

use super::args::{AdventureCmd, AdventureFormat};
use super::out::{Terminal, errln, out, outln};
use super::{CmdResult, DataDir, EXIT_FAILURE, EXIT_OK, Failure};
use crate::adventure::AdventureRefused;
use crate::adventure::check::AdventureReport;
use crate::adventure::saved::party_ref_of_spec;
use crate::adventure::{
    Adventure, adventure_party, check, create_adventure, existing_adventure, list_adventures,
    load_adventure, remove_encounter, update_adventure,
};
use crate::text::group_thousands;

pub fn run(data: &DataDir, cmd: AdventureCmd, term: &mut Terminal) -> CmdResult {
    match cmd {
        AdventureCmd::New {
            name,
            party,
            treasure,
            seed,
            out,
        } => {
            let name = name.trim();
            crate::text::check_name("the adventure's name", name)
                .map_err(|e| Failure(e.to_string()))?;
            let party_ref = party_ref_of_spec(data, &party)?;
            let mut a = Adventure::new(
                name,
                &crate::encounter::Party::default_at(crate::rules::Level::MIN),
            );
            a.party = party_ref;
            a.treasure = treasure;
            // Saved in the file, so that every check and export rolls the same treasure.
            a.seed = Some(seed.unwrap_or_else(rand::random));
            let path = create_adventure(data, &a, out.as_deref())?;
            outln!(term, "{}", path.display())?;
            Ok(EXIT_OK)
        }
        AdventureCmd::Add {
            adventure,
            encounter,
            at,
        } => {
            let path = existing_adventure(data, &adventure)?;
            let pos = crate::adventure::add_encounter(data, &path, &encounter, at)?;
            outln!(term, "{encounter} is encounter {pos} of {}", path.display())?;
            Ok(EXIT_OK)
        }
        AdventureCmd::Remove {
            adventure,
            position,
        } => {
            let path = existing_adventure(data, &adventure)?;
            let id = remove_encounter(&path, position)?;
            outln!(term, "removed encounter {position} ({id})")?;
            Ok(EXIT_OK)
        }
        AdventureCmd::Move {
            adventure,
            position,
            to,
        } => {
            let path = existing_adventure(data, &adventure)?;
            update_adventure(&path, |a| {
                let id = a.remove_at(position)?;
                let n = a.encounters.len() + 1;
                if to == 0 || to > n {
                    return Err(AdventureRefused::NoMoveTarget { to, n }.into());
                }
                Ok(a.insert(&id, Some(to))?)
            })?;
            outln!(term, "moved encounter {position} to {to}")?;
            Ok(EXIT_OK)
        }
        AdventureCmd::Set {
            adventure,
            party,
            treasure,
            seed,
        } => {
            if party.is_none() && treasure.is_none() && seed.is_none() {
                return Err(Failure(
                    "nothing to set: give --party, --treasure or --seed".into(),
                ));
            }
            let path = existing_adventure(data, &adventure)?;
            let party = party.map(|p| party_ref_of_spec(data, &p)).transpose()?;
            update_adventure(&path, |a| {
                if let Some(p) = &party {
                    a.party = p.clone();
                }
                if treasure.is_some() {
                    a.treasure = treasure;
                }
                if seed.is_some() {
                    a.seed = seed;
                }
                Ok(())
            })?;
            Ok(EXIT_OK)
        }
        AdventureCmd::List(f) => {
            let files = list_adventures(data)?;
            if let Some(format) = f.format.data() {
                #[derive(serde::Serialize)]
                struct Row<'a> {
                    id: String,
                    name: &'a str,
                    /// The saved encounters' ids, in the order they are played.
                    encounters: &'a [String],
                    file: String,
                }
                let mut rows = Vec::new();
                for (f, loaded) in &files {
                    match loaded {
                        Ok(a) => rows.push(Row {
                            id: f
                                .file_stem()
                                .unwrap_or_default()
                                .to_string_lossy()
                                .into_owned(),
                            name: &a.name,
                            encounters: &a.encounters,
                            file: f.display().to_string(),
                        }),
                        Err(m) => errln!(term, "lairsmith: skipped {m}"),
                    }
                }
                out!(term, "{}", super::doc::render(&rows, format)?)?;
                return Ok(EXIT_OK);
            }
            if files.is_empty() {
                outln!(
                    term,
                    "No saved adventures in {}.",
                    data.adventures().display()
                )?;
            }
            for (f, loaded) in files {
                match loaded {
                    Ok(a) => outln!(
                        term,
                        "{:<30} {} ({} encounter{})",
                        f.file_stem().unwrap_or_default().to_string_lossy(),
                        a.name,
                        a.encounters.len(),
                        if a.encounters.len() == 1 { "" } else { "s" }
                    )?,
                    Err(m) => errln!(term, "lairsmith: skipped {m}"),
                }
            }
            Ok(EXIT_OK)
        }
        AdventureCmd::Check {
            adventure,
            format,
            seed,
        } => {
            let (a, r) = checked(data, &adventure, seed)?;
            let text = match format.data() {
                Some(data) => super::doc::render(&r, data)?,
                None => render_text(&a, &r),
            };
            out!(term, "{text}")?;
            finish(&r, term)
        }
        AdventureCmd::Export {
            adventure,
            format,
            out,
            force,
            seed,
        } => {
            let (a, r) = checked(data, &adventure, seed)?;
            let text = match format {
                AdventureFormat::Md => {
                    crate::export::sheet::adventure::markdown(&a, &r, &data.load_bestiary())
                }
                AdventureFormat::Yaml => crate::yaml_io::to_string(&a),
                AdventureFormat::Json => super::doc::render(&a, super::doc::Data::Json)?,
                AdventureFormat::Html => {
                    crate::export::html::adventure(&a, &r, &data.load_bestiary())
                }
            };
            match &out {
                Some(path) => super::encounter::write_out(path, &text, force, term)?,
                None => out!(term, "{text}")?,
            }
            finish(&r, term)
        }
    }
}

/// Loads an adventure and its party and checks it.
fn checked(
    data: &DataDir,
    word: &str,
    seed: Option<u64>,
) -> Result<(Adventure, AdventureReport), Failure> {
    let path = existing_adventure(data, word)?;
    let (mut a, _) = load_adventure(&path)?;
    if seed.is_some() {
        a.seed = seed;
    }
    let party = adventure_party(data, &a)?;
    let r = check(data, &a, &party, &data.load_bestiary());
    Ok((a, r))
}

/// Says each missing or unreadable encounter on stderr; exit 1 if there is one.
fn finish(r: &AdventureReport, term: &mut Terminal) -> CmdResult {
    let errors = r.errors();
    for e in &errors {
        errln!(term, "lairsmith: {e}");
    }
    Ok(if errors.is_empty() {
        EXIT_OK
    } else {
        EXIT_FAILURE
    })
}

fn render_text(a: &Adventure, r: &AdventureReport) -> String {
    let mut s = format!("{}\nParty: {}\n", a.name, r.party);
    if r.encounters.is_empty() {
        s.push_str(
            "\nNo encounters yet: `lairsmith adventure add ADVENTURE ENCOUNTER_ID` adds one.\n",
        );
    } else {
        s.push_str(&format!(
            "\n{:>3}  {:<28} {:>9} {:>9} {:>5}  {:<9} {}\n",
            "#", "Encounter", "XP", "XP each", "Party", "Band", "Against the budget"
        ));
    }
    for l in &r.encounters {
        s.push_str(&format!(
            "{:>3}  {:<28} {:>9} {:>9} {:>5}  {:<9} {}\n",
            l.position,
            crate::text::fit_width(&l.name, 28),
            group_thousands(l.xp),
            group_thousands(l.xp_per_character),
            l.party_level,
            l.band.map_or("-", crate::vocab::Vocabulary::key),
            crate::export::sheet::adventure::pacing_bar(l.ratio),
        ));
        if let Some(p) = &l.problem {
            s.push_str(&format!("     {}\n", p.text()));
        }
        for u in r
            .level_ups
            .iter()
            .filter(|u| u.after_encounter == l.position)
        {
            s.push_str(&format!("     ▲ {}\n", u.describe()));
        }
    }
    s.push_str(&format!(
        "\nXP per character: {} (E4: each encounter's XP ÷ the characters, rounded down)\n",
        group_thousands(r.xp_per_character)
    ));
    for c in &r.tracks_to_show() {
        s.push_str(&format!("{}: {}\n", c.name, c.progress()));
    }
    s.push_str("Levels: Table – Levels and Their Benefits (A1). Difficulty bands: lairsmith's own reading (E3).\n");
    s.push('\n');
    match &r.treasure {
        Some(t) => {
            s.push_str(&format!("Treasure (seed {}): ", t.seed));
            for line in t.plan.lines() {
                s.push_str(&line);
                s.push('\n');
            }
        }
        None => s.push_str("Treasure: no method chosen (`adventure set ADVENTURE --treasure steady|items-only|troves|narrative`); each encounter's sheet gives the book's average gold (E5).\n"),
    }
    s
}
