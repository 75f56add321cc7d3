//! The Encounter screen's keys: building the roster, the party, the generator, notes, undo,
//! saving and opening.

use super::EncounterScreen;
use crate::encounter::generate::{Request, generate};
use crate::encounter::party::PartyFile;
use crate::encounter::{Count, Encounter, Group, PartyRef, Placeholder, System};
use crate::export::doc::group_thousands;
use crate::rules::difficulty::BANDS;
use crate::rules::{Level, Rank, Role};
use crate::store::{Expect, path_in};
use crate::tui::app::{AfterLeave, App, Cmd, PromptKind, Screen, WritePurpose};
use crate::tui::keymap::{Action, Ctx};
use crate::tui::layer::{Layer, Picker};
use crate::tui::update::leave;
use crate::tui::widgets::text_field::TextField;
use crate::vocab::Vocabulary;

use crate::hash::splitmix64 as next_seed;

pub fn on_action(app: &mut App, action: Action) -> Option<Vec<Cmd>> {
    let s = &mut app.encounter;
    let n = s.encounter.groups.len();
    match action {
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
            if !s.step_history(back) {
                app.info(if back {
                    "Nothing to undo."
                } else {
                    "Nothing to redo."
                });
            }
        }
        Action::AddMonsters | Action::Placeholder if s.encounter.system == System::D20e3 => {
            let c = app.keymap.key_for(Ctx::Encounter, Action::AddCr);
            app.info(format!(
                "This is a d20 3rd-edition encounter: its foes are challenge ratings ({c} adds them)."
            ));
        }
        Action::AddCr if s.encounter.system == System::Orcus => {
            let y = app.keymap.key_for(Ctx::Encounter, Action::SwitchSystem);
            app.info(format!(
                "Challenge ratings are for d20 3rd-edition encounters ({y} switches this one)."
            ));
        }
        Action::AddCr => app.push(Layer::Prompt {
            kind: PromptKind::AddCr,
            title: "Foes by challenge rating: 5, 1/2, or 5 x3 for three (1 to 20, 1/2, 1/3, 1/4, 1/6, 1/8); character 5, npc 5, or 3+2 for a CR 3 monster with 2 class levels".into(),
            field: TextField::default(),
        }),
        Action::SwitchSystem => {
            if s.encounter.groups.is_empty() {
                switch_system(app);
            } else {
                app.push(Layer::Confirm(crate::tui::app::Confirm::SwitchSystem));
            }
        }
        Action::TreasureMethod => {
            let next = crate::vocab::cycle_option(s.treasure, true);
            s.treasure = next;
            s.explain = true;
            app.info(match next {
                Some(m) => format!("Treasure under {m}, below the arithmetic."),
                None => "Treasure: the book's average gold per character (E5).".into(),
            });
        }
        Action::AddMonsters => app.push(Layer::MonsterPicker(Picker::new())),
        Action::AddChallenge => super::challenge::open(app),
        Action::Placeholder => {
            let level = s.report.party_level;
            app.push(Layer::Placeholder(crate::tui::layers::placeholder_form(
                i64::from(level),
            )));
        }
        Action::Increase | Action::Decrease
            if s
                .encounter
                .groups
                .get(s.cursor)
                .is_some_and(|g| g.challenge.is_some()) =>
        {
            let x = app.keymap.key_for(Ctx::EncounterOrcus, Action::AddChallenge);
            app.info(format!(
                "A challenge is run once; {x} adds another with its own name."
            ));
        }
        Action::Increase | Action::Decrease => {
            let mut full = false;
            if let Some(g) = s.encounter.groups.get_mut(s.cursor) {
                if action == Action::Increase {
                    full = g.count.get() == crate::encounter::MAX_GROUP_COUNT;
                    g.count = g.count.increment();
                } else if let Some(c) = g.count.decrement() {
                    g.count = c;
                }
            }
            if full {
                app.info(format!(
                    "A group holds at most {} monsters.",
                    crate::encounter::MAX_GROUP_COUNT
                ));
            }
        }
        Action::Delete => {
            if s.cursor < n {
                let g = s.encounter.groups.remove(s.cursor);
                s.locked.retain(|k| *k != g.key());
                let undo = app.keymap.key_for(Ctx::Encounter, Action::Undo);
                app.info(format!("Removed {}; {undo} undoes.", g.key()));
            }
        }
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
            app.push(Layer::Prompt {
                kind: PromptKind::Party,
                title: PARTY_PROMPT.into(),
                field: TextField::new(&spec),
            });
        }
        Action::SaveParty => {
            let name = match &s.encounter.party {
                PartyRef::Saved(id) => id.clone(),
                _ => String::new(),
            };
            app.push(Layer::Prompt {
                kind: PromptKind::SaveParty,
                title: "Save the party as (a name; it goes to your parties folder)".into(),
                field: TextField::new(&name).with_max(crate::text::MAX_NAME_CHARS),
            });
        }
        Action::LevelUpParty => return Some(level_up_party(app)),
        Action::RemoveParty => match &s.encounter.party {
            PartyRef::Saved(id) => {
                return Some(vec![Cmd::PartyUsers {
                    id: id.clone(),
                    change: crate::tui::msg::PartyChange::Remove,
                }]);
            }
            _ => {
                let save = app.keymap.key_for(Ctx::Encounter, Action::SaveParty);
                app.info(format!(
                    "This encounter's party is not a saved one ({save} saves it); nothing to remove."
                ));
            }
        },
        Action::Notes => {
            let notes = s.encounter.notes.clone().unwrap_or_default();
            app.push(Layer::Prompt {
                kind: PromptKind::Notes,
                title: "Notes (one line; kept in the encounter file and on the sheet)".into(),
                field: TextField::new(&notes),
            });
        }
        Action::Explain => {
            s.explain = !s.explain;
            s.preview_scroll = 0;
        }
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
        Action::Generate => return Some(generate_now(app)),
        Action::Difficulty => {
            s.difficulty = (s.difficulty + 1) % BANDS.len();
            let name = BANDS[s.difficulty].name;
            let g = app.keymap.key_for(Ctx::Encounter, Action::Generate);
            app.info(format!(
                "The generator will aim for {name} ({g} generates)."
            ));
        }
        Action::Filter => crate::tui::screens::bestiary::update::open_filters(app),
        Action::Open => return Some(leave(app, AfterLeave::OpenEncounter)),
        Action::NewEncounter => return Some(leave(app, AfterLeave::NewEncounter)),
        Action::ExportMarkdown => {
            let field = TextField::new(&crate::tui::screens::bestiary::export_name(
                &app.paths.exports,
                &s.encounter.name,
                "md",
            ));
            app.push(Layer::Prompt {
                kind: PromptKind::ExportEncounter,
                title: "Export the encounter sheet (Markdown) to file".into(),
                field,
            });
        }
        Action::ExportHtml => {
            let field = TextField::new(&crate::tui::screens::bestiary::export_name(
                &app.paths.exports,
                &s.encounter.name,
                "html",
            ));
            app.push(Layer::Prompt {
                kind: PromptKind::ExportEncounterHtml,
                title: "Export the encounter sheet (printable HTML) to file".into(),
                field,
            });
        }
        Action::Choose => {
            let i = s.cursor;
            if let Some(c) = s.encounter.groups.get(i).and_then(|g| g.challenge.as_ref()) {
                let form = super::challenge::ChallengeForm::editing(c, i);
                app.push(Layer::Challenge(form));
                return Some(Vec::new());
            }
            if s.encounter
                .groups
                .get(i)
                .is_some_and(|g| g.placeholder.is_some())
            {
                return Some(leave(app, AfterLeave::ReplacePlaceholder(i)));
            }
        }
        _ => return None,
    }
    Some(Vec::new())
}

