//! The monsters a command names, found without loading the bestiary: `show ID` reads one file,
//! not a hundred thousand.
//!
//! An id maps to its file by name. A shipped id is found in a table made at build time, and a
//! shipped monster owns its id over every user file. A user's monster lives in `<id>.yaml`
//! (or `<id>.yml`), as every monster lairsmith saves does; the lint calls any other name an
//! error. When a whole bestiary is loaded, a file named for its id owns the id over any
//! misnamed file claiming it too (`Bestiary::insert_owners_first`), so the one file read here
//! is the monster a full load would give, and a duplicate id is still reported by every
//! command that loads the bestiary (`list`, `lint`, the UI). Only when no file is named for
//! the id (a misnamed monster, or an unknown id that wants suggestions) does a command load
//! the whole bestiary, from its index.

use super::{Bestiary, Entry, Library, Provenance};
use crate::embedded::{BESTIARY_FILES, SHIPPED_IDS};
use crate::monster::{load_file, parse_monster};
use std::path::Path;

/// The shipped monster with this id, parsed from the binary alone.
pub(crate) fn shipped_entry(id: &str, lib: &Library) -> Option<Entry> {
    let i = SHIPPED_IDS
        .binary_search_by(|(k, _)| (*k).cmp(id))
        .ok()
        .map(|at| SHIPPED_IDS[at].1)?;
    let (path, text) = BESTIARY_FILES.get(i)?;
    let path = Path::new(path);
    let design = parse_monster(text, path).ok()?;
    (design.id == id).then(|| Entry::new(design, Provenance::Shipped, path.to_owned(), None, lib))
}

/// The user's monster with this id, if a file named for it holds it.
pub(crate) fn named_file_entry(dir: &Path, id: &str, lib: &Library) -> Option<Entry> {
    // The order a full load reads them in: `.yaml` sorts before `.yml`.
    ["yaml", "yml"].iter().find_map(|ext| {
        let path = dir.join(format!("{id}.{ext}"));
        let (design, fp) = load_file(&path).ok()?;
        (design.id == id).then(|| Entry::new(design, Provenance::User, path, Some(fp), lib))
    })
}

impl Bestiary {
    /// A bestiary holding only the monsters with these ids (shipped, or in files named for
    /// them), for a command that names its monsters; `None` if any of them needs the whole
    /// bestiary to be found (see the module's text). It is not the whole bestiary: use it
    /// only to look these ids up.
    pub fn holding(user_dir: Option<&Path>, ids: &[&str]) -> Option<Bestiary> {
        let mut b = Bestiary::with_library_of(user_dir);
        for id in ids {
            if b.get(id).is_some() {
                continue;
            }
            let entry = shipped_entry(id, &b.templates)
                .or_else(|| named_file_entry(user_dir?, id, &b.templates))?;
            b.insert(entry);
        }
        Some(b)
    }
}
