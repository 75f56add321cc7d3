//! What flows into `update` (messages) and out of it (effects: commands for the executor, or
//! leaving for another place), and what the executor reports back. A command carries whose it
//! is and what is to happen once it is done, and its outcome carries them back: nothing waits
//! on the side for a later message.

use crate::bestiary::Bestiary;
use crate::encounter::{Encounter, Party};
use crate::monster::MonsterDesign;
use crate::store::{Expect, Fingerprint};
use crate::tui::layer::FilesFor;
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
        base: Option<Box<crate::monster::MonsterDesign>>,
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
        draft: Box<crate::bestiary::drafts::Draft>,
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
        result: Result<crate::encounter::PartyChoice, String>,
    },
    /// Who names a saved party, for the question before `change`.
    PartyUsers {
        id: String,
        change: PartyChange,
        users: crate::adventure::saved::PartyUsers,
    },
    PartyLevelledUp {
        id: String,
        result: Result<Party, String>,
    },
    PartyRemoved {
        id: String,
        result: Result<PathBuf, String>,
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
        result: Result<(Box<crate::adventure::Adventure>, Fingerprint), String>,
    },
    AdventureParts {
        loaded: std::collections::BTreeMap<String, crate::adventure::check::Loaded>,
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
            Outcome::PartyLoaded { owner, .. } => *owner,
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
