//! Drawing the Adventure screen (read-only): the encounters in order with their bands, the
//! pacing as a bar chart, the XP toward the next level as a gauge with the level-ups marked,
//! and the selected encounter's details.

use crate::tui::app::App;
use crate::tui::keymap::Action;
use crate::tui::theme;
use lairsmith_core::adventure::check::{AdventureReport, CharacterTrack, EncounterLine};
use lairsmith_core::export::doc::group_thousands;
use lairsmith_core::rules::experience::first_xp;
use lairsmith_core::rules::level::Level;
use lairsmith_core::text::{escape_controls, fit_width};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Bar, BarChart, BarGroup, Block, Paragraph, Wrap};

fn band_style(band: Option<&str>) -> Style {
    band.map_or(theme::dim(), theme::band)
}

pub fn view(app: &App, f: &mut Frame, area: Rect) {
    let s = &app.adventure;
    let left_w = (area.width / 2).max(46);
    let [left, right] =
        Layout::horizontal([Constraint::Length(left_w), Constraint::Fill(1)]).areas(area);
    let block = Block::bordered()
        .title(format!(
            " {}{} ",
            escape_controls(&s.adventure.name),
            if s.is_dirty() { " · unsaved" } else { "" }
        ))
        .border_style(if s.preview_focus {
            theme::border()
        } else {
            theme::focused_border()
        });
    let inner = block.inner(left);
    f.render_widget(block, left);
    let party = match s.resolve_party() {
        Ok(p) => Span::raw(p.describe()),
        Err(e) => Span::styled(escape_controls(&e).into_owned(), theme::error()),
    };
    // Read whole: wrapped, never cut at the pane's edge.
    let head_lines = crate::tui::widgets::wrap::hanging(
        vec![
            Line::from(vec![Span::styled("Party ", theme::bold()), party]),
            Line::from(vec![
                Span::styled("Treasure ", theme::bold()),
                Span::raw(super::update::treasure_label(&s.adventure)),
            ]),
            Line::from(vec![
                Span::styled("XP per character ", theme::bold()),
                Span::raw(xp_line(&s.report)),
            ]),
        ],
        usize::from(inner.width),
    );
    let head_h = (head_lines.len() as u16).min(inner.height / 2);
    let [head, list] =
        Layout::vertical([Constraint::Length(head_h), Constraint::Fill(1)]).areas(inner);
    f.render_widget(Paragraph::new(head_lines), head);
    encounters(app, f, list);

    let chart_h = (right.height / 2).clamp(8, 14);
    let tracks = s.report.tracks_to_show();
    // A party that levels together has one gauge; otherwise a row per character.
    let together = tracks
        .first()
        .filter(|first| tracks.iter().all(|t| same_track(t, first)))
        .cloned();
    let gauge_rows = match &together {
        Some(_) => 4,
        None => tracks.len() as u16 + 1,
    };
    let gauge_h = (gauge_rows + 2).min(right.height.saturating_sub(chart_h + 4));
    let [chart, gauge, details] = Layout::vertical([
        Constraint::Length(chart_h),
        Constraint::Length(gauge_h),
        Constraint::Fill(1),
    ])
    .areas(right);
    pacing(&s.report, s.cursor, f, chart);
    let block = Block::bordered().title(" Toward the next level ");
    let inner = block.inner(gauge);
    f.render_widget(block, gauge);
    let lines = match together {
        Some(mut t) => {
            if tracks.len() > 1 {
                t.name = "Each character".to_owned();
            }
            level_gauge(&t, s.cursor, inner.width)
        }
        None => track_table(&tracks, inner),
    };
    f.render_widget(Paragraph::new(lines), inner);
    selected(app, f, details);
}

