//! Numbers that could overflow (group counts, party sizes, XP sums) and what a word on the
//! command line names (an id in the data directory, or a file).

use crate::common;
use common::{lairsmith, lairsmith_in};
use std::path::Path;

const HEDGEMAW: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/bestiary/hedgemaw.yaml"
));

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).into_owned()
}

fn counts(path: &Path) -> Vec<u32> {
    let t = std::fs::read_to_string(path).unwrap();
    let e = lairsmith_core::encounter::parse_encounter(&t, path).unwrap();
    e.groups.iter().map(|g| g.count.get()).collect()
}

#[test]
fn encounter_add_refuses_counts_past_the_maximum_and_never_writes_zero() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert!(
        lairsmith(d, &["encounter", "new", "ovf", "--party", "4x3"])
            .status
            .success()
    );
    let file = d.join("encounters/ovf.yaml");
    let huge = lairsmith(
        d,
        &[
            "encounter",
            "add",
            "ovf",
            "hedgemaw",
            "--count",
            "4294967295",
        ],
    );
    assert_eq!(huge.status.code(), Some(2), "{}", text(&huge.stderr));
    assert!(
        text(&huge.stderr).contains("from 1 to 999"),
        "{}",
        text(&huge.stderr)
    );
    for bad in ["0", "-1", "1000"] {
        let o = lairsmith(d, &["encounter", "add", "ovf", "hedgemaw", "--count", bad]);
        assert_eq!(o.status.code(), Some(2), "--count {bad}");
    }
    assert!(counts(&file).is_empty(), "nothing was added");
    let full = lairsmith(
        d,
        &["encounter", "add", "ovf", "hedgemaw", "--count", "999"],
    );
    assert!(full.status.success(), "{}", text(&full.stderr));
    let over = lairsmith(d, &["encounter", "add", "ovf", "hedgemaw"]);
    assert_eq!(over.status.code(), Some(1));
    assert!(
        text(&over.stderr).contains("would hold 1000"),
        "{}",
        text(&over.stderr)
    );
    assert_eq!(counts(&file), vec![999], "the refused add changed nothing");
    // The file stays usable: check and remove still work.
    assert!(
        lairsmith(d, &["encounter", "check", "ovf"])
            .status
            .success()
    );
    assert!(
        lairsmith(d, &["encounter", "remove", "ovf", "hedgemaw"])
            .status
            .success()
    );
}

#[test]
fn counts_out_of_range_in_a_file_are_located_errors() {
    for (count, shown) in [
        ("0", "not 0"),
        ("4294967295", "not 4294967295"),
        ("-3", "not -3"),
    ] {
        let t = format!(
            "kind: encounter\nschema_version: 1\nname: x\nparty: {{size: 4, level: 3}}\ngroups:\n- monster: hedgemaw\n  count: {count}\n"
        );
        let e = lairsmith_core::encounter::parse_encounter(&t, Path::new("e.yaml")).unwrap_err();
        assert!(e.message.contains("from 1 to 999"), "{e}");
        assert!(e.message.contains(shown), "{e}");
        assert!(e.line.is_some(), "located: {e}");
    }
}

#[test]
fn a_party_file_of_70000_members_is_refused() {
    let party = |n: usize| {
        let members: String = (0..n).map(|_| "- level: 3\n").collect();
        format!("kind: party\nschema_version: 1\nname: horde\nmembers:\n{members}")
    };
    let enc = |n: usize| {
        let members: String = (0..n).map(|_| "  - level: 3\n").collect();
        format!("kind: encounter\nschema_version: 1\nname: x\nparty:\n  members:\n{members}")
    };
    let p = Path::new("p.yaml");
    assert!(lairsmith_core::encounter::parse_party(&party(64), p).is_ok());
    assert!(lairsmith_core::encounter::parse_encounter(&enc(64), p).is_ok());
    // One past the limit: the party limit speaks; 70,000: refused before it is even read.
    let e = lairsmith_core::encounter::parse_party(&party(65), p).unwrap_err();
    assert!(e.message.contains("a party has 1 to 64"), "{e}");
    let e = lairsmith_core::encounter::parse_encounter(&enc(65), p).unwrap_err();
    assert!(e.message.contains("a party has 1 to 64"), "{e}");
    assert!(lairsmith_core::encounter::parse_party(&party(70_000), p).is_err());
    assert!(lairsmith_core::encounter::parse_encounter(&enc(70_000), p).is_err());
}

