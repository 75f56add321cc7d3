//! The shipped monster templates: each file reads, and each one applied to every shipped monster
//! it fits, at the monster's level and re-levelled across the tiers, leaves a monster the lint
//! finds nothing new in.

use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::embedded::MONSTER_TEMPLATE_FILES;
use lairsmith_core::monster::findings_of;
use lairsmith_core::monster::kit::Templates;
use lairsmith_core::monster::power::DamageSpec;
use lairsmith_core::monster::template::parse_template;
use lairsmith_core::monster::template_apply::{apply, derive_applied};
use lairsmith_core::monster::template_ops::add_template;
use lairsmith_core::rules::power_vocab::{Action, Usage};
use lairsmith_core::rules::rank::Rank;
use lairsmith_core::rules::{Level, Role};
use lairsmith_core::vocab::Vocabulary;
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
    assert!(n >= 14, "at least fourteen shipped templates, found {n}");
    // The kinds of template a GM reaches for first (issue 11).
    for id in [
        "corporeal-undead",
        "spirit-undead",
        "fire-touched",
        "frost-touched",
        "storm-touched",
        "veteran",
        "solo",
        "swarm",
        "mount",
        "shapechanger",
        "hexer",
        "dragon-blooded",
        "plant-bound",
    ] {
        assert!(ids.iter().any(|i| i == id), "no shipped `{id}` template");
    }
}

