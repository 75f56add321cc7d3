//! The Encounter screen's keys and its features end to end: building the roster, the party
//! (saved parties included), the generator, notes, undo, exporting the sheet, opening, and
//! saving, with its questions and what the executor reports back.

use super::EncounterScreen;
use super::dialog::{Dialog, PlaceholderForm};
use super::job::{Done, Job, PartyChange};
use crate::tui::app::{AfterLeave, App, Cmd, Confirm, PromptKind};
use crate::tui::document::save_failed;
use crate::tui::keymap::{Action, Ctx};
use crate::tui::layer::{Editor, Layer, Picker};
use crate::tui::msg::{Across, Effect};
use crate::tui::widgets::text_area::TextArea;
use crate::tui::widgets::text_field::TextField;
use crate::tui::write::DocWrite;
use lairsmith_core::encounter::PartyChoice;
use lairsmith_core::encounter::generate::{Request, generate};
use lairsmith_core::encounter::party::PartyFile;
use lairsmith_core::encounter::{Count, Encounter, Group, PartyRef, Placeholder, Side, System};
use lairsmith_core::export::doc::group_thousands;
use lairsmith_core::rules::difficulty::BANDS;
use lairsmith_core::rules::{Level, Rank, Role};
use lairsmith_core::store::{Expect, path_in};
use lairsmith_core::vocab::Vocabulary;

mod actions;
mod outcomes;

pub use crate::tui::screens::party::{PARTY_PROMPT, party_read};
pub use actions::on_action;
pub use outcomes::on_outcome;

/// The Encounter screen's questions.
#[derive(Debug, Clone, PartialEq)]
pub enum Question {
    /// The encounter has unsaved changes: y save, n discard, Esc cancel; then `.0`.
    Unsaved(AfterLeave),
    /// Remove a saved party (to the trash): y / n. `users`: who else names it.
    RemoveParty { id: String, users: String },
    /// Level up a saved party in its file: y / n. `users`: who else names it.
    LevelUpParty { id: String, users: String },
    /// Switch the encounter's rules system, dropping its groups: y / n.
    SwitchSystem,
}

/// What a prompt of the Encounter screen is for.
#[derive(Debug, Clone, PartialEq)]
pub enum Prompt {
    /// A file name for the encounter sheet in Markdown.
    Export,
    /// A file name for the encounter sheet as printable HTML.
    ExportHtml,
    /// A file name for the sheet for running the fight on paper (printable HTML).
    ExportTable,
    /// The name to save a new encounter under; then `then`.
    SaveAs { then: Option<AfterLeave> },
    /// The party: `4x6`, `3,3,4,5`, `Ana=3,Bo=4`, or a saved party's id.
    Party,
    /// The id to save the encounter's party under, in `parties/`.
    SaveParty,
    /// The encounter's notes (in the editor of several lines).
    Notes,
    /// The notes of group `.0` (in the editor of several lines).
    GroupNotes(usize),
    /// The label of group `.0`.
    Label(usize),
    /// The encounter's name.
    Rename,
    /// A 3rd-edition group: `5`, `1/2`, `5 x3` (a CR and a count).
    AddCr,
}

/// Opens the editor of several lines on `area`, for `p`.
fn edit(app: &mut App, p: Prompt, title: impl Into<String>, area: TextArea) {
    app.shell.push(Layer::Editor(Editor {
        kind: PromptKind::Encounter(p),
        title: title.into(),
        area,
    }));
}

fn ask(app: &mut App, q: Question) {
    app.shell.push(Layer::Confirm(Confirm::Encounter(q)));
}

fn prompt(app: &mut App, p: Prompt, title: impl Into<String>, field: TextField) {
    app.shell.push(Layer::Prompt {
        kind: PromptKind::Encounter(p),
        title: title.into(),
        field,
    });
}

use lairsmith_core::encounter::generate::next_seed;

