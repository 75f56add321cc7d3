//! What lasts on a creature: an effect, its affliction and how long it lasts (P7, P8), as the GM
//! gives it and as a power's lines offer it (P16).

#[allow(clippy::wildcard_imports)]
use super::*;

/// How long an effect lasts (the book's Duration of a power's effect). Written as words:
/// `save ends`, `the encounter`, `start of ana`, `end of goblin-cutter-2`. Read from an effect's
/// `until:` key; [`UntilError`] says why a text is none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Until {
    /// Until the start of this combatant's next turn (its id).
    StartOf(String),
    /// Until the end of this combatant's next turn (its id).
    EndOf(String),
    /// A saving throw at the end of each of the affected creature's turns ends it (P7).
    SaveEnds,
    /// Until the end of the encounter (the default for "marked", P8).
    Encounter,
    /// Until the creature stands up, a step of its own (prone's ending, P8).
    Stands,
    /// Until the surprise round ends (surprised's ending, P8, P14).
    SurpriseRound,
}

impl std::fmt::Display for Until {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Until::StartOf(id) => write!(f, "start of {id}"),
            Until::EndOf(id) => write!(f, "end of {id}"),
            Until::SaveEnds => f.write_str("save ends"),
            Until::Encounter => f.write_str("the encounter"),
            Until::Stands => f.write_str("stands up"),
            Until::SurpriseRound => f.write_str("the surprise round"),
        }
    }
}

/// Why a text is not a duration ([`Until`]); each message is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UntilError {
    /// `start of` or `end of` followed by something that cannot be a combatant's id.
    #[error(transparent)]
    Id(#[from] crate::monster::design::IdError),
    /// None of the forms a duration takes; `given` is the text as typed, trimmed (the message
    /// quotes it escaped and shortened).
    #[error(
        "`{}` is not a duration: write `save ends`, `the encounter`, `start of ID` or `end of ID` (the start or end of that creature's next turn; `start:ID` and `end:ID` too), `stands up` or `the surprise round`",
        crate::text::quote_short(.given)
    )]
    NotADuration {
        /// The text as typed, trimmed.
        given: String,
    },
}

impl std::str::FromStr for Until {
    type Err = UntilError;
    /// `save ends` (or `save`), `the encounter` (or `encounter`), `start of ID` or `start:ID`,
    /// `end of ID` or `end:ID`.
    fn from_str(s: &str) -> Result<Until, UntilError> {
        let t = s.trim();
        let lower = t.to_lowercase();
        match lower.as_str() {
            "save ends" | "save-ends" | "save" => return Ok(Until::SaveEnds),
            "the encounter" | "encounter" | "end of the encounter" => return Ok(Until::Encounter),
            "stands up" | "stands" | "stand" | "stand up" => return Ok(Until::Stands),
            "the surprise round" | "surprise round" | "surprise" => {
                return Ok(Until::SurpriseRound);
            }
            _ => {}
        }
        let id = |rest: &str| -> Result<String, UntilError> {
            let id = rest.trim();
            crate::monster::design::check_id(id)?;
            Ok(id.to_owned())
        };
        if let Some(rest) = lower
            .strip_prefix("start of ")
            .or_else(|| lower.strip_prefix("start:"))
        {
            return id(rest).map(Until::StartOf);
        }
        if let Some(rest) = lower
            .strip_prefix("end of ")
            .or_else(|| lower.strip_prefix("end:"))
        {
            return id(rest).map(Until::EndOf);
        }
        Err(UntilError::NotADuration {
            given: t.to_owned(),
        })
    }
}

impl Serialize for Until {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Until {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl schemars::JsonSchema for Until {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Until".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "How long an effect lasts: `save ends`, `the encounter`, `start of ID`, `end of ID`.",
            "pattern": "^(save ends|save|the encounter|encounter|stands up|stands|the surprise round|surprise round|(start|end) of [a-z0-9]+(-[a-z0-9]+)*|(start|end):[a-z0-9]+(-[a-z0-9]+)*)$"
        })
    }
}

