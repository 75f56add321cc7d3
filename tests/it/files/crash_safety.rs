//! Saves that survive being killed, data directories that cannot be written, ids that try to
//! leave the bestiary, and files that change on disk while lairsmith has them loaded.

use lairsmith_core::bestiary::{Bestiary, Provenance};
use lairsmith_core::monster::load_file;
use lairsmith_core::store::{Expect, SaveError, save_atomic};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

const TARGET_ENV: &str = "LAIRSMITH_TEST_WRITER_TARGET";

fn version(n: usize) -> String {
    let base = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/bestiary/hedgemaw.yaml"
    ));
    // A long description makes each write take a while, so the kill lands mid-write.
    let filler = format!("{n} ").repeat(200_000 / (n.to_string().len() + 1));
    base.replacen(
        "description: ",
        &format!("description: version {n} {filler} end of version {n}. "),
        1,
    )
}

/// Not a test on its own: the child process the crash test kills. It saves new versions of
/// the file over and over until it is killed.
#[test]
#[ignore = "run only as the crash test's child process"]
fn writer_child() {
    let Some(target) = std::env::var_os(TARGET_ENV) else {
        return;
    };
    let target = PathBuf::from(target);
    for n in 1.. {
        save_atomic(&target, version(n).as_bytes(), Expect::Anything).unwrap();
    }
}

#[test]
fn a_writer_killed_mid_save_leaves_the_old_file_or_the_new_one() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("hedgemaw.yaml");
    let exe = std::env::current_exe().unwrap();
    let mut versions_seen = Vec::new();
    for round in 0..12u64 {
        std::fs::write(&target, version(0)).unwrap();
        let mut child = Command::new(&exe)
            .args([
                "--exact",
                &crate::common::test_name(module_path!(), "writer_child"),
                "--ignored",
                "--nocapture",
                "--test-threads",
                "1",
            ])
            .env(TARGET_ENV, &target)
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(40 + round * 17));
        assert!(
            child.try_wait().unwrap().is_none(),
            "round {round}: the writer was still writing when killed"
        );
        child.kill().unwrap();
        child.wait().unwrap();
        let (d, _) = load_file(&target)
            .unwrap_or_else(|e| panic!("round {round}: the file is damaged: {e}"));
        let desc = d.description.unwrap();
        let n: usize = desc.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!(
            desc.ends_with(&format!("end of version {n}. A flowering hedge"))
                || desc.contains(&format!("end of version {n}.")),
            "round {round}: a mix of versions"
        );
        versions_seen.push(n);
        assert_eq!(
            std::fs::read_to_string(&target).unwrap(),
            version(n),
            "round {round}: exactly one whole version"
        );
    }
    assert!(
        versions_seen.iter().filter(|n| **n > 0).count() >= 6,
        "the writer got through saves before being killed: {versions_seen:?}"
    );
    let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
    assert!(
        leftovers >= 1,
        "the target is there; temporary files of killed writers may remain but are hidden"
    );
    let mut b = Bestiary::default();
    b.load_dir(dir.path(), Provenance::User);
    assert_eq!(
        b.entries.len(),
        1,
        "left-over temporary files are never read as monsters: {:?}",
        b.errors
    );
    // Listing the directory deleted them: their writers are dead (nobody holds their locks).
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        names,
        ["hedgemaw.yaml"],
        "temporary files of killed writers are cleaned"
    );
}

fn lairsmith(data: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_lairsmith"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .output()
        .unwrap()
}

const NEW: &[&str] = &[
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
];

#[test]
fn an_unwritable_data_directory_is_a_message() {
    // A data directory that is a file, and one inside /proc, which nobody can create files in.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-dir");
    std::fs::write(&file, "x").unwrap();
    for data in [file.clone(), PathBuf::from("/proc/lairsmith-test")] {
        let o = lairsmith(&data, NEW);
        assert_eq!(o.status.code(), Some(1), "{}", data.display());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.starts_with("lairsmith: cannot write"), "{err}");
        assert!(!err.contains("panicked"));
    }
    // Reading still works: the shipped bestiary is there.
    let o = lairsmith(&file, &["list", "--ids"]);
    assert!(o.status.success());
}

#[test]
fn a_full_disk_is_a_message_and_the_old_file_survives() {
    let is_root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0"));
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("small");
    std::fs::create_dir_all(&mnt).unwrap();
    let mounted = is_root
        && Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(&mnt)
            .status()
            .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!(
            "cannot mount a small tmpfs here (needs root): the full-disk case is not exercised"
        );
        return;
    }
    struct Unmount(PathBuf);
    impl Drop for Unmount {
        fn drop(&mut self) {
            let _ = Command::new("umount").arg(&self.0).status();
        }
    }
    let _guard = Unmount(mnt.clone());
    let path = mnt.join("hedgemaw.yaml");
    let old = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/bestiary/hedgemaw.yaml"
    ));
    std::fs::write(&path, old).unwrap();
    let huge = version(1); // ~200 KB, more than the 64 KB filesystem holds
    let err = save_atomic(&path, huge.as_bytes(), Expect::Anything).unwrap_err();
    assert!(matches!(err, SaveError::Io { .. }), "{err}");
    assert!(err.to_string().contains("No space left"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        old,
        "the old file is intact"
    );
    assert_eq!(
        std::fs::read_dir(&mnt).unwrap().count(),
        1,
        "the temporary file was removed"
    );
    // The CLI says so in a sentence.
    let o = lairsmith(&mnt, NEW);
    let msg = String::from_utf8_lossy(&o.stderr);
    if !o.status.success() {
        assert!(msg.starts_with("lairsmith: cannot write"), "{msg}");
    }
}

