//! Saving a document over the file it was read from without changing the file's `x-` values.
//! The canonical writer writes each value again from what was read, which loses a tag
//! (`!!binary`), an anchor or alias, and a plain scalar's spelling (`0o17` becomes `15`). So a
//! save writes the canonical text with each `x-` key's own lines from the file put back in place
//! of the canonical rendering of that key: the key line and the lines of its value, with the
//! comments inside them and the indented comments right after, shifted to the canonical
//! indentation. Each such text is read back before it is written: it must hold exactly the
//! document being saved, and each kept value must read back with the same tags, anchors,
//! aliases and scalars. A value whose lines cannot be put back that way (an alias of an anchor
//! that the save does not keep, lines that cannot move to the new indentation, a value inside a
//! flow mapping) is written canonically if that keeps it by `fmt`'s rule
//! ([`crate::yaml_io::rewrite_blockers`]), and otherwise the save is refused, saying which value
//! and why, and nothing is written.
//!
//! Values are matched by where they are and what they hold, not by position alone, so a value
//! of an encounter group stays with its group when a group before it is removed.

use crate::store::{Expect, Fingerprint, SaveError, save_atomic};
use crate::yaml_io::guard::{self, XValue};
use crate::yaml_io::{
    self, FileError, KeepsXKeys, MAX_FILE_BYTES, Rewriter, Seg, value_blockers, without_bom,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::fmt;
use std::ops::Range;
use std::path::Path;

/// How many reasons a refusal shows before summing up the rest.
const SHOWN: usize = 10;

/// A save refused because it would change an `x-` value: one located reason per value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub Vec<FileError>);

impl Refused {
    /// The first reason, and how many more there are: for a one-line message.
    pub fn summary(&self) -> String {
        match self.0.split_first() {
            None => "the save was refused".to_owned(),
            Some((first, [])) => first.to_string(),
            Some((first, rest)) => format!("{first} (and {} more such values)", rest.len()),
        }
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().take(SHOWN).enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        if self.0.len() > SHOWN {
            write!(f, "\nand {} more such values", self.0.len() - SHOWN)?;
        }
        Ok(())
    }
}

impl std::error::Error for Refused {}

/// The text to write over `original` (the text the file held when `wanted`'s document was read
/// from it) so that the file holds `wanted` with its `x-` values as `original` wrote them; or
/// why that cannot be done. See the module's documentation.
pub(crate) fn text_to_save<T>(original: &str, wanted: &T, path: &Path) -> Result<String, Refused>
where
    T: Serialize + DeserializeOwned + KeepsXKeys + Clone,
{
    let canonical = yaml_io::to_string(wanted);
    let original = without_bom(original);
    let ours = guard::x_values(original, path).map_err(|e| Refused(vec![e]))?;
    if ours.is_empty() {
        return within_limit(canonical, original, path);
    }
    let theirs = guard::x_values(&canonical, path).map_err(|e| {
        Refused(vec![FileError::new(
            path,
            format!("the saved file would not read back ({})", e.message),
        )])
    })?;
    // `original` was read by its kind's reader already, within its kind's bound on nodes; a
    // fight file's is the largest ([`yaml_io::MAX_FIGHT_NODES`]), as for the `x-` values above.
    let read: T = yaml_io::parse_within(original, path, yaml_io::MAX_FIGHT_NODES)
        .map_err(|e| Refused(vec![e]))?;
    let pairs = pair(&ours, &theirs, read, wanted.clone());
    let mut chosen: Vec<Splice> = pairs
        .iter()
        .filter_map(|p| splice_of(original, &canonical, p))
        .collect();
    chosen.sort_by_key(|s| s.range.start);
    keep_anchored(&mut chosen);
    let mut text = None;
    // Each round that fails takes out at least one value; a few rounds settle any real file.
    for _ in 0..MAX_ROUNDS {
        let (t, spans) = splice(&canonical, &chosen);
        match verdict::<T>(&t, &spans, &chosen, &canonical, path) {
            Verdict::Good => {
                text = Some(t);
                break;
            }
            Verdict::Drop(bad) => {
                let mut i = 0;
                chosen.retain(|_| {
                    i += 1;
                    bad.binary_search(&(i - 1)).is_err()
                });
            }
            Verdict::DropAll => chosen.clear(),
        }
    }
    let text = text.unwrap_or_else(|| {
        chosen.clear();
        canonical.clone()
    });
    let kept: HashSet<*const XValue> = chosen.iter().map(|s| std::ptr::from_ref(s.ours)).collect();
    let blockers: Vec<FileError> = pairs
        .iter()
        .filter(|p| !kept.contains(&std::ptr::from_ref(p.ours)))
        .flat_map(|p| value_blockers(p.ours, Some(p.theirs), path, Rewriter::Save))
        .collect();
    if !blockers.is_empty() {
        return Err(Refused(blockers));
    }
    within_limit(text, original, path)
}

/// How many times a save tries putting the file's lines back before writing every value
/// canonically.
const MAX_ROUNDS: usize = 8;

fn within_limit(text: String, original: &str, path: &Path) -> Result<String, Refused> {
    if text.len() > MAX_FILE_BYTES {
        // Aliases in typed fields are written out in full, and a file past the limit would no
        // longer load: the message says so only of a file that has aliases.
        let why = if guard::holds_alias(original) {
            " (its aliases written out in full)"
        } else {
            ""
        };
        return Err(Refused(vec![FileError::new(
            path,
            format!(
                "saved, the file would be {} bytes{why}, more than the {MAX_FILE_BYTES} lairsmith reads; nothing was written",
                text.len()
            ),
        )]));
    }
    Ok(text)
}

/// An `x-` value of the file and the same value in the canonical text of the document saved.
struct Pair<'a> {
    ours: &'a XValue,
    theirs: &'a XValue,
    /// What both hold, written canonically.
    value: String,
}

