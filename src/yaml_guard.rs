//! The guard every YAML file passes before it is deserialized: one pass over the parser's
//! events (saphyr-parser, pure safe Rust, linear in the input) that refuses, with the place,
//!
//! - flow or block collections nested deeper than [`MAX_DEPTH`] (libyaml, behind yaml_serde,
//!   takes time quadratic in flow depth, and serde recurses once per level);
//! - documents whose aliases expand past [`MAX_EXPANDED_BYTES`] of scalar text or
//!   [`MAX_EXPANDED_NODES`] nodes ("billion laughs": a 1 MiB file can otherwise ask for
//!   gigabytes, in `x-` keys as in typed fields);
//! - text the parser cannot read at all.
//!
//! The limits are counted on the events the parse itself produces, so quoting, escapes, block
//! scalars and comments cannot hide a bracket from them, and a bracket inside a string is never
//! mistaken for one. The same pass notes what in an `x-` value a rewrite would change
//! ([`Scan::rewrite_blockers`]), for `fmt`.
//!
//! Why a second parser: yaml_serde does not expose its events, and its libyaml port has only
//! an unsafe API, which this crate forbids. Text this guard's parser refuses is refused; it is
//! never handed to libyaml, so a document cannot smuggle a bomb past the guard by being
//! unreadable to it early.

use crate::yaml_io::FileError;
use saphyr_parser::{Event, Parser, ScalarStyle, Span};
use std::collections::HashMap;
use std::path::Path;

/// The deepest nesting of collections a file may have. lairsmith's own files need four.
pub const MAX_DEPTH: usize = 64;

/// The most scalar text a document may hold once every alias is expanded: four times the
/// largest file lairsmith reads.
pub const MAX_EXPANDED_BYTES: u64 = 4 * crate::yaml_io::MAX_FILE_BYTES as u64;

/// The most nodes (scalars and collections) a document may hold once every alias is expanded.
/// A monster file has a few hundred; each node costs the deserializer about a hundred bytes.
pub const MAX_EXPANDED_NODES: u64 = 100_000;

/// Files up to this size may skip the guard when they cannot hold what it looks for.
pub const UNGUARDED_MAX_BYTES: usize = 64 * 1024;

/// Whether `text` needs the guard's pass. It does not when it cannot hold a hazard, judged by
/// bounds that text cannot fool because they over-count: an alias needs a `*` somewhere; every
/// flow collection needs its own `[` or `{`, so their count bounds the flow depth (quoted ones
/// only make the count larger); and a file of at most [`UNGUARDED_MAX_BYTES`] holds at most
/// half that many nodes. Deep block nesting costs libyaml nothing quadratic and meets
/// yaml_serde's own recursion limit. Nearly every real file takes this path: the guard's pass
/// costs about as much as the parse it protects.
pub fn needs_scan(text: &str) -> bool {
    text.len() > UNGUARDED_MAX_BYTES
        || text.contains('*')
        || text.bytes().filter(|b| matches!(b, b'[' | b'{')).count() > MAX_DEPTH
}

/// Something in an `x-` value that a rewrite in the canonical form would change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blocker {
    pub line: usize,
    pub column: usize,
    pub what: String,
}

/// What the guard learned of a document it let through.
#[derive(Debug, Clone, Default)]
pub struct Scan {
    /// Places in `x-` values that would not come back as written after `fmt`.
    pub rewrite_blockers: Vec<Blocker>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Sequence,
    Mapping,
}

struct Frame {
    kind: Kind,
    anchor: usize,
    bytes: u64,
    nodes: u64,
    /// Inside an `x-` value.
    in_x: bool,
    /// This collection is itself a mapping key.
    is_key: bool,
    /// For mappings: the next node is a key.
    key_next: bool,
    /// For mappings: the value about to come belongs to an `x-` key.
    value_is_x: bool,
}

impl Frame {
    fn new(kind: Kind, anchor: usize, in_x: bool, is_key: bool) -> Frame {
        Frame {
            kind,
            anchor,
            bytes: 0,
            nodes: 1,
            in_x,
            is_key,
            key_next: true,
            value_is_x: false,
        }
    }

    /// Whether the next node is a key, and whether it is inside an `x-` value.
    fn position(&self) -> (bool, bool) {
        match self.kind {
            Kind::Mapping if self.key_next => (true, self.in_x),
            Kind::Mapping => (false, self.in_x || self.value_is_x),
            Kind::Sequence => (false, self.in_x),
        }
    }

    /// A node has been completed at this level.
    fn completed(&mut self, was_key: bool, x_key: bool) {
        if self.kind == Kind::Mapping {
            self.key_next = !was_key;
            self.value_is_x = was_key && x_key;
        }
    }
}

