//! The Encounter screen's dialogs, end to end: the monster picker, the placeholder form and
//! the extended challenge's form, with their keys' contexts, their keys and their drawing, as
//! one layer of the stack ([`Dialog`]).

use super::challenge::ChallengeForm;
use crate::tui::app::App;
use crate::tui::keymap::{Action, Ctx};
use crate::tui::layer::Picker;
use crate::tui::msg::Effect;
use crate::tui::nav::{cycle_value, form_move, picker_move};
use crate::tui::widgets::text_field::TextField;
use lairsmith_core::rules::{Rank, Role};
use lairsmith_core::vocab::Vocabulary;
use ratatui::Frame;
use ratatui::layout::Rect;

/// A placeholder for the encounter: level (typed), rank and role (cycled).
#[derive(Debug, Clone, PartialEq)]
pub struct PlaceholderForm {
    pub level: TextField,
    pub rank: usize,
    pub role: usize,
    pub row: usize,
}

/// A dialog of the Encounter screen's, open over it.
#[derive(Debug, Clone, PartialEq)]
pub enum Dialog {
    /// Monsters of the bestiary to add, around the party's level.
    MonsterPicker(Picker),
    Placeholder(PlaceholderForm),
    /// An extended challenge for the encounter (A2), new or being edited.
    Challenge(ChallengeForm),
}

impl Dialog {
    /// The contexts whose keys apply while it is on top.
    pub fn contexts(&self) -> Vec<Ctx> {
        match self {
            Dialog::MonsterPicker(_) => vec![Ctx::MonsterPicker, Ctx::Picker, Ctx::Text],
            Dialog::Placeholder(PlaceholderForm { row: 0, .. }) => vec![Ctx::Text, Ctx::Form],
            Dialog::Placeholder(_) => vec![Ctx::Form],
            Dialog::Challenge(_) => vec![Ctx::ChallengeForm, Ctx::Text],
        }
    }

    /// The text field typed characters go into, if one has the focus.
    pub fn text_field(&mut self) -> Option<&mut TextField> {
        match self {
            Dialog::MonsterPicker(p) => Some(&mut p.query),
            Dialog::Placeholder(f) if f.row == 0 => Some(&mut f.level),
            Dialog::Placeholder(_) => None,
            Dialog::Challenge(f) => Some(f.focused()),
        }
    }

    /// What typing into its field changes at once: the picker's cursor goes back to the top.
    pub fn after_text_change(&mut self) {
        if let Dialog::MonsterPicker(p) = self {
            p.cursor = 0;
        }
    }
}

/// A key on the dialog, which has been taken off the stack: put back unless it closes.
pub fn on_key(app: &mut App, dialog: Dialog, action: Action) -> Vec<Effect> {
    let page = app.shell.body_height();
    match dialog {
        Dialog::MonsterPicker(mut p) => {
            match action {
                Action::Back => return Vec::new(),
                Action::Choose => super::update::monster_chosen(app, &p),
                Action::AllLevels => {
                    p.all_levels = !p.all_levels;
                    p.cursor = 0;
                }
                other => picker_move(&mut p.cursor, other, page),
            }
            app.shell.push(Dialog::MonsterPicker(p).into());
        }
        Dialog::Placeholder(mut form) => match action {
            Action::Back => {}
            Action::Choose => super::update::placeholder_chosen(app, form),
            _ => {
                form_move(&mut form.row, 3, action);
                match form.row {
                    1 => cycle_value(&mut form.rank, Rank::ALL.len(), action),
                    2 => cycle_value(&mut form.role, Role::ALL.len(), action),
                    _ => {}
                }
                app.shell.push(Dialog::Placeholder(form).into());
            }
        },
        Dialog::Challenge(form) => super::challenge::on_key(app, form, action),
    }
    Vec::new()
}

/// Draws the dialog over `area`.
pub fn view(app: &App, dialog: &Dialog, f: &mut Frame, area: Rect) {
    match dialog {
        Dialog::MonsterPicker(p) => super::view::picker_view(app, p, f, area),
        Dialog::Placeholder(form) => super::view::placeholder_view(form, f, area),
        Dialog::Challenge(form) => {
            super::challenge::view(form, app.encounter.report.party_level, f, area)
        }
    }
}

impl From<Dialog> for crate::tui::layer::Layer {
    fn from(d: Dialog) -> crate::tui::layer::Layer {
        crate::tui::layer::Layer::Encounter(d)
    }
}