/// Switches the encounter to the other rules system; its groups (the other system's) go, and
/// undo brings them back.
pub fn switch_system(app: &mut App) {
    let s = &mut app.encounter;
    s.encounter.system = s.encounter.system.other();
    s.encounter.groups.clear();
    s.encounter.circumstance = None;
    s.locked.clear();
    let name = crate::vocab::Vocabulary::label(s.encounter.system);
    let undo = app.keymap.key_for(Ctx::Encounter, Action::Undo);
    app.info(format!(
        "The encounter is rated by {name} now ({undo} undoes)."
    ));
}

/// A 3rd-edition group typed into the prompt: `5`, `1/2`, `5 x3`, `3+2` (a CR 3 monster with 2
/// class levels), `character 5`, `npc 5 x2` (D7).
pub fn add_cr(app: &mut App, text: &str) -> Result<(), String> {
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
    app.info(added);
    Ok(())
}

/// D7: what the group of `key` is, when it is a character, an NPC or a monster with classes.
fn group_description(e: &crate::encounter::Encounter, key: &str) -> Option<String> {
    e.groups
        .iter()
        .find(|g| g.key() == key)
        .and_then(Group::class_description)
}

/// Opens the Forge on a new monster of the placeholder's level, rank and role; saving it
/// replaces the placeholder.
pub fn design_placeholder(app: &mut App, i: usize) {
    let Some(p) = app
        .encounter
        .encounter
        .groups
        .get(i)
        .and_then(|g| g.placeholder)
    else {
        return;
    };
    app.encounter.replacing = Some(i);
    let c = crate::monster::Classification {
        level: p.level,
        rank: p.rank,
        role: p.role,
        leader: false,
        size: crate::rules::Size::Medium,
        source: crate::rules::Source::Natural,
        creature_type: crate::rules::CreatureType::Humanoid,
        tags: Vec::new(),
    };
    let mut d = crate::monster::MonsterDesign::new(&format!("New {}", p.role.label()), c.clone());
    d.powers = crate::monster::kit::Templates::embedded().default_powers(&c);
    app.forge =
        crate::tui::screens::forge::Forge::with(d, crate::tui::screens::forge::Target::New, false);
    app.screen = Screen::Forge;
    app.info("Design the monster for this placeholder; when you save it, it replaces the placeholder in the encounter.");
}

