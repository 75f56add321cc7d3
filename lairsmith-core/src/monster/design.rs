//! The monster file: what the GM decided, never what the formulas derive.

use crate::monster::overrides::{Override, StatKey};
use crate::monster::power::Power;
use crate::rules::abilities::{Ability, Skill};
use crate::rules::creature::{Alignment, CreatureType, DamageType, Size, Source, Tag};
use crate::rules::level::Level;
use crate::rules::rank::Rank;
use crate::rules::role::Role;
use crate::rules::senses::{MovementMode, MovementTrait, Sense};
use crate::xkeys::XKeys;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A JSON Schema pattern of an id, as [`check_id`] accepts it: lower-case ASCII letters and digits
/// joined by single hyphens (with at most [`crate::text::MAX_NAME_CHARS`] characters, which a
/// schema says with `maxLength`).
pub const ID_PATTERN: &str = "^[a-z0-9]+(-[a-z0-9]+)*$";

/// **\[ours\]** The most templates one monster lists: far more than any design needs, and a
/// bound on the work a crafted file can ask of every derivation.
pub const MAX_TEMPLATES: usize = 16;

/// The schema version this build writes and reads.
pub const MONSTER_SCHEMA_VERSION: u32 = 1;

/// The `kind:` line of a file, so a monster is never mistaken for an encounter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum MonsterKind {
    /// `kind: monster`, the only kind a monster file has.
    #[default]
    Monster,
}

impl<'de> Deserialize<'de> for MonsterKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::yaml_io::read_kind(
            d,
            "monster",
            "a monster",
            &[("stat-block", crate::yaml_io::STAT_BLOCK_NOT_DESIGN)],
        )
        .map(|()| MonsterKind::Monster)
    }
}

crate::yaml_io::kind_schema!(MonsterKind, "monster");

/// Ability scores the designer set; the rest default (R8).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AbilityScores {
    /// Strength, 1 to 60; without it, the default for the role and level (R8).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::AbilityScore, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::AbilityScore>")]
    pub str: Option<i32>,
    /// Constitution, 1 to 60; without it, the default for the role and level (R8).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::AbilityScore, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::AbilityScore>")]
    pub con: Option<i32>,
    /// Dexterity, 1 to 60; without it, the default for the role and level (R8).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::AbilityScore, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::AbilityScore>")]
    pub dex: Option<i32>,
    /// Intelligence, 1 to 60; without it, the default for the role and level (R8).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::AbilityScore, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::AbilityScore>")]
    pub int: Option<i32>,
    /// Wisdom, 1 to 60; without it, the default for the role and level (R8).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::AbilityScore, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::AbilityScore>")]
    pub wis: Option<i32>,
    /// Charisma, 1 to 60; without it, the default for the role and level (R8).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::AbilityScore, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::AbilityScore>")]
    pub cha: Option<i32>,
}

impl AbilityScores {
    /// The score the designer set for one ability, if any.
    pub fn get(&self, a: Ability) -> Option<i32> {
        match a {
            Ability::Str => self.str,
            Ability::Con => self.con,
            Ability::Dex => self.dex,
            Ability::Int => self.int,
            Ability::Wis => self.wis,
            Ability::Cha => self.cha,
        }
    }

    /// Sets or (with `None`) clears the score of one ability, so that it defaults again.
    pub fn set(&mut self, a: Ability, v: Option<i32>) {
        let slot = match a {
            Ability::Str => &mut self.str,
            Ability::Con => &mut self.con,
            Ability::Dex => &mut self.dex,
            Ability::Int => &mut self.int,
            Ability::Wis => &mut self.wis,
            Ability::Cha => &mut self.cha,
        };
        *slot = v;
    }

    /// No score set: the file leaves out `abilities:`.
    pub(crate) fn is_empty(&self) -> bool {
        *self == AbilityScores::default()
    }
}

