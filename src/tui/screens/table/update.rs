//! The Table screen's keys, prompts, questions and outcomes. Every change to the fight is one
//! step ([`lairsmith_core::fight::Step`]) made here from what the GM typed and written by the executor
//! through the same library calls as `lairsmith fight`.

use super::{Job, Open, Prompt, Question, TableScreen};
use crate::tui::keymap::Action;
use crate::tui::layer::Layer;
use crate::tui::layer::{Confirm, PromptKind};
use crate::tui::msg::Cmd;
use crate::tui::msg::Effect;
use crate::tui::shell::Shell;
use crate::tui::widgets::text_field::TextField;
use lairsmith_core::fight::step::Step;

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
pub(super) fn step(open: &Open, step: Step) -> Vec<Effect> {
    steps(open, vec![step])
}

/// Several steps for the open fight, written together.
pub(super) fn steps(open: &Open, steps: Vec<Step>) -> Vec<Effect> {
    vec![run(Job::Step {
        path: open.path.clone(),
        seen: open.fingerprint,
        steps,
    })]
}

pub(super) fn run(job: Job) -> Effect {
    Effect::Run(Cmd::Fight(job))
}

pub fn on_action(
    table: &mut TableScreen,
    shell: &mut Shell,
    action: Action,
) -> Option<Vec<Effect>> {
    if action == Action::Save {
        shell.info("Nothing to save here: a fight's file is written at every step.");
        return Some(Vec::new());
    }
    if table.open.is_none() {
        return lobby_action(table, shell, action);
    }
    let open = table.open.clone()?;
    if let Some(cmds) = view_action(table, action) {
        return Some(cmds);
    }
    if let Some(cmds) = fight_action(table, shell, &open, action) {
        return Some(cmds);
    }
    creature_action(table, shell, &open, action)
}

/// Moving through the order, the card and the log: nothing is written.
fn view_action(table: &mut TableScreen, action: Action) -> Option<Vec<Effect>> {
    let cmds = match action {
        Action::Up | Action::Down | Action::Home | Action::End => {
            move_selection(table, action);
            Vec::new()
        }
        Action::NextPane | Action::PrevPane => {
            table.show_block = !table.show_block;
            table.block_scroll = 0;
            Vec::new()
        }
        Action::PageUp if table.show_block => {
            table.block_scroll = table.block_scroll.saturating_sub(5);
            Vec::new()
        }
        Action::PageDown if table.show_block => {
            table.block_scroll = table.block_scroll.saturating_add(5).min(500);
            Vec::new()
        }
        Action::PageUp => {
            table.log_back = table.log_back.saturating_add(5);
            Vec::new()
        }
        Action::PageDown => {
            table.log_back = table.log_back.saturating_sub(5);
            Vec::new()
        }
        _ => return None,
    };
    Some(cmds)
}

