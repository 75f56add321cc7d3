//! What a fight file holds: who fights, in what order, how each of them stands, and the log.
//!
//! The file keeps the state at the start (after the monsters' initiative) and every step the
//! GM took since; the state now is the start with those steps replayed, each step rolling its
//! dice from the fight's seed and the step's number, so undo is "replay all but the last" and a
//! fight is reproducible from its seed and steps alone. The state now is written beside them
//! for people and for `fight watch`.

use crate::rules::creature::{Condition, DamageType};
use crate::rules::power_vocab::{Defense, Usage};
use serde::{Deserialize, Serialize};

/// Which side a combatant fights on.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, Default,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// A monster, placeholder or 3rd-edition foe the party fights.
    #[default]
    Foe,
    /// A monster on the party's side (`side: ally` in the encounter).
    Ally,
    /// A member of the party.
    Party,
}

/// Whether a combatant is still in the fight.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, Default,
)]
#[serde(rename_all = "lowercase")]
pub enum Life {
    /// In the fight and acting: above 0 HP, or a creature whose hit points the fight does not
    /// know (a character before the GM gives them, a 3rd-edition foe).
    #[default]
    Up,
    /// At 0 HP or below and alive: a character, or a monster the GM marks so (P3).
    Unconscious,
    /// A monster at 0 HP or below (P3), or a mook that took any damage.
    Dead,
    /// Taken out of the fight by the GM (fled, dismissed): it takes no more turns.
    Gone,
}

/// How a foe was overcome at the end (P10); any of these earns its XP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Overcome {
    /// Killed or knocked out.
    Defeated,
    /// Ran from the fight.
    Fled,
    /// Gave up to the party.
    Surrendered,
    /// Got past without beating it (avoided, talked round, sneaked by).
    Bypassed,
}

/// How long an effect lasts (the book's Duration of a power's effect). Written as words:
/// `save ends`, `the encounter`, `start of ana`, `end of goblin-cutter-2`. Read from an effect's
/// `until:` key; [`UntilError`] says why a text is none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Until {
    /// Until the start of this combatant's next turn (its id).
    StartOf(String),
    /// Until the end of this combatant's next turn (its id).
    EndOf(String),
    /// A saving throw at the end of each of the affected creature's turns ends it (P7).
    SaveEnds,
    /// Until the end of the encounter (the default for "marked", P8).
    Encounter,
    /// Until the creature stands up, a step of its own (prone's ending, P8).
    Stands,
    /// Until the surprise round ends (surprised's ending, P8, P14).
    SurpriseRound,
}

impl std::fmt::Display for Until {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Until::StartOf(id) => write!(f, "start of {id}"),
            Until::EndOf(id) => write!(f, "end of {id}"),
            Until::SaveEnds => f.write_str("save ends"),
            Until::Encounter => f.write_str("the encounter"),
            Until::Stands => f.write_str("stands up"),
            Until::SurpriseRound => f.write_str("the surprise round"),
        }
    }
}

/// Why a text is not a duration ([`Until`]); each message is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UntilError {
    /// `start of` or `end of` followed by something that cannot be a combatant's id.
    #[error(transparent)]
    Id(#[from] crate::monster::design::IdError),
    /// None of the forms a duration takes; `given` is the text as typed, trimmed (the message
    /// quotes it escaped and shortened).
    #[error(
        "`{}` is not a duration: write `save ends`, `the encounter`, `start of ID` or `end of ID` (the start or end of that creature's next turn; `start:ID` and `end:ID` too), `stands up` or `the surprise round`",
        crate::text::quote_short(.given)
    )]
    NotADuration {
        /// The text as typed, trimmed.
        given: String,
    },
}

