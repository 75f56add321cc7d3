//! The library call behind the UI's party form (`set_numbers`): every number of every member
//! at once, over the file as it was read (`read_party`'s fingerprint) and never over a change
//! made since, all or nothing.

use lairsmith_core::DataDir;
use lairsmith_core::encounter::{DataError, Member, read_party, set_numbers};

const CREW: &str = "kind: party
schema_version: 1
name: Crew
members:
- name: Ana
  level: 3
  xp: 2600
  max_hp: 30
  hp: 12
  ac: 17
- name: Bo
  level: 4
x-mine: kept
";

fn crew() -> (tempfile::TempDir, DataDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let data = DataDir::new(dir.path());
    std::fs::create_dir_all(data.parties()).unwrap();
    let path = data.parties().join("crew.yaml");
    std::fs::write(&path, CREW).unwrap();
    (dir, data, path)
}

#[test]
fn every_number_is_set_or_cleared_keeping_names_levels_xp_and_x_values() {
    let (_dir, data, path) = crew();
    let (file, seen) = read_party(&data, "crew").unwrap();
    let mut numbers = file.members.clone();
    numbers[0].hp = None;
    numbers[0].ac = Some(18);
    numbers[1].max_hp = Some(26);
    numbers[1].initiative = Some(-1);
    // What the form gives for a member's name, level or XP is not its to change.
    numbers[1].name = Some("Someone else".into());
    let (saved, fingerprint) = set_numbers(&data, "crew", seen, &numbers).unwrap();
    let (again, read) = read_party(&data, "crew").unwrap();
    assert_eq!((saved, fingerprint), (again.clone(), read));
    let (ana, bo) = (&again.members[0], &again.members[1]);
    assert_eq!(
        (ana.xp, ana.max_hp, ana.hp, ana.ac),
        (Some(2600), Some(30), None, Some(18))
    );
    assert_eq!((bo.name.as_deref(), bo.level.get()), (Some("Bo"), 4));
    assert_eq!((bo.max_hp, bo.initiative), (Some(26), Some(-1)));
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .contains("x-mine: kept")
    );
}

#[test]
fn a_file_changed_since_it_was_read_is_refused_and_left_as_it_is() {
    let (_dir, data, path) = crew();
    let (file, seen) = read_party(&data, "crew").unwrap();
    let theirs = CREW.replace("ac: 17", "ac: 16");
    std::fs::write(&path, &theirs).unwrap();
    let err = set_numbers(&data, "crew", seen, &file.members).unwrap_err();
    assert!(err.to_string().contains("changed on disk"), "{err}");
    assert!(matches!(err, DataError::Save(_)), "{err:?}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs);
}

#[test]
fn a_number_out_of_range_or_a_broken_rule_changes_nothing() {
    let (_dir, data, path) = crew();
    let (file, seen) = read_party(&data, "crew").unwrap();
    let mut numbers = file.members.clone();
    numbers[1].ac = Some(120);
    let err = set_numbers(&data, "crew", seen, &numbers).unwrap_err();
    assert!(err.to_string().contains("1 to 99, not 120"), "{err}");
    let mut numbers = file.members.clone();
    numbers[0].hp = Some(31);
    let err = set_numbers(&data, "crew", seen, &numbers).unwrap_err();
    assert!(err.to_string().contains("above the maximum HP"), "{err}");
    let err = set_numbers(&data, "crew", seen, &numbers[..1]).unwrap_err();
    assert!(
        err.to_string().contains("numbers were given for 1"),
        "{err}"
    );
    let mut one = Member::new(file.members[0].level);
    one.ac = Some(5);
    assert!(set_numbers(&data, "nobody", seen, &[one]).is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), CREW);
}
