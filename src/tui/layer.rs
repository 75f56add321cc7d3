//! The one modal model: everything that takes the keys away from a screen (the search box, a
//! form, a field being edited, a picker, a prompt, a question, the key reference) is a layer on
//! one stack. The top layer has the keys, is drawn on top, and its contexts make the help bar.

use crate::tui::keymap::Ctx;
use crate::tui::widgets::text_field::TextField;
use std::path::PathBuf;

/// What to do once unsaved changes are dealt with.
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
}

/// A question with one-key answers; each kind has its own keys.
#[derive(Debug, Clone, PartialEq)]
pub enum Confirm {
    /// The Table screen's.
    Table(crate::tui::screens::table::Question),
    /// The Forge has unsaved changes: y save, n discard, Esc cancel.
    Unsaved(AfterLeave),
    /// The encounter has unsaved changes.
    UnsavedEncounter(AfterLeave),
    /// The adventure has unsaved changes.
    UnsavedAdventure(AfterLeave),
    /// Delete one of the user's monsters: y / n.
    Delete { id: String, path: PathBuf },
    /// Remove a saved party (to the trash): y / n. `users`: who else names it.
    RemoveParty { id: String, users: String },
    /// Level up a saved party in its file: y / n. `users`: who else names it.
    LevelUpParty { id: String, users: String },
    /// Switch the encounter's rules system, dropping its groups: y / n.
    SwitchSystem,
    /// A file to export to exists: y overwrite / n.
    Overwrite { path: PathBuf, contents: String },
    /// The file changed on disk since it was loaded: r reload, c save as a copy, Esc cancel.
    ChangedOnDisk { path: PathBuf },
    /// Re-levelling one of the user's own monsters: o overwrite, c save as a copy.
    RelevelOwn {
        design: Box<crate::monster::MonsterDesign>,
    },
    /// The Forge's monster has lint errors: y save anyway, Esc go back.
    LintErrors { errors: Vec<String> },
}

impl Confirm {
    pub fn ctx(&self) -> Ctx {
        match self {
            Confirm::ChangedOnDisk { .. } => Ctx::ChangedOnDisk,
            Confirm::RelevelOwn { .. } => Ctx::RelevelOwn,
            Confirm::LintErrors { .. } => Ctx::LintErrors,
            _ => Ctx::Confirm,
        }
    }
}