impl std::str::FromStr for Until {
    type Err = UntilError;
    /// `save ends` (or `save`), `the encounter` (or `encounter`), `start of ID` or `start:ID`,
    /// `end of ID` or `end:ID`.
    fn from_str(s: &str) -> Result<Until, UntilError> {
        let t = s.trim();
        let lower = t.to_lowercase();
        match lower.as_str() {
            "save ends" | "save-ends" | "save" => return Ok(Until::SaveEnds),
            "the encounter" | "encounter" | "end of the encounter" => return Ok(Until::Encounter),
            "stands up" | "stands" | "stand" | "stand up" => return Ok(Until::Stands),
            "the surprise round" | "surprise round" | "surprise" => {
                return Ok(Until::SurpriseRound);
            }
            _ => {}
        }
        let id = |rest: &str| -> Result<String, UntilError> {
            let id = rest.trim();
            crate::monster::design::check_id(id)?;
            Ok(id.to_owned())
        };
        if let Some(rest) = lower
            .strip_prefix("start of ")
            .or_else(|| lower.strip_prefix("start:"))
        {
            return id(rest).map(Until::StartOf);
        }
        if let Some(rest) = lower
            .strip_prefix("end of ")
            .or_else(|| lower.strip_prefix("end:"))
        {
            return id(rest).map(Until::EndOf);
        }
        Err(UntilError::NotADuration {
            given: t.to_owned(),
        })
    }
}

impl Serialize for Until {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Until {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl schemars::JsonSchema for Until {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Until".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "How long an effect lasts: `save ends`, `the encounter`, `start of ID`, `end of ID`.",
            "pattern": "^(save ends|save|the encounter|encounter|stands up|stands|the surprise round|surprise round|(start|end) of [a-z0-9]+(-[a-z0-9]+)*|(start|end):[a-z0-9]+(-[a-z0-9]+)*)$"
        })
    }
}

/// What an effect does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Affliction {
    /// One of the book's Conditions, `marked` with who marked.
    Condition {
        /// The condition, by the book's name (`condition:` in the file).
        condition: Condition,
        /// The id of the combatant that caused it (who marked, for `marked`), if the GM said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<String>,
    },
    /// Persistent damage, taken at the start of the creature's turns (the book's Persistent
    /// damage, P6).
    Persistent {
        /// The hit points lost each turn, 1 to 999.
        #[serde(deserialize_with = "crate::limits::whole_number")]
        amount: i64,
        /// Its damage type, which the creature's resistance or vulnerability changes (P5);
        /// `None` for untyped damage.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        damage_type: Option<DamageType>,
    },
    /// A bonus (or penalty) to all its defenses: Total Defense, a rally (P13, P17).
    Defenses {
        /// Added to each defense.
        #[serde(deserialize_with = "crate::limits::whole_number")]
        bonus: i64,
        /// Where it comes from, in words ("total defense", "rally").
        why: String,
    },
    /// An ally's help (Help Attack, Help Defense, P13): +2 to its next attack roll against a
    /// creature, or to its defenses against that creature's next attack; used up by that roll.
    Help {
        /// Helps its attack (`true`) or its defenses (`false`).
        attack: bool,
        /// The creature the help is against (its id).
        against: String,
        /// The helper (its id).
        by: String,
    },
    /// Anything else, in the GM's words.
    Other {
        /// The effect as the GM typed it (one line, shown to the players too).
        text: String,
    },
}

/// An effect on a combatant, with its duration and what follows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Effect {
    /// Unique within the fight: how `end-effect` names it.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightEffectNumber, _, _>")]
    pub id: u32,
    /// What the effect does.
    pub what: Affliction,
    /// How long it lasts.
    pub until: Until,
    /// Begins when a saving throw ends this effect (Aftereffect, among the book's Special
    /// saving throw riders).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aftereffect: Option<Box<Effect>>,
    /// Replaces this effect the first time a saving throw against it fails (First Failed Save,
    /// among the book's Special saving throw riders).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_save: Option<Box<Effect>>,
    /// For a duration tied to a creature's turn (`start of X`, `end of X`): how many turns X had
    /// begun when the effect began, so that it lasts through the first turn of X that begins
    /// after it (P7).
    #[serde(
        default,
        skip_serializing_if = "is_zero_u32",
        deserialize_with = "crate::limits::fitting::<crate::limits::FightRound, _, _>"
    )]
    pub after: u32,
    /// A benefit (an ally's bonus, not a harm): one that lasts until the end of the creature's
    /// own turn ends when it delays (P2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub boon: bool,
    /// Sustained by this creature (its id): it ends at the end of that creature's turn unless
    /// maintained then (P19).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maintained_by: Option<String>,
}

