//! Drawing the Forge (read-only): the steps, the editor of the current step and the live stat
//! block.

use super::fields::{details, power_fields};
use super::options::{options, step_value};
use super::{Focus, Forge, STEPS, Step};
use crate::tui::keymap::Action;
use crate::tui::layer::PromptKind;
use crate::tui::layer::{Layer, Picker};
use crate::tui::shell::Shell;
use crate::tui::theme;
use crate::tui::widgets::statblock;
use crate::tui::widgets::text_field::TextField;
use lairsmith_core::monster::lint::Severity;
use lairsmith_core::rules::Rank;
use lairsmith_core::vocab::Vocabulary;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

/// The width of the wizard's pane; the stat block has the rest.
fn left_width(width: u16) -> u16 {
    if width >= 110 {
        60
    } else {
        46.min(width.saturating_sub(30))
    }
}

/// The stat block pane on a terminal of `viewport`: its lines as drawn, and how many it shows
/// (the body less the pane's borders).
pub fn preview_size(f: &crate::tui::screens::forge::Forge, viewport: (u16, u16)) -> (usize, usize) {
    let (w, h) = viewport;
    let inner_w = w.saturating_sub(left_width(w)).saturating_sub(2);
    let lines =
        crate::tui::widgets::wrap::hanging(statblock::text(&f.block).lines, usize::from(inner_w))
            .len();
    (lines, usize::from(h.saturating_sub(3 + 2)))
}

pub fn view(forge: &Forge, shell: &Shell, fr: &mut Frame, area: Rect) {
    let f = forge;
    let left_w = left_width(area.width);
    let [left, right] =
        Layout::horizontal([Constraint::Length(left_w), Constraint::Fill(1)]).areas(area);

    // The steps, with their current values: the wizard at a glance.
    let mut spans: Vec<Span> = Vec::new();
    // Lay the steps out by hand so each one wraps whole and the height is known.
    let mut lines: Vec<Line> = Vec::new();
    let mut used = 0usize;
    for s in STEPS {
        let v = step_value(&f.design, s);
        let v: String = v.chars().take(18).collect();
        // No number before a step: digits go to the screens (F1 to F5), and a number here
        // would read as the key that opens the step.
        let text = if v.is_empty() {
            s.title().to_owned()
        } else {
            format!("{}: {v}", s.title())
        };
        let len = text.chars().count() + 2;
        if used > 0 && used + len > left_w as usize {
            lines.push(Line::from(std::mem::take(&mut spans)));
            used = 0;
        }
        let style = if s == f.step {
            theme::selected()
        } else {
            theme::dim()
        };
        spans.push(Span::styled(text, style));
        spans.push(Span::raw("  "));
        used += len;
    }
    lines.push(Line::from(spans));
    // The header keeps one height whatever the values: it is measured with every value at its
    // widest, so choosing a longer name never makes the editor below jump.
    let mut rows = 1u16;
    let mut width_used = 0usize;
    for s in STEPS {
        let len = format!("{}: {}", s.title(), "x".repeat(18)).chars().count() + 2;
        if width_used > 0 && width_used + len > left_w as usize {
            rows += 1;
            width_used = 0;
        }
        width_used += len;
    }
    let steps_h = rows.max(lines.len() as u16).clamp(1, 5);
    let steps_par = Paragraph::new(lines);
    let dirty = if f.is_dirty() { " · unsaved" } else { "" };
    let target = match f.design.path() {
        None if f.copy_of.is_some() => " · your copy (not saved yet)".to_owned(),
        None => " · new".to_owned(),
        Some(path) => format!(
            " · {}",
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        ),
    };
    let [steps_area, editor_area] =
        Layout::vertical([Constraint::Length(steps_h), Constraint::Fill(1)]).areas(left);
    fr.render_widget(steps_par, steps_area);

    let editor_focused = f.focus == Focus::Editor;
    let eblock = Block::bordered()
        .title(format!(
            " {} (step {} of {}){target}{dirty} ",
            f.step.title(),
            f.step.index() + 1,
            STEPS.len()
        ))
        .border_style(if editor_focused {
            theme::focused_border()
        } else {
            theme::border()
        });
    let inner = eblock.inner(editor_area);
    fr.render_widget(eblock, editor_area);
    let editing = match shell.top() {
        Some(Layer::Prompt {
            kind: PromptKind::Forge(_),
            field,
            ..
        }) => Some(field),
        _ => None,
    };
    match f.step {
        s if s.is_list() => list_view(forge, shell, fr, inner),
        Step::Details => details_view(forge, shell, editing, fr, inner),
        Step::Powers => powers_view(forge, shell, editing, fr, inner),
        _ => review_view(f, shell, fr, inner),
    }

    let pblock =
        Block::bordered()
            .title(" Stat block (live) ")
            .border_style(if f.focus == Focus::Preview {
                theme::focused_border()
            } else {
                theme::border()
            });
    let block_lines = crate::tui::widgets::wrap::hanging(
        statblock::text(&f.block).lines,
        usize::from(right.width.saturating_sub(2)),
    );
    // A scroll kept from a taller pane stops where the last line is at the bottom.
    let last = block_lines
        .len()
        .saturating_sub(usize::from(right.height.saturating_sub(2)));
    let scroll = f
        .preview_scroll
        .min(u16::try_from(last).unwrap_or(u16::MAX));
    fr.render_widget(
        Paragraph::new(block_lines)
            .block(pblock)
            .scroll((scroll, 0)),
        right,
    );
}

