//! The Encounter screen: a party, a roster built from a fuzzy picker or placeholders, an XP
//! gauge against the budget with the band thresholds, the arithmetic one key away, the
//! generator with locks, saving, opening and exporting the sheet.

use crate::bestiary::{Bestiary, search};
use crate::encounter::generate::{Request, an_encounter, generate};
use crate::encounter::report::{Report, report};
use crate::encounter::{Count, Encounter, Group, Party, PartyRef, Placeholder, Side};
use crate::export::doc::group_thousands;
use crate::rules::difficulty::BANDS;
use crate::rules::{Level, Rank, Role};
use crate::store::{Expect, Fingerprint, path_in};
use crate::tui::app::{App, Cmd, Overlay, PromptKind, Screen, WritePurpose};
use crate::tui::keymap::{self, Action, Ctx};
use crate::tui::theme;
use crate::tui::widgets::statblock;
use crate::tui::widgets::text_field::{Edit, TextField};
use crate::vocab::Vocabulary;
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use std::path::PathBuf;

/// A modal state of the Encounter screen.
#[derive(Debug, Clone, PartialEq)]
pub enum Mode {
    Roster,
    /// Adding monsters: fuzzy search over the bestiary with the Bestiary screen's filters.
    Picker {
        query: TextField,
        cursor: usize,
    },
    /// A placeholder: level (typed), rank and role (cycled).
    Placeholder {
        level: TextField,
        rank: usize,
        role: usize,
        row: usize,
    },
    /// Editing the party: `4x6`, `3,3,4,5`, `Ana=3,Bo=4`.
    Party {
        field: TextField,
    },
    /// Choosing a saved encounter to open.
    Open {
        files: Vec<PathBuf>,
        cursor: usize,
    },
}

pub struct EncounterScreen {
    pub encounter: Encounter,
    pub party: Party,
    pub path: Option<PathBuf>,
    pub fingerprint: Option<Fingerprint>,
    pub baseline: Encounter,
    pub report: Report,
    pub cursor: usize,
    /// Group keys kept by the generator.
    pub locked: Vec<String>,
    /// Index into BANDS for the generator.
    pub difficulty: usize,
    pub mode: Mode,
    pub explain: bool,
    pub preview_scroll: u16,
    pub seed: u64,
    /// The group being turned from a placeholder into a real monster in the Forge.
    pub replacing: Option<usize>,
}

impl EncounterScreen {
    pub fn new() -> EncounterScreen {
        let party = Party::default_at(Level::new(1).expect("1 is a level"));
        let encounter = Encounter::new("New Encounter", &party);
        let empty = Bestiary::default();
        EncounterScreen {
            report: report(&encounter, &party, &empty),
            baseline: encounter.clone(),
            encounter,
            party,
            path: None,
            fingerprint: None,
            cursor: 0,
            locked: Vec::new(),
            difficulty: 2,
            mode: Mode::Roster,
            explain: false,
            preview_scroll: 0,
            seed: 1,
            replacing: None,
        }
    }

    /// Whether anything differs from what was last opened or saved; emptying a saved
    /// encounter is a change too.
    pub fn is_dirty(&self) -> bool {
        self.encounter != self.baseline
    }

    pub fn refresh(&mut self, b: &Bestiary) {
        self.report = report(&self.encounter, &self.party, b);
        self.cursor = self
            .cursor
            .min(self.encounter.groups.len().saturating_sub(1));
    }

    pub fn contexts(&self) -> Vec<Ctx> {
        match self.mode {
            Mode::Roster => vec![Ctx::Encounter, Ctx::Global],
            Mode::Party { .. } => vec![Ctx::Text, Ctx::Dialog],
            Mode::Placeholder { row: 0, .. } => vec![Ctx::Text, Ctx::Dialog],
            _ => vec![Ctx::Dialog],
        }
    }

