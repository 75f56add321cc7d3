//! The rule for the folders inside a data directory: **below a data directory's root, no folder
//! on the way to a file lairsmith writes, moves, removes or creates is a symbolic link.** The
//! root itself may be one (`--data-dir link`, `LAIRSMITH_DATA_DIR`, a platform directory reached
//! through a link), and so may anything above it; what the data directory holds may not, or a
//! `fights/` that leads elsewhere would have lairsmith write outside the directory it was given.
//! Reads follow links: a read changes nothing.
//!
//! Each [`crate::DataDir`] registers its root here when it is made, so every writer of `store`
//! applies the rule to any path under a registered root, whoever built the path: the writers
//! take paths, and a fight, a party or a monster given by its path is held to the same rule when
//! it lies in the data directory. A path under no registered root (an export's `--out`, a file
//! named on the command line outside the data directory) keeps the rule for its last part only,
//! which every writer applies anyway (`resolve_target`).
//!
//! Each folder is looked at with `symlink_metadata` from the root down, and a missing one is
//! made with `create_dir`, one at a time, then looked at again, so none is ever made through a
//! link. Between the look and the write, another program could swap a folder for a link; a
//! chain of `openat(O_NOFOLLOW)` from the root would close that gap, but only if the temporary
//! file, its lock, the rename and the hard link all went through directory handles too: a second
//! store, and for Unix alone. The links this rule is for are made by the user or their tools
//! (a sync folder, a dotfile manager), not raced in by someone who could as well write the files.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

/// A folder inside the data directory on the way to a file being written is a symbolic link.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} is a symbolic link (to {}): lairsmith writes nothing through a link inside its data directory; replace the link with a real folder, or point --data-dir at the place you want instead",
    .link.display(),
    .to.display()
)]
pub struct LinkInside {
    /// The link: the data directory's root joined with the folders down to it.
    pub link: PathBuf,
    /// Where it leads, as the link holds it.
    pub to: PathBuf,
}

/// Why the folders of a path refused a write.
#[derive(Debug)]
pub(crate) enum Refused {
    /// One of them is a link.
    Link(LinkInside),
    /// One could not be looked at or made, or is not a folder.
    Io(io::Error),
}

impl From<Refused> for io::Error {
    fn from(r: Refused) -> io::Error {
        match r {
            Refused::Link(l) => io::Error::other(l),
            Refused::Io(e) => e,
        }
    }
}

/// A registered data directory: its root as given, made absolute, and where it really is (the
/// root with every link resolved) once it exists.
struct Root {
    given: PathBuf,
    real: Option<PathBuf>,
}

static ROOTS: Mutex<Vec<Root>> = Mutex::new(Vec::new());

fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_owned())
}

/// Registers `root` as a data directory's: from now on no write below it goes through a link.
/// [`crate::DataDir::new`] calls it; registering a root twice is the same as once.
pub(crate) fn register(root: &Path) {
    let given = absolute(root);
    let mut roots = ROOTS.lock().unwrap_or_else(PoisonError::into_inner);
    if roots.iter().all(|r| r.given != given) {
        let real = fs::canonicalize(&given).ok();
        roots.push(Root { given, real });
    }
}

/// The registered root that `path` lies under, spelled as the path spells it, and the parts of
/// the path below it; `None` for a path in no data directory. The root as given is matched
/// first, then where it really is (a path named through the real folder of a root that is a
/// link, or from a working directory inside it); the deepest match wins.
fn below_a_root(path: &Path) -> Option<(PathBuf, Vec<OsString>)> {
    let path = absolute(path);
    let deepest = |candidates: &mut dyn Iterator<Item = &Path>| {
        candidates
            .filter(|r| path.starts_with(r))
            .max_by_key(|r| r.components().count())
            .map(Path::to_owned)
    };
    let mut roots = ROOTS.lock().unwrap_or_else(PoisonError::into_inner);
    let root = match deepest(&mut roots.iter().map(|r| r.given.as_path())) {
        Some(root) => root,
        None => {
            // A root made after it was registered (a first save) is looked up once it exists.
            for r in roots.iter_mut().filter(|r| r.real.is_none()) {
                r.real = fs::canonicalize(&r.given).ok();
            }
            deepest(&mut roots.iter().filter_map(|r| r.real.as_deref()))?
        }
    };
    drop(roots);
    let rest = path
        .strip_prefix(&root)
        .ok()?
        .components()
        .map(|c| c.as_os_str().to_owned())
        .collect();
    Some((root, rest))
}

