//! One creature in the fight: its numbers, its powers, how it stands and what it has done (P1-P20).

#[allow(clippy::wildcard_imports)]
use super::*;

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

pub(super) fn one() -> u32 {
    1
}

pub(super) fn is_one(n: &u32) -> bool {
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
    pub(crate) fn get(&self, d: Defense) -> i64 {
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
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::limits::fitting_opt::<crate::limits::FightRound, _, _>"
    )]
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

pub(super) fn is_zero(n: &i64) -> bool {
    *n == 0
}

pub(super) fn is_zero_u64(n: &u64) -> bool {
    *n == 0
}

pub(super) fn is_zero_u32(n: &u32) -> bool {
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
    pub(crate) fn is_unhurt(&self) -> bool {
        match self.max_hp {
            Some(m) => self.hp >= m,
            None => self.hp >= 0,
        }
    }
}