#[test]
fn ids_and_names_never_write_outside_the_data_directory() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let named = |name: &str| {
        lairsmith(
            &data,
            &[
                "new", "--level", "3", "--role", "archer", "--source", "fey", "--type", "beast",
                "--name", name, "--save",
            ],
        )
    };
    let o = named("bell\u{7}name");
    assert_eq!(o.status.code(), Some(1), "control characters are refused");
    let o = named("../../../escape/..");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let path = String::from_utf8_lossy(&o.stdout).trim().to_owned();
    assert!(
        Path::new(&path).starts_with(data.join("bestiary")),
        "{path}"
    );
    assert!(!dir.path().join("escape.yaml").exists());
    for bad in ["../x", "a/b", "..", "x\u{1}y", "C:evil"] {
        let o = lairsmith(
            &data,
            &["relevel", "hedgemaw", "--level", "5", "--save-as", bad],
        );
        assert_eq!(o.status.code(), Some(1), "{bad:?}");
    }
    let o = lairsmith(
        &data,
        &["encounter", "new", "../../../etc/evil", "--party", "4x3"],
    );
    let p = String::from_utf8_lossy(&o.stdout).trim().to_owned();
    assert!(Path::new(&p).starts_with(data.join("encounters")), "{p}");
    let o = lairsmith(&data, &["party", "new", "../owned", "--party", "4x3"]);
    let p = String::from_utf8_lossy(&o.stdout).trim().to_owned();
    assert!(Path::new(&p).starts_with(data.join("parties")), "{p}");
    let o = lairsmith(&data, &["budget", "--party", "../../etc/passwd"]);
    assert_eq!(o.status.code(), Some(1));
}

/// Many files rewritten while they are being loaded (an editor saving, a git checkout writing
/// in place): every monster loaded is one whole version of its file, and a file that is
/// caught half-written is reported as an error, never loaded as a mix.
#[test]
fn files_changing_on_disk_while_loading_never_mix() {
    let dir = tempfile::tempdir().unwrap();
    let designs = lairsmith_core::fixtures::monsters(150, 3);
    let text = |d: &lairsmith_core::monster::MonsterDesign, v: usize| {
        let mut d = d.clone();
        d.description = Some(format!("version {v}"));
        lairsmith_core::yaml_io::to_string(&d)
    };
    for d in &designs {
        std::fs::write(dir.path().join(format!("{}.yaml", d.id)), text(d, 0)).unwrap();
    }
    let stop = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|s| {
        s.spawn(|| {
            let mut v = 1;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                for (i, d) in designs.iter().enumerate() {
                    let path = dir.path().join(format!("{}.yaml", d.id));
                    if i % 2 == 0 {
                        save_atomic(&path, text(d, v).as_bytes(), Expect::Anything).unwrap();
                    } else {
                        std::fs::write(&path, text(d, v)).unwrap(); // in place, like git
                    }
                }
                v += 1;
            }
        });
        let mut checked = 0;
        for _ in 0..15 {
            let mut b = Bestiary::default();
            b.load_dir(dir.path(), Provenance::User);
            for e in &b.entries {
                let original = designs
                    .iter()
                    .find(|d| d.id == e.card.id)
                    .expect("a known monster");
                // The design is read again on demand and must be the bytes the card was made
                // from; a file rewritten since is refused, not mixed.
                let Ok(design) = e.design() else {
                    continue;
                };
                checked += 1;
                let v: usize = design
                    .description
                    .as_deref()
                    .unwrap()
                    .trim_start_matches("version ")
                    .parse()
                    .unwrap();
                let mut expected = original.clone();
                expected.description = Some(format!("version {v}"));
                assert_eq!(*design, expected, "one whole version of {}", e.card.id);
            }
            assert_eq!(b.entries.len() + b.errors.len(), designs.len());
        }
        assert!(checked > 0, "some designs were read whole");
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    // A save over a file that changed since it was loaded is refused.
    let d = &designs[0];
    let path = dir.path().join(format!("{}.yaml", d.id));
    let (_, fp) = load_file(&path).unwrap();
    std::fs::write(&path, text(d, 999)).unwrap();
    assert!(matches!(
        save_atomic(&path, b"mine", Expect::Unchanged(fp)),
        Err(SaveError::ChangedOnDisk { .. })
    ));
}
