//! The Bestiary screen's keys and its features end to end: search, filters, exports of a stat
//! block, duplicating, re-levelling, deleting and restoring a monster, editing its file, and
//! what the executor reports back about the monsters on disk (a load, a reload, a save).

use super::Browser;
use super::Pane;
use super::dialog::{Dialog, FILTER_ROWS, FilterForm, RelevelForm};
use super::job::{Done, Job};
use crate::tui::export::export_name;
use crate::tui::keymap::{Action, Ctx};
use crate::tui::layer::Layer;
use crate::tui::layer::{Confirm, PromptKind};
use crate::tui::msg::{Across, Effect, Outcome};
use crate::tui::msg::{AfterLeave, Cmd};
use crate::tui::shell::Shell;
use crate::tui::widgets::text_field::TextField;
use crate::tui::write::MonsterWrite;
use lairsmith_core::bestiary::{Filter, Provenance};
use lairsmith_core::export::{Format, render};
use lairsmith_core::monster::lint::Severity;
use lairsmith_core::rules::{CreatureType, Level, Rank, Role, Source, Tag};
use lairsmith_core::store::{Expect, Fingerprint, path_in};
use lairsmith_core::vocab::Vocabulary;
use std::path::PathBuf;

/// The Bestiary's questions.
#[derive(Debug, Clone, PartialEq)]
pub enum Question {
    /// Delete one of the user's monsters: y / n.
    Delete { id: String, path: PathBuf },
    /// Re-levelling one of the user's own monsters: o overwrite, c save as a copy.
    RelevelOwn {
        design: Box<lairsmith_core::monster::MonsterDesign>,
    },
}

impl Question {
    pub fn ctx(&self) -> Ctx {
        match self {
            Question::RelevelOwn { .. } => Ctx::RelevelOwn,
            Question::Delete { .. } => Ctx::Confirm,
        }
    }
}

/// The Bestiary's prompts: a file name for an export of the monster `id`.
#[derive(Debug, Clone, PartialEq)]
pub enum Prompt {
    ExportMarkdown {
        id: String,
    },
    ExportYaml {
        id: String,
    },
    /// The stat block as printable HTML.
    ExportHtml {
        id: String,
    },
}

