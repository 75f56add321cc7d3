//! Deleted monsters are moved to `<data>/trash/`, not destroyed: a delete can be undone with
//! `lairsmith restore ID` or a key in the UI. A trashed file is named `<id>~<seconds>.yaml`
//! (ids are slugs, so they hold no `~`), and files older than [`TRASH_DAYS`] are purged when
//! something is next deleted or restored. A move to or from the trash, like every write, never
//! goes through a folder inside the data directory that is a link (`inside`).

use crate::hint::Hint;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How long a deleted monster stays restorable.
pub const TRASH_DAYS: u64 = 30;

/// One file in the trash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trashed {
    /// The monster's id, as it was when deleted.
    pub id: String,
    /// Where the file lies in the trash.
    pub path: PathBuf,
    /// When it was deleted, in seconds since 1970.
    pub deleted_at: u64,
}

/// The trash folder of a data directory.
pub fn dir(data_root: &Path) -> PathBuf {
    data_root.join("trash")
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Moves the monster file `file` (whose id is `id`) into the trash, under the file's lock so no
/// save lands in between. Returns where it went.
pub fn move_to_trash(data_root: &Path, file: &Path, id: &str) -> io::Result<PathBuf> {
    let target = move_into(&dir(data_root), file, id)?;
    purge(data_root, Duration::from_secs(TRASH_DAYS * 24 * 3600));
    Ok(target)
}

/// Moves `file` into the folder `trash` as `<id>~<seconds>.yaml`, under the file's lock. Other
/// kinds of file than monsters go to a sub-folder of the trash (parties to `trash/parties/`), so
/// `lairsmith restore` never puts one into the bestiary.
pub(crate) fn move_into(trash: &Path, file: &Path, id: &str) -> io::Result<PathBuf> {
    // The file leaves its folder, which is written too.
    super::inside::folders_of(file, false)?;
    super::inside::folders(trash, true)?;
    let _held = super::lock_existing(file)?;
    let mut at = now_secs();
    // Two deletes of one id in the same second keep both copies.
    let target = loop {
        let t = trash.join(format!("{id}~{at}.yaml"));
        if !t.exists() {
            break t;
        }
        at += 1;
    };
    fs::rename(file, &target)?;
    Ok(target)
}

/// Everything in the trash, newest first.
pub fn list(data_root: &Path) -> Vec<Trashed> {
    list_in(&dir(data_root))
}

/// Everything in the trash folder `trash` (not its sub-folders), newest first.
pub(crate) fn list_in(trash: &Path) -> Vec<Trashed> {
    let Ok(entries) = fs::read_dir(trash) else {
        return Vec::new();
    };
    let mut out: Vec<Trashed> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_owned();
            let stem = name.strip_suffix(".yaml")?;
            let (id, secs) = stem.rsplit_once('~')?;
            Some(Trashed {
                id: id.to_owned(),
                deleted_at: secs.parse().ok()?,
                path: e.path(),
            })
        })
        .collect();
    out.sort_by(|a, b| b.deleted_at.cmp(&a.deleted_at).then(a.id.cmp(&b.id)));
    out
}

/// Why a restore did not happen.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// No monster in the trash has the id it holds ([`Hint::ListTrash`]).
    #[error("the trash holds no monster with the id `{0}`")]
    NotInTrash(String),
    /// A file is back at the monster's place in the bestiary (the path it holds); it is never
    /// overwritten.
    #[error("{0} exists again; move or rename it first (the trashed copy stays in the trash)")]
    Occupied(PathBuf),
    /// A folder inside the data directory on the way is a link: nothing is moved through it.
    #[error(transparent)]
    Link(super::LinkInside),
    /// The system refused the move.
    #[error("cannot restore {path}: {source}")]
    Io {
        /// The file being restored.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
}

impl RestoreError {
    /// What the user can do next, which the message leaves for each face to word: list what
    /// the trash holds.
    pub fn hint(&self) -> Option<Hint> {
        match self {
            RestoreError::NotInTrash(_) => Some(Hint::ListTrash),
            _ => None,
        }
    }
}

