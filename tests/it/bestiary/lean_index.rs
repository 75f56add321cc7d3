//! The lean bestiary (issue 14): entries hold cards and read their designs on demand, the
//! index keeps cards as compact rows, a file named for its id owns the id, and a command that
//! names its monsters reads only their files.

use crate::common;
use common::{lairsmith, stderr, stdout};
use lairsmith_core::bestiary::{Bestiary, Card, Entry, Mark, Provenance};
use lairsmith_core::embedded::{BESTIARY_FILES, SHIPPED_IDS};
use lairsmith_core::monster::MonsterDesign;
use lairsmith_core::monster::load_file;
use lairsmith_core::rules::Rank;
use lairsmith_core::store::yaml_files;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A data directory and its (not yet created) bestiary directory.
fn data_dir() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let bestiary = dir.path().join("bestiary");
    std::fs::create_dir_all(&bestiary).unwrap();
    (dir, bestiary)
}

/// A valid monster with this id and name.
fn monster(id: &str, name: &str) -> MonsterDesign {
    let mut d = lairsmith_core::fixtures::monsters(1, 3).remove(0);
    d.id = id.into();
    d.name = name.into();
    d
}

fn write(dir: &Path, file: &str, d: &MonsterDesign) -> PathBuf {
    let path = dir.join(file);
    std::fs::write(&path, lairsmith_core::yaml_io::to_string(d)).unwrap();
    path
}

fn index_path(bestiary: &Path) -> PathBuf {
    bestiary
        .parent()
        .unwrap()
        .join("cache")
        .join(lairsmith_core::fixtures::index::INDEX_FILE)
}

/// The user's cards, by id.
fn user_cards(b: &Bestiary) -> BTreeMap<String, Card> {
    b.entries
        .iter()
        .filter(|e| !e.is_shipped())
        .map(|e| (e.card.id.clone(), e.card.clone()))
        .collect()
}

/// The card a fresh parse of the entry's file gives, derived with the bestiary's templates.
fn fresh_card(b: &Bestiary, e: &Entry) -> Card {
    let (design, fp) = load_file(&e.path).unwrap();
    assert_eq!(Some(fp), e.fingerprint, "{} is unchanged", e.path.display());
    Entry::new(
        design,
        Provenance::User,
        e.path.clone(),
        Some(fp),
        &b.templates,
    )
    .card
}

#[test]
fn shipped_ids_list_every_shipped_monster_sorted_with_its_file() {
    let shipped = Bestiary::shipped();
    assert!(shipped.errors.is_empty(), "{:?}", shipped.errors);
    let ids: Vec<&str> = SHIPPED_IDS.iter().map(|(id, _)| *id).collect();
    assert!(
        ids.windows(2).all(|w| w[0] < w[1]),
        "sorted, each once: {ids:?}"
    );
    let mut expected: Vec<&str> = shipped.entries.iter().map(|e| e.card.id.as_str()).collect();
    expected.sort_unstable();
    assert_eq!(ids, expected);
    assert_eq!(SHIPPED_IDS.len(), BESTIARY_FILES.len(), "one id per file");
    for (id, i) in SHIPPED_IDS {
        let (path, _) = BESTIARY_FILES[*i];
        let e = shipped.get(id).unwrap();
        assert_eq!(Path::new(path), e.path, "`{id}` points at its own file");
        // The lookup by the table gives the monster a full load gives.
        let one = Bestiary::holding(None, &[id]).unwrap();
        assert_eq!(one.entries.len(), 1);
        assert_eq!(one.get(id).unwrap().card, e.card, "{id}");
        assert!(one.get(id).unwrap().is_shipped());
    }
}

