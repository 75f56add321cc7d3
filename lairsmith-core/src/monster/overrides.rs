//! Hand-set numbers: an override replaces a derived value and says why, so the balance lint
//! can see every departure from the formulas. It is fixed (`value: 60`) or relative to the
//! formula (`by: +9`), and a relative one follows the monster to every level, rank and role.

use crate::vocabulary;
use serde::{Deserialize, Serialize};

/// How an override sets its number. YAML reads `value: +9` as the integer 9, so the sign of a
/// number cannot say "relative": the key does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Amount {
    /// `value: N`: the number, whatever the formula gives.
    Value(i64),
    /// `by: N`: the formula's number plus N (minus, if N is negative).
    By(i64),
}

/// A hand-set value with the designer's reason. A file writes exactly one of `value` and `by`;
/// one written before `by` existed reads, and saves, as it always did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(into = "OverrideFields")]
pub struct Override {
    /// The number, fixed (`value:`) or relative to the formula (`by:`).
    pub amount: Amount,
    /// Why the designer set it, as `reason:` says; the balance lint quotes it.
    pub reason: String,
}

/// The number an override gives a stat whose formula gives `formula`: a relative one is held
/// inside the stat's range, and says when it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Resolved {
    /// The number the stat block shows.
    pub value: i64,
    /// `by` took the number past the stat's range, and it was held at the range's end.
    pub clamped: bool,
}

impl Override {
    /// A fixed override (`value: N`): the stat is N at every level.
    pub fn value(value: i64, reason: impl Into<String>) -> Override {
        Override {
            amount: Amount::Value(value),
            reason: reason.into(),
        }
    }

    /// A relative override (`by: N`): the formula's number plus N, at every level.
    pub fn by(by: i64, reason: impl Into<String>) -> Override {
        Override {
            amount: Amount::By(by),
            reason: reason.into(),
        }
    }

    /// The relative amount, for a relative override.
    pub(crate) fn relative(&self) -> Option<i64> {
        match self.amount {
            Amount::By(b) => Some(b),
            Amount::Value(_) => None,
        }
    }

    /// The number this override gives where the formula gives `formula`, within `limit` (the
    /// stat's range: a fixed value was checked against it when the file was read).
    pub(crate) fn resolve(&self, formula: i64, limit: &crate::limits::Limit) -> Resolved {
        match self.amount {
            Amount::Value(value) => Resolved {
                value,
                clamped: false,
            },
            Amount::By(by) => {
                let raw = formula.saturating_add(by);
                let value = raw.clamp(limit.min, limit.max);
                Resolved {
                    value,
                    clamped: value != raw,
                }
            }
        }
    }

    /// The file's key of the number (`value` or `by`), for the path of a refusal.
    pub fn key(&self) -> &'static str {
        match self.amount {
            Amount::Value(_) => "value",
            Amount::By(_) => "by",
        }
    }

    /// `Ok` if the number lies in its range: a fixed value in the stat's (`limit`), a relative
    /// one in [`crate::limits::RELATIVE_OVERRIDE`]. The sentence names the range otherwise.
    pub fn check(&self, limit: &crate::limits::Limit) -> Result<(), crate::limits::LimitError> {
        match self.amount {
            Amount::Value(v) => limit.check(v).map(drop),
            Amount::By(b) => crate::limits::RELATIVE_OVERRIDE.check(b).map(drop),
        }
    }
}

/// An override as the file writes it: `value` or `by`, and the reason.
#[derive(Debug, Clone, Serialize)]
struct OverrideFields {
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    by: Option<i64>,
    reason: String,
}

const FIELDS: &[&str] = &["value", "by", "reason"];

/// Any whole number reads (its range depends on the stat, checked with the design); one past
/// i64 is refused with that sentence rather than serde's words about types.
struct Whole(i64);

impl<'de> Deserialize<'de> for Whole {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Whole, D::Error> {
        crate::limits::whole_number(d).map(Whole)
    }
}

