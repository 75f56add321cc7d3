//! Undo and redo: the values a screen's document had before each change.

use std::collections::VecDeque;

/// How many changes can be undone.
pub const UNDO_STEPS: usize = 200;
const _: () = assert!(UNDO_STEPS >= 100, "the issue asks for at least 100 steps");

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

    pub fn can_redo(&self) -> usize {
        self.future.len()
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
