//! The one keymap: every binding with the context it applies in, as rows of one table. The same
//! rows dispatch keys, draw the help bar and the `?` reference and generate the config file's
//! defaults, so what the UI says is what the keys do. The only other keys the UI reads are a
//! printable character typed into a focused text field ([`typed_char`]) and Ctrl-C
//! ([`INTERRUPT`]), which always quits and which no settings file can rebind.

pub mod action;
pub mod table;

pub use action::Action;

use crate::keyspec::{KeyName, KeySpec};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// How a context takes keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Takes {
    /// Commands only.
    Commands,
    /// A text field may have focus: a plain character types.
    Typing,
    /// A question: its bar shows its answers rather than Ctrl-C.
    Answers,
}

macro_rules! contexts {
    ($($variant:ident = $name:literal, $takes:ident, $title:literal;)+) => {
        /// Where a binding applies. A layer or screen lists its contexts, most specific first.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Ctx { $($variant,)+ }

        impl Ctx {
            /// Every context, in the order `?` and the guide's keys page list them.
            pub const ALL: &'static [Ctx] = &[$(Ctx::$variant,)+];

            /// The context's name in the config file's comments.
            pub fn name(self) -> &'static str {
                match self { $(Ctx::$variant => $name,)+ }
            }

            /// The heading of the context's section in `?`.
            pub fn title(self) -> &'static str {
                match self { $(Ctx::$variant => $title,)+ }
            }

            fn takes(self) -> Takes {
                match self { $(Ctx::$variant => Takes::$takes,)+ }
            }
        }
    };
}

// The screens first, then what opens over them.
contexts! {
    Bestiary       = "bestiary",        Commands, "Bestiary";
    Search         = "search",          Typing,   "Bestiary: the search box";
    Forge          = "forge",           Commands, "Forge";
    ForgeLevel     = "forge-level",     Commands, "Forge: the Level step";
    ForgeList      = "forge-list",      Commands, "Forge: choosing an option";
    ForgeForm      = "forge-form",      Commands, "Forge: the details and a power's form";
    Powers         = "powers",          Commands, "Forge: the list of powers";
    Encounter      = "encounter",       Commands, "Encounter";
    EncounterOrcus = "encounter-orcus", Commands, "Encounter: an Orcus encounter";
    Encounter3e    = "encounter-3e",    Commands, "Encounter: a d20 3rd-edition encounter";
    MonsterPicker  = "monster-picker",  Typing,   "Encounter: the monster picker";
    Adventure      = "adventure",       Commands, "Adventure";
    Table          = "table",           Commands, "Table (running a fight)";
    TableList      = "table-list",      Commands, "Table: the list of fights and encounters";
    Picker         = "picker",          Typing,   "Pickers (monsters, template powers)";
    OpenList       = "open-list",       Commands, "Lists: opening an encounter or an adventure, adding an encounter";
    DraftList      = "draft-list",      Commands, "Lists: the Forge's drafts";
    ChallengeForm  = "challenge-form",  Typing,   "Encounter: the extended challenge form (every row is typed)";
    PartyForm      = "party-form",      Typing,   "Encounter and Adventure: the party's numbers (every cell is typed)";
    Editor         = "editor",          Typing,   "Text of several lines (notes; a monster's description, tactics and power texts)";
    Panes          = "panes",           Commands, "Screens with panes side by side (all but the Table's list)";
    Global         = "global",          Commands, "Everywhere (when no text field has focus)";
    Anywhere       = "anywhere",        Typing,   "Anywhere, even while typing";
    Form           = "form",            Typing,   "Forms: filters, re-level, placeholder";
    Dice           = "dice",            Typing,   "Table: a prompt for the players' dice or a roll";
    Field          = "field",           Typing,   "Editing a text field";
    Text           = "text",            Typing,   "Editing a text field: moving and deleting (other keys type)";
    Confirm        = "confirm",         Answers,  "Questions";
    ForgeUnsaved   = "forge-unsaved",   Answers,  "Question: unsaved work in the Forge";
    ChangedOnDisk  = "changed-on-disk", Answers,  "Question: the file changed on disk";
    RelevelOwn     = "relevel-own",     Answers,  "Question: re-levelling your own monster";
    LintErrors     = "lint-errors",     Answers,  "Question: saving with lint errors";
    Viewer         = "viewer",          Commands, "The key reference and the list of unreadable files";
    Watch          = "watch",           Commands, "The players' view (`lairsmith fight watch`)";
}

impl Ctx {
    /// Whether a layer that reads this context can have a text field with focus, where a plain
    /// character types.
    pub fn has_text_field(self) -> bool {
        self.takes() == Takes::Typing
    }
}

