//! `lairsmith budget` and `lairsmith encounter ...`, over [`crate::encounter`]'s saved files.

use super::args::{BudgetArgs, EncounterCmd, EncounterFormat, FilterArgs, ReportFormat};
use super::out::{Terminal, errln, out, outln};
use super::{CmdResult, DataDir, EXIT_FAILURE, EXIT_OK, Failure};
use crate::bestiary::Bestiary;
use crate::bestiary::saved::save_new_monster;
use crate::encounter::budget;
use crate::encounter::generate::{Request, generate};
use crate::encounter::report::{Report, report};
use crate::encounter::{
    Count, Encounter, Group, Party, Placeholder, Side, System, add_group, create_encounter_in,
    encounter_path, list_encounters, load_encounter_with_party, remove_group, resolve_party_spec,
    set_group_notes,
};
use crate::export::sheet::encounter as sheet;
use crate::store::{Expect, SaveError, save_atomic};
use crate::text::group_thousands;
use crate::text::{check_name, escape_string};
use std::path::Path;

fn render_budget(
    b: &crate::encounter::Budget,
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

/// `encounter generate --system d20-3e`: a seeded mix of CRs in the band; the bestiary's
/// filters and locks have nothing to work on there.
fn generate_3e(data: &DataDir, g: super::args::GenerateArgs, term: &mut Terminal) -> CmdResult {
    if !g.lock.is_empty() || g.query.is_some() || !filter(&g.filter)?.is_empty() {
        return Err(Failure(
            "a d20-3e encounter is generated as a mix of challenge ratings: a query, filters and --lock choose bestiary monsters, which a 3rd-edition encounter does not use".into(),
        ));
    }
    let choice = crate::encounter::choose_party(data, &g.party)?;
    let party = choice.party().clone();
    if let Some(name) = &g.name {
        check_name("the encounter's name", name).map_err(|e| Failure(e.to_string()))?;
    }
    let seed = g.seed.unwrap_or_else(rand::random);
    let name = g
        .name
        .clone()
        .unwrap_or_else(|| format!("{} encounter", capitalise(&g.difficulty.to_string())));
    let mut out =
        crate::encounter::generate3e::generate(&name, &party, g.difficulty, g.max_monsters, seed)
            .map_err(Failure::from)?;
    // A saved party stays named by its id in the file, as `encounter new` writes it.
    out.encounter.party = choice.party_ref();
    let mix = crate::encounter::generate3e::describe(&out.encounter);
    if !out.met {
        errln!(
            term,
            "lairsmith: no mix of at most {} foes reached {}; this is the closest: {mix}",
            g.max_monsters,
            crate::encounter::generate::an_encounter(g.difficulty)
        );
    }
    let b = Bestiary::default();
    let r = report(&out.encounter, &party, &b);
    let text = match g.format {
        EncounterFormat::Md => escape_string(sheet::markdown(&out.encounter, &party, &r, &b)),
        EncounterFormat::Text => format!(
            "{mix} (seed {seed})\n\n{}",
            escape_string(render_report(&r, &out.encounter, &party, false,))
        ),
        EncounterFormat::Yaml => crate::yaml_io::to_string(&out.encounter),
        EncounterFormat::Json => super::doc::render(&out.encounter, super::doc::Data::Json)?,
        EncounterFormat::Foundry => foundry_actors(&out.encounter, &b, term)?,
        EncounterFormat::Html => {
            crate::export::html::encounter(&out.encounter, &party, &r, &b, None)
        }
        EncounterFormat::Obsidian => {
            crate::export::statblock_md::encounter_note(&out.encounter, &party, &r, &b)
        }
    };
    match &g.out {
        Some(path) => write_out(path, &text, g.force, term)?,
        None => out!(term, "{text}")?,
    }
    Ok(if out.met { EXIT_OK } else { EXIT_FAILURE })
}

pub fn run_budget(data: &DataDir, a: BudgetArgs, term: &mut Terminal) -> CmdResult {
    let party = resolve_party_spec(data, &a.party)?;
    let b = match a.system {
        System::Orcus => budget(&party),
        System::D20e3 => {
            crate::encounter::rating::d20e3::budget(&party).map_err(|e| Failure(e.to_string()))?
        }
    };
    out!(term, "{}", render_budget(&b, &party, a.format, a.system)?)?;
    Ok(EXIT_OK)
}

/// The encounter's treasure under `--treasure`, rolled for its first play from `--seed` (as an
/// adventure with that seed rolls it): `(seed, plan)`.
fn encounter_treasure(
    path: &Path,
    e: &Encounter,
    party: &Party,
    args: &super::args::EncounterTreasureArgs,
) -> Result<Option<(u64, crate::treasure::Plan)>, Failure> {
    let Some(method) = args.treasure else {
        return Ok(None);
    };
    if e.system != System::Orcus {
        return Err(Failure(
            "--treasure uses the Orcus rulebook's treasure (Distributing Magic Items); this is a d20 3rd-edition encounter".into(),
        ));
    }
    let id = path.file_stem().unwrap_or_default().to_string_lossy();
    let seed = args.seed.unwrap_or(0);
    let rolled = crate::treasure::seed_for(seed, &format!("{id}#1"));
    Ok(Some((
        seed,
        crate::treasure::for_encounter(method, party, rolled),
    )))
}

/// `encounter check --format yaml|json`: the report, with the arithmetic under --explain and
/// the treasure under --treasure, as one mapping.
#[derive(serde::Serialize)]
struct CheckDoc<'a> {
    #[serde(flatten)]
    report: &'a Report,
    #[serde(skip_serializing_if = "Option::is_none")]
    explanation: Option<&'a [crate::encounter::report::Term]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    treasure: Option<crate::adventure::check::AdventureTreasure>,
}

