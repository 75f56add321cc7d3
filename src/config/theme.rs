//! Themes: a dark or light base, and colours for named slots by ANSI name or hex.

use lairsmith_core::vocab::{UnknownValue, Vocabulary};
use lairsmith_core::vocabulary;
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

vocabulary! {
    /// The palette a theme starts from, chosen to suit the terminal's background.
    pub enum Base ("theme") {
        Dark = ("dark", "Dark"),
        Light = ("light", "Light"),
    }
}

vocabulary! {
    /// The 16 colours every colour terminal has (the user's terminal decides their exact shade),
    /// and the terminal's own default colour.
    pub enum NamedColour ("colour") {
        Default = ("default", "Default"),
        Black = ("black", "Black"),
        Red = ("red", "Red"),
        Green = ("green", "Green"),
        Yellow = ("yellow", "Yellow"),
        Blue = ("blue", "Blue"),
        Magenta = ("magenta", "Magenta"),
        Cyan = ("cyan", "Cyan"),
        White = ("white", "White"),
        BrightBlack = ("bright-black", "Bright black"),
        BrightRed = ("bright-red", "Bright red"),
        BrightGreen = ("bright-green", "Bright green"),
        BrightYellow = ("bright-yellow", "Bright yellow"),
        BrightBlue = ("bright-blue", "Bright blue"),
        BrightMagenta = ("bright-magenta", "Bright magenta"),
        BrightCyan = ("bright-cyan", "Bright cyan"),
        BrightWhite = ("bright-white", "Bright white"),
    }
    // Terminals draw bright black as grey, and most palettes call it that.
    aliases { "grey" => BrightBlack, "gray" => BrightBlack }
}

impl NamedColour {
    /// The colour's number in the terminal's 16-colour palette (0 black to 15 bright white);
    /// `None` for the terminal's default.
    pub fn ansi_index(self) -> Option<u8> {
        NamedColour::ALL
            .iter()
            .position(|c| *c == self)
            .and_then(|i| i.checked_sub(1))
            .and_then(|i| u8::try_from(i).ok())
    }
}

/// A colour for one slot of a theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// One of the terminal's 16 colours or its default, by name (`red`, `bright-black`).
    Named(NamedColour),
    /// An exact colour, red, green and blue 0 to 255, written `#rrggbb` or `#rgb`; shown as
    /// is only by terminals with true colour.
    Rgb(u8, u8, u8),
}

/// What a colour may be, for error messages.
pub fn colour_forms() -> String {
    let names: Vec<&str> = NamedColour::ALL.iter().map(|c| c.key()).collect();
    format!(
        "a colour is one of {} (`grey` is bright-black), or `#rrggbb` or `#rgb` in quotes",
        names.join(", ")
    )
}

/// Why a text is not a colour; each message is the sentence the user sees, ending with the
/// forms a colour takes ([`colour_forms`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ColourError {
    /// `#` followed by something other than 6 or 3 hex digits.
    #[error(
        "`{given}` is not a hex colour: it needs 6 or 3 hex digits after `#`; {}",
        colour_forms()
    )]
    NotHex {
        /// The text as written.
        given: String,
    },
    /// A word that names none of the colours.
    #[error(
        "unknown colour `{given}`{}; {}",
        lairsmith_core::vocab::did_you_mean(suggestion),
        colour_forms()
    )]
    Unknown {
        /// The word as written, trimmed.
        given: String,
        /// The colour name closest to it, if any is close.
        suggestion: Option<String>,
    },
}

impl FromStr for Colour {
    type Err = ColourError;

    fn from_str(s: &str) -> Result<Colour, ColourError> {
        let t = s.trim();
        if let Some(hex) = t.strip_prefix('#') {
            let digits: Option<Vec<u8>> = hex
                .chars()
                .map(|c| c.to_digit(16).and_then(|d| u8::try_from(d).ok()))
                .collect();
            return match digits.as_deref() {
                Some(&[r, g, b]) => Ok(Colour::Rgb(r * 17, g * 17, b * 17)),
                Some(&[r1, r2, g1, g2, b1, b2]) => {
                    Ok(Colour::Rgb(r1 * 16 + r2, g1 * 16 + g2, b1 * 16 + b2))
                }
                _ => Err(ColourError::NotHex {
                    given: s.to_owned(),
                }),
            };
        }
        NamedColour::parse(t)
            .map(Colour::Named)
            .map_err(|e| ColourError::Unknown {
                given: e.given,
                suggestion: e.suggestion,
            })
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Colour::Named(n) => f.write_str(n.key()),
            Colour::Rgb(r, g, b) => write!(f, "#{r:02x}{g:02x}{b:02x}"),
        }
    }
}

/// The base palette and the slots the file changes. The UI draws a slot that is not in
/// `colours` from the base; whatever the theme says, `NO_COLOR` in the environment turns colour
/// off.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    /// The palette it starts from (`theme: dark`, or `base:` in a mapping); dark by default.
    pub base: Base,
    /// The slots the file colours (`colours:` or `colors:`), by slot name.
    pub colours: BTreeMap<String, Colour>,
}

impl Default for Theme {
    fn default() -> Theme {
        Theme {
            base: Base::Dark,
            colours: BTreeMap::new(),
        }
    }
}

/// A theme word's error, worded for the settings file.
pub(super) fn base_error(e: &UnknownValue) -> String {
    let mut msg = format!(
        "unknown theme `{}`{}",
        e.given,
        lairsmith_core::vocab::did_you_mean(&e.suggestion)
    );
    msg.push_str(
        "; a theme is `dark`, `light`, or a mapping with `base:` (dark or light) and `colours:`",
    );
    msg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ansi_indexes_follow_the_palette() {
        assert_eq!(NamedColour::Default.ansi_index(), None);
        assert_eq!(NamedColour::Black.ansi_index(), Some(0));
        assert_eq!(NamedColour::White.ansi_index(), Some(7));
        assert_eq!(NamedColour::BrightBlack.ansi_index(), Some(8));
        assert_eq!(NamedColour::BrightWhite.ansi_index(), Some(15));
    }

    #[test]
    fn colours_read_back_what_they_write() {
        for text in ["#ff8800", "red", "bright-black", "default"] {
            assert_eq!(text.parse::<Colour>().unwrap().to_string(), text);
        }
        assert_eq!("#f80".parse::<Colour>(), Ok(Colour::Rgb(255, 136, 0)));
        assert_eq!(
            "Bright Red".parse::<Colour>(),
            Ok(Colour::Named(NamedColour::BrightRed))
        );
    }

    #[test]
    fn callers_can_tell_the_kinds_of_colour_error_apart() {
        assert_eq!(
            "#ff88".parse::<Colour>(),
            Err(ColourError::NotHex {
                given: "#ff88".to_owned()
            })
        );
        let e = "rde".parse::<Colour>().unwrap_err();
        assert!(matches!(&e, ColourError::Unknown { given, .. } if given == "rde"));
        assert!(e.to_string().starts_with("unknown colour `rde`"));
        assert!(e.to_string().ends_with(&format!("; {}", colour_forms())));
    }
}
