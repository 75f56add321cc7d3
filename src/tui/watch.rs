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

use crate::fight::Fight;
use crate::fight::players;
use crate::fight::saved::load_fight;
use crate::tui::terminal;
use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, TryRecvError};
use std::time::Duration;

/// How often the file's stamp is looked at.
const POLL: Duration = Duration::from_millis(200);

/// What the screen shows: the fight's name and the players' lines, or why the file cannot be
/// read now (the last good view stays beside it).
struct Seen {
    name: String,
    lines: Vec<String>,
    problem: Option<String>,
}

impl Seen {
    fn of(f: &Fight) -> Seen {
        let mut lines = players::lines(&f.now);
        if let Some(e) = &f.now.ended {
            lines.push(format!(
                "The fight is over: each character earns {} XP.",
                crate::text::group_thousands(e.xp_each)
            ));
        }
        Seen {
            name: f.name.clone(),
            lines,
            problem: None,
        }
    }

    fn read(&mut self, result: &Result<Fight, String>) {
        match result {
            Ok(f) => *self = Seen::of(f),
            Err(e) => self.problem = Some(e.clone()),
        }
    }
}

fn draw(f: &mut ratatui::Frame, seen: &Seen) {
    let [body, foot] =
        Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(f.area());
    let mut lines: Vec<Line> = Vec::new();
    for (i, l) in seen.lines.iter().enumerate() {
        let text = crate::text::escape_controls(l).into_owned();
        let style = if i == 0 || l.starts_with('▶') {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        lines.push(Line::from(Span::styled(text, style)));
    }
    if let Some(p) = &seen.problem {
        lines.push(Line::default());
        lines.push(Line::from(format!(
            "The fight file cannot be read now: {}",
            crate::text::escape_controls(p)
        )));
    }
    let title = format!(" {} ", crate::text::escape_controls(&seen.name));
    f.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(title)),
        body,
    );
    f.render_widget(
        Paragraph::new("The players' view: it follows the fight as the GM changes it. q quits."),
        foot,
    );
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

/// Whether `e` leaves the view: `q`, Esc or Ctrl-C.
fn leaves(e: &Event) -> bool {
    matches!(e, Event::Key(k) if k.code == KeyCode::Char('q')
        || k.code == KeyCode::Esc
        || (k.code == KeyCode::Char('c') && k.modifiers.contains(KeyModifiers::CONTROL)))
}

/// Runs the view until `q`, `Esc`, Ctrl-C, a signal or a closed terminal. Returns the signal
/// that stopped it, if one did.
pub fn run(path: &Path) -> Result<Option<i32>, String> {
    // The stamp before the read: a change made while it is read is read again.
    let mut stamp = crate::store::Stamp::of(path);
    // A fight that cannot be read at all is an error where the GM typed the command, before
    // the players' screen is drawn (the signals still end the process as they do any command).
    let (first, _) = load_fight(path).map_err(|e| e.to_string())?;
    let mut seen = Seen::of(&first);
    drop(first);
    let stop = terminal::Stop::register().map_err(|e| format!("cannot watch for signals: {e}"))?;
    let tty = terminal::Tty::open().map_err(|e| format!("no terminal to draw on: {e}"))?;
    let mut reader = Reader {
        path: path.to_owned(),
        running: None,
    };
    let mut term = terminal::enter().map_err(|e| format!("cannot take the terminal: {e}"))?;
    let result = (|| -> std::io::Result<()> {
        term.draw(|f| draw(f, &seen))?;
        while stop.signal().is_none() {
            let Some(events) = terminal::read_events(&tty, POLL, 256)? else {
                stop.hang_up();
                return Ok(());
            };
            if events.iter().any(leaves) {
                return Ok(());
            }
            let mut redraw = !events.is_empty();
            if let Some(result) = reader.done() {
                seen.read(&result);
                redraw = true;
            }
            if !reader.busy() {
                let now = crate::store::Stamp::of(path);
                if now != stamp && reader.start() {
                    stamp = now;
                }
            }
            if redraw {
                term.draw(|f| draw(f, &seen))?;
            }
        }
        Ok(())
    })();
    terminal::leave();
    result.map_err(|e| format!("the terminal failed: {e}"))?;
    Ok(stop.signal())
}
