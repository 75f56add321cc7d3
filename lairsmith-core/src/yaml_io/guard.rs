//! A guard that reads a YAML text's event stream before yaml_serde builds anything from it,
//! and refuses the text, with the line and column of the offending node, as soon as it nests
//! deeper than [`MAX_NESTING`] or its aliases expand past [`MAX_ALIAS_BYTES`] or
//! [`MAX_NODES`].
//!
//! Why events and not a scan of the text: a text scan has to guess which `[` are brackets and
//! which are inside quotes or block scalars, and a file can make it guess wrong both ways. The
//! events come from `libyaml-safer`, a safe-Rust port of libyaml made to behave exactly like it,
//! and libyaml is also the parser inside yaml_serde: both read the same grammar, so a text the
//! guard passes is the text yaml_serde reads, and a text the guard cannot parse is refused with
//! the same words yaml_serde would use. The parser is pulled one event at a time and looks at
//! most about 1,024 characters ahead, so the guard stops within that distance of the first
//! node that crosses a bound (libyaml's scanner is quadratic in flow depth, which the depth
//! bound keeps small).
//!
//! Why bytes and nodes: yaml_serde expands every alias into a copy of its node, so what an
//! alias costs is the size of that node. The guard keeps, for each anchor, the bytes of scalar
//! text and the number of nodes its node holds once its own aliases are expanded, and adds them
//! up at each alias. Counting alias events instead would let one alias of a 400 KB string cost
//! as much as one alias of `x`.

use super::located::{FileError, Seg, character_at, line_column};
use crate::xkeys::X_PREFIX;
use libyaml_safer::{EventData, MappingStyle, Mark, Parser, ScalarStyle, SequenceStyle};
use std::collections::HashMap;
use std::path::Path;

/// How many collections (mappings, sequences, `[...]`, `{...}`) may nest inside a file's
/// top-level node, counting those that aliases bring in. A monster file nests four deep
/// (`powers` → a power → `attack` → its keys); yaml_serde itself gives up at 128.
pub const MAX_NESTING: usize = 64;

/// The most scalar text, in bytes, that the aliases of one file may add to it when each is
/// replaced by a copy of its node. As much again as the largest file lairsmith reads
/// ([`super::MAX_FILE_BYTES`]); a monster file is a few KB in all and rarely uses an
/// alias. Past it the file is an alias bomb: 100,000 aliases of a 400 KB string would be 40 GB.
pub const MAX_ALIAS_BYTES: usize = 1024 * 1024;

/// The most nodes (scalars and collections) a file may hold, counting each alias as the nodes
/// of its copy. A monster file holds about 200. Bytes alone do not catch a small anchor of a
/// 10-element list aliased 100,000 times (a million nodes of a byte each), and even without
/// aliases yaml_serde holds about 300 bytes a node: 500,000 nodes of `[a,a,a,...]` in a 1 MiB
/// file cost 150 MB, 50,000 cost 30 MB.
pub const MAX_NODES: usize = 50_000;

/// The most nodes of a fight file: the one kind that grows as it is used (250 creatures, each
/// in the fight's start and its state now, and 5,000 steps, each in the steps and the log).
/// About 60 MB at the most while it is read; a fight file also keeps to
/// [`super::MAX_FILE_BYTES`], and a change that would take it past either is refused.
pub const MAX_FIGHT_NODES: usize = 200_000;

/// Files up to this size may skip the guard when they cannot hold what it looks for.
pub(crate) const UNGUARDED_MAX_BYTES: usize = 64 * 1024;

