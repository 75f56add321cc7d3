//! A power as the designer writes it: usage, action, targeting, attack, damage tier or literal
//! dice, and its text.

use crate::dice::DiceExpr;
use crate::monster::overrides::Override;
use crate::rules::creature::DamageType;
use crate::rules::damage::DamageTier;
use crate::rules::power_vocab::{Action, Area, Defense, Origin, PowerTag, Usage};
use crate::vocab::Vocabulary;
use crate::xkeys::XKeys;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::fmt;

/// What a power's damage is: a tier of the damage table (which scales with level) or literal dice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DamageSpec {
    /// A tier of the Monster Level and Damage table (R10): `at-will-single`, `surge-multi`, ...; the
    /// damage follows the monster's level.
    Tier(DamageTier),
    /// Literal dice (`2d8+4`), the same at every level; the balance lint compares them with the
    /// tier's.
    Dice(DiceExpr),
}

impl DamageSpec {
    /// Reads a tier's key, else dice; the error says why the dice do not read, then lists the tiers.
    pub fn parse(input: &str) -> Result<DamageSpec, DamageSpecError> {
        if let Ok(t) = DamageTier::parse(input) {
            return Ok(DamageSpec::Tier(t));
        }
        DiceExpr::parse(input)
            .map(DamageSpec::Dice)
            .map_err(DamageSpecError)
    }
}

/// A power's damage that is neither a damage tier nor dice: the dice's error, then the tiers.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}, or name a damage tier: {}", .0, tier_keys())]
pub struct DamageSpecError(pub crate::dice::DiceError);

/// Lets code that still reports errors as sentences use `?` on these.
impl From<DamageSpecError> for String {
    fn from(e: DamageSpecError) -> String {
        e.to_string()
    }
}

fn tier_keys() -> String {
    let tiers: Vec<&str> = DamageTier::ALL.iter().map(|t| t.key()).collect();
    tiers.join(", ")
}

impl fmt::Display for DamageSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DamageSpec::Tier(t) => f.write_str(t.key()),
            DamageSpec::Dice(d) => d.fmt(f),
        }
    }
}

impl Serialize for DamageSpec {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for DamageSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = DamageSpec;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a damage tier (at-will-single, at-will-multi, surge-single, surge-multi) or dice such as 2d10+4")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<DamageSpec, E> {
                DamageSpec::parse(v).map_err(E::custom)
            }
        }
        d.deserialize_str(V)
    }
}

impl JsonSchema for DamageSpec {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "DamageSpec".into()
    }
    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        damage_schema(g)
    }
}

/// The attack roll of a power: which defense it targets. The bonus is derived (R2, R3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttackSpec {
    /// The defense it targets: `ac`, `fortitude`, `reflex` or `will`.
    pub defense: Defense,
}

/// Per-power overrides.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PowerOverrides {
    /// A hand-set attack bonus in place of the role formula.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::monster::power::attack_override")]
    pub attack: Option<Override>,
}

impl PowerOverrides {
    /// No override set: the file leaves out the power's `overrides:`.
    pub(crate) fn is_empty(&self) -> bool {
        self.attack.is_none()
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One power of a monster, as designed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(extend("patternProperties" = {"^x-": {}}))]
pub struct Power {
    /// The power's name, heading its entry; one line.
    #[schemars(pattern(crate::monster::one_line::PATTERN))]
    pub name: String,
    /// A basic attack: printed with the basic symbol and usable where a power calls for one.
    #[serde(default, skip_serializing_if = "is_false")]
    pub basic: bool,
    /// How often it can be used: `at-will`, `encounter`, `refresh` or `daily`.
    pub usage: Usage,
    /// The d6 faces that refresh the power ("Refresh 5, 6"), for `usage: refresh`.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "crate::limits::refresh_faces"
    )]
    #[schemars(inner(range(
        min = crate::limits::REFRESH_FACE.min,
        max = crate::limits::REFRESH_FACE.max
    )))]
    pub refresh: Vec<u8>,
    /// The action it takes: `standard`, `move`, `swift`, `free`, `counter`, `reaction`,
    /// `opportunity` or `none`.
    pub action: Action,
    /// Where it comes from: `melee`, `ranged`, `near`, `far` or `self`.
    pub origin: Origin,
    /// Squares: reach for melee (default the monster's reach), range for ranged, the
    /// "within N" distance for far areas.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::PowerRange, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::PowerRange>")]
    pub range: Option<u32>,
    /// The area of a near or far power: `burst 2`, `arc 3`, `wall 5`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<Area>,
    /// Who or what it targets ("one creature"); one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(pattern(crate::monster::one_line::PATTERN))]
    pub targets: Option<String>,
    /// The power's tags (`fire`, `weapon`, `fear`, ...).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::WORDS.max))]
    pub tags: Vec<PowerTag>,
    /// The attack roll, for a power that makes one; its bonus is derived.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack: Option<AttackSpec>,
    /// How many attacks one use makes: a double attack is 2, and a power that makes a basic
    /// attack without an attack roll of its own is 1. Without it, a power with an attack roll
    /// makes one attack. Counts toward the attack rate elites and bosses need (L1866-1867).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::bounded_opt::<crate::limits::Attacks, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::Attacks>")]
    pub attacks: Option<u32>,
    /// The damage on a hit: a tier of the Monster Level and Damage table, or literal dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageSpec>,
    /// The damage's type, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
    /// What triggers it, for a counter, reaction or opportunity power; `{name}` in any of the texts
    /// stands for the monster's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<String>,
    /// What must be true to use it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requirements: Option<String>,
    /// Text after the damage on a hit; `{damage}` inside it places the damage explicitly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit: Option<String>,
    /// The Miss line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub miss: Option<String>,
    /// The Effect line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
    /// The Secondary Attack line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secondary_attack: Option<String>,
    /// The Aftereffect line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aftereffect: Option<String>,
    /// The Special line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub special: Option<String>,
    /// Hand-set numbers of this power: its attack bonus.
    #[serde(default, skip_serializing_if = "PowerOverrides::is_empty")]
    pub overrides: PowerOverrides,
    /// The power's `x-` keys, kept as they were read.
    #[serde(flatten, skip_deserializing)]
    pub extra: XKeys,
}