/// Keys on the Bestiary screen. `None` lets the global keys handle it.
pub fn on_action(browser: &mut Browser, shell: &mut Shell, action: Action) -> Option<Vec<Effect>> {
    let page = shell.body_height().saturating_sub(8).max(1) as isize;
    let br = &mut *browser;
    let preview = br.pane == Pane::Preview;
    match action {
        Action::Up if preview => br.preview_scroll = br.preview_scroll.saturating_sub(1),
        Action::Down if preview => br.preview_scroll = br.preview_scroll.saturating_add(1),
        Action::PageUp if preview => br.preview_scroll = br.preview_scroll.saturating_sub(10),
        Action::PageDown if preview => br.preview_scroll = br.preview_scroll.saturating_add(10),
        Action::Home if preview => br.preview_scroll = 0,
        Action::Up => br.move_by(-1),
        Action::Down => br.move_by(1),
        Action::PageUp => br.move_by(-page),
        Action::PageDown => br.move_by(page),
        Action::Home => br.move_by(isize::MIN / 2),
        Action::End => br.move_by(isize::MAX / 2),
        Action::NextPane | Action::PrevPane | Action::Left | Action::Right => {
            br.pane = if br.pane == Pane::List {
                Pane::Preview
            } else {
                Pane::List
            };
        }
        Action::Search => {
            br.pane = Pane::List;
            shell.push(Layer::Search);
        }
        Action::ClearSearch => {
            if br.query.is_empty() {
                return None;
            }
            br.query.clear();
            shell.info("Search cleared.");
        }
        Action::Filter => open_filters(browser, shell),
        Action::ClearFilter => {
            br.filter = lairsmith_core::bestiary::Filter::default();
            br.query.clear();
            shell.info("Search and filters cleared.");
        }
        Action::MineOnly => {
            br.filter.mine = !br.filter.mine;
            let clear = shell.key_in(&Browser::contexts(), Action::ClearFilter);
            shell.info(if browser.filter.mine {
                format!("Only your own monsters; {clear} clears every filter.")
            } else {
                "Your monsters and the shipped ones.".to_owned()
            });
        }
        Action::Sort => {
            br.sort = br.sort.next();
            let label = br.sort.label();
            shell.info(format!(
                "Sorted by {label} (a search sorts by match first)."
            ));
        }
        Action::Edit => {
            let id = br.selected_id()?;
            return Some(vec![Effect::Leave(AfterLeave::Edit(id))]);
        }
        Action::Templates => {
            let id = br.selected_id()?;
            return Some(vec![Effect::Leave(AfterLeave::EditTemplates(id))]);
        }
        Action::New => return Some(vec![Effect::Leave(AfterLeave::NewMonster)]),
        Action::Save => {
            shell.info("Nothing to save here: the Bestiary saves each change as you make it.")
        }
        Action::Duplicate => return Some(duplicate(browser, shell)),
        Action::Relevel => {
            let id = br.selected_id()?;
            // The form shows what the re-level does to the overrides, so it needs the design.
            let design = design_of(shell, &id)?;
            shell.push(Layer::Bestiary(Dialog::Relevel(RelevelForm {
                id,
                level: TextField::new(&design.level.to_string()),
                design,
                rank: 0,
                role: 0,
                row: 0,
                follow: false,
                scroll: 0,
            })));
        }
        Action::Delete => {
            let id = br.selected_id()?;
            let e = shell.bestiary.get(&id)?;
            if e.is_shipped() {
                let msg = format!(
                    "{} is a shipped monster and cannot be deleted; only your own monsters can.",
                    e.card.name
                );
                shell.error(msg);
            } else {
                let path = e.path.clone();
                let question = Question::Delete { id, path };
                shell.push(Layer::Confirm(Confirm::Bestiary(question)));
            }
        }
        Action::Restore => match shell.deleted.last() {
            Some(id) => return Some(vec![Cmd::Bestiary(Job::Restore { id: id.clone() }).into()]),
            None => shell.info(
                "Nothing was deleted in this session; `lairsmith restore --list` shows the trash.",
            ),
        },
        Action::ExportMarkdown | Action::ExportYaml => {
            let id = br.selected_id()?;
            let md = action == Action::ExportMarkdown;
            let (kind, ext) = if md {
                (Prompt::ExportMarkdown { id: id.clone() }, "md")
            } else {
                (Prompt::ExportYaml { id: id.clone() }, "yaml")
            };
            let field = TextField::new(&export_name(&shell.paths.exports, &id, ext));
            shell.push(Layer::Prompt {
                kind: PromptKind::Bestiary(kind),
                title: format!("Export {} to file", if md { "Markdown" } else { "YAML" }),
                field,
            });
        }
        Action::ExportHtml => {
            let id = br.selected_id()?;
            let field = TextField::new(&export_name(&shell.paths.exports, &id, "html"));
            shell.push(Layer::Prompt {
                kind: PromptKind::Bestiary(Prompt::ExportHtml { id }),
                title: "Export printable HTML to file".into(),
                field,
            });
        }
        Action::OpenEditor => {
            let id = br.selected_id()?;
            let e = shell.bestiary.get(&id)?;
            if e.is_shipped() {
                let dup = shell.key_in(&Browser::contexts(), Action::Duplicate);
                let msg = format!(
                    "{} is shipped and read-only: press {dup} to duplicate it into your bestiary, then edit the copy.",
                    e.card.name
                );
                shell.error(msg);
            } else {
                let path = e.path.clone();
                return Some(vec![Cmd::OpenEditor { path }.into()]);
            }
        }
        _ => return None,
    }
    Some(Vec::new())
}

