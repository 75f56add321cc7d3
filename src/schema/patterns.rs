//! The regular expressions of the schemas, each built from the rule its reader follows, so that a
//! schema accepts a string exactly when lairsmith does (tests/schema_differential.rs checks them
//! against the readers, character by character where a rule is about characters).
//!
//! They are written in the part of ECMA-262 (the dialect of JSON Schema and of editors) that Rust's
//! regex engines read the same way: anchored, with every class spelled out in `\xHH` and `\uHHHH`.
//! Not `\s`, `\d` or `\w`, whose meanings differ between engines, and no case-insensitive flag,
//! which JSON Schema has none of: a letter read in any case is `[aA]`.

use crate::vocab::Vocabulary;

/// The characters `str::trim` removes: Unicode White_Space, what `char::is_whitespace` tests.
pub const WS: &str = r"[\x09-\x0D \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]";

/// [`WS`] without the ASCII space: what may follow a word before the space that ends it.
const WS_NOT_SPACE: &str = r"[\x09-\x0D\x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]";

/// [`WS`] and `_`: movement traits read `_` as a space before anything else.
const WS_OR_UNDERSCORE: &str =
    r"[\x09-\x0D \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000_]";

/// An id, as [`crate::monster::design::check_id`] accepts it: lower-case ASCII letters and digits
/// joined by single hyphens (with at most [`crate::text::MAX_NAME_CHARS`] characters, which a
/// schema says with `maxLength`).
pub const ID: &str = "^[a-z0-9]+(-[a-z0-9]+)*$";

/// A name, label or party member's name, as [`crate::text::check_name`] accepts it: no control
/// character (C0, DEL, C1) and no bidi embedding, override or isolate, and one character at
/// least that is not white space (with at most [`crate::text::MAX_NAME_CHARS`] characters, which
/// a schema says with `maxLength`).
pub const NAME: &str = concat!(
    r"^[^\x00-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069]*",
    r"[^\x00-\x20\x7F-\xA0\u1680\u2000-\u200A\u2028\u2029\u202A-\u202F\u205F\u2066-\u2069\u3000]",
    r"[^\x00-\x1F\x7F-\x9F\u202A-\u202E\u2066-\u2069]*$"
);

