//! The JSON Schemas of `lairsmith schema` (issue 13 §2): every shipped file and every file the
//! CLI saves validates against its kind's schema, and broken files do not.

use crate::common;
use common::{lairsmith, stderr, stdout};
use lairsmith_core::schema::{FileKind, schema_for};
use lairsmith_core::vocab::Vocabulary;
use std::path::Path;

fn validator(kind: FileKind) -> jsonschema::Validator {
    let schema = schema_for(kind);
    assert_eq!(
        schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
        "{kind:?}"
    );
    jsonschema::draft202012::new(&schema)
        .unwrap_or_else(|e| panic!("the {kind:?} schema is not a valid schema: {e}"))
}

/// The YAML text as the JSON value an editor's language server validates.
fn json_of(yaml: &str) -> serde_json::Value {
    yaml_serde::from_str(yaml).expect("the test's YAML parses")
}

fn errors(kind: FileKind, yaml: &str) -> Vec<String> {
    validator(kind)
        .iter_errors(&json_of(yaml))
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

fn assert_valid(kind: FileKind, yaml: &str, what: &str) {
    let errs = errors(kind, yaml);
    assert!(
        errs.is_empty(),
        "{what} does not validate: {errs:#?}\n{yaml}"
    );
}

fn assert_invalid(kind: FileKind, yaml: &str, what: &str) {
    assert!(
        !errors(kind, yaml).is_empty(),
        "{what} validates but lairsmith refuses it:\n{yaml}"
    );
}

fn yaml_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_monster_validates() {
    let files = yaml_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("bestiary"));
    assert!(files.len() >= 40, "{} shipped monsters", files.len());
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        assert_valid(FileKind::Monster, &text, &f.display().to_string());
    }
}

#[test]
fn every_shipped_template_validates() {
    let files = yaml_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/monster"));
    assert!(!files.is_empty());
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        assert_valid(FileKind::Template, &text, &f.display().to_string());
    }
}

fn ok(o: &std::process::Output) -> String {
    assert!(o.status.success(), "{}", stderr(o));
    stdout(o)
}

#[test]
fn files_the_cli_saves_validate() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let saved = ok(&lairsmith(
        d,
        &[
            "new",
            "--level",
            "4",
            "--rank",
            "elite",
            "--role",
            "skulker",
            "--size",
            "medium",
            "--source",
            "natural",
            "--type",
            "beast",
            "--tag",
            "aquatic",
            "--name",
            "Giant Frog",
            "--save",
        ],
    ));
    let monster = std::fs::read_to_string(saved.trim()).unwrap();
    assert_valid(
        FileKind::Monster,
        &monster,
        "a monster saved by `new --save`",
    );

    ok(&lairsmith(
        d,
        &["encounter", "new", "Bog Ambush", "--party", "4x4"],
    ));
    for add in [
        &[
            "encounter",
            "add",
            "bog-ambush",
            "giant-frog",
            "--count",
            "2",
        ][..],
        &[
            "encounter",
            "add",
            "bog-ambush",
            "placeholder:4:standard:blocker",
        ],
        &[
            "encounter",
            "add",
            "bog-ambush",
            "challenge:4:5",
            "--label",
            "Sinking Mire",
            "--skill",
            "athletics:moderate",
        ],
    ] {
        ok(&lairsmith(d, add));
    }
    let encounter = std::fs::read_to_string(d.join("encounters/bog-ambush.yaml")).unwrap();
    for part in ["monster: giant-frog", "placeholder:", "challenge:"] {
        assert!(encounter.contains(part), "{encounter}");
    }
    assert_valid(FileKind::Encounter, &encounter, "a saved encounter");

    // No command writes `xp:`; the GM writes it, and lairsmith keeps it through a level-up.
    ok(&lairsmith(
        d,
        &["party", "new", "The Lanterns", "--party", "Ana=4,Bo=4"],
    ));
    let party_path = d.join("parties/the-lanterns.yaml");
    let party = std::fs::read_to_string(&party_path).unwrap();
    let with_xp = party.replacen("  level: 4\n", "  level: 4\n  xp: 4000\n", 1);
    assert_ne!(party, with_xp, "{party}");
    std::fs::write(&party_path, &with_xp).unwrap();
    ok(&lairsmith(
        d,
        &["party", "level-up", "the-lanterns", "--member", "Bo"],
    ));
    let party = std::fs::read_to_string(&party_path).unwrap();
    assert!(party.contains("xp: 4000"), "{party}");
    assert_valid(FileKind::Party, &party, "a saved party with `xp:`");

    let out = ok(&lairsmith(
        d,
        &[
            "adventure",
            "new",
            "Into the Bog",
            "--party",
            "the-lanterns",
            "--treasure",
            "troves",
        ],
    ));
    ok(&lairsmith(
        d,
        &["adventure", "add", "into-the-bog", "bog-ambush"],
    ));
    let adventure = std::fs::read_to_string(out.trim()).unwrap();
    assert!(adventure.contains("treasure: troves"), "{adventure}");
    assert_valid(FileKind::Adventure, &adventure, "a saved adventure");
}

