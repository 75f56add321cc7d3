//! The Encounter screen: a party, a roster built from a fuzzy picker or placeholders, an XP
//! gauge against the budget with the band thresholds, the arithmetic one key away, the
//! generator with locks, notes, saving, opening and exporting the sheet. This module holds the
//! state; `update` its keys, `view` its drawing.

pub mod challenge;
pub mod dialog;
pub mod job;
pub mod update;
pub mod view;

pub use update::{Prompt, Question};

use crate::tui::document::{Document, OnDisk};
use crate::tui::layer::Picker;
use crate::tui::screens::party::{Mark, PartyFiles};
use lairsmith_core::bestiary::{Bestiary, Filter, search};
use lairsmith_core::encounter::report::{Report, report};
use lairsmith_core::encounter::{Encounter, Party, PartyRef};
use lairsmith_core::rules::Level;
use std::collections::BTreeMap;

pub struct EncounterScreen {
    /// The encounter, with its file and history; undo brings back `locked` and the mark of the
    /// party form's last change to a saved party's file with it.
    pub encounter: Document<Encounter, (Vec<String>, Mark)>,
    pub cursor: usize,
    /// Group keys kept by the generator.
    pub locked: Vec<String>,
    /// Index into BANDS for the generator.
    pub difficulty: usize,
    pub explain: bool,
    /// The right pane (the arithmetic or a stat block) has the arrow keys.
    pub preview_focus: bool,
    pub preview_scroll: u16,
    pub seed: u64,
    /// The group being turned from a placeholder into a real monster in the Forge.
    pub replacing: Option<usize>,
    /// Saved parties read so far, by id: an encounter that names one is rated with it.
    pub saved_parties: BTreeMap<String, Party>,
    /// The saved parties' files the party form read and changed.
    pub party_files: PartyFiles,
    /// The treasure method shown under the arithmetic (T1): the adventure's when the encounter
    /// was opened from one, else chosen with its key; not saved in the encounter file.
    pub treasure: Option<lairsmith_core::treasure::Method>,
    /// The seed the treasure is rolled from: the adventure's, when opened from one.
    pub treasure_seed: u64,
    /// Derived after every update from the encounter, the saved parties and the bestiary.
    pub party: Party,
    pub report: Report,
    pub treasure_plan: Option<lairsmith_core::treasure::Plan>,
    treasure_rolled: u64,
    derived_for: Option<(Encounter, u64, Option<Party>)>,
}

impl Default for EncounterScreen {
    fn default() -> Self {
        EncounterScreen::new()
    }
}

impl EncounterScreen {
    /// The id of the monster whose stat block the preview shows: the selected group's.
    pub fn shown_monster(&self) -> Option<String> {
        let g = self.encounter.groups.get(self.cursor)?;
        if g.challenge.is_some() || g.challenge_rating().is_some() {
            return None;
        }
        g.monster.clone()
    }

    pub fn new() -> EncounterScreen {
        let party = Party::default_at(Level::MIN);
        EncounterScreen::with(Encounter::new("New Encounter", &party), None)
    }

