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
    /// The file's size in bytes.
    pub len: u64,
    /// The file's inode number (0 where the system has none).
    pub ino: u64,
    /// The modification time: whole seconds since 1970.
    pub mtime_s: i64,
    /// The modification time: nanoseconds past the second.
    pub mtime_ns: u32,
    /// The change time (of the inode): whole seconds since 1970; where the system has none, the
    /// creation time.
    pub ctime_s: i64,
    /// The change time: nanoseconds past the second.
    pub ctime_ns: u32,
}

impl Stamp {
    /// The stamp of a file whose metadata is `m`.
    pub(crate) fn of_meta(m: &Metadata) -> Stamp {
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
    pub(crate) fn is_racy(&self, now: SystemTime) -> bool {
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
pub(crate) fn read_stamped(path: &Path) -> Result<(Vec<u8>, Option<Stamp>), FileError> {
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

/// The YAML files directly inside `dir`, sorted by name (byte for byte). A missing directory
/// is empty. Temporary files left there by saves that were killed are deleted on the way.
pub fn yaml_files(dir: &Path) -> Result<Vec<PathBuf>, FileError> {
    let cannot = |e: std::io::Error| FileError::new(dir, format!("cannot read the directory: {e}"));
    #[cfg(target_os = "linux")]
    let names = match raw_listing::names(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        other => other.map_err(cannot)?,
    };
    #[cfg(not(target_os = "linux"))]
    let names = match std_listing::names(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        other => other.map_err(cannot)?,
    };
    Ok(names.paths_in(dir))
}

/// Whether a directory entry called `name` is one [`yaml_files`] lists, or a temporary file
/// to clear away.
enum Kind {
    Yaml,
    Temp,
    Other,
}

fn kind_of_name(name: &[u8]) -> Kind {
    if name.first() == Some(&b'.') {
        if name.ends_with(b".tmp") {
            return Kind::Temp;
        }
        return Kind::Other;
    }
    if name.ends_with(b".yaml") || name.ends_with(b".yml") {
        Kind::Yaml
    } else {
        Kind::Other
    }
}

/// The names of a listing, kept end to end in one buffer rather than one allocation each:
/// at 100,000 files the listing's allocations cost as much as the system calls.
#[derive(Default)]
struct Names {
    bytes: Vec<u8>,
    /// Where each name starts, and its length.
    spans: Vec<(usize, usize)>,
}

impl Names {
    fn push(&mut self, name: &[u8]) {
        self.spans.push((self.bytes.len(), name.len()));
        self.bytes.extend_from_slice(name);
    }

    /// The paths of the names inside `dir`, sorted by name.
    fn paths_in(mut self, dir: &Path) -> Vec<PathBuf> {
        let bytes = &self.bytes;
        let name = |&(at, len): &(usize, usize)| &bytes[at..at + len];
        // By name: every path shares the directory, and comparing names is far cheaper than
        // comparing paths component by component (a third of a second at 100,000 files).
        self.spans.sort_unstable_by(|a, b| name(a).cmp(name(b)));
        let dir_len = dir.as_os_str().len();
        self.spans
            .iter()
            .filter_map(|span| {
                let name = os_str(name(span))?;
                let mut path = PathBuf::with_capacity(dir_len + 1 + name.len());
                path.push(dir);
                path.push(name);
                Some(path)
            })
            .collect()
    }
}

fn os_str(bytes: &[u8]) -> Option<&std::ffi::OsStr> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Some(std::ffi::OsStr::from_bytes(bytes))
    }
    #[cfg(not(unix))]
    {
        std::str::from_utf8(bytes).ok().map(std::ffi::OsStr::new)
    }
}

/// Lists a directory with getdents64 into one reused buffer (std allocates each entry's name
/// twice, and its path once more).
#[cfg(target_os = "linux")]
mod raw_listing {
    use super::{Kind, Names, kind_of_name};
    use rustix::fs::{AtFlags, FileType, Mode, OFlags, RawDir, open, statat};
    use std::path::Path;

    pub(super) fn names(dir: &Path) -> std::io::Result<Names> {
        let fd = open(
            dir,
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        let mut names = Names::default();
        // Large enough that 100,000 entries take a few dozen system calls.
        let mut buf = Vec::with_capacity(256 * 1024);
        let mut entries = RawDir::new(&fd, buf.spare_capacity_mut());
        while let Some(entry) = entries.next() {
            let entry = entry?;
            let name = entry.file_name().to_bytes();
            match kind_of_name(name) {
                Kind::Yaml => {}
                Kind::Temp => {
                    super::super::remove_if_stale_temp(
                        &dir.join(super::os_str(name).unwrap_or_default()),
                    );
                    continue;
                }
                Kind::Other => continue,
            }
            // The entry's own type costs no extra system call; a link is followed, and a
            // filesystem that does not say is asked. FIFOs, devices and directories are left
            // out here, and refused again when opened.
            let regular = match entry.file_type() {
                FileType::RegularFile => true,
                FileType::Symlink => is_file_at(&fd, name, AtFlags::empty()),
                FileType::Unknown => {
                    is_file_at(&fd, name, AtFlags::SYMLINK_NOFOLLOW)
                        || is_file_at(&fd, name, AtFlags::empty())
                }
                _ => false,
            };
            if regular {
                names.push(name);
            }
        }
        Ok(names)
    }

    fn is_file_at(fd: &rustix::fd::OwnedFd, name: &[u8], flags: AtFlags) -> bool {
        statat(fd, name, flags)
            .is_ok_and(|st| FileType::from_raw_mode(st.st_mode) == FileType::RegularFile)
    }
}

/// Lists a directory with std, where getdents64 is not at hand.
#[cfg(not(target_os = "linux"))]
mod std_listing {
    use super::{Kind, Names, kind_of_name};
    use std::path::Path;

    pub(super) fn names(dir: &Path) -> std::io::Result<Names> {
        let mut names = Names::default();
        for e in std::fs::read_dir(dir)?.flatten() {
            let name = e.file_name();
            match kind_of_name(name.as_encoded_bytes()) {
                Kind::Yaml => {}
                Kind::Temp => {
                    super::super::remove_if_stale_temp(&e.path());
                    continue;
                }
                Kind::Other => continue,
            }
            // The directory entry's own type costs no extra system call; a link is followed.
            let regular = e
                .file_type()
                .is_ok_and(|t| t.is_file() || (t.is_symlink() && e.path().is_file()));
            if regular {
                names.push(name.as_encoded_bytes());
            }
        }
        Ok(names)
    }
}