/// A field printed on one line of a stat block, as [`crate::monster::one_line::check`] accepts
/// it: no line break of CommonMark's or of editors' (LF, CR, VT, FF, NEL, LS, PS).
pub const ONE_LINE: &str = r"^[^\n\r\x0B\x0C\x85\u2028\u2029]*$";

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
pub fn spelling(normalised: &str) -> String {
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
pub fn one_of(alternatives: impl IntoIterator<Item = String>) -> String {
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
pub fn trimmed(body: &str) -> String {
    format!("^{WS}*{body}{WS}*$")
}

/// Everything [`Vocabulary::parse`] reads as a `T`.
pub fn vocabulary<T: Vocabulary>() -> String {
    trimmed(&words(T::ALL))
}

/// Everything [`Vocabulary::parse`] reads as `value`.
pub fn vocabulary_value<T: Vocabulary>(value: T) -> String {
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
fn number_range(lo: u64, hi: u64, after: &str) -> String {
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
pub fn whole_number(lo: i64, hi: i64) -> String {
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

/// Dice as [`crate::dice::DiceExpr::parse`] reads them, unanchored: white space anywhere (it is
/// removed first), terms joined by `+` or `-`, a flat term of at most [`crate::dice::MAX_FLAT`],
/// 1 to [`crate::dice::MAX_TERMS`] dice groups of 1 to [`crate::dice::MAX_DICE`] dice of 2 to
/// [`crate::dice::MAX_SIDES`] sides, never subtracted.
pub fn dice() -> String {
    use crate::dice::{MAX_DICE, MAX_FLAT, MAX_SIDES, MAX_TERMS};
    let w = format!("{WS}*");
    let number = |lo: u64, hi: u64| format!("(?:0{w})*{}", number_range(lo, hi, &w));
    let flat_max = u64::try_from(MAX_FLAT).expect("MAX_FLAT is positive");
    let group = format!(
        "(?:{})?[dD]{w}{}",
        number(1, u64::from(MAX_DICE)),
        number(2, u64::from(MAX_SIDES))
    );
    let flat = number(0, flat_max);
    let signed_flat = format!("(?:[-+]{w}{flat})");
    let added_group = format!(r"(?:\+{w}{group})");
    let first = format!(r"(?:(?:[-+]{w})?{flat}{signed_flat}*{added_group}|(?:\+{w})?{group})");
    format!(
        "{w}{first}{signed_flat}*(?:{added_group}{signed_flat}*){{0,{}}}",
        MAX_TERMS - 1
    )
}

/// A sense as [`crate::rules::senses::Sense::parse`] reads it: a sense's word, and after a
/// space the range of one that has a range ([`crate::limits::SENSE_RANGE`]).
pub fn sense() -> String {
    use crate::rules::senses::SenseKind;
    let (ranged, plain): (Vec<SenseKind>, Vec<SenseKind>) =
        SenseKind::ALL.iter().partition(|k| k.has_range());
    let range = crate::limits::SENSE_RANGE;
    trimmed(&format!(
        "(?:{}|{}(?:{WS}* {})?)",
        words(&plain),
        words(&ranged),
        whole_number(range.min, range.max)
    ))
}

/// A movement trait as [`crate::rules::senses::MovementTrait::parse`] reads it.
pub fn movement_trait() -> String {
    use crate::rules::creature::Size;
    use crate::rules::senses::{CLUMSY_PENALTY, Stride};
    let u = WS_OR_UNDERSCORE;
    // Its words in any case, one `_` or space between them.
    let phrase = |p: &str| {
        let mut out = String::new();
        for c in p.chars() {
            match c {
                ' ' => out.push_str("[ _]"),
                '-' => out.push_str("[-_ ]"),
                c => out.push_str(&spelling(&c.to_string())),
            }
        }
        out
    };
    let altitude = crate::limits::ALTITUDE;
    let stride = format!(r"[()]*{u}*{}{u}*[()]*", words(Stride::ALL));
    let alternatives = [
        phrase("wall-walker"),
        phrase("wall-climber"),
        phrase("phasing"),
        phrase("hover"),
        phrase("earth glide"),
        phrase("compress"),
        format!("{}{u}*{}", phrase("compress "), words(Size::ALL)),
        format!(
            "{}(?:{u}*[ _]-0*{})?",
            one_of(["clumsy on ground", "clumsy in air", "clumsy in water"].map(phrase)),
            CLUMSY_PENALTY.unsigned_abs()
        ),
        format!(
            "{}{u}*[ _]{}",
            one_of(["maximum altitude", "max altitude"].map(phrase)),
            whole_number(altitude.min, altitude.max)
        ),
        format!("{stride}{}", phrase(" stride")),
        format!("{}{stride}", phrase("terrain stride ")),
    ];
    format!("^{u}*{}{u}*$", one_of(alternatives))
}

/// An area as [`crate::rules::power_vocab::Area::parse`] reads it: a shape, a space, its size
/// ([`crate::limits::AREA_SIZE`]).
pub fn area() -> String {
    use crate::rules::power_vocab::AreaShape;
    let size = crate::limits::AREA_SIZE;
    trimmed(&format!(
        "{}{WS_NOT_SPACE}* {WS}*{}",
        words(AreaShape::ALL),
        whole_number(size.min, size.max)
    ))
}

/// A challenge rating written as text, as [`crate::rules::d20e3::Cr`]'s `from_str` reads it:
/// `5`, `CR 5`, `1/2`.
pub fn challenge_rating() -> String {
    use crate::rules::d20e3::{FRACTIONS, MAX_CR};
    let denominators: String = FRACTIONS.iter().map(u8::to_string).collect();
    trimmed(&format!(
        r"(?:CR|cr)?{WS}*(?:1/{WS}*\+?0*[{denominators}]|{})",
        whole_number(1, i64::from(MAX_CR))
    ))
}
