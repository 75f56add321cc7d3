//! The terminal UI without a terminal: keys go through the real `update` and `exec` against a
//! temporary data directory, and the model is checked; screens are drawn on a TestBackend and
//! compared with golden text at 80×24 and 120×40.

use crate::common;
use crate::common::ui::Ui;
use lairsmith::cli::DataDir;
use lairsmith::tui::app::{Confirm, Msg, Outcome, Screen};
use lairsmith::tui::layer::Layer;
use lairsmith::tui::{app_for, dispatch};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;

use KeyCode::{Down, Enter, Esc};

/// Level 7 elite wrecker, fire and giant tags, named, one custom power, saved.
fn forge_elite_wrecker(ui: &mut Ui) {
    ui.ch('n');
    assert_eq!(ui.app.shell.screen, Screen::Forge);
    ui.typed("7").key(Enter); // level 7, on to rank
    ui.key(Down).key(Enter); // the cursor starts on standard; one down is elite
    ui.times(Down, 5).key(Enter); // wrecker is the sixth role
    ui.key(Enter).key(Enter).key(Enter); // size, source, type as they are
    // Tags: fire (index 10) and giant (11).
    ui.times(Down, 10).ch(' ').key(Down).ch(' ').key(Enter);
    ui.key(Enter); // Templates: none
    // Details: the name.
    ui.key(Enter).ctrl('u').typed("Cinder Ogre").key(Enter);
    ui.ch(']');
    // Powers: a blank power, renamed, with hit text.
    ui.ch('n');
    ui.key(Enter).ctrl('u').typed("Molten Fist").key(Enter);
    let hit_row = {
        let p = ui.app.forge.design.powers.last().unwrap();
        lairsmith::tui::screens::forge::fields::power_fields(p)
            .iter()
            .position(|f| *f == lairsmith::tui::screens::forge::fields::PowerField::Hit)
            .unwrap()
    };
    ui.times(Down, hit_row)
        .key(Enter)
        .typed("and the target takes 5 fire damage at the start of its turn (save ends).")
        .key(Enter);
    ui.key(Esc);
    ui.ctrl('s');
}

#[test]
fn the_whole_wizard_by_keys() {
    let mut ui = Ui::new();
    forge_elite_wrecker(&mut ui);
    let path = ui.root().join("bestiary/cinder-ogre.yaml");
    assert!(path.is_file(), "status: {:?}", ui.app.shell.status);
    let d = lairsmith_core::monster::load_file(&path).unwrap().0;
    assert_eq!(d.level.get(), 7);
    assert_eq!(d.rank, lairsmith_core::rules::Rank::Elite);
    assert_eq!(d.role, lairsmith_core::rules::Role::Wrecker);
    assert_eq!(
        d.tags,
        vec![
            lairsmith_core::rules::Tag::Fire,
            lairsmith_core::rules::Tag::Giant
        ]
    );
    let custom = d
        .powers
        .iter()
        .find(|p| p.name == "Molten Fist")
        .expect("the custom power was saved");
    assert!(custom.hit.as_deref().unwrap().contains("fire damage"));
    assert!(
        d.powers.iter().any(|p| p.name == "Double Attack"),
        "the elite kit came along"
    );
    // It appears in the Bestiary at once, and nothing is unsaved.
    assert!(ui.app.shell.bestiary.get("cinder-ogre").is_some());
    assert!(!ui.app.forge.is_dirty());
}

#[test]
fn going_back_keeps_every_choice() {
    let mut ui = Ui::new();
    ui.ch('n').typed("12").key(Enter).key(Down).key(Enter);
    ui.ch('[').ch('[');
    assert_eq!(ui.app.forge.design.level.get(), 12);
    assert_eq!(ui.app.forge.design.rank, lairsmith_core::rules::Rank::Elite);
    ui.ch(']').ch(']').ch(']');
    assert_eq!(ui.app.forge.design.rank, lairsmith_core::rules::Rank::Elite);
}