const FROG: &str = "kind: monster
schema_version: 1
id: frog
name: Frog
level: 4
rank: standard
role: skulker
size: medium
source: natural
type: beast
x-mine: kept
powers:
- name: Bite
  usage: at-will
  action: standard
  origin: melee
  attack: {defense: ac}
  damage: at-will-single
  x-note: kept too
";

#[test]
fn a_hand_written_monster_with_x_keys_validates() {
    assert_valid(FileKind::Monster, FROG, "the frog");
}

#[test]
fn a_monster_with_an_unknown_key_does_not_validate() {
    assert_invalid(
        FileKind::Monster,
        &format!("{FROG}colour: green\n"),
        "`colour:`",
    );
    let nested = FROG.replace("  x-note: kept too\n", "  colour: green\n");
    assert_invalid(FileKind::Monster, &nested, "`colour:` in a power");
    // `x-` keys are kept only where the reader keeps them.
    let in_movement = format!("{FROG}movement: {{walk: 6, x-note: no}}\n");
    assert_invalid(FileKind::Monster, &in_movement, "`x-` in movement");
}

#[test]
fn a_monster_of_level_31_does_not_validate() {
    let bad = FROG.replace("level: 4", "level: 31");
    assert_invalid(FileKind::Monster, &bad, "level 31");
    assert_invalid(
        FileKind::Monster,
        &FROG.replace("level: 4", "level: 0"),
        "level 0",
    );
}

#[test]
fn a_monster_with_an_unknown_role_does_not_validate() {
    let bad = FROG.replace("role: skulker", "role: skulkr");
    assert_invalid(FileKind::Monster, &bad, "role skulkr");
    // The keys are offered for completion; other spellings are accepted by a pattern.
    let role_enum = &schema_for(FileKind::Monster)["$defs"]["Role"]["anyOf"][0]["enum"];
    let keys: Vec<&str> = lairsmith_core::rules::Role::ALL
        .iter()
        .map(|r| r.key())
        .collect();
    assert_eq!(role_enum, &serde_json::json!(keys));
}

#[test]
fn a_file_of_the_wrong_kind_does_not_validate() {
    assert_invalid(
        FileKind::Monster,
        &FROG.replace("kind: monster", "kind: encounter"),
        "kind: encounter",
    );
    let party = "kind: party\nschema_version: 1\nname: P\nmembers:\n- level: 3\n";
    assert_valid(FileKind::Party, party, "a party");
    assert_invalid(
        FileKind::Party,
        &party.replace("kind: party", "kind: adventure"),
        "a party file of kind adventure",
    );
}

const ENCOUNTER: &str = "kind: encounter
schema_version: 1
name: Bog
party: {size: 4, level: 4}
groups:
- monster: giant-frog
  count: 2
- placeholder: {level: 4, rank: standard, role: blocker}
";

#[test]
fn an_encounter_group_with_a_monster_and_a_placeholder_does_not_validate() {
    assert_valid(FileKind::Encounter, ENCOUNTER, "the bog");
    let both = ENCOUNTER.replace(
        "- monster: giant-frog\n",
        "- monster: giant-frog\n  placeholder: {level: 4, rank: standard, role: blocker}\n",
    );
    assert_invalid(FileKind::Encounter, &both, "a monster and a placeholder");
    let neither = ENCOUNTER.replace("- monster: giant-frog\n  count: 2\n", "- count: 2\n");
    assert_invalid(FileKind::Encounter, &neither, "neither");
    assert_invalid(
        FileKind::Encounter,
        &ENCOUNTER.replace("count: 2", "count: 1000"),
        "count 1000",
    );
}