/// Keys and what they do, as the keymap binds them on the Forge now: "Space toggles · Enter
/// next step"; a key nothing binds is left out.
fn hint(forge: &Forge, shell: &Shell, parts: &[(Action, &str)]) -> String {
    parts
        .iter()
        .filter_map(|(a, words)| {
            shell
                .keymap
                .key_in(&forge.screen_contexts(), *a)
                .map(|k| format!("{k} {words}"))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

fn list_view(forge: &Forge, shell: &Shell, fr: &mut Frame, area: Rect) {
    let f = forge;
    let opts = options(f);
    let cursor = f.cursor.min(opts.len().saturating_sub(1));
    // The pane below the list shows the whole text of the highlighted option and the keys
    // that act on it: as tall as that text needs, up to half the editor (the list keeps the
    // rest and scrolls).
    let about = opts
        .get(cursor)
        .map(|o| {
            let hint = match f.step {
                Step::Tags | Step::Templates => hint(
                    forge,
                    shell,
                    &[(Action::Toggle, "toggles"), (Action::Choose, "next step")],
                ),
                Step::Role => hint(
                    forge,
                    shell,
                    &[
                        (Action::Choose, "chooses"),
                        (Action::Toggle, "toggles Leader"),
                    ],
                ),
                Step::Level => {
                    hint(forge, shell, &[(Action::Choose, "chooses")]) + " · or type the level"
                }
                _ => hint(forge, shell, &[(Action::Choose, "chooses and goes on")]),
            };
            crate::tui::widgets::wrap::flush(
                vec![
                    Line::from(vec![
                        Span::styled(format!("{}: ", o.label), theme::bold()),
                        Span::raw(o.info.clone()),
                    ]),
                    Line::from(Span::styled(hint, theme::dim())),
                ],
                usize::from(area.width),
            )
        })
        .unwrap_or_default();
    let about_h = (about.len() as u16 + 1).min(area.height / 2);
    let [list_area, about_area] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(about_h)]).areas(area);
    let rows = list_area.height as usize;
    let start = cursor
        .saturating_sub(rows.saturating_sub(1) / 2)
        .min(opts.len().saturating_sub(rows));
    let w = list_area.width as usize;
    // The label column is as wide as the widest label, so every row's text starts in one place.
    let label_w = opts
        .iter()
        .map(|o| lairsmith_core::text::display_width(&o.label))
        .max()
        .unwrap_or(0);
    let lines: Vec<Line> = opts
        .iter()
        .enumerate()
        .skip(start)
        .take(rows)
        .map(|(i, o)| {
            let mark = match (o.checkbox, o.marked) {
                (true, true) => "[x] ",
                (true, false) => "[ ] ",
                // Radio buttons for one choice, as wide as the checkboxes, so rows align.
                (false, true) => "(•) ",
                (false, false) => "( ) ",
            };
            let head = format!(
                "{mark}{}",
                lairsmith_core::text::pad_to_width(&o.label, label_w)
            );
            // A row shows whole words; the pane below shows the whole text of the highlighted one.
            let info = lairsmith_core::text::truncate_to_words(
                &o.info,
                w.saturating_sub(lairsmith_core::text::display_width(&head) + 1),
            );
            let style = if i == cursor {
                theme::selected()
            } else {
                Style::new()
            };
            Line::from(vec![
                Span::styled(head, style.patch(theme::bold())),
                Span::styled(
                    format!(" {info}"),
                    if i == cursor { style } else { theme::dim() },
                ),
            ])
        })
        .collect();
    fr.render_widget(Paragraph::new(lines), list_area);
    fr.render_widget(
        Paragraph::new(about).block(
            Block::default()
                .borders(ratatui::widgets::Borders::TOP)
                .border_style(theme::border()),
        ),
        about_area,
    );
}

fn form_lines(
    rows: Vec<(String, String, bool)>,
    cursor: usize,
    editing: Option<&TextField>,
    fr: &mut Frame,
    area: Rect,
) {
    // Every label in one column as wide as the widest (within reason), so values align.
    let label_w = rows
        .iter()
        .map(|(l, _, _)| lairsmith_core::text::display_width(l))
        .max()
        .unwrap_or(0)
        .clamp(8, 24)
        .min(usize::from(area.width) / 2);
    let n = area.height as usize;
    let start = cursor
        .saturating_sub(n.saturating_sub(1) / 2)
        .min(rows.len().saturating_sub(n));
    let value_w = (area.width as usize).saturating_sub(label_w + 1);
    let mut lines = Vec::new();
    for (i, (label, value, is_default)) in rows.iter().enumerate().skip(start).take(n) {
        let sel = i == cursor;
        let shown = if sel && let Some(t) = editing {
            let (vis, c) = t.visible(value_w);
            let y = area.y + (i - start) as u16;
            fr.set_cursor_position((area.x + label_w as u16 + 1 + c as u16, y));
            vis
        } else {
            lairsmith_core::text::truncate_to_width(value, value_w).into_owned()
        };
        let lstyle = if sel {
            theme::selected()
        } else {
            theme::bold()
        };
        let vstyle = if *is_default && !(sel && editing.is_some()) {
            theme::dim()
        } else {
            Style::new()
        };
        lines.push(Line::from(vec![
            Span::styled(lairsmith_core::text::fit_width(label, label_w), lstyle),
            Span::raw(" "),
            Span::styled(shown, vstyle),
        ]));
    }
    fr.render_widget(Paragraph::new(lines), area);
}

fn details_view(
    forge: &Forge,
    shell: &Shell,
    editing: Option<&TextField>,
    fr: &mut Frame,
    area: Rect,
) {
    let f = forge;
    let [form, about] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(3.min(area.height / 3)),
    ])
    .areas(area);
    let rows: Vec<(String, String, bool)> = details(&f.design)
        .into_iter()
        .map(|d| {
            let row = d.row();
            let (shown, is_default) = (row.display(&f.design), (row.get)(&f.design).is_empty());
            (row.label, shown, is_default)
        })
        .collect();
    form_lines(rows, f.form_row, editing, fr, form);
    if let Some(row) = details(&f.design).get(f.form_row).map(|d| d.row()) {
        let full = row.display(&f.design);
        let text = if editing.is_some() {
            row.hint.to_owned()
        } else if full.chars().count() > 20 {
            full
        } else {
            let edit = hint(forge, shell, &[(Action::Choose, "edits")]);
            [edit.as_str(), row.hint]
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(" · ")
        };
        fr.render_widget(
            Paragraph::new(Span::styled(text, theme::dim())).wrap(Wrap { trim: true }),
            about,
        );
    }
}

