//! The application model, its messages and commands, and the top-level update. `update` is
//! pure: it changes the model and returns commands; file I/O happens in `exec`, whose results
//! come back as messages.

use crate::bestiary::{Bestiary, Entry};
use crate::monster::MonsterDesign;
use crate::store::{Expect, Fingerprint};
use crate::tui::keymap::{self, Action, Ctx};
use crate::tui::screens::bestiary::Browser;
use crate::tui::screens::encounter::EncounterScreen;
use crate::tui::screens::forge::Forge;
use crate::tui::widgets::text_field::TextField;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::path::PathBuf;

/// The three screens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Bestiary,
    Forge,
    Encounter,
}

impl Screen {
    pub const ALL: [Screen; 3] = [Screen::Bestiary, Screen::Forge, Screen::Encounter];
    pub fn title(self) -> &'static str {
        match self {
            Screen::Bestiary => "Bestiary",
            Screen::Forge => "Forge",
            Screen::Encounter => "Encounter",
        }
    }
}

/// A line for the status bar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    Info(String),
    Error(String),
}

/// Where files go.
#[derive(Debug, Clone, PartialEq)]
pub struct Paths {
    pub root: PathBuf,
    pub bestiary: PathBuf,
    pub encounters: PathBuf,
    pub parties: PathBuf,
    /// Where an export's file name is taken from when the user gives a relative one: the
    /// working directory lairsmith was started in. Prompts show the whole path.
    pub exports: PathBuf,
}

/// What to do once unsaved changes are dealt with.
#[derive(Debug, Clone, PartialEq)]
pub enum AfterLeave {
    Quit,
    GoTo(Screen),
    Edit(String),
    NewMonster,
    /// A fresh encounter on the Encounter screen.
    NewEncounter,
}

/// A question with one-key answers.
#[derive(Debug, Clone, PartialEq)]
pub enum Confirm {
    /// The Forge has unsaved changes: y save, n discard, Esc cancel.
    Unsaved(AfterLeave),
    /// The encounter has unsaved changes.
    UnsavedEncounter(AfterLeave),
    /// Delete one of the user's monsters: y / n.
    Delete { id: String, path: PathBuf },
    /// A file to export to exists: y overwrite / n.
    Overwrite { path: PathBuf, contents: String },
    /// The file changed on disk since it was loaded: r reload, c save as a copy, Esc cancel.
    ChangedOnDisk { path: PathBuf },
}

/// What a one-line prompt is for.
#[derive(Debug, Clone, PartialEq)]
pub enum PromptKind {
    ExportMarkdown { id: String },
    ExportYaml { id: String },
    ExportEncounter,
    SaveEncounterAs,
}

/// The re-level dialog: a level and optionally a new rank and role.
#[derive(Debug, Clone, PartialEq)]
pub struct RelevelForm {
    pub id: String,
    pub level: TextField,
    /// 0 keeps the current rank, otherwise Rank::ALL[i - 1].
    pub rank: usize,
    pub role: usize,
    pub row: usize,
}

/// A modal layer over the screen.
#[derive(Debug, Clone, PartialEq)]
pub enum Overlay {
    Help {
        scroll: u16,
    },
    Errors {
        scroll: u16,
    },
    Confirm(Confirm),
    Prompt {
        kind: PromptKind,
        title: String,
        field: TextField,
    },
    Relevel(RelevelForm),
}

/// Why a file is being written, so the result can be applied.
#[derive(Debug, Clone, PartialEq)]
pub enum WritePurpose {
    /// A monster from the Forge (or a duplicate / re-level from the Bestiary).
    Monster {
        design: Box<MonsterDesign>,
        from_forge: bool,
    },
    /// An export the user asked for.
    Export,
    /// The encounter of the Encounter screen.
    Encounter,
}

/// Side effects, carried out by `exec`.
#[derive(Debug, Clone, PartialEq)]
pub enum Cmd {
    Write {
        path: PathBuf,
        contents: String,
        expect: Expect,
        purpose: WritePurpose,
    },
    /// Move one of the user's monsters to the trash.
    Remove {
        path: PathBuf,
        id: String,
    },
    /// Put a monster back from the trash.
    Restore {
        id: String,
    },
    OpenEditor {
        path: PathBuf,
    },
    ReloadAll,
    LoadEncounter {
        path: PathBuf,
    },
    /// A saved party, by id, for the Encounter screen.
    LoadParty {
        id: String,
    },
}

