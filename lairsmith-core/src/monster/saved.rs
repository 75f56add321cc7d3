//! Monster files: a new one, a copy of another (keeping that file's `x-` values), a change
//! written over the file it was read from (only the changed lines where the file's layout
//! allows, and only while the file holds what was read), and a change made under the file's
//! lock. The CLI and the UI both call these; each failure is a [`MonsterSaveError`] whose
//! message is the sentence the user sees. Which id is free, and which monster a word names, need
//! the bestiary, a layer above this one: [`crate::bestiary::saved`] answers them.

use crate::monster::design::MonsterDesign;
use crate::monster::file::parse_monster;
use crate::monster::file_edit::save_text;
use crate::monster::template_ops::TemplateOpError;
use crate::store::{
    BadFileName, Expect, Fingerprint, SaveError, read_limited, save_atomic, update_locked,
};
use crate::yaml_io::{self, FileError};
use crate::yaml_keep::{Refused, kept_source, text_to_save};
use std::path::{Path, PathBuf};

/// Why a monster file was not saved; nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum MonsterSaveError {
    /// A new monster's id is another monster's (shipped or the user's).
    #[error("the id `{id}` is already used by {}; choose another name or id", by.display())]
    IdTaken {
        /// The id asked for.
        id: String,
        /// The file of the monster that has it.
        by: PathBuf,
    },
    /// An id that cannot name a file in the bestiary's folder.
    #[error(transparent)]
    BadId(#[from] BadFileName),
    /// The file to change cannot be read, or is not a monster.
    #[error(transparent)]
    File(#[from] FileError),
    /// The file to change is gone.
    #[error("{} no longer exists", .0.display())]
    Missing(PathBuf),
    /// The write was refused or failed: the file changed on disk since it was read, a new
    /// file's name is taken, a link is in the way ([`SaveError`]).
    #[error(transparent)]
    Save(#[from] SaveError),
    /// One of the file's `x-` values could not be kept as the file writes them.
    #[error(transparent)]
    NotKept(#[from] Refused),
    /// A template could not be applied to the monster or taken off it.
    #[error(transparent)]
    Template(#[from] TemplateOpError),
}

impl MonsterSaveError {
    /// What the user can do next, which the message leaves for each face to word: the file's
    /// own ([`FileError::hint`]).
    pub fn hint(&self) -> Option<crate::hint::Hint> {
        match self {
            MonsterSaveError::File(e) => e.hint(),
            _ => None,
        }
    }
}

/// Writes a new monster file at `path`, refusing one that exists. Returns its fingerprint.
pub fn save_new(path: &Path, design: &MonsterDesign) -> Result<Fingerprint, MonsterSaveError> {
    write_new(path, &yaml_io::to_string(design))
}

/// Writes `design`, a copy of the monster in the file `from` (`None`: one with no file, a
/// shipped monster), as a new file at `path`, with the `x-` values of `from` as that file
/// writes them, or refuses if they cannot be kept. Returns the new file's fingerprint.
pub fn save_copy(
    path: &Path,
    design: &MonsterDesign,
    from: Option<&Path>,
) -> Result<Fingerprint, MonsterSaveError> {
    write_new(path, &copy_text(design, from)?)
}

/// The text of a copy of the monster in `from`: the canonical text with `from`'s `x-` values
/// kept; a file that cannot be read as text has none to keep.
pub(crate) fn copy_text(
    design: &MonsterDesign,
    from: Option<&Path>,
) -> Result<String, MonsterSaveError> {
    let original = from
        .and_then(|f| read_limited(f).ok())
        .and_then(|bytes| String::from_utf8(bytes).ok());
    Ok(match (original, from) {
        (Some(original), Some(from)) => text_to_save(&original, design, from)?,
        _ => yaml_io::to_string(design),
    })
}

/// Writes `text`, a monster's, as a new file at `path`.
pub(crate) fn write_new(path: &Path, text: &str) -> Result<Fingerprint, MonsterSaveError> {
    Ok(save_atomic(path, text.as_bytes(), Expect::New)?)
}

/// Writes `design` over the file at `path`, read with the fingerprint `fp` when it held `base`
/// (`None`: the design it holds, read from it): only the lines that changed are rewritten where
/// the file's layout allows ([`crate::monster::file_edit::save_text`]), else the canonical
/// text with the file's `x-` values kept as written, or the save is refused if they cannot be.
/// A file that changed on disk since it was read is refused with
/// [`SaveError::ChangedOnDisk`], checked under the file's lock. Returns the new fingerprint.
pub fn save_over(
    path: &Path,
    base: Option<&MonsterDesign>,
    design: &MonsterDesign,
    fp: Fingerprint,
) -> Result<Fingerprint, MonsterSaveError> {
    let expect = Expect::Unchanged(fp);
    let kept = match kept_source(path, expect, None) {
        Some((original, _)) => {
            let read = match base {
                Some(_) => None,
                None => parse_monster(&original, path).ok(),
            };
            match base.or(read.as_ref()) {
                Some(loaded) => Some(save_text(&original, loaded, design, path)?),
                // Not a monster as it stands: its lines cannot be matched to the design's.
                None => None,
            }
        }
        None => None,
    };
    let text = kept.unwrap_or_else(|| yaml_io::to_string(design));
    Ok(save_atomic(path, text.as_bytes(), expect)?)
}

/// Rewrites the monster file at `path` with `design` in the canonical layout
/// ([`yaml_io::to_string`], what `lairsmith fmt` makes of a file), atomically and only while
/// the file holds what was read with the fingerprint `read` ([`SaveError::ChangedOnDisk`]
/// otherwise, checked under the file's lock). Nothing of the file's own layout is kept: the
/// caller checks first that no `x-` value would change ([`yaml_io::rewrite_blockers`]).
/// Returns the new fingerprint.
pub fn save_canonical(
    path: &Path,
    design: &MonsterDesign,
    read: Fingerprint,
) -> Result<Fingerprint, MonsterSaveError> {
    let text = yaml_io::to_string(design);
    Ok(save_atomic(path, text.as_bytes(), Expect::Unchanged(read))?)
}

/// Changes the monster file at `path` under its lock: reads it, makes `change` of the design it
/// holds then, and writes the result, only the changed lines where the file's layout allows
/// (as [`save_over`]), with no other save in between, so that two changes made at once by two
/// processes both land. Returns the new fingerprint.
pub fn update_monster(
    path: &Path,
    mut change: impl FnMut(&MonsterDesign) -> Result<MonsterDesign, MonsterSaveError>,
) -> Result<Fingerprint, MonsterSaveError> {
    let missing = || MonsterSaveError::Missing(path.to_owned());
    let written = update_locked(path, |current| {
        let bytes = current.ok_or_else(missing)?;
        let text = yaml_io::utf8_text(bytes, path)?;
        let loaded = parse_monster(text, path)?;
        let wanted = change(&loaded)?;
        Ok::<_, MonsterSaveError>(Some(save_text(text, &loaded, &wanted, path)?.into_bytes()))
    })?;
    written.ok_or_else(missing)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shipped monster's text, with a comment and an `x-` value of the user's.
    fn text() -> String {
        let (_, shipped) = crate::embedded::BESTIARY_FILES[0];
        format!("# mine\n{shipped}x-note: !!str 0o17 # keep\n")
    }

    fn file(dir: &Path) -> (PathBuf, MonsterDesign, Fingerprint) {
        let path = dir.join("m.yaml");
        std::fs::write(&path, text()).unwrap();
        let (design, fp) = crate::monster::load_file(&path).unwrap();
        (path, design, fp)
    }

    #[test]
    fn a_change_over_the_file_keeps_its_layout_and_is_refused_once_the_file_changed() {
        let dir = tempfile::tempdir().unwrap();
        let (path, loaded, fp) = file(dir.path());
        let mut d = loaded.clone();
        d.level = crate::rules::Level::new(3).unwrap();
        let new_fp = save_over(&path, Some(&loaded), &d, fp).unwrap();
        let saved = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            saved,
            text().replacen(&format!("level: {}", loaded.level), "level: 3", 1)
        );
        assert_eq!(new_fp, Fingerprint::of_bytes(saved.as_bytes()));
        // The first fingerprint is stale now.
        let again = save_over(&path, None, &loaded, fp).unwrap_err();
        assert!(
            matches!(
                again,
                MonsterSaveError::Save(SaveError::ChangedOnDisk { .. })
            ),
            "{again:?}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), saved);
    }

    #[test]
    fn a_copy_keeps_the_x_values_of_the_file_it_copies_and_a_new_file_takes_no_name_in_use() {
        let dir = tempfile::tempdir().unwrap();
        let (path, mut d, _) = file(dir.path());
        d.id = "copy".into();
        let to = dir.path().join("copy.yaml");
        save_copy(&to, &d, Some(&path)).unwrap();
        let copy = std::fs::read_to_string(&to).unwrap();
        assert!(copy.contains("x-note: !!str 0o17"), "{copy}");
        let taken = save_new(&to, &d).unwrap_err();
        assert!(
            matches!(
                taken,
                MonsterSaveError::Save(SaveError::AlreadyExists { .. })
            ),
            "{taken:?}"
        );
        assert_eq!(std::fs::read_to_string(&to).unwrap(), copy);
    }

    #[test]
    fn a_change_under_the_lock_starts_from_the_file_and_a_missing_file_is_said_so() {
        let dir = tempfile::tempdir().unwrap();
        let (path, _, _) = file(dir.path());
        update_monster(&path, |d| {
            let mut d = d.clone();
            d.level = crate::rules::Level::new(4).unwrap();
            Ok(d)
        })
        .unwrap();
        let (d, _) = crate::monster::load_file(&path).unwrap();
        assert_eq!(d.level.to_string(), "4");
        assert!(
            std::fs::read_to_string(&path)
                .unwrap()
                .starts_with("# mine\n")
        );
        let gone = dir.path().join("gone.yaml");
        let e = update_monster(&gone, |d| Ok(d.clone())).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{} no longer exists", gone.display())
        );
    }
}
