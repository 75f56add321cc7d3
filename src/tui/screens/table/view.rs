//! Drawing the Table screen (read-only): the initiative order with hit-point bars, staggered
//! and effects at a glance; beside it the selected creature's card (defenses, effects by
//! number, powers by number with their used marks) and the log. With no fight open, the fights
//! saved (each with where it stands) and the encounters to start one from.

use super::TableScreen;
use crate::tui::keymap::{Action, Ctx};
use crate::tui::screens::table::Stands;
use crate::tui::shell::Shell;
use crate::tui::theme;
use lairsmith_core::fight::Fight;
use lairsmith_core::fight::model::{Combatant, Life, Side};
use lairsmith_core::fight::rules::effect_words;
use lairsmith_core::text::escape_controls;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

/// The cells of a hit-point bar.
const BAR: usize = 10;

pub fn view(table: &TableScreen, shell: &Shell, f: &mut Frame, area: Rect) {
    match table.fight() {
        Some(fight) => fight_view(table, shell, fight, f, area),
        None => lobby(table, shell, f, area),
    }
}

pub(super) fn key(table: &TableScreen, shell: &Shell, action: Action) -> String {
    shell.key_in(&table.contexts(), action)
}

fn lobby(table: &TableScreen, shell: &Shell, f: &mut Frame, area: Rect) {
    let l = &table.lobby;
    let block = Block::bordered()
        .title(" Table: run a fight ")
        .border_style(theme::focused_border());
    let inner = block.inner(area);
    f.render_widget(block, area);
    let mut lines = Vec::new();
    if !l.read && l.cancelled {
        lines.push(Line::styled(
            format!(
                "Reading the fights was cancelled: {} reads them again.",
                key(table, shell, Action::Open)
            ),
            theme::dim(),
        ));
    } else if !l.read {
        lines.push(Line::styled("Reading the fights...", theme::dim()));
    } else if l.is_empty() {
        lines.push(Line::raw(
            "No fights yet, and no saved encounters to start one from.",
        ));
        lines.push(Line::styled(
            format!(
                "Save an encounter on the Encounter screen ({}), then come back, or press {} there.",
                shell.key_in(&table.contexts(), Action::ToEncounter),
                shell.keymap.key_or_unbound(&[Ctx::Encounter], Action::StartFight)
            ),
            theme::dim(),
        ));
    } else {
        let row = |i: usize, text: String| {
            let style = if i == l.cursor {
                theme::selected()
            } else {
                ratatui::style::Style::default()
            };
            Line::styled(format!("  {}", escape_controls(&text)), style)
        };
        lines.push(Line::styled("Saved fights", theme::heading()));
        if l.fights.is_empty() {
            lines.push(Line::styled("  none", theme::dim()));
        }
        for (i, f) in l.fights.iter().enumerate() {
            let stands = match f.stands {
                Some(Stands::Starting) => "before round 1".to_owned(),
                Some(Stands::Round(r)) => format!("round {r}"),
                Some(Stands::Ended) => "ended".to_owned(),
                None => "cannot be read".to_owned(),
            };
            lines.push(row(i, format!("{} · {stands}", f.id)));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            "Start a new fight from a saved encounter",
            theme::heading(),
        ));
        if l.encounters.is_empty() {
            lines.push(Line::styled("  none", theme::dim()));
        }
        for (i, id) in l.encounters.iter().enumerate() {
            lines.push(row(l.fights.len() + i, id.clone()));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            format!(
                "{} opens the fight or starts one (asking who is surprised; the monsters roll initiative, and {} asks for the players' d20s or {} enters a character's result).",
                shell.key_in(&table.contexts(), Action::Choose),
                // The keys of the fight that opens, not of this list.
                shell.keymap.key_or_unbound(&[Ctx::Table], Action::NextTurn),
                shell.keymap.key_or_unbound(&[Ctx::Table], Action::Initiative)
            ),
            theme::dim(),
        ));
    }
    // Keep the cursor's line in view: the heading lines above it count.
    let cursor_line = if l.cursor < l.fights.len() {
        1 + l.cursor
    } else {
        2 + l.fights.len().max(1) + 2 + (l.cursor - l.fights.len())
    };
    let scroll = cursor_line.saturating_sub(usize::from(inner.height.saturating_sub(1)));
    // The hints are read whole: wrapped (they come after every row, so the scroll holds).
    let lines = crate::tui::widgets::wrap::hanging(lines, usize::from(inner.width));
    f.render_widget(
        Paragraph::new(lines).scroll((u16::try_from(scroll).unwrap_or(u16::MAX), 0)),
        inner,
    );
}

/// The words of a creature's state beside its bar.
pub(super) fn state(c: &Combatant) -> Option<(String, ratatui::style::Style)> {
    let style = match c.life {
        Life::Dead | Life::Unconscious => theme::error(),
        Life::Gone => theme::dim(),
        Life::Up => theme::warning(),
    };
    lairsmith_core::fight::rules::p12_state_words(c).map(|w| (w, style))
}

