//! `cr:` as 3rd-edition files write it: a number (`cr: 5`) or a fraction (`cr: 1/2`).

use crate::rules::d20e3::Cr;
use serde::{Deserialize, Deserializer, Serializer};

pub fn serialize<S: Serializer>(cr: &Option<Cr>, s: S) -> Result<S::Ok, S::Error> {
    match cr {
        Some(Cr::Whole(n)) => s.serialize_u8(*n),
        Some(c) => s.serialize_str(&c.to_string()),
        None => s.serialize_none(),
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Raw {
    Number(i64),
    Text(String),
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Cr>, D::Error> {
    let raw = Option::<Raw>::deserialize(d)?;
    let text = match raw {
        None => return Ok(None),
        Some(Raw::Number(n)) => n.to_string(),
        Some(Raw::Text(t)) => t,
    };
    text.parse::<Cr>()
        .map(Some)
        .map_err(serde::de::Error::custom)
}
