//! The attack step: a power rolled against its targets with the fight's and the table's modifiers (P13, P15, P16, P18), a power marked used, an action point (P9).

#[allow(clippy::wildcard_imports)]
use super::*;
use crate::fight::model::PowerState;

/// A power's attack, its targets and the table's words gathered (P13, P15).
pub(super) fn attack_step(
    s: &mut FightState,
    step: &Step,
    dice: &mut Dice,
) -> Result<(), StepError> {
    let Step::Attack {
        who,
        power,
        target,
        defense,
        apply,
        also,
        mods,
        d20,
        riders,
        immediate,
    } = step
    else {
        return Ok(());
    };
    let targets = all_targets(target, *defense, also);
    // A fight file's steps replay as they were taken; a new step's words are checked first
    // ([`crate::fight::Fight::push`], P13).
    let table = mods
        .iter()
        .map(|m| m.parse::<TableMod>())
        .collect::<Result<Vec<_>, String>>()?;
    attack(
        s,
        &Attack {
            who,
            power,
            targets: &targets,
            table: &table,
            apply: *apply,
            riders: *riders,
            immediate: *immediate,
            given: d20.len(),
        },
        dice,
    )?;
    Ok(())
}

/// An attack step's targets in order: the first (with its defense, if given), then the others.
fn all_targets(target: &str, defense: Option<i64>, also: &[AttackTarget]) -> Vec<AttackTarget> {
    let mut all = vec![AttackTarget {
        who: target.to_owned(),
        defense,
    }];
    all.extend(also.iter().cloned());
    all
}

/// A power's attack bonus and the defense it targets; a power that rolls no attack is refused.
fn rolled(pw: &PowerState) -> Result<(i64, crate::rules::power_vocab::Defense), StepError> {
    pw.attack.ok_or_else(|| {
        // Words for both faces, naming no command line: each has its own way to mark it used.
        StepError::Refused(format!(
            "{} makes no attack roll: mark it used instead",
            pw.name
        ))
    })
}

/// An encounter, daily or refresh power marked used without a roll.
pub(super) fn use_power_step(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::Use { who, power } = step else {
        return Ok(());
    };
    let i = find(s, who)?;
    let p = power_index(&s.combatants[i], power)?;
    let words = use_power(&mut s.combatants[i], p)?;
    log(s, words);
    Ok(())
}

/// An action point spent (P9).
pub(super) fn action_point(s: &mut FightState, step: &Step) -> Result<(), StepError> {
    let Step::ActionPoint { who } = step else {
        return Ok(());
    };
    let i = find(s, who)?;
    let words = rules::p9_spend(s, i)?;
    log(s, words);
    Ok(())
}

pub(super) fn use_power(c: &mut Combatant, p: usize) -> Result<String, StepError> {
    use crate::rules::power_vocab::Usage;
    let power = &mut c.powers[p];
    if power.usage == Usage::AtWill {
        return Ok(format!("{} uses {} (at-will)", c.name, power.name));
    }
    if power.used {
        return Err(StepError::Refused(format!(
            "{}'s {} is used{}",
            c.name,
            power.name,
            if power.refresh.is_empty() {
                ""
            } else {
                " until a refresh roll gives it back"
            }
        )));
    }
    power.used = true;
    Ok(format!(
        "{} uses {} ({}; now used)",
        c.name,
        power.name,
        power.usage.key()
    ))
}

/// An attack as a step gives it.
pub(super) struct Attack<'a> {
    who: &'a str,
    power: &'a str,
    targets: &'a [AttackTarget],
    table: &'a [TableMod],
    apply: bool,
    riders: bool,
    immediate: bool,
    given: usize,
}

