//! The party form's changes to saved parties' files as steps of the screen's undo. The file is
//! not part of the encounter or the adventure, so its change is marked beside the document's
//! value ([`PartyFiles::last`], kept in the history as the encounter's locked groups are): undo
//! stepping back over a mark writes the numbers the file had before it, redo the numbers it
//! was given, each over the file as lairsmith last read or wrote it. `>` levels a saved party
//! up without any undo; numbers are typed by hand, one slip of a key from being lost, so their
//! change can be taken back as every other change on these screens can.

use super::job::{Done, Job};
use super::{PartyForm, screen_of};
use crate::tui::app::App;
use crate::tui::keymap::Action;
use crate::tui::layer::Layer;
use crate::tui::msg::{Cmd, Effect, Owner};
use lairsmith_core::encounter::{Member, Party, PartyFile, PartyRef};
use lairsmith_core::store::Fingerprint;
use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

static SERIALS: AtomicU64 = AtomicU64::new(1);

/// One change the form made to a saved party's file.
#[derive(Debug, PartialEq, Eq)]
pub struct FileEdit {
    /// Tells two changes that wrote the same numbers apart, so each is a step of its own.
    serial: u64,
    pub id: String,
    /// The characters as the file held them before, and after.
    pub before: Vec<Member>,
    pub after: Vec<Member>,
}

/// The last change to a saved party's file at a point of the screen's history; shared, since
/// the history copies it with every step.
pub type Mark = Option<Arc<FileEdit>>;

/// What a screen keeps of the saved parties' files the form changed.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PartyFiles {
    /// Kept in the screen's history beside the document: see the module's comment.
    pub last: Mark,
    /// Each saved party's file as the screen last read or wrote it: what an undo or a redo
    /// writes over, refusing a file changed since.
    pub seen: BTreeMap<String, Fingerprint>,
}

/// Why numbers are written to a saved party's file.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// The form's Enter; the form comes back if the file cannot be written.
    Form(Box<PartyForm>),
    Undo,
    Redo,
}

fn files_of(app: &mut App, owner: Owner) -> Option<&mut PartyFiles> {
    match owner {
        Owner::Encounter => Some(&mut app.encounter.party_files),
        Owner::Adventure => Some(&mut app.adventure.party_files),
    }
}

/// After an undo or a redo of the owner's screen (`back`: an undo) that stepped over a change to
/// a saved party's file (the mark was `was` before the step): the write that takes the change
/// back, or makes it again.
pub fn history_stepped(app: &mut App, owner: Owner, was: &Mark, back: bool) -> Vec<Effect> {
    let Some(files) = files_of(app, owner) else {
        return Vec::new();
    };
    if *was == files.last {
        return Vec::new();
    }
    let (edit, step) = if back {
        (was.clone(), Step::Undo)
    } else {
        (files.last.clone(), Step::Redo)
    };
    let Some(edit) = edit else {
        return Vec::new();
    };
    let Some(seen) = files.seen.get(&edit.id).copied() else {
        return Vec::new();
    };
    let members = if back {
        edit.before.clone()
    } else {
        edit.after.clone()
    };
    vec![
        Cmd::Party(Job::SetNumbers {
            id: edit.id.clone(),
            owner,
            seen,
            members,
            step,
        })
        .into(),
    ]
}

/// What the executor did with a saved party's numbers.
pub fn on_outcome(app: &mut App, done: Done) -> Vec<Effect> {
    match done {
        Done::NumbersRead { id, owner, result } => match result {
            Ok((file, fingerprint)) => {
                if let Some(files) = files_of(app, owner) {
                    files.seen.insert(id.clone(), fingerprint);
                }
                if let Ok(p) = file.party() {
                    party_saved(app, &id, p);
                }
                let saved = Some((id, fingerprint));
                let form = PartyForm::new(owner, saved, file.name, file.members);
                app.shell.push(Layer::PartyNumbers(form));
            }
            Err(m) => app.shell.error(m.to_string()),
        },
        Done::NumbersSet {
            id,
            owner,
            step,
            result,
        } => match result {
            Ok((file, fingerprint)) => written(app, owner, &id, step, file, fingerprint),
            Err(e) => {
                let changed = super::job::changed_on_disk(&e);
                not_written(app, owner, &id, step, e.to_string(), changed)
            }
        },
    }
    Vec::new()
}

/// The numbers are in the file: the screens that read the party take it as saved, and the
/// form's change becomes a step of the owner's history.
fn written(
    app: &mut App,
    owner: Owner,
    id: &str,
    step: Step,
    file: PartyFile,
    fingerprint: Fingerprint,
) {
    let undo = app.key_on(screen_of(owner), Action::Undo);
    let redo = app.key_on(screen_of(owner), Action::Redo);
    if let Ok(p) = file.party() {
        party_saved(app, id, p);
    }
    let Some(files) = files_of(app, owner) else {
        return;
    };
    files.seen.insert(id.to_owned(), fingerprint);
    let said = match step {
        Step::Form(form) => {
            files.last = Some(Arc::new(FileEdit {
                serial: SERIALS.fetch_add(1, Ordering::Relaxed),
                id: id.to_owned(),
                before: form.members,
                after: file.members,
            }));
            format!("Saved the numbers to the party `{id}`'s file ({undo} undoes).")
        }
        Step::Undo => {
            format!("Undone: the party `{id}`'s file has its numbers back ({redo} redoes).")
        }
        Step::Redo => format!("Redone: the party `{id}`'s file has the new numbers again."),
    };
    app.shell.info(said);
}

/// The file was not written: the form comes back with its cells to correct or keep, or the
/// undo or redo says the file was left as it is.
fn not_written(
    app: &mut App,
    owner: Owner,
    id: &str,
    step: Step,
    message: String,
    changed_on_disk: bool,
) {
    let open = app.key_on(screen_of(owner), Action::PartyNumbers);
    match step {
        Step::Form(form) => {
            app.shell.error(if changed_on_disk {
                format!(
                    "The party `{id}`'s file changed on disk since the form read it; nothing was written. Esc closes the form and {open} reads the file again."
                )
            } else {
                message
            });
            app.shell.push(Layer::PartyNumbers(*form));
        }
        Step::Undo | Step::Redo => {
            let what = if matches!(step, Step::Undo) {
                "undone"
            } else {
                "redone"
            };
            app.shell.error(if changed_on_disk {
                format!(
                    "The party `{id}`'s file changed on disk since lairsmith wrote it; its numbers were not {what} ({open} shows them as they are)."
                )
            } else {
                format!("The party `{id}`'s numbers were not {what}: {message}")
            });
        }
    }
}

/// The saved party `id` as its file holds it now, for both screens, where they read it or name
/// it (a file that could not be read before can be now).
fn party_saved(app: &mut App, id: &str, party: Party) {
    let names = |p: &PartyRef| matches!(p, PartyRef::Saved(named) if named == id);
    let e = &mut app.encounter;
    if e.saved_parties.contains_key(id) || names(&e.encounter.party) {
        e.saved_parties.insert(id.to_owned(), party.clone());
    }
    let a = &mut app.adventure;
    if a.saved_party.as_ref().is_some_and(|(read, _)| read == id) || names(&a.adventure.party) {
        a.saved_party = Some((id.to_owned(), Ok(party)));
        a.loads += 1;
    }
}