/// Whether `text` needs the guard's pass. It does not when it cannot hold a hazard, judged by
/// bounds that no text can fool because they over-count rather than interpret: an alias needs
/// a `*` somewhere in the text; every flow collection needs its own `[` or `{`, so their count
/// bounds the flow depth (brackets in quotes or block scalars only make the count larger); and
/// a file of at most [`UNGUARDED_MAX_BYTES`] holds fewer than [`MAX_NODES`] nodes (each takes
/// at least two bytes). Deep block nesting costs libyaml nothing quadratic and meets
/// yaml_serde's own recursion limit. Nearly every real file takes this path, which matters:
/// the guard's pass costs about as much as the parse it protects.
pub(crate) fn needs_check(text: &str) -> bool {
    text.len() > UNGUARDED_MAX_BYTES
        || text.contains('*')
        || text.bytes().filter(|b| matches!(b, b'[' | b'{')).count() > MAX_NESTING
}

/// Whether `text` holds an alias (`*name`) anywhere: only a text with a `*` can, and only
/// then is it parsed to tell (a text that does not parse holds none as far as a message cares).
pub(crate) fn holds_alias(text: &str) -> bool {
    if !text.contains('*') {
        return false;
    }
    let owned = format!("{text}\n");
    let mut input = owned.as_bytes();
    let mut parser = Parser::new();
    parser.set_input_string(&mut input);
    loop {
        match parser.parse().map(|e| e.data) {
            Ok(EventData::Alias { .. }) => return true,
            Ok(EventData::StreamEnd) | Err(_) => return false,
            Ok(_) => {}
        }
    }
}

/// The scalar styles the guard reports, for callers deciding whether a value would survive
/// being written again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Block,
}

/// One node, or the end of a collection, inside an `x-` value, in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Atom {
    Scalar { value: String, style: Style },
    Alias(String),
    Start { map: bool },
    End,
}

/// An [`Atom`] with where it is (1-based line and column, and the byte offset) and the anchor
/// and tag written on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Located {
    pub atom: Atom,
    pub line: usize,
    pub column: usize,
    pub offset: usize,
    pub anchor: Option<String>,
    pub tag: Option<String>,
}

/// The events of one `x-` key's value, and of the key itself, in a file the guard passed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct XValue {
    /// From the top of the document to the `x-` key, as `yaml_io::parse` reports paths.
    pub path: Vec<Seg>,
    pub key: Located,
    pub atoms: Vec<Located>,
    /// The byte offset just after the value's last character (for a block scalar, after the
    /// line break that ends it, and any blank lines it keeps).
    pub end: usize,
}

/// Reads `text` (the contents of `path`) through the guard: `Ok` if yaml_serde may parse it.
pub fn check(text: &str, path: &Path) -> Result<(), FileError> {
    scan(text, path, false, MAX_NODES).map(drop)
}

/// [`check`] with a most nodes of its own (a fight file's, [`MAX_FIGHT_NODES`]).
pub(crate) fn check_within(text: &str, path: &Path, max_nodes: usize) -> Result<(), FileError> {
    scan(text, path, false, max_nodes).map(drop)
}

/// Like [`check`], and also returns the events of every `x-` value of every mapping (outside
/// other `x-` values), so that a caller can tell whether writing them again would change them.
pub(crate) fn x_values(text: &str, path: &Path) -> Result<Vec<XValue>, FileError> {
    // Every text this reads was read by its kind's reader first (the file a save replaces) or
    // is lairsmith's own writing of such a document, so the kind's own bound has held: the
    // largest of them is the one to keep here, or a fight file could not be saved again.
    scan(text, path, true, MAX_FIGHT_NODES)
}

/// What a node holds once its aliases are expanded.
#[derive(Debug, Clone, Copy, Default)]
struct Size {
    bytes: usize,
    nodes: usize,
    /// Collections on the longest path down from the node (0 for a scalar).
    height: usize,
}

impl Size {
    fn add(&mut self, other: Size) {
        self.bytes = self.bytes.saturating_add(other.bytes);
        self.nodes = self.nodes.saturating_add(other.nodes);
    }
}

/// An anchor's latest definition: `size` is `None` while its node is still open.
struct Anchor {
    definition: u64,
    size: Option<Size>,
}

