//! Folders inside the data directory that are symbolic links (issue #33 §3): lairsmith reads
//! through them but writes nothing through them, whichever writer it is, and says which link
//! and the way out; the data directory itself may be a link and works as any other.
#![cfg(unix)]

use crate::common;
use common::{lairsmith, lairsmith_ok, stderr};
use lairsmith_core::data_dir::DataDir;
use lairsmith_core::encounter::DataError;
use lairsmith_core::store::SaveError;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What every refusal says after naming the link.
const RULE: &str = "lairsmith writes nothing through a link inside its data directory; replace the link with a real folder, or point --data-dir at the place you want instead";

/// The refusal for the link `link` to `to`.
fn refusal(link: &Path, to: &Path) -> String {
    format!(
        "{} is a symbolic link (to {}): {RULE}",
        link.display(),
        to.display()
    )
}

/// Everything under `dir`, at any depth, without following links: each path below it with
/// what it is (a folder; a link and where it leads; a file's length and hash).
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, String> {
    fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            let rel = p.strip_prefix(base).unwrap().to_owned();
            let m = std::fs::symlink_metadata(&p).unwrap();
            let what = if m.is_dir() {
                walk(base, &p, out);
                "folder".to_owned()
            } else if m.file_type().is_symlink() {
                format!("link to {}", std::fs::read_link(&p).unwrap().display())
            } else {
                let bytes = std::fs::read(&p).unwrap();
                let hash = lairsmith_core::store::Fingerprint::of_bytes(&bytes).hash;
                format!("{} bytes, {hash:016x}", bytes.len())
            };
            out.insert(rel, what);
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// A data directory `data` holding a saved party `crew` (Ana and Bo, level 3), an encounter
/// `ford` (one hedgemaw) for it, an adventure `trip` listing it, a fight `ford` (seed 1),
/// the monster `briar-cat`, `old-cat` in the trash, a draft `moss-cat` and the bestiary index.
fn full_data_dir(data: &Path) {
    let new_cat = |name: &str| {
        lairsmith_ok(
            data,
            &[
                "new", "--level", "3", "--role", "archer", "--source", "fey", "--type", "beast",
                "--name", name, "--save",
            ],
        )
    };
    new_cat("Briar Cat");
    new_cat("Old Cat");
    lairsmith_ok(data, &["party", "new", "Crew", "--party", "Ana=3,Bo=3"]);
    lairsmith_ok(data, &["encounter", "new", "Ford", "--party", "crew"]);
    lairsmith_ok(data, &["encounter", "add", "ford", "hedgemaw"]);
    lairsmith_ok(data, &["adventure", "new", "Trip", "--party", "crew"]);
    lairsmith_ok(data, &["adventure", "add", "trip", "ford"]);
    lairsmith_ok(data, &["fight", "start", "ford", "--seed", "1"]);
    let old = data.join("bestiary/old-cat.yaml");
    lairsmith_core::store::trash::move_to_trash(data, &old, "old-cat").unwrap();
    std::fs::create_dir_all(data.join("drafts")).unwrap();
    let cat = std::fs::read_to_string(data.join("bestiary/briar-cat.yaml")).unwrap();
    std::fs::write(
        data.join("drafts/moss-cat.yaml"),
        cat.replace("briar-cat", "moss-cat"),
    )
    .unwrap();
    lairsmith_ok(data, &["list", "--ids"]);
    assert!(data.join("cache").is_dir(), "the index is written");
}

/// Moves `data/folder` to `outside/folder` and leaves a link to it in its place; the link and
/// where it leads.
fn link_away(data: &Path, folder: &str, outside: &Path) -> (PathBuf, PathBuf) {
    let link = data.join(folder);
    let to = outside.join(folder);
    std::fs::create_dir_all(outside).unwrap();
    std::fs::rename(&link, &to).unwrap();
    std::os::unix::fs::symlink(&to, &link).unwrap();
    (link, to)
}

/// Each folder of the data directory made a link to a folder elsewhere, in turn, and every
/// writer of what it holds run: each is refused naming the link, and the folder elsewhere is
/// exactly as it was. The commands still read through the link (the fight, the party, the
/// monster are found), so each gets as far as its write.
#[test]
fn a_linked_folder_inside_the_data_directory_is_never_written_through() {
    let t = tempfile::tempdir().unwrap();
    let data = t.path().join("data");
    let fight_file = data.join("fights/ford.yaml");
    let fight_file = fight_file.to_str().unwrap();
    let by_kind: [(&str, Vec<Vec<&str>>); 6] = [
        (
            "fights",
            vec![
                vec!["fight", "start", "ford", "--seed", "2"],
                vec!["fight", "damage", "ford", "hedgemaw", "5"],
                // A fight named by its path in the data directory is held to the same rule.
                vec!["fight", "damage", fight_file, "hedgemaw", "5"],
                vec!["fight", "end", "ford", "--all", "--write"],
            ],
        ),
        (
            "parties",
            vec![
                vec!["party", "new", "Band", "--party", "4x3"],
                vec!["party", "set", "crew", "Ana=4,Bo=4"],
                vec!["party", "level-up", "crew"],
                vec!["party", "remove", "crew"],
                // The fight ends (its own file is in a real folder), its XP is not written.
                vec!["fight", "end", "ford", "--all", "--write"],
            ],
        ),
        (
            "bestiary",
            vec![
                vec![
                    "new", "--level", "3", "--role", "archer", "--source", "fey", "--type",
                    "beast", "--name", "Moss Cat", "--save",
                ],
                vec!["relevel", "briar-cat", "--level", "4", "--save"],
                vec![
                    "relevel",
                    "briar-cat",
                    "--level",
                    "4",
                    "--save-as",
                    "big-cat",
                ],
                vec!["restore", "old-cat"],
            ],
        ),
        (
            "encounters",
            vec![
                vec!["encounter", "new", "Road", "--party", "crew"],
                vec!["encounter", "add", "ford", "hedgemaw"],
                vec!["encounter", "remove", "ford", "hedgemaw"],
            ],
        ),
        (
            "adventures",
            vec![
                vec!["adventure", "new", "Trek", "--party", "crew"],
                vec!["adventure", "add", "trip", "ford"],
            ],
        ),
        (
            "trash",
            vec![vec!["party", "remove", "crew"], vec!["restore", "old-cat"]],
        ),
    ];
    // Every writer is run whatever the ones before it did, and every failure is told at the end.
    let mut wrong = Vec::new();
    for (folder, commands) in by_kind {
        let _ = std::fs::remove_dir_all(t.path());
        full_data_dir(&data);
        let (link, to) = link_away(&data, folder, &t.path().join("elsewhere"));
        for args in commands {
            let before = snapshot(&to);
            let o = lairsmith(&data, &args);
            let after = snapshot(&to);
            if after != before {
                let changed: std::collections::BTreeSet<_> = (after.keys().chain(before.keys()))
                    .filter(|k| after.get(*k) != before.get(*k))
                    .collect();
                wrong.push(format!("{args:?} wrote through {folder}/: {changed:?}"));
            }
            if o.status.success() {
                wrong.push(format!("{args:?} succeeded with {folder}/ a link"));
            } else if !stderr(&o).contains(&refusal(&link, &to)) {
                wrong.push(format!("{args:?} said: {}", stderr(&o)));
            }
        }
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The refusal is one sentence on standard error, naming the link, where it leads and the way
/// out; a caller of the library gets it typed (`SaveError::LinkInside`), with the link.
#[test]
fn the_refusal_names_the_link_and_the_way_out() {
    let t = tempfile::tempdir().unwrap();
    let data = t.path().join("data");
    full_data_dir(&data);
    let (link, to) = link_away(&data, "fights", &t.path().join("elsewhere"));
    let o = lairsmith(&data, &["fight", "start", "ford", "--seed", "2"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        format!(
            "lairsmith: {} is a symbolic link (to {}): lairsmith writes nothing through a link inside its data directory; replace the link with a real folder, or point --data-dir at the place you want instead\n",
            link.display(),
            to.display()
        )
    );
    // The library holds to the rule below the root of any DataDir made in the process.
    DataDir::new(&data);
    let e = lairsmith_core::fight::saved::update_fight(&link.join("ford.yaml"), |_| Ok(()))
        .unwrap_err();
    let lairsmith_core::fight::FightError::Data(DataError::Save(SaveError::LinkInside(inside))) =
        &e
    else {
        panic!("{e:?}")
    };
    assert_eq!((&inside.link, &inside.to), (&link, &to));
}

/// The writers that never fail a command: the bestiary index and the clean-up of old
/// temporary files skip a linked folder without a word; what the UI does (a monster to the
/// trash, a draft kept, removed or trashed) is refused with the same sentence.
#[test]
fn lairsmiths_own_files_and_the_uis_writers_keep_out_of_linked_folders_too() {
    let t = tempfile::tempdir().unwrap();
    let data = t.path().join("data");
    full_data_dir(&data);
    let outside = t.path().join("elsewhere");

    // The index: `list` reads the bestiary as ever, and writes no index through `cache`.
    let (_, cache) = link_away(&data, "cache", &outside);
    std::fs::remove_file(cache.join(lairsmith_core::fixtures::index::INDEX_FILE)).unwrap();
    let dead = cache.join(".bestiary-index.bin.4000001-3.tmp");
    std::fs::write(&dead, "half an index").unwrap();
    let before = snapshot(&cache);
    let listed = lairsmith_ok(&data, &["list", "--ids"]);
    assert!(listed.lines().any(|l| l == "briar-cat"), "{listed}");
    assert_eq!(snapshot(&cache), before);

    // A linked bestiary is listed, and a dead writer's file in it stays where it is.
    let (link, bestiary) = link_away(&data, "bestiary", &outside);
    std::fs::write(bestiary.join(".briar-cat.yaml.4000001-3.tmp"), "half").unwrap();
    let before = snapshot(&bestiary);
    let listed = lairsmith_ok(&data, &["list", "--ids"]);
    assert!(listed.lines().any(|l| l == "briar-cat"), "{listed}");
    assert_eq!(snapshot(&bestiary), before);

    // The UI's delete of a monster.
    use lairsmith::tui::app::{Cmd, Outcome};
    let paths = lairsmith::tui::app::Paths::from_data_dir(&DataDir::new(&data));
    let cat = link.join("briar-cat.yaml");
    let outcome = lairsmith::tui::exec::run(
        Cmd::Bestiary(lairsmith::tui::screens::bestiary::job::Job::Remove {
            path: cat.clone(),
            id: "briar-cat".into(),
        }),
        &paths,
    );
    use lairsmith::tui::screens::bestiary::job::Done;
    let Some(Outcome::Bestiary(Done::RemoveFailed { path, why })) = &outcome else {
        panic!("{outcome:?}")
    };
    let message = Done::remove_failed(path, why);
    assert_eq!(
        message,
        format!(
            "cannot delete {}: {}",
            cat.display(),
            refusal(&link, &bestiary)
        )
    );
    assert_eq!(snapshot(&bestiary), before);

    // Drafts: kept, removed (once its monster is saved) and trashed.
    use lairsmith_core::bestiary::drafts;
    let (link, elsewhere) = link_away(&data, "drafts", &outside);
    let before = snapshot(&elsewhere);
    let draft_file = link.join("moss-cat.yaml");
    let text = std::fs::read_to_string(&draft_file).unwrap();
    let draft = drafts::Draft::parse(&text, &draft_file).unwrap();
    let e = drafts::keep(&link, "moss-cat", &draft, None).unwrap_err();
    assert_eq!(e.to_string(), refusal(&link, &elsewhere));
    let e = drafts::remove(&draft_file).unwrap_err();
    assert_eq!(e.to_string(), refusal(&link, &elsewhere));
    let e = drafts::trash(&data, &draft_file).unwrap_err();
    assert_eq!(e.to_string(), refusal(&link, &elsewhere));
    assert_eq!(snapshot(&elsewhere), before);
}

/// A data directory that is itself a link (`--data-dir`, `LAIRSMITH_DATA_DIR`) works end to
/// end: every writer of the other test writes into the folder it leads to. A fight named by its
/// path outside the data directory, in a folder reached through a link, keeps the rule of a
/// path you name: only its last part may not be a link.
#[test]
fn a_data_directory_that_is_a_link_works_end_to_end() {
    let t = tempfile::tempdir().unwrap();
    let real = t.path().join("real");
    std::fs::create_dir(&real).unwrap();
    let data = t.path().join("data");
    std::os::unix::fs::symlink(&real, &data).unwrap();
    full_data_dir(&data);
    for args in [
        vec!["fight", "damage", "ford", "hedgemaw", "5"],
        vec!["fight", "end", "ford", "--all", "--write"],
        vec!["fight", "start", "ford", "--seed", "2"],
        vec!["party", "new", "Band", "--party", "4x3"],
        vec!["relevel", "briar-cat", "--level", "4", "--save"],
        vec!["restore", "old-cat"],
        vec!["encounter", "new", "Road", "--party", "crew"],
        vec!["adventure", "new", "Trek", "--party", "crew"],
        vec!["party", "remove", "band"],
    ] {
        lairsmith_ok(&data, &args);
    }
    for file in [
        "fights/ford.yaml",
        "fights/ford-2.yaml",
        "parties/crew.yaml",
        "bestiary/old-cat.yaml",
        "encounters/road.yaml",
        "adventures/trek.yaml",
        "cache/bestiary-index.bin",
    ] {
        assert!(real.join(file).is_file(), "{file}");
    }
    let crew = std::fs::read_to_string(real.join("parties/crew.yaml")).unwrap();
    assert!(crew.contains("xp:"), "the fight's XP is written: {crew}");
    assert_eq!(
        std::fs::read_dir(real.join("trash/parties"))
            .unwrap()
            .count(),
        1
    );

    // The same through the environment variable.
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_lairsmith"));
    cmd.env("LAIRSMITH_DATA_DIR", &data)
        .args(["party", "set", "crew", "Ana=5,Bo=5"]);
    let o = common::run_limited(cmd, "lairsmith party set");
    assert!(o.status.success(), "{}", stderr(&o));
    let crew = std::fs::read_to_string(real.join("parties/crew.yaml")).unwrap();
    assert!(crew.contains("level: 5"), "{crew}");

    // A fight file you name outside the data directory, through a linked folder.
    let away = t.path().join("away");
    std::fs::create_dir(&away).unwrap();
    std::fs::copy(real.join("fights/ford-2.yaml"), away.join("ford.yaml")).unwrap();
    let via = t.path().join("via");
    std::os::unix::fs::symlink(&away, &via).unwrap();
    let named = via.join("ford.yaml");
    let before = std::fs::read(away.join("ford.yaml")).unwrap();
    lairsmith_ok(
        &data,
        &["fight", "damage", named.to_str().unwrap(), "hedgemaw", "5"],
    );
    assert_ne!(std::fs::read(away.join("ford.yaml")).unwrap(), before);
}
