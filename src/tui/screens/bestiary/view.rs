//! Drawing the Bestiary screen (read-only).

use super::Browser;
use super::Pane;
use super::dialog::{Dialog, FILTER_ROWS, FilterForm, RelevelForm};
use crate::tui::keymap::Action;
use crate::tui::layer::Layer;
use crate::tui::shell::Shell;
use crate::tui::theme;
use crate::tui::widgets::statblock;
use lairsmith_core::bestiary::Mark;
use lairsmith_core::monster::lint::Severity;
use lairsmith_core::rules::Rank;
use lairsmith_core::vocab::Vocabulary;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, List, ListItem, ListState, Paragraph, Wrap};

fn rank_short(r: Rank) -> &'static str {
    match r {
        Rank::Mook => "mook",
        Rank::Standard => "std",
        Rank::Elite => "elite",
        Rank::Boss => "boss",
    }
}

/// Name with the fuzzy-matched characters highlighted.
fn highlighted(name: &str, indices: &[usize], base: Style) -> Vec<Span<'static>> {
    name.chars()
        .enumerate()
        .map(|(i, c)| {
            let s = if indices.contains(&i) {
                base.patch(theme::matched())
            } else {
                base
            };
            Span::styled(c.to_string(), s)
        })
        .collect()
}

pub fn view(browser: &Browser, shell: &Shell, f: &mut Frame, area: Rect) {
    let wide = area.width >= 100;
    let left_w = if wide { area.width * 45 / 100 } else { 46 };
    let [left, right] =
        Layout::horizontal([Constraint::Length(left_w), Constraint::Fill(1)]).areas(area);
    let [search_area, filter_area, list_area] = Layout::vertical([
        Constraint::Length(3),
        Constraint::Length(1),
        Constraint::Fill(1),
    ])
    .areas(left);
    search_box(browser, shell, f, search_area);
    filter_line(browser, shell, f, filter_area);
    list(browser, shell, f, list_area);
    preview(browser, shell, f, right);
}

fn search_box(browser: &Browser, shell: &Shell, f: &mut Frame, search_area: Rect) {
    let br = &browser;
    let focused = matches!(shell.top(), Some(Layer::Search));
    let sb = Block::bordered()
        .title(" Search ")
        .border_style(if focused {
            theme::focused_border()
        } else {
            theme::border()
        });
    let inner = sb.inner(search_area);
    let (visible, cursor) = br.query.visible(inner.width as usize);
    let content = if br.query.is_empty() && !focused {
        Line::from(Span::styled(
            format!(
                "type {} to search names and ids",
                shell.key_in(&Browser::contexts(), Action::Search)
            ),
            theme::dim(),
        ))
    } else {
        Line::from(visible)
    };
    f.render_widget(Paragraph::new(content).block(sb), search_area);
    if focused {
        f.set_cursor_position((inner.x + cursor as u16, inner.y));
    }
}

/// What is shown of how many, the filters in force and the sort.
fn filter_line(browser: &Browser, shell: &Shell, f: &mut Frame, filter_area: Rect) {
    let br = &browser;
    let b = &shell.bestiary;
    let mut parts: Vec<String> = Vec::new();
    if let Some(r) = &br.filter.levels {
        parts.push(format!("lvl {}-{}", r.start(), r.end()));
    }
    parts.extend(br.filter.ranks.iter().map(|r| r.key().to_owned()));
    parts.extend(br.filter.roles.iter().map(|r| r.key().to_owned()));
    parts.extend(br.filter.sources.iter().map(|r| r.key().to_owned()));
    parts.extend(br.filter.types.iter().map(|r| r.key().to_owned()));
    parts.extend(br.filter.tags.iter().map(|r| format!("#{}", r.key())));
    if let Some(l) = br.filter.leader {
        parts.push(if l {
            "leaders".into()
        } else {
            "non-leaders".into()
        });
    }
    if br.filter.mine {
        parts.push("yours".into());
    }
    let filters = if parts.is_empty() {
        format!(
            "no filters ({})",
            shell.key_in(&Browser::contexts(), Action::Filter)
        )
    } else {
        format!("filters: {}", parts.join(" "))
    };
    f.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(
                format!(" {} of {} · ", br.hits.len(), b.entries.len()),
                theme::dim(),
            ),
            Span::raw(filters),
            Span::styled(format!(" · sort: {}", br.sort.label()), theme::dim()),
        ])),
        filter_area,
    );
}

