//! Encounters: parties, the encounter file, the budget and difficulty report (RULINGS E1-E5),
//! the generator and the Markdown sheet.

pub mod count;
pub mod file;
pub mod generate;
pub mod party;
pub mod report;
pub mod sheet;

pub use count::{Count, MAX_GROUP_COUNT};
pub use file::{Encounter, Group, PartyRef, Placeholder, Side, parse_encounter, parse_party};
pub use party::{Member, Party, PartyFile};
pub use report::{Budget, Report, budget, report};
