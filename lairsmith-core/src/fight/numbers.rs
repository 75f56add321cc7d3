//! The range of every number, the length of every list and text a fight file holds
//! ([`crate::limits`]' fight limits), checked when the file is read and before it is written: a
//! fight is a file a GM may edit by hand, and its numbers are summed, subtracted and looped over
//! (an attack's rolls, a saving throw a turn for each effect), so none may overflow or run for
//! ever, and no list may make a step's work grow past what a table means.

use crate::fight::file::Fight;
use crate::fight::model::{Affliction, Combatant, Effect, FightState, LogLine};
use crate::fight::step::{EffectSpec, Step};
use crate::limits::{
    FIGHT_AMOUNT, FIGHT_ATTACKS, FIGHT_COIN, FIGHT_COMBATANTS, FIGHT_COUNT, FIGHT_EFFECT_NUMBER,
    FIGHT_EFFECTS, FIGHT_HIT_POINTS, FIGHT_LEVEL, FIGHT_LINE, FIGHT_LIST, FIGHT_NUMBER,
    FIGHT_POWERS, FIGHT_ROUND, FIGHT_SAVE_BONUS, FIGHT_TALLY, FIGHT_XP, FIGHT_XP_TOTAL, Limit,
    LimitError, ListLimit,
};
use crate::yaml_io::{Refused, Seg, key};

/// The first number, list or text of `f` (its start, its state now, its steps and the award's
/// lines) outside its range, at its path in the file.
pub(crate) fn check(f: &Fight) -> Result<(), Refused> {
    let mut at = Walk(Vec::new());
    at.down(key("start"), |at| state(at, &f.start, true))?;
    at.down(key("now"), |at| state(at, &f.now, false))?;
    at.list("awarded", &f.awarded, &FIGHT_LIST, "a fight's award")?;
    at.down(key("awarded"), |at| {
        at.each(&f.awarded, |at, l| at.text(l, "an award's line"))
    })?;
    let first = f.history.first_parsed() - 1;
    at.down(key("steps"), |at| {
        for (i, r) in f.history.new_records().iter().enumerate() {
            at.down(Seg::Index(first + i), |at| step(at, &r.step))?;
        }
        Ok(())
    })
}

/// `s`, the fight's start (`start`) or its state now, whose log is the steps' lines and as long
/// as they make it.
fn state(at: &mut Walk, s: &FightState, start: bool) -> Result<(), Refused> {
    at.number("round", i64::from(s.round), &FIGHT_ROUND)?;
    at.number(
        "next_effect",
        i64::from(s.next_effect),
        &FIGHT_EFFECT_NUMBER,
    )?;
    if let Some(e) = &s.ended {
        at.down(key("ended"), |at| {
            at.number("xp", wide(e.xp), &FIGHT_XP_TOTAL)?;
            at.number("xp_each", wide(e.xp_each), &FIGHT_XP_TOTAL)?;
            at.number("characters", wide(e.characters as u64), &FIGHT_TALLY)
        })?;
    }
    at.list("combatants", &s.combatants, &FIGHT_COMBATANTS, "a fight")?;
    at.down(key("combatants"), |at| at.each(&s.combatants, combatant))?;
    at.list("acted", &s.acted, &FIGHT_LIST, "a fight")?;
    at.list("challenges", &s.challenges, &FIGHT_LIST, "a fight")?;
    at.down(key("challenges"), |at| {
        at.each(&s.challenges, |at, c| {
            at.number("level", i64::from(c.level), &FIGHT_LEVEL)?;
            for (name, n) in [
                ("successes_needed", c.successes_needed),
                ("failures_allowed", c.failures_allowed),
                ("successes", c.successes),
                ("failures", c.failures),
                ("hard_dc", c.hard_dc),
                ("easy_dc", c.easy_dc),
            ] {
                at.number(name, i64::from(n), &FIGHT_TALLY)?;
            }
            at.number("xp", wide(c.xp), &FIGHT_XP_TOTAL)?;
            at.list("skills", &c.skills, &FIGHT_LIST, "a challenge")?;
            at.down(key("skills"), |at| {
                at.each(&c.skills, |at, (_, dc)| {
                    at.down(Seg::Index(1), |at| at.here(i64::from(*dc), &FIGHT_TALLY))
                })
            })?;
            at.list("used", &c.used, &FIGHT_LIST, "a challenge")
        })
    })?;
    // The start's log is read from the file; the log now is lairsmith's own writing, made by
    // replaying the steps or taken from a file whose check says lairsmith wrote it.
    if start {
        at.list("log", &s.log, &FIGHT_LIST, "the start")?;
        at.down(key("log"), |at| at.each(&s.log, log_line))?;
    }
    Ok(())
}

fn log_line(at: &mut Walk, l: &LogLine) -> Result<(), Refused> {
    at.down(Seg::Index(0), |at| {
        at.here(i64::from(l.round), &FIGHT_ROUND)
    })?;
    at.text(&l.text, "a log line")
}

