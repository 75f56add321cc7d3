//! Adding a template to a design and taking one off: the checks the CLI and the UI share.

use crate::monster::design::MonsterDesign;
use crate::monster::lint::Severity;
use crate::monster::template::MonsterTemplates;
use crate::monster::template_apply::template_findings;

/// `design` with the template `id` added at the end of its list. Refuses an unknown id (with
/// the closest ones), a template it already has, and one that conflicts with its others.
pub fn add_template(
    design: &MonsterDesign,
    id: &str,
    lib: &MonsterTemplates,
) -> Result<MonsterDesign, String> {
    let t = lib.find(id).map_err(|e| e.to_string())?;
    if design.templates.iter().any(|x| x == id) {
        return Err(format!(
            "`{}` already has the template `{id}` ({})",
            design.id, t.name
        ));
    }
    if design.templates.len() >= crate::monster::design::MAX_TEMPLATES {
        return Err(format!(
            "`{}` already lists {} templates, the most a monster holds",
            design.id,
            design.templates.len()
        ));
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
        return Err(conflicts.join("; "));
    }
    Ok(out)
}

/// `design` without the template `id`; refuses an id it does not list, naming the ones it does.
pub fn remove_template(design: &MonsterDesign, id: &str) -> Result<MonsterDesign, String> {
    if !design.templates.iter().any(|x| x == id) {
        let has = if design.templates.is_empty() {
            "it has no templates".to_owned()
        } else {
            format!(
                "its templates: {}",
                design
                    .templates
                    .iter()
                    .map(|t| format!("`{t}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        return Err(format!(
            "`{}` does not have the template `{id}`; {has}",
            design.id
        ));
    }
    let mut out = design.clone();
    out.templates.retain(|x| x != id);
    Ok(out)
}
