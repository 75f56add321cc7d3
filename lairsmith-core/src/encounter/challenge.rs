//! Extended challenges in an encounter (the book's "Extended Challenges"; RULINGS A2): a series
//! of skill checks with a level, the successes it needs, the failures it allows and its skills,
//! each at the Easy, Moderate or Hard DC of "Table – Recommended Difficulty Classes by Level".
//!
//! What a challenge is worth in the budget is lairsmith's own reading (A2): alone, one Standard
//! monster of its level per character ("often equivalent to each PC defeating one standard
//! monster of that level"); among monsters, it replaces one Standard monster of its level when it
//! needs at most [`FEW_SUCCESSES`] successes and two when it needs more (the book's "4-6
//! successes ... replacing 1-2 standard monsters").

use crate::rules::Level;
use crate::rules::abilities::Skill;
use crate::rules::tables::{MONSTER_XP, RECOMMENDED_DCS};
use crate::vocab::Vocabulary;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Every user-facing mention of the budget rule carries this label.
pub const A2_LABEL: &str = "lairsmith's own reading, A2";
/// The fewest successes a challenge may need.
pub const MIN_SUCCESSES: u32 = 1;
/// The most successes a challenge may need: the book's challenges ask for a handful, and the
/// bound keeps the form and the sheet short.
pub const MAX_SUCCESSES: u32 = 20;
/// The book's "three failures is a common baseline".
pub const DEFAULT_FAILURES: u32 = 3;
/// The fewest failures a challenge may allow (one failure ends it).
pub const MIN_FAILURES: u32 = 1;
/// The most failures a challenge may allow, for the same reason as [`MAX_SUCCESSES`].
pub const MAX_FAILURES: u32 = 20;
/// A2: up to this many successes, a challenge among monsters replaces one Standard monster;
/// from one more, two.
pub const FEW_SUCCESSES: u32 = 4;

/// A3, in the book's words (Extended Challenges).
pub const A3_QUOTE: &str = "Typically group checks use the Easy DC, the first check with a particular skill uses the Moderate DC and subsequent checks with that skill use the Hard DC.";
/// A3: a group check's DC.
pub const GROUP_CHECK_DC: DcWord = DcWord::Easy;
/// A3: a skill's first check, when the challenge gives it no DC of its own.
pub const FIRST_CHECK_DC: DcWord = DcWord::Moderate;
/// A3: every check after the first with the same skill.
pub const LATER_CHECK_DC: DcWord = DcWord::Hard;

/// A4: the successes a challenge inside a combat should need.
pub(crate) const COMBAT_SUCCESSES: std::ops::RangeInclusive<u32> = 4..=6;
/// A4, in the book's words (Extended Challenges, Expanding extended challenges).
pub const A4_QUOTE: &str =
    "only 4-6 successes should be required in this case, replacing 1-2 standard monsters";

crate::vocabulary! {
    /// Which of the table's three DCs a skill uses.
    pub enum DcWord ("DC") {
        /// The Easy column of Table – Recommended Difficulty Classes by Level: a group check's DC
        /// (A3).
        Easy = ("easy", "Easy"),
        /// The Moderate column: a skill's first check, unless the challenge gives it another DC
        /// (A3).
        Moderate = ("moderate", "Moderate"),
        /// The Hard column: every later check with the same skill (A3).
        Hard = ("hard", "Hard"),
    }
}

impl DcWord {
    /// The DC at `level`, from "Table – Recommended Difficulty Classes by Level".
    pub fn dc_at(self, level: Level) -> u32 {
        let row = RECOMMENDED_DCS[level.index()];
        match self {
            DcWord::Easy => row.easy,
            DcWord::Moderate => row.moderate,
            DcWord::Hard => row.hard,
        }
    }
}

/// One skill a challenge accepts, with the DC of its first check (A3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ChallengeSkill {
    /// The skill a check uses, one of the book's Skill List.
    pub skill: Skill,
    /// The DC of the first check with the skill; later checks with it are Hard (A3).
    #[serde(default = "first_check_dc")]
    pub dc: DcWord,
}

fn first_check_dc() -> DcWord {
    FIRST_CHECK_DC
}

