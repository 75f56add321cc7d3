//! What both front ends (the command line and the Table screen) do with fights in the data
//! directory: start one from a saved encounter, apply a step under the file's lock, end it,
//! write the award once, and roll the encounter's treasure.

use crate::data_dir::DataDir;
use crate::fight::build::Start;
use crate::fight::file::Fight;
use crate::fight::model::{LogLine, Overcome};
pub use crate::fight::refused::ChangedOnDisk;
use crate::fight::refused::{FightError, FightRefused};
use crate::fight::saved::{create_fight, update_fight_seen};
use crate::fight::step::Step;
use crate::store::Fingerprint;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// How a fight is started: the encounter (an id or a path), the seed, the characters'
/// initiative and hit points by name, and where the characters' XP goes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StartWith {
    /// The saved encounter: its id in the data directory, or a path to its file.
    pub encounter: String,
    /// `None`: a seed from real entropy, chosen here.
    pub seed: Option<u64>,
    /// Each character's initiative result and hit points, by name; either may be left for
    /// later (P1: the GM enters them).
    pub characters: BTreeMap<String, (Option<i64>, Option<i64>)>,
    /// The saved adventure the fight belongs to (its id): its party earns the XP and its
    /// method rolls the treasure.
    pub adventure: Option<String>,
    /// A saved party to fight with instead of the encounter's.
    pub party: Option<String>,
    /// The creatures surprised at the start, by id or a character's name (P14).
    pub surprised: Vec<String>,
}

/// Starts a fight from a saved encounter and writes its file; its path, the fight and the
/// file's fingerprint.
pub fn start(
    data: &DataDir,
    with: &StartWith,
) -> Result<(PathBuf, Fight, Fingerprint), FightError> {
    let path = crate::encounter::encounter_path(data, &with.encounter)?;
    let (e, mut party, _) = crate::encounter::load_encounter_with_party(data, &path)?;
    let adventure = match &with.adventure {
        Some(a) => {
            let p = crate::adventure::existing_adventure(data, a)?;
            Some(crate::adventure::load_adventure(&p)?.0)
        }
        None => None,
    };
    // Who fights: the party named for the fight, else the adventure's (a fight of an adventure
    // is its party's, who earn its XP), else the encounter's.
    let party_id = if let Some(id) = &with.party {
        party = crate::encounter::saved::resolve_party_ref(
            data,
            &crate::encounter::PartyRef::Saved(id.clone()),
        )?;
        Some(id.clone())
    } else if let Some(adv) = &adventure {
        party = crate::adventure::adventure_party(data, adv)?;
        match &adv.party {
            crate::encounter::PartyRef::Saved(id) => Some(id.clone()),
            _ => None,
        }
    } else {
        match &e.party {
            crate::encounter::PartyRef::Saved(id) => Some(id.clone()),
            _ => None,
        }
    };
    let ids: Vec<&str> = e
        .groups
        .iter()
        .filter_map(|g| g.monster.as_deref())
        .collect();
    let bestiary = data.bestiary_for(&ids);
    let how = Start {
        encounter_id: path
            .file_stem()
            .map_or_else(|| "fight".to_owned(), |s| s.to_string_lossy().into_owned()),
        seed: with.seed.unwrap_or_else(rand::random),
        characters: with.characters.clone(),
        party_id,
        adventure: with.adventure.clone(),
        surprised: with.surprised.clone(),
    };
    let f = crate::fight::build::start(&e, &party, &bestiary, &how)?;
    let (path, print) = create_fight(data, &f)?;
    Ok((path, f, print))
}

/// A fight as a change left it in its file: the fight, what the change says, and the file's
/// fingerprint (a front end's next change gives it as `seen`).
#[derive(Debug, Clone)]
pub struct Changed<T> {
    /// The fight after the change.
    pub fight: Fight,
    /// What the change says: the log's new lines, the step undone, the award's lines.
    pub news: T,
    /// The fingerprint of the fight's file as written.
    pub fingerprint: Fingerprint,
}

/// Applies the step `make` gives for the fight as it is on disk, under the file's lock; the
/// fight after it and the log's new lines.
pub fn step<E: Into<FightError>>(
    path: &Path,
    make: impl FnOnce(&Fight) -> Result<Step, E>,
) -> Result<Changed<Vec<LogLine>>, FightError> {
    steps_with(path, None, |f| make(f).map(|step| vec![step]))
}

