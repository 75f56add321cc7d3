//! The GM's changes to a fight, one step each: what the file keeps, what replaying applies, and
//! what undo takes back. A step names combatants by id; its dice come from the fight's seed and
//! its number ([`crate::fight::rules::Dice::for_step`]), and the players' own d20s from the
//! step (`rolls`, `d20`).

pub use crate::fight::model::EffectSpec;
use crate::fight::model::{
    Affliction, ChallengeRun, Combatant, Effect, Ending, FightState, Life, Offer, Overcome, Side,
    Until,
};
use crate::fight::rules::{self, Dice, Fell, Hit, TableMod, log};
use crate::rules::creature::{Condition, DamageType};
use crate::vocab::Vocabulary;
use serde::{Deserialize, Serialize};

/// One more target of an attack (P15).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct AttackTarget {
    /// The target's id.
    pub who: String,
    /// Its defense when the fight does not know it.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::whole_number_opt"
    )]
    pub defense: Option<i64>,
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
    /// Delay: a new count, kept for the rest of the fight (P2).
    Delay {
        /// The combatant's id.
        who: String,
        /// The initiative count it acts on from now on, chosen by the GM.
        #[serde(deserialize_with = "crate::limits::whole_number")]
        count: i64,
    },
    /// A readied action taken just before the creature that triggered it (P2): the readying
    /// creature acts just ahead of it from now on.
    Ready {
        /// The creature that readied the action.
        who: String,
        /// The creature whose action triggered it.
        before: String,
    },
    /// The current turn ends (P7) and the next begins (P6); the first starts round 1.
    Next {
        /// The players' d20s the step needs, in order: the saving throws of a character whose
        /// turn ends, then the death saving throw of a character whose turn begins. Missing
        /// ones lairsmith rolls, and the log says so.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rolls: Vec<i64>,
    },
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
        /// Its other types, for damage of several (P5).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        also_types: Vec<DamageType>,
    },
    /// Healing (P3), or a heal that spends a recovery: the recovery value plus `amount` (P17).
    Heal {
        /// The combatant's id.
        who: String,
        /// The hit points regained (never above the maximum); with `recovery`, the heal's
        /// bonus to the recovery value.
        #[serde(deserialize_with = "crate::limits::whole_number")]
        amount: i64,
        /// The heal spends a recovery (P17, P12).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        recovery: bool,
    },
    /// Temporary hit points (P4).
    Temp {
        /// The combatant's id.
        who: String,
        /// The temporary hit points granted; they replace the current ones only if higher.
        #[serde(deserialize_with = "crate::limits::whole_number")]
        amount: i64,
        /// Take the new ones even if lower (the creature's choice, P4).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        replace: bool,
    },
    /// A monster at 0 HP or below falls unconscious instead of dying (P3: the GM's choice).
    KnockOut {
        /// The monster's id.
        who: String,
    },
    /// A monster that follows the characters' rules at 0 HP: it falls unconscious and makes
    /// death saving throws (P3: a mighty villain).
    Villain {
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
    /// A creature maintains an effect it sustains, on its turn (P19).
    Maintain {
        /// The creature who maintains it.
        who: String,
        /// The effect's id.
        #[serde(
            deserialize_with = "crate::limits::fitting::<crate::limits::FightEffectNumber, _, _>"
        )]
        effect: u32,
    },
    /// A power's attack against one target or several (P15), with its damage on a hit (P13)
    /// and its miss line (P16); an encounter, daily or refresh power is marked used.
    Attack {
        /// The attacker's id.
        who: String,
        /// The power's name, in any case.
        power: String,
        /// The (first) target's id.
        target: String,
        /// The target's defense when the fight does not know it (a character's).
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "crate::limits::whole_number_opt"
        )]
        defense: Option<i64>,
        /// Whether a hit's damage is taken off the targets; otherwise only the rolls are logged.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        apply: bool,
        /// The other targets, for a power against several (P15).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        also: Vec<AttackTarget>,
        /// What only the table knows, in words (P13): `cover`, `ca`, `charge`, `-3`, ….
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        mods: Vec<String>,
        /// The d20s rolled at the table, one a target in order; missing ones lairsmith rolls.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        d20: Vec<i64>,
        /// Apply on a hit (and a miss) every effect the power's lines offer (P16).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        riders: bool,
        /// An immediate action or an opportunity attack (P18).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        immediate: bool,
    },
    /// What the last attack offered (P16), applied: the offer's number, from 1.
    Apply {
        /// Which offer, from 1.
        #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
        offer: u32,
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
    /// A prone creature stands up (P8).
    Stand {
        /// The creature's id.
        who: String,
    },
    /// First Aid made a dying creature stable (P12).
    Stabilize {
        /// The creature's id.
        who: String,
    },
    /// A rally: a recovery spent and +2 to all defenses until the start of its next turn (P17).
    Rally {
        /// The creature's id.
        who: String,
    },
    /// Total Defense: +2 to all defenses until the start of its next turn (P13).
    TotalDefense {
        /// The creature's id.
        who: String,
    },
    /// Help Attack or Help Defense: +2 to an ally's next attack roll against a creature, or to
    /// its defenses against that creature's next attack, until the end of the helper's next
    /// turn if unused (P13).
    Help {
        /// The helper's id.
        who: String,
        /// The ally helped.
        ally: String,
        /// The creature the help is against.
        against: String,
        /// Help Attack (`true`) or Help Defense (`false`).
        attack: bool,
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

impl Step {
    /// The next turn, with no player's roll given (lairsmith rolls any it needs).
    pub fn next() -> Step {
        Step::Next { rolls: Vec::new() }
    }

    /// The players' d20s the step carries.
    fn rolls(&self) -> &[i64] {
        match self {
            Step::Next { rolls } => rolls,
            Step::Attack { d20, .. } => d20,
            _ => &[],
        }
    }
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

/// The effect `spec` on combatant `on` becomes, numbered, its turn-tied duration anchored to
/// the named creature's turns now (P7).
pub(crate) fn effect_of(s: &mut FightState, spec: &EffectSpec) -> Effect {
    let id = s.next_effect;
    s.next_effect += 1;
    let turns_of = |s: &FightState, x: &str| {
        s.combatants
            .iter()
            .find(|c| c.id == x)
            .map_or(0, |c| c.turns)
    };
    let after = match (&spec.until, &spec.maintained_by) {
        (_, Some(m)) => turns_of(s, m),
        (Until::StartOf(x) | Until::EndOf(x), None) => turns_of(s, x),
        _ => 0,
    };
    let aftereffect = spec.aftereffect.as_ref().map(|a| Box::new(effect_of(s, a)));
    let failed_save = spec.failed_save.as_ref().map(|a| Box::new(effect_of(s, a)));
    Effect {
        id,
        what: spec.what.clone(),
        until: spec.until.clone(),
        aftereffect,
        failed_save,
        after,
        boon: spec.boon,
        maintained_by: spec.maintained_by.clone(),
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
    let given = step.rolls().len();
    dice.give(step.rolls());
    let r = apply_to(s, step, dice);
    let unused = dice.unused();
    if r.is_ok() && unused > 0 {
        return Err(StepError::Refused(format!(
            "{given} rolls given, {} used: the step needs no more (a roll for a turn still to come?)",
            given - unused
        )));
    }
    r?;
    // What an attack offered lasts until the next step, an applied offer excepted.
    if !matches!(step, Step::Attack { .. } | Step::Apply { .. }) {
        s.offers.clear();
    }
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
            rules::next_turn(s, dice);
        }
    }
    Ok(())
}

fn apply_to(s: &mut FightState, step: &Step, dice: &mut Dice) -> Result<(), StepError> {
    match step {
        Step::Initiative { who, count } => {
            let i = find(s, who)?;
            let c = &mut s.combatants[i];
            c.initiative = Some(*count);
            let words = format!("{} rolls {count} for initiative", c.name);
            log(s, words);
        }
        Step::Delay { who, count } => delay(s, who, *count, dice)?,
        Step::Ready { who, before } => ready(s, who, before)?,
        Step::Next { .. } => next(s, dice)?,
        Step::Damage {
            who,
            amount,
            damage_type,
            also_types,
        } => {
            if *amount < 0 {
                return Err(StepError::Refused(
                    "damage is 0 or more; heal to give hit points back".to_owned(),
                ));
            }
            let i = find(s, who)?;
            let hit = Hit {
                amount: *amount,
                types: damage_type.iter().chain(also_types).copied().collect(),
                ..Hit::default()
            };
            let (words, fell) = rules::p3_damage(&mut s.combatants[i], &hit);
            log(s, words);
            for l in rules::after_a_fall(s, i, fell) {
                log(s, l);
            }
        }
        Step::Heal {
            who,
            amount,
            recovery,
        } => {
            if *amount < 0 {
                return Err(StepError::Refused(
                    "healing is 0 or more; damage takes hit points".to_owned(),
                ));
            }
            let i = find(s, who)?;
            let words = if *recovery {
                rules::p17_recovery_heal(&mut s.combatants[i], *amount)?
            } else {
                rules::p3_heal(&mut s.combatants[i], *amount)
            };
            log(s, words);
        }
        Step::Temp {
            who,
            amount,
            replace,
        } => {
            if *amount < 0 {
                return Err(StepError::Refused(
                    "temporary hit points are 0 or more".to_owned(),
                ));
            }
            let i = find(s, who)?;
            let words = rules::p4_temp(&mut s.combatants[i], *amount, *replace);
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
            for l in rules::after_a_fall(s, i, Fell::Unconscious) {
                log(s, l);
            }
        }
        Step::Villain { who } => {
            let i = find(s, who)?;
            let c = &mut s.combatants[i];
            if c.side == Side::Party {
                return Err(StepError::Refused(format!(
                    "{} is a character: characters follow these rules already (P3)",
                    c.name
                )));
            }
            c.villain = true;
            let words = format!(
                "{} is a mighty villain: at 0 HP it falls unconscious and makes death saving throws, as a character does (P3)",
                c.name
            );
            log(s, words);
        }
        Step::Effect { who, effect } => add_effect(s, who, effect)?,
        Step::EndEffect { who, effect } => {
            let i = find(s, who)?;
            let at = effect_at(s, i, *effect)?;
            let e = s.combatants[i].effects.remove(at);
            let words = format!(
                "{}: {} ends",
                s.combatants[i].name,
                rules::effect_words(&e, s)
            );
            log(s, words);
        }
        Step::Maintain { who, effect } => {
            let w = find(s, who)?;
            let turns = s.combatants[w].turns;
            let on = s
                .combatants
                .iter()
                .position(|c| {
                    c.effects.iter().any(|e| {
                        e.id == *effect && e.maintained_by.as_deref() == Some(who.as_str())
                    })
                })
                .ok_or_else(|| {
                    StepError::Refused(format!(
                        "{} maintains no effect {effect} (P19)",
                        s.combatants[w].name
                    ))
                })?;
            if s.turn.as_deref() != Some(who.as_str()) {
                return Err(StepError::Refused(format!(
                    "{} maintains an effect on its own turn (P19)",
                    s.combatants[w].name
                )));
            }
            let name = s.combatants[w].name.clone();
            let words = {
                let e = s.combatants[on]
                    .effects
                    .iter_mut()
                    .find(|e| e.id == *effect)
                    .expect("found above");
                e.after = turns;
                let e = e.clone();
                format!("{name} maintains {} (P19)", rules::effect_words(&e, s))
            };
            log(s, words);
        }
        Step::Attack {
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
        } => {
            let mut targets = vec![AttackTarget {
                who: target.clone(),
                defense: *defense,
            }];
            targets.extend(also.iter().cloned());
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
        }
        Step::Apply { offer } => {
            let n = *offer as usize;
            let Some(o) = n.checked_sub(1).and_then(|k| s.offers.get(k)).cloned() else {
                return Err(StepError::Refused(if s.offers.is_empty() {
                    "nothing is offered: the last step was no attack whose lines offer an effect (P16)"
                        .to_owned()
                } else {
                    format!("no offer {n}; the offers are 1 to {} (P16)", s.offers.len())
                }));
            };
            s.offers.remove(n - 1);
            apply_offer(s, &o)?;
        }
        Step::Use { who, power } => {
            let i = find(s, who)?;
            let p = power_index(&s.combatants[i], power)?;
            let words = use_power(&mut s.combatants[i], p)?;
            log(s, words);
        }
        Step::ActionPoint { who } => {
            let i = find(s, who)?;
            let words = rules::p9_spend(s, i)?;
            log(s, words);
        }
        Step::Stand { who } => {
            let i = find(s, who)?;
            let c = &s.combatants[i];
            if c.life != Life::Up {
                return Err(StepError::Refused(format!(
                    "{} cannot stand up: it is {}",
                    c.name,
                    rules::life_word(c.life)
                )));
            }
            if !rules::has(c, Condition::Prone) {
                return Err(StepError::Refused(format!("{} is not prone", c.name)));
            }
            let name = c.name.clone();
            s.combatants[i].effects.retain(|e| {
                !matches!(
                    e.what,
                    Affliction::Condition {
                        condition: Condition::Prone,
                        ..
                    }
                )
            });
            log(
                s,
                format!("{name} stands up: prone ends (a move action, P8)"),
            );
        }
        Step::Stabilize { who } => {
            let i = find(s, who)?;
            let words = rules::p12_stabilize(&mut s.combatants[i])?;
            log(s, words);
        }
        Step::Rally { who } => {
            let i = find(s, who)?;
            let id = s.next_effect;
            let (effect, words) = rules::p17_rally(&mut s.combatants[i], id)?;
            s.next_effect += 1;
            s.combatants[i].effects.push(effect);
            log(s, words);
        }
        Step::TotalDefense { who } => {
            let i = find(s, who)?;
            let spec = EffectSpec {
                boon: true,
                ..EffectSpec::new(
                    Affliction::Defenses {
                        bonus: 2,
                        why: "total defense".to_owned(),
                    },
                    Until::StartOf(who.clone()),
                )
            };
            let e = effect_of(s, &spec);
            let name = s.combatants[i].name.clone();
            s.combatants[i].effects.push(e);
            log(
                s,
                format!(
                    "{name} takes Total Defense: +2 to all defenses until the start of its next turn (P13)"
                ),
            );
        }
        Step::Help {
            who,
            ally,
            against,
            attack,
        } => {
            let h = find(s, who)?;
            let a = find(s, ally)?;
            let t = find(s, against)?;
            let spec = EffectSpec {
                boon: true,
                ..EffectSpec::new(
                    Affliction::Help {
                        attack: *attack,
                        against: against.clone(),
                        by: who.clone(),
                    },
                    Until::EndOf(who.clone()),
                )
            };
            let e = effect_of(s, &spec);
            let words = format!(
                "{} helps {}: +2 to {} {} (until used, or the end of {}'s next turn; P13)",
                s.combatants[h].name,
                s.combatants[a].name,
                if *attack {
                    "its next attack roll against"
                } else {
                    "its defenses against the next attack of"
                },
                s.combatants[t].name,
                s.combatants[h].name
            );
            s.combatants[a].effects.push(e);
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

/// The current turn ends (P7) and the next begins (P6).
fn next(s: &mut FightState, dice: &mut Dice) -> Result<(), StepError> {
    // P1: a character's initiative is the player's roll; one the GM has not entered is taken
    // from the step's rolls, or rolled here, and the log says which.
    let missing: Vec<usize> = (0..s.combatants.len())
        .filter(|&i| s.combatants[i].takes_turns() && s.combatants[i].initiative.is_none())
        .collect();
    for i in missing {
        let (d, whose) = dice.player_d20();
        let c = &mut s.combatants[i];
        let total = d + c.init_mod;
        c.initiative = Some(total.clamp(
            crate::limits::FIGHT_COUNT.min,
            crate::limits::FIGHT_COUNT.max,
        ));
        let line = format!(
            "{}'s initiative: d20 {d} ({whose}) {} = {total} (P1)",
            c.name,
            rules::signed(c.init_mod)
        );
        log(s, line);
    }
    if !s.combatants.iter().any(Combatant::takes_turns) {
        return Err(StepError::Refused(
            "nobody in the fight takes turns".to_owned(),
        ));
    }
    if let Some(id) = s.turn.clone()
        && let Ok(i) = find(s, &id)
    {
        let name = s.combatants[i].name.clone();
        log(s, format!("end of {name}'s turn"));
        for l in rules::p7_end_of_turn(s, i, dice) {
            log(s, l);
        }
        if !s.acted.contains(&id) {
            s.acted.push(id);
        }
        s.turn = None;
    }
    rules::next_turn(s, dice);
    Ok(())
}

/// P2: delay: the creature acts on `count` from now on; delaying on its own turn ends its
/// beneficial effects that last until the end of its turn; a creature that has acted this
/// turn cannot delay.
fn delay(s: &mut FightState, who: &str, count: i64, dice: &mut Dice) -> Result<(), StepError> {
    let i = find(s, who)?;
    let own = s.turn.as_deref() == Some(who);
    let c = &s.combatants[i];
    if own && c.busy {
        return Err(StepError::Refused(format!(
            "{} has acted this turn and cannot delay (P2)",
            c.name
        )));
    }
    let before = c.initiative;
    s.combatants[i].initiative = Some(count);
    s.combatants[i].ahead_of = None;
    let name = s.combatants[i].name.clone();
    log(
        s,
        match before {
            Some(b) => format!(
                "{name} delays: its initiative moves from {b} to {count} for the rest of the fight (P2)"
            ),
            None => format!("{name} acts on {count} (P2)"),
        },
    );
    if own {
        for l in rules::p2_delay_ends_boons(s, i) {
            log(s, l);
        }
        // Its turn waits for its new count: the next creature's turn begins, without this
        // one's end-of-turn steps.
        s.turn = None;
        rules::next_turn(s, dice);
    }
    Ok(())
}

/// P2: a readied action taken just before its trigger: the creature's count becomes the
/// trigger's and it acts just ahead of it from now on; taken before its own turn of a round
/// (the round after it readied), it replaces that turn (L1407).
fn ready(s: &mut FightState, who: &str, before: &str) -> Result<(), StepError> {
    let i = find(s, who)?;
    let t = find(s, before)?;
    if i == t {
        return Err(StepError::Refused(
            "a readied action is triggered by another creature".to_owned(),
        ));
    }
    let count = s.combatants[t].initiative.ok_or_else(|| {
        StepError::Refused(format!("{} has no initiative yet", s.combatants[t].name))
    })?;
    let (name, trigger) = (s.combatants[i].name.clone(), s.combatants[t].name.clone());
    s.combatants[i].initiative = Some(count);
    s.combatants[i].ahead_of = Some(before.to_owned());
    let replaces = !s.acted.iter().any(|a| a == who) && s.turn.as_deref() != Some(who);
    let mut line = format!(
        "{name} takes its readied action just before {trigger}: it acts on {count}, just ahead of {trigger}, for the rest of the fight (P2)"
    );
    if replaces && s.round > 0 {
        s.acted.push(who.to_owned());
        line.push_str("; it replaces its turn this round");
    }
    log(s, line);
    Ok(())
}

fn effect_at(s: &FightState, i: usize, effect: u32) -> Result<usize, StepError> {
    s.combatants[i]
        .effects
        .iter()
        .position(|e| e.id == effect)
        .ok_or_else(|| {
            let ids: Vec<String> = s.combatants[i]
                .effects
                .iter()
                .map(|e| format!("{} ({})", e.id, rules::effect_words(e, s)))
                .collect();
            StepError::Refused(format!(
                "{} has no effect {effect}; its effects: {}",
                s.combatants[i].name,
                if ids.is_empty() {
                    "none".to_owned()
                } else {
                    ids.join(", ")
                }
            ))
        })
}

/// An effect put on `who` (P8): its ids checked, a new mark superseding the old (L1519).
fn add_effect(s: &mut FightState, who: &str, effect: &EffectSpec) -> Result<(), StepError> {
    let i = find(s, who)?;
    let most = crate::limits::FIGHT_EFFECTS.max;
    if s.combatants[i].effects.len() >= most {
        return Err(StepError::Refused(format!(
            "{} has {most} effects already, the most a creature carries in a fight; end one first",
            s.combatants[i].name
        )));
    }
    if let Until::StartOf(id) | Until::EndOf(id) = &effect.until {
        find(s, id)?;
    }
    if let Some(m) = &effect.maintained_by {
        find(s, m)?;
    }
    if let Affliction::Condition {
        condition: Condition::Dying,
        ..
    } = &effect.what
    {
        return Err(StepError::Refused(
            "dying follows hit points: a creature at 0 HP or below that is not stable is dying (P3, P12)"
                .to_owned(),
        ));
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
        condition: Condition::Marked,
        ..
    } = &e.what
    {
        s.combatants[i].effects.retain(|x| {
            !matches!(
                x.what,
                Affliction::Condition {
                    condition: Condition::Marked,
                    ..
                }
            )
        });
    }
    let name = s.combatants[i].name.clone();
    let verb = match &e.what {
        Affliction::Condition { .. } => "is",
        Affliction::Persistent { .. } => "takes",
        _ => "has",
    };
    s.combatants[i].effects.push(e);
    log(s, format!("{name} {verb} {words}{explain}"));
    Ok(())
}

/// P16: an offer applied: its effect put on its creature, or its movement logged.
fn apply_offer(s: &mut FightState, o: &Offer) -> Result<(), StepError> {
    match &o.effect {
        Some(spec) => add_effect(s, &o.who, spec),
        None => {
            let i = find(s, &o.who)?;
            let name = s.combatants[i].name.clone();
            log(
                s,
                format!(
                    "{name}: {} ({}; the GM moves it on the map, P16)",
                    o.words, o.from
                ),
            );
            Ok(())
        }
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

/// An attack as a step gives it.
struct Attack<'a> {
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
fn attack(s: &mut FightState, at: &Attack<'_>, dice: &mut Dice) -> Result<(), StepError> {
    let a = find(s, at.who)?;
    let p = power_index(&s.combatants[a], at.power)?;
    let pw = s.combatants[a].powers[p].clone();
    let Some((bonus, def)) = pw.attack else {
        return Err(StepError::Refused(format!(
            "{} makes no attack roll; `fight use` marks it used",
            pw.name
        )));
    };
    let attacker = s.combatants[a].clone();
    if attacker.life != Life::Up {
        return Err(StepError::Refused(format!(
            "{} is {} and makes no attack",
            attacker.name,
            rules::life_word(attacker.life)
        )));
    }
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
    let most = rules::p15_most_targets(&pw);
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
    // P18: one immediate action between two of its turns; a second is warned, not refused.
    if at.immediate {
        let c = &mut s.combatants[a];
        let line = if c.immediate_turn == Some(c.turns) {
            Some(format!(
                "warning: {} has taken an immediate action since its last turn already; the book allows one (P18)",
                c.name
            ))
        } else {
            None
        };
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
    for n in 0..rolls.max(ids.len()) {
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
        let (mods, coup) = rules::p13_modifiers(s, &attacker, &tc, &pw, &ids, at.table)?;
        let plus: i64 = mods.iter().map(|m| m.value).sum();
        let (d, whose) = if n < at.given {
            (dice.player_d20().0, " (rolled at the table)")
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
        let halves = rules::p16_miss_halves(&pw);
        if let Some(e) = &expr
            && (hit || halves)
        {
            let rolled = match &shared {
                Some((n, _)) => *n,
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
        consume_help(s, a, t);
        log(s, line);
        if let (true, Some(amount)) = (at.apply, damage) {
            let hit_on = Hit {
                amount,
                types: pw.damage_type.into_iter().collect(),
                origin: pw.origin,
                attack: true,
                miss: !hit,
            };
            let (words, fell) = rules::p3_damage(&mut s.combatants[t], &hit_on);
            log(s, words);
            let mut fell = fell;
            if coup
                && hit
                && amount >= tc.max_hp.unwrap_or(i64::MAX) / 2
                && s.combatants[t].life != Life::Dead
            {
                s.combatants[t].life = Life::Dead;
                log(
                    s,
                    format!(
                        "{} dies: a coup de grace that deals at least its staggered value kills (P13)",
                        tc.name
                    ),
                );
                fell = Fell::Dead;
            }
            for l in rules::after_a_fall(s, t, fell) {
                log(s, l);
            }
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
            for r in rules::p16_riders(text, &attacker, &tc) {
                s.offers.push(Offer {
                    who: r.who,
                    effect: r.effect,
                    words: r.words,
                    from: format!("{}'s {kind}", pw.name),
                });
            }
        }
    }
    if !s.offers.is_empty() {
        if at.riders {
            for o in std::mem::take(&mut s.offers) {
                apply_offer(s, &o)?;
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
fn consume_help(s: &mut FightState, a: usize, t: usize) {
    let (aid, tid) = (s.combatants[a].id.clone(), s.combatants[t].id.clone());
    s.combatants[a].effects.retain(
        |e| !matches!(&e.what, Affliction::Help { attack: true, against, .. } if *against == tid),
    );
    s.combatants[t].effects.retain(
        |e| !matches!(&e.what, Affliction::Help { attack: false, against, .. } if *against == aid),
    );
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
            surprise: false,
            offers: Vec::new(),
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
