//! Encounter files and the generator.

use lairsmith_core::bestiary::{Bestiary, Filter};
use lairsmith_core::encounter::generate::{Request, generate};
use lairsmith_core::encounter::rating::orcus::budget;
use lairsmith_core::encounter::report::report;
use lairsmith_core::encounter::{Encounter, Group, Party, parse_encounter};
use lairsmith_core::rules::{Rank, Role};
use std::path::Path;

fn request(party: &str, band: &'static str, seed: u64) -> Request {
    Request {
        name: "Test".into(),
        party: Party::parse(party).unwrap(),
        band: band.parse().unwrap(),
        query: String::new(),
        filter: Filter::default(),
        locked: Vec::new(),
        max_monsters: 8,
        max_bosses: 1,
        max_leaders: 1,
        seed,
    }
}

#[test]
fn encounter_files_round_trip_with_x_keys() {
    let text = "kind: encounter
schema_version: 1
name: Ambush
party:
  members:
  - name: Ana
    level: 3
  - level: 4
groups:
- monster: hedgemaw
  count: 2
  label: Hedges
  x-initiative: 12
- placeholder:
    level: 5
    rank: standard
    role: wrecker
  count: 1
  side: ally
notes: |-
  Two lines
  of notes.
x-map: cave.png
";
    let e = parse_encounter(text, Path::new("e.yaml")).unwrap();
    assert_eq!(lairsmith_core::yaml_io::to_string(&e), text);
}

#[test]
fn encounter_file_errors_are_located() {
    let err = |t: &str| {
        parse_encounter(t, Path::new("e.yaml"))
            .unwrap_err()
            .to_string()
    };
    let base = "kind: encounter\nschema_version: 1\nname: A\nparty: {size: 4, level: 3}\n";
    assert!(
        err(&format!("{base}groups:\n- count: 2\n"))
            .contains("e.yaml:6:1: group 1 needs `monster: <id>`")
    );
    assert!(err(&format!("{base}foo: 1\n")).contains("unknown key `foo`"));
    assert!(
        err("kind: encounter\nschema_version: 1\nname: A\nparty: {size: 4, levle: 3}\n")
            .contains("unknown key `levle` in `party`")
    );
    assert!(
        err(&format!(
            "{base}groups:\n- placeholder: {{level: 5, rank: stnd, role: wrecker}}\n"
        ))
        .contains("did you mean `standard`")
    );
    assert!(err(&base.replace("level: 3", "level: 40")).contains("outside 1-30"));
}

#[test]
fn the_generator_reaches_each_band_and_repeats_with_a_seed() {
    let b = Bestiary::shipped();
    for band in ["easy", "standard", "hard", "deadly"] {
        for level in [2, 6, 12, 20, 26] {
            let party = format!("4x{level}");
            let req = request(&party, band, 7 + level);
            let g = generate(&b, &req).unwrap();
            let r = report(&g.encounter, &req.party, &b);
            if g.met {
                assert_eq!(
                    r.band.map(lairsmith_core::vocab::Vocabulary::key),
                    Some(band),
                    "{party} {band}: {:?}",
                    g.encounter.groups
                );
            }
            assert!(g.met || band == "easy", "{party} {band} was not met");
            let again = generate(&b, &req).unwrap();
            assert_eq!(
                again.encounter, g.encounter,
                "the same seed gives the same encounter"
            );
            let bosses: u32 = g
                .encounter
                .groups
                .iter()
                .filter(|gr| b.get(gr.monster.as_deref().unwrap()).unwrap().card.rank == Rank::Boss)
                .map(|gr| gr.count.get())
                .sum();
            assert!(bosses <= 1);
        }
    }
}

#[test]
fn the_generator_respects_filters_locks_and_max_monsters() {
    let b = Bestiary::shipped();
    let mut req = request("4x6", "hard", 3);
    req.filter.roles = vec![Role::Skulker, Role::Striker, Role::Blocker];
    req.locked = vec![Group::monster("voidglass-orrery", count(1))];
    req.max_monsters = 4;
    let g = generate(&b, &req).unwrap();
    let count: u32 = g.encounter.groups.iter().map(|gr| gr.count.get()).sum();
    assert!(count <= 4, "{:?}", g.encounter.groups);
    assert!(
        g.encounter
            .groups
            .iter()
            .any(|gr| gr.monster.as_deref() == Some("voidglass-orrery"))
    );
    for gr in &g.encounter.groups {
        let id = gr.monster.as_deref().unwrap();
        if id != "voidglass-orrery" {
            assert!(
                req.filter.roles.contains(&b.get(id).unwrap().card.role),
                "{id}"
            );
        }
    }
    let other = generate(&b, &request("4x6", "hard", 4)).unwrap();
    let first = generate(&b, &request("4x6", "hard", 3)).unwrap();
    assert!(other.encounter.groups != first.encounter.groups);
}

#[test]
fn the_generator_says_when_it_cannot() {
    let b = Bestiary::shipped();
    let mut req = request("4x1", "deadly", 1);
    req.filter.levels = Some(30..=30);
    assert!(
        generate(&b, &req).is_err(),
        "no level-30 monster fits a level-1 party"
    );
    let mut req = request("4x20", "deadly", 1);
    req.filter.roles = vec![Role::Archer];
    req.filter.ranks = vec![Rank::Mook];
    req.max_monsters = 2;
    let g = generate(&b, &req).unwrap();
    assert!(!g.met);
    let r = budget(&req.party);
    assert!(g.xp < r.bands[4].min_xp);
    let _ = Encounter::new("x", &req.party);
}

fn count(n: i64) -> lairsmith_core::encounter::Count {
    lairsmith_core::encounter::Count::new(n).unwrap()
}
