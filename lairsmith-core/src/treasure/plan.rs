//! T1: what each of the book's four methods gives over some encounters, per character and for
//! the party, as one additive [`Plan`].

use super::trove::{ItemKind, Trove, roll_troves_with, trove_level};
use super::{GEM_READING, GP_PER_PP, Gp, MAX_ENCOUNTERS, Method};
use crate::encounter::party::{Member, Party};
use crate::encounter::rating::orcus::party_level_of;
use crate::rules::level::Level;
use crate::rules::tables::{CoinUnit, TREASURE_PER_PLAYER_PER_10_ENCOUNTERS_GP};
use crate::vocab::Vocabulary;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Serialize, Serializer};

/// T1, items only: "each level", at the book's roughly 10 encounters per level.
pub(crate) const ENCOUNTERS_PER_LEVEL: u32 = 10;
/// T1, steady: "a new permanent magic item every 12 encounters or so".
pub(crate) const ENCOUNTERS_PER_ITEM: u32 = 12;

/// T1, items only: the better choice of a grant is one item of the character's level plus this.
pub const ITEMS_ONLY_PLUS: u32 = 2;

/// A permanent item a character found (steady progression): of their level +1d4, never past
/// level 30 (T3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PermanentItem {
    /// The encounter (counting from 1) that gave it.
    pub encounter: u32,
    /// The item's level: the character's level plus `d4`, at most
    /// [`MAX_ITEM_LEVEL`](crate::treasure::MAX_ITEM_LEVEL) (T3).
    pub level: u32,
    /// The 1d4 added to the character's level.
    pub d4: u8,
    /// T3: the level past 30 the character's level + 1d4 came to, when `level` stopped at 30.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub past_30: Option<u32>,
}

/// Items only: after a level's worth of encounters, the GM gives one character one item of
/// level +2 or two of level +0.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Grant {
    /// The encounter (counting from 1) that brings the grant: every tenth, or in an adventure the
    /// one after which the character reaches the level (A1).
    pub encounter: u32,
    /// The character's place in the party, from 0.
    pub character: usize,
    /// The character's name, when the party gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The character's level at the grant: the items are of this level +2 (one) or +0 (two).
    pub level: Level,
}

impl Grant {
    /// "the GM picks one item of level 5 or two of level 3"; at level 29 and 30 the one item
    /// is of level 30 (T3) and says so.
    pub fn choice(&self) -> String {
        let l = u32::from(self.level.get());
        let (one, past) = super::item_level(l, ITEMS_ONLY_PLUS);
        let past = past.map_or(String::new(), |p| {
            format!(" (not {p}: items stop at level 30, T3)")
        });
        format!("the GM picks one item of level {one}{past} or two of level {l}")
    }

    /// Whether the one item's level stopped at 30 (T3).
    pub(crate) fn stops_at_30(&self) -> bool {
        super::item_level(u32::from(self.level.get()), ITEMS_ONLY_PLUS)
            .1
            .is_some()
    }
}

/// One character's treasure over the plan.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CharacterTreasure {
    /// The character's name, when the party gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The level at the plan's last encounter; in an adventure's sum, the level the character
    /// ends the adventure at, after its last level-up.
    pub level: Level,
    /// Steady: E5's gold; troves: an even share of the troves' total worth; else 0.
    pub gold_gp: Gp,
    /// Steady: the items rolled, in the order of the encounters that gave them.
    pub permanent_items: Vec<PermanentItem>,
    /// Steady: the book's expectation, one item per 12 encounters.
    #[serde(serialize_with = "two_places")]
    pub expected_permanent_items: f64,
    /// Items only: how many grants the character had.
    pub grants: u32,
}

impl CharacterTreasure {
    fn of(m: &Member) -> CharacterTreasure {
        CharacterTreasure {
            name: m.name.clone(),
            level: m.level,
            gold_gp: Gp::ZERO,
            permanent_items: Vec::new(),
            expected_permanent_items: 0.0,
            grants: 0,
        }
    }

    fn add(&mut self, o: &CharacterTreasure, offset: u32) {
        self.name.clone_from(&o.name);
        self.level = o.level;
        self.gold_gp = self.gold_gp.saturating_add(o.gold_gp);
        self.permanent_items
            .extend(o.permanent_items.iter().map(|i| PermanentItem {
                encounter: i.encounter.saturating_add(offset),
                ..*i
            }));
        self.expected_permanent_items += o.expected_permanent_items;
        self.grants = self.grants.saturating_add(o.grants);
    }
}