/// Why a challenge, or a part of one typed in a form or on the command line, is refused; each
/// message is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChallengeError {
    /// A word that is no skill (the message names the closest).
    #[error("{0}; write SKILL or SKILL:DC, e.g. athletics:moderate")]
    UnknownSkill(crate::vocab::UnknownValue),
    /// A word that is no DC word (the message names the closest).
    #[error("{0}")]
    UnknownDc(crate::vocab::UnknownValue),
    /// A level that is no number nor `party`.
    #[error(
        "`{given}` is not a challenge level; give a number from 1 to 30, or `party` for the party level"
    )]
    LevelNotANumber {
        /// The level as typed.
        given: String,
    },
    /// A level outside 1 to 30, the levels the DCs are given for.
    #[error(
        "a challenge's level must be from 1 to 30 (Table – Recommended Difficulty Classes by Level), not {given}"
    )]
    LevelOutOfRange {
        /// The level given.
        given: i64,
    },
    /// Successes or failures (`what`) that are no number.
    #[error("`{given}` is not a number of {what}")]
    NotANumber {
        /// "successes" or "failures".
        what: &'static str,
        /// The text as typed.
        given: String,
    },
    /// Successes outside [`MIN_SUCCESSES`] to [`MAX_SUCCESSES`].
    #[error("a challenge needs from {MIN_SUCCESSES} to {MAX_SUCCESSES} successes, not {given}")]
    SuccessesOutOfRange {
        /// The number given.
        given: i64,
    },
    /// Failures outside [`MIN_FAILURES`] to [`MAX_FAILURES`].
    #[error(
        "a challenge allows from {MIN_FAILURES} to {MAX_FAILURES} failures (3 is the book's baseline), not {given}"
    )]
    FailuresOutOfRange {
        /// The number given.
        given: i64,
    },
    /// Text that is not `challenge:LEVEL:SUCCESSES`.
    #[error(
        "`{given}` is not a challenge; write challenge:LEVEL:SUCCESSES, e.g. challenge:6:6, or challenge:party:6 for the party level"
    )]
    NotASpec {
        /// The text as typed.
        given: String,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<ChallengeError> for String {
    fn from(e: ChallengeError) -> String {
        e.to_string()
    }
}

impl ChallengeSkill {
    /// `athletics:moderate` (or `athletics=moderate`, `athletics moderate`); a skill alone,
    /// `athletics`, is at the Moderate DC (A3).
    pub fn parse(s: &str) -> Result<ChallengeSkill, ChallengeError> {
        let t = s.trim();
        let (skill, dc) = match t.split_once([':', '=']) {
            Some((skill, dc)) => (skill, Some(dc)),
            // "sleight of hand hard": the last word is the DC when the rest is a skill.
            None if Skill::parse(t).is_ok() => (t, None),
            None => match t.rsplit_once(char::is_whitespace) {
                Some((skill, dc)) if Skill::parse(skill).is_ok() => (skill, Some(dc)),
                _ => (t, None),
            },
        };
        Ok(ChallengeSkill {
            skill: Skill::parse(skill).map_err(ChallengeError::UnknownSkill)?,
            dc: dc.map_or(Ok(FIRST_CHECK_DC), |dc| {
                DcWord::parse(dc).map_err(ChallengeError::UnknownDc)
            })?,
        })
    }

    /// A3: the DC of the first check with the skill and of every later one, at `level`.
    pub(crate) fn ladder(&self, level: Level) -> (u32, u32) {
        (self.dc.dc_at(level), LATER_CHECK_DC.dc_at(level))
    }

    /// "Athletics DC 16 (moderate, level 6); later checks with Athletics DC 21 (hard)" (A3).
    pub(crate) fn describe_ladder(&self, level: Level) -> String {
        let (_, later) = self.ladder(level);
        format!(
            "{}; later checks with {} DC {later} ({})",
            self.describe(level),
            self.skill.label(),
            LATER_CHECK_DC.key()
        )
    }

    /// A comma-separated list: `athletics:moderate, acrobatics:easy` (empty: none).
    pub fn parse_list(s: &str) -> Result<Vec<ChallengeSkill>, ChallengeError> {
        s.split([',', ';'])
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(ChallengeSkill::parse)
            .collect()
    }

    /// "Athletics DC 16 (moderate, level 6)".
    pub(crate) fn describe(&self, level: Level) -> String {
        format!(
            "{} DC {} ({}, level {level})",
            self.skill.label(),
            self.dc.dc_at(level),
            self.dc.key()
        )
    }
}

impl fmt::Display for ChallengeSkill {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.skill.key(), self.dc.key())
    }
}

/// A3: "Group checks DC 11 (easy, level 6)".
pub(crate) fn describe_group_check(level: Level) -> String {
    format!(
        "Group checks DC {} ({}, level {level})",
        GROUP_CHECK_DC.dc_at(level),
        GROUP_CHECK_DC.key()
    )
}