#[test]
fn a_file_named_for_its_id_owns_it_over_a_misnamed_file_cold_and_warm() {
    let (dir, bestiary) = data_dir();
    write(&bestiary, "a-first.yaml", &monster("zeta", "Zeta Impostor"));
    write(&bestiary, "zeta.yaml", &monster("zeta", "Zeta Rightful"));
    let check = |b: &Bestiary| {
        let e = b.get("zeta").unwrap();
        assert_eq!(e.card.name, "Zeta Rightful");
        assert_eq!(e.path, bestiary.join("zeta.yaml"));
        assert_eq!(e.design().unwrap().name, "Zeta Rightful");
        let clash: Vec<String> = b
            .errors
            .iter()
            .filter(|e| e.path == bestiary.join("a-first.yaml"))
            .map(ToString::to_string)
            .collect();
        assert_eq!(clash.len(), 1, "{:?}", b.errors);
        assert!(
            clash[0].contains("a-first.yaml")
                && clash[0].contains("`zeta`")
                && clash[0].contains("zeta.yaml"),
            "{}",
            clash[0]
        );
        assert_eq!(b.errors.len(), 1, "{:?}", b.errors);
    };
    let show = || {
        let o = lairsmith(dir.path(), &["show", "zeta"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains("Zeta Rightful"), "{out}");
        assert!(!out.contains("Impostor"), "{out}");
    };
    // Cold: no index yet.
    show();
    let cold = Bestiary::load(Some(&bestiary));
    assert_eq!(cold.loaded_from_index, 0);
    check(&cold);
    // Warm: both files (the refused one too) come from the index.
    let _ = Bestiary::load(Some(&bestiary));
    let warm = Bestiary::load(Some(&bestiary));
    assert_eq!(warm.loaded_from_index, 2);
    check(&warm);
    show();
}

#[test]
fn a_misnamed_file_alone_is_still_found_by_show_through_the_whole_bestiary() {
    let (dir, bestiary) = data_dir();
    write(
        &bestiary,
        "other.yaml",
        &monster("lonely", "Lonely Wanderer"),
    );
    assert!(Bestiary::holding(Some(&bestiary), &["lonely"]).is_none());
    assert!(Bestiary::holding(Some(&bestiary), &["hedgemaw", "lonely"]).is_none());
    let o = lairsmith(dir.path(), &["show", "lonely"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Lonely Wanderer"), "{}", stdout(&o));
}

#[test]
fn show_of_an_id_whose_own_file_is_broken_yaml_fails_naming_the_file_and_problem() {
    let (dir, bestiary) = data_dir();
    let good = lairsmith_core::yaml_io::to_string(&monster("hydra", "Hydra"));
    // An unclosed flow sequence on the name's line.
    let broken = good.replace("name: Hydra", "name: [Hydra");
    assert_ne!(broken, good);
    std::fs::write(bestiary.join("hydra.yaml"), &broken).unwrap();
    let line = broken.lines().position(|l| l.starts_with("name:")).unwrap() + 1;
    let o = lairsmith(dir.path(), &["show", "hydra"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    let err = stderr(&o);
    let first = load_file(&bestiary.join("hydra.yaml")).unwrap_err();
    assert_eq!(first.line.map(|l| l >= line), Some(true), "{first}");
    assert!(err.contains("hydra.yaml:"), "{err}");
    assert!(err.contains(&first.message), "{err}");
    assert!(err.contains(&first.to_string()), "{err}");
}

/// Whether `path` (chmod 000) can still be read: a privileged user (root) reads it anyway.
fn still_readable(path: &Path) -> bool {
    std::fs::File::open(path).is_ok()
}

#[cfg(unix)]
#[test]
fn holding_reads_only_the_named_files_and_show_ignores_a_fifo_and_unreadable_neighbours() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, bestiary) = data_dir();
    write(&bestiary, "mine.yaml", &monster("mine", "Mine Own"));
    let fifo = bestiary.join("fifo-beast.yaml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo");
    let locked = write(&bestiary, "locked.yaml", &monster("locked", "Locked Away"));
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let unreadable = !still_readable(&locked);
    if !unreadable {
        eprintln!("running privileged: the chmod 000 file is readable; its part is skipped");
    }
    std::fs::write(bestiary.join("broken.yaml"), "name: [\n").unwrap();

    let b = Bestiary::holding(Some(&bestiary), &["hedgemaw", "mine"]).unwrap();
    let mut ids: Vec<&str> = b.entries.iter().map(|e| e.card.id.as_str()).collect();
    ids.sort_unstable();
    assert_eq!(ids, ["hedgemaw", "mine"]);
    assert!(b.get("hedgemaw").unwrap().is_shipped());
    assert_eq!(b.get("mine").unwrap().card.name, "Mine Own");
    assert!(
        b.errors.is_empty(),
        "no other file was read: {:?}",
        b.errors
    );

    for args in [
        &["show", "mine"][..],
        &["show", "mine", "--format", "design"],
    ] {
        let o = lairsmith(dir.path(), args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).contains("Mine Own"), "{}", stdout(&o));
    }
    assert!(
        !index_path(&bestiary).exists(),
        "show did not load the bestiary (a load writes the index)"
    );

    // A full load does meet the neighbours: the checks above could have failed.
    let full = Bestiary::load(Some(&bestiary));
    let bad: Vec<&Path> = full.errors.iter().map(|e| e.path.as_path()).collect();
    assert!(
        bad.contains(&bestiary.join("broken.yaml").as_path()),
        "{bad:?}"
    );
    assert_eq!(bad.contains(&locked.as_path()), unreadable, "{bad:?}");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o644)).unwrap();
}

