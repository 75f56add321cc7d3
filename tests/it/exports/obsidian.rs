//! Obsidian exports: the Fantasy Statblocks block (`show --format statblock`), the Orcus layout
//! (`export-layout fantasy-statblocks`) and the Initiative Tracker note (`encounter export
//! --format obsidian`), checked against what the plugins read.
//!
//! The key and block lists below are the plugins' own, from their source:
//! javalent/fantasy-statblocks `@types/index.d.ts` and `README.md` (block keys),
//! `src/layouts/layout.types.ts` (layout block types and props), and
//! javalent/initiative-tracker `src/encounter/index.ts` (the encounter block).

use crate::common;
use common::{golden, lairsmith, stderr, stdout};
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::export::statblock_md::{LAYOUT_JSON, LAYOUT_NAME, statblock};
use serde_json::Value as Json;
use std::collections::{BTreeSet, HashSet};
use yaml_serde::Value as Yaml;

/// The keys of Fantasy Statblocks' `Monster` (`@types/index.d.ts`) and `layout`
/// (`README.md`, "Using a Layout") that the export writes.
const PLUGIN_KEYS: &[&str] = &[
    "layout",
    "name",
    "size",
    "type",
    "subtype",
    "alignment",
    "ac",
    "hp",
    "speed",
    "stats",
    "skillsaves",
    "damage_vulnerabilities",
    "damage_resistances",
    "damage_immunities",
    "senses",
    "languages",
    "traits",
    "actions",
    "reactions",
];

/// Initiative Tracker's own keys of a bestiary creature (`src/utils/creature.ts`).
const TRACKER_KEYS: &[&str] = &["modifier", "xp", "level"];

/// `StatblockItemTypes` (`src/layouts/layout.types.ts`).
const BLOCK_TYPES: &[&str] = &[
    "traits",
    "heading",
    "subheading",
    "property",
    "table",
    "saves",
    "spells",
    "inline",
    "group",
    "image",
    "text",
    "ifelse",
    "collapse",
    "javascript",
    "layout",
    "action",
];

/// `RequiredProps` and `CommonProps`, which every block with properties has.
const COMMON_PROPS: &[&str] = &[
    "type",
    "conditioned",
    "id",
    "properties",
    "fallback",
    "hasRule",
    "dice",
    "diceProperty",
    "diceText",
    "diceCallback",
    "doNotAddClass",
];

/// The props of each block type the layout uses (`GroupProps`, `HeadingProps`, ...), with
/// `markdown` (`GenericTextProp`) where the type takes it.
fn type_props(t: &str) -> &'static [&'static str] {
    match t {
        "group" | "inline" => &["heading", "headingProp", "nested", "cls"],
        "heading" => &["size"],
        "subheading" => &["separator"],
        "property" => &["callback", "display", "markdown"],
        "traits" => &[
            "callback",
            "heading",
            "headingProp",
            "subheadingText",
            "markdown",
        ],
        "table" => &["headers", "calculate", "modifier"],
        "text" => &["heading", "headingProp", "text", "markdown"],
        _ => &[],
    }
}

