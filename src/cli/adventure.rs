//! `lairsmith adventure ...`, over [`lairsmith_core::adventure`]'s saved files.

use super::args::{ListFormatArg, ReportFormat, vocab};
use super::out::{Terminal, errln, out, outln};
use super::{CmdResult, DataDir, EXIT_FAILURE, EXIT_OK, Failure};
use clap::{Subcommand, ValueEnum};
use lairsmith_core::adventure::AdventureRefused;
use lairsmith_core::adventure::check::AdventureReport;
use lairsmith_core::adventure::saved::party_ref_of_spec;
use lairsmith_core::adventure::{
    Adventure, adventure_party_played, check, create_adventure, existing_adventure,
    list_adventures, load_adventure, remove_encounter, update_adventure,
};
use lairsmith_core::text::group_thousands;
use std::path::{Path, PathBuf};

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
        #[arg(long, value_parser = vocab::<lairsmith_core::treasure::Method>)]
        treasure: Option<lairsmith_core::treasure::Method>,
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
        #[arg(long, value_parser = vocab::<lairsmith_core::treasure::Method>)]
        treasure: Option<lairsmith_core::treasure::Method>,
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

/// `adventure export --format`: the sheet (Markdown or printable HTML) or the adventure file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AdventureFormat {
    Md,
    Yaml,
    /// The same as yaml.
    Json,
    Html,
}

pub fn run(data: &DataDir, cmd: AdventureCmd, term: &mut Terminal) -> CmdResult {
    match cmd {
        AdventureCmd::New {
            name,
            party,
            treasure,
            seed,
            out,
        } => new(data, &name, &party, treasure, seed, out.as_deref(), term),
        AdventureCmd::Add {
            adventure,
            encounter,
            at,
        } => add(data, &adventure, &encounter, at, term),
        AdventureCmd::Remove {
            adventure,
            position,
        } => remove(data, &adventure, position, term),
        AdventureCmd::Move {
            adventure,
            position,
            to,
        } => move_encounter(data, &adventure, position, to, term),
        AdventureCmd::Set {
            adventure,
            party,
            treasure,
            seed,
        } => set(data, &adventure, party, treasure, seed),
        AdventureCmd::List(f) => list(data, f, term),
        AdventureCmd::Check {
            adventure,
            format,
            seed,
        } => report(data, &adventure, format, seed, term),
        AdventureCmd::Export {
            adventure,
            format,
            out,
            force,
            seed,
        } => export(data, &adventure, format, out.as_deref(), force, seed, term),
    }
}

/// `adventure new`.
fn new(
    data: &DataDir,
    name: &str,
    party: &str,
    treasure: Option<lairsmith_core::treasure::Method>,
    seed: Option<u64>,
    out: Option<&Path>,
    term: &mut Terminal,
) -> CmdResult {
    let name = name.trim();
    lairsmith_core::text::check_name("the adventure's name", name)
        .map_err(|e| Failure(e.to_string()))?;
    let party_ref = party_ref_of_spec(data, party)?;
    let mut a = Adventure::new(
        name,
        &lairsmith_core::encounter::Party::default_at(lairsmith_core::rules::Level::MIN),
    );
    a.party = party_ref;
    a.treasure = treasure;
    // Saved in the file, so that every check and export rolls the same treasure.
    a.seed = Some(seed.unwrap_or_else(rand::random));
    let path = create_adventure(data, &a, out)?;
    outln!(term, "{}", path.display())?;
    Ok(EXIT_OK)
}

/// `adventure add`.
fn add(
    data: &DataDir,
    adventure: &str,
    encounter: &str,
    at: Option<usize>,
    term: &mut Terminal,
) -> CmdResult {
    let path = existing_adventure(data, adventure)?;
    let pos = lairsmith_core::adventure::add_encounter(data, &path, encounter, at)?;
    outln!(term, "{encounter} is encounter {pos} of {}", path.display())?;
    Ok(EXIT_OK)
}

