//! The budget and difficulty of an encounter for a party (E1-E5), with every term of the
//! arithmetic, where it comes from, and which rulings are the project's own.

use crate::bestiary::Bestiary;
use crate::encounter::challenge::{A2_LABEL, A4_QUOTE, Challenge, FEW_SUCCESSES, Worth};
use crate::encounter::file::{Encounter, Group, Side};
use crate::encounter::party::Party;
use crate::rules::Level;
use crate::rules::difficulty::{
    BANDS, Difficulty, MAX_LEVELS_ABOVE_PARTY, band_for_offset, level_for_xp, standard_xp_at,
    upper_boundary,
};
use crate::rules::tables::{MONSTER_XP, TREASURE_PER_PLAYER_PER_10_ENCOUNTERS_GP};
use crate::text::group_thousands;
use serde::Serialize;

/// One term of the explanation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Term {
    pub text: String,
    /// Book lines or the ruling it rests on.
    pub source: String,
    /// True when the rule is the project's own reading, not the book's.
    pub ours: bool,
}

/// A roster line, resolved.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RosterLine {
    pub key: String,
    pub name: String,
    pub count: u32,
    pub level: Option<u8>,
    pub rank: Option<String>,
    pub role: Option<String>,
    pub xp_each: Option<u64>,
    pub xp_total: Option<u64>,
    pub ally: bool,
    pub placeholder: bool,
    pub missing: bool,
    /// What a labelled group uses, named beside its label so the sheet says which stat block
    /// to read: the monster's name, a placeholder's description, or an id the bestiary lacks.
    /// `None` when the group has no label (its name already says it) or is a challenge rating.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stat_block: Option<String>,
    /// A2: the line is an extended challenge, not monsters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub challenge: Option<ChallengeLine>,
}

impl RosterLine {
    /// The line's name as a sheet prints it: a label with what it uses, "Rafter goblins
    /// (Goblin Cutter)", or the name alone.
    pub fn title(&self) -> String {
        match &self.stat_block {
            Some(what) if *what != self.name => format!("{} ({what})", self.name),
            _ => self.name.clone(),
        }
    }
}

/// An extended challenge as the report rates it (A2, lairsmith's own reading).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChallengeLine {
    pub name: String,
    /// Its own level, or the party level when the file gives none.
    pub level: u8,
    /// Whether the level is the party level because the file gives none.
    pub party_level: bool,
    pub successes: u32,
    pub failures: u32,
    pub skills: Vec<SkillDc>,
    /// A3: a group check's DC (Easy) at the challenge's level.
    pub group_check_dc: u32,
    /// "Group checks DC 11 (easy, level 6)".
    pub group_check: String,
    /// How many Standard monsters of its level it counts as.
    pub standard_monsters: u64,
    pub xp: u64,
    /// The rule in words, with [`A2_LABEL`].
    pub worth: String,
}

/// One skill of a challenge with its DC ladder at the challenge's level (A3).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SkillDc {
    pub skill: String,
    /// The DC word of its first check: easy, moderate or hard.
    pub difficulty: String,
    /// The first check's DC.
    pub dc: u32,
    /// A3: the DC of every later check with the skill (Hard).
    pub later_dc: u32,
    /// "Athletics DC 16 (moderate, level 6); later checks with Athletics DC 21 (hard)".
    pub text: String,
}

/// A band as a range of encounter XP for this party.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BandRange {
    #[serde(skip)]
    pub difficulty: Difficulty,
    /// The band's word (`difficulty`'s key), for display and YAML.
    pub name: &'static str,
    pub min_xp: u64,
    /// `None`: no upper limit (deadly).
    pub max_xp: Option<u64>,
}

/// The budget of a party alone.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Budget {
    pub budget: u64,
    pub party_level: i32,
    pub bands: Vec<BandRange>,
}

/// The full report for an encounter.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    pub xp: u64,
    pub budget: u64,
    pub ratio: f64,
    pub party_level: i32,
    pub encounter_level: Option<i32>,
    /// The band's word, for display and YAML; `None` when the encounter cannot be rated.
    pub band: Option<String>,
    /// The band itself.
    #[serde(skip)]
    pub difficulty: Option<Difficulty>,
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
    pub warnings: Vec<String>,
    #[serde(skip)]
    pub party_size: usize,
    #[serde(skip)]
    pub roster: Vec<RosterLine>,
    #[serde(skip)]
    pub explanation: Vec<Term>,
    #[serde(skip)]
    pub bands: Vec<BandRange>,
    /// A2: the extended challenges, as their roster lines rate them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub challenges: Vec<ChallengeLine>,
}

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
                skill: crate::vocab::Vocabulary::key(s.skill).to_owned(),
                difficulty: crate::vocab::Vocabulary::key(s.dc).to_owned(),
                dc: s.ladder(level).0,
                later_dc: s.ladder(level).1,
                text: s.describe_ladder(level),
            })
            .collect(),
        group_check_dc: crate::encounter::challenge::GROUP_CHECK_DC.dc_at(level),
        group_check: crate::encounter::challenge::describe_group_check(level),
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
            rank: Some(crate::vocab::Vocabulary::key(p.rank).to_owned()),
            role: Some(crate::vocab::Vocabulary::key(p.role).to_owned()),
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
                rank: Some(crate::vocab::Vocabulary::key(e.card.rank).to_owned()),
                role: Some(crate::vocab::Vocabulary::key(e.card.role).to_owned()),
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

fn fmt_ratio(r: f64) -> String {
    format!("{r:.2}")
}

