//! **\[ours\]** The documented range of every number a file holds and the most items of every list,
//! checked when the file is read (a located error naming the limit), so that no derived number
//! can overflow and no work grows faster than what a GM can mean. The guide's "What lairsmith
//! refuses" lists them from [`NUMBERS`] and [`LISTS`] (a test keeps the two in step), and the
//! UI's forms refuse what these refuse.
//!
//! A leaf module: it knows numbers and words, nothing of monsters or encounters.

use serde::{Deserialize, Deserializer};

/// Why a number, list or text passes its documented limit; each message is the sentence the
/// user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// A number outside its [`Limit`]: "an ability score is 1 to 60, not 2147483648".
    #[error("{}", .limit.refusal(.given))]
    OutOfRange {
        /// The range the number had to lie in.
        limit: Limit,
        /// The number the file held.
        given: i64,
    },
    /// A list longer than its [`ListLimit`]: "a monster has at most 40 powers; this one has 5400".
    #[error("{holder} has at most {} {}; this one has {n}", .limit.max, .limit.items)]
    TooMany {
        /// The list's limit.
        limit: ListLimit,
        /// What holds the list, as a sentence's subject: "a monster".
        holder: String,
        /// How many items it has.
        n: usize,
    },
    /// A text longer than its [`TextLimit`], `chars` counting Unicode scalar values.
    #[error(
        "{} hold at most {} characters; these have {}",
        .limit.what,
        crate::text::group_thousands(.limit.max as u64),
        crate::text::group_thousands(*.chars as u64)
    )]
    TooLong {
        /// The text's limit.
        limit: TextLimit,
        /// How long the text is.
        chars: usize,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<LimitError> for String {
    fn from(e: LimitError) -> String {
        e.to_string()
    }
}

/// One documented range of a whole number a file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// What the number is, as a sentence's subject: "an ability score".
    pub what: &'static str,
    /// Where files hold it, for the documentation: "`abilities:` (each score)".
    pub field: &'static str,
    /// The least value allowed, inclusive.
    pub min: i64,
    /// The greatest value allowed, inclusive.
    pub max: i64,
    /// The unit after the numbers ("squares"), or empty.
    pub unit: &'static str,
}

impl Limit {
    /// Whether `n` lies in the range, ends included.
    pub const fn contains(&self, n: i64) -> bool {
        self.min <= n && n <= self.max
    }

    /// "an ability score is 1 to 60, not 2147483648".
    pub fn refusal(&self, shown: impl std::fmt::Display) -> String {
        format!("{} is {}, not {shown}", self.what, self.range_text())
    }

    /// "1 to 60", "0 to 20 squares", "-99 to +99".
    pub fn range_text(&self) -> String {
        let signed = self.min < 0;
        let n = |v: i64| {
            let s = crate::text::group_thousands(v);
            if signed && v > 0 { format!("+{s}") } else { s }
        };
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        format!("{} to {}{unit}", n(self.min), n(self.max))
    }

    /// `n` if it lies in the range, else the sentence saying the range.
    pub fn check(&self, n: i64) -> Result<i64, LimitError> {
        if self.contains(n) {
            Ok(n)
        } else {
            Err(LimitError::OutOfRange {
                limit: *self,
                given: n,
            })
        }
    }
}

/// A list a file holds, and the most items it may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListLimit {
    /// The list's items, plural: "powers".
    pub items: &'static str,
    /// Where files hold it, for the documentation.
    pub field: &'static str,
    /// The most items the list may have.
    pub max: usize,
}

impl ListLimit {
    /// `Ok` when `n` items fit, else "a monster has at most 40 powers; this one has 5400".
    pub fn check(&self, n: usize, holder: &str) -> Result<(), LimitError> {
        if n <= self.max {
            Ok(())
        } else {
            Err(LimitError::TooMany {
                limit: *self,
                holder: holder.to_owned(),
                n,
            })
        }
    }
}

