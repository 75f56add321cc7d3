//! Sheets true to the chosen method and the book: a treasure method shows what it gives, not
//! the book's average beside it; RULINGS D5 (after D4's limit), D7 (characters and NPCs as
//! foes), T3 (no item past level 30), T4 (a trove's consumable for the party's tier), A3 (a
//! challenge's DC ladder), A4 (a challenge inside a combat); the adventure's treasure summary at
//! each character's last level; the book's own words in stat blocks; and every section or table
//! a user is pointed to is a heading of the book. Where the book is a table, the whole space is
//! checked against this file's own reading of the seed's text (`tests/data/*.txt`, verbatim
//! lines, checked against the seeds themselves where they are at hand).

use crate::common;
use crate::common::adventure_data;

use adventure_data::{Data, ok};
use common::{lairsmith, stderr, stdout};
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::encounter::{Party, Report, parse_encounter, report};
use std::collections::HashMap;
use std::path::Path;

const D20E3: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/d20-3e-extract.txt"
));
const DCS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/rulebook-extract.txt"
));
const TREASURE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/rulebook-treasure.txt"
));
const WORDS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/rulebook-words.txt"
));
const HEADINGS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/book-headings.txt"
));

/// `L<n>|text` lines of an extract, by line number.
fn book(extract: &str) -> HashMap<u32, String> {
    extract
        .lines()
        .filter_map(|l| l.strip_prefix('L'))
        .filter_map(|l| l.split_once('|'))
        .map(|(n, t)| (n.parse().unwrap(), t.to_owned()))
        .collect()
}

/// The seeds, where this checkout sits beside them (users and CI have only the extracts).
fn seed(name: &str) -> Option<Vec<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    ["../shared", "../../shared"]
        .iter()
        .map(|d| root.join(d).join("seeds").join(name))
        .find(|p| p.is_file())
        .map(|p| {
            std::fs::read_to_string(p)
                .unwrap()
                .lines()
                .map(str::to_owned)
                .collect()
        })
}

const ORCUS_SEED: &str = "000_314288786004b83b.txt";
const D20E3_SEED: &str = "002_684f8eb45ca45702.txt";

#[test]
fn the_extracts_are_the_books_text_where_the_seeds_are_at_hand() {
    let (Some(orcus), Some(d20)) = (seed(ORCUS_SEED), seed(D20E3_SEED)) else {
        return;
    };
    for (n, t) in book(WORDS) {
        assert_eq!(orcus[n as usize - 1], t, "rulebook-words.txt, line {n}");
    }
    let mut count = 0;
    for l in HEADINGS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (at, text) = l.split_once('|').unwrap();
        let (which, n) = at.split_once(":L").unwrap();
        let lines = if which == "000" { &orcus } else { &d20 };
        assert_eq!(lines[n.parse::<usize>().unwrap() - 1], text, "{at}");
        count += 1;
    }
    assert!(count > 400, "only {count} headings");
}

/// A temporary data directory.
fn data() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn run(d: &Path, args: &[&str]) -> String {
    let o = lairsmith(d, args);
    assert!(
        o.status.success(),
        "`lairsmith {}` failed: {}{}",
        args.join(" "),
        stdout(&o),
        stderr(&o)
    );
    stdout(&o)
}

// ---------------------------------------------------------------------------------------------
// Treasure: a chosen method shows what it gives for the encounter, not the book's average.

const AVERAGE: &str = "the book's average for one encounter";

/// An Orcus encounter `e1` for four level-1 characters with four standard monsters.
fn orcus_encounter(d: &Path) {
    run(d, &["encounter", "new", "E1", "--party", "4x1"]);
    run(
        d,
        &[
            "encounter",
            "add",
            "e1",
            "placeholder:1:standard:wrecker",
            "--count",
            "4",
        ],
    );
}

#[test]
fn an_encounter_with_a_treasure_method_shows_what_it_gives_not_the_books_average() {
    let dir = data();
    let d = dir.path();
    orcus_encounter(d);
    // No method: the book's average (E5), 144 gp ÷ 10 at level 1.
    let plain = run(d, &["encounter", "check", "e1"]);
    assert!(
        plain.contains("Treasure per character: 14.4 gp (the book's average for one encounter)"),
        "{plain}"
    );
    let says = [
        ("steady", "steady progression: 14.4 gp per character"),
        ("items-only", "magic item only: nothing from this encounter"),
        ("troves", "treasure troves: one trove: "),
        ("narrative", "narrative play: nothing computed"),
    ];
    for (method, words) in says {
        let check = run(d, &["encounter", "check", "e1", "--treasure", method]);
        assert!(!check.contains(AVERAGE), "{method}:\n{check}");
        let explain = run(
            d,
            &[
                "encounter",
                "check",
                "e1",
                "--treasure",
                method,
                "--explain",
            ],
        );
        assert!(
            !explain.contains("gp ÷ 10 encounters"),
            "{method}: the arithmetic still gives the average:\n{explain}"
        );
        assert!(
            check.contains(&format!("Treasure: {words}")),
            "{method}:\n{check}"
        );
        for format in ["md", "html", "text"] {
            let sheet = run(
                d,
                &[
                    "encounter",
                    "export",
                    "e1",
                    "--treasure",
                    method,
                    "--format",
                    format,
                ],
            );
            assert!(!sheet.contains(AVERAGE), "{method} {format}:\n{sheet}");
            assert!(sheet.contains(words), "{method} {format}:\n{sheet}");
        }
        let yaml = run(
            d,
            &[
                "encounter",
                "check",
                "e1",
                "--treasure",
                method,
                "--format",
                "yaml",
            ],
        );
        assert!(
            yaml.contains("treasure_per_character_gp: null\n")
                && yaml.contains(&format!("treasure_method: {method}\n")),
            "{method}:\n{yaml}"
        );
    }
}

