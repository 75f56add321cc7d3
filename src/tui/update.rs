//! The one update function. `update` is pure: it changes the model and returns commands; file
//! I/O happens in the executor, whose results come back as messages. It routes: a key to the
//! top layer or the screen, an outcome to the screen whose command it was; what they return as
//! effects (leaving for another place) is carried out here. After every message the derived
//! state is recomputed and each document that changed records its old value in its history.

use crate::tui::app::{AfterLeave, App, Cmd, Msg, Screen};
use crate::tui::keymap::{Action, typed_char};
use crate::tui::layer::{Confirm, FilesFor, Layer};
use crate::tui::msg::{Across, Effect, Outcome};
use crate::tui::screens::forge::Forge;
use crate::tui::screens::{adventure, bestiary, encounter, forge};
use crate::tui::widgets::text_field::FIELD_MAX_CHARS;
use ratatui::crossterm::event::{KeyEvent, KeyEventKind};

pub fn update(app: &mut App, msg: Msg) -> Vec<Cmd> {
    let forge_before = app.forge.design.snapshot(&app.forge.powers_custom);
    let encounter_before = app.encounter.encounter.snapshot(&app.encounter.aside());
    let adventure_before = (app.adventure.adventure).snapshot(&app.adventure.party_files.last);
    let mut undoing = false;
    let cmds = match msg {
        Msg::Resize(w, h) => {
            app.shell.viewport = (w, h);
            Vec::new()
        }
        Msg::Tick => {
            if let Some(s) = app.shell.status.as_mut() {
                s.ttl = s.ttl.saturating_sub(1);
                if s.ttl == 0 {
                    app.shell.status = None;
                }
            }
            Vec::new()
        }
        Msg::Done(outcome) => {
            let effects = on_outcome(app, *outcome);
            carry_out(app, effects)
        }
        Msg::Running(running) => {
            app.shell.running = running;
            Vec::new()
        }
        Msg::Cancelled(cmd) => {
            app.shell.info(format!("Cancelled: {}.", cmd.doing()));
            match *cmd {
                Cmd::Fight(job) => crate::tui::screens::table::on_cancelled(&mut app.table, &job),
                Cmd::ReadDesign { path, .. } => app.shell.designs.cancelled(&path),
                _ => {}
            }
            Vec::new()
        }
        Msg::Key(ev) if ev.kind == KeyEventKind::Release => Vec::new(),
        // Ctrl-C before any binding: whatever the settings and whatever has the keys.
        Msg::Key(ev) if crate::tui::keymap::is_interrupt(&ev) => ctrl_c(app),
        Msg::Key(ev) => {
            let action = app.shell.keymap.lookup(&app.contexts(), &ev);
            undoing = matches!(action, Some(Action::Undo | Action::Redo));
            let effects = on_key(app, ev, action);
            carry_out(app, effects)
        }
        Msg::Paste(text) => on_paste(app, &text),
    };
    app.derive();
    if undoing {
        app.forge.design.disarm();
        app.encounter.encounter.disarm();
        app.adventure.adventure.disarm();
    } else {
        app.forge
            .design
            .record(forge_before, &app.forge.powers_custom);
        (app.encounter.encounter).record(encounter_before, &app.encounter.aside());
        (app.adventure.adventure).record(adventure_before, &app.adventure.party_files.last);
    }
    let mut cmds = cmds;
    let shown = shown_monsters(app);
    cmds.extend(crate::tui::designs::wanted(&mut app.shell, shown));
    cmds.extend(crate::tui::state::remember(app));
    cmds
}

/// The monsters the screens show, whose designs they want read.
fn shown_monsters(app: &App) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    ids.extend(app.browser.selected_id());
    if app.shell.screen == Screen::Encounter {
        ids.extend(app.encounter.shown_monster());
    }
    if app.shell.screen == Screen::Table {
        ids.extend(app.table.shown_monster());
    }
    ids
}

