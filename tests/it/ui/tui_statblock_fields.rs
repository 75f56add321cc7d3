//! Issue 11 §3 in the terminal UI: reach, regeneration and variants are edited in the Forge's
//! Details form like traits, the live stat block prints them in the book's words, and a save
//! writes them as design fields. Keys go through the real `dispatch`, as in tests/tui.rs.

use crate::common::ui::Ui;
use lairsmith::tui::screens::forge::Step;
use lairsmith::tui::screens::forge::fields::{Detail, details};
use ratatui::crossterm::event::KeyCode;
use std::path::Path;

use KeyCode::{Down, Enter, Home};

impl Ui {
    /// Moves to a Details row and opens it for editing, its old text cleared.
    fn edit(&mut self, row: Detail) -> &mut Ui {
        let at = details(&self.app.forge.design)
            .iter()
            .position(|d| *d == row)
            .unwrap_or_else(|| panic!("no {row:?} row in the Details form"));
        self.key(Home);
        for _ in 0..at {
            self.key(Down);
        }
        self.key(Enter).ctrl('u')
    }
}

fn new_monster_at_details() -> Ui {
    let mut ui = Ui::new();
    ui.key(KeyCode::Char('n')).typed("7").key(Enter);
    ui.app.forge.go_to(Step::Details);
    ui
}

#[test]
fn reach_regeneration_and_variants_are_edited_in_the_forge_details_and_saved_as_fields() {
    let mut ui = new_monster_at_details();
    assert!(
        !details(&ui.app.forge.design).contains(&Detail::Override(
            lairsmith_core::monster::overrides::StatKey::Reach
        )),
        "reach is the design's field, not an override, in a new monster"
    );
    ui.edit(Detail::Reach).typed("3").key(Enter);
    assert_eq!(ui.app.forge.design.reach, Some(3));
    assert_eq!(ui.app.forge.block.reach, 3);

    ui.edit(Detail::Regeneration).typed("stagered 5").key(Enter);
    let e = ui.error().expect("a misspelt regeneration is refused");
    assert!(e.contains("did you mean `staggered`"), "{e}");
    ui.ctrl('u').typed("staggered 5").key(Enter);
    assert_eq!(
        ui.app.forge.block.regeneration.as_deref(),
        Some("Staggered Regeneration 5")
    );

    ui.edit(Detail::NewVariant)
        .typed("Elder Form: {name} has resist fire 10.")
        .key(Enter);
    assert_eq!(ui.app.forge.design.variants.len(), 1);
    let v = &ui.app.forge.block.variants[0];
    assert_eq!(
        (v.name.as_str(), v.text.as_str()),
        ("Elder Form", "New Monster has resist fire 10.")
    );

    // The live stat block beside the form says it as the book does.
    let screen = ui.draw(160, 60);
    assert!(screen.contains("Staggered Regeneration 5"), "{screen}");
    assert!(screen.contains("Reach 3"), "{screen}");
    assert!(screen.contains("(recovery value"), "{screen}");

    // x removes the variant, u puts it back.
    ui.edit(Detail::Variant(0)).key(KeyCode::Esc);
    ui.key(KeyCode::Char('x'));
    assert!(ui.app.forge.design.variants.is_empty());
    ui.key(KeyCode::Char('u'));
    assert_eq!(ui.app.forge.design.variants.len(), 1);

    ui.ctrl('s');
    let saved = std::fs::read_to_string(ui.dir.path().join("bestiary/new-monster.yaml")).unwrap();
    assert!(saved.contains("\nreach: 3\n"), "{saved}");
    assert!(
        saved.contains("regeneration:\n  value: 5\n  when: staggered\n"),
        "{saved}"
    );
    assert!(
        saved.contains("variants:\n- name: Elder Form\n  text: '{name} has resist fire 10.'\n"),
        "{saved}"
    );
    let again =
        lairsmith_core::monster::parse_monster(&saved, Path::new("new-monster.yaml")).unwrap();
    assert_eq!(again, *ui.app.forge.design);
}

#[test]
fn an_old_files_reach_override_stays_editable_in_the_forge() {
    let mut ui = new_monster_at_details();
    ui.app.forge.design.overrides.insert(
        lairsmith_core::monster::overrides::StatKey::Reach,
        lairsmith_core::monster::overrides::Override::value(2, "a long neck"),
    );
    let row = Detail::Override(lairsmith_core::monster::overrides::StatKey::Reach);
    assert!(details(&ui.app.forge.design).contains(&row));
    ui.edit(row).key(Enter);
    assert!(
        !ui.app
            .forge
            .design
            .overrides
            .contains_key(&lairsmith_core::monster::overrides::StatKey::Reach),
        "an emptied override goes"
    );
}

/// Moves to a Details row without opening it.
fn go_to(ui: &mut Ui, row: Detail) {
    let at = details(&ui.app.forge.design)
        .iter()
        .position(|d| *d == row)
        .unwrap_or_else(|| panic!("no {row:?} row in the Details form"));
    ui.key(Home);
    for _ in 0..at {
        ui.key(Down);
    }
}

/// Prose of several lines keeps its line breaks in the Forge: Description, Tactics and a
/// power's texts open in the editor of several lines, Enter on a field left as it was changes
/// nothing (a one-line field shows a line break as a space, and reading that back rewrote the
/// file's text, gluing "Para one.Para two."), and a value longer than a field's limit is kept
/// whole (it was cut at 1,024 characters without a word).
#[test]
fn prose_keeps_its_line_breaks_and_nothing_is_cut_by_enter() {
    let mut ui = new_monster_at_details();
    let long = "word ".repeat(400).trim_end().to_owned();
    {
        let d = &mut *ui.app.forge.design;
        d.description = Some("Para one.\n\nPara two.\tTabbed 世界.".into());
        d.tactics = Some("Line A.\r\nLine B.  ".into());
        d.equipment = Some(long.clone());
        d.languages = vec!["Common".into()];
    }
    let before = (*ui.app.forge.design).clone();
    for row in [
        Detail::Description,
        Detail::Tactics,
        Detail::Equipment,
        Detail::Languages,
    ] {
        go_to(&mut ui, row);
        ui.key(Enter);
        assert!(ui.app.shell.top().is_some(), "{row:?} opens");
        ui.key(Enter);
        assert!(ui.app.shell.top().is_none(), "{row:?}: Enter finishes");
    }
    assert_eq!(
        *ui.app.forge.design, before,
        "Enter on fields left as they were"
    );
    assert!(
        ui.screen(100, 40).contains("Para one.  Para two."),
        "the form shows a line break as a space"
    );
    go_to(&mut ui, Detail::Tactics);
    ui.key(Enter).ctrl('j').typed("Line C.").key(Enter);
    assert_eq!(
        ui.app.forge.design.tactics.as_deref(),
        Some("Line A.\nLine B.  \nLine C."),
        "an edit keeps the rest as the editor showed it (a CR LF is a line break)"
    );
    go_to(&mut ui, Detail::Equipment);
    ui.key(Enter).typed(" and a rope").key(Enter);
    assert_eq!(
        ui.app.forge.design.equipment.as_deref(),
        Some(format!("{long} and a rope").as_str())
    );
}
