//! The one modal model: everything that takes the keys away from a screen (the search box, a
//! form, a field being edited, a picker, a prompt, a question, the key reference) is a layer on
//! one stack. The top layer has the keys, is drawn on top, and its contexts make the help bar.
//! The layers every screen uses are here; a screen's own dialogs are one layer of its own,
//! kept in its folder (`screens/<screen>/dialog.rs`).

use crate::tui::keymap::Ctx;
use crate::tui::screens::{adventure, bestiary, encounter, forge};
use crate::tui::widgets::text_field::TextField;
use std::path::PathBuf;

pub use crate::tui::msg::AfterLeave;

/// A question with one-key answers, by the screen it belongs to (which answers it), or an
/// export's.
#[derive(Debug, Clone, PartialEq)]
pub enum Confirm {
    Bestiary(bestiary::Question),
    Forge(forge::Question),
    Encounter(encounter::Question),
    Adventure(adventure::Question),
    Table(crate::tui::screens::table::Question),
    /// The party form's.
    Party(crate::tui::screens::party::Question),
    /// A file to export to exists: y overwrite / n.
    Overwrite {
        path: PathBuf,
        contents: String,
    },
}

impl Confirm {
    pub fn ctx(&self) -> Ctx {
        match self {
            Confirm::Bestiary(q) => q.ctx(),
            Confirm::Forge(q) => q.ctx(),
            _ => Ctx::Confirm,
        }
    }

    /// Where leaving goes, for a question about unsaved work asked on the way out.
    pub fn leaving_for(&self) -> Option<&AfterLeave> {
        match self {
            Confirm::Forge(forge::Question::Unsaved(then))
            | Confirm::Encounter(encounter::Question::Unsaved(then))
            | Confirm::Adventure(adventure::Question::Unsaved(then)) => Some(then),
            _ => None,
        }
    }
}

/// What a one-line prompt is for, by the screen it belongs to (which reads what was typed).
#[derive(Debug, Clone, PartialEq)]
pub enum PromptKind {
    Bestiary(bestiary::Prompt),
    Forge(forge::Prompt),
    Encounter(encounter::Prompt),
    Adventure(adventure::Prompt),
    Table(crate::tui::screens::table::Prompt),
}

/// Notes of several lines being edited; what they are for is a prompt kind, read by the screen
/// it belongs to as a one-line prompt's text is.
#[derive(Debug, Clone, PartialEq)]
pub struct Editor {
    pub kind: PromptKind,
    pub title: String,
    pub area: crate::tui::widgets::text_area::TextArea,
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
            query: TextField::default().with_max(lairsmith_core::text::MAX_NAME_CHARS),
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
    /// Notes of several lines.
    Editor(Editor),
    /// The Bestiary's search box has focus (the query itself is the Browser's).
    Search,
    /// A dialog of the Bestiary's (re-level, filters), which it handles and draws.
    Bestiary(bestiary::dialog::Dialog),
    /// A dialog of the Forge's (the template powers' picker).
    Forge(forge::dialog::Dialog),
    /// A dialog of the Encounter screen's (monster picker, placeholder, challenge).
    Encounter(encounter::dialog::Dialog),
    /// The numbers of every character of the Encounter or the Adventure screen's party.
    PartyNumbers(crate::tui::screens::party::PartyForm),
    /// A list of saved files, each with what it holds: encounters or adventures to open,
    /// encounters to add to the adventure, or the Forge's drafts.
    Files {
        purpose: FilesFor,
        files: Vec<crate::tui::files::SavedFile>,
        cursor: usize,
    },
}

/// What a list of saved files is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilesFor {
    OpenEncounter,
    OpenAdventure,
    AddEncounter,
    /// A draft to take up again in the Forge.
    OpenDraft,
}

/// The contexts whose keys apply while the list of files for `purpose` is on top.
pub fn files_contexts(purpose: FilesFor) -> Vec<Ctx> {
    match purpose {
        FilesFor::OpenDraft => vec![Ctx::DraftList, Ctx::OpenList],
        _ => vec![Ctx::OpenList],
    }
}

impl Layer {
    /// The contexts whose keys apply while this layer is on top, most specific first.
    pub fn contexts(&self) -> Vec<Ctx> {
        match self {
            Layer::Help { .. } | Layer::Errors { .. } => vec![Ctx::Viewer],
            Layer::Confirm(c) => vec![c.ctx()],
            Layer::Prompt {
                kind: PromptKind::Forge(_),
                ..
            } => vec![Ctx::Field, Ctx::Text, Ctx::Anywhere],
            Layer::Prompt {
                kind: PromptKind::Table(p),
                ..
            } if p.takes_dice() => vec![Ctx::Dice, Ctx::Field, Ctx::Text],
            Layer::Prompt { .. } => vec![Ctx::Field, Ctx::Text],
            Layer::Editor(_) => vec![Ctx::Editor, Ctx::Field, Ctx::Text],
            Layer::Search => vec![Ctx::Search, Ctx::Text],
            Layer::Bestiary(d) => d.contexts(),
            Layer::Forge(d) => d.contexts(),
            Layer::Encounter(d) => d.contexts(),
            Layer::Files { purpose, .. } => files_contexts(*purpose),
            Layer::PartyNumbers(_) => vec![Ctx::PartyForm, Ctx::Text],
        }
    }

    /// The text field that typed characters go into, if the layer has one focused.
    pub fn text_field(&mut self) -> Option<&mut TextField> {
        match self {
            Layer::Prompt { field, .. } => Some(field),
            Layer::Bestiary(d) => d.text_field(),
            Layer::Forge(d) => d.text_field(),
            Layer::Encounter(d) => d.text_field(),
            Layer::PartyNumbers(f) => f.focused(),
            _ => None,
        }
    }
}
