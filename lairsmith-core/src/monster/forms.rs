//! A design's movement, senses and regeneration as one line of text each, the way a GM types
//! them into a form and reads them back: `walk 6, fly 8, hover`, `blindsight 10`,
//! `Staggered Regeneration 5`. `Display` writes what `FromStr` reads.

use crate::limits::LimitError;
use crate::monster::design::{Movement, Regeneration, RegenerationWhen};
use crate::rules::senses::{MovementTrait, Sense};
use crate::vocab::UnknownValue;
use std::fmt;
use std::str::FromStr;

/// Why a line is not a [`Movement`]; each message is the sentence the form shows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MovementError {
    /// A mode's speed outside the `movement:` range ([`crate::limits::SPEED`]): "a speed is 0
    /// to 100 squares, not 500".
    #[error("{0}")]
    Speed(LimitError),
    /// A part that is neither a mode with a speed nor a movement trait; the message names the
    /// closest trait, then lists the speeds.
    #[error("{0}; or a speed: walk N, fly N, swim N, climb N, burrow N, teleport N")]
    Unknown(UnknownValue),
    /// A mode given two speeds (`fly 9, fly 3`), or a trait named twice: which one is meant
    /// is not for lairsmith to guess.
    #[error("`{mode}` is given twice; give each mode one speed and each trait once")]
    Twice {
        /// The mode or trait, as typed the second time.
        mode: String,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<MovementError> for String {
    fn from(e: MovementError) -> String {
        e.to_string()
    }
}

/// Why a line is not a [`Regeneration`]; each message is the sentence the form shows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegenerationError {
    /// A first word other than staggered or unstaggered; `near` is the closest of the two,
    /// when one is close.
    #[error(
        "`{given}` is not when regeneration works{}; write staggered or unstaggered before the number, or only the number",
        crate::vocab::did_you_mean(.near)
    )]
    UnknownWhen {
        /// The word typed, lower-cased.
        given: String,
        /// `staggered` or `unstaggered`, when the word is a slip of one.
        near: Option<&'static str>,
    },
    /// No words, or more than two (besides "regeneration").
    #[error(
        "write the hit points, after staggered or unstaggered if it works only then, e.g. staggered 5"
    )]
    Shape,
    /// Hit points that are no whole number within the `regeneration:` range
    /// ([`crate::limits::REGENERATION`]).
    #[error("{}", crate::limits::REGENERATION.refusal(format!("`{given}`")))]
    OutOfRange {
        /// The number as typed, lower-cased.
        given: String,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<RegenerationError> for String {
    fn from(e: RegenerationError) -> String {
        e.to_string()
    }
}

/// The movement modes with a speed, as the form names them.
const MODES: [&str; 6] = ["walk", "fly", "swim", "climb", "burrow", "teleport"];

fn speeds(m: &Movement) -> [Option<u32>; 6] {
    [m.walk, m.fly, m.swim, m.climb, m.burrow, m.teleport]
}

fn speed_mut<'a>(m: &'a mut Movement, mode: &str) -> Option<&'a mut Option<u32>> {
    Some(match mode {
        "walk" | "speed" => &mut m.walk,
        "fly" => &mut m.fly,
        "swim" => &mut m.swim,
        "climb" => &mut m.climb,
        "burrow" => &mut m.burrow,
        "teleport" => &mut m.teleport,
        _ => return None,
    })
}

/// `walk 6, fly 8, hover, swamp stride`: the speeds set, then the traits.
impl fmt::Display for Movement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = MODES
            .iter()
            .zip(speeds(self))
            .filter_map(|(name, v)| v.map(|v| format!("{name} {v}")))
            .collect();
        parts.extend(self.traits.iter().map(MovementTrait::to_string));
        f.write_str(&parts.join(", "))
    }
}

/// Reads `walk 6, fly 8, hover` (`speed 6` is a walk); a walk of the default speed is left
/// unset, as a file leaves it.
impl FromStr for Movement {
    type Err = MovementError;

    fn from_str(text: &str) -> Result<Movement, MovementError> {
        let mut m = Movement::default();
        for part in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (head, tail) = part.rsplit_once(' ').unwrap_or((part, ""));
            let mode = head.to_lowercase();
            match (tail.parse::<u32>().ok(), speed_mut(&mut m, &mode)) {
                (Some(v), Some(slot)) => {
                    crate::limits::SPEED
                        .check(i64::from(v))
                        .map_err(MovementError::Speed)?;
                    if slot.is_some() {
                        return Err(MovementError::Twice { mode });
                    }
                    *slot = Some(v);
                }
                _ => {
                    let t = MovementTrait::parse(part).map_err(MovementError::Unknown)?;
                    if m.traits.contains(&t) {
                        return Err(MovementError::Twice {
                            mode: part.to_lowercase(),
                        });
                    }
                    m.traits.push(t);
                }
            }
        }
        if m.walk == Some(crate::monster::derive::DEFAULT_SPEED) {
            m.walk = None;
        }
        Ok(m)
    }
}

/// Reads `darkvision` or `blindsight 10` ([`Sense::parse`]).
impl FromStr for Sense {
    type Err = UnknownValue;

    fn from_str(text: &str) -> Result<Sense, UnknownValue> {
        Sense::parse(text)
    }
}

/// "Regeneration 5", "Staggered Regeneration 5", as the book prints it.
impl fmt::Display for Regeneration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

/// Reads `5`, `staggered 5`, `Unstaggered Regeneration 5` (the book's words read back).
impl FromStr for Regeneration {
    type Err = RegenerationError;

