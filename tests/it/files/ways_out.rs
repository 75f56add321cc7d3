//! Every way in has a way out: Ctrl-C always quits (asking about unsaved work as `q` does) and
//! no settings file can take it, `lairsmith config` reports every problem of a file in one run,
//! and unsaved work stopped by a signal is kept somewhere even when the data directory cannot
//! take it. The real terminal and the real signal are in `ways_out_tmux.sh`.

use crate::common;
use crate::common::ui::Ui;

use common::{lairsmith, stderr, stdout};
use lairsmith::cli::DataDir;
use lairsmith::keyspec::KeySpec;
use lairsmith::tui::app::{App, Confirm};
use lairsmith::tui::keymap::{Action, Ctx, INTERRUPT, Keymap, is_interrupt};
use lairsmith::tui::layer::Layer;
use lairsmith::tui::{app_for, settings};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::{Path, PathBuf};
use std::process::Command;

impl Ui {
    fn ctrl_c(&mut self) -> &mut Ui {
        self.send(KeyCode::Char('c'), KeyModifiers::CONTROL)
    }

    /// A new monster in the Forge, changed: unsaved work.
    fn unsaved_monster(&mut self) -> &mut Ui {
        self.typed("n5");
        self.send(KeyCode::Enter, KeyModifiers::NONE);
        assert!(self.app.forge.is_dirty(), "the Forge did not change");
        self
    }

    fn asks_to_quit(&self) -> bool {
        matches!(
            self.app.shell.layers.last(),
            Some(Layer::Confirm(
                Confirm::Forge(lairsmith::tui::screens::forge::Question::Unsaved(_))
                    | Confirm::Encounter(lairsmith::tui::screens::encounter::Question::Unsaved(_))
                    | Confirm::Adventure(lairsmith::tui::screens::adventure::Question::Unsaved(_))
            ))
        )
    }
}

fn settings_file(text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("config.yaml");
    std::fs::write(&file, text).unwrap();
    (dir, file)
}

/// `lairsmith --config FILE config`.
fn check_config(file: &Path) -> std::process::Output {
    let data = tempfile::tempdir().unwrap();
    lairsmith(data.path(), &["--config", file.to_str().unwrap(), "config"])
}

// --- Ctrl-C is reserved --------------------------------------------------------------------

/// The file: `quit` on a key no terminal sends and Ctrl-C given to `reload`. `config`
/// said it read without problems, and then nothing left the UI.
#[test]
fn config_refuses_ctrl_c_for_reload_and_names_the_action() {
    let (_d, file) = settings_file("keys: {quit: [\"F24\"], reload: [\"Ctrl-c\"]}\n");
    let out = check_config(&file);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{}{err}", stdout(&out));
    assert!(
        err.contains(&format!(
            "{}:1:32: `Ctrl-c` for `reload` is reserved for quitting: Ctrl-C always quits",
            file.display()
        )),
        "{err}"
    );
    assert!(err.contains("give `reload` another key"), "{err}");
    assert!(!stdout(&out).contains("reads without problems"));
}

/// The UI reads the same file as `config`: the binding is not used (the defaults are in force,
/// with the settings warning), and Ctrl-C quits.
#[test]
fn the_ui_ignores_ctrl_c_bound_to_reload_and_ctrl_c_quits() {
    let mut ui = Ui::with_settings("keys: {quit: [\"F24\"], reload: [\"Ctrl-c\"]}\n");
    let warning = ui.app.shell.settings_error.clone().expect("a warning");
    assert!(warning.contains("reserved for quitting"), "{warning}");
    assert!(
        warning.contains("the settings file was not used"),
        "{warning}"
    );
    assert_eq!(ui.app.shell.keymap, Keymap::default());
    ui.ctrl_c();
    assert!(
        ui.app.shell.quit,
        "Ctrl-C did not quit: {:?}",
        ui.app.shell.status
    );
}

