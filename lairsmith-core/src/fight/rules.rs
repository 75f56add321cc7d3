//! The rules a runner of a fight applies, one function a ruling (RULINGS P1-P10): each works on
//! the fight's state with the step's dice and returns the log's words.

use crate::fight::model::{
    Affliction, Combatant, Effect, FightState, Life, LogLine, Regen, Resist, Until,
};
use crate::monster::design::RegenerationWhen;
use crate::rules::creature::{Condition, DamageType};
use crate::vocab::Vocabulary;
use rand::Rng;
use rand::rngs::StdRng;

/// The saving throw that ends an effect: d20 + bonus, 10 or higher (L1125, P7).
pub const SAVE_SUCCEEDS_ON: i64 = 10;

/// P8: "marked" lasts until the end of the encounter unless given a shorter duration (L1517).
pub const MARKED_LASTS: Until = Until::Encounter;

/// The dice of one step: seeded by the fight's seed and the step's number, so replaying the
/// steps rolls the same numbers.
pub struct Dice {
    rng: StdRng,
}

impl Dice {
    /// The dice of step `index` (0 for the start) of a fight of `seed`.
    pub fn for_step(seed: u64, index: usize) -> Dice {
        use rand::SeedableRng;
        Dice {
            rng: StdRng::seed_from_u64(crate::treasure::seed_for(seed, &format!("step {index}"))),
        }
    }

    /// One die of `sides` faces.
    pub fn d(&mut self, sides: u32) -> i64 {
        i64::from(self.rng.random_range(1..=sides.max(1)))
    }

    /// A coin for P1's last tie-break.
    pub fn coin(&mut self) -> u32 {
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
/// members together in their own order. Those without an initiative yet come last.
pub fn p1_order(s: &FightState) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..s.combatants.len()).collect();
    idx.sort_by(|&a, &b| {
        let (x, y) = (&s.combatants[a], &s.combatants[b]);
        y.initiative
            .is_some()
            .cmp(&x.initiative.is_some())
            .then(y.initiative.cmp(&x.initiative))
            .then(y.init_mod.cmp(&x.init_mod))
            .then(y.coin.cmp(&x.coin))
            .then(a.cmp(&b))
    });
    idx
}

/// P1: a group's initiative roll, d20 + the modifier, in the log's words.
pub fn p1_roll(dice: &mut Dice, init_mod: i64) -> (i64, String) {
    let d = dice.d(20);
    (d + init_mod, format!("d20 {d} {}", signed(init_mod)))
}

/// P1: a placeholder's initiative modifier is half its level **\[ours\]**.
pub fn p1_placeholder_mod(level: u8) -> i64 {
    i64::from(level / 2)
}

/// P1: a 3rd-edition foe's initiative modifier is 0 unless given **\[ours\]**.
pub const P1_CR_MOD: i64 = 0;

fn signed(n: i64) -> String {
    if n < 0 {
        format!("- {}", -n)
    } else {
        format!("+ {n}")
    }
}

/// P5: the damage a combatant takes from `amount` of `damage_type`: reduced by its resistance
/// to the type (never below 0) or increased by its vulnerability, the highest of each (R9);
/// untyped damage as entered. The arithmetic in words when anything applied.
pub fn p5_typed(c: &Combatant, amount: i64, damage_type: Option<DamageType>) -> (i64, String) {
    let Some(t) = damage_type else {
        return (amount, String::new());
    };
    let best = |list: &[Resist]| {
        list.iter()
            .filter(|r| r.against == t.key() || r.against == "all")
            .map(|r| r.value)
            .max()
    };
    let mut total = amount;
    let mut words = Vec::new();
    if let Some(r) = best(&c.resistances) {
        total = (total - r).max(0);
        words.push(format!("resist {} {r}", t.key()));
    }
    if let Some(v) = best(&c.vulnerabilities) {
        total += v;
        words.push(format!("vulnerable {} {v}", t.key()));
    }
    if words.is_empty() {
        (total, String::new())
    } else {
        (
            total,
            format!(" ({amount}, {} → {total})", words.join(", ")),
        )
    }
}

