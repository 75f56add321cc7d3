//! `lairsmith fight ...`: a fight at the table, one step a command, over [`lairsmith_core::fight`]. Each
//! command that changes the fight prints what happened (the log's new lines, dice included).
//! The arguments are in `args.rs`; the commands that are one step each become their step in
//! `steps.rs`.

mod args;
mod steps;

pub use args::FightCmd;

use super::out::{Terminal, out, outln};
use super::{CmdResult, DataDir, EXIT_OK, Failure};
use crate::cli::args::ListFormat;
use args::{FightFormat, FightLogFormat};
use lairsmith_core::fight::Fight;
use lairsmith_core::fight::FightError;
use lairsmith_core::fight::model::Side;
use lairsmith_core::fight::saved::{fight_path, load_fight};
use lairsmith_core::fight::step::Step;
use lairsmith_core::fight::{run, words};
use std::collections::BTreeMap;

/// A fight of `fight list --format yaml|json`.
#[derive(serde::Serialize)]
struct Row {
    id: String,
    name: String,
    /// The saved encounter it was started from.
    encounter: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    adventure: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    party: Option<String>,
    /// 0 before the first turn.
    round: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    turn: Option<String>,
    ended: bool,
}

/// The ids alone as text, which needs no fight read; each fight's state as data.
fn list(data: &DataDir, format: ListFormat, term: &mut Terminal) -> CmdResult {
    let ids = lairsmith_core::fight::saved::ids(data);
    let Some(format) = format.data() else {
        for id in ids {
            outln!(term, "{id}")?;
        }
        return Ok(EXIT_OK);
    };
    let mut rows = Vec::new();
    for id in ids {
        match fight_path(data, &id)
            .map_err(Failure::from)
            .and_then(|p| Ok(load_fight(&p)?))
        {
            Ok((f, _)) => rows.push(Row {
                id,
                round: f.now.round,
                turn: f.now.turn.clone(),
                ended: f.now.ended.is_some(),
                name: f.name,
                encounter: f.encounter,
                adventure: f.adventure,
                party: f.party,
            }),
            Err(Failure(m)) => super::out::errln!(term, "lairsmith: skipped {id}: {m}"),
        }
    }
    out!(term, "{}", super::doc::render(&rows, format)?)?;
    Ok(EXIT_OK)
}

pub fn run(
    data: &DataDir,
    cmd: FightCmd,
    settings: Option<&std::path::Path>,
    term: &mut Terminal,
) -> CmdResult {
    match cmd {
        FightCmd::Start {
            encounter,
            seed,
            pcs,
            adventure,
            party,
            surprised,
        } => start(
            data,
            run::StartWith {
                encounter,
                seed,
                characters: BTreeMap::new(),
                adventure,
                party,
                surprised,
            },
            &pcs,
            term,
        ),
        FightCmd::List(f) => list(data, f.format, term),
        FightCmd::Show { fight, format } => show_now(data, &fight, format, term),
        FightCmd::Add {
            fight,
            what,
            ally,
            initiative,
            hidden,
        } => add(data, &fight, &what, ally, initiative, hidden, term),
        FightCmd::Undo { fight } => undo(data, &fight, term),
        FightCmd::End {
            fight,
            overcome,
            all,
            write,
            treasure,
        } => end(data, &fight, &overcome, all, write, treasure, term),
        FightCmd::Watch { fight } => watch(&fight_path(data, &fight)?, settings, term),
        FightCmd::Log { fight, format } => log(data, &fight, format, term),
        cmd => {
            let (fight, made) = steps::step_of(cmd)?;
            step(data, &fight, term, |_| Ok(made))
        }
    }
}

/// `fight show`.
fn show_now(data: &DataDir, word: &str, format: FightFormat, term: &mut Terminal) -> CmdResult {
    let (f, _) = load_fight(&fight_path(data, word)?)?;
    match format {
        FightFormat::Text => out!(term, "{}", show(&f))?,
        FightFormat::Yaml => out!(term, "{}", lairsmith_core::yaml_io::to_string(&f))?,
        FightFormat::Json => out!(term, "{}", super::doc::render(&f, super::doc::Data::Json)?)?,
    }
    Ok(EXIT_OK)
}

