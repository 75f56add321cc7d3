//! The user's monsters as the bestiary sees them: a new monster, or a copy of one, saved in the
//! user's folder under an id no other monster has, and the monster a word names (an id, or a
//! file's path), with the closest ids when none has it. The CLI and the UI both call these; the
//! file work is [`crate::monster::saved`]'s.

use super::{Bestiary, Entry, Provenance};
use crate::monster::MonsterDesign;
use crate::monster::load_file;
use crate::monster::saved::{MonsterSaveError, copy_text, write_new};
use crate::store::{names_a_file, path_in};
use crate::yaml_io::FileError;
use std::path::{Path, PathBuf};

/// Saves a new monster in `dir`, the user's bestiary folder, refusing an id already in use
/// (shipped or the user's) and a file that already exists. Returns the file's path.
pub fn save_new_monster(
    dir: &Path,
    bestiary: &Bestiary,
    design: &MonsterDesign,
) -> Result<PathBuf, MonsterSaveError> {
    save_new_text(dir, bestiary, design, &crate::yaml_io::to_string(design))
}

/// Saves `design`, a copy of the monster `from` holds, as a new monster in `dir` (see
/// [`save_new_monster`]), with the `x-` values of `from`'s file as that file writes them, or
/// refuses if they cannot be kept. Returns the file's path.
pub fn save_copy(
    dir: &Path,
    bestiary: &Bestiary,
    design: &MonsterDesign,
    from: &Entry,
) -> Result<PathBuf, MonsterSaveError> {
    // A shipped monster's path names no file on disk: a file there is not the one copied.
    let source = (!from.is_shipped()).then_some(from.path.as_path());
    let text = copy_text(design, source)?;
    save_new_text(dir, bestiary, design, &text)
}

fn save_new_text(
    dir: &Path,
    bestiary: &Bestiary,
    design: &MonsterDesign,
    text: &str,
) -> Result<PathBuf, MonsterSaveError> {
    if let Some(existing) = bestiary.get(&design.id) {
        return Err(MonsterSaveError::IdTaken {
            id: design.id.clone(),
            by: existing.path.clone(),
        });
    }
    let path = path_in(dir, &design.id, "yaml")?;
    write_new(&path, text)?;
    Ok(path)
}

/// Why no monster answers to a word; each message is the sentence the user sees.
#[derive(Debug, thiserror::Error)]
pub enum NoMonster {
    /// The file the word names, or the file of the monster with the id, cannot be read as a
    /// monster.
    #[error(transparent)]
    File(#[from] FileError),
    /// The file the bestiary listed the id from holds another monster now.
    #[error(
        "{} no longer holds `{id}`: it changed on disk since the bestiary was read",
        path.display()
    )]
    NoLongerHolds {
        /// The id asked for.
        id: String,
        /// The file that held it.
        path: PathBuf,
    },
    /// The file named for the id is there but was skipped when the bestiary was read.
    #[error("no monster has the id `{id}`: the file named for it was skipped: {why}")]
    Skipped {
        /// The id asked for.
        id: String,
        /// Why the file was skipped.
        why: FileError,
    },
    /// No monster has the id.
    #[error("no monster has the id `{id}`{}", did_you_mean(near))]
    Unknown {
        /// The id asked for.
        id: String,
        /// The closest ids the bestiary has, if any are close.
        near: Vec<String>,
    },
}

impl NoMonster {
    /// What the user can do next, which the message leaves for each face to word: the file's
    /// own ([`FileError::hint`]).
    pub fn hint(&self) -> Option<crate::hint::Hint> {
        match self {
            NoMonster::File(e) | NoMonster::Skipped { why: e, .. } => e.hint(),
            _ => None,
        }
    }
}

/// " (did you mean `a`, `b`?)", or nothing.
fn did_you_mean(near: &[String]) -> String {
    if near.is_empty() {
        return String::new();
    }
    let quoted: Vec<String> = near.iter().map(|s| format!("`{s}`")).collect();
    format!(" (did you mean {}?)", quoted.join(", "))
}

/// The monster a word names: a path to its file (the rule of [`names_a_file`]), read now, or
/// its id in `bestiary`. A user's monster comes with the design its file holds now and that
/// file's fingerprint, so a change saved over it is refused if the file changes meanwhile.
pub fn resolve_monster(bestiary: &Bestiary, id_or_file: &str) -> Result<Entry, NoMonster> {
    let path = Path::new(id_or_file);
    if names_a_file(id_or_file) {
        let (design, fp) = load_file(path)?;
        return Ok(bestiary.entry(design, Provenance::User, path.to_owned(), Some(fp)));
    }
    match bestiary.get(id_or_file) {
        // A lean entry's file is read here, once, so the caller works on the design as the
        // file holds it now.
        Some(e) if e.design().is_err() && !e.is_shipped() => {
            let (design, fp) = load_file(&e.path)?;
            if design.id != id_or_file {
                return Err(NoMonster::NoLongerHolds {
                    id: id_or_file.to_owned(),
                    path: e.path.clone(),
                });
            }
            Ok(bestiary.entry(design, Provenance::User, e.path.clone(), Some(fp)))
        }
        Some(e) => Ok(e.clone()),
        None => {
            // The file named for the id is there but was skipped (unreadable, or its id
            // taken): that is the answer.
            if let Some(e) = bestiary.errors.iter().find(|e| {
                e.path
                    .file_stem()
                    .is_some_and(|s| s.to_string_lossy() == id_or_file)
            }) {
                return Err(NoMonster::Skipped {
                    id: id_or_file.to_owned(),
                    why: e.clone(),
                });
            }
            Err(NoMonster::Unknown {
                id: id_or_file.to_owned(),
                near: bestiary
                    .suggest(id_or_file)
                    .into_iter()
                    .map(str::to_owned)
                    .collect(),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_in_use_is_refused_and_an_unknown_one_gets_the_closest() {
        let dir = tempfile::tempdir().unwrap();
        let b = Bestiary::load(Some(dir.path()));
        let shipped = b.entries[0].clone();
        let d = shipped.design().unwrap();
        let e = save_new_monster(dir.path(), &b, &d).unwrap_err();
        assert!(
            e.to_string()
                .starts_with(&format!("the id `{}` is already used by", d.id)),
            "{e}"
        );
        let mut copy = (*d).clone();
        copy.id = "my-copy".into();
        let path = save_copy(dir.path(), &b, &copy, &shipped).unwrap();
        assert_eq!(path, dir.path().join("my-copy.yaml"));

        let typo = format!("{}x", d.id);
        match resolve_monster(&b, &typo) {
            Err(NoMonster::Unknown { near, .. }) => assert!(near.contains(&d.id), "{near:?}"),
            other => panic!("{other:?}"),
        }
        let found = resolve_monster(&b, path.to_str().unwrap()).unwrap();
        assert_eq!(found.card.id, "my-copy");
        assert!(found.fingerprint.is_some());
    }
}
