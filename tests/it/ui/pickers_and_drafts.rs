//! Issue 24 ("The UI finished"): the Bestiary's filter for the user's own monsters, the leader
//! flag and XP in the monster picker, the XP and band of each encounter (and each adventure's
//! encounters and XP) in the lists of saved files, and the Forge's drafts: leaving or quitting
//! with unsaved work can keep it as a draft, which the Forge lists and reopens, unsaved until it
//! is saved to the bestiary.

use crate::common::adventure_data::Data;
use crate::common::ui::Ui;
use lairsmith::cli::DataDir;
use lairsmith::tui::app::{Confirm, Screen};
use lairsmith::tui::files::About;
use lairsmith::tui::keymap::Ctx;
use lairsmith::tui::layer::{FilesFor, Layer};
use lairsmith::tui::screens::forge::{Question, Step};
use ratatui::crossterm::event::KeyCode;
use std::path::{Path, PathBuf};

use KeyCode::{Down, Enter, Esc};

impl Ui {
    /// A new monster in the Forge at `level`, named `name` (unsaved).
    fn forged(&mut self, name: &str, level: &str) -> &mut Ui {
        self.ch('n').typed(level);
        self.app.forge.go_to(Step::Details);
        self.key(Enter).ctrl('u').typed(name).key(Enter)
    }

    /// The files of the list on top, if one is.
    fn listed(&self) -> Option<(FilesFor, Vec<(String, About)>)> {
        match self.app.shell.top() {
            Some(Layer::Files { purpose, files, .. }) => Some((
                *purpose,
                files
                    .iter()
                    .map(|f| {
                        let stem = f.path.file_stem().unwrap().to_string_lossy().into_owned();
                        (stem, f.about.clone())
                    })
                    .collect(),
            )),
            _ => None,
        }
    }

    /// Whether the top layer is the Forge's question about unsaved work.
    fn asks_about_forge_work(&self) -> bool {
        matches!(
            self.app.shell.top(),
            Some(Layer::Confirm(Confirm::Forge(Question::Unsaved(_))))
        )
    }

    /// The shown monsters' ids, in order.
    fn shown_ids(&self) -> Vec<String> {
        let b = &self.app.shell.bestiary;
        self.app
            .browser
            .hits
            .iter()
            .map(|h| b.entries[h.index].card.id.clone())
            .collect()
    }
}

/// The files in `<root>/drafts/`.
fn drafts(root: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root.join("drafts"))
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn the_mine_filter_hides_the_shipped_monsters() {
    let mut ui = Ui::new();
    ui.forged("Bog Lantern", "4").ctrl('s');
    ui.key(KeyCode::F(1));
    let everyone = ui.app.browser.hits.len();
    assert!(everyone > 1);
    ui.ch('M');
    assert!(ui.app.browser.filter.mine);
    assert_eq!(ui.shown_ids(), ["bog-lantern"]);
    let s = ui.resized(80, 24);
    assert!(s.contains(&format!("1 of {everyone}")), "{s}");
    assert!(s.contains("filters: yours"), "{s}");
    // Cleared with the other filters.
    ui.ch('F');
    assert!(ui.app.browser.filter.is_empty());
    assert_eq!(ui.app.browser.hits.len(), everyone);
    // And in the filter form, as its last row, with the others.
    ui.ch('f').times(Down, 7).key(KeyCode::Right);
    assert!(ui.app.browser.filter.mine);
    let s = ui.resized(80, 24);
    assert!(s.contains("◂ yours only ▸"), "{s}");
    assert!(!s.contains("(unbound"), "{s}");
    ui.key(Enter);
    assert_eq!(ui.shown_ids(), ["bog-lantern"]);
    // The monster picker of the Encounter screen takes the same filters.
    ui.key(KeyCode::F(3)).ch('a').key(KeyCode::Tab);
    let Some(Layer::Encounter(lairsmith::tui::screens::encounter::dialog::Dialog::MonsterPicker(
        p,
    ))) = ui.app.shell.top()
    else {
        panic!("no picker");
    };
    assert_eq!(p.hits.len(), 1);
}