impl Power {
    /// What a file can hold in a power that serde accepts but lairsmith refuses: more tags than
    /// a list holds, an attack override outside its range. `at` is the power's path.
    pub(crate) fn problems(&self, at: Vec<crate::yaml_io::Seg>) -> Vec<crate::yaml_io::Refused> {
        use crate::yaml_io::{Refused, key};
        let mut out = Vec::new();
        let path = |tail: &[&str]| {
            let mut p = at.clone();
            p.extend(tail.iter().map(|k| key(k)));
            p
        };
        if let Err(m) = crate::limits::WORDS.check(self.tags.len(), "a power") {
            out.push(Refused::new(path(&["tags"]), m));
        }
        if let Some(o) = &self.overrides.attack
            && let Err(m) = o.check(&crate::limits::BONUS_OVERRIDE)
        {
            out.push(Refused::new(path(&["overrides", "attack", o.key()]), m));
        }
        out
    }

    /// A minimal power, for builders and tests.
    pub fn new(name: &str, usage: Usage, action: Action, origin: Origin) -> Power {
        Power {
            name: name.to_owned(),
            basic: false,
            usage,
            refresh: Vec::new(),
            action,
            origin,
            range: None,
            area: None,
            targets: None,
            tags: Vec::new(),
            attack: None,
            attacks: None,
            damage: None,
            damage_type: None,
            trigger: None,
            requirements: None,
            hit: None,
            miss: None,
            effect: None,
            secondary_attack: None,
            aftereffect: None,
            special: None,
            overrides: PowerOverrides::default(),
            extra: XKeys::default(),
        }
    }

    /// R10: the tier a power of this usage and origin belongs to. Encounter, refresh and daily
    /// are surge; near and far areas are multi-target.
    pub fn natural_tier(&self) -> DamageTier {
        let multi = self.origin.is_area() || self.targets_several();
        DamageTier::new(self.usage.is_surge(), multi)
    }

    /// Whether it deals damage to more than one creature: an area, or several targets. Mooks
    /// target one creature with each damaging attack (Creating New Monsters: Powers).
    pub(crate) fn hits_several(&self) -> bool {
        (self.origin.is_area() || self.targets_several()) && self.damage.is_some()
    }

    /// Whether the targets line names more than one creature.
    pub(crate) fn targets_several(&self) -> bool {
        let t = self.targets.as_deref().unwrap_or("").to_lowercase();
        [
            "two ",
            "three ",
            "all ",
            "each ",
            "up to ",
            "one or two",
            "creatures",
            "enemies",
            "allies",
        ]
        .iter()
        .any(|w| t.contains(w))
    }

    /// How many attacks one use of the power makes.
    pub(crate) fn attack_count(&self) -> u32 {
        self.attacks.unwrap_or(u32::from(self.attack.is_some()))
    }
}

/// The schema of a power's damage.
pub(crate) fn damage_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    use crate::vocab::{keys_of, word_schema};
    let keys = keys_of(DamageTier::ALL);
    word_schema(
        &format!(
            "A damage tier ({}) or dice such as 2d10+4.",
            keys.join(", ")
        ),
        &keys,
        damage_pattern(),
    )
}

/// A JSON Schema pattern of what [`DamageSpec::parse`] reads: a damage tier or dice.
pub fn damage_pattern() -> String {
    use crate::vocab::pattern::{WS as ws, words};
    format!(
        "^(?:{ws}*{}{ws}*|{})$",
        words(DamageTier::ALL),
        crate::dice::pattern()
    )
}

/// A power's `overrides: {attack}`: a bonus override or none.
pub(crate) fn attack_override(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "anyOf": [crate::limits::override_schema(&crate::limits::BONUS_OVERRIDE), { "type": "null" }],
        "description": "A hand-set attack bonus in place of the role formula.",
    })
}

#[cfg(test)]
mod error_tests {
    use super::*;

    #[test]
    fn damage_that_is_no_tier_nor_dice_carries_the_dice_error() {
        let e = DamageSpec::parse("2d").unwrap_err();
        let DamageSpecError(dice) = &e;
        assert!(e.to_string().starts_with(&dice.to_string()), "{e}");
        assert!(
            e.to_string().ends_with(
                ", or name a damage tier: at-will-single, at-will-multi, surge-single, surge-multi"
            ),
            "{e}"
        );
    }
}
