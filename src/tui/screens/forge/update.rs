//! The Forge's keys: moving through the wizard, choosing options, editing fields and powers,
//! undo; and saving, end to end: the write, the questions before it (lint errors, a file
//! changed on disk) and what the write did.

use super::fields::{Edit, blank_power};
use super::job::{Done, Job};
use super::{Field, Focus, Forge, Step};
use crate::tui::document::OnDisk;
use crate::tui::keymap::{Action, Ctx, typed_char};
use crate::tui::layer::{Confirm, PromptKind};
use crate::tui::layer::{Layer, Picker};
use crate::tui::msg::{Across, Effect};
use crate::tui::msg::{AfterLeave, Cmd};
use crate::tui::shell::{Screen, Shell};
use crate::tui::widgets::text_field::TextField;
use crate::tui::write::MonsterWrite;
use fuzzy_matcher::FuzzyMatcher;
use lairsmith_core::bestiary::Provenance;
use lairsmith_core::monster::kit::Templates;
use lairsmith_core::monster::lint::Severity;
use lairsmith_core::rules::{CreatureType, Level, Rank, Role, Size, Source, Tag};
use lairsmith_core::store::{Expect, path_in};
use lairsmith_core::vocab::Vocabulary;
use ratatui::crossterm::event::KeyEvent;

/// Opens a monster from the bestiary in the Forge. A shipped monster opens as the user's copy.
pub fn open_for_edit(forge: &mut Forge, shell: &mut Shell, id: &str) {
    if shell.bestiary.get(id).is_none() {
        shell.error(format!("no monster has the id `{id}`"));
        return;
    }
    let loaded = shell.bestiary.get(id).map(|e| shell.designs.design(e));
    let loaded = match loaded {
        Some(Ok(d)) => d,
        Some(Err(e)) => return shell.error(e),
        None => return,
    };
    let Some(e) = shell.bestiary.get(id) else {
        return;
    };
    let (file, msg) = match (e.provenance, e.fingerprint) {
        (Provenance::User, Some(fp)) => (
            Some(OnDisk {
                path: e.path.clone(),
                fingerprint: fp,
            }),
            format!(
                "Editing {}. Ctrl-S saves to {}.",
                e.card.name,
                e.path.display()
            ),
        ),
        _ => (
            None,
            format!(
                "{} is shipped and read-only: you are editing your own copy; Ctrl-S saves it to your bestiary.",
                e.card.name
            ),
        ),
    };
    let shipped = e.is_shipped();
    let mut fresh = Forge::with((*loaded).clone(), file, true);
    if shipped {
        fresh.copy_of = Some(loaded.id.clone());
    }
    *forge = fresh;
    shell.screen = Screen::Forge;
    shell.info(msg);
}

/// The Forge's questions.
#[derive(Debug, Clone, PartialEq)]
pub enum Question {
    /// The Forge has unsaved changes: y save, d keep as a draft, n discard, Esc cancel; then
    /// `.0`.
    Unsaved(AfterLeave),
    /// The file changed on disk since it was loaded: r reload, c save as a copy, Esc cancel.
    ChangedOnDisk { path: std::path::PathBuf },
    /// The monster has lint errors: y save anyway (then `then`), Esc go back.
    LintErrors {
        errors: Vec<String>,
        then: Option<AfterLeave>,
    },
    /// Delete a draft (of the list of drafts): y / n.
    DeleteDraft {
        path: std::path::PathBuf,
        name: String,
    },
}

impl Question {
    pub fn ctx(&self) -> Ctx {
        match self {
            Question::ChangedOnDisk { .. } => Ctx::ChangedOnDisk,
            Question::LintErrors { .. } => Ctx::LintErrors,
            Question::Unsaved(_) => Ctx::ForgeUnsaved,
            Question::DeleteDraft { .. } => Ctx::Confirm,
        }
    }
}

/// The Forge's one prompt: the text of the field under the cursor.
#[derive(Debug, Clone, PartialEq)]
pub enum Prompt {
    Field,
}

fn ask(shell: &mut Shell, q: Question) {
    shell.push(Layer::Confirm(Confirm::Forge(q)));
}

