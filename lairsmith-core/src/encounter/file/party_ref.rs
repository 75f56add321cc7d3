//! An encounter's `party:`: a saved party's id, or the party written in the file.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The forms of a file's `party:`, for every message that refuses one.
pub(super) const PARTY_FORMS: &str =
    "a saved party's id, `{size: 4, level: 10}` or `{members: [{name: Ana, level: 3}]}`";

/// The party an encounter is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PartyRef {
    /// `{size: 4, level: 10}`
    Uniform {
        /// How many characters, 1 to [`MAX_PARTY_SIZE`](crate::encounter::party::MAX_PARTY_SIZE).
        size: usize,
        /// Every character's level, 1 to 30.
        level: Level,
    },
    /// `{members: [{name: Ana, level: 3}, ...]}`
    Members(Vec<Member>),
    /// The id of a saved party (`parties/<id>.yaml`).
    Saved(String),
}

impl PartyRef {
    /// How a file writes `p` inline: `{size, level}` when every character shares one level and has
    /// no name, no `xp:` and none of the numbers P11 keeps, else each member.
    pub fn from_party(p: &Party) -> PartyRef {
        match p.uniform_level() {
            Some(level) if p.members.iter().all(|m| *m == Member::new(m.level)) => {
                PartyRef::Uniform {
                    size: p.size(),
                    level,
                }
            }
            _ => PartyRef::Members(p.members.clone()),
        }
    }

    /// The inline party, or `None` for a saved one.
    pub fn inline(&self) -> Option<Party> {
        match self {
            PartyRef::Uniform { size, level } => Some(Party::uniform(*size, *level)),
            PartyRef::Members(m) => Some(Party { members: m.clone() }),
            PartyRef::Saved(_) => None,
        }
    }
}

impl Serialize for PartyRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            PartyRef::Saved(id) => s.serialize_str(id),
            PartyRef::Uniform { size, level } => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("size", size)?;
                m.serialize_entry("level", level)?;
                m.end()
            }
            PartyRef::Members(members) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("members", members)?;
                m.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for PartyRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = PartyRef;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(PARTY_FORMS)
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<PartyRef, E> {
                Ok(PartyRef::Saved(v.to_owned()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<PartyRef, A::Error> {
                use serde::de::Error;
                let (mut size, mut level, mut members) =
                    (None::<usize>, None::<Level>, None::<Vec<Member>>);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "size" => size = Some(map.next_value()?),
                        "level" => level = Some(map.next_value()?),
                        "members" => members = Some(map.next_value()?),
                        other => {
                            return Err(A::Error::custom(format!(
                                "unknown key `{other}` in `party`; a party is {PARTY_FORMS}"
                            )));
                        }
                    }
                }
                match (size, level, members) {
                    (None, None, Some(m)) => {
                        crate::encounter::party::check_size(m.len()).map_err(A::Error::custom)?;
                        Ok(PartyRef::Members(m))
                    }
                    (size, Some(level), None) => {
                        let size = size.unwrap_or(crate::rules::difficulty::DEFAULT_PARTY_SIZE);
                        crate::encounter::party::check_size(size).map_err(A::Error::custom)?;
                        Ok(PartyRef::Uniform { size, level })
                    }
                    (_, _, Some(_)) => Err(A::Error::custom(format!(
                        "a party has `members` or `size` and `level`, not both; a party is {PARTY_FORMS}"
                    ))),
                    (_, None, None) => Err(A::Error::custom(format!(
                        "a party needs `level` (and `size`, 4 if left out) or `members`; a party is {PARTY_FORMS}"
                    ))),
                }
            }
        }
        d.deserialize_any(V)
    }
}

impl schemars::JsonSchema for PartyRef {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "PartyRef".into()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        use crate::encounter::party::MAX_PARTY_SIZE;
        let level = generator.subschema_for::<Level>();
        let member = generator.subschema_for::<Member>();
        schemars::json_schema!({
            "description": "The party: a saved party's id, `{size: 4, level: 10}` or `{members: [{name: Ana, level: 3}]}`.",
            "oneOf": [
                {
                    "type": "string",
                    "description": "The id of a saved party (`parties/<id>.yaml`).",
                    "pattern": crate::monster::design::ID_PATTERN,
                    "maxLength": crate::text::MAX_NAME_CHARS,
                },
                {
                    "type": "object",
                    "properties": {
                        "size": { "type": "integer", "minimum": 1, "maximum": MAX_PARTY_SIZE },
                        "level": level,
                    },
                    "required": ["level"],
                    "additionalProperties": false,
                },
                {
                    "type": "object",
                    "properties": {
                        "members": {
                            "type": "array",
                            "items": member,
                            "minItems": 1,
                            "maxItems": MAX_PARTY_SIZE,
                        },
                    },
                    "required": ["members"],
                    "additionalProperties": false,
                },
            ],
        })
    }
}