/// `adventure remove`.
fn remove(data: &DataDir, adventure: &str, position: usize, term: &mut Terminal) -> CmdResult {
    let path = existing_adventure(data, adventure)?;
    let id = remove_encounter(&path, position)?;
    outln!(term, "removed encounter {position} ({id})")?;
    Ok(EXIT_OK)
}

/// `adventure move`.
fn move_encounter(
    data: &DataDir,
    adventure: &str,
    position: usize,
    to: usize,
    term: &mut Terminal,
) -> CmdResult {
    let path = existing_adventure(data, adventure)?;
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

/// `adventure set`.
fn set(
    data: &DataDir,
    adventure: &str,
    party: Option<String>,
    treasure: Option<lairsmith_core::treasure::Method>,
    seed: Option<u64>,
) -> CmdResult {
    if party.is_none() && treasure.is_none() && seed.is_none() {
        return Err(Failure(
            "nothing to set: give --party, --treasure or --seed".into(),
        ));
    }
    let path = existing_adventure(data, adventure)?;
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

/// `adventure list`: each file's id, name and number of encounters; as data, their ids and
/// the file's path.
fn list(data: &DataDir, f: ListFormatArg, term: &mut Terminal) -> CmdResult {
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

/// `adventure check`.
fn report(
    data: &DataDir,
    adventure: &str,
    format: ReportFormat,
    seed: Option<u64>,
    term: &mut Terminal,
) -> CmdResult {
    let (a, r) = checked(data, adventure, seed)?;
    let text = match format.data() {
        Some(data) => super::doc::render(&r, data)?,
        None => render_text(&a, &r),
    };
    out!(term, "{text}")?;
    finish(&r, term)
}

/// `adventure export`.
fn export(
    data: &DataDir,
    adventure: &str,
    format: AdventureFormat,
    out: Option<&Path>,
    force: bool,
    seed: Option<u64>,
    term: &mut Terminal,
) -> CmdResult {
    let (a, r) = checked(data, adventure, seed)?;
    let text = match format {
        AdventureFormat::Md => {
            lairsmith_core::export::sheet::adventure::markdown(&a, &r, &data.load_bestiary())
        }
        AdventureFormat::Yaml => lairsmith_core::yaml_io::to_string(&a),
        AdventureFormat::Json => super::doc::render(&a, super::doc::Data::Json)?,
        AdventureFormat::Html => {
            lairsmith_core::export::html::adventure(&a, &r, &data.load_bestiary())
        }
    };
    match out {
        Some(path) => super::encounter::write_out(path, &text, force, term)?,
        None => out!(term, "{text}")?,
    }
    finish(&r, term)
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
    let (party, played) = adventure_party_played(data, &a)?;
    let r = check(data, &a, &party, &played, &data.load_bestiary());
    Ok((a, r))
}

/// Says each missing or unreadable encounter on stderr; exit 1 if there is one.
fn finish(r: &AdventureReport, term: &mut Terminal) -> CmdResult {
    let errors = r.errors_with_hints();
    for (e, hint) in &errors {
        errln!(
            term,
            "lairsmith: {}",
            super::hint::with_hint(e, hint.as_ref())
        );
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
            lairsmith_core::text::fit_width(&l.name, 28),
            group_thousands(l.xp),
            group_thousands(l.xp_per_character),
            l.party_level,
            l.band.map_or("-", lairsmith_core::vocab::Vocabulary::key),
            lairsmith_core::export::sheet::adventure::pacing_bar(l.ratio),
        ));
        if let Some(p) = &l.problem {
            s.push_str(&format!("     {}\n", p.text()));
        }
        if let Some(p) = &l.played {
            s.push_str(&format!(
                "     ✓ {} (fight `{}`): {} XP each written to the party (P10)\n",
                p.text(),
                p.fight,
                group_thousands(p.xp_each)
            ));
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
    if let Some(note) = r.played_note() {
        s.push_str(&format!("{note}.\n"));
    }
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
