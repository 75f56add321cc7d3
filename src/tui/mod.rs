//! The terminal UI: an Elm-style loop. `app` holds the model and `layer` its one stack of modal
//! layers; `update` is pure and returns commands; `exec` performs all file I/O, on a worker
//! thread that `jobs` runs while the loop goes on reading keys, and feeds results back as
//! messages; `view` draws from a shared reference. Every key goes
//! through `keymap`. Each screen owns its feature end to end: its `Document`, its prompts and
//! questions and the outcomes of its commands, routed to it by `update` and `layers`. The
//! terminal is restored on quit, on error, on panic and on signals.

pub mod app;
pub mod designs;
pub mod document;
pub mod exec;
pub mod export;
pub mod files;
pub mod help;
pub mod hint;
pub mod jobs;
pub mod keymap;
pub mod layer;
pub mod layers;
pub mod msg;
pub mod nav;
pub mod screens;
pub mod settings;
pub mod shell;
pub mod state;
pub mod terminal;
pub mod theme;
pub mod update;
pub mod view;
pub mod watch;
pub mod widgets;
pub mod write;

use app::{App, Cmd, Msg, Paths};
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::data_dir::DataDir;
use ratatui::crossterm::event::Event;
use update::update;

impl Paths {
    /// The user's adventures, beside their encounters.
    pub fn adventures(&self) -> std::path::PathBuf {
        self.root.join("adventures")
    }

    /// The Forge's drafts, never listed in the bestiary.
    pub fn drafts(&self) -> std::path::PathBuf {
        self.root.join("drafts")
    }

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
    let mut app = App::new(bestiary, paths, rand::random());
    app.encounter.seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    state::reopen(&mut app);
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
                other => run(other, &app.shell.paths),
            };
            if let Some(o) = outcome {
                queue.push(Msg::Done(Box::new(o)));
            }
        }
    }
}

/// Runs the UI until the user quits. The UI opens on the shipped monsters at once while the
/// user's bestiary loads on another thread; it joins the list as soon as it is read. File work
/// runs on a worker thread ([`jobs`]), so the screen keeps drawing, a signal is always heard,
/// and Esc and Ctrl-C act on a command that takes long; other keys wait while a command is in
/// flight, so each key sees what the commands before it did.
/// Returns the signal that stopped the UI, if one did.
pub fn run(data: &DataDir, settings: Option<&std::path::Path>) -> Result<Option<i32>, String> {
    let paths = Paths::from_data_dir(data);
    let (keymap, palette, settings_error) = settings::load(settings);
    theme::install(palette);
    let mut app = App::new(Bestiary::shipped(), paths.clone(), rand::random());
    app.shell.keymap = keymap;
    app.shell.settings_error = settings_error;
    app.encounter.seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    app.shell.loading = true;
    app.shell.info("Loading your bestiary...");
    state::reopen(&mut app);
    let (load_tx, load_rx) = std::sync::mpsc::channel();
    let user_dir = paths.bestiary.clone();
    std::thread::spawn(move || {
        let (b, index) = Bestiary::load_leaving_index(Some(&user_dir));
        // The UI gets the monsters before the index reaches the disk.
        let prepared = index.map(|w| w.prepare());
        let _ = load_tx.send(b);
        if let Some(p) = prepared {
            p.write();
        }
    });
    let stop = terminal::Stop::register().map_err(|e| format!("cannot watch for signals: {e}"))?;
    let mut jobs = jobs::Jobs::new(
        paths,
        std::sync::Arc::new(exec::run),
        jobs::Timing::default(),
    )
    .map_err(|e| format!("cannot start the file worker: {e}"))?;
    let mut term = terminal::enter().map_err(|e| format!("cannot start the terminal UI: {e}"))?;
    if let Ok(size) = term.size() {
        update(&mut app, Msg::Resize(size.width, size.height));
    }
    let result = event_loop(&mut app, &mut term, &mut jobs, &load_rx, &stop);
    let signal = stop.signal();
    // A signal, a closed terminal or a terminal error ends the UI without the user choosing
    // to discard anything: unsaved work is kept, first, before anything touches the terminal.
    let kept = if signal.is_some() || result.is_err() {
        keep_unsaved(&app, &recovery_places(&app.shell.paths.root))
    } else {
        Vec::new()
    };
    terminal::leave();
    let why = match (signal, &result) {
        (Some(sig), _) => format!("stopped by {}", terminal::signal_name(sig)),
        (None, Err(e)) => format!("the terminal failed ({e})"),
        (None, Ok(())) => String::new(),
    };
    for line in kept {
        eprintln_safe(&format!("lairsmith: {why}; {line}"));
    }
    if let Some(doing) = jobs.unfinished() {
        eprintln_safe(&format!(
            "lairsmith: Ctrl-C stopped waiting for {doing} before it had finished; the file holds what it held before or the whole change, never part of it"
        ));
    }
    result.map_err(|e| format!("terminal error: {e}"))?;
    Ok(signal)
}

