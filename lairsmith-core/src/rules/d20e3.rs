//! A second system: encounter budgets for d20 3rd-edition games, from the Experience Point
//! Awards table of the 3rd-edition compilation (seed 002), its character CRs and circumstance
//! adjustments, read as RULINGS D1-D7 decide. D2's fractional CRs, D3, D4 and D6 are
//! **lairsmith's own readings** and are labelled so wherever a user sees them.

use crate::rules::difficulty::Difficulty;
use std::fmt;
use std::str::FromStr;

/// The lowest and highest character level the award table has rows for (D1).
pub(crate) const MIN_LEVEL: u8 = 1;
/// The highest character level the award table has rows for (D1).
pub(crate) const MAX_LEVEL: u8 = 20;
/// The highest challenge rating the table has columns for.
pub const MAX_CR: u8 = 20;

/// One cell of the award table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// XP for the whole party for one foe of this CR.
    Xp(u32),
    /// `*`: a foe 8 or more CRs below the party is too weak to earn XP (D2).
    TooWeak,
    /// `**`: a foe 8 or more CRs above the party has no value in the book (D2): an encounter
    /// with one cannot be rated.
    NoValue,
}

use Cell::{NoValue as N, TooWeak as W, Xp as X};

/// The Experience Point Awards table, copied once: rows are party levels 1-3 (one row), 4, 5,
/// ... 20; columns CR 1 to 20.
#[rustfmt::skip]
pub(crate) const AWARDS: [[Cell; 20]; 18] = [
    [X(300), X(600), X(900), X(1350), X(1800), X(2700), X(3600), X(5400), X(7200), X(10800), N, N, N, N, N, N, N, N, N, N],
    [X(300), X(600), X(800), X(1200), X(1600), X(2400), X(3200), X(4800), X(6400), X(9600), X(12800), N, N, N, N, N, N, N, N, N],
    [X(300), X(500), X(750), X(1000), X(1500), X(2250), X(3000), X(4500), X(6000), X(9000), X(12000), X(18000), N, N, N, N, N, N, N, N],
    [X(300), X(450), X(600), X(900), X(1200), X(1800), X(2700), X(3600), X(5400), X(7200), X(10800), X(14400), X(21600), N, N, N, N, N, N, N],
    [X(263), X(394), X(525), X(700), X(1050), X(1400), X(2100), X(3150), X(4200), X(6300), X(8400), X(12600), X(16800), X(25200), N, N, N, N, N, N],
    [X(200), X(300), X(450), X(600), X(800), X(1200), X(1600), X(2400), X(3600), X(4800), X(7200), X(9600), X(14400), X(19200), X(28800), N, N, N, N, N],
    [W, X(225), X(338), X(506), X(675), X(900), X(1350), X(1800), X(2700), X(4050), X(5400), X(8100), X(10800), X(16200), X(21600), X(32400), N, N, N, N],
    [W, W, X(250), X(375), X(563), X(750), X(1000), X(1500), X(2000), X(3000), X(4500), X(6000), X(9000), X(12000), X(18000), X(24000), X(36000), N, N, N],
    [W, W, W, X(275), X(413), X(619), X(825), X(1100), X(1650), X(2200), X(3300), X(4950), X(6600), X(9900), X(13200), X(19800), X(26400), X(39600), N, N],
    [W, W, W, W, X(300), X(450), X(675), X(900), X(1200), X(1800), X(2400), X(3600), X(5400), X(7200), X(10800), X(14400), X(21600), X(28800), X(43200), N],
    [W, W, W, W, W, X(325), X(488), X(731), X(975), X(1300), X(1950), X(2600), X(3900), X(5850), X(7800), X(11700), X(15600), X(23400), X(31200), X(46800)],
    [W, W, W, W, W, W, X(350), X(525), X(788), X(1050), X(1400), X(2100), X(2800), X(4200), X(6300), X(8400), X(12600), X(16800), X(25200), X(33600)],
    [W, W, W, W, W, W, W, X(375), X(563), X(844), X(1125), X(1500), X(2250), X(3000), X(4500), X(6750), X(9000), X(13500), X(18000), X(27000)],
    [W, W, W, W, W, W, W, W, X(400), X(600), X(900), X(1200), X(1600), X(2400), X(3200), X(4800), X(7200), X(9600), X(14400), X(19200)],
    [W, W, W, W, W, W, W, W, W, X(425), X(638), X(956), X(1275), X(1700), X(2550), X(3400), X(5100), X(7650), X(10200), X(15300)],
    [W, W, W, W, W, W, W, W, W, W, X(450), X(675), X(1013), X(1350), X(1800), X(2700), X(3600), X(5400), X(8100), X(10800)],
    [W, W, W, W, W, W, W, W, W, W, W, X(475), X(716), X(1069), X(1425), X(1900), X(2850), X(3800), X(5700), X(8550)],
    [W, W, W, W, W, W, W, W, W, W, W, W, X(500), X(750), X(1000), X(1500), X(2000), X(3000), X(4000), X(6000)],
];

