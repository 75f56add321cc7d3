//! Work and numbers bounded by what a GM can mean (trust, round three): every case of the issue
//! refused at load with the limit's name and place, the largest accepted inputs answered whole,
//! and every number a monster file holds either within its documented range and printed as the
//! true arithmetic, or refused.
//!
//! What each case costs is measured in `benches/limits.sh` (BENCHMARKS.md), never here.

use crate::common;

use common::lairsmith;
use lairsmith_core::fixtures::limit_cases::{self, Case};
use lairsmith_core::limits;
use std::path::Path;

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).into_owned()
}

fn run(case: &Case) -> std::process::Output {
    let words: Vec<&str> = case.args.iter().map(String::as_str).collect();
    lairsmith(&case.dir, &words)
}

/// Each case once, written into one temporary root (about 60 MB, a few seconds in a debug build).
fn cases() -> (tempfile::TempDir, Vec<Case>) {
    let dir = tempfile::tempdir().unwrap();
    let cases = limit_cases::write_cases(dir.path()).unwrap();
    (dir, cases)
}

fn case<'a>(cases: &'a [Case], name: &str) -> &'a Case {
    cases.iter().find(|c| c.name == name).unwrap()
}

/// `FILE:LINE:COL:` somewhere in `s`, for `file` (a name inside the data directory).
fn located(s: &str, file: &str) -> bool {
    s.lines().any(|l| {
        l.split_once(file).is_some_and(|(_, rest)| {
            let mut parts = rest.split(':');
            parts.next() == Some("")
                && parts.next().is_some_and(|n| n.parse::<u32>().is_ok())
                && parts.next().is_some_and(|n| n.parse::<u32>().is_ok())
        })
    })
}

#[test]
fn every_case_past_a_limit_is_refused_at_load_naming_the_limit_and_its_place() {
    let (_dir, cases) = cases();
    for (name, file, says) in [
        (
            "adventure-past",
            "horde.yaml",
            "an encounter has at most 200 groups; this one has 9990",
        ),
        (
            "templates-past",
            "t0.yaml",
            "a template has at most 40 powers; this one has 5400",
        ),
        // Its escalating attacks pass a power's limit before its powers pass the list's.
        (
            "rerank-past",
            "crowned.yaml",
            "a power's number of attacks is 1 to 10, not 11",
        ),
    ] {
        let c = case(&cases, name);
        assert!(c.past_limit);
        let out = run(c);
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{name}: {err}");
        assert!(err.contains(says), "{name}: {err}");
        assert!(located(&err, file), "{name}: not located: {err}");
    }
    // A library past the byte limit: the monster that uses none of it still shows, and the
    // templates past the limit are named with it when asked for.
    let c = case(&cases, "library-past");
    let out = run(c);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = lairsmith(&c.dir, &["template", "show", "big-099"]);
    let err = text(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("lairsmith reads at most 1048576 bytes of templates in all"),
        "{err}"
    );
}

#[test]
fn an_adventure_that_lists_one_encounter_300_times_prints_it_once() {
    let (_dir, cases) = cases();
    let c = case(&cases, "adventure-at");
    let out = run(c);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let check = text(&out.stdout);
    // Every play is rated and levels the party: 200 groups of 2 hedgemaws, 800,000 XP a play.
    assert!(check.contains("800,000"), "{check}");
    let html = lairsmith(
        &c.dir,
        &[
            "adventure",
            "export",
            "road",
            "--format",
            "html",
            "--out",
            "-",
        ],
    );
    assert!(html.status.success(), "{}", text(&html.stderr));
    let html = text(&html.stdout);
    // One sheet per party level met, each pointing back for the repeats, and one stat block.
    let sheets = html.matches("<h3>Roster</h3>").count();
    let repeats = html
        .matches("The same encounter for the same party as encounter")
        .count();
    assert_eq!(sheets + repeats, 300, "{sheets} + {repeats}");
    assert!(sheets <= 30, "{sheets} full sheets");
    assert_eq!(html.matches("<section class=\"block\"").count(), 1);
    let md = lairsmith(
        &c.dir,
        &[
            "adventure",
            "export",
            "road",
            "--format",
            "md",
            "--out",
            "-",
        ],
    );
    assert!(md.status.success());
    let md = text(&md.stdout);
    assert_eq!(md.matches("#### Hedgemaw").count(), 1, "one stat block");
    // Each play still rolls its own treasure.
    assert!(md.matches("Treasure").count() >= 300);
}

