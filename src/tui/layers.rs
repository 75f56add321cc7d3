//! Keys of the modal layers: the key reference, load errors, questions, prompts, the re-level
//! and filter forms, the pickers and the list of saved encounters. Each layer answers the
//! actions of its own contexts; a layer that is closed is popped, so what has the keys is
//! always what is drawn on top.

use crate::bestiary::Filter;
use crate::export::{Format, render};
use crate::rules::{CreatureType, Level, Rank, Role, Source, Tag};
use crate::store::{Expect, path_in};
use crate::tui::app::{App, Cmd, Confirm, PromptKind, RelevelForm, WritePurpose};
use crate::tui::keymap::Action;
use crate::tui::layer::{FILTER_ROWS, FilterForm, Layer, PlaceholderForm};
use crate::tui::screens::{adventure, encounter, forge};
use crate::tui::update::{leave, type_into_field};
use crate::vocab::Vocabulary;
use ratatui::crossterm::event::KeyEvent;

pub fn on_key(app: &mut App, ev: &KeyEvent, action: Option<Action>) -> Vec<Cmd> {
    // Editing keys and typed characters go to the focused field first.
    if type_into_field(app, ev, action) {
        return Vec::new();
    }
    let Some(action) = action else {
        return Vec::new();
    };
    let Some(layer) = app.layers.pop() else {
        return Vec::new();
    };
    match layer {
        Layer::Help { scroll } => {
            if let Some(scroll) =
                scrolled(scroll, action, crate::tui::help::line_count(&app.keymap))
            {
                app.push(Layer::Help { scroll });
            }
            Vec::new()
        }
        Layer::Errors { scroll } => {
            if let Some(scroll) = scrolled(scroll, action, app.bestiary.errors.len() + 1) {
                app.push(Layer::Errors { scroll });
            }
            Vec::new()
        }
        Layer::Confirm(c) => confirm(app, c, action),
        Layer::Prompt { kind, title, field } => match action {
            Action::Back => {
                // A cancelled name prompt cancels the leave that was waiting on the save.
                app.after_save = None;
                Vec::new()
            }
            Action::Choose | Action::Save => {
                let text = field.text();
                let (cmds, keep) = prompt_done(app, &kind, &text, action == Action::Save);
                if keep {
                    app.push(Layer::Prompt { kind, title, field });
                }
                cmds
            }
            _ => {
                app.push(Layer::Prompt { kind, title, field });
                Vec::new()
            }
        },
        Layer::Relevel(mut form) => match action {
            Action::Back => Vec::new(),
            Action::Choose => relevel_done(app, form),
            _ => {
                form_move(&mut form.row, 3, action);
                if form.row > 0 && matches!(action, Action::Left | Action::Right) {
                    let fwd = action == Action::Right;
                    let (v, n) = if form.row == 1 {
                        (&mut form.rank, Rank::ALL.len() + 1)
                    } else {
                        (&mut form.role, Role::ALL.len() + 1)
                    };
                    *v = if fwd { (*v + 1) % n } else { (*v + n - 1) % n };
                }
                app.push(Layer::Relevel(form));
                Vec::new()
            }
        },
        Layer::Search => {
            match action {
                Action::Choose | Action::Back => {}
                Action::Up => {
                    app.browser.move_by(-1);
                    app.push(Layer::Search);
                }
                Action::Down => {
                    app.browser.move_by(1);
                    app.push(Layer::Search);
                }
                _ => app.push(Layer::Search),
            }
            Vec::new()
        }
        Layer::Filter(form) => filter_key(app, form, action),
        Layer::TemplatePicker(mut p) => {
            match action {
                Action::Back => return Vec::new(),
                Action::Choose => {
                    let matches = forge::update::template_matches(&app.forge, &p.query.text());
                    if let Some((_, power)) =
                        matches.get(p.cursor.min(matches.len().saturating_sub(1)))
                    {
                        forge::update::add_template(app, power.clone());
                        return Vec::new();
                    }
                }
                other => picker_move(&mut p.cursor, other, app.body_height()),
            }
            app.push(Layer::TemplatePicker(p));
            Vec::new()
        }
        Layer::MonsterPicker(mut p) => {
            match action {
                Action::Back => return Vec::new(),
                Action::Choose => {
                    if let Some(i) = p.hits.get(p.cursor.min(p.hits.len().saturating_sub(1))) {
                        let id = app.bestiary.entries[*i].card.id.clone();
                        encounter::update::add_monster(app, &id);
                    }
                }
                Action::AllLevels => {
                    p.all_levels = !p.all_levels;
                    p.cursor = 0;
                }
                other => picker_move(&mut p.cursor, other, app.body_height()),
            }
            app.push(Layer::MonsterPicker(p));
            Vec::new()
        }
        Layer::Placeholder(mut form) => match action {
            Action::Back => Vec::new(),
            Action::Choose => match form.level.text().trim().parse::<Level>() {
                Ok(level) => {
                    encounter::update::add_placeholder(app, level, form.rank, form.role);
                    Vec::new()
                }
                Err(e) => {
                    app.error(e);
                    app.push(Layer::Placeholder(form));
                    Vec::new()
                }
            },
            _ => {
                form_move(&mut form.row, 3, action);
                if form.row > 0 && matches!(action, Action::Left | Action::Right) {
                    let fwd = action == Action::Right;
                    let (v, n) = if form.row == 1 {
                        (&mut form.rank, Rank::ALL.len())
                    } else {
                        (&mut form.role, Role::ALL.len())
                    };
                    *v = if fwd { (*v + 1) % n } else { (*v + n - 1) % n };
                }
                app.push(Layer::Placeholder(form));
                Vec::new()
            }
        },
        Layer::Challenge(form) => encounter::challenge::on_key(app, form, action),
        Layer::AdventureFiles {
            purpose,
            files,
            mut cursor,
        } => match action {
            Action::Back => Vec::new(),
            Action::Choose => match (files.get(cursor), purpose) {
                (Some(p), crate::tui::layer::FilesFor::OpenAdventure) => {
                    vec![Cmd::LoadAdventure { path: p.clone() }]
                }
                (Some(p), crate::tui::layer::FilesFor::AddEncounter) => {
                    adventure::update::add_chosen(app, &p.clone())
                }
                (None, _) => Vec::new(),
            },
            other => {
                let n = files.len();
                picker_move(&mut cursor, other, app.body_height());
                cursor = cursor.min(n.saturating_sub(1));
                app.push(Layer::AdventureFiles {
                    purpose,
                    files,
                    cursor,
                });
                Vec::new()
            }
        },
        Layer::OpenEncounter { files, mut cursor } => match action {
            Action::Back => Vec::new(),
            Action::Choose => match files.get(cursor) {
                Some(p) => vec![Cmd::LoadEncounter { path: p.clone() }],
                None => Vec::new(),
            },
            other => {
                let n = files.len();
                picker_move(&mut cursor, other, app.body_height());
                cursor = cursor.min(n.saturating_sub(1));
                app.push(Layer::OpenEncounter { files, cursor });
                Vec::new()
            }
        },
    }
}