#[test]
fn every_encounter_of_an_adventure_with_a_method_shows_its_treasure_not_the_average() {
    let d = Data::new();
    d.encounter("pack", &[(1, "standard", 4)]);
    d.encounter("brute", &[(1, "elite", 2)]);
    d.adventure("climb", "{size: 4, level: 1}", &["pack", "brute", "pack"]);
    for (method, words) in [
        ("items-only", "magic item only"),
        ("narrative", "narrative play"),
        ("troves", "treasure troves: one trove"),
        ("steady", "steady progression: 14.4 gp"),
    ] {
        ok(&d.run(&["adventure", "set", "climb", "--treasure", method]));
        for format in ["md", "html"] {
            let o = d.run(&["adventure", "export", "climb", "--format", format]);
            ok(&o);
            let sheet = stdout(&o);
            assert!(!sheet.contains(AVERAGE), "{method} {format}:\n{sheet}");
            assert!(
                sheet.matches(words).count() >= 2,
                "{method} {format}: each encounter's summary says what the method gives:\n{sheet}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The adventure's treasure summary: each character's level at the end, after its last level-up.

#[test]
fn the_adventure_treasure_summary_prints_each_characters_level_after_the_last_level_up() {
    let d = Data::new();
    // Two level-1 characters; 200 XP of foes is 100 each, and ten of them reach level 2 (1,000
    // XP) after the last encounter.
    d.encounter("pair", &[(1, "standard", 2)]);
    d.adventure(
        "climb",
        "{members: [{name: Ana, level: 1}, {name: Bo, level: 1}]}",
        &["pair"; 10],
    );
    ok(&d.run(&["adventure", "set", "climb", "--treasure", "steady"]));
    let o = d.run(&["adventure", "check", "climb"]);
    ok(&o);
    let text = stdout(&o);
    assert!(text.contains("→ level 2"), "{text}");
    assert!(text.contains("Ana (level 2)"), "{text}");
    assert!(!text.contains("Ana (level 1)"), "{text}");
    let v = d.check("climb");
    for c in v["treasure"]["characters"].as_sequence().unwrap() {
        assert_eq!(c["level"].as_u64(), Some(2), "{c:?}");
    }
    let o = d.run(&["adventure", "export", "climb"]);
    ok(&o);
    let sheet = stdout(&o);
    assert!(sheet.contains("Ana (level 2)"), "{sheet}");
}

// ---------------------------------------------------------------------------------------------
// The 3rd-edition award table, read from the seed's text on its own.

/// The table as its text says: (party row, CR) → cell text, rows "1-3", "4" … "20".
fn award_cells() -> HashMap<(String, u8), String> {
    let mut out = HashMap::new();
    let mut first_cr = 0u8;
    for line in D20E3.lines().filter(|l| l.starts_with('L')) {
        let text = line.split_once('|').unwrap().1;
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.first() == Some(&"Level") {
            first_cr = words[1].trim_start_matches("CR").parse().unwrap();
            continue;
        }
        let Some(row) = words.first() else { continue };
        let is_row = *row == "1-3" || row.parse::<u8>().is_ok_and(|n| (4..=20).contains(&n));
        if !is_row || words.len() != 11 {
            continue;
        }
        for (i, w) in words[1..].iter().enumerate() {
            out.insert(((*row).to_owned(), first_cr + i as u8), (*w).to_owned());
        }
    }
    assert_eq!(out.len(), 18 * 20);
    out
}

/// The seed's cell text for a party level and a CR (rows 1-3 share the first).
fn cell_text(cells: &HashMap<(String, u8), String>, level: u8, cr: u8) -> &str {
    let row = if level <= 3 {
        "1-3".to_owned()
    } else {
        level.to_string()
    };
    cells[&(row, cr)].as_str()
}

/// A foe's XP as the cell gives it: `Some` (a `*` cell is 0 XP), or `None` for `**`, no value.
fn cell_xp(cells: &HashMap<(String, u8), String>, level: u8, cr: u8) -> Option<u64> {
    match cell_text(cells, level, cr) {
        "**" => None,
        "*" => Some(0),
        n => Some(n.parse().unwrap()),
    }
}

/// The seed's circumstance rows in order: (XP numerator, denominator, EL adjustment).
fn circumstances() -> Vec<(u64, u64, i32)> {
    let b = book(D20E3);
    let mut rows = Vec::new();
    for n in [1685, 1687, 1689, 1691] {
        let words: Vec<&str> = b[&n].split_whitespace().collect();
        let x = words.iter().position(|w| w.starts_with('x')).unwrap();
        let (num, den) = words[x][1..]
            .split_once('/')
            .unwrap_or((&words[x][1..], "1"));
        assert_eq!(words[x + 1], "XP");
        assert_eq!(words[x + 3], "EL");
        rows.push((
            num.parse().unwrap(),
            den.parse().unwrap(),
            words[x + 2].parse().unwrap(),
        ));
    }
    rows
}

/// D6 as RULINGS writes it: −4 or less trivial, −3 to −1 easy, 0 standard, +1 to +4 hard, +5
/// or more deadly.
fn d6_band(offset: i32) -> &'static str {
    match offset {
        ..=-4 => "trivial",
        -3..=-1 => "easy",
        0 => "standard",
        1..=4 => "hard",
        _ => "deadly",
    }
}

/// D4 on the seed's row: the CR whose numeric cell is nearest `xp`, a tie to the lower CR.
fn d4_level(cells: &HashMap<(String, u8), String>, level: u8, xp: u64) -> u8 {
    let mut best: Option<(u64, u8)> = None;
    for cr in 1..=20u8 {
        let Ok(x) = cell_text(cells, level, cr).parse::<u64>() else {
            continue;
        };
        let d = x.abs_diff(xp);
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, cr));
        }
    }
    best.unwrap().1
}

fn encounter_3e(level: u8, circumstance: Option<&str>, groups: &str) -> Report {
    let text = format!(
        "kind: encounter\nschema_version: 1\nsystem: d20-3e\nname: T\nparty: {{size: 4, level: {level}}}\n{}groups:\n{groups}",
        circumstance.map_or(String::new(), |c| format!("circumstance: {c}\n"))
    );
    let e =
        parse_encounter(&text, Path::new("t.yaml")).unwrap_or_else(|err| panic!("{err}\n{text}"));
    report(
        &e,
        &Party::parse(&format!("4x{level}")).unwrap(),
        &Bestiary::default(),
    )
}

#[test]
fn d5_party_20_against_two_cr_20_twice_is_el_22_hard_and_party_1_against_two_cr_1_half_is_el_0() {
    let r = encounter_3e(20, Some("twice"), "- cr: 20\n  count: 2\n");
    assert_eq!(
        (
            r.encounter_level,
            r.band.map(lairsmith_core::vocab::Vocabulary::key)
        ),
        (Some(22), Some("hard"))
    );
    let r = encounter_3e(1, Some("half"), "- cr: 1\n  count: 2\n");
    assert_eq!(
        (
            r.encounter_level,
            r.band.map(lairsmith_core::vocab::Vocabulary::key)
        ),
        (Some(0), Some("easy"))
    );
}

