//! The Forge's dialog, end to end: the picker of template powers, with its keys and its
//! drawing, as one layer of the stack ([`Dialog`]).

use super::Forge;
use crate::tui::keymap::{Action, Ctx};
use crate::tui::layer::Picker;
use crate::tui::msg::Effect;
use crate::tui::shell::Shell;
use crate::tui::widgets::text_field::TextField;
use ratatui::Frame;
use ratatui::layout::Rect;

/// A dialog of the Forge's, open over the screen.
#[derive(Debug, Clone, PartialEq)]
pub enum Dialog {
    /// A template power to add to the monster.
    TemplatePicker(Picker),
}

impl Dialog {
    /// The contexts whose keys apply while it is on top.
    pub fn contexts(&self) -> Vec<Ctx> {
        match self {
            Dialog::TemplatePicker(_) => vec![Ctx::Picker, Ctx::Text],
        }
    }

    /// The text field typed characters go into.
    pub fn text_field(&mut self) -> Option<&mut TextField> {
        match self {
            Dialog::TemplatePicker(p) => Some(&mut p.query),
        }
    }

    /// What typing into its field changes at once: the picker's cursor goes back to the top.
    pub fn after_text_change(&mut self) {
        match self {
            Dialog::TemplatePicker(p) => p.cursor = 0,
        }
    }
}

/// A key on the dialog, which has been taken off the stack: put back unless it closes.
pub fn on_key(forge: &mut Forge, shell: &mut Shell, dialog: Dialog, action: Action) -> Vec<Effect> {
    let page = shell.body_height();
    match dialog {
        Dialog::TemplatePicker(mut p) => match action {
            Action::Back => {}
            Action::Choose if super::update::template_chosen(forge, shell, &p) => {}
            other => {
                crate::tui::nav::picker_move(&mut p.cursor, other, page);
                shell.push(Dialog::TemplatePicker(p).into());
            }
        },
    }
    Vec::new()
}

/// Draws the dialog over `area`.
pub fn view(forge: &Forge, dialog: &Dialog, f: &mut Frame, area: Rect) {
    match dialog {
        Dialog::TemplatePicker(p) => super::view::picker_view(p, forge, f, area),
    }
}

impl From<Dialog> for crate::tui::layer::Layer {
    fn from(d: Dialog) -> crate::tui::layer::Layer {
        crate::tui::layer::Layer::Forge(d)
    }
}
