//! The Encounter screen edits what the CLI edits: a group's label and side, the encounter's
//! name, notes of several lines (the encounter's and each group's), each one undo step; and the
//! UI starts where the last session left it (the party last used, the encounter and adventure
//! last opened or saved), from `<data>/state.yaml`, which nothing can make it trip on.

use crate::common::ui::Ui;
use lairsmith::tui::app::{Msg, Screen};
use lairsmith::tui::layer::Layer;
use lairsmith_core::encounter::{PartyRef, Side};
use ratatui::crossterm::event::{KeyCode, KeyModifiers};

use KeyCode::{Enter, Esc};

/// The Encounter screen for four level-6 characters, with a Voidglass Orrery (800 XP) and a
/// Gloamblade Stalker (250 XP), the Gloamblade selected.
fn two_groups() -> Ui {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3));
    ui.ch('P').ctrl('u').typed("4x6").key(Enter);
    ui.ch('a').typed("voidglass").key(Enter).key(Esc);
    ui.ch('a').typed("gloamblade").key(Enter).key(Esc);
    let e = &ui.app.encounter;
    assert_eq!(e.encounter.groups.len(), 2);
    assert_eq!(
        e.encounter.groups[e.cursor].monster.as_deref(),
        Some("gloamblade-stalker")
    );
    ui
}

impl Ui {
    fn group(&self) -> &lairsmith_core::encounter::Group {
        let e = &self.app.encounter;
        &e.encounter.groups[e.cursor]
    }

    fn alt_enter(&mut self) -> &mut Ui {
        self.send(Enter, KeyModifiers::ALT)
    }

    /// A new session of the UI over the same data directory, as after quitting and starting
    /// again.
    fn restarted(self) -> Ui {
        let Ui { dir, .. } = self;
        Ui::over(dir)
    }
}

#[test]
fn a_group_label_typed_on_the_encounter_screen_is_saved_and_undone() {
    let mut ui = two_groups();
    ui.ch('r');
    assert!(matches!(ui.app.shell.top(), Some(Layer::Prompt { .. })));
    ui.typed("Rafter Ambushers").key(Enter);
    assert!(ui.app.shell.layers.is_empty());
    assert_eq!(ui.group().label.as_deref(), Some("Rafter Ambushers"));
    assert!(ui.status().contains("u undoes"), "{}", ui.status());
    // The roster names the group by its label, the stat block beside it stays the monster's.
    let screen = ui.screen(120, 40);
    assert!(
        screen.contains("1 × Rafter Ambushers  L6 standard skulker"),
        "{screen}"
    );
    // One undo step.
    ui.ch('u');
    assert_eq!(ui.group().label, None);
    ui.ctrl('y');
    assert_eq!(ui.group().label.as_deref(), Some("Rafter Ambushers"));
    ui.ctrl('s').typed("Glass").key(Enter);
    let file = std::fs::read_to_string(ui.root().join("encounters/glass.yaml")).unwrap();
    assert!(file.contains("  label: Rafter Ambushers\n"), "{file}");
    // The prompt offers the label; emptied, it clears it.
    ui.ch('r');
    match ui.app.shell.top() {
        Some(Layer::Prompt { field, .. }) => assert_eq!(field.text(), "Rafter Ambushers"),
        other => panic!("r opened {other:?}"),
    }
    ui.ctrl('u').key(Enter);
    assert_eq!(ui.group().label, None);
}

#[test]
fn a_label_that_is_not_a_name_is_refused_and_the_prompt_stays() {
    let mut ui = two_groups();
    ui.ch('r');
    // A bidi override is no name (text::NAME_PATTERN): said, and left to correct.
    ui.msg(Msg::Paste("\u{202E}Goblins".into()));
    ui.key(Enter);
    let error = ui.error().expect("an error");
    assert!(error.contains("the label"), "{error}");
    assert!(matches!(ui.app.shell.top(), Some(Layer::Prompt { .. })));
    assert_eq!(ui.group().label, None);
    ui.key(Esc);
    assert_eq!(ui.group().label, None);
}

#[test]
fn ally_toggle_moves_the_group_out_of_the_budget() {
    let mut ui = two_groups();
    assert_eq!(ui.app.encounter.report.xp, 800 + 250);
    ui.ch('A');
    assert_eq!(ui.group().side, Side::Ally);
    // The arithmetic follows at once: the ally no longer counts.
    assert_eq!(ui.app.encounter.report.xp, 800);
    assert!(ui.status().contains("not counted"), "{}", ui.status());
    assert!(ui.screen(120, 40).contains("(ally)"));
    ui.ch('A');
    assert_eq!(ui.group().side, Side::Foe);
    assert_eq!(ui.app.encounter.report.xp, 1050);
    ui.ch('u');
    assert_eq!(ui.group().side, Side::Ally);
    assert_eq!(ui.app.encounter.report.xp, 800);
    ui.ch('u');
    assert_eq!(ui.app.encounter.report.xp, 1050);
}

