//! Damage by level (R10): a power names a tier, and the table at the monster's level, plus the
//! wrecker bonus, turns it into dice; mooks deal static damage.

use crate::dice::DiceExpr;
use crate::rules::level::Level;
use crate::rules::rank::Rank;
use crate::rules::role::Role;
use crate::rules::tables::{DamageRow, MONSTER_DAMAGE};
use crate::vocabulary;
use std::fmt;

vocabulary! {
    /// A column of the damage table: how often a power is used and how many it targets.
    pub enum DamageTier ("damage tier") {
        AtWillSingle = ("at-will-single", "At-will, single target"),
        AtWillMulti = ("at-will-multi", "At-will, multiple targets"),
        SurgeSingle = ("surge-single", "Surge, single target"),
        SurgeMulti = ("surge-multi", "Surge, multiple targets"),
    }
}

impl DamageTier {
    /// The column for a power used on a surge (once per encounter or on a refresh) or at will,
    /// against one target or several.
    pub fn new(surge: bool, multi: bool) -> DamageTier {
        match (surge, multi) {
            (false, false) => DamageTier::AtWillSingle,
            (false, true) => DamageTier::AtWillMulti,
            (true, false) => DamageTier::SurgeSingle,
            (true, true) => DamageTier::SurgeMulti,
        }
    }

    /// Whether the power is used once per encounter or on a refresh, not at will.
    pub(crate) fn is_surge(self) -> bool {
        matches!(self, DamageTier::SurgeSingle | DamageTier::SurgeMulti)
    }

    /// Whether the power targets two or more creatures.
    pub(crate) fn is_multi(self) -> bool {
        matches!(self, DamageTier::AtWillMulti | DamageTier::SurgeMulti)
    }

    fn column(self, row: &DamageRow) -> &'static str {
        match self {
            DamageTier::AtWillSingle => row.at_will_single,
            DamageTier::AtWillMulti => row.at_will_multi,
            DamageTier::SurgeSingle => row.surge_single,
            DamageTier::SurgeMulti => row.surge_multi,
        }
    }
}

/// Damage after the table: dice, or a mook's static number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Damage {
    /// Dice to roll, from the Monster Level and Damage table, the wrecker bonus included.
    Dice(DiceExpr),
    /// A mook's static damage, no roll: the Mook Damage column, plus half the wrecker bonus
    /// (rounded down) for a wrecker.
    Static(u32),
}

impl Damage {
    /// The damage's mean: the dice's average, or the static number.
    pub fn average(&self) -> f64 {
        match self {
            Damage::Dice(d) => d.average(),
            Damage::Static(n) => f64::from(*n),
        }
    }
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Damage::Dice(d) => d.fmt(f),
            Damage::Static(n) => n.fmt(f),
        }
    }
}

/// The table row for a level.
pub(crate) fn damage_row(level: Level) -> &'static DamageRow {
    &MONSTER_DAMAGE[level.index()]
}

/// R10: the wrecker bonus added to the flat part of every damaging attack; none for other roles.
pub(crate) fn wrecker_bonus(level: Level, role: Role) -> u32 {
    match role {
        Role::Wrecker => damage_row(level).wrecker_bonus,
        _ => 0,
    }
}

/// R10: mooks deal the Mook Damage column whatever the tier, plus half the wrecker bonus
/// (rounded down) for a mook wrecker (L1869).
pub(crate) fn mook_damage(level: Level, role: Role) -> u32 {
    damage_row(level).mook + wrecker_bonus(level, role) / 2
}

/// R10: the damage a power of this tier deals for a monster of this level, rank and role.
pub fn tier_damage(tier: DamageTier, level: Level, rank: Rank, role: Role) -> Damage {
    if rank == Rank::Mook {
        return Damage::Static(mook_damage(level, role));
    }
    let base = DiceExpr::parse(tier.column(damage_row(level)))
        .expect("every cell of the damage table is a dice expression");
    Damage::Dice(base.plus(i64::from(wrecker_bonus(level, role))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::Vocabulary;

    #[test]
    fn every_table_cell_parses() {
        for row in MONSTER_DAMAGE.iter() {
            for t in DamageTier::ALL {
                DiceExpr::parse(t.column(row)).unwrap();
            }
        }
    }

    #[test]
    fn r10_wrecker_adds_to_the_flat_part_and_mook_wreckers_half() {
        let l10 = Level::new(10).unwrap();
        let d = tier_damage(DamageTier::AtWillSingle, l10, Rank::Standard, Role::Wrecker);
        assert_eq!(d.to_string(), "2d12+10");
        let l1 = Level::MIN;
        assert_eq!(
            tier_damage(DamageTier::SurgeMulti, l1, Rank::Mook, Role::Wrecker),
            Damage::Static(6)
        );
        assert_eq!(
            tier_damage(DamageTier::SurgeMulti, l1, Rank::Mook, Role::Archer),
            Damage::Static(5)
        );
    }
}
