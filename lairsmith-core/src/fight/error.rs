//! Why a step cannot apply to a fight ([`StepError`]); a leaf, so that the rules and the steps
//! can both name it.

/// Why a step cannot apply (the fight is unchanged); each message is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The fight has ended; only its end can be undone.
    #[error("the fight has ended; undo the end to change it")]
    Ended,
    /// No combatant, power or challenge has the name (the message names the closest).
    #[error("{0}")]
    Unknown(crate::vocab::UnknownValue),
    /// A creature with no action point left spends one (P9).
    #[error("{name} has no action points left")]
    NoActionPoints {
        /// The creature's name, as the GM sees it.
        name: String,
    },
    /// The fight holds the most steps it may before its end ([`crate::limits::FIGHT_STEPS`]
    /// less the [`crate::limits::FIGHT_END_STEPS`] kept for the end).
    #[error(
        "the fight holds {steps} steps, the most it may before its end (a fight has at most {most}; the last is kept for `fight end`): end the fight, or undo a step"
    )]
    Full {
        /// The steps it holds.
        steps: usize,
        /// The most a fight holds, its end included.
        most: usize,
    },
    /// Any other reason the step does not fit the fight's state, as a sentence.
    #[error("{0}")]
    Refused(String),
}

impl From<String> for StepError {
    fn from(sentence: String) -> StepError {
        StepError::Refused(sentence)
    }
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<StepError> for String {
    fn from(e: StepError) -> String {
        e.to_string()
    }
}