#[test]
fn huge_xp_overrides_and_counts_never_print_negative_xp() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("bestiary")).unwrap();
    let fat = HEDGEMAW
        .replace("id: hedgemaw", "id: fat-maw")
        .replace("name: Hedgemaw", "name: Fat Maw")
        + "overrides:\n  xp:\n    value: 9223372036854775807\n    reason: a test\n";
    std::fs::write(d.join("bestiary/fat-maw.yaml"), &fat).unwrap();
    // Past the XP override's range the file is refused where it says so (trust, round three)...
    let refused = lairsmith(d, &["show", "fat-maw"]);
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("an XP override is 0 to 1,000,000 XP"),
        "{}",
        text(&refused.stderr)
    );
    // ...and at its top, 999 of it in three groups still sums and prints whole.
    let fat = fat.replace("9223372036854775807", "1000000");
    std::fs::write(d.join("bestiary/fat-maw.yaml"), fat).unwrap();
    assert!(
        lairsmith(d, &["encounter", "new", "big", "--party", "4x3"])
            .status
            .success()
    );
    for label in ["a", "b", "c"] {
        let o = lairsmith(
            d,
            &[
                "encounter",
                "add",
                "big",
                "fat-maw",
                "--count",
                "999",
                "--label",
                label,
            ],
        );
        assert!(o.status.success(), "{}", text(&o.stderr));
    }
    let out = lairsmith(d, &["encounter", "check", "big", "--explain"]);
    let all = text(&out.stdout) + &text(&out.stderr);
    assert!(!has_negative_number(&all), "a negative number: {all}");
    let yaml = lairsmith(d, &["encounter", "check", "big", "--format", "yaml"]);
    assert!(
        !text(&yaml.stdout).contains(": -"),
        "{}",
        text(&yaml.stdout)
    );
}

/// A minus sign starting a number, not a hyphen inside a word or an id.
fn has_negative_number(s: &str) -> bool {
    let b = s.as_bytes();
    (1..b.len()).any(|i| {
        b[i - 1] == b'-'
            && b[i].is_ascii_digit()
            && (i < 2 || !(b[i - 2].is_ascii_alphanumeric() || b[i - 2] == b'-'))
    })
}

/// A bare word is an id in the data directory even when the working directory holds a file or
/// a directory of that name; a word with a slash or a `.yaml` ending is a path.
#[test]
fn a_bare_word_is_always_an_id_never_a_file_in_the_working_directory() {
    let dir = tempfile::tempdir().unwrap();
    let (data, cwd) = (dir.path().join("data"), dir.path().join("cwd"));
    std::fs::create_dir_all(&cwd).unwrap();
    assert!(
        lairsmith_in(
            &cwd,
            &data,
            &["encounter", "new", "ambush", "--party", "4x3"]
        )
        .status
        .success()
    );
    // Decoys of the same name in the working directory.
    std::fs::write(cwd.join("ambush"), "kind: encounter\nthis is not read\n").unwrap();
    std::fs::create_dir_all(cwd.join("hedgemaw")).unwrap();
    let add = lairsmith_in(&cwd, &data, &["encounter", "add", "ambush", "hedgemaw"]);
    assert!(add.status.success(), "{}", text(&add.stderr));
    assert_eq!(counts(&data.join("encounters/ambush.yaml")), vec![1]);
    assert_eq!(
        std::fs::read_to_string(cwd.join("ambush")).unwrap(),
        "kind: encounter\nthis is not read\n"
    );
    let show = lairsmith_in(&cwd, &data, &["show", "hedgemaw"]);
    assert!(show.status.success(), "{}", text(&show.stderr));
    // With a slash it is the file, and its error names it.
    let path = lairsmith_in(&cwd, &data, &["encounter", "check", "./ambush"]);
    assert_eq!(path.status.code(), Some(1));
    assert!(
        text(&path.stderr).contains("./ambush"),
        "{}",
        text(&path.stderr)
    );
}

/// `lairsmith restore ID` puts back a monster the UI deleted (moved to the trash), never over a
/// file that took its place; `--list` shows the trash.
#[test]
fn restore_puts_a_deleted_monster_back() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("bestiary")).unwrap();
    let file = d.join("bestiary/fat-maw.yaml");
    let text = HEDGEMAW
        .replace("id: hedgemaw", "id: fat-maw")
        .replace("name: Hedgemaw", "name: Fat Maw");
    std::fs::write(&file, &text).unwrap();
    lairsmith_core::store::trash::move_to_trash(d, &file, "fat-maw").unwrap();
    let listed = lairsmith(d, &["restore", "--list"]);
    assert!(common::stdout(&listed).contains("fat-maw"));
    std::fs::write(&file, "someone else's\n").unwrap();
    let busy = lairsmith(d, &["restore", "fat-maw"]);
    assert_eq!(busy.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "someone else's\n");
    std::fs::remove_file(&file).unwrap();
    let ok = lairsmith(d, &["restore", "fat-maw"]);
    assert!(ok.status.success(), "{}", common::stderr(&ok));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    let again = lairsmith(d, &["restore", "fat-maw"]);
    assert_eq!(again.status.code(), Some(1));
    assert!(
        common::stderr(&again).contains("in use"),
        "{}",
        common::stderr(&again)
    );
}
