//! Reading and writing lairsmith's YAML files: typed parsing with file, line and column in
//! every error, unknown keys refused by name, `x-` keys kept, and one canonical way to write
//! (so load then save of a saved file is byte-identical).

pub(crate) mod guard;
pub(crate) mod located;
pub mod tree;

use crate::xkeys::X_PREFIX;
use guard::{Atom, Located, Style};
pub(crate) use located::display_path;
pub use located::{FileError, Refused, STAT_BLOCK_NOT_DESIGN, Seg, key, line_column};
pub(crate) use located::{character_at, check_name_at, locate_key};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::Path;

/// The largest file lairsmith will parse. Monster, party and encounter files are a few KB; a
/// bigger file is refused before parsing rather than risk time and memory.
pub const MAX_FILE_BYTES: usize = 1024 * 1024;

// The bounds on what a file may expand to, enforced by the guard that every parse goes through.
pub use guard::{MAX_ALIAS_BYTES, MAX_FIGHT_NODES, MAX_NESTING, MAX_NODES};
pub use guard::{check as check_bounds, in_contained_parse};

// A file's own `x-` values, kept through a save.
pub use crate::xkeys::XKeys;

/// Whether `text` keeps within `max_bytes` and `max_nodes` (at most [`MAX_FILE_BYTES`] and a
/// kind's most nodes): checked before a file that grows as it is used is written, so that
/// lairsmith never writes what it will not read back.
pub(crate) fn fits(
    text: &str,
    path: &Path,
    max_bytes: usize,
    max_nodes: usize,
) -> Result<(), FileError> {
    if text.len() > max_bytes {
        return Err(FileError::new(
            path,
            format!(
                "it would be {} bytes, past the {max_bytes} this change may take it to",
                text.len()
            ),
        ));
    }
    // A fight is written at every step: the guard's pass, which costs about a parse, is
    // skipped where its own test says the text cannot hold what it looks for (a small text
    // holds fewer than [`MAX_NODES`] nodes, so fewer than any larger bound).
    if max_nodes < MAX_NODES || guard::needs_check(text) {
        guard::check_within(text, path, max_nodes)?;
    }
    Ok(())
}

/// The text of a file's bytes, or the error every reader gives for a file that is not UTF-8
/// (so that `show`, `list` and `fmt` refuse the same files with the same words).
pub fn utf8_text<'a>(bytes: &'a [u8], path: &Path) -> Result<&'a str, FileError> {
    std::str::from_utf8(bytes).map_err(|e| {
        FileError::new(
            path,
            format!(
                "the file is not UTF-8 text (invalid byte at offset {})",
                e.valid_up_to()
            ),
        )
    })
}

/// `text` without a leading UTF-8 byte order mark.
pub(crate) fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// A document type that keeps `x-` keys at some of its mappings.
pub trait KeepsXKeys {
    /// The `x-` key store for the mapping at `path` (empty path = the top level), or `None` if
    /// `x-` keys are not kept there.
    fn x_keys_at(&mut self, path: &[Seg]) -> Option<&mut XKeys>;
}

/// Parses `text` (the contents of `path`) as a `T`, with precise errors.
/// A UTF-8 byte order mark at the start is skipped, as editors on Windows write one.
pub fn parse<T: DeserializeOwned + KeepsXKeys>(text: &str, path: &Path) -> Result<T, FileError> {
    parse_within(text, path, MAX_NODES)
}