/// Why a level, a challenge rating or a party does not fit the 3rd-edition award table (D1, D2,
/// D7); each message is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum D20e3Error {
    /// A party level outside the table's rows (D1).
    #[error(
        "level {level} is outside the 3rd-edition table's party levels, {MIN_LEVEL} to {MAX_LEVEL}"
    )]
    PartyLevelOutOfRange {
        /// The level given.
        level: i64,
    },
    /// A whole CR outside the table's columns.
    #[error("CR {given} is outside the table; {VALID_CRS}")]
    CrOutOfRange {
        /// The CR given.
        given: u8,
    },
    /// Text that is no challenge rating (`1/5`, `x`).
    #[error("`{given}` is not a challenge rating; {VALID_CRS}")]
    NotACr {
        /// The text as the file or user wrote it.
        given: String,
    },
    /// A class level (`what` names the field, e.g. `` `npc:` ``) outside 1 to 20 (D7).
    #[error(
        "{what} {level} is outside the class levels the Experience Point Awards table rates, {MIN_CLASS_LEVEL} to {MAX_CLASS_LEVEL}"
    )]
    ClassLevelOutOfRange {
        /// The field's key as the message quotes it: `` `npc:` ``, `` `character:` `` or
        /// `` `class_levels:` ``.
        what: &'static str,
        /// The class level given.
        level: u8,
    },
    /// A monster's CR plus its class levels passes the table's highest CR (D7).
    #[error("CR {cr} with {levels} class levels is CR {}, past the Experience Point Awards table's CR {MAX_CR} (monsters with classes are CR + class level)", u16::from(*.cr) + u16::from(*.levels))]
    PastTable {
        /// The monster's own CR.
        cr: u8,
        /// Its class levels.
        levels: u8,
    },
    /// A fractional CR with class levels: the sum is no CR of the table (D7).
    #[error(
        "CR {cr} with {levels} class levels is not a CR of the Experience Point Awards table (monsters with classes are CR + class level, a whole CR); write the CR the creature counts as, e.g. `cr: {levels}`"
    )]
    FractionWithClassLevels {
        /// The monster's fractional CR.
        cr: Cr,
        /// Its class levels.
        levels: u8,
    },
    /// A party without characters has no level (D2).
    #[error("a party needs at least one character")]
    EmptyParty,
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<D20e3Error> for String {
    fn from(e: D20e3Error) -> String {
        e.to_string()
    }
}

const VALID_CRS: &str = "valid challenge ratings: 1 to 20, 1/2, 1/3, 1/4, 1/6, 1/8";

/// A party level the table has a row for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PartyLevel(u8);

