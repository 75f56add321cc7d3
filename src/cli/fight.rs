//! `lairsmith fight ...`: a fight at the table, one step a command, over [`crate::fight`]. Each
//! command that changes the fight prints what happened (the log's new lines, dice included).

use super::args::{FightCmd, FightFormat, FightLogFormat};
use super::out::{Terminal, out, outln};
use super::{CmdResult, DataDir, EXIT_OK, Failure};
use crate::encounter::saved::DataError;
use crate::fight::build::Start;
use crate::fight::model::{Affliction, Combatant, Fight, Life, Overcome, Side, Until};
use crate::fight::saved::{create_fight, fight_path, load_fight, update_fight, write_award};
use crate::fight::step::{EffectSpec, Step};
use crate::vocab::Vocabulary;
use std::collections::BTreeMap;

pub fn run(data: &DataDir, cmd: FightCmd, term: &mut Terminal) -> CmdResult {
    match cmd {
        FightCmd::Start {
            encounter,
            seed,
            pcs,
            adventure,
            party,
        } => start(data, &encounter, seed, &pcs, adventure, party, term),
        FightCmd::List => {
            for id in crate::fight::saved::ids(data) {
                outln!(term, "{id}")?;
            }
            Ok(EXIT_OK)
        }
        FightCmd::Show { fight, format } => {
            let (f, _) = load_fight(&fight_path(data, &fight)?)?;
            match format {
                FightFormat::Text => out!(term, "{}", show(&f))?,
                FightFormat::Yaml => out!(term, "{}", crate::yaml_io::to_string(&f))?,
                FightFormat::Json => outln!(
                    term,
                    "{}",
                    serde_json::to_string_pretty(&f).map_err(|e| Failure(e.to_string()))?
                )?,
            }
            Ok(EXIT_OK)
        }
        FightCmd::Init { fight, who, count } => {
            step(data, &fight, term, |_| Ok(Step::Initiative { who, count }))
        }
        FightCmd::Next { fight } => step(data, &fight, term, |_| Ok(Step::Next)),
        FightCmd::Damage {
            fight,
            who,
            amount,
            damage_type,
        } => step(data, &fight, term, |_| {
            Ok(Step::Damage {
                who,
                amount,
                damage_type,
            })
        }),
        FightCmd::Heal { fight, who, amount } => {
            step(data, &fight, term, |_| Ok(Step::Heal { who, amount }))
        }
        FightCmd::Temp { fight, who, amount } => {
            step(data, &fight, term, |_| Ok(Step::Temp { who, amount }))
        }
        FightCmd::Hp { fight, who, max } => {
            step(data, &fight, term, |_| Ok(Step::MaxHp { who, hp: max }))
        }
        FightCmd::KnockOut { fight, who } => {
            step(data, &fight, term, |_| Ok(Step::KnockOut { who }))
        }
        FightCmd::Condition {
            fight,
            who,
            what,
            until,
            by,
            after,
            failed_save,
        } => step(data, &fight, term, |_| {
            let mut effect = effect_spec(&what, until.as_deref(), by.as_deref())?;
            if let Some(a) = &after {
                effect.aftereffect = Some(Box::new(effect_with_until(a)?));
            }
            if let Some(a) = &failed_save {
                effect.failed_save = Some(Box::new(effect_with_until(a)?));
            }
            Ok(Step::Effect { who, effect })
        }),
        FightCmd::EndCondition { fight, who, effect } => {
            step(data, &fight, term, |_| Ok(Step::EndEffect { who, effect }))
        }
        FightCmd::Roll {
            fight,
            who,
            power,
            target,
            defense,
            apply,
        } => step(data, &fight, term, |_| {
            Ok(Step::Attack {
                who,
                power,
                target,
                defense,
                apply,
            })
        }),
        FightCmd::Use { fight, who, power } => {
            step(data, &fight, term, |_| Ok(Step::Use { who, power }))
        }
        FightCmd::Ap { fight, who } => step(data, &fight, term, |_| Ok(Step::ActionPoint { who })),
        FightCmd::Delay { fight, who, count } => {
            step(data, &fight, term, |_| Ok(Step::Delay { who, count }))
        }
        FightCmd::Add {
            fight,
            what,
            ally,
            initiative,
            hidden,
        } => {
            let bestiary = data.bestiary_for(&[what.as_str()]);
            step(data, &fight, term, |f| {
                let mut c = reinforcement(f, &bestiary, &what, ally, initiative)?;
                c.hidden = hidden;
                Ok(Step::Add {
                    combatant: Box::new(c),
                })
            })
        }
        FightCmd::Remove { fight, who } => step(data, &fight, term, |_| Ok(Step::Remove { who })),
        FightCmd::Hide { fight, who } => {
            step(data, &fight, term, |_| Ok(Step::Hide { who, hidden: true }))
        }
        FightCmd::Reveal { fight, who } => step(data, &fight, term, |_| {
            Ok(Step::Hide { who, hidden: false })
        }),
        FightCmd::Check {
            fight,
            challenge,
            skill,
            success,
            failure,
        } => {
            if success == failure {
                return Err(Failure(
                    "say whether the check succeeded: --success or --failure".into(),
                ));
            }
            step(data, &fight, term, |_| {
                Ok(Step::Check {
                    challenge,
                    skill,
                    success,
                })
            })
        }
        FightCmd::Undo { fight } => {
            let path = fight_path(data, &fight)?;
            let undone = update_fight(&path, |f| {
                if !f.awarded.is_empty() {
                    return Err(DataError::Refused(
                        "the fight's XP is written in the party's file; its end cannot be undone"
                            .into(),
                    ));
                }
                f.undo().ok_or_else(|| {
                    DataError::Refused("nothing to undo: the fight is as it started".into())
                })
            })?;
            outln!(term, "undone: {}", step_words(&undone))?;
            Ok(EXIT_OK)
        }
        FightCmd::End {
            fight,
            overcome,
            all,
            write,
            treasure,
        } => end(data, &fight, &overcome, all, write, treasure, term),
        FightCmd::Watch { fight } => watch(&fight_path(data, &fight)?),
        FightCmd::Log { fight, format } => {
            let (f, _) = load_fight(&fight_path(data, &fight)?)?;
            match format {
                FightLogFormat::Text => {
                    for l in &f.now.log {
                        outln!(term, "{}", crate::text::escape_controls(&log_line(l)))?;
                    }
                }
                FightLogFormat::Md => out!(term, "{}", crate::export::fight::log_markdown(&f))?,
            }
            Ok(EXIT_OK)
        }
    }
}

