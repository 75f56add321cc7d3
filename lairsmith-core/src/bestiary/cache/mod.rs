//! An index of the user's monsters, so that a big bestiary is neither parsed nor held whole at
//! every start.
//!
//! YAML parsing is most of the cost of loading thousands of monsters. The index lives in the
//! data directory (`cache/bestiary-index.bin`): one record per monster file holding its name,
//! the [`Stamp`] the file had when it was read (size, inode, modification and change times to
//! the nanosecond), the hash of its bytes, and either the monster's [`Card`] (what lists,
//! filters, sorts and budgets need: about a sixth of the file) or the error the file gave.
//! Designs are not indexed: they are read from their files when a monster is shown or derived,
//! and checked against the hash.
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
//! with `verify`, and its bytes are hashed again before its record is used, until it is older.
//!
//! # The encoding
//!
//! Binary, little-endian, read in one pass with no parsing beyond lengths and fixed fields
//! (parsing 100,000 JSON lines was a quarter of listing them):
//!
//! ```text
//! magic "lairidx\n" | format u32 | version (u8 length, bytes) | templates u64 | count u32
//! count × record: length u32 | name (u16 length, bytes) | size u64 | inode u64
//!                 | mtime s i64 | mtime ns u32 | ctime s i64 | ctime ns u32 | hash u64
//!                 | verify u8 | 0 card | 1 error
//!   card:  id (u16 length, bytes; empty: the stem) | name (u16, bytes) | level u8 | rank u8
//!          | role u8 | leader u8 | size u8 | source u8 | type u8 | tags (u16 count, u8 each)
//!          | xp i64 | mark u8 | overrides u8 | templated u8
//!   error: message (u32 length, bytes) | line u64 | column u64 (u64::MAX: none)
//! CRC-32 of every byte before it, u32
//! ```
//!
//! Records are sorted by file name, byte for byte as the directory listing is, so a listing
//! finds its records by walking both in step, without a map. The checksum is checked before
//! anything else is read; a file that does not start with the magic is not read past it.
//!
//! # Reading it on every core
//!
//! Listing the directory is one system call stream that cannot be split, and checking the
//! stamps is one `fstatat` per file. The index names the files it knows, so their stamps are
//! checked (and their entries built) on other threads *while* the directory is listed; the
//! listing thread joins them when it is done. Which file is which is settled afterwards by
//! name: a record whose file was not listed is not used, a listed file without a usable
//! record is parsed.
//!
//! The index is only an accelerator: a missing, unreadable, oversized, non-regular, corrupt,
//! truncated, foreign or old-format index is ignored (and written again), and a failure to
//! write it is ignored.

use crate::bestiary::card::{Card, CardRow};
use crate::bestiary::{Entry, Library, Readings};
use crate::parallel::{Cursor, Gathered};
use crate::store::{Fingerprint, Stamp, open_regular, save_private, yaml_files};
use crate::yaml_io::FileError;
use std::borrow::Cow;
use std::ffi::OsStr;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::SystemTime;

mod encoding;
pub(crate) use encoding::Records;
use encoding::*;

/// Bumped whenever the encoding or anything derived into it changes.
pub(crate) const CACHE_FORMAT: u32 = 5;

/// The first bytes of every index lairsmith writes: anything else is not read further.
const MAGIC: [u8; 8] = *b"lairidx\n";

/// The index's file name in the data directory's `cache/`.
pub const INDEX_FILE: &str = "bestiary-index.bin";

/// Names earlier versions gave the index, removed when the index is written.
const OLD_INDEX_FILES: [&str; 1] = ["bestiary-index.jsonl"];

/// The longest record the index holds; a monster whose record would be longer is parsed from
/// its YAML every time (no real monster comes near: a name is at most a few hundred bytes).
/// Keeps the size bound below true for any index lairsmith wrote.
pub(crate) const MAX_RECORD_BYTES: usize = 4 * 1024;

/// About what one record takes (a generated monster's is 120 bytes): room set aside per file
/// when an index is written.
const TYPICAL_RECORD_BYTES: usize = 128;

/// Room for the header beyond the records.
const MARGIN_BYTES: u64 = 1024 * 1024;

