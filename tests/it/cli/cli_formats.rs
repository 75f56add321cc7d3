//! The command line for scripts: every listing takes `--format text|yaml|json`, and every
//! command that prints YAML prints the same value as JSON.

use crate::common;

use common::{lairsmith, stderr, stdout};
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs `args` and asserts it wrote something to stdout; returns stdout and the exit status.
fn run(data: &Path, args: &[&str]) -> (String, Option<i32>) {
    let o = lairsmith(data, args);
    let out = stdout(&o);
    assert!(
        !out.is_empty(),
        "`{}` printed nothing (exit {:?}): {}",
        args.join(" "),
        o.status.code(),
        stderr(&o)
    );
    (out, o.status.code())
}

/// Runs `args` with `--format yaml` and `--format json` and returns both outputs parsed.
fn both(data: &Path, args: &[&str]) -> (Value, Value) {
    let with = |format: &str| {
        let mut a = args.to_vec();
        a.extend(["--format", format]);
        run(data, &a)
    };
    let (yaml, yaml_code) = with("yaml");
    let (json, json_code) = with("json");
    let what = args.join(" ");
    assert_eq!(yaml_code, json_code, "`{what}`: the same exit status");
    let y: Value = yaml_serde::from_str(&yaml)
        .unwrap_or_else(|e| panic!("`{what} --format yaml` is not YAML: {e}\n{yaml}"));
    let j: Value = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("`{what} --format json` is not JSON: {e}\n{json}"));
    (y, j)
}

fn assert_same(data: &Path, args: &[&str]) -> Value {
    let (y, j) = both(data, args);
    assert_eq!(y, j, "`{}`: YAML and JSON differ", args.join(" "));
    j
}

fn ok(data: &Path, args: &[&str]) -> String {
    let o = lairsmith(data, args);
    assert!(o.status.success(), "`{}`: {}", args.join(" "), stderr(&o));
    stdout(&o)
}

/// A data directory with a monster of the user's, two parties, an Orcus and a 3rd-edition
/// encounter, an adventure and a fight. Returns the fight's id.
fn small_data_dir(data: &Path) -> String {
    ok(
        data,
        &[
            "new",
            "--level",
            "5",
            "--role",
            "striker",
            "--source",
            "natural",
            "--type",
            "beast",
            "--name",
            "Marsh Cat",
            "--save",
        ],
    );
    ok(data, &["party", "new", "Heroes", "--party", "4x3"]);
    ok(data, &["party", "set", "trio", "Ana=3,Bo=4,Cy=5"]);
    ok(data, &["encounter", "new", "Bridge", "--party", "heroes"]);
    ok(
        data,
        &["encounter", "add", "bridge", "marsh-cat", "--count", "2"],
    );
    ok(
        data,
        &[
            "encounter",
            "add",
            "bridge",
            "hedgemaw",
            "--label",
            "The hedge",
        ],
    );
    ok(
        data,
        &[
            "encounter",
            "add",
            "bridge",
            "placeholder:3:standard:blocker",
            "--ally",
        ],
    );
    ok(
        data,
        &[
            "encounter",
            "add",
            "bridge",
            "challenge:3:4",
            "--name",
            "Cross the river",
            "--skill",
            "athletics:moderate",
        ],
    );
    ok(
        data,
        &[
            "encounter",
            "new",
            "Old ways",
            "--system",
            "d20-3e",
            "--party",
            "4x3",
        ],
    );
    ok(
        data,
        &["encounter", "add", "old-ways", "cr:2", "--count", "2"],
    );
    ok(
        data,
        &[
            "adventure",
            "new",
            "Campaign",
            "--party",
            "heroes",
            "--treasure",
            "steady",
            "--seed",
            "7",
        ],
    );
    ok(data, &["adventure", "add", "campaign", "bridge"]);
    ok(data, &["adventure", "add", "campaign", "bridge"]);
    ok(data, &["fight", "start", "bridge", "--seed", "3"]);
    let fights = ok(data, &["fight", "list"]);
    let id = fights
        .lines()
        .next()
        .expect("the fight is listed")
        .to_owned();
    for (i, pc) in ["character-1", "character-2", "character-3", "character-4"]
        .iter()
        .enumerate()
    {
        ok(data, &["fight", "init", &id, pc, &(10 + i).to_string()]);
    }
    ok(data, &["fight", "next", &id]);
    ok(data, &["fight", "damage", &id, "hedgemaw", "7"]);
    ok(data, &["fight", "condition", &id, "hedgemaw", "dazed"]);
    id
}

