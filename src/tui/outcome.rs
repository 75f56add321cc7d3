//! Applies what a command did (a save, a delete, an editor session, a reload) to the model.

use crate::bestiary::Provenance;
use crate::encounter::PartyChoice;
use crate::monster::lint::Severity;
use crate::store::Fingerprint;
use crate::tui::app::{App, Cmd, Confirm, Outcome, PromptKind, WritePurpose};
use crate::tui::keymap::{Action, Ctx};
use crate::tui::layer::Layer;
use crate::tui::screens::forge::Target;
use crate::tui::update::leave;

pub fn apply(app: &mut App, outcome: Outcome) -> Vec<Cmd> {
    match outcome {
        Outcome::Nothing => Vec::new(),
        Outcome::Written {
            path,
            fingerprint,
            purpose,
        } => written(app, path, fingerprint, purpose),
        Outcome::WriteFailed {
            path,
            message,
            changed_on_disk,
            exists,
            purpose,
        } => {
            app.after_save = None;
            match purpose {
                WritePurpose::Monster {
                    from_forge: true, ..
                } if changed_on_disk => {
                    app.push(Layer::Confirm(Confirm::ChangedOnDisk { path }));
                }
                WritePurpose::Encounter if changed_on_disk => {
                    let open = app.keymap.key_for(Ctx::Encounter, Action::Open);
                    app.error(format!("{} changed on disk since you opened it; not overwritten. Open it again ({open}) or save under a new name.", path.display()));
                    app.encounter.path = None;
                    app.encounter.fingerprint = None;
                }
                WritePurpose::Adventure if changed_on_disk => {
                    let open = app.keymap.key_for(Ctx::Adventure, Action::Open);
                    app.error(format!("{} changed on disk since you opened it; not overwritten. Open it again ({open}) or save under a new name.", path.display()));
                    app.adventure.path = None;
                    app.adventure.fingerprint = None;
                }
                WritePurpose::Encounter | WritePurpose::Party { .. } | WritePurpose::Adventure
                    if exists =>
                {
                    app.error(format!(
                        "{} already exists; choose another name.",
                        path.display()
                    ));
                }
                _ => app.error(message),
            }
            Vec::new()
        }
        Outcome::ExportExists { path, contents } => {
            app.push(Layer::Confirm(Confirm::Overwrite { path, contents }));
            Vec::new()
        }
        Outcome::EncounterList(result) => {
            match result {
                Ok(files) if files.is_empty() => app.info(format!(
                    "No saved encounters in {} yet.",
                    app.paths.encounters.display()
                )),
                Ok(files) => app.push(Layer::OpenEncounter { files, cursor: 0 }),
                Err(e) => app.error(e),
            }
            Vec::new()
        }
        Outcome::Removed { id, path } => {
            app.bestiary.remove(&id);
            let restore = app.keymap.key_for(Ctx::Bestiary, Action::Restore);
            app.info(format!(
                "Moved {} to the trash; {restore} puts it back (or `lairsmith restore {id}`).",
                path.display()
            ));
            app.deleted.push(id);
            Vec::new()
        }
        Outcome::Restored { id, result } => {
            match result {
                Ok(loaded) => {
                    let (design, fp, path) = *loaded;
                    app.deleted.retain(|d| *d != id);
                    let e = app
                        .bestiary
                        .entry(design, Provenance::User, path.clone(), Some(fp));
                    app.bestiary.upsert(e);
                    app.browser.select(&id);
                    app.info(format!("Restored {}.", path.display()));
                }
                Err(m) => app.error(m),
            }
            Vec::new()
        }
        Outcome::RemoveFailed { message } => {
            app.error(message);
            Vec::new()
        }
        Outcome::Edited { path, result } => {
            match result {
                Ok(loaded) => {
                    let (design, fp) = *loaded;
                    let findings = crate::monster::block_and_findings(
                        &design,
                        &app.bestiary.templates,
                        Some(&path),
                    )
                    .1;
                    let entry =
                        app.bestiary
                            .entry(design, Provenance::User, path.clone(), Some(fp));
                    let errors = findings
                        .iter()
                        .filter(|f| f.severity == Severity::Error)
                        .count();
                    let warnings = findings.len() - errors;
                    let id = entry.card.id.clone();
                    app.bestiary.upsert(entry);
                    app.browser.select(&id);
                    let first = findings
                        .first()
                        .map(|f| format!(": {}", f.message))
                        .unwrap_or_default();
                    let msg = format!(
                        "Reloaded {}: {errors} lint error(s), {warnings} warning(s){first}",
                        path.display()
                    );
                    if errors > 0 {
                        app.error(msg)
                    } else {
                        app.info(msg)
                    }
                }
                Err(e) => app.error(format!(
                    "{e} (the file was kept as you left it; the list shows the last good version)"
                )),
            }
            Vec::new()
        }
        Outcome::PartyLoaded {
            text,
            prompt,
            result,
        } => party_chosen(app, &text, prompt, result),
        Outcome::PartyUsers { id, change, users } => {
            // The file is shared: ask, saying what else it changes.
            let users = users.describe();
            app.push(crate::tui::layer::Layer::Confirm(match change {
                crate::tui::msg::PartyChange::LevelUp => {
                    crate::tui::app::Confirm::LevelUpParty { id, users }
                }
                crate::tui::msg::PartyChange::Remove => {
                    crate::tui::app::Confirm::RemoveParty { id, users }
                }
            }));
            Vec::new()
        }
        Outcome::PartyLevelledUp { id, result } => {
            match result {
                Ok(p) => {
                    let d = p.describe();
                    app.encounter.saved_parties.insert(id.clone(), p);
                    app.info(format!("Party `{id}` levelled up and saved: {d}."));
                }
                Err(m) => app.error(m),
            }
            Vec::new()
        }
        Outcome::PartyRemoved { id, result } => {
            match result {
                Ok(to) => {
                    // The encounter keeps the members it was rated with, inline.
                    let s = &mut app.encounter;
                    if s.encounter.party == crate::encounter::PartyRef::Saved(id.clone()) {
                        s.encounter.party = crate::encounter::PartyRef::from_party(&s.party);
                    }
                    s.saved_parties.remove(&id);
                    app.info(format!(
                        "Removed the party `{id}`: its file is in {}; move it back to the parties folder to restore it.",
                        to.display()
                    ));
                }
                Err(m) => app.error(m),
            }
            Vec::new()
        }
        Outcome::Loaded(b) => {
            app.loading = false;
            let errors = b.errors.len();
            let mut b = *b;
            // Monsters saved while the load was running are newer than what it read.
            for e in app.bestiary.entries.iter().filter(|e| !e.is_shipped()) {
                b.upsert(e.clone());
            }
            app.bestiary = b;
            let _ = errors;
            app.announce_load("loaded");
            Vec::new()
        }
        Outcome::Reloaded(b) => {
            app.bestiary = *b;
            app.announce_load("reloaded");
            if let Some(id) = app.pending_reopen.take() {
                crate::tui::screens::forge::update::open_for_edit(app, &id);
            }
            Vec::new()
        }
        Outcome::AdventureFiles { purpose, result } => {
            use crate::tui::layer::FilesFor;
            match result {
                Ok(files) if files.is_empty() => app.info(match purpose {
                    FilesFor::OpenAdventure => format!(
                        "No saved adventures in {} yet.",
                        app.paths.adventures().display()
                    ),
                    FilesFor::AddEncounter => format!(
                        "No saved encounters in {} yet: build one on the Encounter screen and save it.",
                        app.paths.encounters.display()
                    ),
                }),
                Ok(files) => app.push(Layer::AdventureFiles {
                    purpose,
                    files,
                    cursor: 0,
                }),
                Err(e) => app.error(e),
            }
            Vec::new()
        }
        Outcome::AdventureLoaded { path, result } => match result {
            Ok((a, fp)) => {
                crate::tui::screens::adventure::update::opened(app, path, *a, fp);
                crate::tui::screens::adventure::update::load_cmds(&app.adventure)
            }
            Err(m) => {
                app.error(m);
                Vec::new()
            }
        },
        Outcome::AdventureParts { loaded, party } => {
            let s = &mut app.adventure;
            s.loaded.extend(loaded);
            if party.is_some() {
                s.saved_party = party;
            }
            s.loads += 1;
            Vec::new()
        }
        Outcome::EncounterLoaded { path, result } => {
            match result {
                Ok((e, party, fp)) => {
                    let name = e.name.clone();
                    let old = &app.encounter;
                    let mut s = crate::tui::screens::encounter::EncounterScreen::with(
                        e,
                        Some(path),
                        Some(fp),
                    );
                    s.seed = old.seed;
                    s.difficulty = old.difficulty;
                    s.treasure = old.treasure;
                    s.treasure_seed = old.treasure_seed;
                    s.saved_parties = old.saved_parties.clone();
                    if let crate::encounter::PartyRef::Saved(id) = &s.encounter.party {
                        s.saved_parties.insert(id.clone(), party);
                    }
                    app.encounter = s;
                    app.info(format!("Opened {name}."));
                }
                Err(m) => app.error(m),
            }
            Vec::new()
        }
    }
}

