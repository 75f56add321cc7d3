//! The budget and difficulty of a 3rd-edition encounter (RULINGS D1-D7), in the same report
//! the Orcus encounters give, so the CLI, the sheet and the UI show both alike. Every term of
//! the arithmetic names the compilation's table or the ruling it rests on; D2's fractional CRs,
//! D3, D4 and D6 are lairsmith's own readings and say so.

use crate::encounter::file::{Encounter, Group, Side};
use crate::encounter::party::Party;
use crate::encounter::report::{BandRange, Budget, Report, RosterLine, Term};
use crate::rules::d20e3::{
    self, Cr, PartyLevel, Worth, band, band_ranges, budget as diagonal, encounter_level, worth,
};
use crate::text::group_thousands;

/// The table's name, as the compilation prints it.
pub const TABLE: &str = "Experience Point Awards";

/// D2: the party level of a party (every character 1 to 20).
pub fn party_level(party: &Party) -> Result<PartyLevel, String> {
    let levels: Vec<u8> = party.members.iter().map(|m| m.level.get()).collect();
    d20e3::party_level(&levels)
}

/// D3 and D6: the budget and each band's XP range (before circumstances) for a party.
pub fn budget(party: &Party) -> Result<Budget, String> {
    let level = party_level(party)?;
    let bands = band_ranges(level)
        .into_iter()
        .map(|(d, lo, hi)| BandRange {
            difficulty: d,
            name: d.band().name,
            min_xp: lo,
            max_xp: hi,
        })
        .collect();
    Ok(Budget {
        budget: diagonal(level),
        party_level: i32::from(level.get()),
        bands,
    })
}

/// The CR a group is rated at (D1, D7); a file check refuses a group without one before a
/// report is made.
fn cr_of(g: &Group) -> Cr {
    g.challenge_rating().unwrap_or(Cr::Whole(1))
}

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

