//! The encounter file: a name, a party (inline or a saved party's id), groups of monsters or
//! placeholders with counts (each with its own label, side and notes), the user's notes, and the
//! record of the last generation.

use crate::encounter::challenge::Challenge;
use crate::encounter::count::Count;
use crate::encounter::party::{Member, Party};
use crate::rules::d20e3::Cr;
use crate::rules::level::Level;
use crate::rules::{Rank, Role};
use crate::xkeys::XKeys;
use crate::yaml_io::{KeepsXKeys, Seg};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The schema version of encounter and party files.
pub const ENCOUNTER_SCHEMA_VERSION: u32 = 1;

/// The `kind: encounter` that opens every encounter file; reading one refuses any other kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum EncounterKind {
    /// `kind: encounter`.
    #[default]
    Encounter,
}

impl<'de> Deserialize<'de> for EncounterKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::yaml_io::read_kind(d, "encounter", "an encounter", &[])
            .map(|()| EncounterKind::Encounter)
    }
}

crate::yaml_io::kind_schema!(EncounterKind, "encounter");

/// The forms of a file's `party:`, for every message that refuses one.
const PARTY_FORMS: &str =
    "a saved party's id, `{size: 4, level: 10}` or `{members: [{name: Ana, level: 3}]}`";

/// The party an encounter is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PartyRef {
    /// `{size: 4, level: 10}`
    Uniform {
        /// How many characters, 1 to [`MAX_PARTY_SIZE`](crate::encounter::party::MAX_PARTY_SIZE).
        size: usize,
        /// Every character's level, 1 to 30.
        level: Level,
    },
    /// `{members: [{name: Ana, level: 3}, ...]}`
    Members(Vec<Member>),
    /// The id of a saved party (`parties/<id>.yaml`).
    Saved(String),
}

impl PartyRef {
    /// How a file writes `p` inline: `{size, level}` when every character shares one level and has
    /// no name, no `xp:` and none of the numbers P11 keeps, else each member.
    pub fn from_party(p: &Party) -> PartyRef {
        match p.uniform_level() {
            Some(level) if p.members.iter().all(|m| *m == Member::new(m.level)) => {
                PartyRef::Uniform {
                    size: p.size(),
                    level,
                }
            }
            _ => PartyRef::Members(p.members.clone()),
        }
    }

    /// The inline party, or `None` for a saved one.
    pub fn inline(&self) -> Option<Party> {
        match self {
            PartyRef::Uniform { size, level } => Some(Party::uniform(*size, *level)),
            PartyRef::Members(m) => Some(Party { members: m.clone() }),
            PartyRef::Saved(_) => None,
        }
    }
}

impl Serialize for PartyRef {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            PartyRef::Saved(id) => s.serialize_str(id),
            PartyRef::Uniform { size, level } => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("size", size)?;
                m.serialize_entry("level", level)?;
                m.end()
            }
            PartyRef::Members(members) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("members", members)?;
                m.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for PartyRef {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = PartyRef;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(PARTY_FORMS)
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<PartyRef, E> {
                Ok(PartyRef::Saved(v.to_owned()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<PartyRef, A::Error> {
                use serde::de::Error;
                let (mut size, mut level, mut members) =
                    (None::<usize>, None::<Level>, None::<Vec<Member>>);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "size" => size = Some(map.next_value()?),
                        "level" => level = Some(map.next_value()?),
                        "members" => members = Some(map.next_value()?),
                        other => {
                            return Err(A::Error::custom(format!(
                                "unknown key `{other}` in `party`; a party is {PARTY_FORMS}"
                            )));
                        }
                    }
                }
                match (size, level, members) {
                    (None, None, Some(m)) => {
                        crate::encounter::party::check_size(m.len()).map_err(A::Error::custom)?;
                        Ok(PartyRef::Members(m))
                    }
                    (size, Some(level), None) => {
                        let size = size.unwrap_or(crate::rules::difficulty::DEFAULT_PARTY_SIZE);
                        crate::encounter::party::check_size(size).map_err(A::Error::custom)?;
                        Ok(PartyRef::Uniform { size, level })
                    }
                    (_, _, Some(_)) => Err(A::Error::custom(format!(
                        "a party has `members` or `size` and `level`, not both; a party is {PARTY_FORMS}"
                    ))),
                    (_, None, None) => Err(A::Error::custom(format!(
                        "a party needs `level` (and `size`, 4 if left out) or `members`; a party is {PARTY_FORMS}"
                    ))),
                }
            }
        }
        d.deserialize_any(V)
    }
}