/// P3 and P4: damage taken, temporary hit points first; staggered at half; a monster at 0 HP
/// or below dies (a character falls unconscious); a mook drops at any damage.
pub fn p3_damage(c: &mut Combatant, amount: i64, damage_type: Option<DamageType>) -> String {
    let (amount, arithmetic) = p5_typed(c, amount.max(0), damage_type);
    let typed = damage_type.map_or(String::new(), |t| format!(" {}", t.key()));
    if c.mook && amount > 0 && c.life == Life::Up {
        c.hp = 0;
        c.temp_hp = 0;
        c.life = Life::Dead;
        return format!(
            "{} takes {amount}{typed} damage{arithmetic}: a mook drops at any damage (P3)",
            c.name
        );
    }
    let from_temp = amount.min(c.temp_hp);
    c.temp_hp -= from_temp;
    let rest = amount - from_temp;
    let was_staggered = c.is_staggered();
    c.hp -= rest;
    let mut s = format!("{} takes {amount}{typed} damage{arithmetic}", c.name);
    if from_temp > 0 {
        s.push_str(&format!(
            " ({from_temp} from temporary hit points, {} left)",
            c.temp_hp
        ));
    }
    s.push_str(&hp_now(c));
    if c.max_hp.is_some() && c.hp <= 0 && c.life == Life::Up {
        if c.side == crate::fight::model::Side::Party {
            c.life = Life::Unconscious;
            s.push_str("; unconscious");
        } else {
            c.life = Life::Dead;
            s.push_str("; it dies (P3: a monster dies at 0 HP)");
        }
    } else if !was_staggered && c.is_staggered() {
        s.push_str("; staggered");
    }
    s
}

fn hp_now(c: &Combatant) -> String {
    match c.max_hp {
        Some(m) => format!(", {}/{m} HP", c.hp),
        None => format!(", {} damage taken", -c.hp),
    }
}

/// P3: healing, never above the maximum; the dead are not healed; healing from 0 or below
/// starts from 0 (L1455-1457) and wakes an unconscious creature.
pub fn p3_heal(c: &mut Combatant, amount: i64) -> String {
    if c.life == Life::Dead || c.life == Life::Gone {
        return format!("{} is {} and regains nothing", c.name, life_word(c.life));
    }
    let from = c.hp.max(0);
    let to = match c.max_hp {
        Some(m) => (from + amount.max(0)).min(m.max(from)),
        None => (from + amount.max(0)).min(0),
    };
    let gained = to - c.hp.max(0);
    c.hp = to;
    if c.life == Life::Unconscious && c.hp > 0 {
        c.life = Life::Up;
    }
    format!("{} regains {gained} HP{}", c.name, hp_now(c))
}

fn life_word(l: Life) -> &'static str {
    match l {
        Life::Up => "up",
        Life::Unconscious => "unconscious",
        Life::Dead => "dead",
        Life::Gone => "out of the fight",
    }
}

/// P4: temporary hit points do not add up: a grant replaces the current ones only if higher.
pub fn p4_temp(c: &mut Combatant, amount: i64) -> String {
    if amount > c.temp_hp {
        let before = c.temp_hp;
        c.temp_hp = amount;
        format!(
            "{} gains {amount} temporary HP (had {before}; they do not add up, P4)",
            c.name
        )
    } else {
        format!(
            "{} keeps {} temporary HP ({amount} is not more; they do not add up, P4)",
            c.name, c.temp_hp
        )
    }
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
        Affliction::Other { text } => text.clone(),
    };
    format!("{what} ({})", until_words(&e.until, s))
}

/// "save ends", "until the end of Ana's next turn".
pub fn until_words(u: &Until, s: &FightState) -> String {
    match u {
        Until::SaveEnds => "save ends".to_owned(),
        Until::Encounter => "until the end of the encounter".to_owned(),
        Until::StartOf(who) => format!("until the start of {}'s next turn", name_of(s, who)),
        Until::EndOf(who) => format!("until the end of {}'s next turn", name_of(s, who)),
    }
}

fn name_of<'a>(s: &'a FightState, id: &'a str) -> &'a str {
    s.combatants
        .iter()
        .find(|c| c.id == id)
        .map_or(id, |c| c.name.as_str())
}

