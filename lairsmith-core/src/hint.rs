//! What a user can do next about a refusal ([`Hint`]), named by what it does and never by how a
//! face asks for it: the command line words a hint as the command to type, the terminal UI as
//! the key or screen that does it. An error that has one says so through its own `hint()`, and
//! its `Display` leaves the hint out.

/// What the user can do next about an error, for each face to word itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// List the saved parties (their ids).
    ListParties,
    /// List the saved adventures (their ids).
    ListAdventures,
    /// List the saved encounters (their ids).
    ListEncounters,
    /// List what the trash holds.
    ListTrash,
    /// Start a fight from a saved encounter (there is none yet).
    StartFight,
    /// End the fight.
    EndFight,
    /// Award the fight's XP: an award that began and did not finish is finished, never added
    /// twice.
    FinishAward,
    /// Print the monster's design (the file itself) rather than its stat block.
    ShowDesign,
    /// Take a template off a monster and save it.
    RemoveTemplate {
        /// The monster's id.
        monster: String,
        /// The template's id.
        template: String,
    },
}
