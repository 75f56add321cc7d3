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
//! now is whole ([`super::consistent`]), the state is taken as written instead of replaying
//! every step. A file edited by hand (the check no longer matches), a file of version 1, or one
//! whose lines are not JSON any more is read as plain YAML and replayed: the steps stay the
//! truth.

use crate::fight::file::{Fight, FightKind};
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

/// One step as the file holds it: the step's own keys and `log:`, the lines it wrote.
#[derive(Debug, Clone, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Record {
    /// The step.
    #[serde(flatten)]
    pub step: Step,
    /// The log lines the step wrote, `[round, text]` each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<LogLine>,
}

/// The record written for `step` with its lines.
#[derive(Serialize)]
struct RecordOut<'a> {
    #[serde(flatten)]
    step: &'a Step,
    #[serde(skip_serializing_if = "<[LogLine]>::is_empty")]
    log: &'a [LogLine],
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

/// The lines after the check: the start, then each step with the log lines it wrote.
pub(crate) fn body_of(f: &Fight) -> String {
    let mut s = String::with_capacity(64 * (f.steps.len() + 8));
    s.push_str("start: ");
    s.push_str(&json(&f.start));
    s.push('\n');
    if f.steps.is_empty() {
        s.push_str("steps: []\n");
        return s;
    }
    s.push_str("steps:\n");
    for r in records(f) {
        s.push_str("- ");
        s.push_str(&json(&r));
        s.push('\n');
    }
    s
}

/// Each step of `f` with the log lines it wrote.
fn records(f: &Fight) -> Vec<RecordOut<'_>> {
    let log = &f.now.log;
    let mut at = log.partition_point(|l| l.step == 0);
    f.steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let n = u32::try_from(i + 1).unwrap_or(u32::MAX);
            let from = at;
            while at < log.len() && log[at].step == n {
                at += 1;
            }
            RecordOut {
                step,
                log: &log[from..at],
            }
        })
        .collect()
}

/// JSON text of a value lairsmith made (which always serializes).
fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("fight values always serialize")
}

/// The check line for a file whose other lines are `head` and `body`.
pub(crate) fn check_line(head: &str, body: &str) -> String {
    format!("{CHECK}{:016x}\n", hash(head, body))
}

fn hash(head: &str, body: &str) -> u64 {
    crate::hash::xxh3_of(&[head.as_bytes(), body.as_bytes()])
}

/// The text of a file of version 2 made of a head's text and the fight's body.
pub(crate) fn assemble(head: &str, body: &str) -> String {
    let mut text = String::with_capacity(head.len() + body.len() + 40);
    text.push_str(head);
    text.push_str(&check_line(head, body));
    text.push_str(body);
    text
}

/// A file of version 2 cut into its parts, before anything is parsed.
pub struct Parts<'a> {
    /// The head's text, up to the check line.
    pub head: &'a str,
    /// The hash the check line gives.
    pub check: u64,
    /// Everything after the check line.
    pub body: &'a str,
    /// The line of the file (from 1) where the body starts.
    pub body_line: usize,
}

impl Parts<'_> {
    /// Whether the check matches the other lines.
    pub fn checks(&self) -> bool {
        hash(self.head, self.body) == self.check
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
    let check = u64::from_str_radix(rest[..end].trim_end_matches('\r'), 16).ok()?;
    let body = &rest[end + 1..];
    if !body.starts_with("start: {") {
        return None;
    }
    let body_line = text[..at].bytes().filter(|b| *b == b'\n').count() + 2;
    Some(Parts {
        head: &text[..at],
        check,
        body,
        body_line,
    })
}

/// The start and the records of a body written as JSON lines, or `None` when the body is not
/// in that layout (then the whole file is read as YAML, which says where anything is wrong).
pub fn read_body(body: &str) -> Option<(FightState, Vec<Record>)> {
    let mut lines = body.lines();
    let start: FightState = serde_json::from_str(lines.next()?.strip_prefix("start: ")?).ok()?;
    let mut records = Vec::new();
    match lines.next()? {
        "steps: []" => {}
        "steps:" => {
            for line in lines.by_ref() {
                if line.is_empty() {
                    break;
                }
                records.push(serde_json::from_str(line.strip_prefix("- ")?).ok()?);
            }
        }
        _ => return None,
    }
    // Nothing may follow but blank lines: anything else is for the YAML reader to judge.
    if lines.any(|l| !l.trim().is_empty()) {
        return None;
    }
    Some((start, records))
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

/// How many values (YAML's nodes: mappings, sequences and scalars, keys included) the JSON
/// lines of `body` hold, counted without parsing them.
pub(crate) fn json_nodes(body: &str) -> usize {
    let b = body.as_bytes();
    let mut n = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                n += 1;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'{' | b'[' => {
                n += 1;
                i += 1;
            }
            b'-' | b'0'..=b'9' | b't' | b'f' | b'n' => {
                n += 1;
                while i < b.len() && !matches!(b[i], b',' | b']' | b'}' | b'\n' | b' ' | b':') {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    n
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
            steps: Vec<RecordOut<'a>>,
        }
        Out {
            head: head_of(self),
            start: &self.start,
            steps: records(self),
        }
        .serialize(s)
    }
}
