//! Modal layers: the key reference, load errors, confirmations, one-line prompts and the
//! re-level dialog.

use crate::export::{Format, render};
use crate::rules::{Level, Rank, Role};
use crate::store::{Expect, path_in};
use crate::tui::app::{
    AfterLeave, App, Cmd, Confirm, Overlay, PromptKind, RelevelForm, WritePurpose, leave,
};
use crate::tui::keymap::{self, Action, BINDINGS, Ctx};
use crate::tui::screens::encounter::popup;
use crate::tui::theme;
use crate::vocab::Vocabulary;
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

pub fn on_key(app: &mut App, ev: KeyEvent) -> Vec<Cmd> {
    let Some(overlay) = app.overlay.take() else {
        return Vec::new();
    };
    match overlay {
        Overlay::Help { scroll } | Overlay::Errors { scroll } => {
            let scroll = match ev.code {
                KeyCode::Down | KeyCode::Char('j') => scroll.saturating_add(1),
                KeyCode::Up | KeyCode::Char('k') => scroll.saturating_sub(1),
                KeyCode::PageDown => scroll.saturating_add(10),
                KeyCode::PageUp => scroll.saturating_sub(10),
                _ => return Vec::new(), // any other key closes it
            };
            app.overlay = Some(match app.overlay {
                _ if matches!(overlay, Overlay::Help { .. }) => Overlay::Help { scroll },
                _ => Overlay::Errors { scroll },
            });
            Vec::new()
        }
        Overlay::Confirm(c) => confirm_key(app, c, ev),
        Overlay::Prompt {
            kind,
            title,
            mut field,
        } => match keymap::lookup(&[Ctx::Dialog], &ev)
            .filter(|a| matches!(a, Action::Choose | Action::Back))
        {
            Some(Action::Back) => {
                // A cancelled name prompt cancels the leave that was waiting on the save.
                app.after_save = None;
                Vec::new()
            }
            Some(_) => prompt_done(app, kind, field.text()),
            None => {
                field.handle(&ev);
                app.overlay = Some(Overlay::Prompt { kind, title, field });
                Vec::new()
            }
        },
        Overlay::Relevel(mut form) => match ev.code {
            KeyCode::Esc => Vec::new(),
            KeyCode::Enter => relevel_done(app, form),
            KeyCode::Up | KeyCode::BackTab => {
                form.row = form.row.saturating_sub(1);
                app.overlay = Some(Overlay::Relevel(form));
                Vec::new()
            }
            KeyCode::Down | KeyCode::Tab => {
                form.row = (form.row + 1).min(2);
                app.overlay = Some(Overlay::Relevel(form));
                Vec::new()
            }
            KeyCode::Left | KeyCode::Right if form.row > 0 => {
                let fwd = ev.code == KeyCode::Right;
                let (v, n) = if form.row == 1 {
                    (&mut form.rank, Rank::ALL.len() + 1)
                } else {
                    (&mut form.role, Role::ALL.len() + 1)
                };
                *v = if fwd { (*v + 1) % n } else { (*v + n - 1) % n };
                app.overlay = Some(Overlay::Relevel(form));
                Vec::new()
            }
            _ => {
                if form.row == 0 {
                    form.level.handle(&ev);
                }
                app.overlay = Some(Overlay::Relevel(form));
                Vec::new()
            }
        },
    }
}

