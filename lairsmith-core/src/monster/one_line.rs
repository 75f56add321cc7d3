//! Fields a stat block prints inside one line: the names of traits, powers and variants, a
//! power's targets, and languages. A line break in one would break the line it is printed in
//! (a Markdown export would end its list item there, and a next line of ```` ``` ```` or `#`
//! would open a code fence or a heading), so monster files, templates and the Forge refuse it.
//! Prose fields (a trait's text, a power's Hit line, a description) may hold line breaks.

use crate::monster::design::{MonsterDesign, Trait, Variant};
use crate::monster::power::Power;
use crate::monster::template::MonsterTemplate;
use crate::vocab::Vocabulary;
use crate::yaml_io::Seg;
use crate::yaml_io::{Refused, key};

/// A JSON Schema pattern of a field printed on one line of a stat block, as [`check`] accepts
/// it: no line break of CommonMark's or of editors' (LF, CR, VT, FF, NEL, LS, PS).
pub const PATTERN: &str = r"^[^\n\r\x0B\x0C\x85\u2028\u2029]*$";

/// A line ending in CommonMark (`\n`, `\r`), or a character that editors and terminals also
/// break lines at (vertical tab, form feed, NEL, the Unicode line and paragraph separators).
fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}

/// Checks one field that is printed on one line; `what` names it in the sentence ("the name of
/// power 2").
pub fn check(what: &str, text: &str) -> Result<(), LineBreakError> {
    if !text.chars().any(is_line_break) {
        return Ok(());
    }
    Err(LineBreakError {
        what: what.to_owned(),
        text: text.to_owned(),
    })
}

/// A field printed on one line of a stat block holds a line break; the message quotes the text
/// with its breaks spelt out (`\n`, `\u2028`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{what} `{}` holds a line break; it is printed on one line of the stat block, so write it on one line (a YAML `|` or `>` block always ends in a line break: write the value plain or in quotes)",
    crate::text::quote_short(&shown(.text))
)]
pub struct LineBreakError {
    /// The field, as the sentence names it ("the name of power 2").
    pub what: String,
    /// The text as written.
    pub text: String,
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<LineBreakError> for String {
    fn from(e: LineBreakError) -> String {
        e.to_string()
    }
}

/// `text` with its line breaks spelt out, for quoting.
fn shown(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' => "\\n".to_owned(),
            '\r' => "\\r".to_owned(),
            c if is_line_break(c) => format!("\\u{:04X}", u32::from(c)),
            c => c.to_string(),
        })
        .collect()
}

fn at(base: &[Seg], more: impl IntoIterator<Item = Seg>) -> Vec<Seg> {
    base.iter().cloned().chain(more).collect()
}

fn refuse(at: Vec<Seg>, what: &str, text: &str) -> Result<(), Refused> {
    check(what, text).map_err(|m| Refused::new(at, m))
}

fn traits(list: &[Trait], base: &[Seg]) -> Result<(), Refused> {
    for (i, t) in list.iter().enumerate() {
        let what = format!("the name of trait {}", i + 1);
        refuse(at(base, [Seg::Index(i), key("name")]), &what, &t.name)?;
    }
    Ok(())
}

fn powers(list: &[Power], base: &[Seg]) -> Result<(), Refused> {
    for (i, p) in list.iter().enumerate() {
        let what = format!("the name of power {}", i + 1);
        refuse(at(base, [Seg::Index(i), key("name")]), &what, &p.name)?;
        if let Some(t) = &p.targets {
            let what = format!("the targets of power {}", i + 1);
            refuse(at(base, [Seg::Index(i), key("targets")]), &what, t)?;
        }
    }
    Ok(())
}

fn languages(list: &[String], base: &[Seg]) -> Result<(), Refused> {
    for (i, l) in list.iter().enumerate() {
        refuse(at(base, [Seg::Index(i)]), &format!("language {}", i + 1), l)?;
    }
    Ok(())
}

fn variants(list: &[Variant], base: &[Seg]) -> Result<(), Refused> {
    for (i, v) in list.iter().enumerate() {
        let what = format!("the name of variant {}", i + 1);
        refuse(at(base, [Seg::Index(i), key("name")]), &what, &v.name)?;
    }
    Ok(())
}

/// The one-line fields of a monster design.
pub(crate) fn check_design(d: &MonsterDesign) -> Result<(), Refused> {
    traits(&d.traits, &[key("traits")])?;
    powers(&d.powers, &[key("powers")])?;
    languages(&d.languages, &[key("languages")])?;
    variants(&d.variants, &[key("variants")])
}

/// The one-line fields of a monster template, a theme's powers by role included.
pub(crate) fn check_template(t: &MonsterTemplate) -> Result<(), Refused> {
    traits(&t.traits, &[key("traits")])?;
    powers(&t.powers, &[key("powers")])?;
    for (role, list) in &t.powers_by_role {
        powers(list, &[key("powers_by_role"), key(role.key())])?;
    }
    languages(&t.languages, &[key("languages")])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_break_is_a_line_break_error_quoting_it_spelt_out() {
        let e = check("the name of power 2", "Bite\nClaw").unwrap_err();
        assert!(matches!(&e, LineBreakError { what, .. } if what == "the name of power 2"));
        assert!(
            e.to_string()
                .starts_with("the name of power 2 `Bite\\nClaw` holds a line break;"),
            "{e}"
        );
    }
}
