//! The default bindings: every key lairsmith answers, in the order `?` lists them. The config
//! file's `keys:` section replaces an action's keys in every context it appears in.

use super::Ctx;
use super::action::Action;
use crate::keyspec::{KeyName, KeySpec};

/// One row of the table: in `ctx`, `keys` do `action`. `bar` is the short label for the help
/// bar (empty: listed only in `?`); the order of a context's rows is the order of importance
/// the bar keeps when it is narrow.
pub struct DefaultRow {
    pub ctx: Ctx,
    pub keys: &'static [KeySpec],
    pub action: Action,
    pub bar: &'static str,
    pub desc: &'static str,
}

const fn k(c: char) -> KeySpec {
    KeySpec {
        key: KeyName::Char(c),
        ctrl: false,
        alt: false,
    }
}
const fn n(key: KeyName) -> KeySpec {
    KeySpec {
        key,
        ctrl: false,
        alt: false,
    }
}
const fn ctrl(c: char) -> KeySpec {
    KeySpec {
        key: KeyName::Char(c),
        ctrl: true,
        alt: false,
    }
}
const fn alt(c: char) -> KeySpec {
    KeySpec {
        key: KeyName::Char(c),
        ctrl: false,
        alt: true,
    }
}

const UP: KeySpec = n(KeyName::Up);
const DOWN: KeySpec = n(KeyName::Down);
const LEFT: KeySpec = n(KeyName::Left);
const RIGHT: KeySpec = n(KeyName::Right);
const ENTER: KeySpec = n(KeyName::Enter);
const ESC: KeySpec = n(KeyName::Esc);
const TAB: KeySpec = n(KeyName::Tab);
const BACKTAB: KeySpec = n(KeyName::BackTab);
const PGUP: KeySpec = n(KeyName::PageUp);
const PGDN: KeySpec = n(KeyName::PageDown);
const HOME: KeySpec = n(KeyName::Home);
const END: KeySpec = n(KeyName::End);
const DEL: KeySpec = n(KeyName::Delete);
const BKSP: KeySpec = n(KeyName::Backspace);
const ALT_ENTER: KeySpec = KeySpec {
    key: KeyName::Enter,
    ctrl: false,
    alt: true,
};
const F1: KeySpec = n(KeyName::F(1));
const F2: KeySpec = n(KeyName::F(2));
const F3: KeySpec = n(KeyName::F(3));
const F4: KeySpec = n(KeyName::F(4));
const F5: KeySpec = n(KeyName::F(5));
#[rustfmt::skip]
const DIGITS: [KeySpec; 10] = [k('0'), k('1'), k('2'), k('3'), k('4'), k('5'), k('6'), k('7'), k('8'), k('9')];

use Action as A;
use Ctx as C;

macro_rules! row {
    ($ctx:expr, $keys:expr, $action:expr, $bar:literal, $desc:literal) => {
        DefaultRow {
            ctx: $ctx,
            keys: &$keys,
            action: $action,
            bar: $bar,
            desc: $desc,
        }
    };
}

