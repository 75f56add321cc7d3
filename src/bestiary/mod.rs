//! The bestiary: the shipped monsters (embedded in the binary) plus the user's own directory,
//! loaded with every bad file reported and the rest kept; filters and fuzzy search over it.

pub mod cache;
pub mod filter;
pub mod search;

use crate::embedded::BESTIARY_FILES;
use crate::monster::design::{MONSTER_SCHEMA_VERSION, MonsterDesign};
use crate::monster::lint::{Severity, lint, worst};
use crate::monster::{StatBlock, derive};
use crate::store::Fingerprint;
use crate::yaml_io::{self, FileError};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub use filter::Filter;
pub use search::{NameMatcher, SearchHit, SkimNames, matched_indices, search, search_with};

/// Where a monster comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provenance {
    /// Shipped with lairsmith, embedded in the binary: read-only.
    Shipped,
    /// The user's own bestiary directory.
    User,
}

/// One loaded monster. The stat block is derived on demand ([`Entry::block`], a few
/// microseconds); what lists and budgets need of it is kept here.
#[derive(Debug, Clone)]
pub struct Entry {
    pub design: MonsterDesign,
    pub provenance: Provenance,
    /// The file it came from (for shipped monsters, the path inside the repository).
    pub path: PathBuf,
    /// What the file held when loaded (user files only), to refuse overwriting newer edits.
    pub fingerprint: Option<Fingerprint>,
    /// XP after any override, for lists, sorting and encounter budgets.
    pub xp: i64,
    /// The balance lint's verdict, for the list's marker.
    pub mark: Mark,
}

/// How a monster looks to the balance lint, in one glance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Clean,
    /// Warnings, or hand-set overrides.
    Warnings,
    Errors,
}

impl Entry {
    pub fn new(
        design: MonsterDesign,
        provenance: Provenance,
        path: PathBuf,
        fingerprint: Option<Fingerprint>,
    ) -> Entry {
        let block = derive(&design);
        let findings = lint(&design, &block, Some(&path));
        let mark = match worst(&findings) {
            Some(Severity::Error) => Mark::Errors,
            Some(Severity::Warning) => Mark::Warnings,
            None => Mark::Clean,
        };
        Entry {
            xp: block.xp,
            mark,
            design,
            provenance,
            path,
            fingerprint,
        }
    }

    /// The full stat block.
    pub fn block(&self) -> StatBlock {
        derive(&self.design)
    }

    /// The balance lint's findings.
    pub fn findings(&self) -> Vec<crate::monster::lint::Finding> {
        lint(&self.design, &self.block(), Some(&self.path))
    }

    pub fn is_shipped(&self) -> bool {
        self.provenance == Provenance::Shipped
    }
}

/// Every monster lairsmith can see, and every file it could not read. Entries change only
/// through its methods, which keep the id index and the name index in step.
#[derive(Debug, Clone, Default)]
pub struct Bestiary {
    pub entries: Vec<Entry>,
    pub errors: Vec<FileError>,
    /// How many of the user's monsters came from the index at the last load (for tests and
    /// benchmarks).
    pub loaded_from_index: usize,
    ids: HashMap<String, usize>,
    names: OnceLock<NameIndex>,
}

/// Lower-case names and the entries in name order, built on first use after a change.
#[derive(Debug, Clone, Default)]
pub struct NameIndex {
    pub lower: Vec<String>,
    pub by_name: Vec<usize>,
}

/// Parses one monster file's text, checking what serde cannot: the schema version.
pub fn parse_monster(text: &str, path: &Path) -> Result<MonsterDesign, FileError> {
    let design: MonsterDesign = yaml_io::parse(text, path)?;
    if design.schema_version != MONSTER_SCHEMA_VERSION {
        let msg = if design.schema_version > MONSTER_SCHEMA_VERSION {
            format!(
                "schema_version {} is newer than this lairsmith reads ({MONSTER_SCHEMA_VERSION}); update lairsmith",
                design.schema_version
            )
        } else {
            format!(
                "schema_version {} is not supported; this lairsmith reads {MONSTER_SCHEMA_VERSION}",
                design.schema_version
            )
        };
        let line = text
            .lines()
            .position(|l| l.starts_with("schema_version"))
            .map_or(1, |i| i + 1);
        return Err(FileError::new(path, msg).at(line, 1));
    }
    Ok(design)
}

/// Reads and parses one monster file from disk.
pub fn load_file(path: &Path) -> Result<(MonsterDesign, Fingerprint), FileError> {
    let bytes = read_limited(path)?;
    let text = yaml_io::utf8_text(&bytes, path)?;
    let design = parse_monster(text, path)?;
    Ok((design, Fingerprint::of_bytes(&bytes)))
}

