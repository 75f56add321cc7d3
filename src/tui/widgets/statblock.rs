//! The stat block as styled terminal lines, from the same layout the Markdown export uses.

use crate::tui::theme;
use lairsmith_core::export::doc::{Block, Span as DocSpan, layout};
use lairsmith_core::monster::StatBlock;
use ratatui::text::{Line, Span, Text};

pub fn text(block: &StatBlock) -> Text<'static> {
    let mut lines: Vec<Line<'static>> = Vec::new();
    for b in layout(block) {
        match b {
            Block::Title(t) => lines.push(Line::from(Span::styled(t, theme::title()))),
            Block::Heading(h) => {
                lines.push(Line::default());
                lines.push(Line::from(Span::styled(h, theme::heading())));
            }
            Block::Line(spans) => {
                lines.push(Line::from(spans.into_iter().map(span).collect::<Vec<_>>()))
            }
            Block::Item(spans) => {
                let mut v = vec![Span::raw("  ")];
                v.extend(spans.into_iter().map(span));
                lines.push(Line::from(v));
            }
        }
    }
    Text::from(lines)
}

fn span(s: DocSpan) -> Span<'static> {
    match s {
        DocSpan::Plain(t) | DocSpan::Prose(t) => Span::raw(t),
        DocSpan::Bold(t) => Span::styled(t, theme::bold()),
        DocSpan::Italic(t) => Span::styled(t, theme::italic()),
    }
}
