//! What the players see of a fight (`lairsmith fight watch`): the round, the order, whose turn,
//! each character's hit points, and each foe only as unhurt, hurt, staggered or down, with its
//! conditions. Never a foe's numbers or defenses, never a hidden creature.

use crate::fight::model::{Affliction, Combatant, FightState, Life, Side};
use crate::vocab::Vocabulary;

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
    pub fn word(self) -> &'static str {
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
    /// The name the players see: the group's label or the monster's name, numbered in its
    /// group, or the character's.
    pub name: String,
    /// Which side it fights on (an ally's line says so).
    pub side: Side,
    /// Whose turn it is.
    pub current: bool,
    /// A character's hit points (`hp/max`), when the fight knows them.
    pub hp: Option<(i64, i64)>,
    /// A foe's or ally's look.
    pub looks: Option<Looks>,
    /// Its conditions, in the book's words, without who caused them or how long they last.
    pub conditions: Vec<String>,
}

/// A combatant as it looks from across the table.
pub fn looks(c: &Combatant) -> Looks {
    match c.life {
        Life::Dead | Life::Unconscious | Life::Gone => Looks::Down,
        Life::Up if c.is_staggered() => Looks::Staggered,
        Life::Up if c.is_unhurt() => Looks::Unhurt,
        Life::Up => Looks::Hurt,
    }
}

/// The players' view: the round, and a row for every creature they can see, in order.
pub fn view(s: &FightState) -> (u32, Vec<Row>) {
    let rows = crate::fight::rules::p1_order(s)
        .into_iter()
        .map(|i| &s.combatants[i])
        .filter(|c| !c.hidden && c.life != Life::Gone)
        .map(|c| Row {
            name: c.name.clone(),
            side: c.side,
            current: s.turn.as_deref() == Some(c.id.as_str()),
            hp: (c.side == Side::Party)
                .then(|| c.max_hp.map(|m| (c.hp, m)))
                .flatten(),
            looks: (c.side != Side::Party).then(|| looks(c)),
            conditions: c
                .effects
                .iter()
                .map(|e| match &e.what {
                    Affliction::Condition { condition, .. } => condition.key().to_owned(),
                    Affliction::Persistent { damage_type, .. } => match damage_type {
                        Some(t) => format!("taking {} damage each turn", t.key()),
                        None => "taking damage each turn".to_owned(),
                    },
                    Affliction::Other { text } => text.clone(),
                })
                .collect(),
        })
        .collect();
    (s.round, rows)
}

/// The view as lines of text, for a terminal or a test.
pub fn lines(s: &FightState) -> Vec<String> {
    let (round, rows) = view(s);
    let mut out = vec![if round == 0 {
        "Before the first round".to_owned()
    } else {
        format!("Round {round}")
    }];
    for r in rows {
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
    out
}