/// The list: position, name, XP, band, and a ▲ line under each encounter after which
/// someone levels up.
fn encounters(app: &App, f: &mut Frame, area: Rect) {
    let s = &app.adventure;
    let r = &s.report;
    if r.encounters.is_empty() {
        let add = app.key_on(crate::tui::app::Screen::Adventure, Action::AddEncounter);
        let open = app.key_on(crate::tui::app::Screen::Adventure, Action::Open);
        f.render_widget(
            Paragraph::new(format!(
                "No encounters yet. {add} adds a saved encounter; {open} opens a saved adventure."
            ))
            .style(theme::dim())
            .wrap(Wrap { trim: true }),
            area,
        );
        return;
    }
    // Room for the mark of a played encounter (P10) only when one is.
    let mark_w = if r.encounters.iter().any(|l| l.played.is_some()) {
        2
    } else {
        0
    };
    let name_w = usize::from(area.width).saturating_sub(24 + mark_w).max(8);
    let mut rows: Vec<(Line, Option<usize>)> = Vec::new();
    for (i, l) in r.encounters.iter().enumerate() {
        let style = if i == s.cursor {
            theme::selected()
        } else {
            Style::new()
        };
        let band = l
            .band
            .map(|b| b.to_string())
            .unwrap_or_else(|| match &l.problem {
                Some(p) if p.is_error() => "error".into(),
                _ => "unrated".into(),
            });
        let band_st = if l.problem.as_ref().is_some_and(|p| p.is_error()) {
            theme::error()
        } else {
            band_style(l.band.map(lairsmith_core::vocab::Vocabulary::key))
        };
        rows.push((
            Line::from(vec![
                Span::styled(
                    format!(
                        "{:>3} {} {:>8} ",
                        l.position,
                        fit_width(&escape_controls(&l.name), name_w),
                        group_thousands(l.xp)
                    ),
                    style,
                ),
                Span::styled(format!("{band:<9}"), band_st),
                // P10: played, its XP in the party's already.
                Span::styled(if l.played.is_some() { " ✓" } else { "" }, theme::dim()),
            ]),
            Some(i),
        ));
        for u in r
            .level_ups
            .iter()
            .filter(|u| u.after_encounter == l.position)
        {
            rows.push((
                Line::from(Span::styled(
                    format!("    ▲ {}", u.describe()),
                    theme::ok().add_modifier(Modifier::BOLD),
                )),
                None,
            ));
        }
    }
    // Keep the cursor's row in view.
    let h = usize::from(area.height).max(1);
    let at = rows
        .iter()
        .position(|(_, i)| *i == Some(s.cursor))
        .unwrap_or(0);
    let first = at.saturating_sub(h - 1);
    let lines: Vec<Line> = rows
        .into_iter()
        .skip(first)
        .take(h)
        .map(|(l, _)| l)
        .collect();
    f.render_widget(Paragraph::new(lines), area);
}

/// The pacing: one bar per encounter, its height the encounter's XP against its party's
/// budget, coloured by its band, the selected one marked.
fn pacing(r: &AdventureReport, cursor: usize, f: &mut Frame, area: Rect) {
    // Bars narrow as the adventure grows; past what fits, the bars around the cursor show.
    let n = r.encounters.len();
    let bar_w: u16 = match n {
        0..=8 => 4,
        9..=16 => 2,
        _ => 1,
    };
    let fits = usize::from(area.width.saturating_sub(2) / (bar_w + 1)).max(1);
    let first = cursor
        .saturating_sub(fits.saturating_sub(1) / 2)
        .min(n.saturating_sub(fits));
    let shown = if n > fits {
        format!(
            " Pacing: encounters {}–{} of {n} ",
            first + 1,
            (first + fits).min(n)
        )
    } else if area.width >= 50 {
        " Pacing: XP against the budget, in play order ".to_owned()
    } else {
        " Pacing: XP against the budget ".to_owned()
    };
    let block = Block::bordered().title(shown);
    let inner = block.inner(area);
    f.render_widget(block, area);
    let mut spans = Vec::new();
    for b in lairsmith_core::rules::difficulty::BANDS {
        spans.push(Span::styled(
            format!(
                "{} ",
                b.name.chars().next().unwrap_or('?').to_ascii_uppercase()
            ),
            theme::band(b.name).add_modifier(Modifier::BOLD),
        ));
        spans.push(Span::styled(format!("{}  ", b.name), theme::dim()));
    }
    // The legend wraps rather than losing its last bands in a narrow pane.
    let legend_rows =
        crate::tui::widgets::wrap::flush(vec![Line::from(spans)], usize::from(inner.width));
    let legend_h = u16::try_from(legend_rows.len())
        .unwrap_or(1)
        .min(inner.height);
    let [legend, inner] =
        Layout::vertical([Constraint::Length(legend_h), Constraint::Fill(1)]).areas(inner);
    f.render_widget(Paragraph::new(legend_rows), legend);
    if r.encounters.is_empty() {
        f.render_widget(
            Paragraph::new("Each encounter's difficulty shows here as a bar.")
                .style(theme::dim())
                .wrap(Wrap { trim: true }),
            inner,
        );
        return;
    }
    let bars: Vec<Bar> = r
        .encounters
        .iter()
        .enumerate()
        .skip(first)
        .take(fits)
        .map(|(i, l)| pacing_bar(l, i == cursor, usize::from(bar_w)))
        .collect();
    let max = r
        .encounters
        .iter()
        .map(|l| (l.ratio * 100.0).round() as u64)
        .max()
        .unwrap_or(100)
        .max(200);
    f.render_widget(
        BarChart::default()
            .data(BarGroup::default().bars(&bars))
            .bar_width(bar_w)
            .bar_gap(1)
            .max(max),
        inner,
    );
}

