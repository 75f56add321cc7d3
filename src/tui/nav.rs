//! Moving a cursor or a scroll position by a key: the rules every list, form and pane shares,
//! for the layers and the screens alike.

use crate::tui::keymap::Action;

/// The new scroll position of a pane of `lines` lines showing `visible` of them: a page is what
/// the pane shows, and scrolling stops where the last line is at the bottom, so the pane is
/// never scrolled to blank.
pub fn scroll_to(scroll: u16, action: Action, lines: usize, visible: usize) -> u16 {
    let visible = visible.max(1);
    let last = u16::try_from(lines.saturating_sub(visible)).unwrap_or(u16::MAX);
    let page = u16::try_from(visible.saturating_sub(1).max(1)).unwrap_or(u16::MAX);
    let scroll = scroll.min(last);
    match action {
        Action::Up => scroll.saturating_sub(1),
        Action::Down => scroll.saturating_add(1).min(last),
        Action::PageUp => scroll.saturating_sub(page),
        Action::PageDown => scroll.saturating_add(page).min(last),
        Action::Home => 0,
        Action::End => last,
        _ => scroll,
    }
}

/// Moves a form's row.
pub fn form_move(row: &mut usize, rows: usize, action: Action) {
    match action {
        Action::Up | Action::PrevField => *row = row.saturating_sub(1),
        Action::Down | Action::NextField => *row = (*row + 1).min(rows - 1),
        _ => {}
    }
}

/// ← and → take the previous or next of `n` values, round.
pub fn cycle_value(v: &mut usize, n: usize, action: Action) {
    match action {
        Action::Right => *v = (*v + 1) % n,
        Action::Left => *v = (*v + n - 1) % n,
        _ => {}
    }
}

/// A picker's cursor moved by a line or a page (the picker keeps it on a row).
pub fn picker_move(cursor: &mut usize, action: Action, page: usize) {
    match action {
        Action::Up => *cursor = cursor.saturating_sub(1),
        Action::Down => *cursor = cursor.saturating_add(1),
        Action::PageUp => *cursor = cursor.saturating_sub(page),
        Action::PageDown => *cursor = cursor.saturating_add(page),
        _ => {}
    }
}
