//! Files on disk: atomic saves (a temporary file in the same directory, synced, then renamed),
//! advisory locks so that concurrent saves never lose an update, fingerprints to notice a file
//! changed since it was loaded, safe paths for ids, and opening only regular files.
//!
//! Locks are std's `File::lock` (`flock` on Linux): advisory, released by the system when a
//! process dies, and shared by every lairsmith process and thread. A save locks the file at
//! the target path, checks that the path still names the locked file (a rename by another saver
//! would otherwise leave it holding a lock on a file nobody reads), re-checks what it expects
//! under the lock, and renames its new file into place before letting go.
//!
//! Nothing is written through a symbolic link: not at a file's own path, wherever it is, and
//! not at any folder on the way to it below a data directory's root (`inside`: every writer
//! here applies that rule, to every path under a [`crate::DataDir`]'s root).

pub(crate) mod inside;
pub mod keep;
pub(crate) mod open;
mod read;
mod temp;
pub mod trash;

pub use inside::LinkInside;
pub(crate) use open::kind_of;
pub use open::{not_regular, open_regular, read_at_most};
pub(crate) use read::read_stamped;
pub use read::{Stamp, read_limited, yaml_files, yaml_ids};
pub(crate) use temp::remove_if_stale as remove_if_stale_temp;

use open::{open_regular_writable, same_file};
use std::fs::{self, File, Metadata};
use std::io::{self, Read, Seek};
use std::path::{Path, PathBuf};
use temp::TempFile;

/// How often a locker reopens a file that was replaced while it waited; each retry means
/// another save completed, so only a storm of saves gets near this.
const LOCK_ATTEMPTS: usize = 10_000;

/// What a file looked like when it was read, to detect changes made by someone else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fingerprint {
    /// The contents' length in bytes.
    pub len: u64,
    /// The XXH3 hash of the contents (`hash::xxh3`).
    pub hash: u64,
}

impl Fingerprint {
    /// The fingerprint of `bytes`, as a file holding them would have.
    pub fn of_bytes(bytes: &[u8]) -> Fingerprint {
        Fingerprint {
            len: bytes.len() as u64,
            hash: crate::hash::xxh3(bytes),
        }
    }

    /// The fingerprint of the file now, or `None` if it does not exist. Only regular files
    /// are read.
    #[cfg(test)]
    pub(crate) fn of_file(path: &Path) -> io::Result<Option<Fingerprint>> {
        match open_regular(path) {
            Ok((mut f, _)) => {
                let mut bytes = Vec::new();
                f.read_to_end(&mut bytes)?;
                Ok(Some(Fingerprint::of_bytes(&bytes)))
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// Why a save did not happen.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file no longer holds what was loaded ([`Expect::Unchanged`]): someone else saved it.
    #[error("{path} changed on disk since it was loaded; reload it or save as a copy")]
    ChangedOnDisk {
        /// The file.
        path: PathBuf,
    },
    /// A new file was wanted ([`Expect::New`]) and one is there.
    #[error("{path} already exists; choose another id or name")]
    AlreadyExists {
        /// The file.
        path: PathBuf,
    },
    /// Something other than a regular file is at the path: a directory, a FIFO, a device.
    #[error("{path} is {what}; lairsmith writes only regular files")]
    NotRegular {
        /// The path.
        path: PathBuf,
        /// What is there, with its article: "a directory" (`kind_of`).
        what: &'static str,
    },
    /// A symbolic link is at the path: lairsmith never writes through one.
    #[error(
        "{path} is a symbolic link (to {to}); lairsmith does not write through links, so no file outside the data directory or the path you named changes: replace the link with the file itself, or save under another name",
        to = to.display()
    )]
    Link {
        /// The link.
        path: PathBuf,
        /// Where it leads, as the link holds it.
        to: PathBuf,
    },
    /// A folder inside the data directory on the way to the file is a symbolic link: nothing is
    /// written through one (`inside`).
    #[error(transparent)]
    LinkInside(#[from] LinkInside),
    /// The system refused a read or write: permissions, a full disk, a read-only directory.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file being saved.
        path: PathBuf,
        /// What the system said.
        source: io::Error,
    },
}

/// What the caller believes is on disk before the save.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// The file must not exist yet (a new monster, an export that must not overwrite).
    New,
    /// The file must still be as it was when loaded.
    Unchanged(Fingerprint),
    /// Overwrite whatever regular file is there (an export the user confirmed).
    Anything,
}

fn io_err(path: &Path) -> impl Fn(io::Error) -> SaveError + '_ {
    move |source| SaveError::Io {
        path: path.to_owned(),
        source,
    }
}

