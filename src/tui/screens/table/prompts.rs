//! What the GM types into the Table screen's prompts, read into steps: each prompt's words,
//! refused with the reason while the prompt stays open.

use super::TableScreen;
use super::roll::{power_named, roll_step};
use super::update::{run, steps};
use super::{Job, Open, Prompt};
use crate::tui::msg::Effect;
use crate::tui::shell::Shell;
use lairsmith_core::fight::step::Step;
use lairsmith_core::fight::{Fight, words};

/// What a prompt's words make.
enum Made {
    /// Steps for the open fight, tried on a copy first.
    Steps(Vec<Step>),
    /// Something else to do.
    Effects(Vec<Effect>),
}

/// What the GM typed into one of the screen's prompts: the step it makes, or why it is not one
/// (the prompt stays open). `lairsmith_rolls`: the GM pressed the key that lets lairsmith roll
/// the dice not typed ("Whose dice").
pub fn on_prompt(
    table: &mut TableScreen,
    shell: &mut Shell,
    p: &Prompt,
    text: &str,
    lairsmith_rolls: bool,
) -> Result<Vec<Effect>, String> {
    if let Prompt::Surprise { encounter } = p {
        let surprised = surprise_words(text);
        let job = super::update::start_job(shell, encounter.clone(), surprised);
        return Ok(vec![run(job)]);
    }
    let Some(open) = table.open.clone() else {
        return Ok(Vec::new());
    };
    let text = text.trim();
    let made = match p {
        Prompt::End => Made::Effects(end(table, &open, text)?),
        Prompt::ExportLog => {
            let contents = lairsmith_core::export::fight::log_markdown(&open.fight)
                .map_err(|u| format!("step {} of the fight cannot be read: {}", u.step, u.why))?;
            Made::Effects(crate::tui::export::to_file(shell, text, contents))
        }
        Prompt::Add => {
            let c = lairsmith_core::fight::build::reinforcement(
                &open.fight,
                &shell.bestiary,
                text,
                false,
                None,
            )?;
            Made::Steps(vec![Step::Add {
                combatant: Box::new(c),
            }])
        }
        Prompt::Apply => Made::Steps(apply_words(&open.fight, text)?),
        Prompt::Dice { step, asked } => {
            let key = super::update::lairsmith_rolls_key(shell);
            let rolls = dice_words(asked, text, lairsmith_rolls.then_some(()).ok_or(key))?;
            Made::Steps(vec![with_rolls(step, rolls)])
        }
        Prompt::Roll { who } => {
            let mut s = roll_step(&open.fight, who.clone(), text)?;
            if lairsmith_rolls && let Step::Attack { d20, .. } = &mut s {
                d20.clear();
            }
            Made::Steps(vec![s])
        }
        other => Made::Steps(vec![creature_step(&open.fight, other, text)?]),
    };
    match made {
        Made::Effects(e) => Ok(e),
        Made::Steps(list) if list.is_empty() => Ok(Vec::new()),
        Made::Steps(list) => {
            // The steps are tried on a copy first, so a mistake keeps the prompt open with its
            // reason.
            let mut trial = open.fight.clone();
            for s in &list {
                trial.push(s.clone())?;
            }
            Ok(steps(&open, list))
        }
    }
}