/// D5 over every party level, CR, count 1 to 4 and circumstance: the XP scaled and rounded
/// down, the EL of D4 (never past 20) moved by the circumstance after that limit, the band of D6.
#[test]
fn d5_the_circumstance_moves_the_el_after_d4s_limit_in_every_case() {
    let cells = award_cells();
    let words = ["half", "less", "more", "twice"];
    let mut cases = 0;
    for level in 1..=20u8 {
        for cr in 1..=20u8 {
            for count in 1..=4u64 {
                let xp = cell_xp(&cells, level, cr);
                for (w, (num, den, adj)) in words.iter().zip(circumstances()) {
                    let r =
                        encounter_3e(level, Some(w), &format!("- cr: {cr}\n  count: {count}\n"));
                    let what = format!("party {level}, {count} × CR {cr}, {w}");
                    let Some(xp) = xp else {
                        assert_eq!(r.band, None, "{what}");
                        continue;
                    };
                    let raw = xp * count;
                    assert_eq!(r.xp, raw * num / den, "{what}");
                    let el = i32::from(d4_level(&cells, level, raw)) + adj;
                    assert_eq!(r.encounter_level, Some(el), "{what}");
                    assert_eq!(
                        r.band.map(lairsmith_core::vocab::Vocabulary::key),
                        Some(d6_band(el - i32::from(level))),
                        "{what}"
                    );
                    cases += 1;
                }
            }
        }
    }
    assert!(cases > 4000, "{cases}");
}

// ---------------------------------------------------------------------------------------------
// D7: characters, NPCs and monsters with classes.

/// What L1680 says, read from its text: a character's CR is its class level, an NPC's one
/// lower, a monster with classes its CR plus its class levels.
fn l1680() -> String {
    let line = book(D20E3)[&1680].trim().to_owned();
    assert!(line.contains("Character CR are = Class Level."));
    assert!(line.contains("NPC Classes count as one level lower than PC Classes."));
    assert!(line.contains("Monsters with classes are CR + Class level."));
    line
}

#[test]
fn d7_the_rule_is_named_in_code_in_the_compilations_words() {
    // The seed spaces its sentences with no-break spaces; the words are the same.
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        words(lairsmith_core::rules::d20e3::CHARACTER_CRS),
        words(&l1680())
    );
    assert_eq!(lairsmith_core::rules::d20e3::NPC_LEVELS_LOWER, 1);
    assert_eq!(
        lairsmith_core::rules::d20e3::NPC_LEVEL_1_CR.to_string(),
        "1/2",
        "ours: the table has no CR 0"
    );
}

fn rating(r: &Report) -> (u64, Option<i32>, Option<lairsmith_core::rules::Difficulty>) {
    (r.xp, r.encounter_level, r.band)
}

/// Every party level × class level: `character: N` rates as `cr: N`, `npc: N` as `cr: N − 1`
/// (`npc: 1` as `cr: 1/2`), and `cr: C` with `class_levels: L` as `cr: C + L` up to 20.
#[test]
fn d7_characters_npcs_and_monsters_with_classes_rate_as_their_cr_at_every_party_level() {
    l1680();
    for level in 1..=20u8 {
        for n in 1..=20u8 {
            let as_cr = |cr: &str| rating(&encounter_3e(level, None, &format!("- cr: {cr}\n")));
            let character = encounter_3e(level, None, &format!("- character: {n}\n"));
            assert_eq!(
                rating(&character),
                as_cr(&n.to_string()),
                "party {level}, character {n}"
            );
            let npc = encounter_3e(level, None, &format!("- npc: {n}\n"));
            let npc_cr = if n == 1 {
                "1/2".to_owned()
            } else {
                (n - 1).to_string()
            };
            assert_eq!(rating(&npc), as_cr(&npc_cr), "party {level}, npc {n}");
            for c in 1..=20u8 {
                let text = format!("- cr: {c}\n  class_levels: {n}\n");
                if c + n > 20 {
                    continue;
                }
                let classed = encounter_3e(level, None, &text);
                assert_eq!(
                    rating(&classed),
                    as_cr(&(c + n).to_string()),
                    "party {level}, CR {c} + {n} class levels"
                );
            }
        }
    }
}

fn refused(text: &str) -> String {
    let head = "kind: encounter\nschema_version: 1\nname: T\n";
    parse_encounter(&format!("{head}{text}"), Path::new("t.yaml"))
        .unwrap_err()
        .to_string()
}

#[test]
fn d7_a_character_group_that_the_table_cannot_rate_is_refused_saying_why() {
    let third = "system: d20-3e\nparty: {size: 4, level: 5}\ngroups:\n";
    let e = refused(&format!("{third}- cr: 15\n  class_levels: 6\n"));
    assert!(e.contains("CR 21") && e.contains("CR 20"), "{e}");
    let e = refused(&format!("{third}- cr: 1/2\n  class_levels: 2\n"));
    assert!(
        e.contains("not a CR of the Experience Point Awards table"),
        "{e}"
    );
    let e = refused(&format!("{third}- class_levels: 2\n"));
    assert!(e.contains("without `cr:`"), "{e}");
    let e = refused(&format!("{third}- character: 21\n"));
    assert!(e.contains("1 to 20"), "{e}");
    let e = refused(&format!("{third}- npc: 0\n"));
    assert!(e.contains("1 to 20"), "{e}");
    let e = refused(&format!("{third}- character: 3\n  npc: 3\n"));
    assert!(
        e.contains("one of `cr: N`, `character: N` or `npc: N`"),
        "{e}"
    );
    let e = refused("party: {size: 4, level: 5}\ngroups:\n- character: 3\n");
    assert!(e.contains("Orcus encounter"), "{e}");
}

