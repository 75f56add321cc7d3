//! The Obsidian exports as the two plugins read them: what Initiative Tracker makes of the
//! ```` ```encounter ```` block and what Fantasy Statblocks keeps of a ```` ```statblock ````
//! block, each read here as the plugin's own code reads it. The facts below are the plugins',
//! from their source at the versions named; `README.md` (Obsidian) says how they were checked.
//!
//! - Initiative Tracker 13.0.18 (javalent/initiative-tracker, commit 3012872),
//!   `src/encounter/index.ts`.
//! - Fantasy Statblocks 4.10.3 (javalent/fantasy-statblocks, commit f248f4a),
//!   `src/layouts/layout.types.ts` and `src/view/statblock.ts`.

use crate::common;
use common::{lairsmith, stdout};
use serde_json::Value as Json;
use std::path::Path;
use yaml_serde::Value as Yaml;

// ------------------------------------------------------------ Initiative Tracker 13.0.18

/// `EncounterBlock.postprocess`: `this.src.split("---")`, anywhere in the text, each non-blank
/// piece parsed as one encounter; a piece that is not YAML is dropped with a notice.
fn tracker_pieces(block: &str) -> Vec<&str> {
    block
        .split("---")
        .filter(|p| !p.trim().is_empty())
        .collect()
}

/// The keys `parseRawCreature` reads of a creature written as a map (`typeof monster ==
/// "object"`): `({ creature: name, name: display, hp, ac, mod, xp } = monster)`, `hidden`, and
/// `friend || ally` for `friendly`. Any other key is not read.
const TRACKER_CREATURE_KEYS: &[&str] = &[
    "creature", "name", "hp", "ac", "mod", "xp", "hidden", "friend", "ally",
];

/// A creature as the tracker builds it from one `creatures:` entry.
#[derive(Debug, PartialEq)]
struct TrackerCreature {
    count: u64,
    /// The bestiary name (`getCreatureFromBestiary(name)`).
    name: String,
    /// The display name.
    display: Option<String>,
    hp: Option<i64>,
    ac: Option<i64>,
    modifier: Option<i64>,
    xp: Option<i64>,
    /// `friendly`: the tracker's difficulty (`src/tracker/stores/tracker.ts`, `if
    /// (creature.friendly) continue;`) leaves the creature out.
    friendly: bool,
}

/// `parseRawCreature` for an entry `{COUNT: {creature: ..., ...}}`: `Object.entries(raw).flat()`
/// gives the count (the key) and the map; `if (!name || typeof name != "string") return {}`
/// drops an entry without a string `creature`. lairsmith writes only this form; any other is a
/// failure here, as the string form cannot carry a display name and the list form
/// (`[NAME, DISPLAY, HP, ...]`, `monster.slice(1)`) reads the display name as the HP.
fn tracker_creature(raw: &Yaml) -> TrackerCreature {
    let m = raw.as_mapping().expect("a creature is `COUNT: {...}`");
    assert_eq!(m.len(), 1, "one count per entry: {raw:?}");
    let (count, monster) = m.iter().next().unwrap();
    let count = count.as_u64().expect("the count is a whole number");
    let monster = monster
        .as_mapping()
        .unwrap_or_else(|| panic!("the tracker's keyed form, not {monster:?}"));
    for k in monster.keys() {
        let k = k.as_str().expect("string keys");
        assert!(
            TRACKER_CREATURE_KEYS.contains(&k),
            "the tracker does not read `{k}`"
        );
    }
    let name = monster
        .get("creature")
        .and_then(Yaml::as_str)
        .expect("`creature` is the name the tracker needs, as a string")
        .to_owned();
    let num = |k: &str| {
        monster.get(k).map(|v| {
            v.as_i64()
                .unwrap_or_else(|| panic!("`{k}` is a number: {v:?}"))
        })
    };
    let flag = |k: &str| monster.get(k).and_then(Yaml::as_bool).unwrap_or(false);
    TrackerCreature {
        count,
        name,
        display: monster
            .get("name")
            .map(|d| d.as_str().expect("a display name is text").to_owned()),
        hp: num("hp"),
        ac: num("ac"),
        modifier: num("mod"),
        xp: num("xp"),
        friendly: flag("friend") || flag("ally"),
    }
}

