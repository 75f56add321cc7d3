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

mod checks;
mod generation;
mod group;
mod party_ref;

pub use checks::parse_party;
use checks::*;
pub(crate) use checks::{check_members, check_played, encounter_schema, group_schema};
pub use generation::*;
pub use group::*;
pub use party_ref::*;

/// The schema version of encounter and party files.
pub(crate) const ENCOUNTER_SCHEMA_VERSION: u32 = 1;

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
    /// T1: how the encounter's treasure is handed out (steady, items-only, troves, narrative),
    /// for every sheet and export of it; none: the book's average gold per character (E5). An
    /// adventure's own method wins in the adventure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub treasure: Option<crate::rules::treasure_method::Method>,
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

impl Encounter {
    /// The `generated` record in words for the sheet, with what was changed by hand since:
    /// the groups now are compared with the groups as generated.
    pub(crate) fn generated_note(&self) -> Option<String> {
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
            treasure: None,
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
    pub(crate) fn group_index(&self, which: &str) -> Result<usize, GroupError> {
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
    pub(crate) fn group_number(&self, which: &str) -> Result<usize, GroupError> {
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
    if e.system == System::D20e3 && e.treasure.is_some() {
        let (l, c) = locate_key(text, &[Seg::Key("treasure".into())]).unwrap_or((1, 1));
        return Err(FileError::new(
            path,
            "`treasure` is the Orcus rulebook's (Distributing Magic Items); this file is a 3rd-edition encounter (`system: d20-3e`)",
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