#[test]
fn d7_encounter_add_takes_characters_npcs_and_class_levels() {
    let dir = data();
    let d = dir.path();
    run(
        d,
        &[
            "encounter",
            "new",
            "Inn",
            "--party",
            "4x5",
            "--system",
            "d20-3e",
        ],
    );
    for foe in ["character:5", "npc:5", "npc:1", "cr:3+2"] {
        run(d, &["encounter", "add", "inn", foe]);
    }
    let text = std::fs::read_to_string(d.join("encounters/inn.yaml")).unwrap();
    for line in [
        "- character: 5\n",
        "- npc: 5\n",
        "- npc: 1\n",
        "- cr: 3\n  class_levels: 2\n",
    ] {
        assert!(text.contains(line), "{text}");
    }
    // At party level 5: CR 5 (1,500) + CR 4 (1,000) + CR 1/2 (150) + CR 5 (1,500).
    let yaml = run(d, &["encounter", "check", "inn", "--format", "yaml"]);
    assert!(yaml.contains("xp: 4150\n"), "{yaml}");
    let explain = run(d, &["encounter", "check", "inn", "--explain"]);
    assert!(
        explain.contains(
            "NPC of class level 5 is CR 4 (\"NPC Classes count as one level lower than PC Classes\")"
        ),
        "{explain}"
    );
    assert!(
        explain.contains("NPC of class level 1 is CR 1/2")
            && explain.contains("[ours: lairsmith's reading, not the book's]"),
        "{explain}"
    );
    let sheet = run(d, &["encounter", "export", "inn"]);
    assert!(
        sheet.contains("1 × Character of class level 5 (CR 5)"),
        "{sheet}"
    );
    run(d, &["encounter", "remove", "inn", "npc:5"]);
    run(d, &["encounter", "remove", "inn", "cr:3+2"]);
    let text = std::fs::read_to_string(d.join("encounters/inn.yaml")).unwrap();
    assert!(
        !text.contains("npc: 5") && !text.contains("class_levels"),
        "{text}"
    );
    // In an Orcus encounter, a character is refused naming the system.
    orcus_encounter(d);
    let o = lairsmith(d, &["encounter", "add", "e1", "character:5"]);
    assert!(
        !o.status.success() && stderr(&o).contains("Orcus encounter"),
        "{}",
        stderr(&o)
    );
    let o = lairsmith(d, &["encounter", "add", "inn", "cr:18+3"]);
    assert!(
        !o.status.success() && stderr(&o).contains("CR 21"),
        "{}",
        stderr(&o)
    );
}

mod ui {
    pub use crate::common::ui::Ui;
}

#[test]
fn d7_the_encounter_screen_adds_characters_and_npcs() {
    use ratatui::crossterm::event::KeyCode::{Enter, F};
    let mut ui = ui::Ui::new();
    ui.key(F(3));
    ui.ch('P').ctrl('u').typed("4x5").key(Enter);
    ui.ch('Y');
    ui.ch('c').typed("character 5").key(Enter);
    ui.ch('c').typed("npc 5 x2").key(Enter);
    ui.ch('c').typed("3+2").key(Enter);
    let groups = &ui.app.encounter.encounter.groups;
    assert_eq!(groups.len(), 3, "{:?}", ui.app.shell.layers.len());
    assert_eq!(groups[0].character, Some(5));
    assert_eq!((groups[1].npc, groups[1].count.get()), (Some(5), 2));
    assert_eq!(
        (groups[2].cr.map(|c| c.to_string()), groups[2].class_levels),
        (Some("3".into()), Some(2))
    );
    // CR 5 (1,500) + 2 × CR 4 (1,000) + CR 5 (1,500).
    assert_eq!(ui.app.encounter.report.xp, 5000);
}

// ---------------------------------------------------------------------------------------------
// T3 and T4: treasure true to the book's levels and tiers.

#[test]
fn t3_no_item_passes_level_30_and_the_plan_says_so() {
    use lairsmith_core::treasure::{MAX_ITEM_LEVEL, Method, plan};
    assert_eq!(MAX_ITEM_LEVEL, 30);
    // Every level: steady's items are the level + 1d4, stopped at 30.
    for level in 1..=30u8 {
        let party = Party::parse(&format!("4x{level}")).unwrap();
        let p = plan(Method::Steady, &party, 600, u64::from(level));
        let items: Vec<_> = p
            .characters
            .iter()
            .flat_map(|c| c.permanent_items.clone())
            .collect();
        assert!(!items.is_empty(), "level {level}");
        for i in &items {
            let wanted = u32::from(level) + u32::from(i.d4);
            assert_eq!(i.level, wanted.min(30), "level {level}");
            assert_eq!(i.past_30, (wanted > 30).then_some(wanted), "level {level}");
        }
        let noted = p.notes.iter().any(|n| n.starts_with("T3:"));
        assert_eq!(
            noted,
            items.iter().any(|i| i.past_30.is_some()),
            "level {level}"
        );
        // Items only: one item of level +2, stopped at 30.
        let p = plan(Method::ItemsOnly, &party, 10, 1);
        let choice = p.grants[0].choice();
        let one = (u32::from(level) + 2).min(30);
        assert!(
            choice.starts_with(&format!("the GM picks one item of level {one}")),
            "{choice}"
        );
        assert!(
            choice.ends_with(&format!("or two of level {level}")),
            "{choice}"
        );
    }
    let dir = data();
    let text = run(
        dir.path(),
        &[
            "treasure",
            "plan",
            "--party",
            "4x30",
            "--method",
            "steady",
            "--encounters",
            "60",
            "--seed",
            "3",
        ],
    );
    for past in 31..=34 {
        assert!(
            !text.contains(&format!("level {past} ")),
            "level {past} in:\n{text}"
        );
    }
    assert!(text.contains("not 3"), "{text}");
    assert!(text.contains("T3: items stop at level 30"), "{text}");
}

/// L2154 read on its own: the healing potion "in heroic tier", "in prestige tier", "in epic
/// tier".
fn potions_by_tier() -> Vec<(String, String)> {
    let row = book(TREASURE)[&2154].clone();
    let inner = row
        .split_once("Healing potion (")
        .unwrap()
        .1
        .rsplit_once(").")
        .unwrap()
        .0
        .to_owned();
    inner
        .split(" tier")
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let p = p.trim_start_matches(", ");
            let (potion, tier) = p.rsplit_once(" in ").unwrap();
            (tier.to_owned(), potion.to_owned())
        })
        .collect()
}

