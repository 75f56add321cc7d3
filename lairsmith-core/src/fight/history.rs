//! A fight's steps, each with the log lines it wrote.
//!
//! A step reads the fight's file and writes it again, so what it costs must not grow with the
//! fight. The steps a file holds are kept as the file wrote them (one line of JSON each, see
//! [`super::layout`]) and parsed only when something asks for them (an undo, the whole log, an
//! export); a fight written back copies those lines as they were, and only the steps taken since
//! are written anew.

use crate::fight::model::LogLine;
use crate::fight::step::Step;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One step as the file holds it: the step's own keys and `log:`, the lines it wrote.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The step.
    #[serde(flatten)]
    pub step: Step,
    /// The log lines the step wrote, `[round, text]` each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<LogLine>,
}

/// A record's schema: each kind of step's keys and `log:` ([`Step`]'s schema, in which each
/// kind of step allows its own keys only, with `log:` added to each).
impl schemars::JsonSchema for Record {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Record".into()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut schema = <Step as schemars::JsonSchema>::json_schema(generator);
        record_schema(&mut schema);
        schema
    }
}

fn record_schema(schema: &mut schemars::Schema) {
    let log = serde_json::json!({
        "description": "The log lines the step wrote, `[round, text]` each.",
        "type": "array",
        "items": {"$ref": "#/$defs/LogLine"}
    });
    if let Some(obj) = schema.as_object_mut() {
        obj.remove("additionalProperties");
        if let Some(serde_json::Value::Array(kinds)) = obj.get_mut("oneOf") {
            for kind in kinds {
                if let Some(props) = kind.get_mut("properties").and_then(|p| p.as_object_mut()) {
                    props.insert("log".into(), log.clone());
                }
            }
        }
    }
}

/// Why a step kept as its file wrote it could not be read when it was asked for (a file whose
/// check was forged over a broken line): its number from 1, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// The step's number, from 1.
    pub step: usize,
    /// What is wrong with it.
    pub why: String,
}

/// The steps of a fight, each with the log lines it wrote, oldest first.
#[derive(Debug, Clone, Default)]
pub struct History {
    /// The steps the file held, as it wrote them and not parsed yet: lines of `- ` and a
    /// record's JSON, each ending in `\n`. Shared by copies of the fight.
    read: Arc<str>,
    /// How many of `read`'s lines are still steps of the fight (an undo takes them from the
    /// end), and how many bytes they take.
    read_kept: usize,
    read_bytes: usize,
    /// The steps after them, parsed.
    records: Vec<Record>,
    /// The values (YAML's nodes) of `read`'s first `read_bytes`, when known: the check a write
    /// makes need not count them again.
    read_values: Option<usize>,
}

impl PartialEq for History {
    fn eq(&self, other: &History) -> bool {
        self.read_kept == other.read_kept
            && self.records == other.records
            && self.read[..self.read_bytes] == other.read[..other.read_bytes]
    }
}

impl History {
    /// Steps already parsed.
    pub fn of(records: Vec<Record>) -> History {
        History {
            records,
            ..History::default()
        }
    }

    /// Steps as a file's body holds them: `text` is its lines after `steps:`, each `- ` and a
    /// record's JSON, each ending in `\n`; `values`, how many values they hold, if known.
    pub(crate) fn of_lines(text: &str, values: Option<usize>) -> History {
        History {
            read_kept: memchr::memchr_iter(b'\n', text.as_bytes()).count(),
            read_bytes: text.len(),
            read: Arc::from(text),
            records: Vec::new(),
            read_values: values,
        }
    }

    /// The JSON of the kept line `i` (from 0), found by walking the lines.
    fn line(&self, i: usize) -> &str {
        let line = self.read[..self.read_bytes]
            .split_inclusive('\n')
            .nth(i)
            .unwrap_or("");
        line.strip_prefix("- ")
            .unwrap_or(line)
            .trim_end_matches('\n')
    }

    /// The bytes of the kept lines, which [`History::body_lines`] writes first.
    pub(crate) fn read_len(&self) -> usize {
        self.read_bytes
    }

    /// About the bytes the steps take as text, for a buffer's size.
    pub(crate) fn text_len(&self) -> usize {
        self.read_bytes + 256 * self.records.len()
    }

    /// The values the kept lines hold ([`json_nodes`]), counted once.
    pub(crate) fn read_values(&self) -> usize {
        self.read_values
            .unwrap_or_else(|| json_nodes(&self.read[..self.read_bytes]))
    }

