//! The stat block in the book's words (Monster Statistics): each point, checked on `show`.

use crate::common;
use common::{lairsmith, stderr, stdout};
use std::path::Path;

const BAT: &str = "\
kind: monster
schema_version: 1
id: cave-shrieker
name: Cave Shrieker
level: 4
rank: standard
role: skulker
size: large
source: natural
type: beast
tags: [blind]
senses: [blindsight 10, tremorsense 5]
movement:
  fly: 6
  traits: [clumsy in air, wall-climber]
reach: 2
regeneration: {value: 5, when: staggered}
languages: [Undercommon, Common, deep speech]
powers:
- name: Shriek
  basic: true
  usage: at-will
  action: standard
  origin: melee
  range: 2
  targets: one creature
  attack: {defense: ac}
  damage: at-will-single
- name: Echo Step
  usage: encounter
  action: move
  origin: self
  effect: '{name} shifts 3 squares.'
variants:
- name: Shrieker Matriarch
  text: Older shriekers roost in pairs; {name} has resist thunder 5.
";

fn show(data: &Path, id: &str, extra: &[&str]) -> String {
    let mut args = vec!["show", id];
    args.extend_from_slice(extra);
    let o = lairsmith(data, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
}

fn with_bat() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("bestiary")).unwrap();
    std::fs::write(dir.path().join("bestiary/cave-shrieker.yaml"), BAT).unwrap();
    dir
}

#[test]
fn a_power_line_names_its_category() {
    let dir = with_bat();
    let s = show(dir.path(), "cave-shrieker", &[]);
    assert!(
        s.contains("Shriek · At-Will Attack (Standard Action)"),
        "{s}"
    );
    assert!(
        s.contains("Echo Step · Encounter Utility (Move Action)"),
        "{s}"
    );
    let s = show(dir.path(), "millstone-thane", &[]);
    assert!(
        s.contains("Quake Swing · Refresh Attack (Standard Action; refresh 5, 6)"),
        "{s}"
    );
}

#[test]
fn the_senses_entry_holds_perception_and_capitalised_senses_and_says_blind() {
    let dir = with_bat();
    let s = show(dir.path(), "cave-shrieker", &[]);
    assert!(
        s.contains("Senses Perception +4 (passive 14); Blindsight 10 (blind), Tremorsense 5\n"),
        "{s}"
    );
    assert!(
        s.contains("Speed 6, fly 6; Clumsy in air -4, Wall-walker"),
        "{s}"
    );
}

#[test]
fn languages_are_in_alphabetical_order() {
    let dir = with_bat();
    let s = show(dir.path(), "cave-shrieker", &[]);
    assert!(
        s.contains("Languages Common, deep speech, Undercommon"),
        "{s}"
    );
}

#[test]
fn recoveries_carry_the_recovery_value_and_a_mook_says_a_miss_never_harms_it() {
    let dir = with_bat();
    let s = show(dir.path(), "cave-shrieker", &[]);
    // HP 37 at level 4 for a skulker: recovery value 37 / 4 = 9 (R11).
    assert!(
        s.contains("HP 37; Staggered 18; Staggered Regeneration 5"),
        "{s}"
    );
    assert!(s.contains("Recoveries 1 (recovery value 9)"), "{s}");
    let md = show(dir.path(), "cave-shrieker", &["--format", "md"]);
    assert!(md.contains("**Recoveries** 1 (recovery value 9)"), "{md}");
    let mook = show(dir.path(), "kilnwing-darter", &[]);
    assert!(
        mook.contains("HP 1; a missed attack never damages it"),
        "{mook}"
    );
    assert!(!mook.contains("Staggered 0"), "{mook}");
}

#[test]
fn the_knowledge_line_says_what_each_dc_reveals() {
    let dir = with_bat();
    let s = show(dir.path(), "cave-shrieker", &[]);
    assert!(
        s.contains("Knowledge Nature DC 14: its name, ancestry, type, tags and temperament; DC 21: also its powers, resistances, immunities and vulnerabilities"),
        "{s}"
    );
}

#[test]
fn reach_is_a_design_field_and_the_lint_catches_a_basic_attack_beyond_it() {
    let dir = with_bat();
    let s = show(dir.path(), "cave-shrieker", &[]);
    assert!(s.contains("Space 2 x 2; Reach 2"), "{s}");
    std::fs::write(
        dir.path().join("bestiary/cave-shrieker.yaml"),
        BAT.replace("reach: 2\n", ""),
    )
    .unwrap();
    let out = stdout(&lairsmith(dir.path(), &["lint"]));
    assert!(
        out.contains("warning[reach]: Shriek: a basic melee attack reaches 2 squares but the monster's reach is 1; give the monster `reach: 2`"),
        "{out}"
    );
    // Every shipped monster's basic melee attack is within its reach.
    let shipped = stdout(&lairsmith(
        dir.path(),
        &["lint", concat!(env!("CARGO_MANIFEST_DIR"), "/bestiary")],
    ));
    assert!(!shipped.contains("warning[reach]"), "{shipped}");
    let maw = show(dir.path(), "aphelion-maw", &[]);
    assert!(maw.contains("Reach 4"), "{maw}");
}

