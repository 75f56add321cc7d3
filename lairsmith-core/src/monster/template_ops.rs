//! Adding a template to a design and taking one off: the checks the CLI and the UI share.

use crate::monster::design::MonsterDesign;
use crate::monster::lint::Severity;
use crate::monster::template::MonsterTemplates;
use crate::monster::template_apply::template_findings;

/// Why a template cannot be added to a design or taken off it; each message is the sentence the
/// user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateOpError {
    /// No template has the id (the message names the closest ones).
    #[error("{0}")]
    Unknown(crate::vocab::UnknownValue),
    /// The design already has the template.
    #[error("`{monster}` already has the template `{id}` ({name})")]
    AlreadyHas {
        /// The monster's id.
        monster: String,
        /// The template's id.
        id: String,
        /// The template's name.
        name: String,
    },
    /// The design already lists [`crate::monster::design::MAX_TEMPLATES`] templates.
    #[error("`{monster}` already lists {n} templates, the most a monster holds")]
    TooMany {
        /// The monster's id.
        monster: String,
        /// How many templates it lists.
        n: usize,
    },
    /// The template conflicts with the design's others: each error finding's message.
    #[error("{}", .0.join("; "))]
    Conflicts(Vec<String>),
    /// The design does not list the template; `has` is the ids it lists.
    #[error("`{monster}` does not have the template `{id}`; {}", has_text(.has))]
    NotListed {
        /// The monster's id.
        monster: String,
        /// The id asked for.
        id: String,
        /// The ids of the templates it lists.
        has: Vec<String>,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<TemplateOpError> for String {
    fn from(e: TemplateOpError) -> String {
        e.to_string()
    }
}

fn has_text(has: &[String]) -> String {
    if has.is_empty() {
        "it has no templates".to_owned()
    } else {
        format!(
            "its templates: {}",
            has.iter()
                .map(|t| format!("`{t}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

/// `design` with the template `id` added at the end of its list. Refuses an unknown id (with
/// the closest ones), a template it already has, and one that conflicts with its others.
pub fn add_template(
    design: &MonsterDesign,
    id: &str,
    lib: &MonsterTemplates,
) -> Result<MonsterDesign, TemplateOpError> {
    let t = lib.find(id).map_err(TemplateOpError::Unknown)?;
    if design.templates.iter().any(|x| x == id) {
        return Err(TemplateOpError::AlreadyHas {
            monster: design.id.clone(),
            id: id.to_owned(),
            name: t.name.clone(),
        });
    }
    if design.templates.len() >= crate::monster::design::MAX_TEMPLATES {
        return Err(TemplateOpError::TooMany {
            monster: design.id.clone(),
            n: design.templates.len(),
        });
    }
    let mut out = design.clone();
    out.templates.push(id.to_owned());
    let before = template_findings(design, lib).len();
    let conflicts: Vec<String> = template_findings(&out, lib)
        .into_iter()
        .skip(before)
        .filter(|f| f.severity == Severity::Error)
        .map(|f| f.message)
        .collect();
    if !conflicts.is_empty() {
        return Err(TemplateOpError::Conflicts(conflicts));
    }
    Ok(out)
}

/// `design` without the template `id`; refuses an id it does not list, naming the ones it does.
pub fn remove_template(design: &MonsterDesign, id: &str) -> Result<MonsterDesign, TemplateOpError> {
    if !design.templates.iter().any(|x| x == id) {
        return Err(TemplateOpError::NotListed {
            monster: design.id.clone(),
            id: id.to_owned(),
            has: design.templates.clone(),
        });
    }
    let mut out = design.clone();
    out.templates.retain(|x| x != id);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removing_a_template_a_design_lacks_is_not_listed() {
        use crate::rules::{CreatureType, Level, Rank, Role, Size, Source};
        let c = crate::monster::Classification {
            level: Level::MIN,
            rank: Rank::Standard,
            role: Role::Blocker,
            leader: false,
            size: Size::Small,
            source: Source::Natural,
            creature_type: CreatureType::Beast,
            tags: Vec::new(),
        };
        let mut d = MonsterDesign::new("Frog", c);
        d.templates = vec!["undead".to_owned()];
        let e = remove_template(&d, "elite").unwrap_err();
        assert!(
            matches!(&e, TemplateOpError::NotListed { id, has, .. } if id == "elite" && has == &d.templates)
        );
        assert_eq!(
            e.to_string(),
            "`frog` does not have the template `elite`; its templates: `undead`"
        );
    }
}