/// An effect as the GM gives it; its id is given when it is applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct EffectSpec {
    /// What the effect does.
    pub what: Affliction,
    /// How long it lasts.
    pub until: Until,
    /// The effect that begins when a saving throw ends this one (P7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aftereffect: Option<Box<EffectSpec>>,
    /// The effect that replaces this one the first time a saving throw against it fails (P7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_save: Option<Box<EffectSpec>>,
    /// A benefit, which ends when the creature delays if it lasts until the end of its turn (P2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub boon: bool,
    /// The creature who must maintain it on its turns, or it ends (P19).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maintained_by: Option<String>,
}

impl EffectSpec {
    /// `what` lasting `until`, with no aftereffect, no first-failed-save effect, not a boon and
    /// not maintained.
    pub fn new(what: Affliction, until: Until) -> EffectSpec {
        EffectSpec {
            what,
            until,
            aftereffect: None,
            failed_save: None,
            boon: false,
            maintained_by: None,
        }
    }
}

/// What a power's line offers after an attack (P16): an effect on a target, with its duration,
/// or a movement the GM makes on the map; applied with one step, until the next step.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Offer {
    /// The creature it is on (its id).
    pub who: String,
    /// The effect; none for a movement, which is only logged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<EffectSpec>,
    /// What the line says, in short.
    pub words: String,
    /// Where it comes from: "Thorn Lash's hit".
    pub from: String,
}

/// One power of a combatant, as the fight needs it: its numbers from the stat block and
/// whether it is spent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PowerState {
    /// The power's name as its stat block prints it; steps name the power by it, in any case.
    pub name: String,
    /// How often it can be used: at-will, encounter, daily or refresh.
    pub usage: Usage,
    /// The d6 faces that give a used refresh power back (P6).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "crate::limits::refresh_faces"
    )]
    pub refresh: Vec<u8>,
    /// The attack bonus and the defense it targets, for a power with an attack roll.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::fight::model::attack_opt"
    )]
    pub attack: Option<(i64, Defense)>,
    /// How many attack rolls one use makes.
    #[serde(
        default = "one",
        skip_serializing_if = "is_one",
        deserialize_with = "crate::limits::fitting::<crate::limits::FightAttacks, _, _>"
    )]
    pub attacks: u32,
    /// The damage on a hit: dice (`2d8+5`) or a mook's static number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<String>,
    /// The damage's type, for the target's resistances and vulnerabilities (P5); `None` for
    /// untyped damage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
    /// An encounter, daily or refresh power that was used (and not yet refreshed).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub used: bool,
    /// Its origin: melee, ranged, near, far or self (a swarm's resistance and vulnerability,
    /// concealment and prone go by it, P5, P13).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<crate::rules::power_vocab::Origin>,
    /// Whom it targets, as its stat block says ("one creature", "one or two creatures", "each
    /// creature in the burst"): how many targets one use may roll against (P15).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub targets: Option<String>,
    /// Its Hit line: what a hit does beyond the damage (P16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hit: Option<String>,
    /// Its Miss line ("Half damage", P16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub miss: Option<String>,
    /// Its Effect line, whatever the roll (P16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
}

impl PowerState {
    /// How often it can be used, in words: "at-will", "encounter", "refresh 5, 6".
    pub fn usage_words(&self) -> String {
        use crate::vocab::Vocabulary;
        match self.usage {
            Usage::Refresh if !self.refresh.is_empty() => {
                let faces: Vec<String> = self.refresh.iter().map(u8::to_string).collect();
                format!("refresh {}", faces.join(", "))
            }
            other => other.key().to_owned(),
        }
    }
}

/// A power's `attack: [bonus, defense]`, the bonus read as any whole number (its range is
/// checked with the rest of the fight's numbers).
pub(crate) fn attack_opt<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<(i64, Defense)>, D::Error> {
    #[derive(Deserialize)]
    struct Pair(
        #[serde(deserialize_with = "crate::limits::whole_number")] i64,
        Defense,
    );
    Ok(Option::<Pair>::deserialize(d)?.map(|Pair(b, d)| (b, d)))
}

