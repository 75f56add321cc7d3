//! Drawing the Encounter screen (read-only), and its pickers and forms.

use super::dialog::PlaceholderForm;
use crate::tui::app::App;
use crate::tui::keymap::{Action, Ctx};
use crate::tui::layer::Picker;
use crate::tui::theme;
use crate::tui::widgets::popup;
use crate::tui::widgets::statblock;
use lairsmith_core::encounter::Side;
use lairsmith_core::encounter::report::Report;
use lairsmith_core::export::doc::group_thousands;
use lairsmith_core::rules::difficulty::BANDS;
use lairsmith_core::rules::{Rank, Role};
use lairsmith_core::vocab::Vocabulary;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph};

fn band_color(name: &str) -> Style {
    theme::band(name)
}

/// The XP gauge: the bar fills to the encounter's XP, coloured by its band; the band
/// thresholds are marked with the first letter of the band that starts there.
fn gauge(r: &Report, width: u16) -> Vec<Line<'static>> {
    let w = width.max(10) as usize;
    let deadly_min = r.bands.last().map_or(r.budget * 2, |b| b.min_xp);
    let scale = (deadly_min as f64 * 1.25).max(r.xp as f64 * 1.05).max(1.0);
    let col = |xp: u64| ((xp as f64 / scale) * w as f64).round().min(w as f64) as usize;
    let fill = col(r.xp);
    let color = r.band.map(Vocabulary::key).map_or(theme::dim(), band_color);
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
                band_color(
                    r.bands
                        .iter()
                        .find(|b| b.name.starts_with(mark.to_ascii_lowercase()))
                        .map_or("", |b| b.name),
                ),
            )
        } else if i < fill {
            ('█', color)
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

pub fn view(app: &App, f: &mut Frame, area: Rect) {
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
        " {}{}{} ",
        s.encounter.name,
        match s.encounter.system {
            lairsmith_core::encounter::System::Orcus => " · Orcus",
            lairsmith_core::encounter::System::D20e3 => " · d20 3rd edition",
        },
        if s.is_dirty() { " · unsaved" } else { "" }
    ));
    let inner = block.inner(left);
    let roster_style = if s.preview_focus {
        theme::border()
    } else {
        theme::focused_border()
    };
    f.render_widget(block.border_style(roster_style), left);
    // The party line, the numbers and the notes are read whole: wrapped, not cut. The roster
    // keeps room for its groups (up to four); only the notes give way to it.
    let width = usize::from(inner.width);
    let party = crate::tui::widgets::wrap::hanging(
        vec![Line::from(vec![
            Span::styled("Party ", theme::bold()),
            Span::raw(format!(
                "{} · budget {} XP",
                s.party.describe(),
                group_thousands(r.budget)
            )),
        ])],
        width,
    );
    let (numbers, notes) = summary_lines(app, width);
    let roster_min = s.encounter.groups.len().clamp(2, 4);
    let room = usize::from(inner.height)
        .saturating_sub(party.len() + 2 + numbers.len() + 1 + roster_min)
        .max(1);
    let mut summary = numbers;
    summary.extend(keep_rows(notes, room));
    // A blank line sets the roster apart.
    summary.push(Line::default());
    let [party_area, gauge_area, summary_area, roster_area] = Layout::vertical([
        Constraint::Length(party.len() as u16),
        Constraint::Length(2),
        Constraint::Length(summary.len() as u16),
        Constraint::Fill(1),
    ])
    .areas(inner);
    f.render_widget(Paragraph::new(party), party_area);
    f.render_widget(Paragraph::new(gauge(r, gauge_area.width)), gauge_area);
    f.render_widget(Paragraph::new(summary), summary_area);
    roster(app, f, roster_area);
    preview(app, f, right);
}