#[test]
fn the_largest_accepted_inputs_answer_whole() {
    let (_dir, cases) = cases();
    for name in [
        "adventure-distinct-at",
        "templates-at",
        "templates-at-list",
        "templates-at-foundry",
        "rerank-at",
        "library-at",
    ] {
        let c = case(&cases, name);
        let out = run(c);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        assert!(!out.stdout.is_empty(), "{name}");
    }
    // 16 templates of 40 powers and 40 for the skulker: every one of the 1,320 powers shows.
    let c = case(&cases, "templates-at");
    let out = text(&run(c).stdout);
    for t in 0..16 {
        assert!(out.contains(&format!("t{t} power 39")), "t{t}");
        assert!(out.contains(&format!("t{t} skulker 39")), "t{t}");
    }
    assert!(
        !out.contains("t0 archer 0"),
        "a theme gives only the member's role"
    );
    // Veteran makes the boss elite, trimming attacks beyond an elite's but never the kit's.
    let c = case(&cases, "rerank-at");
    let out = text(&run(c).stdout);
    assert!(out.contains("Elite"), "{out}");
}

#[test]
fn an_encounter_takes_no_201st_group_from_any_command() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("encounters")).unwrap();
    let mut text200 = limit_cases::encounter("Wide", 200, true);
    std::fs::write(d.join("encounters/wide.yaml"), &text200).unwrap();
    assert!(
        lairsmith(d, &["encounter", "check", "wide"])
            .status
            .success()
    );
    // A 201st group through the command line is refused and the file is unchanged.
    let out = lairsmith(
        d,
        &[
            "encounter",
            "add",
            "wide",
            "hedgemaw",
            "--label",
            "One more",
        ],
    );
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("already has 200 groups, the most one holds"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(d.join("encounters/wide.yaml")).unwrap(),
        text200
    );
    // Merging into an existing group still works at the limit.
    let first = lairsmith_core::embedded::SHIPPED_IDS[0].0;
    let out = lairsmith(
        d,
        &["encounter", "add", "wide", first, "--label", "Group 0"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    // A file of 201 is refused where its groups start.
    text200.push_str("- monster: hedgemaw\n  count: 1\n  label: extra\n");
    std::fs::write(d.join("encounters/wide.yaml"), &text200).unwrap();
    let out = lairsmith(d, &["encounter", "check", "wide"]);
    let err = text(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("wide.yaml:7:1: an encounter has at most 200 groups; this one has 201"),
        "{err}"
    );
}

#[test]
fn xp_of_the_largest_encounter_sums_without_wrapping_or_clamping() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("bestiary")).unwrap();
    std::fs::create_dir_all(d.join("encounters")).unwrap();
    let hedgemaw = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("bestiary/hedgemaw.yaml"),
    )
    .unwrap();
    let rich = hedgemaw
        .replace("id: hedgemaw", "id: rich")
        .replace("name: Hedgemaw", "name: Rich")
        + "overrides:\n  xp:\n    value: 1000000\n    reason: the most a file may say\n";
    std::fs::write(d.join("bestiary/rich.yaml"), rich).unwrap();
    let mut e = String::from(
        "kind: encounter\nschema_version: 1\nname: Hoard\nparty:\n  size: 4\n  level: 30\ngroups:\n",
    );
    for i in 0..limits::GROUPS.max {
        e.push_str(&format!(
            "- monster: rich\n  count: 999\n  label: Heap {i}\n"
        ));
    }
    std::fs::write(d.join("encounters/hoard.yaml"), e).unwrap();
    let out = lairsmith(d, &["encounter", "check", "hoard", "--format", "yaml"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let y = text(&out.stdout);
    // 200 × 999 × 1,000,000, past u32 and exact.
    assert!(y.contains("xp: 199800000000"), "{y}");
    assert!(y.contains("xp_per_character: 49950000000"), "{y}");
    let out = lairsmith(d, &["encounter", "check", "hoard"]);
    assert!(text(&out.stdout).contains("199,800,000,000"));
}

/// The issue's own numbers: each refused with its range, where it stands.
#[test]
fn the_issues_extreme_numbers_are_refused_with_their_ranges() {
    let hedgemaw = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("bestiary/hedgemaw.yaml"),
    )
    .unwrap();
    let p = Path::new("m.yaml");
    for (patch, says) in [
        (
            "overrides:\n  xp:\n    value: 5000000000\n    reason: r\n",
            "an XP override is 0 to 1,000,000 XP, not 5000000000",
        ),
        (
            "overrides:\n  xp:\n    value: -500\n    reason: r\n",
            "an XP override is 0 to 1,000,000 XP, not -500",
        ),
        (
            "overrides:\n  perception:\n    value: 9223372036854775807\n    reason: r\n",
            "a bonus override is -99 to +99, not 9223372036854775807",
        ),
    ] {
        let e = lairsmith_core::monster::parse_monster(&(hedgemaw.clone() + patch), p).unwrap_err();
        assert!(e.message.contains(says), "{e}");
        assert!(e.line.is_some(), "{e}");
    }
    let e = lairsmith_core::monster::parse_monster(
        &hedgemaw.replace("  str: 20", "  str: -2147483648"),
        p,
    )
    .unwrap_err();
    assert!(
        e.message
            .contains("an ability score is 1 to 60, not -2147483648"),
        "{e}"
    );
    assert_eq!(e.line, Some(15), "{e}");
    let e = lairsmith_core::monster::parse_monster(
        &hedgemaw.replace("  attacks: 2", "  attacks: 4294967295"),
        p,
    )
    .unwrap_err();
    assert!(
        e.message
            .contains("a power's number of attacks is 1 to 10, not 4294967295"),
        "{e}"
    );
}

