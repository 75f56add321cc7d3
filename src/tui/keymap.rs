//! The one keymap: every binding with the context it applies in. The same table dispatches keys,
//! draws the help bar and the `?` reference, so what the UI says is what the keys do.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where a binding applies. Lookups try the focused contexts first, then `Global`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ctx {
    Global,
    Bestiary,
    Search,
    Forge,
    ForgeList,
    ForgeForm,
    Powers,
    Encounter,
    Text,
    Dialog,
}

impl Ctx {
    pub fn title(self) -> &'static str {
        match self {
            Ctx::Global => "Everywhere (when no text field has focus)",
            Ctx::Bestiary => "Bestiary",
            Ctx::Search => "Bestiary search box",
            Ctx::Forge => "Forge",
            Ctx::ForgeList => "Forge: choosing an option",
            Ctx::ForgeForm => "Forge: details and power forms",
            Ctx::Powers => "Forge: powers",
            Ctx::Encounter => "Encounter",
            Ctx::Text => "Editing a text field",
            Ctx::Dialog => "Dialogs",
        }
    }
}

/// What a key does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Quit,
    Help,
    ToBestiary,
    ToForge,
    ToEncounter,
    Save,
    Up,
    Down,
    Left,
    Right,
    PageUp,
    PageDown,
    Home,
    End,
    NextPane,
    PrevPane,
    Choose,
    Back,
    Search,
    Toggle,
    Filter,
    ClearFilter,
    Sort,
    Edit,
    New,
    Duplicate,
    Relevel,
    Delete,
    Restore,
    ExportMarkdown,
    ExportYaml,
    OpenEditor,
    Reload,
    ShowErrors,
    NextStep,
    PrevStep,
    AddPower,
    NewPower,
    MoveUp,
    MoveDown,
    Increase,
    Decrease,
    Placeholder,
    Explain,
    Generate,
    Lock,
    Difficulty,
    EditParty,
    Open,
    Yes,
    No,
    Copy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub mods: KeyModifiers,
}

const fn k(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        mods: KeyModifiers::NONE,
    }
}
const fn code(code: KeyCode) -> Key {
    Key {
        code,
        mods: KeyModifiers::NONE,
    }
}
const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        mods: KeyModifiers::CONTROL,
    }
}
const fn alt(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        mods: KeyModifiers::ALT,
    }
}

impl Key {
    pub fn matches(&self, ev: &KeyEvent) -> bool {
        let mods = ev.modifiers - KeyModifiers::SHIFT;
        match (self.code, ev.code) {
            // Shifted letters arrive as upper-case chars; compare the char and ignore SHIFT.
            (KeyCode::Char(a), KeyCode::Char(b)) => {
                a == b && mods == self.mods - KeyModifiers::SHIFT
            }
            (KeyCode::BackTab, KeyCode::BackTab) => true,
            (a, b) => a == b && ev.modifiers == self.mods,
        }
    }

