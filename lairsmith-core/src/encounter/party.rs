//! Parties: characters with levels, written `4x3` (four level-3 characters), `3,3,4,5`, or
//! with names `Ana=3,Bo=4`; saved as `kind: party` files.

use crate::rules::difficulty::DEFAULT_PARTY_SIZE;
use crate::rules::level::Level;
use crate::xkeys::XKeys;
use crate::yaml_io::{KeepsXKeys, Seg};
use serde::{Deserialize, Serialize};

/// The most characters a party may have.
pub const MAX_PARTY_SIZE: usize = 64;

/// Why a party has a size it may not have; each message is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PartyError {
    /// A party without characters.
    #[error("the party has no members")]
    NoMembers,
    /// More than [`MAX_PARTY_SIZE`] characters.
    #[error("the party has {n} characters; a party has 1 to {MAX_PARTY_SIZE}")]
    TooMany {
        /// How many characters were given.
        n: usize,
    },
    /// A saved party file without members, by the party's name.
    #[error("the party `{name}` has no members")]
    FileWithoutMembers {
        /// The party's `name:`.
        name: String,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<PartyError> for String {
    fn from(e: PartyError) -> String {
        e.to_string()
    }
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<SpecError> for String {
    fn from(e: SpecError) -> String {
        e.to_string()
    }
}

/// Checks a party's size against 1..=[`MAX_PARTY_SIZE`], the same for specs and files.
pub fn check_size(n: usize) -> Result<(), PartyError> {
    if (1..=MAX_PARTY_SIZE).contains(&n) {
        Ok(())
    } else if n == 0 {
        Err(PartyError::NoMembers)
    } else {
        Err(PartyError::TooMany { n })
    }
}

/// One character.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(transform = crate::encounter::party::member_schema)]
pub struct Member {
    /// The character's name as the GM typed it; optional, and shown where characters are told apart
    /// (level-ups, treasure).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub name: Option<String>,
    /// The character's level, 1 to 30 (Table – Levels and Their Benefits).
    pub level: Level,
    /// A1: the character's experience points; without it the character starts an adventure at
    /// the first XP of its level (Table – Levels and Their Benefits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub xp: Option<u64>,
    /// P11: the character's maximum hit points, 1 to 9,999.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterMaxHp, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterMaxHp>")]
    pub max_hp: Option<i32>,
    /// P20: the character's hit points now, -9,999 to 9,999 and never above `max_hp`
    /// (Healing), which it needs; without it the character is at its maximum ([`Member::hp_now`]).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterHp, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterHp>")]
    pub hp: Option<i32>,
    /// P11: Armor Class, 1 to 99.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterDefense, _, _>"
    )]
    #[schemars(
        schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterDefense>"
    )]
    pub ac: Option<i32>,
    /// P11: Fortitude, 1 to 99.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterDefense, _, _>"
    )]
    #[schemars(
        schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterDefense>"
    )]
    pub fortitude: Option<i32>,
    /// P11: Reflex, 1 to 99.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterDefense, _, _>"
    )]
    #[schemars(
        schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterDefense>"
    )]
    pub reflex: Option<i32>,
    /// P11: Will, 1 to 99.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterDefense, _, _>"
    )]
    #[schemars(
        schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterDefense>"
    )]
    pub will: Option<i32>,
    /// P1, P11: the initiative modifier, -20 to +50.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterInitiative, _, _>"
    )]
    #[schemars(
        schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterInitiative>"
    )]
    pub initiative: Option<i32>,
    /// P7, P11: the saving throw bonus, -10 to +20; without it +0 ([`Member::save`]).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterSave, _, _>"
    )]
    #[schemars(schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterSave>")]
    pub save: Option<i32>,
    /// P11: the recoveries the character has a day (restored by a long rest), 0 to 50.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterRecoveries, _, _>"
    )]
    #[schemars(
        schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterRecoveries>"
    )]
    pub recoveries: Option<u32>,
    /// P20: the recoveries not yet spent since the last long rest, 0 to `recoveries` (which it
    /// needs); without it all of them ([`Member::recoveries_left`]).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterRecoveries, _, _>"
    )]
    #[schemars(
        schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterRecoveries>"
    )]
    pub recoveries_left: Option<u32>,
    /// P11: the hit points one recovery gives back, 1 to 5,000; without it one quarter of
    /// `max_hp`, rounded down (Recoveries: "equal to one-quarter your maximum HP";
    /// [`Member::recovery_value`]).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterRecoveryValue, _, _>"
    )]
    #[schemars(
        schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterRecoveryValue>"
    )]
    pub recovery_value: Option<i32>,
    /// P9, P20: the action points the character has, 0 to 20; without it 1, as after a long
    /// rest ([`Member::action_points`]).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterActionPoints, _, _>"
    )]
    #[schemars(
        schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterActionPoints>"
    )]
    pub action_points: Option<u32>,
    /// P12, P20: the death saving throws failed since the last rest, 0 to 2 (the third
    /// kills; a rest resets them); without it 0 ([`Member::death_failures`]).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterDeathFailures, _, _>"
    )]
    #[schemars(
        schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterDeathFailures>"
    )]
    pub death_failures: Option<u32>,
    /// P11: passive Perception, 0 to 99.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterPassive, _, _>"
    )]
    #[schemars(
        schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterPassive>"
    )]
    pub perception: Option<i32>,
    /// P11: passive Insight, 0 to 99.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::CharacterPassive, _, _>"
    )]
    #[schemars(
        schema_with = "crate::limits::bounded_opt_schema::<crate::limits::CharacterPassive>"
    )]
    pub insight: Option<i32>,
}