/// Opens the filter form on the current filters (the Encounter screen's picker and generator
/// use the same ones).
pub fn open_filters(browser: &mut Browser, shell: &mut Shell) {
    let levels = browser
        .filter
        .levels
        .as_ref()
        .map(|r| format!("{}..{}", r.start(), r.end()))
        .unwrap_or_default();
    shell.push(Layer::Bestiary(Dialog::Filter(FilterForm {
        row: 0,
        levels: TextField::new(&levels),
    })));
}

/// Copies the selected monster into the user's bestiary under a new id and saves it.
fn duplicate(browser: &mut Browser, shell: &mut Shell) -> Vec<Effect> {
    let Some(id) = browser.selected_id() else {
        return Vec::new();
    };
    let Some(loaded) = design_of(shell, &id) else {
        return Vec::new();
    };
    let d = lairsmith_core::bestiary::naming::copy_of(&shell.bestiary, &loaded);
    let source = shell
        .bestiary
        .get(&id)
        .filter(|e| !e.is_shipped())
        .map(|e| e.path.clone());
    match path_in(&shell.paths.bestiary, &d.id, "yaml") {
        Ok(path) => vec![
            Cmd::Bestiary(Job::Write(MonsterWrite {
                base: None,
                copy_of: source,
                path,
                expect: Expect::New,
                design: Box::new(d),
            }))
            .into(),
        ],
        Err(e) => {
            shell.error(e);
            Vec::new()
        }
    }
}

/// A file name typed for an export of a monster.
pub fn on_prompt(shell: &mut Shell, p: &Prompt, text: &str) -> Result<Vec<Effect>, String> {
    let (Prompt::ExportMarkdown { id } | Prompt::ExportYaml { id } | Prompt::ExportHtml { id }) = p;
    let Some(block) = block_of(shell, id) else {
        return Ok(Vec::new());
    };
    let contents = match p {
        Prompt::ExportMarkdown { .. } => render(&block, Format::Markdown),
        Prompt::ExportYaml { .. } => render(&block, Format::Yaml),
        Prompt::ExportHtml { .. } => lairsmith_core::export::html::monster(&block),
    };
    Ok(crate::tui::export::to_file(shell, text, contents))
}

/// The answer to one of the Bestiary's questions; `Err` keeps asking.
pub fn on_confirm(shell: &mut Shell, q: Question, action: Action) -> Result<Vec<Effect>, Question> {
    Ok(match (q, action) {
        (Question::Delete { id, path }, Action::Yes) => {
            vec![Cmd::Bestiary(Job::Remove { path, id }).into()]
        }
        (Question::Delete { .. }, Action::No | Action::Back) => Vec::new(),
        (Question::RelevelOwn { design }, Action::Overwrite) => {
            relevel_write(shell, *design, false)
        }
        (Question::RelevelOwn { design }, Action::SaveCopy) => relevel_write(shell, *design, true),
        (Question::RelevelOwn { .. }, Action::Back) => Vec::new(),
        (q, _) => return Err(q),
    })
}

/// What the executor did to the monsters on disk, for the Bestiary.
pub fn on_outcome(browser: &mut Browser, shell: &mut Shell, done: Done) -> Vec<Effect> {
    match done {
        Done::Written {
            path,
            fingerprint,
            design,
        } => monster_saved(browser, shell, *design, path, fingerprint),
        Done::WriteFailed(e) => shell.error(e.to_string()),
        Done::RemoveFailed { path, why } => shell.error(Done::remove_failed(&path, &why)),
        Done::Removed { id, path } => {
            shell.bestiary.remove(&id);
            let restore = shell.key_in(&Browser::contexts(), Action::Restore);
            shell.info(format!(
                "Moved {} to the trash; {restore} puts it back (or `lairsmith restore {id}`).",
                path.display()
            ));
            shell.deleted.push(id);
        }
        Done::Restored { id, result } => match result {
            Ok(loaded) => {
                let (design, fp, path) = *loaded;
                shell.deleted.retain(|d| *d != id);
                let e = shell
                    .bestiary
                    .entry(design, Provenance::User, path.clone(), Some(fp));
                shell.bestiary.upsert(e);
                browser.select(&id);
                shell.info(format!("Restored {}.", path.display()));
            }
            Err(m) => shell.error(m.to_string()),
        },
    }
    Vec::new()
}

