//! Saved parties (`<data>/parties/<id>.yaml`): resolving `--party`, listing, creating, setting,
//! levelling up and removing. Every change is a read-modify-write under the file's lock
//! ([`update_locked`]), so two changes made at once both land.

use crate::data_dir::DataDir;
use crate::encounter::error::{DataError, Listing, read_text};
use crate::encounter::file::{PartyRef, parse_party};
use crate::encounter::party::{PARTY_SCHEMA_VERSION, Party, PartyFile};
use crate::monster::design::is_valid_id;
use crate::monster::slugify;
use crate::rules::level::Level;
use crate::store::{Expect, Fingerprint, SaveError, path_in, save_atomic, trash, update_locked};
use std::path::{Path, PathBuf};

/// The file of the saved party `id` (which may not exist), refusing an id that could leave
/// `parties/`.
pub fn party_path(data: &DataDir, id: &str) -> Result<PathBuf, DataError> {
    path_in(&data.parties(), id, "yaml").map_err(|e| DataError::BadId(e.to_string()))
}

/// Where removed parties go: a folder of their own in the trash, so that `lairsmith restore`
/// (which puts monsters back) never takes one for a monster.
pub(crate) fn party_trash(data: &DataDir) -> PathBuf {
    data.trash().join("parties")
}

/// Reads and checks a saved party file.
pub(crate) fn load_party_file(path: &Path) -> Result<PartyFile, DataError> {
    let (text, _) = read_text(path)?;
    Ok(parse_party(&text, path)?)
}

/// What a party argument names: a saved party, or a party written out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PartyChoice {
    /// The saved party with this id, as its file holds it now.
    Saved {
        /// The saved party's id (`parties/<id>.yaml`).
        id: String,
        /// The party as its file holds it now.
        party: Party,
    },
    /// A spec: `4x6`, `3,3,4,5`, `Ana=3,Bo=4`.
    Spec(Party),
}

impl PartyChoice {
    /// The party, whichever way it was named.
    pub fn party(&self) -> &Party {
        match self {
            PartyChoice::Saved { party, .. } | PartyChoice::Spec(party) => party,
        }
    }

    /// The party, taken out of the choice.
    pub(crate) fn into_party(self) -> Party {
        match self {
            PartyChoice::Saved { party, .. } | PartyChoice::Spec(party) => party,
        }
    }

    /// How a file names the party: a saved party by its id (so that levelling it up carries
    /// over), a spec written inline.
    pub fn party_ref(&self) -> PartyRef {
        match self {
            PartyChoice::Saved { id, .. } => PartyRef::Saved(id.clone()),
            PartyChoice::Spec(p) => PartyRef::from_party(p),
        }
    }
}

/// Reads a party argument (`--party` of every command, the UI's party prompts): a saved
/// party's id or a party spec (`4x6`, `3,3,4,5`, `Ana=3,Bo=4`). A text that is an id and names
/// a saved party is that party, even one that reads as a spec too (a party saved as `4x6`);
/// else a spec is read; when it is neither, the error says why for both.
pub fn choose_party(data: &DataDir, text: &str) -> Result<PartyChoice, DataError> {
    let text = text.trim();
    if !is_valid_id(text) {
        return spec_party(text).map(PartyChoice::Spec);
    }
    let path = party_path(data, text)?;
    if path.is_file() {
        let party = load_party_file(&path)?
            .party()
            .map_err(|e| DataError::BadParty(e.to_string()))?;
        return Ok(PartyChoice::Saved {
            id: text.to_owned(),
            party,
        });
    }
    Party::parse_spec(text)
        .map(PartyChoice::Spec)
        .map_err(|spec| {
            let saved = saved_ids(data);
            DataError::UnknownParty {
                id: text.to_owned(),
                suggestion: crate::vocab::closest(text, saved.iter().map(String::as_str))
                    .map(str::to_owned),
                saved,
                spec,
            }
        })
}

/// A party argument that cannot be a saved party's id (`Ana=3,Bo=4`, `3,3,x`): a spec, or an
/// error that says it is neither. Needs no files, so the UI reads such a text at once.
pub fn spec_party(text: &str) -> Result<Party, DataError> {
    let text = text.trim();
    Party::parse_spec(text).map_err(|spec| DataError::NotAParty { spec })
}

