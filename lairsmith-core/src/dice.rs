//! Dice expressions such as `2d10+4`: parse, display, average, and roll with a caller's RNG.
//!
//! ```
//! use lairsmith_core::dice::DiceExpr;
//! let d = DiceExpr::parse("2d10 + 4").unwrap();
//! assert_eq!(d.to_string(), "2d10+4");
//! assert_eq!(d.average(), 15.0);
//! assert_eq!(d.plus(5).to_string(), "2d10+9"); // how the wrecker bonus applies
//! ```

use std::fmt;

/// Limits that keep a hostile expression from costing time or memory: the most dice in one
/// group.
pub const MAX_DICE: u32 = 1000;
/// The most sides a die may have (the fewest is 2).
pub const MAX_SIDES: u32 = 1000;
/// The most dice groups an expression may have.
pub(crate) const MAX_TERMS: usize = 16;
/// The largest number any one flat term may be.
pub(crate) const MAX_FLAT: i64 = 1_000_000;

/// A group of identical dice, `count`d`sides`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiceGroup {
    /// How many dice, 1 to [`MAX_DICE`].
    pub count: u32,
    /// How many sides each die has, 2 to [`MAX_SIDES`].
    pub sides: u32,
}

/// A sum of dice groups and a flat modifier: `2d10+1d6+4`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceExpr {
    /// The dice groups, in the order written; never empty.
    pub dice: Vec<DiceGroup>,
    /// The flat modifier: the sum of the number terms, negative when they take away.
    pub flat: i64,
}

/// Why a dice expression did not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{input}` is not a dice expression ({reason}); write it like `2d10+4`")]
pub struct DiceError {
    /// The text that did not parse, cut to its first 60 characters.
    pub input: String,
    /// What is wrong with it, as a clause of the message: "it is empty".
    pub reason: String,
}

impl DiceExpr {
    /// A single group plus a flat bonus.
    pub fn new(count: u32, sides: u32, flat: i64) -> DiceExpr {
        DiceExpr {
            dice: vec![DiceGroup { count, sides }],
            flat,
        }
    }

    /// Reads `2d10+4`, `d6`, `1d8+1d6-2` (whitespace ignored): one or more dice groups and number
    /// terms; dice cannot be subtracted.
    pub fn parse(input: &str) -> Result<DiceExpr, DiceError> {
        let fail = |reason: &str| DiceError {
            input: input.chars().take(60).collect(),
            reason: reason.to_owned(),
        };
        let compact: String = input.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.is_empty() {
            return Err(fail("it is empty"));
        }
        let mut dice = Vec::new();
        let mut flat: i64 = 0;
        let mut rest = compact.as_str();
        let mut sign = 1i64;
        if let Some(r) = rest.strip_prefix('-') {
            sign = -1;
            rest = r;
        } else if let Some(r) = rest.strip_prefix('+') {
            rest = r;
        }
        loop {
            let end = rest.find(['+', '-']).unwrap_or(rest.len());
            let term = &rest[..end];
            if term.is_empty() {
                return Err(fail("a term is missing"));
            }
            if let Some((count, sides)) = term.split_once(['d', 'D']) {
                if sign < 0 {
                    return Err(fail("dice cannot be subtracted"));
                }
                let count: u32 = if count.is_empty() {
                    1
                } else {
                    count
                        .parse()
                        .map_err(|_| fail("the number of dice is not a whole number"))?
                };
                let sides: u32 = sides
                    .parse()
                    .map_err(|_| fail("the die size is not a whole number"))?;
                if count == 0 || count > MAX_DICE {
                    return Err(fail(&format!("the number of dice must be 1 to {MAX_DICE}")));
                }
                if !(2..=MAX_SIDES).contains(&sides) {
                    return Err(fail(&format!("a die must have 2 to {MAX_SIDES} sides")));
                }
                dice.push(DiceGroup { count, sides });
                if dice.len() > MAX_TERMS {
                    return Err(fail(&format!("at most {MAX_TERMS} dice groups")));
                }
            } else {
                let n: i64 = term
                    .parse()
                    .map_err(|_| fail(&format!("`{term}` is neither dice nor a number")))?;
                if n > MAX_FLAT {
                    return Err(fail("the modifier is too large"));
                }
                flat += sign * n;
            }
            if end == rest.len() {
                break;
            }
            sign = if rest.as_bytes()[end] == b'-' { -1 } else { 1 };
            rest = &rest[end + 1..];
        }
        if dice.is_empty() {
            return Err(fail("it has no dice"));
        }
        Ok(DiceExpr { dice, flat })
    }