fn add_group(app: &mut App, g: Group) {
    let key = g.key();
    let s = &mut app.encounter;
    if let Err(e) = s.encounter.add(g) {
        app.error(e);
        return;
    }
    s.cursor = s
        .encounter
        .groups
        .iter()
        .position(|x| x.key() == key)
        .unwrap_or(0);
}

pub fn add_monster(app: &mut App, id: &str) {
    let name = app
        .bestiary
        .get(id)
        .map_or(id.to_owned(), |e| e.card.name.clone());
    add_group(app, Group::monster(id, Count::ONE));
    app.info(format!("Added {name}. Enter adds another, Esc closes."));
}

pub fn add_placeholder(app: &mut App, level: Level, rank: usize, role: usize) {
    let p = Placeholder {
        level,
        rank: Rank::ALL[rank.min(Rank::ALL.len() - 1)],
        role: Role::ALL[role.min(Role::ALL.len() - 1)],
    };
    add_group(app, Group::placeholder(p, Count::ONE));
    app.info(format!(
        "Added {}. Enter on it opens the Forge to design the real monster.",
        p.describe()
    ));
}

/// The title of both screens' party prompts.
pub const PARTY_PROMPT: &str =
    "Party: a saved party's id, or 4x6 (four level-6 characters), 3,3,4,5, Ana=3,Bo=4";

