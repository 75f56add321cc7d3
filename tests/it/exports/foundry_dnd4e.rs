//! `--format foundry` read the way Foundry VTT's dnd4e system (EndlesNights/dnd4eBeta) reads it,
//! for every shipped monster and every shipped template applied to each. What dnd4e does is
//! pinned here as facts, each with the file and release it comes from: 0.6.21 (the last release
//! with `template.json` and `module/actor/actor.js`, Foundry v12) and 0.9.2 (data models, Foundry
//! v14). Where the two differ, the test says so.

use crate::common;
use common::{lairsmith, stderr, stdout};
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::export::foundry::actor_json;
use lairsmith_core::monster::StatBlock;
use lairsmith_core::rules::Skill;
use lairsmith_core::vocab::Vocabulary;
use serde_json::Value;

/// dnd4e's skills and the ability each uses: `template.json` (0.6.21), `Actor.templates.combatant
/// .skills.*.ability`; `module/config.mjs` (0.9.2), `DND4E.skills`. The same in both.
const DND4E_SKILLS: [(&str, &str); 17] = [
    ("acr", "dex"),
    ("arc", "int"),
    ("ath", "str"),
    ("blu", "cha"),
    ("dip", "cha"),
    ("dun", "wis"),
    ("end", "con"),
    ("hea", "wis"),
    ("his", "int"),
    ("ins", "wis"),
    ("itm", "cha"),
    ("nat", "wis"),
    ("prc", "wis"),
    ("rel", "int"),
    ("stl", "dex"),
    ("stw", "cha"),
    ("thi", "dex"),
];

/// The sheet's origin dropdown: `DND4E.creatureOrigin` in `module/config.js` (0.6.21) and
/// `module/config.mjs` (0.9.2), the same six keys.
const DND4E_ORIGINS: [&str; 6] = [
    "aberrant",
    "elemental",
    "fey",
    "immortal",
    "natural",
    "shadow",
];

/// The sheet's type dropdown: `DND4E.creatureType`, same files, the same four keys.
const DND4E_TYPES: [&str; 4] = ["animate", "beast", "humanoid", "magical"];

/// `DND4E.powerSource` (config.js 0.6.21, config.mjs 0.9.2) with the English labels of
/// `lang/en.json`. The key `Elemental` is capitalised in both.
const DND4E_POWER_SOURCES: [(&str, &str); 8] = [
    ("arcane", "Arcane"),
    ("divine", "Divine"),
    ("martial", "Martial"),
    ("Elemental", "Elemental"),
    ("ki", "Ki"),
    ("primal", "Primal"),
    ("psionic", "Psionic"),
    ("shadow", "Shadow"),
];

/// `DND4E.effectTypes` (config.js 0.6.21, config.mjs 0.9.2) with their `lang/en.json` labels.
const DND4E_EFFECT_TYPES: [(&str, &str); 34] = [
    ("augmentable", "Augmentable"),
    ("aura", "Aura"),
    ("beast", "Beast"),
    ("beastForm", "Beast Form"),
    ("channelDiv", "Channel Divinity"),
    ("charm", "Charm"),
    ("conjuration", "Conjuration"),
    ("disease", "Disease"),
    ("elemental", "Elemental"),
    ("enchantment", "Enchantment"),
    ("evocation", "Evocation"),
    ("fear", "Fear"),
    ("fullDis", "Full Discipline"),
    ("gaze", "Gaze"),
    ("healing", "Healing"),
    ("illusion", "Illusion"),
    ("invigorating", "Invigorating"),
    ("mount", "Mount"),
    ("necro", "Necromancy"),
    ("nether", "Nethermancy"),
    ("poison", "Poison"),
    ("polymorph", "Polymorph"),
    ("rage", "Rage"),
    ("rattling", "Rattling"),
    ("reliable", "Reliable"),
    ("runic", "Runic"),
    ("shadow", "Shadow"),
    ("sleep", "Sleep"),
    ("spirit", "Spirit"),
    ("stance", "Stance"),
    ("summoning", "Summoning"),
    ("teleportation", "Teleportation"),
    ("transmutation", "Transmutation"),
    ("zone", "Zone"),
];