mod every_number {
    //! Every numeric field of a monster file, fed extreme values: a file is refused naming the
    //! field's range, or it loads within that range and every number printed from it is the
    //! true arithmetic (tests run with overflow checks on, so a wrapping sum panics here).
    use super::*;
    use proptest::prelude::*;

    /// A field of the test monster: where the number goes (`{}` in the text), and its range.
    struct Field {
        at: &'static str,
        limit: &'static limits::Limit,
    }

    /// Hedgemaw with one of each numeric field, each value a `{N}` to fill.
    const BASE: &str = "kind: monster
schema_version: 1
id: tester
name: Tester
level: 14
rank: elite
role: skulker
size: large
source: fey
type: monstrosity
abilities:
  str: {abilities}
  con: 12
  dex: 18
  int: 8
  wis: 10
  cha: 10
skills: [perception]
senses: [blindsight {sense}]
movement:
  walk: {speed}
  fly: 6
  traits: [maximum altitude {altitude}]
reach: {reach}
regeneration:
  value: {regeneration}
telepathy: {telepathy}
traits:
- name: Stink
  aura: {aura}
  text: Enemies in the aura are unhappy.
powers:
- name: Lash
  basic: true
  usage: at-will
  action: standard
  origin: melee
  range: {range}
  attacks: {attacks}
  attack:
    defense: ac
  damage: at-will-single
  overrides:
    attack:
      value: {attack}
      reason: r
- name: Bloom
  usage: refresh
  refresh: [{refresh}]
  action: standard
  origin: near
  area: burst {area}
  attack:
    defense: reflex
  damage: surge-multi
- name: Twin Lash
  usage: at-will
  action: standard
  origin: melee
  targets: one creature
  attacks: 2
  attack:
    defense: ac
  damage: at-will-single
overrides:
  xp: {value: {xp}, reason: r}
  hp: {value: {hp}, reason: r}
  ac: {value: {defense}, reason: r}
  saving_throw_bonus: {value: {bonus}, reason: r}
  action_points: {value: {points}, reason: r}
  initiative: {value: {initiative}, reason: r}
  perception: {value: {perception}, reason: r}
  speed: {value: {speed_override}, reason: r}
  reach: {value: {reach_override}, reason: r}
";

    fn fields() -> Vec<Field> {
        use limits::*;
        [
            ("abilities", &ABILITY_SCORE),
            ("sense", &SENSE_RANGE),
            ("speed", &SPEED),
            ("altitude", &ALTITUDE),
            ("reach", &REACH),
            ("regeneration", &REGENERATION),
            ("telepathy", &TELEPATHY),
            ("aura", &AURA),
            ("range", &POWER_RANGE),
            ("attacks", &ATTACKS),
            ("attack", &BONUS_OVERRIDE),
            ("refresh", &REFRESH_FACE),
            ("area", &AREA_SIZE),
            ("xp", &XP_OVERRIDE),
            ("hp", &HP_OVERRIDE),
            ("defense", &DEFENSE_OVERRIDE),
            ("bonus", &BONUS_OVERRIDE),
            ("points", &COUNT_OVERRIDE),
            ("initiative", &BONUS_OVERRIDE),
            ("perception", &BONUS_OVERRIDE),
            ("speed_override", &SPEED_OVERRIDE),
            ("reach_override", &REACH_OVERRIDE),
        ]
        .into_iter()
        .map(|(at, limit)| Field { at, limit })
        .collect()
    }

    /// A valid value for every field: the middle of its range.
    fn middle(l: &limits::Limit) -> i128 {
        i128::from(l.min + (l.max - l.min) / 2)
    }

    /// The values an attacker reaches for, around the range and the integer types.
    fn extreme(l: &'static limits::Limit) -> impl Strategy<Value = String> {
        let (min, max) = (i128::from(l.min), i128::from(l.max));
        prop_oneof![
            Just(min - 1),
            Just(min),
            Just(max),
            Just(max + 1),
            Just(-1),
            Just(0),
            Just(i128::from(i32::MAX)),
            Just(i128::from(i32::MIN)),
            Just(i128::from(u32::MAX)),
            Just(i128::from(u32::MAX) + 1),
            Just(i128::from(i64::MAX)),
            Just(i128::from(i64::MIN)),
            Just(i128::from(u64::MAX)),
            Just(i128::from(u64::MAX) + 1),
            Just(12_345_678_901_234_567_890_123),
            (min - 1000..max + 1000),
        ]
        .prop_map(|n| n.to_string())
    }

