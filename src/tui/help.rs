//! The key reference (`?`): every row of the keymap, by context, then a legend of the stat
//! block's symbols and of "lairsmith's own reading". Built from the keymap in force, so it is
//! complete by construction and shows rebound keys.

use crate::tui::keymap::{Ctx, Keymap, label};
use crate::tui::theme;
use lairsmith_core::rules::power_vocab::Origin;
use ratatui::text::{Line, Span};

/// A binding's keys as the reference shows them: the ten digits as one range.
pub fn keys_label(keys: &[crate::keyspec::KeySpec], quote: bool) -> String {
    let digits = keys.len() == 10
        && keys.iter().enumerate().all(|(i, k)| {
            !k.ctrl && !k.alt && k.key == crate::keyspec::KeyName::Char(char::from(b'0' + i as u8))
        });
    let q = |s: String| if quote { format!("`{s}`") } else { s };
    if digits {
        return format!("{} to {}", q("0".into()), q("9".into()));
    }
    keys.iter()
        .map(|k| q(label(k)))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// The reference, line by line.
pub fn lines(km: &Keymap) -> Vec<Line<'static>> {
    let mut out: Vec<Line<'static>> = Vec::new();
    for ctx in Ctx::ALL.iter().copied() {
        out.push(Line::from(Span::styled(ctx.title(), theme::heading())));
        for b in km.bindings.iter().filter(|b| b.ctx == ctx) {
            let keys = keys_label(&b.keys, false);
            out.push(Line::from(vec![
                Span::styled(format!("  {keys:<18} "), theme::key()),
                Span::raw(b.desc),
            ]));
        }
        out.push(Line::default());
    }
    out.push(Line::from(Span::styled("Always", theme::heading())));
    out.push(Line::from(
        "  Ctrl-C             Quit, asking first about unsaved work: everywhere, even while typing or",
    ));
    out.push(Line::from(
        "                     in a question, and no settings file can give it to another action",
    ));
    out.push(Line::default());
    out.push(Line::from(Span::styled(
        "Symbols in stat blocks",
        theme::heading(),
    )));
    for (origin, basic, what) in [
        (Origin::Melee, true, "melee basic attack"),
        (Origin::Melee, false, "melee attack"),
        (Origin::Ranged, true, "ranged basic attack"),
        (Origin::Ranged, false, "ranged attack"),
        (
            Origin::Near,
            false,
            "near attack (an area next to the monster)",
        ),
        (Origin::Far, false, "far attack (an area at range)"),
    ] {
        let sym = origin.symbol(basic).unwrap_or(" ");
        out.push(Line::from(format!("  {sym}  {what}")));
    }
    out.push(Line::from(
        "  ● Fire  the damage keyword of a power's damage",
    ));
    out.push(Line::default());
    out.push(Line::from(Span::styled(
        "\"lairsmith's own reading\"",
        theme::heading(),
    )));
    out.push(Line::from(
        "  Where the book leaves a rule open, lairsmith decides it and says so: such numbers and",
    ));
    out.push(Line::from(
        "  words are marked \"(ours)\" on screen and \"[ours, E3]\" (with the ruling's name) in",
    ));
    out.push(Line::from(
        "  the arithmetic. The difficulty bands are one: the book gives the budget, not bands.",
    ));
    out.push(Line::from(
        "  docs/RULES.md (in the project) explains each ruling and the book's section behind it.",
    ));
    out
}

/// How many lines [`lines`] has: what the viewer's keys scroll through.
pub fn line_count(km: &Keymap) -> usize {
    lines(km).len()
}

/// The column where a binding's description starts: two spaces, the keys' 18, one space.
const DESC_COLUMN: usize = 21;

/// The reference as the viewer shows it, `width` columns wide: a description too long for the
/// line continues under itself, so none is cut at the edge. With the row of each of
/// [`lines`]' lines.
fn rows_and_starts(km: &Keymap, width: usize) -> (Vec<Line<'static>>, Vec<usize>) {
    let mut rows = Vec::new();
    let mut starts = Vec::new();
    for line in lines(km) {
        starts.push(rows.len());
        let indent = if line.spans.len() == 2 {
            DESC_COLUMN
        } else {
            4
        };
        rows.extend(crate::tui::widgets::wrap::under(vec![line], width, indent));
    }
    (rows, starts)
}

/// The reference's rows at `width` columns for a viewer of `height` rows scrolled to line
/// `scroll` of [`lines`] (the position keys move, whatever the width), and the first row to
/// show: that line's, or the last page's when the line is on it, so that `End` shows the last
/// row at the bottom and the viewer never scrolls to blank.
pub fn rows(km: &Keymap, width: usize, height: usize, scroll: u16) -> (Vec<Line<'static>>, u16) {
    let (rows, starts) = rows_and_starts(km, width);
    let last_line = starts.len().saturating_sub(height);
    let last_page = rows.len().saturating_sub(height);
    let first = match usize::from(scroll) {
        s if s >= last_line => last_page,
        s => starts.get(s).copied().unwrap_or(0).min(last_page),
    };
    (rows, u16::try_from(first).unwrap_or(u16::MAX))
}

/// The line of [`lines`] where `ctx`'s section starts, so `?` opens on the current screen's
/// keys.
pub fn section_line(km: &Keymap, ctx: Ctx) -> u16 {
    let mut line = 0usize;
    for c in Ctx::ALL.iter().copied() {
        if c == ctx {
            break;
        }
        line += 2 + km.bindings.iter().filter(|b| b.ctx == c).count();
    }
    u16::try_from(line).unwrap_or(0)
}

/// The key reference as Markdown, for the guide's keys page (a test keeps the page identical).
pub fn markdown(km: &Keymap) -> String {
    let mut out = String::new();
    for ctx in Ctx::ALL.iter().copied() {
        out.push_str(&format!("**{}**\n\n", ctx.title()));
        for b in km.bindings.iter().filter(|b| b.ctx == ctx) {
            let keys = keys_label(&b.keys, true);
            out.push_str(&format!("- {keys} — {}\n", b.desc));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_context_has_a_section_and_every_binding_a_line() {
        let km = Keymap::default();
        let text: String = lines(&km).iter().map(|l| l.to_string() + "\n").collect();
        for ctx in Ctx::ALL {
            assert!(
                text.lines().any(|l| l == ctx.title()),
                "{ctx:?} has no section in ?"
            );
        }
        for b in &km.bindings {
            assert!(text.contains(b.desc), "{} is missing from ?", b.desc);
        }
    }

    #[test]
    fn the_section_line_is_the_section_heading() {
        let km = Keymap::default();
        let ls = lines(&km);
        for ctx in Ctx::ALL.iter().copied() {
            let i = section_line(&km, ctx) as usize;
            assert_eq!(ls[i].to_string(), ctx.title());
        }
    }
}
