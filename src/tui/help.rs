//! The key reference (`?`): every row of the keymap, by context, then a legend of the stat
//! block's symbols and of "lairsmith's own reading". Built from the keymap in force, so it is
//! complete by construction and shows rebound keys.

use crate::rules::power_vocab::Origin;
use crate::tui::keymap::{Ctx, Keymap, label};
use crate::tui::theme;
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

pub fn line_count(km: &Keymap) -> usize {
    lines(km).len()
}

/// The line where `ctx`'s section starts, so `?` opens on the current screen's keys.
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