#[test]
fn the_monster_picker_shows_the_leader_flag_and_xp() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3))
        .ch('P')
        .ctrl('u')
        .typed("4x3")
        .key(Enter);
    ui.ch('a').typed("redwall shield");
    let e = ui.app.shell.entry("redwall-shield-sergeant").unwrap();
    assert!(e.card.leader);
    let xp = lairsmith_core::text::group_thousands(e.card.xp);
    for (w, h) in [(80, 24), (120, 40)] {
        let s = ui.resized(w, h);
        let row = s
            .lines()
            .find(|l| l.contains("Redwall Shield"))
            .unwrap_or_else(|| panic!("{s}"));
        assert!(row.contains("leader"), "{row}");
        assert!(row.contains(&format!("{xp} XP")), "{row}");
    }
}

#[test]
fn the_encounter_picker_shows_each_encounters_xp_and_band() {
    let d = Data::new();
    let small = d.encounter("ambush", &[(1, "standard", 2)]);
    let big = d.encounter("trolls", &[(3, "elite", 4)]);
    d.write(
        "encounters/broken.yaml",
        "kind: encounter\nschema_version: 1\nname: [\n",
    );
    let mut ui = Ui::over(tempdir_of(d));
    ui.key(KeyCode::F(3)).ch('o');
    let (purpose, files) = ui.listed().expect("the list of encounters");
    assert_eq!(purpose, FilesFor::OpenEncounter);
    // Each rated against its own party, as `encounter check` rates it.
    let check = |id: &str| {
        let o =
            crate::common::lairsmith(ui.root(), &["encounter", "check", id, "--format", "yaml"]);
        let v: yaml_serde::Value = yaml_serde::from_slice(&o.stdout).unwrap();
        (
            v["xp"].as_u64().unwrap(),
            v["band"].as_str().unwrap().to_owned(),
        )
    };
    for (id, xp) in [("ambush", small), ("trolls", big)] {
        let (_, about) = files.iter().find(|(s, _)| s == id).unwrap();
        let About::Encounter {
            xp: shown, band, ..
        } = about
        else {
            panic!("{id}: {about:?}");
        };
        assert_eq!(*shown, xp, "{id}");
        assert_eq!((*shown, band.unwrap().to_string()), check(id), "{id}");
    }
    let (_, broken) = files.iter().find(|(s, _)| s == "broken").unwrap();
    assert!(matches!(broken, About::Unreadable(_)), "{broken:?}");
    for (w, h) in [(80, 24), (120, 40)] {
        let s = ui.resized(w, h);
        let row = |id: &str| {
            s.lines()
                .find(|l| l.contains(&format!("│{id} ")))
                .unwrap_or_else(|| panic!("{id}:\n{s}"))
                .to_owned()
        };
        assert!(row("trolls").contains(&format!(
            "{} XP",
            lairsmith_core::text::group_thousands(big)
        )));
        assert!(row("trolls").contains("deadly"), "{s}");
        assert!(row("ambush").contains("party level 1"), "{s}");
        assert!(row("broken").contains("cannot be read:"), "{s}");
        assert!(!row("broken").contains(ui.root().to_str().unwrap()), "{s}");
    }
    // The list of encounters to add to an adventure says the same.
    ui.key(Esc).key(KeyCode::F(4)).ch('a');
    let (purpose, again) = ui.listed().unwrap();
    assert_eq!(purpose, FilesFor::AddEncounter);
    assert_eq!(again, files);
}

#[test]
fn the_adventure_picker_shows_each_adventures_encounters_and_xp() {
    let d = Data::new();
    d.encounter("ambush", &[(1, "standard", 4)]);
    d.encounter("trolls", &[(1, "elite", 2)]);
    d.adventure(
        "road",
        "{size: 4, level: 1}",
        &["ambush", "trolls", "ambush"],
    );
    d.adventure("lost", "{size: 4, level: 1}", &["ambush", "nowhere"]);
    let road = d.check("road");
    let mut ui = Ui::over(tempdir_of(d));
    ui.key(KeyCode::F(4)).ch('o');
    let (purpose, files) = ui.listed().expect("the list of adventures");
    assert_eq!(purpose, FilesFor::OpenAdventure);
    let about = |id: &str| files.iter().find(|(s, _)| s == id).unwrap().1.clone();
    assert_eq!(
        about("road"),
        About::Adventure {
            encounters: 3,
            xp_per_character: road["xp_per_character"].as_u64().unwrap(),
            problems: 0,
        }
    );
    assert!(
        matches!(about("lost"), About::Adventure { problems: 1, .. }),
        "{:?}",
        about("lost")
    );
    let s = ui.resized(80, 24);
    assert!(s.contains("3 encounters"), "{s}");
    assert!(s.contains("XP per character"), "{s}");
    assert!(s.contains("1 missing"), "{s}");
}

