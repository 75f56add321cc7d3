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

/// The four defenses (R2; Creating New Monsters: Role): the role's base plus the level, or an
/// override's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DefenseValues {
    /// Armor Class.
    pub ac: i64,
    /// Fortitude.
    pub fortitude: i64,
    /// Reflex.
    pub reflex: i64,
    /// Will.
    pub will: i64,
}

/// One ability score and its listed modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AbilityValue {
    /// The score: the design's, else the default for the role and level (R8).
    pub score: i32,
    /// The listed modifier, half the level included (R7): floor((score - 10) / 2) + floor(level / 2).
    pub modifier: i32,
}

/// The six ability scores, in the stat block's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct AbilityValues {
    /// Strength.
    pub str: AbilityValue,
    /// Constitution.
    pub con: AbilityValue,
    /// Dexterity.
    pub dex: AbilityValue,
    /// Intelligence.
    pub int: AbilityValue,
    /// Wisdom.
    pub wis: AbilityValue,
    /// Charisma.
    pub cha: AbilityValue,
}

impl AbilityValues {
    /// The score and listed modifier of one ability.
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

/// One resistance or vulnerability, after the grants of source, tags and the design are merged
/// (R9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ResistanceValue {
    /// What it is against: a damage type (`fire`), or for a swarm an attack origin (`melee`,
    /// `ranged`, `near`, `far`); exported as `type:`, by its key.
    #[serde(rename = "type")]
    pub against: crate::rules::grants::Against,
    /// The value X at the monster's level: 5 at levels 1-10, 10 at 11-20, 15 at 21-30 (R9).
    pub value: u32,
}

/// The Monster Knowledge check of the stat block (R15).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KnowledgeValue {
    /// The skill, chosen by source and tags (R15); exported by its key (`arcana`, `nature`, ...).
    pub skill: crate::rules::Skill,
    /// The Moderate DC at the monster's level (the Recommended DCs by level table).
    pub moderate_dc: u32,
    /// The Hard DC at the monster's level (the same table).
    pub hard_dc: u32,
}

/// A power's attack roll: its bonus and the defense it targets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AttackValue {
    /// The attack bonus: +5 + level against AC, +3 + level against the other defenses (R2; a
    /// Skulker's +5 against every defense, R3), or the power's override.
    pub bonus: i64,
    /// The targeted defense; exported by its key: `ac`, `fortitude`, `reflex` or `will`.
    pub defense: crate::rules::power_vocab::Defense,
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
    /// The power's name as designed.
    pub name: String,
    /// How often it can be used: at-will, encounter, refresh, daily, ...
    pub usage: Usage,
    /// Attack (it attacks or deals damage) or utility (Powers: Power Category).
    pub category: Category,
    /// The d6 faces that refresh it ("Refresh 5, 6"), for a refresh power; empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub refresh: Vec<u8>,
    /// The action it takes.
    pub action: Action,
    /// A basic attack: printed with the basic symbol and usable where a basic attack is called for.
    pub basic: bool,
    /// Melee, ranged, near, far or self.
    pub origin: Origin,
    /// Squares: the range of a ranged power, the "within N" of a far area, and a melee power's
    /// reach (the monster's own when the design gives none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<u32>,
    /// The area as typed in the design: `burst 2`, `arc 3`, `wall 5`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub area: Option<String>,
    /// Who it targets: the book's target words for an area power where the text means one, else the
    /// design's text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub targets: Option<String>,
    /// The power's tag labels, then its damage type's when no tag names it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// The attack roll, for a power that makes one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attack: Option<AttackValue>,
    /// How many attacks one use makes: the design's `attacks:`, else 1 with an attack roll and 0
    /// without; counts toward the attack rate elites and bosses need.
    pub attacks: u32,
    /// The damage at the monster's level: the Monster Level and Damage table's tier (R10), or the design's
    /// literal dice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageValue>,
    /// Where the damage came from: a tier key, or `dice` for literal dice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage_source: Option<String>,
    /// The damage type's key (`fire`, `necrotic`, ...), if the damage has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<String>,
    /// What triggers a counter, reaction or opportunity power; `{name}` replaced by the monster's
    /// name, as in every text below.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trigger: Option<String>,
    /// What must be true to use it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requirements: Option<String>,
    /// The Hit line: the damage phrase, then the design's text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hit: Option<String>,
    /// The Miss line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub miss: Option<String>,
    /// The Effect line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
    /// The Secondary Attack line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secondary_attack: Option<String>,
    /// The Aftereffect line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aftereffect: Option<String>,
    /// The Special line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub special: Option<String>,
    /// The template that added it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_template: Option<String>,
    /// The book's attack symbol of the power's origin (‡ basic melee, † melee, ⤢ basic ranged, ↗
    /// ranged, ∢ near, ⋇ far); none for self powers. Not exported.
    #[serde(skip)]
    pub symbol: Option<&'static str>,
    /// It takes a counter, reaction or opportunity action, so a stat block lists it under triggered
    /// actions. Not exported.
    #[serde(skip)]
    pub triggered: bool,
}

