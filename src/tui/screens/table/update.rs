//! The Table screen's keys, prompts, questions and outcomes. Every change to the fight is one
//! step ([`crate::fight::Step`]) made here from what the GM typed and written by the executor
//! through the same library calls as `lairsmith fight`.

use super::{Done, Job, Open, Prompt, Question, Read, TableScreen};
use crate::fight::step::{AttackTarget, Step};
use crate::fight::{Fight, words};
use crate::tui::app::{App, Cmd, Confirm, Outcome, PromptKind};
use crate::tui::keymap::Action;
use crate::tui::layer::Layer;
use crate::tui::msg::Effect;
use crate::tui::widgets::text_field::TextField;

/// What to read when the screen is shown: the open fight (another terminal may have changed
/// it), else the lists to open one from.
pub fn refresh(s: &TableScreen) -> Cmd {
    Cmd::Fight(match &s.open {
        Some(o) => Job::Load {
            path: o.path.clone(),
        },
        None => Job::Lobby,
    })
}

/// A step for the open fight, made from the screen's copy.
fn step(open: &Open, step: Step) -> Vec<Effect> {
    vec![run(Job::Step {
        path: open.path.clone(),
        seen: open.fingerprint,
        step,
    })]
}

fn run(job: Job) -> Effect {
    Effect::Run(Cmd::Fight(job))
}

pub fn on_action(app: &mut App, action: Action) -> Option<Vec<Effect>> {
    if action == Action::Save {
        app.info("Nothing to save here: a fight's file is written at every step.");
        return Some(Vec::new());
    }
    if app.table.open.is_none() {
        return lobby_action(app, action);
    }
    let open = app.table.open.clone()?;
    if let Some(cmds) = view_action(app, action) {
        return Some(cmds);
    }
    if let Some(cmds) = fight_action(app, &open, action) {
        return Some(cmds);
    }
    creature_action(app, &open, action)
}

/// Moving through the order, the card and the log: nothing is written.
fn view_action(app: &mut App, action: Action) -> Option<Vec<Effect>> {
    let cmds = match action {
        Action::Up | Action::Down | Action::Home | Action::End => {
            move_selection(&mut app.table, action);
            Vec::new()
        }
        Action::NextPane | Action::PrevPane => {
            app.table.show_block = !app.table.show_block;
            app.table.block_scroll = 0;
            Vec::new()
        }
        Action::PageUp if app.table.show_block => {
            app.table.block_scroll = app.table.block_scroll.saturating_sub(5);
            Vec::new()
        }
        Action::PageDown if app.table.show_block => {
            app.table.block_scroll = app.table.block_scroll.saturating_add(5).min(500);
            Vec::new()
        }
        Action::PageUp => {
            app.table.log_back = app.table.log_back.saturating_add(5);
            Vec::new()
        }
        Action::PageDown => {
            app.table.log_back = app.table.log_back.saturating_sub(5);
            Vec::new()
        }
        _ => return None,
    };
    Some(cmds)
}

/// What acts on the fight as a whole: the next turn, undo, the list, the log's export, a
/// challenge's check, reinforcements and the end.
fn fight_action(app: &mut App, open: &super::Open, action: Action) -> Option<Vec<Effect>> {
    let f = &open.fight;
    let cmds = match action {
        Action::NextTurn => step(open, Step::next()),
        Action::Undo => vec![run(Job::Undo {
            path: open.path.clone(),
            seen: open.fingerprint,
        })],
        Action::Open => {
            app.table.open = None;
            app.table.news.clear();
            vec![run(Job::Lobby)]
        }
        Action::ExportLog => {
            let path = crate::tui::screens::bestiary::update::export_name(
                &app.paths.exports,
                &format!("{} log", f.name),
                "md",
            );
            app.push(Layer::Prompt {
                kind: PromptKind::Table(Prompt::ExportLog),
                title: "Export the fight's log (Markdown) to file".into(),
                field: TextField::new(&path),
            });
            Vec::new()
        }
        Action::ChallengeCheck => {
            if f.now.challenges.is_empty() {
                app.error("The encounter has no extended challenge.");
            } else {
                ask(
                    app,
                    Prompt::Check,
                    "A check: a skill and + or - (athletics +), or + or - alone for a group check"
                        .into(),
                    "",
                );
            }
            Vec::new()
        }
        Action::AddCreature => {
            ask(
                app,
                Prompt::Add,
                "Add: the id of a creature in the fight (another of it) or of a monster".into(),
                "",
            );
            Vec::new()
        }
        Action::EndFight => {
            if f.now.ended.is_some() {
                app.error("The fight has ended; u takes the end back (until its XP is written).");
            } else {
                ask(
                    app,
                    Prompt::End,
                    "End the fight: the foes overcome (all, or ids; id=fled, =surrendered, =bypassed) and a treasure method (steady, items-only, troves, narrative) if the adventure has none"
                        .into(),
                    "all",
                );
            }
            Vec::new()
        }
        _ => return None,
    };
    Some(cmds)
}