impl Member {
    /// A character of `level` with no name, XP or numbers.
    pub fn new(level: Level) -> Member {
        Member {
            name: None,
            level,
            xp: None,
            max_hp: None,
            hp: None,
            ac: None,
            fortitude: None,
            reflex: None,
            will: None,
            initiative: None,
            save: None,
            recoveries: None,
            recoveries_left: None,
            recovery_value: None,
            action_points: None,
            death_failures: None,
            perception: None,
            insight: None,
        }
    }

    /// Whether the character holds any of the numbers P11 and P20 keep (hit points, defenses,
    /// initiative, save, recoveries, action points, death-save failures, passive senses).
    pub fn has_numbers(&self) -> bool {
        let numbers = Member {
            name: self.name.clone(),
            xp: self.xp,
            ..Member::new(self.level)
        };
        *self != numbers
    }

    /// P20: the hit points the character has now: `hp`, else `max_hp` (a character the file
    /// gives no current HP is at its maximum); `None` when the file gives no maximum.
    pub fn hp_now(&self) -> Option<i32> {
        self.hp.or(self.max_hp)
    }

    /// P11: the hit points one recovery gives back: `recovery_value`, else one quarter of
    /// `max_hp` rounded down (Recoveries: "Equal to one-quarter your maximum HP"); `None`
    /// when the file gives neither.
    pub fn recovery_value(&self) -> Option<i32> {
        self.recovery_value.or(self.max_hp.map(|m| m / 4))
    }

    /// P20: the recoveries the character has not spent: `recoveries_left`, else all of its
    /// `recoveries`; `None` when the file gives no recoveries.
    pub fn recoveries_left(&self) -> Option<u32> {
        self.recoveries_left.or(self.recoveries)
    }

    /// P9, P20: the character's action points: `action_points`, else 1 (Action Points: "reset
    /// to 1 after each long rest").
    pub fn action_points(&self) -> u32 {
        self.action_points.unwrap_or(1)
    }

    /// P7, P11: the character's saving throw bonus: `save`, else +0.
    pub fn save(&self) -> i32 {
        self.save.unwrap_or(0)
    }