/// Takes the data directory of `d` for a UI test (the UI over it, deleted at the end).
fn tempdir_of(d: Data) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(d.path(), dir.path());
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

#[test]
fn leaving_the_forge_can_keep_the_work_as_a_draft() {
    let mut ui = Ui::new();
    ui.forged("Mire Widow", "6");
    assert!(ui.app.forge.is_dirty());
    ui.key(KeyCode::F(1));
    assert!(ui.asks_about_forge_work());
    let s = ui.resized(80, 24);
    assert!(s.contains("d draft"), "{s}");
    assert!(!s.contains("(unbound"), "{s}");
    ui.ch('d');
    assert_eq!(
        ui.app.shell.screen,
        Screen::Bestiary,
        "{:?}",
        ui.app.shell.status
    );
    assert!(!ui.app.forge.is_dirty(), "the work is in the draft");
    let kept = drafts(ui.root());
    assert_eq!(kept.len(), 1, "{kept:?}");
    let text = std::fs::read_to_string(&kept[0]).unwrap();
    assert!(text.starts_with("kind: monster"), "{text}");
    assert!(
        text.contains("name: Mire Widow") && text.contains("level: 6"),
        "{text}"
    );
    assert!(
        ui.status()
            .contains("Kept Mire Widow as drafts/mire-widow.yaml; o in the Forge"),
        "{}",
        ui.status()
    );
    // Never in the bestiary: not in the list, not in the folder it is read from.
    assert!(ui.app.shell.entry("mire-widow").is_none());
    assert!(!ui.root().join("bestiary").exists());
    ui.ch('/').typed("mire widow").key(Enter);
    assert!(ui.app.browser.hits.is_empty());
    // Nor after a restart.
    ui.app = lairsmith::tui::app_for(&DataDir::new(ui.root()));
    assert!(ui.app.shell.entry("mire-widow").is_none());
}

#[test]
fn a_draft_is_reopened_from_the_forge_and_still_unsaved() {
    let mut ui = Ui::new();
    ui.forged("Mire Widow", "6");
    let work = (*ui.app.forge.design).clone();
    ui.key(KeyCode::F(1)).ch('d');
    // Drafts survive a restart.
    ui.app = lairsmith::tui::app_for(&DataDir::new(ui.root()));
    ui.key(KeyCode::F(2)).ch('o');
    let (purpose, files) = ui.listed().expect("the list of drafts");
    assert_eq!(purpose, FilesFor::OpenDraft);
    let [(_, About::Draft { name, level, .. })] = files.as_slice() else {
        panic!("{files:?}");
    };
    assert_eq!((name.as_str(), level.get()), ("Mire Widow", 6));
    let s = ui.resized(80, 24);
    assert!(
        s.contains("Mire Widow") && s.contains("kept just now"),
        "{s}"
    );
    assert!(s.contains("x delete"), "{s}");
    ui.key(Enter);
    assert_eq!(ui.app.shell.screen, Screen::Forge);
    assert_eq!(*ui.app.forge.design, work);
    assert!(
        ui.app.forge.is_dirty(),
        "taken up again, it is still unsaved"
    );
    // Leaving asks again, and keeping it again goes over the same draft.
    ui.key(KeyCode::F(1));
    assert!(ui.asks_about_forge_work());
    ui.ch('d');
    assert_eq!(drafts(ui.root()).len(), 1);
    // Saved to the bestiary, the draft is done with.
    ui.key(KeyCode::F(2)).ch('o').key(Enter);
    ui.ctrl('s');
    assert!(
        ui.root().join("bestiary/mire-widow.yaml").is_file(),
        "{:?}",
        ui.app.shell.status
    );
    assert!(!ui.app.forge.is_dirty());
    assert!(drafts(ui.root()).is_empty(), "{:?}", drafts(ui.root()));
    ui.ch('o');
    assert!(ui.listed().is_none());
    assert!(ui.status().contains("No drafts"), "{}", ui.status());
}