    /// How many steps.
    pub fn len(&self) -> usize {
        self.read_kept + self.records.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A step taken, with the lines it wrote.
    pub fn push(&mut self, record: Record) {
        self.records.push(record);
    }

    /// Takes back the last step.
    pub(crate) fn pop(&mut self) -> Result<Option<Record>, Unreadable> {
        if let Some(r) = self.records.pop() {
            return Ok(Some(r));
        }
        if self.read_kept == 0 {
            return Ok(None);
        }
        let r = self.parse_line(self.read_kept - 1)?;
        let kept = &self.read[..self.read_bytes];
        self.read_bytes = kept[..kept.len() - 1].rfind('\n').map_or(0, |k| k + 1);
        self.read_kept -= 1;
        self.read_values = None;
        Ok(Some(r))
    }

    fn parse_line(&self, i: usize) -> Result<Record, Unreadable> {
        parse(self.line(i), i)
    }

    /// Every step parsed, so that [`History::parsed`] has them all.
    pub fn parse_all(&mut self) -> Result<(), Unreadable> {
        if self.read_kept == 0 {
            return Ok(());
        }
        let mut all = Vec::with_capacity(self.len());
        for (i, line) in self.read[..self.read_bytes]
            .split_inclusive('\n')
            .enumerate()
        {
            all.push(parse(line, i)?);
        }
        all.append(&mut self.records);
        *self = History::of(all);
        Ok(())
    }

    /// The steps parsed so far: all of them after [`History::parse_all`], else those taken
    /// since the file was read.
    pub fn parsed(&self) -> &[Record] {
        &self.records
    }

    /// Mutable access to the parsed steps (a replay writes their lines again).
    pub(crate) fn parsed_mut(&mut self) -> &mut [Record] {
        &mut self.records
    }

    /// Whether every step is parsed.
    pub fn is_parsed(&self) -> bool {
        self.read_kept == 0
    }

    /// The last `n` log lines (or all, if fewer), parsing only the steps that hold them.
    pub(crate) fn log_tail(&self, n: usize) -> Result<Vec<LogLine>, Unreadable> {
        let mut out: Vec<LogLine> = Vec::new();
        fn stamp(r: &Record, k: usize) -> Vec<LogLine> {
            let step = u32::try_from(k + 1).unwrap_or(u32::MAX);
            r.log
                .iter()
                .cloned()
                .map(|mut l| {
                    l.step = step;
                    l
                })
                .collect()
        }
        for (j, r) in self.records.iter().enumerate().rev() {
            if out.len() >= n {
                break;
            }
            let k = self.read_kept + j;
            let mut lines = stamp(r, k);
            lines.append(&mut out);
            out = lines;
        }
        let mut i = self.read_kept;
        let mut rest = &self.read[..self.read_bytes];
        while out.len() < n && i > 0 {
            i -= 1;
            let from = rest[..rest.len() - 1].rfind('\n').map_or(0, |k| k + 1);
            let r = parse(&rest[from..], i)?;
            rest = &rest[..from];
            let mut lines = stamp(&r, i);
            lines.append(&mut out);
            out = lines;
        }
        let cut = out.len().saturating_sub(n);
        out.drain(..cut);
        Ok(out)
    }

    /// The lines of a file's body for these steps, after `steps:`: each `- ` and the record's
    /// JSON. Steps kept as read are copied as they were.
    pub(crate) fn body_lines(&self, out: &mut String) {
        out.push_str(&self.read[..self.read_bytes]);
        for r in &self.records {
            out.push_str("- ");
            out.push_str(&serde_json::to_string(r).expect("fight records always serialize"));
            out.push('\n');
        }
    }

    /// The steps taken since the file was read (all of them after [`History::parse_all`]), for
    /// the checks of what is about to be written: the others were checked when they were.
    pub(crate) fn new_records(&self) -> &[Record] {
        &self.records
    }

    /// The number (from 1) of the first step in [`History::parsed`].
    pub(crate) fn first_parsed(&self) -> usize {
        self.read_kept + 1
    }

    /// Every step with its lines, those kept as read parsed on the way (nothing is kept).
    pub fn all(&self) -> Result<Vec<std::borrow::Cow<'_, Record>>, Unreadable> {
        use std::borrow::Cow;
        let mut out = Vec::with_capacity(self.len());
        for (i, line) in self.read[..self.read_bytes]
            .split_inclusive('\n')
            .enumerate()
        {
            out.push(Cow::Owned(parse(line, i)?));
        }
        out.extend(self.records.iter().map(Cow::Borrowed));
        Ok(out)
    }
}

/// The record of a kept line (`- ` and its JSON), step `i` from 0.
fn parse(line: &str, i: usize) -> Result<Record, Unreadable> {
    let json = line
        .strip_prefix("- ")
        .unwrap_or(line)
        .trim_end_matches('\n');
    serde_json::from_str(json).map_err(|e| Unreadable {
        step: i + 1,
        why: crate::yaml_io::plain_words(&e.to_string()),
    })
}

/// How many values (YAML's nodes: mappings, sequences and scalars, keys included) the JSON
/// lines of `body` hold, counted without parsing them. Most of a body is the text of its log
/// lines, which this skips with memchr.
pub(crate) fn json_nodes(body: &str) -> usize {
    let b = body.as_bytes();
    let mut n = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                n += 1;
                i += 1;
                // To the closing quote: the next quote not escaped by a backslash.
                while let Some(k) = memchr::memchr2(b'"', b'\\', &b[i..]) {
                    i += k;
                    if b[i] == b'\\' {
                        i += 2;
                    } else {
                        break;
                    }
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