/// Speeds and special movement. Walking speed defaults to 6 (R13).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    /// Walking speed in squares, 0 to 100; without it, 6 (R13).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::Speed, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::Speed>")]
    pub walk: Option<u32>,
    /// Fly speed in squares, 0 to 100.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::Speed, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::Speed>")]
    pub fly: Option<u32>,
    /// Swim speed in squares, 0 to 100.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::Speed, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::Speed>")]
    pub swim: Option<u32>,
    /// Climb speed in squares, 0 to 100.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::Speed, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::Speed>")]
    pub climb: Option<u32>,
    /// Burrow speed in squares, 0 to 100.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::Speed, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::Speed>")]
    pub burrow: Option<u32>,
    /// Teleport speed in squares, 0 to 100.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::Speed, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::Speed>")]
    pub teleport: Option<u32>,
    /// The special movement traits (Creating New Monsters: Movement): `hover`, `wall-walker`,
    /// `maximum altitude 2`, ...
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::WORDS.max))]
    pub traits: Vec<MovementTrait>,
}

impl Movement {
    /// No speed and no trait set: the file leaves out `movement:`, and the monster walks 6.
    pub fn is_empty(&self) -> bool {
        *self == Movement::default()
    }

    /// The speed of a mode besides walking.
    pub(crate) fn speed(&self, mode: MovementMode) -> Option<u32> {
        match mode {
            MovementMode::Fly => self.fly,
            MovementMode::Swim => self.swim,
            MovementMode::Climb => self.climb,
            MovementMode::Burrow => self.burrow,
            MovementMode::Teleport => self.teleport,
        }
    }

    /// The speed of a mode besides walking, to set.
    pub(crate) fn speed_mut(&mut self, mode: MovementMode) -> &mut Option<u32> {
        match mode {
            MovementMode::Fly => &mut self.fly,
            MovementMode::Swim => &mut self.swim,
            MovementMode::Climb => &mut self.climb,
            MovementMode::Burrow => &mut self.burrow,
            MovementMode::Teleport => &mut self.teleport,
        }
    }

    /// The modes besides walking that it has, with their speeds, in the stat block's order.
    pub fn modes(&self) -> impl Iterator<Item = (MovementMode, u32)> + '_ {
        MovementMode::ALL
            .into_iter()
            .filter_map(|m| self.speed(m).map(|v| (m, v)))
    }
}

/// A trait: an aura or a passive ability, with no action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("patternProperties" = {"^x-": {}}))]
pub struct Trait {
    /// The trait's name, heading its text; one line.
    #[schemars(pattern(crate::monster::one_line::PATTERN))]
    pub name: String,
    /// The aura's size, for an aura (L1724-1725).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::Aura, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::Aura>")]
    pub aura: Option<u32>,
    /// The trait's power tags (`aura`, `fire`, ...), printed after its name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<crate::rules::power_vocab::PowerTag>,
    /// What the trait does, as the stat block prints it.
    pub text: String,
    /// The trait's `x-` keys, kept as they were read.
    #[serde(flatten, skip_deserializing)]
    pub extra: XKeys,
}

crate::vocabulary! {
    /// When a monster's regeneration works (Monster Statistics: Hit Points): always, only while
    /// staggered, or only while not staggered.
    #[derive(Default)]
    pub enum RegenerationWhen ("regeneration condition") {
        #[default]
        Always = ("always", "Always"),
        Staggered = ("staggered", "Staggered"),
        Unstaggered = ("unstaggered", "Unstaggered"),
    }
}

/// Regeneration #: the hit points a monster heals at the start of its turn unless it is dead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Regeneration {
    /// The hit points healed, 1 to 1,000.
    #[serde(deserialize_with = "crate::limits::bounded::<crate::limits::Regeneration, _, _>")]
    #[schemars(schema_with = "crate::limits::bounded_schema::<crate::limits::Regeneration>")]
    pub value: u32,
    /// When it works; without it, always.
    #[serde(default, skip_serializing_if = "is_always")]
    pub when: RegenerationWhen,
}

fn is_always(w: &RegenerationWhen) -> bool {
    *w == RegenerationWhen::Always
}

impl Regeneration {
    /// "Regeneration 5", "Staggered Regeneration 5", as the book prints it.
    pub fn label(&self) -> String {
        match self.when {
            RegenerationWhen::Always => format!("Regeneration {}", self.value),
            RegenerationWhen::Staggered => format!("Staggered Regeneration {}", self.value),
            RegenerationWhen::Unstaggered => format!("Unstaggered Regeneration {}", self.value),
        }
    }
}

/// A variant of a monster (Monster Statistics: Variants): another form or variety, described in
/// addition to the standard form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// The variant's name; one line.
    #[schemars(pattern(crate::monster::one_line::PATTERN))]
    pub name: String,
    /// What differs in this variant: its type, speeds, powers or other statistics.
    pub text: String,
}