/// A party from `--party`: a saved party's id or a spec, as [`choose_party`] reads it.
pub fn resolve_party_spec(data: &DataDir, spec: &str) -> Result<Party, DataError> {
    choose_party(data, spec).map(PartyChoice::into_party)
}

/// The saved parties: each file of `parties/` with the party or why it did not load.
pub fn list_parties(data: &DataDir) -> Result<Listing<PartyFile>, DataError> {
    Ok(crate::store::yaml_files(&data.parties())?
        .into_iter()
        .map(|f| {
            let p = load_party_file(&f);
            (f, p)
        })
        .collect())
}

fn saved_ids(data: &DataDir) -> Vec<String> {
    crate::store::yaml_files(&data.parties())
        .unwrap_or_default()
        .iter()
        .filter_map(|f| f.file_stem()?.to_str().map(str::to_owned))
        .collect()
}

/// The file of a party that must already be saved; a miss names the closest saved id.
fn existing_party(data: &DataDir, id: &str) -> Result<PathBuf, DataError> {
    let path = party_path(data, id)?;
    if path.is_file() {
        return Ok(path);
    }
    Err(no_such_party(data, id))
}

fn no_such_party(data: &DataDir, id: &str) -> DataError {
    let ids = saved_ids(data);
    DataError::NoSuchParty {
        id: id.to_owned(),
        suggestion: crate::vocab::closest(id, ids.iter().map(String::as_str)).map(str::to_owned),
    }
}

fn new_file(name: &str, party: &Party) -> PartyFile {
    PartyFile {
        kind: Default::default(),
        schema_version: PARTY_SCHEMA_VERSION,
        name: name.to_owned(),
        members: party.members.clone(),
        encounters_since_rest: 0,
        played: Vec::new(),
        extra: Default::default(),
    }
}

/// Saves a new party named `name` as `parties/<slug of name>.yaml`, refusing an existing file.
/// Returns the path.
pub fn new_party(data: &DataDir, name: &str, party: &Party) -> Result<PathBuf, DataError> {
    let name = name.trim();
    crate::text::check_name("the party's name", name)
        .map_err(|e| DataError::BadName(e.to_string()))?;
    let path = party_path(data, &slugify(name))?;
    save_atomic(
        &path,
        crate::yaml_io::to_string(&new_file(name, party)).as_bytes(),
        Expect::New,
    )?;
    Ok(path)
}

/// What [`set_party`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartySet {
    /// The saved party's file.
    pub path: PathBuf,
    /// True when no party had the id before.
    pub created: bool,
}

/// Creates the party `id` (named `id`) or replaces the members of the saved one, keeping its
/// name and `x-` keys. A saved file that does not load is refused, not overwritten.
pub fn set_party(data: &DataDir, id: &str, party: &Party) -> Result<PartySet, DataError> {
    crate::monster::design::check_id(id).map_err(|e| DataError::BadId(e.to_string()))?;
    let path = party_path(data, id)?;
    let mut created = false;
    update_locked(&path, |current| {
        let text = match current {
            None => {
                created = true;
                crate::yaml_io::to_string(&new_file(id, party))
            }
            Some(bytes) => {
                created = false;
                let (mut file, text) = parse_locked(bytes, &path)?;
                file.members = party.members.clone();
                crate::yaml_keep::text_to_save(text, &file, &path)?
            }
        };
        Ok::<_, DataError>(Some(text.into_bytes()))
    })?;
    Ok(PartySet { path, created })
}

/// The party a file's bytes hold, and its text.
fn parse_locked<'a>(bytes: &'a [u8], path: &Path) -> Result<(PartyFile, &'a str), DataError> {
    let text = std::str::from_utf8(bytes).map_err(|_| DataError::NotUtf8(path.to_owned()))?;
    Ok((parse_party(text, path)?, text))
}

/// The member `which` names: a name (any case), or `#N` for the Nth member.
fn find_member(file: &PartyFile, id: &str, which: &str) -> Result<usize, DataError> {
    file.find_member(which).ok_or_else(|| {
        let wanted = which.trim();
        let members: Vec<String> = (0..file.members.len())
            .map(|i| file.member_label(i))
            .collect();
        DataError::NoSuchMember {
            id: id.to_owned(),
            given: wanted.to_owned(),
            suggestion: crate::vocab::closest(wanted, members.iter().map(String::as_str))
                .map(str::to_owned),
            members,
        }
    })
}

