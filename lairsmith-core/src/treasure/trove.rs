//! T2: treasure troves, rolled as the book's "Treasure Troves" option says, keeping every die.

use crate::encounter::party::Party;
use crate::rules::level::Tier;
use crate::rules::level::{Level, MAX_LEVEL, MIN_LEVEL};
use crate::rules::tables::{
    ART_OBJECTS, CoinUnit, HEALING_POTION_BY_TIER, RANDOM_CONSUMABLES, TROVES,
};
use crate::text::group_thousands;
use crate::vocab::Vocabulary;
use crate::vocabulary;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Serialize, Serializer};

/// The party size the book's trove dice are written for; each character more adds 1 to a roll,
/// each character fewer subtracts 1 (T2).
pub(crate) const BOOK_PARTY_SIZE: i64 = 5;

/// What the user reads wherever a gemstone shows: the book says "on an 8", which would leave an
/// adjusted 9 or 10 empty for parties larger than five.
pub const GEM_READING: &str = "a gemstone on an adjusted 1d8 of 8 or more (lairsmith's own reading, T2; the book says \"on an 8\")";

vocabulary! {
    /// What the 1d12 of a trove gives (T2).
    pub enum ItemKind ("trove item") {
        /// 4 or less: a personal item or something that matters to the story, of no monetary value.
        Personal = ("personal", "personal or story item"),
        /// 5 to 7: a consumable item of the party's level (T4).
        Consumable = ("consumable", "consumable item"),
        /// 8: a miscellaneous permanent magic item (not a weapon, focus, suit of armor or cloak).
        Miscellaneous = ("miscellaneous", "miscellaneous permanent magic item"),
        /// 9 or more: an enchanted magic item of the party's level, its kind by 1d4.
        Enchanted = ("enchanted", "enchanted magic item"),
    }
}

vocabulary! {
    /// The 1d4 kind of an enchanted item (T2).
    pub enum EnchantedKind ("enchanted item kind") {
        /// 1 on the 1d4.
        Weapon = ("weapon", "weapon"),
        /// 2 on the 1d4.
        Focus = ("focus", "focus"),
        /// 3 on the 1d4: a suit of armor.
        Armor = ("armor", "suit of armor"),
        /// 4 on the 1d4.
        Cloak = ("cloak", "cloak"),
    }
}

/// A trove's coins: the die times the level's multiplier, in the table's unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Coins {
    /// How many coins: 1d6 × the level's Coin Multiplier (Table – Treasure Troves by Level).
    pub amount: u64,
    /// Gold or platinum pieces, as the table gives the level's multiplier (platinum from level 14).
    #[serde(serialize_with = "unit_key")]
    pub unit: CoinUnit,
}

fn unit_key<S: Serializer>(u: &CoinUnit, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(unit_word(*u))
}

/// "gp" or "pp", as the book writes them.
pub(crate) fn unit_word(u: CoinUnit) -> &'static str {
    match u {
        CoinUnit::Gp => "gp",
        CoinUnit::Pp => "pp",
    }
}

/// The dice of one trove as they fell, before the party-size adjustment, so a user can see the
/// roll and a test can count faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TroveRolls {
    /// Added to each of the 1d10, 1d8 and 1d12 (T2): characters beyond five, or minus those short.
    pub adjustment: i64,
    /// Coins when the adjusted roll is 6 or more.
    pub d10: u8,
    /// The coin count, rolled only when there are coins.
    pub coins_d6: Option<u8>,
    /// Art on an adjusted 5-7, a gemstone on 8 or more.
    pub d8: u8,
    /// The item: 4 or less personal, 5-7 consumable, 8 miscellaneous, 9 or more enchanted.
    pub d12: u8,
    /// The enchanted item's kind, unadjusted: the book adjusts only the three trove rolls.
    pub enchanted_d4: Option<u8>,
    /// The row of "Table – Random Consumable Items", unadjusted like the 1d4.
    pub consumable_d6: Option<u8>,
}

impl TroveRolls {
    /// A die with the party-size adjustment, never below 0 (T2).
    pub fn adjusted(&self, face: u8) -> i64 {
        (i64::from(face) + self.adjustment).max(0)
    }
}

/// One treasure trove (T2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Trove {
    /// The average party level, rounded down, clamped to the table's 1-30.
    pub level: Level,
    /// The average before clamping, when it was outside 1-30.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level_clamped_from: Option<i64>,
    /// The coins, when the adjusted 1d10 is 6 or more.
    pub coins: Option<Coins>,
    /// An art object's value in gp.
    pub art: Option<u32>,
    /// One of the book's examples of art of that value ("Table – Sample Art Objects by Value").
    pub art_example: Option<&'static str>,
    /// A gemstone's value in gp (see [`GEM_READING`]).
    pub gem: Option<u32>,
    /// What the adjusted 1d12 gave.
    pub item: ItemKind,
    /// The enchanted item's kind by 1d4, when `item` is an enchanted item.
    pub enchanted: Option<EnchantedKind>,
    /// An enchanted item is of the party's level; the specific item (the book's 1d20 tables,
    /// not in the rulebook) is the GM's choice.
    pub enchanted_level: Option<Level>,
    /// The consumable, of the party's level (T4): its row of "Table – Random Consumable
    /// Items" as the book words it, the healing potion only for the party's tier.
    pub consumable: Option<String>,
    /// The dice as they fell.
    pub rolls: TroveRolls,
}

