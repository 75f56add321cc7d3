//! Text that must be read whole is wrapped, not cut: an option's description with the keys
//! that act on it, and a long error in the status line. And nothing on the Forge reads as a key
//! that is not one.

use crate::common::ui::Ui;
use ratatui::crossterm::event::KeyCode::{Enter, Up};

/// The Rank step at 80×24 with the cursor on Mook, whose description takes three lines there:
/// all of it shows, and the line of keys below it too.
#[test]
fn an_options_whole_description_and_its_keys_show_at_80x24() {
    let mut ui = Ui::new();
    ui.ch('n').typed("5").key(Enter).key(Up);
    let s = ui.resized(80, 24);
    // The editor is the left pane, 46 columns at 80.
    let flat: String = s
        .lines()
        .map(|l| {
            let left: String = l.chars().take(46).collect();
            left.trim_matches(|c| c == '│' || c == ' ').to_owned()
        })
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        flat.contains("Mook: 1 HP, static damage, worth a quarter of a standard monster; four challenge one hero"),
        "{s}"
    );
    assert!(s.contains("Enter chooses and goes on"), "{s}");
}

/// The option pane's keys are the user's: with Space rebound, the hint names the new key.
#[test]
fn the_option_panes_keys_follow_the_users_bindings() {
    let mut ui = Ui::with_settings("keys:\n  toggle: [\"Ctrl-t\"]\n");
    assert!(
        ui.app.shell.settings_error.is_none(),
        "{:?}",
        ui.app.shell.settings_error
    );
    ui.ch('n').typed("5").key(Enter).key(Enter); // on to Role
    let s = ui.resized(120, 40);
    assert!(s.contains("Ctrl-T toggles Leader"), "{s}");
    assert!(!s.contains("Space toggles"), "{s}");
}

/// Digits go to the screens (3 is the Encounter screen), so the Forge's steps carry no number
/// that reads as the key opening them; the editor says which step of how many it is.
#[test]
fn the_forge_steps_are_not_numbered_like_keys() {
    let mut ui = Ui::new();
    ui.ch('n');
    let s = ui.resized(80, 24);
    for step in ["1 Level", "2 Rank", "3 Role", "10 Powers"] {
        assert!(!s.contains(step), "{step} in\n{s}");
    }
    assert!(s.contains("Level (step 1 of 11)"), "{s}");
}

/// A party spec the UI cannot read gets the whole sentence (what a spec is, what an id is), in
/// as many status rows as it needs at 80 columns, and the screen above stays drawn.
#[test]
fn a_long_error_wraps_in_the_status_line_at_80x24() {
    let mut ui = Ui::new();
    ui.resized(80, 24);
    ui.key(ratatui::crossterm::event::KeyCode::F(3))
        .ch('P')
        .ctrl('u')
        .typed("zz9 banana")
        .key(Enter);
    let error = ui.error().expect("an error");
    assert!(error.len() > 150, "{error}");
    let s = ui.resized(80, 24);
    let flat: String = s.lines().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("(lower-case letters and digits joined by hyphens)"),
        "the end of the error is cut:\n{s}"
    );
    assert_eq!(s.lines().count(), 24);
    assert!(s.lines().last().unwrap().contains("Esc"), "{s}");
    // The body gives up the rows the message takes, and takes them back when it is gone.
    assert_eq!(ui.app.shell.body_height(), 24 - 3 - 3);
}

/// The Table screen's list of fights is a single pane: its help bar does not offer Tab, which
/// does nothing there; a fight's screen, with its panes, does.
#[test]
fn the_table_list_does_not_offer_a_pane_key() {
    let mut ui = Ui::new();
    ui.key(ratatui::crossterm::event::KeyCode::F(5));
    for (w, h) in [(80, 24), (120, 40)] {
        let s = ui.resized(w, h);
        let bar = s.lines().last().unwrap();
        assert!(!bar.contains("pane"), "{w}x{h}: {bar}");
    }
    let help = lairsmith::tui::help::lines(&ui.app.shell.keymap)
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(help.contains("Screens with panes side by side"), "{help}");
}