/// [`parse`] for a kind of file with a most nodes of its own ([`guard::MAX_FIGHT_NODES`]).
pub(crate) fn parse_within<T: DeserializeOwned + KeepsXKeys>(
    text: &str,
    path: &Path,
    max_nodes: usize,
) -> Result<T, FileError> {
    let text = without_bom(text);
    if text.len() > MAX_FILE_BYTES {
        return Err(FileError::new(
            path,
            format!(
                "the file is {} bytes; lairsmith reads files of at most {MAX_FILE_BYTES} bytes",
                text.len()
            ),
        ));
    }
    if text.trim().is_empty() {
        return Err(FileError::new(path, "the file is empty"));
    }
    // Depth and aliases are bounded on the event stream before yaml_serde builds anything,
    // since yaml_serde expands every alias into a full copy (see [`guard`]).
    if guard::needs_check(text) {
        guard::check_within(text, path, max_nodes)?;
    }
    let mut ignored: Vec<Vec<Seg>> = Vec::new();
    let de = yaml_serde::Deserializer::from_str(text);
    let mut value: T = serde_ignored::deserialize(de, |p| ignored.push(segments(&p)))
        .map_err(|e| yaml_error(text, path, &e))?;
    let mut x_values: Option<yaml_serde::Value> = None;
    for segs in ignored {
        let Some((Seg::Key(key), parent)) = segs.split_last() else {
            continue;
        };
        if !key.starts_with(X_PREFIX) {
            let (line, column) = locate_key(text, &segs).unwrap_or((1, 1));
            let mut msg = format!("unknown key `{key}`");
            if !parent.is_empty() {
                msg.push_str(&format!(" in `{}`", display_path(parent)));
            }
            msg.push_str("; keys of your own must start with `x-`");
            return Err(FileError::new(path, msg).at(line, column));
        }
        let doc = match &mut x_values {
            Some(v) => v,
            None => x_values
                .insert(crate::xkeys::read_value(text).map_err(|e| yaml_error(text, path, &e))?),
        };
        let item = lookup(doc, &segs)
            .cloned()
            .unwrap_or(yaml_serde::Value::Null);
        match value.x_keys_at(parent) {
            Some(slot) => slot.push(key.clone(), item),
            None => {
                let (line, column) = locate_key(text, &segs).unwrap_or((1, 1));
                return Err(FileError::new(
                    path,
                    format!(
                        "`{key}` in `{}`: `x-` keys are kept only at the top level and in powers and traits",
                        display_path(parent)
                    ),
                )
                .at(line, column));
            }
        }
    }
    Ok(value)
}

/// Writes `value` in the canonical form: schema key order, defaults left out, LF, one final newline.
pub fn to_string<T: Serialize>(value: &T) -> String {
    let mut s = yaml_serde::to_string(value).expect("lairsmith documents always serialize");
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s
}

/// Why `fmt` must not replace `original` by `canonical` (what a save writes for the same
/// document): one error per `x-` value that would not come back as written, located at the
/// offending node and saying what would change. Empty if the rewrite keeps every `x-` value.
///
/// Values are written again from what yaml_serde read, so the rule is: a tag, an anchor or an
/// alias is never kept; a plain scalar must come back as the same plain text (`~` would come
/// back `null`, `0o17` as `15`, `yes` as `'yes'`); a quoted or block scalar must come back as
/// the same string, in whatever style. Layout (flow or block, indentation) may change.
pub fn rewrite_blockers(original: &str, canonical: &str, path: &Path) -> Vec<FileError> {
    let ours = match guard::x_values(without_bom(original), path) {
        Ok(x) => x,
        Err(e) => return vec![e],
    };
    if ours.is_empty() {
        return Vec::new();
    }
    let theirs = match guard::x_values(canonical, path) {
        Ok(x) => x,
        Err(e) => {
            return vec![FileError::new(
                path,
                format!("the rewritten file would not read back ({})", e.message),
            )];
        }
    };
    ours.iter()
        .flat_map(|x| {
            let other = theirs.iter().find(|t| t.path == x.path);
            value_blockers(x, other, path, Rewriter::Fmt)
        })
        .collect()
}

/// What rewrites a file, for the words of a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rewriter {
    Fmt,
    Save,
}

impl Rewriter {
    fn who(self) -> &'static str {
        match self {
            Rewriter::Fmt => "fmt",
            Rewriter::Save => "the save",
        }
    }

    fn outcome(self) -> &'static str {
        match self {
            Rewriter::Fmt => "fmt leaves the file as it is",
            Rewriter::Save => "nothing was written",
        }
    }
}