#[test]
fn the_index_is_at_most_a_quarter_of_the_yaml_for_2000_monsters() {
    let (_dir, bestiary) = data_dir();
    assert_eq!(
        lairsmith_core::fixtures::write_bestiary(&bestiary, 2000, 7).unwrap(),
        2000
    );
    let b = Bestiary::load(Some(&bestiary));
    assert_eq!(user_cards(&b).len(), 2000);
    let yaml: u64 = yaml_files(&bestiary)
        .unwrap()
        .iter()
        .map(|f| std::fs::metadata(f).unwrap().len())
        .sum();
    let index = std::fs::metadata(index_path(&bestiary)).unwrap().len();
    assert!(
        index * 4 <= yaml,
        "index {index} bytes, YAML {yaml} bytes ({:.1} %)",
        index as f64 * 100.0 / yaml as f64
    );
    // Every monster is in it (a small index that left monsters out proves nothing).
    assert_eq!(Bestiary::load(Some(&bestiary)).loaded_from_index, 2000);
}

#[test]
fn an_indexed_entry_whose_file_was_rewritten_refuses_its_design_until_reloaded() {
    let (_dir, bestiary) = data_dir();
    lairsmith_core::fixtures::write_bestiary(&bestiary, 20, 7).unwrap();
    let _ = Bestiary::load(Some(&bestiary));
    let b = Bestiary::load(Some(&bestiary));
    assert_eq!(b.loaded_from_index, 20);
    let e = b.entries.iter().find(|e| !e.is_shipped()).unwrap();
    let (mut d, _) = load_file(&e.path).unwrap();
    let old_name = d.name.clone();
    d.name = format!("{old_name} Reborn");
    std::fs::write(&e.path, lairsmith_core::yaml_io::to_string(&d)).unwrap();

    let err = e.design().unwrap_err();
    assert_eq!(err.path, e.path);
    assert!(err.to_string().contains("changed on disk"), "{err}");
    let err = e.block().unwrap_err();
    assert!(err.to_string().contains("changed on disk"), "{err}");
    assert_eq!(e.card.name, old_name, "the card stays what was listed");

    let again = Bestiary::load(Some(&bestiary));
    assert_eq!(again.loaded_from_index, 19);
    let e = again.get(&d.id).unwrap();
    assert_eq!(e.card.name, d.name);
    assert_eq!(*e.design().unwrap(), d);
    assert_eq!(e.block().unwrap().name, d.name);
}

