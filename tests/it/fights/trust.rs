//! Trust, round four: the fight file never awards twice, never runs past its bounds, and is
//! never changed from a copy it no longer is (issue #33). Each test is named after the case it
//! closes.

use crate::common::{lairsmith, lairsmith_ok, stderr, stdout};
use lairsmith_core::fight::run;
use lairsmith_core::fight::step::Step;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A party of two level-5 characters (5,500 XP each), an encounter of one Hedgemaw (2,000 XP,
/// so 1,000 each) for it, and its fight, ended but not awarded.
fn ended_fight(d: &Path) -> PathBuf {
    lairsmith_ok(d, &["party", "new", "Crew", "--party", "Ana=5,Bo=5"]);
    lairsmith_ok(d, &["encounter", "new", "Ford", "--party", "crew"]);
    lairsmith_ok(d, &["encounter", "add", "ford", "hedgemaw"]);
    lairsmith_ok(d, &["fight", "start", "ford", "--seed", "1"]);
    lairsmith_ok(d, &["fight", "end", "ford", "--all"]);
    d.join("fights/ford.yaml")
}

/// Each character's XP in the party's file.
fn xp(d: &Path) -> Vec<u64> {
    let text = std::fs::read_to_string(d.join("parties/crew.yaml")).unwrap();
    let p: lairsmith_core::encounter::party::PartyFile = yaml_serde::from_str(&text).unwrap();
    p.members.iter().map(|m| m.xp.unwrap_or(5_500)).collect()
}

fn strace_runs() -> bool {
    Command::new("strace")
        .args(["-f", "-qq", "-o", "/dev/null", "true"])
        .status()
        .is_ok_and(|s| s.success())
}

/// `lairsmith ARGS` under strace, killed at its `when`-th rename (each file lairsmith writes is
/// renamed into place once).
fn killed_at_rename(d: &Path, when: usize, args: &[&str]) -> std::process::Output {
    let mut cmd = Command::new("strace");
    cmd.args(["-f", "-qq", "-o", "/dev/null"])
        .arg(format!(
            "-e inject=rename,renameat,renameat2:signal=KILL:when={when}"
        ))
        .arg(env!("CARGO_BIN_EXE_lairsmith"))
        .arg("--data-dir")
        .arg(d)
        .args(args);
    crate::common::run_limited(cmd, "lairsmith under strace")
}

/// The award spans the fight's file and the party's. Killed after any of its writes, or run
/// again and again against a fight file that cannot take it (padded to its limit, a full
/// disk), it is added to the party exactly once in the end, and each failure says what was
/// and was not written. (The party got 2 × 1,175 XP when killed between the two writes, and
/// 3 × with a fight file that could not be written.)
#[test]
fn an_interrupted_award_is_never_added_twice() {
    if !strace_runs() {
        eprintln!("strace cannot run here (missing, or ptrace refused): the kills are not tried");
    } else {
        for when in 1..=4 {
            let dir = tempfile::tempdir().unwrap();
            let d = dir.path();
            ended_fight(d);
            killed_at_rename(d, when, &["fight", "end", "ford", "--write"]);
            // However far it got, the next award finishes it or says it is done.
            let again = lairsmith(d, &["fight", "end", "ford", "--write"]);
            let said = format!("{}{}", stdout(&again), stderr(&again));
            assert!(
                again.status.success() || said.contains("written already"),
                "killed at rename {when}, then: {said}"
            );
            assert_eq!(xp(d), vec![6_500, 6_500], "killed at rename {when}: {said}");
            let party = std::fs::read_to_string(d.join("parties/crew.yaml")).unwrap();
            assert_eq!(party.matches("fight: ").count(), 1, "{party}");
            let fight = std::fs::read_to_string(d.join("fights/ford.yaml")).unwrap();
            assert!(fight.contains("\nawarded:\n"), "{fight}");
            assert!(!fight.contains("awarding:"), "{fight}");
        }
    }

    // A fight file padded to its limit: every try writes nothing, to either file.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let path = ended_fight(d);
    let mut text = std::fs::read_to_string(&path).unwrap();
    // To four bytes short of the most a file may hold: the award's first record does not fit.
    let room = lairsmith_core::yaml_io::MAX_FILE_BYTES - text.len() - "x-padding: ''\n".len() - 4;
    text.push_str(&format!("x-padding: '{}'\n", "a".repeat(room)));
    assert_eq!(text.len(), lairsmith_core::yaml_io::MAX_FILE_BYTES - 4);
    std::fs::write(&path, &text).unwrap();
    let party = std::fs::read_to_string(d.join("parties/crew.yaml")).unwrap();
    for _ in 0..3 {
        let o = lairsmith(d, &["fight", "end", "ford", "--write"]);
        assert!(!o.status.success());
        assert!(stderr(&o).contains("nothing was written"), "{}", stderr(&o));
        assert!(std::fs::read_to_string(d.join("parties/crew.yaml")).unwrap() == party);
        assert!(
            std::fs::read_to_string(&path).unwrap() == text,
            "the fight's file was changed"
        );
    }

    // A full disk (a file-size limit of 1 KiB: the party's file fits, the fight's does not):
    // the same.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let path = ended_fight(d);
    let fight = std::fs::read_to_string(&path).unwrap();
    assert!(fight.len() > 1024);
    for _ in 0..3 {
        let o = crate::common::run_limited(
            {
                let mut c = Command::new("bash");
                c.arg("-c")
                    .arg(r#"ulimit -f 1; exec "$0" --data-dir "$1" fight end ford --write"#)
                    .arg(env!("CARGO_BIN_EXE_lairsmith"))
                    .arg(d);
                c
            },
            "lairsmith with ulimit -f",
        );
        assert!(!o.status.success());
        assert_eq!(xp(d), vec![5_500, 5_500]);
        assert!(std::fs::read_to_string(&path).unwrap() == fight);
    }
    lairsmith_ok(d, &["fight", "end", "ford", "--write"]);
    assert_eq!(xp(d), vec![6_500, 6_500]);
}

/// A fight left between the award's writes (its `awarding:` says where it goes) is finished by
/// the next award: added if the party does not have it, recorded without adding if it does.
#[test]
fn an_award_left_half_done_is_finished_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let path = ended_fight(d);
    let before_award = std::fs::read_to_string(&path).unwrap();
    let party_before = std::fs::read_to_string(d.join("parties/crew.yaml")).unwrap();
    // As if killed after the first write: the fight says the award began.
    let begun = before_award.replacen("\nnow:\n", "\nawarding: party crew\nnow:\n", 1);
    std::fs::write(&path, &begun).unwrap();
    let o = lairsmith(d, &["fight", "undo", "ford"]);
    assert!(!o.status.success(), "an award begun is not undone");
    // It says the award began, not that the XP is written (it may not be).
    let why = String::from_utf8_lossy(&o.stderr);
    assert!(
        why.contains("the fight's award began and did not finish") && !why.contains("is written"),
        "{why}"
    );
    let out = lairsmith_ok(d, &["fight", "end", "ford", "--write"]);
    assert!(
        out.contains("Ana: 5,500 XP → 6,500 XP (party `crew`)"),
        "{out}"
    );
    assert_eq!(xp(d), vec![6_500, 6_500]);

    // As if killed after the second: the party has it, the fight does not say so.
    let party_after = std::fs::read_to_string(d.join("parties/crew.yaml")).unwrap();
    assert_ne!(party_after, party_before);
    std::fs::write(&path, &begun).unwrap();
    let out = lairsmith_ok(d, &["fight", "end", "ford", "--write"]);
    assert!(
        out.contains("the XP of this fight was in party `crew` already"),
        "{out}"
    );
    assert_eq!(xp(d), vec![6_500, 6_500]);
    assert_eq!(
        std::fs::read_to_string(d.join("parties/crew.yaml")).unwrap(),
        party_after
    );
    // And the same fight, its end undone and written again by hand, still gains nothing more.
    std::fs::write(&path, &before_award).unwrap();
    let out = lairsmith_ok(d, &["fight", "end", "ford", "--write"]);
    assert!(out.contains("already"), "{out}");
    assert_eq!(xp(d), vec![6_500, 6_500]);
}

/// A fight of 4,999 steps takes no more but its end: the end always fits, and the ended fight
/// reads back. (At 5,000 steps `fight end` was refused: "at most 5000 steps; this one has
/// 5001".)
#[test]
fn a_fight_at_the_step_limit_can_always_end() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let most = lairsmith_core::limits::FIGHT_STEPS.max;
    lairsmith_core::fixtures::long_fight(d, most - 1, 4).unwrap();
    let o = lairsmith(d, &["fight", "next", "long"]);
    assert!(!o.status.success());
    assert_eq!(
        stderr(&o),
        format!(
            "lairsmith: the fight holds {} steps, the most it may before its end (a fight has at most {most}; the last is kept for `fight end`): end the fight, or undo a step\n",
            most - 1
        )
    );
    let out = lairsmith_ok(d, &["fight", "end", "long", "--all"]);
    assert!(out.starts_with("XP: "), "{out}");
    let show = lairsmith_ok(d, &["fight", "show", "long"]);
    assert!(show.contains("ended"), "{show}");
    let (f, _) = lairsmith_core::fight::saved::load_fight(&d.join("fights/long.yaml")).unwrap();
    assert_eq!(f.history.len(), most);
    // Undo and end again: the end still fits.
    lairsmith_ok(d, &["fight", "undo", "long"]);
    lairsmith_ok(d, &["fight", "end", "long", "--all"]);
}

