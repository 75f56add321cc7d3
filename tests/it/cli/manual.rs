//! `lairsmith completions` and `lairsmith man`, generated from the clap definitions: every
//! command is in them, and the bash script is valid bash.

use crate::common::{lairsmith, stderr, stdout};
use std::process::Command;

/// The top-level commands, as `lairsmith --help` lists them.
fn commands(data: &std::path::Path) -> Vec<String> {
    let o = lairsmith(data, &["--help"]);
    let help = stdout(&o);
    let start = help.find("Commands:").expect("a Commands section");
    help[start..]
        .lines()
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        // A command's line starts two spaces in; its description's next lines are further in.
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
        .filter(|c| c != "help")
        .collect()
}

#[test]
fn completions_cover_every_command_in_every_shell() {
    let dir = tempfile::tempdir().unwrap();
    let cmds = commands(dir.path());
    assert!(cmds.len() > 15, "{cmds:?}");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = lairsmith(dir.path(), &["completions", shell]);
        assert!(o.status.success(), "{shell}: {}", stderr(&o));
        let script = stdout(&o);
        for c in &cmds {
            assert!(script.contains(c.as_str()), "{shell} lacks {c}");
        }
    }
    // The bash script parses.
    let o = lairsmith(dir.path(), &["completions", "bash"]);
    let file = dir.path().join("lairsmith.bash");
    std::fs::write(&file, stdout(&o)).unwrap();
    let check = Command::new("bash").arg("-n").arg(&file).output().unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
    // Nothing was made in the data directory: these need none.
    assert!(!dir.path().join("bestiary").exists());
}

#[test]
fn the_manual_page_names_every_command_and_each_has_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(dir.path(), &["man"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let page = stdout(&o);
    assert!(
        page.starts_with(".ie") || page.contains(".TH lairsmith 1"),
        "{page}"
    );
    for c in commands(dir.path()) {
        assert!(page.contains(&c.replace('-', "\\-")), "the page lacks {c}");
        let o = lairsmith(dir.path(), &["man", &c]);
        assert!(o.status.success(), "{c}: {}", stderr(&o));
        assert!(
            stdout(&o).contains(&format!(".TH lairsmith-{c} 1")),
            "{c}: {}",
            stdout(&o)
        );
    }
    let o = lairsmith(dir.path(), &["man", "encounter", "add"]);
    assert!(
        stdout(&o).contains("challenge:LEVEL:SUCCESSES"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_manual_page_for_an_unknown_command_names_the_commands() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(dir.path(), &["man", "encounter", "nope"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("no manual page for `lairsmith encounter nope`: the commands of `lairsmith encounter` are new, add"),
        "{}",
        stderr(&o)
    );
}