/// Declares a [`Limit`], its documentation said from its words: the range of the number, and
/// where files hold it.
macro_rules! limit {
    ($name:ident, $what:literal, $field:literal, $min:expr, $max:expr, "") => {
        #[doc = concat!(
            "The range of ", $what, ", ", stringify!($min), " to ", stringify!($max),
            "; files hold it in ", $field, "."
        )]
        pub const $name: Limit = Limit {
            what: $what,
            field: $field,
            min: $min,
            max: $max,
            unit: "",
        };
    };
    ($name:ident, $what:literal, $field:literal, $min:expr, $max:expr, $unit:literal) => {
        #[doc = concat!(
            "The range of ", $what, ", ", stringify!($min), " to ", stringify!($max), " ", $unit,
            "; files hold it in ", $field, "."
        )]
        pub const $name: Limit = Limit {
            what: $what,
            field: $field,
            min: $min,
            max: $max,
            unit: $unit,
        };
    };
}

// Monster files (and monster templates, which hold the same fields).
limit!(
    ABILITY_SCORE,
    "an ability score",
    "`abilities:` (each score)",
    1,
    60,
    ""
);
limit!(
    SPEED,
    "a speed",
    "`movement:` (walk, fly, swim, climb, burrow, teleport)",
    0,
    100,
    "squares"
);
limit!(REACH, "a reach", "`reach:`", 0, 20, "squares");
limit!(
    REGENERATION,
    "regeneration",
    "`regeneration: {value}`",
    1,
    1000,
    "hit points"
);
limit!(
    SENSE_RANGE,
    "a sense's range",
    "`senses:` (blindsight 10, tremorsense 5, ...)",
    1,
    100,
    "squares"
);
limit!(
    ALTITUDE,
    "a maximum altitude",
    "`movement: {traits}` (maximum altitude 2)",
    1,
    100,
    "squares"
);
limit!(TELEPATHY, "telepathy", "`telepathy:`", 1, 1000, "squares");
limit!(
    AURA,
    "an aura's size",
    "`traits: [{aura}]`",
    1,
    20,
    "squares"
);
limit!(
    POWER_RANGE,
    "a power's range",
    "`powers: [{range}]`",
    0,
    100,
    "squares"
);
limit!(
    AREA_SIZE,
    "an area's size",
    "`powers: [{area}]` (burst, arc, wall)",
    1,
    50,
    "squares"
);
limit!(
    ATTACKS,
    "a power's number of attacks",
    "`powers: [{attacks}]`",
    1,
    10,
    ""
);
limit!(
    REFRESH_FACE,
    "a refresh roll",
    "`powers: [{refresh}]` (each face)",
    1,
    6,
    ""
);
// The generator's request, on the command line and as a file records it under `generated:`.
limit!(
    GENERATED_MONSTERS,
    "the most monsters the generator may place",
    "`generated: {max_monsters}`, `--max-monsters`",
    1,
    200,
    ""
);
limit!(
    GENERATED_OF_A_KIND,
    "the most bosses or leaders the generator may place",
    "`generated: {max_bosses, max_leaders}`, `--max-bosses`, `--max-leaders`",
    0,
    200,
    ""
);
// Overrides: each derived number the file may set by hand.
limit!(
    XP_OVERRIDE,
    "an XP override",
    "`overrides: {xp}`",
    0,
    1_000_000,
    "XP"
);
limit!(
    HP_OVERRIDE,
    "a hit point override",
    "`overrides: {hp}`",
    1,
    99_999,
    ""
);
limit!(
    DEFENSE_OVERRIDE,
    "a defense override",
    "`overrides: {ac, fortitude, reflex, will}`",
    0,
    99,
    ""
);
limit!(
    BONUS_OVERRIDE,
    "a bonus override",
    "`overrides: {saving_throw_bonus, initiative, perception}`, a power's `overrides: {attack}`",
    -99,
    99,
    ""
);
limit!(
    COUNT_OVERRIDE,
    "an override of action points or recoveries",
    "`overrides: {action_points, recoveries}`",
    0,
    10,
    ""
);
limit!(
    SPEED_OVERRIDE,
    "a speed override",
    "`overrides: {speed}`",
    0,
    100,
    "squares"
);
limit!(
    REACH_OVERRIDE,
    "a reach override",
    "`overrides: {reach}`",
    0,
    20,
    "squares"
);
// A relative override's number is added to the formula's, and the sum is held inside the
// stat's own range above; this range only keeps the sum far from overflowing.
limit!(
    RELATIVE_OVERRIDE,
    "a relative override",
    "`by` in place of `value` in `overrides: {...}` and a power's `overrides: {attack}` (the sum is held in the stat's range)",
    -1_000_000,
    1_000_000,
    ""
);

