//! FIFOs, devices, directories, links and oversized files where lairsmith expects its own
//! regular files: nothing hangs, nothing grows without bound, links stay links.
#![cfg(unix)]

use crate::common;
use common::{lairsmith, stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo {}", path.display());
}

fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

/// A data directory with one user monster, `briar-cat`.
fn data_dir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let o = lairsmith(
        &data,
        &[
            "new",
            "--level",
            "3",
            "--role",
            "archer",
            "--source",
            "fey",
            "--type",
            "beast",
            "--name",
            "Briar Cat",
            "--save",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    (dir, data)
}

/// The index's path, its directory created.
fn index_of(data: &Path) -> PathBuf {
    let cache = data.join("cache");
    std::fs::create_dir_all(&cache).unwrap();
    cache.join(lairsmith_core::fixtures::index::INDEX_FILE)
}

#[test]
fn fifo_as_index_does_not_hang() {
    let (_dir, data) = data_dir();
    let index = index_of(&data);
    // (command, whether it reads the index: `show` and `relevel` read only the monster's file)
    let commands: [(&[&str], bool); 4] = [
        (&["list", "--ids"], true),
        (&["show", "briar-cat"], false),
        (&["relevel", "briar-cat", "--level", "4"], false),
        (
            &["encounter", "generate", "--party", "4x3", "--seed", "1"],
            true,
        ),
    ];
    for (args, reads_index) in commands {
        let _ = std::fs::remove_file(&index);
        mkfifo(&index);
        let o = lairsmith(&data, args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        // The index is lairsmith's own file: the FIFO is replaced by a real index.
        assert_eq!(index.is_file() && !is_fifo(&index), reads_index, "{args:?}");
    }
    let o = lairsmith(&data, &["list", "--ids"]);
    assert!(stdout(&o).lines().any(|l| l == "briar-cat"));
    let b = lairsmith_core::bestiary::Bestiary::load(Some(&data.join("bestiary")));
    assert_eq!(b.loaded_from_index, 1);
}

#[test]
fn fifo_monster_path_is_refused() {
    let (dir, data) = data_dir();
    let fifo = dir.path().join("pipe.yaml");
    mkfifo(&fifo);
    let f = fifo.to_str().unwrap();
    let commands: [&[&str]; 7] = [
        &["show", f],
        &["lint", f],
        &["fmt", f],
        &["relevel", f, "--level", "5"],
        &["encounter", "check", f],
        &["encounter", "add", f, "placeholder:5:standard:archer"],
        &["encounter", "remove", f, "#1"],
    ];
    for args in commands {
        let o = lairsmith(&data, args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        // `lint` reports on standard output, the others on standard error.
        let err = stderr(&o) + &stdout(&o);
        assert!(err.contains("FIFO"), "{args:?}: {err}");
        assert!(err.contains("pipe.yaml"), "{args:?}: {err}");
    }
    assert!(is_fifo(&fifo), "nothing replaced the FIFO");
}

#[test]
fn directory_given_as_a_file_is_refused() {
    let (dir, data) = data_dir();
    let d = dir.path().join("folder.yaml");
    std::fs::create_dir(&d).unwrap();
    let p = d.to_str().unwrap();
    for args in [
        &["show", p][..],
        &["encounter", "check", p],
        &["encounter", "add", p, "placeholder:5:standard:archer"],
        &["encounter", "export", p, "--format", "yaml"],
    ] {
        let o = lairsmith(&data, args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = stderr(&o);
        assert!(
            err.contains("folder.yaml") && err.contains("is a directory"),
            "{args:?}: {err}"
        );
    }
}

const LOAD_DIR_ENV: &str = "LAIRSMITH_TEST_LOAD_DIR";

/// Not a test on its own: the child process of the index-size tests. It loads the bestiary
/// named by the environment and prints its own peak resident memory.
#[test]
#[ignore = "run only as a child process of the index-size tests"]
fn load_child() {
    let Some(dir) = std::env::var_os(LOAD_DIR_ENV) else {
        return;
    };
    let b = lairsmith_core::bestiary::Bestiary::load(Some(Path::new(&dir)));
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let peak = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .unwrap()
        .trim()
        .trim_end_matches(" kB");
    let users = b.entries.iter().filter(|e| !e.is_shipped()).count();
    println!("peak_kb={peak} users={users}");
}

/// Loads the bestiary of `data` in a child process whose address space is capped at 1 GiB (so
/// a regression cannot take the machine's memory), and returns its peak resident memory in KiB
/// and the number of user monsters it loaded.
fn peak_memory_of_a_load(data: &Path) -> (u64, usize) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576 && exec \"$0\" \"$@\"")
        .arg(std::env::current_exe().unwrap())
        .args([
            "--exact",
            &crate::common::test_name(module_path!(), "load_child"),
        ])
        .args(["--ignored", "--nocapture"])
        .args(["--test-threads", "1"])
        .env(LOAD_DIR_ENV, data.join("bestiary"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("loading the bestiary hung and was killed");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let o = child.wait_with_output().unwrap();
    let out = stdout(&o);
    let line = out
        .lines()
        .find_map(|l| l.find("peak_kb=").map(|at| &l[at..]))
        .unwrap_or_else(|| panic!("the child failed: {out} {}", stderr(&o)));
    let mut fields = line.split(' ').map(|f| f.split_once('=').unwrap().1);
    let peak = fields.next().unwrap().parse().unwrap();
    let users = fields.next().unwrap().parse().unwrap();
    (peak, users)
}

/// No more than this is resident after loading one monster plus the shipped ones (about 6 MiB
/// here); a load that reads a big index holds hundreds of MiB.
const PEAK_KB: u64 = 128 * 1024;

/// A sparse index costs nothing to make and all its size to read: it is ignored by its size
/// (the process stays small) and rebuilt. (The was 1 GiB; 384 MiB fits under the
/// child's cap, so a regression shows as memory held rather than as a refused allocation.)
#[test]
fn sparse_index_is_ignored() {
    let (_dir, data) = data_dir();
    let index = index_of(&data);
    let f = std::fs::File::create(&index).unwrap();
    f.set_len(384 << 20).unwrap();
    drop(f);
    let (peak, users) = peak_memory_of_a_load(&data);
    assert_eq!(users, 1);
    assert!(peak < PEAK_KB, "the load held {peak} KiB");
    let len = std::fs::metadata(&index).unwrap().len();
    assert!(len < 1 << 20, "the index was rebuilt: {len} bytes");
    let o = lairsmith(&data, &["list", "--ids"]);
    assert!(stdout(&o).lines().any(|l| l == "briar-cat"));
}

/// An index linked to /dev/zero (endless bytes) is not read; the link is replaced.
#[test]
fn index_linked_to_dev_zero_is_ignored() {
    let (_dir, data) = data_dir();
    let index = index_of(&data);
    let _ = std::fs::remove_file(&index);
    std::os::unix::fs::symlink("/dev/zero", &index).unwrap();
    let (peak, users) = peak_memory_of_a_load(&data);
    assert_eq!(users, 1);
    assert!(peak < PEAK_KB, "the load held {peak} KiB");
    let m = std::fs::symlink_metadata(&index).unwrap();
    assert!(m.is_file(), "the link was replaced by a real index");
    assert!(std::fs::metadata("/dev/zero").is_ok_and(|m| !m.is_file()));
}

/// A monster file kept elsewhere and linked into the bestiary is read, but `fmt` does not
/// write through the link: it says why, and the file outside the data directory is unchanged.
#[test]
fn fmt_refuses_to_write_through_a_symlink() {
    let (dir, data) = data_dir();
    let real = dir.path().join("elsewhere/briar-cat.yaml");
    std::fs::create_dir_all(real.parent().unwrap()).unwrap();
    let link = data.join("bestiary/briar-cat.yaml");
    let canonical = std::fs::read_to_string(&link).unwrap();
    // Not canonical: a comment and extra blank lines.
    let mine = format!("# mine\n\n{canonical}\n\n");
    std::fs::write(&real, &mine).unwrap();
    std::fs::remove_file(&link).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let o = lairsmith(&data, &["fmt", link.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("does not write through links"),
        "{}",
        stderr(&o)
    );
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(std::fs::read_link(&link).unwrap(), real);
    assert_eq!(std::fs::read_to_string(&real).unwrap(), mine);
    let leftovers: Vec<_> = std::fs::read_dir(real.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "{leftovers:?}");
    // The linked monster is still listed and shown: links are read, never written.
    let o = lairsmith(&data, &["show", "briar-cat"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// `relevel --save` on a linked monster is refused and changes nothing.
#[test]
fn relevel_save_refuses_to_write_through_a_symlink() {
    let (dir, data) = data_dir();
    let real = dir.path().join("elsewhere.yaml");
    let link = data.join("bestiary/briar-cat.yaml");
    std::fs::rename(&link, &real).unwrap();
    let before = std::fs::read_to_string(&real).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let o = lairsmith(&data, &["relevel", "briar-cat", "--level", "7", "--save"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("does not write through links"),
        "{}",
        stderr(&o)
    );
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(std::fs::read_to_string(&real).unwrap(), before);
}

/// Temporary files of saves that were killed are deleted at the next start (here `list`) and
/// at the next save in their directory; one whose writer is alive (holds its lock) is kept.
#[test]
fn stale_temp_files_are_cleaned() {
    let (_dir, data) = data_dir();
    let bestiary = data.join("bestiary");
    let dead = bestiary.join(".briar-cat.yaml.4000001-3.tmp");
    std::fs::write(&dead, "half a monst").unwrap();
    let live = bestiary.join(".briar-cat.yaml.4000002-0.tmp");
    let held = std::fs::File::create(&live).unwrap();
    held.lock().unwrap();
    let o = lairsmith(&data, &["list", "--ids"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!dead.exists(), "a dead writer's file is removed at start");
    assert!(live.exists(), "a live writer's file is left alone");
    drop(held);
    // The next save in a directory cleans it too.
    let encounters = data.join("encounters");
    std::fs::create_dir_all(&encounters).unwrap();
    let dead = encounters.join(".fight.yaml.4000003-7.tmp");
    std::fs::write(&dead, "x").unwrap();
    let o = lairsmith(&data, &["encounter", "new", "Fight", "--party", "4x3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!dead.exists());
    let o = lairsmith(&data, &["list", "--ids"]);
    assert!(o.status.success());
    assert!(!live.exists(), "once its writer is gone, it goes too");
}
