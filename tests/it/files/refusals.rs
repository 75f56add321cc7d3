//! Refusals from the files built on encounters (adventures and fights): each is the sentence a
//! GM reads on the command line, and a typed error a caller of the library can tell apart by
//! matching on its layer's error (`AdventureError::Refused` holds an `AdventureRefused`,
//! `FightError::Refused` a `FightRefused`).

use crate::common;
use common::{lairsmith, lairsmith_ok, stderr};
use lairsmith::cli::hint::Worded;
use lairsmith_core::adventure::{AdventureError, AdventureRefused};
use lairsmith_core::data_dir::DataDir;
use lairsmith_core::encounter::DataError;
use lairsmith_core::fight::refused::{FightError, FightRefused};
use lairsmith_core::hint::Hint;
use std::path::Path;

/// `lairsmith ARGS` fails with exactly `message` on standard error.
fn refused(data: &Path, args: &[&str], message: &str) {
    let o = lairsmith(data, args);
    assert!(!o.status.success(), "{args:?} succeeded");
    assert_eq!(stderr(&o), format!("lairsmith: {message}\n"), "{args:?}");
}

fn adventure_kind(e: &AdventureError) -> &AdventureRefused {
    match e {
        AdventureError::Refused(inner) => inner,
        other => panic!("not an adventure's refusal: {other:?}"),
    }
}

fn fight_kind(e: &FightError) -> &FightRefused {
    match e {
        FightError::Refused(inner) => inner,
        other => panic!("not a fight's refusal: {other:?}"),
    }
}

/// An encounter `ford` (one hedgemaw, an inline party of four level 3) and an adventure `trip`
/// listing it.
fn ford_and_trip(d: &Path) {
    lairsmith_ok(d, &["encounter", "new", "Ford", "--party", "4x3"]);
    lairsmith_ok(d, &["encounter", "add", "ford", "hedgemaw"]);
    lairsmith_ok(d, &["adventure", "new", "Trip", "--party", "4x3"]);
    lairsmith_ok(d, &["adventure", "add", "trip", "ford"]);
}

#[test]
fn an_adventures_refusals_say_what_is_wrong_and_callers_can_tell_them_apart() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ford_and_trip(d);
    refused(
        d,
        &["adventure", "add", "trip", "fordd"],
        "no saved encounter has the id `fordd` (closest: `ford`)",
    );
    refused(
        d,
        &["adventure", "check", "nope"],
        "no saved adventure has the id `nope`; `lairsmith adventure list` shows them",
    );
    refused(
        d,
        &["adventure", "move", "trip", "1", "--to", "5"],
        "there is no position 5; the adventure has 1 to 1",
    );
    refused(
        d,
        &["adventure", "remove", "trip", "4"],
        "there is no encounter 4; the adventure has 1 to 1",
    );

    let data = DataDir::new(d);
    let trip = d.join("adventures/trip.yaml");
    let e = lairsmith_core::adventure::add_encounter(&data, &trip, "fordd", None).unwrap_err();
    assert!(
        matches!(adventure_kind(&e), AdventureRefused::NoSuchEncounter { id, near } if id == "fordd" && near == &["ford"])
    );
    let e = lairsmith_core::adventure::existing_adventure(&data, "nope").unwrap_err();
    assert!(matches!(
        adventure_kind(&e),
        AdventureRefused::NoSuchAdventure { .. }
    ));
    let e = lairsmith_core::adventure::remove_encounter(&trip, 4).unwrap_err();
    assert!(matches!(adventure_kind(&e), AdventureRefused::List(_)));
    std::fs::create_dir(d.join("encounters/hall.yaml")).unwrap();
    let e = lairsmith_core::adventure::add_encounter(&data, &trip, "hall", None).unwrap_err();
    assert!(matches!(
        adventure_kind(&e),
        AdventureRefused::NotAFile { .. }
    ));
    assert!(
        e.to_string()
            .ends_with("hall.yaml: it is a directory, not a regular file"),
        "{e}"
    );
}

#[test]
fn an_encounters_refusals_are_its_own_kinds() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ford_and_trip(d);
    refused(
        d,
        &["encounter", "remove", "ford", "nobody"],
        "the encounter has no group `nobody`; it has: hedgemaw",
    );
    refused(
        d,
        &["encounter", "remove", "ford", "#9"],
        "there is no group #9; the encounter has 1 group",
    );
    let path = d.join("encounters/ford.yaml");
    let e = lairsmith_core::encounter::saved::remove_group(&path, "nobody").unwrap_err();
    assert!(
        matches!(&e, DataError::NoGroup { which, groups } if which == "nobody" && groups == &["hedgemaw"])
    );
    let e = lairsmith_core::encounter::saved::remove_group(&path, "#9").unwrap_err();
    assert!(matches!(e, DataError::Group(_)), "{e:?}");
}

