//! Checking an adventure (A1): each encounter rated for the party as it stands when it gets
//! there, the XP each character earns (E4), where each levels up, and what treasure the
//! adventure's method gives.

use crate::adventure::file::Adventure;
use crate::adventure::saved::no_such_encounter;
use crate::bestiary::Bestiary;
use crate::data_dir::DataDir;
use crate::encounter::file::{Encounter, System};
use crate::encounter::party::{Member, Party, Played};
use crate::encounter::report::{Report, report};
use crate::hint::Hint;
use crate::rules::difficulty::Difficulty;
use crate::rules::experience::{first_xp, level_of_xp, next_level_xp};
use crate::rules::level::Level;
use crate::treasure::{Grant, Method, Plan};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// Why an encounter of the list adds nothing to the adventure's XP.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind", content = "why")]
pub enum Problem {
    /// No saved encounter has the id: an error, naming the closest ids.
    Missing(String),
    /// The file is there but cannot be read (its YAML, its party): an error.
    Unreadable(String),
    /// The encounter is read but cannot be rated (an unknown monster, no foes, another
    /// system): reported, and counted as 0 XP.
    Unrated(String),
}

impl Problem {
    /// The sentence saying what is wrong, whichever the kind.
    pub fn text(&self) -> &str {
        match self {
            Problem::Missing(s) | Problem::Unreadable(s) | Problem::Unrated(s) => s,
        }
    }

    /// Whether the adventure itself is wrong (an id or a file), not just an encounter unrated.
    pub fn is_error(&self) -> bool {
        !matches!(self, Problem::Unrated(_))
    }
}

/// One encounter of the adventure, rated.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EncounterLine {
    /// 1-based, as `adventure remove` and `level_ups` count.
    pub position: usize,
    /// The saved encounter's id as the adventure lists it (`encounters/<id>.yaml`).
    pub id: String,
    /// The encounter's `name:`; its id when the file could not be read.
    pub name: String,
    /// E2 (with A2's challenges): 0 when the encounter cannot be rated.
    pub xp: u64,
    /// E4: the XP each character earns, rounded down.
    pub xp_per_character: u64,
    /// E3's band for the party as it stands at this encounter, written as its word.
    pub band: Option<Difficulty>,
    /// E3's party level for the party as it stands at this encounter, after the level-ups of the
    /// encounters before it.
    pub party_level: i32,
    /// E3's encounter level; `None` when the encounter cannot be rated.
    pub encounter_level: Option<i32>,
    /// Why the encounter adds nothing to the adventure's XP; `None` when it was rated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<Problem>,
    /// P10: the fight that wrote this encounter's XP to the party, when it was played; its XP
    /// is then in the party's XP already and the adventure does not add it again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub played: Option<PlayedAt>,
    /// What the user can do about the problem, which its sentence leaves for each face to word
    /// (list the saved encounters, when no id is close to a missing one).
    #[serde(skip)]
    pub hint: Option<Hint>,
    /// Encounter XP ÷ the party's budget, for the pacing chart.
    #[serde(skip)]
    pub ratio: f64,
    /// The encounter, its report and the party it was rated for, for the sheet: shared by
    /// every play of one encounter at one party level, so an adventure that lists an encounter
    /// many times holds it once.
    #[serde(skip)]
    pub rated: Option<Arc<Rated>>,
    /// The encounter's treasure under the adventure's method (T1), for the party then.
    #[serde(skip)]
    pub treasure: Option<Plan>,
}

/// P10: when and by which fight an encounter of the adventure was played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayedAt {
    /// The day its XP was written (UTC), as `2026-11-29`.
    pub on: String,
    /// The fight file's id.
    pub fight: String,
    /// What each character who fought earned, as written.
    pub xp_each: u64,
}

impl PlayedAt {
    /// "played 2026-11-29": what the pacing tables and the chart add to a played encounter.
    pub fn text(&self) -> String {
        format!("played {}", self.on)
    }
}