/// The largest index ever read, whatever the number of files.
pub(crate) const MAX_INDEX_BYTES: u64 = 256 * 1024 * 1024;

/// Items of stamp checking handed to a thread at a time: small enough that the thread that
/// finishes listing the directory finds work left, large enough to cost nothing to take.
const CHUNK: usize = 512;

/// The size of index from which its records are checked on every core.
const PARALLEL_FROM_BYTES: u64 = 64 * 1024;

/// Where "none" is written for a line or column.
const NONE: u64 = u64::MAX;

/// What the index keeps about a file that was read whole and did not change while read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Seen {
    /// The file's stamp, taken before and after it was read, and equal.
    pub stamp: Stamp,
    /// The FNV-1a hash of the file's bytes ([`crate::hash::fnv1a`]), checked again when
    /// `verify` is set.
    pub hash: u64,
    /// Check the bytes before trusting the record (see [`Stamp::is_racy`]).
    pub verify: bool,
}

/// What a file gave when it was read, for [`Records::push`].
pub(crate) enum Content<'a> {
    /// The monster the file holds: its card is what the index keeps.
    Card(&'a Card),
    /// The error the file gave; the index keeps its message and place.
    Error(&'a FileError),
}

/// What a record holds beside its file's name and stamp.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body<'a> {
    /// The monster's card, read in place.
    Card(CardRow<'a>),
    /// The error the file gave when it was read.
    Error {
        /// The error's message, as the user sees it.
        message: &'a str,
        /// The line (1-based) it points at, if known.
        line: Option<usize>,
        /// The column (1-based) it points at, if known.
        column: Option<usize>,
    },
}

/// One record of the index, read in place from its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record<'a> {
    /// The file's name in the bestiary directory, as the operating system spells it.
    pub name: &'a [u8],
    /// The file's stamp and hash when it was read.
    pub(crate) seen: Seen,
    /// The monster's card, or the error the file gave.
    pub body: Body<'a>,
}

/// A hash of the monster templates a bestiary derives with (shipped and the user's), standing
/// for the library in the index's header.
pub(crate) fn library_hash(lib: &Library) -> u64 {
    let templates: Vec<_> = lib.entries.iter().map(|e| &e.template).collect();
    Fingerprint::of_bytes(
        serde_json::to_string(&templates)
            .unwrap_or_default()
            .as_bytes(),
    )
    .hash
}

/// A file name as the operating system spells it, from the index's bytes.
fn os_name(bytes: &[u8]) -> Option<&OsStr> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Some(OsStr::from_bytes(bytes))
    }
    #[cfg(not(unix))]
    {
        std::str::from_utf8(bytes).ok().map(OsStr::new)
    }
}

/// The stem of a monster file's name (`goblin` of `goblin.yaml`), as `Path::file_stem` gives
/// it for the names a listing keeps, if it is UTF-8.
fn stem(name: &[u8]) -> Option<&str> {
    let stem = name
        .strip_suffix(b".yaml")
        .or_else(|| name.strip_suffix(b".yml"))?;
    std::str::from_utf8(stem).ok()
}

/// Whether `name` could be a monster file of a bestiary directory as the listing keeps them:
/// one name, not hidden, no separator. A record naming anything else is corrupt (and would
/// make the stamp check look outside the directory).
fn plain_file_name(name: &[u8]) -> bool {
    !name.is_empty() && name[0] != b'.' && !name.iter().any(|b| matches!(b, b'/' | b'\\' | b'\0'))
}

/// The directory of the files whose stamps are taken, opened once: each file is then found by
/// its name alone (fstatat), not by walking its whole path, which is a third of the cost of
/// checking 100,000 stamps.
struct Dir<'a> {
    path: &'a Path,
    #[cfg(unix)]
    fd: Option<rustix::fd::OwnedFd>,
}