#[test]
fn a_fights_refusals_say_what_is_wrong_and_callers_can_tell_them_apart() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ford_and_trip(d);
    lairsmith_ok(d, &["fight", "start", "ford", "--seed", "1"]);
    refused(
        d,
        &["fight", "undo", "ford"],
        "nothing to undo: the fight is as it started",
    );
    let data = DataDir::new(d);
    let path = d.join("fights/ford.yaml");
    use lairsmith_core::fight::run;
    let e = run::undo(&path, None).unwrap_err();
    assert!(matches!(fight_kind(&e), FightRefused::NothingToUndo));
    let e = run::award(&data, &path).unwrap_err();
    assert!(matches!(fight_kind(&e), FightRefused::NotEnded));
    // The library's sentence names no command; its hint is worded by each face, the command
    // line as before.
    assert_eq!(
        e.worded(),
        "the fight has not ended (`lairsmith fight end FIGHT`)"
    );
    assert_eq!(e.to_string(), "the fight has not ended");
    assert_eq!(e.hint(), Some(Hint::EndFight));
    let other = lairsmith_core::store::Fingerprint { len: 1, hash: 7 };
    let e = run::end(&path, Vec::new(), Some(other)).unwrap_err();
    assert!(matches!(fight_kind(&e), FightRefused::ChangedOnDisk(c) if c.steps == 0));

    lairsmith_ok(d, &["fight", "end", "ford", "--all"]);
    refused(
        d,
        &["fight", "end", "ford", "--write"],
        "the encounter's party is written in the encounter, not saved: no party file holds its XP (start the fight with a saved party, or with --adventure)",
    );
    let e = run::award(&data, &path).unwrap_err();
    assert!(matches!(fight_kind(&e), FightRefused::NoPartyFile));
    refused(
        d,
        &["fight", "next", "ford"],
        "the fight has ended; undo the end to change it",
    );
    let e = run::step(&path, |_| {
        Ok::<_, FightError>(lairsmith_core::fight::step::Step::next())
    })
    .unwrap_err();
    assert!(matches!(
        fight_kind(&e),
        FightRefused::Step(lairsmith_core::fight::error::StepError::Ended)
    ));
}

#[test]
fn an_award_is_refused_a_second_time_naming_what_the_first_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    lairsmith_ok(d, &["party", "new", "Crew", "--party", "Ana=3,Bo=3"]);
    lairsmith_ok(d, &["encounter", "new", "Ford", "--party", "crew"]);
    lairsmith_ok(d, &["encounter", "add", "ford", "hedgemaw"]);
    lairsmith_ok(d, &["fight", "start", "ford", "--seed", "1"]);
    lairsmith_ok(d, &["fight", "end", "ford", "--all", "--write"]);
    let path = d.join("fights/ford.yaml");
    let e = lairsmith_core::fight::run::award(&DataDir::new(d), &path).unwrap_err();
    let FightRefused::AwardedAlready(lines) = fight_kind(&e) else {
        panic!("{e:?}")
    };
    // Two characters' XP, and (P20) the party's encounters since its last long rest.
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(
        e.to_string(),
        format!(
            "the XP of this fight was written already: {}",
            lines.join("; ")
        )
    );
    let e = lairsmith_core::fight::run::undo(&path, None).unwrap_err();
    assert!(matches!(fight_kind(&e), FightRefused::EndAwarded));
    refused(
        d,
        &["fight", "undo", "ford"],
        "the fight's XP is written in the party's file; its end cannot be undone",
    );
}

/// A fight file is edited by hand: a number outside its range (lairsmith's own fight limits)
/// is refused at its line and column, before any sum or roll could overflow or an attack's
/// rolls loop for ever; the command line refuses the same numbers the Table screen does.
#[test]
fn a_fights_numbers_out_of_range_are_refused_at_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ford_and_trip(d);
    lairsmith_ok(d, &["fight", "start", "ford", "--seed", "1"]);
    lairsmith_ok(d, &["fight", "damage", "ford", "hedgemaw", "5"]);
    let path = d.join("fights/ford.yaml");
    let good = std::fs::read_to_string(&path).unwrap();
    let line_of =
        |text: &str, needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    for (from, to, message) in [
        // In a step's line, in the state now (the head, YAML), and in the start's line.
        (
            "\"amount\":5,",
            "\"amount\":9223372036854775800,",
            "damage, healing or temporary hit points in a fight is 1 to 9,999, not 9223372036854775800",
        ),
        (
            "\"max_hp\":154,",
            "\"max_hp\":-9223372036854775807,",
            "a creature's hit points in a fight is -99,999 to +99,999, not -9223372036854775807",
        ),
        (
            "  attacks: 2\n",
            "  attacks: 4000000000\n",
            "a power's attack rolls in a fight is 1 to 20, not 4000000000",
        ),
        (
            "max_hp: 154\n",
            "max_hp: -9223372036854775807\n",
            "a creature's hit points in a fight is -99,999 to +99,999, not -9223372036854775807",
        ),
    ] {
        let Some(at) = good.find(from) else {
            panic!("the fight file has no `{from}`:\n{good}")
        };
        let bad = format!("{}{to}{}", &good[..at], &good[at + from.len()..]);
        std::fs::write(&path, &bad).unwrap();
        let line = line_of(&bad, to.trim());
        let o = lairsmith(d, &["fight", "show", "ford"]);
        assert!(!o.status.success());
        let said = stderr(&o);
        assert!(
            said.starts_with(&format!("lairsmith: {}:{line}:", path.display())),
            "{said}"
        );
        assert!(said.trim_end().ends_with(message), "{said}");
    }
    std::fs::write(&path, &good).unwrap();
    for (args, what) in [
        (
            vec!["fight", "damage", "ford", "hedgemaw", "10000"],
            "<AMOUNT>",
        ),
        (vec!["fight", "heal", "ford", "hedgemaw", "0"], "<AMOUNT>"),
        (vec!["fight", "hp", "ford", "hedgemaw", "99999"], "<MAX>"),
        (vec!["fight", "init", "ford", "hedgemaw", "1000"], "<COUNT>"),
        (
            vec![
                "fight",
                "roll",
                "ford",
                "hedgemaw",
                "x",
                "y",
                "--defense",
                "10000",
            ],
            "--defense",
        ),
    ] {
        let o = lairsmith(d, &args);
        assert!(!o.status.success(), "{args:?}");
        assert!(stderr(&o).contains(what), "{args:?}: {}", stderr(&o));
    }
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        good,
        "nothing written"
    );
    lairsmith_ok(d, &["fight", "init", "ford", "hedgemaw", "-5"]);
}

