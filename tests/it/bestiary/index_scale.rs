//! The binary bestiary index (issue 27): read in one pass, its stamps checked on every core while
//! the directory is listed. Whatever is at its path that is not an index this build wrote
//! whole (truncated anywhere, another format or version, a wrong checksum, records out of
//! order, a foreign file) is ignored and written again, never trusted; two processes
//! rebuilding it at once leave a whole index.

use crate::common::{lairsmith, stderr, stdout};
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::fixtures::index::{INDEX_FILE, Index};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A data directory with `n` generated monsters, its index written by a first load.
fn indexed(n: usize) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let bestiary = dir.path().join("bestiary");
    lairsmith_core::fixtures::write_bestiary(&bestiary, n, 27).unwrap();
    let first = Bestiary::load(Some(&bestiary));
    assert_eq!(first.loaded_from_index, 0);
    let index = dir.path().join("cache").join(INDEX_FILE);
    assert!(index.is_file());
    assert_eq!(Bestiary::load(Some(&bestiary)).loaded_from_index, n);
    (dir, bestiary, index)
}

/// The user's monsters as a load sees them: id, card and fingerprint.
fn users(b: &Bestiary) -> Vec<String> {
    let mut v: Vec<String> = b
        .entries
        .iter()
        .filter(|e| !e.is_shipped())
        .map(|e| format!("{:?} {:?} {:?}", e.card, e.fingerprint, e.path))
        .collect();
    v.sort();
    v
}

/// CRC-32 (IEEE, reflected), bit by bit: the checksum the index ends with, written here
/// independently of the crate that computes it.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// `bytes` with their last four bytes made the checksum of the rest again.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let n = bytes.len() - 4;
    let crc = crc32(&bytes[..n]);
    bytes[n..].copy_from_slice(&crc.to_le_bytes());
    bytes
}

/// Where the header ends and each record begins, read from an index's bytes.
fn layout(bytes: &[u8]) -> (usize, Vec<usize>) {
    let version_len = usize::from(bytes[12]);
    let header = 13 + version_len + 8 + 4;
    let count = u32::from_le_bytes(bytes[header - 4..header].try_into().unwrap()) as usize;
    let mut starts = Vec::new();
    let mut at = header;
    for _ in 0..count {
        starts.push(at);
        at += 4 + u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    }
    assert_eq!(
        at,
        bytes.len() - 4,
        "the records end where the checksum begins"
    );
    (header, starts)
}

/// With `bytes` at the index's path, the next load parses every file and gives what a load
/// from the YAML gives, and the load after it takes every monster from the rewritten index.
fn ignored_and_rebuilt(bestiary: &Path, index: &Path, bytes: &[u8], what: &str) {
    let honest = users(&Bestiary::load(Some(bestiary)));
    let n = honest.len();
    std::fs::write(index, bytes).unwrap();
    let b = Bestiary::load(Some(bestiary));
    assert_eq!(b.loaded_from_index, 0, "{what}: nothing is taken from it");
    assert!(b.errors.is_empty(), "{what}: {:?}", b.errors);
    assert_eq!(users(&b), honest, "{what}");
    assert_eq!(
        Bestiary::load(Some(bestiary)).loaded_from_index,
        n,
        "{what}: rebuilt"
    );
}

#[test]
fn a_truncated_index_is_rebuilt_whichever_field_it_ends_in() {
    let (_dir, bestiary, index) = indexed(6);
    let whole = std::fs::read(&index).unwrap();
    let (header, starts) = layout(&whole);
    let first = starts[0];
    let second = starts[1];
    // An offset in every kind of place a cut can fall: (offset, where).
    let cuts: Vec<(usize, &str)> = vec![
        (0, "an empty file"),
        (3, "inside the magic"),
        (8, "right after the magic"),
        (10, "inside the format number"),
        (14, "inside the version"),
        (header - 6, "inside the templates' hash"),
        (header - 2, "inside the record count"),
        (header, "right after the header"),
        (first + 2, "inside a record's length"),
        (first + 5, "inside a record's name length"),
        (first + 9, "inside a file name"),
        (first + 30, "inside a stamp"),
        (first + 70, "inside the hash or the card"),
        (second - 3, "inside a card's last fields"),
        (second, "between two records"),
        (*starts.last().unwrap(), "before the last record"),
        (whole.len() - 4, "just before the checksum"),
        (whole.len() - 2, "inside the checksum"),
        (whole.len() - 1, "one byte short"),
    ];
    for (at, what) in cuts {
        assert!(at < whole.len(), "{what}");
        ignored_and_rebuilt(&bestiary, &index, &whole[..at], what);
    }
}

#[test]
fn an_index_of_another_format_or_version_is_rebuilt_even_with_a_valid_checksum() {
    let (_dir, bestiary, index) = indexed(5);
    let whole = std::fs::read(&index).unwrap();
    let mut format = whole.clone();
    format[8] = format[8].wrapping_add(1);
    ignored_and_rebuilt(&bestiary, &index, &resealed(format), "the next format");
    let mut version = whole.clone();
    // The version's first character: "0.1.0" becomes "1.1.0".
    version[13] = version[13].wrapping_add(1);
    ignored_and_rebuilt(&bestiary, &index, &resealed(version), "another version");
    // Only the checksum is right: the copy above was resealed, this one is as written.
    assert_eq!(
        resealed(whole.clone()),
        whole,
        "the test's CRC-32 is the index's"
    );
}

