//! `lairsmith budget` and `lairsmith encounter ...`, over [`lairsmith_core::encounter`]'s saved files.
//! Their arguments are in `args.rs`; `check` and `export` (the report, as text, data or a sheet)
//! in `report.rs`; `generate` in `generate.rs`; the other commands here.

mod args;
mod generate;
mod report;

pub use args::{BudgetArgs, EncounterCmd, EncounterFormat};

use super::out::{Terminal, errln, out, outln};
use super::{CmdResult, DataDir, EXIT_OK, Failure};
use crate::cli::args::{ListFormatArg, ReportFormat};
use args::AddArgs;
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::bestiary::saved::save_new_monster;
use lairsmith_core::encounter::budget;
use lairsmith_core::encounter::{
    Count, Group, Party, Placeholder, Side, System, add_group, create_encounter_in, encounter_path,
    list_encounters, remove_group, resolve_party_spec, set_group_notes, set_treasure,
};
use lairsmith_core::store::SaveError;
use lairsmith_core::text::{check_name, group_thousands};
use std::path::Path;

pub fn run_encounter(data: &DataDir, cmd: EncounterCmd, term: &mut Terminal) -> CmdResult {
    match cmd {
        EncounterCmd::New {
            name,
            party,
            out,
            system,
        } => new(data, &name, &party, out.as_deref(), system, term),
        EncounterCmd::Add(a) => add(data, a),
        EncounterCmd::Note { file, group, text } => note(data, &file, &group, &text),
        EncounterCmd::Set { file, treasure } => {
            set_treasure(&encounter_path(data, &file)?, treasure.0)?;
            Ok(EXIT_OK)
        }
        EncounterCmd::Remove { file, monster } => remove(data, &file, &monster),
        EncounterCmd::Theme {
            file,
            template,
            save_as,
        } => theme(data, &file, &template, &save_as, term),
        EncounterCmd::Check {
            file,
            explain,
            format,
            treasure,
        } => report::check(data, &file, explain, format, &treasure, term),
        EncounterCmd::Export(a) => report::export(data, a, term),
        EncounterCmd::List(f) => list(data, f, term),
        EncounterCmd::Generate(g) if g.system == System::D20e3 => {
            generate::generate_3e(data, *g, term)
        }
        EncounterCmd::Generate(g) => generate::generate(data, *g, term),
    }
}

pub fn run_budget(data: &DataDir, a: BudgetArgs, term: &mut Terminal) -> CmdResult {
    let party = resolve_party_spec(data, &a.party)?;
    let b = match a.system {
        System::Orcus => budget(&party),
        System::D20e3 => lairsmith_core::encounter::rating::d20e3::budget(&party)
            .map_err(|e| Failure(e.to_string()))?,
    };
    out!(term, "{}", render_budget(&b, &party, a.format, a.system)?)?;
    Ok(EXIT_OK)
}

fn render_budget(
    b: &lairsmith_core::encounter::Budget,
    party: &Party,
    format: ReportFormat,
    system: System,
) -> Result<String, Failure> {
    if let Some(data) = format.data() {
        return super::doc::render(b, data);
    }
    let (how, bands) = match system {
        System::Orcus => (
            "E1: the standard XP of each character's level, summed",
            "lairsmith's own reading, after Masterplan; the book defines only the budget",
        ),
        System::D20e3 => (
            "D3, lairsmith's own reading: one foe whose CR is the party level, from the Experience Point Awards table",
            "D6, lairsmith's own reading: by encounter level (D4) against the party level; XP before any circumstance",
        ),
    };
    let mut s = format!(
        "Party: {} (party level {})\nBudget: {} XP ({how})\n\nDifficulty bands ({bands}):\n",
        party.describe(),
        b.party_level,
        group_thousands(b.budget)
    );
    for band in &b.bands {
        let max = band.max_xp.map_or("and up".to_owned(), |m| {
            format!("to {} XP", group_thousands(m))
        });
        s.push_str(&format!(
            "  {:<9} {} {max}\n",
            band.name,
            group_thousands(band.min_xp)
        ));
    }
    Ok(s)
}