/// Something a monster is immune to: a damage type or a condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Immunity {
    /// A damage type it takes no damage from (`immunities: [poison]`).
    Damage(DamageType),
    /// A condition it cannot gain (`immunities: [charmed]`).
    Condition(crate::rules::creature::Condition),
}

impl Immunity {
    /// Reads a damage type's or a condition's key; the error lists both vocabularies.
    pub fn parse(input: &str) -> Result<Immunity, crate::vocab::UnknownValue> {
        use crate::rules::creature::Condition;
        use crate::vocab::{UnknownValue, Vocabulary};
        DamageType::parse(input)
            .map(Immunity::Damage)
            .or_else(|_| Condition::parse(input).map(Immunity::Condition))
            .map_err(|_| {
                UnknownValue::new(
                    "damage type or condition",
                    input,
                    DamageType::ALL
                        .iter()
                        .map(|d| d.key())
                        .chain(Condition::ALL.iter().map(|c| c.key())),
                )
            })
    }
}

impl std::fmt::Display for Immunity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::vocab::Vocabulary;
        f.write_str(match self {
            Immunity::Damage(d) => d.key(),
            Immunity::Condition(c) => c.key(),
        })
    }
}

crate::rules::senses::string_serde!(
    Immunity,
    "a damage type or condition",
    crate::monster::design::immunity_schema
);

fn is_false(b: &bool) -> bool {
    !*b
}

/// A monster as designed: the inputs of every formula, plus prose and explicit overrides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("patternProperties" = {"^x-": {}}))]
pub struct MonsterDesign {
    /// `monster`, so a monster is never mistaken for an encounter or a template.
    pub kind: MonsterKind,
    /// The file format's version; this build reads and writes [`MONSTER_SCHEMA_VERSION`].
    #[schemars(extend("const" = MONSTER_SCHEMA_VERSION))]
    pub schema_version: u32,
    /// The monster's id, a slug of lower-case letters, digits and hyphens ([`check_id`]): the name
    /// of its file and of its exports, and how encounters name it.
    #[schemars(pattern(crate::monster::design::ID_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub id: String,
    /// The monster's name as the GM typed it; shown as the stat block's title.
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub name: String,
    /// The monster's level, 1 to 30 (R1): it sets every formula's numbers.
    pub level: Level,
    /// Mook, standard, elite or boss (R5).
    pub rank: Rank,
    /// One of the six roles (R2, R14); its formulas give the defenses, hit points and attack bonuses.
    pub role: Role,
    /// A leader (R4): printed "Blocker (Leader)" and given a leader power by default; it changes no
    /// number.
    #[serde(default, skip_serializing_if = "is_false")]
    pub leader: bool,
    /// Tiny to Gargantuan: the space it takes and its default reach (R12).
    pub size: Size,
    /// The monster's source (R14); with the tags, it grants resistances and vulnerabilities (R9).
    pub source: Source,
    /// The monster's type (Animate, Beast, Humanoid, ...); `type:` in the file.
    #[serde(rename = "type")]
    pub creature_type: CreatureType,
    /// The monster's tags (Aquatic, Swarm, Demon, ...); some grant resistances, vulnerabilities or
    /// traits (R9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::WORDS.max))]
    pub tags: Vec<Tag>,
    /// Monster templates applied at derive time, in order (ids of `templates/monster/` or the
    /// user's `<data>/templates/`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(
        length(max = MAX_TEMPLATES),
        inner(pattern(crate::monster::design::ID_PATTERN), length(max = crate::text::MAX_NAME_CHARS))
    )]
    pub templates: Vec<String>,
    /// The stat block's alignment, if the GM gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alignment: Option<Alignment>,
    /// The ability scores the designer set; the others default (R8).
    #[serde(default, skip_serializing_if = "AbilityScores::is_empty")]
    pub abilities: AbilityScores,
    /// Trained skills; their bonuses are derived (R7).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::WORDS.max))]
    pub skills: Vec<Skill>,
    /// Special senses: `darkvision`, `blindsight 10`, ...
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::WORDS.max))]
    pub senses: Vec<Sense>,
    /// Speeds and special movement; without it, walk 6 (R13).
    #[serde(default, skip_serializing_if = "Movement::is_empty")]
    pub movement: Movement,
    /// Natural reach in squares; without it, the size's (R12: Tiny 0, every other size 1).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::Reach, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::Reach>")]
    pub reach: Option<u32>,
    /// Hit points healed at the start of each of its turns, always or only while (un)staggered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regeneration: Option<Regeneration>,
    /// The languages it speaks, each one line; the stat block sorts them alphabetically.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(
        length(max = crate::limits::WORDS.max),
        inner(pattern(crate::monster::one_line::PATTERN))
    )]
    pub languages: Vec<String>,
    /// Telepathy range in squares, 1 to 1,000.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::Telepathy, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::Telepathy>")]
    pub telepathy: Option<u32>,
    /// Resistances beyond what source and tags grant, each of value X (R9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::WORDS.max))]
    pub resistances: Vec<DamageType>,
    /// Vulnerabilities beyond what source and tags grant, each of value X (R9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::WORDS.max))]
    pub vulnerabilities: Vec<DamageType>,
    /// Damage types and conditions it is immune to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::WORDS.max))]
    pub immunities: Vec<Immunity>,
    /// Its auras and passive traits, at most 40.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::TRAITS.max))]
    pub traits: Vec<Trait>,
    /// Its powers, at most 40; `lairsmith new` and the forge start it with its role's kit
    /// ([`Templates::default_powers`](crate::monster::kit::Templates::default_powers)).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::POWERS.max))]
    pub powers: Vec<Power>,
    /// Hand-set numbers, each replacing a derived stat with the designer's reason; the balance lint
    /// reports each one.
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "crate::vocab::unique_keys"
    )]
    #[schemars(schema_with = "crate::monster::overrides::stat_overrides")]
    pub overrides: BTreeMap<StatKey, Override>,
    /// The Equipment entry: key gear it carries besides its clothes, armor and the weapons its
    /// powers name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub equipment: Option<String>,
    /// The GM's description of the monster, free prose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// How the monster fights, free prose.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tactics: Option<String>,
    /// Its variants, at most 40, printed after its statistics.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::VARIANTS.max))]
    pub variants: Vec<Variant>,
    /// The file's top-level `x-` keys, kept as they were read.
    #[serde(flatten, skip_deserializing)]
    pub extra: XKeys,
}

