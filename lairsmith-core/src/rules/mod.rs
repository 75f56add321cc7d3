//! The Orcus rulebook as data and formulas: tables, roles, ranks, sizes, sources, types, tags,
//! what they grant, damage by level, abilities and skills, senses and movement, knowledge DCs.
//! Rulings R1-R15 of `RULINGS.md` are named where they apply.

pub mod abilities;
pub mod creature;
pub mod d20e3;
pub mod damage;
pub mod difficulty;
pub mod experience;
pub mod grants;
pub(crate) mod knowledge;
pub mod level;
pub mod power_vocab;
pub mod rank;
pub mod role;
pub mod senses;
pub mod tables;
pub mod treasure_method;

pub use abilities::{Ability, Skill};
pub use creature::{Alignment, Condition, CreatureType, DamageType, Size, Source, Tag};
pub use damage::{Damage, DamageTier};
pub use difficulty::Difficulty;
pub use level::Level;
pub use rank::Rank;
pub use role::Role;
