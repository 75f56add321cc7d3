//! Keeping a file when its usual directory cannot take it: the UI's unsaved work, when a signal
//! stops it and the data directory is read-only, full or broken. The caller lists the places in
//! order; each is a private directory, created for this user alone (0700) or, if it is there
//! already, a real directory that this user owns and nobody else can write into, since the last
//! places are in the shared temporary directory, where another user may have made the name
//! first. The file is created new through the same atomic create as every save, so nothing is
//! written through a link or over a file that is there.

use super::{Expect, SaveError, save_atomic};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// How many names (`NAME`, `NAME-2`, ...) a place is tried with before it counts as full.
const NAMES: usize = 100;

/// A place that did not take the file, and why.
#[derive(Debug)]
pub struct Refused {
    /// The directory that was tried, as the caller listed it.
    pub dir: PathBuf,
    /// Why it did not take the file.
    pub why: PlaceError,
}

/// Where the file went, and the places before it that refused it.
#[derive(Debug)]
pub struct Kept {
    /// The file written: in the first place that took it, under the first free name.
    pub path: PathBuf,
    /// The places before it that refused the file, in the caller's order.
    pub refused: Vec<Refused>,
}

/// Why a place cannot hold private work; each message is the sentence the user sees after the
/// place's path.
#[derive(Debug, thiserror::Error)]
pub enum PlaceError {
    /// The directory was not there and could not be made.
    #[error("cannot create it: {0}")]
    CannotCreate(#[source] io::Error),
    /// What is there could not be looked at.
    #[error("cannot look at it: {0}")]
    CannotLookAt(#[source] io::Error),
    /// A symbolic link, which lairsmith never follows to keep work.
    #[error("it is a symbolic link; lairsmith keeps work only in a real directory")]
    Link,
    /// Something other than a directory: "a regular file", "a FIFO (named pipe)" and the like.
    #[error("it is {kind}, not a directory")]
    NotADirectory {
        /// What is there, with its article: "a regular file".
        kind: &'static str,
    },
    /// A directory another user owns.
    #[error("it belongs to another user (uid {owner}), not to this one (uid {me})")]
    OtherUser {
        /// The directory owner's user id.
        owner: u32,
        /// This process's user id.
        me: u32,
    },
    /// A directory other users can write into, so they could plant a file or link in it.
    #[error("other users can write into it (mode {mode:o})")]
    WritableByOthers {
        /// The directory's permission bits (the lowest 12 bits of its mode).
        mode: u32,
    },
    /// Writing the file in the directory failed.
    #[error("cannot write a file in it: {0}")]
    CannotWrite(#[source] io::Error),
    /// The save failed for another reason.
    #[error(transparent)]
    Save(SaveError),
    /// Every name tried (100 of them: `NAME`, `NAME-2`, ...) is taken.
    #[error("{NAMES} files named like {name} are there already")]
    Full {
        /// The file name asked for.
        name: String,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<PlaceError> for String {
    fn from(e: PlaceError) -> String {
        e.to_string()
    }
}

/// Writes `contents` as a new file named `name` in the first of `places` that takes it; if a
/// file of that name is there, as `STEM-2.EXT`, `STEM-3.EXT`, and so on. Every place's reason
/// if none does.
pub fn keep_in_first(
    places: &[PathBuf],
    name: &str,
    contents: &[u8],
) -> Result<Kept, Vec<Refused>> {
    let mut refused = Vec::new();
    for dir in places {
        match private_dir(dir).and_then(|()| create_named(dir, name, contents)) {
            Ok(path) => return Ok(Kept { path, refused }),
            Err(why) => refused.push(Refused {
                dir: dir.clone(),
                why,
            }),
        }
    }
    Err(refused)
}

/// Creates the file under the first free name.
fn create_named(dir: &Path, name: &str, contents: &[u8]) -> Result<PathBuf, PlaceError> {
    let (stem, ext) = match name.rsplit_once('.') {
        Some((s, e)) if !s.is_empty() => (s, format!(".{e}")),
        _ => (name, String::new()),
    };
    for n in 1..=NAMES {
        let path = if n == 1 {
            dir.join(name)
        } else {
            dir.join(format!("{stem}-{n}{ext}"))
        };
        match save_atomic(&path, contents, Expect::New) {
            Ok(_) => return Ok(path),
            // The name is taken (by a file, a link or anything else): the next one.
            Err(
                SaveError::AlreadyExists { .. }
                | SaveError::Link { .. }
                | SaveError::NotRegular { .. },
            ) => {}
            Err(SaveError::Io { source, .. }) => {
                return Err(PlaceError::CannotWrite(source));
            }
            Err(e) => return Err(PlaceError::Save(e)),
        }
    }
    Err(PlaceError::Full {
        name: name.to_owned(),
    })
}

/// Makes `dir` (and any missing parent) private to this user, or checks that the directory
/// there is fit to hold private work: not a link, this user's, and not writable by others.
pub fn private_dir(dir: &Path) -> Result<(), PlaceError> {
    // Not there (or not reachable, as under a file): making it says best what is wrong.
    if fs::symlink_metadata(dir).is_err() {
        create_private(dir).map_err(PlaceError::CannotCreate)?;
    }
    let m = fs::symlink_metadata(dir).map_err(PlaceError::CannotLookAt)?;
    if m.file_type().is_symlink() {
        return Err(PlaceError::Link);
    }
    if !m.is_dir() {
        return Err(PlaceError::NotADirectory {
            kind: match super::kind_of(m.file_type()) {
                "not a regular file" => "a regular file",
                other => other,
            },
        });
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let me = rustix::process::getuid().as_raw();
        if m.uid() != me {
            return Err(PlaceError::OtherUser { owner: m.uid(), me });
        }
        if m.mode() & 0o022 != 0 {
            return Err(PlaceError::WritableByOthers {
                mode: m.mode() & 0o7777,
            });
        }
    }
    Ok(())
}

#[cfg(unix)]
fn create_private(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
}

#[cfg(not(unix))]
fn create_private(dir: &Path) -> io::Result<()> {
    fs::create_dir_all(dir)
}

/// Who this user is, for a directory name of their own in the shared temporary directory: the
/// user id where there is one, else the user name.
pub fn user_tag() -> String {
    #[cfg(unix)]
    {
        rustix::process::getuid().as_raw().to_string()
    }
    #[cfg(not(unix))]
    {
        std::env::var("USERNAME")
            .or_else(|_| std::env::var("USER"))
            .ok()
            .map(|u| {
                u.chars()
                    .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_'))
                    .collect::<String>()
            })
            .filter(|u| !u.is_empty())
            .unwrap_or_else(|| "user".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn callers_can_tell_the_kinds_of_place_error_apart() {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("file");
        fs::write(&file, b"x").unwrap();
        let e = private_dir(&file).unwrap_err();
        assert!(matches!(
            e,
            PlaceError::NotADirectory {
                kind: "a regular file"
            }
        ));
        assert_eq!(e.to_string(), "it is a regular file, not a directory");
        let link = tmp.path().join("link");
        std::os::unix::fs::symlink(tmp.path(), &link).unwrap();
        let e = private_dir(&link).unwrap_err();
        assert!(matches!(e, PlaceError::Link));
        let e = PlaceError::WritableByOthers { mode: 0o777 };
        assert_eq!(e.to_string(), "other users can write into it (mode 777)");
    }
}
