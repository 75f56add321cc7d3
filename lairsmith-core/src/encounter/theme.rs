//! Theming an encounter: one template (a fire cult, a drowned court) applied to every monster
//! group, each group's monster replaced by a themed copy, so the original monsters and the
//! original encounter stay as they were.

use crate::bestiary::Bestiary;
use crate::encounter::file::{Encounter, System};
use crate::monster::design::{MonsterDesign, slugify};
use crate::monster::template_ops::{TemplateOpError, add_template};
use crate::vocab::UnknownValue;
use crate::yaml_io::FileError;

/// Why an encounter could not be themed; each message is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ThemeError {
    /// A 3rd-edition encounter: its foes are challenge ratings, not monsters to template.
    #[error(
        "a 3rd-edition encounter rates its foes by challenge rating; templates apply to Orcus monsters"
    )]
    NotOrcus,
    /// No template has the id (the message names the closest ones).
    #[error("{0}")]
    UnknownTemplate(UnknownValue),
    /// A group names a monster the bestiary does not hold.
    #[error("the encounter names the monster `{id}`, which is not in the bestiary")]
    UnknownMonster {
        /// The monster id the group names.
        id: String,
    },
    /// A group's monster file cannot be read.
    #[error("{0}")]
    Unreadable(FileError),
    /// The template cannot be added to a group's monster.
    #[error("{id}: {source}")]
    Template {
        /// The monster's id.
        id: String,
        /// Why the template cannot be added; boxed, as it is the largest of these errors.
        source: Box<TemplateOpError>,
    },
    /// No group's monster took the template.
    #[error(
        "no monster group of `{encounter}` could take the template `{template}`: {}",
        why_none(unchanged)
    )]
    NothingThemed {
        /// The encounter's name.
        encounter: String,
        /// The template's id.
        template: String,
        /// The groups left as they were: monsters that already have the template, and
        /// placeholders; empty when the encounter has no monster groups.
        unchanged: Vec<String>,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<ThemeError> for String {
    fn from(e: ThemeError) -> String {
        e.to_string()
    }
}

/// The end of [`ThemeError::NothingThemed`]'s message.
fn why_none(unchanged: &[String]) -> String {
    if unchanged.is_empty() {
        "it has no monster groups".to_owned()
    } else {
        format!(
            "every one already has it or is a placeholder ({})",
            unchanged.join(", ")
        )
    }
}

/// What theming an encounter makes: the themed copies to save (new monsters) and the encounter
/// that uses them.
#[derive(Debug, Clone)]
pub struct Themed {
    /// The themed encounter, named "`<Encounter> (<Template>)`", its groups using the copies; no
    /// longer marked as generated.
    pub encounter: Encounter,
    /// New monsters to save, in the order of their first group.
    pub monsters: Vec<MonsterDesign>,
    /// Groups whose monster already had the template, or that are placeholders: left as they are.
    pub unchanged: Vec<String>,
}

/// Applies the template `template` to every monster group of `e`. A themed copy is named
/// "`<Template> <Monster>`" with a free id; a monster used by several groups gets one copy.
pub fn theme_encounter(
    e: &Encounter,
    template: &str,
    bestiary: &Bestiary,
) -> Result<Themed, ThemeError> {
    if e.system != System::Orcus {
        return Err(ThemeError::NotOrcus);
    }
    let t = bestiary
        .templates
        .find(template)
        .map_err(ThemeError::UnknownTemplate)?
        .clone();
    let mut out = Themed {
        encounter: e.clone(),
        monsters: Vec::new(),
        unchanged: Vec::new(),
    };
    // Original id -> themed copy's id.
    let mut copies: Vec<(String, String)> = Vec::new();
    let mut taken: Vec<String> = Vec::new();
    for g in &mut out.encounter.groups {
        let Some(id) = g.monster.clone() else {
            if let Some(p) = &g.placeholder {
                out.unchanged.push(p.to_string());
            }
            continue;
        };
        if let Some((_, copy)) = copies.iter().find(|(o, _)| *o == id) {
            g.monster = Some(copy.clone());
            continue;
        }
        let entry = bestiary
            .get(&id)
            .ok_or_else(|| ThemeError::UnknownMonster { id: id.clone() })?;
        let loaded = entry.design().map_err(ThemeError::Unreadable)?;
        if loaded.templates.contains(&t.id) {
            out.unchanged.push(id);
            continue;
        }
        let mut design = add_template(&loaded, &t.id, &bestiary.templates).map_err(|source| {
            ThemeError::Template {
                id: id.clone(),
                source: Box::new(source),
            }
        })?;
        let name = format!("{} {}", t.name, loaded.name);
        design.name = fit_name(&name);
        let mut new_id = bestiary.free_id(&slugify(&design.name));
        let mut n = 2;
        while taken.contains(&new_id) {
            new_id = bestiary.free_id(&format!("{}-{n}", slugify(&design.name)));
            n += 1;
        }
        taken.push(new_id.clone());
        design.id = new_id.clone();
        copies.push((id, new_id.clone()));
        g.monster = Some(new_id);
        out.monsters.push(design);
    }
    if out.monsters.is_empty() {
        return Err(ThemeError::NothingThemed {
            encounter: e.name.clone(),
            template: t.id.clone(),
            unchanged: out.unchanged,
        });
    }
    out.encounter.name = fit_name(&format!("{} ({})", e.name, t.name));
    out.encounter.generated = None;
    Ok(out)
}

/// A name cut to the most characters a name holds.
fn fit_name(name: &str) -> String {
    name.chars()
        .take(crate::text::MAX_NAME_CHARS)
        .collect::<String>()
        .trim()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encounter::count::Count;
    use crate::encounter::file::{Group, Placeholder};
    use crate::encounter::party::Party;
    use crate::rules::{Level, Rank, Role};

    #[test]
    fn callers_can_tell_the_kinds_of_theme_error_apart() {
        let b = Bestiary::shipped();
        let template = b.templates.entries[0].template.id.clone();
        let party = Party::uniform(4, Level::new(5).unwrap());
        let mut e = Encounter::new("Crypt", &party);

        e.system = System::D20e3;
        assert!(matches!(
            theme_encounter(&e, &template, &b),
            Err(ThemeError::NotOrcus)
        ));
        e.system = System::Orcus;

        assert!(matches!(
            theme_encounter(&e, "no-such-template", &b),
            Err(ThemeError::UnknownTemplate(_))
        ));

        let err = theme_encounter(&e, &template, &b).unwrap_err();
        assert_eq!(
            err,
            ThemeError::NothingThemed {
                encounter: "Crypt".to_owned(),
                template: template.clone(),
                unchanged: Vec::new(),
            }
        );
        assert_eq!(
            err.to_string(),
            format!(
                "no monster group of `Crypt` could take the template `{template}`: it has no monster groups"
            )
        );

        let p = Placeholder {
            level: Level::new(5).unwrap(),
            rank: Rank::Standard,
            role: Role::Wrecker,
        };
        e.add(Group::placeholder(p, Count::ONE)).unwrap();
        assert_eq!(
            theme_encounter(&e, &template, &b).unwrap_err().to_string(),
            format!(
                "no monster group of `Crypt` could take the template `{template}`: every one already has it or is a placeholder (placeholder:5:standard:wrecker)"
            )
        );

        e.add(Group::monster("no-such-monster", Count::ONE))
            .unwrap();
        let err = theme_encounter(&e, &template, &b).unwrap_err();
        assert_eq!(
            err,
            ThemeError::UnknownMonster {
                id: "no-such-monster".to_owned()
            }
        );
        assert_eq!(
            err.to_string(),
            "the encounter names the monster `no-such-monster`, which is not in the bestiary"
        );
    }
}
