//! The GM's changes to a fight, one step each: what the file keeps, what replaying applies, and
//! what undo takes back. A step names combatants by id; its dice come from the fight's seed and
//! its number ([`crate::fight::rules::Dice::for_step`]).

use crate::fight::model::{
    Affliction, ChallengeRun, Combatant, Effect, Ending, FightState, Life, Overcome, Side, Until,
};
use crate::fight::rules::{self, Dice, log};
use crate::rules::creature::DamageType;
use crate::vocab::Vocabulary;
use serde::{Deserialize, Serialize};

/// An effect as the GM gives it; its id is given when it is applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct EffectSpec {
    /// What the effect does.
    pub what: Affliction,
    /// How long it lasts.
    pub until: Until,
    /// The effect that begins when a saving throw ends this one (P7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aftereffect: Option<Box<EffectSpec>>,
    /// The effect that replaces this one the first time a saving throw against it fails (P7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_save: Option<Box<EffectSpec>>,
}

/// One change the GM makes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "step", rename_all = "kebab-case")]
pub enum Step {
    /// A character's initiative result, entered by the GM (P1).
    Initiative {
        /// The character's id.
        who: String,
        /// The initiative check's total.
        #[serde(deserialize_with = "crate::limits::whole_number")]
        count: i64,
    },
    /// Delay or ready: a new count, kept for the rest of the fight (P2).
    Delay {
        /// The combatant's id.
        who: String,
        /// The initiative count it acts on from now on, chosen by the GM.
        #[serde(deserialize_with = "crate::limits::whole_number")]
        count: i64,
    },
    /// The current turn ends (P7) and the next begins (P6); the first starts round 1.
    Next,
    /// Damage, of a type or untyped (P3-P5).
    Damage {
        /// The combatant's id.
        who: String,
        /// The damage as entered, before resistance and vulnerability.
        #[serde(deserialize_with = "crate::limits::whole_number")]
        amount: i64,
        /// Its type, which resistance and vulnerability change (P5); `None` for untyped.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        damage_type: Option<DamageType>,
    },
    /// Healing (P3).
    Heal {
        /// The combatant's id.
        who: String,
        /// The hit points regained (never above the maximum).
        #[serde(deserialize_with = "crate::limits::whole_number")]
        amount: i64,
    },
    /// Temporary hit points (P4).
    Temp {
        /// The combatant's id.
        who: String,
        /// The temporary hit points granted; they replace the current ones only if higher.
        #[serde(deserialize_with = "crate::limits::whole_number")]
        amount: i64,
    },
    /// A monster at 0 HP or below falls unconscious instead of dying (P3: the GM's choice).
    KnockOut {
        /// The monster's id.
        who: String,
    },
    /// A condition, persistent damage or anything else, with its duration (P8).
    Effect {
        /// The id of the combatant it is on.
        who: String,
        /// The effect; its id is given when it applies.
        effect: EffectSpec,
    },
    /// An effect ends before its time (the GM's say).
    EndEffect {
        /// The id of the combatant it is on.
        who: String,
        /// The effect's id ([`Effect::id`]).
        #[serde(
            deserialize_with = "crate::limits::fitting::<crate::limits::FightEffectNumber, _, _>"
        )]
        effect: u32,
    },
    /// A power's attack against a target's defense, with its damage on a hit; an encounter,
    /// daily or refresh power is marked used. `apply` takes the damage off the target.
    Attack {
        /// The attacker's id.
        who: String,
        /// The power's name, in any case.
        power: String,
        /// The target's id.
        target: String,
        /// The target's defense when the fight does not know it (a character's).
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "crate::limits::whole_number_opt"
        )]
        defense: Option<i64>,
        /// Whether a hit's damage is taken off the target; otherwise only the rolls are logged.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        apply: bool,
    },
    /// A power used without a roll: an encounter, daily or refresh power is marked used.
    Use {
        /// The user's id.
        who: String,
        /// The power's name, in any case.
        power: String,
    },
    /// An action point spent (P9).
    ActionPoint {
        /// The id of the combatant who spends it.
        who: String,
    },
    /// Hit points for a combatant whose file gave none (a character's, a 3rd-edition foe's).
    MaxHp {
        /// The combatant's id.
        who: String,
        /// Its maximum hit points, 1 or more; damage already taken stays taken.
        #[serde(deserialize_with = "crate::limits::whole_number")]
        hp: i64,
    },
    /// A creature joins the fight (reinforcements), with the initiative it rolled or shares.
    Add {
        /// The creature, whole, as it joins.
        combatant: Box<Combatant>,
    },
    /// A creature leaves the fight.
    Remove {
        /// The combatant's id.
        who: String,
    },
    /// Hidden from the players' view, or shown again.
    Hide {
        /// The combatant's id.
        who: String,
        /// `true` hides it, `false` shows it again.
        hidden: bool,
    },
    /// A check of an extended challenge (A3): with a skill (its DC, or Hard if used before) or
    /// a group check (Easy).
    Check {
        /// The challenge's name.
        challenge: String,
        /// The skill used; `None` for a group check.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        skill: Option<String>,
        /// Whether the check succeeded.
        success: bool,
    },
    /// The end (P10): which foes were overcome and how.
    End {
        /// Each overcome foe's id and how; a foe not listed earns no XP.
        overcome: Vec<(String, Overcome)>,
    },
}