/// An encounter and the party it was rated for. The report is made again where a sheet or a
/// preview shows it, one encounter at a time, so that an adventure of 300 encounters of 200
/// groups never holds 300 reports.
#[derive(Debug, Clone, PartialEq)]
pub struct Rated {
    /// The encounter as its file holds it, shared by every play of it at this party level.
    pub encounter: Arc<Encounter>,
    /// The party as it stood when it met the encounter, with the levels it had reached by then.
    pub party: Party,
}

impl Rated {
    /// The report the adventure's line was made from (the same function, the same inputs).
    pub fn report(&self, bestiary: &Bestiary) -> Report {
        report(&self.encounter, &self.party, bestiary)
    }
}

/// Characters reaching a level after an encounter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LevelUp {
    /// The 1-based position of the encounter after which they level up.
    pub after_encounter: usize,
    /// The level reached, 2 to 30; a character who passes several levels at once has one level-up
    /// for each.
    pub level: u8,
    /// Who, when not the whole party.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub characters: Option<Vec<String>>,
}

impl LevelUp {
    /// "the whole party reaches level 4", "Ana and Bo reach level 4".
    pub fn describe(&self) -> String {
        match self.characters.as_deref() {
            None => format!("the whole party reaches level {}", self.level),
            Some([one]) => format!("{one} reaches level {}", self.level),
            Some(many) => {
                let (last, rest) = many.split_last().expect("two or more");
                format!("{} and {last} reach level {}", rest.join(", "), self.level)
            }
        }
    }
}

impl EncounterLine {
    /// The band, or why there is none: for the sheets' pacing tables.
    pub(crate) fn band_text(&self) -> String {
        match (&self.band, &self.problem) {
            (Some(b), _) => b.to_string(),
            (None, Some(p)) => format!("not rated: {}", p.text()),
            (None, None) => "not rated".to_owned(),
        }
    }
}

/// One character over the adventure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CharacterTrack {
    /// The member's `name:`, or "character N" (counting from 1) when the party gives none.
    pub name: String,
    /// The character's level as the adventure starts, 1 to 30.
    pub start_level: u8,
    /// The character's XP as the adventure starts: the member's `xp:`, else the first XP of its
    /// level (A1, Table – Levels and Their Benefits).
    pub start_xp: u64,
    /// The character's level after the last encounter.
    pub end_level: u8,
    /// The character's XP after the last encounter: `start_xp` plus each encounter's share (E4).
    pub end_xp: u64,
    /// The XP the level after `end_level` starts at; `None` at level 30.
    pub next_level_xp: Option<u64>,
    /// The character's XP after each encounter, in order.
    #[serde(skip)]
    pub xp_after: Vec<u64>,
}

impl CharacterTrack {
    /// "level 3 (2,250 XP) → level 4 (3,948 XP); 1,552 XP to level 5".
    pub fn progress(&self) -> String {
        use crate::text::group_thousands;
        let next = self
            .next_level_xp
            .map_or("the highest level".to_owned(), |x| {
                format!(
                    "{} XP to level {}",
                    group_thousands(x - self.end_xp),
                    self.end_level + 1
                )
            });
        format!(
            "level {} ({} XP) → level {} ({} XP); {next}",
            self.start_level,
            group_thousands(self.start_xp),
            self.end_level,
            group_thousands(self.end_xp)
        )
    }
}

/// The adventure's treasure: its method, the seed its rolls repeat from, and the sum of every
/// encounter's.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AdventureTreasure {
    /// The adventure's `seed:` (0 when it has none); each encounter's rolls come from it, the
    /// encounter's id and which play of it this is ([`crate::treasure::seed_for`]).
    pub seed: u64,
    /// Every encounter's plan added up, each character at the level it ends the adventure at;
    /// serialized flat beside `seed`.
    #[serde(flatten)]
    pub plan: Plan,
}

