//! Adventures (issue 12 §2): RULINGS A1 (levelling by the seed's "Levels and Their Benefits",
//! read here on its own from `tests/data/levels-extract.txt`), E3 (each encounter rated for the
//! party as it stands when it gets there) and E4 (XP ÷ characters, rounded down), checked through
//! `adventure check` as a user runs it, with a temporary data directory. The commands that edit,
//! list and export adventures, and hostile files, are in `adventure_commands.rs`.

use crate::common;
use crate::common::adventure_data;

use adventure_data::{Data, fails, u};
use common::stdout;
use lairsmith_core::rules::experience::{first_xp, level_of_xp, next_level_xp};
use lairsmith_core::rules::level::Level;
use lairsmith_core::rules::tables::{LEVELS, MONSTER_XP};
use yaml_serde::Value;

const LEVELS_EXTRACT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/levels-extract.txt"
));

/// One row of the seed's table: the level, "XP to Reach Next Level" (`None` for N/A) and
/// "Cumulative XP" (the book's "-" at level 1 is 0).
struct SeedRow {
    level: u8,
    to_next: Option<u64>,
    cumulative: u64,
}

/// The seed's table as its text says, read without the library.
fn seed_levels() -> Vec<SeedRow> {
    let number = |c: &str| -> u64 { c.replace(',', "").parse().expect(c) };
    LEVELS_EXTRACT
        .lines()
        .filter_map(|l| l.strip_prefix('L')?.split_once('|'))
        .filter_map(|(_, text)| {
            let cells: Vec<&str> = text.split('|').map(str::trim).collect();
            let level = cells.first()?.parse().ok()?;
            Some(SeedRow {
                level,
                to_next: (cells[2] != "N/A").then(|| number(cells[2])),
                cumulative: if cells[3] == "-" { 0 } else { number(cells[3]) },
            })
        })
        .collect()
}

/// The level a character with `xp` has by the seed's cumulative column.
fn seed_level_of(xp: u64) -> u8 {
    seed_levels()
        .iter()
        .rev()
        .find(|r| r.cumulative <= xp)
        .unwrap()
        .level
}

fn seed_first_xp(level: u8) -> u64 {
    seed_levels()[usize::from(level) - 1].cumulative
}

/// A level-up as the test expects it: after which encounter (1-based), the level, and who
/// (`None`: the whole party).
type Up = (usize, u8, Option<Vec<String>>);

fn level_ups(report: &Value) -> Vec<Up> {
    let mut ups: Vec<Up> = report["level_ups"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|l| {
            let who = l.get("characters").map(|c| {
                c.as_sequence()
                    .unwrap()
                    .iter()
                    .map(|n| n.as_str().unwrap().to_owned())
                    .collect()
            });
            (u(&l["after_encounter"]) as usize, u(&l["level"]) as u8, who)
        })
        .collect();
    ups.sort();
    ups
}

/// A character: name, level, and `xp:` if the party gives it.
type Pc<'a> = (&'a str, u8, Option<u64>);

/// What A1 and E4 say happens to `party` over encounters of `encounter_xp`, worked out from
/// the seed's table: the level-ups, and each character's level before every encounter.
fn expected(party: &[Pc], encounter_xp: &[u64]) -> (Vec<Up>, Vec<Vec<u8>>) {
    let n = party.len() as u64;
    let mut xp: Vec<u64> = party
        .iter()
        .map(|(_, l, x)| x.unwrap_or_else(|| seed_first_xp(*l)))
        .collect();
    let mut levels: Vec<u8> = party.iter().map(|(_, l, _)| *l).collect();
    let mut ups: Vec<(usize, u8, Vec<String>)> = Vec::new();
    let mut before = Vec::new();
    for (i, e) in encounter_xp.iter().enumerate() {
        before.push(levels.clone());
        for (c, (name, _, _)) in party.iter().enumerate() {
            xp[c] += e / n;
            let now = seed_level_of(xp[c]);
            for l in levels[c] + 1..=now {
                match ups.iter_mut().find(|u| u.0 == i + 1 && u.1 == l) {
                    Some(u) => u.2.push((*name).to_owned()),
                    None => ups.push((i + 1, l, vec![(*name).to_owned()])),
                }
            }
            levels[c] = levels[c].max(now);
        }
    }
    let mut ups: Vec<Up> = ups
        .into_iter()
        .map(|(a, l, who)| (a, l, (who.len() < party.len()).then_some(who)))
        .collect();
    ups.sort();
    (ups, before)
}

