//! Carries out commands: the only place the UI touches files (and the editor).

use crate::tui::app::{Cmd, Outcome, Paths, WritePurpose};
use crate::tui::document::OnDisk;
use crate::tui::screens::forge::drafts::Reopened;
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::bestiary::drafts;
use lairsmith_core::monster::load_file;
use lairsmith_core::store::{Expect, SaveError, save_atomic};
use std::path::Path;

/// An export to a file the user named: a regular file there already is asked about first; a
/// folder, a FIFO, a device or a link is refused; anything else is written as a new file.
fn export(path: std::path::PathBuf, contents: String) -> Outcome {
    match std::fs::symlink_metadata(&path) {
        Ok(m) if m.is_file() => Outcome::ExportExists { path, contents },
        // A folder, a FIFO, a device or a link is refused now: asking "overwrite it?" first
        // would offer what the write then refuses.
        Ok(m) => Outcome::WriteFailed {
            changed_on_disk: false,
            exists: true,
            message: format!(
                "{}: {}; nothing exported",
                path.display(),
                lairsmith_core::store::not_regular(m.file_type())
            ),
            path,
            purpose: WritePurpose::Export,
        },
        Err(_) => match save_atomic(
            &path,
            contents.as_bytes(),
            lairsmith_core::store::Expect::New,
        ) {
            Ok(fingerprint) => Outcome::Written {
                path,
                fingerprint,
                purpose: WritePurpose::Export,
                then: None,
            },
            Err(e) => Outcome::WriteFailed {
                changed_on_disk: false,
                exists: matches!(e, SaveError::AlreadyExists { .. }),
                message: e.to_string(),
                path,
                purpose: WritePurpose::Export,
            },
        },
    }
}

/// Runs one command that needs no terminal (everything but the editor).
pub fn run(cmd: Cmd, paths: &Paths) -> Option<Outcome> {
    let data = lairsmith_core::data_dir::DataDir::new(paths.root.clone());
    match cmd {
        Cmd::Fight(job) => Some(Outcome::Fight(crate::tui::screens::table::job::run(
            job, paths,
        ))),
        Cmd::Write {
            path,
            contents,
            expect,
            purpose,
            base,
            copy_of,
            then,
        } => Some(
            match write(
                &path,
                &contents,
                expect,
                &purpose,
                base.as_deref(),
                copy_of.as_deref(),
            ) {
                Ok(fingerprint) => Outcome::Written {
                    path,
                    fingerprint,
                    purpose,
                    then,
                },
                Err(r) => Outcome::WriteFailed {
                    changed_on_disk: r.changed_on_disk,
                    exists: r.exists,
                    message: r.message,
                    path,
                    purpose,
                },
            },
        ),
        // Waits for a save of the file in progress, so the save cannot bring it back.
        Cmd::Remove { path, id } => Some(
            match lairsmith_core::store::trash::move_to_trash(&paths.root, &path, &id) {
                Ok(_) => Outcome::Removed { id, path },
                Err(e) => Outcome::RemoveFailed {
                    message: format!("cannot delete {}: {e}", path.display()),
                },
            },
        ),
        Cmd::Restore { id } => {
            let result = lairsmith_core::store::trash::restore(&paths.root, &paths.bestiary, &id)
                .map_err(|e| e.to_string())
                .and_then(|path| {
                    load_file(&path)
                        .map(|(d, fp)| Box::new((d, fp, path)))
                        .map_err(|e| e.to_string())
                });
            Some(Outcome::Restored { id, result })
        }
        Cmd::Export { path, contents } => Some(export(path, contents)),
        Cmd::ListFiles(purpose) => Some(Outcome::Files {
            purpose,
            result: crate::tui::files::read(purpose, paths),
        }),
        Cmd::KeepDraft {
            draft,
            replacing,
            then,
        } => {
            let replacing = replacing
                .as_ref()
                .map(|d| (d.path.as_path(), d.fingerprint));
            let result = drafts::keep(&paths.drafts(), &draft.design.id, &draft, replacing)
                .map(|(path, fingerprint)| OnDisk { path, fingerprint })
                .map_err(|e| e.to_string());
            Some(Outcome::DraftKept { result, then })
        }
        Cmd::LoadDraft { path } => Some(Outcome::DraftLoaded {
            result: reopen_draft(&path, paths).map(Box::new),
            path,
        }),
        Cmd::RemoveDraft { path } => Some(Outcome::DraftRemoved {
            result: drafts::remove(&path).map_err(|e| e.to_string()),
            path,
        }),
        Cmd::TrashDraft { path } => Some(Outcome::DraftTrashed {
            result: drafts::trash(&paths.root, &path).map_err(|e| e.to_string()),
            path,
        }),
        Cmd::ReloadAll { reopen } => Some(Outcome::Reloaded {
            bestiary: Box::new(Bestiary::load(Some(&paths.bestiary))),
            reopen,
        }),
        // A convenience, not the GM's work: a state file that cannot be written is no news.
        Cmd::Remember(changes) => {
            let _ = crate::tui::state::write(&paths.root, &changes);
            Some(Outcome::Nothing)
        }
        Cmd::LoadEncounter { path } => {
            let result = lairsmith_core::encounter::load_encounter(&path)
                .and_then(|(e, fp)| {
                    lairsmith_core::encounter::party_of(&data, &e).map(|p| (e, p, fp))
                })
                .map_err(|f| f.to_string());
            Some(Outcome::EncounterLoaded { path, result })
        }
        Cmd::LoadParty { text, owner } => {
            let result =
                lairsmith_core::encounter::choose_party(&data, &text).map_err(|f| f.to_string());
            Some(Outcome::PartyLoaded {
                text,
                owner,
                result,
            })
        }
        Cmd::PartyUsers { id, change } => {
            let users = lairsmith_core::adventure::saved::party_users(&data, &id);
            Some(Outcome::PartyUsers { id, change, users })
        }
        Cmd::LoadAdventure { path } => {
            let result = lairsmith_core::adventure::load_adventure(&path)
                .map(|(a, fp)| (Box::new(a), fp))
                .map_err(|e| e.to_string());
            Some(Outcome::AdventureLoaded { path, result })
        }
        Cmd::LoadAdventureParts { ids, party } => {
            let loaded = lairsmith_core::adventure::check::load_encounters(&data, &ids);
            let party = party.map(|id| {
                let result = lairsmith_core::encounter::saved::resolve_party_ref(
                    &data,
                    &lairsmith_core::encounter::PartyRef::Saved(id.clone()),
                )
                .map_err(|e| e.to_string());
                (id, result)
            });
            Some(Outcome::AdventureParts { loaded, party })
        }
        Cmd::OpenEditor { .. } => None,
        cmd => Some(party_numbers(cmd, paths)),
    }
}