fn powers_view(
    forge: &Forge,
    shell: &Shell,
    editing: Option<&TextField>,
    fr: &mut Frame,
    area: Rect,
) {
    let f = forge;
    if let Some(i) = f.power_form {
        let Some(p) = f.design.powers.get(i) else {
            return;
        };
        let [head, form] =
            Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
        fr.render_widget(
            Paragraph::new(Span::styled(
                [
                    format!("Editing {}", p.name),
                    hint(forge, shell, &[(Action::Back, "back to the list")]),
                ]
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(" · "),
                theme::dim(),
            )),
            head,
        );
        let rows: Vec<(String, String, bool)> = power_fields(p)
            .into_iter()
            .map(|pf| {
                let row = pf.row(i);
                let value = (row.get)(&f.design);
                (row.label, value, false)
            })
            .collect();
        form_lines(rows, f.form_row, editing, fr, form);
        return;
    }
    let mut lines: Vec<Line> = Vec::new();
    if f.design.powers.is_empty() {
        lines.push(Line::from(format!(
            "No powers. {}.",
            hint(
                forge,
                shell,
                &[
                    (Action::AddPower, "adds one from the templates"),
                    (Action::NewPower, "a blank one")
                ]
            )
        )));
    }
    for (i, (p, sp)) in f.design.powers.iter().zip(&f.block.powers).enumerate() {
        let sym = sp.symbol.unwrap_or(" ");
        let dmg = sp
            .damage
            .as_ref()
            .map(|d| format!(" → {}", d.0))
            .unwrap_or_default();
        let usage = lairsmith_core::export::doc::usage_label(sp);
        let style = if i == f.power_cursor {
            theme::selected()
        } else {
            Style::new()
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{sym} {}", p.name), style.patch(theme::bold())),
            Span::styled(
                format!("  {usage}, {}{dmg}", p.action.key()),
                if i == f.power_cursor {
                    style
                } else {
                    theme::dim()
                },
            ),
        ]));
    }
    lines.push(Line::default());
    lines.push(Line::from(Span::styled(
        format!(
            "Attacks per round: {} ({} {} needs {}) · {}",
            lairsmith_core::monster::kit::attack_rate(&f.design.powers),
            if f.design.rank == Rank::Elite {
                "an"
            } else {
                "a"
            },
            f.design.rank.key(),
            f.design.rank.attack_rate_target(),
            hint(
                forge,
                shell,
                &[
                    (Action::AddPower, "add"),
                    (Action::NewPower, "new"),
                    (Action::Edit, "edit"),
                    (Action::Delete, "remove"),
                    (Action::MoveUp, "up"),
                    (Action::MoveDown, "down"),
                ]
            )
        ),
        theme::dim(),
    )));
    fr.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), area);
}

