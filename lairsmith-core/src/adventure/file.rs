//! The adventure file (`kind: adventure`): a name, a party (as in encounters; members may carry
//! `xp:`), the saved encounters in the order they are played, how treasure is handed out, the
//! seed its rolls repeat from, and the user's notes.

use crate::encounter::file::{ENCOUNTER_SCHEMA_VERSION, PartyRef};
use crate::encounter::party::Party;
use crate::treasure::Method;
use crate::xkeys::XKeys;
use crate::yaml_io::{FileError, KeepsXKeys, Seg, locate_key};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The schema version of adventure files (the encounter files' version, as they share a party).
pub(crate) const ADVENTURE_SCHEMA_VERSION: u32 = ENCOUNTER_SCHEMA_VERSION;

/// The most encounters an adventure lists: a campaign's worth, and a bound against crafted
/// files (each entry is a file to read).
pub const MAX_ADVENTURE_ENCOUNTERS: usize = 300;

/// The `kind: adventure` that opens every adventure file; reading one refuses any other kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum AdventureKind {
    /// `kind: adventure`.
    #[default]
    Adventure,
}

impl<'de> Deserialize<'de> for AdventureKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::yaml_io::read_kind(d, "adventure", "an adventure", &[])
            .map(|()| AdventureKind::Adventure)
    }
}

crate::yaml_io::kind_schema!(AdventureKind, "adventure");

/// An adventure file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(extend("patternProperties" = {"^x-": {}}))]
pub struct Adventure {
    /// `kind: adventure`: what the file holds, for lairsmith and for an editor's schema.
    pub kind: AdventureKind,
    /// The version of the file format; lairsmith reads the version it writes and refuses any
    /// other.
    #[schemars(extend("const" = ADVENTURE_SCHEMA_VERSION))]
    pub schema_version: u32,
    /// The adventure's name as the GM typed it; the title of its check and of its sheet.
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub name: String,
    /// The party that plays the adventure, as in encounter files: a saved party's id (levelling it
    /// up carries over), `{size, level}` or `{members: [...]}`, whose members may give `xp:` (A1).
    pub party: PartyRef,
    /// The ids of saved encounters (`encounters/<id>.yaml`), in the order they are played.
    #[serde(default)]
    #[schemars(
        length(max = MAX_ADVENTURE_ENCOUNTERS),
        inner(pattern(crate::monster::design::ID_PATTERN), length(max = crate::text::MAX_NAME_CHARS))
    )]
    pub encounters: Vec<String>,
    /// T1: how treasure is handed out; none shows the book's average (E5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub treasure: Option<Method>,
    /// The seed treasure is rolled from, so that a check and an export roll the same treasure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The user's own text: lairsmith never writes into it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// The fights whose XP was written to the party this file holds (P10), oldest first: a
    /// fight found here is never written again. (A saved party keeps its own.)
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::PLAYED.max))]
    pub played: Vec<crate::encounter::party::Played>,
    /// The file's own top-level `x-` keys, kept as they were and written back on save.
    #[serde(flatten, skip_deserializing)]
    pub extra: XKeys,
}

impl KeepsXKeys for Adventure {
    fn x_keys_at(&mut self, path: &[Seg]) -> Option<&mut XKeys> {
        path.is_empty().then_some(&mut self.extra)
    }
}

