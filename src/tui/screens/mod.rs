//! The five screens (Bestiary, Forge, Encounter, Adventure, Table): each holds its state, its
//! key handling and its view.

pub mod adventure;
pub mod bestiary;
pub mod encounter;
pub mod forge;
/// The party form of the Encounter and Adventure screens.
pub mod party;
pub mod table;
