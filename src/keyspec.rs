//! Keys as a user writes them in the settings file (`q`, `Ctrl-s`, `Alt-PageDown`, `F2`): one
//! spelling read, one canonical spelling written back. Independent of any terminal library, so
//! the library builds without the UI; the UI maps a [`KeySpec`] to its own key events.

use lairsmith_core::vocab::closest;
use std::fmt;
use std::str::FromStr;

/// A key, without modifiers. A printable character is [`KeyName::Char`] (the space bar is
/// `Char(' ')`); an upper-case letter is its own key, as terminals report it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KeyName {
    /// A printable character as typed, case and all (`q`, `Q`, `]`, `Space` as `' '`).
    Char(char),
    /// A function key, `F1` to `F24` ([`MAX_F`]).
    F(u8),
    /// Enter (`Return` reads as it too).
    Enter,
    /// Escape (`Esc` or `Escape`).
    Esc,
    /// Tab.
    Tab,
    /// Shift-Tab: terminals report it as a key of its own.
    BackTab,
    /// Backspace.
    Backspace,
    /// Delete (`Del` reads as it too).
    Delete,
    /// Insert (`Ins` reads as it too).
    Insert,
    /// Home.
    Home,
    /// End.
    End,
    /// Page Up (`PgUp` reads as it too).
    PageUp,
    /// Page Down (`PgDn` reads as it too).
    PageDown,
    /// The up arrow.
    Up,
    /// The down arrow.
    Down,
    /// The left arrow.
    Left,
    /// The right arrow.
    Right,
}

/// The highest function key a terminal reports (crossterm and xterm go to F24).
pub const MAX_F: u8 = 24;

/// A key with the modifiers a terminal reports reliably. Shift is not a field: with a letter it
/// makes the upper-case letter (`Shift-q` is `Q`), with Tab it makes [`KeyName::BackTab`], and
/// with anything else terminals disagree, so it is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KeySpec {
    /// The key itself; with `ctrl`, a letter is always lower case ([`KeySpec::new`]).
    pub key: KeyName,
    /// Held with Control (`Ctrl-`, `C-`).
    pub ctrl: bool,
    /// Held with Alt (`Alt-`, `Meta-`, `M-`).
    pub alt: bool,
}

/// Named keys as read (lower-case) and the key each means. The first spelling of each key is the
/// one [`KeySpec`]'s `Display` writes.
const NAMES: &[(&str, KeyName)] = &[
    ("Space", KeyName::Char(' ')),
    ("Enter", KeyName::Enter),
    ("Return", KeyName::Enter),
    ("Esc", KeyName::Esc),
    ("Escape", KeyName::Esc),
    ("Tab", KeyName::Tab),
    ("BackTab", KeyName::BackTab),
    ("Backspace", KeyName::Backspace),
    ("Delete", KeyName::Delete),
    ("Del", KeyName::Delete),
    ("Insert", KeyName::Insert),
    ("Ins", KeyName::Insert),
    ("Home", KeyName::Home),
    ("End", KeyName::End),
    ("PageUp", KeyName::PageUp),
    ("PgUp", KeyName::PageUp),
    ("PageDown", KeyName::PageDown),
    ("PgDn", KeyName::PageDown),
    ("Up", KeyName::Up),
    ("Down", KeyName::Down),
    ("Left", KeyName::Left),
    ("Right", KeyName::Right),
];

/// The accepted forms, for every error message.
pub const FORMS: &str = "a key is one character (`q`, `Q`, `]`; case matters), or Space, Enter, \
Esc, Tab, Backspace, Delete, Insert, Home, End, PageUp, PageDown, Up, Down, Left, Right or F1 to \
F24, after any of the modifiers Ctrl-, Alt- and Shift- (`Ctrl-s`, `Alt-PageDown`, `Shift-Tab`)";

