//! Every problem of a monster file at once. Reading a file stops at its first error (serde does);
//! `lint` asks for all of them, so a file with a bad level, an unknown role and a misspelt key
//! is fixed in one pass instead of three. Each field is read on its own, with its location.

use crate::monster::design::{
    AbilityScores, Immunity, MAX_TEMPLATES, MonsterKind, Movement, Regeneration, Trait, Variant,
    check_id,
};
use crate::monster::overrides::{Override, StatKey};
use crate::monster::power::Power;
use crate::rules::abilities::Skill;
use crate::rules::creature::{Alignment, CreatureType, DamageType, Size, Source, Tag};
use crate::rules::level::Level;
use crate::rules::rank::Rank;
use crate::rules::role::Role;
use crate::rules::senses::Sense;
use crate::text::check_name;
use crate::yaml_io::{FileError, Seg, yaml_error};
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::path::Path;
use yaml_serde::Value;

/// The most problems reported for one file; the rest are counted.
pub const MAX_PROBLEMS: usize = 20;

/// The keys of a monster file, in schema order.
pub(crate) const MONSTER_KEYS: &[&str] = &[
    "kind",
    "schema_version",
    "id",
    "name",
    "level",
    "rank",
    "role",
    "leader",
    "size",
    "source",
    "type",
    "tags",
    "templates",
    "alignment",
    "abilities",
    "skills",
    "senses",
    "movement",
    "reach",
    "regeneration",
    "languages",
    "telepathy",
    "resistances",
    "vulnerabilities",
    "immunities",
    "traits",
    "powers",
    "overrides",
    "equipment",
    "description",
    "tactics",
    "variants",
];

const REQUIRED: &[&str] = &[
    "kind",
    "schema_version",
    "id",
    "name",
    "level",
    "rank",
    "role",
    "size",
    "source",
    "type",
];

/// The keys of a power.
pub(crate) const POWER_KEYS: &[&str] = &[
    "name",
    "basic",
    "usage",
    "refresh",
    "action",
    "origin",
    "range",
    "area",
    "targets",
    "tags",
    "attack",
    "attacks",
    "damage",
    "damage_type",
    "trigger",
    "requirements",
    "hit",
    "miss",
    "effect",
    "secondary_attack",
    "aftereffect",
    "special",
    "overrides",
];

const TRAIT_KEYS: &[&str] = &["name", "aura", "tags", "text"];

struct Report<'a> {
    text: &'a str,
    path: &'a Path,
    problems: Vec<FileError>,
    /// Where each problem's value is (a misspelt key, a bad field, a missing key), so that
    /// what parsed can be told from what did not.
    bad: Vec<Vec<Seg>>,
}

impl Report<'_> {
    /// A problem with the value at `segs`.
    fn at(&mut self, segs: &[Seg], message: String) {
        self.bad.push(segs.to_vec());
        self.note(segs, message);
    }

    /// A problem shown at `segs`.
    fn note(&mut self, segs: &[Seg], message: String) {
        // A layout the locator does not follow (flow style) gives the nearest enclosing key.
        self.problems.push(
            crate::yaml_io::Refused::new(segs.to_vec(), message).in_file(self.text, self.path),
        );
    }

    fn check<T: DeserializeOwned>(&mut self, segs: &[Seg], v: &Value) -> bool {
        let Err(e) = yaml_serde::from_value::<T>(v.clone()) else {
            return true;
        };
        let msg = e.to_string();
        // The value's own message, without the document position from_value cannot know.
        let msg = msg.split(" at line ").next().unwrap_or(&msg).to_owned();
        match unknown_field(&msg) {
            // A nested record's misspelt key is shown where it is, with the nearest key.
            Some((k, known)) => {
                let mut at = segs.to_vec();
                at.push(key(k));
                let near =
                    crate::vocab::did_you_mean(crate::vocab::closest(k, known.iter().copied()));
                self.bad.push(segs.to_vec());
                self.note(
                    &at,
                    format!(
                        "unknown key `{k}` in `{}`{near}; its keys are {}",
                        shown(segs),
                        known.join(", ")
                    ),
                );
            }
            None => self.at(
                segs,
                format!("{}: {}", shown(segs), crate::yaml_io::plain_words(&msg)),
            ),
        }
        false
    }

    fn keys(&mut self, segs: &[Seg], v: &Value, known: &[&str], what: &str) {
        let Some(map) = v.as_mapping() else { return };
        for k in map.keys().filter_map(Value::as_str) {
            if k.starts_with(crate::xkeys::X_PREFIX) || known.contains(&k) {
                continue;
            }
            let mut at = segs.to_vec();
            at.push(Seg::Key(k.to_owned()));
            let near = crate::vocab::did_you_mean(crate::vocab::closest(k, known.iter().copied()));
            self.at(
                &at,
                format!("unknown key `{k}` in {what}{near}; keys of your own must start with `x-`"),
            );
        }
    }
}

