//! The lint's rules from the book, each firing on a crafted monster and silent on a correct one,
//! and a file's every problem reported in one run.

use crate::common;
use common::{lairsmith, stderr, stdout};
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
fn a_flying_monster_shifting_under_another_name_is_a_warning_and_its_allies_shifting_is_not() {
    let fly =
        |power: &str| with_power(power).replace("type: beast", "type: beast\nmovement:\n  fly: 6");
    for own in [
        "and the beast can shift 1 square.",
        "{name} makes two Bite attacks, and can shift 1 square between them.",
        "The target is pushed 1 square and {name} shifts into the square it left.",
    ] {
        let power = format!(
            "- name: Flit\n  usage: encounter\n  action: move\n  origin: self\n  effect: '{own}'\n"
        );
        assert!(
            lint_text(&fly(&power)).contains("warning[flying-shift]: Flit"),
            "`{own}` shifts the monster"
        );
    }
    for others in [
        "Each target can shift 1 square as a free action.",
        "Each target can make a saving throw and can shift 1 square.",
        "The ally shifts 1 square and makes a basic attack.",
        "An enemy adjacent to {name} cannot shift until the end of its next turn.",
    ] {
        let power = format!(
            "- name: Rally\n  usage: encounter\n  action: swift\n  origin: near\n  area: burst 5\n  targets: each ally in the burst\n  effect: '{others}'\n"
        );
        assert!(
            lint_text(&fly(&power)).contains("0 errors, 0 warnings"),
            "`{others}` does not shift the monster"
        );
    }
}

#[test]
fn the_shipped_bestiary_lints_clean() {
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
}