/// The classification a monster is built from: the forge's first seven choices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Classification {
    /// The monster's level, 1 to 30.
    pub level: Level,
    /// Mook, standard, elite or boss.
    pub rank: Rank,
    /// One of the six roles.
    pub role: Role,
    /// A leader (R4).
    pub leader: bool,
    /// Tiny to Gargantuan.
    pub size: Size,
    /// The monster's source.
    pub source: Source,
    /// The monster's type.
    pub creature_type: CreatureType,
    /// The monster's tags.
    pub tags: Vec<Tag>,
}

impl MonsterDesign {
    /// A design with nothing but its classification and a name; no powers yet.
    pub fn new(name: &str, c: Classification) -> MonsterDesign {
        MonsterDesign {
            kind: MonsterKind::Monster,
            schema_version: MONSTER_SCHEMA_VERSION,
            id: slugify(name),
            name: name.to_owned(),
            level: c.level,
            rank: c.rank,
            role: c.role,
            leader: c.leader,
            size: c.size,
            source: c.source,
            creature_type: c.creature_type,
            tags: c.tags,
            templates: Vec::new(),
            alignment: None,
            abilities: AbilityScores::default(),
            skills: Vec::new(),
            senses: Vec::new(),
            movement: Movement::default(),
            reach: None,
            regeneration: None,
            languages: Vec::new(),
            telepathy: None,
            resistances: Vec::new(),
            vulnerabilities: Vec::new(),
            immunities: Vec::new(),
            traits: Vec::new(),
            powers: Vec::new(),
            overrides: BTreeMap::new(),
            equipment: None,
            description: None,
            tactics: None,
            variants: Vec::new(),
            extra: XKeys::default(),
        }
    }

    /// The design's classification: what the forge's first seven choices set.
    pub fn classification(&self) -> Classification {
        Classification {
            level: self.level,
            rank: self.rank,
            role: self.role,
            leader: self.leader,
            size: self.size,
            source: self.source,
            creature_type: self.creature_type,
            tags: self.tags.clone(),
        }
    }
}