#[test]
fn yaml_and_json_carry_the_same_value_for_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let fight = small_data_dir(data);

    // Every monster of the shipped bestiary (and the user's), as a stat block.
    let monsters = assert_same(data, &["list"]);
    let ids: Vec<&str> = monsters
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_str().unwrap())
        .collect();
    assert!(ids.len() > 20 && ids.contains(&"marsh-cat"), "{ids:?}");
    for id in &ids {
        assert_same(data, &["show", id]);
    }
    // Every template, and one applied.
    let templates = assert_same(data, &["template", "list"]);
    let templates: Vec<&str> = templates
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert!(!templates.is_empty());
    for id in &templates {
        assert_same(data, &["template", "show", id]);
    }
    assert_same(data, &["template", "apply", "marsh-cat", templates[0]]);

    for args in [
        vec!["list", "hedge"],
        vec!["list", "--role", "striker", "--sort", "xp"],
        vec!["party", "list"],
        vec!["encounter", "list"],
        vec!["adventure", "list"],
        vec!["fight", "list"],
        vec![
            "new",
            "--level",
            "9",
            "--role",
            "wrecker",
            "--rank",
            "elite",
            "--source",
            "cosmic",
            "--type",
            "monstrosity",
            "--tag",
            "undead",
        ],
        vec!["relevel", "hedgemaw", "--level", "5", "--rank", "standard"],
        vec!["budget", "--party", "4x3"],
        vec!["budget", "--party", "trio", "--system", "d20-3e"],
        vec!["encounter", "check", "bridge"],
        vec![
            "encounter",
            "check",
            "bridge",
            "--explain",
            "--treasure",
            "steady",
            "--seed",
            "2",
        ],
        vec!["encounter", "check", "old-ways", "--explain"],
        vec!["encounter", "export", "bridge"],
        vec!["encounter", "export", "old-ways"],
        vec!["encounter", "generate", "--party", "4x3", "--seed", "1"],
        vec![
            "encounter",
            "generate",
            "--party",
            "4x3",
            "--seed",
            "1",
            "--system",
            "d20-3e",
        ],
        vec!["adventure", "check", "campaign"],
        vec!["adventure", "export", "campaign"],
        vec![
            "treasure",
            "plan",
            "--party",
            "4x3",
            "--encounters",
            "12",
            "--method",
            "steady",
            "--seed",
            "1",
        ],
        vec![
            "treasure",
            "plan",
            "--party",
            "trio",
            "--encounters",
            "3",
            "--method",
            "troves",
            "--seed",
            "1",
        ],
        vec![
            "treasure", "troves", "--party", "4x3", "--count", "3", "--seed", "1",
        ],
        vec!["fight", "show", &fight],
    ] {
        assert_same(data, &args);
    }
}

#[test]
fn every_listing_takes_a_format() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let fight = small_data_dir(data);
    let expect = [
        (vec!["list"], "marsh-cat"),
        (vec!["party", "list"], "trio"),
        (vec!["template", "list"], "shipped"),
        (vec!["encounter", "list"], "old-ways"),
        (vec!["adventure", "list"], "campaign"),
        (vec!["fight", "list"], fight.as_str()),
    ];
    for (args, id) in expect {
        let text = ok(data, &[&args[..], &["--format", "text"]].concat());
        assert_eq!(text, ok(data, &args), "{args:?}: text is the default");
        assert!(text.contains(id), "{args:?}: {text}");
        let json: Value =
            serde_json::from_str(&ok(data, &[&args[..], &["--format", "json"]].concat())).unwrap();
        let rows = json.as_array().expect("a listing is a sequence");
        assert!(
            rows.iter().all(|r| r["id"].is_string()),
            "{args:?}: every row has its id: {json}"
        );
        assert!(
            rows.iter().any(|r| r.to_string().contains(id)),
            "{args:?}: {json}"
        );
    }
    let fights: Value =
        serde_json::from_str(&ok(data, &["fight", "list", "--format", "json"])).unwrap();
    assert_eq!(fights[0]["encounter"], "bridge");
    assert_eq!(fights[0]["round"], 1);
    assert_eq!(fights[0]["ended"], false);
}

#[test]
fn an_empty_listing_is_an_empty_sequence() {
    let dir = tempfile::tempdir().unwrap();
    for listing in [
        vec!["party", "list"],
        vec!["encounter", "list"],
        vec!["adventure", "list"],
        vec!["fight", "list"],
        vec!["list", "no such monster at all"],
    ] {
        let json = ok(dir.path(), &[&listing[..], &["--format", "json"]].concat());
        assert_eq!(json.trim(), "[]", "{listing:?}");
        let yaml = ok(dir.path(), &[&listing[..], &["--format", "yaml"]].concat());
        assert_eq!(yaml.trim(), "[]", "{listing:?}");
    }
}

