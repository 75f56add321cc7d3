//! What the players see of a fight (`lairsmith fight watch`): the round, the order, whose turn,
//! each character's hit points, and each foe only as unhurt, hurt, staggered or down, with its
//! conditions. Never a foe's numbers or defenses, and nothing that tells a hidden creature is
//! there: [`view`] is one pure function from the fight's state to what the players see, which
//! the terminal view (and any other face) only renders.
//!
//! A hidden creature is as good as absent, so the view of a fight with hidden creatures is the
//! view of the same fight without them:
//!
//! - **No row, no name.** A hidden creature has no row, and the members of a group are numbered
//!   among those the players can see (`Ashen Keener 1`, `Ashen Keener 2` while the GM's first
//!   keener is hidden; a group with one member in view has no number, as a lone monster has
//!   none). A member that left the fight in view keeps its place in the numbering, so the
//!   others are not renamed when one flees.
//! - **No turn of its own.** While a hidden creature acts, the `▶` stays on the last creature in
//!   view that acted this round, as if that creature were still finishing its turn: the players
//!   cannot tell a hidden turn from the tail of the turn before it. When no creature in view has
//!   acted yet this round, they see the end of the round before (its number, and the `▶` on the
//!   last creature in view in the order); in round 1 that is the view before the fight began
//!   (no `▶`). Showing no `▶`, or a `…`, would itself say that someone hidden is acting.
//! - Once the fight has ended, nobody's turn is shown.

use crate::fight::model::{Affliction, Combatant, FightState, Life, Side};
use crate::vocab::Vocabulary;
use std::collections::BTreeMap;

/// How a foe looks to the players.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Looks {
    /// It has taken no damage.
    Unhurt,
    /// Damaged, but not yet staggered.
    Hurt,
    /// At half its maximum HP or fewer (P3, R11).
    Staggered,
    /// Dead, unconscious or out of the fight: the players are not told which.
    Down,
}

impl Looks {
    /// The word the players' view prints: "unhurt", "hurt", "staggered" or "down".
    pub(crate) fn word(self) -> &'static str {
        match self {
            Looks::Unhurt => "unhurt",
            Looks::Hurt => "hurt",
            Looks::Staggered => "staggered",
            Looks::Down => "down",
        }
    }
}

/// One row of the players' view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The name the players see: the character's, or the group's label or the monster's name,
    /// numbered among the members of its group the players can see.
    pub name: String,
    /// Which side it fights on (an ally's line says so).
    pub side: Side,
    /// Whose turn the players see it is (see the module's notes on hidden turns).
    pub current: bool,
    /// A character's hit points (`hp/max`), when the fight knows them.
    pub hp: Option<(i64, i64)>,
    /// A foe's or ally's look.
    pub looks: Option<Looks>,
    /// Its conditions, in the book's words, without who caused them or how long they last.
    pub conditions: Vec<String>,
}

/// Everything the players see of a fight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayersView {
    /// The round the players see; 0 before the first.
    pub round: u32,
    /// A row for every creature in view, in initiative order.
    pub rows: Vec<Row>,
    /// Once the fight has ended: the XP each character earns.
    pub xp_each: Option<u64>,
}

/// A combatant as it looks from across the table.
pub(crate) fn looks(c: &Combatant) -> Looks {
    match c.life {
        Life::Dead | Life::Unconscious | Life::Gone => Looks::Down,
        Life::Up if c.is_staggered() => Looks::Staggered,
        Life::Up if c.is_unhurt() => Looks::Unhurt,
        Life::Up => Looks::Hurt,
    }
}

/// The players' view of the fight's state `s`: the round, and a row for every creature they can
/// see, in order, as if the hidden ones were not there.
pub fn view(s: &FightState) -> PlayersView {
    let names = names(s);
    let (round, turn) = seen_turn(s);
    let rows = crate::fight::rules::p1_order(s)
        .into_iter()
        .filter(|&i| !s.combatants[i].hidden && s.combatants[i].life != Life::Gone)
        .map(|i| {
            let c = &s.combatants[i];
            Row {
                name: names[i].clone(),
                side: c.side,
                current: turn == Some(i),
                hp: (c.side == Side::Party)
                    .then(|| c.max_hp.map(|m| (c.hp, m)))
                    .flatten(),
                looks: (c.side != Side::Party).then(|| looks(c)),
                // A character's state is the players' own: dying, stable or dead (P12).
                conditions: (c.side == Side::Party)
                    .then(|| crate::fight::rules::p12_state_words(c))
                    .flatten()
                    .filter(|w| w != "staggered")
                    .into_iter()
                    .chain(c.effects.iter().map(|e| condition_words(&e.what)))
                    .collect(),
            }
        })
        .collect();
    PlayersView {
        round,
        rows,
        xp_each: s.ended.as_ref().map(|e| e.xp_each),
    }
}

