//! What flows into `update` (messages) and out of it (commands for the executor), and what the
//! executor reports back.

use crate::bestiary::Bestiary;
use crate::encounter::{Encounter, Party};
use crate::monster::MonsterDesign;
use crate::store::{Expect, Fingerprint};
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
    ReloadAll,
    /// The saved encounters, to choose one to open.
    ListEncounters,
    LoadEncounter {
        path: PathBuf,
    },
    /// A party typed into the Encounter or the Adventure screen's prompt (`prompt`) that may
    /// name a saved party: the saved party when there is one, else the text as a spec.
    LoadParty {
        text: String,
        prompt: crate::tui::layer::PromptKind,
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
    /// The saved adventures, to choose one to open.
    ListAdventures,
    /// The saved encounters, to choose one to add to the adventure.
    ListEncountersToAdd,
    LoadAdventure {
        path: PathBuf,
    },
    /// The encounters an adventure lists (by id) and its saved party, read for rating.
    LoadAdventureParts {
        ids: Vec<String>,
        party: Option<String>,
    },
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
    Reloaded(Box<Bestiary>),
    /// The first full load, finished in the background.
    Loaded(Box<Bestiary>),
    EncounterList(Result<Vec<PathBuf>, String>),
    PartyLoaded {
        text: String,
        prompt: crate::tui::layer::PromptKind,
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
    /// Saved files for the Adventure screen's list.
    AdventureFiles {
        purpose: crate::tui::layer::FilesFor,
        result: Result<Vec<PathBuf>, String>,
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
