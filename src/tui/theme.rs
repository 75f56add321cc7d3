//! Colours and styles, in one place.

use ratatui::style::{Color, Modifier, Style};

pub fn title() -> Style {
    Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)
}
pub fn heading() -> Style {
    Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD)
}
pub fn bold() -> Style {
    Style::new().add_modifier(Modifier::BOLD)
}
pub fn italic() -> Style {
    Style::new().add_modifier(Modifier::ITALIC)
}
pub fn dim() -> Style {
    Style::new().fg(Color::DarkGray)
}
pub fn selected() -> Style {
    Style::new().fg(Color::Black).bg(Color::Cyan)
}
pub fn selected_unfocused() -> Style {
    Style::new().add_modifier(Modifier::REVERSED)
}
pub fn matched() -> Style {
    Style::new()
        .fg(Color::Yellow)
        .add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
}
pub fn focused_border() -> Style {
    Style::new().fg(Color::Cyan)
}
pub fn border() -> Style {
    Style::new().fg(Color::DarkGray)
}
pub fn error() -> Style {
    Style::new().fg(Color::Red).add_modifier(Modifier::BOLD)
}
pub fn warning() -> Style {
    Style::new().fg(Color::Yellow)
}
pub fn ok() -> Style {
    Style::new().fg(Color::Green)
}
pub fn key() -> Style {
    Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD)
}