// Fight files (`fights/`): the numbers a hand-edited fight may hold, so that no roll, sum or
// loop of a fight can overflow or run for ever.
limit!(
    FIGHT_AMOUNT,
    "damage, healing or temporary hit points in a fight",
    "a fight step's `amount:` (damage, heal, temp), persistent damage's `amount:`",
    1,
    9_999,
    ""
);
limit!(
    FIGHT_COUNT,
    "an initiative count",
    "a fight step's `count:` (initiative, delay), a combatant's `initiative:`",
    -99,
    999,
    ""
);
limit!(
    FIGHT_HIT_POINTS,
    "a creature's hit points in a fight",
    "a combatant's `hp:`, `max_hp:` and `temp_hp:`, the `max-hp` step's `hp:`",
    -99_999,
    99_999,
    ""
);
limit!(
    FIGHT_NUMBER,
    "a creature's bonus, defense or other number in a fight",
    "a combatant's `init_mod:`, `save_bonus:`, `action_points:`, `defenses:`, resistance and vulnerability `value:`, `regeneration:`, a power's attack bonus, the `attack` step's `defense:`",
    -999,
    9_999,
    ""
);
limit!(
    FIGHT_ATTACKS,
    "a power's attack rolls in a fight",
    "a combatant's power `attacks:`",
    1,
    20,
    ""
);
limit!(
    FIGHT_XP,
    "a creature's XP in a fight",
    "a combatant's `xp:`",
    0,
    10_000_000,
    ""
);

limit!(
    FIGHT_SAVE_BONUS,
    "a saving throw bonus in a fight",
    "a combatant's `save_bonus:`",
    -10,
    20,
    ""
);
limit!(
    FIGHT_LEVEL,
    "a challenge's level in a fight",
    "a fight's challenge `level:`",
    1,
    30,
    ""
);
limit!(
    FIGHT_ROUND,
    "a fight's round",
    "a fight's `round:` (in `now:` and `start:`), a combatant's `started_round:`, a log line's round",
    0,
    10_000,
    ""
);
limit!(
    FIGHT_EFFECT_NUMBER,
    "an effect's number in a fight",
    "a fight's `next_effect:`, an effect's `id:`, the `end-effect` step's `effect:`",
    1,
    1_000_000,
    ""
);
limit!(
    FIGHT_COIN,
    "a combatant's tie-break coin",
    "a combatant's `coin:` (P1's seeded coin)",
    0,
    4_294_967_295,
    ""
);
limit!(
    FIGHT_TALLY,
    "a count kept by a fight",
    "a challenge's `successes_needed:`, `failures_allowed:`, `successes:`, `failures:` and DCs; the end's `characters:`",
    0,
    1_000,
    ""
);
limit!(
    FIGHT_XP_TOTAL,
    "the XP of a fight's end",
    "the end's `xp:` and `xp_each:`, a challenge's `xp:`",
    0,
    2_000_000_000,
    ""
);

