//! `lairsmith new`: classify, apply the default power kit, print or save.

use super::args::NewArgs;
use super::{CmdResult, DataDir, EXIT_OK, Failure};
use crate::export::render;
use crate::monster::kit::Templates;
use crate::monster::{Classification, MonsterDesign, derive};

use crate::vocab::Vocabulary;

pub fn run(data: &DataDir, a: NewArgs) -> CmdResult {
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
    if name.trim().is_empty() || name.chars().any(char::is_control) {
        return Err(Failure("the name must be printable text".into()));
    }
    let mut design = MonsterDesign::new(name.trim(), c.clone());
    design.powers = Templates::embedded().default_powers(&c);
    if a.save {
        let path = super::save_new_monster(data, &data.load_bestiary(), &design)?;
        println!("{}", path.display());
    } else {
        print!("{}", render(&derive(&design), a.format));
    }
    Ok(EXIT_OK)
}