/// The value at each `x`'s place in `doc`, written canonically (so that two NaNs compare
/// equal); `None` where `doc` keeps no such value.
fn held<'x, T: KeepsXKeys>(
    doc: &mut T,
    xs: impl IntoIterator<Item = &'x XValue>,
) -> Vec<Option<String>> {
    // One look-up table per mapping, not one scan of its keys per value.
    let mut tables: BTreeMap<&[Seg], HashMap<String, String>> = BTreeMap::new();
    xs.into_iter()
        .map(|x| {
            let (Seg::Key(key), parent) = x.path.split_last()? else {
                return None;
            };
            let table = tables.entry(parent).or_insert_with(|| {
                doc.x_keys_at(parent)
                    .map(|keys| {
                        keys.0
                            .iter()
                            .map(|(k, v)| {
                                let one = crate::xkeys::XKeys(vec![(String::new(), v.clone())]);
                                (k.clone(), yaml_io::to_string(&one))
                            })
                            .collect()
                    })
                    .unwrap_or_default()
            });
            table.get(key).cloned()
        })
        .collect()
}

/// The path with the positions in sequences left out: where in the document's shape it is.
fn shape(path: &[Seg]) -> Vec<&str> {
    path.iter()
        .filter_map(|s| match s {
            Seg::Key(k) => Some(k.as_str()),
            Seg::Index(_) => None,
        })
        .collect()
}

