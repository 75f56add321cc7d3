//! `lairsmith export-layout TOOL`: a layout file another tool imports to draw lairsmith's
//! exports.

use super::args::{ExportLayoutArgs, LayoutTool};
use super::encounter::write_out;
use super::out::{Terminal, out};
use super::{CmdResult, EXIT_OK};

pub fn run(a: ExportLayoutArgs, term: &mut Terminal) -> CmdResult {
    let text = match a.tool {
        LayoutTool::FantasyStatblocks => crate::export::statblock_md::LAYOUT_JSON,
    };
    match &a.out {
        Some(path) => write_out(path, text, a.force, term)?,
        None => out!(term, "{text}")?,
    }
    Ok(EXIT_OK)
}
