//! An Orcus encounter's numbers (E1-E5): the budget (E1), the encounter's XP (E2, with A2's
//! extended challenges), the party and encounter levels and the band (E3), the XP per character
//! (E4) and the book's average treasure (E5).

use super::{BandRange, Budget, ChallengeLine, Rating, RosterLine, SkillDc};
use crate::bestiary::Bestiary;
use crate::encounter::challenge::{
    A2_LABEL, A4_QUOTE, Challenge, FEW_SUCCESSES, GROUP_CHECK_DC, Worth, describe_group_check,
};
use crate::encounter::file::{Encounter, Group, Side};
use crate::encounter::party::Party;
use crate::rules::Level;
use crate::rules::difficulty::{
    BANDS, MAX_LEVELS_ABOVE_PARTY, band_for_offset, level_for_xp, upper_boundary,
};
use crate::rules::tables::{MONSTER_XP, TREASURE_PER_PLAYER_PER_10_ENCOUNTERS_GP};

/// E1: the sum of the standard XP at each character's level.
pub fn budget_of(party: &Party) -> u64 {
    party
        .members
        .iter()
        .map(|m| u64::from(MONSTER_XP[m.level.index()].standard))
        .sum()
}

/// E3: the party level: the level whose standard XP is closest to budget ÷ characters.
pub fn party_level_of(party: &Party) -> i32 {
    level_for_xp(budget_of(party) as f64 / party.size() as f64)
}

/// The budget and each band's range of encounter XP for a party.
pub fn budget(party: &Party) -> Budget {
    let n = party.size() as f64;
    let party_level = party_level_of(party);
    let bands = BANDS
        .iter()
        .map(|b| {
            // Encounter level L is chosen when upper_boundary(L - 1) < XP/n <= upper_boundary(L).
            let min_xp = match b.min_offset {
                None => 1,
                Some(o) => (upper_boundary(party_level + o - 1) * n).floor() as u64 + 1,
            };
            let max_xp = b
                .max_offset
                .map(|o| (upper_boundary(party_level + o) * n).floor() as u64);
            BandRange {
                difficulty: b.difficulty,
                name: b.name,
                min_xp,
                max_xp,
            }
        })
        .collect();
    Budget {
        budget: budget_of(party),
        party_level,
        bands,
    }
}

/// A2: a challenge's line. `with_monsters`: the encounter has monster or placeholder foes.
fn resolve_challenge(
    g: &Group,
    c: &Challenge,
    party_level: i32,
    party_size: usize,
    with_monsters: bool,
) -> RosterLine {
    let level = c.level_for(party_level);
    let worth = c.worth(with_monsters, party_size);
    let xp = Challenge::xp(level, worth);
    let standard = MONSTER_XP[level.index()].standard;
    let rule = match worth {
        Worth::PerCharacter(_) => {
            "alone, a challenge is worth one Standard monster of its level per character".to_owned()
        }
        Worth::Replaces(n) => format!(
            "among monsters, a challenge needing {} successes replaces {} Standard monster{} of its level",
            if n == 1 {
                format!("{FEW_SUCCESSES} or fewer")
            } else {
                format!("{} or more", FEW_SUCCESSES + 1)
            },
            if n == 1 { "one" } else { "two" },
            if n == 1 { "" } else { "s" },
        ),
    };
    let line = ChallengeLine {
        name: c.name.clone(),
        level: level.get(),
        party_level: c.level.is_none(),
        successes: c.successes,
        failures: c.failures,
        skills: c
            .skills
            .iter()
            .map(|s| SkillDc {
                skill: s.skill,
                difficulty: s.dc,
                dc: s.ladder(level).0,
                later_dc: s.ladder(level).1,
                text: s.describe_ladder(level),
            })
            .collect(),
        group_check_dc: GROUP_CHECK_DC.dc_at(level),
        group_check: describe_group_check(level),
        standard_monsters: worth.standard_monsters(),
        xp,
        worth: format!("{rule} — {A2_LABEL}"),
    };
    RosterLine {
        key: g.key(),
        name: c.name.clone(),
        count: 1,
        level: Some(level.get()),
        rank: None,
        role: None,
        xp_each: Some(u64::from(standard)),
        xp_total: Some(xp),
        ally: false,
        placeholder: false,
        missing: false,
        stat_block: None,
        challenge: Some(line),
    }
}

fn resolve(g: &Group, bestiary: &Bestiary) -> RosterLine {
    let ally = g.side == Side::Ally;
    if let Some(p) = &g.placeholder {
        let xp = p.rank.xp(p.level); // R6: the table
        return RosterLine {
            key: g.key(),
            name: g.label.clone().unwrap_or_else(|| p.describe()),
            stat_block: g.label.as_ref().map(|_| p.describe_beside_label()),
            count: g.count.get(),
            level: Some(p.level.get()),
            rank: Some(p.rank),
            role: Some(p.role),
            xp_each: Some(u64::from(xp)),
            xp_total: Some(u64::from(xp) * u64::from(g.count)),
            ally,
            placeholder: true,
            missing: false,
            challenge: None,
        };
    }
    let id = g.monster.clone().unwrap_or_default();
    match bestiary.get(&id) {
        Some(e) => {
            // An XP override is 0 to 1,000,000 in every file and card (`limits`), so this is the
            // card's own number; a negative one cannot reach here.
            let xp = u64::try_from(e.card.xp).unwrap_or(0);
            RosterLine {
                key: id,
                name: g.label.clone().unwrap_or_else(|| e.card.name.clone()),
                stat_block: g.label.as_ref().map(|_| e.card.name.clone()),
                count: g.count.get(),
                level: Some(e.card.level.get()),
                rank: Some(e.card.rank),
                role: Some(e.card.role),
                xp_each: Some(xp),
                xp_total: Some(xp.saturating_mul(u64::from(g.count.get()))),
                ally,
                placeholder: false,
                missing: false,
                challenge: None,
            }
        }
        None => RosterLine {
            name: g.label.clone().unwrap_or_else(|| id.clone()),
            stat_block: g.label.as_ref().map(|_| id.clone()),
            key: id,
            count: g.count.get(),
            level: None,
            rank: None,
            role: None,
            xp_each: None,
            xp_total: None,
            ally,
            placeholder: false,
            missing: true,
            challenge: None,
        },
    }
}