/// `DND4E.damageTypes` (config.js 0.6.21, config.mjs 0.9.2), labels from `lang/en.json`. The
/// card leaves out `physical` only in the item labels, not in `_preparePowerCardData`.
const DND4E_DAMAGE_TYPES: [(&str, &str); 13] = [
    ("damage", "All"),
    ("ongoing", "Ongoing"),
    ("acid", "Acid"),
    ("cold", "Cold"),
    ("fire", "Fire"),
    ("force", "Force"),
    ("lightning", "Lightning"),
    ("necrotic", "Necrotic"),
    ("physical", "Physical"),
    ("poison", "Poison"),
    ("psychic", "Psychic"),
    ("radiant", "Radiant"),
    ("thunder", "Thunder"),
];

/// The fields 0.9.2's data models declare; anything else in an imported actor is dropped when
/// Foundry cleans it (`SchemaField`). From `module/data/actor/templates/combatant.mjs` (`skills`),
/// `creature.mjs` and `senses.mjs` (`senses`), `details.mjs` plus `npc.mjs` (`details`),
/// `module/data/item/power.mjs` with `templates/*.mjs` (the power item).
const SKILL_FIELDS_09: [&str; 12] = [
    "feat",
    "item",
    "power",
    "race",
    "untyped",
    "value",
    "base",
    "training",
    "bonus",
    "ability",
    "armourCheck",
    "chat",
];
const SENSES_FIELDS_09: [&str; 5] = ["special", "allAround", "blind", "custom", "notes"];
const DETAILS_FIELDS_09: [&str; 22] = [
    "level",
    "tier",
    "exp",
    "bloodied",
    "isBloodied",
    "surgeValue",
    "surgeBon",
    "surges",
    "surgeEnv",
    "saves",
    "size",
    "origin",
    "type",
    "other",
    "race",
    "age",
    "gender",
    "height",
    "weight",
    "alignment",
    "deity",
    "role",
];
const POWER_FIELDS_09: [&str; 56] = [
    "description",
    "descriptionGM",
    "identifier",
    "source",
    "activation",
    "duration",
    "target",
    "range",
    "uses",
    "consume",
    "macros",
    "attack",
    "hit",
    "miss",
    "effect",
    "damage",
    "damageCrit",
    "damageMiss",
    "damageCritImp",
    "damageType",
    "keyWords",
    "level",
    "powersource",
    "secondPowersource",
    "powersourceName",
    "subName",
    "prepared",
    "powerType",
    "powerSubtype",
    "useType",
    "actionType",
    "requirements",
    "weaponType",
    "weaponUse",
    "rangeType",
    "autoTarget",
    "rangeTextShort",
    "rangeText",
    "rangePower",
    "area",
    "auraSize",
    "rechargeRoll",
    "rechargeCondition",
    "damageShare",
    "effectHTML",
    "postEffect",
    "postSpecial",
    "autoGenChatPowerCard",
    "sustain",
    "trigger",
    "requirement",
    "special",
    "specialAdd",
    "effectType",
    "keywordsCustom",
    "chatFlavor",
];

/// Every shipped monster, and each with every shipped template that applies to it.
fn every_block() -> Vec<StatBlock> {
    let b = Bestiary::shipped();
    assert!(b.entries.len() >= 40);
    let templates = lairsmith_core::monster::template::MonsterTemplates::shipped();
    let mut out = Vec::new();
    for e in &b.entries {
        out.push(e.block().unwrap());
        let design = e.design().unwrap();
        for t in &templates.entries {
            let mut d = (*design).clone();
            d.templates = vec![t.template.id.clone()];
            let (block, _) = lairsmith_core::monster::block_and_findings(&d, &templates, None);
            out.push(block);
        }
    }
    out
}

fn actor(b: &StatBlock) -> Value {
    serde_json::from_str(&actor_json(b)).unwrap_or_else(|e| panic!("{}: {e}", b.id))
}