/// As [`step`], for a front end that made `step` from its own copy of the fight, read or
/// written with the fingerprint `seen`: refused if the file has changed since.
pub fn step_seen(
    path: &Path,
    seen: Fingerprint,
    step: Step,
) -> Result<Changed<Vec<LogLine>>, FightError> {
    steps_seen(path, seen, std::slice::from_ref(&step))
}

/// As [`step_seen`] for several steps made together (the riders of one roll applied at once):
/// all are written in one write, or none is, and each stays a step of its own that undo takes
/// back alone.
pub fn steps_seen(
    path: &Path,
    seen: Fingerprint,
    steps: &[Step],
) -> Result<Changed<Vec<LogLine>>, FightError> {
    steps_with(path, Some(seen), |_| Ok::<_, FightError>(steps.to_vec()))
}

/// The steps `make` gives for the fight as it is on disk, applied in order under the file's
/// lock and written once; refused whole if one is (or if the file is not `seen`).
fn steps_with<E: Into<FightError>>(
    path: &Path,
    seen: Option<Fingerprint>,
    make: impl FnOnce(&Fight) -> Result<Vec<Step>, E>,
) -> Result<Changed<Vec<LogLine>>, FightError> {
    let mut make = Some(make);
    let ((fight, news), fingerprint) = update_fight_seen(path, seen, |f| {
        let make = make.take().ok_or(FightRefused::StepMadeTwice)?;
        let mut lines = Vec::new();
        for step in make(f).map_err(Into::into)? {
            lines.extend(f.push(step)?);
        }
        Ok((f.clone(), lines))
    })?;
    Ok(Changed {
        fight,
        news,
        fingerprint,
    })
}

/// Takes back the last step; the fight after it and what was undone. Refused at the start,
/// once the XP is written, and when the file is not the front end's copy (`seen`).
pub fn undo(path: &Path, seen: Option<Fingerprint>) -> Result<Changed<Step>, FightError> {
    let ((fight, news), fingerprint) = update_fight_seen(path, seen, |f| {
        if !f.awarded.is_empty() {
            return Err(FightRefused::EndAwarded.into());
        }
        if f.awarding.is_some() {
            return Err(FightRefused::EndAwarding.into());
        }
        let undone = f.undo().ok_or(FightRefused::NothingToUndo)?;
        Ok((f.clone(), undone))
    })?;
    Ok(Changed {
        fight,
        news,
        fingerprint,
    })
}

/// Ends the fight (P10) with the foes `overcome`, unless it has ended already; the fight.
/// Refused when the file is not the front end's copy (`seen`).
pub fn end(
    path: &Path,
    overcome: Vec<(String, Overcome)>,
    seen: Option<Fingerprint>,
) -> Result<Changed<()>, FightError> {
    // A fight that has ended is not written again (its file may be one lairsmith could not
    // write back, and an award's message says nothing was written).
    let (read, print) = crate::fight::saved::load_fight(path)?;
    if read.now.ended.is_some() {
        if seen.is_some_and(|s| s != print) {
            return Err(ChangedOnDisk {
                path: path.to_owned(),
                steps: read.history.len(),
            }
            .into());
        }
        return Ok(Changed {
            fight: read,
            news: (),
            fingerprint: print,
        });
    }
    let (fight, fingerprint) = update_fight_seen(path, seen, |f| {
        if f.now.ended.is_none() {
            f.push(Step::End {
                overcome: overcome.clone(),
            })?;
        }
        Ok(f.clone())
    })?;
    Ok(Changed {
        fight,
        news: (),
        fingerprint,
    })
}

/// Adds the ended fight's XP to the party's file (and the adventure's party), once, whichever
/// write fails (`fight::award`). The fight after it, and a line a character.
pub fn award(data: &DataDir, path: &Path) -> Result<Changed<Vec<String>>, FightError> {
    let (fight, news, fingerprint) = crate::fight::award::award(data, path)?;
    Ok(Changed {
        fight,
        news,
        fingerprint,
    })
}