/// Why a key spec was refused: each message is a sentence that says what is wrong and ends
/// with the accepted forms ([`FORMS`]). `given` is the whole text as written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeySpecError {
    /// Nothing was written.
    #[error("the key is empty; {}", FORMS)]
    Empty,
    /// The text holds a control character (a tab, a newline, an escape).
    #[error(
        "`{}` holds the control character {}; {}",
        given.escape_default(),
        character.escape_unicode(),
        FORMS
    )]
    ControlCharacter {
        /// The text as written.
        given: String,
        /// The first control character in it.
        character: char,
    },
    /// A modifier with nothing after it (`Ctrl-`).
    #[error("`{given}` has a modifier but no key after it; {}", FORMS)]
    NoKeyAfterModifier {
        /// The text as written.
        given: String,
    },
    /// A word before a `-` or `+` that is no modifier (`Ctl-q`).
    #[error("unknown modifier `{modifier}` in `{given}`{}; {}", near.as_ref().map_or(String::new(), |n| format!(" (did you mean `{n}-`?)")), FORMS)]
    UnknownModifier {
        /// The text as written.
        given: String,
        /// The word taken for a modifier.
        modifier: String,
        /// The modifier it is closest to, if any is close.
        near: Option<String>,
    },
    /// A word that names no key (`PageDwn`).
    #[error(
        "unknown key `{word}`{}; {}",
        lairsmith_core::vocab::did_you_mean(near),
        FORMS
    )]
    UnknownKey {
        /// The key's word, after any modifiers.
        word: String,
        /// The key name it is closest to, if any is close.
        near: Option<String>,
    },
    /// A function key past [`MAX_F`] (or `F0`).
    #[error(
        "there is no function key `{word}`; they go from F1 to F{}; {}",
        MAX_F,
        FORMS
    )]
    NoSuchFunctionKey {
        /// The key's word, after any modifiers.
        word: String,
    },
    /// Shift with a symbol or digit, which the keyboard layout decides (`Shift-1`).
    #[error(
        "in `{given}`, Shift- goes only with a letter or Tab; for a symbol write the symbol itself (`!`, not `Shift-1`), as it depends on the keyboard layout; {}",
        FORMS
    )]
    ShiftWithSymbol {
        /// The text as written.
        given: String,
    },
    /// Shift with a named key other than Tab (`Shift-Up`), which terminals report unalike.
    #[error(
        "in `{given}`, Shift- goes only with a letter or Tab, as terminals do not report Shift with other keys alike; {}",
        FORMS
    )]
    ShiftWithOtherKey {
        /// The text as written.
        given: String,
    },
}

impl KeySpec {
    /// The key as `FromStr` would read it: Ctrl with a letter is the lower-case letter, since
    /// terminals cannot tell Ctrl-S from Ctrl-s.
    pub fn new(key: KeyName, ctrl: bool, alt: bool) -> KeySpec {
        let key = match key {
            KeyName::Char(c) if ctrl => KeyName::Char(single_lower(c).unwrap_or(c)),
            k => k,
        };
        KeySpec { key, ctrl, alt }
    }

    /// A key without modifiers.
    pub fn plain(key: KeyName) -> KeySpec {
        KeySpec::new(key, false, false)
    }

    /// A character key without modifiers.
    pub fn char(c: char) -> KeySpec {
        KeySpec::plain(KeyName::Char(c))
    }
}

/// `c` in lower case, if that is one character.
fn single_lower(c: char) -> Option<char> {
    let mut l = c.to_lowercase();
    match (l.next(), l.next()) {
        (Some(x), None) => Some(x),
        _ => None,
    }
}

/// `c` in upper case, if that is one character other than `c` itself.
fn single_upper(c: char) -> Option<char> {
    let mut u = c.to_uppercase();
    match (u.next(), u.next()) {
        (Some(x), None) if x != c => Some(x),
        _ => None,
    }
}

