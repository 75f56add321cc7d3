//! The settings file: keys rebound by action name, themes, and every way a file can be wrong,
//! read against a small schema built here (the UI supplies the real one).

use lairsmith::config::{
    self, ActionSchema, Base, Colour, Config, NamedColour, Schema, conflicts, defaults, load,
    parse, path_from, render_defaults,
};
use lairsmith::keyspec::{KeyName, KeySpec, MAX_F};
use proptest::prelude::*;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

const EVERYWHERE: &[&str] = &["bestiary", "forge", "encounter"];

fn keys(specs: &[&str]) -> Vec<KeySpec> {
    specs.iter().map(|s| s.parse().unwrap()).collect()
}

static ACTIONS: LazyLock<Vec<ActionSchema<'static>>> = LazyLock::new(|| {
    let action = |name, contexts, defaults: &[&str], description| ActionSchema {
        name,
        contexts,
        defaults: keys(defaults),
        description,
    };
    vec![
        action("quit", EVERYWHERE, &["q"], "Quit"),
        action("help", EVERYWHERE, &["?"], "Show every key"),
        action("save", &["forge", "encounter"], &["Ctrl-s"], "Save"),
        action(
            "new_monster",
            &["bestiary"],
            &["n"],
            "New monster in the Forge",
        ),
        action("next_step", &["forge"], &["]", "PageDown"], "Next step"),
        action("prev_step", &["forge"], &["[", "PageUp"], "Previous step"),
        action("add", &["encounter"], &["a"], "Add a monster"),
    ]
});

fn schema() -> Schema<'static> {
    Schema {
        actions: &ACTIONS,
        colour_slots: &["accent", "error", "dim"],
        reserved: &[],
    }
}

fn read(text: &str) -> Result<Config, String> {
    parse(text, Path::new("config.yaml"), &schema()).map_err(|e| e.to_string())
}

fn error(text: &str) -> String {
    read(text).unwrap_err()
}

#[test]
fn quit_q_rebinds_and_the_default_no_longer_applies() {
    let c = read("keys:\n  quit: [\"Q\"]\n").unwrap();
    assert_eq!(c.keys("quit"), keys(&["Q"]));
    assert!(!c.keys("quit").contains(&KeySpec::char('q')));
    // Everything the file does not name keeps its default.
    let d = defaults(&schema());
    for a in ACTIONS.iter().filter(|a| a.name != "quit") {
        assert_eq!(c.keys(a.name), d.keys(a.name), "{}", a.name);
    }
    assert_eq!(c.theme, d.theme);
    assert_eq!(d.keys("quit"), keys(&["q"]));
}

#[test]
fn several_keys_per_action() {
    // Where `[` and `]` need AltGr, the Forge's step keys move to keys that do not.
    let c = read(
        "keys:\n  next_step: [\"]\", \"PageDown\", \"Alt-l\"]\n  prev_step:\n    - Alt-h\n    - PgUp\n",
    )
    .unwrap();
    assert_eq!(c.keys("next_step"), keys(&["]", "PageDown", "Alt-l"]));
    assert_eq!(c.keys("prev_step"), keys(&["Alt-h", "PageUp"]));
    // One key may also be written without the list.
    let c = read("keys: {help: F1}\n").unwrap();
    assert_eq!(c.keys("help"), [KeySpec::plain(KeyName::F(1))]);
}

#[test]
fn render_defaults_parses_back_to_the_defaults() {
    let text = render_defaults(&schema());
    assert_eq!(read(&text), Ok(defaults(&schema())));
    assert!(
        text.contains("  next_step: [\"]\", \"PageDown\"]")
            && text.contains("# Next step [forge]")
            && text.contains("# Quit [bestiary, forge, encounter]")
            && text.contains("theme: dark\n"),
        "{text}"
    );
    assert!(conflicts(&schema(), &defaults(&schema()).bindings).is_empty());
}

#[test]
fn an_unknown_action_names_the_line_and_the_valid_names() {
    let e = error("theme: dark\nkeys:\n  quit: [q]\n  nxt_step: [\"]\"]\n");
    assert_eq!(
        e,
        "config.yaml:4:3: unknown action `nxt_step` (did you mean `next_step`?); valid values: \
         quit, help, save, new_monster, next_step, prev_step, add (`lairsmith config --defaults` \
         lists them with what they do)"
    );
    assert_eq!(
        error("kyes:\n  quit: [q]\n"),
        "config.yaml:1:1: unknown setting `kyes` (did you mean `keys`?); valid values: keys, theme"
    );
    assert!(
        error("keys:\n  quit: [q]\n  quit: [Q]\n")
            .starts_with("config.yaml:3:3: `quit` is given twice in `keys` (first at line 2)")
    );
}