/// Raises every member of the saved party `id` (or only `member`: a name or `#N`) by `by`
/// levels, all or nothing: a character who would pass level 30 (L575) stops the whole change.
/// Returns the party as saved.
pub fn level_up(
    data: &DataDir,
    id: &str,
    by: u32,
    member: Option<&str>,
) -> Result<PartyFile, DataError> {
    let path = existing_party(data, id)?;
    let mut saved = None;
    update_locked(&path, |current| {
        // Removed since it was found: say so rather than create it again.
        let bytes = current.ok_or_else(|| no_such_party(data, id))?;
        let (mut file, text) = parse_locked(bytes, &path)?;
        let chosen: Vec<usize> = match member {
            Some(m) => vec![find_member(&file, id, m)?],
            None => (0..file.members.len()).collect(),
        };
        for i in chosen {
            let level = file.members[i].level.get();
            let raised = u64::from(level) + u64::from(by);
            let past = || DataError::PastMaxLevel {
                id: id.to_owned(),
                who: file.member_label(i),
                level,
                by,
            };
            file.members[i].level = i64::try_from(raised)
                .ok()
                .and_then(|l| Level::new(l).ok())
                .ok_or_else(past)?;
            // A1: a character who keeps XP starts the new level at no less than its first XP.
            let new_level = file.members[i].level;
            if let Some(xp) = &mut file.members[i].xp {
                *xp = (*xp).max(crate::rules::experience::first_xp(new_level));
            }
        }
        let bytes = crate::yaml_keep::text_to_save(text, &file, &path)?.into_bytes();
        saved = Some(file);
        Ok::<_, DataError>(Some(bytes))
    })?;
    saved.ok_or_else(|| no_such_party(data, id))
}

/// Where [`remove_party`] put a party.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartyRemoved {
    /// The party's file, as it was.
    pub from: PathBuf,
    /// Its copy in the trash: moving it back to `from` restores the party.
    pub to: PathBuf,
}

/// Moves the saved party `id` to `<data>/trash/parties/` (kept [`trash::TRASH_DAYS`] days),
/// under the file's lock so no save lands in between.
pub fn remove_party(data: &DataDir, id: &str) -> Result<PartyRemoved, DataError> {
    let from = existing_party(data, id)?;
    let to =
        trash::move_into(&party_trash(data), &from, id).map_err(|source| DataError::Trash {
            path: from.clone(),
            source,
        })?;
    trash::purge(
        &data.root,
        std::time::Duration::from_secs(trash::TRASH_DAYS * 24 * 3600),
    );
    Ok(PartyRemoved { from, to })
}

/// Changes the saved party `id` under its file's lock (read, change, write); the file's `x-`
/// values are kept as written.
pub(crate) fn update_party<T>(
    data: &DataDir,
    id: &str,
    mut change: impl FnMut(&mut PartyFile) -> Result<T, DataError>,
) -> Result<T, DataError> {
    let path = existing_party(data, id)?;
    let mut out = None;
    update_locked(&path, |current| {
        let bytes = current.ok_or_else(|| no_such_party(data, id))?;
        let (mut file, text) = parse_locked(bytes, &path)?;
        out = Some(change(&mut file)?);
        Ok::<_, DataError>(Some(
            crate::yaml_keep::text_to_save(text, &file, &path)?.into_bytes(),
        ))
    })?;
    out.ok_or_else(|| no_such_party(data, id))
}

/// The saved party `id` as its file holds it now, and the place (from 0) of the member `which`
/// names (a name in any case, or `#N`): what `party stats` with no number prints.
pub fn member_stats(
    data: &DataDir,
    id: &str,
    which: &str,
) -> Result<(PartyFile, usize), DataError> {
    let file = load_party_file(&existing_party(data, id)?)?;
    let i = find_member(&file, id, which)?;
    Ok((file, i))
}