/// The list: only the visible rows are built (and highlighted), so a huge bestiary costs
/// nothing extra per frame.
fn list(browser: &Browser, shell: &Shell, f: &mut Frame, list_area: Rect) {
    let br = &browser;
    let b = &shell.bestiary;
    let focused = matches!(shell.top(), Some(Layer::Search));
    let query = br.query.text();
    let rows = list_area.height.saturating_sub(2) as usize;
    // `update` keeps the offset for the terminal's size; a frame of another size (a test's)
    // still shows the selection.
    let offset = crate::tui::widgets::list_offset(br.selected, br.offset, rows, br.hits.len());
    // The XP column is as wide as the widest XP shown, so no number is ever cut.
    let xp_w = br
        .hits
        .iter()
        .skip(offset)
        .take(rows.max(1))
        .map(|h| b.entries[h.index].card.xp.to_string().len())
        .max()
        .unwrap_or(0)
        .max(2)
        + 1;
    // lint mark, yours mark, space, name, " lv", " rank ", "role     ", xp, borders
    let name_w = (list_area.width as usize)
        .saturating_sub(2 + 3 + 3 + 6 + 10 + xp_w)
        .max(2);
    let items: Vec<ListItem> = br
        .hits
        .iter()
        .skip(offset)
        .take(rows)
        .map(|h| {
            let e = &b.entries[h.index];
            let d = &e.card;
            // Both marks, side by side: a file of yours can have lint findings too.
            let mark = match d.mark {
                Mark::Errors => Span::styled("!", theme::error()),
                Mark::Warnings => Span::styled("*", theme::warning()),
                _ => Span::raw(" "),
            };
            let yours = if e.is_shipped() {
                Span::raw(" ")
            } else {
                Span::styled("◆", theme::ok())
            };
            let name = lairsmith_core::text::truncate_to_width(&d.name, name_w);
            let pad = name_w.saturating_sub(lairsmith_core::text::display_width(&name));
            let mut spans = vec![mark, yours, Span::raw(" ")];
            spans.extend(highlighted(
                &name,
                &lairsmith_core::bestiary::matched_indices(&d.name, &query),
                Style::new(),
            ));
            spans.push(Span::raw(" ".repeat(pad)));
            let role = if d.leader {
                format!("{}+L", d.role.key())
            } else {
                d.role.key().to_owned()
            };
            spans.push(Span::styled(
                format!(
                    " {:>2} {:<5} {:<9}{:>xp_w$}",
                    d.level,
                    rank_short(d.rank),
                    role,
                    d.xp
                ),
                theme::dim(),
            ));
            ListItem::new(Line::from(spans))
        })
        .collect();
    let list_focused = br.pane == Pane::List && !focused;
    let header = format!(
        "  {:<w$} {:>2} {:<5} {:<9}{:>xp_w$} ",
        "Name",
        "Lv",
        "Rank",
        "Role",
        "XP",
        w = name_w + 1
    );
    let list = List::new(items)
        .block(
            Block::bordered()
                .title(header)
                .border_style(if list_focused {
                    theme::focused_border()
                } else {
                    theme::border()
                }),
        )
        .highlight_style(if list_focused {
            theme::selected()
        } else {
            theme::selected_unfocused()
        });
    if br.hits.is_empty() {
        let msg = if b.entries.is_empty() {
            format!(
                "No monsters. Press {} to forge one.",
                shell.key_in(&Browser::contexts(), Action::New)
            )
        } else {
            format!(
                "No monster matches. {} clears the search and filters.",
                shell.key_in(&Browser::contexts(), Action::ClearFilter)
            )
        };
        f.render_widget(
            Paragraph::new(msg)
                .wrap(Wrap { trim: true })
                .block(Block::bordered().border_style(theme::border())),
            list_area,
        );
    } else {
        let mut state = ListState::default().with_selected(Some(br.selected - offset));
        f.render_stateful_widget(list, list_area, &mut state);
    }
}

