//! Each character's numbers in the party file (issue 34 §2; RULINGS P11, P20): read through
//! their ranges and the rules between them, kept on every write, set by `party stats`, and
//! changed by `party rest --short` and `--long` as the book's rests say. The library functions
//! the fight and the UI call (`set_stats`, `rest_party`, the `Member` accessors) are the
//! commands' own.

use crate::common;

use common::{lairsmith, stderr, stdout};
use lairsmith_core::DataDir;
use lairsmith_core::encounter::{
    DataError, Member, PartyFile, Rest, StatsChange, count_encounter, parse_party, rest_party,
    set_stats,
};
use std::path::Path;

fn ok(o: &std::process::Output) -> String {
    assert!(
        o.status.success(),
        "exit {:?}: {}{}",
        o.status.code(),
        stdout(o),
        stderr(o)
    );
    stdout(o)
}

fn party_at(path: &Path) -> PartyFile {
    parse_party(&std::fs::read_to_string(path).unwrap(), path).unwrap()
}

/// A party with every number a character and a party may hold, as lairsmith writes it.
const FULL: &str = "kind: party
schema_version: 1
name: The Lanterns
members:
- name: Ana
  level: 3
  xp: 2600
  max_hp: 30
  hp: 12
  ac: 17
  fortitude: 15
  reflex: 14
  will: 13
  initiative: 3
  save: 1
  recoveries: 7
  recoveries_left: 5
  recovery_value: 8
  action_points: 2
  death_failures: 1
  perception: 14
  insight: 12
- name: Bo
  level: 3
  max_hp: 26
  hp: -4
  initiative: -1
  save: -2
  recoveries: 6
  death_failures: 2
- level: 4
encounters_since_rest: 3
x-mine: kept
";

/// A party of names and levels, as lairsmith wrote party files before they held numbers.
const PLAIN: &str = "kind: party
schema_version: 1
name: Crew
members:
- name: Ana
  level: 3
- name: Bo
  level: 4
  xp: 4000
- level: 5
";

/// A data directory holding `text` as the saved party `id`.
fn saved(text: &str, id: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("parties")).unwrap();
    let path = dir.path().join(format!("parties/{id}.yaml"));
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn every_number_reads_writes_back_as_it_was_and_gives_its_effective_value() {
    let path = Path::new("parties/the-lanterns.yaml");
    let p = parse_party(FULL, path).unwrap();
    let (ana, bo, cy) = (&p.members[0], &p.members[1], &p.members[2]);
    assert_eq!(
        (ana.max_hp, ana.hp, ana.defenses(), ana.initiative),
        (
            Some(30),
            Some(12),
            [Some(17), Some(15), Some(14), Some(13)],
            Some(3)
        )
    );
    assert_eq!(
        (
            ana.save(),
            ana.recoveries,
            ana.recoveries_left(),
            ana.recovery_value()
        ),
        (1, Some(7), Some(5), Some(8))
    );
    assert_eq!(
        (
            ana.action_points(),
            ana.death_failures(),
            ana.perception,
            ana.insight
        ),
        (2, 1, Some(14), Some(12))
    );
    assert_eq!(p.encounters_since_rest, 3);
    // What the file leaves out has the value P11 and P20 give it.
    assert_eq!(bo.hp_now(), Some(-4));
    assert_eq!(bo.recoveries_left(), Some(6), "all of them");
    assert_eq!(
        bo.recovery_value(),
        Some(6),
        "a quarter of 26, rounded down"
    );
    assert_eq!(bo.action_points(), 1);
    assert_eq!((bo.save(), bo.death_failures()), (-2, 2));
    assert_eq!(
        (cy.hp_now(), cy.recovery_value(), cy.recoveries_left()),
        (None, None, None)
    );
    assert_eq!(
        (cy.save(), cy.action_points(), cy.death_failures()),
        (0, 1, 0)
    );
    assert!(ana.has_numbers() && !cy.has_numbers());
    // Written back byte for byte, the `x-` value with it.
    assert_eq!(lairsmith_core::yaml_io::to_string(&p), FULL);

    // A change of another field through the command line keeps every number.
    let (dir, path) = saved(FULL, "the-lanterns");
    ok(&lairsmith(
        dir.path(),
        &["party", "level-up", "the-lanterns", "--member", "#3"],
    ));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        FULL.replace("- level: 4\n", "- level: 5\n")
    );
}

