//! The one update function. `update` is pure: it changes the model and returns commands; file
//! I/O happens in the executor, whose results come back as messages. After every message the
//! derived state is recomputed and, if the Forge's monster or the encounter changed, the old
//! value goes onto its undo history.

use crate::tui::app::{AfterLeave, App, Cmd, Confirm, Msg, Screen};
use crate::tui::keymap::{Action, typed_char};
use crate::tui::layer::Layer;
use crate::tui::screens::forge::Forge;
use crate::tui::widgets::text_field::FIELD_MAX_CHARS;
use ratatui::crossterm::event::{KeyEvent, KeyEventKind};

pub fn update(app: &mut App, msg: Msg) -> Vec<Cmd> {
    let forge_before = app.forge.design.snapshot(&app.forge.powers_custom);
    let encounter_before = app.encounter.encounter.snapshot(&app.encounter.locked);
    let adventure_before = app.adventure.adventure.snapshot(&());
    let mut undoing = false;
    let cmds = match msg {
        Msg::Resize(w, h) => {
            app.viewport = (w, h);
            Vec::new()
        }
        Msg::Tick => {
            if let Some(s) = app.status.as_mut() {
                s.ttl = s.ttl.saturating_sub(1);
                if s.ttl == 0 {
                    app.status = None;
                }
            }
            Vec::new()
        }
        Msg::Done(outcome) => crate::tui::outcome::apply(app, *outcome),
        Msg::Key(ev) if ev.kind == KeyEventKind::Release => Vec::new(),
        // Ctrl-C before any binding: whatever the settings and whatever has the keys.
        Msg::Key(ev) if crate::tui::keymap::is_interrupt(&ev) => ctrl_c(app),
        Msg::Key(ev) => {
            let action = app.keymap.lookup(&app.contexts(), &ev);
            undoing = matches!(action, Some(Action::Undo | Action::Redo));
            on_key(app, ev, action)
        }
        Msg::Paste(text) => on_paste(app, &text),
    };
    app.derive();
    if !undoing {
        app.forge
            .design
            .record(forge_before, &app.forge.powers_custom);
        (app.encounter.encounter).record(encounter_before, &app.encounter.locked);
        app.adventure.adventure.record(adventure_before, &());
    }
    cmds
}

/// A paste goes into the focused text field as one edit (the field keeps its own limit), and
/// does nothing elsewhere: pasted text must never run commands.
fn on_paste(app: &mut App, text: &str) -> Vec<Cmd> {
    let limited: String = text.chars().take(FIELD_MAX_CHARS).collect();
    match focused_field(app) {
        Some(field) => {
            field.insert_str(&limited);
            after_text_change(app);
        }
        None => app.info("Paste goes into a text field; none has focus."),
    }
    Vec::new()
}

/// Ctrl-C quits as `quit` does, asking first about unsaved work, in every context (a text
/// field, a form, a question): the settings file may give `quit` a key this terminal cannot
/// send (`F24`), and the raw terminal turns off the Ctrl-C signal, so without this the user
/// could not leave at all. While the UI already asks whether to quit, it changes nothing.
fn ctrl_c(app: &mut App) -> Vec<Cmd> {
    let asking = matches!(
        app.top(),
        Some(Layer::Confirm(
            Confirm::Unsaved(AfterLeave::Quit)
                | Confirm::UnsavedEncounter(AfterLeave::Quit)
                | Confirm::UnsavedAdventure(AfterLeave::Quit)
        ))
    );
    if asking {
        return Vec::new();
    }
    leave(app, AfterLeave::Quit)
}

