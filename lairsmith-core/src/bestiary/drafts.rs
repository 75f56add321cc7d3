//! Drafts: monsters kept unfinished in `<data>/drafts/` (the UI's Forge keeps one when the GM
//! leaves it with unsaved work), to take up again later. A draft is a monster file of the design as it stood, valid or not (it is read
//! back without the checks a bestiary file must pass), with one `x-lairsmith-draft` key saying
//! what the work changes: the user's monster file it was opened from, with what that file held
//! then (so a save over it still notices a change made since), or the shipped monster it copies.
//! The bestiary never lists a draft: drafts live outside `bestiary/`.

use crate::monster::design::MonsterDesign;
use crate::rules::{Level, Rank, Role};
use crate::store::{BadFileName, Expect, Fingerprint, SaveError, save_atomic};
use crate::yaml_io::FileError;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The key of a draft's file that says what the work changes.
pub(crate) const DRAFT_KEY: &str = "x-lairsmith-draft";

/// How many drafts of one id can be kept side by side (`goblin.yaml` to `goblin-999.yaml`).
const SAME_ID: usize = 999;

/// What a draft's work changes, beside its design.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    /// The user's monster file it was opened from (its name in the bestiary folder), and what
    /// that file held then.
    pub edits: Option<(String, Fingerprint)>,
    /// The shipped monster the work is the user's copy of.
    pub copy_of: Option<String>,
    /// The powers were edited by hand: a new rank or role no longer swaps in its kit.
    pub powers_custom: bool,
}

/// [`Origin`] as the file writes it.
#[derive(Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Written {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    edits: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    edits_length: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    edits_hash: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    copy_of: Option<String>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    powers_custom: bool,
}

/// A monster kept unfinished, and what it changes.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    /// The monster as it stood, valid or not: it may lack a name.
    pub design: MonsterDesign,
    /// What the work changes: a file of the user's, a shipped monster, or nothing yet.
    pub origin: Origin,
}

impl Draft {
    /// The draft's file: the design as a monster file, with its origin under [`DRAFT_KEY`].
    pub(crate) fn to_text(&self) -> String {
        let (file, fp) = self.origin.edits.clone().unzip();
        let written = Written {
            edits: file,
            edits_length: fp.map(|f| f.len),
            edits_hash: fp.map(|f| f.hash),
            copy_of: self.origin.copy_of.clone(),
            powers_custom: self.origin.powers_custom,
        };
        let mut design = self.design.clone();
        design.extra.0.retain(|(k, _)| k != DRAFT_KEY);
        if let Ok(value) = yaml_serde::to_value(&written) {
            design.extra.push(DRAFT_KEY.to_owned(), value);
        }
        crate::yaml_io::to_string(&design)
    }

    /// Reads a draft's file (at `path`). Only what every file must be is checked (YAML, known
    /// keys, the schema version, the limits): a draft may be half-finished, without a name.
    pub fn parse(text: &str, path: &Path) -> Result<Draft, FileError> {
        let mut design: MonsterDesign = crate::yaml_io::parse(text, path)?;
        if let Some(msg) = crate::monster::file::schema_problem(design.schema_version) {
            return Err(FileError::new(path, msg));
        }
        let mut origin = Origin::default();
        if let Some(i) = design.extra.0.iter().position(|(k, _)| k == DRAFT_KEY) {
            let (_, value) = design.extra.0.remove(i);
            let w: Written = yaml_serde::from_value(value).map_err(|e| {
                FileError::new(
                    path,
                    format!("`{DRAFT_KEY}` is not what lairsmith wrote: {e}"),
                )
            })?;
            origin = Origin {
                edits: match (w.edits, w.edits_length, w.edits_hash) {
                    (Some(file), Some(len), Some(hash)) => Some((file, Fingerprint { len, hash })),
                    _ => None,
                },
                copy_of: w.copy_of,
                powers_custom: w.powers_custom,
            };
        }
        Ok(Draft { design, origin })
    }
}

/// A draft as a list shows it: its monster in a few words, or why the file cannot be read.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    /// The draft's file, in the drafts folder.
    pub path: PathBuf,
    /// When it was kept (the file's modification time).
    pub saved: Option<SystemTime>,
    /// Its monster in a few words, or why the file cannot be read as a draft.
    pub draft: Result<Summary, FileError>,
}

/// A draft's monster in a few words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// The monster's name, possibly empty in a draft.
    pub name: String,
    /// Its level.
    pub level: Level,
    /// Its rank.
    pub rank: Rank,
    /// Its role.
    pub role: Role,
    /// Whether it is a leader.
    pub leader: bool,
}

/// Whether `path` is a regular file itself, not a link to one: a draft is read and written only
/// where it lies, in the drafts folder.
fn is_own_file(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file())
}

/// The drafts in `dir`, the newest first (a folder that does not exist holds none).
pub fn list(dir: &Path) -> Result<Vec<Listed>, FileError> {
    let mut out: Vec<Listed> = crate::store::yaml_files(dir)?
        .into_iter()
        .filter(|p| is_own_file(p))
        .map(|path| {
            let saved = std::fs::symlink_metadata(&path)
                .and_then(|m| m.modified())
                .ok();
            let draft = load(&path).map(|(d, _)| Summary {
                name: d.design.name,
                level: d.design.level,
                rank: d.design.rank,
                role: d.design.role,
                leader: d.design.leader,
            });
            Listed { path, saved, draft }
        })
        .collect();
    out.sort_by(|a, b| b.saved.cmp(&a.saved).then_with(|| a.path.cmp(&b.path)));
    Ok(out)
}