/// An extended challenge, as an encounter group holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Challenge {
    /// The challenge's name, printed on the sheet; a challenge is found and removed by it, so two
    /// challenges of one encounter never share one.
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub name: String,
    /// `None`: the party level (E3), whatever the party is when the encounter is rated.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "de_level"
    )]
    // Not `~`: a level that is written is a number (`de_level`).
    #[schemars(with = "Level")]
    pub level: Option<Level>,
    /// The successes the challenge needs. Among monsters, a challenge needing 4 or fewer replaces
    /// one Standard monster of its level, and one needing 5 or more replaces two (A2).
    #[serde(deserialize_with = "de_successes")]
    #[schemars(range(min = MIN_SUCCESSES, max = MAX_SUCCESSES))]
    pub successes: u32,
    /// The failures that end the challenge; 3, the book's baseline, when the file gives none.
    #[serde(default = "default_failures", deserialize_with = "de_failures")]
    #[schemars(range(min = MIN_FAILURES, max = MAX_FAILURES))]
    pub failures: u32,
    /// The skills the challenge accepts, each with the DC of its first check (A3); may be empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skills: Vec<ChallengeSkill>,
}

fn default_failures() -> u32 {
    DEFAULT_FAILURES
}

/// What a challenge is worth in the budget (A2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Worth {
    /// Alone: one Standard monster of its level for each of this many characters.
    PerCharacter(usize),
    /// Among monsters: it replaces this many Standard monsters of its level.
    Replaces(u32),
}

impl Worth {
    /// How many Standard monsters of the challenge's level it counts as.
    pub(crate) fn standard_monsters(self) -> u64 {
        match self {
            Worth::PerCharacter(n) => n as u64,
            Worth::Replaces(n) => u64::from(n),
        }
    }
}

impl Challenge {
    /// A challenge with the default failures and no skills yet.
    pub fn new(
        name: &str,
        level: Option<Level>,
        successes: u32,
    ) -> Result<Challenge, ChallengeError> {
        check_successes(i64::from(successes))?;
        Ok(Challenge {
            name: name.trim().to_owned(),
            level,
            successes,
            failures: DEFAULT_FAILURES,
            skills: Vec::new(),
        })
    }

    /// The challenge's level: its own, or the party level (clamped to the table's 1-30).
    pub(crate) fn level_for(&self, party_level: i32) -> Level {
        self.level.unwrap_or_else(|| {
            Level::new(i64::from(party_level.clamp(1, 30))).expect("clamped to 1-30")
        })
    }

    /// A2: alone (no monster foes), one Standard monster of its level per character; among
    /// monsters, one Standard monster when it needs at most [`FEW_SUCCESSES`], two otherwise.
    pub fn worth(&self, with_monsters: bool, party_size: usize) -> Worth {
        match (with_monsters, self.successes <= FEW_SUCCESSES) {
            (false, _) => Worth::PerCharacter(party_size),
            (true, true) => Worth::Replaces(1),
            (true, false) => Worth::Replaces(2),
        }
    }

    /// The challenge's XP at `level` (A2): the Monster XP table's Standard XP at its level times
    /// what it is worth.
    pub fn xp(level: Level, worth: Worth) -> u64 {
        u64::from(MONSTER_XP[level.index()].standard) * worth.standard_monsters()
    }

    /// A4: whether the challenge, in an encounter with monsters, needs the successes the book
    /// asks of a challenge inside a combat.
    pub(crate) fn fits_a_combat(&self) -> bool {
        COMBAT_SUCCESSES.contains(&self.successes)
    }

    /// How the command line and `encounter remove` name the group: `challenge:NAME`.
    pub fn key(&self) -> String {
        format!("challenge:{}", self.name)
    }

    /// Whether `which` names this challenge: `challenge:NAME` or the bare name, in any case.
    pub fn is_named(&self, which: &str) -> bool {
        let which = which.trim();
        let bare = which.strip_prefix("challenge:").unwrap_or(which).trim();
        bare.eq_ignore_ascii_case(self.name.trim())
    }

    /// "6 successes before 3 failures".
    pub fn checks(&self) -> String {
        format!(
            "{} {} before {} {}",
            self.successes,
            if self.successes == 1 {
                "success"
            } else {
                "successes"
            },
            self.failures,
            if self.failures == 1 {
                "failure"
            } else {
                "failures"
            }
        )
    }

