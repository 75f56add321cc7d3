//! The command line's words for a failure: the library's error, and its hint
//! ([`lairsmith_core::hint::Hint`]) worded as the command that does it. Every error a command
//! returns becomes a [`Failure`](super::Failure) through [`Worded`], so a type is either
//! worded with its hint here or declared hint-free below: none loses its hint unnoticed.

use lairsmith_core::adventure::{AdventureError, AdventureRefused};
use lairsmith_core::encounter::DataError;
use lairsmith_core::fight::refused::{FightError, FightRefused};
use lairsmith_core::hint::Hint;
use lairsmith_core::monster::saved::MonsterSaveError;
use lairsmith_core::monster::template_apply::RankRefusal;
use lairsmith_core::store::trash::RestoreError;
use lairsmith_core::yaml_io::FileError;
use std::fmt::Display;

/// An error as the command line says it: its message, with its hint as a command to type.
pub trait Worded {
    /// The sentence printed after `lairsmith: `.
    fn worded(&self) -> String;
}

/// The command that awards a fight's XP, finishing an award that began.
const AWARD: &str = "`lairsmith fight end FIGHT --write`";

/// `text` followed by `hint` as the command line says it.
pub fn with_hint(text: impl Display, hint: Option<&Hint>) -> String {
    match hint {
        None => text.to_string(),
        Some(h) => format!("{text}{}", after(h)),
    }
}

/// A hint as the command line words it after a message, with what joins it to the message.
fn after(hint: &Hint) -> String {
    match hint {
        Hint::ListParties => "; `lairsmith party list` shows them".to_owned(),
        Hint::ListAdventures => "; `lairsmith adventure list` shows them".to_owned(),
        Hint::ListEncounters => "; `lairsmith encounter list` shows them".to_owned(),
        Hint::ListTrash => "; `lairsmith restore --list` shows what it holds".to_owned(),
        Hint::StartFight => " (`lairsmith fight start ENCOUNTER`)".to_owned(),
        Hint::EndFight => " (`lairsmith fight end FIGHT`)".to_owned(),
        Hint::FinishAward => format!("; {AWARD} finishes the award, never twice"),
        Hint::ShowDesign => {
            "; `lairsmith show ID --format design` prints the design file".to_owned()
        }
        Hint::RemoveTemplate { .. } => format!(" ({})", remove_template(hint)),
    }
}

/// `lairsmith template remove ID TEMPLATE --save`, quoted, for [`Hint::RemoveTemplate`].
fn remove_template(hint: &Hint) -> String {
    match hint {
        Hint::RemoveTemplate { monster, template } => {
            format!("`lairsmith template remove {monster} {template} --save`")
        }
        _ => String::new(),
    }
}

impl Worded for DataError {
    fn worded(&self) -> String {
        with_hint(self, self.hint().as_ref())
    }
}

impl Worded for AdventureRefused {
    fn worded(&self) -> String {
        with_hint(self, self.hint().as_ref())
    }
}

impl Worded for AdventureError {
    fn worded(&self) -> String {
        match self {
            AdventureError::Data(e) => e.worded(),
            AdventureError::Refused(e) => e.worded(),
        }
    }
}

/// A fight's refusals name the award's command where the sentence needs it.
impl Worded for FightRefused {
    fn worded(&self) -> String {
        match self {
            FightRefused::EndAwarding => format!(
                "the fight's award began and did not finish; {AWARD} (or E on the Table screen) finishes it, never twice, and its end cannot be undone meanwhile"
            ),
            FightRefused::AwardNotWritten { to, why, why_hint } => format!(
                "the XP was not written to {to}: {}. Nothing was added; the fight records that its award began, and {AWARD} (or E on the Table screen) writes it, never twice",
                with_hint(why, why_hint.as_ref())
            ),
            FightRefused::AwardNotRecorded { to, lines, why } => format!(
                "the XP was written to {to} ({}), but the fight's file could not record it: {why}. {AWARD} again records it without adding the XP again",
                lines.join("; ")
            ),
            e => with_hint(e, e.hint().as_ref()),
        }
    }
}

impl Worded for FightError {
    fn worded(&self) -> String {
        match self {
            FightError::Data(e) => e.worded(),
            FightError::Adventure(e) => e.worded(),
            FightError::Refused(e) => e.worded(),
        }
    }
}

impl Worded for RestoreError {
    fn worded(&self) -> String {
        with_hint(self, self.hint().as_ref())
    }
}

impl Worded for RankRefusal {
    fn worded(&self) -> String {
        self.words(Some(&remove_template(&self.hint())))
    }
}

impl Worded for FileError {
    fn worded(&self) -> String {
        with_hint(self, self.hint().as_ref())
    }
}

impl Worded for MonsterSaveError {
    fn worded(&self) -> String {
        with_hint(self, self.hint().as_ref())
    }
}

/// The errors that carry no hint: their message is the sentence.
macro_rules! hint_free {
    ($($t:ty),* $(,)?) => {$(
        impl Worded for $t {
            fn worded(&self) -> String {
                self.to_string()
            }
        }
    )*};
}

hint_free!(
    String,
    &str,
    std::io::Error,
    serde_json::Error,
    lairsmith_core::store::SaveError,
    lairsmith_core::fight::BuildError,
    lairsmith_core::fight::StepError,
    lairsmith_core::fight::WordError,
    lairsmith_core::encounter::generate3e::Generate3eError,
    lairsmith_core::encounter::generate::GenerateError,
    lairsmith_core::encounter::theme::ThemeError,
);