/// The key and the expected keys of serde's "unknown field `k`, expected one of `a`, `b`"
/// (or "expected `a`").
fn unknown_field(msg: &str) -> Option<(&str, Vec<&str>)> {
    let rest = msg.strip_prefix("unknown field `")?;
    let (k, rest) = rest.split_once('`')?;
    let expected = rest.split_once("expected")?.1;
    let known: Vec<&str> = expected
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|w| !w.is_empty())
        .collect();
    (!known.is_empty()).then_some((k, known))
}

fn shown(segs: &[Seg]) -> String {
    let mut s = String::new();
    for seg in segs {
        match seg {
            Seg::Key(k) if s.is_empty() => s.push_str(k),
            Seg::Key(k) => {
                s.push('.');
                s.push_str(k);
            }
            Seg::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s
}

fn key(k: &str) -> Seg {
    Seg::Key(k.to_owned())
}

/// Every problem of the monster file at `path`, whose reading failed with `first`: each field's
/// own, or `first` alone when the fields tell nothing more (a file that cannot be read, is not
/// YAML, or is a stat block printed by `show`, which is one problem, not thirty).
pub fn every_problem(path: &Path, first: FileError) -> Vec<FileError> {
    let all = fields_text(path).map_or_else(Vec::new, |text| all_problems(&text, path));
    if all.is_empty() { vec![first] } else { all }
}

/// The text of the monster file at `path`, if its fields are worth reading one by one: it can
/// be read, and it is not a stat block.
pub fn fields_text(path: &Path) -> Option<String> {
    let text = crate::store::read_limited(path)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())?;
    (!is_stat_block(&text)).then_some(text)
}

/// Whether `text` is a stat block printed by `show --format yaml` (tagged, or from before the
/// tag, when it is told by its derived keys).
fn is_stat_block(text: &str) -> bool {
    let top = |k: &str| text.lines().any(|l| l.starts_with(k));
    text.lines().any(|l| l.trim_end() == "kind: stat-block")
        || (!top("kind:") && top("xp:") && top("defenses:"))
}

/// Every problem serde would find in a monster file, and the checks made after it (schema
/// version, id, name, templates), each with its line and column, at most [`MAX_PROBLEMS`]
/// (then one saying how many more). A file that is not YAML, or that the hostile-file guard
/// refuses, gives that one error.
pub fn all_problems(text: &str, path: &Path) -> Vec<FileError> {
    let mut problems = match diagnose(text, path) {
        Ok(d) => d.problems,
        Err(e) => return vec![e],
    };
    problems.sort_by_key(|e| (e.line.unwrap_or(0), e.column.unwrap_or(0)));
    if problems.len() > MAX_PROBLEMS {
        let more = problems.len() - MAX_PROBLEMS;
        problems.truncate(MAX_PROBLEMS);
        problems.push(FileError::new(path, format!("and {more} more problems")));
    }
    problems
}

/// A monster file's document, its problems and where each problem's value is.
pub struct Diagnosis {
    /// The file as a YAML document, read without the monster's types.
    pub doc: Value,
    /// The problems found, each at its line and column where the text has one.
    pub problems: Vec<FileError>,
    /// The path of each value that did not read (or of each key that is missing).
    pub bad: Vec<Vec<Seg>>,
}

/// Reads every field of a monster file on its own. `Err` when the text is not a YAML mapping
/// (or the hostile-file guard refuses it): then there are no fields to read.
pub(crate) fn diagnose(text: &str, path: &Path) -> Result<Diagnosis, FileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if crate::yaml_io::guard::needs_check(text) {
        crate::yaml_io::guard::check(text, path)?;
    }
    let doc: Value = yaml_serde::from_str(text).map_err(|e| yaml_error(text, path, &e))?;
    let mut r = Report {
        text,
        path,
        problems: Vec::new(),
        bad: Vec::new(),
    };
    let Some(map) = doc.as_mapping() else {
        return Err(FileError::new(
            path,
            "a monster file is a mapping of keys (`kind: monster`, `id: ...`)",
        )
        .at(1, 1));
    };
    r.keys(&[], &doc, MONSTER_KEYS, "a monster");
    for k in REQUIRED {
        if !map.contains_key(*k) {
            r.bad.push(vec![key(k)]);
            r.problems
                .push(FileError::new(path, format!("missing key `{k}`")).at(1, 1));
        }
    }
    for (k, v) in map {
        let Some(name) = k.as_str() else { continue };
        let at = [key(name)];
        match name {
            "kind" => _ = r.check::<MonsterKind>(&at, v),
            "schema_version" => {
                if r.check::<u32>(&at, v)
                    && let Some(msg) = v
                        .as_u64()
                        .and_then(|n| u32::try_from(n).ok())
                        .and_then(crate::monster::file::schema_problem)
                {
                    r.at(&at, msg);
                }
            }
            "reach" | "telepathy" => _ = r.check::<u32>(&at, v),
            "id" => {
                if r.check::<String>(&at, v)
                    && let Err(m) = check_id(v.as_str().unwrap_or_default())
                {
                    r.at(&at, m.to_string());
                }
            }
            "name" => {
                if r.check::<String>(&at, v)
                    && let Err(m) = check_name("the name", v.as_str().unwrap_or_default())
                {
                    r.at(&at, m.to_string());
                }
            }
            "templates" => templates(&mut r, v),
            "equipment" | "description" | "tactics" => _ = r.check::<String>(&at, v),
            "level" => _ = r.check::<Level>(&at, v),
            "rank" => _ = r.check::<Rank>(&at, v),
            "role" => _ = r.check::<Role>(&at, v),
            "leader" => _ = r.check::<bool>(&at, v),
            "size" => _ = r.check::<Size>(&at, v),
            "source" => _ = r.check::<Source>(&at, v),
            "type" => _ = r.check::<CreatureType>(&at, v),
            "alignment" => _ = r.check::<Alignment>(&at, v),
            "abilities" => _ = r.check::<AbilityScores>(&at, v),
            "movement" => _ = r.check::<Movement>(&at, v),
            "regeneration" => _ = r.check::<Regeneration>(&at, v),
            "overrides" => overrides(&mut r, v),
            "tags" => items::<Tag>(&mut r, name, v),
            "languages" => items::<String>(&mut r, name, v),
            "skills" => items::<Skill>(&mut r, name, v),
            "senses" => items::<Sense>(&mut r, name, v),
            "resistances" | "vulnerabilities" => items::<DamageType>(&mut r, name, v),
            "immunities" => items::<Immunity>(&mut r, name, v),
            "variants" => items::<Variant>(&mut r, name, v),
            "traits" => records::<Trait>(&mut r, name, v, TRAIT_KEYS, "a trait"),
            "powers" => records::<Power>(&mut r, name, v, POWER_KEYS, "a power"),
            _ => {}
        }
    }
    let (problems, bad) = (r.problems, r.bad);
    Ok(Diagnosis { doc, problems, bad })
}

