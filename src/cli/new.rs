//! `lairsmith new`: classify, apply the default power kit, print or save.

use super::args::{format, level, vocab};
use super::out::{Terminal, out, outln};
use super::{CmdResult, DataDir, EXIT_OK, Failure};
use clap::Args;
use lairsmith_core::bestiary::saved::save_new_monster;
use lairsmith_core::export::{Format, render};
use lairsmith_core::monster::kit::Templates;
use lairsmith_core::monster::template_apply::derive_with;
use lairsmith_core::monster::template_ops::add_template;
use lairsmith_core::monster::{Classification, MonsterDesign};
use lairsmith_core::rules::{CreatureType, Level, Rank, Role, Size, Source, Tag};
use lairsmith_core::vocab::Vocabulary;

#[derive(Debug, Args)]
pub struct NewArgs {
    /// Level, 1 to 30.
    #[arg(long, value_parser = level)]
    pub level: Level,
    /// mook, standard, elite or boss.
    #[arg(long, value_parser = vocab::<Rank>, default_value = "standard")]
    pub rank: Rank,
    /// archer, blocker, skulker, spoiler, striker or wrecker.
    #[arg(long, value_parser = vocab::<Role>)]
    pub role: Role,
    /// Make it a leader (adds a leader power; changes no number).
    #[arg(long)]
    pub leader: bool,
    /// tiny, small, medium, large, huge or gargantuan.
    #[arg(long, value_parser = vocab::<Size>, default_value = "medium")]
    pub size: Size,
    /// cosmic, elemental, fey, natural, outsider or shadow.
    #[arg(long, value_parser = vocab::<Source>)]
    pub source: Source,
    /// automaton, beast, humanoid or monstrosity.
    #[arg(long = "type", value_parser = vocab::<CreatureType>)]
    pub creature_type: CreatureType,
    /// A tag (repeatable): air, aquatic, undead, fire, ...
    #[arg(long = "tag", value_parser = vocab::<Tag>)]
    pub tags: Vec<Tag>,
    /// A monster template to apply (repeatable, applied in order); `lairsmith template list`
    /// shows them.
    #[arg(long = "template", value_name = "ID")]
    pub templates: Vec<String>,
    /// The monster's name [default: "<Source> <Role>"].
    #[arg(long)]
    pub name: Option<String>,
    /// Output format: yaml, json (the same fields), md, text, html or foundry.
    #[arg(long, value_parser = format, default_value = "text")]
    pub format: Format,
    /// Save the design to your bestiary and print its path.
    #[arg(long)]
    pub save: bool,
}

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
    lairsmith_core::text::check_name("the name", name).map_err(|e| Failure(e.to_string()))?;
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
