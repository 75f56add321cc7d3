//! Damage, healing and temporary hit points (P3, P4, P5), and dying or dying outright by damage
//! (P3, P12).

use crate::fight::model::{Affliction, Combatant, Effect, Life, Resist, Side, Until};
use crate::rules::creature::{Condition, DamageType};
use crate::rules::power_vocab::Origin;
use crate::vocab::Vocabulary;

/// Damage as it reaches a creature, before its defenses against it (P5).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Hit {
    /// The damage rolled (maximum on a critical hit, halved for a weakened attacker, P13).
    pub amount: i64,
    /// Its types; none for untyped damage.
    pub types: Vec<DamageType>,
    /// The origin of the attack that dealt it (melee, ranged, near or far; a swarm's resistance
    /// and vulnerability go by it).
    pub origin: Option<Origin>,
    /// Dealt by an attack: incorporeal halves it, reactive resistance answers it.
    pub attack: bool,
    /// Dealt by a miss: a mook takes none (P3).
    pub miss: bool,
}

/// The damage types reactive resistance answers (L1675).
pub(crate) const P5_REACTIVE_TYPES: [DamageType; 5] = [
    DamageType::Acid,
    DamageType::Cold,
    DamageType::Lightning,
    DamageType::Fire,
    DamageType::Thunder,
];

/// Petrified's resistance to all damage (L1523).
pub(crate) const P5_PETRIFIED_RESISTS: i64 = 20;

/// Whether `c` has the condition now (any effect of it).
pub fn has(c: &Combatant, condition: Condition) -> bool {
    c.effects
        .iter()
        .any(|e| matches!(&e.what, Affliction::Condition { condition: k, .. } if *k == condition))
}

/// P5: what `hit` takes off `c`, in the ruling's order **\[ours: the book gives none\]**:
/// halved if `c` is incorporeal and an attack dealt it (L1674); reactive resistance gained
/// against its type the first time an attack deals acid, cold, lightning, fire or thunder
/// (L1675; **\[ours\]**: it takes effect from that hit on); then the highest applicable
/// resistance subtracted (to several types only if `c` resists each, the lowest of those
/// **\[ours\]**; petrified resists all 20, L1523; a swarm resists melee and ranged attacks by
/// origin, L1798) and the highest applicable vulnerability added (to any of the types; a swarm
/// is vulnerable to near and far attacks), never below 0 (L1238). Halving rounds down
/// **\[ours\]**. The damage taken, and the arithmetic in words when anything applied.
pub(crate) fn p5_damage(c: &mut Combatant, hit: &Hit) -> (i64, String) {
    let mut amount = hit.amount.max(0);
    let mut words = Vec::new();
    if c.incorporeal && hit.attack && amount > 0 {
        amount /= 2;
        words.push(format!("halved to {amount}: incorporeal"));
    }
    if let Some(x) = c.reactive
        && hit.attack
    {
        for t in &hit.types {
            let answered = P5_REACTIVE_TYPES.contains(t)
                && !c
                    .resistances
                    .iter()
                    .any(|r| r.against == t.key() && r.value >= x);
            if answered {
                c.resistances.retain(|r| r.against != t.key());
                c.resistances.push(Resist {
                    against: t.key().to_owned(),
                    value: x,
                });
                words.push(format!(
                    "reactive resistance: resist {} {x} from this hit on",
                    t.key()
                ));
            }
        }
    }
    let petrified = has(c, Condition::Petrified);
    let all = c
        .resistances
        .iter()
        .filter(|r| r.against == "all")
        .map(|r| r.value)
        .chain(petrified.then_some(P5_PETRIFIED_RESISTS))
        .max();
    let best = |list: &[Resist], key: &str| {
        list.iter()
            .filter(|r| r.against == key)
            .map(|r| r.value)
            .max()
    };
    // Resistance to the damage's types: every type resisted, the lowest of them.
    let typed = if hit.types.is_empty() {
        None
    } else {
        hit.types
            .iter()
            .map(|t| best(&c.resistances, t.key()).into_iter().chain(all).max())
            .collect::<Option<Vec<i64>>>()
            .and_then(|v| v.into_iter().min())
    };
    let by_origin = |list: &[Resist], wanted: &[Origin]| {
        hit.origin
            .filter(|o| wanted.contains(o))
            .and_then(|o| best(list, o.key()).map(|v| (v, o.key().to_owned())))
    };
    // Each candidate with the words that name it: the highest applies (P5).
    let typed_words = match hit.types.as_slice() {
        [one] => one.key().to_owned(),
        _ => "each type".to_owned(),
    };
    let all_words = if petrified && all == Some(P5_PETRIFIED_RESISTS) {
        "all (petrified)".to_owned()
    } else {
        "all".to_owned()
    };
    let resist = [
        typed.map(|v| (v, typed_words)),
        all.map(|v| (v, all_words)),
        by_origin(&c.resistances, &[Origin::Melee, Origin::Ranged]),
    ]
    .into_iter()
    .flatten()
    .max_by_key(|(v, _)| *v);
    let vulnerable = hit
        .types
        .iter()
        .filter_map(|t| best(&c.vulnerabilities, t.key()).map(|v| (v, t.key().to_owned())))
        .chain(by_origin(&c.vulnerabilities, &[Origin::Near, Origin::Far]))
        .max_by_key(|(v, _)| *v);
    let mut total = amount;
    if let Some((r, against)) = resist {
        total -= r;
        words.push(format!("resist {against} {r}"));
    }
    if let Some((v, against)) = vulnerable {
        total += v;
        words.push(format!("vulnerable {against} {v}"));
    }
    let total = total.max(0);
    if words.is_empty() {
        (total, String::new())
    } else {
        (
            total,
            format!(
                " ({}, {} → {total}, P5)",
                hit.amount.max(0),
                words.join(", ")
            ),
        )
    }
}