#[test]
fn a_party_of_names_and_levels_reads_and_writes_byte_for_byte_as_before() {
    let p = parse_party(PLAIN, Path::new("crew.yaml")).unwrap();
    assert!(p.members.iter().all(|m| !m.has_numbers()));
    assert_eq!(p.encounters_since_rest, 0);
    assert_eq!(lairsmith_core::yaml_io::to_string(&p), PLAIN);

    // Printing a character's numbers, and either rest, leave such a file as it was.
    let (dir, path) = saved(PLAIN, "crew");
    let d = dir.path();
    let shown = ok(&lairsmith(d, &["party", "stats", "crew", "ana"]));
    assert!(
        shown.contains("  Maximum HP           not set\n"),
        "{shown}"
    );
    let rested = ok(&lairsmith(d, &["party", "rest", "crew", "--long"]));
    assert_eq!(
        rested,
        "The party `crew` took a long rest (P20):\n  Ana: no change\n  Bo: no change\n  #3: no change\n  Encounters since the last long rest: 0\n"
    );
    ok(&lairsmith(d, &["party", "rest", "crew", "--short"]));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), PLAIN);
    // Its `party list --format yaml` is what it was.
    assert_eq!(
        ok(&lairsmith(d, &["party", "list", "--format", "yaml"])),
        "- id: crew\n  name: Crew\n  members:\n  - name: Ana\n    level: 3\n  - name: Bo\n    level: 4\n    xp: 4000\n  - level: 5\n"
    );
}

/// Each number outside its range is refused at its own line, with the range in words
/// (`limits/`; the guide's Limits and guarantees page lists them).
#[test]
fn each_number_outside_its_range_is_refused_at_its_line_with_the_range_in_words() {
    let cases = [
        (
            "max_hp: 30",
            "max_hp: 0",
            8,
            "a character's maximum HP is 1 to 9,999, not 0",
        ),
        (
            "max_hp: 30",
            "max_hp: 10000",
            8,
            "a character's maximum HP is 1 to 9,999, not 10000",
        ),
        (
            "hp: 12",
            "hp: -10000",
            9,
            "a character's current HP is -9,999 to +9,999, not -10000",
        ),
        (
            "ac: 17",
            "ac: 0",
            10,
            "a character's defense is 1 to 99, not 0",
        ),
        (
            "fortitude: 15",
            "fortitude: 100",
            11,
            "a character's defense is 1 to 99, not 100",
        ),
        (
            "reflex: 14",
            "reflex: -1",
            12,
            "a character's defense is 1 to 99, not -1",
        ),
        (
            "will: 13",
            "will: 5000000000",
            13,
            "a character's defense is 1 to 99, not 5000000000",
        ),
        (
            "initiative: 3",
            "initiative: 51",
            14,
            "a character's initiative modifier is -20 to +50, not 51",
        ),
        (
            "save: 1",
            "save: -11",
            15,
            "a character's saving throw bonus is -10 to +20, not -11",
        ),
        (
            "recoveries: 7",
            "recoveries: 51",
            16,
            "a character's number of recoveries is 0 to 50, not 51",
        ),
        (
            "recoveries_left: 5",
            "recoveries_left: -1",
            17,
            "a character's number of recoveries is 0 to 50, not -1",
        ),
        (
            "recovery_value: 8",
            "recovery_value: 0",
            18,
            "a character's recovery value is 1 to 5,000 hit points, not 0",
        ),
        (
            "action_points: 2",
            "action_points: 21",
            19,
            "a character's number of action points is 0 to 20, not 21",
        ),
        (
            "death_failures: 1",
            "death_failures: 3",
            20,
            "a character's number of death-save failures is 0 to 2, not 3",
        ),
        (
            "perception: 14",
            "perception: 100",
            21,
            "a character's passive Perception or Insight is 0 to 99, not 100",
        ),
        (
            "insight: 12",
            "insight: -1",
            22,
            "a character's passive Perception or Insight is 0 to 99, not -1",
        ),
        (
            "encounters_since_rest: 3",
            "encounters_since_rest: 1001",
            32,
            "a party's number of encounters since its last long rest is 0 to 1,000, not 1001",
        ),
    ];
    let path = Path::new("parties/the-lanterns.yaml");
    for (good, bad, line, why) in cases {
        assert_eq!(
            FULL.lines().nth(line - 1).unwrap().trim(),
            good,
            "line {line}"
        );
        let text = FULL.replacen(good, bad, 1);
        let e = parse_party(&text, path).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("parties/the-lanterns.yaml:{line}:")) && e.ends_with(why),
            "{bad}: {e}"
        );
    }
}