/// The whole check.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AdventureReport {
    /// The adventure's `name:`.
    pub name: String,
    /// The party as the adventure starts, in words ([`Party::describe`]).
    pub party: String,
    /// Each encounter of the list in the order it is played; an encounter listed twice has two
    /// lines.
    pub encounters: Vec<EncounterLine>,
    /// The sum of the XP per character of every encounter not yet played (P10: a played
    /// encounter's XP is in the party's XP already).
    pub xp_per_character: u64,
    /// Each level reached, in the order of the encounters after which it comes.
    pub level_ups: Vec<LevelUp>,
    /// Each character from the adventure's start to its end, in the party's order.
    pub characters: Vec<CharacterTrack>,
    /// T1: `None` when the adventure chooses no method.
    pub treasure: Option<AdventureTreasure>,
}

impl AdventureReport {
    /// The characters to print: one line for the whole party when every character is unnamed
    /// and went the same way.
    pub fn tracks_to_show(&self) -> Vec<CharacterTrack> {
        let same = |a: &CharacterTrack, b: &CharacterTrack| {
            (a.start_level, a.start_xp, a.end_level, a.end_xp)
                == (b.start_level, b.start_xp, b.end_level, b.end_xp)
        };
        let unnamed = self
            .characters
            .iter()
            .all(|c| c.name.starts_with("character "));
        match self.characters.first() {
            Some(first) if unnamed && self.characters.iter().all(|c| same(c, first)) => {
                vec![CharacterTrack {
                    name: "Each character".to_owned(),
                    ..first.clone()
                }]
            }
            _ => self.characters.clone(),
        }
    }

    /// P10, when an encounter was played: "1 encounter played: its XP is in the party's XP
    /// already and is not added again (P10)". `None` when none was.
    pub fn played_note(&self) -> Option<String> {
        let n = self
            .encounters
            .iter()
            .filter(|l| l.played.is_some())
            .count();
        (n > 0).then(|| {
            format!(
                "{} played: {} XP is in the party's XP already and is not added again (P10)",
                crate::text::count_of(n, "encounter", "encounters"),
                if n == 1 { "its" } else { "their" }
            )
        })
    }

    /// The errors (missing or unreadable encounters), each a sentence.
    pub fn errors(&self) -> Vec<String> {
        self.errors_with_hints()
            .into_iter()
            .map(|(e, _)| e)
            .collect()
    }

    /// The errors as [`AdventureReport::errors`] says them, each with what the user can do
    /// about it, for each face to word after it.
    pub fn errors_with_hints(&self) -> Vec<(String, Option<Hint>)> {
        self.encounters
            .iter()
            .filter_map(|l| {
                let p = l.problem.as_ref().filter(|p| p.is_error())?;
                let e = format!("encounter {} (`{}`): {}", l.position, l.id, p.text());
                Some((e, l.hint.clone()))
            })
            .collect()
    }
}

fn label(m: &Member, i: usize) -> String {
    m.name
        .clone()
        .unwrap_or_else(|| format!("character {}", i + 1))
}

/// An encounter of the list as read from the data directory.
#[derive(Debug, Clone, PartialEq)]
pub enum Loaded {
    /// The encounter, read and checked.
    Found(Arc<Encounter>),
    /// No saved encounter has the id: the sentence naming the closest ids, and what the user
    /// can do when none is close.
    Missing(String, Option<Hint>),
    /// The file is there but cannot be read: why.
    Unreadable(String),
}

/// No saved encounter has the id `id`.
fn missing(data: &DataDir, id: &str) -> Loaded {
    let refused = no_such_encounter(data, id);
    Loaded::Missing(refused.to_string(), refused.hint())
}

/// Reads each distinct encounter an adventure lists.
pub fn load_encounters(data: &DataDir, ids: &[String]) -> BTreeMap<String, Loaded> {
    let mut out = BTreeMap::new();
    for id in ids {
        if out.contains_key(id) {
            continue;
        }
        let loaded = match crate::encounter::encounter_path(data, id) {
            Ok(p) => match std::fs::metadata(&p) {
                Ok(m) if m.is_file() => match crate::encounter::load_encounter(&p) {
                    Ok((e, _)) => Loaded::Found(Arc::new(e)),
                    Err(err) => Loaded::Unreadable(err.to_string()),
                },
                // A FIFO or a device is never opened: reading one could block for ever.
                Ok(m) => Loaded::Unreadable(format!(
                    "{}: {}",
                    p.display(),
                    crate::store::open::not_regular(m.file_type())
                )),
                Err(_) => missing(data, id),
            },
            Err(_) => missing(data, id),
        };
        out.insert(id.clone(), loaded);
    }
    out
}

