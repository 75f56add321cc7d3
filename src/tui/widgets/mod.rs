//! Reusable pieces of the UI: the stat block, the text field, option lists.

pub mod statblock;
pub mod text_field;
pub mod wrap;

/// The frame of a dialog over the screen: bordered, titled, with the focused border.
pub fn dialog<'a>(title: impl Into<ratatui::text::Line<'a>>) -> ratatui::widgets::Block<'a> {
    ratatui::widgets::Block::bordered()
        .title(title)
        .border_style(crate::tui::theme::focused_border())
}