/// A pending rewrite of the bestiary index (see [`Bestiary::load_leaving_index`]).
pub struct IndexWrite {
    index: cache::Index,
    dir: PathBuf,
}

impl IndexWrite {
    /// The index text for the user's monsters in `b`; [`IndexWrite::write`] stores it.
    pub fn prepare(self, b: &Bestiary) -> PreparedIndex {
        let user: Vec<&Entry> = b
            .entries
            .iter()
            .filter(|e| e.path.parent() == Some(self.dir.as_path()))
            .collect();
        PreparedIndex {
            text: cache::Index::render(&user),
            index: self.index,
        }
    }

    /// Writes the index for the user's monsters in `b` (best effort).
    pub fn run(self, b: &Bestiary) {
        self.prepare(b).write();
    }
}

/// Index text ready to be written.
pub struct PreparedIndex {
    index: cache::Index,
    text: String,
}

impl PreparedIndex {
    pub fn write(self) {
        self.index.write(&self.text);
    }
}

/// Loads many files on every core (parse, derive, lint), keeping their order.
pub fn load_files(files: &[PathBuf], provenance: Provenance) -> Vec<Result<Entry, FileError>> {
    crate::parallel::map_in_order(files, 64, |f| {
        load_file(f).map(|(d, fp)| Entry::new(d, provenance, f.clone(), Some(fp)))
    })
}

/// Reads a file, refusing one larger than [`yaml_io::MAX_FILE_BYTES`] without reading it all.
pub fn read_limited(path: &Path) -> Result<Vec<u8>, FileError> {
    use std::io::Read;
    let f = std::fs::File::open(path)
        .map_err(|e| FileError::new(path, format!("cannot read the file: {e}")))?;
    let mut bytes = Vec::new();
    f.take(yaml_io::MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::new(path, format!("cannot read the file: {e}")))?;
    if bytes.len() > yaml_io::MAX_FILE_BYTES {
        return Err(FileError::new(
            path,
            format!(
                "the file is larger than {} bytes, the most lairsmith reads",
                yaml_io::MAX_FILE_BYTES
            ),
        ));
    }
    Ok(bytes)
}

/// The YAML files directly inside `dir`, sorted by name. A missing directory is empty.
pub fn yaml_files(dir: &Path) -> Result<Vec<PathBuf>, FileError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(FileError::new(
                dir,
                format!("cannot read the directory: {e}"),
            ));
        }
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            !name.starts_with('.') && (name.ends_with(".yaml") || name.ends_with(".yml"))
        })
        // The directory entry's own type costs no extra system call; a link is followed.
        .filter(|e| {
            e.file_type()
                .is_ok_and(|t| t.is_file() || (t.is_symlink() && e.path().is_file()))
        })
        .map(|e| e.path())
        .collect();
    files.sort();
    Ok(files)
}

impl Bestiary {
    /// The shipped monsters only.
    pub fn shipped() -> Bestiary {
        let mut b = Bestiary::default();
        for (path, text) in BESTIARY_FILES {
            let path = Path::new(path);
            match parse_monster(text, path) {
                Ok(d) => b.insert(Entry::new(d, Provenance::Shipped, path.to_owned(), None)),
                Err(e) => b.errors.push(e),
            }
        }
        b
    }

    /// The shipped monsters plus the user's directory (if given).
    pub fn load(user_dir: Option<&Path>) -> Bestiary {
        let (b, index) = Bestiary::load_leaving_index(user_dir);
        if let Some(write) = index {
            write.run(&b);
        }
        b
    }

    /// Like [`Bestiary::load`], but leaves rewriting the index to the caller, who can show the
    /// monsters first (the terminal UI does).
    pub fn load_leaving_index(user_dir: Option<&Path>) -> (Bestiary, Option<IndexWrite>) {
        let mut b = Bestiary::shipped();
        let Some(dir) = user_dir else {
            return (b, None);
        };
        match cache::Index::for_bestiary(dir) {
            Some(index) => {
                let stale = b.load_dir_indexed(dir, &index);
                let write = stale.then(|| IndexWrite {
                    index,
                    dir: dir.to_owned(),
                });
                (b, write)
            }
            None => {
                b.load_dir(dir, Provenance::User);
                (b, None)
            }
        }
    }