/// Loads and rates each encounter of `adventure` for `party` in order (A1); `played` is the
/// party's record of the fights whose XP was written (P10: those encounters are played).
pub fn check(
    data: &DataDir,
    adventure: &Adventure,
    party: &Party,
    played: &[Played],
    bestiary: &Bestiary,
) -> AdventureReport {
    let loaded = load_encounters(data, &adventure.encounters);
    rate_adventure(adventure, party, played, &loaded, bestiary)
}

/// Rates each encounter of `adventure` for `party` in order (A1), from encounters already read:
/// the terminal UI reads them in its executor and rates them again at every change.
pub fn rate_adventure(
    adventure: &Adventure,
    party: &Party,
    played: &[Played],
    loaded: &BTreeMap<String, Loaded>,
    bestiary: &Bestiary,
) -> AdventureReport {
    rate_adventure_with(
        adventure,
        party,
        played,
        loaded,
        bestiary,
        &mut Ratings::default(),
    )
}

/// P10: which encounter of the list each fight of `played` was, in the list's order: the first
/// listing of an encounter not yet matched takes the first fight of it not yet matched, so an
/// encounter listed twice and played once is played at its first listing.
pub fn played_lines(encounters: &[String], played: &[Played]) -> Vec<Option<PlayedAt>> {
    let mut taken = vec![false; played.len()];
    encounters
        .iter()
        .map(|id| {
            let k = (0..played.len()).find(|&k| !taken[k] && played[k].encounter == *id)?;
            taken[k] = true;
            Some(PlayedAt {
                on: played[k].on.clone(),
                fight: played[k].id.clone(),
                xp_each: played[k].xp_each,
            })
        })
        .collect()
}

/// Each encounter rated for the party as it met it, kept between ratings of one
/// adventure: the UI rates the whole adventure again after every change, and a change (an
/// encounter moved, added or taken out) leaves most encounters met at the same levels. Valid
/// only for the same encounters read and the same bestiary; the owner clears it otherwise.
#[derive(Debug, Clone, Default)]
pub struct Ratings(HashMap<(String, Vec<Member>), EncounterLine>);