impl schemars::JsonSchema for PartyRef {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "PartyRef".into()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        use crate::encounter::party::MAX_PARTY_SIZE;
        let level = generator.subschema_for::<Level>();
        let member = generator.subschema_for::<Member>();
        schemars::json_schema!({
            "description": "The party: a saved party's id, `{size: 4, level: 10}` or `{members: [{name: Ana, level: 3}]}`.",
            "oneOf": [
                {
                    "type": "string",
                    "description": "The id of a saved party (`parties/<id>.yaml`).",
                    "pattern": crate::monster::design::ID_PATTERN,
                    "maxLength": crate::text::MAX_NAME_CHARS,
                },
                {
                    "type": "object",
                    "properties": {
                        "size": { "type": "integer", "minimum": 1, "maximum": MAX_PARTY_SIZE },
                        "level": level,
                    },
                    "required": ["level"],
                    "additionalProperties": false,
                },
                {
                    "type": "object",
                    "properties": {
                        "members": {
                            "type": "array",
                            "items": member,
                            "minItems": 1,
                            "maxItems": MAX_PARTY_SIZE,
                        },
                    },
                    "required": ["members"],
                    "additionalProperties": false,
                },
            ],
        })
    }
}

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
        let rank = if self.rank == Rank::Standard {
            String::new()
        } else {
            format!("{} ", self.rank)
        };
        format!("Level {} {rank}{} (placeholder)", self.level, self.role)
    }

    /// "Level 12 Wrecker placeholder": the description where it stands in parentheses itself,
    /// beside a label.
    pub fn describe_beside_label(&self) -> String {
        self.describe().replace(" (placeholder)", " placeholder")
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

fn is_foe(s: &Side) -> bool {
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
    pub fn cr(cr: Cr, count: Count) -> Group {
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
    pub fn is_orcus(&self) -> bool {
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

/// An encounter file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(extend("patternProperties" = {"^x-": {}}), transform = crate::encounter::file::encounter_schema)]
pub struct Encounter {
    /// `kind: encounter`: what the file holds, for lairsmith and for an editor's schema.
    pub kind: EncounterKind,
    /// The version of the file format; lairsmith reads the version it writes and refuses any
    /// other.
    #[schemars(extend("const" = ENCOUNTER_SCHEMA_VERSION))]
    pub schema_version: u32,
    /// D1: which rules rate the encounter; Orcus unless the file says otherwise.
    #[serde(default, skip_serializing_if = "System::is_orcus")]
    pub system: System,
    /// The encounter's name as the GM typed it; the title of its report and of its sheet.
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub name: String,
    /// Who the encounter is for: a saved party's id (read when the encounter is rated, so levelling
    /// the party up carries over), `{size, level}` or `{members: [...]}`.
    pub party: PartyRef,
    /// D5: a 3rd-edition encounter's circumstance (half, less, more, twice).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub circumstance: Option<crate::rules::d20e3::Circumstance>,
    /// The groups, in the order the roster and the sheets print them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::GROUPS.max))]
    pub groups: Vec<Group>,
    /// The user's own text: lairsmith never writes into it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// How the generator last filled the roster; every generation replaces it. Boxed, as most
    /// encounters have none and the UI passes encounters around by value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated: Option<Box<Generation>>,
    /// The file's own top-level `x-` keys, kept as they were and written back on save.
    #[serde(flatten, skip_deserializing)]
    pub extra: XKeys,
}

/// The record of one generation: what was asked for and whether the band was reached, so that
/// the same request (with the same bestiary) gives the same encounter again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(extend("patternProperties" = {"^x-": {}}))]
pub struct Generation {
    /// The seed of the generator's rolls: the same seed, request and bestiary give the same roster.
    pub seed: u64,
    /// The difficulty band aimed for (E3, lairsmith's own reading).
    #[schemars(
        schema_with = "crate::vocab::vocabulary_of::<crate::rules::difficulty::Difficulty>"
    )]
    pub difficulty: crate::rules::difficulty::Difficulty,
    /// The fuzzy query the monsters had to match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    /// The field filters, in words ([`crate::bestiary::Filter::describe`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filters: Option<String>,
    /// The groups kept as they were (monster ids and placeholders).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::GROUPS.max))]
    pub locked: Vec<String>,
    /// The most monsters asked for (`--max-monsters`), 1 to 200.
    #[serde(deserialize_with = "crate::limits::bounded::<crate::limits::GeneratedMonsters, _, _>")]
    #[schemars(schema_with = "crate::limits::bounded_schema::<crate::limits::GeneratedMonsters>")]
    pub max_monsters: u32,
    /// The most bosses asked for (`--max-bosses`), 0 to 200.
    #[serde(deserialize_with = "crate::limits::bounded::<crate::limits::GeneratedOfAKind, _, _>")]
    #[schemars(schema_with = "crate::limits::bounded_schema::<crate::limits::GeneratedOfAKind>")]
    pub max_bosses: u32,
    /// The most leaders asked for (`--max-leaders`), 0 to 200.
    #[serde(deserialize_with = "crate::limits::bounded::<crate::limits::GeneratedOfAKind, _, _>")]
    #[schemars(schema_with = "crate::limits::bounded_schema::<crate::limits::GeneratedOfAKind>")]
    pub max_leaders: u32,
    /// Whether the encounter reached the band; when not, the closest found was kept.
    pub met: bool,
    /// The groups as generated, so a sheet can say what was changed by hand since. Files saved
    /// before lairsmith kept it have none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roster: Vec<GeneratedGroup>,
    /// The record's own `x-` keys, kept as they were and written back on save.
    #[serde(flatten, skip_deserializing)]
    pub extra: XKeys,
}

/// One group as the generator left it: its key ([`Group::key`]), how many, which side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct GeneratedGroup {
    /// The group's key as the command line names a group (a monster id, a placeholder spec),
    /// by which the groups of then and of now are compared.
    pub group: String,
    /// How many the generator put in the group.
    pub count: Count,
    /// The group's side; foe unless written.
    #[serde(default, skip_serializing_if = "is_foe")]
    pub side: Side,
}

impl GeneratedGroup {
    /// The record of the group `g` as it stands.
    pub fn of(g: &Group) -> GeneratedGroup {
        GeneratedGroup {
            group: g.key(),
            count: g.count,
            side: g.side,
        }
    }
}

impl Generation {
    /// The record in a sentence or two, for the sheet.
    pub fn describe(&self) -> String {
        use crate::rules::difficulty::an_encounter;
        let mut s = format!(
            "Generated by lairsmith as {} (seed {})",
            an_encounter(self.difficulty),
            self.seed
        );
        if let Some(q) = &self.query {
            s.push_str(&format!(", matching \"{q}\""));
        }
        if let Some(f) = &self.filters {
            s.push_str(&format!(", {f}"));
        }
        if !self.locked.is_empty() {
            s.push_str(&format!(", keeping {}", self.locked.join(", ")));
        }
        let plural =
            |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        s.push_str(&format!(
            "; at most {}, {} and {}.",
            plural(self.max_monsters, "monster", "monsters"),
            plural(self.max_bosses, "boss", "bosses"),
            plural(self.max_leaders, "leader", "leaders"),
        ));
        s.push_str(if self.met {
            " It reached the band."
        } else {
            " It could not reach the band; this is the closest found."
        });
        s
    }
}

/// Counts by group key and side, in the order first met.
fn tally<'a>(groups: impl Iterator<Item = (&'a str, Side, u32)>) -> Vec<((&'a str, Side), i64)> {
    let mut out: Vec<((&str, Side), i64)> = Vec::new();
    for (key, side, n) in groups {
        match out.iter_mut().find(|(k, _)| *k == (key, side)) {
            Some((_, c)) => *c += i64::from(n),
            None => out.push(((key, side), i64::from(n))),
        }
    }
    out
}

impl Encounter {
    /// The `generated` record in words for the sheet, with what was changed by hand since:
    /// the groups now are compared with the groups as generated.
    pub fn generated_note(&self) -> Option<String> {
        let g = self.generated.as_ref()?;
        let mut s = g.describe();
        if g.roster.is_empty() {
            s.push_str(" The record was saved without the generated groups, so it cannot say whether groups were added or removed by hand since.");
            return Some(s);
        }
        let then = tally(
            g.roster
                .iter()
                .map(|x| (x.group.as_str(), x.side, x.count.get())),
        );
        let keys: Vec<String> = self.groups.iter().map(Group::key).collect();
        let now = tally(
            self.groups
                .iter()
                .zip(&keys)
                .map(|(x, k)| (k.as_str(), x.side, x.count.get())),
        );
        let count_in = |list: &[((&str, Side), i64)], k: (&str, Side)| {
            list.iter().find(|(x, _)| *x == k).map_or(0, |(_, n)| *n)
        };
        let mut order: Vec<(&str, Side)> = then.iter().map(|(k, _)| *k).collect();
        order.extend(
            now.iter()
                .map(|(k, _)| *k)
                .filter(|k| count_in(&then, *k) == 0),
        );
        let mut added = Vec::new();
        let mut removed = Vec::new();
        for k in order {
            let d = count_in(&now, k) - count_in(&then, k);
            let ally = if k.1 == Side::Ally { " (ally)" } else { "" };
            let what = format!("{} × {}{ally}", d.abs(), k.0);
            match d.cmp(&0) {
                std::cmp::Ordering::Greater => added.push(what),
                std::cmp::Ordering::Less => removed.push(what),
                std::cmp::Ordering::Equal => {}
            }
        }
        let mut changes = Vec::new();
        if !added.is_empty() {
            changes.push(format!("added {}", added.join(", ")));
        }
        if !removed.is_empty() {
            changes.push(format!("removed {}", removed.join(", ")));
        }
        if !changes.is_empty() {
            s.push_str(&format!(" Changed by hand since: {}.", changes.join("; ")));
        }
        Some(s)
    }
}

impl KeepsXKeys for Encounter {
    fn x_keys_at(&mut self, path: &[Seg]) -> Option<&mut XKeys> {
        match path {
            [] => Some(&mut self.extra),
            [Seg::Key(k)] if k == "generated" => self.generated.as_mut().map(|g| &mut g.extra),
            [Seg::Key(k), Seg::Index(i)] if k == "groups" => {
                self.groups.get_mut(*i).map(|g| &mut g.extra)
            }
            _ => None,
        }
    }
}

impl Encounter {
    /// A new Orcus encounter named `name` for `party`, written inline, with no groups, no notes and
    /// no record of a generation.
    pub fn new(name: &str, party: &Party) -> Encounter {
        Encounter {
            kind: EncounterKind::Encounter,
            schema_version: ENCOUNTER_SCHEMA_VERSION,
            system: System::Orcus,
            name: name.to_owned(),
            party: PartyRef::from_party(party),
            circumstance: None,
            groups: Vec::new(),
            notes: None,
            generated: None,
            extra: XKeys::default(),
        }
    }

    /// Takes the roster and the generation record of `generated`, a newly generated encounter,
    /// keeping this encounter's name, party and notes.
    pub fn adopt_generated(&mut self, generated: &Encounter) {
        self.groups = generated.groups.clone();
        self.generated = generated.generated.clone();
    }

    /// Adds `count` more of a monster or placeholder, merging with a like group (the same foe,
    /// side, label and notes).
    /// Refuses (changing nothing) when the merged group would pass [`MAX_GROUP_COUNT`](crate::encounter::MAX_GROUP_COUNT).
    pub fn add(&mut self, group: Group) -> Result<(), GroupError> {
        if let Some(problem) = group_problem(self, &group, self.groups.len()) {
            return Err(GroupError::Refused(problem.replacen(
                &format!("group {} ", self.groups.len() + 1),
                "this group ",
                1,
            )));
        }
        if let Some(c) = &group.challenge {
            // A challenge is removed by its name, so two may not share one.
            if let Some(same) = self
                .groups
                .iter()
                .filter_map(|g| g.challenge.as_ref())
                .find(|x| x.is_named(&c.name))
            {
                return Err(GroupError::DuplicateChallenge {
                    name: same.name.clone(),
                });
            }
            self.make_room()?;
            self.groups.push(group);
            return Ok(());
        }
        if let Some(g) = self.groups.iter_mut().find(|g| {
            g.challenge.is_none()
                && g.monster == group.monster
                && g.placeholder == group.placeholder
                && g.cr == group.cr
                && g.class_levels == group.class_levels
                && g.character == group.character
                && g.npc == group.npc
                && g.side == group.side
                && g.label == group.label
                && g.notes == group.notes
        }) {
            g.count = g.count.plus(group.count)?;
        } else {
            self.make_room()?;
            self.groups.push(group);
        }
        Ok(())
    }

    /// The one group `which` names, as the command line names groups: `#N` (the Nth), a
    /// group's key (a monster id, `placeholder:5:standard:wrecker`, `cr:3`), a challenge's name
    /// or a group's label. Refused, saying what the encounter has, when it names none or
    /// several.
    pub fn group_index(&self, which: &str) -> Result<usize, GroupError> {
        if which.starts_with('#') {
            return self.group_number(which);
        }
        let key = Placeholder::parse(which)
            .map(|p| p.to_string())
            .unwrap_or_else(|_| which.to_owned());
        let hits: Vec<usize> = (0..self.groups.len())
            .filter(|&i| {
                let g = &self.groups[i];
                g.key() == key
                    || g.label.as_deref() == Some(which)
                    || g.challenge.as_ref().is_some_and(|c| c.is_named(which))
            })
            .collect();
        match hits.as_slice() {
            [i] => Ok(*i),
            [] => Err(GroupError::NoSuchGroup {
                which: which.to_owned(),
                groups: self.numbered_groups(),
            }),
            many => Err(GroupError::Ambiguous {
                which: which.to_owned(),
                hits: many.to_vec(),
            }),
        }
    }

    /// The index of group `#N` (counted from 1), or why there is none.
    pub fn group_number(&self, which: &str) -> Result<usize, GroupError> {
        let n = which.strip_prefix('#').unwrap_or(which);
        let i: usize = n.parse().map_err(|_| GroupError::NotAGroupNumber {
            which: which.to_owned(),
        })?;
        if i == 0 || i > self.groups.len() {
            return Err(GroupError::NoGroupNumber {
                which: which.to_owned(),
                n: self.groups.len(),
            });
        }
        Ok(i - 1)
    }

    /// "#1 goblin-cutter, #2 placeholder:5:standard:wrecker": each group by number and key.
    fn numbered_groups(&self) -> String {
        if self.groups.is_empty() {
            return "no groups yet".to_owned();
        }
        self.groups
            .iter()
            .enumerate()
            .map(|(i, g)| match &g.label {
                Some(l) => format!("#{} {} ({l})", i + 1, g.key()),
                None => format!("#{} {}", i + 1, g.key()),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// `Ok` while a group more fits ([`crate::limits::GROUPS`]).
    fn make_room(&self) -> Result<(), GroupError> {
        let most = crate::limits::GROUPS.max;
        if self.groups.len() < most {
            Ok(())
        } else {
            Err(GroupError::Full {
                n: self.groups.len(),
            })
        }
    }
}

/// Parses an encounter file and checks what serde cannot.
pub fn parse_encounter(
    text: &str,
    path: &std::path::Path,
) -> Result<Encounter, crate::yaml_io::FileError> {
    use crate::yaml_io::{FileError, locate_key};
    let e: Encounter = crate::yaml_io::parse(text, path)?;
    if e.schema_version != ENCOUNTER_SCHEMA_VERSION {
        return Err(FileError::new(
            path,
            format!(
                "schema_version {} is not supported; this lairsmith reads {ENCOUNTER_SCHEMA_VERSION}",
                e.schema_version
            ),
        ));
    }
    check_texts(&e).map_err(|r| r.in_file(text, path))?;
    let groups = crate::limits::GROUPS;
    for (list, n) in [
        ("groups", e.groups.len()),
        (
            "generated.locked",
            e.generated.as_ref().map_or(0, |g| g.locked.len()),
        ),
        (
            "generated.roster",
            e.generated.as_ref().map_or(0, |g| g.roster.len()),
        ),
    ] {
        if let Err(m) = groups.check(n, "an encounter") {
            let at: Vec<Seg> = list.split('.').map(|k| Seg::Key(k.into())).collect();
            return Err(crate::yaml_io::Refused::new(at, m).in_file(text, path));
        }
    }
    for (i, g) in e.groups.iter().enumerate() {
        let at = |msg: String| {
            let (l, c) =
                locate_key(text, &[Seg::Key("groups".into()), Seg::Index(i)]).unwrap_or((1, 1));
            FileError::new(path, msg).at(l, c)
        };
        if let Some(msg) = group_problem(&e, g, i) {
            return Err(at(msg));
        }
    }
    if e.system == System::Orcus && e.circumstance.is_some() {
        let (l, c) = locate_key(text, &[Seg::Key("circumstance".into())]).unwrap_or((1, 1));
        return Err(FileError::new(
            path,
            "`circumstance` belongs to 3rd-edition encounters (`system: d20-3e`); this file is an Orcus encounter",
        )
        .at(l, c));
    }
    if e.system == System::D20e3 {
        let party = match &e.party {
            PartyRef::Saved(_) => None,
            other => other.inline(),
        };
        if let Some(p) = party
            && let Some(m) = p
                .members
                .iter()
                .find(|m| m.level.get() > crate::rules::d20e3::MAX_LEVEL)
        {
            let (l, c) = locate_key(text, &[Seg::Key("party".into())]).unwrap_or((1, 1));
            return Err(FileError::new(
                path,
                format!(
                    "a character of level {} is outside the 3rd-edition table's party levels, {} to {} (this is a `system: d20-3e` encounter)",
                    m.level,
                    crate::rules::d20e3::MIN_LEVEL,
                    crate::rules::d20e3::MAX_LEVEL
                ),
            )
            .at(l, c));
        }
    }
    Ok(e)
}

/// What is wrong with a group for its encounter's system (D1), if anything.
fn group_problem(e: &Encounter, g: &Group, i: usize) -> Option<String> {
    let n = i + 1;
    if g.challenge.is_some() {
        return challenge_problem(e, g, n);
    }
    if let Some(problem) = class_problem(e, g, n) {
        return Some(problem);
    }
    // D7: a character or an NPC rates the group as a `cr:` does.
    let rated = g.cr.or_else(|| g.challenge_rating());
    match (e.system, &g.monster, &g.placeholder, &rated) {
        (System::Orcus, _, _, Some(cr)) => Some(format!(
            "group {n} rates a foe by challenge rating (`cr: {cr}`), which belongs in a 3rd-edition encounter; this file is an Orcus encounter (add `system: d20-3e` at the top to make it a 3rd-edition one)"
        )),
        (System::D20e3, Some(id), _, _) => Some(format!(
            "group {n} names the Orcus monster `{id}`, but this file is a 3rd-edition encounter (`system: d20-3e`), whose groups are `cr: N` (1 to 20, 1/2, 1/3, 1/4, 1/6, 1/8)"
        )),
        (System::D20e3, None, Some(_), _) => Some(format!(
            "group {n} is an Orcus placeholder, but this file is a 3rd-edition encounter (`system: d20-3e`), whose groups are `cr: N` (1 to 20, 1/2, 1/3, 1/4, 1/6, 1/8)"
        )),
        (System::D20e3, None, None, None) => Some(format!(
            "group {n} needs `cr: N` (1 to 20, 1/2, 1/3, 1/4, 1/6, 1/8), `character: N` or `npc: N` (class levels 1 to 20)"
        )),
        (System::Orcus, Some(_), Some(_), _) => Some(format!(
            "group {n} names both a monster and a placeholder; keep one"
        )),
        (System::Orcus, None, None, None) => Some(format!(
            "group {n} needs `monster: <id>` or `placeholder: {{level, rank, role}}` (or `challenge: {{name, successes}}`)"
        )),
        _ => None,
    }
}

/// What is wrong with a group's character, NPC or class levels (D7), if anything: they rate
/// 3rd-edition foes, a group is one kind of foe, and the CR they give must be in the table.
fn class_problem(e: &Encounter, g: &Group, n: usize) -> Option<String> {
    let named: Vec<&str> = [
        g.character.map(|_| "`character`"),
        g.npc.map(|_| "`npc`"),
        g.class_levels.map(|_| "`class_levels`"),
    ]
    .into_iter()
    .flatten()
    .collect();
    let first = named.first()?;
    if e.system == System::Orcus {
        return Some(format!(
            "group {n} has {first}, which rates a foe of a 3rd-edition encounter (D7); this file is an Orcus encounter (add `system: d20-3e` at the top to make it a 3rd-edition one)"
        ));
    }
    let kinds: Vec<&str> = [
        g.monster.as_ref().map(|_| "`monster`"),
        g.placeholder.as_ref().map(|_| "`placeholder`"),
        g.cr.as_ref().map(|_| "`cr`"),
        g.character.map(|_| "`character`"),
        g.npc.map(|_| "`npc`"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if kinds.len() > 1 {
        return Some(format!(
            "group {n} is both a {} and a {}; a 3rd-edition group is one of `cr: N`, `character: N` or `npc: N` (a monster with classes is `cr: N` with `class_levels: L`)",
            kinds[0], kinds[1]
        ));
    }
    if let Some(levels) = g.class_levels {
        let Some(cr) = g.cr else {
            return Some(format!(
                "group {n} has `class_levels: {levels}` without `cr:`; class levels add to a monster's CR (`cr: 3` with `class_levels: 2` is CR 5), and a character is `character: N`"
            ));
        };
        if let Err(e) = crate::rules::d20e3::with_class_levels(cr, levels) {
            return Some(format!("group {n}: {e}"));
        }
    }
    None
}

/// Reads a class level (D7), refusing a value outside 1 to 20 at its own line and column.
fn de_class_level<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    struct V;
    impl serde::de::Visitor<'_> for V {
        type Value = Option<u8>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(
                f,
                "a class level from {} to {}",
                crate::rules::d20e3::MIN_CLASS_LEVEL,
                crate::rules::d20e3::MAX_CLASS_LEVEL
            )
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Option<u8>, E> {
            Ok(None)
        }
        fn visit_none<E: serde::de::Error>(self) -> Result<Option<u8>, E> {
            Ok(None)
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Option<u8>, E> {
            use crate::rules::d20e3::{MAX_CLASS_LEVEL, MIN_CLASS_LEVEL};
            u8::try_from(v)
                .ok()
                .filter(|l| (MIN_CLASS_LEVEL..=MAX_CLASS_LEVEL).contains(l))
                .map(Some)
                .ok_or_else(|| {
                    E::custom(format!(
                        "class level {v} is outside {MIN_CLASS_LEVEL} to {MAX_CLASS_LEVEL}, the levels the Experience Point Awards table rates"
                    ))
                })
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Option<u8>, E> {
            self.visit_i64(i64::try_from(v).unwrap_or(i64::MAX))
        }
    }
    d.deserialize_any(V)
}

/// What is wrong with a challenge group (A2), if anything: a group is exactly one of monster,
/// placeholder, cr or challenge, a challenge is run once, and it is an Orcus rule.
fn challenge_problem(e: &Encounter, g: &Group, n: usize) -> Option<String> {
    let other = [
        g.monster.as_ref().map(|_| "`monster`"),
        g.placeholder.as_ref().map(|_| "`placeholder`"),
        g.cr.as_ref().map(|_| "`cr`"),
        g.character.map(|_| "`character`"),
        g.npc.map(|_| "`npc`"),
    ];
    if let Some(other) = other.into_iter().flatten().next() {
        return Some(format!(
            "group {n} is both a challenge and a {other}; a group is exactly one of `monster`, `placeholder`, `cr` or `challenge` (put the challenge in a group of its own)"
        ));
    }
    if e.system == System::D20e3 {
        return Some(format!(
            "group {n} is an extended challenge, which is an Orcus rule (Extended Challenges; its XP is counted in Standard monsters of the Monster XP table, lairsmith's own reading A2); this file is a 3rd-edition encounter (`system: d20-3e`)"
        ));
    }
    if g.count != Count::ONE {
        return Some(format!(
            "group {n} is a challenge with `count: {}`; a challenge is run once (add another challenge with its own name to run two)",
            g.count
        ));
    }
    if g.side == Side::Ally {
        return Some(format!(
            "group {n} is a challenge on the party's side; a challenge is something the party overcomes, so remove `side: ally`"
        ));
    }
    if g.label.is_some() {
        return Some(format!(
            "group {n} is a challenge with a group `name`/`label`; a challenge is named inside `challenge:` (`challenge: {{name: ...}}`)"
        ));
    }
    None
}

/// Checks the names, labels and ids an encounter holds: names and labels are printable, one
/// line and at most [`crate::text::MAX_NAME_CHARS`] characters; ids are slugs, since a saved
/// party's id becomes a path and a monster id is printed and looked up.
fn check_texts(e: &Encounter) -> Result<(), crate::yaml_io::Refused> {
    use crate::monster::design::check_id;
    use crate::yaml_io::{Refused, check_name_at, key};
    check_name_at(vec![key("name")], "the encounter's name", &e.name)?;
    match &e.party {
        PartyRef::Saved(id) => {
            check_id(id).map_err(|m| Refused::new(vec![key("party")], format!("the party: {m}")))?
        }
        PartyRef::Members(members) => {
            check_members(&members[..], vec![key("party"), key("members")])?
        }
        PartyRef::Uniform { .. } => {}
    }
    for (i, g) in e.groups.iter().enumerate() {
        let at = |k: &str| vec![key("groups"), Seg::Index(i), key(k)];
        if let Some(id) = &g.monster {
            check_id(id)
                .map_err(|m| Refused::new(at("monster"), format!("group {}: {m}", i + 1)))?;
        }
        if let Some(label) = &g.label {
            check_name_at(at("label"), &format!("the label of group {}", i + 1), label)?;
        }
        if let Some(notes) = &g.notes {
            crate::limits::GROUP_NOTES
                .check(notes)
                .map_err(|m| Refused::new(at("notes"), format!("group {}: {m}", i + 1)))?;
        }
        if let Some(c) = &g.challenge {
            let mut here = at("challenge");
            here.push(key("name"));
            check_name_at(
                here,
                &format!("the name of the challenge in group {}", i + 1),
                &c.name,
            )?;
        }
    }
    Ok(())
}

/// Checks party members' names, their XP within their level (A1) and the rules between their
/// numbers (P11, P20: current HP at most the maximum, recoveries left at most the recoveries a
/// day), `at` being where the list sits in the document. Party files, and encounters' and
/// adventures' inline parties, are checked alike.
pub(crate) fn check_members(
    members: &[Member],
    at: Vec<Seg>,
) -> Result<(), crate::yaml_io::Refused> {
    for (i, m) in members.iter().enumerate() {
        if let Some(name) = &m.name {
            let mut here = at.clone();
            here.extend([Seg::Index(i), crate::yaml_io::key("name")]);
            crate::yaml_io::check_name_at(
                here,
                &format!("the name of party member {}", i + 1),
                name,
            )?;
        }
        if let Some(xp) = m.xp {
            let who = m
                .name
                .clone()
                .unwrap_or_else(|| format!("party member {}", i + 1));
            let mut here = at.clone();
            here.push(Seg::Index(i));
            crate::rules::experience::check_xp(&who, m.level, xp)
                .map_err(|e| crate::yaml_io::Refused::new(here, e))?;
        }
        let who = m
            .name
            .clone()
            .unwrap_or_else(|| format!("party member {}", i + 1));
        m.check_ranges().map_err(|(k, e)| {
            let mut here = at.clone();
            here.extend([Seg::Index(i), crate::yaml_io::key(k)]);
            crate::yaml_io::Refused::new(here, e.to_string())
        })?;
        m.check_numbers(&who).map_err(|e| {
            let mut here = at.clone();
            here.extend([Seg::Index(i), crate::yaml_io::key(e.key())]);
            crate::yaml_io::Refused::new(here, e.to_string())
        })?;
    }
    Ok(())
}

/// Parses a saved party file.
pub fn parse_party(
    text: &str,
    path: &std::path::Path,
) -> Result<crate::encounter::party::PartyFile, crate::yaml_io::FileError> {
    let p: crate::encounter::party::PartyFile = crate::yaml_io::parse(text, path)?;
    if p.schema_version != crate::encounter::party::PARTY_SCHEMA_VERSION {
        return Err(crate::yaml_io::FileError::new(
            path,
            format!("schema_version {} is not supported", p.schema_version),
        ));
    }
    if let Err(why) = crate::encounter::party::check_size(p.members.len()) {
        let (line, column) =
            crate::yaml_io::locate_key(text, &[Seg::Key("members".into())]).unwrap_or((1, 1));
        return Err(crate::yaml_io::FileError::new(path, why).at(line, column));
    }
    crate::yaml_io::check_name_at(
        vec![crate::yaml_io::key("name")],
        "the party's name",
        &p.name,
    )
    .and_then(|()| check_members(&p.members, vec![crate::yaml_io::key("members")]))
    .and_then(|()| {
        crate::limits::ENCOUNTERS_SINCE_REST
            .check(i64::from(p.encounters_since_rest))
            .map(drop)
            .map_err(|e| {
                crate::yaml_io::Refused::new(
                    vec![crate::yaml_io::key("encounters_since_rest")],
                    e.to_string(),
                )
            })
    })
    .and_then(|()| check_played(&p.played, vec![crate::yaml_io::key("played")]))
    .map_err(|r| r.in_file(text, path))?;
    Ok(p)
}

/// A party's record of the fights whose XP it got: at most [`crate::limits::PLAYED`], each
/// naming a fight and an encounter by id.
pub(crate) fn check_played(
    played: &[crate::encounter::party::Played],
    at: Vec<Seg>,
) -> Result<(), crate::yaml_io::Refused> {
    crate::limits::PLAYED
        .check(played.len(), "a party's record")
        .map_err(|m| crate::yaml_io::Refused::new(at.clone(), m))?;
    for (i, p) in played.iter().enumerate() {
        let mut here = at.clone();
        here.push(Seg::Index(i));
        for (k, v) in [
            ("fight", &p.fight),
            ("id", &p.id),
            ("encounter", &p.encounter),
        ] {
            let mut there = here.clone();
            there.push(crate::yaml_io::key(k));
            crate::yaml_io::check_name_at(there, "a played fight's key", v)?;
        }
        let mut there = here.clone();
        there.push(crate::yaml_io::key("on"));
        crate::yaml_io::check_name_at(there, "a played fight's day", &p.on)?;
    }
    Ok(())
}

/// What an encounter group's schema adds to the derive: `name:` read as `label:` (D1, a serde
/// alias the derive does not see), and a group is exactly one of a monster, a placeholder, a
/// CR, a character, an NPC or a challenge (D7).
pub(crate) fn group_schema(schema: &mut schemars::Schema) {
    let Some(obj) = schema.as_object_mut() else {
        return;
    };
    if let Some(props) = obj
        .get_mut("properties")
        .and_then(serde_json::Value::as_object_mut)
        && let Some(label) = props.get("label").cloned()
    {
        props.insert("name".into(), label);
    }
    // D7: a character or an NPC is a group's one kind of foe; class levels go with a `cr:`.
    obj.insert(
        "dependentRequired".into(),
        serde_json::json!({ "class_levels": ["cr"] }),
    );
    let one_of: Vec<serde_json::Value> = ["monster", "placeholder", "cr", "character", "npc", "challenge"]
        .iter()
        // A key written `~` is read as absent, so it does not count as the group's one.
        .map(|k| serde_json::json!({ "required": [k], "properties": { *k: { "not": { "type": "null" } } } }))
        .collect();
    obj.insert("oneOf".into(), one_of.into());
    // `label` and its alias `name` both given are one field given twice.
    obj.insert(
        "not".into(),
        serde_json::json!({ "required": ["label", "name"] }),
    );
    // A challenge is run once, by the party's foes, and named inside `challenge:` (A2).
    let ally = crate::vocab::pattern::vocabulary_value(Side::Ally);
    obj.insert(
        "if".into(),
        serde_json::json!({ "required": ["challenge"], "properties": { "challenge": { "type": "object" } } }),
    );
    obj.insert(
        "then".into(),
        serde_json::json!({
            "properties": {
                "count": { "const": 1 },
                "side": { "not": { "type": "string", "pattern": ally } },
                "label": { "type": "null" },
                "name": { "type": "null" },
            },
        }),
    );
}

/// What an encounter's schema adds to the derive: the rules of its `system:` (D1). A
/// 3rd-edition encounter's groups are `cr:`, `character:` or `npc:` groups (D7) and its
/// characters of levels up to the table's; an Orcus encounter has none of those and no
/// `circumstance:`.
pub(crate) fn encounter_schema(schema: &mut schemars::Schema) {
    let d20e3 = crate::vocab::pattern::vocabulary_value(System::D20e3);
    let most = crate::rules::d20e3::MAX_LEVEL;
    let d20e3_foes: Vec<serde_json::Value> = ["cr", "character", "npc"]
        .iter()
        .map(|k| serde_json::json!({ "required": [k], "properties": { *k: { "not": { "type": "null" } } } }))
        .collect();
    schema.insert(
        "if".into(),
        serde_json::json!({
            "required": ["system"],
            "properties": { "system": { "type": "string", "pattern": d20e3 } },
        }),
    );
    schema.insert(
        "then".into(),
        serde_json::json!({
            "properties": {
                // D7: a 3rd-edition foe is rated by `cr:`, or is a character or an NPC of a
                // class level.
                "groups": {
                    "items": {
                        "anyOf": d20e3_foes,
                    },
                },
                "party": {
                    "properties": {
                        "level": { "maximum": most },
                        "members": { "items": { "properties": { "level": { "maximum": most } } } },
                    },
                },
            },
        }),
    );
    schema.insert(
        "else".into(),
        serde_json::json!({
            "properties": {
                "circumstance": { "type": "null" },
                "groups": {
                    "items": {
                        "properties": {
                            "cr": { "type": "null" },
                            "character": { "type": "null" },
                            "npc": { "type": "null" },
                            "class_levels": { "type": "null" },
                        },
                    },
                },
            },
        }),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callers_can_tell_the_kinds_of_group_error_apart() {
        let mut e = Encounter::new("Ambush", &Party::parse("4x3").unwrap());
        e.system = System::D20e3;
        assert!(matches!(
            Placeholder::parse("5:standard"),
            Err(GroupError::NotAPlaceholder { .. })
        ));
        assert!(matches!(
            Group::d20e3("cr:19+2", Count::ONE),
            Err(GroupError::D20e3(
                crate::rules::d20e3::D20e3Error::PastTable { cr: 19, levels: 2 }
            ))
        ));
        e.add(Group::cr(Cr::Whole(3), Count::MAX)).unwrap();
        assert_eq!(
            e.add(Group::cr(Cr::Whole(3), Count::ONE)),
            Err(GroupError::Count(
                crate::encounter::count::CountError::SumTooLarge { total: 1000 }
            ))
        );
        assert_eq!(
            e.group_number("#4"),
            Err(GroupError::NoGroupNumber {
                which: "#4".to_owned(),
                n: 1
            })
        );
        assert_eq!(
            e.group_number("#4").unwrap_err().to_string(),
            "there is no group #4; the encounter has 1 group"
        );
    }
}
