//! Word wrapping with a hanging indent: a long stat block line continues under its own text,
//! indented, so "HP 828; Staggered 414 · Initiative +16" does not read as a new entry at 80
//! columns. Widths are display columns.

use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

/// Wraps every line to `width` columns; continuation lines start with the line's own indent
/// and two more spaces. Styles are kept span by span.
pub fn hanging(lines: Vec<Line<'static>>, width: usize) -> Vec<Line<'static>> {
    wrap(lines, width, Cont::Hang)
}

/// Wraps every line to `width` columns; continuation lines start at column `indent` (a
/// reference's second column: the key reference's descriptions continue under themselves).
pub fn under(lines: Vec<Line<'static>>, width: usize, indent: usize) -> Vec<Line<'static>> {
    wrap(lines, width, Cont::At(indent))
}

/// Where a continuation line starts.
#[derive(Clone, Copy)]
enum Cont {
    /// At the line's own indent and two more.
    Hang,
    /// At the left edge.
    Flush,
    /// At this column.
    At(usize),
}

/// Wraps every line to `width` columns as prose: continuation lines start at the left edge.
/// The number of lines is the height the text needs, so a pane can be sized to show all of it.
pub fn flush(lines: Vec<Line<'static>>, width: usize) -> Vec<Line<'static>> {
    wrap(lines, width, Cont::Flush)
}

fn wrap(lines: Vec<Line<'static>>, width: usize, how: Cont) -> Vec<Line<'static>> {
    let width = width.max(8);
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        if line.width() <= width {
            out.push(line);
            continue;
        }
        let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        let indent = text.len() - text.trim_start_matches(' ').len();
        let cont = match how {
            Cont::Hang => " ".repeat((indent + 2).min(width / 2)),
            Cont::Flush => String::new(),
            Cont::At(n) => " ".repeat(n.min(width / 2)),
        };
        let mut current: Vec<Span<'static>> = Vec::new();
        let mut used = 0usize;
        for span in line.spans {
            let style = span.style;
            for token in tokens(&span.content) {
                let w = token.width();
                if used + w > width && used > cont.len() {
                    out.push(Line::from(std::mem::take(&mut current)));
                    current.push(Span::raw(cont.clone()));
                    used = cont.len();
                    let t = token.trim_start_matches(' ');
                    if t.is_empty() {
                        continue;
                    }
                    push_piece(&mut out, &mut current, &mut used, t, style, width, &cont);
                } else {
                    push_piece(
                        &mut out,
                        &mut current,
                        &mut used,
                        token,
                        style,
                        width,
                        &cont,
                    );
                }
            }
        }
        if !current.is_empty() {
            out.push(Line::from(current));
        }
    }
    out
}

/// Words with the spaces after them.
fn tokens(s: &str) -> Vec<&str> {
    let mut v = Vec::new();
    let mut start = 0;
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b' ' {
            while i < bytes.len() && bytes[i] == b' ' {
                i += 1;
            }
            v.push(&s[start..i]);
            start = i;
        } else {
            i += 1;
        }
    }
    if start < s.len() {
        v.push(&s[start..]);
    }
    v
}

/// Adds a piece to the line, splitting a word longer than a whole line by characters.
fn push_piece(
    out: &mut Vec<Line<'static>>,
    current: &mut Vec<Span<'static>>,
    used: &mut usize,
    piece: &str,
    style: ratatui::style::Style,
    width: usize,
    cont: &str,
) {
    let mut rest = piece;
    // The width is measured once and then counted down: measuring what is left on every line
    // made a long unbroken word (a pasted blob, a file quoted in an error) quadratic.
    let mut rest_width = rest.width();
    while *used + rest_width > width {
        let room = width.saturating_sub(*used);
        let mut cut = 0;
        let mut w = 0;
        for (i, c) in rest.char_indices() {
            let cw = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
            if w + cw > room {
                break;
            }
            w += cw;
            cut = i + c.len_utf8();
        }
        if cut == 0 && *used <= cont.len() {
            // Not even one character fits: give up splitting rather than loop.
            break;
        }
        current.push(Span::styled(rest[..cut].to_owned(), style));
        out.push(Line::from(std::mem::take(current)));
        current.push(Span::raw(cont.to_owned()));
        *used = cont.len();
        rest = &rest[cut..];
        rest_width = rest_width.saturating_sub(w);
    }
    if !rest.is_empty() {
        *used += rest_width;
        current.push(Span::styled(rest.to_owned(), style));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn a_long_line_continues_indented_and_words_stay_whole() {
        let l = Line::from("  HP 828; Staggered 414 · Initiative +16");
        let out = text(&hanging(vec![l], 24));
        assert_eq!(
            out,
            vec!["  HP 828; Staggered 414 ", "    · Initiative +16"]
        );
        for s in &out {
            assert!(s.width() <= 24);
        }
    }

    #[test]
    fn a_word_longer_than_the_line_is_split_and_nothing_is_lost() {
        let long = "x".repeat(50);
        let out = text(&hanging(vec![Line::from(format!("a {long} b"))], 20));
        let joined: String = out.iter().map(|s| s.trim()).collect::<Vec<_>>().join("");
        assert_eq!(joined.replace(' ', ""), format!("a{long}b"));
        assert!(out.iter().all(|s| s.width() <= 20), "{out:?}");
    }

    /// A megabyte with no space in it (a pasted blob, a file quoted whole in an error) wraps to
    /// its lines and loses nothing. Measuring what was left on every line made this quadratic:
    /// the UI froze for minutes, deaf to Ctrl-C. The test would take that long again.
    #[test]
    fn a_megabyte_word_wraps_whole() {
        let blob = "é".repeat(1 << 20);
        let out = text(&flush(vec![Line::from(blob.clone())], 80));
        assert_eq!(out.len(), (1 << 20) / 80 + 1);
        assert!(out.iter().all(|s| s.width() <= 80));
        assert_eq!(out.concat(), blob);
    }
}