/// The ```` ```encounter ```` block of a note, read as the tracker reads it: the one encounter
/// (name and creatures) it holds.
fn tracker_encounter(note: &str) -> (String, Vec<TrackerCreature>) {
    let start = note.find("```encounter\n").expect("an encounter block") + 13;
    let end = start + note[start..].find("\n```\n").expect("the block ends") + 1;
    let block = &note[start..end];
    let pieces = tracker_pieces(block);
    assert_eq!(pieces.len(), 1, "the tracker would cut the block:\n{block}");
    let y: Yaml = yaml_serde::from_str(pieces[0]).unwrap_or_else(|e| panic!("{e}:\n{block}"));
    let creatures = y["creatures"]
        .as_sequence()
        .expect("a creatures list")
        .iter()
        .map(tracker_creature)
        .collect();
    (y["name"].as_str().unwrap().to_owned(), creatures)
}

/// The `name:` of each statblock in a note: what Fantasy Statblocks files it under in its
/// bestiary, which the tracker looks a creature up by.
fn statblock_names(note: &str) -> Vec<String> {
    note.split("```statblock\n")
        .skip(1)
        .map(|b| {
            let body = &b[..b.find("```\n").unwrap()];
            let y: Yaml = yaml_serde::from_str(body).unwrap();
            y["name"].as_str().unwrap().to_owned()
        })
        .collect()
}

use crate::common::lairsmith_ok as ok;

fn obsidian_note(data: &Path, id: &str) -> String {
    ok(data, &["encounter", "export", id, "--format", "obsidian"])
}

#[test]
fn an_ally_is_marked_friendly_in_the_trackers_reading_and_given_no_xp() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["encounter", "new", "Vigil", "--party", "4x5"]);
    ok(d, &["encounter", "add", "vigil", "hedgemaw"]);
    ok(d, &["encounter", "add", "vigil", "ashen-keener", "--ally"]);
    let (_, c) = tracker_encounter(&obsidian_note(d, "vigil"));
    assert_eq!(c.len(), 2);
    assert!(!c[0].friendly, "a foe is hostile: {c:?}");
    assert!(
        c[1].friendly,
        "the ally is the tracker's friendly creature: {c:?}"
    );
    assert_eq!(c[1].name, "Ashen Keener");
    assert_eq!(c[1].xp, None, "an ally's XP is not written: {c:?}");
}

#[test]
fn a_labelled_group_keeps_the_monster_name_for_the_trackers_lookup_and_shows_the_label() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["encounter", "new", "Rafters", "--party", "4x5"]);
    ok(
        d,
        &[
            "encounter",
            "add",
            "rafters",
            "hedgemaw",
            "--count",
            "4",
            "--label",
            "Rafter goblins",
        ],
    );
    ok(
        d,
        &[
            "encounter",
            "add",
            "rafters",
            "placeholder:5:standard:wrecker",
            "--label",
            "The sergeant",
        ],
    );
    let note = obsidian_note(d, "rafters");
    let (_, c) = tracker_encounter(&note);
    assert_eq!(c[0].count, 4);
    assert_eq!(c[0].name, "Hedgemaw", "the lookup name is the monster's");
    assert_eq!(c[0].display.as_deref(), Some("Rafter goblins"));
    assert!(
        statblock_names(&note).contains(&c[0].name),
        "the tracker finds the note's stat block by that name: {note}"
    );
    assert_eq!((c[0].hp, c[0].ac), (Some(154), Some(28)));
    assert_eq!(c[1].name, "Level 5 Wrecker (placeholder)");
    assert_eq!(c[1].display.as_deref(), Some("The sergeant"));
}