/// Why the `x-` value `x` would not come back as written if `other` (the same value in the
/// rewritten file, `None` if it is not there) replaced it, by the rule of [`rewrite_blockers`]:
/// one located error per reason, empty if it comes back as written.
pub(crate) fn value_blockers(
    x: &guard::XValue,
    other: Option<&guard::XValue>,
    path: &Path,
    by: Rewriter,
) -> Vec<FileError> {
    let who = by.who();
    let mut blockers = Vec::new();
    let at = |node: &Located, message: String| {
        FileError::new(path, format!("{message}; {}", by.outcome())).at(node.line, node.column)
    };
    let key = display_path(&x.path);
    for node in std::iter::once(&x.key).chain(&x.atoms) {
        if let Some(tag) = &node.tag {
            blockers.push(at(
                node,
                format!(
                    "`{key}` has the tag `{}` here, which {who} would drop",
                    short_tag(tag)
                ),
            ));
        }
        if let Some(anchor) = &node.anchor {
            blockers.push(at(
                node,
                format!(
                    "`{key}` has the anchor `&{anchor}` here, which {who} would drop (it writes each alias out in full)"
                ),
            ));
        }
        if let Atom::Alias(anchor) = &node.atom {
            // A save keeps an alias whose anchor it keeps; this one's is elsewhere.
            let why = match by {
                Rewriter::Fmt => String::new(),
                Rewriter::Save => {
                    " (a save keeps an alias only with its anchor in an `x-` value)".to_owned()
                }
            };
            blockers.push(at(
                node,
                format!(
                    "`{key}` has the alias `*{anchor}` here, which {who} would replace by a copy of its node{why}"
                ),
            ));
        }
    }
    if !blockers.is_empty() {
        return blockers;
    }
    let Some(other) = other else {
        return vec![at(&x.key, format!("{who} would drop `{key}`"))];
    };
    let shape_changes = || at(&x.key, format!("{who} would change the shape of `{key}`"));
    if other.atoms.len() != x.atoms.len() {
        return vec![shape_changes()];
    }
    for (a, b) in x.atoms.iter().zip(&other.atoms) {
        match (&a.atom, &b.atom) {
            (Atom::Scalar { value, style }, Atom::Scalar { value: v, style: s }) => {
                let same = value == v && (*style != Style::Plain || *s == Style::Plain);
                if !same {
                    blockers.push(at(
                        a,
                        format!(
                            "`{key}` holds {} here, which {who} would write as {}",
                            if value.is_empty() {
                                "an empty value".to_owned()
                            } else {
                                format!("`{}`", shorten(value))
                            },
                            written(v, *s)
                        ),
                    ));
                }
            }
            (Atom::Start { map }, Atom::Start { map: m }) if map == m => {}
            (Atom::End, Atom::End) => {}
            _ => {
                blockers.push(shape_changes());
                break;
            }
        }
    }
    blockers
}

/// `!!binary` rather than `tag:yaml.org,2002:binary`.
fn short_tag(tag: &str) -> String {
    match tag.strip_prefix("tag:yaml.org,2002:") {
        Some(rest) => format!("!!{rest}"),
        None => tag.to_owned(),
    }
}

/// A scalar for a message: its first 40 characters.
fn shorten(value: &str) -> String {
    match value.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &value[..i]),
        None => value.to_owned(),
    }
}

/// The most characters of a parser's message kept.
const MOST_MESSAGE_CHARS: usize = 400;

/// How a scalar would be written, for a message.
fn written(value: &str, style: Style) -> String {
    match style {
        Style::Plain => format!("`{}`", shorten(value)),
        Style::SingleQuoted => format!("`'{}'`", shorten(&value.replace('\'', "''"))),
        Style::DoubleQuoted => format!("`\"{}\"`", shorten(&value.escape_default().to_string())),
        Style::Block => format!(
            "the block scalar `{}`",
            shorten(&value.escape_default().to_string())
        ),
    }
}