#[test]
fn search_select_and_relevel() {
    let mut ui = Ui::new();
    forge_elite_wrecker(&mut ui);
    ui.key(KeyCode::F(1));
    assert_eq!(ui.app.shell.screen, Screen::Bestiary);
    ui.ch('/').typed("cindog").key(Enter);
    let first = ui.app.browser.selected_id().unwrap();
    assert_eq!(first, "cinder-ogre");
    ui.ch('r');
    assert!(matches!(
        ui.app.shell.top(),
        Some(Layer::Bestiary(
            lairsmith::tui::screens::bestiary::dialog::Dialog::Relevel(_)
        ))
    ));
    ui.ctrl('u').typed("9").key(Enter);
    // One of the user's own monsters: overwrite it, or save a copy beside it.
    assert!(matches!(
        ui.app.shell.top(),
        Some(Layer::Confirm(Confirm::Bestiary(
            lairsmith::tui::screens::bestiary::Question::RelevelOwn { .. }
        )))
    ));
    ui.ch('o');
    let e = ui.app.shell.bestiary.get("cinder-ogre").unwrap();
    assert_eq!(e.card.level.get(), 9);
    assert_eq!(e.block().unwrap().defenses.ac, 12 + 9);
    let on_disk = lairsmith_core::monster::load_file(&ui.root().join("bestiary/cinder-ogre.yaml"))
        .unwrap()
        .0;
    assert_eq!(on_disk.level.get(), 9);
    // Export to Markdown.
    let out = ui.root().join("ogre.md");
    ui.ch('m').ctrl('u').typed(out.to_str().unwrap()).key(Enter);
    let md = std::fs::read_to_string(&out).unwrap();
    assert!(md.contains("*Level 9 Elite Wrecker*"), "{md}");
}

#[test]
fn typing_q_in_a_field_never_quits() {
    let mut ui = Ui::new();
    ui.ch('/').typed("quiet q");
    assert!(!ui.app.shell.quit);
    assert_eq!(ui.app.browser.query.text(), "quiet q");
    ui.key(Enter).ch('q');
    assert!(ui.app.shell.quit, "q quits once no text field has focus");
}

#[test]
fn unsaved_changes_prompt_save_discard_cancel() {
    let mut ui = Ui::new();
    ui.ch('n').typed("5").key(Enter);
    assert!(ui.app.forge.is_dirty());
    ui.key(KeyCode::F(1));
    assert!(matches!(
        ui.app.shell.top(),
        Some(Layer::Confirm(Confirm::Forge(
            lairsmith::tui::screens::forge::Question::Unsaved(_)
        )))
    ));
    ui.key(Esc);
    assert_eq!(
        ui.app.shell.screen,
        Screen::Forge,
        "Esc cancels: still in the Forge"
    );
    assert!(ui.app.forge.is_dirty());
    ui.ch('q');
    assert!(matches!(
        ui.app.shell.top(),
        Some(Layer::Confirm(Confirm::Forge(
            lairsmith::tui::screens::forge::Question::Unsaved(_)
        )))
    ));
    ui.ch('n');
    assert!(ui.app.shell.quit, "n discards and quits");

    let mut ui = Ui::new();
    ui.ch('n').typed("5").key(Enter);
    ui.ch('q').ch('y');
    assert!(ui.app.shell.quit, "y saves, then quits");
    assert!(ui.root().join("bestiary/new-monster.yaml").is_file());
}

#[test]
fn a_file_changed_on_disk_is_not_overwritten() {
    let mut ui = Ui::new();
    forge_elite_wrecker(&mut ui);
    let path = ui.root().join("bestiary/cinder-ogre.yaml");
    let theirs = std::fs::read_to_string(&path)
        .unwrap()
        .replace("name: Cinder Ogre", "name: Their Ogre");
    std::fs::write(&path, &theirs).unwrap();
    ui.app
        .forge
        .go_to(lairsmith::tui::screens::forge::Step::Level);
    ui.typed("8").key(Enter);
    ui.ctrl('s');
    assert!(matches!(
        ui.app.shell.top(),
        Some(Layer::Confirm(Confirm::Forge(
            lairsmith::tui::screens::forge::Question::ChangedOnDisk { .. }
        )))
    ));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        theirs,
        "their edit is intact"
    );
    ui.ch('c');
    assert_eq!(std::fs::read_to_string(&path).unwrap(), theirs);
    let copy = ui.root().join("bestiary/cinder-ogre-2.yaml");
    assert!(
        copy.is_file(),
        "mine went to a copy: {:?}",
        ui.app.shell.status
    );
    assert_eq!(
        lairsmith_core::monster::load_file(&copy)
            .unwrap()
            .0
            .level
            .get(),
        8
    );
}

