//! Why a change to a fight file fails: the fight layer's [`FightError`], which wraps the
//! layers below it (the encounter's files, [`DataError`]; the adventure's refusals,
//! [`AdventureRefused`]) and this layer's own refusals ([`FightRefused`]; the file is
//! unchanged). Each message is the sentence the user sees, its hint apart ([`FightError::hint`]).

use crate::adventure::{AdventureError, AdventureRefused};
use crate::encounter::error::DataError;
use crate::fight::build::BuildError;
use crate::fight::error::StepError;
use crate::hint::Hint;
use std::path::PathBuf;

/// Why a fight, or a file it names, could not be found, read, started, changed or awarded.
#[derive(Debug, thiserror::Error)]
pub enum FightError {
    /// A file itself (the fight's, its encounter's, its party's): it cannot be read or saved,
    /// or a party, id or name in it is wrong.
    #[error(transparent)]
    Data(#[from] DataError),
    /// The fight's adventure refuses the look-up or the change (no such adventure, its party's
    /// file missing).
    #[error(transparent)]
    Adventure(#[from] AdventureRefused),
    /// The fight refuses the change.
    #[error(transparent)]
    Refused(#[from] FightRefused),
}

impl FightError {
    /// What the user can do next, which the message leaves for each face to word.
    pub fn hint(&self) -> Option<Hint> {
        match self {
            FightError::Data(e) => e.hint(),
            FightError::Adventure(e) => e.hint(),
            FightError::Refused(e) => e.hint(),
        }
    }
}

/// An adventure's error is a file's ([`FightError::Data`]) or an adventure's refusal
/// ([`FightError::Adventure`]): each kind has one place, whichever layer met it.
impl From<AdventureError> for FightError {
    fn from(e: AdventureError) -> FightError {
        match e {
            AdventureError::Data(e) => FightError::Data(e),
            AdventureError::Refused(e) => FightError::Adventure(e),
        }
    }
}

/// Why a fight cannot be started, changed, undone or awarded.
#[derive(Debug, thiserror::Error)]
pub enum FightRefused {
    /// The encounter cannot become a fight (a placeholder, a monster not in the bestiary).
    #[error(transparent)]
    Build(#[from] BuildError),
    /// The step does not fit the fight as it stands (P1 to P10).
    #[error(transparent)]
    Step(#[from] StepError),
    /// The front end's copy is older than the file.
    #[error(transparent)]
    ChangedOnDisk(#[from] ChangedOnDisk),
    /// A list, number or text of the fight out of its range: the change would write a file
    /// lairsmith would not read back; nothing is written.
    #[error("{0}; nothing was written")]
    OutOfBounds(String),
    /// Undo at the start of the fight.
    #[error("nothing to undo: the fight is as it started")]
    NothingToUndo,
    /// Undo of an end whose XP is in the party's file.
    #[error("the fight's XP is written in the party's file; its end cannot be undone")]
    EndAwarded,
    /// Undo of an end whose award began and did not finish (`awarding:`): the party's file may
    /// or may not hold the XP yet, so the end stays until the award is finished
    /// ([`Hint::FinishAward`]).
    #[error(
        "the fight's award began and did not finish; the next award finishes it, never twice, and its end cannot be undone meanwhile"
    )]
    EndAwarding,
    /// Step 2 of an award failed: the party's file is as it was; the fight records that the
    /// award began (`awarding:`), and the next award finishes it ([`Hint::FinishAward`]).
    #[error(
        "the XP was not written to {to}: {why}. Nothing was added; the fight records that its award began, and the next award writes it, never twice"
    )]
    AwardNotWritten {
        /// Where it was to go: "party `crew`".
        to: String,
        /// Why the party's file was not changed, its hint apart.
        why: String,
        /// What the user can do about why, for each face to word after it.
        why_hint: Option<Hint>,
    },
    /// Step 3 of an award failed: the XP is in the party's file, the fight's file does not say
    /// so yet; the next award records it without adding the XP again ([`Hint::FinishAward`]).
    #[error(
        "the XP was written to {to} ({}), but the fight's file could not record it: {why}. The next award records it without adding the XP again",
        .lines.join("; ")
    )]
    AwardNotRecorded {
        /// Where it went.
        to: String,
        /// What was written, a line a character.
        lines: Vec<String>,
        /// Why the fight's file was not changed.
        why: String,
    },
    /// An award asked for a second time.
    #[error("the XP of this fight was written already: {}", .0.join("; "))]
    AwardedAlready(
        /// What the first award wrote, a line a character.
        Vec<String>,
    ),
    /// An award asked for before the fight has ended ([`Hint::EndFight`]).
    #[error("the fight has not ended")]
    NotEnded,
    /// No saved fight has the id ([`Hint::StartFight`] when there are none).
    #[error(
        "no fight has the id `{id}`{}; {}",
        crate::vocab::did_you_mean(suggestion),
        if ids.is_empty() { "there are no fights yet".to_owned() } else { format!("the fights: {}", ids.join(", ")) }
    )]
    NoSuchFight {
        /// The id given.
        id: String,
        /// The saved fight's id closest to `id`, when one is close.
        suggestion: Option<String>,
        /// The ids of the saved fights, sorted.
        ids: Vec<String>,
    },
    /// An award for a party that is written in the encounter, so no party file holds its XP.
    #[error(
        "the encounter's party is written in the encounter, not saved: no party file holds its XP (start the fight with a saved party, or with --adventure)"
    )]
    NoPartyFile,
    /// The change would take the fight's file past what lairsmith reads back (its size or its
    /// nodes); nothing is written. A fight that has not ended keeps a twentieth of both for
    /// its end.
    #[error(
        "the fight's file is full: {0}; nothing was written. End the fight (its end has room kept for it) or undo a step"
    )]
    FileFull(crate::yaml_io::FileError),
    /// A step the front end asked for twice in one change (a second read of the locked file).
    #[error("the step was made already")]
    StepMadeTwice,
}