    pub fn label(&self) -> String {
        let base = match self.code {
            KeyCode::Char(' ') => "Space".to_owned(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Enter => "Enter".into(),
            KeyCode::Esc => "Esc".into(),
            KeyCode::Tab => "Tab".into(),
            KeyCode::BackTab => "Shift-Tab".into(),
            KeyCode::Up => "↑".into(),
            KeyCode::Down => "↓".into(),
            KeyCode::Left => "←".into(),
            KeyCode::Right => "→".into(),
            KeyCode::PageUp => "PgUp".into(),
            KeyCode::PageDown => "PgDn".into(),
            KeyCode::Home => "Home".into(),
            KeyCode::End => "End".into(),
            KeyCode::Delete => "Del".into(),
            KeyCode::Backspace => "Backspace".into(),
            KeyCode::F(n) => format!("F{n}"),
            other => format!("{other:?}"),
        };
        if self.mods.contains(KeyModifiers::CONTROL) {
            format!("Ctrl-{}", base.to_uppercase())
        } else if self.mods.contains(KeyModifiers::ALT) {
            format!("Alt-{base}")
        } else {
            base
        }
    }
}

/// One binding. `bar` is the short label for the help bar (empty: only in the `?` reference).
pub struct Binding {
    pub ctx: Ctx,
    pub keys: &'static [Key],
    pub action: Action,
    pub bar: &'static str,
    pub desc: &'static str,
}

use Action as A;
use Ctx as C;

macro_rules! b {
    ($ctx:expr, [$($key:expr),+], $action:expr, $bar:literal, $desc:literal) => {
        Binding { ctx: $ctx, keys: &[$($key),+], action: $action, bar: $bar, desc: $desc }
    };
}

/// Every binding, in the order the help shows them.
pub const BINDINGS: &[Binding] = &[
    b!(
        C::Global,
        [k('q')],
        A::Quit,
        "quit",
        "Quit (asks first if there are unsaved changes)"
    ),
    b!(C::Global, [k('?')], A::Help, "help", "Show every key"),
    b!(
        C::Global,
        [code(KeyCode::F(1)), alt('1')],
        A::ToBestiary,
        "",
        "Go to the Bestiary screen"
    ),
    b!(
        C::Global,
        [code(KeyCode::F(2)), alt('2')],
        A::ToForge,
        "",
        "Go to the Forge screen"
    ),
    b!(
        C::Global,
        [code(KeyCode::F(3)), alt('3')],
        A::ToEncounter,
        "",
        "Go to the Encounter screen"
    ),
    b!(
        C::Global,
        [ctrl('s')],
        A::Save,
        "save",
        "Save (the monster in the Forge, the encounter in Encounter)"
    ),
    b!(C::Global, [code(KeyCode::Up), k('k')], A::Up, "", "Move up"),
    b!(
        C::Global,
        [code(KeyCode::Down), k('j')],
        A::Down,
        "",
        "Move down"
    ),
    b!(
        C::Global,
        [code(KeyCode::Left), k('h')],
        A::Left,
        "",
        "Move left / previous value"
    ),
    b!(
        C::Global,
        [code(KeyCode::Right), k('l')],
        A::Right,
        "",
        "Move right / next value"
    ),
    b!(C::Global, [code(KeyCode::PageUp)], A::PageUp, "", "Page up"),
    b!(
        C::Global,
        [code(KeyCode::PageDown)],
        A::PageDown,
        "",
        "Page down"
    ),
    b!(
        C::Global,
        [code(KeyCode::Home), k('g')],
        A::Home,
        "",
        "First item"
    ),
    b!(
        C::Global,
        [code(KeyCode::End), k('G')],
        A::End,
        "",
        "Last item"
    ),
    b!(
        C::Global,
        [code(KeyCode::Tab)],
        A::NextPane,
        "pane",
        "Next pane"
    ),
    b!(
        C::Global,
        [code(KeyCode::BackTab)],
        A::PrevPane,
        "",
        "Previous pane"
    ),
    b!(
        C::Global,
        [ctrl('r')],
        A::Reload,
        "",
        "Reload every monster from disk"
    ),
    b!(
        C::Global,
        [k('!')],
        A::ShowErrors,
        "",
        "Show files that could not be read"
    ),
    // Bestiary
    b!(
        C::Bestiary,
        [k('/')],
        A::Search,
        "search",
        "Type to search names (fuzzy)"
    ),
    b!(
        C::Bestiary,
        [k('f')],
        A::Filter,
        "filters",
        "Filters: level range, rank, role, source, type, tag"
    ),
    b!(
        C::Bestiary,
        [k('F')],
        A::ClearFilter,
        "",
        "Clear the search and every filter"
    ),
    b!(
        C::Bestiary,
        [k('s')],
        A::Sort,
        "sort",
        "Sort by name, level or XP"
    ),
    b!(
        C::Bestiary,
        [code(KeyCode::Enter), k('e')],
        A::Edit,
        "edit",
        "Edit in the Forge (a shipped monster opens as your copy)"
    ),
    b!(
        C::Bestiary,
        [k('n')],
        A::New,
        "new",
        "New monster in the Forge"
    ),
    b!(
        C::Bestiary,
        [k('d')],
        A::Duplicate,
        "dup",
        "Duplicate into your bestiary"
    ),
    b!(
        C::Bestiary,
        [k('r')],
        A::Relevel,
        "relevel",
        "Re-level (new level, optionally rank and role)"
    ),
    b!(
        C::Bestiary,
        [k('x'), code(KeyCode::Delete)],
        A::Delete,
        "delete",
        "Delete one of your monsters (asks first; it goes to the trash)"
    ),
    b!(
        C::Bestiary,
        [k('U')],
        A::Restore,
        "",
        "Put back the monster deleted last (from the trash)"
    ),
    b!(
        C::Bestiary,
        [k('m')],
        A::ExportMarkdown,
        "md",
        "Export the stat block as Markdown to a file"
    ),
    b!(
        C::Bestiary,
        [k('y')],
        A::ExportYaml,
        "yaml",
        "Export the stat block as YAML to a file"
    ),
    b!(
        C::Bestiary,
        [k('o')],
        A::OpenEditor,
        "$EDITOR",
        "Open the YAML in $EDITOR, then reload and lint it"
    ),
    b!(
        C::Bestiary,
        [k('1')],
        A::ToBestiary,
        "",
        "Go to the Bestiary screen"
    ),
    b!(
        C::Bestiary,
        [k('2')],
        A::ToForge,
        "",
        "Go to the Forge screen"
    ),
    b!(
        C::Bestiary,
        [k('3')],
        A::ToEncounter,
        "",
        "Go to the Encounter screen"
    ),
    // Search box
    b!(
        C::Search,
        [code(KeyCode::Enter)],
        A::Choose,
        "keep",
        "Leave the search box, keeping the query"
    ),
    b!(
        C::Search,
        [code(KeyCode::Esc)],
        A::Back,
        "leave",
        "Leave the search box (Esc again clears it)"
    ),
    b!(
        C::Search,
        [code(KeyCode::Up)],
        A::Up,
        "",
        "Move the selection up"
    ),
    b!(
        C::Search,
        [code(KeyCode::Down)],
        A::Down,
        "",
        "Move the selection down"
    ),
    // Forge
    b!(
        C::Forge,
        [k(']'), code(KeyCode::PageDown)],
        A::NextStep,
        "next",
        "Next step"
    ),
    b!(
        C::Forge,
        [k('['), code(KeyCode::PageUp)],
        A::PrevStep,
        "back",
        "Previous step"
    ),
    b!(C::Forge, [code(KeyCode::Esc)], A::Back, "", "Previous step"),
    b!(
        C::ForgeList,
        [code(KeyCode::Enter)],
        A::Choose,
        "choose",
        "Choose and go to the next step"
    ),
    b!(
        C::ForgeList,
        [k(' ')],
        A::Toggle,
        "toggle",
        "Toggle (tags, leader)"
    ),
    b!(
        C::ForgeForm,
        [code(KeyCode::Enter)],
        A::Choose,
        "edit",
        "Edit the field (or cycle a choice)"
    ),
    b!(
        C::ForgeForm,
        [k(' ')],
        A::Toggle,
        "toggle",
        "Toggle or cycle the value"
    ),
    b!(
        C::Powers,
        [k('a')],
        A::AddPower,
        "add",
        "Add a power from the templates"
    ),
    b!(C::Powers, [k('n')], A::NewPower, "new", "Add a blank power"),
    b!(
        C::Powers,
        [code(KeyCode::Enter), k('e')],
        A::Edit,
        "edit",
        "Edit the power"
    ),
    b!(
        C::Powers,
        [k('x'), code(KeyCode::Delete)],
        A::Delete,
        "remove",
        "Remove the power"
    ),
    b!(C::Powers, [k('K')], A::MoveUp, "", "Move the power up"),
    b!(C::Powers, [k('J')], A::MoveDown, "", "Move the power down"),
    // Encounter
    b!(
        C::Encounter,
        [k('a')],
        A::AddPower,
        "add",
        "Add monsters from the bestiary (fuzzy picker)"
    ),
    b!(
        C::Encounter,
        [k('p')],
        A::Placeholder,
        "placeholder",
        "Add a placeholder (level, rank, role)"
    ),
    b!(
        C::Encounter,
        [k('+'), k('=')],
        A::Increase,
        "+1",
        "One more of the selected group"
    ),
    b!(
        C::Encounter,
        [k('-')],
        A::Decrease,
        "-1",
        "One fewer of the selected group"
    ),
    b!(
        C::Encounter,
        [k('x'), code(KeyCode::Delete)],
        A::Delete,
        "remove",
        "Remove the selected group"
    ),
    b!(
        C::Encounter,
        [k('P')],
        A::EditParty,
        "party",
        "Edit the party"
    ),
    b!(
        C::Encounter,
        [k('w')],
        A::Explain,
        "why",
        "Show the budget arithmetic"
    ),
    b!(
        C::Encounter,
        [k('G')],
        A::Generate,
        "generate",
        "Generate with the current difficulty and filters"
    ),
    b!(
        C::Encounter,
        [k('L')],
        A::Lock,
        "lock",
        "Lock or unlock the selected group for the generator"
    ),
    b!(
        C::Encounter,
        [k('d')],
        A::Difficulty,
        "difficulty",
        "Cycle the difficulty the generator aims for"
    ),
    b!(
        C::Encounter,
        [k('f')],
        A::Filter,
        "",
        "Filters for the picker and the generator"
    ),
    b!(
        C::Encounter,
        [k('o')],
        A::Open,
        "open",
        "Open a saved encounter"
    ),
    b!(C::Encounter, [k('N')], A::New, "", "Start a new encounter"),
    b!(
        C::Encounter,
        [k('m')],
        A::ExportMarkdown,
        "sheet",
        "Export the encounter sheet as Markdown"
    ),
    b!(
        C::Encounter,
        [code(KeyCode::Enter)],
        A::Choose,
        "",
        "Replace a placeholder with a real monster"
    ),
    b!(
        C::Encounter,
        [k('1')],
        A::ToBestiary,
        "",
        "Go to the Bestiary screen"
    ),
    b!(
        C::Encounter,
        [k('2')],
        A::ToForge,
        "",
        "Go to the Forge screen"
    ),
    // Text fields
    b!(
        C::Text,
        [code(KeyCode::Enter)],
        A::Choose,
        "done",
        "Finish editing"
    ),
    b!(
        C::Text,
        [code(KeyCode::Esc)],
        A::Back,
        "cancel",
        "Leave the field without changing it"
    ),
    // Dialogs
    b!(
        C::Dialog,
        [code(KeyCode::Enter)],
        A::Choose,
        "ok",
        "Confirm"
    ),
    b!(C::Dialog, [code(KeyCode::Esc)], A::Back, "cancel", "Cancel"),
    b!(C::Dialog, [k('y')], A::Yes, "", "Yes / save"),
    b!(C::Dialog, [k('n')], A::No, "", "No / discard"),
    b!(C::Dialog, [k('c')], A::Copy, "", "Save as a copy"),
];

/// The action bound to `ev` in the first of `ctxs` that binds it.
pub fn lookup(ctxs: &[Ctx], ev: &KeyEvent) -> Option<Action> {
    ctxs.iter().find_map(|ctx| {
        BINDINGS
            .iter()
            .find(|b| b.ctx == *ctx && b.keys.iter().any(|key| key.matches(ev)))
            .map(|b| b.action)
    })
}

/// The help bar for the focused contexts: "key label" pairs, most specific first.
pub fn bar(ctxs: &[Ctx]) -> Vec<(String, &'static str)> {
    let mut out: Vec<(String, &'static str)> = Vec::new();
    for ctx in ctxs {
        for b in BINDINGS
            .iter()
            .filter(|b| b.ctx == *ctx && !b.bar.is_empty())
        {
            let key = b.keys[0].label();
            if out.iter().any(|(k, l)| *l == b.bar || *k == key) {
                continue;
            }
            out.push((key, b.bar));
        }
    }
    out
}
