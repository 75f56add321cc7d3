//! How a fight file is written as text and read back (version 2).
//!
//! A fight is written at every step, so what a step costs to read and write must not grow with
//! the fight. The file is one YAML document in three parts:
//!
//! ```yaml
//! kind: fight            # the head: YAML a person reads, the fight *now* (without its log)
//! schema_version: 2
//! ...
//! now:
//!   round: 3
//!   ...
//! check: xxh3-0123456789abcdef       # a hash of every other line
//! start: {"round":0,"combatants":[...],"log":[[0,"the fight of Ford begins (seed 7)"]]}
//! steps:
//! - {"step":"damage","who":"bo","amount":5,"log":[[3,"Bo takes 5 damage, 35/40 HP"]]}
//! ```
//!
//! The start and each step (with the log lines it wrote) are one line of JSON, which is YAML
//! too, so the file stays one document a YAML tool reads. Reading parses the head as YAML and
//! the rest as JSON lines, a fiftieth of the cost of YAML; when the check matches and the state
//! now is whole (every id it names is in the fight), the state is taken as written instead of replaying
//! every step. A file edited by hand (the check no longer matches), a file of version 1, or one
//! whose lines are not JSON any more is read as plain YAML and replayed: the steps stay the
//! truth.

use crate::fight::file::{Fight, FightKind};
use crate::fight::history::{History, Record, json_nodes};
use crate::fight::model::{FightState, LogLine};
use crate::fight::step::Step;
use crate::xkeys::XKeys;
use crate::yaml_io::{FileError, KeepsXKeys, Seg};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The line that starts the check; the hash follows it.
const CHECK: &str = "check: xxh3-";

/// The head of the file: everything but the start and the steps, and the state now without
/// its log.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Head {
    pub kind: FightKind,
    pub schema_version: u32,
    pub name: String,
    pub encounter: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adventure: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub party: Option<String>,
    #[serde(deserialize_with = "crate::limits::whole_u64")]
    pub seed: u64,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub uid: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub awarded: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub awarding: Option<String>,
    pub now: FightState,
    /// Taken and passed over when the head is read from a whole file (a file of version 1, or
    /// [`crate::yaml_keep`] reading the text a save replaces): the body is written apart.
    #[serde(default, skip_serializing, rename = "start")]
    pub _start: Option<serde::de::IgnoredAny>,
    #[serde(default, skip_serializing, rename = "steps")]
    pub _steps: Option<serde::de::IgnoredAny>,
    #[serde(default, skip_serializing, rename = "check")]
    pub _check: Option<serde::de::IgnoredAny>,
    #[serde(flatten, skip_deserializing)]
    pub extra: XKeys,
}

impl KeepsXKeys for Head {
    fn x_keys_at(&mut self, path: &[Seg]) -> Option<&mut XKeys> {
        path.is_empty().then_some(&mut self.extra)
    }
}

/// A fight file as YAML reads the whole of it: the schema `lairsmith schema fight` gives, and
/// the reader of a file edited by hand or of version 1.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[schemars(title = "Fight", extend("patternProperties" = {"^x-": {}}))]
pub struct Document {
    /// What the file is (`kind: fight`).
    pub kind: FightKind,
    /// The file format's version: 2 (1 is read too).
    #[schemars(range(min = 1, max = 2))]
    pub schema_version: u32,
    /// The fight's title: the encounter's name when it started.
    pub name: String,
    /// The saved encounter it was started from.
    pub encounter: String,
    /// The adventure it belongs to.
    #[serde(default)]
    pub adventure: Option<String>,
    /// The saved party the characters come from.
    #[serde(default)]
    pub party: Option<String>,
    /// Every roll of the fight comes from this seed and the step's number.
    #[serde(deserialize_with = "crate::limits::whole_u64")]
    pub seed: u64,
    /// This fight and no other: the key under which a party records its award.
    #[serde(default)]
    pub uid: String,
    /// Where the XP of the end was written (P10).
    #[serde(default)]
    pub awarded: Vec<String>,
    /// An award begun and not yet recorded: where it goes.
    #[serde(default)]
    pub awarding: Option<String>,
    /// The fight now (written for people and `fight watch`; made again from the steps when the
    /// check does not match).
    pub now: FightState,
    /// A hash of the file's other lines: when it matches, `now` is taken as written.
    #[serde(default)]
    pub check: Option<String>,
    /// The fight as it started.
    pub start: FightState,
    /// Every change the GM made, in order, each with the log lines it wrote.
    #[serde(default)]
    #[schemars(with = "Vec<Record>")]
    pub steps: Vec<yaml_serde::Value>,
    /// The file's own `x-` keys.
    #[serde(flatten, skip_deserializing)]
    #[schemars(skip)]
    pub extra: XKeys,
}

impl KeepsXKeys for Document {
    fn x_keys_at(&mut self, path: &[Seg]) -> Option<&mut XKeys> {
        path.is_empty().then_some(&mut self.extra)
    }
}

/// The head of `f` as written.
pub(crate) fn head_of(f: &Fight) -> Head {
    Head {
        kind: FightKind::Fight,
        schema_version: crate::fight::file::FIGHT_SCHEMA_VERSION,
        name: f.name.clone(),
        encounter: f.encounter.clone(),
        adventure: f.adventure.clone(),
        party: f.party.clone(),
        seed: f.seed,
        uid: f.uid.clone(),
        awarded: f.awarded.clone(),
        awarding: f.awarding.clone(),
        now: f.now.clone_without_log(),
        _start: None,
        _steps: None,
        _check: None,
        extra: f.extra.clone(),
    }
}