/// Pairs each `x-` value of the canonical text with the file's value of the same key that
/// holds the same thing, at the same path if there is one, else at the same place in another
/// item (a group that moved up when one before it was removed). A value with no pair is new or
/// changed, and has nothing to keep.
fn pair<'a, T: KeepsXKeys>(
    ours: &'a [XValue],
    theirs: &'a [XValue],
    mut read: T,
    mut wanted: T,
) -> Vec<Pair<'a>> {
    let ours_held = held(&mut read, ours);
    let theirs_held = held(&mut wanted, theirs);
    let by_path: BTreeMap<&[Seg], usize> = ours
        .iter()
        .enumerate()
        .map(|(i, x)| (x.path.as_slice(), i))
        .collect();
    let mut by_shape: HashMap<(Vec<&str>, String), VecDeque<usize>> = HashMap::new();
    for (i, x) in ours.iter().enumerate() {
        if let Some(v) = &ours_held[i] {
            by_shape
                .entry((shape(&x.path), v.clone()))
                .or_default()
                .push_back(i);
        }
    }
    let mut used = vec![false; ours.len()];
    let mut pairs = Vec::new();
    for (t, value) in theirs.iter().zip(theirs_held) {
        let Some(value) = value else {
            continue;
        };
        let same_place = by_path
            .get(t.path.as_slice())
            .copied()
            .filter(|&i| !used[i] && ours_held[i].as_deref() == Some(value.as_str()));
        let found = match same_place {
            Some(i) => Some(i),
            None => by_shape
                .get_mut(&(shape(&t.path), value.clone()))
                .and_then(|queue| std::iter::from_fn(|| queue.pop_front()).find(|&i| !used[i])),
        };
        if let Some(i) = found {
            used[i] = true;
            pairs.push(Pair {
                ours: &ours[i],
                theirs: t,
                value,
            });
        }
    }
    pairs
}

/// The file's lines of one value, ready to replace the canonical lines of the same value.
struct Splice<'a> {
    ours: &'a XValue,
    theirs: &'a XValue,
    value: &'a str,
    /// The canonical text's range the value takes.
    range: Range<usize>,
    text: String,
}

fn splice_of<'a>(original: &str, canonical: &str, p: &'a Pair<'a>) -> Option<Splice<'a>> {
    let (from, column) = chunk(original, p.ours)?;
    let (range, to) = chunk(canonical, p.theirs)?;
    Some(Splice {
        ours: p.ours,
        theirs: p.theirs,
        value: &p.value,
        range,
        text: reindent(&original[from], column, to)?,
    })
}

/// Takes out the values with an alias whose anchor no value kept before it (or itself, before
/// the alias) defines: in the saved text that alias would name nothing, or another node.
fn keep_anchored(chosen: &mut Vec<Splice>) {
    let mut defined: HashSet<&str> = HashSet::new();
    chosen.retain(|s| {
        let mut own: Vec<&str> = Vec::new();
        for node in std::iter::once(&s.ours.key).chain(&s.ours.atoms) {
            if let guard::Atom::Alias(a) = &node.atom
                && !defined.contains(a.as_str())
                && !own.contains(&a.as_str())
            {
                return false;
            }
            if let Some(a) = &node.anchor {
                own.push(a.as_str());
            }
        }
        defined.extend(own);
        true
    });
}

/// The text `x`'s key and value take in `text`: from the key to the end of the value's last
/// line (its comment included), and the comment lines after it that are indented under the key
/// or stand before another `x-` key; and the key's column. `None` when the value does not end
/// its line, as inside a flow mapping.
fn chunk(text: &str, x: &XValue) -> Option<(Range<usize>, usize)> {
    let start = x.key.offset;
    let line_start = text.get(..start)?.rfind('\n').map_or(0, |i| i + 1);
    let column = start - line_start;
    if !text[line_start..start]
        .bytes()
        .all(|b| b == b' ' || b == b'-')
    {
        return None;
    }
    let end = x.end.clamp(start, text.len());
    let mut stop = if end > start && text[..end].ends_with('\n') {
        // A block scalar ends after its line break.
        end - 1
    } else {
        let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
        let rest = text[end..line_end].trim_matches([' ', '\t', '\r']);
        if !rest.is_empty() && !rest.starts_with('#') {
            return None;
        }
        line_end
    };
    if text[..stop].ends_with('\r') {
        stop -= 1;
    }
    // Comment lines indented under the key belong to it, and so do those at its column when
    // another `x-` key follows them (they would be lost between two kept values otherwise).
    let mut at = stop;
    let mut between = None;
    while let Some(line_from) = text[at..].find('\n').map(|i| at + i + 1) {
        let line_to = text[line_from..]
            .find('\n')
            .map_or(text.len(), |i| line_from + i);
        let line = text[line_from..line_to].trim_end_matches('\r');
        let body = line.trim_start_matches(' ');
        let indent = line.len() - body.len();
        at = line_to;
        if body.is_empty() {
            continue;
        }
        if body.starts_with('#') && indent > column {
            stop = line_from + line.len();
        } else if body.starts_with('#') && indent == column {
            between = Some(line_from + line.len());
        } else {
            if indent == column && body.starts_with(crate::xkeys::X_PREFIX) {
                stop = stop.max(between.unwrap_or(stop));
            }
            break;
        }
    }
    Some((start..stop, column))
}