/// The step a prompt about one creature makes of its words.
fn creature_step(f: &Fight, p: &Prompt, text: &str) -> Result<Step, String> {
    Ok(match p.clone() {
        Prompt::Damage { who } => {
            let (amount, mut types) = words::damage(text)?;
            let damage_type = (!types.is_empty()).then(|| types.remove(0));
            Step::Damage {
                who,
                amount,
                damage_type,
                also_types: types,
            }
        }
        Prompt::Heal { who } => {
            let (amount, recovery) = heal_words(text)?;
            Step::Heal {
                who,
                amount,
                recovery,
            }
        }
        Prompt::Temp { who } => {
            let (amount, replace) = match text.split_once(' ') {
                Some((n, w)) if w.trim().eq_ignore_ascii_case("replace") => (n, true),
                _ => (text, false),
            };
            Step::Temp {
                who,
                amount: words::amount(amount, "temporary hit points")?,
                replace,
            }
        }
        Prompt::MaxHp { who } => Step::MaxHp {
            who,
            hp: words::amount(text, "hit points")?,
        },
        Prompt::Effect { who } => Step::Effect {
            who,
            effect: words::effect_line(text)?,
        },
        Prompt::EndEffect { who } => Step::EndEffect {
            who,
            effect: effect_number(text)?,
        },
        Prompt::Maintain { who } => Step::Maintain {
            who,
            effect: effect_number(text)?,
        },
        Prompt::Initiative { who } => Step::Initiative {
            who,
            count: words::count(text)?,
        },
        Prompt::Delay { who } => Step::Delay {
            who,
            count: words::count(text)?,
        },
        Prompt::Ready { who } => Step::Ready {
            who,
            before: text.to_owned(),
        },
        Prompt::Help { who } => help_words(who, text)?,
        Prompt::Use { who } => Step::Use {
            power: power_named(f, &who, text)?,
            who,
        },
        Prompt::Check => {
            let (challenge, skill, success) = check_words(f, text)?;
            Step::Check {
                challenge,
                skill,
                success,
            }
        }
        _ => return Err("this prompt makes no step".into()),
    })
}

/// The end's words: the foes overcome and a treasure method, which rolls the treasure by it.
fn end(table: &mut TableScreen, open: &Open, text: &str) -> Result<Vec<Effect>, String> {
    use lairsmith_core::vocab::Vocabulary;
    let mut treasure = None;
    let mut ids = Vec::new();
    let mut all = false;
    for w in text.split([' ', ',']).filter(|w| !w.is_empty()) {
        if w == "all" {
            all = true;
        } else if let Ok(m) = lairsmith_core::treasure::Method::parse(w) {
            treasure = Some(m);
        } else {
            ids.push(w.to_owned());
        }
    }
    let overcome = words::overcome(&ids, all, &open.fight.now)?;
    // Tried on a copy first, so that what the end refuses keeps the prompt open.
    open.fight.clone().push(Step::End {
        overcome: overcome.clone(),
    })?;
    table.treasure = treasure;
    Ok(vec![run(Job::End {
        path: open.path.clone(),
        seen: open.fingerprint,
        overcome,
        treasure,
    })])
}

/// An effect's number, the # on the card.
fn effect_number(text: &str) -> Result<u32, String> {
    text.trim_start_matches('#').parse().map_err(|_| {
        format!(
            "`{}` is not an effect's number (the # on the card)",
            lairsmith_core::text::quote_short(text)
        )
    })
}

/// Healing's words: an amount, or `recovery` with an amount or none, for a heal that spends a
/// recovery and adds its value (P17).
fn heal_words(text: &str) -> Result<(i64, bool), String> {
    let mut recovery = false;
    let mut amount = None;
    for w in text.split_whitespace() {
        if matches!(w.to_ascii_lowercase().as_str(), "recovery" | "r") {
            recovery = true;
        } else if amount.is_none() {
            amount = Some(w);
        } else {
            return Err(format!(
                "`{}` is one word too many: healing is an amount, and `recovery` for a heal that spends one (12, recovery, recovery 5)",
                lairsmith_core::text::quote_short(w)
            ));
        }
    }
    match (amount, recovery) {
        (None, true) => Ok((0, true)),
        (Some(n), r) => Ok((words::amount(n, "healing")?, r)),
        (None, false) => {
            Err("type the healing, or `recovery` for a heal that spends a recovery (P17)".into())
        }
    }
}

/// Help's words: the ally helped, the foe, and `attack` or `defense` (P13).
fn help_words(who: String, text: &str) -> Result<Step, String> {
    let w: Vec<&str> = text.split_whitespace().collect();
    let [ally, against, kind] = w[..] else {
        return Err(
            "the ally's id, the foe's id, and attack or defense (bo hedgemaw attack)".into(),
        );
    };
    let attack = match kind.to_ascii_lowercase().as_str() {
        "attack" | "a" => true,
        "defense" | "defence" | "d" => false,
        _ => {
            return Err(format!(
                "`{}` is neither attack nor defense: Help Attack or Help Defense (P13)",
                lairsmith_core::text::quote_short(kind)
            ));
        }
    };
    Ok(Step::Help {
        who,
        ally: ally.to_owned(),
        against: against.to_owned(),
        attack,
    })
}