/// The keys of the top layer, else the screen's, else the global ones.
fn on_key(app: &mut App, ev: KeyEvent, action: Option<Action>) -> Vec<Cmd> {
    if !app.layers.is_empty() {
        return crate::tui::layers::on_key(app, &ev, action);
    }
    let Some(action) = action else {
        return Vec::new();
    };
    let handled = match app.screen {
        Screen::Bestiary => crate::tui::screens::bestiary::on_action(app, action),
        Screen::Forge => crate::tui::screens::forge::update::on_action(app, action, &ev),
        Screen::Encounter => crate::tui::screens::encounter::update::on_action(app, action),
        Screen::Adventure => crate::tui::screens::adventure::update::on_action(app, action),
        Screen::Table => crate::tui::screens::table::update::on_action(app, action),
    };
    if let Some(cmds) = handled {
        return cmds;
    }
    global(app, action)
}

/// A key typed into the top layer's text field: `true` if it was one.
pub fn type_into_field(app: &mut App, ev: &KeyEvent, action: Option<Action>) -> bool {
    let Some(field) = focused_field(app) else {
        return false;
    };
    let edit = match (action, typed_char(ev)) {
        (Some(a), _) if app_text_action(a) => field.apply(a),
        (None, Some(c)) => field.insert(c),
        _ => return false,
    };
    if edit == crate::tui::widgets::text_field::Edit::Changed {
        after_text_change(app);
    }
    true
}

/// The text field with focus: the top layer's, or the Bestiary's search box under its layer.
fn focused_field(app: &mut App) -> Option<&mut crate::tui::widgets::text_field::TextField> {
    match app.layers.last_mut()? {
        Layer::Search => Some(&mut app.browser.query),
        other => other.text_field(),
    }
}

fn app_text_action(a: Action) -> bool {
    matches!(
        a,
        Action::CursorLeft
            | Action::CursorRight
            | Action::CursorHome
            | Action::CursorEnd
            | Action::DeleteBack
            | Action::DeleteForward
            | Action::DeleteToStart
            | Action::DeleteToEnd
            | Action::DeleteWord
    )
}

/// What typing changes at once: the search, a picker's cursor, a filter's level range.
fn after_text_change(app: &mut App) {
    match app.layers.last_mut() {
        Some(Layer::Search) => app.browser.query_changed(),
        Some(Layer::TemplatePicker(p) | Layer::MonsterPicker(p)) => p.cursor = 0,
        Some(Layer::Filter(_)) => crate::tui::layers::filter_levels_changed(app),
        _ => {}
    }
}

fn global(app: &mut App, action: Action) -> Vec<Cmd> {
    match action {
        Action::Quit => leave(app, AfterLeave::Quit),
        Action::Help => {
            let scroll = crate::tui::help::section_line(&app.keymap, app.screen.ctx());
            app.push(Layer::Help { scroll });
            Vec::new()
        }
        Action::ShowErrors => {
            if app.bestiary.errors.is_empty() {
                app.info("Every file loaded without errors.");
            } else {
                app.push(Layer::Errors { scroll: 0 });
            }
            Vec::new()
        }
        Action::ToBestiary => leave(app, AfterLeave::GoTo(Screen::Bestiary)),
        Action::ToForge => leave(app, AfterLeave::GoTo(Screen::Forge)),
        Action::ToEncounter => leave(app, AfterLeave::GoTo(Screen::Encounter)),
        Action::ToAdventure => leave(app, AfterLeave::GoTo(Screen::Adventure)),
        Action::ToTable => leave(app, AfterLeave::GoTo(Screen::Table)),
        Action::Reload => {
            app.info("Reloading every monster from disk...");
            vec![Cmd::ReloadAll]
        }
        Action::Save => match app.screen {
            Screen::Forge => crate::tui::screens::forge::update::save(app),
            Screen::Encounter => crate::tui::screens::encounter::update::save(app),
            Screen::Adventure => crate::tui::screens::adventure::update::save(app),
            Screen::Bestiary => {
                app.info("Nothing to save here: the Bestiary saves each change as you make it.");
                Vec::new()
            }
            Screen::Table => {
                app.info("Nothing to save here: the fight is saved after every change.");
                Vec::new()
            }
        },
        _ => Vec::new(),
    }
}

