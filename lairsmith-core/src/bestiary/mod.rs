//! The bestiary: the shipped monsters (embedded in the binary) plus the user's own directory,
//! loaded with every bad file reported and the rest kept; filters and fuzzy search over it.

pub(crate) mod cache;
pub mod card;
pub mod drafts;
mod entry;
pub mod filter;
pub(crate) mod lookup;
pub mod naming;
pub mod saved;
pub mod search;

use crate::embedded::BESTIARY_FILES;
use crate::monster::design::MonsterDesign;
use crate::monster::file::parse_bytes;
use crate::monster::template::MonsterTemplates;
use crate::monster::{load_file, parse_monster};
use crate::store::{Fingerprint, read_stamped, yaml_files};
use crate::yaml_io::FileError;
use std::hash::BuildHasher;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The monster templates a bestiary's monsters are derived with, shared by every entry.
pub type Library = Arc<MonsterTemplates>;
use std::time::SystemTime;

pub use card::{Card, Mark};
pub use entry::Entry;
pub use filter::Filter;
pub use search::{
    NameMatcher, NucleoNames, SearchHit, SkimNames, SortKey, matched_indices, search, search_with,
};

/// Where a monster comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provenance {
    /// Shipped with lairsmith, embedded in the binary: read-only.
    Shipped,
    /// The user's own bestiary directory.
    User,
}

/// Every monster lairsmith can see, and every file it could not read. Entries change only
/// through its methods, which keep the id index and the name index in step.
#[derive(Debug, Clone, Default)]
pub struct Bestiary {
    /// Every monster; look one up by id with [`Bestiary::get`].
    pub entries: Vec<Entry>,
    /// Every file that could not be read as a monster, with where and why.
    pub errors: Vec<FileError>,
    /// How many of the user's monsters came from the index at the last load (for tests and
    /// benchmarks).
    pub loaded_from_index: usize,
    /// The monster templates (shipped and the user's) every entry is derived with.
    pub templates: Library,
    /// How many of the user's bad files had their error taken from the index at the last load
    /// (they are reported all the same, without being parsed again).
    pub errors_from_index: usize,
    ids: Ids,
    names: OnceLock<NameIndex>,
    /// Changes whenever an entry does, and differs between bestiaries: what a screen derived
    /// from one revision it need not derive again.
    revision: u64,
}

/// Where each id is in [`Bestiary::entries`]: positions, hashed by the id of the entry they
/// point at, so that no id is held twice (a map keyed by ids kept a copy of each).
#[derive(Debug, Clone, Default)]
struct Ids {
    table: hashbrown::HashTable<usize>,
    state: foldhash::fast::RandomState,
}

impl Ids {
    /// The positions of `entries`, the first of each id kept.
    fn of(entries: &[Entry]) -> Ids {
        let mut ids = Ids::default();
        for i in 0..entries.len() {
            let _ = ids.insert(entries, i);
        }
        ids
    }

    fn hash(&self, id: &str) -> u64 {
        self.state.hash_one(id)
    }

    /// Where the entry with this id is.
    fn get(&self, entries: &[Entry], id: &str) -> Option<usize> {
        self.table
            .find(self.hash(id), |&i| entries[i].card.id == id)
            .copied()
    }

    /// Room for `n` more ids.
    fn reserve(&mut self, entries: &[Entry], n: usize) {
        let state = &self.state;
        self.table
            .reserve(n, |&i| state.hash_one(entries[i].card.id.as_str()));
    }

    /// Records that `entries[at]` holds its id, unless an earlier position holds that id:
    /// then that position is the error.
    fn insert(&mut self, entries: &[Entry], at: usize) -> Result<(), usize> {
        self.insert_id(entries, &entries[at].card.id, at)
    }