/// Every binding. Within a context, the first row with a bar label is the most important one
/// for the help bar.
#[rustfmt::skip]
pub const DEFAULTS: &[DefaultRow] = &[
    // Everywhere no text field has focus.
    row!(C::Global,         [k('?')],               A::Help,           "help",        "Show every key (this screen's section first)"),
    row!(C::Global,         [k('q')],               A::Quit,           "quit",        "Quit (asks first if anything is unsaved)"),
    row!(C::Global,         [F1, alt('1'), k('1')], A::ToBestiary,     "",            "Go to the Bestiary screen"),
    row!(C::Global,         [F2, alt('2'), k('2')], A::ToForge,        "",            "Go to the Forge screen"),
    row!(C::Global,         [F3, alt('3'), k('3')], A::ToEncounter,    "",            "Go to the Encounter screen"),
    row!(C::Global,         [F4, alt('4'), k('4')], A::ToAdventure,    "",            "Go to the Adventure screen"),
    row!(C::Global,         [F5, alt('5'), k('5')], A::ToTable,        "",            "Go to the Table screen (running a fight)"),
    row!(C::Global,         [UP, k('k')],           A::Up,             "",            "Move up"),
    row!(C::Global,         [DOWN, k('j')],         A::Down,           "",            "Move down"),
    row!(C::Global,         [LEFT, k('h')],         A::Left,           "",            "Move left, or the previous value"),
    row!(C::Global,         [RIGHT, k('l')],        A::Right,          "",            "Move right, or the next value"),
    row!(C::Global,         [PGUP],                 A::PageUp,         "",            "Page up"),
    row!(C::Global,         [PGDN],                 A::PageDown,       "",            "Page down"),
    row!(C::Global,         [HOME, k('g')],         A::Home,           "",            "First item"),
    row!(C::Global,         [END],                  A::End,            "",            "Last item"),
    row!(C::Panes,          [TAB],                  A::NextPane,       "pane",        "Next pane (the list, or the stat block or selected encounter beside it)"),
    row!(C::Panes,          [BACKTAB],              A::PrevPane,       "",            "Previous pane"),
    row!(C::Global,         [ctrl('r')],            A::Reload,         "",            "Reload every monster from disk"),
    row!(C::Global,         [k('!')],               A::ShowErrors,     "",            "Show the files that could not be read"),
    // Anywhere, even while typing in a field.
    row!(C::Anywhere,       [ctrl('s')],            A::Save,           "save",        "Save (the monster in the Forge, the encounter or the adventure on its screen)"),
    // Bestiary
    row!(C::Bestiary,       [k('/')],               A::Search,         "search",      "Search names and ids (fuzzy)"),
    row!(C::Bestiary,       [ENTER, k('e')],        A::Edit,           "edit",        "Edit in the Forge (a shipped monster opens as your copy)"),
    row!(C::Bestiary,       [k('n')],               A::New,            "new",         "New monster in the Forge"),
    row!(C::Bestiary,       [k('f')],               A::Filter,         "filters",     "Filters: level range, rank, role, source, type, tag, leader, yours only"),
    row!(C::Bestiary,       [k('s')],               A::Sort,           "sort",        "Sort by name, level or XP"),
    row!(C::Bestiary,       [k('d')],               A::Duplicate,      "dup",         "Duplicate into your bestiary"),
    row!(C::Bestiary,       [k('r')],               A::Relevel,        "relevel",     "Re-level (a new level, optionally rank and role)"),
    row!(C::Bestiary,       [k('t')],               A::Templates,      "templates",   "Apply or take off templates: the monster opens in the Forge at its Templates step (a shipped one as your copy)"),
    row!(C::Bestiary,       [k('x'), DEL],          A::Delete,         "delete",      "Delete one of your monsters (asks first; it goes to the trash)"),
    row!(C::Bestiary,       [k('U')],               A::Restore,        "",            "Put back the monster deleted last (from the trash)"),
    row!(C::Bestiary,       [k('m')],               A::ExportMarkdown, "md",          "Export the stat block as Markdown to a file"),
    row!(C::Bestiary,       [k('y')],               A::ExportYaml,     "yaml",        "Export the monster as YAML to a file"),
    row!(C::Bestiary,       [k('H')],               A::ExportHtml,     "",            "Export the stat block as printable HTML to a file"),
    row!(C::Bestiary,       [k('o')],               A::OpenEditor,     "$EDITOR",     "Open your monster's YAML in $EDITOR, then reload and lint it"),
    row!(C::Bestiary,       [ESC],                  A::ClearSearch,    "",            "Clear the search (after leaving the search box)"),
    row!(C::Bestiary,       [k('F')],               A::ClearFilter,    "",            "Clear the search and every filter"),
    row!(C::Bestiary,       [k('M')],               A::MineOnly,       "",            "Only your own monsters, or every monster again (a filter, cleared with the others)"),
    // The search box
    row!(C::Search,         [ENTER],                A::Choose,         "keep",        "Leave the search box, keeping the search"),
    row!(C::Search,         [ESC],                  A::Back,           "leave",       "Leave the search box (Esc again clears the search)"),
    row!(C::Search,         [UP],                   A::Up,             "",            "Move the selection up"),
    row!(C::Search,         [DOWN],                 A::Down,           "",            "Move the selection down"),
    // Forms: the filters, the re-level dialog, a placeholder
    row!(C::Form,           [ENTER],                A::Choose,         "apply",       "Apply and close"),
    row!(C::Form,           [ESC],                  A::Back,           "cancel",      "Close without applying (filters apply as you change them)"),
    row!(C::Form,           [UP],                   A::Up,             "",            "Previous row"),
    row!(C::Form,           [DOWN],                 A::Down,           "",            "Next row"),
    row!(C::Form,           [BACKTAB],              A::PrevField,      "",            "Previous row"),
    row!(C::Form,           [TAB],                  A::NextField,      "",            "Next row"),
    row!(C::Form,           [LEFT],                 A::Left,           "",            "Previous value"),
    row!(C::Form,           [RIGHT],                A::Right,          "",            "Next value"),
    row!(C::Form,           [k('F')],               A::ClearFilter,    "",            "Clear every value of the form"),
    row!(C::Form,           [k('f')],               A::FollowFormula,  "",            "Re-level: make the fixed overrides relative (by:), keeping their margin over the formula, so they follow the monster"),
    row!(C::Form,           [PGUP],                 A::PageUp,         "",            "Re-level: scroll the overrides up"),
    row!(C::Form,           [PGDN],                 A::PageDown,       "",            "Re-level: scroll the overrides down"),
    // Forge
    row!(C::Forge,          [k(']')],               A::NextStep,       "next",        "Next step"),
    row!(C::Forge,          [k('[')],               A::PrevStep,       "back",        "Previous step"),
    row!(C::Forge,          [ctrl('z'), k('u')],    A::Undo,           "undo",        "Undo the last change"),
    row!(C::Forge,          [ctrl('y')],            A::Redo,           "",            "Redo what was undone"),
    row!(C::Forge,          [ESC],                  A::Back,           "",            "Previous step, or close the power's form"),
    row!(C::Forge,          [k('o')],               A::Open,           "drafts",      "Open one of your drafts, the monsters kept unfinished (asks first if this one is unsaved)"),
    row!(C::ForgeLevel,     DIGITS,                 A::TypeLevel,      "",            "Type a level (1 to 30)"),
    row!(C::ForgeList,      [ENTER],                A::Choose,         "choose",      "Choose and go to the next step"),
    row!(C::ForgeList,      [k(' ')],               A::Toggle,         "toggle",      "Choose without moving on; toggle a tag or the leader flag"),
    row!(C::ForgeForm,      [ENTER],                A::Choose,         "edit",        "Edit the field, or take the next value"),
    row!(C::ForgeForm,      [k(' ')],               A::Toggle,         "",            "Toggle or take the next value"),
    row!(C::ForgeForm,      [k('x'), DEL],          A::Delete,         "",            "Details: remove the trait, or the override, under the cursor"),
    row!(C::Powers,         [ENTER, k('e')],        A::Edit,           "edit",        "Edit the power"),
    row!(C::Powers,         [k('a')],               A::AddPower,       "add",         "Add a power from the templates (your role's first)"),
    row!(C::Powers,         [k('n')],               A::NewPower,       "new",         "Add a blank power"),
    row!(C::Powers,         [k('x'), DEL],          A::Delete,         "remove",      "Remove the power"),
    row!(C::Powers,         [k('K')],               A::MoveUp,         "",            "Move the power up"),
    row!(C::Powers,         [k('J')],               A::MoveDown,       "",            "Move the power down"),
    // Encounter
    row!(C::EncounterOrcus, [k('a')],               A::AddMonsters,    "add",         "Add monsters from the bestiary (party level -2 to +4 first)"),
    row!(C::EncounterOrcus, [k('t')],               A::TreasureMethod, "",            "The encounter's treasure under the next method, shown below the arithmetic (w)"),
    row!(C::EncounterOrcus, [k('p')],               A::Placeholder,    "placeholder", "Add a placeholder (level, rank, role)"),
    row!(C::EncounterOrcus, [k('X')],               A::AddChallenge,   "",            "Add an extended challenge (skill checks; Enter on one edits it)"),
    row!(C::Encounter3e,    [k('c')],               A::AddCr,          "add CR",      "Add foes by challenge rating (5, 1/2, or 5 x3 for three), or characters and NPCs (character 5, npc 5)"),
    row!(C::Encounter,      [k('Y')],               A::SwitchSystem,   "",            "Switch the encounter between Orcus and d20 3rd edition (asks first if groups would go)"),
    row!(C::Encounter,      [k('+'), k('=')],       A::Increase,       "+1",          "One more of the selected group (at most 999)"),
    row!(C::Encounter,      [k('-')],               A::Decrease,       "-1",          "One fewer of the selected group"),
    row!(C::Encounter,      [k('x'), DEL],          A::Delete,         "remove",      "Remove the selected group"),
    row!(C::Encounter,      [k('G')],               A::Generate,       "generate",    "Generate at the chosen difficulty, keeping locked groups (u undoes)"),
    row!(C::Encounter,      [k('u'), ctrl('z')],    A::Undo,           "undo",        "Undo the last change"),
    row!(C::Encounter,      [ctrl('y')],            A::Redo,           "",            "Redo what was undone"),
    row!(C::Encounter,      [k('P')],               A::EditParty,      "party",       "Edit the party: 4x6, 3,3,4,5, Ana=3,Bo=4 or a saved party's id"),
    row!(C::Encounter,      [k('S')],               A::SaveParty,      "",            "Save the party under a name, for other encounters"),
    row!(C::Encounter,      [k('>')],               A::LevelUpParty,   "",            "Level the party up by one (a saved party's file too; at most level 30)"),
    row!(C::Encounter,      [k('#')],               A::PartyNumbers,   "",            "Edit each character's numbers (HP, defenses...) in a form (a saved party's file too; u undoes)"),
    row!(C::Encounter,      [k('D')],               A::RemoveParty,    "",            "Remove the saved party the encounter names (asks first; it goes to the trash)"),
    row!(C::Encounter,      [k('w')],               A::Explain,        "why",         "Show the budget arithmetic"),
    row!(C::Encounter,      [k('L')],               A::Lock,           "lock",        "Lock or unlock the selected group for the generator"),
    row!(C::Encounter,      [k('d')],               A::Difficulty,     "difficulty",  "The difficulty the generator aims for"),
    row!(C::Encounter,      [k('f')],               A::Filter,         "",            "Filters for the picker and the generator"),
    row!(C::Encounter,      [k('n')],               A::Notes,          "notes",       "Edit the encounter's notes (several lines)"),
    row!(C::Encounter,      [k('e')],               A::GroupNotes,     "",            "Edit the selected group's notes, printed beside it on the sheet"),
    row!(C::Encounter,      [k('r')],               A::LabelGroup,     "",            "Label the selected group (its name on the sheet; empty clears it)"),
    row!(C::Encounter,      [k('A')],               A::ToggleAlly,     "",            "Make the selected group an ally (not counted against the budget), or a foe again"),
    row!(C::Encounter,      [k('R')],               A::Rename,         "",            "Rename the encounter (its file keeps its name, so adventures still find it)"),
    row!(C::Encounter,      [k('o')],               A::Open,           "open",        "Open a saved encounter (asks first if this one is unsaved)"),
    row!(C::Encounter,      [k('N')],               A::NewEncounter,   "",            "Start a new encounter (asks first if this one is unsaved)"),
    row!(C::Encounter,      [k('m')],               A::ExportMarkdown, "sheet",       "Export the encounter sheet as Markdown"),
    row!(C::Encounter,      [k('H')],               A::ExportHtml,     "",            "Export the encounter sheet as printable HTML to a file"),
    row!(C::Encounter,      [k('F')],               A::StartFight,     "",            "Start a fight from this encounter on the Table screen (a saved encounter with no unsaved changes)"),
    row!(C::Encounter,      [k('T')],               A::ExportTable,    "",            "Export the sheet for running the fight on paper (printable HTML: initiative ladder, hit-point tracks, compact stat blocks)"),
    row!(C::EncounterOrcus, [ENTER],                A::Choose,         "",            "Turn the selected placeholder into a real monster in the Forge, or edit the selected challenge"),
    // Pickers: monsters for the encounter, template powers for the Forge
    row!(C::Picker,         [ENTER],                A::Choose,         "add",         "Add the highlighted one"),
    row!(C::Picker,         [ESC],                  A::Back,           "close",       "Close the picker"),
    row!(C::Picker,         [UP],                   A::Up,             "",            "Move up"),
    row!(C::Picker,         [DOWN],                 A::Down,           "",            "Move down"),
    row!(C::Picker,         [PGUP],                 A::PageUp,         "",            "Page up"),
    row!(C::Picker,         [PGDN],                 A::PageDown,       "",            "Page down"),
    row!(C::MonsterPicker,  [TAB],                  A::AllLevels,      "all levels",  "Every level, or back to party level -2 to +4"),
    // The Adventure screen
    row!(C::Adventure,      [k('a')],               A::AddEncounter,   "add",         "Add a saved encounter after the selected one"),
    row!(C::Adventure,      [k('x'), DEL],          A::Delete,         "remove",      "Take the selected encounter out of the adventure (its file stays)"),
    row!(C::Adventure,      [k('K')],               A::MoveUp,         "",            "Move the selected encounter earlier"),
    row!(C::Adventure,      [k('J')],               A::MoveDown,       "",            "Move the selected encounter later"),
    row!(C::Adventure,      [ENTER],                A::Choose,         "",            "Open the selected encounter on the Encounter screen (asks first if that one is unsaved)"),
    row!(C::Adventure,      [k('u'), ctrl('z')],    A::Undo,           "undo",        "Undo the last change to the adventure"),
    row!(C::Adventure,      [ctrl('y')],            A::Redo,           "",            "Redo what was undone"),
    row!(C::Adventure,      [k('P')],               A::EditParty,      "party",       "Edit the party: 4x6, 3,3,4,5, Ana=3,Bo=4 or a saved party's id"),
    row!(C::Adventure,      [k('#')],               A::PartyNumbers,   "",            "Edit each character's numbers (HP, defenses...) in a form (a saved party's file too; u undoes)"),
    row!(C::Adventure,      [k('t')],               A::TreasureMethod, "treasure",    "The next treasure method: steady, items only, troves, narrative, none"),
    row!(C::Adventure,      [k('o')],               A::Open,           "open",        "Open a saved adventure (asks first if this one is unsaved)"),
    row!(C::Adventure,      [k('N')],               A::NewAdventure,   "",            "Start a new adventure (asks first if this one is unsaved)"),
    row!(C::Adventure,      [k('m')],               A::ExportMarkdown, "sheet",       "Export the adventure sheet as Markdown"),
    row!(C::Adventure,      [k('H')],               A::ExportHtml,     "",            "Export the adventure sheet as printable HTML to a file"),
    row!(C::Adventure,      [k('n')],               A::Notes,          "notes",       "Edit the adventure's notes (on its sheet; u undoes)"),
    // Table (running a fight): the keys act on the selected creature (↑ ↓ choose it).
    row!(C::Table,          [k('n')],               A::NextTurn,       "next turn",   "End the turn and begin the next: saving throws at the end (P7); persistent damage, regeneration, refresh rolls and a death saving throw at the start (P6, P12). Asks first for the players' d20s it takes (initiative, saves, death saves)"),
    row!(C::Table,          [k('d')],               A::Damage,         "damage",      "Damage the selected creature: an amount and its types if any (12 fire, 12 fire radiant); resistance and vulnerability apply (P5)"),
    row!(C::Table,          [k('H')],               A::Heal,           "heal",        "Heal the selected creature, never above its maximum (P3): an amount, or recovery (with an amount or none) for a heal that spends a recovery (P17)"),
    row!(C::Table,          [k('c')],               A::Condition,      "condition",   "An effect on the selected creature: a condition, persistent 5 fire or any text; add until save ends, until end of ID, until start of ID or until the encounter, by ID, maintained by ID (P19), and boon first for a benefit (P8)"),
    row!(C::Table,          [k('r')],               A::RollPower,      "roll",        "Roll a power of the selected creature (its number on the card) against its targets: 1 ana, 2 ana bo for several (P15), 1 ana 24 with a defense the fight lacks; add cover, ca, charge or -2 (P13), d20 17 for the table's roll, immediate (P18). Shows each target's defense and modifiers first, and offers the riders after (P16)"),
    row!(C::Table,          [k('u'), ctrl('z')],    A::Undo,           "undo",        "Take back the last step, back to the start of the fight"),
    row!(C::Table,          [k('E')],               A::EndFight,       "end",         "End the fight: the foes overcome (all, or ids with =fled, =surrendered, =bypassed), the XP each character earns (P10) and the treasure; asks before writing the XP"),
    row!(C::Table,          [k('i')],               A::Initiative,     "init",        "Enter the selected character's initiative result (P1)"),
    row!(C::Table,          [k('t')],               A::TempHp,         "",            "Temporary hit points for the selected creature; they do not add up (P4): an amount, and replace to give up more for fewer"),
    row!(C::Table,          [k('x')],               A::EndEffect,      "",            "End an effect on the selected creature before its time (its number on the card)"),
    row!(C::Table,          [k('p')],               A::UsePower,       "",            "Mark a power used without a roll (its number on the card)"),
    row!(C::Table,          [k('a')],               A::SpendActionPoint, "",          "Spend the selected creature's action point (P9)"),
    row!(C::Table,          [k('w')],               A::DelayTurn,      "",            "Delay or ready: the selected creature acts on a new count from now on (P2)"),
    row!(C::Table,          [k('K')],               A::KnockOut,       "",            "The selected monster at 0 HP falls unconscious instead of dying (P3)"),
    row!(C::Table,          [k('v')],               A::HideReveal,     "",            "Hide the selected creature from the players' view (lairsmith fight watch), or reveal it"),
    row!(C::Table,          [k('m')],               A::MaxHp,          "",            "Hit points for the selected creature when the fight has none (a character)"),
    row!(C::Table,          [k('A')],               A::AddCreature,    "",            "Reinforcements: another of a creature in the fight (its id) or a monster of the bestiary (its id)"),
    row!(C::Table,          [k('L')],               A::ExportLog,      "",            "Export the fight's log as Markdown to a file (every step, round by round, with the dice and the XP)"),
    row!(C::Table,          [k('C')],               A::ChallengeCheck, "",            "A check of the encounter's extended challenge (A3): a skill and + or - (athletics +), or only + or - for a group check; a number first picks one of several challenges"),
    row!(C::Table,          [k('X')],               A::RemoveCreature, "",            "Take the selected creature out of the fight (asks first)"),
    row!(C::Table,          [k('S')],               A::StandUp,        "",            "The selected prone creature stands up: prone ends (P8)"),
    row!(C::Table,          [k('F')],               A::Stabilize,      "",            "First Aid (Heal DC 15) made the selected dying creature stable: no more death saving throws (P12)"),
    row!(C::Table,          [k('R')],               A::Rally,          "",            "Rally: the selected creature spends a recovery, regains its recovery value and has +2 to all defenses until the start of its next turn; once a fight (P17)"),
    row!(C::Table,          [k('D')],               A::TotalDefense,   "",            "Total Defense: +2 to all the selected creature's defenses until the start of its next turn (P13)"),
    row!(C::Table,          [k('+')],               A::HelpAlly,       "",            "Help Attack or Help Defense: the selected creature gives an ally +2 against a foe (bo hedgemaw attack), until the end of its next turn if unused (P13)"),
    row!(C::Table,          [k('M')],               A::Maintain,       "",            "The selected creature maintains an effect it sustains (its number on the card), on its turn; unmaintained, it ends at the end of the turn (P19)"),
    row!(C::Table,          [k('W')],               A::Ready,          "",            "A readied action: the selected creature acts just ahead of the creature that triggered it (its id), from now on (P2)"),
    row!(C::Table,          [k('y')],               A::ApplyOffers,    "",            "Apply what the last roll's power lines offer: a condition with its duration, persistent damage, a movement (all, or their numbers; P16)"),
    row!(C::Table,          [k('V')],               A::Villain,        "",            "The selected monster falls unconscious at 0 HP and makes death saving throws, as a character does: a mighty villain (P3)"),
    row!(C::Table,          [TAB],                  A::NextPane,       "stat block",  "Show the selected monster's whole stat block (its powers' text, as the bestiary has it) in place of the log, or the log again"),
    row!(C::Table,          [k('o')],               A::Open,           "fights",      "Back to the list of saved fights and of encounters to start one from"),
    row!(C::TableList,      [ENTER],                A::Choose,         "open/start",  "Open the selected fight, or start a new one from the selected encounter"),
    row!(C::TableList,      [k('o')],               A::Open,           "refresh",     "Read the lists of fights and encounters again"),
    // Choosing a saved encounter, adventure or draft
    row!(C::OpenList,       [ENTER],                A::Choose,         "choose",      "Open (or add) the highlighted file"),
    row!(C::OpenList,       [ESC],                  A::Back,           "cancel",      "Close the list"),
    row!(C::OpenList,       [UP],                   A::Up,             "",            "Move up"),
    row!(C::OpenList,       [DOWN],                 A::Down,           "",            "Move down"),
    row!(C::DraftList,      [k('x'), DEL],          A::Delete,         "delete",      "Delete the highlighted draft (asks first; it goes to the trash)"),
    // The extended challenge form: its rows are all typed, so only these keys are commands
    row!(C::ChallengeForm,  [ENTER],                A::Choose,         "done",        "Add the challenge (or change the one being edited)"),
    row!(C::ChallengeForm,  [ESC],                  A::Back,           "cancel",      "Close the form"),
    row!(C::ChallengeForm,  [UP],                   A::Up,             "",            "Previous row"),
    row!(C::ChallengeForm,  [DOWN],                 A::Down,           "",            "Next row"),
    row!(C::ChallengeForm,  [BACKTAB],              A::PrevField,      "",            "Previous row"),
    row!(C::ChallengeForm,  [TAB],                  A::NextField,      "",            "Next row"),
    // The party's numbers: every cell is typed, so only these keys are commands
    row!(C::PartyForm,      [ENTER],                A::Choose,         "save",        "Save the numbers: into the saved party's file, or into the encounter or adventure (u undoes)"),
    row!(C::PartyForm,      [ESC],                  A::Back,           "close",       "Close the form (asks first if numbers were changed)"),
    row!(C::PartyForm,      [UP],                   A::Up,             "",            "The number above"),
    row!(C::PartyForm,      [DOWN],                 A::Down,           "",            "The number below"),
    row!(C::PartyForm,      [TAB],                  A::NextField,      "next",        "The next cell: the next character, then the next number"),
    row!(C::PartyForm,      [BACKTAB],              A::PrevField,      "",            "The previous cell"),
    // Notes of several lines: Enter finishes, as in every field
    row!(C::Editor,         [ctrl('j'), ALT_ENTER], A::NewLine,        "new line",    "Start a new line"),
    row!(C::Editor,         [UP],                   A::Up,             "",            "Cursor up a line"),
    row!(C::Editor,         [DOWN],                 A::Down,           "",            "Cursor down a line"),
    // A text field
    row!(C::Dice,           [ctrl('r')],            A::LairsmithRolls, "lairsmith rolls", "Let lairsmith roll the dice not typed (the players' d20s, or the attack's); the log says which dice were rolled by lairsmith"),
    row!(C::Field,          [ENTER],                A::Choose,         "done",        "Finish editing"),
    row!(C::Field,          [ESC],                  A::Back,           "cancel",      "Leave the field without changing anything"),
    row!(C::Text,           [LEFT],                 A::CursorLeft,     "",            "Cursor left"),
    row!(C::Text,           [RIGHT],                A::CursorRight,    "",            "Cursor right"),
    row!(C::Text,           [HOME, ctrl('a')],      A::CursorHome,     "",            "Cursor to the start"),
    row!(C::Text,           [END, ctrl('e')],       A::CursorEnd,      "",            "Cursor to the end"),
    row!(C::Text,           [BKSP],                 A::DeleteBack,     "",            "Delete the character before the cursor"),
    row!(C::Text,           [DEL],                  A::DeleteForward,  "",            "Delete the character under the cursor"),
    row!(C::Text,           [ctrl('u')],            A::DeleteToStart,  "",            "Delete to the start"),
    row!(C::Text,           [ctrl('k')],            A::DeleteToEnd,    "",            "Delete to the end"),
    row!(C::Text,           [ctrl('w')],            A::DeleteWord,     "",            "Delete the word before the cursor"),
    // Questions
    row!(C::Confirm,        [k('y')],               A::Yes,            "yes",         "Yes (save, delete, overwrite)"),
    row!(C::Confirm,        [k('n')],               A::No,             "no",          "No (discard, keep)"),
    row!(C::Confirm,        [ESC],                  A::Back,           "cancel",      "Cancel: go back to what you were doing"),
    row!(C::ForgeUnsaved,   [k('y')],               A::Yes,            "save",        "Save the monster to your bestiary, then go on"),
    row!(C::ForgeUnsaved,   [k('d')],               A::KeepDraft,      "draft",       "Keep the work as a draft in the data directory's drafts folder (the Forge lists them to reopen), then go on"),
    row!(C::ForgeUnsaved,   [k('n')],               A::No,             "discard",     "Discard the changes, then go on"),
    row!(C::ForgeUnsaved,   [ESC],                  A::Back,           "cancel",      "Cancel: keep editing"),
    row!(C::ChangedOnDisk,  [k('r')],               A::ReloadFromDisk, "reload",      "Reload the file from disk (drops your edits)"),
    row!(C::ChangedOnDisk,  [k('c')],               A::SaveCopy,       "copy",        "Save your version as a new monster"),
    row!(C::ChangedOnDisk,  [ESC],                  A::Back,           "cancel",      "Cancel: keep editing"),
    row!(C::RelevelOwn,     [k('o')],               A::Overwrite,      "overwrite",   "Save the re-levelled monster over your file"),
    row!(C::RelevelOwn,     [k('c')],               A::SaveCopy,       "copy",        "Save it as a new monster, keeping the original"),
    row!(C::RelevelOwn,     [ESC],                  A::Back,           "cancel",      "Cancel: nothing is saved"),
    row!(C::LintErrors,     [k('y')],               A::Yes,            "save anyway", "Save although the lint found errors"),
    row!(C::LintErrors,     [ESC],                  A::Back,           "go back",     "Go back and fix them"),
    row!(C::LintErrors,     [k('n')],               A::No,             "",            "Go back and fix them"),
    // The key reference and the list of unreadable files
    row!(C::Viewer,         [ESC, k('q'), k('?')],  A::Back,           "close",       "Close"),
    row!(C::Watch,          [k('q'), ESC],          A::Quit,           "quits",       "Leave the players' view (Ctrl-C too)"),
    row!(C::Viewer,         [UP, k('k')],           A::Up,             "",            "Scroll up"),
    row!(C::Viewer,         [DOWN, k('j')],         A::Down,           "",            "Scroll down"),
    row!(C::Viewer,         [PGUP],                 A::PageUp,         "",            "Page up"),
    row!(C::Viewer,         [PGDN, k(' ')],         A::PageDown,       "",            "Page down"),
    row!(C::Viewer,         [HOME, k('g')],         A::Home,           "",            "Top"),
    row!(C::Viewer,         [END, k('G')],          A::End,            "",            "Bottom"),
];
