//! An encounter's groups: a monster, a placeholder, a 3rd-edition challenge rating, characters
//! or NPCs, or an extended challenge, with a count, a label, a side and notes; and the rules
//! an encounter is rated by (D1).

#[allow(clippy::wildcard_imports)]
use super::*;

/// A stand-in for a monster not yet designed: counts in the budget like a real one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placeholder {
    /// The level the stand-in is rated at, 1 to 30 (R1).
    pub level: Level,
    /// Its rank, which with its level gives the XP it is worth (R6, by the Monster XP table).
    pub rank: Rank,
    /// Its role, printed with the stand-in; a role changes no XP (R6: XP is by level and rank).
    pub role: Role,
}

impl fmt::Display for Placeholder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::vocab::Vocabulary;
        write!(
            f,
            "placeholder:{}:{}:{}",
            self.level,
            self.rank.key(),
            self.role.key()
        )
    }
}

/// Why a group cannot be read, added or found; each message is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GroupError {
    /// Text that is not `placeholder:LEVEL:RANK:ROLE`.
    #[error(
        "`{given}` is not a placeholder; write placeholder:LEVEL:RANK:ROLE, e.g. placeholder:5:standard:wrecker"
    )]
    NotAPlaceholder {
        /// The text as typed.
        given: String,
    },
    /// A placeholder's level that is no level.
    #[error("{0}")]
    Level(String),
    /// A placeholder's rank or role that is none (the message names the closest).
    #[error("{0}")]
    Unknown(crate::vocab::UnknownValue),
    /// A 3rd-edition class level that is no number.
    #[error(
        "`{given}` is not a class level; give a whole number from {} to {}",
        crate::rules::d20e3::MIN_CLASS_LEVEL,
        crate::rules::d20e3::MAX_CLASS_LEVEL
    )]
    NotAClassLevel {
        /// The class level as typed.
        given: String,
    },
    /// A word that is none of a 3rd-edition foe's forms.
    #[error(
        "`{given}` is not a 3rd-edition foe; write cr:N (1 to 20, 1/2, 1/3, 1/4, 1/6, 1/8), cr:N+L (a monster with L class levels), character:N or npc:N"
    )]
    NotAFoe {
        /// The word as typed.
        given: String,
    },
    /// A CR or class level outside the 3rd-edition table.
    #[error(transparent)]
    D20e3(#[from] crate::rules::d20e3::D20e3Error),
    /// Merging would pass the most one group holds.
    #[error(transparent)]
    Count(#[from] crate::encounter::count::CountError),
    /// What the file check refuses in the group (a bad id, label or notes), said of "this group".
    #[error("{0}")]
    Refused(String),
    /// Another challenge has the name (a challenge is removed by its name).
    #[error("the encounter already has a challenge named `{name}`; give this one another name")]
    DuplicateChallenge {
        /// The name the two challenges would share.
        name: String,
    },
    /// The encounter holds the most groups it may.
    #[error(
        "the encounter already has {n} groups, the most one holds; raise a group's count instead"
    )]
    Full {
        /// How many groups the encounter has.
        n: usize,
    },
    /// No group has the key, label or challenge name; `groups` lists the encounter's.
    #[error("the encounter has no group `{which}`; it has: {groups}")]
    NoSuchGroup {
        /// The word given.
        which: String,
        /// The encounter's groups by number and key: "#1 goblin-cutter, #2
        /// placeholder:5:standard:wrecker", or "no groups yet".
        groups: String,
    },
    /// Several groups answer to the word; `hits` are their indexes.
    #[error("`{which}` names {} groups ({}); name one by its number", .hits.len(), .hits.iter().map(|i| format!("#{}", i + 1)).collect::<Vec<_>>().join(", "))]
    Ambiguous {
        /// The word given.
        which: String,
        /// The indexes (from 0) of the groups it names.
        hits: Vec<usize>,
    },
    /// `#x`: not a number.
    #[error("`{which}` is not a group number such as #2")]
    NotAGroupNumber {
        /// The word given, `#` included.
        which: String,
    },
    /// `#N` past the encounter's groups (or `#0`).
    #[error(
        "there is no group {which}; the encounter has {n} group{}",
        if *n == 1 { "" } else { "s" }
    )]
    NoGroupNumber {
        /// The group number as given: `#5`.
        which: String,
        /// How many groups the encounter has.
        n: usize,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<GroupError> for String {
    fn from(e: GroupError) -> String {
        e.to_string()
    }
}

impl Placeholder {
    /// Parses `placeholder:5:standard:wrecker` (or `5:standard:wrecker`).
    pub fn parse(s: &str) -> Result<Placeholder, GroupError> {
        use crate::vocab::Vocabulary;
        let body = s.trim().strip_prefix("placeholder:").unwrap_or(s.trim());
        let parts: Vec<&str> = body.split([':', '/', ',']).map(str::trim).collect();
        let [level, rank, role] = parts.as_slice() else {
            return Err(GroupError::NotAPlaceholder {
                given: s.to_owned(),
            });
        };
        Ok(Placeholder {
            level: level
                .parse::<Level>()
                .map_err(|e| GroupError::Level(e.into()))?,
            rank: Rank::parse(rank).map_err(GroupError::Unknown)?,
            role: Role::parse(role).map_err(GroupError::Unknown)?,
        })
    }

    /// "Level 12 Elite Wrecker (placeholder)": how the roster and the sheets name the stand-in (a
    /// Standard's rank is left out).
    pub fn describe(&self) -> String {
        format!("{} (placeholder)", self.stand_in())
    }

    /// "Level 12 Elite Wrecker": what the stand-in is, which each of its names words around.
    fn stand_in(&self) -> String {
        let rank = if self.rank == Rank::Standard {
            String::new()
        } else {
            format!("{} ", self.rank)
        };
        format!("Level {} {rank}{}", self.level, self.role)
    }

    /// "Level 12 Wrecker 2 (placeholder)": the second of a group of stand-ins, its number before
    /// the word that says what it is, so that a column cut short keeps the number.
    pub fn describe_numbered(&self, number: usize) -> String {
        format!("{} {number} (placeholder)", self.stand_in())
    }

    /// The stand-in as a monster: its classification (a medium natural humanoid, no tags), the
    /// default power kit, named `name`. Its stat block gives the numbers every sheet, export and
    /// fight shows for it.
    pub fn design(&self, name: &str) -> crate::monster::MonsterDesign {
        use crate::monster::Classification;
        use crate::rules::{CreatureType, Size, Source};
        let c = Classification {
            level: self.level,
            rank: self.rank,
            role: self.role,
            leader: false,
            size: Size::Medium,
            source: Source::Natural,
            creature_type: CreatureType::Humanoid,
            tags: Vec::new(),
        };
        let mut d = crate::monster::MonsterDesign::new(name, c.clone());
        d.powers = crate::monster::kit::Templates::embedded().default_powers(&c);
        d
    }

    /// The stand-in's stat block, under its one name ([`Placeholder::describe`]).
    pub fn stat_block(&self) -> crate::monster::StatBlock {
        crate::monster::derive(&self.design(&self.describe()))
    }

    /// "Level 12 Wrecker placeholder": the description where it stands in parentheses itself,
    /// beside a label.
    pub(crate) fn describe_beside_label(&self) -> String {
        format!("{} placeholder", self.stand_in())
    }
}

crate::vocabulary! {
    /// Whose side a group is on. Allies do not count against the budget.
    #[derive(Default)]
    pub enum Side ("side") {
        /// Against the party: counts in the encounter's XP (E2).
        #[default]
        Foe = ("foe", "Foe"),
        /// On the party's side: on the roster and the sheet, but not counted in the encounter's XP.
        Ally = ("ally", "Ally"),
    }
}

pub(super) fn is_foe(s: &Side) -> bool {
    *s == Side::Foe
}

/// One line of the roster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(extend("patternProperties" = {"^x-": {}}), transform = crate::encounter::file::group_schema)]
pub struct Group {
    /// The id of the bestiary monster the group holds (`monsters/<id>.yaml`). A group holds one of
    /// a monster, a placeholder, a 3rd-edition foe or a challenge.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(pattern(crate::monster::design::ID_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub monster: Option<String>,
    /// A stand-in for a monster not yet designed, rated by its level and rank.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<Placeholder>,
    /// D1: a foe rated by challenge rating, in a `system: d20-3e` encounter.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::encounter::cr_serde"
    )]
    #[schemars(schema_with = "crate::encounter::cr_serde::cr_schema")]
    pub cr: Option<Cr>,
    /// D7: a monster of `cr:` with this many class levels (CR + class levels).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "de_class_level"
    )]
    #[schemars(range(min = 1, max = 20))]
    pub class_levels: Option<u8>,
    /// D7: a character of this class level as a foe (CR = class level), in a `system: d20-3e`
    /// encounter.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "de_class_level"
    )]
    #[schemars(range(min = 1, max = 20))]
    pub character: Option<u8>,
    /// D7: an NPC-class character of this class level as a foe (one CR lower; level 1 is CR
    /// 1/2, lairsmith's own reading).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "de_class_level"
    )]
    #[schemars(range(min = 1, max = 20))]
    pub npc: Option<u8>,
    /// A2: an extended challenge instead of monsters (Orcus encounters only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub challenge: Option<Challenge>,
    /// How many of the group's monster, from 1 to the most one group holds; 1 when the file
    /// gives none.
    #[serde(default)]
    pub count: Count,
    /// D1: `name:` is read as the label, as 3rd-edition GMs name their foes.
    #[serde(default, skip_serializing_if = "Option::is_none", alias = "name")]
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub label: Option<String>,
    /// Foe (the default, left out of the file) or ally; an ally does not count against the budget.
    #[serde(default, skip_serializing_if = "is_foe")]
    pub side: Side,
    /// The GM's notes on this group (where it waits, what it does), printed beside it on every
    /// sheet; several lines allowed, at most [`crate::limits::GROUP_NOTES`] characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = crate::limits::GROUP_NOTES.max))]
    pub notes: Option<String>,
    /// The group's own `x-` keys, kept as they were and written back on save.
    #[serde(flatten, skip_deserializing)]
    pub extra: XKeys,
}