/// Checks that a save may write `path`: a regular file or nothing yet. A symbolic link is
/// refused, not followed, whatever it leads to: a link in the data directory can point anywhere,
/// and a save must not change a file outside it (nor an export a file the user did not name).
/// Directories, devices, FIFOs and sockets are refused too.
fn resolve_target(path: &Path) -> Result<PathBuf, SaveError> {
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(path.to_owned()),
        Err(e) => Err(io_err(path)(e)),
        Ok(m) if m.is_file() => Ok(path.to_owned()),
        Ok(m) if m.file_type().is_symlink() => Err(SaveError::Link {
            path: path.to_owned(),
            to: fs::read_link(path).unwrap_or_default(),
        }),
        Ok(m) => Err(SaveError::NotRegular {
            path: path.to_owned(),
            what: kind_of(m.file_type()),
        }),
    }
}

fn parent_of(target: &Path) -> PathBuf {
    target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_owned()
}

fn name_of(target: &Path) -> String {
    target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Applies the rule of [`inside`] to the folders of `path` (making the missing ones when
/// `create`), as a save's error.
fn folders_of(path: &Path, create: bool) -> Result<(), SaveError> {
    inside::folders_of(path, create).map_err(|r| match r {
        inside::Refused::Link(l) => SaveError::LinkInside(l),
        inside::Refused::Io(e) => io_err(path)(e),
    })
}

/// The target's directory, created if needed (never through a link inside a data directory)
/// and cleared of temporary files of dead writers; then the target itself checked.
fn prepare(path: &Path) -> Result<(PathBuf, PathBuf), SaveError> {
    folders_of(path, true)?;
    let target = resolve_target(path)?;
    let dir = parent_of(&target);
    temp::remove_stale(&dir);
    Ok((target, dir))
}

/// Syncs a directory so a rename or link in it survives a power cut (best effort: not every
/// system can open a directory).
fn sync_dir(dir: &Path) {
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// An exclusive lock on the file that a path names now.
struct Locked {
    file: File,
    meta: Metadata,
}

impl Locked {
    /// Locks the regular file at `path`; `None` if there is none.
    fn at(path: &Path) -> io::Result<Option<Locked>> {
        for _ in 0..LOCK_ATTEMPTS {
            let (file, _) = match open_regular(path) {
                Ok(x) => x,
                Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
                Err(e) => return Err(e),
            };
            // Read-only first: opening for writing would tell file watchers the file was
            // written. Only where that lock is refused is the file opened for writing.
            let file = match file.lock() {
                Ok(()) => file,
                Err(_) => {
                    let (file, _) = match open_regular_writable(path) {
                        Ok(x) => x,
                        Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                        Err(e) => return Err(e),
                    };
                    file.lock()?;
                    file
                }
            };
            let meta = file.metadata()?;
            match fs::metadata(path) {
                Ok(now) if same_file(&now, &meta) => return Ok(Some(Locked { file, meta })),
                // Replaced or removed while we waited: the lock guards nothing, start again.
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::other(
            "the file kept being replaced by other programs while lairsmith waited to lock it",
        ))
    }

    /// The whole file, refusing one larger than lairsmith reads.
    fn read_all(&mut self) -> io::Result<Vec<u8>> {
        self.file.rewind()?;
        read_at_most(&mut self.file, crate::yaml_io::MAX_FILE_BYTES)?.ok_or_else(|| {
            io::Error::other(format!(
                "the file is larger than {} bytes, the most lairsmith reads",
                crate::yaml_io::MAX_FILE_BYTES
            ))
        })
    }

    fn holds(&mut self, fp: Fingerprint) -> io::Result<bool> {
        if self.meta.len() != fp.len {
            return Ok(false);
        }
        self.file.rewind()?;
        let mut bytes = Vec::new();
        (&mut self.file).take(fp.len + 1).read_to_end(&mut bytes)?;
        Ok(Fingerprint::of_bytes(&bytes) == fp)
    }
}

/// Replaces the file at `target` with `contents` through a temporary file and a rename,
/// keeping the old file's permissions.
fn replace(target: &Path, dir: &Path, contents: &[u8], old: Option<&Locked>) -> io::Result<()> {
    let mut tmp = TempFile::create(dir, &name_of(target))?;
    if let Some(l) = old {
        // A private file stays private after a save; failing to copy the mode is not fatal.
        let _ = tmp.file().set_permissions(l.meta.permissions());
    }
    tmp.write_synced(contents)?;
    tmp.rename_to(target)?;
    sync_dir(dir);
    Ok(())
}

/// Creates `target` with `contents`, failing if it exists, never leaving it half-written: the
/// complete temporary file is hard-linked to the target name, which fails if the name is taken.
fn create(path: &Path, target: &Path, dir: &Path, contents: &[u8]) -> Result<(), SaveError> {
    let exists = || SaveError::AlreadyExists {
        path: path.to_owned(),
    };
    let mut tmp = TempFile::create(dir, &name_of(target)).map_err(io_err(path))?;
    tmp.write_synced(contents).map_err(io_err(path))?;
    match tmp.link_to(target) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Err(exists()),
        // Filesystems without hard links (FAT, some network shares): reserve the name with an
        // exclusive create, then rename the complete file over the empty one.
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::PermissionDenied | io::ErrorKind::Unsupported
            ) =>
        {
            match fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(target)
            {
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Err(exists()),
                Err(e) => return Err(io_err(path)(e)),
            }
            tmp.rename_to(target).map_err(io_err(path))?;
        }
        Err(e) => return Err(io_err(path)(e)),
    }
    sync_dir(dir);
    Ok(())
}

/// Writes `contents` to `path` atomically: a temporary file beside it, flushed and synced, then
/// renamed over the target (or linked, for a new file). A crash leaves either the old file or
/// the new one, never a mix. `expect` is checked under the target's lock, so no other save can
/// slip in between the check and the write. Symbolic links (never followed, whatever they lead
/// to), devices, FIFOs and directories are refused, and so is a path below a data directory's
/// root through a folder that is a link ([`SaveError::LinkInside`]). The directory is created
/// if needed. Returns the new fingerprint.
pub fn save_atomic(path: &Path, contents: &[u8], expect: Expect) -> Result<Fingerprint, SaveError> {
    let (target, dir) = prepare(path)?;
    let changed = || SaveError::ChangedOnDisk {
        path: path.to_owned(),
    };
    match expect {
        Expect::New => create(path, &target, &dir, contents)?,
        Expect::Unchanged(fp) => {
            let mut locked = Locked::at(&target)
                .map_err(io_err(path))?
                .ok_or_else(changed)?;
            if !locked.holds(fp).map_err(io_err(path))? {
                return Err(changed());
            }
            replace(&target, &dir, contents, Some(&locked)).map_err(io_err(path))?;
        }
        Expect::Anything => {
            let locked = Locked::at(&target).map_err(io_err(path))?;
            replace(&target, &dir, contents, locked.as_ref()).map_err(io_err(path))?;
        }
    }
    Ok(Fingerprint::of_bytes(contents))
}

/// A read-modify-write of `path` with nobody else's save in between: locks the file, reads it
/// (`None` if it does not exist), and writes what `change` returns (`None`: leave it as it is)
/// before letting go. `change` may run again if the file was created meanwhile. Returns the
/// new fingerprint, if anything was written.
pub fn update_locked<E: From<SaveError>>(
    path: &Path,
    mut change: impl FnMut(Option<&[u8]>) -> Result<Option<Vec<u8>>, E>,
) -> Result<Option<Fingerprint>, E> {
    let (target, dir) = prepare(path)?;
    for _ in 0..LOCK_ATTEMPTS {
        let mut locked = Locked::at(&target).map_err(io_err(path))?;
        let current = match &mut locked {
            Some(l) => Some(l.read_all().map_err(io_err(path))?),
            None => None,
        };
        let Some(new) = change(current.as_deref())? else {
            return Ok(None);
        };
        match &locked {
            Some(l) => replace(&target, &dir, &new, Some(l)).map_err(io_err(path))?,
            None => match create(path, &target, &dir, &new) {
                // Someone created it after we looked: start again from their file.
                Err(SaveError::AlreadyExists { .. }) => continue,
                other => other?,
            },
        }
        return Ok(Some(Fingerprint::of_bytes(&new)));
    }
    Err(SaveError::Io {
        path: path.to_owned(),
        source: io::Error::other("the file kept changing while lairsmith tried to update it"),
    }
    .into())
}

/// Writes a file that only lairsmith manages (the bestiary index) atomically, replacing
/// whatever entry is at `path` without following or opening it: a link, FIFO or device put in
/// its place is replaced, never written to. A folder of it inside a data directory that is a
/// link is refused ([`inside`]).
pub(crate) fn save_private(path: &Path, contents: &[u8]) -> io::Result<()> {
    inside::folders_of(path, true)?;
    let dir = parent_of(path);
    temp::remove_stale(&dir);
    let mut tmp = TempFile::create(&dir, &name_of(path))?;
    tmp.write_synced(contents)?;
    tmp.rename_to(path)?;
    sync_dir(&dir);
    Ok(())
}

/// Deletes the file at `path` (a link itself, not what it leads to), after any save of it in
/// progress has finished, so that save cannot bring it back. A file in a folder inside a data
/// directory that is a link is left alone ([`inside`]).
pub(crate) fn remove_locked(path: &Path) -> io::Result<()> {
    inside::folders_of(path, false)?;
    let _held = lock_existing(path)?;
    fs::remove_file(path)
}

/// Holds the lock of the file at `path` while the guard lives, or nothing if there is no such
/// regular file (a link is never written, so it needs no lock).
pub(crate) fn lock_existing(path: &Path) -> io::Result<Option<impl Sized>> {
    match resolve_target(path) {
        Ok(target) => Locked::at(&target),
        Err(_) => Ok(None),
    }
}

/// The path of a file for `id` inside `dir`, refusing anything that could escape `dir`:
/// separators, `..`, control characters, or an empty id.
pub fn path_in(dir: &Path, id: &str, extension: &str) -> Result<PathBuf, BadFileName> {
    let bad = id.is_empty()
        || id.starts_with('.')
        || id
            .chars()
            .any(|c| c.is_control() || c == '/' || c == '\\' || c == ':')
        || id.contains("..");
    if bad {
        return Err(BadFileName { id: id.to_owned() });
    }
    Ok(dir.join(format!("{id}.{extension}")))
}

/// Whether a command-line word names a file rather than an id: it has a slash or ends in
/// `.yaml`/`.yml`. Ids are slugs, so they never do; and what the working directory happens to
/// hold never changes what a word means (`./hedgemaw` is the file, `hedgemaw` the id).
pub fn names_a_file(word: &str) -> bool {
    word.contains(['/', '\\']) || word.ends_with(".yaml") || word.ends_with(".yml")
}

/// An id [`path_in`] refuses as a file name, since the file could land outside its directory.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{}` cannot be used as a file name: ids are letters, digits and hyphens",
    .id.escape_default()
)]
pub struct BadFileName {
    /// The id as given; the message shows it escaped, so a control character cannot reach the
    /// terminal.
    pub id: String,
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<BadFileName> for String {
    fn from(e: BadFileName) -> String {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callers_can_tell_the_kinds_of_file_name_error_apart() {
        let d = Path::new("/data/bestiary");
        assert_eq!(
            path_in(d, "../x", "yaml"),
            Err(BadFileName { id: "../x".into() })
        );
        assert_eq!(
            path_in(d, "a\nb", "yaml").unwrap_err().to_string(),
            "`a\\nb` cannot be used as a file name: ids are letters, digits and hyphens"
        );
    }

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
    fn of_many_creators_of_one_new_file_exactly_one_succeeds() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.yaml");
        let wins: usize = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8)
                .map(|i| {
                    let path = &path;
                    s.spawn(move || {
                        match save_atomic(path, format!("{i}\n").as_bytes(), Expect::New) {
                            Ok(_) => 1,
                            Err(SaveError::AlreadyExists { .. }) => 0,
                            Err(e) => panic!("{e}"),
                        }
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).sum()
        });
        assert_eq!(wins, 1);
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn links_and_special_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.yaml");
        fs::write(&real, "old\n").unwrap();
        let link = dir.path().join("link.yaml");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let e = save_atomic(&link, b"new\n", Expect::Anything).unwrap_err();
        assert!(matches!(e, SaveError::Link { .. }), "{e}");
        assert!(
            e.to_string().contains("does not write through links"),
            "{e}"
        );
        assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
        assert_eq!(fs::read(&real).unwrap(), b"old\n");
        let e = update_locked::<SaveError>(&link, |_| Ok(Some(b"new\n".to_vec()))).unwrap_err();
        assert!(matches!(e, SaveError::Link { .. }), "{e}");
        assert_eq!(fs::read(&real).unwrap(), b"old\n");
        let null = dir.path().join("null.yaml");
        std::os::unix::fs::symlink("/dev/null", &null).unwrap();
        let e = save_atomic(&null, b"x", Expect::Anything).unwrap_err();
        assert!(matches!(e, SaveError::Link { .. }), "{e}");
        let e = save_atomic(Path::new("/dev/null"), b"x", Expect::Anything).unwrap_err();
        assert!(matches!(
            e,
            SaveError::NotRegular {
                what: "a character device",
                ..
            }
        ));
        let e = save_atomic(dir.path(), b"x", Expect::Anything).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "{} is a directory; lairsmith writes only regular files",
                dir.path().display()
            )
        );
        let broken = dir.path().join("broken.yaml");
        std::os::unix::fs::symlink(dir.path().join("missing"), &broken).unwrap();
        let e = save_atomic(&broken, b"x", Expect::Anything).unwrap_err();
        assert!(matches!(e, SaveError::Link { .. }));
        assert!(!dir.path().join("missing").exists());
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