/// Switches the encounter to the other rules system; its groups (the other system's) go, and
/// undo brings them back.
pub fn switch_system(app: &mut App) {
    let s = &mut app.encounter;
    s.encounter.system = s.encounter.system.other();
    s.encounter.groups.clear();
    s.encounter.circumstance = None;
    s.locked.clear();
    let name = lairsmith_core::vocab::Vocabulary::label(s.encounter.system);
    let undo = app.key_on(crate::tui::app::Screen::Encounter, Action::Undo);
    app.shell.info(format!(
        "The encounter is rated by {name} now ({undo} undoes)."
    ));
}

/// A 3rd-edition group typed into the prompt: `5`, `1/2`, `5 x3`, `3+2` (a CR 3 monster with 2
/// class levels), `character 5`, `npc 5 x2` (D7).
fn add_cr(app: &mut App, text: &str) -> Result<(), String> {
    let text = text.trim();
    let (foe, count) = match text.rsplit_once(['x', '×', '*']) {
        Some((foe, n)) => (foe.trim(), n.trim()),
        None => (text, "1"),
    };
    let count: i64 = count
        .parse()
        .map_err(|_| format!("`{count}` is not a count (1 to 999)"))?;
    let count = Count::new(count)?;
    let group = Group::d20e3(foe, count)?;
    let cr = group
        .challenge_rating()
        .ok_or_else(|| format!("`{foe}` is not a 3rd-edition foe"))?;
    let key = group.key();
    let s = &mut app.encounter;
    s.encounter.add(group)?;
    s.cursor = s
        .encounter
        .groups
        .iter()
        .position(|g| g.key() == key)
        .unwrap_or(0);
    let added = match group_description(&s.encounter, &key) {
        Some(what) => format!("Added {} × {what} (CR {cr}).", count.get()),
        None => format!("Added {} × CR {cr}.", count.get()),
    };
    app.shell.info(added);
    Ok(())
}

/// D7: what the group of `key` is, when it is a character, an NPC or a monster with classes.
fn group_description(e: &lairsmith_core::encounter::Encounter, key: &str) -> Option<String> {
    e.groups
        .iter()
        .find(|g| g.key() == key)
        .and_then(Group::class_description)
}

/// A new monster of the placeholder's level, rank and role, for the Forge to open (`update`
/// opens it: a screen changes no other screen); saving it replaces the placeholder.
pub fn design_placeholder(
    app: &mut App,
    i: usize,
) -> Option<lairsmith_core::monster::MonsterDesign> {
    let p = app
        .encounter
        .encounter
        .groups
        .get(i)
        .and_then(|g| g.placeholder)?;
    app.encounter.replacing = Some(i);
    let c = lairsmith_core::monster::Classification {
        level: p.level,
        rank: p.rank,
        role: p.role,
        leader: false,
        size: lairsmith_core::rules::Size::Medium,
        source: lairsmith_core::rules::Source::Natural,
        creature_type: lairsmith_core::rules::CreatureType::Humanoid,
        tags: Vec::new(),
    };
    let mut d =
        lairsmith_core::monster::MonsterDesign::new(&format!("New {}", p.role.label()), c.clone());
    d.powers = lairsmith_core::monster::kit::Templates::embedded().default_powers(&c);
    app.shell.info("Design the monster for this placeholder; when you save it, it replaces the placeholder in the encounter.");
    Some(d)
}

fn add_group(app: &mut App, g: Group) {
    let key = g.key();
    let s = &mut app.encounter;
    if let Err(e) = s.encounter.add(g) {
        app.shell.error(e);
        return;
    }
    s.cursor = s
        .encounter
        .groups
        .iter()
        .position(|x| x.key() == key)
        .unwrap_or(0);
}

fn add_monster(app: &mut App, id: &str) {
    let name = app
        .shell
        .bestiary
        .get(id)
        .map_or(id.to_owned(), |e| e.card.name.clone());
    add_group(app, Group::monster(id, Count::ONE));
    app.shell
        .info(format!("Added {name}. Enter adds another, Esc closes."));
}