    /// P12, P20: the death saving throws failed since the last rest: `death_failures`, else 0.
    pub fn death_failures(&self) -> u32 {
        self.death_failures.unwrap_or(0)
    }

    /// P11: the four defenses, `[AC, Fortitude, Reflex, Will]`, each as the file gives it.
    pub fn defenses(&self) -> [Option<i32>; 4] {
        [self.ac, self.fortitude, self.reflex, self.will]
    }

    /// P3: whether the file holds the character dead: at negative hit points of at least its
    /// staggered value (half its maximum, rounded down; Instant Death: "negative hit points
    /// equivalent to your staggered value or worse"). **\[ours\]** a rest gives such a
    /// character nothing back (P3: "the dead regain nothing").
    pub fn is_dead(&self) -> bool {
        match (self.hp, self.max_hp) {
            (Some(hp), Some(max)) => hp < 0 && -i64::from(hp) >= i64::from(max / 2),
            _ => false,
        }
    }

    /// Each number the character holds against its field's range ([`crate::limits`]): the
    /// first outside it, with its key, refused. Read from a file, each number is checked here
    /// rather than while it is read, so that the refusal points at its own key.
    pub fn check_ranges(&self) -> Result<(), (&'static str, crate::limits::LimitError)> {
        use crate::limits::*;
        let signed = [
            ("max_hp", self.max_hp, CHARACTER_MAX_HP),
            ("hp", self.hp, CHARACTER_HP),
            ("ac", self.ac, CHARACTER_DEFENSE),
            ("fortitude", self.fortitude, CHARACTER_DEFENSE),
            ("reflex", self.reflex, CHARACTER_DEFENSE),
            ("will", self.will, CHARACTER_DEFENSE),
            ("initiative", self.initiative, CHARACTER_INITIATIVE),
            ("save", self.save, CHARACTER_SAVE),
            (
                "recovery_value",
                self.recovery_value,
                CHARACTER_RECOVERY_VALUE,
            ),
            ("perception", self.perception, CHARACTER_PASSIVE),
            ("insight", self.insight, CHARACTER_PASSIVE),
        ];
        let counts = [
            ("recoveries", self.recoveries, CHARACTER_RECOVERIES),
            (
                "recoveries_left",
                self.recoveries_left,
                CHARACTER_RECOVERIES,
            ),
            ("action_points", self.action_points, CHARACTER_ACTION_POINTS),
            (
                "death_failures",
                self.death_failures,
                CHARACTER_DEATH_FAILURES,
            ),
        ];
        let numbers = signed
            .into_iter()
            .map(|(k, v, l)| (k, v.map(i64::from), l))
            .chain(counts.into_iter().map(|(k, v, l)| (k, v.map(i64::from), l)));
        for (key, v, limit) in numbers {
            if let Some(n) = v {
                limit.check(n).map_err(|e| (key, e))?;
            }
        }
        Ok(())
    }

    /// The rules between the character's numbers, which no field's range says: current HP need
    /// a maximum and never pass it (Healing: "A creature's hit points can't exceed its hit
    /// point maximum"); recoveries left need the recoveries a day and never pass them. `who`
    /// names the character in the message.
    pub fn check_numbers(&self, who: &str) -> Result<(), NumbersError> {
        let who = who.to_owned();
        match (self.hp, self.max_hp) {
            (Some(_), None) => return Err(NumbersError::HpWithoutMax { who }),
            (Some(hp), Some(max_hp)) if hp > max_hp => {
                return Err(NumbersError::HpAboveMax { who, hp, max_hp });
            }
            _ => {}
        }
        match (self.recoveries_left, self.recoveries) {
            (Some(_), None) => Err(NumbersError::RecoveriesLeftWithoutMax { who }),
            (Some(left), Some(recoveries)) if left > recoveries => {
                Err(NumbersError::RecoveriesLeftAboveMax {
                    who,
                    left,
                    recoveries,
                })
            }
            _ => Ok(()),
        }
    }

