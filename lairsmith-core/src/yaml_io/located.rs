//! Where in a file a problem is: the located error every reader gives ([`FileError`]), the
//! path of a node in a document ([`Seg`]), a value refused at a path ([`Refused`]), and the line
//! and column of a key, a byte offset or a path. A leaf: the guard, the parser and the readers of
//! every file type build on it.

use crate::hint::Hint;
use std::fmt;
use std::path::{Path, PathBuf};

/// Why a stat block (`show --format yaml`'s, every derived number) is no monster file; its
/// hint, [`Hint::ShowDesign`], is [`FileError::hint`].
pub const STAT_BLOCK_NOT_DESIGN: &str = "this is a stat block printed by `show --format yaml`, not a monster design: it holds every derived number and cannot be read back";

/// A problem with one file, located as precisely as the parser allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    /// The file, as the caller named it; the message starts with it.
    pub path: PathBuf,
    /// The line (1-based) the problem is on, if known.
    pub line: Option<usize>,
    /// The column (1-based, in characters) on that line, if known.
    pub column: Option<usize>,
    /// What is wrong, as a sentence for the user.
    pub message: String,
}

impl FileError {
    /// An error about the whole file, at no line.
    pub fn new(path: &Path, message: impl Into<String>) -> FileError {
        FileError {
            path: path.to_owned(),
            line: None,
            column: None,
            message: message.into(),
        }
    }

    /// What the user can do next, which the message leaves for each face to word: print the
    /// design of a monster whose stat block was given for its file ([`STAT_BLOCK_NOT_DESIGN`],
    /// [`Hint::ShowDesign`]).
    pub fn hint(&self) -> Option<Hint> {
        // The sentence ends the message, after the key it is about (`kind: `) where there is one.
        (self.message.ends_with(STAT_BLOCK_NOT_DESIGN)).then_some(Hint::ShowDesign)
    }

    /// The same error, placed at `line` and `column` (both 1-based).
    pub fn at(mut self, line: usize, column: usize) -> FileError {
        self.line = Some(line);
        self.column = Some(column);
        self
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(l) = self.line {
            write!(f, ":{l}")?;
            if let Some(c) = self.column {
                write!(f, ":{c}")?;
            }
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for FileError {}

/// One step of a path into a YAML document.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Seg {
    /// A mapping's key.
    Key(String),
    /// A sequence's item, from 0.
    Index(usize),
}

/// Which character a reader error is about, for its message: " (ESC, U+001B)" and how a
/// double-quoted string writes it, since the character itself is invisible in most editors.
pub(crate) fn character_at(text: &str, offset: usize) -> String {
    let Some(c) = text.get(offset..).and_then(|t| t.chars().next()) else {
        return String::new();
    };
    let name = match c {
        '\0' => "NUL, ",
        '\u{7}' => "BEL, ",
        '\u{8}' => "backspace, ",
        '\u{1b}' => "ESC, ",
        '\u{7f}' => "DEL, ",
        _ => "",
    };
    let code = u32::from(c);
    let escape = if code <= 0xff {
        format!("\\x{code:02x}")
    } else {
        format!("\\u{code:04x}")
    };
    format!(" ({name}U+{code:04X}); a double-quoted string can hold it written as `{escape}`")
}

/// The 1-based line and column (in characters, as the parser counts its own marks) of the
/// byte `offset` of `text`. Lines break as the YAML reader breaks them: at LF, CR LF, a lone
/// CR, NEL, LS and PS, so that a reader error and a scanner error in one file agree.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let (mut line, mut column) = (1, 1);
    let mut chars = text[..offset].chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}' => {
                line += 1;
                column = 1;
            }
            _ => column += 1,
        }
    }
    (line, column)
}

