//! The Adventure screen's keys: adding, removing and reordering encounters, the party, the
//! treasure method, undo, saving, opening and exporting the sheet.

use super::AdventureScreen;
use crate::adventure::Adventure;
use crate::encounter::PartyRef;
use crate::store::{Expect, path_in};
use crate::tui::app::{AfterLeave, App, Cmd, PromptKind, Screen, WritePurpose};
use crate::tui::keymap::{Action, Ctx};
use crate::tui::layer::Layer;
use crate::tui::update::leave;
use crate::tui::widgets::text_field::TextField;
use crate::vocab::Vocabulary;
use rand::Rng;

pub fn on_action(app: &mut App, action: Action) -> Option<Vec<Cmd>> {
    let s = &mut app.adventure;
    let n = s.adventure.encounters.len();
    let was = s.cursor;
    match action {
        Action::NextPane | Action::PrevPane | Action::Left | Action::Right => {
            s.preview_focus = !s.preview_focus
        }
        Action::Up if s.preview_focus => s.preview_scroll = s.preview_scroll.saturating_sub(1),
        Action::Down if s.preview_focus => s.preview_scroll = s.preview_scroll.saturating_add(1),
        Action::PageUp => s.preview_scroll = s.preview_scroll.saturating_sub(10),
        Action::PageDown => s.preview_scroll = s.preview_scroll.saturating_add(10),
        Action::Home if s.preview_focus => s.preview_scroll = 0,
        Action::Up => s.cursor = s.cursor.saturating_sub(1),
        Action::Down => s.cursor = (s.cursor + 1).min(n.saturating_sub(1)),
        Action::Home => s.cursor = 0,
        Action::End => s.cursor = n.saturating_sub(1),
        Action::MoveUp | Action::MoveDown => {
            let to = if action == Action::MoveUp {
                s.cursor.checked_sub(1)
            } else {
                Some(s.cursor + 1).filter(|t| *t < n)
            };
            if let Some(to) = to {
                s.adventure.encounters.swap(s.cursor, to);
                s.cursor = to;
            }
        }
        Action::Undo | Action::Redo => {
            let back = action == Action::Undo;
            if !s.step_history(back) {
                app.info(if back {
                    "Nothing to undo."
                } else {
                    "Nothing to redo."
                });
            }
        }
        Action::AddEncounter => {
            if s.is_full() {
                app.error(format!(
                    "An adventure holds at most {} encounters.",
                    crate::adventure::MAX_ADVENTURE_ENCOUNTERS
                ));
            } else {
                return Some(vec![Cmd::ListEncountersToAdd]);
            }
        }
        Action::Delete => {
            if s.cursor < n {
                let id = s.adventure.encounters.remove(s.cursor);
                let undo = app.keymap.key_for(Ctx::Adventure, Action::Undo);
                app.info(format!(
                    "Took {id} out of the adventure (its file stays); {undo} undoes."
                ));
            }
        }
        Action::Choose => {
            if let Some(id) = s.adventure.encounters.get(s.cursor).cloned() {
                match path_in(&app.paths.encounters, &id, "yaml") {
                    Ok(path) if path.is_file() => {
                        return Some(leave(app, AfterLeave::OpenEncounterAt(path)));
                    }
                    _ => {
                        let x = app.keymap.key_for(Ctx::Adventure, Action::Delete);
                        app.error(format!(
                            "No saved encounter has the id `{id}`; {x} takes it out of the adventure."
                        ));
                    }
                }
            }
        }
        Action::EditParty => {
            let spec = party_spec(&s.adventure.party);
            app.push(Layer::Prompt {
                kind: PromptKind::AdventureParty,
                title: crate::tui::screens::encounter::update::PARTY_PROMPT.into(),
                field: TextField::new(&spec),
            });
        }
        Action::TreasureMethod => {
            let next = crate::vocab::cycle_option(s.adventure.treasure, true);
            s.adventure.treasure = next;
            app.info(match next {
                Some(m) => format!("Treasure: {m}."),
                None => "Treasure: the book's average per encounter (no method chosen).".into(),
            });
        }
        Action::Reload => {
            app.info("Reloading every monster, and the adventure's encounters, from disk...");
            return Some(vec![Cmd::ReloadAll, reload_cmd(&app.adventure)]);
        }
        Action::Open => return Some(leave(app, AfterLeave::OpenAdventure)),
        Action::NewAdventure => return Some(leave(app, AfterLeave::NewAdventure)),
        Action::ExportMarkdown => {
            let name = format!("{}.md", crate::monster::slugify(&s.adventure.name));
            app.push(Layer::Prompt {
                kind: PromptKind::ExportAdventure,
                title: format!(
                    "Export the adventure sheet to (in {})",
                    app.paths.exports.display()
                ),
                field: TextField::new(&name),
            });
        }
        _ => return None,
    }
    let s = &mut app.adventure;
    if s.cursor != was {
        s.preview_scroll = 0;
    }
    Some(load_cmds(&app.adventure))
}

/// Reads what the adventure lists and has not been read yet.
pub fn load_cmds(s: &AdventureScreen) -> Vec<Cmd> {
    let (ids, party) = s.unread();
    if ids.is_empty() && party.is_none() {
        Vec::new()
    } else {
        vec![Cmd::LoadAdventureParts { ids, party }]
    }
}

