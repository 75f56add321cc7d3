//! The Adventure screen (F4) driven by keys through the real `update` and `exec` against a
//! temporary data directory: adding saved encounters, the bands and level-ups for the party as
//! it stands, reordering with undo, saving, changed-on-disk, opening, exporting, and opening an
//! encounter on the Encounter screen.

use crate::common::ui::Ui;
use lairsmith::cli::DataDir;
use lairsmith::tui::app::{Confirm, Screen};
use lairsmith::tui::layer::{FilesFor, Layer};
use lairsmith_core::encounter::{Count, Group, Party, Placeholder, add_group, create_encounter};
use lairsmith_core::rules::experience::first_xp;
use lairsmith_core::rules::{Level, Rank, Role};
use ratatui::crossterm::event::KeyCode;
use std::path::Path;

impl Ui {
    /// A data directory with three saved encounters for a party of four level-3 characters:
    /// `ambush` (5 standard level-3 wreckers), `bridge-trolls` (2 elite level-5 wreckers and
    /// 3 standard level-4) and `empty` (no foes).
    fn adventures() -> Ui {
        let dir = tempfile::tempdir().unwrap();
        let data = DataDir::new(dir.path());
        let party = Party::parse("4x3").unwrap();
        let ph = |level: i64, rank: Rank| Placeholder {
            level: Level::new(level).unwrap(),
            rank,
            role: Role::Wrecker,
        };
        let add = |path: &Path, p: Placeholder, n: i64| {
            add_group(path, &Group::placeholder(p, Count::new(n).unwrap())).unwrap()
        };
        let ambush = create_encounter(&data, "Ambush", &party, None).unwrap();
        add(&ambush, ph(3, Rank::Standard), 5);
        let trolls = create_encounter(&data, "Bridge Trolls", &party, None).unwrap();
        add(&trolls, ph(5, Rank::Elite), 2);
        add(&trolls, ph(4, Rank::Standard), 3);
        create_encounter(&data, "Empty", &party, None).unwrap();
        Ui::over(dir)
    }

    /// Adds the saved encounter `id` from the `a` list.
    fn add(&mut self, id: &str) -> &mut Ui {
        self.ch('a');
        let Some(Layer::Files {
            purpose: FilesFor::AddEncounter,
            files,
            ..
        }) = self.app.shell.layers.last()
        else {
            panic!("no list of encounters: {:?}", self.app.shell.status);
        };
        let at = files
            .iter()
            .position(|f| f.path.file_stem().unwrap() == id)
            .unwrap();
        for _ in 0..at {
            self.key(KeyCode::Down);
        }
        self.key(KeyCode::Enter)
    }

    fn ids(&self) -> Vec<&str> {
        self.app
            .adventure
            .adventure
            .encounters
            .iter()
            .map(String::as_str)
            .collect()
    }
}

/// A session of seven fights for 4 × level 3, built by keys: the list, the bands, the level-up
/// where the cumulative XP of level 4 is reached, and the pictures.
#[test]
fn an_adventure_is_built_by_keys_and_shows_bands_level_ups_and_pictures() {
    let mut ui = Ui::adventures();
    ui.key(KeyCode::F(4));
    assert_eq!(ui.app.shell.screen, Screen::Adventure);
    ui.ch('P').ctrl('u').typed("4x3").key(KeyCode::Enter);
    let ids = [
        "ambush",
        "bridge-trolls",
        "empty",
        "bridge-trolls",
        "bridge-trolls",
        "bridge-trolls",
        "bridge-trolls",
    ];
    for id in ids {
        ui.add(id);
    }
    assert_eq!(ui.ids(), ids);
    let r = &ui.app.adventure.report;
    // E2 from the Monster XP table: 5 × 150; 2 × 400 + 3 × 175.
    let xp: Vec<u64> = r.encounters.iter().map(|l| l.xp).collect();
    assert_eq!(xp, [750, 1325, 0, 1325, 1325, 1325, 1325]);
    assert_eq!(
        r.encounters[0]
            .band
            .map(lairsmith_core::vocab::Vocabulary::key),
        Some("standard")
    );
    assert_eq!(
        r.encounters[1]
            .band
            .map(lairsmith_core::vocab::Vocabulary::key),
        Some("deadly")
    );
    assert!(r.encounters[2].band.is_none());
    assert!(
        r.encounters[2]
            .problem
            .as_ref()
            .unwrap()
            .text()
            .contains("no foes")
    );
    // A1: each character starts at level 3's first XP and earns XP ÷ 4, rounded down.
    let mut xp_each = first_xp(Level::new(3).unwrap());
    let mut expected_up = None;
    for (i, l) in r.encounters.iter().enumerate() {
        xp_each += l.xp / 4;
        if expected_up.is_none() && xp_each >= first_xp(Level::new(4).unwrap()) {
            expected_up = Some(i + 1);
        }
    }
    let up = r.level_ups.first().expect("the party levels up");
    assert_eq!((Some(up.after_encounter), up.level), (expected_up, 4));
    // The same fight after the level-up is rated for a level-4 party.
    let after = expected_up.unwrap();
    assert!(
        after < ids.len(),
        "the test needs a fight after the level-up"
    );
    assert_eq!(r.encounters[after - 1].party_level, 3);
    assert_eq!(r.encounters[after].party_level, 4);
    assert_ne!(r.encounters[after].band, r.encounters[1].band);
    let screen = ui.draw(120, 40);
    assert!(screen.contains("F4 Adventure"), "{screen}");
    assert!(screen.contains("Pacing"), "{screen}");
    assert!(screen.contains("Toward the next level"), "{screen}");
    assert!(screen.contains("▲"), "{screen}");
    assert!(screen.contains("L4"), "{screen}");
    // The smallest terminal still draws it.
    let small = ui.draw(80, 24);
    assert!(small.contains("Pacing"), "{small}");
}