/// Saves the design in the Forge, asking first when the lint finds errors; then `then`.
pub fn save(forge: &mut Forge, shell: &mut Shell, then: Option<AfterLeave>) -> Vec<Effect> {
    let errors: Vec<String> = forge
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| super::fields::field_words(&f.message))
        .collect();
    if !errors.is_empty() {
        ask(shell, Question::LintErrors { errors, then });
        return Vec::new();
    }
    save_unchecked(forge, shell, then)
}

/// Saves the design in the Forge as a new monster, leaving the file it came from alone.
fn save_as_copy(forge: &mut Forge, shell: &mut Shell) -> Vec<Effect> {
    let f = &mut *forge;
    if let Some(path) = f.design.path() {
        f.copy_from = Some(path.to_owned());
    }
    f.design.forget_file();
    f.copy_of = Some(f.design.id.clone());
    save_unchecked(forge, shell, None)
}

/// The write of the design in the Forge: over its file, or as a new one in the bestiary.
fn save_unchecked(forge: &mut Forge, shell: &mut Shell, then: Option<AfterLeave>) -> Vec<Effect> {
    let f = &mut *forge;
    if f.design.name.trim().is_empty() {
        shell.error("Give the monster a name before saving (Details step).");
        return Vec::new();
    }
    let (path, expect) = match f.design.file() {
        Some(file) => (file.path.clone(), Expect::Unchanged(file.fingerprint)),
        None => {
            lairsmith_core::bestiary::naming::assign_forge_identity(
                &shell.bestiary,
                &mut f.design,
                f.copy_of.is_some(),
            );
            match path_in(&shell.paths.bestiary, &f.design.id, "yaml") {
                Ok(p) => (p, Expect::New),
                Err(e) => {
                    shell.error(e);
                    return Vec::new();
                }
            }
        }
    };
    // Over its file, only the lines that changed are written where the layout allows.
    let base = f
        .design
        .file()
        .map(|_| Box::new(f.design.baseline().clone()));
    let copy_of = match f.design.file() {
        None => f.copy_from.clone(),
        Some(_) => None,
    };
    let write = MonsterWrite {
        base,
        copy_of,
        path,
        expect,
        design: Box::new((*f.design).clone()),
    };
    vec![Cmd::Forge(Job::Save { write, then }).into()]
}

/// The answer to one of the Forge's questions; `Err` keeps asking.
pub fn on_confirm(
    forge: &mut Forge,
    shell: &mut Shell,
    q: Question,
    action: Action,
) -> Result<Vec<Effect>, Question> {
    Ok(match (q, action) {
        (Question::Unsaved(then), Action::Yes) => save(forge, shell, Some(then)),
        (Question::Unsaved(then), Action::KeepDraft) => {
            super::drafts::keep(forge, shell, Some(then))
        }
        (Question::DeleteDraft { path, name }, action) => {
            match super::drafts::on_delete_answer(path.clone(), action) {
                Some(effects) => effects,
                None => return Err(Question::DeleteDraft { path, name }),
            }
        }
        (Question::Unsaved(then), Action::No) => {
            *forge = Forge::new_monster();
            shell.info("Changes discarded.");
            // Leaving may still have the encounter to ask about.
            vec![Effect::Leave(then)]
        }
        (Question::ChangedOnDisk { path }, Action::ReloadFromDisk) => {
            shell.info(format!(
                "Reloading {}; your unsaved edits are dropped.",
                path.display()
            ));
            let reopen = Some(forge.design.id.clone());
            vec![Cmd::ReloadAll { reopen }.into()]
        }
        (Question::ChangedOnDisk { .. }, Action::SaveCopy) => save_as_copy(forge, shell),
        (Question::LintErrors { then, .. }, Action::Yes) => save_unchecked(forge, shell, then),
        (Question::LintErrors { .. }, Action::No | Action::Back) => {
            shell.info("Not saved. The Review step lists what the lint found.");
            Vec::new()
        }
        (_, Action::Back) => Vec::new(),
        (q, _) => return Err(q),
    })
}