/// What the shared commands did to the monsters: the editor closed on a file, every monster
/// read (at start, or again).
pub fn on_read(browser: &mut Browser, shell: &mut Shell, outcome: Outcome) -> Vec<Effect> {
    match outcome {
        Outcome::Edited { path, result } => match result {
            Ok(loaded) => edited(browser, shell, path, loaded.0, loaded.1),
            Err(e) => shell.error(format!(
                "{e} (the file was kept as you left it; the list shows the last good version)"
            )),
        },
        Outcome::Loaded(b) => {
            shell.loading = false;
            let mut b = *b;
            // Monsters saved while the load was running are newer than what it read.
            for e in shell.bestiary.entries.iter().filter(|e| !e.is_shipped()) {
                b.upsert(e.clone());
            }
            shell.bestiary = b;
            shell.announce_load("loaded");
        }
        Outcome::Reloaded { bestiary, reopen } => {
            shell.bestiary = *bestiary;
            shell.announce_load("reloaded");
            if let Some(id) = reopen {
                return vec![Effect::Across(Across::OpenInForge(id))];
            }
        }
        _ => {}
    }
    Vec::new()
}

/// A monster written to `path` (from the Forge or here): in the list, selected.
pub fn monster_saved(
    browser: &mut Browser,
    shell: &mut Shell,
    design: lairsmith_core::monster::MonsterDesign,
    path: PathBuf,
    fp: Fingerprint,
) {
    let (id, name) = (design.id.clone(), design.name.clone());
    let e = shell
        .bestiary
        .entry(design, Provenance::User, path.clone(), Some(fp));
    shell.bestiary.upsert(e);
    browser.select(&id);
    shell.info(format!("Saved {name} to {}.", path.display()));
}

/// The monster file the editor closed on, read back: in the list, with what the lint says.
fn edited(
    browser: &mut Browser,
    shell: &mut Shell,
    path: PathBuf,
    design: lairsmith_core::monster::MonsterDesign,
    fp: Fingerprint,
) {
    let findings = lairsmith_core::monster::block_and_findings(
        &design,
        &shell.bestiary.templates,
        Some(&path),
    )
    .1;
    let entry = shell
        .bestiary
        .entry(design, Provenance::User, path.clone(), Some(fp));
    let errors = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    let warnings = findings.len() - errors;
    let id = entry.card.id.clone();
    shell.bestiary.upsert(entry);
    browser.select(&id);
    let first = findings
        .first()
        .map(|f| format!(": {}", f.message))
        .unwrap_or_default();
    let msg = format!(
        "Reloaded {}: {errors} lint error(s), {warnings} warning(s){first}",
        path.display()
    );
    if errors > 0 {
        shell.error(msg)
    } else {
        shell.info(msg)
    }
}

/// What `read` gives of the monster `id` from what is in memory (the executor reads its
/// design when it is shown); a file that cannot be read, or changed since it was listed, is
/// said in the status line.
fn read_entry<T>(
    shell: &mut Shell,
    id: &str,
    read: impl FnOnce(
        &crate::tui::designs::Designs,
        &lairsmith_core::bestiary::Entry,
    ) -> Result<T, String>,
) -> Option<T> {
    match read(&shell.designs, shell.bestiary.get(id)?) {
        Ok(v) => Some(v),
        Err(e) => {
            shell.error(e);
            None
        }
    }
}

