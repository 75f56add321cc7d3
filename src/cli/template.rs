//! `lairsmith template`: list and show monster templates, apply one to a monster or take it off.

use super::args::{ListFormat, ListFormatArg, format, level};
use super::out::{Terminal, out, outln};
use super::{CmdResult, DataDir, EXIT_OK, Failure, resolve_monster};
use clap::{Args, Subcommand, ValueEnum};
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::bestiary::saved::save_copy;
use lairsmith_core::export::{Format, render};
use lairsmith_core::monster::MonsterDesign;
use lairsmith_core::monster::design::check_id;
use lairsmith_core::monster::kit::Templates;
use lairsmith_core::monster::saved::update_monster;
use lairsmith_core::monster::template::{MonsterTemplate, TemplateOrigin};
use lairsmith_core::monster::template_apply::derive_with;
use lairsmith_core::monster::template_ops::{add_template, remove_template};
use lairsmith_core::rules::Level;
use lairsmith_core::rules::grants::{Grant, damage_grants, describe_grants, tag_grants};
use lairsmith_core::vocab::Vocabulary;

#[derive(Debug, Subcommand)]
pub enum TemplateCmd {
    /// List the templates: the shipped ones and yours (in the data directory's templates/).
    List(ListFormatArg),
    /// What a template changes: rank, tags and what they grant, senses, movement, traits and
    /// powers. --format yaml prints the template file.
    Show {
        id: String,
        /// Give resistance and vulnerability values at this level (they follow the monster's).
        #[arg(long, value_parser = level)]
        level: Option<Level>,
        #[arg(long, value_enum, default_value_t = TemplateFormat::Text)]
        format: TemplateFormat,
    },
    /// Apply a template to a monster: print the stat block, or save it.
    Apply(TemplateEditArgs),
    /// Take a template off a monster: print the stat block, or save it. The file comes back
    /// exactly as it was before the template was applied.
    Remove(TemplateEditArgs),
}

/// `template show --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TemplateFormat {
    Text,
    Yaml,
    /// The same as yaml.
    Json,
}

#[derive(Debug, Args)]
pub struct TemplateEditArgs {
    /// A monster id or a path to a monster file.
    pub monster: String,
    /// A template id.
    pub template: String,
    /// Save the result as a new monster with this id in your bestiary.
    #[arg(long, value_name = "NEW_ID", conflicts_with = "save")]
    pub save_as: Option<String>,
    /// Change the monster's file in place (your own monsters only); only its `templates:` lines
    /// change.
    #[arg(long)]
    pub save: bool,
    /// Output format: yaml, json (the same fields), md, text, html or foundry.
    #[arg(long, value_parser = format, default_value = "text")]
    pub format: Format,
}

pub fn run(data: &DataDir, cmd: TemplateCmd, term: &mut Terminal) -> CmdResult {
    let bestiary = data.load_bestiary();
    match cmd {
        TemplateCmd::List(f) => list(&bestiary, f.format, term),
        TemplateCmd::Show { id, level, format } => {
            let entry = bestiary.templates.entry(&id).ok_or_else(|| {
                let unknown = bestiary.templates.find(&id).err();
                Failure(
                    unknown.map_or_else(|| format!("unknown template `{id}`"), |e| e.to_string()),
                )
            })?;
            match format {
                TemplateFormat::Yaml => {
                    out!(
                        term,
                        "{}",
                        lairsmith_core::yaml_io::to_string(&entry.template)
                    )?;
                }
                TemplateFormat::Json => {
                    let json = super::doc::render(&entry.template, super::doc::Data::Json)?;
                    out!(term, "{json}")?;
                }
                TemplateFormat::Text => {
                    let level = level.unwrap_or(Level::MIN);
                    out!(term, "{}", describe(&entry.template, level))?;
                    outln!(term, "File: {}", entry.path.display())?;
                }
            }
            Ok(EXIT_OK)
        }
        TemplateCmd::Apply(a) => edit(data, &bestiary, a, true, term),
        TemplateCmd::Remove(a) => edit(data, &bestiary, a, false, term),
    }
}

/// A template of `template list --format yaml|json`.
#[derive(serde::Serialize)]
struct Row<'a> {
    id: &'a str,
    name: &'a str,
    /// `shipped` or `yours`.
    origin: &'static str,
    /// `template`, or `theme` (applied to a whole encounter).
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<&'a str>,
    file: String,
}

fn list(b: &Bestiary, format: ListFormat, term: &mut Terminal) -> CmdResult {
    if let Some(data) = format.data() {
        let rows: Vec<Row> = b
            .templates
            .entries
            .iter()
            .map(|e| Row {
                id: &e.template.id,
                name: &e.template.name,
                origin: origin(e.origin),
                kind: kind(&e.template),
                description: e.template.description.as_deref().map(str::trim),
                file: e.path.display().to_string(),
            })
            .collect();
        out!(term, "{}", super::doc::render(&rows, data)?)?;
        for e in &b.templates.errors {
            super::out::errln!(term, "lairsmith: skipped {e}");
        }
        return Ok(EXIT_OK);
    }
    for e in &b.templates.entries {
        let t = &e.template;
        let (origin, kind) = (origin(e.origin), kind(t));
        let summary = t
            .description
            .as_deref()
            .map(|d| d.split(". ").next().unwrap_or(d).trim_end_matches('.'))
            .unwrap_or("");
        outln!(
            term,
            "{:<20} {:<22} {origin:<7} {kind:<8} {summary}",
            t.id,
            t.name
        )?;
    }
    for e in &b.templates.errors {
        super::out::errln!(term, "lairsmith: skipped {e}");
    }
    Ok(EXIT_OK)
}