fn uniform(size: usize, level: u8) -> Vec<Pc<'static>> {
    const NAMES: [&str; 8] = [
        "character 1",
        "character 2",
        "character 3",
        "character 4",
        "character 5",
        "character 6",
        "character 7",
        "character 8",
    ];
    NAMES[..size].iter().map(|n| (*n, level, None)).collect()
}

/// The inline party YAML of named characters.
fn members_yaml(party: &[Pc]) -> String {
    let mut s = String::from("\n  members:\n");
    for (name, level, xp) in party {
        s.push_str(&format!("  - name: {name}\n    level: {level}\n"));
        if let Some(xp) = xp {
            s.push_str(&format!("    xp: {xp}\n"));
        }
    }
    s.trim_end().to_owned()
}

#[test]
fn a1_levels_table_matches_the_seed() {
    let rows = seed_levels();
    assert_eq!(rows.len(), 30, "the seed's table has levels 1 to 30");
    for (i, row) in rows.iter().enumerate() {
        let level = Level::new(i64::from(row.level)).unwrap();
        assert_eq!(usize::from(row.level), i + 1, "rows in order");
        let lib = &LEVELS[level.index()];
        assert_eq!(u64::from(lib.cumulative), row.cumulative, "level {level}");
        assert_eq!(lib.to_next.map(u64::from), row.to_next, "level {level}");
        assert_eq!(first_xp(level), row.cumulative, "level {level}");
        // The two columns agree with each other in the seed, and the library says the same.
        let next = rows.get(i + 1).map(|r| r.cumulative);
        assert_eq!(
            row.to_next.map(|t| row.cumulative + t),
            next,
            "level {level}"
        );
        assert_eq!(next_level_xp(level), next, "level {level}");
        assert_eq!(level_of_xp(row.cumulative), level);
        if let Some(next) = next {
            assert_eq!(level_of_xp(next - 1), level);
        }
        // A1: XP to the next level is 10 × the Standard XP of the level.
        if let Some(to_next) = row.to_next {
            assert_eq!(
                to_next,
                10 * u64::from(MONSTER_XP[level.index()].standard),
                "level {level}"
            );
        }
    }
    assert_eq!(rows[29].to_next, None, "level 30 is the last");
    assert_eq!(level_of_xp(u64::MAX).get(), 30);
}

#[test]
fn a1_a_uniform_party_levels_up_exactly_where_the_cumulative_xp_is_reached() {
    let d = Data::new();
    // Awards that do not divide the thresholds, so each level-up falls mid-way.
    let patrol = d.encounter("patrol", &[(2, "standard", 3), (3, "mook", 1)]);
    let brutes = d.encounter("brutes", &[(4, "elite", 1), (3, "standard", 2)]);
    let boss = d.encounter("boss", &[(5, "boss", 1)]);
    let ids: Vec<&str> = ["patrol", "brutes", "boss"].repeat(8);
    let xp: Vec<u64> = [patrol, brutes, boss].repeat(8);
    d.adventure("road", "{size: 4, level: 1}", &ids);
    let r = d.check("road");
    let (ups, _) = expected(&uniform(4, 1), &xp);
    assert_eq!(level_ups(&r), ups);
    assert!(ups.len() >= 3, "the road passes several levels: {ups:?}");
    // By hand: 103 + 162 + 250 per round, 1,030 after the sixth encounter.
    assert_eq!(ups[0], (6, 2, None));
    for (line, x) in r["encounters"].as_sequence().unwrap().iter().zip(&xp) {
        assert_eq!(u(&line["xp"]), *x);
        assert_eq!(u(&line["xp_per_character"]), x / 4);
    }

    // XP landing exactly on the cumulative XP is the level-up (the book's "to reach").
    let even = d.encounter("even", &[(1, "standard", 4)]);
    d.adventure("even-road", "{size: 4, level: 1}", &["even"; 30]);
    let (ups, _) = expected(&uniform(4, 1), &[even; 30]);
    assert_eq!(ups[0], (10, 2, None), "10 × 100 XP reaches 1,000");
    assert_eq!(level_ups(&d.check("even-road")), ups);
}

