//! The answers to the Table screen's questions and what the executor reports back.

use super::update::{run, step};
use super::{Done, Job, Open, Question, Read};
use crate::tui::app::{App, Confirm};
use crate::tui::keymap::Action;
use crate::tui::layer::Layer;
use crate::tui::msg::Effect;
use lairsmith_core::fight::step::Step;

/// The answer to one of the screen's questions; `Err` keeps asking.
pub fn on_confirm(app: &mut App, q: Question, action: Action) -> Result<Vec<Effect>, Question> {
    let yes = match action {
        Action::Yes => true,
        Action::No | Action::Back => false,
        _ => return Err(q),
    };
    let Some(open) = app.table.open.clone() else {
        return Ok(Vec::new());
    };
    Ok(match (q, yes) {
        (Question::Remove { who }, true) => step(&open, Step::Remove { who }),
        (Question::Award { treasure }, true) => vec![run(Job::Award {
            path: open.path.clone(),
            treasure,
        })],
        (Question::Award { .. }, false) => {
            let end = app.key_on(crate::tui::app::Screen::Table, Action::Undo);
            let write = app.key_on(crate::tui::app::Screen::Table, Action::EndFight);
            app.shell.info(format!(
                "The XP is not written. {write} here (or `lairsmith fight end {} --write`) writes it later; {end} takes the end back.",
                open.path
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
            ));
            Vec::new()
        }
        (Question::Remove { .. }, false) => Vec::new(),
    })
}

/// A read of the screen's the user cancelled: the lists say so until they are read.
pub fn on_cancelled(app: &mut App, job: &Job) {
    if *job == Job::Lobby {
        app.table.lobby.cancelled = true;
    }
}

/// What the executor did with the screen's file work.
pub fn on_outcome(app: &mut App, done: Done) -> Vec<Effect> {
    match done {
        Done::Lobby(Ok((fights, encounters))) => {
            let l = &mut app.table.lobby;
            l.fights = fights;
            l.encounters = encounters;
            l.cursor = l.cursor.min(l.len().saturating_sub(1));
            l.read = true;
            l.cancelled = false;
            Vec::new()
        }
        Done::NotStarted {
            encounter,
            surprised,
            why,
        } => {
            // The question again, with what was typed: a mistyped name is corrected, not retyped.
            app.shell.error(crate::tui::hint::with_hint(
                app,
                &why.why,
                why.hint.as_ref(),
            ));
            super::update::ask_start(app, encounter, &surprised.join(", "));
            Vec::new()
        }
        Done::Lobby(Err(e)) => {
            app.table.lobby.read = true;
            app.table.lobby.cancelled = false;
            app.shell.error(e);
            Vec::new()
        }
        Done::Fight {
            path,
            result:
                Ok(Read {
                    fight,
                    fingerprint,
                    news,
                }),
            ended,
            ..
        } => {
            let turn_moved = app
                .table
                .fight()
                .is_none_or(|old| old.now.turn != fight.now.turn);
            // A saved party (the fight's, or its adventure's) holds the XP; else no file does.
            let has_file = fight.party.is_some() || fight.adventure.is_some();
            let asks_award = ended && has_file && fight.awarded.is_empty();
            let no_file = ended && !has_file;
            // A roll whose lines offer riders: ask at once which to apply (P16).
            let offered = !fight.now.offers.is_empty()
                && app
                    .table
                    .fight()
                    .is_none_or(|old| old.now.offers != fight.now.offers);
            app.table.open = Some(Open {
                path,
                fight: *fight,
                fingerprint,
            });
            app.shell.screen = crate::tui::app::Screen::Table;
            if turn_moved {
                app.table.selected = app.table.fight().and_then(|f| f.now.turn.clone());
            }
            app.table.keep_selection();
            app.table.log_back = 0;
            if let Some(last) = news.last() {
                app.shell
                    .info(lairsmith_core::text::escape_controls(last).into_owned());
            }
            app.table.news = news;
            if asks_award {
                app.shell
                    .push(Layer::Confirm(Confirm::Table(Question::Award {
                        treasure: app.table.treasure,
                    })));
            } else if offered {
                super::update::ask_apply(app);
            } else if no_file {
                app.shell.info("The fight has ended. Its party is written in the encounter, not saved, so no party file holds its XP.");
            }
            Vec::new()
        }
        Done::Fight {
            path,
            result: Err(e),
            read,
            ..
        } => {
            app.shell
                .error(crate::tui::hint::with_hint(app, &e.why, e.hint.as_ref()));
            if read {
                // The file cannot be read (removed, broken by hand): back to the list.
                app.table.open = None;
                return vec![run(Job::Lobby)];
            }
            // The file is the truth: show it as it is now.
            if app.table.open.as_ref().is_some_and(|o| o.path == path) {
                vec![run(Job::Load { path })]
            } else {
                Vec::new()
            }
        }
    }
}
