//! `lairsmith relevel`: the same design at a new level, rank or role. Everything derived is
//! recomputed; overrides, prose and templates stay as they are, and the powers a rank or role's
//! kit gives are swapped for the new one's.

use super::args::RelevelArgs;
use super::out::{Terminal, errln, out, outln};
use super::{CmdResult, DataDir, EXIT_OK, Failure, resolve_monster};
use crate::export::render;
use crate::monster::design::check_id;
use crate::monster::kit::Templates;
use crate::monster::rerank::rerank;
use crate::monster::template_apply::derive_with;

pub fn run(data: &DataDir, a: RelevelArgs, term: &mut Terminal) -> CmdResult {
    // A copy's name and id are chosen among every monster's; otherwise only this one is needed.
    let bestiary = if a.save_as.is_some() || crate::data_dir::names_a_file(&a.monster) {
        data.load_bestiary()
    } else {
        data.bestiary_for(&[a.monster.as_str()])
    };
    let entry = resolve_monster(&bestiary, &a.monster)?;
    let loaded = entry.design()?;
    let mut design = (*loaded).clone();
    design.level = a.level;
    let (rank, role) = (a.rank.unwrap_or(design.rank), a.role.unwrap_or(design.role));
    if let Some(asked) = a.rank
        && let Some(why) =
            crate::monster::template_apply::rank_change_refusal(&design, asked, &bestiary.templates)
    {
        return Err(Failure(why));
    }
    // The kit powers follow the rank and role, so the result stays playable; what changed goes
    // to standard error, leaving standard output the stat block.
    for change in rerank(&mut design, rank, role, Templates::embedded()) {
        errln!(term, "lairsmith: {change}");
    }
    if let Some(new_id) = a.save_as {
        check_id(&new_id).map_err(Failure)?;
        // The copy's name follows the one rule for copies; the id is the one asked for.
        crate::bestiary::naming::rename_as_copy(&bestiary, &mut design);
        design.id = new_id;
        let path = super::save_copy(data, &bestiary, &design, &entry)?;
        outln!(term, "{}", path.display())?;
        return Ok(EXIT_OK);
    }
    if a.save {
        let fp = match (entry.is_shipped(), entry.fingerprint) {
            (false, Some(fp)) => fp,
            _ => {
                return Err(Failure(format!(
                    "`{}` is a shipped monster and cannot be changed; use --save-as NEW_ID to keep a copy",
                    entry.card.id
                )));
            }
        };
        super::save_in_place(&entry.path, &loaded, &design, fp)?;
        outln!(term, "{}", entry.path.display())?;
        return Ok(EXIT_OK);
    }
    let block = derive_with(&design, &bestiary.templates, Templates::embedded());
    out!(term, "{}", render(&block, a.format))?;
    Ok(EXIT_OK)
}