/// Reads every encounter and the saved party again (files may have changed on disk).
pub fn reload_cmd(s: &AdventureScreen) -> Cmd {
    let mut ids = s.adventure.encounters.clone();
    ids.sort();
    ids.dedup();
    let party = match &s.adventure.party {
        PartyRef::Saved(id) => Some(id.clone()),
        _ => None,
    };
    Cmd::LoadAdventureParts { ids, party }
}

fn party_spec(p: &PartyRef) -> String {
    match p {
        PartyRef::Uniform { size, level } => format!("{size}x{level}"),
        PartyRef::Saved(id) => id.clone(),
        PartyRef::Members(m) => m
            .iter()
            .map(|m| match &m.name {
                Some(n) => format!("{n}={}", m.level),
                None => m.level.to_string(),
            })
            .collect::<Vec<_>>()
            .join(","),
    }
}

/// The party prompt: a saved party's id or a spec, read as the Encounter screen's prompt reads
/// it ([`crate::tui::screens::encounter::update::set_party`]): a text that can be an id goes to
/// the executor, which prefers the saved party of that id.
pub fn set_party(app: &mut App, text: &str) -> Result<Vec<Cmd>, String> {
    let text = text.trim();
    if crate::monster::design::is_valid_id(text) {
        return Ok(vec![Cmd::LoadParty {
            text: text.to_owned(),
            prompt: PromptKind::AdventureParty,
        }]);
    }
    let p = crate::encounter::spec_party(text).map_err(|e| e.to_string())?;
    app.adventure.adventure.party = PartyRef::from_party(&p);
    app.info(format!("Party: {}.", p.describe()));
    Ok(Vec::new())
}

/// The encounter chosen in the list: added after the cursor.
pub fn add_chosen(app: &mut App, path: &std::path::Path) -> Vec<Cmd> {
    let Some(id) = path.file_stem().and_then(|s| s.to_str()) else {
        return Vec::new();
    };
    let s = &mut app.adventure;
    let at = if s.adventure.encounters.is_empty() {
        None
    } else {
        Some(s.cursor + 2)
    };
    match s.adventure.insert(id, at) {
        Ok(pos) => {
            s.cursor = pos - 1;
            app.info(format!("Added {id} as encounter {pos}."));
        }
        Err(e) => app.error(e),
    }
    load_cmds(&app.adventure)
}

pub fn save(app: &mut App) -> Vec<Cmd> {
    let s = &app.adventure;
    match s.adventure.file() {
        Some(file) => vec![Cmd::Write {
            base: None,
            copy_of: None,
            path: file.path.clone(),
            contents: crate::yaml_io::to_string(&*s.adventure),
            expect: Expect::Unchanged(file.fingerprint),
            purpose: WritePurpose::Adventure,
        }],
        _ => {
            let name = if s.adventure.name == "New Adventure" {
                String::new()
            } else {
                s.adventure.name.clone()
            };
            app.push(Layer::Prompt {
                kind: PromptKind::SaveAdventureAs,
                title: "Name the adventure (saved in your adventures folder)".into(),
                field: TextField::new(&name).with_max(crate::text::MAX_NAME_CHARS),
            });
            Vec::new()
        }
    }
}

/// The save command once the adventure has a name.
pub fn save_as(app: &mut App, name: &str) -> Vec<Cmd> {
    let name = name.trim();
    let refuse = |app: &mut App, e: String| {
        app.error(e);
        app.after_save = None;
        Vec::new()
    };
    if name.is_empty() {
        return refuse(app, "An adventure needs a name.".into());
    }
    if let Err(e) = crate::text::check_name("the adventure's name", name) {
        return refuse(app, e);
    }
    let dir = app.paths.root.join("adventures");
    match path_in(&dir, &crate::monster::slugify(name), "yaml") {
        Ok(path) => {
            app.adventure.adventure.name = name.to_owned();
            vec![Cmd::Write {
                base: None,
                copy_of: app.adventure.adventure.path().map(ToOwned::to_owned),
                path,
                contents: crate::yaml_io::to_string(&*app.adventure.adventure),
                expect: Expect::New,
                purpose: WritePurpose::Adventure,
            }]
        }
        Err(e) => refuse(app, e),
    }
}

/// A fresh adventure for the same party, with a new seed.
pub fn reset(app: &mut App) {
    let party = app.adventure.adventure.party.clone();
    let saved = app.adventure.saved_party.clone();
    let mut fresh = AdventureScreen::new(app.seeds.random());
    fresh.adventure.party = party;
    fresh.adventure.mark_clean();
    fresh.saved_party = saved;
    app.adventure = fresh;
}

/// The adventure read from a file, on the screen.
pub fn opened(
    app: &mut App,
    path: std::path::PathBuf,
    a: Adventure,
    fp: crate::store::Fingerprint,
) {
    let name = a.name.clone();
    let file = crate::tui::document::OnDisk {
        path,
        fingerprint: fp,
    };
    app.adventure = AdventureScreen::with(a, Some(file));
    app.screen = Screen::Adventure;
    app.info(format!("Opened {name}."));
}

/// The adventure's cycle of treasure methods, in the help's words.
pub fn treasure_label(a: &Adventure) -> String {
    match a.treasure {
        Some(m) => format!("{} ({})", m.label(), m.key()),
        None => "none chosen: the book's average gold per encounter (E5)".into(),
    }
}
