//! CommonMark for the Markdown exports (the stat block, the encounter and adventure sheets, the
//! treasure section and the Obsidian note). Text from a file reaches them two ways:
//!
//! - Names and labels ([`inline`]): one line, meant as the text it is. Every character that can
//!   open markup (a link, an image, raw HTML, emphasis, code, an Obsidian wiki link, tag,
//!   highlight, comment or block id) is escaped with a backslash, which CommonMark removes
//!   for any ASCII punctuation: the rendered text is the name, and nothing else.
//! - Prose (`prose`): descriptions, power lines, notes. The author's own Markdown (emphasis,
//!   code, lists, links) is kept, but nothing in it can leave its field: a line of ```` ``` ````
//!   or `~~~` would open a code fence that swallows the rest of the document, a `#` line or a
//!   `---`/`===` line under text would make a heading, and raw HTML would reach the page.
//!
//! Only the Markdown renderings call this: the layout, the text export and the UI show text as
//! it was written, without backslashes.

/// ASCII punctuation that opens or closes markup wherever it stands in a line: CommonMark's
/// (`\` escapes, `` ` `` code, `*` `_` emphasis, `[` `]` `!` links and images, `<` `>` HTML and
/// autolinks), GitHub's (`|` table cells, `~` strikethrough) and Obsidian's (`#` tags, `$`
/// maths, `^` block ids).
const INLINE_SPECIALS: &[char] = &[
    '\\', '`', '*', '_', '[', ']', '!', '<', '>', '|', '~', '#', '$', '^',
];

