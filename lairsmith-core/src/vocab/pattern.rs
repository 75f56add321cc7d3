//! The pieces of the schemas' regular expressions: words as [`Vocabulary::parse`] reads them,
//! white space as `str::trim` removes it, and whole numbers in a range. Each type's own pattern
//! is built from these beside the reader it follows, so that a schema accepts a string exactly
//! when lairsmith does (tests/schema_differential.rs checks them against the readers, character
//! by character where a rule is about characters).
//!
//! They are written in the part of ECMA-262 (the dialect of JSON Schema and of editors) that Rust's
//! regex engines read the same way: anchored, with every class spelled out in `\xHH` and `\uHHHH`.
//! Not `\s`, `\d` or `\w`, whose meanings differ between engines, and no case-insensitive flag,
//! which JSON Schema has none of: a letter read in any case is `[aA]`.

use super::Vocabulary;

/// The characters `str::trim` removes: Unicode White_Space, what `char::is_whitespace` tests.
pub(crate) const WS: &str =
    r"[\x09-\x0D \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]";

/// [`WS`] without the ASCII space: what may follow a word before the space that ends it.
pub(crate) const WS_NOT_SPACE: &str =
    r"[\x09-\x0D\x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]";

/// [`WS`] and `_`: movement traits read `_` as a space before anything else.
pub(crate) const WS_OR_UNDERSCORE: &str =
    r"[\x09-\x0D \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000_]";

/// `c` as a literal: escaped where ECMA-262 gives it a meaning (and only there, since its `u`
/// mode refuses other escapes).
fn push_literal(out: &mut String, c: char) {
    if r"^$\.*+?()[]{}|/".contains(c) {
        out.push('\\');
    }
    out.push(c);
}

/// One spelling as [`Vocabulary::parse`] compares it, already normalised (ASCII lower case, `-`
/// for `_` and a space): each ASCII letter in either case, each `-` as `-`, `_` or a space.
pub(crate) fn spelling(normalised: &str) -> String {
    let mut out = String::new();
    for c in normalised.chars() {
        match c {
            'a'..='z' => {
                out.push('[');
                out.push(c);
                out.push(c.to_ascii_uppercase());
                out.push(']');
            }
            '-' => out.push_str("[-_ ]"),
            c => push_literal(&mut out, c),
        }
    }
    out
}

/// One of `alternatives` (each a regular expression): `(?:a|b|c)`, sorted, each once.
pub(crate) fn one_of(alternatives: impl IntoIterator<Item = String>) -> String {
    let mut all: Vec<String> = alternatives.into_iter().collect();
    all.sort();
    all.dedup();
    assert!(
        !all.is_empty(),
        "an empty alternation would match the empty string"
    );
    format!("(?:{})", all.join("|"))
}

/// The spellings [`Vocabulary::parse`] reads as one of `values`, unanchored.
pub fn words<T: Vocabulary>(values: &[T]) -> String {
    one_of(
        values
            .iter()
            .flat_map(|v| T::spellings_of(*v))
            .map(|s| spelling(&s)),
    )
}

/// `body` with the white space `str::trim` removes around it, anchored.
pub(crate) fn trimmed(body: &str) -> String {
    format!("^{WS}*{body}{WS}*$")
}

/// Everything [`Vocabulary::parse`] reads as a `T`.
pub fn vocabulary<T: Vocabulary>() -> String {
    trimmed(&words(T::ALL))
}

/// Everything [`Vocabulary::parse`] reads as `value`.
pub(crate) fn vocabulary_value<T: Vocabulary>(value: T) -> String {
    trimmed(&words(&[value]))
}

/// One digit position: a digit or a class of digits.
fn digits(lo: u8, hi: u8) -> String {
    if lo == hi {
        char::from(b'0' + lo).to_string()
    } else {
        format!("[{}-{}]", char::from(b'0' + lo), char::from(b'0' + hi))
    }
}

/// The numbers `a..=b`, both written with the same number of digits (leading zeros allowed in
/// the positions after `prefix`), as sequences of digit positions.
fn same_length(a: &[u8], b: &[u8], prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let Some((&a0, a_rest)) = a.split_first() else {
        out.push(prefix);
        return;
    };
    let (b0, b_rest) = (b[0], &b[1..]);
    let with = |d: String| prefix.iter().cloned().chain([d]).collect::<Vec<_>>();
    if a0 == b0 {
        return same_length(a_rest, b_rest, with(digits(a0, a0)), out);
    }
    let any = |n: usize| std::iter::repeat_n(digits(0, 9), n);
    if a_rest.iter().all(|&d| d == 0) && b_rest.iter().all(|&d| d == 9) {
        out.push(
            with(digits(a0, b0))
                .into_iter()
                .chain(any(a_rest.len()))
                .collect(),
        );
        return;
    }
    same_length(a_rest, &vec![9; a_rest.len()], with(digits(a0, a0)), out);
    if b0 - a0 >= 2 {
        out.push(
            with(digits(a0 + 1, b0 - 1))
                .into_iter()
                .chain(any(a_rest.len()))
                .collect(),
        );
    }
    same_length(&vec![0; b_rest.len()], b_rest, with(digits(b0, b0)), out);
}

/// The numbers `lo..=hi` written without leading zeros, each digit position followed by `after`
/// (white space, where a reader removes it between digits).
pub(crate) fn number_range(lo: u64, hi: u64, after: &str) -> String {
    let decimal = |n: u64| n.to_string().bytes().map(|b| b - b'0').collect::<Vec<u8>>();
    let mut alternatives = Vec::new();
    for len in decimal(lo).len()..=decimal(hi).len() {
        let len32 = u32::try_from(len).expect("a u64 has at most 20 digits");
        let first = if len == 1 { 0 } else { 10u64.pow(len32 - 1) };
        let last = 10u64.checked_pow(len32).map_or(u64::MAX, |p| p - 1);
        let (a, b) = (lo.max(first), hi.min(last));
        if a <= b {
            same_length(&decimal(a), &decimal(b), Vec::new(), &mut alternatives);
        }
    }
    one_of(alternatives.into_iter().map(|positions| {
        positions
            .iter()
            .map(|p| format!("{p}{after}"))
            .collect::<String>()
    }))
}

/// A whole number in `lo..=hi` (`lo` at least 0) as readers of words with numbers take it:
/// ASCII digits after an optional sign, leading zeros allowed ("blindsight +010").
pub(crate) fn whole_number(lo: i64, hi: i64) -> String {
    let lo = u64::try_from(lo).expect("the ranges of words with numbers start at 0 or above");
    let hi = u64::try_from(hi).expect("a range ends at or above its start");
    assert!(lo <= hi, "an empty range");
    let body = format!(r"\+?0*{}", number_range(lo, hi, ""));
    if lo == 0 {
        format!("(?:{body}|-0+)")
    } else {
        body
    }
}
