//! The arithmetic of a rating in words, term by term, each naming the book's lines or the
//! ruling it rests on and saying when the rule is lairsmith's own reading. Made from a
//! [`Rating`] (and the encounter and party it rated) by each system's own file.

pub(crate) mod d20e3;
pub(crate) mod orcus;

use crate::encounter::file::{Encounter, System};
use crate::encounter::party::Party;
use crate::encounter::rating::Rating;
use crate::text::group_thousands;
use serde::Serialize;

/// One term of the explanation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Term {
    /// The term in words with its numbers: "Budget = 150 + 150 + 150 + 150 = 600 XP".
    pub text: String,
    /// Book lines or the ruling it rests on.
    pub source: String,
    /// True when the rule is the project's own reading, not the book's.
    pub ours: bool,
}

/// The terms of `rating`'s arithmetic, by the encounter's system.
pub(crate) fn explain(encounter: &Encounter, party: &Party, rating: &Rating) -> Vec<Term> {
    match encounter.system {
        System::Orcus => orcus::explain(party, rating),
        System::D20e3 => d20e3::explain(encounter, party, rating),
    }
}

/// 14.4 -> "14.4"; 136.0 -> "136".
pub fn fmt_gp(v: f64) -> String {
    if v.fract() == 0.0 {
        group_thousands(v as i64)
    } else {
        format!("{v:.1}")
    }
}
