//! Traits, variants and overrides as one line of text each, so the Forge's forms can edit them as any
//! other field: `aura 2 Frightful Presence (fear): Enemies in the aura take a -2 penalty...` and
//! `15; tougher for the finale` (a value and the reason the GM gives for it).

use crate::monster::design::{Trait, Variant};
use crate::monster::overrides::{Amount, Override};
use crate::rules::power_vocab::PowerTag;
use crate::vocab::Vocabulary;

/// A trait as the form shows it.
pub fn trait_text(t: &Trait) -> String {
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

pub const TRAIT_HINT: &str = "[aura N] Name [(tags)]: what it does, e.g. aura 1 Stench (poison): enemies in the aura are dazed; empty removes it";

/// Reads a trait typed into the form, keeping what the file had beyond the form (`x-` keys).
/// `None`: the text is empty and the trait goes.
pub fn parse_trait(text: &str, old: Option<&Trait>) -> Result<Option<Trait>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let (head, body) = text
        .split_once(':')
        .ok_or("write the trait as `Name: what it does` (a colon after the name)")?;
    let mut head = head.trim();
    let mut aura = None;
    if let Some(rest) = head
        .strip_prefix("aura ")
        .or_else(|| head.strip_prefix("Aura "))
    {
        let (n, name) = rest
            .trim_start()
            .split_once(' ')
            .ok_or("after `aura`, give its size and then the trait's name: aura 2 Name: ...")?;
        let size: u32 = n
            .parse()
            .ok()
            .filter(|s| crate::limits::AURA.contains(i64::from(*s)))
            .ok_or_else(|| crate::limits::AURA.refusal(format!("`{n}`")))?;
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
                tags.push(PowerTag::parse(t).map_err(|e| e.to_string())?);
            }
        }
        name = head[..open].trim().to_owned();
    }
    crate::text::check_name("the trait's name", &name)?;
    crate::monster::one_line::check("the trait's name", &name)?;
    let body = body.trim();
    if body.is_empty() {
        return Err("say what the trait does after the colon".into());
    }
    Ok(Some(Trait {
        name,
        aura,
        tags,
        text: body.to_owned(),
        extra: old.map(|o| o.extra.clone()).unwrap_or_default(),
    }))
}

pub const OVERRIDE_HINT: &str = "a number and why, e.g. 15; tougher for the finale, or by +3; tougher at every level (the formula's plus 3); empty goes back to the formula";

pub fn override_text(o: Option<&Override>) -> String {
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
/// number within `limit` or, relative, within [`crate::limits::RELATIVE_OVERRIDE`]. A sign
/// alone does not make it relative: `+14` has always been an attack bonus of 14. `None`:
/// empty, the formula's number again.
pub fn parse_override(
    text: &str,
    limit: &crate::limits::Limit,
) -> Result<Option<Override>, String> {
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
    let n: i64 = digits
        .parse()
        .map_err(|_| format!("`{number}` is not a number for the override (write 15, or by +3 to add 3 to the formula's)"))?;
    let amount = if relative {
        crate::limits::RELATIVE_OVERRIDE.check(n)?;
        Amount::By(n)
    } else {
        limit.check(n)?;
        Amount::Value(n)
    };
    let reason = reason.trim();
    if reason.is_empty() {
        return Err("give the reason after a semicolon, e.g. 15; tougher for the finale (the lint and the stat block show it)".into());
    }
    crate::text::check_name("the reason", reason).or_else(|_| {
        if reason.chars().any(char::is_control) {
            Err("the reason holds a control character".to_owned())
        } else {
            Ok(())
        }
    })?;
    Ok(Some(Override {
        amount,
        reason: reason.to_owned(),
    }))
}

pub const VARIANT_HINT: &str = "Name: how this form differs, e.g. Blizzard Wyrm: it has resist cold 10 and its breath deals cold damage; empty removes it";

/// A variant as the form shows it.
pub fn variant_text(v: &Variant) -> String {
    format!("{}: {}", v.name, v.text)
}

/// Reads `Name: what differs`. `None`: the text is empty and the variant goes.
pub fn parse_variant(text: &str) -> Result<Option<Variant>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let (name, body) = text
        .split_once(':')
        .ok_or("write the variant as `Name: how it differs` (a colon after the name)")?;
    let name = name.trim();
    crate::text::check_name("the variant's name", name)?;
    crate::monster::one_line::check("the variant's name", name)?;
    let body = body.trim();
    if body.is_empty() {
        return Err("say how the variant differs after the colon".into());
    }
    Ok(Some(Variant {
        name: name.to_owned(),
        text: body.to_owned(),
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
        let again = parse_trait(&trait_text(&t), None).unwrap().unwrap();
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
        assert_eq!(parse_variant(&variant_text(&v)).unwrap(), Some(v));
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
        assert_eq!(override_text(Some(&o)), "15; tougher");
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
        assert_eq!(override_text(Some(&o)), "by +3; tougher at every level");
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
}