#[test]
fn a1_xp_per_member_shifts_the_level_up() {
    let d = Data::new();
    let duo = d.encounter("duo", &[(1, "standard", 2)]);
    let ids = ["duo"; 10];
    let fresh: Vec<Pc> = vec![("Ana", 1, None), ("Bo", 1, None)];
    d.adventure("fresh", &members_yaml(&fresh), &ids);
    assert_eq!(level_ups(&d.check("fresh")), vec![(10, 2, None)]);

    let ahead: Vec<Pc> = vec![("Ana", 1, Some(900)), ("Bo", 1, None)];
    d.adventure("ahead", &members_yaml(&ahead), &ids);
    let r = d.check("ahead");
    let want = vec![
        (1, 2, Some(vec!["Ana".to_owned()])),
        (10, 2, Some(vec!["Bo".to_owned()])),
    ];
    assert_eq!(level_ups(&r), want);
    assert_eq!(expected(&ahead, &[duo; 10]).0, want);
    let ana = &r["characters"][0];
    assert_eq!((u(&ana["start_xp"]), u(&ana["end_xp"])), (900, 1900));
}

#[test]
fn a1_a_mixed_party_levels_up_at_different_encounters_and_level_ups_name_who() {
    let d = Data::new();
    let raid = d.encounter("raid", &[(3, "standard", 3), (2, "elite", 1)]);
    let lair = d.encounter("lair", &[(4, "boss", 1), (3, "mook", 4)]);
    let party: Vec<Pc> = vec![
        ("Ana", 1, None),
        ("Bo", 3, Some(3700)),
        ("Cy", 2, Some(2200)),
        ("Di", 1, Some(400)),
    ];
    let ids = [
        "raid", "lair", "raid", "raid", "lair", "raid", "lair", "lair", "raid",
    ];
    let xp: Vec<u64> = ids
        .iter()
        .map(|i| if *i == "raid" { raid } else { lair })
        .collect();
    d.adventure("mixed", &members_yaml(&party), &ids);
    let r = d.check("mixed");
    let (ups, _) = expected(&party, &xp);
    assert_eq!(level_ups(&r), ups);
    let whens: std::collections::BTreeSet<usize> = ups.iter().map(|u| u.0).collect();
    assert!(
        whens.len() >= 3,
        "level-ups at different encounters: {ups:?}"
    );
    assert!(ups.iter().any(|u| u.2.is_some()), "{ups:?}");
    // Bo (3,700 XP) and Cy (2,200) are 50 XP from their next level: one fight does it.
    assert!(
        ups.contains(&(1, 4, Some(vec!["Bo".to_owned()]))),
        "{ups:?}"
    );
    let named: Vec<&str> = r["characters"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(named, ["Ana", "Bo", "Cy", "Di"]);
}

#[test]
fn a1_several_levels_at_once_are_each_a_level_up() {
    let d = Data::new();
    // 6 level-10 bosses: 15,000 XP, 3,750 each, which is exactly level 4's cumulative XP.
    let horde = d.encounter("horde", &[(10, "boss", 6)]);
    assert_eq!(horde / 4, seed_first_xp(4));
    d.adventure("rush", "{size: 4, level: 1}", &["horde"]);
    let r = d.check("rush");
    assert_eq!(
        level_ups(&r),
        vec![(1, 2, None), (1, 3, None), (1, 4, None)]
    );
    assert_eq!(level_ups(&r), expected(&uniform(4, 1), &[horde]).0);
    let text = stdout(&d.run(&["adventure", "check", "rush"]));
    for l in 2..=4 {
        assert!(
            text.contains(&format!("the whole party reaches level {l}")),
            "{text}"
        );
    }
}

#[test]
fn a1_level_30_is_the_last_level_up() {
    let d = Data::new();
    // 10 level-30 bosses: 800,000 XP, 200,000 each, past level 30's 826,500 from level 29.
    let titans = d.encounter("titans", &[(30, "boss", 10)]);
    d.adventure("apotheosis", "{size: 4, level: 29}", &["titans"; 3]);
    let r = d.check("apotheosis");
    assert_eq!(level_ups(&r), vec![(1, 30, None)]);
    assert_eq!(level_ups(&r), expected(&uniform(4, 29), &[titans; 3]).0);
    for c in r["characters"].as_sequence().unwrap() {
        assert_eq!(u(&c["end_level"]), 30);
        assert_eq!(u(&c["end_xp"]), seed_first_xp(29) + 3 * (titans / 4));
        assert!(c["next_level_xp"].is_null(), "{c:?}");
    }
    let text = stdout(&d.run(&["adventure", "check", "apotheosis"]));
    assert!(text.contains("the highest level"), "{text}");
}

#[test]
fn e4_each_award_is_the_encounter_xp_divided_by_the_characters_rounded_down() {
    let d = Data::new();
    // 100 XP among 3: 33 each. 30 fights make 990, short of 1,000; rounding to nearest or
    // keeping the thirds would level up after the 30th.
    let lone = d.encounter("lone", &[(1, "standard", 1)]);
    assert_eq!(lone, 100);
    d.adventure("thirds", "{size: 3, level: 1}", &["lone"; 31]);
    let r = d.check("thirds");
    for line in r["encounters"].as_sequence().unwrap() {
        assert_eq!(u(&line["xp_per_character"]), 33);
    }
    assert_eq!(u(&r["xp_per_character"]), 31 * 33);
    assert_eq!(level_ups(&r), vec![(31, 2, None)]);
    assert_eq!(level_ups(&r), expected(&uniform(3, 1), &[lone; 31]).0);
}

/// E3's bands by offset = encounter level − party level.
fn e3_band(offset: i32) -> &'static str {
    match offset {
        ..=-3 => "trivial",
        -2..=-1 => "easy",
        0..=1 => "standard",
        2..=4 => "hard",
        _ => "deadly",
    }
}

