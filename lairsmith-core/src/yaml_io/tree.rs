//! A YAML document as a tree of located nodes, each value the text the user wrote.
//!
//! Why not yaml_serde: every value here is read as the text the user wrote, with its line and
//! column, so that `[1, ~]` are the keys `1` and `~` a user meant rather than a number and a
//! null, and so that a conflict found after merging can still point at the line that caused it.
//! The events come from the same parser the guard reads, after the guard has passed the text,
//! so the tree is bounded by the guard's limits.

use crate::yaml_io::FileError;
use crate::yaml_io::guard;
use libyaml_safer::{EventData, Parser, ScalarStyle};
use std::collections::HashMap;
use std::path::Path;

/// A YAML node with where it starts in the file (1-based line and column).
#[derive(Debug, Clone)]
pub struct Node {
    /// What the node holds.
    pub kind: Kind,
    /// The line the node starts on, from 1.
    pub line: usize,
    /// The column the node starts at, from 1.
    pub column: usize,
}

/// A node's content, as written.
#[derive(Debug, Clone)]
pub enum Kind {
    /// A single value: its text, and whether it was written plain (no quotes, no block).
    Scalar {
        /// The text as the user wrote it (quotes and escapes resolved).
        value: String,
        /// Written without quotes or a block indicator.
        plain: bool,
    },
    /// A list.
    Seq(Vec<Node>),
    /// A mapping, its pairs in the order written.
    Map(Vec<(Node, Node)>),
}

impl Node {
    /// An empty or `~`/`null` plain scalar: what YAML reads as nothing at all.
    pub fn is_null(&self) -> bool {
        matches!(&self.kind, Kind::Scalar { value, plain: true }
            if matches!(value.as_str(), "" | "~" | "null" | "Null" | "NULL"))
    }

    /// What the node is, for messages ("a list").
    pub fn what(&self) -> &'static str {
        match &self.kind {
            Kind::Scalar { .. } if self.is_null() => "nothing",
            Kind::Scalar { .. } => "a single value",
            Kind::Seq(_) => "a list",
            Kind::Map(_) => "a mapping",
        }
    }

    /// An error in `path` pointing at this node's line and column.
    pub fn error(&self, path: &Path, message: impl Into<String>) -> FileError {
        FileError::new(path, message).at(self.line, self.column)
    }
}

/// A collection being read, with its anchor and, in a mapping, the key waiting for its value.
struct Open {
    node: Node,
    anchor: Option<String>,
    key: Option<Node>,
}

/// Reads the document in `text`; `None` if the text holds no document (only comments).
pub fn read(text: &str, path: &Path) -> Result<Option<Node>, FileError> {
    guard::check(text, path)?;
    // The guard read the same text with the same parser, but a panic here must not end the
    // program either.
    guard::contained(|| read_events(text, path)).unwrap_or_else(|| {
        Err(FileError::new(
            path,
            "the YAML cannot be read: the text holds a construct the YAML reader fails on",
        ))
    })
}

fn read_events(text: &str, path: &Path) -> Result<Option<Node>, FileError> {
    let mut input = text.as_bytes();
    let mut parser = Parser::new();
    parser.set_input_string(&mut input);
    let mut stack: Vec<Open> = Vec::new();
    let mut anchors: HashMap<String, Node> = HashMap::new();
    let mut root: Option<Node> = None;
    let mut documents = 0;
    loop {
        // The guard has parsed this very text without error, so this is only a fallback.
        let event = parser.parse().map_err(|e| {
            let err = FileError::new(path, e.problem().to_owned());
            match e.problem_mark() {
                Some(m) => err.at(m.line as usize + 1, m.column as usize + 1),
                None => err,
            }
        })?;
        let (line, column) = (
            event.start_mark.line as usize + 1,
            event.start_mark.column as usize + 1,
        );
        let at = |kind| Node { kind, line, column };
        let done = match event.data {
            EventData::StreamEnd => return Ok(root),
            EventData::DocumentStart { .. } => {
                documents += 1;
                if documents > 1 {
                    return Err(FileError::new(
                        path,
                        "the file holds more than one YAML document (`---`); keep one",
                    )
                    .at(line, column));
                }
                None
            }
            EventData::Scalar {
                anchor,
                value,
                style,
                ..
            } => {
                let node = at(Kind::Scalar {
                    value,
                    plain: style == ScalarStyle::Plain,
                });
                if let Some(name) = anchor {
                    anchors.insert(name, node.clone());
                }
                Some(node)
            }
            EventData::Alias { anchor } => match anchors.get(&anchor) {
                Some(node) => Some(node.clone()),
                None => {
                    return Err(FileError::new(
                        path,
                        format!("the alias `*{anchor}` names no anchor before it"),
                    )
                    .at(line, column));
                }
            },
            EventData::SequenceStart { anchor, .. } => {
                stack.push(Open {
                    node: at(Kind::Seq(Vec::new())),
                    anchor,
                    key: None,
                });
                None
            }
            EventData::MappingStart { anchor, .. } => {
                stack.push(Open {
                    node: at(Kind::Map(Vec::new())),
                    anchor,
                    key: None,
                });
                None
            }
            EventData::SequenceEnd | EventData::MappingEnd => stack.pop().map(|open| {
                if let Some(name) = open.anchor {
                    anchors.insert(name, open.node.clone());
                }
                open.node
            }),
            EventData::StreamStart { .. } | EventData::DocumentEnd { .. } => None,
        };
        let Some(node) = done else {
            continue;
        };
        match stack.last_mut() {
            None => root = Some(node),
            Some(open) => match &mut open.node.kind {
                Kind::Seq(items) => items.push(node),
                Kind::Map(pairs) => match open.key.take() {
                    None => open.key = Some(node),
                    Some(key) => pairs.push((key, node)),
                },
                Kind::Scalar { .. } => {}
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalars_keep_their_text_and_aliases_their_node() {
        let root = read("a: &x [1, ~]\nb: *x\n", Path::new("c.yaml"))
            .unwrap()
            .unwrap();
        let Kind::Map(pairs) = root.kind else {
            panic!("not a map: {root:?}")
        };
        let texts = |n: &Node| match &n.kind {
            Kind::Seq(items) => items
                .iter()
                .map(|i| match &i.kind {
                    Kind::Scalar { value, .. } => value.clone(),
                    _ => String::new(),
                })
                .collect::<Vec<_>>(),
            _ => Vec::new(),
        };
        assert_eq!(texts(&pairs[0].1), ["1", "~"]);
        assert_eq!(texts(&pairs[1].1), ["1", "~"]);
        assert_eq!((pairs[1].0.line, pairs[1].0.column), (2, 1));
        assert!(
            read("# only a comment\n", Path::new("c.yaml"))
                .unwrap()
                .is_none()
        );
    }
}
