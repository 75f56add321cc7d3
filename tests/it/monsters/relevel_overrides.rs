//! Issue 24: overrides through a re-level. A fixed override keeps its number while the formula
//! moves under it, so `relevel` says on standard error what each one does at the new level
//! (warning when a strengthening one no longer strengthens), an override may be relative to the
//! formula (`by:`) and follow the monster, `--follow-formula` makes the fixed ones relative, and
//! the lint names a fixed override that weakens the monster.

use crate::common::{lairsmith, stderr, stdout};
use std::path::Path;

use crate::common::OGRE;

/// `show` of the ogre's file holding `text`, which must fail (status 1).
fn show_refused(text: &str) -> std::process::Output {
    let data = data_with(text);
    let file = data.path().join("bestiary/ogre-brute.yaml");
    let o = lairsmith(data.path(), &["show", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    o
}

/// A data directory holding `text` as the ogre's file.
fn data_with(text: &str) -> tempfile::TempDir {
    let data = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(data.path().join("bestiary")).unwrap();
    std::fs::write(data.path().join("bestiary/ogre-brute.yaml"), text).unwrap();
    data
}

fn ogre_file(data: &Path) -> String {
    std::fs::read_to_string(data.join("bestiary/ogre-brute.yaml")).unwrap()
}

/// Runs lairsmith and returns standard output and standard error, failing unless it succeeded.
fn ok(data: &Path, args: &[&str]) -> (String, String) {
    let o = lairsmith(data, args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    (stdout(&o), stderr(&o))
}

/// The line of `text` that is `line`, counted from 1.
fn line_of(text: &str, line: &str) -> usize {
    text.lines().position(|l| l == line).unwrap() + 1
}

#[test]
fn a_relevel_reports_a_fixed_hp_override_the_formula_passed() {
    let data = data_with(OGRE);
    let (out, err) = ok(data.path(), &["relevel", "ogre-brute", "--level", "8"]);
    assert!(
        err.contains(
            "lairsmith: HP: formula 51 → 75, override 60 → 60 (fixed); it was 9 above the formula and is now 15 below it: it now weakens the monster; `by: +9` keeps it 9 above\n"
        ),
        "{err}"
    );
    assert!(
        err.contains("lairsmith: --follow-formula makes every fixed override relative (`by:`), keeping its margin at level 4\n"),
        "{err}"
    );
    // Standard output is the stat block, as before: the fixed HP stays 60.
    assert!(out.starts_with("Ogre Brute\nLevel 8 Wrecker"), "{out}");
    assert!(out.contains("HP 60;"), "{out}");
    assert!(!out.contains("lairsmith:"), "{out}");
}

#[test]
fn a_relevel_reports_an_attack_override_now_below_the_formula() {
    let data = data_with(OGRE);
    let (_, err) = ok(data.path(), &["relevel", "ogre-brute", "--level", "8"]);
    assert!(
        err.contains("lairsmith: Crushing Blow: attack bonus: formula 9 → 13, override 10 → 10 (fixed); it was 1 above the formula and is now 3 below it: it now weakens the monster; `by: +1` keeps it 1 above\n"),
        "{err}"
    );
}

#[test]
fn a_relevel_says_a_fixed_xp_override_no_longer_adds_xp_without_calling_it_weaker() {
    let data = data_with(OGRE);
    let (_, err) = ok(data.path(), &["relevel", "ogre-brute", "--level", "8"]);
    let xp = err
        .lines()
        .find(|l| l.starts_with("lairsmith: XP:"))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(
        xp.starts_with("lairsmith: XP: formula 175 → 350, override 300 → 300 (fixed); it was 125 above the formula and is now 50 below it: the encounter budget now counts the monster for less XP than its level and rank give; `by: +125` keeps it 125 above"),
        "{xp}"
    );
    assert!(!xp.contains("weakens"), "{xp}");
}

#[test]
fn a_fixed_override_still_above_the_formula_is_not_warned_of_and_one_now_on_it_does_nothing() {
    let data = data_with(OGRE);
    let (_, err) = ok(data.path(), &["relevel", "ogre-brute", "--level", "5"]);
    assert!(
        err.contains("lairsmith: HP: formula 51 → 57, override 60 → 60 (fixed)\n"),
        "{err}"
    );
    assert!(
        err.contains("lairsmith: Crushing Blow: attack bonus: formula 9 → 10, override 10 → 10 (fixed); it was 1 above the formula and is now on it: it does nothing now; `by: +1` keeps it 1 above\n"),
        "{err}"
    );
}

#[test]
fn a_relative_override_follows_the_monster_to_its_new_level() {
    // `+1` reads as the integer 1, as YAML has it: the key, not the sign, makes it relative.
    let text = OGRE
        .replace(
            "attack: {value: 10, reason: a practised swing}",
            "attack: {by: +1, reason: a practised swing}",
        )
        .replace("    value: 60\n", "    by: 9\n");
    let data = data_with(&text);
    let (shown, _) = ok(data.path(), &["show", "ogre-brute"]);
    assert!(shown.contains("HP 60;"), "{shown}");
    assert!(shown.contains("Attack +10 vs AC"), "{shown}");
    let (out, err) = ok(data.path(), &["relevel", "ogre-brute", "--level", "8"]);
    assert!(out.contains("HP 84;"), "{out}");
    assert!(out.contains("Attack +14 vs AC"), "{out}");
    assert!(
        err.contains("lairsmith: HP: formula 51 → 75, override 60 → 84 (by +9)\n"),
        "{err}"
    );
    assert!(
        err.contains(
            "lairsmith: Crushing Blow: attack bonus: formula 9 → 13, override 10 → 14 (by +1)\n"
        ),
        "{err}"
    );
    // Saved, the file keeps its `by` and changes only its level line.
    ok(
        data.path(),
        &["relevel", "ogre-brute", "--level", "8", "--save"],
    );
    assert_eq!(
        ogre_file(data.path()),
        text.replace("level: 4   #", "level: 8   #")
    );
    let (shown, _) = ok(data.path(), &["show", "ogre-brute"]);
    assert!(shown.contains("HP 84;"), "{shown}");
}

#[test]
fn relevel_follow_formula_makes_fixed_overrides_relative_keeping_their_margin() {
    let data = data_with(OGRE);
    let (out, err) = ok(
        data.path(),
        &["relevel", "ogre-brute", "--level", "8", "--follow-formula"],
    );
    assert!(out.contains("HP 84;"), "{out}");
    assert!(
        err.contains("lairsmith: HP: formula 51 → 75, override 60 → 84 (now by +9, was fixed)\n"),
        "{err}"
    );
    assert!(!err.contains("weakens"), "{err}");
    assert_eq!(ogre_file(data.path()), OGRE, "printing saves nothing");

    ok(
        data.path(),
        &[
            "relevel",
            "ogre-brute",
            "--level",
            "8",
            "--follow-formula",
            "--save",
        ],
    );
    let saved = ogre_file(data.path());
    for relative in [
        "    attack:\n      by: 1\n      reason: a practised swing\n",
        "  xp:\n    by: 125\n    reason: a named ogre\n",
        "  hp:\n    by: 9\n    reason: tougher\n",
    ] {
        assert!(saved.contains(relative), "{relative}\n{saved}");
    }
    assert!(!saved.contains("value:"), "{saved}");
    // From then on the margins follow the monster, down as well as up.
    let (out, _) = ok(data.path(), &["relevel", "ogre-brute", "--level", "4"]);
    assert!(out.contains("HP 60;"), "{out}");
    assert!(out.contains("XP 300"), "{out}");
    assert!(out.contains("Attack +10 vs AC"), "{out}");
}

#[test]
fn a_relevel_keeps_value_overrides_as_written() {
    let data = data_with(OGRE);
    ok(
        data.path(),
        &["relevel", "ogre-brute", "--level", "8", "--save"],
    );
    assert_eq!(
        ogre_file(data.path()),
        OGRE.replace("level: 4   #", "level: 8   #"),
        "only the level line changes"
    );
}

#[test]
fn an_attack_override_of_a_kit_power_a_new_role_replaces_goes_with_it() {
    // Crushing Blow is a power of the wrecker's kit; a skulker gets its own kit's powers.
    let data = data_with(OGRE);
    let (_, err) = ok(
        data.path(),
        &["relevel", "ogre-brute", "--level", "8", "--role", "skulker"],
    );
    assert!(
        err.contains("lairsmith: Crushing Blow: attack bonus: the override (10) goes with its power, which the new rank or role's kit replaces\n"),
        "{err}"
    );
}

#[test]
fn the_lint_names_an_override_that_now_weakens_the_monster() {
    let data = data_with(&OGRE.replace("level: 4   #", "level: 8   #"));
    let file = data.path().join("bestiary/ogre-brute.yaml");
    let o = lairsmith(data.path(), &["lint", file.to_str().unwrap()]);
    let out = stdout(&o);
    assert!(
        out.contains("warning[weakening-override]: hp is overridden: 60 instead of 75 (-15, -20%); reason: tougher; a fixed value below the formula (75 at level 8) weakens the monster: to make it stronger at every level, write `by: +N` in place of `value`; to keep it 15 below, `by: -15`"),
        "{out}"
    );
    assert!(
        out.contains("warning[weakening-override]: Crushing Blow: attack bonus is overridden: 10 instead of 13"),
        "{out}"
    );
    // XP is what the monster is worth, not how strong it is: below the formula, it is an
    // override like any other.
    assert!(
        out.contains("warning[override]: xp is overridden: 300 instead of 350"),
        "{out}"
    );
    // At its own level the ogre's overrides strengthen it: no such warning.
    let data = data_with(OGRE);
    let o = lairsmith(data.path(), &["lint"]);
    assert!(!stdout(&o).contains("weakening"), "{}", stdout(&o));
}

#[test]
fn the_lint_shows_a_relative_override_and_its_margin_in_json() {
    let data = data_with(&OGRE.replace("    value: 60\n", "    by: 9\n"));
    let o = lairsmith(data.path(), &["lint", "--format", "json"]);
    let out = stdout(&o);
    assert!(
        out.contains("hp is overridden: 60 instead of 51 (+9, +17.6%); reason: tougher; relative (`by: +9`), it follows the formula to every level"),
        "{out}"
    );
}

#[test]
fn an_override_with_both_value_and_by_is_refused_at_its_place() {
    let text = OGRE.replace("    value: 60\n", "    value: 60\n    by: 9\n");
    let o = show_refused(&text);
    let at = line_of(&text, "  hp:");
    assert!(
        stderr(&o).contains(&format!(
            "ogre-brute.yaml:{at}:3: overrides.hp: an override has either `value` (the number itself) or `by` (a number added to the formula's, such as `by: 9` or `by: -2`), not both"
        )),
        "{}",
        stderr(&o)
    );
}

#[test]
fn an_override_with_neither_value_nor_by_is_refused_at_its_place() {
    let text = OGRE.replace("    value: 60\n", "");
    let o = show_refused(&text);
    let at = line_of(&text, "  hp:");
    assert!(
        stderr(&o).contains(&format!(
            "ogre-brute.yaml:{at}:3: overrides.hp: an override needs `value` (the number itself, such as `value: 60`) or `by` (a number added to the formula's, such as `by: 9` or `by: -2`)"
        )),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_relative_override_past_its_stat_s_range_is_held_there_and_the_lint_says_so() {
    let data = data_with(&OGRE.replace("    value: 60\n", "    by: 99990\n"));
    let (shown, _) = ok(data.path(), &["show", "ogre-brute"]);
    assert!(shown.contains("HP 99999;"), "{shown}");
    let o = lairsmith(data.path(), &["lint"]);
    assert!(
        stdout(&o).contains("; the formula's 51 +99990 is 100041, outside the range of a hit point override (1 to 99,999), so it is held at 99999"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_relative_override_outside_its_own_range_is_refused() {
    let text = OGRE.replace("    value: 60\n", "    by: 5000000\n");
    let o = show_refused(&text);
    let at = line_of(&text, "    by: 5000000");
    assert!(
        stderr(&o).contains(&format!(
            "ogre-brute.yaml:{at}:5: a relative override is -1,000,000 to +1,000,000, not 5000000"
        )),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_schema_takes_value_or_by_in_an_override_but_not_both_or_neither() {
    use lairsmith_core::schema::{FileKind, schema_for};
    let schema = jsonschema::draft202012::new(&schema_for(FileKind::Monster)).unwrap();
    let doc = |hp: serde_json::Value, attack: serde_json::Value| {
        let mut d: serde_json::Value =
            yaml_serde::from_str(OGRE).expect("the ogre reads as JSON data");
        d["overrides"]["hp"] = hp;
        d["powers"][0]["overrides"]["attack"] = attack;
        d
    };
    let value = serde_json::json!({"value": 60, "reason": "tougher"});
    let by = serde_json::json!({"by": 9, "reason": "tougher"});
    let both = serde_json::json!({"value": 60, "by": 9});
    let neither = serde_json::json!({"reason": "tougher"});
    assert!(schema.is_valid(&doc(value.clone(), value.clone())));
    assert!(schema.is_valid(&doc(by.clone(), by.clone())));
    for bad in [both, neither] {
        assert!(!schema.is_valid(&doc(bad.clone(), value.clone())), "{bad}");
        assert!(!schema.is_valid(&doc(value.clone(), bad.clone())), "{bad}");
    }
    let past = serde_json::json!({"by": 5_000_000});
    assert!(!schema.is_valid(&doc(past, value.clone())));
}
