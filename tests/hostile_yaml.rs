//! YAML that passed the old text guards: alias amplification measured in bytes, nesting that
//! hid behind a quote, a byte-order mark, and what `fmt` may rewrite. Commands run as children
//! under a 1 GiB address-space cap and a kill after 20 s, so a regression fails instead of
//! taking the machine down or hanging the run. No durations are asserted.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const GOOD: &str = include_str!("../bestiary/hedgemaw.yaml");

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// `lairsmith ARGS` with the data directory `data`, capped and killed if it hangs.
fn capped(data: &Path, args: &[&str]) -> Run {
    let mut cmd = format!(
        "ulimit -v 1048576; exec '{}' --data-dir '{}'",
        env!("CARGO_BIN_EXE_lairsmith"),
        data.display()
    );
    for a in args {
        cmd.push_str(&format!(" '{a}'"));
    }
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(cmd)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("lairsmith {args:?} still ran after 20 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let (mut stdout, mut stderr) = (String::new(), String::new());
    child.stdout.unwrap().read_to_string(&mut stdout).unwrap();
    child.stderr.unwrap().read_to_string(&mut stderr).unwrap();
    Run {
        code: status.code(),
        stdout,
        stderr,
    }
}

fn hostile(name: &str) -> Vec<u8> {
    lairsmith::fixtures::hostile_files()
        .into_iter()
        .find(|(n, _)| *n == name)
        .unwrap()
        .1
}

/// The file is refused by `show FILE` with a located error, and in the bestiary `list` still
/// lists the rest and reports it.
fn refused_everywhere(name: &str, expect: &str) {
    let dir = tempfile::tempdir().unwrap();
    let bytes = hostile(name);
    assert!(
        bytes.len() <= lairsmith::yaml_io::MAX_FILE_BYTES,
        "{name} is under the size limit"
    );
    let file = dir.path().join("bomb.yaml");
    std::fs::write(&file, &bytes).unwrap();
    let show = capped(dir.path(), &["show", file.to_str().unwrap()]);
    assert_eq!(show.code, Some(1), "{name}: {}", show.stderr);
    let prefix = format!("lairsmith: {}:", file.display());
    assert!(show.stderr.starts_with(&prefix), "{name}: {}", show.stderr);
    assert!(show.stderr.contains(expect), "{name}: {}", show.stderr);
    let best = dir.path().join("bestiary");
    std::fs::create_dir_all(&best).unwrap();
    std::fs::write(best.join("bomb.yaml"), &bytes).unwrap();
    let list = capped(dir.path(), &["list"]);
    assert_eq!(list.code, Some(0), "{name}: {}", list.stderr);
    assert!(
        list.stdout.contains("Hedgemaw"),
        "{name}: the rest still lists"
    );
    assert!(list.stderr.contains("bomb.yaml"), "{name}: {}", list.stderr);
    assert!(!list.stderr.contains("panicked"), "{name}: {}", list.stderr);
}

#[test]
fn alias_amplification_under_x_keys_is_refused() {
    refused_everywhere(
        "alias amplification under x- keys",
        "with its aliases expanded",
    );
}

#[test]
fn alias_amplification_through_typed_fields_is_refused() {
    refused_everywhere(
        "alias amplification through typed fields",
        "with its aliases expanded",
    );
}

#[test]
fn nesting_behind_an_apostrophe_or_escaped_quote_is_refused() {
    refused_everywhere(
        "deep brackets after an apostrophe",
        "nest more than 64 levels",
    );
    refused_everywhere(
        "deep brackets after an escaped quote",
        "nest more than 64 levels",
    );
}

#[test]
fn a_valid_block_scalar_of_brackets_loads() {
    let text = GOOD.replacen(
        "description: ",
        &format!(
            "x-notes: |\n{}description: ",
            "  [[[[ not a list, just text\n".repeat(70)
        ),
        1,
    );
    let d = lairsmith::bestiary::parse_monster(&text, Path::new("m.yaml")).unwrap();
    assert_eq!(d.id, "hedgemaw");
}

#[test]
fn a_utf8_bom_is_accepted() {
    let text = format!("\u{feff}{GOOD}");
    let d = lairsmith::bestiary::parse_monster(&text, Path::new("m.yaml")).unwrap();
    assert_eq!(d.id, "hedgemaw");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bom.yaml");
    std::fs::write(&file, text).unwrap();
    let show = capped(dir.path(), &["show", file.to_str().unwrap()]);
    assert_eq!(show.code, Some(0), "{}", show.stderr);
    assert!(show.stdout.contains("Hedgemaw"));
}

#[test]
fn fmt_refuses_a_latin1_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("latin1.yaml");
    let mut bytes = GOOD.as_bytes().to_vec();
    // "Hedgemaw" becomes "Hédgemaw" in Latin-1: one byte 0xE9.
    let at = bytes.windows(8).position(|w| w == b"Hedgemaw").unwrap();
    bytes.splice(at + 1..at + 2, [0xE9]);
    bytes.extend(b"x-b: 1\n");
    std::fs::write(&file, &bytes).unwrap();
    let show = capped(dir.path(), &["show", file.to_str().unwrap()]);
    let fmt = capped(dir.path(), &["fmt", file.to_str().unwrap()]);
    assert_eq!(fmt.code, Some(1), "{}", fmt.stderr);
    assert!(fmt.stderr.contains("not UTF-8"), "{}", fmt.stderr);
    assert_eq!(show.stderr, fmt.stderr, "fmt refuses the file as show does");
    assert_eq!(
        std::fs::read(&file).unwrap(),
        bytes,
        "the file is untouched"
    );
}

#[test]
fn fmt_refuses_to_change_x_values_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    for (value, shown) in [
        ("!!binary aGVsbG8=", "the tag `!!binary`"),
        ("!!set {a: null}", "the tag `!!set`"),
        ("0o17", "`0o17`, which would be written `15`"),
        ("~", "`~`, which would be written `null`"),
    ] {
        let file = dir.path().join("x.yaml");
        // Out of canonical order, so fmt would otherwise rewrite the file.
        let text = format!("x-mine: {value}\n{GOOD}");
        std::fs::write(&file, &text).unwrap();
        let fmt = capped(dir.path(), &["fmt", file.to_str().unwrap()]);
        assert_eq!(fmt.code, Some(1), "{value}: {}", fmt.stderr);
        assert!(
            fmt.stderr.contains(":1:9: fmt would change"),
            "{value}: {}",
            fmt.stderr
        );
        assert!(fmt.stderr.contains(shown), "{value}: {}", fmt.stderr);
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            text,
            "{value}: untouched"
        );
    }
    // Values that come back as written are rewritten as before.
    let file = dir.path().join("x.yaml");
    std::fs::write(&file, format!("x-mine: [15, null, hello, 'yes']\n{GOOD}")).unwrap();
    let fmt = capped(dir.path(), &["fmt", file.to_str().unwrap()]);
    assert_eq!(fmt.code, Some(0), "{}", fmt.stderr);
    assert!(fmt.stdout.contains("rewritten"));
    let back = std::fs::read_to_string(&file).unwrap();
    assert!(back.contains("x-mine:"), "{back}");
    let again = capped(dir.path(), &["fmt", "--check", file.to_str().unwrap()]);
    assert_eq!(again.code, Some(0), "canonical after one rewrite");
}
