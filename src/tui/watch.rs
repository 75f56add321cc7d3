//! `lairsmith fight watch FIGHT`: the players' view of a fight, in a terminal facing the table.
//! It follows the fight file as the GM changes it (from the Table screen or the command line in
//! another terminal): each time the file's stamp changes it is read again, whole (saves are
//! atomic, so a read never sees half a change). It shows only what `fight::players` lets the
//! players see. `q`, `Esc` and Ctrl-C leave; the terminal is given back on quit, error, panic
//! and signals, as the UI does.
//!
//! A read happens on a thread of its own, so however long a file takes to read, the loop keeps
//! hearing keys and signals; one read at a time (a change that comes during a read is read once
//! that read is done, and only the newest), so a file changed again and again costs at most one
//! read's memory.
//!
//! The screen is the players': when the file cannot be read now, they see only
//! [`CANNOT_SHOW`] under the last view that could be, never the reason (it may name a hidden
//! creature's id or quote the file). The reason is the GM's: it goes to standard error at once
//! when that is not the terminal the view is drawn on (`2>>watch.log`, another terminal), else
//! once the view has given the terminal back.

use crate::tui::keymap::{self, Action, Ctx, Keymap};
use crate::tui::terminal;
use lairsmith_core::fight::Fight;
use lairsmith_core::fight::players;
use lairsmith_core::fight::saved::load_fight;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Duration;

/// How often the file's stamp is looked at.
const POLL: Duration = Duration::from_millis(200);

/// What the players see while the fight file cannot be read: nothing from the file or the error.
pub const CANNOT_SHOW: &str = "The fight cannot be shown right now.";

/// The most reasons kept for the GM until the terminal is back.
const MOST_KEPT: usize = 20;

/// What the screen shows: the fight's name and the players' lines as last read, and whether the
/// file cannot be read now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Seen {
    /// The fight's name, the frame's title.
    pub name: String,
    /// What `fight::players::lines` gave for the last fight read.
    pub lines: Vec<String>,
    /// The file cannot be read now.
    pub unreadable: bool,
}

impl Seen {
    /// The screen of a fight read whole.
    pub fn of(f: &Fight) -> Seen {
        Seen {
            name: f.name.clone(),
            lines: players::lines(&f.now),
            unreadable: false,
        }
    }

    /// A read's result on the screen: a fight replaces what was seen; a failure keeps the last
    /// view and says only [`CANNOT_SHOW`].
    pub fn read(&mut self, result: &Result<Fight, String>) {
        match result {
            Ok(f) => *self = Seen::of(f),
            Err(_) => self.unreadable = true,
        }
    }

    /// The screen's text, line by line, as [`draw`] puts it in the frame's body.
    pub fn body(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .lines
            .iter()
            .map(|l| lairsmith_core::text::escape_controls(l).into_owned())
            .collect();
        if self.unreadable {
            out.push(String::new());
            out.push(CANNOT_SHOW.to_owned());
        }
        out
    }
}

/// The players' view in a frame: the fight's name as the title, [`Seen::body`], and a line on
/// how to leave.
pub fn draw(f: &mut ratatui::Frame, seen: &Seen, keymap: &Keymap) {
    let [body, foot] =
        Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(f.area());
    let lines: Vec<Line> = seen
        .body()
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            let style = if i == 0 || l.starts_with('▶') {
                Style::new().add_modifier(Modifier::BOLD)
            } else {
                Style::new()
            };
            Line::from(Span::styled(l, style))
        })
        .collect();
    let title = format!(" {} ", lairsmith_core::text::escape_controls(&seen.name));
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(title)),
        body,
    );
    f.render_widget(
        Paragraph::new(format!(
            "The players' view: it follows the fight as the GM changes it. {} quits.",
            keymap.key_for(Ctx::Watch, Action::Quit)
        )),
        foot,
    );
}

/// The GM's line for a fight file that cannot be read now (the error names the file).
pub fn gm_line(error: &str) -> String {
    lairsmith_core::text::escape_controls(&format!(
        "lairsmith fight watch: the players see \"{CANNOT_SHOW}\" while the fight cannot be read: {error}"
    ))
    .into_owned()
}

/// Where the GM learns why the fight cannot be shown: standard error at once, or once the
/// terminal is back when standard error is the players' screen. A reason is said once, until
/// the file can be read again.
struct ToGm {
    now: bool,
    kept: Vec<String>,
    last: Option<String>,
}

impl ToGm {
    fn new() -> ToGm {
        ToGm {
            now: !stderr_is_the_view(),
            kept: Vec::new(),
            last: None,
        }
    }

