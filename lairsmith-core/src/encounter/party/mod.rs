//! Parties: characters with levels, written `4x3` (four level-3 characters), `3,3,4,5`, or
//! with names `Ana=3,Bo=4`; saved as `kind: party` files.

use crate::rules::difficulty::DEFAULT_PARTY_SIZE;
use crate::rules::level::Level;
use crate::xkeys::XKeys;
use crate::yaml_io::{KeepsXKeys, Seg};
use serde::{Deserialize, Serialize};

mod member;
pub use member::*;

/// The most characters a party may have.
pub const MAX_PARTY_SIZE: usize = 64;

/// Why a party has a size it may not have; each message is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PartyError {
    /// A party without characters.
    #[error("the party has no members")]
    NoMembers,
    /// More than [`MAX_PARTY_SIZE`] characters.
    #[error("the party has {n} characters; a party has 1 to {MAX_PARTY_SIZE}")]
    TooMany {
        /// How many characters were given.
        n: usize,
    },
    /// A saved party file without members, by the party's name.
    #[error("the party `{name}` has no members")]
    FileWithoutMembers {
        /// The party's `name:`.
        name: String,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<PartyError> for String {
    fn from(e: PartyError) -> String {
        e.to_string()
    }
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<SpecError> for String {
    fn from(e: SpecError) -> String {
        e.to_string()
    }
}

/// Checks a party's size against 1..=[`MAX_PARTY_SIZE`], the same for specs and files.
pub(crate) fn check_size(n: usize) -> Result<(), PartyError> {
    if (1..=MAX_PARTY_SIZE).contains(&n) {
        Ok(())
    } else if n == 0 {
        Err(PartyError::NoMembers)
    } else {
        Err(PartyError::TooMany { n })
    }
}

/// A party: at least one character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Party {
    /// The characters in the order given. Wherever a party is read it holds 1 to [`MAX_PARTY_SIZE`]
    /// of them (`check_size`).
    pub members: Vec<Member>,
}

impl Party {
    /// `size` characters of one level.
    pub fn uniform(size: usize, level: Level) -> Party {
        Party {
            members: vec![Member::new(level); size],
        }
    }

    /// The default party: four characters of `level` (E1).
    pub fn default_at(level: Level) -> Party {
        Party::uniform(DEFAULT_PARTY_SIZE, level)
    }

    /// How many characters the party has.
    pub fn size(&self) -> usize {
        self.members.len()
    }

    /// The highest character's level (level 1 for a party without characters), against which a
    /// monster far above the party is flagged (E3).
    pub fn highest_level(&self) -> Level {
        self.members
            .iter()
            .map(|m| m.level)
            .max()
            .unwrap_or(Level::MIN)
    }

    /// All characters share one level.
    pub(crate) fn uniform_level(&self) -> Option<Level> {
        let first = self.members.first()?.level;
        self.members
            .iter()
            .all(|m| m.level == first)
            .then_some(first)
    }

    /// Parses `4x3`, `3,3,4,5`, `Ana=3,Bo=4`, or a bare level `5` (four characters of level 5).
    pub fn parse(spec: &str) -> Result<Party, SpecError> {
        Party::parse_spec(spec)
    }

    /// [`Party::parse`], with the reason kept apart so that a caller that also tried the text
    /// as a saved party's id can say both.
    pub(crate) fn parse_spec(spec: &str) -> Result<Party, SpecError> {
        let s = spec.trim();
        let bad = |why: Option<String>| SpecError {
            text: spec.trim().to_owned(),
            why,
        };
        if s.is_empty() {
            return Err(bad(Some("it is empty".into())));
        }
        let level = |t: &str| -> Result<Level, SpecError> {
            let t = t.trim();
            if t.is_empty() {
                return Err(bad(Some("a level is missing".into())));
            }
            let n: i64 = t
                .parse()
                .map_err(|_| bad(Some(format!("`{t}` is not a level"))))?;
            Level::new(n).map_err(|_| {
                bad(Some(format!(
                    "a character's level is from 1 to 30, not {n}"
                )))
            })
        };
        // COUNTxLEVEL only when a number stands before the x, so that an id that holds an x
        // (`nonexistent-party`) is not read as a count that is not a number.
        if !s.contains([',', '=', ':'])
            && let Some((n, l)) = s.split_once(['x', 'X', '×'])
            && !n.trim().is_empty()
            && n.trim().chars().all(|c| c.is_ascii_digit())
        {
            let n: usize = n
                .trim()
                .parse()
                .map_err(|_| bad(Some(format!("{} characters are too many", n.trim()))))?;
            check_size(n).map_err(|e| bad(Some(e.to_string())))?;
            return Ok(Party::uniform(n, level(l)?));
        }
        if !s.contains(',') && !s.contains('=') {
            // A bare level; a word that is no number has none of a spec's forms.
            if s.parse::<i64>().is_err() {
                return Err(bad(None));
            }
            return Ok(Party::default_at(level(s)?));
        }
        let mut members = Vec::new();
        for part in s.split(',').filter(|p| !p.trim().is_empty()) {
            let m = match part.split_once(['=', ':']) {
                Some((name, l)) => {
                    let name = name.trim();
                    if !name.is_empty() {
                        let what = format!("the name of party member {}", members.len() + 1);
                        crate::text::check_name(&what, name)
                            .map_err(|e| bad(Some(e.to_string())))?;
                    }
                    Member {
                        name: Some(name.to_owned()).filter(|n| !n.is_empty()),
                        ..Member::new(level(l)?)
                    }
                }
                None => Member::new(level(part)?),
            };
            members.push(m);
        }
        check_size(members.len()).map_err(|e| bad(Some(e.to_string())))?;
        Ok(Party { members })
    }

    /// "4 × level 6" or "levels 3, 3, 4, 5" (with names where known).
    pub fn describe(&self) -> String {
        if let Some(l) = self.uniform_level()
            && self.members.iter().all(|m| m.name.is_none())
        {
            return format!("{} × level {l}", self.size());
        }
        let parts: Vec<String> = self
            .members
            .iter()
            .map(|m| match &m.name {
                Some(n) => format!("{n} ({})", m.level),
                None => format!("level {}", m.level),
            })
            .collect();
        parts.join(", ")
    }
}

/// The forms a party spec takes, for every message that refuses one.
pub(crate) const SPEC_FORMS: &str =
    "a spec is 4x6 (4 characters of level 6), 3,3,4,5 (one level each) or Ana=3,Bo=4";

/// A text that is not a party spec, and why when it has a spec's shape (`4x40`: the level).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecError {
    /// The text, trimmed.
    pub text: String,
    /// Why, when the text has a spec's shape; `None` for a word with none of the forms.
    pub why: Option<String>,
}

