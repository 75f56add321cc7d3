//! The Markdown sheets a GM prints or pastes: an encounter's (summary, roster, each stat block
//! once, its treasure, notes), an adventure's (pacing, level-ups, treasure, then each
//! encounter's sheet) and a treasure plan's section. The HTML sheets (the `html` module) lay out
//! the same content.

pub mod adventure;
pub mod encounter;
pub mod treasure;