fn log_line(l: &crate::fight::model::LogLine) -> String {
    if l.round == 0 {
        format!("before round 1: {}", l.text)
    } else {
        format!("round {}: {}", l.round, l.text)
    }
}

/// Applies one step to the fight `word` under its file's lock and prints the log's new lines.
fn step(
    data: &DataDir,
    word: &str,
    term: &mut Terminal,
    make: impl FnOnce(&Fight) -> Result<Step, Failure>,
) -> CmdResult {
    let path = fight_path(data, word)?;
    let mut make = Some(make);
    let lines = update_fight(&path, |f| {
        let before = f.now.log.len();
        let make = make
            .take()
            .ok_or_else(|| DataError::Refused("the step was made already".into()))?;
        let step = make(f).map_err(|e| DataError::Refused(e.0))?;
        f.push(step).map_err(DataError::Refused)?;
        Ok(f.now.log[before..].to_vec())
    })?;
    for l in lines {
        outln!(term, "{}", crate::text::escape_controls(&log_line(&l)))?;
    }
    Ok(EXIT_OK)
}

fn start(
    data: &DataDir,
    encounter: &str,
    seed: Option<u64>,
    pcs: &[String],
    adventure: Option<String>,
    saved_party: Option<String>,
    term: &mut Terminal,
) -> CmdResult {
    let path = crate::encounter::encounter_path(data, encounter)?;
    let (e, mut party, _) = crate::encounter::load_encounter_with_party(data, &path)?;
    if let Some(id) = &saved_party {
        party = crate::encounter::saved::resolve_party_ref(
            data,
            &crate::encounter::PartyRef::Saved(id.clone()),
        )?;
    }
    let ids: Vec<&str> = e
        .groups
        .iter()
        .filter_map(|g| g.monster.as_deref())
        .collect();
    let bestiary = data.bestiary_for(&ids);
    let mut characters = BTreeMap::new();
    for pc in pcs {
        let (name, init, hp) = parse_pc(pc)?;
        characters.insert(name, (init, hp));
    }
    let adventure_party = match &adventure {
        Some(a) => {
            let p = crate::adventure::existing_adventure(data, a)?;
            let (adv, _) = crate::adventure::load_adventure(&p)?;
            Some(adv.party)
        }
        None => None,
    };
    let party_id = match (&e.party, &adventure_party) {
        _ if saved_party.is_some() => saved_party.clone(),
        (crate::encounter::PartyRef::Saved(id), _) => Some(id.clone()),
        (_, Some(crate::encounter::PartyRef::Saved(id))) => Some(id.clone()),
        _ => None,
    };
    let how = Start {
        encounter_id: path
            .file_stem()
            .map_or_else(|| "fight".to_owned(), |s| s.to_string_lossy().into_owned()),
        seed: seed.unwrap_or_else(rand::random),
        characters,
        party_id,
        adventure,
    };
    let f = crate::fight::build::start(&e, &party, &bestiary, &how).map_err(Failure)?;
    let out_path = create_fight(data, &f)?;
    outln!(term, "{}", out_path.display())?;
    Ok(EXIT_OK)
}