/// P13, P15, P16: a power's attack against its targets: the power used once; one attack roll a
/// target (its d20 the table's, in order, or rolled), with the modifiers the fight knows and
/// the table's words; damage rolled once for all (each roll of a power of several attacks its
/// own), maximum on a critical hit, halved for a weakened attacker; a miss's half damage; the
/// lines' riders offered, or applied with `riders`.
pub(super) fn attack(
    s: &mut FightState,
    at: &Attack<'_>,
    dice: &mut Dice,
) -> Result<(), StepError> {
    let a = find(s, at.who)?;
    let p = power_index(&s.combatants[a], at.power)?;
    let pw = s.combatants[a].powers[p].clone();
    let (bonus, def) = rolled(&pw)?;
    let attacker = s.combatants[a].clone();
    if attacker.life != Life::Up {
        return Err(StepError::Refused(format!(
            "{} is {} and makes no attack",
            attacker.name,
            rules::life_word(attacker.life)
        )));
    }
    let ids = targets(s, at, &pw)?;
    let rolls = pw.attacks.max(1) as usize;
    if at.immediate {
        immediate(s, a)?;
    } else if s.turn.as_deref() == Some(at.who) {
        s.combatants[a].busy = true;
    }
    if pw.usage != crate::rules::power_vocab::Usage::AtWill {
        let words = use_power(&mut s.combatants[a], p)?;
        log(s, words);
    }
    let expr = pw
        .damage
        .as_deref()
        .map(|d| match crate::dice::DiceExpr::parse(d) {
            Ok(e) => e,
            Err(_) => crate::dice::DiceExpr::new(0, 0, d.trim().parse().unwrap_or(0)),
        });
    let weakened = rules::has(&attacker, Condition::Weakened);
    let several = ids.len() > 1 && rolls == 1;
    // Damage rolled once for all the targets of one attack roll each (P15).
    let mut shared: Option<(i64, String)> = None;
    if several && let Some(e) = &expr {
        let (n, words) = dice.roll(e);
        log(
            s,
            format!(
                "{}'s {} against {} targets: one attack roll a target, damage rolled once: {words} (P15)",
                attacker.name,
                pw.name,
                ids.len()
            ),
        );
        shared = Some((n, words));
    }
    let r = Roll {
        attacker: &attacker,
        pw: &pw,
        bonus,
        def,
        ids: &ids,
        rolls,
        expr: expr.as_ref(),
        weakened,
        shared: shared.as_ref().map(|(n, _)| *n),
    };
    for n in 0..rolls.max(ids.len()) {
        roll_one(s, at, &r, n, dice)?;
    }
    offer_or_apply(s, at.riders)
}

/// P15: the attack's targets by id, each once and none dead or gone, no more than the power
/// allows, and no more of the table's d20s than the rolls it makes.
fn targets(s: &FightState, at: &Attack<'_>, pw: &PowerState) -> Result<Vec<String>, StepError> {
    let mut ids: Vec<String> = Vec::new();
    for t in at.targets {
        let i = find(s, &t.who)?;
        if ids.contains(&t.who) {
            return Err(StepError::Refused(format!(
                "{} is named twice: one roll a target (P15)",
                s.combatants[i].name
            )));
        }
        if matches!(s.combatants[i].life, Life::Dead | Life::Gone) {
            return Err(StepError::Refused(format!(
                "{} is {}: not a target",
                s.combatants[i].name,
                rules::life_word(s.combatants[i].life)
            )));
        }
        ids.push(t.who.clone());
    }
    let most = rules::p15_most_targets(pw);
    let rolls = pw.attacks.max(1) as usize;
    if let Some(most) = most
        && ids.len() > most.max(rolls)
    {
        return Err(StepError::Refused(format!(
            "{} targets {}: at most {} a use, not {} (P15)",
            pw.name,
            pw.targets.as_deref().unwrap_or("one creature"),
            most.max(rolls),
            ids.len()
        )));
    }
    if at.given > rolls.max(ids.len()) {
        return Err(StepError::Refused(format!(
            "{} d20s given for {} attack rolls",
            at.given,
            rolls.max(ids.len())
        )));
    }
    Ok(ids)
}

/// P18, P14: an immediate action between two of the attacker's turns: a second is warned, not
/// refused; none while it is surprised.
fn immediate(s: &mut FightState, a: usize) -> Result<(), StepError> {
    let c = &mut s.combatants[a];
    let line = (c.immediate_turn == Some(c.turns)).then(|| {
        format!(
            "warning: {} has taken an immediate action since its last turn already; the book allows one (P18)",
            c.name
        )
    });
    c.immediate_turn = Some(c.turns);
    if rules::has(c, Condition::Surprised) {
        return Err(StepError::Refused(format!(
            "{} is surprised and takes no immediate action until the surprise round ends (P14)",
            c.name
        )));
    }
    if let Some(l) = line {
        log(s, l);
    }
    Ok(())
}

/// What each of an attack's rolls shares: the attacker, the power and its numbers, the
/// targets, the damage expression and the damage rolled once for several targets (P15).
struct Roll<'b> {
    attacker: &'b Combatant,
    pw: &'b PowerState,
    bonus: i64,
    def: crate::rules::power_vocab::Defense,
    ids: &'b [String],
    rolls: usize,
    expr: Option<&'b crate::dice::DiceExpr>,
    weakened: bool,
    shared: Option<i64>,
}

