//! The Table screen's prompts that show more than their field (read-only): the players' dice a
//! step asks for, each roll's targets with their defenses and modifiers before it is rolled
//! (P13, P15), and what a roll offers to apply (P16).

use super::Prompt;
use super::TableScreen;
use crate::tui::theme;
use crate::tui::widgets::text_field::TextField;
use lairsmith_core::fight::Fight;
use lairsmith_core::text::escape_controls;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Wrap};

/// The lines under a prompt's field, if it has any.
pub fn lines(table: &TableScreen, p: &Prompt, text: &str) -> Option<Vec<String>> {
    let f = table.fight()?;
    Some(match p {
        Prompt::Dice { asked, .. } => dice_lines(asked, text),
        Prompt::Roll { who } => super::roll::preview(f, who, text),
        Prompt::Apply => offer_lines(f),
        _ => return None,
    })
}

/// Each roll asked for, with the number typed for it so far.
fn dice_lines(asked: &[String], text: &str) -> Vec<String> {
    let typed: Vec<&str> = text.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    asked
        .iter()
        .enumerate()
        .map(|(i, what)| match typed.get(i) {
            Some(n) => format!("{}. {what}: {n}", i + 1),
            None => format!("{}. {what}: ?", i + 1),
        })
        .collect()
}

/// What the last roll offers, by number.
fn offer_lines(f: &Fight) -> Vec<String> {
    f.now
        .offers
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let on = f
                .now
                .combatants
                .iter()
                .find(|c| c.id == o.who)
                .map_or(o.who.as_str(), |c| c.name.as_str());
            format!("{}. {on}: {} ({})", i + 1, o.words, o.from)
        })
        .collect()
}

/// A prompt with its lines under the field, as tall as they need and the screen allows.
pub fn view(title: &str, field: &TextField, lines: Vec<String>, f: &mut Frame, area: Rect) {
    let width = area.width.min(90);
    let inner_w = usize::from(width.saturating_sub(2)).max(1);
    let wrapped = crate::tui::widgets::wrap::hanging(
        lines
            .into_iter()
            .map(|l| Line::styled(escape_controls(&l).into_owned(), theme::dim()))
            .collect(),
        inner_w,
    );
    let h = u16::try_from(wrapped.len() + 3).unwrap_or(u16::MAX);
    let r = crate::tui::widgets::popup(area, width, h);
    f.render_widget(Clear, r);
    let block = crate::tui::widgets::dialog(format!(
        " {} ",
        lairsmith_core::text::truncate_to_width(title, inner_w.saturating_sub(2))
    ));
    let inner = block.inner(r);
    f.render_widget(block, r);
    let (vis, c) = field.visible(inner_w);
    let mut all = vec![Line::from(vis)];
    all.extend(wrapped);
    f.render_widget(Paragraph::new(all).wrap(Wrap { trim: false }), inner);
    f.set_cursor_position((inner.x + c as u16, inner.y));
}