fn add_placeholder(app: &mut App, level: Level, rank: usize, role: usize) {
    let p = Placeholder {
        level,
        rank: Rank::ALL[rank.min(Rank::ALL.len() - 1)],
        role: Role::ALL[role.min(Role::ALL.len() - 1)],
    };
    add_group(app, Group::placeholder(p, Count::ONE));
    app.shell.info(format!(
        "Added {}. Enter on it opens the Forge to design the real monster.",
        p.describe()
    ));
}

/// The party typed into the prompt: a saved party's id or a spec. A text that can be an id
/// may name a saved party, which wins over the spec it may also read as (`4x6`): the executor
/// reads it ([`lairsmith_core::encounter::choose_party`]). Any other text is a spec or an error now.
fn set_party(app: &mut App, text: &str) -> Result<Vec<Effect>, String> {
    let text = text.trim();
    if lairsmith_core::monster::design::is_valid_id(text) {
        let text = text.to_owned();
        return Ok(vec![Cmd::Encounter(Job::LoadParty { text }).into()]);
    }
    let p = lairsmith_core::encounter::spec_party(text).map_err(|e| e.to_string())?;
    app.encounter.encounter.party = PartyRef::from_party(&p);
    app.shell.info(format!("Party: {}.", p.describe()));
    Ok(Vec::new())
}

/// Saves the encounter's party under a name, and makes the encounter name it.
fn save_party(app: &mut App, name: &str) -> Result<Vec<Effect>, String> {
    let name = name.trim();
    lairsmith_core::text::check_name("the party's name", name)?;
    let id = lairsmith_core::monster::slugify(name);
    if id.is_empty() {
        return Err("a party's name needs a letter or a digit".into());
    }
    let path = path_in(&app.shell.paths.parties, &id, "yaml")?;
    let file = PartyFile {
        kind: Default::default(),
        schema_version: lairsmith_core::encounter::party::PARTY_SCHEMA_VERSION,
        name: name.to_owned(),
        members: app.encounter.party.members.clone(),
        encounters_since_rest: 0,
        played: Vec::new(),
        extra: Default::default(),
    };
    Ok(vec![
        Cmd::Encounter(Job::SaveParty {
            id,
            write: DocWrite {
                copy_of: None,
                path,
                contents: lairsmith_core::yaml_io::to_string(&file),
                expect: Expect::New,
            },
        })
        .into(),
    ])
}

/// Every member one level up (at most 30): in the encounter, and in the file of a saved party.
fn level_up_party(app: &mut App) -> Vec<Effect> {
    let s = &mut app.encounter;
    if let PartyRef::Saved(id) = &s.encounter.party {
        // Its file is shared by every encounter and adventure that names it: asked first.
        let id = id.clone();
        let change = PartyChange::LevelUp;
        return vec![Cmd::Encounter(Job::PartyUsers { id, change }).into()];
    }
    let mut p = s.party.clone();
    for m in &mut p.members {
        match Level::new(i64::from(m.level.get()) + 1) {
            Ok(l) => m.level = l,
            Err(_) => {
                app.shell.error(format!(
                    "{} is level 30 already, the book's highest; the party stays as it is.",
                    m.name.as_deref().unwrap_or("A character")
                ));
                return Vec::new();
            }
        }
    }
    s.encounter.party = PartyRef::from_party(&p);
    let undo = app.key_on(crate::tui::app::Screen::Encounter, Action::Undo);
    app.shell
        .info(format!("Party: {} ({undo} undoes).", p.describe()));
    Vec::new()
}

fn set_notes(app: &mut App, text: &str) {
    let t = text.trim();
    app.encounter.encounter.notes = (!t.is_empty()).then(|| t.to_owned());
}

/// What a group is called on the screen: its label, else what the roster names it.
fn group_name(app: &App, i: usize) -> String {
    let s = &app.encounter;
    match (&s.encounter.groups[i].label, s.report.roster.get(i)) {
        (Some(l), _) => l.clone(),
        (None, Some(line)) => line.name.clone(),
        (None, None) => s.encounter.groups[i].key(),
    }
}