/// XP against the budget, the band, each character's share; and the notes. Both wrapped to
/// `width`.
fn summary_lines(app: &App, width: usize) -> (Vec<Line<'static>>, Vec<Line<'static>>) {
    let s = &app.encounter;
    let r = &s.report;
    let band = match (r.band.map(Vocabulary::key), r.encounter_level) {
        (Some(b), Some(l)) => vec![
            Span::styled(
                b,
                band_color(b).add_modifier(ratatui::style::Modifier::BOLD),
            ),
            Span::raw(format!(" · encounter level {l} vs party {}", r.party_level)),
            Span::styled(" (ours)", theme::dim()),
        ],
        // The warning that says why takes the band's place, once, rather than beside it.
        _ => match r
            .warnings
            .first()
            .filter(|w| w.starts_with("cannot be rated"))
        {
            Some(w) => vec![Span::styled(w.clone(), theme::warning())],
            None => vec![Span::styled("cannot be rated", theme::dim())],
        },
    };
    let band_says_why = r.band.is_none()
        && r.warnings
            .first()
            .is_some_and(|w| w.starts_with("cannot be rated"));
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
                "{} XP, {} · generator: {} ({})",
                group_thousands(r.xp_per_character),
                match &s.treasure_plan {
                    // The method's own figure is below the arithmetic (w).
                    Some(p) => format!("treasure: {}", p.method),
                    None => r
                        .treasure_per_character_gp
                        .map_or("—".to_owned(), |t| format!(
                            "{} gp",
                            lairsmith_core::encounter::report::fmt_gp(t)
                        )),
                },
                BANDS[s.difficulty].name,
                app.key_on(crate::tui::app::Screen::Encounter, Action::Difficulty),
            )),
        ]),
    ];
    if let Some(w) = r.warnings.first().filter(|_| !band_says_why) {
        summary.push(Line::from(Span::styled(format!("⚠ {w}"), theme::warning())));
    }
    let notes_key = app.key_on(crate::tui::app::Screen::Encounter, Action::Notes);
    // Each line of the notes is a line here, under the first.
    let notes: Vec<Line<'static>> = match &s.encounter.notes {
        Some(n) => n
            .lines()
            .enumerate()
            .map(|(i, l)| {
                let l = lairsmith_core::text::escape_controls(l).into_owned();
                if i == 0 {
                    Line::from(vec![Span::styled("Notes ", theme::bold()), Span::raw(l)])
                } else {
                    Line::from(format!("      {l}"))
                }
            })
            .collect(),
        None => vec![Line::from(Span::styled(
            format!("No notes ({notes_key} adds them)"),
            theme::dim(),
        ))],
    };
    (
        crate::tui::widgets::wrap::hanging(summary, width),
        crate::tui::widgets::wrap::hanging(notes, width),
    )
}

