//! The encounter generator: fills a difficulty band from the bestiary with a seeded RNG, with a
//! sensible mix of roles, respecting filters and locked groups.
//!
//! The mix (lairsmith's own reading, the guide's "readings" page): mooks come in groups of [`MOOK_GROUP`] (four
//! mooks are one standard monster, L1587), at most `max_bosses` bosses and `max_leaders` leaders
//! (one each unless asked), and no more archers than front-line blockers and wreckers plus one.
//! A locked group is kept exactly as it is, monster or placeholder, count and label: the
//! generator fills the rest of the budget around it and never adds to it.

use crate::bestiary::{Bestiary, Entry, Filter, search};
use crate::encounter::count::Count;
use crate::encounter::file::{Encounter, GeneratedGroup, Generation, Group, Side};
use crate::encounter::party::Party;
use crate::encounter::rating::BandRange;
use crate::encounter::rating::orcus::budget;
use crate::rules::difficulty::{Difficulty, MAX_LEVELS_ABOVE_PARTY};
// The words of what the generator aims at, where its callers look for them.
pub use crate::rules::difficulty::an_encounter;
use crate::rules::{Rank, Role};
use crate::text::group_thousands;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// What to generate.
#[derive(Debug, Clone)]
pub struct Request {
    /// The new encounter's name.
    pub name: String,
    /// The party the band is reckoned for (E1, E3).
    pub party: Party,
    /// The difficulty band to reach (E3).
    pub band: Difficulty,
    /// A fuzzy query every picked monster must match, as the bestiary search takes it; empty for
    /// any.
    pub query: String,
    /// Field filters every picked monster must pass (levels, ranks, roles, sources, types,
    /// tags).
    pub filter: Filter,
    /// Groups that must stay in the encounter exactly as they are.
    pub locked: Vec<Group>,
    /// The most monsters in the encounter (`--max-monsters`).
    pub max_monsters: u32,
    /// The most boss-rank monsters (`--max-bosses`).
    pub max_bosses: u32,
    /// The most leaders; [`DEFAULT_MAX_LEADERS`] unless the user asks for more.
    pub max_leaders: u32,
    /// The seed of every roll: the same seed, request and bestiary give the same encounter.
    pub seed: u64,
}

/// The result: the encounter, and whether it reached the band.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The new encounter, its `generated` record filled in.
    pub encounter: Encounter,
    /// The encounter's XP for the party (E2).
    pub xp: u64,
    /// Whether the XP lies in the band; when not, the closest attempt is kept.
    pub met: bool,
    /// The band aimed at, as a range of XP for the party.
    pub target: BandRange,
}

impl Generated {
    /// Why the result falls short, in a sentence: "the bestiary could not fill an easy
    /// encounter (551 to 750 XP) with these filters; the closest found has 480 XP".
    pub fn shortfall(&self) -> String {
        format!(
            "the bestiary could not fill {} ({}{} XP) with these filters; the closest found has {} XP",
            an_encounter(self.target.name),
            group_thousands(self.target.min_xp),
            self.target
                .max_xp
                .map_or("+".to_owned(), |m| format!(" to {}", group_thousands(m))),
            group_thousands(self.xp)
        )
    }
}

/// How many tries the generator makes before keeping the closest.
pub(crate) const ATTEMPTS: usize = 300;
/// Mooks come in groups of exactly this many (four mooks are one standard, L1587).
pub const MOOK_GROUP: u32 = 4;
/// The levels below the party level the generator will still use.
pub(crate) const MAX_LEVELS_BELOW_PARTY: i32 = 4;
/// Leaders in a generated encounter unless the request asks for more: one leader leads.
pub const DEFAULT_MAX_LEADERS: u32 = 1;

/// Why generation could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The request's band is not one of the party's bands (the band's word).
    #[error("unknown difficulty `{0}`; valid: trivial, easy, standard, hard, deadly")]
    UnknownBand(String),
    /// No monster passes the query and the filters between the lowest and highest levels the
    /// generator uses (the two levels).
    #[error("no monster in the bestiary matches the filters within levels {0} to {1}")]
    NoCandidates(i32, i32),
    /// A locked group's monster id is not in the bestiary (the id).
    #[error("locked monster `{0}` is not in the bestiary")]
    UnknownLock(String),
}

/// The most candidates one generation weighs; a larger pool is sampled (see [`generate`]).
pub(crate) const MAX_POOL: usize = 4096;

/// The seed of the next generated encounter from `state`, which it advances: a front end that
/// generates again and again draws each [`Request::seed`] from one stream (splitmix64), so a
/// run of rolls is as reproducible as its first seed.
pub fn next_seed(state: &mut u64) -> u64 {
    crate::hash::splitmix64(state)
}

