//! Monsters: the design (what the GM decided), derivation into a stat block, power kits from
//! templates, and the balance lint.

pub mod derive;
pub mod design;
pub mod diagnose;
pub mod file;
pub mod file_edit;
pub mod form_lines;
pub(crate) mod forms;
pub mod kit;
pub mod lint;
pub mod names;
pub mod one_line;
pub mod overrides;
pub mod power;
pub mod relevel;
pub mod rerank;
pub mod salvage;
pub mod saved;
pub mod statblock;
pub mod template;
pub mod template_apply;
pub mod template_ops;

pub use derive::derive;
pub use design::{Classification, IdError, MonsterDesign, slugify};
pub use file::{load_file, parse_monster};
pub use forms::{MovementError, RegenerationError};
pub use one_line::LineBreakError;
pub use power::{DamageSpec, DamageSpecError, Power};
pub use statblock::StatBlock;
pub use template_apply::{block_and_findings, findings_of};
pub use template_ops::TemplateOpError;