    /// Loads an encounter that was read from `path`.
    pub fn load(
        &mut self,
        e: Encounter,
        party: Party,
        path: PathBuf,
        fp: Fingerprint,
        b: &Bestiary,
    ) {
        self.baseline = e.clone();
        self.encounter = e;
        self.party = party;
        self.path = Some(path);
        self.fingerprint = Some(fp);
        self.cursor = 0;
        self.locked.clear();
        self.refresh(b);
    }
}

impl Default for EncounterScreen {
    fn default() -> Self {
        EncounterScreen::new()
    }
}

/// The next seed of a simple, reproducible sequence (splitmix64).
fn next_seed(s: &mut u64) -> u64 {
    *s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn picker_hits(app: &App, query: &str) -> Vec<usize> {
    search(&app.bestiary, query, &app.browser.filter)
        .into_iter()
        .map(|h| h.index)
        .collect()
}

pub fn on_key(app: &mut App, ev: &KeyEvent) -> Option<Vec<Cmd>> {
    if app.browser.filter_form.is_some() {
        return crate::tui::screens::bestiary::on_key(app, ev);
    }
    let mode = app.encounter.mode.clone();
    match mode {
        Mode::Roster => roster_key(app, ev),
        Mode::Picker {
            mut query,
            mut cursor,
        } => {
            match ev.code {
                KeyCode::Esc => app.encounter.mode = Mode::Roster,
                KeyCode::Up => cursor = cursor.saturating_sub(1),
                KeyCode::Down => cursor += 1,
                KeyCode::Enter => {
                    let hits = picker_hits(app, &query.text());
                    if let Some(i) = hits.get(cursor.min(hits.len().saturating_sub(1))) {
                        let id = app.bestiary.entries[*i].design.id.clone();
                        let name = app.bestiary.entries[*i].design.name.clone();
                        add_group(app, Group::monster(&id, Count::ONE));
                        app.info(format!("Added {name}. Enter adds another, Esc closes."));
                    }
                }
                _ => {
                    if query.handle(ev) == Edit::Changed {
                        cursor = 0;
                    }
                }
            }
            if let Mode::Picker { .. } = app.encounter.mode {
                app.encounter.mode = Mode::Picker { query, cursor };
            }
            Some(Vec::new())
        }
        Mode::Placeholder {
            mut level,
            mut rank,
            mut role,
            mut row,
        } => {
            match ev.code {
                KeyCode::Esc => {
                    app.encounter.mode = Mode::Roster;
                    return Some(Vec::new());
                }
                KeyCode::Up | KeyCode::BackTab => row = row.saturating_sub(1),
                KeyCode::Down | KeyCode::Tab => row = (row + 1).min(2),
                KeyCode::Left | KeyCode::Right if row > 0 => {
                    let fwd = ev.code == KeyCode::Right;
                    let (v, n) = if row == 1 {
                        (&mut rank, Rank::ALL.len())
                    } else {
                        (&mut role, Role::ALL.len())
                    };
                    *v = if fwd { (*v + 1) % n } else { (*v + n - 1) % n };
                }
                KeyCode::Enter => {
                    match level.text().parse::<Level>() {
                        Ok(l) => {
                            let p = Placeholder {
                                level: l,
                                rank: Rank::ALL[rank],
                                role: Role::ALL[role],
                            };
                            add_group(app, Group::placeholder(p, Count::ONE));
                            app.encounter.mode = Mode::Roster;
                            app.info(format!(
                                "Added {}. Enter on it opens the Forge to design the real monster.",
                                p.describe()
                            ));
                        }
                        Err(e) => app.error(e),
                    }
                    return Some(Vec::new());
                }
                _ if row == 0 => {
                    level.handle(ev);
                }
                _ => {}
            }
            app.encounter.mode = Mode::Placeholder {
                level,
                rank,
                role,
                row,
            };
            Some(Vec::new())
        }
        Mode::Party { mut field } => {
            match ev.code {
                KeyCode::Esc => app.encounter.mode = Mode::Roster,
                KeyCode::Enter => match Party::parse(&field.text()) {
                    Ok(p) => {
                        app.encounter.encounter.party = PartyRef::from_party(&p);
                        app.encounter.party = p;
                        app.encounter.mode = Mode::Roster;
                        app.encounter.refresh(&app.bestiary);
                        let d = app.encounter.party.describe();
                        app.info(format!("Party: {d}."));
                    }
                    // Not a party spec: perhaps the id of a saved party.
                    Err(_) if crate::monster::design::is_valid_id(field.text().trim()) => {
                        return Some(vec![Cmd::LoadParty {
                            id: field.text().trim().to_owned(),
                        }]);
                    }
                    Err(e) => app.error(e),
                },
                _ => {
                    field.handle(ev);
                    app.encounter.mode = Mode::Party { field };
                }
            }
            Some(Vec::new())
        }
        Mode::Open { files, mut cursor } => {
            match ev.code {
                KeyCode::Esc => app.encounter.mode = Mode::Roster,
                KeyCode::Up => cursor = cursor.saturating_sub(1),
                KeyCode::Down => cursor = (cursor + 1).min(files.len().saturating_sub(1)),
                KeyCode::Enter => {
                    app.encounter.mode = Mode::Roster;
                    if let Some(p) = files.get(cursor) {
                        return Some(vec![Cmd::LoadEncounter { path: p.clone() }]);
                    }
                    return Some(Vec::new());
                }
                _ => {}
            }
            if let Mode::Open { .. } = app.encounter.mode {
                app.encounter.mode = Mode::Open { files, cursor };
            }
            Some(Vec::new())
        }
    }
}

fn add_group(app: &mut App, g: Group) {
    let key = g.key();
    if let Err(e) = app.encounter.encounter.add(g) {
        app.error(e);
        return;
    }
    app.encounter.cursor = app
        .encounter
        .encounter
        .groups
        .iter()
        .position(|x| x.key() == key)
        .unwrap_or(0);
    app.encounter.refresh(&app.bestiary);
}

fn roster_key(app: &mut App, ev: &KeyEvent) -> Option<Vec<Cmd>> {
    let action =
        keymap::lookup(&[Ctx::Encounter], ev).or_else(|| keymap::lookup(&[Ctx::Global], ev))?;
    let s = &mut app.encounter;
    let n = s.encounter.groups.len();
    match action {
        Action::Up if s.explain => s.preview_scroll = s.preview_scroll.saturating_sub(1),
        Action::Down if s.explain => s.preview_scroll = s.preview_scroll.saturating_add(1),
        Action::Up => s.cursor = s.cursor.saturating_sub(1),
        Action::Down => s.cursor = (s.cursor + 1).min(n.saturating_sub(1)),
        Action::PageUp => s.preview_scroll = s.preview_scroll.saturating_sub(10),
        Action::PageDown => s.preview_scroll = s.preview_scroll.saturating_add(10),
        Action::AddPower => {
            s.mode = Mode::Picker {
                query: TextField::default().with_max(crate::text::MAX_NAME_CHARS),
                cursor: 0,
            }
        }
        Action::Placeholder => {
            s.mode = Mode::Placeholder {
                level: TextField::new(&s.report.party_level.clamp(1, 30).to_string()),
                rank: 1,
                role: 0,
                row: 0,
            }
        }
        Action::Increase | Action::Decrease => {
            if let Some(g) = s.encounter.groups.get_mut(s.cursor) {
                if action == Action::Increase {
                    g.count = g.count.increment();
                } else if let Some(c) = g.count.decrement() {
                    g.count = c;
                }
                s.refresh(&app.bestiary);
            }
        }
        Action::Delete => {
            if s.cursor < n {
                let g = s.encounter.groups.remove(s.cursor);
                s.locked.retain(|k| *k != g.key());
                s.refresh(&app.bestiary);
                app.info(format!("Removed {}.", g.key()));
            }
        }
        Action::EditParty => {
            let spec = match &s.encounter.party {
                PartyRef::Uniform { size, level } => format!("{size}x{level}"),
                _ => s
                    .party
                    .members
                    .iter()
                    .map(|m| match &m.name {
                        Some(n) => format!("{n}={}", m.level),
                        None => m.level.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(","),
            };
            s.mode = Mode::Party {
                field: TextField::new(&spec),
            };
            app.info(
                "Party: 4x6 (four level-6 characters), 3,3,4,5, Ana=3,Bo=4, or a saved party id. Enter applies.",
            );
        }
        Action::Explain => {
            s.explain = !s.explain;
            s.preview_scroll = 0;
        }
        Action::Lock => {
            if let Some(g) = s.encounter.groups.get(s.cursor) {
                let k = g.key();
                if let Some(i) = s.locked.iter().position(|x| *x == k) {
                    s.locked.remove(i);
                } else {
                    s.locked.push(k);
                }
            }
        }
        Action::Generate => return Some(generate_now(app)),
        Action::Difficulty => {
            s.difficulty = (s.difficulty + 1) % BANDS.len();
            let name = BANDS[s.difficulty].name;
            app.info(format!("The generator will aim for {name} (G generates)."));
        }
        Action::Filter => {
            app.browser.filter_form = Some(crate::tui::screens::bestiary::FilterForm {
                row: 0,
                levels: TextField::new(
                    &app.browser
                        .filter
                        .levels
                        .as_ref()
                        .map(|r| format!("{}..{}", r.start(), r.end()))
                        .unwrap_or_default(),
                ),
            });
        }
        Action::Open => match crate::bestiary::yaml_files(&app.paths.encounters) {
            Ok(files) if files.is_empty() => app.info(format!(
                "No saved encounters in {} yet.",
                app.paths.encounters.display()
            )),
            Ok(files) => s.mode = Mode::Open { files, cursor: 0 },
            Err(e) => app.error(e.to_string()),
        },
        Action::New => {
            if s.is_dirty() {
                app.overlay = Some(Overlay::Confirm(
                    crate::tui::app::Confirm::UnsavedEncounter(
                        crate::tui::app::AfterLeave::NewEncounter,
                    ),
                ));
            } else {
                reset(app);
            }
        }
        Action::Save => return Some(save(app)),
        Action::ExportMarkdown => {
            let name = &s.encounter.name;
            app.overlay = Some(Overlay::Prompt {
                kind: PromptKind::ExportEncounter,
                title: "Export the encounter sheet (Markdown) to file".into(),
                field: TextField::new(&crate::tui::screens::bestiary::export_name(
                    &app.paths.exports,
                    name,
                    "md",
                )),
            });
        }
        Action::Choose => {
            if let Some(g) = s.encounter.groups.get(s.cursor)
                && let Some(p) = g.placeholder
            {
                s.replacing = Some(s.cursor);
                let c = crate::monster::Classification {
                    level: p.level,
                    rank: p.rank,
                    role: p.role,
                    leader: false,
                    size: crate::rules::Size::Medium,
                    source: crate::rules::Source::Natural,
                    creature_type: crate::rules::CreatureType::Humanoid,
                    tags: Vec::new(),
                };
                let mut d = crate::monster::MonsterDesign::new(
                    &format!("New {}", p.role.label()),
                    c.clone(),
                );
                d.powers = crate::monster::kit::Templates::embedded().default_powers(&c);
                app.forge = crate::tui::screens::forge::Forge::with(
                    d,
                    crate::tui::screens::forge::Target::New,
                    false,
                );
                app.screen = Screen::Forge;
                app.info("Design the monster for this placeholder; when you save it, it replaces the placeholder in the encounter.");
            }
        }
        _ => return None,
    }
    Some(Vec::new())
}

pub fn reset(app: &mut App) {
    let party = app.encounter.party.clone();
    let seed = app.encounter.seed;
    app.encounter = EncounterScreen::new();
    app.encounter.seed = seed;
    app.encounter.party = party.clone();
    app.encounter.encounter = Encounter::new("New Encounter", &party);
    app.encounter.baseline = app.encounter.encounter.clone();
    app.encounter.refresh(&app.bestiary);
}

/// Saves the encounter: to its file, or for a new one to `encounters/<name>.yaml` after asking the name.
pub fn save(app: &mut App) -> Vec<Cmd> {
    let s = &app.encounter;
    match (&s.path, s.fingerprint) {
        (Some(path), Some(fp)) => vec![Cmd::Write {
            path: path.clone(),
            contents: crate::yaml_io::to_string(&s.encounter),
            expect: Expect::Unchanged(fp),
            purpose: WritePurpose::Encounter,
        }],
        _ => {
            app.overlay = Some(Overlay::Prompt {
                kind: PromptKind::SaveEncounterAs,
                title: "Name the encounter (saved in your encounters folder)".into(),
                field: TextField::new(if s.encounter.name == "New Encounter" {
                    ""
                } else {
                    &s.encounter.name
                })
                .with_max(crate::text::MAX_NAME_CHARS),
            });
            Vec::new()
        }
    }
}

/// The save command once the encounter has a name.
pub fn save_as(app: &mut App, name: &str) -> Vec<Cmd> {
    let name = name.trim();
    if name.is_empty() {
        app.error("An encounter needs a name.");
        return Vec::new();
    }
    app.encounter.encounter.name = name.to_owned();
    match path_in(
        &app.paths.encounters,
        &crate::monster::slugify(name),
        "yaml",
    ) {
        Ok(path) => vec![Cmd::Write {
            path,
            contents: crate::yaml_io::to_string(&app.encounter.encounter),
            expect: Expect::New,
            purpose: WritePurpose::Encounter,
        }],
        Err(e) => {
            app.error(e);
            Vec::new()
        }
    }
}

fn generate_now(app: &mut App) -> Vec<Cmd> {
    let s = &mut app.encounter;
    let seed = next_seed(&mut s.seed);
    let locked: Vec<Group> = s
        .encounter
        .groups
        .iter()
        .filter(|g| s.locked.contains(&g.key()))
        .cloned()
        .collect();
    let req = Request {
        name: s.encounter.name.clone(),
        party: s.party.clone(),
        band: BANDS[s.difficulty].name,
        query: String::new(),
        filter: app.browser.filter.clone(),
        locked,
        max_monsters: 8,
        max_bosses: 1,
        max_leaders: crate::encounter::generate::DEFAULT_MAX_LEADERS,
        seed,
    };
    match generate(&app.bestiary, &req) {
        Ok(g) => {
            let notes = s.encounter.notes.clone();
            s.encounter.adopt_generated(&g.encounter);
            if notes.is_none() {
                s.encounter.notes = g.encounter.notes;
            }
            s.cursor = 0;
            s.refresh(&app.bestiary);
            if g.met {
                app.info(format!(
                    "Generated {} (seed {seed}); L locks a group, G tries again.",
                    an_encounter(req.band)
                ));
            } else {
                app.error(format!(
                    "The bestiary could not fill {} with these filters; this is the closest ({} XP).",
                    an_encounter(req.band),
                    group_thousands(g.xp)
                ));
            }
        }
        Err(e) => app.error(e.to_string()),
    }
    Vec::new()
}

fn band_color(name: &str) -> Color {
    match name {
        "trivial" => Color::DarkGray,
        "easy" => Color::Green,
        "standard" => Color::Cyan,
        "hard" => Color::Yellow,
        _ => Color::Red,
    }
}

/// The XP gauge: the bar fills to the encounter's XP, coloured by its band; the band
/// thresholds are marked with the first letter of the band that starts there.
fn gauge(r: &Report, width: u16) -> Vec<Line<'static>> {
    let w = width.max(10) as usize;
    let deadly_min = r.bands.last().map_or(r.budget * 2, |b| b.min_xp);
    let scale = (deadly_min as f64 * 1.25).max(r.xp as f64 * 1.05).max(1.0);
    let col = |xp: u64| ((xp as f64 / scale) * w as f64).round().min(w as f64) as usize;
    let fill = col(r.xp);
    let color = r.band.as_deref().map_or(Color::DarkGray, band_color);
    let mut bar: Vec<Span> = Vec::new();
    let mut marks = vec![' '; w];
    for b in r.bands.iter().skip(1) {
        let c = col(b.min_xp).min(w - 1);
        marks[c] = b.name.chars().next().unwrap_or('|').to_ascii_uppercase();
    }
    for (i, mark) in marks.iter().enumerate() {
        let (ch, style) = if *mark != ' ' {
            (
                '│',
                Style::new().fg(band_color(
                    r.bands
                        .iter()
                        .find(|b| b.name.starts_with(mark.to_ascii_lowercase()))
                        .map_or("", |b| b.name),
                )),
            )
        } else if i < fill {
            ('█', Style::new().fg(color))
        } else {
            ('░', theme::dim())
        };
        bar.push(Span::styled(ch.to_string(), style));
    }
    let labels: String = marks.iter().collect();
    vec![
        Line::from(bar),
        Line::from(Span::styled(labels, theme::dim())),
    ]
}

pub fn view(app: &mut App, f: &mut Frame, area: Rect) {
    let s = &app.encounter;
    let r = &s.report;
    let left_w = if area.width >= 100 {
        area.width / 2
    } else {
        48
    };
    let [left, right] =
        Layout::horizontal([Constraint::Length(left_w), Constraint::Fill(1)]).areas(area);
    let block = Block::bordered().title(format!(
        " {}{} ",
        s.encounter.name,
        if s.is_dirty() { " · unsaved" } else { "" }
    ));
    let inner = block.inner(left);
    f.render_widget(block.border_style(theme::focused_border()), left);
    let [party_area, gauge_area, summary_area, roster_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(2),
        Constraint::Length(4),
        Constraint::Fill(1),
    ])
    .areas(inner);
    f.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled("Party ", theme::bold()),
            Span::raw(format!(
                "{} · budget {} XP",
                s.party.describe(),
                group_thousands(r.budget)
            )),
        ])),
        party_area,
    );
    f.render_widget(Paragraph::new(gauge(r, gauge_area.width)), gauge_area);
    let band = match (&r.band, r.encounter_level) {
        (Some(b), Some(l)) => vec![
            Span::styled(
                b.clone(),
                Style::new()
                    .fg(band_color(b))
                    .add_modifier(ratatui::style::Modifier::BOLD),
            ),
            Span::raw(format!(" · encounter level {l} vs party {}", r.party_level)),
            Span::styled(" (ours)", theme::dim()),
        ],
        _ => vec![Span::styled("cannot be rated", theme::dim())],
    };
    let mut summary = vec![
        Line::from(vec![
            Span::styled("XP ", theme::bold()),
            Span::raw(format!(
                "{} of {} budget (ratio {:.2})",
                group_thousands(r.xp),
                group_thousands(r.budget),
                r.ratio
            )),
        ]),
        Line::from(band),
        Line::from(vec![
            Span::styled("Each ", theme::bold()),
            Span::raw(format!(
                "{} XP, {} · generator: {} (d)",
                group_thousands(r.xp_per_character),
                r.treasure_per_character_gp
                    .map_or("—".to_owned(), |t| format!(
                        "{} gp",
                        crate::encounter::report::fmt_gp(t)
                    )),
                BANDS[s.difficulty].name
            )),
        ]),
    ];
    if let Some(w) = r.warnings.first() {
        summary.push(Line::from(Span::styled(format!("⚠ {w}"), theme::warning())));
    }
    f.render_widget(Paragraph::new(summary), summary_area);

    let mut lines: Vec<Line> = Vec::new();
    if s.encounter.groups.is_empty() {
        lines.push(Line::from(Span::styled(
            "No monsters yet: a adds from the bestiary, p a placeholder, G generates.",
            theme::dim(),
        )));
    }
    for (i, (g, line)) in s.encounter.groups.iter().zip(&r.roster).enumerate() {
        let sel = i == s.cursor;
        let lock = if s.locked.contains(&g.key()) {
            "🔒"
        } else {
            "  "
        };
        let ally = if g.side == Side::Ally { " (ally)" } else { "" };
        let xp = line.xp_total.map_or("?".into(), group_thousands);
        let what = match (line.level, &line.rank, &line.role) {
            (Some(l), Some(rk), Some(ro)) => format!("L{l} {rk} {ro}"),
            _ => "unknown id".into(),
        };
        let what = if roster_area.width < 60 {
            " ·".to_owned()
        } else {
            format!("  {what} ·")
        };
        let style = if sel {
            theme::selected()
        } else if line.missing {
            theme::error()
        } else {
            Style::new()
        };
        lines.push(Line::from(vec![
            Span::raw(lock.to_string()),
            Span::styled(
                format!("{:>2} × {}{ally}", g.count, line.name),
                style.patch(theme::bold()),
            ),
            Span::styled(
                format!("{what} {xp} XP"),
                if sel { style } else { theme::dim() },
            ),
        ]));
    }
    f.render_widget(Paragraph::new(lines), roster_area);

    // Right: the arithmetic, or the selected monster's stat block.
    let (title, text) = if s.explain {
        let mut lines = vec![Line::from(Span::styled(
            "How the difficulty is worked out (w closes)",
            theme::heading(),
        ))];
        for t in &r.explanation {
            lines.push(Line::default());
            lines.push(Line::from(t.text.clone()));
            let ours = if t.ours {
                " — lairsmith's own reading, not the book's"
            } else {
                ""
            };
            lines.push(Line::from(Span::styled(
                format!("  {}{ours}", t.source),
                if t.ours {
                    theme::warning()
                } else {
                    theme::dim()
                },
            )));
        }
        for w in &r.warnings {
            lines.push(Line::from(Span::styled(format!("⚠ {w}"), theme::warning())));
        }
        (" Arithmetic ", Text::from(lines))
    } else {
        match s.encounter.groups.get(s.cursor) {
            Some(g) => match g.monster.as_deref().and_then(|id| app.bestiary.get(id)) {
                Some(e) => (" Stat block ", statblock::text(&e.block())),
                None => (
                    " Placeholder ",
                    Text::from(match &g.placeholder {
                        Some(p) => format!(
                            "{}\n\nIt counts in the budget like a real monster of its level and rank. Enter opens the Forge to design it.",
                            p.describe()
                        ),
                        None => format!("No monster has the id `{}`.", g.key()),
                    }),
                ),
            },
            None => (
                " Stat block ",
                Text::from("Add monsters to see them here. w shows the budget arithmetic."),
            ),
        }
    };
    f.render_widget(
        Paragraph::new(text)
            .block(Block::bordered().title(title).border_style(theme::border()))
            .wrap(Wrap { trim: false })
            .scroll((s.preview_scroll, 0)),
        right,
    );
    match &s.mode {
        Mode::Roster => {}
        Mode::Picker { query, cursor } => picker_view(app, query, *cursor, f, area),
        Mode::Placeholder {
            level,
            rank,
            role,
            row,
        } => {
            let lines = vec![
                form_row("Level", &level.text(), *row == 0),
                form_row(
                    "Rank",
                    &format!("◂ {} ▸", Rank::ALL[*rank].label()),
                    *row == 1,
                ),
                form_row(
                    "Role",
                    &format!("◂ {} ▸", Role::ALL[*role].label()),
                    *row == 2,
                ),
                Line::from(Span::styled(
                    "↑↓ field · ←→ value · Enter add · Esc cancel",
                    theme::dim(),
                )),
            ];
            let r = popup(area, 50, 6);
            f.render_widget(Clear, r);
            f.render_widget(
                Paragraph::new(lines).block(
                    Block::bordered()
                        .title(" Add a placeholder ")
                        .border_style(theme::focused_border()),
                ),
                r,
            );
            if *row == 0 {
                f.set_cursor_position((r.x + 1 + 10 + level.cursor as u16, r.y + 1));
            }
        }
        Mode::Party { field } => {
            let r = popup(area, 56, 4);
            f.render_widget(Clear, r);
            f.render_widget(
                Paragraph::new(vec![
                    Line::from(field.text()),
                    Line::from(Span::styled(
                        "4x6 · 3,3,4,5 · Ana=3,Bo=4 · a saved party id",
                        theme::dim(),
                    )),
                ])
                .block(
                    Block::bordered()
                        .title(" Party ")
                        .border_style(theme::focused_border()),
                ),
                r,
            );
            f.set_cursor_position((r.x + 1 + field.cursor as u16, r.y + 1));
        }
        Mode::Open { files, cursor } => {
            let r = popup(area, 60, (files.len() as u16 + 2).min(area.height));
            f.render_widget(Clear, r);
            let lines: Vec<Line> = files
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let name = p
                        .file_stem()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    Line::from(Span::styled(
                        name,
                        if i == *cursor {
                            theme::selected()
                        } else {
                            Style::new()
                        },
                    ))
                })
                .collect();
            f.render_widget(
                Paragraph::new(lines).block(
                    Block::bordered()
                        .title(" Open an encounter ")
                        .border_style(theme::focused_border()),
                ),
                r,
            );
        }
    }
}