// A character's numbers in a party (P11, P20): in a party file's `members:`, and in an
// encounter's or adventure's inline `party: {members: [...]}`.
limit!(
    CHARACTER_MAX_HP,
    "a character's maximum HP",
    "a party member's `max_hp:`, `party stats --hp`",
    1,
    9_999,
    ""
);
limit!(
    CHARACTER_HP,
    "a character's current HP",
    "a party member's `hp:` (never above its `max_hp:`), `party stats --hp-now`",
    -9_999,
    9_999,
    ""
);
limit!(
    CHARACTER_DEFENSE,
    "a character's defense",
    "a party member's `ac:`, `fortitude:`, `reflex:`, `will:`",
    1,
    99,
    ""
);
limit!(
    CHARACTER_INITIATIVE,
    "a character's initiative modifier",
    "a party member's `initiative:`",
    -20,
    50,
    ""
);
limit!(
    CHARACTER_SAVE,
    "a character's saving throw bonus",
    "a party member's `save:`",
    -10,
    20,
    ""
);
limit!(
    CHARACTER_RECOVERIES,
    "a character's number of recoveries",
    "a party member's `recoveries:` (a day) and `recoveries_left:` (never above `recoveries:`), a short rest's `--spend`",
    0,
    50,
    ""
);
limit!(
    CHARACTER_RECOVERY_VALUE,
    "a character's recovery value",
    "a party member's `recovery_value:`",
    1,
    5_000,
    "hit points"
);
limit!(
    CHARACTER_ACTION_POINTS,
    "a character's number of action points",
    "a party member's `action_points:`",
    0,
    20,
    ""
);
limit!(
    CHARACTER_DEATH_FAILURES,
    "a character's number of death-save failures",
    "a party member's `death_failures:` (the third kills, P12)",
    0,
    2,
    ""
);
limit!(
    CHARACTER_PASSIVE,
    "a character's passive Perception or Insight",
    "a party member's `perception:`, `insight:`",
    0,
    99,
    ""
);
limit!(
    ENCOUNTERS_SINCE_REST,
    "a party's number of encounters since its last long rest",
    "a party's `encounters_since_rest:`",
    0,
    1_000,
    ""
);

/// Every number a file holds beside those with ranges of their own elsewhere (levels 1-30, a
/// group's count 1-999, a party's 1-64 characters, dice), for the documentation.
pub const NUMBERS: &[&Limit] = &[
    &ABILITY_SCORE,
    &SPEED,
    &REACH,
    &REGENERATION,
    &SENSE_RANGE,
    &ALTITUDE,
    &TELEPATHY,
    &AURA,
    &POWER_RANGE,
    &AREA_SIZE,
    &ATTACKS,
    &REFRESH_FACE,
    &GENERATED_MONSTERS,
    &GENERATED_OF_A_KIND,
    &XP_OVERRIDE,
    &HP_OVERRIDE,
    &DEFENSE_OVERRIDE,
    &BONUS_OVERRIDE,
    &COUNT_OVERRIDE,
    &SPEED_OVERRIDE,
    &REACH_OVERRIDE,
    &RELATIVE_OVERRIDE,
    &FIGHT_AMOUNT,
    &FIGHT_COUNT,
    &FIGHT_HIT_POINTS,
    &FIGHT_NUMBER,
    &FIGHT_ATTACKS,
    &FIGHT_XP,
    &FIGHT_SAVE_BONUS,
    &FIGHT_LEVEL,
    &FIGHT_ROUND,
    &FIGHT_EFFECT_NUMBER,
    &FIGHT_COIN,
    &FIGHT_TALLY,
    &FIGHT_XP_TOTAL,
    &CHARACTER_MAX_HP,
    &CHARACTER_HP,
    &CHARACTER_DEFENSE,
    &CHARACTER_INITIATIVE,
    &CHARACTER_SAVE,
    &CHARACTER_RECOVERIES,
    &CHARACTER_RECOVERY_VALUE,
    &CHARACTER_ACTION_POINTS,
    &CHARACTER_DEATH_FAILURES,
    &CHARACTER_PASSIVE,
    &ENCOUNTERS_SINCE_REST,
];