fn review_view(f: &Forge, shell: &Shell, fr: &mut Frame, area: Rect) {
    let mut lines = vec![
        Line::from(Span::styled(f.block.header.clone(), theme::bold())),
        Line::from(f.block.type_line.clone()),
    ];
    lines.push(Line::default());
    if f.findings.is_empty() {
        lines.push(Line::from(Span::styled(
            "Balance lint: clean.",
            theme::ok(),
        )));
    }
    for x in &f.findings {
        let style = if x.severity == Severity::Error {
            theme::error()
        } else {
            theme::warning()
        };
        lines.push(Line::from(Span::styled(format!("• {}", x.message), style)));
    }
    lines.push(Line::default());
    let path = match f.design.path() {
        Some(path) => path.display().to_string(),
        None => shell
            .paths
            .bestiary
            .join(format!(
                "{}.yaml",
                lairsmith_core::bestiary::naming::forge_identity(
                    &shell.bestiary,
                    &f.design,
                    f.copy_of.is_some()
                )
                .id
            ))
            .display()
            .to_string(),
    };
    lines.push(Line::from(format!(
        "{} saves to {path}",
        shell.key_in(&f.screen_contexts(), crate::tui::keymap::Action::Save)
    )));
    if f.is_dirty() {
        lines.push(Line::from(Span::styled(
            "There are unsaved changes.",
            theme::warning(),
        )));
    }
    fr.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), area);
}

