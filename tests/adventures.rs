//! Adventures (issue 12 §2): RULINGS A1 (levelling by the seed's "Levels and Their Benefits",
//! read here on its own from `tests/data/levels-extract.txt`), E3 (each encounter rated for the
//! party as it stands when it gets there) and E4 (XP ÷ characters, rounded down), through the
//! `adventure` commands run as a user would, with a temporary data directory.

mod common;

use common::{lairsmith, stderr, stdout};
use lairsmith::adventure::levels::{first_xp, level_of_xp, next_level_xp};
use lairsmith::adventure::parse_adventure;
use lairsmith::rules::level::Level;
use lairsmith::rules::tables::{LEVELS, MONSTER_XP};
use lairsmith::treasure::Method;
use std::path::{Path, PathBuf};
use std::process::Output;
use yaml_serde::Value;

const LEVELS_EXTRACT: &str = include_str!("data/levels-extract.txt");

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

/// Monster XP of the table (R6) for a placeholder of `level` and `rank`.
fn monster_xp(level: u8, rank: &str) -> u64 {
    let row = &MONSTER_XP[usize::from(level) - 1];
    u64::from(match rank {
        "mook" => row.mook,
        "standard" => row.standard,
        "elite" => row.elite,
        "boss" => row.boss,
        other => panic!("no rank {other}"),
    })
}

/// A data directory with saved encounters and adventures written as files.
struct Data {
    dir: tempfile::TempDir,
}

impl Data {
    fn new() -> Data {
        let dir = tempfile::tempdir().unwrap();
        for sub in ["encounters", "adventures", "parties"] {
            std::fs::create_dir_all(dir.path().join(sub)).unwrap();
        }
        Data { dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn file(&self, rel: &str) -> PathBuf {
        self.path().join(rel)
    }

    fn write(&self, rel: &str, text: &str) {
        std::fs::write(self.file(rel), text).unwrap();
    }

    fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.file(rel)).unwrap()
    }

    fn run(&self, args: &[&str]) -> Output {
        lairsmith(self.path(), args)
    }

    /// Saves the encounter `id` of placeholders `(level, rank, count)`; returns its XP (E2),
    /// from the Monster XP table.
    fn encounter(&self, id: &str, foes: &[(u8, &str, u64)]) -> u64 {
        let mut text = format!(
            "kind: encounter\nschema_version: 1\nname: {id} fight\nparty: {{size: 4, level: 1}}\n"
        );
        if !foes.is_empty() {
            text.push_str("groups:\n");
        }
        for (level, rank, count) in foes {
            text.push_str(&format!(
                "- placeholder: {{level: {level}, rank: {rank}, role: wrecker}}\n  count: {count}\n"
            ));
        }
        self.write(&format!("encounters/{id}.yaml"), &text);
        foes.iter().map(|(l, r, c)| monster_xp(*l, r) * c).sum()
    }

    /// Saves the adventure `id` for `party` (the YAML of an encounter's party) listing `ids`.
    fn adventure(&self, id: &str, party: &str, ids: &[&str]) {
        let mut text =
            format!("kind: adventure\nschema_version: 1\nname: {id}\nparty: {party}\nencounters:");
        if ids.is_empty() {
            text.push_str(" []");
        }
        text.push('\n');
        for e in ids {
            text.push_str(&format!("- {e}\n"));
        }
        self.write(&format!("adventures/{id}.yaml"), &text);
    }

    /// `adventure check ID --format yaml`, which must succeed.
    fn check(&self, id: &str) -> Value {
        let o = self.run(&["adventure", "check", id, "--format", "yaml"]);
        ok(&o);
        yaml_serde::from_str(&stdout(&o)).unwrap()
    }
}

fn ok(o: &Output) {
    assert!(
        o.status.success(),
        "exit {:?}: {}{}",
        o.status.code(),
        stdout(o),
        stderr(o)
    );
}