fn bar(c: &Combatant) -> Span<'static> {
    match c.max_hp {
        Some(m) if m > 0 => {
            let hp = c.hp.clamp(0, m);
            let full = usize::try_from(hp * BAR as i64 / m).unwrap_or(0);
            let full = if hp > 0 { full.max(1) } else { 0 };
            let s = format!("{}{}", "█".repeat(full), "░".repeat(BAR - full));
            let style = if c.life != Life::Up || hp == 0 {
                theme::error()
            } else if c.is_staggered() {
                theme::warning()
            } else {
                theme::ok()
            };
            Span::styled(s, style)
        }
        _ => Span::styled(format!("{:<BAR$}", "no HP"), theme::dim()),
    }
}

pub(super) fn hp_text(c: &Combatant) -> String {
    let mut s = match c.max_hp {
        Some(m) => format!("{}/{m}", c.hp),
        None if c.hp < 0 => format!("{} taken", -c.hp),
        None => "—".to_owned(),
    };
    if c.temp_hp > 0 {
        s.push_str(&format!(" +{}", c.temp_hp));
    }
    s
}

fn fight_view(table: &TableScreen, shell: &Shell, fight: &Fight, f: &mut Frame, area: Rect) {
    let s = &fight.now;
    let head = head_line(table, shell, fight);
    let left_w = (area.width * 11 / 20).max(50).min(area.width);
    let [left, right] =
        Layout::horizontal([Constraint::Length(left_w), Constraint::Fill(1)]).areas(area);
    // The whole head fits in the title at 120 columns; where it does not, the title keeps the
    // fight's name and the state (round, whose turn, what to press) goes on its own rows, whole.
    let head = escape_controls(&head).into_owned();
    let fits = lairsmith_core::text::display_width(&head) + 4 <= usize::from(left.width);
    let title = if fits {
        head.clone()
    } else {
        escape_controls(&fight.name).into_owned()
    };
    let block = Block::bordered()
        .title(format!(
            " {} ",
            lairsmith_core::text::truncate_to_width(
                &title,
                usize::from(left.width.saturating_sub(4))
            )
        ))
        .border_style(theme::focused_border());
    let mut inner = block.inner(left);
    f.render_widget(block, left);
    if !fits {
        let state = head
            .strip_prefix(title.as_str())
            .map_or(head.as_str(), |rest| rest.trim_start_matches(" · "));
        let rows = crate::tui::widgets::wrap::flush(
            vec![Line::from(Span::styled(state.to_owned(), theme::heading()))],
            usize::from(inner.width),
        );
        let h = u16::try_from(rows.len()).unwrap_or(1).min(inner.height);
        let [state_area, rest] =
            Layout::vertical([Constraint::Length(h), Constraint::Fill(1)]).areas(inner);
        f.render_widget(Paragraph::new(rows), state_area);
        inner = rest;
    }
    // What the last step said; the end's XP, award and treasure take more room.
    let most = if s.ended.is_some() { 12 } else { 4 };
    let news_h = u16::try_from(table.news.len().min(most)).unwrap_or(4);
    let [order_area, news_area] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(news_h)]).areas(inner);
    let (mut lines, selected_line) = order_lines(table, fight, usize::from(order_area.width));
    lines.extend(challenge_lines(table, shell, s));
    let scroll = selected_line.saturating_sub(usize::from(order_area.height.saturating_sub(1)));
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((u16::try_from(scroll).unwrap_or(u16::MAX), 0)),
        order_area,
    );
    // A step's newest lines; the end's from its first (the XP).
    let skip = if s.ended.is_some() {
        0
    } else {
        table.news.len().saturating_sub(usize::from(news_h))
    };
    let news: Vec<Line> = table
        .news
        .iter()
        .skip(skip)
        .take(usize::from(news_h))
        .map(|n| Line::styled(escape_controls(n).into_owned(), theme::dim()))
        .collect();
    f.render_widget(Paragraph::new(news).wrap(Wrap { trim: false }), news_area);

    let card_h = right.height.saturating_mul(3) / 5;
    let [card_area, log_area] =
        Layout::vertical([Constraint::Length(card_h), Constraint::Fill(1)]).areas(right);
    super::card::card(table, shell, fight, f, card_area);
    if table.show_block {
        super::card::stat_block(table, shell, fight, f, log_area);
    } else {
        super::card::log(table, shell, fight, f, log_area);
    }
}