/// What acts on the selected creature: a step at once, or a prompt for what it needs.
fn creature_action(app: &mut App, open: &super::Open, action: Action) -> Option<Vec<Effect>> {
    let f = &open.fight;
    let who = app.table.selected.clone();
    let name = who
        .as_deref()
        .and_then(|id| f.now.combatants.iter().find(|c| c.id == id))
        .map(|c| c.name.clone());
    // None is selected only in a fight without creatures.
    let on_who = |app: &mut App| -> Option<(String, String)> {
        match (&who, &name) {
            (Some(w), Some(n)) => Some((w.clone(), n.clone())),
            _ => {
                app.error("No creature is selected: the fight has none (A adds one).");
                None
            }
        }
    };
    let cmds = match action {
        Action::SpendActionPoint => match on_who(app) {
            Some((who, _)) => step(open, Step::ActionPoint { who }),
            None => Vec::new(),
        },
        Action::KnockOut => match on_who(app) {
            Some((who, _)) => step(open, Step::KnockOut { who }),
            None => Vec::new(),
        },
        Action::HideReveal => match on_who(app) {
            Some((who, _)) => {
                let hidden = !f.now.combatants.iter().any(|c| c.id == who && c.hidden);
                step(open, Step::Hide { who, hidden })
            }
            None => Vec::new(),
        },
        Action::RemoveCreature => {
            if let Some((who, _)) = on_who(app) {
                app.push(Layer::Confirm(Confirm::Table(Question::Remove { who })));
            }
            Vec::new()
        }
        Action::Damage
        | Action::Heal
        | Action::TempHp
        | Action::Condition
        | Action::EndEffect
        | Action::RollPower
        | Action::UsePower
        | Action::Initiative
        | Action::DelayTurn
        | Action::MaxHp => {
            if let Some((who, name)) = on_who(app) {
                let (prompt, title) = match action {
                    Action::Damage => (
                        Prompt::Damage { who },
                        format!("Damage to {name}: an amount and an optional type (12 fire)"),
                    ),
                    Action::Heal => (Prompt::Heal { who }, format!("Healing for {name}")),
                    Action::TempHp => (
                        Prompt::Temp { who },
                        format!("Temporary hit points for {name}"),
                    ),
                    Action::Condition => (
                        Prompt::Effect { who },
                        format!(
                            "An effect on {name}: dazed, marked by ID, persistent 5 fire, any text; until save ends | end of ID | start of ID | the encounter"
                        ),
                    ),
                    Action::EndEffect => (
                        Prompt::EndEffect { who },
                        format!("End which effect on {name} (its number)"),
                    ),
                    Action::RollPower => (
                        Prompt::Roll { who },
                        format!(
                            "{name} rolls: the power's number, then each target's id, each followed by a character's defense where the fight does not know it (1 ana 24, or 2 ana bo for several, P15)"
                        ),
                    ),
                    Action::UsePower => (
                        Prompt::Use { who },
                        format!("{name} uses which power (its number)"),
                    ),
                    Action::Initiative => (
                        Prompt::Initiative { who },
                        format!("{name}'s initiative result"),
                    ),
                    Action::DelayTurn => (
                        Prompt::Delay { who },
                        format!("{name} delays or readies to count"),
                    ),
                    _ => (
                        Prompt::MaxHp { who },
                        format!("{name}'s maximum hit points"),
                    ),
                };
                ask(app, prompt, title, "");
            }
            Vec::new()
        }
        _ => return None,
    };
    Some(cmds)
}

