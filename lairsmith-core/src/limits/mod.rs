//! **\[ours\]** The documented range of every number a file holds and the most items of every list,
//! checked when the file is read (a located error naming the limit), so that no derived number
//! can overflow and no work grows faster than what a GM can mean. The guide's "What lairsmith
//! refuses" lists them from [`NUMBERS`] and [`LISTS`] (a test keeps the two in step), and the
//! UI's forms refuse what these refuse.
//!
//! A leaf module: it knows numbers and words, nothing of monsters or encounters.

use serde::{Deserialize, Deserializer};

/// Why a number, list or text passes its documented limit; each message is the sentence the
/// user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// A number outside its [`Limit`]: "an ability score is 1 to 60, not 2147483648".
    #[error("{}", .limit.refusal(.given))]
    OutOfRange {
        /// The range the number had to lie in.
        limit: Limit,
        /// The number the file held.
        given: i64,
    },
    /// A list longer than its [`ListLimit`]: "a monster has at most 40 powers; this one has 5400".
    #[error("{holder} has at most {} {}; this one has {n}", .limit.max, .limit.items)]
    TooMany {
        /// The list's limit.
        limit: ListLimit,
        /// What holds the list, as a sentence's subject: "a monster".
        holder: String,
        /// How many items it has.
        n: usize,
    },
    /// A text longer than its [`TextLimit`], `chars` counting Unicode scalar values.
    #[error(
        "{} hold at most {} characters; these have {}",
        .limit.what,
        crate::text::group_thousands(.limit.max as u64),
        crate::text::group_thousands(*.chars as u64)
    )]
    TooLong {
        /// The text's limit.
        limit: TextLimit,
        /// How long the text is.
        chars: usize,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<LimitError> for String {
    fn from(e: LimitError) -> String {
        e.to_string()
    }
}

/// One documented range of a whole number a file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// What the number is, as a sentence's subject: "an ability score".
    pub what: &'static str,
    /// Where files hold it, for the documentation: "`abilities:` (each score)".
    pub field: &'static str,
    /// The least value allowed, inclusive.
    pub min: i64,
    /// The greatest value allowed, inclusive.
    pub max: i64,
    /// The unit after the numbers ("squares"), or empty.
    pub unit: &'static str,
}

impl Limit {
    /// Whether `n` lies in the range, ends included.
    pub const fn contains(&self, n: i64) -> bool {
        self.min <= n && n <= self.max
    }

    /// "an ability score is 1 to 60, not 2147483648".
    pub fn refusal(&self, shown: impl std::fmt::Display) -> String {
        format!("{} is {}, not {shown}", self.what, self.range_text())
    }

    /// "1 to 60", "0 to 20 squares", "-99 to +99".
    pub fn range_text(&self) -> String {
        let signed = self.min < 0;
        let n = |v: i64| {
            let s = crate::text::group_thousands(v);
            if signed && v > 0 { format!("+{s}") } else { s }
        };
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        format!("{} to {}{unit}", n(self.min), n(self.max))
    }

    /// `n` if it lies in the range, else the sentence saying the range.
    pub fn check(&self, n: i64) -> Result<i64, LimitError> {
        if self.contains(n) {
            Ok(n)
        } else {
            Err(LimitError::OutOfRange {
                limit: *self,
                given: n,
            })
        }
    }
}

/// A list a file holds, and the most items it may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListLimit {
    /// The list's items, plural: "powers".
    pub items: &'static str,
    /// Where files hold it, for the documentation.
    pub field: &'static str,
    /// The most items the list may have.
    pub max: usize,
}

impl ListLimit {
    /// `Ok` when `n` items fit, else "a monster has at most 40 powers; this one has 5400".
    pub fn check(&self, n: usize, holder: &str) -> Result<(), LimitError> {
        if n <= self.max {
            Ok(())
        } else {
            Err(LimitError::TooMany {
                limit: *self,
                holder: holder.to_owned(),
                n,
            })
        }
    }
}

/// Declares a [`Limit`], its documentation said from its words: the range of the number, and
/// where files hold it.
macro_rules! limit {
    ($name:ident, $what:literal, $field:literal, $min:expr, $max:expr, "") => {
        #[doc = concat!(
            "The range of ", $what, ", ", stringify!($min), " to ", stringify!($max),
            "; files hold it in ", $field, "."
        )]
        pub const $name: Limit = Limit {
            what: $what,
            field: $field,
            min: $min,
            max: $max,
            unit: "",
        };
    };
    ($name:ident, $what:literal, $field:literal, $min:expr, $max:expr, $unit:literal) => {
        #[doc = concat!(
            "The range of ", $what, ", ", stringify!($min), " to ", stringify!($max), " ", $unit,
            "; files hold it in ", $field, "."
        )]
        pub const $name: Limit = Limit {
            what: $what,
            field: $field,
            min: $min,
            max: $max,
            unit: $unit,
        };
    };
}

mod values;
pub use values::*;

