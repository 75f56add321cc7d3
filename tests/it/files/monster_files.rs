//! Monster files: byte-identical round trips, `x-` keys kept, and one test per kind of bad input,
//! each checking the message a GM would read.

use lairsmith_core::bestiary::{Bestiary, Provenance};
use lairsmith_core::embedded::BESTIARY_FILES;
use lairsmith_core::monster::parse_monster;
use std::path::Path;

fn err(text: &str) -> String {
    parse_monster(text, Path::new("m.yaml"))
        .unwrap_err()
        .to_string()
}

const GOOD: &str = "kind: monster
schema_version: 1
id: reed-stalker
name: Reed Stalker
level: 4
rank: standard
role: skulker
size: medium
source: natural
type: beast
tags:
- aquatic
powers:
- name: Bite
  basic: true
  usage: at-will
  action: standard
  origin: melee
  attack:
    defense: ac
  damage: at-will-single
";

#[test]
fn every_shipped_file_round_trips_byte_for_byte() {
    assert!(BESTIARY_FILES.len() >= 40);
    for (path, text) in BESTIARY_FILES {
        let d = parse_monster(text, Path::new(path)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            &lairsmith_core::yaml_io::to_string(&d),
            text,
            "{path} is not canonical: run `lairsmith fmt bestiary`"
        );
    }
}

#[test]
fn x_keys_survive_load_and_save_in_order() {
    // x- keys at the top level, in a power and in a trait, in the canonical layout.
    let canonical = GOOD.replace(
        "powers:\n",
        "traits:\n- name: Slick\n  text: Hard to grab.\n  x-source: homebrew\npowers:\n",
    ) + "  x-note: keep me\nx-zeta: 1\nx-alpha:\n  nested:\n  - a\n  - b\n";
    let d = parse_monster(&canonical, Path::new("m.yaml")).unwrap();
    assert_eq!(d.extra.0.len(), 2);
    assert_eq!(d.extra.0[0].0, "x-zeta");
    assert_eq!(d.powers[0].extra.0[0].0, "x-note");
    assert_eq!(d.traits[0].extra.0[0].0, "x-source");
    assert_eq!(lairsmith_core::yaml_io::to_string(&d), canonical);
}

#[test]
fn unknown_key_names_the_key_and_its_line() {
    let e = err(&format!("{GOOD}colour: green\n"));
    assert_eq!(
        e,
        "m.yaml:22:1: unknown key `colour`; keys of your own must start with `x-`"
    );
    let e = err(&GOOD.replace(
        "  damage: at-will-single\n",
        "  damage: at-will-single\n  dmage: 3\n",
    ));
    assert!(
        e.starts_with("m.yaml:22:3: unknown key `dmage` in `powers[0]`"),
        "{e}"
    );
}

#[test]
fn unknown_role_lists_valid_values_and_suggests() {
    let e = err(&GOOD.replace("role: skulker", "role: skulkr"));
    assert_eq!(
        e,
        "m.yaml:7:7: role: unknown role `skulkr` (did you mean `skulker`?); valid values: archer, blocker, skulker, spoiler, striker, wrecker"
    );
}

#[test]
fn unknown_rank_size_source_type_and_tag() {
    for (from, to, field, suggestion) in [
        ("rank: standard", "rank: standrd", "rank", "standard"),
        ("size: medium", "size: meduim", "size", "medium"),
        ("source: natural", "source: naturl", "source", "natural"),
        ("type: beast", "type: baest", "type", "beast"),
        ("- aquatic", "- aquatik", "tag", "aquatic"),
    ] {
        let e = err(&GOOD.replace(from, to));
        assert!(e.contains(&format!("unknown {field} `")), "{e}");
        assert!(e.contains(&format!("did you mean `{suggestion}`")), "{e}");
        assert!(e.contains("valid values:"), "{e}");
    }
}

#[test]
fn book_aliases_are_accepted() {
    let d = parse_monster(
        &GOOD
            .replace("role: skulker", "role: Lurker")
            .replace("source: natural", "source: Immortal"),
        Path::new("m.yaml"),
    )
    .unwrap();
    assert_eq!(d.role, lairsmith_core::rules::Role::Skulker);
    assert_eq!(d.source, lairsmith_core::rules::Source::Outsider);
}

#[test]
fn level_outside_1_to_30_says_the_range() {
    let e = err(&GOOD.replace("level: 4", "level: 31"));
    assert_eq!(
        e,
        "m.yaml:5:8: level: level 31 is outside 1-30: monsters in Orcus have levels 1 to 30"
    );
    assert!(err(&GOOD.replace("level: 4", "level: 0")).contains("outside 1-30"));
}

#[test]
fn malformed_yaml_gives_line_column_and_what_was_expected() {
    let e = err("kind: monster\nname: 'unclosed\nlevel: 3\n");
    assert!(e.starts_with("m.yaml:"), "{e}");
    assert!(e.contains("quoted scalar"), "{e}");
    let e = err(&GOOD.replace("level: 4", "level: [4"));
    assert!(e.starts_with("m.yaml:"), "{e}");
}

#[test]
fn wrong_types_are_located() {
    let e = err(&GOOD.replace("level: 4", "level: four"));
    assert!(e.starts_with("m.yaml:5:8: level:"), "{e}");
    let e = err(&GOOD.replace("  basic: true", "  basic: [yes]"));
    assert!(e.starts_with("m.yaml:15:10: powers[0].basic:"), "{e}");
}

