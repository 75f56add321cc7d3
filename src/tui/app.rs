//! The application model: the screens' state, the layer stack, the status line. Derived values
//! (search hits, stat blocks, lint, the encounter's report and party) are recomputed in one
//! place, [`App::derive`], after every update; nothing else refreshes them.

use crate::tui::keymap::{Ctx, Keymap};
use crate::tui::layer::Layer;
use crate::tui::screens::adventure::AdventureScreen;
use crate::tui::screens::bestiary::Browser;
use crate::tui::screens::encounter::EncounterScreen;
use crate::tui::screens::forge::Forge;
use crate::tui::screens::table::TableScreen;
use lairsmith_core::bestiary::{Bestiary, Entry};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;

pub use crate::tui::layer::{Confirm, PromptKind};
pub use crate::tui::msg::{AfterLeave, Cmd, Msg, Outcome, Running};

/// The five screens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Bestiary,
    Forge,
    Encounter,
    Adventure,
    Table,
}

impl Screen {
    pub const ALL: [Screen; 5] = [
        Screen::Bestiary,
        Screen::Forge,
        Screen::Encounter,
        Screen::Adventure,
        Screen::Table,
    ];
    pub fn title(self) -> &'static str {
        match self {
            Screen::Bestiary => "Bestiary",
            Screen::Forge => "Forge",
            Screen::Encounter => "Encounter",
            Screen::Adventure => "Adventure",
            Screen::Table => "Table",
        }
    }

    /// The context whose section `?` opens on.
    pub fn ctx(self) -> Ctx {
        match self {
            Screen::Bestiary => Ctx::Bestiary,
            Screen::Forge => Ctx::Forge,
            Screen::Encounter => Ctx::Encounter,
            Screen::Adventure => Ctx::Adventure,
            Screen::Table => Ctx::Table,
        }
    }
}

/// A line for the status bar. It expires after `ttl` ticks (about seconds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    pub error: bool,
    pub ttl: u8,
}

/// How long a message stays, in ticks: errors twice as long as news.
pub const INFO_TICKS: u8 = 6;
pub const ERROR_TICKS: u8 = 12;

/// The most rows a status message takes: enough for a sentence naming a file, what was wrong
/// and the valid values, few enough that the screen above keeps its place at 80×24.
pub const MAX_STATUS_ROWS: usize = 3;

/// Where files go.
#[derive(Debug, Clone, PartialEq)]
pub struct Paths {
    pub root: PathBuf,
    pub bestiary: PathBuf,
    pub encounters: PathBuf,
    pub parties: PathBuf,
    /// Where an export's file name is taken from when the user gives a relative one: the
    /// working directory lairsmith was started in. Prompts show the whole path.
    pub exports: PathBuf,
}

/// The whole UI state.
pub struct App {
    pub screen: Screen,
    pub bestiary: Bestiary,
    pub paths: Paths,
    pub keymap: Keymap,
    pub browser: Browser,
    pub forge: Forge,
    pub encounter: EncounterScreen,
    pub adventure: AdventureScreen,
    pub table: TableScreen,
    /// The modal layers, bottom first; the last one has the keys.
    pub layers: Vec<Layer>,
    pub status: Option<Status>,
    /// The command that has been running for a moment, which the status line shows in place of
    /// its message until it is done.
    pub running: Option<Running>,
    /// The user's bestiary is still loading in the background.
    pub loading: bool,
    /// The monsters deleted (moved to the trash) in this session, last one last: `U` restores.
    pub deleted: Vec<String>,
    /// The terminal's size, for page sizes and scrolling.
    pub viewport: (u16, u16),
    /// Why the settings file was not used, said once the bestiary has loaded.
    pub settings_error: Option<String>,
    /// Where a new adventure's seed comes from: a stream the caller starts from real entropy,
    /// so that `update` is a function of the model and the message.
    pub seeds: StdRng,
    /// What the state file holds for the next session, as this session last read or wrote it.
    pub remembered: lairsmith_core::session::Remembered,
    /// Why the designs the screens wanted could not be read, and which are being read.
    pub designs: crate::tui::designs::Designs,
    /// What was reopened from the last session, for the message that the bestiary loaded.
    pub reopened: Option<String>,
    pub quit: bool,
}