impl PartyLevel {
    /// D1: character levels 1 to 20, the table's rows; anything else names the range.
    pub fn new(level: i64) -> Result<PartyLevel, D20e3Error> {
        u8::try_from(level)
            .ok()
            .filter(|l| (MIN_LEVEL..=MAX_LEVEL).contains(l))
            .map(PartyLevel)
            .ok_or(D20e3Error::PartyLevelOutOfRange { level })
    }

    /// The party level, 1 to 20.
    pub fn get(self) -> u8 {
        self.0
    }

    /// The table's row: levels 1 to 3 share the first.
    fn row(self) -> usize {
        usize::from(self.0.max(3) - 3)
    }
}

impl fmt::Display for PartyLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The table's name for a row, as the seed prints it ("1-3", "4", ...).
pub(crate) fn row_name(level: PartyLevel) -> String {
    if level.0 <= 3 {
        "1-3".to_owned()
    } else {
        level.0.to_string()
    }
}

/// A challenge rating: 1 to 20, or one of the fractions 1/2, 1/3, 1/4, 1/6, 1/8 (D1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cr {
    /// 1/n of CR 1.
    Fraction(u8),
    /// CR `n`, 1 to [`MAX_CR`].
    Whole(u8),
}

/// D1: the fractional CRs a group may have, by denominator.
pub(crate) const FRACTIONS: [u8; 5] = [2, 3, 4, 6, 8];

impl Cr {
    /// CR `n`, or [`D20e3Error::CrOutOfRange`] outside 1 to [`MAX_CR`].
    pub fn whole(n: u8) -> Result<Cr, D20e3Error> {
        if (1..=MAX_CR).contains(&n) {
            Ok(Cr::Whole(n))
        } else {
            Err(D20e3Error::CrOutOfRange { given: n })
        }
    }

    /// Where a CR sits among the others, for sorting and comparing (1/8 lowest).
    pub fn value(self) -> f64 {
        match self {
            Cr::Fraction(d) => 1.0 / f64::from(d),
            Cr::Whole(n) => f64::from(n),
        }
    }
}

impl FromStr for Cr {
    type Err = D20e3Error;
    fn from_str(s: &str) -> Result<Cr, D20e3Error> {
        let not_a_cr = || D20e3Error::NotACr {
            given: s.to_owned(),
        };
        let t = s.trim();
        let t = t
            .strip_prefix("CR")
            .or_else(|| t.strip_prefix("cr"))
            .unwrap_or(t)
            .trim();
        if let Some(d) = t.strip_prefix("1/") {
            return match d.trim().parse::<u8>() {
                Ok(d) if FRACTIONS.contains(&d) => Ok(Cr::Fraction(d)),
                _ => Err(not_a_cr()),
            };
        }
        match t.parse::<u8>() {
            Ok(n) => Cr::whole(n).map_err(|_| not_a_cr()),
            Err(_) => Err(not_a_cr()),
        }
    }
}

impl fmt::Display for Cr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cr::Fraction(d) => write!(f, "1/{d}"),
            Cr::Whole(n) => write!(f, "{n}"),
        }
    }
}

/// D7, in the compilation's words (the line after the Experience Point Awards table).
pub const CHARACTER_CRS: &str = "Character CR are = Class Level.  NPC Classes count as one level lower than PC Classes.  Monsters with classes are CR + Class level.";
/// D7: the class levels a character or NPC foe may have: the table's 1 to 20.
pub(crate) const MIN_CLASS_LEVEL: u8 = 1;
/// D7: the highest class level a character or NPC foe may have.
pub(crate) const MAX_CLASS_LEVEL: u8 = 20;
/// D7: "NPC Classes count as one level lower than PC Classes".
pub const NPC_LEVELS_LOWER: u8 = 1;
/// D7 **\[ours\]**: an NPC of class level 1 is CR 1/2, the table having no CR 0.
pub const NPC_LEVEL_1_CR: Cr = Cr::Fraction(2);