impl Ratings {
    /// Forgets every rating, for when the encounters are read again or the bestiary changes.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

/// [`rate_adventure`], taking each encounter's rating from `ratings` where it is there and
/// leaving there the ones it makes.
pub fn rate_adventure_with(
    adventure: &Adventure,
    party: &Party,
    played: &[Played],
    loaded: &BTreeMap<String, Loaded>,
    bestiary: &Bestiary,
    ratings: &mut Ratings,
) -> AdventureReport {
    // A1: a character without `xp:` starts at the first XP of its level.
    let mut members: Vec<Member> = party.members.clone();
    let mut xp: Vec<u64> = members
        .iter()
        .map(|m| m.xp.unwrap_or_else(|| first_xp(m.level)))
        .collect();
    let start: Vec<(Level, u64)> = members.iter().map(|m| m.level).zip(xp.clone()).collect();
    let mut xp_after: Vec<Vec<u64>> = vec![Vec::new(); members.len()];
    let n = party.size().max(1) as u64;
    let mut lines = Vec::new();
    let mut level_ups: Vec<LevelUp> = Vec::new();
    let seed = adventure.seed.unwrap_or(0);
    let mut treasure = adventure.treasure.map(Plan::empty);
    let mut plays_so_far: HashMap<&str, usize> = HashMap::new();
    let played = played_lines(&adventure.encounters, played);
    for (i, (id, played)) in adventure.encounters.iter().zip(played).enumerate() {
        let plays = {
            let n = plays_so_far.entry(id.as_str()).or_default();
            *n += 1;
            *n - 1
        };
        let now = Party {
            members: members.clone(),
        };
        // Each encounter is rated once per party it is met by (the members as they stand);
        // the adventure's other plays of it share that rating.
        let mut line = ratings
            .0
            .entry((id.clone(), now.members.clone()))
            .or_insert_with(|| rate(id, loaded.get(id), &now, bestiary))
            .clone();
        line.position = i + 1;
        // E4: each character earns the encounter's XP ÷ the characters, rounded down; P10: a
        // played encounter's share is in the party's XP as written, and is not added again.
        let award = match &played {
            Some(p) => {
                line.xp_per_character = p.xp_each;
                0
            }
            None => {
                line.xp_per_character = line.xp / n;
                line.xp_per_character
            }
        };
        line.played = played;
        // A missing or unreadable encounter is an error to fix, not a fight that gives treasure.
        let playable = !line.problem.as_ref().is_some_and(Problem::is_error);
        let mut plan = adventure.treasure.filter(|_| playable).map(|m| {
            let key = format!("{id}#{}", plays + 1);
            crate::treasure::for_encounter(m, &now, crate::treasure::seed_for(seed, &key))
        });
        if let Some(p) = plan.as_mut().filter(|p| p.method == Method::ItemsOnly) {
            // A1 says where each level comes: the grants go there, not after every tenth
            // encounter as a plan without levels has to assume.
            p.encounters_since_grant = 0;
            p.notes = vec![ITEMS_AT_LEVEL_UPS.to_owned()];
        }
        for (c, m) in members.iter_mut().enumerate() {
            xp[c] = xp[c].saturating_add(award);
            xp_after[c].push(xp[c]);
            level_up(i + 1, c, m, xp[c], &mut plan, &mut level_ups);
        }
        if let Some(p) = plan.as_mut() {
            p.note_item_levels();
        }
        if let (Some(total), Some(p)) = (treasure.as_mut(), &plan) {
            total.add(p);
        }
        line.treasure = plan;
        lines.push(line);
    }
    for u in &mut level_ups {
        if u.characters
            .as_ref()
            .is_some_and(|c| c.len() == members.len())
        {
            u.characters = None;
        }
    }
    let characters = members
        .iter()
        .enumerate()
        .map(|(c, m)| CharacterTrack {
            name: label(m, c),
            start_level: start[c].0.get(),
            start_xp: start[c].1,
            end_level: m.level.get(),
            end_xp: xp[c],
            next_level_xp: next_level_xp(m.level),
            xp_after: std::mem::take(&mut xp_after[c]),
        })
        .collect();
    AdventureReport {
        name: adventure.name.clone(),
        party: party.describe(),
        xp_per_character: lines
            .iter()
            .filter(|l| l.played.is_none())
            .map(|l| l.xp_per_character)
            .sum(),
        encounters: lines,
        level_ups,
        characters,
        treasure: treasure.map(|mut plan| {
            // Each character's level as the adventure ends, after its last level-up: the
            // per-encounter plans know only the level each encounter was met at.
            for (c, m) in plan.characters.iter_mut().zip(&members) {
                c.level = m.level;
            }
            // One note for the troves of every level the party passes through.
            let per_level = "T1, treasure troves: one trove of level ";
            if plan
                .notes
                .iter()
                .filter(|n| n.starts_with(per_level))
                .count()
                > 1
            {
                plan.notes.retain(|n| !n.starts_with(per_level));
                plan.notes.insert(0, TROVES_AS_THE_PARTY_LEVELS.to_owned());
            }
            AdventureTreasure { seed, plan }
        }),
    }
}

/// A1: the character `c` (`m`) at `xp` after encounter `after` (1-based) rises to the level its
/// XP reaches, one level-up for each level passed; under items only (T1) each level brings its
/// grant there.
fn level_up(
    after: usize,
    c: usize,
    m: &mut Member,
    xp: u64,
    plan: &mut Option<Plan>,
    level_ups: &mut Vec<LevelUp>,
) {
    let reached = level_of_xp(xp);
    // A1: levels only rise, one step or several at once.
    if reached > m.level {
        for l in m.level.get() + 1..=reached.get() {
            let who = label(m, c);
            if let Some(p) = plan.as_mut().filter(|p| p.method == Method::ItemsOnly) {
                p.grants.push(Grant {
                    encounter: 1,
                    character: c,
                    name: m.name.clone(),
                    level: Level::new(i64::from(l)).unwrap_or(reached),
                });
                if let Some(ct) = p.characters.get_mut(c) {
                    ct.grants += 1;
                }
                p.party.grants += 1;
            }
            match level_ups
                .iter_mut()
                .find(|u| u.after_encounter == after && u.level == l)
            {
                Some(u) => u.characters.get_or_insert_with(Vec::new).push(who),
                None => level_ups.push(LevelUp {
                    after_encounter: after,
                    level: l,
                    characters: Some(vec![who]),
                }),
            }
        }
        m.level = reached;
    }
}

/// T1 troves, in an adventure whose party levels up.
const TROVES_AS_THE_PARTY_LEVELS: &str = "T1, treasure troves: one trove per encounter, of the party's level at that encounter (the average party level, rounded down), the book's \"about 10 treasure troves\" per level at roughly 10 encounters a level.";

/// T1 items only, in an adventure.
const ITEMS_AT_LEVEL_UPS: &str = "T1, magic item only: each level, each character receives one magic item of level +2 or two of level +0, and no other treasure; in an adventure the grant comes when the character reaches the level (A1).";

/// One encounter rated for the party as it stands; never fails, as a problem is part of the
/// answer.
fn rate(id: &str, loaded: Option<&Loaded>, party: &Party, bestiary: &Bestiary) -> EncounterLine {
    let mut line = EncounterLine {
        position: 0,
        id: id.to_owned(),
        name: id.to_owned(),
        xp: 0,
        xp_per_character: 0,
        band: None,
        party_level: crate::encounter::rating::orcus::party_level_of(party),
        encounter_level: None,
        problem: None,
        played: None,
        hint: None,
        ratio: 0.0,
        rated: None,
        treasure: None,
    };
    let e = match loaded {
        Some(Loaded::Found(e)) => e,
        Some(Loaded::Unreadable(why)) => {
            line.problem = Some(Problem::Unreadable(why.clone()));
            return line;
        }
        Some(Loaded::Missing(why, hint)) => {
            line.problem = Some(Problem::Missing(why.clone()));
            line.hint.clone_from(hint);
            return line;
        }
        None => {
            line.problem = Some(Problem::Missing(format!(
                "the encounter `{id}` has not been read"
            )));
            return line;
        }
    };
    line.name = e.name.clone();
    if e.system != System::Orcus {
        line.problem = Some(Problem::Unrated(format!(
            "it is a {} encounter; an adventure rates Orcus encounters, so it counts as 0 XP",
            e.system
        )));
        return line;
    }
    // The numbers alone: the words of the arithmetic are made where a sheet shows them.
    let r = crate::encounter::rating::orcus::rate(e, party, bestiary);
    line.party_level = r.party_level;
    line.encounter_level = r.encounter_level;
    line.band = r.difficulty;
    line.ratio = r.ratio;
    if r.encounter_level.is_some() {
        line.xp = r.xp;
    } else {
        let why: Vec<&str> = r
            .warnings
            .iter()
            .filter_map(|w| w.strip_prefix("cannot be rated: "))
            .collect();
        line.problem = Some(Problem::Unrated(format!(
            "it cannot be rated ({}), so it counts as 0 XP",
            if why.is_empty() {
                "no level".to_owned()
            } else {
                why.join("; ")
            }
        )));
    }
    line.rated = Some(Arc::new(Rated {
        encounter: Arc::clone(e),
        party: party.clone(),
    }));
    line
}
