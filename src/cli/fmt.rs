//! `lairsmith fmt`: rewrite monster files in the canonical layout (what a save writes), so a
//! hand-edited file round-trips byte for byte afterwards.

use super::args::FmtArgs;
use super::out::{Terminal, errln, outln};
use super::{CmdResult, EXIT_FAILURE, EXIT_OK};
use crate::bestiary::{parse_monster, read_limited, yaml_files};
use crate::store::{Expect, Fingerprint, save_atomic};
use std::path::PathBuf;

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
        let result = read_limited(f).and_then(|bytes| {
            let text = crate::yaml_io::utf8_text(&bytes, f)?;
            let design = parse_monster(text, f)?;
            let canonical = crate::yaml_io::to_string(&design);
            let blockers = if canonical.as_bytes() == bytes.as_slice() {
                Vec::new()
            } else {
                crate::yaml_io::rewrite_blockers(text, f)?
            };
            Ok((bytes.clone(), canonical, blockers))
        });
        match result {
            Err(e) => {
                errln!(term, "lairsmith: {e}");
                failed += 1;
            }
            // A value of the user's own that would not come back as written: say so, keep the file.
            Ok((_, _, blockers)) if !blockers.is_empty() => {
                for b in blockers {
                    errln!(term, "lairsmith: {b}");
                }
                failed += 1;
            }
            Ok((bytes, canonical, _)) if bytes != canonical.as_bytes() => {
                changed += 1;
                if a.check {
                    outln!(term, "{}: not in canonical form", f.display())?;
                } else {
                    save_atomic(
                        f,
                        canonical.as_bytes(),
                        Expect::Unchanged(Fingerprint::of_bytes(&bytes)),
                    )?;
                    outln!(term, "{}: rewritten", f.display())?;
                }
            }
            Ok(_) => {}
        }
    }
    let failing = failed > 0 || (a.check && changed > 0);
    Ok(if failing { EXIT_FAILURE } else { EXIT_OK })
}