#[test]
fn wrong_kind_and_schema_version() {
    assert!(
        err(&GOOD.replace("kind: monster", "kind: encounter"))
            .contains("this is an `encounter` file, not a monster")
    );
    assert!(
        err(&GOOD.replace("schema_version: 1", "schema_version: 9"))
            .contains("newer than this lairsmith reads")
    );
    assert!(
        err(&GOOD.replace("schema_version: 1\n", "")).contains("missing field `schema_version`")
    );
}

#[test]
fn empty_and_binary_files() {
    assert_eq!(err(""), "m.yaml: the file is empty");
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("bin.yaml");
    std::fs::write(&p, [0xff, 0xfe, 0x00, 0x01]).unwrap();
    let e = lairsmith_core::monster::load_file(&p)
        .unwrap_err()
        .to_string();
    assert!(e.contains("not UTF-8"), "{e}");
}

#[test]
fn bad_dice_expression() {
    let e = err(&GOOD.replace("damage: at-will-single", "damage: 2d"));
    assert!(e.contains("`2d` is not a dice expression"), "{e}");
    assert!(e.contains("at-will-single"), "{e}");
}

#[test]
fn a_directory_with_one_bad_file_loads_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("reed-stalker.yaml"), GOOD).unwrap();
    std::fs::write(dir.path().join("broken.yaml"), "kind: monster\nlevel: [\n").unwrap();
    let mut b = Bestiary::default();
    b.load_dir(dir.path(), Provenance::User);
    assert_eq!(b.entries.len(), 1);
    assert_eq!(b.errors.len(), 1);
    assert!(
        b.errors[0].to_string().contains("broken.yaml:"),
        "{}",
        b.errors[0]
    );
}

#[test]
fn duplicate_ids_name_both_files() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("reed-stalker.yaml"), GOOD).unwrap();
    std::fs::write(dir.path().join("reed-stalker.yml"), GOOD).unwrap();
    let mut b = Bestiary::default();
    b.load_dir(dir.path(), Provenance::User);
    assert_eq!(b.entries.len(), 1);
    let e = b.errors[0].to_string();
    assert!(
        e.contains("reed-stalker.yml") && e.contains("reed-stalker.yaml"),
        "{e}"
    );
}

#[test]
fn oversized_files_are_refused_without_parsing() {
    let big = "x".repeat(lairsmith_core::yaml_io::MAX_FILE_BYTES + 10);
    assert!(err(&big).contains("at most"));
}

/// The YAML examples in the README are real files.
#[test]
fn readme_examples_parse() {
    let readme = crate::docs::documents()
        .into_iter()
        .map(|(_, t)| t)
        .collect::<Vec<_>>()
        .join("\n");
    let blocks = crate::docs::yaml_blocks(&readme);
    let monster = blocks
        .iter()
        .find(|b| b.starts_with("kind: monster\n"))
        .expect("a monster example");
    let template = blocks
        .iter()
        .find(|b| b.starts_with("kind: monster-template\n"))
        .expect("a template example");
    lairsmith_core::monster::template::parse_template(template, Path::new("README.md"))
        .unwrap_or_else(|e| panic!("{e}"));
    let d = parse_monster(monster, Path::new("README.md")).unwrap_or_else(|e| panic!("{e}"));
    let b = lairsmith_core::monster::derive(&d);
    assert!(
        lairsmith_core::monster::lint::lint(&d, &b, None)
            .iter()
            .all(|f| f.severity != lairsmith_core::monster::lint::Severity::Error)
    );
    let enc = blocks
        .iter()
        .find(|b| b.starts_with("kind: encounter"))
        .expect("an encounter example");
    lairsmith_core::encounter::parse_encounter(enc, Path::new("README.md"))
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_shipped_bestiary_covers_the_book_and_is_lint_clean() {
    use lairsmith_core::rules::*;
    use lairsmith_core::vocab::Vocabulary;
    let b = Bestiary::shipped();
    assert!(b.errors.is_empty(), "{:?}", b.errors);
    assert!(b.entries.len() >= 40);
    let owned: Vec<_> = b.entries.iter().map(|e| e.design().unwrap()).collect();
    let ds: Vec<&lairsmith_core::monster::MonsterDesign> = owned.iter().map(|d| &**d).collect();
    for r in Role::ALL {
        assert!(ds.iter().any(|d| d.role == *r), "no {r}");
    }
    for r in Rank::ALL {
        assert!(ds.iter().any(|d| d.rank == *r), "no {r}");
    }
    for s in Source::ALL {
        assert!(ds.iter().any(|d| d.source == *s), "no {s}");
    }
    for t in CreatureType::ALL {
        assert!(ds.iter().any(|d| d.creature_type == *t), "no {t}");
    }
    let mut tags: Vec<Tag> = ds.iter().flat_map(|d| d.tags.iter().copied()).collect();
    tags.sort();
    tags.dedup();
    assert!(tags.len() >= 12, "{tags:?}");
    assert!(ds.iter().filter(|d| d.leader).count() >= 3);
    for tier in [1..=10u8, 11..=20, 21..=30] {
        assert!(ds.iter().filter(|d| tier.contains(&d.level.get())).count() >= 8);
    }
    for e in &b.entries {
        let findings = e.findings().unwrap();
        assert!(findings.is_empty(), "{}: {findings:?}", e.card.id);
    }
}