/// One binding in force.
#[derive(Debug, Clone, PartialEq)]
pub struct Binding {
    pub ctx: Ctx,
    pub keys: Vec<KeySpec>,
    pub action: Action,
    pub bar: &'static str,
    pub desc: &'static str,
}

/// The bindings in force: the defaults with the config file's changes applied.
#[derive(Debug, Clone, PartialEq)]
pub struct Keymap {
    pub bindings: Vec<Binding>,
}

impl Default for Keymap {
    fn default() -> Keymap {
        Keymap {
            bindings: table::DEFAULTS
                .iter()
                .map(|r| Binding {
                    ctx: r.ctx,
                    keys: r.keys.to_vec(),
                    action: r.action,
                    bar: r.bar,
                    desc: r.desc,
                })
                .collect(),
        }
    }
}

impl Keymap {
    /// The defaults with `action`'s keys replaced by `keys` in every context it is bound in,
    /// except that a plain character goes to a context over a text field only if the default
    /// row there has it: the settings file lists an action's keys once for all its contexts
    /// (`back: ["Esc", "q", "?"]` is the viewer's `q`), and binding them where a field has
    /// focus would stop them being typed, or turn typing into commands.
    /// A character an `anywhere` action is given works where no field has focus, as `global`.
    /// [`INTERRUPT`] is never given to an action other than `quit`: it quits before any
    /// binding is looked at, and `?` must not list it as doing something else.
    pub fn rebind(&mut self, action: Action, keys: &[KeySpec]) {
        let mut outside_fields: Vec<Binding> = Vec::new();
        let keys: Vec<KeySpec> = keys
            .iter()
            .copied()
            .filter(|k| action == Action::Quit || *k != INTERRUPT)
            .collect();
        for b in self.bindings.iter_mut().filter(|b| b.action == action) {
            let defaults = std::mem::take(&mut b.keys);
            let (kept, typed): (Vec<KeySpec>, Vec<KeySpec>) = keys
                .iter()
                .partition(|k| !b.ctx.has_text_field() || !types(k) || defaults.contains(k));
            b.keys = kept;
            if b.ctx == Ctx::Anywhere && !typed.is_empty() {
                outside_fields.push(Binding {
                    ctx: Ctx::Global,
                    keys: typed,
                    ..b.clone()
                });
            }
        }
        self.bindings.extend(outside_fields);
    }

    /// The action bound to `ev` in the first of `ctxs` that binds it.
    pub fn lookup(&self, ctxs: &[Ctx], ev: &KeyEvent) -> Option<Action> {
        ctxs.iter().find_map(|ctx| {
            self.bindings
                .iter()
                .find(|b| b.ctx == *ctx && b.keys.iter().any(|k| matches(k, ev)))
                .map(|b| b.action)
        })
    }

    /// The first key bound to `action` in `ctx`, for messages ("U puts it back").
    pub fn key_for(&self, ctx: Ctx, action: Action) -> String {
        self.key_or_unbound(&[ctx], action)
    }

    /// The key that does `action` where `ctxs` apply (most specific first, as [`Keymap::lookup`]
    /// reads them): the first key of the first context that binds the action, skipping a key a
    /// more specific context takes for something else. `None`: no key does it there, so a hint
    /// must not offer it.
    pub fn key_in(&self, ctxs: &[Ctx], action: Action) -> Option<String> {
        for (i, ctx) in ctxs.iter().enumerate() {
            for b in self
                .bindings
                .iter()
                .filter(|b| b.ctx == *ctx && b.action == action)
            {
                let shadowed = |k: &KeySpec| {
                    self.bindings
                        .iter()
                        .any(|o| ctxs[..i].contains(&o.ctx) && o.keys.contains(k))
                };
                if let Some(k) = b.keys.iter().find(|k| !shadowed(k)) {
                    return Some(label(k));
                }
            }
        }
        None
    }

    /// [`Keymap::key_in`] for a sentence that names the action whatever the bindings: a settings
    /// file that takes every key off it reads "(unbound: undo)".
    pub fn key_or_unbound(&self, ctxs: &[Ctx], action: Action) -> String {
        self.key_in(ctxs, action)
            .unwrap_or_else(|| format!("(unbound: {})", action.name()))
    }