/// What damage did to a creature's life, for what must follow it: a mark by it ends when it
/// dies or falls unconscious (P8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fell {
    /// It still stands (or was down already).
    No,
    /// It fell unconscious (a character, a villain) and is dying.
    Unconscious,
    /// It died.
    Dead,
}

/// Whether `c` follows the characters' rules at 0 HP: a character, or a monster the GM marks
/// as a villain (P3).
pub(crate) fn p3_falls_like_a_character(c: &Combatant) -> bool {
    c.side == Side::Party || c.villain
}

/// P3, P4 and P12: `hit` taken by `c` (P5 first): temporary hit points first, then hit points;
/// staggered at half; a mook drops at any damage that gets past its temporary hit points and
/// resistance, and takes none from a miss; a monster dies at 0 HP or below; a character falls
/// unconscious (prone and helpless) and is dying, or dies outright at minus its staggered
/// value (L1455-1456). The log's words and what happened to its life.
pub(crate) fn p3_damage(c: &mut Combatant, hit: &Hit) -> (String, Fell) {
    let typed = if hit.types.is_empty() {
        String::new()
    } else {
        format!(
            " {}",
            hit.types
                .iter()
                .map(|t| t.key())
                .collect::<Vec<_>>()
                .join(" and ")
        )
    };
    if c.mook && hit.miss {
        return (
            format!("{} takes no damage from a miss: a mook (P3)", c.name),
            Fell::No,
        );
    }
    let (amount, arithmetic) = p5_damage(c, hit);
    let from_temp = amount.min(c.temp_hp);
    c.temp_hp -= from_temp;
    let rest = amount - from_temp;
    let mut s = format!("{} takes {amount}{typed} damage{arithmetic}", c.name);
    if from_temp > 0 {
        s.push_str(&format!(
            " ({from_temp} from temporary hit points, {} left)",
            c.temp_hp
        ));
    }
    if c.mook {
        if rest > 0 && c.life == Life::Up {
            c.hp = 0;
            c.life = Life::Dead;
            s.push_str(": a mook drops at any damage that gets past its temporary hit points and resistance (P3)");
            return (s, Fell::Dead);
        }
        return (s, Fell::No);
    }
    let was_staggered = c.is_staggered();
    c.hp -= rest;
    s.push_str(&hp_now(c));
    if c.life == Life::Dead || c.life == Life::Gone || c.max_hp.is_none() {
        return (s, Fell::No);
    }
    let max = c.max_hp.unwrap_or(0);
    if p3_falls_like_a_character(c) {
        if c.hp <= -(max / 2) {
            c.life = Life::Dead;
            s.push_str(&format!(
                "; dead: damage took it to minus its staggered value ({}) or lower (P3, P12)",
                -(max / 2)
            ));
            return (s, Fell::Dead);
        }
        if c.hp <= 0 {
            let fell = c.life == Life::Up;
            c.life = Life::Unconscious;
            if fell {
                s.push_str(if c.stable {
                    "; unconscious, prone and helpless (stable)"
                } else {
                    "; unconscious, prone and helpless, and dying: a death saving throw at the start of each of its turns (P3, P12)"
                });
                return (s, Fell::Unconscious);
            }
            if c.stable && rest > 0 {
                // Damage to a stable character: dying again (the book's First Aid stops the
                // saves of the dying; a new wound undoes it) **[ours]**.
                c.stable = false;
                s.push_str("; no longer stable: dying again (P12)");
            }
            return (s, Fell::No);
        }
    } else if c.hp <= 0 && c.life == Life::Up {
        c.life = Life::Dead;
        s.push_str("; it dies (P3: a monster dies at 0 HP)");
        return (s, Fell::Dead);
    }
    if !was_staggered && c.is_staggered() {
        s.push_str("; staggered");
    }
    (s, Fell::No)
}

