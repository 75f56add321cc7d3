//! The Adventure screen's keys: adding, removing and reordering encounters, the party, the
//! treasure method, undo, saving, opening and exporting the sheet.

use super::AdventureScreen;
use super::job::{Done, Job};
use crate::tui::app::{AfterLeave, App, Cmd, PromptKind, Screen};
use crate::tui::keymap::Action;
use crate::tui::layer::{FilesFor, Layer};
use crate::tui::msg::{Effect, Owner};
use crate::tui::widgets::text_field::TextField;
use lairsmith_core::adventure::Adventure;
use lairsmith_core::encounter::PartyChoice;
use lairsmith_core::encounter::PartyRef;
use lairsmith_core::store::path_in;
use lairsmith_core::vocab::Vocabulary;
use rand::Rng;

/// The Adventure screen's one question.
#[derive(Debug, Clone, PartialEq)]
pub enum Question {
    /// The adventure has unsaved changes: y save, n discard, Esc cancel; then `.0`.
    Unsaved(AfterLeave),
}

/// What a prompt of the Adventure screen is for.
#[derive(Debug, Clone, PartialEq)]
pub enum Prompt {
    /// The party, read as the Encounter screen's.
    Party,
    /// The name to save a new adventure under; then `then`.
    SaveAs { then: Option<AfterLeave> },
    /// A file name for the adventure sheet.
    Export,
    /// A file name for the adventure sheet as printable HTML.
    ExportHtml,
    /// The adventure's notes.
    Notes,
}

fn prompt(app: &mut App, p: Prompt, title: impl Into<String>, field: TextField) {
    app.shell.push(Layer::Prompt {
        kind: PromptKind::Adventure(p),
        title: title.into(),
        field,
    });
}

