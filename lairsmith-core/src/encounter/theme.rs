//! Theming an encounter: one template (a fire cult, a drowned court) applied to every monster
//! group, each group's monster replaced by a themed copy, so the original monsters and the
//! original encounter stay as they were.

use crate::bestiary::Bestiary;
use crate::encounter::file::{Encounter, System};
use crate::monster::design::{MonsterDesign, slugify};
use crate::monster::template_ops::add_template;

/// What theming an encounter makes: the themed copies to save (new monsters) and the encounter
/// that uses them.
#[derive(Debug, Clone)]
pub struct Themed {
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
) -> Result<Themed, String> {
    if e.system != System::Orcus {
        return Err(
            "a 3rd-edition encounter rates its foes by challenge rating; templates apply to Orcus monsters"
                .to_owned(),
        );
    }
    let t = bestiary
        .templates
        .find(template)
        .map_err(|e| e.to_string())?
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
        let entry = bestiary.get(&id).ok_or_else(|| {
            format!("the encounter names the monster `{id}`, which is not in the bestiary")
        })?;
        let loaded = entry.design().map_err(|e| e.to_string())?;
        if loaded.templates.contains(&t.id) {
            out.unchanged.push(id);
            continue;
        }
        let mut design =
            add_template(&loaded, &t.id, &bestiary.templates).map_err(|m| format!("{id}: {m}"))?;
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
        return Err(format!(
            "no monster group of `{}` could take the template `{}`: {}",
            e.name,
            t.id,
            if out.unchanged.is_empty() {
                "it has no monster groups".to_owned()
            } else {
                format!(
                    "every one already has it or is a placeholder ({})",
                    out.unchanged.join(", ")
                )
            }
        ));
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
