//! File work off the UI thread, so no command, however slow its file, makes the UI deaf. The loop
//! hands one command at a time to a worker thread (as gitui hands its git work to asyncgit) and
//! goes on reading the terminal while it runs:
//!
//! - Keys and pastes wait, in order, until the commands before them are done, so each key sees
//!   what those commands did (a key never acts on a screen its command is about to replace).
//! - Once a command has run for [`Timing::show_after`], the status line says what it does, and
//!   Esc and Ctrl-C act at once instead of waiting:
//!   - **Esc** cancels every read running or waiting: its result, if it ever comes, is dropped
//!     (the worker is left to finish it alone and a new one takes the next command), the status
//!     line says "Cancelled", and the keys typed while it ran are dropped with it. A write is
//!     never cut short (a file is written whole or not at all): Esc leaves it running and the
//!     status line says so.
//!   - **Ctrl-C** cancels the reads the same way, waits for the writes (at most
//!     [`Timing::write_wait`], or until a second Ctrl-C), then quits as it always does: asking
//!     first about unsaved work.
//! - Ticks and resizes are taken at once.
//!
//! `update` stays pure: what runs and what was cancelled reach the model as messages
//! ([`Msg::Running`], [`Msg::Cancelled`]). Tests drive [`Jobs`] with an executor of their own
//! (a slow one, to see the keys still heard); [`crate::tui::dispatch`] stays the synchronous path
//! for tests of `update` alone.

use crate::tui::app::{App, Cmd, Msg, Outcome, Paths, Running};
use crate::tui::update::update;
use ratatui::crossterm::event::{KeyCode, KeyEventKind, KeyModifiers};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

/// What carries out a command off the UI thread: [`crate::tui::exec::run`], or a test's own.
pub type Executor = Arc<dyn Fn(Cmd, &Paths) -> Option<Outcome> + Send + Sync>;

/// How long things may take.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    /// How long a command runs before the status line says so and Esc and Ctrl-C act on it.
    /// Below it, a quick command's keys keep their order (an Esc typed after a key that opened
    /// a list closes the list, as it always did).
    pub show_after: Duration,
    /// How long Ctrl-C waits for a write before quitting anyway. A write is atomic (a new file
    /// renamed over the old), so the file then holds what it held or the whole write.
    pub write_wait: Duration,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            show_after: Duration::from_millis(300),
            write_wait: Duration::from_secs(5),
        }
    }
}

/// The most keys and pastes kept while a command runs; more are dropped (Esc and Ctrl-C never).
const MAX_HELD: usize = 1024;

/// One thread running commands in order. A worker whose command was cancelled is left to
/// finish it: its channels are dropped, so it ends as soon as it tries to answer.
struct Worker {
    tx: Sender<Cmd>,
    rx: Receiver<Outcome>,
}

impl Worker {
    fn spawn(paths: Paths, exec: Executor) -> std::io::Result<Worker> {
        let (cmd_tx, cmd_rx) = std::sync::mpsc::channel::<Cmd>();
        let (out_tx, out_rx) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("lairsmith-files".into())
            .spawn(move || {
                for cmd in cmd_rx {
                    // Every command answers, so the loop never waits for an outcome that
                    // cannot come.
                    let outcome = exec(cmd, &paths).unwrap_or(Outcome::Nothing);
                    if out_tx.send(outcome).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Worker {
            tx: cmd_tx,
            rx: out_rx,
        })
    }
}

/// The command the worker is running.
struct Flight {
    /// A read, kept to say what was cancelled; `None` for a write.
    read: Option<Cmd>,
    doing: String,
    since: Instant,
    /// The status line says it runs.
    shown: bool,
}

/// Why the loop cannot go on: the worker thread ended (a command panicked).
#[derive(Debug)]
pub struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the file worker stopped")
    }
}

impl From<Stopped> for std::io::Error {
    fn from(s: Stopped) -> std::io::Error {
        std::io::Error::other(s.to_string())
    }
}

