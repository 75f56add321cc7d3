//! JSON Schemas (draft 2020-12) of the five file kinds, generated with `schemars` from the same
//! types that read the files, so that an editor's completion and validation cannot drift from
//! what lairsmith accepts.
//!
//! What the derives cannot see is added here: the reader refuses every key it does not know
//! (`yaml_io::parse`) except `x-` keys where a file keeps them, so every object gets
//! `additionalProperties: false`, and the types that keep `x-` keys say so with
//! `patternProperties` ([`X_KEYS`]).

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

/// An id as [`crate::monster::design::check_id`] accepts it: lower-case ASCII letters and
/// digits joined by single hyphens.
pub const ID_PATTERN: &str = "^[a-z0-9]+(-[a-z0-9]+)*$";

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
    use crate::vocab::Vocabulary;
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
            { "type": "string", "enum": fractions },
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
}