#[test]
fn t4_a_troves_consumable_is_the_healing_potion_of_the_partys_tier_only() {
    use lairsmith_core::rules::Level;
    use lairsmith_core::rules::tables::HEALING_POTION_BY_TIER;
    use lairsmith_core::treasure::consumable_for;
    let book = potions_by_tier();
    assert_eq!(book.len(), 3);
    for ((tier, potion), (t, p)) in book.iter().zip(HEALING_POTION_BY_TIER) {
        assert_eq!((tier.as_str(), potion.as_str()), (t, p));
    }
    for level in 1..=30u8 {
        let l = Level::new(i64::from(level)).unwrap();
        // The book's tiers: heroic 1-10, prestige 11-20, epic 21-30.
        let tier = (usize::from(level) - 1) / 10;
        for d6 in 1..=3u8 {
            let text = consumable_for(d6, l);
            assert_eq!(
                text,
                format!(
                    "{} (the healing potion of the {} tier)",
                    book[tier].1, book[tier].0
                ),
                "level {level}"
            );
            for (other, _) in book.iter().filter(|(t, _)| *t != book[tier].0) {
                assert!(!text.contains(other.as_str()), "level {level}: {text}");
            }
        }
        assert_eq!(consumable_for(5, l), "a poison");
    }
    // The CLI: every consumable of a level-25 party's troves is the epic one, of level 25.
    let dir = data();
    let text = run(
        dir.path(),
        &[
            "treasure", "troves", "--party", "5x25", "--count", "300", "--seed", "4",
        ],
    );
    assert!(text.contains("consumable of level 25: "), "{text}");
    assert!(
        !text.contains("heroic tier") && !text.contains("prestige tier"),
        "{text}"
    );
    assert!(
        text.contains("potion of healing and rescue (advanced) or salve of resurrection (the healing potion of the epic tier)"),
        "{text}"
    );
}

// ---------------------------------------------------------------------------------------------
// A3 and A4: a challenge's DC ladder, and a challenge inside a combat.

/// "Table – Recommended Difficulty Classes by Level" read on its own: level → (easy, moderate,
/// hard).
fn dc_table() -> HashMap<u8, (u32, u32, u32)> {
    let mut out = HashMap::new();
    for (_, text) in book(DCS)
        .into_iter()
        .filter(|(n, _)| (267..=296).contains(n))
    {
        let cells: Vec<&str> = text.split('|').map(str::trim).collect();
        if cells.len() < 4 {
            continue;
        }
        let (Ok(level), Ok(e), Ok(m), Ok(h)) = (
            cells[0].parse::<u8>(),
            cells[1].parse::<u32>(),
            cells[2].parse::<u32>(),
            cells[3].parse::<u32>(),
        ) else {
            continue;
        };
        if (1..=30).contains(&level) && m > e {
            out.insert(level, (e, m, h));
        }
    }
    assert_eq!(out.len(), 30, "{out:?}");
    out
}

#[test]
fn a3_is_named_in_code_in_the_books_words() {
    use lairsmith_core::encounter::DcWord;
    use lairsmith_core::encounter::challenge::{
        A3_QUOTE, A4_QUOTE, FIRST_CHECK_DC, GROUP_CHECK_DC, LATER_CHECK_DC,
    };
    let b = book(WORDS);
    assert!(b[&515].contains(A3_QUOTE), "{}", b[&515]);
    assert!(b[&530].contains(A4_QUOTE), "{}", b[&530]);
    assert_eq!(
        (GROUP_CHECK_DC, FIRST_CHECK_DC, LATER_CHECK_DC),
        (DcWord::Easy, DcWord::Moderate, DcWord::Hard)
    );
}

/// Every level and every first-check DC: the ladder is that DC, then the level's Hard DC; a
/// group check is the level's Easy DC.
#[test]
fn a3_a_challenge_prints_its_dc_ladder_at_every_level() {
    let table = dc_table();
    for level in 1..=30u8 {
        let (easy, moderate, hard) = table[&level];
        for (word, first) in [("easy", easy), ("moderate", moderate), ("hard", hard)] {
            let text = format!(
                "kind: encounter\nschema_version: 1\nname: T\nparty: {{size: 4, level: 5}}\ngroups:\n- challenge:\n    name: Wall\n    level: {level}\n    successes: 4\n    skills:\n    - {{skill: athletics, dc: {word}}}\n    - {{skill: stealth}}\n"
            );
            let e = parse_encounter(&text, Path::new("t.yaml")).unwrap();
            let r = report(&e, &Party::parse("4x5").unwrap(), &Bestiary::default());
            let c = &r.challenges[0];
            let s = &c.skills[0];
            assert_eq!((s.dc, s.later_dc), (first, hard), "level {level} {word}");
            assert_eq!(
                s.text,
                format!(
                    "Athletics DC {first} ({word}, level {level}); later checks with Athletics DC {hard} (hard)"
                )
            );
            // A skill given no DC is at Moderate first (A3).
            assert_eq!((c.skills[1].dc, c.skills[1].later_dc), (moderate, hard));
            assert_eq!(c.group_check_dc, easy);
            assert_eq!(
                c.group_check,
                format!("Group checks DC {easy} (easy, level {level})")
            );
        }
    }
}

#[test]
fn a3_the_sheets_and_the_ui_show_the_ladder() {
    let dir = data();
    let d = dir.path();
    run(d, &["encounter", "new", "Wall", "--party", "4x6"]);
    run(
        d,
        &[
            "encounter",
            "add",
            "wall",
            "challenge:6:6",
            "--name",
            "Climb",
            "--skill",
            "athletics",
            "--skill",
            "acrobatics:easy",
        ],
    );
    for format in ["md", "html"] {
        let sheet = run(d, &["encounter", "export", "wall", "--format", format]);
        assert!(
            sheet.contains(
                "Athletics DC 16 (moderate, level 6); later checks with Athletics DC 22 (hard)"
            ),
            "{sheet}"
        );
        assert!(
            sheet.contains(
                "Acrobatics DC 11 (easy, level 6); later checks with Acrobatics DC 22 (hard)"
            ),
            "{sheet}"
        );
        assert!(sheet.contains("Group checks"), "{sheet}");
        assert!(sheet.contains("DC 11 (easy, level 6)"), "{sheet}");
    }
}

