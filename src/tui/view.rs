//! The frame: screen tabs, the current screen, the status line and the help bar (drawn from
//! the keymap for what has the keys), then every layer, bottom first, so the one with the keys
//! is on top; or, below 80×24, a note saying what size is needed. Views only read the model.

use crate::tui::app::{App, Confirm, PromptKind, Screen};
use crate::tui::keymap::{Action, Ctx, INTERRUPT, label};
use crate::tui::layer::Layer;
use crate::tui::screens::{adventure, bestiary, encounter, forge};
use crate::tui::theme;
use crate::tui::widgets::popup;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

pub fn view(app: &App, f: &mut Frame) {
    let area = f.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        // Ctrl-C too: the file may have given `quit` a key this terminal cannot send.
        let quit = app
            .shell
            .keymap
            .bindings
            .iter()
            .find(|b| b.ctx == Ctx::Global && b.action == Action::Quit)
            .and_then(|b| b.keys.first())
            .filter(|k| **k != INTERRUPT)
            .map_or_else(|| label(&INTERRUPT), |k| format!("{} or Ctrl-C", label(k)));
        let msg = format!(
            "lairsmith needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}; this one is {}×{}. Enlarge it, or press {quit} to quit.",
            area.width, area.height
        );
        f.render_widget(Paragraph::new(msg).wrap(Wrap { trim: true }), area);
        return;
    }
    let status_lines = app.shell.status_lines(area.width);
    let [tabs, body, status, help] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(status_lines.len() as u16),
        Constraint::Length(1),
    ])
    .areas(area);

    let mut spans = vec![Span::styled(" lairsmith ", theme::title())];
    for (i, s) in Screen::ALL.iter().enumerate() {
        let style = if *s == app.shell.screen {
            theme::selected()
        } else {
            theme::dim()
        };
        spans.push(Span::styled(format!(" F{} {} ", i + 1, s.title()), style));
        spans.push(Span::raw(" "));
    }
    f.render_widget(Paragraph::new(Line::from(spans)), tabs);

    match app.shell.screen {
        Screen::Bestiary => bestiary::view::view(&app.browser, &app.shell, f, body),
        Screen::Forge => forge::view::view(&app.forge, &app.shell, f, body),
        Screen::Encounter => encounter::view::view(app, f, body),
        Screen::Adventure => adventure::view::view(app, f, body),
        Screen::Table => crate::tui::screens::table::view::view(&app.table, &app.shell, f, body),
    }

    let style = match &app.shell.status {
        Some(s) if s.error && app.shell.running.is_none() => theme::error(),
        _ => Style::new(),
    };
    f.render_widget(Paragraph::new(status_lines).style(style), status);

    let mut bar: Vec<Span> = Vec::new();
    for (key, label) in app
        .shell
        .keymap
        .bar(&app.bar_contexts(), usize::from(help.width))
    {
        bar.push(Span::styled(key, theme::key()));
        bar.push(Span::styled(format!(" {label}  "), Style::new()));
    }
    f.render_widget(Paragraph::new(Line::from(bar)), help);

    for layer in &app.shell.layers {
        layer_view(app, layer, f, area);
    }
}

fn layer_view(app: &App, layer: &Layer, f: &mut Frame, area: Rect) {
    match layer {
        Layer::Help { scroll } => help_view(app, f, area, *scroll),
        Layer::Errors { scroll } => errors_view(app, f, area, *scroll),
        Layer::Confirm(c) => confirm_view(app, c, f, area),
        // The Forge draws the field being edited in its form.
        Layer::Prompt {
            kind: PromptKind::Forge(_),
            ..
        } => {}
        Layer::Prompt { kind, title, field } => {
            if let PromptKind::Table(p) = kind
                && let Some(lines) =
                    crate::tui::screens::table::prompt_view::lines(&app.table, p, &field.text())
            {
                crate::tui::screens::table::prompt_view::view(title, field, lines, f, area);
                return;
            }
            let r = popup(area, 72, 3);
            f.render_widget(Clear, r);
            let (vis, c) = field.visible(r.width.saturating_sub(2) as usize);
            f.render_widget(
                Paragraph::new(Line::from(vis)).block(crate::tui::widgets::dialog(format!(
                    " {} ",
                    lairsmith_core::text::truncate_to_width(title, 68)
                ))),
                r,
            );
            f.set_cursor_position((r.x + 1 + c as u16, r.y + 1));
        }
        Layer::Editor(e) => editor_view(e, f, area),
        Layer::Search => {}
        Layer::Bestiary(d) => bestiary::dialog::view(&app.browser, &app.shell, d, f, area),
        Layer::Forge(d) => forge::dialog::view(&app.forge, d, f, area),
        Layer::Encounter(d) => encounter::dialog::view(app, d, f, area),
        Layer::PartyNumbers(form) => crate::tui::screens::party::view::view(app, form, f, area),
        Layer::Files {
            purpose,
            files,
            cursor,
        } => crate::tui::files::view(*purpose, files, *cursor, f, area),
    }
}