/// The templates a monster lists: each an id, and not more than a monster may list.
fn templates(r: &mut Report<'_>, v: &Value) {
    items::<String>(r, "templates", v);
    let Some(list) = v.as_sequence() else { return };
    if list.len() > MAX_TEMPLATES {
        r.at(
            &[key("templates")],
            format!(
                "a monster lists at most {MAX_TEMPLATES} templates; this one lists {}",
                list.len()
            ),
        );
    }
    for (i, id) in list.iter().enumerate() {
        if let Some(Err(m)) = id.as_str().map(check_id) {
            r.at(&[key("templates"), Seg::Index(i)], m.to_string());
        }
    }
}

/// A list whose items are checked one by one, so one bad tag does not hide the next.
fn items<T: DeserializeOwned>(r: &mut Report<'_>, name: &str, v: &Value) {
    match v.as_sequence() {
        Some(list) => {
            for (i, item) in list.iter().enumerate() {
                r.check::<T>(&[key(name), Seg::Index(i)], item);
            }
        }
        None => _ = r.check::<Vec<T>>(&[key(name)], v),
    }
}

/// The stats of `overrides:`, then each override on its own, so that one with both `value` and
/// `by` (or neither) is shown at its own lines.
fn overrides(r: &mut Report<'_>, v: &Value) {
    let at = [key("overrides")];
    if !r.check::<BTreeMap<StatKey, serde::de::IgnoredAny>>(&at, v) {
        return;
    }
    for (k, item) in v.as_mapping().into_iter().flatten() {
        if let Some(stat) = k.as_str() {
            r.check::<Override>(&[key("overrides"), key(stat)], item);
        }
    }
}