/// `chunk` (whose first line starts at the key, in column `from`) with every later line moved
/// from column `from` to column `to`, and LF line breaks; `None` if a line is indented less
/// than the move takes away.
fn reindent(chunk: &str, from: usize, to: usize) -> Option<String> {
    let mut out = String::with_capacity(chunk.len());
    for (i, line) in chunk.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if i > 0 {
            out.push('\n');
            if !line.is_empty() {
                if to >= from {
                    out.push_str(&" ".repeat(to - from));
                    out.push_str(line);
                } else {
                    let cut = from - to;
                    let spaces = line.len() - line.trim_start_matches(' ').len();
                    if spaces >= cut {
                        out.push_str(&line[cut..]);
                    } else if !line.trim_start_matches(' ').is_empty() {
                        return None;
                    }
                    // A line of fewer spaces than the cut is blank either way.
                }
                continue;
            }
        }
        out.push_str(line);
    }
    Some(out)
}

/// The canonical text with the chosen values' lines in place of theirs, and where each of them
/// is in it. `chosen` is in the order of the canonical text.
fn splice(canonical: &str, chosen: &[Splice]) -> (String, Vec<Range<usize>>) {
    let mut out = String::with_capacity(canonical.len());
    let mut spans = Vec::with_capacity(chosen.len());
    let mut at = 0;
    for s in chosen {
        out.push_str(&canonical[at..s.range.start]);
        let start = out.len();
        out.push_str(&s.text);
        spans.push(start..out.len());
        at = s.range.end;
    }
    out.push_str(&canonical[at..]);
    (out, spans)
}

enum Verdict {
    /// The text holds the document, each kept value as the file wrote it.
    Good,
    /// These kept values do not read back as they should.
    Drop(Vec<usize>),
    /// Something else does not read back: keep no value's lines.
    DropAll,
}

/// Whether `text` (with the chosen values at `spans`) holds the document `canonical` is the
/// canonical text of, with each chosen value read back as the file wrote it: the same value,
/// and the same nodes, tags, anchors, aliases and scalars.
fn verdict<T>(
    text: &str,
    spans: &[Range<usize>],
    chosen: &[Splice],
    canonical: &str,
    path: &Path,
) -> Verdict
where
    T: Serialize + DeserializeOwned + KeepsXKeys,
{
    // The same document as `canonical`, spliced: the bound is the largest kind's, as above.
    let mut doc = match yaml_io::parse_within::<T>(text, path, yaml_io::MAX_FIGHT_NODES) {
        Ok(doc) => doc,
        Err(e) => {
            let at = e.line.and_then(|l| offset(text, l, e.column.unwrap_or(1)));
            return match at.and_then(|o| spans.iter().position(|r| r.start <= o && o <= r.end)) {
                Some(i) => Verdict::Drop(vec![i]),
                None => Verdict::DropAll,
            };
        }
    };
    let Ok(now) = guard::x_values(text, path) else {
        return Verdict::DropAll;
    };
    let now: BTreeMap<&[Seg], &XValue> = now.iter().map(|x| (x.path.as_slice(), x)).collect();
    let values = held(&mut doc, chosen.iter().map(|s| s.theirs));
    let bad: Vec<usize> = chosen
        .iter()
        .zip(values)
        .enumerate()
        .filter(|(_, (s, value))| {
            let nodes = now.get(s.theirs.path.as_slice());
            value.as_deref() != Some(s.value) || !nodes.is_some_and(|x| same_nodes(x, s.ours))
        })
        .map(|(i, _)| i)
        .collect();
    if !bad.is_empty() {
        return Verdict::Drop(bad);
    }
    if yaml_io::to_string(&doc) != canonical {
        return Verdict::DropAll;
    }
    Verdict::Good
}