/// A name or label as inline CommonMark text that renders as exactly `text`: its specials
/// escaped, and a line break (which a one-line field should not hold) read as a space (a
/// carriage return is left to [`crate::text::escape_controls`], which shows it). Markup
/// that needs a pair is escaped only in pairs, so "Salt & Ash" and "1 pp = 10 gp" stay as they
/// are: `&` before a letter, digit or `#` (an entity), and `==` and `%%` (Obsidian's highlight
/// and comment). A list marker or rule at its start (`- `, `+ `, `1. `, `1) `, `---`) is
/// escaped too, for the places a name begins a line.
pub fn inline(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let lead = chars.iter().take_while(|c| c.is_whitespace()).count();
    // The one character that would make a list item at the start of a line.
    let digits = chars[lead..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    let at = lead + digits;
    let after = chars.get(at + 1).copied();
    let ends = after.is_none_or(char::is_whitespace);
    let marker = match chars.get(at) {
        // `- x`, `+ x`, and `---` (a thematic break, or a setext underline under a line).
        Some('-') if digits == 0 && (ends || after == Some('-')) => Some(at),
        Some('+') if digits == 0 && ends => Some(at),
        Some('.' | ')') if (1..=9).contains(&digits) && ends => Some(at),
        _ => None,
    };
    let mut out = String::with_capacity(text.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1).copied();
        let special = INLINE_SPECIALS.contains(&c)
            || Some(i) == marker
            || (c == '&' && next.is_some_and(|n| n.is_ascii_alphanumeric() || n == '#'))
            || (matches!(c, '=' | '%') && (prev == Some(c) || next == Some(c)));
        match c {
            '\n' => out.push(' '),
            c if special => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// `text` between `delimiter`s (`**` strong, `*` emphasis), escaped as [`inline`]. Spaces at
/// its ends go outside the delimiters: `* [Veteran]*` is not emphasis in CommonMark, since an
/// opening `*` must not be followed by a space.
pub(crate) fn delimited(text: &str, delimiter: &str) -> String {
    let core = text.trim();
    if core.is_empty() {
        return inline(text);
    }
    let start = text.len() - text.trim_start().len();
    let end = start + core.len();
    format!(
        "{}{delimiter}{}{delimiter}{}",
        inline(&text[..start]),
        inline(core),
        inline(&text[end..])
    )
}

/// Prose as CommonMark that keeps the author's Markdown but stays in its field. `indent` is the
/// column its lines continue at: 2 inside a `- ` list item, 0 in a paragraph of its own, so a
/// list the author wrote stays inside the item.
///
/// Per line (where it is not already indented into a code block): a line opening a fence
/// (```` ``` ````, `~~~`) or an ATX heading (`#`), or made only of `-`, `=`, `*` or `_` (a setext
/// underline under the line before, or a thematic break), has its first character escaped.
/// Raw HTML (`<` before a letter, `/`, `!` or `?`) is escaped anywhere outside code spans,
/// unless it is an autolink (`<https://...>`). Line breaks are kept. A carriage return is not
/// one: YAML reads every line break as `\n`, so a `\r` was written on purpose, and
/// [`crate::text::escape_controls`] shows it.
pub(crate) fn prose(text: &str, indent: usize) -> String {
    let code = code_spans(text);
    let pad = " ".repeat(indent);
    let mut out = String::with_capacity(text.len() + 8);
    let mut offset = 0;
    let last = text.split('\n').count() - 1;
    for (n, line) in text.split('\n').enumerate() {
        if n > 0 {
            out.push('\n');
            // A blank line stays blank; the last one is padded too, as what follows the prose
            // on its line (a name, in a power's text) continues there.
            if !line.trim().is_empty() || n == last {
                out.push_str(&pad);
            }
        }
        let block = block_start(line);
        for (i, c) in line.char_indices() {
            let at = offset + i;
            let opens_html = c == '<'
                && !odd_backslashes(&text[..at])
                && !code.iter().any(|r| r.contains(&at))
                && starts_html(&line[i..]);
            if Some(i) == block || opens_html {
                out.push('\\');
            }
            out.push(c);
        }
        offset += line.len() + 1;
    }
    out
}

/// Whether `before` ends in an odd number of backslashes, so its next character is escaped.
fn odd_backslashes(before: &str) -> bool {
    before.bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 1
}

/// The byte index of the character to escape so `line` opens no fence, heading, setext
/// underline or thematic break; `None` when it opens none, or is indented four columns or more
/// (a code block or a continuation line, never any of those).
fn block_start(line: &str) -> Option<usize> {
    let mut column = 0;
    let start = line
        .char_indices()
        .find_map(|(i, c)| match c {
            ' ' => {
                column += 1;
                None
            }
            '\t' => {
                column += 4 - column % 4;
                None
            }
            _ => Some(i),
        })
        .unwrap_or(line.len());
    if column >= 4 || start == line.len() {
        return None;
    }
    let t = &line[start..];
    let rule = t
        .trim_end()
        .chars()
        .all(|c| matches!(c, '-' | '=' | '*' | '_' | ' ' | '\t'));
    (t.starts_with("```") || t.starts_with("~~~") || t.starts_with('#') || rule).then_some(start)
}

/// Whether `s` (which starts with `<`) would be raw HTML: a tag, a closing tag, a comment, a
/// declaration or a processing instruction. An autolink is not.
fn starts_html(s: &str) -> bool {
    let next = s[1..].chars().next();
    let html = next.is_some_and(|c| c.is_ascii_alphabetic() || matches!(c, '/' | '!' | '?'));
    html && !is_autolink(s)
}

/// `<scheme:...>`: a scheme of 2 to 32 letters, digits, `+`, `.` or `-` starting with a letter,
/// then no space, `<` or `>` before the closing `>` (CommonMark, "Autolinks").
fn is_autolink(s: &str) -> bool {
    let Some(end) = s[1..].find('>') else {
        return false;
    };
    let inner = &s[1..1 + end];
    let Some((scheme, rest)) = inner.split_once(':') else {
        return false;
    };
    let scheme_ok = (2..=32).contains(&scheme.len())
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-'));
    scheme_ok && !rest.chars().any(|c| c.is_whitespace() || c == '<')
}

/// The byte ranges of `text` inside code spans: a run of backticks up to the next run of the
/// same length (CommonMark, "Code spans"). HTML inside one is shown as written, so it is left
/// alone.
fn code_spans(text: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'`' {
            let start = i;
            while i < bytes.len() && bytes[i] == b'`' {
                i += 1;
            }
            let escaped = odd_backslashes(&text[..start]);
            runs.push((start, i - start, escaped));
        } else {
            i += 1;
        }
    }
    let mut spans = Vec::new();
    let mut k = 0;
    while k < runs.len() {
        let (start, len, escaped) = runs[k];
        // An escaped backtick opens nothing; one less backtick may still open a span.
        let (start, len) = if escaped {
            (start + 1, len - 1)
        } else {
            (start, len)
        };
        let close = (len > 0)
            .then(|| (k + 1..runs.len()).find(|&j| runs[j].1 == len))
            .flatten();
        match close {
            Some(j) => {
                spans.push(start..runs[j].0 + len);
                k = j + 1;
            }
            None => k += 1,
        }
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_escaped_for_commonmark_and_obsidian() {
        assert_eq!(
            inline("[c](javascript:alert(2))"),
            "\\[c\\](javascript:alert(2))"
        );
        assert_eq!(
            inline("<img src=x onerror=alert(1)>"),
            "\\<img src=x onerror=alert(1)\\>"
        );
        assert_eq!(inline("[[Secret Note]]"), "\\[\\[Secret Note\\]\\]");
        assert_eq!(inline("# Boss"), "\\# Boss");
        assert_eq!(inline("- one"), "\\- one");
        assert_eq!(inline("12. Rat"), "12\\. Rat");
        assert_eq!(inline("---"), "\\---");
        assert_eq!(inline(" +6"), " +6");
        assert_eq!(inline("-2 penalty"), "-2 penalty");
        assert_eq!(inline("Rat 12. Grey"), "Rat 12. Grey");
        assert_eq!(inline("a\nb"), "a b");
        assert_eq!(
            inline("Salt & Ash, 1 pp = 10 gp, 5%"),
            "Salt & Ash, 1 pp = 10 gp, 5%"
        );
        assert_eq!(
            inline("&amp; ==hi== %%x%%"),
            "\\&amp; \\=\\=hi\\=\\= \\%\\%x\\%\\%"
        );
        assert_eq!(
            inline("Hedgemaw's Bloom (Elder)"),
            "Hedgemaw's Bloom (Elder)"
        );
    }

    #[test]
    fn spaces_go_outside_the_delimiters() {
        assert_eq!(delimited(" [Veteran]", "*"), " *\\[Veteran\\]*");
        assert_eq!(delimited("HP", "**"), "**HP**");
        assert_eq!(delimited("  ", "**"), "  ");
    }

    #[test]
    fn prose_keeps_its_markdown_and_its_field() {
        assert_eq!(prose("*Dazed* and `<b>`", 0), "*Dazed* and `<b>`");
        assert_eq!(prose("a\n```\nb", 2), "a\n  \\```\n  b");
        assert_eq!(prose("~~~", 0), "\\~~~");
        assert_eq!(prose("text\n---", 0), "text\n\\---");
        assert_eq!(prose("text\n=", 0), "text\n\\=");
        assert_eq!(prose("# Heading", 0), "\\# Heading");
        assert_eq!(prose("    # code", 0), "    # code");
        assert_eq!(prose("a <img src=x> b", 0), "a \\<img src=x> b");
        assert_eq!(
            prose("see <https://example.com>", 0),
            "see <https://example.com>"
        );
        assert_eq!(prose("2 < 3", 0), "2 < 3");
        assert_eq!(prose("already \\<b>", 0), "already \\<b>");
        assert_eq!(prose("one:\n- a\n- b", 2), "one:\n  - a\n  - b");
        assert_eq!(prose("a\n\nb", 2), "a\n\n  b");
        assert_eq!(prose("a\n", 2), "a\n  ");
    }
}
