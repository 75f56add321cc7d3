//! The party form (`#` on the Encounter and Adventure screens; issue 34 §2): every character's
//! numbers in cells, refused out of range, written to a saved party's file through the
//! executor or into an inline party, and taken back by `u`, through the real `update` against
//! a temporary data directory.

use crate::common::ui::Ui;
use lairsmith::tui::layer::{Confirm, Layer};
use lairsmith::tui::screens::party::PartyForm;
use lairsmith_core::encounter::{PartyFile, PartyRef, parse_party};
use ratatui::crossterm::event::KeyCode::{self, BackTab, Down, Enter, Esc, Tab, Up};
use std::path::PathBuf;

/// A saved party with some numbers and a value of the GM's own.
const LANTERNS: &str = "kind: party
schema_version: 1
name: The Lanterns
members:
- name: Ana
  level: 6
  max_hp: 40
  hp: 31
  ac: 18
- name: Bo
  level: 6
- name: Cy
  level: 7
x-table: thursday
";

impl Ui {
    /// The UI over a data directory holding the saved party `lanterns`, on `screen` (F3 or F4)
    /// with that party chosen.
    fn lanterns_on(screen: KeyCode) -> Ui {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("parties")).unwrap();
        std::fs::write(dir.path().join("parties/lanterns.yaml"), LANTERNS).unwrap();
        let mut ui = Ui::over(dir);
        ui.key(screen)
            .ch('P')
            .ctrl('u')
            .typed("lanterns")
            .key(Enter);
        assert!(ui.status().contains("Party `lanterns`"), "{}", ui.status());
        ui
    }

    fn lanterns_path(&self) -> PathBuf {
        self.root().join("parties/lanterns.yaml")
    }

    fn lanterns(&self) -> PartyFile {
        let path = self.lanterns_path();
        parse_party(&std::fs::read_to_string(&path).unwrap(), &path).unwrap()
    }

    fn form(&self) -> &PartyForm {
        match self.app.shell.layers.last() {
            Some(Layer::PartyNumbers(form)) => form,
            other => panic!("the party form is not open: {other:?}; {}", self.status()),
        }
    }
}

#[test]
fn the_form_writes_a_saved_partys_file_and_undo_and_redo_write_it_back() {
    let mut ui = Ui::lanterns_on(KeyCode::F(3));
    let encounter = (*ui.app.encounter.encounter).clone();
    ui.ch('#');
    let form = ui.form();
    assert_eq!(
        form.saved.as_ref().map(|(id, _)| id.as_str()),
        Some("lanterns")
    );
    assert_eq!((form.member, form.row), (0, 0));
    assert_eq!(form.cells[0][2].text(), "18", "Ana's AC as the file has it");
    // Bo's maximum HP, current HP and AC.
    ui.key(Tab)
        .typed("34")
        .key(Down)
        .typed("20")
        .key(Down)
        .typed("16");
    assert_eq!((ui.form().member, ui.form().row), (1, 2));
    ui.key(Enter);
    assert!(ui.app.shell.layers.is_empty(), "{}", ui.status());
    assert!(ui.status().contains("Saved the numbers"), "{}", ui.status());
    let saved = ui.lanterns();
    let bo = &saved.members[1];
    assert_eq!((bo.max_hp, bo.hp, bo.ac), (Some(34), Some(20), Some(16)));
    let ana = &saved.members[0];
    assert_eq!((ana.max_hp, ana.hp, ana.ac), (Some(40), Some(31), Some(18)));
    assert!(!saved.members[2].has_numbers());
    let text = std::fs::read_to_string(ui.lanterns_path()).unwrap();
    assert!(text.contains("x-table: thursday"), "{text}");
    // The screen rates with the party as saved; the encounter itself did not change.
    let party = ui.app.encounter.saved_parties.get("lanterns").unwrap();
    assert_eq!(party.members[1].ac, Some(16));
    assert_eq!(*ui.app.encounter.encounter, encounter);
    // `u` writes the file's old numbers back, Ctrl-Y the new ones again.
    ui.ch('u');
    assert!(ui.status().contains("numbers back"), "{}", ui.status());
    assert!(!ui.lanterns().members[1].has_numbers());
    assert_eq!(ui.lanterns().members[0].ac, Some(18));
    let party = ui.app.encounter.saved_parties.get("lanterns").unwrap();
    assert_eq!(party.members[1].ac, None);
    assert_eq!(*ui.app.encounter.encounter, encounter);
    ui.ctrl('y');
    assert_eq!(ui.lanterns().members[1].ac, Some(16));
    assert!(
        std::fs::read_to_string(ui.lanterns_path())
            .unwrap()
            .contains("x-table: thursday")
    );
    // The form opens on the file as it is now.
    ui.ch('#');
    assert_eq!(ui.form().cells[1][2].text(), "16");
}