/// The encounter's treasure by `method` (else the adventure's, else the encounter's), rolled from the adventure's
/// seed (or the fight's) and the fight's id; `None` when no method is chosen.
pub fn treasure(
    data: &DataDir,
    f: &Fight,
    method: Option<crate::treasure::Method>,
) -> Result<Option<crate::treasure::Plan>, FightError> {
    let encounter = crate::encounter::encounter_path(data, &f.encounter)
        .and_then(|path| crate::encounter::load_encounter_with_party(data, &path));
    // The method named at the end, else the adventure's, else the encounter's own.
    let (method, seed, mut party) = match &f.adventure {
        Some(a) => {
            let path = crate::adventure::existing_adventure(data, a)?;
            let (adv, _) = crate::adventure::load_adventure(&path)?;
            let own = encounter.ok().and_then(|(e, _, _)| e.treasure);
            (
                method.or(adv.treasure).or(own),
                adv.seed.unwrap_or(f.seed),
                crate::adventure::adventure_party(data, &adv)?,
            )
        }
        None => {
            let (e, party, _) = encounter?;
            (method.or(e.treasure), f.seed, party)
        }
    };
    // The party that fought, when it was named for the fight.
    if let Some(id) = &f.party {
        party = crate::encounter::saved::resolve_party_ref(
            data,
            &crate::encounter::PartyRef::Saved(id.clone()),
        )?;
    }
    Ok(method.map(|method| {
        crate::treasure::for_encounter(
            method,
            &party,
            crate::treasure::seed_for(seed, &format!("fight {}", f.encounter)),
        )
    }))
}

/// The log's line as the command line and the Table screen print it.
pub fn log_line(l: &LogLine) -> String {
    if l.round == 0 {
        format!("before round 1: {}", l.text)
    } else {
        format!("round {}: {}", l.round, l.text)
    }
}

/// A step in words, for undo.
pub fn step_words(s: &Step) -> String {
    match s {
        Step::Initiative { who, count } => format!("{who}'s initiative {count}"),
        Step::Delay { who, count } => format!("{who} delaying to {count}"),
        Step::Ready { who, before } => format!("{who}'s readied action before {before}"),
        Step::Next { .. } => "the next turn".into(),
        Step::Damage { who, amount, .. } => format!("{amount} damage to {who}"),
        Step::Heal {
            who,
            amount,
            recovery: false,
        } => format!("{amount} healing of {who}"),
        Step::Heal { who, .. } => format!("{who}'s heal spending a recovery"),
        Step::Temp { who, amount, .. } => format!("{amount} temporary HP for {who}"),
        Step::KnockOut { who } => format!("{who} knocked out"),
        Step::Villain { who } => format!("{who} made a villain"),
        Step::Effect { who, .. } => format!("an effect on {who}"),
        Step::EndEffect { who, effect } => format!("the end of effect {effect} on {who}"),
        Step::Maintain { who, effect } => format!("{who} maintaining effect {effect}"),
        Step::Attack {
            who,
            power,
            target,
            also,
            ..
        } => {
            if also.is_empty() {
                format!("{who}'s {power} against {target}")
            } else {
                format!("{who}'s {power} against {target} and {} more", also.len())
            }
        }
        Step::Apply { offer } => format!("offer {offer} applied"),
        Step::Use { who, power } => format!("{who}'s use of {power}"),
        Step::ActionPoint { who } => format!("{who}'s action point"),
        Step::Stand { who } => format!("{who} standing up"),
        Step::Stabilize { who } => format!("{who} stabilized"),
        Step::Rally { who } => format!("{who}'s rally"),
        Step::TotalDefense { who } => format!("{who}'s total defense"),
        Step::Help {
            who, ally, attack, ..
        } => format!(
            "{who}'s help {} to {ally}",
            if *attack { "attack" } else { "defense" }
        ),
        Step::MaxHp { who, hp } => format!("{who}'s {hp} HP"),
        Step::Add { combatant } => format!("{} joining", combatant.name),
        Step::Remove { who } => format!("{who} leaving"),
        Step::Hide { who, hidden } => {
            format!("{who} {}", if *hidden { "hidden" } else { "revealed" })
        }
        Step::Check { challenge, .. } => format!("a check of {challenge}"),
        Step::End { .. } => "the end of the fight".into(),
    }
}

/// What the end of a fight says: the XP (P10, E4), whether it is written, and the treasure.
pub fn end_lines(
    data: &DataDir,
    f: &Fight,
    method: Option<crate::treasure::Method>,
) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(e) = &f.now.ended {
        lines.push(format!(
            "XP: {} (the overcome foes and challenges); each of {} characters earns {} (P10, E4)",
            crate::text::group_thousands(e.xp),
            e.characters,
            crate::text::group_thousands(e.xp_each)
        ));
    }
    match treasure(data, f, method) {
        Ok(Some(plan)) => lines.extend(plan.lines()),
        Ok(None) => lines.push(
            "Treasure: no method chosen (the adventure's, or `fight end --treasure`)".to_owned(),
        ),
        Err(e) => lines.push(format!("Treasure: cannot be rolled: {e}")),
    }
    lines
}
