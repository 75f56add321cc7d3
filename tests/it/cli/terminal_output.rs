//! What reaches the terminal: no raw control characters from any file or argument, and no panic
//! when stdout is full or closed.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};

const HEDGEMAW: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/bestiary/hedgemaw.yaml"
));

/// OSC 52 (set the clipboard), CSI 6n (make the terminal type a reply), BEL, BS, CR, a C1 CSI
/// and a right-to-left override, as a YAML double-quoted scalar.
const EVIL_YAML: &str = r#""x\e]52;c;ZWNobyBwd25lZA==\a\e[6n\b\r\x9b6n\u202Ey""#;
/// The same, as the raw characters a command-line argument can hold.
const EVIL: &str = "x\u{1b}]52;c;ZWNobyBwd25lZA==\u{7}\u{1b}[6n\u{8}\r\u{9b}6n\u{202e}y";

fn lairsmith(data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lairsmith"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Asserts that neither stream holds a raw control character, a C1 control or a bidi override,
/// and that nothing panicked.
fn assert_clean(what: &str, o: &Output) {
    for (stream, bytes) in [("stdout", &o.stdout), ("stderr", &o.stderr)] {
        assert_clean_bytes(&format!("{what}: {stream}"), bytes);
    }
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("panicked"), "{what}: {err}");
    assert_ne!(o.status.code(), Some(101), "{what}: {err}");
}

fn assert_clean_bytes(what: &str, bytes: &[u8]) {
    for bad in [0x1b_u8, 0x07, 0x08, 0x0d] {
        assert!(
            !bytes.contains(&bad),
            "{what} holds the raw byte {bad:#04x}: {:?}",
            String::from_utf8_lossy(bytes)
        );
    }
    let text = String::from_utf8_lossy(bytes);
    assert!(
        !text.contains(['\u{9b}', '\u{202e}']),
        "{what} holds a raw C1 control or bidi override: {text:?}"
    );
}

/// Hedgemaw under another id and name, its prose replaced by `prose` when given.
fn monster(id: &str, name_yaml: &str, prose: Option<&str>) -> String {
    let text = HEDGEMAW
        .replace("id: hedgemaw", &format!("id: {id}"))
        .replace("name: Hedgemaw", &format!("name: {name_yaml}"));
    match prose {
        None => text,
        Some(p) => text
            .lines()
            .map(|l| {
                for key in ["description", "tactics"] {
                    if l.starts_with(&format!("{key}:")) {
                        return format!("{key}: {p}\n");
                    }
                }
                format!("{l}\n")
            })
            .collect(),
    }
}

/// A data directory where every kind of user text carries control characters: a monster's
/// description and tactics, a monster's name, a file's name, a value the parser quotes in its
/// error, an encounter's notes, name and label, a party member's name.
fn hostile_data() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for sub in ["bestiary", "encounters", "parties"] {
        std::fs::create_dir_all(d.join(sub)).unwrap();
    }
    let b = d.join("bestiary");
    std::fs::write(
        b.join("quiet-one.yaml"),
        monster("quiet-one", "Quiet One", Some(EVIL_YAML)),
    )
    .unwrap();
    std::fs::write(
        b.join("loud-one.yaml"),
        monster("loud-one", EVIL_YAML, None),
    )
    .unwrap();
    std::fs::write(
        b.join("file-\u{1b}]52;c;eA==\u{7}\u{1b}[6n\u{8}\r.yaml"),
        monster("file-named", "File Named", None),
    )
    .unwrap();
    std::fs::write(
        b.join("quoted.yaml"),
        monster("quoted", "Quoted", None).replace("rank: elite", &format!("rank: {EVIL_YAML}")),
    )
    .unwrap();
    let e = d.join("encounters");
    let encounter = |name: &str, label: &str, notes: &str| {
        format!(
            "kind: encounter\nschema_version: 1\nname: {name}\nparty:\n  size: 4\n  level: 14\ngroups:\n- monster: quiet-one\n  label: {label}\nnotes: {notes}\n"
        )
    };
    std::fs::write(
        e.join("notes.yaml"),
        encounter("Notes", "Front door", EVIL_YAML),
    )
    .unwrap();
    std::fs::write(
        e.join("bad-name.yaml"),
        encounter(EVIL_YAML, "Front door", "calm"),
    )
    .unwrap();
    std::fs::write(
        e.join("bad-label.yaml"),
        encounter("Bad Label", EVIL_YAML, "calm"),
    )
    .unwrap();
    let p = d.join("parties");
    std::fs::write(
        p.join("crew.yaml"),
        "kind: party\nschema_version: 1\nname: Crew\nmembers:\n- name: Ana\n  level: 3\n",
    )
    .unwrap();
    std::fs::write(
        p.join("evil.yaml"),
        format!(
            "kind: party\nschema_version: 1\nname: Evil\nmembers:\n- name: {EVIL_YAML}\n  level: 3\n"
        ),
    )
    .unwrap();
    dir
}