#[test]
fn cards_from_the_index_match_a_fresh_parse_for_2000_monsters() {
    let (_dir, bestiary) = data_dir();
    lairsmith_core::fixtures::write_bestiary(&bestiary, 2000, 7).unwrap();
    // Hand-set XP on a few, so the overrides flag and an override's XP are compared too.
    for f in &yaml_files(&bestiary).unwrap()[..5] {
        let mut text = std::fs::read_to_string(f).unwrap();
        text.push_str("overrides:\n  xp:\n    value: 4321\n    reason: a hand-set reward\n");
        std::fs::write(f, text).unwrap();
    }
    let first = Bestiary::load(Some(&bestiary));
    assert_eq!(first.loaded_from_index, 0);
    assert!(first.errors.is_empty(), "{:?}", first.errors);
    let second = Bestiary::load(Some(&bestiary));
    assert_eq!(second.loaded_from_index, 2000);
    assert_eq!(user_cards(&first), user_cards(&second));
    let mut marks = BTreeMap::new();
    let mut overridden = 0;
    for e in second.entries.iter().filter(|e| !e.is_shipped()) {
        assert_eq!(e.card, fresh_card(&second, e), "{}", e.path.display());
        let f = first.get(&e.card.id).unwrap();
        assert_eq!((&e.path, e.fingerprint), (&f.path, f.fingerprint));
        *marks.entry(format!("{:?}", e.card.mark)).or_insert(0) += 1;
        if e.card.overrides {
            overridden += 1;
            assert_eq!(e.card.xp, 4321);
            assert_ne!(e.card.mark, Mark::Clean);
        }
    }
    assert_eq!(overridden, 5);
    assert!(marks.len() >= 2, "marks of more than one kind: {marks:?}");
}

const EXALTED: &str = "\
kind: monster-template
schema_version: 1
id: exalted
name: Exalted
rank: elite
";

#[test]
fn a_changed_user_template_reparses_its_monsters_and_leaves_the_rest_indexed() {
    let (dir, bestiary) = data_dir();
    let templates = dir.path().join("templates");
    std::fs::create_dir_all(&templates).unwrap();
    std::fs::write(templates.join("exalted.yaml"), EXALTED).unwrap();
    lairsmith_core::fixtures::write_bestiary(&bestiary, 30, 7).unwrap();
    let mut templated = Vec::new();
    for f in yaml_files(&bestiary).unwrap() {
        let (mut d, _) = load_file(&f).unwrap();
        if d.rank == Rank::Standard && templated.len() < 4 {
            d.templates = vec!["exalted".into()];
            std::fs::write(&f, lairsmith_core::yaml_io::to_string(&d)).unwrap();
            templated.push(d.id);
        }
    }
    assert_eq!(templated.len(), 4);
    let _ = Bestiary::load(Some(&bestiary));
    let before = Bestiary::load(Some(&bestiary));
    assert_eq!(before.loaded_from_index, 30);
    assert!(before.errors.is_empty(), "{:?}", before.errors);
    for id in &templated {
        let e = before.get(id).unwrap();
        assert!(e.card.templated);
        assert_eq!(e.card, fresh_card(&before, e));
        assert_eq!(
            e.card.rank,
            Rank::Standard,
            "the card keeps the design's rank"
        );
    }

    std::fs::write(
        templates.join("exalted.yaml"),
        EXALTED.replace("rank: elite", "rank: boss"),
    )
    .unwrap();
    let after = Bestiary::load(Some(&bestiary));
    assert!(after.errors.is_empty(), "{:?}", after.errors);
    assert_eq!(
        after.loaded_from_index,
        30 - templated.len(),
        "only the monsters with the template are parsed again"
    );
    for id in &templated {
        let (old, new) = (before.get(id).unwrap(), after.get(id).unwrap());
        assert!(
            new.card.xp > old.card.xp,
            "{id}: a boss is worth more than an elite"
        );
        assert_eq!(new.card, fresh_card(&after, new), "{id}");
        assert_eq!(new.card.xp, new.block().unwrap().xp, "{id}");
        let worst = lairsmith_core::monster::lint::worst(&new.findings().unwrap());
        let mark = match worst {
            Some(lairsmith_core::monster::lint::Severity::Error) => Mark::Errors,
            Some(lairsmith_core::monster::lint::Severity::Warning) => Mark::Warnings,
            None => Mark::Clean,
        };
        assert_eq!(new.card.mark, mark, "{id}");
    }
    for e in after.entries.iter().filter(|e| !e.is_shipped()) {
        if !templated.contains(&e.card.id) {
            assert_eq!(Some(&e.card), before.get(&e.card.id).map(|b| &b.card));
        }
    }
    assert_eq!(Bestiary::load(Some(&bestiary)).loaded_from_index, 30);
}

