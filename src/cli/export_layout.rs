//! `lairsmith export-layout TOOL`: a layout file another tool imports to draw lairsmith's
//! exports.

use super::encounter::write_out;
use super::out::{Terminal, out};
use super::{CmdResult, EXIT_OK};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct ExportLayoutArgs {
    /// The tool the layout is for.
    #[arg(value_enum)]
    pub tool: LayoutTool,
    /// Write to this file instead of printing (`-`: standard output). Only a regular file is
    /// written (never through a symbolic link); an existing one only with --force.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Overwrite the --out file if it exists.
    #[arg(long, requires = "out")]
    pub force: bool,
}

/// `export-layout TOOL`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LayoutTool {
    /// The Obsidian plugin Fantasy Statblocks.
    FantasyStatblocks,
}

pub fn run(a: ExportLayoutArgs, term: &mut Terminal) -> CmdResult {
    let text = match a.tool {
        LayoutTool::FantasyStatblocks => lairsmith_core::export::statblock_md::LAYOUT_JSON,
    };
    match &a.out {
        Some(path) => write_out(path, text, a.force, term)?,
        None => out!(term, "{text}")?,
    }
    Ok(EXIT_OK)
}