/// A challenge's `skills: [[skill, DC], ...]`, each DC in its range.
pub(crate) fn skills_de<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<(String, u32)>, D::Error> {
    #[derive(Deserialize)]
    struct Pair(
        String,
        #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
        u32,
    );
    Ok(Vec::<Pair>::deserialize(d)?
        .into_iter()
        .map(|Pair(s, dc)| (s, dc))
        .collect())
}

fn one() -> u32 {
    1
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

/// A combatant's four defenses, as its stat block gives them: the number an attack roll must
/// reach to hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Defenses {
    /// Armor Class.
    #[serde(deserialize_with = "crate::limits::whole_number")]
    pub ac: i64,
    /// Fortitude.
    #[serde(deserialize_with = "crate::limits::whole_number")]
    pub fortitude: i64,
    /// Reflex.
    #[serde(deserialize_with = "crate::limits::whole_number")]
    pub reflex: i64,
    /// Will.
    #[serde(deserialize_with = "crate::limits::whole_number")]
    pub will: i64,
}

impl Defenses {
    /// The defense an attack targets.
    pub fn get(&self, d: Defense) -> i64 {
        match d {
            Defense::Ac => self.ac,
            Defense::Fortitude => self.fortitude,
            Defense::Reflex => self.reflex,
            Defense::Will => self.will,
        }
    }
}

/// A resistance or vulnerability of a combatant: what it applies to (a damage type's word) and
/// its value (R9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Resist {
    /// What it applies to: a damage type's word (`fire`), or what a swarm resists (R9).
    pub against: String,
    /// The damage taken off (a resistance) or added (a vulnerability) when damage of that
    /// kind is taken, as the stat block gives it.
    #[serde(deserialize_with = "crate::limits::whole_number")]
    pub value: i64,
}

/// Regeneration as the stat block gives it (P6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Regen {
    /// The hit points regained at the start of each of its turns, never above the maximum.
    #[serde(deserialize_with = "crate::limits::whole_number")]
    pub value: i64,
    /// When it applies: always, only while staggered, or only while not staggered.
    #[serde(default)]
    pub when: crate::monster::design::RegenerationWhen,
}

/// Where a combatant comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, Default)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Origin {
    /// A monster of the bestiary, by id.
    Monster {
        /// The monster's id in the bestiary (its file's stem).
        id: String,
    },
    /// An encounter's placeholder (level, rank, role).
    Placeholder {
        /// The placeholder as the encounter writes it (`level 3 elite blocker`).
        placeholder: String,
    },
    /// A 3rd-edition foe, by challenge rating.
    Cr {
        /// The challenge rating as written: `1` to `20` or a fraction such as `1/2` (D1).
        cr: String,
    },
    /// A member of the party.
    #[default]
    Character,
}

