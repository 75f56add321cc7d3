//! Monster roles and their formulas (L1800-1831, R2-R4), copied exactly.

use crate::rules::abilities::Ability;
use crate::rules::level::Level;
use crate::vocabulary;

vocabulary! {
    /// What a monster contributes in combat. Leader is a flag on a role (R4), not a role.
    pub enum Role ("role") {
        Archer = ("archer", "Archer"),
        Blocker = ("blocker", "Blocker"),
        Skulker = ("skulker", "Skulker"),
        Spoiler = ("spoiler", "Spoiler"),
        Striker = ("striker", "Striker"),
        Wrecker = ("wrecker", "Wrecker"),
    }
    aliases {
        // R14: the book's example calls a skulker a "Lurker" (L1582).
        "lurker" => Skulker,
    }
}

/// The four defenses (L973).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Defenses {
    /// Armor Class.
    pub ac: i32,
    /// Fortitude.
    pub fortitude: i32,
    /// Reflex.
    pub reflex: i32,
    /// Will.
    pub will: i32,
}

/// One role's formula row: every value is "base + level" (R2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoleFormula {
    /// The defenses before the monster's level is added.
    pub defense_base: Defenses,
    /// A standard monster's HP before the per-level part (21, 24 or 27); an elite has double, a
    /// boss quadruple, a mook 1.
    pub hp_base: u32,
    /// HP gained per level (4, 5 or 6), before the rank's multiple.
    pub hp_per_level: u32,
    /// The attack bonus against AC before the level is added (+5).
    pub attack_vs_ac_base: i32,
    /// The attack bonus against Fortitude, Reflex or Will before the level is added (+3; the
    /// skulker's is +5, R3).
    pub attack_vs_other_base: i32,
}

/// The usual attack base against Fortitude, Reflex and Will (every role but the skulker).
pub(crate) const NON_AC_ATTACK_BASE: i32 = 3;
/// The attack base against AC (every role).
pub(crate) const AC_ATTACK_BASE: i32 = 5;
/// R3: the skulker's attack line (L1816) says only "+5 + level", read literally: it attacks
/// every defense at +5 + level.
pub const SKULKER_NON_AC_ATTACK_BASE: i32 = 5;

const fn formula(
    ac: i32,
    fort: i32,
    reflex: i32,
    will: i32,
    hp_base: u32,
    hp_per_level: u32,
) -> RoleFormula {
    RoleFormula {
        defense_base: Defenses {
            ac,
            fortitude: fort,
            reflex,
            will,
        },
        hp_base,
        hp_per_level,
        attack_vs_ac_base: AC_ATTACK_BASE,
        attack_vs_other_base: NON_AC_ATTACK_BASE,
    }
}

impl Role {
    /// R2: the role's formula (L1803-1831).
    pub(crate) fn formula(self) -> RoleFormula {
        match self {
            Role::Archer => formula(12, 11, 12, 12, 21, 4), // L1803-1806
            Role::Blocker => formula(16, 13, 12, 12, 24, 5), // L1808-1811
            Role::Skulker => RoleFormula {
                attack_vs_other_base: SKULKER_NON_AC_ATTACK_BASE,
                ..formula(14, 12, 13, 11, 21, 4) // L1813-1816
            },
            Role::Spoiler => formula(14, 12, 11, 13, 24, 5), // L1818-1821
            Role::Striker => formula(14, 11, 13, 12, 24, 5), // L1823-1826
            Role::Wrecker => formula(12, 13, 11, 12, 27, 6), // L1828-1831
        }
    }

    /// R2: defenses = base + level.
    pub fn defenses(self, level: Level) -> Defenses {
        let b = self.formula().defense_base;
        let l = i32::from(level.get());
        Defenses {
            ac: b.ac + l,
            fortitude: b.fortitude + l,
            reflex: b.reflex + l,
            will: b.will + l,
        }
    }

    /// R2: the standard-rank HP, base + per-level × level.
    pub(crate) fn standard_hp(self, level: Level) -> u32 {
        let f = self.formula();
        f.hp_base + f.hp_per_level * u32::from(level.get())
    }

    /// R2/R3: attack bonus against AC and against the other three defenses.
    pub(crate) fn attack_bonus(self, level: Level, vs_ac: bool) -> i32 {
        let f = self.formula();
        let base = if vs_ac {
            f.attack_vs_ac_base
        } else {
            f.attack_vs_other_base
        };
        base + i32::from(level.get())
    }

    /// R8 **\[ours\]**: the ability that gets the top score by default.
    pub fn key_ability(self) -> Ability {
        match self {
            Role::Archer | Role::Skulker | Role::Striker => Ability::Dex,
            Role::Blocker => Ability::Con,
            Role::Spoiler => Ability::Int,
            Role::Wrecker => Ability::Str,
        }
    }

    /// R8 **\[ours\]**: default scores for the five other abilities, from 10 to 14.
    pub(crate) fn default_other_scores(self) -> [(Ability, i32); 5] {
        use Ability::*;
        match self {
            Role::Archer => [(Str, 12), (Con, 12), (Int, 10), (Wis, 14), (Cha, 10)],
            Role::Blocker => [(Str, 14), (Dex, 12), (Int, 10), (Wis, 12), (Cha, 10)],
            Role::Skulker => [(Str, 12), (Con, 12), (Int, 10), (Wis, 14), (Cha, 10)],
            Role::Spoiler => [(Str, 10), (Con, 10), (Dex, 12), (Wis, 14), (Cha, 12)],
            Role::Striker => [(Str, 14), (Con, 12), (Int, 10), (Wis, 12), (Cha, 10)],
            Role::Wrecker => [(Con, 14), (Dex, 12), (Int, 10), (Wis, 12), (Cha, 10)],
        }
    }

    /// Our one-line summary of what the role does (after L1607-1613).
    pub fn summary(self) -> &'static str {
        match self {
            Role::Archer => "hits hard from a distance with ranged or far attacks",
            Role::Blocker => "stands in the way and shields its allies; the best AC",
            Role::Skulker => {
                "lands a devastating blow now and then, hiding or slipping away between"
            }
            Role::Spoiler => "hampers heroes with conditions, zones and area attacks",
            Role::Striker => "stays mobile, striking and moving so it is never pinned down",
            Role::Wrecker => "deals the most damage, adding the wrecker bonus to every attack",
        }
    }
}

/// Our one-line summary of the Leader flag (R4, after L1609).
pub const LEADER_SUMMARY: &str =
    "a flag on any role: helps allies fight better (an aura or an ally boost); changes no number";
