//! JSON Schemas (draft 2020-12) of the five file kinds, generated with `schemars` from the same
//! types and rules that read the files, so that an editor's completion and validation say what
//! lairsmith accepts (tests/schema_differential.rs holds them to it, file by altered file).
//!
//! What the derives cannot see is added here: the reader refuses every key it does not know
//! (`yaml_io::parse`) except `x-` keys where a file keeps them, so every object gets
//! `additionalProperties: false`, and the types that keep `x-` keys say so with
//! `patternProperties`.
//!
//! Every number a file holds carries its documented range (`limits`), every list its most items,
//! every word the spellings its reader takes (see [`patterns`]), and the rules between fields
//! that a schema can state (a group is one of four things, which a `system:` allows; a party
//! member's XP within its level) are stated. What no JSON Schema can state is listed in
//! tests/schema_differential.rs and the README.

use crate::vocab::Vocabulary;
use crate::vocabulary;
use schemars::Schema;
use schemars::generate::SchemaSettings;
use schemars::transform::{RecursiveTransform, Transform};

vocabulary! {
    /// The file kinds that have a schema: the `kind:` of each file.
    pub enum FileKind ("file kind") {
        Monster = ("monster", "monster"),
        Encounter = ("encounter", "encounter"),
        Party = ("party", "party"),
        Template = ("template", "monster template"),
        Adventure = ("adventure", "adventure"),
    }
    aliases {
        "monster-template" => Template,
    }
}

pub mod patterns;

/// An id as [`crate::monster::design::check_id`] accepts it: lower-case ASCII letters and
/// digits joined by single hyphens (and at most [`crate::text::MAX_NAME_CHARS`] of them).
pub const ID_PATTERN: &str = patterns::ID;

/// The `$id`-less schema of one file kind, as a JSON value.
pub fn schema_for(kind: FileKind) -> serde_json::Value {
    let generator = SchemaSettings::draft2020_12()
        .for_deserialize()
        .with_transform(RecursiveTransform(RefuseUnknownKeys))
        .into_generator();
    let schema = match kind {
        FileKind::Monster => generator.into_root_schema_for::<crate::monster::MonsterDesign>(),
        FileKind::Encounter => generator.into_root_schema_for::<crate::encounter::Encounter>(),
        FileKind::Party => generator.into_root_schema_for::<crate::encounter::PartyFile>(),
        FileKind::Template => {
            generator.into_root_schema_for::<crate::monster::template::MonsterTemplate>()
        }
        FileKind::Adventure => generator.into_root_schema_for::<crate::adventure::Adventure>(),
    };
    schema.to_value()
}

/// The schema of one file kind as pretty JSON with a final newline, as printed and written.
pub fn schema_json(kind: FileKind) -> String {
    let mut s =
        serde_json::to_string_pretty(&schema_for(kind)).expect("a JSON value always serializes");
    s.push('\n');
    s
}

/// The file name `schema --write` gives a kind's schema: `monster.schema.json`.
pub fn file_name(kind: FileKind) -> String {
    format!("{}.schema.json", kind.key())
}

/// Closes every object schema that lists its properties: the reader refuses unknown keys at
/// every level (`yaml_io::parse`), whether or not the type says `deny_unknown_fields`. Only
/// schemas of `type: object`, so that a condition such as a group's `oneOf` stays open.
#[derive(Debug, Clone)]
struct RefuseUnknownKeys;

impl Transform for RefuseUnknownKeys {
    fn transform(&mut self, schema: &mut Schema) {
        if let Some(obj) = schema.as_object_mut()
            && obj.get("type").is_some_and(|t| t == "object")
            && obj.contains_key("properties")
            && !obj.contains_key("additionalProperties")
        {
            obj.insert("additionalProperties".into(), false.into());
        }
    }
}

/// The schema of a `kind:` line: exactly `word`.
pub(crate) fn kind_const(word: &str) -> Schema {
    schemars::json_schema!({
        "type": "string",
        "const": word,
        "description": format!("The file's kind: always `{word}`."),
    })
}

/// Implements `JsonSchema` for a `kind:` enum with one value.
macro_rules! kind_schema {
    ($t:ty, $word:literal) => {
        impl schemars::JsonSchema for $t {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($t).into()
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                $crate::schema::kind_const($word)
            }
        }
    };
}
pub(crate) use kind_schema;

