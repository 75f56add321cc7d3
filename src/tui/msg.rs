//! What flows into `update` (messages) and out of it (effects: commands for the executor, or
//! leaving for another place), and what the executor reports back. A command carries whose it
//! is and what is to happen once it is done, and its outcome carries them back: nothing waits
//! on the side for a later message.

use crate::tui::layer::FilesFor;
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::monster::MonsterDesign;
use lairsmith_core::store::Fingerprint;
use ratatui::crossterm::event::KeyEvent;
use std::path::PathBuf;

#[derive(Debug)]
pub enum Msg {
    Key(KeyEvent),
    /// Text pasted into the terminal (bracketed paste), delivered as one message.
    Paste(String),
    Resize(u16, u16),
    /// About a second has passed: status messages age.
    Tick,
    Done(Box<Outcome>),
    /// A command has been running long enough to say so (`Some`), or none runs any more.
    Running(Option<Running>),
    /// A read the user cancelled (Esc, or Ctrl-C on the way out): its result, if it ever
    /// comes, is dropped.
    Cancelled(Box<Cmd>),
}

/// What the status line says while a command runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Running {
    /// What it does, from [`Cmd::doing`]: "reading the saved fights".
    pub doing: String,
    /// It changes files, so it is never cut short: Esc cannot cancel it.
    pub writes: bool,
    /// Ctrl-C came while it ran: the UI quits (or asks, as Ctrl-C does) once it is done.
    pub quitting: bool,
}

/// What a screen's handler asks of the app beyond its own state.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// File work for the executor.
    Run(Cmd),
    /// Leave the current place for another, asking first about unsaved work.
    Leave(AfterLeave),
    /// Another screen's part in the change, which `update` carries out.
    Across(Across),
}

/// What one screen's change asks of another screen: a screen names no other screen, so
/// `update` does it.
#[derive(Debug, Clone, PartialEq)]
pub enum Across {
    /// The Bestiary's filter form, which the Encounter screen's picker and generator share.
    OpenFilters,
    /// The Table screen's question before a fight starts from the saved encounter at the path.
    StartFight(PathBuf),
    /// The Forge saved a monster: the Bestiary lists it, and the Encounter's placeholder it was
    /// designed for (if any) becomes it.
    MonsterSaved {
        design: Box<MonsterDesign>,
        path: PathBuf,
        fingerprint: Fingerprint,
    },
    /// A monster opened in the Forge as its file has it, without asking about the Forge's work
    /// (the GM chose to drop it).
    OpenInForge(String),
}

impl From<Cmd> for Effect {
    fn from(cmd: Cmd) -> Effect {
        Effect::Run(cmd)
    }
}

/// Where to go once unsaved changes are dealt with.
#[derive(Debug, Clone, PartialEq)]
pub enum AfterLeave {
    Quit,
    GoTo(crate::tui::shell::Screen),
    Edit(String),
    /// Edit a monster in the Forge, starting at its Templates step.
    EditTemplates(String),
    NewMonster,
    /// A fresh encounter on the Encounter screen.
    NewEncounter,
    /// The list of saved encounters, to open one.
    OpenEncounter,
    /// A monster of the Encounter screen's placeholder, designed in the Forge.
    ReplacePlaceholder(usize),
    /// A fresh adventure on the Adventure screen.
    NewAdventure,
    /// The list of saved adventures, to open one.
    OpenAdventure,
    /// A saved encounter of the adventure, opened on the Encounter screen.
    OpenEncounterAt(PathBuf),
    /// The list of the Forge's drafts, to take one up again.
    OpenDraft,
}

impl AfterLeave {
    /// What leaving does, for a question: "Save them before quitting?".
    pub fn describe(&self) -> String {
        match self {
            AfterLeave::Quit => "quitting".into(),
            AfterLeave::GoTo(s) => format!("going to the {}", s.title()),
            AfterLeave::Edit(id) | AfterLeave::EditTemplates(id) => format!("opening {id}"),
            AfterLeave::NewMonster => "starting a new monster".into(),
            AfterLeave::NewEncounter => "starting a new encounter".into(),
            AfterLeave::OpenEncounter => "opening another encounter".into(),
            AfterLeave::ReplacePlaceholder(_) => "designing the placeholder's monster".into(),
            AfterLeave::NewAdventure => "starting a new adventure".into(),
            AfterLeave::OpenAdventure => "opening another adventure".into(),
            AfterLeave::OpenEncounterAt(p) => format!(
                "opening {}",
                p.file_stem().unwrap_or_default().to_string_lossy()
            ),
            AfterLeave::OpenDraft => "opening a draft".into(),
        }
    }
}

/// Whose party form a command is for: the Encounter or the Adventure screen's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    Encounter,
    Adventure,
}