/// At 80×24 the Adventure screen's pacing legend names every band (it wraps), and the Table
/// screen keeps a fight's state whole on its own row when the title cannot hold it; at 120×40
/// both fit on one line as before.
#[test]
fn the_pacing_legend_and_a_fights_state_are_whole_at_80x24() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| crate::common::lairsmith_ok(dir.path(), args);
    run(&[
        "encounter",
        "new",
        "Ambush at the Ford",
        "--party",
        "Ana=5,Bo=5,Cy=5,Di=5",
    ]);
    run(&[
        "encounter",
        "add",
        "ambush-at-the-ford",
        "ashen-keener",
        "--count",
        "2",
    ]);
    run(&["fight", "start", "ambush-at-the-ford", "--seed", "3"]);
    let mut ui = Ui::over(dir);
    ui.key(ratatui::crossterm::event::KeyCode::F(4));
    let s = ui.resized(80, 24);
    assert!(s.contains("D deadly"), "{s}");
    assert!(s.contains("shows here as a bar."), "{s}");
    ui.key(ratatui::crossterm::event::KeyCode::F(5)).key(Enter);
    let s = ui.resized(80, 24);
    assert!(s.contains("┌ Ambush at the Ford ─"), "{s}");
    assert!(s.contains("│before round 1 · 4 need initiative (i)"), "{s}");
    assert!(s.contains("Log (Tab stat block)"), "{s}");
    let s = ui.resized(120, 40);
    assert!(
        s.contains("┌ Ambush at the Ford · before round 1 · 4 need initiative (i) ─"),
        "{s}"
    );
    assert!(s.contains("Log (PgUp PgDn; Tab the stat block)"), "{s}");
}

/// The README and the guide state the undo depth once, and it is the depth the UI keeps.
#[test]
fn the_readme_states_the_undo_depth_once_and_truly() {
    let readme = crate::docs::documents()
        .into_iter()
        .map(|(_, t)| t)
        .collect::<Vec<_>>()
        .join("\n");
    let depth = lairsmith::tui::document::UNDO_STEPS;
    let stated = format!("each screen keeps its last {depth} changes");
    assert_eq!(
        readme.replace('\n', " ").matches(&stated).count(),
        1,
        "{stated}"
    );
    for other in ["100 steps", "200 steps", "steps and more"] {
        assert!(
            !readme.contains(other),
            "the README or the guide still says {other}"
        );
    }
}

/// An encounter with no foes says once why it cannot be rated, where the band goes, not as a
/// band line and a warning repeating it.
#[test]
fn an_encounter_with_no_foes_says_once_why_it_cannot_be_rated() {
    let mut ui = Ui::new();
    ui.key(ratatui::crossterm::event::KeyCode::F(3));
    for (w, h) in [(80, 24), (120, 40)] {
        let s = ui.resized(w, h);
        assert_eq!(s.matches("cannot be rated").count(), 1, "{w}x{h}:\n{s}");
        assert!(
            s.contains("cannot be rated: the encounter has no foes"),
            "{s}"
        );
    }
}

/// The Table screen's list says where each saved fight stands: one in its round, one before
/// round 1, and one that has ended, which stays listed while its file does. It lists every
/// saved fight, so its heading says saved, not "under way".
#[test]
fn the_table_list_says_where_each_saved_fight_stands() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| crate::common::lairsmith_ok(dir.path(), args);
    run(&["encounter", "new", "Ford", "--party", "Ana=5,Bo=5"]);
    run(&["encounter", "add", "ford", "ashen-keener", "--count", "2"]);
    for seed in ["3", "4", "5"] {
        run(&["fight", "start", "ford", "--seed", seed]);
    }
    run(&["fight", "init", "ford", "ana", "12"]);
    run(&["fight", "init", "ford", "bo", "9"]);
    run(&["fight", "next", "ford"]);
    run(&["fight", "end", "ford-3", "--all"]);
    std::fs::write(dir.path().join("fights/broken.yaml"), "kind: fight\n: :\n").unwrap();
    let mut ui = Ui::over(dir);
    ui.key(ratatui::crossterm::event::KeyCode::F(5));
    let s = ui.resized(80, 24);
    assert!(s.contains("Saved fights"), "{s}");
    assert!(!s.contains("under way"), "{s}");
    for row in [
        "broken · cannot be read",
        "ford · round 1",
        "ford-2 · before round 1",
        "ford-3 · ended",
    ] {
        assert!(s.contains(row), "{row}:\n{s}");
    }
}

