//! The Bestiary screen's keys.

use super::Pane;
use crate::store::{Expect, path_in};
use crate::tui::app::{AfterLeave, App, Cmd, Confirm, PromptKind, RelevelForm, WritePurpose};
use crate::tui::keymap::{Action, Ctx};
use crate::tui::layer::{FilterForm, Layer};
use crate::tui::update::leave;
use crate::tui::widgets::text_field::TextField;

/// The whole path an export of `name` is offered under: a slug of the name (so nothing read
/// from a file can steer the path) in the export directory.
pub fn export_name(dir: &std::path::Path, name: &str, ext: &str) -> String {
    let mut slug = crate::monster::slugify(name);
    if slug.is_empty() {
        slug = "export".into();
    }
    dir.join(format!("{slug}.{ext}")).display().to_string()
}

/// Keys on the Bestiary screen. `None` lets the global keys handle it.
pub fn on_action(app: &mut App, action: Action) -> Option<Vec<Cmd>> {
    let page = app.body_height().saturating_sub(8).max(1) as isize;
    let br = &mut app.browser;
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
            app.push(Layer::Search);
        }
        Action::ClearSearch => {
            if br.query.is_empty() {
                return None;
            }
            br.query.clear();
            app.info("Search cleared.");
        }
        Action::Filter => open_filters(app),
        Action::ClearFilter => {
            br.filter = crate::bestiary::Filter::default();
            br.query.clear();
            app.info("Search and filters cleared.");
        }
        Action::Sort => {
            br.sort = br.sort.next();
            let label = br.sort.label();
            app.info(format!(
                "Sorted by {label} (a search sorts by match first)."
            ));
        }
        Action::Edit => {
            let id = br.selected_id()?;
            return Some(leave(app, AfterLeave::Edit(id)));
        }
        Action::Templates => {
            let id = br.selected_id()?;
            return Some(leave(app, AfterLeave::EditTemplates(id)));
        }
        Action::New => return Some(leave(app, AfterLeave::NewMonster)),
        Action::Duplicate => return Some(duplicate(app)),
        Action::Relevel => {
            let id = br.selected_id()?;
            let level = app
                .bestiary
                .get(&id)
                .map(|e| e.card.level.to_string())
                .unwrap_or_default();
            app.push(Layer::Relevel(RelevelForm {
                id,
                level: TextField::new(&level),
                rank: 0,
                role: 0,
                row: 0,
            }));
        }
        Action::Delete => {
            let id = br.selected_id()?;
            let e = app.bestiary.get(&id)?;
            if e.is_shipped() {
                let msg = format!(
                    "{} is a shipped monster and cannot be deleted; only your own monsters can.",
                    e.card.name
                );
                app.error(msg);
            } else {
                let path = e.path.clone();
                app.push(Layer::Confirm(Confirm::Delete { id, path }));
            }
        }
        Action::Restore => match app.deleted.last() {
            Some(id) => return Some(vec![Cmd::Restore { id: id.clone() }]),
            None => app.info(
                "Nothing was deleted in this session; `lairsmith restore --list` shows the trash.",
            ),
        },
        Action::ExportMarkdown | Action::ExportYaml => {
            let id = br.selected_id()?;
            let md = action == Action::ExportMarkdown;
            let (kind, ext) = if md {
                (PromptKind::ExportMarkdown { id: id.clone() }, "md")
            } else {
                (PromptKind::ExportYaml { id: id.clone() }, "yaml")
            };
            let field = TextField::new(&export_name(&app.paths.exports, &id, ext));
            app.push(Layer::Prompt {
                kind,
                title: format!("Export {} to file", if md { "Markdown" } else { "YAML" }),
                field,
            });
        }
        Action::ExportHtml => {
            let id = br.selected_id()?;
            let field = TextField::new(&export_name(&app.paths.exports, &id, "html"));
            app.push(Layer::Prompt {
                kind: PromptKind::ExportHtml { id },
                title: "Export printable HTML to file".into(),
                field,
            });
        }
        Action::OpenEditor => {
            let id = br.selected_id()?;
            let e = app.bestiary.get(&id)?;
            if e.is_shipped() {
                let dup = app.keymap.key_for(Ctx::Bestiary, Action::Duplicate);
                let msg = format!(
                    "{} is shipped and read-only: press {dup} to duplicate it into your bestiary, then edit the copy.",
                    e.card.name
                );
                app.error(msg);
            } else {
                return Some(vec![Cmd::OpenEditor {
                    path: e.path.clone(),
                }]);
            }
        }
        _ => return None,
    }
    Some(Vec::new())
}

/// Opens the filter form on the current filters (the Encounter screen's picker and generator
/// use the same ones).
pub fn open_filters(app: &mut App) {
    let levels = app
        .browser
        .filter
        .levels
        .as_ref()
        .map(|r| format!("{}..{}", r.start(), r.end()))
        .unwrap_or_default();
    app.push(Layer::Filter(FilterForm {
        row: 0,
        levels: TextField::new(&levels),
    }));
}

/// Copies the selected monster into the user's bestiary under a new id and saves it.
fn duplicate(app: &mut App) -> Vec<Cmd> {
    let Some(id) = app.browser.selected_id() else {
        return Vec::new();
    };
    let Some(loaded) = crate::tui::layers::design_of(app, &id) else {
        return Vec::new();
    };
    let d = crate::bestiary::naming::copy_of(&app.bestiary, &loaded);
    let source = app
        .bestiary
        .get(&id)
        .filter(|e| !e.is_shipped())
        .map(|e| e.path.clone());
    match path_in(&app.paths.bestiary, &d.id, "yaml") {
        Ok(path) => vec![Cmd::Write {
            base: None,
            copy_of: source,
            path,
            contents: crate::yaml_io::to_string(&d),
            expect: Expect::New,
            purpose: WritePurpose::Monster {
                design: Box::new(d),
                from_forge: false,
            },
        }],
        Err(e) => {
            app.error(e);
            Vec::new()
        }
    }
}
