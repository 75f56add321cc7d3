//! The user's data directory: `bestiary/` (their monsters), `encounters/`, `parties/`,
//! `adventures/`, `fights/`, `templates/`, `drafts/` (monsters the Forge kept unfinished),
//! `trash/` (deleted files, restorable), `recovery/`, `cache/` and `state.yaml`. Where it is comes from the caller: the CLI takes `--data-dir`,
//! `LAIRSMITH_DATA_DIR` or the platform default (found by the application, not this library), a
//! test or another program names the folder itself.

use crate::bestiary::Bestiary;
use std::path::PathBuf;

/// Where the user's files live. Made only by [`DataDir::new`], which registers the root with
/// `store`, so that nothing is written through a link inside it (`store::inside`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct DataDir {
    /// The data directory itself; every folder below is inside it. The root may be a symbolic
    /// link; no folder below it may be, for a write.
    pub root: PathBuf,
}

impl DataDir {
    /// The data directory at `root`; this creates nothing on disk. From now on every write of
    /// `store` below `root` refuses to go through a folder that is a symbolic link
    /// (`store::inside`); `root` itself may be one.
    pub fn new(root: impl Into<PathBuf>) -> DataDir {
        let root = root.into();
        crate::store::inside::register(&root);
        DataDir { root }
    }

    /// The user's monster files (`<root>/bestiary`).
    pub fn bestiary(&self) -> PathBuf {
        self.root.join("bestiary")
    }

    /// The user's saved encounters (`<root>/encounters`).
    pub fn encounters(&self) -> PathBuf {
        self.root.join("encounters")
    }

    /// The user's monster templates.
    pub fn templates(&self) -> PathBuf {
        self.root.join("templates")
    }

    /// The user's adventures: ordered lists of saved encounters.
    pub fn adventures(&self) -> PathBuf {
        self.root.join("adventures")
    }

    /// The user's saved parties (`<root>/parties`).
    pub fn parties(&self) -> PathBuf {
        self.root.join("parties")
    }

    /// Monsters the Forge kept unfinished ([`crate::bestiary::drafts`]); never in the bestiary.
    pub fn drafts(&self) -> PathBuf {
        self.root.join("drafts")
    }

    /// Deleted files, kept restorable for [`crate::store::trash::TRASH_DAYS`] days.
    pub fn trash(&self) -> PathBuf {
        crate::store::trash::dir(&self.root)
    }

    /// The shipped bestiary plus the user's.
    pub fn load_bestiary(&self) -> Bestiary {
        Bestiary::load(Some(&self.bestiary()))
    }

    /// A bestiary that holds at least the monsters with these ids, for a command that only
    /// looks them up: read from their own files when each is shipped or in a file named for
    /// it, else the whole bestiary ([`Bestiary::holding`]).
    pub fn bestiary_for(&self, ids: &[&str]) -> Bestiary {
        Bestiary::holding(Some(&self.bestiary()), ids).unwrap_or_else(|| self.load_bestiary())
    }
}

// The rule lives with the paths of ids, below the bestiary, which looks monsters up by it too.
pub use crate::store::names_a_file;
