//! The Forge's drafts, end to end: keeping the work as a draft on the way out (the third answer
//! to the question about unsaved work), the list of drafts (`Open` in the Forge), taking one up
//! again (unsaved until it is saved to the bestiary, which deletes the draft), and deleting one
//! from the list. The files are written and read by the executor through
//! [`lairsmith_core::bestiary::drafts`].

use super::job::{Done, Job};
use super::{Forge, Question};
use crate::tui::document::OnDisk;
use crate::tui::files::{About, SavedFile};
use crate::tui::keymap::Action;
use crate::tui::layer::Confirm;
use crate::tui::layer::{FilesFor, Layer};
use crate::tui::msg::Effect;
use crate::tui::msg::{AfterLeave, Cmd};
use crate::tui::shell::{Screen, Shell};
use lairsmith_core::bestiary::drafts::{Draft, Origin};
use lairsmith_core::monster::MonsterDesign;
use lairsmith_core::store::Fingerprint;
use std::path::PathBuf;

/// A draft read again, with the monster file its work changes.
#[derive(Debug, Clone, PartialEq)]
pub struct Reopened {
    pub draft: Draft,
    /// What the draft's file held.
    pub fingerprint: Fingerprint,
    /// The user's monster file the work changes and its design as it is now; `None` for a new
    /// monster, or when that file cannot be read (`lost` says why).
    pub base: Option<(PathBuf, MonsterDesign)>,
    pub lost: Option<String>,
}

/// Keeps the Forge's work as a draft, then goes on with `then`.
pub fn keep(forge: &mut Forge, shell: &mut Shell, then: Option<AfterLeave>) -> Vec<Effect> {
    let f = forge;
    // The file it changes is named within the bestiary folder, so the draft never points
    // anywhere else.
    let edits = f.design.file().and_then(|file| {
        let name = file
            .path
            .parent()
            .filter(|dir| *dir == shell.paths.bestiary)
            .and(file.path.file_name())?;
        Some((name.to_string_lossy().into_owned(), file.fingerprint))
    });
    let draft = Draft {
        design: (*f.design).clone(),
        origin: Origin {
            edits,
            copy_of: f.copy_of.clone(),
            powers_custom: f.powers_custom,
        },
    };
    vec![
        Cmd::Forge(Job::KeepDraft {
            draft: Box::new(draft),
            replacing: f.draft.clone(),
            then,
        })
        .into(),
    ]
}

/// Enter on a draft of the list: it is read, to be taken up in the Forge.
pub fn chosen(file: &SavedFile) -> Vec<Effect> {
    vec![
        Cmd::Forge(Job::LoadDraft {
            path: file.path.clone(),
        })
        .into(),
    ]
}

/// The delete key on a draft of the list: asks first.
pub fn delete_asked(shell: &mut Shell, file: &SavedFile) {
    let name = match &file.about {
        About::Draft { name, .. } if !name.trim().is_empty() => name.clone(),
        _ => file
            .path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    shell.push(Layer::Confirm(Confirm::Forge(Question::DeleteDraft {
        path: file.path.clone(),
        name,
    })));
}

/// The answer to the question before deleting a draft; `Err` keeps asking.
pub fn on_delete_answer(path: PathBuf, action: Action) -> Option<Vec<Effect>> {
    match action {
        Action::Yes => Some(vec![Cmd::Forge(Job::TrashDraft { path }).into()]),
        // Back to the list.
        Action::No | Action::Back => Some(vec![Cmd::ListFiles(FilesFor::OpenDraft).into()]),
        _ => None,
    }
}

/// What the executor did with drafts.
pub fn on_outcome(forge: &mut Forge, shell: &mut Shell, done: Done) -> Vec<Effect> {
    match done {
        Done::DraftKept { result, then } => match result {
            Ok(kept) => {
                let name = forge.design.name.clone();
                // The work is in the draft: the Forge starts afresh, and leaving goes on.
                *forge = Forge::new_monster();
                let open = shell.key_in(&forge.screen_contexts(), Action::Open);
                // The folder is in the guide (Where files are saved); the file's name is enough to find it.
                let file = kept.path.file_name().unwrap_or_default().to_string_lossy();
                shell.info(format!(
                    "Kept {name} as drafts/{file}; {open} in the Forge reopens it."
                ));
                return then.map(Effect::Leave).into_iter().collect();
            }
            Err(e) => shell.error(format!(
                "The draft was not kept: {e}. Your work is still in the Forge."
            )),
        },
        Done::DraftLoaded { path, result } => match result {
            Ok(r) => reopen(forge, shell, path, *r),
            Err(e) => shell.error(e.to_string()),
        },
        Done::DraftRemoved {
            path,
            result: Err(e),
        } => shell.error(format!(
            "Saved; the draft {} could not be deleted: {e}",
            path.display()
        )),
        Done::DraftTrashed { path, result } => match result {
            Ok(to) => {
                shell.info(format!(
                    "Moved the draft {} to {}.",
                    path.display(),
                    to.display()
                ));
                return vec![Cmd::ListFiles(FilesFor::OpenDraft).into()];
            }
            Err(e) => shell.error(format!("The draft {} was not deleted: {e}", path.display())),
        },
        _ => {}
    }
    Vec::new()
}

/// A draft taken up again in the Forge: the work over what it changes (the user's monster file
/// as it is now, the shipped monster it copies, or a new monster), so it is unsaved until a
/// save, and a save over the file still notices a change made since the draft was kept.
fn reopen(forge: &mut Forge, shell: &mut Shell, path: PathBuf, r: Reopened) {
    let Reopened {
        draft,
        fingerprint,
        base,
        lost,
    } = r;
    let origin = draft.origin;
    let shipped = origin
        .copy_of
        .as_deref()
        .and_then(|id| shell.bestiary.get(id))
        .filter(|e| e.is_shipped())
        .and_then(|e| e.design_in_memory());
    let (baseline, file) = match (base, origin.edits) {
        (Some((file, design)), Some((_, then))) => (
            design,
            Some(OnDisk {
                path: file,
                fingerprint: then,
            }),
        ),
        _ => match shipped {
            Some(d) => ((*d).clone(), None),
            None => ((*Forge::new_monster().design).clone(), None),
        },
    };
    let name = draft.design.name.clone();
    let mut fresh = Forge::reopened(draft.design, baseline, file, origin.powers_custom);
    fresh.copy_of = origin.copy_of;
    fresh.draft = Some(OnDisk { path, fingerprint });
    *forge = fresh;
    shell.screen = Screen::Forge;
    let save = shell.key_in(&forge.screen_contexts(), Action::Save);
    match lost {
        None => shell.info(format!(
            "Draft of {name} reopened, unsaved; {save} saves it and deletes the draft."
        )),
        Some(why) => shell.error(format!(
            "Draft of {name} reopened, but the monster file it changed cannot be read ({why}); {save} saves it as a new monster."
        )),
    }
}

/// After the Forge's monster was saved to the bestiary: the draft it came from is done with.
pub fn saved(forge: &mut Forge) -> Vec<Effect> {
    forge
        .draft
        .take()
        .map(|d| Cmd::Forge(Job::RemoveDraft { path: d.path }).into())
        .into_iter()
        .collect()
}