#[test]
fn a_number_out_of_range_is_refused_with_its_range_and_the_form_stays_open() {
    let mut ui = Ui::lanterns_on(KeyCode::F(3));
    let before = std::fs::read_to_string(ui.lanterns_path()).unwrap();
    ui.ch('#')
        .key(Down)
        .key(Down)
        .ctrl('u')
        .typed("120")
        .key(Enter);
    assert!(
        ui.error()
            .is_some_and(|e| e.contains("AC is 1 to 99, not 120")),
        "{}",
        ui.status()
    );
    assert_eq!((ui.form().member, ui.form().row), (0, 2));
    // Not a number; then a current HP above the maximum, the cursor on the cell at fault.
    ui.ctrl('u').typed("x").key(Enter);
    assert!(
        ui.status().contains("not a whole number (1 to 99)"),
        "{}",
        ui.status()
    );
    ui.ctrl('u')
        .typed("18")
        .key(Up)
        .ctrl('u')
        .typed("50")
        .key(Down)
        .key(Enter);
    assert!(
        ui.status().contains("above the maximum HP"),
        "{}",
        ui.status()
    );
    assert_eq!(ui.form().row, 1);
    assert_eq!(std::fs::read_to_string(ui.lanterns_path()).unwrap(), before);
    // Esc asks before dropping the edits; No goes back to them, Yes drops them.
    ui.key(Esc);
    assert!(matches!(
        ui.app.shell.top(),
        Some(Layer::Confirm(Confirm::Party(_)))
    ));
    assert!(ui.screen(80, 24).contains("Drop the numbers"));
    ui.ch('n');
    assert_eq!(ui.form().cells[0][1].text(), "50");
    ui.key(Esc).ch('y');
    assert!(ui.app.shell.layers.is_empty());
    assert_eq!(std::fs::read_to_string(ui.lanterns_path()).unwrap(), before);
    // Emptied, a number is cleared: Ana's current HP is her maximum again.
    ui.ch('#').key(Down).ctrl('u').key(Enter);
    assert_eq!(ui.lanterns().members[0].hp, None);
    assert_eq!(ui.lanterns().members[0].hp_now(), Some(40));
    // Esc with nothing changed closes at once.
    ui.ch('#').key(Esc);
    assert!(ui.app.shell.layers.is_empty());
}

#[test]
fn a_file_changed_since_the_form_read_it_is_not_overwritten() {
    let mut ui = Ui::lanterns_on(KeyCode::F(3));
    ui.ch('#').key(Down).key(Down).ctrl('u').typed("19");
    let theirs = LANTERNS.replace("ac: 18", "ac: 17");
    std::fs::write(ui.lanterns_path(), &theirs).unwrap();
    ui.key(Enter);
    assert!(
        ui.error().is_some_and(|e| e.contains("changed on disk")),
        "{}",
        ui.status()
    );
    assert_eq!(
        ui.form().cells[0][2].text(),
        "19",
        "the edit is still there"
    );
    assert_eq!(std::fs::read_to_string(ui.lanterns_path()).unwrap(), theirs);
    // Read again, the form shows their number.
    ui.key(Esc).ch('y').ch('#');
    assert_eq!(ui.form().cells[0][2].text(), "17");
}