/// Converts a parser error on `text` (the contents of `path`) into a located [`FileError`].
pub(crate) fn yaml_error(text: &str, path: &Path, e: &yaml_serde::Error) -> FileError {
    let mut message = e.to_string();
    if message.contains("repetition limit exceeded") {
        message =
            "its aliases expand too many times (an alias bomb?); lairsmith refuses the file".into();
    } else if message.contains("more than one document") {
        message = "the file holds more than one YAML document (`---`); keep one per file".into();
    } else if message.contains("recursion limit exceeded") {
        message = message.replace(
            "recursion limit exceeded",
            "the file nests too deeply; lairsmith refuses it",
        );
    }
    // The reader's errors (a control character: ESC, DEL, NUL...) carry no line and column,
    // only a byte offset, written " at position N", and a location of 1:1.
    if let Some((offset, here)) = reader_offset(&message) {
        let (line, column) = line_column(text, offset);
        let message = message.replacen(&here, &character_at(text, offset), 1);
        return FileError::new(path, capped(message)).at(line, column);
    }
    match e.location() {
        // The parser writes " at line L column C" after the problem; the location goes in
        // front instead, and any context after it ("while scanning a quoted scalar at ...") stays.
        Some(loc) => {
            let here = format!(" at line {} column {}", loc.line(), loc.column());
            let message = message.replacen(&here, "", 1);
            let (line, column) =
                number_at(text, loc.line(), &message).unwrap_or((loc.line(), loc.column()));
            FileError::new(path, capped(plain_words(&message))).at(line, column)
        }
        None => FileError::new(path, capped(plain_words(&message))),
    }
}

/// Where the number a range refused ("… is 1 to 20, not 99999999999999999999") is written, at
/// or after `from` (the line of the mapping that holds it, where the parser puts an error
/// raised while reading a value): the first line after a `:` or a `-` that holds that number as
/// a value. `None` when the message is no such refusal or the number is not found.
fn number_at(text: &str, from: usize, message: &str) -> Option<(usize, usize)> {
    let (_, number) = message.rsplit_once(", not ")?;
    let number = number.trim_end();
    if number.is_empty()
        || !number
            .trim_start_matches('-')
            .bytes()
            .all(|b| b.is_ascii_digit())
    {
        return None;
    }
    text.lines()
        .enumerate()
        .skip(from.saturating_sub(1))
        .find_map(|(i, l)| {
            let at = l.find(number)?;
            let before = l[..at].trim_end();
            let after = &l[at + number.len()..];
            let alone = after.is_empty() || after.starts_with([',', ']', '}', ' ', '\r']);
            (alone && (before.ends_with(':') || before.ends_with('-') || before.ends_with('[')))
                .then_some((i + 1, at + 1))
        })
}

/// `message` cut at [`MOST_MESSAGE_CHARS`], so that no error prints a file whole.
fn capped(message: String) -> String {
    match message.char_indices().nth(MOST_MESSAGE_CHARS) {
        Some((cut, _)) => format!("{}…", &message[..cut]),
        None => message,
    }
}

/// The byte offset of a reader error ("control characters are not allowed at position 1370")
/// and the words that carry it: only at the end of the message, where the parser writes it,
/// so that a file's own text quoted earlier in a message cannot pass for one.
fn reader_offset(message: &str) -> Option<(usize, String)> {
    let (_, digits) = message.rsplit_once(" at position ")?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((digits.parse().ok()?, format!(" at position {digits}")))
}

/// serde's words for a value of the wrong type, in a GM's words: what a field takes ("a whole
/// number", "a list", the values of a closed list), never a Rust type ("u32", "struct Power")
/// or an enum's "variant". The sentences lairsmith's own visitors write pass through as they are.
pub(crate) fn plain_words(message: &str) -> String {
    let mut m = message.to_owned();
    // "unknown variant `x`, expected one of `a`, `b`" (or "expected `a`"): a closed list.
    if let Some(at) = m.find("unknown variant `") {
        let rest = &m[at + "unknown variant `".len()..];
        if let Some((given, tail)) = rest.split_once('`')
            && let Some(expected) = tail.strip_prefix(", expected ")
        {
            let valid: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
            m = format!(
                "{}unknown value `{given}`; valid values: {}",
                &m[..at],
                valid.join(", ")
            );
        }
    }
    if let Some(at) = m.find("invalid type: ") {
        let rest = &m[at + "invalid type: ".len()..];
        if let Some((found, expected)) = rest.rsplit_once(", expected ") {
            let found = match found {
                "sequence" => "a list".to_owned(),
                "map" => "a mapping".to_owned(),
                "unit value" => "an empty value".to_owned(),
                // serde quotes the whole string: a file that is one long line would be
                // printed whole, so the message keeps its start.
                f if f.starts_with("string \"") => shorten(f),
                f => match f.strip_prefix("floating point ") {
                    Some(n) => format!("the decimal number {n}"),
                    None => f.to_owned(),
                },
            };
            m = format!(
                "{}invalid type: {found}, expected {}",
                &m[..at],
                expected_words(expected)
            );
        }
    }
    m
}