struct Guard<'a> {
    path: &'a Path,
    stack: Vec<Frame>,
    anchors: HashMap<usize, (u64, u64)>,
    bytes: u64,
    nodes: u64,
    blockers: Vec<Blocker>,
}

fn at(path: &Path, span: &Span, msg: String) -> FileError {
    FileError::new(path, msg).at(span.start.line(), span.start.col() + 1)
}

impl Guard<'_> {
    /// Counts `bytes` and `nodes` more into the whole document.
    fn count(&mut self, bytes: u64, nodes: u64, span: &Span, alias: bool) -> Result<(), FileError> {
        self.bytes = self.bytes.saturating_add(bytes);
        self.nodes = self.nodes.saturating_add(nodes);
        let how = if alias {
            "with its aliases expanded, "
        } else {
            ""
        };
        if self.bytes > MAX_EXPANDED_BYTES {
            return Err(at(
                self.path,
                span,
                format!(
                    "{how}the file holds more than {MAX_EXPANDED_BYTES} bytes of text (an alias bomb?); lairsmith refuses it"
                ),
            ));
        }
        if self.nodes > MAX_EXPANDED_NODES {
            return Err(at(
                self.path,
                span,
                format!(
                    "{how}the file holds more than {MAX_EXPANDED_NODES} values (an alias bomb?); lairsmith refuses it"
                ),
            ));
        }
        Ok(())
    }

    /// Adds a finished node's size to the collection it stands in (for that collection's anchor).
    fn add_to_top(&mut self, bytes: u64, nodes: u64) {
        if let Some(top) = self.stack.last_mut() {
            top.bytes = top.bytes.saturating_add(bytes);
            top.nodes = top.nodes.saturating_add(nodes);
        }
    }

    fn block(&mut self, span: &Span, what: String) {
        self.blockers.push(Blocker {
            line: span.start.line(),
            column: span.start.col() + 1,
            what,
        });
    }

    fn event(&mut self, ev: Event<'_>, span: Span) -> Result<(), FileError> {
        let Some(top) = self.stack.last() else {
            return Ok(());
        };
        let (is_key, in_x) = top.position();
        match ev {
            Event::Scalar(value, style, anchor, tag) => {
                if in_x {
                    if let Some(t) = &tag {
                        self.block(&span, format!("the tag `{}`", tag_text(t)));
                    } else if anchor != 0 {
                        self.block(&span, "an anchor (`&`)".into());
                    } else if style == ScalarStyle::Plain
                        && let Some(canonical) = respelled(&value)
                    {
                        self.block(
                            &span,
                            format!("`{value}`, which would be written `{canonical}`"),
                        );
                    }
                }
                let len = value.len() as u64;
                if anchor != 0 {
                    self.anchors.insert(anchor, (len, 1));
                }
                self.count(len, 1, &span, false)?;
                self.add_to_top(len, 1);
                let x_key = is_key && value.starts_with(crate::xkeys::X_PREFIX);
                if let Some(top) = self.stack.last_mut() {
                    top.completed(is_key, x_key);
                }
            }
            Event::Alias(id) => {
                if in_x {
                    self.block(&span, "an alias (`*`)".into());
                }
                let (bytes, nodes) = self.anchors.get(&id).copied().unwrap_or((0, 1));
                self.count(bytes, nodes, &span, true)?;
                self.add_to_top(bytes, nodes);
                if let Some(top) = self.stack.last_mut() {
                    top.completed(is_key, false);
                }
            }
            Event::SequenceStart(anchor, ref tag) | Event::MappingStart(anchor, ref tag) => {
                let kind = if matches!(ev, Event::MappingStart(..)) {
                    Kind::Mapping
                } else {
                    Kind::Sequence
                };
                if in_x {
                    if let Some(t) = tag {
                        self.block(&span, format!("the tag `{}`", tag_text(t)));
                    } else if anchor != 0 {
                        self.block(&span, "an anchor (`&`)".into());
                    }
                }
                if self.stack.len() > MAX_DEPTH {
                    return Err(at(self.path, &span, too_deep_message()));
                }
                self.count(0, 1, &span, false)?;
                self.stack.push(Frame::new(kind, anchor, in_x, is_key));
            }
            Event::SequenceEnd | Event::MappingEnd => {
                if self.stack.len() > 1
                    && let Some(done) = self.stack.pop()
                {
                    if done.anchor != 0 {
                        self.anchors.insert(done.anchor, (done.bytes, done.nodes));
                    }
                    if let Some(parent) = self.stack.last_mut() {
                        parent.bytes = parent.bytes.saturating_add(done.bytes);
                        parent.nodes = parent.nodes.saturating_add(done.nodes);
                        parent.completed(done.is_key, false);
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// How a plain scalar that does not read as a string would be written back, when that differs
/// from how it is written (`~` as `null`, `0o17` as `15`, `1e3` as `1000.0`). Plain scalars that
/// read as strings come back as written, at most quoted.
fn respelled(plain: &str) -> Option<String> {
    let value: yaml_serde::Value = yaml_serde::from_str(plain).ok()?;
    if matches!(value, yaml_serde::Value::String(_)) {
        return None;
    }
    let written = yaml_serde::to_string(&value).ok()?;
    let written = written.trim_end();
    (written != plain).then(|| written.to_owned())
}

/// A tag as it is written in a file: `!!binary`, `!local`, `!e!thing`.
fn tag_text(t: &saphyr_parser::Tag) -> String {
    match t.handle.as_str() {
        "tag:yaml.org,2002:" => format!("!!{}", t.suffix),
        "!" => format!("!{}", t.suffix),
        h => format!("{h}{}", t.suffix),
    }
}

fn too_deep_message() -> String {
    format!("lists and mappings nest more than {MAX_DEPTH} levels deep; lairsmith refuses the file")
}

/// Runs the guard over `text` (the contents of `path`).
pub fn scan(text: &str, path: &Path) -> Result<Scan, FileError> {
    let mut guard = Guard {
        path,
        // The document root: a sequence of one node, never popped.
        stack: vec![Frame::new(Kind::Sequence, 0, false, false)],
        anchors: HashMap::new(),
        bytes: 0,
        nodes: 0,
        blockers: Vec::new(),
    };
    for next in Parser::new_from_str(text) {
        match next {
            Ok((ev, span)) => guard.event(ev, span)?,
            Err(e) => {
                let m = e.marker();
                // The scanner reads ahead, so very deep brackets can meet its own limit before
                // the parser reaches ours: the same refusal, in the same words.
                let msg = if e.info().contains("recursion limit") {
                    too_deep_message()
                } else {
                    e.info().to_owned()
                };
                return Err(FileError::new(path, msg).at(m.line(), m.col() + 1));
            }
        }
    }
    Ok(Scan {
        rewrite_blockers: guard.blockers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scan_str(t: &str) -> Result<Scan, FileError> {
        scan(t, Path::new("t.yaml"))
    }

    #[test]
    fn depth_is_counted_on_events_not_text() {
        let deep = |n: usize| format!("a: {}{}\n", "[".repeat(n), "]".repeat(n));
        assert!(scan_str(&deep(MAX_DEPTH - 1)).is_ok());
        let e = scan_str(&deep(MAX_DEPTH + 1)).unwrap_err();
        // The mapping is the first level, so the 64th bracket is the 65th level.
        assert_eq!((e.line, e.column), (Some(1), Some(MAX_DEPTH + 3)));
        // A quote before the brackets does not hide them.
        let e = scan_str(&format!(
            "x-a: it's\n{}",
            deep(40_000).replace("a:", "x-deep:")
        ))
        .unwrap_err();
        assert!(e.message.contains("nest more than"), "{e}");
        // Brackets inside a block scalar are text.
        let block = format!("a: |\n{}", "  [[[[\n".repeat(70));
        assert!(scan_str(&block).is_ok());
    }

    #[test]
    fn aliases_are_counted_expanded() {
        let big = "A".repeat(400_000);
        let refs = vec!["*a"; 20].join(", ");
        let e = scan_str(&format!("x-a: &a \"{big}\"\nx-r: [{refs}]\n")).unwrap_err();
        assert!(e.message.contains("aliases expanded"), "{e}");
        assert_eq!(e.line, Some(2));
        let nested = format!(
            "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nb: &b [{}]\nc: [{}]\n",
            vec!["*a"; 100].join(","),
            vec!["*b"; 100].join(",")
        );
        let e = scan_str(&nested).unwrap_err();
        assert!(e.message.contains("values"), "{e}");
        assert!(scan_str("a: &a [1, 2]\nb: *a\n").is_ok());
    }

    #[test]
    fn rewrite_blockers_are_found_only_in_x_values() {
        let s = scan_str(
            "name: ~\nx-a: ~\nx-b: [0o17, ok, 'yes', true, 12]\nx-c: !!binary aGk=\nx-d: !!set {a: null}\nx-e: {k: 1e3}\n",
        )
        .unwrap();
        let lines: Vec<usize> = s.rewrite_blockers.iter().map(|b| b.line).collect();
        assert_eq!(lines, vec![2, 3, 4, 5, 6], "{:?}", s.rewrite_blockers);
        assert!(
            s.rewrite_blockers[0]
                .what
                .contains("`~`, which would be written `null`")
        );
    }
}