#[test]
fn a4_a_challenge_in_a_combat_outside_4_to_6_successes_gets_the_books_advice() {
    use lairsmith_core::encounter::challenge::A4_QUOTE;
    for successes in 1..=20u32 {
        for with_monsters in [false, true] {
            let monster = if with_monsters {
                "- placeholder: {level: 5, rank: standard, role: wrecker}\n"
            } else {
                ""
            };
            let text = format!(
                "kind: encounter\nschema_version: 1\nname: T\nparty: {{size: 4, level: 5}}\ngroups:\n{monster}- challenge:\n    name: Ropes\n    successes: {successes}\n"
            );
            let e = parse_encounter(&text, Path::new("t.yaml")).unwrap();
            let r = report(&e, &Party::parse("4x5").unwrap(), &Bestiary::default());
            let warned: Vec<&String> = r.warnings.iter().filter(|w| w.contains(A4_QUOTE)).collect();
            let expected = with_monsters && !(4..=6).contains(&successes);
            assert_eq!(
                warned.len(),
                usize::from(expected),
                "{successes} successes, monsters {with_monsters}: {:?}",
                r.warnings
            );
            // Its XP still follows A2: one Standard monster for 4 or fewer, two for 5 or more.
            if with_monsters {
                let standard = 200;
                let replaces = if successes <= 4 { 1 } else { 2 };
                assert_eq!(r.xp, standard + replaces * standard, "{successes}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The book's words in stat blocks.

const TARGETS_MONSTER: &str = "\
kind: monster
schema_version: 1
id: word-tester
name: Word Tester
level: 5
rank: standard
role: spoiler
size: medium
source: natural
type: beast
powers:
- name: Howl
  usage: encounter
  action: standard
  origin: near
  area: burst 2
  targets: each enemy in the burst
  attack: {defense: will}
  damage: surge-multi
- name: Pick
  usage: at-will
  action: standard
  origin: far
  area: burst 1
  range: 10
  targets: one ally in the burst
- name: Sweep
  usage: at-will
  action: standard
  origin: near
  area: arc 3
  targets: each prone enemy in the arc
  attack: {defense: reflex}
  damage: at-will-multi
- name: Snap
  usage: encounter
  action: counter
  trigger: An enemy attacks it.
  origin: melee
  targets: the triggering enemy
  attack: {defense: ac}
  damage: surge-single
- name: Recoil
  usage: encounter
  action: reaction
  trigger: An enemy hits it.
  origin: self
  effect: It shifts 1 square.
- name: Lunge
  usage: at-will
  action: opportunity
  trigger: An enemy leaves a square adjacent to it.
  origin: melee
  targets: the triggering enemy
  attack: {defense: ac}
  damage: at-will-single
";

fn shown_word_tester() -> String {
    let dir = data();
    let d = dir.path();
    std::fs::create_dir_all(d.join("bestiary")).unwrap();
    std::fs::write(d.join("bestiary/word-tester.yaml"), TARGETS_MONSTER).unwrap();
    run(d, &["show", "word-tester"])
}

#[test]
fn an_area_power_prints_the_books_target_words() {
    let b = book(WORDS);
    // The book's list of area targets (L955-961): "All enemies", "One ally", ...
    let listed: Vec<String> = (955..=961)
        .map(|n| {
            b[&n]
                .trim_start_matches("- ")
                .split(':')
                .next()
                .unwrap()
                .to_owned()
        })
        .collect();
    use lairsmith_core::rules::power_vocab::AreaTarget;
    use lairsmith_core::vocab::Vocabulary;
    let ours: Vec<&str> = AreaTarget::ALL.iter().map(|t| t.label()).collect();
    assert_eq!(listed, ours);
    let shown = shown_word_tester();
    assert!(shown.contains("Near burst 2, all enemies\n"), "{shown}");
    assert!(
        shown.contains("Far burst 1 within 10, one ally\n"),
        "{shown}"
    );
    // More than the book's words: kept as written.
    assert!(
        shown.contains("Near arc 3, each prone enemy in the arc\n"),
        "{shown}"
    );
}

#[test]
fn immediate_actions_print_the_books_names_and_an_opportunity_attack_is_one() {
    let b = book(WORDS);
    assert!(b[&1141].starts_with("Counter action: "));
    assert!(b[&1143].starts_with("Reaction: "));
    assert!(b[&1146].contains("you use your immediate action to make one melee attack"));
    let shown = shown_word_tester();
    assert!(
        shown.contains("Encounter Attack (Counter Action)"),
        "{shown}"
    );
    assert!(shown.contains("Encounter Utility (Reaction)"), "{shown}");
    assert!(
        shown.contains("At-Will Attack (Opportunity Attack)"),
        "{shown}"
    );
    assert!(!shown.contains("Immediate Counter") && !shown.contains("Immediate Reaction"));
    // The old words still read.
    use lairsmith_core::rules::power_vocab::Action;
    use lairsmith_core::vocab::Vocabulary;
    assert_eq!(Action::parse("immediate counter"), Ok(Action::Counter));
    assert_eq!(Action::parse("Immediate Reaction"), Ok(Action::Reaction));
}

#[test]
fn the_swarm_template_claims_no_fire_vulnerability() {
    let b = book(WORDS);
    assert!(b[&1798].contains("Resistance to Melee and Ranged X, vulnerability to Near and Far X"));
    let swarm = lairsmith_core::embedded::MONSTER_TEMPLATE_FILES
        .iter()
        .find(|(p, _)| p.ends_with("swarm.yaml"))
        .unwrap()
        .1;
    assert!(!swarm.to_lowercase().contains("fire"), "{swarm}");
    let dir = data();
    let shown = run(dir.path(), &["template", "show", "swarm"]);
    assert!(!shown.to_lowercase().contains("fire"), "{shown}");
}

// ---------------------------------------------------------------------------------------------
// Citations a GM can find: every section or table name a user reads is a heading of the book.

/// The headings of both seeds: (text, seed, line), a numbered option ("3. Treasure Troves")
/// read without its number, a table of contents entry without its dash.
fn headings() -> Vec<(String, &'static str, u32)> {
    HEADINGS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let (at, text) = l.split_once('|').unwrap();
            let (which, n) = at.split_once(":L").unwrap();
            let text = text.trim().trim_start_matches("- ");
            let text = match text.split_once(". ") {
                Some((num, rest)) if num.parse::<u32>().is_ok() => rest,
                _ => text,
            };
            (
                text.to_owned(),
                if which == "000" { "000" } else { "002" },
                n.parse().unwrap(),
            )
        })
        .collect()
}

/// The book's tables by name: "Table – X" headings without the prefix, and the compilation's
/// award table.
fn table_names(h: &[(String, &str, u32)]) -> Vec<String> {
    let mut v: Vec<String> = h
        .iter()
        .filter_map(|(t, _, _)| {
            t.strip_prefix("Table – ")
                .or_else(|| t.strip_prefix("Table - "))
        })
        .map(str::to_owned)
        .collect();
    v.push("Experience Point Awards".into());
    v
}

/// The longest of `names` that `text` starts with and that ends at a word's end.
fn longest_prefix<'a>(text: &str, names: impl Iterator<Item = &'a String>) -> Option<&'a String> {
    names
        .filter(|n| {
            text.starts_with(n.as_str())
                && !text[n.len()..]
                    .chars()
                    .next()
                    .is_some_and(char::is_alphanumeric)
        })
        .max_by_key(|n| n.len())
}

/// Words a title of the book joins its capitalised words with ("Levels and Their Benefits").
const TITLE_JOINS: [&str; 8] = ["and", "of", "per", "by", "for", "in", "a", "the"];

/// Whether `rest`, the text after a name, goes on with more of a title ("… by Rank"), so the
/// name cited is longer than the one matched.
fn title_goes_on(rest: &str) -> bool {
    if !rest.starts_with(' ') {
        return false;
    }
    let mut words = rest.split_whitespace();
    let starts_title = |w: &str| {
        w.chars()
            .next()
            .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
    };
    match words.next() {
        Some(w) if starts_title(w) => true,
        Some(w) if TITLE_JOINS.contains(&w) => words.next().is_some_and(starts_title),
        _ => false,
    }
}

/// Whether `text` reads as a title: every word capitalised, a number or a joining word.
fn title_like(text: &str) -> bool {
    text.split_whitespace().all(|w| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        w.is_empty()
            || w.chars()
                .next()
                .is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
            || TITLE_JOINS.contains(&w)
    })
}

