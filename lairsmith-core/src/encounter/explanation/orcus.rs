//! The words of an Orcus rating (E1-E5, A2): the budget, the encounter's XP, each extended
//! challenge, the ratio, the party and encounter levels, the band, the XP per character and the
//! book's average treasure.

use super::{Term, fmt_gp};
use crate::encounter::challenge::A2_LABEL;
use crate::encounter::party::Party;
use crate::encounter::rating::{ChallengeLine, Rating};
use crate::rules::difficulty::standard_xp_at;
use crate::rules::tables::MONSTER_XP;
use crate::text::group_thousands;
use crate::vocab::Vocabulary;

fn fmt_ratio(r: f64) -> String {
    format!("{r:.2}")
}

/// The terms of an Orcus rating of an encounter for `party`.
pub(crate) fn explain(party: &Party, rating: &Rating) -> Vec<Term> {
    let mut ex = vec![budget_term(party, rating), xp_term(rating)];
    ex.extend(rating.challenges.iter().map(challenge_term));
    ex.push(ratio_term(rating));
    ex.push(party_level_term(rating));
    ex.extend(encounter_level_terms(rating));
    ex.push(xp_per_character_term(rating));
    ex.push(treasure_term(rating));
    ex
}

/// E1: the budget, one standard monster's XP per character, the characters of a level
/// counted together.
fn budget_term(party: &Party, rating: &Rating) -> Term {
    let per_level: Vec<String> = {
        let mut levels: Vec<(u8, usize)> = Vec::new();
        for m in &party.members {
            match levels.iter_mut().find(|(l, _)| *l == m.level.get()) {
                Some((_, c)) => *c += 1,
                None => levels.push((m.level.get(), 1)),
            }
        }
        levels
            .iter()
            .map(|(l, c)| {
                format!(
                    "{c} × {} (Monster XP table, level {l}, Standard)",
                    group_thousands(MONSTER_XP[usize::from(*l) - 1].standard),
                )
            })
            .collect()
    };
    Term {
        text: format!(
            "Budget = {} = {} XP",
            per_level.join(" + "),
            group_thousands(rating.budget)
        ),
        source: "E1: one standard monster challenges one character of its level (Monster Statistics: Level; the glossary's Standard)"
            .into(),
        ours: false,
    }
}

/// E2: the encounter's XP, group by group, allies left out.
fn xp_term(rating: &Rating) -> Term {
    let roster = &rating.roster;
    let xp_terms: Vec<String> = roster
        .iter()
        .filter(|r| !r.ally && !r.missing)
        .map(|r| match &r.challenge {
            Some(c) => format!(
                "{} (extended challenge, level {}, {} XP, A2)",
                r.name,
                c.level,
                group_thousands(c.xp)
            ),
            None => format!(
                "{} × {} ({} {} level {}, {} XP each)",
                r.count,
                r.name,
                r.rank.map_or("?", Vocabulary::key),
                r.role.map_or("?", Vocabulary::key),
                r.level.unwrap_or(0),
                group_thousands(r.xp_each.unwrap_or(0))
            ),
        })
        .collect();
    let allies = roster.iter().filter(|r| r.ally).count();
    Term {
        text: format!(
            "Encounter XP = {} = {} XP{}",
            if xp_terms.is_empty() {
                "nothing".to_owned()
            } else {
                xp_terms.join(" + ")
            },
            group_thousands(rating.xp),
            if allies > 0 {
                format!(" ({allies} allied group(s) left out)")
            } else {
                String::new()
            }
        ),
        source:
            "E2: each monster's XP from Table - Monster XP times its count; allies do not count"
                .into(),
        ours: false,
    }
}

/// A2: what one extended challenge is worth.
fn challenge_term(c: &ChallengeLine) -> Term {
    let level = if c.party_level {
        format!("level {} (the party level)", c.level)
    } else {
        format!("level {}", c.level)
    };
    Term {
        text: format!(
            "Challenge {}: {level}, {} successes = {} × {} XP (Monster XP table, level {}, Standard) = {} XP",
            c.name,
            c.successes,
            c.standard_monsters,
            group_thousands(MONSTER_XP[usize::from(c.level) - 1].standard),
            c.level,
            group_thousands(c.xp)
        ),
        // The term is marked as lairsmith's own, so its source leaves the label out.
        source: format!(
            "A2 (Extended Challenges): {}",
            c.worth
                .strip_suffix(&format!(" — {A2_LABEL}"))
                .unwrap_or(&c.worth)
        ),
        ours: true,
    }
}