/// The fight's heading: its name and where it stands (ended with its XP, whose turn, or what
/// is needed before round 1).
fn head_line(table: &TableScreen, shell: &Shell, fight: &Fight) -> String {
    let s = &fight.now;
    match (&s.ended, &s.turn) {
        (Some(e), _) => format!(
            "{} · ended · {} XP, {} each",
            fight.name,
            lairsmith_core::text::group_thousands(e.xp),
            lairsmith_core::text::group_thousands(e.xp_each)
        ),
        (None, Some(t)) => {
            let name = s
                .combatants
                .iter()
                .find(|c| &c.id == t)
                .map_or(t.as_str(), |c| c.name.as_str());
            let surprise = if s.surprise && s.round == 1 {
                " (surprise)"
            } else {
                ""
            };
            format!(
                "{} · round {}{surprise} · {name}'s turn",
                fight.name, s.round
            )
        }
        (None, None) => {
            let missing = s
                .combatants
                .iter()
                .filter(|c| c.side == Side::Party && c.initiative.is_none())
                .count();
            if missing > 0 {
                format!(
                    "{} · before round 1 · {missing} need initiative ({})",
                    fight.name,
                    key(table, shell, Action::Initiative),
                )
            } else {
                format!(
                    "{} · before round 1 · {} begins",
                    fight.name,
                    key(table, shell, Action::NextTurn)
                )
            }
        }
    }
}

/// The initiative order, a row a creature (its count, name, hit-point bar, state words, action
/// points and effects), and the row of the selected one.
fn order_lines(table: &TableScreen, fight: &Fight, width: usize) -> (Vec<Line<'static>>, usize) {
    let s = &fight.now;
    let order = fight.order();
    // The name gives way first, so that the bar, the HP and the state words stay in view.
    let name_w = width.saturating_sub(38).clamp(10, 22);
    let mut lines = Vec::new();
    let mut selected_line = 0;
    for (i, c) in order.iter().enumerate() {
        let is_turn = s.turn.as_deref() == Some(c.id.as_str());
        let is_sel = table.selected.as_deref() == Some(c.id.as_str());
        if is_sel {
            selected_line = i;
        }
        let count = c
            .initiative
            .map_or_else(|| "  ?".to_owned(), |n| format!("{n:>3}"));
        let mut name = c.name.clone();
        if c.side == Side::Party {
            name.push_str(" ·pc");
        } else if c.side == Side::Ally {
            name.push_str(" ·ally");
        }
        if c.hidden {
            name.push_str(" (hidden)");
        }
        let name = short_name(&escape_controls(&name), name_w);
        let mut spans = vec![
            Span::styled(if is_turn { "▶" } else { " " }, theme::title()),
            Span::raw(format!("{count} {name} ")),
            bar(c),
            Span::raw(format!(" {:<9}", hp_text(c))),
        ];
        if let Some((word, style)) = state(c) {
            spans.push(Span::styled(format!(" {word}"), style));
        }
        if c.action_points > 0 {
            spans.push(Span::styled(
                format!(" {}AP", c.action_points),
                theme::dim(),
            ));
        }
        for e in &c.effects {
            spans.push(Span::styled(
                format!(" #{} {}", e.id, escape_controls(&effect_words(e, s))),
                theme::warning(),
            ));
        }
        let mut line = Line::from(spans);
        if is_sel {
            line = line.style(theme::selected());
        }
        lines.push(line);
    }
    (lines, selected_line)
}

/// The extended challenges (A3) under the order: their count and their DCs.
fn challenge_lines(
    table: &TableScreen,
    shell: &Shell,
    s: &lairsmith_core::fight::model::FightState,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    // The extended challenges (A3) under the order: their count and their DCs.
    for (n, ch) in s.challenges.iter().enumerate() {
        lines.push(Line::raw(""));
        let state = if ch.successes >= ch.successes_needed {
            " · succeeded"
        } else if ch.failures >= ch.failures_allowed {
            " · failed"
        } else {
            ""
        };
        lines.push(Line::styled(
            format!(
                "Challenge {}: {} · {}/{} successes, {}/{} failures{state}",
                n + 1,
                escape_controls(&ch.name),
                ch.successes,
                ch.successes_needed,
                ch.failures,
                ch.failures_allowed
            ),
            theme::heading(),
        ));
        let dcs: Vec<String> = ch
            .skills
            .iter()
            .map(|(k, dc)| {
                let used = if ch.used.iter().any(|u| u.eq_ignore_ascii_case(k)) {
                    " (used: Hard)"
                } else {
                    ""
                };
                format!("{k} DC {dc}{used}")
            })
            .collect();
        lines.push(Line::raw(format!(
            "  {} · Hard {} · group Easy {} ({} checks)",
            escape_controls(&dcs.join(", ")),
            ch.hard_dc,
            ch.easy_dc,
            key(table, shell, Action::ChallengeCheck)
        )));
    }
    lines
}

/// A name in `width` columns, cut before a group member's number so that `Kilnwing Darter 1`
/// and `2` stay apart (`Kilnwin… 1`).
fn short_name(name: &str, width: usize) -> String {
    if lairsmith_core::text::display_width(name) <= width {
        return lairsmith_core::text::fit_width(name, width);
    }
    let numbered = name
        .rsplit_once(' ')
        .filter(|(_, n)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    match numbered {
        Some((stem, n)) if n.len() + 3 < width => {
            let stem = lairsmith_core::text::truncate_to_width(stem, width - n.len() - 1);
            lairsmith_core::text::fit_width(&format!("{stem} {n}"), width)
        }
        _ => lairsmith_core::text::fit_width(name, width),
    }
}