fn fails(o: &Output) -> String {
    assert_eq!(o.status.code(), Some(1), "{}{}", stdout(o), stderr(o));
    let err = stderr(o);
    assert!(err.starts_with("lairsmith: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a number: {v:?}"))
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

fn listed(d: &Data, id: &str) -> Vec<String> {
    let path = d.file(&format!("adventures/{id}.yaml"));
    parse_adventure(&d.read(&format!("adventures/{id}.yaml")), &path)
        .unwrap()
        .encounters
}

#[test]
fn adventure_add_at_remove_move_and_set_edit_the_list_and_bad_positions_are_clear_errors() {
    let d = Data::new();
    for id in ["a", "b", "c", "d"] {
        d.encounter(id, &[(2, "standard", 4)]);
    }
    ok(&d.run(&[
        "adventure",
        "new",
        "Long Road",
        "--party",
        "4x2",
        "--seed",
        "7",
    ]));
    for id in ["a", "b", "c"] {
        ok(&d.run(&["adventure", "add", "long-road", id]));
    }
    let o = d.run(&["adventure", "add", "long-road", "d", "--at", "1"]);
    ok(&o);
    assert!(
        stdout(&o).starts_with("d is encounter 1 of "),
        "{}",
        stdout(&o)
    );
    assert_eq!(listed(&d, "long-road"), ["d", "a", "b", "c"]);
    let o = d.run(&["adventure", "remove", "long-road", "2"]);
    ok(&o);
    assert_eq!(stdout(&o), "removed encounter 2 (a)\n");
    assert_eq!(listed(&d, "long-road"), ["d", "b", "c"]);
    ok(&d.run(&["adventure", "move", "long-road", "3", "--to", "1"]));
    assert_eq!(listed(&d, "long-road"), ["c", "d", "b"]);
    ok(&d.run(&["adventure", "move", "long-road", "1", "--to", "3"]));
    assert_eq!(listed(&d, "long-road"), ["d", "b", "c"]);

    let before = d.read("adventures/long-road.yaml");
    let bad: [(&[&str], &str); 7] = [
        (
            &["add", "long-road", "a", "--at", "0"],
            "--at runs from 1 to 4",
        ),
        (
            &["add", "long-road", "a", "--at", "5"],
            "--at runs from 1 to 4",
        ),
        (
            &["remove", "long-road", "0"],
            "there is no encounter 0; the adventure has 1 to 3",
        ),
        (
            &["remove", "long-road", "4"],
            "there is no encounter 4; the adventure has 1 to 3",
        ),
        (
            &["move", "long-road", "4", "--to", "1"],
            "there is no encounter 4",
        ),
        (
            &["move", "long-road", "1", "--to", "0"],
            "there is no position 0; the adventure has 1 to 3",
        ),
        (
            &["move", "long-road", "1", "--to", "4"],
            "there is no position 4; the adventure has 1 to 3",
        ),
    ];
    for (args, says) in bad {
        let args = [&["adventure"], args].concat();
        let err = fails(&d.run(&args));
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(d.read("adventures/long-road.yaml"), before, "{args:?}");
    }

    // set: the treasure method, an inline party, a saved party kept by reference, the seed.
    let err = fails(&d.run(&["adventure", "set", "long-road"]));
    assert!(err.contains("give --party, --treasure or --seed"), "{err}");
    let o = d.run(&["adventure", "set", "long-road", "--treasure", "trove"]);
    assert_ne!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("troves"), "{}", stderr(&o));
    ok(&d.run(&[
        "adventure",
        "set",
        "long-road",
        "--treasure",
        "troves",
        "--party",
        "3x5",
        "--seed",
        "9",
    ]));
    let text = d.read("adventures/long-road.yaml");
    let path = d.file("adventures/long-road.yaml");
    let a = parse_adventure(&text, &path).unwrap();
    assert_eq!(a.seed, Some(9));
    assert_eq!(a.treasure, Some(Method::Troves));
    assert!(text.contains("size: 3\n  level: 5"), "{text}");
    assert_eq!(a.encounters, ["d", "b", "c"], "set keeps the list");
    ok(&d.run(&["party", "set", "crew", "Ana=2,Bo=3"]));
    ok(&d.run(&["adventure", "set", "long-road", "--party", "crew"]));
    assert!(
        d.read("adventures/long-road.yaml")
            .contains("party: crew\n"),
        "{}",
        d.read("adventures/long-road.yaml")
    );
    let r = d.check("long-road");
    assert_eq!(r["characters"][1]["name"].as_str(), Some("Bo"));
}

