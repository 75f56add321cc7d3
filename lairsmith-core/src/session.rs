//! What a face remembers from one session to the next, in `<data>/state.yaml`: the party last
//! used on the Encounter screen, and the encounter and the adventure last opened or saved (by
//! id, in the data directory's `encounters/` and `adventures/`). Never in a monster's or an
//! encounter's file.
//!
//! The file is a convenience, not the GM's work: a missing, unreadable or corrupt one is read
//! as "nothing remembered", and what it names goes through the same checks as the files it
//! comes from. It is written under its lock, changing only what a session changed, so two
//! sessions at once each keep what the other remembered.

use crate::encounter::PartyRef;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The file's name in the data directory.
pub const STATE_FILE: &str = "state.yaml";
const STATE_SCHEMA_VERSION: u32 = 1;

/// What is remembered; each field is `None` when nothing is.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Remembered {
    /// The party of the encounter last on the Encounter screen, as an encounter file names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub party: Option<PartyRef>,
    /// The id of the encounter last opened or saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encounter: Option<String>,
    /// The id of the adventure last opened or saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adventure: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct StateFile {
    kind: String,
    schema_version: u32,
    #[serde(flatten)]
    remembered: Remembered,
}

impl crate::yaml_io::KeepsXKeys for StateFile {
    fn x_keys_at(&mut self, _: &[crate::yaml_io::Seg]) -> Option<&mut crate::xkeys::XKeys> {
        None
    }
}

impl Remembered {
    /// What `now` remembers that this does not: its fields that are set and differ.
    pub fn changes_to(&self, now: &Remembered) -> Remembered {
        fn changed<T: Clone + PartialEq>(was: &Option<T>, now: &Option<T>) -> Option<T> {
            now.clone().filter(|n| was.as_ref() != Some(n))
        }
        Remembered {
            party: changed(&self.party, &now.party),
            encounter: changed(&self.encounter, &now.encounter),
            adventure: changed(&self.adventure, &now.adventure),
        }
    }

    /// Nothing is remembered.
    pub fn is_empty(&self) -> bool {
        *self == Remembered::default()
    }

    /// Takes every field `changes` sets.
    pub fn merge(&mut self, changes: &Remembered) {
        if changes.party.is_some() {
            self.party.clone_from(&changes.party);
        }
        if changes.encounter.is_some() {
            self.encounter.clone_from(&changes.encounter);
        }
        if changes.adventure.is_some() {
            self.adventure.clone_from(&changes.adventure);
        }
    }
}

/// The state file of the data directory at `root`.
pub fn path(root: &Path) -> PathBuf {
    root.join(STATE_FILE)
}

/// What `text` remembers, keeping only what would be accepted in the files it comes from: ids
/// that are ids, and a party an encounter file would take. Anything else is forgotten.
fn parse(text: &str, path: &Path) -> Remembered {
    let Ok(file) = crate::yaml_io::parse::<StateFile>(text, path) else {
        return Remembered::default();
    };
    if file.kind != "state" || file.schema_version != STATE_SCHEMA_VERSION {
        return Remembered::default();
    }
    let mut r = file.remembered;
    let is_id = |id: &Option<String>| {
        id.as_deref()
            .is_some_and(|i| crate::monster::design::check_id(i).is_ok())
    };
    if !is_id(&r.encounter) {
        r.encounter = None;
    }
    if !is_id(&r.adventure) {
        r.adventure = None;
    }
    // The party goes through an encounter file's own checks (names, levels, size, a saved
    // party's id), so nothing reaches the screen that a file could not hold.
    if let Some(p) = &r.party {
        let one = crate::rules::Level::MIN;
        let mut e = crate::encounter::Encounter::new(
            "Remembered",
            &crate::encounter::Party::default_at(one),
        );
        e.party = p.clone();
        if crate::encounter::parse_encounter(&crate::yaml_io::to_string(&e), path).is_err() {
            r.party = None;
        }
    }
    r
}

/// What the state file in `root` remembers; nothing when it is missing or cannot be read.
pub fn read(root: &Path) -> Remembered {
    let path = path(root);
    match crate::store::read_limited(&path) {
        Ok(bytes) => std::str::from_utf8(&bytes)
            .map_or_else(|_| Remembered::default(), |text| parse(text, &path)),
        Err(_) => Remembered::default(),
    }
}

/// Writes `changes` into the state file in `root` under its lock, keeping what they do not
/// change (what another session remembered meanwhile). A file that cannot be read is replaced.
pub fn write(root: &Path, changes: &Remembered) -> Result<(), crate::store::SaveError> {
    let path = path(root);
    crate::store::update_locked::<crate::store::SaveError>(&path, |current| {
        let mut r = current
            .and_then(|b| std::str::from_utf8(b).ok())
            .map(|t| parse(t, &path))
            .unwrap_or_default();
        r.merge(changes);
        let file = StateFile {
            kind: "state".into(),
            schema_version: STATE_SCHEMA_VERSION,
            remembered: r,
        };
        Ok(Some(crate::yaml_io::to_string(&file).into_bytes()))
    })?;
    Ok(())
}