#[test]
fn a_draft_of_your_own_monster_saves_over_its_file() {
    let mut ui = Ui::new();
    ui.forged("Mire Widow", "6").ctrl('s');
    let file = ui.root().join("bestiary/mire-widow.yaml");
    assert!(file.is_file());
    // Edited again from the Bestiary, then kept as a draft on the way out.
    ui.key(KeyCode::F(1)).ch('e');
    ui.app.forge.go_to(Step::Level);
    ui.typed("9");
    ui.key(KeyCode::F(1)).ch('d');
    assert_eq!(
        ui.app.shell.entry("mire-widow").unwrap().card.level.get(),
        6
    );
    ui.key(KeyCode::F(2)).ch('o').key(Enter);
    assert_eq!(ui.app.forge.design.level.get(), 9);
    assert_eq!(ui.app.forge.design.path(), Some(file.as_path()));
    ui.ctrl('s');
    assert_eq!(
        lairsmith_core::monster::load_file(&file)
            .unwrap()
            .0
            .level
            .get(),
        9,
        "{:?}",
        ui.app.shell.status
    );
    assert!(!ui.root().join("bestiary/mire-widow-2.yaml").exists());
    assert!(drafts(ui.root()).is_empty());
}

#[test]
fn a_draft_whose_monster_changed_on_disk_asks_before_saving_over_it() {
    let mut ui = Ui::new();
    ui.forged("Mire Widow", "6").ctrl('s');
    let file = ui.root().join("bestiary/mire-widow.yaml");
    ui.key(KeyCode::F(1)).ch('e');
    ui.app.forge.go_to(Step::Level);
    ui.typed("9");
    ui.key(KeyCode::F(1)).ch('d');
    // Someone changes the file while the draft waits.
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, text.replace("level: 6", "level: 7")).unwrap();
    ui.key(KeyCode::F(2)).ch('o').key(Enter).ctrl('s');
    assert!(
        matches!(
            ui.app.shell.top(),
            Some(Layer::Confirm(Confirm::Forge(
                Question::ChangedOnDisk { .. }
            )))
        ),
        "{:?}",
        ui.app.shell.status
    );
    assert!(std::fs::read_to_string(&file).unwrap().contains("level: 7"));
    assert_eq!(
        drafts(ui.root()).len(),
        1,
        "nothing saved, so the draft stays"
    );
}

#[test]
fn quitting_with_unsaved_forge_work_offers_a_draft() {
    for quit in ['q', 'c'] {
        let mut ui = Ui::new();
        ui.forged("Mire Widow", "6");
        if quit == 'q' {
            ui.ch('q');
        } else {
            ui.ctrl('c');
        }
        assert!(ui.asks_about_forge_work(), "{quit}");
        let s = ui.resized(80, 24);
        assert!(
            s.contains("y save") && s.contains("d draft") && s.contains("n discard"),
            "{s}"
        );
        // Ctrl-C while it asks changes nothing.
        ui.ctrl('c');
        assert!(ui.asks_about_forge_work());
        ui.ch('d');
        assert!(ui.app.shell.quit, "{quit}: {:?}", ui.app.shell.status);
        assert_eq!(drafts(ui.root()).len(), 1);
    }
}

#[test]
fn keeping_a_draft_on_quitting_still_asks_about_the_unsaved_encounter() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3)).ch('p').key(Enter);
    assert!(ui.app.encounter.is_dirty());
    ui.key(KeyCode::F(1));
    ui.forged("Mire Widow", "6").ch('q').ch('d');
    assert!(!ui.app.shell.quit);
    assert_eq!(drafts(ui.root()).len(), 1);
    assert!(matches!(
        ui.app.shell.top(),
        Some(Layer::Confirm(Confirm::Encounter(_)))
    ));
    ui.ch('n');
    assert!(ui.app.shell.quit);
}

#[test]
fn keeping_a_draft_that_cannot_be_written_keeps_the_work_in_the_forge() {
    let mut ui = Ui::new();
    // A file where the drafts folder would be.
    std::fs::write(ui.root().join("drafts"), "not a folder").unwrap();
    ui.forged("Mire Widow", "6");
    ui.ch('q').ch('d');
    assert!(!ui.app.shell.quit);
    assert!(ui.app.forge.is_dirty());
    assert_eq!(ui.app.forge.design.name, "Mire Widow");
    let e = ui.error().expect("an error");
    assert!(e.contains("The draft was not kept"), "{e}");
}