/// The rules between a character's numbers, which no range says, are refused at the line of
/// the number that breaks them, in a party file and in an encounter's or adventure's own party.
#[test]
fn current_hp_above_the_maximum_and_recoveries_left_above_the_day_are_refused_at_their_line() {
    let path = Path::new("parties/the-lanterns.yaml");
    let refused = |text: &str| parse_party(text, path).unwrap_err().to_string();
    // Healing: "A creature's hit points can't exceed its hit point maximum".
    assert_eq!(
        refused(&FULL.replacen("hp: 12", "hp: 31", 1)),
        "parties/the-lanterns.yaml:9:3: Ana's current HP, 31, are above the maximum HP, 30 (Healing: \"a creature's hit points can't exceed its hit point maximum\")"
    );
    assert_eq!(
        refused(&FULL.replacen("  max_hp: 30\n", "", 1)),
        "parties/the-lanterns.yaml:8:3: Ana has current HP (`hp:`) but no maximum HP (`max_hp:`); current HP are only kept beside a maximum"
    );
    assert_eq!(
        refused(&FULL.replacen("recoveries_left: 5", "recoveries_left: 8", 1)),
        "parties/the-lanterns.yaml:17:3: Ana has 8 recoveries left, more than the 7 recoveries a day (a long rest restores them to their maximum)"
    );
    assert_eq!(
        refused(&FULL.replacen("  recoveries: 7\n", "", 1)),
        "parties/the-lanterns.yaml:16:3: Ana has recoveries left (`recoveries_left:`) but no recoveries a day (`recoveries:`); recoveries left are only kept beside the recoveries a day"
    );
    // An unnamed member is named by its place.
    let text = FULL.replacen("- level: 4\n", "- level: 4\n  hp: 3\n", 1);
    assert!(
        refused(&text).ends_with("party member 3 has current HP (`hp:`) but no maximum HP (`max_hp:`); current HP are only kept beside a maximum"),
        "{}",
        refused(&text)
    );
    // At the maximum is not above it; `~` is no number.
    parse_party(&FULL.replacen("hp: 12", "hp: 30", 1), path).unwrap();
    parse_party(&FULL.replacen("hp: 12", "hp: ~", 1), path).unwrap();

    // An encounter's and an adventure's inline party hold the same numbers, checked alike.
    let members = "party:\n  members:\n  - name: Ana\n    level: 3\n    max_hp: 30\n    hp: 12\n    recoveries: 7\n";
    let encounter = format!(
        "kind: encounter\nschema_version: 1\nname: Ford\n{members}groups:\n- monster: hedgemaw\n"
    );
    let e = lairsmith_core::encounter::parse_encounter(&encounter, Path::new("ford.yaml")).unwrap();
    let inline = e.party.inline().unwrap();
    assert_eq!(inline.members[0].hp_now(), Some(12));
    let e = lairsmith_core::encounter::parse_encounter(
        &encounter.replace("hp: 12", "hp: 40"),
        Path::new("ford.yaml"),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "ford.yaml:9:5: Ana's current HP, 40, are above the maximum HP, 30 (Healing: \"a creature's hit points can't exceed its hit point maximum\")"
    );
    let adventure =
        format!("kind: adventure\nschema_version: 1\nname: Road\n{members}encounters: []\n");
    lairsmith_core::adventure::parse_adventure(&adventure, Path::new("road.yaml")).unwrap();
    let e = lairsmith_core::adventure::parse_adventure(
        &adventure.replace("    max_hp: 30\n", ""),
        Path::new("road.yaml"),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "road.yaml:8:5: Ana has current HP (`hp:`) but no maximum HP (`max_hp:`); current HP are only kept beside a maximum"
    );
}