/// The text typed into the field under the cursor; Ctrl-S (`save`) then saves the monster.
pub fn on_prompt(
    forge: &mut Forge,
    shell: &mut Shell,
    _: &Prompt,
    text: &str,
    save_too: bool,
) -> Result<Vec<Effect>, String> {
    commit_field(forge, shell, text)?;
    Ok(if save_too {
        save(forge, shell, None)
    } else {
        Vec::new()
    })
}

/// What the Forge's file work did.
pub fn on_outcome(forge: &mut Forge, shell: &mut Shell, done: Done) -> Vec<Effect> {
    match done {
        Done::Saved {
            path,
            fingerprint,
            design,
            then,
        } => {
            let f = &mut *forge;
            *f.design = (*design).clone();
            f.design.mark_saved(path.clone(), fingerprint);
            f.copy_of = None;
            let mut effects = vec![Effect::Across(Across::MonsterSaved {
                design,
                path,
                fingerprint,
            })];
            effects.extend(super::drafts::saved(forge));
            effects.extend(then.map(Effect::Leave));
            return effects;
        }
        Done::SaveFailed { path, error } if error.changed_on_disk() => {
            ask(shell, Question::ChangedOnDisk { path })
        }
        Done::SaveFailed { error, .. } => shell.error(error.to_string()),
        other => return super::drafts::on_outcome(forge, shell, other),
    }
    Vec::new()
}

pub fn on_action(
    forge: &mut Forge,
    shell: &mut Shell,
    action: Action,
    ev: &KeyEvent,
) -> Option<Vec<Effect>> {
    let f = &mut *forge;
    match action {
        Action::Save => return Some(save(forge, shell, None)),
        Action::TypeLevel => type_level(forge, shell, typed_char(ev)?),
        Action::Undo | Action::Redo => {
            let back = action == Action::Undo;
            let done = f.step_history(back);
            shell.stepped(back, done);
        }
        Action::NextPane | Action::PrevPane => {
            f.focus = if f.focus == Focus::Editor {
                Focus::Preview
            } else {
                Focus::Editor
            };
        }
        Action::NextStep => f.next_step(),
        Action::PrevStep => f.prev_step(),
        Action::Back => {
            if f.power_form.is_some() {
                f.power_form = None;
                f.form_row = 0;
            } else {
                f.prev_step();
            }
        }
        Action::Up
        | Action::Down
        | Action::PageUp
        | Action::PageDown
        | Action::Home
        | Action::End
            if f.focus == Focus::Preview =>
        {
            scroll_preview(forge, shell, action);
        }
        Action::Up
        | Action::Down
        | Action::Home
        | Action::End
        | Action::PageUp
        | Action::PageDown => move_cursor(f, action),
        Action::Left | Action::Right => cycle_or_step(forge, action == Action::Right),
        Action::Choose => choose(forge, shell),
        Action::Toggle => toggle(forge, shell),
        Action::AddPower => shell.push(super::dialog::Dialog::TemplatePicker(Picker::new()).into()),
        Action::Open => return Some(vec![Effect::Leave(AfterLeave::OpenDraft)]),
        Action::NewPower => new_power(f),
        Action::Edit if f.step == Step::Powers && f.power_form.is_none() => {
            if f.power_cursor < f.design.powers.len() {
                f.power_form = Some(f.power_cursor);
                f.form_row = 0;
            }
        }
        Action::Delete if f.step == Step::Powers && f.power_form.is_none() => {
            delete_power(forge, shell)
        }
        Action::Delete if f.step == Step::Details => remove_detail(forge, shell),
        Action::MoveUp | Action::MoveDown if f.step == Step::Powers && f.power_form.is_none() => {
            move_power(f, action == Action::MoveUp);
        }
        _ => return None,
    }
    Some(Vec::new())
}

/// A digit typed on the Level step.
fn type_level(forge: &mut Forge, shell: &mut Shell, c: char) {
    let f = &mut *forge;
    // Two digits make a level when they can ("1", "2" is 12); otherwise the new digit
    // starts over ("5", "9" is 9, not 59).
    f.typed.push(c);
    let fits = |s: &str| s.parse::<usize>().is_ok_and(|n| (1..=30).contains(&n));
    if f.typed.len() > 2 || !fits(&f.typed) {
        f.typed = c.to_string();
    }
    if let Ok(n) = f.typed.parse::<usize>()
        && (1..=30).contains(&n)
    {
        f.cursor = n - 1;
        apply_option(forge, shell, false);
    }
}