/// The byte offset of a 1-based line and column (in characters).
fn offset(text: &str, line: usize, column: usize) -> Option<usize> {
    let start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let rest = &text[start..];
    Some(
        start
            + rest
                .char_indices()
                .nth(column.saturating_sub(1))
                .map_or(rest.len(), |(i, _)| i),
    )
}

fn same_nodes(a: &XValue, b: &XValue) -> bool {
    let marks = |l: &guard::Located| (l.atom.clone(), l.anchor.clone(), l.tag.clone());
    a.atoms.len() == b.atoms.len()
        && marks(&a.key) == marks(&b.key)
        && a.atoms
            .iter()
            .zip(&b.atoms)
            .all(|(x, y)| marks(x) == marks(y))
}

/// Why a save that keeps a file's `x-` values did not happen; nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum NotSaved {
    /// The write was refused or failed: the file changed on disk since it was read, a new
    /// file's name is taken, a link is in the way ([`SaveError`]).
    #[error(transparent)]
    Save(#[from] SaveError),
    /// One of the `x-` values could not be kept as the file writes them.
    #[error(transparent)]
    NotKept(#[from] Refused),
}

/// The text of the file whose `x-` values a save to `path` keeps, and that file's path: the
/// file itself for a save over it ([`Expect::Unchanged`]) while it still holds what was read,
/// or `copy_of` for a new file that copies it. `None` when there are none to keep: any other
/// new file, a file that cannot be read as text, or one that changed since it was read (the
/// save's own check then reports the change, under the file's lock).
pub(crate) fn kept_source<'a>(
    path: &'a Path,
    expect: Expect,
    copy_of: Option<&'a Path>,
) -> Option<(String, &'a Path)> {
    let (source, bytes) = match (expect, copy_of) {
        (Expect::New, Some(from)) => (from, crate::store::read_limited(from).ok()?),
        (Expect::Unchanged(fp), _) => {
            let bytes = crate::store::read_limited(path).ok()?;
            (Fingerprint::of_bytes(&bytes) == fp).then_some((path, bytes))?
        }
        _ => return None,
    };
    String::from_utf8(bytes).ok().map(|text| (text, source))
}

