//! Reusable pieces of the UI: the stat block, the text field, option lists.

pub mod statblock;
pub mod text_area;
pub mod text_field;
pub mod wrap;

/// The frame of a dialog over the screen: bordered, titled, with the focused border.
pub fn dialog<'a>(title: impl Into<ratatui::text::Line<'a>>) -> ratatui::widgets::Block<'a> {
    ratatui::widgets::Block::bordered()
        .title(title)
        .border_style(crate::tui::theme::focused_border())
}

/// The first row a list of `len` rows shows in `rows` lines, from the one it showed
/// (`offset`): the selection stays in view, and no line is left empty below the last row
/// while rows above the top are hidden (after a filter shortens the list, say).
pub fn list_offset(selected: usize, offset: usize, rows: usize, len: usize) -> usize {
    let rows = rows.max(1);
    let offset = if selected < offset {
        selected
    } else if selected >= offset + rows {
        selected + 1 - rows
    } else {
        offset
    };
    offset.min(len.saturating_sub(rows))
}

pub fn popup(area: ratatui::layout::Rect, w: u16, h: u16) -> ratatui::layout::Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    ratatui::layout::Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}