#[test]
fn list_keeps_its_table_and_ids_only() {
    let dir = tempfile::tempdir().unwrap();
    let table = ok(dir.path(), &["list", "hedge"]);
    assert!(table.starts_with("NAME"), "{table}");
    assert!(table.contains("hedgemaw"), "{table}");
    let ids = ok(dir.path(), &["list", "--ids", "hedge"]);
    assert!(ids.lines().all(|l| !l.contains(' ')), "{ids}");
    assert!(ids.lines().any(|l| l == "hedgemaw"), "{ids}");
    // Ids only is a format of its own.
    let o = lairsmith(dir.path(), &["list", "--ids", "--format", "json"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--ids"), "{}", stderr(&o));
}

#[test]
fn a_skipped_file_is_reported_on_stderr_and_the_json_still_parses() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    ok(data, &["party", "new", "Heroes", "--party", "4x3"]);
    ok(data, &["encounter", "new", "Bridge", "--party", "heroes"]);
    ok(data, &["adventure", "new", "Campaign", "--party", "heroes"]);
    for sub in ["parties", "encounters", "adventures"] {
        std::fs::write(data.join(sub).join("broken.yaml"), "name: [unclosed\n").unwrap();
    }
    std::fs::create_dir_all(data.join("bestiary")).unwrap();
    std::fs::write(data.join("bestiary").join("broken.yaml"), "level: [\n").unwrap();
    for listing in [
        vec!["party", "list"],
        vec!["encounter", "list"],
        vec!["adventure", "list"],
        vec!["list"],
    ] {
        for format in ["json", "yaml"] {
            let args = [&listing[..], &["--format", format]].concat();
            let o = lairsmith(data, &args);
            assert!(o.status.success(), "{args:?}: {}", stderr(&o));
            assert!(
                stderr(&o).contains("broken.yaml"),
                "{args:?}: {}",
                stderr(&o)
            );
            let out = stdout(&o);
            assert!(!out.contains("broken"), "{args:?}: {out}");
            let rows: Value = if format == "json" {
                serde_json::from_str(&out).unwrap()
            } else {
                yaml_serde::from_str(&out).unwrap()
            };
            assert!(!rows.as_array().unwrap().is_empty(), "{args:?}");
        }
    }
}

/// Runs `args` with stdout a pipe whose reader is already gone.
fn into_closed_pipe(data: &Path, args: &[&str]) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let o = Command::new(env!("CARGO_BIN_EXE_lairsmith"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .stdout(Stdio::from(writer))
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs");
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn yaml_and_json_into_a_closed_pipe_end_quietly() {
    // `lairsmith list --format json | head -1`: the reader goes away mid-output.
    let dir = tempfile::tempdir().unwrap();
    lairsmith_core::fixtures::write_bestiary(&dir.path().join("bestiary"), 3000, 1).unwrap();
    for format in ["json", "yaml"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lairsmith"))
            .arg("--data-dir")
            .arg(dir.path())
            .args(["list", "--format", format])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(!line.is_empty(), "{format}: a first line");
        drop(reader);
        let o = child.wait_with_output().unwrap();
        assert_eq!(String::from_utf8_lossy(&o.stderr), "", "{format}: quiet");
        assert_eq!(o.status.code(), Some(141), "{format}: 128 + SIGPIPE");
    }

    // Every data output, when the reader is gone before lairsmith writes.
    let small = tempfile::tempdir().unwrap();
    let fight = small_data_dir(small.path());
    for args in [
        vec!["party", "list", "--format", "json"],
        vec!["template", "list", "--format", "json"],
        vec!["encounter", "list", "--format", "yaml"],
        vec!["adventure", "list", "--format", "json"],
        vec!["fight", "list", "--format", "json"],
        vec!["fight", "show", &fight, "--format", "json"],
        vec!["show", "hedgemaw", "--format", "json"],
        vec!["encounter", "check", "bridge", "--format", "json"],
        vec!["adventure", "check", "campaign", "--format", "json"],
        vec!["budget", "--party", "4x3", "--format", "json"],
    ] {
        let (code, err) = into_closed_pipe(small.path(), &args);
        assert_eq!(err, "", "{args:?}");
        assert_eq!(code, Some(141), "{args:?}");
    }
}
