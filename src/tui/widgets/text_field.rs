//! A one-line text field with a cursor, the usual editing keys and a length limit, so no
//! paste can make an edit cost more than the limit.

use crate::tui::keymap::Action;
use unicode_width::UnicodeWidthChar;

/// The longest text a field holds unless given its own limit: far past any one-line value
/// (paths included), short enough that every edit stays instant.
pub const FIELD_MAX_CHARS: usize = 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextField {
    chars: Vec<char>,
    /// Cursor position, in chars.
    pub cursor: usize,
    max_chars: usize,
}

impl Default for TextField {
    fn default() -> TextField {
        TextField::new("")
    }
}

/// What a key did to a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    Changed,
    Moved,
    Ignored,
}

/// `text` as a one-line field holds it: a line break or a tab becomes a space (so words on two
/// lines stay two words) and other control characters are dropped.
pub fn one_line(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars()
        .map(|c| if c == '\n' || c == '\t' { ' ' } else { c })
        .filter(|c| !c.is_control())
}

impl TextField {
    pub fn new(text: &str) -> TextField {
        let chars: Vec<char> = one_line(text).take(FIELD_MAX_CHARS).collect();
        TextField {
            cursor: chars.len(),
            chars,
            max_chars: FIELD_MAX_CHARS,
        }
    }

    /// A field for editing a value the file already holds: it takes at most `max` characters,
    /// or the value's own length where that is longer, so that nothing of it is cut.
    pub fn holding(value: &str, max: usize) -> TextField {
        let chars: Vec<char> = one_line(value).collect();
        TextField {
            cursor: chars.len(),
            max_chars: max.max(chars.len()),
            chars,
        }
    }

    /// The same field holding at most `max` characters (text past it is dropped).
    pub fn with_max(mut self, max: usize) -> TextField {
        self.max_chars = max;
        self.chars.truncate(max);
        self.cursor = self.cursor.min(self.chars.len());
        self
    }

    /// Inserts pasted text at the cursor: control characters are dropped (a line break becomes
    /// a space) and what passes the limit is cut. Returns whether anything changed.
    pub fn insert_str(&mut self, text: &str) -> Edit {
        let room = self.max_chars.saturating_sub(self.chars.len());
        let new: Vec<char> = one_line(text).take(room).collect();
        if new.is_empty() {
            return Edit::Ignored;
        }
        let n = new.len();
        self.chars.splice(self.cursor..self.cursor, new);
        self.cursor += n;
        Edit::Changed
    }

    pub fn text(&self) -> String {
        self.chars.iter().collect()
    }

    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    pub fn clear(&mut self) {
        self.chars.clear();
        self.cursor = 0;
    }

    /// Types one character at the cursor (nothing past the limit).
    pub fn insert(&mut self, c: char) -> Edit {
        if c.is_control() || self.chars.len() >= self.max_chars {
            return Edit::Ignored;
        }
        self.chars.insert(self.cursor, c);
        self.cursor += 1;
        Edit::Changed
    }

    /// Carries out one of the keymap's text actions: moves as in a shell line, deletes by
    /// character, word or to either end. Other actions are not the field's.
    pub fn apply(&mut self, action: Action) -> Edit {
        let n = self.chars.len();
        match action {
            Action::CursorLeft => self.cursor = self.cursor.saturating_sub(1),
            Action::CursorRight => self.cursor = (self.cursor + 1).min(n),
            Action::CursorHome => self.cursor = 0,
            Action::CursorEnd => self.cursor = n,
            Action::DeleteBack if self.cursor > 0 => {
                self.cursor -= 1;
                self.chars.remove(self.cursor);
                return Edit::Changed;
            }
            Action::DeleteForward if self.cursor < n => {
                self.chars.remove(self.cursor);
                return Edit::Changed;
            }
            Action::DeleteToStart => {
                self.chars.drain(..self.cursor);
                self.cursor = 0;
                return Edit::Changed;
            }
            Action::DeleteToEnd => {
                self.chars.truncate(self.cursor);
                return Edit::Changed;
            }
            Action::DeleteWord => {
                let mut start = self.cursor;
                while start > 0 && self.chars[start - 1] == ' ' {
                    start -= 1;
                }
                while start > 0 && self.chars[start - 1] != ' ' {
                    start -= 1;
                }
                self.chars.drain(start..self.cursor);
                self.cursor = start;
                return Edit::Changed;
            }
            _ => return Edit::Ignored,
        }
        Edit::Moved
    }

    /// The visible slice for a box `width` columns wide, and the cursor column within it.
    /// Measured in display columns: a wide character takes two, a zero-width one none.
    pub fn visible(&self, width: usize) -> (String, usize) {
        let width = width.max(1);
        let w = |c: &char| c.width().unwrap_or(0);
        // Scroll so the text before the cursor, and the cursor itself, fit.
        let mut start = self.cursor;
        let mut before = 0;
        while start > 0 && before + w(&self.chars[start - 1]) < width {
            start -= 1;
            before += w(&self.chars[start]);
        }
        let mut used = 0;
        let text: String = self.chars[start..]
            .iter()
            .take_while(|c| {
                used += w(c);
                used <= width
            })
            .collect();
        (text, before)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_holds_at_most_its_limit_and_a_paste_costs_one_edit() {
        let mut f = TextField::default().with_max(64);
        for _ in 0..100 {
            f.insert('a');
        }
        assert_eq!(f.text().chars().count(), 64);
        let mut g = TextField::default().with_max(10);
        assert_eq!(g.insert_str(&"xy\u{1b}\n".repeat(50_000)), Edit::Changed);
        assert_eq!(g.text(), "xy xy xy x");
        assert_eq!(g.insert_str("more"), Edit::Ignored);
    }

    #[test]
    fn wide_and_zero_width_characters_are_measured_in_columns() {
        let f = TextField::new("日本語のドラゴン");
        let (text, col) = f.visible(6);
        assert!(text.chars().map(|c| c.width().unwrap_or(0)).sum::<usize>() <= 6);
        assert!(col < 6);
        let z = TextField::new("a\u{200b}b");
        assert_eq!(z.visible(10), ("a\u{200b}b".to_owned(), 2));
    }

    #[test]
    fn edits_like_a_shell_line() {
        let mut f = TextField::new("Frog");
        f.apply(Action::CursorHome);
        for c in "Giant ".chars() {
            f.insert(c);
        }
        assert_eq!(f.text(), "Giant Frog");
        f.apply(Action::CursorEnd);
        f.apply(Action::DeleteBack);
        assert_eq!(f.text(), "Giant Fro");
        f.apply(Action::DeleteWord);
        assert_eq!(f.text(), "Giant ");
        f.apply(Action::DeleteToStart);
        assert!(f.is_empty());
        f.insert('q');
        assert_eq!(f.text(), "q");
        assert_eq!(f.apply(Action::Quit), Edit::Ignored);
    }
}