/// A moving key while the preview has the focus.
fn scroll_preview(forge: &mut Forge, shell: &mut Shell, action: Action) {
    let f = &mut *forge;
    let (lines, visible) = crate::tui::screens::forge::view::preview_size(f, shell.viewport);
    f.preview_scroll = crate::tui::nav::scroll_to(f.preview_scroll, action, lines, visible);
}

/// A moving key in the editor: the cursor of the step's list, of the powers, or of the form
/// open.
fn move_cursor(f: &mut Forge, action: Action) {
    let n = f.option_count();
    if n == 0 {
        return;
    }
    let cur = match (f.step, f.power_form) {
        (Step::Details, _) | (Step::Powers, Some(_)) => f.form_row,
        (Step::Powers, None) => f.power_cursor,
        _ => f.cursor,
    };
    let next = match action {
        Action::Up => cur.saturating_sub(1),
        Action::Down => (cur + 1).min(n - 1),
        Action::PageUp => cur.saturating_sub(10),
        Action::PageDown => (cur + 10).min(n - 1),
        Action::Home => 0,
        _ => n - 1,
    };
    match (f.step, f.power_form) {
        (Step::Details, _) | (Step::Powers, Some(_)) => f.form_row = next,
        (Step::Powers, None) => f.power_cursor = next,
        _ => f.cursor = next,
    }
}

/// Left or Right: the field under the cursor takes its previous or next value; with none, a
/// list step, the powers or the review moves to the previous or next step.
fn cycle_or_step(forge: &mut Forge, fwd: bool) {
    let f = &mut *forge;
    match f.current_field() {
        Some(field) => cycle_field(forge, field, fwd),
        None if f.step.is_list() || f.step == Step::Review || f.step == Step::Powers => {
            if fwd {
                f.next_step()
            } else {
                f.prev_step()
            }
        }
        None => {}
    }
}

/// Enter: a list step takes its option and moves on (the steps of several choices, and the
/// Role step's last row, only move on); a form row is activated.
fn choose(forge: &mut Forge, shell: &mut Shell) {
    let f = &mut *forge;
    match f.step {
        s if s.is_list() => {
            if s == Step::Tags
                || s == Step::Templates
                || (s == Step::Role && f.cursor == Role::ALL.len())
            {
                f.next_step();
            } else {
                apply_option(forge, shell, true);
            }
        }
        Step::Details | Step::Powers if f.power_form.is_some() || f.step == Step::Details => {
            if let Some(field) = f.current_field() {
                activate_field(forge, shell, field);
            }
        }
        _ => {}
    }
}

/// Space: a list step takes its option and stays; a typed row opens, any other takes its next
/// value.
fn toggle(forge: &mut Forge, shell: &mut Shell) {
    let f = &mut *forge;
    match f.step {
        s if s.is_list() => apply_option(forge, shell, false),
        _ => {
            if let Some(field) = f.current_field() {
                match field.row().edit {
                    Edit::Text(_) => activate_field(forge, shell, field),
                    _ => cycle_field(forge, field, true),
                }
            }
        }
    }
}

/// Adds a blank power and opens its form.
fn new_power(f: &mut Forge) {
    // The first "New Power N" no power has: a name is the monster's only once.
    let taken = |n: &usize| {
        let name = blank_power(*n).name;
        f.design
            .powers
            .iter()
            .any(|p| lairsmith_core::monster::names::same_name(&p.name, &name))
    };
    let n = (f.design.powers.len() + 1..)
        .find(|n| !taken(n))
        .unwrap_or(1);
    f.design.powers.push(blank_power(n));
    f.powers_custom = true;
    f.power_cursor = f.design.powers.len() - 1;
    f.power_form = Some(f.power_cursor);
    f.form_row = 0;
    f.changed(None);
}

