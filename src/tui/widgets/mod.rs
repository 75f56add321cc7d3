//! Reusable pieces of the UI: the stat block, the text field, option lists.

pub mod statblock;
pub mod text_field;
pub mod wrap;
