//! Text of several lines (notes) with a cursor, the text field's editing keys line by line, and
//! a length limit. Lines are word-wrapped to the box they are drawn in, and the cursor moves up
//! and down by the rows drawn, so what the arrows do is what the eye sees.

use crate::tui::keymap::Action;
use crate::tui::widgets::text_field::Edit;
use unicode_width::UnicodeWidthChar;

/// The text columns of the editor's box: a terminal is at least 80 columns wide, so the box is
/// always this wide and the rows a key moves by are the rows drawn.
pub const EDITOR_TEXT_COLUMNS: usize = 70;

/// The most characters notes may grow to in the editor unless given their own limit: far past
/// any notes a GM writes, short enough that every edit stays instant.
pub const AREA_MAX_CHARS: usize = 20_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextArea {
    chars: Vec<char>,
    /// Cursor position, in chars.
    pub cursor: usize,
    max_chars: usize,
}

/// One drawn row: the chars `start..end` of the text (a line break is in no row).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    pub start: usize,
    pub end: usize,
    /// Whether the row ends its line (at a line break or the end of the text), so the cursor
    /// may stand after its last character.
    pub last: bool,
}

fn col_width(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// What may be kept of typed or pasted text: a tab is a space and a carriage return a line
/// break; other control characters and bidi controls are dropped, as nothing shows them.
fn keep(c: char) -> Option<char> {
    match c {
        '\t' => Some(' '),
        '\r' => Some('\n'),
        '\n' => Some('\n'),
        c if lairsmith_core::text::is_unsafe_char(c) => None,
        c => Some(c),
    }
}

impl TextArea {
    /// The whole of `text`, however long (the limit only stops it growing), the cursor at its
    /// end.
    pub fn new(text: &str) -> TextArea {
        let text = text.replace("\r\n", "\n");
        let chars: Vec<char> = text.chars().filter_map(keep).collect();
        TextArea {
            cursor: chars.len(),
            max_chars: AREA_MAX_CHARS.max(chars.len()),
            chars,
        }
    }

    /// The same text, growing to at most `max` characters by typing or pasting; text already
    /// longer is kept whole (cutting it would lose what the user did not touch).
    pub fn with_max(mut self, max: usize) -> TextArea {
        self.max_chars = max.max(self.chars.len());
        self
    }

    pub fn text(&self) -> String {
        self.chars.iter().collect()
    }

    pub fn len(&self) -> usize {
        self.chars.len()
    }

    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// Types one character (a line break too) at the cursor, nothing past the limit.
    pub fn insert(&mut self, c: char) -> Edit {
        let Some(c) = keep(c) else {
            return Edit::Ignored;
        };
        if self.chars.len() >= self.max_chars {
            return Edit::Ignored;
        }
        self.chars.insert(self.cursor, c);
        self.cursor += 1;
        Edit::Changed
    }

    /// Inserts pasted text at the cursor, line breaks kept, cut at the limit; one edit.
    pub fn insert_str(&mut self, text: &str) -> Edit {
        let room = self.max_chars.saturating_sub(self.chars.len());
        let text = text.replace("\r\n", "\n");
        let new: Vec<char> = text.chars().filter_map(keep).take(room).collect();
        if new.is_empty() {
            return Edit::Ignored;
        }
        let n = new.len();
        self.chars.splice(self.cursor..self.cursor, new);
        self.cursor += n;
        Edit::Changed
    }

    /// The line the cursor is on: its first char and the char after its last.
    fn line(&self) -> (usize, usize) {
        let start = self.chars[..self.cursor]
            .iter()
            .rposition(|c| *c == '\n')
            .map_or(0, |i| i + 1);
        let end = self.chars[self.cursor..]
            .iter()
            .position(|c| *c == '\n')
            .map_or(self.chars.len(), |i| self.cursor + i);
        (start, end)
    }

    /// The rows the text is drawn in, `width` columns wide: each line word-wrapped (a word
    /// longer than a row is cut), one column kept free for the cursor after a row's end.
    pub fn rows(&self, width: usize) -> Vec<Row> {
        let width = width.saturating_sub(1).max(1);
        let mut rows = Vec::new();
        let mut line_start = 0;
        loop {
            let line_end = self.chars[line_start..]
                .iter()
                .position(|c| *c == '\n')
                .map_or(self.chars.len(), |i| line_start + i);
            let mut start = line_start;
            loop {
                let (mut used, mut i, mut space) = (0, start, None);
                while i < line_end && used + col_width(self.chars[i]) <= width {
                    if self.chars[i] == ' ' {
                        space = Some(i);
                    }
                    used += col_width(self.chars[i]);
                    i += 1;
                }
                if i == line_end {
                    rows.push(Row {
                        start,
                        end: line_end,
                        last: true,
                    });
                    break;
                }
                // Break after the last space that fits, else inside the word.
                let end = match space {
                    Some(s) if s >= start => s + 1,
                    _ => i.max(start + 1),
                };
                rows.push(Row {
                    start,
                    end,
                    last: false,
                });
                start = end;
            }
            if line_end >= self.chars.len() {
                break;
            }
            line_start = line_end + 1;
        }
        rows
    }

    /// The row the cursor is drawn on and its column there, for `width` columns.
    pub fn cursor_at(&self, width: usize) -> (usize, usize) {
        let rows = self.rows(width);
        let r = self.row_of(&rows);
        let row = rows[r];
        let col = self.chars[row.start..self.cursor]
            .iter()
            .map(|c| col_width(*c))
            .sum();
        (r, col)
    }

    /// The index of the row holding the cursor: a cursor at the end of a wrapped row stands at
    /// the start of the next.
    fn row_of(&self, rows: &[Row]) -> usize {
        rows.iter()
            .position(|r| {
                r.start <= self.cursor && (self.cursor < r.end || (r.last && self.cursor == r.end))
            })
            .unwrap_or(rows.len().saturating_sub(1))
    }

    /// The text of a row, as drawn.
    pub fn row_text(&self, row: Row) -> String {
        self.chars[row.start..row.end].iter().collect()
    }

    /// The cursor one row up (`up`) or down, as near its column as the row allows.
    fn move_row(&mut self, up: bool, width: usize) -> Edit {
        let rows = self.rows(width);
        let r = self.row_of(&rows);
        let target = match (up, r) {
            (true, 0) => {
                self.cursor = 0;
                return Edit::Moved;
            }
            (true, r) => r - 1,
            (false, r) if r + 1 >= rows.len() => {
                self.cursor = self.chars.len();
                return Edit::Moved;
            }
            (false, r) => r + 1,
        };
        let (_, col) = self.cursor_at(width);
        let row = rows[target];
        // A wrapped row's end is the next row's start: the cursor stops before it.
        let last = if row.last {
            row.end
        } else {
            row.end.saturating_sub(1).max(row.start)
        };
        let mut at = row.start;
        let mut used = 0;
        while at < last && used + col_width(self.chars[at]) <= col {
            used += col_width(self.chars[at]);
            at += 1;
        }
        self.cursor = at;
        Edit::Moved
    }

    /// Carries out one of the keymap's text actions, line by line; `Up` and `Down` move by the
    /// rows drawn `width` columns wide, `NewLine` breaks the line. Other actions are not the
    /// area's.
    pub fn apply(&mut self, action: Action, width: usize) -> Edit {
        let n = self.chars.len();
        let (start, end) = self.line();
        match action {
            Action::CursorLeft => self.cursor = self.cursor.saturating_sub(1),
            Action::CursorRight => self.cursor = (self.cursor + 1).min(n),
            Action::CursorHome => self.cursor = start,
            Action::CursorEnd => self.cursor = end,
            Action::Up => return self.move_row(true, width),
            Action::Down => return self.move_row(false, width),
            Action::NewLine => return self.insert('\n'),
            Action::DeleteBack if self.cursor > 0 => {
                self.cursor -= 1;
                self.chars.remove(self.cursor);
                return Edit::Changed;
            }
            Action::DeleteForward if self.cursor < n => {
                self.chars.remove(self.cursor);
                return Edit::Changed;
            }
            // At the start or end of a line these join it to the one before or after, as a
            // shell's line does at its ends, so no key is dead.
            Action::DeleteToStart if self.cursor == start && start > 0 => {
                self.cursor -= 1;
                self.chars.remove(self.cursor);
                return Edit::Changed;
            }
            Action::DeleteToStart => {
                self.chars.drain(start..self.cursor);
                self.cursor = start;
                return Edit::Changed;
            }
            Action::DeleteToEnd if self.cursor == end && end < n => {
                self.chars.remove(end);
                return Edit::Changed;
            }
            Action::DeleteToEnd => {
                self.chars.drain(self.cursor..end);
                return Edit::Changed;
            }
            Action::DeleteWord => {
                let mut from = self.cursor;
                while from > start && self.chars[from - 1] == ' ' {
                    from -= 1;
                }
                while from > start && self.chars[from - 1] != ' ' {
                    from -= 1;
                }
                // Only a line break before the cursor: the word deleted is the break.
                if from == self.cursor && from > 0 {
                    from -= 1;
                }
                self.chars.drain(from..self.cursor);
                self.cursor = from;
                return Edit::Changed;
            }
            _ => return Edit::Ignored,
        }
        Edit::Moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(s: &str) -> TextArea {
        let mut a = TextArea::new("");
        for c in s.chars() {
            a.insert(c);
        }
        a
    }

    #[test]
    fn lines_wrap_at_words_and_the_cursor_moves_by_the_rows_drawn() {
        let a = typed("the goblins wait in the rafters\nuntil the bell");
        let rows: Vec<String> = a.rows(13).into_iter().map(|r| a.row_text(r)).collect();
        assert_eq!(
            rows,
            [
                "the goblins ",
                "wait in the ",
                "rafters",
                "until the ",
                "bell"
            ]
        );
        let mut a = a;
        assert_eq!(a.cursor_at(13), (4, 4));
        a.apply(Action::Up, 13);
        assert_eq!(a.cursor_at(13), (3, 4));
        a.apply(Action::Up, 13);
        assert_eq!(a.cursor_at(13), (2, 4));
        a.apply(Action::CursorHome, 13);
        assert_eq!(a.cursor_at(13), (0, 0));
        a.apply(Action::CursorEnd, 13);
        assert_eq!(a.cursor_at(13), (2, 7));
        a.apply(Action::Down, 13);
        a.apply(Action::Down, 13);
        a.apply(Action::Down, 13);
        assert_eq!(a.cursor, a.len());
    }

    #[test]
    fn editing_keys_work_on_the_line_and_join_lines_at_its_ends() {
        let mut a = typed("one\ntwo three");
        a.apply(Action::DeleteWord, 70);
        assert_eq!(a.text(), "one\ntwo ");
        a.apply(Action::DeleteToStart, 70);
        assert_eq!(a.text(), "one\n");
        a.apply(Action::DeleteToStart, 70);
        assert_eq!(a.text(), "one");
        a.apply(Action::NewLine, 70);
        a.insert('x');
        a.apply(Action::Up, 70);
        a.apply(Action::CursorEnd, 70);
        a.apply(Action::DeleteToEnd, 70);
        assert_eq!(a.text(), "onex");
    }

    #[test]
    fn a_paste_keeps_its_line_breaks_and_stops_at_the_limit() {
        let mut a = TextArea::new("").with_max(10);
        assert_eq!(a.insert_str("ab\r\ncd\u{1b}\tef\nghijkl"), Edit::Changed);
        assert_eq!(a.text(), "ab\ncd ef\ng");
        assert_eq!(a.insert('x'), Edit::Ignored);
        // Text longer than the limit is kept whole, never cut.
        let long = "n".repeat(50);
        assert_eq!(TextArea::new(&long).with_max(10).text(), long);
    }

    #[test]
    fn a_word_longer_than_a_row_is_cut_and_wide_characters_count_two_columns() {
        let a = typed("日本語のドラゴン");
        let rows = a.rows(7);
        assert!(
            rows.iter()
                .all(|r| a.row_text(*r).chars().map(col_width).sum::<usize>() <= 6)
        );
        assert_eq!(rows.len(), 3);
        let e = TextArea::new("");
        assert_eq!(e.rows(10).len(), 1);
        assert_eq!(e.cursor_at(10), (0, 0));
    }
}