/// A front end's change is refused when the file is not the copy it was made from, even when
/// the file holds as many steps (another terminal's undo and step). (The Table screen compared
/// only the number of steps: its `n` was applied, its `u` undid the other terminal's step.)
#[test]
fn a_key_on_a_fight_changed_behind_the_screen_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let path = ended_fight(d);
    lairsmith_ok(d, &["fight", "undo", "ford"]);
    lairsmith_ok(d, &["fight", "damage", "ford", "hedgemaw", "5"]);
    let (seen, print) = lairsmith_core::fight::saved::load_fight(&path).unwrap();
    // The other terminal: one step taken back, another made; as many steps as before.
    lairsmith_ok(d, &["fight", "undo", "ford"]);
    lairsmith_ok(d, &["fight", "damage", "ford", "hedgemaw", "7"]);
    let now = std::fs::read_to_string(&path).unwrap();
    let (other, _) = lairsmith_core::fight::saved::load_fight(&path).unwrap();
    assert_eq!(other.history.len(), seen.history.len());
    let changed = |e: lairsmith_core::fight::FightError| {
        matches!(
            e,
            lairsmith_core::fight::FightError::Refused(
                lairsmith_core::fight::refused::FightRefused::ChangedOnDisk(_)
            )
        )
    };
    assert!(changed(
        run::step_seen(&path, print, Step::next()).unwrap_err()
    ));
    assert!(changed(run::undo(&path, Some(print)).unwrap_err()));
    assert!(changed(
        run::end(&path, Vec::new(), Some(print)).unwrap_err()
    ));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        now,
        "nothing written"
    );
    // From the file as it is now, a step applies.
    let (_, print) = lairsmith_core::fight::saved::load_fight(&path).unwrap();
    run::step_seen(
        &path,
        print,
        Step::Heal {
            who: "hedgemaw".into(),
            amount: 1,
            recovery: false,
        },
    )
    .unwrap();
}