    /// The character's numbers as a GM reads them, one `(what, value)` a line, in the file's
    /// order; a number the file does not give reads "not set", and a value the file leaves to
    /// its default says which default.
    pub fn numbers(&self) -> Vec<(&'static str, String)> {
        let or_unset = |v: Option<String>| v.unwrap_or_else(|| "not set".to_owned());
        let plain = |v: Option<i32>| or_unset(v.map(|n| n.to_string()));
        let signed = |n: i32| format!("{n:+}");
        let hp = match (self.hp, self.max_hp) {
            (Some(hp), _) => hp.to_string(),
            (None, Some(max)) => format!("{max} (at its maximum: no `hp:` given)"),
            (None, None) => "not set".to_owned(),
        };
        let recoveries = match (self.recoveries_left(), self.recoveries) {
            (Some(left), Some(all)) => format!("{left} of {all} left"),
            _ => "not set".to_owned(),
        };
        let recovery_value = match (self.recovery_value, self.recovery_value()) {
            (Some(v), _) => v.to_string(),
            (None, Some(v)) => format!("{v} (a quarter of maximum HP, rounded down: P11)"),
            (None, None) => "not set".to_owned(),
        };
        let defaulted = |given: Option<String>, default: String| match given {
            Some(v) => v,
            None => format!("{default} (none given)"),
        };
        vec![
            ("Maximum HP", plain(self.max_hp)),
            ("Current HP", hp),
            ("AC", plain(self.ac)),
            ("Fortitude", plain(self.fortitude)),
            ("Reflex", plain(self.reflex)),
            ("Will", plain(self.will)),
            ("Initiative", or_unset(self.initiative.map(signed))),
            (
                "Saving throws",
                defaulted(self.save.map(signed), signed(self.save())),
            ),
            ("Recoveries", recoveries),
            ("Recovery value", recovery_value),
            (
                "Action points",
                defaulted(
                    self.action_points.map(|n| n.to_string()),
                    self.action_points().to_string(),
                ),
            ),
            (
                "Death-save failures",
                defaulted(
                    self.death_failures.map(|n| n.to_string()),
                    self.death_failures().to_string(),
                ),
            ),
            ("Passive Perception", plain(self.perception)),
            ("Passive Insight", plain(self.insight)),
        ]
    }
}

/// Numbers to set on one character (`party stats`): each `Some` replaces the file's value, each
/// `None` leaves it as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StatsChange {
    /// [`Member::max_hp`].
    pub max_hp: Option<i32>,
    /// [`Member::hp`].
    pub hp: Option<i32>,
    /// [`Member::ac`].
    pub ac: Option<i32>,
    /// [`Member::fortitude`].
    pub fortitude: Option<i32>,
    /// [`Member::reflex`].
    pub reflex: Option<i32>,
    /// [`Member::will`].
    pub will: Option<i32>,
    /// [`Member::initiative`].
    pub initiative: Option<i32>,
    /// [`Member::save`].
    pub save: Option<i32>,
    /// [`Member::recoveries`].
    pub recoveries: Option<u32>,
    /// [`Member::recoveries_left`].
    pub recoveries_left: Option<u32>,
    /// [`Member::recovery_value`].
    pub recovery_value: Option<i32>,
    /// [`Member::action_points`].
    pub action_points: Option<u32>,
    /// [`Member::perception`].
    pub perception: Option<i32>,
    /// [`Member::insight`].
    pub insight: Option<i32>,
}

impl StatsChange {
    /// Whether the change sets nothing.
    pub fn is_empty(&self) -> bool {
        *self == StatsChange::default()
    }

