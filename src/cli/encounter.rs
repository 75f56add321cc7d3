//! `lairsmith budget`, `lairsmith party ...` and `lairsmith encounter ...`.

use super::args::{BudgetArgs, EncounterCmd, FilterArgs, PartyCmd};
use super::out::{Terminal, errln, out, outln};
use super::{CmdResult, DataDir, EXIT_FAILURE, EXIT_OK, Failure};
use crate::bestiary::Bestiary;
use crate::encounter::generate::{Request, generate};
use crate::encounter::report::{Report, budget, report};
use crate::encounter::{
    Count, Encounter, Group, Party, PartyFile, PartyRef, Placeholder, Side, parse_encounter,
    parse_party, sheet,
};
use crate::export::doc::group_thousands;
use crate::monster::slugify;
use crate::store::{Expect, Fingerprint, SaveError, path_in, save_atomic, update_locked};
use crate::text::{check_name, escape_string};
use std::path::{Path, PathBuf};

/// A party from `--party`: a spec (`4x3`, `3,3,4,5`) or a saved party's id.
pub fn resolve_party_spec(data: &DataDir, spec: &str) -> Result<Party, Failure> {
    match Party::parse(spec) {
        Ok(p) => Ok(p),
        Err(parse_err) => {
            let path = path_in(&data.parties(), spec.trim(), "yaml")
                .map_err(|_| Failure(parse_err.clone()))?;
            if path.is_file() {
                load_party_file(&path)?.party().map_err(Failure)
            } else {
                Err(Failure(format!(
                    "{parse_err}; and no saved party has the id `{}`",
                    spec.trim()
                )))
            }
        }
    }
}

fn load_party_file(path: &Path) -> Result<PartyFile, Failure> {
    let bytes = crate::bestiary::read_limited(path)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure(format!("{}: the file is not UTF-8 text", path.display())))?;
    Ok(parse_party(&text, path)?)
}

/// The party of an encounter, loading a saved party if it names one.
pub fn party_of(data: &DataDir, e: &Encounter) -> Result<Party, Failure> {
    match &e.party {
        PartyRef::Saved(id) => {
            let path = path_in(&data.parties(), id, "yaml")?;
            if !path.is_file() {
                return Err(Failure(format!(
                    "the encounter names the party `{id}`, but {} does not exist",
                    path.display()
                )));
            }
            load_party_file(&path)?.party().map_err(Failure)
        }
        other => Ok(other.inline().expect("inline parties resolve")),
    }
}

/// An encounter file: a path, or the id of one in the data directory's `encounters/`.
/// The rule ([`super::names_a_file`]): an argument with a slash or a `.yaml`/`.yml` ending is a
/// path; any other word is an id in the data directory, whatever the working directory holds.
pub fn encounter_path(data: &DataDir, file: &str) -> Result<PathBuf, Failure> {
    if super::names_a_file(file) {
        return Ok(PathBuf::from(file));
    }
    Ok(path_in(&data.encounters(), file, "yaml")?)
}

pub fn load_encounter(path: &Path) -> Result<(Encounter, Fingerprint), Failure> {
    let bytes = crate::bestiary::read_limited(path)?;
    let fp = Fingerprint::of_bytes(&bytes);
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure(format!("{}: the file is not UTF-8 text", path.display())))?;
    Ok((parse_encounter(&text, path)?, fp))
}