/// The first `rows` lines; when some are left out, the last one kept ends with an ellipsis.
fn keep_rows(mut lines: Vec<Line<'static>>, rows: usize) -> Vec<Line<'static>> {
    if lines.len() > rows {
        lines.truncate(rows);
        if let Some(last) = lines.last_mut() {
            last.spans.push(Span::styled("…", theme::dim()));
        }
    }
    lines
}

/// One line per group: lock, count, name, what it is, XP (kept whole).
fn roster(app: &App, f: &mut Frame, roster_area: Rect) {
    let s = &app.encounter;
    let r = &s.report;
    let mut lines: Vec<Line> = Vec::new();
    if s.encounter.groups.is_empty() {
        // Only what works in this encounter's system, with the keys that do it here.
        let ways: Vec<String> = [
            (Action::AddMonsters, "adds from the bestiary"),
            (Action::AddCr, "adds foes by challenge rating"),
            (Action::Placeholder, "a placeholder"),
            (Action::AddChallenge, "a challenge"),
            (Action::Generate, "generates"),
        ]
        .into_iter()
        .filter_map(|(a, what)| {
            app.hint_key(crate::tui::app::Screen::Encounter, a)
                .map(|k| format!("{k} {what}"))
        })
        .collect();
        let text = if ways.is_empty() {
            "No monsters yet.".to_owned()
        } else {
            format!("No monsters yet: {}.", ways.join(", "))
        };
        // Wrapped: the hint is read whole.
        lines.extend(crate::tui::widgets::wrap::hanging(
            vec![Line::from(Span::styled(text, theme::dim()))],
            usize::from(roster_area.width),
        ));
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
        // What it is, longest first: the rank shortens as in the Bestiary's list before the
        // name gives way, so the level, rank and role stay readable at 80 columns.
        let whats: Vec<String> = match (line.level, &line.rank, &line.role, g.challenge_rating()) {
            _ if line.challenge.is_some() => {
                vec![format!("L{} challenge", line.level.unwrap_or(0))]
            }
            (Some(l), Some(rk), Some(ro), _) => vec![
                format!("L{l} {} {}", rk.key(), ro.key()),
                format!("L{l} {} {}", rank_short(*rk), ro.key()),
            ],
            (_, _, _, Some(cr)) => vec![format!("CR {cr}")],
            _ => vec!["unknown id".into()],
        };
        // A labelled group still says what it is.
        let name = match &g.label {
            Some(label) if *label != line.name => format!("{label} ({})", line.name),
            _ => line.name.clone(),
        };
        let style = if sel {
            theme::selected()
        } else if line.missing {
            theme::error()
        } else {
            Style::new()
        };
        // The XP is kept whole, then what it is; the name gives way, with an ellipsis, down to
        // a few letters; only then is what it is cut.
        let tail = format!(" {xp} XP");
        let width = usize::from(roster_area.width);
        let head_w = width
            .saturating_sub(lairsmith_core::text::display_width(lock))
            .saturating_sub(tail.len());
        // A challenge is run once: it has no count.
        let (count, after) = if g.challenge.is_some() {
            (format!("{:>6}", ""), String::new())
        } else {
            (format!("{:>3} × ", g.count), ally.to_owned())
        };
        let fixed = lairsmith_core::text::display_width(&count)
            + lairsmith_core::text::display_width(&after);
        let name_w = lairsmith_core::text::display_width(&name);
        const NAME_MIN: usize = 8;
        let suffix = |w: &str| {
            if line.name == w {
                " ·".to_owned()
            } else {
                format!("  {w} ·")
            }
        };
        let room = |w: &str| {
            head_w.saturating_sub(fixed + lairsmith_core::text::display_width(&suffix(w)))
        };
        // The longest wording that leaves the whole name; else the shortest, with the rest
        // of the line for the name.
        let chosen = whats
            .iter()
            .find(|w| room(w) >= name_w)
            .or_else(|| whats.last().filter(|w| room(w) >= name_w.min(NAME_MIN)))
            .map(|w| {
                (
                    lairsmith_core::text::truncate_to_width(&name, room(w)).into_owned(),
                    suffix(w),
                )
            });
        let (name, what) = chosen.unwrap_or_else(|| {
            let name = lairsmith_core::text::truncate_to_width(
                &name,
                head_w.saturating_sub(fixed).min(NAME_MIN),
            )
            .into_owned();
            let rest = head_w.saturating_sub(fixed + lairsmith_core::text::display_width(&name));
            let what = suffix(whats.last().map_or("", String::as_str));
            (
                name,
                lairsmith_core::text::truncate_to_width(&what, rest).into_owned(),
            )
        });
        let who = format!("{count}{name}{after}");
        lines.push(Line::from(vec![
            Span::raw(lock.to_string()),
            Span::styled(who, style.patch(theme::bold())),
            Span::styled(
                format!("{what}{tail}"),
                if sel { style } else { theme::dim() },
            ),
        ]));
    }
    f.render_widget(Paragraph::new(lines), roster_area);
}

/// A rank in the roster when the whole word does not fit: as the Bestiary's list spells it.
fn rank_short(r: Rank) -> &'static str {
    match r {
        Rank::Standard => "std",
        other => other.key(),
    }
}