    /// Sets each number the change gives on `m`; the caller checks the result
    /// ([`Member::check_ranges`], [`Member::check_numbers`]).
    pub fn apply_to(&self, m: &mut Member) {
        let set_i = |to: &mut Option<i32>, v: Option<i32>| {
            if v.is_some() {
                *to = v;
            }
        };
        set_i(&mut m.max_hp, self.max_hp);
        set_i(&mut m.hp, self.hp);
        set_i(&mut m.ac, self.ac);
        set_i(&mut m.fortitude, self.fortitude);
        set_i(&mut m.reflex, self.reflex);
        set_i(&mut m.will, self.will);
        set_i(&mut m.initiative, self.initiative);
        set_i(&mut m.save, self.save);
        set_i(&mut m.recovery_value, self.recovery_value);
        set_i(&mut m.perception, self.perception);
        set_i(&mut m.insight, self.insight);
        let set_u = |to: &mut Option<u32>, v: Option<u32>| {
            if v.is_some() {
                *to = v;
            }
        };
        set_u(&mut m.recoveries, self.recoveries);
        set_u(&mut m.recoveries_left, self.recoveries_left);
        set_u(&mut m.action_points, self.action_points);
    }
}

/// A rule between a character's numbers broken (see [`Member::check_numbers`]); each message is
/// the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NumbersError {
    /// `hp:` without `max_hp:`.
    #[error(
        "{who} has current HP (`hp:`) but no maximum HP (`max_hp:`); current HP are only kept beside a maximum"
    )]
    HpWithoutMax {
        /// The character, as the message names it.
        who: String,
    },
    /// `hp:` above `max_hp:`.
    #[error(
        "{who}'s current HP, {hp}, are above the maximum HP, {max_hp} (Healing: \"a creature's hit points can't exceed its hit point maximum\")"
    )]
    HpAboveMax {
        /// The character, as the message names it.
        who: String,
        /// The current HP given.
        hp: i32,
        /// The maximum HP given.
        max_hp: i32,
    },
    /// `recoveries_left:` without `recoveries:`.
    #[error(
        "{who} has recoveries left (`recoveries_left:`) but no recoveries a day (`recoveries:`); recoveries left are only kept beside the recoveries a day"
    )]
    RecoveriesLeftWithoutMax {
        /// The character, as the message names it.
        who: String,
    },
    /// `recoveries_left:` above `recoveries:`.
    #[error("{who} has {} left, more than the {} a day (a long rest restores them to their maximum)", recoveries_text(*left), recoveries_text(*recoveries))]
    RecoveriesLeftAboveMax {
        /// The character, as the message names it.
        who: String,
        /// The recoveries left given.
        left: u32,
        /// The recoveries a day given.
        recoveries: u32,
    },
}

/// "1 recovery", "3 recoveries".
pub(crate) fn recoveries_text(n: u32) -> String {
    if n == 1 {
        "1 recovery".to_owned()
    } else {
        format!("{n} recoveries")
    }
}

impl NumbersError {
    /// The member's key the error is about, to point at its line.
    pub fn key(&self) -> &'static str {
        match self {
            NumbersError::HpWithoutMax { .. } | NumbersError::HpAboveMax { .. } => "hp",
            NumbersError::RecoveriesLeftWithoutMax { .. }
            | NumbersError::RecoveriesLeftAboveMax { .. } => "recoveries_left",
        }
    }
}

/// A party: at least one character.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Party {
    /// The characters in the order given. Wherever a party is read it holds 1 to [`MAX_PARTY_SIZE`]
    /// of them ([`check_size`]).
    pub members: Vec<Member>,
}

impl Party {
    /// `size` characters of one level.
    pub fn uniform(size: usize, level: Level) -> Party {
        Party {
            members: vec![Member::new(level); size],
        }
    }

    /// The default party: four characters of `level` (E1).
    pub fn default_at(level: Level) -> Party {
        Party::uniform(DEFAULT_PARTY_SIZE, level)
    }

    /// How many characters the party has.
    pub fn size(&self) -> usize {
        self.members.len()
    }