#[test]
fn shipped_monsters_open_as_a_copy_and_cannot_be_deleted() {
    let mut ui = Ui::new();
    ui.ch('/').typed("hedgemaw").key(Enter);
    ui.ch('x');
    assert!(ui.app.shell.layers.is_empty());
    assert!(matches!(
        ui.app.shell.status,
        Some(lairsmith::tui::app::Status { error: true, .. })
    ));
    ui.ch('e');
    assert_eq!(ui.app.shell.screen, Screen::Forge);
    ui.typed("9").key(Enter).ctrl('s');
    assert!(
        ui.root().join("bestiary/hedgemaw-2.yaml").is_file(),
        "{:?}",
        ui.app.shell.status
    );
    assert!(ui.app.shell.bestiary.get("hedgemaw").unwrap().is_shipped());
}

#[test]
fn encounter_for_four_level_six_characters() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3));
    assert_eq!(ui.app.shell.screen, Screen::Encounter);
    ui.ch('P').ctrl('u').typed("4x6").key(Enter);
    assert_eq!(ui.app.encounter.report.budget, 1000);
    // Add a level 9 elite and two standard monsters through the picker.
    ui.ch('a').typed("voidglass").key(Enter).key(Esc);
    ui.ch('a')
        .typed("gloamblade")
        .key(Enter)
        .key(Enter)
        .key(Enter)
        .key(Esc);
    let r = &ui.app.encounter.report;
    assert_eq!(r.xp, 800 + 3 * 250);
    assert_eq!(
        r.band.map(lairsmith_core::vocab::Vocabulary::key),
        Some("hard"),
        "{r:?}"
    );
    ui.ch('w');
    assert!(ui.app.encounter.explain);
    ui.ctrl('s').typed("Glass and Shadow").key(Enter);
    let path = ui.root().join("encounters/glass-and-shadow.yaml");
    assert!(path.is_file(), "{:?}", ui.app.shell.status);
    // Reopen it.
    ui.ch('N');
    assert!(ui.app.encounter.encounter.groups.is_empty());
    ui.ch('o').key(Enter);
    assert_eq!(ui.app.encounter.encounter.name, "Glass and Shadow");
    assert_eq!(
        ui.app
            .encounter
            .report
            .band
            .map(lairsmith_core::vocab::Vocabulary::key),
        Some("hard")
    );
    // Export the sheet.
    let out = ui.root().join("sheet.md");
    ui.ch('m').ctrl('u').typed(out.to_str().unwrap()).key(Enter);
    let sheet = std::fs::read_to_string(out).unwrap();
    assert!(
        sheet.contains("## Roster") && sheet.contains("Voidglass Orrery"),
        "{sheet}"
    );
}

#[test]
fn generator_locks_and_placeholders() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3))
        .ch('P')
        .ctrl('u')
        .typed("4x5")
        .key(Enter);
    ui.ch('p').key(Enter); // a standard placeholder at the party level
    assert_eq!(ui.app.encounter.encounter.groups.len(), 1);
    ui.ch('L').ch('G');
    let groups = &ui.app.encounter.encounter.groups;
    assert!(
        groups.iter().any(|g| g.placeholder.is_some()),
        "the locked placeholder stays"
    );
    assert!(groups.len() > 1);
    assert!(ui.app.encounter.report.band.is_some());
    // Enter on the placeholder opens the Forge; saving replaces it in the encounter.
    ui.app.encounter.cursor = groups.iter().position(|g| g.placeholder.is_some()).unwrap();
    ui.key(Enter);
    assert_eq!(ui.app.shell.screen, Screen::Forge);
    ui.ctrl('s');
    assert!(
        ui.app
            .encounter
            .encounter
            .groups
            .iter()
            .all(|g| g.placeholder.is_none())
    );
}