/// The lines after the check: the start, then each step with the log lines it wrote; and the
/// values (YAML's nodes) of the steps' lines, which the check line records.
pub(crate) fn body_of(f: &Fight) -> (String, usize) {
    let mut s = String::with_capacity(f.history.text_len() + 4096);
    s.push_str("start: ");
    s.push_str(&json(&f.start));
    s.push('\n');
    if f.history.is_empty() {
        s.push_str("steps: []\n");
        return (s, 0);
    }
    s.push_str("steps:\n");
    let at = s.len();
    f.history.body_lines(&mut s);
    let values = f.history.read_values() + json_nodes(&s[at + f.history.read_len()..]);
    (s, values)
}

/// JSON text of a value lairsmith made (which always serializes).
fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("fight values always serialize")
}

/// The hash a check line gives for a file of `head`, `body` and the steps' `values`.
fn hash(head: &str, values: usize, body: &str) -> u64 {
    let values = values.to_string();
    crate::hash::xxh3_of(&[head.as_bytes(), values.as_bytes(), body.as_bytes()])
}

/// The text of a file of version 2 made of a head's text and the fight's body, whose steps
/// hold `values` values.
pub(crate) fn assemble(head: &str, (body, values): &(String, usize)) -> String {
    let mut text = String::with_capacity(head.len() + body.len() + 48);
    text.push_str(head);
    text.push_str(&format!(
        "{CHECK}{:016x} {values}\n",
        hash(head, *values, body)
    ));
    text.push_str(body);
    text
}

/// A file of version 2 cut into its parts, before anything is parsed.
pub struct Parts<'a> {
    /// The head's text, up to the check line.
    pub head: &'a str,
    /// The hash the check line gives.
    pub check: u64,
    /// The values of the steps' lines, as the check line gives them.
    pub values: usize,
    /// Everything after the check line.
    pub body: &'a str,
    /// The line of the file (from 1) where the body starts.
    pub body_line: usize,
}

impl Parts<'_> {
    /// Whether the check matches the other lines.
    pub fn checks(&self) -> bool {
        hash(self.head, self.values, self.body) == self.check
    }
}

/// `text` cut at its check line, when it has one where version 2 writes it: a line of its own
/// at the top level, followed by the start. `None` for anything else (version 1, a file
/// rewritten by another tool), which is read as plain YAML.
pub fn split(text: &str) -> Option<Parts<'_>> {
    // The first such line: the head is small and the body's lines are JSON, which holds none.
    let at = text.find(&format!("\n{CHECK}"))? + 1;
    let rest = &text[at + CHECK.len()..];
    let end = rest.find('\n')?;
    let (check, values) = rest[..end].trim_end_matches('\r').split_once(' ')?;
    let check = u64::from_str_radix(check, 16).ok()?;
    let values = values.parse().ok()?;
    let body = &rest[end + 1..];
    if !body.starts_with("start: {") {
        return None;
    }
    let body_line = memchr::memchr_iter(b'\n', &text.as_bytes()[..at]).count() + 2;
    Some(Parts {
        head: &text[..at],
        check,
        values,
        body,
        body_line,
    })
}

/// The start of a body written as JSON lines, and its steps kept as written (each line checked
/// to be one, not parsed); `None` when the body is not in that layout (then the whole file is
/// read as YAML, which says where anything is wrong).
pub(crate) fn read_body(body: &str, values: Option<usize>) -> Option<(FightState, History)> {
    let (first, rest) = body.split_once('\n')?;
    let start: FightState = serde_json::from_str(first.strip_prefix("start: ")?).ok()?;
    let (second, rest) = rest.split_once('\n').unwrap_or((rest, ""));
    let steps = match second {
        "steps: []" if rest.trim().is_empty() => "",
        "steps:" => rest,
        _ => return None,
    };
    // Each step a line of its own, `- {...}`; nothing after them but blank lines.
    let end = steps
        .split_inclusive('\n')
        .take_while(|l| l.starts_with("- {") && l.ends_with("}\n"))
        .map(str::len)
        .sum::<usize>();
    if !steps[end..].trim().is_empty() {
        return None;
    }
    Some((start, History::of_lines(&steps[..end], values)))
}

/// The step of the record at `steps[i]` of a document read as YAML, and its log lines; or why
/// it is no step.
pub(crate) fn record_from_yaml(
    mut value: yaml_serde::Value,
) -> Result<(Step, Vec<LogLine>), String> {
    let log = match &mut value {
        yaml_serde::Value::Mapping(m) => m.remove("log"),
        _ => None,
    };
    let log: Vec<LogLine> = match log {
        Some(l) => Vec::deserialize(l).map_err(|e| format!("its `log:`: {}", plain(&e)))?,
        None => Vec::new(),
    };
    let step = Step::deserialize(value).map_err(|e| plain(&e))?;
    Ok((step, log))
}

fn plain(e: &impl std::fmt::Display) -> String {
    crate::yaml_io::plain_words(&e.to_string())
}

/// Where step `i` (from 0) of a fight's body of version 2 is in its file, for an error.
pub(crate) fn step_error(parts: &Parts<'_>, i: usize, path: &Path, message: String) -> FileError {
    // The start's line, the `steps:` line, then a line a step.
    FileError::new(path, message).at(parts.body_line + 2 + i, 1)
}

/// The whole fight in the shape of a [`Document`] (every part as plain YAML or JSON, without
/// the check): what `fight show --format yaml|json` prints, and a file the YAML reader takes.
impl Serialize for Fight {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Out<'a> {
            #[serde(flatten)]
            head: Head,
            start: &'a FightState,
            steps: Vec<std::borrow::Cow<'a, Record>>,
        }
        let steps = self.history.all().map_err(|u| {
            serde::ser::Error::custom(format!("step {} cannot be read: {}", u.step, u.why))
        })?;
        Out {
            head: head_of(self),
            start: &self.start,
            steps,
        }
        .serialize(s)
    }
}