#[test]
fn an_index_with_a_wrong_checksum_is_rebuilt() {
    let (_dir, bestiary, index) = indexed(5);
    let whole = std::fs::read(&index).unwrap();
    let (_, starts) = layout(&whole);
    // One bit of a card's level, of a file's size, and of the checksum itself.
    for (at, what) in [
        (starts[2] + 60, "a flipped bit in a record"),
        (starts[0] + 8, "a flipped bit in a file name"),
        (whole.len() - 1, "a flipped bit in the checksum"),
    ] {
        let mut bytes = whole.clone();
        bytes[at] ^= 0x04;
        ignored_and_rebuilt(&bestiary, &index, &bytes, what);
    }
}

#[test]
fn an_index_whose_records_are_out_of_order_or_twice_is_rebuilt() {
    let (_dir, bestiary, index) = indexed(5);
    let whole = std::fs::read(&index).unwrap();
    let (header, starts) = layout(&whole);
    let end = whole.len() - 4;
    let record = |i: usize| &whole[starts[i]..starts.get(i + 1).copied().unwrap_or(end)];
    // The first two records swapped.
    let mut swapped = whole[..header].to_vec();
    swapped.extend_from_slice(record(1));
    swapped.extend_from_slice(record(0));
    swapped.extend_from_slice(&whole[starts[2]..]);
    ignored_and_rebuilt(&bestiary, &index, &resealed(swapped), "out of order");
    // The first record twice, in place of the second (the count unchanged).
    let mut twice = whole[..header].to_vec();
    twice.extend_from_slice(record(0));
    twice.extend_from_slice(record(0));
    twice.extend_from_slice(&whole[starts[2]..]);
    ignored_and_rebuilt(&bestiary, &index, &resealed(twice), "a record twice");
    // A count larger than the records.
    let mut count = whole.clone();
    count[header - 4] = count[header - 4].wrapping_add(1);
    ignored_and_rebuilt(&bestiary, &index, &resealed(count), "a count too large");
}

#[test]
fn a_foreign_file_at_the_index_path_is_rebuilt() {
    let (_dir, bestiary, index) = indexed(5);
    let whole = std::fs::read(&index).unwrap();
    let old_format = "{\"lairsmith_index\":4,\"version\":\"0.1.0\",\"templates\":1}\n\
                      [\"a.yaml\",1,2,3,4,5,6,7,0,[\"\",\"A\",1,0,0,0,0,0,0,[],100,0,0,0],null]\n";
    let mut zeros_with_magic = whole[..8].to_vec();
    zeros_with_magic.resize(whole.len(), 0);
    let foreign: [(&[u8], &str); 5] = [
        (old_format.as_bytes(), "the JSON lines of the format before"),
        (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "a PNG"),
        (&[0u8; 4096], "zeros"),
        (&zeros_with_magic, "the magic, then zeros"),
        ("lairidx\n".as_bytes(), "the magic alone"),
    ];
    for (bytes, what) in foreign {
        ignored_and_rebuilt(&bestiary, &index, bytes, what);
    }
}

/// An index a previous version wrote under its old name is removed when the new one is
/// written, so a data directory does not keep both.
#[test]
fn the_jsonl_index_of_the_version_before_is_removed() {
    let dir = tempfile::tempdir().unwrap();
    let bestiary = dir.path().join("bestiary");
    lairsmith_core::fixtures::write_bestiary(&bestiary, 3, 27).unwrap();
    let old = dir.path().join("cache/bestiary-index.jsonl");
    std::fs::create_dir_all(old.parent().unwrap()).unwrap();
    std::fs::write(&old, "{\"lairsmith_index\":4}\n").unwrap();
    let _ = Bestiary::load(Some(&bestiary));
    assert!(!old.exists());
    assert!(dir.path().join("cache").join(INDEX_FILE).is_file());
}

/// The index and the directory are walked in step by name: names whose byte order differs
/// from their letter order (capitals, digits, accents, `.yml`) must still pair up.
#[test]
fn files_named_in_any_byte_order_all_come_from_the_index() {
    let dir = tempfile::tempdir().unwrap();
    let bestiary = dir.path().join("bestiary");
    std::fs::create_dir_all(&bestiary).unwrap();
    let designs = lairsmith_core::fixtures::monsters(8, 3);
    let names = [
        "zed.yaml",
        "Zed.yaml",
        "10-trolls.yaml",
        "9-trolls.yaml",
        "élan.yaml",
        "elan.yml",
        "a-b.yaml",
        "a.yaml",
    ];
    for (i, (name, d)) in names.iter().zip(designs).enumerate() {
        let mut d = d;
        d.id = format!("named-{i}");
        d.name = format!("Named {i}");
        std::fs::write(bestiary.join(name), lairsmith_core::yaml_io::to_string(&d)).unwrap();
    }
    let first = Bestiary::load(Some(&bestiary));
    let second = Bestiary::load(Some(&bestiary));
    assert_eq!(second.loaded_from_index, names.len());
    assert_eq!(users(&first), users(&second));
}