fn num(v: &Value) -> i64 {
    v.as_i64()
        .unwrap_or_else(|| panic!("expected a number, got {v}"))
}

/// R7, from the stat block's own numbers: a trained skill as listed, Perception as shown, any
/// other skill its ability's listed modifier.
fn r7(b: &StatBlock, s: Skill) -> (i64, bool) {
    let trained = b
        .skills
        .0
        .iter()
        .find(|(k, _)| Skill::parse(k).ok() == Some(s));
    let v = match (s, trained) {
        (Skill::Perception, _) => b.perception,
        (_, Some((_, v))) => i64::from(*v),
        (_, None) => i64::from(b.abilities.get(s.ability()).modifier),
    };
    (v, trained.is_some())
}

/// A skill's total as dnd4e computes it for an NPC (`calcSkillNPC` in `module/actor/actor.js`
/// 0.6.21 and `module/documents/actor.mjs` 0.9.2): without `advancedCals` the total is the
/// stored `base` (0 when the actor has none), plus typed bonuses the export leaves at 0.
fn dnd4e_skill_total(actor: &Value, key: &str) -> i64 {
    assert_eq!(actor["system"]["advancedCals"], Value::Bool(false));
    actor["system"]["skills"][key]["base"].as_i64().unwrap_or(0)
}

#[test]
fn untrained_skills_export_with_lairsmith_s_value_not_plus_0() {
    let hedgemaw = Bestiary::shipped()
        .get("hedgemaw")
        .unwrap()
        .block()
        .unwrap();
    let a = actor(&hedgemaw);
    // The case: Athletics 12 (Str 20 at level 14), passive Insight 19.
    assert_eq!(dnd4e_skill_total(&a, "ath"), 12);
    // `_prepareDerivedDataSkillsPassive`: passive = 10 + the skill's total (`passive.pasins`).
    assert_eq!(10 + dnd4e_skill_total(&a, "ins"), 19);
    for b in every_block() {
        let a = actor(&b);
        let skills = a["system"]["skills"].as_object().unwrap();
        assert_eq!(skills.len(), 17, "{}: every dnd4e skill", b.id);
        for (key, ability) in DND4E_SKILLS {
            let s = *Skill::ALL
                .iter()
                .find(|s| lairsmith_core::export::foundry::skill_key(**s) == key)
                .unwrap_or_else(|| panic!("no Orcus skill for dnd4e's {key}"));
            // dnd4e's skill uses the ability the Orcus skill uses.
            assert_eq!(s.ability().key(), ability, "{key}");
            let (want, trained) = r7(&b, s);
            assert_eq!(dnd4e_skill_total(&a, key), want, "{} {key}", b.id);
            let e = &skills[key];
            // `training`: 5 trained, 0 untrained (`skillTraining` in template.json 0.6.21,
            // combatant.mjs 0.9.2); the sheet's training icon reads it.
            assert_eq!(num(&e["training"]), if trained { 5 } else { 0 }, "{}", b.id);
            // 0.9.2 fills a written skill's missing `ability` with "" (the field's initial),
            // not with the skill's: the export writes it.
            assert_eq!(e["ability"], ability, "{} {key}", b.id);
        }
        assert_eq!(
            10 + dnd4e_skill_total(&a, "prc"),
            b.passive_perception,
            "{}",
            b.id
        );
    }
}