/// The numbers of an Orcus encounter for `party`, resolving monsters in `bestiary`.
pub fn rate(encounter: &Encounter, party: &Party, bestiary: &Bestiary) -> Rating {
    let n = party.size();
    let b = budget(party);
    // A2: "alone" means no monster or placeholder foes, whatever the allies are.
    let with_monsters = encounter
        .groups
        .iter()
        .any(|g| g.side == Side::Foe && g.challenge.is_none());
    let roster: Vec<RosterLine> = encounter
        .groups
        .iter()
        .map(|g| match &g.challenge {
            Some(c) => resolve_challenge(g, c, b.party_level, n, with_monsters),
            None => resolve(g, bestiary),
        })
        .collect();
    let xp: u64 = roster
        .iter()
        .filter(|r| !r.ally)
        .filter_map(|r| r.xp_total)
        .fold(0, u64::saturating_add);
    let foes: Vec<&RosterLine> = roster.iter().filter(|r| !r.ally).collect();
    let mut warnings = Vec::new();
    let missing: Vec<&str> = roster
        .iter()
        .filter(|r| r.missing)
        .map(|r| r.key.as_str())
        .collect();
    for id in &missing {
        let near = bestiary.suggest(id);
        let hint = if near.is_empty() {
            "`lairsmith list` shows every id".to_owned()
        } else {
            format!(
                "closest: {}",
                near.iter()
                    .map(|s| format!("`{s}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        warnings.push(format!(
            "cannot be rated: no monster has the id `{id}` ({hint})"
        ));
    }
    if foes.is_empty() {
        warnings.push("cannot be rated: the encounter has no foes".to_owned());
    }
    if with_monsters {
        // A4: a challenge inside a combat; its XP still follows A2.
        for c in encounter
            .groups
            .iter()
            .filter(|g| g.side == Side::Foe)
            .filter_map(|g| g.challenge.as_ref())
            .filter(|c| !c.fits_a_combat())
        {
            warnings.push(format!(
                "the challenge {} needs {} success{} in an encounter with monsters; the book says \"{A4_QUOTE}\" (Extended Challenges, A4); its XP still follows A2",
                c.name,
                c.successes,
                if c.successes == 1 { "" } else { "es" }
            ));
        }
    }
    let highest = i32::from(party.highest_level().get());
    for r in &foes {
        if let Some(l) = r.level
            && r.challenge.is_none()
            && i32::from(l) > highest + MAX_LEVELS_ABOVE_PARTY
        {
            warnings.push(format!(
                "{} is level {l}, more than {MAX_LEVELS_ABOVE_PARTY} levels above the highest character ({highest}) [ours, E3]",
                r.name
            ));
        }
    }
    let rateable = missing.is_empty() && !foes.is_empty();
    let encounter_level = rateable.then(|| level_for_xp(xp as f64 / n as f64));
    let difficulty = encounter_level.map(|l| band_for_offset(l - b.party_level).difficulty);
    let treasure = Level::new(i64::from(b.party_level))
        .ok()
        .map(|l| f64::from(TREASURE_PER_PLAYER_PER_10_ENCOUNTERS_GP[l.index()]) / 10.0);
    // Rounded once, so the summary and the arithmetic show the same figure.
    let ratio = if b.budget == 0 {
        0.0
    } else {
        (xp as f64 / b.budget as f64 * 100.0).round() / 100.0
    };
    let challenges: Vec<ChallengeLine> =
        roster.iter().filter_map(|r| r.challenge.clone()).collect();
    Rating {
        xp,
        budget: b.budget,
        ratio,
        party_level: b.party_level,
        encounter_level,
        difficulty,
        xp_per_character: xp / n as u64,
        treasure_per_character_gp: treasure,
        warnings,
        party_size: n,
        roster,
        bands: b.bands,
        challenges,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e1_budget_examples() {
        assert_eq!(budget_of(&Party::parse("4x3").unwrap()), 600);
        assert_eq!(budget_of(&Party::parse("5x1").unwrap()), 500);
        assert_eq!(budget_of(&Party::parse("4x10").unwrap()), 2000);
        assert_eq!(
            budget_of(&Party::parse("3,3,4,5").unwrap()),
            150 + 150 + 175 + 200
        );
    }

    #[test]
    fn band_ranges_partition_encounter_xp() {
        for size in 1..=8 {
            for level in 1..=30 {
                let p = Party::uniform(size, Level::new(level).unwrap());
                let b = budget(&p);
                assert_eq!(i64::from(b.party_level), level);
                assert_eq!(b.bands[0].min_xp, 1);
                for w in b.bands.windows(2) {
                    assert_eq!(w[0].max_xp.unwrap() + 1, w[1].min_xp, "{size}x{level}");
                }
                assert!(b.bands[4].max_xp.is_none());
                // The budget itself is standard.
                let standard = &b.bands[2];
                assert!(standard.min_xp <= b.budget && b.budget <= standard.max_xp.unwrap());
            }
        }
    }
}
