//! The report of an encounter for a party: its [`Rating`] (the numbers, per system, in
//! [`crate::encounter::rating`]) with the arithmetic in words
//! (`encounter::explanation`), a chosen treasure method's figures, and the summary the
//! sheets and the terminal print.

pub use crate::encounter::explanation::{Term, fmt_gp};
pub use crate::encounter::rating::{BandRange, Budget, ChallengeLine, RosterLine, SkillDc};

use crate::bestiary::Bestiary;
use crate::encounter::explanation::explain;
use crate::encounter::file::Encounter;
use crate::encounter::party::Party;
use crate::encounter::rating::{Rating, rate};
use crate::rules::difficulty::Difficulty;
use crate::text::group_thousands;
use serde::Serialize;

/// The full report for an encounter.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// The encounter's XP (E2, with A2's challenges; after a 3rd-edition circumstance).
    pub xp: u64,
    /// The party's budget (E1; D3 in 3rd edition).
    pub budget: u64,
    /// Encounter XP ÷ budget.
    pub ratio: f64,
    /// The party level (E3; D2 in 3rd edition).
    pub party_level: i32,
    /// The encounter level (E3; D4 and D5 in 3rd edition); `None` when the encounter cannot be
    /// rated.
    pub encounter_level: Option<i32>,
    /// The band, written as its word; `None` when the encounter cannot be rated.
    pub band: Option<Difficulty>,
    /// Each character's share of the XP, rounded down (E4, D2).
    pub xp_per_character: u64,
    /// E5: the book's average gold per character for one encounter, when no treasure method is
    /// chosen; `None` under a method, whose own figures replace it
    /// (`Plan::set_in_report`, in the treasure module, which builds on this one).
    pub treasure_per_character_gp: Option<f64>,
    /// T1: the treasure method chosen for this encounter (its key), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub treasure_method: Option<String>,
    /// T1: what the chosen method gives for this encounter, in words, for the summary.
    #[serde(skip)]
    pub treasure_text: Option<String>,
    /// Sentences that flag the encounter, those starting "cannot be rated: " saying why there is no
    /// band.
    pub warnings: Vec<String>,
    /// How many characters the party has.
    #[serde(skip)]
    pub party_size: usize,
    /// Each group resolved, in the encounter's order.
    #[serde(skip)]
    pub roster: Vec<RosterLine>,
    /// The arithmetic of the rating in words, term by term (`--explain`).
    #[serde(skip)]
    pub explanation: Vec<Term>,
    /// Each band as a range of encounter XP for the party, from trivial to deadly.
    #[serde(skip)]
    pub bands: Vec<BandRange>,
    /// A2: the extended challenges, as their roster lines rate them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub challenges: Vec<ChallengeLine>,
}

/// The report for `encounter` against `party`, resolving monsters in `bestiary`.
pub fn report(encounter: &Encounter, party: &Party, bestiary: &Bestiary) -> Report {
    let rating = rate(encounter, party, bestiary);
    let explanation = explain(encounter, party, &rating);
    Report::new(rating, explanation)
}

impl Report {
    /// A report of `rating` with its arithmetic in words.
    pub fn new(rating: Rating, explanation: Vec<Term>) -> Report {
        Report {
            xp: rating.xp,
            budget: rating.budget,
            ratio: rating.ratio,
            party_level: rating.party_level,
            encounter_level: rating.encounter_level,
            band: rating.difficulty,
            xp_per_character: rating.xp_per_character,
            treasure_per_character_gp: rating.treasure_per_character_gp,
            treasure_method: None,
            treasure_text: None,
            warnings: rating.warnings,
            party_size: rating.party_size,
            roster: rating.roster,
            explanation,
            bands: rating.bands,
            challenges: rating.challenges,
        }
    }

    /// The summary as (label, text) lines, for the sheet and the terminal to render alike.
    pub fn summary(&self, party: &Party) -> Vec<(&'static str, String)> {
        let mut v = vec![
            (
                "Party",
                format!("{} (party level {})", party.describe(), self.party_level),
            ),
            ("Budget", format!("{} XP", group_thousands(self.budget))),
            (
                "Encounter XP",
                format!("{} (ratio {:.2})", group_thousands(self.xp), self.ratio),
            ),
            (
                "Difficulty",
                match (&self.band, self.encounter_level) {
                    (Some(b), Some(l)) => format!(
                        "{b} (encounter level {l} vs party level {}; the bands are lairsmith's own reading, not the book's)",
                        self.party_level
                    ),
                    _ => "cannot be rated".to_owned(),
                },
            ),
            ("XP per character", group_thousands(self.xp_per_character)),
        ];
        match (&self.treasure_text, self.treasure_per_character_gp) {
            (Some(t), _) => v.push(("Treasure", t.clone())),
            (None, Some(t)) => v.push((
                "Treasure per character",
                format!("{} gp (the book's average for one encounter)", fmt_gp(t)),
            )),
            (None, None) => {}
        }
        v.extend(self.warnings.iter().map(|w| ("Warning", w.clone())));
        v
    }
}
