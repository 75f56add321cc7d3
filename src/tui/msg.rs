//! What flows into `update` (messages) and out of it (effects: commands for the executor, or
//! leaving for another place), and what the executor reports back. A command carries whose it
//! is and what is to happen once it is done, and its outcome carries them back: nothing waits
//! on the side for a later message.

use crate::tui::layer::FilesFor;
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::encounter::{Encounter, Party};
use lairsmith_core::monster::MonsterDesign;
use lairsmith_core::store::{Expect, Fingerprint};
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
    GoTo(crate::tui::app::Screen),
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

/// Who reads an outcome: a screen, or the exports any screen makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    Bestiary,
    Forge,
    Encounter,
    Adventure,
    Table,
    Export,
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
    /// The Encounter screen's party, saved under an id.
    Party { id: String },
    /// The adventure of the Adventure screen.
    Adventure,
}

/// A change to a saved party's file, asked about first: other files name the party.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartyChange {
    LevelUp,
    Remove,
}

/// Side effects, carried out by the executor (`exec`): the only place the UI touches files.
#[derive(Debug, Clone, PartialEq)]
pub enum Cmd {
    /// The Table screen's file work.
    Fight(crate::tui::screens::table::Job),
    Write {
        path: PathBuf,
        contents: String,
        expect: Expect,
        purpose: WritePurpose,
        /// For a change to one of the user's monster files: the design the file held when read.
        /// The executor then rewrites only the lines that changed where the file's layout
        /// allows (comments kept), else writes `contents`.
        base: Option<Box<lairsmith_core::monster::MonsterDesign>>,
        /// For a new file that copies one the UI read (a duplicate, a re-levelled copy, a save
        /// as a copy or under a new name): that file, whose `x-` values the copy keeps as
        /// written (or the write is refused, saying why).
        copy_of: Option<std::path::PathBuf>,
        /// Where to go once the file is written (the user saved on the way out).
        then: Option<AfterLeave>,
    },
    /// An export to a file the user named: if it exists, the executor asks back
    /// (`Outcome::ExportExists`) instead of writing.
    Export {
        path: PathBuf,
        contents: String,
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
    /// Every monster read again; then `reopen` (a monster whose file changed on disk) opens in
    /// the Forge as the file has it.
    ReloadAll {
        reopen: Option<String>,
    },
    /// Saved files (encounters, adventures or drafts) to choose one from, read with what
    /// each holds.
    ListFiles(crate::tui::layer::FilesFor),
    /// The Forge's work kept as a draft: over the draft it was taken up from (`replacing`), or
    /// as a new one; then `then`.
    KeepDraft {
        draft: Box<lairsmith_core::bestiary::drafts::Draft>,
        replacing: Option<crate::tui::document::OnDisk>,
        then: Option<AfterLeave>,
    },
    /// A draft read to take up again in the Forge, with the monster file it changes.
    LoadDraft {
        path: PathBuf,
    },
    /// A draft whose monster was saved to the bestiary, deleted.
    RemoveDraft {
        path: PathBuf,
    },
    /// A draft the GM deleted from the list, moved to the trash.
    TrashDraft {
        path: PathBuf,
    },
    LoadEncounter {
        path: PathBuf,
    },
    /// A party typed into the Encounter or the Adventure screen's prompt (`owner`'s) that may
    /// name a saved party: the saved party when there is one, else the text as a spec.
    LoadParty {
        text: String,
        owner: Owner,
    },
    /// Which saved encounters and adventures name a saved party, before a key changes its file.
    PartyUsers {
        id: String,
        change: PartyChange,
    },
    /// Every member of a saved party one level up, in its file.
    LevelUpParty {
        id: String,
    },
    /// A saved party's file to the trash.
    RemoveParty {
        id: String,
    },
    /// A saved party read for the party form (`owner`'s), with its file's fingerprint.
    ReadPartyNumbers {
        id: String,
        owner: Owner,
    },
    /// Every member's numbers written to a saved party's file if it still is as read (`seen`):
    /// the party form's, or an undo's or a redo's (`step`).
    SetPartyNumbers {
        id: String,
        owner: Owner,
        seen: Fingerprint,
        members: Vec<lairsmith_core::encounter::Member>,
        step: crate::tui::screens::party::Step,
    },
    LoadAdventure {
        path: PathBuf,
    },
    /// The encounters an adventure lists (by id) and its saved party, read for rating.
    LoadAdventureParts {
        ids: Vec<String>,
        party: Option<String>,
    },
    /// What the UI remembers for the next session changed: these fields, into the state file.
    Remember(crate::tui::state::Remembered),
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
        use crate::tui::screens::table::Job;
        match self {
            Cmd::Fight(Job::Lobby | Job::Load { .. })
            | Cmd::ReloadAll { .. }
            | Cmd::ListFiles(_)
            | Cmd::LoadDraft { .. }
            | Cmd::LoadEncounter { .. }
            | Cmd::LoadParty { .. }
            | Cmd::ReadPartyNumbers { .. }
            | Cmd::PartyUsers { .. }
            | Cmd::LoadAdventure { .. }
            | Cmd::LoadAdventureParts { .. } => false,
            Cmd::Fight(_)
            | Cmd::Write { .. }
            | Cmd::Export { .. }
            | Cmd::Remove { .. }
            | Cmd::Restore { .. }
            | Cmd::OpenEditor { .. }
            | Cmd::KeepDraft { .. }
            | Cmd::RemoveDraft { .. }
            | Cmd::TrashDraft { .. }
            | Cmd::LevelUpParty { .. }
            | Cmd::RemoveParty { .. }
            | Cmd::SetPartyNumbers { .. }
            | Cmd::Remember(_) => true,
        }
    }

