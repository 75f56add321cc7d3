//! The Adventure screen: a party's saved encounters in the order they are played, each rated
//! for the party as it stands when it gets there (A1), the pacing as a bar chart, the XP toward
//! the next level as a gauge with the level-ups marked, and the treasure. This module holds the
//! state; `update` its keys, `view` its drawing.

pub mod job;
pub mod update;
pub mod view;

pub use update::{Prompt, Question};

use crate::tui::document::{Document, OnDisk};
use crate::tui::screens::party::{Mark, PartyFiles};
use lairsmith_core::adventure::check::{
    AdventureReport, Loaded, Ratings, rate_adventure, rate_adventure_with,
};
use lairsmith_core::adventure::{Adventure, MAX_ADVENTURE_ENCOUNTERS};
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::encounter::{Party, PartyRef};
use lairsmith_core::rules::Level;
use std::collections::BTreeMap;

pub struct AdventureScreen {
    /// The adventure, with its file and history; undo brings back the mark of the party form's
    /// last change to a saved party's file with it.
    pub adventure: Document<Adventure, Mark>,
    pub cursor: usize,
    /// The selected encounter's pane has the arrow keys.
    pub preview_focus: bool,
    pub preview_scroll: u16,
    /// The encounters read from disk by the executor, by id; read again on entering the screen.
    pub loaded: BTreeMap<String, Loaded>,
    /// The saved party the adventure names, as read (or why it could not be).
    pub saved_party: Option<(String, Result<Party, String>)>,
    /// P10: the saved party's record of the fights whose XP it was given, as last read with it.
    pub saved_played: Vec<lairsmith_core::encounter::party::Played>,
    /// The saved parties' files the party form read and changed.
    pub party_files: PartyFiles,
    /// Bumped whenever `loaded` or `saved_party` changes, so the report is computed again.
    pub loads: u64,
    /// Derived after every update.
    pub party: Party,
    pub report: AdventureReport,
    derived_for: Option<(Adventure, u64, u64)>,
    /// Each encounter's rating at the levels it was met at, for what was read (`loads`) from
    /// the bestiary of this revision: a change rates only the encounters it moved.
    ratings: Ratings,
    ratings_for: (u64, u64),
}

fn default_party() -> Party {
    Party::default_at(Level::MIN)
}

impl AdventureScreen {
    /// A new adventure whose treasure rolls from `seed`.
    pub fn new(seed: u64) -> AdventureScreen {
        let mut a = Adventure::new("New Adventure", &default_party());
        a.seed = Some(seed);
        AdventureScreen::with(a, None)
    }

    /// The screen on `adventure`, as read from `file` (or new, without one).
    pub fn with(adventure: Adventure, file: Option<OnDisk>) -> AdventureScreen {
        let party = default_party();
        let loaded = BTreeMap::new();
        AdventureScreen {
            report: rate_adventure(&adventure, &party, &[], &loaded, &Bestiary::default()),
            party,
            adventure: Document::new(adventure, file),
            cursor: 0,
            preview_focus: false,
            preview_scroll: 0,
            loaded,
            saved_party: None,
            saved_played: Vec::new(),
            party_files: PartyFiles::default(),
            loads: 0,
            derived_for: None,
            ratings: Ratings::default(),
            ratings_for: (0, 0),
        }
    }

    pub fn is_dirty(&self) -> bool {
        self.adventure.is_dirty()
    }

    /// The party the adventure names: inline, or its saved party once read.
    pub fn resolve_party(&self) -> Result<Party, String> {
        match &self.adventure.party {
            PartyRef::Saved(id) => match &self.saved_party {
                Some((read, result)) if read == id => result.clone(),
                _ => Err(format!("reading the party `{id}`...")),
            },
            other => Ok(other.inline().unwrap_or_else(default_party)),
        }
    }

    /// What the executor still has to read: encounters not read yet, and the saved party.
    pub fn unread(&self) -> (Vec<String>, Option<String>) {
        let mut ids: Vec<String> = self
            .adventure
            .encounters
            .iter()
            .filter(|id| !self.loaded.contains_key(*id))
            .cloned()
            .collect();
        ids.dedup();
        let party = match &self.adventure.party {
            PartyRef::Saved(id) if self.saved_party.as_ref().is_none_or(|(r, _)| r != id) => {
                Some(id.clone())
            }
            _ => None,
        };
        (ids, party)
    }

    /// Whether another encounter may be added.
    pub fn is_full(&self) -> bool {
        self.adventure.encounters.len() >= MAX_ADVENTURE_ENCOUNTERS
    }

    /// The party and the report, computed again only when the adventure, what was read or the
    /// bestiary changed.
    pub fn derive(&mut self, b: &Bestiary) {
        let key = ((*self.adventure).clone(), self.loads, b.revision());
        if self.derived_for.as_ref() != Some(&key) {
            if let Ok(p) = self.resolve_party() {
                self.party = p;
            }
            if self.ratings_for != (self.loads, b.revision()) {
                self.ratings.clear();
                self.ratings_for = (self.loads, b.revision());
            }
            self.report = rate_adventure_with(
                &self.adventure,
                &self.party,
                match &self.adventure.party {
                    PartyRef::Saved(_) => &self.saved_played,
                    _ => &self.adventure.played,
                },
                &self.loaded,
                b,
                &mut self.ratings,
            );
            self.derived_for = Some(key);
        }
        self.cursor = self
            .cursor
            .min(self.adventure.encounters.len().saturating_sub(1));
    }

    /// Undo (`back`) or redo; returns whether there was anything to do.
    pub fn step_history(&mut self, back: bool) -> bool {
        self.adventure.step(back, &mut self.party_files.last)
    }
}