/// Where unsaved work is kept, in order: `<data>/recovery/`, then `lairsmith/recovery` in the
/// platform's state directory and in its cache directory, then `lairsmith-recovery-<uid>` in
/// the temporary directory. A data directory on a full or read-only disk must not cost the
/// work.
pub fn recovery_places(root: &std::path::Path) -> Vec<std::path::PathBuf> {
    let own = |d: std::path::PathBuf| d.join("lairsmith").join("recovery");
    let mut places = vec![root.join("recovery")];
    places.extend(dirs::state_dir().map(own));
    places.extend(dirs::cache_dir().map(own));
    places.push(std::env::temp_dir().join(format!(
        "lairsmith-recovery-{}",
        lairsmith_core::store::keep::user_tag()
    )));
    let mut seen = Vec::new();
    places.retain(|p| {
        let new = !seen.contains(p);
        seen.push(p.clone());
        new
    });
    places
}

/// Keeps each piece of unsaved work in the first of `places` ([`recovery_places`]) that takes
/// it, and says for each where it went (and why the places before refused it), or that it could
/// not be kept and why not, place by place.
pub fn keep_unsaved(app: &App, places: &[std::path::PathBuf]) -> Vec<String> {
    let reasons = |refused: &[lairsmith_core::store::keep::Refused]| {
        refused
            .iter()
            .map(|r| format!("{}: {}", r.dir.display(), r.why))
            .collect::<Vec<_>>()
            .join("; ")
    };
    recovery_items(app)
        .into_iter()
        .map(|(what, path, contents)| {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            match lairsmith_core::store::keep::keep_in_first(places, &name, contents.as_bytes()) {
                Ok(k) if k.refused.is_empty() => {
                    format!("your unsaved work ({what}) is kept in {}", k.path.display())
                }
                Ok(k) => format!(
                    "your unsaved work ({what}) is kept in {} (it could not be kept in {})",
                    k.path.display(),
                    reasons(&k.refused)
                ),
                Err(refused) => format!(
                    "your unsaved work ({what}) could not be kept anywhere and is lost: {}",
                    reasons(&refused)
                ),
            }
        })
        .collect()
}

fn eprintln_safe(line: &str) {
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "{}",
        lairsmith_core::text::escape_controls(line)
    );
}

/// Unsaved work to keep when a signal ends the UI: the Forge's monster, the encounter and the
/// adventure, each as a new file under `<data>/recovery/` (or, if that cannot take it, of the
/// same name in another of [`recovery_places`]).
pub fn recovery_files(app: &App) -> Vec<(std::path::PathBuf, String)> {
    recovery_items(app)
        .into_iter()
        .map(|(_, path, contents)| (path, contents))
        .collect()
}