/// The most powers a monster or a template lists (a template's per-role lists each as many): a
/// real stat block has fewer than 20.
pub const POWERS: ListLimit = ListLimit {
    items: "powers",
    field: "`powers:` of a monster or template (and each role's list of a theme)",
    max: 40,
};
/// The most traits a monster lists (each is a named entry of its stat block).
pub const TRAITS: ListLimit = ListLimit {
    items: "traits",
    field: "`traits:`",
    max: 40,
};
/// The most variants a monster file lists (Monster Statistics: Variants).
pub const VARIANTS: ListLimit = ListLimit {
    items: "variants",
    field: "`variants:`",
    max: 40,
};
/// Tags, skills, senses, languages, resistances, vulnerabilities, immunities, movement traits,
/// a power's tags: each list.
pub const WORDS: ListLimit = ListLimit {
    items: "entries in one list",
    field: "`tags`, `skills`, `senses`, `languages`, `resistances`, `vulnerabilities`, `immunities`, movement `traits`, a power's `tags`",
    max: 64,
};
/// The groups of one encounter: the largest fight at a table has a few dozen.
pub const GROUPS: ListLimit = ListLimit {
    items: "groups",
    field: "an encounter's `groups:`",
    max: 200,
};
/// The user's monster templates read from `<data>/templates/`, by number.
pub const USER_TEMPLATES: ListLimit = ListLimit {
    items: "template files",
    field: "`<data>/templates/`",
    max: 100,
};
/// The user's monster templates read from `<data>/templates/`, by total size in bytes: about
/// 300 real templates, and about 50 ms of reading at every start.
pub const USER_TEMPLATE_BYTES: usize = 1024 * 1024;

/// The creatures of one fight (a fight of more is not started): the largest fight at a table
/// has a few dozen.
pub const FIGHT_COMBATANTS: ListLimit = ListLimit {
    items: "creatures",
    field: "a fight's combatants (`fight start`, `fight add`)",
    max: 250,
};
/// The steps of one fight: an evening's fight has a few hundred. The last
/// [`FIGHT_END_STEPS`] are kept for the end, so a fight can always be ended.
pub const FIGHT_STEPS: ListLimit = ListLimit {
    items: "steps",
    field: "a fight's `steps:` (the last one kept for `end`)",
    max: 5000,
};
/// The steps of [`FIGHT_STEPS`] kept for the fight's end: the `end` step, which marks the foes
/// overcome.
pub const FIGHT_END_STEPS: usize = 1;
/// The fights a party's file records as written to it (P10): a campaign of 30 levels at ten
/// encounters a level has 300.
pub const PLAYED: ListLimit = ListLimit {
    items: "played fights",
    field: "a party's and an adventure's `played:`",
    max: 2000,
};
/// The effects on one creature at once: a creature rarely carries more than five.
pub const FIGHT_EFFECTS: ListLimit = ListLimit {
    items: "effects",
    field: "a combatant's `effects:` (each with its aftereffect and first-failed-save effect)",
    max: 30,
};
/// The powers of one creature in a fight: its stat block's, templates' included.
pub const FIGHT_POWERS: ListLimit = ListLimit {
    items: "powers",
    field: "a combatant's `powers:`",
    max: 400,
};
/// Any other list of a fight file: resistances, vulnerabilities, refresh faces, a challenge's
/// skills, who acted this round, an end's foes, the award's lines, the start's log.
pub const FIGHT_LIST: ListLimit = ListLimit {
    items: "entries in one list",
    field: "a combatant's `resistances:` and `vulnerabilities:`, `acted:`, `challenges:` and their `skills:` and `used:`, the `end` step's `overcome:`, `awarded:`, the start's `log:`",
    max: 500,
};

/// A text a file holds, and the most characters (Unicode scalar values) it may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextLimit {
    /// What the text is, as a sentence's subject: "a group's notes".
    pub what: &'static str,
    /// Where files hold it, for the documentation.
    pub field: &'static str,
    /// The most characters, counted as Unicode scalar values.
    pub max: usize,
}

impl TextLimit {
    /// `Ok` when `text` fits, else "a group's notes hold at most 1,000 characters; these have
    /// 1,200".
    pub fn check(&self, text: &str) -> Result<(), LimitError> {
        let n = text.chars().count();
        if n <= self.max {
            Ok(())
        } else {
            Err(LimitError::TooLong {
                limit: *self,
                chars: n,
            })
        }
    }
}

/// A group's notes: a few sentences printed beside the group on the sheet, not a chapter.
pub const GROUP_NOTES: TextLimit = TextLimit {
    what: "a group's notes",
    field: "an encounter group's `notes:`",
    max: 1000,
};

/// A line of a fight's log, or of where its award went: a sentence with its dice.
pub const FIGHT_LINE: TextLimit = TextLimit {
    what: "a fight's log lines",
    field: "a fight's log lines (each step's `log:`, the start's) and `awarded:` lines",
    max: 2000,
};