/// Even a keymap that does bind Ctrl-C (not through a settings file) cannot take it from
/// quitting: it is looked at before any binding, and `rebind` leaves it out.
#[test]
fn ctrl_c_quits_before_any_binding_is_looked_at() {
    let mut km = Keymap::default();
    km.rebind(Action::Reload, &[INTERRUPT]);
    assert!(
        !km.bindings
            .iter()
            .any(|b| b.action == Action::Reload && b.keys.contains(&INTERRUPT)),
        "rebind gave Ctrl-C to reload"
    );
    // A binding pushed into the table by hand is still not reached.
    let mut ui = Ui::with_settings("");
    ui.app.shell.keymap.bindings.insert(
        0,
        lairsmith::tui::keymap::Binding {
            ctx: Ctx::Global,
            keys: vec![INTERRUPT],
            action: Action::Reload,
            bar: "",
            desc: "",
        },
    );
    ui.ctrl_c();
    assert!(ui.app.shell.quit);
    // No default row has it.
    assert!(
        !Keymap::default()
            .bindings
            .iter()
            .any(|b| b.keys.contains(&INTERRUPT))
    );
}

/// Ctrl-C quits from every place that has the keys: the screens, the search box and the other
/// text fields, forms, pickers, the key reference, and questions; with unsaved work it asks
/// first, as `q` does, and asks once however often it is pressed.
#[test]
fn ctrl_c_quits_in_every_context_asking_about_unsaved_work() {
    // Places reached by keys from the Bestiary, each with a text field or its own keys.
    let openers: &[(&str, &[char])] = &[
        ("the Bestiary", &[]),
        ("the search box", &['/', 'g', 'o']),
        ("the filter form", &['f']),
        ("the key reference", &['?']),
        ("the Forge", &['2']),
        ("the Encounter screen", &['3']),
        ("the Adventure screen", &['4']),
    ];
    for (place, keys) in openers {
        for quit in ["", "keys: {quit: [\"F24\"]}\n", "keys: {quit: [\"Q\"]}\n"] {
            let mut ui = Ui::with_settings(quit);
            for c in *keys {
                ui.typed(&c.to_string());
            }
            ui.ctrl_c();
            assert!(
                ui.app.shell.quit,
                "{place} with {quit:?}: Ctrl-C did not quit"
            );
        }
    }
    // With unsaved work, from the search box: the question, once; `n` discards and quits.
    let mut ui = Ui::with_settings("keys: {quit: [\"F24\"]}\n");
    ui.app.encounter.encounter.name = "Unsaved".into();
    ui.typed("/gob");
    assert!(matches!(ui.app.shell.layers.last(), Some(Layer::Search)));
    ui.ctrl_c().ctrl_c().ctrl_c();
    assert!(!ui.app.shell.quit);
    assert!(ui.asks_to_quit(), "{:?}", ui.app.shell.layers);
    let questions = ui
        .app
        .shell
        .layers
        .iter()
        .filter(|l| matches!(l, Layer::Confirm(_)))
        .count();
    assert_eq!(questions, 1, "{:?}", ui.app.shell.layers);
    ui.typed("n");
    assert!(ui.app.shell.quit);
}

/// Ctrl-C while the UI asks about an unsaved adventure used to stack the same question again
/// with each press (the monster's and the encounter's questions were recognised, not this one).
#[test]
fn ctrl_c_while_asking_about_an_unsaved_adventure_asks_once() {
    let mut ui = Ui::with_settings("");
    ui.app.adventure.adventure.name = "Changed".into();
    assert!(ui.app.adventure.is_dirty());
    ui.ctrl_c().ctrl_c().ctrl_c();
    assert_eq!(ui.app.shell.layers.len(), 1, "{:?}", ui.app.shell.layers);
    assert!(ui.asks_to_quit());
}