#[test]
fn a_challenge_cannot_be_an_ally_nor_labelled() {
    let mut ui = Ui::new();
    let dir = ui.root().join("encounters");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("bridge.yaml"),
        "kind: encounter\nschema_version: 1\nname: Bridge\nparty:\n  size: 4\n  level: 6\ngroups:\n- challenge:\n    name: Rope Bridge\n    successes: 4\n  count: 1\n",
    )
    .unwrap();
    ui.key(KeyCode::F(3)).ch('o').key(Enter);
    assert_eq!(ui.app.encounter.encounter.name, "Bridge");
    ui.ch('A');
    let error = ui.error().expect("an error");
    assert!(error.contains("cannot be an ally"), "{error}");
    assert_eq!(ui.group().side, Side::Foe);
    ui.ch('r');
    assert!(ui.app.shell.layers.is_empty());
    assert!(
        ui.status().contains("named in its own form"),
        "{}",
        ui.status()
    );
    assert!(!ui.app.encounter.is_dirty());
}

#[test]
fn renaming_the_encounter_keeps_its_file() {
    let mut ui = two_groups();
    ui.ctrl('s').typed("Glass").key(Enter);
    let path = ui.root().join("encounters/glass.yaml");
    assert!(path.is_file());
    ui.ch('R').ctrl('u').typed("Glass and Shadow").key(Enter);
    assert_eq!(ui.app.encounter.encounter.name, "Glass and Shadow");
    assert_eq!(ui.app.encounter.encounter.path(), Some(path.as_path()));
    assert!(
        ui.status().contains("the file stays glass.yaml"),
        "{}",
        ui.status()
    );
    ui.ctrl('s');
    let file = std::fs::read_to_string(&path).unwrap();
    assert!(file.contains("name: Glass and Shadow\n"), "{file}");
    assert_eq!(
        std::fs::read_dir(ui.root().join("encounters"))
            .unwrap()
            .count(),
        1,
        "no second file"
    );
    // An empty name is refused, and the prompt stays to correct it.
    ui.ch('R').ctrl('u').key(Enter);
    assert!(ui.error().unwrap().contains("needs a name"));
    assert!(matches!(ui.app.shell.top(), Some(Layer::Prompt { .. })));
    ui.key(Esc);
    ui.ch('u');
    assert_eq!(ui.app.encounter.encounter.name, "Glass");
}

#[test]
fn encounter_notes_of_several_lines_are_one_undo_step() {
    let mut ui = two_groups();
    ui.ch('n');
    assert!(matches!(ui.app.shell.top(), Some(Layer::Editor(_))));
    ui.typed("Ambush at the ford.")
        .ctrl('j')
        .typed("The bell rings twice.")
        .alt_enter()
        .typed("quit");
    // Typed into the notes, q is a letter; Enter finishes.
    assert!(!ui.app.shell.quit);
    ui.key(Enter);
    assert!(ui.app.shell.layers.is_empty());
    assert_eq!(
        ui.app.encounter.encounter.notes.as_deref(),
        Some("Ambush at the ford.\nThe bell rings twice.\nquit")
    );
    let screen = ui.screen(120, 40);
    assert!(
        screen.contains("Notes Ambush at the ford.") && screen.contains("The bell rings twice."),
        "{screen}"
    );
    ui.ch('u');
    assert_eq!(ui.app.encounter.encounter.notes, None);
    ui.ctrl('y');
    // A paste keeps its line breaks; Esc leaves the notes as they were.
    ui.ch('n').msg(Msg::Paste("\nAnd a third\nline".into()));
    ui.key(Esc);
    assert_eq!(
        ui.app.encounter.encounter.notes.as_deref(),
        Some("Ambush at the ford.\nThe bell rings twice.\nquit")
    );
    ui.ch('n').msg(Msg::Paste("\nAnd a third".into()));
    ui.key(Enter);
    assert!(
        ui.app
            .encounter
            .encounter
            .notes
            .as_deref()
            .unwrap()
            .ends_with("quit\nAnd a third")
    );
    ui.ctrl('s').typed("Ford").key(Enter);
    let file = std::fs::read_to_string(ui.root().join("encounters/ford.yaml")).unwrap();
    assert!(
        file.contains("notes: |-\n  Ambush at the ford.\n  The bell rings twice.\n"),
        "{file}"
    );
}

