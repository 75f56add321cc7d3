//! A [`Plan`] in words: its text lines (the CLI), its summary for an encounter's report, and the
//! words the Markdown section (the export module's `sheet::treasure`) shares.

use super::plan::{CharacterTreasure, Plan};
use super::trove::EnchantedKind;
use super::{GP_PER_PP, Method};
use crate::encounter::report::{Report, Term};
use crate::text::group_thousands;
use crate::vocab::Vocabulary;
use std::borrow::Cow;

/// "Ana (level 3)" or "#2 (level 3)" for the `i`th character.
pub(crate) fn who(i: usize, c: &CharacterTreasure) -> String {
    named(i, c.name.as_deref(), c.level)
}

/// "Ana (level 3)" or "#2 (level 3)".
pub(crate) fn named(i: usize, name: Option<&str>, level: crate::rules::Level) -> String {
    match name {
        Some(n) => format!("{n} (level {level})"),
        None => format!("#{} (level {level})", i + 1),
    }
}

/// "1 encounter", "1,200 encounters".
pub(crate) fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{} {}", group_thousands(n), if n == 1 { one } else { many })
}

/// A character's permanent items, or "no permanent item".
pub(crate) fn items_text(c: &CharacterTreasure) -> String {
    if c.permanent_items.is_empty() {
        return "no permanent item".into();
    }
    let list: Vec<String> = c
        .permanent_items
        .iter()
        .map(|i| match i.past_30 {
            Some(p) => format!(
                "level {} (encounter {}, +{}; not {p}: items stop at level 30, T3)",
                i.level, i.encounter, i.d4
            ),
            None => format!("level {} (encounter {}, +{})", i.level, i.encounter, i.d4),
        })
        .collect();
    format!(
        "{}: {}",
        plural(
            c.permanent_items.len() as u32,
            "permanent item",
            "permanent items"
        ),
        list.join(", ")
    )
}

impl Plan {
    /// The title: "Steady progression (T1), 12 encounters".
    pub fn title(&self) -> String {
        let label = self.method.label();
        let mut t = label[..1].to_uppercase();
        t.push_str(&label[1..]);
        format!(
            "{t} (T1), {}",
            plural(self.encounters, "encounter", "encounters")
        )
    }

    /// The coins and valuables of the troves, platinum kept apart, then the total in gp.
    pub(crate) fn valuables_line(&self) -> String {
        let t = &self.party;
        let mut coins = format!("{} gp", t.gold_gp);
        if t.platinum_pp > 0 {
            coins.push_str(&format!(" and {} pp", group_thousands(t.platinum_pp)));
        }
        format!(
            "coins {coins}; {} worth {} gp; {} worth {} gp (8 or more: lairsmith's own reading, T2); total {} gp (1 pp = {GP_PER_PP} gp)",
            plural(t.art_objects, "art object", "art objects"),
            group_thousands(t.art_gp),
            plural(t.gems, "gemstone", "gemstones"),
            group_thousands(t.gems_gp),
            t.total_gp
        )
    }

    /// The troves' items, counted by kind, enchanted items by their 1d4 kind.
    pub(crate) fn trove_items_line(&self) -> String {
        let t = &self.party;
        let kinds: Vec<String> = EnchantedKind::ALL
            .iter()
            .map(|k| {
                let n = self
                    .troves
                    .iter()
                    .filter(|tr| tr.enchanted == Some(*k))
                    .count();
                format!("{n} {}", k.key())
            })
            .collect();
        format!(
            "{}, {}, {}, {} ({})",
            plural(
                t.personal_items,
                "personal or story item",
                "personal or story items"
            ),
            plural(t.consumables, "consumable", "consumables"),
            plural(
                t.miscellaneous_items,
                "miscellaneous permanent item",
                "miscellaneous permanent items"
            ),
            plural(t.enchanted_items, "enchanted item", "enchanted items"),
            kinds.join(", ")
        )
    }