/// The party typed into the prompt: a saved party's id or a spec. A text that can be an id
/// may name a saved party, which wins over the spec it may also read as (`4x6`): the executor
/// reads it ([`crate::encounter::choose_party`]). Any other text is a spec or an error now.
pub fn set_party(app: &mut App, text: &str) -> Result<Vec<Cmd>, String> {
    let text = text.trim();
    if crate::monster::design::is_valid_id(text) {
        return Ok(vec![Cmd::LoadParty {
            text: text.to_owned(),
            prompt: PromptKind::Party,
        }]);
    }
    let p = crate::encounter::spec_party(text).map_err(|e| e.to_string())?;
    app.encounter.encounter.party = PartyRef::from_party(&p);
    app.info(format!("Party: {}.", p.describe()));
    Ok(Vec::new())
}

/// Saves the encounter's party under a name, and makes the encounter name it.
pub fn save_party(app: &mut App, name: &str) -> Result<Vec<Cmd>, String> {
    let name = name.trim();
    crate::text::check_name("the party's name", name)?;
    let id = crate::monster::slugify(name);
    if id.is_empty() {
        return Err("a party's name needs a letter or a digit".into());
    }
    let path = path_in(&app.paths.parties, &id, "yaml")?;
    let file = PartyFile {
        kind: Default::default(),
        schema_version: crate::encounter::file::ENCOUNTER_SCHEMA_VERSION,
        name: name.to_owned(),
        members: app.encounter.party.members.clone(),
        extra: Default::default(),
    };
    Ok(vec![Cmd::Write {
        base: None,
        copy_of: None,
        path,
        contents: crate::yaml_io::to_string(&file),
        expect: Expect::New,
        purpose: WritePurpose::Party { id },
    }])
}

/// Every member one level up (at most 30): in the encounter, and in the file of a saved party.
fn level_up_party(app: &mut App) -> Vec<Cmd> {
    let s = &mut app.encounter;
    if let PartyRef::Saved(id) = &s.encounter.party {
        // Its file is shared by every encounter and adventure that names it: asked first.
        return vec![Cmd::PartyUsers {
            id: id.clone(),
            change: crate::tui::msg::PartyChange::LevelUp,
        }];
    }
    let mut p = s.party.clone();
    for m in &mut p.members {
        match Level::new(i64::from(m.level.get()) + 1) {
            Ok(l) => m.level = l,
            Err(_) => {
                app.error(format!(
                    "{} is level 30 already, the book's highest; the party stays as it is.",
                    m.name.as_deref().unwrap_or("A character")
                ));
                return Vec::new();
            }
        }
    }
    s.encounter.party = PartyRef::from_party(&p);
    let undo = app.keymap.key_for(Ctx::Encounter, Action::Undo);
    app.info(format!("Party: {} ({undo} undoes).", p.describe()));
    Vec::new()
}

pub fn set_notes(app: &mut App, text: &str) {
    let t = text.trim();
    app.encounter.encounter.notes = (!t.is_empty()).then(|| t.to_owned());
}

/// A fresh encounter for the same party.
pub fn reset(app: &mut App) {
    let s = &app.encounter;
    let party = s.party.clone();
    let (seed, difficulty, saved) = (s.seed, s.difficulty, s.saved_parties.clone());
    let mut fresh = EncounterScreen::with(Encounter::new("New Encounter", &party), None, None);
    fresh.encounter.party = s.encounter.party.clone();
    fresh.baseline = fresh.encounter.clone();
    fresh.seed = seed;
    fresh.difficulty = difficulty;
    fresh.saved_parties = saved;
    app.encounter = fresh;
}

