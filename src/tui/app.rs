//! The application model: the screens' state, the layer stack, the status line. Derived values
//! (search hits, stat blocks, lint, the encounter's report and party) are recomputed in one
//! place, [`App::derive`], after every update; nothing else refreshes them.

use crate::tui::keymap::Ctx;
use crate::tui::layer::Layer;
use crate::tui::screens::adventure::AdventureScreen;
use crate::tui::screens::bestiary::Browser;
use crate::tui::screens::encounter::EncounterScreen;
use crate::tui::screens::forge::Forge;
use crate::tui::screens::table::TableScreen;
use crate::tui::shell::Shell;
use lairsmith_core::bestiary::Bestiary;
use rand::Rng;

pub use crate::tui::layer::{Confirm, PromptKind};
pub use crate::tui::msg::{AfterLeave, Cmd, Msg, Outcome, Running};
pub use crate::tui::shell::{ERROR_TICKS, INFO_TICKS, MAX_STATUS_ROWS, Paths, Screen, Status};

/// The whole UI state: the shell and the five screens.
pub struct App {
    /// Everything besides the screens.
    pub shell: Shell,
    pub browser: Browser,
    pub forge: Forge,
    pub encounter: EncounterScreen,
    pub adventure: AdventureScreen,
    pub table: TableScreen,
}

impl App {
    /// The model on `bestiary`; its random seeds start from `seed`.
    pub fn new(bestiary: Bestiary, paths: Paths, seed: u64) -> App {
        let mut shell = Shell::new(bestiary, paths, seed);
        let mut app = App {
            forge: Forge::new_monster(),
            encounter: EncounterScreen::new(),
            adventure: AdventureScreen::new(shell.seeds.random()),
            browser: Browser::new(),
            table: TableScreen::new(),
            shell,
        };
        app.shell.announce_load("loaded");
        app.derive();
        app
    }

    /// The contexts whose keys apply now, most specific first: the top layer's, else the
    /// screen's.
    pub fn contexts(&self) -> Vec<Ctx> {
        if let Some(l) = self.shell.top() {
            return l.contexts();
        }
        self.screen_contexts(self.shell.screen)
    }

    /// The contexts whose keys the help bar offers: [`App::contexts`], without `Ctrl-S save`
    /// on the screens that have nothing to save (the Bestiary saves each change as it is made,
    /// the Table each step of a fight), where the key only says so.
    pub fn bar_contexts(&self) -> Vec<Ctx> {
        let mut v = self.contexts();
        if self.shell.top().is_none()
            && matches!(self.shell.screen, Screen::Bestiary | Screen::Table)
        {
            v.retain(|c| *c != Ctx::Anywhere);
        }
        v
    }

    /// The contexts of `screen` in its current mode (the Forge's step and pane, the encounter's
    /// system, the Table's fight or list), without what is open over it.
    pub fn screen_contexts(&self, screen: Screen) -> Vec<Ctx> {
        let mut v = match screen {
            Screen::Bestiary => return Browser::contexts(),
            Screen::Forge => return self.forge.screen_contexts(),
            Screen::Encounter => match self.encounter.encounter.system {
                lairsmith_core::encounter::System::Orcus => {
                    vec![Ctx::EncounterOrcus, Ctx::Encounter]
                }
                lairsmith_core::encounter::System::D20e3 => vec![Ctx::Encounter3e, Ctx::Encounter],
            },
            Screen::Adventure => vec![Ctx::Adventure],
            Screen::Table => return self.table.contexts(),
        };
        v.push(Ctx::Panes);
        v.extend([Ctx::Anywhere, Ctx::Global]);
        v
    }

    /// Notes every screen's contexts in the shell, for the sentences a screen words about
    /// another's keys ([`Shell::key_on`]).
    pub fn note_contexts(&mut self) {
        for screen in Screen::ALL {
            let contexts = self.screen_contexts(screen);
            self.shell.note_contexts(screen, contexts);
        }
    }

    /// The key that does `action` on `screen` in its current mode, for a hint; `None` when
    /// nothing does it there, and the hint is left out.
    pub fn hint_key(&self, screen: Screen, action: crate::tui::keymap::Action) -> Option<String> {
        self.shell
            .keymap
            .key_in(&self.screen_contexts(screen), action)
    }

    /// The key that does `action` on `screen` in its current mode, for a sentence that names it.
    pub fn key_on(&self, screen: Screen, action: crate::tui::keymap::Action) -> String {
        self.shell
            .keymap
            .key_or_unbound(&self.screen_contexts(screen), action)
    }

    /// Recomputes everything derived from the state. Cheap when nothing changed: each part
    /// remembers what it was computed from.
    pub fn derive(&mut self) {
        self.note_contexts();
        self.browser.derive(&self.shell.bestiary);
        // The list shows the body less the search box, the filter line and two borders.
        self.browser
            .keep_in_view(self.shell.body_height().saturating_sub(6));
        self.forge.use_templates(&self.shell.bestiary.templates);
        self.forge.derive();
        self.encounter.derive(&self.shell.bestiary);
        self.adventure.derive(&self.shell.bestiary);
        if let Some(Layer::Encounter(
            crate::tui::screens::encounter::dialog::Dialog::MonsterPicker(p),
        )) = self.shell.layers.last_mut()
        {
            crate::tui::screens::encounter::derive_picker(
                p,
                &self.shell.bestiary,
                &self.browser.filter,
                self.encounter.report.party_level,
            );
        }
    }
}
