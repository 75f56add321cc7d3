//! An index of the user's monsters, so that a big bestiary is neither parsed nor held whole at
//! every start.
//!
//! YAML parsing is most of the cost of loading thousands of monsters. The index lives in the
//! data directory (`cache/bestiary-index.jsonl`): a header, then one JSON array per monster
//! file holding its name, the [`Stamp`] the file had when it was read (size, inode,
//! modification and change times to the nanosecond), the hash of its bytes, and either the
//! monster's [`Card`] (what lists, filters, sorts and budgets need: about a sixth of the file)
//! or the error the file gave. Designs are not indexed: they are read from their files when a
//! monster is shown or derived, and checked against the hash.
//!
//! A card's XP and lint mark are derived when its file is parsed. They depend on the rules
//! (the index is ignored by any other version of lairsmith) and, for a monster with
//! templates, on the template library: the header holds a hash of the library, and when it
//! differs those monsters are parsed again. A card whose id or name breaks the rules a file
//! must follow is parsed again too.
//!
//! A stamp is taken from the open file before it is read and compared with one taken after;
//! a file that changed while it was read is not indexed. A file changed so recently that a
//! same-size rewrite could keep every field of its stamp (timestamps tick coarsely) is indexed
//! with `verify`, and its bytes are hashed again before its line is used, until it is older.
//!
//! The index is only an accelerator: a missing, unreadable, oversized, non-regular, corrupt or
//! old-format index is ignored (and written again), and a failure to write it is ignored.

use crate::bestiary::card::{Card, CardRow};
use crate::bestiary::{Entry, Library};
use crate::store::{Fingerprint, Stamp, open_regular, read_at_most, save_private};
use crate::yaml_io::FileError;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Bumped whenever the line format or anything derived into it changes.
pub const CACHE_FORMAT: u32 = 4;

/// The longest line the index holds; a monster whose line would be longer is parsed from its
/// YAML every time (no real monster comes near: a name is at most a few hundred bytes). Keeps
/// the size bound below true for any index lairsmith wrote.
pub const MAX_LINE_BYTES: usize = 4 * 1024;

/// Room for the header beyond the lines.
const MARGIN_BYTES: u64 = 1024 * 1024;

/// The largest index ever read, whatever the number of files.
pub const MAX_INDEX_BYTES: u64 = 256 * 1024 * 1024;

#[derive(Serialize, Deserialize)]
struct Header {
    lairsmith_index: u32,
    version: String,
    /// [`library_hash`] of the templates the cards were derived with.
    templates: u64,
}

/// What the index keeps about a file that was read whole and did not change while read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seen {
    pub stamp: Stamp,
    pub hash: u64,
    /// Check the bytes before trusting the line (see [`Stamp::is_racy`]).
    pub verify: bool,
}

/// An error a file gave: message, line, column.
#[derive(Serialize, Deserialize)]
struct CachedError(String, Option<usize>, Option<usize>);

/// One line of the index: file name, stamp (length, inode, modification and change times),
/// hash, verify, and the card or the error. Positional, to keep the index small.
#[derive(Serialize, Deserialize)]
struct Line(
    String,
    u64,
    u64,
    i64,
    u32,
    i64,
    u32,
    u64,
    u8,
    Option<CardRow>,
    Option<CachedError>,
);

impl Line {
    fn stamp(&self) -> Stamp {
        Stamp {
            len: self.1,
            ino: self.2,
            mtime_s: self.3,
            mtime_ns: self.4,
            ctime_s: self.5,
            ctime_ns: self.6,
        }
    }
}

