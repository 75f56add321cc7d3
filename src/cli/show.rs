//! `lairsmith show`: one monster's stat block.

use super::args::ShowArgs;
use super::out::{Terminal, out};
use super::{CmdResult, DataDir, EXIT_OK, resolve_monster};
use crate::export::render;

pub fn run(data: &DataDir, a: ShowArgs, term: &mut Terminal) -> CmdResult {
    let bestiary = data.load_bestiary();
    let entry = resolve_monster(&bestiary, &a.monster)?;
    out!(term, "{}", render(&entry.block(), a.format))?;
    Ok(EXIT_OK)
}