    /// Like [`Bestiary::load_dir`] for the user's bestiary, taking unchanged files from the
    /// index and parsing only the rest. Returns whether the index needs writing again.
    pub fn load_dir_indexed(&mut self, dir: &Path, index: &cache::Index) -> bool {
        let files = match yaml_files(dir) {
            Ok(f) => f,
            Err(e) => {
                self.errors.push(e);
                return false;
            }
        };
        let lookup = index.lookup(dir, &files);
        self.loaded_from_index = lookup.cached.len();
        let mut fresh: HashMap<PathBuf, Result<Entry, FileError>> = lookup
            .to_parse
            .iter()
            .cloned()
            .zip(load_files(&lookup.to_parse, Provenance::User))
            .collect();
        let mut cached: HashMap<PathBuf, Entry> = lookup
            .cached
            .into_iter()
            .map(|e| (e.path.clone(), e))
            .collect();
        // Keep the directory's order, whichever way each file was read.
        for f in &files {
            if let Some(e) = cached.remove(f) {
                self.insert(e);
            } else if let Some(r) = fresh.remove(f) {
                match r {
                    Ok(e) => self.insert(e),
                    Err(e) => self.errors.push(e),
                }
            }
        }
        lookup.stale
    }

    /// Adds every monster file of `dir`; bad files become errors and the rest still load.
    /// Files are read and parsed on every core; the order of entries stays the file order.
    pub fn load_dir(&mut self, dir: &Path, provenance: Provenance) {
        let files = match yaml_files(dir) {
            Ok(f) => f,
            Err(e) => {
                self.errors.push(e);
                return;
            }
        };
        for result in load_files(&files, provenance) {
            match result {
                Ok(entry) => self.insert(entry),
                Err(e) => self.errors.push(e),
            }
        }
    }

    /// Adds one file; its problem, if any, is recorded in `errors`.
    pub fn load_path(&mut self, path: &Path, provenance: Provenance) {
        match load_file(path) {
            Ok((d, fp)) => self.insert(Entry::new(d, provenance, path.to_owned(), Some(fp))),
            Err(e) => self.errors.push(e),
        }
    }

    /// Adds an entry unless its id is taken, in which case the clash is an error naming both files.
    pub fn insert(&mut self, entry: Entry) {
        if let Some(existing) = self.get(&entry.design.id) {
            let msg = format!(
                "the id `{}` is already used by {}; ids must be unique (rename one file and its `id`)",
                entry.design.id,
                existing.path.display()
            );
            self.errors.push(FileError::new(&entry.path, msg));
            return;
        }
        self.ids.insert(entry.design.id.clone(), self.entries.len());
        self.entries.push(entry);
        self.names = OnceLock::new();
    }

    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.position(id).map(|i| &self.entries[i])
    }

    pub fn position(&self, id: &str) -> Option<usize> {
        self.ids.get(id).copied()
    }

    /// Replaces (or adds) the entry with this entry's id, e.g. after a save.
    pub fn upsert(&mut self, entry: Entry) {
        match self.position(&entry.design.id) {
            Some(i) => {
                self.entries[i] = entry;
                self.names = OnceLock::new();
            }
            None => self.insert(entry),
        }
    }

    pub fn remove(&mut self, id: &str) -> Option<Entry> {
        let i = self.position(id)?;
        let e = self.entries.remove(i);
        self.ids = self
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.design.id.clone(), i))
            .collect();
        self.names = OnceLock::new();
        Some(e)
    }

    /// Lower-case names and name order, for search and sorting.
    pub fn names(&self) -> &NameIndex {
        self.names.get_or_init(|| {
            let lower: Vec<String> = self
                .entries
                .iter()
                .map(|e| e.design.name.to_lowercase())
                .collect();
            let mut by_name: Vec<usize> = (0..lower.len()).collect();
            by_name.sort_by(|a, b| lower[*a].cmp(&lower[*b]));
            NameIndex { lower, by_name }
        })
    }

    /// Ids close to `id`, for "did you mean" messages.
    pub fn suggest(&self, id: &str) -> Vec<&str> {
        let mut scored: Vec<(usize, &str)> = self
            .entries
            .iter()
            .map(|e| {
                (
                    crate::vocab::edit_distance(id, &e.design.id),
                    e.design.id.as_str(),
                )
            })
            .collect();
        scored.sort();
        let limit = (id.len() / 2).max(3);
        scored
            .into_iter()
            .filter(|(d, _)| *d <= limit)
            .take(3)
            .map(|(_, s)| s)
            .collect()
    }

    /// Every id not yet used that starts from `base`: `base`, `base-2`, `base-3`, ...
    pub fn free_id(&self, base: &str) -> String {
        if self.get(base).is_none() {
            return base.to_owned();
        }
        (2..)
            .map(|n| format!("{base}-{n}"))
            .find(|id| self.get(id).is_none())
            .unwrap_or_default()
    }
}