/// P6: the start of `who`'s turn, in order **\[ours\]**: persistent damage, regeneration (as the
/// stat block gives it; never above the maximum, never for the dead), a d6 for each used
/// refresh power; then effects lasting until the start of its turn end.
pub fn p6_start_of_turn(s: &mut FightState, who: usize, dice: &mut Dice) -> Vec<String> {
    let mut out = Vec::new();
    let id = s.combatants[who].id.clone();
    let persistent: Vec<(i64, Option<DamageType>)> = s.combatants[who]
        .effects
        .iter()
        .filter_map(|e| match e.what {
            Affliction::Persistent {
                amount,
                damage_type,
            } => Some((amount, damage_type)),
            _ => None,
        })
        .collect();
    for (amount, t) in persistent {
        let c = &mut s.combatants[who];
        out.push(format!("persistent damage: {}", p3_damage(c, amount, t)));
    }
    let c = &mut s.combatants[who];
    if let Some(Regen { value, when }) = c.regeneration
        && c.life == Life::Up
    {
        let works = match when {
            RegenerationWhen::Always => true,
            RegenerationWhen::Staggered => c.is_staggered(),
            RegenerationWhen::Unstaggered => !c.is_staggered(),
        };
        if works && c.max_hp.is_some_and(|m| c.hp < m) {
            out.push(format!("regeneration {value}: {}", p3_heal(c, value)));
        }
    }
    for p in c
        .powers
        .iter_mut()
        .filter(|p| p.used && !p.refresh.is_empty())
    {
        let d = dice.d(6);
        let faces: Vec<String> = p.refresh.iter().map(u8::to_string).collect();
        if p.refresh.iter().any(|f| i64::from(*f) == d) {
            p.used = false;
            out.push(format!(
                "refresh {}: d6 {d} (refreshes on {}), it is back",
                p.name,
                faces.join(", ")
            ));
        } else {
            out.push(format!(
                "refresh {}: d6 {d} (refreshes on {}), still used",
                p.name,
                faces.join(", ")
            ));
        }
    }
    out.extend(end_effects(
        s,
        |u| matches!(u, Until::StartOf(x) if *x == id),
    ));
    out
}

/// P7: the end of `who`'s turn: a saving throw (d20 + its save bonus, 10 or higher) for every
/// "save ends" effect on it, the aftereffect beginning on a success, a "first failed save"
/// effect replacing the effect on a failure; then effects lasting until the end of its turn
/// end, on anyone.
pub fn p7_end_of_turn(s: &mut FightState, who: usize, dice: &mut Dice) -> Vec<String> {
    let mut out = Vec::new();
    let id = s.combatants[who].id.clone();
    let bonus = s.combatants[who].save_bonus;
    let mut kept = Vec::new();
    let effects = std::mem::take(&mut s.combatants[who].effects);
    for mut e in effects {
        if e.until != Until::SaveEnds || !s.combatants[who].takes_turns() {
            kept.push(e);
            continue;
        }
        let d = dice.d(20);
        let total = d + bonus;
        let words = effect_words(&e, s);
        let name = s.combatants[who].name.clone();
        let throw = if bonus == 0 {
            format!("d20 {d}")
        } else {
            format!("d20 {d} {} = {total}", signed(bonus))
        };
        if total >= SAVE_SUCCEEDS_ON {
            let mut line = format!("{name} saves against {words}: {throw}, it ends");
            if let Some(after) = e.aftereffect.take() {
                line.push_str(&format!("; aftereffect: {}", effect_words(&after, s)));
                kept.push(*after);
            }
            out.push(line);
        } else if let Some(instead) = e.failed_save.take() {
            out.push(format!(
                "{name} fails its save against {words}: {throw}; first failed save: instead {}",
                effect_words(&instead, s)
            ));
            kept.push(*instead);
        } else {
            out.push(format!("{name} fails its save against {words}: {throw}"));
            kept.push(e);
        }
    }
    s.combatants[who].effects = kept;
    out.extend(end_effects(s, |u| matches!(u, Until::EndOf(x) if *x == id)));
    out
}

