//! Encounter files in the data directory (or anywhere a path names): finding, loading with their
//! party, creating and changing them under the file's lock. The CLI and the UI both call these;
//! each failure is a [`DataError`] whose message is the sentence the user sees.

use crate::data_dir::{DataDir, names_a_file};
use crate::encounter::error::{DataError, Listing, read_text};
use crate::encounter::file::{Encounter, Group, PartyRef, Placeholder, parse_encounter};
use crate::encounter::parties::{load_party_file, party_path};
use crate::encounter::party::Party;
use crate::monster::slugify;
use crate::store::{Expect, Fingerprint, path_in, save_atomic, update_locked};
use std::path::{Path, PathBuf};

/// An encounter file: a path, or the id of one in the data directory's `encounters/`.
/// The rule ([`names_a_file`]): a word with a slash or a `.yaml`/`.yml` ending is a path; any
/// other word is an id in the data directory, whatever the working directory holds.
pub fn encounter_path(data: &DataDir, word: &str) -> Result<PathBuf, DataError> {
    if names_a_file(word) {
        return Ok(PathBuf::from(word));
    }
    path_in(&data.encounters(), word, "yaml").map_err(|e| DataError::BadId(e.to_string()))
}

/// An encounter file and the fingerprint of what was read.
pub fn load_encounter(path: &Path) -> Result<(Encounter, Fingerprint), DataError> {
    let (text, fp) = read_text(path)?;
    Ok((parse_encounter(&text, path)?, fp))
}

/// The party of an encounter, loading the saved party if it names one.
pub fn party_of(data: &DataDir, e: &Encounter) -> Result<Party, DataError> {
    resolve_party_ref(data, &e.party)
}

/// An inline party, or the saved party a file names, loaded.
pub fn resolve_party_ref(data: &DataDir, party: &PartyRef) -> Result<Party, DataError> {
    resolve_party_ref_played(data, party).map(|(party, _)| party)
}

/// [`resolve_party_ref`], with the saved party's record of the fights whose XP it was given
/// (P10), read from the same reading of its file; empty for a party written out.
pub fn resolve_party_ref_played(
    data: &DataDir,
    party: &PartyRef,
) -> Result<(Party, Vec<crate::encounter::party::Played>), DataError> {
    let id = match party {
        PartyRef::Saved(id) => id,
        PartyRef::Uniform { size, level } => {
            return Ok((Party::uniform(*size, *level), Vec::new()));
        }
        PartyRef::Members(members) => {
            return Ok((
                Party {
                    members: members.clone(),
                },
                Vec::new(),
            ));
        }
    };
    let path = party_path(data, id)?;
    if !path.is_file() {
        return Err(DataError::MissingParty {
            id: id.clone(),
            path,
        });
    }
    let file = load_party_file(&path)?;
    let party = file
        .party()
        .map_err(|e| DataError::BadParty(e.to_string()))?;
    Ok((party, file.played))
}

/// An encounter file with its party (a saved one loaded), and the fingerprint of the file.
pub fn load_encounter_with_party(
    data: &DataDir,
    path: &Path,
) -> Result<(Encounter, Party, Fingerprint), DataError> {
    let (e, fp) = load_encounter(path)?;
    let party = party_of(data, &e)?;
    Ok((e, party, fp))
}

/// Creates a new encounter file for `party`: at `out`, else `encounters/<slug of name>.yaml`.
/// Refuses a name the files cannot hold and a file that already exists. Returns the path.
pub fn create_encounter(
    data: &DataDir,
    name: &str,
    party: &Party,
    out: Option<&Path>,
) -> Result<PathBuf, DataError> {
    let party = crate::encounter::PartyChoice::Spec(party.clone());
    create_encounter_in(data, name, &party, out, crate::encounter::System::Orcus)
}

/// [`create_encounter`] for a rules system; a 3rd-edition party must fit the table (D1). A
/// saved party is named by its id, as the Encounter screen's party prompt writes it, so the
/// encounter follows the party as it levels and a fight's XP has a file to go to (P10).
pub fn create_encounter_in(
    data: &DataDir,
    name: &str,
    party: &crate::encounter::PartyChoice,
    out: Option<&Path>,
    system: crate::encounter::System,
) -> Result<PathBuf, DataError> {
    let name = name.trim();
    crate::text::check_name("the encounter's name", name)
        .map_err(|e| DataError::BadName(e.to_string()))?;
    if system == crate::encounter::System::D20e3 {
        crate::encounter::rating::d20e3::party_level(party.party())?;
    }
    let mut e = Encounter::new(name, party.party());
    e.party = party.party_ref();
    e.system = system;
    let path = match out {
        Some(p) => p.to_owned(),
        None => path_in(&data.encounters(), &slugify(name), "yaml")
            .map_err(|e| DataError::BadId(e.to_string()))?,
    };
    save_encounter(&path, &e, Expect::New)?;
    Ok(path)
}

