//! Files on disk: atomic saves (a temporary file in the same directory, synced, then renamed),
//! fingerprints to notice a file changed since it was loaded, and safe paths for ids.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What a file looked like when it was read, to detect changes made by someone else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fingerprint {
    pub len: u64,
    pub hash: u64,
}

impl Fingerprint {
    pub fn of_bytes(bytes: &[u8]) -> Fingerprint {
        Fingerprint {
            len: bytes.len() as u64,
            hash: fnv1a(bytes),
        }
    }

    /// The fingerprint of the file now, or `None` if it does not exist.
    pub fn of_file(path: &Path) -> io::Result<Option<Fingerprint>> {
        match fs::read(path) {
            Ok(b) => Ok(Some(Fingerprint::of_bytes(&b))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Why a save did not happen.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("{path} changed on disk since it was loaded; reload it or save as a copy")]
    ChangedOnDisk { path: PathBuf },
    #[error("{path} already exists; choose another id or name")]
    AlreadyExists { path: PathBuf },
    #[error("cannot write {path}: {source}")]
    Io { path: PathBuf, source: io::Error },
}

/// What the caller believes is on disk before the save.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// The file must not exist yet (a new monster).
    New,
    /// The file must still be as it was when loaded.
    Unchanged(Fingerprint),
    /// Overwrite whatever is there (an explicit export to a path the user named).
    Anything,
}

/// Writes `contents` to `path` atomically: a temporary file beside it, flushed and synced, then
/// renamed over the target. A crash leaves either the old file or the new one, never a mix.
/// The directory is created if needed. Returns the new fingerprint.
pub fn save_atomic(path: &Path, contents: &[u8], expect: Expect) -> Result<Fingerprint, SaveError> {
    let io_err = |source| SaveError::Io {
        path: path.to_owned(),
        source,
    };
    match expect {
        Expect::Anything => {}
        Expect::New => {
            if path.exists() {
                return Err(SaveError::AlreadyExists {
                    path: path.to_owned(),
                });
            }
        }
        Expect::Unchanged(fp) => {
            if Fingerprint::of_file(path).map_err(io_err)? != Some(fp) {
                return Err(SaveError::ChangedOnDisk {
                    path: path.to_owned(),
                });
            }
        }
    }
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(io_err)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let write = || -> io::Result<()> {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(contents)?;
        f.sync_all()?;
        fs::rename(&tmp, path)?;
        // Sync the directory so the rename itself survives a power cut (best effort).
        if let Ok(d) = fs::File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    };
    write().map_err(|e| {
        let _ = fs::remove_file(&tmp);
        io_err(e)
    })?;
    Ok(Fingerprint::of_bytes(contents))
}

/// The path of a file for `id` inside `dir`, refusing anything that could escape `dir`:
/// separators, `..`, control characters, or an empty id.
pub fn path_in(dir: &Path, id: &str, extension: &str) -> Result<PathBuf, String> {
    let bad = id.is_empty()
        || id.starts_with('.')
        || id
            .chars()
            .any(|c| c.is_control() || c == '/' || c == '\\' || c == ':')
        || id.contains("..");
    if bad {
        return Err(format!(
            "`{}` cannot be used as a file name: ids are letters, digits and hyphens",
            id.escape_default()
        ));
    }
    Ok(dir.join(format!("{id}.{extension}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_save_creates_the_directory_and_detects_changes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/monster.yaml");
        let fp = save_atomic(&path, b"one\n", Expect::New).unwrap();
        assert!(matches!(
            save_atomic(&path, b"x", Expect::New),
            Err(SaveError::AlreadyExists { .. })
        ));
        fs::write(&path, b"someone else\n").unwrap();
        let err = save_atomic(&path, b"two\n", Expect::Unchanged(fp)).unwrap_err();
        assert!(matches!(err, SaveError::ChangedOnDisk { .. }));
        assert_eq!(fs::read(&path).unwrap(), b"someone else\n");
        let fp2 = Fingerprint::of_file(&path).unwrap().unwrap();
        save_atomic(&path, b"two\n", Expect::Unchanged(fp2)).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two\n");
        let leftovers: Vec<_> = fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
    }

    #[test]
    fn ids_never_escape_the_directory() {
        let d = Path::new("/data/bestiary");
        assert!(path_in(d, "giant-frog", "yaml").is_ok());
        for bad in ["../x", "a/b", "a\\b", "..", ".hidden", "", "a\u{0}b", "c:x"] {
            assert!(path_in(d, bad, "yaml").is_err(), "{bad:?}");
        }
    }
}