/// The schema of `cr:` in a 3rd-edition group (D1): a whole CR or one of the fractions, as
/// [`crate::encounter::cr_serde`] reads it.
pub(crate) fn cr_schema(_: &mut schemars::SchemaGenerator) -> Schema {
    let fractions: Vec<String> = crate::rules::d20e3::FRACTIONS
        .iter()
        .map(|d| format!("1/{d}"))
        .collect();
    schemars::json_schema!({
        "description": "D1: a challenge rating, 1 to 20 or a fraction.",
        "oneOf": [
            { "type": "integer", "minimum": 1, "maximum": crate::rules::d20e3::MAX_CR },
            {
                "type": "string",
                "anyOf": [
                    { "enum": fractions },
                    {
                        "pattern": patterns::challenge_rating(),
                        "patternErrorMessage": crate::encounter::cr_serde::EXPECTING,
                    },
                ],
            },
        ],
    })
}

/// What an encounter group's schema adds to the derive: `name:` read as `label:` (D1, a serde
/// alias the derive does not see), and a group is exactly one of a monster, a placeholder, a
/// CR, a character, an NPC or a challenge (D7).
pub(crate) fn group_schema(schema: &mut Schema) {
    let Some(obj) = schema.as_object_mut() else {
        return;
    };
    if let Some(props) = obj
        .get_mut("properties")
        .and_then(serde_json::Value::as_object_mut)
        && let Some(label) = props.get("label").cloned()
    {
        props.insert("name".into(), label);
    }
    // D7: a character or an NPC is a group's one kind of foe; class levels go with a `cr:`.
    obj.insert(
        "dependentRequired".into(),
        serde_json::json!({ "class_levels": ["cr"] }),
    );
    let one_of: Vec<serde_json::Value> = ["monster", "placeholder", "cr", "character", "npc", "challenge"]
        .iter()
        // A key written `~` is read as absent, so it does not count as the group's one.
        .map(|k| serde_json::json!({ "required": [k], "properties": { *k: { "not": { "type": "null" } } } }))
        .collect();
    obj.insert("oneOf".into(), one_of.into());
    // `label` and its alias `name` both given are one field given twice.
    obj.insert(
        "not".into(),
        serde_json::json!({ "required": ["label", "name"] }),
    );
    // A challenge is run once, by the party's foes, and named inside `challenge:` (A2).
    let ally = patterns::vocabulary_value(crate::encounter::file::Side::Ally);
    obj.insert(
        "if".into(),
        serde_json::json!({ "required": ["challenge"], "properties": { "challenge": { "type": "object" } } }),
    );
    obj.insert(
        "then".into(),
        serde_json::json!({
            "properties": {
                "count": { "const": 1 },
                "side": { "not": { "type": "string", "pattern": ally } },
                "label": { "type": "null" },
                "name": { "type": "null" },
            },
        }),
    );
}

/// A whole number in `B`'s range (`limits`), as `limits::bounded` reads it.
pub(crate) fn bounded<B: crate::limits::Bound>(_: &mut schemars::SchemaGenerator) -> Schema {
    let l = B::LIMIT;
    schemars::json_schema!({
        "type": "integer",
        "minimum": l.min,
        "maximum": l.max,
        "description": range_words(&l),
    })
}

/// A whole number in `B`'s range or none (`~`), as `limits::bounded_opt` reads it.
pub(crate) fn bounded_opt<B: crate::limits::Bound>(_: &mut schemars::SchemaGenerator) -> Schema {
    let l = B::LIMIT;
    schemars::json_schema!({
        "type": ["integer", "null"],
        "minimum": l.min,
        "maximum": l.max,
        "description": range_words(&l),
    })
}

/// "A speed: 0 to 100 squares."
fn range_words(l: &crate::limits::Limit) -> String {
    let mut what = l.what.to_owned();
    for article in ["an ", "a ", "the "] {
        if let Some(rest) = what.strip_prefix(article) {
            what = rest.to_owned();
        }
    }
    let mut chars = what.chars();
    let what: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    format!("{what}: {}.", l.range_text())
}

/// A string in a closed set of words: `keys` offered for completion, `pattern` (what the reader
/// takes: any case, other spellings, numbers) deciding. `patternErrorMessage` (read by
/// yaml-language-server and VS Code) says in words what the pattern says in characters.
pub(crate) fn word_schema(description: &str, keys: &[String], pattern: String) -> Schema {
    schemars::json_schema!({
        "type": "string",
        "description": description,
        "anyOf": [
            { "enum": keys },
            { "pattern": pattern, "patternErrorMessage": description },
        ],
    })
}