/// Sets the numbers `change` gives on the member `which` names (a name in any case, or `#N`) of
/// the saved party `id` (P11), under the file's lock, keeping its `x-` values; all or nothing:
/// a number outside its range, or a result that breaks a rule between the character's numbers
/// (current HP above the maximum), changes nothing. Returns the party as saved and the
/// member's place (from 0).
pub fn set_stats(
    data: &DataDir,
    id: &str,
    which: &str,
    change: &crate::encounter::party::StatsChange,
) -> Result<(PartyFile, usize), DataError> {
    update_party(data, id, |file| {
        let i = find_member(file, id, which)?;
        change.apply_to(&mut file.members[i]);
        check_member(file, id, i)?;
        Ok((file.clone(), i))
    })
}

/// The saved party `id` as its file holds it now, and the file's fingerprint: what a change that
/// must not overwrite anyone else's ([`set_numbers`]) reads first.
pub fn read_party(data: &DataDir, id: &str) -> Result<(PartyFile, Fingerprint), DataError> {
    let path = existing_party(data, id)?;
    let (text, fingerprint) = read_text(&path)?;
    Ok((parse_party(&text, &path)?, fingerprint))
}

/// Gives each member of the saved party `id` every number of the member at its place in
/// `numbers` (P11, P20), a number left unset there included, keeping each member's name, level
/// and XP and the file's `x-` values: the UI's party form, which shows every number and so sets
/// them all. All or nothing, under the file's lock, and only over the file as it was read
/// (`seen`, from [`read_party`]): a file changed since (by `party stats`, a fight's end,
/// another window) is refused with [`SaveError::ChangedOnDisk`] rather than overwritten. A
/// number outside its range or a broken rule between a character's numbers (current HP above
/// the maximum) changes nothing either. Returns the party as saved and its file's fingerprint.
pub fn set_numbers(
    data: &DataDir,
    id: &str,
    seen: Fingerprint,
    numbers: &[crate::encounter::party::Member],
) -> Result<(PartyFile, Fingerprint), DataError> {
    let path = existing_party(data, id)?;
    let mut saved = None;
    let written = update_locked(&path, |current| {
        let bytes = current.ok_or_else(|| no_such_party(data, id))?;
        if Fingerprint::of_bytes(bytes) != seen {
            return Err(SaveError::ChangedOnDisk { path: path.clone() }.into());
        }
        let (mut file, text) = parse_locked(bytes, &path)?;
        if numbers.len() != file.members.len() {
            return Err(DataError::BadParty(format!(
                "the party `{id}` has {} members, and numbers were given for {}; the party was not changed",
                file.members.len(),
                numbers.len()
            )));
        }
        for (i, from) in numbers.iter().enumerate() {
            file.members[i].take_numbers(from);
            check_member(&file, id, i)?;
        }
        let bytes = crate::yaml_keep::text_to_save(text, &file, &path)?.into_bytes();
        saved = Some(file);
        Ok::<_, DataError>(Some(bytes))
    })?;
    match (saved, written) {
        (Some(file), Some(fingerprint)) => Ok((file, fingerprint)),
        _ => Err(no_such_party(data, id)),
    }
}

/// The member at place `i` of the saved party `id` against each number's range and the rules
/// between its numbers.
fn check_member(file: &PartyFile, id: &str, i: usize) -> Result<(), DataError> {
    file.members[i]
        .check_ranges()
        .map_err(|(_, source)| DataError::NumberOutOfRange {
            id: id.to_owned(),
            source,
        })?;
    file.members[i]
        .check_numbers(&file.member_label(i))
        .map_err(|source| DataError::Numbers {
            id: id.to_owned(),
            source,
        })
}

/// The saved party `id` takes the rest `how` (P20; see [`crate::encounter::rest::rest`]) under
/// its file's lock, keeping its `x-` values; a rest that cannot be taken (more recoveries
/// spent than are left) changes nothing. Returns the lines saying what changed.
pub fn rest_party(
    data: &DataDir,
    id: &str,
    how: &crate::encounter::rest::Rest,
) -> Result<Vec<String>, DataError> {
    use crate::encounter::rest::{RestError, rest};
    update_party(data, id, |file| {
        rest(file, how).map_err(|source| match source {
            RestError::NoSuchMember { given } => match find_member(file, id, &given) {
                Err(e) => e,
                Ok(_) => DataError::Rest {
                    id: id.to_owned(),
                    source: RestError::NoSuchMember { given },
                },
            },
            source => DataError::Rest {
                id: id.to_owned(),
                source,
            },
        })
    })
}
