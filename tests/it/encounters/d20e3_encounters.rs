//! 3rd-edition encounters end to end on the command line and in files: budget, new, add,
//! remove, check (with --explain and YAML), the `**` case, generate and export; and the file
//! rules of D1 (which system a file is, what its groups may be).

use crate::common;
use common::{lairsmith, stdout};
use lairsmith_core::encounter::{System, parse_encounter};
use std::path::Path;

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).into_owned()
}

#[test]
fn budget_for_a_3e_party_gives_the_diagonal_and_the_bands() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(
        dir.path(),
        &[
            "budget", "--party", "4x5", "--system", "d20-3e", "--format", "yaml",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let y = stdout(&o);
    assert!(y.contains("budget: 1500"), "{y}");
    assert!(y.contains("party_level: 5"), "{y}");
    assert!(
        y.contains("name: standard\n  min_xp: 1251\n  max_xp: 1875"),
        "{y}"
    );
    let t = stdout(&lairsmith(
        dir.path(),
        &["budget", "--party", "4x5", "--system", "d20-3e"],
    ));
    assert!(t.contains("D3, lairsmith's own reading"), "{t}");
    let bad = lairsmith(
        dir.path(),
        &["budget", "--party", "4x22", "--system", "d20-3e"],
    );
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        text(&bad.stderr).contains("1 to 20"),
        "{}",
        text(&bad.stderr)
    );
}

