//! A1: a character's level from its experience points, by "Table – Levels and Their Benefits"
//! ([`LEVELS`], copied once in the rules tables).

use crate::rules::level::Level;
use crate::rules::tables::LEVELS;
use crate::text::group_thousands;

/// The XP at which `level` starts (the table's cumulative XP; level 1 starts at 0).
pub fn first_xp(level: Level) -> u64 {
    u64::from(LEVELS[level.index()].cumulative)
}

/// The XP at which the level after `level` starts; `None` at the highest level.
pub fn next_level_xp(level: Level) -> Option<u64> {
    LEVELS[level.index()]
        .to_next
        .map(|to_next| first_xp(level) + u64::from(to_next))
}

/// The level a character with `xp` experience points has: the highest whose first XP it has
/// reached.
pub fn level_of_xp(xp: u64) -> Level {
    Level::all()
        .rev()
        .find(|l| first_xp(*l) <= xp)
        .unwrap_or(Level::MIN)
}

/// A party member's XP that belongs to another level than the one written (A1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{who} is level {level} with {} XP, but level {level} runs from {} and {} XP is level {held} (Table – Levels and Their Benefits); set the level to {held} or the XP within level {level}",
    group_thousands(*.xp),
    level_range(*.level),
    group_thousands(*.xp)
)]
pub(crate) struct XpError {
    /// The member's name, or "party member N".
    pub who: String,
    /// The level written.
    pub level: Level,
    /// The XP written.
    pub xp: u64,
    /// The level that XP belongs to.
    pub held: Level,
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<XpError> for String {
    fn from(e: XpError) -> String {
        e.to_string()
    }
}

/// The XP `level` spans, as the error says it ("2,250 to 3,749 XP").
fn level_range(level: Level) -> String {
    match next_level_xp(level) {
        Some(next) => format!(
            "{} to {} XP",
            group_thousands(first_xp(level)),
            group_thousands(next - 1)
        ),
        None => format!("{} XP or more", group_thousands(first_xp(level))),
    }
}

/// Whether `xp` belongs to `level`; if not, why (for a party member's `xp:`).
pub(crate) fn check_xp(who: &str, level: Level, xp: u64) -> Result<(), XpError> {
    let held = level_of_xp(xp);
    if held == level {
        return Ok(());
    }
    Err(XpError {
        who: who.to_owned(),
        level,
        xp,
        held,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a1_levels_follow_the_cumulative_column() {
        assert_eq!(level_of_xp(0).get(), 1);
        assert_eq!(level_of_xp(999).get(), 1);
        assert_eq!(level_of_xp(1000).get(), 2);
        assert_eq!(level_of_xp(826_500).get(), 30);
        assert_eq!(level_of_xp(u64::MAX).get(), 30);
        for l in Level::all() {
            assert_eq!(level_of_xp(first_xp(l)), l);
            if let Some(next) = next_level_xp(l) {
                assert_eq!(level_of_xp(next - 1), l);
            }
        }
        assert!(check_xp("Ana", Level::new(3).unwrap(), 2250).is_ok());
        let e = check_xp("Ana", Level::new(3).unwrap(), 500).unwrap_err();
        assert_eq!(
            e.held.get(),
            1,
            "callers can read the level the XP belongs to"
        );
        let e = e.to_string();
        assert!(
            e.contains("2,250 to 3,749 XP") && e.contains("level 1"),
            "{e}"
        );
    }
}