/// Puts the newest trashed copy of `id` back into `bestiary_dir`, never over an existing file.
/// Returns the restored file's path.
pub fn restore(data_root: &Path, bestiary_dir: &Path, id: &str) -> Result<PathBuf, RestoreError> {
    let item = list(data_root)
        .into_iter()
        .find(|t| t.id == id)
        .ok_or_else(|| RestoreError::NotInTrash(id.to_owned()))?;
    let dest = super::path_in(bestiary_dir, id, "yaml").map_err(|e| RestoreError::Io {
        path: bestiary_dir.to_owned(),
        source: io::Error::other(e),
    })?;
    let io_err = |source| RestoreError::Io {
        path: dest.clone(),
        source,
    };
    // The trashed name is removed from the trash: its folder is written too.
    super::inside::folders_of(&item.path, false)
        .and_then(|()| super::inside::folders(bestiary_dir, true))
        .map_err(|r| match r {
            super::inside::Refused::Link(l) => RestoreError::Link(l),
            super::inside::Refused::Io(e) => io_err(e),
        })?;
    // A hard link cannot replace a file that appeared meanwhile; the trashed name goes after.
    match fs::hard_link(&item.path, &dest) {
        Ok(()) => fs::remove_file(&item.path).map_err(io_err)?,
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            return Err(RestoreError::Occupied(dest));
        }
        Err(_) if dest.exists() => return Err(RestoreError::Occupied(dest)),
        // A file system without hard links: a rename, checked just before.
        Err(_) => fs::rename(&item.path, &dest).map_err(io_err)?,
    }
    purge(data_root, Duration::from_secs(TRASH_DAYS * 24 * 3600));
    Ok(dest)
}

/// Deletes trashed files deleted more than `age` ago, in the trash and its sub-folders (best
/// effort; nothing through a link: a trash that is one, or a sub-folder that is one, is left
/// alone). Returns how many.
pub(crate) fn purge(data_root: &Path, age: Duration) -> usize {
    let cutoff = now_secs().saturating_sub(age.as_secs());
    let trash = dir(data_root);
    if !super::inside::may_write_in(&trash) {
        return 0;
    }
    let subfolders = fs::read_dir(&trash)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.path());
    std::iter::once(trash)
        .chain(subfolders)
        .flat_map(|folder| list_in(&folder))
        .filter(|t| t.deleted_at < cutoff)
        .filter(|t| fs::remove_file(&t.path).is_ok())
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delete_then_restore_gives_the_file_back_and_never_overwrites() {
        let d = tempfile::tempdir().unwrap();
        let best = d.path().join("bestiary");
        fs::create_dir_all(&best).unwrap();
        let f = best.join("frog.yaml");
        fs::write(&f, "one\n").unwrap();
        let t = move_to_trash(d.path(), &f, "frog").unwrap();
        assert!(!f.exists() && t.exists());
        assert_eq!(list(d.path())[0].id, "frog");
        fs::write(&f, "someone else's\n").unwrap();
        assert!(matches!(
            restore(d.path(), &best, "frog"),
            Err(RestoreError::Occupied(_))
        ));
        fs::remove_file(&f).unwrap();
        assert_eq!(restore(d.path(), &best, "frog").unwrap(), f);
        assert_eq!(fs::read_to_string(&f).unwrap(), "one\n");
        assert!(list(d.path()).is_empty());
        assert!(matches!(
            restore(d.path(), &best, "frog"),
            Err(RestoreError::NotInTrash(_))
        ));
    }

    #[test]
    fn old_trash_is_purged() {
        let d = tempfile::tempdir().unwrap();
        fs::create_dir_all(dir(d.path())).unwrap();
        let old = now_secs() - (TRASH_DAYS + 1) * 24 * 3600;
        fs::write(dir(d.path()).join(format!("old~{old}.yaml")), "x").unwrap();
        fs::write(dir(d.path()).join(format!("new~{}.yaml", now_secs())), "x").unwrap();
        let parties = dir(d.path()).join("parties");
        fs::create_dir_all(&parties).unwrap();
        fs::write(parties.join(format!("crew~{old}.yaml")), "x").unwrap();
        fs::write(parties.join(format!("band~{}.yaml", now_secs())), "x").unwrap();
        assert_eq!(
            purge(d.path(), Duration::from_secs(TRASH_DAYS * 24 * 3600)),
            2
        );
        assert_eq!(list(d.path()).len(), 1);
        assert_eq!(list_in(&parties).len(), 1, "sub-folders are purged too");
    }
}
