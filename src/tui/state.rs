//! What the UI remembers from one session to the next, in `<data>/state.yaml`: the party last
//! used on the Encounter screen, and the encounter and the adventure last opened or saved (by
//! id, in the data directory's `encounters/` and `adventures/`). Never in a monster's or an
//! encounter's file.
//!
//! The file is a convenience, not the GM's work: a missing, unreadable or corrupt one is read
//! as "nothing remembered", without a message, and a remembered file that is gone is skipped.
//! It is written through the executor, under its lock, changing only what this session changed,
//! so two sessions at once each keep what the other remembered.

use crate::tui::app::{App, Cmd, Msg, Screen};
use lairsmith_core::encounter::PartyRef;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The file's name in the data directory.
pub const STATE_FILE: &str = "state.yaml";
const STATE_SCHEMA_VERSION: u32 = 1;

/// What is remembered; each field is `None` when nothing is.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Remembered {
    /// The party of the encounter last on the Encounter screen, as an encounter file names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub party: Option<PartyRef>,
    /// The id of the encounter last opened or saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encounter: Option<String>,
    /// The id of the adventure last opened or saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adventure: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct StateFile {
    kind: String,
    schema_version: u32,
    #[serde(flatten)]
    remembered: Remembered,
}

impl lairsmith_core::yaml_io::KeepsXKeys for StateFile {
    fn x_keys_at(
        &mut self,
        _: &[lairsmith_core::yaml_io::Seg],
    ) -> Option<&mut lairsmith_core::yaml_io::XKeys> {
        None
    }
}

impl Remembered {
    /// What `now` remembers that this does not: its fields that are set and differ.
    pub fn changes_to(&self, now: &Remembered) -> Remembered {
        fn changed<T: Clone + PartialEq>(was: &Option<T>, now: &Option<T>) -> Option<T> {
            now.clone().filter(|n| was.as_ref() != Some(n))
        }
        Remembered {
            party: changed(&self.party, &now.party),
            encounter: changed(&self.encounter, &now.encounter),
            adventure: changed(&self.adventure, &now.adventure),
        }
    }

    pub fn is_empty(&self) -> bool {
        *self == Remembered::default()
    }

    /// Takes every field `changes` sets.
    pub fn merge(&mut self, changes: &Remembered) {
        if changes.party.is_some() {
            self.party.clone_from(&changes.party);
        }
        if changes.encounter.is_some() {
            self.encounter.clone_from(&changes.encounter);
        }
        if changes.adventure.is_some() {
            self.adventure.clone_from(&changes.adventure);
        }
    }
}

pub fn path(root: &Path) -> PathBuf {
    root.join(STATE_FILE)
}

/// What `text` remembers, keeping only what would be accepted in the files it comes from: ids
/// that are ids, and a party an encounter file would take. Anything else is forgotten.
fn parse(text: &str, path: &Path) -> Remembered {
    let Ok(file) = lairsmith_core::yaml_io::parse::<StateFile>(text, path) else {
        return Remembered::default();
    };
    if file.kind != "state" || file.schema_version != STATE_SCHEMA_VERSION {
        return Remembered::default();
    }
    let mut r = file.remembered;
    let is_id = |id: &Option<String>| {
        id.as_deref()
            .is_some_and(|i| lairsmith_core::monster::design::check_id(i).is_ok())
    };
    if !is_id(&r.encounter) {
        r.encounter = None;
    }
    if !is_id(&r.adventure) {
        r.adventure = None;
    }
    // The party goes through an encounter file's own checks (names, levels, size, a saved
    // party's id), so nothing reaches the screen that a file could not hold.
    if let Some(p) = &r.party {
        let one = lairsmith_core::rules::Level::MIN;
        let mut e = lairsmith_core::encounter::Encounter::new(
            "Remembered",
            &lairsmith_core::encounter::Party::default_at(one),
        );
        e.party = p.clone();
        if lairsmith_core::encounter::parse_encounter(&lairsmith_core::yaml_io::to_string(&e), path)
            .is_err()
        {
            r.party = None;
        }
    }
    r
}