fn condition_words(what: &Affliction) -> String {
    match what {
        Affliction::Condition { condition, .. } => condition.key().to_owned(),
        Affliction::Persistent { damage_type, .. } => match damage_type {
            Some(t) => format!("taking {} damage each turn", t.key()),
            None => "taking damage each turn".to_owned(),
        },
        Affliction::Defenses { bonus, why } => {
            format!(
                "{} to defenses ({why})",
                crate::fight::rules::signed_tight(*bonus)
            )
        }
        Affliction::Help { attack: true, .. } => "helped to attack".to_owned(),
        Affliction::Help { attack: false, .. } => "helped to defend".to_owned(),
        Affliction::Other { text } => text.clone(),
    }
}

/// The round the players see and whose turn (a combatant's index), by the rule of the module's
/// notes: a hidden creature's turn shows as the tail of the last turn in view.
fn seen_turn(s: &FightState) -> (u32, Option<usize>) {
    let index = |id: &str| s.combatants.iter().position(|c| c.id == id);
    if s.ended.is_some() {
        return (s.round, None);
    }
    let Some(now) = s.turn.as_deref().and_then(index) else {
        return (s.round, None);
    };
    if !s.combatants[now].hidden {
        return (s.round, Some(now));
    }
    // Only a creature that still takes turns can be seen acting: one that drops on its own
    // turn ends it there.
    let could_act = |i: &usize| {
        let c = &s.combatants[*i];
        !c.hidden && c.takes_turns()
    };
    if let Some(last) = s
        .acted
        .iter()
        .rev()
        .filter_map(|id| index(id))
        .find(could_act)
    {
        return (s.round, Some(last));
    }
    if s.round <= 1 {
        return (0, None);
    }
    let last = crate::fight::rules::p1_order(s)
        .into_iter()
        .rev()
        .find(could_act);
    (s.round - 1, last)
}

/// The name of every combatant (by index) as the players see it. The GM's name of a member of a
/// group of several ends in its place in the group (`Ashen Keener 3`, as `fight::build` numbers
/// them); without that number, the members in view that share a name are numbered again among
/// themselves, in the same order, and one alone in view has no number.
fn names(s: &FightState) -> Vec<String> {
    let mut names: Vec<String> = s.combatants.iter().map(|c| c.name.clone()).collect();
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (i, c) in s.combatants.iter().enumerate() {
        if let Some(g) = c.group {
            groups.entry(g).or_default().push(i);
        }
    }
    for members in groups.values().filter(|m| m.len() > 1) {
        let mut kin: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (place, &i) in members.iter().enumerate() {
            let c = &s.combatants[i];
            if c.hidden {
                continue;
            }
            let name = c.name.as_str();
            let stem = name
                .strip_suffix(&format!(" {}", place + 1))
                .unwrap_or(name);
            kin.entry(stem).or_default().push(i);
        }
        for (stem, seen) in kin {
            for (n, &i) in seen.iter().enumerate() {
                names[i] = if seen.len() > 1 {
                    format!("{stem} {}", n + 1)
                } else {
                    stem.to_owned()
                };
            }
        }
    }
    names
}

/// The view as lines of text, for a terminal or a test.
pub fn lines(s: &FightState) -> Vec<String> {
    let v = view(s);
    let mut out = vec![if v.round == 0 {
        "Before the first round".to_owned()
    } else {
        format!("Round {}", v.round)
    }];
    for r in v.rows {
        let state = match (r.hp, r.looks) {
            (Some((hp, max)), _) => format!("{hp}/{max} HP"),
            (None, Some(l)) => l.word().to_owned(),
            (None, None) => String::new(),
        };
        let side = match r.side {
            Side::Party => "",
            Side::Ally => " (ally)",
            Side::Foe => "",
        };
        let mut line = format!("{} {}{side}", if r.current { "▶" } else { " " }, r.name);
        if !state.is_empty() {
            line.push_str(&format!(": {state}"));
        }
        if !r.conditions.is_empty() {
            line.push_str(&format!(" — {}", r.conditions.join(", ")));
        }
        out.push(line);
    }
    if let Some(each) = v.xp_each {
        out.push(format!(
            "The fight is over: each character earns {} XP.",
            crate::text::group_thousands(each)
        ));
    }
    out
}