/// A `String` field that holds a word of `T` (read through `T::parse` after serde).
pub(crate) fn vocabulary_of<T: crate::vocab::Vocabulary>(
    _: &mut schemars::SchemaGenerator,
) -> Schema {
    crate::vocab::vocabulary_schema::<T>()
}

fn keys_of<T: crate::vocab::Vocabulary>(values: &[T]) -> Vec<String> {
    values.iter().map(|v| v.key().to_owned()).collect()
}

pub(crate) fn sense_schema(_: &mut schemars::SchemaGenerator) -> Schema {
    use crate::rules::senses::SenseKind;
    let r = crate::limits::SENSE_RANGE;
    word_schema(
        &format!(
            "A sense: {}; blindsight, tremorsense and truesight may give a range, {} (`blindsight 10`).",
            keys_of(SenseKind::ALL).join(", "),
            r.range_text()
        ),
        &keys_of(SenseKind::ALL),
        patterns::sense(),
    )
}

pub(crate) fn movement_trait_schema(_: &mut schemars::SchemaGenerator) -> Schema {
    use crate::rules::creature::Size;
    use crate::rules::senses::{MOVEMENT_TRAIT_NAMES, MovementTrait, Stride};
    let mut keys: Vec<String> = Stride::ALL
        .iter()
        .map(|s| MovementTrait::TerrainStride(*s))
        .chain([
            MovementTrait::WallWalker,
            MovementTrait::Phasing,
            MovementTrait::ClumsyOnGround,
            MovementTrait::ClumsyInAir,
            MovementTrait::ClumsyInWater,
            MovementTrait::Hover,
            MovementTrait::Compress(None),
        ])
        .chain(Size::ALL.iter().map(|s| MovementTrait::Compress(Some(*s))))
        .chain([MovementTrait::EarthGlide])
        .map(|t| t.to_string())
        .collect();
    keys.push(MovementTrait::MaximumAltitude(2).to_string());
    word_schema(
        &format!(
            "A movement trait: {} (maximum altitude {}).",
            MOVEMENT_TRAIT_NAMES.join(", "),
            crate::limits::ALTITUDE.range_text()
        ),
        &keys,
        patterns::movement_trait(),
    )
}

pub(crate) fn area_schema(_: &mut schemars::SchemaGenerator) -> Schema {
    use crate::rules::power_vocab::AreaShape;
    let keys: Vec<String> = AreaShape::ALL
        .iter()
        .map(|s| format!("{} 1", s.key()))
        .collect();
    word_schema(
        &format!(
            "An area: burst, arc or wall and its size, {} (`burst 2`).",
            crate::limits::AREA_SIZE.range_text()
        ),
        &keys,
        patterns::area(),
    )
}

pub(crate) fn immunity_schema(_: &mut schemars::SchemaGenerator) -> Schema {
    use crate::rules::creature::{Condition, DamageType};
    let keys: Vec<String> = keys_of(DamageType::ALL)
        .into_iter()
        .chain(keys_of(Condition::ALL))
        .collect();
    word_schema(
        "A damage type or a condition.",
        &keys,
        patterns::trimmed(&patterns::one_of([
            patterns::words(DamageType::ALL),
            patterns::words(Condition::ALL),
        ])),
    )
}