/// The notes typed for group `i`: blank clears them.
fn set_group_notes(app: &mut App, i: usize, text: &str) -> Result<(), String> {
    let t = text.trim();
    lairsmith_core::limits::GROUP_NOTES.check(t)?;
    let undo = app.key_on(crate::tui::app::Screen::Encounter, Action::Undo);
    let Some(g) = app.encounter.encounter.groups.get_mut(i) else {
        return Ok(());
    };
    g.notes = (!t.is_empty()).then(|| t.to_owned());
    let said = if t.is_empty() {
        format!("The group's notes are cleared ({undo} undoes).")
    } else {
        format!("The notes are printed beside the group on the sheet ({undo} undoes).")
    };
    app.shell.info(said);
    Ok(())
}

/// The label typed for group `i`: blank clears it; a label is a name, checked as one.
fn set_label(app: &mut App, i: usize, text: &str) -> Result<(), String> {
    let t = text.trim();
    if !t.is_empty() {
        lairsmith_core::text::check_name("the label", t)?;
    }
    let undo = app.key_on(crate::tui::app::Screen::Encounter, Action::Undo);
    let Some(g) = app.encounter.encounter.groups.get_mut(i) else {
        return Ok(());
    };
    g.label = (!t.is_empty()).then(|| t.to_owned());
    app.shell.info(if t.is_empty() {
        format!("The group's label is cleared ({undo} undoes).")
    } else {
        format!("The group is labelled {t} on the sheet ({undo} undoes).")
    });
    Ok(())
}

/// The selected group changes sides: an ally leaves the budget, a foe counts in it again.
fn toggle_ally(app: &mut App) {
    let undo = app.key_on(crate::tui::app::Screen::Encounter, Action::Undo);
    let i = app.encounter.cursor;
    let name = group_name(app, i);
    let g = &mut app.encounter.encounter.groups[i];
    g.side = match g.side {
        Side::Foe => Side::Ally,
        Side::Ally => Side::Foe,
    };
    let side = g.side;
    app.shell.info(match side {
        Side::Ally => format!("{name} is an ally: not counted against the budget ({undo} undoes)."),
        Side::Foe => format!("{name} is a foe again: counted against the budget ({undo} undoes)."),
    });
}

/// The name typed for the encounter. The file keeps its name: adventures name encounters by
/// their file, so renaming never loses an adventure its encounter.
fn rename(app: &mut App, text: &str) -> Result<(), String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("An encounter needs a name.".into());
    }
    lairsmith_core::text::check_name("the encounter's name", t)?;
    let undo = app.key_on(crate::tui::app::Screen::Encounter, Action::Undo);
    let save = app.key_on(crate::tui::app::Screen::Encounter, Action::Save);
    let s = &mut app.encounter;
    t.clone_into(&mut s.encounter.name);
    let file = s
        .encounter
        .path()
        .and_then(|p| p.file_name())
        .map(|f| f.to_string_lossy().into_owned());
    // The new name is in the title: the line says what stays, in words that fit 80 columns.
    app.shell.info(match file {
        Some(f) => format!("Renamed; the file stays {f} ({save} saves, {undo} undoes)."),
        None => format!("Renamed ({save} saves it under this name, {undo} undoes)."),
    });
    Ok(())
}

/// A fresh encounter for the same party.
pub fn reset(app: &mut App) {
    let s = &app.encounter;
    let party = s.party.clone();
    let (seed, difficulty, saved) = (s.seed, s.difficulty, s.saved_parties.clone());
    let mut encounter = Encounter::new("New Encounter", &party);
    encounter.party = s.encounter.party.clone();
    let mut fresh = EncounterScreen::with(encounter, None);
    fresh.seed = seed;
    fresh.difficulty = difficulty;
    fresh.saved_parties = saved;
    app.encounter = fresh;
}