/// E3: the level 1-30 whose Standard XP is closest to `xp_each` (a tie to the lower).
fn closest_level(xp_each: f64) -> i32 {
    let mut best = (f64::INFINITY, 0);
    for (i, row) in MONSTER_XP.iter().enumerate() {
        let gap = (f64::from(row.standard) - xp_each).abs();
        if gap < best.0 {
            best = (gap, i as i32 + 1);
        }
    }
    best.1
}

#[test]
fn e3_bands_are_rated_for_the_party_as_it_stands_at_each_encounter() {
    let d = Data::new();
    // Four level-3 standards: encounter level 3, hard for level 1 and easy for level 4.
    let wardens = d.encounter("wardens", &[(3, "standard", 4)]);
    d.adventure("climb", "{size: 4, level: 1}", &["wardens"; 26]);
    let r = d.check("climb");
    let (_, before) = expected(&uniform(4, 1), &[wardens; 26]);
    let el = closest_level(wardens as f64 / 4.0);
    let lines = r["encounters"].as_sequence().unwrap();
    assert_eq!(lines.len(), 26);
    for (i, (line, levels)) in lines.iter().zip(&before).enumerate() {
        let pl = i32::from(levels[0]);
        assert_eq!(
            line["party_level"].as_i64(),
            Some(i64::from(pl)),
            "{}",
            i + 1
        );
        assert_eq!(line["encounter_level"].as_i64(), Some(i64::from(el)));
        assert_eq!(line["band"].as_str(), Some(e3_band(el - pl)), "{}", i + 1);
    }
    // The same encounter, before and after the level-up between them.
    let bands: Vec<&str> = lines.iter().map(|l| l["band"].as_str().unwrap()).collect();
    assert_eq!(bands.first(), Some(&"hard"));
    assert_eq!(bands.last(), Some(&"easy"));
}

#[test]
fn adventure_check_yaml_lists_encounters_the_total_and_one_based_level_ups() {
    let d = Data::new();
    // Two level-9 bosses: 4,000 XP, 1,000 each, so the party levels up after the first fight.
    let big = d.encounter("big", &[(9, "boss", 2)]);
    let small = d.encounter("small", &[(2, "standard", 4)]);
    d.adventure("short", "{size: 4, level: 1}", &["big", "small"]);
    let r = d.check("short");
    let lines = r["encounters"].as_sequence().unwrap();
    let want = [("big", big), ("small", small)];
    assert_eq!(lines.len(), 2);
    for (line, (id, xp)) in lines.iter().zip(want) {
        assert_eq!(line["id"].as_str(), Some(id));
        assert_eq!(u(&line["xp"]), xp);
        assert_eq!(u(&line["xp_per_character"]), xp / 4);
        let band = line["band"].as_str().unwrap();
        assert!(
            ["trivial", "easy", "standard", "hard", "deadly"].contains(&band),
            "{band}"
        );
    }
    assert_eq!(u(&r["xp_per_character"]), big / 4 + small / 4);
    let ups = r["level_ups"].as_sequence().unwrap();
    assert_eq!(ups.len(), 1);
    assert_eq!(u(&ups[0]["after_encounter"]), 1, "1-based: after the first");
    assert_eq!(u(&ups[0]["level"]), 2);
}