/// Issue "placeholders have three names and no numbers outside lairsmith": one name at the
/// roster, in the fight and in the tracker's block, and the derived numbers the fight has in the
/// tracker's block and in Foundry's actors.
#[test]
fn placeholders_have_three_names_one_name_and_the_fights_numbers_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["encounter", "new", "Yard", "--party", "4x12"]);
    ok(
        d,
        &[
            "encounter",
            "add",
            "yard",
            "placeholder:12:standard:blocker",
            "--count",
            "2",
        ],
    );
    const NAME: &str = "Level 12 Blocker (placeholder)";
    let check = ok(d, &["encounter", "check", "yard"]);
    assert!(check.contains(NAME), "{check}");
    let (_, c) = tracker_encounter(&obsidian_note(d, "yard"));
    assert_eq!(c[0].name, NAME);
    ok(d, &["fight", "start", "yard", "--seed", "4"]);
    let fight: serde_json::Value =
        serde_json::from_str(&ok(d, &["fight", "show", "yard", "--format", "json"])).unwrap();
    let first = fight["now"]["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "blocker-12-1")
        .unwrap_or_else(|| panic!("{fight}"));
    assert_eq!(first["name"], "Level 12 Blocker 1 (placeholder)");
    let hp = first["max_hp"].as_i64().unwrap();
    assert_eq!(c[0].hp, Some(hp), "the tracker's HP is the fight's");
    assert!(c[0].ac.is_some_and(|ac| ac > 0), "{:?}", c[0].ac);
    assert_eq!(c[0].modifier, Some(6), "P1: half its level");
    let actors: serde_json::Value = serde_json::from_str(&ok(
        d,
        &["encounter", "export", "yard", "--format", "foundry"],
    ))
    .unwrap();
    assert_eq!(actors[0]["name"], NAME);
    assert_eq!(
        actors[0]["system"]["attributes"]["hp"]["max"].as_i64(),
        Some(hp)
    );
    assert_eq!(
        actors[0]["system"]["defences"]["ac"]["value"].as_i64(),
        c[0].ac
    );
}

#[test]
fn three_hyphens_in_any_name_keep_every_creature_in_the_trackers_block() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["encounter", "new", "Wave---one", "--party", "4x5"]);
    ok(
        d,
        &[
            "encounter",
            "add",
            "wave-one",
            "hedgemaw",
            "--label",
            "First---rank",
        ],
    );
    ok(d, &["encounter", "add", "wave-one", "ashen-keener"]);
    let (name, c) = tracker_encounter(&obsidian_note(d, "wave-one"));
    assert_eq!(name, "Wave---one");
    assert_eq!(c.len(), 2, "no creature is lost: {c:?}");
    assert_eq!(c[0].display.as_deref(), Some("First---rank"));
    assert_eq!(c[1].name, "Ashen Keener");
}

/// A user monster: ashen-keener's file under another id and name.
fn user_monster(data: &Path, id: &str, name: &str) {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("bestiary/ashen-keener.yaml"),
    )
    .unwrap()
    .replace("id: ashen-keener", &format!("id: {id}"))
    .replace("name: Ashen Keener", &format!("name: {name}"));
    std::fs::create_dir_all(data.join("bestiary")).unwrap();
    std::fs::write(data.join("bestiary").join(format!("{id}.yaml")), text).unwrap();
}

#[test]
fn a_comma_in_a_monster_name_reaches_the_tracker_whole_so_the_lookup_finds_it() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    user_monster(d, "vex", "Vex, the Hollow");
    ok(d, &["encounter", "new", "Vex", "--party", "4x5"]);
    ok(d, &["encounter", "add", "vex", "vex", "--count", "2"]);
    let note = obsidian_note(d, "vex");
    let (_, c) = tracker_encounter(&note);
    assert_eq!(c[0].name, "Vex, the Hollow");
    assert_eq!(statblock_names(&note), ["Vex, the Hollow"]);
    assert_eq!(c[0].count, 2);
}

// ------------------------------------------------------------ Fantasy Statblocks 4.10.3

/// `StatblockItemTypes` of `src/layouts/layout.types.ts` that the Orcus layout uses, and the
/// block type whose list `StatBlockRenderer.build` (`src/view/statblock.ts`) keys by name.
const TRAITS_BLOCK: &str = "traits";

/// Every `traits` block's properties, nested ones too (`unwrapBlocks`: groups, inline groups and
/// collapses are opened; `layout`, `ifelse` and `javascript` blocks are skipped).
fn trait_properties(blocks: &Json, out: &mut Vec<String>) {
    for b in blocks.as_array().unwrap() {
        match b["type"].as_str().unwrap() {
            "group" | "inline" | "collapse" => trait_properties(&b["nested"], out),
            t if t == TRAITS_BLOCK => out.extend(
                b["properties"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p.as_str().unwrap().to_owned()),
            ),
            _ => {}
        }
    }
}