/// The report for `encounter` against `party`, resolving monsters in `bestiary`.
pub fn report(encounter: &Encounter, party: &Party, bestiary: &Bestiary) -> Report {
    if encounter.system == crate::encounter::file::System::D20e3 {
        return crate::encounter::report3e::report(encounter, party);
    }
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
    let band = difficulty.map(|d| d.to_string());
    let treasure = Level::new(i64::from(b.party_level))
        .ok()
        .map(|l| f64::from(TREASURE_PER_PLAYER_PER_10_ENCOUNTERS_GP[l.index()]) / 10.0);
    // Rounded once, so the summary and the arithmetic show the same figure.
    let ratio = if b.budget == 0 {
        0.0
    } else {
        (xp as f64 / b.budget as f64 * 100.0).round() / 100.0
    };

    // The explanation, term by term.
    let mut ex = Vec::new();
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
    ex.push(Term {
        text: format!(
            "Budget = {} = {} XP",
            per_level.join(" + "),
            group_thousands(b.budget)
        ),
        source: "E1: one standard monster challenges one character of its level (Monster Statistics: Level; the glossary's Standard)"
            .into(),
        ours: false,
    });
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
                r.rank.as_deref().unwrap_or("?"),
                r.role.as_deref().unwrap_or("?"),
                r.level.unwrap_or(0),
                group_thousands(r.xp_each.unwrap_or(0))
            ),
        })
        .collect();
    let allies = roster.iter().filter(|r| r.ally).count();
    ex.push(Term {
        text: format!(
            "Encounter XP = {} = {} XP{}",
            if xp_terms.is_empty() {
                "nothing".to_owned()
            } else {
                xp_terms.join(" + ")
            },
            group_thousands(xp),
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
    });
    let challenges: Vec<ChallengeLine> =
        roster.iter().filter_map(|r| r.challenge.clone()).collect();
    for c in &challenges {
        let level = if c.party_level {
            format!("level {} (the party level)", c.level)
        } else {
            format!("level {}", c.level)
        };
        ex.push(Term {
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
        });
    }
    ex.push(Term {
        text: format!(
            "Ratio = {} ÷ {} = {}",
            group_thousands(xp),
            group_thousands(b.budget),
            fmt_ratio(ratio)
        ),
        source:
            "encounter XP ÷ budget; 1.00 is \"a worthy challenge, but not a deadly one\" (Monster Statistics: Level)"
                .into(),
        ours: false,
    });
    ex.push(Term {
        text: format!(
            "Party level = closest standard XP to {} ÷ {n} = {:.1} → level {} ({} XP)",
            group_thousands(b.budget),
            b.budget as f64 / n as f64,
            b.party_level,
            group_thousands(standard_xp_at(b.party_level) as i64)
        ),
        source: "E3: ties go to the lower level".into(),
        ours: true,
    });
    match encounter_level {
        Some(el) => {
            ex.push(Term {
                text: format!(
                    "Encounter level = closest standard XP to {} ÷ {n} = {:.1} → level {el} ({} XP)",
                    group_thousands(xp),
                    xp as f64 / n as f64,
                    group_thousands(standard_xp_at(el) as i64)
                ),
                source: "E3: after Masterplan's 4e model; outside 1-30 the table's doubling pattern".into(),
                ours: true,
            });
            let off = el - b.party_level;
            ex.push(Term {
                text: format!(
                    "Offset = {el} − {} = {off:+} → {} (bands: −3 or less trivial, −2 to −1 easy, 0 to +1 standard, +2 to +4 hard, +5 or more deadly)",
                    b.party_level,
                    band.as_deref().unwrap_or("")
                ),
                source: "E3: difficulty bands".into(),
                ours: true,
            });
        }
        None => ex.push(Term {
            text: "Encounter level: none (the encounter cannot be rated)".into(),
            source: "E3: an empty encounter has no level".into(),
            ours: true,
        }),
    }
    ex.push(Term {
        text: format!("XP per character = {} ÷ {n} = {} (rounded down)", group_thousands(xp), group_thousands(xp / n as u64)),
        source: "E4: the encounter's XP is shared; XP to the next level is 10 × standard XP (Table – Levels and Their Benefits; Distributing Magic Items)".into(),
        ours: false,
    });
    match treasure {
        Some(t) => ex.push(Term {
            text: format!(
                "Treasure per character = {} gp ÷ 10 encounters = {} gp (at party level {})",
                group_thousands((t * 10.0) as i64),
                fmt_gp(t),
                b.party_level
            ),
            source: "E5: Table – Treasure per Player per 10 Encounters".into(),
            ours: false,
        }),
        None => ex.push(Term {
            text: format!(
                "Treasure: the table covers party levels 1-30, not {}",
                b.party_level
            ),
            source: "E5".into(),
            ours: false,
        }),
    }
    Report {
        xp,
        budget: b.budget,
        ratio,
        party_level: b.party_level,
        encounter_level,
        band,
        difficulty,
        xp_per_character: xp / n as u64,
        treasure_per_character_gp: treasure,
        treasure_method: None,
        treasure_text: None,
        warnings,
        party_size: n,
        roster,
        explanation: ex,
        bands: b.bands,
        challenges,
    }
}

impl Report {
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

/// 14.4 -> "14.4"; 136.0 -> "136".
pub fn fmt_gp(v: f64) -> String {
    if v.fract() == 0.0 {
        group_thousands(v as i64)
    } else {
        format!("{v:.1}")
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