#[test]
fn origin_and_type_are_choices_of_dnd4e_s_dropdowns_and_the_orcus_words_stay_in_other() {
    let mut seen = (Vec::new(), Vec::new());
    for b in every_block() {
        let d = &actor(&b)["system"]["details"];
        let (origin, kind) = (d["origin"].as_str().unwrap(), d["type"].as_str().unwrap());
        assert!(DND4E_ORIGINS.contains(&origin), "{}: {origin}", b.id);
        assert!(DND4E_TYPES.contains(&kind), "{}: {kind}", b.id);
        // `details.other` is a free-text input beside the dropdowns (npc-sheet.html 0.6.21,
        // npc-sheet.hbs 0.9.2): the Orcus words are kept there.
        let other = d["other"].as_str().unwrap().to_lowercase();
        assert!(
            other.contains(b.source.key()) && other.contains(b.creature_type.key()),
            "{}: {other}",
            b.id
        );
        seen.0.push((b.source.key().to_owned(), origin.to_owned()));
        seen.1
            .push((b.creature_type.key().to_owned(), kind.to_owned()));
    }
    // One dnd4e word per Orcus word: R14 reads "Immortal" as Outsider and "aberration" as
    // Cosmic, dnd4e's Immortal and Aberrant.
    for (orcus, dnd4e) in [("outsider", "immortal"), ("cosmic", "aberrant")] {
        assert!(
            seen.0.contains(&(orcus.to_owned(), dnd4e.to_owned())),
            "{orcus}"
        );
        assert!(
            seen.0.iter().all(|(o, d)| o != orcus || d == dnd4e),
            "{orcus}"
        );
    }
    for (orcus, dnd4e) in [("automaton", "animate"), ("monstrosity", "magical")] {
        assert!(
            seen.1.contains(&(orcus.to_owned(), dnd4e.to_owned())),
            "{orcus}"
        );
        assert!(
            seen.1.iter().all(|(o, d)| o != orcus || d == dnd4e),
            "{orcus}"
        );
    }
}

#[test]
fn the_readme_mapping_section_is_the_code_s_table() {
    let readme = crate::docs::page("guide/foundry.md");
    let (start, end) = (
        "<!-- foundry-mapping:start -->\n",
        "<!-- foundry-mapping:end -->",
    );
    let from = readme
        .find(start)
        .expect("the README has the mapping section")
        + start.len();
    let to = readme[from..].find(end).unwrap() + from;
    assert_eq!(
        &readme[from..to],
        lairsmith_core::export::foundry::mapping_markdown(),
        "the README's Foundry mapping differs from lairsmith-core/src/export/foundry.rs"
    );
}

/// The keywords a power card shows, in dnd4e's own order of reading (`_preparePowerCardData` in
/// `module/helper.js` 0.6.21, `preparePowerCardData` in `module/utils/utils.mjs` 0.9.2), as
/// English labels: the power source, "Weapon" for a melee, ranged or melee-or-ranged
/// `weaponType` ("Implement" for `implement`), a second power source other than the first, each
/// `damageType` and `effectType` set to true that dnd4e knows, and `keywordsCustom` cut at each
/// `;`. Nothing reads `keyWords`.
fn card_keywords(system: &Value) -> Vec<String> {
    let label = |list: &[(&str, &str)], key: &str| {
        list.iter()
            .find(|(k, _)| *k == key)
            .map(|(_, l)| (*l).to_owned())
    };
    let mut tags = Vec::new();
    let source = system["powersource"].as_str().unwrap_or("");
    if !source.is_empty() {
        tags.push(label(&DND4E_POWER_SOURCES, source).unwrap_or_else(|| "undefined".into()));
    }
    match system["weaponType"].as_str().unwrap_or("") {
        "melee" | "meleeRanged" | "ranged" => tags.push("Weapon".into()),
        "implement" => tags.push("Implement".into()),
        _ => {}
    }
    let second = system["secondPowersource"].as_str().unwrap_or("");
    if !source.is_empty() && !second.is_empty() && second != source {
        tags.push(label(&DND4E_POWER_SOURCES, second).unwrap_or_else(|| "undefined".into()));
    }
    for (field, list) in [
        ("damageType", &DND4E_DAMAGE_TYPES[..]),
        ("effectType", &DND4E_EFFECT_TYPES[..]),
    ] {
        if let Some(m) = system[field].as_object() {
            for (k, v) in m {
                if v == &Value::Bool(true)
                    && let Some(l) = label(list, k)
                {
                    tags.push(l);
                }
            }
        }
    }
    if let Some(c) = system["keywordsCustom"].as_str().filter(|c| !c.is_empty()) {
        tags.extend(c.split(';').map(str::to_owned));
    }
    tags.sort();
    tags
}

