//! Text that reaches a person: names checked on the way in, control characters escaped on the
//! way out.
//!
//! A terminal obeys the control characters it is sent: ESC starts sequences that can set the
//! clipboard (OSC 52), make the terminal type a reply as if the user had (CSI 6n), or retitle
//! the window; BEL, BS and CR can hide or overwrite what was printed. Monster files, encounters
//! and parties come from anywhere, so nothing read from them reaches a terminal raw:
//!
//! - Names, labels and party members' names are refused at load and on the command line when
//!   they hold such a character, are empty, or are longer than [`MAX_NAME_CHARS`]
//!   ([`check_name`]).
//! - Everything else (descriptions, notes, file names, parser messages quoting the file) is
//!   escaped by [`escape_controls`] wherever it is printed or exported as Markdown or text.
//!
//! The escape is `\uXXXX` (four hex digits, upper case), the escape JSON and YAML double-quoted
//! strings use for the same character. It is visible in a terminal and an editor, and it keeps
//! JSON output valid and meaning the same thing: `lint --format json` may carry a C1 control or
//! a bidi override that serde_json leaves raw, and after escaping a JSON reader still decodes
//! the original character. Backslashes are left alone, so text that already spelled out
//! `\u001B` reads the same as an escaped ESC; what matters is that no raw control goes out.

use std::borrow::Cow;

/// The most characters (Unicode scalar values) a name may have: monster, encounter and party
/// names, group labels and party members' names. Ids, being slugs of names, are at most as long.
/// Text fields that take a name can cap their input at this.
pub const MAX_NAME_CHARS: usize = 64;

/// A JSON Schema pattern of a name, label or party member's name, as [`check_name`] accepts it: no control
/// character (C0, DEL, C1) and no bidi embedding, override or isolate, and one character at
/// least that is not white space (with at most [`MAX_NAME_CHARS`] characters, which
/// a schema says with `maxLength`).
pub const NAME_PATTERN: &str = concat!(
    r"^[^\x00-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069]*",
    r"[^\x00-\x20\x7F-\xA0\u1680\u2000-\u200A\u2028\u2029\u202A-\u202F\u205F\u2066-\u2069\u3000]",
    r"[^\x00-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069]*$"
);

/// Whether `c` must not reach a terminal raw: C0 controls other than newline and tab, DEL, C1
/// controls, and the bidi embedding, override and isolate controls.
///
/// The bidi controls (U+202A-U+202E, U+2066-U+2069) execute nothing, but in a terminal or editor
/// that lays out bidirectional text an unclosed override reorders the rest of the line, so a
/// name can make a listing or a path read as something else ("Trojan Source"). The marks LRM,
/// RLM and ALM stay: they change no order beyond their neighbours, and right-to-left text uses
/// them.
pub fn is_unsafe_char(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || is_bidi_control(c)
}