fn confirm_key(app: &mut App, c: Confirm, ev: KeyEvent) -> Vec<Cmd> {
    let action = keymap::lookup(&[Ctx::Dialog], &ev);
    let key = match ev.code {
        KeyCode::Char(ch) => Some(ch.to_ascii_lowercase()),
        _ => None,
    };
    match c {
        Confirm::Unsaved(then) => match action {
            Some(Action::Yes) => {
                app.after_save = Some(then);
                crate::tui::screens::forge::save(app)
            }
            Some(Action::No) => {
                app.forge = crate::tui::screens::forge::Forge::new_monster();
                app.info("Changes discarded.");
                // Leaving may still have the encounter to ask about.
                leave(app, then)
            }
            Some(Action::Back) => Vec::new(),
            _ => {
                app.overlay = Some(Overlay::Confirm(Confirm::Unsaved(then)));
                Vec::new()
            }
        },
        Confirm::UnsavedEncounter(then) => match action {
            Some(Action::Yes) => {
                app.after_save = Some(then);
                crate::tui::screens::encounter::save(app)
            }
            Some(Action::No) => {
                crate::tui::screens::encounter::reset(app);
                leave(app, then)
            }
            Some(Action::Back) => Vec::new(),
            _ => {
                app.overlay = Some(Overlay::Confirm(Confirm::UnsavedEncounter(then)));
                Vec::new()
            }
        },
        Confirm::Delete { id, path } => match action {
            Some(Action::Yes) => vec![Cmd::Remove { path, id }],
            Some(Action::No | Action::Back) => Vec::new(),
            _ => {
                app.overlay = Some(Overlay::Confirm(Confirm::Delete { id, path }));
                Vec::new()
            }
        },
        Confirm::Overwrite { path, contents } => match action {
            Some(Action::Yes) => vec![Cmd::Write {
                path,
                contents,
                expect: Expect::Anything,
                purpose: WritePurpose::Export,
            }],
            Some(Action::No | Action::Back) => Vec::new(),
            _ => {
                app.overlay = Some(Overlay::Confirm(Confirm::Overwrite { path, contents }));
                Vec::new()
            }
        },
        Confirm::ChangedOnDisk { path } => match key {
            Some('r') => {
                app.info(format!(
                    "Reloading {}; your unsaved edits are dropped.",
                    path.display()
                ));
                app.pending_reopen = Some(app.forge.design.id.clone());
                vec![Cmd::ReloadAll]
            }
            Some('c') => {
                // Save as a copy: a new file with a fresh id, leaving the changed file alone.
                let f = &mut app.forge;
                f.target = crate::tui::screens::forge::Target::New;
                f.copy_of = Some(f.design.id.clone());
                crate::tui::screens::forge::save(app)
            }
            _ if action == Some(Action::Back) => Vec::new(),
            _ => {
                app.overlay = Some(Overlay::Confirm(Confirm::ChangedOnDisk { path }));
                Vec::new()
            }
        },
    }
}

fn prompt_done(app: &mut App, kind: PromptKind, text: String) -> Vec<Cmd> {
    // A relative name is taken from the export directory, never from wherever the process
    // happens to be: the prompt showed that directory, so this is where the user looked.
    let path = app.paths.exports.join(text.trim());
    if text.trim().is_empty() && kind != PromptKind::SaveEncounterAs {
        app.error("No file name given; nothing exported.");
        return Vec::new();
    }
    let contents = match &kind {
        PromptKind::ExportMarkdown { id } | PromptKind::ExportYaml { id } => {
            let Some(e) = app.bestiary.get(id) else {
                return Vec::new();
            };
            let fmt = if matches!(kind, PromptKind::ExportMarkdown { .. }) {
                Format::Markdown
            } else {
                Format::Yaml
            };
            render(&e.block(), fmt)
        }
        PromptKind::ExportEncounter => {
            let s = &app.encounter;
            crate::encounter::sheet::markdown(&s.encounter, &s.party, &s.report, &app.bestiary)
        }
        PromptKind::SaveEncounterAs => return crate::tui::screens::encounter::save_as(app, &text),
    };
    if path.exists() {
        app.overlay = Some(Overlay::Confirm(Confirm::Overwrite { path, contents }));
        return Vec::new();
    }
    vec![Cmd::Write {
        path,
        contents,
        expect: Expect::New,
        purpose: WritePurpose::Export,
    }]
}

