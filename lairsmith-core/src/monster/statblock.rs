//! The derived stat block: every number a table shows, computed from a design. Its serde form
//! is the `--format yaml` export.

//!
//! The words a table reads (rank, role, size, origin, a power's usage and action, ...) are the
//! rules' vocabularies, written as their keys, so an export matches on them, not on text.

use crate::rules::power_vocab::{Action, Category, Origin, Usage};
use crate::rules::senses::MovementMode;
use crate::rules::{CreatureType, Rank, Role, Size, Source};
use serde::{Serialize, Serializer};

/// A map that keeps insertion order when serialized.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ordered<V>(pub Vec<(String, V)>);

impl<V: Serialize> Serialize for Ordered<V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DefenseValues {
    pub ac: i64,
    pub fortitude: i64,
    pub reflex: i64,
    pub will: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AbilityValue {
    pub score: i32,
    pub modifier: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AbilityValues {
    pub str: AbilityValue,
    pub con: AbilityValue,
    pub dex: AbilityValue,
    pub int: AbilityValue,
    pub wis: AbilityValue,
    pub cha: AbilityValue,
}

impl AbilityValues {
    pub fn get(&self, a: crate::rules::Ability) -> AbilityValue {
        use crate::rules::Ability::*;
        match a {
            Str => self.str,
            Con => self.con,
            Dex => self.dex,
            Int => self.int,
            Wis => self.wis,
            Cha => self.cha,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResistanceValue {
    #[serde(rename = "type")]
    pub against: String,
    pub value: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KnowledgeValue {
    pub skill: String,
    pub moderate_dc: u32,
    pub hard_dc: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AttackValue {
    pub bonus: i64,
    pub defense: String,
}

/// Resolved damage as exported: dice as a string (`2d12+8`), a mook's static damage as a number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamageValue(pub crate::rules::Damage);

impl Serialize for DamageValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            crate::rules::Damage::Static(n) => s.serialize_u32(*n),
            crate::rules::Damage::Dice(d) => s.collect_str(d),
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A power with its attack bonus and damage resolved.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StatPower {
    pub name: String,
    pub usage: Usage,
    pub category: Category,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refresh: Vec<u8>,
    pub action: Action,
    pub basic: bool,
    pub origin: Origin,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub area: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub targets: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attack: Option<AttackValue>,
    pub attacks: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageValue>,
    /// Where the damage came from: a tier key, or `dice` for literal dice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage_source: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trigger: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requirements: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hit: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub miss: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secondary_attack: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aftereffect: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub special: Option<String>,
    /// The template that added it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_template: Option<String>,
    #[serde(skip)]
    pub symbol: Option<&'static str>,
    #[serde(skip)]
    pub triggered: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StatTrait {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aura: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    pub text: String,
    /// The template that added it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_template: Option<String>,
}

/// The `kind:` of an exported stat block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StatBlockKind {
    #[default]
    StatBlock,
}

/// A variant form of the monster, printed after its statistics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VariantValue {
    pub name: String,
    pub text: String,
}

/// What one applied template changed, at the monster's level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TemplateNote {
    pub id: String,
    pub name: String,
    pub changes: Vec<String>,
}

/// A derived number the design replaced by hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AppliedOverride {
    pub stat: String,
    pub formula: i64,
    pub value: i64,
    /// For a relative override (`by:`), what it adds to the formula.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<i64>,
    /// The relative override went past the stat's range and `value` is held at its end.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub clamped: bool,
    pub reason: String,
    /// What it sets, for the lint and the re-level report to read without parsing `stat`.
    #[serde(skip)]
    pub target: crate::monster::overrides::Target,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MovementValues {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fly: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swim: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub climb: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub burrow: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub teleport: Option<u32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<String>,
}

/// Every number of a monster's stat block.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StatBlock {
    /// `stat-block`, first in the YAML export: a tool (and lairsmith) tells it from a design.
    pub kind: StatBlockKind,
    pub id: String,
    pub name: String,
    pub level: u8,
    pub rank: Rank,
    pub role: Role,
    pub leader: bool,
    pub size: Size,
    pub source: Source,
    #[serde(rename = "type")]
    pub creature_type: CreatureType,
    pub tags: Vec<String>,
    pub xp: i64,
    pub hp: i64,
    pub staggered: i64,
    pub recovery_value: i64,
    /// "Regeneration 5", "Staggered Regeneration 5" (Monster Statistics: Hit Points).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub regeneration: Option<String>,
    /// A mook: a missed attack never damages it (Monster Statistics: Mooks).
    #[serde(skip)]
    pub mook: bool,
    pub defenses: DefenseValues,
    pub saving_throw_bonus: i64,
    pub action_points: i64,
    pub recoveries: i64,
    pub initiative: i64,
    pub perception: i64,
    pub passive_perception: i64,
    pub senses: Vec<String>,
    /// Blind: it perceives only by its special senses, and the Senses entry says so.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub blind: bool,
    pub speed: i64,
    #[serde(skip_serializing_if = "is_movement_empty")]
    pub movement: MovementValues,
    pub abilities: AbilityValues,
    pub skills: Ordered<i32>,
    pub resistances: Vec<ResistanceValue>,
    pub vulnerabilities: Vec<ResistanceValue>,
    pub immunities: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reactive_resistance: Option<u32>,
    #[serde(skip_serializing_if = "is_false")]
    pub incorporeal: bool,
    pub space: String,
    pub reach: i64,
    pub knowledge: KnowledgeValue,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alignment: Option<String>,
    pub languages: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub telepathy: Option<u32>,
    pub traits: Vec<StatTrait>,
    pub powers: Vec<StatPower>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub overrides: Vec<AppliedOverride>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<VariantValue>,
    /// The templates applied, in order, with what each changed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub templates: Vec<TemplateNote>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub equipment: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tactics: Option<String>,
    /// The header line, e.g. "Level 4 Elite Skulker (Leader)".
    #[serde(skip)]
    pub header: String,
    /// The type line, e.g. "Medium Natural Beast ● Aquatic".
    #[serde(skip)]
    pub type_line: String,
}

impl StatBlock {
    /// R7: a skill's bonus and whether it is trained. A trained skill has the bonus the stat
    /// block lists; Perception is the stat block's (an override included); any other skill is its
    /// ability's listed modifier, which already holds half the level.
    pub fn skill_bonus(&self, skill: crate::rules::Skill) -> (i64, bool) {
        use crate::vocab::Vocabulary;
        let trained = self
            .skills
            .0
            .iter()
            .find(|(k, _)| crate::rules::Skill::parse(k).ok() == Some(skill));
        let bonus = match (skill, trained) {
            (crate::rules::Skill::Perception, _) => self.perception,
            (_, Some((_, v))) => i64::from(*v),
            (_, None) => i64::from(self.abilities.get(skill.ability()).modifier),
        };
        (bonus, trained.is_some())
    }
}

impl MovementValues {
    /// The modes besides walking that it has, with their speeds, in the stat block's order.
    pub fn modes(&self) -> impl Iterator<Item = (MovementMode, u32)> + '_ {
        MovementMode::ALL.into_iter().filter_map(|m| {
            match m {
                MovementMode::Fly => self.fly,
                MovementMode::Swim => self.swim,
                MovementMode::Climb => self.climb,
                MovementMode::Burrow => self.burrow,
                MovementMode::Teleport => self.teleport,
            }
            .map(|v| (m, v))
        })
    }
}

fn is_movement_empty(m: &MovementValues) -> bool {
    m.fly.is_none()
        && m.swim.is_none()
        && m.climb.is_none()
        && m.burrow.is_none()
        && m.teleport.is_none()
        && m.traits.is_empty()
}