/// The roll prompt's words as an attack step: the power's number, then each target's id, each
/// followed by its defense where the fight does not know it (P15).
fn roll_step(f: &crate::fight::Fight, who: String, text: &str) -> Result<Step, String> {
    let mut w = text.split_whitespace();
    let power = power_named(f, &who, w.next().unwrap_or(""))?;
    // P15: each target's id, followed by its defense where the fight does not know it.
    let mut targets: Vec<AttackTarget> = Vec::new();
    for word in w {
        if word.parse::<i64>().is_ok() {
            let Some(last) = targets.last_mut().filter(|t| t.defense.is_none()) else {
                return Err(format!(
                    "`{}` follows no target: a roll is the power's number, then each target's id, each followed by its defense where the fight does not know it (1 ana 24 bo)",
                    crate::text::quote_short(word)
                ));
            };
            last.defense = Some(
                word.parse::<i64>()
                    .ok()
                    .filter(|d| (1..=99).contains(d))
                    .ok_or_else(|| {
                        format!(
                            "`{}` is not a defense: a number from 1 to 99",
                            crate::text::quote_short(word)
                        )
                    })?,
            );
        } else {
            targets.push(AttackTarget {
                who: word.to_owned(),
                defense: None,
            });
        }
    }
    if targets.is_empty() {
        return Err(
            "name the target: the power's number, then the target's id (1 ana), or several targets' (1 ana bo)"
                .into(),
        );
    }
    let first = targets.remove(0);
    Ok(Step::Attack {
        who,
        power,
        target: first.who,
        defense: first.defense,
        apply: true,
        also: targets,
        mods: Vec::new(),
        d20: Vec::new(),
        riders: false,
        immediate: false,
    })
}

fn ask(app: &mut App, prompt: Prompt, title: String, text: &str) {
    app.push(Layer::Prompt {
        kind: PromptKind::Table(prompt),
        title: crate::text::escape_controls(&title).into_owned(),
        // No limit of its own: what is too long for an effect's text or an id is refused by
        // the words that read it, with the reason, rather than cut while typing.
        field: TextField::new(text),
    });
}

/// The list of fights and encounters.
fn lobby_action(app: &mut App, action: Action) -> Option<Vec<Effect>> {
    let l = &mut app.table.lobby;
    let last = l.len().saturating_sub(1);
    match action {
        Action::Up => l.cursor = l.cursor.saturating_sub(1),
        Action::Down => l.cursor = (l.cursor + 1).min(last),
        Action::Home => l.cursor = 0,
        Action::End => l.cursor = last,
        Action::Open => return Some(vec![run(Job::Lobby)]),
        Action::Choose => {
            if l.is_empty() {
                app.info("No fights and no saved encounters yet: save an encounter on the Encounter screen first.");
                return Some(Vec::new());
            }
            let c = l.cursor.min(last);
            let fight = l.fights.get(c).map(|f| f.id.clone());
            let encounter = l.encounters.get(c.saturating_sub(l.fights.len())).cloned();
            let cmd = match (fight, encounter) {
                (Some(id), _) => Job::Load {
                    path: crate::fight::saved::fights_dir(&crate::data_dir::DataDir::new(
                        app.paths.root.clone(),
                    ))
                    .join(format!("{id}.yaml")),
                },
                (None, Some(e)) => start_job(app, app.paths.encounters.join(format!("{e}.yaml"))),
                (None, None) => return Some(Vec::new()),
            };
            return Some(vec![run(cmd)]);
        }
        _ => return None,
    }
    Some(Vec::new())
}

/// Starting a fight from the encounter file at `path`, seeded from the model's stream.
pub fn start_job(app: &mut App, path: std::path::PathBuf) -> Job {
    use rand::Rng;
    Job::Start {
        with: crate::fight::run::StartWith {
            encounter: path.to_string_lossy().into_owned(),
            seed: Some(app.seeds.random()),
            ..Default::default()
        },
    }
}

fn move_selection(s: &mut TableScreen, action: Action) {
    s.block_scroll = 0;
    let Some(f) = s.fight() else { return };
    let order: Vec<String> = f.order().iter().map(|c| c.id.clone()).collect();
    if order.is_empty() {
        return;
    }
    let at = s
        .selected
        .as_deref()
        .and_then(|id| order.iter().position(|o| o == id))
        .unwrap_or(0);
    let to = match action {
        Action::Up => at.saturating_sub(1),
        Action::Down => (at + 1).min(order.len() - 1),
        Action::Home => 0,
        _ => order.len() - 1,
    };
    s.selected = Some(order[to].clone());
}