fn relevel_done(app: &mut App, form: RelevelForm) -> Vec<Cmd> {
    let level: Level = match form.level.text().parse() {
        Ok(l) => l,
        Err(e) => {
            app.error(e);
            app.overlay = Some(Overlay::Relevel(form));
            return Vec::new();
        }
    };
    let Some(e) = app.bestiary.get(&form.id) else {
        return Vec::new();
    };
    let mut d = e.design.clone();
    d.level = level;
    if form.rank > 0 {
        d.rank = Rank::ALL[form.rank - 1];
    }
    if form.role > 0 {
        d.role = Role::ALL[form.role - 1];
    }
    let (path, expect) = match (e.is_shipped(), e.fingerprint) {
        (false, Some(fp)) => (e.path.clone(), Expect::Unchanged(fp)),
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
        path,
        contents: crate::yaml_io::to_string(&d),
        expect,
        purpose: WritePurpose::Monster {
            design: Box::new(d),
            from_forge: false,
        },
    }]
}

// ---------------------------------------------------------------- views

pub fn view(app: &App, f: &mut Frame, area: Rect) {
    let Some(o) = &app.overlay else { return };
    match o {
        Overlay::Help { scroll } => help_view(f, area, *scroll),
        Overlay::Errors { scroll } => {
            let r = popup(
                area,
                area.width.saturating_sub(4),
                area.height.saturating_sub(2),
            );
            f.render_widget(Clear, r);
            let mut lines = vec![Line::from(Span::styled(
                "These files could not be read; everything else loaded. Fix them and press Ctrl-R.",
                theme::dim(),
            ))];
            for e in &app.bestiary.errors {
                lines.push(Line::from(Span::styled(e.to_string(), theme::error())));
            }
            f.render_widget(
                Paragraph::new(lines)
                    .wrap(Wrap { trim: false })
                    .scroll((*scroll, 0))
                    .block(
                        Block::bordered()
                            .title(" Files with problems (any key closes) ")
                            .border_style(theme::focused_border()),
                    ),
                r,
            );
        }
        Overlay::Confirm(c) => {
            let (title, body, keys) = match c {
                Confirm::Unsaved(then) => (
                    " Unsaved changes ",
                    format!(
                        "{} has unsaved changes in the Forge. Save them before {}?",
                        app.forge.design.name,
                        after_text(then)
                    ),
                    "y save · n discard · Esc cancel",
                ),
                Confirm::UnsavedEncounter(then) => (
                    " Unsaved encounter ",
                    format!(
                        "The encounter {} has unsaved changes. Save them before {}?",
                        app.encounter.encounter.name,
                        after_text(then)
                    ),
                    "y save · n discard · Esc cancel",
                ),
                Confirm::Delete { id, path } => (
                    " Delete ",
                    format!(
                        "Delete `{id}` ({})? It goes to the trash; U puts it back.",
                        path.display()
                    ),
                    "y delete · n keep",
                ),
                Confirm::Overwrite { path, .. } => (
                    " File exists ",
                    format!("{} already exists. Overwrite it?", path.display()),
                    "y overwrite · n cancel",
                ),
                Confirm::ChangedOnDisk { path } => (
                    " Changed on disk ",
                    format!(
                        "{} changed on disk since you opened it. Saving now would overwrite someone else's changes.",
                        path.display()
                    ),
                    "r reload it (drop my edits) · c save mine as a copy · Esc cancel",
                ),
            };
            let r = popup(area, 60, 7);
            f.render_widget(Clear, r);
            f.render_widget(
                Paragraph::new(vec![
                    Line::from(body),
                    Line::default(),
                    Line::from(Span::styled(keys, theme::key())),
                ])
                .wrap(Wrap { trim: true })
                .block(
                    Block::bordered()
                        .title(title)
                        .border_style(theme::focused_border()),
                ),
                r,
            );
        }
        Overlay::Prompt { title, field, .. } => {
            let r = popup(area, 64, 4);
            f.render_widget(Clear, r);
            let (vis, c) = field.visible(r.width.saturating_sub(2) as usize);
            f.render_widget(
                Paragraph::new(vec![
                    Line::from(vis),
                    Line::from(Span::styled("Enter confirm · Esc cancel", theme::dim())),
                ])
                .block(
                    Block::bordered()
                        .title(format!(" {title} "))
                        .border_style(theme::focused_border()),
                ),
                r,
            );
            f.set_cursor_position((r.x + 1 + c as u16, r.y + 1));
        }
        Overlay::Relevel(form) => {
            let r = popup(area, 54, 7);
            f.render_widget(Clear, r);
            let name = app
                .bestiary
                .get(&form.id)
                .map_or(form.id.clone(), |e| e.design.name.clone());
            let opt = |i: usize, all: &[&str]| {
                if i == 0 {
                    "keep".to_owned()
                } else {
                    all[i - 1].to_owned()
                }
            };
            let ranks: Vec<&str> = Rank::ALL.iter().map(|r| r.key()).collect();
            let roles: Vec<&str> = Role::ALL.iter().map(|r| r.key()).collect();
            let row = |label: &str, v: String, sel: bool| {
                Line::from(vec![
                    Span::styled(
                        format!("{label:<8}"),
                        if sel {
                            theme::selected()
                        } else {
                            theme::bold()
                        },
                    ),
                    Span::raw(format!(" {v}")),
                ])
            };
            let lines = vec![
                row("Level", form.level.text(), form.row == 0),
                row(
                    "Rank",
                    format!("◂ {} ▸", opt(form.rank, &ranks)),
                    form.row == 1,
                ),
                row(
                    "Role",
                    format!("◂ {} ▸", opt(form.role, &roles)),
                    form.row == 2,
                ),
                Line::default(),
                Line::from(Span::styled(
                    "↑↓ field · ←→ value · Enter re-level · Esc cancel",
                    theme::dim(),
                )),
            ];
            f.render_widget(
                Paragraph::new(lines).block(
                    Block::bordered()
                        .title(format!(" Re-level {name} "))
                        .border_style(theme::focused_border()),
                ),
                r,
            );
            if form.row == 0 {
                f.set_cursor_position((r.x + 1 + 9 + form.level.cursor as u16, r.y + 1));
            }
        }
    }
}

