//! The frame: screen tabs, the current screen, the status line and the help bar (drawn from
//! the keymap), overlays on top; or, below 80×24, a note saying what size is needed.

use crate::tui::app::{App, Screen, Status};
use crate::tui::keymap;
use crate::tui::theme;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

pub fn view(app: &mut App, f: &mut Frame) {
    let area = f.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let msg = format!(
            "lairsmith needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}; this one is {}×{}. Enlarge it, or press q to quit.",
            area.width, area.height
        );
        f.render_widget(Paragraph::new(msg).wrap(Wrap { trim: true }), area);
        return;
    }
    let [tabs, body, status, help] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);

    let mut spans = vec![Span::styled(" lairsmith ", theme::title())];
    for (i, s) in Screen::ALL.iter().enumerate() {
        let style = if *s == app.screen {
            theme::selected()
        } else {
            theme::dim()
        };
        spans.push(Span::styled(format!(" F{} {} ", i + 1, s.title()), style));
        spans.push(Span::raw(" "));
    }
    f.render_widget(Paragraph::new(Line::from(spans)), tabs);

    match app.screen {
        Screen::Bestiary => crate::tui::screens::bestiary::view(app, f, body),
        Screen::Forge => crate::tui::screens::forge::view(app, f, body),
        Screen::Encounter => crate::tui::screens::encounter::view(app, f, body),
    }

    let status_line = match &app.status {
        Some(Status::Info(s)) => Line::from(Span::raw(s.clone())),
        Some(Status::Error(s)) => Line::from(Span::styled(s.clone(), theme::error())),
        None => Line::default(),
    };
    f.render_widget(Paragraph::new(status_line), status);

    let mut bar: Vec<Span> = Vec::new();
    for (key, label) in keymap::bar(&app.contexts()) {
        bar.push(Span::styled(key, theme::key()));
        bar.push(Span::styled(format!(" {label}  "), Style::new()));
    }
    f.render_widget(Paragraph::new(Line::from(bar)), help);

    crate::tui::overlays::view(app, f, area);
}