/// Turns a name into an id: lower case, ASCII letters and digits, single hyphens, at most
/// [`crate::text::MAX_NAME_CHARS`] characters. Never empty, never a path: no separators, dots or
/// control characters survive.
pub fn slugify(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out.truncate(crate::text::MAX_NAME_CHARS);
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push_str("monster");
    }
    out
}

/// Whether `id` is a valid monster id: what [`slugify`] produces. Checked without making the
/// slug: the bestiary index checks 100,000 ids at every listing.
pub fn is_valid_id(id: &str) -> bool {
    let b = id.as_bytes();
    !b.is_empty()
        && b.len() <= crate::text::MAX_NAME_CHARS
        && b[0] != b'-'
        && b[b.len() - 1] != b'-'
        && !id.contains("--")
        && b.iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-')
}

/// Checks an id (of a monster, or of a saved party an encounter names): the slug rule of
/// [`is_valid_id`]. Ids become file names and export paths, so `../x` must never pass. The
/// sentence names the valid form and suggests the slug of what was written.
pub fn check_id(id: &str) -> Result<(), IdError> {
    if is_valid_id(id) {
        return Ok(());
    }
    Err(IdError { id: id.to_owned() })
}

/// An id that is not a slug (`../x`, `Giant Frog`); the message quotes it escaped and suggests
/// its [`slugify`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{}` is not a valid id: an id is lower-case ASCII letters and digits joined by single hyphens, at most {} characters; write `{}`",
    crate::text::quote_short(.id),
    crate::text::MAX_NAME_CHARS,
    slugify(.id)
)]
pub struct IdError {
    /// The id as written.
    pub id: String,
}

impl IdError {
    /// The id the message suggests.
    pub fn slug(&self) -> String {
        slugify(&self.id)
    }
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<IdError> for String {
    fn from(e: IdError) -> String {
        e.to_string()
    }
}

impl MonsterDesign {
    /// Checks what a file can hold that serde accepts but lairsmith refuses: the first of
    /// `MonsterDesign::problems`.
    pub fn check(&self) -> Result<(), crate::yaml_io::Refused> {
        match self.problems().into_iter().next() {
            Some(r) => Err(r),
            None => Ok(()),
        }
    }

    /// Everything a file can hold that serde accepts but lairsmith refuses, each at its path:
    /// an id that is not a slug, a name that is empty, too long or holds control characters,
    /// more templates, powers, traits, variants or list entries than `limits` allows, and an
    /// override outside its stat's range (the numbers serde reads are bounded as they are read).
    pub(crate) fn problems(&self) -> Vec<crate::yaml_io::Refused> {
        use crate::yaml_io::Seg;
        use crate::yaml_io::{Refused, check_name_at, key};
        let mut out = Vec::new();
        if let Err(m) = check_id(&self.id) {
            out.push(Refused::new(vec![key("id")], m));
        }
        if let Err(r) = check_name_at(vec![key("name")], "the name", &self.name) {
            out.push(r);
        }
        if self.templates.len() > MAX_TEMPLATES {
            out.push(Refused::new(
                vec![key("templates")],
                format!(
                    "a monster lists at most {MAX_TEMPLATES} templates; this one lists {}",
                    self.templates.len()
                ),
            ));
        } else {
            for (i, t) in self.templates.iter().enumerate() {
                if let Err(m) = check_id(t) {
                    out.push(Refused::new(vec![key("templates"), Seg::Index(i)], m));
                }
            }
        }
        out.extend(self.list_problems("a monster"));
        for (stat, o) in &self.overrides {
            if let Err(m) = o.check(&stat.limit()) {
                out.push(Refused::new(
                    vec![
                        key("overrides"),
                        key(crate::vocab::Vocabulary::key(*stat)),
                        key(o.key()),
                    ],
                    m,
                ));
            }
        }
        // Names, targets and languages stay inside their line of the stat block.
        if let Err(r) = crate::monster::one_line::check_design(self) {
            out.push(r);
        }
        out
    }