pub fn picker_view(p: &Picker, f: &Forge, fr: &mut Frame, area: Rect) {
    let w = 70.min(area.width);
    let h = 18.min(area.height);
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    fr.render_widget(Clear, r);
    let d = &f.design;
    let block = crate::tui::widgets::dialog(" Add a power from the templates ");
    let inner = block.inner(r);
    fr.render_widget(block, r);
    let [q, list] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(inner);
    fr.render_widget(Paragraph::new(format!("Filter: {}", p.query.text())), q);
    fr.set_cursor_position((q.x + 8 + p.query.cursor as u16, q.y));
    let matches = super::update::template_matches(f, &p.query.text());
    let cursor = p.cursor.min(matches.len().saturating_sub(1));
    let rows = list.height as usize;
    let start = cursor.saturating_sub(rows.saturating_sub(1));
    let lines: Vec<Line> = matches
        .iter()
        .enumerate()
        .skip(start)
        .take(rows)
        .map(|(i, (kit, pw))| {
            let dmg = match &pw.damage {
                Some(lairsmith_core::monster::DamageSpec::Tier(t)) => format!(
                    " → {}",
                    lairsmith_core::rules::damage::tier_damage(*t, d.level, d.rank, d.role)
                ),
                _ => String::new(),
            };
            let style = if i == cursor {
                theme::selected()
            } else {
                Style::new()
            };
            Line::from(vec![
                Span::styled(
                    lairsmith_core::text::fit_width(&pw.name, 22),
                    style.patch(theme::bold()),
                ),
                Span::styled(
                    format!(" {:<8} {} {}{dmg}", kit, pw.usage.key(), pw.action.key()),
                    if i == cursor { style } else { theme::dim() },
                ),
            ])
        })
        .collect();
    fr.render_widget(Paragraph::new(lines), list);
}

/// The title and the words of one of the Forge's questions.
pub fn question(
    forge: &Forge,
    shell: &Shell,
    q: &super::update::Question,
) -> (&'static str, String) {
    use super::update::Question;
    match q {
        Question::Unsaved(then) => (
            " Unsaved changes ",
            format!(
                "{} has unsaved changes in the Forge. Save them before {}, keep them as a draft to take up later, or discard them?",
                forge.design.name,
                then.describe()
            ),
        ),
        Question::DeleteDraft { path, name } => (
            " Delete the draft ",
            format!(
                "Delete the draft of {name} ({})? It goes to the trash ({}).",
                path.display(),
                lairsmith_core::store::trash::dir(&shell.paths.root)
                    .join("drafts")
                    .display()
            ),
        ),
        Question::ChangedOnDisk { path } => (
            " Changed on disk ",
            format!(
                "{} changed on disk since you opened it. Saving now would overwrite someone else's changes.",
                path.display()
            ),
        ),
        Question::LintErrors { errors, .. } => (
            " Lint errors ",
            format!(
                "The lint found {} error(s): {}. Save anyway?",
                errors.len(),
                errors.join("; ")
            ),
        ),
    }
}