    /// The highest character's level (level 1 for a party without characters), against which a
    /// monster far above the party is flagged (E3).
    pub fn highest_level(&self) -> Level {
        self.members
            .iter()
            .map(|m| m.level)
            .max()
            .unwrap_or(Level::MIN)
    }

    /// All characters share one level.
    pub fn uniform_level(&self) -> Option<Level> {
        let first = self.members.first()?.level;
        self.members
            .iter()
            .all(|m| m.level == first)
            .then_some(first)
    }

    /// Parses `4x3`, `3,3,4,5`, `Ana=3,Bo=4`, or a bare level `5` (four characters of level 5).
    pub fn parse(spec: &str) -> Result<Party, SpecError> {
        Party::parse_spec(spec)
    }

    /// [`Party::parse`], with the reason kept apart so that a caller that also tried the text
    /// as a saved party's id can say both.
    pub fn parse_spec(spec: &str) -> Result<Party, SpecError> {
        let s = spec.trim();
        let bad = |why: Option<String>| SpecError {
            text: spec.trim().to_owned(),
            why,
        };
        if s.is_empty() {
            return Err(bad(Some("it is empty".into())));
        }
        let level = |t: &str| -> Result<Level, SpecError> {
            let t = t.trim();
            if t.is_empty() {
                return Err(bad(Some("a level is missing".into())));
            }
            let n: i64 = t
                .parse()
                .map_err(|_| bad(Some(format!("`{t}` is not a level"))))?;
            Level::new(n).map_err(|_| {
                bad(Some(format!(
                    "a character's level is from 1 to 30, not {n}"
                )))
            })
        };
        // COUNTxLEVEL only when a number stands before the x, so that an id that holds an x
        // (`nonexistent-party`) is not read as a count that is not a number.
        if !s.contains([',', '=', ':'])
            && let Some((n, l)) = s.split_once(['x', 'X', '×'])
            && !n.trim().is_empty()
            && n.trim().chars().all(|c| c.is_ascii_digit())
        {
            let n: usize = n
                .trim()
                .parse()
                .map_err(|_| bad(Some(format!("{} characters are too many", n.trim()))))?;
            check_size(n).map_err(|e| bad(Some(e.to_string())))?;
            return Ok(Party::uniform(n, level(l)?));
        }
        if !s.contains(',') && !s.contains('=') {
            // A bare level; a word that is no number has none of a spec's forms.
            if s.parse::<i64>().is_err() {
                return Err(bad(None));
            }
            return Ok(Party::default_at(level(s)?));
        }
        let mut members = Vec::new();
        for part in s.split(',').filter(|p| !p.trim().is_empty()) {
            let m = match part.split_once(['=', ':']) {
                Some((name, l)) => {
                    let name = name.trim();
                    if !name.is_empty() {
                        let what = format!("the name of party member {}", members.len() + 1);
                        crate::text::check_name(&what, name)
                            .map_err(|e| bad(Some(e.to_string())))?;
                    }
                    Member {
                        name: Some(name.to_owned()).filter(|n| !n.is_empty()),
                        ..Member::new(level(l)?)
                    }
                }
                None => Member::new(level(part)?),
            };
            members.push(m);
        }
        check_size(members.len()).map_err(|e| bad(Some(e.to_string())))?;
        Ok(Party { members })
    }

    /// "4 × level 6" or "levels 3, 3, 4, 5" (with names where known).
    pub fn describe(&self) -> String {
        if let Some(l) = self.uniform_level()
            && self.members.iter().all(|m| m.name.is_none())
        {
            return format!("{} × level {l}", self.size());
        }
        let parts: Vec<String> = self
            .members
            .iter()
            .map(|m| match &m.name {
                Some(n) => format!("{n} ({})", m.level),
                None => format!("level {}", m.level),
            })
            .collect();
        parts.join(", ")
    }
}

