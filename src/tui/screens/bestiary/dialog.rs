//! The Bestiary's dialogs, end to end: the re-level form and the filter form, with their keys'
//! contexts, their keys and their drawing, as one layer of the stack ([`Dialog`]).

use super::Browser;
use crate::tui::keymap::{Action, Ctx};
use crate::tui::msg::Effect;
use crate::tui::nav::{cycle_value, form_move};
use crate::tui::shell::Shell;
use crate::tui::widgets::text_field::TextField;
use lairsmith_core::rules::{Rank, Role};
use lairsmith_core::vocab::Vocabulary;
use ratatui::Frame;
use ratatui::layout::Rect;

/// The re-level dialog: a level and optionally a new rank and role, and below them what each
/// override does at the new level.
#[derive(Debug, Clone, PartialEq)]
pub struct RelevelForm {
    pub id: String,
    /// The design as it was read when the form opened: what the form shows re-levelled.
    pub design: std::sync::Arc<lairsmith_core::monster::MonsterDesign>,
    pub level: TextField,
    /// 0 keeps the current rank, otherwise Rank::ALL[i - 1].
    pub rank: usize,
    pub role: usize,
    pub row: usize,
    /// The fixed overrides are made relative (`by:`), keeping their margin over the formula.
    pub follow: bool,
    /// The first line of the overrides shown, when they do not all fit.
    pub scroll: usize,
}

impl RelevelForm {
    /// The contexts of its keys: the level row is a text field.
    pub fn contexts(&self) -> Vec<Ctx> {
        if self.row == 0 {
            vec![Ctx::Text, Ctx::Form]
        } else {
            vec![Ctx::Form]
        }
    }
}

/// The filter form: one row per field; ← → cycle a value, typing edits the level range.
#[derive(Debug, Clone, PartialEq)]
pub struct FilterForm {
    pub row: usize,
    pub levels: TextField,
}

pub const FILTER_ROWS: [&str; 8] = [
    "Levels", "Rank", "Role", "Source", "Type", "Tag", "Leader", "Yours",
];

/// A dialog of the Bestiary's, open over the screen.
#[derive(Debug, Clone, PartialEq)]
pub enum Dialog {
    Relevel(RelevelForm),
    Filter(FilterForm),
}

impl Dialog {
    /// The contexts whose keys apply while it is on top.
    pub fn contexts(&self) -> Vec<Ctx> {
        match self {
            Dialog::Relevel(form) => form.contexts(),
            Dialog::Filter(FilterForm { row: 0, .. }) => vec![Ctx::Text, Ctx::Form],
            Dialog::Filter(_) => vec![Ctx::Form],
        }
    }

    /// The text field typed characters go into, if one has the focus.
    pub fn text_field(&mut self) -> Option<&mut TextField> {
        match self {
            Dialog::Relevel(f) if f.row == 0 => Some(&mut f.level),
            Dialog::Filter(f) if f.row == 0 => Some(&mut f.levels),
            _ => None,
        }
    }
}

/// A key on the dialog, which has been taken off the stack: put back unless it closes.
pub fn on_key(
    browser: &mut Browser,
    shell: &mut Shell,
    dialog: Dialog,
    action: Action,
) -> Vec<Effect> {
    match dialog {
        Dialog::Relevel(mut form) => match action {
            Action::Back => {}
            Action::Choose => return super::update::relevel_chosen(shell, form),
            Action::FollowFormula | Action::PageUp | Action::PageDown => {
                super::update::relevel_key(shell, form, action)
            }
            _ => {
                form_move(&mut form.row, 3, action);
                // Each list starts with "keep".
                match form.row {
                    1 => cycle_value(&mut form.rank, Rank::ALL.len() + 1, action),
                    2 => cycle_value(&mut form.role, Role::ALL.len() + 1, action),
                    _ => {}
                }
                shell.push(Dialog::Relevel(form).into());
            }
        },
        Dialog::Filter(form) => super::update::filter_key(browser, shell, form, action),
    }
    Vec::new()
}

/// What typing into the dialog's field changes at once: a filter's level range.
pub fn after_text_change(browser: &mut Browser, shell: &mut Shell) {
    if let Some(crate::tui::layer::Layer::Bestiary(Dialog::Filter(_))) = shell.layers.last() {
        super::update::filter_levels_changed(browser, shell);
    }
}

/// Draws the dialog over `area`.
pub fn view(browser: &Browser, shell: &Shell, dialog: &Dialog, f: &mut Frame, area: Rect) {
    match dialog {
        Dialog::Relevel(form) => super::view::relevel_view(shell, form, f, area),
        Dialog::Filter(form) => super::view::filter_view(browser, shell, form, f, area),
    }
}

impl From<Dialog> for crate::tui::layer::Layer {
    fn from(d: Dialog) -> crate::tui::layer::Layer {
        crate::tui::layer::Layer::Bestiary(d)
    }
}