#[test]
fn an_impossible_card_in_a_hand_edited_index_is_ignored_and_its_file_parsed() {
    use lairsmith_core::fixtures::index::{Body, Index};
    let (_dir, bestiary) = data_dir();
    lairsmith_core::fixtures::write_bestiary(&bestiary, 20, 7).unwrap();
    let honest = Bestiary::load(Some(&bestiary));
    assert_eq!(Bestiary::load(Some(&bestiary)).loaded_from_index, 20);
    assert!(index_path(&bestiary).is_file());
    // Impossible values, one per record, in an index resealed with a valid checksum (as a
    // hand-made one could be): a level past 30, a role past the vocabulary's end, a lint mark
    // that is none, a tag past its vocabulary's end, a name with a control character.
    let edits: [fn(&mut lairsmith_core::bestiary::card::CardRow<'_>); 5] = [
        |row| row.level = 99,
        |row| row.role = 200,
        |row| row.mark = 9,
        |row| row.tags = vec![250].into(),
        |row| row.name = "Bell\u{7}Ringer",
    ];
    let mut edited = Vec::new();
    let mut next = edits.iter();
    assert!(
        Index::for_bestiary(&bestiary)
            .unwrap()
            .rewrite_records(|r| {
                if let Body::Card(row) = &mut r.body
                    && let Some(edit) = next.next()
                {
                    edit(row);
                    edited.push(String::from_utf8(r.name.to_vec()).unwrap());
                }
            })
    );
    assert_eq!(edited.len(), 5);

    let b = Bestiary::load(Some(&bestiary));
    assert_eq!(
        b.loaded_from_index, 15,
        "the five edited records are not used"
    );
    assert!(b.errors.is_empty(), "{:?}", b.errors);
    assert_eq!(user_cards(&b), user_cards(&honest));
    for file in &edited {
        let e = b
            .entries
            .iter()
            .find(|e| e.path == bestiary.join(file))
            .unwrap();
        assert_eq!(e.card, fresh_card(&b, e), "{file}");
    }
    assert_eq!(Bestiary::load(Some(&bestiary)).loaded_from_index, 20);
}

#[test]
fn an_encounter_sheet_says_which_stat_block_it_left_out_when_a_file_changed_since_listing() {
    use lairsmith_core::encounter::{Count, Encounter, Group, Party};
    let (_dir, bestiary) = data_dir();
    let path = write(&bestiary, "mine.yaml", &monster("mine", "Mine"));
    let _ = Bestiary::load(Some(&bestiary));
    let b = Bestiary::load(Some(&bestiary));
    assert_eq!(
        b.loaded_from_index, 1,
        "the entry is a card, its design unread"
    );
    let mut changed = monster("mine", "Mine Changed");
    changed.level = lairsmith_core::rules::Level::new(3).unwrap();
    std::fs::write(&path, lairsmith_core::yaml_io::to_string(&changed)).unwrap();
    let party = Party::parse("4x3").unwrap();
    let mut e = Encounter::new("Sheet", &party);
    e.add(Group::monster("hedgemaw", Count::new(1).unwrap()))
        .unwrap();
    e.add(Group::monster("mine", Count::new(2).unwrap()))
        .unwrap();
    let r = lairsmith_core::encounter::report::report(&e, &party, &b);
    let md = lairsmith_core::export::sheet::encounter::markdown(&e, &party, &r, &b);
    assert!(md.contains("Hedgemaw"), "{md}");
    assert!(
        md.contains("### mine\n\nThe stat block is left out:") && md.contains("changed on disk"),
        "{md}"
    );
    let html = lairsmith_core::export::html::encounter(&e, &party, &r, &b, None);
    assert!(
        html.contains("The stat block of mine is left out:") && html.contains("changed on disk"),
        "the HTML sheet says so too"
    );
}