/// The new scroll position of a viewer, or `None` when the key closes it.
fn scrolled(scroll: u16, action: Action, lines: usize) -> Option<u16> {
    let last = u16::try_from(lines.saturating_sub(1)).unwrap_or(u16::MAX);
    Some(match action {
        Action::Back => return None,
        Action::Up => scroll.saturating_sub(1),
        Action::Down => scroll.saturating_add(1).min(last),
        Action::PageUp => scroll.saturating_sub(10),
        Action::PageDown => scroll.saturating_add(10).min(last),
        Action::Home => 0,
        Action::End => last,
        _ => scroll,
    })
}

fn form_move(row: &mut usize, rows: usize, action: Action) {
    match action {
        Action::Up | Action::PrevField => *row = row.saturating_sub(1),
        Action::Down | Action::NextField => *row = (*row + 1).min(rows - 1),
        _ => {}
    }
}

fn picker_move(cursor: &mut usize, action: Action, page: usize) {
    match action {
        Action::Up => *cursor = cursor.saturating_sub(1),
        Action::Down => *cursor = cursor.saturating_add(1),
        Action::PageUp => *cursor = cursor.saturating_sub(page),
        Action::PageDown => *cursor = cursor.saturating_add(page),
        _ => {}
    }
}

fn cycle_vec<T: Vocabulary>(v: &mut Vec<T>, forward: bool) {
    let next = crate::vocab::cycle_option(v.first().copied(), forward);
    v.clear();
    v.extend(next);
}

