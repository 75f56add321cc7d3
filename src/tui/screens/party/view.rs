//! The party form drawn over the screen: a column per character (name and level), a row per
//! number, the focused cell's range and what Enter writes to. Rows and columns that do not fit
//! scroll with the cursor, so any party is readable at 80×24.

use super::{NUMBERS, PartyForm, Question, screen_of};
use crate::tui::app::App;
use crate::tui::keymap::{Action, Ctx};
use crate::tui::theme;
use crate::tui::widgets::list_offset;
use lairsmith_core::text::{escape_controls, pad_to_width, truncate_to_width};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

/// The label column, wide enough for the longest label.
const LABEL_W: usize = 20;
/// A character's column: a cell and the space after it.
const COLUMN_W: usize = 9;
/// The lines above and below the rows: two of heading, two of hints.
const HEAD: usize = 2;
const FOOT: usize = 2;

pub fn view(app: &App, form: &PartyForm, f: &mut Frame, area: Rect) {
    // Below the tabs and above the status line, which says why a cell was refused.
    let body = crate::tui::view::body(app, area);
    let wanted = (HEAD + NUMBERS.len() + FOOT + 2) as u16;
    let r = crate::tui::widgets::popup(body, 80, wanted);
    f.render_widget(Clear, r);
    let inner_w = usize::from(r.width.saturating_sub(2));
    let inner_h = usize::from(r.height.saturating_sub(2));
    let n = form.members.len();
    let across = (inner_w.saturating_sub(LABEL_W) / COLUMN_W).max(1);
    let first = list_offset(form.member, 0, across, n);
    let shown: Vec<usize> = (first..n).take(across).collect();
    let rows = inner_h.saturating_sub(HEAD + FOOT).max(1);
    let top = list_offset(form.row, 0, rows, NUMBERS.len());

    let mut lines = heading(form, &shown, n);
    let mut cursor = None;
    for (r, number) in NUMBERS.iter().enumerate().skip(top).take(rows) {
        let on_row = r == form.row;
        let style = if on_row {
            theme::selected()
        } else {
            theme::bold()
        };
        let mut spans = vec![Span::styled(pad_to_width(number.label, LABEL_W), style)];
        for (col, &i) in shown.iter().enumerate() {
            let field = &form.cells[i][r];
            if on_row && i == form.member {
                let (text, at) = field.visible(COLUMN_W - 2);
                let x = LABEL_W + col * COLUMN_W + at;
                cursor = Some((x as u16, (lines.len()) as u16));
                spans.push(Span::raw(pad_to_width(&text, COLUMN_W)));
            } else if field.is_empty() {
                spans.push(Span::styled(pad_to_width("·", COLUMN_W), theme::dim()));
            } else {
                let (text, _) = field.visible(COLUMN_W - 1);
                spans.push(Span::raw(pad_to_width(&text, COLUMN_W)));
            }
        }
        lines.push(Line::from(spans));
    }
    lines.extend(hints(app, form, inner_w));
    let title = match &form.saved {
        Some(_) => format!(" The party's numbers: {} ", escape_controls(&form.name)),
        None => format!(" The party's numbers (this {}'s own) ", owner_word(form)),
    };
    let title = truncate_to_width(&title, inner_w).into_owned();
    f.render_widget(
        Paragraph::new(lines).block(crate::tui::widgets::dialog(title)),
        r,
    );
    if let Some((x, y)) = cursor {
        f.set_cursor_position((r.x + 1 + x, r.y + 1 + y));
    }
}

fn owner_word(form: &PartyForm) -> &'static str {
    match form.owner {
        crate::tui::msg::Owner::Adventure => "adventure",
        _ => "encounter",
    }
}

/// The characters' names and levels over their columns; when some are off to the side, which
/// ones show.
fn heading(form: &PartyForm, shown: &[usize], n: usize) -> Vec<Line<'static>> {
    let which = match (shown.first(), shown.last()) {
        (Some(a), Some(b)) if shown.len() < n => format!("{}–{} of {n} ◂ ▸", a + 1, b + 1),
        _ => String::new(),
    };
    let mut names = vec![Span::styled(pad_to_width(&which, LABEL_W), theme::dim())];
    let mut levels = vec![Span::raw(" ".repeat(LABEL_W))];
    for &i in shown {
        let style = if i == form.member {
            theme::selected()
        } else {
            theme::bold()
        };
        let name = truncate_to_width(&form.label(i), COLUMN_W - 1).into_owned();
        names.push(Span::styled(pad_to_width(&name, COLUMN_W - 1), style));
        names.push(Span::raw(" "));
        let level = format!("level {}", form.members[i].level);
        levels.push(Span::styled(pad_to_width(&level, COLUMN_W), theme::dim()));
    }
    vec![Line::from(names), Line::from(levels)]
}

/// The focused number's range and what an empty cell means; what Enter writes to.
fn hints(app: &App, form: &PartyForm, width: usize) -> Vec<Line<'static>> {
    let number = &NUMBERS[form.row.min(NUMBERS.len() - 1)];
    let range = format!(
        "{}: {}; {}.",
        number.label,
        number.limit.range_text(),
        number.note
    );
    let undo = app.key_on(screen_of(form.owner), Action::Undo);
    let enter = app.shell.keymap.key_for(Ctx::PartyForm, Action::Choose);
    let enter = match &form.saved {
        Some((id, _)) => format!(
            "{enter} writes the party file `{}` ({undo} undoes).",
            escape_controls(id)
        ),
        None => format!(
            "{enter} sets them in the {} ({undo} undoes).",
            owner_word(form)
        ),
    };
    [range, enter]
        .into_iter()
        .map(|t| {
            Line::from(Span::styled(
                truncate_to_width(&t, width).into_owned(),
                theme::dim(),
            ))
        })
        .collect()
}

/// The form's question: its title and sentence.
pub fn question(q: &Question) -> (&'static str, String) {
    let Question::Discard(_) = q;
    (
        " Unsaved numbers ",
        "Drop the numbers you changed in the form? (No goes back to the form.)".into(),
    )
}
