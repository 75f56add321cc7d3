//! Monster templates and re-ranking, as a GM uses them from the command line: apply a template
//! of their own, re-level, take it off and get the file back byte for byte; unknown and
//! conflicting templates; re-ranking every shipped monster stays lint-clean.

use crate::common;
use common::{lairsmith, stderr, stdout};

const GHOULISH: &str = "\
kind: monster-template
schema_version: 1
id: ghoulish
name: Ghoulish
description: Hungry dead with paralysing claws.
tags: [undead]
senses: [darkvision]
immunities: [poison]
traits:
- name: Grave Stench
  aura: 1
  text: Enemies in the aura take a -2 penalty to saving throws.
powers:
- name: Paralysing Claw
  usage: encounter
  action: standard
  origin: melee
  targets: one creature
  attack:
    defense: fortitude
  damage: surge-single
  hit: and the target is immobilized (save ends).
";

const WRAITHLIKE: &str = "\
kind: monster-template
schema_version: 1
id: wraithlike
name: Wraithlike
tags: [undead-spirit]
";

const CROWNED: &str = "\
kind: monster-template
schema_version: 1
id: crowned
name: Crowned
rank: boss
";

const EXALTED: &str = "\
kind: monster-template
schema_version: 1
id: exalted
name: Exalted
rank: elite
";

fn data_with_templates() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("templates");
    std::fs::create_dir_all(&t).unwrap();
    for (id, text) in [
        ("ghoulish", GHOULISH),
        ("wraithlike", WRAITHLIKE),
        ("crowned", CROWNED),
        ("exalted", EXALTED),
    ] {
        std::fs::write(t.join(format!("{id}.yaml")), text).unwrap();
    }
    dir
}

use crate::common::lairsmith_ok as ok;

/// A hand-written file: comments, a key order of its own.
const MINE: &str = "\
# My grave robber, from the session of 3 May.
kind: monster
schema_version: 1
id: grave-robber
name: Grave Robber
level: 3   # the party is level 3
rank: standard
role: striker
size: medium
source: natural
type: humanoid
languages: [Common]
powers:
- name: Shovel Swing
  basic: true
  usage: at-will
  action: standard
  origin: melee
  targets: one creature
  attack: {defense: ac}
  damage: at-will-single
";

#[test]
fn a_users_template_applies_relevels_and_comes_off_leaving_the_file_byte_for_byte() {
    let data = data_with_templates();
    let file = data.path().join("bestiary/grave-robber.yaml");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, MINE).unwrap();

    let shown = ok(
        data.path(),
        &["template", "apply", "grave-robber", "ghoulish"],
    );
    assert!(
        shown.contains("Paralysing Claw · Encounter Attack (Standard Action) [Ghoulish]"),
        "{shown}"
    );
    assert!(
        shown.contains("Grave Stench · Aura 1 [Ghoulish]"),
        "{shown}"
    );
    assert!(
        shown.contains("Resist poison 5; Vulnerable radiant 5; Immune poison"),
        "{shown}"
    );
    assert!(
        shown.contains("Ghoulish (ghoulish): tag Undead (resist poison 5, vulnerable radiant 5)"),
        "{shown}"
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        MINE,
        "printing saves nothing"
    );

    ok(
        data.path(),
        &["template", "apply", "grave-robber", "ghoulish", "--save"],
    );
    let applied = std::fs::read_to_string(&file).unwrap();
    assert!(
        applied.contains("type: humanoid\nlanguages: [Common]")
            || applied.contains("templates:\n- ghoulish\n"),
        "{applied}"
    );
    assert!(
        applied.starts_with("# My grave robber"),
        "comments stay: {applied}"
    );

    // Re-levelled, the template's grants follow the level (X is 10 at levels 11-20).
    ok(
        data.path(),
        &["relevel", "grave-robber", "--level", "14", "--save"],
    );
    let shown = ok(data.path(), &["show", "grave-robber"]);
    assert!(
        shown.contains("Resist poison 10; Vulnerable radiant 10"),
        "{shown}"
    );
    assert!(
        shown.contains("[Ghoulish]"),
        "the template stays through a re-level: {shown}"
    );
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("level: 14   # the party is level 3"),
        "only the level line changed"
    );

    ok(
        data.path(),
        &["template", "remove", "grave-robber", "ghoulish", "--save"],
    );
    ok(
        data.path(),
        &["relevel", "grave-robber", "--level", "3", "--save"],
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), MINE);
    assert!(!ok(data.path(), &["show", "grave-robber"]).contains("Ghoulish"));
}