/// A party typed into a prompt, as the executor read it: set on the screen the prompt belongs
/// to, or the error and the prompt again, to correct the text.
fn party_chosen(
    app: &mut App,
    text: &str,
    prompt: PromptKind,
    result: Result<PartyChoice, String>,
) -> Vec<Cmd> {
    let choice = match result {
        Ok(c) => c,
        Err(m) => {
            app.error(m);
            app.push(Layer::Prompt {
                kind: prompt,
                title: crate::tui::screens::encounter::update::PARTY_PROMPT.into(),
                field: crate::tui::widgets::text_field::TextField::new(text),
            });
            return Vec::new();
        }
    };
    let said = match &choice {
        PartyChoice::Saved { id, party } => format!("Party `{id}`: {}.", party.describe()),
        PartyChoice::Spec(party) => format!("Party: {}.", party.describe()),
    };
    if prompt == PromptKind::AdventureParty {
        let s = &mut app.adventure;
        s.adventure.party = choice.party_ref();
        if let PartyChoice::Saved { id, party } = choice {
            s.saved_party = Some((id, Ok(party)));
            s.loads += 1;
        }
    } else {
        let s = &mut app.encounter;
        s.encounter.party = choice.party_ref();
        if let PartyChoice::Saved { id, party } = choice {
            s.saved_parties.insert(id, party);
        }
    }
    app.info(said);
    Vec::new()
}