/// The saved parties' file work: the party form's (a party read with its file's fingerprint,
/// its numbers written over the file as read), a party levelled up or removed.
fn party_numbers(cmd: Cmd, paths: &Paths) -> Outcome {
    let data = lairsmith_core::data_dir::DataDir::new(paths.root.clone());
    match cmd {
        Cmd::SetPartyNumbers {
            id,
            owner,
            seen,
            members,
            step,
        } => {
            let result = lairsmith_core::encounter::set_numbers(&data, &id, seen, &members);
            let changed_on_disk = matches!(
                result,
                Err(lairsmith_core::encounter::DataError::Save(
                    SaveError::ChangedOnDisk { .. }
                ))
            );
            Outcome::PartyNumbersSet {
                id,
                owner,
                step,
                result: result.map_err(|e| e.to_string()),
                changed_on_disk,
            }
        }
        Cmd::ReadPartyNumbers { id, owner } => {
            let result =
                lairsmith_core::encounter::read_party(&data, &id).map_err(|e| e.to_string());
            Outcome::PartyNumbersRead { id, owner, result }
        }
        Cmd::LevelUpParty { id } => {
            let result = lairsmith_core::encounter::parties::level_up(&data, &id, 1, None)
                .map_err(|e| e.to_string())
                .and_then(|f| f.party().map_err(|e| e.to_string()));
            Outcome::PartyLevelledUp { id, result }
        }
        Cmd::RemoveParty { id } => {
            let result = lairsmith_core::encounter::parties::remove_party(&data, &id)
                .map(|r| r.to)
                .map_err(|e| e.to_string());
            Outcome::PartyRemoved { id, result }
        }
        _ => Outcome::Nothing,
    }
}

/// A draft read again, with the user's monster file its work changes (named within the
/// bestiary folder, never a path elsewhere) as that file is now.
fn reopen_draft(path: &std::path::Path, paths: &Paths) -> Result<Reopened, String> {
    let (draft, fingerprint) = drafts::load(path).map_err(|e| e.to_string())?;
    let (base, lost) = match &draft.origin.edits {
        None => (None, None),
        Some((name, _)) => {
            let (stem, ext) = name
                .rsplit_once('.')
                .filter(|(_, ext)| matches!(*ext, "yaml" | "yml"))
                .unwrap_or((name.as_str(), ""));
            match lairsmith_core::store::path_in(&paths.bestiary, stem, ext)
                .map_err(|e| format!("the draft names the file `{name}`: {e}"))
                .and_then(|file| {
                    load_file(&file)
                        .map(|(design, _)| (file, design))
                        .map_err(|e| e.to_string())
                }) {
                Ok(base) => (Some(base), None),
                Err(why) => (None, Some(why)),
            }
        }
    };
    Ok(Reopened {
        draft,
        fingerprint,
        base,
        lost,
    })
}

