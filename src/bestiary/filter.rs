//! Structured filters over the bestiary: level range, rank, role, source, type, tags.

use crate::monster::MonsterDesign;
use crate::rules::{CreatureType, Rank, Role, Source, Tag};
use std::ops::RangeInclusive;

/// A conjunction of field filters; an empty filter matches everything.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    pub levels: Option<RangeInclusive<u8>>,
    pub ranks: Vec<Rank>,
    pub roles: Vec<Role>,
    pub sources: Vec<Source>,
    pub types: Vec<CreatureType>,
    /// Every listed tag must be present.
    pub tags: Vec<Tag>,
    pub leader: Option<bool>,
}

impl Filter {
    pub fn matches(&self, d: &MonsterDesign) -> bool {
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

    pub fn is_empty(&self) -> bool {
        *self == Filter::default()
    }

    /// Parses a level range: `5`, `3..7`, `3-7`, `..7`, `12..`.
    pub fn parse_levels(s: &str) -> Result<RangeInclusive<u8>, String> {
        let bad = || format!("`{s}` is not a level range: write 5, 3..7, ..7 or 12..");
        let num = |t: &str, default: u8| -> Result<u8, String> {
            let t = t.trim();
            if t.is_empty() {
                return Ok(default);
            }
            let n: u8 = t.parse().map_err(|_| bad())?;
            if !(1..=30).contains(&n) {
                return Err(format!("level {n} is outside 1-30"));
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
            return Err(format!("the level range {s} is empty: {a} is above {b}"));
        }
        Ok(a..=b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