/// Stand-ins for a record's required keys, so that one field can be read on its own.
const STAND_INS: &[(&str, &str)] = &[
    ("name", "x"),
    ("usage", "at-will"),
    ("action", "standard"),
    ("origin", "melee"),
    ("text", "x"),
];

/// A list of records (powers, traits): each one's unknown keys, then each field on its own
/// (beside stand-ins for the required keys), so every bad field of every record is named.
fn records<T: DeserializeOwned>(
    r: &mut Report<'_>,
    name: &str,
    v: &Value,
    known: &[&str],
    what: &str,
) {
    let Some(list) = v.as_sequence() else {
        r.check::<Vec<T>>(&[key(name)], v);
        return;
    };
    for (i, item) in list.iter().enumerate() {
        let at = [key(name), Seg::Index(i)];
        r.keys(&at, item, known, what);
        let Some(map) = item.as_mapping() else {
            r.check::<T>(&at, item);
            continue;
        };
        for (k, field) in map {
            let Some(fname) = k.as_str() else { continue };
            if !known.contains(&fname) {
                continue;
            }
            let mut one = yaml_serde::Mapping::new();
            for (sk, sv) in STAND_INS {
                if known.contains(sk) && *sk != fname {
                    one.insert(Value::from(*sk), Value::from(*sv));
                }
            }
            one.insert(k.clone(), field.clone());
            let mut field_at = at.to_vec();
            field_at.push(key(fname));
            match field.as_sequence() {
                // Each tag on its own, so one bad tag does not hide the next.
                Some(tags) if fname == "tags" => {
                    for (i, tag) in tags.iter().enumerate() {
                        let mut tag_at = field_at.clone();
                        tag_at.push(Seg::Index(i));
                        if !r.check::<crate::rules::power_vocab::PowerTag>(&tag_at, tag) {
                            // What parsed keeps its other tags.
                            r.bad.pop();
                            r.bad.push(field_at.clone());
                        }
                    }
                }
                _ => _ = r.check::<T>(&field_at, &Value::Mapping(one)),
            }
        }
        for (sk, _) in STAND_INS {
            if known.contains(sk) && !map.contains_key(*sk) {
                r.bad.push([&at[..], &[key(sk)]].concat());
                r.note(&at, format!("{}: missing key `{sk}`", shown(&at)));
            }
        }
    }
}