#[test]
fn a_3e_encounter_is_built_checked_explained_and_exported() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| {
        let o = lairsmith(d, args);
        assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
        stdout(&o)
    };
    run(&[
        "encounter",
        "new",
        "Ogre Bridge",
        "--party",
        "4x5",
        "--system",
        "d20-3e",
    ]);
    run(&[
        "encounter",
        "add",
        "ogre-bridge",
        "cr:5",
        "--count",
        "2",
        "--name",
        "Ogre",
    ]);
    run(&["encounter", "add", "ogre-bridge", "cr:1/2", "--count", "4"]);
    run(&["encounter", "add", "ogre-bridge", "cr:3", "--ally"]);
    let file = d.join("encounters/ogre-bridge.yaml");
    let e = parse_encounter(&std::fs::read_to_string(&file).unwrap(), &file).unwrap();
    assert_eq!(e.system, System::D20e3);
    assert_eq!(e.groups.len(), 3);
    let y = run(&["encounter", "check", "ogre-bridge", "--format", "yaml"]);
    for key in [
        "xp: 3600",
        "budget: 1500",
        "party_level: 5",
        "encounter_level: 7",
        "band: hard",
        "xp_per_character: 900",
        "warnings: []",
    ] {
        assert!(y.contains(key), "{key} in {y}");
    }
    let ex = run(&["encounter", "check", "ogre-bridge", "--explain"]);
    assert!(
        ex.contains("Experience Point Awards cell (5, CR 5) = 1,500 XP each"),
        "{ex}"
    );
    assert!(ex.contains("1/2 of (5, CR 1)"), "{ex}");
    assert!(ex.contains("D4"), "{ex}");
    run(&["encounter", "remove", "ogre-bridge", "cr:1/2"]);
    let md = run(&["encounter", "export", "ogre-bridge", "--format", "md"]);
    assert!(md.contains("**System** d20 3rd edition"), "{md}");
    assert!(md.contains("## Budget arithmetic"), "{md}");
    assert!(md.contains("2 × Ogre (CR 5)"), "{md}");
    // An Orcus monster does not go into a 3e encounter.
    let o = lairsmith(d, &["encounter", "add", "ogre-bridge", "hedgemaw"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("3rd-edition encounter"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn a_foe_8_crs_above_the_party_cannot_be_rated_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert!(
        lairsmith(
            d,
            &[
                "encounter",
                "new",
                "big",
                "--party",
                "4x5",
                "--system",
                "d20-3e"
            ]
        )
        .status
        .success()
    );
    assert!(
        lairsmith(d, &["encounter", "add", "big", "cr:13", "--name", "Dragon"])
            .status
            .success()
    );
    let o = lairsmith(d, &["encounter", "check", "big"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("cannot be rated"), "{out}");
    assert!(
        out.contains("Dragon (CR 13)") && out.contains("Experience Point Awards"),
        "{out}"
    );
}

#[test]
fn generate_proposes_a_seeded_mix_of_crs_in_the_band() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "encounter",
        "generate",
        "--system",
        "d20-3e",
        "--party",
        "4x5",
        "--difficulty",
        "hard",
        "--seed",
        "7",
        "--format",
        "text",
    ];
    let a = lairsmith(dir.path(), &args);
    let b = lairsmith(dir.path(), &args);
    assert!(a.status.success(), "{}", text(&a.stderr));
    assert_eq!(stdout(&a), stdout(&b), "the same seed, the same mix");
    assert!(stdout(&a).contains(" × CR "), "{}", stdout(&a));
    assert!(stdout(&a).contains("Difficulty: hard"), "{}", stdout(&a));
    let lock = lairsmith(
        dir.path(),
        &[
            "encounter",
            "generate",
            "--system",
            "d20-3e",
            "--party",
            "4x5",
            "--lock",
            "hedgemaw",
        ],
    );
    assert_eq!(lock.status.code(), Some(1));
}

fn parse(text: &str) -> Result<lairsmith_core::encounter::Encounter, String> {
    parse_encounter(text, Path::new("e.yaml")).map_err(|e| e.to_string())
}

#[test]
fn d1_each_file_says_its_system_and_groups_of_the_other_are_errors() {
    let head = "kind: encounter\nschema_version: 1\n";
    // Orcus stays the default: a file without `system` is Orcus, and saving leaves it out.
    let orcus = parse(&format!(
        "{head}name: A\nparty: {{size: 4, level: 5}}\ngroups:\n- monster: hedgemaw\n"
    ))
    .unwrap();
    assert_eq!(orcus.system, System::Orcus);
    assert!(!lairsmith_core::yaml_io::to_string(&orcus).contains("system"));
    let e = parse(&format!(
        "{head}name: A\nparty: {{size: 4, level: 5}}\ngroups:\n- cr: 3\n"
    ))
    .unwrap_err();
    assert!(
        e.contains("e.yaml:6:1") && e.contains("Orcus encounter"),
        "{e}"
    );
    let e = parse(&format!("{head}system: d20-3e\nname: A\nparty: {{size: 4, level: 5}}\ngroups:\n- monster: hedgemaw\n")).unwrap_err();
    assert!(e.contains("3rd-edition encounter"), "{e}");
    let e = parse(&format!(
        "{head}system: d20-3e\nname: A\nparty: {{size: 4, level: 25}}\n"
    ))
    .unwrap_err();
    assert!(e.contains("1 to 20"), "{e}");
    let e = parse(&format!(
        "{head}system: d20-3e\nname: A\nparty: {{size: 4, level: 5}}\ngroups:\n- cr: 1/5\n"
    ))
    .unwrap_err();
    assert!(e.contains("1 to 20, 1/2, 1/3, 1/4, 1/6, 1/8"), "{e}");
    let e = parse(&format!(
        "{head}system: d20-4e\nname: A\nparty: {{size: 4, level: 5}}\n"
    ))
    .unwrap_err();
    assert!(e.contains("orcus") && e.contains("d20-3e"), "{e}");
    let e = parse(&format!(
        "{head}name: A\nparty: {{size: 4, level: 5}}\ncircumstance: more\n"
    ))
    .unwrap_err();
    assert!(e.contains("3rd-edition"), "{e}");
    // The example reads, and round-trips.
    let example = format!(
        "{head}system: d20-3e\nname: Ogre Bridge\nparty: {{size: 4, level: 5}}\ncircumstance: more\ngroups:\n- cr: 5\n  count: 2\n  name: Ogre\n- cr: 1/2\n  count: 4\n- cr: 3\n  side: ally\n"
    );
    let e = parse(&example).unwrap();
    let again = parse(&lairsmith_core::yaml_io::to_string(&e)).unwrap();
    assert_eq!(e, again);
    let r = lairsmith_core::encounter::rating::d20e3::rate(
        &e,
        &lairsmith_core::encounter::Party::uniform(
            4,
            lairsmith_core::rules::Level::new(5).unwrap(),
        ),
    );
    // D5: 3,600 × 3/2 = 5,400 XP, EL 7 + 1 = 8.
    assert_eq!((r.xp, r.encounter_level), (5400, Some(8)));
}
