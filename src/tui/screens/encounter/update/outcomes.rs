//! What the executor reports back to the Encounter screen: a file written, opened or refused,
//! a party read.

#[allow(clippy::wildcard_imports)]
use super::*;

/// What the executor did for the screen.
pub fn on_outcome(app: &mut App, done: Done) -> Vec<Effect> {
    match done {
        Done::PartySaved { id, path } => {
            let s = &mut app.encounter;
            s.saved_parties.insert(id.clone(), s.party.clone());
            s.encounter.party = PartyRef::Saved(id.clone());
            app.shell.info(format!(
                "Saved the party to {}; the encounter now names it (`{id}`).",
                path.display()
            ));
        }
        Done::Saved {
            path,
            fingerprint,
            then,
        } => {
            app.encounter
                .encounter
                .mark_saved(path.clone(), fingerprint);
            app.shell
                .info(format!("Saved the encounter to {}.", path.display()));
            return then.map(Effect::Leave).into_iter().collect();
        }
        Done::SaveFailed { path, error } => {
            let changed = error.changed_on_disk();
            let open = app.key_on(crate::tui::app::Screen::Encounter, Action::Open);
            let said = save_failed(&path, changed, error.exists(), error.to_string(), &open);
            app.shell.error(said);
            if changed {
                app.encounter.encounter.forget_file();
            }
        }
        // A party is saved as a new file only: only the encounter's can have changed.
        Done::PartySaveFailed { path, error } => {
            let open = app.key_on(crate::tui::app::Screen::Encounter, Action::Open);
            app.shell.error(save_failed(
                &path,
                false,
                error.exists(),
                error.to_string(),
                &open,
            ));
        }
        Done::Loaded { path, result } => match result {
            Ok((e, party, fingerprint)) => opened(app, e, party, path, fingerprint),
            Err(m) => app.shell.error(m.to_string()),
        },
        Done::PartyLoaded { text, result } => {
            let again = PromptKind::Encounter(Prompt::Party);
            let result = result.map_err(|e| e.to_string());
            if let Some((choice, said)) = party_read(app, &text, result, again) {
                let s = &mut app.encounter;
                s.encounter.party = choice.party_ref();
                if let PartyChoice::Saved { id, party } = choice {
                    s.saved_parties.insert(id, party);
                }
                app.shell.info(said);
            }
        }
        Done::PartyUsers { id, change, users } => {
            // The file is shared: ask, saying what else it changes.
            let users = users.describe();
            ask(
                app,
                match change {
                    PartyChange::LevelUp => Question::LevelUpParty { id, users },
                    PartyChange::Remove => Question::RemoveParty { id, users },
                },
            );
        }
        Done::PartyLevelledUp { id, result } => match result
            .map_err(|e| e.to_string())
            .and_then(|f| f.party().map_err(|e| e.to_string()))
        {
            Ok(p) => {
                let d = p.describe();
                app.encounter.saved_parties.insert(id.clone(), p);
                app.shell
                    .info(format!("Party `{id}` levelled up and saved: {d}."));
            }
            Err(m) => app.shell.error(m.to_string()),
        },
        Done::PartyRemoved { id, result } => match result {
            Ok(to) => {
                // The encounter keeps the members it was rated with, inline.
                let s = &mut app.encounter;
                if s.encounter.party == PartyRef::Saved(id.clone()) {
                    s.encounter.party = PartyRef::from_party(&s.party);
                }
                s.saved_parties.remove(&id);
                app.shell.info(format!(
                    "Removed the party `{id}`: its file is in {}; move it back to the parties folder to restore it.",
                    to.display()
                ));
            }
            Err(m) => app.shell.error(m.to_string()),
        },
    }
    Vec::new()
}

/// An encounter read from its file, on the screen; the generator's and the treasure's settings
/// and the saved parties read so far stay.
pub(super) fn opened(
    app: &mut App,
    e: Encounter,
    party: lairsmith_core::encounter::Party,
    path: std::path::PathBuf,
    fingerprint: lairsmith_core::store::Fingerprint,
) {
    let name = e.name.clone();
    let old = &app.encounter;
    let file = crate::tui::document::OnDisk { path, fingerprint };
    let mut s = EncounterScreen::with(e, Some(file));
    s.seed = old.seed;
    if s.encounter.generated.is_none() {
        s.difficulty = old.difficulty;
    }
    s.treasure = old.treasure;
    s.treasure_seed = old.treasure_seed;
    s.saved_parties = old.saved_parties.clone();
    if let PartyRef::Saved(id) = &s.encounter.party {
        s.saved_parties.insert(id.clone(), party);
    }
    app.encounter = s;
    app.shell.info(format!("Opened {name}."));
}