    /// Records that the entry about to be pushed at `at` holds `id` (no copy of it is kept),
    /// unless a position holds that id already: then that position is the error.
    fn insert_id(&mut self, entries: &[Entry], id: &str, at: usize) -> Result<(), usize> {
        let state = &self.state;
        match self.table.entry(
            state.hash_one(id),
            |&i| entries.get(i).is_some_and(|e| e.card.id == id),
            |&i| state.hash_one(entries[i].card.id.as_str()),
        ) {
            hashbrown::hash_table::Entry::Occupied(taken) => Err(*taken.get()),
            hashbrown::hash_table::Entry::Vacant(free) => {
                free.insert(at);
                Ok(())
            }
        }
    }
}

/// The source of [`Bestiary::revision`] values, unique within the process.
static REVISIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn next_revision() -> u64 {
    REVISIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// Lower-case names and the entries in name order, built on first use after a change.
#[derive(Debug, Clone, Default)]
pub struct NameIndex {
    /// Each entry's name in lower case, by entry (as [`Bestiary::entries`] is ordered).
    pub lower: Vec<String>,
    /// The entries' positions in name order (lower case; equal names in entry order).
    pub by_name: Vec<usize>,
    /// Each name with hyphens read as spaces, as search scores it, where it has any: a name
    /// without one (nearly every name) is scored as it is, and not copied here.
    pub spaced: Vec<Option<String>>,
    /// Each id with hyphens read as spaces, where it reads otherwise than the name (a renamed
    /// monster, a copy): search scores these too. Most ids are their name's slug and need no
    /// second score.
    pub other_ids: Vec<Option<String>>,
}

/// Like [`load_file`], with what the index may keep about the file: present only if the file
/// was read whole and did not change while it was read. `now` is when the load began.
fn load_file_seen(
    path: &Path,
    now: SystemTime,
) -> (
    Result<(MonsterDesign, Fingerprint), FileError>,
    Option<cache::Seen>,
) {
    match read_stamped(path) {
        Err(e) => (Err(e), None),
        Ok((bytes, stable)) => {
            let fp = Fingerprint::of_bytes(&bytes);
            let seen = stable.map(|stamp| cache::Seen {
                stamp,
                hash: fp.hash,
                verify: stamp.is_racy(now),
            });
            (parse_bytes(&bytes, path).map(|d| (d, fp)), seen)
        }
    }
}

/// A pending rewrite of the bestiary index (see [`Bestiary::load_leaving_index`]): a record
/// for each file read whole, written as the load met it, with what was seen of the file as it
/// was read and the card (or error) made from those bytes.
pub struct IndexWrite {
    index: cache::Index,
    records: cache::Records,
}

impl IndexWrite {
    /// The index's bytes, ready to be stored by [`PreparedIndex::write`].
    pub fn prepare(self) -> PreparedIndex {
        PreparedIndex {
            bytes: self.records.finish(),
            index: self.index,
        }
    }

    /// Writes the index (best effort).
    pub fn run(self) {
        self.prepare().write();
    }
}

/// An index ready to be written.
pub struct PreparedIndex {
    index: cache::Index,
    bytes: Vec<u8>,
}

impl PreparedIndex {
    /// Stores the index in the data directory; a failure (a read-only directory) is ignored, as the
    /// index only saves time.
    pub fn write(self) {
        self.index.write(&self.bytes);
    }
}

/// Loads many files on every core (parse, derive, lint), keeping their order. The entries keep
/// their cards only: designs are read again when needed.
pub(crate) fn load_files(
    files: &[PathBuf],
    provenance: Provenance,
    lib: &Library,
) -> Vec<Result<Entry, FileError>> {
    crate::parallel::map_in_order(files, 64, |f| {
        load_file(f).map(|(d, fp)| Entry::new(d, provenance, f.clone(), Some(fp), lib).lean())
    })
}

type LoadedSeen = (Result<Entry, FileError>, Option<cache::Seen>);

fn load_files_seen(files: &[&Path], now: SystemTime, lib: &Library) -> Vec<LoadedSeen> {
    crate::parallel::map_in_order(files, 64, |f| {
        let (result, seen) = load_file_seen(f, now);
        let entry = result
            .map(|(d, fp)| Entry::new(d, Provenance::User, f.to_path_buf(), Some(fp), lib).lean());
        (entry, seen)
    })
}

/// How search reads one monster: its name lower-cased (for name order), its name with
/// hyphens as spaces, and its id with hyphens as spaces where it reads otherwise than the name
/// (see [`NameIndex`]).
pub(crate) struct Readings {
    lower: String,
    spaced: Option<String>,
    other_id: Option<String>,
}

impl Readings {
    pub(crate) fn of(card: &Card) -> Readings {
        let lower = card.name.to_lowercase();
        // Most ids are their name's slug: then the bytes agree once spaces read as hyphens,
        // and the words surely do.
        let slug = lower
            .bytes()
            .map(|c| if c == b' ' { b'-' } else { c })
            .eq(card.id.bytes());
        // Otherwise the id's words against the name's, compared without copying either.
        let split = |c: char| c == '-' || c.is_whitespace();
        let same = slug
            || card
                .id
                .split(split)
                .filter(|w| !w.is_empty())
                .eq(lower.split(split).filter(|w| !w.is_empty()));
        Readings {
            other_id: (!same).then(|| card.id.replace('-', " ")),
            spaced: card.name.contains('-').then(|| card.name.replace('-', " ")),
            lower,
        }
    }
}

impl NameIndex {
    fn with_capacity(n: usize) -> NameIndex {
        NameIndex {
            lower: Vec::with_capacity(n),
            by_name: Vec::new(),
            spaced: Vec::with_capacity(n),
            other_ids: Vec::with_capacity(n),
        }
    }

    /// Adds the next entry's readings (its order is made by [`name_order`] once all are in).
    fn push(&mut self, r: Readings) {
        self.lower.push(r.lower);
        self.spaced.push(r.spaced);
        self.other_ids.push(r.other_id);
    }

    /// The index of entries whose readings these are, in the entries' order.
    fn of(count: usize, readings: impl Iterator<Item = Readings>) -> NameIndex {
        let mut names = NameIndex::with_capacity(count);
        readings.for_each(|r| names.push(r));
        names.by_name = name_order(&names.lower);
        names
    }
}

/// The indices of `lower` in name order, equal names in index order (a stable sort); from
/// 20,000 names, each half sorted on its own core and the halves merged.
fn name_order(lower: &[String]) -> Vec<usize> {
    let cmp = |a: &usize, b: &usize| lower[*a].cmp(&lower[*b]);
    let mut order: Vec<usize> = (0..lower.len()).collect();
    if lower.len() < 20_000 || crate::parallel::threads() < 2 {
        order.sort_by(cmp);
        return order;
    }
    let (left, right) = order.split_at_mut(lower.len() / 2);
    std::thread::scope(|s| {
        s.spawn(|| left.sort_by(cmp));
        right.sort_by(cmp);
    });
    // Every index on the left is below every index on the right: on equal names the left
    // one goes first, as a stable sort would put it.
    let mut merged = Vec::with_capacity(lower.len());
    let (mut l, mut r) = (0, 0);
    while l < left.len() && r < right.len() {
        if cmp(&right[r], &left[l]).is_lt() {
            merged.push(right[r]);
            r += 1;
        } else {
            merged.push(left[l]);
            l += 1;
        }
    }
    merged.extend_from_slice(&left[l..]);
    merged.extend_from_slice(&right[r..]);
    merged
}

/// Where the user's monster templates live, beside their bestiary: `<data>/templates/`.
pub(crate) fn templates_dir_of(bestiary_dir: &Path) -> PathBuf {
    bestiary_dir
        .parent()
        .map_or_else(|| PathBuf::from("templates"), |p| p.join("templates"))
}

impl Bestiary {
    /// A new entry for `design`, derived with this bestiary's templates.
    pub fn entry(
        &self,
        design: MonsterDesign,
        provenance: Provenance,
        path: PathBuf,
        fingerprint: Option<Fingerprint>,
    ) -> Entry {
        Entry::new(design, provenance, path, fingerprint, &self.templates)
    }

    /// The shipped monsters only.
    pub fn shipped() -> Bestiary {
        Bestiary::shipped_with(MonsterTemplates::shipped())
    }

    /// The shipped monsters, derived with `templates`.
    pub(crate) fn shipped_with(templates: Library) -> Bestiary {
        let mut b = Bestiary {
            templates,
            ..Bestiary::default()
        };
        b.insert_shipped();
        b
    }

    /// No monsters yet, derived with the template library of the bestiary directory
    /// `user_dir` (the shipped templates and the user's beside it); the user's template files
    /// that could not be read are its first errors.
    pub(crate) fn with_library_of(user_dir: Option<&Path>) -> Bestiary {
        let templates = MonsterTemplates::load(user_dir.map(templates_dir_of).as_deref());
        Bestiary {
            errors: templates.errors.clone(),
            templates: Arc::new(templates),
            ..Bestiary::default()
        }
    }

    /// Adds the shipped monsters.
    fn insert_shipped(&mut self) {
        for (path, text) in BESTIARY_FILES {
            let path = Path::new(path);
            match parse_monster(text, path) {
                Ok(d) => {
                    let e = self.entry(d, Provenance::Shipped, path.to_owned(), None);
                    self.insert(e);
                }
                Err(e) => self.errors.push(e),
            }
        }
    }

    /// The shipped monsters plus the user's directory (if given).
    pub fn load(user_dir: Option<&Path>) -> Bestiary {
        let (b, index) = Bestiary::load_leaving_index(user_dir);
        if let Some(write) = index {
            write.run();
        }
        b
    }

    /// Like [`Bestiary::load`], but leaves rewriting the index to the caller, who can show the
    /// monsters first (the terminal UI does).
    pub fn load_leaving_index(user_dir: Option<&Path>) -> (Bestiary, Option<IndexWrite>) {
        let Some(dir) = user_dir else {
            return (Bestiary::shipped(), None);
        };
        let mut b = Bestiary::with_library_of(Some(dir));
        b.insert_shipped();
        match cache::Index::for_bestiary(dir) {
            Some(index) => {
                let write = b.load_dir_indexed(dir, &index);
                (b, write)
            }
            None => {
                b.load_dir(dir, Provenance::User);
                (b, None)
            }
        }
    }

    /// Like [`Bestiary::load_dir`] for the user's bestiary, taking unchanged files (and the
    /// errors of unchanged bad files) from the index and parsing only the rest. Returns the
    /// index rewrite, if the index no longer matches the directory.
    pub(crate) fn load_dir_indexed(
        &mut self,
        dir: &Path,
        index: &cache::Index,
    ) -> Option<IndexWrite> {
        self.load_dir_indexed_at(dir, index, SystemTime::now())
    }

    /// [`Bestiary::load_dir_indexed`] as if the load began at `now` (tests use a later time to
    /// take the path where no line needs its bytes checked).
    #[doc(hidden)]
    pub(crate) fn load_dir_indexed_at(
        &mut self,
        dir: &Path,
        index: &cache::Index,
        now: SystemTime,
    ) -> Option<IndexWrite> {
        let templates = cache::library_hash(&self.templates);
        let listing = match index.list(dir, now, &self.templates, templates) {
            Ok(l) => l,
            Err(e) => {
                self.errors.push(e);
                return None;
            }
        };
        // The files to parse, borrowed from the listing (each path is copied once, into its
        // entry: with no index that is every file).
        let to_parse: Vec<&Path> = listing
            .files
            .iter()
            .enumerate()
            .filter(|(i, _)| !listing.has_hit(*i))
            .map(|(_, f)| f.as_path())
            .collect();
        // The index is written again if it was stale or a file had to be parsed; only then
        // is what was seen of every file worth keeping, and it is written as the files are met.
        let rewrite = listing.stale || !to_parse.is_empty();
        let all_indexed = to_parse.is_empty();
        let (before, files) = (self.entries.len(), listing.files.len());
        let mut parsed = load_files_seen(&to_parse, now, &self.templates).into_iter();
        drop(to_parse);
        let mut write = rewrite.then(|| IndexWrite {
            index: index.clone(),
            records: cache::Records::new(templates, files),
        });
        let mut stale = listing.stale;
        let (mut from_index, mut errors_from_index) = (0, 0);
        self.ids.reserve(&self.entries, files);
        self.entries.reserve(files);
        // Keep the directory's order, whichever way each file was read; each result goes
        // straight into the bestiary, and into the index's records in the same (name) order.
        let results = listing.into_hits().map_while(|(file, hit)| {
            let (result, readings, owner, seen) = match hit {
                Some(h) => {
                    if h.is_monster() {
                        from_index += 1;
                    } else {
                        errors_from_index += 1;
                    }
                    let seen = h.seen;
                    let (result, readings, owner) = h.at(file);
                    (result, readings, Some(owner), Some(seen))
                }
                None => {
                    let (result, seen) = parsed.next()?;
                    stale |= seen.is_some();
                    (result, None, None, seen)
                }
            };
            if let (Some(w), Some(s)) = (&mut write, seen) {
                match &result {
                    // Only a card made from what was read goes in with what was seen of its
                    // file (a monster refused below for its id too, so that the clash does not
                    // cost a parse at every start).
                    Ok(e) if e.fingerprint.map(|f| f.hash) == Some(s.hash) => {
                        w.records.push(&e.path, s, cache::Content::Card(&e.card));
                    }
                    Ok(_) => {}
                    Err(e) => w.records.push(&e.path, s, cache::Content::Error(e)),
                }
            }
            Some((result, owner, readings))
        });
        // The readings search needs were made on the threads that checked the index: when
        // every monster came from it, the name index lacks only the shipped monsters' and its
        // order.
        let mut complete = all_indexed;
        let mut names = NameIndex::with_capacity(if complete { before + files } else { 0 });
        if complete {
            for e in &self.entries {
                names.push(Readings::of(&e.card));
            }
        }
        self.insert_owners_first(results, |readings| match readings {
            Some(r) if complete => names.push(r),
            _ => complete = false,
        });
        if complete {
            names.by_name = name_order(&names.lower);
            self.names = OnceLock::from(names);
        }
        self.loaded_from_index = from_index;
        self.errors_from_index = errors_from_index;
        write.filter(|_| stale)
    }

    /// Adds entries read from a directory, in its order, each file named for its id first
    /// (`<id>.yaml` owns its id over any other file claiming it, so that a command naming one
    /// monster can read just that file: [`lookup`]); the rest after, the first file in the
    /// directory's order keeping an id among them. Errors are kept in order, a clash among
    /// them.
    fn insert_owners_first<X>(
        &mut self,
        results: impl IntoIterator<Item = (Result<Entry, FileError>, Option<bool>, X)>,
        mut inserted: impl FnMut(X),
    ) {
        let mut misnamed = Vec::new();
        // `owner`, when known, is whether the file is named for the monster's id; what came
        // with each entry that was inserted goes to `inserted`, in the order they were.
        for (result, owner, x) in results {
            match result {
                Ok(e) if owner.unwrap_or_else(|| e.named_for_its_id()) => {
                    if self.try_insert(e).is_none() {
                        inserted(x);
                    }
                }
                Ok(e) => misnamed.push((e, x)),
                Err(e) => self.errors.push(e),
            }
        }
        for (e, x) in misnamed {
            if self.try_insert(e).is_none() {
                inserted(x);
            }
        }
    }

    /// Adds every monster file of `dir`; bad files become errors and the rest still load.
    /// Files are read and parsed on every core; a file named for its id owns it.
    pub fn load_dir(&mut self, dir: &Path, provenance: Provenance) {
        let files = match yaml_files(dir) {
            Ok(f) => f,
            Err(e) => {
                self.errors.push(e);
                return;
            }
        };
        self.insert_owners_first(
            load_files(&files, provenance, &self.templates)
                .into_iter()
                .map(|r| (r, None, ())),
            |()| {},
        );
    }

    /// Adds an entry unless its id is taken, in which case the clash is an error naming both files.
    pub fn insert(&mut self, entry: Entry) {
        let _ = self.try_insert(entry);
    }

    /// [`Bestiary::insert`], handing back an entry refused for its id.
    fn try_insert(&mut self, entry: Entry) -> Option<Entry> {
        self.revision = next_revision();
        // One hash of the id whether it is free or taken.
        if let Err(taken) = self
            .ids
            .insert_id(&self.entries, &entry.card.id, self.entries.len())
        {
            let msg = format!(
                "the id `{}` is already used by {}; ids must be unique (rename one file and its `id`)",
                entry.card.id,
                self.entries[taken].path.display()
            );
            self.errors.push(FileError::new(&entry.path, msg));
            return Some(entry);
        }
        self.entries.push(entry);
        self.names = OnceLock::new();
        None
    }

    /// The monster with this id, if the bestiary has one.
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.position(id).map(|i| &self.entries[i])
    }

    /// Where the monster with this id is in [`Bestiary::entries`].
    pub(crate) fn position(&self, id: &str) -> Option<usize> {
        self.ids.get(&self.entries, id)
    }

    /// Which state of the entries this is: any change (or another bestiary) gives another.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Replaces (or adds) the entry with this entry's id, e.g. after a save.
    pub fn upsert(&mut self, entry: Entry) {
        self.revision = next_revision();
        match self.position(&entry.card.id) {
            Some(i) => {
                self.entries[i] = entry;
                self.names = OnceLock::new();
            }
            None => self.insert(entry),
        }
    }

    /// Takes the monster with this id out of the bestiary (after its file is deleted), and returns
    /// it.
    pub fn remove(&mut self, id: &str) -> Option<Entry> {
        let i = self.position(id)?;
        self.revision = next_revision();
        let e = self.entries.remove(i);
        self.ids = Ids::of(&self.entries);
        self.names = OnceLock::new();
        Some(e)
    }

    /// Lower-case names and name order, for search and sorting.
    pub fn names(&self) -> &NameIndex {
        self.names.get_or_init(|| {
            // Each name's readings on every core: at 100,000 monsters they are most of the
            // cost of the first search.
            let readings =
                crate::parallel::map_in_order(&self.entries, 4096, |e| Readings::of(&e.card));
            NameIndex::of(readings.len(), readings.into_iter())
        })
    }

    /// Ids close to `id`, for "did you mean" messages.
    pub fn suggest(&self, id: &str) -> Vec<&str> {
        crate::vocab::nearest(id, self.entries.iter().map(|e| e.card.id.as_str()), 3)
    }

    /// Every id not yet used that starts from `base`: `base`, `base-2`, `base-3`, ...
    pub(crate) fn free_id(&self, base: &str) -> String {
        if self.get(base).is_none() {
            return base.to_owned();
        }
        (2..)
            .map(|n| format!("{base}-{n}"))
            .find(|id| self.get(id).is_none())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    /// The two-core name order is the one-core stable sort, ties in index order.
    #[test]
    fn the_name_order_on_two_cores_is_a_stable_sort() {
        let lower: Vec<String> = (0..50_000u64)
            .map(|i| format!("{} {}", (i * 7919) % 1000, i % 3))
            .collect();
        let mut stable: Vec<usize> = (0..lower.len()).collect();
        stable.sort_by(|a, b| lower[*a].cmp(&lower[*b]));
        assert_eq!(super::name_order(&lower), stable);
    }
}
