//! Treasure in adventures and encounters (issue 12 §3): each encounter's treasure under the
//! adventure's method for the party as it stands, summed; magic item only at A1's level-ups;
//! the same seed, the same treasure, also after moving an encounter; `encounter check|export
//! --treasure` rolls what an adventure with that seed gives the encounter's first play.

use crate::common;
use crate::common::adventure_data;

use adventure_data::{Data, ok, u};
use common::stdout;
use yaml_serde::Value;

fn with_treasure(d: &Data, id: &str, method: &str, seed: u64) {
    let o = d.run(&[
        "adventure",
        "set",
        id,
        "--treasure",
        method,
        "--seed",
        &seed.to_string(),
    ]);
    ok(&o);
}

#[test]
fn t1_items_only_in_an_adventure_grants_at_each_characters_level_up() {
    let d = Data::new();
    // 4 × level 1 start at 0 XP; 1,000 XP reaches level 2 (Levels and Their Benefits). Four
    // standard level-1 wreckers are 400 XP, 100 each; ten of them give each character 1,000.
    d.encounter("pack", &[(1, "standard", 4)]);
    let ids = ["pack"; 12];
    d.adventure("climb", "{size: 4, level: 1}", &ids);
    with_treasure(&d, "climb", "items-only", 5);
    let v = d.check("climb");
    let up = &v["level_ups"][0];
    assert_eq!((u(&up["after_encounter"]), u(&up["level"])), (10, 2));
    let t = &v["treasure"];
    assert_eq!(t["method"].as_str(), Some("items-only"));
    let grants = t["grants"].as_sequence().unwrap();
    assert_eq!(grants.len(), 4, "one grant per character at the level-up");
    for g in grants {
        assert_eq!(u(&g["encounter"]), 10);
        assert_eq!(u(&g["level"]), 2);
    }
    assert_eq!(
        u(&t["party"]["gold_gp"]),
        0,
        "magic item only gives nothing else"
    );
}

#[test]
fn t1_steady_sums_each_encounters_gold_at_the_party_level_then() {
    let d = Data::new();
    d.encounter("pack", &[(1, "standard", 4)]);
    d.adventure("climb", "{size: 4, level: 1}", &["pack"; 12]);
    with_treasure(&d, "climb", "steady", 9);
    let v = d.check("climb");
    // E5: 144 gp per 10 encounters at level 1 (10 encounters), 208 at level 2 (2 encounters).
    let each = &v["treasure"]["characters"][0]["gold_gp"];
    let expected = 144.0 + 2.0 * 20.8;
    assert!((each.as_f64().unwrap() - expected).abs() < 1e-9, "{each:?}");
}

#[test]
fn the_same_seed_rolls_the_same_troves_and_moving_an_encounter_keeps_its_own() {
    let d = Data::new();
    d.encounter("a", &[(3, "standard", 4)]);
    d.encounter("b", &[(3, "elite", 2)]);
    d.encounter("c", &[(4, "standard", 4)]);
    d.adventure("trip", "{size: 4, level: 3}", &["a", "b", "c"]);
    with_treasure(&d, "trip", "troves", 77);
    let first = d.check("trip");
    assert_eq!(first, d.check("trip"), "the same seed, the same check");
    let troves = |v: &Value| v["treasure"]["troves"].as_sequence().unwrap().clone();
    assert_eq!(troves(&first).len(), 3, "one trove per encounter");
    ok(&d.run(&["adventure", "move", "trip", "1", "--to", "3"]));
    let moved = d.check("trip");
    // b, c, a: each encounter keeps the trove it had.
    let (t0, t1) = (troves(&first), troves(&moved));
    assert_eq!(t1[2], t0[0]);
    assert_eq!(t1[0], t0[1]);
    assert_eq!(t1[1], t0[2]);
    with_treasure(&d, "trip", "troves", 78);
    assert_ne!(troves(&d.check("trip")), t1, "another seed rolls again");
    // `--seed` on the command line rolls again without changing the file.
    let o = d.run(&[
        "adventure",
        "check",
        "trip",
        "--format",
        "yaml",
        "--seed",
        "78",
    ]);
    ok(&o);
    let again: Value = yaml_serde::from_str(&stdout(&o)).unwrap();
    assert_eq!(u(&again["treasure"]["seed"]), 78);
}

#[test]
fn encounter_check_with_treasure_rolls_what_the_adventure_gives_its_first_play() {
    let d = Data::new();
    d.encounter("a", &[(3, "standard", 4)]);
    d.encounter("b", &[(3, "elite", 2)]);
    d.adventure("trip", "{size: 4, level: 3}", &["a", "b"]);
    with_treasure(&d, "trip", "troves", 4242);
    let adv = d.check("trip");
    // The encounter's own party is 4 × level 1; the adventure rates it for 4 × level 3.
    d.write(
        "encounters/b.yaml",
        &d.read("encounters/b.yaml")
            .replace("{size: 4, level: 1}", "{size: 4, level: 3}"),
    );
    let o = d.run(&[
        "encounter",
        "check",
        "b",
        "--treasure",
        "troves",
        "--seed",
        "4242",
        "--format",
        "yaml",
    ]);
    ok(&o);
    let enc: Value = yaml_serde::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        enc["treasure"]["troves"][0], adv["treasure"]["troves"][1],
        "the encounter's trove is the adventure's second"
    );
    // The text and the sheet say it too; without --treasure the sheet keeps the book's average.
    let text = stdout(&d.run(&["encounter", "check", "b", "--treasure", "steady"]));
    assert!(
        text.contains("Treasure (seed 0): Steady progression (T1), 1 encounter"),
        "{text}"
    );
    let sheet = stdout(&d.run(&["encounter", "export", "b", "--treasure", "troves"]));
    assert!(
        sheet.contains("## Treasure: treasure troves (T1), 1 encounter"),
        "{sheet}"
    );
    let plain = stdout(&d.run(&["encounter", "export", "b"]));
    assert!(!plain.contains("## Treasure"), "{plain}");
    assert!(plain.contains("Treasure per character"), "{plain}");
    // --seed needs --treasure; a 3rd-edition encounter has no Orcus treasure.
    assert_eq!(
        d.run(&["encounter", "check", "b", "--seed", "3"])
            .status
            .code(),
        Some(2)
    );
    d.write(
        "encounters/third.yaml",
        "kind: encounter\nschema_version: 1\nsystem: d20-3e\nname: Third\nparty: {size: 4, level: 3}\ngroups:\n- cr: 3\n  count: 1\n",
    );
    let o = d.run(&["encounter", "check", "third", "--treasure", "troves"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn the_adventure_sheet_holds_the_treasure_sum_and_each_encounters_share() {
    let d = Data::new();
    d.encounter("a", &[(3, "standard", 4)]);
    d.encounter("b", &[(3, "elite", 2)]);
    d.adventure("trip", "{size: 4, level: 3}", &["a", "b"]);
    let o = d.run(&["adventure", "export", "trip"]);
    ok(&o);
    assert!(stdout(&o).contains("No method chosen"), "{}", stdout(&o));
    with_treasure(&d, "trip", "troves", 1);
    let sheet = stdout(&d.run(&["adventure", "export", "trip"]));
    assert!(
        sheet.contains("## Treasure: treasure troves (T1), 2 encounters"),
        "{sheet}"
    );
    assert!(sheet.contains("Rolled from seed 1"), "{sheet}");
    assert_eq!(
        sheet
            .matches("#### Treasure: treasure troves (T1), 1 encounter")
            .count(),
        2,
        "{sheet}"
    );
}
