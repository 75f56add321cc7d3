//! Applies what a command did (a save, a delete, an editor session, a reload) to the model.

use crate::bestiary::{Entry, Provenance};
use crate::monster::lint::Severity;
use crate::store::Fingerprint;
use crate::tui::app::{App, Cmd, Confirm, Outcome, Overlay, WritePurpose, leave};
use crate::tui::screens::forge::Target;

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
                    app.overlay = Some(Overlay::Confirm(Confirm::ChangedOnDisk { path }));
                }
                WritePurpose::Encounter if changed_on_disk => {
                    app.error(format!("{} changed on disk since you opened it; not overwritten. Open it again (o) or save under a new name.", path.display()));
                    app.encounter.path = None;
                    app.encounter.fingerprint = None;
                }
                WritePurpose::Encounter if exists => {
                    app.error(format!(
                        "{} already exists; choose another name.",
                        path.display()
                    ));
                }
                _ => app.error(message),
            }
            Vec::new()
        }
        Outcome::Removed { id, path } => {
            app.bestiary.remove(&id);
            app.browser.refresh(&app.bestiary);
            app.info(format!(
                "Moved {} to the trash; U puts it back (or `lairsmith restore {id}`).",
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
                    app.bestiary.upsert(Entry::new(
                        design,
                        Provenance::User,
                        path.clone(),
                        Some(fp),
                    ));
                    app.browser.refresh_keeping(&app.bestiary, Some(&id));
                    app.encounter.refresh(&app.bestiary);
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
                    let entry = Entry::new(design, Provenance::User, path.clone(), Some(fp));
                    let findings = entry.findings();
                    let errors = findings
                        .iter()
                        .filter(|f| f.severity == Severity::Error)
                        .count();
                    let warnings = findings.len() - errors;
                    let id = entry.design.id.clone();
                    app.bestiary.upsert(entry);
                    app.browser.refresh_keeping(&app.bestiary, Some(&id));
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
        Outcome::PartyLoaded { id, result } => {
            match result {
                Ok(p) => {
                    let s = &mut app.encounter;
                    s.encounter.party = crate::encounter::PartyRef::Saved(id.clone());
                    s.party = p;
                    s.mode = crate::tui::screens::encounter::Mode::Roster;
                    s.refresh(&app.bestiary);
                    let d = app.encounter.party.describe();
                    app.info(format!("Party `{id}`: {d}."));
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
            app.browser.refresh(&app.bestiary);
            app.encounter.refresh(&app.bestiary);
            let n = app.bestiary.entries.len();
            if errors == 0 {
                app.info(format!("{n} monsters loaded. Press ? for every key."));
            } else {
                app.error(format!(
                    "{n} monsters loaded; {errors} file(s) could not be read (press !)."
                ));
            }
            Vec::new()
        }
        Outcome::Reloaded(b) => {
            let errors = b.errors.len();
            app.bestiary = *b;
            app.browser.refresh(&app.bestiary);
            app.encounter.refresh(&app.bestiary);
            if let Some(id) = app.pending_reopen.take() {
                crate::tui::screens::forge::open_for_edit(app, &id);
            }
            let n = app.bestiary.entries.len();
            if errors == 0 {
                app.info(format!("Reloaded {n} monsters."));
            } else {
                app.error(format!(
                    "Reloaded {n} monsters; {errors} file(s) could not be read (press !)."
                ));
            }
            Vec::new()
        }
        Outcome::EncounterLoaded { path, result } => {
            match result {
                Ok((e, party, fp)) => {
                    let name = e.name.clone();
                    app.encounter.load(e, party, path, fp, &app.bestiary);
                    app.info(format!("Opened {name}."));
                }
                Err(m) => app.error(m),
            }
            Vec::new()
        }
    }
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
            app.bestiary.upsert(Entry::new(
                *design.clone(),
                Provenance::User,
                path.clone(),
                Some(fp),
            ));
            app.browser.refresh_keeping(&app.bestiary, Some(&id));
            if from_forge {
                let f = &mut app.forge;
                f.design = *design.clone();
                f.baseline = *design;
                f.target = Target::Existing {
                    path: path.clone(),
                    fingerprint: fp,
                };
                f.copy_of = None;
                f.rederive();
                if let Some(i) = app.encounter.replacing.take()
                    && let Some(g) = app.encounter.encounter.groups.get_mut(i)
                    && g.placeholder.is_some()
                {
                    g.placeholder = None;
                    g.monster = Some(id.clone());
                    app.encounter.refresh(&app.bestiary);
                }
            }
            app.encounter.refresh(&app.bestiary);
            app.info(format!("Saved {name} to {}.", path.display()));
        }
        WritePurpose::Export => app.info(format!("Exported to {}.", path.display())),
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