/// The arithmetic, or the selected group's stat block.
/// The arithmetic of the difficulty (`e`): the treasure, each term with its source, the
/// warnings.
fn arithmetic(app: &App) -> Text<'static> {
    let s = &app.encounter;
    let r = &s.report;
    let mut lines = vec![Line::from(Span::styled(
        format!(
            "How the difficulty is worked out ({} closes)",
            app.key_on(crate::tui::app::Screen::Encounter, Action::Explain)
        ),
        theme::heading(),
    ))];
    lines.push(Line::default());
    let t = app
        .hint_key(crate::tui::app::Screen::Encounter, Action::TreasureMethod)
        .unwrap_or_default();
    match &s.treasure_plan {
        Some(plan) => {
            for (i, l) in plan.lines().into_iter().enumerate() {
                let st = if i == 0 { theme::heading() } else { Style::new() };
                lines.push(Line::from(Span::styled(
                    lairsmith_core::text::escape_controls(&l).into_owned(),
                    st,
                )));
            }
            lines.push(Line::from(Span::styled(
                if t.is_empty() {
                    format!("Rolled from seed {}.", s.treasure_seed)
                } else {
                    format!("Rolled from seed {}; {t} changes the method.", s.treasure_seed)
                },
                theme::dim(),
            )));
        }
        None if !t.is_empty() => {
            lines.push(Line::from(Span::styled(
                format!("Treasure: {t} shows it under one of the book's four methods (Distributing Magic Items)."),
                theme::dim(),
            )))
        }
        None => {}
    }
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
    Text::from(lines)
}

/// What the preview shows of the selected group: its stat block, its placeholder, its challenge
/// rating or its extended challenge.
fn group_preview(app: &App) -> (&'static str, Text<'static>) {
    let s = &app.encounter;
    let r = &s.report;
    match s.encounter.groups.get(s.cursor) {
        Some(g) if g.challenge.is_some() => (
            " Extended challenge ",
            challenge_text(app, r.roster.get(s.cursor)),
        ),
        Some(g) if g.challenge_rating().is_some() => {
            let line = r.roster.get(s.cursor);
            let each = line
                .and_then(|l| l.xp_each)
                .map_or("no value in the table (\"**\")".to_owned(), |x| {
                    format!("{} XP each", group_thousands(x))
                });
            let w = app.key_on(crate::tui::app::Screen::Encounter, Action::Explain);
            (
                " Challenge rating ",
                Text::from(format!(
                    "CR {}{}: {each} for this party, from the Experience Point Awards table.\n\nThe 3rd-edition encounter names no monster: the GM picks creatures of this CR. {w} shows the arithmetic.",
                    g.challenge_rating()
                        .map(|c| c.to_string())
                        .unwrap_or_default(),
                    // D7: a character, an NPC or a monster with classes says how.
                    g.class_description()
                        .map(|d| format!(" ({d}, D7)"))
                        .unwrap_or_default()
                )),
            )
        }
        Some(g) => match g
            .monster
            .as_deref()
            .and_then(|id| app.shell.bestiary.get(id))
        {
            Some(e) => match app.shell.designs.block(e) {
                Ok(block) => (" Stat block ", statblock::text(&block)),
                Err(err) => (
                    " Stat block ",
                    Text::from(lairsmith_core::text::escape_controls(&err).into_owned()),
                ),
            },
            None => (
                " Placeholder ",
                Text::from(match &g.placeholder {
                    Some(p) => format!(
                        "{}\n\nIt counts in the budget like a real monster of its level and rank. {} opens the Forge to design it.",
                        p.describe(),
                        app.key_on(crate::tui::app::Screen::Encounter, Action::Choose)
                    ),
                    None => format!("No monster has the id `{}`.", g.key()),
                }),
            ),
        },
        None => (
            " Stat block ",
            Text::from(format!(
                "Add monsters to see them here. {} shows the budget arithmetic.",
                app.key_on(crate::tui::app::Screen::Encounter, Action::Explain)
            )),
        ),
    }
}