/// What `build` keeps of one list: `getTraitsList` takes each entry that is a map with `name`
/// (or a list, `[name, ...desc]`), and `$TRAIT_MAP.set(trait.name, trait)` keeps one entry per
/// name: a later one of the same name takes the earlier one's place.
fn fs_kept(list: Option<&Yaml>) -> Vec<(String, String)> {
    let mut kept: Vec<(String, String)> = Vec::new();
    for t in list.and_then(Yaml::as_sequence).into_iter().flatten() {
        let name = t["name"].as_str().expect("a trait has a name").to_owned();
        let desc = t["desc"].as_str().unwrap_or_default().to_owned();
        match kept.iter_mut().find(|(n, _)| *n == name) {
            Some(e) => e.1 = desc,
            None => kept.push((name, desc)),
        }
    }
    kept
}

const TWINS: &str = "kind: monster
schema_version: 1
id: twin-fang
name: Twin Fang
level: 3
rank: standard
role: skulker
size: medium
source: natural
type: beast
traits:
- name: Stench
  text: Enemies adjacent to it take a -1 penalty to attack rolls.
- name: Stench
  text: It cannot be surprised.
variants:
- name: Elder
  text: It has resist cold 10.
- name: Elder
  text: It has 20 more hit points.
powers:
- name: Bite
  basic: true
  usage: at-will
  action: standard
  origin: melee
  targets: one creature
  attack:
    defense: ac
  damage: at-will-single
- name: Bite
  usage: at-will
  action: standard
  origin: melee
  targets: one creature
  attack:
    defense: ac
  damage: at-will-single
  hit: and the target is knocked prone.
";

#[test]
fn two_traits_powers_or_variants_of_one_name_all_reach_fantasy_statblocks() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("twin-fang.yaml");
    std::fs::write(&file, TWINS).unwrap();
    let text = ok(
        dir.path(),
        &["show", file.to_str().unwrap(), "--format", "statblock"],
    );
    let body = text
        .strip_prefix("```statblock\n")
        .and_then(|t| t.strip_suffix("```\n"))
        .unwrap();
    let y: Yaml = yaml_serde::from_str(body).unwrap();
    let layout: Json =
        serde_json::from_str(lairsmith_core::export::statblock_md::LAYOUT_JSON).unwrap();
    let mut props = Vec::new();
    trait_properties(&layout["blocks"], &mut props);
    // The lists the layout draws as traits, each keyed by name in the plugin.
    assert_eq!(
        props,
        [
            "traits",
            "actions",
            "reactions",
            "variants",
            "templates",
            "overrides"
        ]
    );
    for p in &props {
        let written = y.get(p).and_then(Yaml::as_sequence).map_or(0, Vec::len);
        assert_eq!(
            fs_kept(y.get(p)).len(),
            written,
            "Fantasy Statblocks would lose an entry of `{p}`: {body}"
        );
    }
    let names = |p: &str| -> Vec<String> { fs_kept(y.get(p)).into_iter().map(|t| t.0).collect() };
    assert_eq!(names("variants"), ["Elder", "Elder (2)"]);
    assert_eq!(names("traits")[..2], ["Stench", "Stench (2)"]);
    assert!(names("actions")[1].contains("Bite (2) ·"), "{body}");
    assert_eq!(
        fs_kept(y.get("variants"))[1].1,
        "It has 20 more hit points."
    );
}

