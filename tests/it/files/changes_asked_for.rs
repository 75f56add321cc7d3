//! Nothing changes without the GM's say (trust, round three): a re-rank that a rank template
//! would silently undo is refused, in the CLI and the UI alike, and a key that would rewrite a
//! saved party names everything else that shares it before it does.

use crate::common;

use common::lairsmith;
use lairsmith::cli::DataDir;
use lairsmith::tui::app::{App, Msg, Outcome};
use lairsmith::tui::layer::Layer;
use lairsmith::tui::{app_for, dispatch};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).into_owned()
}

/// A data directory holding `m1`, a standard monster of the user's with the veteran template.
fn veteran_m1() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("bestiary")).unwrap();
    let base = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("bestiary/ashen-keener.yaml"),
    )
    .unwrap()
    .replace("id: ashen-keener", "id: m1")
    .replace("name: Ashen Keener", "name: M One");
    std::fs::write(d.join("bestiary/m1.yaml"), base).unwrap();
    let out = lairsmith(d, &["template", "apply", "m1", "veteran", "--save"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    dir
}

#[test]
fn relevel_rank_refuses_a_rank_its_template_would_undo_and_writes_nothing() {
    let dir = veteran_m1();
    let d = dir.path();
    let file = d.join("bestiary/m1.yaml");
    let before = std::fs::read(&file).unwrap();
    for rank in ["boss", "standard", "mook"] {
        let out = lairsmith(
            d,
            &["relevel", "m1", "--level", "5", "--rank", rank, "--save"],
        );
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{rank}: {err}");
        assert!(
            err.contains("has the template `veteran`, which makes it an elite")
                && err.contains("lairsmith template remove m1 veteran --save"),
            "{rank}: {err}"
        );
        assert_eq!(std::fs::read(&file).unwrap(), before, "{rank}");
        // Printing without saving is refused the same way: it would show an elite.
        let out = lairsmith(d, &["relevel", "m1", "--level", "5", "--rank", rank]);
        assert!(!out.status.success());
    }
    // The template's own rank, or no rank asked for, re-levels as before.
    let out = lairsmith(
        d,
        &["relevel", "m1", "--level", "5", "--rank", "elite", "--save"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = lairsmith(d, &["relevel", "m1", "--level", "6", "--save"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&lairsmith(d, &["show", "m1"]).stdout);
    assert!(shown.contains("Level 6 Elite"), "{shown}");
}

fn send(app: &mut App, code: KeyCode, mods: KeyModifiers) {
    let mut no_editor = |p: &Path| Outcome::Edited {
        path: p.to_owned(),
        result: Err("no editor in tests".into()),
    };
    dispatch(app, Msg::Key(KeyEvent::new(code, mods)), &mut no_editor);
}

fn typed(app: &mut App, s: &str) {
    for c in s.chars() {
        send(app, KeyCode::Char(c), KeyModifiers::NONE);
    }
}

#[test]
fn the_ui_relevel_form_refuses_a_rank_its_template_would_undo() {
    let dir = veteran_m1();
    let file = dir.path().join("bestiary/m1.yaml");
    let before = std::fs::read(&file).unwrap();
    let mut app = app_for(&DataDir::new(dir.path().to_owned()));
    typed(&mut app, "/m one");
    send(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.browser.selected_id().as_deref(), Some("m1"));
    typed(&mut app, "r");
    assert!(matches!(
        app.shell.top(),
        Some(Layer::Bestiary(
            lairsmith::tui::screens::bestiary::dialog::Dialog::Relevel(_)
        ))
    ));
    send(&mut app, KeyCode::Char('u'), KeyModifiers::CONTROL);
    typed(&mut app, "5");
    // The rank row, moved to boss (the choices are: as it is, mook, standard, elite, boss).
    send(&mut app, KeyCode::Down, KeyModifiers::NONE);
    for _ in 0..4 {
        send(&mut app, KeyCode::Right, KeyModifiers::NONE);
    }
    send(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    let status = app
        .shell
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(
        status.contains("has the template `veteran`, which makes it an elite"),
        "{status}"
    );
    // The form stays open for another choice, and nothing was written.
    assert!(matches!(
        app.shell.top(),
        Some(Layer::Bestiary(
            lairsmith::tui::screens::bestiary::dialog::Dialog::Relevel(_)
        ))
    ));
    assert_eq!(std::fs::read(&file).unwrap(), before);
}

#[test]
fn a_saved_partys_users_are_named_before_its_file_changes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert!(
        lairsmith(d, &["party", "new", "The Lanterns", "--party", "4x3"])
            .status
            .success()
    );
    for e in ["ambush", "bridge", "toll"] {
        let out = lairsmith(d, &["encounter", "new", e, "--party", "the-lanterns"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        // `encounter new` names the saved party, as the Encounter screen's party prompt does.
        let file = std::fs::read_to_string(d.join(format!("encounters/{e}.yaml"))).unwrap();
        assert!(file.contains("\nparty: the-lanterns\n"), "{file}");
    }
    let out = lairsmith(d, &["encounter", "new", "alone", "--party", "4x3"]);
    assert!(out.status.success());
    let out = lairsmith(
        d,
        &["adventure", "new", "Sunken Keep", "--party", "the-lanterns"],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let users = lairsmith_core::adventure::saved::party_users(&DataDir::new(d), "the-lanterns");
    assert_eq!(users.encounters, ["ambush", "bridge", "toll"]);
    assert_eq!(users.adventures, ["sunken-keep"]);
    assert_eq!(
        users.describe(),
        "3 encounters (ambush, bridge, toll) and 1 adventure (sunken-keep)"
    );
}