/// `Ana=17`, `Ana=17/34`, `Ana=/34`: a character's name, initiative and hit points.
fn parse_pc(s: &str) -> Result<(String, Option<i64>, Option<i64>), Failure> {
    let bad = || {
        Failure(format!(
            "`{}` is not a character's initiative: write NAME=INIT or NAME=INIT/HP, e.g. Ana=17/34",
            crate::text::quote_short(s)
        ))
    };
    let (name, rest) = s.split_once('=').ok_or_else(bad)?;
    let name = name.trim();
    crate::text::check_name("a character's name", name).map_err(Failure)?;
    let (init, hp) = rest.split_once('/').unwrap_or((rest, ""));
    let num = |t: &str| -> Result<Option<i64>, Failure> {
        let t = t.trim();
        if t.is_empty() {
            Ok(None)
        } else {
            t.parse::<i64>()
                .ok()
                .filter(|n| (-99..=999).contains(n))
                .map(Some)
                .ok_or_else(bad)
        }
    };
    let hp = num(hp)?;
    if hp.is_some_and(|h| h < 1) {
        return Err(Failure(format!("{name}'s hit points are 1 or more")));
    }
    Ok((name.to_owned(), num(init)?, hp))
}

/// An effect from the command line: a condition word, `persistent N [type]`, or any other text;
/// `until` as `save`, `encounter`, `start:ID` or `end:ID` (P8's default for `marked`, else save
/// ends).
fn effect_spec(what: &str, until: Option<&str>, by: Option<&str>) -> Result<EffectSpec, Failure> {
    let what = what.trim();
    let words: Vec<&str> = what.split_whitespace().collect();
    let affliction = if let Ok(c) = crate::rules::creature::Condition::parse(what) {
        Affliction::Condition {
            condition: c,
            by: by.map(str::to_owned),
        }
    } else if matches!(words.first(), Some(&("persistent" | "ongoing"))) {
        let amount: i64 = words
            .get(1)
            .and_then(|n| n.parse().ok())
            .filter(|n| (1..=999).contains(n))
            .ok_or_else(|| {
                Failure(
                    "persistent damage is `persistent N` or `persistent N TYPE`, N from 1 to 999"
                        .into(),
                )
            })?;
        let damage_type = match words.get(2) {
            Some(t) => Some(
                crate::rules::creature::DamageType::parse(t).map_err(|e| Failure(e.to_string()))?,
            ),
            None => None,
        };
        Affliction::Persistent {
            amount,
            damage_type,
        }
    } else {
        crate::text::check_name("the effect", what).map_err(Failure)?;
        Affliction::Other {
            text: what.to_owned(),
        }
    };
    let until = match until {
        None => match &affliction {
            Affliction::Condition { condition, .. } => {
                crate::fight::rules::p8_default_until(*condition).unwrap_or(Until::SaveEnds)
            }
            _ => Until::SaveEnds,
        },
        Some(u) => u.parse::<Until>().map_err(Failure)?,
    };
    Ok(EffectSpec {
        what: affliction,
        until,
        aftereffect: None,
        failed_save: None,
    })
}

/// `dazed` or `dazed until=end:ID`, for --after and --failed-save.
fn effect_with_until(s: &str) -> Result<EffectSpec, Failure> {
    match s.split_once(" until=") {
        Some((what, until)) => effect_spec(what, Some(until), None),
        None => effect_spec(s, None, None),
    }
}