    fn from_str(text: &str) -> Result<Regeneration, RegenerationError> {
        let lower = text.trim().to_lowercase();
        let words: Vec<&str> = lower
            .split_whitespace()
            .filter(|w| *w != "regeneration")
            .collect();
        let (when, n) = match words.as_slice() {
            [n] => (RegenerationWhen::Always, *n),
            [w, n] => {
                let when = match *w {
                    "staggered" => RegenerationWhen::Staggered,
                    "unstaggered" => RegenerationWhen::Unstaggered,
                    other => {
                        return Err(RegenerationError::UnknownWhen {
                            given: other.to_owned(),
                            near: crate::vocab::closest(other, ["staggered", "unstaggered"]),
                        });
                    }
                };
                (when, *n)
            }
            _ => return Err(RegenerationError::Shape),
        };
        let value = n
            .parse::<u32>()
            .ok()
            .filter(|v| crate::limits::REGENERATION.contains(i64::from(*v)))
            .ok_or_else(|| RegenerationError::OutOfRange {
                given: (*n).to_owned(),
            })?;
        Ok(Regeneration { value, when })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue "words from other games": "bloodied" is the book's staggered.
    #[test]
    fn words_from_other_games_bloodied_regeneration_is_the_books_staggered() {
        assert_eq!(
            "bloodied 5".parse::<Regeneration>(),
            Err(RegenerationError::UnknownWhen {
                given: "bloodied".to_owned(),
                near: Some("staggered"),
            })
        );
    }

    #[test]
    fn regeneration_reads_back_the_books_words() {
        for (typed, label) in [
            ("5", "Regeneration 5"),
            ("staggered 5", "Staggered Regeneration 5"),
            ("Unstaggered Regeneration 12", "Unstaggered Regeneration 12"),
        ] {
            let r: Regeneration = typed.parse().unwrap();
            assert_eq!(r.label(), label);
            assert_eq!(r.to_string(), label);
            assert_eq!(r.label().parse::<Regeneration>(), Ok(r));
        }
        let e = "stagered 5"
            .parse::<Regeneration>()
            .unwrap_err()
            .to_string();
        assert!(e.contains("did you mean `staggered`"), "{e}");
        assert!("staggered".parse::<Regeneration>().is_err());
        assert!("0".parse::<Regeneration>().is_err());
    }

    #[test]
    fn movement_reads_back_what_it_prints() {
        let m: Movement = "walk 6, fly 8, Swim 4, hover".parse().unwrap();
        assert_eq!((m.walk, m.fly, m.swim), (None, Some(8), Some(4)));
        assert_eq!(m.to_string(), "fly 8, swim 4, hover");
        assert_eq!(m.to_string().parse::<Movement>(), Ok(m));
        assert_eq!("speed 7".parse::<Movement>().unwrap().walk, Some(7));
        let e = "wlak 6".parse::<Movement>().unwrap_err().to_string();
        assert!(e.contains("or a speed: walk N"), "{e}");
    }

    #[test]
    fn callers_can_tell_the_kinds_of_movement_error_apart() {
        let e = "fly 500".parse::<Movement>().unwrap_err();
        assert!(matches!(
            e,
            MovementError::Speed(LimitError::OutOfRange { given: 500, .. })
        ));
        assert_eq!(e.to_string(), "a speed is 0 to 100 squares, not 500");
        let e = "wlak 6".parse::<Movement>().unwrap_err();
        assert!(
            matches!(&e, MovementError::Unknown(u) if u.given == "wlak 6"),
            "{e:?}"
        );
        assert!(
            e.to_string()
                .ends_with("; or a speed: walk N, fly N, swim N, climb N, burrow N, teleport N")
        );
        let e = "walk 6, fly 9, fly 3".parse::<Movement>().unwrap_err();
        assert_eq!(e, MovementError::Twice { mode: "fly".into() });
        assert_eq!(
            e.to_string(),
            "`fly` is given twice; give each mode one speed and each trait once"
        );
        assert!(matches!(
            "hover, Hover".parse::<Movement>(),
            Err(MovementError::Twice { .. })
        ));
    }

    #[test]
    fn callers_can_tell_the_kinds_of_regeneration_error_apart() {
        let e = "stagered 5".parse::<Regeneration>().unwrap_err();
        assert_eq!(
            e,
            RegenerationError::UnknownWhen {
                given: "stagered".into(),
                near: Some("staggered"),
            }
        );
        assert_eq!(
            e.to_string(),
            "`stagered` is not when regeneration works (did you mean `staggered`?); write staggered or unstaggered before the number, or only the number"
        );
        let e = "qqqqqqqqqq 5".parse::<Regeneration>().unwrap_err();
        assert!(
            matches!(e, RegenerationError::UnknownWhen { near: None, .. }),
            "{e:?}"
        );
        assert!(
            e.to_string()
                .starts_with("`qqqqqqqqqq` is not when regeneration works; write")
        );
        let e = "".parse::<Regeneration>().unwrap_err();
        assert_eq!(e, RegenerationError::Shape);
        assert_eq!(
            e.to_string(),
            "write the hit points, after staggered or unstaggered if it works only then, e.g. staggered 5"
        );
        let e = "staggered x".parse::<Regeneration>().unwrap_err();
        assert_eq!(e, RegenerationError::OutOfRange { given: "x".into() });
        assert_eq!(
            e.to_string(),
            "regeneration is 1 to 1,000 hit points, not `x`"
        );
    }
}
