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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub dir: PathBuf,
    pub why: String,
}

/// Where the file went, and the places before it that refused it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    pub path: PathBuf,
    pub refused: Vec<Refused>,
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
fn create_named(dir: &Path, name: &str, contents: &[u8]) -> Result<PathBuf, String> {
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
                return Err(format!("cannot write a file in it: {source}"));
            }
            Err(e) => return Err(e.to_string()),
        }
    }
    Err(format!("{NAMES} files named like {name} are there already"))
}

/// Makes `dir` (and any missing parent) private to this user, or checks that the directory
/// there is fit to hold private work: not a link, this user's, and not writable by others.
pub fn private_dir(dir: &Path) -> Result<(), String> {
    // Not there (or not reachable, as under a file): making it says best what is wrong.
    if fs::symlink_metadata(dir).is_err() {
        create_private(dir).map_err(|e| format!("cannot create it: {e}"))?;
    }
    let m = fs::symlink_metadata(dir).map_err(|e| format!("cannot look at it: {e}"))?;
    if m.file_type().is_symlink() {
        return Err("it is a symbolic link; lairsmith keeps work only in a real directory".into());
    }
    if !m.is_dir() {
        return Err(format!(
            "it is {}, not a directory",
            match super::kind_of(m.file_type()) {
                "not a regular file" => "a regular file",
                other => other,
            }
        ));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let me = rustix::process::getuid().as_raw();
        if m.uid() != me {
            return Err(format!(
                "it belongs to another user (uid {}), not to this one (uid {me})",
                m.uid()
            ));
        }
        if m.mode() & 0o022 != 0 {
            return Err(format!(
                "other users can write into it (mode {:o})",
                m.mode() & 0o7777
            ));
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
