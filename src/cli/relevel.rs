//! `lairsmith relevel`: the same design at a new level, rank or role. Everything derived is
//! recomputed; overrides, prose and templates stay as they are (with `--follow-formula`, fixed
//! overrides become relative, keeping their margin), the powers a rank or role's kit gives are
//! swapped for the new one's, and what each override does at the new level is said.

use super::args::{format, level, vocab};
use super::out::{Terminal, errln, out, outln};
use super::{CmdResult, DataDir, EXIT_OK, Failure, resolve_monster};
use clap::Args;
use lairsmith_core::bestiary::saved::save_copy;
use lairsmith_core::export::{Format, render};
use lairsmith_core::monster::design::check_id;
use lairsmith_core::monster::kit::Templates;
use lairsmith_core::monster::relevel::{Ask, relevel};
use lairsmith_core::monster::saved::{MonsterSaveError, save_over};
use lairsmith_core::monster::template_apply::derive_with;
use lairsmith_core::rules::{Level, Rank, Role};
use lairsmith_core::store::SaveError;

#[derive(Debug, Args)]
pub struct RelevelArgs {
    /// A monster id or a path to a monster file.
    pub monster: String,
    #[arg(long, value_parser = level)]
    pub level: Level,
    #[arg(long, value_parser = vocab::<Rank>)]
    pub rank: Option<Rank>,
    #[arg(long, value_parser = vocab::<Role>)]
    pub role: Option<Role>,
    /// Save the result as a new monster with this id in your bestiary, named as every copy is
    /// ("Hedgemaw 2").
    #[arg(long, value_name = "NEW_ID", conflicts_with = "save")]
    pub save_as: Option<String>,
    /// Overwrite the monster in place (your own monsters only).
    #[arg(long)]
    pub save: bool,
    /// Make each fixed override relative (`by:` in place of `value:`), keeping its margin over
    /// the formula at the current level, so it follows the monster to the new one.
    #[arg(long)]
    pub follow_formula: bool,
    /// Output format: yaml, json (the same fields), md, text, html or foundry.
    #[arg(long, value_parser = format, default_value = "text")]
    pub format: Format,
}

pub fn run(data: &DataDir, a: RelevelArgs, term: &mut Terminal) -> CmdResult {
    // A copy's name and id are chosen among every monster's; otherwise only this one is needed.
    let bestiary = if a.save_as.is_some() || lairsmith_core::data_dir::names_a_file(&a.monster) {
        data.load_bestiary()
    } else {
        data.bestiary_for(&[a.monster.as_str()])
    };
    let entry = resolve_monster(&bestiary, &a.monster)?;
    let loaded = entry.design()?;
    let (rank, role) = (a.rank.unwrap_or(loaded.rank), a.role.unwrap_or(loaded.role));
    if let Some(asked) = a.rank
        && let Some(why) = lairsmith_core::monster::template_apply::rank_change_refusal(
            &loaded,
            asked,
            &bestiary.templates,
        )
    {
        return Err(why.into());
    }
    let done = relevel(
        &loaded,
        Ask {
            level: a.level,
            rank,
            role,
            follow_formula: a.follow_formula,
        },
        &bestiary.templates,
        Templates::embedded(),
    );
    // The kit powers follow the rank and role, so the result stays playable, and each override
    // is shown at the new level; all of it goes to standard error, leaving standard output the
    // stat block.
    for change in &done.powers {
        errln!(term, "lairsmith: {change}");
    }
    for effect in &done.overrides {
        errln!(term, "lairsmith: {}", effect.line());
    }
    if done.overrides.iter().any(|e| e.crossing().is_some()) {
        errln!(
            term,
            "lairsmith: --follow-formula makes every fixed override relative (`by:`), keeping its margin at level {}",
            loaded.level
        );
    }
    let mut design = done.design;
    if let Some(new_id) = a.save_as {
        check_id(&new_id).map_err(|e| Failure(e.to_string()))?;
        // The copy's name follows the one rule for copies; the id is the one asked for.
        lairsmith_core::bestiary::naming::rename_as_copy(&bestiary, &mut design);
        design.id = new_id;
        let path = save_copy(&data.bestiary(), &bestiary, &design, &entry)?;
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
        save_over(&entry.path, Some(&loaded), &design, fp).map_err(|e| match e {
            MonsterSaveError::Save(SaveError::ChangedOnDisk { path }) => Failure(format!(
                "{} changed on disk since it was read; run the command again",
                path.display()
            )),
            e => Failure(e.to_string()),
        })?;
        outln!(term, "{}", entry.path.display())?;
        return Ok(EXIT_OK);
    }
    let block = derive_with(&design, &bestiary.templates, Templates::embedded());
    out!(term, "{}", render(&block, a.format))?;
    Ok(EXIT_OK)
}