#[test]
fn no_shipped_text_uses_words_the_book_does_not() {
    // The book's words: grappled (Conditions), shunt (forced movement), refresh (Limited Usage).
    const NOT_THE_BOOKS: &[&str] = &[
        "grab",
        "grabs",
        "grabbed",
        "grabbing",
        "slide",
        "slides",
        "slid",
        "sliding",
        "recharge",
        "recharges",
        "recharged",
        "recharging",
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for sub in ["bestiary", "templates", "templates/monster"] {
        for f in std::fs::read_dir(root.join(sub)).unwrap().flatten() {
            if f.path().extension().is_none_or(|e| e != "yaml") {
                continue;
            }
            let text = std::fs::read_to_string(f.path()).unwrap().to_lowercase();
            for word in text.split(|c: char| !c.is_alphanumeric()) {
                assert!(
                    !NOT_THE_BOOKS.contains(&word),
                    "{}: `{word}` is not the book's word (grappled, shunt, refresh)",
                    f.path().display()
                );
            }
        }
    }
}

#[test]
fn every_typed_power_in_the_power_kits_carries_its_damage_tag() {
    use lairsmith_core::rules::power_vocab::PowerTag;
    use lairsmith_core::vocab::Vocabulary;
    let kits = lairsmith_core::monster::kit::Templates::embedded();
    let mut typed = 0;
    for (kit, p) in kits.library() {
        if let Some(dt) = p.damage_type {
            typed += 1;
            let tag = PowerTag::parse(dt.key()).unwrap();
            assert!(
                p.tags.contains(&tag),
                "kit {}: {} deals {} damage without the tag",
                kit.id,
                p.name,
                dt.key()
            );
        }
    }
    assert!(typed >= 2, "the spoiler kit's two typed powers are checked");
}

#[test]
fn a_broken_file_also_gets_the_design_findings_of_what_parsed() {
    let fire = "- name: Spit\n  usage: encounter\n  action: standard\n  origin: ranged\n  range: 5\n  targets: one creature\n  attack: {defense: reflex}\n  damage: surge-single\n  damage_type: fire\n";
    let bad = with_power(fire).replace("level: 5", "level: 40");
    let out = lint_text(&bad);
    assert!(out.contains("level: level 40 is outside 1-30"), "{out}");
    assert!(
        out.contains("warning[damage-tag]: Spit: it deals fire damage without the Fire tag"),
        "{out}"
    );
    assert!(out.contains("1 file checked: 1 error, 1 warning"), "{out}");
    // A finding that hangs on a value that did not read is left out: with its usage unread,
    // the basic attack is not said to be missing, nor its tier wrong.
    let unread = BASE.replace("  usage: at-will", "  usage: at-wil");
    let out = lint_text(&unread);
    assert!(out.contains("unknown usage `at-wil`"), "{out}");
    assert!(out.contains("1 file checked: 1 error, 0 warnings"), "{out}");
}

#[test]
fn a_stat_block_printed_by_show_is_one_problem_not_one_per_key() {
    let dir = tempfile::tempdir().unwrap();
    let block = stdout(&lairsmith(
        dir.path(),
        &["show", "hedgemaw", "--format", "yaml"],
    ));
    let out = lint_text(&block);
    assert!(
        out.contains("this is a stat block printed by `show --format yaml`"),
        "{out}"
    );
    assert!(out.contains("1 file checked: 1 error, 0 warnings"), "{out}");
}

#[test]
fn a_misspelt_key_inside_a_field_is_shown_where_it_is_with_the_nearest_key() {
    let bad = BASE
        .replace("type: beast", "type: beast\nmovement:\n  fyl: 6")
        .replace("level: 5", "level: 0");
    let out = lint_text(&bad);
    assert!(
        out.contains("line 12, column 3: unknown key `fyl` in `movement` (did you mean `fly`?)"),
        "{out}"
    );
    assert!(out.contains("2 errors"), "{out}");
}

#[test]
fn show_on_a_broken_file_names_every_problem() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("test-beast.yaml");
    let bad = BASE
        .replace("level: 5", "level: 40")
        .replace("source: natural", "source: natral\ncolour: green");
    std::fs::write(&f, bad).unwrap();
    let o = lairsmith(dir.path(), &["show", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    for expected in [
        "test-beast.yaml:5:1: level: level 40 is outside 1-30",
        "test-beast.yaml:9:1: source: unknown source `natral` (did you mean `natural`?)",
        "test-beast.yaml:10:1: unknown key `colour` in a monster",
    ] {
        assert!(err.contains(expected), "missing `{expected}` in:\n{err}");
    }
}

#[test]
fn a_triggered_power_without_its_trigger_is_named_with_the_right_article() {
    let counter = "- name: Snap\n  usage: encounter\n  action: counter\n  origin: melee\n  targets: the triggering enemy\n  attack: {defense: ac}\n  damage: surge-single\n";
    let out = lint_text(&with_power(counter));
    assert!(
        out.contains("Snap: a Counter Action power should say what triggers it"),
        "{out}"
    );
    let told = counter.replace("  attack:", "  trigger: An enemy hits {name}.\n  attack:");
    assert!(lint_text(&with_power(&told)).contains("0 errors, 0 warnings"));
}

/// Issue "lint takes only paths": `lint` resolves a monster's id as `show` does (a user's
/// monster is its file; a shipped one its design), with did-you-mean for a near miss; a word
/// that is a file or a directory here is still read as one.
#[test]
fn lint_takes_only_paths_an_id_is_linted_as_show_takes_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("bestiary")).unwrap();
    std::fs::write(dir.path().join("bestiary/test-beast.yaml"), with_power("")).unwrap();
    let mine = common::lairsmith_in(dir.path(), dir.path(), &["lint", "test-beast"]);
    assert!(mine.status.success(), "{}", stderr(&mine));
    assert_eq!(stdout(&mine), "1 file checked: 0 errors, 0 warnings\n");
    // A file of the id that the listing skips is linted, every problem named with its path.
    std::fs::write(
        dir.path().join("bestiary/test-beast.yaml"),
        with_power("").replace("size: medium", "size: medium\ncolour: green"),
    )
    .unwrap();
    let broken = lairsmith(dir.path(), &["lint", "test-beast"]);
    assert_eq!(broken.status.code(), Some(1));
    assert!(
        stdout(&broken).contains(
            "test-beast.yaml: error[invalid-file]: line 9, column 1: unknown key `colour`"
        ),
        "{}{}",
        stdout(&broken),
        stderr(&broken)
    );
    std::fs::write(dir.path().join("bestiary/test-beast.yaml"), with_power("")).unwrap();

    let shipped = lairsmith(dir.path(), &["lint", "aphelion-maw"]);
    assert!(shipped.status.success(), "{}", stderr(&shipped));
    assert_eq!(
        stdout(&shipped),
        "1 file checked: 0 errors, 0 warnings\n",
        "a shipped monster lints clean"
    );
    let json = stdout(&lairsmith(
        dir.path(),
        &["lint", "aphelion-maw", "--format", "json"],
    ));
    assert!(
        json.contains("\"file\": \"aphelion-maw (shipped)\""),
        "{json}"
    );

    let near = lairsmith(dir.path(), &["lint", "aphelion-mow"]);
    assert_eq!(near.status.code(), Some(1));
    assert_eq!(
        stderr(&near),
        "lairsmith: no monster has the id `aphelion-mow` (did you mean `aphelion-maw`?); `lairsmith list` shows every monster\n"
    );

    // A directory named without a slash is a directory, as before.
    let whole = common::lairsmith_in(dir.path(), dir.path(), &["lint", "bestiary"]);
    assert!(
        stdout(&whole).contains("1 file checked"),
        "{}",
        stdout(&whole)
    );
}
