//! The Encounter screen's keys, by what they act on.

#[allow(clippy::wildcard_imports)]
use super::*;

/// A key's action on the Encounter screen; `None` when the screen has no use for it.
pub fn on_action(app: &mut App, action: Action) -> Option<Vec<Effect>> {
    match action {
        Action::NextPane
        | Action::PrevPane
        | Action::Left
        | Action::Right
        | Action::Up
        | Action::Down
        | Action::Home
        | Action::End
        | Action::PageUp
        | Action::PageDown
        | Action::Undo
        | Action::Redo
        | Action::Save => navigate(app, action),
        Action::AddMonsters
        | Action::Placeholder
        | Action::AddCr
        | Action::SwitchSystem
        | Action::AddChallenge
        | Action::Generate
        | Action::Difficulty
        | Action::Filter
        | Action::TreasureMethod => foes(app, action),
        Action::Increase
        | Action::Decrease
        | Action::Delete
        | Action::GroupNotes
        | Action::LabelGroup
        | Action::ToggleAlly
        | Action::Lock
        | Action::Choose => group(app, action),
        Action::EditParty
        | Action::SaveParty
        | Action::LevelUpParty
        | Action::RemoveParty
        | Action::PartyNumbers => party(app, action),
        Action::Notes
        | Action::Rename
        | Action::Explain
        | Action::Open
        | Action::NewEncounter
        | Action::StartFight
        | Action::ExportTable
        | Action::ExportMarkdown
        | Action::ExportHtml => document(app, action),
        _ => None,
    }
}

/// Moving the cursor and the preview, undo and redo, and saving.
pub(super) fn navigate(app: &mut App, action: Action) -> Option<Vec<Effect>> {
    let s = &mut app.encounter;
    let n = s.encounter.groups.len();
    match action {
        Action::Save => return Some(save(app, None)),
        Action::NextPane | Action::PrevPane | Action::Left | Action::Right => {
            s.preview_focus = !s.preview_focus
        }
        Action::Up if s.explain || s.preview_focus => {
            s.preview_scroll = s.preview_scroll.saturating_sub(1)
        }
        Action::Down if s.explain || s.preview_focus => {
            s.preview_scroll = s.preview_scroll.saturating_add(1)
        }
        Action::Home if s.preview_focus => s.preview_scroll = 0,
        Action::Up => s.cursor = s.cursor.saturating_sub(1),
        Action::Down => s.cursor = (s.cursor + 1).min(n.saturating_sub(1)),
        Action::Home => s.cursor = 0,
        Action::End => s.cursor = n.saturating_sub(1),
        Action::PageUp => s.preview_scroll = s.preview_scroll.saturating_sub(10),
        Action::PageDown => s.preview_scroll = s.preview_scroll.saturating_add(10),
        Action::Undo | Action::Redo => {
            let back = action == Action::Undo;
            let mark = s.party_files.last.clone();
            let done = s.step_history(back);
            app.shell.stepped(back, done);
            let owner = crate::tui::msg::Owner::Encounter;
            return Some(crate::tui::screens::party::history_stepped(
                app, owner, &mark, back,
            ));
        }
        _ => return None,
    }
    Some(Vec::new())
}