// Read by hand rather than derived, so that "both" and "neither" are refused while the reader
// is still inside the override's mapping: the error then carries its place and its path
// (`overrides.hp`) instead of those of the whole `overrides:`.
impl<'de> Deserialize<'de> for Override {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Override, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = Override;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an override: `value` or `by`, and a `reason`")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Override, A::Error> {
                use serde::de::Error;
                let (mut value, mut by, mut reason) = (None, None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "value" if value.is_none() => value = Some(map.next_value::<Whole>()?.0),
                        "by" if by.is_none() => by = Some(map.next_value::<Whole>()?.0),
                        "reason" if reason.is_none() => reason = Some(map.next_value::<String>()?),
                        "value" | "by" | "reason" => {
                            return Err(A::Error::duplicate_field(
                                FIELDS
                                    .iter()
                                    .find(|f| **f == key)
                                    .copied()
                                    .unwrap_or("value"),
                            ));
                        }
                        other => return Err(A::Error::unknown_field(other, FIELDS)),
                    }
                }
                let amount = match (value, by) {
                    (Some(v), None) => Amount::Value(v),
                    (None, Some(b)) => Amount::By(b),
                    (Some(_), Some(_)) => {
                        return Err(A::Error::custom(
                            "an override has either `value` (the number itself) or `by` (a number added to the formula's, such as `by: 9` or `by: -2`), not both",
                        ));
                    }
                    (None, None) => {
                        return Err(A::Error::custom(
                            "an override needs `value` (the number itself, such as `value: 60`) or `by` (a number added to the formula's, such as `by: 9` or `by: -2`)",
                        ));
                    }
                };
                Ok(Override {
                    amount,
                    reason: reason.unwrap_or_default(),
                })
            }
        }
        d.deserialize_struct("Override", FIELDS, Fields)
    }
}

impl From<Override> for OverrideFields {
    fn from(o: Override) -> OverrideFields {
        let (value, by) = match o.amount {
            Amount::Value(v) => (Some(v), None),
            Amount::By(b) => (None, Some(b)),
        };
        OverrideFields {
            value,
            by,
            reason: o.reason,
        }
    }
}

vocabulary! {
    /// The derived numbers of a stat block that a design may override.
    pub enum StatKey ("overridable stat") {
        Xp = ("xp", "XP"),
        Hp = ("hp", "HP"),
        Ac = ("ac", "AC"),
        Fortitude = ("fortitude", "Fortitude"),
        Reflex = ("reflex", "Reflex"),
        Will = ("will", "Will"),
        SavingThrowBonus = ("saving_throw_bonus", "Saving throws"),
        ActionPoints = ("action_points", "Action points"),
        Recoveries = ("recoveries", "Recoveries"),
        Initiative = ("initiative", "Initiative"),
        Perception = ("perception", "Perception"),
        Speed = ("speed", "Speed"),
        Reach = ("reach", "Reach"),
    }
}

impl StatKey {
    /// The range a file may set this number to (`limits`): wide enough for any design, narrow
    /// enough that no derived sum overflows.
    pub fn limit(self) -> crate::limits::Limit {
        use crate::limits::*;
        match self {
            StatKey::Xp => XP_OVERRIDE,
            StatKey::Hp => HP_OVERRIDE,
            StatKey::Ac | StatKey::Fortitude | StatKey::Reflex | StatKey::Will => DEFENSE_OVERRIDE,
            StatKey::SavingThrowBonus | StatKey::Initiative | StatKey::Perception => BONUS_OVERRIDE,
            StatKey::ActionPoints | StatKey::Recoveries => COUNT_OVERRIDE,
            StatKey::Speed => SPEED_OVERRIDE,
            StatKey::Reach => REACH_OVERRIDE,
        }
    }

    /// Whether a higher number makes the monster harder to beat: every stat but XP, which is
    /// what the monster is worth to the party and the encounter budget, not how strong it is.
    pub(crate) fn higher_is_stronger(self) -> bool {
        self != StatKey::Xp
    }
}

/// What an override sets: one of the monster's stats, or the attack bonus of one of its powers
/// (by the power's name).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Target {
    /// A stat of the monster (`overrides: {hp: ...}`).
    Stat(StatKey),
    /// The attack bonus of the power of this name (its `overrides: {attack: ...}`).
    Attack(String),
}

impl Target {
    /// "HP", "Bite: attack bonus".
    pub fn label(&self) -> String {
        match self {
            Target::Stat(k) => crate::vocab::Vocabulary::label(*k).to_owned(),
            Target::Attack(power) => format!("{power}: attack bonus"),
        }
    }

    /// The range the number lies in.
    pub(crate) fn limit(&self) -> crate::limits::Limit {
        match self {
            Target::Stat(k) => k.limit(),
            Target::Attack(_) => crate::limits::BONUS_OVERRIDE,
        }
    }

    /// See [`StatKey::higher_is_stronger`]; a higher attack bonus hits more often.
    pub(crate) fn higher_is_stronger(&self) -> bool {
        match self {
            Target::Stat(k) => k.higher_is_stronger(),
            Target::Attack(_) => true,
        }
    }
}

/// A monster's `overrides:`, each stat's value in its own range ([`StatKey::limit`]).
pub(crate) fn stat_overrides(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let mut s = crate::vocab::keyed_by::<StatKey>(|k| crate::limits::override_schema(&k.limit()));
    s.insert(
        "description".into(),
        "Hand-set numbers in place of derived ones, each with the designer's reason.".into(),
    );
    s
}
