//! The `adventure` commands that edit, list and export adventures (issue 12 §2), hostile
//! adventure and party files, and writers at once, run as a user would on a temporary data
//! directory.

use crate::common;
use crate::common::adventure_data;

use adventure_data::{Data, fails, listed, ok, u};
use common::{stderr, stdout};
use lairsmith_core::adventure::parse_adventure;
use lairsmith_core::treasure::Method;
use std::path::Path;
use std::process::Output;

#[test]
fn adventure_add_at_remove_move_and_set_edit_the_list_and_bad_positions_are_clear_errors() {
    let d = Data::new();
    for id in ["a", "b", "c", "d"] {
        d.encounter(id, &[(2, "standard", 4)]);
    }
    ok(&d.run(&[
        "adventure",
        "new",
        "Long Road",
        "--party",
        "4x2",
        "--seed",
        "7",
    ]));
    for id in ["a", "b", "c"] {
        ok(&d.run(&["adventure", "add", "long-road", id]));
    }
    let o = d.run(&["adventure", "add", "long-road", "d", "--at", "1"]);
    ok(&o);
    assert!(
        stdout(&o).starts_with("d is encounter 1 of "),
        "{}",
        stdout(&o)
    );
    assert_eq!(listed(&d, "long-road"), ["d", "a", "b", "c"]);
    let o = d.run(&["adventure", "remove", "long-road", "2"]);
    ok(&o);
    assert_eq!(stdout(&o), "removed encounter 2 (a)\n");
    assert_eq!(listed(&d, "long-road"), ["d", "b", "c"]);
    ok(&d.run(&["adventure", "move", "long-road", "3", "--to", "1"]));
    assert_eq!(listed(&d, "long-road"), ["c", "d", "b"]);
    ok(&d.run(&["adventure", "move", "long-road", "1", "--to", "3"]));
    assert_eq!(listed(&d, "long-road"), ["d", "b", "c"]);

    let before = d.read("adventures/long-road.yaml");
    let bad: [(&[&str], &str); 7] = [
        (
            &["add", "long-road", "a", "--at", "0"],
            "--at runs from 1 to 4",
        ),
        (
            &["add", "long-road", "a", "--at", "5"],
            "--at runs from 1 to 4",
        ),
        (
            &["remove", "long-road", "0"],
            "there is no encounter 0; the adventure has 1 to 3",
        ),
        (
            &["remove", "long-road", "4"],
            "there is no encounter 4; the adventure has 1 to 3",
        ),
        (
            &["move", "long-road", "4", "--to", "1"],
            "there is no encounter 4",
        ),
        (
            &["move", "long-road", "1", "--to", "0"],
            "there is no position 0; the adventure has 1 to 3",
        ),
        (
            &["move", "long-road", "1", "--to", "4"],
            "there is no position 4; the adventure has 1 to 3",
        ),
    ];
    for (args, says) in bad {
        let args = [&["adventure"], args].concat();
        let err = fails(&d.run(&args));
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(d.read("adventures/long-road.yaml"), before, "{args:?}");
    }

    // set: the treasure method, an inline party, a saved party kept by reference, the seed.
    let err = fails(&d.run(&["adventure", "set", "long-road"]));
    assert!(err.contains("give --party, --treasure or --seed"), "{err}");
    let o = d.run(&["adventure", "set", "long-road", "--treasure", "trvoes"]);
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("troves"), "{}", stderr(&o));
    ok(&d.run(&[
        "adventure",
        "set",
        "long-road",
        "--treasure",
        "troves",
        "--party",
        "3x5",
        "--seed",
        "9",
    ]));
    let text = d.read("adventures/long-road.yaml");
    let path = d.file("adventures/long-road.yaml");
    let a = parse_adventure(&text, &path).unwrap();
    assert_eq!(a.seed, Some(9));
    assert_eq!(a.treasure, Some(Method::Troves));
    assert!(text.contains("size: 3\n  level: 5"), "{text}");
    assert_eq!(a.encounters, ["d", "b", "c"], "set keeps the list");
    ok(&d.run(&["party", "set", "crew", "Ana=2,Bo=3"]));
    ok(&d.run(&["adventure", "set", "long-road", "--party", "crew"]));
    assert!(
        d.read("adventures/long-road.yaml")
            .contains("party: crew\n"),
        "{}",
        d.read("adventures/long-road.yaml")
    );
    let r = d.check("long-road");
    assert_eq!(r["characters"][1]["name"].as_str(), Some("Bo"));
}

