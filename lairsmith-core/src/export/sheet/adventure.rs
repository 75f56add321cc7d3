//! The adventure sheet in Markdown: the summary, the pacing of its fights, where the party
//! levels up, the treasure, then each encounter's own sheet.

use crate::adventure::check::AdventureReport;
use crate::adventure::file::Adventure;
use crate::bestiary::Bestiary;
use crate::export::md::{inline, prose};
use crate::text::group_thousands;

/// The widest pacing bar, in characters, for an encounter at twice its party's budget or more.
const BAR_WIDTH: f64 = 24.0;

/// How one play of an encounter appears on the adventure's sheet, so that the sheet grows with
/// what the adventure holds, not with how often it lists the same encounter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// Its whole sheet, leaving out the stat blocks printed under earlier encounters (each
    /// monster's id and the position of that encounter).
    Full {
        /// Each monster whose stat block an earlier encounter printed: its id and that
        /// encounter's position, from 1.
        earlier: Vec<(String, usize)>,
    },
    /// The same encounter rated for the same party as the play at this position: its heading,
    /// a line pointing there, and its own treasure.
    SameAs(usize),
}

/// How each encounter of the report appears on its sheet (one entry per encounter, in order;
/// an encounter that cannot be rated prints nothing whatever its entry).
pub fn layout(r: &AdventureReport) -> Vec<Shown> {
    use std::collections::HashMap;
    use std::sync::Arc;
    let mut printed: HashMap<String, usize> = HashMap::new();
    let mut sheets: Vec<(&Arc<crate::adventure::check::Rated>, usize)> = Vec::new();
    r.encounters
        .iter()
        .map(|l| {
            let Some(rated) = &l.rated else {
                return Shown::Full {
                    earlier: Vec::new(),
                };
            };
            // Plays share one rating exactly when the encounter and the party are the same.
            if let Some((_, at)) = sheets.iter().find(|(x, _)| Arc::ptr_eq(x, rated)) {
                return Shown::SameAs(*at);
            }
            sheets.push((rated, l.position));
            let mut earlier = Vec::new();
            for id in super::encounter::monster_ids(&rated.encounter) {
                match printed.get(id) {
                    Some(at) => earlier.push((id.to_owned(), *at)),
                    None => {
                        printed.insert(id.to_owned(), l.position);
                    }
                }
            }
            Shown::Full { earlier }
        })
        .collect()
}

/// The line a repeated encounter's sheet gives instead of its whole sheet.
pub(crate) fn same_as_text(at: usize) -> String {
    format!(
        "The same encounter for the same party as encounter {at}: its roster, arithmetic and stat blocks are on that sheet."
    )
}

/// A bar for an encounter's XP against its party's budget: half the width is the budget.
pub fn pacing_bar(ratio: f64) -> String {
    let cells = (ratio.clamp(0.0, 2.0) * BAR_WIDTH / 2.0).round() as usize;
    "█".repeat(cells)
}

/// The adventure's treasure section: the sum of every encounter's under its method, or why
/// there is none.
pub(crate) fn treasure_markdown(r: &AdventureReport) -> String {
    match &r.treasure {
        Some(t) => format!(
            "{}\nRolled from seed {} (the adventure file's `seed:`; `--seed` rolls again).\n",
            super::treasure::markdown(&t.plan).trim_end(),
            t.seed
        ),
        None => "## Treasure\n\nNo method chosen: each encounter's sheet gives the book's average gold per character (E5). `lairsmith adventure set ADVENTURE --treasure steady|items-only|troves|narrative` chooses one of the book's four (Distributing Magic Items).\n".into(),
    }
}