/// `fight end --all --write` whose encounter file is gone: the award is written and reported,
/// the treasure line says it cannot be rolled, and the command succeeds. (It exited 1 after
/// writing the XP.)
#[test]
fn an_award_whose_treasure_cannot_be_rolled_still_succeeds() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    lairsmith_ok(d, &["party", "new", "Crew", "--party", "Ana=5,Bo=5"]);
    lairsmith_ok(d, &["encounter", "new", "Ford", "--party", "crew"]);
    lairsmith_ok(d, &["encounter", "add", "ford", "hedgemaw"]);
    lairsmith_ok(d, &["fight", "start", "ford", "--seed", "1"]);
    std::fs::remove_file(d.join("encounters/ford.yaml")).unwrap();
    let o = lairsmith(d, &["fight", "end", "ford", "--all", "--write"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("Ana: 5,500 XP → 6,500 XP (party `crew`)"),
        "{out}"
    );
    assert!(out.contains("Treasure: cannot be rolled: "), "{out}");
    assert_eq!(xp(d), vec![6_500, 6_500]);
}

/// The fight written as plain YAML (`fight show --format yaml`, which lairsmith reads too), so
/// a test can change any value by its key.
fn as_yaml(d: &Path) -> String {
    lairsmith_ok(d, &["fight", "show", "ford", "--format", "yaml"])
}

