//! The range of every number a fight file holds ([`crate::limits`]' fight limits), checked
//! when the file is read: a fight is a file a GM may edit by hand, and its numbers are summed,
//! subtracted and looped over (an attack's rolls), so none may overflow or run for ever.

use crate::fight::file::Fight;
use crate::fight::model::{Affliction, Combatant, Effect};
use crate::fight::step::{EffectSpec, Step};
use crate::limits::{
    FIGHT_AMOUNT, FIGHT_ATTACKS, FIGHT_COUNT, FIGHT_HIT_POINTS, FIGHT_NUMBER, FIGHT_XP, Limit,
    LimitError,
};
use crate::yaml_io::{Refused, Seg, key};

/// The first number of `f`'s start or steps outside its range, at its path in the file.
pub fn check(f: &Fight) -> Result<(), Refused> {
    let mut at = Walk(Vec::new());
    at.down(key("start"), |at| {
        at.down(key("combatants"), |at| {
            at.each(&f.start.combatants, combatant)
        })
    })?;
    at.down(key("steps"), |at| at.each(&f.steps, step))
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
    at.number("save_bonus", c.save_bonus, &FIGHT_NUMBER)?;
    at.number("action_points", c.action_points, &FIGHT_NUMBER)?;
    let xp = i64::try_from(c.xp).unwrap_or(i64::MAX);
    at.number("xp", xp, &FIGHT_XP)?;
    if let Some(d) = &c.defenses {
        at.down(key("defenses"), |at| {
            at.number("ac", d.ac, &FIGHT_NUMBER)?;
            at.number("fortitude", d.fortitude, &FIGHT_NUMBER)?;
            at.number("reflex", d.reflex, &FIGHT_NUMBER)?;
            at.number("will", d.will, &FIGHT_NUMBER)
        })?;
    }
    for (name, list) in [
        ("resistances", &c.resistances),
        ("vulnerabilities", &c.vulnerabilities),
    ] {
        at.down(key(name), |at| {
            at.each(list, |at, r| at.number("value", r.value, &FIGHT_NUMBER))
        })?;
    }
    if let Some(r) = &c.regeneration {
        at.down(key("regeneration"), |at| {
            at.number("value", r.value, &FIGHT_NUMBER)
        })?;
    }
    at.down(key("powers"), |at| {
        at.each(&c.powers, |at, p| {
            if let Some((bonus, _)) = p.attack {
                // `attack: [bonus, defense]`.
                at.down(key("attack"), |at| {
                    at.down(Seg::Index(0), |at| at.here(bonus, &FIGHT_NUMBER))
                })?;
            }
            at.number("attacks", i64::from(p.attacks), &FIGHT_ATTACKS)
        })
    })?;
    at.down(key("effects"), |at| at.each(&c.effects, effect))
}

fn effect(at: &mut Walk, e: &Effect) -> Result<(), Refused> {
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
        Affliction::Condition { .. } | Affliction::Other { .. } => Ok(()),
    }
}

fn step(at: &mut Walk, s: &Step) -> Result<(), Refused> {
    match s {
        Step::Initiative { count, .. } | Step::Delay { count, .. } => {
            at.number("count", *count, &FIGHT_COUNT)
        }
        Step::Damage { amount, .. } | Step::Heal { amount, .. } | Step::Temp { amount, .. } => {
            at.number("amount", *amount, &FIGHT_AMOUNT)
        }
        Step::MaxHp { hp, .. } => at.number("hp", *hp, &FIGHT_HIT_POINTS),
        Step::Attack {
            defense: Some(d), ..
        } => at.number("defense", *d, &FIGHT_NUMBER),
        Step::Effect { effect, .. } => at.down(key("effect"), |at| effect_spec(at, effect)),
        Step::Add { combatant: c, .. } => at.down(key("combatant"), |at| combatant(at, c)),
        _ => Ok(()),
    }
}
