//! The Table screen: running a fight by the book (RULINGS P1-P10) at the keyboard. It owns its
//! feature end to end: the fight on screen, the list of fights and encounters to start from,
//! its prompts and questions (`Prompt`, `Question`), and what the executor reports back
//! (`on_outcome`). The fight file is the truth and is written after every step, so the screen
//! has nothing unsaved: a step is made from the screen's copy and refused if another terminal
//! has changed the file since.

pub mod card;
pub mod job;
mod outcomes;
pub mod prompt_view;
mod prompts;
pub mod roll;
pub mod update;
pub mod view;

pub use job::{Done, Job, Read};
pub use outcomes::{on_cancelled, on_confirm, on_outcome};
pub use prompts::on_prompt;

use lairsmith_core::fight::Fight;
use std::path::PathBuf;

/// The fight on the screen, as last read from or written to its file.
#[derive(Debug, Clone, PartialEq)]
pub struct Open {
    pub path: PathBuf,
    pub fight: Fight,
    /// The fingerprint of the file this copy was read from or written as: a change made from
    /// it is refused if the file is not that any more (another terminal stepped, undid or
    /// edited it).
    pub fingerprint: lairsmith_core::store::Fingerprint,
}

/// A saved fight as the list shows it: its id and where it stands.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedFight {
    pub id: String,
    /// `None`: the file cannot be read now (opening it says why).
    pub stands: Option<Stands>,
}

/// Where a saved fight stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stands {
    /// Before round 1: initiative is still being rolled.
    Starting,
    /// In this round.
    Round(u32),
    /// Ended (its XP given, or not yet); it stays listed while its file does.
    Ended,
}

/// What to open when no fight is on the screen: the saved fights and the saved encounters a new
/// one starts from.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Lobby {
    pub fights: Vec<SavedFight>,
    pub encounters: Vec<String>,
    /// Fights first, then encounters.
    pub cursor: usize,
    /// The lists have been read at least once.
    pub read: bool,
    /// Their last reading was cancelled (Esc) before they were ever read.
    pub cancelled: bool,
}

impl Lobby {
    pub fn len(&self) -> usize {
        self.fights.len() + self.encounters.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The Table screen's state.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TableScreen {
    pub open: Option<Open>,
    pub lobby: Lobby,
    /// The selected combatant, by id: the one the action keys act on and the card shows. It
    /// follows the turn when the turn moves.
    pub selected: Option<String>,
    /// How far the log is scrolled up from its last line.
    pub log_back: u16,
    /// The lower right pane shows the selected monster's whole stat block instead of the log.
    pub show_block: bool,
    /// How far the stat block is scrolled down.
    pub block_scroll: u16,
    /// What the last step said (its log lines, or the end's XP and treasure), shown under the
    /// order until the next step.
    pub news: Vec<String>,
    /// The treasure method the GM gave when ending the fight, for the lines after the award.
    pub treasure: Option<lairsmith_core::treasure::Method>,
}

impl TableScreen {
    /// The contexts whose keys apply on the Table in its current mode, most specific first,
    /// without what is open over it.
    pub fn contexts(&self) -> Vec<crate::tui::keymap::Ctx> {
        use crate::tui::keymap::Ctx;
        // The list of fights is one pane: Tab does nothing there, so it is not offered.
        let mut v = match self.open {
            None => vec![Ctx::TableList],
            Some(_) => vec![Ctx::Table, Ctx::Panes],
        };
        v.extend([Ctx::Anywhere, Ctx::Global]);
        v
    }
}

/// What a prompt of the Table screen asks for; each acts on the combatant `who`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prompt {
    Damage {
        who: String,
    },
    Heal {
        who: String,
    },
    Temp {
        who: String,
    },
    Effect {
        who: String,
    },
    EndEffect {
        who: String,
    },
    Roll {
        who: String,
    },
    Use {
        who: String,
    },
    Initiative {
        who: String,
    },
    Delay {
        who: String,
    },
    MaxHp {
        who: String,
    },
    /// Reinforcements: another of a creature in the fight, or a monster of the bestiary.
    Add,
    /// The foes overcome (P10), to end the fight.
    End,
    /// A check of an extended challenge (A3).
    Check,
    /// The players' d20s a step takes, asked before it is made ("Whose dice"): what each is
    /// for, in order.
    Dice {
        step: lairsmith_core::fight::Step,
        asked: Vec<String>,
    },
    /// Which of what the last roll's lines offer to apply (P16).
    Apply,
    /// An effect the creature maintains (P19), by its number.
    Maintain {
        who: String,
    },
    /// The creature a readied action goes just ahead of (P2).
    Ready {
        who: String,
    },
    /// Help Attack or Help Defense (P13): the ally, the foe, and which.
    Help {
        who: String,
    },
    /// Who is surprised in a fight about to start from the encounter at `encounter` (P14).
    Surprise {
        encounter: PathBuf,
    },
    /// A file name for the fight's log in Markdown.
    ExportLog,
}

/// A question of the Table screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Question {
    /// Take a creature out of the fight: y / n.
    Remove { who: String },
    /// Write the ended fight's XP to the party's file (and the adventure's party): y / n.
    Award {
        treasure: Option<lairsmith_core::treasure::Method>,
    },
}

impl Prompt {
    /// Whether the prompt takes the players' dice, where one key lets lairsmith roll them.
    pub fn takes_dice(&self) -> bool {
        matches!(self, Prompt::Dice { .. } | Prompt::Roll { .. })
    }
}

impl TableScreen {
    pub fn new() -> TableScreen {
        TableScreen::default()
    }

    pub fn fight(&self) -> Option<&Fight> {
        self.open.as_ref().map(|o| &o.fight)
    }

    /// The selected combatant's index in the fight, if it is still in it.
    pub fn selected_index(&self) -> Option<usize> {
        let f = self.fight()?;
        let id = self.selected.as_deref()?;
        f.now.combatants.iter().position(|c| c.id == id)
    }

    /// The id of the monster whose stat block the card shows: the selected combatant's.
    pub fn shown_monster(&self) -> Option<String> {
        let i = self.selected_index()?;
        match &self.fight()?.now.combatants[i].origin {
            lairsmith_core::fight::model::Origin::Monster { id } => Some(id.clone()),
            _ => None,
        }
    }

    /// Keeps a selection that exists: the turn's creature, else the first in the order.
    pub fn keep_selection(&mut self) {
        let Some(f) = self.open.as_ref().map(|o| &o.fight) else {
            self.selected = None;
            return;
        };
        let exists = |id: &str| f.now.combatants.iter().any(|c| c.id == id);
        if self.selected.as_deref().is_some_and(exists) {
            return;
        }
        self.selected = f
            .now
            .turn
            .clone()
            .filter(|t| exists(t))
            .or_else(|| f.order().first().map(|c| c.id.clone()));
    }
}