/// A combatant joining the fight: another of one already in it (its id), or a monster of the
/// bestiary, which rolls its own initiative with the step's dice.
fn reinforcement(
    f: &Fight,
    bestiary: &crate::bestiary::Bestiary,
    what: &str,
    ally: bool,
    initiative: Option<i64>,
) -> Result<Combatant, Failure> {
    let free = |base: &str| {
        (1..)
            .map(|n| format!("{base}-{n}"))
            .find(|id| !f.now.combatants.iter().any(|c| &c.id == id))
            .unwrap_or_else(|| base.to_owned())
    };
    if let Some(like) = f.now.combatants.iter().find(|c| c.id == what) {
        // Another of a group: the same numbers, fresh, acting with its group.
        let base = like.id.rsplit_once('-').map_or(like.id.as_str(), |(b, n)| {
            if n.parse::<u32>().is_ok() {
                b
            } else {
                &like.id
            }
        });
        let mut c = like.clone();
        c.id = free(base);
        let kin = f
            .now
            .combatants
            .iter()
            .filter(|x| x.group.is_some() && x.group == like.group)
            .count();
        let stem = like
            .name
            .rsplit_once(' ')
            .filter(|(_, n)| n.parse::<u32>().is_ok())
            .map_or(like.name.as_str(), |(s, _)| s);
        c.name = format!("{stem} {}", kin + 1);
        c.hp = c.max_hp.unwrap_or(0);
        c.temp_hp = 0;
        c.life = Life::Up;
        c.effects.clear();
        c.started_round = 0;
        c.overcome = None;
        for p in &mut c.powers {
            p.used = false;
        }
        if let Some(i) = initiative {
            c.initiative = Some(i);
        }
        return Ok(c);
    }
    let side = if ally { Side::Ally } else { Side::Foe };
    let mut c =
        crate::fight::build::monster(bestiary, what, free(what), None, side).map_err(|e| {
            Failure(format!(
                "{e}; or name a creature already in the fight to add another of it"
            ))
        })?;
    let count = match initiative {
        Some(i) => i,
        None => {
            let mut dice = crate::fight::rules::Dice::for_step(f.seed, f.steps.len() + 1);
            let (count, _) = crate::fight::rules::p1_roll(&mut dice, c.init_mod);
            c.coin = dice.coin();
            count
        }
    };
    c.initiative = Some(count);
    Ok(c)
}

#[allow(clippy::too_many_arguments)]
fn end(
    data: &DataDir,
    word: &str,
    overcome: &[String],
    all: bool,
    write: bool,
    treasure: Option<crate::treasure::Method>,
    term: &mut Terminal,
) -> CmdResult {
    let path = fight_path(data, word)?;
    let (f, _) = load_fight(&path)?;
    let mut chosen: Vec<(String, Overcome)> = Vec::new();
    for o in overcome {
        let (id, how) = o.split_once('=').unwrap_or((o.as_str(), "defeated"));
        let how = match how.trim() {
            "defeated" => Overcome::Defeated,
            "fled" => Overcome::Fled,
            "surrendered" => Overcome::Surrendered,
            "bypassed" => Overcome::Bypassed,
            other => {
                return Err(Failure(format!(
                    "`{}` is not how a foe is overcome: defeated, fled, surrendered or bypassed",
                    crate::text::quote_short(other)
                )));
            }
        };
        chosen.push((id.trim().to_owned(), how));
    }
    if all {
        for c in f.now.combatants.iter().filter(|c| c.side == Side::Foe) {
            if !chosen.iter().any(|(id, _)| *id == c.id) {
                chosen.push((c.id.clone(), Overcome::Defeated));
            }
        }
    }
    let ended = if f.now.ended.is_some() {
        f
    } else {
        update_fight(&path, |f| {
            f.push(Step::End {
                overcome: chosen.clone(),
            })
            .map_err(DataError::Refused)?;
            Ok(f.clone())
        })?
    };
    let e = ended.now.ended.as_ref().expect("ended");
    outln!(
        term,
        "XP: {} (the overcome foes and challenges); each of {} characters earns {} (P10, E4)",
        crate::text::group_thousands(e.xp),
        e.characters,
        crate::text::group_thousands(e.xp_each)
    )?;
    if write {
        let lines = write_award(data, &ended)?;
        // Recorded in the fight, so that a second --write cannot award the XP twice.
        update_fight(&path, |f| {
            f.awarded = lines.clone();
            Ok(())
        })?;
        for l in lines {
            outln!(term, "{}", crate::text::escape_controls(&l))?;
        }
    } else {
        outln!(
            term,
            "Nothing written yet: `lairsmith fight end {word} --write` adds the XP to the party's file."
        )?;
    }
    treasure_of(data, &ended, treasure, term)?;
    Ok(EXIT_OK)
}

