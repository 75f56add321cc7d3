//! Keys of the modal layers, as generic mechanics: scrolling a viewer, moving through a form's
//! rows and values, moving a picker's or a list's cursor, typing into a prompt. What a choice,
//! a prompt's text or a question's answer means is up to the screen the layer belongs to. A
//! layer that is closed is popped, so what has the keys is always what is drawn on top.

use crate::tui::app::App;
use crate::tui::keymap::{Action, Ctx};
use crate::tui::layer::{Confirm, FilesFor, Layer, PromptKind};
use crate::tui::msg::{Cmd, Effect};
pub use crate::tui::nav::{cycle_value, form_move, picker_move, scroll_to};
use crate::tui::screens::{adventure, bestiary, encounter, forge};
use crate::tui::update::type_into_field;
use ratatui::crossterm::event::KeyEvent;

pub fn on_key(app: &mut App, ev: &KeyEvent, action: Option<Action>) -> Vec<Effect> {
    // Editing keys and typed characters go to the focused field first.
    if type_into_field(app, ev, action) {
        return Vec::new();
    }
    let Some(action) = action else {
        return Vec::new();
    };
    let Some(layer) = app.shell.layers.pop() else {
        return Vec::new();
    };
    match layer {
        Layer::Help { scroll } => {
            let lines = crate::tui::help::line_count(&app.shell.keymap);
            if let Some(scroll) = scrolled(scroll, action, lines, viewer_rows(app)) {
                app.shell.push(Layer::Help { scroll });
            }
        }
        Layer::Errors { scroll } => {
            let lines = app.shell.bestiary.errors.len() + 1;
            if let Some(scroll) = scrolled(scroll, action, lines, viewer_rows(app)) {
                app.shell.push(Layer::Errors { scroll });
            }
        }
        Layer::Confirm(c) => return on_answer(app, c, action),
        Layer::Prompt { kind, title, field } => match action {
            // The edit is abandoned, and with it what was said of its text.
            Action::Back => app.shell.clear_error(),
            // Ctrl-S answers only the Forge's field (it saves the monster); elsewhere it waits.
            Action::Save if !matches!(kind, PromptKind::Forge(_)) => {
                app.shell.push(Layer::Prompt { kind, title, field })
            }
            // Only the Table's prompts for dice let lairsmith roll what was not typed.
            Action::LairsmithRolls if !matches!(kind, PromptKind::Table(_)) => {
                app.shell.push(Layer::Prompt { kind, title, field })
            }
            Action::Choose | Action::Save | Action::LairsmithRolls => {
                // Text the screen cannot take is said, and left to correct.
                match answer(app, &kind, &field.text(), action) {
                    Ok(effects) => return effects,
                    Err(e) => {
                        app.shell.error(e);
                        app.shell.push(Layer::Prompt { kind, title, field });
                    }
                }
            }
            _ => app.shell.push(Layer::Prompt { kind, title, field }),
        },
        // Typing, moving and new lines went to the notes above; Enter hands them over.
        Layer::Editor(editor) => match action {
            Action::Back => app.shell.clear_error(),
            Action::Choose => match answer(app, &editor.kind, &editor.area.text(), action) {
                Ok(effects) => return effects,
                Err(e) => {
                    app.shell.error(e);
                    app.shell.push(Layer::Editor(editor));
                }
            },
            _ => app.shell.push(Layer::Editor(editor)),
        },
        Layer::Search => match action {
            Action::Choose | Action::Back => {}
            Action::Up | Action::Down => {
                app.browser
                    .move_by(if action == Action::Up { -1 } else { 1 });
                app.shell.push(Layer::Search);
            }
            _ => app.shell.push(Layer::Search),
        },
        Layer::Bestiary(d) => {
            return bestiary::dialog::on_key(&mut app.browser, &mut app.shell, d, action);
        }
        Layer::Forge(d) => return forge::dialog::on_key(&mut app.forge, &mut app.shell, d, action),
        Layer::Encounter(d) => return encounter::dialog::on_key(app, d, action),
        Layer::PartyNumbers(form) => {
            return crate::tui::screens::party::on_key(app, form, action);
        }
        Layer::Files {
            purpose,
            files,
            cursor,
        } => return on_files(app, purpose, files, cursor, action),
    }
    Vec::new()
}

/// A key on a list of saved files: Enter opens or adds the highlighted one, `x` deletes a draft,
/// the others move.
fn on_files(
    app: &mut App,
    purpose: FilesFor,
    files: Vec<crate::tui::files::SavedFile>,
    mut cursor: usize,
    action: Action,
) -> Vec<Effect> {
    let page = app.shell.body_height();
    match action {
        Action::Back => {}
        Action::Choose => match (files.get(cursor), purpose) {
            (Some(f), FilesFor::OpenEncounter) => {
                let path = f.path.clone();
                return vec![
                    Cmd::Encounter(crate::tui::screens::encounter::job::Job::Load { path }).into(),
                ];
            }
            (Some(f), FilesFor::OpenAdventure) => {
                let path = f.path.clone();
                return vec![Cmd::Adventure(adventure::job::Job::Load { path }).into()];
            }
            (Some(f), FilesFor::AddEncounter) => {
                return adventure::update::add_chosen(app, &f.path);
            }
            (Some(f), FilesFor::OpenDraft) => return forge::drafts::chosen(f),
            (None, _) => {}
        },
        Action::Delete if purpose == FilesFor::OpenDraft => match files.get(cursor) {
            Some(f) => forge::drafts::delete_asked(&mut app.shell, f),
            None => app.shell.push(Layer::Files {
                purpose,
                files,
                cursor,
            }),
        },
        other => {
            list_move(&mut cursor, files.len(), other, page);
            app.shell.push(Layer::Files {
                purpose,
                files,
                cursor,
            });
        }
    }
    Vec::new()
}