struct Frame {
    map: bool,
    size: Size,
    /// The anchor on this collection and which definition of that name it is.
    anchor: Option<(String, u64)>,
    /// For mappings: whether the next node is a key.
    at_key: bool,
    /// Where the current child sits: the last key's text in a mapping, the index in a sequence.
    key: Option<String>,
    index: usize,
    /// Where this collection sits in its parent (`None` for the top and for collection keys).
    seg: Option<Seg>,
    /// The `x-` value this collection is part of, as an index into the list being built.
    x: Option<usize>,
    /// `[...]` or `{...}`, whose end is a character of the file (a block collection's end
    /// event sits at whatever comes next).
    flow: bool,
}

impl Frame {
    fn new(map: bool, anchor: Option<(String, u64)>, seg: Option<Seg>, x: Option<usize>) -> Frame {
        Frame {
            flow: false,
            map,
            size: Size {
                bytes: 0,
                nodes: 1,
                height: 1,
            },
            anchor,
            at_key: true,
            key: None,
            index: 0,
            seg,
            x,
        }
    }
}

struct Scan<'p> {
    path: &'p Path,
    collect: bool,
    frames: Vec<Frame>,
    /// Collects the top-level node of each document, so that it needs no special case.
    root: Frame,
    anchors: HashMap<String, Anchor>,
    definitions: u64,
    alias_bytes: usize,
    nodes: usize,
    /// The most nodes the file may hold ([`MAX_NODES`], or a kind's own).
    max_nodes: usize,
    x_values: Vec<XValue>,
    /// A mapping key starting `x-` whose value comes next, with the mapping's depth.
    pending_x: Option<(usize, Located)>,
}

/// Where the next node goes: its position in its parent, whether it is a mapping key, and the
/// `x-` value it is part of.
struct Place {
    seg: Option<Seg>,
    is_key: bool,
    x: Option<usize>,
}

thread_local! {
    /// Set while this thread runs libyaml-safer under [`contained`].
    static CONTAINED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether this thread is inside a parse whose panic is caught and turned into an error: a
/// panic hook (the terminal UI's, which restores the terminal) must then do nothing.
pub fn in_contained_parse() -> bool {
    CONTAINED.with(|c| c.get())
}

/// Runs libyaml-safer, turning its panics into `None`. Version 0.3 still has `panic!("TODO")`
/// and unwraps on paths a crafted file reaches (a tag followed by a comma in a flow
/// collection, `{!,`; found by fuzzing the guard), and a file must never take a command down.
/// The hook installed once here keeps such a caught panic quiet; every other panic goes to the
/// hook that was there before.
pub(crate) fn contained<T>(f: impl FnOnce() -> T) -> Option<T> {
    static QUIET_HOOK: std::sync::Once = std::sync::Once::new();
    QUIET_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !in_contained_parse() {
                previous(info);
            }
        }));
    });
    let was = CONTAINED.with(|c| c.replace(true));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    CONTAINED.with(|c| c.set(was));
    result.ok()
}

fn scan(
    text: &str,
    path: &Path,
    collect: bool,
    max_nodes: usize,
) -> Result<Vec<XValue>, FileError> {
    contained(|| scan_events(text, path, collect, max_nodes)).unwrap_or_else(|| {
        Err(FileError::new(
            path,
            "the YAML cannot be read: the text holds a construct the YAML reader fails on (such as a tag right before a comma, `{!,`); check the file's syntax",
        ))
    })
}