fn preview(app: &App, f: &mut Frame, right: Rect) {
    let s = &app.encounter;
    let (title, text) = if s.explain {
        (" Arithmetic ", arithmetic(app))
    } else {
        group_preview(app)
    };
    // The selected group's notes come first, as the sheet prints them beside it.
    let notes = s
        .encounter
        .groups
        .get(s.cursor)
        .and_then(|g| g.notes.as_deref())
        .filter(|_| !s.explain);
    let text = match notes {
        Some(n) => {
            let mut lines = vec![Line::from(Span::styled("Notes", theme::heading()))];
            lines.extend(
                n.lines()
                    .map(|l| Line::from(lairsmith_core::text::escape_controls(l).into_owned())),
            );
            lines.push(Line::default());
            lines.extend(text.lines);
            Text::from(lines)
        }
        None => text,
    };
    let text = Text::from(crate::tui::widgets::wrap::hanging(
        text.lines,
        usize::from(right.width.saturating_sub(2)),
    ));
    f.render_widget(
        Paragraph::new(text)
            .block(
                Block::bordered()
                    .title(title)
                    .border_style(if s.preview_focus {
                        theme::focused_border()
                    } else {
                        theme::border()
                    }),
            )
            .scroll((s.preview_scroll, 0)),
        right,
    );
}

/// A challenge's level, checks, XP (A2) and each skill with its DC.
fn challenge_text(
    app: &App,
    line: Option<&lairsmith_core::encounter::report::RosterLine>,
) -> Text<'static> {
    let Some(c) = line.and_then(|l| l.challenge.as_ref()) else {
        return Text::default();
    };
    let level = if c.party_level {
        format!("Level {} (the party level)", c.level)
    } else {
        format!("Level {}", c.level)
    };
    let mut lines = vec![
        Line::from(Span::styled(c.name.clone(), theme::heading())),
        Line::from(format!(
            "{level} · {} successes before {} failures",
            c.successes, c.failures
        )),
        Line::from(format!("{} XP: {}", group_thousands(c.xp), c.worth)),
        Line::default(),
    ];
    if c.skills.is_empty() {
        lines.push(Line::from(Span::styled(
            "No skills listed yet.",
            theme::dim(),
        )));
    }
    for k in &c.skills {
        lines.push(Line::from(format!("• {}", k.text)));
    }
    lines.push(Line::from(format!("• {}", c.group_check)));
    lines.push(Line::default());
    lines.push(Line::from(Span::styled(
        format!(
            "DCs from Table – Recommended Difficulty Classes by Level; later checks with a skill at Hard (A3). {} edits the challenge.",
            app.key_on(crate::tui::app::Screen::Encounter, Action::Choose)
        ),
        theme::dim(),
    )));
    Text::from(lines)
}

pub fn form_row(label: &str, value: &str, sel: bool) -> Line<'static> {
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

