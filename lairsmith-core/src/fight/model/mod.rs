//! What a fight file holds: who fights, in what order, how each of them stands, and the log.
//!
//! The file keeps the state at the start (after the monsters' initiative) and every step the
//! GM took since; the state now is the start with those steps replayed, each step rolling its
//! dice from the fight's seed and the step's number, so undo is "replay all but the last" and a
//! fight is reproducible from its seed and steps alone. The state now is written beside them
//! for people and for `fight watch`.

use crate::rules::creature::{Condition, DamageType};
use crate::rules::power_vocab::{Defense, Usage};
use serde::{Deserialize, Serialize};

mod combatant;
mod effects;

pub use combatant::*;
pub use effects::*;

/// Which side a combatant fights on.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, Default,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// A monster, placeholder or 3rd-edition foe the party fights.
    #[default]
    Foe,
    /// A monster on the party's side (`side: ally` in the encounter).
    Ally,
    /// A member of the party.
    Party,
}

/// Whether a combatant is still in the fight.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, Default,
)]
#[serde(rename_all = "lowercase")]
pub enum Life {
    /// In the fight and acting: above 0 HP, or a creature whose hit points the fight does not
    /// know (a character before the GM gives them, a 3rd-edition foe).
    #[default]
    Up,
    /// At 0 HP or below and alive: a character, or a monster the GM marks so (P3).
    Unconscious,
    /// A monster at 0 HP or below (P3), or a mook that took any damage.
    Dead,
    /// Taken out of the fight by the GM (fled, dismissed): it takes no more turns.
    Gone,
}

/// How a foe was overcome at the end (P10); any of these earns its XP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Overcome {
    /// Killed or knocked out.
    Defeated,
    /// Ran from the fight.
    Fled,
    /// Gave up to the party.
    Surrendered,
    /// Got past without beating it (avoided, talked round, sneaked by).
    Bypassed,
}

/// An extended challenge being run (A2, A3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ChallengeRun {
    /// The challenge's name in the encounter; checks name it by this.
    pub name: String,
    /// Its level, 1 to 30, which sets its DCs (Table – Recommended Difficulty Classes by
    /// Level) and its XP.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightLevel, _, _>")]
    pub level: u8,
    /// The successes that win it.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub successes_needed: u32,
    /// The failures that end it failed (default 3, A2).
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub failures_allowed: u32,
    /// The successes so far.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub successes: u32,
    /// The failures so far.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub failures: u32,
    /// What it is worth to the party, won or lost (A2, P10).
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightXpTotal, _, _>")]
    pub xp: u64,
    /// Each skill with the DC of its first check (A3), in the order the file gives.
    #[serde(deserialize_with = "crate::fight::model::skills_de")]
    pub skills: Vec<(String, u32)>,
    /// The Hard DC, for later checks with a skill already used (A3).
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub hard_dc: u32,
    /// The Easy DC, for group checks (A3).
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub easy_dc: u32,
    /// The skills already used once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used: Vec<String>,
}

impl ChallengeRun {
    /// Whether it has ended: its successes reached, or its failures used up.
    pub(crate) fn is_over(&self) -> bool {
        self.successes >= self.successes_needed || self.failures >= self.failures_allowed
    }
}

/// One line of the log: the round it happened in and what happened, dice included. Written
/// as `[round, text]` beside the step that wrote it (a fight file of version 1 wrote
/// `{round, text}`, which is read too).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    /// The round it happened in; 0 before the first.
    pub round: u32,
    /// What happened, as a sentence with its dice and the ruling that applied.
    pub text: String,
    /// The step that wrote it, counted from 1; 0 for the start of the fight. Not written: a
    /// line is kept with its step.
    pub step: u32,
}

impl Serialize for LogLine {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (self.round, &self.text).serialize(s)
    }
}