impl App {
    /// The model on `bestiary`; its random seeds start from `seed`.
    pub fn new(bestiary: Bestiary, paths: Paths, seed: u64) -> App {
        let mut seeds = StdRng::seed_from_u64(seed);
        let mut app = App {
            screen: Screen::Bestiary,
            forge: Forge::new_monster(),
            encounter: EncounterScreen::new(),
            adventure: AdventureScreen::new(seeds.random()),
            browser: Browser::new(),
            table: TableScreen::new(),
            bestiary,
            paths,
            keymap: Keymap::default(),
            layers: Vec::new(),
            status: None,
            running: None,
            deleted: Vec::new(),
            loading: false,
            viewport: (120, 40),
            settings_error: None,
            seeds,
            remembered: Default::default(),
            designs: Default::default(),
            reopened: None,
            quit: false,
        };
        app.announce_load("loaded");
        app.derive();
        app
    }

    pub fn info(&mut self, s: impl Into<String>) {
        self.status = Some(Status {
            text: s.into(),
            error: false,
            ttl: INFO_TICKS,
        });
    }

    /// Takes away an error that is shown, leaving news alone.
    pub fn clear_error(&mut self) {
        if self.status.as_ref().is_some_and(|s| s.error) {
            self.status = None;
        }
    }

    pub fn error(&mut self, s: impl Into<String>) {
        self.status = Some(Status {
            text: s.into(),
            error: true,
            ttl: ERROR_TICKS,
        });
    }

    /// The command, or what stops it said.
    pub fn run_or_say(&mut self, cmd: Result<Cmd, String>) -> Vec<crate::tui::msg::Effect> {
        match cmd {
            Ok(cmd) => vec![cmd.into()],
            Err(e) => {
                self.error(e);
                Vec::new()
            }
        }
    }

    /// Says so when an undo (`back`) or a redo found nothing to step to.
    pub fn stepped(&mut self, back: bool, done: bool) {
        if done {
            // What an earlier key said ("Nothing to undo.") is no longer so.
            self.info(if back { "Undone." } else { "Redone." });
        } else {
            self.info(if back {
                "Nothing to undo."
            } else {
                "Nothing to redo."
            });
        }
    }

    /// Says how many monsters there are and, in the same words as the `!` list, how many files
    /// could not be read.
    pub fn announce_load(&mut self, verb: &str) {
        let n = self.bestiary.entries.len();
        let errors = self.bestiary.errors.len();
        let help = self
            .keymap
            .key_for(Ctx::Global, crate::tui::keymap::Action::Help);
        let bang = self
            .keymap
            .key_for(Ctx::Global, crate::tui::keymap::Action::ShowErrors);
        let reopened = self.reopened.take();
        if let Some(e) = self.settings_error.take() {
            self.error(e);
        } else if let (0, Some(r)) = (errors, &reopened) {
            // What came back first: it is what the line has room for at 80 columns.
            self.info(format!("{r} {n} monsters {verb}."));
        } else if errors == 0 {
            self.info(format!("{n} monsters {verb}. Press {help} for every key."));
        } else {
            self.error(format!(
                "{n} monsters {verb}; {} could not be read and {} not listed (press {bang} to see which).",
                lairsmith_core::text::count_of(errors, "file", "files"),
                if errors == 1 { "is" } else { "are" }
            ));
        }
    }

    /// The layer with the keys, if any.
    pub fn top(&self) -> Option<&Layer> {
        self.layers.last()
    }

    pub fn push(&mut self, layer: Layer) {
        self.layers.push(layer);
    }

    /// The contexts whose keys apply now, most specific first: the top layer's, else the
    /// screen's.
    pub fn contexts(&self) -> Vec<Ctx> {
        if let Some(l) = self.top() {
            return l.contexts();
        }
        self.screen_contexts(self.screen)
    }

    /// The contexts whose keys the help bar offers: [`App::contexts`], without `Ctrl-S save`
    /// on the screens that have nothing to save (the Bestiary saves each change as it is made,
    /// the Table each step of a fight), where the key only says so.
    pub fn bar_contexts(&self) -> Vec<Ctx> {
        let mut v = self.contexts();
        if self.top().is_none() && matches!(self.screen, Screen::Bestiary | Screen::Table) {
            v.retain(|c| *c != Ctx::Anywhere);
        }
        v
    }

