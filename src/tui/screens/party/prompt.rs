//! The party prompt both screens ask with: its title, and what to do with the party the
//! executor read for it.

use crate::tui::app::{App, PromptKind};
use crate::tui::layer::Layer;
use crate::tui::widgets::text_field::TextField;
use lairsmith_core::encounter::PartyChoice;

/// The title of both screens' party prompts.
pub const PARTY_PROMPT: &str =
    "Party: a saved party's id, or 4x6 (four level-6 characters), 3,3,4,5, Ana=3,Bo=4";

/// A party the executor read for a party prompt: the choice and what to say of it, or the error
/// said and the prompt (`again`) open on the text, to correct it.
pub fn party_read(
    app: &mut App,
    text: &str,
    result: Result<PartyChoice, String>,
    again: PromptKind,
) -> Option<(PartyChoice, String)> {
    match result {
        Ok(choice) => {
            let said = match &choice {
                PartyChoice::Saved { id, party } => format!("Party `{id}`: {}.", party.describe()),
                PartyChoice::Spec(party) => format!("Party: {}.", party.describe()),
            };
            Some((choice, said))
        }
        Err(m) => {
            app.shell.error(m);
            app.shell.push(Layer::Prompt {
                kind: again,
                title: PARTY_PROMPT.into(),
                field: TextField::new(text),
            });
            None
        }
    }
}
