//! Several writers at once: every read-modify-write holds the target's lock from the read to the
//! rename, so no update is lost, and a save that could not happen is never reported as done.

use lairsmith_core::store::{Expect, Fingerprint, SaveError, save_atomic, update_locked};
use std::path::Path;
use std::process::{Command, Stdio};

/// Parallel loops of `lairsmith encounter add`, one placeholder role per loop (before the fix,
/// two loops of 60 lost about a third of their adds while every command said it succeeded).
#[test]
fn concurrent_encounter_adds_lose_nothing() {
    const LOOPS: [&str; 3] = ["archer", "blocker", "skulker"];
    const ADDS: usize = 40;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_lairsmith"))
            .arg("--data-dir")
            .arg(data)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .unwrap()
    };
    assert!(
        run(&["encounter", "new", "race", "--party", "4x3"])
            .status
            .success()
    );
    let results: Vec<(usize, Vec<String>)> = std::thread::scope(|s| {
        let handles: Vec<_> = LOOPS
            .iter()
            .map(|role| {
                s.spawn(move || {
                    let spec = format!("placeholder:5:standard:{role}");
                    let mut ok = 0;
                    let mut failures = Vec::new();
                    for _ in 0..ADDS {
                        let o = run(&["encounter", "add", "race", &spec]);
                        match o.status.code() {
                            Some(0) => ok += 1,
                            code => {
                                let err = String::from_utf8_lossy(&o.stderr).into_owned();
                                assert!(code.is_some_and(|c| c != 0), "{err}");
                                assert!(err.starts_with("lairsmith: "), "{err}");
                                failures.push(err);
                            }
                        }
                    }
                    (ok, failures)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let text = std::fs::read_to_string(data.join("encounters/race.yaml")).unwrap();
    let e = lairsmith_core::encounter::parse_encounter(&text, Path::new("race.yaml")).unwrap();
    for (role, (ok, failures)) in LOOPS.iter().zip(&results) {
        let key = format!("placeholder:5:standard:{role}");
        let held: u32 = e
            .groups
            .iter()
            .filter(|g| g.key() == key)
            .map(|g| g.count.get())
            .sum();
        assert_eq!(
            held as usize, *ok,
            "{role}: {ok} adds reported success, the file holds {held}; failures: {failures:?}"
        );
    }
    let total: usize = results.iter().map(|(ok, _)| ok).sum();
    assert_eq!(
        total,
        LOOPS.len() * ADDS,
        "with the lock, every add succeeds"
    );
}

/// Threads that each load, change and save with `Expect::Unchanged`: of any two that loaded the
/// same version, only one may succeed; the file ends with exactly the successful increments.
#[test]
fn racing_unchanged_saves_never_both_succeed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("counter.txt");
    std::fs::write(&path, "0").unwrap();
    let successes: usize = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                s.spawn(|| {
                    let mut ok = 0;
                    for _ in 0..150 {
                        let bytes = std::fs::read(&path).unwrap();
                        let n: u64 = String::from_utf8_lossy(&bytes).parse().unwrap();
                        let fp = Fingerprint::of_bytes(&bytes);
                        let next = (n + 1).to_string();
                        match save_atomic(&path, next.as_bytes(), Expect::Unchanged(fp)) {
                            Ok(_) => ok += 1,
                            Err(SaveError::ChangedOnDisk { .. }) => {}
                            Err(e) => panic!("{e}"),
                        }
                    }
                    ok
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    let n: usize = std::fs::read_to_string(&path).unwrap().parse().unwrap();
    assert_eq!(n, successes);
    assert!(successes > 0);
}

/// `update_locked` from many threads: every update lands, and a file that does not exist yet
/// is created exactly once.
#[test]
fn locked_updates_from_threads_all_land() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub/counter.txt");
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for _ in 0..100 {
                    update_locked::<SaveError>(&path, |current| {
                        let n: u64 = current
                            .map(|b| String::from_utf8_lossy(b).parse().unwrap())
                            .unwrap_or(0);
                        Ok(Some((n + 1).to_string().into_bytes()))
                    })
                    .unwrap();
                }
            });
        }
    });
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "400");
    let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "no temporary file is left: {names:?}");
}