fn pacing_bar(l: &EncounterLine, selected: bool, width: usize) -> Bar<'static> {
    let pct = (l.ratio * 100.0).round().max(0.0) as u64;
    // A position wider than its bar would be cut to a wrong number: the title gives the range
    // instead, and the selected bar is marked.
    let text = l.position.to_string();
    let text = if text.len() <= width {
        text
    } else if selected {
        "▲".to_owned()
    } else {
        String::new()
    };
    let label = if selected {
        Span::styled(text, theme::selected())
    } else {
        Span::raw(text)
    };
    Bar::default()
        .value(pct)
        .label(Line::from(label))
        .style(band_style(
            l.band.map(lairsmith_core::vocab::Vocabulary::key),
        ))
        .text_value(match l.band.map(lairsmith_core::vocab::Vocabulary::key) {
            // P10: a played encounter's bar is marked, its XP in the party's already.
            _ if l.played.is_some() => "✓".to_owned(),
            Some(b) => b
                .chars()
                .next()
                .unwrap_or('?')
                .to_ascii_uppercase()
                .to_string(),
            None => "-".into(),
        })
}

/// Whether two characters went the same way: one gauge says it for both.
fn same_track(a: &CharacterTrack, b: &CharacterTrack) -> bool {
    (a.start_level, a.start_xp, a.end_level, a.end_xp)
        == (b.start_level, b.start_xp, b.end_level, b.end_xp)
}

/// A party that does not level together: one row per character with its level at the start
/// and at the end of the adventure, its XP at the end and what it still needs for the next
/// level. Only the name gives way; a party taller than the pane ends with how many are left out.
fn track_table(tracks: &[CharacterTrack], area: Rect) -> Vec<Line<'static>> {
    let w = usize::from(area.width);
    let rows: Vec<(String, [String; 3])> = tracks
        .iter()
        .map(|t| {
            let levels = if t.end_level == t.start_level {
                format!("L{}", t.end_level)
            } else {
                format!("L{}→{}", t.start_level, t.end_level)
            };
            let next = t.next_level_xp.map_or("—".to_owned(), |n| {
                format!(
                    "{} to L{}",
                    group_thousands(n.saturating_sub(t.end_xp)),
                    t.end_level + 1
                )
            });
            (
                escape_controls(&t.name).into_owned(),
                [levels, group_thousands(t.end_xp), next],
            )
        })
        .collect();
    let col = |i: usize, head: &str| {
        rows.iter()
            .map(|(_, c)| lairsmith_core::text::display_width(&c[i]))
            .chain([lairsmith_core::text::display_width(head)])
            .max()
            .unwrap_or(0)
    };
    let (lw, xw, nw) = (col(0, "level"), col(1, "XP"), col(2, "to next"));
    let name_w = w.saturating_sub(lw + xw + nw + 5).clamp(4, 16);
    let numbers = |c: [&str; 3]| format!(" {:<lw$}  {:>xw$}  {:<nw$}", c[0], c[1], c[2]);
    let mut lines = vec![Line::from(Span::styled(
        format!("{:<name_w$}{}", "", numbers(["level", "XP", "to next"])),
        theme::dim(),
    ))];
    let fit = usize::from(area.height).saturating_sub(1);
    let shown = if rows.len() > fit {
        fit.saturating_sub(1)
    } else {
        rows.len()
    };
    for (name, c) in rows.iter().take(shown) {
        lines.push(Line::from(vec![
            Span::styled(fit_width(name, name_w), theme::bold()),
            Span::raw(numbers([&c[0], &c[1], &c[2]])),
        ]));
    }
    if rows.len() > shown {
        lines.push(Line::from(Span::styled(
            format!("and {} more (the sheet lists all)", rows.len() - shown),
            theme::dim(),
        )));
    }
    lines
}

