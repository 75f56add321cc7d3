//! The Bestiary screen: every monster, fuzzy search with highlighted matches, structured
//! filters, sorting, a scrollable stat block preview, and actions on the selected monster.
//! This module holds its state; `update` its keys, `view` its drawing.

pub mod dialog;
pub mod job;
pub mod update;
pub mod view;

pub use update::{Prompt, Question};

use crate::tui::widgets::text_field::TextField;
use lairsmith_core::bestiary::{Bestiary, Filter, SearchHit, search};
use lairsmith_core::monster::lint::Finding;

pub use lairsmith_core::bestiary::search::SortKey;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pane {
    List,
    Preview,
}

/// What the hits were computed from: when none of it changed, they stand.
#[derive(Debug, Clone, PartialEq)]
struct HitsKey {
    query: String,
    filter: Filter,
    sort: SortKey,
    revision: u64,
}

pub struct Browser {
    pub query: TextField,
    pub filter: Filter,
    pub sort: SortKey,
    pub pane: Pane,
    pub preview_scroll: u16,
    /// The first visible row of the list, kept by `update` so the selection stays in view.
    pub offset: usize,
    /// The selected monster's id. The hits index a bestiary that a reload or a delete replaces,
    /// so the selection is found again by this id, never by a stale index.
    selected_id: Option<String>,
    /// A new search puts the selection on its best match.
    select_best: bool,
    /// Derived: the monsters shown, in order, with the selected one's row and lint findings.
    pub hits: Vec<SearchHit>,
    pub selected: usize,
    pub findings: Vec<Finding>,
    hits_key: Option<HitsKey>,
}

impl Default for Browser {
    fn default() -> Self {
        Browser::new()
    }
}

impl Browser {
    /// The contexts whose keys apply on the Bestiary, most specific first, without what is open
    /// over it.
    pub fn contexts() -> Vec<crate::tui::keymap::Ctx> {
        use crate::tui::keymap::Ctx;
        vec![Ctx::Bestiary, Ctx::Panes, Ctx::Anywhere, Ctx::Global]
    }

    pub fn new() -> Browser {
        Browser {
            query: TextField::default().with_max(lairsmith_core::text::MAX_NAME_CHARS),
            filter: Filter::default(),
            sort: SortKey::Name,
            pane: Pane::List,
            preview_scroll: 0,
            offset: 0,
            selected_id: None,
            select_best: false,
            hits: Vec::new(),
            selected: 0,
            findings: Vec::new(),
            hits_key: None,
        }
    }

    pub fn selected_id(&self) -> Option<String> {
        self.selected_id.clone()
    }

    /// Selects a monster by id (after a save, a restore); found in the next derive.
    pub fn select(&mut self, id: &str) {
        self.selected_id = Some(id.to_owned());
        self.select_best = false;
    }

    /// The query was typed into: the best match gets the selection.
    pub fn query_changed(&mut self) {
        self.select_best = true;
    }

    /// Recomputes the hits if what they depend on changed, and finds the selection again by id
    /// (or clamps it), never by a stale index.
    pub fn derive(&mut self, b: &Bestiary) {
        let key = HitsKey {
            query: self.query.text(),
            filter: self.filter.clone(),
            sort: self.sort,
            revision: b.revision(),
        };
        if self.hits_key.as_ref() != Some(&key) {
            self.hits = search(b, &key.query, &self.filter);
            self.sort.sort(b, &key.query, &mut self.hits);
            self.hits_key = Some(key);
        }
        let found = if self.select_best {
            None
        } else {
            self.selected_id.as_deref().and_then(|id| {
                self.hits
                    .iter()
                    .position(|h| b.entries[h.index].card.id == id)
            })
        };
        let before = self.selected_id.clone();
        self.selected = match found {
            Some(i) => i,
            None if self.select_best => 0,
            None => self.selected,
        }
        .min(self.hits.len().saturating_sub(1));
        self.select_best = false;
        self.selected_id = self
            .hits
            .get(self.selected)
            .map(|h| b.entries[h.index].card.id.clone());
        if self.selected_id != before {
            self.preview_scroll = 0;
        }
        self.findings = self
            .hits
            .get(self.selected)
            .and_then(|h| b.entries[h.index].findings_in_memory())
            .unwrap_or_default();
    }

    /// Moves the selection; the next derive records its id.
    pub fn move_by(&mut self, delta: isize) {
        if self.hits.is_empty() {
            return;
        }
        let last = self.hits.len() as isize - 1;
        self.selected = (self.selected as isize)
            .saturating_add(delta)
            .clamp(0, last) as usize;
        self.selected_id = None;
        self.select_best = false;
        // The id of the new row is taken in `derive`, which keeps `selected` when no id is set.
    }

    /// Keeps the selected row within the `rows` visible ones.
    pub fn keep_in_view(&mut self, rows: usize) {
        self.offset =
            crate::tui::widgets::list_offset(self.selected, self.offset, rows, self.hits.len());
    }
}