    /// The help bar's entries for the focused contexts, most important first: (key, label).
    /// Where no key of the contexts quits (a text field, a form, or `quit` given no key that
    /// applies), `Ctrl-C quit` stands in, since Ctrl-C quits there too; a question shows only
    /// its answers.
    pub fn bar_items(&self, ctxs: &[Ctx]) -> Vec<(String, &'static str)> {
        let mut out: Vec<(String, &'static str)> = Vec::new();
        for ctx in ctxs {
            for b in self
                .bindings
                .iter()
                .filter(|b| b.ctx == *ctx && !b.bar.is_empty())
            {
                let Some(key) = b.keys.first().map(label) else {
                    continue;
                };
                if out.iter().any(|(k, l)| *l == b.bar || *k == key) {
                    continue;
                }
                out.push((key, b.bar));
            }
        }
        if !out.iter().any(|(_, l)| *l == "quit") && !ctxs.iter().copied().any(is_question) {
            out.push((label(&INTERRUPT), "quit"));
        }
        out
    }

    /// The entries that fit in `width` columns, whole: `? help` and `q quit` (when they apply)
    /// always, then the most specific context's (the step, the pane, the mode), then what
    /// works even while typing (`Ctrl-S save`: losing work is worse than missing a key), then
    /// the others in order of importance, then shown in table order.
    /// When some do not fit, `? help` reads `? more`: the rest are behind it.
    pub fn bar(&self, ctxs: &[Ctx], width: usize) -> Vec<(String, &'static str)> {
        let items = self.bar_items(ctxs);
        let cost =
            |(k, l): &(String, &str)| lairsmith_core::text::display_width(k) + 1 + l.len() + 2;
        let always: Vec<usize> = items
            .iter()
            .enumerate()
            .filter(|(_, (_, l))| *l == "help" || *l == "quit")
            .map(|(i, _)| i)
            .collect();
        let anywhere = |l: &str| {
            self.bindings
                .iter()
                .any(|b| b.ctx == Ctx::Anywhere && b.bar == l)
        };
        let first = |l: &str| {
            ctxs.first()
                .is_some_and(|c| self.bindings.iter().any(|b| b.ctx == *c && b.bar == l))
        };
        let mut order: Vec<usize> = (0..items.len())
            .filter(|i| !always.contains(i) && first(items[*i].1))
            .collect();
        let then: Vec<usize> = (0..items.len())
            .filter(|i| !always.contains(i) && !order.contains(i) && anywhere(items[*i].1))
            .collect();
        order.extend(then);
        let rest: Vec<usize> = (0..items.len())
            .filter(|i| !always.contains(i) && !order.contains(i))
            .collect();
        order.extend(rest);
        let mut used: usize = always.iter().map(|i| cost(&items[*i])).sum();
        let mut keep = always.clone();
        for i in order {
            if used + cost(&items[i]) <= width {
                used += cost(&items[i]);
                keep.push(i);
            }
        }
        let hidden = keep.len() < items.len();
        keep.sort_unstable();
        keep.into_iter()
            .map(|i| match &items[i] {
                (k, "help") if hidden => (k.clone(), "more"),
                item => item.clone(),
            })
            .collect()
    }
}

/// Whether `spec` is the key pressed. Shifted letters arrive as upper-case characters, so SHIFT
/// is ignored for characters; `Alt-3` never matches a plain `3`.
pub fn matches(spec: &KeySpec, ev: &KeyEvent) -> bool {
    let ctrl = ev.modifiers.contains(KeyModifiers::CONTROL);
    let alt = ev.modifiers.contains(KeyModifiers::ALT);
    if ctrl != spec.ctrl || alt != spec.alt {
        return false;
    }
    match (spec.key, ev.code) {
        (KeyName::Char(a), KeyCode::Char(b)) if spec.ctrl => a.eq_ignore_ascii_case(&b),
        (KeyName::Char(a), KeyCode::Char(b)) => a == b,
        (KeyName::F(a), KeyCode::F(b)) => a == b,
        (KeyName::BackTab, KeyCode::BackTab) => true,
        (KeyName::Tab, KeyCode::Tab) => !ev.modifiers.contains(KeyModifiers::SHIFT),
        (key, code) => code_of(key) == Some(code),
    }
}

fn code_of(key: KeyName) -> Option<KeyCode> {
    Some(match key {
        KeyName::Enter => KeyCode::Enter,
        KeyName::Esc => KeyCode::Esc,
        KeyName::Backspace => KeyCode::Backspace,
        KeyName::Delete => KeyCode::Delete,
        KeyName::Insert => KeyCode::Insert,
        KeyName::Home => KeyCode::Home,
        KeyName::End => KeyCode::End,
        KeyName::PageUp => KeyCode::PageUp,
        KeyName::PageDown => KeyCode::PageDown,
        KeyName::Up => KeyCode::Up,
        KeyName::Down => KeyCode::Down,
        KeyName::Left => KeyCode::Left,
        KeyName::Right => KeyCode::Right,
        _ => return None,
    })
}

/// How a key is shown on screen: arrows as arrows, Ctrl with an upper-case letter.
pub fn label(spec: &KeySpec) -> String {
    let base = match spec.key {
        KeyName::Char(' ') => "Space".to_owned(),
        KeyName::Char(c) if spec.ctrl => c.to_ascii_uppercase().to_string(),
        KeyName::Char(c) => c.to_string(),
        KeyName::F(n) => format!("F{n}"),
        KeyName::Enter => "Enter".into(),
        KeyName::Esc => "Esc".into(),
        KeyName::Tab => "Tab".into(),
        KeyName::BackTab => "Shift-Tab".into(),
        KeyName::Backspace => "Backspace".into(),
        KeyName::Delete => "Del".into(),
        KeyName::Insert => "Ins".into(),
        KeyName::Home => "Home".into(),
        KeyName::End => "End".into(),
        KeyName::PageUp => "PgUp".into(),
        KeyName::PageDown => "PgDn".into(),
        KeyName::Up => "↑".into(),
        KeyName::Down => "↓".into(),
        KeyName::Left => "←".into(),
        KeyName::Right => "→".into(),
    };
    match (spec.ctrl, spec.alt) {
        (true, true) => format!("Ctrl-Alt-{base}"),
        (true, false) => format!("Ctrl-{base}"),
        (false, true) => format!("Alt-{base}"),
        (false, false) => base,
    }
}

/// Whether `spec` is a key a text field types: a character without Ctrl or Alt.
fn types(spec: &KeySpec) -> bool {
    matches!(spec.key, KeyName::Char(c) if !c.is_control()) && !spec.ctrl && !spec.alt
}

/// Ctrl-C, which always quits (asking first about unsaved work), in every context, before any
/// binding is looked at: the raw terminal turns its signal off, and a settings file may give
/// `quit` a key the terminal cannot send, so this is the one way out no file can take away. No
/// default row has it and the settings file cannot give it to another action.
pub const INTERRUPT: KeySpec = KeySpec {
    key: KeyName::Char('c'),
    ctrl: true,
    alt: false,
};

/// Whether `ev` is [`INTERRUPT`].
pub fn is_interrupt(ev: &KeyEvent) -> bool {
    matches(&INTERRUPT, ev)
}

/// The contexts of a question, whose bar shows its answers rather than Ctrl-C.
fn is_question(ctx: Ctx) -> bool {
    ctx.takes() == Takes::Answers
}

/// The character a key types into a focused text field, if it types one: a printable character
/// without Ctrl or Alt.
pub fn typed_char(ev: &KeyEvent) -> Option<char> {
    match ev.code {
        KeyCode::Char(c)
            if !ev
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
                && !c.is_control() =>
        {
            Some(c)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(code: KeyCode, mods: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, mods)
    }

    #[test]
    fn alt_3_is_not_a_3_and_g_is_not_end() {
        let km = Keymap::default();
        let alt3 = ev(KeyCode::Char('3'), KeyModifiers::ALT);
        assert_eq!(
            km.lookup(&[Ctx::ForgeLevel, Ctx::Forge, Ctx::Global], &alt3),
            Some(Action::ToEncounter)
        );
        let g = ev(KeyCode::Char('G'), KeyModifiers::SHIFT);
        assert_eq!(
            km.lookup(&[Ctx::Encounter, Ctx::Global], &g),
            Some(Action::Generate)
        );
        assert_eq!(km.lookup(&[Ctx::Bestiary, Ctx::Global], &g), None);
    }

    #[test]
    fn no_context_binds_one_key_twice() {
        let km = Keymap::default();
        for ctx in Ctx::ALL {
            let mut seen: Vec<(KeySpec, Action)> = Vec::new();
            for b in km.bindings.iter().filter(|b| b.ctx == *ctx) {
                for k in &b.keys {
                    if let Some((_, other)) = seen.iter().find(|(s, _)| s == k) {
                        panic!("{ctx:?}: {k} is bound to {other} and {}", b.action);
                    }
                    seen.push((*k, b.action));
                }
            }
        }
    }

    #[test]
    fn the_bar_never_cuts_and_keeps_help_and_quit() {
        let km = Keymap::default();
        for width in [20, 40, 80, 120] {
            let items = km.bar(&[Ctx::Bestiary, Ctx::Global], width);
            assert!(items.iter().any(|(_, l)| *l == "help" || *l == "more"));
            assert!(items.iter().any(|(_, l)| *l == "quit"));
            let used: usize = items
                .iter()
                .map(|(k, l)| lairsmith_core::text::display_width(k) + 1 + l.len() + 2)
                .sum();
            assert!(width < 30 || used <= width, "{width}: {used}");
        }
    }
}
