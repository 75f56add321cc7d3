//! `encounter check` and `encounter export`: an encounter's report (budget, XP, difficulty,
//! treasure) as text or data, or its sheet, file or actors.

use super::args::{EncounterFormat, EncounterTreasureArgs, ExportArgs};
use super::write_out;
use crate::cli::args::ReportFormat;
use crate::cli::out::{Terminal, errln, out};
use crate::cli::{CmdResult, DataDir, EXIT_FAILURE, EXIT_OK, Failure};
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::encounter::report::{Report, report};
use lairsmith_core::encounter::{
    Encounter, Party, System, encounter_path, load_encounter_with_party,
};
use lairsmith_core::export::sheet::encounter as sheet;
use lairsmith_core::text::{escape_string, group_thousands};
use std::path::Path;

/// `encounter check`: exit 1 when the encounter cannot be rated.
pub(super) fn check(
    data: &DataDir,
    file: &str,
    explain: bool,
    format: ReportFormat,
    treasure: &EncounterTreasureArgs,
    term: &mut Terminal,
) -> CmdResult {
    let path = encounter_path(data, file)?;
    let (e, party, _) = load_encounter_with_party(data, &path)?;
    let b = data.bestiary_for(&monster_ids(&e));
    let mut r = report(&e, &party, &b);
    let plan = encounter_treasure(&path, &e, &party, treasure)?;
    if let Some((_, p)) = &plan {
        p.set_in_report(&mut r);
    }
    let text = match format.data() {
        Some(data) => crate::cli::doc::render(
            &CheckDoc {
                report: &r,
                explanation: explain.then_some(&r.explanation[..]),
                treasure: plan.as_ref().map(|(seed, plan)| {
                    lairsmith_core::adventure::check::AdventureTreasure {
                        seed: *seed,
                        plan: plan.clone(),
                    }
                }),
            },
            data,
        )?,
        None => {
            let mut text = render_report(&r, &e, &party, explain);
            if let Some((seed, plan)) = &plan {
                text.push_str(&render_treasure(*seed, plan));
            }
            text
        }
    };
    out!(term, "{text}")?;
    let unrated = r.band.is_none();
    Ok(if unrated { EXIT_FAILURE } else { EXIT_OK })
}

/// `encounter export`.
pub(super) fn export(data: &DataDir, a: ExportArgs, term: &mut Terminal) -> CmdResult {
    let ExportArgs {
        file,
        treasure,
        format,
        for_use,
        out,
        force,
    } = a;
    let path = encounter_path(data, &file)?;
    let (e, party, _) = load_encounter_with_party(data, &path)?;
    let b = data.bestiary_for(&monster_ids(&e));
    if for_use.is_some() && format != EncounterFormat::Html {
        return Err(Failure(
            "--for table is a printable sheet: give it with --format html".into(),
        ));
    }
    let r = report(&e, &party, &b);
    let plan = encounter_treasure(&path, &e, &party, &treasure)?;
    // Markdown and text are read in a terminal or an editor, so a file gets them escaped
    // as stdout does; the YAML emitter escapes control characters itself.
    let text = match format {
        EncounterFormat::Yaml => lairsmith_core::yaml_io::to_string(&e),
        EncounterFormat::Json => crate::cli::doc::render(&e, crate::cli::doc::Data::Json)?,
        EncounterFormat::Obsidian => lairsmith_core::export::statblock_md::encounter_note(
            &e,
            &party,
            &lairsmith_core::treasure::report_with(&r, plan.as_ref().map(|(_, p)| p)),
            &b,
        ),
        EncounterFormat::Text => escape_string(render_report(
            &lairsmith_core::treasure::report_with(&r, plan.as_ref().map(|(_, p)| p)),
            &e,
            &party,
            true,
        )),
        EncounterFormat::Md => escape_string(sheet::markdown_with_treasure(
            &e,
            &party,
            &r,
            &b,
            plan.as_ref().map(|(_, p)| p),
        )),
        EncounterFormat::Foundry => foundry_actors(&e, &b, term)?,
        // Every text in it is escaped for HTML, control characters included.
        EncounterFormat::Html if for_use.is_some() => {
            lairsmith_core::export::table::table_sheet(&e, &party, &b).map_err(Failure::from)?
        }
        EncounterFormat::Html => lairsmith_core::export::html::encounter(
            &e,
            &party,
            &r,
            &b,
            plan.as_ref().map(|(_, p)| p),
        ),
    };
    match out {
        Some(o) => write_out(&o, &text, force, term)?,
        None => out!(term, "{text}")?,
    }
    Ok(EXIT_OK)
}