    fn read(&mut self, result: &Result<Fight, String>) {
        let Err(e) = result else {
            self.last = None;
            return;
        };
        if self.last.as_ref() == Some(e) {
            return;
        }
        self.last = Some(e.clone());
        let line = gm_line(e);
        if self.now {
            eprintln_quiet(&line);
        } else {
            if self.kept.len() == MOST_KEPT {
                self.kept.remove(0);
            }
            self.kept.push(line);
        }
    }

    /// Once the terminal is back.
    fn finish(self) {
        for line in self.kept {
            eprintln_quiet(&line);
        }
    }
}

fn eprintln_quiet(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// Whether standard error is the terminal the view draws on (standard output): then a line
/// written to it would land on the players' screen.
fn stderr_is_the_view() -> bool {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        use std::os::unix::fs::MetadataExt;
        let meta = |fd: std::os::fd::BorrowedFd<'_>| {
            fd.try_clone_to_owned()
                .map(std::fs::File::from)
                .and_then(|f| f.metadata())
        };
        match (
            meta(std::io::stderr().as_fd()),
            meta(std::io::stdout().as_fd()),
        ) {
            (Ok(e), Ok(o)) => e.rdev() == o.rdev(),
            _ => true,
        }
    }
    #[cfg(not(unix))]
    {
        true
    }
}

/// The fight file, read on a thread of its own, one read at a time.
struct Reader {
    path: PathBuf,
    running: Option<Receiver<Result<Fight, String>>>,
}

impl Reader {
    fn busy(&self) -> bool {
        self.running.is_some()
    }

    /// Starts a read; `false` when no thread could be had (the next look tries again).
    fn start(&mut self) -> bool {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let path = self.path.clone();
        let spawned = std::thread::Builder::new()
            .name("lairsmith-watch-read".into())
            .spawn(move || {
                let _ = tx.send(load_fight(&path).map(|(f, _)| f).map_err(|e| e.to_string()));
            });
        if spawned.is_ok() {
            self.running = Some(rx);
        }
        spawned.is_ok()
    }

    /// The read's result once it is done.
    fn done(&mut self) -> Option<Result<Fight, String>> {
        let rx = self.running.as_ref()?;
        let result = match rx.try_recv() {
            Ok(r) => r,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => Err("the read stopped before it was done".into()),
        };
        self.running = None;
        Some(result)
    }
}

/// Whether `e` leaves the view: the keymap's quit keys here (`q`, Esc), or Ctrl-C, which
/// always quits.
fn leaves(e: &Event, keymap: &Keymap) -> bool {
    matches!(e, Event::Key(k) if keymap::is_interrupt(k)
        || keymap.lookup(&[Ctx::Watch], k) == Some(Action::Quit))
}

/// Runs the view until `q`, `Esc`, Ctrl-C, a signal or a closed terminal. Returns the signal
/// that stopped it, if one did.
pub fn run(path: &Path, keymap: &Keymap) -> Result<Option<i32>, String> {
    // The stamp before the read: a change made while it is read is read again.
    let mut stamp = lairsmith_core::store::Stamp::of(path);
    // A fight that cannot be read at all is an error where the GM typed the command, before
    // the players' screen is drawn (the signals still end the process as they do any command).
    let (first, _) = load_fight(path).map_err(|e| e.to_string())?;
    let mut seen = Seen::of(&first);
    drop(first);
    let stop = terminal::Stop::register().map_err(|e| format!("cannot watch for signals: {e}"))?;
    let tty = terminal::Tty::open().map_err(|e| format!("no terminal to draw on: {e}"))?;
    let mut to_gm = ToGm::new();
    let mut reader = Reader {
        path: path.to_owned(),
        running: None,
    };
    let mut term = terminal::enter().map_err(|e| format!("cannot take the terminal: {e}"))?;
    let result = (|| -> std::io::Result<()> {
        term.draw(|f| draw(f, &seen, keymap))?;
        while stop.signal().is_none() {
            let Some(events) = terminal::read_events(&tty, POLL, 256)? else {
                stop.hang_up();
                return Ok(());
            };
            if events.iter().any(|e| leaves(e, keymap)) {
                return Ok(());
            }
            let mut redraw = !events.is_empty();
            if let Some(result) = reader.done() {
                to_gm.read(&result);
                seen.read(&result);
                redraw = true;
            }
            if !reader.busy() {
                let now = lairsmith_core::store::Stamp::of(path);
                if now != stamp && reader.start() {
                    stamp = now;
                }
            }
            if redraw {
                term.draw(|f| draw(f, &seen, keymap))?;
            }
        }
        Ok(())
    })();
    terminal::leave();
    to_gm.finish();
    result.map_err(|e| format!("the terminal failed: {e}"))?;
    Ok(stop.signal())
}
