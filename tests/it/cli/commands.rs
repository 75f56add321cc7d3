//! The binary, run as a user would, against a temporary data directory.

use crate::common;
use std::path::Path;
use std::process::{Command, Output};

fn lairsmith(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lairsmith"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

const FROG: &[&str] = &[
    "new",
    "--level",
    "4",
    "--rank",
    "standard",
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
];

fn golden(name: &str, actual: &str) {
    common::golden(name, actual);
}

#[test]
fn new_giant_frog_markdown_matches_golden() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(dir.path(), &[FROG, &["--format", "md"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let md = stdout(&o);
    assert!(
        md.contains("*Level 4 Skulker* · *Medium Natural Beast ● Aquatic* · **XP 175**"),
        "{md}"
    );
    assert!(
        md.contains("**AC** 18, **Fortitude** 16, **Reflex** 17, **Will** 15"),
        "{md}"
    );
    assert!(md.contains("**HP** 37; **Staggered** 18"), "{md}");
    assert!(!md.contains('|'), "no tables in Markdown");
    golden("giant-frog.md", &md);
}

#[test]
fn shipped_monsters_markdown_and_text_match_golden() {
    let dir = tempfile::tempdir().unwrap();
    for (id, format, file) in [
        ("hedgemaw", "md", "hedgemaw.md"),
        ("kilnwing-darter", "md", "kilnwing-darter.md"),
        ("millstone-thane", "text", "millstone-thane.txt"),
    ] {
        let o = lairsmith(dir.path(), &["show", id, "--format", format]);
        assert!(o.status.success(), "{}", stderr(&o));
        golden(file, &stdout(&o));
    }
}

#[test]
fn yaml_export_carries_the_resolved_keys() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(dir.path(), &[FROG, &["--format", "yaml"]].concat());
    let v: yaml_serde::Value = yaml_serde::from_str(&stdout(&o)).unwrap();
    for key in [
        "id",
        "name",
        "level",
        "rank",
        "role",
        "leader",
        "size",
        "source",
        "type",
        "tags",
        "xp",
        "hp",
        "staggered",
        "defenses",
        "saving_throw_bonus",
        "action_points",
        "recoveries",
        "initiative",
        "perception",
        "speed",
        "abilities",
        "skills",
        "resistances",
        "vulnerabilities",
        "immunities",
        "space",
        "reach",
        "knowledge",
        "powers",
    ] {
        assert!(v.get(key).is_some(), "missing key {key}");
    }
    assert_eq!(v["defenses"]["ac"].as_i64(), Some(18));
    assert_eq!(v["abilities"]["dex"]["modifier"].as_i64(), Some(6));
    assert_eq!(v["knowledge"]["skill"].as_str(), Some("nature"));
    let p = &v["powers"][0];
    for key in [
        "name", "usage", "action", "basic", "origin", "range", "targets", "attack", "damage", "hit",
    ] {
        assert!(p.get(key).is_some(), "power is missing {key}");
    }
    assert_eq!(p["attack"]["bonus"].as_i64(), Some(9));
    assert_eq!(p["damage"].as_str(), Some("1d12+5"));
    // A mook's damage is a number.
    let o = lairsmith(dir.path(), &["show", "kilnwing-darter", "--format", "yaml"]);
    let v: yaml_serde::Value = yaml_serde::from_str(&stdout(&o)).unwrap();
    assert!(v["powers"][0]["damage"].is_u64());
}

#[test]
fn save_show_list_relevel_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(dir.path(), &[FROG, &["--save"]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let path = stdout(&o).trim().to_owned();
    assert!(path.ends_with("bestiary/giant-frog.yaml"), "{path}");
    assert!(Path::new(&path).is_file());
    // Saving again with the same name is refused, and nothing is lost.
    let again = lairsmith(dir.path(), &[FROG, &["--save"]].concat());
    assert_eq!(again.status.code(), Some(1));
    assert!(
        stderr(&again).contains("already used"),
        "{}",
        stderr(&again)
    );

    let shown = lairsmith(dir.path(), &["show", "giant-frog"]);
    assert!(stdout(&shown).contains("Level 4 Skulker"));

    let listed = lairsmith(dir.path(), &["list", "gfrog"]);
    let first = stdout(&listed)
        .lines()
        .nth(1)
        .unwrap_or_default()
        .to_owned();
    assert!(first.starts_with("Giant Frog"), "{}", stdout(&listed));
    assert!(first.contains("(yours)"));

    let re = lairsmith(dir.path(), &["relevel", "giant-frog", "--level", "9"]);
    let text = stdout(&re);
    assert!(text.contains("Level 9 Skulker"), "{text}");
    assert!(text.contains("AC 23"), "{text}");

    let saved = lairsmith(
        dir.path(),
        &[
            "relevel",
            "giant-frog",
            "--level",
            "9",
            "--rank",
            "elite",
            "--save-as",
            "giant-frog-elder",
        ],
    );
    assert!(saved.status.success(), "{}", stderr(&saved));
    let elder = lairsmith(
        dir.path(),
        &["show", "giant-frog-elder", "--format", "yaml"],
    );
    let v: yaml_serde::Value = yaml_serde::from_str(&stdout(&elder)).unwrap();
    assert_eq!(v["hp"].as_i64(), Some(2 * (21 + 4 * 9)));

    let in_place = lairsmith(
        dir.path(),
        &["relevel", "giant-frog", "--level", "5", "--save"],
    );
    assert!(in_place.status.success(), "{}", stderr(&in_place));
    assert!(std::fs::read_to_string(&path).unwrap().contains("level: 5"));

    let shipped = lairsmith(
        dir.path(),
        &["relevel", "hedgemaw", "--level", "5", "--save"],
    );
    assert_eq!(shipped.status.code(), Some(1));
    assert!(
        stderr(&shipped).contains("shipped monster"),
        "{}",
        stderr(&shipped)
    );
}

#[test]
fn list_filters_and_sorts() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(
        dir.path(),
        &["list", "--role", "wrecker", "--level", "1..10", "--ids"],
    );
    let ids: Vec<String> = stdout(&o).lines().map(str::to_owned).collect();
    assert!(!ids.is_empty());
    for id in &ids {
        let y = lairsmith(dir.path(), &["show", id, "--format", "yaml"]);
        let v: yaml_serde::Value = yaml_serde::from_str(&stdout(&y)).unwrap();
        assert_eq!(v["role"].as_str(), Some("wrecker"));
        assert!((1..=10).contains(&v["level"].as_i64().unwrap()));
    }
    let by_xp = lairsmith(dir.path(), &["list", "--sort", "xp"]);
    let xps: Vec<i64> = stdout(&by_xp)
        .lines()
        .skip(1)
        .map(|l| {
            l.split_whitespace()
                .rev()
                .nth(1)
                .unwrap()
                .parse()
                .unwrap_or(0)
        })
        .collect();
    assert!(xps.len() >= 40);
    let bad = lairsmith(dir.path(), &["list", "--role", "lurk"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("did you mean `skulker`"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn unknown_ids_and_bad_values_are_sentences() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(dir.path(), &["show", "hedgemw"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("did you mean `hedgemaw`"),
        "{}",
        stderr(&o)
    );
    let o = lairsmith(
        dir.path(),
        &[
            "new", "--level", "31", "--role", "archer", "--source", "fey", "--type", "beast",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("outside 1-30"));
    let o = lairsmith(
        dir.path(),
        &[
            "new", "--level", "3", "--role", "archer", "--source", "fey", "--type", "beast",
            "--tag", "undaed",
        ],
    );
    assert!(
        stderr(&o).contains("did you mean `undead`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn lint_reports_and_exits() {
    let dir = tempfile::tempdir().unwrap();
    let shipped = lairsmith(
        dir.path(),
        &["lint", concat!(env!("CARGO_MANIFEST_DIR"), "/bestiary")],
    );
    assert!(shipped.status.success(), "{}", stdout(&shipped));
    assert!(
        stdout(&shipped).contains("0 errors, 0 warnings"),
        "{}",
        stdout(&shipped)
    );

    let bestiary = dir.path().join("bestiary");
    std::fs::create_dir_all(&bestiary).unwrap();
    let frog = stdout(&lairsmith(dir.path(), &[FROG, &["--save"]].concat()));
    let text = std::fs::read_to_string(frog.trim()).unwrap();
    let with_override = text.clone() + "overrides:\n  hp:\n    value: 50\n    reason: a fat frog\n";
    std::fs::write(frog.trim(), &with_override).unwrap();
    let o = lairsmith(dir.path(), &["lint"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains("warning[override]: hp is overridden: 50 instead of 37 (+13, +35.1%); reason: a fat frog"), "{out}");
    let strict = lairsmith(dir.path(), &["lint", "--strict"]);
    assert_eq!(strict.status.code(), Some(1));

    let json = lairsmith(dir.path(), &["lint", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(
        v[0]["findings"][0]["departure"]["percent"].as_f64(),
        Some(35.1)
    );

    // No basic attack is an error; an invalid file is an error.
    let no_basic = text.replace("  basic: true\n", "");
    std::fs::write(frog.trim(), no_basic).unwrap();
    std::fs::write(bestiary.join("broken.yaml"), "kind: monster\nlevel: [\n").unwrap();
    let o = lairsmith(dir.path(), &["lint"]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert!(out.contains("error[no-basic-attack]"), "{out}");
    assert!(
        out.contains("broken.yaml: error[invalid-file]: line"),
        "{out}"
    );
}

#[test]
fn elite_without_extra_attacks_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let saved = lairsmith(
        dir.path(),
        &[
            "new",
            "--level",
            "5",
            "--rank",
            "elite",
            "--role",
            "wrecker",
            "--source",
            "natural",
            "--type",
            "humanoid",
            "--name",
            "Lone Brute",
            "--save",
        ],
    );
    let path = stdout(&saved).trim().to_owned();
    let text = std::fs::read_to_string(&path).unwrap();
    let cut = text.find("- name: Double Attack").unwrap();
    std::fs::write(&path, &text[..cut]).unwrap();
    let o = lairsmith(dir.path(), &["lint", &path]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("error[attack-rate]: an elite should attack about 2 times a round"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn data_dir_from_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_lairsmith"))
        .env("LAIRSMITH_DATA_DIR", dir.path())
        .args(FROG)
        .arg("--save")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(dir.path().join("bestiary/giant-frog.yaml").is_file());
}

#[test]
fn fmt_check_finds_non_canonical_files() {
    let dir = tempfile::tempdir().unwrap();
    let saved = stdout(&lairsmith(dir.path(), &[FROG, &["--save"]].concat()));
    let path = saved.trim();
    let ok = lairsmith(dir.path(), &["fmt", "--check", path]);
    assert!(ok.status.success());
    let text = std::fs::read_to_string(path)
        .unwrap()
        .replace("level: 4", "level:    4");
    std::fs::write(path, text).unwrap();
    let o = lairsmith(dir.path(), &["fmt", "--check", path]);
    assert_eq!(o.status.code(), Some(1));
    let o = lairsmith(dir.path(), &["fmt", path]);
    assert!(o.status.success());
    assert!(
        lairsmith(dir.path(), &["fmt", "--check", path])
            .status
            .success()
    );
}

#[test]
fn budget_yaml_keys_and_text() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(
        dir.path(),
        &["budget", "--party", "4x3", "--format", "yaml"],
    );
    let v: yaml_serde::Value = yaml_serde::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["budget"].as_u64(), Some(600));
    assert_eq!(v["party_level"].as_i64(), Some(3));
    let names: Vec<&str> = v["bands"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["trivial", "easy", "standard", "hard", "deadly"]);
    assert!(v["bands"][2]["min_xp"].is_u64() && v["bands"][2]["max_xp"].is_u64());
    let text = stdout(&lairsmith(dir.path(), &["budget", "--party", "4x3"]));
    assert!(text.contains("lairsmith's own reading"), "{text}");
    let bad = lairsmith(dir.path(), &["budget", "--party", "4y3"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(stderr(&bad).contains("is not a party"), "{}", stderr(&bad));
}

#[test]
fn encounter_new_add_remove_check_export() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(
        dir.path(),
        &["encounter", "new", "Glass and Shadow", "--party", "4x6"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let path = stdout(&o).trim().to_owned();
    assert!(path.ends_with("encounters/glass-and-shadow.yaml"));
    for args in [
        vec!["encounter", "add", "glass-and-shadow", "voidglass-orrery"],
        vec![
            "encounter",
            "add",
            "glass-and-shadow",
            "gloamblade-stalker",
            "--count",
            "3",
        ],
        vec![
            "encounter",
            "add",
            "glass-and-shadow",
            "placeholder:6:standard:blocker",
        ],
        vec![
            "encounter",
            "add",
            "glass-and-shadow",
            "halcyon-sunarcher",
            "--ally",
        ],
        vec![
            "encounter",
            "remove",
            "glass-and-shadow",
            "placeholder:6:standard:blocker",
        ],
    ] {
        let o = lairsmith(dir.path(), &args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
    let unknown = lairsmith(
        dir.path(),
        &["encounter", "add", "glass-and-shadow", "voidglas-orery"],
    );
    assert_eq!(unknown.status.code(), Some(1));
    assert!(
        stderr(&unknown).contains("`voidglass-orrery`"),
        "{}",
        stderr(&unknown)
    );
    let check = lairsmith(
        dir.path(),
        &["encounter", "check", "glass-and-shadow", "--format", "yaml"],
    );
    let v: yaml_serde::Value = yaml_serde::from_str(&stdout(&check)).unwrap();
    for key in [
        "xp",
        "budget",
        "ratio",
        "party_level",
        "encounter_level",
        "band",
        "xp_per_character",
        "warnings",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["xp"].as_u64(), Some(800 + 3 * 250));
    assert_eq!(v["band"].as_str(), Some("hard"));
    let explain = stdout(&lairsmith(
        dir.path(),
        &["encounter", "check", &path, "--explain"],
    ));
    assert!(
        explain.contains("Monster Statistics: Level") && explain.contains("[ours"),
        "{explain}"
    );
    let sheet = stdout(&lairsmith(
        dir.path(),
        &["encounter", "export", "glass-and-shadow", "--format", "md"],
    ));
    assert!(sheet.starts_with("# Glass and Shadow"));
    assert_eq!(
        sheet.matches("### Gloamblade Stalker").count(),
        1,
        "each stat block once"
    );
    assert!(sheet.contains("(ally, not counted)"));
}

#[test]
fn generate_twice_with_a_seed_gives_the_same_encounter() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "encounter",
        "generate",
        "--party",
        "4x5",
        "--difficulty",
        "hard",
        "--seed",
        "99",
    ];
    let a = lairsmith(dir.path(), &args);
    let b = lairsmith(dir.path(), &args);
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(stdout(&a), stdout(&b));
    let file = dir.path().join("gen.yaml");
    let o = lairsmith(
        dir.path(),
        &[&args[..], &["--out", file.to_str().unwrap()]].concat(),
    );
    assert!(o.status.success());
    let check = lairsmith(
        dir.path(),
        &[
            "encounter",
            "check",
            file.to_str().unwrap(),
            "--format",
            "yaml",
        ],
    );
    let v: yaml_serde::Value = yaml_serde::from_str(&stdout(&check)).unwrap();
    assert_eq!(v["band"].as_str(), Some("hard"));
    let impossible = lairsmith(
        dir.path(),
        &[
            "encounter",
            "generate",
            "--party",
            "4x20",
            "--difficulty",
            "deadly",
            "--role",
            "archer",
            "--rank",
            "mook",
            "--max-monsters",
            "2",
            "--seed",
            "1",
        ],
    );
    assert_eq!(impossible.status.code(), Some(1));
    assert!(
        stderr(&impossible).contains("could not fill"),
        "{}",
        stderr(&impossible)
    );
}

#[test]
fn saved_parties_are_used_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(
        dir.path(),
        &[
            "party",
            "new",
            "The Lanterns",
            "--party",
            "Ana=6,Bo=6,Cy=7,Di=5",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let v: yaml_serde::Value = yaml_serde::from_str(&stdout(&lairsmith(
        dir.path(),
        &["budget", "--party", "the-lanterns", "--format", "yaml"],
    )))
    .unwrap();
    assert_eq!(v["budget"].as_u64(), Some(250 + 250 + 300 + 200));
    let listed = stdout(&lairsmith(dir.path(), &["party", "list"]));
    assert!(listed.contains("The Lanterns"), "{listed}");
}

#[test]
fn the_readme_shows_the_real_giant_frog() {
    let readme = crate::docs::page("guide/monsters.md");
    // The snapshot's text, after insta's header.
    let snap = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/snapshots/giant-frog.md.snap"
    ))
    .unwrap();
    let golden = snap
        .splitn(3, "---\n")
        .nth(2)
        .unwrap()
        .trim_end()
        .to_owned();
    assert!(
        readme.contains(&golden),
        "the guide's example output (guide/monsters.md) is out of date"
    );
}