fn render_budget(b: &crate::encounter::Budget, party: &Party, format: &str) -> String {
    if format == "yaml" {
        return crate::yaml_io::to_string(b);
    }
    let mut s = format!(
        "Party: {} (party level {})\nBudget: {} XP (E1: the standard XP of each character's level, summed)\n\nDifficulty bands (lairsmith's own reading, after Masterplan; the book defines only the budget):\n",
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
    s
}

pub fn run_budget(data: &DataDir, a: BudgetArgs, term: &mut Terminal) -> CmdResult {
    let party = resolve_party_spec(data, &a.party)?;
    out!(
        term,
        "{}",
        render_budget(&budget(&party), &party, &a.format)
    )?;
    Ok(EXIT_OK)
}

fn render_report(r: &Report, e: &Encounter, party: &Party, explain: bool, format: &str) -> String {
    if format == "yaml" {
        let mut s = crate::yaml_io::to_string(r);
        if explain {
            #[derive(serde::Serialize)]
            struct Ex<'a> {
                explanation: &'a [crate::encounter::report::Term],
            }
            s.push_str(&crate::yaml_io::to_string(&Ex {
                explanation: &r.explanation,
            }));
        }
        return s;
    }
    let mut s = format!("{}\n", e.name);
    for (label, text) in r.summary(party) {
        s.push_str(&format!("{label}: {text}\n"));
    }
    s.push_str("\nRoster:\n");
    for line in &r.roster {
        let xp = line.xp_total.map_or("?".to_owned(), group_thousands);
        let flag = if line.ally {
            " (ally, not counted)"
        } else if line.missing {
            " (unknown id)"
        } else {
            ""
        };
        s.push_str(&format!(
            "  {} × {}{flag}: {xp} XP\n",
            line.count, line.name
        ));
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

fn write_encounter(path: &Path, e: &Encounter, expect: Expect) -> Result<(), Failure> {
    save_atomic(path, crate::yaml_io::to_string(e).as_bytes(), expect)?;
    Ok(())
}

/// Changes the encounter file at `path` under its lock: read, change, write, with no other save
/// in between, so that changes made at the same time by other processes are never lost.
fn update_encounter(
    path: &Path,
    mut change: impl FnMut(&mut Encounter) -> Result<(), Failure>,
) -> Result<(), Failure> {
    update_locked(path, |current| {
        let Some(bytes) = current else {
            return Err(Failure(format!(
                "{}: cannot read the file: it does not exist",
                path.display()
            )));
        };
        let text = std::str::from_utf8(bytes)
            .map_err(|_| Failure(format!("{}: the file is not UTF-8 text", path.display())))?;
        let mut e = parse_encounter(text, path)?;
        change(&mut e)?;
        Ok(Some(crate::yaml_io::to_string(&e).into_bytes()))
    })?;
    Ok(())
}

/// Writes an export where the user asked: `-` is standard output; otherwise only a regular
/// file (a link to one is written through, not replaced), and an existing one only with
/// `--force`.
fn write_out(out: &Path, text: &str, force: bool, term: &mut Terminal) -> Result<(), Failure> {
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
        EncounterCmd::New { name, party, out } => {
            let name = name.trim();
            check_name("the encounter's name", name).map_err(Failure)?;
            let party = resolve_party_spec(data, &party)?;
            let e = Encounter::new(name, &party);
            let path = match out {
                Some(p) => p,
                None => path_in(&data.encounters(), &slugify(name), "yaml")?,
            };
            write_encounter(&path, &e, Expect::New)?;
            outln!(term, "{}", path.display())?;
            Ok(EXIT_OK)
        }
        EncounterCmd::Add {
            file,
            monster,
            count,
            ally,
            label,
        } => {
            let path = encounter_path(data, &file)?;
            let mut group = if monster.starts_with("placeholder") {
                Group::placeholder(Placeholder::parse(&monster).map_err(Failure)?, count)
            } else {
                let b = data.load_bestiary();
                if b.get(&monster).is_none() {
                    return Err(unknown_monster(&b, &monster));
                }
                Group::monster(&monster, count)
            };
            if let Some(l) = &label {
                check_name("the label", l).map_err(Failure)?;
            }
            group.label = label;
            if ally {
                group.side = Side::Ally;
            }
            update_encounter(&path, |e| e.add(group.clone()).map_err(Failure))?;
            Ok(EXIT_OK)
        }
        EncounterCmd::Remove { file, monster } => {
            let path = encounter_path(data, &file)?;
            update_encounter(&path, |e| {
                let before = e.groups.len();
                if let Some(n) = monster.strip_prefix('#') {
                    let i: usize = n.parse().map_err(|_| {
                        Failure(format!("`{monster}` is not a group number such as #2"))
                    })?;
                    if i == 0 || i > e.groups.len() {
                        return Err(Failure(format!(
                            "there is no group {monster}; the encounter has {} groups",
                            e.groups.len()
                        )));
                    }
                    e.groups.remove(i - 1);
                } else {
                    let key = Placeholder::parse(&monster)
                        .map(|p| p.to_string())
                        .unwrap_or(monster.clone());
                    e.groups.retain(|g| g.key() != key);
                }
                if e.groups.len() == before {
                    let keys: Vec<String> = e.groups.iter().map(Group::key).collect();
                    return Err(Failure(format!(
                        "the encounter has no group `{monster}`; it has: {}",
                        keys.join(", ")
                    )));
                }
                Ok(())
            })?;
            Ok(EXIT_OK)
        }
        EncounterCmd::Check {
            file,
            explain,
            format,
        } => {
            let path = encounter_path(data, &file)?;
            let (e, _) = load_encounter(&path)?;
            let party = party_of(data, &e)?;
            let b = data.load_bestiary();
            let r = report(&e, &party, &b);
            out!(term, "{}", render_report(&r, &e, &party, explain, &format))?;
            let unrated = r.band.is_none();
            Ok(if unrated { EXIT_FAILURE } else { EXIT_OK })
        }
        EncounterCmd::Export {
            file,
            format,
            out,
            force,
        } => {
            let path = encounter_path(data, &file)?;
            let (e, _) = load_encounter(&path)?;
            let party = party_of(data, &e)?;
            let b = data.load_bestiary();
            let r = report(&e, &party, &b);
            // Markdown and text are read in a terminal or an editor, so a file gets them escaped
            // as stdout does; the YAML emitter escapes control characters itself.
            let text = match format.as_str() {
                "yaml" => crate::yaml_io::to_string(&e),
                "text" => escape_string(render_report(&r, &e, &party, true, "text")),
                _ => escape_string(sheet::markdown(&e, &party, &r, &b)),
            };
            match out {
                Some(o) => write_out(&o, &text, force, term)?,
                None => out!(term, "{text}")?,
            }
            Ok(EXIT_OK)
        }
        EncounterCmd::List => {
            let files = crate::bestiary::yaml_files(&data.encounters())?;
            if files.is_empty() {
                outln!(
                    term,
                    "No saved encounters in {}.",
                    data.encounters().display()
                )?;
            }
            for f in files {
                match load_encounter(&f) {
                    Ok((e, _)) => outln!(
                        term,
                        "{:<30} {}",
                        f.file_stem().unwrap_or_default().to_string_lossy(),
                        e.name
                    )?,
                    Err(Failure(m)) => errln!(term, "lairsmith: skipped {m}"),
                }
            }
            Ok(EXIT_OK)
        }
        EncounterCmd::Generate(g) => {
            let party = resolve_party_spec(data, &g.party)?;
            let b = data.load_bestiary();
            let mut locked: Vec<Group> = Vec::new();
            for id in &g.lock {
                let group = if id.starts_with("placeholder") {
                    Group::placeholder(Placeholder::parse(id).map_err(Failure)?, Count::ONE)
                } else if b.get(id).is_none() {
                    return Err(unknown_monster(&b, id));
                } else {
                    Group::monster(id, Count::ONE)
                };
                // `--lock X --lock X` is two of X, kept as one locked group.
                match locked.iter_mut().find(|l| l.key() == group.key()) {
                    Some(l) => l.count = l.count.plus(Count::ONE).map_err(Failure)?,
                    None => locked.push(group),
                }
            }
            if let Some(name) = &g.name {
                check_name("the encounter's name", name).map_err(Failure)?;
            }
            let seed = g.seed.unwrap_or_else(rand::random);
            let req = Request {
                name: g
                    .name
                    .clone()
                    .unwrap_or_else(|| format!("{} encounter", capitalise(&g.difficulty))),
                party: party.clone(),
                band: crate::rules::difficulty::band_named(&g.difficulty)
                    .map(|x| x.name)
                    .ok_or_else(|| {
                        Failure(format!(
                            "unknown difficulty `{}`; valid: trivial, easy, standard, hard, deadly",
                            g.difficulty
                        ))
                    })?,
                query: g.query.clone().unwrap_or_default(),
                filter: filter(&g.filter)?,
                locked,
                max_monsters: g.max_monsters,
                max_bosses: g.max_bosses,
                max_leaders: g.max_leaders,
                seed,
            };
            let out = generate(&b, &req)?;
            if !out.met {
                errln!(term, "lairsmith: {}", out.shortfall());
            }
            let r = report(&out.encounter, &party, &b);
            // Escaped for a file too, as in `encounter export`.
            let text = match g.format.as_str() {
                "md" => escape_string(sheet::markdown(&out.encounter, &party, &r, &b)),
                "text" => escape_string(render_report(&r, &out.encounter, &party, false, "text")),
                _ => crate::yaml_io::to_string(&out.encounter),
            };
            match &g.out {
                Some(path) => write_out(path, &text, g.force, term)?,
                None => out!(term, "{text}")?,
            }
            Ok(if out.met { EXIT_OK } else { EXIT_FAILURE })
        }
    }
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

pub fn run_party(data: &DataDir, cmd: PartyCmd, term: &mut Terminal) -> CmdResult {
    match cmd {
        PartyCmd::New { name, party } => {
            let name = name.trim().to_owned();
            check_name("the party's name", &name).map_err(Failure)?;
            let p = Party::parse(&party).map_err(Failure)?;
            let file = PartyFile {
                kind: Default::default(),
                schema_version: crate::encounter::file::ENCOUNTER_SCHEMA_VERSION,
                name: name.clone(),
                members: p.members,
                extra: Default::default(),
            };
            let path = path_in(&data.parties(), &slugify(&name), "yaml")?;
            save_atomic(
                &path,
                crate::yaml_io::to_string(&file).as_bytes(),
                Expect::New,
            )?;
            outln!(term, "{}", path.display())?;
            Ok(EXIT_OK)
        }
        PartyCmd::List => {
            let files = crate::bestiary::yaml_files(&data.parties())?;
            if files.is_empty() {
                outln!(term, "No saved parties in {}.", data.parties().display())?;
            }
            for f in files {
                match load_party_file(&f) {
                    Ok(p) => {
                        let party = p.party().map(|x| x.describe()).unwrap_or_default();
                        outln!(
                            term,
                            "{:<24} {} — {party}",
                            f.file_stem().unwrap_or_default().to_string_lossy(),
                            p.name
                        )?
                    }
                    Err(Failure(m)) => errln!(term, "lairsmith: skipped {m}"),
                }
            }
            Ok(EXIT_OK)
        }
    }
}
