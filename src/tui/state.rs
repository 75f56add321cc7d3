//! What the UI remembers from one session to the next (the library's
//! [`lairsmith_core::session`]): what changed, written through the executor after every message,
//! and the last session's files opened again at start. A remembered file that is gone is
//! skipped, without a message.

use crate::tui::app::{App, Cmd, Msg, Screen};
use lairsmith_core::encounter::PartyRef;
pub use lairsmith_core::session::Remembered;
use std::path::{Path, PathBuf};

/// The id of `file` when it is a YAML file right in `dir`.
fn id_in(file: Option<&Path>, dir: &Path) -> Option<String> {
    let file = file?;
    (file.parent() == Some(dir) && file.extension().is_some_and(|x| x == "yaml"))
        .then(|| file.file_stem())
        .flatten()
        .map(|s| s.to_string_lossy().into_owned())
}

/// What the UI would remember now: the encounter's party, and the encounter and the adventure
/// on their screens if they are in their files.
fn now(app: &App) -> Remembered {
    Remembered {
        party: Some(app.encounter.encounter.party.clone()),
        encounter: id_in(app.encounter.encounter.path(), &app.shell.paths.encounters),
        adventure: id_in(
            app.adventure.adventure.path(),
            &app.shell.paths.adventures(),
        ),
    }
}

/// The write that remembers what changed since the state was last read or written, if
/// anything did. `update` asks after every message: one place, whatever changed it.
pub fn remember(app: &mut App) -> Option<Cmd> {
    let changes = app.shell.remembered.changes_to(&now(app));
    if changes.is_empty() {
        return None;
    }
    app.shell.remembered.merge(&changes);
    Some(Cmd::Remember(changes))
}

/// Starts the UI where the last session left it: a new encounter for the party last used, and
/// the encounter and adventure last opened or saved opened again on their screens (each only
/// if its file is still there). The screen shown stays the one the UI starts on. File work, so
/// only at start, before the first message.
pub fn reopen(app: &mut App) {
    let r = lairsmith_core::session::read(&app.shell.paths.root);
    if let Some(party_ref) = &r.party {
        let data = lairsmith_core::data_dir::DataDir::new(app.shell.paths.root.clone());
        if let Ok(party) = lairsmith_core::encounter::saved::resolve_party_ref(&data, party_ref) {
            let mut e = lairsmith_core::encounter::Encounter::new("New Encounter", &party);
            e.party = party_ref.clone();
            let mut fresh = crate::tui::screens::encounter::EncounterScreen::with(e, None);
            fresh.seed = app.encounter.seed;
            if let PartyRef::Saved(id) = party_ref {
                fresh.saved_parties.insert(id.clone(), party);
            }
            app.encounter = fresh;
            app.derive();
        }
    }
    let file = |dir: PathBuf, id: &Option<String>| {
        id.as_deref()
            .and_then(|id| lairsmith_core::store::path_in(&dir, id, "yaml").ok())
            .filter(|p| p.is_file())
    };
    let mut cmds = Vec::new();
    let encounter = file(app.shell.paths.encounters.clone(), &r.encounter);
    let adventure = file(app.shell.paths.adventures(), &r.adventure);
    if let Some(path) = &encounter {
        cmds.push(Cmd::Encounter(
            crate::tui::screens::encounter::job::Job::Load { path: path.clone() },
        ));
    }
    if let Some(path) = &adventure {
        cmds.push(Cmd::Adventure(
            crate::tui::screens::adventure::job::Job::Load { path: path.clone() },
        ));
    }
    // What is remembered is what this session starts from: nothing is written until it changes.
    app.shell.remembered = r;
    app.shell.remembered.merge(&Remembered {
        party: Some(app.encounter.encounter.party.clone()),
        ..Default::default()
    });
    if cmds.is_empty() {
        return;
    }
    let (screen, status) = (app.shell.screen, app.shell.status.clone());
    let mut queue = cmds;
    queue.reverse();
    while let Some(cmd) = queue.pop() {
        if let Some(o) = crate::tui::exec::run(cmd, &app.shell.paths) {
            let mut more = crate::tui::update::update(app, Msg::Done(Box::new(o)));
            more.reverse();
            queue.extend(more);
        }
    }
    app.shell.screen = screen;
    let key = |screen: Screen, action| app.key_on(screen, action);
    let opened: Vec<String> = [
        encounter
            .filter(|_| app.encounter.encounter.path().is_some())
            .map(|_| {
                let k = key(Screen::Encounter, crate::tui::keymap::Action::ToEncounter);
                format!("{} ({k})", app.encounter.encounter.name)
            }),
        adventure
            .filter(|_| app.adventure.adventure.path().is_some())
            .map(|_| {
                let k = key(Screen::Adventure, crate::tui::keymap::Action::ToAdventure);
                format!("{} ({k})", app.adventure.adventure.name)
            }),
    ]
    .into_iter()
    .flatten()
    .collect();
    // A file that could not be read says so; else the line says what came back.
    if app.shell.status.as_ref().is_some_and(|s| s.error) {
        return;
    }
    app.shell.status = status;
    if opened.is_empty() {
        return;
    }
    app.shell.reopened = Some(format!("Reopened {}.", opened.join(" and ")));
    if app.shell.loading {
        // The message that the bestiary loaded says it.
        app.shell.info(format!(
            "{} Loading your bestiary...",
            app.shell.reopened.as_deref().unwrap_or_default()
        ));
    } else {
        app.shell.announce_load("loaded");
    }
}