/// What the state file in `root` remembers; nothing when it is missing or cannot be read.
pub fn read(root: &Path) -> Remembered {
    let path = path(root);
    match lairsmith_core::store::read_limited(&path) {
        Ok(bytes) => std::str::from_utf8(&bytes)
            .map_or_else(|_| Remembered::default(), |text| parse(text, &path)),
        Err(_) => Remembered::default(),
    }
}

/// Writes `changes` into the state file in `root` under its lock, keeping what they do not
/// change (what another session remembered meanwhile). A file that cannot be read is replaced.
pub fn write(root: &Path, changes: &Remembered) -> Result<(), lairsmith_core::store::SaveError> {
    let path = path(root);
    lairsmith_core::store::update_locked::<lairsmith_core::store::SaveError>(&path, |current| {
        let mut r = current
            .and_then(|b| std::str::from_utf8(b).ok())
            .map(|t| parse(t, &path))
            .unwrap_or_default();
        r.merge(changes);
        let file = StateFile {
            kind: "state".into(),
            schema_version: STATE_SCHEMA_VERSION,
            remembered: r,
        };
        Ok(Some(lairsmith_core::yaml_io::to_string(&file).into_bytes()))
    })?;
    Ok(())
}

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
        encounter: id_in(app.encounter.encounter.path(), &app.paths.encounters),
        adventure: id_in(app.adventure.adventure.path(), &app.paths.adventures()),
    }
}

/// The write that remembers what changed since the state was last read or written, if
/// anything did. `update` asks after every message: one place, whatever changed it.
pub fn remember(app: &mut App) -> Option<Cmd> {
    let changes = app.remembered.changes_to(&now(app));
    if changes.is_empty() {
        return None;
    }
    app.remembered.merge(&changes);
    Some(Cmd::Remember(changes))
}

/// Starts the UI where the last session left it: a new encounter for the party last used, and
/// the encounter and adventure last opened or saved opened again on their screens (each only
/// if its file is still there). The screen shown stays the one the UI starts on. File work, so
/// only at start, before the first message.
pub fn reopen(app: &mut App) {
    let r = read(&app.paths.root);
    if let Some(party_ref) = &r.party {
        let data = lairsmith_core::data_dir::DataDir::new(app.paths.root.clone());
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
    let encounter = file(app.paths.encounters.clone(), &r.encounter);
    let adventure = file(app.paths.adventures(), &r.adventure);
    if let Some(path) = &encounter {
        cmds.push(Cmd::LoadEncounter { path: path.clone() });
    }
    if let Some(path) = &adventure {
        cmds.push(Cmd::LoadAdventure { path: path.clone() });
    }
    // What is remembered is what this session starts from: nothing is written until it changes.
    app.remembered = r;
    app.remembered.merge(&Remembered {
        party: Some(app.encounter.encounter.party.clone()),
        ..Default::default()
    });
    if cmds.is_empty() {
        return;
    }
    let (screen, status) = (app.screen, app.status.clone());
    let mut queue = cmds;
    queue.reverse();
    while let Some(cmd) = queue.pop() {
        if let Some(o) = crate::tui::exec::run(cmd, &app.paths) {
            let mut more = crate::tui::update::update(app, Msg::Done(Box::new(o)));
            more.reverse();
            queue.extend(more);
        }
    }
    app.screen = screen;
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
    if app.status.as_ref().is_some_and(|s| s.error) {
        return;
    }
    app.status = status;
    if opened.is_empty() {
        return;
    }
    app.reopened = Some(format!("Reopened {}.", opened.join(" and ")));
    if app.loading {
        // The message that the bestiary loaded says it.
        app.info(format!(
            "{} Loading your bestiary...",
            app.reopened.as_deref().unwrap_or_default()
        ));
    } else {
        app.announce_load("loaded");
    }
}
