//! The bestiary index: a second load takes unchanged monsters from it, and anything that
//! changed on disk is read again. It never changes what is loaded.

use lairsmith::bestiary::Bestiary;
use std::path::Path;

fn setup(n: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let bestiary = dir.path().join("bestiary");
    lairsmith::fixtures::write_bestiary(&bestiary, n, 11).unwrap();
    (dir, bestiary)
}

fn designs(b: &Bestiary) -> Vec<(String, lairsmith::monster::MonsterDesign, i64)> {
    let mut v: Vec<_> = b
        .entries
        .iter()
        .filter(|e| !e.is_shipped())
        .map(|e| (e.design.id.clone(), e.design.clone(), e.xp))
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

#[test]
fn the_second_load_comes_from_the_index_and_is_identical() {
    let (dir, bestiary) = setup(300);
    let first = Bestiary::load(Some(&bestiary));
    assert_eq!(first.loaded_from_index, 0);
    assert!(dir.path().join("cache/bestiary-index.jsonl").is_file());
    let second = Bestiary::load(Some(&bestiary));
    assert_eq!(second.loaded_from_index, 300);
    assert_eq!(designs(&first), designs(&second));
    let fp = |b: &Bestiary| {
        b.entries
            .iter()
            .map(|e| (e.design.id.clone(), e.fingerprint, e.mark))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        fp(&first),
        fp(&second),
        "fingerprints and lint marks survive the index"
    );
    // Saving through a fingerprint from the index still detects a change on disk.
    let e = second.get(&designs(&second)[0].0).unwrap();
    assert!(
        lairsmith::store::save_atomic(
            &e.path,
            b"x",
            lairsmith::store::Expect::Unchanged(e.fingerprint.unwrap())
        )
        .is_ok()
    );
}

#[test]
fn changed_new_and_deleted_files_are_read_again() {
    let (_dir, bestiary) = setup(50);
    let _ = Bestiary::load(Some(&bestiary));
    let ds = designs(&Bestiary::load(Some(&bestiary)));
    let changed = bestiary.join(format!("{}.yaml", ds[0].0));
    let mut d = ds[0].1.clone();
    d.name = format!("{} the Changed", d.name);
    std::fs::write(&changed, lairsmith::yaml_io::to_string(&d)).unwrap();
    std::fs::remove_file(bestiary.join(format!("{}.yaml", ds[1].0))).unwrap();
    let mut extra = ds[2].1.clone();
    extra.id = "brand-new".into();
    extra.name = "Brand New".into();
    std::fs::write(
        bestiary.join("brand-new.yaml"),
        lairsmith::yaml_io::to_string(&extra),
    )
    .unwrap();
    let b = Bestiary::load(Some(&bestiary));
    assert_eq!(b.loaded_from_index, 48);
    assert!(
        b.get(&ds[0].0)
            .unwrap()
            .design
            .name
            .ends_with("the Changed")
    );
    assert!(b.get(&ds[1].0).is_none());
    assert!(b.get("brand-new").is_some());
    assert_eq!(Bestiary::load(Some(&bestiary)).loaded_from_index, 50);
}

#[test]
fn a_corrupt_index_is_ignored_and_rebuilt() {
    let (dir, bestiary) = setup(40);
    let first = Bestiary::load(Some(&bestiary));
    let index = dir.path().join("cache/bestiary-index.jsonl");
    let text = std::fs::read_to_string(&index).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[3] = "{not json";
    std::fs::write(&index, lines.join("\n")).unwrap();
    let second = Bestiary::load(Some(&bestiary));
    assert_eq!(
        second.loaded_from_index, 39,
        "the broken line's monster is parsed from YAML"
    );
    assert_eq!(designs(&first), designs(&second));
    std::fs::write(&index, "garbage").unwrap();
    let third = Bestiary::load(Some(&bestiary));
    assert_eq!(third.loaded_from_index, 0);
    assert_eq!(designs(&first), designs(&third));
    assert_eq!(Bestiary::load(Some(&bestiary)).loaded_from_index, 40);
}

#[test]
fn monsters_with_x_keys_are_always_read_from_their_file() {
    let (_dir, bestiary) = setup(5);
    let path = lairsmith::bestiary::yaml_files(&bestiary).unwrap()[0].clone();
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("x-notes:\n  seen:\n  - session 3\n");
    std::fs::write(&path, &text).unwrap();
    let _ = Bestiary::load(Some(&bestiary));
    let b = Bestiary::load(Some(&bestiary));
    assert_eq!(b.loaded_from_index, 4);
    let e = b.entries.iter().find(|e| e.path == path).unwrap();
    assert_eq!(
        lairsmith::yaml_io::to_string(&e.design),
        text,
        "x- keys intact"
    );
}

#[test]
fn an_unwritable_index_only_costs_speed() {
    let dir = tempfile::tempdir().unwrap();
    let bestiary = dir.path().join("bestiary");
    lairsmith::fixtures::write_bestiary(&bestiary, 10, 2).unwrap();
    std::fs::write(
        dir.path().join("cache"),
        "a file where the cache folder would go",
    )
    .unwrap();
    let b = Bestiary::load(Some(&bestiary));
    assert_eq!(b.entries.iter().filter(|e| !e.is_shipped()).count(), 10);
    assert!(b.errors.is_empty());
    assert!(Path::new(&dir.path().join("cache")).is_file());
}