#[test]
fn an_encounter_party_is_an_id_a_size_and_level_or_members() {
    for party in [
        "the-lanterns",
        "{level: 4}",
        "{members: [{name: Ana, level: 3, xp: 2250}]}",
    ] {
        let text = ENCOUNTER.replace("{size: 4, level: 4}", party);
        assert_valid(FileKind::Encounter, &text, party);
    }
    for party in [
        "The Lanterns",
        "{size: 4}",
        "{size: 4, level: 4, members: [{level: 4}]}",
        "{members: []}",
        "{level: 31}",
    ] {
        let text = ENCOUNTER.replace("{size: 4, level: 4}", party);
        assert_invalid(FileKind::Encounter, &text, party);
    }
}

#[test]
fn a_d20_3e_encounter_validates_with_cr_and_name() {
    let text = "kind: encounter
schema_version: 1
system: d20-3e
name: Goblins
party: {size: 4, level: 2}
groups:
- cr: 1/3
  name: Goblin
  count: 4
- cr: 2
";
    assert_valid(FileKind::Encounter, text, "a 3rd-edition encounter");
    assert_invalid(
        FileKind::Encounter,
        &text.replace("cr: 2", "cr: 21"),
        "CR 21",
    );
}

#[test]
fn schema_prints_one_kind_and_refuses_an_unknown_one() {
    let dir = tempfile::tempdir().unwrap();
    for kind in FileKind::ALL {
        let o = lairsmith(dir.path(), &["schema", kind.key()]);
        let printed: serde_json::Value = serde_json::from_str(&ok(&o)).unwrap();
        assert_eq!(printed, schema_for(*kind));
    }
    let o = lairsmith(dir.path(), &["schema", "monstr"]);
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("did you mean `monster`"), "{err}");
}

#[test]
fn schema_write_writes_every_kind_and_overwrites_only_with_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("schemas");
    let out_s = out.to_str().unwrap();
    let o = lairsmith(dir.path(), &["schema", "--write", out_s]);
    assert_eq!(ok(&o).lines().count(), FileKind::ALL.len());
    for kind in FileKind::ALL {
        let path = out.join(format!("{}.schema.json", kind.key()));
        let text = std::fs::read_to_string(&path).unwrap();
        let written: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(written, schema_for(*kind), "{}", path.display());
    }
    std::fs::write(out.join("party.schema.json"), "{}").unwrap();
    let again = lairsmith(dir.path(), &["schema", "--write", out_s]);
    assert!(!again.status.success());
    assert!(stderr(&again).contains("--force"), "{}", stderr(&again));
    let party = std::fs::read_to_string(out.join("party.schema.json")).unwrap();
    assert_eq!(party, "{}", "a refused run writes nothing");
    ok(&lairsmith(
        dir.path(),
        &["schema", "--write", out_s, "--force"],
    ));
    let party = std::fs::read_to_string(out.join("party.schema.json")).unwrap();
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&party).unwrap(),
        schema_for(FileKind::Party)
    );
}

/// The guide's example files validate, and its editor comment names the file `schema --write`
/// writes.
#[test]
fn readme_examples_validate_and_its_comment_names_a_written_schema() {
    // The example files of the file formats, the templates and the editors' pages.
    let readme = [
        "reference/file-formats.md",
        "guide/templates.md",
        "guide/editors.md",
    ]
    .map(crate::docs::page)
    .join("\n");
    let blocks = crate::docs::yaml_blocks(&readme);
    for (start, kind) in [
        ("kind: monster\n", FileKind::Monster),
        ("kind: monster-template\n", FileKind::Template),
        ("kind: encounter", FileKind::Encounter),
    ] {
        let block = blocks
            .iter()
            .find(|b| b.starts_with(start))
            .unwrap_or_else(|| panic!("a README example starting {start:?}"));
        assert_valid(kind, block, &format!("the README's {kind:?} example"));
    }
    let comment = "# yaml-language-server: $schema=./schemas/";
    let line = readme
        .lines()
        .find(|l| l.starts_with(comment))
        .expect("the editor comment");
    let name = &line[comment.len()..];
    assert_eq!(name, lairsmith_core::schema::file_name(FileKind::Monster));
    assert!(readme.contains("lairsmith schema --write schemas"));
}