/// What a file gave when it was read, for [`Index::render`].
pub enum Content<'a> {
    Card(&'a Card),
    Error(&'a FileError),
}

/// A hash of the monster templates a bestiary derives with (shipped and the user's), standing
/// for the library in the index's header.
pub fn library_hash(lib: &Library) -> u64 {
    let templates: Vec<_> = lib.entries.iter().map(|e| &e.template).collect();
    Fingerprint::of_bytes(
        serde_json::to_string(&templates)
            .unwrap_or_default()
            .as_bytes(),
    )
    .hash
}

/// The directory of the files whose stamps are taken, opened once: each file is then found by
/// its name alone (fstatat), not by walking its whole path, which is a third of the cost of
/// checking 100,000 stamps.
struct Dir {
    #[cfg(unix)]
    fd: Option<rustix::fd::OwnedFd>,
}

impl Dir {
    fn open(dir: Option<&Path>) -> Dir {
        #[cfg(unix)]
        {
            use rustix::fs::{Mode, OFlags, open};
            let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
            Dir {
                fd: dir.and_then(|d| open(d, flags, Mode::empty()).ok()),
            }
        }
        #[cfg(not(unix))]
        {
            let _ = dir;
            Dir {}
        }
    }

    /// The stamp of `file` (a file of this directory) now; a link is followed, as
    /// [`Stamp::of`] does.
    fn stamp(&self, file: &Path) -> Option<Stamp> {
        #[cfg(unix)]
        if let (Some(fd), Some(name)) = (&self.fd, file.file_name()) {
            return rustix::fs::statat(fd, name, rustix::fs::AtFlags::empty())
                .ok()
                .map(|st| Stamp::of_stat(&st));
        }
        Stamp::of(file)
    }
}

/// The index of one bestiary directory.
#[derive(Debug, Clone)]
pub struct Index {
    path: PathBuf,
}

/// The index's answer for one file.
pub struct Hit {
    /// The monster, or the error the file gave when it was read.
    pub result: Result<Entry, FileError>,
    pub seen: Seen,
}

/// The index's answer for a directory.
pub struct Lookup {
    /// For each file, in order: what the index holds for it, or `None` (parse it).
    pub hits: Vec<Option<Hit>>,
    /// The index has lines for files that are gone, or lines that no longer need verifying:
    /// it should be written again even if nothing new is parsed.
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

    /// The largest index worth reading for a directory of `files` monster files.
    pub fn size_bound(files: usize) -> u64 {
        (files as u64)
            .saturating_mul(MAX_LINE_BYTES as u64)
            .saturating_add(MARGIN_BYTES)
            .min(MAX_INDEX_BYTES)
    }

    /// The index's text and header, if it is a regular file within the size bound for a
    /// directory of `files` monster files, of this format and version.
    fn read(&self, files: usize) -> Option<(String, Header)> {
        let bound = Index::size_bound(files);
        // Only a regular file, opened without blocking, and never more than the bound: a FIFO,
        // a link to /dev/zero or a huge sparse file is ignored (and replaced at the next write).
        let (mut f, meta) = open_regular(&self.path).ok()?;
        if meta.len() > bound {
            return None;
        }
        let bytes = read_at_most(&mut f, bound as usize).ok()??;
        let text = String::from_utf8(bytes).ok()?;
        let header = text.lines().next()?;
        let header: Header = serde_json::from_str(header).ok()?;
        (header.lairsmith_index == CACHE_FORMAT && header.version == env!("CARGO_PKG_VERSION"))
            .then_some((text, header))
    }

    /// What the index holds for each of `files` (the directory's monster files), checking each
    /// line against the file as it is now. `now` is when the load began; `templates` is the
    /// [`library_hash`] of `lib`.
    pub fn lookup(
        &self,
        files: &[PathBuf],
        now: SystemTime,
        lib: &Library,
        templates: u64,
    ) -> Lookup {
        let mut hits: Vec<Option<Hit>> = files.iter().map(|_| None).collect();
        let Some((text, header)) = self.read(files.len()) else {
            return Lookup { hits, stale: false };
        };
        let same_templates = header.templates == templates;
        let lines: Vec<&str> = text.lines().skip(1).collect();
        let by_name: foldhash::HashMap<std::borrow::Cow<'_, str>, usize> = files
            .iter()
            .enumerate()
            .filter_map(|(i, f)| Some((f.file_name()?.to_string_lossy(), i)))
            .collect();
        let dir = Dir::open(files.first().and_then(|f| f.parent()));
        // One pass per line on every core: parse it, find its file, and check the file is
        // still the one it describes.
        let found = crate::parallel::map_in_order(&lines, 256, |l| {
            let line = serde_json::from_str::<Line>(l).ok()?;
            let i = *by_name.get(line.0.as_str())?;
            let was_racy = line.8 != 0;
            let stamp = dir.stamp(&files[i]);
            Some((
                i,
                was_racy,
                hit(&files[i], stamp, line, now, lib, same_templates),
            ))
        });
        let mut used = 0;
        let mut settled = false;
        for (i, was_racy, hit) in found.into_iter().flatten() {
            if let Some(h) = hit
                && hits[i].is_none()
            {
                settled |= was_racy && !h.seen.verify;
                hits[i] = Some(h);
                used += 1;
            }
        }
        Lookup {
            // Lines for files that are gone or changed, corrupt lines, lines the template
            // library no longer vouches for, or lines that no longer need their bytes checked:
            // worth writing again.
            stale: used != lines.len() || settled,
            hits,
        }
    }

    /// The index text for these files: each with its path, what was seen of it, and what it
    /// gave; `templates` is the [`library_hash`] the cards were derived with. Over-long lines
    /// are left out.
    pub fn render<'a>(
        templates: u64,
        records: impl IntoIterator<Item = (&'a Path, Seen, Content<'a>)>,
    ) -> String {
        let mut out = serde_json::to_string(&Header {
            lairsmith_index: CACHE_FORMAT,
            version: env!("CARGO_PKG_VERSION").to_owned(),
            templates,
        })
        .unwrap_or_default();
        out.push('\n');
        for (path, seen, content) in records {
            let (Some(file), Some(stem)) = (path.file_name(), path.file_stem()) else {
                continue;
            };
            let (card, error) = match content {
                Content::Card(c) => (Some(c.row(&stem.to_string_lossy())), None),
                Content::Error(e) => (None, Some(CachedError(e.message.clone(), e.line, e.column))),
            };
            let st = seen.stamp;
            let line = Line(
                file.to_string_lossy().into_owned(),
                st.len,
                st.ino,
                st.mtime_s,
                st.mtime_ns,
                st.ctime_s,
                st.ctime_ns,
                seen.hash,
                u8::from(seen.verify),
                card,
                error,
            );
            if let Ok(s) = serde_json::to_string(&line)
                && s.len() <= MAX_LINE_BYTES
            {
                out.push_str(&s);
                out.push('\n');
            }
        }
        out
    }

    /// Writes index text (best effort: an unwritable data directory only means the next start
    /// parses everything again). Whatever is at the index's path is replaced, never written
    /// through: it is lairsmith's own file.
    pub fn write(&self, text: &str) {
        let _ = save_private(&self.path, text.as_bytes());
    }
}