/// The party's treasure over the plan.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Totals {
    /// Steady: every character's E5 gold; troves: the coins in gold pieces.
    pub gold_gp: Gp,
    /// Troves: the coins in platinum pieces, kept as platinum.
    pub platinum_pp: u64,
    /// Troves: how many art objects.
    pub art_objects: u32,
    /// Troves: the art objects' worth in gold pieces.
    pub art_gp: u64,
    /// Troves: how many gemstones.
    pub gems: u32,
    /// Troves: the gemstones' worth in gold pieces.
    pub gems_gp: u64,
    /// All of the above in gold pieces, a platinum piece counting 100 gp.
    pub total_gp: Gp,
    /// Steady: rolled items; troves: miscellaneous and enchanted items.
    pub permanent_items: u32,
    /// Steady: the book's expectation for the whole party, one item per character per 12
    /// encounters.
    #[serde(serialize_with = "two_places")]
    pub expected_permanent_items: f64,
    /// Troves: enchanted magic items (weapons, focuses, armor, cloaks).
    pub enchanted_items: u32,
    /// Troves: miscellaneous permanent magic items.
    pub miscellaneous_items: u32,
    /// Troves: consumable items.
    pub consumables: u32,
    /// Troves: personal or story items, of no monetary value.
    pub personal_items: u32,
    /// Items only: how many grants, every character's together.
    pub grants: u32,
}

impl Totals {
    fn add(&mut self, o: &Totals) {
        self.gold_gp = self.gold_gp.saturating_add(o.gold_gp);
        self.platinum_pp = self.platinum_pp.saturating_add(o.platinum_pp);
        self.art_objects = self.art_objects.saturating_add(o.art_objects);
        self.art_gp = self.art_gp.saturating_add(o.art_gp);
        self.gems = self.gems.saturating_add(o.gems);
        self.gems_gp = self.gems_gp.saturating_add(o.gems_gp);
        self.total_gp = self.total_gp.saturating_add(o.total_gp);
        self.permanent_items = self.permanent_items.saturating_add(o.permanent_items);
        self.expected_permanent_items += o.expected_permanent_items;
        self.enchanted_items = self.enchanted_items.saturating_add(o.enchanted_items);
        self.miscellaneous_items = self
            .miscellaneous_items
            .saturating_add(o.miscellaneous_items);
        self.consumables = self.consumables.saturating_add(o.consumables);
        self.personal_items = self.personal_items.saturating_add(o.personal_items);
        self.grants = self.grants.saturating_add(o.grants);
    }

    fn add_trove(&mut self, t: &Trove) {
        if let Some(c) = t.coins {
            match c.unit {
                CoinUnit::Gp => self.gold_gp = self.gold_gp.saturating_add(Gp::whole(c.amount)),
                CoinUnit::Pp => self.platinum_pp = self.platinum_pp.saturating_add(c.amount),
            }
        }
        if let Some(v) = t.art {
            self.art_objects += 1;
            self.art_gp = self.art_gp.saturating_add(u64::from(v));
        }
        if let Some(v) = t.gem {
            self.gems += 1;
            self.gems_gp = self.gems_gp.saturating_add(u64::from(v));
        }
        let worth = t
            .coins_gp()
            .saturating_add(u64::from(t.art.unwrap_or(0)))
            .saturating_add(u64::from(t.gem.unwrap_or(0)));
        self.total_gp = self.total_gp.saturating_add(Gp::whole(worth));
        match t.item {
            ItemKind::Personal => self.personal_items += 1,
            ItemKind::Consumable => self.consumables += 1,
            ItemKind::Miscellaneous => {
                self.miscellaneous_items += 1;
                self.permanent_items += 1;
            }
            ItemKind::Enchanted => {
                self.enchanted_items += 1;
                self.permanent_items += 1;
            }
        }
    }
}

fn two_places<S: Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64((v * 100.0).round() / 100.0)
}

/// What a method gives over some encounters. Plans add up ([`Plan::add`]), so an adventure
/// whose party levels up in the middle sums one plan per encounter.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Plan {
    /// The method the plan follows (T1).
    pub method: Method,
    /// How many encounters the plan covers, at most
    /// [`MAX_ENCOUNTERS`](crate::treasure::MAX_ENCOUNTERS).
    pub encounters: u32,
    /// Each character's treasure, in the party's order.
    pub characters: Vec<CharacterTreasure>,
    /// The party's treasure, all characters together.
    pub party: Totals,
    /// Troves: one per encounter, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub troves: Vec<Trove>,
    /// Items only: the grants, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub grants: Vec<Grant>,
    /// Where each number comes from, and the rulings that are lairsmith's own.
    pub notes: Vec<String>,
    /// Items only: encounters since the last grant, carried into the next [`Plan::add`].
    pub encounters_since_grant: u32,
}