fn written(
    app: &mut App,
    path: std::path::PathBuf,
    fp: Fingerprint,
    purpose: WritePurpose,
) -> Vec<Cmd> {
    match purpose {
        WritePurpose::Monster { design, from_forge } => {
            let id = design.id.clone();
            let name = design.name.clone();
            let e = app
                .bestiary
                .entry(*design.clone(), Provenance::User, path.clone(), Some(fp));
            app.bestiary.upsert(e);
            app.browser.select(&id);
            if from_forge {
                let f = &mut app.forge;
                f.design = *design.clone();
                f.baseline = *design;
                f.target = Target::Existing {
                    path: path.clone(),
                    fingerprint: fp,
                };
                f.copy_of = None;
                if let Some(i) = app.encounter.replacing.take()
                    && let Some(g) = app.encounter.encounter.groups.get_mut(i)
                    && g.placeholder.is_some()
                {
                    g.placeholder = None;
                    g.monster = Some(id.clone());
                }
            }
            app.info(format!("Saved {name} to {}.", path.display()));
        }
        WritePurpose::Export => app.info(format!("Exported to {}.", path.display())),
        WritePurpose::Party { id } => {
            let s = &mut app.encounter;
            s.saved_parties.insert(id.clone(), s.party.clone());
            s.encounter.party = crate::encounter::PartyRef::Saved(id.clone());
            app.info(format!(
                "Saved the party to {}; the encounter now names it (`{id}`).",
                path.display()
            ));
        }
        WritePurpose::Adventure => {
            let s = &mut app.adventure;
            s.path = Some(path.clone());
            s.fingerprint = Some(fp);
            s.baseline = s.adventure.clone();
            app.info(format!("Saved the adventure to {}.", path.display()));
        }
        WritePurpose::Encounter => {
            let s = &mut app.encounter;
            s.path = Some(path.clone());
            s.fingerprint = Some(fp);
            s.baseline = s.encounter.clone();
            app.info(format!("Saved the encounter to {}.", path.display()));
        }
    }
    match app.after_save.take() {
        // Saving one thing may leave another unsaved: leaving asks about that too.
        Some(then) => leave(app, then),
        None => Vec::new(),
    }
}