#[test]
fn two_traits_powers_or_variants_of_one_name_are_a_lint_error_naming_both() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("twin-fang.yaml");
    std::fs::write(&file, TWINS).unwrap();
    let o = lairsmith(dir.path(), &["lint", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let out = stdout(&o);
    for kind in ["trait", "power", "variant"] {
        let name = match kind {
            "trait" => "Stench",
            "power" => "Bite",
            _ => "Elder",
        };
        let line =
            format!("error[duplicate-name]: {kind} 2 `{name}` has the name of {kind} 1 `{name}`");
        assert!(out.contains(&line), "{line}\n{out}");
    }
    // Distinct names lint clean of it; the same name in two kinds is not a clash.
    let fixed = TWINS
        .replacen(
            "- name: Stench\n  text: It cannot",
            "- name: Keen\n  text: It cannot",
            1,
        )
        .replacen(
            "- name: Elder\n  text: It has 20",
            "- name: Hulking\n  text: It has 20",
            1,
        )
        .replacen(
            "- name: Bite\n  usage: at-will",
            "- name: Stench\n  usage: at-will",
            1,
        );
    std::fs::write(&file, fixed).unwrap();
    let o = lairsmith(dir.path(), &["lint", file.to_str().unwrap()]);
    assert!(!stdout(&o).contains("duplicate-name"), "{}", stdout(&o));
}

#[test]
fn the_forge_refuses_a_second_trait_power_or_variant_of_one_name() {
    use lairsmith::cli::DataDir;
    use lairsmith::tui::screens::forge::Step;
    use lairsmith::tui::screens::forge::fields::Detail;
    let dir = tempfile::tempdir().unwrap();
    let mut app = lairsmith::tui::app_for(&DataDir::new(dir.path().to_owned()));
    let design = lairsmith_core::monster::parse_monster(
        &TWINS.replace("twin-fang", "x"),
        Path::new("x.yaml"),
    )
    .unwrap();
    let mut d = design.clone();
    d.traits.truncate(1);
    d.variants.truncate(1);
    let e = Detail::NewTrait
        .apply(&mut d, "stench: It cannot be surprised.")
        .unwrap_err();
    assert!(e.contains("already has a trait named Stench"), "{e}");
    let e = Detail::NewVariant
        .apply(&mut d, "Elder: It has 20 more hit points.")
        .unwrap_err();
    assert!(e.contains("already has a variant named Elder"), "{e}");
    assert_eq!((d.traits.len(), d.variants.len()), (1, 1));
    Detail::NewTrait
        .apply(&mut d, "Keen: It cannot be surprised.")
        .unwrap();
    // Renaming the second power to the first's name is refused; its own name is kept.
    let mut d = design;
    d.powers[1].name = "Gore".into();
    *app.forge.design = d;
    app.forge.step = Step::Powers;
    app.forge.power_form = Some(1);
    app.forge.form_row = 0;
    let e = lairsmith::tui::screens::forge::update::commit_field(
        &mut app.forge,
        &mut app.shell,
        " bite",
    )
    .unwrap_err();
    assert!(e.contains("already has a power named Bite"), "{e}");
    assert_eq!(app.forge.design.powers[1].name, "Gore");
    lairsmith::tui::screens::forge::update::commit_field(&mut app.forge, &mut app.shell, "Gore")
        .unwrap();
}

/// `src/view/ui/Table.svelte`: a `table` block draws one cell per header of its property's list
/// (`valueMap ... .slice(0, headers.length)`) and, with `calculate`, adds a 5e modifier
/// (`Math.floor((stat - 10) / 2)`) to each number. Orcus's `abilities` carry their own
/// modifiers, with half the level, so the table calculates nothing and has six headers.
#[test]
fn the_abilities_table_has_a_header_for_each_value_and_adds_no_modifier_of_its_own() {
    let layout: Json =
        serde_json::from_str(lairsmith_core::export::statblock_md::LAYOUT_JSON).unwrap();
    let table = layout["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["type"] == "table")
        .expect("a table block");
    assert_eq!(table["properties"][0], "abilities");
    assert_eq!(table["calculate"], false);
    let headers = table["headers"].as_array().unwrap();
    let block = lairsmith_core::bestiary::Bestiary::shipped()
        .get("hedgemaw")
        .unwrap()
        .block()
        .unwrap();
    let y: Yaml = {
        let text = lairsmith_core::export::statblock_md::statblock(&block);
        let body = text
            .strip_prefix("```statblock\n")
            .and_then(|t| t.strip_suffix("```\n"))
            .unwrap()
            .to_owned();
        yaml_serde::from_str(&body).unwrap()
    };
    let abilities = y["abilities"].as_sequence().unwrap();
    assert_eq!(headers.len(), abilities.len());
    assert!(abilities.iter().all(Yaml::is_string), "{abilities:?}");
}
