//! The lint findings of what parsed in a monster file that did not read, so that one run of
//! `lint` names the file's problems and its design findings together.
//!
//! Each value that did not read is replaced by a stand-in, twice over with different stand-ins
//! (level 1 and level 30, standard and elite, with and without an attack, ...), and the design
//! is linted both ways. A finding made both ways does not hang on a stand-in: it is a finding
//! about what the file says. One made only one way is about a stand-in, and is left out.

use crate::monster::block_and_findings;
use crate::monster::design::MonsterDesign;
use crate::monster::diagnose::diagnose;
use crate::monster::lint::Finding;
use crate::monster::template::MonsterTemplates;
use crate::rules::power_vocab::PowerTag;
use crate::yaml_io::Seg;
use std::path::Path;
use yaml_serde::{Mapping, Value};

/// A value's two stand-ins (YAML text), or `None` where the value is left out.
type StandIns = &'static [(&'static str, [Option<&'static str>; 2])];

/// Stand-ins for a monster's own keys. The required keys have one each way.
const MONSTER: StandIns = &[
    ("kind", [Some("monster"), Some("monster")]),
    ("schema_version", [Some("1"), Some("1")]),
    ("id", [Some("stand-in-a"), Some("stand-in-b")]),
    ("name", [Some("Stand-in A"), Some("Stand-in B")]),
    ("level", [Some("1"), Some("30")]),
    ("rank", [Some("standard"), Some("elite")]),
    ("role", [Some("striker"), Some("blocker")]),
    ("size", [Some("medium"), Some("large")]),
    ("source", [Some("natural"), Some("elemental")]),
    ("type", [Some("beast"), Some("humanoid")]),
    ("leader", [Some("false"), Some("true")]),
    ("movement", [None, Some("{walk: 6, fly: 6}")]),
    ("reach", [None, Some("4")]),
];

/// Stand-ins for a power's keys.
const POWER: StandIns = &[
    ("name", [Some("Stand-in A"), Some("Stand-in B")]),
    ("basic", [Some("false"), Some("true")]),
    ("usage", [Some("at-will"), Some("encounter")]),
    ("refresh", [None, Some("[5, 6]")]),
    ("action", [Some("standard"), Some("move")]),
    ("origin", [Some("melee"), Some("ranged")]),
    ("range", [None, Some("5")]),
    ("area", [None, Some("burst 1")]),
    ("targets", [None, Some("one creature")]),
    ("attack", [None, Some("{defense: ac}")]),
    ("attacks", [None, Some("2")]),
    ("damage", [None, Some("at-will-single")]),
    ("damage_type", [None, Some("fire")]),
    ("trigger", [None, Some("stand-in")]),
    ("requirements", [None, Some("stand-in")]),
    ("hit", [None, Some("stand-in")]),
    ("miss", [None, Some("stand-in")]),
    ("effect", [None, Some("stand-in")]),
    ("secondary_attack", [None, Some("stand-in")]),
    ("aftereffect", [None, Some("stand-in")]),
    ("special", [None, Some("stand-in")]),
];

/// Stand-ins for a trait's keys.
const TRAIT: StandIns = &[
    ("name", [Some("Stand-in A"), Some("Stand-in B")]),
    ("aura", [None, Some("1")]),
    ("text", [Some("stand-in a"), Some("stand-in b")]),
];

/// The lint findings of what parsed in the monster file `path` holding `text`, which did not
/// read. Empty when too little parsed to tell (the file is not a mapping, or a whole power or
/// trait did not read).
pub fn findings_of_what_parsed(
    text: &str,
    path: &Path,
    templates: &MonsterTemplates,
) -> Vec<Finding> {
    let Ok(d) = diagnose(text, path) else {
        return Vec::new();
    };
    let Some([first, second]) = [0, 1]
        .map(|way| salvage(&d.doc, &d.bad, way))
        .into_iter()
        .collect::<Option<Vec<_>>>()
        .and_then(|v| <[MonsterDesign; 2]>::try_from(v).ok())
    else {
        return Vec::new();
    };
    let lint = |design: &MonsterDesign| block_and_findings(design, templates, Some(path)).1;
    let other = lint(&second);
    lint(&first)
        .into_iter()
        .filter(|f| {
            other
                .iter()
                .any(|o| o.severity == f.severity && o.code == f.code && o.message == f.message)
        })
        .collect()
}

/// The design `doc` describes with each value at `bad` replaced by its stand-in for `way` (0
/// or 1), or left out. `None` if even that does not read.
fn salvage(doc: &Value, bad: &[Vec<Seg>], way: usize) -> Option<MonsterDesign> {
    let mut doc = doc.clone();
    // Later items first, so that leaving an item out does not move the ones still to do.
    let mut bad = bad.to_vec();
    bad.sort();
    bad.dedup();
    for segs in bad.iter().rev() {
        replace(&mut doc, segs, way)?;
    }
    yaml_serde::from_value(doc).ok()
}

/// Replaces (or leaves out) the value at `segs`. `None` when it is a whole power or trait,
/// which no stand-in can take the place of.
fn replace(doc: &mut Value, segs: &[Seg], way: usize) -> Option<()> {
    match segs {
        [Seg::Key(k)] => {
            if matches!(k.as_str(), "powers" | "traits") {
                return None;
            }
            set(doc.as_mapping_mut()?, k, MONSTER, way);
            Some(())
        }
        [Seg::Key(list), Seg::Index(i)] => {
            if matches!(list.as_str(), "powers" | "traits") {
                return None;
            }
            if let Some(items) = doc.get_mut(list.as_str()).and_then(Value::as_sequence_mut)
                && *i < items.len()
            {
                items.remove(*i);
            }
            Some(())
        }
        [Seg::Key(list), Seg::Index(i), Seg::Key(k)] => {
            let table = match list.as_str() {
                "powers" => POWER,
                "traits" => TRAIT,
                _ => return None,
            };
            let record = doc
                .get_mut(list.as_str())
                .and_then(Value::as_sequence_mut)
                .and_then(|items| items.get_mut(*i))
                .and_then(Value::as_mapping_mut)?;
            if k == "tags" {
                // One misspelt tag leaves the others.
                if let Some(tags) = record.get_mut("tags").and_then(Value::as_sequence_mut) {
                    tags.retain(|t| yaml_serde::from_value::<PowerTag>(t.clone()).is_ok());
                    return Some(());
                }
            }
            set(record, k, table, way);
            Some(())
        }
        _ => None,
    }
}

/// Sets `key` to its stand-in for `way`, or leaves it out if it has none.
fn set(map: &mut Mapping, key: &str, table: StandIns, way: usize) {
    let stand_in = table
        .iter()
        .find(|(k, _)| *k == key)
        .and_then(|(_, s)| s[way])
        .and_then(|s| yaml_serde::from_str::<Value>(s).ok());
    match stand_in {
        Some(v) => {
            map.insert(Value::from(key), v);
        }
        None => {
            map.remove(key);
        }
    }
}
