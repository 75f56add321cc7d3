//! `lairsmith show`: one monster's stat block.

use super::out::{Terminal, errln, out};
use super::{CmdResult, DataDir, EXIT_FAILURE, EXIT_OK, resolve_monster};
use clap::Args;
use lairsmith_core::export::{Format, render};

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// A monster id (see `lairsmith list`) or a path to a monster file.
    pub monster: String,
    /// Output format: text, md, yaml (the stat block with every derived number, for other
    /// tools; it cannot be read back as a monster), json (the same as yaml), html (a printable page), foundry (an actor for
    /// Foundry VTT's dnd4e system), statblock (a Fantasy Statblocks block for Obsidian, drawn by
    /// the layout `export-layout` writes) or design (the monster file itself).
    #[arg(long, value_parser = show_format, default_value = "text")]
    pub format: ShowFormat,
}

/// `show --format`: a stat block export, or the design file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShowFormat {
    Block(Format),
    Design,
}

fn show_format(s: &str) -> Result<ShowFormat, String> {
    if s.eq_ignore_ascii_case("design") {
        return Ok(ShowFormat::Design);
    }
    s.parse()
        .map(ShowFormat::Block)
        .map_err(|_: lairsmith_core::export::UnknownFormat| {
            let near =
                lairsmith_core::vocab::closest(s, ["yaml", "md", "text", "html", "foundry", "statblock", "json", "design"]);
            format!(
                "unknown format `{s}`{}; valid formats: yaml, md, text, html, foundry, statblock, json, design",
                lairsmith_core::vocab::did_you_mean(near)
            )
        })
}

pub fn run(data: &DataDir, a: ShowArgs, term: &mut Terminal) -> CmdResult {
    let names_a_file = lairsmith_core::data_dir::names_a_file(&a.monster);
    // A file is read as it is; an id is looked up in its own file where it can be.
    let ids = if names_a_file {
        vec![]
    } else {
        vec![a.monster.as_str()]
    };
    let bestiary = data.bestiary_for(&ids);
    if names_a_file {
        let path = std::path::Path::new(&a.monster);
        if let Err(first) = lairsmith_core::monster::load_file(path) {
            // Reading stops at the first problem; name them all, so one edit fixes the file.
            for e in lairsmith_core::monster::diagnose::every_problem(path, first) {
                errln!(term, "lairsmith: {}", super::hint::Worded::worded(&e));
            }
            return Ok(EXIT_FAILURE);
        }
    }
    let entry = resolve_monster(&bestiary, &a.monster)?;
    match a.format {
        ShowFormat::Block(f) => out!(term, "{}", render(&entry.block()?, f))?,
        ShowFormat::Design => out!(
            term,
            "{}",
            lairsmith_core::yaml_io::to_string(&*entry.design()?)
        )?,
    }
    // A template the library does not hold is left out of the block; say so, and fail, so a
    // script does not take the block for the monster its file describes.
    let unknown = entry.applied()?.unknown;
    for id in &unknown {
        let e = bestiary.templates.find(id).err().map(|e| e.to_string());
        errln!(
            term,
            "lairsmith: {}; the stat block above leaves it out",
            e.unwrap_or_else(|| format!("unknown template `{id}`"))
        );
    }
    Ok(if unknown.is_empty() {
        EXIT_OK
    } else {
        EXIT_FAILURE
    })
}
