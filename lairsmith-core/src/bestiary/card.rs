//! What lists, filters, sorts and budgets need of a monster, without its design: a bestiary of
//! a hundred thousand monsters keeps these and reads a design from its file only when one is
//! previewed, shown or derived.

use crate::monster::MonsterDesign;
use crate::rules::{CreatureType, Level, Rank, Role, Size, Source, Tag};
use crate::vocab::Vocabulary;
use std::borrow::Cow;

/// How a monster looks to the balance lint, in one glance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// No lint finding and no override.
    Clean = 0,
    /// Warnings, or hand-set overrides.
    Warnings = 1,
    /// Lint errors: a design that is not playable or not in the book's vocabulary.
    Errors = 2,
}

/// A monster as a list sees it: its identity, its classification, its XP after any override
/// and the lint's verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// The monster's id, a slug of lower-case letters, digits and hyphens: the name of its file
    /// and of its exports, and how encounters name it.
    pub id: String,
    /// The monster's name as the GM typed it; shown as the stat block's title.
    pub name: String,
    /// The monster's level, 1 to 30.
    pub level: Level,
    /// Its rank: mook, standard, elite or boss.
    pub rank: Rank,
    /// Its role.
    pub role: Role,
    /// Whether it is a leader (a flag on its role).
    pub leader: bool,
    /// Its size.
    pub size: Size,
    /// Its source (natural, elemental, fey, ...).
    pub source: Source,
    /// Its type (`type:` in the file).
    pub creature_type: CreatureType,
    /// Its tags, in the file's order.
    pub tags: Vec<Tag>,
    /// XP after any override.
    pub xp: i64,
    /// The balance lint's verdict.
    pub mark: Mark,
    /// The design sets numbers by hand (the list says "overrides" rather than "lint warnings").
    pub overrides: bool,
    /// The design names monster templates: its XP and mark depend on the template library.
    pub templated: bool,
}

impl Card {
    /// The card of `design`, with the XP and lint verdict of its derived stat block.
    pub fn of(design: &MonsterDesign, xp: i64, mark: Mark) -> Card {
        Card {
            id: design.id.clone(),
            name: design.name.clone(),
            level: design.level,
            rank: design.rank,
            role: design.role,
            leader: design.leader,
            size: design.size,
            source: design.source,
            creature_type: design.creature_type,
            tags: design.tags.clone(),
            xp,
            mark,
            overrides: !design.overrides.is_empty(),
            templated: !design.templates.is_empty(),
        }
    }

    /// Whether the card could belong to a monster file lairsmith reads: the same id and name
    /// rules as [`MonsterDesign::check`], and an XP a file can give. A card read from the index that fails them is read
    /// again from its file.
    pub(crate) fn is_well_formed(&self) -> bool {
        crate::monster::design::check_id(&self.id).is_ok()
            && crate::text::check_name("the name", &self.name).is_ok()
            // Every XP a file can give lies in the XP override's range (the table's is inside).
            && crate::limits::XP_OVERRIDE.contains(self.xp)
    }

    /// The card as one compact row of the bestiary index: each closed word as its place in its
    /// vocabulary, and the id left empty when it is the file's stem (as it is for every monster
    /// lairsmith saves).
    pub(crate) fn row(&self, stem: &str) -> CardRow<'_> {
        CardRow {
            id: if self.id == stem { "" } else { &self.id },
            name: &self.name,
            level: self.level.get(),
            rank: place(self.rank),
            role: place(self.role),
            leader: self.leader,
            size: place(self.size),
            source: place(self.source),
            creature_type: place(self.creature_type),
            tags: Cow::Owned(self.tags.iter().map(|t| place(*t)).collect()),
            xp: self.xp,
            mark: self.mark as u8,
            overrides: self.overrides,
            templated: self.templated,
        }
    }

    /// The card a row of the index holds for the file with this stem, if the row is one a
    /// monster file could give (see [`Card::is_well_formed`]).
    pub(crate) fn from_row(row: &CardRow<'_>, stem: &str) -> Option<Card> {
        let card = Card {
            id: if row.id.is_empty() { stem } else { row.id }.to_owned(),
            name: row.name.to_owned(),
            level: Level::new(i64::from(row.level)).ok()?,
            rank: word(row.rank)?,
            role: word(row.role)?,
            leader: row.leader,
            size: word(row.size)?,
            source: word(row.source)?,
            creature_type: word(row.creature_type)?,
            tags: row.tags.iter().map(|t| word(*t)).collect::<Option<_>>()?,
            xp: row.xp,
            mark: [Mark::Clean, Mark::Warnings, Mark::Errors]
                .get(usize::from(row.mark))
                .copied()?,
            overrides: row.overrides,
            templated: row.templated,
        };
        card.is_well_formed().then_some(card)
    }
}

/// A closed word's place in its vocabulary.
fn place<V: Vocabulary + PartialEq>(v: V) -> u8 {
    V::ALL
        .iter()
        .position(|x| *x == v)
        .and_then(|i| u8::try_from(i).ok())
        .unwrap_or(u8::MAX)
}

/// The word at a place in its vocabulary, if there is one.
fn word<V: Vocabulary + Copy>(i: u8) -> Option<V> {
    V::ALL.get(usize::from(i)).copied()
}

/// [`Card`] as the index stores it (see `Card::row`): read in place from the index's bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardRow<'a> {
    /// Empty when the id is the file's stem.
    pub id: &'a str,
    /// The monster's name.
    pub name: &'a str,
    /// The level, 1 to 30.
    pub level: u8,
    /// The rank's place in [`Rank`]'s vocabulary.
    pub rank: u8,
    /// The role's place in [`Role`]'s vocabulary.
    pub role: u8,
    /// Whether it is a leader.
    pub leader: bool,
    /// The size's place in [`Size`]'s vocabulary.
    pub size: u8,
    /// The source's place in [`Source`]'s vocabulary.
    pub source: u8,
    /// The type's place in [`CreatureType`]'s vocabulary.
    pub creature_type: u8,
    /// Each tag's place in [`Tag`]'s vocabulary.
    pub tags: Cow<'a, [u8]>,
    /// XP after any override.
    pub xp: i64,
    /// The lint mark, as [`Mark`]'s number.
    pub mark: u8,
    /// The design sets numbers by hand.
    pub overrides: bool,
    /// The design names monster templates.
    pub templated: bool,
}
