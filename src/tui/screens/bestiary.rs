//! The Bestiary screen: every monster, fuzzy search with highlighted matches, structured
//! filters, sorting, a scrollable stat block preview, and actions on the selected monster.

use crate::bestiary::Mark;
use crate::bestiary::{Bestiary, Filter, SearchHit, search};
use crate::monster::lint::{Finding, Severity};
use crate::rules::{CreatureType, Rank, Role, Source, Tag};
use crate::store::{Expect, path_in};
use crate::tui::app::{
    AfterLeave, App, Cmd, Confirm, Overlay, PromptKind, RelevelForm, WritePurpose, leave,
};
use crate::tui::keymap::{self, Action, Ctx};
use crate::tui::theme;
use crate::tui::widgets::statblock;
use crate::tui::widgets::text_field::{Edit, TextField};
use crate::vocab::Vocabulary;
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, List, ListItem, ListState, Paragraph, Wrap};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortKey {
    Name,
    Level,
    Xp,
}

impl SortKey {
    fn next(self) -> SortKey {
        match self {
            SortKey::Name => SortKey::Level,
            SortKey::Level => SortKey::Xp,
            SortKey::Xp => SortKey::Name,
        }
    }
    fn label(self) -> &'static str {
        match self {
            SortKey::Name => "name",
            SortKey::Level => "level",
            SortKey::Xp => "XP",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pane {
    List,
    Preview,
}

/// The filter dialog: one row per field; ← → cycle a value, typing edits the level range.
#[derive(Debug, Clone, PartialEq)]
pub struct FilterForm {
    pub row: usize,
    pub levels: TextField,
}

pub const FILTER_ROWS: [&str; 7] = ["Levels", "Rank", "Role", "Source", "Type", "Tag", "Leader"];

pub struct Browser {
    pub query: TextField,
    pub search_focused: bool,
    pub filter: Filter,
    pub filter_form: Option<FilterForm>,
    pub sort: SortKey,
    pub hits: Vec<SearchHit>,
    pub selected: usize,
    /// The selected monster's id. The hits index a bestiary that a reload or a delete replaces,
    /// so the selection is found again by this id, never by a stale index.
    selected_id: Option<String>,
    pub pane: Pane,
    pub preview_scroll: u16,
    /// The first visible row of the list (only visible rows are built each frame).
    pub offset: usize,
    /// Lint findings of the selected monster, computed when the selection changes.
    pub findings: Vec<Finding>,
}

impl Browser {
    pub fn new(b: &Bestiary) -> Browser {
        let mut br = Browser {
            query: TextField::default().with_max(crate::text::MAX_NAME_CHARS),
            search_focused: false,
            filter: Filter::default(),
            filter_form: None,
            sort: SortKey::Name,
            hits: Vec::new(),
            selected: 0,
            selected_id: None,
            pane: Pane::List,
            preview_scroll: 0,
            offset: 0,
            findings: Vec::new(),
        };
        br.refresh(b);
        br
    }

    /// Recomputes the visible list, keeping the selected monster selected if it is still there.
    pub fn refresh(&mut self, b: &Bestiary) {
        let keep = self.selected_id.clone();
        self.refresh_keeping(b, keep.as_deref());
    }

    pub fn refresh_keeping(&mut self, b: &Bestiary, id: Option<&str>) {
        let query = self.query.text();
        self.hits = search(b, &query, &self.filter);
        if query.trim().is_empty() {
            // The hits are in name order already; a stable sort keeps it among equals.
            let e = &b.entries;
            match self.sort {
                SortKey::Name => {}
                SortKey::Level => self.hits.sort_by_key(|h| e[h.index].design.level),
                SortKey::Xp => self.hits.sort_by_key(|h| e[h.index].xp),
            }
        }
        self.selected = id
            .and_then(|id| {
                self.hits
                    .iter()
                    .position(|h| b.entries[h.index].design.id == id)
            })
            .unwrap_or(if query.trim().is_empty() {
                self.selected
            } else {
                0
            })
            .min(self.hits.len().saturating_sub(1));
        self.on_selection(b);
    }

    fn on_selection(&mut self, b: &Bestiary) {
        self.preview_scroll = 0;
        self.selected_id = self
            .hits
            .get(self.selected)
            .map(|h| b.entries[h.index].design.id.clone());
        self.findings = self
            .hits
            .get(self.selected)
            .map(|h| {
                let e = &b.entries[h.index];
                e.findings()
            })
            .unwrap_or_default();
    }

    pub fn selected_id(&self) -> Option<String> {
        self.selected_id.clone()
    }

    fn move_by(&mut self, b: &Bestiary, delta: isize) {
        if self.hits.is_empty() {
            return;
        }
        let last = self.hits.len() as isize - 1;
        self.selected = (self.selected as isize + delta).clamp(0, last) as usize;
        self.on_selection(b);
    }
}

/// The whole path an export of `name` is offered under: a slug of the name (so nothing read
/// from a file can steer the path) in the export directory.
pub fn export_name(dir: &std::path::Path, name: &str, ext: &str) -> String {
    let mut slug = crate::monster::slugify(name);
    if slug.is_empty() {
        slug = "export".into();
    }
    dir.join(format!("{slug}.{ext}")).display().to_string()
}

fn cycle_vec<T: Vocabulary>(v: &mut Vec<T>, forward: bool) {
    let next = crate::vocab::cycle_option(v.first().copied(), forward);
    v.clear();
    v.extend(next);
}

/// Keys on the Bestiary screen. `None` lets the global keys handle it.
pub fn on_key(app: &mut App, ev: &KeyEvent) -> Option<Vec<Cmd>> {
    if app.browser.search_focused {
        return Some(search_key(app, ev));
    }
    if app.browser.filter_form.is_some() {
        return Some(filter_key(app, ev));
    }
    let action =
        keymap::lookup(&[Ctx::Bestiary], ev).or_else(|| keymap::lookup(&[Ctx::Global], ev))?;
    let br = &mut app.browser;
    let b = &app.bestiary;
    let page = 10;
    match action {
        Action::Up if br.pane == Pane::Preview => {
            br.preview_scroll = br.preview_scroll.saturating_sub(1)
        }
        Action::Down if br.pane == Pane::Preview => {
            br.preview_scroll = br.preview_scroll.saturating_add(1)
        }
        Action::PageUp if br.pane == Pane::Preview => {
            br.preview_scroll = br.preview_scroll.saturating_sub(page)
        }
        Action::PageDown if br.pane == Pane::Preview => {
            br.preview_scroll = br.preview_scroll.saturating_add(page)
        }
        Action::Up => br.move_by(b, -1),
        Action::Down => br.move_by(b, 1),
        Action::PageUp => br.move_by(b, -(page as isize)),
        Action::PageDown => br.move_by(b, page as isize),
        Action::Home => br.move_by(b, isize::MIN / 2),
        Action::End => br.move_by(b, isize::MAX / 2),
        Action::NextPane | Action::PrevPane | Action::Left | Action::Right => {
            br.pane = if br.pane == Pane::List {
                Pane::Preview
            } else {
                Pane::List
            };
        }
        Action::Search => {
            br.search_focused = true;
            br.pane = Pane::List;
        }
        Action::Filter => {
            let levels = br
                .filter
                .levels
                .as_ref()
                .map(|r| format!("{}..{}", r.start(), r.end()))
                .unwrap_or_default();
            br.filter_form = Some(FilterForm {
                row: 0,
                levels: TextField::new(&levels),
            });
        }
        Action::ClearFilter => {
            br.filter = Filter::default();
            br.query.clear();
            br.refresh(b);
            app.info("Search and filters cleared.");
        }
        Action::Sort => {
            br.sort = br.sort.next();
            br.refresh(b);
            let label = br.sort.label();
            app.info(format!(
                "Sorted by {label} (a search sorts by match first)."
            ));
        }
        Action::Edit => {
            let id = br.selected_id()?;
            return Some(leave(app, AfterLeave::Edit(id)));
        }
        Action::New => return Some(leave(app, AfterLeave::NewMonster)),
        Action::Duplicate => return Some(duplicate(app)),
        Action::Relevel => {
            let id = br.selected_id()?;
            let level = b
                .get(&id)
                .map(|e| e.design.level.to_string())
                .unwrap_or_default();
            app.overlay = Some(Overlay::Relevel(RelevelForm {
                id,
                level: TextField::new(&level),
                rank: 0,
                role: 0,
                row: 0,
            }));
        }
        Action::Delete => {
            let id = br.selected_id()?;
            let e = b.get(&id)?;
            if e.is_shipped() {
                app.error(format!(
                    "{} is a shipped monster and cannot be deleted; only your own monsters can.",
                    e.design.name
                ));
            } else {
                app.overlay = Some(Overlay::Confirm(Confirm::Delete {
                    id,
                    path: e.path.clone(),
                }));
            }
        }
        Action::Restore => match app.deleted.last() {
            Some(id) => return Some(vec![Cmd::Restore { id: id.clone() }]),
            None => app.info(
                "Nothing was deleted in this session; `lairsmith restore --list` shows the trash.",
            ),
        },
        Action::ExportMarkdown | Action::ExportYaml => {
            let id = br.selected_id()?;
            let md = action == Action::ExportMarkdown;
            let (kind, ext) = if md {
                (PromptKind::ExportMarkdown { id: id.clone() }, "md")
            } else {
                (PromptKind::ExportYaml { id: id.clone() }, "yaml")
            };
            app.overlay = Some(Overlay::Prompt {
                kind,
                title: format!("Export {} to file", if md { "Markdown" } else { "YAML" }),
                field: TextField::new(&export_name(&app.paths.exports, &id, ext)),
            });
        }
        Action::OpenEditor => {
            let id = br.selected_id()?;
            let e = b.get(&id)?;
            if e.is_shipped() {
                app.error(format!("{} is shipped and read-only: press d to duplicate it into your bestiary, then edit the copy.", e.design.name));
            } else {
                return Some(vec![Cmd::OpenEditor {
                    path: e.path.clone(),
                }]);
            }
        }
        _ => return None,
    }
    Some(Vec::new())
}

fn search_key(app: &mut App, ev: &KeyEvent) -> Vec<Cmd> {
    let br = &mut app.browser;
    match keymap::lookup(&[Ctx::Search], ev) {
        Some(Action::Choose) => br.search_focused = false,
        Some(Action::Back) => br.search_focused = false,
        Some(Action::Up) => br.move_by(&app.bestiary, -1),
        Some(Action::Down) => br.move_by(&app.bestiary, 1),
        _ => {
            if br.query.handle(ev) == Edit::Changed {
                br.refresh_keeping(&app.bestiary, None);
            }
        }
    }
    Vec::new()
}

fn filter_key(app: &mut App, ev: &KeyEvent) -> Vec<Cmd> {
    let br = &mut app.browser;
    let Some(form) = br.filter_form.as_mut() else {
        return Vec::new();
    };
    let f = &mut br.filter;
    let typing_levels = form.row == 0;
    match ev.code {
        KeyCode::Esc | KeyCode::Enter => {
            br.filter_form = None;
            br.refresh(&app.bestiary);
            return Vec::new();
        }
        KeyCode::Up => form.row = form.row.saturating_sub(1),
        KeyCode::Down | KeyCode::Tab => form.row = (form.row + 1).min(FILTER_ROWS.len() - 1),
        KeyCode::BackTab => form.row = form.row.saturating_sub(1),
        KeyCode::Left | KeyCode::Right if !typing_levels => {
            let fwd = ev.code == KeyCode::Right;
            match form.row {
                1 => cycle_vec::<Rank>(&mut f.ranks, fwd),
                2 => cycle_vec::<Role>(&mut f.roles, fwd),
                3 => cycle_vec::<Source>(&mut f.sources, fwd),
                4 => cycle_vec::<CreatureType>(&mut f.types, fwd),
                5 => cycle_vec::<Tag>(&mut f.tags, fwd),
                6 => {
                    f.leader = match (f.leader, fwd) {
                        (None, true) => Some(true),
                        (Some(true), true) => Some(false),
                        (Some(false), true) => None,
                        (None, false) => Some(false),
                        (Some(false), false) => Some(true),
                        (Some(true), false) => None,
                    }
                }
                _ => {}
            }
        }
        _ if typing_levels && form.levels.handle(ev) == Edit::Changed => {
            let t = form.levels.text();
            if t.trim().is_empty() {
                f.levels = None;
                app.status = None;
            } else {
                match Filter::parse_levels(&t) {
                    Ok(r) => {
                        f.levels = Some(r);
                        app.status = None;
                    }
                    Err(e) => app.status = Some(crate::tui::app::Status::Error(e)),
                }
            }
        }
        _ => {}
    }
    br.refresh(&app.bestiary);
    Vec::new()
}

/// Copies the selected monster into the user's bestiary under a new id and saves it.
fn duplicate(app: &mut App) -> Vec<Cmd> {
    let Some(id) = app.browser.selected_id() else {
        return Vec::new();
    };
    let Some(e) = app.bestiary.get(&id) else {
        return Vec::new();
    };
    let d = crate::bestiary::naming::copy_of(&app.bestiary, &e.design);
    match path_in(&app.paths.bestiary, &d.id, "yaml") {
        Ok(path) => vec![Cmd::Write {
            path,
            contents: crate::yaml_io::to_string(&d),
            expect: Expect::New,
            purpose: WritePurpose::Monster {
                design: Box::new(d),
                from_forge: false,
            },
        }],
        Err(e) => {
            app.error(e);
            Vec::new()
        }
    }
}

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

pub fn view(app: &mut App, f: &mut Frame, area: Rect) {
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
    let br = &mut app.browser;
    let b = &app.bestiary;

    // Search box.
    let focused = br.search_focused;
    let sb = Block::bordered()
        .title(" Search (/) ")
        .border_style(if focused {
            theme::focused_border()
        } else {
            theme::border()
        });
    let inner = sb.inner(search_area);
    let (visible, cursor) = br.query.visible(inner.width as usize);
    let content = if br.query.is_empty() && !focused {
        Line::from(Span::styled("type / to search by name", theme::dim()))
    } else {
        Line::from(visible)
    };
    f.render_widget(Paragraph::new(content).block(sb), search_area);
    if focused {
        f.set_cursor_position((inner.x + cursor as u16, inner.y));
    }

    // Active filters.
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
    let filters = if parts.is_empty() {
        "no filters (f)".to_owned()
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

    // The list: only the visible rows are built (and highlighted), so a huge bestiary costs
    // nothing extra per frame.
    let query = br.query.text();
    let rows = list_area.height.saturating_sub(2) as usize;
    if br.selected < br.offset {
        br.offset = br.selected;
    } else if rows > 0 && br.selected >= br.offset + rows {
        br.offset = br.selected + 1 - rows;
    }
    // The XP column is as wide as the widest XP shown, so no number is ever cut.
    let xp_w = br
        .hits
        .iter()
        .skip(br.offset)
        .take(rows.max(1))
        .map(|h| b.entries[h.index].xp.to_string().len())
        .max()
        .unwrap_or(0)
        .max(2)
        + 1;
    // mark, space, name, " lv", " rank ", "role     ", xp, borders
    let name_w = (list_area.width as usize)
        .saturating_sub(2 + 2 + 3 + 6 + 10 + xp_w)
        .max(2);
    let items: Vec<ListItem> = br
        .hits
        .iter()
        .skip(br.offset)
        .take(rows)
        .map(|h| {
            let e = &b.entries[h.index];
            let d = &e.design;
            let mark = if e.mark == Mark::Errors {
                Span::styled("!", theme::error())
            } else if e.mark == Mark::Warnings {
                Span::styled("*", theme::warning())
            } else if !e.is_shipped() {
                Span::styled("◆", theme::ok())
            } else {
                Span::raw(" ")
            };
            let name = crate::text::truncate_to_width(&d.name, name_w);
            let pad = name_w.saturating_sub(crate::text::display_width(&name));
            let mut spans = vec![mark, Span::raw(" ")];
            spans.extend(highlighted(
                &name,
                &crate::bestiary::matched_indices(&d.name, &query),
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
                    e.xp
                ),
                theme::dim(),
            ));
            ListItem::new(Line::from(spans))
        })
        .collect();
    let list_focused = br.pane == Pane::List && !focused;
    let header = format!(
        " {:<w$} {:>2} {:<5} {:<9}{:>xp_w$} ",
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
            "No monsters. Press n to forge one."
        } else {
            "No monster matches. F clears the search and filters."
        };
        f.render_widget(
            Paragraph::new(msg).block(Block::bordered().border_style(theme::border())),
            list_area,
        );
    } else {
        let mut state = ListState::default().with_selected(Some(br.selected - br.offset));
        f.render_stateful_widget(list, list_area, &mut state);
    }

    // Preview.
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
            lines.extend(statblock::text(&e.block()).lines);
            Text::from(lines)
        }
        None => Text::from("Nothing selected."),
    };
    f.render_widget(
        Paragraph::new(text)
            .block(pblock)
            .wrap(Wrap { trim: false })
            .scroll((br.preview_scroll, 0)),
        right,
    );

    if let Some(form) = &br.filter_form {
        filter_view(form, &br.filter, f, area);
    }
}

fn filter_view(form: &FilterForm, filter: &Filter, f: &mut Frame, area: Rect) {
    let w = 52.min(area.width);
    let h = (FILTER_ROWS.len() as u16 + 4).min(area.height);
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
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
        " ↑↓ field · ←→ value · type levels · Enter done",
        theme::dim(),
    )));
    f.render_widget(
        Paragraph::new(lines).block(
            Block::bordered()
                .title(" Filters ")
                .border_style(theme::focused_border()),
        ),
        r,
    );
    if form.row == 0 {
        let (_, c) = form.levels.visible(30);
        f.set_cursor_position((r.x + 11 + c as u16, r.y + 1));
    }
}
