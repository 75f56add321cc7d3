//! The numbers of an encounter for a party: its XP, the party's budget and level, the encounter
//! level and the difficulty band, the roster resolved, and the warnings that keep it from being
//! rated. Each system rates in its own file ([`orcus`]: E1-E5 with A2's challenges; [`d20e3`]:
//! D1-D7); the words of the arithmetic are the explanation's, made from these, and an adventure (A1) needs
//! only these numbers.

pub mod d20e3;
pub mod orcus;

use crate::bestiary::Bestiary;
use crate::encounter::file::{Encounter, System};
use crate::encounter::party::Party;
use crate::rules::difficulty::Difficulty;
use crate::rules::{Rank, Role};
use serde::Serialize;

/// A roster line, resolved.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RosterLine {
    /// The group's key ([`Group::key`](crate::encounter::file::Group::key)): a monster id, a
    /// placeholder spec, a 3rd-edition foe or `challenge:NAME`.
    pub key: String,
    /// What the sheet calls the line: the group's label, else the monster's name, the placeholder's
    /// description, the challenge's name, or the id the bestiary lacks.
    pub name: String,
    /// How many are in the group (1 for a challenge).
    pub count: u32,
    /// The monster's, placeholder's or challenge's level; `None` for a 3rd-edition foe and for a
    /// monster the bestiary lacks.
    pub level: Option<u8>,
    /// The monster's or placeholder's rank; `None` otherwise.
    pub rank: Option<Rank>,
    /// The monster's or placeholder's role; `None` otherwise.
    pub role: Option<Role>,
    /// The XP of one: the Monster XP table (R6), a challenge's Standard XP, or a 3rd-edition foe's
    /// cell of the Experience Point Awards table (0 when too weak); `None` when there is no value
    /// (a monster the bestiary lacks, a `**` cell).
    pub xp_each: Option<u64>,
    /// The XP of the whole group; `None` as for `xp_each`.
    pub xp_total: Option<u64>,
    /// Whether the group is on the party's side: shown, but not counted in the encounter's XP.
    pub ally: bool,
    /// Whether the line is a placeholder, not a designed monster.
    pub placeholder: bool,
    /// Whether the group names a monster the bestiary lacks, which keeps the encounter from being
    /// rated.
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
    /// The challenge's name.
    pub name: String,
    /// Its own level, or the party level when the file gives none.
    pub level: u8,
    /// Whether the level is the party level because the file gives none.
    pub party_level: bool,
    /// The successes it needs.
    pub successes: u32,
    /// The failures that end it.
    pub failures: u32,
    /// Each of its skills with its DCs, in the file's order.
    pub skills: Vec<SkillDc>,
    /// A3: a group check's DC (Easy) at the challenge's level.
    pub group_check_dc: u32,
    /// "Group checks DC 11 (easy, level 6)".
    pub group_check: String,
    /// How many Standard monsters of its level it counts as.
    pub standard_monsters: u64,
    /// What the challenge adds to the encounter's XP (A2).
    pub xp: u64,
    /// The rule in words, with [`A2_LABEL`](crate::encounter::challenge::A2_LABEL).
    pub worth: String,
}

/// One skill of a challenge with its DC ladder at the challenge's level (A3).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SkillDc {
    /// The skill; written by its key (`athletics`).
    pub skill: crate::rules::Skill,
    /// Which DC its first check takes: easy, moderate or hard; written by its key.
    pub difficulty: crate::encounter::challenge::DcWord,
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
    /// The band.
    #[serde(skip)]
    pub difficulty: Difficulty,
    /// The band's word (`difficulty`'s key), for display and YAML.
    pub name: &'static str,
    /// The least encounter XP in the band for this party.
    pub min_xp: u64,
    /// `None`: no upper limit (deadly).
    pub max_xp: Option<u64>,
}

/// The budget of a party alone.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Budget {
    /// The party's budget: the Standard XP of each character's level, summed (E1); in 3rd edition,
    /// the award table's cell at the party level on both axes (D3).
    pub budget: u64,
    /// The party level (E3; D2 in 3rd edition).
    pub party_level: i32,
    /// Each band as a range of encounter XP for the party, from trivial to deadly.
    pub bands: Vec<BandRange>,
}

/// An encounter rated for a party: every number the report, the sheets and an adventure show.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// The encounter's XP (after a 3rd-edition circumstance).
    pub xp: u64,
    /// The party's budget (E1; D3 in 3rd edition).
    pub budget: u64,
    /// Encounter XP ÷ budget.
    pub ratio: f64,
    /// The party level (E3; D2 in 3rd edition).
    pub party_level: i32,
    /// `None` when the encounter cannot be rated.
    pub encounter_level: Option<i32>,
    /// The band; `None` when the encounter cannot be rated.
    pub difficulty: Option<Difficulty>,
    /// Each character's share of the XP, rounded down (E4, D2).
    pub xp_per_character: u64,
    /// E5: the book's average gold per character for one encounter (Orcus only).
    pub treasure_per_character_gp: Option<f64>,
    /// Sentences that flag the encounter (a monster more than 4 levels above the highest character,
    /// a foe too weak to earn XP), those starting "cannot be rated: " saying why there is no band.
    pub warnings: Vec<String>,
    /// How many characters the party has.
    pub party_size: usize,
    /// Each group resolved, in the encounter's order.
    pub roster: Vec<RosterLine>,
    /// Each band as a range of encounter XP for the party, from trivial to deadly.
    pub bands: Vec<BandRange>,
    /// A2: the extended challenges, as their roster lines rate them.
    pub challenges: Vec<ChallengeLine>,
}

/// Rates `encounter` for `party` by its system, resolving monsters in `bestiary`.
pub fn rate(encounter: &Encounter, party: &Party, bestiary: &Bestiary) -> Rating {
    match encounter.system {
        System::Orcus => orcus::rate(encounter, party, bestiary),
        System::D20e3 => d20e3::rate(encounter, party),
    }
}