/// D7: a character of class level `level` is CR `level` ("Character CR are = Class Level").
pub(crate) fn character_cr(level: u8) -> Result<Cr, D20e3Error> {
    check_class_level("`character:`", level)?;
    Ok(Cr::Whole(level))
}

/// D7: an NPC-class character of class level `level` is one CR lower; at level 1 CR 1/2
/// **\[ours\]**.
pub(crate) fn npc_cr(level: u8) -> Result<Cr, D20e3Error> {
    check_class_level("`npc:`", level)?;
    Ok(match level - NPC_LEVELS_LOWER {
        0 => NPC_LEVEL_1_CR,
        n => Cr::Whole(n),
    })
}

/// D7: a monster of CR `cr` with `levels` class levels is CR `cr` + `levels`
/// ("Monsters with classes are CR + Class level"): a whole CR within the table, 1 to 20.
pub(crate) fn with_class_levels(cr: Cr, levels: u8) -> Result<Cr, D20e3Error> {
    check_class_level("`class_levels:`", levels)?;
    match cr {
        Cr::Whole(c) if u16::from(c) + u16::from(levels) <= u16::from(MAX_CR) => {
            Ok(Cr::Whole(c + levels))
        }
        Cr::Whole(c) => Err(D20e3Error::PastTable { cr: c, levels }),
        Cr::Fraction(_) => Err(D20e3Error::FractionWithClassLevels { cr, levels }),
    }
}

fn check_class_level(what: &'static str, level: u8) -> Result<(), D20e3Error> {
    if (MIN_CLASS_LEVEL..=MAX_CLASS_LEVEL).contains(&level) {
        Ok(())
    } else {
        Err(D20e3Error::ClassLevelOutOfRange { what, level })
    }
}

/// The table's cell for a whole CR at a party level.
pub fn cell(level: PartyLevel, cr: u8) -> Cell {
    AWARDS[level.row()][usize::from(cr.clamp(1, MAX_CR) - 1)]
}

/// What one foe is worth to the whole party (D2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Worth {
    /// The foe's XP for the whole party, before it is shared among the characters.
    Xp(u64),
    /// `*`: too weak to earn XP; worth 0.
    TooWeak,
    /// `**`: the book gives no value; the encounter cannot be rated.
    NoValue,
}

/// D2: one foe's XP for the party: its cell, or for a fractional CR that fraction of the CR 1
/// cell, rounded down **\[ours\]**.
pub fn worth(level: PartyLevel, cr: Cr) -> Worth {
    let (cr1, divisor) = match cr {
        Cr::Whole(n) => (cell(level, n), 1),
        Cr::Fraction(d) => (cell(level, 1), u64::from(d)),
    };
    match cr1 {
        Cell::Xp(x) => Worth::Xp(u64::from(x) / divisor),
        Cell::TooWeak => Worth::TooWeak,
        Cell::NoValue => Worth::NoValue,
    }
}

/// D2 **\[ours\]**: the party level is the average of the characters' levels, rounded to the
/// nearest, a half rounding down.
pub fn party_level(levels: &[u8]) -> Result<PartyLevel, D20e3Error> {
    if levels.is_empty() {
        return Err(D20e3Error::EmptyParty);
    }
    for l in levels {
        PartyLevel::new(i64::from(*l))?;
    }
    let sum: u32 = levels.iter().map(|l| u32::from(*l)).sum();
    let n = levels.len() as u32;
    // Nearest, with exactly one half going down: (2·sum + n - 1) / (2·n), in integers.
    let avg = (2 * sum + n - 1) / (2 * n);
    PartyLevel::new(i64::from(avg))
}

/// D3 **\[ours\]**: the budget is the cell on the table's diagonal: one foe whose CR is the party
/// level.
pub fn budget(level: PartyLevel) -> u64 {
    match cell(level, level.0) {
        Cell::Xp(x) => u64::from(x),
        // The diagonal is numeric on every row; a `*` or `**` there would be a copying error,
        // which the sweep test catches.
        _ => 0,
    }
}