/// What acts on the fight as a whole: the next turn, undo, the list, the log's export, a
/// challenge's check, reinforcements and the end.
fn fight_action(
    table: &mut TableScreen,
    shell: &mut Shell,
    open: &super::Open,
    action: Action,
) -> Option<Vec<Effect>> {
    let f = &open.fight;
    let cmds = match action {
        Action::NextTurn => {
            let next = Step::next();
            let asked = f.players_dice(&next);
            if asked.is_empty() {
                step(open, next)
            } else {
                let lets = lairsmith_rolls_key(shell);
                ask(
                    shell,
                    Prompt::Dice { step: next, asked },
                    format!("The players' d20s, in order ({lets}: lairsmith rolls the rest)"),
                    "",
                );
                Vec::new()
            }
        }
        Action::ApplyOffers => {
            if f.now.offers.is_empty() {
                shell.error("Nothing is offered: the last step was no roll whose power lines offer an effect (P16).");
            } else {
                ask_apply(shell);
            }
            Vec::new()
        }
        Action::Undo => vec![run(Job::Undo {
            path: open.path.clone(),
            seen: open.fingerprint,
        })],
        Action::Open => {
            table.open = None;
            table.news.clear();
            vec![run(Job::Lobby)]
        }
        Action::ExportLog => {
            let path = crate::tui::export::export_name(
                &shell.paths.exports,
                &format!("{} log", f.name),
                "md",
            );
            shell.push(Layer::Prompt {
                kind: PromptKind::Table(Prompt::ExportLog),
                title: "Export the fight's log (Markdown) to file".into(),
                field: TextField::new(&path),
            });
            Vec::new()
        }
        Action::ChallengeCheck => {
            if f.now.challenges.is_empty() {
                shell.error("The encounter has no extended challenge.");
            } else {
                ask(
                    shell,
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
                shell,
                Prompt::Add,
                "Add: the id of a creature in the fight (another of it) or of a monster".into(),
                "",
            );
            Vec::new()
        }
        Action::EndFight => {
            let has_file = f.party.is_some() || f.adventure.is_some();
            if f.now.ended.is_some() && has_file && f.awarded.is_empty() {
                // Its XP not yet written (declined, or an award that began and failed): E
                // offers the write again, which finishes a begun award without adding twice.
                shell.push(Layer::Confirm(Confirm::Table(Question::Award {
                    treasure: table.treasure,
                })));
            } else if f.now.ended.is_some() {
                shell.error("The fight has ended; u takes the end back (until its XP is written).");
            } else {
                ask(
                    shell,
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
fn creature_action(
    table: &mut TableScreen,
    shell: &mut Shell,
    open: &super::Open,
    action: Action,
) -> Option<Vec<Effect>> {
    let f = &open.fight;
    let who = table.selected.clone();
    let name = who
        .as_deref()
        .and_then(|id| f.now.combatants.iter().find(|c| c.id == id))
        .map(|c| c.name.clone());
    // None is selected only in a fight without creatures.
    let on_who = |shell: &mut Shell| -> Option<(String, String)> {
        match (&who, &name) {
            (Some(w), Some(n)) => Some((w.clone(), n.clone())),
            _ => {
                shell.error("No creature is selected: the fight has none (A adds one).");
                None
            }
        }
    };
    let cmds = match action {
        Action::SpendActionPoint => match on_who(shell) {
            Some((who, _)) => step(open, Step::ActionPoint { who }),
            None => Vec::new(),
        },
        Action::KnockOut
        | Action::Villain
        | Action::StandUp
        | Action::Stabilize
        | Action::Rally
        | Action::TotalDefense => match on_who(shell) {
            Some((who, _)) => step(
                open,
                match action {
                    Action::KnockOut => Step::KnockOut { who },
                    Action::Villain => Step::Villain { who },
                    Action::StandUp => Step::Stand { who },
                    Action::Stabilize => Step::Stabilize { who },
                    Action::Rally => Step::Rally { who },
                    _ => Step::TotalDefense { who },
                },
            ),
            None => Vec::new(),
        },
        Action::HideReveal => match on_who(shell) {
            Some((who, _)) => {
                let hidden = !f.now.combatants.iter().any(|c| c.id == who && c.hidden);
                step(open, Step::Hide { who, hidden })
            }
            None => Vec::new(),
        },
        Action::RemoveCreature => {
            if let Some((who, _)) = on_who(shell) {
                shell.push(Layer::Confirm(Confirm::Table(Question::Remove { who })));
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
        | Action::MaxHp
        | Action::Maintain
        | Action::Ready
        | Action::HelpAlly => {
            if let Some((who, name)) = on_who(shell) {
                let (prompt, title) = creature_prompt(action, who, &name);
                ask(shell, prompt, title, "");
            }
            Vec::new()
        }
        _ => return None,
    };
    Some(cmds)
}

/// The prompt of a key that asks what it needs for the creature `who`, and its title.
fn creature_prompt(action: Action, who: String, name: &str) -> (Prompt, String) {
    match action {
        Action::Damage => (
            Prompt::Damage { who },
            format!("Damage to {name}: an amount and its types if any (12 fire)"),
        ),
        Action::Heal => (
            Prompt::Heal { who },
            format!("Healing for {name}: an amount, or recovery (and an amount) to spend one"),
        ),
        Action::TempHp => (
            Prompt::Temp { who },
            format!("Temporary hit points for {name} (add replace to take fewer)"),
        ),
        Action::Condition => (
            Prompt::Effect { who },
            format!(
                "An effect on {name}: dazed, marked by ID, persistent 5 fire, any text; until save ends | end of ID | start of ID | the encounter; maintained by ID; boon first"
            ),
        ),
        Action::EndEffect => (
            Prompt::EndEffect { who },
            format!("End which effect on {name} (its number)"),
        ),
        Action::RollPower => (Prompt::Roll { who }, format!("{name} rolls a power")),
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
        Action::Maintain => (
            Prompt::Maintain { who },
            format!("{name} maintains which effect (its number, P19)"),
        ),
        Action::Ready => (
            Prompt::Ready { who },
            format!("{name}'s readied action goes just ahead of (the trigger's id, P2)"),
        ),
        Action::HelpAlly => (
            Prompt::Help { who },
            format!(
                "{name} helps: the ally's id, the foe's id, attack or defense (bo hedgemaw attack, P13)"
            ),
        ),
        _ => (
            Prompt::MaxHp { who },
            format!("{name}'s maximum hit points"),
        ),
    }
}

pub(super) fn ask(shell: &mut Shell, prompt: Prompt, title: String, text: &str) {
    shell.push(Layer::Prompt {
        kind: PromptKind::Table(prompt),
        title: lairsmith_core::text::escape_controls(&title).into_owned(),
        // No limit of its own: what is too long for an effect's text or an id is refused by
        // the words that read it, with the reason, rather than cut while typing.
        field: TextField::new(text),
    });
}

/// The list of fights and encounters.
fn lobby_action(table: &mut TableScreen, shell: &mut Shell, action: Action) -> Option<Vec<Effect>> {
    let l = &mut table.lobby;
    let last = l.len().saturating_sub(1);
    match action {
        Action::Up => l.cursor = l.cursor.saturating_sub(1),
        Action::Down => l.cursor = (l.cursor + 1).min(last),
        Action::Home => l.cursor = 0,
        Action::End => l.cursor = last,
        Action::Open => return Some(vec![run(Job::Lobby)]),
        Action::Choose => {
            if l.is_empty() {
                shell.info("No fights and no saved encounters yet: save an encounter on the Encounter screen first.");
                return Some(Vec::new());
            }
            let c = l.cursor.min(last);
            let fight = l.fights.get(c).map(|f| f.id.clone());
            let encounter = l.encounters.get(c.saturating_sub(l.fights.len())).cloned();
            let cmd = match (fight, encounter) {
                (Some(id), _) => Job::Load {
                    path: lairsmith_core::fight::saved::fights_dir(
                        &lairsmith_core::data_dir::DataDir::new(shell.paths.root.clone()),
                    )
                    .join(format!("{id}.yaml")),
                },
                (None, Some(e)) => {
                    ask_start(shell, shell.paths.encounters.join(format!("{e}.yaml")), "");
                    return Some(Vec::new());
                }
                (None, None) => return Some(Vec::new()),
            };
            return Some(vec![run(cmd)]);
        }
        _ => return None,
    }
    Some(Vec::new())
}

/// Asks who is surprised (P14) before a fight starts from the encounter file at `path`, the
/// answer starting as `text`.
pub fn ask_start(shell: &mut Shell, path: std::path::PathBuf, text: &str) {
    ask(
        shell,
        Prompt::Surprise { encounter: path },
        "Who is surprised (P14)? party, foes, ids or names (Enter: nobody)".into(),
        text,
    );
}

/// The key that lets lairsmith roll the dice a prompt asks for, for the words that name it.
pub(super) fn lairsmith_rolls_key(shell: &Shell) -> String {
    shell
        .keymap
        .key_or_unbound(&[crate::tui::keymap::Ctx::Dice], Action::LairsmithRolls)
}

/// Starting a fight from the encounter file at `path`, seeded from the model's stream, with the
/// creatures `surprised` (P14).
pub fn start_job(shell: &mut Shell, path: std::path::PathBuf, surprised: Vec<String>) -> Job {
    use rand::Rng;
    Job::Start {
        with: lairsmith_core::fight::run::StartWith {
            encounter: path.to_string_lossy().into_owned(),
            seed: Some(shell.seeds.random()),
            surprised,
            ..Default::default()
        },
    }
}

/// Asks which of what the last roll offers to apply (P16).
pub(super) fn ask_apply(shell: &mut Shell) {
    ask(
        shell,
        Prompt::Apply,
        "Apply what the roll offers: all, or their numbers (Esc: none)".into(),
        "all",
    );
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