/// The bidi embedding, override and isolate controls.
pub(crate) fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `s` fit for HTML text or a quoted attribute: the five markup characters as entities. The
/// HTML sheets and Foundry's HTML fields both escape with it.
pub(crate) fn escape_markup(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `s` with every [`is_unsafe_char`] replaced by its `\uXXXX` escape. Borrows when there is
/// nothing to escape, which is nearly always.
pub fn escape_controls(s: &str) -> Cow<'_, str> {
    if !s.chars().any(is_unsafe_char) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        if is_unsafe_char(c) {
            // Every unsafe character is in the Basic Multilingual Plane, so four digits suffice.
            out.push_str(&format!("\\u{:04X}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Like [`escape_controls`] for an owned string: the same string back when it is clean.
pub fn escape_string(s: String) -> String {
    match escape_controls(&s) {
        Cow::Borrowed(_) => s,
        Cow::Owned(escaped) => escaped,
    }
}

/// `s` made fit to quote in a message: escaped, and cut to about a name's length, so a
/// 100,000-character value does not become a 100,000-character error. A quote is one line, so
/// a tab or a line break in it is escaped too.
pub fn quote_short(s: &str) -> String {
    let limit = MAX_NAME_CHARS;
    let mut cut: String = s.chars().take(limit).collect();
    if s.chars().nth(limit).is_some() {
        cut.push('…');
    }
    escape_string(cut)
        .replace('\t', "\\u0009")
        .replace('\n', "\\u000A")
}

/// Checks a name, label or party member's name; `what` names it in the sentence ("the name",
/// "the label of group 2"). Refused: empty or blank, a control character or bidi control
/// ([`is_unsafe_char`], and tab and newline too, since a name is one line), more than
/// [`MAX_NAME_CHARS`] characters.
pub fn check_name(what: &str, name: &str) -> Result<(), NameError> {
    if name.trim().is_empty() {
        return Err(NameError::Empty {
            what: what.to_owned(),
        });
    }
    if let Some((i, c)) = name
        .chars()
        .enumerate()
        .find(|&(_, c)| c.is_control() || is_bidi_control(c))
    {
        return Err(NameError::Control {
            what: what.to_owned(),
            name: quote_short(name),
            char: c,
            at: i + 1,
        });
    }
    let n = name.chars().count();
    if n > MAX_NAME_CHARS {
        return Err(NameError::TooLong {
            what: what.to_owned(),
            chars: n,
        });
    }
    Ok(())
}

/// Why [`check_name`] refused a name, label or party member's name; `what` is the words that
/// name it in the sentence ("the name", "the label of group 2").
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Empty or only blanks.
    #[error("{what} is empty; give it some text")]
    Empty {
        /// The words naming the text: "the name".
        what: String,
    },
    /// Holds a control character or bidi control; `name` is already quoted with
    /// [`quote_short`], `at` counts characters from 1.
    #[error("{what} `{name}` holds the control character U+{:04X} (character {at}); names are printable text on one line", u32::from(*.char))]
    Control {
        /// The words naming the text: "the name".
        what: String,
        /// The text, quoted and shortened for the message.
        name: String,
        /// The control character found (the first).
        char: char,
        /// Its place in the text, counting characters from 1.
        at: usize,
    },
    /// Longer than [`MAX_NAME_CHARS`] characters.
    #[error("{what} is {chars} characters long; names are at most {MAX_NAME_CHARS} characters")]
    TooLong {
        /// The words naming the text: "the name".
        what: String,
        /// How many characters it has.
        chars: usize,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<NameError> for String {
    fn from(e: NameError) -> String {
        e.to_string()
    }
}

/// 1000 -> "1,000", as the book prints XP.
/// Any integer type: XP sums are wide, and a cast to a narrower type could print a wrong sign.
pub fn group_thousands(n: impl Into<i128>) -> String {
    let n: i128 = n.into();
    let s = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// Signed modifier: +3, -1, +0.
pub fn signed(n: i64) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod words {
    use super::*;

    #[test]
    fn the_article_fits_the_rank() {
        assert_eq!(article("boss"), "a");
        assert_eq!(article("elite"), "an");
        assert_eq!(article("easy"), "an");
        assert_eq!(article("standard"), "a");
        assert_eq!(article("usage"), "a");
        assert_eq!(article("unaligned"), "an");
    }

    #[test]
    fn truncating_to_words_never_cuts_a_word() {
        let s = "200 XP · hits 2d8+7 · X 5 · Adventurer";
        let t = truncate_to_words(s, 20);
        assert_eq!(t, "200 XP · hits 2d8+7…");
        assert!(display_width(&t) <= 20);
        assert_eq!(truncate_to_words(s, 100), s);
        assert_eq!(truncate_to_words("Supercalifragilistic", 8), "Superca…");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A quote in a message is one line: a name's tab or line break is shown escaped, as the
    /// other controls are (the attack report: `Ana<TAB>Bo` reached the terminal raw).
    #[test]
    fn a_quote_escapes_tabs_and_line_breaks() {
        assert_eq!(quote_short("Ana\tBo\nCy\r"), "Ana\\u0009Bo\\u000ACy\\u000D");
    }

    #[test]
    fn escapes_controls_and_bidi_and_keeps_the_rest() {
        assert_eq!(
            escape_controls("a\u{1b}]52;c;eA==\u{7}b\u{8}\r"),
            "a\\u001B]52;c;eA==\\u0007b\\u0008\\u000D"
        );
        assert_eq!(escape_controls("x\u{9b}6n\u{7f}"), "x\\u009B6n\\u007F");
        assert_eq!(escape_controls("rtl\u{202e}evil"), "rtl\\u202Eevil");
        let clean = "Tab\tand newline\n, ünïcödé 大蛙, RLM\u{200f}";
        assert!(matches!(escape_controls(clean), Cow::Borrowed(s) if s == clean));
    }

    #[test]
    fn escaped_json_stays_valid_and_means_the_same() {
        let original = "c1 \u{9b} bidi \u{202e} esc \u{1b}";
        let json = serde_json::to_string(original).unwrap();
        let escaped = escape_controls(&json);
        assert!(!escaped.chars().any(is_unsafe_char));
        let back: String = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back, original);
    }

    #[test]
    fn names_are_checked_for_emptiness_controls_and_length() {
        assert!(check_name("the name", "Giant Frog").is_ok());
        assert!(check_name("the name", &"é".repeat(MAX_NAME_CHARS)).is_ok());
        let long = check_name("the name", &"a".repeat(100_000)).unwrap_err();
        assert!(matches!(long, NameError::TooLong { chars: 100_000, .. }));
        let long = long.to_string();
        assert!(long.contains("100000 characters"), "{long}");
        assert!(long.contains("at most 64"), "{long}");
        let ctl = check_name("the label", "a\u{1b}[6n").unwrap_err();
        assert!(matches!(
            ctl,
            NameError::Control {
                char: '\u{1b}',
                at: 2,
                ..
            }
        ));
        let ctl = ctl.to_string();
        assert!(ctl.contains("U+001B (character 2)"), "{ctl}");
        assert!(
            !ctl.contains('\u{1b}'),
            "the message quotes the name escaped"
        );
        assert!(check_name("the name", "tab\there").is_err());
        assert!(check_name("the name", "x\u{2066}y").is_err());
        assert!(matches!(
            check_name("the name", "  "),
            Err(NameError::Empty { .. })
        ));
    }

    #[test]
    fn quotes_are_short_and_escaped() {
        let q = quote_short(&format!("\u{1b}{}", "a".repeat(1000)));
        assert!(q.starts_with("\\u001B"));
        assert!(q.ends_with('…'));
        assert!(q.chars().count() < 80);
    }
}

/// How many terminal columns `s` takes: wide characters two, combining and zero-width ones none.
pub fn display_width(s: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(s)
}

/// `s` cut to at most `width` columns, ending in `…` when cut; never splits a wide character
/// across the edge.
pub fn truncate_to_width(s: &str, width: usize) -> Cow<'_, str> {
    use unicode_width::UnicodeWidthChar;
    if display_width(s) <= width {
        return Cow::Borrowed(s);
    }
    if width == 0 {
        return Cow::Borrowed("");
    }
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > width - 1 {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    Cow::Owned(out)
}

/// "an" before a word that starts with a vowel sound, "a" otherwise ("an elite", "a boss",
/// "a usage": a `u` read "you" takes "a").
pub(crate) fn article(word: &str) -> &'static str {
    let w = word.trim_start().to_lowercase();
    if ["us", "uni", "eu"].iter().any(|p| w.starts_with(p)) {
        return "a";
    }
    match w.chars().next() {
        Some(c) if "aeiou".contains(c) => "an",
        _ => "a",
    }
}

/// `s` cut to `width` columns at the end of a word, with `…`: never mid-word unless a single
/// word is wider than the whole width.
pub fn truncate_to_words(s: &str, width: usize) -> Cow<'_, str> {
    let cut = truncate_to_width(s, width);
    let Cow::Owned(mut out) = cut else {
        return cut;
    };
    out.pop(); // the ellipsis
    let next = s[out.len()..].chars().next();
    if next.is_some_and(|c| c != ' ')
        && let Some(space) = out.rfind(' ')
        && space > 0
    {
        out.truncate(space);
    }
    let trimmed = out.trim_end_matches([' ', ',', ';', '·']).len();
    out.truncate(trimmed);
    out.push('…');
    Cow::Owned(out)
}

/// `s` in exactly `width` columns: cut with `…`, or padded with spaces on the right.
pub fn fit_width(s: &str, width: usize) -> String {
    pad_to_width(&truncate_to_width(s, width), width)
}

/// `s` followed by spaces up to `width` terminal columns (`s` whole if it is wider).
/// `format!`'s own padding counts chars rather than columns, and panics past 65,535.
pub fn pad_to_width(s: &str, width: usize) -> String {
    let fill = width.saturating_sub(display_width(s));
    let mut out = String::with_capacity(s.len() + fill);
    out.push_str(s);
    out.extend(std::iter::repeat_n(' ', fill));
    out
}

/// The items as they display, joined by `sep`: `fire, poison` for a stat block's immunities.
pub(crate) fn joined<T: std::fmt::Display>(items: &[T], sep: &str) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

#[cfg(test)]
mod width_tests {
    use super::*;

    #[test]
    fn fits_by_columns_not_chars() {
        assert_eq!(fit_width("Frog", 6), "Frog  ");
        assert_eq!(fit_width("Giant Frog", 6), "Giant…");
        // Two columns each: three fit in six with the ellipsis taking one.
        assert_eq!(fit_width("日本語の竜", 6), "日本… ");
        assert_eq!(display_width(&fit_width("日本語の竜", 6)), 6);
        assert_eq!(fit_width("a\u{200b}b", 3), "a\u{200b}b ");
    }
}

/// "1 file", "2 files": `n` and the noun, plural when `n` is not 1 (`plural` is the plural).
pub fn count_of(n: usize, one: &str, plural: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{} {plural}", group_thousands(n as u64))
    }
}

/// The day (UTC) of `secs` seconds since 1970-01-01, as `2026-11-29` (the proleptic Gregorian
/// calendar, Howard Hinnant's days-to-civil).
pub(crate) fn utc_date(secs: u64) -> String {
    let days = (secs / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let doe = days.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Today (UTC), as `2026-11-29`.
pub(crate) fn today() -> String {
    utc_date(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
    )
}