/// The offers to apply (P16): `all`, or their numbers; the steps apply the highest first, so
/// that each number still names its offer when its turn comes.
fn apply_words(f: &Fight, text: &str) -> Result<Vec<Step>, String> {
    let offers = f.now.offers.len();
    let mut picked: Vec<u32> = Vec::new();
    // `none` picks nothing, as an empty line does.
    let words = text
        .split([' ', ','])
        .filter(|w| !w.is_empty() && !w.eq_ignore_ascii_case("none"));
    for w in words {
        if w.eq_ignore_ascii_case("all") {
            picked.extend(1..=u32::try_from(offers).unwrap_or(0));
        } else {
            let n = w
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=offers).contains(&(*n as usize)))
                .ok_or_else(|| {
                    format!(
                        "`{}` is not an offer: all, none, or numbers from 1 to {offers}",
                        lairsmith_core::text::quote_short(w)
                    )
                })?;
            picked.push(n);
        }
    }
    picked.sort_unstable_by(|a, b| b.cmp(a));
    picked.dedup();
    Ok(picked
        .into_iter()
        .map(|offer| Step::Apply { offer })
        .collect())
}

/// The players' d20s typed for the rolls `asked`: every one, or with the key that lets
/// lairsmith roll (`Ok`; `Err` names it), those typed and lairsmith the rest.
fn dice_words(
    asked: &[String],
    text: &str,
    lairsmith_rolls: Result<(), String>,
) -> Result<Vec<i64>, String> {
    let rolls = text
        .split([' ', ','])
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<i64>()
                .ok()
                .filter(|d| (1..=20).contains(d))
                .ok_or_else(|| {
                    format!(
                        "`{}` is not a d20's roll: 1 to 20",
                        lairsmith_core::text::quote_short(w)
                    )
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if rolls.len() > asked.len() {
        return Err(format!(
            "{} rolls typed for {} asked: {}",
            rolls.len(),
            asked.len(),
            asked.join("; ")
        ));
    }
    if rolls.len() < asked.len()
        && let Err(key) = lairsmith_rolls
    {
        return Err(format!(
            "{} of {} rolls typed; the next is {} ({key} lets lairsmith roll the rest)",
            rolls.len(),
            asked.len(),
            asked[rolls.len()]
        ));
    }
    Ok(rolls)
}

/// `step` with the players' rolls given.
fn with_rolls(step: &Step, given: Vec<i64>) -> Step {
    match step.clone() {
        Step::Next { .. } => Step::Next { rolls: given },
        other => other,
    }
}

/// Who is surprised at the start (P14): ids, characters' names, `party` or `foes`; nothing or
/// `none` for nobody.
fn surprise_words(text: &str) -> Vec<String> {
    // Commas let a name of several words through: `Ana Bright, hedgemaw`.
    let words: Vec<&str> = if text.contains(',') {
        text.split(',').collect()
    } else {
        text.split_whitespace().collect()
    };
    words
        .into_iter()
        .map(str::trim)
        .filter(|w| !w.is_empty() && !w.eq_ignore_ascii_case("none"))
        .map(str::to_owned)
        .collect()
}

/// `[N] [SKILL] +|-`: the challenge (its number, when there are several), the skill (none: a
/// group check) and whether the check succeeded.
fn check_words(f: &Fight, text: &str) -> Result<(String, Option<String>, bool), String> {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    let success = match words.pop() {
        Some("+" | "success" | "succeeded" | "yes") => true,
        Some("-" | "failure" | "failed" | "no") => false,
        _ => return Err(
            "end with + (a success) or - (a failure): athletics +, or + alone for a group check"
                .into(),
        ),
    };
    let challenges = &f.now.challenges;
    let mut at = 0;
    if let Some(n) = words.first().and_then(|w| w.parse::<usize>().ok()) {
        if n == 0 || n > challenges.len() {
            return Err(format!(
                "the challenges are numbered 1 to {}",
                challenges.len()
            ));
        }
        at = n - 1;
        words.remove(0);
    }
    let c = challenges
        .get(at)
        .ok_or("the encounter has no extended challenge")?;
    let skill = (!words.is_empty()).then(|| words.join(" "));
    Ok((c.name.clone(), skill, success))
}