#[test]
fn adventure_list_shows_adventures_and_reports_a_bad_file_without_failing_the_others() {
    let d = Data::new();
    d.encounter("a", &[(1, "standard", 4)]);
    d.adventure("first", "{size: 4, level: 1}", &["a"]);
    d.adventure("second", "{size: 4, level: 1}", &["a", "a"]);
    d.write(
        "adventures/broken.yaml",
        "kind: adventure\nschema_version: 1\nname: Broken\nparty: {size: 4, level: 1}\nencounters: [../x]\n",
    );
    let o = d.run(&["adventure", "list"]);
    ok(&o);
    let out = stdout(&o);
    assert!(
        out.contains("first") && out.contains("(1 encounter)"),
        "{out}"
    );
    assert!(
        out.contains("second") && out.contains("(2 encounters)"),
        "{out}"
    );
    assert!(!out.contains("Broken"), "{out}");
    let err = stderr(&o);
    assert!(
        err.contains("skipped") && err.contains("broken.yaml:5:") && err.contains("`../x`"),
        "{err}"
    );
}

#[test]
fn hostile_adventure_files_are_located_errors_never_panics() {
    let d = Data::new();
    d.encounter("a", &[(1, "standard", 4)]);
    let head = "kind: adventure\nschema_version: 1\nname: Bad\nparty: {size: 4, level: 1}\n";
    let many = format!("{head}encounters:\n{}", "- a\n".repeat(301));
    let cases: Vec<(&str, String, &str, &str)> = vec![
        (
            "kind",
            head.replace("kind: adventure", "kind: encounter"),
            ":1:7: ",
            "not an adventure (`kind: adventure`)",
        ),
        (
            "schema",
            head.replace("schema_version: 1", "schema_version: 7"),
            ":2:1: ",
            "schema_version 7 is not supported",
        ),
        (
            "slug",
            format!("{head}encounters:\n- a\n- ../x\n"),
            ":7:1: ",
            "encounter 2: `../x` is not a valid id",
        ),
        (
            "control",
            head.replace("name: Bad", "name: \"Bad\\e[2Jone\""),
            ":3:1: ",
            "control character U+001B",
        ),
        ("many", many, ":5:1: ", "holds at most 300"),
        (
            "xp",
            "kind: adventure\nschema_version: 1\nname: Bad\nparty:\n  members:\n  - name: Ana\n    level: 3\n  - name: Bo\n    level: 3\n    xp: 500\n".to_owned(),
            ":8:3: ",
            "Bo is level 3 with 500 XP, but level 3 runs from 2,250 to 3,749 XP",
        ),
        (
            "negative",
            "kind: adventure\nschema_version: 1\nname: Bad\nparty:\n  members:\n  - name: Ana\n    level: 3\n    xp: -5\n".to_owned(),
            ":8:9: ",
            "party.members[0].xp: invalid type: integer `-5`",
        ),
    ];
    for (id, text, at, says) in &cases {
        let rel = format!("adventures/{id}.yaml");
        d.write(&rel, text);
        let path = d.file(&rel);
        let e = parse_adventure(text, &path).unwrap_err();
        assert!(e.line.is_some() && e.column.is_some(), "{id}: {e}");
        for args in [
            vec!["adventure", "check", id],
            vec!["adventure", "export", id],
            vec!["adventure", "add", id, "a"],
        ] {
            let err = fails(&d.run(&args));
            let want = format!("{}{at}", path.display());
            assert!(err.contains(&want) && err.contains(says), "{args:?}: {err}");
            assert!(!err.contains('\u{1b}'), "escaped: {err:?}");
        }
        assert_eq!(&d.read(&rel), text, "{id}: a refused file is left alone");
    }
    // At the bound itself the file is fine.
    let most = format!("{head}encounters:\n{}", "- a\n".repeat(300));
    assert_eq!(
        parse_adventure(&most, Path::new("most.yaml"))
            .unwrap()
            .encounters
            .len(),
        300
    );
}

#[test]
fn a_party_member_whose_xp_is_outside_its_level_is_a_located_error() {
    let d = Data::new();
    d.encounter("a", &[(1, "standard", 4)]);
    d.write(
        "parties/crew.yaml",
        "kind: party\nschema_version: 1\nname: crew\nmembers:\n- name: Ana\n  level: 2\n  xp: 5000\n",
    );
    d.adventure("with-crew", "crew", &["a"]);
    let path = d.file("parties/crew.yaml");
    for args in [
        vec!["budget", "--party", "crew"],
        vec!["adventure", "check", "with-crew"],
    ] {
        let err = fails(&d.run(&args));
        assert!(
            err.contains(&format!("{}:5:1: ", path.display()))
                && err.contains("Ana is level 2 with 5,000 XP")
                && err.contains("set the level to 4"),
            "{args:?}: {err}"
        );
    }
    // The same check in an encounter's own party.
    d.write(
        "encounters/inline.yaml",
        "kind: encounter\nschema_version: 1\nname: X\nparty:\n  members:\n  - {name: Ana, level: 3, xp: 10}\n",
    );
    let err = fails(&d.run(&["encounter", "check", "inline"]));
    assert!(
        err.contains("inline.yaml:6:3: ") && err.contains("Ana is level 3 with 10 XP"),
        "{err}"
    );
    // Within its level, the XP is where the character starts.
    d.write(
        "parties/crew.yaml",
        "kind: party\nschema_version: 1\nname: crew\nmembers:\n- name: Ana\n  level: 2\n  xp: 1500\n",
    );
    let r = d.check("with-crew");
    assert_eq!(u(&r["characters"][0]["start_xp"]), 1500);
    assert_eq!(u(&r["characters"][0]["end_xp"]), 1500 + 400);
}