/// An unsigned number as the walk's i64 (past i64's range it is past every range).
fn wide(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The path walked so far, for the message's line and column.
struct Walk(Vec<Seg>);

impl Walk {
    fn down(
        &mut self,
        seg: Seg,
        then: impl FnOnce(&mut Walk) -> Result<(), Refused>,
    ) -> Result<(), Refused> {
        self.0.push(seg);
        let r = then(self);
        self.0.pop();
        r
    }

    fn each<T>(
        &mut self,
        items: &[T],
        mut then: impl FnMut(&mut Walk, &T) -> Result<(), Refused>,
    ) -> Result<(), Refused> {
        for (i, item) in items.iter().enumerate() {
            self.down(Seg::Index(i), |at| then(at, item))?;
        }
        Ok(())
    }

    /// `n`, at key `name`, in `limit`'s range.
    fn number(&mut self, name: &str, n: i64, limit: &Limit) -> Result<(), Refused> {
        self.down(key(name), |at| at.here(n, limit))
    }

    /// The list at key `name` no longer than `limit`; `holder` is what holds it ("a fight").
    fn list<T>(
        &mut self,
        name: &str,
        items: &[T],
        limit: &ListLimit,
        holder: &str,
    ) -> Result<(), Refused> {
        self.down(key(name), |at| {
            limit
                .check(items.len(), holder)
                .map(|_| ())
                .map_err(|e| Refused::new(at.0.clone(), e.to_string()))
        })
    }

    /// A line of text at the path walked, within [`FIGHT_LINE`] and free of control characters.
    fn text(&self, t: &str, what: &str) -> Result<(), Refused> {
        FIGHT_LINE
            .check(t)
            .map_err(|e| Refused::new(self.0.clone(), e.to_string()))?;
        if let Some(c) = t.chars().find(|c| c.is_control()) {
            return Err(Refused::new(
                self.0.clone(),
                format!("{what} holds the control character U+{:04X}", u32::from(c)),
            ));
        }
        Ok(())
    }

    /// `n`, the value at the path walked, in `limit`'s range.
    fn here(&self, n: i64, limit: &Limit) -> Result<(), Refused> {
        limit
            .check(n)
            .map(|_| ())
            .map_err(|e: LimitError| Refused::new(self.0.clone(), e.to_string()))
    }
}

fn combatant(at: &mut Walk, c: &Combatant) -> Result<(), Refused> {
    at.number("hp", c.hp, &FIGHT_HIT_POINTS)?;
    if let Some(m) = c.max_hp {
        at.number("max_hp", m, &FIGHT_HIT_POINTS)?;
    }
    at.number("temp_hp", c.temp_hp, &FIGHT_HIT_POINTS)?;
    if let Some(n) = c.initiative {
        at.number("initiative", n, &FIGHT_COUNT)?;
    }
    at.number("init_mod", c.init_mod, &FIGHT_NUMBER)?;
    at.number("save_bonus", c.save_bonus, &FIGHT_SAVE_BONUS)?;
    at.number("action_points", c.action_points, &FIGHT_NUMBER)?;
    at.number("xp", wide(c.xp), &FIGHT_XP)?;
    at.number("coin", i64::from(c.coin), &FIGHT_COIN)?;
    at.number("started_round", i64::from(c.started_round), &FIGHT_ROUND)?;
    // Issue 34's numbers: a recovery value and a reactive resistance are added to hit points,
    // so each keeps its range here as the other numbers do.
    if let Some(n) = c.recoveries {
        at.number("recoveries", n, &FIGHT_TALLY)?;
    }
    if let Some(n) = c.recovery_value {
        at.number("recovery_value", n, &FIGHT_NUMBER)?;
    }
    if let Some(n) = c.reactive {
        at.number("reactive", n, &FIGHT_NUMBER)?;
    }
    at.number("turns", i64::from(c.turns), &FIGHT_ROUND)?;
    at.number("ap_turn", i64::from(c.ap_turn), &FIGHT_ROUND)?;
    if let Some(n) = c.immediate_turn {
        at.number("immediate_turn", i64::from(n), &FIGHT_ROUND)?;
    }
    at.number("death_failures", i64::from(c.death_failures), &FIGHT_TALLY)?;
    at.number("ap_spent", i64::from(c.ap_spent), &FIGHT_TALLY)?;
    at.list("auras", &c.auras, &FIGHT_LIST, "a combatant")?;
    at.down(key("auras"), |at| {
        at.each(&c.auras, |at, a| {
            crate::text::check_name("an aura's name", &a.name)
                .map_err(|e| Refused::new(at.0.clone(), e.to_string()))?;
            at.number("size", i64::from(a.size), &FIGHT_TALLY)
        })
    })?;
    if let Some(d) = &c.defenses {
        at.down(key("defenses"), |at| {
            at.number("ac", d.ac, &FIGHT_NUMBER)?;
            at.number("fortitude", d.fortitude, &FIGHT_NUMBER)?;
            at.number("reflex", d.reflex, &FIGHT_NUMBER)?;
            at.number("will", d.will, &FIGHT_NUMBER)
        })?;
    }
    crate::monster::design::check_id(&c.id)
        .map_err(|e| Refused::new(at.0.clone(), e.to_string()))?;
    crate::text::check_name("a combatant's name", &c.name)
        .map_err(|e| Refused::new(at.0.clone(), e.to_string()))?;
    for (name, list) in [
        ("resistances", &c.resistances),
        ("vulnerabilities", &c.vulnerabilities),
    ] {
        at.list(name, list, &FIGHT_LIST, "a combatant")?;
        at.down(key(name), |at| {
            at.each(list, |at, r| at.number("value", r.value, &FIGHT_NUMBER))
        })?;
    }
    if let Some(r) = &c.regeneration {
        at.down(key("regeneration"), |at| {
            at.number("value", r.value, &FIGHT_NUMBER)
        })?;
    }
    at.list("powers", &c.powers, &FIGHT_POWERS, "a combatant")?;
    at.down(key("powers"), |at| {
        at.each(&c.powers, |at, p| {
            crate::text::check_name("a power's name", &p.name)
                .map_err(|e| Refused::new(at.0.clone(), e.to_string()))?;
            if let Some((bonus, _)) = p.attack {
                // `attack: [bonus, defense]`.
                at.down(key("attack"), |at| {
                    at.down(Seg::Index(0), |at| at.here(bonus, &FIGHT_NUMBER))
                })?;
            }
            at.number("attacks", i64::from(p.attacks), &FIGHT_ATTACKS)
        })
    })?;
    at.list("effects", &c.effects, &FIGHT_EFFECTS, "a combatant")?;
    at.down(key("effects"), |at| at.each(&c.effects, effect))
}

fn effect(at: &mut Walk, e: &Effect) -> Result<(), Refused> {
    at.number("id", i64::from(e.id), &FIGHT_EFFECT_NUMBER)?;
    affliction(at, &e.what)?;
    for (name, then) in [
        ("aftereffect", &e.aftereffect),
        ("failed_save", &e.failed_save),
    ] {
        if let Some(then) = then {
            at.down(key(name), |at| effect(at, then))?;
        }
    }
    Ok(())
}

fn effect_spec(at: &mut Walk, e: &EffectSpec) -> Result<(), Refused> {
    affliction(at, &e.what)?;
    for (name, then) in [
        ("aftereffect", &e.aftereffect),
        ("failed_save", &e.failed_save),
    ] {
        if let Some(then) = then {
            at.down(key(name), |at| effect_spec(at, then))?;
        }
    }
    Ok(())
}

fn affliction(at: &mut Walk, a: &Affliction) -> Result<(), Refused> {
    match a {
        Affliction::Persistent { amount, .. } => at.down(key("what"), |at| {
            at.number("amount", *amount, &FIGHT_AMOUNT)
        }),
        Affliction::Other { text } => at.down(key("what"), |at| {
            at.down(key("text"), |at| {
                crate::text::check_name("the effect", text)
                    .map_err(|e| Refused::new(at.0.clone(), e.to_string()))
            })
        }),
        Affliction::Defenses { bonus, why } => at.down(key("what"), |at| {
            at.number("bonus", *bonus, &FIGHT_NUMBER)?;
            at.down(key("why"), |at| {
                crate::text::check_name("the bonus's reason", why)
                    .map_err(|e| Refused::new(at.0.clone(), e.to_string()))
            })
        }),
        Affliction::Help { against, by, .. } => at.down(key("what"), |at| {
            for (k, id) in [("against", against), ("by", by)] {
                at.down(key(k), |at| {
                    crate::monster::design::check_id(id)
                        .map_err(|e| Refused::new(at.0.clone(), e.to_string()))
                })?;
            }
            Ok(())
        }),
        Affliction::Condition { .. } => Ok(()),
    }
}

fn step(at: &mut Walk, s: &Step) -> Result<(), Refused> {
    match s {
        Step::Initiative { count, .. } | Step::Delay { count, .. } => {
            at.number("count", *count, &FIGHT_COUNT)
        }
        // A heal that spends a recovery may add nothing to the recovery value (P17).
        Step::Heal {
            amount: 0,
            recovery: true,
            ..
        } => Ok(()),
        Step::Damage { amount, .. } | Step::Heal { amount, .. } | Step::Temp { amount, .. } => {
            at.number("amount", *amount, &FIGHT_AMOUNT)
        }
        Step::MaxHp { hp, .. } => at.number("hp", *hp, &FIGHT_HIT_POINTS),
        Step::Attack {
            defense: Some(d), ..
        } => at.number("defense", *d, &FIGHT_NUMBER),
        Step::Effect { effect, .. } => at.down(key("effect"), |at| effect_spec(at, effect)),
        Step::Add { combatant: c, .. } => at.down(key("combatant"), |at| combatant(at, c)),
        Step::End { overcome } => at.list("overcome", overcome, &FIGHT_LIST, "the end"),
        Step::EndEffect { effect, .. } => {
            at.number("effect", i64::from(*effect), &FIGHT_EFFECT_NUMBER)
        }
        _ => Ok(()),
    }
}