#[test]
fn a_draft_is_deleted_from_the_list_after_a_question() {
    let mut ui = Ui::new();
    ui.forged("Mire Widow", "6").key(KeyCode::F(1)).ch('d');
    ui.forged("Reed Stalker", "3").key(KeyCode::F(1)).ch('d');
    assert_eq!(drafts(ui.root()).len(), 2);
    ui.key(KeyCode::F(2)).ch('o');
    let (_, files) = ui.listed().unwrap();
    assert_eq!(files.len(), 2);
    ui.ch('x');
    assert!(matches!(
        ui.app.shell.top(),
        Some(Layer::Confirm(Confirm::Forge(Question::DeleteDraft { .. })))
    ));
    // No keeps it, back in the list.
    ui.ch('n');
    assert_eq!(ui.listed().unwrap().1.len(), 2);
    ui.ch('x').ch('y');
    assert_eq!(drafts(ui.root()).len(), 1);
    assert_eq!(ui.listed().unwrap().1.len(), 1, "{:?}", ui.app.shell.status);
    assert!(ui.root().join("trash/drafts").is_dir());
}

#[test]
fn an_unreadable_draft_says_why_and_the_others_open() {
    let mut ui = Ui::new();
    std::fs::create_dir_all(ui.root().join("drafts")).unwrap();
    std::fs::write(
        ui.root().join("drafts/broken.yaml"),
        "kind: monster\nlevel: [\n",
    )
    .unwrap();
    ui.forged("Mire Widow", "6").key(KeyCode::F(1)).ch('d');
    ui.key(KeyCode::F(2)).ch('o');
    let (_, files) = ui.listed().unwrap();
    let broken = files.iter().find(|(s, _)| s == "broken").unwrap();
    assert!(matches!(broken.1, About::Unreadable(_)), "{broken:?}");
    let s = ui.resized(80, 24);
    assert!(s.contains("cannot be read:"), "{s}");
    // Choosing it says why, and nothing changes.
    let at = files.iter().position(|(s, _)| s == "broken").unwrap();
    ui.times(Down, at).key(Enter);
    assert!(ui.error().is_some());
    assert_eq!(ui.app.forge.design.name, "New Monster");
}

#[test]
fn the_new_lists_and_questions_name_the_users_keys() {
    let mut ui = Ui::with_settings("keys:\n  keep_draft: [k]\n  open: [O]\n  mine_only: [Y]\n");
    assert_eq!(ui.app.shell.settings_error, None);
    ui.forged("Mire Widow", "6").ch('q');
    let s = ui.resized(80, 24);
    assert!(s.contains("k draft") && !s.contains("d draft"), "{s}");
    ui.ch('k');
    assert!(ui.app.shell.quit);
    let mut ui = Ui::with_settings("keys:\n  keep_draft: [k]\n  open: [O]\n");
    ui.key(KeyCode::F(2)).ch('O');
    assert!(ui.status().contains("(k keeps one"), "{}", ui.status());
    assert_eq!(
        ui.app
            .shell
            .keymap
            .key_in(&[Ctx::Forge], lairsmith::tui::keymap::Action::Open),
        Some("O".to_owned())
    );
}

#[test]
fn hints_name_the_keys_in_force_and_leave_out_keys_nobody_has() {
    use lairsmith::tui::keymap::Action;
    let mut ui = Ui::new();
    ui.app
        .shell
        .keymap
        .rebind(Action::Toggle, &["T".parse().unwrap()]);
    ui.app
        .shell
        .keymap
        .rebind(Action::AddPower, &["A".parse().unwrap()]);
    ui.ch('n');
    ui.app.forge.go_to(Step::Role);
    let s = ui.resized(80, 24);
    assert!(s.contains("Enter chooses · T toggles Leader"), "{s}");
    ui.app.forge.go_to(Step::Powers);
    let s = ui.resized(120, 40);
    assert!(
        s.contains("A add · n new") && s.contains("K up · J down"),
        "{s}"
    );
    // Keys nobody has are left out, never named "(unbound".
    ui.app.shell.keymap.rebind(Action::Choose, &[]);
    ui.app.shell.keymap.rebind(Action::Toggle, &[]);
    for step in [Step::Role, Step::Tags, Step::Details, Step::Powers] {
        ui.app.forge.go_to(step);
        let s = ui.resized(80, 24);
        assert!(
            !s.contains("(unbound") && !s.contains("·  ·"),
            "{step:?}:\n{s}"
        );
    }
    ui.key(KeyCode::F(1)).ch('f');
    let s = ui.resized(80, 24);
    assert!(s.contains("↑↓ row · type levels · F clears"), "{s}");
}