/// Every text limit, for the documentation.
pub const TEXTS: &[&TextLimit] = &[&GROUP_NOTES, &FIGHT_LINE];

/// Every list limit, for the documentation.
pub const LISTS: &[&ListLimit] = &[
    &POWERS,
    &TRAITS,
    &VARIANTS,
    &WORDS,
    &GROUPS,
    &USER_TEMPLATES,
    &FIGHT_COMBATANTS,
    &FIGHT_STEPS,
    &FIGHT_EFFECTS,
    &FIGHT_POWERS,
    &FIGHT_LIST,
    &PLAYED,
];

/// The guide's table of every limit (docs/src/reference/limits.md, between its `limits` markers;
/// a test keeps them equal).
pub fn markdown_table() -> String {
    let mut s = String::from("| What | Where | Range |\n|---|---|---|\n");
    for l in NUMBERS {
        s.push_str(&format!(
            "| {} | {} | {} |\n",
            capitalised(l.what),
            l.field,
            l.range_text()
        ));
    }
    for l in LISTS {
        s.push_str(&format!(
            "| {} | {} | at most {} |\n",
            capitalised(l.items),
            l.field,
            crate::text::group_thousands(l.max as u64)
        ));
    }
    for t in TEXTS {
        s.push_str(&format!(
            "| {} | {} | at most {} characters |\n",
            capitalised(t.what),
            t.field,
            crate::text::group_thousands(t.max as u64)
        ));
    }
    s.push_str(&format!(
        "| Template files' total size | `<data>/templates/` | at most {} bytes (1 MiB) |\n",
        crate::text::group_thousands(USER_TEMPLATE_BYTES as u64)
    ));
    s
}

fn capitalised(s: &str) -> String {
    let s = s
        .strip_prefix("an ")
        .or_else(|| s.strip_prefix("a "))
        .or_else(|| s.strip_prefix("the "))
        .unwrap_or(s);
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A range a serde field is read through (see [`bounded`], [`bounded_opt`]).
pub trait Bound {
    /// The range a field read through this bound must lie in.
    const LIMIT: Limit;
}

macro_rules! bound {
    ($ty:ident, $limit:ident) => {
        #[doc = concat!("The range [`", stringify!($limit), "`], for serde's `deserialize_with`.")]
        pub struct $ty;
        impl Bound for $ty {
            const LIMIT: Limit = $limit;
        }
    };
}

bound!(AbilityScore, ABILITY_SCORE);
bound!(Speed, SPEED);
bound!(Reach, REACH);
bound!(Regeneration, REGENERATION);
bound!(Telepathy, TELEPATHY);
bound!(Aura, AURA);
bound!(PowerRange, POWER_RANGE);
bound!(Attacks, ATTACKS);
bound!(RefreshFace, REFRESH_FACE);
bound!(GeneratedMonsters, GENERATED_MONSTERS);
bound!(GeneratedOfAKind, GENERATED_OF_A_KIND);
bound!(FightRound, FIGHT_ROUND);
bound!(FightLevel, FIGHT_LEVEL);
bound!(FightEffectNumber, FIGHT_EFFECT_NUMBER);
bound!(FightCoin, FIGHT_COIN);
bound!(FightTally, FIGHT_TALLY);
bound!(FightXpTotal, FIGHT_XP_TOTAL);
bound!(FightXp, FIGHT_XP);
bound!(FightAttacks, FIGHT_ATTACKS);
bound!(CharacterMaxHp, CHARACTER_MAX_HP);
bound!(CharacterHp, CHARACTER_HP);
bound!(CharacterDefense, CHARACTER_DEFENSE);
bound!(CharacterInitiative, CHARACTER_INITIATIVE);
bound!(CharacterSave, CHARACTER_SAVE);
bound!(CharacterRecoveries, CHARACTER_RECOVERIES);
bound!(CharacterRecoveryValue, CHARACTER_RECOVERY_VALUE);
bound!(CharacterActionPoints, CHARACTER_ACTION_POINTS);
bound!(CharacterDeathFailures, CHARACTER_DEATH_FAILURES);
bound!(CharacterPassive, CHARACTER_PASSIVE);
bound!(EncountersSinceRest, ENCOUNTERS_SINCE_REST);

/// A whole number of any width, read as i128 so that `5000000000` or `-2147483649` is refused
/// with the range rather than with serde's words about the field's Rust type.
fn read_number<'de, D: Deserializer<'de>>(d: D) -> Result<i128, D::Error> {
    struct V;
    impl serde::de::Visitor<'_> for V {
        type Value = i128;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a whole number")
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<i128, E> {
            Ok(i128::from(v))
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<i128, E> {
            Ok(i128::from(v))
        }
        fn visit_i128<E: serde::de::Error>(self, v: i128) -> Result<i128, E> {
            Ok(v)
        }
        fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<i128, E> {
            Ok(i128::try_from(v).unwrap_or(i128::MAX))
        }
    }
    // `deserialize_any`, not `deserialize_i128`: a value inside an internally tagged enum (a
    // fight's step) is buffered first, and the buffer serves any type but i128.
    d.deserialize_any(V)
}

/// Any whole number that fits an i64; larger ones are refused with a sentence, since every
/// range a caller checks afterwards lies far inside.
pub fn whole_number<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    let n = read_number(d)?;
    i64::try_from(n).map_err(|_| {
        serde::de::Error::custom(format!(
            "{n} is far outside every range lairsmith accepts (the guide's Limits and guarantees page lists them)"
        ))
    })
}