    /// The skills as the form and the command line write them: `athletics:moderate, ...`.
    pub fn skills_spec(&self) -> String {
        self.skills
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The level written after `challenge:`: a number, or `party` (or nothing) for the party level.
pub fn parse_level(s: &str) -> Result<Option<Level>, ChallengeError> {
    let t = s.trim();
    if t.is_empty() || t.eq_ignore_ascii_case("party") {
        return Ok(None);
    }
    let n: i64 = t.parse().map_err(|_| ChallengeError::LevelNotANumber {
        given: t.to_owned(),
    })?;
    check_level(n).map(Some)
}

/// `challenge:LEVEL:SUCCESSES` (LEVEL a number, `party` or empty for the party level): the
/// level and the successes.
pub fn parse_spec(s: &str) -> Result<(Option<Level>, u32), ChallengeError> {
    let body = s.trim().strip_prefix("challenge:").unwrap_or(s.trim());
    let Some((level, successes)) = body.split_once(':') else {
        return Err(ChallengeError::NotASpec {
            given: s.to_owned(),
        });
    };
    Ok((parse_level(level)?, parse_count("successes", successes)?))
}

/// The successes or failures typed in the form or on the command line.
pub fn parse_count(what: &'static str, s: &str) -> Result<u32, ChallengeError> {
    let t = s.trim();
    let n: i64 = t.parse().map_err(|_| ChallengeError::NotANumber {
        what,
        given: t.to_owned(),
    })?;
    match what {
        "failures" => check_failures(n),
        _ => check_successes(n),
    }
}

fn check_level(n: i64) -> Result<Level, ChallengeError> {
    Level::new(n).map_err(|_| ChallengeError::LevelOutOfRange { given: n })
}

fn check_successes(n: i64) -> Result<u32, ChallengeError> {
    bounded(n, MIN_SUCCESSES, MAX_SUCCESSES).ok_or(ChallengeError::SuccessesOutOfRange { given: n })
}

fn check_failures(n: i64) -> Result<u32, ChallengeError> {
    bounded(n, MIN_FAILURES, MAX_FAILURES).ok_or(ChallengeError::FailuresOutOfRange { given: n })
}

fn bounded(n: i64, lo: u32, hi: u32) -> Option<u32> {
    u32::try_from(n).ok().filter(|v| (lo..=hi).contains(v))
}

/// Reads a whole number and checks it with `check`, so a bad value is reported at its line and
/// column with the sentence that says the range.
struct Checked<T> {
    expecting: &'static str,
    check: fn(i64) -> Result<T, ChallengeError>,
}

impl<T> serde::de::Visitor<'_> for Checked<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }
    fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<T, E> {
        (self.check)(v).map_err(E::custom)
    }
    fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<T, E> {
        self.visit_i64(i64::try_from(v).unwrap_or(i64::MAX))
    }
}

fn de_level<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Level>, D::Error> {
    d.deserialize_i64(Checked {
        expecting: "a challenge level from 1 to 30",
        check: check_level,
    })
    .map(Some)
}

fn de_successes<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    d.deserialize_i64(Checked {
        expecting: "a number of successes from 1 to 20",
        check: check_successes,
    })
}

fn de_failures<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    d.deserialize_i64(Checked {
        expecting: "a number of failures from 1 to 20",
        check: check_failures,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        assert_eq!(
            parse_spec("challenge:6:4").unwrap(),
            (Level::new(6).ok(), 4)
        );
        assert_eq!(parse_spec("challenge:party:6").unwrap(), (None, 6));
        assert_eq!(parse_spec("challenge::6").unwrap(), (None, 6));
        assert!(
            parse_spec("challenge:0:6")
                .unwrap_err()
                .to_string()
                .contains("1 to 30")
        );
        assert_eq!(
            parse_spec("challenge:6:0"),
            Err(ChallengeError::SuccessesOutOfRange { given: 0 })
        );
        assert!(
            parse_spec("challenge:6:0")
                .unwrap_err()
                .to_string()
                .contains("1 to 20")
        );
        assert!(matches!(
            parse_spec("challenge:6"),
            Err(ChallengeError::NotASpec { .. })
        ));
        let s = ChallengeSkill::parse("Sleight of Hand:hard").unwrap();
        assert_eq!(s.to_string(), "sleight-of-hand:hard");
        let e = ChallengeSkill::parse("athletics:moderat").unwrap_err();
        assert!(matches!(e, ChallengeError::UnknownDc(_)));
        let e = e.to_string();
        assert!(e.contains("did you mean `moderate`"), "{e}");
    }
}
