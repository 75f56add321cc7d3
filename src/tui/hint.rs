//! The terminal UI's words for the library's hints ([`lairsmith_core::hint::Hint`]): each names
//! the key or the screen that does it, as the keymap binds it now, never a command line.

use crate::tui::keymap::Action;
use crate::tui::shell::{Screen, Shell};
use lairsmith_core::hint::Hint;

/// `why` followed by `hint` as the UI says it.
pub fn with_hint(shell: &Shell, why: &str, hint: Option<&Hint>) -> String {
    match hint {
        None => why.to_owned(),
        Some(h) => format!("{why} ({})", words(shell, h)),
    }
}

/// A hint as the UI says it: the key that does it, and where.
pub fn words(shell: &Shell, hint: &Hint) -> String {
    let key = |screen, action| shell.key_on(screen, action);
    match hint {
        Hint::ListParties => "the party form lists them".to_owned(),
        Hint::ListAdventures => "the Adventure screen lists them".to_owned(),
        Hint::ListEncounters => "the Encounter screen lists them".to_owned(),
        Hint::ListTrash => format!(
            "{} on the Bestiary screen puts back the last monster deleted",
            key(Screen::Bestiary, Action::Restore)
        ),
        Hint::StartFight => format!(
            "{} on the Encounter screen starts one",
            key(Screen::Encounter, Action::StartFight)
        ),
        Hint::EndFight => format!(
            "{} on the Table screen ends it",
            key(Screen::Table, Action::EndFight)
        ),
        Hint::FinishAward => format!(
            "{} on the Table screen awards it",
            key(Screen::Table, Action::EndFight)
        ),
        Hint::ShowDesign => "the Forge opens the design".to_owned(),
        Hint::RemoveTemplate { .. } => format!(
            "press {} for its templates",
            key(Screen::Bestiary, Action::Templates)
        ),
    }
}