/// Any whole number from 0 that fits a u64 (a seed): others are refused with a sentence rather
/// than with serde's words about the field's Rust type.
pub fn whole_u64<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let n = read_number(d)?;
    u64::try_from(n).map_err(|_| {
        serde::de::Error::custom(format!(
            "a seed is a whole number from 0 to {}, not {n}",
            u64::MAX
        ))
    })
}

/// [`whole_number`], or none (`~`, or the key left out with `#[serde(default)]`).
pub fn whole_number_opt<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(transparent)]
    struct Any(#[serde(deserialize_with = "whole_number")] i64);
    Ok(Option::<Any>::deserialize(d)?.map(|a| a.0))
}

/// Refresh faces: each 1 to 6 ([`REFRESH_FACE`]).
pub fn refresh_faces<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    #[derive(Deserialize)]
    #[serde(transparent)]
    struct Face(#[serde(deserialize_with = "bounded::<RefreshFace, _, _>")] u8);
    Ok(Vec::<Face>::deserialize(d)?
        .into_iter()
        .map(|f| f.0)
        .collect())
}

fn in_range<B: Bound, T: TryFrom<i64>, E: serde::de::Error>(n: i128) -> Result<T, E> {
    let limit = B::LIMIT;
    i64::try_from(n)
        .ok()
        .filter(|v| limit.contains(*v))
        .and_then(|v| T::try_from(v).ok())
        .ok_or_else(|| E::custom(limit.refusal(n)))
}

/// Reads a number within `B`'s range (`#[serde(deserialize_with = "bounded::<B, _, _>")]`).
pub fn bounded<'de, B: Bound, T: TryFrom<i64>, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    in_range::<B, T, D::Error>(read_number(d)?)
}

/// Reads any whole number that fits `T`, refusing one that does not with `B`'s range in words
/// (never serde's words about `T`): a caller that checks `B`'s range after reading (where it
/// can point at the value's line) sees every number that fits.
pub fn fitting<'de, B: Bound, T: TryFrom<i128>, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    let n = read_number(d)?;
    T::try_from(n).map_err(|_| serde::de::Error::custom(B::LIMIT.refusal(n)))
}

/// [`fitting`], or none (`null`, `~`, or the key left out with `#[serde(default)]`): a caller
/// checks `B`'s range after reading, at the value's own key.
pub fn fitting_opt<'de, B: Bound, T: TryFrom<i128>, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    #[derive(Deserialize)]
    #[serde(transparent)]
    struct Any(#[serde(deserialize_with = "read_number")] i128);
    match Option::<Any>::deserialize(d)? {
        None => Ok(None),
        Some(Any(n)) => T::try_from(n)
            .map(Some)
            .map_err(|_| serde::de::Error::custom(B::LIMIT.refusal(n))),
    }
}