/// The commands of `effects`, leaving where they ask to.
fn carry_out(app: &mut App, effects: Vec<Effect>) -> Vec<Cmd> {
    let mut cmds = Vec::new();
    for effect in effects {
        match effect {
            Effect::Run(cmd) => cmds.push(cmd),
            Effect::Leave(then) => cmds.extend(leave(app, then)),
            Effect::Across(across) => cmds.extend(carry_out_across(app, across)),
        }
    }
    cmds
}

/// One screen's part in another's change, which a screen may not make itself.
fn carry_out_across(app: &mut App, across: Across) -> Vec<Cmd> {
    match across {
        Across::OpenFilters => bestiary::update::open_filters(&mut app.browser, &mut app.shell),
        Across::StartFight(path) => {
            crate::tui::screens::table::update::ask_start(&mut app.shell, path, "")
        }
        Across::MonsterSaved {
            design,
            path,
            fingerprint,
        } => {
            encounter::update::placeholder_designed(app, &design.id);
            bestiary::update::monster_saved(
                &mut app.browser,
                &mut app.shell,
                *design,
                path,
                fingerprint,
            );
        }
        Across::OpenInForge(id) => {
            forge::update::open_for_edit(&mut app.forge, &mut app.shell, &id)
        }
    }
    Vec::new()
}

/// What a command did, to the screen (or the exports) whose command it was; a save made on the
/// way out carries the leaving it was made for (which asks about anything else unsaved) back
/// to its screen, which returns it.
fn on_outcome(app: &mut App, outcome: Outcome) -> Vec<Effect> {
    match outcome {
        Outcome::Nothing => Vec::new(),
        Outcome::Bestiary(done) => {
            bestiary::update::on_outcome(&mut app.browser, &mut app.shell, done)
        }
        Outcome::Forge(done) => forge::update::on_outcome(&mut app.forge, &mut app.shell, done),
        Outcome::Encounter(done) => encounter::update::on_outcome(app, done),
        Outcome::Adventure(done) => adventure::update::on_outcome(app, done),
        Outcome::Fight(done) => {
            crate::tui::screens::table::on_outcome(&mut app.table, &mut app.shell, done)
        }
        // The party form is both screens'.
        Outcome::Party(done) => crate::tui::screens::party::on_outcome(app, done),
        Outcome::Export(done) => crate::tui::export::on_outcome(&mut app.shell, done),
        Outcome::DesignRead { id, path, read } => {
            crate::tui::designs::on_read(&mut app.shell, &id, path, read);
            Vec::new()
        }
        Outcome::Files { purpose, result } => {
            crate::tui::layers::offer_files(app, purpose, result);
            Vec::new()
        }
        shared @ (Outcome::Edited { .. } | Outcome::Reloaded { .. } | Outcome::Loaded(_)) => {
            bestiary::update::on_read(&mut app.browser, &mut app.shell, shared)
        }
    }
}

/// A paste goes into the focused text field as one edit (the field keeps its own limit), and
/// does nothing elsewhere: pasted text must never run commands.
fn on_paste(app: &mut App, text: &str) -> Vec<Cmd> {
    // Notes keep the paste's line breaks, up to their own limit.
    if let Some(Layer::Editor(e)) = app.shell.layers.last_mut() {
        e.area.insert_str(text);
        return Vec::new();
    }
    let limited: String = text.chars().take(FIELD_MAX_CHARS).collect();
    match focused_field(app) {
        Some(field) => {
            field.insert_str(&limited);
            after_text_change(app);
        }
        None => app
            .shell
            .info("Paste goes into a text field; none has focus."),
    }
    Vec::new()
}

/// Ctrl-C quits as `quit` does, asking first about unsaved work, in every context (a text
/// field, a form, a question): the settings file may give `quit` a key this terminal cannot
/// send (`F24`), and the raw terminal turns off the Ctrl-C signal, so without this the user
/// could not leave at all. While the UI already asks whether to quit, it changes nothing.
fn ctrl_c(app: &mut App) -> Vec<Cmd> {
    let asking = matches!(app.shell.top(), Some(Layer::Confirm(c)) if c.leaving_for() == Some(&AfterLeave::Quit));
    if asking {
        return Vec::new();
    }
    leave(app, AfterLeave::Quit)
}