/// Reads the draft at `path` and the fingerprint of what it held.
pub fn load(path: &Path) -> Result<(Draft, Fingerprint), FileError> {
    if !is_own_file(path) {
        return Err(FileError::new(
            path,
            "not a regular file: drafts are read only from files in the drafts folder, never through a link",
        ));
    }
    let (bytes, _) = crate::store::read_stamped(path)?;
    let text = crate::yaml_io::utf8_text(&bytes, path)?;
    Ok((Draft::parse(text, path)?, Fingerprint::of_bytes(&bytes)))
}

/// Writes `draft` into the folder `dir` (created if need be), atomically: over `replacing` (the
/// draft the work was taken up from) if that file is still in `dir` and holds what was read from
/// it, else as a new file named for `id` (`<id>.yaml`, else `<id>-2.yaml` and on), never over
/// another file. Returns where it went and what it holds.
pub fn keep(
    dir: &Path,
    id: &str,
    draft: &Draft,
    replacing: Option<(&Path, Fingerprint)>,
) -> Result<(PathBuf, Fingerprint), KeepError> {
    let text = draft.to_text();
    if let Some((path, fp)) = replacing
        && path.parent() == Some(dir)
        && is_own_file(path)
        && let Ok(new) = save_atomic(path, text.as_bytes(), Expect::Unchanged(fp))
    {
        return Ok((path.to_owned(), new));
    }
    let base = crate::monster::slugify(id);
    for n in 1..=SAME_ID {
        let name = if n == 1 {
            base.clone()
        } else {
            format!("{base}-{n}")
        };
        let path = crate::store::path_in(dir, &name, "yaml")?;
        match save_atomic(&path, text.as_bytes(), Expect::New) {
            Ok(fp) => return Ok((path, fp)),
            Err(SaveError::AlreadyExists { .. }) => {}
            Err(e) => return Err(KeepError::Save(e)),
        }
    }
    Err(KeepError::Full {
        dir: dir.to_owned(),
        base,
    })
}

/// Why a draft could not be kept ([`keep`]); each message is the sentence the user sees.
#[derive(Debug, thiserror::Error)]
pub enum KeepError {
    /// The monster's id, made a file name, could escape the drafts folder.
    #[error(transparent)]
    BadName(#[from] BadFileName),
    /// Writing the file failed.
    #[error(transparent)]
    Save(SaveError),
    /// Every name for the id (`goblin.yaml` to `goblin-999.yaml`) is taken.
    #[error(
        "{} already holds {SAME_ID} drafts named for `{base}`; reopen and save or delete some",
        .dir.display()
    )]
    Full {
        /// The drafts folder.
        dir: PathBuf,
        /// The file name the id gives, without a number or extension.
        base: String,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<KeepError> for String {
    fn from(e: KeepError) -> String {
        e.to_string()
    }
}

/// Deletes the draft at `path` (once its monster is saved to the bestiary).
pub fn remove(path: &Path) -> std::io::Result<()> {
    crate::store::remove_locked(path)
}

/// Moves the draft at `path` into `<data>/trash/drafts/`, where `lairsmith restore` never
/// looks (it puts monsters back into the bestiary). Returns where it went.
pub fn trash(data_root: &Path, path: &Path) -> std::io::Result<PathBuf> {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "draft".into());
    crate::store::trash::move_into(
        &crate::store::trash::dir(data_root).join("drafts"),
        path,
        &stem,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callers_can_tell_the_kinds_of_keep_error_apart() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("drafts");
        let draft = Draft {
            design: design("Bog Hag"),
            origin: Origin::default(),
        };
        // A file where the folder should be: the save fails, saying why.
        std::fs::write(&dir, b"x").unwrap();
        let e = keep(&dir, "bog-hag", &draft, None).unwrap_err();
        assert!(matches!(e, KeepError::Save(_)), "{e:?}");
        let e = KeepError::Full {
            dir: "/d".into(),
            base: "goblin".into(),
        };
        assert_eq!(
            e.to_string(),
            "/d already holds 999 drafts named for `goblin`; reopen and save or delete some"
        );
    }

    fn design(name: &str) -> MonsterDesign {
        let mut d = crate::fixtures::monsters(1, 7).remove(0);
        d.name = name.to_owned();
        d.id = crate::monster::slugify(name);
        d
    }

    #[test]
    fn a_draft_reads_back_with_its_origin_and_without_its_key() {
        let draft = Draft {
            design: design("Bog Hag"),
            origin: Origin {
                edits: Some((
                    "bog-hag.yaml".into(),
                    Fingerprint {
                        len: 812,
                        hash: u64::MAX - 3,
                    },
                )),
                copy_of: None,
                powers_custom: true,
            },
        };
        let text = draft.to_text();
        assert!(text.contains(DRAFT_KEY), "{text}");
        let back = Draft::parse(&text, Path::new("bog-hag.yaml")).unwrap();
        assert_eq!(back, draft);
    }

    #[test]
    fn a_half_finished_design_without_a_name_is_kept_and_read_back() {
        let mut d = design("x");
        d.name = String::new();
        d.id = String::new();
        let draft = Draft {
            design: d,
            origin: Origin::default(),
        };
        let dir = tempfile::tempdir().unwrap();
        let (path, _) = keep(dir.path(), "", &draft, None).unwrap();
        assert_eq!(load(&path).unwrap().0, draft);
        // A second draft of the same id goes beside the first, never over it.
        let (second, _) = keep(dir.path(), "", &draft, None).unwrap();
        let stem = |p: &Path| p.file_stem().unwrap().to_string_lossy().into_owned();
        assert_eq!(stem(&second), format!("{}-2", stem(&path)));
    }
}
