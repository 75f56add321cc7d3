//! A one-line text field with a cursor and the usual editing keys.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextField {
    chars: Vec<char>,
    /// Cursor position, in chars.
    pub cursor: usize,
}

/// What a key did to a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    Changed,
    Moved,
    Ignored,
}

impl TextField {
    pub fn new(text: &str) -> TextField {
        let chars: Vec<char> = text.chars().collect();
        TextField {
            cursor: chars.len(),
            chars,
        }
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

    /// Applies an editing key: printable characters insert; arrows, Home/End, Backspace/Delete,
    /// Ctrl-A/E/U/K/W behave as in a shell.
    pub fn handle(&mut self, ev: &KeyEvent) -> Edit {
        let ctrl = ev.modifiers.contains(KeyModifiers::CONTROL);
        match ev.code {
            KeyCode::Char('a') if ctrl => self.cursor = 0,
            KeyCode::Char('e') if ctrl => self.cursor = self.chars.len(),
            KeyCode::Char('u') if ctrl => {
                self.chars.drain(..self.cursor);
                self.cursor = 0;
                return Edit::Changed;
            }
            KeyCode::Char('k') if ctrl => {
                self.chars.truncate(self.cursor);
                return Edit::Changed;
            }
            KeyCode::Char('w') if ctrl => {
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
            KeyCode::Char(c)
                if !ctrl && !ev.modifiers.contains(KeyModifiers::ALT) && !c.is_control() =>
            {
                self.chars.insert(self.cursor, c);
                self.cursor += 1;
                return Edit::Changed;
            }
            KeyCode::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                self.chars.remove(self.cursor);
                return Edit::Changed;
            }
            KeyCode::Delete if self.cursor < self.chars.len() => {
                self.chars.remove(self.cursor);
                return Edit::Changed;
            }
            KeyCode::Left => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Right => self.cursor = (self.cursor + 1).min(self.chars.len()),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = self.chars.len(),
            _ => return Edit::Ignored,
        }
        Edit::Moved
    }

    /// The visible slice for a box `width` columns wide, and the cursor column within it.
    pub fn visible(&self, width: usize) -> (String, usize) {
        let width = width.max(1);
        let start = self.cursor.saturating_sub(width - 1);
        let text: String = self.chars[start..].iter().take(width).collect();
        (text, self.cursor - start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(c: KeyCode) -> KeyEvent {
        KeyEvent::new(c, KeyModifiers::NONE)
    }

    #[test]
    fn edits_like_a_shell_line() {
        let mut f = TextField::new("Frog");
        f.handle(&key(KeyCode::Home));
        for c in "Giant ".chars() {
            f.handle(&key(KeyCode::Char(c)));
        }
        assert_eq!(f.text(), "Giant Frog");
        f.handle(&key(KeyCode::End));
        f.handle(&key(KeyCode::Backspace));
        assert_eq!(f.text(), "Giant Fro");
        f.handle(&KeyEvent::new(KeyCode::Char('w'), KeyModifiers::CONTROL));
        assert_eq!(f.text(), "Giant ");
        f.handle(&KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
        assert!(f.is_empty());
        f.handle(&key(KeyCode::Char('q')));
        assert_eq!(f.text(), "q");
    }
}