fn codes(f: &[lairsmith_core::monster::lint::Finding]) -> Vec<String> {
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
            let with = match add_template(&e.design().unwrap(), &t.template.id, &b.templates) {
                Ok(d) => d,
                Err(m) => {
                    refused.push(format!("{} on {}: {m}", t.template.id, e.card.id));
                    continue;
                }
            };
            for level in [e.card.level.get(), 1, 10, 20, 30] {
                let level = Level::new(i64::from(level)).unwrap();
                let mut plain = e.design().unwrap().as_ref().clone();
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
                    e.card.id
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
            e.card.tags.iter().any(|t| {
                matches!(
                    t,
                    lairsmith_core::rules::Tag::Undead | lairsmith_core::rules::Tag::UndeadSpirit
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

/// A template's own powers and the powers of `role` in a theme.
fn powers_for<'a>(
    t: &'a lairsmith_core::monster::template::MonsterTemplate,
    role: &Role,
) -> impl Iterator<Item = &'a lairsmith_core::monster::power::Power> {
    t.powers
        .iter()
        .chain(t.powers_by_role.get(role).into_iter().flatten())
}

#[test]
fn the_stat_block_marks_everything_a_shipped_template_added_and_its_note_lists_it() {
    let b = Bestiary::shipped();
    let kits = Templates::embedded();
    let mut checked = 0;
    let mut left_out_on_mooks = 0;
    for e in &b.entries {
        let plain = derive_applied(&apply(&e.design().unwrap(), &b.templates, kits));
        for entry in &b.templates.entries {
            let t = &entry.template;
            let Ok(d) = add_template(&e.design().unwrap(), &t.id, &b.templates) else {
                continue;
            };
            let at = format!("{} on {}", t.id, e.card.id);
            let a = apply(&d, &b.templates, kits);
            let block = derive_applied(&a);
            let note = block
                .templates
                .iter()
                .find(|n| n.id == t.id)
                .unwrap_or_else(|| panic!("{at}: no Templates note"));
            assert!(!note.changes.is_empty(), "{at}: the note lists no change");

            // Whatever the block gained, from the template's lists or from its rank's kit, says
            // which template it came from.
            for p in block
                .powers
                .iter()
                .filter(|p| !plain.powers.iter().any(|x| x.name == p.name))
            {
                assert_eq!(
                    p.from_template.as_deref(),
                    Some(t.name.as_str()),
                    "{at}: power {}",
                    p.name
                );
            }
            // Traits a tag grants (Incorporeal) come before the design's own; the tag is the
            // template's note, not a mark.
            let derived = block.traits.len() - a.design.traits.len();
            for (i, tr) in block.traits.iter().enumerate() {
                if plain.traits.iter().any(|x| x.name == tr.name) {
                    continue;
                }
                if i < derived {
                    let word = tr.name.to_lowercase();
                    assert!(
                        note.changes
                            .iter()
                            .any(|c| c.starts_with("tag ") && c.contains(&word)),
                        "{at}: {} is in no tag of {:?}",
                        tr.name,
                        note.changes
                    );
                } else {
                    assert_eq!(
                        tr.from_template.as_deref(),
                        Some(t.name.as_str()),
                        "{at}: trait {}",
                        tr.name
                    );
                }
            }

            // Each power and trait of the template is in the note: added, or left out on a mook.
            for p in powers_for(t, &e.card.role) {
                if plain.powers.iter().any(|x| x.name == p.name) {
                    continue;
                }
                if block.powers.iter().any(|x| x.name == p.name) {
                    assert!(
                        note.changes.contains(&format!("power {}", p.name)),
                        "{at}: {:?}",
                        note.changes
                    );
                } else {
                    assert_eq!(a.design.rank, Rank::Mook, "{at}: {} is missing", p.name);
                    assert!(
                        note.changes
                            .iter()
                            .any(|c| c.starts_with(&format!("not {} (", p.name))),
                        "{at}: {:?}",
                        note.changes
                    );
                    left_out_on_mooks += 1;
                }
            }
            for tr in &t.traits {
                if !plain.traits.iter().any(|x| x.name == tr.name) {
                    assert!(
                        note.changes.contains(&format!("trait {}", tr.name)),
                        "{at}: {:?}",
                        note.changes
                    );
                }
            }
            if let Some(rank) = t.rank
                && rank != e.card.rank
            {
                assert!(
                    note.changes.contains(&format!("rank {}", rank.label())),
                    "{at}: {:?}",
                    note.changes
                );
            }

            // The printed block shows the same marks and the note.
            let text = lairsmith_core::export::text(&block);
            let mark = format!("[{}]", t.name);
            for p in block.powers.iter().filter(|p| p.from_template.is_some()) {
                assert!(
                    text.lines()
                        .any(|l| l.contains(&p.name) && l.contains(&mark)),
                    "{at}: {} is not marked {mark}:\n{text}",
                    p.name
                );
            }
            assert!(
                text.contains(&format!("{} ({}): ", t.name, t.id)),
                "{at}: no Templates note:\n{text}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 14 * 40, "only {checked} template applications");
    assert!(
        left_out_on_mooks > 0,
        "the shipped mooks should show a multi-target template power left out"
    );
}

#[test]
fn template_powers_deal_damage_by_tier_and_a_typed_power_carries_its_damage_tag() {
    for entry in &Bestiary::shipped().templates.entries {
        let t = &entry.template;
        for p in Role::ALL.iter().flat_map(|r| powers_for(t, r)) {
            let at = format!("{}: {}", t.id, p.name);
            match &p.damage {
                Some(DamageSpec::Tier(tier)) => assert_eq!(
                    *tier,
                    p.natural_tier(),
                    "{at}: encounter and refresh powers are surge, areas multi-target"
                ),
                Some(DamageSpec::Dice(_)) => panic!("{at}: dice do not scale with the level"),
                None => {}
            }
            if let Some(ty) = p.damage_type {
                assert!(
                    p.tags.iter().any(|g| g.key() == ty.key()),
                    "{at}: {} damage without the {} tag",
                    ty.key(),
                    ty.key()
                );
            }
        }
    }
}

#[test]
fn no_template_adds_an_at_will_attack_outside_the_standard_action() {
    // A standard monster attacks about once a round (Creating New Monsters: Powers): a template's
    // at-will attack replaces the basic attack on a standard action; only a rank adds more.
    for entry in &Bestiary::shipped().templates.entries {
        let t = &entry.template;
        for p in Role::ALL.iter().flat_map(|r| powers_for(t, r)) {
            if p.attack.is_some() && p.usage == Usage::AtWill {
                assert_eq!(
                    p.action,
                    Action::Standard,
                    "{}: {} is a second at-will attack a round",
                    t.id,
                    p.name
                );
            }
        }
    }
}

#[test]
fn a_template_file_cannot_set_the_role_or_the_level() {
    let (path, text) = MONSTER_TEMPLATE_FILES[0];
    for (key, line) in [("role", "role: wrecker"), ("level", "level: 12")] {
        let text = format!("{}\n{line}\n", text.trim_end());
        let err = parse_template(&text, Path::new(path))
            .expect_err(line)
            .to_string();
        assert!(err.contains(path), "{err}");
        assert!(err.contains(&format!("`{key}`")), "{err}");
    }
}

#[test]
fn shipped_templates_name_conditions_in_the_books_words() {
    // Conditions: "immobile", not "immobilized"; a grapple lasts until the target escapes, or
    // "grappled (save ends)" (Conditions: Grappled).
    for (path, text) in MONSTER_TEMPLATE_FILES {
        let text = text.to_lowercase();
        for word in ["immobilized", "immobilised", "escape ends"] {
            assert!(!text.contains(word), "{path}: `{word}` is not the book's");
        }
    }
}
