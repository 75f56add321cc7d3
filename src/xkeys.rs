//! Keys starting `x-`: the designer's or another tool's own data, kept in order through load
//! and save. A save writes each value again from what was read, so a tag, an anchor or a plain
//! scalar such as `~` or `0o17` would not come back as written; `fmt` refuses such files rather
//! than change them (see `yaml_io::rewrite_blockers`).

use serde::{Serialize, Serializer};

/// The `x-` keys of one mapping, in file order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct XKeys(pub Vec<(String, yaml_serde::Value)>);

/// The prefix that marks a key as the user's own.
pub const X_PREFIX: &str = "x-";

impl XKeys {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn push(&mut self, key: String, value: yaml_serde::Value) {
        self.0.push((key, value));
    }
}

impl Serialize for XKeys {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

/// The schema of a mapping's `x-` keys: anything under a key starting `x-`. Types that keep them
/// also say so themselves (`patternProperties`), since the reader's schema leaves out fields
/// that are never read (`skip_deserializing`), as `extra` is.
impl schemars::JsonSchema for XKeys {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "XKeys".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "object",
            "patternProperties": { "^x-": {} },
        })
    }
}
