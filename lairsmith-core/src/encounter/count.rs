//! How many of one monster a group holds: 1 to [`MAX_GROUP_COUNT`], checked wherever a count
//! enters (files, the command line, the UI), so no later sum or `+` can wrap or reach zero.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most monsters one group may hold. No table fight has more; the bound keeps every XP sum
/// far from overflowing and every roster column narrow.
pub const MAX_GROUP_COUNT: u32 = 999;

/// Why a number is not a group's count; each message is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CountError {
    /// A number outside 1 to [`MAX_GROUP_COUNT`].
    #[error("a count must be from 1 to {MAX_GROUP_COUNT}, not {given}")]
    OutOfRange {
        /// The number given.
        given: i64,
    },
    /// Text that is no whole number.
    #[error("`{given}` is not a count; give a whole number from 1 to {MAX_GROUP_COUNT}")]
    NotANumber {
        /// The text as typed.
        given: String,
    },
    /// Two counts whose sum passes [`MAX_GROUP_COUNT`].
    #[error("the group would hold {total} (at most {MAX_GROUP_COUNT} in one group)")]
    SumTooLarge {
        /// The two counts' sum.
        total: u64,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<CountError> for String {
    fn from(e: CountError) -> String {
        e.to_string()
    }
}

/// A group's count, always within 1..=[`MAX_GROUP_COUNT`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(into = "u32")]
pub struct Count(u32);

impl Count {
    /// One monster: the count of a group whose file gives none.
    pub const ONE: Count = Count(1);
    /// [`MAX_GROUP_COUNT`] monsters, the most one group holds.
    pub const MAX: Count = Count(MAX_GROUP_COUNT);

    /// A count, or a sentence saying the valid range.
    pub fn new(n: i64) -> Result<Count, CountError> {
        match u32::try_from(n) {
            Ok(n) if (1..=MAX_GROUP_COUNT).contains(&n) => Ok(Count(n)),
            _ => Err(CountError::OutOfRange { given: n }),
        }
    }

    /// The count as a number, 1 to [`MAX_GROUP_COUNT`].
    pub fn get(self) -> u32 {
        self.0
    }

    /// One more, staying at the maximum: `+` never lowers a count.
    pub fn increment(self) -> Count {
        Count((self.0 + 1).min(MAX_GROUP_COUNT))
    }

    /// One fewer, or `None` at one (the group would be empty).
    pub fn decrement(self) -> Option<Count> {
        (self.0 > 1).then(|| Count(self.0 - 1))
    }

    /// The two counts together, or a sentence if they pass the maximum.
    pub fn plus(self, other: Count) -> Result<Count, CountError> {
        Count::new(i64::from(self.0) + i64::from(other.0)).map_err(|_| CountError::SumTooLarge {
            total: u64::from(self.0) + u64::from(other.0),
        })
    }
}

impl schemars::JsonSchema for Count {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Count".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_GROUP_COUNT,
            "description": format!("How many of the group's monster, 1 to {MAX_GROUP_COUNT}."),
        })
    }
}

impl Default for Count {
    fn default() -> Count {
        Count::ONE
    }
}

/// Checked inside the parser's visitor, so that a wrong count is refused at its own line and
/// column with the range (`try_from` would report it at the group, and a wrong type as "i64").
impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Count;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a count: a whole number from 1 to {MAX_GROUP_COUNT}")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Count, E> {
                Count::new(v).map_err(E::custom)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Count, E> {
                self.visit_i64(i64::try_from(v).unwrap_or(i64::MAX))
            }
        }
        d.deserialize_i64(V)
    }
}

impl TryFrom<i64> for Count {
    type Error = CountError;
    fn try_from(n: i64) -> Result<Count, CountError> {
        Count::new(n)
    }
}

impl From<Count> for u32 {
    fn from(c: Count) -> u32 {
        c.0
    }
}

impl From<Count> for u64 {
    fn from(c: Count) -> u64 {
        u64::from(c.0)
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::str::FromStr for Count {
    type Err = CountError;
    fn from_str(s: &str) -> Result<Count, CountError> {
        let n: i64 = s.trim().parse().map_err(|_| CountError::NotANumber {
            given: s.to_owned(),
        })?;
        Count::new(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callers_can_tell_the_kinds_of_count_error_apart() {
        assert_eq!(Count::new(0), Err(CountError::OutOfRange { given: 0 }));
        assert!(matches!(
            "x".parse::<Count>(),
            Err(CountError::NotANumber { .. })
        ));
        assert_eq!(
            Count::MAX.plus(Count::ONE),
            Err(CountError::SumTooLarge { total: 1000 })
        );
        assert_eq!(
            Count::MAX.plus(Count::ONE).unwrap_err().to_string(),
            "the group would hold 1000 (at most 999 in one group)"
        );
    }

    #[test]
    fn counts_stay_in_range() {
        assert!(Count::new(0).is_err());
        assert!(Count::new(-1).is_err());
        assert!(Count::new(1000).is_err());
        assert!(Count::new(4_294_967_295).is_err());
        assert_eq!(Count::MAX.increment(), Count::MAX);
        assert_eq!(Count::new(500).unwrap().increment().get(), 501);
        assert_eq!(Count::ONE.decrement(), None);
        assert!(
            Count::new(998)
                .unwrap()
                .plus(Count::new(2).unwrap())
                .is_err()
        );
        assert_eq!("12".parse::<Count>().unwrap().get(), 12);
    }
}
