//! P10 (revised): an encounter whose fight wrote its XP is played; the adventure counts it once,
//! starting from the party's XP as written and adding only the encounters not yet played
//! (issue: "XP counted twice").

use crate::common::adventure_data::{Data, ok, u};
use crate::common::stdout;

/// E4: each character's share of the encounter's XP, rounded down.
fn share(xp: u64, characters: u64) -> u64 {
    xp / characters
}

fn party_xp(d: &Data, party: &str, name: &str) -> u64 {
    let v: yaml_serde::Value =
        yaml_serde::from_str(&d.read(&format!("parties/{party}.yaml"))).unwrap();
    let m = v["members"]
        .as_sequence()
        .unwrap()
        .iter()
        .find(|m| m["name"].as_str() == Some(name))
        .unwrap();
    u(&m["xp"])
}

/// The adventure `trip` for the saved party `crew` (Ana and Bo at level 5), its encounters
/// `ford` and `keep`; their XP.
fn trip(d: &Data, ids: &[&str]) -> (u64, u64) {
    ok(&d.run(&["party", "new", "Crew", "--party", "Ana=5,Bo=5"]));
    let ford = d.encounter("ford", &[(5, "standard", 3)]);
    let keep = d.encounter("keep", &[(6, "elite", 2)]);
    d.adventure("trip", "crew", ids);
    (ford, keep)
}

/// The fight of `ford` started with `with` (`--adventure trip`, `--party crew`), every foe
/// overcome, and its XP written.
fn play_ford(d: &Data, with: &[&str]) {
    let mut start = vec!["fight", "start", "ford", "--seed", "3"];
    start.extend_from_slice(with);
    ok(&d.run(&start));
    ok(&d.run(&["fight", "end", "ford", "--all", "--write"]));
}

#[test]
fn xp_counted_twice_a_fight_of_the_adventure_is_played_and_its_xp_counted_once() {
    let d = Data::new();
    let (ford, keep) = trip(&d, &["ford", "keep"]);
    let start = party_xp_or_first(&d);
    let before = d.check("trip");
    assert_eq!(
        u(&before["xp_per_character"]),
        share(ford, 2) + share(keep, 2)
    );
    assert!(before["encounters"][0].get("played").is_none());

    ok(&d.run(&[
        "fight",
        "start",
        "ford",
        "--adventure",
        "trip",
        "--seed",
        "3",
    ]));
    // The adventure's party fights its fight (the encounter's own party is four of level 1).
    let shown = stdout(&d.run(&["fight", "show", "ford"]));
    assert!(
        shown.contains("Ana (party)") && shown.contains("Bo (party)"),
        "{shown}"
    );
    assert!(!shown.contains("Character 1"), "{shown}");
    ok(&d.run(&["fight", "end", "ford", "--all", "--write"]));
    let written = party_xp(&d, "crew", "Ana");
    assert_eq!(written, start + share(ford, 2));

    let after = d.check("trip");
    let line = &after["encounters"][0];
    assert_eq!(line["played"]["fight"].as_str(), Some("ford"), "{after:?}");
    assert_eq!(u(&line["played"]["xp_each"]), share(ford, 2));
    assert!(after["encounters"][1].get("played").is_none());
    // Only the encounter not yet played adds to the party's XP as written.
    assert_eq!(u(&after["xp_per_character"]), share(keep, 2));
    let ana = &after["characters"][0];
    assert_eq!(u(&ana["start_xp"]), written);
    assert_eq!(u(&ana["end_xp"]), written + share(keep, 2));

    let text = stdout(&d.run(&["adventure", "check", "trip"]));
    assert!(text.contains("✓ played "), "{text}");
    assert!(
        text.contains(
            "1 encounter played: its XP is in the party's XP already and is not added again (P10)."
        ),
        "{text}"
    );
    let md = stdout(&d.run(&["adventure", "export", "trip", "--format", "md"]));
    assert!(md.contains("- **Played** 1 encounter played"), "{md}");
    assert!(md.contains(" ✓ played "), "the pacing chart marks it: {md}");
}

/// The case as a GM met it: the fight was started from the Table screen for the party, not
/// from the adventure; its XP went to the saved party all the same, and the adventure that
/// lists the encounter counts it played.
#[test]
fn xp_counted_twice_a_fight_of_the_party_outside_the_adventure_is_played_too() {
    let d = Data::new();
    let (ford, keep) = trip(&d, &["ford", "keep"]);
    play_ford(&d, &["--party", "crew"]);
    let after = d.check("trip");
    assert!(after["encounters"][0].get("played").is_some(), "{after:?}");
    assert_eq!(u(&after["xp_per_character"]), share(keep, 2));
    let _ = ford;
}

/// An encounter listed twice and played once is played at its first listing; the second play
/// still counts.
#[test]
fn xp_counted_twice_an_encounter_listed_twice_and_played_once_counts_its_second_play() {
    let d = Data::new();
    let (ford, _) = trip(&d, &["ford", "ford"]);
    play_ford(&d, &["--adventure", "trip"]);
    let after = d.check("trip");
    assert!(after["encounters"][0].get("played").is_some());
    assert!(after["encounters"][1].get("played").is_none());
    assert_eq!(u(&after["xp_per_character"]), share(ford, 2));
}

/// An adventure that holds its party: the award goes to the adventure file's `played:`, and
/// the adventure counts the encounter played.
#[test]
fn xp_counted_twice_an_adventure_holding_its_party_counts_its_played_encounter_once() {
    let d = Data::new();
    let ford = d.encounter("ford", &[(5, "standard", 3)]);
    let keep = d.encounter("keep", &[(6, "elite", 2)]);
    d.adventure(
        "trip",
        "{members: [{name: Ana, level: 5}, {name: Bo, level: 5}]}",
        &["ford", "keep"],
    );
    let start = u(&d.check("trip")["characters"][0]["start_xp"]);
    play_ford(&d, &["--adventure", "trip"]);
    let after = d.check("trip");
    assert!(after["encounters"][0].get("played").is_some(), "{after:?}");
    let ana = &after["characters"][0];
    assert_eq!(u(&ana["start_xp"]), start + share(ford, 2));
    assert_eq!(u(&ana["end_xp"]), start + share(ford, 2) + share(keep, 2));
}

/// Level 5's first XP (A1, Table – Levels and Their Benefits): the saved party has no `xp:`.
fn party_xp_or_first(_d: &Data) -> u64 {
    lairsmith_core::rules::experience::first_xp(
        lairsmith_core::rules::level::Level::new(5).unwrap(),
    )
}
