//! The table: every limit, by the kind of file that holds it.

#[allow(clippy::wildcard_imports)]
use super::*;

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
    "a combatant's `init_mod:`, `save_bonus:`, `action_points:`, `defenses:`, resistance and vulnerability `value:`, `regeneration:`, `recovery_value:` and `reactive:`, a power's attack bonus, the `attack` step's `defense:`",
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
    "a fight's `round:` (in `now:` and `start:`), a combatant's `started_round:`, `turns:`, `ap_turn:` and `immediate_turn:`, a log line's round",
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
    "a challenge's `successes_needed:`, `failures_allowed:`, `successes:`, `failures:` and DCs; the end's `characters:`; a combatant's `recoveries:`, `death_failures:`, `ap_spent:` and an aura's `size:`",
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
pub(crate) const TRAITS: ListLimit = ListLimit {
    items: "traits",
    field: "`traits:`",
    max: 40,
};
/// The most variants a monster file lists (Monster Statistics: Variants).
pub(crate) const VARIANTS: ListLimit = ListLimit {
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
pub(crate) const USER_TEMPLATES: ListLimit = ListLimit {
    items: "template files",
    field: "`<data>/templates/`",
    max: 100,
};
/// The user's monster templates read from `<data>/templates/`, by total size in bytes: about
/// 300 real templates, and about 50 ms of reading at every start.
pub(crate) const USER_TEMPLATE_BYTES: usize = 1024 * 1024;

/// The creatures of one fight (a fight of more is not started): the largest fight at a table
/// has a few dozen.
pub(crate) const FIGHT_COMBATANTS: ListLimit = ListLimit {
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
pub(crate) const PLAYED: ListLimit = ListLimit {
    items: "played fights",
    field: "a party's and an adventure's `played:`",
    max: 2000,
};
/// The effects on one creature at once: a creature rarely carries more than five.
pub(crate) const FIGHT_EFFECTS: ListLimit = ListLimit {
    items: "effects",
    field: "a combatant's `effects:` (each with its aftereffect and first-failed-save effect)",
    max: 30,
};
/// The powers of one creature in a fight: its stat block's, templates' included.
pub(crate) const FIGHT_POWERS: ListLimit = ListLimit {
    items: "powers",
    field: "a combatant's `powers:`",
    max: 400,
};
/// Any other list of a fight file: resistances, vulnerabilities, refresh faces, a challenge's
/// skills, who acted this round, an end's foes, the award's lines, the start's log.
pub(crate) const FIGHT_LIST: ListLimit = ListLimit {
    items: "entries in one list",
    field: "a combatant's `resistances:` and `vulnerabilities:`, `acted:`, `challenges:` and their `skills:` and `used:`, the `end` step's `overcome:`, `awarded:`, the start's `log:`",
    max: 500,
};
