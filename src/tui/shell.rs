//! The shell: everything the UI holds besides its five screens (the bestiary, the paths, the
//! keymap, the modal layers, the status line, the terminal's size, the remembered session),
//! and what any screen may do to it (say something, open a layer, word a key). Screens take
//! their own state and the shell, never the whole `App`, so no screen
//! depends on another.

use crate::tui::keymap::{Action, Ctx, Keymap};
use crate::tui::layer::Layer;
use crate::tui::msg::{Cmd, Running};
use lairsmith_core::bestiary::{Bestiary, Entry};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::path::PathBuf;

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

    /// Its place in [`Screen::ALL`].
    pub fn index(self) -> usize {
        self as usize
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

/// What the UI holds besides the five screens.
pub struct Shell {
    pub screen: Screen,
    pub bestiary: Bestiary,
    pub paths: Paths,
    pub keymap: Keymap,
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
    /// Each screen's contexts in its current mode, in the order of [`Screen::ALL`], as the
    /// application last noted them: for a sentence that names another screen's key.
    pub contexts: [Vec<Ctx>; 5],
}

impl Shell {
    /// The shell on `bestiary`; its random seeds start from `seed`.
    pub fn new(bestiary: Bestiary, paths: Paths, seed: u64) -> Shell {
        Shell {
            screen: Screen::Bestiary,
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
            seeds: StdRng::seed_from_u64(seed),
            remembered: Default::default(),
            designs: Default::default(),
            reopened: None,
            quit: false,
            contexts: Default::default(),
        }
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
        let help = self.keymap.key_for(Ctx::Global, Action::Help);
        let bang = self.keymap.key_for(Ctx::Global, Action::ShowErrors);
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

    /// The key that does `action` in the first of `contexts` that binds it, for a sentence that
    /// names it; a screen passes its own contexts.
    pub fn key_in(&self, contexts: &[Ctx], action: Action) -> String {
        self.keymap.key_or_unbound(contexts, action)
    }

    /// The key that does `action` on `screen` in its current mode (as last noted), for a
    /// sentence that names it.
    pub fn key_on(&self, screen: Screen, action: Action) -> String {
        self.key_in(&self.contexts[screen.index()], action)
    }

    /// Notes `screen`'s contexts in its current mode, for [`Shell::key_on`].
    pub fn note_contexts(&mut self, screen: Screen, contexts: Vec<Ctx>) {
        self.contexts[screen.index()] = contexts;
    }

    pub fn entry(&self, id: &str) -> Option<&Entry> {
        self.bestiary.get(id)
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