/// A text a file holds, and the most characters (Unicode scalar values) it may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextLimit {
    /// What the text is, as a sentence's subject: "a group's notes".
    pub what: &'static str,
    /// Where files hold it, for the documentation.
    pub field: &'static str,
    /// The most characters, counted as Unicode scalar values.
    pub max: usize,
}

impl TextLimit {
    /// `Ok` when `text` fits, else "a group's notes hold at most 1,000 characters; these have
    /// 1,200".
    pub fn check(&self, text: &str) -> Result<(), LimitError> {
        let n = text.chars().count();
        if n <= self.max {
            Ok(())
        } else {
            Err(LimitError::TooLong {
                limit: *self,
                chars: n,
            })
        }
    }
}

/// A group's notes: a few sentences printed beside the group on the sheet, not a chapter.
pub const GROUP_NOTES: TextLimit = TextLimit {
    what: "a group's notes",
    field: "an encounter group's `notes:`",
    max: 1000,
};

/// A line of a fight's log, or of where its award went: a sentence with its dice.
pub(crate) const FIGHT_LINE: TextLimit = TextLimit {
    what: "a fight's log lines",
    field: "a fight's log lines (each step's `log:`, the start's) and `awarded:` lines",
    max: 2000,
};

/// Every text limit, for the documentation.
pub(crate) const TEXTS: &[&TextLimit] = &[&GROUP_NOTES, &FIGHT_LINE];

/// Every list limit, for the documentation.
pub const LISTS: &[&ListLimit] = &[
    &POWERS,
    &TRAITS,
    &VARIANTS,
    &WORDS,
    &GROUPS,
    &USER_TEMPLATES,
    &FIGHT_COMBATANTS,
    &FIGHT_STEPS,
    &FIGHT_EFFECTS,
    &FIGHT_POWERS,
    &FIGHT_LIST,
    &PLAYED,
];

/// The guide's table of every limit (docs/src/reference/limits.md, between its `limits` markers;
/// a test keeps them equal).
pub fn markdown_table() -> String {
    let mut s = String::from("| What | Where | Range |\n|---|---|---|\n");
    for l in NUMBERS {
        s.push_str(&format!(
            "| {} | {} | {} |\n",
            capitalised(l.what),
            l.field,
            l.range_text()
        ));
    }
    for l in LISTS {
        s.push_str(&format!(
            "| {} | {} | at most {} |\n",
            capitalised(l.items),
            l.field,
            crate::text::group_thousands(l.max as u64)
        ));
    }
    for t in TEXTS {
        s.push_str(&format!(
            "| {} | {} | at most {} characters |\n",
            capitalised(t.what),
            t.field,
            crate::text::group_thousands(t.max as u64)
        ));
    }
    s.push_str(&format!(
        "| Template files' total size | `<data>/templates/` | at most {} bytes (1 MiB) |\n",
        crate::text::group_thousands(USER_TEMPLATE_BYTES as u64)
    ));
    s
}

fn capitalised(s: &str) -> String {
    let s = s
        .strip_prefix("an ")
        .or_else(|| s.strip_prefix("a "))
        .or_else(|| s.strip_prefix("the "))
        .unwrap_or(s);
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// A range a serde field is read through (see `bounded`, `bounded_opt`).
pub trait Bound {
    /// The range a field read through this bound must lie in.
    const LIMIT: Limit;
}

mod read;
pub use read::*;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_as_sentences() {
        assert_eq!(ABILITY_SCORE.range_text(), "1 to 60");
        assert_eq!(BONUS_OVERRIDE.range_text(), "-99 to +99");
        assert_eq!(XP_OVERRIDE.range_text(), "0 to 1,000,000 XP");
        assert_eq!(
            ABILITY_SCORE.refusal(-2147483648_i64),
            "an ability score is 1 to 60, not -2147483648"
        );
    }

    #[test]
    fn callers_can_tell_the_kinds_of_limit_error_apart() {
        let e = ABILITY_SCORE.check(61).unwrap_err();
        assert!(matches!(e, LimitError::OutOfRange { given: 61, .. }));
        assert_eq!(e.to_string(), "an ability score is 1 to 60, not 61");
        let e = GROUP_NOTES.check(&"x".repeat(1200)).unwrap_err();
        assert!(matches!(e, LimitError::TooLong { chars: 1200, .. }));
        assert_eq!(
            e.to_string(),
            "a group's notes hold at most 1,000 characters; these have 1,200"
        );
    }

    #[test]
    fn every_number_fits_the_types_derivation_uses() {
        for l in NUMBERS {
            assert!(l.min <= l.max, "{}", l.what);
            if **l == FIGHT_COIN {
                // A seeded coin of any 32 bits, only ever compared.
                continue;
            }
            // Every derived number is an i64 sum of a few of these and table values far below
            // 2^31, so i32 ranges are all any file can reach.
            assert!(i32::try_from(l.max).is_ok() && i32::try_from(l.min).is_ok());
        }
    }
}
