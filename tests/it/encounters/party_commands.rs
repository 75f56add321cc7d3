//! `party set`, `party level-up` and `party remove`, and the library functions behind them (the
//! UI calls the same ones): every change under the file's lock, a removed party in the trash.

use crate::common;

use common::{lairsmith, stderr, stdout};
use lairsmith_core::DataDir;
use lairsmith_core::encounter::{
    DataError, PartyFile, level_up, parse_party, remove_party, set_party,
};
use std::path::Path;

fn party_at(path: &Path) -> PartyFile {
    parse_party(&std::fs::read_to_string(path).unwrap(), path).unwrap()
}

fn levels(path: &Path) -> Vec<u8> {
    party_at(path)
        .members
        .iter()
        .map(|m| m.level.get())
        .collect()
}

fn ok(o: &std::process::Output) {
    assert!(
        o.status.success(),
        "exit {:?}: {}{}",
        o.status.code(),
        stdout(o),
        stderr(o)
    );
}

#[test]
fn party_set_creates_a_party_then_replaces_its_members_keeping_its_name_and_x_keys() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let o = lairsmith(d, &["party", "set", "crew", "4x6"]);
    ok(&o);
    let path = d.join("parties/crew.yaml");
    assert!(
        stdout(&o).starts_with("Saved the party `crew` (4 × level 6): "),
        "{}",
        stdout(&o)
    );
    assert_eq!(party_at(&path).name, "crew");
    assert_eq!(levels(&path), [6, 6, 6, 6]);

    // The user renames it and adds a note of their own; a later `set` keeps both.
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("name: crew", "name: The Lanterns")
        + "x-note: met in Tallow\n";
    std::fs::write(&path, text).unwrap();
    let o = lairsmith(d, &["party", "set", "crew", "Ana=3,Bo=4"]);
    ok(&o);
    assert!(
        stdout(&o).starts_with("Replaced the party `crew`"),
        "{}",
        stdout(&o)
    );
    let p = party_at(&path);
    assert_eq!(p.name, "The Lanterns");
    assert_eq!(levels(&path), [3, 4]);
    assert_eq!(p.members[0].name.as_deref(), Some("Ana"));
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .contains("x-note: met in Tallow")
    );
    // `--party crew` now means this party.
    let budget = stdout(&lairsmith(d, &["budget", "--party", "crew"]));
    assert!(budget.contains("Ana (3), Bo (4)"), "{budget}");

    // An id must be a slug; a bad spec says how to write one; neither writes anything.
    let o = lairsmith(d, &["party", "set", "The Crew", "4x6"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("is not a valid id") && stderr(&o).contains("`the-crew`"),
        "{}",
        stderr(&o)
    );
    let o = lairsmith(d, &["party", "set", "crew", "4y6"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("is not a party"), "{}", stderr(&o));
    assert_eq!(levels(&path), [3, 4]);
}

#[test]
fn party_level_up_raises_every_member_or_one_by_n() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&lairsmith(d, &["party", "set", "crew", "Ana=3,Bo=4,5"]));
    let path = d.join("parties/crew.yaml");

    let o = lairsmith(d, &["party", "level-up", "crew"]);
    ok(&o);
    assert_eq!(levels(&path), [4, 5, 6]);
    assert_eq!(
        stdout(&o),
        "The party `crew` is now Ana (4), Bo (5), level 6.\n"
    );
    ok(&lairsmith(
        d,
        &["party", "level-up", "crew", "--by", "2", "--member", "bo"],
    ));
    assert_eq!(levels(&path), [4, 7, 6]);
    // An unnamed member is chosen by place.
    ok(&lairsmith(
        d,
        &["party", "level-up", "crew", "--member", "#3"],
    ));
    assert_eq!(levels(&path), [4, 7, 7]);

    // A typo gets the closest member and the list; nothing changes.
    let o = lairsmith(d, &["party", "level-up", "crew", "--member", "Anna"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains(
            "the party `crew` has no member `Anna` (did you mean `Ana`?); its members: Ana, Bo, #3"
        ),
        "{}",
        stderr(&o)
    );
    // Zero levels is not a level-up.
    let o = lairsmith(d, &["party", "level-up", "crew", "--by", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(levels(&path), [4, 7, 7]);

    // The library function the UI calls does the same and returns the party as saved.
    let data = DataDir::new(d);
    let saved = level_up(&data, "crew", 1, Some("Ana")).unwrap();
    assert_eq!(saved.members[0].level.get(), 5);
    assert_eq!(levels(&path), [5, 7, 7]);
}

#[test]
fn party_level_up_refuses_to_pass_level_30_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&lairsmith(d, &["party", "set", "veterans", "Ana=27,Bo=29"]));
    let path = d.join("parties/veterans.yaml");
    let before = std::fs::read(&path).unwrap();

    let o = lairsmith(d, &["party", "level-up", "veterans", "--by", "2"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "lairsmith: Bo is level 29; 2 more would pass level 30, the highest a character reaches (Levels, Tiers and Bonuses: levels run from 1 to 30); the party `veterans` was not changed\n"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "all or nothing: Ana stays 27"
    );

    ok(&lairsmith(
        d,
        &[
            "party", "level-up", "veterans", "--by", "3", "--member", "Ana",
        ],
    ));
    assert_eq!(levels(&path), [30, 29]);
    let o = lairsmith(d, &["party", "level-up", "veterans", "--by", "4000000000"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("Ana is level 30"), "{}", stderr(&o));
    assert_eq!(levels(&path), [30, 29]);
}

#[test]
fn party_remove_moves_the_file_to_the_trash_and_says_how_to_put_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&lairsmith(
        d,
        &["party", "new", "The Lanterns", "--party", "Ana=6,Bo=6"],
    ));
    let path = d.join("parties/the-lanterns.yaml");
    let before = std::fs::read(&path).unwrap();

    let o = lairsmith(d, &["party", "remove", "the-lanterns"]);
    ok(&o);
    assert!(!path.exists());
    let trashed: Vec<_> = std::fs::read_dir(d.join("trash/parties"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(trashed.len(), 1);
    assert_eq!(
        std::fs::read(&trashed[0]).unwrap(),
        before,
        "the file itself, unchanged"
    );
    let msg = stdout(&o);
    assert!(
        msg.contains(&trashed[0].display().to_string())
            && msg.contains(&format!(
                "To put it back, move that file to {}.",
                path.display()
            )),
        "{msg}"
    );
    // A party in the trash is not a monster in the trash.
    let listed = stdout(&lairsmith(d, &["restore", "--list"]));
    assert_eq!(listed, "The trash is empty.\n");
    // Doing what the message says brings it back.
    std::fs::rename(&trashed[0], &path).unwrap();
    assert!(stdout(&lairsmith(d, &["party", "list"])).contains("The Lanterns"));

    // An id that is not saved names the closest one.
    let o = lairsmith(d, &["party", "remove", "the-lantern"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "lairsmith: no saved party has the id `the-lantern` (did you mean `the-lanterns`?); `lairsmith party list` shows them\n"
    );

    // The library function the UI calls reports both places.
    let data = DataDir::new(d);
    let removed = remove_party(&data, "the-lanterns").unwrap();
    assert_eq!(removed.from, path);
    assert!(removed.to.starts_with(d.join("trash/parties")) && removed.to.is_file());
    assert!(matches!(
        remove_party(&data, "the-lanterns"),
        Err(DataError::NoSuchParty { .. })
    ));
}

/// Two processes levelling the same party up at once, many times: each read-modify-write holds
/// the file's lock, so every level-up lands.
#[test]
fn two_processes_levelling_up_at_once_both_land() {
    const EACH: usize = 14;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&lairsmith(d, &["party", "set", "crew", "Ana=1,Bo=1,1"]));
    std::thread::scope(|s| {
        let loops: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(|| {
                    for _ in 0..EACH {
                        ok(&lairsmith(d, &["party", "level-up", "crew"]));
                    }
                })
            })
            .collect();
        for l in loops {
            l.join().unwrap();
        }
    });
    let expected = u8::try_from(1 + 2 * EACH).unwrap();
    assert_eq!(levels(&d.join("parties/crew.yaml")), [expected; 3]);
}