/// Saves the encounter: to its file, or for a new one to `encounters/<name>.yaml` after asking
/// the name; then `then`.
pub fn save(app: &mut App, then: Option<AfterLeave>) -> Vec<Effect> {
    let doc = &app.encounter.encounter;
    if let Some(write) = doc.save_over() {
        return vec![Cmd::Encounter(Job::Save { write, then }).into()];
    }
    let field = TextField::new(doc.offered_name("New Encounter"))
        .with_max(lairsmith_core::text::MAX_NAME_CHARS);
    let title = "Name the encounter (saved in your encounters folder)";
    prompt(app, Prompt::SaveAs { then }, title, field);
    Vec::new()
}

/// The save once the encounter has a name.
fn save_as(app: &mut App, name: &str, then: Option<AfterLeave>) -> Vec<Effect> {
    let dir = app.shell.paths.encounters.clone();
    let write = (app.encounter.encounter).save_as(name, "encounter", &dir);
    app.shell
        .run_or_say(write.map(|write| Cmd::Encounter(Job::Save { write, then })))
}

fn generate_now(app: &mut App) {
    if app.encounter.encounter.system == System::D20e3 {
        return generate_3e(app);
    }
    let undo = app.key_on(crate::tui::app::Screen::Encounter, Action::Undo);
    let lock = app.key_on(crate::tui::app::Screen::Encounter, Action::Lock);
    let s = &mut app.encounter;
    let seed = next_seed(&mut s.seed);
    let locked: Vec<Group> = s
        .encounter
        .groups
        .iter()
        .filter(|g| s.locked.contains(&g.key()))
        .cloned()
        .collect();
    let req = Request {
        name: s.encounter.name.clone(),
        party: s.party.clone(),
        band: BANDS[s.difficulty].difficulty,
        query: String::new(),
        filter: app.browser.filter.clone(),
        locked,
        max_monsters: 8,
        max_bosses: 1,
        max_leaders: lairsmith_core::encounter::generate::DEFAULT_MAX_LEADERS,
        seed,
    };
    match generate(&app.shell.bestiary, &req) {
        Ok(g) => {
            s.encounter.adopt_generated(&g.encounter);
            s.cursor = 0;
            let what = lairsmith_core::encounter::generate::an_encounter(req.band);
            if g.met {
                app.shell.info(format!(
                    "Generated {what} (seed {seed}); {lock} locks a group, {undo} undoes."
                ));
            } else {
                app.shell.error(format!(
                    "The bestiary could not fill {what} with these filters; this is the closest ({} XP). {undo} undoes.",
                    group_thousands(g.xp)
                ));
            }
        }
        Err(e) => app.shell.error(e.to_string()),
    }
}

/// A 3rd-edition encounter is generated as a mix of challenge ratings (there is no 3rd-edition
/// bestiary); locked groups stay and the mix is added to them.
fn generate_3e(app: &mut App) {
    let undo = app.key_on(crate::tui::app::Screen::Encounter, Action::Undo);
    let s = &mut app.encounter;
    let seed = next_seed(&mut s.seed);
    let band = BANDS[s.difficulty].difficulty;
    match lairsmith_core::encounter::generate3e::generate(
        &s.encounter.name,
        &s.party,
        band,
        8,
        seed,
    ) {
        Ok(g) => {
            let mix = lairsmith_core::encounter::generate3e::describe(&g.encounter);
            s.encounter.groups = g.encounter.groups;
            s.locked.clear();
            s.cursor = 0;
            let what = lairsmith_core::encounter::generate::an_encounter(band);
            if g.met {
                app.shell.info(format!(
                    "Generated {what}: {mix} (seed {seed}); {undo} undoes."
                ));
            } else {
                app.shell.error(format!(
                    "No mix of at most 8 foes reached {what}; this is the closest: {mix}. {undo} undoes."
                ));
            }
        }
        Err(e) => app.shell.error(e),
    }
}

