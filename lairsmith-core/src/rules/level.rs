//! Monster level (R1) and what follows from level alone: tier, half level, resistance X (R9),
//! recoveries (R11).

use std::fmt;

/// The lowest monster level (L575).
pub(crate) const MIN_LEVEL: u8 = 1;
/// R1: the highest monster level. The damage table's rows 31-35 stay data only.
pub(crate) const MAX_LEVEL: u8 = 30;

/// A monster level, always within 1-30 (R1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// A level outside 1-30.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("level {0} is outside {MIN_LEVEL}-{MAX_LEVEL}: monsters in Orcus have levels 1 to 30")]
pub struct LevelOutOfRange(pub i64);

impl Level {
    /// Level 1, the lowest.
    pub const MIN: Level = Level(MIN_LEVEL);
    /// Level 30, the highest.
    pub const MAX: Level = Level(MAX_LEVEL);

    /// The level `level`, or [`LevelOutOfRange`] outside 1-30.
    pub fn new(level: i64) -> Result<Level, LevelOutOfRange> {
        if (i64::from(MIN_LEVEL)..=i64::from(MAX_LEVEL)).contains(&level) {
            Ok(Level(level as u8))
        } else {
            Err(LevelOutOfRange(level))
        }
    }

    /// Every valid level, 1 to 30.
    pub fn all() -> impl DoubleEndedIterator<Item = Level> + Clone {
        (MIN_LEVEL..=MAX_LEVEL).map(Level)
    }

    /// The level as a number, 1 to 30.
    pub fn get(self) -> u8 {
        self.0
    }

    /// Index into the book's level tables (level 1 is row 0).
    pub fn index(self) -> usize {
        usize::from(self.0 - 1)
    }

    /// Half level, rounded down (L615, L1855).
    pub(crate) fn half(self) -> i32 {
        i32::from(self.0 / 2)
    }

    /// The tier this level belongs to (L636-638).
    pub fn tier(self) -> Tier {
        match self.0 {
            1..=10 => Tier::Adventurer,
            11..=20 => Tier::Prestige,
            _ => Tier::Epic,
        }
    }

    /// R9: the value of a listed resistance or vulnerability "X" (L1751).
    pub fn resistance_x(self) -> u32 {
        match self.tier() {
            Tier::Adventurer => 5,
            Tier::Prestige => 10,
            Tier::Epic => 15,
        }
    }

    /// R11: recoveries (L1686): 1 at levels 1-10, 2 at 11-20, 3 at 21-30.
    pub fn recoveries(self) -> u32 {
        match self.tier() {
            Tier::Adventurer => 1,
            Tier::Prestige => 2,
            Tier::Epic => 3,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl TryFrom<i64> for Level {
    type Error = LevelOutOfRange;
    fn try_from(v: i64) -> Result<Self, Self::Error> {
        Level::new(v)
    }
}

/// Why a text is not a [`Level`]; each message is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LevelParseError {
    /// Text that is no whole number, as given (untrimmed).
    #[error("`{given}` is not a level: give a whole number from 1 to 30")]
    NotANumber {
        /// The text as the user typed it.
        given: String,
    },
    /// A whole number outside 1-30.
    #[error(transparent)]
    OutOfRange(#[from] LevelOutOfRange),
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<LevelParseError> for String {
    fn from(e: LevelParseError) -> String {
        e.to_string()
    }
}

impl std::str::FromStr for Level {
    type Err = LevelParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let n: i64 = s.trim().parse().map_err(|_| LevelParseError::NotANumber {
            given: s.to_owned(),
        })?;
        Ok(Level::new(n)?)
    }
}

impl serde::Serialize for Level {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

impl<'de> serde::Deserialize<'de> for Level {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Level;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a level from 1 to 30")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Level, E> {
                Level::new(v).map_err(E::custom)
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Level, E> {
                Level::new(i64::try_from(v).unwrap_or(i64::MAX)).map_err(E::custom)
            }
        }
        d.deserialize_i64(V)
    }
}

impl schemars::JsonSchema for Level {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Level".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "integer",
            "minimum": MIN_LEVEL,
            "maximum": MAX_LEVEL,
            "description": "A level from 1 to 30 (R1).",
        })
    }
}

/// Tiers of play (L633-639). They have no mechanical effect of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tier {
    /// Adventurer tier, levels 1-10: local concerns, like rescuing a village.
    Adventurer,
    /// Prestige tier, levels 11-20: the fate of kingdoms.
    Prestige,
    /// Epic tier, levels 21-30 (the glossary's "Mythic"): saving the whole world.
    Epic,
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Tier::Adventurer => "Adventurer",
            Tier::Prestige => "Prestige",
            Tier::Epic => "Epic",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callers_can_tell_the_kinds_of_level_parse_error_apart() {
        assert_eq!(
            "x".parse::<Level>(),
            Err(LevelParseError::NotANumber { given: "x".into() })
        );
        assert_eq!(
            " 31".parse::<Level>(),
            Err(LevelParseError::OutOfRange(LevelOutOfRange(31)))
        );
        assert_eq!(
            "x".parse::<Level>().unwrap_err().to_string(),
            "`x` is not a level: give a whole number from 1 to 30"
        );
        assert_eq!(
            "31".parse::<Level>().unwrap_err().to_string(),
            "level 31 is outside 1-30: monsters in Orcus have levels 1 to 30"
        );
    }

    #[test]
    fn r1_levels_run_from_1_to_30() {
        assert!(Level::new(0).is_err());
        assert!(Level::new(31).is_err());
        assert_eq!(Level::all().count(), 30);
        let msg = Level::new(31).unwrap_err().to_string();
        assert!(msg.contains("1-30"), "{msg}");
    }

    #[test]
    fn r9_resistance_x_changes_at_11_and_21() {
        let x: Vec<u32> = Level::all().map(Level::resistance_x).collect();
        assert!(x[..10].iter().all(|&v| v == 5));
        assert!(x[10..20].iter().all(|&v| v == 10));
        assert!(x[20..].iter().all(|&v| v == 15));
    }

    #[test]
    fn r11_recoveries_by_tier() {
        for l in Level::all() {
            let expected = 1 + u32::from(l.get() > 10) + u32::from(l.get() > 20);
            assert_eq!(l.recoveries(), expected, "level {l}");
        }
    }
}