#[test]
fn control_chars_in_description_are_escaped_in_show() {
    let dir = hostile_data();
    for format in ["text", "md", "yaml"] {
        let o = lairsmith(dir.path(), &["show", "quiet-one", "--format", format]);
        assert!(o.status.success(), "{format}: {:?}", o);
        assert_clean(&format!("show --format {format}"), &o);
        let out = String::from_utf8_lossy(&o.stdout);
        if format == "yaml" {
            // The emitter's own escapes, which a YAML reader turns back into the text.
            assert!(
                out.contains(r"x\e]52;c;ZWNobyBwd25lZA==\a\e[6n\b\r\x9B6n"),
                "{out}"
            );
        } else {
            assert!(
                out.contains(
                    r"x\u001B]52;c;ZWNobyBwd25lZA==\u0007\u001B[6n\u0008\u000D\u009B6n\u202Ey"
                ),
                "{format}: {out}"
            );
        }
    }
}

#[test]
fn control_chars_reach_no_command_raw() {
    let dir = hostile_data();
    let d = dir.path();
    let bestiary = d.join("bestiary");
    let bestiary = bestiary.to_str().unwrap();
    let runs: Vec<Vec<&str>> = vec![
        vec!["list"],
        vec!["list", "--ids"],
        vec!["list", "one"],
        vec!["lint"],
        vec!["lint", "--format", "json"],
        vec!["fmt", "--check", bestiary],
        vec!["relevel", "quiet-one", "--level", "3"],
        vec!["encounter", "check", "notes"],
        vec!["encounter", "check", "notes", "--explain"],
        vec!["encounter", "check", "bad-name"],
        vec!["encounter", "check", "bad-label"],
        vec!["encounter", "export", "notes", "--format", "md"],
        vec!["encounter", "export", "notes", "--format", "text"],
        vec!["encounter", "export", "notes", "--format", "yaml"],
        vec!["encounter", "list"],
        vec!["party", "list"],
        vec!["budget", "--party", "crew"],
        vec!["budget", "--party", "evil"],
        vec![
            "encounter",
            "generate",
            "--party",
            "4x14",
            "--seed",
            "7",
            "--format",
            "md",
        ],
    ];
    for args in &runs {
        assert_clean(&args.join(" "), &lairsmith(d, args));
    }
    // The files with control characters in their names or names are reported, escaped.
    let list = lairsmith(d, &["list"]);
    let err = String::from_utf8_lossy(&list.stderr);
    assert!(err.contains("lairsmith: skipped"), "{err}");
    assert!(err.contains(r"\u001B]52"), "{err}");
    let lint = String::from_utf8_lossy(&lairsmith(d, &["lint"]).stdout).into_owned();
    assert!(lint.contains(r"file-\u001B]52;c;eA==\u0007"), "{lint}");
    // JSON stays valid: the escapes are JSON's own.
    let json = lairsmith(d, &["lint", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).expect("valid JSON");
    assert!(v.as_array().is_some_and(|a| a.len() == 4), "{v}");
}

#[test]
fn values_with_control_chars_on_the_command_line_are_refused_or_escaped() {
    let dir = hostile_data();
    let d = dir.path();
    let new = [
        "new", "--level", "3", "--role", "skulker", "--source", "fey", "--type", "beast",
    ];
    let (member, second) = (format!("{EVIL}=3"), format!("Ana=3,{EVIL}=4"));
    let runs: Vec<Vec<&str>> = vec![
        [&new[..], &["--name", EVIL]].concat(),
        [&new[..], &["--name", EVIL, "--save"]].concat(),
        vec!["encounter", "new", EVIL],
        vec!["encounter", "add", "notes", "quiet-one", "--label", EVIL],
        vec!["encounter", "generate", "--party", "4x3", "--name", EVIL],
        vec!["party", "new", EVIL, "--party", "4x3"],
        vec!["party", "new", "Crew Two", "--party", &member],
        vec!["budget", "--party", &second],
        vec!["relevel", "quiet-one", "--level", "3", "--save-as", EVIL],
    ];
    for args in &runs {
        let o = lairsmith(d, args);
        assert_eq!(o.status.code(), Some(1), "{args:?} is refused: {o:?}");
        assert_clean(&format!("{args:?}"), &o);
    }
    // Nothing was saved: no file is named after the slug of the hostile value.
    for sub in ["bestiary", "encounters", "parties"] {
        let names: Vec<_> = std::fs::read_dir(d.join(sub))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(
            names.iter().all(|n| !n.starts_with("x-52")),
            "{sub}: {names:?}"
        );
        assert!(
            names.iter().all(|n| n != "crew-two.yaml"),
            "{sub}: {names:?}"
        );
    }
    // Values quoted back in messages are escaped.
    for args in [
        vec!["show", EVIL],
        vec!["budget", "--party", EVIL],
        vec!["encounter", "check", EVIL],
    ] {
        let o = lairsmith(d, &args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        assert_clean(&format!("{args:?}"), &o);
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("]52;c;"),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    // Clap's messages too (the argument quoted as typed, escaped: see clap_errors.rs).
    for args in [vec!["list", "--rank", EVIL], vec![EVIL]] {
        let o = lairsmith(d, &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_clean(&format!("{args:?}"), &o);
    }
}

#[test]
fn markdown_and_text_written_with_out_are_escaped() {
    let dir = hostile_data();
    let d = dir.path();
    for (format, file) in [("md", "sheet.md"), ("text", "sheet.txt")] {
        let out = d.join(file);
        let o = lairsmith(
            d,
            &[
                "encounter",
                "export",
                "notes",
                "--format",
                format,
                "--out",
                out.to_str().unwrap(),
            ],
        );
        assert!(o.status.success(), "{o:?}");
        let written = std::fs::read(&out).unwrap();
        assert_clean_bytes(file, &written);
        if format == "md" {
            // The sheet carries the notes and the stat block's prose, escaped.
            let md = String::from_utf8_lossy(&written);
            assert!(md.contains(r"x\u001B]52;c;ZWNobyBwd25lZA==\u0007"), "{md}");
        }
    }
    // YAML keeps the text: the emitter escapes it, and reading it back gives the original.
    let out = d.join("copy.yaml");
    let o = lairsmith(
        d,
        &[
            "encounter",
            "export",
            "notes",
            "--format",
            "yaml",
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{o:?}");
    let written = std::fs::read_to_string(&out).unwrap();
    assert_clean_bytes("copy.yaml", written.replace('\u{202e}', "").as_bytes());
    let back: yaml_serde::Value = yaml_serde::from_str(&written).unwrap();
    assert_eq!(back["notes"].as_str(), Some(EVIL));
}

fn dev_full() -> Option<std::fs::File> {
    match std::fs::OpenOptions::new().write(true).open("/dev/full") {
        Ok(f) => Some(f),
        Err(e) => {
            eprintln!("skipped: /dev/full cannot be opened ({e})");
            None
        }
    }
}

fn run_into(data: &Path, args: &[&str], stdout: Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lairsmith"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs")
}

#[test]
fn show_to_dev_full_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        vec!["show", "hedgemaw"],
        vec!["list"],
        vec!["lint", "--format", "json"],
        vec!["--help"],
    ] {
        let Some(full) = dev_full() else { return };
        let o = run_into(dir.path(), &args, Stdio::from(full));
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert_eq!(
            err, "lairsmith: cannot write to standard output: No space left on device\n",
            "{args:?}"
        );
    }
}

/// Spawns lairsmith with stdout piped, reads one line, closes the pipe, and returns the exit
/// status and stderr.
fn read_one_line_then_close(data: &Path, args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lairsmith"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    assert!(!line.is_empty(), "{args:?} printed a first line");
    drop(reader);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn broken_pipe_ends_quietly() {
    // Far more output than a pipe holds (64 KiB on Linux), so lairsmith is still writing when
    // the reader goes away, whatever the timing.
    let dir = tempfile::tempdir().unwrap();
    lairsmith_core::fixtures::write_bestiary(&dir.path().join("bestiary"), 3000, 1).unwrap();
    for args in [vec!["list"], vec!["lint", "--format", "json"]] {
        let (code, err) = read_one_line_then_close(dir.path(), &args);
        assert_eq!(err, "", "{args:?}: quiet means no message");
        assert_eq!(code, Some(141), "{args:?}: 128 + SIGPIPE, as grep or cat");
    }
}

#[test]
fn encounter_check_into_a_closed_pipe_ends_quietly() {
    // A pipe whose reader is gone before lairsmith starts: its first write fails, every time.
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(
        dir.path(),
        &["encounter", "new", "Closed", "--party", "4x3"],
    );
    assert!(o.status.success(), "{o:?}");
    for args in [
        vec!["encounter", "check", "closed", "--explain"],
        vec!["show", "hedgemaw"],
        vec!["--help"],
    ] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let o = run_into(dir.path(), &args, Stdio::from(writer));
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err, "", "{args:?}");
        assert_eq!(o.status.code(), Some(141), "{args:?}");
    }
}