#[test]
fn eight_concurrent_adventure_adds_all_land() {
    let d = Data::new();
    let ids: Vec<String> = (1..=8).map(|i| format!("e{i}")).collect();
    for id in &ids {
        d.encounter(id, &[(1, "standard", 1)]);
    }
    d.adventure("race", "{size: 4, level: 1}", &[]);
    const ROUNDS: usize = 3;
    for _ in 0..ROUNDS {
        let start = std::sync::Barrier::new(ids.len());
        let outs: Vec<Output> = std::thread::scope(|s| {
            let handles: Vec<_> = ids
                .iter()
                .map(|id| {
                    let start = &start;
                    let d = &d;
                    s.spawn(move || {
                        start.wait();
                        d.run(&["adventure", "add", "race", id])
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for o in &outs {
            ok(o);
        }
    }
    let mut held = listed(&d, "race");
    assert_eq!(held.len(), ids.len() * ROUNDS, "{held:?}");
    held.sort();
    let mut want: Vec<String> = ids.iter().flat_map(|i| vec![i.clone(); ROUNDS]).collect();
    want.sort();
    assert_eq!(held, want);
}

#[test]
fn adventure_export_holds_every_sheet_the_pacing_and_the_level_ups_and_refuses_to_overwrite() {
    let d = Data::new();
    d.encounter("gate", &[(9, "boss", 2)]);
    d.encounter("hall", &[(2, "standard", 4)]);
    d.encounter("vault", &[(3, "elite", 2)]);
    d.adventure("keep", "{size: 4, level: 1}", &["gate", "hall", "vault"]);
    let out = d.file("keep.md");
    let o = d.run(&[
        "adventure",
        "export",
        "keep",
        "--out",
        out.to_str().unwrap(),
    ]);
    ok(&o);
    let md = std::fs::read_to_string(&out).unwrap();
    assert_eq!(md, stdout(&d.run(&["adventure", "export", "keep"])));
    assert!(md.starts_with("# keep\n"), "{md}");
    assert!(md.contains("\n## Pacing\n"), "{md}");
    for (i, name) in ["gate fight", "hall fight", "vault fight"]
        .iter()
        .enumerate()
    {
        let n = i + 1;
        assert!(
            md.contains(&format!("\n| {n} | {name} | ")),
            "pacing row {n}: {md}"
        );
        assert!(
            md.contains(&format!("\n### {n}. {name}\n")),
            "sheet {n}: {md}"
        );
    }
    assert!(md.contains("\n## Level-ups\n"), "{md}");
    assert!(
        md.contains("- After encounter 1 (gate fight): the whole party reaches level 2\n"),
        "{md}"
    );
    // Each sheet is for the party as it stands there: level 2 after the gate.
    let hall = md.split("\n### 2. hall fight\n").nth(1).unwrap();
    let hall = hall.split("\n### 3. ").next().unwrap();
    assert!(hall.contains("(party level 2)"), "{hall}");

    // An existing file needs --force.
    let err = fails(&d.run(&[
        "adventure",
        "export",
        "keep",
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(
        err.contains("already exists") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), md);
    ok(&d.run(&["adventure", "remove", "keep", "3"]));
    ok(&d.run(&[
        "adventure",
        "export",
        "keep",
        "--out",
        out.to_str().unwrap(),
        "--force",
    ]));
    let again = std::fs::read_to_string(&out).unwrap();
    assert!(
        !again.contains("vault fight") && again.contains("### 2. hall fight"),
        "{again}"
    );
}

/// An encounter id whose file is a FIFO is reported as one, never opened (reading it would
/// block for ever), by `add` and by `check`.
#[cfg(unix)]
#[test]
fn an_encounter_that_is_a_fifo_is_named_as_such_and_never_opened() {
    let d = Data::new();
    let fifo = d.file("encounters/pipe.yaml");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    d.adventure("trip", "{size: 4, level: 1}", &["pipe"]);
    let err = fails(&d.run(&["adventure", "check", "trip"]));
    assert!(err.contains("FIFO"), "{err}");
    d.adventure("empty", "{size: 4, level: 1}", &[]);
    let err = fails(&d.run(&["adventure", "add", "empty", "pipe"]));
    assert!(err.contains("FIFO"), "{err}");
    assert!(listed(&d, "empty").is_empty());
}