    /// What the plan gives, in one line, for an encounter's summary (T1): a chosen method says
    /// what it gives for that encounter, never the book's average beside it.
    pub(crate) fn encounter_summary(&self) -> String {
        let method = self.method.label();
        match self.method {
            Method::Steady => {
                let gold = self
                    .characters
                    .first()
                    .map_or("0".to_owned(), |c| c.gold_gp.to_string());
                let found: Vec<String> = self
                    .characters
                    .iter()
                    .enumerate()
                    .flat_map(|(i, c)| {
                        c.permanent_items.iter().map(move |item| {
                            let past = item
                                .past_30
                                .map_or(String::new(), |p| format!(" (not {p}, T3)"));
                            format!("{} finds a level-{} item{past}", who(i, c), item.level)
                        })
                    })
                    .collect();
                let found = if found.is_empty() {
                    "no permanent item found".to_owned()
                } else {
                    found.join("; ")
                };
                format!(
                    "{method}: {gold} gp per character and a 1-in-12 chance each of a permanent item; {found}"
                )
            }
            Method::ItemsOnly => {
                if self.grants.is_empty() {
                    format!(
                        "{method}: nothing from this encounter (each character receives magic items at each level, and no other treasure)"
                    )
                } else {
                    let grants: Vec<String> = self
                        .grants
                        .iter()
                        .map(|g| {
                            format!(
                                "{}: {}",
                                named(g.character, g.name.as_deref(), g.level),
                                g.choice()
                            )
                        })
                        .collect();
                    format!("{method}: {} (no other treasure)", grants.join("; "))
                }
            }
            Method::Troves => match self.troves.as_slice() {
                [one] => format!("{method}: one trove: {}", one.describe()),
                many => format!(
                    "{method}: {}: {}",
                    plural(many.len() as u32, "trove", "troves"),
                    self.valuables_line()
                ),
            },
            Method::Narrative => {
                format!("{method}: nothing computed; the characters get treasure when they earn it")
            }
        }
    }

    /// The plan as plain text lines, notes last.
    pub fn lines(&self) -> Vec<String> {
        let mut v = vec![self.title()];
        match self.method {
            Method::Steady => {
                v.push("Per character:".into());
                for (i, c) in self.characters.iter().enumerate() {
                    v.push(format!(
                        "  {}: {} gp; {}; the book expects {:.2}",
                        who(i, c),
                        c.gold_gp,
                        items_text(c),
                        c.expected_permanent_items
                    ));
                }
                v.push(format!(
                    "Party: {} gp; {} (the book expects {:.2})",
                    self.party.gold_gp,
                    plural(
                        self.party.permanent_items,
                        "permanent item",
                        "permanent items"
                    ),
                    self.party.expected_permanent_items
                ));
            }
            Method::ItemsOnly => {
                if self.grants.is_empty() {
                    v.push("No grant yet.".into());
                } else {
                    v.push("Grants:".into());
                }
                for g in &self.grants {
                    v.push(format!(
                        "  After encounter {}, {}: {}",
                        g.encounter,
                        named(g.character, g.name.as_deref(), g.level),
                        g.choice()
                    ));
                }
                // An adventure grants at level-ups and counts no encounters toward a grant.
                let since = if self.encounters_since_grant > 0 {
                    format!(
                        "; {} since the last grant",
                        plural(self.encounters_since_grant, "encounter", "encounters")
                    )
                } else {
                    String::new()
                };
                v.push(format!(
                    "Party: {}, no other treasure{since}",
                    plural(self.party.grants, "grant", "grants"),
                ));
            }
            Method::Troves => {
                v.push("Troves:".into());
                for (i, t) in self.troves.iter().enumerate() {
                    v.push(format!("  {}. {}", i + 1, t.describe()));
                }
                v.push(format!("Party: {}", self.valuables_line()));
                v.push(format!("Items: {}", self.trove_items_line()));
                v.push("Per character (an even share of the total):".into());
                for (i, c) in self.characters.iter().enumerate() {
                    v.push(format!("  {}: {} gp", who(i, c), c.gold_gp));
                }
            }
            Method::Narrative => {}
        }
        if !self.notes.is_empty() {
            v.push("Notes:".into());
            v.extend(self.notes.iter().map(|n| format!("  - {n}")));
        }
        v
    }
}

impl Plan {
    /// Rates the encounter's treasure by this plan's method (T1) in `report`: the summary shows
    /// what the method gives for this encounter, and the book's average (E5), which a method
    /// replaces, goes.
    pub fn set_in_report(&self, report: &mut Report) {
        report.treasure_per_character_gp = None;
        report.treasure_method = Some(self.method.key().to_owned());
        report.treasure_text = Some(self.encounter_summary());
        // The arithmetic says the same: the method's treasure, not E5's average.
        for t in report
            .explanation
            .iter_mut()
            .filter(|t| t.source.starts_with("E5"))
        {
            *t = Term {
                text: format!("Treasure: {}", self.encounter_summary()),
                source: "T1: the chosen treasure method (Distributing Magic Items), in place of E5's average".into(),
                ours: false,
            };
        }
    }
}

/// `report` with the encounter's treasure under `plan`, if one is chosen.
pub fn report_with<'a>(report: &'a Report, plan: Option<&Plan>) -> Cow<'a, Report> {
    match plan {
        Some(p) => {
            let mut r = report.clone();
            p.set_in_report(&mut r);
            Cow::Owned(r)
        }
        None => Cow::Borrowed(report),
    }
}
