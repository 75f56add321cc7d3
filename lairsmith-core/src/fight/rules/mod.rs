//! The rules a runner of a fight applies, one function a ruling (RULINGS P1-P20), each named
//! after it (`p12_death_save`): each works on the fight's state with the step's dice and returns
//! the log's words, which name the ruling, so that a GM who reads "(P13)" finds it on the
//! guide's rules page.
//!
//! - `damage`: damage, healing and temporary hit points (P3, P4, P5), dying by damage (P12);
//! - `turns`: the start and the end of a turn, durations, delay and ready, surprise (P2, P6,
//!   P7, P14, P19);
//! - `attack`: attack rolls and their modifiers, critical hits, several targets, the hit,
//!   miss and effect lines (P13, P15, P16);
//! - `dying`: death saving throws, First Aid, recoveries and rallying (P12, P17);
//! - `conditions`: the book's conditions, their endings and what they do to attacks (P8).

pub(crate) mod attack;
pub(crate) mod conditions;
pub(crate) mod damage;
pub(crate) mod dying;
pub(crate) mod turns;

pub use attack::*;
pub use conditions::*;
pub use damage::*;
pub use dying::*;
pub(crate) use turns::*;

use crate::fight::model::{Affliction, Combatant, Effect, FightState, LogLine, Side, Until};
use crate::vocab::Vocabulary;
use rand::Rng;
use rand::rngs::StdRng;
use std::collections::VecDeque;

/// The saving throw that ends an effect: d20 + bonus, 10 or higher (L1125, P7).
pub const SAVE_SUCCEEDS_ON: i64 = 10;

/// The dice of one step: seeded by the fight's seed and the step's number, so replaying the
/// steps rolls the same numbers; and the players' own d20s the GM typed for the step, taken in
/// order wherever a character's die is rolled ("Whose dice").
pub struct Dice {
    rng: StdRng,
    given: VecDeque<i64>,
    used: usize,
    /// What each player's d20 of the step was for, in order ("Ana's death saving throw"): what
    /// a front end asks the players for before it makes the step ([`crate::fight::Fight::players_dice`]).
    asked: Vec<String>,
}

impl Dice {
    /// The dice of step `index` (0 for the start) of a fight of `seed`.
    pub fn for_step(seed: u64, index: usize) -> Dice {
        use rand::SeedableRng;
        Dice {
            rng: StdRng::seed_from_u64(crate::treasure::seed_for(seed, &format!("step {index}"))),
            given: VecDeque::new(),
            used: 0,
            asked: Vec::new(),
        }
    }

    /// The players' rolls the GM typed for the step, in the order the step needs them.
    pub(crate) fn give(&mut self, rolls: &[i64]) {
        self.given = rolls.iter().copied().collect();
        self.used = 0;
    }

    /// One die of `sides` faces.
    pub fn d(&mut self, sides: u32) -> i64 {
        i64::from(self.rng.random_range(1..=sides.max(1)))
    }

    /// A player's d20 for `what` ("Ana's initiative"): the next roll the GM typed, or one
    /// rolled here when none is left (the words say which, for the log).
    pub(crate) fn player_d20(&mut self, what: String) -> (i64, &'static str) {
        self.asked.push(what);
        match self.given.pop_front() {
            Some(d) => {
                self.used += 1;
                (d, "the player's roll")
            }
            None => (self.d(20), "rolled by lairsmith: no roll was given"),
        }
    }

    /// What the players' d20s of the step were for, in the order it took them.
    pub(crate) fn asked(&self) -> &[String] {
        &self.asked
    }

    /// The players' rolls given and not used: a step that leaves some refuses them (a script's
    /// roll for the wrong turn must not pass unseen).
    pub(crate) fn unused(&self) -> usize {
        self.given.len()
    }

    /// A coin for P1's last tie-break.
    pub(crate) fn coin(&mut self) -> u32 {
        self.rng.random()
    }

    /// A dice expression rolled, with each die shown: "2d8+5 = 3 + 7 + 5 = 15".
    pub fn roll(&mut self, expr: &crate::dice::DiceExpr) -> (i64, String) {
        let mut faces = Vec::new();
        let mut total = expr.flat;
        for g in &expr.dice {
            for _ in 0..g.count {
                let f = self.d(g.sides);
                faces.push(f.to_string());
                total += f;
            }
        }
        if expr.flat != 0 {
            faces.push(expr.flat.to_string());
        }
        (total, format!("{expr} = {} = {total}", faces.join(" + ")))
    }
}

/// P1: the order in which combatants act, as indices: initiative from highest to lowest; a tie
/// to the higher modifier, then to the seeded coin; a group (one coin, one count) keeps its
/// members together in their own order. A creature that readied an action acts just ahead of
/// the creature that triggered it (P2). Those without an initiative yet come last.
pub fn p1_order(s: &FightState) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..s.combatants.len()).collect();
    idx.sort_by(|&a, &b| {
        let (x, y) = (&s.combatants[a], &s.combatants[b]);
        let ahead = |p: &Combatant, q: &Combatant| p.ahead_of.as_deref() == Some(q.id.as_str());
        y.initiative
            .is_some()
            .cmp(&x.initiative.is_some())
            .then(y.initiative.cmp(&x.initiative))
            .then(ahead(y, x).cmp(&ahead(x, y)))
            .then(y.init_mod.cmp(&x.init_mod))
            .then(y.coin.cmp(&x.coin))
            .then(a.cmp(&b))
    });
    idx
}