/// The encounter's treasure by the adventure's method (or --treasure), rolled from the
/// adventure's seed (or the fight's) and the fight's id.
fn treasure_of(
    data: &DataDir,
    f: &Fight,
    method: Option<crate::treasure::Method>,
    term: &mut Terminal,
) -> Result<(), Failure> {
    let (method, seed, party) = match &f.adventure {
        Some(a) => {
            let path = crate::adventure::existing_adventure(data, a)?;
            let (adv, _) = crate::adventure::load_adventure(&path)?;
            let party = crate::adventure::adventure_party(data, &adv)?;
            (method.or(adv.treasure), adv.seed.unwrap_or(f.seed), party)
        }
        None => {
            let path = crate::encounter::encounter_path(data, &f.encounter)?;
            let (_, party, _) = crate::encounter::load_encounter_with_party(data, &path)?;
            (method, f.seed, party)
        }
    };
    let Some(method) = method else {
        outln!(
            term,
            "Treasure: no method chosen (--treasure steady|items-only|troves|narrative, or the adventure's)."
        )?;
        return Ok(());
    };
    let plan = crate::treasure::for_encounter(
        method,
        &party,
        crate::treasure::seed_for(seed, &format!("fight {}", f.encounter)),
    );
    for l in plan.lines() {
        outln!(term, "{}", crate::text::escape_controls(&l))?;
    }
    Ok(())
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
        match c.life {
            Life::Dead => notes.push("dead".into()),
            Life::Unconscious => notes.push("unconscious".into()),
            Life::Gone => notes.push("out of the fight".into()),
            Life::Up if c.is_staggered() => notes.push("staggered".into()),
            Life::Up => {}
        }
        if c.temp_hp > 0 {
            notes.push(format!("{} temporary HP", c.temp_hp));
        }
        for e in &c.effects {
            notes.push(format!(
                "#{} {}",
                e.id,
                crate::fight::rules::effect_words(e, s)
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
            crate::text::fit_width(&format!("{}{side}", c.name), 28),
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
            crate::text::group_thousands(e.xp),
            crate::text::group_thousands(e.xp_each)
        ));
    }
    let tail: Vec<&crate::fight::model::LogLine> = s.log.iter().rev().take(5).collect();
    if !tail.is_empty() {
        out.push_str("last:\n");
        for l in tail.into_iter().rev() {
            out.push_str(&format!("  {}\n", log_line(l)));
        }
    }
    crate::text::escape_string(out)
}

/// A step in words, for undo.
fn step_words(s: &Step) -> String {
    match s {
        Step::Initiative { who, count } => format!("{who}'s initiative {count}"),
        Step::Delay { who, count } => format!("{who} delaying to {count}"),
        Step::Next => "the next turn".into(),
        Step::Damage { who, amount, .. } => format!("{amount} damage to {who}"),
        Step::Heal { who, amount } => format!("{amount} healing of {who}"),
        Step::Temp { who, amount } => format!("{amount} temporary HP for {who}"),
        Step::KnockOut { who } => format!("{who} knocked out"),
        Step::Effect { who, .. } => format!("an effect on {who}"),
        Step::EndEffect { who, effect } => format!("the end of effect {effect} on {who}"),
        Step::Attack {
            who, power, target, ..
        } => format!("{who}'s {power} against {target}"),
        Step::Use { who, power } => format!("{who}'s use of {power}"),
        Step::ActionPoint { who } => format!("{who}'s action point"),
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

#[cfg(feature = "tui")]
fn watch(path: &std::path::Path) -> CmdResult {
    crate::tui::watch::run(path)
        .map(|signal| {
            signal.map_or(EXIT_OK, |s| {
                u8::try_from(128 + s).unwrap_or(super::EXIT_FAILURE)
            })
        })
        .map_err(Failure)
}

#[cfg(not(feature = "tui"))]
fn watch(_path: &std::path::Path) -> CmdResult {
    Err(Failure(
        "this build has no terminal UI (built without the `tui` feature)".into(),
    ))
}