#[test]
fn regeneration_and_variants_print_as_the_book_prints_them() {
    let dir = with_bat();
    let s = show(dir.path(), "cave-shrieker", &[]);
    assert!(s.contains("VARIANTS\nShrieker Matriarch\n  Older shriekers roost in pairs; Cave Shrieker has resist thunder 5."), "{s}");
    for (when, label) in [
        ("", "Regeneration 5"),
        ("unstaggered", "Unstaggered Regeneration 5"),
    ] {
        let file = if when.is_empty() {
            BAT.replace(
                "regeneration: {value: 5, when: staggered}",
                "regeneration: {value: 5}",
            )
        } else {
            BAT.replace("when: staggered", &format!("when: {when}"))
        };
        std::fs::write(dir.path().join("bestiary/cave-shrieker.yaml"), file).unwrap();
        let s = show(dir.path(), "cave-shrieker", &[]);
        assert!(
            s.contains(&format!("HP 37; Staggered 18; {label} ·")),
            "{s}"
        );
    }
}

#[test]
fn a_yaml_stat_block_is_not_read_back_as_a_design_and_format_design_prints_the_file() {
    let dir = with_bat();
    let yaml = show(dir.path(), "cave-shrieker", &["--format", "yaml"]);
    assert!(yaml.starts_with("kind: stat-block\n"), "{yaml}");
    let f = dir.path().join("exported.yaml");
    std::fs::write(&f, &yaml).unwrap();
    let o = lairsmith(dir.path(), &["show", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o)
            .contains("this is a stat block printed by `show --format yaml`, not a monster design")
            && stderr(&o).contains("`lairsmith show ID --format design` prints the design file"),
        "{}",
        stderr(&o)
    );
    // An export from before it carried its kind says the same.
    std::fs::write(&f, yaml.replacen("kind: stat-block\n", "", 1)).unwrap();
    let o = lairsmith(dir.path(), &["show", f.to_str().unwrap()]);
    assert!(
        stderr(&o).contains("this is a stat block printed by"),
        "{}",
        stderr(&o)
    );
    let design = show(dir.path(), "hedgemaw", &["--format", "design"]);
    assert_eq!(
        design,
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/bestiary/hedgemaw.yaml"
        ))
        .unwrap()
    );
}

#[test]
fn a_blind_monster_without_blindsight_ends_its_senses_with_blind() {
    let dir = with_bat();
    std::fs::write(
        dir.path().join("bestiary/cave-shrieker.yaml"),
        BAT.replace("blindsight 10, ", ""),
    )
    .unwrap();
    let s = show(dir.path(), "cave-shrieker", &[]);
    assert!(
        s.contains("Senses Perception +4 (passive 14); Tremorsense 5 (blind)\n"),
        "{s}"
    );
    std::fs::write(
        dir.path().join("bestiary/cave-shrieker.yaml"),
        BAT.replace("senses: [blindsight 10, tremorsense 5]\n", ""),
    )
    .unwrap();
    let s = show(dir.path(), "cave-shrieker", &[]);
    assert!(
        s.contains("Senses Perception +4 (passive 14) (blind)\n"),
        "{s}"
    );
}

#[test]
fn a_power_without_an_attack_roll_is_an_attack_when_it_makes_attacks_or_deals_damage() {
    let dir = with_bat();
    let more = "\
- name: Double Shriek
  usage: encounter
  action: standard
  origin: melee
  attacks: 2
  effect: '{name} makes two Shriek attacks.'
- name: Sonic Rend
  usage: encounter
  action: minor
  origin: near
  area: burst 1
  targets: each enemy in the burst
  damage: surge-multi
variants:
";
    std::fs::write(
        dir.path().join("bestiary/cave-shrieker.yaml"),
        BAT.replace("variants:\n", more),
    )
    .unwrap();
    let s = show(dir.path(), "cave-shrieker", &[]);
    for line in [
        "Double Shriek · Encounter Attack (Standard Action)",
        "Sonic Rend · Encounter Attack (Swift Action)",
        "Echo Step · Encounter Utility (Move Action)",
    ] {
        assert!(s.contains(line), "{line}\n{s}");
    }
}

#[test]
fn an_old_file_with_a_reach_override_still_reads_and_keeps_its_reach() {
    let dir = with_bat();
    std::fs::write(
        dir.path().join("bestiary/cave-shrieker.yaml"),
        BAT.replace("reach: 2\n", "")
            + "overrides:\n  reach:\n    value: 2\n    reason: a long neck\n",
    )
    .unwrap();
    let s = show(dir.path(), "cave-shrieker", &[]);
    assert!(s.contains("Space 2 x 2; Reach 2"), "{s}");
    let out = stdout(&lairsmith(dir.path(), &["lint"]));
    assert!(!out.contains("warning[reach]"), "{out}");
}

#[test]
fn every_loader_says_a_yaml_stat_block_is_not_a_design() {
    let dir = with_bat();
    let yaml = show(dir.path(), "hedgemaw", &["--format", "yaml"]);
    let f = dir.path().join("bestiary/exported.yaml");
    std::fs::write(&f, &yaml).unwrap();
    let said = |text: &str| {
        text.contains("exported.yaml")
            && text.contains(
                "this is a stat block printed by `show --format yaml`, not a monster design",
            )
    };
    // The bestiary skips it and says why; the rest loads.
    let list = lairsmith(dir.path(), &["list"]);
    assert!(said(&stderr(&list)), "{}", stderr(&list));
    assert!(stdout(&list).contains("cave-shrieker"));
    let fmt = lairsmith(dir.path(), &["fmt", f.to_str().unwrap()]);
    assert_eq!(fmt.status.code(), Some(1));
    assert!(said(&stderr(&fmt)), "{}", stderr(&fmt));
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        yaml,
        "fmt leaves it be"
    );
    let lint = lairsmith(dir.path(), &["lint", f.to_str().unwrap()]);
    assert_eq!(lint.status.code(), Some(1));
    assert!(said(&stdout(&lint)), "{}", stdout(&lint));
}