fn golden(name: &str, actual: &str) {
    common::golden(&format!("tui/{name}"), actual);
}

#[test]
fn screen_snapshots() {
    for (w, h) in [(80u16, 24u16), (120, 40)] {
        let mut ui = Ui::new();
        ui.app.shell.status = None;
        golden(&format!("bestiary-{w}x{h}.txt"), &ui.screen(w, h));
        ui.ch('n');
        ui.app.shell.status = None;
        golden(&format!("forge-{w}x{h}.txt"), &ui.screen(w, h));
        ui.typed("4").key(Enter);
        ui.app
            .forge
            .go_to(lairsmith::tui::screens::forge::Step::Source);
        golden(&format!("forge-source-{w}x{h}.txt"), &ui.screen(w, h));
        ui.app.forge.design.mark_clean();
        ui.key(KeyCode::F(3))
            .ch('P')
            .ctrl('u')
            .typed("4x6")
            .key(Enter);
        ui.ch('a').typed("voidglass").key(Enter).key(Esc);
        ui.app.shell.status = None;
        golden(&format!("encounter-{w}x{h}.txt"), &ui.screen(w, h));
        ui.ch('?');
        golden(&format!("help-{w}x{h}.txt"), &ui.screen(w, h));
    }
    let mut ui = Ui::new();
    let small = ui.screen(60, 20);
    assert!(small.contains("at least 80×24"), "{small}");
}

/// The guide's keys page (`docs/src/reference/keys.md`) is the keymap itself:
/// `UPDATE_DOCS=1 cargo test --test it docs::` writes it again after a binding changes.
#[test]
fn readme_key_section_is_the_keymap() {
    let page = crate::docs::page("reference/keys.md");
    let generated = crate::docs::generated::keys_page();
    assert!(
        page == generated,
        "the keys page differs from the keymap (UPDATE_DOCS=1 cargo test --test it docs:: rewrites it)"
    );
}

#[test]
fn filters_sort_and_clear() {
    let mut ui = Ui::new();
    let all = ui.app.browser.hits.len();
    ui.ch('f');
    assert!(matches!(
        ui.app.shell.top(),
        Some(Layer::Bestiary(
            lairsmith::tui::screens::bestiary::dialog::Dialog::Filter(_)
        ))
    ));
    ui.typed("1..10").key(Down).key(Down).key(KeyCode::Right); // levels, then role: archer
    ui.key(Enter);
    let b = &ui.app.shell.bestiary;
    let hits = &ui.app.browser.hits;
    assert!(!hits.is_empty() && hits.len() < all);
    for h in hits {
        let d = &b.entries[h.index].card;
        assert!(
            d.level.get() <= 10 && d.role == lairsmith_core::rules::Role::Archer,
            "{}",
            d.id
        );
    }
    ui.ch('F');
    assert_eq!(ui.app.browser.hits.len(), all);
    ui.ch('s').ch('s'); // name -> level -> XP
    let xps: Vec<i64> = ui
        .app
        .browser
        .hits
        .iter()
        .map(|h| ui.app.shell.bestiary.entries[h.index].card.xp)
        .collect();
    assert!(xps.windows(2).all(|w| w[0] <= w[1]), "sorted by XP");
}