/// Strips one modifier and its separator from the front of `s`: which one, and the rest.
fn strip_modifier(s: &str) -> Option<(Modifier, &str)> {
    const PREFIXES: &[(&str, Modifier)] = &[
        ("ctrl", Modifier::Ctrl),
        ("control", Modifier::Ctrl),
        ("c", Modifier::Ctrl),
        ("alt", Modifier::Alt),
        ("meta", Modifier::Alt),
        ("m", Modifier::Alt),
        ("shift", Modifier::Shift),
        ("s", Modifier::Shift),
    ];
    PREFIXES.iter().find_map(|(word, m)| {
        let head = s.get(..word.len())?;
        let rest = s[word.len()..].strip_prefix(['-', '+'])?;
        head.eq_ignore_ascii_case(word).then_some((*m, rest))
    })
}

#[derive(Clone, Copy)]
enum Modifier {
    Ctrl,
    Alt,
    Shift,
}

impl FromStr for KeySpec {
    type Err = KeySpecError;

    fn from_str(s: &str) -> Result<KeySpec, KeySpecError> {
        let given = || s.to_owned();
        if s.is_empty() {
            return Err(KeySpecError::Empty);
        }
        if let Some(c) = s.chars().find(|c| c.is_control()) {
            return Err(KeySpecError::ControlCharacter {
                given: given(),
                character: c,
            });
        }
        let (mut ctrl, mut alt, mut shift) = (false, false, false);
        let mut rest = s;
        // A lone character is a key even when it could start a modifier (`c`, `-`).
        while rest.chars().nth(1).is_some() {
            let Some((m, after)) = strip_modifier(rest) else {
                break;
            };
            if after.is_empty() {
                return Err(KeySpecError::NoKeyAfterModifier { given: given() });
            }
            match m {
                Modifier::Ctrl => ctrl = true,
                Modifier::Alt => alt = true,
                Modifier::Shift => shift = true,
            }
            rest = after;
        }
        let mut chars = rest.chars();
        let key = match (chars.next(), chars.next()) {
            (Some(c), None) => KeyName::Char(c),
            _ => {
                // No key name holds a separator, so a word before one was meant as a modifier.
                if let Some(i) = rest.find(['-', '+']).filter(|&i| i > 0) {
                    let head = &rest[..i];
                    return Err(KeySpecError::UnknownModifier {
                        given: given(),
                        modifier: head.to_owned(),
                        near: closest(head, ["Ctrl", "Alt", "Shift"]).map(str::to_owned),
                    });
                }
                named(rest)?
            }
        };
        let key = if shift {
            match key {
                KeyName::Tab | KeyName::BackTab => KeyName::BackTab,
                KeyName::Char(c) if c.is_uppercase() => key,
                KeyName::Char(c) => KeyName::Char(
                    single_upper(c)
                        .ok_or_else(|| KeySpecError::ShiftWithSymbol { given: given() })?,
                ),
                _ => return Err(KeySpecError::ShiftWithOtherKey { given: given() }),
            }
        } else {
            key
        };
        Ok(KeySpec::new(key, ctrl, alt))
    }
}

/// A key named by a word (`PageDown`, `F5`), any case.
fn named(word: &str) -> Result<KeyName, KeySpecError> {
    if let Some((_, k)) = NAMES.iter().find(|(n, _)| n.eq_ignore_ascii_case(word)) {
        return Ok(*k);
    }
    if let Some(digits) = word.strip_prefix(['f', 'F'])
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
    {
        return match digits.parse::<u8>() {
            Ok(n @ 1..=MAX_F) => Ok(KeyName::F(n)),
            _ => Err(KeySpecError::NoSuchFunctionKey {
                word: word.to_owned(),
            }),
        };
    }
    let function_keys: Vec<String> = (1..=MAX_F).map(|n| format!("F{n}")).collect();
    let candidates = NAMES
        .iter()
        .map(|(n, _)| *n)
        .chain(function_keys.iter().map(String::as_str));
    Err(KeySpecError::UnknownKey {
        word: word.to_owned(),
        near: closest(word, candidates).map(str::to_owned),
    })
}