/// The filter form changes the filters as the user goes, so the list behind it shows what they
/// select; Enter and Esc both close it.
fn filter_key(app: &mut App, mut form: FilterForm, action: Action) -> Vec<Cmd> {
    let f = &mut app.browser.filter;
    match action {
        Action::Choose | Action::Back => return Vec::new(),
        Action::ClearFilter => {
            *f = Filter::default();
            form.levels.clear();
        }
        Action::Left | Action::Right if form.row > 0 => {
            let fwd = action == Action::Right;
            match form.row {
                1 => cycle_vec::<Rank>(&mut f.ranks, fwd),
                2 => cycle_vec::<Role>(&mut f.roles, fwd),
                3 => cycle_vec::<Source>(&mut f.sources, fwd),
                4 => cycle_vec::<CreatureType>(&mut f.types, fwd),
                5 => cycle_vec::<Tag>(&mut f.tags, fwd),
                _ => {
                    f.leader = match (f.leader, fwd) {
                        (None, true) | (Some(false), false) => Some(true),
                        (Some(true), true) | (None, false) => Some(false),
                        (Some(false), true) | (Some(true), false) => None,
                    }
                }
            }
        }
        other => form_move(&mut form.row, FILTER_ROWS.len(), other),
    }
    app.push(Layer::Filter(form));
    Vec::new()
}

/// The level range typed into the filter form applies as soon as it parses.
pub fn filter_levels_changed(app: &mut App) {
    let Some(Layer::Filter(form)) = app.layers.last() else {
        return;
    };
    let t = form.levels.text();
    if t.trim().is_empty() {
        app.browser.filter.levels = None;
        app.status = None;
        return;
    }
    match Filter::parse_levels(&t) {
        Ok(r) => {
            app.browser.filter.levels = Some(r);
            app.status = None;
        }
        Err(e) => app.error(e),
    }
}

fn confirm(app: &mut App, c: Confirm, action: Action) -> Vec<Cmd> {
    let keep = |app: &mut App, c: Confirm| {
        app.push(Layer::Confirm(c));
        Vec::new()
    };
    match c {
        Confirm::Unsaved(then) => match action {
            Action::Yes => {
                app.after_save = Some(then);
                forge::update::save(app)
            }
            Action::No => {
                app.forge = forge::Forge::new_monster();
                app.info("Changes discarded.");
                // Leaving may still have the encounter to ask about.
                leave(app, then)
            }
            Action::Back => Vec::new(),
            _ => keep(app, Confirm::Unsaved(then)),
        },
        Confirm::UnsavedEncounter(then) => match action {
            Action::Yes => {
                app.after_save = Some(then);
                encounter::update::save(app)
            }
            Action::No => {
                encounter::update::reset(app);
                leave(app, then)
            }
            Action::Back => Vec::new(),
            _ => keep(app, Confirm::UnsavedEncounter(then)),
        },
        Confirm::UnsavedAdventure(then) => match action {
            Action::Yes => {
                app.after_save = Some(then);
                adventure::update::save(app)
            }
            Action::No => {
                adventure::update::reset(app);
                leave(app, then)
            }
            Action::Back => Vec::new(),
            _ => keep(app, Confirm::UnsavedAdventure(then)),
        },
        Confirm::Delete { id, path } => match action {
            Action::Yes => vec![Cmd::Remove { path, id }],
            Action::No | Action::Back => Vec::new(),
            _ => keep(app, Confirm::Delete { id, path }),
        },
        Confirm::SwitchSystem => match action {
            Action::Yes => {
                encounter::update::switch_system(app);
                Vec::new()
            }
            Action::No | Action::Back => Vec::new(),
            _ => keep(app, Confirm::SwitchSystem),
        },
        Confirm::RemoveParty { id, users } => match action {
            Action::Yes => vec![Cmd::RemoveParty { id }],
            Action::No | Action::Back => Vec::new(),
            _ => keep(app, Confirm::RemoveParty { id, users }),
        },
        Confirm::LevelUpParty { id, users } => match action {
            Action::Yes => vec![Cmd::LevelUpParty { id }],
            Action::No | Action::Back => {
                app.info(format!("The party `{id}` stays as it is."));
                Vec::new()
            }
            _ => keep(app, Confirm::LevelUpParty { id, users }),
        },
        Confirm::Overwrite { path, contents } => match action {
            Action::Yes => vec![Cmd::Write {
                base: None,
                copy_of: None,
                path,
                contents,
                expect: Expect::Anything,
                purpose: WritePurpose::Export,
            }],
            Action::No | Action::Back => Vec::new(),
            _ => keep(app, Confirm::Overwrite { path, contents }),
        },
        Confirm::ChangedOnDisk { path } => match action {
            Action::ReloadFromDisk => {
                app.info(format!(
                    "Reloading {}; your unsaved edits are dropped.",
                    path.display()
                ));
                app.pending_reopen = Some(app.forge.design.id.clone());
                vec![Cmd::ReloadAll]
            }
            Action::SaveCopy => forge::update::save_as_copy(app),
            Action::Back => Vec::new(),
            _ => keep(app, Confirm::ChangedOnDisk { path }),
        },
        Confirm::RelevelOwn { design } => match action {
            Action::Overwrite => relevel_write(app, *design, false),
            Action::SaveCopy => relevel_write(app, *design, true),
            Action::Back => Vec::new(),
            _ => keep(app, Confirm::RelevelOwn { design }),
        },
        Confirm::LintErrors { errors } => match action {
            Action::Yes => forge::update::save_unchecked(app),
            Action::Back | Action::No => {
                app.info("Not saved. The Review step lists what the lint found.");
                Vec::new()
            }
            _ => keep(app, Confirm::LintErrors { errors }),
        },
    }
}