/// What was typed into one of the screen's prompts; `Err` keeps the prompt open to correct it.
pub fn on_prompt(app: &mut App, p: &Prompt, text: &str) -> Result<Vec<Effect>, String> {
    let s = &app.encounter;
    Ok(match p {
        Prompt::SaveAs { then } => save_as(app, text, then.clone()),
        Prompt::Party => set_party(app, text)?,
        Prompt::SaveParty => save_party(app, text)?,
        Prompt::Notes => {
            set_notes(app, text);
            Vec::new()
        }
        Prompt::GroupNotes(i) => {
            set_group_notes(app, *i, text)?;
            Vec::new()
        }
        Prompt::Label(i) => {
            set_label(app, *i, text)?;
            Vec::new()
        }
        Prompt::Rename => {
            rename(app, text)?;
            Vec::new()
        }
        Prompt::AddCr => {
            add_cr(app, text)?;
            Vec::new()
        }
        // The sheets show the treasure method chosen on the screen, as the CLI's do.
        Prompt::Export => {
            let contents = lairsmith_core::export::sheet::encounter::markdown_with_treasure(
                &s.encounter,
                &s.party,
                &s.report,
                &app.shell.bestiary,
                s.treasure_plan.as_ref(),
            );
            crate::tui::export::to_file(&mut app.shell, text, contents)
        }
        Prompt::ExportTable => {
            match lairsmith_core::export::table::table_sheet(
                &s.encounter,
                &s.party,
                &app.shell.bestiary,
            ) {
                Ok(contents) => crate::tui::export::to_file(&mut app.shell, text, contents),
                Err(e) => {
                    app.shell.error(e);
                    Vec::new()
                }
            }
        }
        Prompt::ExportHtml => {
            let contents = lairsmith_core::export::html::encounter(
                &s.encounter,
                &s.party,
                &s.report,
                &app.shell.bestiary,
                s.treasure_plan.as_ref(),
            );
            crate::tui::export::to_file(&mut app.shell, text, contents)
        }
    })
}

/// The answer to one of the screen's questions; `Err` keeps asking.
pub fn on_confirm(app: &mut App, q: Question, action: Action) -> Result<Vec<Effect>, Question> {
    Ok(match (q, action) {
        (Question::Unsaved(then), Action::Yes) => save(app, Some(then)),
        (Question::Unsaved(then), Action::No) => {
            reset(app);
            vec![Effect::Leave(then)]
        }
        (Question::Unsaved(_), Action::Back) => Vec::new(),
        (Question::SwitchSystem, Action::Yes) => {
            switch_system(app);
            Vec::new()
        }
        (Question::RemoveParty { id, .. }, Action::Yes) => {
            vec![Cmd::Encounter(Job::RemoveParty { id }).into()]
        }
        (Question::LevelUpParty { id, .. }, Action::Yes) => {
            vec![Cmd::Encounter(Job::LevelUpParty { id }).into()]
        }
        (Question::LevelUpParty { id, .. }, Action::No | Action::Back) => {
            app.shell.info(format!("The party `{id}` stays as it is."));
            Vec::new()
        }
        (Question::SwitchSystem | Question::RemoveParty { .. }, Action::No | Action::Back) => {
            Vec::new()
        }
        (q, _) => return Err(q),
    })
}

/// The Forge saved monster `id`: it takes the place of the placeholder it was designed for.
pub fn placeholder_designed(app: &mut App, id: &str) {
    if let Some(i) = app.encounter.replacing.take()
        && let Some(g) = app.encounter.encounter.groups.get_mut(i)
        && g.placeholder.is_some()
    {
        g.placeholder = None;
        g.monster = Some(id.to_owned());
    }
}

/// Enter in the monster picker: the highlighted monster joins the roster.
pub fn monster_chosen(app: &mut App, p: &Picker) {
    if let Some(i) = p.hits.get(p.cursor.min(p.hits.len().saturating_sub(1))) {
        let id = app.shell.bestiary.entries[*i].card.id.clone();
        add_monster(app, &id);
    }
}

/// Enter in the placeholder form: the placeholder joins the roster, or the level is wrong and
/// the form stays.
pub fn placeholder_chosen(app: &mut App, form: PlaceholderForm) {
    match form.level.text().trim().parse::<Level>() {
        Ok(level) => add_placeholder(app, level, form.rank, form.role),
        Err(e) => {
            app.shell.error(e);
            app.shell.push(Dialog::Placeholder(form).into());
        }
    }
}