/// The whole report for a 3rd-edition encounter.
pub fn report(e: &Encounter, party: &Party) -> Report {
    let n = party.size().max(1);
    let mut warnings = Vec::new();
    let mut explanation = Vec::new();
    let level = match party_level(party) {
        Ok(l) => l,
        Err(msg) => {
            return unrated(party, format!("cannot be rated: {msg}"));
        }
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
    let budget = diagonal(level);
    explanation.push(Term {
        text: format!(
            "Budget: one foe of CR {level}, the party's level: the cell ({}, CR {level}) = {} XP",
            d20e3::row_name(level),
            group_thousands(budget)
        ),
        source: format!("D3: {TABLE}, the diagonal"),
        ours: true,
    });
    let mut roster = Vec::new();
    let mut raw_xp: u64 = 0;
    let mut unratable = false;
    for g in &e.groups {
        let cr = cr_of(g);
        let count = u64::from(g.count.get());
        let w = worth(level, cr);
        // D7: a character is called by its class level; the sheets add the CR.
        let name = g
            .label
            .clone()
            .unwrap_or_else(|| match g.class_description() {
                Some(what) => {
                    let mut chars = what.chars();
                    let first = chars.next().map(|c| c.to_uppercase().collect::<String>());
                    format!("{}{}", first.unwrap_or_default(), chars.as_str())
                }
                None => format!("CR {cr}"),
            });
        let (xp_each, total) = match w {
            Worth::Xp(x) => (Some(x), Some(x.saturating_mul(count))),
            Worth::TooWeak => (Some(0), Some(0)),
            Worth::NoValue => (None, None),
        };
        let ally = g.side == Side::Ally;
        if !ally && let Some(t) = class_term(g, &name, cr) {
            explanation.push(t);
        }
        if !ally {
            let cell = match cr {
                Cr::Whole(c) => format!("({}, CR {c})", d20e3::row_name(level)),
                Cr::Fraction(d) => format!("1/{d} of ({}, CR 1)", d20e3::row_name(level)),
            };
            let (text, source, ours) = match w {
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
            match w {
                Worth::NoValue => {
                    unratable = true;
                    warnings.push(format!(
                        "cannot be rated: {name} (CR {cr}) is 8 or more CRs above the party; the {TABLE} table gives \"**\", no value"
                    ));
                }
                Worth::TooWeak => warnings.push(format!(
                    "{name} (CR {cr}) is too weak to earn XP (\"*\" in the {TABLE} table)"
                )),
                Worth::Xp(_) => {}
            }
            raw_xp = raw_xp.saturating_add(total.unwrap_or(0));
        }
        roster.push(RosterLine {
            key: g.key(),
            name,
            count: g.count.get(),
            level: None,
            rank: None,
            role: None,
            xp_each,
            xp_total: total,
            ally,
            placeholder: false,
            missing: false,
            stat_block: None,
            challenge: None,
        });
    }
    let foes = e.groups.iter().filter(|g| g.side != Side::Ally).count();
    if foes == 0 {
        unratable = true;
        warnings.push("cannot be rated: the encounter has no foes".to_owned());
    }
    explanation.push(Term {
        text: format!(
            "Encounter XP: the sum, {} XP (allies do not count)",
            group_thousands(raw_xp)
        ),
        source: "D2".into(),
        ours: false,
    });
    let xp = match e.circumstance {
        Some(c) => {
            let (num, den) = c.xp_factor();
            let adjusted = c.apply(raw_xp);
            explanation.push(Term {
                text: format!(
                    "Circumstance \"{}\": × {num}/{den} XP = {} XP, {:+} EL",
                    crate::vocab::Vocabulary::label(c),
                    group_thousands(adjusted),
                    c.el_adjustment()
                ),
                source: format!("D5: the circumstance adjustments after the {TABLE} table"),
                ours: false,
            });
            adjusted
        }
        None => raw_xp,
    };
    let (el, difficulty) = if unratable {
        (None, None)
    } else {
        match encounter_level(level, raw_xp) {
            Some(base) => {
                let adj = e.circumstance.map_or(0, |c| c.el_adjustment());
                let el = d20e3::adjusted_el(base, e.circumstance);
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
                let d = band(offset);
                explanation.push(Term {
                    text: format!(
                        "Offset {offset:+} (EL {el} − party level {level}): {}",
                        d.band().name
                    ),
                    source: "D6: the bands".into(),
                    ours: true,
                });
                (Some(el), Some(d))
            }
            None => (None, None),
        }
    };
    let bands = budget_bands(level);
    Report {
        xp,
        budget,
        ratio: if budget == 0 {
            0.0
        } else {
            xp as f64 / budget as f64
        },
        party_level: i32::from(level.get()),
        encounter_level: el,
        band: difficulty.map(|d| d.band().name.to_owned()),
        difficulty,
        xp_per_character: xp / n as u64,
        treasure_per_character_gp: None,
        treasure_method: None,
        treasure_text: None,
        warnings,
        party_size: party.size(),
        roster,
        explanation,
        bands,
        challenges: Vec::new(),
    }
}

fn budget_bands(level: PartyLevel) -> Vec<BandRange> {
    band_ranges(level)
        .into_iter()
        .map(|(d, lo, hi)| BandRange {
            difficulty: d,
            name: d.band().name,
            min_xp: lo,
            max_xp: hi,
        })
        .collect()
}

/// A report that cannot rate anything: the party itself is outside the table.
fn unrated(party: &Party, warning: String) -> Report {
    Report {
        xp: 0,
        budget: 0,
        ratio: 0.0,
        party_level: 0,
        encounter_level: None,
        band: None,
        difficulty: None,
        xp_per_character: 0,
        treasure_per_character_gp: None,
        treasure_method: None,
        treasure_text: None,
        warnings: vec![warning],
        party_size: party.size(),
        roster: Vec::new(),
        explanation: Vec::new(),
        bands: Vec::new(),
        challenges: Vec::new(),
    }
}