/// Ctrl-C while another question is open (here the one about leaving the Forge) asks about
/// quitting over it.
#[test]
fn ctrl_c_in_a_question_that_is_not_about_quitting_asks_about_quitting() {
    let mut ui = Ui::with_settings("");
    ui.unsaved_monster();
    ui.send(KeyCode::Char('1'), KeyModifiers::ALT);
    assert!(ui.asks_to_quit(), "leaving the Forge did not ask");
    ui.ctrl_c();
    assert!(matches!(
        ui.app.shell.layers.last(),
        Some(Layer::Confirm(Confirm::Forge(
            lairsmith::tui::screens::forge::Question::Unsaved(
                lairsmith::tui::app::AfterLeave::Quit
            )
        )))
    ));
    ui.typed("n");
    assert!(ui.app.shell.quit);
}

/// No settings file leaves the UI without a key that quits: whatever `quit` is given (keys a
/// terminal cannot send, a key taken from it, `Ctrl-c` itself) Ctrl-C still quits, and a file
/// that takes every key from `quit` is refused.
#[test]
fn no_settings_file_leaves_the_ui_without_a_way_out() {
    for text in [
        "keys: {quit: [\"F24\"]}\n",
        "keys: {quit: [\"F13\", \"Alt-F12\"], back: [\"F22\"], help: [\"F23\"]}\n",
        "keys: {quit: [\"Ctrl-c\"]}\n",
        "keys: {quit: [\"x\"], reload: [\"Ctrl-c\"], save: [\"Ctrl-c\"]}\n",
        "keys: {quit: []}\n",
        "keys: {quit: ~}\n",
        "keys: {quit: [\"Ctrl-\"]}\n",
    ] {
        let mut ui = Ui::with_settings(text);
        for place in ["", "/", "?"] {
            let mut ui2 = Ui::with_settings(text);
            ui2.typed(place);
            ui2.ctrl_c();
            assert!(ui2.app.shell.quit, "{text:?} in {place:?}");
        }
        ui.ctrl_c();
        assert!(ui.app.shell.quit, "{text:?}");
    }
    // A file that leaves `quit` no key is a problem, so the defaults (and `q`) stay.
    let ui = Ui::with_settings("keys: {quit: []}\n");
    assert!(ui.app.shell.settings_error.is_some());
}

/// The help bar says `Ctrl-C quit` where no key of the focused contexts quits (a text field, a
/// form, or `quit` given a key that does not apply there), and `?` says Ctrl-C always quits.
#[test]
fn the_help_bar_and_the_key_reference_show_ctrl_c_as_quit() {
    let km = Keymap::default();
    for ctxs in [
        &[Ctx::Search, Ctx::Text][..],
        &[Ctx::Field, Ctx::Text],
        &[Ctx::Form],
        &[Ctx::Viewer],
    ] {
        let bar = km.bar(ctxs, 80);
        assert!(
            bar.contains(&("Ctrl-C".to_owned(), "quit")),
            "{ctxs:?}: {bar:?}"
        );
    }
    // Where `q` quits, the bar says `q quit`, as before; a question shows its answers.
    let bar = km.bar(&[Ctx::Bestiary, Ctx::Anywhere, Ctx::Global], 80);
    assert!(bar.contains(&("q".to_owned(), "quit")), "{bar:?}");
    assert!(!bar.iter().any(|(k, _)| k == "Ctrl-C"), "{bar:?}");
    let bar = km.bar(&[Ctx::Confirm], 80);
    assert!(!bar.iter().any(|(_, l)| *l == "quit"), "{bar:?}");

    let text: String = lairsmith::tui::help::lines(&km)
        .iter()
        .map(|l| l.to_string() + "\n")
        .collect();
    assert!(
        text.contains("Ctrl-C             Quit, asking first about unsaved work: everywhere"),
        "{text}"
    );
    assert!(!text.contains("wherever no key above takes it"));
    // The default settings file says so too.
    let defaults = settings::render_defaults();
    assert!(
        defaults.contains("# Ctrl-c is reserved for quitting: Ctrl-C always quits"),
        "{defaults}"
    );
}