/// `encounter new`.
fn new(
    data: &DataDir,
    name: &str,
    party: &str,
    out: Option<&Path>,
    system: System,
    term: &mut Terminal,
) -> CmdResult {
    check_name("the encounter's name", name.trim()).map_err(|e| Failure(e.to_string()))?;
    let party = lairsmith_core::encounter::choose_party(data, party)?;
    let path = create_encounter_in(data, name, &party, out, system)?;
    outln!(term, "{}", path.display())?;
    Ok(EXIT_OK)
}

/// `encounter add`: a group of monsters, a placeholder, a 3rd-edition foe or a challenge.
fn add(data: &DataDir, a: AddArgs) -> CmdResult {
    let AddArgs {
        file,
        monster,
        count,
        ally,
        label,
        notes,
        failures,
        skills,
    } = a;
    let path = encounter_path(data, &file)?;
    let notes = group_notes(notes.as_deref())?;
    if monster.starts_with("challenge:") {
        let mut group = challenge_group(&monster, label, count, ally, failures, &skills)?;
        group.notes = notes;
        add_group(&path, &group)?;
        return Ok(EXIT_OK);
    }
    if failures.is_some() || !skills.is_empty() {
        return Err(Failure(
            "--failures and --skill belong to a challenge (challenge:LEVEL:SUCCESSES)".into(),
        ));
    }
    // D1, D7: a 3rd-edition foe by CR, a character or an NPC.
    let d20e3 = ["cr:", "character:", "npc:"]
        .iter()
        .any(|p| monster.to_lowercase().starts_with(p));
    let mut group = if d20e3 {
        Group::d20e3(&monster, count).map_err(|e| Failure(e.to_string()))?
    } else if monster.starts_with("placeholder") {
        Group::placeholder(
            Placeholder::parse(&monster).map_err(|e| Failure(e.to_string()))?,
            count,
        )
    } else {
        let b = data.bestiary_for(&[monster.as_str()]);
        if b.get(&monster).is_none() {
            return Err(unknown_monster(&b, &monster));
        }
        Group::monster(&monster, count)
    };
    if let Some(l) = &label {
        check_name("the label", l).map_err(|e| Failure(e.to_string()))?;
    }
    group.label = label;
    group.notes = notes;
    if ally {
        group.side = Side::Ally;
    }
    add_group(&path, &group)?;
    Ok(EXIT_OK)
}

/// `encounter note`.
fn note(data: &DataDir, file: &str, group: &str, text: &str) -> CmdResult {
    let notes = group_notes(Some(text))?;
    set_group_notes(&encounter_path(data, file)?, group, notes.as_deref())?;
    Ok(EXIT_OK)
}

/// `encounter remove`.
fn remove(data: &DataDir, file: &str, monster: &str) -> CmdResult {
    remove_group(&encounter_path(data, file)?, monster)?;
    Ok(EXIT_OK)
}

