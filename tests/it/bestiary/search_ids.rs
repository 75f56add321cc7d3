//! Search matches ids as well as names, hyphens and spaces alike; the encounter picker's
//! default level window.

use crate::common;

use common::{lairsmith, stdout};
use lairsmith_core::bestiary::filter::levels_around_party;
use lairsmith_core::bestiary::{Bestiary, Filter, Provenance, matched_indices, search};
use std::path::PathBuf;

/// The shipped bestiary plus one monster of the user's whose id says nothing its name does.
fn with_renamed_frog() -> Bestiary {
    let mut b = Bestiary::shipped();
    let mut d = b
        .get("hedgemaw")
        .unwrap()
        .design()
        .unwrap()
        .as_ref()
        .clone();
    d.id = "giant-frog".into();
    d.name = "Bog Croaker".into();
    let e = b.entry(d, Provenance::User, PathBuf::from("giant-frog.yaml"), None);
    b.insert(e);
    b
}

fn ids(b: &Bestiary, query: &str) -> Vec<String> {
    search(b, query, &Filter::default())
        .into_iter()
        .map(|h| b.entries[h.index].card.id.clone())
        .collect()
}

#[test]
fn search_matches_ids_too_giant_frog_finds_a_monster_only_its_id_names() {
    let b = with_renamed_frog();
    for query in ["giant-frog", "giant frog", "giantfrog"] {
        assert_eq!(
            ids(&b, query).first().map(String::as_str),
            Some("giant-frog"),
            "{query}"
        );
    }
    // The name alone does not match, so nothing on it is highlighted.
    assert!(matched_indices("Bog Croaker", "giant-frog").is_empty());
}

#[test]
fn hyphens_and_spaces_are_alike_in_names_ids_and_highlights() {
    let b = Bestiary::shipped();
    for query in ["hatchet leg", "hatchet-leg", "hatchet-leg-spider"] {
        assert_eq!(
            ids(&b, query).first().map(String::as_str),
            Some("hatchet-leg-spider"),
            "{query}"
        );
    }
    // Positions are the name's own: "Hatchet-Leg" is 11 chars, the hyphen at 7.
    let lit = matched_indices("Hatchet-Leg Spider", "hatchet leg");
    assert_eq!(lit, (0..11).collect::<Vec<_>>());
    assert_eq!(
        matched_indices("Kiln-Born Hexer", "kiln born"),
        (0..9).collect::<Vec<_>>()
    );
}

#[test]
fn a_hit_scores_the_better_of_its_name_and_its_id() {
    use lairsmith_core::bestiary::{NameMatcher, NucleoNames};
    let b = with_renamed_frog();
    let mut m = NucleoNames::default();
    let mut score = |name: &str, query: &str| {
        m.prepare(query);
        m.score(name)
    };
    let hit = search(&b, "gfrog", &Filter::default())
        .into_iter()
        .find(|h| b.entries[h.index].card.id == "giant-frog")
        .expect("the id matches");
    assert_eq!(score("Bog Croaker", "gfrog"), None);
    assert_eq!(Some(hit.score), score("giant frog", "gfrog"));
    // A query both match keeps the better score.
    let hit = search(&b, "bog", &Filter::default())
        .into_iter()
        .find(|h| b.entries[h.index].card.id == "giant-frog")
        .unwrap();
    let by_name = score("Bog Croaker", "bog");
    assert!(by_name.is_some());
    assert_eq!(Some(hit.score), by_name.max(score("giant frog", "bog")));
}

#[test]
fn list_on_the_command_line_finds_a_monster_by_its_id() {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path().join("bestiary");
    std::fs::create_dir_all(&dir).unwrap();
    let b = Bestiary::shipped();
    let mut d = b
        .get("hedgemaw")
        .unwrap()
        .design()
        .unwrap()
        .as_ref()
        .clone();
    d.id = "giant-frog".into();
    d.name = "Bog Croaker".into();
    std::fs::write(
        dir.join("giant-frog.yaml"),
        lairsmith_core::yaml_io::to_string(&d),
    )
    .unwrap();
    let out = lairsmith(data.path(), &["list", "giant-frog", "--ids"]);
    assert_eq!(
        stdout(&out).lines().next(),
        Some("giant-frog"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn the_picker_defaults_to_party_level_minus_2_to_plus_4_clamped_to_1_30() {
    assert_eq!(levels_around_party(10), 8..=14);
    assert_eq!(levels_around_party(3), 1..=7);
    assert_eq!(levels_around_party(1), 1..=5);
    assert_eq!(levels_around_party(28), 26..=30);
    assert_eq!(levels_around_party(30), 28..=30);
    // Parties outside the table still get a window at its nearest end.
    assert_eq!(levels_around_party(-5), 1..=1);
    assert_eq!(levels_around_party(40), 30..=30);
    assert_eq!(levels_around_party(i32::MAX), 30..=30);
    assert_eq!(levels_around_party(i32::MIN), 1..=1);
    let f = Filter::around_party_level(6);
    assert_eq!(f.levels, Some(4..=10));
    assert_eq!(Filter { levels: None, ..f }, Filter::default());
    // It is a filter like any other: the shipped monsters it lets through are in the window.
    let b = Bestiary::shipped();
    let hits = search(&b, "", &Filter::around_party_level(6));
    assert!(!hits.is_empty());
    for h in hits {
        assert!((4..=10).contains(&b.entries[h.index].card.level.get()));
    }
}
