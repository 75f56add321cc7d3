//! A fight file: its start, the GM's steps, and the state now (the start with the steps
//! replayed). Apart from the state types ([`super::model`]) so that the state does not name the
//! steps that change it. How it is written as text is [`super::layout`].

use crate::fight::history::History;
use crate::fight::model::FightState;
use crate::xkeys::XKeys;
use serde::{Deserialize, Serialize};

/// The schema version lairsmith writes: a YAML head with the fight now, a check, then the start
/// and each step (with the log lines it wrote) as one JSON line ([`super::layout`]).
pub const FIGHT_SCHEMA_VERSION: u32 = 2;

/// The versions lairsmith reads: 1 (every part in YAML, the log under `now:`) and 2. A file of
/// version 1 is written as version 2 at its next change.
pub(crate) const FIGHT_SCHEMA_VERSIONS: [u32; 2] = [1, 2];

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

/// A fight, as lairsmith holds it: its file's fields, its steps, and the state now with the
/// whole log.
#[derive(Debug, Clone, PartialEq)]
pub struct Fight {
    /// What the file is (`kind: fight`), checked on reading.
    pub kind: FightKind,
    /// The file format's version as read; written as [`FIGHT_SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The fight's title: the encounter's name when it started.
    pub name: String,
    /// The saved encounter it was started from.
    pub encounter: String,
    /// The adventure it belongs to, whose party earns the XP and whose method rolls the
    /// treasure.
    pub adventure: Option<String>,
    /// The saved party the characters come from, which earns the XP.
    pub party: Option<String>,
    /// Every roll of the fight comes from this seed and the step's number.
    pub seed: u64,
    /// This fight and no other, whatever its id and seed: the key under which a party records
    /// the award, so that it is never added twice. Made from the OS's random source when the
    /// fight starts (and when a file of version 1 is first changed).
    pub uid: String,
    /// The fight as it started (its log: the start's lines).
    pub start: FightState,
    /// Every change the GM made, in order, each with the log lines it wrote.
    pub history: History,
    /// The fight now: `start` with the steps replayed. Its `log` is empty: the log is the
    /// start's lines and each step's ([`Fight::log`]).
    pub now: FightState,
    /// Where the XP of the end was written (P10), a line a character, so that it is never
    /// written twice.
    pub awarded: Vec<String>,
    /// An award begun and not yet recorded here: where it goes. The next write of the award
    /// finds whether it reached the party (the party records this fight's [`Fight::uid`]) and
    /// finishes it, never adding it twice.
    pub awarding: Option<String>,
    /// The file's own `x-` keys (the user's or another tool's data), kept through a save.
    pub extra: XKeys,
}

impl Fight {
    /// A fight that starts as `start`, with no steps yet, and a new [`Fight::uid`].
    pub fn new(name: String, encounter: String, seed: u64, start: FightState) -> Fight {
        Fight {
            kind: FightKind::Fight,
            schema_version: FIGHT_SCHEMA_VERSION,
            name,
            encounter,
            adventure: None,
            party: None,
            seed,
            uid: new_uid(),
            now: start.clone_without_log(),
            start,
            history: History::default(),
            awarded: Vec::new(),
            awarding: None,
            extra: XKeys::default(),
        }
    }
}

/// 64 bits from the OS's random source, as 16 hex digits.
pub(crate) fn new_uid() -> String {
    format!("{:016x}", rand::random::<u64>())
}

impl crate::yaml_io::KeepsXKeys for Fight {
    fn x_keys_at(&mut self, path: &[crate::yaml_io::Seg]) -> Option<&mut XKeys> {
        path.is_empty().then_some(&mut self.extra)
    }
}
