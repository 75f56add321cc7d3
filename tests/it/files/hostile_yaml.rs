//! The hostile YAML of "Trust, round two": alias amplification, brackets hidden from a text
//! scan, a byte order mark, and `fmt` on files it would damage. The bombs run the binary as a
//! child under an address-space cap, so that a regression fails the test instead of eating the
//! machine. How long each case takes is measured in `cargo bench` ("hostile files").

use lairsmith_core::fixtures::{hostile_files, typed_alias_amplification, x_alias_amplification};
use std::path::Path;
use std::process::{Command, Output};

const GOOD: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/bestiary/hedgemaw.yaml"
));

/// Runs lairsmith with at most 2 GB of address space (an alias bomb wants tens of GB).
fn capped(data: &Path, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v 2000000; exec "$0" "$@""#)
        .arg(env!("CARGO_BIN_EXE_lairsmith"))
        .arg("--data-dir")
        .arg(data)
        .args(args)
        .output()
        .expect("sh runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The 1-based line and column of the `n`th (0-based) occurrence of `needle` in `text`.
fn position(text: &str, needle: &str, n: usize) -> (usize, usize) {
    let at = text.match_indices(needle).nth(n).expect("present").0;
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = at - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, column)
}

/// `show FILE` and `list` with the file in the user's bestiary both refuse the bomb: `show`
/// exits 1 and `list` skips it (listing the rest), each naming the alias that crossed the
/// bound, and neither panics or is killed by the cap.
fn assert_bomb_refused(text: &str, line: usize, column: Option<usize>) {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path().join("bestiary");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bomb.yaml");
    assert!(text.len() < 1024 * 1024, "the bomb is under the size limit");
    std::fs::write(&file, text).unwrap();
    let at = match column {
        Some(c) => format!("{}:{line}:{c}: ", file.display()),
        None => format!("{}:{line}:", file.display()),
    };

    let show = capped(data.path(), &["show", file.to_str().unwrap()]);
    let err = stderr(&show);
    assert_eq!(show.status.code(), Some(1), "show: {err}");
    assert!(err.starts_with(&format!("lairsmith: {at}")), "show: {err}");
    assert!(err.contains("alias bomb"), "show: {err}");
    assert!(!err.contains("panicked"), "show: {err}");

    let list = capped(data.path(), &["list"]);
    let err = stderr(&list);
    assert_eq!(list.status.code(), Some(0), "list: {err}");
    assert!(
        err.contains(&format!("lairsmith: skipped {at}")) && err.contains("alias bomb"),
        "list: {err}"
    );
    assert!(!err.contains("panicked"), "list: {err}");
    assert!(
        String::from_utf8_lossy(&list.stdout).contains("Hedgemaw"),
        "list still lists the shipped monsters"
    );
}

#[test]
fn alias_amplification_under_x_keys_is_refused() {
    let text = x_alias_amplification(GOOD);
    // Two copies of the 400,000-byte string fit in the bound; the third alias crosses it.
    let (line, column) = position(&text, "*a", 2);
    assert_bomb_refused(&text, line, Some(column));
}

#[test]
fn alias_amplification_through_a_typed_field_is_refused() {
    let text = typed_alias_amplification(GOOD);
    let (line, column) = position(&text, "*a", 2);
    assert_bomb_refused(&text, line, Some(column));
}

#[test]
fn a_small_anchor_aliased_100000_times_is_refused_by_the_node_bound() {
    let (_, bytes) = hostile_files()
        .into_iter()
        .find(|(n, _)| *n == "small anchor aliased 100000 times")
        .unwrap();
    let text = String::from_utf8(bytes).unwrap();
    // 11 nodes an alias: one of the first 5,000 crosses the bound of 50,000 nodes.
    let (line, _) = position(&text, "x-r:", 0);
    assert_bomb_refused(&text, line, None);
}

/// Brackets after text that fooled the old scan for quotes are still counted, and the file is
/// refused at the 65th bracket (not by yaml_serde's own limit, further on and much later).
#[test]
fn nesting_scan_bypasses_are_refused_at_the_65th_bracket() {
    let deep = format!("x-deep: {}{}\n", "[".repeat(40_000), "]".repeat(40_000));
    for before in ["x-a: it's\n", "x-a: \"say \\\"hi\"\n", "x-a: |\n  it's\n"] {
        let text = format!("{GOOD}{before}{deep}");
        let data = tempfile::tempdir().unwrap();
        let file = data.path().join("deep.yaml");
        std::fs::write(&file, &text).unwrap();
        let out = capped(data.path(), &["show", file.to_str().unwrap()]);
        let (line, _) = position(&text, "x-deep", 0);
        assert_eq!(out.status.code(), Some(1), "{before:?}");
        assert_eq!(
            stderr(&out),
            format!(
                "lairsmith: {}:{line}:{}: brackets nest more than 64 levels deep; lairsmith refuses the file\n",
                file.display(),
                "x-deep: ".len() + 65
            ),
            "{before:?}"
        );
    }
}

#[test]
fn a_valid_block_scalar_of_70_lines_starting_with_a_bracket_loads() {
    let notes: String = (0..70)
        .map(|i| format!("  [{i} an open bracket\n"))
        .collect();
    let text = format!("{GOOD}x-notes: |\n{notes}");
    let d = lairsmith_core::monster::parse_monster(&text, Path::new("m.yaml")).unwrap();
    let kept = format!("{:?}", d.extra);
    assert!(kept.contains("[69 an open bracket"), "{kept}");
}

#[test]
fn a_utf8_byte_order_mark_is_skipped() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("bom.yaml");
    std::fs::write(&file, format!("\u{feff}{GOOD}")).unwrap();
    let (d, _) = lairsmith_core::monster::load_file(&file).unwrap();
    assert_eq!(d.id, "hedgemaw");
    let out = capped(data.path(), &["show", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn fmt_refuses_a_latin1_file_with_the_error_show_gives() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("latin1.yaml");
    let mut bytes = GOOD
        .replace("description: A", "description: \u{e9}")
        .into_bytes();
    let i = bytes.windows(2).position(|w| w == "é".as_bytes()).unwrap();
    bytes.splice(i..i + 2, [0xE9]);
    // Not canonical either, so that fmt would rewrite it if it read it.
    bytes.extend_from_slice(b"x-z:   [1,  2]\n");
    std::fs::write(&file, &bytes).unwrap();

    let fmt = capped(data.path(), &["fmt", file.to_str().unwrap()]);
    let show = capped(data.path(), &["show", file.to_str().unwrap()]);
    assert_eq!(fmt.status.code(), Some(1));
    assert!(stderr(&show).contains("not UTF-8"), "{}", stderr(&show));
    assert_eq!(stderr(&fmt), stderr(&show));
    assert_eq!(
        std::fs::read(&file).unwrap(),
        bytes,
        "fmt left the file alone"
    );
}

#[test]
fn fmt_refuses_to_change_x_values_and_says_where_and_what() {
    let cases: &[(&str, &str)] = &[
        ("!!binary aGVsbG8=", "the tag `!!binary`"),
        ("!!set {a, b}", "the tag `!!set`"),
        ("0o17", "`0o17` here, which fmt would write as `15`"),
        ("0x1F", "`0x1F` here, which fmt would write as `31`"),
        ("~", "`~` here, which fmt would write as `null`"),
        (
            "",
            "holds an empty value here, which fmt would write as `null`",
        ),
        ("1e3", "`1e3` here, which fmt would write as `1000.0`"),
        (
            "[a, {b: True}]",
            "`True` here, which fmt would write as `true`",
        ),
        ("&v [1]\nx-w: *v", "the anchor `&v`"),
    ];
    for (value, says) in cases {
        let data = tempfile::tempdir().unwrap();
        let file = data.path().join("m.yaml");
        // Reordered keys make the file non-canonical, so fmt would rewrite it.
        let text = format!("{GOOD}x-v: {value}\n").replacen(
            "kind: monster\nschema_version: 1\n",
            "schema_version: 1\nkind: monster\n",
            1,
        );
        std::fs::write(&file, &text).unwrap();
        let (line, _) = position(&text, "x-v:", 0);
        for args in [&["fmt"][..], &["fmt", "--check"]] {
            let mut args = args.to_vec();
            args.push(file.to_str().unwrap());
            let out = capped(data.path(), &args);
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(1), "{value}: {err}");
            assert!(
                err.starts_with(&format!("lairsmith: {}:{line}:", file.display())),
                "{value}: {err}"
            );
            assert!(err.contains(says), "{value}: {err}");
            assert!(
                err.contains("fmt leaves the file as it is"),
                "{value}: {err}"
            );
            assert_eq!(std::fs::read_to_string(&file).unwrap(), text, "{value}");
        }
    }
}

#[test]
fn fmt_rewrites_x_values_that_come_back_as_written() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("m.yaml");
    let text = format!(
        "{GOOD}x-v: [1, two, 'three', yes, 2.5, \"quoted\", {{k: v}}]\nx-w: |\n  kept\n  lines\n"
    )
    .replacen(
        "kind: monster\nschema_version: 1\n",
        "schema_version: 1\nkind: monster\n",
        1,
    );
    std::fs::write(&file, &text).unwrap();
    let out = capped(data.path(), &["fmt", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let after = std::fs::read_to_string(&file).unwrap();
    assert_ne!(after, text, "fmt rewrote the file");
    let m = Path::new("m.yaml");
    let before = lairsmith_core::monster::parse_monster(&text, m).unwrap();
    let rewritten = lairsmith_core::monster::parse_monster(&after, m).unwrap();
    assert_eq!(before, rewritten);
}

/// Aliases in typed fields are written out in full by fmt; a rewrite past the size limit would
/// leave a file that no longer loads.
#[test]
fn fmt_refuses_a_rewrite_larger_than_lairsmith_reads() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("m.yaml");
    let text: String = GOOD
        .lines()
        .filter(|l| !l.starts_with("description:"))
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        .replacen(
            "languages:\n- Elvish (understands only)\n",
            &format!(
                "description: &a \"{}\"\nlanguages: [*a, *a, *a]\n",
                "A".repeat(340_000)
            ),
            1,
        );
    std::fs::write(&file, &text).unwrap();
    let show = capped(data.path(), &["show", file.to_str().unwrap()]);
    assert_eq!(show.status.code(), Some(0), "{}", stderr(&show));
    let out = capped(data.path(), &["fmt", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("more than the 1048576 lairsmith reads"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
}