/// The trove level of a party (T2): the average character level rounded down, clamped to
/// 1-30, with the unclamped average when it had to be clamped.
pub fn trove_level(party: &Party) -> (Level, Option<i64>) {
    let n = party.size() as i64;
    let sum: i64 = party.members.iter().map(|m| i64::from(m.level.get())).sum();
    clamp_level(sum.checked_div(n).unwrap_or(0))
}

fn clamp_level(level: i64) -> (Level, Option<i64>) {
    let clamped = level.clamp(i64::from(MIN_LEVEL), i64::from(MAX_LEVEL));
    let l = Level::new(clamped).expect("clamped to the levels Level accepts");
    (l, (clamped != level).then_some(level))
}

/// Rolls one trove for `party_size` characters at average party level `level` (T2). A level
/// outside 1-30 is clamped to the table and the trove says so.
pub fn roll_trove<R: Rng + ?Sized>(party_size: usize, level: i64, rng: &mut R) -> Trove {
    let (level, level_clamped_from) = clamp_level(level);
    let row = TROVES[level.index()];
    let size = i64::try_from(party_size).unwrap_or(i64::MAX);
    let rolls_adjustment = size.saturating_sub(BOOK_PARTY_SIZE);
    let mut rolls = TroveRolls {
        adjustment: rolls_adjustment,
        d10: rng.random_range(1..=10),
        coins_d6: None,
        d8: 0,
        d12: 0,
        enchanted_d4: None,
        consumable_d6: None,
    };
    // T2: "On a 6 or more, the trove contains coins."
    let coins = (rolls.adjusted(rolls.d10) >= 6).then(|| {
        let d6: u8 = rng.random_range(1..=6);
        rolls.coins_d6 = Some(d6);
        Coins {
            amount: u64::from(d6) * u64::from(row.coin_multiplier),
            unit: row.coin_unit,
        }
    });
    rolls.d8 = rng.random_range(1..=8);
    let d8 = rolls.adjusted(rolls.d8);
    // T2: art on 5, 6 or 7; a gemstone on 8 or more (ours, see GEM_READING).
    let art = (5..=7).contains(&d8).then_some(row.art_object_gp);
    let gem = (d8 >= 8).then_some(row.gemstone_gp);
    let art_example = art.and_then(|value| {
        let examples = ART_OBJECTS.iter().find(|(v, _)| *v == value)?.1;
        let pick = rng.random_range(0..examples.len());
        examples.get(pick).copied()
    });
    rolls.d12 = rng.random_range(1..=12);
    let item = match rolls.adjusted(rolls.d12) {
        ..=4 => ItemKind::Personal,
        5..=7 => ItemKind::Consumable,
        8 => ItemKind::Miscellaneous,
        _ => ItemKind::Enchanted,
    };
    let mut enchanted = None;
    let mut consumable = None;
    match item {
        ItemKind::Enchanted => {
            let d4: u8 = rng.random_range(1..=4);
            rolls.enchanted_d4 = Some(d4);
            enchanted = Some(match d4 {
                1 => EnchantedKind::Weapon,
                2 => EnchantedKind::Focus,
                3 => EnchantedKind::Armor,
                _ => EnchantedKind::Cloak,
            });
        }
        ItemKind::Consumable => {
            let d6: u8 = rng.random_range(1..=6);
            rolls.consumable_d6 = Some(d6);
            consumable = Some(consumable_for(d6, level));
        }
        ItemKind::Personal | ItemKind::Miscellaneous => {}
    }
    Trove {
        level,
        level_clamped_from,
        coins,
        art,
        art_example,
        gem,
        item,
        enchanted,
        enchanted_level: enchanted.map(|_| level),
        consumable,
        rolls,
    }
}

/// The healing potion (the 1-3 row of "Table – Random Consumable Items") of a level's tier,
/// in the row's words (T4): `("heroic", "potion of healing")` at levels 1-10.
pub(crate) fn healing_potion(level: Level) -> (&'static str, &'static str) {
    HEALING_POTION_BY_TIER[match level.tier() {
        Tier::Adventurer => 0,
        Tier::Prestige => 1,
        Tier::Epic => 2,
    }]
}