#[test]
fn the_notes_editor_moves_by_lines_and_fits_80_by_24() {
    let mut ui = two_groups();
    ui.resized(80, 24);
    ui.ch('n').typed("first").ctrl('j').typed("second");
    // Up to the first line, then typing goes there.
    ui.key(KeyCode::Up).key(KeyCode::End).typed("!");
    let screen = ui.screen(80, 24);
    assert!(screen.contains("first!"), "{screen}");
    // The help bar names the editor's keys from the keymap.
    let bar = screen.lines().last().unwrap_or("");
    assert!(
        bar.contains("Ctrl-J new line") && bar.contains("Enter done"),
        "{bar}"
    );
    ui.key(Enter);
    assert_eq!(
        ui.app.encounter.encounter.notes.as_deref(),
        Some("first!\nsecond")
    );
}

#[test]
fn a_group_note_typed_on_the_screen_is_printed_beside_it_and_undone() {
    let mut ui = two_groups();
    ui.ch('e');
    assert!(matches!(ui.app.shell.top(), Some(Layer::Editor(_))));
    ui.typed("Waits in the rafters")
        .ctrl('j')
        .typed("until the bell.")
        .key(Enter);
    assert_eq!(
        ui.group().notes.as_deref(),
        Some("Waits in the rafters\nuntil the bell.")
    );
    // The other group has none; the preview shows the selected group's first.
    assert_eq!(ui.app.encounter.encounter.groups[0].notes, None);
    let screen = ui.screen(120, 40);
    assert!(screen.contains("Waits in the rafters"), "{screen}");
    ui.ch('u');
    assert_eq!(ui.group().notes, None);
    ui.ctrl('y');
    let out = ui.root().join("sheet.md");
    ui.ch('m').ctrl('u').typed(out.to_str().unwrap()).key(Enter);
    let sheet = std::fs::read_to_string(&out).unwrap();
    assert!(
        sheet.contains(
            "Gloamblade Stalker (Level 6 standard skulker) — 250 XP each, 250 XP\n  - Notes: Waits in the rafters\n    until the bell.\n"
        ),
        "{sheet}"
    );
    // Emptied, the notes are gone.
    ui.ch('e').ctrl('u').ctrl('u').ctrl('u').key(Enter);
    assert_eq!(ui.group().notes, None, "{:?}", ui.group());
}

#[test]
fn a_group_note_stops_at_its_limit() {
    let mut ui = two_groups();
    ui.ch('e').msg(Msg::Paste("x".repeat(5000)));
    ui.key(Enter);
    assert_eq!(
        ui.group().notes.as_deref().map(|n| n.chars().count()),
        Some(lairsmith_core::limits::GROUP_NOTES.max)
    );
}

#[test]
fn the_new_keys_with_no_group_say_how_to_add_one() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3));
    for c in ['r', 'A', 'e'] {
        ui.ch(c);
        assert!(ui.app.shell.layers.is_empty());
        assert!(
            ui.status().contains("a adds monsters"),
            "{c}: {}",
            ui.status()
        );
    }
    assert!(!ui.app.encounter.is_dirty());
}

#[test]
fn the_new_keys_hints_name_the_users_bindings() {
    let mut ui = Ui::with_settings("keys:\n  undo: [z]\n  label_group: [b]\n");
    assert_eq!(ui.app.shell.settings_error, None);
    ui.key(KeyCode::F(3));
    ui.ch('a')
        .key(KeyCode::Tab)
        .typed("gloamblade")
        .key(Enter)
        .key(Esc);
    ui.ch('b').typed("Stalkers").key(Enter);
    assert_eq!(ui.group().label.as_deref(), Some("Stalkers"));
    assert!(ui.status().contains("(z undoes)"), "{}", ui.status());
    ui.ch('z');
    assert_eq!(ui.group().label, None);
}

#[test]
fn a_new_encounter_starts_with_the_last_party_used() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3));
    ui.ch('P').ctrl('u').typed("3x7").key(Enter);
    let ui = ui.restarted();
    let e = &ui.app.encounter;
    assert_eq!(
        e.encounter.party,
        PartyRef::Uniform {
            size: 3,
            level: lairsmith_core::rules::Level::new(7).unwrap()
        }
    );
    assert!(e.encounter.groups.is_empty());
    assert_eq!(e.encounter.path(), None);
    assert_eq!(ui.app.shell.screen, Screen::Bestiary);
    // The state is the data directory's, never an encounter's or a monster's file.
    let state = std::fs::read_to_string(ui.root().join("state.yaml")).unwrap();
    assert!(
        state.starts_with("kind: state\nschema_version: 1\n"),
        "{state}"
    );
}

