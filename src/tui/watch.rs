//! `lairsmith fight watch FIGHT`: the players' view of a fight, in a terminal facing the table.
//! It follows the fight file as the GM changes it (from the Table screen or the command line in
//! another terminal): each time the file's stamp changes it is read again, whole (saves are
//! atomic, so a read never sees half a change). It shows only what `fight::players` lets the
//! players see. `q`, `Esc` and Ctrl-C leave; the terminal is given back on quit, error, panic
//! and signals, as the UI does.

use crate::fight::players;
use crate::fight::saved::load_fight;
use crate::tui::terminal;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use std::path::Path;
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

fn read(path: &Path, last: &mut Seen) {
    match load_fight(path) {
        Ok((f, _)) => {
            last.name = f.name.clone();
            last.lines = players::lines(&f.now);
            if let Some(e) = &f.now.ended {
                last.lines.push(format!(
                    "The fight is over: each character earns {} XP.",
                    crate::text::group_thousands(e.xp_each)
                ));
            }
            last.problem = None;
        }
        Err(e) => last.problem = Some(e.to_string()),
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

/// Runs the view until `q`, `Esc`, Ctrl-C, a signal or a closed terminal. Returns the signal
/// that stopped it, if one did.
pub fn run(path: &Path) -> Result<Option<i32>, String> {
    let mut seen = Seen {
        name: String::new(),
        lines: Vec::new(),
        problem: None,
    };
    // A fight that cannot be read at all is an error before the terminal is taken.
    load_fight(path).map_err(|e| e.to_string())?;
    read(path, &mut seen);
    let stop = terminal::Stop::register().map_err(|e| format!("cannot watch for signals: {e}"))?;
    let tty = terminal::Tty::open().map_err(|e| format!("no terminal to draw on: {e}"))?;
    let mut term = terminal::enter().map_err(|e| format!("cannot take the terminal: {e}"))?;
    let result = (|| -> std::io::Result<()> {
        let mut stamp = crate::store::Stamp::of(path);
        term.draw(|f| draw(f, &seen))?;
        while stop.signal().is_none() {
            match terminal::wait_for_input(&tty, POLL) {
                terminal::Input::HungUp => {
                    stop.hang_up();
                    return Ok(());
                }
                terminal::Input::Ready => {
                    while event::poll(Duration::ZERO)? {
                        match event::read()? {
                            Event::Key(k)
                                if k.code == KeyCode::Char('q')
                                    || k.code == KeyCode::Esc
                                    || (k.code == KeyCode::Char('c')
                                        && k.modifiers.contains(KeyModifiers::CONTROL)) =>
                            {
                                return Ok(());
                            }
                            _ => {}
                        }
                    }
                    term.draw(|f| draw(f, &seen))?;
                }
                terminal::Input::Idle => {}
            }
            let now = crate::store::Stamp::of(path);
            if now != stamp {
                stamp = now;
                read(path, &mut seen);
                term.draw(|f| draw(f, &seen))?;
            }
        }
        Ok(())
    })();
    terminal::leave();
    result.map_err(|e| format!("the terminal failed: {e}"))?;
    Ok(stop.signal())
}