fn scan_events(
    text: &str,
    path: &Path,
    collect: bool,
    max_nodes: usize,
) -> Result<Vec<XValue>, FileError> {
    // libyaml-safer 0.3's scanner panics (an unwrap on its look-ahead buffer) when a file ends
    // in a backslash inside a double-quoted string, `"\`; a final line break, which changes
    // nothing a YAML reader sees, gives the look-ahead its character.
    let owned;
    let text = if text.ends_with('\n') {
        text
    } else {
        owned = format!("{text}\n");
        owned.as_str()
    };
    let mut input = text.as_bytes();
    let mut parser = Parser::new();
    parser.set_input_string(&mut input);
    let mut s = Scan {
        path,
        collect,
        frames: Vec::new(),
        root: Frame::new(false, None, None, None),
        anchors: HashMap::new(),
        definitions: 0,
        alias_bytes: 0,
        nodes: 0,
        max_nodes,
        x_values: Vec::new(),
        pending_x: None,
    };
    loop {
        let event = parser.parse().map_err(|e| syntax_error(text, path, &e))?;
        let mark = event.start_mark;
        let end = event.end_mark;
        match event.data {
            EventData::StreamEnd => return Ok(s.x_values),
            // Anchors belong to one document, as in yaml_serde.
            EventData::DocumentStart { .. } => s.anchors.clear(),
            EventData::StreamStart { .. } | EventData::DocumentEnd { .. } => {}
            EventData::Scalar {
                anchor,
                tag,
                value,
                style,
                ..
            } => {
                let size = Size {
                    bytes: value.len(),
                    nodes: 1,
                    height: 0,
                };
                if let Some(name) = &anchor {
                    s.define(name.clone(), Some(size));
                }
                s.count(1, mark)?;
                let place = s.place();
                s.top().size.add(size);
                if collect {
                    let style = match style {
                        ScalarStyle::SingleQuoted => Style::SingleQuoted,
                        ScalarStyle::DoubleQuoted => Style::DoubleQuoted,
                        ScalarStyle::Literal | ScalarStyle::Folded => Style::Block,
                        // Plain (or a style added later) gets the strictest comparison.
                        _ => Style::Plain,
                    };
                    let atom = Atom::Scalar { value, style };
                    s.record(&place, located(atom, mark, anchor, tag), end);
                }
                s.finish_child();
            }
            EventData::Alias { anchor } => {
                let size = match s.anchors.get(&anchor) {
                    Some(Anchor {
                        size: Some(size), ..
                    }) => *size,
                    Some(Anchor { size: None, .. }) => {
                        return Err(s.refuse(
                            mark,
                            format!(
                                "the alias `*{anchor}` is inside the node it names, so it never ends; lairsmith refuses the file"
                            ),
                        ));
                    }
                    // yaml_serde reports the unknown anchor; it expands to nothing.
                    None => Size {
                        bytes: 0,
                        nodes: 1,
                        height: 0,
                    },
                };
                s.alias_bytes = s.alias_bytes.saturating_add(size.bytes);
                if s.alias_bytes > MAX_ALIAS_BYTES {
                    return Err(s.refuse(
                        mark,
                        format!(
                            "with this alias, the file's aliases expand to more than {MAX_ALIAS_BYTES} bytes (an alias bomb?); lairsmith refuses the file"
                        ),
                    ));
                }
                s.nodes = s.nodes.saturating_add(size.nodes);
                if s.nodes > s.max_nodes {
                    return Err(s.refuse(
                        mark,
                        format!(
                            "with this alias, the file expands to more than {} nodes (an alias bomb?); lairsmith refuses the file",
                            s.max_nodes
                        ),
                    ));
                }
                if size.height > 0 && s.frames.len() + size.height - 1 > MAX_NESTING {
                    return Err(s.refuse(
                        mark,
                        format!(
                            "this alias makes the file nest too deeply (more than {MAX_NESTING} levels); lairsmith refuses it"
                        ),
                    ));
                }
                let place = s.place();
                let top = s.top();
                top.size.add(size);
                top.size.height = top.size.height.max(size.height + 1);
                if collect {
                    s.record(&place, located(Atom::Alias(anchor), mark, None, None), end);
                }
                s.finish_child();
            }
            EventData::SequenceStart {
                anchor, tag, style, ..
            } => s.open(false, style == SequenceStyle::Flow, anchor, tag, mark, end)?,
            EventData::MappingStart {
                anchor, tag, style, ..
            } => s.open(true, style == MappingStyle::Flow, anchor, tag, mark, end)?,
            EventData::SequenceEnd | EventData::MappingEnd => s.close(mark, end),
        }
    }
}