#[test]
fn a_saved_party_is_remembered_by_its_id_and_forgotten_when_gone() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3));
    ui.ch('P').ctrl('u').typed("Ana=5,Bo=6").key(Enter);
    ui.ch('S').typed("Tuesday Group").key(Enter);
    assert_eq!(
        ui.app.encounter.encounter.party,
        PartyRef::Saved("tuesday-group".into())
    );
    let ui = ui.restarted();
    assert_eq!(
        ui.app.encounter.encounter.party,
        PartyRef::Saved("tuesday-group".into())
    );
    assert_eq!(ui.app.encounter.party.members.len(), 2);
    assert_eq!(
        ui.app.encounter.party.members[0].name.as_deref(),
        Some("Ana")
    );
    std::fs::remove_file(ui.root().join("parties/tuesday-group.yaml")).unwrap();
    let ui = ui.restarted();
    // The party's file is gone: a new encounter as on a first start, and no error.
    assert_eq!(ui.error(), None);
    assert_eq!(ui.app.encounter.report.party_level, 1);
}

#[test]
fn the_ui_reopens_the_last_encounter_and_adventure() {
    let mut ui = two_groups();
    ui.ctrl('s').typed("Ford Ambush").key(Enter);
    ui.key(KeyCode::F(4));
    ui.ch('a').key(Enter);
    assert_eq!(ui.app.adventure.adventure.encounters, ["ford-ambush"]);
    ui.ctrl('s').typed("Karn").key(Enter);
    assert!(ui.root().join("adventures/karn.yaml").is_file());
    // Something else on the Encounter screen since, unsaved: the saved one is what reopens.
    ui.key(KeyCode::F(3)).ch('x');
    let ui = ui.restarted();
    assert_eq!(
        ui.app.shell.screen,
        Screen::Bestiary,
        "the start screen stays"
    );
    assert_eq!(ui.app.encounter.encounter.name, "Ford Ambush");
    assert_eq!(ui.app.encounter.encounter.groups.len(), 2);
    assert!(!ui.app.encounter.is_dirty());
    assert_eq!(
        ui.app.encounter.encounter.path(),
        Some(ui.root().join("encounters/ford-ambush.yaml").as_path())
    );
    assert_eq!(ui.app.adventure.adventure.name, "Karn");
    assert!(!ui.app.adventure.is_dirty());
    let status = ui.status();
    assert!(
        status.starts_with("Reopened Ford Ambush (F3) and Karn (F4). "),
        "{status}"
    );
    // Undo has nothing to take back: opening is not an edit.
    let mut ui = ui;
    ui.key(KeyCode::F(3)).ch('u');
    assert_eq!(ui.app.encounter.encounter.groups.len(), 2);
    // A remembered file that is gone is skipped; the other still reopens.
    std::fs::remove_file(ui.root().join("encounters/ford-ambush.yaml")).unwrap();
    let ui = ui.restarted();
    assert_eq!(ui.error(), None);
    assert_eq!(ui.app.encounter.encounter.path(), None);
    assert_eq!(ui.app.encounter.encounter.name, "New Encounter");
    assert_eq!(ui.app.adventure.adventure.name, "Karn");
}

#[test]
fn a_corrupt_state_file_is_ignored() {
    for (what, text) in [
        ("not YAML", "kind: [state\n".as_bytes()),
        ("not UTF-8", b"kind: state\n\xff\xfe\n".as_slice()),
        ("another kind", b"kind: encounter\nschema_version: 1\n".as_slice()),
        ("a newer schema", b"kind: state\nschema_version: 9\nencounter: x\n".as_slice()),
        (
            "paths for ids",
            b"kind: state\nschema_version: 1\nencounter: ../../etc/passwd\nadventure: /tmp/x\n"
                .as_slice(),
        ),
        (
            "a party no file may hold",
            "kind: state\nschema_version: 1\nparty:\n  members:\n  - name: \"\\u202Eevil\"\n    level: 3\n"
                .as_bytes(),
        ),
        (
            "a party too big",
            b"kind: state\nschema_version: 1\nparty:\n  size: 100000\n  level: 3\n".as_slice(),
        ),
        ("empty", b"".as_slice()),
    ] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("state.yaml"), text).unwrap();
        let mut ui = Ui::over(dir);
        assert_eq!(ui.error(), None, "{what}");
        assert!(ui.app.shell.layers.is_empty(), "{what}");
        assert_eq!(ui.app.encounter.report.party_level, 1, "{what}");
        assert_eq!(ui.app.encounter.encounter.path(), None, "{what}");
        // Used, the UI writes a good state over it.
        ui.key(KeyCode::F(3)).ch('P').ctrl('u').typed("4x2").key(Enter);
        let ui = ui.restarted();
        assert_eq!(ui.app.encounter.report.party_level, 2, "{what}");
    }
    // A directory where the file should be: nothing remembered, nothing written, no error.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("state.yaml")).unwrap();
    let mut ui = Ui::over(dir);
    ui.key(KeyCode::F(3))
        .ch('P')
        .ctrl('u')
        .typed("4x2")
        .key(Enter);
    assert!(ui.error().is_none(), "{:?}", ui.error());
    assert!(ui.root().join("state.yaml").is_dir());
}