/// Every list and number of the fight file has a limit, checked when the file is read, with
/// the error at the value's line and the range in words: effects on a creature, the saving
/// throw bonus, the round, the effect numbers. (A 639 KB file within every old limit took 46 s
/// and 596 MB; `round: 4294967295` gave "round 0 begins"; `next_effect: 4294967295` an effect
/// `#0`.)
#[test]
fn a_fights_lists_and_numbers_are_bounded_where_they_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    lairsmith_ok(d, &["party", "new", "Crew", "--party", "Ana=5,Bo=5"]);
    lairsmith_ok(d, &["encounter", "new", "Ford", "--party", "crew"]);
    lairsmith_ok(d, &["encounter", "add", "ford", "hedgemaw"]);
    lairsmith_ok(d, &["fight", "start", "ford", "--seed", "1"]);
    lairsmith_ok(d, &["fight", "condition", "ford", "hedgemaw", "dazed"]);
    let good = as_yaml(d);
    let path = d.join("fights/ford.yaml");
    let effect = "    - id: 1\n      what:\n        kind: condition\n        condition: dazed\n      until: save ends\n";
    let many: String = (1..=31)
        .map(|i| effect.replace("id: 1", &format!("id: {i}")))
        .collect();
    let cases: Vec<(String, &str, &str)> = vec![
        (
            good.replacen("    effects:\n", &format!("    effects:\n{many}"), 1)
                .replacen("next_effect: 2", "next_effect: 40", 1),
            "effects:",
            "a combatant has at most 30 effects; this one has ",
        ),
        (
            good.replacen("save_bonus: 2", "save_bonus: -999", 1),
            "save_bonus: -999",
            "a saving throw bonus in a fight is -10 to +20, not -999",
        ),
        (
            good.replacen("round: 0", "round: 4294967295", 1),
            "round: 4294967295",
            "a fight's round is 0 to 10,000, not 4294967295",
        ),
        (
            good.replacen("next_effect: 2", "next_effect: 4294967295", 1),
            "next_effect: 4294967295",
            "an effect's number in a fight is 1 to 1,000,000, not 4294967295",
        ),
        (
            good.replacen("next_effect: 2", "next_effect: 99999999999999999999", 1),
            "next_effect: 99999999999999999999",
            "an effect's number in a fight is 1 to 1,000,000, not 99999999999999999999",
        ),
    ];
    for (bad, at, message) in cases {
        assert_ne!(bad, good, "{at}");
        std::fs::write(&path, &bad).unwrap();
        let o = lairsmith(d, &["fight", "show", "ford"]);
        assert!(!o.status.success(), "{at}");
        let said = stderr(&o);
        let line = bad.lines().position(|l| l.contains(at)).unwrap() + 1;
        assert!(
            said.starts_with(&format!("lairsmith: {}:{line}:", path.display())),
            "{at}: {said}"
        );
        assert!(said.contains(message), "{at}: {said}");
    }
}