impl SpecError {
    /// "it is not a party spec (why): a spec is ...", to follow what else the text was tried as.
    pub(crate) fn clause(&self) -> String {
        match &self.why {
            Some(why) => format!("it is not a party spec ({why}): {SPEC_FORMS}"),
            None => format!("it is not a party spec: {SPEC_FORMS}"),
        }
    }
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` is not a party spec", self.text)?;
        if let Some(why) = &self.why {
            write!(f, " ({why})")?;
        }
        write!(f, ": {SPEC_FORMS}")
    }
}

impl std::error::Error for SpecError {}

/// The `kind: party` that opens every party file; reading one refuses any other kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum PartyKind {
    /// `kind: party`.
    #[default]
    Party,
}

impl<'de> Deserialize<'de> for PartyKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::yaml_io::read_kind(d, "party", "a party", &[]).map(|()| PartyKind::Party)
    }
}

crate::yaml_io::kind_schema!(PartyKind, "party");

/// The `schema_version` of party files this lairsmith reads and writes.
pub const PARTY_SCHEMA_VERSION: u32 = 1;

/// A saved party file (`parties/<id>.yaml`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(extend("patternProperties" = {"^x-": {}}))]
pub struct PartyFile {
    /// `kind: party`: what the file holds, for lairsmith and for an editor's schema.
    pub kind: PartyKind,
    /// The version of the file format; lairsmith reads the version it writes and refuses any
    /// other.
    #[schemars(extend("const" = PARTY_SCHEMA_VERSION))]
    pub schema_version: u32,
    /// The party's name as the GM typed it; its id is the file's name.
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub name: String,
    /// The characters, in the order given; at least one.
    #[schemars(length(min = 1, max = MAX_PARTY_SIZE))]
    pub members: Vec<Member>,
    /// P9, P20: the encounters the party has had since its last long rest (the streak: every
    /// second one gives each character an action point), 0 to 1,000; without it 0.
    #[serde(
        default,
        skip_serializing_if = "is_zero",
        deserialize_with = "crate::limits::fitting::<crate::limits::EncountersSinceRest, _, _>"
    )]
    #[schemars(
        schema_with = "crate::limits::bounded_schema::<crate::limits::EncountersSinceRest>"
    )]
    pub encounters_since_rest: u32,
    /// The fights whose XP was written to this party (P10), oldest first: a fight found here
    /// is never written again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::PLAYED.max))]
    pub played: Vec<Played>,
    /// The file's own top-level `x-` keys, kept as they were and written back on save.
    #[serde(flatten, skip_deserializing)]
    pub extra: XKeys,
}

/// A fight whose XP was written to a party (P10): which fight, so that it is never written
/// twice, and what it gave.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Played {
    /// The fight's `uid:` (unique to that fight, whatever its id and seed).
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub fight: String,
    /// The fight file's id when its XP was written.
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub id: String,
    /// The saved encounter the fight was started from.
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub encounter: String,
    /// What each character who fought earned.
    #[serde(deserialize_with = "crate::limits::bounded::<crate::limits::FightXpTotal, _, _>")]
    pub xp_each: u64,
    /// The day it was written (UTC), as `2026-11-29`.
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub on: String,
}

impl KeepsXKeys for PartyFile {
    fn x_keys_at(&mut self, path: &[Seg]) -> Option<&mut XKeys> {
        path.is_empty().then_some(&mut self.extra)
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl PartyFile {
    /// How messages name the member at `i` (from 0): their name, else `#N` (their place, from
    /// 1).
    pub fn member_label(&self, i: usize) -> String {
        self.members
            .get(i)
            .and_then(|m| m.name.clone())
            .unwrap_or_else(|| format!("#{}", i + 1))
    }

