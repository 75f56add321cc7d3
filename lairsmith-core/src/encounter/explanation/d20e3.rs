//! The words of a 3rd-edition rating (D1-D7): every term names the compilation's table or the
//! ruling it rests on; D2's fractional CRs, D3, D4 and D6 are lairsmith's own readings and say
//! so.

use super::Term;
use crate::encounter::file::{Encounter, Group, Side};
use crate::encounter::party::Party;
use crate::encounter::rating::Rating;
use crate::encounter::rating::d20e3::{TABLE, cr_of, party_level};
use crate::rules::d20e3::{self, Cr, Worth, encounter_level, worth};
use crate::text::group_thousands;

/// D7: how a character, NPC or classed monster comes to its CR, as a term of the arithmetic.
fn class_term(g: &Group, name: &str, cr: Cr) -> Option<Term> {
    let what = g.class_description()?;
    let (rule, ours) = match (g.npc, g.class_levels) {
        (Some(1), _) => (
            "an NPC of class level 1 is CR 1/2, the table having no CR 0".to_owned(),
            true,
        ),
        (Some(_), _) => (
            "\"NPC Classes count as one level lower than PC Classes\"".to_owned(),
            false,
        ),
        (_, Some(_)) => (
            "\"Monsters with classes are CR + Class level\"".to_owned(),
            false,
        ),
        _ => ("\"Character CR are = Class Level\"".to_owned(), false),
    };
    let subject = if name.eq_ignore_ascii_case(&what) {
        name.to_owned()
    } else {
        format!("{name}, {what},")
    };
    Some(Term {
        text: format!("{subject} is CR {cr} ({rule})"),
        source: format!("D7: the character CRs after the {TABLE} table"),
        ours,
    })
}

/// The terms of a 3rd-edition rating of `e` for `party`; none when the party is outside the
/// table.
pub(crate) fn explain(e: &Encounter, party: &Party, rating: &Rating) -> Vec<Term> {
    let mut explanation = Vec::new();
    let Ok(level) = party_level(party) else {
        return explanation;
    };
    let levels: Vec<String> = party.members.iter().map(|m| m.level.to_string()).collect();
    explanation.push(Term {
        text: format!(
            "Party level {level}: the average of {} ({} characters), rounded to the nearest, a half down; the table's row \"{}\"",
            levels.join(", "),
            party.size(),
            d20e3::row_name(level)
        ),
        source: "D2: the party level".into(),
        ours: true,
    });
    explanation.push(Term {
        text: format!(
            "Budget: one foe of CR {level}, the party's level: the cell ({}, CR {level}) = {} XP",
            d20e3::row_name(level),
            group_thousands(rating.budget)
        ),
        source: format!("D3: {TABLE}, the diagonal"),
        ours: true,
    });
    let mut raw_xp: u64 = 0;
    for (g, line) in e.groups.iter().zip(&rating.roster) {
        if g.side == Side::Ally {
            continue;
        }
        let (cr, name) = (cr_of(g), line.name.as_str());
        let count = u64::from(g.count.get());
        if let Some(t) = class_term(g, name, cr) {
            explanation.push(t);
        }
        let cell = match cr {
            Cr::Whole(c) => format!("({}, CR {c})", d20e3::row_name(level)),
            Cr::Fraction(d) => format!("1/{d} of ({}, CR 1)", d20e3::row_name(level)),
        };
        let (text, source, ours) = match worth(level, cr) {
            Worth::Xp(x) => (
                format!(
                    "{count} × {name}: {TABLE} cell {cell} = {} XP each, {} XP",
                    group_thousands(x),
                    group_thousands(x * count)
                ),
                if matches!(cr, Cr::Fraction(_)) {
                    "D2: a fractional CR is that fraction of the CR 1 cell".to_owned()
                } else {
                    format!("D2: {TABLE}")
                },
                matches!(cr, Cr::Fraction(_)),
            ),
            Worth::TooWeak => (
                format!(
                    "{count} × {name}: {TABLE} cell {cell} is \"*\": too weak to earn XP, 0 XP"
                ),
                format!("D2: {TABLE}"),
                false,
            ),
            Worth::NoValue => (
                format!(
                    "{count} × {name}: {TABLE} cell {cell} is \"**\": the table gives no value"
                ),
                format!("D2: {TABLE}"),
                false,
            ),
        };
        explanation.push(Term { text, source, ours });
        raw_xp = raw_xp.saturating_add(line.xp_total.unwrap_or(0));
    }
    explanation.push(Term {
        text: format!(
            "Encounter XP: the sum, {} XP (allies do not count)",
            group_thousands(raw_xp)
        ),
        source: "D2".into(),
        ours: false,
    });
    if let Some(c) = e.circumstance {
        let (num, den) = c.xp_factor();
        explanation.push(Term {
            text: format!(
                "Circumstance \"{}\": × {num}/{den} XP = {} XP, {:+} EL",
                crate::vocab::Vocabulary::label(c),
                group_thousands(rating.xp),
                c.el_adjustment()
            ),
            source: format!("D5: the circumstance adjustments after the {TABLE} table"),
            ours: false,
        });
    }
    // D4, D6: only a rated encounter has a level and a band.
    if let (Some(el), Some(d), Some(base)) = (
        rating.encounter_level,
        rating.difficulty,
        encounter_level(level, raw_xp),
    ) {
        let adj = e.circumstance.map_or(0, |c| c.el_adjustment());
        let nearest = match d20e3::cell(level, base) {
            d20e3::Cell::Xp(x) => u64::from(x),
            _ => 0,
        };
        explanation.push(Term {
            text: format!(
                "Encounter level {el}: CR {base}'s cell ({}, CR {base}) = {} XP is the nearest to {} XP{}",
                d20e3::row_name(level),
                group_thousands(nearest),
                group_thousands(raw_xp),
                if adj == 0 {
                    String::new()
                } else {
                    format!(", {adj:+} for the circumstance")
                }
            ),
            source: "D4: the encounter level".into(),
            ours: true,
        });
        let offset = el - i32::from(level.get());
        explanation.push(Term {
            text: format!(
                "Offset {offset:+} (EL {el} − party level {level}): {}",
                d.band().name
            ),
            source: "D6: the bands".into(),
            ours: true,
        });
    }
    explanation
}
