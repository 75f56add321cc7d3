//! Opening files: only regular files, and never in a way that can block (a FIFO with no writer
//! blocks an ordinary `open` forever) or make a terminal the controlling one.

use std::fs::{self, File, FileType, Metadata, OpenOptions};
use std::io::{self, Read};
use std::path::Path;

/// What a file that is not a regular file is, for error messages.
pub(crate) fn kind_of(t: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else if t.is_symlink() {
        "a symbolic link"
    } else {
        "not a regular file"
    }
}

/// An error saying what the file is instead of a regular file.
pub fn not_regular(t: FileType) -> io::Error {
    let what = kind_of(t);
    let msg = if what.starts_with("not ") {
        format!("it is {what}")
    } else {
        format!("it is {what}, not a regular file")
    };
    io::Error::new(io::ErrorKind::InvalidInput, msg)
}

fn check_regular(m: &Metadata) -> io::Result<()> {
    if m.is_file() {
        Ok(())
    } else {
        Err(not_regular(m.file_type()))
    }
}

/// Opens `path` for reading if it is a regular file (a link to one is followed), with its
/// metadata as opened. Devices, FIFOs, sockets and directories are refused without blocking.
pub fn open_regular(path: &Path) -> io::Result<(File, Metadata)> {
    open_checked(path, false)
}

/// Like [`open_regular`], for writing too: some network filesystems (NFS) grant an exclusive
/// lock only on a file open for writing.
pub(crate) fn open_regular_writable(path: &Path) -> io::Result<(File, Metadata)> {
    open_checked(path, true)
}

fn open_checked(path: &Path, write: bool) -> io::Result<(File, Metadata)> {
    // Looking first means a device is never opened at all: opening some has effects of its own.
    check_regular(&fs::metadata(path)?)?;
    let mut options = OpenOptions::new();
    options.read(true).write(write);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // The path may be swapped for a FIFO between the look and the open; non-blocking, the
        // open returns at once either way, and the check below sees what was really opened.
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    check_regular(&meta)?;
    Ok((file, meta))
}

/// Reads at most `limit` bytes of `file`; `Ok(None)` if it holds more.
pub fn read_at_most(file: &mut File, limit: usize) -> io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() <= limit).then_some(bytes))
}

/// Whether two metadata describe the same file (not merely equal contents).
pub(crate) fn same_file(a: &Metadata, b: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        // No stable file identity in std here: size and times are the best available proxy.
        a.len() == b.len() && a.modified().ok() == b.modified().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_open() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.yaml");
        fs::write(&file, "x").unwrap();
        assert!(open_regular(&file).is_ok());
        let e = open_regular(dir.path()).unwrap_err();
        assert_eq!(e.to_string(), "it is a directory, not a regular file");
        #[cfg(unix)]
        {
            let e = open_regular(Path::new("/dev/null")).unwrap_err();
            assert_eq!(
                e.to_string(),
                "it is a character device, not a regular file"
            );
        }
        assert_eq!(
            open_regular(&dir.path().join("missing"))
                .unwrap_err()
                .kind(),
            io::ErrorKind::NotFound
        );
    }

    #[test]
    fn reading_stops_past_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a");
        fs::write(&file, "12345").unwrap();
        let (mut f, _) = open_regular(&file).unwrap();
        assert_eq!(read_at_most(&mut f, 4).unwrap(), None);
        let (mut f, _) = open_regular(&file).unwrap();
        assert_eq!(read_at_most(&mut f, 5).unwrap().unwrap(), b"12345");
    }
}
