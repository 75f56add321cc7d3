//! Re-ranking and re-roling that stay playable: the kit powers a rank or role gives are swapped
//! for the new one's, so an elite made a boss attacks about four times a round and a boss made
//! a mook targets one creature at a time (Creating New Monsters: Powers).
//!
//! Kit powers are recognised by name: a designer who rewrote a kit power's text keeps their
//! words when it stays, and a power of their own is never mistaken for a kit's.

use crate::monster::design::MonsterDesign;
use crate::monster::kit::{AttackRate, KitFor, Templates};
use crate::monster::power::{DamageSpec, Power};
use crate::rules::rank::Rank;
use crate::rules::role::Role;

/// What a re-rank did to a monster's powers, for the user to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PowerChange {
    /// A power put in, by its name: a kit power of the new rank or role.
    Added(String),
    /// A power taken out, and why.
    Removed(String, &'static str),
}

impl std::fmt::Display for PowerChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PowerChange::Added(n) => write!(f, "added {n}"),
            PowerChange::Removed(n, why) => write!(f, "removed {n} ({why})"),
        }
    }
}

/// **\[ours\]** The attack rate from which a standard or mook monster attacks as often as an
/// elite: the Elite rank's target (Creating New Monsters: Powers).
fn too_many_attacks(rank: Rank) -> Option<u32> {
    match rank {
        Rank::Standard | Rank::Mook => Some(Rank::Elite.attack_rate_target()),
        Rank::Elite => Some(Rank::Boss.attack_rate_target()),
        Rank::Boss => None,
    }
}

fn has(powers: &[Power], name: &str) -> bool {
    powers.iter().any(|p| p.name == name)
}

fn names(list: &[Power]) -> Vec<&str> {
    list.iter().map(|p| p.name.as_str()).collect()
}

/// The powers a role's kit gives a monster of `rank`: the mook variants for a mook.
fn role_powers(kits: &Templates, role: Role, rank: Rank) -> &[Power] {
    match kits.kit(KitFor::role(role)) {
        Some(k) if rank == Rank::Mook => &k.mook,
        Some(k) => &k.powers,
        None => &[],
    }
}

fn rank_powers(kits: &Templates, rank: Rank) -> &[Power] {
    let kit = match rank {
        Rank::Elite => kits.kit(KitFor::Elite),
        Rank::Boss => kits.kit(KitFor::Boss),
        _ => None,
    };
    kit.map_or(&[], |k| k.powers.as_slice())
}

/// Changes `design`'s rank and role, swapping the kit powers of the old ones for the new ones'
/// and keeping every other power, then trimming or adding attacks until the rank's attack rate
/// is right. Returns what changed among the powers.
pub fn rerank(
    design: &mut MonsterDesign,
    rank: Rank,
    role: Role,
    kits: &Templates,
) -> Vec<PowerChange> {
    let mut changes = Vec::new();
    if design.rank == rank && design.role == role {
        return changes;
    }
    let (old_rank, old_role) = (design.rank, design.role);
    let old_role_kit = role_powers(kits, old_role, old_rank);
    let new_role_kit = role_powers(kits, role, rank);
    let old_rank_kit = names(rank_powers(kits, old_rank));

    // The old role kit's powers give way to the new one's, in the place the first one held.
    let before: Vec<String> = design.powers.iter().map(|p| p.name.clone()).collect();
    let mut powers: Vec<Power> = Vec::with_capacity(design.powers.len());
    let mut placed = false;
    for p in design.powers.drain(..) {
        let from_old_role = old_role_kit.iter().any(|k| k.name == p.name);
        let from_new_role = new_role_kit.iter().any(|k| k.name == p.name);
        if from_old_role && !from_new_role {
            if !placed {
                placed = true;
                for k in new_role_kit.iter().filter(|k| !before.contains(&k.name)) {
                    powers.push(k.clone());
                    changes.push(PowerChange::Added(k.name.clone()));
                }
            }
            changes.push(PowerChange::Removed(
                p.name,
                "a kit power of the old rank or role",
            ));
            continue;
        }
        if old_rank != rank && old_rank_kit.contains(&p.name.as_str()) {
            changes.push(PowerChange::Removed(p.name, "an extra of the old rank"));
            continue;
        }
        powers.push(p);
    }
    if old_rank == Rank::Mook && rank != Rank::Mook {
        // A mook's damage is static whatever the tier (R10), so its tiers may be anything;
        // outside the mook rank each power takes the tier its usage and targets call for.
        for p in &mut powers {
            let natural = p.natural_tier();
            if let Some(DamageSpec::Tier(t)) = &mut p.damage {
                *t = natural;
            }
        }
    }
    if rank == Rank::Mook {
        // Mooks target one creature with each damaging attack (Monster Statistics: Powers).
        powers.retain(|p| {
            let several = p.hits_several();
            if several {
                changes.push(PowerChange::Removed(
                    p.name.clone(),
                    "a mook targets one creature at a time",
                ));
            }
            !several
        });
    }

    // Up: the new rank's kit extras, each only while it raises the attack rate to the target.
    let target = rank.attack_rate_target();
    let mut rate = AttackRate::of(&powers);
    for k in rank_powers(kits, rank) {
        if rate.rate() >= target || has(&powers, &k.name) {
            continue;
        }
        if rate.with(k) > rate.rate() {
            rate.add(k);
            powers.push(k.clone());
            changes.push(PowerChange::Added(k.name.clone()));
        }
    }

    // Down: attacks beyond the rank's, last first, never the basic attack. Each step asks the
    // counts, not a copy of the list, what taking one power out does.
    if let Some(limit) = too_many_attacks(rank) {
        while rate.rate() >= limit {
            let now = rate.rate();
            let drop = (0..powers.len())
                .rev()
                .find(|&i| !powers[i].basic && rate.without(&powers[i]) < now);
            let Some(i) = drop else { break };
            let p = powers.remove(i);
            rate.remove(&p);
            changes.push(PowerChange::Removed(
                p.name,
                if rank == Rank::Elite {
                    "an elite attacks about twice a round"
                } else {
                    "a standard monster or mook attacks about once a round"
                },
            ));
        }
    }

    design.rank = rank;
    design.role = role;
    design.powers = powers;
    changes
}
