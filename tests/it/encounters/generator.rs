//! The encounter generator: locked groups, the README's mix and example, the article, and the
//! `generated:` record that keeps the notes the user's own.

use crate::common;

use common::{lairsmith, stderr, stdout};
use lairsmith_core::bestiary::{Bestiary, Filter};
use lairsmith_core::encounter::generate::{
    DEFAULT_MAX_LEADERS, MOOK_GROUP, Request, an_encounter, generate,
};
use lairsmith_core::encounter::rating::orcus::budget;
use lairsmith_core::encounter::report::report;
use lairsmith_core::encounter::{
    Count, Encounter, Group, Party, Placeholder, Side, parse_encounter,
};
use lairsmith_core::export::sheet::encounter as sheet;
use lairsmith_core::rules::Rank;
use proptest::prelude::*;
use std::path::Path;

const BANDS: [&str; 5] = ["trivial", "easy", "standard", "hard", "deadly"];

fn request(party: Party, band: &'static str, seed: u64) -> Request {
    Request {
        name: "Test".into(),
        party,
        band: band.parse().expect("a band"),
        query: String::new(),
        filter: Filter::default(),
        locked: Vec::new(),
        max_monsters: 8,
        max_bosses: 1,
        max_leaders: DEFAULT_MAX_LEADERS,
        seed,
    }
}

fn count(n: i64) -> Count {
    Count::new(n).unwrap()
}

fn party(levels: &[u8]) -> Party {
    let spec: Vec<String> = levels.iter().map(u8::to_string).collect();
    Party::parse(&spec.join(",")).unwrap()
}