/// The stat block's keywords as dnd4e names them: its Summons is dnd4e's Summoning.
fn stat_block_keywords(tags: &[String]) -> Vec<String> {
    let mut want: Vec<String> = tags
        .iter()
        .map(|t| {
            if t.eq_ignore_ascii_case("summons") {
                "Summoning".to_owned()
            } else {
                let mut c = t.chars();
                c.next()
                    .map(|f| f.to_uppercase().chain(c).collect())
                    .unwrap_or_default()
            }
        })
        .collect();
    want.sort();
    want.dedup();
    want
}

#[test]
fn power_cards_show_the_stat_block_s_keywords_and_no_martial_it_lacks() {
    let (mut weapon, mut teleport, mut damage) = (0, 0, 0);
    for b in every_block() {
        let a = actor(&b);
        for (p, item) in b.powers.iter().zip(a["items"].as_array().unwrap()) {
            let s = &item["system"];
            // An absent `powersource` is "martial": template.json 0.6.21 (`Item.power`) and
            // power.mjs 0.9.2 (`initial: "martial"`); the card then says Martial.
            assert!(s["powersource"].is_string(), "{} {}", b.id, p.name);
            assert_eq!(
                card_keywords(s),
                stat_block_keywords(&p.tags),
                "{} {}",
                b.id,
                p.name
            );
            weapon += usize::from(p.tags.iter().any(|t| t == "Weapon"));
            teleport += usize::from(p.tags.iter().any(|t| t == "Teleportation"));
            damage += usize::from(p.damage_type.is_some());
        }
    }
    assert!(weapon > 0 && teleport > 0 && damage > 0);
}

#[test]
fn a_weapon_power_needs_no_weapon_equipped_to_roll() {
    for b in every_block() {
        for item in actor(&b)["items"].as_array().unwrap() {
            let s = &item["system"];
            // `lacksRequiredWeaponEquipped` (helper.js 0.6.21, utils.mjs 0.9.2): a power whose
            // `weaponType` is not none, implement or any needs a weapon unless `weaponUse` is
            // "none"; `getWeaponUse` then adds none.
            assert_eq!(s["weaponUse"], "none", "{}", b.id);
            assert!(
                ["none", "melee", "ranged", "meleeRanged"]
                    .contains(&s["weaponType"].as_str().unwrap()),
                "{}",
                b.id
            );
        }
    }
}

/// What the card's attack line shows with the attack total dnd4e computes from
/// `attack.formula` (`getAttackBonus`), per `_preparePowerCardData` (helper.js 0.6.21) and
/// `preparePowerCardData` (utils.mjs 0.9.2): with `attack.detail` empty, ability `form` prints
/// the total, an ability key prints its name (or the total, as the world's `cardAtkDisplay`
/// says), and an empty ability prints the word "Attack".
fn card_attack_line(attack: &Value) -> String {
    let total = attack["formula"].as_str().unwrap().parse::<i64>().unwrap();
    let def = attack["def"].as_str().unwrap();
    match attack["ability"].as_str().unwrap() {
        "form" => format!("Attack: {total:+} vs {def}"),
        "" => format!("Attack: Attack vs {def}"),
        ability => format!("Attack: {ability} vs {def}"),
    }
}

#[test]
fn the_power_card_prints_the_attack_bonus() {
    for b in every_block() {
        let a = actor(&b);
        for (p, item) in b.powers.iter().zip(a["items"].as_array().unwrap()) {
            let attack = &item["system"]["attack"];
            match &p.attack {
                Some(x) => assert_eq!(
                    card_attack_line(attack),
                    format!(
                        "Attack: {:+} vs {}",
                        x.bonus,
                        lairsmith_core::export::foundry::defence_key(x.defense)
                    ),
                    "{} {}",
                    b.id,
                    p.name
                ),
                None => assert_eq!(attack["isAttack"], Value::Bool(false)),
            }
        }
    }
}