fn render_treasure(seed: u64, plan: &crate::treasure::Plan) -> String {
    let mut s = format!("\nTreasure (seed {seed}): ");
    for line in plan.lines() {
        s.push_str(&line);
        s.push('\n');
    }
    s
}

/// One line of the roster in `encounter check`'s words.
fn roster_text(line: &crate::encounter::report::RosterLine) -> String {
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

fn render_report(r: &Report, e: &Encounter, party: &Party, explain: bool) -> String {
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
fn foundry_actors(
    e: &crate::encounter::file::Encounter,
    b: &Bestiary,
    term: &mut Terminal,
) -> Result<String, Failure> {
    let out = crate::export::foundry::encounter_actors(e, b);
    for what in &out.left_out {
        errln!(
            term,
            "lairsmith: the Foundry export leaves out {what}: it has no stat block"
        );
    }
    Ok(out.json)
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
    let expect = if force { Expect::Anything } else { Expect::New };
    match save_atomic(out, text.as_bytes(), expect) {
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

pub fn run_encounter(data: &DataDir, cmd: EncounterCmd, term: &mut Terminal) -> CmdResult {
    match cmd {
        EncounterCmd::New {
            name,
            party,
            out,
            system,
        } => {
            check_name("the encounter's name", name.trim()).map_err(|e| Failure(e.to_string()))?;
            let party = crate::encounter::choose_party(data, &party)?;
            let path = create_encounter_in(data, &name, &party, out.as_deref(), system)?;
            outln!(term, "{}", path.display())?;
            Ok(EXIT_OK)
        }
        EncounterCmd::Add {
            file,
            monster,
            count,
            ally,
            label,
            notes,
            failures,
            skills,
        } => {
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
                    "--failures and --skill belong to a challenge (challenge:LEVEL:SUCCESSES)"
                        .into(),
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
        EncounterCmd::Note { file, group, text } => {
            let notes = group_notes(Some(&text))?;
            set_group_notes(&encounter_path(data, &file)?, &group, notes.as_deref())?;
            Ok(EXIT_OK)
        }
        EncounterCmd::Remove { file, monster } => {
            remove_group(&encounter_path(data, &file)?, &monster)?;
            Ok(EXIT_OK)
        }
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
        } => {
            let path = encounter_path(data, &file)?;
            let (e, party, _) = load_encounter_with_party(data, &path)?;
            let b = data.bestiary_for(&monster_ids(&e));
            let mut r = report(&e, &party, &b);
            let plan = encounter_treasure(&path, &e, &party, &treasure)?;
            if let Some((_, p)) = &plan {
                p.set_in_report(&mut r);
            }
            let text = match format.data() {
                Some(data) => super::doc::render(
                    &CheckDoc {
                        report: &r,
                        explanation: explain.then_some(&r.explanation[..]),
                        treasure: plan.as_ref().map(|(seed, plan)| {
                            crate::adventure::check::AdventureTreasure {
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
        EncounterCmd::Export {
            file,
            treasure,
            format,
            for_use,
            out,
            force,
        } => {
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
                EncounterFormat::Yaml => crate::yaml_io::to_string(&e),
                EncounterFormat::Json => super::doc::render(&e, super::doc::Data::Json)?,
                EncounterFormat::Obsidian => {
                    crate::export::statblock_md::encounter_note(&e, &party, &r, &b)
                }
                EncounterFormat::Text => escape_string(render_report(
                    &crate::treasure::report_with(&r, plan.as_ref().map(|(_, p)| p)),
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
                    crate::export::table::table_sheet(&e, &party, &b).map_err(Failure::from)?
                }
                EncounterFormat::Html => crate::export::html::encounter(
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
        EncounterCmd::List(f) => {
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
        EncounterCmd::Generate(g) if g.system == System::D20e3 => generate_3e(data, *g, term),
        EncounterCmd::Generate(g) => {
            let choice = crate::encounter::choose_party(data, &g.party)?;
            let party = choice.party().clone();
            let b = data.load_bestiary();
            let mut locked: Vec<Group> = Vec::new();
            for id in &g.lock {
                let group = if id.starts_with("placeholder") {
                    Group::placeholder(
                        Placeholder::parse(id).map_err(|e| Failure(e.to_string()))?,
                        Count::ONE,
                    )
                } else if b.get(id).is_none() {
                    return Err(unknown_monster(&b, id));
                } else {
                    Group::monster(id, Count::ONE)
                };
                // `--lock X --lock X` is two of X, kept as one locked group.
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
            if let Some(name) = &g.name {
                check_name("the encounter's name", name).map_err(|e| Failure(e.to_string()))?;
            }
            let seed = g.seed.unwrap_or_else(rand::random);
            let req = Request {
                name: g.name.clone().unwrap_or_else(|| {
                    format!("{} encounter", capitalise(&g.difficulty.to_string()))
                }),
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
            let mut out = generate(&b, &req)?;
            // A saved party stays named by its id in the file, as `encounter new` writes it.
            out.encounter.party = choice.party_ref();
            if !out.met {
                errln!(term, "lairsmith: {}", out.shortfall());
            }
            let r = report(&out.encounter, &party, &b);
            // Escaped for a file too, as in `encounter export`.
            let text = match g.format {
                EncounterFormat::Md => {
                    escape_string(sheet::markdown(&out.encounter, &party, &r, &b))
                }
                EncounterFormat::Text => {
                    escape_string(render_report(&r, &out.encounter, &party, false))
                }
                EncounterFormat::Yaml => crate::yaml_io::to_string(&out.encounter),
                EncounterFormat::Json => {
                    super::doc::render(&out.encounter, super::doc::Data::Json)?
                }
                EncounterFormat::Foundry => foundry_actors(&out.encounter, &b, term)?,
                EncounterFormat::Html => {
                    crate::export::html::encounter(&out.encounter, &party, &r, &b, None)
                }
                EncounterFormat::Obsidian => {
                    crate::export::statblock_md::encounter_note(&out.encounter, &party, &r, &b)
                }
            };
            match &g.out {
                Some(path) => write_out(path, &text, g.force, term)?,
                None => out!(term, "{text}")?,
            }
            Ok(if out.met { EXIT_OK } else { EXIT_FAILURE })
        }
    }
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
    use crate::encounter::challenge::{Challenge, ChallengeSkill, parse_count, parse_spec};
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
    crate::limits::GROUP_NOTES
        .check(t)
        .map_err(|e| Failure(e.to_string()))?;
    Ok(Some(t.to_owned()))
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn filter(f: &FilterArgs) -> Result<crate::bestiary::Filter, Failure> {
    f.to_filter().map_err(Failure)
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

/// The ids of the monsters an encounter names.
fn monster_ids(e: &crate::encounter::Encounter) -> Vec<&str> {
    e.groups
        .iter()
        .filter_map(|g| g.monster.as_deref())
        .collect()
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
    crate::monster::design::check_id(save_as).map_err(|e| Failure(e.to_string()))?;
    let (e, _) = crate::encounter::load_encounter(&encounter_path(data, file)?)?;
    let b = data.load_bestiary();
    let themed = crate::encounter::theme::theme_encounter(&e, template, &b)?;
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
    crate::encounter::saved::save_encounter(
        &out_path,
        &themed.encounter,
        crate::store::Expect::New,
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