/// D4 **\[ours\]**: the encounter level is the CR whose single-foe cell at the party level is
/// nearest the encounter's XP (before any circumstance), a tie going to the lower CR. Only
/// numeric cells count, so it never passes 20 nor a `**` cell.
pub fn encounter_level(level: PartyLevel, xp: u64) -> Option<u8> {
    let mut best: Option<(u64, u8)> = None;
    for cr in 1..=MAX_CR {
        if let Cell::Xp(x) = cell(level, cr) {
            let d = u64::from(x).abs_diff(xp);
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, cr));
            }
        }
    }
    best.map(|(_, cr)| cr)
}

crate::vocabulary! {
    /// D5: the compilation's circumstance adjustments, per encounter.
    pub enum Circumstance ("circumstance") {
        Half = ("half", "Half as difficult"),
        Less = ("less", "Significantly less difficult"),
        More = ("more", "Significantly more difficult"),
        Twice = ("twice", "Twice as difficult"),
    }
}

impl Circumstance {
    /// The XP multiplier as a fraction (numerator, denominator).
    pub(crate) fn xp_factor(self) -> (u64, u64) {
        match self {
            Circumstance::Half => (1, 2),
            Circumstance::Less => (2, 3),
            Circumstance::More => (3, 2),
            Circumstance::Twice => (2, 1),
        }
    }

    /// What it adds to the encounter level.
    pub fn el_adjustment(self) -> i32 {
        match self {
            Circumstance::Half => -2,
            Circumstance::Less => -1,
            Circumstance::More => 1,
            Circumstance::Twice => 2,
        }
    }

    /// D5: the XP after the circumstance, rounded down.
    pub fn apply(self, xp: u64) -> u64 {
        let (n, d) = self.xp_factor();
        xp.saturating_mul(n) / d
    }
}

/// D5: the encounter level after the circumstance: D4's level (never past [`MAX_CR`]) plus the
/// circumstance's adjustment, which is not limited again, so a party of 20 against two CR 20
/// foes "twice as difficult" meets EL 22, and a party of 1 against two CR 1 foes "half as
/// difficult" EL 0.
pub(crate) fn adjusted_el(base: u8, circumstance: Option<Circumstance>) -> i32 {
    i32::from(base) + circumstance.map_or(0, Circumstance::el_adjustment)
}

/// One D6 band: the offsets (EL − party level) it covers, inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Band3e {
    /// The difficulty the band stands for.
    pub difficulty: Difficulty,
    /// The lowest offset (EL − party level) in the band; `None` for the lowest band, which has no
    /// floor.
    pub min_offset: Option<i32>,
    /// The highest offset in the band; `None` for the highest band, which has no ceiling.
    pub max_offset: Option<i32>,
}

/// D6 **\[ours\]**: the five bands of E3, by offset, after the 3rd-edition habit that an EL equal
/// to the party level is a challenge.
pub const BANDS: [Band3e; 5] = [
    Band3e {
        difficulty: Difficulty::Trivial,
        min_offset: None,
        max_offset: Some(-4),
    },
    Band3e {
        difficulty: Difficulty::Easy,
        min_offset: Some(-3),
        max_offset: Some(-1),
    },
    Band3e {
        difficulty: Difficulty::Standard,
        min_offset: Some(0),
        max_offset: Some(0),
    },
    Band3e {
        difficulty: Difficulty::Hard,
        min_offset: Some(1),
        max_offset: Some(4),
    },
    Band3e {
        difficulty: Difficulty::Deadly,
        min_offset: Some(5),
        max_offset: None,
    },
];

/// D6: the band of an offset.
pub fn band(offset: i32) -> Difficulty {
    BANDS
        .iter()
        .find(|b| {
            b.min_offset.is_none_or(|m| offset >= m) && b.max_offset.is_none_or(|m| offset <= m)
        })
        .map_or(Difficulty::Deadly, |b| b.difficulty)
}