/// The adventure's sheet in Markdown (`adventure export --format md`): its summary, the pacing
/// table, the level-ups (A1), the treasure (T1), each encounter's sheet with every stat block
/// printed once, and its notes.
pub fn markdown(a: &Adventure, r: &AdventureReport, bestiary: &Bestiary) -> String {
    let mut s = format!("# {}\n\n## Summary\n\n", inline(&a.name));
    s.push_str(&format!("- **Party** {}\n", inline(&r.party.to_string())));
    s.push_str(&format!(
        "- **Encounters** {}\n- **XP per character** {} (each encounter's XP ÷ the characters, rounded down)\n",
        r.encounters.len(),
        group_thousands(r.xp_per_character)
    ));
    if let Some(note) = r.played_note() {
        s.push_str(&format!("- **Played** {}\n", inline(&note)));
    }
    for c in &r.tracks_to_show() {
        s.push_str(&format!(
            "- **{}** {}\n",
            inline(&c.name),
            inline(&c.progress())
        ));
    }
    for e in r.errors() {
        s.push_str(&format!("- **Error** {}\n", inline(&e.to_string())));
    }
    s.push_str("\n## Pacing\n\n");
    if r.encounters.is_empty() {
        s.push_str("(no encounters yet)\n");
    } else {
        s.push_str("| # | Encounter | XP | XP per character | Party level | Difficulty |\n|---|---|---|---|---|---|\n");
        for l in &r.encounters {
            let band = l.band_text();
            s.push_str(&format!(
                "| {} | {}{} | {} | {} | {} | {band} |\n",
                l.position,
                inline(&l.name),
                l.played
                    .as_ref()
                    .map_or(String::new(), |p| format!(" ({})", p.text())),
                group_thousands(l.xp),
                group_thousands(l.xp_per_character),
                l.party_level,
            ));
        }
        s.push_str(
            "\nEach encounter's XP against its party's budget (the middle is the budget):\n\n```\n",
        );
        for l in &r.encounters {
            s.push_str(&format!(
                "{:>3} {:<24} {:<8} {}{}\n",
                l.position,
                crate::text::fit_width(&l.name, 24),
                l.band.map_or("-", crate::vocab::Vocabulary::key),
                pacing_bar(l.ratio),
                l.played
                    .as_ref()
                    .map_or(String::new(), |p| format!(" ✓ {}", p.text()))
            ));
        }
        s.push_str("```\n\nThe difficulty bands are lairsmith's own reading (E3), after Masterplan's; the book defines only the budget.\n");
    }
    s.push_str("\n## Level-ups\n\n");
    if r.level_ups.is_empty() {
        s.push_str("Nobody levels up in this adventure.\n");
    }
    for u in &r.level_ups {
        let name = r
            .encounters
            .get(u.after_encounter - 1)
            .map_or("", |l| l.name.as_str());
        s.push_str(&format!(
            "- After encounter {} ({}): {}\n",
            u.after_encounter,
            inline(name),
            inline(&u.describe())
        ));
    }
    s.push_str("\nA character levels up when its XP reaches the next level's in Table – Levels and Their Benefits (A1).\n");
    s.push('\n');
    s.push_str(&treasure_markdown(r));
    let sheets: Vec<String> = r
        .encounters
        .iter()
        .zip(layout(r))
        .filter_map(|(l, shown)| {
            let rated = l.rated.as_deref()?;
            let sheet = match shown {
                Shown::Full { earlier } => super::encounter::markdown_in_adventure(
                    &rated.encounter,
                    &rated.party,
                    &rated.report(bestiary),
                    bestiary,
                    l.treasure.as_ref(),
                    &earlier,
                ),
                Shown::SameAs(at) => {
                    let mut short = format!(
                        "# {}\n\n{}\n",
                        inline(&rated.encounter.name),
                        same_as_text(at)
                    );
                    if let Some(plan) = &l.treasure {
                        short.push('\n');
                        short
                            .push_str(&crate::text::escape_string(super::treasure::markdown(plan)));
                    }
                    short
                }
            };
            Some(
                sheet
                    .lines()
                    .map(|line| {
                        if line.starts_with('#') {
                            format!("##{line}")
                        } else {
                            line.to_owned()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
                    .replacen("### ", &format!("### {}. ", l.position), 1),
            )
        })
        .collect();
    if !sheets.is_empty() {
        s.push_str("\n## Encounters\n\n");
        s.push_str(&sheets.join("\n\n"));
        s.push('\n');
    }
    if let Some(n) = &a.notes {
        s.push_str("\n## Notes\n\n");
        s.push_str(&prose(n.trim_end(), 0));
        s.push('\n');
    }
    crate::text::escape_string(s)
}
