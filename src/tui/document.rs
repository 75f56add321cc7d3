//! What a screen edits (the Forge's monster, the encounter, the adventure) as one type: the
//! value, the value last opened or saved, the file it is in, and its undo history. `update`
//! arms the document before every message and records it afterwards, so a screen only changes
//! the value and every change is undoable; saving is `mark_saved` with the file written. The
//! value before a message is copied only when the message first changes it (its first mutable
//! access), so a tick, a resize or a cursor move copies nothing.

use crate::tui::write::DocWrite;
use lairsmith_core::store::{Expect, Fingerprint};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};

/// How many changes can be undone.
pub const UNDO_STEPS: usize = 200;
const _: () = assert!(UNDO_STEPS >= 100, "the issue asks for at least 100 steps");

/// The file a document was opened from or last saved to, as it was then.
#[derive(Debug, Clone, PartialEq)]
pub struct OnDisk {
    pub path: PathBuf,
    pub fingerprint: Fingerprint,
}

/// A value being edited with its saved version, its file and its history. `S` is what undo
/// restores beside the value though the file does not hold it (the Forge's "powers edited by
/// hand", the encounter's locked groups); the screen keeps it and hands it in.
///
/// The document reads as its value (`Deref`): a screen edits `doc.name` as it would the value
/// itself, and only opening, saving and undo go through the document's methods.
pub struct Document<T, S = ()> {
    value: T,
    baseline: T,
    file: Option<OnDisk>,
    history: History<(T, S)>,
    /// Which document this is: a new one is not an undoable change of the one it replaced.
    token: u64,
    /// Armed by [`Document::snapshot`]: the first mutable access copies the value into `before`.
    armed: bool,
    /// The value as it was before the message, once the message has touched it.
    before: Option<T>,
}

/// A document before a message, to record in its history if the message changed it: which
/// document it was and what it kept aside (the value itself is copied on its first change).
pub struct Snapshot<S> {
    token: u64,
    aside: S,
}

static TOKENS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

impl<T: Clone + PartialEq, S: Clone + PartialEq> Document<T, S> {
    /// A document holding `value` as opened from `file` (or new, unsaved, without one).
    pub fn new(value: T, file: Option<OnDisk>) -> Self {
        Document {
            baseline: value.clone(),
            value,
            file,
            history: History::default(),
            token: TOKENS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            armed: false,
            before: None,
        }
    }

    /// A document holding `value`, unsaved, over `baseline` as opened from `file` (or new): work
    /// kept aside and taken up again, which stays unsaved until it is saved.
    pub fn with_baseline(value: T, baseline: T, file: Option<OnDisk>) -> Self {
        Document {
            value,
            ..Document::new(baseline, file)
        }
    }

    /// Whether the value differs from what was last opened or saved.
    pub fn is_dirty(&self) -> bool {
        self.value != self.baseline
    }

    /// The value as last opened or saved.
    pub fn baseline(&self) -> &T {
        &self.baseline
    }

    /// The file the document is in, if it has been saved or was opened from one.
    pub fn file(&self) -> Option<&OnDisk> {
        self.file.as_ref()
    }

    pub fn path(&self) -> Option<&Path> {
        self.file.as_ref().map(|f| f.path.as_path())
    }

    /// The value was written to `path`: it is the saved version now.
    pub fn mark_saved(&mut self, path: PathBuf, fingerprint: Fingerprint) {
        self.baseline = self.value.clone();
        self.file = Some(OnDisk { path, fingerprint });
    }

    /// Takes the value as it stands for the saved one, without a file written.
    pub fn mark_clean(&mut self) {
        self.baseline = self.value.clone();
    }

    /// Forgets the file: the next save makes a new one.
    pub fn forget_file(&mut self) {
        self.file = None;
    }

    /// Arms the document for a message: its value is copied when the message first changes it.
    pub fn snapshot(&mut self, aside: &S) -> Snapshot<S> {
        self.armed = true;
        self.before = None;
        Snapshot {
            token: self.token,
            aside: aside.clone(),
        }
    }

    /// Puts the document as it was before a message in the history if the message changed it.
    pub fn record(&mut self, before: Snapshot<S>, aside: &S) {
        self.armed = false;
        let value = self.before.take();
        if before.token != self.token {
            return;
        }
        let value_changed = value.as_ref().is_some_and(|v| *v != self.value);
        if value_changed || before.aside != *aside {
            let value = value.unwrap_or_else(|| self.value.clone());
            self.history.push((value, before.aside));
        }
    }

    /// Forgets an armed message without recording it (an undo or a redo, which moves in the
    /// history itself).
    pub fn disarm(&mut self) {
        self.armed = false;
        self.before = None;
    }

    /// Undo (`back`) or redo; returns whether there was anything to step to.
    pub fn step(&mut self, back: bool, aside: &mut S) -> bool {
        let current = (self.value.clone(), aside.clone());
        let to = if back {
            self.history.undo(current)
        } else {
            self.history.redo(current)
        };
        let Some((value, a)) = to else {
            return false;
        };
        self.value = value;
        *aside = a;
        true
    }
}