#[test]
fn reorder_remove_and_undo() {
    let mut ui = Ui::adventures();
    ui.key(KeyCode::F(4));
    ui.add("ambush").add("bridge-trolls").add("empty");
    // The cursor is on the last one added.
    ui.ch('K');
    assert_eq!(ui.ids(), ["ambush", "empty", "bridge-trolls"]);
    ui.ch('x');
    assert_eq!(ui.ids(), ["ambush", "bridge-trolls"]);
    ui.ch('u');
    assert_eq!(ui.ids(), ["ambush", "empty", "bridge-trolls"]);
    ui.ch('u');
    assert_eq!(ui.ids(), ["ambush", "bridge-trolls", "empty"]);
    ui.ctrl('y');
    assert_eq!(ui.ids(), ["ambush", "empty", "bridge-trolls"]);
    // The treasure method cycles through the book's four and back to none.
    let mut seen = Vec::new();
    for _ in 0..5 {
        ui.ch('t');
        seen.push(ui.app.adventure.adventure.treasure.map(|m| m.to_string()));
    }
    assert_eq!(seen.iter().filter(|m| m.is_some()).count(), 4);
    assert_eq!(seen.last().unwrap(), &None);
}

#[test]
fn save_reopen_export_and_changed_on_disk() {
    let mut ui = Ui::adventures();
    ui.key(KeyCode::F(4));
    ui.add("ambush").add("bridge-trolls");
    ui.ctrl('s');
    assert!(matches!(
        ui.app.shell.layers.last(),
        Some(Layer::Prompt { .. })
    ));
    ui.typed("Road to Karn").key(KeyCode::Enter);
    let path = ui.root().join("adventures/road-to-karn.yaml");
    assert!(path.is_file(), "{:?}", ui.app.shell.status);
    let (a, _) = lairsmith_core::adventure::load_adventure(&path).unwrap();
    assert_eq!(a.encounters, ["ambush", "bridge-trolls"]);
    assert!(!ui.app.adventure.is_dirty());

    // Another program changes the file: the next save refuses to overwrite it.
    let theirs = std::fs::read_to_string(&path)
        .unwrap()
        .replace("- bridge-trolls", "- empty");
    std::fs::write(&path, &theirs).unwrap();
    ui.add("empty").ctrl('s');
    assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs);
    assert!(ui.app.shell.status.as_ref().unwrap().error);
    assert!(ui.app.adventure.is_dirty());

    // Quitting asks about the unsaved adventure.
    ui.ch('q');
    assert!(matches!(
        ui.app.shell.layers.last(),
        Some(Layer::Confirm(Confirm::Adventure(
            lairsmith::tui::screens::adventure::Question::Unsaved(_)
        )))
    ));
    ui.key(KeyCode::Esc);
    assert!(!ui.app.shell.quit);

    // A new adventure (discarding), then opening the saved one.
    ui.ch('N').ch('n');
    assert!(ui.ids().is_empty());
    ui.ch('o');
    assert!(matches!(
        ui.app.shell.layers.last(),
        Some(Layer::Files {
            purpose: FilesFor::OpenAdventure,
            ..
        })
    ));
    ui.key(KeyCode::Enter);
    assert_eq!(ui.app.adventure.adventure.name, "Road to Karn");
    assert_eq!(ui.ids(), ["ambush", "empty"]);

    // The sheet.
    ui.ch('m').ctrl('u').typed("karn.md").key(KeyCode::Enter);
    let sheet = std::fs::read_to_string(ui.root().join("exports/karn.md")).unwrap();
    assert!(sheet.starts_with("# Road to Karn"), "{sheet}");
    assert!(sheet.contains("## Pacing") && sheet.contains("## Level-ups"));
    assert!(sheet.contains("### 1. Ambush"), "{sheet}");
}

