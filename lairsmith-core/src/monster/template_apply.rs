//! Applying a monster's templates: the design in, the design as its templates make it out,
//! with what each template changed. Runs at derive time, after the design and before the
//! overrides, so the file never holds a template's output and a re-level re-derives it all.

use crate::hint::Hint;
use crate::monster::derive::derive;
use crate::monster::design::MonsterDesign;
use crate::monster::kit::Templates;
use crate::monster::lint::{Finding, Severity, lint};
use crate::monster::rerank::{PowerChange, rerank};
use crate::monster::statblock::{StatBlock, TemplateNote};
use crate::monster::template::{MonsterTemplate, MonsterTemplates};
use crate::rules::grants::{Grant, damage_grants, describe_grants, tag_grants};
use crate::rules::rank::Rank;
use crate::vocab::Vocabulary;
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// A design with its templates applied.
#[derive(Debug, Clone)]
pub struct Applied {
    /// The design as the templates make it: what derivation and the lint read.
    pub design: MonsterDesign,
    /// For each power of `design`, the name of the template that added it.
    pub power_from: Vec<Option<String>>,
    /// For each trait of `design`, the name of the template that added it.
    pub trait_from: Vec<Option<String>>,
    /// What each applied template changed, in order.
    pub notes: Vec<TemplateNote>,
    /// Template ids the library does not hold; they are left out.
    pub unknown: Vec<String>,
}

/// Adds each item `list` lacks. Lists are at most `limits::WORDS` long in every file, so the
/// scan stays small.
fn push_new<T: PartialEq + Clone>(list: &mut Vec<T>, items: &[T]) -> Vec<T> {
    let mut added = Vec::new();
    for i in items {
        if !list.contains(i) {
            list.push(i.clone());
            added.push(i.clone());
        }
    }
    added
}

fn joined<T>(items: &[T], f: impl Fn(&T) -> String) -> String {
    items.iter().map(f).collect::<Vec<_>>().join(", ")
}

/// Applies one template to `a`, recording what it changed.
fn apply_one(a: &mut Applied, t: &MonsterTemplate, kits: &Templates) {
    let d = &mut a.design;
    let level = d.level;
    let mut changes: Vec<String> = Vec::new();

    if let Some(rank) = t.rank
        && rank != d.rank
    {
        // By name: a power kept through the re-rank keeps the template it came from.
        let mut from: HashMap<&str, Option<String>> = HashMap::new();
        for (p, f) in d.powers.iter().zip(&a.power_from) {
            from.entry(p.name.as_str()).or_insert_with(|| f.clone());
        }
        let from: HashMap<String, Option<String>> =
            from.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let role = d.role;
        let swapped = rerank(d, rank, role, kits);
        a.power_from = d
            .powers
            .iter()
            .map(|p| match from.get(p.name.as_str()) {
                Some(f) => f.clone(),
                None => Some(t.name.clone()),
            })
            .collect();
        changes.push(format!("rank {}", rank.label()));
        changes.extend(
            swapped
                .iter()
                .filter(|c| matches!(c, PowerChange::Removed(..)))
                .map(ToString::to_string),
        );
    }
    for tag in push_new(&mut d.tags, &t.tags) {
        let grants = tag_grants(tag);
        if grants.is_empty() {
            changes.push(format!("tag {}", tag.label()));
        } else {
            changes.push(format!(
                "tag {} ({})",
                tag.label(),
                describe_grants(level, grants)
            ));
        }
    }
    for ability in crate::rules::abilities::Ability::ALL {
        if let Some(score) = t.abilities.get(*ability) {
            d.abilities.set(*ability, Some(score));
            changes.push(format!("{} {score}", ability.label()));
        }
    }
    let skills = push_new(&mut d.skills, &t.skills);
    if !skills.is_empty() {
        changes.push(format!(
            "trained in {}",
            joined(&skills, |s| s.label().to_owned())
        ));
    }
    let senses = push_new(&mut d.senses, &t.senses);
    if !senses.is_empty() {
        changes.push(joined(&senses, ToString::to_string));
    }
    let m = &t.movement;
    if let Some(v) = m.walk {
        d.movement.walk = Some(v);
        changes.push(format!("speed {v}"));
    }
    for (mode, v) in m.modes() {
        *d.movement.speed_mut(mode) = Some(v);
        changes.push(format!("{mode} {v}"));
    }
    let moves = push_new(&mut d.movement.traits, &m.traits);
    if !moves.is_empty() {
        changes.push(joined(&moves, ToString::to_string));
    }
    let languages = push_new(&mut d.languages, &t.languages);
    if !languages.is_empty() {
        changes.push(format!("speaks {}", languages.join(", ")));
    }
    let resist = push_new(&mut d.resistances, &t.resistances);
    let vulnerable = push_new(&mut d.vulnerabilities, &t.vulnerabilities);
    let grants: Vec<Grant> = damage_grants(&resist, &vulnerable).collect();
    if !grants.is_empty() {
        changes.push(describe_grants(level, &grants));
    }
    let immune = push_new(&mut d.immunities, &t.immunities);
    if !immune.is_empty() {
        changes.push(format!("immune {}", joined(&immune, ToString::to_string)));
    }
    // Name checks are set lookups: sixteen templates of many powers each must not make the
    // application quadratic.
    let mut trait_names: HashSet<String> = d.traits.iter().map(|x| x.name.clone()).collect();
    for tr in &t.traits {
        if !trait_names.insert(tr.name.clone()) {
            continue;
        }
        d.traits.push(tr.clone());
        a.trait_from.push(Some(t.name.clone()));
        changes.push(format!("trait {}", tr.name));
    }
    let role_powers = t.powers_by_role.get(&d.role).map_or(&[][..], Vec::as_slice);
    let mut power_names: HashSet<String> = d.powers.iter().map(|x| x.name.clone()).collect();
    for p in t.powers.iter().chain(role_powers) {
        if power_names.contains(&p.name) {
            continue;
        }
        // Mooks target one creature with each damaging attack (Monster Statistics: Powers),
        // as re-ranking to mook leaves out such powers too.
        if d.rank == Rank::Mook && p.hits_several() {
            changes.push(format!(
                "not {} (a mook targets one creature at a time)",
                p.name
            ));
            continue;
        }
        power_names.insert(p.name.clone());
        d.powers.push(p.clone());
        a.power_from.push(Some(t.name.clone()));
        changes.push(format!("power {}", p.name));
    }
    a.notes.push(TemplateNote {
        id: t.id.clone(),
        name: t.name.clone(),
        changes,
    });
}

