//! The answers to the Table screen's questions and what the executor reports back.

use super::TableScreen;
use super::update::{run, step};
use super::{Done, Job, Open, Question, Read};
use crate::tui::keymap::Action;
use crate::tui::layer::Confirm;
use crate::tui::layer::Layer;
use crate::tui::msg::Effect;
use crate::tui::shell::{Screen, Shell};
use lairsmith_core::fight::step::Step;

/// The answer to one of the screen's questions; `Err` keeps asking.
pub fn on_confirm(
    table: &mut TableScreen,
    shell: &mut Shell,
    q: Question,
    action: Action,
) -> Result<Vec<Effect>, Question> {
    let yes = match action {
        Action::Yes => true,
        Action::No | Action::Back => false,
        _ => return Err(q),
    };
    let Some(open) = table.open.clone() else {
        return Ok(Vec::new());
    };
    Ok(match (q, yes) {
        (Question::Remove { who }, true) => step(&open, Step::Remove { who }),
        (Question::Award { treasure }, true) => vec![run(Job::Award {
            path: open.path.clone(),
            treasure,
        })],
        (Question::Award { .. }, false) => {
            let end = shell.key_in(&table.contexts(), Action::Undo);
            let write = shell.key_in(&table.contexts(), Action::EndFight);
            shell.info(format!(
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
pub fn on_cancelled(table: &mut TableScreen, job: &Job) {
    if *job == Job::Lobby {
        table.lobby.cancelled = true;
    }
}

/// What the executor did with the screen's file work.
pub fn on_outcome(table: &mut TableScreen, shell: &mut Shell, done: Done) -> Vec<Effect> {
    match done {
        Done::Lobby(Ok((fights, encounters))) => {
            let l = &mut table.lobby;
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
            shell.note_contexts(Screen::Table, table.contexts());
            let words = crate::tui::hint::with_hint(shell, &why.why, why.hint.as_ref());
            shell.error(words);
            super::update::ask_start(shell, encounter, &surprised.join(", "));
            Vec::new()
        }
        Done::Lobby(Err(e)) => {
            table.lobby.read = true;
            table.lobby.cancelled = false;
            shell.error(e);
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
            let turn_moved = table
                .fight()
                .is_none_or(|old| old.now.turn != fight.now.turn);
            // A saved party (the fight's, or its adventure's) holds the XP; else no file does.
            let has_file = fight.party.is_some() || fight.adventure.is_some();
            let asks_award = ended && has_file && fight.awarded.is_empty();
            let no_file = ended && !has_file;
            // A roll whose lines offer riders: ask at once which to apply (P16).
            let offered = !fight.now.offers.is_empty()
                && table
                    .fight()
                    .is_none_or(|old| old.now.offers != fight.now.offers);
            table.open = Some(Open {
                path,
                fight: *fight,
                fingerprint,
            });
            shell.screen = Screen::Table;
            if turn_moved {
                table.selected = table.fight().and_then(|f| f.now.turn.clone());
            }
            table.keep_selection();
            table.log_back = 0;
            if let Some(last) = news.last() {
                shell.info(lairsmith_core::text::escape_controls(last).into_owned());
            }
            table.news = news;
            if asks_award {
                shell.push(Layer::Confirm(Confirm::Table(Question::Award {
                    treasure: table.treasure,
                })));
            } else if offered {
                super::update::ask_apply(shell);
            } else if no_file {
                shell.info("The fight has ended. Its party is written in the encounter, not saved, so no party file holds its XP.");
            }
            Vec::new()
        }
        Done::Fight {
            path,
            result: Err(e),
            read,
            ..
        } => {
            shell.note_contexts(Screen::Table, table.contexts());
            let words = crate::tui::hint::with_hint(shell, &e.why, e.hint.as_ref());
            shell.error(words);
            if read {
                // The file cannot be read (removed, broken by hand): back to the list.
                table.open = None;
                return vec![run(Job::Lobby)];
            }
            // The file is the truth: show it as it is now.
            if table.open.as_ref().is_some_and(|o| o.path == path) {
                vec![run(Job::Load { path })]
            } else {
                Vec::new()
            }
        }
    }
}
