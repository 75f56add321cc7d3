//! Issue 24 in the UI's re-level form: before anything is saved, the form shows what each
//! override does at the new level (a fixed one the formula passed is a warning), a key makes the
//! fixed overrides follow the formula, and a hint row names the keys of the keymap in force.

use crate::common::ui::Ui;
use lairsmith::tui::layer::Layer;
use ratatui::crossterm::event::KeyCode;

use KeyCode::{Down, Enter, Esc, PageDown, PageUp};

use crate::common::OGRE;

fn ui_with(text: &str) -> Ui {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("bestiary")).unwrap();
    std::fs::write(dir.path().join("bestiary/ogre-brute.yaml"), text).unwrap();
    Ui::over(dir)
}

impl Ui {
    /// The ogre selected in the Bestiary and its re-level form open at `level`.
    fn relevel_ogre_to(&mut self, level: &str) -> &mut Ui {
        self.ch('/').typed("ogre brute").key(Enter);
        assert_eq!(
            self.app.browser.selected_id().as_deref(),
            Some("ogre-brute")
        );
        self.ch('r');
        assert!(matches!(
            self.app.shell.top(),
            Some(Layer::Bestiary(
                lairsmith::tui::screens::bestiary::dialog::Dialog::Relevel(_)
            ))
        ));
        self.ctrl('u').typed(level)
    }

    fn saved_ogre(&self) -> lairsmith_core::monster::MonsterDesign {
        lairsmith_core::monster::load_file(&self.root().join("bestiary/ogre-brute.yaml"))
            .unwrap()
            .0
    }
}

/// The screen's text with its lines joined, so a sentence wrapped in the form reads whole.
fn joined(screen: &str) -> String {
    screen
        .lines()
        .map(|l| l.trim_matches(|c: char| c == '│' || c.is_whitespace()))
        .collect::<Vec<_>>()
        .join(" ")
}

fn assert_shows_each_override(screen: &str) {
    let text = joined(screen);
    for expected in [
        "Overrides at level 8:",
        "HP: formula 51 → 75, override 60 → 60 (fixed); it was 9 above the formula and is now 15 below it: it now weakens the monster; `by: +9` keeps it 9 above",
        "Crushing Blow: attack bonus: formula 9 → 13, override 10 → 10 (fixed)",
        "XP: formula 175 → 350, override 300 → 300 (fixed)",
    ] {
        assert!(text.contains(expected), "{expected}\n{screen}");
    }
}

#[test]
fn the_relevel_form_shows_each_override_at_the_new_level_at_80x24() {
    let mut ui = ui_with(OGRE);
    ui.msg(lairsmith::tui::app::Msg::Resize(80, 24));
    ui.relevel_ogre_to("8");
    let screen = ui.screen(80, 24);
    assert_shows_each_override(&screen);
    // Nothing is saved before the GM says so.
    assert_eq!(ui.saved_ogre().level.get(), 4);
}

#[test]
fn the_relevel_form_shows_each_override_at_the_new_level_at_120x40() {
    let mut ui = ui_with(OGRE);
    ui.relevel_ogre_to("8");
    let screen = ui.screen(120, 40);
    assert_shows_each_override(&screen);
}

#[test]
fn the_relevel_form_has_a_hint_row_naming_the_keys_in_force() {
    let mut ui = ui_with(OGRE);
    ui.relevel_ogre_to("8");
    let text = joined(&ui.screen(120, 40));
    assert!(
        text.contains("f overrides follow the formula · Enter re-level · Esc cancel"),
        "{text}"
    );
    // On the rank row, ← and → take the next value.
    ui.key(Down);
    let text = joined(&ui.screen(120, 40));
    assert!(text.contains("↑↓ row · ←→ value"), "{text}");

    // The user's own keys are the ones the hint names.
    let mut ui =
        Ui::with_settings("keys:\n  follow_formula: [\"Ctrl-o\"]\n  choose: [\"Enter\", \"F9\"]\n");
    assert_eq!(ui.app.shell.settings_error, None);
    let dir = ui.root().join("bestiary");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("ogre-brute.yaml"), OGRE).unwrap();
    ui.ctrl('r');
    ui.relevel_ogre_to("8");
    let text = joined(&ui.screen(120, 40));
    assert!(
        text.contains("Ctrl-O overrides follow the formula"),
        "{text}"
    );
    ui.ctrl('o');
    let text = joined(&ui.screen(120, 40));
    assert!(
        text.contains("Ctrl-O keep the overrides as written"),
        "{text}"
    );
}