#[test]
fn adventure_list_shows_adventures_and_reports_a_bad_file_without_failing_the_others() {
    let d = Data::new();
    d.encounter("a", &[(1, "standard", 4)]);
    d.adventure("first", "{size: 4, level: 1}", &["a"]);
    d.adventure("second", "{size: 4, level: 1}", &["a", "a"]);
    d.write(
        "adventures/broken.yaml",
        "kind: adventure\nschema_version: 1\nname: Broken\nparty: {size: 4, level: 1}\nencounters: [../x]\n",
    );
    let o = d.run(&["adventure", "list"]);
    ok(&o);
    let out = stdout(&o);
    assert!(
        out.contains("first") && out.contains("(1 encounter)"),
        "{out}"
    );
    assert!(
        out.contains("second") && out.contains("(2 encounters)"),
        "{out}"
    );
    assert!(!out.contains("Broken"), "{out}");
    let err = stderr(&o);
    assert!(
        err.contains("skipped") && err.contains("broken.yaml:5:") && err.contains("`../x`"),
        "{err}"
    );
}

#[test]
fn hostile_adventure_files_are_located_errors_never_panics() {
    let d = Data::new();
    d.encounter("a", &[(1, "standard", 4)]);
    let head = "kind: adventure\nschema_version: 1\nname: Bad\nparty: {size: 4, level: 1}\n";
    let many = format!("{head}encounters:\n{}", "- a\n".repeat(301));
    let cases: Vec<(&str, String, &str, &str)> = vec![
        (
            "kind",
            head.replace("kind: adventure", "kind: encounter"),
            ":1:7: ",
            "not an adventure (`kind: adventure`)",
        ),
        (
            "schema",
            head.replace("schema_version: 1", "schema_version: 7"),
            ":2:1: ",
            "schema_version 7 is not supported",
        ),
        (
            "slug",
            format!("{head}encounters:\n- a\n- ../x\n"),
            ":7:1: ",
            "encounter 2: `../x` is not a valid id",
        ),
        (
            "control",
            head.replace("name: Bad", "name: \"Bad\\e[2Jone\""),
            ":3:1: ",
            "control character U+001B",
        ),
        ("many", many, ":5:1: ", "holds at most 300"),
        (
            "xp",
            "kind: adventure\nschema_version: 1\nname: Bad\nparty:\n  members:\n  - name: Ana\n    level: 3\n  - name: Bo\n    level: 3\n    xp: 500\n".to_owned(),
            ":8:3: ",
            "Bo is level 3 with 500 XP, but level 3 runs from 2,250 to 3,749 XP",
        ),
        (
            "negative",
            "kind: adventure\nschema_version: 1\nname: Bad\nparty:\n  members:\n  - name: Ana\n    level: 3\n    xp: -5\n".to_owned(),
            ":8:9: ",
            "party.members[0].xp: invalid type: integer `-5`",
        ),
    ];
    for (id, text, at, says) in &cases {
        let rel = format!("adventures/{id}.yaml");
        d.write(&rel, text);
        let path = d.file(&rel);
        let e = parse_adventure(text, &path).unwrap_err();
        assert!(e.line.is_some() && e.column.is_some(), "{id}: {e}");
        for args in [
            vec!["adventure", "check", id],
            vec!["adventure", "export", id],
            vec!["adventure", "add", id, "a"],
        ] {
            let err = fails(&d.run(&args));
            let want = format!("{}{at}", path.display());
            assert!(err.contains(&want) && err.contains(says), "{args:?}: {err}");
            assert!(!err.contains('\u{1b}'), "escaped: {err:?}");
        }
        assert_eq!(&d.read(&rel), text, "{id}: a refused file is left alone");
    }
    // At the bound itself the file is fine.
    let most = format!("{head}encounters:\n{}", "- a\n".repeat(300));
    assert_eq!(
        parse_adventure(&most, Path::new("most.yaml"))
            .unwrap()
            .encounters
            .len(),
        300
    );
}

#[test]
fn a_party_member_whose_xp_is_outside_its_level_is_a_located_error() {
    let d = Data::new();
    d.encounter("a", &[(1, "standard", 4)]);
    d.write(
        "parties/crew.yaml",
        "kind: party\nschema_version: 1\nname: crew\nmembers:\n- name: Ana\n  level: 2\n  xp: 5000\n",
    );
    d.adventure("with-crew", "crew", &["a"]);
    let path = d.file("parties/crew.yaml");
    for args in [
        vec!["budget", "--party", "crew"],
        vec!["adventure", "check", "with-crew"],
    ] {
        let err = fails(&d.run(&args));
        assert!(
            err.contains(&format!("{}:5:1: ", path.display()))
                && err.contains("Ana is level 2 with 5,000 XP")
                && err.contains("set the level to 4"),
            "{args:?}: {err}"
        );
    }
    // The same check in an encounter's own party.
    d.write(
        "encounters/inline.yaml",
        "kind: encounter\nschema_version: 1\nname: X\nparty:\n  members:\n  - {name: Ana, level: 3, xp: 10}\n",
    );
    let err = fails(&d.run(&["encounter", "check", "inline"]));
    assert!(
        err.contains("inline.yaml:6:3: ") && err.contains("Ana is level 3 with 10 XP"),
        "{err}"
    );
    // Within its level, the XP is where the character starts.
    d.write(
        "parties/crew.yaml",
        "kind: party\nschema_version: 1\nname: crew\nmembers:\n- name: Ana\n  level: 2\n  xp: 1500\n",
    );
    let r = d.check("with-crew");
    assert_eq!(u(&r["characters"][0]["start_xp"]), 1500);
    assert_eq!(u(&r["characters"][0]["end_xp"]), 1500 + 400);
}