#[test]
fn a_bad_file_is_reported_and_the_rest_load() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("bestiary")).unwrap();
    std::fs::write(
        dir.path().join("bestiary/broken.yaml"),
        "kind: monster\nlevel: [\n",
    )
    .unwrap();
    let mut app = app_for(&DataDir::new(dir.path().to_owned()));
    assert!(
        matches!(&app.shell.status, Some(lairsmith::tui::app::Status { error: true, text: m, .. }) if m.contains("could not be read"))
    );
    assert!(app.shell.bestiary.entries.len() >= 40);
    let mut no_editor = |p: &Path| Outcome::Edited {
        path: p.to_owned(),
        result: Err(String::new()),
    };
    dispatch(
        &mut app,
        Msg::Key(KeyEvent::new(KeyCode::Char('!'), KeyModifiers::NONE)),
        &mut no_editor,
    );
    assert!(matches!(app.shell.top(), Some(Layer::Errors { .. })));
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| lairsmith::tui::view::view(&app, f)).unwrap();
    let screen: String = t
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|c| c.symbol())
        .collect();
    assert!(
        screen.contains("broken.yaml:2:8"),
        "the file, line and column are shown"
    );
}

#[test]
fn a_failed_save_is_a_message_and_nothing_is_lost() {
    let mut ui = Ui::new();
    let blocker = ui.root().join("not-a-dir");
    std::fs::write(&blocker, "x").unwrap();
    ui.app.shell.paths.bestiary = blocker.join("bestiary");
    ui.ch('n').typed("6").key(Enter);
    ui.ctrl('s');
    assert!(
        matches!(&ui.app.shell.status, Some(lairsmith::tui::app::Status { error: true, text: m, .. }) if m.contains("cannot write")),
        "{:?}",
        ui.app.shell.status
    );
    assert!(
        ui.app.forge.is_dirty(),
        "the unsaved monster is still there"
    );
    assert_eq!(ui.app.forge.design.level.get(), 6);
    assert!(!ui.app.shell.quit);
}

#[test]
fn a_new_encounter_asks_about_the_unsaved_one() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3));
    ui.ch('a')
        .key(KeyCode::Tab)
        .typed("hedgemaw")
        .key(Enter)
        .key(Esc);
    assert!(ui.app.encounter.is_dirty());
    ui.ch('N');
    assert!(matches!(
        ui.app.shell.top(),
        Some(Layer::Confirm(Confirm::Encounter(
            lairsmith::tui::screens::encounter::Question::Unsaved(_)
        )))
    ));
    ui.ch('y'); // save first: it asks for a name
    assert!(matches!(ui.app.shell.top(), Some(Layer::Prompt { .. })));
    ui.key(Esc); // cancelled: nothing saved, nothing lost, nothing pending
    // What the save was for rode on the prompt: with it gone, nothing is left to carry it.
    assert!(ui.app.shell.layers.is_empty());
    assert_eq!(ui.app.encounter.encounter.groups.len(), 1);
    ui.ch('N').ch('y').typed("Hedge Fight").key(Enter);
    assert!(ui.root().join("encounters/hedge-fight.yaml").is_file());
    assert!(
        ui.app.encounter.encounter.groups.is_empty(),
        "then a fresh encounter"
    );
}

#[test]
fn deleting_moves_to_the_trash_and_u_puts_it_back() {
    let mut ui = Ui::new();
    ui.ch('/').typed("hedgemaw").key(Enter);
    ui.ch('e');
    ui.typed("9").key(Enter).ctrl('s');
    let copy = ui.root().join("bestiary/hedgemaw-2.yaml");
    assert!(copy.is_file());
    let saved = std::fs::read(&copy).unwrap();
    ui.key(KeyCode::F(1));
    // The copy has the shipped monster's name: select it by id.
    ui.app.browser.select("hedgemaw-2");
    ui.app.derive();
    assert_eq!(ui.app.browser.selected_id().as_deref(), Some("hedgemaw-2"));
    ui.ch('x').ch('y');
    assert!(!copy.exists(), "{:?}", ui.app.shell.status);
    assert!(ui.app.shell.bestiary.get("hedgemaw-2").is_none());
    let trash = lairsmith_core::store::trash::list(ui.root());
    assert_eq!(trash.len(), 1);
    assert_eq!(trash[0].id, "hedgemaw-2");
    ui.ch('U');
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        saved,
        "the same bytes come back"
    );
    assert!(ui.app.shell.bestiary.get("hedgemaw-2").is_some());
    assert_eq!(ui.app.browser.selected_id().as_deref(), Some("hedgemaw-2"));
    assert!(lairsmith_core::store::trash::list(ui.root()).is_empty());
    // Nothing left to restore: a message, not a crash.
    ui.ch('U');
    assert!(matches!(
        ui.app.shell.status,
        Some(lairsmith::tui::app::Status { error: false, .. })
    ));
}