/// Generates an encounter: the locked groups first, exactly as given, then what fills the band.
/// The encounter's notes stay empty (they are the user's); its `generated` record says how it
/// was made.
pub fn generate(bestiary: &Bestiary, req: &Request) -> Result<Generated, GenerateError> {
    let b = budget(&req.party);
    let target = b
        .bands
        .iter()
        .find(|x| x.difficulty == req.band)
        .cloned()
        .ok_or_else(|| GenerateError::UnknownBand(req.band.to_string()))?;
    let highest = i32::from(req.party.highest_level().get());
    let (lo, hi) = (
        b.party_level - MAX_LEVELS_BELOW_PARTY,
        highest + MAX_LEVELS_ABOVE_PARTY,
    );
    for l in &req.locked {
        if let Some(id) = &l.monster
            && bestiary.get(id).is_none()
        {
            return Err(GenerateError::UnknownLock(id.clone()));
        }
    }
    // A locked monster is never picked again: more of it would change the locked group, or
    // start a second group the user did not lock.
    let is_locked = |id: &str| req.locked.iter().any(|g| g.monster.as_deref() == Some(id));
    let mut candidates: Vec<&Entry> = search(bestiary, &req.query, &req.filter)
        .into_iter()
        .map(|h| &bestiary.entries[h.index])
        .filter(|e| (lo..=hi).contains(&i32::from(e.card.level.get())))
        .filter(|e| !is_locked(&e.card.id))
        .collect();
    if candidates.is_empty() && req.locked.is_empty() {
        return Err(GenerateError::NoCandidates(lo.max(1), hi.min(30)));
    }
    let mut rng = StdRng::seed_from_u64(req.seed);
    // Every attempt weighs every candidate at every pick: past a few thousand, a fair sample
    // drawn with the seed chooses as well and keeps a hundred thousand monsters as quick as
    // ten thousand. Smaller pools are used whole, so their seeds give what they always gave.
    if candidates.len() > MAX_POOL {
        let picked = rand::seq::index::sample(&mut rng, candidates.len(), MAX_POOL);
        candidates = picked.iter().map(|i| candidates[i]).collect();
    }
    candidates.sort_by(|a, b| a.card.id.cmp(&b.card.id));
    let max_xp = target.max_xp.unwrap_or(target.min_xp.saturating_mul(2));
    let mut best: Option<(u64, Vec<Group>, u64)> = None; // (distance, groups, xp)
    for _ in 0..ATTEMPTS {
        let (groups, xp) = attempt(bestiary, &candidates, req, &target, max_xp, &mut rng);
        let distance = target.min_xp.saturating_sub(xp) + xp.saturating_sub(max_xp);
        if best.as_ref().is_none_or(|(d, _, _)| distance < *d) {
            best = Some((distance, groups, xp));
            if distance == 0 && rng.random_bool(0.5) {
                break;
            }
        }
    }
    let (distance, groups, xp) = best.unwrap_or_else(|| (u64::MAX, req.locked.clone(), 0));
    let met = distance == 0;
    let mut encounter = Encounter::new(&req.name, &req.party);
    encounter.generated = Some(Box::new(Generation {
        roster: groups.iter().map(GeneratedGroup::of).collect(),
        seed: req.seed,
        difficulty: req.band,
        query: Some(req.query.trim().to_owned()).filter(|q| !q.is_empty()),
        filters: req.filter.describe(),
        locked: req.locked.iter().map(Group::key).collect(),
        max_monsters: req.max_monsters,
        max_bosses: req.max_bosses,
        max_leaders: req.max_leaders,
        met,
        extra: Default::default(),
    }));
    encounter.groups = groups;
    Ok(Generated {
        encounter,
        xp,
        met,
        target,
    })
}

fn xp_of(e: &Entry) -> u64 {
    u64::try_from(e.card.xp.max(0)).unwrap_or(0)
}

/// What the mix rules look at in a group: rank, role, leader, and how many.
struct Member {
    rank: Rank,
    role: Role,
    leader: bool,
    count: u32,
    xp_each: u64,
}

/// The foes of `groups` as the mix rules see them; allies count for nothing (E2), and a monster
/// missing from the bestiary counts as nothing too.
fn members(bestiary: &Bestiary, groups: &[Group]) -> Vec<Member> {
    groups
        .iter()
        .filter(|g| g.side == Side::Foe)
        .filter_map(|g| {
            let (rank, role, leader, xp_each) = match (&g.monster, &g.placeholder) {
                (Some(id), _) => {
                    let e = bestiary.get(id)?;
                    (e.card.rank, e.card.role, e.card.leader, xp_of(e))
                }
                (None, Some(p)) => (p.rank, p.role, false, u64::from(p.rank.xp(p.level))),
                (None, None) => return None,
            };
            Some(Member {
                rank,
                role,
                leader,
                count: g.count.get(),
                xp_each,
            })
        })
        .collect()
}

