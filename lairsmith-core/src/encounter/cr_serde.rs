//! `cr:` as 3rd-edition files write it: a number (`cr: 5`) or a fraction (`cr: 1/2`).

use crate::rules::d20e3::Cr;
use serde::{Deserializer, Serializer};
use std::fmt;

pub(crate) fn serialize<S: Serializer>(cr: &Option<Cr>, s: S) -> Result<S::Ok, S::Error> {
    match cr {
        Some(Cr::Whole(n)) => s.serialize_u8(*n),
        Some(c) => s.serialize_str(&c.to_string()),
        None => s.serialize_none(),
    }
}

/// What a `cr:` may hold, in the words every wrong value is answered with.
pub(crate) const EXPECTING: &str =
    "a challenge rating: a whole number from 1 to 20, or 1/2, 1/3, 1/4, 1/6 or 1/8";

/// Reads every form of the value in one visitor, so that a wrong one is refused inside the
/// parser, at the value's own line and column, in words that say which forms a CR takes (an
/// untagged enum would answer "data did not match any variant", at the group's line).
struct CrVisitor;

impl CrVisitor {
    fn read<E: serde::de::Error>(text: &str) -> Result<Option<Cr>, E> {
        text.parse::<Cr>().map(Some).map_err(E::custom)
    }
}

impl serde::de::Visitor<'_> for CrVisitor {
    type Value = Option<Cr>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(EXPECTING)
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Option<Cr>, E> {
        Ok(None)
    }
    fn visit_none<E: serde::de::Error>(self) -> Result<Option<Cr>, E> {
        Ok(None)
    }
    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Option<Cr>, E> {
        Self::read(&v.to_string())
    }
    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Option<Cr>, E> {
        Self::read(&v.to_string())
    }
    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Option<Cr>, E> {
        // `0.5` for `1/2`: name the fraction meant, when there is one.
        let meant = crate::rules::d20e3::FRACTIONS
            .iter()
            .find(|d| (1.0 / f64::from(**d) - v).abs() < 0.01)
            .map_or(String::new(), |d| format!(" (write `1/{d}` for {v})"));
        Err(E::custom(format!(
            "`{v}` is not a challenge rating{meant}; a CR is a whole number from 1 to 20, or 1/2, 1/3, 1/4, 1/6 or 1/8"
        )))
    }
    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Option<Cr>, E> {
        Self::read(v)
    }
}

pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Cr>, D::Error> {
    d.deserialize_any(CrVisitor)
}

/// The schema of `cr:` in a 3rd-edition group (D1): a whole CR or one of the fractions, as
/// this module reads it.
pub(crate) fn cr_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
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
                        "pattern": crate::rules::d20e3::cr_pattern(),
                        "patternErrorMessage": EXPECTING,
                    },
                ],
            },
        ],
    })
}
