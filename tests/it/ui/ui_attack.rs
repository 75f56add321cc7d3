//! Cases found by attacking the terminal UI: settings files and key sequences that used to make
//! it misbehave. Keys go through the real `dispatch` against a temporary data directory.

use crate::common::ui::Ui;
use lairsmith::tui::app::Screen;
use lairsmith::tui::keymap::{Action, Ctx};
use lairsmith::tui::layer::Layer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn key(c: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
}

/// `back: ["Esc", "q", "?"]` is what `lairsmith config --defaults` prints, as the viewer closes
/// on `q` and `?`; adding a key to it (or to `up`, whose defaults include `k`) used to bind those
/// characters in the search box and every prompt, so typing `?` closed the search and the next
/// letter ran a Bestiary command.
#[test]
fn adding_a_key_to_back_or_up_keeps_their_characters_typing_in_text_fields() {
    let mut ui = Ui::with_settings(
        "keys:\n  back: [\"Esc\", \"q\", \"?\", \"Ctrl-g\"]\n  up: [\"Up\", \"k\", \"Ctrl-p\"]\n  page_down: [\"PageDown\", \"Space\", \"Ctrl-f\"]\n",
    );
    ui.typed("/kobold q?");
    assert!(matches!(ui.app.shell.layers.last(), Some(Layer::Search)));
    assert_eq!(ui.app.browser.query.text(), "kobold q?");
    // The file's new key works in the search box, and the old characters still work where
    // nothing is typed.
    ui.send(KeyCode::Char('g'), KeyModifiers::CONTROL);
    assert!(ui.app.shell.layers.is_empty());
    ui.typed("?");
    assert!(matches!(
        ui.app.shell.layers.last(),
        Some(Layer::Help { .. })
    ));
    ui.typed("q");
    assert!(ui.app.shell.layers.is_empty());
    let km = &ui.app.shell.keymap;
    assert_eq!(km.lookup(&[Ctx::Viewer], &key(' ')), Some(Action::PageDown));
    assert_eq!(km.lookup(&[Ctx::Picker, Ctx::Text], &key(' ')), None);
    assert_eq!(km.lookup(&[Ctx::Global], &key('k')), Some(Action::Up));
}

/// `save` applies even while typing; a character given to it saves where no field has focus
/// and types where one has.
#[test]
fn a_character_bound_to_save_types_in_a_field_and_saves_outside_one() {
    let mut ui = Ui::with_settings("keys:\n  save: [\"Ctrl-s\", \"W\"]\n");
    let km = &ui.app.shell.keymap;
    let w = key('W');
    assert_eq!(km.lookup(&[Ctx::Field, Ctx::Text, Ctx::Anywhere], &w), None);
    assert_eq!(
        km.lookup(&[Ctx::Encounter, Ctx::Anywhere, Ctx::Global], &w),
        Some(Action::Save)
    );
    ui.typed("3");
    assert_eq!(ui.app.shell.screen, Screen::Encounter);
    ui.typed("W");
    let Some(Layer::Prompt { field, .. }) = ui.app.shell.layers.last() else {
        panic!(
            "W did not ask for the encounter's name: {:?}",
            ui.app.shell.layers
        );
    };
    assert!(field.is_empty());
    ui.typed("WW");
    let Some(Layer::Prompt { field, .. }) = ui.app.shell.layers.last() else {
        panic!("typing W left the prompt: {:?}", ui.app.shell.layers);
    };
    assert_eq!(field.text(), "WW");
}

/// A settings file may give `quit` and `help` keys this terminal cannot send; the raw terminal
/// turns off the Ctrl-C signal, so Ctrl-C used to do nothing and the user could not leave.
#[test]
fn ctrl_c_quits_when_quit_is_bound_to_a_key_the_terminal_cannot_send() {
    let settings = "keys:\n  quit: [\"F24\"]\n  help: [\"F23\"]\n";
    let mut ui = Ui::with_settings(settings);
    ui.send(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(ui.app.shell.quit);

    // With unsaved work it asks first, once, however often Ctrl-C is pressed.
    let mut ui = Ui::with_settings(settings);
    ui.typed("n5");
    ui.send(KeyCode::Enter, KeyModifiers::NONE);
    assert!(ui.app.forge.is_dirty(), "the Forge did not change");
    for _ in 0..3 {
        ui.send(KeyCode::Char('c'), KeyModifiers::CONTROL);
    }
    assert!(!ui.app.shell.quit);
    assert_eq!(ui.app.shell.layers.len(), 1, "{:?}", ui.app.shell.layers);
    assert!(matches!(ui.app.shell.layers[0], Layer::Confirm(_)));
    ui.typed("n");
    assert!(ui.app.shell.quit);
}

/// At 80 columns the list is 44 wide: the message for a search that matches nothing used to
/// end at "F clears the search and".
#[test]
fn the_no_match_message_wraps_whole_at_80_columns() {
    let mut ui = Ui::with_settings("");
    ui.typed("/zzzzqqqq");
    ui.send(KeyCode::Enter, KeyModifiers::NONE);
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    t.draw(|f| lairsmith::tui::view::view(&ui.app, f)).unwrap();
    let buf = t.backend().buffer();
    let text: String = (0..24)
        .map(|y| (0..80).map(|x| buf[(x, y)].symbol()).collect::<String>() + "\n")
        .collect();
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || "│┌┐└┘─".contains(c))
        .filter(|w| !w.is_empty())
        .collect();
    let want = [
        "No", "monster", "matches.", "F", "clears", "the", "search", "and", "filters.",
    ];
    assert!(
        words.windows(want.len()).any(|w| w == want),
        "the whole message is not on screen:\n{text}"
    );
}