/// What the GM typed into one of the screen's prompts: the step it makes, or why it is not one
/// (the prompt stays open).
pub fn on_prompt(app: &mut App, p: &Prompt, text: &str) -> Result<Vec<Effect>, String> {
    let p = p.clone();
    let Some(open) = app.table.open.clone() else {
        return Ok(Vec::new());
    };
    let f = &open.fight;
    let text = text.trim();
    let s = match p {
        Prompt::Damage { who } => {
            let (amount, damage_type) = words::damage(text)?;
            Step::Damage {
                who,
                amount,
                damage_type,
                also_types: Vec::new(),
            }
        }
        Prompt::Heal { who } => Step::Heal {
            who,
            amount: words::amount(text, "healing")?,
            recovery: false,
        },
        Prompt::Temp { who } => Step::Temp {
            who,
            amount: words::amount(text, "temporary hit points")?,
            replace: false,
        },
        Prompt::MaxHp { who } => Step::MaxHp {
            who,
            hp: words::amount(text, "hit points")?,
        },
        Prompt::Effect { who } => Step::Effect {
            who,
            effect: words::effect_line(text)?,
        },
        Prompt::EndEffect { who } => Step::EndEffect {
            who,
            effect: text.trim_start_matches('#').parse().map_err(|_| {
                format!(
                    "`{}` is not an effect's number (the # on the card)",
                    crate::text::quote_short(text)
                )
            })?,
        },
        Prompt::Initiative { who } => Step::Initiative {
            who,
            count: words::count(text)?,
        },
        Prompt::Delay { who } => Step::Delay {
            who,
            count: words::count(text)?,
        },
        Prompt::Roll { who } => roll_step(f, who, text)?,
        Prompt::Use { who } => Step::Use {
            power: power_named(f, &who, text)?,
            who,
        },
        Prompt::Add => {
            let c = crate::fight::build::reinforcement(f, &app.bestiary, text, false, None)?;
            Step::Add {
                combatant: Box::new(c),
            }
        }
        Prompt::ExportLog => {
            let contents = crate::export::fight::log_markdown(f)
                .map_err(|u| format!("step {} of the fight cannot be read: {}", u.step, u.why))?;
            return Ok(crate::tui::export::to_file(app, text, contents));
        }
        Prompt::Check => {
            let (challenge, skill, success) = check_words(f, text)?;
            Step::Check {
                challenge,
                skill,
                success,
            }
        }
        Prompt::End => {
            use crate::vocab::Vocabulary;
            // A treasure method's word among the ids rolls the treasure by it.
            let mut treasure = None;
            let mut ids = Vec::new();
            let mut all = false;
            for w in text.split([' ', ',']).filter(|w| !w.is_empty()) {
                if w == "all" {
                    all = true;
                } else if let Ok(m) = crate::treasure::Method::parse(w) {
                    treasure = Some(m);
                } else {
                    ids.push(w.to_owned());
                }
            }
            let overcome = words::overcome(&ids, all, &f.now)?;
            app.table.treasure = treasure;
            return Ok(vec![run(Job::End {
                path: open.path.clone(),
                seen: open.fingerprint,
                overcome,
                treasure,
            })]);
        }
    };
    // The step is tried on a copy first, so a mistake keeps the prompt open with its reason.
    let mut trial = f.clone();
    trial.push(s.clone())?;
    Ok(step(&open, s))
}

/// `[N] [SKILL] +|-`: the challenge (its number, when there are several), the skill (none: a
/// group check) and whether the check succeeded.
fn check_words(f: &Fight, text: &str) -> Result<(String, Option<String>, bool), String> {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    let success = match words.pop() {
        Some("+" | "success" | "succeeded" | "yes") => true,
        Some("-" | "failure" | "failed" | "no") => false,
        _ => return Err(
            "end with + (a success) or - (a failure): athletics +, or + alone for a group check"
                .into(),
        ),
    };
    let challenges = &f.now.challenges;
    let mut at = 0;
    if let Some(n) = words.first().and_then(|w| w.parse::<usize>().ok()) {
        if n == 0 || n > challenges.len() {
            return Err(format!(
                "the challenges are numbered 1 to {}",
                challenges.len()
            ));
        }
        at = n - 1;
        words.remove(0);
    }
    let c = challenges
        .get(at)
        .ok_or("the encounter has no extended challenge")?;
    let skill = (!words.is_empty()).then(|| words.join(" "));
    Ok((c.name.clone(), skill, success))
}

