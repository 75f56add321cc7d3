//! A design's traits, variants and overrides as one line of text each, the way a GM types them
//! into a form and reads them back: `aura 2 Frightful Presence (fear): Enemies in the aura take
//! a -2 penalty...`, `Blizzard Wyrm: it has resist cold 10` and `15; tougher for the finale`
//! (a value and the reason the GM gives for it). Each `*_line` function writes what its
//! `parse_*` function reads, as `forms` does for movement, senses and regeneration.

use crate::limits::{AURA, Limit, LimitError, RELATIVE_OVERRIDE};
use crate::monster::design::{Trait, Variant};
use crate::monster::one_line::LineBreakError;
use crate::monster::overrides::{Amount, Override};
use crate::rules::power_vocab::PowerTag;
use crate::text::NameError;
use crate::vocab::{UnknownValue, Vocabulary};

/// Why a line typed for a trait, a variant or an override was refused; each says what a valid
/// line looks like.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FormLineError {
    /// A trait or a variant without the colon between its name and its text.
    #[error("write the {} as `Name: {}` (a colon after the name)", .kind.noun(), .kind.shape())]
    NoColon {
        /// Which of the two it was.
        kind: Named,
    },
    /// Nothing after the colon.
    #[error("{}", match .kind { Named::Trait => "say what the trait does after the colon", Named::Variant => "say how the variant differs after the colon" })]
    NoText {
        /// Which of the two it was.
        kind: Named,
    },
    /// `aura` with nothing after its size.
    #[error("after `aura`, give its size and then the trait's name: aura 2 Name: ...")]
    AuraWithoutName,
    /// An aura's size that is not a number in the aura's range ([`AURA`]).
    #[error("{}", AURA.refusal(format!("`{given}`")))]
    AuraSize {
        /// The size as typed.
        given: String,
    },
    /// A tag in a trait's parentheses that is not a power tag.
    #[error("in the trait's parentheses: {0}")]
    Tag(#[from] UnknownValue),
    /// A name that is empty or holds a control character.
    #[error(transparent)]
    Name(#[from] NameError),
    /// A name that holds a line break.
    #[error(transparent)]
    LineBreak(#[from] LineBreakError),
    /// An override with nothing before its semicolon.
    #[error("give the number first: 15; tougher for the finale, or by +3; tougher at every level")]
    NoNumber,
    /// An override whose number is not a whole number.
    #[error(
        "`{given}` is not a number for the override (write 15, or by +3 to add 3 to the formula's)"
    )]
    NotANumber {
        /// The number as typed.
        given: String,
    },
    /// An override's number outside its stat's range, or a relative one outside
    /// [`RELATIVE_OVERRIDE`].
    #[error(transparent)]
    Limit(#[from] LimitError),
    /// An override without its reason.
    #[error(
        "give the reason after a semicolon, e.g. 15; tougher for the finale (the lint and the stat block show it)"
    )]
    NoReason,
    /// An override's reason that holds a control character.
    #[error("the reason holds a control character")]
    ControlInReason,
}

/// Lets a form that reports errors as sentences use `?` on these.
impl From<FormLineError> for String {
    fn from(e: FormLineError) -> String {
        e.to_string()
    }
}

/// The two kinds of named line: a trait (or aura) and a variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Named {
    /// A trait or an aura: `[aura N] Name [(tags)]: what it does`.
    Trait,
    /// Another form of the monster: `Name: how it differs`.
    Variant,
}

impl Named {
    fn noun(self) -> &'static str {
        match self {
            Named::Trait => "trait",
            Named::Variant => "variant",
        }
    }

    fn shape(self) -> &'static str {
        match self {
            Named::Trait => "what it does",
            Named::Variant => "how it differs",
        }
    }
}

/// A trait as one line: `aura 2 Stench (poison): enemies in the aura are dazed`.
pub fn trait_line(t: &Trait) -> String {
    let mut s = String::new();
    if let Some(a) = t.aura {
        s.push_str(&format!("aura {a} "));
    }
    s.push_str(&t.name);
    if !t.tags.is_empty() {
        let tags: Vec<&str> = t.tags.iter().map(|x| x.key()).collect();
        s.push_str(&format!(" ({})", tags.join(", ")));
    }
    s.push_str(": ");
    s.push_str(&t.text);
    s
}

