//! `lairsmith new`: classify, apply the default power kit, print or save.

use super::args::NewArgs;
use super::out::{Terminal, out, outln};
use super::{CmdResult, DataDir, EXIT_OK, Failure};
use crate::bestiary::saved::save_new_monster;
use crate::export::render;
use crate::monster::kit::Templates;
use crate::monster::template_apply::derive_with;
use crate::monster::template_ops::add_template;
use crate::monster::{Classification, MonsterDesign};

use crate::vocab::Vocabulary;

pub fn run(data: &DataDir, a: NewArgs, term: &mut Terminal) -> CmdResult {
    let c = Classification {
        level: a.level,
        rank: a.rank,
        role: a.role,
        leader: a.leader,
        size: a.size,
        source: a.source,
        creature_type: a.creature_type,
        tags: a.tags,
    };
    let name = a
        .name
        .unwrap_or_else(|| format!("{} {}", c.source.label(), c.role.label()));
    let name = name.trim();
    crate::text::check_name("the name", name).map_err(|e| Failure(e.to_string()))?;
    let mut design = MonsterDesign::new(name, c.clone());
    design.powers = Templates::embedded().default_powers(&c);
    let bestiary = data.load_bestiary();
    for id in &a.templates {
        design =
            add_template(&design, id, &bestiary.templates).map_err(|e| Failure(e.to_string()))?;
    }
    if a.save {
        let path = save_new_monster(&data.bestiary(), &bestiary, &design)?;
        outln!(term, "{}", path.display())?;
    } else {
        let block = derive_with(&design, &bestiary.templates, Templates::embedded());
        out!(term, "{}", render(&block, a.format))?;
    }
    Ok(EXIT_OK)
}