/// Whether `text` is one or more of `names` joined by ", ", " and " or ", and ".
fn all_names(text: &str, names: &[String]) -> bool {
    let mut rest = text;
    loop {
        let Some(n) = longest_prefix(rest, names.iter()) else {
            return false;
        };
        rest = &rest[n.len()..];
        if rest.is_empty() {
            return true;
        }
        match [", and ", ", ", " and "]
            .iter()
            .find_map(|sep| rest.strip_prefix(sep))
        {
            Some(next) => rest = next,
            None => return false,
        }
    }
}

/// Where a citation goes wrong: each problem a sentence with the text around it.
struct Citations {
    headings: Vec<(String, &'static str, u32)>,
    tables: Vec<String>,
    /// The rulebook's table of contents: a one-word heading is cited as a chapter only when it
    /// is one of these ("Healing: Recoveries"), not as a stat block's label ("Skills: Stealth").
    chapters: Vec<String>,
}

impl Citations {
    fn new() -> Citations {
        let headings = headings();
        let tables = table_names(&headings);
        let chapters = headings
            .iter()
            .filter(|(_, s, l)| *s == "000" && *l <= 72)
            .map(|(t, _, _)| t.clone())
            .collect();
        Citations {
            headings,
            tables,
            chapters,
        }
    }

    fn lines_of(&self, name: &str) -> Vec<(&str, u32)> {
        self.headings
            .iter()
            .filter(|(t, _, _)| t == name)
            .map(|(_, s, l)| (*s, *l))
            .collect()
    }

    /// `text` after "C: ": the section it names must be a heading after C, and so must each
    /// further capitalised section joined by ", " or " and ". A lower-case word starts a remark.
    fn sections_after(&self, chapter: &str, text: &str, problems: &mut Vec<String>) {
        let starts: Vec<(&str, u32)> = self.lines_of(chapter);
        let mut rest = text;
        loop {
            if !rest.chars().next().is_some_and(char::is_uppercase) {
                return;
            }
            let after = self
                .headings
                .iter()
                .filter(|(_, s, l)| starts.iter().any(|(cs, cl)| cs == s && l > cl))
                .map(|(t, _, _)| t);
            let Some(h) = longest_prefix(rest, after) else {
                problems.push(format!(
                    "\"{chapter}: {}\" names no heading of the book under {chapter}",
                    rest.chars().take(40).collect::<String>()
                ));
                return;
            };
            rest = &rest[h.len()..];
            if rest.starts_with(" (") {
                // A remark in brackets: skip it.
                match rest.find(')') {
                    Some(i) => rest = &rest[i + 1..],
                    None => return,
                }
            }
            match [", and ", ", ", " and "]
                .iter()
                .find_map(|sep| rest.strip_prefix(sep))
            {
                Some(next) => rest = next,
                None => return,
            }
        }
    }

    /// Every citation in `text`, one surface, with `what` naming it in a problem.
    fn check(&self, what: &str, text: &str, problems: &mut Vec<String>) {
        let mut found = Vec::new();
        let chars: Vec<(usize, char)> = text.char_indices().collect();
        for &(i, _) in &chars {
            let before = text[..i].chars().next_back();
            if before.is_some_and(char::is_alphanumeric) {
                continue;
            }
            let here = &text[i..];
            // "Table – X": X must be one of the book's tables.
            for prefix in ["Table – ", "Table - "] {
                if let Some(name) = here.strip_prefix(prefix)
                    && name.chars().next().is_some_and(char::is_uppercase)
                    && longest_prefix(name, self.tables.iter())
                        .is_none_or(|t| title_goes_on(&name[t.len()..]))
                {
                    found.push(format!(
                        "\"{prefix}{}\" is no table of the book",
                        name.chars().take(40).collect::<String>()
                    ));
                }
            }
            // "the X table": X must be one of the book's tables.
            for article in ["the ", "its "] {
                if let Some(name) = here.strip_prefix(article)
                    && name.chars().next().is_some_and(char::is_uppercase)
                    && let Some(end) = name.find(" table")
                    && title_like(&name[..end])
                    && !all_names(&name[..end], &self.tables)
                {
                    found.push(format!("\"{}\" is no table of the book", &name[..end]));
                }
            }
            // "C: S", C a heading of the book: S must be a heading after it.
            if let Some(c) = longest_prefix(here, self.headings.iter().map(|(t, _, _)| t))
                && (c.contains(' ') || self.chapters.contains(c))
                && let Some(s) = here[c.len()..].strip_prefix(": ")
            {
                self.sections_after(c, s, &mut found);
            }
        }
        problems.extend(found.into_iter().map(|p| format!("{what}: {p}")));
    }