pub use crate::fight::error::StepError;

/// A combatant by id, or why not, naming the closest ids.
pub fn find(s: &FightState, id: &str) -> Result<usize, StepError> {
    if let Some(i) = s.combatants.iter().position(|c| c.id == id) {
        return Ok(i);
    }
    let ids = s.combatants.iter().map(|c| c.id.as_str());
    Err(StepError::Unknown(crate::vocab::UnknownValue::new(
        "combatant",
        id,
        ids,
    )))
}

fn power_index(c: &Combatant, name: &str) -> Result<usize, StepError> {
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

fn effect_of(s: &mut FightState, spec: &EffectSpec) -> Effect {
    let id = s.next_effect;
    s.next_effect += 1;
    let aftereffect = spec.aftereffect.as_ref().map(|a| Box::new(effect_of(s, a)));
    let failed_save = spec.failed_save.as_ref().map(|a| Box::new(effect_of(s, a)));
    Effect {
        id,
        what: spec.what.clone(),
        until: spec.until.clone(),
        aftereffect,
        failed_save,
    }
}

/// Applies one step to `s` with its dice, logging what happened. A step that cannot apply
/// changes nothing and says why.
pub fn apply(s: &mut FightState, step: &Step, dice: &mut Dice) -> Result<(), StepError> {
    // A step that fails changes nothing, so it works on a copy; the log, which grows with the
    // fight, is lent to the copy rather than cloned.
    let logged = s.log.len();
    let mut next = s.clone_without_log();
    next.log = std::mem::take(&mut s.log);
    if let Err(e) = apply_in_place(&mut next, step, dice) {
        s.log = std::mem::take(&mut next.log);
        s.log.truncate(logged);
        return Err(e);
    }
    *s = next;
    Ok(())
}

/// [`apply`] without the copy: a step that fails may leave `s` half changed, so only a caller
/// that throws `s` away on an error (a replay) uses it.
pub fn apply_in_place(s: &mut FightState, step: &Step, dice: &mut Dice) -> Result<(), StepError> {
    if s.ended.is_some() && !matches!(step, Step::End { .. }) {
        return Err(StepError::Ended);
    }
    apply_to(s, step, dice)?;
    // The dead take no turns: a creature that dies (or leaves) on its own turn ends it there.
    if let Some(id) = s.turn.clone()
        && let Ok(i) = find(s, &id)
        && !s.combatants[i].takes_turns()
    {
        let name = s.combatants[i].name.clone();
        log(s, format!("{name}'s turn ends"));
        s.acted.push(id);
        s.turn = None;
        if s.ended.is_none() {
            advance(s, dice);
        }
    }
    Ok(())
}

fn apply_to(s: &mut FightState, step: &Step, dice: &mut Dice) -> Result<(), StepError> {
    match step {
        Step::Initiative { who, count } | Step::Delay { who, count } => {
            let i = find(s, who)?;
            let c = &mut s.combatants[i];
            let before = c.initiative;
            c.initiative = Some(*count);
            let words = match (step, before) {
                (Step::Initiative { .. }, _) => format!("{} rolls {count} for initiative", c.name),
                (_, Some(b)) => format!(
                    "{} delays or readies: its initiative moves from {b} to {count} for the rest of the fight (P2)",
                    c.name
                ),
                (_, None) => format!("{} acts on {count} (P2)", c.name),
            };
            log(s, words);
            if matches!(step, Step::Delay { .. }) && s.turn.as_deref() == Some(who.as_str()) {
                // Its turn waits for its new count: the next creature's turn begins, without
                // this one's end-of-turn steps.
                s.turn = None;
                advance(s, dice);
            }
        }
        Step::Next => {
            let missing: Vec<&str> = s
                .combatants
                .iter()
                .filter(|c| c.takes_turns() && c.initiative.is_none())
                .map(|c| c.name.as_str())
                .collect();
            if !missing.is_empty() {
                return Err(StepError::Refused(format!(
                    "enter the initiative of {} first (`fight init FIGHT ID COUNT`)",
                    missing.join(", ")
                )));
            }
            if !s.combatants.iter().any(Combatant::takes_turns) {
                return Err(StepError::Refused(
                    "nobody in the fight takes turns".to_owned(),
                ));
            }
            if let Some(id) = s.turn.clone()
                && let Ok(i) = find(s, &id)
            {
                let lines = rules::p7_end_of_turn(s, i, dice);
                let name = s.combatants[i].name.clone();
                log(s, format!("end of {name}'s turn"));
                for l in lines {
                    log(s, l);
                }
                if !s.acted.contains(&id) {
                    s.acted.push(id);
                }
            }
            advance(s, dice);
        }
        Step::Damage {
            who,
            amount,
            damage_type,
        } => {
            if *amount < 0 {
                return Err(StepError::Refused(
                    "damage is 0 or more; heal to give hit points back".to_owned(),
                ));
            }
            let i = find(s, who)?;
            let words = rules::p3_damage(&mut s.combatants[i], *amount, *damage_type);
            log(s, words);
        }
        Step::Heal { who, amount } => {
            if *amount < 0 {
                return Err(StepError::Refused(
                    "healing is 0 or more; damage takes hit points".to_owned(),
                ));
            }
            let i = find(s, who)?;
            let words = rules::p3_heal(&mut s.combatants[i], *amount);
            log(s, words);
        }
        Step::Temp { who, amount } => {
            if *amount < 0 {
                return Err(StepError::Refused(
                    "temporary hit points are 0 or more".to_owned(),
                ));
            }
            let i = find(s, who)?;
            let words = rules::p4_temp(&mut s.combatants[i], *amount);
            log(s, words);
        }
        Step::KnockOut { who } => {
            let i = find(s, who)?;
            let c = &mut s.combatants[i];
            if c.hp > 0 || !matches!(c.life, Life::Dead | Life::Unconscious) {
                return Err(StepError::Refused(format!(
                    "{} is at {} HP: only a creature at 0 HP or below can be knocked out",
                    c.name, c.hp
                )));
            }
            c.life = Life::Unconscious;
            let words = format!("{} falls unconscious instead of dying (P3)", c.name);
            log(s, words);
        }
        Step::Effect { who, effect } => {
            let i = find(s, who)?;
            let most = crate::limits::FIGHT_EFFECTS.max;
            if s.combatants[i].effects.len() >= most {
                return Err(StepError::Refused(format!(
                    "{} has {most} effects already, the most a creature carries in a fight; end one first",
                    s.combatants[i].name
                )));
            }
            for id in until_ids(&effect.until) {
                find(s, id)?;
            }
            if let Affliction::Condition { by: Some(b), .. } = &effect.what {
                find(s, b)?;
            }
            let e = effect_of(s, effect);
            let words = rules::effect_words(&e, s);
            let explain = match &e.what {
                Affliction::Condition { condition, .. } => {
                    format!(": {}", rules::p8_condition_text(*condition))
                }
                _ => String::new(),
            };
            // A new mark supersedes the old (L1519).
            if let Affliction::Condition {
                condition: crate::rules::creature::Condition::Marked,
                ..
            } = &e.what
            {
                s.combatants[i].effects.retain(|x| {
                    !matches!(
                        x.what,
                        Affliction::Condition {
                            condition: crate::rules::creature::Condition::Marked,
                            ..
                        }
                    )
                });
            }
            let name = s.combatants[i].name.clone();
            let verb = match &e.what {
                Affliction::Condition { .. } => "is",
                Affliction::Persistent { .. } => "takes",
                Affliction::Other { .. } => "has",
            };
            s.combatants[i].effects.push(e);
            log(s, format!("{name} {verb} {words}{explain}"));
        }
        Step::EndEffect { who, effect } => {
            let i = find(s, who)?;
            let Some(at) = s.combatants[i].effects.iter().position(|e| e.id == *effect) else {
                let ids: Vec<String> = s.combatants[i]
                    .effects
                    .iter()
                    .map(|e| format!("{} ({})", e.id, rules::effect_words(e, s)))
                    .collect();
                return Err(StepError::Refused(format!(
                    "{} has no effect {effect}; its effects: {}",
                    s.combatants[i].name,
                    if ids.is_empty() {
                        "none".to_owned()
                    } else {
                        ids.join(", ")
                    }
                )));
            };
            let e = s.combatants[i].effects.remove(at);
            let words = format!(
                "{}: {} ends",
                s.combatants[i].name,
                rules::effect_words(&e, s)
            );
            log(s, words);
        }
        Step::Attack {
            who,
            power,
            target,
            defense,
            apply,
        } => attack(s, who, power, target, *defense, *apply, dice)?,
        Step::Use { who, power } => {
            let i = find(s, who)?;
            let p = power_index(&s.combatants[i], power)?;
            let words = use_power(&mut s.combatants[i], p)?;
            log(s, words);
        }
        Step::ActionPoint { who } => {
            let i = find(s, who)?;
            let words = rules::p9_spend(&mut s.combatants[i])?;
            log(s, words);
        }
        Step::MaxHp { who, hp } => {
            if *hp < 1 {
                return Err(StepError::Refused("a maximum is 1 HP or more".to_owned()));
            }
            let i = find(s, who)?;
            let c = &mut s.combatants[i];
            // The damage already taken stays taken.
            let taken = match c.max_hp {
                Some(m) => m - c.hp,
                None => -c.hp,
            };
            c.max_hp = Some(*hp);
            c.hp = hp - taken;
            let words = format!("{} has {}/{hp} HP", c.name, c.hp);
            log(s, words);
        }
        Step::Add { combatant } => {
            if s.combatants.iter().any(|c| c.id == combatant.id) {
                return Err(StepError::Refused(format!(
                    "the fight already has `{}`",
                    combatant.id
                )));
            }
            let c = (**combatant).clone();
            let words = format!(
                "{} joins the fight{}",
                c.name,
                c.initiative
                    .map_or(String::new(), |i| format!(" on initiative {i}"))
            );
            s.combatants.push(c);
            log(s, words);
        }
        Step::Remove { who } => {
            let i = find(s, who)?;
            s.combatants[i].life = Life::Gone;
            let words = format!("{} leaves the fight", s.combatants[i].name);
            log(s, words);
        }
        Step::Hide { who, hidden } => {
            let i = find(s, who)?;
            s.combatants[i].hidden = *hidden;
            let words = format!(
                "{} is {} the players",
                s.combatants[i].name,
                if *hidden { "hidden from" } else { "shown to" }
            );
            log(s, words);
        }
        Step::Check {
            challenge,
            skill,
            success,
        } => check(s, challenge, skill.as_deref(), *success)?,
        Step::End { overcome } => {
            if s.ended.is_some() {
                return Err(StepError::Refused("the fight has already ended".to_owned()));
            }
            for (id, how) in overcome {
                let i = find(s, id)?;
                if s.combatants[i].side != Side::Foe {
                    return Err(StepError::Refused(format!(
                        "{} is on the party's side; only foes are overcome",
                        s.combatants[i].name
                    )));
                }
                s.combatants[i].overcome = Some(*how);
            }
            let characters = s
                .combatants
                .iter()
                .filter(|c| c.side == Side::Party)
                .count();
            let (xp, each) = rules::p10_award(s, characters);
            s.ended = Some(Ending {
                xp,
                xp_each: each,
                characters,
            });
            log(
                s,
                format!(
                    "the fight ends: {} XP, {} for each of {characters} characters (P10, E4)",
                    crate::text::group_thousands(xp),
                    crate::text::group_thousands(each)
                ),
            );
        }
    }
    Ok(())
}

fn until_ids(u: &Until) -> Vec<&str> {
    match u {
        Until::StartOf(id) | Until::EndOf(id) => vec![id.as_str()],
        _ => Vec::new(),
    }
}

fn use_power(c: &mut Combatant, p: usize) -> Result<String, StepError> {
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

#[allow(clippy::too_many_arguments)]
fn attack(
    s: &mut FightState,
    who: &str,
    power: &str,
    target: &str,
    defense: Option<i64>,
    apply: bool,
    dice: &mut Dice,
) -> Result<(), StepError> {
    let a = find(s, who)?;
    let t = find(s, target)?;
    let p = power_index(&s.combatants[a], power)?;
    let pw = s.combatants[a].powers[p].clone();
    let Some((bonus, def)) = pw.attack else {
        return Err(StepError::Refused(format!(
            "{} makes no attack roll; `fight use` marks it used",
            pw.name
        )));
    };
    let target_def = match (defense, s.combatants[t].defenses) {
        (Some(v), _) => v,
        (None, Some(d)) => d.get(def),
        (None, None) => {
            return Err(StepError::Refused(format!(
                "the fight does not know {}'s {}; give it with --defense N",
                s.combatants[t].name,
                def.label()
            )));
        }
    };
    if pw.usage != crate::rules::power_vocab::Usage::AtWill {
        let words = use_power(&mut s.combatants[a], p)?;
        log(s, words);
    }
    let attacker = s.combatants[a].name.clone();
    let target_name = s.combatants[t].name.clone();
    for n in 0..pw.attacks.max(1) {
        let d = dice.d(20);
        let total = d + bonus;
        let hit = d == 20 || (d != 1 && total >= target_def);
        let which = if pw.attacks > 1 {
            format!(" (attack {} of {})", n + 1, pw.attacks)
        } else {
            String::new()
        };
        let mut line = format!(
            "{attacker}'s {}{which} against {target_name}: d20 {d} + {bonus} = {total} vs {} {target_def}, {}",
            pw.name,
            def.label(),
            if hit { "hit" } else { "miss" }
        );
        let mut damage = None;
        if hit && let Some(dmg) = &pw.damage {
            match crate::dice::DiceExpr::parse(dmg) {
                Ok(expr) => {
                    let (total, words) = dice.roll(&expr);
                    line.push_str(&format!("; damage {words}"));
                    damage = Some(total);
                }
                Err(_) => {
                    let n: i64 = dmg.trim().parse().unwrap_or(0);
                    line.push_str(&format!("; damage {n}"));
                    damage = Some(n);
                }
            }
        }
        log(s, line);
        if let (true, Some(amount)) = (apply, damage) {
            let words = rules::p3_damage(&mut s.combatants[t], amount, pw.damage_type);
            log(s, words);
        }
    }
    Ok(())
}

fn check(
    s: &mut FightState,
    name: &str,
    skill: Option<&str>,
    success: bool,
) -> Result<(), StepError> {
    let Some(i) = s
        .challenges
        .iter()
        .position(|c| c.name.eq_ignore_ascii_case(name.trim()))
    else {
        let names = s.challenges.iter().map(|c| c.name.as_str());
        return Err(StepError::Unknown(crate::vocab::UnknownValue::new(
            "challenge",
            name,
            names,
        )));
    };
    let c: &mut ChallengeRun = &mut s.challenges[i];
    if c.is_over() {
        return Err(StepError::Refused(format!(
            "the challenge {} is over",
            c.name
        )));
    }
    // A3: a group check at Easy; a skill's first check at its DC, later ones at Hard.
    let (what, dc) = match skill {
        None => ("a group check".to_owned(), c.easy_dc),
        Some(k) => {
            let key = k.trim().to_lowercase();
            let first = c
                .skills
                .iter()
                .find(|(s, _)| s.eq_ignore_ascii_case(&key))
                .map(|(_, dc)| *dc);
            let dc = if c.used.contains(&key) {
                c.hard_dc
            } else {
                first.unwrap_or(c.hard_dc)
            };
            if !c.used.contains(&key) {
                c.used.push(key.clone());
            }
            (key, dc)
        }
    };
    if success {
        c.successes += 1;
    } else {
        c.failures += 1;
    }
    let state = if c.successes >= c.successes_needed {
        "; the challenge succeeds"
    } else if c.failures >= c.failures_allowed {
        "; the challenge fails"
    } else {
        ""
    };
    let words = format!(
        "{}: {what} at DC {dc} {} ({} of {} successes, {} of {} failures{state}; A3)",
        c.name,
        if success { "succeeds" } else { "fails" },
        c.successes,
        c.successes_needed,
        c.failures,
        c.failures_allowed
    );
    log(s, words);
    Ok(())
}

/// The next turn: the first combatant in order who takes turns and has not acted this round;
/// when none is left, a new round. Runs the start-of-turn steps (P6) unless this creature took
/// them already this round (a delayed turn).
fn advance(s: &mut FightState, dice: &mut Dice) {
    if s.round == 0 {
        s.round = 1;
        log(s, "round 1 begins");
    }
    let pick = |s: &FightState| {
        rules::p1_order(s).into_iter().find(|&i| {
            let c = &s.combatants[i];
            c.takes_turns() && !s.acted.contains(&c.id) && s.turn.as_deref() != Some(&c.id)
        })
    };
    // Each creature at most once a round; a creature the start of its turn kills (persistent
    // damage) ends its turn there and the next one begins.
    for _ in 0..=s.combatants.len() {
        let i = match pick(s) {
            Some(i) => i,
            None => {
                s.round += 1;
                s.acted.clear();
                let r = s.round;
                log(s, format!("round {r} begins"));
                match pick(s) {
                    Some(i) => i,
                    None => {
                        s.turn = None;
                        return;
                    }
                }
            }
        };
        let id = s.combatants[i].id.clone();
        s.turn = Some(id.clone());
        let name = s.combatants[i].name.clone();
        log(s, format!("{name}'s turn"));
        if s.combatants[i].started_round != s.round {
            s.combatants[i].started_round = s.round;
            for l in rules::p6_start_of_turn(s, i, dice) {
                log(s, l);
            }
        }
        if s.combatants[i].takes_turns() {
            return;
        }
        log(s, format!("{name}'s turn ends"));
        s.acted.push(id);
        s.turn = None;
    }
}

#[cfg(test)]
mod error_tests {
    use super::*;

    #[test]
    fn callers_can_tell_the_kinds_of_step_error_apart() {
        let mut s = FightState {
            round: 0,
            turn: None,
            acted: Vec::new(),
            combatants: Vec::new(),
            challenges: Vec::new(),
            next_effect: 1,
            log: Vec::new(),
            ended: None,
        };
        let init = Step::Initiative {
            who: "ana".to_owned(),
            count: 12,
        };
        let mut dice = Dice::for_step(1, 1);
        assert!(matches!(
            apply(&mut s, &init, &mut dice),
            Err(StepError::Unknown(_))
        ));
        s.ended = Some(crate::fight::model::Ending {
            xp: 0,
            xp_each: 0,
            characters: 4,
        });
        assert_eq!(apply(&mut s, &init, &mut dice), Err(StepError::Ended));
        assert_eq!(
            StepError::Ended.to_string(),
            "the fight has ended; undo the end to change it"
        );
    }
}