/// [`recovery_files`], each with what it is ("monster `goblin`"), for the message.
fn recovery_items(app: &App) -> Vec<(String, std::path::PathBuf, String)> {
    let dir = app.shell.paths.root.join("recovery");
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut out = Vec::new();
    if app.forge.is_dirty() {
        let slug = lairsmith_core::monster::slugify(&app.forge.design.id);
        out.push((
            format!("monster `{}`", app.forge.design.name),
            dir.join(format!("{slug}-{stamp}.yaml")),
            lairsmith_core::yaml_io::to_string(&*app.forge.design),
        ));
    }
    if app.encounter.is_dirty() {
        let slug = lairsmith_core::monster::slugify(&app.encounter.encounter.name);
        out.push((
            format!("encounter `{}`", app.encounter.encounter.name),
            dir.join(format!("encounter-{slug}-{stamp}.yaml")),
            lairsmith_core::yaml_io::to_string(&*app.encounter.encounter),
        ));
    }
    if app.adventure.is_dirty() {
        let slug = lairsmith_core::monster::slugify(&app.adventure.adventure.name);
        out.push((
            format!("adventure `{}`", app.adventure.adventure.name),
            dir.join(format!("adventure-{slug}-{stamp}.yaml")),
            lairsmith_core::yaml_io::to_string(&*app.adventure.adventure),
        ));
    }
    out
}

use app::Outcome;

/// How long one wait for input lasts before the loop looks at signals and background work.
const POLL: std::time::Duration = std::time::Duration::from_millis(50);
/// How long one wait for a running command lasts before the loop reads the terminal again.
const POLL_BUSY: std::time::Duration = std::time::Duration::from_millis(25);
/// The most input events handled between two frames: a burst of keys costs one frame.
const EVENTS_PER_FRAME: usize = 256;
/// How often status messages age.
const TICK: std::time::Duration = std::time::Duration::from_secs(1);

/// The editor, between two frames: it needs the terminal.
fn edit(
    app: &mut App,
    jobs: &mut jobs::Jobs,
    term: &mut ratatui::DefaultTerminal,
    stop: &terminal::Stop,
    path: &std::path::Path,
) -> std::io::Result<()> {
    terminal::leave();
    let outcome = exec::edit(path);
    stop.forget_keyboard_signals();
    *term = terminal::enter()?;
    term.clear()?;
    jobs.input(app, Msg::Done(Box::new(outcome)));
    Ok(())
}

fn event_loop(
    app: &mut App,
    term: &mut ratatui::DefaultTerminal,
    jobs: &mut jobs::Jobs,
    load_rx: &std::sync::mpsc::Receiver<Bestiary>,
    stop: &terminal::Stop,
) -> std::io::Result<()> {
    let tty = terminal::Tty::open()?;
    let mut last_tick = std::time::Instant::now();
    while !app.shell.quit && stop.signal().is_none() {
        term.draw(|f| view::view(app, f))?;
        if last_tick.elapsed() >= TICK {
            last_tick = std::time::Instant::now();
            jobs.input(app, Msg::Tick);
        }
        if let Some(path) = jobs.pump(app, POLL_BUSY)? {
            edit(app, jobs, term, stop, &path)?;
            continue;
        }
        if app.shell.quit {
            break;
        }
        if !jobs.busy()
            && app.shell.loading
            && let Ok(b) = load_rx.try_recv()
        {
            jobs.input(app, Msg::Done(Box::new(Outcome::Loaded(Box::new(b)))));
            continue;
        }
        // While a command runs the terminal is only looked at (the command's answer is what
        // the loop waits on), so Esc and Ctrl-C are heard within one wait.
        let wait = if jobs.busy() || jobs.holding() {
            std::time::Duration::ZERO
        } else {
            POLL
        };
        let Some(events) = terminal::read_events(&tty, wait, EVENTS_PER_FRAME)? else {
            stop.hang_up();
            return Ok(());
        };
        for e in events {
            match e {
                Event::Key(k) => jobs.input(app, Msg::Key(k)),
                Event::Paste(s) => jobs.input(app, Msg::Paste(s)),
                Event::Resize(w, h) => jobs.input(app, Msg::Resize(w, h)),
                _ => {}
            }
        }
        if let Some(path) = jobs.pump(app, std::time::Duration::ZERO)? {
            edit(app, jobs, term, stop, &path)?;
        }
    }
    Ok(())
}