/// One creature in the fight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, Default)]
pub struct Combatant {
    /// Unique in the fight: `goblin-cutter-2`, `ana`.
    pub id: String,
    /// The name the GM sees: the group's label or the monster's name, numbered in its group.
    pub name: String,
    /// Which side it fights on.
    pub side: Side,
    /// What it is: a monster, a placeholder, a 3rd-edition foe or a character.
    pub origin: Origin,
    /// The encounter group it came from (P1: one roll a group); `None` for characters and
    /// creatures added during the fight on their own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<usize>,
    /// The initiative modifier (P1).
    #[serde(deserialize_with = "crate::limits::whole_number")]
    pub init_mod: i64,
    /// The initiative count: rolled for monsters, entered for characters, changed by delay or
    /// ready (P2). `None` until a character's result is entered.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::whole_number_opt"
    )]
    pub initiative: Option<i64>,
    /// The seeded coin of P1's last tie-break, shared by a group.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightCoin, _, _>")]
    pub coin: u32,
    /// Hit points; a character's and a 3rd-edition foe's only if the GM gives them.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::whole_number_opt"
    )]
    pub max_hp: Option<i64>,
    /// Current hit points (or, without a maximum, 0 less the damage taken).
    #[serde(deserialize_with = "crate::limits::whole_number")]
    pub hp: i64,
    /// Temporary hit points, lost before hit points; a new grant replaces them only if higher
    /// (P4).
    #[serde(
        default,
        skip_serializing_if = "is_zero",
        deserialize_with = "crate::limits::whole_number"
    )]
    pub temp_hp: i64,
    /// Whether it is up, unconscious, dead or gone (P3).
    #[serde(default)]
    pub life: Life,
    /// A mook: 1 HP, dropped by any damage, never damaged by a miss (R5, P3).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mook: bool,
    /// Added to its saving throws (P7): the stat block's, by rank elite +2, boss +5, others 0
    /// (R5).
    #[serde(
        default,
        skip_serializing_if = "is_zero",
        deserialize_with = "crate::limits::whole_number"
    )]
    pub save_bonus: i64,
    /// Action points left to spend (P9): the stat block's at the start, by rank 1 for an
    /// elite and 2 for a boss (R5).
    #[serde(
        default,
        skip_serializing_if = "is_zero",
        deserialize_with = "crate::limits::whole_number"
    )]
    pub action_points: i64,
    /// Its defenses; `None` for characters and 3rd-edition foes, whose defenses an attack
    /// step gives.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defenses: Option<Defenses>,
    /// Damage taken off by type (P5, R9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resistances: Vec<Resist>,
    /// Damage added by type (P5, R9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vulnerabilities: Vec<Resist>,
    /// Hit points regained at the start of its turns (P6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regeneration: Option<Regen>,
    /// Its powers, in stat-block order, with which are spent.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub powers: Vec<PowerState>,
    /// The effects on it now, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// Hidden from the players' view until revealed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    /// What overcoming it is worth to the party (E2, D2), 0 for allies and characters.
    #[serde(
        default,
        skip_serializing_if = "is_zero_u64",
        deserialize_with = "crate::limits::fitting::<crate::limits::FightXp, _, _>"
    )]
    pub xp: u64,
    /// The round whose start-of-turn steps it has taken (so a delayed turn does not take them
    /// twice).
    #[serde(
        default,
        skip_serializing_if = "is_zero_u32",
        deserialize_with = "crate::limits::fitting::<crate::limits::FightRound, _, _>"
    )]
    pub started_round: u32,
    /// How it was overcome, once the GM ends the fight (P10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overcome: Option<Overcome>,
    /// The turns it has begun: an effect lasting "until the end of its next turn" lasts
    /// through the first of its turns that begins after the effect (P7).
    #[serde(
        default,
        skip_serializing_if = "is_zero_u32",
        deserialize_with = "crate::limits::fitting::<crate::limits::FightRound, _, _>"
    )]
    pub turns: u32,
    /// Death saving throws failed (P12): the third kills. Kept until a rest.
    #[serde(
        default,
        skip_serializing_if = "is_zero_u32",
        deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>"
    )]
    pub death_failures: u32,
    /// Made stable by First Aid (P12): at 0 HP or below, it makes no death saving throws.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stable: bool,
    /// Recoveries left (R11, P11, P17); `None` when the fight does not know them.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::whole_number_opt"
    )]
    pub recoveries: Option<i64>,
    /// The hit points a recovery gives back (R11, P11): a quarter of the maximum unless given.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::whole_number_opt"
    )]
    pub recovery_value: Option<i64>,
    /// It has rallied this fight (P17: once a fight).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rallied: bool,
    /// Action points spent this fight (P9: a character spends at most one).
    #[serde(
        default,
        skip_serializing_if = "is_zero_u32",
        deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>"
    )]
    pub ap_spent: u32,
    /// The turn (its count of turns begun) in which it last spent an action point (P9: a monster
    /// at most one a turn).
    #[serde(
        default,
        skip_serializing_if = "is_zero_u32",
        deserialize_with = "crate::limits::fitting::<crate::limits::FightRound, _, _>"
    )]
    pub ap_turn: u32,
    /// The count of its turns begun when it last took an immediate action (P18: one between
    /// two of its turns); `None` before its first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub immediate_turn: Option<u32>,
    /// Incorporeal: half damage from attacks (P5, R9).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub incorporeal: bool,
    /// Reactive Resistance X (P5): the resistance gained against a type the first time an
    /// attack damages it with acid, cold, lightning, fire or thunder.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::whole_number_opt"
    )]
    pub reactive: Option<i64>,
    /// Its auras, by name and size in squares (P19), shown while it is conscious.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub auras: Vec<Aura>,
    /// A monster the GM marks to follow the characters' rules at 0 HP (P3: a villain).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub villain: bool,
    /// It readied an action and took it before this creature (its id): it acts just ahead of
    /// it at their shared count for the rest of the fight (P2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ahead_of: Option<String>,
    /// It has acted on its turn now (an attack): it can no longer delay (P2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub busy: bool,
    /// A character's place in its saved party (1 for the first), whose numbers the fight took
    /// and to whom the end writes back what the fight changed (P11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<u32>,
}