#[test]
fn an_inline_party_gets_its_numbers_in_the_encounter_and_undo_takes_them_back() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3))
        .ch('P')
        .ctrl('u')
        .typed("Ana=3,Bo=4")
        .key(Enter);
    let before = ui.app.encounter.encounter.party.clone();
    ui.ch('#');
    assert_eq!(ui.form().saved, None);
    // Tab walks the row, then goes on to the next number; Shift-Tab comes back.
    ui.key(Tab).key(Tab);
    assert_eq!((ui.form().member, ui.form().row), (0, 1));
    ui.key(BackTab);
    assert_eq!((ui.form().member, ui.form().row), (1, 0));
    ui.key(Down).key(Down).typed("15").key(Enter);
    assert!(ui.app.shell.layers.is_empty(), "{}", ui.status());
    let PartyRef::Members(members) = &ui.app.encounter.encounter.party else {
        panic!("{:?}", ui.app.encounter.encounter.party)
    };
    assert_eq!(members[1].ac, Some(15));
    assert_eq!(members[1].name.as_deref(), Some("Bo"));
    assert!(ui.app.encounter.is_dirty());
    ui.ch('u');
    assert_eq!(ui.app.encounter.encounter.party, before);
    ui.ctrl('y');
    assert_ne!(ui.app.encounter.encounter.party, before);
}

#[test]
fn the_adventure_screen_has_the_form_for_its_inline_and_its_saved_party() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(4))
        .ch('P')
        .ctrl('u')
        .typed("2x5")
        .key(Enter);
    ui.ch('#').typed("30").key(Enter);
    let PartyRef::Members(members) = &ui.app.adventure.adventure.party else {
        panic!("{:?}", ui.app.adventure.adventure.party)
    };
    assert_eq!(members[0].max_hp, Some(30));
    ui.ch('u');
    assert_eq!(
        ui.app.adventure.adventure.party,
        PartyRef::Uniform {
            size: 2,
            level: lairsmith_core::rules::Level::new(5).unwrap()
        }
    );

    let mut ui = Ui::lanterns_on(KeyCode::F(4));
    ui.ch('#').key(Tab).key(Tab).typed("5").key(Enter);
    assert_eq!(ui.lanterns().members[2].max_hp, Some(5));
    ui.ch('u');
    assert_eq!(ui.lanterns().members[2].max_hp, None);
}

#[test]
fn the_form_at_80x24() {
    let mut ui = Ui::lanterns_on(KeyCode::F(3));
    ui.ch('#').key(Tab).key(Down).key(Down);
    let screen = ui.resized(80, 24);
    assert!(
        screen.contains("Enter writes the party file `lanterns`"),
        "{screen}"
    );
    assert!(screen.contains("AC: 1 to 99; empty: not set."), "{screen}");
    crate::common::golden("tui/party-form-80x24.txt", &screen);
}

#[test]
fn a_large_party_and_a_long_refusal_still_show_the_cell_with_the_cursor_at_80x24() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3))
        .ch('P')
        .ctrl('u')
        .typed("9x3")
        .key(Enter);
    ui.ch('#')
        .times(Tab, 8)
        .times(Down, 14)
        .typed("abc")
        .key(Enter);
    assert_eq!((ui.form().member, ui.form().row), (8, 14));
    let screen = ui.resized(80, 24);
    assert!(screen.contains("4–9 of 9"), "{screen}");
    assert!(screen.contains("Passive Insight     ·"), "{screen}");
    assert!(
        screen.contains("is not a whole number (0 to 99)"),
        "{screen}"
    );
    // A refusal of two lines leaves a row less: the rows scroll with the cursor.
    ui.ctrl('u')
        .times(Up, 14)
        .typed("10")
        .key(Down)
        .typed("50")
        .key(Enter);
    assert_eq!((ui.form().member, ui.form().row), (8, 1));
    let screen = ui.resized(80, 24);
    assert!(screen.contains("are above the maximum HP, 10"), "{screen}");
    assert!(screen.contains("Current HP          ·"), "{screen}");
    assert!(!screen.contains("Passive Insight"), "{screen}");
}
