//! The bestiary index: a second load takes unchanged monsters from it, and anything that
//! changed on disk is read again. It never changes what is loaded.

use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::fixtures::index::{Body, INDEX_FILE, Index};
use std::path::Path;

fn setup(n: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let bestiary = dir.path().join("bestiary");
    lairsmith_core::fixtures::write_bestiary(&bestiary, n, 11).unwrap();
    (dir, bestiary)
}

fn designs(b: &Bestiary) -> Vec<(String, lairsmith_core::monster::MonsterDesign, i64)> {
    let mut v: Vec<_> = b
        .entries
        .iter()
        .filter(|e| !e.is_shipped())
        .map(|e| {
            (
                e.card.id.clone(),
                e.design().unwrap().as_ref().clone(),
                e.card.xp,
            )
        })
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

#[test]
fn the_second_load_comes_from_the_index_and_is_identical() {
    let (dir, bestiary) = setup(300);
    let first = Bestiary::load(Some(&bestiary));
    assert_eq!(first.loaded_from_index, 0);
    assert!(dir.path().join("cache").join(INDEX_FILE).is_file());
    let second = Bestiary::load(Some(&bestiary));
    assert_eq!(second.loaded_from_index, 300);
    assert_eq!(designs(&first), designs(&second));
    let fp = |b: &Bestiary| {
        b.entries
            .iter()
            .map(|e| (e.card.id.clone(), e.fingerprint, e.card.mark))
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
        lairsmith_core::store::save_atomic(
            &e.path,
            b"x",
            lairsmith_core::store::Expect::Unchanged(e.fingerprint.unwrap())
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
    std::fs::write(&changed, lairsmith_core::yaml_io::to_string(&d)).unwrap();
    std::fs::remove_file(bestiary.join(format!("{}.yaml", ds[1].0))).unwrap();
    let mut extra = ds[2].1.clone();
    extra.id = "brand-new".into();
    extra.name = "Brand New".into();
    std::fs::write(
        bestiary.join("brand-new.yaml"),
        lairsmith_core::yaml_io::to_string(&extra),
    )
    .unwrap();
    let b = Bestiary::load(Some(&bestiary));
    assert_eq!(b.loaded_from_index, 48);
    assert!(b.get(&ds[0].0).unwrap().card.name.ends_with("the Changed"));
    assert!(b.get(&ds[1].0).is_none());
    assert!(b.get("brand-new").is_some());
    assert_eq!(Bestiary::load(Some(&bestiary)).loaded_from_index, 50);
}

#[test]
fn a_corrupt_index_is_ignored_and_rebuilt() {
    let (dir, bestiary) = setup(40);
    let first = Bestiary::load(Some(&bestiary));
    let index = dir.path().join("cache").join(INDEX_FILE);
    let mut bytes = std::fs::read(&index).unwrap();
    // One byte in the middle of the records: the checksum no longer matches, and no record
    // of the index is trusted.
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0xff;
    std::fs::write(&index, &bytes).unwrap();
    let second = Bestiary::load(Some(&bestiary));
    assert_eq!(
        second.loaded_from_index, 0,
        "every monster is parsed from YAML"
    );
    assert_eq!(designs(&first), designs(&second));
    std::fs::write(&index, "garbage").unwrap();
    let third = Bestiary::load(Some(&bestiary));
    assert_eq!(third.loaded_from_index, 0);
    assert_eq!(designs(&first), designs(&third));
    assert_eq!(Bestiary::load(Some(&bestiary)).loaded_from_index, 40);
}

#[test]
fn monsters_with_x_keys_are_indexed_and_their_designs_read_from_their_file() {
    let (_dir, bestiary) = setup(5);
    let path = lairsmith_core::store::yaml_files(&bestiary).unwrap()[0].clone();
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("x-notes:\n  seen:\n  - session 3\n");
    std::fs::write(&path, &text).unwrap();
    let _ = Bestiary::load(Some(&bestiary));
    let b = Bestiary::load(Some(&bestiary));
    assert_eq!(
        b.loaded_from_index, 5,
        "the index holds cards, which have no x- keys"
    );
    let e = b.entries.iter().find(|e| e.path == path).unwrap();
    assert_eq!(
        lairsmith_core::yaml_io::to_string(&*e.design().unwrap()),
        text,
        "x- keys intact"
    );
}

#[test]
fn an_unwritable_index_only_costs_speed() {
    let dir = tempfile::tempdir().unwrap();
    let bestiary = dir.path().join("bestiary");
    lairsmith_core::fixtures::write_bestiary(&bestiary, 10, 2).unwrap();
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

fn lairsmith(data: &Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_lairsmith"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .output()
        .unwrap()
}

/// One user monster at level 3, `briar-cat`, in `<data>/bestiary`; returns its file.
fn briar_cat(data: &Path) -> std::path::PathBuf {
    let mut d = lairsmith_core::fixtures::monsters(1, 7).remove(0);
    d.id = "briar-cat".into();
    d.name = "Briar Cat".into();
    d.level = lairsmith_core::rules::Level::new(3).unwrap();
    let path = data.join("bestiary/briar-cat.yaml");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, lairsmith_core::yaml_io::to_string(&d)).unwrap();
    path
}

/// The same file at another level, byte for byte the same size.
fn at_level(path: &Path, from: u8, to: u8) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let edited = text.replacen(
        &format!("\nlevel: {from}\n"),
        &format!("\nlevel: {to}\n"),
        1,
    );
    assert_ne!(edited, text);
    assert_eq!(edited.len(), text.len());
    edited
}

fn level_of(b: &Bestiary, id: &str) -> u8 {
    b.get(id).unwrap().card.level.get()
}

fn shown_level(data: &Path, id: &str) -> String {
    let o = lairsmith(data, &["show", id, "--format", "yaml"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .find(|l| l.starts_with("level:"))
        .unwrap()
        .to_owned()
}

/// The file is rewritten in place, same size, after it was read and before the index is
/// written (as while `list` runs): the index must not pair the old design with the new file.
#[test]
fn same_size_edit_during_list_is_not_cached_stale() {
    let dir = tempfile::tempdir().unwrap();
    let path = briar_cat(dir.path());
    let bestiary = dir.path().join("bestiary");
    let (b, write) = Bestiary::load_leaving_index(Some(&bestiary));
    assert_eq!(level_of(&b, "briar-cat"), 3);
    std::fs::write(&path, at_level(&path, 3, 4)).unwrap();
    write.expect("a first load writes the index").run();
    for _ in 0..2 {
        assert_eq!(level_of(&Bestiary::load(Some(&bestiary)), "briar-cat"), 4);
    }
    assert_eq!(shown_level(dir.path(), "briar-cat"), "level: 4");
}

/// `sed -i` (a new file renamed over the old, same size) then `touch -r` (the old modification
/// time put back): `list`, `show ID` and `relevel --save` all see the new file.
#[test]
fn sed_then_touch_r_is_seen() {
    let dir = tempfile::tempdir().unwrap();
    let path = briar_cat(dir.path());
    let bestiary = dir.path().join("bestiary");
    let o = lairsmith(dir.path(), &["list", "--ids"]);
    assert!(o.status.success());
    assert_eq!(Bestiary::load(Some(&bestiary)).loaded_from_index, 1);
    let mtime = std::fs::metadata(&path).unwrap().modified().unwrap();
    // What `sed -i` does: write a new file beside the old and rename it over.
    let new = bestiary.join("sedXYZ");
    std::fs::write(&new, at_level(&path, 3, 4)).unwrap();
    std::fs::rename(&new, &path).unwrap();
    // What `touch -r OLD` does: put the old modification time back.
    std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap()
        .set_modified(mtime)
        .unwrap();
    assert_eq!(level_of(&Bestiary::load(Some(&bestiary)), "briar-cat"), 4);
    assert_eq!(shown_level(dir.path(), "briar-cat"), "level: 4");
    let o = lairsmith(
        dir.path(),
        &["relevel", "briar-cat", "--level", "6", "--save"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(shown_level(dir.path(), "briar-cat"), "level: 6");
}

/// An index edited by hand to say another XP and lint mark is not believed: its checksum no
/// longer matches, so every card is made again from its file, in the library and in `list`.
#[test]
fn edited_index_xp_is_not_trusted() {
    let dir = tempfile::tempdir().unwrap();
    briar_cat(dir.path());
    let bestiary = dir.path().join("bestiary");
    let first = Bestiary::load(Some(&bestiary));
    let xp = first.get("briar-cat").unwrap().card.xp;
    assert!(xp > 0);
    let index = Index::for_bestiary(&bestiary).unwrap();
    // The edit, written with a valid checksum by the test hook ...
    assert!(index.rewrite_records(|r| {
        if let Body::Card(row) = &mut r.body {
            row.xp = 7;
            row.mark = 0;
        }
    }));
    // ... then the checksum broken, as an editor that knows nothing of it leaves it.
    let mut bytes = std::fs::read(index.path()).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(index.path(), &bytes).unwrap();
    let b = Bestiary::load(Some(&bestiary));
    assert_eq!(b.loaded_from_index, 0, "the edited index is not used");
    let e = b.get("briar-cat").unwrap();
    assert_eq!(e.card.xp, xp);
    assert_eq!(e.card.xp, e.block().unwrap().xp);
    assert_eq!(e.card.mark, first.get("briar-cat").unwrap().card.mark);
    let o = lairsmith(dir.path(), &["list", "Briar"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(!out.contains(" 7  briar-cat"), "{out}");
    assert!(out.contains(&xp.to_string()), "{out}");
}

/// A file that does not parse is remembered with its error, so later starts do not parse it
/// again, and it is still reported every time, with its line and column.
#[test]
fn a_bad_file_is_remembered_and_still_reported() {
    let (_dir, bestiary) = setup(3);
    let bad = bestiary.join("broken.yaml");
    std::fs::write(&bad, "kind: monster\nlevel: [\n").unwrap();
    let first = Bestiary::load(Some(&bestiary));
    assert_eq!(first.errors.len(), 1);
    assert_eq!(first.errors_from_index, 0);
    let second = Bestiary::load(Some(&bestiary));
    assert_eq!(second.errors_from_index, 1, "the error came from the index");
    assert_eq!(second.loaded_from_index, 3);
    assert_eq!(
        second.errors, first.errors,
        "reported the same, with line and column"
    );
    assert!(second.errors[0].line.is_some());
    // Fixed, it is read again.
    std::fs::remove_file(&bad).unwrap();
    std::fs::write(&bad, "kind: monster\n").unwrap();
    let third = Bestiary::load(Some(&bestiary));
    assert_eq!(third.errors_from_index, 0);
    assert_ne!(third.errors, first.errors);
}