/// Every shipped monster, the level 30 solos too, fits the fight file's ranges.
#[test]
fn a_fight_of_every_shipped_monster_is_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    lairsmith_ok(d, &["encounter", "new", "Everyone", "--party", "4x30"]);
    for m in lairsmith_core::bestiary::Bestiary::shipped().entries {
        lairsmith_ok(d, &["encounter", "add", "everyone", &m.card.id]);
    }
    lairsmith_ok(d, &["fight", "start", "everyone", "--seed", "7"]);
    lairsmith_ok(d, &["fight", "show", "everyone"]);
}

/// A file that is one long line is not a mapping of keys, and the error says so without
/// printing the file: 1 MB in, a line out.
#[test]
fn no_error_prints_a_file_whole() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for folder in ["fights", "bestiary", "encounters"] {
        std::fs::create_dir_all(d.join(folder)).unwrap();
        std::fs::write(d.join(format!("{folder}/blob.yaml")), "x".repeat(1 << 20)).unwrap();
    }
    for args in [
        vec!["fight", "show", "blob"],
        vec!["show", "blob"],
        vec!["encounter", "check", "blob"],
        vec!["list"],
    ] {
        let said = stderr(&lairsmith(d, &args));
        assert!(
            said.contains("expected a mapping of keys"),
            "{args:?}: {said}"
        );
        assert!(said.len() < 1000, "{args:?}: {} bytes", said.len());
    }
}

/// lairsmith never writes a fight file it would not read back: a change that would take the
/// file past its bounds (1 MiB, 200,000 values) is refused and nothing is written; until the
/// fight ends, a twentieth of both is kept for its end, so a full fight can still be ended; and
/// the ended fight reads back. (A fight of 246 level-30 solos made only with the command line
/// was written, then refused by every command, its XP lost.)
#[test]
fn a_fight_file_is_never_written_past_what_lairsmith_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ford_and_trip(d);
    lairsmith_ok(d, &["fight", "start", "ford", "--seed", "1"]);
    let path = d.join("fights/ford.yaml");
    // A value of the GM's own that fills the file to between the share a running fight may
    // take (190,000 values) and what is read (200,000).
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("x-padding:\n");
    text.push_str(&"- 0\n".repeat(195_000));
    std::fs::write(&path, &text).unwrap();
    lairsmith_ok(d, &["fight", "show", "ford"]);
    let o = lairsmith(d, &["fight", "damage", "ford", "hedgemaw", "5"]);
    assert!(!o.status.success());
    let said = stderr(&o);
    assert!(said.contains("the fight's file is full: "), "{said}");
    assert!(said.contains("nothing was written"), "{said}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "nothing written"
    );
    lairsmith_ok(d, &["fight", "end", "ford", "--all"]);
    let show = lairsmith_ok(d, &["fight", "show", "ford"]);
    assert!(show.contains("ended"), "{show}");
    // The big fight of the report is read back, and goes on.
    lairsmith_ok(d, &["encounter", "new", "Horde", "--party", "4x3"]);
    lairsmith_ok(
        d,
        &[
            "encounter",
            "add",
            "horde",
            "aphelion-maw",
            "--count",
            "246",
        ],
    );
    lairsmith_ok(d, &["fight", "start", "horde", "--seed", "1"]);
    lairsmith_ok(d, &["fight", "damage", "horde", "character-1", "5"]);
    lairsmith_ok(d, &["fight", "show", "horde"]);
}