    /// The lists of a monster beyond their most (`limits`), and each power's problems.
    pub(crate) fn list_problems(&self, holder: &str) -> Vec<crate::yaml_io::Refused> {
        use crate::limits::{POWERS, TRAITS, VARIANTS, WORDS};
        list_refusals(
            holder,
            &[
                ("powers", self.powers.len(), &POWERS),
                ("traits", self.traits.len(), &TRAITS),
                ("variants", self.variants.len(), &VARIANTS),
                ("tags", self.tags.len(), &WORDS),
                ("skills", self.skills.len(), &WORDS),
                ("senses", self.senses.len(), &WORDS),
                ("languages", self.languages.len(), &WORDS),
                ("resistances", self.resistances.len(), &WORDS),
                ("vulnerabilities", self.vulnerabilities.len(), &WORDS),
                ("immunities", self.immunities.len(), &WORDS),
                ("movement.traits", self.movement.traits.len(), &WORDS),
            ],
            &[("powers", &self.powers)],
        )
    }
}

/// Refusals for lists past their most (`(path, length, limit)`; a dotted path is nested keys)
/// and for the problems of each power of each power list (`(path, powers)`).
pub(crate) fn list_refusals(
    holder: &str,
    lists: &[(&str, usize, &crate::limits::ListLimit)],
    powers: &[(&str, &[Power])],
) -> Vec<crate::yaml_io::Refused> {
    use crate::yaml_io::Seg;
    use crate::yaml_io::{Refused, key};
    let path = |dotted: &str| dotted.split('.').map(key).collect::<Vec<Seg>>();
    let mut out = Vec::new();
    for (name, n, limit) in lists {
        if let Err(m) = limit.check(*n, holder) {
            out.push(Refused::new(path(name), m));
        }
    }
    for (name, list) in powers {
        for (i, p) in list.iter().enumerate() {
            let mut at = path(name);
            at.push(Seg::Index(i));
            out.extend(p.problems(at));
        }
    }
    out
}

impl crate::yaml_io::KeepsXKeys for MonsterDesign {
    fn x_keys_at(&mut self, path: &[crate::yaml_io::Seg]) -> Option<&mut XKeys> {
        use crate::yaml_io::Seg;
        match path {
            [] => Some(&mut self.extra),
            [Seg::Key(k), Seg::Index(i)] if k == "powers" => {
                self.powers.get_mut(*i).map(|p| &mut p.extra)
            }
            [Seg::Key(k), Seg::Index(i)] if k == "traits" => {
                self.traits.get_mut(*i).map(|t| &mut t.extra)
            }
            _ => None,
        }
    }
}

/// The schema of an immunity: a damage type or a condition.
pub(crate) fn immunity_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    use crate::rules::creature::{Condition, DamageType};
    use crate::vocab::{Vocabulary, keys_of, pattern, word_schema};
    let keys: Vec<String> = keys_of(DamageType::ALL)
        .into_iter()
        .chain(keys_of(Condition::ALL))
        .collect();
    word_schema(
        "A damage type or a condition.",
        &keys,
        pattern::trimmed(&pattern::one_of([
            pattern::words(DamageType::ALL),
            pattern::words(Condition::ALL),
        ])),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_id_is_an_id_error_suggesting_its_slug() {
        let e = check_id("Giant Frog").unwrap_err();
        assert_eq!(e.slug(), "giant-frog");
        assert!(matches!(&e, IdError { id } if id == "Giant Frog"));
        assert_eq!(
            e.to_string(),
            "`Giant Frog` is not a valid id: an id is lower-case ASCII letters and digits joined by single hyphens, at most 64 characters; write `giant-frog`"
        );
    }

    #[test]
    fn slugs_are_safe_file_stems() {
        assert_eq!(slugify("Giant Frog"), "giant-frog");
        assert_eq!(slugify("../../etc/passwd"), "etc-passwd");
        assert_eq!(slugify("Cinder-Wight  Reaver!"), "cinder-wight-reaver");
        assert_eq!(slugify("\u{7}\n"), "monster");
        assert!(is_valid_id("giant-frog"));
        assert!(!is_valid_id("Giant Frog"));
        assert!(!is_valid_id("a/b"));
    }

    proptest::proptest! {
        /// The check without the slug says what comparing with the slug says.
        #[test]
        fn an_id_is_valid_exactly_when_it_is_its_own_slug(id in "[a-z0-9A-Z -]{0,70}|.{0,8}") {
            proptest::prop_assert_eq!(is_valid_id(&id), !id.is_empty() && slugify(&id) == id);
        }
    }
}