/// A trait of the stat block: the design's, a template's, or one its source or tags grant
/// (Incorporeal, Reactive Resistance X).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StatTrait {
    /// The trait's name, heading its text.
    pub name: String,
    /// The aura's size in squares, for an aura ("aura 2").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aura: Option<u32>,
    /// The trait's tag labels.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// What the trait does, as the stat block prints it.
    pub text: String,
    /// The template that added it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_template: Option<String>,
}

/// The `kind:` of an exported stat block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StatBlockKind {
    /// The only kind: `stat-block`.
    #[default]
    StatBlock,
}

/// A variant form of the monster, printed after its statistics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VariantValue {
    /// The variant's name, as the design's `variants:` gives it.
    pub name: String,
    /// What differs in this variant, as the GM wrote it.
    pub text: String,
}

/// What one applied template changed, at the monster's level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TemplateNote {
    /// The template's id, as the design's `templates:` lists it.
    pub id: String,
    /// The template's name.
    pub name: String,
    /// One short phrase per change, at the monster's level: "rank Elite", "trained in Stealth",
    /// "power Bite".
    pub changes: Vec<String>,
}

/// A derived number the design replaced by hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AppliedOverride {
    /// What it sets, as a label: "HP", "Bite: attack bonus".
    pub stat: String,
    /// The number the formula gives.
    pub formula: i64,
    /// The number the stat block shows.
    pub value: i64,
    /// For a relative override (`by:`), what it adds to the formula.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<i64>,
    /// The relative override went past the stat's range and `value` is held at its end.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub clamped: bool,
    /// Why the designer set it, as the file says.
    pub reason: String,
    /// What it sets, for the lint and the re-level report to read without parsing `stat`.
    #[serde(skip)]
    pub target: crate::monster::overrides::Target,
}

/// The speeds besides walking and the special movement (R13; Creating New Monsters: Movement).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MovementValues {
    /// Fly speed in squares.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fly: Option<u32>,
    /// Swim speed in squares.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub swim: Option<u32>,
    /// Climb speed in squares.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub climb: Option<u32>,
    /// Burrow speed in squares.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub burrow: Option<u32>,
    /// Teleport speed in squares.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub teleport: Option<u32>,
    /// The special movement traits, capitalised as the book prints them ("Hover", "Swamp stride").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub traits: Vec<String>,
}