/// An aura of a combatant (P19).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Aura {
    /// The trait's name.
    pub name: String,
    /// Its size in squares.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub size: u32,
}

fn is_zero(n: &i64) -> bool {
    *n == 0
}

fn is_zero_u64(n: &u64) -> bool {
    *n == 0
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

impl Combatant {
    /// Staggered: at half its maximum HP or fewer, floor (P3, R11).
    pub fn is_staggered(&self) -> bool {
        self.max_hp
            .is_some_and(|m| self.life == Life::Up && self.hp <= m / 2 && self.hp > 0)
    }

    /// Whether it takes turns: not dead and not gone (the dead take no turns).
    pub fn takes_turns(&self) -> bool {
        matches!(self.life, Life::Up | Life::Unconscious)
    }

    /// Whether it has taken no damage.
    pub fn is_unhurt(&self) -> bool {
        match self.max_hp {
            Some(m) => self.hp >= m,
            None => self.hp >= 0,
        }
    }
}

/// An extended challenge being run (A2, A3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ChallengeRun {
    /// The challenge's name in the encounter; checks name it by this.
    pub name: String,
    /// Its level, 1 to 30, which sets its DCs (Table – Recommended Difficulty Classes by
    /// Level) and its XP.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightLevel, _, _>")]
    pub level: u8,
    /// The successes that win it.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub successes_needed: u32,
    /// The failures that end it failed (default 3, A2).
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub failures_allowed: u32,
    /// The successes so far.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub successes: u32,
    /// The failures so far.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub failures: u32,
    /// What it is worth to the party, won or lost (A2, P10).
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightXpTotal, _, _>")]
    pub xp: u64,
    /// Each skill with the DC of its first check (A3), in the order the file gives.
    #[serde(deserialize_with = "crate::fight::model::skills_de")]
    pub skills: Vec<(String, u32)>,
    /// The Hard DC, for later checks with a skill already used (A3).
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub hard_dc: u32,
    /// The Easy DC, for group checks (A3).
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub easy_dc: u32,
    /// The skills already used once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used: Vec<String>,
}

impl ChallengeRun {
    /// Whether it has ended: its successes reached, or its failures used up.
    pub fn is_over(&self) -> bool {
        self.successes >= self.successes_needed || self.failures >= self.failures_allowed
    }
}

/// One line of the log: the round it happened in and what happened, dice included. Written
/// as `[round, text]` beside the step that wrote it (a fight file of version 1 wrote
/// `{round, text}`, which is read too).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    /// The round it happened in; 0 before the first.
    pub round: u32,
    /// What happened, as a sentence with its dice and the ruling that applied.
    pub text: String,
    /// The step that wrote it, counted from 1; 0 for the start of the fight. Not written: a
    /// line is kept with its step.
    pub step: u32,
}

impl Serialize for LogLine {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (self.round, &self.text).serialize(s)
    }
}