/// Reads a trait written as [`trait_line`] writes it, keeping what `old` had beyond the line
/// (its `x-` keys). `None`: the line is empty and the trait goes.
pub fn parse_trait(text: &str, old: Option<&Trait>) -> Result<Option<Trait>, FormLineError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let (head, body) = text
        .split_once(':')
        .ok_or(FormLineError::NoColon { kind: Named::Trait })?;
    let mut head = head.trim();
    let mut aura = None;
    if let Some(rest) = head
        .strip_prefix("aura ")
        .or_else(|| head.strip_prefix("Aura "))
    {
        let (n, name) = rest
            .trim_start()
            .split_once(' ')
            .ok_or(FormLineError::AuraWithoutName)?;
        let size: u32 = n
            .parse()
            .ok()
            .filter(|s| AURA.contains(i64::from(*s)))
            .ok_or_else(|| FormLineError::AuraSize {
                given: n.to_owned(),
            })?;
        aura = Some(size);
        head = name.trim();
    }
    let mut tags = Vec::new();
    let mut name = head.to_owned();
    if let Some(open) = head.rfind('(')
        && head.ends_with(')')
    {
        for t in head[open + 1..head.len() - 1].split(',') {
            let t = t.trim();
            if !t.is_empty() {
                tags.push(PowerTag::parse(t)?);
            }
        }
        name = head[..open].trim().to_owned();
    }
    crate::text::check_name("the trait's name", &name)?;
    crate::monster::one_line::check("the trait's name", &name)?;
    let body = body.trim();
    if body.is_empty() {
        return Err(FormLineError::NoText { kind: Named::Trait });
    }
    Ok(Some(Trait {
        name,
        aura,
        tags,
        text: body.to_owned(),
        extra: old.map(|o| o.extra.clone()).unwrap_or_default(),
    }))
}

/// A variant as one line: `Name: how it differs`.
pub fn variant_line(v: &Variant) -> String {
    format!("{}: {}", v.name, v.text)
}

/// Reads `Name: how it differs`. `None`: the line is empty and the variant goes.
pub fn parse_variant(text: &str) -> Result<Option<Variant>, FormLineError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let (name, body) = text.split_once(':').ok_or(FormLineError::NoColon {
        kind: Named::Variant,
    })?;
    let name = name.trim();
    crate::text::check_name("the variant's name", name)?;
    crate::monster::one_line::check("the variant's name", name)?;
    let body = body.trim();
    if body.is_empty() {
        return Err(FormLineError::NoText {
            kind: Named::Variant,
        });
    }
    Ok(Some(Variant {
        name: name.to_owned(),
        text: body.to_owned(),
    }))
}

/// An override as one line: `15; tougher for the finale`, or `by +3; tougher at every level`
/// for one relative to the formula; empty for none.
pub fn override_line(o: Option<&Override>) -> String {
    let Some(o) = o else {
        return String::new();
    };
    let number = match o.amount {
        Amount::Value(v) => v.to_string(),
        Amount::By(b) => format!("by {b:+}"),
    };
    if o.reason.is_empty() {
        number
    } else {
        format!("{number}; {}", o.reason)
    }
}