fn is_front(role: Role) -> bool {
    matches!(role, Role::Blocker | Role::Wrecker)
}

fn attempt(
    bestiary: &Bestiary,
    candidates: &[&Entry],
    req: &Request,
    target: &BandRange,
    max_xp: u64,
    rng: &mut StdRng,
) -> (Vec<Group>, u64) {
    let mut groups: Vec<Group> = req.locked.clone();
    let locked = groups.len();
    let fixed = locked_challenges_xp(&req.locked, &req.party);
    // Aim somewhere inside the band, not always at its floor.
    let aim = if max_xp > target.min_xp {
        rng.random_range(target.min_xp..=max_xp)
    } else {
        target.min_xp
    };
    loop {
        let now = members(bestiary, &groups);
        let count = |f: &dyn Fn(&Member) -> bool| -> u32 {
            now.iter().filter(|m| f(m)).map(|m| m.count).sum()
        };
        let xp: u64 = fixed
            + now
                .iter()
                .map(|m| m.xp_each * u64::from(m.count))
                .sum::<u64>();
        let monsters = count(&|_| true);
        if monsters >= req.max_monsters || xp >= aim {
            break;
        }
        let bosses = count(&|m| m.rank == Rank::Boss);
        let leaders = count(&|m| m.leader);
        let archers = count(&|m| m.role == Role::Archer);
        let front = count(&|m| is_front(m.role));
        let room = max_xp.saturating_sub(xp);
        let slots = req.max_monsters - monsters;
        let size = |e: &Entry| {
            if e.card.rank == Rank::Mook {
                MOOK_GROUP
            } else {
                1
            }
        };
        let weighted: Vec<(f64, &Entry)> = candidates
            .iter()
            .filter(|e| xp_of(e) > 0 && size(e) <= slots)
            .filter(|e| xp_of(e).saturating_mul(u64::from(size(e))) <= room)
            .filter(|e| e.card.rank != Rank::Boss || bosses < req.max_bosses)
            .filter(|e| !e.card.leader || leaders < req.max_leaders)
            // A blocker or wrecker before many archers: no more archers than front-liners + 1.
            .filter(|e| e.card.role != Role::Archer || archers <= front)
            .map(|e| {
                let same_role = count(&|m| m.role == e.card.role);
                let same = groups[locked..]
                    .iter()
                    .any(|g| g.monster.as_deref() == Some(e.card.id.as_str()));
                let mut w = 1.0 / (1.0 + f64::from(same_role));
                if same {
                    w *= 1.5; // groups of one kind read well at the table
                }
                if front == 0 && is_front(e.card.role) {
                    w *= 2.0;
                }
                (w, *e)
            })
            .collect();
        if weighted.is_empty() {
            break;
        }
        let total: f64 = weighted.iter().map(|(w, _)| w).sum();
        let mut pick = rng.random_range(0.0..total);
        let mut chosen = weighted[0].1;
        for (w, e) in &weighted {
            if pick < *w {
                chosen = e;
                break;
            }
            pick -= w;
        }
        // `slots` keeps the whole encounter within `max_monsters`, itself far below a group's
        // maximum, so the count is always valid; a merge that would pass it starts a new group.
        let Ok(count) = Count::new(i64::from(size(chosen))) else {
            break;
        };
        let g = Group::monster(&chosen.card.id, count);
        // Only the groups this attempt added grow: the locked ones stay as they were.
        let merged = groups[locked..]
            .iter_mut()
            .find(|x| x.monster == g.monster && x.side == g.side && x.label.is_none())
            .map(|existing| existing.count.plus(count).map(|c| existing.count = c));
        if !matches!(merged, Some(Ok(()))) {
            groups.push(g);
        }
    }
    let xp = fixed
        + members(bestiary, &groups)
            .iter()
            .map(|m| m.xp_each * u64::from(m.count))
            .sum::<u64>();
    (groups, xp)
}

/// A2: the XP of the locked challenges, rated as among the monsters the generator adds (one or
/// two Standard monsters of their level each).
fn locked_challenges_xp(locked: &[Group], party: &Party) -> u64 {
    let party_level = crate::encounter::rating::orcus::party_level_of(party);
    locked
        .iter()
        .filter_map(|g| g.challenge.as_ref())
        .map(|c| {
            let worth = c.worth(true, party.size());
            crate::encounter::Challenge::xp(c.level_for(party_level), worth)
        })
        .sum()
}