impl<'de> Deserialize<'de> for LogLine {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        /// A round read through its range (never serde's words about u32).
        struct Round(u32);
        impl<'de> Deserialize<'de> for Round {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                crate::limits::fitting::<crate::limits::FightRound, u32, D>(d).map(Round)
            }
        }
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = LogLine;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a log line: [round, text]")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<LogLine, A::Error> {
                use serde::de::Error;
                let Round(round) = a
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(0, &self))?;
                let text: String = a
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(1, &self))?;
                if a.next_element::<serde::de::IgnoredAny>()?.is_some() {
                    return Err(A::Error::invalid_length(3, &self));
                }
                Ok(LogLine {
                    round,
                    text,
                    step: 0,
                })
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<LogLine, A::Error> {
                use serde::de::Error;
                let (mut round, mut text) = (None, None);
                while let Some(k) = a.next_key::<String>()? {
                    match k.as_str() {
                        "round" => round = Some(a.next_value::<Round>()?.0),
                        "text" => text = Some(a.next_value::<String>()?),
                        other => return Err(A::Error::unknown_field(other, &["round", "text"])),
                    }
                }
                Ok(LogLine {
                    round: round.ok_or_else(|| A::Error::missing_field("round"))?,
                    text: text.ok_or_else(|| A::Error::missing_field("text"))?,
                    step: 0,
                })
            }
        }
        d.deserialize_any(V)
    }
}

impl schemars::JsonSchema for LogLine {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "LogLine".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "One line of the log: the round it happened in (0 before the first) and what happened.",
            "oneOf": [
                {
                    "type": "array",
                    "prefixItems": [
                        {"type": "integer", "minimum": 0},
                        {"type": "string"}
                    ],
                    "minItems": 2,
                    "maxItems": 2
                },
                {
                    "type": "object",
                    "properties": {
                        "round": {"type": "integer", "minimum": 0},
                        "text": {"type": "string"}
                    },
                    "required": ["round", "text"],
                    "additionalProperties": false
                }
            ]
        })
    }
}

/// How the fight ended (P10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Ending {
    /// The XP of the overcome foes and the challenges.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightXpTotal, _, _>")]
    pub xp: u64,
    /// What each character earns: the XP ÷ the characters, rounded down (E4).
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightXpTotal, _, _>")]
    pub xp_each: u64,
    /// The characters in the fight, who share the XP.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub characters: usize,
}

/// Everything that changes as the fight goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct FightState {
    /// 0 before the first turn.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightRound, _, _>")]
    pub round: u32,
    /// Whose turn it is (a combatant's id), once the fight has begun.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<String>,
    /// Those who have had their turn this round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub acted: Vec<String>,
    /// Everyone who took part, in the order they joined (those who left too, as
    /// [`Life::Gone`]); [`Fight::order`](crate::fight::Fight::order) gives the initiative
    /// order.
    pub combatants: Vec<Combatant>,
    /// The encounter's extended challenges.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub challenges: Vec<ChallengeRun>,
    /// The next effect's id.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightEffectNumber, _, _>")]
    pub next_effect: u32,
    /// What happened so far, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<LogLine>,
    /// How it ended; `None` while it goes on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<Ending>,
    /// The first round is a surprise round (P14): the surprised take no turn in it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub surprise: bool,
    /// What the last attack's power lines offer to apply (P16), until the next step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offers: Vec<Offer>,
}

impl FightState {
    /// A copy of everything but the log, which is left empty: a step works on such a copy and
    /// is lent the log, so that a step's cost does not grow with the fight's length.
    pub(crate) fn clone_without_log(&self) -> FightState {
        FightState {
            round: self.round,
            turn: self.turn.clone(),
            acted: self.acted.clone(),
            combatants: self.combatants.clone(),
            challenges: self.challenges.clone(),
            next_effect: self.next_effect,
            log: Vec::new(),
            ended: self.ended.clone(),
            surprise: self.surprise,
            offers: self.offers.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callers_can_tell_the_kinds_of_until_error_apart() {
        assert_eq!(
            "start:ana".parse::<Until>(),
            Ok(Until::StartOf("ana".into()))
        );
        assert!(matches!(
            "end of Not An Id".parse::<Until>(),
            Err(UntilError::Id(_))
        ));
        let e = " forever ".parse::<Until>().unwrap_err();
        assert_eq!(
            e,
            UntilError::NotADuration {
                given: "forever".into()
            }
        );
        assert_eq!(
            e.to_string(),
            "`forever` is not a duration: write `save ends`, `the encounter`, `start of ID` or `end of ID` (the start or end of that creature's next turn; `start:ID` and `end:ID` too), `stands up` or `the surprise round`"
        );
    }
}
