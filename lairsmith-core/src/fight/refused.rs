//! Why a change to a fight file is refused ([`FightRefused`]); the file is unchanged. These
//! travel as [`DataError::Refused`], since the encounter's files (which [`DataError`] belongs
//! to) are below fights; `downcast_ref::<FightRefused>()` tells them apart.

use crate::encounter::error::DataError;
use crate::fight::build::BuildError;
use crate::fight::error::StepError;
use std::path::PathBuf;

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
    /// or may not hold the XP yet, so the end stays until the award is finished.
    #[error(
        "the fight's award began and did not finish; `lairsmith fight end FIGHT --write` (or E on the Table screen) finishes it, never twice, and its end cannot be undone meanwhile"
    )]
    EndAwarding,
    /// Step 2 of an award failed: the party's file is as it was; the fight records that the
    /// award began (`awarding:`), and the next award finishes it.
    #[error(
        "the XP was not written to {to}: {why}. Nothing was added; the fight records that its award began, and `lairsmith fight end FIGHT --write` (or E on the Table screen) writes it, never twice"
    )]
    AwardNotWritten {
        /// Where it was to go: "party `crew`".
        to: String,
        /// Why the party's file was not changed.
        why: String,
    },
    /// Step 3 of an award failed: the XP is in the party's file, the fight's file does not say
    /// so yet; the next award records it without adding the XP again.
    #[error(
        "the XP was written to {to} ({}), but the fight's file could not record it: {why}. `lairsmith fight end FIGHT --write` again records it without adding the XP again",
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
    /// An award asked for before the fight has ended.
    #[error("the fight has not ended (`lairsmith fight end FIGHT`)")]
    NotEnded,
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

impl From<FightRefused> for DataError {
    fn from(e: FightRefused) -> DataError {
        DataError::Refused(Box::new(e))
    }
}

impl From<StepError> for DataError {
    fn from(e: StepError) -> DataError {
        FightRefused::Step(e).into()
    }
}

impl From<BuildError> for DataError {
    fn from(e: BuildError) -> DataError {
        FightRefused::Build(e).into()
    }
}

impl From<ChangedOnDisk> for DataError {
    fn from(e: ChangedOnDisk) -> DataError {
        FightRefused::ChangedOnDisk(e).into()
    }
}

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