/// A power of `who` by its number on the card (1, 2, ...) or its name.
fn power_named(f: &Fight, who: &str, word: &str) -> Result<String, String> {
    let c = f
        .now
        .combatants
        .iter()
        .find(|c| c.id == who)
        .ok_or_else(|| format!("{who} is not in the fight"))?;
    if c.powers.is_empty() {
        return Err(format!("{} has no powers in the fight", c.name));
    }
    if let Ok(n) = word.parse::<usize>() {
        return c
            .powers
            .get(n.wrapping_sub(1))
            .map(|p| p.name.clone())
            .ok_or_else(|| format!("{} has powers 1 to {}", c.name, c.powers.len()));
    }
    c.powers
        .iter()
        .find(|p| p.name.eq_ignore_ascii_case(word))
        .map(|p| p.name.clone())
        .ok_or_else(|| {
            format!(
                "`{}` is not a power of {}: give its number, 1 to {}",
                crate::text::quote_short(word),
                c.name,
                c.powers.len()
            )
        })
}

/// The answer to one of the screen's questions; `Err` keeps asking.
pub fn on_confirm(app: &mut App, q: Question, action: Action) -> Result<Vec<Effect>, Question> {
    let yes = match action {
        Action::Yes => true,
        Action::No | Action::Back => false,
        _ => return Err(q),
    };
    let Some(open) = app.table.open.clone() else {
        return Ok(Vec::new());
    };
    Ok(match (q, yes) {
        (Question::Remove { who }, true) => step(&open, Step::Remove { who }),
        (Question::Award { treasure }, true) => vec![run(Job::Award {
            path: open.path.clone(),
            treasure,
        })],
        (Question::Award { .. }, false) => {
            let end = app.key_on(crate::tui::app::Screen::Table, Action::Undo);
            app.info(format!(
                "The XP is not written. `lairsmith fight end {} --write` writes it later; {end} takes the end back.",
                open.path
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
            ));
            Vec::new()
        }
        (Question::Remove { .. }, false) => Vec::new(),
    })
}

/// A read of the screen's the user cancelled: the lists say so until they are read.
pub fn on_cancelled(app: &mut App, job: &Job) {
    if *job == Job::Lobby {
        app.table.lobby.cancelled = true;
    }
}

/// What the executor did with the screen's file work.
pub fn on_outcome(app: &mut App, outcome: Outcome) -> Vec<Effect> {
    let Outcome::Fight(done) = outcome else {
        return Vec::new();
    };
    match done {
        Done::Lobby(Ok((fights, encounters))) => {
            let l = &mut app.table.lobby;
            l.fights = fights;
            l.encounters = encounters;
            l.cursor = l.cursor.min(l.len().saturating_sub(1));
            l.read = true;
            l.cancelled = false;
            Vec::new()
        }
        Done::Lobby(Err(e)) => {
            app.table.lobby.read = true;
            app.table.lobby.cancelled = false;
            app.error(e);
            Vec::new()
        }
        Done::Fight {
            path,
            result:
                Ok(Read {
                    fight,
                    fingerprint,
                    news,
                }),
            ended,
            ..
        } => {
            let turn_moved = app
                .table
                .fight()
                .is_none_or(|old| old.now.turn != fight.now.turn);
            // A saved party (the fight's, or its adventure's) holds the XP; else no file does.
            let has_file = fight.party.is_some() || fight.adventure.is_some();
            let asks_award = ended && has_file && fight.awarded.is_empty();
            let no_file = ended && !has_file;
            app.table.open = Some(Open {
                path,
                fight: *fight,
                fingerprint,
            });
            app.screen = crate::tui::app::Screen::Table;
            if turn_moved {
                app.table.selected = app.table.fight().and_then(|f| f.now.turn.clone());
            }
            app.table.keep_selection();
            app.table.log_back = 0;
            if let Some(last) = news.last() {
                app.info(crate::text::escape_controls(last).into_owned());
            }
            app.table.news = news;
            if asks_award {
                app.push(Layer::Confirm(Confirm::Table(Question::Award {
                    treasure: app.table.treasure,
                })));
            } else if no_file {
                app.info("The fight has ended. Its party is written in the encounter, not saved, so no party file holds its XP.");
            }
            Vec::new()
        }
        Done::Fight {
            path,
            result: Err(e),
            read,
            ..
        } => {
            app.error(e);
            if read {
                // The file cannot be read (removed, broken by hand): back to the list.
                app.table.open = None;
                return vec![run(Job::Lobby)];
            }
            // The file is the truth: show it as it is now.
            if app.table.open.as_ref().is_some_and(|o| o.path == path) {
                vec![run(Job::Load { path })]
            } else {
                Vec::new()
            }
        }
    }
}
