//! An index of parsed monsters, so that a big bestiary is not parsed again at every start.
//!
//! YAML parsing is most of the cost of loading thousands of monsters; JSON is about four times
//! faster to read. The index lives in the data directory (`cache/bestiary-index.jsonl`), one
//! JSON line per monster file, keyed by the file's name, size and modification time. A file
//! whose size or time differs is parsed again, and the index is rewritten (atomically) whenever
//! anything changed. It is only an accelerator: a missing, unreadable, corrupt or old-format
//! index is ignored, a failure to write it is ignored, and designs with `x-` keys are never
//! indexed (their values are kept exactly by parsing the YAML).

use crate::bestiary::{Entry, Mark, Provenance};
use crate::monster::MonsterDesign;
use crate::store::{Expect, Fingerprint, save_atomic};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

/// Bumped whenever the line format or anything derived into it changes.
pub const CACHE_FORMAT: u32 = 1;

#[derive(Serialize, Deserialize)]
struct Header {
    lairsmith_index: u32,
    version: String,
}

/// What identifies a file's contents without reading it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    pub len: u64,
    pub mtime_ns: u64,
}

impl Stamp {
    pub fn of(path: &Path) -> Option<Stamp> {
        let m = std::fs::metadata(path).ok()?;
        let mtime = m.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
        Some(Stamp {
            len: m.len(),
            mtime_ns: u64::try_from(mtime.as_nanos()).ok()?,
        })
    }
}

#[derive(Serialize, Deserialize)]
struct Line {
    file: String,
    stamp: Stamp,
    hash: u64,
    xp: i64,
    mark: char,
    design: MonsterDesign,
}

fn mark_char(m: Mark) -> char {
    match m {
        Mark::Clean => 'c',
        Mark::Warnings => 'w',
        Mark::Errors => 'e',
    }
}

fn char_mark(c: char) -> Mark {
    match c {
        'w' => Mark::Warnings,
        'e' => Mark::Errors,
        _ => Mark::Clean,
    }
}

/// Whether a design can go into the index: no `x-` keys anywhere.
fn indexable(d: &MonsterDesign) -> bool {
    d.extra.is_empty()
        && d.powers.iter().all(|p| p.extra.is_empty())
        && d.traits.iter().all(|t| t.extra.is_empty())
}

/// The index of one bestiary directory.
#[derive(Debug, Clone)]
pub struct Index {
    path: PathBuf,
}

/// The index's answer for a directory: entries it still holds, and files to parse.
pub struct Lookup {
    pub cached: Vec<Entry>,
    pub to_parse: Vec<PathBuf>,
    /// The index no longer matches the directory and should be written again.
    pub stale: bool,
}

impl Index {
    /// The index for the user's bestiary directory `<data>/bestiary`: `<data>/cache/...`.
    pub fn for_bestiary(dir: &Path) -> Option<Index> {
        let data = dir.parent()?;
        Some(Index {
            path: data.join("cache").join("bestiary-index.jsonl"),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn read(&self) -> HashMap<String, Line> {
        let Ok(text) = std::fs::read_to_string(&self.path) else {
            return HashMap::new();
        };
        let mut lines = text.lines();
        let header_ok = lines
            .next()
            .and_then(|h| serde_json::from_str::<Header>(h).ok())
            .is_some_and(|h| {
                h.lairsmith_index == CACHE_FORMAT && h.version == env!("CARGO_PKG_VERSION")
            });
        if !header_ok {
            return HashMap::new();
        }
        let lines: Vec<&str> = lines.collect();
        parse_lines(&lines)
            .into_iter()
            .map(|l| (l.file.clone(), l))
            .collect()
    }

    /// Splits `files` into those the index still knows (as entries) and those to parse.
    pub fn lookup(&self, dir: &Path, files: &[PathBuf]) -> Lookup {
        let mut known = self.read();
        let known_count = known.len();
        let mut cached = Vec::new();
        let mut to_parse = Vec::new();
        for f in files {
            let name = f
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let hit = known
                .remove(&name)
                .filter(|l| Stamp::of(f) == Some(l.stamp) && l.design.check().is_ok());
            match hit {
                Some(l) => cached.push(Entry {
                    design: l.design,
                    provenance: Provenance::User,
                    path: dir.join(&l.file),
                    fingerprint: Some(Fingerprint {
                        len: l.stamp.len,
                        hash: l.hash,
                    }),
                    xp: l.xp,
                    mark: char_mark(l.mark),
                }),
                None => to_parse.push(f.clone()),
            }
        }
        let stale = !to_parse.is_empty() || cached.len() != known_count;
        Lookup {
            cached,
            to_parse,
            stale,
        }
    }

    /// The index text for these entries.
    pub fn render(entries: &[&Entry]) -> String {
        let mut out = serde_json::to_string(&Header {
            lairsmith_index: CACHE_FORMAT,
            version: env!("CARGO_PKG_VERSION").to_owned(),
        })
        .unwrap_or_default();
        out.push('\n');
        for e in entries.iter().filter(|e| indexable(&e.design)) {
            let (Some(fp), Some(stamp), Some(file)) =
                (e.fingerprint, Stamp::of(&e.path), e.path.file_name())
            else {
                continue;
            };
            if stamp.len != fp.len {
                continue; // changed since it was read: leave it to the next load
            }
            let line = Line {
                file: file.to_string_lossy().into_owned(),
                stamp,
                hash: fp.hash,
                xp: e.xp,
                mark: mark_char(e.mark),
                design: e.design.clone(),
            };
            if let Ok(s) = serde_json::to_string(&line) {
                out.push_str(&s);
                out.push('\n');
            }
        }
        out
    }

    /// Writes index text (best effort: an unwritable data directory only means the next start
    /// parses everything again).
    pub fn write(&self, text: &str) {
        let _ = save_atomic(&self.path, text.as_bytes(), Expect::Anything);
    }
}

/// Parses index lines on every core; a line that does not parse is skipped (its file is
/// then parsed from YAML).
fn parse_lines(lines: &[&str]) -> Vec<Line> {
    crate::parallel::map_in_order(lines, 256, |l| serde_json::from_str::<Line>(l).ok())
        .into_iter()
        .flatten()
        .collect()
}