impl Group {
    /// A group of `count` of the bestiary monster `id`: foes, with no label and no notes.
    pub fn monster(id: &str, count: Count) -> Group {
        Group {
            monster: Some(id.to_owned()),
            placeholder: None,
            cr: None,
            class_levels: None,
            character: None,
            npc: None,
            challenge: None,
            count,
            label: None,
            side: Side::Foe,
            notes: None,
            extra: XKeys::default(),
        }
    }

    /// A group of `count` stand-ins `p`: foes, with no label and no notes.
    pub fn placeholder(p: Placeholder, count: Count) -> Group {
        Group {
            monster: None,
            placeholder: Some(p),
            cr: None,
            class_levels: None,
            character: None,
            npc: None,
            challenge: None,
            count,
            label: None,
            side: Side::Foe,
            notes: None,
            extra: XKeys::default(),
        }
    }

    /// A 3rd-edition foe of a challenge rating.
    pub(crate) fn cr(cr: Cr, count: Count) -> Group {
        Group {
            monster: None,
            placeholder: None,
            cr: Some(cr),
            class_levels: None,
            character: None,
            npc: None,
            challenge: None,
            count,
            label: None,
            side: Side::Foe,
            notes: None,
            extra: XKeys::default(),
        }
    }

    /// A 3rd-edition foe as the command line and the UI write it (D1, D7): a challenge rating
    /// (`cr:5`, `5`, `cr:1/2`), a monster with class levels (`cr:3+2`), a character
    /// (`character:5`) or an NPC (`npc:5`).
    pub fn d20e3(word: &str, count: Count) -> Result<Group, GroupError> {
        let t = word.trim();
        let (kind, value) = match t.split_once([':', ' ']) {
            Some((k, v)) => (k.trim().to_lowercase(), v.trim()),
            None => ("cr".to_owned(), t),
        };
        let level = |v: &str| -> Result<u8, GroupError> {
            v.parse::<u8>().map_err(|_| GroupError::NotAClassLevel {
                given: v.to_owned(),
            })
        };
        let mut g = Group::cr(crate::rules::d20e3::Cr::Whole(1), count);
        g.cr = None;
        match kind.as_str() {
            "character" | "pc" => {
                let n = level(value)?;
                crate::rules::d20e3::character_cr(n)?;
                g.character = Some(n);
            }
            "npc" => {
                let n = level(value)?;
                crate::rules::d20e3::npc_cr(n)?;
                g.npc = Some(n);
            }
            "cr" => match value.split_once('+') {
                Some((cr, levels)) => {
                    let cr: Cr = cr.parse()?;
                    let n = level(levels.trim())?;
                    crate::rules::d20e3::with_class_levels(cr, n)?;
                    g.cr = Some(cr);
                    g.class_levels = Some(n);
                }
                None => g.cr = Some(value.parse()?),
            },
            _ => {
                return Err(GroupError::NotAFoe {
                    given: t.to_owned(),
                });
            }
        }
        Ok(g)
    }