/// Adding foes (monsters, placeholders, challenge ratings, a challenge), the rules system, the generator and its difficulty, the filters, the treasure method.
pub(super) fn foes(app: &mut App, action: Action) -> Option<Vec<Effect>> {
    let s = &mut app.encounter;
    match action {
        Action::AddMonsters | Action::Placeholder if s.encounter.system == System::D20e3 => {
            let c = app.key_on(crate::tui::app::Screen::Encounter, Action::AddCr);
            app.shell.info(format!(
                "This is a d20 3rd-edition encounter: its foes are challenge ratings ({c} adds them)."
            ));
        }
        Action::AddCr if s.encounter.system == System::Orcus => {
            let y = app.key_on(crate::tui::app::Screen::Encounter, Action::SwitchSystem);
            app.shell.info(format!(
                "Challenge ratings are for d20 3rd-edition encounters ({y} switches this one)."
            ));
        }
        Action::AddCr => prompt(
            app,
            Prompt::AddCr,
            "Foes by challenge rating: 5, 1/2, or 5 x3 for three (1 to 20, 1/2, 1/3, 1/4, 1/6, 1/8); character 5, npc 5, or 3+2 for a CR 3 monster with 2 class levels",
            TextField::default(),
        ),
        Action::SwitchSystem => {
            if s.encounter.groups.is_empty() {
                switch_system(app);
            } else {
                ask(app, Question::SwitchSystem);
            }
        }
        Action::TreasureMethod => {
            let next = lairsmith_core::vocab::cycle_option(s.treasure, true);
            s.treasure = next;
            s.explain = true;
            // The treasure is at the top of the arithmetic: shown from its first line.
            s.preview_scroll = 0;
            app.shell.info(match next {
                Some(m) => format!("Treasure under {m}, at the top of the arithmetic."),
                None => "Treasure: the book's average gold per character (E5).".into(),
            });
        }
        Action::AddMonsters => app.shell.push(Dialog::MonsterPicker(Picker::new()).into()),
        Action::AddChallenge => super::super::challenge::open(app),
        Action::Placeholder => {
            let level = s.report.party_level;
            let level = TextField::new(&i64::from(level).clamp(1, 30).to_string());
            app.shell.push(
                Dialog::Placeholder(PlaceholderForm {
                    level,
                    rank: 1,
                    role: 0,
                    row: 0,
                })
                .into(),
            );
        }
        Action::Generate => generate_now(app),
        Action::Difficulty => {
            s.difficulty = (s.difficulty + 1) % BANDS.len();
            let name = BANDS[s.difficulty].name;
            let g = app.key_on(crate::tui::app::Screen::Encounter, Action::Generate);
            app.shell.info(format!(
                "The generator will aim for {name} ({g} generates)."
            ));
        }
        Action::Filter => return Some(vec![Effect::Across(Across::OpenFilters)]),
        _ => return None,
    }
    Some(Vec::new())
}