/// Writes `text`, an encounter as generated or exported (in any format), or any other export,
/// to the file `out` a user named: atomically, only as a regular file and never through a
/// symbolic link ([`save_atomic`]); a file already there is refused
/// ([`crate::store::SaveError::AlreadyExists`]) unless `overwrite`. Returns its fingerprint.
pub fn save_export(
    out: &Path,
    text: &str,
    overwrite: bool,
) -> Result<Fingerprint, crate::store::SaveError> {
    let expect = if overwrite {
        Expect::Anything
    } else {
        Expect::New
    };
    save_atomic(out, text.as_bytes(), expect)
}

/// Writes an encounter atomically, as `expect` allows. Returns the new fingerprint.
pub fn save_encounter(
    path: &Path,
    e: &Encounter,
    expect: Expect,
) -> Result<Fingerprint, DataError> {
    Ok(save_atomic(
        path,
        crate::yaml_io::to_string(e).as_bytes(),
        expect,
    )?)
}

/// Changes the encounter file at `path` under its lock: read, change, write, with no other save
/// in between, so that changes made at the same time by other processes are never lost. The
/// file's `x-` values are kept as written, or the change is refused (`yaml_keep`).
pub(crate) fn update_encounter(
    path: &Path,
    mut change: impl FnMut(&mut Encounter) -> Result<(), DataError>,
) -> Result<(), DataError> {
    update_locked(path, |current| {
        let bytes = current.ok_or_else(|| DataError::Missing(path.to_owned()))?;
        let text = std::str::from_utf8(bytes).map_err(|_| DataError::NotUtf8(path.to_owned()))?;
        let mut e = parse_encounter(text, path)?;
        change(&mut e)?;
        Ok::<_, DataError>(Some(
            crate::yaml_keep::text_to_save(text, &e, path)?.into_bytes(),
        ))
    })?;
    Ok(())
}

/// Adds a group to the encounter file (merging with a like group), under its lock.
pub fn add_group(path: &Path, group: &Group) -> Result<(), DataError> {
    update_encounter(path, |e| Ok(e.add(group.clone())?))
}

/// Removes a group from the encounter file, under its lock: `#N` (the Nth group), a monster id
/// (every group of it), a placeholder (`placeholder:5:standard:wrecker`), or a challenge
/// (`challenge:NAME`, or its bare name when no other group is called that).
pub fn remove_group(path: &Path, which: &str) -> Result<(), DataError> {
    update_encounter(path, |e| {
        let before = e.groups.len();
        if which.starts_with('#') {
            let i = e.group_number(which)?;
            e.groups.remove(i);
        } else {
            let key = Placeholder::parse(which)
                .map(|p| p.to_string())
                .unwrap_or_else(|_| which.to_owned());
            e.groups.retain(|g| g.key() != key);
            if e.groups.len() == before {
                e.groups
                    .retain(|g| !g.challenge.as_ref().is_some_and(|c| c.is_named(which)));
            }
        }
        if e.groups.len() == before {
            return Err(DataError::NoGroup {
                which: which.to_owned(),
                groups: e.groups.iter().map(Group::key).collect(),
            });
        }
        Ok(())
    })
}

/// Sets the notes of the one group `which` names (`Encounter::group_index`) in the encounter
/// file, under its lock; `None` clears them.
pub fn set_group_notes(path: &Path, which: &str, notes: Option<&str>) -> Result<(), DataError> {
    update_encounter(path, |e| {
        let i = e.group_index(which)?;
        e.groups[i].notes = notes.map(str::to_owned);
        Ok(())
    })
}

/// Sets how the encounter's treasure is handed out (T1), or the book's average gold when
/// `None`; every sheet and export of it then names that treasure. Refused for a 3rd-edition
/// encounter, whose rulebook has no such methods.
pub fn set_treasure(
    path: &Path,
    method: Option<crate::rules::treasure_method::Method>,
) -> Result<(), DataError> {
    update_encounter(path, |e| {
        if e.system == crate::encounter::System::D20e3 && method.is_some() {
            return Err(DataError::NotOrcus(
                "treasure is the Orcus rulebook's (Distributing Magic Items); this is a 3rd-edition encounter (`system: d20-3e`)".into(),
            ));
        }
        e.treasure = method;
        Ok(())
    })
}

/// The saved encounters: each file of `encounters/` with the encounter or why it did not load.
pub fn list_encounters(data: &DataDir) -> Result<Listing<Encounter>, DataError> {
    Ok(crate::store::yaml_files(&data.encounters())?
        .into_iter()
        .map(|f| {
            let e = load_encounter(&f).map(|(e, _)| e);
            (f, e)
        })
        .collect())
}