#[test]
fn a_bad_key_spec_is_located() {
    let e = error("keys:\n  save: [\"Ctrl-s\", \"Ctl-x\"]\n");
    assert!(
        e.starts_with(
            "config.yaml:2:20: `Ctl-x` for `save` is not a key: unknown modifier `Ctl` in `Ctl-x` \
             (did you mean `Ctrl-`?); a key is one character"
        ),
        "{e}"
    );
    let e = error("keys:\n  help:\n    - F1\n    - Escpae\n");
    assert!(
        e.starts_with("config.yaml:4:7: `Escpae` for `help` is not a key: unknown key `Escpae`"),
        "{e}"
    );
    assert!(
        error("keys:\n  quit: []\n").starts_with("config.yaml:2:9: `quit` has no keys"),
        "{}",
        error("keys:\n  quit: []\n")
    );
    assert!(error("keys:\n  quit: [\"Ctrl-\"]\n").starts_with(
        "config.yaml:2:10: `Ctrl-` for `quit` is not a key: `Ctrl-` has a modifier but no key"
    ));
    assert!(
        error("keys:\n  quit: [q, \"Q\", \"Shift-q\"]\n")
            .starts_with("config.yaml:2:18: `Shift-q` for `quit` is the same key as `Q` before it")
    );
}

#[test]
fn a_conflict_names_both_actions() {
    assert_eq!(
        error("keys:\n  quit: [\"n\"]\n"),
        "config.yaml:2:10: `n` is bound to both `quit` and `new_monster`, which share the \
         `bestiary` context; give one of them another key (`new_monster` has it by default: \
         rebind `new_monster` too, or pick a free key)"
    );
    // Both from the file: the error points at the second binding.
    let e = error("keys:\n  next_step: [\"x\"]\n  prev_step: [PageUp, \"x\"]\n");
    assert!(
        e.starts_with(
            "config.yaml:3:23: `x` is bound to both `next_step` and `prev_step`, which share the \
             `forge` context"
        ),
        "{e}"
    );
    // Moving the default out of the way too is fine, as is a key shared across contexts.
    let c = read("keys:\n  quit: [\"n\"]\n  new_monster: [\"N\"]\n  add: [\"N\"]\n").unwrap();
    assert_eq!(c.keys("quit"), keys(&["n"]));
    assert!(conflicts(&schema(), &c.bindings).is_empty());
}

#[test]
fn theme_dark_light_and_colours_by_name_or_hex() {
    assert_eq!(read("theme: light\n").unwrap().theme.base, Base::Light);
    assert_eq!(read("theme: Dark\n").unwrap().theme.base, Base::Dark);
    let t = read(
        "theme:\n  base: light\n  colours: {accent: \"#ff8800\", error: red, dim: \"bright-black\"}\n",
    )
    .unwrap()
    .theme;
    assert_eq!(t.base, Base::Light);
    assert_eq!(t.colours["accent"], Colour::Rgb(0xff, 0x88, 0));
    assert_eq!(t.colours["error"], Colour::Named(NamedColour::Red));
    assert_eq!(t.colours["dim"], Colour::Named(NamedColour::BrightBlack));
    let t = read("theme:\n  colors:\n    dim: grey\n    accent: '#F80'\n")
        .unwrap()
        .theme;
    assert_eq!(t.base, Base::Dark);
    assert_eq!(t.colours["dim"], Colour::Named(NamedColour::BrightBlack));
    assert_eq!(t.colours["accent"], Colour::Rgb(0xff, 0x88, 0));

    assert!(error("theme: drak\n").starts_with(
        "config.yaml:1:8: unknown theme `drak` (did you mean `dark`?); a theme is `dark`, \
             `light`, or a mapping"
    ));
    let e = error("theme:\n  colours: {accent: rde}\n");
    assert!(
        e.starts_with(
            "config.yaml:2:21: unknown colour `rde` (did you mean `red`?); a colour is one of \
             default, black, red,"
        ) && e.contains("bright-white"),
        "{e}"
    );
    assert!(
        error("theme:\n  colours:\n    accent: #ff8800\n")
            .starts_with("config.yaml:3:12: `accent` has no colour; write a hex colour in quotes")
    );
    assert!(error("theme:\n  colours: {accent: \"#ff88\"}\n").contains("6 or 3 hex digits"));
    assert_eq!(
        error("theme:\n  colours: {acent: red}\n"),
        "config.yaml:2:13: unknown colour slot `acent` (did you mean `accent`?); valid values: \
         accent, error, dim"
    );
    assert!(
        error("theme:\n  colours: {}\n  colors: {}\n")
            .starts_with("config.yaml:3:3: `theme` has both `colours` and `colors`; keep one")
    );
}

/// The README's example is a real settings file, read against the UI's own actions.
#[test]
fn the_readme_example_reads() {
    let readme = crate::docs::page("guide/settings.md");
    let example = crate::docs::yaml_blocks(&readme)
        .into_iter()
        .find(|b| b.starts_with("keys:"))
        .expect("a settings example");
    let c = lairsmith::tui::settings::with_schema(|s| parse(example, Path::new("README.md"), s))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.keys("quit"), keys(&["Q"]));
    assert_eq!(c.keys("previous_step"), keys(&["[", "Alt-h"]));
    assert_eq!(c.theme.base, Base::Light);
}