/// What an effect does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Affliction {
    /// One of the book's Conditions, `marked` with who marked.
    Condition {
        /// The condition, by the book's name (`condition:` in the file).
        condition: Condition,
        /// The id of the combatant that caused it (who marked, for `marked`), if the GM said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<String>,
    },
    /// Persistent damage, taken at the start of the creature's turns (the book's Persistent
    /// damage, P6).
    Persistent {
        /// The hit points lost each turn, 1 to 999.
        #[serde(deserialize_with = "crate::limits::whole_number")]
        amount: i64,
        /// Its damage type, which the creature's resistance or vulnerability changes (P5);
        /// `None` for untyped damage.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        damage_type: Option<DamageType>,
    },
    /// A bonus (or penalty) to all its defenses: Total Defense, a rally (P13, P17).
    Defenses {
        /// Added to each defense.
        #[serde(deserialize_with = "crate::limits::whole_number")]
        bonus: i64,
        /// Where it comes from, in words ("total defense", "rally").
        why: String,
    },
    /// An ally's help (Help Attack, Help Defense, P13): +2 to its next attack roll against a
    /// creature, or to its defenses against that creature's next attack; used up by that roll.
    Help {
        /// Helps its attack (`true`) or its defenses (`false`).
        attack: bool,
        /// The creature the help is against (its id).
        against: String,
        /// The helper (its id).
        by: String,
    },
    /// Anything else, in the GM's words.
    Other {
        /// The effect as the GM typed it (one line, shown to the players too).
        text: String,
    },
}

/// An effect on a combatant, with its duration and what follows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Effect {
    /// Unique within the fight: how `end-effect` names it.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightEffectNumber, _, _>")]
    pub id: u32,
    /// What the effect does.
    pub what: Affliction,
    /// How long it lasts.
    pub until: Until,
    /// Begins when a saving throw ends this effect (Aftereffect, among the book's Special
    /// saving throw riders).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aftereffect: Option<Box<Effect>>,
    /// Replaces this effect the first time a saving throw against it fails (First Failed Save,
    /// among the book's Special saving throw riders).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_save: Option<Box<Effect>>,
    /// For a duration tied to a creature's turn (`start of X`, `end of X`): how many turns X had
    /// begun when the effect began, so that it lasts through the first turn of X that begins
    /// after it (P7).
    #[serde(
        default,
        skip_serializing_if = "is_zero_u32",
        deserialize_with = "crate::limits::fitting::<crate::limits::FightRound, _, _>"
    )]
    pub after: u32,
    /// A benefit (an ally's bonus, not a harm): one that lasts until the end of the creature's
    /// own turn ends when it delays (P2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub boon: bool,
    /// Sustained by this creature (its id): it ends at the end of that creature's turn unless
    /// maintained then (P19).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maintained_by: Option<String>,
}

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
    /// A benefit, which ends when the creature delays if it lasts until the end of its turn (P2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub boon: bool,
    /// The creature who must maintain it on its turns, or it ends (P19).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maintained_by: Option<String>,
}

impl EffectSpec {
    /// `what` lasting `until`, with no aftereffect, no first-failed-save effect, not a boon and
    /// not maintained.
    pub fn new(what: Affliction, until: Until) -> EffectSpec {
        EffectSpec {
            what,
            until,
            aftereffect: None,
            failed_save: None,
            boon: false,
            maintained_by: None,
        }
    }
}

/// What a power's line offers after an attack (P16): an effect on a target, with its duration,
/// or a movement the GM makes on the map; applied with one step, until the next step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Offer {
    /// The creature it is on (its id).
    pub who: String,
    /// The effect; none for a movement, which is only logged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<EffectSpec>,
    /// What the line says, in short.
    pub words: String,
    /// Where it comes from: "Thorn Lash's hit".
    pub from: String,
}
