//! Monsters: the design (what the GM decided), derivation into a stat block, power kits from
//! templates, and the balance lint.

pub mod derive;
pub mod design;
pub mod kit;
pub mod lint;
pub mod overrides;
pub mod power;
pub mod statblock;

pub use derive::derive;
pub use design::{Classification, MonsterDesign, slugify};
pub use power::{DamageSpec, Power};
pub use statblock::StatBlock;