/// Writes a document at `path` as `expect` allows: `canonical`, the document's canonical text
/// ([`yaml_io::to_string`] of a `T`), with the `x-` values of the file it replaces or copies
/// (`kept_source`) as that file writes them (`text_to_save`), or refused, saying why.
/// Returns the new fingerprint.
pub fn save_document<T>(
    path: &Path,
    canonical: &str,
    expect: Expect,
    copy_of: Option<&Path>,
) -> Result<Fingerprint, NotSaved>
where
    T: Serialize + DeserializeOwned + KeepsXKeys + Clone,
{
    let kept = match kept_source(path, expect, copy_of) {
        // Text that is no `T` has no values to match the file's with: it is written as given.
        Some((original, source)) => match yaml_io::parse::<T>(canonical, source) {
            Ok(wanted) => Some(text_to_save(&original, &wanted, source)?),
            Err(_) => None,
        },
        None => None,
    };
    let text = kept.as_deref().unwrap_or(canonical);
    Ok(save_atomic(path, text.as_bytes(), expect)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monster::MonsterDesign;

    /// A save past the most a file may hold says its aliases were written out in full only of
    /// a file that has aliases. (`fight undo` on a large fight said it of a file with none.)
    #[test]
    fn a_save_too_large_speaks_of_aliases_only_when_the_file_has_them() {
        let path = Path::new("f.yaml");
        let big = "x".repeat(MAX_FILE_BYTES + 1);
        let plain = within_limit(big.clone(), "a: 1\nb: [2, 3]\nc: '*not an alias'\n", path)
            .unwrap_err()
            .to_string();
        assert!(!plain.contains("alias"), "{plain}");
        assert!(plain.contains("more than the 1048576 lairsmith reads; nothing was written"));
        let aliased = within_limit(big, "a: &x [1, 2]\nb: *x\n", path)
            .unwrap_err()
            .to_string();
        assert!(
            aliased.contains("(its aliases written out in full)"),
            "{aliased}"
        );
    }

    const HEAD: &str = "kind: monster\nschema_version: 1\nid: xk\nname: X Keeper\nlevel: 4\nrank: standard\nrole: wrecker\nsize: medium\nsource: natural\ntype: humanoid\n";

    /// `text` saved with a new name, so that the canonical text differs from the file.
    fn renamed(text: &str) -> Result<String, Refused> {
        let path = Path::new("xk.yaml");
        let mut d: MonsterDesign = crate::monster::parse_monster(text, path).unwrap();
        d.name = "X Warden".into();
        let saved = text_to_save(text, &d, path)?;
        assert_eq!(crate::monster::parse_monster(&saved, path).unwrap(), d);
        Ok(saved)
    }

    #[test]
    fn anchors_defined_again_keep_their_aliases_in_order() {
        let xs = "x-a: &d 1\nx-b: *d\nx-c: &d two\nx-e: [*d, *d]\n";
        let saved = renamed(&format!("{HEAD}{xs}")).unwrap();
        assert!(saved.ends_with(xs), "{saved}");
    }

    #[test]
    fn a_value_inside_a_flow_mapping_is_written_canonically_or_refused() {
        let power = |x: &str| {
            format!(
                "{HEAD}powers:\n- {{name: Maul, usage: at-will, action: standard, origin: melee, targets: one creature, damage: at-will-single, {x}}}\n"
            )
        };
        let saved = renamed(&power("x-n: 5")).unwrap();
        assert!(saved.contains("\n  x-n: 5\n"), "{saved}");
        let refused = renamed(&power("x-n: !!binary aGVsbG8=")).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "xk.yaml:12:117: `powers[0].x-n` has the tag `!!binary` here, which the save would drop; nothing was written"
        );
    }

    #[test]
    fn many_values_and_one_alias_that_cannot_be_kept_cost_one_round() {
        let mut text = HEAD.replace("name: X Keeper", "name: &n X Keeper");
        for i in 0..3000 {
            text.push_str(&format!("x-{i}: !!binary aGVsbG8=\n"));
        }
        text.push_str("x-name: *n\n");
        let started = std::time::Instant::now();
        let refused = renamed(&text).unwrap_err();
        assert_eq!(refused.0.len(), 1, "{refused}");
        assert!(refused.0[0].message.contains("alias `*n`"), "{refused}");
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn a_chunk_runs_to_the_end_of_its_value_and_the_comments_under_it() {
        let text = "a: 1\nx-k: |\n  two\n\n  lines\n  # kept\n# not\nb: 2\n";
        let xs = guard::x_values(text, Path::new("m.yaml")).unwrap();
        let (range, column) = chunk(text, &xs[0]).unwrap();
        assert_eq!(&text[range], "x-k: |\n  two\n\n  lines\n  # kept");
        assert_eq!(column, 0);
        let text = "a: 1\nx-k: [1,\n  2]   # note\n  # under\n\n# between\nx-l: 2\n# after\nb: 3\n";
        let xs = guard::x_values(text, Path::new("m.yaml")).unwrap();
        assert_eq!(
            &text[chunk(text, &xs[0]).unwrap().0],
            "x-k: [1,\n  2]   # note\n  # under\n\n# between"
        );
        assert_eq!(&text[chunk(text, &xs[1]).unwrap().0], "x-l: 2");
        let text = "a: {x-k: 1, b: 2}\n";
        let xs = guard::x_values(text, Path::new("m.yaml")).unwrap();
        assert_eq!(chunk(text, &xs[0]), None);
    }

    #[test]
    fn lines_move_to_the_new_column_or_refuse_to() {
        assert_eq!(
            reindent("x-k: |\r\n      a\r\n\r\n    b", 4, 2).unwrap(),
            "x-k: |\n    a\n\n  b"
        );
        assert_eq!(reindent("x-k:\n  - a", 0, 2).unwrap(), "x-k:\n    - a");
        assert_eq!(reindent("x-k: 'a\nb'", 2, 0), None);
    }
}