/// Side effects, carried out by the executor (`exec`, which hands each screen's job to the
/// screen's own `job::run`): the only place the UI touches files.
#[derive(Debug, Clone, PartialEq)]
pub enum Cmd {
    /// The Bestiary screen's file work.
    Bestiary(crate::tui::screens::bestiary::job::Job),
    /// The Forge's file work.
    Forge(crate::tui::screens::forge::job::Job),
    /// The Encounter screen's file work.
    Encounter(crate::tui::screens::encounter::job::Job),
    /// The Adventure screen's file work.
    Adventure(crate::tui::screens::adventure::job::Job),
    /// The Table screen's file work.
    Fight(crate::tui::screens::table::Job),
    /// The party form's file work (the Encounter and the Adventure screens').
    Party(crate::tui::screens::party::job::Job),
    /// An export any screen makes.
    Export(crate::tui::export::Job),
    OpenEditor {
        path: PathBuf,
    },
    /// Every monster read again; then `reopen` (a monster whose file changed on disk) opens in
    /// the Forge as the file has it.
    ReloadAll {
        reopen: Option<String>,
    },
    /// Saved files (encounters, adventures or drafts) to choose one from, read with what
    /// each holds.
    ListFiles(crate::tui::layer::FilesFor),
    /// What the UI remembers for the next session changed: these fields, into the state file.
    Remember(lairsmith_core::session::Remembered),
    /// The design of the monster `id`, listed from `path`, read for the screens that show it.
    ReadDesign {
        id: String,
        path: PathBuf,
    },
}

/// A file's name for the status line: "`ford.yaml`".
pub fn quoted_file(p: &std::path::Path) -> String {
    let name = p.file_name().unwrap_or(p.as_os_str()).to_string_lossy();
    format!("`{}`", lairsmith_core::text::escape_controls(&name))
}

/// A file's name without its extension, for the status line: "`ford`".
pub fn quoted_stem(p: &std::path::Path) -> String {
    let name = p.file_stem().unwrap_or(p.as_os_str()).to_string_lossy();
    format!("`{}`", lairsmith_core::text::escape_controls(&name))
}

/// An id for the status line: "`lanterns`".
pub fn quoted_id(id: &str) -> String {
    format!("`{}`", lairsmith_core::text::escape_controls(id))
}

impl Running {
    /// The status line's sentence: what runs, and what Esc and Ctrl-C do about it.
    pub fn words(&self) -> String {
        let mut doing = self.doing.clone();
        if let Some(first) = doing.get(..1) {
            doing.replace_range(..1, &first.to_uppercase());
        }
        match (self.writes, self.quitting) {
            (false, _) => format!("{doing}... Esc cancels."),
            (true, false) => {
                format!("{doing}... A write is never cut short: Esc cannot cancel it.")
            }
            (true, true) => {
                format!("{doing}... Quitting once it is done (Ctrl-C again quits without waiting).")
            }
        }
    }
}

impl Cmd {
    /// Whether the command changes a file. Every other command only reads, so it can be
    /// cancelled by dropping its result; a write cannot be half cancelled.
    pub fn writes(&self) -> bool {
        match self {
            Cmd::Bestiary(job) => job.writes(),
            Cmd::Forge(job) => job.writes(),
            Cmd::Encounter(job) => job.writes(),
            Cmd::Adventure(job) => job.writes(),
            Cmd::Fight(job) => job.writes(),
            Cmd::Party(job) => job.writes(),
            Cmd::ReloadAll { .. } | Cmd::ListFiles(_) | Cmd::ReadDesign { .. } => false,
            Cmd::Export(_) | Cmd::OpenEditor { .. } | Cmd::Remember(_) => true,
        }
    }

    /// What the command does, for the status line: "reading the fight `ford`".
    pub fn doing(&self) -> String {
        match self {
            Cmd::Bestiary(job) => job.doing(),
            Cmd::Forge(job) => job.doing(),
            Cmd::Encounter(job) => job.doing(),
            Cmd::Adventure(job) => job.doing(),
            Cmd::Fight(job) => job.doing(),
            Cmd::Party(job) => job.doing(),
            Cmd::Export(job) => job.doing(),
            Cmd::OpenEditor { path } => format!("editing {}", quoted_file(path)),
            Cmd::ReloadAll { .. } => "reading every monster".to_owned(),
            Cmd::ListFiles(purpose) => match purpose {
                FilesFor::OpenEncounter | FilesFor::AddEncounter => {
                    "reading the saved encounters".to_owned()
                }
                FilesFor::OpenAdventure => "reading the saved adventures".to_owned(),
                FilesFor::OpenDraft => "reading the drafts".to_owned(),
            },
            Cmd::Remember(_) => "remembering this session".to_owned(),
            Cmd::ReadDesign { id, .. } => format!("reading the monster {}", quoted_id(id)),
        }
    }
}

/// What the executor reports back: a screen's job's result to that screen, or a shared
/// command's.
#[derive(Debug)]
pub enum Outcome {
    Bestiary(crate::tui::screens::bestiary::job::Done),
    Forge(crate::tui::screens::forge::job::Done),
    Encounter(crate::tui::screens::encounter::job::Done),
    Adventure(crate::tui::screens::adventure::job::Done),
    /// For the Table screen.
    Fight(crate::tui::screens::table::Done),
    Party(crate::tui::screens::party::job::Done),
    Export(crate::tui::export::Done),
    /// A command with nothing to report.
    Nothing,
    /// The editor closed; the file was read back (or could not be).
    Edited {
        path: PathBuf,
        result: Result<Box<(MonsterDesign, Fingerprint)>, String>,
    },
    Reloaded {
        bestiary: Box<Bestiary>,
        reopen: Option<String>,
    },
    /// The first full load, finished in the background.
    Loaded(Box<Bestiary>),
    /// A monster's design read for the screens that show it.
    DesignRead {
        id: String,
        path: PathBuf,
        read: crate::tui::designs::Read,
    },
    /// Saved files for a list to choose from, as read.
    Files {
        purpose: FilesFor,
        result: Result<crate::tui::files::Found, String>,
    },
}