/// T4: what a trove's consumable is, for the 1d6 as it fell, at the party's level: the healing
/// potion of the party's tier only, or the row's other results in the book's words.
pub fn consumable_for(d6: u8, level: Level) -> String {
    let row = RANDOM_CONSUMABLES
        .iter()
        .position(|(top, _)| d6 <= *top)
        .unwrap_or(RANDOM_CONSUMABLES.len() - 1);
    if row == 0 {
        let (tier, potion) = healing_potion(level);
        return format!("{potion} (the healing potion of the {tier} tier)");
    }
    let text = RANDOM_CONSUMABLES[row].1.trim_end_matches('.');
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_lowercase().chain(chars).collect()
    })
}

/// `count` troves for `party`, at its trove level ([`trove_level`]), from one seed: the same
/// seed gives the same troves.
pub fn roll_troves(party: &Party, count: u32, seed: u64) -> Vec<Trove> {
    let mut rng = StdRng::seed_from_u64(seed);
    roll_troves_with(party, count, &mut rng)
}

pub(crate) fn roll_troves_with<R: Rng + ?Sized>(
    party: &Party,
    count: u32,
    rng: &mut R,
) -> Vec<Trove> {
    let n = party.size();
    let sum: i64 = party.members.iter().map(|m| i64::from(m.level.get())).sum();
    let level = sum.checked_div(n as i64).unwrap_or(0);
    (0..count).map(|_| roll_trove(n, level, rng)).collect()
}

impl Trove {
    /// The coins' worth in gp (a platinum piece is worth 100 gp, "Table – Exchange Rates").
    pub fn coins_gp(&self) -> u64 {
        self.coins.map_or(0, |c| match c.unit {
            CoinUnit::Gp => c.amount,
            CoinUnit::Pp => c.amount.saturating_mul(super::GP_PER_PP),
        })
    }

    /// One line: what the trove holds, then its dice.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        match self.coins {
            Some(c) => parts.push(format!(
                "coins {} × {} {u} = {} {u}",
                self.rolls.coins_d6.unwrap_or(0),
                group_thousands(TROVES[self.level.index()].coin_multiplier),
                group_thousands(c.amount),
                u = unit_word(c.unit)
            )),
            None => parts.push("no coins".into()),
        }
        if let Some(v) = self.art {
            let ex = self
                .art_example
                .map(|e| format!(" ({e})"))
                .unwrap_or_default();
            parts.push(format!("art object {} gp{ex}", group_thousands(v)));
        }
        if let Some(v) = self.gem {
            parts.push(format!(
                "gemstone {} gp (8 or more: lairsmith's own reading, T2)",
                group_thousands(v)
            ));
        }
        if self.art.is_none() && self.gem.is_none() {
            parts.push("no art or gemstone".into());
        }
        parts.push(match (self.item, self.enchanted, &self.consumable) {
            (ItemKind::Enchanted, Some(k), _) => format!(
                "enchanted magic item: {} of level {} (the GM picks it)",
                k.label(),
                self.level
            ),
            (ItemKind::Consumable, _, Some(text)) => {
                format!("consumable of level {}: {text}", self.level)
            }
            (ItemKind::Miscellaneous, _, _) => {
                "miscellaneous permanent magic item (the GM picks it)".into()
            }
            (kind, _, _) => kind.label().to_owned(),
        });
        format!("{} [{}]", parts.join("; "), self.dice())
    }

    /// "d10 7-1=6, d6 4, d8 3-1=2, d12 6-1=5, d6 2".
    pub fn dice(&self) -> String {
        let r = &self.rolls;
        let adj = |face: u8| {
            if r.adjustment == 0 {
                face.to_string()
            } else {
                format!(
                    "{face}{}={}",
                    crate::text::signed(r.adjustment),
                    r.adjusted(face)
                )
            }
        };
        let mut s = format!("d10 {}", adj(r.d10));
        if let Some(d) = r.coins_d6 {
            s.push_str(&format!(", coins d6 {d}"));
        }
        s.push_str(&format!(", d8 {}, d12 {}", adj(r.d8), adj(r.d12)));
        if let Some(d) = r.enchanted_d4 {
            s.push_str(&format!(", kind d4 {d}"));
        }
        if let Some(d) = r.consumable_d6 {
            s.push_str(&format!(", consumable d6 {d}"));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_outside_the_table_is_clamped_and_says_so() {
        let mut rng = StdRng::seed_from_u64(1);
        let t = roll_trove(4, 0, &mut rng);
        assert_eq!((t.level.get(), t.level_clamped_from), (1, Some(0)));
        let t = roll_trove(4, 31, &mut rng);
        assert_eq!((t.level.get(), t.level_clamped_from), (30, Some(31)));
        let t = roll_trove(4, 12, &mut rng);
        assert_eq!((t.level.get(), t.level_clamped_from), (12, None));
    }

    #[test]
    fn an_empty_party_rolls_at_level_one_without_panicking() {
        let empty = Party { members: vec![] };
        let t = roll_troves(&empty, 3, 9);
        assert_eq!(t.len(), 3);
        assert!(t.iter().all(|t| t.level_clamped_from == Some(0)));
    }
}