fn ratio_term(rating: &Rating) -> Term {
    Term {
        text: format!(
            "Ratio = {} ÷ {} = {}",
            group_thousands(rating.xp),
            group_thousands(rating.budget),
            fmt_ratio(rating.ratio)
        ),
        source:
            "encounter XP ÷ budget; 1.00 is \"a worthy challenge, but not a deadly one\" (Monster Statistics: Level)"
                .into(),
        ours: false,
    }
}

/// E3: the party level, from the budget.
fn party_level_term(rating: &Rating) -> Term {
    let (n, budget, party_level) = (rating.party_size, rating.budget, rating.party_level);
    Term {
        text: format!(
            "Party level = closest standard XP to {} ÷ {n} = {:.1} → level {} ({} XP)",
            group_thousands(budget),
            budget as f64 / n as f64,
            party_level,
            group_thousands(standard_xp_at(party_level) as i64)
        ),
        source: "E3: ties go to the lower level".into(),
        ours: true,
    }
}

/// E3: the encounter level and its offset from the party level, which gives the band; or the
/// one term saying an encounter without a level cannot be rated.
fn encounter_level_terms(rating: &Rating) -> Vec<Term> {
    let (n, xp, party_level) = (rating.party_size, rating.xp, rating.party_level);
    let band = rating.difficulty.map(|d| d.to_string());
    match rating.encounter_level {
        Some(el) => {
            let off = el - party_level;
            vec![
                Term {
                    text: format!(
                        "Encounter level = closest standard XP to {} ÷ {n} = {:.1} → level {el} ({} XP)",
                        group_thousands(xp),
                        xp as f64 / n as f64,
                        group_thousands(standard_xp_at(el) as i64)
                    ),
                    source:
                        "E3: after Masterplan's 4e model; outside 1-30 the table's doubling pattern"
                            .into(),
                    ours: true,
                },
                Term {
                    text: format!(
                        "Offset = {el} − {} = {off:+} → {} (bands: −3 or less trivial, −2 to −1 easy, 0 to +1 standard, +2 to +4 hard, +5 or more deadly)",
                        party_level,
                        band.as_deref().unwrap_or("")
                    ),
                    source: "E3: difficulty bands".into(),
                    ours: true,
                },
            ]
        }
        None => vec![Term {
            text: "Encounter level: none (the encounter cannot be rated)".into(),
            source: "E3: an empty encounter has no level".into(),
            ours: true,
        }],
    }
}

/// E4: the XP each character earns.
fn xp_per_character_term(rating: &Rating) -> Term {
    let (n, xp) = (rating.party_size, rating.xp);
    Term {
        text: format!("XP per character = {} ÷ {n} = {} (rounded down)", group_thousands(xp), group_thousands(xp / n as u64)),
        source: "E4: the encounter's XP is shared; XP to the next level is 10 × standard XP (Table – Levels and Their Benefits; Distributing Magic Items)".into(),
        ours: false,
    }
}

/// E5: the book's average treasure per character, where its table reaches the party level.
fn treasure_term(rating: &Rating) -> Term {
    let party_level = rating.party_level;
    match rating.treasure_per_character_gp {
        Some(t) => Term {
            text: format!(
                "Treasure per character = {} gp ÷ 10 encounters = {} gp (at party level {})",
                group_thousands((t * 10.0) as i64),
                fmt_gp(t),
                party_level
            ),
            source: "E5: Table – Treasure per Player per 10 Encounters".into(),
            ours: false,
        },
        None => Term {
            text: format!(
                "Treasure: the table covers party levels 1-30, not {}",
                party_level
            ),
            source: "E5".into(),
            ours: false,
        },
    }
}