fn located(atom: Atom, mark: Mark, anchor: Option<String>, tag: Option<String>) -> Located {
    Located {
        atom,
        line: mark.line as usize + 1,
        column: mark.column as usize + 1,
        offset: usize::try_from(mark.index).unwrap_or(usize::MAX),
        anchor,
        tag,
    }
}

impl Scan<'_> {
    fn top(&mut self) -> &mut Frame {
        self.frames.last_mut().unwrap_or(&mut self.root)
    }

    fn refuse(&self, mark: Mark, message: String) -> FileError {
        FileError::new(self.path, message).at(mark.line as usize + 1, mark.column as usize + 1)
    }

    /// Counts nodes written out in the file (aliases are counted where they are expanded).
    fn count(&mut self, n: usize, mark: Mark) -> Result<(), FileError> {
        self.nodes += n;
        if self.nodes > self.max_nodes {
            return Err(self.refuse(
                mark,
                format!(
                    "the file holds more than {} nodes; lairsmith refuses it",
                    self.max_nodes
                ),
            ));
        }
        Ok(())
    }

    fn define(&mut self, name: String, size: Option<Size>) -> u64 {
        self.definitions += 1;
        let definition = self.definitions;
        self.anchors.insert(name, Anchor { definition, size });
        definition
    }

    /// Where the node that starts now goes.
    fn place(&mut self) -> Place {
        let depth = self.frames.len();
        let top = self.frames.last().unwrap_or(&self.root);
        let is_key = top.map && top.at_key;
        let seg = match (top.map, is_key) {
            (true, true) => None,
            (true, false) => top.key.clone().map(Seg::Key),
            (false, _) if self.frames.is_empty() => None,
            (false, _) => Some(Seg::Index(top.index)),
        };
        let mut x = top.x;
        if let Some((at, _)) = &self.pending_x
            && *at == depth
            && !is_key
            && let Some((_, key)) = self.pending_x.take()
        {
            let mut path: Vec<Seg> = self.frames.iter().filter_map(|f| f.seg.clone()).collect();
            path.extend(seg.clone());
            self.x_values.push(XValue {
                path,
                key,
                atoms: Vec::new(),
                end: 0,
            });
            x = Some(self.x_values.len() - 1);
        }
        Place { seg, is_key, x }
    }

    /// Keeps a node's event if it belongs to an `x-` value, or notes an `x-` key. `end` is
    /// where the event ends.
    fn record(&mut self, place: &Place, node: Located, end: Mark) {
        if place.is_key
            && let Atom::Scalar { value, .. } = &node.atom
        {
            self.top().key = Some(value.clone());
            if place.x.is_none() && value.starts_with(X_PREFIX) {
                self.pending_x = Some((self.frames.len(), node));
                return;
            }
        }
        if let Some(i) = place.x {
            self.x_values[i].atoms.push(node);
            self.reach(i, end);
        }
    }

    /// The `x-` value `i` goes on at least to `end`.
    fn reach(&mut self, i: usize, end: Mark) {
        let x = &mut self.x_values[i];
        x.end = x.end.max(usize::try_from(end.index).unwrap_or(usize::MAX));
    }

    /// After a whole child of the top collection: a key is followed by a value, and so on.
    fn finish_child(&mut self) {
        let top = self.top();
        if top.map {
            top.at_key = !top.at_key;
        } else {
            top.index += 1;
        }
    }

    fn open(
        &mut self,
        map: bool,
        flow: bool,
        anchor: Option<String>,
        tag: Option<String>,
        mark: Mark,
        end: Mark,
    ) -> Result<(), FileError> {
        if self.frames.len() > MAX_NESTING {
            let message = if flow {
                format!(
                    "brackets nest more than {MAX_NESTING} levels deep; lairsmith refuses the file"
                )
            } else {
                format!(
                    "the file nests too deeply (more than {MAX_NESTING} levels); lairsmith refuses it"
                )
            };
            return Err(self.refuse(mark, message));
        }
        self.count(1, mark)?;
        let place = self.place();
        if self.collect {
            self.record(
                &place,
                located(Atom::Start { map }, mark, anchor.clone(), tag),
                end,
            );
        }
        let anchor = anchor.map(|name| {
            let definition = self.define(name.clone(), None);
            (name, definition)
        });
        let seg = if place.is_key { None } else { place.seg };
        let mut frame = Frame::new(map, anchor, seg, place.x);
        frame.flow = flow;
        self.frames.push(frame);
        Ok(())
    }

    fn close(&mut self, mark: Mark, end: Mark) {
        let Some(frame) = self.frames.pop() else {
            return;
        };
        if let Some((name, definition)) = &frame.anchor
            && let Some(a) = self.anchors.get_mut(name)
            && a.definition == *definition
        {
            a.size = Some(frame.size);
        }
        if let Some(i) = frame.x {
            self.x_values[i]
                .atoms
                .push(located(Atom::End, mark, None, None));
            if frame.flow {
                self.reach(i, end);
            }
        }
        let top = self.top();
        top.size.add(frame.size);
        top.size.height = top.size.height.max(frame.size.height + 1);
        self.finish_child();
    }
}