    /// The screen on `encounter`, as read from `file` (or new, without one).
    pub fn with(encounter: Encounter, file: Option<OnDisk>) -> EncounterScreen {
        let party = Party::default_at(Level::MIN);
        // The generator's settings come back with the file that recorded them: its locks (those
        // still in the encounter) and its difficulty.
        let generated = encounter.generated.as_deref();
        let locked: Vec<String> = generated
            .map(|g| {
                g.locked
                    .iter()
                    .filter(|k| encounter.groups.iter().any(|grp| grp.key() == **k))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        let difficulty = generated
            .and_then(|g| {
                lairsmith_core::rules::difficulty::BANDS
                    .iter()
                    .position(|b| b.difficulty == g.difficulty)
            })
            .unwrap_or(2);
        EncounterScreen {
            report: report(&encounter, &party, &Bestiary::default()),
            party,
            encounter: Document::new(encounter, file),
            cursor: 0,
            locked,
            difficulty,
            explain: false,
            preview_focus: false,
            preview_scroll: 0,
            seed: 1,
            replacing: None,
            saved_parties: BTreeMap::new(),
            party_files: PartyFiles::default(),
            treasure: None,
            treasure_seed: 0,
            treasure_plan: None,
            treasure_rolled: 0,
            derived_for: None,
        }
    }

    /// Whether anything differs from what was last opened or saved; emptying a saved
    /// encounter is a change too.
    pub fn is_dirty(&self) -> bool {
        self.encounter.is_dirty()
    }

    /// The party the encounter names: inline, or a saved one already read.
    pub fn resolve_party(&self) -> Option<Party> {
        match &self.encounter.party {
            PartyRef::Saved(id) => self.saved_parties.get(id).cloned(),
            other => other.inline(),
        }
    }

    /// The party and the report, computed again only when the encounter, the bestiary or the
    /// saved parties changed; the cursor stays on a group.
    pub fn derive(&mut self, b: &Bestiary) {
        let resolved = self.resolve_party();
        let key = ((*self.encounter).clone(), b.revision(), resolved.clone());
        if self.derived_for.as_ref() != Some(&key) {
            if let Some(p) = resolved {
                self.party = p;
            }
            self.report = report(&self.encounter, &self.party, b);
            self.derived_for = Some(key);
            self.treasure_plan = None;
        }
        let wanted = self
            .treasure
            .filter(|_| self.encounter.system == lairsmith_core::encounter::System::Orcus);
        // Rolled as `encounter check --treasure --seed` and an adventure roll this encounter's
        // first play.
        let seed = lairsmith_core::treasure::seed_for(
            self.treasure_seed,
            &format!("{}#1", self.treasure_id()),
        );
        let rolled = self
            .treasure_plan
            .as_ref()
            .map(|p| (p.method, self.treasure_rolled));
        if rolled != wanted.map(|m| (m, seed)) {
            self.treasure_plan =
                wanted.map(|m| lairsmith_core::treasure::for_encounter(m, &self.party, seed));
            self.treasure_rolled = seed;
        }
        self.cursor = self
            .cursor
            .min(self.encounter.groups.len().saturating_sub(1));
    }

    /// The id treasure is rolled for: the file's, or what saving would name it.
    pub fn treasure_id(&self) -> String {
        self.encounter
            .path()
            .and_then(|p| p.file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| lairsmith_core::monster::slugify(&self.encounter.name))
    }

    /// Undo (`back`) or redo; returns whether there was anything to do.
    pub fn step_history(&mut self, back: bool) -> bool {
        let mut aside = (
            std::mem::take(&mut self.locked),
            self.party_files.last.take(),
        );
        let done = self.encounter.step(back, &mut aside);
        (self.locked, self.party_files.last) = aside;
        done
    }

    /// What the history keeps beside the encounter.
    pub fn aside(&self) -> (Vec<String>, Mark) {
        (self.locked.clone(), self.party_files.last.clone())
    }
}

/// The party's level window for the monster picker: party level -2 to +4, as Kobold Fight Club
/// offers, clamped to the book's levels 1 to 30.
pub fn picker_levels(party_level: i32) -> std::ops::RangeInclusive<i32> {
    (party_level - 2).clamp(1, 30)..=(party_level + 4).clamp(1, 30)
}

/// The monster picker's hits, found again only when its query, its level window or the
/// bestiary changed.
pub fn derive_picker(p: &mut Picker, b: &Bestiary, filter: &Filter, party_level: i32) {
    let seen = (p.query.text(), p.all_levels, b.revision());
    if p.seen.as_ref() == Some(&seen) {
        return;
    }
    let mut filter = filter.clone();
    if !p.all_levels && filter.levels.is_none() {
        let w = picker_levels(party_level);
        filter.levels = Some(*w.start() as u8..=*w.end() as u8);
    }
    p.hits = search(b, &p.query.text(), &filter)
        .into_iter()
        .map(|h| h.index)
        .collect();
    p.seen = Some(seen);
    p.cursor = p.cursor.min(p.hits.len().saturating_sub(1));
}