#[test]
fn hostile_party_ids_files_and_member_names_are_refused_without_harm() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("parties")).unwrap();
    std::fs::write(d.join("secret.yaml"), "kind: party\n").unwrap();

    // Ids that would leave parties/ are refused by every command, and nothing is written.
    for args in [
        &["party", "set", "../secret", "4x3"][..],
        &["party", "level-up", "../secret"],
        &["party", "remove", "../secret"],
        &["party", "remove", "../../etc/passwd"],
    ] {
        let o = lairsmith(d, args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).starts_with("lairsmith: "),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    assert_eq!(
        std::fs::read_to_string(d.join("secret.yaml")).unwrap(),
        "kind: party\n"
    );
    assert!(!d.join("trash").exists());

    // An alias bomb saved as a party: level-up and set name the file and leave it as it was.
    let mut bomb = String::from("kind: party\nschema_version: 1\nname: Bomb\n");
    bomb.push_str("x-a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for (name, prev) in ["b", "c", "d", "e", "f", "g", "h", "i"]
        .iter()
        .zip(["a", "b", "c", "d", "e", "f", "g", "h"])
    {
        let refs = vec![format!("*{prev}"); 10].join(", ");
        bomb.push_str(&format!("x-{name}: &{name} [{refs}]\n"));
    }
    bomb.push_str("members:\n- level: 3\n");
    let path = d.join("parties/bomb.yaml");
    std::fs::write(&path, &bomb).unwrap();
    for args in [
        &["party", "level-up", "bomb"][..],
        &["party", "set", "bomb", "4x3"],
    ] {
        let o = lairsmith(d, args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains(&path.display().to_string()),
            "{}",
            stderr(&o)
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), bomb, "{args:?}");
    }

    // A member name holding terminal escapes comes back escaped, never raw.
    ok(&lairsmith(d, &["party", "set", "crew", "4x3"]));
    let o = lairsmith(
        d,
        &[
            "party",
            "level-up",
            "crew",
            "--member",
            "\u{1b}]0;owned\u{7}",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        !o.stderr.contains(&0x1b) && !o.stderr.contains(&7),
        "{:?}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("has no member"), "{}", stderr(&o));

    // The library refuses the same ids with typed errors.
    let data = DataDir::new(d);
    let crew = lairsmith_core::encounter::Party::parse("4x3").unwrap();
    assert!(matches!(
        set_party(&data, "../secret", &crew),
        Err(DataError::BadId(_))
    ));
    assert!(matches!(
        level_up(&data, "../secret", 1, None),
        Err(DataError::BadId(_))
    ));
}

/// `encounter new` and `encounter generate` name a saved party by its id, as the Encounter
/// screen's party prompt does, so the encounter follows the party's levels and a fight's XP is
/// written to it; a spec is written into the file.
#[test]
fn a_new_or_generated_encounter_names_a_saved_party_and_writes_a_spec() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::lairsmith_ok(d, &["party", "new", "Crew", "--party", "Ana=3,Bo=3"]);
    common::lairsmith_ok(d, &["encounter", "new", "Ford", "--party", "crew"]);
    common::lairsmith_ok(d, &["encounter", "new", "Hall", "--party", "Ana=3,Bo=3"]);
    let file = |id: &str| std::fs::read_to_string(d.join(format!("encounters/{id}.yaml"))).unwrap();
    assert!(file("ford").contains("\nparty: crew\n"), "{}", file("ford"));
    assert!(
        file("hall").contains("\nparty:\n  members:\n"),
        "{}",
        file("hall")
    );
    for system in ["orcus", "d20-3e"] {
        let args = [
            "encounter",
            "generate",
            "--party",
            "crew",
            "--difficulty",
            "hard",
            "--seed",
            "3",
            "--format",
            "yaml",
            "--system",
            system,
        ];
        let yaml = common::lairsmith_ok(d, &args);
        assert!(yaml.contains("\nparty: crew\n"), "{system}: {yaml}");
    }
    // The party levels up: the encounter's budget follows it.
    common::lairsmith_ok(d, &["encounter", "add", "ford", "hedgemaw"]);
    let before = common::lairsmith_ok(d, &["encounter", "check", "ford"]);
    common::lairsmith_ok(d, &["party", "level-up", "crew"]);
    let after = common::lairsmith_ok(d, &["encounter", "check", "ford"]);
    assert_ne!(before, after);
    assert!(after.contains("level 4"), "{after}");
}
