//! Ability scores and modifiers (L115-139, R7, R8) and the seventeen skills (L339-358).

use crate::rules::level::Level;
use crate::vocabulary;

vocabulary! {
    /// The six abilities, in the book's order (L1667).
    pub enum Ability ("ability") {
        Str = ("str", "Str"),
        Con = ("con", "Con"),
        Dex = ("dex", "Dex"),
        Int = ("int", "Int"),
        Wis = ("wis", "Wis"),
        Cha = ("cha", "Cha"),
    }
    aliases {
        "strength" => Str, "constitution" => Con, "dexterity" => Dex,
        "intelligence" => Int, "wisdom" => Wis, "charisma" => Cha,
    }
}

/// R8: the base modifier of any score, floor((score - 10) / 2) (L138), also past 30.
pub fn base_modifier(score: i32) -> i32 {
    (score - 10).div_euclid(2)
}

/// R7: the listed modifier, which includes half level (L1667, L1855).
pub(crate) fn listed_modifier(score: i32, level: Level) -> i32 {
    base_modifier(score) + level.half()
}

/// R8: the default top score, 16 + half level (L1854).
pub(crate) fn default_top_score(level: Level) -> i32 {
    16 + level.half()
}

vocabulary! {
    /// The seventeen skills (L339-358).
    pub enum Skill ("skill") {
        Acrobatics = ("acrobatics", "Acrobatics"),
        Arcana = ("arcana", "Arcana"),
        Athletics = ("athletics", "Athletics"),
        Bluff = ("bluff", "Bluff"),
        Diplomacy = ("diplomacy", "Diplomacy"),
        Dungeoneering = ("dungeoneering", "Dungeoneering"),
        Endure = ("endure", "Endure"),
        Heal = ("heal", "Heal"),
        History = ("history", "History"),
        Insight = ("insight", "Insight"),
        Intimidate = ("intimidate", "Intimidate"),
        Nature = ("nature", "Nature"),
        Perception = ("perception", "Perception"),
        Religion = ("religion", "Religion"),
        SleightOfHand = ("sleight-of-hand", "Sleight of Hand"),
        Stealth = ("stealth", "Stealth"),
        Streetsmarts = ("streetsmarts", "Streetsmarts"),
    }
}

impl Skill {
    /// The ability each skill uses (L342-358).
    pub fn ability(self) -> Ability {
        use Ability::*;
        match self {
            Skill::Acrobatics | Skill::SleightOfHand | Skill::Stealth => Dex,
            Skill::Arcana | Skill::History | Skill::Religion => Int,
            Skill::Athletics => Str,
            Skill::Bluff | Skill::Diplomacy | Skill::Intimidate | Skill::Streetsmarts => Cha,
            Skill::Dungeoneering
            | Skill::Heal
            | Skill::Insight
            | Skill::Nature
            | Skill::Perception => Wis,
            Skill::Endure => Con,
        }
    }
}

/// R7: a trained skill is 5 + the listed modifier (half level counted once).
pub(crate) const TRAINED_SKILL_BONUS: i32 = 5;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r8_modifier_formula_matches_the_book_table_and_goes_past_30() {
        // L122-137, as (score, modifier) pairs.
        let table = [
            (1, -5),
            (2, -4),
            (3, -4),
            (4, -3),
            (5, -3),
            (6, -2),
            (7, -2),
            (8, -1),
            (9, -1),
            (10, 0),
            (11, 0),
            (12, 1),
            (13, 1),
            (14, 2),
            (15, 2),
            (16, 3),
            (17, 3),
            (18, 4),
            (19, 4),
            (20, 5),
            (21, 5),
            (22, 6),
            (23, 6),
            (24, 7),
            (25, 7),
            (26, 8),
            (27, 8),
            (28, 9),
            (29, 9),
            (30, 10),
        ];
        for (score, m) in table {
            assert_eq!(base_modifier(score), m, "score {score}");
        }
        assert_eq!(base_modifier(31), 10);
        assert_eq!(base_modifier(32), 11);
    }

    #[test]
    fn r7_listed_modifier_adds_half_level_once() {
        let l4 = Level::new(4).unwrap();
        assert_eq!(listed_modifier(18, l4), 6);
        assert_eq!(listed_modifier(12, l4), 3);
        let l30 = Level::new(30).unwrap();
        assert_eq!(listed_modifier(31, l30), 25);
    }

    #[test]
    fn seventeen_skills() {
        use crate::vocab::Vocabulary;
        assert_eq!(Skill::ALL.len(), 17);
    }
}