/// A power's damage row names its tier in words, as the stat block beside it does, with the
/// dice at the monster's level.
#[test]
fn the_damage_row_names_its_tier_in_words() {
    let mut ui = Ui::new();
    ui.key(ratatui::crossterm::event::KeyCode::F(2));
    for _ in 0..9 {
        ui.key(ratatui::crossterm::event::KeyCode::Char(']'));
    }
    ui.key(Enter);
    let s = ui.resized(120, 40);
    assert!(
        s.contains("At-will, single target → ") || s.contains("Surge, single target → "),
        "{s}"
    );
    assert!(!s.contains("single →"), "{s}");
}

/// The Table screen's prompts refuse what the command line refuses, with the reason: an
/// effect's text too long for it (it was cut at 64 characters as it was typed), a roll with a
/// word too many (it was ignored), a duration with no effect before it (it became an effect
/// named "until save ends").
#[test]
fn the_tables_prompts_refuse_what_the_command_line_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| crate::common::lairsmith_ok(dir.path(), args);
    run(&["encounter", "new", "Ford", "--party", "Ana=5,Bo=5"]);
    run(&["encounter", "add", "ford", "hedgemaw"]);
    run(&["fight", "start", "ford", "--seed", "3"]);
    let path = dir.path().join("fights/ford.yaml");
    let before = std::fs::read_to_string(&path).unwrap();
    let mut ui = Ui::over(dir);
    ui.key(ratatui::crossterm::event::KeyCode::F(5)).key(Enter);
    for (key, typed, said) in [
        ('c', "x".repeat(300), "the effect"),
        ('c', "until save ends".to_owned(), "say the effect first"),
        // P15: more words are more targets; a number after a target's defense follows none.
        ('r', "1 ana 24 25".to_owned(), "follows no target"),
    ] {
        ui.ch(key).typed(&typed).key(Enter);
        let error = ui.error().unwrap_or_default();
        assert!(error.contains(said), "{key} {typed}: {error}");
        assert!(
            ui.app.shell.top().is_some(),
            "{key}: the prompt stays open to correct"
        );
        ui.key(ratatui::crossterm::event::KeyCode::Esc);
    }
    assert_eq!(
        std::fs::read_to_string(ui.root().join("fights/ford.yaml")).unwrap(),
        before,
        "nothing written"
    );
}

/// The Table screen as it looks at 80×24 and 120×40: the list of fights and encounters, and a
/// fight in its first round (issue 35 §3: every screen seen by a test).
#[test]
fn table_screen_snapshots() {
    for (w, h) in [(80u16, 24u16), (120, 40)] {
        let dir = tempfile::tempdir().unwrap();
        let run = |args: &[&str]| crate::common::lairsmith_ok(dir.path(), args);
        run(&["encounter", "new", "Ford", "--party", "Ana=5,Bo=5"]);
        run(&["encounter", "add", "ford", "hedgemaw"]);
        run(&["encounter", "add", "ford", "ashen-keener", "--count", "2"]);
        run(&["fight", "start", "ford", "--seed", "3", "--pc", "Ana=14/40"]);
        run(&["fight", "next", "ford", "--roll", "9"]);
        run(&["fight", "damage", "ford", "ana", "12"]);
        let mut ui = Ui::over(dir);
        ui.key(ratatui::crossterm::event::KeyCode::F(5));
        ui.app.shell.status = None;
        crate::common::golden(&format!("tui/table-list-{w}x{h}.txt"), &ui.screen(w, h));
        ui.key(Enter);
        ui.app.shell.status = None;
        crate::common::golden(&format!("tui/table-fight-{w}x{h}.txt"), &ui.screen(w, h));
    }
}