/// The XP range (before circumstances) each encounter level covers at a party level, by D4's
/// nearest-cell rule: (EL, lowest XP, highest XP or none for the last).
pub(crate) fn el_ranges(level: PartyLevel) -> Vec<(u8, u64, Option<u64>)> {
    let cells: Vec<(u8, u64)> = (1..=MAX_CR)
        .filter_map(|cr| match cell(level, cr) {
            Cell::Xp(x) => Some((cr, u64::from(x))),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for (i, (cr, x)) in cells.iter().enumerate() {
        // A tie at the midpoint goes to the lower CR.
        let lo = if i == 0 {
            0
        } else {
            let prev = cells[i - 1].1;
            (prev + x) / 2 + 1
        };
        let hi = cells.get(i + 1).map(|(_, next)| (x + next) / 2);
        out.push((*cr, lo, hi));
    }
    out
}

/// Each band's XP range at a party level, before circumstances (for `budget`): the union of its
/// encounter levels' ranges. A band no encounter level reaches is left out.
pub fn band_ranges(level: PartyLevel) -> Vec<(Difficulty, u64, Option<u64>)> {
    let mut out: Vec<(Difficulty, u64, Option<u64>)> = Vec::new();
    for (el, lo, hi) in el_ranges(level) {
        let d = band(i32::from(el) - i32::from(level.get()));
        match out.last_mut() {
            Some((last, _, last_hi)) if *last == d => *last_hi = hi,
            _ => out.push((d, lo, hi)),
        }
    }
    out
}

/// A JSON Schema pattern of a challenge rating written as text, as [`Cr`]'s `from_str` reads it:
/// `5`, `CR 5`, `1/2`.
pub fn cr_pattern() -> String {
    use crate::vocab::pattern::{WS, trimmed, whole_number};
    let denominators: String = FRACTIONS.iter().map(u8::to_string).collect();
    trimmed(&format!(
        r"(?:CR|cr)?{WS}*(?:1/{WS}*\+?0*[{denominators}]|{})",
        whole_number(1, i64::from(MAX_CR))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diagonal_is_300_times_the_level_from_level_3() {
        for l in 3..=20 {
            let p = PartyLevel::new(l).unwrap();
            assert_eq!(budget(p), 300 * l as u64, "level {l}");
        }
    }

    #[test]
    fn crs_read_and_print() {
        for s in ["1", "20", "1/2", "1/3", "1/4", "1/6", "1/8", "CR 5"] {
            let cr: Cr = s.parse().unwrap();
            assert_eq!(cr.to_string(), s.trim_start_matches("CR "));
        }
        for bad in ["0", "21", "1/5", "2/3", "x", ""] {
            let e = bad.parse::<Cr>().unwrap_err();
            assert!(matches!(&e, D20e3Error::NotACr { given } if given == bad));
            assert!(
                e.to_string().contains("1 to 20, 1/2, 1/3, 1/4, 1/6, 1/8"),
                "{e}"
            );
        }
    }

    #[test]
    fn callers_can_tell_the_kinds_of_d20e3_error_apart() {
        assert_eq!(
            PartyLevel::new(21),
            Err(D20e3Error::PartyLevelOutOfRange { level: 21 })
        );
        assert_eq!(
            with_class_levels(Cr::Whole(19), 2),
            Err(D20e3Error::PastTable { cr: 19, levels: 2 })
        );
        assert!(matches!(
            npc_cr(0),
            Err(D20e3Error::ClassLevelOutOfRange {
                what: "`npc:`",
                level: 0
            })
        ));
        assert_eq!(party_level(&[]), Err(D20e3Error::EmptyParty));
        assert_eq!(
            with_class_levels(Cr::Whole(19), 2).unwrap_err().to_string(),
            "CR 19 with 2 class levels is CR 21, past the Experience Point Awards table's CR 20 (monsters with classes are CR + class level)"
        );
    }
}