impl fmt::Display for KeySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ctrl {
            f.write_str("Ctrl-")?;
        }
        if self.alt {
            f.write_str("Alt-")?;
        }
        match self.key {
            KeyName::Char(c) => match NAMES.iter().find(|(_, k)| *k == self.key) {
                Some((name, _)) => f.write_str(name),
                None => write!(f, "{c}"),
            },
            KeyName::F(n) => write!(f, "F{n}"),
            KeyName::BackTab => f.write_str("Shift-Tab"),
            key => {
                let name = NAMES.iter().find(|(_, k)| *k == key).map(|(n, _)| *n);
                f.write_str(name.unwrap_or("?"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(s: &str) -> KeySpec {
        s.parse().unwrap()
    }

    #[test]
    fn modifiers_fold_into_the_key() {
        assert_eq!(key("Shift-q"), key("Q"));
        assert_eq!(key("Ctrl-S"), key("ctrl+s"));
        assert_eq!(key("C-s"), key("Ctrl-s"));
        assert_eq!(key("M-x"), key("Alt-x"));
        assert_eq!(key("shift-tab").key, KeyName::BackTab);
        assert_eq!(key("Ctrl--").key, KeyName::Char('-'));
        assert_eq!(key("c"), KeySpec::char('c'));
        assert_eq!(key("pgdn"), key("PageDown"));
        assert_eq!(key("Alt-Space").to_string(), "Alt-Space");
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        let e = |s: &str| {
            let message = s.parse::<KeySpec>().unwrap_err().to_string();
            let problem = message.strip_suffix(&format!("; {FORMS}"));
            problem
                .expect("every message ends with the forms")
                .to_owned()
        };
        assert_eq!(e("Ctrl-"), "`Ctrl-` has a modifier but no key after it");
        assert_eq!(
            e("PageDwn"),
            "unknown key `PageDwn` (did you mean `PageDown`?)"
        );
        assert_eq!(
            e("F25"),
            "there is no function key `F25`; they go from F1 to F24"
        );
        assert!(e("Shift-1").contains("`!`, not `Shift-1`"));
        assert!(e("Shift-Up").contains("Shift- goes only with a letter or Tab"));
        assert!(e("\t").contains("control character"));
        assert_eq!(
            e("Ctl-q"),
            "unknown modifier `Ctl` in `Ctl-q` (did you mean `Ctrl-`?)"
        );
        assert_eq!(e(""), "the key is empty");
    }

    #[test]
    fn callers_can_tell_the_kinds_of_key_spec_error_apart() {
        let e = |s: &str| s.parse::<KeySpec>().unwrap_err();
        assert_eq!(e(""), KeySpecError::Empty);
        assert_eq!(
            e("PageDwn"),
            KeySpecError::UnknownKey {
                word: "PageDwn".into(),
                near: Some("PageDown".into()),
            }
        );
        assert_eq!(
            e("Alt-F0"),
            KeySpecError::NoSuchFunctionKey { word: "F0".into() }
        );
        assert!(matches!(
            e("Ctl-q"),
            KeySpecError::UnknownModifier { modifier, .. } if modifier == "Ctl"
        ));
        assert!(matches!(e("Shift-1"), KeySpecError::ShiftWithSymbol { .. }));
        assert!(matches!(
            e("Shift-Up"),
            KeySpecError::ShiftWithOtherKey { .. }
        ));
        assert!(matches!(
            e("a\tb"),
            KeySpecError::ControlCharacter {
                character: '\t',
                ..
            }
        ));
        assert_eq!(
            e("Ctrl-").to_string(),
            format!("`Ctrl-` has a modifier but no key after it; {FORMS}")
        );
    }
}