/// Issue 8 §4: `+` on a count of 500 made it 99, and on 4294967295 made it 0.
#[test]
fn ui_plus_never_lowers_a_count_and_stops_at_999() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3));
    ui.ch('a')
        .key(KeyCode::Tab)
        .typed("voidglass")
        .key(Enter)
        .key(Esc);
    let count = |ui: &Ui| ui.app.encounter.encounter.groups[0].count.get();
    assert_eq!(count(&ui), 1);
    let mut last = count(&ui);
    for _ in 0..1_100 {
        ui.ch('+');
        let now = count(&ui);
        assert!(now >= last, "+ lowered the count from {last} to {now}");
        last = now;
    }
    assert_eq!(last, lairsmith_core::encounter::MAX_GROUP_COUNT);
    ui.ch('-');
    assert_eq!(count(&ui), lairsmith_core::encounter::MAX_GROUP_COUNT - 1);
}

/// Issue 8 §6: a 100 KB paste into the search box took over two minutes of CPU. It is typed as
/// far as the field holds (a name's 64 characters) and searched like typed text.
#[test]
fn a_100kb_paste_into_the_search_box_is_capped_at_the_fields_length() {
    let mut ui = Ui::new();
    ui.ch('/');
    let mut no_editor = |p: &Path| Outcome::Edited {
        path: p.to_owned(),
        result: Err("no editor in tests".into()),
    };
    let paste = "ashen keener ".repeat(100_000 / 13);
    dispatch(&mut ui.app, Msg::Paste(paste.clone()), &mut no_editor);
    let held = ui.app.browser.query.text();
    assert_eq!(held.chars().count(), lairsmith_core::text::MAX_NAME_CHARS);
    assert!(paste.starts_with(&held));
    let hits = ui.app.browser.hits.len();
    let mut typed = Ui::new();
    typed.ch('/').typed(&held);
    assert_eq!(
        typed.app.browser.hits.len(),
        hits,
        "a paste searches as typing does"
    );
}

/// Issue 8 §6: a 20 KB paste into the Forge's name field took 3 s; names hold 64 characters.
#[test]
fn a_20kb_paste_into_the_forge_name_is_capped_at_64_characters() {
    let mut ui = Ui::new();
    ui.ch('n').typed("7").key(Enter); // level, then rank
    ui.times(Enter, 7); // rank, role, size, source, type, tags, templates as they are
    ui.key(Enter).ctrl('u'); // the name field of the details, emptied
    let mut no_editor = |p: &Path| Outcome::Edited {
        path: p.to_owned(),
        result: Err("no editor in tests".into()),
    };
    dispatch(&mut ui.app, Msg::Paste("x".repeat(20_000)), &mut no_editor);
    ui.key(Enter);
    assert_eq!(
        ui.app.forge.design.name,
        "x".repeat(lairsmith_core::text::MAX_NAME_CHARS)
    );
}

/// Issue 9 §2: the Forge warns before saving a monster with lint errors, naming form fields.
#[test]
fn saving_with_lint_errors_asks_first_in_the_forms_words() {
    let mut ui = Ui::new();
    ui.ch('n').typed("5").key(Enter);
    ui.app
        .forge
        .go_to(lairsmith::tui::screens::forge::Step::Powers);
    // Remove every power: no basic attack is a lint error.
    while !ui.app.forge.design.powers.is_empty() {
        ui.ch('x');
    }
    ui.ctrl('s');
    match ui.app.shell.top() {
        Some(Layer::Confirm(Confirm::Forge(
            lairsmith::tui::screens::forge::Question::LintErrors { errors, .. },
        ))) => {
            assert!(
                errors.iter().any(|e| e.contains("\"Basic attack: yes\"")),
                "{errors:?}"
            );
        }
        other => panic!("no question before saving: {other:?}"),
    }
    ui.key(Esc);
    assert!(!ui.root().join("bestiary/new-monster.yaml").exists());
    ui.ctrl('s').ch('y');
    assert!(ui.root().join("bestiary/new-monster.yaml").exists());
}