fn parse_block(text: &str, info: &str) -> Yaml {
    let open = format!("```{info}\n");
    assert!(text.starts_with(&open), "{text}");
    let body = text[open.len()..]
        .strip_suffix("```\n")
        .unwrap_or_else(|| panic!("the block ends with its fence: {text}"));
    yaml_serde::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

fn keys(v: &Yaml) -> Vec<String> {
    v.as_mapping()
        .expect("a map")
        .keys()
        .map(|k| k.as_str().expect("string keys").to_owned())
        .collect()
}

fn layout() -> Json {
    serde_json::from_str(LAYOUT_JSON).expect("the layout is JSON")
}

/// Every block of the layout, nested ones too.
fn all_blocks(blocks: &Json, out: &mut Vec<Json>) {
    for b in blocks.as_array().expect("blocks are a list") {
        out.push(b.clone());
        if let Some(n) = b.get("nested") {
            all_blocks(n, out);
        }
    }
}

fn layout_properties() -> BTreeSet<String> {
    let mut blocks = Vec::new();
    all_blocks(&layout()["blocks"], &mut blocks);
    blocks
        .iter()
        .flat_map(|b| b["properties"].as_array().cloned().unwrap_or_default())
        .map(|p| p.as_str().expect("a property is a name").to_owned())
        .collect()
}

fn is_trait_list(v: &Yaml) -> bool {
    v.as_sequence().is_some_and(|s| {
        s.iter().all(|t| {
            let k = keys(t);
            k == ["name", "desc"] && t["name"].is_string() && t["desc"].is_string()
        })
    })
}

#[test]
fn statblock_yaml_parses_with_keys_the_plugins_read_for_every_shipped_monster() {
    let b = Bestiary::shipped();
    let read_by_layout = layout_properties();
    for e in &b.entries {
        let block = e.block().unwrap();
        let y = parse_block(&statblock(&block), "statblock");
        assert_eq!(y["layout"].as_str(), Some(LAYOUT_NAME));
        for k in keys(&y) {
            assert!(
                PLUGIN_KEYS.contains(&k.as_str())
                    || TRACKER_KEYS.contains(&k.as_str())
                    || read_by_layout.contains(&k),
                "{}: `{k}` is read by neither plugin nor the Orcus layout",
                e.card.id
            );
        }
        // The types the plugins expect of their keys.
        assert_eq!(y["ac"].as_i64(), Some(block.defenses.ac));
        assert_eq!(y["hp"].as_i64(), Some(block.hp));
        assert_eq!(y["modifier"].as_i64(), Some(block.initiative));
        assert_eq!(y["xp"].as_i64(), Some(block.xp));
        let stats = y["stats"].as_sequence().expect("stats is a list");
        assert_eq!(stats.len(), 6);
        assert!(stats.iter().all(Yaml::is_i64));
        if let Some(s) = y.get("skillsaves") {
            for one in s.as_sequence().expect("skillsaves is a list") {
                assert_eq!(keys(one).len(), 1, "one skill per entry");
                assert!(one.as_mapping().unwrap().values().all(Yaml::is_i64));
            }
        }
        for list in ["traits", "actions", "reactions"] {
            if let Some(v) = y.get(list) {
                assert!(is_trait_list(v), "{}: {list}: {v:?}", e.card.id);
            }
        }
        assert_eq!(
            y.get("actions")
                .and_then(Yaml::as_sequence)
                .map_or(0, Vec::len)
                + y.get("reactions")
                    .and_then(Yaml::as_sequence)
                    .map_or(0, Vec::len),
            block.powers.len(),
            "{}: every power is a trait",
            e.card.id
        );
    }
}

#[test]
fn statblock_carries_every_number_of_the_stat_block() {
    let b = Bestiary::shipped();
    let block = b.get("hedgemaw").unwrap().block().unwrap();
    let y = parse_block(&statblock(&block), "statblock");
    let d = block.defenses;
    assert_eq!(y["fortitude"].as_i64(), Some(d.fortitude));
    assert_eq!(y["reflex"].as_i64(), Some(d.reflex));
    assert_eq!(y["will"].as_i64(), Some(d.will));
    assert_eq!(y["staggered"].as_i64(), Some(block.staggered));
    assert_eq!(y["action_points"].as_i64(), Some(block.action_points));
    assert_eq!(y["level"].as_i64(), Some(i64::from(block.level)));
    assert_eq!(y["initiative"].as_str(), Some("+11"));
    assert_eq!(y["saving_throws"].as_str(), Some("+2"));
    assert_eq!(y["recoveries"].as_str(), Some("2 (recovery value 38)"));
    assert_eq!(y["role_line"].as_str(), Some("Level 14 Elite Skulker"));
    assert_eq!(y["abilities"][0].as_str(), Some("20 (+12)"));
    assert!(
        y["knowledge"]
            .as_str()
            .unwrap()
            .starts_with("Arcana DC 21:")
    );
    let lash = &y["actions"][0];
    assert_eq!(
        lash["name"].as_str(),
        Some("‡ Thorn Lash · At-Will Attack (Standard Action)")
    );
    let desc = lash["desc"].as_str().unwrap();
    assert!(desc.contains("**Attack** +19 vs AC"), "{desc}");
    assert!(desc.contains("**Hit** 3d10+5 damage"), "{desc}");
}

#[test]
fn statblock_of_a_shipped_monster_matches_golden() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(dir.path(), &["show", "hedgemaw", "--format", "statblock"]);
    assert!(o.status.success(), "{}", stderr(&o));
    golden("hedgemaw.statblock.md", &stdout(&o));
}