    /// D1, D7: the challenge rating a 3rd-edition group is rated at: its `cr:` (plus its class
    /// levels), a character's class level, or an NPC's one lower. `None` for an Orcus group, or
    /// one whose values the file check refuses.
    pub fn challenge_rating(&self) -> Option<Cr> {
        use crate::rules::d20e3::{character_cr, npc_cr, with_class_levels};
        match (self.cr, self.class_levels, self.character, self.npc) {
            (Some(cr), None, None, None) => Some(cr),
            (Some(cr), Some(n), None, None) => with_class_levels(cr, n).ok(),
            (None, None, Some(n), None) => character_cr(n).ok(),
            (None, None, None, Some(n)) => npc_cr(n).ok(),
            _ => None,
        }
    }

    /// What a character, NPC or classed monster is, when the group is one (D7): "character of
    /// class level 5", "NPC of class level 5", "CR 3 with 2 class levels".
    pub fn class_description(&self) -> Option<String> {
        match (self.cr, self.class_levels, self.character, self.npc) {
            (Some(cr), Some(n), _, _) => Some(format!(
                "CR {cr} with {n} class level{}",
                if n == 1 { "" } else { "s" }
            )),
            (_, _, Some(n), _) => Some(format!("character of class level {n}")),
            (_, _, _, Some(n)) => Some(format!("NPC of class level {n}")),
            _ => None,
        }
    }