fn form_row(label: &str, value: &str, sel: bool) -> Line<'static> {
    Line::from(vec![
        Span::styled(
            format!("{label:<10}"),
            if sel {
                theme::selected()
            } else {
                theme::bold()
            },
        ),
        Span::raw(value.to_owned()),
    ])
}

pub fn popup(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

fn picker_view(app: &App, query: &TextField, cursor: usize, f: &mut Frame, area: Rect) {
    let r = popup(area, 72, area.height.saturating_sub(2));
    f.render_widget(Clear, r);
    let filters = if app.browser.filter.is_empty() {
        "no filters (f on the roster)".to_owned()
    } else {
        "Bestiary filters apply".to_owned()
    };
    let block = Block::bordered()
        .title(format!(" Add monsters · {filters} "))
        .border_style(theme::focused_border());
    let inner = block.inner(r);
    f.render_widget(block, r);
    let [q, list] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(inner);
    f.render_widget(Paragraph::new(format!("Search: {}", query.text())), q);
    f.set_cursor_position((q.x + 8 + query.cursor as u16, q.y));
    let hits = picker_hits(app, &query.text());
    let cursor = cursor.min(hits.len().saturating_sub(1));
    let rows = list.height as usize;
    let start = cursor.saturating_sub(rows.saturating_sub(1));
    let lines: Vec<Line> = hits
        .iter()
        .enumerate()
        .skip(start)
        .take(rows)
        .map(|(i, idx)| {
            let e = &app.bestiary.entries[*idx];
            let style = if i == cursor {
                theme::selected()
            } else {
                Style::new()
            };
            Line::from(vec![
                Span::styled(
                    crate::text::fit_width(&e.design.name, 28),
                    style.patch(theme::bold()),
                ),
                Span::styled(
                    format!(
                        " L{:<2} {:<8} {:<8} {:>6} XP",
                        e.design.level,
                        e.design.rank.key(),
                        e.design.role.key(),
                        e.xp
                    ),
                    if i == cursor { style } else { theme::dim() },
                ),
            ])
        })
        .collect();
    f.render_widget(Paragraph::new(lines), list);
}