/// Below 80×24 the UI says which key quits: with `quit` on a key the terminal may not send, it
/// must name Ctrl-C too.
#[test]
fn the_too_small_message_names_ctrl_c() {
    let ui = Ui::with_settings("keys: {quit: [\"F24\"]}\n");
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(60, 20)).unwrap();
    t.draw(|f| lairsmith::tui::view::view(&ui.app, f)).unwrap();
    let buf = t.backend().buffer();
    let text: String = (0..20)
        .map(|y| (0..60).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join(" ");
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(text.contains("press F24 or Ctrl-C to quit"), "{text}");
}

#[test]
fn ctrl_c_is_the_interrupt_key() {
    let ev = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert!(is_interrupt(&ev));
    assert_eq!("Ctrl-c".parse::<KeySpec>(), Ok(INTERRUPT));
    assert!(!is_interrupt(&KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::NONE
    )));
}

// --- Every problem in one run --------------------------------------------------------------

/// A file with a problem of every kind: `config` used to stop at the first.
const MANY_PROBLEMS: &str = "\
kyes: {}
keys:
  quit: [\"Ctl-q\"]
  nxt_step: [\"x\"]
  reload: [\"Ctrl-c\"]
  help: [\"!\"]
  search: [\"F25\", \"Escpae\"]
theme:
  base: drak
  colours: {acent: red, error: rde}
";

/// Where each problem of [`MANY_PROBLEMS`] is, and words of its message.
const EXPECTED: &[(&str, &str)] = &[
    ("1:1", "unknown setting `kyes` (did you mean `keys`?)"),
    ("3:10", "`Ctl-q` for `quit` is not a key"),
    (
        "4:3",
        "unknown action `nxt_step` (did you mean `next_step`?)",
    ),
    ("5:12", "`Ctrl-c` for `reload` is reserved for quitting"),
    ("6:10", "`!` is bound to both `help` and `show_errors`"),
    ("7:12", "there is no function key `F25`"),
    ("7:19", "unknown key `Escpae`"),
    ("9:9", "unknown theme `drak`"),
    ("10:13", "unknown colour slot `acent`"),
    ("10:32", "unknown colour `rde`"),
];

#[test]
fn config_reports_every_problem_of_a_settings_file_in_one_run() {
    let (_d, file) = settings_file(MANY_PROBLEMS);
    let out = check_config(&file);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    for (i, (at, words)) in EXPECTED.iter().enumerate() {
        let want = format!("lairsmith: {}:{at}: ", file.display());
        let line = lines.get(i).copied().unwrap_or_default();
        assert!(
            line.starts_with(&want) && line.contains(words),
            "problem {i}: wanted `{want}...{words}...`, got `{line}`\n{err}"
        );
    }
    assert_eq!(
        lines.get(EXPECTED.len()).copied(),
        Some(
            format!(
                "lairsmith: {} has {} problems; the UI does not use a file with problems and \
                 starts with the default keys and theme",
                file.display(),
                EXPECTED.len()
            )
            .as_str()
        ),
        "{err}"
    );
    assert_eq!(lines.len(), EXPECTED.len() + 1, "{err}");
}

/// The UI reads the file with the same reader: its message gives the first problem and says how
/// many more `lairsmith config` lists.
#[test]
fn the_ui_says_how_many_more_problems_config_lists() {
    let ui = Ui::with_settings(MANY_PROBLEMS);
    let msg = ui.app.shell.settings_error.clone().unwrap();
    assert!(msg.contains(":1:1: unknown setting `kyes`"), "{msg}");
    assert!(
        msg.contains(&format!(
            "(and {} more problems, which `lairsmith config` lists; the settings file was not \
             used, the default keys are in force)",
            EXPECTED.len() - 1
        )),
        "{msg}"
    );
    let read = settings::read(&ui.dir.path().join("config.yaml")).unwrap_err();
    assert_eq!(read.problems.len(), EXPECTED.len());
}

/// Conflicts are every one the file causes, not the first, and a key given twice or an action
/// given twice does not hide what follows it.
#[test]
fn every_conflict_and_every_repeat_is_reported() {
    let text =
        "keys:\n  quit: [\"j\"]\n  help: [\"!\"]\n  quit: [\"Q\"]\n  save: [\"Ctrl-s\", \"C-s\"]\n";
    let (_d, file) = settings_file(text);
    let e = settings::read(&file).unwrap_err();
    let at: Vec<String> = e
        .problems
        .iter()
        .map(|p| format!("{}:{}", p.line.unwrap(), p.column.unwrap()))
        .collect();
    assert_eq!(at, ["2:10", "3:10", "4:3", "5:20"], "{e}");
    assert!(e.problems[0].message.contains("`quit` and `down`"), "{e}");
    assert!(
        e.problems[1].message.contains("`help` and `show_errors`"),
        "{e}"
    );
    assert!(
        e.problems[2].message.contains("`quit` is given twice"),
        "{e}"
    );
    assert!(
        e.problems[3].message.contains("the same key as `Ctrl-s`"),
        "{e}"
    );
}

/// A file without problems still reads, and one that is not YAML at all is one problem.
#[test]
fn a_good_file_reads_and_broken_yaml_is_one_problem() {
    let (_d, file) = settings_file("keys:\n  quit: [\"Q\"]\ntheme: light\n");
    let out = check_config(&file);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("reads without problems"));
    let (_d, file) = settings_file("keys: [\n");
    let out = check_config(&file);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stderr(&out).lines().count(), 2, "{}", stderr(&out));
}

// --- Unsaved work on a signal ---------------------------------------------------------------

/// A data directory whose `recovery` cannot be a directory: a regular file there (chmod does
/// not stop root, so the tests do not rely on it).
fn broken_data_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("recovery"), "not a directory").unwrap();
    dir
}

/// A UI over `data` with a monster, an encounter and an adventure all unsaved.
fn everything_unsaved(data: &Path) -> App {
    let mut app = app_for(&DataDir::new(data.to_owned()));
    app.forge.design.name = "Kept Wyrm".into();
    app.encounter.encounter.name = "Kept Ambush".into();
    app.adventure.adventure.name = "Kept Saga".into();
    assert!(app.forge.is_dirty() && app.encounter.is_dirty() && app.adventure.is_dirty());
    app
}

/// The monster, the encounter and the adventure each go to the next place when the data
/// directory cannot take them, and the message says where and why.
#[test]
fn unsaved_work_of_every_kind_goes_to_the_next_place_when_recovery_cannot_be_written() {
    let data = broken_data_dir();
    let other = tempfile::tempdir().unwrap();
    let app = everything_unsaved(data.path());
    let places = vec![
        data.path().join("recovery"),
        other.path().join("state/lairsmith/recovery"),
    ];
    let lines = lairsmith::tui::keep_unsaved(&app, &places);
    assert_eq!(lines.len(), 3, "{lines:?}");
    for (line, (what, name)) in lines.iter().zip([
        ("monster `Kept Wyrm`", "Kept Wyrm"),
        ("encounter `Kept Ambush`", "Kept Ambush"),
        ("adventure `Kept Saga`", "Kept Saga"),
    ]) {
        let prefix = format!(
            "your unsaved work ({what}) is kept in {}/",
            places[1].display()
        );
        assert!(line.starts_with(&prefix), "{line}");
        assert!(
            line.ends_with(&format!(
                "(it could not be kept in {}: it is a regular file, not a directory)",
                places[0].display()
            )),
            "{line}"
        );
        let path = line
            .split_once(" is kept in ")
            .and_then(|(_, rest)| rest.split_once(" (it could not"))
            .map(|(path, _)| path)
            .unwrap();
        let kept = std::fs::read_to_string(path).unwrap();
        assert!(kept.contains(name), "{path}: {kept}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&places[1]).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700, "the fallback directory is not private");
    }
}

/// When no place takes the work, the message says it is lost and why, place by place.
#[test]
fn when_no_place_takes_the_work_the_message_says_why_for_each() {
    let data = broken_data_dir();
    let other = tempfile::tempdir().unwrap();
    let file = other.path().join("a-file");
    std::fs::write(&file, "").unwrap();
    let app = everything_unsaved(data.path());
    let places = vec![data.path().join("recovery"), file.join("recovery")];
    let lines = lairsmith::tui::keep_unsaved(&app, &places);
    assert_eq!(lines.len(), 3);
    for line in &lines {
        assert!(
            line.contains("could not be kept anywhere and is lost: "),
            "{line}"
        );
        assert!(
            line.contains(&format!(
                "{}: it is a regular file, not a directory; {}: ",
                places[0].display(),
                places[1].display()
            )),
            "{line}"
        );
    }
}

/// The shared temporary directory: a name another user made first is refused, a link there is
/// never followed, and nothing is written where it leads.
#[cfg(unix)]
#[test]
fn a_planted_recovery_directory_in_the_temp_directory_is_refused() {
    use lairsmith_core::store::keep::{keep_in_first, private_dir};
    let tmp = tempfile::tempdir().unwrap();
    let victim = tmp.path().join("victim");
    std::fs::create_dir(&victim).unwrap();
    let link = tmp.path().join("lairsmith-recovery-link");
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let e = keep_in_first(std::slice::from_ref(&link), "w.yaml", b"work").unwrap_err();
    assert!(e[0].why.to_string().contains("symbolic link"), "{e:?}");
    assert_eq!(std::fs::read_dir(&victim).unwrap().count(), 0);

    // Writable by others: refused.
    use std::os::unix::fs::PermissionsExt;
    let open = tmp.path().join("open");
    std::fs::create_dir(&open).unwrap();
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
    assert!(
        private_dir(&open)
            .unwrap_err()
            .to_string()
            .contains("other users can write")
    );

    // Another user's (only root can make one to test with).
    if rustix_is_root() {
        let theirs = tmp.path().join("theirs");
        std::fs::create_dir(&theirs).unwrap();
        std::os::unix::fs::chown(&theirs, Some(65534), Some(65534)).unwrap();
        assert!(
            private_dir(&theirs)
                .unwrap_err()
                .to_string()
                .contains("belongs to another user")
        );
    }

    // A link or a file already at the file's name is never written through: the next name.
    let mine = tmp.path().join("mine");
    private_dir(&mine).unwrap();
    let elsewhere = tmp.path().join("elsewhere.yaml");
    std::os::unix::fs::symlink(&elsewhere, mine.join("w.yaml")).unwrap();
    let kept = keep_in_first(std::slice::from_ref(&mine), "w.yaml", b"work").unwrap();
    assert_eq!(kept.path, mine.join("w-2.yaml"));
    assert!(!elsewhere.exists());
    assert_eq!(std::fs::read(&kept.path).unwrap(), b"work");
}

#[cfg(unix)]
fn rustix_is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// The real signal in a real terminal: a read-only data directory, unsaved Forge work,
/// `kill -TERM`; status 143, the message, and the work in the state directory, the temporary
/// directory, or (when neither can take it) a message saying why. Ctrl-C in a real terminal
/// with the settings file quits.
#[test]
fn a_signal_keeps_unsaved_work_when_the_data_directory_cannot_be_written() {
    let has_tmux = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_tmux {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have tmux for the end-to-end tests"
        );
        eprintln!("tmux is not installed: skipping ways_out_tmux.sh (apt-get install tmux)");
        return;
    }
    common::run_script("ways_out_tmux.sh");
}