/// The commands waiting and running, and the input waiting for them.
pub struct Jobs {
    paths: Paths,
    exec: Executor,
    timing: Timing,
    worker: Worker,
    queue: VecDeque<Cmd>,
    flight: Option<Flight>,
    held: VecDeque<Msg>,
    /// Ctrl-C came while a write ran: when, and the key, handed to `update` once the writes
    /// are done.
    quitting: Option<(Instant, Msg)>,
    /// A write still running when the UI stopped waiting for it.
    unfinished: Option<String>,
    /// Answers the worker owes to commands no one waits for any more, to drop when they come.
    unanswered: usize,
}

impl Jobs {
    /// Commands carried out by `exec` on a worker thread.
    pub fn new(paths: Paths, exec: Executor, timing: Timing) -> std::io::Result<Jobs> {
        Ok(Jobs {
            worker: Worker::spawn(paths.clone(), Arc::clone(&exec))?,
            paths,
            exec,
            timing,
            queue: VecDeque::new(),
            flight: None,
            held: VecDeque::new(),
            quitting: None,
            unfinished: None,
            unanswered: 0,
        })
    }

    /// A command is running or waiting to.
    pub fn busy(&self) -> bool {
        self.flight.is_some() || !self.queue.is_empty()
    }

    /// Input is waiting to be handled.
    pub fn holding(&self) -> bool {
        !self.held.is_empty() || self.quitting.is_some()
    }

    /// What the UI stopped waiting for (Ctrl-C past [`Timing::write_wait`]), to say so once the
    /// terminal is back.
    pub fn unfinished(&self) -> Option<&str> {
        self.unfinished.as_deref()
    }

    /// A message from the terminal, the clock or the loop: keys and pastes wait their turn;
    /// anything else is handled now.
    pub fn input(&mut self, app: &mut App, msg: Msg) {
        match msg {
            Msg::Key(k) if k.kind == KeyEventKind::Release => {}
            Msg::Key(_) | Msg::Paste(_) => {
                if self.held.len() < MAX_HELD || is_cancel(&msg) || is_interrupt(&msg) {
                    self.held.push_back(msg);
                }
            }
            other => self.handle(app, other),
        }
    }

    /// `msg` through `update`, its commands queued.
    fn handle(&mut self, app: &mut App, msg: Msg) {
        let cmds = update(app, msg);
        self.queue.extend(cmds);
    }

    /// Moves the work on: starts the next command, waits up to `wait` for the one running,
    /// acts on Esc and Ctrl-C once it has run long enough, and hands waiting input to `update`
    /// when nothing runs. Returns the file to open in the editor when that is the next command
    /// (it needs the terminal, so the loop runs it, then gives [`Jobs::input`] its outcome).
    pub fn pump(&mut self, app: &mut App, wait: Duration) -> Result<Option<PathBuf>, Stopped> {
        let mut wait = wait;
        loop {
            if self.flight.is_none()
                && let Some(cmd) = self.queue.pop_front()
            {
                if let Cmd::OpenEditor { path } = cmd {
                    return Ok(Some(path));
                }
                self.flight = Some(Flight {
                    read: (!cmd.writes()).then(|| cmd.clone()),
                    doing: cmd.doing(),
                    since: Instant::now(),
                    shown: false,
                });
                self.worker.tx.send(cmd).map_err(|_| Stopped)?;
            }
            if self.flight.is_some() {
                match self.worker.rx.recv_timeout(wait) {
                    Ok(_) if self.unanswered > 0 => {
                        self.unanswered -= 1;
                        continue;
                    }
                    Ok(outcome) => {
                        self.finish(app, outcome);
                        wait = Duration::ZERO;
                        continue;
                    }
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => return Err(Stopped),
                }
                self.show(app);
                self.interrupts(app);
                if self.busy() {
                    return Ok(None);
                }
                continue;
            }
            if let Some((_, key)) = self.quitting.take() {
                self.handle(app, key);
                continue;
            }
            if app.shell.quit {
                return Ok(None);
            }
            // One message at a time: the first that asks for file work waits for it.
            match self.held.pop_front() {
                Some(msg) => self.handle(app, msg),
                None => return Ok(None),
            }
        }
    }