/// The forms a party spec takes, for every message that refuses one.
pub const SPEC_FORMS: &str =
    "a spec is 4x6 (4 characters of level 6), 3,3,4,5 (one level each) or Ana=3,Bo=4";

/// A text that is not a party spec, and why when it has a spec's shape (`4x40`: the level).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecError {
    /// The text, trimmed.
    pub text: String,
    /// Why, when the text has a spec's shape; `None` for a word with none of the forms.
    pub why: Option<String>,
}

impl SpecError {
    /// "it is not a party spec (why): a spec is ...", to follow what else the text was tried as.
    pub fn clause(&self) -> String {
        match &self.why {
            Some(why) => format!("it is not a party spec ({why}): {SPEC_FORMS}"),
            None => format!("it is not a party spec: {SPEC_FORMS}"),
        }
    }
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` is not a party spec", self.text)?;
        if let Some(why) = &self.why {
            write!(f, " ({why})")?;
        }
        write!(f, ": {SPEC_FORMS}")
    }
}

impl std::error::Error for SpecError {}

/// The `kind: party` that opens every party file; reading one refuses any other kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum PartyKind {
    /// `kind: party`.
    #[default]
    Party,
}

impl<'de> Deserialize<'de> for PartyKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::yaml_io::read_kind(d, "party", "a party", &[]).map(|()| PartyKind::Party)
    }
}

crate::yaml_io::kind_schema!(PartyKind, "party");

/// The `schema_version` of party files this lairsmith reads and writes.
pub const PARTY_SCHEMA_VERSION: u32 = 1;

/// A saved party file (`parties/<id>.yaml`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(extend("patternProperties" = {"^x-": {}}))]
pub struct PartyFile {
    /// `kind: party`: what the file holds, for lairsmith and for an editor's schema.
    pub kind: PartyKind,
    /// The version of the file format; lairsmith reads the version it writes and refuses any
    /// other.
    #[schemars(extend("const" = PARTY_SCHEMA_VERSION))]
    pub schema_version: u32,
    /// The party's name as the GM typed it; its id is the file's name.
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub name: String,
    /// The characters, in the order given; at least one.
    #[schemars(length(min = 1, max = MAX_PARTY_SIZE))]
    pub members: Vec<Member>,
    /// P9, P20: the encounters the party has had since its last long rest (the streak: every
    /// second one gives each character an action point), 0 to 1,000; without it 0.
    #[serde(
        default,
        skip_serializing_if = "is_zero",
        deserialize_with = "crate::limits::fitting::<crate::limits::EncountersSinceRest, _, _>"
    )]
    #[schemars(
        schema_with = "crate::limits::bounded_schema::<crate::limits::EncountersSinceRest>"
    )]
    pub encounters_since_rest: u32,
    /// The fights whose XP was written to this party (P10), oldest first: a fight found here
    /// is never written again.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::PLAYED.max))]
    pub played: Vec<Played>,
    /// The file's own top-level `x-` keys, kept as they were and written back on save.
    #[serde(flatten, skip_deserializing)]
    pub extra: XKeys,
}

/// A fight whose XP was written to a party (P10): which fight, so that it is never written
/// twice, and what it gave.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Played {
    /// The fight's `uid:` (unique to that fight, whatever its id and seed).
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub fight: String,
    /// The fight file's id when its XP was written.
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub id: String,
    /// The saved encounter the fight was started from.
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub encounter: String,
    /// What each character who fought earned.
    #[serde(deserialize_with = "crate::limits::bounded::<crate::limits::FightXpTotal, _, _>")]
    pub xp_each: u64,
    /// The day it was written (UTC), as `2026-11-29`.
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub on: String,
}

impl KeepsXKeys for PartyFile {
    fn x_keys_at(&mut self, path: &[Seg]) -> Option<&mut XKeys> {
        path.is_empty().then_some(&mut self.extra)
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl PartyFile {
    /// How messages name the member at `i` (from 0): their name, else `#N` (their place, from
    /// 1).
    pub fn member_label(&self, i: usize) -> String {
        self.members
            .get(i)
            .and_then(|m| m.name.clone())
            .unwrap_or_else(|| format!("#{}", i + 1))
    }