#[test]
fn enter_opens_the_encounter_and_a_missing_one_is_an_error_line() {
    let mut ui = Ui::adventures();
    let adv = ui.root().join("adventures/lost.yaml");
    std::fs::create_dir_all(adv.parent().unwrap()).unwrap();
    std::fs::write(
        &adv,
        "kind: adventure\nschema_version: 1\nname: Lost\nparty: {size: 4, level: 3}\nencounters: [ambush, ambsh]\n",
    )
    .unwrap();
    ui.key(KeyCode::F(4)).ch('o').key(KeyCode::Enter);
    let r = &ui.app.adventure.report;
    let missing = r.encounters[1].problem.as_ref().unwrap();
    assert!(missing.is_error());
    assert!(missing.text().contains("`ambush`"), "{}", missing.text());
    assert_eq!(r.errors().len(), 1);
    let screen = ui.draw(120, 40);
    assert!(screen.contains("error"), "{screen}");
    // Enter on the first opens it on the Encounter screen.
    ui.key(KeyCode::Home).key(KeyCode::Enter);
    assert_eq!(ui.app.shell.screen, Screen::Encounter);
    assert_eq!(ui.app.encounter.encounter.name, "Ambush");
}

/// The encounter opened from an adventure shows, with its arithmetic, the treasure the
/// adventure gives it; `t` on the Encounter screen changes the method.
#[test]
fn the_encounter_screen_shows_the_adventures_treasure_under_the_arithmetic() {
    let mut ui = Ui::adventures();
    ui.key(KeyCode::F(4));
    ui.ch('P').ctrl('u').typed("4x3").key(KeyCode::Enter);
    ui.add("ambush").add("bridge-trolls");
    while ui.app.adventure.adventure.treasure != Some(lairsmith_core::treasure::Method::Troves) {
        ui.ch('t');
    }
    let from_adventure = ui.app.adventure.report.encounters[0].treasure.clone();
    assert!(from_adventure.is_some());
    ui.key(KeyCode::Home).key(KeyCode::Enter);
    assert_eq!(ui.app.shell.screen, Screen::Encounter);
    assert_eq!(ui.app.encounter.treasure_plan, from_adventure);
    let screen = ui.draw(120, 40);
    assert!(screen.contains("treasure: treasure troves"), "{screen}");
    // The treasure heads the arithmetic: shown without scrolling.
    ui.ch('w');
    let screen = ui.draw(120, 40);
    assert!(screen.contains("Treasure troves (T1)"), "{screen}");
    // `t` goes on to the next method: narrative play, then none.
    ui.ch('t');
    assert_eq!(
        ui.app.encounter.treasure_plan.as_ref().map(|p| p.method),
        Some(lairsmith_core::treasure::Method::Narrative)
    );
    ui.ch('t');
    assert!(ui.app.encounter.treasure_plan.is_none());
}

/// A signal keeps an unsaved adventure in `recovery/`, as it keeps a monster and an encounter.
#[test]
fn an_unsaved_adventure_is_among_the_recovery_files() {
    let mut ui = Ui::adventures();
    assert!(lairsmith::tui::recovery_files(&ui.app).is_empty());
    ui.key(KeyCode::F(4)).add("ambush");
    let files = lairsmith::tui::recovery_files(&ui.app);
    let (path, text) = files
        .iter()
        .find(|(p, _)| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("adventure-")
        })
        .expect("the adventure is kept");
    assert!(path.starts_with(ui.root().join("recovery")));
    let a = lairsmith_core::adventure::parse_adventure(text, path).unwrap();
    assert_eq!(a.encounters, ["ambush"]);
}

