//! The terminal UI without a terminal, for every UI test: keys go through the real `dispatch`
//! (`update` and `exec`) against a temporary data directory, and screens are drawn on ratatui's
//! `TestBackend`. Test modules add their own steps with `impl Ui` blocks of their own.

use lairsmith::cli::DataDir;
use lairsmith::tui::app::{App, Msg, Outcome};
use lairsmith::tui::{app_for, dispatch, settings};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::path::Path;

/// The UI over its own temporary data directory, which lives as long as the value.
pub struct Ui {
    pub app: App,
    pub dir: tempfile::TempDir,
}

/// Tests have no editor: `e` and the like get this outcome instead of a child process.
fn no_editor(p: &Path) -> Outcome {
    Outcome::Edited {
        path: p.to_owned(),
        result: Err("no editor in tests".into()),
    }
}

impl Ui {
    /// An empty data directory, the generator's seed fixed at 42 and exports inside the
    /// directory.
    pub fn new() -> Ui {
        Ui::over(tempfile::tempdir().unwrap())
    }

    /// The UI over `dir`, which the test may have filled first.
    pub fn over(dir: tempfile::TempDir) -> Ui {
        let mut app = app_for(&DataDir::new(dir.path()));
        app.encounter.seed = 42;
        app.shell.paths.exports = dir.path().join("exports");
        Ui { app, dir }
    }

    /// An empty data directory with the settings file `text`, read as the UI reads it (a file
    /// with problems leaves the defaults and a message in `app.shell.settings_error`).
    pub fn with_settings(text: &str) -> Ui {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("config.yaml");
        std::fs::write(&file, text).unwrap();
        let (keymap, _, error) = settings::load(Some(&file));
        let mut ui = Ui::over(dir);
        ui.app.shell.keymap = keymap;
        ui.app.shell.settings_error = error;
        ui
    }

    pub fn root(&self) -> &Path {
        self.dir.path()
    }

    pub fn msg(&mut self, msg: Msg) -> &mut Ui {
        dispatch(&mut self.app, msg, &mut no_editor);
        self
    }

    pub fn send(&mut self, code: KeyCode, mods: KeyModifiers) -> &mut Ui {
        self.msg(Msg::Key(KeyEvent::new(code, mods)))
    }

    pub fn key(&mut self, code: KeyCode) -> &mut Ui {
        self.send(code, KeyModifiers::NONE)
    }

    pub fn ch(&mut self, c: char) -> &mut Ui {
        self.key(KeyCode::Char(c))
    }

    pub fn ctrl(&mut self, c: char) -> &mut Ui {
        self.send(KeyCode::Char(c), KeyModifiers::CONTROL)
    }

    pub fn typed(&mut self, s: &str) -> &mut Ui {
        for c in s.chars() {
            self.ch(c);
        }
        self
    }

    pub fn times(&mut self, code: KeyCode, n: usize) -> &mut Ui {
        for _ in 0..n {
            self.key(code);
        }
        self
    }

    /// The status line's text, error or not ("" when there is none).
    pub fn status(&self) -> String {
        self.app
            .shell
            .status
            .as_ref()
            .map(|s| s.text.clone())
            .unwrap_or_default()
    }

    /// The status line's text when it is an error.
    pub fn error(&self) -> Option<String> {
        self.app
            .shell
            .status
            .as_ref()
            .filter(|s| s.error)
            .map(|s| s.text.clone())
    }

    /// The screen at `w`×`h` as drawn, every cell of every row.
    pub fn draw(&mut self, w: u16, h: u16) -> String {
        self.rows(w, h).into_iter().map(|r| r + "\n").collect()
    }

    /// The screen at `w`×`h`, each row without its trailing blanks.
    pub fn screen(&mut self, w: u16, h: u16) -> String {
        let rows = self.rows(w, h);
        rows.iter()
            .map(|r| r.trim_end().to_owned() + "\n")
            .collect()
    }

    /// [`Ui::screen`] after the terminal was resized to `w`×`h`, so the model's viewport
    /// follows as it does in a real terminal.
    pub fn resized(&mut self, w: u16, h: u16) -> String {
        self.msg(Msg::Resize(w, h));
        self.screen(w, h)
    }

    fn rows(&self, w: u16, h: u16) -> Vec<String> {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| lairsmith::tui::view::view(&self.app, f))
            .unwrap();
        let buf = t.backend().buffer();
        (0..h)
            .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect())
            .collect()
    }
}