/// P1: a group's initiative roll, d20 + the modifier, in the log's words.
pub(crate) fn p1_roll(dice: &mut Dice, init_mod: i64) -> (i64, String) {
    let d = dice.d(20);
    (d + init_mod, format!("d20 {d} {}", signed(init_mod)))
}

/// P1: a placeholder's initiative modifier is half its level **\[ours\]**.
pub fn p1_placeholder_mod(level: u8) -> i64 {
    i64::from(level / 2)
}

/// P1: a 3rd-edition foe's initiative modifier is 0 unless given **\[ours\]**.
pub const P1_CR_MOD: i64 = 0;

/// `+ 3`, `- 2`: a modifier in a sum.
pub(crate) fn signed(n: i64) -> String {
    if n < 0 {
        format!("- {}", -n)
    } else {
        format!("+ {n}")
    }
}

/// P9: an action point spent. A character spends at most one a fight, a monster at most one a
/// turn **\[ours\]**, each on its own turn, and none in the surprise round (L1118-1120).
pub(crate) fn p9_spend(
    s: &mut FightState,
    i: usize,
) -> Result<String, crate::fight::error::StepError> {
    use crate::fight::error::StepError;
    let c = &s.combatants[i];
    if c.action_points <= 0 {
        return Err(StepError::NoActionPoints {
            name: c.name.clone(),
        });
    }
    if s.turn.as_deref() != Some(c.id.as_str()) {
        return Err(StepError::Refused(format!(
            "{} spends an action point on its own turn only (P9)",
            c.name
        )));
    }
    if s.surprise && s.round == 1 {
        return Err(StepError::Refused(
            "no action point is spent in the surprise round (P9, P14)".to_owned(),
        ));
    }
    if c.side == Side::Party && c.ap_spent >= 1 {
        return Err(StepError::Refused(format!(
            "{} has spent an action point this fight already: a character spends one a fight (P9)",
            c.name
        )));
    }
    if c.side != Side::Party && c.ap_spent >= 1 && c.ap_turn == c.turns {
        return Err(StepError::Refused(format!(
            "{} has spent an action point this turn already: a monster spends one a turn (P9)",
            c.name
        )));
    }
    let c = &mut s.combatants[i];
    c.action_points -= 1;
    c.ap_spent += 1;
    c.ap_turn = c.turns;
    Ok(format!(
        "{} spends an action point: one more standard, move or swift action ({} left, P9)",
        c.name, c.action_points
    ))
}

/// P10: the XP of the overcome foes and of every challenge run (whether it succeeded or
/// failed, L516), and what each character earns: ÷ the characters, rounded down (E4).
pub(crate) fn p10_award(s: &FightState, characters: usize) -> (u64, u64) {
    let foes: u64 = s
        .combatants
        .iter()
        .filter(|c| c.overcome.is_some())
        .map(|c| c.xp)
        .fold(0, u64::saturating_add);
    let challenges: u64 = s.challenges.iter().map(|c| c.xp).sum();
    let xp = foes.saturating_add(challenges);
    (xp, xp / characters.max(1) as u64)
}

/// What an effect is, in words: "dazed (save ends)", "persistent 5 fire (save ends)".
pub fn effect_words(e: &Effect, s: &FightState) -> String {
    let what = match &e.what {
        Affliction::Condition { condition, by } => match by {
            Some(b) => format!("{} by {}", condition.key(), name_of(s, b)),
            None => condition.key().to_owned(),
        },
        Affliction::Persistent {
            amount,
            damage_type,
        } => match damage_type {
            Some(t) => format!("persistent {amount} {} damage", t.key()),
            None => format!("persistent {amount} damage"),
        },
        Affliction::Defenses { bonus, why } => {
            format!("{} to all defenses ({why})", signed_tight(*bonus))
        }
        Affliction::Help {
            attack,
            against,
            by,
        } => format!(
            "+2 to {} {} ({}'s help)",
            if *attack {
                "its next attack roll against"
            } else {
                "its defenses against the next attack of"
            },
            name_of(s, against),
            name_of(s, by)
        ),
        Affliction::Other { text } => text.clone(),
    };
    let mut out = format!("{what} ({})", until_words(&e.until, s));
    if let Some(m) = &e.maintained_by {
        out.push_str(&format!(", maintained by {}", name_of(s, m)));
    }
    out
}

/// `+2`, `-5`.
pub(crate) fn signed_tight(n: i64) -> String {
    if n < 0 {
        format!("{n}")
    } else {
        format!("+{n}")
    }
}

/// "save ends", "until the end of Ana's next turn".
pub(crate) fn until_words(u: &Until, s: &FightState) -> String {
    match u {
        Until::SaveEnds => "save ends".to_owned(),
        Until::Encounter => "until the end of the encounter".to_owned(),
        Until::StartOf(who) => format!("until the start of {}'s next turn", name_of(s, who)),
        Until::EndOf(who) => format!("until the end of {}'s next turn", name_of(s, who)),
        Until::Stands => "until it stands up".to_owned(),
        Until::SurpriseRound => "until the surprise round ends".to_owned(),
    }
}

/// The name of the combatant `id`, or the id when the fight has none of it.
pub(crate) fn name_of<'a>(s: &'a FightState, id: &'a str) -> &'a str {
    s.combatants
        .iter()
        .find(|c| c.id == id)
        .map_or(id, |c| c.name.as_str())
}

/// Adds a line to the log for the round now.
pub fn log(s: &mut FightState, text: impl Into<String>) {
    let round = s.round;
    s.log.push(LogLine {
        round,
        text: text.into(),
        step: 0,
    });
}