/// A number of the wrong kind in a fight file is refused in a GM's words, with its range, never
/// with a Rust type (`u32`, `as u128`).
#[test]
fn a_fights_messages_name_no_rust_type() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    lairsmith_ok(d, &["party", "new", "Crew", "--party", "Ana=5,Bo=5"]);
    lairsmith_ok(d, &["encounter", "new", "Ford", "--party", "crew"]);
    lairsmith_ok(d, &["encounter", "add", "ford", "hedgemaw"]);
    lairsmith_ok(d, &["fight", "start", "ford", "--seed", "1"]);
    let good = as_yaml(d);
    let path = d.join("fights/ford.yaml");
    for (from, to) in [
        ("round: 0", "round: -1"),
        ("round: 0", "round: 1.5"),
        ("round: 0", "round: 99999999999999999999999"),
        ("seed: 1", "seed: -1"),
        ("seed: 1", "seed: 99999999999999999999999"),
        ("next_effect: 1", "next_effect: x"),
        ("xp: 2000", "xp: -5"),
        ("attacks: 2", "attacks: -2"),
    ] {
        let bad = good.replacen(from, to, 1);
        assert_ne!(bad, good, "{from}");
        std::fs::write(&path, &bad).unwrap();
        let said = stderr(&lairsmith(d, &["fight", "show", "ford"]));
        assert!(said.starts_with("lairsmith: "), "{to}: {said}");
        for rust in [
            "u8", "u32", "u64", "u128", "i64", "i128", "usize", "struct ",
        ] {
            assert!(
                !said
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|w| w == rust.trim()),
                "{to}: {said}"
            );
        }
    }
}

/// A step missing a field is refused at the step's own line, in the file as lairsmith writes
/// it (a step a line) and written out as plain YAML. (It was located at the `steps:` line.)
#[test]
fn a_step_missing_a_field_is_located_at_the_step() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    lairsmith_ok(d, &["party", "new", "Crew", "--party", "Ana=5,Bo=5"]);
    lairsmith_ok(d, &["encounter", "new", "Ford", "--party", "crew"]);
    lairsmith_ok(d, &["encounter", "add", "ford", "hedgemaw"]);
    lairsmith_ok(d, &["fight", "start", "ford", "--seed", "1"]);
    lairsmith_ok(d, &["fight", "init", "ford", "ana", "10"]);
    lairsmith_ok(d, &["fight", "init", "ford", "bo", "9"]);
    lairsmith_ok(d, &["fight", "next", "ford"]);
    lairsmith_ok(d, &["fight", "damage", "ford", "hedgemaw", "5"]);
    lairsmith_ok(d, &["fight", "next", "ford"]);
    let path = d.join("fights/ford.yaml");
    let written = std::fs::read_to_string(&path).unwrap();
    let yaml = as_yaml(d);
    for (bad, needle) in [
        (
            written.replacen("\"who\":\"hedgemaw\",", "", 1),
            "{\"step\":\"damage\"",
        ),
        (yaml.replacen("  who: hedgemaw\n", "", 1), "- step: damage"),
    ] {
        std::fs::write(&path, &bad).unwrap();
        let said = stderr(&lairsmith(d, &["fight", "show", "ford"]));
        let line = bad.lines().position(|l| l.contains(needle)).unwrap() + 1;
        assert!(
            said.starts_with(&format!("lairsmith: {}:{line}:", path.display())),
            "{needle}: {said}"
        );
        assert!(said.contains("step 4: "), "{said}");
        assert!(said.contains("who"), "{said}");
    }
}

/// A fight file lairsmith wrote is read without replaying its steps, and one whose state was
/// changed by hand is made again from them: the steps stay the truth.
#[test]
fn a_fight_changed_by_hand_is_replayed_and_one_left_alone_is_taken_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ended_fight(d);
    lairsmith_ok(d, &["fight", "undo", "ford"]);
    lairsmith_ok(d, &["fight", "damage", "ford", "hedgemaw", "5"]);
    let path = d.join("fights/ford.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let (f, _) = lairsmith_core::fight::saved::load_fight(&path).unwrap();
    assert!(
        !f.history.is_parsed(),
        "taken as written, its steps not parsed"
    );
    let hp = |f: &lairsmith_core::fight::Fight| f.now.combatants[0].hp;
    assert_eq!(hp(&f), 149);
    // The state edited by hand: the check no longer matches, and the steps make it again.
    std::fs::write(&path, text.replacen("hp: 149", "hp: 3", 1)).unwrap();
    let (g, _) = lairsmith_core::fight::saved::load_fight(&path).unwrap();
    assert_eq!(hp(&g), 149);
}
