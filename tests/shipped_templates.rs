//! The shipped monster templates: each file reads, and each one applied to every shipped monster
//! it fits, at the monster's level and re-levelled across the tiers, leaves a monster the lint
//! finds nothing new in.

use lairsmith::bestiary::{Bestiary, findings_of};
use lairsmith::embedded::MONSTER_TEMPLATE_FILES;
use lairsmith::monster::kit::Templates;
use lairsmith::monster::template::parse_template;
use lairsmith::monster::template_apply::{apply, derive_applied};
use lairsmith::monster::template_ops::add_template;
use lairsmith::rules::{Level, Role};
use lairsmith::vocab::Vocabulary;
use std::path::Path;

#[test]
fn every_shipped_template_reads_and_ids_are_unique() {
    let mut ids = Vec::new();
    for (path, text) in MONSTER_TEMPLATE_FILES {
        let t = parse_template(text, Path::new(path)).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            path.ends_with(&format!("/{}.yaml", t.id)),
            "{path}: the file is named for its id"
        );
        assert!(
            t.description.is_some(),
            "{path}: a GM decides from the description"
        );
        ids.push(t.id);
    }
    let n = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), n, "template ids are unique");
    assert!(n >= 12, "at least twelve shipped templates, found {n}");
}

fn codes(f: &[lairsmith::monster::lint::Finding]) -> Vec<String> {
    let mut v: Vec<String> = f
        .iter()
        .map(|f| format!("{}: {}", f.code, f.message))
        .collect();
    v.sort();
    v
}

#[test]
fn every_template_on_every_shipped_monster_at_every_tier_adds_no_lint_finding() {
    let b = Bestiary::shipped();
    let kits = Templates::embedded();
    let mut applied = 0;
    let mut refused = Vec::new();
    for t in &b.templates.entries {
        for e in &b.entries {
            let with = match add_template(&e.design, &t.template.id, &b.templates) {
                Ok(d) => d,
                Err(m) => {
                    refused.push(format!("{} on {}: {m}", t.template.id, e.design.id));
                    continue;
                }
            };
            for level in [e.design.level.get(), 1, 10, 20, 30] {
                let level = Level::new(i64::from(level)).unwrap();
                let mut plain = e.design.clone();
                plain.level = level;
                let mut templated = with.clone();
                templated.level = level;
                let before = {
                    let a = apply(&plain, &b.templates, kits);
                    codes(&findings_of(
                        &plain,
                        &a,
                        &derive_applied(&a),
                        None,
                        &b.templates,
                    ))
                };
                let a = apply(&templated, &b.templates, kits);
                let block = derive_applied(&a);
                let after = codes(&findings_of(&templated, &a, &block, None, &b.templates));
                let new: Vec<&String> = after.iter().filter(|f| !before.contains(f)).collect();
                assert!(
                    new.is_empty(),
                    "{} on {} at level {level}: {new:?}",
                    t.template.id,
                    e.design.id
                );
                applied += 1;
            }
        }
    }
    // Only the undead variants refuse a monster: a spirit undead template on a corporeal undead
    // monster and the other way round.
    assert!(refused.iter().all(|r| r.contains("undead")), "{refused:#?}");
    let undead = b
        .entries
        .iter()
        .filter(|e| {
            e.design.tags.iter().any(|t| {
                matches!(
                    t,
                    lairsmith::rules::Tag::Undead | lairsmith::rules::Tag::UndeadSpirit
                )
            })
        })
        .count();
    assert_eq!(refused.len(), undead, "{refused:#?}");
    assert!(applied >= 12 * 40 * 5);
}

#[test]
fn themes_give_every_role_a_power_of_its_own() {
    let b = Bestiary::shipped();
    let themes: Vec<_> = b
        .templates
        .entries
        .iter()
        .filter(|t| t.template.is_theme())
        .collect();
    assert!(themes.len() >= 2);
    for t in themes {
        for role in Role::ALL {
            assert!(
                t.template
                    .powers_by_role
                    .get(role)
                    .is_some_and(|p| !p.is_empty()),
                "{} has no power for a {}",
                t.template.id,
                role.key()
            );
        }
    }
}

#[test]
fn the_stat_block_marks_what_each_shipped_template_added() {
    let b = Bestiary::shipped();
    let e = b.get("hedgemaw").unwrap();
    for t in &b.templates.entries {
        let Ok(d) = add_template(&e.design, &t.template.id, &b.templates) else {
            continue;
        };
        let block = derive_applied(&apply(&d, &b.templates, Templates::embedded()));
        let note = block.templates.last().expect("a note for the template");
        assert_eq!(note.id, t.template.id);
        assert!(
            !note.changes.is_empty(),
            "{} changed nothing",
            t.template.id
        );
        let theirs: Vec<&str> = t
            .template
            .powers
            .iter()
            .chain(
                t.template
                    .powers_by_role
                    .get(&e.design.role)
                    .into_iter()
                    .flatten(),
            )
            .map(|p| p.name.as_str())
            .collect();
        for name in theirs {
            let p = block.powers.iter().find(|p| p.name == name).unwrap();
            assert_eq!(p.from_template.as_deref(), Some(t.template.name.as_str()));
        }
        for tr in &t.template.traits {
            let x = block.traits.iter().find(|x| x.name == tr.name).unwrap();
            assert_eq!(x.from_template.as_deref(), Some(t.template.name.as_str()));
        }
    }
}
