//! The reference pages made from the code: the keys (the keymap the UI runs on), the commands
//! (the clap definitions) and the limits table (`lairsmith-core/src/limits/`). A page that differs fails;
//! `UPDATE_DOCS=1 cargo test --test it docs::` writes it again.

use super::root;

const REGEN: &str = "UPDATE_DOCS=1 cargo test --test it docs::";

/// The keys page: every binding of every context, from the keymap in force (`?`'s reference as
/// Markdown, each context's bold title made a heading, so each has an anchor).
pub fn keys_page() -> String {
    let keys = lairsmith::tui::help::markdown(&lairsmith::tui::keymap::Keymap::default())
        .lines()
        .map(
            |l| match l.strip_prefix("**").and_then(|t| t.strip_suffix("**")) {
                Some(title) => format!("## {title}\n"),
                None => format!("{l}\n"),
            },
        )
        .collect::<String>();
    format!(
        "<!-- Generated from the keymap (src/tui/keymap/table.rs) by the test docs::generated; \
         do not edit. {REGEN} rewrites it. -->\n\n\
         # Keys by screen\n\n\
         Every key of the terminal UI, screen by screen and for each form, picker and question \
         that opens over a screen: the same rows the UI dispatches keys with and draws its help \
         bar and `?` from. Every key but `Ctrl-C` can be changed in the \
         [settings file](../guide/settings.md); how the screens work is in \
         [The screens](../guide/screens.md).\n\n{}",
        keys.trim_end().to_owned() + "\n"
    )
}

/// Writes `expected` to `path` under UPDATE_DOCS, else fails when the file differs.
fn check_page(path: &str, expected: &str) {
    let file = root().join(path);
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&file, expected).unwrap();
        return;
    }
    let written = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        written == expected,
        "{path} differs from what the code generates: run `{REGEN}`"
    );
}

/// Replaces what lies between `start` and `end` in `path` (the markers stay), or checks it.
pub fn check_between(path: &str, start: &str, end: &str, expected: &str) {
    let file = root().join(path);
    let text = std::fs::read_to_string(&file).unwrap();
    let a = text
        .find(start)
        .unwrap_or_else(|| panic!("{path} has no {start}"))
        + start.len();
    let b = text[a..]
        .find(end)
        .unwrap_or_else(|| panic!("{path} has no {end}"))
        + a;
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&file, format!("{}{expected}{}", &text[..a], &text[b..])).unwrap();
        return;
    }
    assert!(
        text[a..b] == *expected,
        "the generated part of {path} differs from what the code generates: run `{REGEN}`"
    );
}

#[test]
fn the_keys_page_is_the_keymap() {
    check_page("docs/src/reference/keys.md", &keys_page());
}

#[test]
fn the_commands_page_is_the_clap_definitions() {
    check_page(
        "docs/src/reference/commands.md",
        &lairsmith::cli::commands_markdown(),
    );
}

/// Each command and each flag `--help` knows has its place on the page (the page is made
/// from the definitions; this says the renderer leaves none out).
#[test]
fn the_commands_page_names_every_command_and_flag() {
    use clap::CommandFactory;
    let page = lairsmith::cli::commands_markdown();
    fn walk(cmd: &clap::Command, path: String, page: &str) {
        assert!(
            page.contains(&format!("## {path}\n")),
            "no section for {path}"
        );
        for a in cmd.get_arguments() {
            if let Some(l) = a.get_long()
                && !matches!(l, "help" | "version")
            {
                assert!(page.contains(&format!("--{l}")), "{path} --{l}");
            }
        }
        for s in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            walk(s, format!("{path} {}", s.get_name()), page);
        }
    }
    walk(&lairsmith::cli::Cli::command(), "lairsmith".into(), &page);
}