/// Ends every effect on anyone whose duration `ends` says is over, aftereffects beginning.
fn end_effects(s: &mut FightState, ends: impl Fn(&Until) -> bool) -> Vec<String> {
    let mut out = Vec::new();
    for i in 0..s.combatants.len() {
        if !s.combatants[i].effects.iter().any(|e| ends(&e.until)) {
            continue;
        }
        let effects = std::mem::take(&mut s.combatants[i].effects);
        let mut kept = Vec::new();
        for mut e in effects {
            if ends(&e.until) {
                let mut line = format!("{}: {} ends", s.combatants[i].name, effect_words(&e, s));
                if let Some(after) = e.aftereffect.take() {
                    line.push_str(&format!("; aftereffect: {}", effect_words(&after, s)));
                    kept.push(*after);
                }
                out.push(line);
            } else {
                kept.push(e);
            }
        }
        s.combatants[i].effects = kept;
    }
    out
}

/// P8: a condition's duration when none is given: "marked" until the end of the encounter.
pub fn p8_default_until(condition: Condition) -> Option<Until> {
    (condition == Condition::Marked).then_some(MARKED_LASTS)
}

/// P8: the book's Conditions section in short, shown when a condition is applied **[ours: the
/// summary; the book's words where they are short]**.
pub fn p8_condition_text(c: Condition) -> &'static str {
    match c {
        Condition::Blinded => {
            "can't see; attack rolls against it have combat advantage; -10 to Perception; can't flank"
        }
        Condition::Controlled => {
            "dazed; the controller chooses its actions (not action points, encounter or daily powers)"
        }
        Condition::Dazed => {
            "attack rolls against it have combat advantage; can't flank; one standard action on its turn; no immediate or opportunity actions"
        }
        Condition::Deafened => "can't hear; -10 to Perception",
        Condition::Dying => "a death saving throw at the end of each of its turns; unconscious",
        Condition::Helpless => {
            "attack rolls against it have combat advantage; its stance ends; it can be the target of a Coup de Grace"
        }
        Condition::Immobile => "can't willingly move into another square",
        Condition::Marked => {
            "-2 to attack rolls that do not include the marker as a target; a new mark supersedes the old; lasts until the end of the encounter unless given a shorter duration"
        }
        Condition::Petrified => {
            "turned to stone: no actions, unaware; attack rolls against it have combat advantage; resist all 20"
        }
        Condition::Prone => {
            "only crawls or teleports until it stands; -2 to attack rolls; melee attack rolls against it have combat advantage; +2 to defenses against ranged attacks from non-adjacent attackers"
        }
        Condition::Rattled => "-2 to attack rolls",
        Condition::Restrained => {
            "can't be moved; -2 to attack rolls; attack rolls against it have combat advantage"
        }
        Condition::Slowed => "its speed (except teleportation) is 2 if it was higher",
        Condition::Stunned => {
            "can't move, speaks only falteringly; attack rolls against it have combat advantage; no actions or reactions; can't flank"
        }
        Condition::Surprised => {
            "attack rolls against it have combat advantage; a single standard action on its turn; no free actions; can't flank; ends with the surprise round"
        }
        Condition::Unconscious => "no actions; can't flank; -5 to all defenses; falls prone",
        Condition::Weakened => "the damage of its attacks is halved, except persistent damage",
    }
}

/// P9: action points at the start of the fight: elites 1, bosses 2, others 0 (R5): the stat
/// block's number, which is the rank's unless overridden.
pub fn p9_spend(c: &mut Combatant) -> Result<String, crate::fight::error::StepError> {
    if c.action_points <= 0 {
        return Err(crate::fight::error::StepError::NoActionPoints {
            name: c.name.clone(),
        });
    }
    c.action_points -= 1;
    Ok(format!(
        "{} spends an action point ({} left, P9)",
        c.name, c.action_points
    ))
}

/// P10: the XP of the overcome foes and of every challenge run (whether it succeeded or
/// failed, L516), and what each character earns: ÷ the characters, rounded down (E4).
pub fn p10_award(s: &FightState, characters: usize) -> (u64, u64) {
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

/// Adds a line to the log for the round now.
pub fn log(s: &mut FightState, text: impl Into<String>) {
    let round = s.round;
    s.log.push(LogLine {
        round,
        text: text.into(),
        step: 0,
    });
}