/// The encounter's treasure under `--treasure`, rolled for its first play from `--seed` (as an
/// adventure with that seed rolls it): `(seed, plan)`.
fn encounter_treasure(
    path: &Path,
    e: &Encounter,
    party: &Party,
    args: &EncounterTreasureArgs,
) -> Result<Option<(u64, lairsmith_core::treasure::Plan)>, Failure> {
    let Some(method) = args.treasure.or(e.treasure) else {
        return Ok(None);
    };
    if e.system != System::Orcus {
        return Err(Failure(
            "--treasure uses the Orcus rulebook's treasure (Distributing Magic Items); this is a d20 3rd-edition encounter".into(),
        ));
    }
    let id = path.file_stem().unwrap_or_default().to_string_lossy();
    let seed = args.seed.unwrap_or(0);
    let rolled = lairsmith_core::treasure::seed_for(seed, &format!("{id}#1"));
    Ok(Some((
        seed,
        lairsmith_core::treasure::for_encounter(method, party, rolled),
    )))
}

/// `encounter check --format yaml|json`: the report, with the arithmetic under --explain and
/// the treasure under --treasure, as one mapping.
#[derive(serde::Serialize)]
struct CheckDoc<'a> {
    #[serde(flatten)]
    report: &'a Report,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<&'a [lairsmith_core::encounter::report::Term]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    treasure: Option<lairsmith_core::adventure::check::AdventureTreasure>,
}

fn render_treasure(seed: u64, plan: &lairsmith_core::treasure::Plan) -> String {
    let mut s = format!("\nTreasure (seed {seed}): ");
    for line in plan.lines() {
        s.push_str(&line);
        s.push('\n');
    }
    s
}

/// One line of the roster in `encounter check`'s words.
fn roster_text(line: &lairsmith_core::encounter::report::RosterLine) -> String {
    let xp = line.xp_total.map_or("?".to_owned(), group_thousands);
    if let Some(c) = &line.challenge {
        return format!(
            "  Challenge: {} (level {}{}, {} successes before {} failures; {}): {xp} XP\n",
            line.name,
            c.level,
            if c.party_level {
                ", the party level"
            } else {
                ""
            },
            c.successes,
            c.failures,
            c.worth
        );
    }
    let flag = if line.ally {
        " (ally, not counted)"
    } else if line.missing {
        " (unknown id)"
    } else {
        ""
    };
    format!("  {} × {}{flag}: {xp} XP\n", line.count, line.title())
}

pub(super) fn render_report(r: &Report, e: &Encounter, party: &Party, explain: bool) -> String {
    let mut s = format!("{}\n", e.name);
    for (label, text) in r.summary(party) {
        s.push_str(&format!("{label}: {text}\n"));
    }
    s.push_str("\nRoster:\n");
    for (line, g) in r.roster.iter().zip(&e.groups) {
        s.push_str(&roster_text(line));
        // The group's notes under its line, each of their lines indented with it.
        if let Some(n) = &g.notes {
            s.push_str(&format!(
                "    Notes: {}\n",
                n.trim().replace('\n', "\n           ")
            ));
        }
    }
    if explain {
        s.push_str("\nArithmetic:\n");
        for t in &r.explanation {
            let ours = if t.ours {
                " [ours: lairsmith's reading, not the book's]"
            } else {
                ""
            };
            s.push_str(&format!("  {}\n      from {}{ours}\n", t.text, t.source));
        }
    }
    s
}

/// The encounter's monsters as Foundry VTT dnd4e actors; what has no stat block (placeholders,
/// challenges, challenge ratings, ids the bestiary lacks) is named on stderr, not exported.
pub(super) fn foundry_actors(
    e: &lairsmith_core::encounter::file::Encounter,
    b: &Bestiary,
    term: &mut Terminal,
) -> Result<String, Failure> {
    let out = lairsmith_core::export::foundry::encounter_actors(e, b);
    for what in &out.left_out {
        errln!(
            term,
            "lairsmith: the Foundry export leaves out {what}: it has no stat block"
        );
    }
    Ok(out.json)
}

/// The ids of the monsters an encounter names.
fn monster_ids(e: &lairsmith_core::encounter::Encounter) -> Vec<&str> {
    e.groups
        .iter()
        .filter_map(|g| g.monster.as_deref())
        .collect()
}