/// The selected monster's stat block, with its origin and lint findings first.
fn preview(browser: &Browser, shell: &Shell, f: &mut Frame, right: Rect) {
    let br = &browser;
    let b = &shell.bestiary;
    let preview_focused = br.pane == Pane::Preview;
    let pblock = Block::bordered()
        .title(" Stat block ")
        .border_style(if preview_focused {
            theme::focused_border()
        } else {
            theme::border()
        });
    let text = match br.hits.get(br.selected).map(|h| &b.entries[h.index]) {
        Some(e) => {
            let mut lines: Vec<Line> = Vec::new();
            let origin = if e.is_shipped() {
                "shipped (read-only)".to_owned()
            } else {
                format!("yours: {}", e.path.display())
            };
            lines.push(Line::from(Span::styled(origin, theme::dim())));
            for fnd in &br.findings {
                let style = if fnd.severity == Severity::Error {
                    theme::error()
                } else {
                    theme::warning()
                };
                let label = if fnd.severity == Severity::Error {
                    "lint error"
                } else {
                    "lint"
                };
                lines.push(Line::from(Span::styled(
                    format!("{label}: {}", fnd.message),
                    style,
                )));
            }
            match shell.designs.block(e) {
                Ok(block) => lines.extend(statblock::text(&block).lines),
                Err(err) => lines.push(Line::from(Span::styled(
                    lairsmith_core::text::escape_controls(&err).into_owned(),
                    theme::error(),
                ))),
            }
            Text::from(lines)
        }
        None => Text::from("Nothing selected."),
    };
    let text = Text::from(crate::tui::widgets::wrap::hanging(
        text.lines,
        usize::from(right.width.saturating_sub(2)),
    ));
    f.render_widget(
        Paragraph::new(text)
            .block(pblock)
            .scroll((br.preview_scroll, 0)),
        right,
    );
}

pub fn filter_view(browser: &Browser, shell: &Shell, form: &FilterForm, f: &mut Frame, area: Rect) {
    let filter = &browser.filter;
    let r = crate::tui::widgets::popup(area, 52, FILTER_ROWS.len() as u16 + 4);
    f.render_widget(Clear, r);
    let one = |v: &[&str]| v.first().map_or("any".to_owned(), |s| (*s).to_owned());
    let values = [
        form.levels.text(),
        one(&filter.ranks.iter().map(|x| x.key()).collect::<Vec<_>>()),
        one(&filter.roles.iter().map(|x| x.key()).collect::<Vec<_>>()),
        one(&filter.sources.iter().map(|x| x.key()).collect::<Vec<_>>()),
        one(&filter.types.iter().map(|x| x.key()).collect::<Vec<_>>()),
        one(&filter.tags.iter().map(|x| x.key()).collect::<Vec<_>>()),
        match filter.leader {
            None => "any".into(),
            Some(true) => "leaders only".into(),
            Some(false) => "no leaders".into(),
        },
        if filter.mine { "yours only" } else { "any" }.to_owned(),
    ];
    let mut lines = Vec::new();
    for (i, (label, value)) in FILTER_ROWS.iter().zip(values.iter()).enumerate() {
        let sel = i == form.row;
        let v = if i == 0 {
            if value.is_empty() {
                "all (type 3..7)".to_owned()
            } else {
                value.clone()
            }
        } else {
            format!("◂ {value} ▸")
        };
        let style = if sel { theme::selected() } else { Style::new() };
        lines.push(Line::from(vec![
            Span::styled(format!(" {label:<8}"), theme::bold()),
            Span::styled(format!(" {v} "), style),
        ]));
    }
    lines.push(Line::from(Span::styled(
        format!(" {}", filter_hint(shell, form)),
        theme::dim(),
    )));
    f.render_widget(
        Paragraph::new(lines).block(crate::tui::widgets::dialog(" Filters ")),
        r,
    );
    if form.row == 0 {
        let (_, c) = form.levels.visible(30);
        f.set_cursor_position((r.x + 11 + c as u16, r.y + 1));
    }
}