impl<T, S> std::ops::Deref for Document<T, S> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: Clone, S> std::ops::DerefMut for Document<T, S> {
    fn deref_mut(&mut self) -> &mut T {
        if self.armed && self.before.is_none() {
            self.before = Some(self.value.clone());
        }
        &mut self.value
    }
}

/// A document saved to a file named after it (an encounter, an adventure).
pub trait Named: serde::Serialize {
    fn name(&self) -> &str;
    fn rename(&mut self, name: &str);
}

impl Named for lairsmith_core::encounter::Encounter {
    fn name(&self) -> &str {
        &self.name
    }
    fn rename(&mut self, name: &str) {
        name.clone_into(&mut self.name);
    }
}

impl Named for lairsmith_core::adventure::Adventure {
    fn name(&self) -> &str {
        &self.name
    }
    fn rename(&mut self, name: &str) {
        name.clone_into(&mut self.name);
    }
}

impl<T: Named + Clone + PartialEq, S: Clone + PartialEq> Document<T, S> {
    /// The write that saves the document over its file, if it has one.
    pub fn save_over(&self) -> Option<DocWrite> {
        let file = self.file.as_ref()?;
        Some(DocWrite {
            copy_of: None,
            path: file.path.clone(),
            contents: lairsmith_core::yaml_io::to_string(&self.value),
            expect: Expect::Unchanged(file.fingerprint),
        })
    }

    /// The name a prompt for a new file offers: the document's, unless it still has the one a
    /// new document gets (`fresh`).
    pub fn offered_name(&self, fresh: &str) -> &str {
        Some(self.value.name())
            .filter(|n| *n != fresh)
            .unwrap_or("")
    }

    /// The write that saves the document under `name` as a new file in `dir` (the slug of the
    /// name), the name given to it. Refused, saying why, when `name` is not a name for an
    /// `what` ("encounter").
    pub fn save_as(&mut self, name: &str, what: &str, dir: &Path) -> Result<DocWrite, String> {
        let name = name.trim();
        if name.is_empty() {
            return Err(format!("An {what} needs a name."));
        }
        lairsmith_core::text::check_name(&format!("the {what}'s name"), name)?;
        let path =
            lairsmith_core::store::path_in(dir, &lairsmith_core::monster::slugify(name), "yaml")?;
        std::ops::DerefMut::deref_mut(self).rename(name);
        Ok(DocWrite {
            // A copy of a file keeps its `x-` values.
            copy_of: self.path().map(Path::to_owned),
            path,
            contents: lairsmith_core::yaml_io::to_string(&self.value),
            expect: Expect::New,
        })
    }
}

/// Why a save of a named document failed, in the GM's words: its file changed on disk since it
/// was opened (`open`: the key that opens it again), or its new name is taken.
pub fn save_failed(
    path: &Path,
    changed_on_disk: bool,
    exists: bool,
    message: String,
    open: &str,
) -> String {
    if changed_on_disk {
        format!(
            "{} changed on disk since you opened it; not overwritten. Open it again ({open}) or save under a new name.",
            path.display()
        )
    } else if exists {
        format!("{} already exists; choose another name.", path.display())
    } else {
        message
    }
}

/// Undo and redo: the values a document had before each change.
#[derive(Debug, Clone, PartialEq)]
pub struct History<T> {
    past: VecDeque<T>,
    future: Vec<T>,
}

impl<T> Default for History<T> {
    fn default() -> Self {
        History {
            past: VecDeque::new(),
            future: Vec::new(),
        }
    }
}

impl<T> History<T> {
    /// Remembers the value before a change; a new change forgets what was undone.
    pub fn push(&mut self, before: T) {
        if self.past.len() == UNDO_STEPS {
            self.past.pop_front();
        }
        self.past.push_back(before);
        self.future.clear();
    }

    /// The value to go back to, given the current one (kept for redo).
    pub fn undo(&mut self, current: T) -> Option<T> {
        let before = self.past.pop_back()?;
        self.future.push(current);
        Some(before)
    }

    /// The value to go forward to, given the current one (kept for undo).
    pub fn redo(&mut self, current: T) -> Option<T> {
        let after = self.future.pop()?;
        self.past.push_back(current);
        Some(after)
    }

    pub fn can_undo(&self) -> usize {
        self.past.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_and_redo_walk_back_and_forth_and_a_new_change_drops_the_redo() {
        let mut h = History::default();
        let mut v = 0;
        for next in 1..=3 {
            h.push(v);
            v = next;
        }
        v = h.undo(v).unwrap();
        v = h.undo(v).unwrap();
        assert_eq!(v, 1);
        v = h.redo(v).unwrap();
        assert_eq!(v, 2);
        h.push(v);
        assert_eq!(h.redo(9), None);
        assert_eq!(h.can_undo(), 3);
    }

    #[test]
    fn at_least_a_hundred_steps_are_kept() {
        let mut h = History::default();
        for i in 0..1_000 {
            h.push(i);
        }
        assert_eq!(h.can_undo(), UNDO_STEPS);
        let mut v = 1_000;
        for _ in 0..UNDO_STEPS {
            v = h.undo(v).unwrap();
        }
        assert_eq!(v, 1_000 - UNDO_STEPS as i32);
    }
}