    /// The running command answered.
    fn finish(&mut self, app: &mut App, outcome: Outcome) {
        if self.flight.take().is_some_and(|f| f.shown) {
            self.handle(app, Msg::Running(None));
        }
        self.handle(app, Msg::Done(Box::new(outcome)));
        if self.quitting.is_some() {
            // On the way out, what the outcome asks to read is not worth waiting for.
            self.cancel_reads(app);
        }
    }

    /// Once the running command has run long enough, the status line says so.
    fn show(&mut self, app: &mut App) {
        let quitting = self.quitting.is_some();
        let Some(f) = self.flight.as_mut() else {
            return;
        };
        if f.shown || f.since.elapsed() < self.timing.show_after {
            return;
        }
        f.shown = true;
        let running = Running {
            doing: f.doing.clone(),
            writes: f.read.is_none(),
            quitting,
        };
        self.handle(app, Msg::Running(Some(running)));
    }

    /// Esc and Ctrl-C while a command has run long enough to be shown, and the end of the wait
    /// for the writes.
    fn interrupts(&mut self, app: &mut App) {
        if let Some((since, _)) = &self.quitting {
            if self.held.iter().any(is_interrupt) || since.elapsed() >= self.timing.write_wait {
                self.held.retain(|m| !is_interrupt(m));
                self.abandon_writes(app);
            }
            return;
        }
        if !self.flight.as_ref().is_some_and(|f| f.shown) {
            return;
        }
        if let Some(at) = self.held.iter().position(is_interrupt) {
            let key = self.held.remove(at).expect("the position found");
            self.held.clear();
            self.cancel_reads(app);
            self.quitting = Some((Instant::now(), key));
            if let Some(f) = &self.flight {
                let running = Running {
                    doing: f.doing.clone(),
                    writes: true,
                    quitting: true,
                };
                self.handle(app, Msg::Running(Some(running)));
            }
        } else if let Some(at) = self.held.iter().position(is_cancel) {
            if self.flight.as_ref().is_some_and(|f| f.read.is_some()) {
                self.held.clear();
                self.cancel_reads(app);
            } else {
                // The status line already says a write cannot be cancelled; the Esc is spent.
                self.held.remove(at);
            }
        }
    }

    /// Drops every read, running or waiting: the running one's worker is left to finish it
    /// alone, and a new worker takes the commands after it.
    fn cancel_reads(&mut self, app: &mut App) {
        let mut cancelled = Vec::new();
        self.queue.retain(|c| {
            if c.writes() {
                true
            } else {
                cancelled.push(c.clone());
                false
            }
        });
        if let Some(f) = self.flight.take_if(|f| f.read.is_some()) {
            if f.shown {
                self.handle(app, Msg::Running(None));
            }
            cancelled.extend(f.read);
            self.leave_worker();
        }
        // The running read last, so the status line names it.
        for cmd in cancelled {
            self.handle(app, Msg::Cancelled(Box::new(cmd)));
        }
    }

    /// Stops waiting for the writes: the running one is left to finish (or not) on its own, the
    /// ones not started are not made.
    fn abandon_writes(&mut self, app: &mut App) {
        if let Some(f) = self.flight.take() {
            if f.shown {
                self.handle(app, Msg::Running(None));
            }
            self.unfinished = Some(f.doing);
            self.leave_worker();
        }
        self.queue.clear();
    }

    /// Leaves the worker to its command, whose answer no one waits for: a new worker takes the
    /// next command. Without a thread to be had, the old one takes it after all, and the answer
    /// it owes first is dropped when it comes.
    fn leave_worker(&mut self) {
        match Worker::spawn(self.paths.clone(), Arc::clone(&self.exec)) {
            Ok(w) => self.worker = w,
            Err(_) => self.unanswered += 1,
        }
    }
}

/// Ctrl-C.
fn is_interrupt(msg: &Msg) -> bool {
    matches!(msg, Msg::Key(k) if crate::tui::keymap::is_interrupt(k))
}

/// Esc, with no modifier.
fn is_cancel(msg: &Msg) -> bool {
    matches!(msg, Msg::Key(k) if k.code == KeyCode::Esc && k.modifiers == KeyModifiers::NONE)
}