/// How many foes of `groups` (past the first `skip`) satisfy `f`.
fn foes(
    b: &Bestiary,
    groups: &[Group],
    f: impl Fn(&lairsmith_core::bestiary::Entry) -> bool,
) -> u32 {
    groups
        .iter()
        .filter(|g| g.side == Side::Foe)
        .filter_map(|g| Some((b.get(g.monster.as_deref()?)?, g.count.get())))
        .filter(|(e, _)| f(e))
        .map(|(_, n)| n)
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Point 1: through every `G`, with any seed and party, each locked group (a monster or a
    /// placeholder, its count and its label) comes back exactly, and nothing is added to it.
    #[test]
    fn a_locked_group_keeps_its_monster_and_its_count_through_every_generation(
        levels in prop::collection::vec(1u8..=20, 1..=6),
        band in 0usize..5,
        locked_monster in any::<usize>(),
        locked_count in 1i64..=3,
        placeholder_count in 1i64..=3,
        labelled in any::<bool>(),
        seeds in prop::collection::vec(any::<u64>(), 4),
    ) {
        let b = Bestiary::shipped();
        let p = party(&levels);
        // A monster the generator could pick itself (near the party's level), so that adding
        // to the locked group, or a second group of it, is a real temptation.
        let level = budget(&p).party_level;
        let near: Vec<&str> = b
            .entries
            .iter()
            .filter(|e| (level - 4..=level + 1).contains(&i32::from(e.card.level.get())))
            .map(|e| e.card.id.as_str())
            .collect();
        let id = match near.len() {
            0 => b.entries[locked_monster % b.entries.len()].card.id.as_str(),
            n => near[locked_monster % n],
        };
        let mut monster = Group::monster(id, count(locked_count));
        if labelled {
            monster.label = Some("Gate guards".into());
        }
        let placeholder = Group::placeholder(
            Placeholder {
                level: p.highest_level(),
                rank: Rank::Standard,
                role: lairsmith_core::rules::Role::Blocker,
            },
            count(placeholder_count),
        );
        let locked = vec![monster, placeholder];
        let mut current = Encounter::new("Test", &p);
        current.groups = locked.clone();
        for seed in seeds {
            let mut req = request(p.clone(), BANDS[band], seed);
            // The UI locks by key: the groups it hands back are those of the current roster.
            req.locked = current
                .groups
                .iter()
                .filter(|g| locked.iter().any(|l| l.key() == g.key()))
                .cloned()
                .collect();
            let g = generate(&b, &req).unwrap();
            current.adopt_generated(&g.encounter);
            prop_assert_eq!(&current.groups[..2], &locked[..]);
            for other in &current.groups[2..] {
                prop_assert!(
                    locked.iter().all(|l| l.key() != other.key()),
                    "a second group of a locked monster: {:?}",
                    current.groups
                );
            }
        }
    }

    /// Point 2: mooks come only in groups of four, and one leader at most by default.
    #[test]
    fn mooks_come_in_fours_and_leaders_are_not_stacked_unless_asked(
        levels in prop::collection::vec(1u8..=20, 1..=6),
        band in 0usize..5,
        seed in any::<u64>(),
    ) {
        let b = Bestiary::shipped();
        let g = generate(&b, &request(party(&levels), BANDS[band], seed)).unwrap();
        for gr in &g.encounter.groups {
            let e = b.get(gr.monster.as_deref().unwrap()).unwrap();
            if e.card.rank == Rank::Mook {
                prop_assert_eq!(gr.count.get() % MOOK_GROUP, 0, "{:?}", g.encounter.groups);
            }
        }
        prop_assert!(foes(&b, &g.encounter.groups, |e| e.card.leader) <= 1);
    }
}

#[test]
fn mooks_are_generated_in_groups_of_four() {
    // Only mooks: every group the generator makes is a multiple of four, and it does make some.
    let b = Bestiary::shipped();
    let mut made = 0;
    for seed in 0..20 {
        let mut req = request(Party::parse("4x3").unwrap(), "standard", seed);
        req.filter.ranks = vec![Rank::Mook];
        let g = generate(&b, &req).unwrap();
        for gr in &g.encounter.groups {
            assert_eq!(gr.count.get() % MOOK_GROUP, 0, "{:?}", g.encounter.groups);
            made += 1;
        }
    }
    assert!(made > 0, "the mook-only requests made no mook group");
}

#[test]
fn mooks_never_come_in_a_group_smaller_than_four() {
    // Room for three monsters is no room for a group of mooks.
    let b = Bestiary::shipped();
    for seed in 0..20 {
        let mut req = request(Party::parse("4x3").unwrap(), "standard", seed);
        req.filter.ranks = vec![Rank::Mook];
        req.max_monsters = 3;
        let g = generate(&b, &req).unwrap();
        assert!(g.encounter.groups.is_empty(), "{:?}", g.encounter.groups);
        assert!(!g.met);
    }
}

#[test]
fn max_leaders_allows_more_leaders_and_the_default_is_one() {
    let b = Bestiary::shipped();
    let leaders = |max: u32, seed: u64| {
        let mut req = request(Party::parse("4x8").unwrap(), "hard", seed);
        req.filter.leader = Some(true);
        req.max_leaders = max;
        let g = generate(&b, &req).unwrap();
        foes(&b, &g.encounter.groups, |e| e.card.leader)
    };
    assert!((0..20).all(|seed| leaders(1, seed) <= 1));
    assert!(
        (0..20).any(|seed| leaders(3, seed) > 1),
        "--max-leaders 3 never gave a second leader"
    );
    assert!((0..20).all(|seed| leaders(3, seed) <= 3));
}

#[test]
fn the_generator_says_an_easy_encounter() {
    assert_eq!(an_encounter("easy"), "an easy encounter");
    assert_eq!(an_encounter("hard"), "a hard encounter");
    assert_eq!(an_encounter("standard"), "a standard encounter");
    let data = tempfile::tempdir().unwrap();
    // Mooks alone cannot fill an easy encounter with room for two monsters.
    let out = lairsmith(
        data.path(),
        &[
            "encounter",
            "generate",
            "--party",
            "4x5",
            "--difficulty",
            "easy",
            "--rank",
            "mook",
            "--max-monsters",
            "2",
            "--seed",
            "7",
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("could not fill an easy encounter"), "{err}");
    assert!(!err.contains("a easy"), "{err}");
    let md = lairsmith(
        data.path(),
        &[
            "encounter",
            "generate",
            "--party",
            "4x5",
            "--difficulty",
            "easy",
            "--seed",
            "7",
            "--format",
            "md",
        ],
    );
    assert!(
        stdout(&md).contains("as an easy encounter (seed 7)"),
        "{}",
        stdout(&md)
    );
}

/// The guide's `encounter generate … --seed 7` example (guide/encounters.md): trycmd runs it
/// and compares what it prints (`docs::examples`); here, the file it shows is a generated
/// encounter that reached its band.
#[test]
fn the_readme_generate_example_works_as_printed() {
    let page = crate::docs::page("guide/encounters.md");
    let lines: Vec<&str> = page.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with("$ lairsmith encounter generate --party"))
        .expect("the guide has an `encounter generate` example");
    let command: String = lines[start..]
        .iter()
        .take_while(|l| l.starts_with("$ ") || l.starts_with("> "))
        .map(|l| l[2..].trim())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(command.contains("--seed 7"), "{command}");
    let shown = lines[start..]
        .iter()
        .skip_while(|l| l.starts_with("$ ") || l.starts_with("> "))
        .take_while(|l| **l != "```")
        .map(|l| format!("{l}\n"))
        .collect::<String>();
    let e = parse_encounter(&shown, Path::new("docs/src/guide/encounters.md")).unwrap();
    assert!(e.generated.as_ref().unwrap().met);
}

#[test]
fn generate_writes_the_generated_record_and_never_the_notes() {
    let b = Bestiary::shipped();
    let mut req = request(Party::parse("4x5").unwrap(), "hard", 7);
    req.query = "  hound ".into();
    req.filter.roles = vec![lairsmith_core::rules::Role::Striker];
    req.locked = vec![Group::monster("hatchet-leg-spider", count(2))];
    req.max_leaders = 2;
    let g = generate(&b, &req).unwrap();
    assert_eq!(g.encounter.notes, None);
    let rec = g.encounter.generated.unwrap();
    assert_eq!(rec.seed, 7);
    assert_eq!(rec.difficulty, lairsmith_core::rules::Difficulty::Hard);
    assert_eq!(rec.query.as_deref(), Some("hound"));
    assert_eq!(rec.filters.as_deref(), Some("role striker"));
    assert_eq!(rec.locked, vec!["hatchet-leg-spider".to_owned()]);
    assert_eq!(
        (rec.max_monsters, rec.max_bosses, rec.max_leaders),
        (8, 1, 2)
    );
    assert_eq!(rec.met, g.met);
}

#[test]
fn a_later_generation_replaces_the_record_and_keeps_the_users_notes() {
    let b = Bestiary::shipped();
    let p = Party::parse("4x5").unwrap();
    let mut mine = Encounter::new("Bridge", &p);
    mine.notes = Some("The bridge is rotten.".into());
    for seed in [1, 2, 3] {
        let g = generate(&b, &request(p.clone(), "standard", seed)).unwrap();
        mine.adopt_generated(&g.encounter);
        assert_eq!(mine.notes.as_deref(), Some("The bridge is rotten."));
        assert_eq!(mine.name, "Bridge");
        assert_eq!(mine.generated.as_ref().unwrap().seed, seed);
        assert_eq!(mine.groups, g.encounter.groups);
    }
}

const OLD_FILE: &str = "kind: encounter
schema_version: 1
name: Old
party:
  size: 4
  level: 5
groups:
- monster: hedgemaw
  count: 1
notes: 'Generated by lairsmith: hard for 4 × level 5 (seed 7).'
";

#[test]
fn an_encounter_file_without_a_generated_record_still_loads_and_round_trips() {
    let e = parse_encounter(OLD_FILE, Path::new("old.yaml")).unwrap();
    assert_eq!(e.generated, None);
    assert!(e.notes.unwrap().contains("seed 7"));
    let again = parse_encounter(OLD_FILE, Path::new("old.yaml")).unwrap();
    assert_eq!(lairsmith_core::yaml_io::to_string(&again), OLD_FILE);
}

#[test]
fn an_encounter_file_with_a_generated_record_round_trips() {
    let text = "kind: encounter
schema_version: 1
name: Kept
party:
  size: 4
  level: 5
groups:
- monster: hedgemaw
  count: 1
notes: My own words.
generated:
  seed: 18446744073709551615
  difficulty: easy
  query: hound
  filters: role striker; leaders only
  locked:
  - hedgemaw
  - placeholder:5:standard:blocker
  max_monsters: 6
  max_bosses: 1
  max_leaders: 1
  met: false
  x-why: kept as written
";
    let e = parse_encounter(text, Path::new("kept.yaml")).unwrap();
    let rec = e.generated.as_ref().unwrap();
    assert_eq!(rec.seed, u64::MAX);
    assert!(!rec.met);
    assert_eq!(lairsmith_core::yaml_io::to_string(&e), text);
}

#[test]
fn an_unknown_difficulty_in_the_generated_record_is_refused_with_its_place() {
    let text = "kind: encounter
schema_version: 1
name: Bad
party:
  size: 4
  level: 5
generated:
  seed: 1
  difficulty: eazy
  max_monsters: 6
  max_bosses: 1
  max_leaders: 1
  met: true
";
    let err = parse_encounter(text, Path::new("bad.yaml"))
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("bad.yaml:9:"), "{err}");
    assert!(err.contains("did you mean `easy`?"), "{err}");
    assert!(
        err.contains("trivial, easy, standard, hard, deadly"),
        "{err}"
    );
}

#[test]
fn the_encounter_sheet_shows_the_generated_record() {
    let b = Bestiary::shipped();
    let p = Party::parse("4x5").unwrap();
    let mut req = request(p.clone(), "easy", 7);
    req.locked = vec![Group::monster("hatchet-leg-spider", count(1))];
    let mut g = generate(&b, &req).unwrap().encounter;
    g.notes = Some("Fog on the water.".into());
    let md = sheet::markdown(&g, &p, &report(&g, &p, &b), &b);
    let generated = md.find("## Generated").expect("a Generated section");
    let notes = md.find("## Notes").expect("a Notes section");
    assert!(generated < notes);
    assert!(
        md.contains("Generated by lairsmith as an easy encounter (seed 7)"),
        "{md}"
    );
    assert!(md.contains("keeping hatchet-leg-spider"), "{md}");
    assert!(md.contains("It reached the band."), "{md}");
    assert!(md.contains("Fog on the water."));
}