pub(crate) fn display_path(segs: &[Seg]) -> String {
    let mut s = String::new();
    for seg in segs {
        match seg {
            Seg::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Seg::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s
}

/// Finds the line and column (1-based) of the key at `segs` in block-style YAML. Returns `None`
/// for layouts it does not follow (flow style), where callers fall back to the document start.
pub(crate) fn locate_key(text: &str, segs: &[Seg]) -> Option<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    // The node being searched: lines [start, end), whose keys sit at column `indent`.
    let (mut start, mut end) = (0usize, lines.len());
    let mut indent: Option<usize> = Some(0);
    let mut found = None;
    for seg in segs {
        match seg {
            Seg::Key(key) => {
                let child_indent = indent
                    .or_else(|| (start..end).find_map(|i| key_column(lines[i]).map(|(c, _)| c)))?;
                let (li, col) = (start..end).find_map(|i| {
                    let (col, rest) = key_column(lines[i])?;
                    let k = rest.split(':').next()?.trim().trim_matches(['"', '\'']);
                    (col == child_indent && k == key).then_some((i, col))
                })?;
                found = Some((li + 1, col + 1));
                indent = None;
                start = li + 1;
                end = block_end(&lines, li, col, true);
            }
            Seg::Index(n) => {
                let mut items = (start..end).filter_map(|i| {
                    let t = lines[i].trim_start();
                    (t.starts_with("- ") || t == "-").then_some((i, lines[i].len() - t.len()))
                });
                let (first, dash) = items.next()?;
                let (li, col) = std::iter::once((first, dash))
                    .chain(items.filter(|&(_, c)| c == dash))
                    .nth(*n)?;
                found = Some((li + 1, col + 1));
                indent = Some(col + 2);
                start = li;
                end = block_end(&lines, li, col, false);
            }
        }
    }
    found
}

/// The column of the key on a line (after any `- ` markers) and the rest of the line.
fn key_column(line: &str) -> Option<(usize, &str)> {
    let mut col = 0;
    let mut rest = line;
    loop {
        let trimmed = rest.trim_start_matches(' ');
        col += rest.len() - trimmed.len();
        rest = trimmed;
        match rest.strip_prefix("- ") {
            Some(r) => {
                col += 2;
                rest = r;
            }
            None => break,
        }
    }
    (!rest.is_empty() && !rest.starts_with('#')).then_some((col, rest))
}

/// Where the node starting on line `li` at column `col` ends: the first later line indented at
/// or left of `col`. A key's block also holds a sequence written at the key's own column.
fn block_end(lines: &[&str], li: usize, col: usize, is_key: bool) -> usize {
    (li + 1..lines.len())
        .find(|&i| {
            let t = lines[i].trim_start();
            let c = lines[i].len() - t.len();
            let continues_sequence = is_key && c == col && t.starts_with('-');
            !t.is_empty() && !t.starts_with('#') && c <= col && !continues_sequence
        })
        .unwrap_or(lines.len())
}

/// A value in a file that lairsmith refuses, and where in the document it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// Where the value is: the path from the top of the document.
    pub at: Vec<Seg>,
    /// Why it is refused, as a sentence for the user.
    pub message: String,
}

impl Refused {
    /// A refusal of the value at `at`.
    pub fn new(at: Vec<Seg>, message: impl Into<String>) -> Refused {
        Refused {
            at,
            message: message.into(),
        }
    }

    /// The located error for the file `path` holding `text`. A layout the locator does not
    /// follow (flow style) falls back to the nearest enclosing key it finds, then to line 1.
    pub(crate) fn in_file(self, text: &str, path: &Path) -> FileError {
        let (line, column) = (1..=self.at.len())
            .rev()
            .find_map(|n| locate_key(text, &self.at[..n]))
            .unwrap_or((1, 1));
        FileError::new(path, self.message).at(line, column)
    }
}

/// Checks a name held at `at` in a document; see [`crate::text::check_name`].
pub(crate) fn check_name_at(at: Vec<Seg>, what: &str, name: &str) -> Result<(), Refused> {
    crate::text::check_name(what, name).map_err(|m| Refused::new(at, m))
}

/// A path into a document from keys and indices, for [`Refused`].
pub fn key(k: &str) -> Seg {
    Seg::Key(k.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(s: &str) -> Seg {
        Seg::Key(s.to_owned())
    }

    #[test]
    fn locates_nested_keys() {
        let text =
            "name: a\npowers:\n- name: b\n  hit: c\n- name: d\n  zap: 1\ntraits: []\nzap: 2\n";
        assert_eq!(locate_key(text, &[k("zap")]), Some((8, 1)));
        assert_eq!(
            locate_key(text, &[k("powers"), Seg::Index(1), k("zap")]),
            Some((6, 3))
        );
        assert_eq!(
            locate_key(text, &[k("powers"), Seg::Index(0), k("hit")]),
            Some((4, 3))
        );
        let indented = "powers:\n  - name: b\n    zap: 1\n";
        assert_eq!(
            locate_key(indented, &[k("powers"), Seg::Index(0), k("zap")]),
            Some((3, 5))
        );
    }
}