/// The keys of the top layer, else the screen's, else the global ones.
fn on_key(app: &mut App, ev: KeyEvent, action: Option<Action>) -> Vec<Effect> {
    if !app.shell.layers.is_empty() {
        return crate::tui::layers::on_key(app, &ev, action);
    }
    let Some(action) = action else {
        return Vec::new();
    };
    let handled = match app.shell.screen {
        Screen::Bestiary => bestiary::update::on_action(&mut app.browser, &mut app.shell, action),
        Screen::Forge => forge::update::on_action(&mut app.forge, &mut app.shell, action, &ev),
        Screen::Encounter => encounter::update::on_action(app, action),
        Screen::Adventure => adventure::update::on_action(app, action),
        Screen::Table => {
            crate::tui::screens::table::update::on_action(&mut app.table, &mut app.shell, action)
        }
    };
    handled.unwrap_or_else(|| global(app, action))
}

/// A key typed into the top layer's text field: `true` if it was one.
pub fn type_into_field(app: &mut App, ev: &KeyEvent, action: Option<Action>) -> bool {
    if let Some(Layer::Editor(e)) = app.shell.layers.last_mut() {
        let width = crate::tui::widgets::text_area::EDITOR_TEXT_COLUMNS;
        match (action, typed_char(ev)) {
            (Some(a), _)
                if app_text_action(a)
                    || matches!(a, Action::Up | Action::Down | Action::NewLine) =>
            {
                e.area.apply(a, width);
            }
            (None, Some(c)) => {
                e.area.insert(c);
            }
            _ => return false,
        }
        return true;
    }
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
    match app.shell.layers.last_mut()? {
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
    match app.shell.layers.last_mut() {
        Some(Layer::Search) => app.browser.query_changed(),
        Some(Layer::Forge(d)) => d.after_text_change(),
        Some(Layer::Encounter(d)) => d.after_text_change(),
        Some(Layer::Bestiary(_)) => {
            bestiary::dialog::after_text_change(&mut app.browser, &mut app.shell)
        }
        _ => {}
    }
}

/// The keys no screen took.
fn global(app: &mut App, action: Action) -> Vec<Effect> {
    match action {
        Action::Quit => return vec![Effect::Leave(AfterLeave::Quit)],
        Action::Help => {
            let scroll = crate::tui::help::section_line(&app.shell.keymap, app.shell.screen.ctx());
            app.shell.push(Layer::Help { scroll });
        }
        Action::ShowErrors => {
            if app.shell.bestiary.errors.is_empty() {
                app.shell.info("Every file loaded without errors.");
            } else {
                app.shell.push(Layer::Errors { scroll: 0 });
            }
        }
        Action::ToBestiary => return vec![Effect::Leave(AfterLeave::GoTo(Screen::Bestiary))],
        Action::ToForge => return vec![Effect::Leave(AfterLeave::GoTo(Screen::Forge))],
        Action::ToEncounter => return vec![Effect::Leave(AfterLeave::GoTo(Screen::Encounter))],
        Action::ToAdventure => return vec![Effect::Leave(AfterLeave::GoTo(Screen::Adventure))],
        Action::ToTable => return vec![Effect::Leave(AfterLeave::GoTo(Screen::Table))],
        Action::Reload => {
            app.shell.info("Reloading every monster from disk...");
            return vec![Cmd::ReloadAll { reopen: None }.into()];
        }
        _ => {}
    }
    Vec::new()
}

/// Leaves the current place, asking first about unsaved changes: the Forge's when leaving it
/// or replacing its monster, the encounter's when quitting or replacing it.
fn leave(app: &mut App, then: AfterLeave) -> Vec<Cmd> {
    let replaces_forge = match &then {
        AfterLeave::Quit
        | AfterLeave::Edit(_)
        | AfterLeave::EditTemplates(_)
        | AfterLeave::NewMonster
        | AfterLeave::OpenDraft
        | AfterLeave::ReplacePlaceholder(_) => true,
        AfterLeave::NewEncounter
        | AfterLeave::OpenEncounter
        | AfterLeave::OpenEncounterAt(_)
        | AfterLeave::NewAdventure
        | AfterLeave::OpenAdventure => false,
        AfterLeave::GoTo(s) => app.shell.screen == Screen::Forge && *s != Screen::Forge,
    };
    if replaces_forge && app.forge.is_dirty() {
        app.shell
            .push(Layer::Confirm(Confirm::Forge(forge::Question::Unsaved(
                then,
            ))));
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
        app.shell.push(Layer::Confirm(Confirm::Encounter(
            encounter::Question::Unsaved(then),
        )));
        return Vec::new();
    }
    let replaces_adventure = matches!(
        then,
        AfterLeave::Quit | AfterLeave::NewAdventure | AfterLeave::OpenAdventure
    );
    if replaces_adventure && app.adventure.is_dirty() {
        app.shell.push(Layer::Confirm(Confirm::Adventure(
            adventure::Question::Unsaved(then),
        )));
        return Vec::new();
    }
    proceed(app, then)
}

/// Does what `leave` was asked, unconditionally.
fn proceed(app: &mut App, then: AfterLeave) -> Vec<Cmd> {
    match then {
        AfterLeave::Quit => app.shell.quit = true,
        // The adventure's encounters may have been changed and saved elsewhere: read again.
        AfterLeave::GoTo(Screen::Adventure) => {
            app.shell.screen = Screen::Adventure;
            return vec![adventure::update::reload_cmd(&app.adventure)];
        }
        // The fight may have been changed by `lairsmith fight` in another terminal: read again.
        AfterLeave::GoTo(Screen::Table) => {
            app.shell.screen = Screen::Table;
            return vec![crate::tui::screens::table::update::refresh(&app.table)];
        }
        AfterLeave::GoTo(s) => app.shell.screen = s,
        AfterLeave::Edit(id) => forge::update::open_for_edit(&mut app.forge, &mut app.shell, &id),
        AfterLeave::EditTemplates(id) => {
            forge::update::open_for_edit(&mut app.forge, &mut app.shell, &id);
            if app.shell.screen == Screen::Forge {
                app.forge.go_to(forge::Step::Templates);
            }
        }
        AfterLeave::NewEncounter => {
            encounter::update::reset(app);
            app.shell.screen = Screen::Encounter;
        }
        AfterLeave::OpenEncounter => return vec![Cmd::ListFiles(FilesFor::OpenEncounter)],
        AfterLeave::NewMonster => {
            app.forge = Forge::new_monster();
            app.shell.screen = Screen::Forge;
        }
        AfterLeave::NewAdventure => {
            adventure::update::reset(app);
            app.shell.screen = Screen::Adventure;
        }
        AfterLeave::OpenAdventure => return vec![Cmd::ListFiles(FilesFor::OpenAdventure)],
        AfterLeave::OpenDraft => return vec![Cmd::ListFiles(FilesFor::OpenDraft)],
        AfterLeave::OpenEncounterAt(path) => {
            // The encounter's treasure under the adventure's method and seed, as its sheet in
            // the adventure gives it for a first play.
            let a = &app.adventure.adventure;
            app.encounter.treasure = a.treasure;
            app.encounter.treasure_seed = a.seed.unwrap_or(0);
            app.shell.screen = Screen::Encounter;
            return vec![Cmd::Encounter(encounter::job::Job::Load { path })];
        }
        AfterLeave::ReplacePlaceholder(i) => {
            if let Some(d) = encounter::update::design_placeholder(app, i) {
                app.forge = Forge::with(d, None, false);
                app.shell.screen = Screen::Forge;
            }
        }
    }
    Vec::new()
}