/// Reads `value; reason` or `by N; reason` (relative to the formula, as a file's `by:`), the
/// number within `limit` or, relative, within [`RELATIVE_OVERRIDE`]. A sign alone does not make
/// it relative: `+14` has always been an attack bonus of 14. `None`: empty, the formula's
/// number again.
pub fn parse_override(text: &str, limit: &Limit) -> Result<Option<Override>, FormLineError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let (number, reason) = text.split_once(';').unwrap_or((text, ""));
    let number = number.trim();
    let (relative, digits) = match number.strip_prefix("by") {
        Some(rest) if rest.starts_with([' ', '+', '-']) => (true, rest.trim()),
        _ => (false, number),
    };
    if number.is_empty() {
        return Err(FormLineError::NoNumber);
    }
    let n: i64 = digits.parse().map_err(|_| FormLineError::NotANumber {
        given: number.to_owned(),
    })?;
    let amount = if relative {
        RELATIVE_OVERRIDE.check(n)?;
        Amount::By(n)
    } else {
        limit.check(n)?;
        Amount::Value(n)
    };
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(FormLineError::NoReason);
    }
    // A reason is prose: the name check's length and wording do not apply, only that it is
    // printable text.
    if crate::text::check_name("the reason", reason).is_err()
        && reason.chars().any(char::is_control)
    {
        return Err(FormLineError::ControlInReason);
    }
    Ok(Some(Override {
        amount,
        reason: reason.to_owned(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trait_reads_back_what_the_form_shows() {
        let t = parse_trait(
            "aura 2 Stench (poison): enemies in the aura are dazed",
            None,
        )
        .unwrap()
        .unwrap();
        assert_eq!(t.aura, Some(2));
        assert_eq!(t.name, "Stench");
        assert_eq!(t.tags.len(), 1);
        let again = parse_trait(&trait_line(&t), None).unwrap().unwrap();
        assert_eq!(again, t);
        assert!(parse_trait("", None).unwrap().is_none());
        assert!(parse_trait("no colon", None).is_err());
        assert!(parse_trait("aura 99 Big: x", None).is_err());
    }

    #[test]
    fn a_variant_needs_a_name_and_what_differs() {
        let v = parse_variant("Elder: it has resist fire 10")
            .unwrap()
            .unwrap();
        assert_eq!(
            (v.name.as_str(), v.text.as_str()),
            ("Elder", "it has resist fire 10")
        );
        assert_eq!(parse_variant(&variant_line(&v)).unwrap(), Some(v));
        assert!(parse_variant("Elder").is_err());
        assert!(parse_variant("Elder:  ").is_err());
        assert!(parse_variant("").unwrap().is_none());
    }

    #[test]
    fn an_override_needs_a_number_and_a_reason() {
        let o = parse_override("15; tougher", &crate::limits::HP_OVERRIDE)
            .unwrap()
            .unwrap();
        assert_eq!(
            (o.amount, o.reason.as_str()),
            (Amount::Value(15), "tougher")
        );
        assert_eq!(override_line(Some(&o)), "15; tougher");
        assert!(parse_override("15", &crate::limits::HP_OVERRIDE).is_err());
        assert!(parse_override("x; y", &crate::limits::HP_OVERRIDE).is_err());
        assert!(
            parse_override(" ", &crate::limits::HP_OVERRIDE)
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn an_override_typed_as_by_a_number_is_relative_to_the_formula() {
        let bonus = &crate::limits::BONUS_OVERRIDE;
        let o = parse_override("by +3; tougher at every level", bonus)
            .unwrap()
            .unwrap();
        assert_eq!(o.amount, Amount::By(3));
        assert_eq!(override_line(Some(&o)), "by +3; tougher at every level");
        assert_eq!(
            parse_override("by -2; clumsy", bonus)
                .unwrap()
                .unwrap()
                .amount,
            Amount::By(-2)
        );
        // A sign alone is an attack bonus, as it always was.
        assert_eq!(
            parse_override("+14; a legendary archer", bonus)
                .unwrap()
                .unwrap()
                .amount,
            Amount::Value(14)
        );
        assert!(parse_override("by; x", bonus).is_err());
        assert!(parse_override("byte; x", bonus).is_err());
    }

    #[test]
    fn callers_can_tell_the_kinds_of_form_line_error_apart() {
        let no_colon = parse_variant("Elder").unwrap_err();
        assert_eq!(
            no_colon,
            FormLineError::NoColon {
                kind: Named::Variant
            }
        );
        assert_eq!(
            no_colon.to_string(),
            "write the variant as `Name: how it differs` (a colon after the name)"
        );
        assert_eq!(
            parse_trait("Big", None).unwrap_err().to_string(),
            "write the trait as `Name: what it does` (a colon after the name)"
        );
        assert_eq!(
            parse_trait("Big:  ", None).unwrap_err().to_string(),
            "say what the trait does after the colon"
        );
        assert!(matches!(
            parse_trait("aura x Big: y", None),
            Err(FormLineError::AuraSize { given }) if given == "x"
        ));
        assert!(matches!(
            parse_trait("Big (nonsense): y", None),
            Err(FormLineError::Tag(_))
        ));
        assert_eq!(
            parse_override("; y", &crate::limits::HP_OVERRIDE),
            Err(FormLineError::NoNumber)
        );
        assert!(
            parse_trait("Big (nonsense): y", None)
                .unwrap_err()
                .to_string()
                .starts_with("in the trait's parentheses: ")
        );
        assert!(matches!(
            parse_override("x; y", &crate::limits::HP_OVERRIDE),
            Err(FormLineError::NotANumber { given }) if given == "x"
        ));
        assert_eq!(
            parse_override("15", &crate::limits::HP_OVERRIDE),
            Err(FormLineError::NoReason)
        );
        assert_eq!(
            parse_override("15; a\u{7}b", &crate::limits::HP_OVERRIDE),
            Err(FormLineError::ControlInReason)
        );
        assert!(matches!(
            parse_override("by 999999999999; far", &crate::limits::BONUS_OVERRIDE),
            Err(FormLineError::Limit(_))
        ));
    }
}