/// The parser's error in yaml_serde's words, located at the problem.
fn syntax_error(text: &str, path: &Path, e: &libyaml_safer::Error) -> FileError {
    let mut message = e.problem().to_owned();
    if let Some(context) = e.context() {
        message.push_str(", ");
        message.push_str(context);
        if let Some(c) = e.context_mark()
            && Some(c) != e.problem_mark()
        {
            message.push_str(&format!(" at line {} column {}", c.line + 1, c.column + 1));
        }
    }
    match e.problem_mark() {
        Some(m) => FileError::new(path, message).at(m.line as usize + 1, m.column as usize + 1),
        // Reader errors (a control character, say) carry only a byte offset.
        None => match offset_of(&e.to_string()) {
            Some(offset) => {
                let (line, column) = line_column(text, offset);
                message.push_str(&character_at(text, offset));
                FileError::new(path, message).at(line, column)
            }
            None => FileError::new(path, message),
        },
    }
}

/// The byte offset in a reader error's text ("... (offset N, value V)").
fn offset_of(display: &str) -> Option<usize> {
    let rest = display.split("(offset ").nth(1)?;
    rest.split(',').next()?.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        check(text, Path::new("m.yaml")).unwrap_err().to_string()
    }

    #[test]
    fn depth_is_counted_below_the_top_node_and_through_aliases() {
        let ok = format!("a: {}{}\n", "[".repeat(64), "]".repeat(64));
        assert_eq!(check(&ok, Path::new("m.yaml")), Ok(()));
        let deep = format!("a: {}{}\n", "[".repeat(65), "]".repeat(65));
        assert_eq!(
            err(&deep),
            "m.yaml:1:68: brackets nest more than 64 levels deep; lairsmith refuses the file"
        );
        let anchored = format!("a: &d {}{}\nb: [*d]\n", "[".repeat(64), "]".repeat(64));
        assert!(
            err(&anchored).starts_with("m.yaml:2:5: this alias makes the file nest too deeply")
        );
    }

    #[test]
    fn aliases_are_charged_the_size_of_their_node() {
        let big = format!("a: &a {}\nb: [*a, *a]\n", "x".repeat(MAX_ALIAS_BYTES / 2));
        assert_eq!(check(&big, Path::new("m.yaml")), Ok(()));
        let bigger = format!(
            "a: &a {}\nb: [*a, *a, *a]\n",
            "x".repeat(MAX_ALIAS_BYTES / 2)
        );
        assert!(
            err(&bigger).starts_with("m.yaml:2:13: with this alias"),
            "{}",
            err(&bigger)
        );
    }

    #[test]
    fn nodes_are_counted_with_aliases_expanded() {
        // The mapping, the key `a` and the sequence, then the items.
        let flat = |n: usize| format!("a: [{}]\n", vec!["x"; n].join(", "));
        assert_eq!(check(&flat(MAX_NODES - 3), Path::new("m.yaml")), Ok(()));
        assert!(err(&flat(MAX_NODES - 2)).contains("holds more than 50000 nodes"));
        // 15 nodes, then 11 for each alias: 4,545 aliases are one too many.
        let aliased = |n: usize| {
            format!(
                "a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nb: [{}]\n",
                vec!["*a"; n].join(", ")
            )
        };
        assert_eq!(check(&aliased(4544), Path::new("m.yaml")), Ok(()));
        let e = err(&aliased(4545));
        assert!(
            e.starts_with(&format!("m.yaml:2:{}: with this alias", 5 + 4 * 4544))
                && e.contains("alias bomb"),
            "{e}"
        );
    }

    #[test]
    fn an_anchor_redefined_inside_its_node_keeps_the_inner_definition() {
        // yaml_serde resolves an alias to the latest `&a` seen, even inside the first one.
        let text = "a: &a [&a x, *a]\nb: *a\n";
        assert_eq!(check(text, Path::new("m.yaml")), Ok(()));
        assert!(err("a: &a [*a]\n").contains("inside the node it names"));
    }

    #[test]
    fn x_values_are_collected_with_their_paths() {
        let text = "x-a: 1\nb:\n- name: p\n  x-c: [~, &k {d: !!str e}]\nx-f: *k\n";
        let xs = x_values(text, Path::new("m.yaml")).unwrap();
        let paths: Vec<&[Seg]> = xs.iter().map(|x| x.path.as_slice()).collect();
        assert_eq!(
            paths,
            [
                &[Seg::Key("x-a".into())][..],
                &[Seg::Key("b".into()), Seg::Index(0), Seg::Key("x-c".into())],
                &[Seg::Key("x-f".into())],
            ]
        );
        let c = &xs[1].atoms;
        assert_eq!(c.len(), 7);
        assert_eq!((c[1].line, c[1].column), (4, 9));
        assert_eq!(c[2].anchor.as_deref(), Some("k"));
        assert_eq!(c[4].tag.as_deref(), Some("tag:yaml.org,2002:str"));
        assert_eq!(xs[2].atoms[0].atom, Atom::Alias("k".into()));
    }

    #[test]
    fn syntax_errors_are_located_in_yaml_serde_words() {
        assert_eq!(
            err("a: 'open\nb: 1\n"),
            "m.yaml:3:1: found unexpected end of stream, while scanning a quoted scalar at line 1 column 4"
        );
        assert!(err("a: \u{7}\n").starts_with("m.yaml:1:4: control characters are not allowed"));
    }

    #[test]
    fn a_file_ending_in_a_backslash_inside_quotes_is_an_error_not_a_panic() {
        // Found by tests/properties.rs: libyaml-safer 0.3 unwraps past the end of the input.
        for text in ["{\u{ffda}*{\"\\", "a: *b \"\\", "*\"\\"] {
            let e = check(text, Path::new("m.yaml")).unwrap_err().to_string();
            assert!(e.contains("m.yaml:"), "{e}");
        }
    }

    #[test]
    fn a_parser_panic_is_a_clear_error_not_a_crash() {
        // libyaml-safer 0.3 panics "TODO: What is expected here?" on a tag before a comma in a
        // flow collection; these were found by fuzzing the guard.
        for text in ["{!,", "[!,\n", "{\n!a,", "[!a, b]\n", "a: *b\nc: {!x, y}\n"] {
            let e = check(text, Path::new("m.yaml")).unwrap_err().to_string();
            assert!(e.starts_with("m.yaml"), "{e}");
            assert!(e.contains("cannot be read"), "{e}");
        }
        assert!(!in_contained_parse());
    }
}
