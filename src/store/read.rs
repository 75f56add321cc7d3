//! Reading the files lairsmith parses: a regular file of at most [`MAX_FILE_BYTES`], read
//! without blocking on a FIFO or a device, with the [`Stamp`] that tells whether it changed
//! while it was read; and the YAML files of a directory.

use super::open::{open_regular, read_at_most};
use crate::yaml_io::{FileError, MAX_FILE_BYTES};
use serde::{Deserialize, Serialize};
use std::fs::Metadata;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A file whose newest timestamp is younger than this when it is read could be rewritten with
/// the same size and the same timestamps (filesystems keep time in ticks of up to 2 s, FAT's),
/// so its line is checked against the file's bytes.
const RACY: Duration = Duration::from_secs(3);

/// What identifies a file's contents without reading it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    pub len: u64,
    pub ino: u64,
    pub mtime_s: i64,
    pub mtime_ns: u32,
    pub ctime_s: i64,
    pub ctime_ns: u32,
}

impl Stamp {
    pub fn of_meta(m: &Metadata) -> Stamp {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            Stamp {
                len: m.len(),
                ino: m.ino(),
                mtime_s: m.mtime(),
                mtime_ns: u32::try_from(m.mtime_nsec()).unwrap_or(0),
                ctime_s: m.ctime(),
                ctime_ns: u32::try_from(m.ctime_nsec()).unwrap_or(0),
            }
        }
        #[cfg(not(unix))]
        {
            // Without inode and change time, the modification time stands in for both.
            let since = |t: std::io::Result<SystemTime>| {
                t.ok()
                    .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                    .unwrap_or_default()
            };
            let m_t = since(m.modified());
            let c_t = since(m.created());
            Stamp {
                len: m.len(),
                ino: 0,
                mtime_s: m_t.as_secs() as i64,
                mtime_ns: m_t.subsec_nanos(),
                ctime_s: c_t.as_secs() as i64,
                ctime_ns: c_t.subsec_nanos(),
            }
        }
    }

    /// The stamp of the file at `path` now (a link is followed).
    pub fn of(path: &Path) -> Option<Stamp> {
        std::fs::metadata(path).ok().map(|m| Stamp::of_meta(&m))
    }

    #[cfg(unix)]
    pub(crate) fn of_stat(st: &rustix::fs::Stat) -> Stamp {
        Stamp {
            len: u64::try_from(st.st_size).unwrap_or(0),
            ino: st.st_ino,
            mtime_s: st.st_mtime,
            mtime_ns: u32::try_from(st.st_mtime_nsec).unwrap_or(0),
            ctime_s: st.st_ctime,
            ctime_ns: u32::try_from(st.st_ctime_nsec).unwrap_or(0),
        }
    }

    /// Whether a same-size rewrite after `now` could leave this stamp unchanged.
    pub fn is_racy(&self, now: SystemTime) -> bool {
        let newest = (self.mtime_s, self.mtime_ns).max((self.ctime_s, self.ctime_ns));
        let Ok(secs) = u64::try_from(newest.0) else {
            return false; // before 1970: long past
        };
        let t = UNIX_EPOCH + Duration::new(secs, newest.1.min(999_999_999));
        // A time in the future says nothing about when the file will next change.
        now.duration_since(t).map_or(true, |age| age < RACY)
    }
}

/// Reads a file, refusing one larger than [`MAX_FILE_BYTES`] without reading it all,
/// and anything but a regular file (a FIFO, a device, a directory) without blocking on it.
pub fn read_limited(path: &Path) -> Result<Vec<u8>, FileError> {
    read_stamped(path).map(|(bytes, _)| bytes)
}

/// [`read_limited`], with the file's stamp if it did not change while it was read (taken from
/// the open file before and after reading).
pub fn read_stamped(path: &Path) -> Result<(Vec<u8>, Option<Stamp>), FileError> {
    let cannot = |e: std::io::Error| FileError::new(path, format!("cannot read the file: {e}"));
    let (mut file, before) = open_regular(path).map_err(cannot)?;
    let bytes = read_at_most(&mut file, MAX_FILE_BYTES)
        .map_err(cannot)?
        .ok_or_else(|| {
            FileError::new(
                path,
                format!(
                    "the file is larger than {} bytes, the most lairsmith reads",
                    MAX_FILE_BYTES
                ),
            )
        })?;
    let before = Stamp::of_meta(&before);
    let stable = file
        .metadata()
        .ok()
        .map(|m| Stamp::of_meta(&m))
        .filter(|after| *after == before && after.len == bytes.len() as u64);
    Ok((bytes, stable))
}

/// The ids of the YAML files directly inside `dir` (their stems), sorted by id, not by file
/// name: `ford` before `ford-2`, whose `.yaml` would sort after the `-`.
pub fn yaml_ids(dir: &Path) -> Result<Vec<String>, FileError> {
    let mut ids: Vec<String> = yaml_files(dir)?
        .iter()
        // A name that is not UTF-8 cannot be typed back as an id: it is left out.
        .filter_map(|f| f.file_stem()?.to_str().map(str::to_owned))
        .collect();
    ids.sort();
    Ok(ids)
}

/// The YAML files directly inside `dir`, sorted by name. A missing directory is empty.
/// Temporary files left there by saves that were killed are deleted on the way.
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
    let mut files: Vec<(std::ffi::OsString, std::fs::DirEntry)> = Vec::new();
    for e in entries.flatten() {
        let name = e.file_name();
        let name = name.to_string_lossy();
        if name.starts_with('.') {
            if name.ends_with(".tmp") {
                super::remove_if_stale_temp(&e.path());
            }
            continue;
        }
        if !(name.ends_with(".yaml") || name.ends_with(".yml")) {
            continue;
        }
        // The directory entry's own type costs no extra system call; a link is followed.
        // FIFOs, devices and directories are left out here, and refused again when opened.
        let regular = e
            .file_type()
            .is_ok_and(|t| t.is_file() || (t.is_symlink() && e.path().is_file()));
        if regular {
            files.push((e.file_name(), e));
        }
    }
    // By name: every path shares the directory, and comparing names is far cheaper than
    // comparing paths component by component (a third of a second at 100,000 files).
    files.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    Ok(files.into_iter().map(|(_, e)| e.path()).collect())
}