/// "38/60 HP" or, without a maximum, "12 damage taken".
pub(crate) fn hp_now(c: &Combatant) -> String {
    match c.max_hp {
        Some(m) => format!(", {}/{m} HP", c.hp),
        None => format!(", {} damage taken", -c.hp),
    }
}

/// P3: healing, never above the maximum; the dead regain nothing; healing at 0 HP or below
/// starts from 0 (L1452) and any hit points regained end unconsciousness (L1458), the creature
/// still prone.
pub(crate) fn p3_heal(c: &mut Combatant, amount: i64) -> String {
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
    let mut s = format!("{} regains {gained} HP{}", c.name, hp_now(c));
    if c.life == Life::Unconscious && c.hp > 0 {
        c.life = Life::Up;
        c.stable = false;
        s.push_str("; conscious again, still prone (P3)");
    }
    s
}

/// The word for a life: "up", "unconscious", "dead", "out of the fight".
pub(crate) fn life_word(l: Life) -> &'static str {
    match l {
        Life::Up => "up",
        Life::Unconscious => "unconscious",
        Life::Dead => "dead",
        Life::Gone => "out of the fight",
    }
}

/// P4: temporary hit points do not add up: the creature keeps one grant, the higher unless the
/// GM takes the new one (`replace`; the book lets the creature choose, L1476).
pub(crate) fn p4_temp(c: &mut Combatant, amount: i64, replace: bool) -> String {
    if amount > c.temp_hp || replace {
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

/// The prone condition a creature falls into when it falls unconscious (L1555-1556), lasting
/// until it stands up (P8). `id` is the new effect's number.
pub(crate) fn p3_falls_prone(id: u32) -> Effect {
    Effect {
        id,
        what: Affliction::Condition {
            condition: Condition::Prone,
            by: None,
        },
        until: Until::Stands,
        aftereffect: None,
        failed_save: None,
        after: 0,
        boon: false,
        maintained_by: None,
    }
}