    /// `*Book:*` items of docs/RULES.md and `the book's "X"` quotes: each must start with a
    /// heading of the book (so a chapter the book does not have is found too).
    fn check_named(&self, what: &str, text: &str, problems: &mut Vec<String>) {
        let mut items: Vec<&str> = Vec::new();
        for part in text.split("*Book:* ").skip(1) {
            let part = part.split("*lairsmith").next().unwrap();
            let part = part.split(". ").next().unwrap();
            items.extend(part.split("; "));
        }
        // A quoted title is a citation; a quoted sentence is the book's words.
        for part in text.split("book's \"").skip(1) {
            let quoted = part.split('"').next().unwrap();
            if title_like(quoted) {
                items.push(quoted);
            }
        }
        for item in items {
            let item = item.trim();
            if !item.chars().next().is_some_and(char::is_uppercase) {
                continue;
            }
            let names = self.headings.iter().map(|(t, _, _)| t).chain(&self.tables);
            if longest_prefix(item, names).is_none() {
                problems.push(format!(
                    "{what}: \"{}\" starts with no heading of the book",
                    item.chars().take(50).collect::<String>()
                ));
            }
        }
    }
}

/// A file as one line of prose: comment markers and line breaks become spaces, so a citation
/// wrapped over two lines reads whole.
fn as_prose(text: &str) -> String {
    text.lines()
        .map(|l| {
            let l = l.trim_start();
            l.strip_prefix("//!")
                .or_else(|| l.strip_prefix("///"))
                .or_else(|| l.strip_prefix("//"))
                .unwrap_or(l)
                .trim()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_citation_scanner_finds_sections_and_tables_the_book_does_not_have() {
    let c = Citations::new();
    let mut p = Vec::new();
    c.check(
        "t",
        "as the book's \"Creating New Monsters: Elite and Boss\" asks",
        &mut p,
    );
    assert_eq!(p.len(), 1, "{p:?}");
    p.clear();
    c.check_named(
        "t",
        "*Book:* Playing the Game: Levels, Tiers and Bonuses, the Levels and Their Benefits table.",
        &mut p,
    );
    assert_eq!(p.len(), 1, "{p:?}");
    p.clear();
    c.check(
        "t",
        "(Creating New Monsters: Powers; Healing: Recoveries and Staggered; Table – Monster XP by Rank; the Monster Chart table)",
        &mut p,
    );
    assert_eq!(p.len(), 2, "{p:?}");
    p.clear();
    c.check(
        "t",
        "*Book:* Levels, Tiers and Bonuses (levels run from 1 to 30); Monster Statistics: Rank (Mooks, Elites, Bosses), Level; Table – Treasure per Player per 10 Encounters ÷ 10; the Experience Point Awards table; Magic Item Rules: Distributing Magic Items, options 1 to 4",
        &mut p,
    );
    c.check_named(
        "t",
        "*Book:* Skills: Extended Challenges; 3rd Edition System: Experience Point Awards.",
        &mut p,
    );
    assert!(p.is_empty(), "{p:?}");
}

#[test]
fn every_section_or_table_a_user_is_pointed_to_is_a_heading_of_the_book() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let c = Citations::new();
    let mut problems = Vec::new();
    for (doc, text) in crate::docs::documents() {
        let doc = doc.as_str();
        let text = as_prose(&text);
        c.check(doc, &text, &mut problems);
        c.check_named(doc, &text, &mut problems);
    }
    // The source holds every message, help text, sheet and label a user reads.
    let mut files = Vec::new();
    crate::common::files_under(&root.join("src"), "rs", &mut files);
    crate::common::files_under(&root.join("lairsmith-core/src"), "rs", &mut files);
    assert!(files.len() > 100, "{}", files.len());
    for f in &files {
        let text = as_prose(&std::fs::read_to_string(f).unwrap());
        let what = f.strip_prefix(root).unwrap().display().to_string();
        c.check(&what, &text, &mut problems);
        c.check_named(&what, &text, &mut problems);
    }
    for (path, text) in lairsmith_core::embedded::BESTIARY_FILES
        .iter()
        .chain(lairsmith_core::embedded::TEMPLATE_FILES)
        .chain(lairsmith_core::embedded::MONSTER_TEMPLATE_FILES)
    {
        c.check(path, &as_prose(text), &mut problems);
    }
    problems.sort();
    problems.dedup();
    assert!(
        problems.is_empty(),
        "a user is pointed to a section or table the book does not have (the book's headings are in tests/data/book-headings.txt):\n{}",
        problems.join("\n")
    );
}

/// Issue "the table sheet's challenge card": a box for each success the challenge needs and
/// each failure it allows (it printed six and three whatever the challenge), and its name on a
/// line of its own (it ran into "4 successes before 3 failures").
#[test]
fn the_table_sheets_challenge_card_has_a_box_for_each_success_and_failure() {
    let d = Data::new();
    ok(&d.run(&["encounter", "new", "Pyre", "--party", "4x5"]));
    ok(&d.run(&["encounter", "add", "pyre", "hedgemaw"]));
    for (successes, name) in [(4, "Douse the Signal Pyre"), (8, "Outrun the Flood")] {
        ok(&d.run(&[
            "encounter",
            "add",
            "pyre",
            &format!("challenge:5:{successes}"),
            "--name",
            name,
        ]));
    }
    let html = stdout(&d.run(&[
        "encounter",
        "export",
        "pyre",
        "--format",
        "html",
        "--for",
        "table",
    ]));
    for (name, successes, failures) in [("Douse the Signal Pyre", 4, 3), ("Outrun the Flood", 8, 3)]
    {
        let card = format!(
            "<div class=\"creature challenge\"><div class=\"head\">{name}</div><div class=\"numbers\">{successes} successes before {failures} failures</div><div class=\"boxes\">Successes {} · Failures {}</div></div>",
            "☐".repeat(successes),
            "☐".repeat(failures)
        );
        assert!(html.contains(&card), "{card}\n{html}");
    }
}
