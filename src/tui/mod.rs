//! The terminal UI: a synchronous Elm-style loop. `app` holds the model, messages and the pure
//! `update`; `exec` performs file I/O and feeds results back; `view` draws. The terminal is
//! restored on quit, on error and on panic (ratatui's `init` installs the panic hook).

pub mod app;
pub mod exec;
pub mod keymap;
pub mod outcome;
pub mod overlays;
pub mod screens;
pub mod theme;
pub mod view;
pub mod widgets;

use crate::bestiary::Bestiary;
use crate::cli::DataDir;
use app::{App, Cmd, Msg, Paths, update};
use ratatui::crossterm::event::{self, Event};

impl Paths {
    pub fn from_data_dir(data: &DataDir) -> Paths {
        Paths {
            root: data.root.clone(),
            bestiary: data.bestiary(),
            encounters: data.encounters(),
            parties: data.parties(),
            exports: std::env::current_dir()
                .ok()
                .filter(|d| d.is_absolute())
                .unwrap_or_else(|| data.root.clone()),
        }
    }
}

/// Builds the model from the data directory (shipped bestiary plus the user's), loading
/// everything before returning.
pub fn app_for(data: &DataDir) -> App {
    let paths = Paths::from_data_dir(data);
    let bestiary = Bestiary::load(Some(&paths.bestiary));
    let mut app = App::new(bestiary, paths);
    app.encounter.seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    app.encounter.refresh(&app.bestiary);
    app
}

/// Feeds a message through `update` and carries out the resulting commands until none are
/// left. The editor needs the terminal, so it is handed to `suspend`.
pub fn dispatch(
    app: &mut App,
    msg: Msg,
    suspend: &mut dyn FnMut(&std::path::Path) -> app::Outcome,
) {
    dispatch_with(app, msg, suspend, &mut exec::run);
}

/// [`dispatch`] with the command executor passed in, so tests can watch or refuse what the UI
/// asks to do to files.
pub fn dispatch_with(
    app: &mut App,
    msg: Msg,
    suspend: &mut dyn FnMut(&std::path::Path) -> app::Outcome,
    run: &mut dyn FnMut(Cmd, &Paths) -> Option<app::Outcome>,
) {
    let mut queue: Vec<Msg> = vec![msg];
    while let Some(m) = queue.pop() {
        for cmd in update(app, m) {
            let outcome = match cmd {
                Cmd::OpenEditor { path } => Some(suspend(&path)),
                other => run(other, &app.paths),
            };
            if let Some(o) = outcome {
                queue.push(Msg::Done(Box::new(o)));
            }
        }
    }
}

/// Runs the UI until the user quits. The UI opens on the shipped monsters at once while the
/// user's bestiary loads on other threads; it joins the list as soon as it is read.
pub fn run(data: &DataDir) -> Result<(), String> {
    let paths = Paths::from_data_dir(data);
    let mut app = App::new(Bestiary::shipped(), paths.clone());
    app.encounter.seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    app.loading = true;
    app.info("Loading your bestiary...");
    let (tx, rx) = std::sync::mpsc::channel();
    let user_dir = paths.bestiary.clone();
    std::thread::spawn(move || {
        let (b, index) = Bestiary::load_leaving_index(Some(&user_dir));
        // The UI gets the monsters before the index reaches the disk.
        let prepared = index.map(|w| w.prepare(&b));
        let _ = tx.send(b);
        if let Some(p) = prepared {
            p.write();
        }
    });
    let mut terminal =
        ratatui::try_init().map_err(|e| format!("cannot start the terminal UI: {e}"))?;
    let result = (|| -> std::io::Result<()> {
        while !app.quit {
            terminal.draw(|f| view::view(&mut app, f))?;
            let loaded = if app.loading {
                rx.try_recv().ok()
            } else {
                None
            };
            let msg = match loaded {
                Some(b) => Msg::Done(Box::new(app::Outcome::Loaded(Box::new(b)))),
                // While loading, wake up now and then to take the result.
                None if app.loading && !event::poll(std::time::Duration::from_millis(8))? => {
                    continue;
                }
                None => match event::read()? {
                    Event::Key(k) => Msg::Key(k),
                    Event::Resize(w, h) => Msg::Resize(w, h),
                    _ => continue,
                },
            };
            let mut suspend = |path: &std::path::Path| {
                ratatui::restore();
                let outcome = exec::edit(path);
                terminal = ratatui::init();
                outcome
            };
            dispatch(&mut app, msg, &mut suspend);
        }
        Ok(())
    })();
    ratatui::restore();
    result.map_err(|e| format!("terminal error: {e}"))
}
