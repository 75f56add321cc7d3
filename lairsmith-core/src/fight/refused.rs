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
    /// The fight holds the most steps a fight file may.
    #[error(transparent)]
    TooLong(#[from] crate::limits::LimitError),
    /// Undo at the start of the fight.
    #[error("nothing to undo: the fight is as it started")]
    NothingToUndo,
    /// Undo of an end whose XP is in the party's file.
    #[error("the fight's XP is written in the party's file; its end cannot be undone")]
    EndAwarded,
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

/// Why a front end's change is refused: the file holds steps the GM has not seen (another
/// terminal changed the fight), so a change made from the front end's older copy must not
/// apply. The message is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} changed on disk since it was read ({steps} steps, not {seen}): it is read again; look, then try once more",
    path.display()
)]
pub struct ChangedOnDisk {
    /// The fight's file.
    pub path: PathBuf,
    /// The steps the file holds now.
    pub steps: usize,
    /// The steps of the front end's copy.
    pub seen: usize,
}