    /// What the command does, for the status line: "reading the fight `ford`".
    pub fn doing(&self) -> String {
        use crate::tui::screens::table::Job;
        let file = |p: &std::path::Path| {
            let name = p.file_name().unwrap_or(p.as_os_str()).to_string_lossy();
            format!("`{}`", lairsmith_core::text::escape_controls(&name))
        };
        let stem = |p: &std::path::Path| {
            let name = p.file_stem().unwrap_or(p.as_os_str()).to_string_lossy();
            format!("`{}`", lairsmith_core::text::escape_controls(&name))
        };
        let id = |id: &str| format!("`{}`", lairsmith_core::text::escape_controls(id));
        match self {
            Cmd::Fight(job) => match job {
                Job::Lobby => "reading the saved fights".to_owned(),
                Job::Load { path } => format!("reading the fight {}", stem(path)),
                Job::Start { .. } => "starting the fight".to_owned(),
                Job::Step { path, .. } => format!("saving the step to the fight {}", stem(path)),
                Job::Undo { path, .. } => format!("undoing the last step of {}", stem(path)),
                Job::End { path, .. } => format!("ending the fight {}", stem(path)),
                Job::Award { path, .. } => format!("writing the XP of the fight {}", stem(path)),
            },
            Cmd::Write { path, .. } => format!("saving {}", file(path)),
            Cmd::Export { path, .. } => format!("exporting to {}", file(path)),
            Cmd::Remove { id: what, .. } => format!("moving {} to the trash", id(what)),
            Cmd::Restore { id: what } => format!("restoring {}", id(what)),
            Cmd::OpenEditor { path } => format!("editing {}", file(path)),
            Cmd::ReloadAll { .. } => "reading every monster".to_owned(),
            Cmd::ListFiles(purpose) => match purpose {
                FilesFor::OpenEncounter | FilesFor::AddEncounter => {
                    "reading the saved encounters".to_owned()
                }
                FilesFor::OpenAdventure => "reading the saved adventures".to_owned(),
                FilesFor::OpenDraft => "reading the drafts".to_owned(),
            },
            Cmd::KeepDraft { .. } => "keeping the draft".to_owned(),
            Cmd::LoadDraft { path } => format!("reading the draft {}", file(path)),
            Cmd::RemoveDraft { path } | Cmd::TrashDraft { path } => {
                format!("deleting the draft {}", file(path))
            }
            Cmd::LoadEncounter { path } => format!("reading the encounter {}", stem(path)),
            Cmd::LoadParty { .. } => "reading the party".to_owned(),
            Cmd::PartyUsers { id: party, .. } => {
                format!("looking for the files that name the party {}", id(party))
            }
            Cmd::LevelUpParty { id: party } => format!("levelling up the party {}", id(party)),
            Cmd::RemoveParty { id: party } => format!("deleting the party {}", id(party)),
            Cmd::ReadPartyNumbers { id: party, .. } => format!("reading the party {}", id(party)),
            Cmd::SetPartyNumbers { id: party, .. } => {
                format!("saving the numbers of the party {}", id(party))
            }
            Cmd::LoadAdventure { path } => format!("reading the adventure {}", stem(path)),
            Cmd::LoadAdventureParts { .. } => "reading the adventure's encounters".to_owned(),
            Cmd::Remember(_) => "remembering this session".to_owned(),
        }
    }
}