/// Why an encounter cannot be put into an adventure's list or taken out of it; each message
/// is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ListError {
    /// The id is not a slug.
    #[error(transparent)]
    Id(#[from] crate::monster::design::IdError),
    /// The list holds [`MAX_ADVENTURE_ENCOUNTERS`] already.
    #[error(
        "the adventure already lists {MAX_ADVENTURE_ENCOUNTERS} encounters, the most one holds"
    )]
    Full,
    /// A position past the end plus one (or 0) to insert at; `n` is the list's length.
    #[error("there is no position {at}: the adventure has {n} encounter(s), so --at runs from 1 to {}", .n + 1)]
    NoPosition {
        /// The position asked for, counting from 1.
        at: usize,
        /// How many encounters the adventure lists.
        n: usize,
    },
    /// Nothing to remove.
    #[error("the adventure has no encounters to remove")]
    Empty,
    /// A position outside 1 to `n` to remove.
    #[error("there is no encounter {at}; the adventure has 1 to {n}")]
    NoEncounter {
        /// The position asked for, counting from 1.
        at: usize,
        /// How many encounters the adventure lists.
        n: usize,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<ListError> for String {
    fn from(e: ListError) -> String {
        e.to_string()
    }
}

impl Adventure {
    /// A new adventure named `name` for `party`, written inline, with no encounters, no treasure
    /// method, no seed and no notes.
    pub fn new(name: &str, party: &Party) -> Adventure {
        Adventure {
            kind: AdventureKind::Adventure,
            schema_version: ADVENTURE_SCHEMA_VERSION,
            name: name.to_owned(),
            party: PartyRef::from_party(party),
            encounters: Vec::new(),
            treasure: None,
            seed: None,
            notes: None,
            played: Vec::new(),
            extra: XKeys::default(),
        }
    }

    /// Puts an encounter id at 1-based position `at` (the end when `None`), refusing an id that
    /// is not a slug, a position past the end plus one, and a list already at the most.
    pub fn insert(&mut self, id: &str, at: Option<usize>) -> Result<usize, ListError> {
        crate::monster::design::check_id(id)?;
        if self.encounters.len() >= MAX_ADVENTURE_ENCOUNTERS {
            return Err(ListError::Full);
        }
        let n = self.encounters.len();
        let i = match at {
            None => n,
            Some(p) if (1..=n + 1).contains(&p) => p - 1,
            Some(p) => return Err(ListError::NoPosition { at: p, n }),
        };
        self.encounters.insert(i, id.to_owned());
        Ok(i + 1)
    }

    /// Takes out the encounter at 1-based position `at`, returning its id.
    pub fn remove_at(&mut self, at: usize) -> Result<String, ListError> {
        let n = self.encounters.len();
        if at == 0 || at > n {
            return Err(if n == 0 {
                ListError::Empty
            } else {
                ListError::NoEncounter { at, n }
            });
        }
        Ok(self.encounters.remove(at - 1))
    }
}

/// Parses an adventure file and checks what serde cannot, each error at its line and column.
pub fn parse_adventure(text: &str, path: &Path) -> Result<Adventure, FileError> {
    let a: Adventure = crate::yaml_io::parse(text, path)?;
    let at = |segs: &[Seg], msg: String| {
        // In flow style (`encounters: [a, ../x]`) an item has no line of its own: point at the
        // nearest key that has one rather than at the document start.
        let (l, c) = (0..=segs.len())
            .rev()
            .find_map(|n| locate_key(text, &segs[..n]))
            .unwrap_or((1, 1));
        FileError::new(path, msg).at(l, c)
    };
    let key = |k: &str| Seg::Key(k.to_owned());
    if a.schema_version != ADVENTURE_SCHEMA_VERSION {
        return Err(at(
            &[key("schema_version")],
            format!(
                "schema_version {} is not supported; this lairsmith reads {ADVENTURE_SCHEMA_VERSION}",
                a.schema_version
            ),
        ));
    }
    crate::yaml_io::check_name_at(vec![key("name")], "the adventure's name", &a.name)
        .and_then(|()| crate::encounter::file::check_played(&a.played, vec![key("played")]))
        .map_err(|r| r.in_file(text, path))?;
    match &a.party {
        PartyRef::Saved(id) => crate::monster::design::check_id(id)
            .map_err(|m| at(&[key("party")], format!("the party: {m}")))?,
        PartyRef::Members(members) => {
            crate::encounter::file::check_members(members, vec![key("party"), key("members")])
                .map_err(|r| r.in_file(text, path))?
        }
        PartyRef::Uniform { .. } => {}
    }
    if a.encounters.len() > MAX_ADVENTURE_ENCOUNTERS {
        return Err(at(
            &[key("encounters")],
            format!(
                "the adventure lists {} encounters; an adventure holds at most {MAX_ADVENTURE_ENCOUNTERS}",
                a.encounters.len()
            ),
        ));
    }
    for (i, id) in a.encounters.iter().enumerate() {
        crate::monster::design::check_id(id).map_err(|m| {
            at(
                &[key("encounters"), Seg::Index(i)],
                format!("encounter {}: {m}", i + 1),
            )
        })?;
    }
    Ok(a)
}

#[cfg(test)]
mod list_tests {
    use super::*;

    #[test]
    fn callers_can_tell_the_kinds_of_list_error_apart() {
        let mut a = Adventure::new("Tomb", &crate::encounter::Party::parse("4x3").unwrap());
        assert_eq!(a.remove_at(1), Err(ListError::Empty));
        assert!(matches!(a.insert("Bad Id", None), Err(ListError::Id(_))));
        assert_eq!(a.insert("ambush", None), Ok(1));
        assert_eq!(
            a.insert("bridge", Some(5)),
            Err(ListError::NoPosition { at: 5, n: 1 })
        );
        assert_eq!(
            a.remove_at(3).unwrap_err().to_string(),
            "there is no encounter 3; the adventure has 1 to 1"
        );
    }
}