impl Plan {
    /// No encounters yet: the start of a sum.
    pub fn empty(method: Method) -> Plan {
        Plan {
            method,
            encounters: 0,
            characters: Vec::new(),
            party: Totals::default(),
            troves: Vec::new(),
            grants: Vec::new(),
            notes: Vec::new(),
            encounters_since_grant: 0,
        }
    }

    fn note(&mut self, n: impl Into<String>) {
        let n = n.into();
        if !self.notes.contains(&n) {
            self.notes.push(n);
        }
    }

    /// Appends `other`'s encounters after this plan's: gold and counts add, items, troves and
    /// grants keep their order (their encounter numbers move past this plan's), characters
    /// match by their place in the party and take `other`'s names and levels. Items only: the
    /// encounters left over since each plan's last grant add up, and when they reach ten the
    /// grant falls on the last encounter at the characters' latest levels, which is exact when
    /// plans are added one encounter at a time.
    pub fn add(&mut self, other: &Plan) {
        if self.encounters == 0 && self.characters.is_empty() {
            self.method = other.method;
        } else if other.method != self.method {
            self.note(format!(
                "This plan sums encounters planned with different methods ({} and {}).",
                self.method.key(),
                other.method.key()
            ));
        }
        let offset = self.encounters;
        self.encounters = self.encounters.saturating_add(other.encounters);
        for (i, oc) in other.characters.iter().enumerate() {
            match self.characters.get_mut(i) {
                Some(c) => c.add(oc, offset),
                None => {
                    // A character who joins later starts from nothing.
                    let mut c = CharacterTreasure {
                        name: None,
                        level: oc.level,
                        gold_gp: Gp::ZERO,
                        permanent_items: Vec::new(),
                        expected_permanent_items: 0.0,
                        grants: 0,
                    };
                    c.add(oc, offset);
                    self.characters.push(c);
                }
            }
        }
        self.party.add(&other.party);
        self.troves.extend(other.troves.iter().cloned());
        self.grants.extend(other.grants.iter().map(|g| Grant {
            encounter: g.encounter.saturating_add(offset),
            ..g.clone()
        }));
        for n in &other.notes {
            self.note(n.clone());
        }
        if other.method == Method::ItemsOnly {
            self.encounters_since_grant += other.encounters_since_grant;
            if self.encounters_since_grant >= ENCOUNTERS_PER_LEVEL {
                self.encounters_since_grant -= ENCOUNTERS_PER_LEVEL;
                self.grant_all(self.encounters);
            }
            self.grants.sort_by_key(|g| (g.encounter, g.character));
        }
    }

    fn grant_all(&mut self, encounter: u32) {
        for (i, c) in self.characters.iter_mut().enumerate() {
            self.grants.push(Grant {
                encounter,
                character: i,
                name: c.name.clone(),
                level: c.level,
            });
            c.grants += 1;
            self.party.grants += 1;
        }
        self.note_item_levels();
    }

    /// T3: says so when a grant's item stopped at level 30.
    pub(crate) fn note_item_levels(&mut self) {
        if self.grants.iter().any(Grant::stops_at_30) {
            self.note(super::ITEM_LEVEL_READING);
        }
    }
}

/// T1: what `method` gives `party` over `encounters` encounters, rolled from `seed` (the same
/// seed gives the same plan). At most [`MAX_ENCOUNTERS`]; beyond that the plan stops and says so.
pub fn plan(method: Method, party: &Party, encounters: u32, seed: u64) -> Plan {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut p = Plan::empty(method);
    let n = encounters.min(MAX_ENCOUNTERS);
    if n < encounters {
        p.note(format!(
            "Only the first {MAX_ENCOUNTERS} of {encounters} encounters are planned."
        ));
    }
    p.encounters = n;
    p.characters = party.members.iter().map(CharacterTreasure::of).collect();
    if party.size() == 0 {
        p.note("The party has no characters: there is no one to give treasure to.");
        return p;
    }
    match method {
        Method::Steady => steady(&mut p, party, &mut rng),
        Method::ItemsOnly => items_only(&mut p),
        Method::Troves => troves(&mut p, party, &mut rng),
        Method::Narrative => p.note(
            "T1, narrative play: nothing is computed; the characters get treasure when they earn it.",
        ),
    }
    p
}