/// Acting on the group under the cursor: its count, removing it, its notes, label and side, locking it for the generator, opening it.
pub(super) fn group(app: &mut App, action: Action) -> Option<Vec<Effect>> {
    let s = &mut app.encounter;
    let n = s.encounter.groups.len();
    match action {
        Action::Increase | Action::Decrease
            if s.encounter
                .groups
                .get(s.cursor)
                .is_some_and(|g| g.challenge.is_some()) =>
        {
            let x = app.key_on(crate::tui::app::Screen::Encounter, Action::AddChallenge);
            app.shell.info(format!(
                "A challenge is run once; {x} adds another with its own name."
            ));
        }
        Action::Increase | Action::Decrease => {
            let mut full = false;
            let mut last_one = false;
            if let Some(g) = s.encounter.groups.get_mut(s.cursor) {
                if action == Action::Increase {
                    full = g.count.get() == lairsmith_core::encounter::MAX_GROUP_COUNT;
                    g.count = g.count.increment();
                } else if let Some(c) = g.count.decrement() {
                    g.count = c;
                } else {
                    last_one = true;
                }
            }
            if last_one {
                let x = app.key_on(crate::tui::app::Screen::Encounter, Action::Delete);
                app.shell
                    .info(format!("The group has one left; {x} removes the group."));
            } else if full {
                app.shell.info(format!(
                    "A group holds at most {} monsters.",
                    lairsmith_core::encounter::MAX_GROUP_COUNT
                ));
            }
        }
        Action::Delete => {
            if s.cursor < n {
                let g = s.encounter.groups.remove(s.cursor);
                s.locked.retain(|k| *k != g.key());
                let undo = app.key_on(crate::tui::app::Screen::Encounter, Action::Undo);
                app.shell
                    .info(format!("Removed {}; {undo} undoes.", g.key()));
            }
        }
        Action::GroupNotes | Action::LabelGroup | Action::ToggleAlly if n == 0 => {
            let orcus = s.encounter.system == System::Orcus;
            let a = app.key_on(crate::tui::app::Screen::Encounter, Action::AddMonsters);
            let g = app.key_on(crate::tui::app::Screen::Encounter, Action::Generate);
            let how = if orcus {
                format!("{a} adds monsters, {g} generates")
            } else {
                let c = app.key_on(crate::tui::app::Screen::Encounter, Action::AddCr);
                format!("{c} adds foes, {g} generates")
            };
            app.shell
                .info(format!("The encounter has no group yet ({how})."));
        }
        Action::GroupNotes => {
            let i = s.cursor;
            let notes = s.encounter.groups[i].notes.clone().unwrap_or_default();
            let title = format!(
                "Notes on {} (printed beside the group on the sheet)",
                group_name(app, i)
            );
            let area = TextArea::new(&notes).with_max(lairsmith_core::limits::GROUP_NOTES.max);
            edit(app, Prompt::GroupNotes(i), title, area);
        }
        Action::LabelGroup if s.encounter.groups[s.cursor].challenge.is_some() => {
            let enter = app.key_on(crate::tui::app::Screen::Encounter, Action::Choose);
            app.shell.info(format!(
                "A challenge is named in its own form ({enter} edits it), not by a label."
            ));
        }
        Action::LabelGroup => {
            let i = s.cursor;
            let label = s.encounter.groups[i].label.clone().unwrap_or_default();
            let field = TextField::new(&label).with_max(lairsmith_core::text::MAX_NAME_CHARS);
            let title = "Label the group (its name on the sheet; empty clears it)";
            prompt(app, Prompt::Label(i), title, field);
        }
        Action::ToggleAlly if s.encounter.groups[s.cursor].challenge.is_some() => {
            app.shell
                .error("A challenge is something the party overcomes; it cannot be an ally.");
        }
        Action::ToggleAlly => toggle_ally(app),
        Action::Lock => {
            if let Some(g) = s.encounter.groups.get(s.cursor) {
                let k = g.key();
                if let Some(i) = s.locked.iter().position(|x| *x == k) {
                    s.locked.remove(i);
                } else {
                    s.locked.push(k);
                }
            }
        }
        Action::Choose => {
            let i = s.cursor;
            if let Some(c) = s.encounter.groups.get(i).and_then(|g| g.challenge.as_ref()) {
                let form = super::super::challenge::ChallengeForm::editing(c, i);
                app.shell.push(Dialog::Challenge(form).into());
                return Some(Vec::new());
            }
            if s.encounter
                .groups
                .get(i)
                .is_some_and(|g| g.placeholder.is_some())
            {
                return Some(vec![Effect::Leave(AfterLeave::ReplacePlaceholder(i))]);
            }
        }
        _ => return None,
    }
    Some(Vec::new())
}

