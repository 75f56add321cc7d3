//! `lairsmith schema`: the JSON Schema of a file kind, printed or written for an editor.

use super::args::vocab;
use super::out::{Terminal, out, outln};
use super::{CmdResult, EXIT_OK, Failure};
use clap::Args;
use lairsmith_core::schema::{FileKind, schema_json, write_schema};
use lairsmith_core::store::SaveError;
use lairsmith_core::vocab::Vocabulary;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct SchemaArgs {
    /// The file kind: monster, encounter, party, template, adventure or fight.
    #[arg(required_unless_present = "write", value_parser = vocab::<lairsmith_core::schema::FileKind>)]
    pub kind: Option<lairsmith_core::schema::FileKind>,
    /// Write every kind's schema into DIR as `<kind>.schema.json` instead of printing one.
    #[arg(long, value_name = "DIR", conflicts_with = "kind")]
    pub write: Option<PathBuf>,
    /// Overwrite schema files that already exist.
    #[arg(long, requires = "write")]
    pub force: bool,
}

pub fn run(a: SchemaArgs, term: &mut Terminal) -> CmdResult {
    let Some(dir) = a.write else {
        // clap requires a kind when there is no --write.
        let kind = a
            .kind
            .ok_or_else(|| Failure("name a file kind or pass --write DIR".into()))?;
        out!(term, "{}", schema_json(kind))?;
        return Ok(EXIT_OK);
    };
    if !a.force {
        // Refuse before writing any, so a refused run leaves the directory as it was.
        let existing: Vec<String> = lairsmith_core::schema::existing_schema_files(&dir)
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        if !existing.is_empty() {
            return Err(Failure(format!(
                "{} already {}; pass --force to overwrite",
                existing.join(", "),
                if existing.len() == 1 {
                    "exists"
                } else {
                    "exist"
                }
            )));
        }
    }
    for &kind in FileKind::ALL {
        match write_schema(&dir, kind, a.force) {
            Ok(path) => outln!(term, "{}", path.display())?,
            Err(SaveError::AlreadyExists { path }) => {
                return Err(Failure(format!(
                    "{} already exists; pass --force to overwrite it",
                    path.display()
                )));
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(EXIT_OK)
}