impl<'a> Dir<'a> {
    fn open(path: &'a Path) -> Dir<'a> {
        #[cfg(unix)]
        {
            use rustix::fs::{Mode, OFlags, open};
            let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
            Dir {
                path,
                fd: open(path, flags, Mode::empty()).ok(),
            }
        }
        #[cfg(not(unix))]
        {
            Dir { path }
        }
    }

    /// The stamp of the file called `name` in this directory now; a link is followed, as
    /// [`Stamp::of`] does.
    fn stamp(&self, name: &[u8]) -> Option<Stamp> {
        #[cfg(unix)]
        if let Some(fd) = &self.fd {
            return rustix::fs::statat(fd, name, rustix::fs::AtFlags::empty())
                .ok()
                .map(|st| Stamp::of_stat(&st));
        }
        Stamp::of(&self.path.join(os_name(name)?))
    }
}

/// The index of one bestiary directory.
#[derive(Debug, Clone)]
pub struct Index {
    path: PathBuf,
}

/// The index's answer for one file.
pub(crate) struct Hit {
    /// The monster, or the error the file gave when it was read; its path is set by
    /// [`Hit::at`].
    result: Result<Entry, FileError>,
    /// How search reads the monster, made on the thread that checked it.
    readings: Option<Readings>,
    /// The file is named for the monster's id ([`Entry::named_for_its_id`], known here
    /// without taking its path apart again).
    owner: bool,
    /// The file's stamp and hash, for the next index.
    pub seen: Seen,
}

impl Hit {
    /// Whether the file gave a monster (rather than an error).
    pub(crate) fn is_monster(&self) -> bool {
        self.result.is_ok()
    }

    /// The monster (or error) of the file at `path`, the listed file this hit is for, with
    /// how search reads the monster.
    pub(crate) fn at(self, path: PathBuf) -> (Result<Entry, FileError>, Option<Readings>, bool) {
        let mut result = self.result;
        match &mut result {
            Ok(e) => e.path = path,
            Err(e) => e.path = path,
        }
        (result, self.readings, self.owner)
    }
}

/// A bestiary directory as listed, with what the index holds for each file.
pub(crate) struct Listing {
    /// The directory's monster files, sorted by name.
    pub files: Vec<PathBuf>,
    /// For each file, where its hit is in `checked` ([`NOT_FOUND`]: there is none, parse
    /// it). The hits stay where the threads that checked them put them until they are taken
    /// into the bestiary: 100,000 of them are copied once, not once per step.
    found: Vec<usize>,
    checked: Vec<Vec<Option<Checked>>>,
    /// The index has records for files that are gone, or records that no longer need
    /// verifying: it should be written again even if nothing new is parsed.
    pub stale: bool,
}

const NOT_FOUND: usize = usize::MAX;

impl Listing {
    /// Whether the index holds what file `i` gives.
    pub(crate) fn has_hit(&self, i: usize) -> bool {
        self.found[i] != NOT_FOUND
    }

    /// What the index says was seen of file `i`, if it holds what the file gives.
    #[cfg(test)]
    pub(crate) fn seen(&self, i: usize) -> Option<Seen> {
        let j = self.found[i];
        let c = self.checked.get(j / CHUNK)?.get(j % CHUNK)?.as_ref()?;
        Some(c.hit.seen)
    }

    /// Each file, in order, with what the index holds for it (`None`: parse it). Each chunk
    /// of hits is let go as soon as the walk is past it, so the hits and the entries made of
    /// them are not all held at once.
    pub(crate) fn into_hits(self) -> impl Iterator<Item = (PathBuf, Option<Hit>)> {
        let Listing {
            files,
            found,
            mut checked,
            ..
        } = self;
        // Records are found in the files' order: `j` only grows.
        let mut kept_from = 0;
        files.into_iter().zip(found).map(move |(file, j)| {
            if j == NOT_FOUND {
                return (file, None);
            }
            let part = j / CHUNK;
            for done in checked.iter_mut().take(part).skip(kept_from) {
                *done = Vec::new();
            }
            kept_from = kept_from.max(part);
            let hit = checked
                .get_mut(part)
                .and_then(|part| part.get_mut(j % CHUNK))
                .and_then(Option::take)
                .map(|c| c.hit);
            (file, hit)
        })
    }
}

/// An index read whole, its checksum and structure checked, its records found.
struct Decoded {
    bytes: Vec<u8>,
    /// Where each record begins (at its length).
    starts: Vec<u32>,
    templates: u64,
}

impl Decoded {
    fn name(&self, i: usize) -> &[u8] {
        let at = self.starts[i] as usize + 4;
        let len = u16::from_le_bytes([self.bytes[at], self.bytes[at + 1]]) as usize;
        &self.bytes[at + 2..at + 2 + len]
    }