    /// The place (from 0) of the member `which` names: a name in any case, or `#N` for the
    /// Nth member.
    pub(crate) fn find_member(&self, which: &str) -> Option<usize> {
        let wanted = which.trim();
        let by_place = wanted
            .strip_prefix('#')
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|n| (1..=self.members.len()).contains(n))
            .map(|n| n - 1);
        by_place.or_else(|| {
            self.members.iter().position(|m| {
                m.name
                    .as_deref()
                    .is_some_and(|n| n.eq_ignore_ascii_case(wanted))
            })
        })
    }

    /// The party the file holds; a file without members is refused.
    pub fn party(&self) -> Result<Party, PartyError> {
        if self.members.is_empty() {
            return Err(PartyError::FileWithoutMembers {
                name: self.name.clone(),
            });
        }
        Ok(Party {
            members: self.members.clone(),
        })
    }
}

/// What a party member's schema adds to the derive: its `xp:` within its level's XP (A1, Table –
/// Levels and Their Benefits), and `hp:` and `recoveries_left:` each beside the number it is
/// kept with (P20).
pub(crate) fn member_schema(schema: &mut schemars::Schema) {
    use crate::rules::experience::{first_xp, next_level_xp};
    let levels: Vec<serde_json::Value> = Level::all()
        .map(|l| {
            let mut xp = serde_json::json!({ "minimum": first_xp(l) });
            if let Some(next) = next_level_xp(l) {
                xp["maximum"] = (next - 1).into();
            }
            serde_json::json!({ "properties": { "level": { "const": l.get() }, "xp": xp } })
        })
        .collect();
    // A number given (not `~`, which reads as none) needs the number it is kept beside: current
    // HP a maximum, recoveries left the recoveries a day (P20). That one is not above the other
    // no JSON Schema can say; lairsmith's reader refuses it.
    let needs = |key: &str, other: &str| {
        serde_json::json!({
            "if": { "required": [key], "properties": { key: { "type": "integer" } } },
            "then": { "required": [other], "properties": { other: { "type": "integer" } } },
        })
    };
    schema.insert(
        "allOf".into(),
        serde_json::json!([
            {
                "if": { "required": ["xp"], "properties": { "xp": { "type": "integer" } } },
                "then": { "anyOf": levels },
            },
            needs("hp", "max_hp"),
            needs("recoveries_left", "recoveries"),
        ]),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_uniform_mixed_and_named() {
        let p = Party::parse("4x3").unwrap();
        assert_eq!((p.size(), p.uniform_level().map(Level::get)), (4, Some(3)));
        let p = Party::parse("3,3,4,5").unwrap();
        assert_eq!(p.size(), 4);
        assert_eq!(p.highest_level().get(), 5);
        let p = Party::parse("Ana=3, Bo=4").unwrap();
        assert_eq!(p.members[0].name.as_deref(), Some("Ana"));
        assert_eq!(Party::parse("6").unwrap().size(), 4);
        for bad in ["", "0x3", "4x31", "x3", "a,b", "4x"] {
            assert!(Party::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn callers_can_tell_the_kinds_of_party_error_apart() {
        assert_eq!(check_size(0), Err(PartyError::NoMembers));
        assert_eq!(check_size(65), Err(PartyError::TooMany { n: 65 }));
        let e = Party::parse("0x5").unwrap_err();
        assert_eq!(e.why.as_deref(), Some("the party has no members"));
        assert_eq!(
            e.to_string(),
            "`0x5` is not a party spec (the party has no members): a spec is 4x6 (4 characters of level 6), 3,3,4,5 (one level each) or Ana=3,Bo=4"
        );
    }
}