/// An optional number within `B`'s range; `null` or `~` is none.
pub fn bounded_opt<'de, B: Bound, T: TryFrom<i64>, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    #[derive(Deserialize)]
    #[serde(transparent)]
    struct Any(#[serde(deserialize_with = "read_number")] i128);
    match Option::<Any>::deserialize(d)? {
        None => Ok(None),
        Some(Any(n)) => in_range::<B, T, D::Error>(n).map(Some),
    }
}

/// A whole number in `B`'s range (`limits`), as [`bounded`] reads it.
pub fn bounded_schema<B: Bound>(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let l = B::LIMIT;
    schemars::json_schema!({
        "type": "integer",
        "minimum": l.min,
        "maximum": l.max,
        "description": range_words(&l),
    })
}

/// A whole number in `B`'s range or none (`~`), as [`bounded_opt`] reads it.
pub fn bounded_opt_schema<B: Bound>(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let l = B::LIMIT;
    schemars::json_schema!({
        "type": ["integer", "null"],
        "minimum": l.min,
        "maximum": l.max,
        "description": range_words(&l),
    })
}

/// "A speed: 0 to 100 squares."
fn range_words(l: &Limit) -> String {
    let mut what = l.what.to_owned();
    for article in ["an ", "a ", "the "] {
        if let Some(rest) = what.strip_prefix(article) {
            what = rest.to_owned();
        }
    }
    let mut chars = what.chars();
    let what: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    format!("{what}: {}.", l.range_text())
}

/// The schema of one hand-set value, `limit` its range (`MonsterDesign::problems` checks it):
/// exactly one of `value` (the number) and `by` (added to the formula's), as the reader takes.
pub fn override_schema(limit: &Limit) -> serde_json::Value {
    serde_json::json!({
        "type": "object",
        "description": "A hand-set value with the designer's reason: `value` is the number itself, `by` is added to the formula's number (negative takes from it), so that the override follows the monster's level, rank and role.",
        "properties": {
            "value": {
                "type": "integer",
                "minimum": limit.min,
                "maximum": limit.max,
                "description": range_words(limit),
            },
            "by": {
                "type": "integer",
                "minimum": RELATIVE_OVERRIDE.min,
                "maximum": RELATIVE_OVERRIDE.max,
                "description": format!(
                    "Added to the formula's number; the sum is held to {}",
                    limit.range_text()
                ),
            },
            "reason": { "type": "string" },
        },
        "oneOf": [
            { "required": ["value"] },
            { "required": ["by"] },
        ],
        "additionalProperties": false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_as_sentences() {
        assert_eq!(ABILITY_SCORE.range_text(), "1 to 60");
        assert_eq!(BONUS_OVERRIDE.range_text(), "-99 to +99");
        assert_eq!(XP_OVERRIDE.range_text(), "0 to 1,000,000 XP");
        assert_eq!(
            ABILITY_SCORE.refusal(-2147483648_i64),
            "an ability score is 1 to 60, not -2147483648"
        );
    }

    #[test]
    fn callers_can_tell_the_kinds_of_limit_error_apart() {
        let e = ABILITY_SCORE.check(61).unwrap_err();
        assert!(matches!(e, LimitError::OutOfRange { given: 61, .. }));
        assert_eq!(e.to_string(), "an ability score is 1 to 60, not 61");
        let e = GROUP_NOTES.check(&"x".repeat(1200)).unwrap_err();
        assert!(matches!(e, LimitError::TooLong { chars: 1200, .. }));
        assert_eq!(
            e.to_string(),
            "a group's notes hold at most 1,000 characters; these have 1,200"
        );
    }

    #[test]
    fn every_number_fits_the_types_derivation_uses() {
        for l in NUMBERS {
            assert!(l.min <= l.max, "{}", l.what);
            if **l == FIGHT_COIN {
                // A seeded coin of any 32 bits, only ever compared.
                continue;
            }
            // Every derived number is an i64 sum of a few of these and table values far below
            // 2^31, so i32 ranges are all any file can reach.
            assert!(i32::try_from(l.max).is_ok() && i32::try_from(l.min).is_ok());
        }
    }
}