    /// An extended challenge (A2): one group, never merged with another.
    pub fn challenge(c: Challenge) -> Group {
        Group {
            monster: None,
            placeholder: None,
            cr: None,
            class_levels: None,
            character: None,
            npc: None,
            challenge: Some(c),
            count: Count::ONE,
            label: None,
            side: Side::Foe,
            notes: None,
            extra: XKeys::default(),
        }
    }

    /// How a group is named on the command line: its monster id, its placeholder spec,
    /// `cr:N` or `challenge:NAME`.
    pub fn key(&self) -> String {
        match (&self.monster, &self.placeholder, &self.cr, &self.challenge) {
            (Some(id), _, _, _) => id.clone(),
            (None, Some(p), _, _) => p.to_string(),
            (None, None, Some(cr), _) => match self.class_levels {
                Some(n) => format!("cr:{cr}+{n}"),
                None => format!("cr:{cr}"),
            },
            (None, None, None, Some(c)) => c.key(),
            (None, None, None, None) => match (self.character, self.npc) {
                (Some(n), _) => format!("character:{n}"),
                (None, Some(n)) => format!("npc:{n}"),
                (None, None) => String::new(),
            },
        }
    }
}

crate::vocabulary! {
    /// D1: the rules an encounter is rated by; Orcus unless a file says otherwise.
    #[derive(Default)]
    pub enum System ("system") {
        /// `orcus`: the Orcus rulebook, rated by the Monster XP table and the bands of E1-E5.
        #[default]
        Orcus = ("orcus", "Orcus"),
        /// `d20-3e`: d20 3rd edition, rated by challenge rating on the Experience Point Awards
        /// table (D1-D7).
        D20e3 = ("d20-3e", "d20 3rd edition"),
    }
}

impl System {
    /// Whether the system is Orcus, the default, which a file leaves out.
    pub(crate) fn is_orcus(&self) -> bool {
        *self == System::Orcus
    }

    /// The other system (there are two).
    pub fn other(self) -> System {
        match self {
            System::Orcus => System::D20e3,
            System::D20e3 => System::Orcus,
        }
    }
}