/// Issue 9 §5: traits and overrides are edited in the Details form, and undone.
#[test]
fn traits_and_overrides_are_edited_in_the_details_form() {
    let mut ui = Ui::new();
    ui.ch('n').typed("7").key(Enter);
    ui.app
        .forge
        .go_to(lairsmith::tui::screens::forge::Step::Details);
    let rows = lairsmith::tui::screens::forge::fields::details(&ui.app.forge.design);
    let new_trait = rows
        .iter()
        .position(|d| *d == lairsmith::tui::screens::forge::fields::Detail::NewTrait)
        .unwrap();
    ui.times(Down, new_trait).key(Enter);
    ui.typed("aura 2 Stench (poison): enemies in the aura are dazed")
        .key(Enter);
    let t = &ui.app.forge.design.traits[0];
    assert_eq!((t.name.as_str(), t.aura), ("Stench", Some(2)));
    assert!(ui.app.forge.block.traits.iter().any(|x| x.name == "Stench"));
    // The HP override row: a value and a reason.
    let rows = lairsmith::tui::screens::forge::fields::details(&ui.app.forge.design);
    let hp = rows
        .iter()
        .position(|d| {
            *d == lairsmith::tui::screens::forge::fields::Detail::Override(
                lairsmith_core::monster::overrides::StatKey::Hp,
            )
        })
        .unwrap();
    ui.key(KeyCode::Home).times(Down, hp).key(Enter);
    ui.typed("150").key(Enter);
    assert!(
        matches!(&ui.app.shell.status, Some(s) if s.error && s.text.contains("reason")),
        "an override without a reason is refused: {:?}",
        ui.app.shell.status
    );
    ui.ctrl('u').typed("150; the finale").key(Enter);
    assert_eq!(ui.app.forge.block.hp, 150);
    ui.ch('x');
    assert!(
        ui.app.forge.design.overrides.is_empty(),
        "x removes the override"
    );
    ui.ch('u');
    assert_eq!(ui.app.forge.block.hp, 150, "u brings it back");
}

/// Issue 9 §3: `?` opens on the current screen's section.
#[test]
fn help_opens_on_the_current_screens_section() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3)).ch('?');
    let Some(Layer::Help { scroll }) = ui.app.shell.top() else {
        panic!("? did not open the key reference");
    };
    let lines = lairsmith::tui::help::lines(&ui.app.shell.keymap);
    assert_eq!(lines[*scroll as usize].to_string(), "Encounter");
    ui.key(Esc);
    assert!(ui.app.shell.layers.is_empty());
}

