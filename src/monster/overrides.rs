//! Hand-set numbers: an override replaces a derived value and says why, so the balance lint
//! can see every departure from the formulas.

use crate::vocabulary;
use serde::{Deserialize, Serialize};

/// A hand-set value with the designer's reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Override {
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