/// `fight add`: reinforcements, made from the fight (another of a creature in it) or the
/// bestiary under the fight's lock.
fn add(
    data: &DataDir,
    word: &str,
    what: &str,
    ally: bool,
    initiative: Option<i64>,
    hidden: bool,
    term: &mut Terminal,
) -> CmdResult {
    let bestiary = data.bestiary_for(&[what]);
    step(data, word, term, |f| {
        let mut c =
            lairsmith_core::fight::build::reinforcement(f, &bestiary, what, ally, initiative)?;
        c.hidden = hidden;
        Ok(Step::Add {
            combatant: Box::new(c),
        })
    })
}

/// `fight undo`.
fn undo(data: &DataDir, word: &str, term: &mut Terminal) -> CmdResult {
    let undone = run::undo(&fight_path(data, word)?, None)?.news;
    outln!(term, "undone: {}", run::step_words(&undone))?;
    Ok(EXIT_OK)
}

/// `fight log`.
fn log(data: &DataDir, word: &str, format: FightLogFormat, term: &mut Terminal) -> CmdResult {
    let (f, _) = load_fight(&fight_path(data, word)?)?;
    match format {
        FightLogFormat::Text => {
            let log = f.log().map_err(|u| unreadable(&f, &u))?;
            for l in &log {
                outln!(
                    term,
                    "{}",
                    lairsmith_core::text::escape_controls(&run::log_line(l))
                )?;
            }
        }
        FightLogFormat::Md => out!(
            term,
            "{}",
            lairsmith_core::export::fight::log_markdown(&f).map_err(|u| unreadable(&f, &u))?
        )?,
    }
    Ok(EXIT_OK)
}

/// Applies one step to the fight `word` under its file's lock and prints the log's new lines.
fn step(
    data: &DataDir,
    word: &str,
    term: &mut Terminal,
    make: impl FnOnce(&Fight) -> Result<Step, FightError>,
) -> CmdResult {
    let path = fight_path(data, word)?;
    for l in run::step(&path, make)?.news {
        outln!(
            term,
            "{}",
            lairsmith_core::text::escape_controls(&run::log_line(&l))
        )?;
    }
    Ok(EXIT_OK)
}

fn start(
    data: &DataDir,
    mut with: run::StartWith,
    pcs: &[String],
    term: &mut Terminal,
) -> CmdResult {
    for pc in pcs {
        let (name, init, hp) = words::character(pc).map_err(|e| Failure(e.to_string()))?;
        with.characters.insert(name, (init, hp));
    }
    let (out_path, _, _) = run::start(data, &with)?;
    outln!(term, "{}", out_path.display())?;
    Ok(EXIT_OK)
}

#[allow(clippy::too_many_arguments)]
fn end(
    data: &DataDir,
    word: &str,
    overcome: &[String],
    all: bool,
    write: bool,
    treasure: Option<lairsmith_core::treasure::Method>,
    term: &mut Terminal,
) -> CmdResult {
    let path = fight_path(data, word)?;
    let (f, _) = load_fight(&path)?;
    let chosen = words::overcome(overcome, all, &f.now).map_err(|e| Failure(e.to_string()))?;
    let was_ended = f.now.ended.is_some();
    let ended = run::end(&path, chosen, None)?.fight;
    let e = ended.now.ended.as_ref().expect("ended");
    outln!(
        term,
        "XP: {} (the overcome foes and challenges); each of {} characters earns {} (P10, E4)",
        lairsmith_core::text::group_thousands(e.xp),
        e.characters,
        lairsmith_core::text::group_thousands(e.xp_each)
    )?;
    if !was_ended {
        outln!(
            term,
            "The end is written to the fight ({}; `lairsmith fight undo {word}` takes it back).",
            path.display()
        )?;
    }
    let mut fight = ended;
    if write {
        let awarded = run::award(data, &path)?;
        for l in &awarded.news {
            outln!(term, "{}", lairsmith_core::text::escape_controls(l))?;
        }
        fight = awarded.fight;
    } else if fight.awarded.is_empty() {
        outln!(
            term,
            "The XP is not written yet: `lairsmith fight end {word} --write` adds it to the party's file."
        )?;
    }
    // The award is done and reported whatever the treasure does: a treasure that cannot be
    // rolled (its encounter or adventure gone) is a line, not a failure of the command.
    match run::treasure(data, &fight, treasure) {
        Ok(Some(plan)) => {
            for l in plan.lines() {
                outln!(term, "{}", lairsmith_core::text::escape_controls(&l))?;
            }
        }
        Ok(None) => outln!(
            term,
            "Treasure: no method chosen (--treasure steady|items-only|troves|narrative, or the adventure's)."
        )?,
        Err(e) => outln!(
            term,
            "Treasure: cannot be rolled: {}",
            lairsmith_core::text::escape_controls(&super::hint::Worded::worded(&e))
        )?,
    }
    Ok(EXIT_OK)
}