#[test]
fn a_missing_file_is_the_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("lairsmith").join("config.yaml");
    assert_eq!(load(&missing, &schema()), Ok(defaults(&schema())));
    // An empty file, or one of comments only, is the defaults too.
    let empty = dir.path().join("empty.yaml");
    for text in ["", "# nothing yet\n", "keys:\ntheme:\n"] {
        std::fs::write(&empty, text).unwrap();
        assert_eq!(load(&empty, &schema()), Ok(defaults(&schema())), "{text:?}");
    }
    std::fs::write(&empty, "keys:\n  quit: [Q]\n").unwrap();
    assert_eq!(load(&empty, &schema()).unwrap().keys("quit"), keys(&["Q"]));
}

#[test]
fn the_default_path_follows_xdg_config_home_when_it_is_absolute() {
    let platform = Path::new("/home/u/.config");
    assert_eq!(
        path_from(Some(OsStr::new("/x/conf")), Some(platform)),
        Some(PathBuf::from("/x/conf/lairsmith/config.yaml"))
    );
    for xdg in [
        None,
        Some(OsStr::new("")),
        Some(OsStr::new("relative/conf")),
    ] {
        assert_eq!(
            path_from(xdg, Some(platform)),
            Some(PathBuf::from("/home/u/.config/lairsmith/config.yaml"))
        );
    }
    assert_eq!(path_from(None, None), None);
}

#[cfg(unix)]
#[test]
fn a_hostile_config_is_refused_quickly() {
    let dir = tempfile::tempdir().unwrap();
    // A FIFO with no writer would block an ordinary read forever.
    let fifo = dir.path().join("config.yaml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let e = load(&fifo, &schema()).unwrap_err().to_string();
    assert!(e.contains("a FIFO (named pipe), not a regular file"), "{e}");

    let bomb = dir.path().join("bomb.yaml");
    let hostile = lairsmith_core::fixtures::hostile_files();
    let laughs = &hostile.iter().find(|(n, _)| *n == "alias bomb").unwrap().1;
    let amplified = lairsmith_core::fixtures::x_alias_amplification("keys:\n  quit: [q]\n");
    for text in [laughs.clone(), amplified.into_bytes()] {
        std::fs::write(&bomb, text).unwrap();
        let e = load(&bomb, &schema()).unwrap_err().to_string();
        assert!(e.contains("alias bomb"), "{e}");
    }
    let big = &hostile.iter().find(|(n, _)| *n == "50 MB").unwrap().1;
    std::fs::write(&bomb, big).unwrap();
    let e = load(&bomb, &schema()).unwrap_err().to_string();
    assert!(e.contains("larger than 1048576 bytes"), "{e}");
    let e = load(dir.path(), &schema()).unwrap_err().to_string();
    assert!(e.contains("a directory, not a regular file"), "{e}");
    std::fs::write(&bomb, b"keys:\n  quit: [\"\xE9\"]\n").unwrap();
    let e = load(&bomb, &schema()).unwrap_err().to_string();
    assert!(e.contains("not UTF-8"), "{e}");
}

/// Any key a user could write: characters (printable, any script), named keys, function keys.
fn key_spec() -> impl Strategy<Value = KeySpec> {
    let name = prop_oneof![
        any::<char>()
            .prop_filter("printable", |c| !c.is_control())
            .prop_map(KeyName::Char),
        (1..=MAX_F).prop_map(KeyName::F),
        proptest::sample::select(vec![
            KeyName::Enter,
            KeyName::Esc,
            KeyName::Tab,
            KeyName::BackTab,
            KeyName::Backspace,
            KeyName::Delete,
            KeyName::Insert,
            KeyName::Home,
            KeyName::End,
            KeyName::PageUp,
            KeyName::PageDown,
            KeyName::Up,
            KeyName::Down,
            KeyName::Left,
            KeyName::Right,
        ]),
    ];
    (name, any::<bool>(), any::<bool>()).prop_map(|(k, ctrl, alt)| KeySpec::new(k, ctrl, alt))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn key_specs_read_back_what_they_write(key in key_spec()) {
        let text = key.to_string();
        prop_assert_eq!(text.parse::<KeySpec>(), Ok(key), "{}", text);
    }

    #[test]
    fn any_default_keys_render_and_read_back(
        lists in proptest::collection::vec(proptest::collection::hash_set(key_spec(), 0..4), 1..6)
    ) {
        // No contexts, so that no two actions can conflict.
        let names = ["a", "b-c", "d_e", "f g", "h\"i"];
        let actions: Vec<ActionSchema> = lists
            .iter()
            .zip(names)
            .map(|(keys, name)| ActionSchema {
                name,
                contexts: &[],
                defaults: keys.iter().copied().collect(),
                description: "line one\nline two",
            })
            .collect();
        let schema = Schema { actions: &actions, colour_slots: &[], reserved: &[] };
        let text = config::render_defaults(&schema);
        prop_assert_eq!(parse(&text, Path::new("d.yaml"), &schema), Ok(defaults(&schema)), "{}", text);
    }
}
