//! The `fight` commands that are one step each and need nothing of the fight to make it: each
//! becomes the fight's word and its [`Step`]. Their words are read here, before the fight's
//! file is locked, so that a mistyped command fails without touching it.

use super::args::{ConditionArgs, FightCmd, RollArgs};
use crate::cli::Failure;
use lairsmith_core::fight::step::{AttackTarget, Step};
use lairsmith_core::fight::words;

/// The fight `cmd` names and the step it makes. `fight::run` answers the other commands.
pub(super) fn step_of(cmd: FightCmd) -> Result<(String, Step), Failure> {
    Ok(match cmd {
        FightCmd::Init { fight, who, count } => (fight, Step::Initiative { who, count }),
        FightCmd::Next { fight, rolls } => (fight, Step::Next { rolls }),
        FightCmd::Damage {
            fight,
            who,
            amount,
            damage_types,
        } => {
            let mut types = damage_types.into_iter();
            let damage_type = types.next();
            let also_types = types.collect();
            let damage = Step::Damage {
                who,
                amount,
                damage_type,
                also_types,
            };
            (fight, damage)
        }
        FightCmd::Heal {
            amount: 0,
            recovery: false,
            ..
        } => return Err(Failure(
            "invalid value `0` for <AMOUNT>: healing is a whole number from 1 to 9,999; 0 only with --recovery (a heal that spends a recovery and adds nothing to its value, P17)"
                .into(),
        )),
        FightCmd::Heal {
            fight,
            who,
            amount,
            recovery,
        } => (
            fight,
            Step::Heal {
                who,
                amount,
                recovery,
            },
        ),
        FightCmd::Temp {
            fight,
            who,
            amount,
            replace,
        } => (
            fight,
            Step::Temp {
                who,
                amount,
                replace,
            },
        ),
        FightCmd::Hp { fight, who, max } => (fight, Step::MaxHp { who, hp: max }),
        FightCmd::KnockOut { fight, who } => (fight, Step::KnockOut { who }),
        FightCmd::Villain { fight, who } => (fight, Step::Villain { who }),
        FightCmd::Stand { fight, who } => (fight, Step::Stand { who }),
        FightCmd::Stabilize { fight, who } => (fight, Step::Stabilize { who }),
        FightCmd::Rally { fight, who } => (fight, Step::Rally { who }),
        FightCmd::TotalDefense { fight, who } => (fight, Step::TotalDefense { who }),
        FightCmd::HelpAttack {
            fight,
            who,
            ally,
            against,
        } => (fight, Step::Help { who, ally, against, attack: true }),
        FightCmd::HelpDefense {
            fight,
            who,
            ally,
            against,
        } => (fight, Step::Help { who, ally, against, attack: false }),
        FightCmd::Maintain { fight, who, effect } => (fight, Step::Maintain { who, effect }),
        FightCmd::Ready { fight, who, before } => (fight, Step::Ready { who, before }),
        FightCmd::Apply { fight, offer } => (fight, Step::Apply { offer }),
        FightCmd::Condition(a) => condition(a)?,
        FightCmd::EndCondition { fight, who, effect } => (fight, Step::EndEffect { who, effect }),
        FightCmd::Roll(a) => roll(a)?,
        FightCmd::Use { fight, who, power } => (fight, Step::Use { who, power }),
        FightCmd::Ap { fight, who } => (fight, Step::ActionPoint { who }),
        FightCmd::Delay { fight, who, count } => (fight, Step::Delay { who, count }),
        FightCmd::Remove { fight, who } => (fight, Step::Remove { who }),
        FightCmd::Hide { fight, who } => (fight, Step::Hide { who, hidden: true }),
        FightCmd::Reveal { fight, who } => (fight, Step::Hide { who, hidden: false }),
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
            let check = Step::Check {
                challenge,
                skill,
                success,
            };
            (fight, check)
        }
        FightCmd::Start { .. }
        | FightCmd::List(_)
        | FightCmd::Show { .. }
        | FightCmd::Add { .. }
        | FightCmd::Undo { .. }
        | FightCmd::End { .. }
        | FightCmd::Watch { .. }
        | FightCmd::Log { .. } => unreachable!("fight::run answers it"),
    })
}

/// `fight condition`: the effect as the Table screen's prompts read its words.
fn condition(a: ConditionArgs) -> Result<(String, Step), Failure> {
    let mut effect = words::effect(&a.what, a.until.as_deref(), a.by.as_deref())?;
    effect.boon = a.boon;
    effect.maintained_by = a.maintained_by;
    if let Some(after) = &a.after {
        effect.aftereffect = Some(Box::new(words::effect_with_until(after)?));
    }
    if let Some(failed) = &a.failed_save {
        effect.failed_save = Some(Box::new(words::effect_with_until(failed)?));
    }
    Ok((a.fight, Step::Effect { who: a.who, effect }))
}

/// `fight roll`: the first target and the others, each with the `--defense` given in turn.
fn roll(a: RollArgs) -> Result<(String, Step), Failure> {
    if a.defense.len() > a.targets.len() {
        return Err(Failure(format!(
            "{} --defense given for {} target{}: give one a target, in the targets' order",
            a.defense.len(),
            a.targets.len(),
            if a.targets.len() == 1 { "" } else { "s" }
        )));
    }
    let mut defenses = a.defense.into_iter();
    let mut targets = a.targets.into_iter();
    let target = targets.next().unwrap_or_default();
    let first_defense = defenses.next();
    let also = targets
        .map(|who| AttackTarget {
            who,
            defense: defenses.next(),
        })
        .collect();
    let attack = Step::Attack {
        who: a.who,
        power: a.power,
        target,
        defense: first_defense,
        apply: a.apply,
        also,
        mods: a.mods,
        d20: a.d20,
        riders: a.riders,
        immediate: a.immediate,
    };
    Ok((a.fight, attack))
}