#[test]
fn eight_concurrent_adventure_adds_all_land() {
    let d = Data::new();
    let ids: Vec<String> = (1..=8).map(|i| format!("e{i}")).collect();
    for id in &ids {
        d.encounter(id, &[(1, "standard", 1)]);
    }
    d.adventure("race", "{size: 4, level: 1}", &[]);
    const ROUNDS: usize = 3;
    for _ in 0..ROUNDS {
        let start = std::sync::Barrier::new(ids.len());
        let outs: Vec<Output> = std::thread::scope(|s| {
            let handles: Vec<_> = ids
                .iter()
                .map(|id| {
                    let start = &start;
                    let d = &d;
                    s.spawn(move || {
                        start.wait();
                        d.run(&["adventure", "add", "race", id])
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for o in &outs {
            ok(o);
        }
    }
    let mut held = listed(&d, "race");
    assert_eq!(held.len(), ids.len() * ROUNDS, "{held:?}");
    held.sort();
    let mut want: Vec<String> = ids.iter().flat_map(|i| vec![i.clone(); ROUNDS]).collect();
    want.sort();
    assert_eq!(held, want);
}

#[test]
fn adventure_export_holds_every_sheet_the_pacing_and_the_level_ups_and_refuses_to_overwrite() {
    let d = Data::new();
    d.encounter("gate", &[(9, "boss", 2)]);
    d.encounter("hall", &[(2, "standard", 4)]);
    d.encounter("vault", &[(3, "elite", 2)]);
    d.adventure("keep", "{size: 4, level: 1}", &["gate", "hall", "vault"]);
    let out = d.file("keep.md");
    let o = d.run(&[
        "adventure",
        "export",
        "keep",
        "--out",
        out.to_str().unwrap(),
    ]);
    ok(&o);
    let md = std::fs::read_to_string(&out).unwrap();
    assert_eq!(md, stdout(&d.run(&["adventure", "export", "keep"])));
    assert!(md.starts_with("# keep\n"), "{md}");
    assert!(md.contains("\n## Pacing\n"), "{md}");
    for (i, name) in ["gate fight", "hall fight", "vault fight"]
        .iter()
        .enumerate()
    {
        let n = i + 1;
        assert!(
            md.contains(&format!("\n| {n} | {name} | ")),
            "pacing row {n}: {md}"
        );
        assert!(
            md.contains(&format!("\n### {n}. {name}\n")),
            "sheet {n}: {md}"
        );
    }
    assert!(md.contains("\n## Level-ups\n"), "{md}");
    assert!(
        md.contains("- After encounter 1 (gate fight): the whole party reaches level 2\n"),
        "{md}"
    );
    // Each sheet is for the party as it stands there: level 2 after the gate.
    let hall = md.split("\n### 2. hall fight\n").nth(1).unwrap();
    let hall = hall.split("\n### 3. ").next().unwrap();
    assert!(hall.contains("(party level 2)"), "{hall}");

    // An existing file needs --force.
    let err = fails(&d.run(&[
        "adventure",
        "export",
        "keep",
        "--out",
        out.to_str().unwrap(),
    ]));
    assert!(
        err.contains("already exists") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), md);
    ok(&d.run(&["adventure", "remove", "keep", "3"]));
    ok(&d.run(&[
        "adventure",
        "export",
        "keep",
        "--out",
        out.to_str().unwrap(),
        "--force",
    ]));
    let again = std::fs::read_to_string(&out).unwrap();
    assert!(
        !again.contains("vault fight") && again.contains("### 2. hall fight"),
        "{again}"
    );
}