    /// The average result, as a real number.
    pub fn average(&self) -> f64 {
        let dice: f64 = self
            .dice
            .iter()
            .map(|g| f64::from(g.count) * (f64::from(g.sides) + 1.0) / 2.0)
            .sum();
        dice + self.flat as f64
    }

    /// The lowest total: every die rolls 1.
    pub fn min(&self) -> i64 {
        self.dice.iter().map(|g| i64::from(g.count)).sum::<i64>() + self.flat
    }

    /// The highest total: every die rolls its number of sides.
    pub fn max(&self) -> i64 {
        self.dice
            .iter()
            .map(|g| i64::from(g.count) * i64::from(g.sides))
            .sum::<i64>()
            + self.flat
    }

    /// The same dice with `bonus` added to the flat part (how the wrecker bonus applies, R10).
    pub fn plus(&self, bonus: i64) -> DiceExpr {
        DiceExpr {
            dice: self.dice.clone(),
            flat: self.flat + bonus,
        }
    }

    /// Rolls the expression with the caller's random number generator.
    pub fn roll(&self, rng: &mut impl rand::Rng) -> i64 {
        let mut total = self.flat;
        for g in &self.dice {
            for _ in 0..g.count {
                total += i64::from(rng.random_range(1..=g.sides));
            }
        }
        total
    }
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, g) in self.dice.iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{}d{}", g.count, g.sides)?;
        }
        match self.flat {
            0 => Ok(()),
            n if n > 0 => write!(f, "+{n}"),
            n => write!(f, "{n}"),
        }
    }
}

impl std::str::FromStr for DiceExpr {
    type Err = DiceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        DiceExpr::parse(s)
    }
}

/// A JSON Schema pattern of dice as [`DiceExpr::parse`] reads them, unanchored: white space anywhere (it is
/// removed first), terms joined by `+` or `-`, a flat term of at most [`MAX_FLAT`],
/// 1 to [`MAX_TERMS`] dice groups of 1 to [`MAX_DICE`] dice of 2 to
/// [`MAX_SIDES`] sides, never subtracted.
pub(crate) fn pattern() -> String {
    use crate::vocab::pattern::{WS, number_range};
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn parses_and_prints_canonically() {
        for (input, out) in [
            ("2d10+4", "2d10+4"),
            ("2d10 + 4", "2d10+4"),
            ("d8", "1d8"),
            ("1d6-1", "1d6-1"),
            ("2d6+1d4+3", "2d6+1d4+3"),
            ("3+2d6", "2d6+3"),
        ] {
            assert_eq!(DiceExpr::parse(input).unwrap().to_string(), out, "{input}");
        }
    }

    #[test]
    fn rejects_bad_expressions_with_a_reason() {
        for bad in [
            "", "abc", "2d", "d", "0d6", "2d1", "2d6+", "-2d6", "2d6++1", "99999d6", "5",
        ] {
            let e = DiceExpr::parse(bad).unwrap_err();
            assert!(
                e.to_string().contains("not a dice expression"),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn average_min_max() {
        let d = DiceExpr::parse("2d10+4").unwrap();
        assert_eq!(d.average(), 15.0);
        assert_eq!(d.min(), 6);
        assert_eq!(d.max(), 24);
    }

    #[test]
    fn rolls_stay_in_range_and_repeat_with_a_seed() {
        let d = DiceExpr::parse("3d8+2").unwrap();
        let mut a = rand::rngs::StdRng::seed_from_u64(7);
        let mut b = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..200 {
            let r = d.roll(&mut a);
            assert!((d.min()..=d.max()).contains(&r));
            assert_eq!(r, d.roll(&mut b));
        }
    }
}