/// The encounter's party: set, saved, levelled up, removed.
pub(super) fn party(app: &mut App, action: Action) -> Option<Vec<Effect>> {
    let s = &mut app.encounter;
    match action {
        Action::EditParty => {
            let spec = match &s.encounter.party {
                PartyRef::Uniform { size, level } => format!("{size}x{level}"),
                PartyRef::Saved(id) => id.clone(),
                PartyRef::Members(_) => s
                    .party
                    .members
                    .iter()
                    .map(|m| match &m.name {
                        Some(n) => format!("{n}={}", m.level),
                        None => m.level.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(","),
            };
            prompt(app, Prompt::Party, PARTY_PROMPT, TextField::new(&spec));
        }
        Action::SaveParty => {
            let name = match &s.encounter.party {
                PartyRef::Saved(id) => id.clone(),
                _ => String::new(),
            };
            prompt(
                app,
                Prompt::SaveParty,
                "Save the party as (a name; it goes to your parties folder)",
                TextField::new(&name).with_max(lairsmith_core::text::MAX_NAME_CHARS),
            );
        }
        Action::LevelUpParty => return Some(level_up_party(app)),
        Action::PartyNumbers => {
            let owner = crate::tui::msg::Owner::Encounter;
            return Some(crate::tui::screens::party::open(app, owner));
        }
        Action::RemoveParty => match &s.encounter.party {
            PartyRef::Saved(id) => {
                let id = id.clone();
                let change = PartyChange::Remove;
                return Some(vec![Cmd::Encounter(Job::PartyUsers { id, change }).into()]);
            }
            _ => {
                let save = app.key_on(crate::tui::app::Screen::Encounter, Action::SaveParty);
                app.shell.info(format!(
                    "This encounter's party is not a saved one ({save} saves it); nothing to remove."
                ));
            }
        },
        _ => return None,
    }
    Some(Vec::new())
}

/// The encounter as a whole: its notes and name, the arithmetic, opening, a new one, a fight from it, its exports.
pub(super) fn document(app: &mut App, action: Action) -> Option<Vec<Effect>> {
    let s = &mut app.encounter;
    match action {
        Action::Notes => {
            let notes = s.encounter.notes.clone().unwrap_or_default();
            let title = "Notes of the encounter (kept in its file and on the sheet)";
            edit(app, Prompt::Notes, title, TextArea::new(&notes));
        }
        Action::Rename => {
            let field =
                TextField::new(&s.encounter.name).with_max(lairsmith_core::text::MAX_NAME_CHARS);
            let title = match s.encounter.path() {
                Some(_) => "Rename the encounter (its file keeps its name)",
                None => "Rename the encounter",
            };
            prompt(app, Prompt::Rename, title, field);
        }
        Action::Explain => {
            s.explain = !s.explain;
            s.preview_scroll = 0;
        }
        Action::Open => return Some(vec![Effect::Leave(AfterLeave::OpenEncounter)]),
        Action::StartFight => {
            let save = app.shell.keymap.key_for(Ctx::Anywhere, Action::Save);
            let Some(path) = s.encounter.path().map(std::path::Path::to_path_buf) else {
                app.shell.error(format!(
                    "A fight starts from a saved encounter: save this one first ({save})."
                ));
                return Some(Vec::new());
            };
            if s.is_dirty() {
                app.shell.error(format!(
                    "The encounter has unsaved changes: save them first ({save}), so the fight is the encounter you see."
                ));
                return Some(Vec::new());
            }
            return Some(vec![Effect::Across(Across::StartFight(path))]);
        }
        Action::ExportTable => {
            let field = TextField::new(&crate::tui::export::export_name(
                &app.shell.paths.exports,
                &format!("{} table", s.encounter.name),
                "html",
            ));
            prompt(
                app,
                Prompt::ExportTable,
                "Export the sheet for running the fight on paper (printable HTML) to file",
                field,
            );
        }
        Action::NewEncounter => return Some(vec![Effect::Leave(AfterLeave::NewEncounter)]),
        Action::ExportMarkdown => {
            let field = TextField::new(&crate::tui::export::export_name(
                &app.shell.paths.exports,
                &s.encounter.name,
                "md",
            ));
            prompt(
                app,
                Prompt::Export,
                "Export the encounter sheet (Markdown) to file",
                field,
            );
        }
        Action::ExportHtml => {
            let field = TextField::new(&crate::tui::export::export_name(
                &app.shell.paths.exports,
                &s.encounter.name,
                "html",
            ));
            prompt(
                app,
                Prompt::ExportHtml,
                "Export the encounter sheet (printable HTML) to file",
                field,
            );
        }
        _ => return None,
    }
    Some(Vec::new())
}
