//! Keys starting `x-`: the designer's or another tool's own data, kept in order through load
//! and save. A value is held as what was read, so written again it could lose a tag, an anchor
//! or a plain scalar's spelling (`~`, `0o17`); a save therefore puts each value's own lines back
//! (`yaml_keep`), and `fmt`, which writes the canonical layout, refuses such files rather than
//! change them (`yaml_io::rewrite_blockers`).
//!
//! An integer past 64 bits (`12345678901234567890123`) has no place in a `yaml_serde::Value`,
//! and reading it as one fails. Up to 128 bits it is held as its digits, a string under
//! [`BIG_INTEGER_TAG`], and written back as the integer (a longer one reads as a float, as in
//! yaml_serde), so a number in a note key never makes a file unreadable.

use serde::de::{DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, VariantAccess};
use serde::{Serialize, Serializer};
use yaml_serde::value::{Tag, TaggedValue};
use yaml_serde::{Mapping, Value};

/// The `x-` keys of one mapping, in file order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct XKeys(pub Vec<(String, yaml_serde::Value)>);

/// The prefix that marks a key as the user's own.
pub(crate) const X_PREFIX: &str = "x-";

impl XKeys {
    /// Whether the mapping has no `x-` key.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds `key` (which should start with `X_PREFIX`) and its value after the others.
    pub fn push(&mut self, key: String, value: yaml_serde::Value) {
        self.0.push((key, value));
    }
}

impl Serialize for XKeys {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, &Written(v))?;
        }
        m.end()
    }
}

/// The tag under which an integer past 64 bits is held, as its decimal digits.
pub(crate) const BIG_INTEGER_TAG: &str = "lairsmith/integer-past-64-bits";

/// Reads a YAML document as [`yaml_serde::Value`] does, except that an integer past 64 bits
/// (up to 128) is held under [`BIG_INTEGER_TAG`] instead of failing the whole read.
pub(crate) fn read_value(text: &str) -> Result<Value, yaml_serde::Error> {
    Reader.deserialize(yaml_serde::Deserializer::from_str(text))
}

/// The integer a value under [`BIG_INTEGER_TAG`] holds.
fn big_integer(t: &TaggedValue) -> Option<Result<u128, i128>> {
    if t.tag != Tag::new(BIG_INTEGER_TAG) {
        return None;
    }
    let digits = t.value.as_str()?;
    match digits.parse::<u128>() {
        Ok(u) => Some(Ok(u)),
        Err(_) => digits.parse::<i128>().ok().map(Err),
    }
}

fn big(digits: String) -> Value {
    Value::Tagged(Box::new(TaggedValue {
        tag: Tag::new(BIG_INTEGER_TAG),
        value: Value::String(digits),
    }))
}

struct Reader;

impl<'de> DeserializeSeed<'de> for Reader {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Reader {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("any YAML value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, i: i64) -> Result<Value, E> {
        Ok(Value::Number(i.into()))
    }
    fn visit_u64<E>(self, u: u64) -> Result<Value, E> {
        Ok(Value::Number(u.into()))
    }
    fn visit_i128<E>(self, i: i128) -> Result<Value, E> {
        Ok(match i64::try_from(i) {
            Ok(i) => Value::Number(i.into()),
            Err(_) => big(i.to_string()),
        })
    }
    fn visit_u128<E>(self, u: u128) -> Result<Value, E> {
        Ok(match u64::try_from(u) {
            Ok(u) => Value::Number(u.into()),
            Err(_) => big(u.to_string()),
        })
    }
    fn visit_f64<E>(self, f: f64) -> Result<Value, E> {
        Ok(Value::Number(f.into()))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_owned()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(Reader)? {
            items.push(item);
        }
        Ok(Value::Sequence(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut m = Mapping::new();
        while let Some(key) = map.next_key_seed(Reader)? {
            if m.contains_key(&key) {
                // yaml_serde's own words for the same file.
                let which = match &key {
                    Value::String(s) => format!("with key {s:?}"),
                    Value::Number(n) => format!("with key {n}"),
                    Value::Bool(b) => format!("with key `{b}`"),
                    Value::Null => "with null key".to_owned(),
                    _ => "in YAML map".to_owned(),
                };
                return Err(serde::de::Error::custom(format!("duplicate entry {which}")));
            }
            let value = map.next_value_seed(Reader)?;
            m.insert(key, value);
        }
        Ok(Value::Mapping(m))
    }
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Value, A::Error> {
        // yaml_serde hands a tagged node over as an enum: the tag, then the node.
        let (tag, contents): (String, _) = data.variant()?;
        if tag.is_empty() {
            return Err(serde::de::Error::custom("empty YAML tag is not allowed"));
        }
        let value = contents.newtype_variant_seed(Reader)?;
        Ok(Value::Tagged(Box::new(TaggedValue {
            tag: Tag::new(tag),
            value,
        })))
    }
}

/// A value as a file holds it: one under [`BIG_INTEGER_TAG`] is written as its integer.
struct Written<'a>(&'a Value);

impl Serialize for Written<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self.0 {
            Value::Sequence(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(&Written(item))?;
                }
                seq.end()
            }
            Value::Mapping(m) => {
                let mut map = s.serialize_map(Some(m.len()))?;
                for (k, v) in m {
                    map.serialize_entry(&Written(k), &Written(v))?;
                }
                map.end()
            }
            Value::Tagged(t) => match big_integer(t) {
                Some(Ok(u)) => s.serialize_u128(u),
                Some(Err(i)) => s.serialize_i128(i),
                None => {
                    // As yaml_serde writes a tagged value: a one-entry map from the tag.
                    struct TagKey<'a>(&'a Tag);
                    impl Serialize for TagKey<'_> {
                        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                            s.collect_str(self.0)
                        }
                    }
                    let mut map = s.serialize_map(Some(1))?;
                    map.serialize_entry(&TagKey(&t.tag), &Written(&t.value))?;
                    map.end()
                }
            },
            other => other.serialize(s),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_past_64_bits_are_read_and_written_back_as_integers() {
        let text = "x-a: [1, 340282366920938463463374607431768211455, {k: !t -170141183460469231731687303715884105728}]\n";
        let v = read_value(text).unwrap();
        let Value::Mapping(m) = v else { panic!() };
        let keys = XKeys(
            m.into_iter()
                .map(|(k, v)| (k.as_str().unwrap().to_owned(), v))
                .collect(),
        );
        assert_eq!(
            crate::yaml_io::to_string(&keys),
            "x-a:\n- 1\n- 340282366920938463463374607431768211455\n- k: !t -170141183460469231731687303715884105728\n"
        );
        assert_eq!(
            read_value("a: {b: 1, b: 2}\n").unwrap_err().to_string(),
            yaml_serde::from_str::<Value>("a: {b: 1, b: 2}\n")
                .unwrap_err()
                .to_string()
        );
    }
}
