//! Issue 33 §2, "Nothing stops a hanging read": the UI's file work runs on a worker thread
//! (`tui::jobs`), and the keys are heard while it runs. Here the worker's executor holds chosen
//! commands at a gate until the test opens it (or for ever), standing in for a file that takes
//! minutes to read or write; `tests/signals_tmux.sh` and `tests/fight_watch_tmux.sh` do the same
//! with a real file held by strace. Waits are bounded generously; nothing asserts a speed.

use crate::common::ui::Ui;
use lairsmith::tui::app::{Cmd, Msg};
use lairsmith::tui::jobs::{Executor, Jobs, Timing};
use lairsmith::tui::layer::Layer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// Holds the commands it is given until opened; opened when dropped, so no thread of the test
/// binary waits for ever.
struct Gate {
    open: Mutex<bool>,
    opened: Condvar,
}

impl Gate {
    fn open(&self) {
        *self.open.lock().unwrap() = true;
        self.opened.notify_all();
    }

    fn pass(&self) {
        let mut open = self.open.lock().unwrap();
        while !*open {
            open = self.opened.wait(open).unwrap();
        }
    }
}

struct Opens(Arc<Gate>);

impl Drop for Opens {
    fn drop(&mut self) {
        self.0.open();
    }
}

/// The real executor, with the commands `held` picks made to wait at a gate.
fn gated(held: fn(&Cmd) -> bool) -> (Executor, Opens) {
    let gate = Arc::new(Gate {
        open: Mutex::new(false),
        opened: Condvar::new(),
    });
    let g = Arc::clone(&gate);
    let exec: Executor = Arc::new(move |cmd, paths| {
        if held(&cmd) {
            g.pass();
        }
        lairsmith::tui::exec::run(cmd, paths)
    });
    (exec, Opens(gate))
}

const QUICK: Timing = Timing {
    show_after: Duration::from_millis(20),
    write_wait: Duration::from_secs(60),
};

fn key(code: KeyCode) -> Msg {
    Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn ctrl_c() -> Msg {
    Msg::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL))
}

/// Runs the loop's file work until `done` says so; a failure after 20 s.
fn until(ui: &mut Ui, jobs: &mut Jobs, what: &str, done: impl Fn(&Ui, &Jobs) -> bool) {
    let start = Instant::now();
    while !done(ui, jobs) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out waiting for {what}; status: {:?}, running: {:?}",
            ui.status(),
            ui.app.shell.running
        );
        let editor = jobs.pump(&mut ui.app, Duration::from_millis(10)).unwrap();
        assert_eq!(editor, None);
    }
}

fn input(ui: &mut Ui, jobs: &mut Jobs, msg: Msg) {
    jobs.input(&mut ui.app, msg);
    jobs.pump(&mut ui.app, Duration::ZERO).unwrap();
}

fn reads_the_lobby(cmd: &Cmd) -> bool {
    matches!(cmd, Cmd::Fight(lairsmith::tui::screens::table::Job::Lobby))
}

fn shown(ui: &Ui) -> Option<(String, bool, bool)> {
    ui.app
        .shell
        .running
        .as_ref()
        .map(|r| (r.doing.clone(), r.writes, r.quitting))
}

/// The Table screen reads the saved fights for ever: the status line says so, Esc cancels the
/// read (its answer, should it come, is dropped), and the next keys work at once.
#[test]
fn nothing_stops_a_hanging_read_esc_cancels_it_and_the_keys_work() {
    let mut ui = Ui::new();
    let (exec, _gate) = gated(reads_the_lobby);
    let mut jobs = Jobs::new(ui.app.shell.paths.clone(), exec, QUICK).unwrap();
    input(&mut ui, &mut jobs, key(KeyCode::F(5)));
    until(&mut ui, &mut jobs, "the read to show", |ui, _| {
        shown(ui).is_some()
    });
    assert_eq!(
        shown(&ui),
        Some(("reading the saved fights".to_owned(), false, false))
    );
    assert!(
        ui.screen(100, 30)
            .contains("Reading the saved fights... Esc cancels."),
        "{}",
        ui.screen(100, 30)
    );
    // A key typed meanwhile waits; Esc cancels the read and the key with it.
    input(&mut ui, &mut jobs, key(KeyCode::Char('?')));
    assert!(
        ui.app.shell.layers.is_empty(),
        "a key ran ahead of the read"
    );
    input(&mut ui, &mut jobs, key(KeyCode::Esc));
    assert!(!jobs.busy());
    assert_eq!(ui.app.shell.running, None);
    assert_eq!(ui.status(), "Cancelled: reading the saved fights.");
    assert!(
        ui.app.shell.layers.is_empty(),
        "the key typed during the read ran"
    );
    let screen = ui.screen(100, 30);
    assert!(
        screen.contains("Reading the fights was cancelled: o reads them again."),
        "{screen}"
    );
    // The UI answers at once: the key reference opens.
    input(&mut ui, &mut jobs, key(KeyCode::Char('?')));
    assert!(matches!(ui.app.shell.top(), Some(Layer::Help { .. })));
    input(&mut ui, &mut jobs, key(KeyCode::Esc));
    assert!(ui.app.shell.layers.is_empty());
    // Read again (held again), and quit in the middle of it: Ctrl-C cancels and quits.
    input(&mut ui, &mut jobs, key(KeyCode::Char('o')));
    until(&mut ui, &mut jobs, "the read to show again", |ui, _| {
        shown(ui).is_some()
    });
    input(&mut ui, &mut jobs, ctrl_c());
    assert!(
        ui.app.shell.quit,
        "Ctrl-C did not quit during a hanging read"
    );
}