fn origin(o: TemplateOrigin) -> &'static str {
    match o {
        TemplateOrigin::Shipped => "shipped",
        TemplateOrigin::User => "yours",
    }
}

fn kind(t: &MonsterTemplate) -> &'static str {
    if t.is_theme() { "theme" } else { "template" }
}

/// A template in words: what it sets and adds, resistances at `level`.
pub fn describe(t: &MonsterTemplate, level: Level) -> String {
    let mut s = format!("{} ({})\n", t.name, t.id);
    if let Some(d) = &t.description {
        s.push_str(d.trim());
        s.push('\n');
    }
    let mut line = |label: &str, value: String| {
        if !value.is_empty() {
            s.push_str(&format!("  {label}: {value}\n"));
        }
    };
    if let Some(r) = t.rank {
        line(
            "Rank",
            format!("{} (the rank's extra attacks are swapped in)", r.label()),
        );
    }
    line(
        "Tags",
        t.tags
            .iter()
            .map(|tag| {
                let g = tag_grants(*tag);
                if g.is_empty() {
                    tag.label().to_owned()
                } else {
                    format!("{} ({})", tag.label(), describe_grants(level, g))
                }
            })
            .collect::<Vec<_>>()
            .join(", "),
    );
    let grants: Vec<Grant> = damage_grants(&t.resistances, &t.vulnerabilities).collect();
    if !grants.is_empty() {
        line(
            &format!("Resistances at level {level}"),
            describe_grants(level, &grants),
        );
    }
    let join = |v: Vec<String>| v.join(", ");
    line(
        "Immune",
        join(t.immunities.iter().map(ToString::to_string).collect()),
    );
    line(
        "Senses",
        join(t.senses.iter().map(ToString::to_string).collect()),
    );
    let m = &t.movement;
    let mut moves: Vec<String> = m
        .walk
        .map(|v| format!("speed {v}"))
        .into_iter()
        .chain(m.modes().map(|(n, v)| format!("{n} {v}")))
        .collect();
    moves.extend(m.traits.iter().map(ToString::to_string));
    line("Movement", join(moves));
    line(
        "Skills",
        join(t.skills.iter().map(|k| k.label().to_owned()).collect()),
    );
    line("Languages", t.languages.join(", "));
    line(
        "Abilities",
        join(
            lairsmith_core::rules::abilities::Ability::ALL
                .iter()
                .filter_map(|a| t.abilities.get(*a).map(|v| format!("{} {v}", a.label())))
                .collect(),
        ),
    );
    for tr in &t.traits {
        let aura = tr.aura.map(|a| format!(" · Aura {a}")).unwrap_or_default();
        s.push_str(&format!("  Trait {}{aura}: {}\n", tr.name, tr.text));
    }
    let power = |p: &lairsmith_core::monster::Power| {
        let damage = p
            .damage
            .as_ref()
            .map(|d| format!(", damage {d}"))
            .unwrap_or_default();
        format!(
            "{} ({}, {}{damage})",
            p.name,
            p.usage.label(),
            p.action.label()
        )
    };
    for p in &t.powers {
        s.push_str(&format!("  Power {}\n", power(p)));
    }
    for (role, powers) in &t.powers_by_role {
        for p in powers {
            s.push_str(&format!("  Power for a {}: {}\n", role.label(), power(p)));
        }
    }
    s
}

fn edit(
    data: &DataDir,
    bestiary: &Bestiary,
    a: TemplateEditArgs,
    add: bool,
    term: &mut Terminal,
) -> CmdResult {
    let entry = resolve_monster(bestiary, &a.monster)?;
    let lib = &bestiary.templates;
    let change = |d: &MonsterDesign| {
        if add {
            add_template(d, &a.template, lib)
        } else {
            remove_template(d, &a.template)
        }
    };
    let design = change(&*entry.design()?).map_err(|e| Failure(e.to_string()))?;
    if let Some(new_id) = a.save_as {
        check_id(&new_id).map_err(|e| Failure(e.to_string()))?;
        let mut copy = design;
        lairsmith_core::bestiary::naming::rename_as_copy(bestiary, &mut copy);
        copy.id = new_id;
        let path = save_copy(&data.bestiary(), bestiary, &copy, &entry)?;
        outln!(term, "{}", path.display())?;
        return Ok(EXIT_OK);
    }
    if a.save {
        if entry.is_shipped() {
            return Err(Failure(format!(
                "`{}` is a shipped monster and cannot be changed; use --save-as NEW_ID to keep a copy",
                entry.card.id
            )));
        }
        // Read, change and write under the file's lock, from what the file holds then: two
        // templates applied at once by two processes both land.
        update_monster(&entry.path, |loaded| Ok(change(loaded)?))?;
        outln!(term, "{}", entry.path.display())?;
        return Ok(EXIT_OK);
    }
    let block = derive_with(&design, lib, Templates::embedded());
    out!(term, "{}", render(&block, a.format))?;
    Ok(EXIT_OK)
}
