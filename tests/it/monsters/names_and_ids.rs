//! Names that cannot hurt: at most 64 printable characters on one line, checked wherever a
//! name enters (files, the command line); ids that are slugs, checked when a file loads.

use crate::common;
use common::{lairsmith, stderr};
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::encounter::{Party, parse_encounter, parse_party};
use lairsmith_core::monster::parse_monster;
use lairsmith_core::text::MAX_NAME_CHARS;
use std::path::Path;

use unicode_width::UnicodeWidthStr;

const HEDGEMAW: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/bestiary/hedgemaw.yaml"
));

fn monster(id: &str, name: &str) -> String {
    HEDGEMAW
        .replace("id: hedgemaw", &format!("id: {id}"))
        .replace("name: Hedgemaw", &format!("name: {name}"))
}

/// The line of the first line of `text` starting with `prefix`, 1-based.
fn line_of(text: &str, prefix: &str) -> usize {
    text.lines().position(|l| l.starts_with(prefix)).unwrap() + 1
}

const NEW: &[&str] = &[
    "new", "--level", "3", "--role", "skulker", "--source", "fey", "--type", "beast",
];

#[test]
fn osc52_in_name_is_refused_at_load() {
    let text = monster("loud-one", r#""Loud\e]52;c;ZWNobyBwd25lZA==\aOne""#);
    let e = parse_monster(&text, Path::new("m.yaml")).unwrap_err();
    assert_eq!(e.line, Some(line_of(&text, "name:")), "{e}");
    assert!(e.message.contains("control character U+001B"), "{e}");
    assert!(
        !e.message.contains('\u{1b}'),
        "the message quotes it escaped: {e}"
    );
    // In the user's bestiary it is skipped with that message; the rest loads.
    let dir = tempfile::tempdir().unwrap();
    let b = dir.path().join("bestiary");
    std::fs::create_dir_all(&b).unwrap();
    std::fs::write(b.join("loud-one.yaml"), &text).unwrap();
    let loaded = Bestiary::load(Some(&b));
    assert!(loaded.get("loud-one").is_none());
    assert!(loaded.get("hedgemaw").is_some());
    assert!(loaded.errors[0].message.contains("U+001B"));
}

#[test]
fn names_and_labels_with_controls_are_refused_at_load() {
    let encounter = |name: &str, label: &str, member: &str| {
        format!(
            "kind: encounter\nschema_version: 1\nname: {name}\nparty:\n  members:\n  - name: {member}\n    level: 3\ngroups:\n- monster: hedgemaw\n  label: {label}\n"
        )
    };
    let path = Path::new("e.yaml");
    let ok = encounter("Calm", "Door", "Ana");
    assert!(parse_encounter(&ok, path).is_ok());
    for (text, key) in [
        (encounter(r#""Bell\a""#, "Door", "Ana"), "name:"),
        (encounter("Calm", r#""Door\e[6n""#, "Ana"), "  label:"),
        (encounter("Calm", "Door", r#""An\ba""#), "  - name:"),
        (
            encounter("Calm", r#""Door\rOverwritten""#, "Ana"),
            "  label:",
        ),
    ] {
        let e = parse_encounter(&text, path).unwrap_err();
        assert!(e.message.contains("control character"), "{e}");
        let line = line_of(&text, key);
        assert_eq!(e.line, Some(line), "{e}");
    }
    let party = |name: &str, member: &str| {
        format!(
            "kind: party\nschema_version: 1\nname: {name}\nmembers:\n- name: {member}\n  level: 3\n"
        )
    };
    assert!(parse_party(&party("Crew", "Ana"), Path::new("p.yaml")).is_ok());
    for (text, line) in [
        (party(r#""Crew\e]0;title\a""#, "Ana"), 3),
        (party("Crew", r#""Ana\e[6n""#), 5),
    ] {
        let e = parse_party(&text, Path::new("p.yaml")).unwrap_err();
        assert!(e.message.contains("control character"), "{e}");
        assert_eq!(e.line, Some(line), "{e}");
    }
}

#[test]
fn id_with_dot_dot_is_refused_at_load() {
    let text = monster("../escaped-frog", "Escaped Frog");
    let e = parse_monster(&text, Path::new("m.yaml")).unwrap_err();
    assert_eq!(e.line, Some(line_of(&text, "id:")), "{e}");
    assert!(
        e.message
            .contains("lower-case ASCII letters and digits joined by single hyphens"),
        "names the valid form: {e}"
    );
    assert!(
        e.message.contains("`escaped-frog`"),
        "suggests the slug: {e}"
    );
    // Neither `show FILE` nor the bestiary take it, so no export path is built from it.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("escaped.yaml");
    std::fs::write(&file, &text).unwrap();
    let o = lairsmith(dir.path(), &["show", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("is not a valid id"), "{}", stderr(&o));
    for bad in ["Giant Frog", "frog_2", "", "a--b", "-a", &"a".repeat(65)] {
        let text = monster(&format!("'{bad}'"), "Frog");
        assert!(
            parse_monster(&text, Path::new("m.yaml")).is_err(),
            "id {bad:?} is refused"
        );
    }
}

#[test]
fn encounter_ids_are_slugs_at_load() {
    let path = Path::new("e.yaml");
    let group = "kind: encounter\nschema_version: 1\nname: E\nparty:\n  size: 4\n  level: 3\ngroups:\n- monster: ../../etc/passwd\n";
    let e = parse_encounter(group, path).unwrap_err();
    assert!(e.message.contains("`etc-passwd`"), "{e}");
    assert_eq!(e.line, Some(8), "{e}");
    let party = "kind: encounter\nschema_version: 1\nname: E\nparty: ../crew\n";
    let e = parse_encounter(party, path).unwrap_err();
    assert!(e.message.contains("not a valid id"), "{e}");
    assert_eq!(e.line, Some(4), "{e}");
}

#[test]
fn the_index_cannot_bring_back_a_refused_id() {
    let dir = tempfile::tempdir().unwrap();
    let b = dir.path().join("bestiary");
    std::fs::create_dir_all(&b).unwrap();
    std::fs::write(b.join("quiet-one.yaml"), monster("quiet-one", "Quiet One")).unwrap();
    Bestiary::load(Some(&b)); // writes the index
    assert_eq!(Bestiary::load(Some(&b)).loaded_from_index, 1);
    // An index line whose card no longer passes the checks (written by an older build, or
    // by hand) is not trusted: the file is parsed again.
    let index = lairsmith_core::fixtures::index::Index::for_bestiary(&b).unwrap();
    assert!(index.rewrite_records(|r| {
        if let lairsmith_core::fixtures::index::Body::Card(row) = &mut r.body {
            // The card's id is left empty when it is the file's stem.
            assert_eq!((row.id, row.name), ("", "Quiet One"));
            row.id = "../escaped";
        }
    }));
    let again = Bestiary::load(Some(&b));
    assert_eq!(again.loaded_from_index, 0);
    assert!(again.get("../escaped").is_none());
    assert!(again.get("quiet-one").is_some());
}

#[test]
fn list_survives_a_huge_name() {
    let dir = tempfile::tempdir().unwrap();
    let b = dir.path().join("bestiary");
    std::fs::create_dir_all(&b).unwrap();
    std::fs::write(b.join("huge.yaml"), monster("huge", &"a".repeat(70_000))).unwrap();
    let o = lairsmith(dir.path(), &["list"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        err.contains("the name is 70000 characters long; names are at most 64 characters"),
        "{err}"
    );
    assert!(
        err.len() < 600,
        "the message does not quote 70,000 characters"
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("Hedgemaw"));
}

#[test]
fn list_aligns_wide_names_by_display_width() {
    let dir = tempfile::tempdir().unwrap();
    let b = dir.path().join("bestiary");
    std::fs::create_dir_all(&b).unwrap();
    let wide = "大蛙".repeat(MAX_NAME_CHARS / 2); // 64 characters, 128 columns
    std::fs::write(b.join("da-wa.yaml"), monster("da-wa", &wide)).unwrap();
    std::fs::write(b.join("small.yaml"), monster("small", "Small")).unwrap();
    let o = lairsmith(dir.path(), &["list", "--level", "14", "--role", "skulker"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() >= 3, "{out}");
    // The rank column starts at the same terminal column on every line: after the widest name
    // (128 columns), two spaces, the level (3) and two spaces.
    let rank_column: Vec<usize> = lines
        .iter()
        .map(|l| l[..l.find("RANK").or_else(|| l.find("Elite")).unwrap()].width())
        .collect();
    assert!(
        rank_column.iter().all(|&c| c == 128 + 2 + 3 + 2),
        "{rank_column:?}\n{out}"
    );
}

#[test]
fn new_refuses_an_overlong_name() {
    let dir = tempfile::tempdir().unwrap();
    let long = "a".repeat(100_000);
    let o = lairsmith(dir.path(), &[NEW, &["--name", &long, "--save"]].concat());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "lairsmith: the name is 100000 characters long; names are at most 64 characters\n"
    );
    assert!(!dir.path().join("bestiary").exists(), "nothing was saved");
    // Exactly the maximum is a name.
    let max = "é".repeat(MAX_NAME_CHARS);
    let o = lairsmith(dir.path(), &[NEW, &["--name", &max, "--save"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let over = "é".repeat(MAX_NAME_CHARS + 1);
    let o = lairsmith(dir.path(), &[NEW, &["--name", &over]].concat());
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
}

#[test]
fn every_name_entering_from_the_command_line_is_at_most_64_characters() {
    assert_eq!(MAX_NAME_CHARS, 64, "the documented maximum");
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let long = "n".repeat(MAX_NAME_CHARS + 1);
    let spec = format!("{long}=3");
    let o = lairsmith(d, &["encounter", "new", "Fine", "--party", "4x3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    for args in [
        vec!["encounter", "new", &long, "--party", "4x3"],
        vec!["encounter", "add", "fine", "hedgemaw", "--label", &long],
        vec!["encounter", "generate", "--party", "4x3", "--name", &long],
        vec!["party", "new", &long, "--party", "4x3"],
        vec!["party", "new", "Crew", "--party", &spec],
        vec!["budget", "--party", &spec],
    ] {
        let o = lairsmith(d, &args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(
            stderr(&o).contains("names are at most 64 characters"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    assert!(!d.join("parties").exists(), "no party was saved");
}

#[test]
fn names_over_64_characters_are_refused_at_load() {
    let long = "n".repeat(MAX_NAME_CHARS + 1);
    let e = parse_monster(&monster("long", &long), Path::new("m.yaml")).unwrap_err();
    assert!(e.message.contains("at most 64"), "{e}");
    let enc = format!(
        "kind: encounter\nschema_version: 1\nname: {long}\nparty:\n  size: 4\n  level: 3\n"
    );
    let e = parse_encounter(&enc, Path::new("e.yaml")).unwrap_err();
    assert_eq!(e.line, Some(3), "{e}");
    let label = format!(
        "kind: encounter\nschema_version: 1\nname: E\nparty:\n  size: 4\n  level: 3\ngroups:\n- monster: hedgemaw\n  label: {long}\n"
    );
    let e = parse_encounter(&label, Path::new("e.yaml")).unwrap_err();
    assert!(e.message.contains("the label of group 1"), "{e}");
    let party =
        format!("kind: party\nschema_version: 1\nname: P\nmembers:\n- name: {long}\n  level: 3\n");
    let e = parse_party(&party, Path::new("p.yaml")).unwrap_err();
    assert!(e.message.contains("party member 1"), "{e}");
}

#[test]
fn party_member_names_with_x_are_names_not_counts() {
    let p = Party::parse("Xena=3,Rex=4").unwrap();
    let names: Vec<_> = p.members.iter().map(|m| m.name.as_deref()).collect();
    assert_eq!(names, [Some("Xena"), Some("Rex")]);
    assert_eq!(Party::parse("Alex=5").unwrap().size(), 1);
    assert_eq!(Party::parse("4x3").unwrap().size(), 4);
}