    /// The contexts of `screen` in its current mode (the Forge's step and pane, the encounter's
    /// system, the Table's fight or list), without what is open over it.
    pub fn screen_contexts(&self, screen: Screen) -> Vec<Ctx> {
        let mut v = match screen {
            Screen::Bestiary => vec![Ctx::Bestiary],
            Screen::Forge => self.forge.contexts(),
            Screen::Encounter => match self.encounter.encounter.system {
                lairsmith_core::encounter::System::Orcus => {
                    vec![Ctx::EncounterOrcus, Ctx::Encounter]
                }
                lairsmith_core::encounter::System::D20e3 => vec![Ctx::Encounter3e, Ctx::Encounter],
            },
            Screen::Adventure => vec![Ctx::Adventure],
            // The list of fights is one pane: Tab does nothing there, so it is not offered.
            Screen::Table if self.table.open.is_none() => vec![Ctx::TableList],
            Screen::Table => vec![Ctx::Table, Ctx::Panes],
        };
        if screen != Screen::Table {
            v.push(Ctx::Panes);
        }
        v.extend([Ctx::Anywhere, Ctx::Global]);
        v
    }

    /// The key that does `action` on `screen` in its current mode, for a hint; `None` when
    /// nothing does it there, and the hint is left out.
    pub fn hint_key(&self, screen: Screen, action: crate::tui::keymap::Action) -> Option<String> {
        self.keymap.key_in(&self.screen_contexts(screen), action)
    }

    /// The key that does `action` on `screen` in its current mode, for a sentence that names it.
    pub fn key_on(&self, screen: Screen, action: crate::tui::keymap::Action) -> String {
        self.keymap
            .key_or_unbound(&self.screen_contexts(screen), action)
    }

    pub fn entry(&self, id: &str) -> Option<&Entry> {
        self.bestiary.get(id)
    }

    /// Recomputes everything derived from the state. Cheap when nothing changed: each part
    /// remembers what it was computed from.
    pub fn derive(&mut self) {
        self.browser.derive(&self.bestiary);
        // The list shows the body less the search box, the filter line and two borders.
        self.browser
            .keep_in_view(self.body_height().saturating_sub(6));
        self.forge.use_templates(&self.bestiary.templates);
        self.forge.derive();
        self.encounter.derive(&self.bestiary);
        self.adventure.derive(&self.bestiary);
        if let Some(Layer::Encounter(
            crate::tui::screens::encounter::dialog::Dialog::MonsterPicker(p),
        )) = self.layers.last_mut()
        {
            crate::tui::screens::encounter::derive_picker(
                p,
                &self.bestiary,
                &self.browser.filter,
                self.encounter.report.party_level,
            );
        }
    }

    /// Rows of a list the body of the screen can show (the frame takes four lines).
    pub fn body_height(&self) -> usize {
        usize::from(self.viewport.1.saturating_sub(3 + self.status_rows())).max(1)
    }

    /// The status line's message wrapped to the terminal's width, at most
    /// [`MAX_STATUS_ROWS`] rows: an error is read whole, not cut where its useful part starts.
    pub fn status_lines(&self, width: u16) -> Vec<ratatui::text::Line<'static>> {
        let text = match (&self.running, &self.status) {
            (Some(r), _) => r.words(),
            (None, Some(s)) => s.text.clone(),
            (None, None) => return vec![ratatui::text::Line::default()],
        };
        // Whatever a message quotes (a word typed, a name from a file) reaches the terminal
        // only as text.
        let text = lairsmith_core::text::escape_controls(&text).into_owned();
        let width = usize::from(width.max(1));
        let mut lines =
            crate::tui::widgets::wrap::flush(vec![ratatui::text::Line::raw(text)], width);
        if lines.len() > MAX_STATUS_ROWS {
            // The last row that fits ends at a whole word, with an ellipsis.
            let rest: String = lines[MAX_STATUS_ROWS - 1..]
                .iter()
                .map(|l| l.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            lines.truncate(MAX_STATUS_ROWS - 1);
            lines.push(ratatui::text::Line::raw(
                lairsmith_core::text::truncate_to_words(&rest, width).into_owned(),
            ));
        }
        lines
    }

    /// How many rows the status line takes in the terminal now (one when there is no message).
    pub fn status_rows(&self) -> u16 {
        self.status_lines(self.viewport.0).len() as u16
    }
}