/// Applies `design`'s templates in the order it lists them. Unknown ids are left out and
/// listed in [`Applied::unknown`] (the lint reports them as errors).
pub fn apply(design: &MonsterDesign, lib: &MonsterTemplates, kits: &Templates) -> Applied {
    let mut a = Applied {
        power_from: vec![None; design.powers.len()],
        trait_from: vec![None; design.traits.len()],
        design: design.clone(),
        notes: Vec::new(),
        unknown: Vec::new(),
    };
    for id in &design.templates {
        match lib.get(id) {
            Some(t) => apply_one(&mut a, t, kits),
            None => a.unknown.push(id.clone()),
        }
    }
    a
}

/// Why `design` cannot be given `rank` by hand, if it cannot: one of its templates sets the rank
/// (a veteran is elite, a solo a boss), and the template wins over the file's own rank, so a
/// re-rank to another would be written and never shown. The sentence names the template and the
/// two ways out.
pub fn rank_change_refusal(
    design: &MonsterDesign,
    rank: Rank,
    lib: &MonsterTemplates,
) -> Option<RankRefusal> {
    let t = design
        .templates
        .iter()
        .filter_map(|id| lib.get(id))
        .find(|t| t.rank.is_some_and(|r| r != rank))?;
    Some(RankRefusal {
        monster: design.id.clone(),
        template: t.id.clone(),
        rank: t.rank?,
    })
}

/// A re-rank refused because one of the monster's templates sets its rank
/// ([`rank_change_refusal`]); the way out it names, taking the template off, is
/// [`RankRefusal::hint`], which each face words ([`RankRefusal::words`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankRefusal {
    /// The monster's id.
    pub monster: String,
    /// The template that sets the rank.
    pub template: String,
    /// The rank the template gives.
    pub rank: Rank,
}

impl RankRefusal {
    /// Take the template off the monster.
    pub fn hint(&self) -> Hint {
        Hint::RemoveTemplate {
            monster: self.monster.clone(),
            template: self.template.clone(),
        }
    }

    /// The sentence with a face's wording of [`RankRefusal::hint`] in parentheses after the way
    /// out it names (none when `how` is `None`).
    pub fn words(&self, how: Option<&str>) -> String {
        let rank = self.rank.key();
        let a = crate::text::article(rank);
        format!(
            "`{}` has the template `{}`, which makes it {a} {rank}: a template's rank wins over the file's, so it would stay {a} {rank}; take the template off first{}, or keep the rank {rank}",
            self.monster,
            self.template,
            how.map_or(String::new(), |h| format!(" ({h})")),
        )
    }
}