/// One character's XP over the adventure: the bar runs from the first XP of its starting level
/// to the XP of the level after its last; the fill is what it has earned, each level reached
/// is marked with its number, and ▼ marks where the selected encounter leaves it.
fn level_gauge(t: &CharacterTrack, cursor: usize, width: u16) -> Vec<Line<'static>> {
    let w = usize::from(width).max(10);
    let from = first_xp(Level::new(i64::from(t.start_level)).unwrap_or(Level::MIN));
    let to = t
        .next_level_xp
        .unwrap_or(t.end_xp)
        .max(t.end_xp)
        .max(from + 1);
    let col = |xp: u64| {
        (((xp.saturating_sub(from)) as f64 / (to - from) as f64) * w as f64)
            .round()
            .min((w - 1) as f64) as usize
    };
    let mut cells: Vec<(char, Style)> = (0..w)
        .map(|i| {
            if i < col(t.end_xp) {
                ('█', theme::ok())
            } else {
                ('░', theme::dim())
            }
        })
        .collect();
    let mut labels = vec![' '; w];
    let mut free = 0;
    for l in t.start_level + 1..=t.end_level.saturating_add(1).min(30) {
        let Ok(level) = Level::new(i64::from(l)) else {
            continue;
        };
        let x = first_xp(level);
        if x > to {
            break;
        }
        let c = col(x);
        cells[c] = ('┃', theme::warning().add_modifier(Modifier::BOLD));
        let label = format!("L{l}");
        let start = c.min(w.saturating_sub(label.len()));
        // A label that would run into the one before is left out; its mark stays.
        if start < free {
            continue;
        }
        for (k, ch) in label.chars().enumerate() {
            if let Some(slot) = labels.get_mut(start + k) {
                *slot = ch;
            }
        }
        free = start + label.len() + 1;
    }
    let mut marker = vec![' '; w];
    if let Some(x) = t.xp_after.get(cursor) {
        marker[col(*x)] = '▼';
    }
    let next = match t.next_level_xp {
        Some(n) => format!(
            "{}: level {}, {} XP; {} to level {}",
            t.name,
            t.end_level,
            group_thousands(t.end_xp),
            group_thousands(n.saturating_sub(t.end_xp)),
            t.end_level + 1
        ),
        None => format!("{}: level 30, {} XP", t.name, group_thousands(t.end_xp)),
    };
    // Narrow, the numbers stay whole in a shorter sentence.
    let next = if lairsmith_core::text::display_width(&next) <= w {
        next
    } else {
        match t.next_level_xp {
            Some(n) => format!(
                "L{}, {} XP; {} to L{}",
                t.end_level,
                group_thousands(t.end_xp),
                group_thousands(n.saturating_sub(t.end_xp)),
                t.end_level + 1
            ),
            None => format!("L30, {} XP", group_thousands(t.end_xp)),
        }
    };
    vec![
        Line::from(vec![Span::styled(
            fit_width(&escape_controls(&next), w),
            theme::bold(),
        )]),
        Line::from(Span::styled(
            marker.into_iter().collect::<String>(),
            theme::key(),
        )),
        Line::from(
            cells
                .into_iter()
                .map(|(c, st)| Span::styled(c.to_string(), st))
                .collect::<Vec<_>>(),
        ),
        Line::from(Span::styled(
            labels.into_iter().collect::<String>(),
            theme::dim(),
        )),
    ]
}

