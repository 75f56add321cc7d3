//! Structured filters over the bestiary: level range, rank, role, source, type, tags, leader,
//! and whose the monster is (the user's own, or shipped too).

use crate::bestiary::{Card, Entry};
use crate::rules::{CreatureType, Rank, Role, Source, Tag};
use crate::vocab::Vocabulary;
use std::ops::RangeInclusive;

/// How far below the party level the encounter picker looks by default (issue 9: "party level
/// -2 to +4, as Kobold Fight Club does"; a monster much weaker is hardly worth its turn).
pub const PICKER_LEVELS_BELOW_PARTY: i32 = 2;
/// How far above the party level the picker looks by default: as far as a monster may stand
/// above the highest character before the report flags it (E3).
pub const PICKER_LEVELS_ABOVE_PARTY: i32 = crate::rules::difficulty::MAX_LEVELS_ABOVE_PARTY;

/// A conjunction of field filters; an empty filter matches everything.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only levels in this range (within 1 to 30), ends included.
    pub levels: Option<RangeInclusive<u8>>,
    /// Only these ranks; empty: any rank.
    pub ranks: Vec<Rank>,
    /// Only these roles; empty: any role.
    pub roles: Vec<Role>,
    /// Only these sources; empty: any source.
    pub sources: Vec<Source>,
    /// Only these types; empty: any type.
    pub types: Vec<CreatureType>,
    /// Every listed tag must be present.
    pub tags: Vec<Tag>,
    /// Only leaders (`Some(true)`), only non-leaders (`Some(false)`), or both.
    pub leader: Option<bool>,
    /// Only the user's own monsters: the shipped ones are left out.
    pub mine: bool,
}

impl Filter {
    /// Whether the monster `e` passes every field filter. Whose it is lives on the entry, not
    /// on its card, so the filter is asked about the entry.
    pub fn matches(&self, e: &Entry) -> bool {
        (!self.mine || !e.is_shipped()) && self.matches_card(&e.card)
    }

    /// The filters a card alone can answer (all but [`Filter::mine`]).
    fn matches_card(&self, d: &Card) -> bool {
        self.levels
            .as_ref()
            .is_none_or(|r| r.contains(&d.level.get()))
            && (self.ranks.is_empty() || self.ranks.contains(&d.rank))
            && (self.roles.is_empty() || self.roles.contains(&d.role))
            && (self.sources.is_empty() || self.sources.contains(&d.source))
            && (self.types.is_empty() || self.types.contains(&d.creature_type))
            && self.tags.iter().all(|t| d.tags.contains(t))
            && self.leader.is_none_or(|l| l == d.leader)
    }

    /// Whether the filter is the default one, which matches every monster.
    pub fn is_empty(&self) -> bool {
        *self == Filter::default()
    }

    /// The encounter picker's default: monsters from [`PICKER_LEVELS_BELOW_PARTY`] levels below
    /// the party level to [`PICKER_LEVELS_ABOVE_PARTY`] above, kept within levels 1 to 30 (the
    /// party level of a party outside them still gives a window at the nearest end).
    pub fn around_party_level(party_level: i32) -> Filter {
        Filter {
            levels: Some(levels_around_party(party_level)),
            ..Filter::default()
        }
    }

    /// The filter in words, for the record of a generation: "level 3..7; role wrecker or
    /// archer; leaders only; yours only"; `None` when it is empty.
    pub(crate) fn describe(&self) -> Option<String> {
        fn any<T: Vocabulary>(what: &str, values: &[T], joiner: &str) -> Option<String> {
            (!values.is_empty()).then(|| {
                let words: Vec<&str> = values.iter().map(|v| v.key()).collect();
                format!("{what} {}", words.join(joiner))
            })
        }
        let parts: Vec<String> = [
            self.levels.as_ref().map(|r| {
                if r.start() == r.end() {
                    format!("level {}", r.start())
                } else {
                    format!("level {}..{}", r.start(), r.end())
                }
            }),
            any("rank", &self.ranks, " or "),
            any("role", &self.roles, " or "),
            any("source", &self.sources, " or "),
            any("type", &self.types, " or "),
            any("tag", &self.tags, " and "),
            self.leader
                .map(|l| if l { "leaders only" } else { "no leaders" }.to_owned()),
            self.mine.then(|| "yours only".to_owned()),
        ]
        .into_iter()
        .flatten()
        .collect();
        (!parts.is_empty()).then(|| parts.join("; "))
    }