/// What serde says a value should be, for [`plain_words`].
fn expected_words(expected: &str) -> String {
    match expected {
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => "a whole number, 0 or more".to_owned(),
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => "a whole number".to_owned(),
        "f32" | "f64" => "a number".to_owned(),
        "a boolean" => "true or false".to_owned(),
        "a string" => "text".to_owned(),
        "a sequence" => "a list".to_owned(),
        "a map" => "a mapping of keys".to_owned(),
        e if e.starts_with("struct ") || e.starts_with("tuple struct ") => {
            "a mapping of keys".to_owned()
        }
        e => e.to_owned(),
    }
}

fn segments(p: &serde_ignored::Path<'_>) -> Vec<Seg> {
    use serde_ignored::Path as P;
    match p {
        P::Root => Vec::new(),
        P::Seq { parent, index } => {
            let mut v = segments(parent);
            v.push(Seg::Index(*index));
            v
        }
        P::Map { parent, key } => {
            let mut v = segments(parent);
            v.push(Seg::Key(key.clone()));
            v
        }
        P::Some { parent } | P::NewtypeStruct { parent } | P::NewtypeVariant { parent } => {
            segments(parent)
        }
    }
}

fn lookup<'a>(v: &'a yaml_serde::Value, segs: &[Seg]) -> Option<&'a yaml_serde::Value> {
    let mut cur = v;
    for seg in segs {
        cur = match seg {
            Seg::Key(k) => cur.as_mapping()?.get(k.as_str())?,
            Seg::Index(i) => cur.as_sequence()?.get(*i)?,
        };
    }
    Some(cur)
}

/// Reads a file's `kind:` word: `Ok(())` when it is `word`, else an error naming the kind the
/// file holds and what it should be (`what`, e.g. "an encounter"). `special` gives some kinds a
/// sentence of their own. Every file type's `kind` reads through this one visitor.
pub(crate) fn read_kind<'de, D: serde::Deserializer<'de>>(
    d: D,
    word: &'static str,
    what: &'static str,
    special: &'static [(&'static str, &'static str)],
) -> Result<(), D::Error> {
    struct V {
        word: &'static str,
        what: &'static str,
        special: &'static [(&'static str, &'static str)],
    }
    impl serde::de::Visitor<'_> for V {
        type Value = ();
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "`{}`", self.word)
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<(), E> {
            if v == self.word {
                return Ok(());
            }
            if let Some((_, sentence)) = self.special.iter().find(|(k, _)| *k == v) {
                return Err(E::custom(*sentence));
            }
            Err(E::custom(format!(
                "this is {} `{v}` file, not {} (`kind: {}`)",
                crate::text::article(v),
                self.what,
                self.word
            )))
        }
    }
    d.deserialize_str(V {
        word,
        what,
        special,
    })
}

/// The schema of a `kind:` line: exactly `word`.
pub fn kind_const(word: &str) -> schemars::Schema {
    schemars::json_schema!({
        "type": "string",
        "const": word,
        "description": format!("The file's kind: always `{word}`."),
    })
}

/// Implements `JsonSchema` for a `kind:` enum with one value.
macro_rules! kind_schema {
    ($t:ty, $word:literal) => {
        impl schemars::JsonSchema for $t {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($t).into()
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                $crate::yaml_io::kind_const($word)
            }
        }
    };
}
pub(crate) use kind_schema;
