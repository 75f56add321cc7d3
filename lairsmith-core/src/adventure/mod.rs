//! Adventures: saved encounters played in order by one party (RULINGS A1), the XP each earns
//! and where the party levels up, how hard each fight is for the party as it stands then, and
//! the treasure of the adventure's method (T1, T2).

pub mod check;
pub mod error;
pub mod file;
pub mod saved;

pub use check::{AdventureReport, EncounterLine, LevelUp, PlayedAt, check};
pub use error::{AdventureError, AdventureRefused};
pub use file::{Adventure, ListError, MAX_ADVENTURE_ENCOUNTERS, parse_adventure};
pub use saved::{
    add_encounter, adventure_party, adventure_party_played, create_adventure, existing_adventure,
    list_adventures, load_adventure, remove_encounter, update_adventure,
};