#[test]
fn h_exports_the_adventure_sheet_as_printable_html() {
    let mut ui = Ui::adventures();
    ui.key(KeyCode::F(4));
    ui.add("ambush").add("bridge-trolls");
    ui.ch('H');
    match ui.app.shell.layers.last() {
        Some(Layer::Prompt { title, field, .. }) => {
            assert!(title.contains("printable HTML"), "{title}");
            // The whole path, as the Markdown prompt shows it.
            assert!(field.text().ends_with(".html") && field.text().starts_with('/'));
        }
        other => panic!("H opened {other:?}"),
    }
    ui.ctrl('u').typed("karn.html").key(KeyCode::Enter);
    let html = std::fs::read_to_string(ui.root().join("exports/karn.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    assert!(html.contains("Ambush") && html.contains("Bridge"), "{html}");
}

#[test]
fn n_edits_the_adventures_notes_which_undo_takes_back_and_the_sheet_prints() {
    let mut ui = Ui::adventures();
    ui.key(KeyCode::F(4));
    ui.add("ambush");
    ui.ch('n')
        .typed("The mill burns at dusk")
        .key(KeyCode::Enter);
    assert_eq!(
        ui.app.adventure.adventure.notes.as_deref(),
        Some("The mill burns at dusk")
    );
    ui.ch('u');
    assert_eq!(ui.app.adventure.adventure.notes, None);
    ui.ctrl('y');
    ui.ch('m').ctrl('u').typed("karn.md").key(KeyCode::Enter);
    let sheet = std::fs::read_to_string(ui.root().join("exports/karn.md")).unwrap();
    assert!(sheet.contains("The mill burns at dusk"), "{sheet}");
}

/// The Adventure screen as it looks at 80×24 and 120×40, with two encounters (issue 35 §3:
/// every screen seen by a test).
#[test]
fn adventure_screen_snapshots() {
    for (w, h) in [(80u16, 24u16), (120, 40)] {
        let mut ui = Ui::adventures();
        ui.key(KeyCode::F(4));
        ui.add("ambush").add("bridge-trolls");
        ui.app.shell.status = None;
        crate::common::golden(&format!("tui/adventure-{w}x{h}.txt"), &ui.screen(w, h));
    }
}

/// Issue "XP counted twice", on the Adventure screen: after a fight of the adventure wrote its
/// XP to the saved party, the screen reads the party as written and counts that encounter once
/// (P10), marks it played in the list, the chart and the selected encounter's pane.
#[test]
fn xp_counted_twice_the_adventure_screen_counts_a_played_encounter_once() {
    let mut ui = Ui::adventures();
    let root = ui.root().to_owned();
    let run = |args: &[&str]| {
        let o = crate::common::lairsmith(&root, args);
        assert!(
            o.status.success(),
            "{args:?}: {}",
            crate::common::stderr(&o)
        );
    };
    run(&["party", "new", "Crew", "--party", "Ana=3,Bo=3,Cy=3,Di=3"]);
    run(&["adventure", "new", "Trip", "--party", "crew"]);
    run(&["adventure", "add", "trip", "ambush"]);
    run(&["adventure", "add", "trip", "bridge-trolls"]);
    run(&[
        "fight",
        "start",
        "ambush",
        "--adventure",
        "trip",
        "--seed",
        "1",
    ]);
    run(&["fight", "end", "ambush", "--all", "--write"]);

    ui.key(KeyCode::F(4));
    ui.ch('o');
    let Some(Layer::Files { files, .. }) = ui.app.shell.layers.last() else {
        panic!("no list of adventures: {:?}", ui.app.shell.status);
    };
    let at = files
        .iter()
        .position(|f| f.path.file_stem().unwrap() == "trip")
        .unwrap();
    // The list of adventures counts the played encounter once too: only the trolls' XP is
    // still to come.
    let listed = match &files[at].about {
        lairsmith::tui::files::About::Adventure {
            xp_per_character, ..
        } => *xp_per_character,
        other => panic!("{other:?}"),
    };
    for _ in 0..at {
        ui.key(KeyCode::Down);
    }
    ui.key(KeyCode::Enter);
    let r = &ui.app.adventure.report;
    assert_eq!(listed, r.xp_per_character, "the list and the screen agree");
    let (ambush, trolls) = (&r.encounters[0], &r.encounters[1]);
    let played = ambush.played.as_ref().expect("the ambush is played");
    assert_eq!(played.fight, "ambush");
    assert!(trolls.played.is_none());
    // The party's XP as written, plus only the encounter not yet played.
    let written = first_xp(Level::new(3).unwrap()) + played.xp_each;
    assert_eq!(r.characters[0].start_xp, written);
    assert_eq!(r.characters[0].end_xp, written + trolls.xp_per_character);
    assert_eq!(r.xp_per_character, trolls.xp_per_character);
    let screen = ui.draw(120, 40);
    assert!(
        screen.contains("✓ played ")
            && screen.contains("not counted again (P10)")
            && screen.contains("to come; 1 of 2 played"),
        "{screen}"
    );
}