    fn record(&self, i: usize) -> Option<Record<'_>> {
        let at = self.starts[i] as usize;
        let mut r = Reader(&self.bytes[at..]);
        let len = r.u32()? as usize;
        let mut r = Reader(r.0.get(..len)?);
        let rec = r.record()?;
        r.0.is_empty().then_some(rec)
    }
}

/// The decoded index with its stamp checks to share out.
struct Work {
    decoded: Decoded,
    cursor: Cursor,
    same_templates: bool,
}

/// What a stamp check gave for one record.
struct Checked {
    hit: Hit,
    /// The record was written with `verify`.
    was_racy: bool,
}

impl Index {
    /// The index for the user's bestiary directory `<data>/bestiary`: `<data>/cache/...`.
    pub fn for_bestiary(dir: &Path) -> Option<Index> {
        let data = dir.parent()?;
        Some(Index {
            path: data.join("cache").join(INDEX_FILE),
        })
    }

    /// Where the index file is: `<data>/cache/bestiary-index.bin`.
    #[cfg(any(test, feature = "fixtures"))]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The largest index worth reading for a directory of `files` monster files.
    pub(crate) fn size_bound(files: usize) -> u64 {
        (files as u64)
            .saturating_mul(MAX_RECORD_BYTES as u64)
            .saturating_add(MARGIN_BYTES)
            .min(MAX_INDEX_BYTES)
    }