/// Opens `path` in `$VISUAL`/`$EDITOR` (else `vi`), waits, and reads the file back.
pub fn edit(path: &std::path::Path) -> Outcome {
    let editor = std::env::var("VISUAL")
        .or_else(|_| std::env::var("EDITOR"))
        .unwrap_or_else(|_| "vi".to_owned());
    let mut parts = editor.split_whitespace();
    let program = parts.next().unwrap_or("vi");
    let status = std::process::Command::new(program)
        .args(parts)
        .arg(path)
        .status();
    let result = match status {
        Ok(s) if s.success() => load_file(path).map(Box::new).map_err(|e| e.to_string()),
        Ok(s) => Err(format!("the editor `{editor}` exited with {s}")),
        Err(e) => Err(format!(
            "cannot start the editor `{editor}`: {e} (set $EDITOR)"
        )),
    };
    Outcome::Edited {
        path: path.to_owned(),
        result,
    }
}

/// Writes a file for the UI through the library: a monster new, as a copy of the file it was
/// read from (`copy_of`), or over its own file read as `base`, keeping the file's layout
/// ([`lairsmith_core::monster::saved`]); an encounter, party or adventure with the `x-` values of the
/// file it replaces or copies kept ([`lairsmith_core::save_document`]); an export as it is.
fn write(
    path: &Path,
    contents: &str,
    expect: Expect,
    purpose: &WritePurpose,
    base: Option<&lairsmith_core::monster::MonsterDesign>,
    copy_of: Option<&Path>,
) -> Result<lairsmith_core::store::Fingerprint, Refusal> {
    use lairsmith_core::monster::saved::{save_copy, save_new, save_over};
    use lairsmith_core::save_document;
    Ok(match purpose {
        WritePurpose::Monster { design, .. } => match (expect, copy_of) {
            (Expect::Unchanged(fp), _) => save_over(path, base, design, fp)?,
            // The UI overwrites only a monster file it read: any other save makes a new file.
            (_, Some(from)) => save_copy(path, design, Some(from))?,
            (_, None) => save_new(path, design)?,
        },
        WritePurpose::Encounter => {
            save_document::<lairsmith_core::encounter::Encounter>(path, contents, expect, copy_of)?
        }
        WritePurpose::Party { .. } => {
            save_document::<lairsmith_core::encounter::PartyFile>(path, contents, expect, copy_of)?
        }
        WritePurpose::Adventure => {
            save_document::<lairsmith_core::adventure::Adventure>(path, contents, expect, copy_of)?
        }
        WritePurpose::Export => save_atomic(path, contents.as_bytes(), expect)?,
    })
}

/// Why a write did not happen, as the screens take it: the file changed on disk since it was
/// read, a new file's name is taken, and the sentence to show (for an `x-` value that cannot be
/// kept, its first reason).
struct Refusal {
    changed_on_disk: bool,
    exists: bool,
    message: String,
}

impl From<SaveError> for Refusal {
    fn from(e: SaveError) -> Refusal {
        Refusal {
            changed_on_disk: matches!(e, SaveError::ChangedOnDisk { .. }),
            exists: matches!(e, SaveError::AlreadyExists { .. }),
            message: e.to_string(),
        }
    }
}

impl From<lairsmith_core::NotKept> for Refusal {
    fn from(r: lairsmith_core::NotKept) -> Refusal {
        Refusal {
            changed_on_disk: false,
            exists: false,
            message: r.summary(),
        }
    }
}

impl From<lairsmith_core::NotSaved> for Refusal {
    fn from(e: lairsmith_core::NotSaved) -> Refusal {
        match e {
            lairsmith_core::NotSaved::Save(e) => e.into(),
            lairsmith_core::NotSaved::NotKept(r) => r.into(),
        }
    }
}

impl From<lairsmith_core::monster::saved::MonsterSaveError> for Refusal {
    fn from(e: lairsmith_core::monster::saved::MonsterSaveError) -> Refusal {
        use lairsmith_core::monster::saved::MonsterSaveError;
        match e {
            MonsterSaveError::Save(e) => e.into(),
            MonsterSaveError::NotKept(r) => r.into(),
            e => Refusal {
                changed_on_disk: false,
                exists: false,
                message: e.to_string(),
            },
        }
    }
}