impl FightRefused {
    /// What the user can do next, which the message leaves for each face to word: finish an
    /// award that began, or end the fight before its award.
    pub fn hint(&self) -> Option<Hint> {
        match self {
            FightRefused::EndAwarding
            | FightRefused::AwardNotWritten { .. }
            | FightRefused::AwardNotRecorded { .. } => Some(Hint::FinishAward),
            FightRefused::NotEnded => Some(Hint::EndFight),
            FightRefused::NoSuchFight { ids, .. } if ids.is_empty() => Some(Hint::StartFight),
            _ => None,
        }
    }
}

/// The fight's own refusals, each as the [`FightRefused`] it is.
macro_rules! refused_from {
    ($($t:ty => $v:ident),*) => {$(
        impl From<$t> for FightError {
            fn from(e: $t) -> FightError {
                FightError::Refused(FightRefused::$v(e))
            }
        }
    )*};
}
refused_from!(StepError => Step, BuildError => Build, ChangedOnDisk => ChangedOnDisk);

/// The encounter layer's causes, each as the [`DataError`] it is.
macro_rules! data_error_from {
    ($($t:ty),*) => {$(
        impl From<$t> for FightError {
            fn from(e: $t) -> FightError {
                FightError::Data(e.into())
            }
        }
    )*};
}
data_error_from!(
    crate::yaml_io::FileError,
    crate::store::SaveError,
    crate::yaml_keep::Refused
);

/// Why a front end's change is refused: the file changed since the front end read it (another
/// terminal stepped or undid), so a change made from the front end's older copy must not apply.
/// The message is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} changed on disk since it was read (it holds {steps} steps now): it is read again; look, then try once more",
    path.display()
)]
pub struct ChangedOnDisk {
    /// The fight's file.
    pub path: PathBuf,
    /// The steps the file holds now.
    pub steps: usize,
}