    /// Parses a level range: `5`, `3..7`, `3-7`, `..7`, `12..`.
    pub fn parse_levels(s: &str) -> Result<RangeInclusive<u8>, LevelRangeError> {
        let bad = || LevelRangeError::NotARange {
            given: s.to_owned(),
        };
        let num = |t: &str, default: u8| -> Result<u8, LevelRangeError> {
            let t = t.trim();
            if t.is_empty() {
                return Ok(default);
            }
            let n: u8 = t.parse().map_err(|_| bad())?;
            if !(1..=30).contains(&n) {
                return Err(LevelRangeError::OutOfRange { level: n });
            }
            Ok(n)
        };
        let (a, b) = match s.split_once("..").or_else(|| s.split_once('-')) {
            Some((a, b)) => (num(a, 1)?, num(b.trim_start_matches('='), 30)?),
            None => {
                let n = num(s, 0)?;
                if n == 0 {
                    return Err(bad());
                }
                (n, n)
            }
        };
        if a > b {
            return Err(LevelRangeError::Empty {
                given: s.to_owned(),
                from: a,
                to: b,
            });
        }
        Ok(a..=b)
    }
}

/// Why a text is not a level range ([`Filter::parse_levels`]); each message is the sentence the
/// user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LevelRangeError {
    /// Text that is neither a level nor a range of levels.
    #[error("`{given}` is not a level range: write 5, 3..7, ..7 or 12..")]
    NotARange {
        /// The text as the user typed it.
        given: String,
    },
    /// A level outside 1-30 at either end.
    #[error("level {level} is outside 1-30")]
    OutOfRange {
        /// The level given (0 to 255: a larger number is [`LevelRangeError::NotARange`]).
        level: u8,
    },
    /// A range whose start is above its end: `7..3`.
    #[error("the level range {given} is empty: {from} is above {to}")]
    Empty {
        /// The text as the user typed it.
        given: String,
        /// The range's first level.
        from: u8,
        /// The range's last level, below `from`.
        to: u8,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<LevelRangeError> for String {
    fn from(e: LevelRangeError) -> String {
        e.to_string()
    }
}

/// The picker's default level window around `party_level` ([`Filter::around_party_level`]).
pub fn levels_around_party(party_level: i32) -> RangeInclusive<u8> {
    let clamp = |l: i32| u8::try_from(l.clamp(1, 30)).unwrap_or(1);
    clamp(party_level.saturating_sub(PICKER_LEVELS_BELOW_PARTY))
        ..=clamp(party_level.saturating_add(PICKER_LEVELS_ABOVE_PARTY))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callers_can_tell_the_kinds_of_level_range_error_apart() {
        assert!(matches!(
            Filter::parse_levels("x"),
            Err(LevelRangeError::NotARange { .. })
        ));
        assert_eq!(
            Filter::parse_levels("0..40"),
            Err(LevelRangeError::OutOfRange { level: 0 })
        );
        let e = Filter::parse_levels("7..3").unwrap_err();
        assert!(matches!(e, LevelRangeError::Empty { from: 7, to: 3, .. }));
        assert_eq!(e.to_string(), "the level range 7..3 is empty: 7 is above 3");
        assert_eq!(
            Filter::parse_levels("x").unwrap_err().to_string(),
            "`x` is not a level range: write 5, 3..7, ..7 or 12.."
        );
        assert_eq!(
            Filter::parse_levels("3..40").unwrap_err().to_string(),
            "level 40 is outside 1-30"
        );
    }

    #[test]
    fn level_ranges() {
        assert_eq!(Filter::parse_levels("5").unwrap(), 5..=5);
        assert_eq!(Filter::parse_levels("3..7").unwrap(), 3..=7);
        assert_eq!(Filter::parse_levels("3-7").unwrap(), 3..=7);
        assert_eq!(Filter::parse_levels("..7").unwrap(), 1..=7);
        assert_eq!(Filter::parse_levels("12..").unwrap(), 12..=30);
        assert!(Filter::parse_levels("7..3").is_err());
        assert!(Filter::parse_levels("0..40").is_err());
        assert!(Filter::parse_levels("x").is_err());
    }
}
