//! One naming rule for every kind of copy: a duplicate, an edit of a shipped monster, a
//! re-levelled copy and the copy saved when the file changed on disk (`bestiary::naming`).

use crate::common;

use common::{lairsmith, stderr};
use lairsmith_core::bestiary::naming::{
    CopyIdentity, copy_identity, copy_of, forge_identity, rename_as_copy, with_name_placeholder,
};
use lairsmith_core::bestiary::{Bestiary, Provenance};
use lairsmith_core::monster::design::is_valid_id;
use lairsmith_core::monster::{MonsterDesign, derive};
use lairsmith_core::rules::Level;
use std::path::PathBuf;

fn mine(b: &mut Bestiary, d: MonsterDesign) {
    let path = PathBuf::from(format!("{}.yaml", d.id));
    let e = b.entry(d, Provenance::User, path, None);
    b.insert(e);
}

fn identity(name: &str, id: &str) -> CopyIdentity {
    CopyIdentity {
        name: name.into(),
        id: id.into(),
    }
}

/// A monster of the user's whose texts name it: through `{name}`, written out, and as a kind.
fn cinder_matron() -> MonsterDesign {
    let b = Bestiary::shipped();
    let mut d = b
        .get("thornmask-courtier")
        .unwrap()
        .design()
        .unwrap()
        .as_ref()
        .clone();
    d.id = "cinder-matron".into();
    d.name = "Cinder Matron".into();
    d.powers[0].effect = Some(
        "Each ally gains a +2 bonus to attack rolls until the end of Cinder Matron's next turn."
            .into(),
    );
    d.powers[0].trigger = Some("An enemy hits {name} with an attack.".into());
    d.traits.push(lairsmith_core::monster::design::Trait {
        name: "Kindred Flames".into(),
        aura: None,
        tags: Vec::new(),
        text: "Cinder Matron gains +2 to attacks while another Cinder Matron is within 5 squares."
            .into(),
        extra: Default::default(),
    });
    d
}

#[test]
fn a_duplicate_takes_the_first_free_number_for_its_name_and_id() {
    let mut b = Bestiary::shipped();
    let first = copy_of(&b, &b.get("hedgemaw").unwrap().design().unwrap());
    assert_eq!(
        (first.name.as_str(), first.id.as_str()),
        ("Hedgemaw 2", "hedgemaw-2")
    );
    mine(&mut b, first);
    let second = copy_of(&b, &b.get("hedgemaw").unwrap().design().unwrap());
    assert_eq!(
        (second.name.as_str(), second.id.as_str()),
        ("Hedgemaw 3", "hedgemaw-3")
    );
    // A user monster duplicates the same way.
    mine(&mut b, cinder_matron());
    let c = copy_of(&b, &b.get("cinder-matron").unwrap().design().unwrap());
    assert_eq!(c.name, "Cinder Matron 2");
    assert!(c.check().is_ok());
}

#[test]
fn a_copy_of_a_numbered_copy_counts_on_from_its_number() {
    let mut b = Bestiary::shipped();
    let two = copy_of(&b, &b.get("hedgemaw").unwrap().design().unwrap());
    mine(&mut b, two.clone());
    assert_eq!(
        copy_identity(&b, &two.name, &two.id),
        identity("Hedgemaw 3", "hedgemaw-3")
    );
    // The name's number counts even when the id was chosen by hand.
    assert_eq!(
        copy_identity(&b, "Hedgemaw 2", "young-hedgemaw"),
        identity("Hedgemaw 3", "young-hedgemaw-3")
    );
    // Copies named before the rule ("(copy)", `-copy`) count on from their original.
    assert_eq!(
        copy_identity(&b, "Cinder Matron (copy)", "cinder-matron-copy"),
        identity("Cinder Matron 2", "cinder-matron-2")
    );
}

#[test]
fn the_number_skips_any_name_or_id_already_used() {
    let mut b = Bestiary::shipped();
    let mut by_id = b
        .get("hedgemaw")
        .unwrap()
        .design()
        .unwrap()
        .as_ref()
        .clone();
    by_id.id = "hedgemaw-2".into();
    by_id.name = "Thicket Lurker".into();
    mine(&mut b, by_id);
    let mut by_name = b
        .get("hedgemaw")
        .unwrap()
        .design()
        .unwrap()
        .as_ref()
        .clone();
    by_name.id = "briar-thing".into();
    by_name.name = "HEDGEMAW 3".into();
    mine(&mut b, by_name);
    assert_eq!(
        copy_identity(&b, "Hedgemaw", "hedgemaw"),
        identity("Hedgemaw 4", "hedgemaw-4")
    );
}

#[test]
fn an_edit_of_a_shipped_monster_is_saved_as_a_numbered_copy() {
    let b = Bestiary::shipped();
    let shipped = b
        .get("hedgemaw")
        .unwrap()
        .design()
        .unwrap()
        .as_ref()
        .clone();
    assert_eq!(
        forge_identity(&b, &shipped, true),
        identity("Hedgemaw 2", "hedgemaw-2")
    );
    // Renamed in the Forge to a name no monster has, it is a new monster under that name.
    let mut renamed = shipped.clone();
    renamed.name = "Bramble Maw".into();
    assert_eq!(
        forge_identity(&b, &renamed, true),
        identity("Bramble Maw", "bramble-maw")
    );
    // A new monster (not a copy) keeps the name it was given and takes a free id.
    assert_eq!(
        forge_identity(&b, &shipped, false),
        identity("Hedgemaw", "hedgemaw-2")
    );
}

