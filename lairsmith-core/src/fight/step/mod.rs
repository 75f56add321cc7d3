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

mod attack;
pub use attack::{Aim, aims};
mod effects;
mod hit_points;
mod roster;
mod turns;

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
pub(crate) fn find(s: &FightState, id: &str) -> Result<usize, StepError> {
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
pub(crate) fn apply_in_place(
    s: &mut FightState,
    step: &Step,
    dice: &mut Dice,
) -> Result<(), StepError> {
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
        for line in rules::p7_turn_ends(s, i) {
            log(s, line);
        }
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
        Step::Initiative { .. } => turns::initiative(s, step)?,
        Step::Delay { who, count } => turns::delay(s, who, *count, dice)?,
        Step::Ready { who, before } => turns::ready(s, who, before)?,
        Step::Next { .. } => turns::next(s, dice)?,
        Step::Damage { .. } => hit_points::damage(s, step)?,
        Step::Heal { .. } => hit_points::heal(s, step)?,
        Step::Temp { .. } => hit_points::temp(s, step)?,
        Step::KnockOut { .. } => hit_points::knock_out(s, step)?,
        Step::Villain { .. } => hit_points::villain(s, step)?,
        Step::Effect { who, effect } => effects::add_effect(s, who, effect)?,
        Step::EndEffect { .. } => effects::end_effect(s, step)?,
        Step::Maintain { .. } => effects::maintain(s, step)?,
        Step::Attack { .. } => attack::attack_step(s, step, dice)?,
        Step::Apply { .. } => effects::apply_offered(s, step)?,
        Step::Use { .. } => attack::use_power_step(s, step)?,
        Step::ActionPoint { .. } => attack::action_point(s, step)?,
        Step::Stand { .. } => effects::stand(s, step)?,
        Step::Stabilize { .. } => hit_points::stabilize(s, step)?,
        Step::Rally { .. } => hit_points::rally(s, step)?,
        Step::TotalDefense { .. } => effects::total_defense(s, step)?,
        Step::Help { .. } => effects::help(s, step)?,
        Step::MaxHp { .. } => hit_points::max_hp(s, step)?,
        Step::Add { .. } => roster::add(s, step)?,
        Step::Remove { .. } => roster::remove(s, step)?,
        Step::Hide { .. } => roster::hide(s, step)?,
        Step::Check {
            challenge,
            skill,
            success,
        } => roster::check(s, challenge, skill.as_deref(), *success)?,
        Step::End { .. } => roster::end(s, step)?,
    }
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