/// Saves the encounter: to its file, or for a new one to `encounters/<name>.yaml` after asking the name.
pub fn save(app: &mut App) -> Vec<Cmd> {
    let s = &app.encounter;
    match (&s.path, s.fingerprint) {
        (Some(path), Some(fp)) => vec![Cmd::Write {
            base: None,
            copy_of: None,
            path: path.clone(),
            contents: crate::yaml_io::to_string(&s.encounter),
            expect: Expect::Unchanged(fp),
            purpose: WritePurpose::Encounter,
        }],
        _ => {
            let name = if s.encounter.name == "New Encounter" {
                String::new()
            } else {
                s.encounter.name.clone()
            };
            app.push(Layer::Prompt {
                kind: PromptKind::SaveEncounterAs,
                title: "Name the encounter (saved in your encounters folder)".into(),
                field: TextField::new(&name).with_max(crate::text::MAX_NAME_CHARS),
            });
            Vec::new()
        }
    }
}

/// The save command once the encounter has a name.
pub fn save_as(app: &mut App, name: &str) -> Vec<Cmd> {
    let name = name.trim();
    if name.is_empty() {
        app.error("An encounter needs a name.");
        app.after_save = None;
        return Vec::new();
    }
    if let Err(e) = crate::text::check_name("the encounter's name", name) {
        app.error(e);
        app.after_save = None;
        return Vec::new();
    }
    app.encounter.encounter.name = name.to_owned();
    match path_in(
        &app.paths.encounters,
        &crate::monster::slugify(name),
        "yaml",
    ) {
        Ok(path) => vec![Cmd::Write {
            base: None,
            copy_of: app.encounter.path.clone(),
            path,
            contents: crate::yaml_io::to_string(&app.encounter.encounter),
            expect: Expect::New,
            purpose: WritePurpose::Encounter,
        }],
        Err(e) => {
            app.error(e);
            app.after_save = None;
            Vec::new()
        }
    }
}

/// Replaces the unlocked groups with a generated mix at the chosen difficulty. Undo brings the
/// old roster back.
fn generate_now(app: &mut App) -> Vec<Cmd> {
    if app.encounter.encounter.system == System::D20e3 {
        return generate_3e(app);
    }
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
        max_leaders: crate::encounter::generate::DEFAULT_MAX_LEADERS,
        seed,
    };
    let undo = app.keymap.key_for(Ctx::Encounter, Action::Undo);
    let lock = app.keymap.key_for(Ctx::Encounter, Action::Lock);
    match generate(&app.bestiary, &req) {
        Ok(g) => {
            s.encounter.adopt_generated(&g.encounter);
            s.cursor = 0;
            let what = crate::encounter::generate::an_encounter(req.band);
            if g.met {
                app.info(format!(
                    "Generated {what} (seed {seed}); {lock} locks a group, {undo} undoes."
                ));
            } else {
                app.error(format!(
                    "The bestiary could not fill {what} with these filters; this is the closest ({} XP). {undo} undoes.",
                    group_thousands(g.xp)
                ));
            }
        }
        Err(e) => app.error(e.to_string()),
    }
    Vec::new()
}

/// A 3rd-edition encounter is generated as a mix of challenge ratings (there is no 3rd-edition
/// bestiary); locked groups stay and the mix is added to them.
fn generate_3e(app: &mut App) -> Vec<Cmd> {
    let s = &mut app.encounter;
    let seed = next_seed(&mut s.seed);
    let band = BANDS[s.difficulty].difficulty;
    let undo = app.keymap.key_for(Ctx::Encounter, Action::Undo);
    match crate::encounter::generate3e::generate(&s.encounter.name, &s.party, band, 8, seed) {
        Ok(g) => {
            let mix = crate::encounter::generate3e::describe(&g.encounter);
            s.encounter.groups = g.encounter.groups;
            s.locked.clear();
            s.cursor = 0;
            let what = crate::encounter::generate::an_encounter(band);
            if g.met {
                app.info(format!(
                    "Generated {what}: {mix} (seed {seed}); {undo} undoes."
                ));
            } else {
                app.error(format!(
                    "No mix of at most 8 foes reached {what}; this is the closest: {mix}. {undo} undoes."
                ));
            }
        }
        Err(e) => app.error(e),
    }
    Vec::new()
}
