//! The default settings file, written out in full with comments: what `lairsmith config
//! --defaults` prints, and what `parse` reads back to exactly the defaults.

use super::{NamedColour, Schema};
use crate::keyspec::KeySpec;
use lairsmith_core::vocab::Vocabulary;
use std::fmt::Write as _;

/// Comment lines are wrapped to fit this many columns.
const WIDTH: usize = 96;

/// Key lists wider than this are not used to align the comments after them.
const ALIGN_MAX: usize = 40;

/// The whole default file, commented: one line per action with its description and contexts,
/// then the theme options. `parse` reads it back to exactly `defaults(schema)`.
pub fn render_defaults(schema: &Schema) -> String {
    let mut out = String::new();
    comment(
        &mut out,
        "lairsmith settings. `lairsmith config --defaults` prints this whole file. lairsmith reads \
         $XDG_CONFIG_HOME/lairsmith/config.yaml, else lairsmith/config.yaml in the system's \
         configuration directory, or the file given with --config. Keep only the lines you \
         change: whatever the file leaves out takes its default.",
    );
    out.push_str("#\n");
    comment(
        &mut out,
        "keys: each action takes a list of keys, which replaces its default keys. A key is one \
         character (case matters: \"q\" and \"Q\" differ), or Space, Enter, Esc, Tab, Backspace, \
         Delete, Insert, Home, End, PageUp, PageDown, Up, Down, Left, Right or F1 to F24, after \
         any of Ctrl-, Alt- and Shift- (\"Ctrl-s\", \"Alt-PageDown\", \"Shift-Tab\"). Quote every \
         key, as YAML reads \"[\", \"#\" and others as its own. Two actions that share a context \
         (in brackets after each) cannot share a key. Where a text field has focus, a plain \
         character types: an action gets one there only if it has it there by default.",
    );
    for r in schema.reserved {
        comment(
            &mut out,
            &format!(
                "{} is reserved for {}: {}. No other action can have it.",
                r.key, r.purpose, r.why
            ),
        );
    }
    let lines: Vec<(String, String)> = schema
        .actions
        .iter()
        .map(|a| {
            let keys: Vec<String> = a.defaults.iter().map(quoted_key).collect();
            let binding = format!("{}: [{}]", yaml_key(a.name), keys.join(", "));
            let binding = if a.defaults.is_empty() {
                // An empty list is refused on reading, so an unbound action stays a comment.
                format!("# {binding}")
            } else {
                binding
            };
            let what = format!("{} [{}]", one_line(a.description), a.contexts.join(", "));
            (binding, what)
        })
        .collect();
    if lines.is_empty() {
        out.push_str("keys: {}\n");
    } else {
        out.push_str("keys:\n");
    }
    let align = lines
        .iter()
        .map(|(b, _)| b.chars().count())
        .filter(|w| *w <= ALIGN_MAX)
        .max()
        .unwrap_or(0);
    for (binding, what) in &lines {
        let pad = align.saturating_sub(binding.chars().count());
        let _ = writeln!(out, "  {binding}{:pad$}  # {what}", "");
    }
    out.push('\n');
    comment(
        &mut out,
        "theme: `dark` or `light`, to suit the terminal's background, or a mapping that starts \
         from one and sets colour slots by name or hex (`colors` works too):",
    );
    out.push_str("#   theme:\n#     base: light\n");
    let examples: Vec<String> = schema
        .colour_slots
        .iter()
        .zip(["\"#ff8800\"", "red"])
        .map(|(slot, colour)| format!("{}: {colour}", yaml_key(slot)))
        .collect();
    if !examples.is_empty() {
        let _ = writeln!(out, "#     colours: {{{}}}", examples.join(", "));
    }
    let names: Vec<&str> = NamedColour::ALL.iter().map(|c| c.key()).collect();
    comment(
        &mut out,
        &format!(
            "Colours: {} (grey is bright-black), or \"#rrggbb\" or \"#rgb\" in quotes, as # starts \
             a comment in YAML.",
            names.join(", ")
        ),
    );
    if !schema.colour_slots.is_empty() {
        comment(
            &mut out,
            &format!("Colour slots: {}.", schema.colour_slots.join(", ")),
        );
    }
    comment(
        &mut out,
        "NO_COLOR in the environment turns colour off, whatever the theme says.",
    );
    out.push_str("theme: dark\n");
    out
}

/// `text` as `# ` comment lines of at most [`WIDTH`] columns (a longer word stays whole).
fn comment(out: &mut String, text: &str) {
    let mut line = String::from("#");
    for word in text.split_whitespace() {
        if line.len() > 1 && line.chars().count() + 1 + word.chars().count() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = String::from("#");
        }
        line.push(' ');
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
}

/// `text` with line breaks and other control characters as spaces, to sit in a comment.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// A mapping key: plain when it is a simple word, else double-quoted.
fn yaml_key(name: &str) -> String {
    let simple = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if simple {
        name.to_owned()
    } else {
        double_quoted(name)
    }
}

fn quoted_key(key: &KeySpec) -> String {
    double_quoted(&key.to_string())
}

/// `s` as a YAML double-quoted scalar, escaping what YAML would not read back as itself.
fn double_quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            // Control characters, line and paragraph separators, byte order marks and
            // non-characters: YAML does not allow them raw, or reads them as line breaks.
            c if c.is_control()
                || matches!(
                    c,
                    '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}'
                ) =>
            {
                let _ = match u16::try_from(u32::from(c)) {
                    Ok(n) => write!(out, "\\u{n:04X}"),
                    Err(_) => write!(out, "\\U{:08X}", u32::from(c)),
                };
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
