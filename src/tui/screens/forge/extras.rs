//! Traits, variants and overrides as one line of text each, so the Forge's forms can edit them as any
//! other field: `aura 2 Frightful Presence (fear): Enemies in the aura take a -2 penalty...` and
//! `15; tougher for the finale` (a value and the reason the GM gives for it).

use crate::monster::design::{Trait, Variant};
use crate::monster::overrides::Override;
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

pub const OVERRIDE_HINT: &str =
    "a number and why, e.g. 15; tougher for the finale (empty goes back to the formula)";

pub fn override_text(o: Option<&Override>) -> String {
    match o {
        Some(o) if o.reason.is_empty() => o.value.to_string(),
        Some(o) => format!("{}; {}", o.value, o.reason),
        None => String::new(),
    }
}

/// Reads `value; reason`, the value within `limit` (as a file's is). `None`: empty, the
/// formula's number again.
pub fn parse_override(
    text: &str,
    limit: &crate::limits::Limit,
) -> Result<Option<Override>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let (value, reason) = text.split_once(';').unwrap_or((text, ""));
    let value: i64 = value
        .trim()
        .parse()
        .map_err(|_| format!("`{}` is not a number for the override", value.trim()))?;
    limit.check(value)?;
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
        value,
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
        assert_eq!((o.value, o.reason.as_str()), (15, "tougher"));
        assert_eq!(override_text(Some(&o)), "15; tougher");
        assert!(parse_override("15", &crate::limits::HP_OVERRIDE).is_err());
        assert!(parse_override("x; y", &crate::limits::HP_OVERRIDE).is_err());
        assert!(
            parse_override(" ", &crate::limits::HP_OVERRIDE)
                .unwrap()
                .is_none()
        );
    }
}