/// What the executor reports back.
#[derive(Debug)]
pub enum Outcome {
    /// For the Table screen.
    Fight(crate::tui::screens::table::Done),
    /// A command with nothing to report.
    Nothing,
    Written {
        path: PathBuf,
        fingerprint: Fingerprint,
        purpose: WritePurpose,
        then: Option<AfterLeave>,
    },
    WriteFailed {
        path: PathBuf,
        message: String,
        changed_on_disk: bool,
        exists: bool,
        purpose: WritePurpose,
    },
    ExportExists {
        path: PathBuf,
        contents: String,
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
    Reloaded {
        bestiary: Box<Bestiary>,
        reopen: Option<String>,
    },
    /// The first full load, finished in the background.
    Loaded(Box<Bestiary>),
    PartyLoaded {
        text: String,
        owner: Owner,
        result: Result<lairsmith_core::encounter::PartyChoice, String>,
    },
    /// Who names a saved party, for the question before `change`.
    PartyUsers {
        id: String,
        change: PartyChange,
        users: lairsmith_core::adventure::saved::PartyUsers,
    },
    PartyLevelledUp {
        id: String,
        result: Result<Party, String>,
    },
    PartyRemoved {
        id: String,
        result: Result<PathBuf, String>,
    },
    /// A saved party read for the party form, with its file's fingerprint, or why not.
    PartyNumbersRead {
        id: String,
        owner: Owner,
        result: Result<(lairsmith_core::encounter::PartyFile, Fingerprint), String>,
    },
    /// A saved party's numbers written (the party as saved, and its file's fingerprint), or why
    /// not; `changed_on_disk`: refused because the file is no longer as it was read.
    PartyNumbersSet {
        id: String,
        owner: Owner,
        step: crate::tui::screens::party::Step,
        result: Result<(lairsmith_core::encounter::PartyFile, Fingerprint), String>,
        changed_on_disk: bool,
    },
    EncounterLoaded {
        path: PathBuf,
        result: Result<(Encounter, Party, Fingerprint), String>,
    },
    /// Saved files for a list to choose from, as read.
    Files {
        purpose: FilesFor,
        result: Result<crate::tui::files::Found, String>,
    },
    /// The Forge's work kept as a draft (where, and what the file holds), or why not.
    DraftKept {
        result: Result<crate::tui::document::OnDisk, String>,
        then: Option<AfterLeave>,
    },
    /// A draft read again, or why it cannot be.
    DraftLoaded {
        path: PathBuf,
        result: Result<Box<crate::tui::screens::forge::drafts::Reopened>, String>,
    },
    /// A saved monster's draft deleted, or why it could not be.
    DraftRemoved {
        path: PathBuf,
        result: Result<(), String>,
    },
    /// A draft moved to the trash, or why it could not be.
    DraftTrashed {
        path: PathBuf,
        result: Result<PathBuf, String>,
    },
    AdventureLoaded {
        path: PathBuf,
        result: Result<(Box<lairsmith_core::adventure::Adventure>, Fingerprint), String>,
    },
    AdventureParts {
        loaded: std::collections::BTreeMap<String, lairsmith_core::adventure::check::Loaded>,
        party: Option<(String, Result<Party, String>)>,
    },
}

impl WritePurpose {
    pub fn owner(&self) -> Owner {
        match self {
            WritePurpose::Monster {
                from_forge: true, ..
            } => Owner::Forge,
            WritePurpose::Monster { .. } => Owner::Bestiary,
            WritePurpose::Export => Owner::Export,
            WritePurpose::Encounter | WritePurpose::Party { .. } => Owner::Encounter,
            WritePurpose::Adventure => Owner::Adventure,
        }
    }
}

impl Outcome {
    /// Who reads the outcome.
    pub fn owner(&self) -> Option<Owner> {
        Some(match self {
            Outcome::Nothing => return None,
            Outcome::Fight(_) => Owner::Table,
            Outcome::Written { purpose, .. } | Outcome::WriteFailed { purpose, .. } => {
                purpose.owner()
            }
            Outcome::ExportExists { .. } => Owner::Export,
            Outcome::Removed { .. }
            | Outcome::RemoveFailed { .. }
            | Outcome::Restored { .. }
            | Outcome::Edited { .. }
            | Outcome::Reloaded { .. }
            | Outcome::Loaded(_) => Owner::Bestiary,
            Outcome::PartyLoaded { owner, .. }
            | Outcome::PartyNumbersRead { owner, .. }
            | Outcome::PartyNumbersSet { owner, .. } => *owner,
            Outcome::Files {
                purpose: FilesFor::OpenDraft,
                ..
            }
            | Outcome::DraftKept { .. }
            | Outcome::DraftLoaded { .. }
            | Outcome::DraftRemoved { .. }
            | Outcome::DraftTrashed { .. } => Owner::Forge,
            Outcome::Files {
                purpose: FilesFor::OpenEncounter,
                ..
            }
            | Outcome::PartyUsers { .. }
            | Outcome::PartyLevelledUp { .. }
            | Outcome::PartyRemoved { .. }
            | Outcome::EncounterLoaded { .. } => Owner::Encounter,
            Outcome::Files { .. }
            | Outcome::AdventureLoaded { .. }
            | Outcome::AdventureParts { .. } => Owner::Adventure,
        })
    }
}
