//! Hand-set numbers: an override replaces a derived value and says why, so the balance lint
//! can see every departure from the formulas.

use crate::vocabulary;
use serde::{Deserialize, Serialize};

/// A hand-set value with the designer's reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Override {
    /// Any whole number reads (its range depends on the stat, checked with the design); one
    /// past i64 is refused here with that sentence rather than serde's words about types.
    #[serde(deserialize_with = "crate::limits::whole_number")]
    pub value: i64,
    #[serde(default)]
    pub reason: String,
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