/// The filter form's keys in a line, named as the keymap binds them where the form has the
/// keys: "↑↓ row · ←→ value · type levels · Enter done · F clears".
fn filter_hint(shell: &Shell, form: &FilterForm) -> String {
    let ctxs = Layer::Bestiary(Dialog::Filter(form.clone())).contexts();
    let key = |a: Action| shell.keymap.key_in(&ctxs, a);
    let pair = |a: Action, b: Action, what: &str| match (key(a), key(b)) {
        (Some(a), Some(b)) => Some(format!("{a}{b} {what}")),
        (Some(k), None) | (None, Some(k)) => Some(format!("{k} {what}")),
        (None, None) => None,
    };
    // The levels row is typed into; the others take a value from the arrows.
    let typed = (form.row == 0).then(|| "type levels".to_owned());
    [
        pair(Action::Up, Action::Down, "row"),
        pair(Action::Left, Action::Right, "value").filter(|_| form.row > 0),
        typed,
        key(Action::Choose).map(|k| format!("{k} done")),
        key(Action::ClearFilter).map(|k| format!("{k} clears")),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" · ")
}

/// The title and the words of one of the Bestiary's questions.
pub fn question(shell: &Shell, q: &super::update::Question) -> (&'static str, String) {
    use super::update::Question;
    match q {
        Question::Delete { id, path } => (
            " Delete ",
            format!(
                "Delete `{id}` ({})? It goes to the trash; {} puts it back.",
                path.display(),
                shell.key_in(&Browser::contexts(), Action::Restore)
            ),
        ),
        Question::RelevelOwn { design } => (
            " Re-level your monster ",
            format!(
                "Save {} at level {} over your file, or as a new monster beside it?",
                design.name, design.level
            ),
        ),
    }
}

/// The re-level form's parts at a terminal of `area`: its box, the lines of the overrides (all
/// of them, wrapped), the hint's lines, and how many lines of the overrides fit.
struct RelevelLayout {
    rect: Rect,
    body: Vec<Line<'static>>,
    hint: Vec<Line<'static>>,
    room: usize,
}

/// The form's three rows: level, rank, role.
const RELEVEL_ROWS: usize = 3;

fn relevel_layout(shell: &Shell, form: &RelevelForm, area: Rect) -> RelevelLayout {
    let width = area.width.saturating_sub(4).clamp(54, 100).min(area.width);
    let inner = usize::from(width.saturating_sub(2));
    let body = crate::tui::widgets::wrap::hanging(relevel_body(shell, form), inner);
    // Two borders and the form's rows; the screen's status and help lines stay visible.
    let most = usize::from(area.height.saturating_sub(2));
    let fixed = 2 + RELEVEL_ROWS;
    let mut hint = relevel_hint(shell, form, false, inner);
    let mut room = most.saturating_sub(fixed + hint.len());
    if body.len() > room {
        hint = relevel_hint(shell, form, true, inner);
        room = most.saturating_sub(fixed + hint.len());
    }
    let height = fixed + hint.len() + body.len().min(room);
    let rect = crate::tui::widgets::popup(area, width, u16::try_from(height).unwrap_or(u16::MAX));
    RelevelLayout {
        rect,
        body,
        hint,
        room,
    }
}

/// What the re-level does to each override, or why the form cannot re-level as it stands.
fn relevel_body(shell: &Shell, form: &RelevelForm) -> Vec<Line<'static>> {
    let done = match super::update::relevel_preview(shell, form) {
        Ok(done) => done,
        Err(e) => return vec![Line::from(Span::styled(e, theme::dim()))],
    };
    if done.overrides.is_empty() {
        return Vec::new();
    }
    let how = if done.made_relative > 0 {
        ", made relative to follow the formula"
    } else {
        ""
    };
    let mut lines = vec![Line::from(Span::styled(
        format!("Overrides at level {}{how}:", done.design.level),
        theme::heading(),
    ))];
    for e in &done.overrides {
        let style = if e.crossing().is_some() {
            theme::warning()
        } else {
            Style::new()
        };
        lines.push(Line::from(Span::styled(
            lairsmith_core::text::escape_controls(&format!("  {}", e.line())).into_owned(),
            style,
        )));
    }
    lines
}

