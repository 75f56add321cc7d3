//! Encounter difficulty (RULINGS E1-E5). The budget is the book's; the difficulty bands are
//! **the project's own** (E3, after Masterplan's 4e model) and are labelled so wherever shown.

use crate::rules::level::Level;
use crate::rules::tables::MONSTER_XP;

/// E1: party size when none is given (L1684: "a party of four adventurers").
pub const DEFAULT_PARTY_SIZE: usize = 4;

/// E3: a single monster more than this many levels above the highest character is flagged.
pub(crate) const MAX_LEVELS_ABOVE_PARTY: i32 = 4;

crate::vocabulary! {
    /// E3 **\[ours\]**: a difficulty band, easiest first. Written and printed in lower case, as
    /// the ruling names them.
    pub enum Difficulty ("difficulty") {
        Trivial = ("trivial", "trivial"),
        Easy = ("easy", "easy"),
        Standard = ("standard", "standard"),
        Hard = ("hard", "hard"),
        Deadly = ("deadly", "deadly"),
    }
}

impl Difficulty {
    /// The band's offsets.
    pub(crate) fn band(self) -> &'static Band {
        &BANDS[self as usize]
    }
}

/// One difficulty band: offsets (encounter level - party level) it covers, inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Band {
    /// The difficulty the band stands for.
    pub difficulty: Difficulty,
    /// The band's word (`difficulty`'s key), for display.
    pub name: &'static str,
    /// The lowest offset in the band; `None` for the lowest band, which has no floor.
    pub min_offset: Option<i32>,
    /// The highest offset in the band; `None` for the highest band, which has no ceiling.
    pub max_offset: Option<i32>,
}

/// E3 **\[ours\]**: the bands, as data, in [`Difficulty`]'s order.
pub const BANDS: [Band; 5] = [
    Band {
        difficulty: Difficulty::Trivial,
        name: "trivial",
        min_offset: None,
        max_offset: Some(-3),
    },
    Band {
        difficulty: Difficulty::Easy,
        name: "easy",
        min_offset: Some(-2),
        max_offset: Some(-1),
    },
    Band {
        difficulty: Difficulty::Standard,
        name: "standard",
        min_offset: Some(0),
        max_offset: Some(1),
    },
    Band {
        difficulty: Difficulty::Hard,
        name: "hard",
        min_offset: Some(2),
        max_offset: Some(4),
    },
    Band {
        difficulty: Difficulty::Deadly,
        name: "deadly",
        min_offset: Some(5),
        max_offset: None,
    },
];

/// "an easy encounter", "a hard encounter": the band with its article.
pub fn an_encounter(band: impl std::fmt::Display) -> String {
    let band = band.to_string();
    format!("{} {band} encounter", crate::text::article(&band))
}

/// The band an offset falls in.
pub fn band_for_offset(offset: i32) -> &'static Band {
    BANDS
        .iter()
        .find(|b| {
            b.min_offset.is_none_or(|m| offset >= m) && b.max_offset.is_none_or(|m| offset <= m)
        })
        .expect("the bands cover every offset")
}

/// E3: standard XP at any level. Inside 1-30 it is the table (R6); outside, the table's own
/// pattern, [100, 125, 150, 175][(L - 1) mod 4] × 2^⌊(L - 1) / 4⌋ (which the tests check
/// reproduces every row of the table).
pub(crate) fn standard_xp_at(level: i32) -> f64 {
    if let Ok(l) = Level::new(i64::from(level)) {
        return f64::from(MONSTER_XP[l.index()].standard);
    }
    standard_xp_pattern(level)
}

/// The pattern alone, for any integer level.
pub(crate) fn standard_xp_pattern(level: i32) -> f64 {
    const BASE: [f64; 4] = [100.0, 125.0, 150.0, 175.0];
    let i = (level - 1).rem_euclid(4) as usize;
    let doublings = (level - 1).div_euclid(4);
    BASE[i] * 2f64.powi(doublings)
}

/// The levels searched for a closest match: far beyond any sensible encounter.
const SEARCH_LEVELS: std::ops::RangeInclusive<i32> = -40..=80;

/// E3: the level whose standard XP is closest to `xp_per_character`; a tie goes to the lower.
pub fn level_for_xp(xp_per_character: f64) -> i32 {
    let mut best = (f64::INFINITY, 0);
    for l in SEARCH_LEVELS {
        let d = (standard_xp_at(l) - xp_per_character).abs();
        if d < best.0 {
            best = (d, l);
        }
    }
    best.1
}

/// The XP per character above which [`level_for_xp`] moves from `level` to `level + 1`
/// (the midpoint; exactly at it the lower level wins).
pub(crate) fn upper_boundary(level: i32) -> f64 {
    (standard_xp_at(level) + standard_xp_at(level + 1)) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e3_pattern_reproduces_every_table_row() {
        for l in Level::all() {
            assert_eq!(
                standard_xp_pattern(i32::from(l.get())),
                f64::from(MONSTER_XP[l.index()].standard),
                "level {l}"
            );
        }
        assert_eq!(standard_xp_at(31), 19_200.0);
        assert_eq!(standard_xp_at(0), 87.5);
    }

    #[test]
    fn e3_closest_level_ties_go_low() {
        assert_eq!(level_for_xp(150.0), 3);
        // 137.5 is exactly between level 2 (125) and level 3 (150).
        assert_eq!(level_for_xp(137.5), 2);
        assert_eq!(level_for_xp(137.6), 3);
        assert_eq!(level_for_xp(40_000.0), 35);
    }

    #[test]
    fn bands_follow_the_difficulty_order_and_words() {
        use crate::vocab::Vocabulary;
        for (band, d) in BANDS.iter().zip(Difficulty::ALL) {
            assert_eq!((band.difficulty, band.name), (*d, d.key()));
            assert_eq!(d.band(), band);
        }
        assert_eq!(BANDS.len(), Difficulty::ALL.len());
    }

    #[test]
    fn e3_bands_by_offset() {
        let name = |o| band_for_offset(o).name;
        assert_eq!(
            [
                name(-9),
                name(-3),
                name(-2),
                name(-1),
                name(0),
                name(1),
                name(2),
                name(4),
                name(5),
                name(12)
            ],
            [
                "trivial", "trivial", "easy", "easy", "standard", "standard", "hard", "hard",
                "deadly", "deadly"
            ]
        );
    }
}