/// What `exec` reports back.
#[derive(Debug)]
pub enum Outcome {
    /// A command with nothing to report.
    Nothing,
    Written {
        path: PathBuf,
        fingerprint: Fingerprint,
        purpose: WritePurpose,
    },
    WriteFailed {
        path: PathBuf,
        message: String,
        changed_on_disk: bool,
        exists: bool,
        purpose: WritePurpose,
    },
    Removed {
        id: String,
        path: PathBuf,
    },
    RemoveFailed {
        message: String,
    },
    Restored {
        id: String,
        result: Result<Box<(MonsterDesign, Fingerprint, PathBuf)>, String>,
    },
    /// The editor closed; the file was read back (or could not be).
    Edited {
        path: PathBuf,
        result: Result<Box<(MonsterDesign, Fingerprint)>, String>,
    },
    Reloaded(Box<Bestiary>),
    /// The first full load, finished in the background.
    Loaded(Box<Bestiary>),
    PartyLoaded {
        id: String,
        result: Result<crate::encounter::Party, String>,
    },
    EncounterLoaded {
        path: PathBuf,
        result: Result<
            (
                crate::encounter::Encounter,
                crate::encounter::Party,
                Fingerprint,
            ),
            String,
        >,
    },
}

#[derive(Debug)]
pub enum Msg {
    Key(KeyEvent),
    /// Text pasted into the terminal (bracketed paste), delivered as one message.
    Paste(String),
    Resize(u16, u16),
    Done(Box<Outcome>),
}

/// The whole UI state.
pub struct App {
    pub screen: Screen,
    pub bestiary: Bestiary,
    pub paths: Paths,
    pub browser: Browser,
    pub forge: Forge,
    pub encounter: EncounterScreen,
    pub overlay: Option<Overlay>,
    pub status: Option<Status>,
    /// Set when a save was asked for on the way out; done once the save succeeds.
    pub after_save: Option<AfterLeave>,
    /// The user's bestiary is still loading in the background.
    pub loading: bool,
    /// A monster to re-open in the Forge once a reload finishes.
    pub pending_reopen: Option<String>,
    /// The monsters deleted (moved to the trash) in this session, last one last: `U` restores.
    pub deleted: Vec<String>,
    pub quit: bool,
}

impl App {
    pub fn new(bestiary: Bestiary, paths: Paths) -> App {
        let browser = Browser::new(&bestiary);
        let status = if bestiary.errors.is_empty() {
            Some(Status::Info(format!(
                "{} monsters loaded. Press ? for every key.",
                bestiary.entries.len()
            )))
        } else {
            Some(Status::Error(format!(
                "{} file(s) could not be read; press ! to see which. The rest loaded.",
                bestiary.errors.len()
            )))
        };
        App {
            screen: Screen::Bestiary,
            forge: Forge::new_monster(),
            encounter: EncounterScreen::new(),
            bestiary,
            paths,
            browser,
            overlay: None,
            status,
            after_save: None,
            pending_reopen: None,
            deleted: Vec::new(),
            loading: false,
            quit: false,
        }
    }

    pub fn info(&mut self, s: impl Into<String>) {
        self.status = Some(Status::Info(s.into()));
    }

    pub fn error(&mut self, s: impl Into<String>) {
        self.status = Some(Status::Error(s.into()));
    }

    /// The contexts whose keys apply now, most specific first.
    pub fn contexts(&self) -> Vec<Ctx> {
        if let Some(o) = &self.overlay {
            return match o {
                Overlay::Prompt { .. } => vec![Ctx::Text, Ctx::Dialog],
                Overlay::Relevel(f) if f.row == 0 => vec![Ctx::Text, Ctx::Dialog],
                _ => vec![Ctx::Dialog],
            };
        }
        match self.screen {
            Screen::Bestiary => {
                if self.browser.search_focused {
                    vec![Ctx::Search, Ctx::Text]
                } else if self.browser.filter_form.is_some() {
                    vec![Ctx::Dialog]
                } else {
                    vec![Ctx::Bestiary, Ctx::Global]
                }
            }
            Screen::Forge => self.forge.contexts(),
            Screen::Encounter => self.encounter.contexts(),
        }
    }

    pub fn entry(&self, id: &str) -> Option<&Entry> {
        self.bestiary.get(id)
    }
}