/// Issue 10 §4: the Encounter screen switches a new encounter to 3rd edition, adds CR groups,
/// counts, undoes and generates a CR mix; an Orcus key there says what to do instead.
#[test]
fn the_encounter_screen_builds_a_3e_encounter() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3));
    ui.ch('P').ctrl('u').typed("4x5").key(Enter);
    ui.ch('Y');
    assert_eq!(
        ui.app.encounter.encounter.system,
        lairsmith_core::encounter::System::D20e3
    );
    ui.ch('c').typed("5 x2").key(Enter);
    ui.ch('c').typed("1/2").key(Enter);
    assert_eq!(ui.app.encounter.encounter.groups.len(), 2);
    assert_eq!(ui.app.encounter.report.xp, 3000 + 150);
    ui.ch('+');
    assert_eq!(ui.app.encounter.report.xp, 3000 + 300);
    ui.ch('u');
    assert_eq!(ui.app.encounter.report.xp, 3000 + 150);
    // `a` adds Orcus monsters: not a key of a 3rd-edition encounter (nor shown in its help bar).
    ui.ch('a');
    assert!(ui.app.shell.layers.is_empty());
    assert_eq!(ui.app.encounter.encounter.groups.len(), 2);
    let bar = ui.app.shell.keymap.bar_items(&ui.app.contexts());
    assert!(
        bar.iter().any(|(k, l)| k == "c" && *l == "add CR"),
        "{bar:?}"
    );
    assert!(!bar.iter().any(|(k, _)| k == "a"), "{bar:?}");
    // Switching back asks first, since the groups would go.
    ui.ch('Y');
    assert!(matches!(
        ui.app.shell.top(),
        Some(Layer::Confirm(Confirm::Encounter(
            lairsmith::tui::screens::encounter::Question::SwitchSystem
        )))
    ));
    ui.ch('n');
    assert_eq!(ui.app.encounter.encounter.groups.len(), 2);
    ui.ch('G');
    assert!(
        ui.app
            .encounter
            .encounter
            .groups
            .iter()
            .all(|g| g.cr.is_some())
    );
    ui.ctrl('s').typed("Bridge").key(Enter);
    let file = ui.root().join("encounters/bridge.yaml");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("system: d20-3e"), "{saved}");
    assert!(lairsmith_core::encounter::parse_encounter(&saved, &file).is_ok());
}

#[test]
fn templates_are_toggled_in_the_forge_from_the_bestiary_and_come_off_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("templates")).unwrap();
    std::fs::create_dir_all(dir.path().join("bestiary")).unwrap();
    std::fs::write(
        dir.path().join("templates/ghoulish.yaml"),
        "kind: monster-template\nschema_version: 1\nid: ghoulish\nname: Ghoulish\ntags: [undead]\ntraits:\n- name: Grave Stench\n  aura: 1\n  text: Enemies in the aura take a -2 penalty to saving throws.\n",
    )
    .unwrap();
    let mine = "# kept by hand\nkind: monster\nschema_version: 1\nid: grave-robber\nname: Grave Robber\nlevel: 3  # party level\nrank: standard\nrole: striker\nsize: medium\nsource: natural\ntype: humanoid\npowers:\n- name: Shovel Swing\n  basic: true\n  usage: at-will\n  action: standard\n  origin: melee\n  targets: one creature\n  attack: {defense: ac}\n  damage: at-will-single\n";
    let file = dir.path().join("bestiary/grave-robber.yaml");
    std::fs::write(&file, mine).unwrap();
    let mut ui = Ui::over(dir);
    ui.ch('/').typed("grave robber").key(Enter);
    ui.ch('t');
    assert_eq!(ui.app.shell.screen, Screen::Forge);
    assert_eq!(
        ui.app.forge.step,
        lairsmith::tui::screens::forge::Step::Templates
    );
    let row = ui
        .app
        .forge
        .template_choices()
        .iter()
        .position(|id| id == "ghoulish")
        .expect("the user's template is offered");
    ui.times(Down, row).ch(' ');
    assert_eq!(ui.app.forge.design.templates, ["ghoulish"]);
    assert!(
        ui.app
            .forge
            .block
            .traits
            .iter()
            .any(|t| t.name == "Grave Stench" && t.from_template.as_deref() == Some("Ghoulish")),
        "the live stat block shows the template's trait"
    );
    assert!(ui.screen(120, 40).contains("[x] Ghoulish"));
    ui.ctrl('s');
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(
        saved.starts_with("# kept by hand\n") && saved.contains("templates:\n- ghoulish\n"),
        "{saved}"
    );
    ui.ch(' ').ctrl('s');
    assert_eq!(std::fs::read_to_string(&file).unwrap(), mine);
    // A shipped monster opens as the user's copy, at the same step.
    ui.key(KeyCode::F(1))
        .key(Esc)
        .ch('/')
        .typed("hedgemaw")
        .key(Enter)
        .ch('t');
    assert_eq!(ui.app.forge.copy_of.as_deref(), Some("hedgemaw"));
    assert_eq!(
        ui.app.forge.step,
        lairsmith::tui::screens::forge::Step::Templates
    );
}