/// The fight now, for the GM: the order with hit points, staggered and effects, whose turn.
pub fn show(f: &Fight) -> String {
    let s = &f.now;
    let mut out = String::new();
    let head = match (&s.turn, s.round) {
        (_, 0) => "before round 1".to_owned(),
        (Some(id), r) => format!(
            "round {r}, {}'s turn",
            s.combatants
                .iter()
                .find(|c| &c.id == id)
                .map_or(id.as_str(), |c| c.name.as_str())
        ),
        (None, r) => format!("round {r}"),
    };
    out.push_str(&format!("{} — {head}\n", f.name));
    for c in f.order() {
        let mark = if s.turn.as_deref() == Some(c.id.as_str()) {
            "▶"
        } else {
            " "
        };
        let init = c.initiative.map_or("  ?".to_owned(), |i| format!("{i:>3}"));
        let hp = match c.max_hp {
            Some(m) => format!("{}/{m}", c.hp),
            None if c.hp < 0 => format!("-{} taken", -c.hp),
            None => "—".to_owned(),
        };
        let mut notes: Vec<String> = Vec::new();
        notes.extend(lairsmith_core::fight::rules::p12_state_words(c));
        if c.temp_hp > 0 {
            notes.push(format!("{} temporary HP", c.temp_hp));
        }
        for e in &c.effects {
            notes.push(format!(
                "#{} {}",
                e.id,
                lairsmith_core::fight::rules::effect_words(e, s)
            ));
        }
        let used: Vec<&str> = c
            .powers
            .iter()
            .filter(|p| p.used)
            .map(|p| p.name.as_str())
            .collect();
        if !used.is_empty() {
            notes.push(format!("used: {}", used.join(", ")));
        }
        if c.action_points > 0 {
            notes.push(format!("{} AP", c.action_points));
        }
        if c.hidden {
            notes.push("hidden".into());
        }
        let side = match c.side {
            Side::Foe => "",
            Side::Ally => " (ally)",
            Side::Party => " (party)",
        };
        out.push_str(&format!(
            "{mark} {init}  {:<28} {:<12} {}\n",
            lairsmith_core::text::fit_width(&format!("{}{side}", c.name), 28),
            hp,
            notes.join("; ")
        ));
    }
    out.push_str("ids: ");
    out.push_str(
        &s.combatants
            .iter()
            .map(|c| c.id.as_str())
            .collect::<Vec<_>>()
            .join(", "),
    );
    out.push('\n');
    for ch in &s.challenges {
        out.push_str(&format!(
            "challenge {}: {} of {} successes, {} of {} failures\n",
            ch.name, ch.successes, ch.successes_needed, ch.failures, ch.failures_allowed
        ));
    }
    if let Some(e) = &s.ended {
        out.push_str(&format!(
            "ended: {} XP, {} for each character\n",
            lairsmith_core::text::group_thousands(e.xp),
            lairsmith_core::text::group_thousands(e.xp_each)
        ));
    }
    let tail = f.log_tail(5).unwrap_or_default();
    if !tail.is_empty() {
        out.push_str("last:\n");
        for l in &tail {
            out.push_str(&format!("  {}\n", run::log_line(l)));
        }
    }
    lairsmith_core::text::escape_string(out)
}

fn watch(
    path: &std::path::Path,
    settings: Option<&std::path::Path>,
    term: &mut Terminal,
) -> CmdResult {
    // The players' view takes its keys from the same settings as the UI.
    let (keymap, _, error) = crate::tui::settings::load(settings);
    if let Some(e) = error {
        super::out::errln!(term, "lairsmith: {e}");
    }
    crate::tui::watch::run(path, &keymap)
        .map(|signal| {
            signal.map_or(EXIT_OK, |s| {
                u8::try_from(128 + s).unwrap_or(super::EXIT_FAILURE)
            })
        })
        .map_err(Failure)
}

/// A step of the fight's file that cannot be read (a file whose check was written over a broken
/// line), as the command's failure.
fn unreadable(f: &Fight, u: &lairsmith_core::fight::history::Unreadable) -> super::Failure {
    super::Failure(format!(
        "the fight {}: step {} cannot be read: {}",
        lairsmith_core::text::quote_short(&f.name),
        u.step,
        u.why
    ))
}