/// The stat block of the monster `id` (see [`read_entry`]).
fn block_of(shell: &mut Shell, id: &str) -> Option<lairsmith_core::monster::StatBlock> {
    read_entry(shell, id, crate::tui::designs::Designs::block)
}

/// The design of the monster `id` (see `read_entry`).
pub fn design_of(
    shell: &mut Shell,
    id: &str,
) -> Option<std::sync::Arc<lairsmith_core::monster::MonsterDesign>> {
    read_entry(shell, id, crate::tui::designs::Designs::design)
}

/// What the re-level form asks for, or why it cannot be done as it stands: a level being typed
/// that is not one yet, or a rank a template of the monster overrules.
pub fn relevel_ask(
    shell: &Shell,
    form: &RelevelForm,
) -> Result<lairsmith_core::monster::relevel::Ask, String> {
    let typed = form.level.text();
    if typed.trim().is_empty() {
        return Err("Type the new level, 1 to 30.".into());
    }
    let level: Level = typed.trim().parse()?;
    let d = &form.design;
    let rank = form.rank.checked_sub(1).map_or(d.rank, |i| Rank::ALL[i]);
    let role = form.role.checked_sub(1).map_or(d.role, |i| Role::ALL[i]);
    if form.rank > 0
        && let Some(why) = lairsmith_core::monster::template_apply::rank_change_refusal(
            d,
            rank,
            &shell.bestiary.templates,
        )
    {
        return Err(why.words(Some(&crate::tui::hint::words(shell, &why.hint()))));
    }
    Ok(lairsmith_core::monster::relevel::Ask {
        level,
        rank,
        role,
        follow_formula: form.follow,
    })
}

/// The re-level as the form stands, as `lairsmith relevel` does it: the kit powers follow the
/// rank and role, and each override is measured at the old level and the new one.
pub fn relevel_preview(
    shell: &Shell,
    form: &RelevelForm,
) -> Result<lairsmith_core::monster::relevel::Relevelled, String> {
    let ask = relevel_ask(shell, form)?;
    Ok(lairsmith_core::monster::relevel::relevel(
        &form.design,
        ask,
        &shell.bestiary.templates,
        lairsmith_core::monster::kit::Templates::embedded(),
    ))
}

/// Whether a design has an override that the follow-formula key would make relative.
pub fn relevel_fixed_overrides(d: &lairsmith_core::monster::MonsterDesign) -> bool {
    use lairsmith_core::monster::overrides::Amount;
    d.overrides
        .values()
        .chain(d.powers.iter().filter_map(|p| p.overrides.attack.as_ref()))
        .any(|o| matches!(o.amount, Amount::Value(_)))
}

/// The re-level form's own keys: making the fixed overrides follow the formula (or not), and
/// scrolling the overrides' lines.
pub fn relevel_key(shell: &mut Shell, mut form: RelevelForm, action: Action) {
    match action {
        Action::FollowFormula if !relevel_fixed_overrides(&form.design) => {
            shell.info(format!(
                "{} has no fixed override to make relative.",
                form.design.name
            ));
        }
        Action::FollowFormula => form.follow = !form.follow,
        Action::PageUp | Action::PageDown => {
            let page = super::view::relevel_page(shell, &form);
            let most = super::view::relevel_scroll_max(shell, &form);
            form.scroll = if action == Action::PageUp {
                form.scroll.min(most).saturating_sub(page)
            } else {
                (form.scroll + page).min(most)
            };
        }
        _ => {}
    }
    shell.push(Dialog::Relevel(form).into());
}