/// The index's answer for `file` from its `line`, if the line still describes the file. A
/// templated monster's card counts only if the template library is the one it was made with.
fn hit(
    file: &Path,
    stamp: Option<Stamp>,
    line: Line,
    now: SystemTime,
    lib: &Library,
    same_templates: bool,
) -> Option<Hit> {
    let seen = still_valid(file, stamp?, &line, now)?;
    let stem = file.file_stem()?.to_string_lossy();
    let result = match (line.9, line.10) {
        (Some(row), None) => {
            let card = Card::from_row(row, &stem)?;
            if card.templated && !same_templates {
                return None;
            }
            let fp = Fingerprint {
                len: seen.stamp.len,
                hash: seen.hash,
            };
            Ok(Entry::from_card(card, file.to_owned(), fp, lib))
        }
        (None, Some(CachedError(message, line, column))) => Err(FileError {
            path: file.to_owned(),
            line,
            column,
            message,
        }),
        _ => return None,
    };
    Some(Hit { result, seen })
}

/// What is seen of `file` (whose stamp is now `stamp`) if `line` still describes it.
fn still_valid(file: &Path, stamp: Stamp, line: &Line, now: SystemTime) -> Option<Seen> {
    if stamp != line.stamp() {
        return None;
    }
    if line.8 == 0 {
        return Some(Seen {
            stamp,
            hash: line.7,
            verify: false,
        });
    }
    // Indexed while racy: the stamp alone cannot vouch for the contents, the bytes do.
    let (bytes, stable) = crate::store::read_stamped(file).ok()?;
    let fp = Fingerprint::of_bytes(&bytes);
    (stable == Some(stamp) && fp.hash == line.7).then(|| Seen {
        stamp,
        hash: fp.hash,
        verify: stamp.is_racy(now),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, UNIX_EPOCH};

    fn stamp_at(secs: i64) -> Stamp {
        Stamp {
            len: 1,
            ino: 1,
            mtime_s: secs,
            mtime_ns: 0,
            ctime_s: secs,
            ctime_ns: 0,
        }
    }

    #[test]
    fn recent_and_future_stamps_are_racy() {
        let now = UNIX_EPOCH + Duration::from_secs(1_000_000);
        assert!(stamp_at(1_000_000).is_racy(now));
        assert!(stamp_at(999_998).is_racy(now));
        assert!(stamp_at(1_000_100).is_racy(now), "a future time");
        assert!(!stamp_at(999_990).is_racy(now));
        assert!(!stamp_at(-5).is_racy(now));
    }

    /// With the files long settled (a load "an hour later"), no line is verified by its bytes:
    /// the stamp alone must notice an in-place same-size edit whose modification time was put
    /// back, and a replacement by rename.
    #[test]
    fn the_stamp_alone_sees_in_place_and_renamed_edits_with_the_old_mtime() {
        let dir = tempfile::tempdir().unwrap();
        let bestiary = dir.path().join("bestiary");
        crate::fixtures::write_bestiary(&bestiary, 2, 5).unwrap();
        let files = crate::store::yaml_files(&bestiary).unwrap();
        let later = SystemTime::now() + Duration::from_secs(3600);
        let index = Index::for_bestiary(&bestiary).unwrap();
        let mut b = crate::bestiary::Bestiary::shipped();
        let write = b.load_dir_indexed_at(&bestiary, &index, later).unwrap();
        write.run(&b);
        let lib = crate::monster::template::MonsterTemplates::shipped();
        let hits = index.lookup(&files, later, &lib, library_hash(&lib)).hits;
        assert!(
            hits.iter()
                .all(|h| h.as_ref().is_some_and(|h| !h.seen.verify))
        );
        // The edits below must fall in a later tick of the filesystem clock than the fixture's
        // writes (ticks are at most 10 ms on Linux), as any real later edit does.
        std::thread::sleep(Duration::from_millis(50));
        let in_place = &files[0];
        let mtime = std::fs::metadata(in_place).unwrap().modified().unwrap();
        let text = std::fs::read_to_string(in_place).unwrap();
        let same_size = text.replacen("level: ", "level:\t", 1);
        assert_eq!(same_size.len(), text.len());
        std::fs::write(in_place, &same_size).unwrap();
        let f = std::fs::File::options().write(true).open(in_place).unwrap();
        f.set_modified(mtime).unwrap();
        drop(f);
        let renamed = &files[1];
        let mtime = std::fs::metadata(renamed).unwrap().modified().unwrap();
        let tmp = bestiary.join("tmp");
        std::fs::copy(renamed, &tmp).unwrap();
        std::fs::File::options()
            .write(true)
            .open(&tmp)
            .unwrap()
            .set_modified(mtime)
            .unwrap();
        std::fs::rename(&tmp, renamed).unwrap();
        let lib = crate::monster::template::MonsterTemplates::shipped();
        let hits = index.lookup(&files, later, &lib, library_hash(&lib)).hits;
        assert!(
            hits.iter().all(Option::is_none),
            "both files are read again"
        );
    }
}