    /// The index, if it is a regular file of at most [`MAX_INDEX_BYTES`] that starts with the
    /// magic, passes its checksum, is of this format and version, and whose records are
    /// whole and sorted by name.
    fn decode(&self) -> Option<Decoded> {
        // Only a regular file, opened without blocking, and never more than the largest bound:
        // a FIFO, a link to /dev/zero or a huge sparse file is ignored (and replaced at the next
        // write). It is read while the directory is listed, so the bound for the directory's
        // own size is applied once the listing is done ([`Index::list`]); a file that is not an
        // index is not read past its magic.
        let (mut f, meta) = open_regular(&self.path).ok()?;
        if meta.len() > MAX_INDEX_BYTES {
            return None;
        }
        let mut magic = [0; MAGIC.len()];
        f.read_exact(&mut magic).ok()?;
        if magic != MAGIC {
            return None;
        }
        let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).ok()?.saturating_add(1));
        bytes.extend_from_slice(&magic);
        (&mut f)
            .take(MAX_INDEX_BYTES + 1 - MAGIC.len() as u64)
            .read_to_end(&mut bytes)
            .ok()?;
        decode_bytes(bytes)
    }

    /// Lists the bestiary directory `dir` and finds what the index holds for each of its
    /// monster files, checking each record against the file as it is now: the stamps are
    /// checked on other threads while this one lists. `now` is when the load began;
    /// `templates` is the [`library_hash`] of `lib`.
    pub(crate) fn list(
        &self,
        dir: &Path,
        now: SystemTime,
        lib: &Library,
        templates: u64,
    ) -> Result<Listing, FileError> {
        let work: OnceLock<Option<Work>> = OnceLock::new();
        let prepare = || {
            self.decode().map(|decoded| Work {
                cursor: Cursor::new(decoded.starts.len(), CHUNK),
                same_templates: decoded.templates == templates,
                decoded,
            })
        };
        let fd = Dir::open(dir);
        let gathered: Gathered<Option<Checked>> = Gathered::default();
        let check_all = |w: &Work| {
            while let Some(range) = w.cursor.take() {
                let start = range.start;
                let checked = range
                    .map(|i| check(w, i, &fd, now, lib))
                    .collect::<Vec<_>>();
                gathered.put(start, checked);
            }
        };
        // A small index (a few hundred monsters) is checked faster than a thread starts.
        let helpers = match std::fs::metadata(&self.path) {
            Ok(m) if m.len() > PARALLEL_FROM_BYTES => crate::parallel::threads() - 1,
            _ => 0,
        };
        let files = std::thread::scope(|s| {
            for _ in 0..helpers {
                s.spawn(|| {
                    if let Some(w) = work.get_or_init(prepare) {
                        check_all(w);
                    }
                });
            }
            let files = yaml_files(dir);
            // Reads the index here if no other thread has begun to, or waits for the one that
            // has; then takes what is left of the checks.
            if let Some(w) = work.get_or_init(prepare) {
                if files.is_err() {
                    w.cursor.stop();
                }
                check_all(w);
            }
            files
        })?;
        let Some(w) = work
            .into_inner()
            .flatten()
            .filter(|w| w.decoded.bytes.len() as u64 <= Index::size_bound(files.len()))
        else {
            return Ok(Listing {
                found: vec![NOT_FOUND; files.len()],
                checked: Vec::new(),
                files,
                stale: false,
            });
        };
        let checked = gathered.into_chunks();
        let count = w.decoded.starts.len();
        // Both are sorted by name: walk them in step.
        let mut j = 0;
        let mut used = 0;
        let mut settled = false;
        let found = files
            .iter()
            .map(|f| {
                let Some(name) = f.file_name().map(OsStr::as_encoded_bytes) else {
                    return NOT_FOUND;
                };
                while j < count && w.decoded.name(j) < name {
                    j += 1;
                }
                if j == count || w.decoded.name(j) != name {
                    return NOT_FOUND;
                }
                match checked.get(j / CHUNK).and_then(|p| p.get(j % CHUNK)) {
                    Some(Some(c)) => {
                        used += 1;
                        settled |= c.was_racy && !c.hit.seen.verify;
                        j
                    }
                    _ => NOT_FOUND,
                }
            })
            .collect();
        Ok(Listing {
            files,
            found,
            checked,
            // Records for files that are gone or changed, corrupt records, records the
            // template library no longer vouches for, or records that no longer need their
            // bytes checked: worth writing again.
            stale: used != count || settled,
        })
    }

    /// Writes the index (best effort: an unwritable data directory only means the next start
    /// parses everything again). Whatever is at the index's path is replaced, never written
    /// through: it is lairsmith's own file. An index an older version left under another name
    /// is removed.
    pub fn write(&self, bytes: &[u8]) {
        if save_private(&self.path, bytes).is_ok()
            && let Some(cache) = self.path.parent()
        {
            for old in OLD_INDEX_FILES {
                let _ = std::fs::remove_file(cache.join(old));
            }
        }
    }

    /// Every record of the index as it is on disk, passed to `edit`, then the index written
    /// again with a valid checksum: for tests of what a hand-made index can make lairsmith
    /// believe. `false` if there was no usable index.
    #[doc(hidden)]
    #[cfg(any(test, feature = "fixtures"))]
    pub fn rewrite_records(&self, mut edit: impl FnMut(&mut Record<'_>)) -> bool {
        let Some(d) = self.decode() else {
            return false;
        };
        let mut out = header(d.templates, d.starts.len());
        for i in 0..d.starts.len() {
            let Some(mut rec) = d.record(i) else {
                return false;
            };
            edit(&mut rec);
            if put_record(&mut out, &rec).is_none() {
                return false;
            }
        }
        save_private(&self.path, &seal(out)).is_ok()
    }
}

/// The index's answer for record `i` of `w`, if the record still describes the file of its
/// name in `dir`. A templated monster's card counts only if the template library is the one
/// it was made with.
fn check(w: &Work, i: usize, dir: &Dir<'_>, now: SystemTime, lib: &Library) -> Option<Checked> {
    let rec = w.decoded.record(i)?;
    let stamp = dir.stamp(rec.name)?;
    let seen = still_valid(dir, stamp, &rec, now)?;
    let mut owner = false;
    let (result, readings) = match rec.body {
        Body::Card(row) => {
            // The stem is the id when the row leaves the id out (and then it must be one,
            // which only UTF-8 can be).
            let stem = stem(rec.name);
            let card = Card::from_row(&row, if row.id.is_empty() { stem? } else { "" })?;
            owner = stem == Some(card.id.as_str());
            if card.templated && !w.same_templates {
                return None;
            }
            let fp = Fingerprint {
                len: seen.stamp.len,
                hash: seen.hash,
            };
            let readings = Readings::of(&card);
            (
                Ok(Entry::from_card(card, PathBuf::new(), fp, lib)),
                Some(readings),
            )
        }
        Body::Error {
            message,
            line,
            column,
        } => (
            Err(FileError {
                path: PathBuf::new(),
                line,
                column,
                message: message.to_owned(),
            }),
            None,
        ),
    };
    Some(Checked {
        hit: Hit {
            result,
            readings,
            owner,
            seen,
        },
        was_racy: rec.seen.verify,
    })
}