/// The one update function.
pub fn update(app: &mut App, msg: Msg) -> Vec<Cmd> {
    match msg {
        Msg::Resize(..) => Vec::new(),
        Msg::Done(outcome) => crate::tui::outcome::apply(app, *outcome),
        Msg::Key(ev) if ev.kind == KeyEventKind::Release => Vec::new(),
        Msg::Key(ev) => on_key(app, ev),
        Msg::Paste(text) => on_paste(app, &text),
    }
}

/// A paste types its text into the field that has focus, and does nothing elsewhere: pasted
/// text must never run commands. Line breaks become spaces; only as much as the longest field
/// holds is typed, and each field keeps its own limit, so a huge paste costs little.
fn on_paste(app: &mut App, text: &str) -> Vec<Cmd> {
    let contexts = app.contexts();
    if !contexts.contains(&Ctx::Text) && !contexts.contains(&Ctx::Search) {
        return Vec::new();
    }
    let mut cmds = Vec::new();
    let typed = text
        .chars()
        .map(|c| {
            if c == '\n' || c == '\r' || c == '\t' {
                ' '
            } else {
                c
            }
        })
        .filter(|c| !c.is_control())
        .take(crate::tui::widgets::text_field::FIELD_MAX_CHARS);
    for c in typed {
        let ev = KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
        cmds.extend(on_key(app, ev));
    }
    cmds
}

fn on_key(app: &mut App, ev: KeyEvent) -> Vec<Cmd> {
    if app.overlay.is_some() {
        return crate::tui::overlays::on_key(app, ev);
    }
    // Screen-level handling first: text fields take every printable key.
    let handled = match app.screen {
        Screen::Bestiary => crate::tui::screens::bestiary::on_key(app, &ev),
        Screen::Forge => crate::tui::screens::forge::on_key(app, &ev),
        Screen::Encounter => crate::tui::screens::encounter::on_key(app, &ev),
    };
    if let Some(cmds) = handled {
        return cmds;
    }
    match keymap::lookup(&[Ctx::Global], &ev) {
        Some(Action::Quit) => leave(app, AfterLeave::Quit),
        Some(Action::Help) => {
            app.overlay = Some(Overlay::Help { scroll: 0 });
            Vec::new()
        }
        Some(Action::ShowErrors) => {
            if app.bestiary.errors.is_empty() {
                app.info("Every file loaded without errors.");
            } else {
                app.overlay = Some(Overlay::Errors { scroll: 0 });
            }
            Vec::new()
        }
        Some(Action::ToBestiary) => leave(app, AfterLeave::GoTo(Screen::Bestiary)),
        Some(Action::ToForge) => leave(app, AfterLeave::GoTo(Screen::Forge)),
        Some(Action::ToEncounter) => leave(app, AfterLeave::GoTo(Screen::Encounter)),
        Some(Action::Reload) => {
            app.info("Reloading every monster from disk...");
            vec![Cmd::ReloadAll]
        }
        _ => Vec::new(),
    }
}

/// Leaves the current place, asking first about unsaved changes: the Forge's when leaving it
/// (or replacing its monster), the encounter's when quitting.
pub fn leave(app: &mut App, then: AfterLeave) -> Vec<Cmd> {
    let replaces_forge = match &then {
        AfterLeave::Quit | AfterLeave::Edit(_) | AfterLeave::NewMonster => true,
        AfterLeave::NewEncounter => false,
        AfterLeave::GoTo(s) => app.screen == Screen::Forge && *s != Screen::Forge,
    };
    if replaces_forge && app.forge.is_dirty() {
        app.overlay = Some(Overlay::Confirm(Confirm::Unsaved(then)));
        return Vec::new();
    }
    if then == AfterLeave::Quit && app.encounter.is_dirty() {
        app.overlay = Some(Overlay::Confirm(Confirm::UnsavedEncounter(then)));
        return Vec::new();
    }
    proceed(app, then)
}

/// Does what `leave` was asked, unconditionally.
pub fn proceed(app: &mut App, then: AfterLeave) -> Vec<Cmd> {
    match then {
        AfterLeave::Quit => app.quit = true,
        AfterLeave::GoTo(s) => {
            app.screen = s;
            if s == Screen::Encounter {
                app.encounter.refresh(&app.bestiary);
            }
        }
        AfterLeave::Edit(id) => crate::tui::screens::forge::open_for_edit(app, &id),
        AfterLeave::NewEncounter => {
            crate::tui::screens::encounter::reset(app);
            app.screen = Screen::Encounter;
        }
        AfterLeave::NewMonster => {
            app.forge = Forge::new_monster();
            app.screen = Screen::Forge;
        }
    }
    Vec::new()
}