/// Leaves the current place, asking first about unsaved changes: the Forge's when leaving it
/// or replacing its monster, the encounter's when quitting or replacing it.
pub fn leave(app: &mut App, then: AfterLeave) -> Vec<Cmd> {
    let replaces_forge = match &then {
        AfterLeave::Quit
        | AfterLeave::Edit(_)
        | AfterLeave::EditTemplates(_)
        | AfterLeave::NewMonster
        | AfterLeave::ReplacePlaceholder(_) => true,
        AfterLeave::NewEncounter
        | AfterLeave::OpenEncounter
        | AfterLeave::OpenEncounterAt(_)
        | AfterLeave::NewAdventure
        | AfterLeave::OpenAdventure => false,
        AfterLeave::GoTo(s) => app.screen == Screen::Forge && *s != Screen::Forge,
    };
    if replaces_forge && app.forge.is_dirty() {
        app.push(Layer::Confirm(Confirm::Unsaved(then)));
        return Vec::new();
    }
    let replaces_encounter = matches!(
        then,
        AfterLeave::Quit
            | AfterLeave::NewEncounter
            | AfterLeave::OpenEncounter
            | AfterLeave::OpenEncounterAt(_)
    );
    if replaces_encounter && app.encounter.is_dirty() {
        app.push(Layer::Confirm(Confirm::UnsavedEncounter(then)));
        return Vec::new();
    }
    let replaces_adventure = matches!(
        then,
        AfterLeave::Quit | AfterLeave::NewAdventure | AfterLeave::OpenAdventure
    );
    if replaces_adventure && app.adventure.is_dirty() {
        app.push(Layer::Confirm(Confirm::UnsavedAdventure(then)));
        return Vec::new();
    }
    proceed(app, then)
}

/// Does what `leave` was asked, unconditionally.
pub fn proceed(app: &mut App, then: AfterLeave) -> Vec<Cmd> {
    match then {
        AfterLeave::Quit => app.quit = true,
        // The adventure's encounters may have been changed and saved elsewhere: read again.
        AfterLeave::GoTo(Screen::Adventure) => {
            app.screen = Screen::Adventure;
            return vec![crate::tui::screens::adventure::update::reload_cmd(
                &app.adventure,
            )];
        }
        // The fight may have been changed by `lairsmith fight` in another terminal: read again.
        AfterLeave::GoTo(Screen::Table) => {
            app.screen = Screen::Table;
            return vec![crate::tui::screens::table::update::refresh(&app.table)];
        }
        AfterLeave::GoTo(s) => app.screen = s,
        AfterLeave::Edit(id) => crate::tui::screens::forge::update::open_for_edit(app, &id),
        AfterLeave::EditTemplates(id) => {
            crate::tui::screens::forge::update::open_for_edit(app, &id);
            if app.screen == Screen::Forge {
                app.forge.go_to(crate::tui::screens::forge::Step::Templates);
            }
        }
        AfterLeave::NewEncounter => {
            crate::tui::screens::encounter::update::reset(app);
            app.screen = Screen::Encounter;
        }
        AfterLeave::OpenEncounter => return vec![Cmd::ListEncounters],
        AfterLeave::NewMonster => {
            app.forge = Forge::new_monster();
            app.screen = Screen::Forge;
        }
        AfterLeave::NewAdventure => {
            crate::tui::screens::adventure::update::reset(app);
            app.screen = Screen::Adventure;
        }
        AfterLeave::OpenAdventure => return vec![Cmd::ListAdventures],
        AfterLeave::OpenEncounterAt(path) => {
            // The encounter's treasure under the adventure's method and seed, as its sheet in
            // the adventure gives it for a first play.
            let a = &app.adventure.adventure;
            app.encounter.treasure = a.treasure;
            app.encounter.treasure_seed = a.seed.unwrap_or(0);
            app.screen = Screen::Encounter;
            return vec![Cmd::LoadEncounter { path }];
        }
        AfterLeave::ReplacePlaceholder(i) => {
            crate::tui::screens::encounter::update::design_placeholder(app, i)
        }
    }
    Vec::new()
}
