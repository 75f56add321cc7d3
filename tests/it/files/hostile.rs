//! Files a user can produce, however broken or malicious: each gives a clear error in the
//! loader (which the CLI and the UI both use), never a panic, a hang or unbounded memory.
//! How long each takes is measured in `cargo bench` ("hostile files"), not asserted here.

use lairsmith_core::bestiary::{Bestiary, Provenance};
use lairsmith_core::monster::{load_file, parse_monster};
use std::path::Path;
use std::process::Command;

const GOOD: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/bestiary/hedgemaw.yaml"
));

fn err(text: &str) -> String {
    parse_monster(text, Path::new("m.yaml"))
        .unwrap_err()
        .to_string()
}

#[test]
fn every_hostile_file_is_a_clear_error_in_the_loader_and_the_cli() {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in lairsmith_core::fixtures::hostile_files() {
        let path = dir.path().join(format!("{}.yaml", name.replace(' ', "-")));
        std::fs::write(&path, &bytes).unwrap();
        let e = load_file(&path).unwrap_err();
        let msg = e.to_string();
        assert!(
            msg.starts_with(&path.display().to_string()),
            "{name}: the message names the file: {msg}"
        );
        assert!(msg.len() < 600, "{name}: a sentence, not a dump: {msg}");
        let out = Command::new(env!("CARGO_BIN_EXE_lairsmith"))
            .args([
                "--data-dir",
                dir.path().to_str().unwrap(),
                "show",
                path.to_str().unwrap(),
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{name}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with("lairsmith: "), "{name}: {stderr}");
        assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    }
}

#[test]
fn hostile_files_in_the_users_bestiary_are_reported_and_the_rest_load() {
    let dir = tempfile::tempdir().unwrap();
    let cases = lairsmith_core::fixtures::hostile_files();
    for (name, bytes) in &cases {
        std::fs::write(
            dir.path().join(format!("{}.yaml", name.replace(' ', "-"))),
            bytes,
        )
        .unwrap();
    }
    std::fs::write(
        dir.path().join("hedgemaw-copy.yaml"),
        GOOD.replace("id: hedgemaw", "id: hedgemaw-copy"),
    )
    .unwrap();
    let mut b = Bestiary::default();
    b.load_dir(dir.path(), Provenance::User);
    assert_eq!(b.entries.len(), 1, "{:?}", b.errors);
    assert_eq!(b.errors.len(), cases.len());
}

#[test]
fn specific_messages() {
    assert_eq!(err(""), "m.yaml: the file is empty");
    assert!(err(&"x".repeat(2 * 1024 * 1024)).contains("at most 1048576 bytes"));
    let nested = format!(
        "kind: monster\nname: {}{}\n",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    assert_eq!(
        err(&nested),
        "m.yaml:2:71: brackets nest more than 64 levels deep; lairsmith refuses the file"
    );
    let block = format!("{GOOD}x-deep:\n{}x\n", "- ".repeat(200_000));
    assert!(err(&block).contains("nests too deeply"), "{}", err(&block));
    let mut bomb = String::from(GOOD);
    bomb.push_str("x-a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        bomb.push_str(&format!(
            "x-a{i}: &a{i} [{}]\n",
            vec![format!("*a{}", i - 1); 9].join(", ")
        ));
    }
    assert!(err(&bomb).contains("alias bomb"), "{}", err(&bomb));
    let cut = &GOOD[..GOOD.len() / 2];
    let e = err(cut);
    assert!(e.starts_with("m.yaml:"), "{e}");
    assert!(
        err("- a\n").contains("expected struct MonsterDesign")
            || err("- a\n").contains("invalid type"),
        "{}",
        err("- a\n")
    );
}

/// A monster with each field, in turn, of the wrong type: the error names the field and its line.
#[test]
fn every_field_of_the_wrong_type() {
    let fields: &[(&str, &str)] = &[
        ("kind", "[monster]"),
        ("schema_version", "one"),
        ("id", "[a, b]"),
        ("name", "{a: 1}"),
        ("level", "high"),
        ("rank", "7"),
        ("role", "[archer]"),
        ("leader", "maybe"),
        ("size", "{big: true}"),
        ("source", "3.5"),
        ("type", "[]"),
        ("tags", "plant"),
        ("alignment", "[good]"),
        ("abilities", "strong"),
        ("skills", "stealth"),
        ("senses", "{darkvision: 10}"),
        ("movement", "6"),
        ("languages", "Common"),
        ("telepathy", "far"),
        ("resistances", "fire"),
        ("immunities", "{poison: yes}"),
        ("traits", "none"),
        ("powers", "lots"),
        ("overrides", "[hp]"),
        ("description", "[a, b]"),
    ];
    let base = "kind: monster\nschema_version: 1\nid: x\nname: X\nlevel: 3\nrank: standard\nrole: archer\nsize: medium\nsource: fey\ntype: beast\n";
    for (field, bad) in fields {
        let text =
            if base.contains(&format!("\n{field}: ")) || base.starts_with(&format!("{field}: ")) {
                base.lines()
                    .map(|l| {
                        if l.starts_with(&format!("{field}: ")) {
                            format!("{field}: {bad}")
                        } else {
                            l.to_owned()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
                    + "\n"
            } else {
                format!("{base}{field}: {bad}\n")
            };
        let e = err(&text);
        let line = text
            .lines()
            .position(|l| l.starts_with(&format!("{field}:")))
            .unwrap()
            + 1;
        assert!(e.starts_with(&format!("m.yaml:{line}:")), "{field}: {e}");
        assert!(e.contains(field) || e.contains("kind"), "{field}: {e}");
    }
}