/// Removes the power under the cursor, saying how to undo it.
fn delete_power(forge: &mut Forge, shell: &mut Shell) {
    let f = &mut *forge;
    if f.power_cursor < f.design.powers.len() {
        let p = f.design.powers.remove(f.power_cursor);
        f.powers_custom = true;
        f.power_cursor = f.power_cursor.min(f.design.powers.len().saturating_sub(1));
        f.changed(None);
        let undo = shell.key_in(&forge.screen_contexts(), Action::Undo);
        shell.info(format!("Removed {}; {undo} undoes.", p.name));
    }
}

/// Takes away what the Details row under the cursor holds, where it can go.
fn remove_detail(forge: &mut Forge, shell: &mut Shell) {
    let f = &mut *forge;
    if let Some(super::Field::Detail(d)) = f.current_field()
        && d.row().remove.is_some_and(|remove| remove(&mut f.design))
    {
        f.changed(None);
        let undo = shell.key_in(&forge.screen_contexts(), Action::Undo);
        shell.info(format!("Removed; {undo} undoes."));
    }
}

/// Swaps the power under the cursor with the one above (`up`) or below, the cursor with it.
fn move_power(f: &mut Forge, up: bool) {
    let i = f.power_cursor;
    let j = if up { i.checked_sub(1) } else { Some(i + 1) };
    if let Some(j) = j.filter(|j| *j < f.design.powers.len()) {
        f.design.powers.swap(i, j);
        f.power_cursor = j;
        f.powers_custom = true;
        f.changed(None);
    }
}

/// Enter on a form row: a typed one opens its text field; the others take their next value.
fn activate_field(forge: &mut Forge, shell: &mut Shell, field: Field) {
    let f = &mut *forge;
    let row = field.row();
    match &row.edit {
        Edit::Text(_) => {
            let title = if row.hint.is_empty() {
                row.label.clone()
            } else {
                format!("{}: {}", row.label, row.hint)
            };
            let value = (row.get)(&f.design);
            let kind = PromptKind::Forge(Prompt::Field);
            if row.lines {
                let area = crate::tui::widgets::text_area::TextArea::new(&value);
                shell.push(Layer::Editor(crate::tui::layer::Editor {
                    kind,
                    title,
                    area,
                }));
            } else {
                let field = TextField::holding(&value, row.max_chars);
                shell.push(Layer::Prompt { kind, title, field });
            }
        }
        Edit::Toggle(toggle) => {
            toggle(&mut f.design);
            f.powers_custom |= field.is_power();
            f.changed(None);
        }
        Edit::Cycle(_) => cycle_field(forge, field, true),
    }
}

/// The arrows on a form row: the previous or next value (a toggle flips).
fn cycle_field(forge: &mut Forge, field: Field, forward: bool) {
    let f = &mut *forge;
    match field.row().edit {
        Edit::Cycle(cycle) => cycle(&mut f.design, forward),
        Edit::Toggle(toggle) if field.is_power() => toggle(&mut f.design),
        _ => {}
    }
    f.powers_custom |= field.is_power();
    f.changed(None);
}

/// Applies the text typed into the field under the cursor; an invalid value is an error and
/// the field stays open.
pub fn commit_field(forge: &mut Forge, shell: &mut Shell, text: &str) -> Result<(), String> {
    let Some(field) = forge.current_field() else {
        return Ok(());
    };
    let f = &mut *forge;
    let row = field.row();
    // Enter on a field left as it was keeps the value as the file holds it: a one-line field
    // shows a line break as a space, the editor of several lines a tab as a space and a CR as
    // a line break, and reading either back would rewrite the file's text.
    let before = (row.get)(&f.design);
    let one_line = crate::tui::widgets::text_field::one_line(&before);
    let in_area = || crate::tui::widgets::text_area::TextArea::new(&before).text();
    if text == before || text.chars().eq(one_line) || text == in_area() {
        shell.status = None;
        return Ok(());
    }
    row.set(&mut f.design, text)?;
    f.powers_custom |= field.is_power();
    f.changed(None);
    shell.status = None;
    Ok(())
}