/// Applies the rule to the folder `dir` a write goes into (or takes a file from): when `dir` is
/// in a data directory, every folder from below its root down to `dir` itself must be a real
/// folder, not a link. With `create`, missing folders are made, one at a time, each looked at
/// again once made; without, a missing folder ends the check (nothing below it exists to be a
/// link). A folder in no data directory is only made, as `create_dir_all` makes it.
pub(crate) fn folders(dir: &Path, create: bool) -> Result<(), Refused> {
    let Some((root, rest)) = below_a_root(dir) else {
        if create {
            fs::create_dir_all(dir).map_err(Refused::Io)?;
        }
        return Ok(());
    };
    if create {
        // The root and what is above it may be links: the user named them.
        fs::create_dir_all(&root).map_err(Refused::Io)?;
    }
    let mut at = root;
    for part in rest {
        at.push(part);
        // Each folder is looked at after it is made too: a link put there meanwhile is seen.
        let mut made = false;
        loop {
            match fs::symlink_metadata(&at) {
                Ok(m) if m.is_dir() => break,
                Ok(m) if m.file_type().is_symlink() => {
                    return Err(Refused::Link(LinkInside {
                        to: fs::read_link(&at).unwrap_or_default(),
                        link: at,
                    }));
                }
                Ok(m) => {
                    let what = if m.is_file() {
                        "a file"
                    } else {
                        super::kind_of(m.file_type())
                    };
                    return Err(Refused::Io(io::Error::new(
                        io::ErrorKind::NotADirectory,
                        format!("{} is {what}, not a folder", at.display()),
                    )));
                }
                Err(e) if e.kind() == io::ErrorKind::NotFound && !create => return Ok(()),
                Err(e) if e.kind() == io::ErrorKind::NotFound && !made => {
                    made = true;
                    match fs::create_dir(&at) {
                        Ok(()) => {}
                        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                        Err(e) => return Err(Refused::Io(e)),
                    }
                }
                Err(e) => return Err(Refused::Io(e)),
            }
        }
    }
    Ok(())
}

/// [`folders`] for the folder holding `file`.
pub(crate) fn folders_of(file: &Path, create: bool) -> Result<(), Refused> {
    let dir = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    folders(dir, create)
}

/// Whether a write into `dir` is allowed by [`folders`] without making anything: for the
/// best-effort clean-ups (temporary files of dead writers, old trash), which skip a folder
/// reached through a link.
pub(crate) fn may_write_in(dir: &Path) -> bool {
    folders(dir, false).is_ok()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_link_below_a_root_is_refused_and_the_root_itself_may_be_one() {
        let t = tempfile::tempdir().unwrap();
        let real = t.path().join("real");
        let elsewhere = t.path().join("elsewhere");
        fs::create_dir_all(&real).unwrap();
        fs::create_dir_all(&elsewhere).unwrap();
        let root = t.path().join("root-link");
        std::os::unix::fs::symlink(&real, &root).unwrap();
        register(&root);
        folders(&root.join("fights/deeper"), true).unwrap();
        assert!(real.join("fights/deeper").is_dir());

        std::os::unix::fs::symlink(&elsewhere, real.join("parties")).unwrap();
        for dir in [root.join("parties"), real.join("parties/sub")] {
            match folders(&dir, true) {
                Err(Refused::Link(l)) => {
                    assert_eq!(l.to, elsewhere);
                    assert!(l.link.ends_with("parties"), "{l}");
                }
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(fs::read_dir(&elsewhere).unwrap().count(), 0);
        assert!(!may_write_in(&root.join("parties")));
        assert!(may_write_in(&root.join("missing/below")));
        assert!(may_write_in(&t.path().join("not-a-data-dir")));
    }
}
