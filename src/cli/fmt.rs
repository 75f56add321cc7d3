//! `lairsmith fmt`: rewrite monster files in the canonical layout (what a save writes), so a
//! hand-edited file round-trips byte for byte afterwards. A file is left alone, with the reason,
//! when rewriting it would change one of its `x-` values (see `yaml_io::rewrite_blockers`).

use super::out::{Terminal, errln, outln};
use super::{CmdResult, EXIT_FAILURE, EXIT_OK};
use clap::Args;
use lairsmith_core::monster::MonsterDesign;
use lairsmith_core::monster::parse_monster;
use lairsmith_core::monster::saved::save_canonical;
use lairsmith_core::store::Fingerprint;
use lairsmith_core::store::{read_limited, yaml_files};
use lairsmith_core::yaml_io::{FileError, MAX_FILE_BYTES, rewrite_blockers, to_string, utf8_text};
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Monster files or directories.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Report files that are not canonical instead of rewriting them (exit 1 if any).
    #[arg(long)]
    pub check: bool,
}

/// How many reasons to print for one file before summing up the rest.
const SHOWN_BLOCKERS: usize = 10;

pub fn run(a: FmtArgs, term: &mut Terminal) -> CmdResult {
    let mut files: Vec<PathBuf> = Vec::new();
    for p in &a.paths {
        if p.is_dir() {
            files.extend(yaml_files(p)?);
        } else {
            files.push(p.clone());
        }
    }
    let (mut changed, mut failed) = (0, 0);
    for f in &files {
        match canonical_form(f) {
            Err(errors) => {
                for e in errors.iter().take(SHOWN_BLOCKERS) {
                    errln!(term, "lairsmith: {}", super::hint::Worded::worded(e));
                }
                if errors.len() > SHOWN_BLOCKERS {
                    errln!(
                        term,
                        "lairsmith: {}: and {} more such values",
                        f.display(),
                        errors.len() - SHOWN_BLOCKERS
                    );
                }
                failed += 1;
            }
            Ok((bytes, design, canonical)) if bytes != canonical.as_bytes() => {
                changed += 1;
                if a.check {
                    outln!(term, "{}: not in canonical form", f.display())?;
                } else {
                    save_canonical(f, &design, Fingerprint::of_bytes(&bytes))?;
                    outln!(term, "{}: rewritten", f.display())?;
                }
            }
            Ok(_) => {}
        }
    }
    let failing = failed > 0 || (a.check && changed > 0);
    Ok(if failing { EXIT_FAILURE } else { EXIT_OK })
}

/// The file's bytes, its design and its canonical text, or why it cannot be rewritten: it does
/// not load (as `show` would say), or rewriting would change an `x-` value.
fn canonical_form(f: &Path) -> Result<(Vec<u8>, MonsterDesign, String), Vec<FileError>> {
    let bytes = read_limited(f).map_err(|e| vec![e])?;
    let text = utf8_text(&bytes, f).map_err(|e| vec![e])?;
    let design = parse_monster(text, f).map_err(|e| vec![e])?;
    let canonical = to_string(&design);
    if canonical.len() > MAX_FILE_BYTES {
        // Aliases in typed fields are written out in full, and a file past the limit would
        // no longer load.
        return Err(vec![FileError::new(
            f,
            format!(
                "rewritten, the file would be {} bytes (its aliases written out in full), more than the {MAX_FILE_BYTES} lairsmith reads; fmt leaves the file as it is",
                canonical.len()
            ),
        )]);
    }
    if bytes != canonical.as_bytes() {
        let blockers = rewrite_blockers(text, &canonical, f);
        if !blockers.is_empty() {
            return Err(blockers);
        }
    }
    Ok((bytes, design, canonical))
}