#[test]
fn an_encounter_that_cannot_be_rated_is_reported_and_counted_as_0_never_dropped() {
    let d = Data::new();
    let fight = d.encounter("fight", &[(1, "standard", 4)]);
    d.encounter("empty", &[]);
    d.write(
        "encounters/ghost.yaml",
        "kind: encounter\nschema_version: 1\nname: Ghost\nparty: {size: 4, level: 1}\ngroups:\n- monster: no-such-beast\n  count: 1\n",
    );
    d.write(
        "encounters/old.yaml",
        "kind: encounter\nschema_version: 1\nsystem: d20-3e\nname: Old\nparty: {size: 4, level: 1}\ngroups:\n- cr: 2\n  count: 1\n",
    );
    let ids = ["fight", "empty", "ghost", "old", "fight"];
    d.adventure("patchy", "{size: 4, level: 1}", &ids);
    let r = d.check("patchy");
    let lines = r["encounters"].as_sequence().unwrap();
    let got: Vec<&str> = lines.iter().map(|l| l["id"].as_str().unwrap()).collect();
    assert_eq!(got, ids);
    let reasons = [(1, "no foes"), (2, "no-such-beast"), (3, "3rd edition")];
    for (i, why) in reasons {
        let l = &lines[i];
        assert_eq!(u(&l["xp"]), 0, "{l:?}");
        assert_eq!(u(&l["xp_per_character"]), 0);
        assert!(l["band"].is_null());
        assert_eq!(l["problem"]["kind"].as_str(), Some("unrated"));
        let text = l["problem"]["why"].as_str().unwrap();
        assert!(text.contains(why) && text.contains("0 XP"), "{text}");
    }
    assert_eq!(u(&r["xp_per_character"]), 2 * (fight / 4));
    // The text report keeps every line and says why beside it.
    let text = stdout(&d.run(&["adventure", "check", "patchy"]));
    for (_, why) in reasons {
        assert!(text.contains(why), "{text}");
    }
    assert!(text.contains("Ghost") && text.contains("Old"), "{text}");
}

#[test]
fn a_missing_encounter_id_is_refused_by_add_and_check_names_the_closest_ids() {
    let d = Data::new();
    for id in ["fight-1", "fight-2", "fight-3"] {
        d.encounter(id, &[(1, "standard", 4)]);
    }
    d.adventure("run", "{size: 4, level: 1}", &["fight-1"]);
    let before = d.read("adventures/run.yaml");
    let err = fails(&d.run(&["adventure", "add", "run", "fihgt-2"]));
    assert!(
        err.contains("no saved encounter has the id `fihgt-2`") && err.contains("`fight-2`"),
        "{err}"
    );
    assert_eq!(d.read("adventures/run.yaml"), before, "nothing written");

    // An id typed into the file: check says so and exits 1, but still rates the rest.
    d.adventure(
        "run",
        "{size: 4, level: 1}",
        &["fight-1", "fihgt-2", "fight-3"],
    );
    for format in ["text", "yaml"] {
        let o = d.run(&["adventure", "check", "run", "--format", format]);
        let err = fails(&o);
        assert!(
            err.contains("encounter 2 (`fihgt-2`)") && err.contains("closest: `fight-2`"),
            "{err}"
        );
        let out = stdout(&o);
        assert!(
            out.contains("fight-1 fight") && out.contains("fight-3 fight"),
            "{out}"
        );
        if format == "yaml" {
            let r: Value = yaml_serde::from_str(&out).unwrap();
            let missing = &r["encounters"][1];
            assert_eq!(missing["problem"]["kind"].as_str(), Some("missing"));
            assert_eq!(u(&missing["xp"]), 0);
            assert_eq!(u(&r["xp_per_character"]), 200);
        }
    }
}