/// The form's keys, from the keymap in force, so the hint names the user's own bindings; a key
/// no binding gives is left out. Scrolling is offered when the overrides do not fit.
fn relevel_hint(
    shell: &Shell,
    form: &RelevelForm,
    scrolls: bool,
    width: usize,
) -> Vec<Line<'static>> {
    let ctxs = form.contexts();
    let key = |a: Action| shell.keymap.key_in(&ctxs, a);
    let pair = |a: Action, b: Action, what: &str| match (key(a), key(b)) {
        (Some(x), Some(y)) => Some(format!("{x}{y} {what}")),
        (Some(x), None) | (None, Some(x)) => Some(format!("{x} {what}")),
        (None, None) => None,
    };
    let follow = if form.follow {
        "keep the overrides as written"
    } else {
        "overrides follow the formula"
    };
    let mut items: Vec<Option<String>> = vec![
        pair(Action::Up, Action::Down, "row"),
        pair(Action::Left, Action::Right, "value"),
    ];
    if super::update::relevel_fixed_overrides(&form.design) {
        items.push(key(Action::FollowFormula).map(|k| format!("{k} {follow}")));
    }
    if scrolls {
        items.push(pair(Action::PageUp, Action::PageDown, "scroll"));
    }
    items.push(key(Action::Choose).map(|k| format!("{k} re-level")));
    items.push(key(Action::Back).map(|k| format!("{k} cancel")));
    let text: Vec<String> = items.into_iter().flatten().collect();
    crate::tui::widgets::wrap::hanging(
        vec![Line::from(Span::styled(text.join(" · "), theme::dim()))],
        width,
    )
}

/// How many lines of the overrides a page of the form scrolls.
pub fn relevel_page(shell: &Shell, form: &RelevelForm) -> usize {
    relevel_layout(shell, form, viewport(shell)).room.max(1)
}

/// The furthest the overrides' lines scroll: the last of them at the bottom of the form.
pub fn relevel_scroll_max(shell: &Shell, form: &RelevelForm) -> usize {
    let l = relevel_layout(shell, form, viewport(shell));
    l.body.len().saturating_sub(l.room)
}

fn viewport(shell: &Shell) -> Rect {
    Rect::new(0, 0, shell.viewport.0, shell.viewport.1)
}

/// The re-level form over the screen: level, rank and role, what each override does at the
/// new level (scrolled when it does not fit), and the form's keys.
pub fn relevel_view(shell: &Shell, form: &RelevelForm, f: &mut Frame, area: Rect) {
    let layout = relevel_layout(shell, form, area);
    let r = layout.rect;
    f.render_widget(Clear, r);
    let name = &form.design.name;
    let opt = |i: usize, all: &[&str]| {
        if i == 0 {
            "keep".to_owned()
        } else {
            all[i - 1].to_owned()
        }
    };
    let ranks: Vec<&str> = Rank::ALL.iter().map(|r| r.key()).collect();
    let roles: Vec<&str> = lairsmith_core::rules::Role::ALL
        .iter()
        .map(|r| r.key())
        .collect();
    let row = |label: &str, v: String, sel: bool| {
        Line::from(vec![
            Span::styled(
                format!("{label:<8}"),
                if sel {
                    theme::selected()
                } else {
                    theme::bold()
                },
            ),
            Span::raw(format!(" {v}")),
        ])
    };
    let mut lines = vec![
        row("Level", form.level.text(), form.row == 0),
        row(
            "Rank",
            format!("◂ {} ▸", opt(form.rank, &ranks)),
            form.row == 1,
        ),
        row(
            "Role",
            format!("◂ {} ▸", opt(form.role, &roles)),
            form.row == 2,
        ),
    ];
    let start = form
        .scroll
        .min(layout.body.len().saturating_sub(layout.room));
    lines.extend(layout.body.into_iter().skip(start).take(layout.room));
    lines.extend(layout.hint);
    let width = usize::from(r.width.saturating_sub(2));
    let title =
        lairsmith_core::text::truncate_to_width(&format!(" Re-level {name} "), width).into_owned();
    f.render_widget(
        Paragraph::new(lines).block(crate::tui::widgets::dialog(title)),
        r,
    );
    if form.row == 0 {
        f.set_cursor_position((r.x + 1 + 9 + form.level.cursor as u16, r.y + 1));
    }
}