/// The attack's `n`th roll: against its target's defense with every modifier (P13), the damage
/// on a hit (maximum on a critical hit) or a miss's half (P16), taken off with `apply`, and the
/// power's lines offered for this target.
fn roll_one(
    s: &mut FightState,
    at: &Attack<'_>,
    r: &Roll<'_>,
    n: usize,
    dice: &mut Dice,
) -> Result<(), StepError> {
    let Roll {
        attacker,
        pw,
        bonus,
        def,
        ids,
        rolls,
        expr,
        weakened,
        shared,
    } = *r;
    let target = &at.targets[n % at.targets.len()];
    let t = find(s, &target.who)?;
    let tc = s.combatants[t].clone();
    let target_def = match (target.defense, tc.defenses) {
        (Some(v), _) => v,
        (None, Some(d)) => d.get(def),
        (None, None) => {
            return Err(StepError::Refused(format!(
                "the fight does not know {}'s {}; give it with --defense N",
                tc.name,
                def.label()
            )));
        }
    };
    let (mods, coup) = rules::p13_modifiers(s, attacker, &tc, pw, ids, at.table)?;
    let plus: i64 = mods.iter().map(|m| m.value).sum();
    let (d, whose) = if n < at.given {
        (
            dice.player_d20(format!("the attack roll against {}", tc.name))
                .0,
            " (rolled at the table)",
        )
    } else {
        (dice.d(20), "")
    };
    if !(1..=20).contains(&d) {
        return Err(StepError::Refused(format!("a d20 shows 1 to 20, not {d}")));
    }
    let total = d + bonus + plus;
    let would = d != 1 && total >= target_def;
    let hit = d == 20 || would;
    let crit = (d == 20 && would) || (coup && hit);
    let which = if rolls > 1 {
        format!(" (attack {} of {rolls})", n + 1)
    } else {
        String::new()
    };
    let mut line = format!(
        "{}'s {}{which} against {}: d20 {d}{whose} {}{} = {total} vs {} {target_def}, {}",
        attacker.name,
        pw.name,
        tc.name,
        rules::signed(bonus),
        rules::p13_words(&mods),
        def.label(),
        match (d, hit) {
            (20, true) if !would => "natural 20: a hit".to_owned(),
            (1, _) => "natural 1: a miss".to_owned(),
            (_, true) => "hit".to_owned(),
            (_, false) => "miss".to_owned(),
        }
    );
    if crit {
        line.push_str(if coup {
            ": a critical hit, a coup de grace (P13)"
        } else {
            ": a critical hit (P13)"
        });
    }
    // The damage: the shared roll, or this roll's own; maximum on a critical hit.
    let mut damage = None;
    let halves = rules::p16_miss_halves(pw);
    if let Some(e) = &expr
        && (hit || halves)
    {
        let rolled = match shared {
            Some(n) => n,
            None if crit => e.max(),
            None => {
                let (n, words) = dice.roll(e);
                line.push_str(&format!("; damage {words}"));
                n
            }
        };
        let mut amount = if crit {
            line.push_str(&format!("; maximum damage {e} = {} (P13)", e.max()));
            e.max()
        } else {
            rolled
        };
        if !hit {
            amount /= 2;
            line.push_str(&format!("; the miss deals half damage: {amount} (P16)"));
        }
        if weakened {
            amount /= 2;
            line.push_str(&format!(
                "; halved to {amount}: {} is weakened (P5)",
                attacker.name
            ));
        }
        damage = Some(amount);
    }
    // Help is used up by the roll it helped (P13).
    consume_help(s, find(s, at.who)?, t);
    log(s, line);
    if let (true, Some(amount)) = (at.apply, damage) {
        deal(s, t, pw, amount, hit, coup && hit);
    }
    // The lines' riders, for this target (P16).
    let lines = [
        (hit, pw.hit.as_deref(), "hit"),
        (!hit, pw.miss.as_deref(), "miss"),
        (true, pw.effect.as_deref(), "effect"),
    ];
    for (applies, text, kind) in lines {
        let (true, Some(text)) = (applies, text) else {
            continue;
        };
        for r in rules::p16_riders(text, attacker, &tc) {
            s.offers.push(Offer {
                who: r.who,
                effect: r.effect,
                words: r.words,
                from: format!("{}'s {kind}", pw.name),
            });
        }
    }
    Ok(())
}

