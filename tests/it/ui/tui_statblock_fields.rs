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
            lairsmith::monster::overrides::StatKey::Reach
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
    let again = lairsmith::monster::parse_monster(&saved, Path::new("new-monster.yaml")).unwrap();
    assert_eq!(again, *ui.app.forge.design);
}

#[test]
fn an_old_files_reach_override_stays_editable_in_the_forge() {
    let mut ui = new_monster_at_details();
    ui.app.forge.design.overrides.insert(
        lairsmith::monster::overrides::StatKey::Reach,
        lairsmith::monster::overrides::Override::value(2, "a long neck"),
    );
    let row = Detail::Override(lairsmith::monster::overrides::StatKey::Reach);
    assert!(details(&ui.app.forge.design).contains(&row));
    ui.edit(row).key(Enter);
    assert!(
        !ui.app
            .forge
            .design
            .overrides
            .contains_key(&lairsmith::monster::overrides::StatKey::Reach),
        "an emptied override goes"
    );
}