/// `encounter list`: each file's id and name; as data, its system and path too.
fn list(data: &DataDir, f: ListFormatArg, term: &mut Terminal) -> CmdResult {
    let files = list_encounters(data)?;
    if let Some(format) = f.format.data() {
        #[derive(serde::Serialize)]
        struct Row<'a> {
            id: String,
            name: &'a str,
            system: System,
            file: String,
        }
        let mut rows = Vec::new();
        for (f, loaded) in &files {
            match loaded {
                Ok(e) => rows.push(Row {
                    id: f
                        .file_stem()
                        .unwrap_or_default()
                        .to_string_lossy()
                        .into_owned(),
                    name: &e.name,
                    system: e.system,
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
            "No saved encounters in {}.",
            data.encounters().display()
        )?;
    }
    for (f, loaded) in files {
        match loaded {
            Ok(e) => outln!(
                term,
                "{:<30} {}",
                f.file_stem().unwrap_or_default().to_string_lossy(),
                e.name
            )?,
            Err(m) => errln!(term, "lairsmith: skipped {m}"),
        }
    }
    Ok(EXIT_OK)
}

/// `encounter theme`: themed copies of every group's monster, and a new encounter using them.
/// Every path is checked before anything is written; each file is written atomically.
fn theme(
    data: &DataDir,
    file: &str,
    template: &str,
    save_as: &str,
    term: &mut Terminal,
) -> CmdResult {
    lairsmith_core::monster::design::check_id(save_as).map_err(|e| Failure(e.to_string()))?;
    let (e, _) = lairsmith_core::encounter::load_encounter(&encounter_path(data, file)?)?;
    let b = data.load_bestiary();
    let themed = lairsmith_core::encounter::theme::theme_encounter(&e, template, &b)?;
    let out_path = encounter_path(data, save_as)?;
    if out_path.exists() {
        return Err(Failure(format!(
            "{} already exists; choose another id for the themed encounter",
            out_path.display()
        )));
    }
    for d in &themed.monsters {
        let path = save_new_monster(&data.bestiary(), &b, d)?;
        outln!(term, "{}", path.display())?;
    }
    lairsmith_core::encounter::saved::save_encounter(
        &out_path,
        &themed.encounter,
        lairsmith_core::store::Expect::New,
    )?;
    for u in &themed.unchanged {
        super::out::errln!(
            term,
            "lairsmith: left {u} as it was (a placeholder, or it already has the template)"
        );
    }
    outln!(term, "{}", out_path.display())?;
    Ok(EXIT_OK)
}

/// `encounter add FILE challenge:LEVEL:SUCCESSES --name NAME [--failures N] [--skill S:DC]...`
fn challenge_group(
    spec: &str,
    name: Option<String>,
    count: Count,
    ally: bool,
    failures: Option<String>,
    skills: &[String],
) -> Result<Group, Failure> {
    use lairsmith_core::encounter::challenge::{
        Challenge, ChallengeSkill, parse_count, parse_spec,
    };
    let (level, successes) = parse_spec(spec).map_err(|e| Failure(e.to_string()))?;
    let Some(name) = name.map(|n| n.trim().to_owned()) else {
        return Err(Failure(format!(
            "a challenge needs a name: lairsmith encounter add FILE {spec} --name \"Rope Bridge\""
        )));
    };
    check_name("the challenge's name", &name).map_err(|e| Failure(e.to_string()))?;
    if count != Count::ONE {
        return Err(Failure(format!(
            "a challenge is run once, so --count {count} does not apply; add another challenge with its own name to run two"
        )));
    }
    if ally {
        return Err(Failure(
            "a challenge is something the party overcomes; it cannot be an --ally".into(),
        ));
    }
    let mut c = Challenge::new(&name, level, successes).map_err(|e| Failure(e.to_string()))?;
    if let Some(f) = failures {
        c.failures = parse_count("failures", &f).map_err(|e| Failure(e.to_string()))?;
    }
    c.skills = skills
        .iter()
        .map(|s| ChallengeSkill::parse(s))
        .collect::<Result<_, _>>()
        .map_err(|e| Failure(e.to_string()))?;
    Ok(Group::challenge(c))
}

/// A group's notes as the command line gives them: blank is none; longer than a group's notes
/// hold is refused.
fn group_notes(text: Option<&str>) -> Result<Option<String>, Failure> {
    let Some(t) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    lairsmith_core::limits::GROUP_NOTES
        .check(t)
        .map_err(|e| Failure(e.to_string()))?;
    Ok(Some(t.to_owned()))
}

fn unknown_monster(b: &Bestiary, id: &str) -> Failure {
    let near = b.suggest(id);
    let mut msg = format!("no monster has the id `{id}`");
    if !near.is_empty() {
        msg.push_str(&format!(
            " (closest: {})",
            near.iter()
                .map(|s| format!("`{s}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    Failure(msg)
}

/// Writes an export where the user asked: `-` is standard output; otherwise only a regular
/// file (never through a symbolic link, which is refused), and an existing one only with
/// `--force`.
pub(super) fn write_out(
    out: &Path,
    text: &str,
    force: bool,
    term: &mut Terminal,
) -> Result<(), Failure> {
    if out == Path::new("-") {
        out!(term, "{text}")?;
        return Ok(());
    }
    match lairsmith_core::encounter::saved::save_export(out, text, force) {
        Ok(_) => {
            outln!(term, "{}", out.display())?;
            Ok(())
        }
        Err(SaveError::AlreadyExists { path }) => Err(Failure(format!(
            "{} already exists; pass --force to overwrite it",
            path.display()
        ))),
        Err(e) => Err(e.into()),
    }
}
