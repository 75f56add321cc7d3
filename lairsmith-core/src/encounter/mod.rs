//! Encounters: parties, the encounter file, the budget and difficulty report (RULINGS E1-E5),
//! the generator and the Markdown sheet; the saved encounter and party files of a data
//! directory ([`saved`], [`parties`]); and the characters' rests (`rest`, P20).

pub mod challenge;
pub(crate) mod count;
pub(crate) mod cr_serde;
pub mod error;
pub(crate) mod explanation;
pub mod file;
pub mod generate;
pub mod generate3e;
pub mod parties;
pub mod party;
pub mod rating;
pub mod report;
pub(crate) mod rest;
pub mod saved;
pub mod theme;

pub use challenge::{Challenge, ChallengeError, ChallengeSkill, DcWord};
pub use count::{Count, CountError, MAX_GROUP_COUNT};
pub use error::{DataError, Listing};
pub use file::{
    Encounter, Group, GroupError, PartyRef, Placeholder, Side, System, parse_encounter, parse_party,
};
pub use parties::{
    PartyChoice, PartyRemoved, PartySet, choose_party, level_up, list_parties, member_stats,
    new_party, party_path, read_party, remove_party, resolve_party_spec, rest_party, set_numbers,
    set_party, set_stats, spec_party,
};
pub use party::{Member, NumbersError, Party, PartyError, PartyFile, SpecError, StatsChange};
pub use rating::orcus::budget;
pub use rating::{Budget, Rating, rate};
pub use report::{Report, report};
pub use rest::{Rest, RestError, count_encounter, rest};
pub use saved::{
    add_group, create_encounter, create_encounter_in, encounter_path, list_encounters,
    load_encounter, load_encounter_with_party, party_of, remove_group, save_encounter,
    set_group_notes, set_treasure,
};
