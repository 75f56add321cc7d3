//! The lint's rules from the book, each firing on a crafted monster and silent on a correct one,
//! and a file's every problem reported in one run.

mod common;
use common::{lairsmith, stdout};
use std::path::Path;

const BASE: &str = "\
kind: monster
schema_version: 1
id: test-beast
name: Test Beast
level: 5
rank: standard
role: striker
size: medium
source: natural
type: beast
powers:
- name: Bite
  basic: true
  usage: at-will
  action: standard
  origin: melee
  targets: one creature
  attack: {defense: ac}
  damage: at-will-single
";

fn lint_text(text: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("test-beast.yaml");
    std::fs::write(&f, text).unwrap();
    stdout(&lairsmith(dir.path(), &["lint", f.to_str().unwrap()]))
}

fn with_power(power: &str) -> String {
    format!("{BASE}{power}")
}

#[test]
fn a_files_every_problem_is_reported_in_one_run() {
    let bad = BASE
        .replace("level: 5", "level: 40")
        .replace("size: medium", "size: medium\ncolour: green")
        .replace("source: natural", "source: natral")
        .replace("  usage: at-will", "  usage: at-wil\n  colour: red")
        .replace("defense: ac", "defense: armor");
    let out = lint_text(&bad);
    for expected in [
        "line 5, column 1: level: level 40 is outside 1-30",
        "unknown key `colour` in a monster",
        "source: unknown source `natral` (did you mean `natural`?)",
        "powers[0].usage: unknown usage `at-wil` (did you mean `at-will`?)",
        "unknown key `colour` in a power",
        "powers[0].attack",
    ] {
        assert!(out.contains(expected), "missing `{expected}` in:\n{out}");
    }
    assert!(out.contains("1 file checked: 6 errors"), "{out}");
}

#[test]
fn a_thousand_bad_fields_are_reported_as_twenty_and_a_count() {
    let tags = vec!["nope"; 1000].join(", ");
    let out = lint_text(&BASE.replace("type: beast", &format!("type: beast\ntags: [{tags}]")));
    assert!(out.contains("and 980 more problems"), "{out}");
}

#[test]
fn a_typed_power_without_its_damage_tag_is_a_warning() {
    let fire = "- name: Spit\n  usage: encounter\n  action: standard\n  origin: ranged\n  range: 5\n  targets: one creature\n  attack: {defense: reflex}\n  damage: surge-single\n  damage_type: fire\n";
    let out = lint_text(&with_power(fire));
    assert!(
        out.contains("warning[damage-tag]: Spit: it deals fire damage without the Fire tag; add `fire` to its tags"),
        "{out}"
    );
    let tagged = fire.replace("  damage_type: fire", "  tags: [fire]\n  damage_type: fire");
    assert!(lint_text(&with_power(&tagged)).contains("0 errors, 0 warnings"));
}

#[test]
fn a_standard_or_mook_monster_attacking_as_often_as_an_elite_is_a_warning() {
    let reaction = "- name: Snap Back\n  usage: at-will\n  action: reaction\n  origin: melee\n  targets: the triggering enemy\n  trigger: An enemy hits {name}.\n  attack: {defense: ac}\n  damage: at-will-single\n";
    let out = lint_text(&with_power(reaction));
    assert!(
        out.contains("warning[attack-rate]: a standard monster should attack about once a round, but its at-will powers give 2 attacks"),
        "{out}"
    );
    let mook = with_power(reaction).replace("rank: standard", "rank: mook");
    assert!(lint_text(&mook).contains("a mook should attack about once a round"));
    // Once an encounter, it is not an attack every round.
    let once = reaction
        .replace("usage: at-will", "usage: encounter")
        .replace("at-will-single", "surge-single");
    assert!(lint_text(&with_power(&once)).contains("0 errors, 0 warnings"));
    // An elite needs it.
    let elite = with_power(reaction).replace("rank: standard", "rank: elite");
    assert!(lint_text(&elite).contains("0 errors, 0 warnings"));
}

#[test]
fn a_flying_monster_without_hover_that_shifts_is_a_warning() {
    let hop = "- name: Flit\n  usage: at-will\n  action: move\n  origin: self\n  effect: '{name} shifts 2 squares.'\n";
    let flier = with_power(hop).replace("type: beast", "type: beast\nmovement:\n  fly: 6");
    let out = lint_text(&flier);
    assert!(
        out.contains("warning[flying-shift]: Flit: it shifts the monster, but a flying monster without hover cannot shift while it flies"),
        "{out}"
    );
    let hovers = with_power(hop).replace(
        "type: beast",
        "type: beast\nmovement:\n  fly: 6\n  traits: [hover]",
    );
    assert!(lint_text(&hovers).contains("0 errors, 0 warnings"));
    assert!(
        lint_text(&with_power(hop)).contains("0 errors, 0 warnings"),
        "a walker shifts"
    );
}

#[test]
fn the_shipped_bestiary_and_kits_use_the_books_words_and_lint_clean() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    let out = stdout(&lairsmith(
        dir.path(),
        &["lint", root.join("bestiary").to_str().unwrap()],
    ));
    assert!(
        out.ends_with("44 files checked: 0 errors, 0 warnings\n"),
        "{out}"
    );
    for sub in ["bestiary", "templates", "templates/monster"] {
        for f in std::fs::read_dir(root.join(sub)).unwrap().flatten() {
            if f.path().extension().is_none_or(|e| e != "yaml") {
                continue;
            }
            let text = std::fs::read_to_string(f.path()).unwrap().to_lowercase();
            for word in ["grabbed", "grab ends", "recharge", " slide", "slides"] {
                assert!(
                    !text.contains(word),
                    "{}: `{word}` is not the book's word (grappled, refresh, shunt)",
                    f.path().display()
                );
            }
        }
    }
}
