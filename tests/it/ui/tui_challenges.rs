//! The Encounter screen's extended challenges (A2): the key, the form, its checks, the roster,
//! the report, undo and editing, through the real `update` against a temporary data directory.

use crate::common::ui::Ui;
use lairsmith::tui::layer::Layer;
use ratatui::crossterm::event::KeyCode;

impl Ui {
    /// The Encounter screen with a party of four level-6 characters.
    fn encounter() -> Ui {
        let mut ui = Ui::new();
        ui.key(KeyCode::F(3))
            .ch('P')
            .ctrl('u')
            .typed("4x6")
            .key(KeyCode::Enter);
        assert_eq!(ui.app.encounter.report.budget, 1000);
        ui
    }
}

use KeyCode::{Enter, Esc, Tab};

#[test]
fn the_challenge_key_and_form_add_a_challenge_that_changes_the_report() {
    let mut ui = Ui::encounter();
    ui.ch('X');
    assert!(matches!(
        ui.app.shell.layers.last(),
        Some(Layer::Encounter(
            lairsmith::tui::screens::encounter::dialog::Dialog::Challenge(_)
        ))
    ));
    let form = ui.draw(120, 40);
    assert!(form.contains("Add an extended challenge"), "{form}");
    assert!(form.contains("empty: the party level (6)"), "{form}");
    // Every row is typed: `F`, `q` and `?` are letters here, not commands.
    ui.typed("Fording the Quick River?").key(Tab);
    ui.key(Tab).typed("6").key(Tab).key(Tab);
    ui.typed("athletics:moderate, acrobatics:easy").key(Enter);
    assert!(ui.app.shell.layers.is_empty(), "{}", ui.status());
    let s = &ui.app.encounter;
    let c = s.encounter.groups[0].challenge.as_ref().unwrap();
    assert_eq!(c.name, "Fording the Quick River?");
    assert_eq!((c.level, c.successes, c.failures), (None, 6, 3));
    assert_eq!(c.skills.len(), 2);
    // Alone, one Standard level-6 monster per character: the whole budget (A2).
    assert_eq!(s.report.xp, 1000);
    assert_eq!(
        s.report.band.map(lairsmith_core::vocab::Vocabulary::key),
        Some("standard")
    );
    assert!(s.is_dirty());
    let screen = ui.draw(120, 40);
    assert!(
        screen.contains("Fording the Quick River?  L6 challenge"),
        "{screen}"
    );
    assert!(screen.contains("1,000 XP"), "{screen}");
    assert!(
        screen.contains("Athletics DC 16 (moderate, level 6)"),
        "{screen}"
    );
    // The arithmetic has the challenge's term, marked as lairsmith's own reading.
    ui.ch('w');
    let why = ui.draw(160, 50);
    assert!(why.contains("Challenge Fording the Quick River?"), "{why}");
    ui.ch('w');
    // A challenge is run once: `+` does not make two of it.
    ui.ch('+');
    assert_eq!(ui.app.encounter.encounter.groups[0].count.get(), 1);
    assert!(ui.status().contains("run once"), "{}", ui.status());
    // Undo takes the challenge back like any other roster edit.
    ui.ch('u');
    assert!(ui.app.encounter.encounter.groups.is_empty());
    assert_eq!(ui.app.encounter.report.xp, 0);
    ui.ctrl('y');
    assert_eq!(ui.app.encounter.report.xp, 1000);
}

#[test]
fn the_challenge_form_refuses_bad_rows_and_stays_open_on_the_row_at_fault() {
    let mut ui = Ui::encounter();
    ui.ch('X').key(Enter);
    assert!(ui.status().contains("needs a name"), "{}", ui.status());
    ui.typed("Gate").key(Tab).typed("0").key(Enter);
    assert!(ui.status().contains("from 1 to 30"), "{}", ui.status());
    let Some(Layer::Encounter(lairsmith::tui::screens::encounter::dialog::Dialog::Challenge(form))) =
        ui.app.shell.layers.last()
    else {
        panic!("the form stays open")
    };
    assert_eq!(form.row, 1);
    ui.ctrl('u').typed("8").key(Tab).typed("0").key(Enter);
    assert!(
        ui.status().contains("from 1 to 20 successes"),
        "{}",
        ui.status()
    );
    ui.ctrl('u')
        .typed("3")
        .key(Tab)
        .key(Tab)
        .typed("athletics:moderat")
        .key(Enter);
    assert!(
        ui.status().contains("did you mean `moderate`"),
        "{}",
        ui.status()
    );
    ui.ctrl('u').typed("athletics:hard").key(Enter);
    assert!(ui.app.shell.layers.is_empty(), "{}", ui.status());
    // Among monsters, three successes replace one Standard monster of level 8 (A2).
    ui.ch('p').key(Enter);
    let r = &ui.app.encounter.report;
    assert_eq!(r.challenges[0].xp, 350);
    assert_eq!(r.xp, 350 + 250);
    // A second challenge may not take the first one's name; Esc closes the form unchanged.
    ui.ch('X')
        .typed("gate")
        .key(Tab)
        .key(Tab)
        .typed("4")
        .key(Enter);
    assert!(
        ui.status().contains("already has a challenge named `Gate`"),
        "{}",
        ui.status()
    );
    ui.key(Esc);
    assert_eq!(ui.app.encounter.encounter.groups.len(), 2);
}

#[test]
fn enter_on_a_challenge_edits_it_in_the_same_form() {
    let mut ui = Ui::encounter();
    ui.ch('X')
        .typed("Chase")
        .key(Tab)
        .key(Tab)
        .typed("4")
        .key(Enter);
    assert_eq!(ui.app.encounter.report.xp, 1000);
    ui.key(Enter);
    let Some(Layer::Encounter(lairsmith::tui::screens::encounter::dialog::Dialog::Challenge(form))) =
        ui.app.shell.layers.last()
    else {
        panic!("Enter opens the form")
    };
    assert_eq!(form.editing, Some(0));
    assert_eq!(form.fields[0].text(), "Chase");
    assert_eq!(form.fields[2].text(), "4");
    // Level 10 now: four characters × 500 XP.
    ui.key(Tab).typed("10").key(Enter);
    let s = &ui.app.encounter;
    assert_eq!(s.encounter.groups.len(), 1);
    assert_eq!(s.report.xp, 2000);
    assert_eq!(s.report.challenges[0].level, 10);
    ui.ch('u');
    assert_eq!(ui.app.encounter.report.xp, 1000);
}