/// A quick command's keys keep their order: an Esc typed before the command shows is a key
/// like any other, never a cancel.
#[test]
fn keys_typed_during_a_quick_job_wait_their_turn() {
    let mut ui = Ui::new();
    let mut jobs = Jobs::new(
        ui.app.shell.paths.clone(),
        Arc::new(lairsmith::tui::exec::run),
        Timing {
            show_after: Duration::from_secs(600),
            ..QUICK
        },
    )
    .unwrap();
    jobs.input(&mut ui.app, key(KeyCode::F(5)));
    jobs.input(&mut ui.app, key(KeyCode::Char('?')));
    jobs.input(&mut ui.app, key(KeyCode::Esc));
    jobs.input(&mut ui.app, key(KeyCode::Char('?')));
    until(&mut ui, &mut jobs, "the keys", |_, jobs| {
        !jobs.busy() && !jobs.holding()
    });
    assert!(ui.app.table.lobby.read, "the read was cancelled");
    assert!(!ui.status().starts_with("Cancelled"), "{}", ui.status());
    assert!(matches!(ui.app.shell.top(), Some(Layer::Help { .. })));
}

/// A monster unsaved in the Forge, with Ctrl-S pressed: its write is the command.
fn saving_a_monster(held: fn(&Cmd) -> bool, timing: Timing) -> (Ui, Jobs, Opens) {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(2)).key(KeyCode::Down).key(KeyCode::Down);
    ui.key(KeyCode::Enter);
    assert!(ui.app.forge.is_dirty(), "nothing unsaved: {}", ui.status());
    let (exec, gate) = gated(held);
    let mut jobs = Jobs::new(ui.app.shell.paths.clone(), exec, timing).unwrap();
    jobs.input(
        &mut ui.app,
        Msg::Key(KeyEvent::new(KeyCode::Char('s'), KeyModifiers::CONTROL)),
    );
    until(&mut ui, &mut jobs, "the write to show", |ui, _| {
        shown(ui).is_some()
    });
    (ui, jobs, gate)
}

fn writes(cmd: &Cmd) -> bool {
    matches!(
        cmd,
        Cmd::Forge(lairsmith::tui::screens::forge::job::Job::Save { .. })
    )
}

/// A write is never cut short: Esc says so and leaves it running; Ctrl-C waits for it, then
/// quits (nothing is unsaved any more).
#[test]
fn a_slow_write_is_waited_for_and_ctrl_c_quits_once_it_is_done() {
    let (mut ui, mut jobs, gate) = saving_a_monster(writes, QUICK);
    let (doing, write, quitting) = shown(&ui).unwrap();
    assert!(doing.starts_with("saving `"), "{doing}");
    assert!(write && !quitting);
    let screen = ui.screen(120, 30);
    assert!(
        screen.contains("A write is never cut short: Esc cannot cancel it."),
        "{screen}"
    );
    input(&mut ui, &mut jobs, key(KeyCode::Esc));
    assert!(jobs.busy(), "Esc cut a write short");
    assert!(shown(&ui).is_some());
    input(&mut ui, &mut jobs, ctrl_c());
    assert!(!ui.app.shell.quit, "quit in the middle of a write");
    assert_eq!(shown(&ui).map(|s| s.2), Some(true));
    assert!(
        ui.screen(120, 30).contains("Quitting once it is done"),
        "{}",
        ui.screen(120, 30)
    );
    gate.0.open();
    until(&mut ui, &mut jobs, "the quit", |ui, _| ui.app.shell.quit);
    assert!(!ui.app.forge.is_dirty(), "the write did not finish first");
    assert!(jobs.unfinished().is_none());
}

/// A write that never ends is waited for only so long: then Ctrl-C does what it always does,
/// asking first about the work still unsaved (the recovery files and the rest are as before).
#[test]
fn ctrl_c_stops_waiting_for_a_write_that_never_ends() {
    let timing = Timing {
        write_wait: Duration::from_millis(200),
        ..QUICK
    };
    let (mut ui, mut jobs, _gate) = saving_a_monster(writes, timing);
    input(&mut ui, &mut jobs, ctrl_c());
    until(&mut ui, &mut jobs, "the wait to end", |_, jobs| {
        !jobs.busy()
    });
    jobs.pump(&mut ui.app, Duration::ZERO).unwrap();
    assert!(!ui.app.shell.quit);
    assert!(ui.app.forge.is_dirty());
    assert!(
        matches!(ui.app.shell.top(), Some(Layer::Confirm(_))),
        "no question about the unsaved monster: {:?}",
        ui.status()
    );
    assert!(
        jobs.unfinished().is_some_and(|d| d.starts_with("saving `")),
        "{:?}",
        jobs.unfinished()
    );
}