/// A free-text list as dnd4e's sheet shows it: `custom.split(";")`, each trimmed
/// (`_prepareDataTraits` and `_prepareDataSense` in `module/actor/actor-sheet.js` 0.6.21,
/// `_prepareDataLanguages` and `_prepareDataSenses` in `applications/sheets/actor-sheet.mjs`
/// 0.9.2).
fn entries(custom: &Value) -> Vec<String> {
    let c = custom.as_str().unwrap();
    if c.is_empty() {
        return Vec::new();
    }
    c.split(';').map(|s| s.trim().to_owned()).collect()
}

#[test]
fn languages_and_senses_are_split_on_semicolons_one_entry_each() {
    let mut several = 0;
    for b in every_block() {
        let s = &actor(&b)["system"];
        let mut langs = b.languages.clone();
        langs.extend(b.telepathy.map(|t| format!("telepathy {t}")));
        assert_eq!(
            entries(&s["languages"]["spoken"]["custom"]),
            langs,
            "{}",
            b.id
        );
        // 0.6.21 reads `senses.special.custom`; 0.9.2 reads `senses.custom`, and its
        // `SensesTemplate.migrateSenses` moves `special.custom` there on import: both the same.
        assert_eq!(s["senses"]["custom"], s["senses"]["special"]["custom"]);
        let shown = entries(&s["senses"]["custom"]);
        let mut listed: Vec<String> = shown
            .iter()
            .filter(|e| *e != "blind")
            .map(|e| e.trim_end_matches(" (blind)").to_owned())
            .collect();
        listed.sort();
        let mut want = b.senses.clone();
        want.sort();
        assert_eq!(listed, want, "{}", b.id);
        assert_eq!(
            b.blind,
            shown.iter().any(|e| e == "blind" || e.ends_with("(blind)")),
            "{}",
            b.id
        );
        several += usize::from(langs.len() > 1 || b.senses.len() > 1);
    }
    assert!(several > 0);
}

#[test]
fn a_semicolon_in_a_language_or_sense_does_not_make_two_entries() {
    let mut b = Bestiary::shipped()
        .get("hedgemaw")
        .unwrap()
        .block()
        .unwrap();
    b.languages = vec!["Elvish; Sylvan".to_owned(), "Common".to_owned()];
    b.senses = vec!["Tremorsense 10; deep".to_owned()];
    let s = &actor(&b)["system"];
    assert_eq!(entries(&s["languages"]["spoken"]["custom"]).len(), 2);
    assert_eq!(entries(&s["senses"]["custom"]).len(), 1);
}

#[test]
fn every_field_written_is_one_dnd4e_0_9_declares() {
    for b in every_block() {
        let a = actor(&b);
        let s = &a["system"];
        for (key, skill) in s["skills"].as_object().unwrap() {
            for field in skill.as_object().unwrap().keys() {
                assert!(
                    SKILL_FIELDS_09.contains(&field.as_str()),
                    "skill {key}.{field}"
                );
            }
        }
        for field in s["senses"].as_object().unwrap().keys() {
            assert!(SENSES_FIELDS_09.contains(&field.as_str()), "senses.{field}");
        }
        for field in s["details"].as_object().unwrap().keys() {
            assert!(
                DETAILS_FIELDS_09.contains(&field.as_str()),
                "details.{field}"
            );
        }
        for item in a["items"].as_array().unwrap() {
            for field in item["system"].as_object().unwrap().keys() {
                assert!(POWER_FIELDS_09.contains(&field.as_str()), "power {field}");
            }
            // `keyWords` is declared (a SetField) but read by no code of either release.
            assert!(item["system"].get("keyWords").is_none());
        }
    }
}

#[test]
fn the_cli_export_carries_the_fixes() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(dir.path(), &["show", "hedgemaw", "--format", "foundry"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(num(&v["system"]["skills"]["ath"]["base"]), 12);
    assert_eq!(v["system"]["details"]["type"], "magical");
    let root_walk = &v["items"][3]["system"];
    assert_eq!(card_keywords(root_walk), ["Teleportation"]);
}
