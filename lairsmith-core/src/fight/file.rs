//! A fight file: its start, the GM's steps, and the state now (the start with the steps
//! replayed). Apart from the state types ([`super::model`]) so that the state does not name the
//! steps that change it.

use crate::fight::model::FightState;
use crate::fight::step::Step;
use crate::xkeys::XKeys;
use serde::{Deserialize, Serialize};

/// The schema version of fight files.
pub const FIGHT_SCHEMA_VERSION: u32 = 1;

/// The `kind:` of a fight file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum FightKind {
    /// `kind: fight`, the only value.
    #[default]
    Fight,
}

impl<'de> Deserialize<'de> for FightKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::yaml_io::read_kind(d, "fight", "a fight", &[]).map(|()| FightKind::Fight)
    }
}

crate::yaml_io::kind_schema!(FightKind, "fight");

/// A fight file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(extend("patternProperties" = {"^x-": {}}))]
pub struct Fight {
    /// What the file is (`kind: fight`), checked on reading.
    pub kind: FightKind,
    /// The file format's version; this library reads [`FIGHT_SCHEMA_VERSION`] only.
    pub schema_version: u32,
    /// The fight's title: the encounter's name when it started.
    pub name: String,
    /// The saved encounter it was started from.
    pub encounter: String,
    /// The adventure it belongs to, whose party earns the XP and whose method rolls the
    /// treasure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adventure: Option<String>,
    /// The saved party the characters come from, which earns the XP.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub party: Option<String>,
    /// Every roll of the fight comes from this seed and the step's number.
    pub seed: u64,
    /// The fight as it started.
    pub start: FightState,
    /// Every change the GM made, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<Step>,
    /// The fight now: `start` with `steps` replayed (written for people and `fight watch`).
    pub now: FightState,
    /// Where the XP of the end was written (P10), so that it is never written twice.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub awarded: Vec<String>,
    /// The file's own `x-` keys (the user's or another tool's data), kept through a save.
    #[serde(flatten, skip_deserializing)]
    pub extra: XKeys,
}

impl crate::yaml_io::KeepsXKeys for Fight {
    fn x_keys_at(&mut self, path: &[crate::yaml_io::Seg]) -> Option<&mut XKeys> {
        path.is_empty().then_some(&mut self.extra)
    }
}