/// A file the index knows that is now a directory (or gone) is not listed and not used; the
/// rest still come from the index.
#[test]
fn a_record_whose_file_became_a_directory_is_not_used() {
    let (_dir, bestiary, _index) = indexed(4);
    let files = lairsmith_core::store::yaml_files(&bestiary).unwrap();
    std::fs::remove_file(&files[1]).unwrap();
    std::fs::create_dir(&files[1]).unwrap();
    let b = Bestiary::load(Some(&bestiary));
    assert_eq!(b.loaded_from_index, 3);
    assert!(b.errors.is_empty(), "{:?}", b.errors);
    assert!(b.entries.iter().all(|e| e.path != files[1]));
}

/// Records are checked on several threads while the directory is listed: the cards from the
/// index are the cards a parse gives, in the directory's order, at a size where every thread
/// takes many chunks.
#[test]
fn a_load_of_3000_from_the_index_matches_a_parse_in_order() {
    let (_dir, bestiary, _index) = indexed(3000);
    let from_index = Bestiary::load(Some(&bestiary));
    assert_eq!(from_index.loaded_from_index, 3000);
    let mut parsed = Bestiary::shipped();
    parsed.load_dir(&bestiary, lairsmith_core::bestiary::Provenance::User);
    let order = |b: &Bestiary| {
        b.entries
            .iter()
            .map(|e| (e.card.clone(), e.path.clone(), e.fingerprint))
            .collect::<Vec<_>>()
    };
    assert_eq!(order(&from_index), order(&parsed));
}

/// A card in an index with a valid checksum is still checked: the test hook rewrites records
/// and reseals the index, as a hand-made index could be.
#[test]
fn a_resealed_index_naming_a_file_outside_the_bestiary_is_rebuilt() {
    let (_dir, bestiary, index) = indexed(3);
    let idx = Index::for_bestiary(&bestiary).unwrap();
    assert_eq!(idx.path(), index);
    // Rewritten unchanged, it is used as before.
    assert!(idx.rewrite_records(|_| {}));
    assert_eq!(Bestiary::load(Some(&bestiary)).loaded_from_index, 3);
    let mut first = true;
    assert!(idx.rewrite_records(|r| {
        if std::mem::take(&mut first) {
            r.name = b"../outside.yaml";
        }
    }));
    let bytes = std::fs::read(&index).unwrap();
    ignored_and_rebuilt(&bestiary, &index, &bytes, "a record naming ../outside.yaml");
}

/// Several processes that each find no index and rebuild it at once: every one lists every
/// monster, and the index left behind is whole (the next load takes every monster from it).
#[test]
fn concurrent_rebuilds_by_several_processes_leave_a_whole_index() {
    const PROCESSES: usize = 4;
    let (dir, bestiary, index) = indexed(400);
    let expected = stdout(&lairsmith(dir.path(), &["list", "--ids"]));
    assert_eq!(expected.lines().count(), 400 + 44);
    for round in 0..3 {
        std::fs::remove_file(&index).unwrap();
        let children: Vec<_> = (0..PROCESSES)
            .map(|_| {
                Command::new(env!("CARGO_BIN_EXE_lairsmith"))
                    .arg("--data-dir")
                    .arg(dir.path())
                    .args(["list", "--ids"])
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let o = child.wait_with_output().unwrap();
            assert!(o.status.success(), "round {round}: {}", stderr(&o));
            assert_eq!(stdout(&o), expected, "round {round}");
            assert!(stderr(&o).is_empty(), "round {round}: {}", stderr(&o));
        }
        let b = Bestiary::load(Some(&bestiary));
        assert_eq!(b.loaded_from_index, 400, "round {round}");
        assert!(b.errors.is_empty());
    }
    // No temporary file of a writer is left beside the index.
    let left: Vec<_> = std::fs::read_dir(index.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, [std::ffi::OsString::from(INDEX_FILE)]);
}

/// When every monster comes from the index, the readings search needs are made on the threads
/// that check it: the name index is the one a parse of every file gives.
#[test]
fn the_name_index_made_while_checking_is_the_one_a_parse_gives() {
    let (_dir, bestiary, _index) = indexed(3000);
    let from_index = Bestiary::load(Some(&bestiary));
    assert_eq!(from_index.loaded_from_index, 3000);
    let mut parsed = Bestiary::shipped();
    parsed.load_dir(&bestiary, lairsmith_core::bestiary::Provenance::User);
    let (a, b) = (from_index.names(), parsed.names());
    assert_eq!(a.lower, b.lower);
    assert_eq!(a.by_name, b.by_name);
    assert_eq!(a.spaced, b.spaced);
    assert_eq!(a.other_ids, b.other_ids);
}