    /// The place (from 0) of the member `which` names: a name in any case, or `#N` for the
    /// Nth member.
    pub fn find_member(&self, which: &str) -> Option<usize> {
        let wanted = which.trim();
        let by_place = wanted
            .strip_prefix('#')
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|n| (1..=self.members.len()).contains(n))
            .map(|n| n - 1);
        by_place.or_else(|| {
            self.members.iter().position(|m| {
                m.name
                    .as_deref()
                    .is_some_and(|n| n.eq_ignore_ascii_case(wanted))
            })
        })
    }

    /// The party the file holds; a file without members is refused.
    pub fn party(&self) -> Result<Party, PartyError> {
        if self.members.is_empty() {
            return Err(PartyError::FileWithoutMembers {
                name: self.name.clone(),
            });
        }
        Ok(Party {
            members: self.members.clone(),
        })
    }
}

/// What a party member's schema adds to the derive: its `xp:` within its level's XP (A1, Table –
/// Levels and Their Benefits), and `hp:` and `recoveries_left:` each beside the number it is
/// kept with (P20).
pub(crate) fn member_schema(schema: &mut schemars::Schema) {
    use crate::rules::experience::{first_xp, next_level_xp};
    let levels: Vec<serde_json::Value> = Level::all()
        .map(|l| {
            let mut xp = serde_json::json!({ "minimum": first_xp(l) });
            if let Some(next) = next_level_xp(l) {
                xp["maximum"] = (next - 1).into();
            }
            serde_json::json!({ "properties": { "level": { "const": l.get() }, "xp": xp } })
        })
        .collect();
    // A number given (not `~`, which reads as none) needs the number it is kept beside: current
    // HP a maximum, recoveries left the recoveries a day (P20). That one is not above the other
    // no JSON Schema can say; lairsmith's reader refuses it.
    let needs = |key: &str, other: &str| {
        serde_json::json!({
            "if": { "required": [key], "properties": { key: { "type": "integer" } } },
            "then": { "required": [other], "properties": { other: { "type": "integer" } } },
        })
    };
    schema.insert(
        "allOf".into(),
        serde_json::json!([
            {
                "if": { "required": ["xp"], "properties": { "xp": { "type": "integer" } } },
                "then": { "anyOf": levels },
            },
            needs("hp", "max_hp"),
            needs("recoveries_left", "recoveries"),
        ]),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_uniform_mixed_and_named() {
        let p = Party::parse("4x3").unwrap();
        assert_eq!((p.size(), p.uniform_level().map(Level::get)), (4, Some(3)));
        let p = Party::parse("3,3,4,5").unwrap();
        assert_eq!(p.size(), 4);
        assert_eq!(p.highest_level().get(), 5);
        let p = Party::parse("Ana=3, Bo=4").unwrap();
        assert_eq!(p.members[0].name.as_deref(), Some("Ana"));
        assert_eq!(Party::parse("6").unwrap().size(), 4);
        for bad in ["", "0x3", "4x31", "x3", "a,b", "4x"] {
            assert!(Party::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn callers_can_tell_the_kinds_of_party_error_apart() {
        assert_eq!(check_size(0), Err(PartyError::NoMembers));
        assert_eq!(check_size(65), Err(PartyError::TooMany { n: 65 }));
        let e = Party::parse("0x5").unwrap_err();
        assert_eq!(e.why.as_deref(), Some("the party has no members"));
        assert_eq!(
            e.to_string(),
            "`0x5` is not a party spec (the party has no members): a spec is 4x6 (4 characters of level 6), 3,3,4,5 (one level each) or Ana=3,Bo=4"
        );
    }
}