/// Applies the highlighted option of a list step; `advance` moves on to the next step.
fn apply_option(forge: &mut Forge, shell: &mut Shell, advance: bool) {
    let f = &mut *forge;
    let before = f.design.classification();
    let i = f.cursor;
    let choices = if f.step == Step::Templates {
        f.template_choices()
    } else {
        Vec::new()
    };
    let d: &mut lairsmith_core::monster::MonsterDesign = &mut f.design;
    match f.step {
        Step::Level => d.level = Level::new(i as i64 + 1).expect("cursor is within 1-30"),
        Step::Rank => d.rank = Rank::ALL[i],
        Step::Role if i == Role::ALL.len() => d.leader = !d.leader,
        Step::Role => d.role = Role::ALL[i],
        Step::Size => d.size = Size::ALL[i],
        Step::Source => d.source = Source::ALL[i],
        Step::Type => d.creature_type = CreatureType::ALL[i],
        Step::Tags => {
            let t = Tag::ALL[i];
            match d.tags.iter().position(|x| *x == t) {
                Some(p) => {
                    d.tags.remove(p);
                }
                None => {
                    // One undead variant at a time.
                    if t == Tag::Undead {
                        d.tags.retain(|x| *x != Tag::UndeadSpirit);
                    } else if t == Tag::UndeadSpirit {
                        d.tags.retain(|x| *x != Tag::Undead);
                    }
                    d.tags.push(t);
                }
            }
        }
        Step::Templates => {
            let Some(id) = choices.into_iter().nth(i) else {
                return;
            };
            let changed = if d.templates.contains(&id) {
                lairsmith_core::monster::template_ops::remove_template(d, &id)
            } else {
                lairsmith_core::monster::template_ops::add_template(d, &id, &f.templates)
            };
            match changed {
                Ok(new) => *d = new,
                Err(m) => {
                    shell.error(m);
                    return;
                }
            }
        }
        _ => return,
    }
    f.changed(Some(before));
    if advance {
        f.next_step();
    }
}

/// Template powers matching the query, the current role's kit first.
pub fn template_matches(f: &Forge, query: &str) -> Vec<(String, lairsmith_core::monster::Power)> {
    let matcher = fuzzy_matcher::skim::SkimMatcherV2::default().ignore_case();
    let role = f.design.role.key();
    let mut out: Vec<(bool, i64, String, lairsmith_core::monster::Power)> = Templates::embedded()
        .library()
        .filter_map(|(kit, p)| {
            let label = format!("{} ({})", p.name, kit.id);
            let score = if query.trim().is_empty() {
                Some(0)
            } else {
                matcher.fuzzy_match(&label, query.trim())
            };
            let own = kit.id.split('-').any(|w| w == role);
            score.map(|s| (own, s, kit.id.clone(), p.clone()))
        })
        .collect();
    // Stable: within the role's own templates and the rest, the best match first.
    out.sort_by_key(|x| (std::cmp::Reverse(x.0), std::cmp::Reverse(x.1)));
    out.into_iter().map(|(_, _, k, p)| (k, p)).collect()
}

/// Enter in the picker of template powers: the highlighted one is added; returns whether there
/// was one.
pub fn template_chosen(forge: &mut Forge, shell: &mut Shell, picker: &Picker) -> bool {
    let matches = template_matches(forge, &picker.query.text());
    match matches.get(picker.cursor.min(matches.len().saturating_sub(1))) {
        Some((_, power)) => {
            add_template(forge, shell, power.clone());
            true
        }
        None => false,
    }
}

/// Adds a template power to the design.
fn add_template(forge: &mut Forge, shell: &mut Shell, p: lairsmith_core::monster::Power) {
    let f = &mut *forge;
    let name = p.name.clone();
    let names = f.design.powers.iter().map(|q| q.name.as_str());
    if let Err(e) = super::fields::name_is_free("power", names, &name) {
        shell.error(format!("{name} was not added: {e}"));
        return;
    }
    f.design.powers.push(p);
    f.powers_custom = true;
    f.power_cursor = f.design.powers.len() - 1;
    f.changed(None);
    shell.info(format!("Added {name} from the templates; Enter edits it."));
}