/// Carries out a prompt. Returns the commands and whether the prompt stays open (bad input).
fn prompt_done(app: &mut App, kind: &PromptKind, text: &str, save_key: bool) -> (Vec<Cmd>, bool) {
    match kind {
        PromptKind::ForgeField => match forge::update::commit_field(app, text) {
            Ok(()) if save_key => (forge::update::save(app), false),
            Ok(()) => (Vec::new(), false),
            Err(e) => {
                app.error(e);
                (Vec::new(), true)
            }
        },
        _ if save_key => (Vec::new(), true),
        PromptKind::SaveEncounterAs => (encounter::update::save_as(app, text), false),
        PromptKind::SaveAdventureAs => (adventure::update::save_as(app, text), false),
        PromptKind::AdventureParty => match adventure::update::set_party(app, text) {
            Ok(cmds) => (cmds, false),
            Err(e) => {
                app.error(e);
                (Vec::new(), true)
            }
        },
        PromptKind::ExportAdventure => {
            let s = &app.adventure;
            let contents =
                crate::export::sheet::adventure::markdown(&s.adventure, &s.report, &app.bestiary);
            (export(app, text, contents), false)
        }
        PromptKind::Party => match encounter::update::set_party(app, text) {
            Ok(cmds) => (cmds, false),
            Err(e) => {
                app.error(e);
                (Vec::new(), true)
            }
        },
        PromptKind::SaveParty => match encounter::update::save_party(app, text) {
            Ok(cmds) => (cmds, false),
            Err(e) => {
                app.error(e);
                (Vec::new(), true)
            }
        },
        PromptKind::Notes => {
            encounter::update::set_notes(app, text);
            (Vec::new(), false)
        }
        PromptKind::AddCr => match encounter::update::add_cr(app, text) {
            Ok(()) => (Vec::new(), false),
            Err(e) => {
                app.error(e);
                (Vec::new(), true)
            }
        },
        PromptKind::ExportMarkdown { id } | PromptKind::ExportYaml { id } => {
            let Some(block) = block_of(app, id) else {
                return (Vec::new(), false);
            };
            let fmt = if matches!(kind, PromptKind::ExportMarkdown { .. }) {
                Format::Markdown
            } else {
                Format::Yaml
            };
            let contents = render(&block, fmt);
            (export(app, text, contents), false)
        }
        PromptKind::ExportEncounter => {
            let s = &app.encounter;
            // The sheet shows the treasure method chosen on the screen, as the CLI's does.
            let contents = crate::export::sheet::encounter::markdown_with_treasure(
                &s.encounter,
                &s.party,
                &s.report,
                &app.bestiary,
                s.treasure_plan.as_ref(),
            );
            (export(app, text, contents), false)
        }
        PromptKind::ExportHtml { id } => {
            let Some(block) = block_of(app, id) else {
                return (Vec::new(), false);
            };
            let contents = crate::export::html::monster(&block);
            (export(app, text, contents), false)
        }
        PromptKind::ExportEncounterHtml => {
            let s = &app.encounter;
            let contents = crate::export::html::encounter(
                &s.encounter,
                &s.party,
                &s.report,
                &app.bestiary,
                s.treasure_plan.as_ref(),
            );
            (export(app, text, contents), false)
        }
    }
}

