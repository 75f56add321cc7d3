//! The 3rd-edition award table against an independent reading of the seed's text
//! (`tests/data/d20-3e-extract.txt`, verbatim lines of seed 002), and each of RULINGS D1-D6 by
//! name.

use lairsmith_core::rules::d20e3::{
    self, Cell, Circumstance, Cr, PartyLevel, Worth, band, band_ranges, budget, cell,
    encounter_level, party_level, worth,
};
use lairsmith_core::rules::difficulty::Difficulty;

const EXTRACT: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/d20-3e-extract.txt"
));

/// The seed's table as its text says, read without the library: (row name, CR) → cell text.
fn seed_cells() -> Vec<(String, u8, String)> {
    let mut out = Vec::new();
    let mut first_cr = 0u8;
    for line in EXTRACT.lines().filter(|l| l.starts_with('L')) {
        let text = line.split_once('|').unwrap().1;
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.first() == Some(&"Level") {
            // "Level CR1 CR2 ..." or "Level CR11 ...": where this half of the table starts.
            first_cr = words[1].trim_start_matches("CR").parse().unwrap();
            continue;
        }
        let Some(row) = words.first() else { continue };
        let is_row = *row == "1-3" || row.parse::<u8>().is_ok_and(|n| (4..=20).contains(&n));
        if !is_row || words.len() != 11 {
            continue;
        }
        for (i, w) in words[1..].iter().enumerate() {
            out.push(((*row).to_owned(), first_cr + i as u8, (*w).to_owned()));
        }
    }
    out
}

#[test]
fn every_cell_of_the_award_table_matches_the_seed() {
    let cells = seed_cells();
    assert_eq!(cells.len(), 18 * 20, "the extract has 18 rows of 20 CRs");
    for (row, cr, text) in cells {
        let level = if row == "1-3" {
            1
        } else {
            row.parse().unwrap()
        };
        let expected = match text.as_str() {
            "*" => Cell::TooWeak,
            "**" => Cell::NoValue,
            n => Cell::Xp(n.parse().unwrap()),
        };
        for l in if row == "1-3" {
            vec![1, 2, 3]
        } else {
            vec![level]
        } {
            let p = PartyLevel::new(l).unwrap();
            assert_eq!(cell(p, cr), expected, "row {row}, CR {cr}");
        }
    }
}

#[test]
fn d1_levels_outside_1_to_20_and_unknown_crs_are_errors_naming_the_valid_values() {
    for bad in [0, 21, -3] {
        let e = PartyLevel::new(bad).unwrap_err().to_string();
        assert!(e.contains("1 to 20"), "{e}");
    }
    let e = "1/5".parse::<Cr>().unwrap_err().to_string();
    assert!(e.contains("1 to 20, 1/2, 1/3, 1/4, 1/6, 1/8"), "{e}");
    assert_eq!("1/8".parse::<Cr>().unwrap(), Cr::Fraction(8));
}

#[test]
fn d2_party_level_is_the_average_rounded_to_nearest_a_half_rounding_down() {
    let pl = |v: &[u8]| party_level(v).unwrap().get();
    assert_eq!(pl(&[5, 5, 5, 5]), 5);
    assert_eq!(pl(&[5, 6]), 5, "5.5 rounds down");
    assert_eq!(pl(&[5, 6, 6]), 6, "5.67 rounds to 6");
    assert_eq!(pl(&[4, 5, 5, 5]), 5, "4.75 rounds to 5");
    assert_eq!(pl(&[1, 2]), 1);
    assert!(party_level(&[]).is_err());
    assert!(party_level(&[5, 21]).is_err());
}

#[test]
fn d2_a_foe_is_worth_its_cell_and_a_fraction_that_fraction_of_cr_1() {
    let p5 = PartyLevel::new(5).unwrap();
    assert_eq!(worth(p5, Cr::Whole(5)), Worth::Xp(1500));
    assert_eq!(worth(p5, Cr::Fraction(2)), Worth::Xp(150));
    assert_eq!(worth(p5, Cr::Fraction(3)), Worth::Xp(100));
    let p7 = PartyLevel::new(7).unwrap();
    assert_eq!(
        worth(p7, Cr::Fraction(8)),
        Worth::Xp(32),
        "263 / 8 rounds down"
    );
    let p12 = PartyLevel::new(12).unwrap();
    assert_eq!(worth(p12, Cr::Whole(4)), Worth::TooWeak, "a * cell");
    assert_eq!(
        worth(p12, Cr::Fraction(2)),
        Worth::TooWeak,
        "a fraction of a * cell"
    );
    assert_eq!(worth(p5, Cr::Whole(13)), Worth::NoValue, "a ** cell");
    // Rows 1 to 3 share one row.
    for l in 1..=3 {
        assert_eq!(
            worth(PartyLevel::new(l).unwrap(), Cr::Whole(2)),
            Worth::Xp(600)
        );
    }
}