impl<'de> Deserialize<'de> for LogLine {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        /// A round read through its range (never serde's words about u32).
        struct Round(u32);
        impl<'de> Deserialize<'de> for Round {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                crate::limits::fitting::<crate::limits::FightRound, u32, D>(d).map(Round)
            }
        }
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = LogLine;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a log line: [round, text]")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<LogLine, A::Error> {
                use serde::de::Error;
                let Round(round) = a
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(0, &self))?;
                let text: String = a
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(1, &self))?;
                if a.next_element::<serde::de::IgnoredAny>()?.is_some() {
                    return Err(A::Error::invalid_length(3, &self));
                }
                Ok(LogLine {
                    round,
                    text,
                    step: 0,
                })
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<LogLine, A::Error> {
                use serde::de::Error;
                let (mut round, mut text) = (None, None);
                while let Some(k) = a.next_key::<String>()? {
                    match k.as_str() {
                        "round" => round = Some(a.next_value::<Round>()?.0),
                        "text" => text = Some(a.next_value::<String>()?),
                        other => return Err(A::Error::unknown_field(other, &["round", "text"])),
                    }
                }
                Ok(LogLine {
                    round: round.ok_or_else(|| A::Error::missing_field("round"))?,
                    text: text.ok_or_else(|| A::Error::missing_field("text"))?,
                    step: 0,
                })
            }
        }
        d.deserialize_any(V)
    }
}

impl schemars::JsonSchema for LogLine {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "LogLine".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "One line of the log: the round it happened in (0 before the first) and what happened.",
            "oneOf": [
                {
                    "type": "array",
                    "prefixItems": [
                        {"type": "integer", "minimum": 0},
                        {"type": "string"}
                    ],
                    "minItems": 2,
                    "maxItems": 2
                },
                {
                    "type": "object",
                    "properties": {
                        "round": {"type": "integer", "minimum": 0},
                        "text": {"type": "string"}
                    },
                    "required": ["round", "text"],
                    "additionalProperties": false
                }
            ]
        })
    }
}

/// How the fight ended (P10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Ending {
    /// The XP of the overcome foes and the challenges.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightXpTotal, _, _>")]
    pub xp: u64,
    /// What each character earns: the XP ÷ the characters, rounded down (E4).
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightXpTotal, _, _>")]
    pub xp_each: u64,
    /// The characters in the fight, who share the XP.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightTally, _, _>")]
    pub characters: usize,
}

/// Everything that changes as the fight goes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct FightState {
    /// 0 before the first turn.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightRound, _, _>")]
    pub round: u32,
    /// Whose turn it is (a combatant's id), once the fight has begun.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<String>,
    /// Those who have had their turn this round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub acted: Vec<String>,
    /// Everyone who took part, in the order they joined (those who left too, as
    /// [`Life::Gone`]); [`Fight::order`](crate::fight::Fight::order) gives the initiative
    /// order.
    pub combatants: Vec<Combatant>,
    /// The encounter's extended challenges.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub challenges: Vec<ChallengeRun>,
    /// The next effect's id.
    #[serde(deserialize_with = "crate::limits::fitting::<crate::limits::FightEffectNumber, _, _>")]
    pub next_effect: u32,
    /// What happened so far, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub log: Vec<LogLine>,
    /// How it ended; `None` while it goes on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<Ending>,
    /// The first round is a surprise round (P14): the surprised take no turn in it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub surprise: bool,
    /// What the last attack's power lines offer to apply (P16), until the next step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offers: Vec<Offer>,
}

impl FightState {
    /// A copy of everything but the log, which is left empty: a step works on such a copy and
    /// is lent the log, so that a step's cost does not grow with the fight's length.
    pub fn clone_without_log(&self) -> FightState {
        FightState {
            round: self.round,
            turn: self.turn.clone(),
            acted: self.acted.clone(),
            combatants: self.combatants.clone(),
            challenges: self.challenges.clone(),
            next_effect: self.next_effect,
            log: Vec::new(),
            ended: self.ended.clone(),
            surprise: self.surprise,
            offers: self.offers.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callers_can_tell_the_kinds_of_until_error_apart() {
        assert_eq!(
            "start:ana".parse::<Until>(),
            Ok(Until::StartOf("ana".into()))
        );
        assert!(matches!(
            "end of Not An Id".parse::<Until>(),
            Err(UntilError::Id(_))
        ));
        let e = " forever ".parse::<Until>().unwrap_err();
        assert_eq!(
            e,
            UntilError::NotADuration {
                given: "forever".into()
            }
        );
        assert_eq!(
            e.to_string(),
            "`forever` is not a duration: write `save ends`, `the encounter`, `start of ID` or `end of ID` (the start or end of that creature's next turn; `start:ID` and `end:ID` too), `stands up` or `the surprise round`"
        );
    }
}