#[test]
fn an_unknown_template_is_an_error_naming_the_closest_ids() {
    let data = data_with_templates();
    let o = lairsmith(data.path(), &["template", "apply", "hedgemaw", "ghoulsh"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("unknown template `ghoulsh` (did you mean `ghoulish`?)"),
        "{}",
        stderr(&o)
    );

    // In a file: the lint says so, with the suggestion, and the monster still lists.
    let file = data.path().join("bestiary/grave-robber.yaml");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(
        &file,
        MINE.replace("languages:", "templates: [ghoulsh]\nlanguages:"),
    )
    .unwrap();
    let o = lairsmith(data.path(), &["lint"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains(
            "error[unknown-template]: unknown template `ghoulsh` (did you mean `ghoulish`?)"
        ),
        "{}",
        stdout(&o)
    );
    let o = lairsmith(data.path(), &["show", "grave-robber"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).starts_with("Grave Robber\n"),
        "the block still prints"
    );
    assert!(
        stderr(&o).contains("unknown template `ghoulsh` (did you mean `ghoulish`?)")
            && stderr(&o).contains("leaves it out"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn conflicting_templates_are_refused_and_are_lint_errors() {
    let data = data_with_templates();
    let o = lairsmith(
        data.path(),
        &[
            "new",
            "--level",
            "5",
            "--role",
            "striker",
            "--source",
            "natural",
            "--type",
            "humanoid",
            "--template",
            "crowned",
            "--template",
            "exalted",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("both set the rank"), "{}", stderr(&o));
    let o = lairsmith(
        data.path(),
        &[
            "new",
            "--level",
            "5",
            "--role",
            "striker",
            "--source",
            "natural",
            "--type",
            "humanoid",
            "--template",
            "ghoulish",
            "--template",
            "wraithlike",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("corporeal or a spirit, not both"),
        "{}",
        stderr(&o)
    );

    let file = data.path().join("bestiary/grave-robber.yaml");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(
        &file,
        MINE.replace(
            "languages:",
            "templates: [crowned, exalted, ghoulish, wraithlike, ghoulish]\nlanguages:",
        ),
    )
    .unwrap();
    let out = stdout(&lairsmith(data.path(), &["lint"]));
    assert!(
        out.contains(
            "error[conflicting-templates]: templates `crowned` and `exalted` both set the rank"
        ),
        "{out}"
    );
    assert!(out.contains("error[conflicting-templates]: the template `wraithlike` makes the monster spirit undead, but the template `ghoulish` makes it corporeal undead"), "{out}");
    assert!(out.contains("error[template-twice]"), "{out}");
}

#[test]
fn a_rank_template_makes_a_playable_boss_and_new_takes_templates() {
    let data = data_with_templates();
    let shown = ok(
        data.path(),
        &[
            "new",
            "--level",
            "7",
            "--role",
            "blocker",
            "--source",
            "natural",
            "--type",
            "humanoid",
            "--name",
            "Gate Keeper",
            "--template",
            "crowned",
            "--save",
        ],
    );
    assert!(shown.ends_with("gate-keeper.yaml\n"), "{shown}");
    let file = std::fs::read_to_string(data.path().join("bestiary/gate-keeper.yaml")).unwrap();
    assert!(
        file.contains("rank: standard") && file.contains("templates:\n- crowned\n"),
        "the file keeps the design: {file}"
    );
    let shown = ok(data.path(), &["show", "gate-keeper"]);
    assert!(shown.contains("Level 7 Boss Blocker"), "{shown}");
    assert!(
        shown.contains("Overwhelming Assault") && shown.contains("[Crowned]"),
        "{shown}"
    );
    let lint = lairsmith(data.path(), &["lint"]);
    assert!(lint.status.success(), "{}", stdout(&lint));
    assert!(
        stdout(&lint).contains("0 errors, 0 warnings"),
        "{}",
        stdout(&lint)
    );
}

#[test]
fn template_list_and_show_describe_what_a_template_changes() {
    let data = data_with_templates();
    let list = ok(data.path(), &["template", "list"]);
    assert!(
        list.lines()
            .any(|l| l.starts_with("ghoulish") && l.contains("yours")),
        "{list}"
    );
    let shown = ok(
        data.path(),
        &["template", "show", "ghoulish", "--level", "21"],
    );
    assert!(
        shown.contains("Undead (resist poison 15, vulnerable radiant 15)"),
        "{shown}"
    );
    assert!(
        shown.contains("Power Paralysing Claw (Encounter, Standard Action, damage surge-single)"),
        "{shown}"
    );
    assert_eq!(
        ok(
            data.path(),
            &["template", "show", "ghoulish", "--format", "yaml"]
        )
        .lines()
        .next(),
        Some("kind: monster-template")
    );
}

#[test]
fn a_bad_user_template_is_reported_with_its_line_and_the_rest_still_load() {
    let data = data_with_templates();
    std::fs::write(
        data.path().join("templates/bad.yaml"),
        "kind: monster-template\nschema_version: 1\nid: bad\nname: Bad\ntags: [undaed]\n",
    )
    .unwrap();
    std::fs::write(
        data.path().join("templates/twin.yaml"),
        GHOULISH.replace("name: Ghoulish", "name: Twin"),
    )
    .unwrap();
    let o = lairsmith(data.path(), &["template", "list"]);
    let err = stderr(&o);
    assert!(
        err.contains("bad.yaml:5:8") && err.contains("did you mean `undead`?"),
        "{err}"
    );
    assert!(
        err.contains("twin.yaml") && err.contains("the template id `ghoulish` is already used by"),
        "{err}"
    );
    assert!(stdout(&o).contains("ghoulish"));
}

#[test]
fn a_shipped_monster_takes_a_template_only_as_a_copy() {
    let data = data_with_templates();
    let o = lairsmith(
        data.path(),
        &["template", "apply", "hedgemaw", "ghoulish", "--save"],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("use --save-as NEW_ID"),
        "{}",
        stderr(&o)
    );
    ok(
        data.path(),
        &[
            "template",
            "apply",
            "hedgemaw",
            "ghoulish",
            "--save-as",
            "ghoul-hedge",
        ],
    );
    let file = std::fs::read_to_string(data.path().join("bestiary/ghoul-hedge.yaml")).unwrap();
    assert!(file.contains("templates:\n- ghoulish\n"), "{file}");
    let o = lairsmith(
        data.path(),
        &["template", "remove", "ghoul-hedge", "crowned"],
    );
    assert!(
        stderr(&o).contains("does not have the template `crowned`; its templates: `ghoulish`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn encounter_theme_saves_themed_copies_and_a_new_encounter() {
    let data = data_with_templates();
    ok(
        data.path(),
        &["encounter", "new", "Crypt", "--party", "4x5"],
    );
    ok(
        data.path(),
        &["encounter", "add", "crypt", "hedgemaw", "--count", "2"],
    );
    ok(
        data.path(),
        &[
            "encounter",
            "add",
            "crypt",
            "placeholder:5:standard:wrecker",
        ],
    );
    ok(
        data.path(),
        &["encounter", "add", "crypt", "hedgemaw", "--ally"],
    );
    let out = ok(
        data.path(),
        &[
            "encounter",
            "theme",
            "crypt",
            "ghoulish",
            "--save-as",
            "ghoul-crypt",
        ],
    );
    assert!(
        out.contains("ghoulish-hedgemaw.yaml"),
        "one copy for both groups: {out}"
    );
    assert!(out.trim_end().ends_with("ghoul-crypt.yaml"), "{out}");
    let e = std::fs::read_to_string(data.path().join("encounters/ghoul-crypt.yaml")).unwrap();
    assert!(
        e.contains("name: Crypt (Ghoulish)")
            && e.matches("monster: ghoulish-hedgemaw").count() == 2,
        "{e}"
    );
    assert!(e.contains("placeholder"), "placeholders stay: {e}");
    let crypt = std::fs::read_to_string(data.path().join("encounters/crypt.yaml")).unwrap();
    assert!(
        crypt.contains("monster: hedgemaw"),
        "the original encounter stays"
    );
    let o = lairsmith(
        data.path(),
        &[
            "encounter",
            "theme",
            "crypt",
            "ghoulish",
            "--save-as",
            "ghoul-crypt",
        ],
    );
    assert!(stderr(&o).contains("already exists"), "{}", stderr(&o));
}

/// Every shipped monster re-ranked to every rank, at its level: the kit extras follow the rank
/// and the result lints clean (Creating New Monsters: Powers).
#[test]
fn reranking_every_shipped_monster_to_every_rank_lints_clean() {
    use lairsmith_core::bestiary::Bestiary;
    use lairsmith_core::monster::findings_of;
    use lairsmith_core::monster::kit::Templates;
    use lairsmith_core::monster::rerank::rerank;
    use lairsmith_core::monster::template_apply::{apply, derive_applied};
    use lairsmith_core::rules::Rank;
    use lairsmith_core::vocab::Vocabulary;
    let b = Bestiary::shipped();
    let mut checked = 0;
    for e in &b.entries {
        for rank in Rank::ALL {
            let mut d = e.design().unwrap().as_ref().clone();
            let role = d.role;
            rerank(&mut d, *rank, role, Templates::embedded());
            let a = apply(&d, &b.templates, Templates::embedded());
            let block = derive_applied(&a);
            let findings = findings_of(&d, &a, &block, None, &b.templates);
            assert!(
                findings.is_empty(),
                "{} as {}: {:?}",
                e.card.id,
                rank.key(),
                findings.iter().map(|f| &f.message).collect::<Vec<_>>()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, b.entries.len() * 4);
}

#[test]
fn relevel_to_boss_adds_the_extras_and_back_down_takes_them_off() {
    let data = tempfile::tempdir().unwrap();
    let o = lairsmith(
        data.path(),
        &["relevel", "hedgemaw", "--level", "14", "--rank", "boss"],
    );
    assert!(o.status.success());
    let err = stderr(&o);
    assert!(
        err.contains("added Relentless") && err.contains("added Vengeful Retort"),
        "{err}"
    );
    assert!(
        !err.contains("Overwhelming Assault"),
        "Twin Lashes already makes two attacks: {err}"
    );
    let o = lairsmith(
        data.path(),
        &[
            "relevel",
            "hedgemaw",
            "--level",
            "14",
            "--rank",
            "mook",
            "--save-as",
            "hedge-mook",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("removed Twin Lashes"), "{}", stderr(&o));
    let lint = lairsmith(data.path(), &["lint"]);
    assert!(
        stdout(&lint).contains("0 errors, 0 warnings"),
        "{}",
        stdout(&lint)
    );
}

#[test]
fn a_file_listing_a_thousand_templates_is_refused_at_once() {
    let data = data_with_templates();
    let file = data.path().join("bestiary/grave-robber.yaml");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    let many = format!(
        "templates: [{}]\nlanguages:",
        vec!["ghoulish"; 1000].join(", ")
    );
    std::fs::write(&file, MINE.replace("languages:", &many)).unwrap();
    let o = lairsmith(data.path(), &["lint"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("a monster lists at most 16 templates; this one lists 1000"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn eight_processes_applying_eight_templates_at_once_all_land() {
    let data = data_with_templates();
    for i in 0..8 {
        std::fs::write(
            data.path().join(format!("templates/mark-{i}.yaml")),
            format!("kind: monster-template\nschema_version: 1\nid: mark-{i}\nname: Mark {i}\ntraits:\n- name: Mark {i}\n  text: A sign.\n"),
        )
        .unwrap();
    }
    let file = data.path().join("bestiary/grave-robber.yaml");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, MINE).unwrap();
    let children: Vec<_> = (0..8)
        .map(|i| {
            std::process::Command::new(env!("CARGO_BIN_EXE_lairsmith"))
                .arg("--data-dir")
                .arg(data.path())
                .args([
                    "template",
                    "apply",
                    "grave-robber",
                    &format!("mark-{i}"),
                    "--save",
                ])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        let o = c.wait_with_output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let text = std::fs::read_to_string(&file).unwrap();
    for i in 0..8 {
        assert!(
            text.contains(&format!("- mark-{i}\n")),
            "mark-{i} was lost: {text}"
        );
    }
    assert!(text.starts_with("# My grave robber"), "{text}");
}
