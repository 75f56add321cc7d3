//! A 3rd-edition encounter's numbers (RULINGS D1-D7), in the same [`Rating`] the Orcus
//! encounters give, so the CLI, the sheet and the UI show both alike: the party level (D2), the
//! budget (D3), each group's worth by the Experience Point Awards table (D2, D7), the
//! circumstance (D5), the encounter level (D4) and the band (D6).

use super::{BandRange, Budget, Rating, RosterLine};
use crate::encounter::file::{Encounter, Group, Side};
use crate::encounter::party::Party;
use crate::rules::d20e3::{
    self, Cr, PartyLevel, Worth, band, band_ranges, budget as diagonal, encounter_level, worth,
};

/// The table's name, as the compilation prints it.
pub(crate) const TABLE: &str = "Experience Point Awards";

/// D2: the party level of a party (every character 1 to 20).
pub(crate) fn party_level(party: &Party) -> Result<PartyLevel, d20e3::D20e3Error> {
    let levels: Vec<u8> = party.members.iter().map(|m| m.level.get()).collect();
    d20e3::party_level(&levels)
}

/// D3 and D6: the budget and each band's XP range (before circumstances) for a party.
pub fn budget(party: &Party) -> Result<Budget, d20e3::D20e3Error> {
    let level = party_level(party)?;
    Ok(Budget {
        budget: diagonal(level),
        party_level: i32::from(level.get()),
        bands: budget_bands(level),
    })
}

/// The CR a group is rated at (D1, D7); a file check refuses a group without one before a
/// report is made.
pub(crate) fn cr_of(g: &Group) -> Cr {
    g.challenge_rating().unwrap_or(Cr::Whole(1))
}

/// D7: what a group is called on the sheets when it has no label: its class description
/// ("fighter 3"), or its CR.
fn group_name(g: &Group, cr: Cr) -> String {
    g.label
        .clone()
        .unwrap_or_else(|| match g.class_description() {
            Some(what) => {
                let mut chars = what.chars();
                let first = chars.next().map(|c| c.to_uppercase().collect::<String>());
                format!("{}{}", first.unwrap_or_default(), chars.as_str())
            }
            None => format!("CR {cr}"),
        })
}

/// The numbers of a 3rd-edition encounter for `party`.
pub fn rate(e: &Encounter, party: &Party) -> Rating {
    let n = party.size().max(1);
    let mut warnings = Vec::new();
    let level = match party_level(party) {
        Ok(l) => l,
        Err(msg) => return unrated(party, format!("cannot be rated: {msg}")),
    };
    let budget = diagonal(level);
    let mut roster = Vec::new();
    let mut raw_xp: u64 = 0;
    let mut unratable = false;
    for g in &e.groups {
        let cr = cr_of(g);
        let count = u64::from(g.count.get());
        let w = worth(level, cr);
        // D7: a character is called by its class level; the sheets add the CR.
        let name = group_name(g, cr);
        let (xp_each, total) = match w {
            Worth::Xp(x) => (Some(x), Some(x.saturating_mul(count))),
            Worth::TooWeak => (Some(0), Some(0)),
            Worth::NoValue => (None, None),
        };
        let ally = g.side == Side::Ally;
        if !ally {
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
    let xp = e.circumstance.map_or(raw_xp, |c| c.apply(raw_xp));
    let (el, difficulty) = if unratable {
        (None, None)
    } else {
        match encounter_level(level, raw_xp) {
            Some(base) => {
                let el = d20e3::adjusted_el(base, e.circumstance);
                (Some(el), Some(band(el - i32::from(level.get()))))
            }
            None => (None, None),
        }
    };
    Rating {
        xp,
        budget,
        ratio: if budget == 0 {
            0.0
        } else {
            xp as f64 / budget as f64
        },
        party_level: i32::from(level.get()),
        encounter_level: el,
        difficulty,
        xp_per_character: xp / n as u64,
        treasure_per_character_gp: None,
        warnings,
        party_size: party.size(),
        roster,
        bands: budget_bands(level),
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

/// A rating of nothing: the party itself is outside the table.
fn unrated(party: &Party, warning: String) -> Rating {
    Rating {
        xp: 0,
        budget: 0,
        ratio: 0.0,
        party_level: 0,
        encounter_level: None,
        difficulty: None,
        xp_per_character: 0,
        treasure_per_character_gp: None,
        warnings: vec![warning],
        party_size: party.size(),
        roster: Vec::new(),
        bands: Vec::new(),
        challenges: Vec::new(),
    }
}