fn after_text(then: &AfterLeave) -> String {
    match then {
        AfterLeave::Quit => "quitting".into(),
        AfterLeave::GoTo(s) => format!("going to the {}", s.title()),
        AfterLeave::Edit(id) => format!("opening {id}"),
        AfterLeave::NewMonster => "starting a new monster".into(),
        AfterLeave::NewEncounter => "starting a new encounter".into(),
    }
}

fn help_view(f: &mut Frame, area: Rect, scroll: u16) {
    let r = popup(
        area,
        area.width.saturating_sub(4).max(40),
        area.height.saturating_sub(2),
    );
    f.render_widget(Clear, r);
    let mut lines: Vec<Line> = Vec::new();
    let order = [
        Ctx::Global,
        Ctx::Bestiary,
        Ctx::Search,
        Ctx::Forge,
        Ctx::ForgeList,
        Ctx::ForgeForm,
        Ctx::Powers,
        Ctx::Encounter,
        Ctx::Text,
        Ctx::Dialog,
    ];
    for ctx in order {
        lines.push(Line::from(Span::styled(ctx.title(), theme::heading())));
        for b in BINDINGS.iter().filter(|b| b.ctx == ctx) {
            let keys = b
                .keys
                .iter()
                .map(|k| k.label())
                .collect::<Vec<_>>()
                .join(" / ");
            lines.push(Line::from(vec![
                Span::styled(format!("  {keys:<16}"), theme::key()),
                Span::raw(b.desc),
            ]));
        }
        lines.push(Line::default());
    }
    f.render_widget(
        Paragraph::new(lines).scroll((scroll, 0)).block(
            Block::bordered()
                .title(" Keys (↑↓ scroll, any other key closes) ")
                .border_style(theme::focused_border()),
        ),
        r,
    );
}