pub fn on_action(app: &mut App, action: Action) -> Option<Vec<Effect>> {
    let s = &mut app.adventure;
    let n = s.adventure.encounters.len();
    let was = s.cursor;
    match action {
        Action::Save => return Some(save(app, None)),
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
            let mark = s.party_files.last.clone();
            let done = s.step_history(back);
            app.shell.stepped(back, done);
            let mut effects =
                crate::tui::screens::party::history_stepped(app, Owner::Adventure, &mark, back);
            effects.extend(load_cmds(&app.adventure));
            return Some(effects);
        }
        Action::PartyNumbers => {
            let mut effects = crate::tui::screens::party::open(app, Owner::Adventure);
            effects.extend(load_cmds(&app.adventure));
            return Some(effects);
        }
        Action::AddEncounter => {
            if s.is_full() {
                app.shell.error(format!(
                    "An adventure holds at most {} encounters.",
                    lairsmith_core::adventure::MAX_ADVENTURE_ENCOUNTERS
                ));
            } else {
                return Some(vec![Cmd::ListFiles(FilesFor::AddEncounter).into()]);
            }
        }
        Action::Delete => {
            if s.cursor < n {
                let id = s.adventure.encounters.remove(s.cursor);
                let undo = app.key_on(crate::tui::app::Screen::Adventure, Action::Undo);
                app.shell.info(format!(
                    "Took {id} out of the adventure (its file stays); {undo} undoes."
                ));
            }
        }
        Action::Choose => {
            if let Some(id) = s.adventure.encounters.get(s.cursor).cloned() {
                match path_in(&app.shell.paths.encounters, &id, "yaml") {
                    Ok(path) if path.is_file() => {
                        return Some(vec![Effect::Leave(AfterLeave::OpenEncounterAt(path))]);
                    }
                    _ => {
                        let x = app.key_on(crate::tui::app::Screen::Adventure, Action::Delete);
                        app.shell.error(format!(
                            "No saved encounter has the id `{id}`; {x} takes it out of the adventure."
                        ));
                    }
                }
            }
        }
        Action::EditParty => {
            let spec = party_spec(&s.adventure.party);
            let title = crate::tui::screens::party::PARTY_PROMPT;
            prompt(app, Prompt::Party, title, TextField::new(&spec));
        }
        Action::TreasureMethod => {
            let next = lairsmith_core::vocab::cycle_option(s.adventure.treasure, true);
            s.adventure.treasure = next;
            app.shell.info(match next {
                Some(m) => format!("Treasure: {m}."),
                None => "Treasure: the book's average per encounter (no method chosen).".into(),
            });
        }
        Action::Reload => {
            app.shell
                .info("Reloading every monster, and the adventure's encounters, from disk...");
            let reload = Cmd::ReloadAll { reopen: None };
            return Some(vec![reload.into(), reload_cmd(&app.adventure).into()]);
        }
        Action::Open => return Some(vec![Effect::Leave(AfterLeave::OpenAdventure)]),
        Action::NewAdventure => return Some(vec![Effect::Leave(AfterLeave::NewAdventure)]),
        Action::ExportMarkdown => {
            // The whole path, as the Encounter screen's prompt shows it.
            let path =
                crate::tui::export::export_name(&app.shell.paths.exports, &s.adventure.name, "md");
            let title = "Export the adventure sheet (Markdown) to file".to_owned();
            prompt(app, Prompt::Export, title, TextField::new(&path));
        }
        Action::Notes => {
            let notes = s.adventure.notes.clone().unwrap_or_default();
            app.shell.push(Layer::Editor(crate::tui::layer::Editor {
                kind: PromptKind::Adventure(Prompt::Notes),
                title: "Notes of the adventure (kept in its file and on the sheet)".into(),
                area: crate::tui::widgets::text_area::TextArea::new(&notes),
            }));
        }
        Action::ExportHtml => {
            let path = crate::tui::export::export_name(
                &app.shell.paths.exports,
                &s.adventure.name,
                "html",
            );
            let title = "Export the adventure sheet (printable HTML) to file".to_owned();
            prompt(app, Prompt::ExportHtml, title, TextField::new(&path));
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
fn load_cmds(s: &AdventureScreen) -> Vec<Effect> {
    let (ids, party) = s.unread();
    if ids.is_empty() && party.is_none() {
        Vec::new()
    } else {
        vec![Cmd::Adventure(Job::LoadParts { ids, party }).into()]
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
    Cmd::Adventure(Job::LoadParts { ids, party })
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
fn set_party(app: &mut App, text: &str) -> Result<Vec<Effect>, String> {
    let text = text.trim();
    if lairsmith_core::monster::design::is_valid_id(text) {
        let text = text.to_owned();
        return Ok(vec![Cmd::Adventure(Job::LoadParty { text }).into()]);
    }
    let p = lairsmith_core::encounter::spec_party(text).map_err(|e| e.to_string())?;
    app.adventure.adventure.party = PartyRef::from_party(&p);
    app.shell.info(format!("Party: {}.", p.describe()));
    Ok(Vec::new())
}

/// The encounter chosen in the list: added after the cursor.
pub fn add_chosen(app: &mut App, path: &std::path::Path) -> Vec<Effect> {
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
            app.shell.info(format!("Added {id} as encounter {pos}."));
        }
        Err(e) => app.shell.error(e.to_string()),
    }
    load_cmds(&app.adventure)
}

/// Saves the adventure: to its file, or for a new one to `adventures/<name>.yaml` after asking
/// the name; then `then`.
pub fn save(app: &mut App, then: Option<AfterLeave>) -> Vec<Effect> {
    let doc = &app.adventure.adventure;
    if let Some(write) = doc.save_over() {
        return vec![Cmd::Adventure(Job::Save { write, then }).into()];
    }
    let field = TextField::new(doc.offered_name("New Adventure"))
        .with_max(lairsmith_core::text::MAX_NAME_CHARS);
    let title = "Name the adventure (saved in your adventures folder)";
    prompt(app, Prompt::SaveAs { then }, title, field);
    Vec::new()
}

/// The save once the adventure has a name.
fn save_as(app: &mut App, name: &str, then: Option<AfterLeave>) -> Vec<Effect> {
    let dir = app.shell.paths.adventures();
    let write = (app.adventure.adventure).save_as(name, "adventure", &dir);
    app.shell
        .run_or_say(write.map(|write| Cmd::Adventure(Job::Save { write, then })))
}

/// A fresh adventure for the same party, with a new seed.
pub fn reset(app: &mut App) {
    let party = app.adventure.adventure.party.clone();
    let saved = app.adventure.saved_party.clone();
    let mut fresh = AdventureScreen::new(app.shell.seeds.random());
    fresh.adventure.party = party;
    fresh.adventure.mark_clean();
    fresh.saved_party = saved;
    app.adventure = fresh;
}

/// The adventure read from a file, on the screen.
fn opened(
    app: &mut App,
    path: std::path::PathBuf,
    a: Adventure,
    fp: lairsmith_core::store::Fingerprint,
) {
    let name = a.name.clone();
    let file = crate::tui::document::OnDisk {
        path,
        fingerprint: fp,
    };
    app.adventure = AdventureScreen::with(a, Some(file));
    app.shell.screen = Screen::Adventure;
    app.shell.info(format!("Opened {name}."));
}

/// The adventure's cycle of treasure methods, in the help's words.
pub fn treasure_label(a: &Adventure) -> String {
    match a.treasure {
        Some(m) => format!("{} ({})", m.label(), m.key()),
        None => "none chosen: the book's average gold per encounter (E5)".into(),
    }
}

/// What was typed into one of the screen's prompts; `Err` keeps the prompt open to correct it.
pub fn on_prompt(app: &mut App, p: &Prompt, text: &str) -> Result<Vec<Effect>, String> {
    Ok(match p {
        Prompt::SaveAs { then } => save_as(app, text, then.clone()),
        Prompt::Party => set_party(app, text)?,
        Prompt::Export => {
            let s = &app.adventure;
            let contents = lairsmith_core::export::sheet::adventure::markdown(
                &s.adventure,
                &s.report,
                &app.shell.bestiary,
            );
            crate::tui::export::to_file(&mut app.shell, text, contents)
        }
        Prompt::Notes => {
            let t = text.trim();
            app.adventure.adventure.notes = (!t.is_empty()).then(|| t.to_owned());
            Vec::new()
        }
        Prompt::ExportHtml => {
            let s = &app.adventure;
            let contents = lairsmith_core::export::html::adventure(
                &s.adventure,
                &s.report,
                &app.shell.bestiary,
            );
            crate::tui::export::to_file(&mut app.shell, text, contents)
        }
    })
}

/// The answer to the screen's question; `Err` keeps asking.
pub fn on_confirm(app: &mut App, q: Question, action: Action) -> Result<Vec<Effect>, Question> {
    let Question::Unsaved(then) = q;
    Ok(match action {
        Action::Yes => save(app, Some(then)),
        Action::No => {
            reset(app);
            vec![Effect::Leave(then)]
        }
        Action::Back => Vec::new(),
        _ => return Err(Question::Unsaved(then)),
    })
}

/// What the executor did for the screen.
pub fn on_outcome(app: &mut App, done: Done) -> Vec<Effect> {
    match done {
        Done::Saved {
            path,
            fingerprint,
            then,
        } => {
            app.adventure
                .adventure
                .mark_saved(path.clone(), fingerprint);
            app.shell
                .info(format!("Saved the adventure to {}.", path.display()));
            return then.map(Effect::Leave).into_iter().collect();
        }
        Done::SaveFailed { path, error } => {
            let changed = error.changed_on_disk();
            let open = app.key_on(crate::tui::app::Screen::Adventure, Action::Open);
            let said = crate::tui::document::save_failed(
                &path,
                changed,
                error.exists(),
                error.to_string(),
                &open,
            );
            app.shell.error(said);
            if changed {
                app.adventure.adventure.forget_file();
            }
        }
        Done::Loaded { path, result } => match result {
            Ok((a, fp)) => {
                opened(app, path, *a, fp);
                return load_cmds(&app.adventure);
            }
            Err(m) => app.shell.error(m.to_string()),
        },
        Done::Parts {
            loaded,
            party,
            played,
        } => {
            let s = &mut app.adventure;
            s.loaded.extend(loaded);
            if party.is_some() {
                s.saved_party = party;
                s.saved_played = played;
            }
            s.loads += 1;
        }
        Done::PartyLoaded { text, result } => {
            let again = PromptKind::Adventure(Prompt::Party);
            let result = result.map_err(|e| e.to_string());
            let read = crate::tui::screens::party::party_read(app, &text, result, again);
            if let Some((choice, said)) = read {
                let s = &mut app.adventure;
                s.adventure.party = choice.party_ref();
                if let PartyChoice::Saved { id, party } = choice {
                    s.saved_party = Some((id, Ok(party)));
                    s.saved_played.clear();
                    s.loads += 1;
                    app.shell.info(said);
                    // P10: its record of played fights, read with it.
                    return vec![reload_cmd(&app.adventure).into()];
                }
                app.shell.info(said);
            }
        }
    }
    Vec::new()
}