/// Every whole file the manual shows (a `yaml` block whose first line is `kind: …` and which has
/// its `schema_version:`, on any page of the guide or in the README) validates against its kind's schema, as an editor would check
/// it: the 3rd-edition page's encounter with `character:` and `npc:` groups among them (D7).
#[test]
fn every_example_file_in_the_manual_validates_against_its_schema() {
    let mut checked = Vec::new();
    for (doc, text) in crate::docs::documents() {
        for block in crate::docs::yaml_blocks(&text) {
            let first = block
                .lines()
                .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
                .unwrap_or_default();
            // A whole file says its schema version; a line or two that shows a key is no file.
            let Some(word) = first.strip_prefix("kind: ") else {
                continue;
            };
            if !block.lines().any(|l| l.starts_with("schema_version:")) {
                continue;
            }
            let word = word.split('#').next().unwrap().trim();
            let kind: FileKind = word
                .parse()
                .unwrap_or_else(|e| panic!("{doc}: an example of kind `{word}`: {e}"));
            assert_valid(kind, block, &format!("{doc}'s {word} example"));
            checked.push(format!("{doc}: {word}"));
        }
    }
    for kind in ["encounter", "monster"] {
        assert!(
            checked.iter().any(|c| c.ends_with(kind)),
            "no {kind} example was found: {checked:?}"
        );
    }
    assert!(
        checked
            .iter()
            .any(|c| c.starts_with("docs/src/guide/d20-3e.md")),
        "{checked:?}"
    );
    // And as the reader refuses them: a character or an NPC in an Orcus encounter, a
    // 3rd-edition group that is none of the three.
    let head = "kind: encounter\nschema_version: 1\nname: E\nparty: {size: 4, level: 3}\n";
    for group in ["character: 3", "npc: 3", "cr: 2\n  class_levels: 1"] {
        assert_invalid(
            FileKind::Encounter,
            &format!("{head}groups:\n- {group}\n"),
            &format!("an Orcus encounter with `{group}`"),
        );
    }
    assert_invalid(
        FileKind::Encounter,
        &format!("{head}system: d20-3e\ngroups:\n- count: 2\n"),
        "a 3rd-edition group with no foe",
    );
}

/// Issue "the fight file's schema takes `schema_version: 2`, which lairsmith refuses": the
/// versions the fight schema accepts are the versions lairsmith reads, no more and no fewer.
#[test]
fn the_fight_schema_takes_the_schema_versions_lairsmith_reads() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("encounters")).unwrap();
    std::fs::write(
        d.join("encounters/ford.yaml"),
        "kind: encounter\nschema_version: 1\nname: Ford\nparty: {size: 4, level: 5}\ngroups:\n- placeholder: {level: 5, rank: standard, role: wrecker}\n  count: 2\n",
    )
    .unwrap();
    let start = crate::common::lairsmith(d, &["fight", "start", "ford", "--seed", "1"]);
    assert!(start.status.success(), "{}", crate::common::stderr(&start));
    let text = std::fs::read_to_string(d.join("fights/ford.yaml")).unwrap();
    let schema = lairsmith_core::schema::schema_for(lairsmith_core::schema::FileKind::Fight);
    let v = jsonschema::validator_for(&schema).unwrap();
    for version in 0..=4 {
        let edited = text.replacen(
            "schema_version: 2\n",
            &format!("schema_version: {version}\n"),
            1,
        );
        let id = format!("v{version}");
        std::fs::write(d.join(format!("fights/{id}.yaml")), &edited).unwrap();
        let read = crate::common::lairsmith(d, &["fight", "show", &id])
            .status
            .success();
        let doc: serde_json::Value = yaml_serde::from_str(&edited).unwrap();
        assert_eq!(
            v.is_valid(&doc),
            read,
            "schema_version {version}: the schema and lairsmith disagree"
        );
    }
}