#[test]
fn the_follow_formula_key_makes_the_saved_overrides_relative() {
    let mut ui = ui_with(OGRE);
    ui.relevel_ogre_to("8").ch('f');
    let text = joined(&ui.screen(120, 40));
    assert!(
        text.contains("Overrides at level 8, made relative to follow the formula:"),
        "{text}"
    );
    assert!(
        text.contains("HP: formula 51 → 75, override 60 → 84 (now by +9, was fixed)"),
        "{text}"
    );
    assert!(!text.contains("weakens"), "{text}");
    ui.key(Enter).ch('o');
    assert_eq!(ui.saved_ogre().level.get(), 8);
    let on_disk = std::fs::read_to_string(ui.root().join("bestiary/ogre-brute.yaml")).unwrap();
    for relative in [
        "    attack:\n      by: 1\n      reason: a practised swing\n",
        "  xp:\n    by: 125\n    reason: a named ogre\n",
        "  hp:\n    by: 9\n    reason: tougher\n",
    ] {
        assert!(on_disk.contains(relative), "{relative}\n{on_disk}");
    }
    let block = ui
        .app
        .shell
        .bestiary
        .get("ogre-brute")
        .unwrap()
        .block()
        .unwrap();
    assert_eq!((block.hp, block.xp), (84, 475));
    assert_eq!(block.powers[0].attack.as_ref().unwrap().bonus, 14);
}

#[test]
fn a_relevel_without_the_key_keeps_the_overrides_as_written() {
    let mut ui = ui_with(OGRE);
    ui.relevel_ogre_to("8").key(Enter).ch('o');
    assert_eq!(ui.saved_ogre().level.get(), 8);
    let on_disk = std::fs::read_to_string(ui.root().join("bestiary/ogre-brute.yaml")).unwrap();
    assert_eq!(
        on_disk,
        OGRE.replace("level: 4", "level: 8"),
        "only the level line changes"
    );
}

#[test]
fn many_overrides_scroll_in_the_relevel_form_at_80x24() {
    // Every stat overridden: more lines than the form has rows at 80×24.
    let mut text = OGRE.replace(
        "overrides:\n  hp:",
        "overrides:\n  ac: {value: 18, reason: plate}\n  fortitude: {value: 19, reason: big}\n  reflex: {value: 17, reason: quick}\n  will: {value: 18, reason: stubborn}\n  initiative: {value: 5, reason: alert}\n  perception: {value: 6, reason: keen}\n  saving_throw_bonus: {value: 2, reason: tough}\n  speed: {value: 7, reason: long legs}\n  recoveries: {value: 2, reason: hardy}\n  hp:",
    );
    text.push_str("  action_points:\n    value: 1\n    reason: fury\n");
    let mut ui = ui_with(&text);
    ui.msg(lairsmith::tui::app::Msg::Resize(80, 24));
    ui.relevel_ogre_to("8");
    let first = ui.screen(80, 24);
    assert!(joined(&first).contains("PgUp"), "{first}");
    assert!(joined(&first).contains("Overrides at level 8:"), "{first}");
    ui.key(PageDown).key(PageDown).key(PageDown);
    let last = ui.screen(80, 24);
    assert_ne!(first, last, "PgDn scrolls the overrides");
    assert!(
        joined(&last).contains("Crushing Blow: attack bonus"),
        "the last override is reached: {last}"
    );
    // The form's box stays inside the screen, with the status and help lines below it.
    assert!(last.lines().nth(23).unwrap().contains("apply"), "{last}");
    ui.key(PageUp).key(PageUp).key(PageUp);
    assert_eq!(ui.screen(80, 24), first, "PgUp goes back to the top");
    ui.key(Esc);
    assert!(ui.app.shell.top().is_none());
}
