//! A character of a party: its name, level and XP, and the numbers a fight takes (P11, P20).

#[allow(clippy::wildcard_imports)]
use super::*;

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

    /// Takes every number `from` holds, one it leaves unset included, keeping this character's
    /// name, level and XP: the numbers a form gave the character, in place of its own. Built
    /// from `from` so that a number added to the struct is taken too.
    pub(crate) fn take_numbers(&mut self, from: &Member) {
        *self = Member {
            name: self.name.take(),
            level: self.level,
            xp: self.xp,
            ..from.clone()
        };
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
    pub(crate) fn is_dead(&self) -> bool {
        match (self.hp, self.max_hp) {
            (Some(hp), Some(max)) => hp < 0 && -i64::from(hp) >= i64::from(max / 2),
            _ => false,
        }
    }

    /// Each number the character holds against its field's range ([`crate::limits`]): the
    /// first outside it, with its key, refused. Read from a file, each number is checked here
    /// rather than while it is read, so that the refusal points at its own key.
    pub(crate) fn check_ranges(&self) -> Result<(), (&'static str, crate::limits::LimitError)> {
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
    pub(crate) fn apply_to(&self, m: &mut Member) {
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