/// An attack's damage taken off target `t` (P3, P5), and a coup de grace's kill when it deals at
/// least the target's staggered value (P13); then what its fall brings (P8).
fn deal(s: &mut FightState, t: usize, pw: &PowerState, amount: i64, hit: bool, coup: bool) {
    let hit_on = Hit {
        amount,
        types: pw.damage_type.into_iter().collect(),
        origin: pw.origin,
        attack: true,
        miss: !hit,
    };
    let (words, mut fell) = rules::p3_damage(&mut s.combatants[t], &hit_on);
    log(s, words);
    let c = &s.combatants[t];
    if coup && amount >= c.max_hp.unwrap_or(i64::MAX) / 2 && c.life != Life::Dead {
        let name = c.name.clone();
        s.combatants[t].life = Life::Dead;
        log(
            s,
            format!(
                "{name} dies: a coup de grace that deals at least its staggered value kills (P13)"
            ),
        );
        fell = Fell::Dead;
    }
    for l in rules::after_a_fall(s, t, fell) {
        log(s, l);
    }
}

/// The offers of the power's lines: applied at once with `riders`, else listed by number for
/// `fight apply` (P16).
fn offer_or_apply(s: &mut FightState, riders: bool) -> Result<(), StepError> {
    if !s.offers.is_empty() {
        if riders {
            for o in std::mem::take(&mut s.offers) {
                effects::apply_offer(s, &o)?;
            }
        } else {
            let list: Vec<String> = s
                .offers
                .iter()
                .enumerate()
                .map(|(k, o)| {
                    format!(
                        "{}. {}: {} ({})",
                        k + 1,
                        rules::name_of(s, &o.who),
                        o.words,
                        o.from
                    )
                })
                .collect();
            log(s, format!("offered (P16): {}", list.join("; ")));
        }
    }
    Ok(())
}

/// P13: a help used up by the roll it helped: the attacker's Help Attack against the target,
/// the target's Help Defense against the attacker.
pub(super) fn consume_help(s: &mut FightState, a: usize, t: usize) {
    let (aid, tid) = (s.combatants[a].id.clone(), s.combatants[t].id.clone());
    s.combatants[a].effects.retain(
        |e| !matches!(&e.what, Affliction::Help { attack: true, against, .. } if *against == tid),
    );
    s.combatants[t].effects.retain(
        |e| !matches!(&e.what, Affliction::Help { attack: false, against, .. } if *against == aid),
    );
}

pub(super) fn power_index(c: &Combatant, name: &str) -> Result<usize, StepError> {
    c.powers
        .iter()
        .position(|p| p.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| {
            StepError::Unknown(crate::vocab::UnknownValue::new(
                "power",
                name,
                c.powers.iter().map(|p| p.name.as_str()),
            ))
        })
}

/// One target of an attack as it stands before the roll: what a front end shows while the GM
/// names the targets (P13, P15), rolling nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aim {
    /// The target's name.
    pub name: String,
    /// The defense attacked, by its label ("AC").
    pub defense: &'static str,
    /// Its value: the one given, the fight's, or `None` when neither is known.
    pub value: Option<i64>,
    /// The attack's bonus, the power's.
    pub bonus: i64,
    /// Every modifier the fight knows of and the table said, each with its reason.
    pub mods: Vec<rules::Modifier>,
}

/// The targets of `step` (an attack) as they stand before the roll, or why the step cannot be
/// an attack on them; the state is not changed and no die is rolled.
pub fn aims(s: &FightState, step: &Step) -> Result<Vec<Aim>, StepError> {
    let Step::Attack {
        who,
        power,
        target,
        defense,
        also,
        mods,
        ..
    } = step
    else {
        return Err(StepError::Refused("not an attack".to_owned()));
    };
    let table = rules::p13_table_words(mods)?;
    let a = find(s, who)?;
    let pw = &s.combatants[a].powers[power_index(&s.combatants[a], power)?];
    let (bonus, def) = rolled(pw)?;
    let all = all_targets(target, *defense, also);
    let ids: Vec<String> = all.iter().map(|t| t.who.clone()).collect();
    let mut out = Vec::new();
    for t in &all {
        let tc = &s.combatants[find(s, &t.who)?];
        let (mods, _) = rules::p13_modifiers(s, &s.combatants[a], tc, pw, &ids, &table)?;
        out.push(Aim {
            name: tc.name.clone(),
            defense: def.label(),
            value: t.defense.or_else(|| tc.defenses.map(|d| d.get(def))),
            bonus,
            mods,
        });
    }
    Ok(out)
}