/// What `read` gives of the monster `id`, its file read if need be; a file that cannot be read
/// (or changed since it was listed) is said in the status line.
fn read_entry<T>(
    app: &mut App,
    id: &str,
    read: impl FnOnce(&crate::bestiary::Entry) -> Result<T, crate::yaml_io::FileError>,
) -> Option<T> {
    match read(app.bestiary.get(id)?) {
        Ok(v) => Some(v),
        Err(e) => {
            app.error(e.to_string());
            None
        }
    }
}

/// The stat block of the monster `id` (see [`read_entry`]).
fn block_of(app: &mut App, id: &str) -> Option<crate::monster::StatBlock> {
    read_entry(app, id, crate::bestiary::Entry::block)
}

/// The design of the monster `id` (see `read_entry`).
pub fn design_of(app: &mut App, id: &str) -> Option<std::sync::Arc<crate::monster::MonsterDesign>> {
    read_entry(app, id, crate::bestiary::Entry::design)
}

fn export(app: &mut App, text: &str, contents: String) -> Vec<Cmd> {
    if text.trim().is_empty() {
        app.error("No file name given; nothing exported.");
        return Vec::new();
    }
    // A relative name is taken from the export directory, never from wherever the process
    // happens to be: the prompt showed that directory, so this is where the user looked.
    let path = app.paths.exports.join(text.trim());
    vec![Cmd::Export { path, contents }]
}

fn relevel_done(app: &mut App, form: RelevelForm) -> Vec<Cmd> {
    let level: Level = match form.level.text().trim().parse() {
        Ok(l) => l,
        Err(e) => {
            app.error(e);
            app.push(Layer::Relevel(form));
            return Vec::new();
        }
    };
    let Some(loaded) = design_of(app, &form.id) else {
        return Vec::new();
    };
    let mut d = (*loaded).clone();
    d.level = level;
    let rank = if form.rank > 0 {
        Rank::ALL[form.rank - 1]
    } else {
        d.rank
    };
    let role = if form.role > 0 {
        Role::ALL[form.role - 1]
    } else {
        d.role
    };
    if form.rank > 0
        && let Some(why) =
            crate::monster::template_apply::rank_change_refusal(&d, rank, &app.bestiary.templates)
    {
        app.error(why);
        app.push(Layer::Relevel(form));
        return Vec::new();
    }
    // The kit powers follow the rank and role, as `lairsmith relevel` does.
    crate::monster::rerank::rerank(
        &mut d,
        rank,
        role,
        crate::monster::kit::Templates::embedded(),
    );
    if app.bestiary.get(&form.id).is_none_or(|e| e.is_shipped()) {
        return relevel_write(app, d, true);
    }
    app.push(Layer::Confirm(Confirm::RelevelOwn {
        design: Box::new(d),
    }));
    Vec::new()
}

/// Writes a re-levelled monster: over the user's own file, or as a new copy.
fn relevel_write(app: &mut App, mut d: crate::monster::MonsterDesign, copy: bool) -> Vec<Cmd> {
    let Some(loaded) = design_of(app, &d.id) else {
        return Vec::new();
    };
    let Some(e) = app.bestiary.get(&d.id) else {
        return Vec::new();
    };
    let base = (!copy && !e.is_shipped()).then(|| Box::new((*loaded).clone()));
    let source = (!e.is_shipped()).then(|| e.path.clone());
    let (path, expect) = match (copy, e.fingerprint) {
        (false, Some(fp)) if !e.is_shipped() => (e.path.clone(), Expect::Unchanged(fp)),
        _ => {
            crate::bestiary::naming::rename_as_copy(&app.bestiary, &mut d);
            match path_in(&app.paths.bestiary, &d.id, "yaml") {
                Ok(p) => (p, Expect::New),
                Err(err) => {
                    app.error(err);
                    return Vec::new();
                }
            }
        }
    };
    vec![Cmd::Write {
        copy_of: source.filter(|_| expect == Expect::New),
        base,
        path,
        contents: crate::yaml_io::to_string(&d),
        expect,
        purpose: WritePurpose::Monster {
            design: Box::new(d),
            from_forge: false,
        },
    }]
}

/// A new placeholder form at the party's level.
pub fn placeholder_form(party_level: i64) -> PlaceholderForm {
    PlaceholderForm {
        level: crate::tui::widgets::text_field::TextField::new(
            &party_level.clamp(1, 30).to_string(),
        ),
        rank: 1,
        role: 0,
        row: 0,
    }
}