#[test]
fn d3_the_budget_is_the_diagonal_cell() {
    for l in 1..=20u8 {
        let p = PartyLevel::new(i64::from(l)).unwrap();
        assert_eq!(Cell::Xp(budget(p) as u32), cell(p, l), "level {l}");
    }
    assert_eq!(budget(PartyLevel::new(1).unwrap()), 300);
    assert_eq!(budget(PartyLevel::new(2).unwrap()), 600);
    assert_eq!(budget(PartyLevel::new(13).unwrap()), 3900);
}

#[test]
fn d4_the_encounter_level_is_the_nearest_cell_ties_lower_and_doubling_gives_plus_2() {
    let p = PartyLevel::new(6).unwrap();
    // Two CR 5 foes (2 × 1200 = 2400): 600 from CR 6's 1800 and 300 from CR 7's 2700, so EL 7,
    // the familiar "two foes of CR c are CR c + 2".
    assert_eq!(encounter_level(p, 2400), Some(7));
    // Exactly between CR 5 (1200) and CR 6 (1800): the tie goes to the lower CR.
    assert_eq!(encounter_level(p, 1500), Some(5));
    assert_eq!(encounter_level(p, 1501), Some(6));
    // Never past 20 and never a ** cell: at level 6 the highest numeric cell is CR 13.
    assert_eq!(encounter_level(p, 10_000_000), Some(13));
    // Four foes of one CR are CR + 4 where the table doubles every two CRs.
    let p12 = PartyLevel::new(12).unwrap();
    assert_eq!(encounter_level(p12, 4 * 1200), Some(13));
    // Only numeric cells: at level 20 the lowest is CR 13.
    assert_eq!(encounter_level(PartyLevel::new(20).unwrap(), 0), Some(13));
}

#[test]
fn d5_circumstances_scale_the_xp_rounded_down_and_move_the_el() {
    assert_eq!(Circumstance::Half.apply(1501), 750);
    assert_eq!(Circumstance::Less.apply(1000), 666);
    assert_eq!(Circumstance::More.apply(1001), 1501);
    assert_eq!(Circumstance::Twice.apply(700), 1400);
    let adj: Vec<i32> = [
        Circumstance::Half,
        Circumstance::Less,
        Circumstance::More,
        Circumstance::Twice,
    ]
    .iter()
    .map(|c| c.el_adjustment())
    .collect();
    assert_eq!(adj, vec![-2, -1, 1, 2]);
    // The words of the seed's table, and the file's.
    use lairsmith_core::vocab::Vocabulary;
    assert_eq!(Circumstance::parse("more").unwrap(), Circumstance::More);
    assert!(EXTRACT.contains("Significantly more difficult"));
}

#[test]
fn d6_bands_by_offset() {
    let expect = [
        (-9, Difficulty::Trivial),
        (-4, Difficulty::Trivial),
        (-3, Difficulty::Easy),
        (-1, Difficulty::Easy),
        (0, Difficulty::Standard),
        (1, Difficulty::Hard),
        (4, Difficulty::Hard),
        (5, Difficulty::Deadly),
        (12, Difficulty::Deadly),
    ];
    for (offset, d) in expect {
        assert_eq!(band(offset), d, "offset {offset}");
    }
    // The budget (one foe of the party's level) is standard at every level.
    for l in 1..=20u8 {
        let p = PartyLevel::new(i64::from(l)).unwrap();
        let el = encounter_level(p, budget(p)).unwrap();
        assert_eq!(
            band(i32::from(el) - i32::from(l)),
            Difficulty::Standard,
            "level {l}"
        );
    }
}

#[test]
fn band_ranges_cover_every_xp_once_in_band_order() {
    for l in 1..=20u8 {
        let p = PartyLevel::new(i64::from(l)).unwrap();
        let ranges = band_ranges(p);
        assert_eq!(ranges[0].1, 0, "level {l}: the first band starts at 0 XP");
        for w in ranges.windows(2) {
            assert_eq!(
                w[0].2.map(|h| h + 1),
                Some(w[1].1),
                "level {l}: no gap, no overlap"
            );
            assert!(w[0].0 < w[1].0, "level {l}: bands in order");
        }
        assert_eq!(
            ranges.last().unwrap().2,
            None,
            "level {l}: the last band is open"
        );
        // Every XP value's band agrees with its encounter level's.
        for (d, lo, hi) in &ranges {
            for xp in [*lo, hi.unwrap_or(lo + 100_000)] {
                let el = encounter_level(p, xp).unwrap();
                assert_eq!(band(i32::from(el) - i32::from(l)), *d, "level {l}, {xp} XP");
            }
        }
    }
    let _ = d20e3::MAX_CR;
}
