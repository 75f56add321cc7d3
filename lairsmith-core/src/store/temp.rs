//! Temporary files for atomic saves, and the clean-up of those left by writers that died.
//!
//! A writer holds an exclusive lock on its temporary file for as long as the file exists under
//! its temporary name. The lock goes away with the process, so anyone who can take it knows the
//! writer is dead and may delete the file: no process ids are guessed, and a live writer's file
//! is never touched.

use super::open::{open_regular, same_file};
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

/// Distinguishes temporary files of one process (several threads may save at once).
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// How many names a writer tries before giving up; each failure means another file took the name
/// or a cleaner deleted it first, both rare.
const ATTEMPTS: usize = 64;

/// Files of lairsmith versions that did not lock their temporary files are removed only once
/// they are this old: no save takes anywhere near as long.
const UNLOCKED_FORMAT_AGE: Duration = Duration::from_secs(600);

/// A locked temporary file beside its target, deleted on drop unless it was moved into place.
pub(crate) struct TempFile {
    path: PathBuf,
    file: File,
    placed: bool,
}

impl TempFile {
    /// Creates `.NAME.PID-N.tmp` in `dir` for the target file name `name`, locked.
    pub(super) fn create(dir: &Path, name: &str) -> io::Result<TempFile> {
        let mut last = io::Error::other("no temporary file name was free");
        for _ in 0..ATTEMPTS {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let path = dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()));
            let file = match OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(f) => f,
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                    last = e;
                    continue;
                }
                Err(e) => return Err(e),
            };
            file.lock()?;
            // A cleaner may have taken the lock between the create and our lock, found the file
            // "abandoned" and deleted it: then this name is gone and another is needed.
            let ours = fs::symlink_metadata(&path)
                .ok()
                .zip(file.metadata().ok())
                .is_some_and(|(at_path, held)| same_file(&at_path, &held));
            if ours {
                return Ok(TempFile {
                    path,
                    file,
                    placed: false,
                });
            }
            last = io::Error::other("the temporary file was removed while it was being created");
        }
        Err(last)
    }

    #[cfg(test)]
    pub fn path(&self) -> &Path {
        &self.path
    }

    pub(super) fn file(&self) -> &File {
        &self.file
    }

    /// Writes everything and syncs it to the disk.
    pub(crate) fn write_synced(&mut self, contents: &[u8]) -> io::Result<()> {
        self.file.write_all(contents)?;
        self.file.sync_all()
    }

    /// Renames the file over `target`.
    pub(crate) fn rename_to(&mut self, target: &Path) -> io::Result<()> {
        fs::rename(&self.path, target)?;
        self.placed = true;
        Ok(())
    }

    /// Makes the file `target` too, failing with `AlreadyExists` if `target` exists, then drops
    /// the temporary name.
    pub(crate) fn link_to(&mut self, target: &Path) -> io::Result<()> {
        fs::hard_link(&self.path, target)?;
        self.placed = true;
        // The target is complete; a second name left by a crash here is cleaned up later.
        let _ = fs::remove_file(&self.path);
        Ok(())
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.placed {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Whether `name` is one of lairsmith's temporary file names: `.NAME.PID-N.tmp`, or
/// `.NAME.PID.tmp` from versions that did not lock them (`true` in the second field).
fn temp_name(name: &str) -> Option<bool> {
    let stem = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (_, suffix) = stem.rsplit_once('.')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match suffix.split_once('-') {
        Some((pid, n)) if digits(pid) && digits(n) => Some(false),
        None if digits(suffix) => Some(true),
        _ => None,
    }
}

/// Deletes temporary files in `dir` whose writers are dead. Best effort: anything unreadable
/// is left alone.
pub(super) fn remove_stale(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        if let Some(unlocked_format) = temp_name(&name.to_string_lossy()) {
            remove_if_abandoned(&e.path(), unlocked_format);
        }
    }
}

/// Deletes `path` if it is a temporary file of a dead writer (for a caller listing a directory
/// anyway).
pub(crate) fn remove_if_stale(path: &Path) {
    let name = path.file_name().map(|n| n.to_string_lossy());
    if let Some(unlocked_format) = name.and_then(|n| temp_name(&n)) {
        remove_if_abandoned(path, unlocked_format);
    }
}

/// Deletes one temporary file if no live writer holds it, unless its folder is reached through
/// a link inside a data directory (a listing follows links; a removal does not).
fn remove_if_abandoned(path: &Path, unlocked_format: bool) {
    if !path.parent().is_none_or(super::inside::may_write_in) {
        return;
    }
    let Ok((file, held)) = open_regular(path) else {
        return;
    };
    if unlocked_format {
        let old = held
            .modified()
            .ok()
            .and_then(|m| SystemTime::now().duration_since(m).ok())
            .is_some_and(|age| age > UNLOCKED_FORMAT_AGE);
        if !old {
            return;
        }
    }
    if file.try_lock().is_err() {
        return; // its writer is alive (or locks are unavailable): leave it
    }
    // Only the file that was locked, not a link or a file that took the name since.
    if fs::symlink_metadata(path).is_ok_and(|m| same_file(&m, &held)) {
        let _ = fs::remove_file(path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_are_recognised() {
        assert_eq!(temp_name(".goblin.yaml.123-4.tmp"), Some(false));
        assert_eq!(temp_name(".goblin.yaml.123.tmp"), Some(true));
        for not in [
            "goblin.yaml",
            ".goblin.yaml",
            "goblin.123-4.tmp",
            ".goblin.yaml.12a-4.tmp",
            ".goblin.yaml.-4.tmp",
            ".tmp",
        ] {
            assert_eq!(temp_name(not), None, "{not}");
        }
    }

    #[test]
    fn a_held_temporary_file_survives_cleaning_and_a_dropped_one_is_gone() {
        let dir = tempfile::tempdir().unwrap();
        let t = TempFile::create(dir.path(), "x.yaml").unwrap();
        let path = t.path().to_owned();
        remove_stale(dir.path());
        assert!(path.exists(), "a live writer's file is left alone");
        drop(t);
        assert!(!path.exists());
    }
}