/// The selected encounter: its numbers for the party at that point, its problem, the
/// level-ups after it.
fn selected(app: &App, f: &mut Frame, area: Rect) {
    let s = &app.adventure;
    let block = Block::bordered()
        .title(" Selected encounter ")
        .border_style(if s.preview_focus {
            theme::focused_border()
        } else {
            theme::border()
        });
    let inner = block.inner(area);
    f.render_widget(block, area);
    let Some(l) = s.report.encounters.get(s.cursor) else {
        return;
    };
    let mut lines = vec![
        Line::from(vec![
            Span::styled(format!("{}. ", l.position), theme::bold()),
            Span::styled(escape_controls(&l.name).into_owned(), theme::bold()),
            Span::styled(format!("  ({})", l.id), theme::dim()),
        ]),
        Line::from(format!(
            "{} XP · {} per character · party level {}",
            group_thousands(l.xp),
            group_thousands(l.xp_per_character),
            l.party_level
        )),
    ];
    if let (Some(b), Some(el)) = (
        l.band.map(lairsmith_core::vocab::Vocabulary::key),
        l.encounter_level,
    ) {
        lines.push(Line::from(vec![
            Span::styled(b, band_style(Some(b)).add_modifier(Modifier::BOLD)),
            Span::raw(format!(
                " · encounter level {el} vs party level {}",
                l.party_level
            )),
            Span::styled(" (bands: lairsmith's own reading)", theme::dim()),
        ]));
    }
    if let Some(p) = &l.played {
        lines.push(Line::styled(
            format!(
                "✓ {} (fight `{}`): {} XP each written to the party; not counted again (P10)",
                p.text(),
                escape_controls(&p.fight),
                group_thousands(p.xp_each)
            ),
            theme::dim(),
        ));
    }
    if let Some(p) = &l.problem {
        let st = if p.is_error() {
            theme::error()
        } else {
            theme::warning()
        };
        lines.push(Line::from(Span::styled(
            escape_controls(p.text()).into_owned(),
            st,
        )));
    }
    for u in s
        .report
        .level_ups
        .iter()
        .filter(|u| u.after_encounter == l.position)
    {
        lines.push(Line::from(Span::styled(
            format!("▲ After it, {}", u.describe()),
            theme::ok(),
        )));
    }
    // One encounter rated again for its preview: the adventure keeps no reports.
    if let Some(rep) = l.rated.as_deref().map(|r| r.report(&app.shell.bestiary)) {
        lines.push(Line::default());
        lines.push(Line::from(Span::styled("Roster", theme::bold())));
        if rep.roster.is_empty() {
            lines.push(Line::from(Span::styled("  (no groups)", theme::dim())));
        }
        for g in &rep.roster {
            let xp = g.xp_total.map_or("?".to_owned(), group_thousands);
            let flag = if g.ally {
                " (ally, not counted)"
            } else if g.missing {
                " (unknown id)"
            } else {
                ""
            };
            lines.push(Line::from(format!(
                "  {} × {}{flag}: {xp} XP",
                g.count,
                escape_controls(&g.name)
            )));
        }
    }
    if let Some(plan) = &l.treasure {
        lines.push(Line::default());
        for (i, t) in plan.lines().into_iter().enumerate() {
            let st = if i == 0 { theme::bold() } else { Style::new() };
            lines.push(Line::from(Span::styled(
                escape_controls(&t).into_owned(),
                st,
            )));
        }
    }
    if let Some(t) = &s.report.treasure {
        lines.push(Line::default());
        lines.push(Line::from(Span::styled(
            format!("The whole adventure (seed {})", t.seed),
            theme::bold(),
        )));
        for t in t.plan.lines().into_iter().skip(1) {
            lines.push(Line::from(escape_controls(&t).into_owned()));
        }
    }
    let open = app.key_on(crate::tui::app::Screen::Adventure, Action::Choose);
    lines.push(Line::from(Span::styled(
        format!("{open} opens it on the Encounter screen."),
        theme::dim(),
    )));
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((s.preview_scroll, 0)),
        inner,
    );
}

/// The title and the words of the Adventure screen's question.
pub fn question(app: &App, q: &super::update::Question) -> (&'static str, String) {
    let super::update::Question::Unsaved(then) = q;
    (
        " Unsaved adventure ",
        format!(
            "The adventure {} has unsaved changes. Save them before {}?",
            app.adventure.adventure.name,
            then.describe()
        ),
    )
}

/// "1,500 over 2 encounter(s)"; with played encounters (P10), what is still to come: "500 to
/// come; 1 of 2 played".
fn xp_line(r: &AdventureReport) -> String {
    let played = r.encounters.iter().filter(|l| l.played.is_some()).count();
    let xp = group_thousands(r.xp_per_character);
    if played == 0 {
        format!("{xp} over {} encounter(s)", r.encounters.len())
    } else {
        format!("{xp} to come; {played} of {} played", r.encounters.len())
    }
}