/// Enter in the re-level form: a shipped monster is written as a copy at once; for one of the
/// user's own, whether to overwrite it is asked.
pub fn relevel_chosen(shell: &mut Shell, mut form: RelevelForm) -> Vec<Effect> {
    let Some(fresh) = design_of(shell, &form.id) else {
        return Vec::new();
    };
    // What is saved is what the form showed: a file changed under the open form is shown first.
    if fresh != form.design {
        form.design = fresh;
        shell.info("The monster's file changed on disk while the form was open; the form now shows it as it is. Enter re-levels it.");
        shell.push(Dialog::Relevel(form).into());
        return Vec::new();
    }
    let done = match relevel_preview(shell, &form) {
        Ok(done) => done,
        Err(e) => {
            shell.error(e);
            shell.push(Dialog::Relevel(form).into());
            return Vec::new();
        }
    };
    let d = done.design;
    if shell.bestiary.get(&form.id).is_none_or(|e| e.is_shipped()) {
        return relevel_write(shell, d, true);
    }
    let design = Box::new(d);
    shell.push(Layer::Confirm(Confirm::Bestiary(Question::RelevelOwn {
        design,
    })));
    Vec::new()
}

/// Writes a re-levelled monster: over the user's own file, or as a new copy.
fn relevel_write(
    shell: &mut Shell,
    mut d: lairsmith_core::monster::MonsterDesign,
    copy: bool,
) -> Vec<Effect> {
    let Some(loaded) = design_of(shell, &d.id) else {
        return Vec::new();
    };
    let Some(e) = shell.bestiary.get(&d.id) else {
        return Vec::new();
    };
    let base = (!copy && !e.is_shipped()).then(|| Box::new((*loaded).clone()));
    let source = (!e.is_shipped()).then(|| e.path.clone());
    let (path, expect) = match (copy, e.fingerprint) {
        (false, Some(fp)) if !e.is_shipped() => (e.path.clone(), Expect::Unchanged(fp)),
        _ => {
            lairsmith_core::bestiary::naming::rename_as_copy(&shell.bestiary, &mut d);
            match path_in(&shell.paths.bestiary, &d.id, "yaml") {
                Ok(p) => (p, Expect::New),
                Err(err) => {
                    shell.error(err);
                    return Vec::new();
                }
            }
        }
    };
    vec![
        Cmd::Bestiary(Job::Write(MonsterWrite {
            copy_of: source.filter(|_| expect == Expect::New),
            base,
            path,
            expect,
            design: Box::new(d),
        }))
        .into(),
    ]
}

fn cycle_vec<T: Vocabulary>(v: &mut Vec<T>, forward: bool) {
    let next = lairsmith_core::vocab::cycle_option(v.first().copied(), forward);
    v.clear();
    v.extend(next);
}

/// The filter form changes the filters as the user goes, so the list behind it shows what they
/// select; Enter and Esc both close it.
pub fn filter_key(browser: &mut Browser, shell: &mut Shell, mut form: FilterForm, action: Action) {
    let f = &mut browser.filter;
    match action {
        Action::Choose | Action::Back => return,
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
                6 => {
                    f.leader = match (f.leader, fwd) {
                        (None, true) | (Some(false), false) => Some(true),
                        (Some(true), true) | (None, false) => Some(false),
                        (Some(false), true) | (Some(true), false) => None,
                    }
                }
                _ => f.mine = !f.mine,
            }
        }
        other => crate::tui::nav::form_move(&mut form.row, FILTER_ROWS.len(), other),
    }
    shell.push(Dialog::Filter(form).into());
}

/// The level range typed into the filter form applies as soon as it parses.
pub fn filter_levels_changed(browser: &mut Browser, shell: &mut Shell) {
    let Some(Layer::Bestiary(Dialog::Filter(form))) = shell.layers.last() else {
        return;
    };
    let t = form.levels.text();
    if t.trim().is_empty() {
        browser.filter.levels = None;
        shell.status = None;
        return;
    }
    match Filter::parse_levels(&t) {
        Ok(r) => {
            browser.filter.levels = Some(r);
            shell.status = None;
        }
        Err(e) => shell.error(e),
    }
}