/// An encounter written for a party with numbers keeps each character, numbers and all,
/// rather than `{size, level}`.
#[test]
fn an_inline_party_with_numbers_is_written_member_by_member() {
    let mut party = lairsmith_core::encounter::Party::uniform(2, "3".parse().unwrap());
    assert!(matches!(
        lairsmith_core::encounter::PartyRef::from_party(&party),
        lairsmith_core::encounter::PartyRef::Uniform { .. }
    ));
    party.members[1].max_hp = Some(30);
    let r = lairsmith_core::encounter::PartyRef::from_party(&party);
    assert_eq!(r.inline().unwrap(), party);
}

#[test]
fn party_stats_sets_numbers_prints_them_and_refuses_bad_ones_writing_nothing() {
    let (dir, path) = saved(PLAIN, "crew");
    let d = dir.path();
    std::fs::write(&path, format!("{PLAIN}x-note: met in Tallow\n")).unwrap();
    let out = ok(&lairsmith(
        d,
        &[
            "party",
            "stats",
            "crew",
            "ANA",
            "--hp",
            "30",
            "--hp-now",
            "-4",
            "--ac",
            "17",
            "--fortitude",
            "15",
            "--reflex",
            "14",
            "--will",
            "13",
            "--initiative",
            "-2",
            "--save",
            "1",
            "--recoveries",
            "7",
            "--recoveries-left",
            "5",
            "--action-points",
            "2",
            "--perception",
            "14",
            "--insight",
            "12",
        ],
    ));
    assert_eq!(
        out,
        "Ana (level 3) of the party `crew` now has (P11):
  Maximum HP           30
  Current HP           -4
  AC                   17
  Fortitude            15
  Reflex               14
  Will                 13
  Initiative           -2
  Saving throws        +1
  Recoveries           5 of 7 left
  Recovery value       7 (a quarter of maximum HP, rounded down: P11)
  Action points        2
  Death-save failures  0 (none given)
  Passive Perception   14
  Passive Insight      12
"
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.ends_with("x-note: met in Tallow\n"), "{text}");
    let ana = &party_at(&path).members[0];
    assert_eq!(
        (
            ana.max_hp,
            ana.hp,
            ana.initiative,
            ana.recoveries_left,
            ana.action_points
        ),
        (Some(30), Some(-4), Some(-2), Some(5), Some(2))
    );
    // A member by place; the numbers not given stay.
    ok(&lairsmith(
        d,
        &["party", "stats", "crew", "#1", "--recovery-value", "9"],
    ));
    let ana = &party_at(&path).members[0];
    assert_eq!((ana.recovery_value, ana.ac), (Some(9), Some(17)));
    // With no number, the numbers as they are, the file untouched.
    let before = std::fs::read(&path).unwrap();
    let shown = ok(&lairsmith(d, &["party", "stats", "crew", "bo"]));
    assert!(
        shown.starts_with(
            "Bo (level 4) of the party `crew` has (P11):\n  Maximum HP           not set\n"
        ),
        "{shown}"
    );
    assert!(
        shown.contains("  Saving throws        +0 (none given)\n"),
        "{shown}"
    );
    assert!(
        shown.contains("  Action points        1 (none given)\n"),
        "{shown}"
    );

    // Every number outside its flag's range: the range in words, exit 2, nothing written.
    for (flag, bad, why) in [
        ("--hp", "0", "a character's maximum HP is 1 to 9,999, not 0"),
        (
            "--hp-now",
            "-10000",
            "a character's current HP is -9,999 to +9,999, not -10000",
        ),
        ("--ac", "100", "a character's defense is 1 to 99, not 100"),
        (
            "--fortitude",
            "0",
            "a character's defense is 1 to 99, not 0",
        ),
        (
            "--reflex",
            "x",
            "`x` is not a whole number; a character's defense is 1 to 99",
        ),
        ("--will", "100", "a character's defense is 1 to 99, not 100"),
        (
            "--initiative",
            "-21",
            "a character's initiative modifier is -20 to +50, not -21",
        ),
        (
            "--save",
            "21",
            "a character's saving throw bonus is -10 to +20, not 21",
        ),
        (
            "--recoveries",
            "51",
            "a character's number of recoveries is 0 to 50, not 51",
        ),
        (
            "--recoveries-left",
            "-1",
            "a character's number of recoveries is 0 to 50, not -1",
        ),
        (
            "--recovery-value",
            "5001",
            "a character's recovery value is 1 to 5,000 hit points, not 5001",
        ),
        (
            "--action-points",
            "21",
            "a character's number of action points is 0 to 20, not 21",
        ),
        (
            "--perception",
            "100",
            "a character's passive Perception or Insight is 0 to 99, not 100",
        ),
        (
            "--insight",
            "-1",
            "a character's passive Perception or Insight is 0 to 99, not -1",
        ),
    ] {
        let o = lairsmith(
            d,
            &["party", "stats", "crew", "Bo", &format!("{flag}={bad}")],
        );
        assert_eq!(o.status.code(), Some(2), "{flag}: {}", stderr(&o));
        assert!(stderr(&o).contains(why), "{flag}: {}", stderr(&o));
    }
    // The rules between the numbers: exit 1, nothing written.
    for (args, why) in [
        (
            &["--hp-now", "31"][..],
            "Ana's current HP, 31, are above the maximum HP, 30 (Healing: \"a creature's hit points can't exceed its hit point maximum\"); the party `crew` was not changed",
        ),
        (
            &["--hp-now", "25", "--hp", "20"][..],
            "Ana's current HP, 25, are above the maximum HP, 20",
        ),
        (
            &["--recoveries", "4"][..],
            "Ana has 5 recoveries left, more than the 4 recoveries a day",
        ),
    ] {
        let mut all = vec!["party", "stats", "crew", "Ana"];
        all.extend(args);
        let o = lairsmith(d, &all);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert!(stderr(&o).contains(why), "{args:?}: {}", stderr(&o));
    }
    assert!(stderr(&lairsmith(d, &["party", "stats", "crew", "bo", "--hp-now", "3"])).contains(
        "Bo has current HP (`hp:`) but no maximum HP (`max_hp:`); current HP are only kept beside a maximum; the party `crew` was not changed"
    ));
    let o = lairsmith(d, &["party", "stats", "crew", "Anna", "--ac", "3"]);
    assert_eq!(
        stderr(&o),
        "lairsmith: the party `crew` has no member `Anna` (did you mean `Ana`?); its members: Ana, Bo, #3\n"
    );
    let o = lairsmith(d, &["party", "stats", "crw", "Ana"]);
    assert!(
        stderr(&o).contains("did you mean `crew`?"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // `party list --format yaml` shows them.
    let listed = ok(&lairsmith(d, &["party", "list", "--format", "yaml"]));
    assert!(
        listed.contains("    max_hp: 30\n    hp: -4\n    ac: 17\n"),
        "{listed}"
    );

    // The library function the UI calls: the same rules, the member's place.
    let data = DataDir::new(d);
    let change = StatsChange {
        max_hp: Some(40),
        hp: Some(40),
        ..Default::default()
    };
    let (file, i) = set_stats(&data, "crew", "bo", &change).unwrap();
    assert_eq!((i, file.members[1].hp_now()), (1, Some(40)));
    let bad = StatsChange {
        ac: Some(0),
        ..Default::default()
    };
    assert!(matches!(
        set_stats(&data, "crew", "bo", &bad),
        Err(DataError::NumberOutOfRange { .. })
    ));
}

/// A party of three for the rests: Ana hurt with recoveries left, Bo knocked out, Cy with no
/// numbers but a death-save failure, Di with recoveries and no HP.
const RESTING: &str = "kind: party
schema_version: 1
name: Crew
members:
- name: Ana
  level: 3
  max_hp: 30
  hp: 12
  recoveries: 7
  recoveries_left: 6
  action_points: 2
  death_failures: 2
- name: Bo
  level: 3
  max_hp: 26
  hp: -5
  recoveries: 6
  recoveries_left: 1
- name: Cy
  level: 3
  death_failures: 1
- name: Di
  level: 3
  recoveries: 3
encounters_since_rest: 3
";

/// The short rest (P20), each rule from the book:
/// - Recoveries: "When you use a recovery, regain lost hit points equal to your recovery
///   value"; "Recovery Value: Equal to one-quarter your maximum HP."
/// - Healing: "A creature's hit points can't exceed its hit point maximum"; Healing on
///   Negative HP: "simply add the healing to 0 to determine your current HP".
/// - Knocking a Creature Out: "The creature falls unconscious. It heals 1 HP after a short
///   rest."
/// - Death Saving Throws: "The number of failures is reset to zero when you take a short or
///   long rest."
#[test]
fn a_short_rest_spends_the_recoveries_given_wakes_the_knocked_out_and_resets_failures() {
    let (dir, path) = saved(RESTING, "crew");
    let d = dir.path();
    let out = ok(&lairsmith(
        d,
        &[
            "party", "rest", "crew", "--short", "--spend", "Ana=2", "--spend", "di=1",
        ],
    ));
    assert_eq!(
        out,
        "The party `crew` took a short rest (P20):
  Ana: 12 → 26 HP, 2 recoveries spent (4 left), death-save failures 2 → 0
  Bo: -5 → 1 HP (knocked out: 1 HP after a short rest)
  Cy: death-save failures 1 → 0
  Di: 1 recovery spent (2 left), no maximum HP in the party file, so no HP regained here [ours]
  Encounters since the last long rest: 3 (a short rest does not end the streak)
"
    );
    let p = party_at(&path);
    let (ana, bo, cy, di) = (&p.members[0], &p.members[1], &p.members[2], &p.members[3]);
    // 12 + 2 × 7 (a quarter of 30, rounded down).
    assert_eq!(
        (ana.hp, ana.recoveries_left, ana.death_failures),
        (Some(26), Some(4), None)
    );
    assert_eq!(
        ana.action_points(),
        2,
        "a short rest gives no action point back"
    );
    assert_eq!(bo.hp, Some(1));
    assert_eq!(cy.death_failures, None);
    assert_eq!((di.recoveries_left, di.hp_now()), (Some(2), None));
    assert_eq!(p.encounters_since_rest, 3);

    // Never above the maximum: 26 + 2 × 7 stops at 30.
    let out = ok(&lairsmith(
        d,
        &["party", "rest", "crew", "--short", "--spend", "ana=2"],
    ));
    assert!(
        out.contains("  Ana: 26 → 30 HP, 2 recoveries spent (2 left)\n"),
        "{out}"
    );
    // From negative HP a recovery counts from 0 (Bo regains 6 from -5, not 1).
    std::fs::write(&path, RESTING).unwrap();
    let out = ok(&lairsmith(
        d,
        &["party", "rest", "crew", "--short", "--spend", "Bo=1"],
    ));
    assert!(
        out.contains("  Bo: -5 → 6 HP, 1 recovery spent (0 left)\n"),
        "{out}"
    );

    // More than are left, a member named twice, a member with no recoveries: refused with what
    // is left, nothing written.
    let before = std::fs::read(&path).unwrap();
    for (spend, why) in [
        (
            &["--spend", "Bo=1"][..],
            "lairsmith: Bo has 0 recoveries left, so cannot spend 1; the party `crew` was not changed\n",
        ),
        (
            &["--spend", "Ana=7"][..],
            "lairsmith: Ana has 6 recoveries left, so cannot spend 7; the party `crew` was not changed\n",
        ),
        (
            &["--spend", "Ana=1", "--spend", "#1=1"][..],
            "lairsmith: Ana is given recoveries to spend twice; give each character's once; the party `crew` was not changed\n",
        ),
        (
            &["--spend", "Cy=1"][..],
            "lairsmith: Cy has no recoveries in the party file (`recoveries:`), so none can be spent; the party `crew` was not changed\n",
        ),
        (
            &["--spend", "Zed=1"][..],
            "lairsmith: the party `crew` has no member `Zed`; its members: Ana, Bo, Cy, Di\n",
        ),
    ] {
        let mut args = vec!["party", "rest", "crew", "--short"];
        args.extend(spend);
        let o = lairsmith(d, &args);
        assert_eq!(o.status.code(), Some(1), "{spend:?}");
        assert_eq!(stderr(&o), why);
    }
    for (args, why) in [
        (&["--short", "--spend", "Ana"][..], "`Ana` is not MEMBER=N"),
        (
            &["--short", "--spend", "Ana=51"][..],
            "a character's number of recoveries is 0 to 50, not 51",
        ),
        (
            &["--long", "--spend", "Ana=1"][..],
            "the argument '--long' cannot be used with '--spend <MEMBER=N>'",
        ),
        (&[][..], "<--short|--long>"),
    ] {
        let mut all = vec!["party", "rest", "crew"];
        all.extend(args);
        let o = lairsmith(d, &all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(why), "{args:?}: {}", stderr(&o));
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

/// The long rest (P20), each rule from the book:
/// - Health, healing and the adventuring day: after a long rest "characters heal to maximum HP
///   and have their recoveries restored to maximum".
/// - Action Points: "A player character's Action Points are reset to 1 after each long rest."
/// - Death Saving Throws: "The number of failures is reset to zero when you take a short or
///   long rest."
/// - Streak: "After every two encounter that the heroes have without stopping for a long rest,
///   they gain an action point": the count starts again.
#[test]
fn a_long_rest_restores_hp_recoveries_and_action_points_and_ends_the_streak() {
    let (dir, path) = saved(&format!("{RESTING}x-mine: kept\n"), "crew");
    let out = ok(&lairsmith(dir.path(), &["party", "rest", "crew", "--long"]));
    assert_eq!(
        out,
        "The party `crew` took a long rest (P20):
  Ana: 12 → 30 HP, recoveries 6 → 7 left, action points 2 → 1, death-save failures 2 → 0
  Bo: -5 → 26 HP, recoveries 1 → 6 left
  Cy: death-save failures 1 → 0
  Di: no change
  Encounters since the last long rest: 3 → 0
"
    );
    // Each number at its long-rest value is left out of the file: full HP, every recovery, one
    // action point, no failures.
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "kind: party
schema_version: 1
name: Crew
members:
- name: Ana
  level: 3
  max_hp: 30
  recoveries: 7
- name: Bo
  level: 3
  max_hp: 26
  recoveries: 6
- name: Cy
  level: 3
- name: Di
  level: 3
  recoveries: 3
x-mine: kept
"
    );
    let p = party_at(&path);
    assert_eq!(
        (
            p.members[0].hp_now(),
            p.members[0].recoveries_left(),
            p.members[0].action_points()
        ),
        (Some(30), Some(7), 1)
    );
}

/// P3 "the dead regain nothing" **[ours]** for rests: a character at minus its staggered value
/// or worse (Instant Death) is left as it is, and spending its recoveries is refused.
#[test]
fn a_dead_character_gets_nothing_from_a_rest() {
    let dead = RESTING.replacen("hp: -5", "hp: -13", 1);
    let (dir, path) = saved(&dead, "crew");
    let d = dir.path();
    let out = ok(&lairsmith(d, &["party", "rest", "crew", "--long"]));
    assert!(
        out.contains("  Bo: dead at -13 HP (minus the staggered value or worse, P3): the dead regain nothing\n"),
        "{out}"
    );
    assert_eq!(party_at(&path).members[1].hp, Some(-13));
    let o = lairsmith(d, &["party", "rest", "crew", "--short", "--spend", "bo=1"]);
    assert_eq!(
        stderr(&o),
        "lairsmith: Bo is dead at -13 HP (minus the staggered value or worse, P3), and the dead regain nothing; the party `crew` was not changed\n"
    );
}

/// The library's rest and streak, for the fight and the UI: the same lines, and P9's action
/// point every second encounter since the last long rest.
#[test]
fn the_library_rests_a_saved_party_and_counts_the_streak() {
    let (dir, path) = saved(RESTING, "crew");
    let data = DataDir::new(dir.path());
    let lines = rest_party(
        &data,
        "crew",
        &Rest::Short {
            spend: vec![("Ana".into(), 1)],
        },
    )
    .unwrap();
    assert_eq!(
        lines[0],
        "Ana: 12 → 19 HP, 1 recovery spent (5 left), death-save failures 2 → 0"
    );
    assert!(matches!(
        rest_party(
            &data,
            "crew",
            &Rest::Short {
                spend: vec![("Ana".into(), 6)],
            },
        ),
        Err(DataError::Rest { .. })
    ));
    let mut p = party_at(&path);
    assert_eq!(
        count_encounter(&mut p),
        [
            "Encounters since the last long rest: 3 → 4: a streak, each character gains an action point (P20)",
            "Ana: action points 2 → 3",
            "Bo: action points 1 → 2",
            "Cy: action points 1 → 2",
            "Di: action points 1 → 2",
        ]
    );
    let m: &Member = &p.members[0];
    assert_eq!(m.action_points(), 3);
}

/// `lairsmith schema party` takes a party with every number, and refuses a number out of its
/// range or current HP without a maximum, as the reader does.
#[test]
fn the_party_schema_accepts_every_number_and_refuses_one_out_of_range() {
    let dir = tempfile::tempdir().unwrap();
    let schema: serde_json::Value =
        serde_json::from_str(&ok(&lairsmith(dir.path(), &["schema", "party"]))).unwrap();
    let v = jsonschema::draft202012::new(&schema).unwrap();
    let json = |text: &str| -> serde_json::Value { yaml_serde::from_str(text).unwrap() };
    let path = Path::new("p.yaml");
    assert!(
        v.is_valid(&json(FULL)),
        "{:?}",
        v.iter_errors(&json(FULL))
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
    );
    assert!(v.is_valid(&json(PLAIN)));
    for (good, bad) in [
        ("ac: 17", "ac: 100"),
        ("max_hp: 30", "max_hp: 0"),
        ("hp: 12", "hp: -10000"),
        ("initiative: 3", "initiative: 51"),
        ("death_failures: 1", "death_failures: 3"),
        ("insight: 12", "insight: 100"),
        ("recoveries: 7", "recoveries: 51"),
        ("encounters_since_rest: 3", "encounters_since_rest: -1"),
        ("  max_hp: 30\n", ""),
        ("  recoveries: 7\n", ""),
    ] {
        let text = FULL.replacen(good, bad, 1);
        assert!(!v.is_valid(&json(&text)), "the schema takes {bad:?}");
        assert!(parse_party(&text, path).is_err(), "lairsmith takes {bad:?}");
    }
    // An encounter's own party takes the numbers too.
    let encounter = "kind: encounter\nschema_version: 1\nname: Ford\nparty:\n  members:\n  - {name: Ana, level: 3, max_hp: 30, hp: 12, ac: 17}\ngroups: []\n";
    let schema: serde_json::Value =
        serde_json::from_str(&ok(&lairsmith(dir.path(), &["schema", "encounter"]))).unwrap();
    let e = jsonschema::draft202012::new(&schema).unwrap();
    assert!(e.is_valid(&json(encounter)));
    assert!(!e.is_valid(&json(&encounter.replace("ac: 17", "ac: 0"))));
}