/// What is seen of the file `rec` names (whose stamp is now `stamp`) if `rec` still describes
/// it.
fn still_valid(dir: &Dir<'_>, stamp: Stamp, rec: &Record<'_>, now: SystemTime) -> Option<Seen> {
    if stamp != rec.seen.stamp {
        return None;
    }
    if !rec.seen.verify {
        return Some(rec.seen);
    }
    // Indexed while racy: the stamp alone cannot vouch for the contents, the bytes do.
    let (bytes, stable) = crate::store::read_stamped(&dir.path.join(os_name(rec.name)?)).ok()?;
    let fp = Fingerprint::of_bytes(&bytes);
    (stable == Some(stamp) && fp.hash == rec.seen.hash).then(|| Seen {
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

    /// With the files long settled (a load "an hour later"), no record is verified by its
    /// bytes: the stamp alone must notice an in-place same-size edit whose modification time
    /// was put back, and a replacement by rename.
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
        write.run();
        let lib = crate::monster::template::MonsterTemplates::shipped();
        let listing = index
            .list(&bestiary, later, &lib, library_hash(&lib))
            .unwrap();
        assert_eq!(listing.files, files);
        assert!((0..files.len()).all(|i| listing.seen(i).is_some_and(|s| !s.verify)));
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
        let listing = index
            .list(&bestiary, later, &lib, library_hash(&lib))
            .unwrap();
        assert!(
            (0..files.len()).all(|i| !listing.has_hit(i)),
            "both files are read again"
        );
        assert!(listing.stale);
    }

    /// The index is written in the listing's order as the load meets the files: a record out
    /// of name order, or a name twice, is left out rather than making the index unreadable.
    #[test]
    fn records_out_of_name_order_or_twice_are_left_out() {
        let error = FileError::new(Path::new("x.yaml"), "not a monster");
        let seen = Seen {
            stamp: stamp_at(5),
            hash: 1,
            verify: false,
        };
        let mut records = Records::new(7, 2);
        for name in ["b.yaml", "a.yaml", "b.yaml", "c.yaml"] {
            records.push(Path::new(name), seen, Content::Error(&error));
        }
        let index = decode_bytes(records.finish()).expect("a whole index");
        assert_eq!(index.templates, 7);
        let names: Vec<&[u8]> = (0..index.starts.len()).map(|i| index.name(i)).collect();
        assert_eq!(names, [&b"b.yaml"[..], b"c.yaml"]);
        assert_eq!(
            index.record(1).map(|r| r.body),
            Some(Body::Error {
                message: "not a monster",
                line: None,
                column: None
            })
        );
    }

    #[test]
    fn a_stem_is_the_name_without_its_yaml_extension() {
        for name in [
            "goblin.yaml",
            "goblin.yml",
            "a.b.yaml",
            "x.yaml.yml",
            "é.yaml",
        ] {
            let path_stem = Path::new(name).file_stem().unwrap().to_str().unwrap();
            assert_eq!(stem(name.as_bytes()), Some(path_stem), "{name}");
        }
        assert_eq!(stem(b"goblin.json"), None);
        assert_eq!(stem(b"\xff.yaml"), None);
    }

    /// Names a record may not hold: they would make the stamp check look outside the bestiary.
    #[test]
    fn only_plain_file_names_are_records() {
        for bad in [
            &b""[..],
            b".hidden.yaml",
            b"../x.yaml",
            b"a/b.yaml",
            b"a\\b.yaml",
            b"a\0.yaml",
        ] {
            assert!(!plain_file_name(bad), "{bad:?}");
        }
        assert!(plain_file_name(b"goblin-2.yaml"));
    }
}