    fn fill(chosen: &str, value: &str) -> String {
        let mut text = BASE.to_owned();
        for f in fields() {
            let v = if f.at == chosen {
                value.to_owned()
            } else {
                middle(f.limit).to_string()
            };
            text = text.replace(&format!("{{{}}}", f.at), &v);
        }
        text
    }

    fn floor_half(n: i64) -> i64 {
        n.div_euclid(2)
    }

    fn check(field: &Field, value: &str) {
        let text = fill(field.at, value);
        let n: i128 = value.parse().unwrap();
        let p = Path::new("tester.yaml");
        match lairsmith_core::monster::parse_monster(&text, p) {
            Err(e) => {
                let inside = i64::try_from(n).is_ok_and(|n| field.limit.contains(n));
                assert!(
                    !inside,
                    "{} = {value} is in range but refused: {e}",
                    field.at
                );
                assert!(
                    e.message.contains(&field.limit.range_text())
                        || e.message.contains("far outside every range"),
                    "{} = {value}: {e}",
                    field.at
                );
                assert!(e.line.is_some(), "{} = {value}: not located: {e}", field.at);
            }
            Ok(design) => {
                let v = i64::try_from(n).unwrap();
                assert!(
                    field.limit.contains(v),
                    "{} = {value} loaded outside {}",
                    field.at,
                    field.limit.range_text()
                );
                let lib = lairsmith_core::monster::template::MonsterTemplates::shipped();
                let (b, findings) =
                    lairsmith_core::monster::block_and_findings(&design, &lib, None);
                assert!(findings.iter().all(|f| !f.message.contains("give 0")));
                // The true arithmetic of what was set.
                let level = i64::from(b.level);
                let str_score = i64::from(b.abilities.str.score);
                assert_eq!(
                    i64::from(b.abilities.str.modifier),
                    floor_half(str_score - 10) + level / 2
                );
                assert_eq!(b.passive_perception, 10 + b.perception);
                assert_eq!(b.staggered, b.hp / 2);
                assert_eq!(b.recovery_value, b.hp / 4);
                match field.at {
                    "abilities" => assert_eq!(str_score, v),
                    "xp" => assert_eq!(b.xp, v),
                    "hp" => assert_eq!(b.hp, v),
                    "defense" => assert_eq!(b.defenses.ac, v),
                    "perception" => assert_eq!(b.perception, v),
                    "initiative" => assert_eq!(b.initiative, v),
                    "bonus" => assert_eq!(b.saving_throw_bonus, v),
                    "points" => assert_eq!(b.action_points, v),
                    "speed_override" => assert_eq!(b.speed, v),
                    "reach_override" => assert_eq!(b.reach, v),
                    _ => {}
                }
                // Every rendering takes the numbers without a panic.
                for f in [
                    lairsmith_core::export::Format::Text,
                    lairsmith_core::export::Format::Markdown,
                    lairsmith_core::export::Format::Yaml,
                ] {
                    let out = lairsmith_core::export::render(&b, f);
                    assert!(!out.is_empty());
                }
                let _ = lairsmith_core::export::foundry::actor(&b);
            }
        }
    }

    #[test]
    fn the_base_monster_loads() {
        let text = fill("", "");
        lairsmith_core::monster::parse_monster(&text, Path::new("tester.yaml")).unwrap();
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]
        #[test]
        fn every_number_is_in_its_range_and_true_or_refused(
            (i, value) in (0..fields().len()).prop_flat_map(|i| (Just(i), extreme(fields()[i].limit))),
        ) {
            check(&fields()[i], &value);
        }
    }

    /// Each field at each extreme, once (the property test above samples the same space).
    #[test]
    fn every_field_at_every_edge() {
        for f in fields() {
            let (min, max) = (i128::from(f.limit.min), i128::from(f.limit.max));
            for n in [
                min - 1,
                min,
                max,
                max + 1,
                i128::from(i64::MAX),
                i128::from(i64::MIN),
                i128::from(u64::MAX) + 1,
            ] {
                check(&f, &n.to_string());
            }
        }
    }
}

/// The guide's table of limits (`docs/src/reference/limits.md`) is `limits::markdown_table()`;
/// `UPDATE_DOCS=1 cargo test --test it docs::` rewrites it.
#[test]
fn the_readme_lists_every_limit() {
    crate::docs::generated::check_between(
        "docs/src/reference/limits.md",
        "<!-- limits:start -->\n",
        "<!-- limits:end -->",
        &limits::markdown_table(),
    );
}