#[test]
fn statblock_fence_outgrows_backticks_in_the_monster_text() {
    let b = Bestiary::shipped();
    let mut block = b.get("hedgemaw").unwrap().block().unwrap();
    block.description = Some("It hums:\n```\nnot a fence\n```\n".into());
    let text = statblock(&block);
    assert!(text.starts_with("````statblock\n"), "{text}");
    let body = text
        .strip_prefix("````statblock\n")
        .and_then(|t| t.strip_suffix("````\n"))
        .expect("a four-backtick fence closes it");
    let y: Yaml = yaml_serde::from_str(body).unwrap();
    assert_eq!(
        y["description"].as_str(),
        Some("It hums:\n```\nnot a fence\n```\n")
    );
}

#[test]
fn layout_json_uses_only_block_types_and_props_the_plugin_defines() {
    let l = layout();
    assert_eq!(l["name"].as_str(), Some(LAYOUT_NAME));
    assert!(l["id"].is_string());
    let mut blocks = Vec::new();
    all_blocks(&l["blocks"], &mut blocks);
    let mut ids = HashSet::new();
    for b in &blocks {
        let t = b["type"].as_str().expect("a block has a type");
        assert!(BLOCK_TYPES.contains(&t), "unknown block type {t}");
        assert!(
            ids.insert(b["id"].as_str().expect("a block has an id").to_owned()),
            "ids are unique"
        );
        for k in b.as_object().unwrap().keys() {
            assert!(
                COMMON_PROPS.contains(&k.as_str()) || type_props(t).contains(&k.as_str()),
                "a {t} block has no `{k}`"
            );
        }
        assert!(b["properties"].is_array(), "{b}");
    }
    // Every property the layout shows is one an exported block can carry.
    let shipped = Bestiary::shipped();
    let mut written = BTreeSet::new();
    for e in &shipped.entries {
        let y = parse_block(&statblock(&e.block().unwrap()), "statblock");
        written.extend(keys(&y));
    }
    for p in layout_properties() {
        // Mooks, variants, templates, equipment and overrides are on no shipped monster.
        let rare = [
            "mook",
            "regeneration",
            "variants",
            "templates",
            "overrides",
            "equipment",
        ];
        assert!(
            written.contains(&p) || rare.contains(&p.as_str()),
            "the layout shows `{p}`, which no block writes"
        );
    }
}

