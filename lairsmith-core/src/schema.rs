//! JSON Schemas (draft 2020-12) of the five file kinds, generated with `schemars` from the same
//! types and rules that read the files, so that an editor's completion and validation say what
//! lairsmith accepts (tests/schema_differential.rs holds them to it, file by altered file).
//!
//! The reader refuses every key it does not know (`yaml_io::parse`) except `x-` keys where a
//! file keeps them, so every object gets `additionalProperties: false` here, and the types that
//! keep `x-` keys say so with `patternProperties`.
//!
//! Every number a file holds carries its documented range (`limits`), every list its most items,
//! every word the spellings its reader takes (`vocab::pattern`), and the rules between fields
//! that a schema can state (a group is one of four things, which a `system:` allows; a party
//! member's XP within its level) are stated. What the derives cannot see is written beside each
//! type, next to the reader it follows, so this module depends on the types and none of them on
//! it. What no JSON Schema can state is listed in tests/schema_differential.rs and the guide (docs/src/guide/editors.md).

use crate::store::{Expect, SaveError, save_atomic};
use crate::vocab::Vocabulary;
use crate::vocabulary;
use schemars::Schema;
use schemars::generate::SchemaSettings;
use schemars::transform::{RecursiveTransform, Transform};
use std::path::{Path, PathBuf};

vocabulary! {
    /// The file kinds that have a schema: the `kind:` of each file.
    pub enum FileKind ("file kind") {
        Monster = ("monster", "monster"),
        Encounter = ("encounter", "encounter"),
        Party = ("party", "party"),
        Template = ("template", "monster template"),
        Adventure = ("adventure", "adventure"),
        Fight = ("fight", "fight"),
    }
    aliases {
        "monster-template" => Template,
    }
}

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
        FileKind::Fight => generator.into_root_schema_for::<crate::fight::layout::Document>(),
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

/// The schema files of [`write_schema`] that `dir` holds already (a link or a folder at the
/// name counts), in the order of [`FileKind::ALL`]: what a write that may not overwrite refuses
/// before it writes any, so that a refused write leaves `dir` as it was.
pub fn existing_schema_files(dir: &Path) -> Vec<PathBuf> {
    FileKind::ALL
        .iter()
        .map(|&k| dir.join(file_name(k)))
        .filter(|p| p.symlink_metadata().is_ok())
        .collect()
}

/// Writes the schema of `kind` ([`schema_json`]) into `dir` as [`file_name`], atomically and
/// never through a symbolic link ([`crate::store::save_atomic`]); a file already there is
/// refused ([`SaveError::AlreadyExists`]) unless `overwrite`. Returns the path written.
pub fn write_schema(dir: &Path, kind: FileKind, overwrite: bool) -> Result<PathBuf, SaveError> {
    let path = dir.join(file_name(kind));
    let expect = if overwrite {
        Expect::Anything
    } else {
        Expect::New
    };
    save_atomic(&path, schema_json(kind).as_bytes(), expect)?;
    Ok(path)
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