/// Every number of a monster's stat block.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StatBlock {
    /// `stat-block`, first in the YAML export: a tool (and lairsmith) tells it from a design.
    pub kind: StatBlockKind,
    /// The design's id, the name of its file.
    pub id: String,
    /// The monster's name, the stat block's title.
    pub name: String,
    /// The monster's level, 1 to 30 (R1).
    pub level: u8,
    /// Mook, standard, elite or boss.
    pub rank: Rank,
    /// The monster's role (R4: leader is the flag beside it).
    pub role: Role,
    /// A leader ("Blocker (Leader)", R4); it changes no number.
    pub leader: bool,
    /// Tiny to Gargantuan.
    pub size: Size,
    /// The monster's source (Natural, Elemental, ...).
    pub source: Source,
    /// The monster's type (Animate, Beast, Humanoid, ...); exported as `type:`.
    #[serde(rename = "type")]
    pub creature_type: CreatureType,
    /// The design's tag keys.
    pub tags: Vec<String>,
    /// The XP it is worth: the Monster XP by level and rank table (R6), or an override.
    pub xp: i64,
    /// Hit points: the role's formula times the rank's multiplier, 1 for a mook (R2, R5), or an
    /// override.
    pub hp: i64,
    /// The staggered threshold: floor(HP / 2) (R11).
    pub staggered: i64,
    /// The recovery value: floor(HP / 4) (R11).
    pub recovery_value: i64,
    /// "Regeneration 5", "Staggered Regeneration 5" (Monster Statistics: Hit Points).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub regeneration: Option<String>,
    /// A mook: a missed attack never damages it (Monster Statistics: Mooks).
    #[serde(skip)]
    pub mook: bool,
    /// AC, Fortitude, Reflex and Will.
    pub defenses: DefenseValues,
    /// The saving throw bonus: +2 for an elite, +5 for a boss, else 0 (R5), or an override.
    pub saving_throw_bonus: i64,
    /// Action points per encounter: 1 for an elite, 2 for a boss, else 0 (R5), or an override.
    pub action_points: i64,
    /// Recoveries: 1 at levels 1-10, 2 at 11-20, 3 at 21-30 (R11), or an override.
    pub recoveries: i64,
    /// The initiative modifier: the listed Dexterity modifier (R7), or an override.
    pub initiative: i64,
    /// The Perception bonus: Wisdom's listed modifier, plus 5 if trained (R7), or an override.
    pub perception: i64,
    /// Passive Perception: 10 + the Perception bonus.
    pub passive_perception: i64,
    /// The special senses as the Senses entry prints them: "Darkvision", "Blindsight 10".
    pub senses: Vec<String>,
    /// Blind: it perceives only by its special senses, and the Senses entry says so.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub blind: bool,
    /// The walking speed in squares: the design's, else 6 (R13), or an override.
    pub speed: i64,
    /// The other speeds and the movement traits.
    #[serde(skip_serializing_if = "is_movement_empty")]
    pub movement: MovementValues,
    /// The six ability scores with their listed modifiers.
    pub abilities: AbilityValues,
    /// The trained skills by key, in the skill list's order, each with its bonus: 5 + the
    /// listed modifier (R7).
    pub skills: Ordered<i32>,
    /// The resistances of source, tags and design, one entry per damage type (R9).
    pub resistances: Vec<ResistanceValue>,
    /// The vulnerabilities, likewise.
    pub vulnerabilities: Vec<ResistanceValue>,
    /// The immunities' keys: damage types and conditions.
    pub immunities: Vec<crate::monster::design::Immunity>,
    /// The X of Reactive Resistance X, for a demon (its Reactive Resistance trait says what it does).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reactive_resistance: Option<u32>,
    /// Incorporeal: it takes half damage from all attacks (the dead-spirit undead tag grants it).
    #[serde(skip_serializing_if = "is_false")]
    pub incorporeal: bool,
    /// The squares it takes up, as the size table prints it: "1 x 1", "2 x 2".
    pub space: String,
    /// Reach in squares: the design's, else the size's (R12), or an override.
    pub reach: i64,
    /// The Monster Knowledge check (R15).
    pub knowledge: KnowledgeValue,
    /// The alignment's key, if the design gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alignment: Option<String>,
    /// The languages, sorted alphabetically.
    pub languages: Vec<String>,
    /// Telepathy range in squares, if it has telepathy.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub telepathy: Option<u32>,
    /// The traits: those its source and tags grant first, then the design's (a template's say
    /// which template added them).
    pub traits: Vec<StatTrait>,
    /// The powers with their attack bonuses and damage resolved.
    pub powers: Vec<StatPower>,
    /// The numbers the design set by hand, for the balance lint and the reader.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub overrides: Vec<AppliedOverride>,
    /// The variant forms, printed after the statistics.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<VariantValue>,
    /// The templates applied, in order, with what each changed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub templates: Vec<TemplateNote>,
    /// The Equipment entry, as the GM wrote it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub equipment: Option<String>,
    /// The description, as the GM wrote it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The tactics, as the GM wrote it.
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
    pub(crate) fn skill_bonus(&self, skill: crate::rules::Skill) -> (i64, bool) {
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
    pub(crate) fn modes(&self) -> impl Iterator<Item = (MovementMode, u32)> + '_ {
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