/// What a one-line prompt is for.
#[derive(Debug, Clone, PartialEq)]
pub enum PromptKind {
    /// The Table screen's: what was typed is read by the screen.
    Table(crate::tui::screens::table::Prompt),
    ExportMarkdown {
        id: String,
    },
    ExportYaml {
        id: String,
    },
    ExportEncounter,
    /// A stat block as printable HTML.
    ExportHtml {
        id: String,
    },
    /// The encounter sheet as printable HTML.
    ExportEncounterHtml,
    /// The sheet for running the encounter's fight on paper (printable HTML).
    ExportEncounterTable,
    SaveEncounterAs,
    /// The Encounter screen's party: `4x6`, `3,3,4,5`, `Ana=3,Bo=4`, or a saved party's id.
    Party,
    /// The id to save the encounter's party under, in `parties/`.
    SaveParty,
    /// The encounter's notes.
    Notes,
    /// A 3rd-edition group: `5`, `1/2`, `5 x3` (a CR and a count).
    AddCr,
    /// The Forge field under the cursor.
    ForgeField,
    /// The Adventure screen's party.
    AdventureParty,
    SaveAdventureAs,
    ExportAdventure,
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

/// The filter form: one row per field; ← → cycle a value, typing edits the level range.
#[derive(Debug, Clone, PartialEq)]
pub struct FilterForm {
    pub row: usize,
    pub levels: TextField,
}

pub const FILTER_ROWS: [&str; 7] = ["Levels", "Rank", "Role", "Source", "Type", "Tag", "Leader"];

/// A placeholder for the encounter: level (typed), rank and role (cycled).
#[derive(Debug, Clone, PartialEq)]
pub struct PlaceholderForm {
    pub level: TextField,
    pub rank: usize,
    pub role: usize,
    pub row: usize,
}

/// A fuzzy picker. The monster picker keeps its hits (bestiary indexes), found again only when
/// the query, the level window or the bestiary changes.
#[derive(Debug, Clone, PartialEq)]
pub struct Picker {
    pub query: TextField,
    pub cursor: usize,
    /// The monster picker shows every level instead of party level -2 to +4.
    pub all_levels: bool,
    pub hits: Vec<usize>,
    /// What the hits were found for: query, level window, bestiary revision.
    pub seen: Option<(String, bool, u64)>,
}

impl Picker {
    pub fn new() -> Picker {
        Picker {
            query: TextField::default().with_max(crate::text::MAX_NAME_CHARS),
            cursor: 0,
            all_levels: false,
            hits: Vec::new(),
            seen: None,
        }
    }
}

impl Default for Picker {
    fn default() -> Self {
        Picker::new()
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Layer {
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
    /// The Bestiary's search box has focus (the query itself is the Browser's).
    Search,
    Filter(FilterForm),
    TemplatePicker(Picker),
    MonsterPicker(Picker),
    Placeholder(PlaceholderForm),
    /// An extended challenge for the encounter (A2), new or being edited.
    Challenge(crate::tui::screens::encounter::challenge::ChallengeForm),
    OpenEncounter {
        files: Vec<PathBuf>,
        cursor: usize,
    },
    /// A list of saved files for the Adventure screen: adventures to open, or encounters to add.
    AdventureFiles {
        purpose: FilesFor,
        files: Vec<PathBuf>,
        cursor: usize,
    },
}

/// What a list of the Adventure screen's files is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilesFor {
    OpenAdventure,
    AddEncounter,
}

impl Layer {
    /// The contexts whose keys apply while this layer is on top, most specific first.
    pub fn contexts(&self) -> Vec<Ctx> {
        match self {
            Layer::Help { .. } | Layer::Errors { .. } => vec![Ctx::Viewer],
            Layer::Confirm(c) => vec![c.ctx()],
            Layer::Prompt {
                kind: PromptKind::ForgeField,
                ..
            } => vec![Ctx::Field, Ctx::Text, Ctx::Anywhere],
            Layer::Prompt { .. } => vec![Ctx::Field, Ctx::Text],
            Layer::Relevel(RelevelForm { row: 0, .. })
            | Layer::Filter(FilterForm { row: 0, .. })
            | Layer::Placeholder(PlaceholderForm { row: 0, .. }) => vec![Ctx::Text, Ctx::Form],
            Layer::Relevel(_) | Layer::Filter(_) | Layer::Placeholder(_) => vec![Ctx::Form],
            Layer::Search => vec![Ctx::Search, Ctx::Text],
            Layer::TemplatePicker(_) => vec![Ctx::Picker, Ctx::Text],
            Layer::MonsterPicker(_) => vec![Ctx::MonsterPicker, Ctx::Picker, Ctx::Text],
            Layer::OpenEncounter { .. } | Layer::AdventureFiles { .. } => vec![Ctx::OpenList],
            Layer::Challenge(_) => vec![Ctx::ChallengeForm, Ctx::Text],
        }
    }

    /// The text field that typed characters go into, if the layer has one focused.
    pub fn text_field(&mut self) -> Option<&mut TextField> {
        match self {
            Layer::Prompt { field, .. } => Some(field),
            Layer::Relevel(f) if f.row == 0 => Some(&mut f.level),
            Layer::Filter(f) if f.row == 0 => Some(&mut f.levels),
            Layer::Placeholder(f) if f.row == 0 => Some(&mut f.level),
            Layer::TemplatePicker(p) | Layer::MonsterPicker(p) => Some(&mut p.query),
            Layer::Challenge(f) => Some(f.focused()),
            _ => None,
        }
    }
}
