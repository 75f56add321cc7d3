//! The settings file for the UI: the keymap's actions as the config's schema, and the keymap
//! and palette a file makes. A bad file is reported and the UI starts with the defaults.

use crate::config::{self, ActionSchema, Config, ConfigError, Reserved, Schema};
use crate::keyspec::KeySpec;
use crate::tui::keymap::{Action, INTERRUPT, Keymap};
use crate::tui::theme::{self, Palette};
use std::path::Path;

/// Every action with the contexts it is bound in, its default keys (each once, in table
/// order) and its first description.
fn action_parts(km: &Keymap) -> Vec<(Action, Vec<&'static str>, Vec<KeySpec>, &'static str)> {
    Action::ALL
        .iter()
        .filter_map(|a| {
            let rows: Vec<_> = km.bindings.iter().filter(|b| b.action == *a).collect();
            let first = rows.first()?;
            let mut ctxs: Vec<&'static str> = Vec::new();
            let mut keys: Vec<KeySpec> = Vec::new();
            for b in &rows {
                if !ctxs.contains(&b.ctx.name()) {
                    ctxs.push(b.ctx.name());
                }
                for k in &b.keys {
                    if !keys.contains(k) {
                        keys.push(*k);
                    }
                }
            }
            Some((*a, ctxs, keys, first.desc))
        })
        .collect()
}

/// Runs `f` with the schema of the default keymap.
pub fn with_schema<T>(f: impl FnOnce(&Schema) -> T) -> T {
    let km = Keymap::default();
    let parts = action_parts(&km);
    let actions: Vec<ActionSchema> = parts
        .iter()
        .map(|(a, ctxs, keys, desc)| ActionSchema {
            name: a.name(),
            contexts: ctxs,
            defaults: keys.clone(),
            description: desc,
        })
        .collect();
    f(&Schema {
        actions: &actions,
        colour_slots: theme::SLOTS,
        reserved: &[Reserved {
            key: INTERRUPT,
            action: Action::Quit.name(),
            purpose: "quitting",
            why: "Ctrl-C always quits, asking first about unsaved work, so that no settings file \
                  can take away the way out",
        }],
    })
}

/// Reads the settings file at `path` against the UI's actions: every problem it has, or the
/// settings (a missing file is the defaults).
pub fn read(path: &Path) -> Result<Config, ConfigError> {
    with_schema(|s| config::load(path, s))
}

/// The whole default settings file (`lairsmith config --defaults`).
pub fn render_defaults() -> String {
    with_schema(config::render_defaults)
}

/// The keymap a settings file makes: an action the file names gets the file's keys in every
/// context it is bound in; the others keep their defaults.
pub fn keymap_of(cfg: &Config) -> Keymap {
    let mut km = Keymap::default();
    let parts = action_parts(&km);
    for (action, _, defaults, _) in parts {
        let keys = cfg.keys(action.name());
        if keys != defaults.as_slice() {
            km.rebind(action, keys);
        }
    }
    km
}

/// The keymap and palette for the UI from the settings file at `path` (a missing file is the
/// defaults), and the message to show if the file could not be used.
pub fn load(path: Option<&Path>) -> (Keymap, Palette, Option<String>) {
    let no_color = theme::no_color_requested();
    let default_palette = Palette {
        no_color,
        ..Palette::DARK
    };
    let Some(path) = path else {
        return (Keymap::default(), default_palette, None);
    };
    match read(path) {
        Ok(cfg) => (
            keymap_of(&cfg),
            Palette::from_theme(&cfg.theme, no_color),
            None,
        ),
        Err(e) => (Keymap::default(), default_palette, Some(not_used(&e))),
    }
}

/// The status line's message for a settings file with problems: the first, and how many more
/// `lairsmith config` lists, since one line holds one.
fn not_used(e: &ConfigError) -> String {
    let first = e
        .problems
        .first()
        .map(ToString::to_string)
        .unwrap_or_default();
    match e.problems.len() {
        0 | 1 => {
            format!("{first} (the settings file was not used; the default keys are in force)")
        }
        n => format!(
            "{first} (and {} more problem{}, which `lairsmith config` lists; the settings file was \
             not used, the default keys are in force)",
            n - 1,
            if n == 2 { "" } else { "s" }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_keymap_has_no_conflicts_the_config_would_report() {
        let cfg = with_schema(config::defaults);
        let found = with_schema(|s| config::conflicts(s, &cfg.bindings));
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn the_defaults_file_reads_back_to_the_default_keymap() {
        let text = render_defaults();
        let cfg = with_schema(|s| config::parse(&text, Path::new("config.yaml"), s)).unwrap();
        assert_eq!(keymap_of(&cfg), Keymap::default());
    }

    #[test]
    fn rebinding_quit_to_capital_q_makes_q_type_nothing_and_capital_q_quit() {
        use crate::tui::keymap::Ctx;
        use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let text = "keys:\n  quit: [\"Q\"]\n";
        let cfg = with_schema(|s| config::parse(text, Path::new("config.yaml"), s)).unwrap();
        let km = keymap_of(&cfg);
        let q = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE);
        let big_q = KeyEvent::new(KeyCode::Char('Q'), KeyModifiers::SHIFT);
        assert_eq!(km.lookup(&[Ctx::Global], &q), None);
        assert_eq!(km.lookup(&[Ctx::Global], &big_q), Some(Action::Quit));
    }
}
