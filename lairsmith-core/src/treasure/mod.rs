//! Treasure (Orcus, "Distributing Magic Items"): the book's four ways to hand out treasure
//! (T1), its treasure troves (T2), and an encounter's average gold (E5). Pure domain: every
//! roll is seeded, and a [`Plan`] renders as text lines and serializes for YAML (its Markdown is
//! the export module's `sheet::treasure`).
//!
//! ```
//! use lairsmith_core::encounter::Party;
//! use lairsmith_core::treasure::{Method, plan};
//!
//! let party = Party::parse("4x3").unwrap();
//! let p = plan(Method::Steady, &party, 10, 7);
//! // E5: 272 gp per character per 10 encounters at level 3.
//! assert_eq!(p.characters[0].gold_gp.to_string(), "272");
//! assert_eq!(p, plan(Method::Steady, &party, 10, 7)); // the same seed, the same plan
//! ```

mod plan;
pub(crate) mod render;
mod trove;

pub use crate::rules::treasure_method::Method;
pub use plan::{
    CharacterTreasure, Grant, ITEMS_ONLY_PLUS, PermanentItem, Plan, Totals, for_encounter, plan,
};
pub use render::report_with;
pub(crate) use trove::unit_word;
pub use trove::{
    Coins, EnchantedKind, GEM_READING, ItemKind, Trove, TroveRolls, consumable_for, roll_trove,
    roll_troves, trove_level,
};

use crate::text::group_thousands;
use serde::{Serialize, Serializer};
use std::fmt;

/// "A platinum piece is worth one hundred gold pieces" ("Table – Exchange Rates"). Troves keep
/// their platinum; only a total converts it.
pub const GP_PER_PP: u64 = 100;

/// T3: the highest level of a magic item. Everything with a level runs 1-30 ("Levels, Tiers and
/// Bonuses") and the item tables stop at 30 (Table – Magic Item Prices, Table – Enchanted Item
/// Progression by Level), so an item whose level would pass it is a level-30 item
/// (lairsmith's own reading).
pub const MAX_ITEM_LEVEL: u32 = crate::rules::level::MAX_LEVEL as u32;

/// What a plan says when an item's level stopped at [`MAX_ITEM_LEVEL`] (T3).
pub(crate) const ITEM_LEVEL_READING: &str = "T3: items stop at level 30 (Levels, Tiers and Bonuses; the item tables end at 30): an item whose level would pass 30 is a level-30 item (lairsmith's own reading).";

/// The level of an item `above` levels over `level`, stopped at [`MAX_ITEM_LEVEL`] (T3), with
/// the level the book's arithmetic gives when it had to stop.
pub(crate) fn item_level(level: u32, above: u32) -> (u32, Option<u32>) {
    let wanted = level.saturating_add(above);
    if wanted > MAX_ITEM_LEVEL {
        (MAX_ITEM_LEVEL, Some(wanted))
    } else {
        (wanted, None)
    }
}

/// The most encounters (or troves) one plan rolls, so a typo cannot fill memory; the CLI
/// refuses more, and [`plan`] stops there with a note.
pub const MAX_ENCOUNTERS: u32 = 10_000;

/// A seed for one roll of treasure, from a base seed (an adventure's, or `--seed`) and what is
/// rolled for (an encounter's id and which of its plays): the same inputs give the same seed on
/// every machine, and moving an encounter within an adventure keeps its treasure. FNV-1a, then
/// splitmix64 so that nearby bases differ in every bit.
pub fn seed_for(base: u64, key: &str) -> u64 {
    crate::hash::splitmix64(&mut (base ^ crate::hash::fnv1a(key.as_bytes())))
}

/// An amount of gold kept in tenths of a gold piece: E5's ÷ 10 gives 14.4 gp at level 1, and a
/// sum of those must not drift as floating point would.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Hash)]
pub struct Gp {
    tenths: u64,
}

impl Gp {
    /// No gold.
    pub(crate) const ZERO: Gp = Gp { tenths: 0 };

    /// `gp` whole gold pieces.
    pub fn whole(gp: u64) -> Gp {
        Gp {
            tenths: gp.saturating_mul(10),
        }
    }

    /// `tenths` tenths of a gold piece.
    pub(crate) fn from_tenths(tenths: u64) -> Gp {
        Gp { tenths }
    }

    /// The amount in tenths of a gold piece.
    pub fn tenths(self) -> u64 {
        self.tenths
    }

    /// The amount in gold pieces, for display and for arithmetic that may round.
    pub(crate) fn as_f64(self) -> f64 {
        self.tenths as f64 / 10.0
    }

    /// The sum, stopping at the largest amount instead of wrapping.
    pub(crate) fn saturating_add(self, other: Gp) -> Gp {
        Gp {
            tenths: self.tenths.saturating_add(other.tenths),
        }
    }

    /// `n` times the amount, stopping at the largest amount instead of wrapping.
    pub(crate) fn saturating_mul(self, n: u64) -> Gp {
        Gp {
            tenths: self.tenths.saturating_mul(n),
        }
    }

    /// An even share among `n` (rounded down to a tenth); zero for nobody.
    pub fn share(self, n: usize) -> Gp {
        Gp {
            tenths: self.tenths.checked_div(n as u64).unwrap_or(0),
        }
    }
}

/// "1,305.6" or "272".
impl fmt::Display for Gp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&group_thousands(self.tenths / 10))?;
        match self.tenths % 10 {
            0 => Ok(()),
            d => write!(f, ".{d}"),
        }
    }
}

/// A whole number when whole, else one decimal: `272` or `14.4`.
impl Serialize for Gp {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.tenths.is_multiple_of(10) {
            s.serialize_u64(self.tenths / 10)
        } else {
            s.serialize_f64(self.as_f64())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::Vocabulary;

    #[test]
    fn gold_in_tenths_prints_and_sums_without_drift() {
        let e5 = Gp::from_tenths(144);
        assert_eq!(e5.to_string(), "14.4");
        assert_eq!(e5.saturating_mul(3).to_string(), "43.2");
        assert_eq!(Gp::whole(1_250_000).to_string(), "1,250,000");
        assert_eq!(Gp::whole(7).share(2).to_string(), "3.5");
        assert_eq!(Gp::whole(7).share(0), Gp::ZERO);
    }

    #[test]
    fn method_words_parse_with_the_books_headings_and_suggest_on_a_typo() {
        assert_eq!(Method::parse("Steady Progression"), Ok(Method::Steady));
        assert_eq!(Method::parse("items_only"), Ok(Method::ItemsOnly));
        assert_eq!(Method::parse("Treasure Troves"), Ok(Method::Troves));
        let e = Method::parse("trovs").unwrap_err().to_string();
        assert!(e.contains("did you mean `troves`"), "{e}");
        assert!(e.contains("steady, items-only, troves, narrative"), "{e}");
    }
}