impl std::fmt::Display for RankRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(None))
    }
}

impl std::error::Error for RankRefusal {}

/// The stat block of a design with its templates, each power and trait a template added marked
/// with the template's name.
pub fn derive_applied(a: &Applied) -> StatBlock {
    let mut block = derive(&a.design);
    for (p, from) in block.powers.iter_mut().zip(&a.power_from) {
        p.from_template.clone_from(from);
    }
    // Derived traits (Incorporeal, Reactive Resistance) come before the design's own.
    let offset = block.traits.len().saturating_sub(a.trait_from.len());
    for (t, from) in block.traits[offset..].iter_mut().zip(&a.trait_from) {
        t.from_template.clone_from(from);
    }
    block.templates = a.notes.clone();
    block
}

/// [`apply`] then [`derive_applied`].
pub fn derive_with(design: &MonsterDesign, lib: &MonsterTemplates, kits: &Templates) -> StatBlock {
    derive_applied(&apply(design, lib, kits))
}

fn template_error(code: &'static str, message: String) -> Finding {
    Finding {
        severity: Severity::Error,
        code,
        message,
        departure: None,
    }
}

/// The lint's findings about a design's templates: unknown ids (with the closest ones), a
/// template listed twice, and templates that contradict each other or the design (two ranks,
/// two undead variants).
pub(crate) fn template_findings(design: &MonsterDesign, lib: &MonsterTemplates) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let mut rank_by: Option<(&MonsterTemplate, Rank)> = None;
    let own_undead = design.tags.iter().copied().find(|t| {
        matches!(
            t,
            crate::rules::Tag::Undead | crate::rules::Tag::UndeadSpirit
        )
    });
    let mut undead_by: Option<(String, crate::rules::Tag)> =
        own_undead.map(|t| ("its own tags make".to_owned(), t));
    for id in &design.templates {
        if seen.contains(&id.as_str()) {
            out.push(template_error(
                "template-twice",
                format!("the template `{id}` is listed twice; a template applies once"),
            ));
            continue;
        }
        seen.push(id);
        let t = match lib.find(id) {
            Ok(t) => t,
            Err(e) => {
                out.push(template_error("unknown-template", e.to_string()));
                continue;
            }
        };
        if let Some(rank) = t.rank {
            if let Some((other, r)) = rank_by {
                out.push(template_error(
                    "conflicting-templates",
                    format!(
                        "templates `{}` and `{}` both set the rank ({} and {}); keep one",
                        other.id,
                        t.id,
                        r.key(),
                        rank.key()
                    ),
                ));
            }
            rank_by = Some((t, rank));
        }
        if let Some(variant) = t.undead_variant() {
            match &undead_by {
                Some((who, v)) if *v != variant => out.push(template_error(
                    "conflicting-templates",
                    format!(
                        "the template `{}` makes the monster {} undead, but {who} it {} undead; an undead is corporeal or a spirit, not both (R9)",
                        t.id,
                        undead_kind(variant),
                        undead_kind(*v)
                    ),
                )),
                _ => undead_by = Some((format!("the template `{id}` makes"), variant)),
            }
        }
    }
    out
}

fn undead_kind(t: crate::rules::Tag) -> &'static str {
    if t == crate::rules::Tag::UndeadSpirit {
        "spirit"
    } else {
        "corporeal"
    }
}

/// The stat block and the lint of a design, its templates applied. Most monsters have no
/// template: they are derived as they are, without a copy.
pub fn block_and_findings(
    design: &MonsterDesign,
    templates: &MonsterTemplates,
    path: Option<&Path>,
) -> (StatBlock, Vec<Finding>) {
    if design.templates.is_empty() {
        let block = derive(design);
        let findings = lint(design, &block, path);
        return (block, findings);
    }
    let applied = apply(design, templates, Templates::embedded());
    let block = derive_applied(&applied);
    let findings = findings_of(design, &applied, &block, path, templates);
    (block, findings)
}

/// The lint of a monster as its templates make it, after the findings about the templates.
pub fn findings_of(
    design: &MonsterDesign,
    applied: &Applied,
    block: &StatBlock,
    path: Option<&Path>,
    templates: &MonsterTemplates,
) -> Vec<Finding> {
    let mut out = template_findings(design, templates);
    out.extend(lint(&applied.design, block, path));
    out
}