#[test]
fn a_conflict_copy_is_a_numbered_copy_of_the_changed_file() {
    // "Save mine as a copy" when cinder-matron.yaml changed on disk: the Forge holds the same
    // name and id as the file it loaded.
    let mut b = Bestiary::shipped();
    mine(&mut b, cinder_matron());
    let mut d = cinder_matron();
    d.level = Level::new(9).unwrap();
    lairsmith_core::bestiary::naming::assign_forge_identity(&b, &mut d, true);
    assert_eq!(
        (d.name.as_str(), d.id.as_str()),
        ("Cinder Matron 2", "cinder-matron-2")
    );
    assert!(
        d.powers[0]
            .effect
            .as_deref()
            .unwrap()
            .contains("{name}'s next turn")
    );
}

#[test]
fn a_relevelled_copy_follows_the_same_rule() {
    let b = Bestiary::shipped();
    let mut d = b
        .get("hedgemaw")
        .unwrap()
        .design()
        .unwrap()
        .as_ref()
        .clone();
    d.level = Level::new(9).unwrap();
    rename_as_copy(&b, &mut d);
    assert_eq!(
        (d.name.as_str(), d.id.as_str()),
        ("Hedgemaw 2", "hedgemaw-2")
    );
    assert_eq!(d.level.get(), 9);
    // On the command line, `--save-as` keeps the id asked for and numbers the name.
    let data = tempfile::tempdir().unwrap();
    let out = lairsmith(
        data.path(),
        &[
            "relevel",
            "hedgemaw",
            "--level",
            "5",
            "--save-as",
            "young-hedgemaw",
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let (saved, _) =
        lairsmith_core::monster::load_file(&data.path().join("bestiary/young-hedgemaw.yaml"))
            .unwrap();
    assert_eq!((saved.name.as_str(), saved.level.get()), ("Hedgemaw 2", 5));
}

#[test]
fn a_copys_power_text_names_the_copy_and_never_reads_copy_possessive() {
    let mut b = Bestiary::shipped();
    mine(&mut b, cinder_matron());
    let copy = copy_of(&b, &b.get("cinder-matron").unwrap().design().unwrap());
    let block = derive(&copy);
    let texts: Vec<String> = block
        .powers
        .iter()
        .flat_map(|p| [p.effect.clone(), p.trigger.clone()])
        .flatten()
        .chain(block.traits.iter().map(|t| t.text.clone()))
        .collect();
    let all = texts.join("\n");
    assert!(
        all.contains("until the end of Cinder Matron 2's next turn"),
        "{all}"
    );
    assert!(
        all.contains("An enemy hits Cinder Matron 2 with an attack."),
        "{all}"
    );
    // The monster's own name follows; the kind ("another Cinder Matron") stays as written.
    assert!(
        all.contains("Cinder Matron 2 gains +2 to attacks while another Cinder Matron is within"),
        "{all}"
    );
    assert!(!all.contains("(copy)"), "{all}");
    // The original still reads as it did.
    let original = derive(&b.get("cinder-matron").unwrap().design().unwrap());
    assert!(
        original.powers[0]
            .effect
            .as_deref()
            .unwrap()
            .contains("Cinder Matron's next turn")
    );
}

#[test]
fn only_the_name_standing_alone_becomes_the_placeholder() {
    let n = "Cinder Matron";
    assert_eq!(
        with_name_placeholder("Cinder Matron's turn", n),
        "{name}'s turn"
    );
    assert_eq!(
        with_name_placeholder("Cinder Matrons gather", n),
        "Cinder Matrons gather"
    );
    assert_eq!(
        with_name_placeholder("Old-Cinder Matron", n),
        "Old-Cinder Matron"
    );
    assert_eq!(
        with_name_placeholder("each Cinder Matron", n),
        "each Cinder Matron"
    );
    assert_eq!(
        with_name_placeholder("An Cinder Matron", n),
        "An Cinder Matron"
    );
    assert_eq!(
        with_name_placeholder("Cinder Matron hits; Cinder Matron shifts", n),
        "{name} hits; {name} shifts"
    );
    assert_eq!(with_name_placeholder("{name} hits", "name"), "{name} hits");
    assert_eq!(with_name_placeholder("no name here", n), "no name here");
}

#[test]
fn a_copy_of_a_64_character_name_stays_a_valid_name_and_id() {
    let mut b = Bestiary::shipped();
    let mut d = b
        .get("hedgemaw")
        .unwrap()
        .design()
        .unwrap()
        .as_ref()
        .clone();
    d.name = "W".repeat(64);
    d.id = "w".repeat(64);
    mine(&mut b, d.clone());
    for _ in 0..12 {
        let c = copy_of(&b, &d);
        assert!(c.name.chars().count() <= 64, "{}", c.name);
        assert!(is_valid_id(&c.id), "{}", c.id);
        assert!(c.check().is_ok());
        assert!(b.get(&c.id).is_none());
        d = c.clone();
        mine(&mut b, c);
    }
    assert!(d.name.ends_with(" 13"), "{}", d.name);
}