pub fn picker_view(app: &App, p: &Picker, f: &mut Frame, area: Rect) {
    let (query, cursor) = (&p.query, p.cursor);
    let r = popup(area, 72, area.height.saturating_sub(2));
    f.render_widget(Clear, r);
    let levels = if app.browser.filter.levels.is_some() {
        "the filters' levels".to_owned()
    } else if p.all_levels {
        "every level".to_owned()
    } else {
        let w = super::picker_levels(app.encounter.report.party_level);
        format!("levels {}-{}", w.start(), w.end())
    };
    let filters = if app.browser.filter.is_empty() {
        format!("{levels} · no filters")
    } else {
        format!("{levels} · the Bestiary's filters")
    };
    let block = crate::tui::widgets::dialog(format!(" Add monsters · {filters} "));
    let inner = block.inner(r);
    f.render_widget(block, r);
    let [q, list] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(inner);
    f.render_widget(Paragraph::new(format!("Search: {}", query.text())), q);
    f.set_cursor_position((q.x + 8 + query.cursor as u16, q.y));
    let hits = &p.hits;
    let cursor = cursor.min(hits.len().saturating_sub(1));
    let rows = list.height as usize;
    let start = cursor.saturating_sub(rows.saturating_sub(1));
    let lines: Vec<Line> = hits
        .iter()
        .enumerate()
        .skip(start)
        .take(rows)
        .map(|(i, idx)| {
            let e = &app.shell.bestiary.entries[*idx];
            let style = if i == cursor {
                theme::selected()
            } else {
                Style::new()
            };
            Line::from(vec![
                Span::styled(
                    lairsmith_core::text::fit_width(&e.card.name, 28),
                    style.patch(theme::bold()),
                ),
                Span::styled(
                    format!(
                        " L{:<2} {:<8} {:<8} {:<6} {:>7} XP",
                        e.card.level,
                        e.card.rank.key(),
                        e.card.role.key(),
                        if e.card.leader { "leader" } else { "" },
                        lairsmith_core::text::group_thousands(e.card.xp)
                    ),
                    if i == cursor { style } else { theme::dim() },
                ),
            ])
        })
        .collect();
    if hits.is_empty() {
        let all = app
            .shell
            .keymap
            .key_for(Ctx::MonsterPicker, Action::AllLevels);
        f.render_widget(
            Paragraph::new(format!("No monster matches. {all} shows every level.")),
            list,
        );
    } else {
        f.render_widget(Paragraph::new(lines), list);
    }
}

pub fn placeholder_view(form: &PlaceholderForm, f: &mut Frame, area: Rect) {
    let lines = vec![
        form_row("Level", &form.level.text(), form.row == 0),
        form_row(
            "Rank",
            &format!("◂ {} ▸", Rank::ALL[form.rank].label()),
            form.row == 1,
        ),
        form_row(
            "Role",
            &format!("◂ {} ▸", Role::ALL[form.role].label()),
            form.row == 2,
        ),
    ];
    let r = popup(area, 50, 5);
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines).block(crate::tui::widgets::dialog(" Add a placeholder ")),
        r,
    );
    if form.row == 0 {
        f.set_cursor_position((r.x + 1 + 10 + form.level.cursor as u16, r.y + 1));
    }
}

/// The title and the words of one of the Encounter screen's questions.
pub fn question(app: &App, q: &super::update::Question) -> (&'static str, String) {
    use super::update::Question;
    let e = &app.encounter.encounter;
    match q {
        Question::Unsaved(then) => (
            " Unsaved encounter ",
            format!(
                "The encounter {} has unsaved changes. Save them before {}?",
                e.name,
                then.describe()
            ),
        ),
        Question::SwitchSystem => (
            " Switch the rules ",
            format!(
                "Switching to {} drops this encounter's {} group(s), which belong to the other system. Switch? ({} undoes it.)",
                lairsmith_core::vocab::Vocabulary::label(e.system.other()),
                e.groups.len(),
                app.key_on(crate::tui::app::Screen::Encounter, Action::Undo)
            ),
        ),
        Question::RemoveParty { id, users } => (
            " Remove the party ",
            format!(
                "Remove the saved party `{id}`? Its file goes to the trash; this encounter keeps its members. It is named by {users}, which will no longer find it."
            ),
        ),
        Question::LevelUpParty { id, users } => (
            " Level up the saved party ",
            format!(
                "Level up every member of `{id}` in its file? It is named by {users}, which all see the new levels; undo cannot take this back. (To level up this encounter alone, set its party with {} first.)",
                app.key_on(crate::tui::app::Screen::Encounter, Action::EditParty)
            ),
        ),
    }
}
