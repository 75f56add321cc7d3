//! Exports write only where the user meant: a regular file (a link to one written through),
//! an existing one only with --force, `-` for standard output; never a device, FIFO or
//! directory, and never by replacing a link.
#![cfg(unix)]

use crate::common;
use common::{lairsmith, stderr, stdout};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A data directory with the encounter `fight`.
fn setup() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    for args in [
        &["encounter", "new", "Fight", "--party", "4x3"][..],
        &["encounter", "add", "fight", "placeholder:3:standard:archer"],
    ] {
        let o = lairsmith(&data, args);
        assert!(o.status.success(), "{}", stderr(&o));
    }
    (dir, data)
}

/// `encounter export` and `encounter generate`, each writing to `out`.
fn exports(out: &Path) -> [Vec<String>; 2] {
    let out = out.to_str().unwrap().to_owned();
    [
        [
            "encounter",
            "export",
            "fight",
            "--format",
            "md",
            "--out",
            &out,
        ]
        .map(String::from)
        .to_vec(),
        [
            "encounter",
            "generate",
            "--party",
            "4x3",
            "--seed",
            "3",
            "--out",
            &out,
        ]
        .map(String::from)
        .to_vec(),
    ]
}

fn run(data: &Path, args: &[String], extra: &[&str]) -> Output {
    let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
    all.extend_from_slice(extra);
    lairsmith(data, &all)
}

fn is_char_device(p: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata(p).is_ok_and(|m| m.file_type().is_char_device())
}

/// A link to /dev/null (what a typo or a tool's default can leave at a path), a FIFO, and
/// standard output through /proc/self/fd/1 are refused, even with --force, and left as they
/// were. (As root, the old code replaced such paths; the test never points it at /dev itself.)
#[test]
fn export_refuses_char_device() {
    let (dir, data) = setup();
    let link = dir.path().join("to-null.md");
    std::os::unix::fs::symlink("/dev/null", &link).unwrap();
    let fifo = dir.path().join("pipe.md");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    // A link is refused as a link, whatever it leads to (/proc/self/fd/1 is one, to a pipe).
    let link_refused = "lairsmith does not write through links";
    for (target, what) in [
        (link.as_path(), link_refused),
        (
            fifo.as_path(),
            "FIFO (named pipe); lairsmith writes only regular files",
        ),
        (Path::new("/proc/self/fd/1"), link_refused),
    ] {
        for args in exports(target) {
            for force in [&[][..], &["--force"]] {
                let o = run(&data, &args, force);
                assert_eq!(o.status.code(), Some(1), "{args:?} {force:?}");
                let err = stderr(&o);
                assert!(err.contains(what), "{args:?}: {err}");
            }
        }
    }
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(is_char_device(&link) && is_char_device(Path::new("/dev/null")));
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    let o = run(&data, &exports(dir.path())[0], &["--force"]);
    assert!(stderr(&o).contains("is a directory"), "{}", stderr(&o));
}

/// A link is never written through, even with --force and even to a regular file: the export
/// is refused naming the link, and the file it leads to keeps its text.
#[test]
fn export_refuses_to_write_through_a_symlink() {
    let (dir, data) = setup();
    let real = dir.path().join("sheets/fight.md");
    std::fs::create_dir_all(real.parent().unwrap()).unwrap();
    std::fs::write(&real, "old sheet\n").unwrap();
    let link = dir.path().join("fight.md");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    for args in exports(&link) {
        for force in [&[][..], &["--force"][..]] {
            let o = run(&data, &args, force);
            assert_eq!(o.status.code(), Some(1), "{args:?} {force:?}");
            assert!(
                stderr(&o).contains("does not write through links"),
                "{args:?}: {}",
                stderr(&o)
            );
            assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
            assert_eq!(std::fs::read_to_string(&real).unwrap(), "old sheet\n");
        }
    }
    // A link to nothing is refused too, and nothing is created where it leads.
    let broken = dir.path().join("broken.md");
    std::os::unix::fs::symlink(dir.path().join("missing.md"), &broken).unwrap();
    let o = run(&data, &exports(&broken)[0], &["--force"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("symbolic link"), "{}", stderr(&o));
    assert!(std::fs::symlink_metadata(&broken).unwrap().is_symlink());
    assert!(!dir.path().join("missing.md").exists());
}

/// An existing file is overwritten only with --force, and the error says so.
#[test]
fn export_needs_force_to_overwrite() {
    let (dir, data) = setup();
    let out = dir.path().join("sheet.md");
    for args in exports(&out) {
        std::fs::write(&out, "keep me\n").unwrap();
        let o = run(&data, &args, &[]);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = stderr(&o);
        assert!(
            err.contains("sheet.md already exists") && err.contains("--force"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep me\n");
        let o = run(&data, &args, &["--force"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_ne!(std::fs::read_to_string(&out).unwrap(), "keep me\n");
    }
    // A new file needs no --force.
    let fresh = dir.path().join("fresh.md");
    let o = run(&data, &exports(&fresh)[0], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(fresh.is_file());
}

/// `--out -` is standard output, not a file named `-`.
#[test]
fn export_dash_is_standard_output() {
    let (dir, data) = setup();
    let o = lairsmith(
        &data,
        &[
            "encounter",
            "export",
            "fight",
            "--format",
            "yaml",
            "--out",
            "-",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("kind: encounter"), "{}", stdout(&o));
    assert!(!dir.path().join("-").exists() && !Path::new("-").exists());
}

/// The UI's exports go through the same rules (it asks before overwriting, then passes
/// `Expect::Anything`).
#[test]
fn ui_export_refuses_devices_and_links() {
    use lairsmith::tui::app::{Cmd, Outcome, Paths};
    use lairsmith::tui::export::{Done, Job};
    use lairsmith_core::store::Expect;
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().to_owned();
    let paths = Paths {
        bestiary: root.join("bestiary"),
        encounters: root.join("encounters"),
        parties: root.join("parties"),
        exports: root.join("exports"),
        root: root.clone(),
    };
    let write = |path: &Path, expect| {
        lairsmith::tui::exec::run(
            Cmd::Export(Job::Write {
                path: path.to_owned(),
                contents: "# sheet\n".into(),
                expect,
            }),
            &paths,
        )
        .unwrap()
    };
    let null = root.join("null.md");
    std::os::unix::fs::symlink("/dev/null", &null).unwrap();
    match write(&null, Expect::Anything) {
        Outcome::Export(Done::Failed(e)) => {
            let message = e.to_string();
            assert!(message.contains("symbolic link"), "{message}")
        }
        other => panic!("{other:?}"),
    }
    assert!(std::fs::symlink_metadata(&null).unwrap().is_symlink());
    match write(Path::new("/dev/null"), Expect::Anything) {
        Outcome::Export(Done::Failed(e)) => {
            let message = e.to_string();
            assert!(message.contains("character device"), "{message}")
        }
        other => panic!("{other:?}"),
    }
    let real = root.join("real.md");
    std::fs::write(&real, "old\n").unwrap();
    let link = root.join("link.md");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    for expect in [Expect::New, Expect::Anything] {
        match write(&link, expect) {
            Outcome::Export(Done::Failed(e)) => {
                let message = e.to_string();
                assert!(
                    message.contains("does not write through links"),
                    "{message}"
                )
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "old\n");
}