/// A key on a question, to the screen whose question it is; any other key leaves it asked.
fn on_answer(app: &mut App, c: Confirm, action: Action) -> Vec<Effect> {
    let answer = match c {
        Confirm::Bestiary(q) => {
            bestiary::update::on_confirm(&mut app.shell, q, action).map_err(Confirm::Bestiary)
        }
        Confirm::Forge(q) => forge::update::on_confirm(&mut app.forge, &mut app.shell, q, action)
            .map_err(Confirm::Forge),
        Confirm::Encounter(q) => {
            encounter::update::on_confirm(app, q, action).map_err(Confirm::Encounter)
        }
        Confirm::Adventure(q) => {
            adventure::update::on_confirm(app, q, action).map_err(Confirm::Adventure)
        }
        Confirm::Table(q) => {
            crate::tui::screens::table::on_confirm(&mut app.table, &mut app.shell, q, action)
                .map_err(Confirm::Table)
        }
        Confirm::Party(q) => {
            crate::tui::screens::party::on_confirm(app, q, action).map_err(Confirm::Party)
        }
        Confirm::Overwrite { path, contents } => {
            crate::tui::export::on_confirm(path, contents, action)
        }
    };
    match answer {
        Ok(effects) => effects,
        Err(c) => {
            app.shell.push(Layer::Confirm(c));
            Vec::new()
        }
    }
}

/// Text typed into a prompt or an editor, to the screen whose it is; `Err` says why it cannot
/// take it. `action` is the key that handed it over: Ctrl-S in the Forge's field also saves the monster,
/// and the Table's key for dice lets lairsmith roll those not typed.
fn answer(
    app: &mut App,
    kind: &PromptKind,
    text: &str,
    action: Action,
) -> Result<Vec<Effect>, String> {
    match kind {
        PromptKind::Bestiary(p) => bestiary::update::on_prompt(&mut app.shell, p, text),
        PromptKind::Forge(p) => forge::update::on_prompt(
            &mut app.forge,
            &mut app.shell,
            p,
            text,
            action == Action::Save,
        ),
        PromptKind::Encounter(p) => encounter::update::on_prompt(app, p, text),
        PromptKind::Adventure(p) => adventure::update::on_prompt(app, p, text),
        PromptKind::Table(p) => crate::tui::screens::table::on_prompt(
            &mut app.table,
            &mut app.shell,
            p,
            text,
            action == Action::LairsmithRolls,
        ),
    }
}

/// Saved files to choose from, each with what it holds (rated with the bestiary), or why there
/// are none to.
pub fn offer_files(
    app: &mut App,
    purpose: FilesFor,
    result: Result<crate::tui::files::Found, String>,
) {
    let (what, dir, more) = match purpose {
        FilesFor::OpenEncounter => (
            "saved encounters",
            app.shell.paths.encounters.clone(),
            String::new(),
        ),
        FilesFor::OpenAdventure => (
            "saved adventures",
            app.shell.paths.adventures(),
            String::new(),
        ),
        FilesFor::AddEncounter => (
            "saved encounters",
            app.shell.paths.encounters.clone(),
            ": build one on the Encounter screen and save it".to_owned(),
        ),
        FilesFor::OpenDraft => (
            "drafts",
            app.shell.paths.drafts(),
            app.shell
                .keymap
                .key_in(&[Ctx::ForgeUnsaved], Action::KeepDraft)
                .map_or(String::new(), |k| {
                    format!(" ({k} keeps one when you leave unsaved work)")
                }),
        ),
    };
    match result.map(|found| crate::tui::files::summarise(found, &app.shell.bestiary)) {
        Ok(files) if files.is_empty() => app
            .shell
            .info(format!("No {what} in {} yet{more}.", dir.display())),
        Ok(files) => app.shell.push(Layer::Files {
            purpose,
            files,
            cursor: 0,
        }),
        Err(e) => app.shell.error(e),
    }
}

/// The new scroll position of a viewer, or `None` when the key closes it.
fn scrolled(scroll: u16, action: Action, lines: usize, visible: usize) -> Option<u16> {
    if action == Action::Back {
        return None;
    }
    Some(scroll_to(scroll, action, lines, visible))
}

/// The lines the key reference and the list of unreadable files show: the screen less the tabs,
/// the status line, the help bar and the dialog's two borders.
pub fn viewer_rows(app: &App) -> usize {
    app.shell.body_height().saturating_sub(2)
}

/// A list's cursor, kept on one of its `n` rows.
fn list_move(cursor: &mut usize, n: usize, action: Action, page: usize) {
    picker_move(cursor, action, page);
    *cursor = (*cursor).min(n.saturating_sub(1));
}