pub(crate) fn damage_schema(_: &mut schemars::SchemaGenerator) -> Schema {
    use crate::rules::damage::DamageTier;
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

/// What [`crate::monster::power::DamageSpec::parse`] reads: a damage tier or dice.
pub fn damage_pattern() -> String {
    use crate::rules::damage::DamageTier;
    let ws = patterns::WS;
    format!(
        "^(?:{ws}*{}{ws}*|{})$",
        patterns::words(DamageTier::ALL),
        patterns::dice()
    )
}

/// The schema of one hand-set value, `limit` its range (`MonsterDesign::problems` checks it).
fn override_schema(limit: &crate::limits::Limit) -> serde_json::Value {
    serde_json::json!({
        "type": "object",
        "description": "A hand-set value with the designer's reason.",
        "properties": {
            "value": {
                "type": "integer",
                "minimum": limit.min,
                "maximum": limit.max,
                "description": range_words(limit),
            },
            "reason": { "type": "string" },
        },
        "required": ["value"],
        "additionalProperties": false,
    })
}

/// A mapping whose keys are words of `K` (read through `K::parse`: any case, any spelling) and
/// whose values are `value` of the key: each key's schema under its key for completion, and
/// under the pattern of its spellings for the rest.
fn keyed_by<K: crate::vocab::Vocabulary>(value: impl Fn(K) -> serde_json::Value) -> Schema {
    let mut properties = serde_json::Map::new();
    let mut spelled = serde_json::Map::new();
    for k in K::ALL {
        properties.insert(k.key().to_owned(), value(*k));
        spelled.insert(patterns::vocabulary_value(*k), value(*k));
    }
    schemars::json_schema!({
        "type": "object",
        "properties": properties,
        "patternProperties": spelled,
        "additionalProperties": false,
    })
}

/// A monster's `overrides:`, each stat's value in its own range ([`crate::monster::overrides::StatKey::limit`]).
pub(crate) fn stat_overrides(_: &mut schemars::SchemaGenerator) -> Schema {
    use crate::monster::overrides::StatKey;
    let mut s = keyed_by::<StatKey>(|k| override_schema(&k.limit()));
    s.insert(
        "description".into(),
        "Hand-set numbers in place of derived ones, each with the designer's reason.".into(),
    );
    s
}

/// A power's `overrides: {attack}`: a bonus override or none.
pub(crate) fn attack_override(_: &mut schemars::SchemaGenerator) -> Schema {
    schemars::json_schema!({
        "anyOf": [override_schema(&crate::limits::BONUS_OVERRIDE), { "type": "null" }],
        "description": "A hand-set attack bonus in place of the role formula.",
    })
}

/// A template's `powers_by_role:`: for each role, its list of powers.
pub(crate) fn powers_by_role(generator: &mut schemars::SchemaGenerator) -> Schema {
    use crate::rules::role::Role;
    let power = generator
        .subschema_for::<crate::monster::power::Power>()
        .to_value();
    let mut s = keyed_by::<Role>(|_| {
        serde_json::json!({
            "type": "array",
            "items": power,
            "maxItems": crate::limits::POWERS.max,
        })
    });
    s.insert(
        "description".into(),
        "A theme's powers: each member of a group gets the ones of its own role.".into(),
    );
    s
}

/// What an encounter's schema adds to the derive: the rules of its `system:` (D1). A
/// 3rd-edition encounter's groups are `cr:` groups and its characters of levels up to the
/// table's; an Orcus encounter has no `cr:` group and no `circumstance:`.
pub(crate) fn encounter_schema(schema: &mut Schema) {
    use crate::encounter::file::System;
    let d20e3 = patterns::vocabulary_value(System::D20e3);
    let most = crate::rules::d20e3::MAX_LEVEL;
    schema.insert(
        "if".into(),
        serde_json::json!({
            "required": ["system"],
            "properties": { "system": { "type": "string", "pattern": d20e3 } },
        }),
    );
    schema.insert(
        "then".into(),
        serde_json::json!({
            "properties": {
                "groups": {
                    "items": { "required": ["cr"], "properties": { "cr": { "not": { "type": "null" } } } },
                },
                "party": {
                    "properties": {
                        "level": { "maximum": most },
                        "members": { "items": { "properties": { "level": { "maximum": most } } } },
                    },
                },
            },
        }),
    );
    schema.insert(
        "else".into(),
        serde_json::json!({
            "properties": {
                "circumstance": { "type": "null" },
                "groups": { "items": { "properties": { "cr": { "type": "null" } } } },
            },
        }),
    );
}

/// What a party member's schema adds to the derive: its `xp:` within its level's XP (A1, Table –
/// Levels and Their Benefits).
pub(crate) fn member_schema(schema: &mut Schema) {
    use crate::rules::experience::{first_xp, next_level_xp};
    use crate::rules::level::Level;
    let levels: Vec<serde_json::Value> = Level::all()
        .map(|l| {
            let mut xp = serde_json::json!({ "minimum": first_xp(l) });
            if let Some(next) = next_level_xp(l) {
                xp["maximum"] = (next - 1).into();
            }
            serde_json::json!({ "properties": { "level": { "const": l.get() }, "xp": xp } })
        })
        .collect();
    schema.insert(
        "if".into(),
        serde_json::json!({ "required": ["xp"], "properties": { "xp": { "type": "integer" } } }),
    );
    schema.insert("then".into(), serde_json::json!({ "anyOf": levels }));
}