#[test]
fn export_layout_matches_golden_and_refuses_an_existing_file_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(dir.path(), &["export-layout", "fantasy-statblocks"]);
    assert!(o.status.success(), "{}", stderr(&o));
    golden("orcus-layout.json", &stdout(&o));
    let file = dir.path().join("orcus.json");
    let f = file.to_str().unwrap();
    let o = lairsmith(
        dir.path(),
        &["export-layout", "fantasy-statblocks", "--out", f],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), LAYOUT_JSON);
    std::fs::write(&file, "mine").unwrap();
    let o = lairsmith(
        dir.path(),
        &["export-layout", "fantasy-statblocks", "--out", f],
    );
    assert!(!o.status.success());
    assert!(stderr(&o).contains("pass --force"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
    let o = lairsmith(
        dir.path(),
        &["export-layout", "fantasy-statblocks", "--out", f, "--force"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), LAYOUT_JSON);
}

use crate::common::lairsmith_ok as ok;

/// The ```` ```encounter ```` block of a note and the rest.
fn encounter_block(note: &str) -> Yaml {
    let start = note.find("```encounter\n").expect("an encounter block");
    let rest = &note[start..];
    let end = rest.find("\n```\n").expect("the block ends") + 5;
    parse_block(&rest[..end], "encounter")
}

/// `COUNT: {creature: NAME, hp: HP, ac: AC, mod: MODIFIER, xp: XP, ...}` as the count and the
/// creature's `[creature, hp, ac, mod, xp]`, `-` for a key left out (Initiative Tracker's keyed
/// form; `tests/obsidian_plugins.rs` reads it as the tracker does).
fn creature(v: &Yaml) -> (u64, Vec<String>) {
    let m = v.as_mapping().expect("a creature is a one-entry map");
    assert_eq!(m.len(), 1);
    let (k, v) = m.iter().next().unwrap();
    let fields = ["creature", "hp", "ac", "mod", "xp"]
        .iter()
        .map(|key| match v.get(*key) {
            Some(Yaml::String(s)) => s.clone(),
            Some(n) => n.as_i64().expect("a number").to_string(),
            None => "-".to_owned(),
        })
        .collect();
    (k.as_u64().expect("the count is a number"), fields)
}

#[test]
fn obsidian_encounter_note_holds_creatures_and_stat_blocks_and_matches_golden() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["encounter", "new", "Garden Ambush", "--party", "5x12"]);
    ok(
        d,
        &[
            "encounter",
            "add",
            "garden-ambush",
            "hedgemaw",
            "--count",
            "2",
        ],
    );
    ok(
        d,
        &[
            "encounter",
            "add",
            "garden-ambush",
            "placeholder:12:standard:wrecker",
            "--count",
            "3",
        ],
    );
    ok(
        d,
        &[
            "encounter",
            "add",
            "garden-ambush",
            "challenge:12:4",
            "--label",
            "Escape the maze",
        ],
    );
    ok(
        d,
        &[
            "encounter",
            "add",
            "garden-ambush",
            "ashen-keener",
            "--ally",
        ],
    );
    let note = ok(
        d,
        &[
            "encounter",
            "export",
            "garden-ambush",
            "--format",
            "obsidian",
        ],
    );
    let it = encounter_block(&note);
    assert_eq!(it["name"].as_str(), Some("Garden Ambush"));
    let c = it["creatures"].as_sequence().unwrap();
    assert_eq!(c.len(), 3, "the challenge is left out: {note}");
    assert_eq!(
        creature(&c[0]),
        (
            2,
            ["Hedgemaw", "154", "28", "11", "2000"]
                .map(String::from)
                .to_vec()
        )
    );
    let (n, placeholder) = creature(&c[1]);
    assert_eq!(n, 3);
    assert_eq!(placeholder[0], "Level 12 Wrecker (placeholder)");
    // Its derived stat block's HP and AC (`lairsmith new --level 12 --role wrecker`: HP 99,
    // AC 24), and P1's initiative modifier, half its level, as the fight rolls it.
    assert_eq!(
        placeholder[1..4],
        ["99", "24", "6"],
        "the placeholder's numbers"
    );
    assert_eq!(placeholder[4], "700");
    let (_, ally) = creature(&c[2]);
    assert_eq!(ally[4], "-", "an ally's XP does not count");
    assert_eq!(c[2][1]["ally"].as_bool(), Some(true), "{note}");
    assert!(note.contains("Left out of the encounter block, which holds only creatures: Escape the maze (extended challenge"), "{note}");
    assert_eq!(note.matches("```statblock\n").count(), 2, "{note}");
    golden("garden-ambush.obsidian.md", &note);
}

#[test]
fn obsidian_encounter_note_gives_challenge_rating_groups_as_plain_creatures() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "encounter",
            "new",
            "Bandits",
            "--party",
            "4x5",
            "--system",
            "d20-3e",
        ],
    );
    ok(d, &["encounter", "add", "bandits", "cr:3", "--count", "2"]);
    let note = ok(
        d,
        &["encounter", "export", "bandits", "--format", "obsidian"],
    );
    let it = encounter_block(&note);
    let c = it["creatures"].as_sequence().unwrap();
    assert_eq!(c.len(), 1);
    let (n, fields) = creature(&c[0]);
    assert_eq!(n, 2);
    assert_eq!(fields[1..4], ["-", "-", "-"]);
    assert!(fields[4].parse::<u64>().is_ok(), "{fields:?}");
    assert!(
        !note.contains("```statblock"),
        "no monsters, no stat blocks"
    );
}

#[test]
fn show_statblock_format_is_suggested_for_a_typo() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(dir.path(), &["show", "hedgemaw", "--format", "statblok"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("did you mean `statblock`?"),
        "{}",
        stderr(&o)
    );
}
