//! Monster rank (L1583-1604) and what it changes (R5).

use crate::rules::level::Level;
use crate::rules::tables::MONSTER_XP;
use crate::vocabulary;

vocabulary! {
    /// How many heroes a monster is meant to challenge.
    pub enum Rank ("rank") {
        Mook = ("mook", "Mook"),
        Standard = ("standard", "Standard"),
        Elite = ("elite", "Elite"),
        Boss = ("boss", "Boss"),
    }
    aliases {
        // The list's short form, and the 4e names GMs bring with them.
        "std" => Standard, "minion" => Mook, "solo" => Boss,
    }
}

/// R5: a mook has exactly this many hit points, whatever its role and level.
pub const MOOK_HP: u32 = 1;

impl Rank {
    /// R5: the multiplier on the whole role HP formula (mooks are fixed at [`MOOK_HP`]).
    pub fn hp_multiplier(self) -> Option<u32> {
        match self {
            Rank::Mook => None,
            Rank::Standard => Some(1),
            Rank::Elite => Some(2),
            Rank::Boss => Some(4),
        }
    }

    /// R5: saving throw bonus (L1595, L1602); standard and mook +0.
    pub fn saving_throw_bonus(self) -> i32 {
        match self {
            Rank::Mook | Rank::Standard => 0,
            Rank::Elite => 2,
            Rank::Boss => 5,
        }
    }

    /// R5: action points per encounter (L1596, L1603).
    pub fn action_points(self) -> u32 {
        match self {
            Rank::Mook | Rank::Standard => 0,
            Rank::Elite => 1,
            Rank::Boss => 2,
        }
    }

    /// R6: XP from the table, never a formula.
    pub fn xp(self, level: Level) -> u32 {
        let row = MONSTER_XP[level.index()];
        match self {
            Rank::Mook => row.mook,
            Rank::Standard => row.standard,
            Rank::Elite => row.elite,
            Rank::Boss => row.boss,
        }
    }

    /// How often this rank should attack compared with a standard monster (L1866-1867).
    pub fn attack_rate_target(self) -> u32 {
        match self {
            Rank::Mook | Rank::Standard => 1,
            Rank::Elite => 2,
            Rank::Boss => 4,
        }
    }

    /// Our one-line summary of the rank, for pickers and help.
    pub fn summary(self) -> &'static str {
        match self {
            Rank::Mook => {
                "1 HP, static damage, worth a quarter of a standard monster; four challenge one hero"
            }
            Rank::Standard => "the baseline: one challenges one hero of its level",
            Rank::Elite => "double HP, saves +2, 1 action point; worth two standard monsters",
            Rank::Boss => "quadruple HP, saves +5, 2 action points; worth five standard monsters",
        }
    }
}
