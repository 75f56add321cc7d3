//! The GM's words for a fight's changes, read the same by the command line and the Table
//! screen: a character's initiative (`Ana=17/34`), an effect (`dazed`, `persistent 5 fire`,
//! any text) with its duration, damage (`12 fire`), how a foe was overcome (`id=fled`).

use crate::fight::model::{Affliction, FightState, Overcome, Side, Until};
use crate::fight::step::EffectSpec;
use crate::vocab::Vocabulary;

/// `Ana=17`, `Ana=17/34`, `Ana=/34`: a character's name, initiative and hit points.
pub fn character(s: &str) -> Result<(String, Option<i64>, Option<i64>), WordError> {
    let bad = || WordError::NotACharacter {
        given: s.to_owned(),
    };
    let (name, rest) = s.split_once('=').ok_or_else(bad)?;
    let name = name.trim();
    crate::text::check_name("a character's name", name)?;
    let (init, hp) = rest.split_once('/').unwrap_or((rest, ""));
    let num = |t: &str| -> Result<Option<i64>, WordError> {
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
        return Err(WordError::NoHitPoints {
            name: name.to_owned(),
        });
    }
    Ok((name.to_owned(), num(init)?, hp))
}

/// Why a word typed at the table (an effect, an amount, an initiative count, how a foe was
/// overcome) is refused; each message is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WordError {
    /// A character that is not `NAME=INIT` or `NAME=INIT/HP`.
    #[error("`{}` is not a character's initiative: write NAME=INIT or NAME=INIT/HP, e.g. Ana=17/34", crate::text::quote_short(.given))]
    NotACharacter {
        /// The text as typed (the message quotes it escaped).
        given: String,
    },
    /// A character's hit points below 1.
    #[error("{name}'s hit points are 1 or more")]
    NoHitPoints {
        /// The character's name as typed.
        name: String,
    },
    /// `persistent` without an amount from 1 to 999.
    #[error("persistent damage is `persistent N` or `persistent N TYPE`, N from 1 to 999")]
    Persistent,
    /// A damage type that is none (the message names the closest).
    #[error("{0}")]
    DamageType(crate::vocab::UnknownValue),
    /// An effect's free text that is no name (empty, a control character, too long).
    #[error(transparent)]
    Name(#[from] crate::text::NameError),
    /// A duration that is none of `save`, `encounter`, `start:ID`, `end:ID`.
    #[error(transparent)]
    Until(#[from] crate::fight::model::UntilError),
    /// The combatant after `by` is no id.
    #[error(transparent)]
    Id(#[from] crate::monster::design::IdError),
    /// An amount of `what` (damage, healing) outside 1 to 9,999; `word` is quoted escaped.
    #[error("`{}` is not an amount of {what}: a whole number from 1 to 9,999", crate::text::quote_short(.word))]
    NotAnAmount {
        /// The word as typed.
        word: String,
        /// What the amount was of, as the message names it (`damage`, `healing`).
        what: String,
    },
    /// An initiative count outside -99 to 999.
    #[error("`{}` is not an initiative count: a whole number from -99 to 999", crate::text::quote_short(.word))]
    NotACount {
        /// The word as typed.
        word: String,
    },
    /// An effect line that starts with its duration or its source, naming no effect.
    #[error(
        "say the effect first, then `by` and `until`: e.g. `dazed until save ends`, `marked by ana`"
    )]
    EffectFirst,
    /// None of defeated, fled, surrendered, bypassed.
    #[error("`{}` is not how a foe is overcome: defeated, fled, surrendered or bypassed", crate::text::quote_short(.word))]
    NotOvercome {
        /// The word as typed.
        word: String,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<WordError> for String {
    fn from(e: WordError) -> String {
        e.to_string()
    }
}

/// An effect from the command line: a condition word, `persistent N [type]`, or any other text;
/// `until` as `save`, `encounter`, `start:ID` or `end:ID` (P8's default for `marked`, else save
/// ends).
pub fn effect(what: &str, until: Option<&str>, by: Option<&str>) -> Result<EffectSpec, WordError> {
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
            .ok_or(WordError::Persistent)?;
        let damage_type = match words.get(2) {
            Some(t) => {
                Some(crate::rules::creature::DamageType::parse(t).map_err(WordError::DamageType)?)
            }
            None => None,
        };
        Affliction::Persistent {
            amount,
            damage_type,
        }
    } else {
        crate::text::check_name("the effect", what)?;
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
        Some(u) => u.parse::<Until>()?,
    };
    Ok(EffectSpec::new(affliction, until))
}

/// `dazed` or `dazed until=end:ID`, for --after and --failed-save.
pub fn effect_with_until(s: &str) -> Result<EffectSpec, WordError> {
    match s.split_once(" until=") {
        Some((what, until)) => effect(what, Some(until), None),
        None => effect(s, None, None),
    }
}

/// An effect in one line, as the Table screen takes it: `[boon] WHAT [by ID] [maintained by ID]
/// [until DURATION]`, e.g. `dazed until end of hedgemaw`, `marked by ana`, `persistent 5 fire`,
/// `boon +2 to AC until end of ana`, `zone of fire maintained by hedgemaw`.
pub fn effect_line(line: &str) -> Result<EffectSpec, WordError> {
    // `boon` first: an effect its creature is glad of, which ends when it delays (P7).
    let (boon, line) = match line.trim_start().split_once(' ') {
        Some((w, rest)) if w.eq_ignore_ascii_case("boon") => (true, rest),
        _ => (false, line),
    };
    // `maintained by ID` anywhere: it lasts while ID maintains it on its turns (P19).
    let (line, maintained_by) = match line.split_once(" maintained by ") {
        Some((before, after)) => {
            let mut rest = after.trim_start().splitn(2, ' ');
            let id = rest.next().unwrap_or("").to_owned();
            crate::monster::design::check_id(&id)?;
            let after = rest.next().map_or(String::new(), |r| format!(" {r}"));
            (format!("{before}{after}"), Some(id))
        }
        None => (line.to_owned(), None),
    };
    let mut spec = effect_words_line(&line)?;
    spec.boon = boon;
    spec.maintained_by = maintained_by;
    Ok(spec)
}

fn effect_words_line(line: &str) -> Result<EffectSpec, WordError> {
    let first = line.split_whitespace().next().unwrap_or("");
    if first.eq_ignore_ascii_case("until") || first.eq_ignore_ascii_case("by") {
        return Err(WordError::EffectFirst);
    }
    let (rest, until) = match line.split_once(" until ") {
        Some((w, u)) => (w, Some(u)),
        None => (line, None),
    };
    let (what, by) = match rest.split_once(" by ") {
        Some((w, b)) => (w, Some(b.trim())),
        None => (rest, None),
    };
    if let Some(b) = by {
        crate::monster::design::check_id(b)?;
    }
    effect(what, until, by)
}

/// Damage in one line: `12`, `12 fire`, or `12 fire radiant` for damage of several types (an
/// amount from 1 to 9,999 and its types, P5).
pub fn damage(line: &str) -> Result<(i64, Vec<crate::rules::creature::DamageType>), WordError> {
    let mut words = line.split_whitespace();
    let amount = amount(words.next().unwrap_or(""), "damage")?;
    let types = words
        .map(|t| crate::rules::creature::DamageType::parse(t).map_err(WordError::DamageType))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((amount, types))
}

/// A whole number of hit points from 1 to 9,999, for `what` (damage, healing).
pub fn amount(word: &str, what: &str) -> Result<i64, WordError> {
    word.trim()
        .parse::<i64>()
        .ok()
        .filter(|&n| crate::limits::FIGHT_AMOUNT.contains(n))
        .ok_or_else(|| WordError::NotAnAmount {
            word: word.trim().to_owned(),
            what: what.to_owned(),
        })
}

/// An initiative count, from -99 to 999.
pub fn count(word: &str) -> Result<i64, WordError> {
    word.trim()
        .parse::<i64>()
        .ok()
        .filter(|&n| crate::limits::FIGHT_COUNT.contains(n))
        .ok_or_else(|| WordError::NotACount {
            word: word.trim().to_owned(),
        })
}

/// How a foe was overcome, by its word: defeated, fled, surrendered or bypassed.
pub(crate) fn overcome_word(word: &str) -> Result<Overcome, WordError> {
    match word.trim() {
        "defeated" => Ok(Overcome::Defeated),
        "fled" => Ok(Overcome::Fled),
        "surrendered" => Ok(Overcome::Surrendered),
        "bypassed" => Ok(Overcome::Bypassed),
        other => Err(WordError::NotOvercome {
            word: other.to_owned(),
        }),
    }
}

/// The foes overcome (P10): each `ID` or `ID=HOW`, and with `all` every other foe as defeated.
pub fn overcome(
    words: &[String],
    all: bool,
    s: &FightState,
) -> Result<Vec<(String, Overcome)>, WordError> {
    let mut chosen: Vec<(String, Overcome)> = Vec::new();
    for o in words {
        let (id, how) = o.split_once('=').unwrap_or((o.as_str(), "defeated"));
        chosen.push((id.trim().to_owned(), overcome_word(how)?));
    }
    if all {
        for c in s.combatants.iter().filter(|c| c.side == Side::Foe) {
            if !chosen.iter().any(|(id, _)| *id == c.id) {
                chosen.push((c.id.clone(), Overcome::Defeated));
            }
        }
    }
    Ok(chosen)
}

#[cfg(test)]
mod error_tests {
    use super::*;

    #[test]
    fn callers_can_tell_the_kinds_of_word_error_apart() {
        assert!(matches!(
            character("Ana=17/0"),
            Err(WordError::NoHitPoints { .. })
        ));
        assert!(matches!(
            character("Ana"),
            Err(WordError::NotACharacter { .. })
        ));
        assert_eq!(
            effect("persistent x", None, None),
            Err(WordError::Persistent)
        );
        assert!(matches!(
            effect_line("dazed by Ana Bo"),
            Err(WordError::Id(_))
        ));
        assert!(matches!(
            amount("0", "healing"),
            Err(WordError::NotAnAmount { .. })
        ));
        assert_eq!(
            amount("0", "healing").unwrap_err().to_string(),
            "`0` is not an amount of healing: a whole number from 1 to 9,999"
        );
        // Damage of several types (P5): each word after the amount is a type.
        assert!(matches!(
            damage("12 fire hot"),
            Err(WordError::DamageType(_))
        ));
        assert_eq!(damage("12 fire radiant").unwrap().1.len(), 2);
        assert!(matches!(
            overcome_word("ran"),
            Err(WordError::NotOvercome { .. })
        ));
    }
}
