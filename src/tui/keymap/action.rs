//! What a key can do. Each action has the name the config file uses to rebind it.

macro_rules! actions {
    ($($variant:ident => $name:literal,)+) => {
        /// What a key does.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Action { $($variant,)+ }

        impl Action {
            pub const ALL: &'static [Action] = &[$(Action::$variant,)+];

            /// The action's name in the config file's `keys:` section.
            pub fn name(self) -> &'static str {
                match self { $(Action::$variant => $name,)+ }
            }
        }
    };
}

actions! {
    Quit => "quit",
    Help => "help",
    ToBestiary => "to_bestiary",
    ToForge => "to_forge",
    ToEncounter => "to_encounter",
    ToAdventure => "to_adventure",
    ToTable => "to_table",
    NextTurn => "next_turn",
    Damage => "damage",
    Heal => "heal",
    TempHp => "temporary_hp",
    Condition => "condition",
    EndEffect => "end_effect",
    RollPower => "roll_power",
    UsePower => "use_power",
    SpendActionPoint => "action_point",
    Initiative => "initiative",
    DelayTurn => "delay",
    KnockOut => "knock_out",
    HideReveal => "hide_or_reveal",
    MaxHp => "set_hp",
    AddCreature => "add_creature",
    RemoveCreature => "remove_creature",
    EndFight => "end_fight",
    ChallengeCheck => "challenge_check",
    ExportLog => "export_log",
    StartFight => "start_fight",
    ExportTable => "export_table_sheet",
    Save => "save",
    Undo => "undo",
    Redo => "redo",
    Reload => "reload",
    ShowErrors => "show_errors",
    Up => "up",
    Down => "down",
    Left => "left",
    Right => "right",
    PageUp => "page_up",
    PageDown => "page_down",
    Home => "first",
    End => "last",
    NextPane => "next_pane",
    NextField => "next_field",
    PrevField => "previous_field",
    PrevPane => "previous_pane",
    Choose => "choose",
    Back => "back",
    Search => "search",
    ClearSearch => "clear_search",
    Filter => "filter",
    ClearFilter => "clear_filters",
    MineOnly => "mine_only",
    Sort => "sort",
    Edit => "edit",
    New => "new",
    Duplicate => "duplicate",
    Relevel => "relevel",
    Templates => "templates",
    Delete => "delete",
    Restore => "restore",
    ExportMarkdown => "export_markdown",
    ExportYaml => "export_yaml",
    ExportHtml => "export_html",
    OpenEditor => "open_editor",
    NextStep => "next_step",
    PrevStep => "previous_step",
    Toggle => "toggle",
    TypeLevel => "type_level",
    AddPower => "add_template_power",
    NewPower => "new_power",
    MoveUp => "move_up",
    MoveDown => "move_down",
    AddMonsters => "add_monsters",
    AddCr => "add_by_cr",
    SwitchSystem => "switch_system",
    Placeholder => "add_placeholder",
    AddChallenge => "add_challenge",
    Increase => "increase",
    Decrease => "decrease",
    EditParty => "edit_party",
    SaveParty => "save_party",
    LevelUpParty => "level_up_party",
    RemoveParty => "remove_party",
    Notes => "edit_notes",
    Explain => "explain",
    Generate => "generate",
    Lock => "lock",
    Difficulty => "difficulty",
    Open => "open",
    NewEncounter => "new_encounter",
    AllLevels => "all_levels",
    AddEncounter => "add_encounter",
    NewAdventure => "new_adventure",
    TreasureMethod => "treasure_method",
    Yes => "yes",
    KeepDraft => "keep_draft",
    No => "no",
    ReloadFromDisk => "reload_from_disk",
    SaveCopy => "save_copy",
    Overwrite => "overwrite",
    CursorLeft => "cursor_left",
    CursorRight => "cursor_right",
    CursorHome => "cursor_home",
    CursorEnd => "cursor_end",
    DeleteBack => "delete_back",
    DeleteForward => "delete_forward",
    DeleteToStart => "delete_to_start",
    DeleteToEnd => "delete_to_end",
    DeleteWord => "delete_word",
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