/// One encounter of an adventure: [`plan`] over a single encounter, to sum with [`Plan::add`].
pub fn for_encounter(method: Method, party: &Party, seed: u64) -> Plan {
    plan(method, party, 1, seed)
}

/// T1 steady progression: E5's gold every encounter, and a 1-in-12 chance per character and
/// encounter of a permanent item of the character's level +1d4.
fn steady<R: Rng + ?Sized>(p: &mut Plan, party: &Party, rng: &mut R) {
    // E5: the party level is E3's, as on the encounter sheet.
    let level = party_level_of(party).clamp(1, 30);
    let per_10 = TREASURE_PER_PLAYER_PER_10_ENCOUNTERS_GP[(level - 1) as usize];
    // ÷ 10 encounters: the table's gold pieces are exactly the tenths of one encounter's share.
    let per_encounter = Gp::from_tenths(u64::from(per_10));
    let n = p.encounters;
    for e in 1..=n {
        for c in &mut p.characters {
            if rng.random_range(1..=ENCOUNTERS_PER_ITEM) == ENCOUNTERS_PER_ITEM {
                let d4: u8 = rng.random_range(1..=4);
                let (level, past_30) = super::item_level(u32::from(c.level.get()), u32::from(d4));
                c.permanent_items.push(PermanentItem {
                    encounter: e,
                    level,
                    d4,
                    past_30,
                });
            }
        }
    }
    let expected = f64::from(n) / f64::from(ENCOUNTERS_PER_ITEM);
    for c in &mut p.characters {
        c.gold_gp = per_encounter.saturating_mul(u64::from(n));
        c.expected_permanent_items = expected;
        p.party.gold_gp = p.party.gold_gp.saturating_add(c.gold_gp);
        p.party.permanent_items += c.permanent_items.len() as u32;
        p.party.expected_permanent_items += expected;
    }
    p.party.total_gp = p.party.gold_gp;
    if p.characters
        .iter()
        .flat_map(|c| &c.permanent_items)
        .any(|i| i.past_30.is_some())
    {
        p.note(super::ITEM_LEVEL_READING);
    }
    p.note(format!(
        "E5: Table – Treasure per Player per 10 Encounters ÷ 10 at party level {level}: {per_encounter} gp per character per encounter."
    ));
    p.note("T1, steady progression: each encounter, each character has a 1-in-12 chance (a 12 on 1d12) of a permanent magic item of their level +1d4 (+1 to +4, 25 % each); the book expects one every 12 encounters or so, 0.8 per level.");
}

/// T1 magic items only: one grant per character after every tenth encounter, nothing else.
fn items_only(p: &mut Plan) {
    for e in 1..=p.encounters {
        p.encounters_since_grant += 1;
        if p.encounters_since_grant == ENCOUNTERS_PER_LEVEL {
            p.encounters_since_grant = 0;
            p.grant_all(e);
        }
    }
    p.note("T1, magic item only: each level, each character receives one magic item of level +2 or two of level +0, and no other treasure; at the book's roughly 10 encounters per level, lairsmith grants after every 10th encounter.");
}

/// T1 treasure troves: one trove per encounter at the party's trove level (T2).
fn troves<R: Rng + ?Sized>(p: &mut Plan, party: &Party, rng: &mut R) {
    let (level, clamped) = trove_level(party);
    p.troves = roll_troves_with(party, p.encounters, rng);
    for t in &p.troves {
        p.party.add_trove(t);
    }
    let share = p.party.total_gp.share(party.size());
    for c in &mut p.characters {
        c.gold_gp = share;
    }
    if let Some(avg) = clamped {
        p.note(format!(
            "T2: the average party level {avg} is outside the table's 1-30; troves use level {level}."
        ));
    }
    p.note(format!(
        "T1, treasure troves: one trove of level {level} (the average party level, rounded down) per encounter, the book's \"about 10 treasure troves\" per level at roughly 10 encounters a level."
    ));
    p.note(format!(
        "T2: each die adds 1 per character beyond five and subtracts 1 per character short of five (never below 0); {GEM_READING}."
    ));
    p.note("T2: the book's tables of specific magic items (1d20) are not in the rulebook: the GM picks each miscellaneous or enchanted item.");
    p.note(format!(
        "Totals count a platinum piece as {GP_PER_PP} gp (Table – Exchange Rates); a character's gold is an even share of the total, not a rule of the book."
    ));
}