/// Notes of several lines in a box over the screen, word-wrapped, the cursor's row in view.
fn editor_view(e: &crate::tui::layer::Editor, f: &mut Frame, area: Rect) {
    use crate::tui::widgets::text_area::EDITOR_TEXT_COLUMNS;
    let width = EDITOR_TEXT_COLUMNS as u16 + 2;
    let r = popup(area, width, area.height.saturating_sub(4).min(16));
    f.render_widget(Clear, r);
    let text_width = usize::from(r.width.saturating_sub(2));
    let rows = e.area.rows(text_width);
    let (row, col) = e.area.cursor_at(text_width);
    let visible = usize::from(r.height.saturating_sub(2)).max(1);
    let top = crate::tui::widgets::list_offset(row, 0, visible, rows.len());
    let lines: Vec<Line> = rows
        .iter()
        .skip(top)
        .take(visible)
        .map(|row| Line::from(e.area.row_text(*row)))
        .collect();
    let title = lairsmith_core::text::truncate_to_width(&e.title, usize::from(width) - 4);
    f.render_widget(
        Paragraph::new(lines).block(crate::tui::widgets::dialog(format!(" {title} "))),
        r,
    );
    let (x, y) = (col as u16, (row - top) as u16);
    f.set_cursor_position((r.x + 1 + x, r.y + 1 + y));
}

/// The body of the frame (below the tabs, above the status line): where the key reference and
/// the list of unreadable files go, covering the screen entirely so nothing shows through.
pub(crate) fn body(app: &App, area: Rect) -> Rect {
    Rect::new(
        area.x,
        area.y + 1,
        area.width,
        area.height
            .saturating_sub(2 + app.shell.status_lines(area.width).len() as u16),
    )
}

fn help_view(app: &App, f: &mut Frame, area: Rect, scroll: u16) {
    let r = body(app, area);
    f.render_widget(Clear, r);
    let close = app.shell.keymap.key_for(Ctx::Viewer, Action::Back);
    let (width, height) = (r.width.saturating_sub(2), r.height.saturating_sub(2));
    let (lines, scroll) = crate::tui::help::rows(
        &app.shell.keymap,
        usize::from(width),
        usize::from(height),
        scroll,
    );
    f.render_widget(
        Paragraph::new(lines)
            .scroll((scroll, 0))
            .block(crate::tui::widgets::dialog(format!(
                " Keys: ↑↓ PgUp PgDn scroll · {close} closes "
            ))),
        r,
    );
}

fn errors_view(app: &App, f: &mut Frame, area: Rect, scroll: u16) {
    let r = body(app, area);
    f.render_widget(Clear, r);
    let reload = app.shell.keymap.key_for(Ctx::Global, Action::Reload);
    let close = app.shell.keymap.key_for(Ctx::Viewer, Action::Back);
    let n = app.shell.bestiary.errors.len();
    let mut lines = vec![Line::from(Span::styled(
        format!(
            "{} could not be read and {} not listed; everything else loaded. Fix them and press {reload}.",
            lairsmith_core::text::count_of(n, "file", "files"),
            if n == 1 { "is" } else { "are" }
        ),
        theme::dim(),
    ))];
    for e in &app.shell.bestiary.errors {
        lines.push(Line::from(Span::styled(e.to_string(), theme::error())));
    }
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .block(crate::tui::widgets::dialog(format!(
                " Files that could not be read · {close} closes "
            ))),
        r,
    );
}

/// A question, in the words of the screen it belongs to, over the screen with its answers.
fn confirm_view(app: &App, c: &Confirm, f: &mut Frame, area: Rect) {
    let (title, body) = match c {
        Confirm::Bestiary(q) => bestiary::view::question(&app.shell, q),
        Confirm::Forge(q) => forge::view::question(&app.forge, &app.shell, q),
        Confirm::Encounter(q) => encounter::view::question(app, q),
        Confirm::Adventure(q) => adventure::view::question(app, q),
        Confirm::Table(q) => crate::tui::screens::table::card::question(&app.table, q),
        Confirm::Party(q) => crate::tui::screens::party::view::question(q),
        Confirm::Overwrite { path, .. } => (
            " File exists ",
            format!("{} already exists. Overwrite it?", path.display()),
        ),
    };
    let keys: Vec<String> = app
        .shell
        .keymap
        .bar_items(&[c.ctx()])
        .into_iter()
        .map(|(k, l)| format!("{k} {l}"))
        .collect();
    let r = popup(area, 64, 9);
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(vec![
            Line::from(body),
            Line::default(),
            Line::from(Span::styled(keys.join(" · "), theme::key())),
        ])
        .wrap(Wrap { trim: true })
        .block(crate::tui::widgets::dialog(title)),
        r,
    );
}
