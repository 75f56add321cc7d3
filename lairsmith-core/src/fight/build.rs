//! A fight made from a saved encounter: every creature of every group its own combatant, with
//! the numbers of its stat block taken once (a later edit of the monster's file does not change
//! a fight under way), the party's members by name, and the monsters' initiative rolled (P1).

use crate::bestiary::Bestiary;
use crate::encounter::file::{Encounter, Group, Side as GroupSide};
use crate::encounter::party::Party;
use crate::fight::file::Fight;
use crate::fight::model::{
    Affliction, ChallengeRun, Combatant, Defenses, FightState, Life, Origin, PowerState, Regen,
    Resist, Side, Until,
};
use crate::fight::rules::{self, Dice, log};
use crate::monster::MonsterDesign;
use crate::monster::statblock::StatBlock;
use crate::rules::creature::Condition;
use std::collections::BTreeMap;

/// Why a fight cannot be made from an encounter, or a creature cannot join one; each message
/// is the sentence the user sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// The encounter (or the GM) names a monster the bestiary does not have.
    #[error("no monster has the id `{id}`{}", crate::vocab::did_you_mean(near))]
    UnknownMonster {
        /// The id as given.
        id: String,
        /// The bestiary's closest ids, best first; may be empty.
        near: Vec<String>,
    },
    /// The monster's file is there but cannot be used (its templates do not apply).
    #[error(transparent)]
    Monster(#[from] crate::yaml_io::FileError),
    /// An extended challenge's level outside 1-30.
    #[error(transparent)]
    ChallengeLevel(#[from] crate::rules::level::LevelOutOfRange),
    /// A character's initiative or hit points given for a name the party does not have.
    #[error("the party has no character named `{name}`; its characters: {}", characters.join(", "))]
    UnknownCharacter {
        /// The name as given.
        name: String,
        /// The party's characters, in its order.
        characters: Vec<String>,
    },
    /// A reinforcement that is neither a creature already in the fight nor a monster that can
    /// join it; why it is not the monster.
    #[error("{0}; or name a creature already in the fight to add another of it")]
    NotAReinforcement(Box<BuildError>),
    /// A creature named as surprised that the fight does not have (P14).
    #[error("no creature of the fight has the id `{id}` to be surprised{}; its creatures: {} (or party, or foes)", crate::vocab::did_you_mean(near), ids.join(", "))]
    UnknownSurprised {
        /// The id as given.
        id: String,
        /// The closest ids, best first; may be empty.
        near: Vec<String>,
        /// Every creature's id, in the order they joined.
        ids: Vec<String>,
    },
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<BuildError> for String {
    fn from(e: BuildError) -> String {
        e.to_string()
    }
}

/// What a fight is started with, besides the encounter.
#[derive(Debug, Clone, Default)]
pub struct Start {
    /// The encounter's id (its file's stem).
    pub encounter_id: String,
    /// Seeds every roll of the fight: the monsters' initiative here, each step's dice later
    /// (the same seed and steps give the same fight).
    pub seed: u64,
    /// Characters' initiative results and hit points, by name (P1: entered by the GM).
    pub characters: BTreeMap<String, (Option<i64>, Option<i64>)>,
    /// The saved party the characters come from, if any.
    pub party_id: Option<String>,
    /// The adventure the fight belongs to (its id), whose party earns the XP and whose method
    /// rolls the treasure.
    pub adventure: Option<String>,
    /// The creatures surprised at the start (P14), by id or a character's name: the first round
    /// is then a surprise round, in which they take no turn.
    pub surprised: Vec<String>,
}

/// An extended challenge of the encounter as the fight runs it (A3): its checks counted from
/// none, its DCs at its level.
fn challenge_run(c: &crate::encounter::report::ChallengeLine) -> Result<ChallengeRun, BuildError> {
    let level = crate::rules::level::Level::new(i64::from(c.level))?;
    Ok(ChallengeRun {
        name: c.name.clone(),
        level: c.level,
        successes_needed: c.successes,
        failures_allowed: c.failures,
        successes: 0,
        failures: 0,
        xp: c.xp,
        skills: c
            .skills
            .iter()
            .map(|s| (crate::vocab::Vocabulary::key(s.skill).to_owned(), s.dc))
            .collect(),
        hard_dc: crate::encounter::challenge::LATER_CHECK_DC.dc_at(level),
        easy_dc: c.group_check_dc,
        used: Vec::new(),
    })
}

/// A character of the party as the fight takes it (P11): the numbers its saved party keeps, with
/// the initiative result and hit points the GM typed for this fight (`--pc`) over them. The
/// defenses are taken when all four are kept; otherwise an attack on it names its defense.
fn p11_character(
    id: String,
    name: String,
    place: usize,
    m: &crate::encounter::party::Member,
    initiative: Option<i64>,
    typed_hp: Option<i64>,
    coin: u32,
) -> Combatant {
    let max_hp = typed_hp.or(m.max_hp.map(i64::from));
    let hp = match typed_hp {
        Some(hp) => hp,
        None => m.hp_now().map_or(0, i64::from),
    };
    let defenses = match (m.ac, m.fortitude, m.reflex, m.will) {
        (Some(ac), Some(fortitude), Some(reflex), Some(will)) => Some(Defenses {
            ac: ac.into(),
            fortitude: fortitude.into(),
            reflex: reflex.into(),
            will: will.into(),
        }),
        _ => None,
    };
    let mut c = Combatant {
        id,
        name,
        side: Side::Party,
        origin: Origin::Character,
        init_mod: m.initiative.map_or(0, i64::from),
        initiative,
        coin,
        max_hp,
        hp,
        save_bonus: m.save().into(),
        action_points: m.action_points().into(),
        defenses,
        recoveries: m.recoveries_left().map(i64::from),
        recovery_value: if typed_hp.is_some() && m.recovery_value.is_none() {
            max_hp.map(|h| h / 4)
        } else {
            m.recovery_value().map(i64::from)
        },
        death_failures: m.death_failures.unwrap_or(0),
        member: u32::try_from(place + 1).ok(),
        ..Combatant::default()
    };
    // A character that comes to the fight at 0 HP or below is unconscious and dying (P3).
    if max_hp.is_some() && c.hp <= 0 {
        c.life = Life::Unconscious;
    }
    c
}

/// P14: the creatures named are surprised until the surprise round ends, and the first round is
/// one. Each is a creature's id or a character's name, in any case, or a whole side: `party`
/// (every character) or `foes` (every creature against the party), unless a creature has that
/// id.
fn p14_surprised_at_start(state: &mut FightState, surprised: &[String]) -> Result<(), BuildError> {
    let mut named = Vec::new();
    for given in surprised {
        named.extend(p14_named(state, given)?);
    }
    for i in named {
        if crate::fight::rules::p8_has(&state.combatants[i], Condition::Surprised) {
            continue;
        }
        state.surprise = true;
        let spec = crate::fight::model::EffectSpec::new(
            Affliction::Condition {
                condition: Condition::Surprised,
                by: None,
            },
            Until::SurpriseRound,
        );
        let e = crate::fight::step::effect_of(state, &spec);
        state.combatants[i].effects.push(e);
        let name = state.combatants[i].name.clone();
        log(
            state,
            format!("{name} is surprised: no turn in the surprise round (P14)"),
        );
    }
    if state.surprise {
        log(state, "the first round is a surprise round (P14)");
    }
    Ok(())
}

/// The creatures `given` names for P14: one by its id or a character's name, or a side.
fn p14_named(state: &FightState, given: &str) -> Result<Vec<usize>, BuildError> {
    let word = given.trim();
    let slug = crate::monster::slugify(given);
    if let Some(i) = state
        .combatants
        .iter()
        .position(|c| c.id == word || c.id == slug || c.name.eq_ignore_ascii_case(word))
    {
        return Ok(vec![i]);
    }
    let side = match word.to_ascii_lowercase().as_str() {
        "party" => Some(Side::Party),
        "foes" => Some(Side::Foe),
        _ => None,
    };
    if let Some(side) = side {
        return Ok((0..state.combatants.len())
            .filter(|&i| state.combatants[i].side == side)
            .collect());
    }
    let ids: Vec<String> = state.combatants.iter().map(|c| c.id.clone()).collect();
    Err(BuildError::UnknownSurprised {
        id: given.to_owned(),
        near: crate::vocab::nearest(given, ids.iter().map(String::as_str), 3)
            .into_iter()
            .map(str::to_owned)
            .collect(),
        ids,
    })
}

/// A combatant's numbers from a stat block and the design it was derived from (its templates
/// applied), for a monster or a placeholder.
pub(crate) fn from_block(
    id: String,
    name: String,
    side: Side,
    origin: Origin,
    block: &StatBlock,
    design: &MonsterDesign,
) -> Combatant {
    let powers = design
        .powers
        .iter()
        .zip(&block.powers)
        .map(|(p, b)| PowerState {
            name: b.name.clone(),
            usage: p.usage,
            refresh: p.refresh.clone(),
            attack: p
                .attack
                .as_ref()
                .and_then(|a| b.attack.as_ref().map(|v| (v.bonus, a.defense))),
            attacks: b.attacks.max(1),
            damage: b.damage.as_ref().map(|d| match &d.0 {
                crate::rules::Damage::Dice(x) => x.to_string(),
                crate::rules::Damage::Static(n) => n.to_string(),
            }),
            damage_type: p.damage_type,
            used: false,
            origin: Some(b.origin),
            targets: b.targets.clone(),
            hit: b.hit.clone(),
            miss: b.miss.clone(),
            effect: b.effect.clone(),
        })
        .collect();
    let resist = |list: &[crate::monster::statblock::ResistanceValue]| {
        list.iter()
            .map(|r| Resist {
                against: r.against.to_string(),
                value: i64::from(r.value),
            })
            .collect()
    };
    Combatant {
        id,
        name,
        side,
        origin,
        group: None,
        init_mod: block.initiative,
        initiative: None,
        coin: 0,
        max_hp: Some(block.hp),
        hp: block.hp,
        temp_hp: 0,
        life: Life::Up,
        mook: block.mook,
        save_bonus: block.saving_throw_bonus,
        // P9: the stat block's action points, the rank's unless overridden (R5).
        action_points: block.action_points,
        defenses: Some(Defenses {
            ac: block.defenses.ac,
            fortitude: block.defenses.fortitude,
            reflex: block.defenses.reflex,
            will: block.defenses.will,
        }),
        resistances: resist(&block.resistances),
        vulnerabilities: resist(&block.vulnerabilities),
        regeneration: design.regeneration.map(|r| Regen {
            value: i64::from(r.value),
            when: r.when,
        }),
        powers,
        // R11: a monster's recoveries and recovery value (P17: it may rally).
        recoveries: Some(block.recoveries),
        recovery_value: Some(block.recovery_value),
        incorporeal: block.incorporeal,
        reactive: block.reactive_resistance.map(i64::from),
        auras: block
            .traits
            .iter()
            .filter_map(|t| {
                t.aura.map(|size| crate::fight::model::Aura {
                    name: t.name.clone(),
                    size,
                })
            })
            .collect(),
        ..Combatant::default()
    }
}

/// A monster of the bestiary as a combatant, or why it cannot be one.
pub fn monster(
    bestiary: &Bestiary,
    monster_id: &str,
    id: String,
    name: Option<String>,
    side: Side,
) -> Result<Combatant, BuildError> {
    let e = bestiary
        .get(monster_id)
        .ok_or_else(|| BuildError::UnknownMonster {
            id: monster_id.to_owned(),
            near: bestiary
                .suggest(monster_id)
                .into_iter()
                .map(str::to_owned)
                .collect(),
        })?;
    let applied = e.applied()?;
    let block = crate::monster::template_apply::derive_applied(&applied);
    let mut c = from_block(
        id,
        name.unwrap_or_else(|| block.name.clone()),
        side,
        Origin::Monster {
            id: monster_id.to_owned(),
        },
        &block,
        &applied.design,
    );
    if side == Side::Foe {
        c.xp = u64::try_from(block.xp).unwrap_or(0);
    }
    Ok(c)
}

/// A placeholder as a combatant: the formulas' numbers for its level, rank and role, with the
/// role's kit, and P1's initiative modifier of half its level **\[ours\]**.
fn placeholder(
    p: &crate::encounter::file::Placeholder,
    id: String,
    name: String,
    side: Side,
) -> Combatant {
    let d = p.design(&name);
    let block = crate::monster::derive(&d);
    let mut out = from_block(
        id,
        name,
        side,
        Origin::Placeholder {
            placeholder: p.to_string(),
        },
        &block,
        &d,
    );
    out.init_mod = rules::p1_placeholder_mod(p.level.get());
    if side == Side::Foe {
        out.xp = u64::try_from(block.xp).unwrap_or(0);
    }
    out
}

/// The id a group's creatures are named after: the monster's id, the placeholder's
/// `blocker-3` (role and level), a 3rd-edition foe's `cr-2`.
fn base_id_of(g: &Group) -> String {
    match (&g.monster, &g.placeholder) {
        (Some(id), _) => id.clone(),
        (None, Some(p)) => crate::monster::slugify(&format!(
            "{} {}",
            crate::vocab::Vocabulary::key(p.role),
            p.level
        )),
        _ => match g.challenge_rating() {
            Some(cr) => crate::monster::slugify(&format!("cr {cr}")),
            None => "foe".to_owned(),
        },
    }
}

/// The creatures of one group, numbered when there are several.
fn members_of(
    g: &Group,
    gi: usize,
    xp_each: u64,
    bestiary: &Bestiary,
    taken: &mut BTreeMap<String, usize>,
    alone: &[String],
) -> Result<Vec<Combatant>, BuildError> {
    let side = if g.side == GroupSide::Ally {
        Side::Ally
    } else {
        Side::Foe
    };
    let n = g.count.get() as usize;
    let base_id = base_id_of(g);
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let number = {
            let next = taken.entry(base_id.clone()).or_insert(0);
            *next += 1;
            *next
        };
        // A creature alone of its kind keeps the plain id; several are numbered.
        let id = if alone.contains(&base_id) {
            base_id.clone()
        } else {
            format!("{base_id}-{number}")
        };
        let label = g.label.clone();
        let mut c = match (&g.monster, &g.placeholder) {
            (Some(mid), _) => monster(bestiary, mid, id, label.clone(), side)?,
            (None, Some(p)) => {
                // One name everywhere: the roster's, the sheets' and the exports'.
                let name = label.clone().unwrap_or_else(|| p.describe());
                placeholder(p, id, name, side)
            }
            _ => {
                let cr = g
                    .challenge_rating()
                    .map_or("?".to_owned(), |c| c.to_string());
                Combatant {
                    id,
                    name: label.clone().unwrap_or_else(|| format!("CR {cr} foe")),
                    side,
                    origin: Origin::Cr { cr },
                    init_mod: rules::P1_CR_MOD,
                    ..Combatant::default()
                }
            }
        };
        if n > 1 {
            c.name = match (&g.placeholder, &label) {
                (Some(p), None) => p.describe_numbered(k + 1),
                _ => format!("{} {}", c.name, k + 1),
            };
        }
        c.group = Some(gi);
        if side == Side::Foe {
            c.xp = xp_each;
        }
        out.push(c);
    }
    Ok(out)
}

/// The fight of `encounter` for `party`: its combatants, its challenges, the monsters'
/// initiative rolled by group (P1), and the characters' entered where given.
pub fn start(
    encounter: &Encounter,
    party: &Party,
    bestiary: &Bestiary,
    how: &Start,
) -> Result<Fight, BuildError> {
    let report = crate::encounter::report(encounter, party, bestiary);
    let mut taken = BTreeMap::new();
    // The ids of which the encounter has exactly one creature.
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    for g in encounter.groups.iter().filter(|g| g.challenge.is_none()) {
        *counts.entry(base_id_of(g)).or_default() += g.count.get();
    }
    let alone: Vec<String> = counts
        .into_iter()
        .filter(|(_, n)| *n == 1)
        .map(|(id, _)| id)
        .collect();
    let mut combatants = Vec::new();
    let mut challenges = Vec::new();
    let mut dice = Dice::for_step(how.seed, 0);
    let mut rolls = Vec::new();
    for (gi, (g, r)) in encounter.groups.iter().zip(&report.roster).enumerate() {
        if let Some(c) = &r.challenge {
            challenges.push(challenge_run(c)?);
            continue;
        }
        let mut members = members_of(g, gi, r.xp_each.unwrap_or(0), bestiary, &mut taken, &alone)?;
        // P1: one roll for the whole group, and one coin, so it acts together.
        let init_mod = members.first().map_or(0, |c| c.init_mod);
        let (count, words) = rules::p1_roll(&mut dice, init_mod);
        let coin = dice.coin();
        for c in &mut members {
            c.initiative = Some(count);
            c.coin = coin;
        }
        if let Some(first) = members.first() {
            let who = if members.len() > 1 {
                format!(
                    "{} ({} creatures)",
                    g.label.clone().unwrap_or_else(|| r.name.clone()),
                    members.len()
                )
            } else {
                first.name.clone()
            };
            rolls.push(format!("{who} rolls initiative: {words} = {count} (P1)"));
        }
        combatants.extend(members);
    }
    // The members of the party, by name (an unnamed one by its place).
    for (k, m) in party.members.iter().enumerate() {
        let name = m
            .name
            .clone()
            .unwrap_or_else(|| format!("Character {}", k + 1));
        let mut id = crate::monster::slugify(&name);
        if combatants.iter().any(|c: &Combatant| c.id == id) {
            id = format!("{id}-pc");
        }
        let (init, hp) = how
            .characters
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(&name) || crate::monster::slugify(n) == id)
            .map_or((None, None), |(_, v)| *v);
        combatants.push(p11_character(id, name, k, m, init, hp, dice.coin()));
    }
    let unknown: Vec<&String> = how
        .characters
        .keys()
        .filter(|n| {
            !combatants.iter().any(|c| {
                c.side == Side::Party
                    && (c.name.eq_ignore_ascii_case(n) || c.id == crate::monster::slugify(n))
            })
        })
        .collect();
    if let Some(n) = unknown.first() {
        return Err(BuildError::UnknownCharacter {
            name: (*n).clone(),
            characters: combatants
                .iter()
                .filter(|c| c.side == Side::Party)
                .map(|c| c.name.clone())
                .collect(),
        });
    }
    let mut state = FightState {
        round: 0,
        turn: None,
        acted: Vec::new(),
        combatants,
        challenges,
        next_effect: 1,
        log: Vec::new(),
        ended: None,
        surprise: false,
        offers: Vec::new(),
    };
    log(
        &mut state,
        format!("the fight of {} begins (seed {})", encounter.name, how.seed),
    );
    for r in rolls {
        log(&mut state, r);
    }
    // A character that comes to the fight at 0 HP or below lies prone too (P3, P8).
    for i in 0..state.combatants.len() {
        if state.combatants[i].life == Life::Unconscious {
            let id = state.next_effect;
            state.next_effect += 1;
            state.combatants[i].effects.push(rules::p3_falls_prone(id));
        }
    }
    p14_surprised_at_start(&mut state, &how.surprised)?;
    for c in state.combatants.iter().filter(|c| c.side == Side::Party) {
        if let Some(i) = c.initiative {
            let line = format!("{} rolls {i} for initiative", c.name);
            state.log.push(crate::fight::model::LogLine {
                round: 0,
                text: line,
                step: 0,
            });
        }
    }
    let mut f = Fight::new(
        encounter.name.clone(),
        how.encounter_id.clone(),
        how.seed,
        state,
    );
    f.adventure.clone_from(&how.adventure);
    f.party.clone_from(&how.party_id);
    Ok(f)
}

/// A combatant joining the fight: another of one already in it (its id), or a monster of the
/// bestiary, which rolls its own initiative with the step's dice.
pub fn reinforcement(
    f: &Fight,
    bestiary: &Bestiary,
    what: &str,
    ally: bool,
    initiative: Option<i64>,
) -> Result<Combatant, BuildError> {
    // The number a new one takes: the first from `from` whose id is free, so that its id and its
    // name carry the same number ("Hedgemaw 2" is `hedgemaw-2`).
    let free = |base: &str, from: usize| {
        (from.max(1)..)
            .find(|n| {
                !f.now
                    .combatants
                    .iter()
                    .any(|c| c.id == format!("{base}-{n}"))
            })
            .unwrap_or(from)
    };
    if let Some(like) = f.now.combatants.iter().find(|c| c.id == what) {
        // Another of a group: the same numbers, fresh, acting with its group.
        let base = like.id.rsplit_once('-').map_or(like.id.as_str(), |(b, n)| {
            if n.parse::<u32>().is_ok() {
                b
            } else {
                &like.id
            }
        });
        let mut c = like.clone();
        let kin = f
            .now
            .combatants
            .iter()
            .filter(|x| x.group.is_some() && x.group == like.group)
            .count();
        let n = free(base, kin + 1);
        c.id = format!("{base}-{n}");
        let stem = like
            .name
            .rsplit_once(' ')
            .filter(|(_, n)| n.parse::<u32>().is_ok())
            .map_or(like.name.as_str(), |(s, _)| s);
        c.name = format!("{stem} {n}");
        c.hp = c.max_hp.unwrap_or(0);
        c.temp_hp = 0;
        c.life = Life::Up;
        c.effects.clear();
        c.started_round = 0;
        c.overcome = None;
        for p in &mut c.powers {
            p.used = false;
        }
        if let Some(i) = initiative {
            c.initiative = Some(i);
        }
        return Ok(c);
    }
    let side = if ally { Side::Ally } else { Side::Foe };
    // The monster's others in the fight: the new one is numbered after them, id and name alike.
    let kin = f
        .now
        .combatants
        .iter()
        .filter(|c| matches!(&c.origin, crate::fight::model::Origin::Monster { id } if id == what))
        .count();
    let id = if kin == 0 && !f.now.combatants.iter().any(|c| c.id == what) {
        what.to_owned()
    } else {
        format!("{what}-{}", free(what, kin + 1))
    };
    let mut c = monster(bestiary, what, id.clone(), None, side)
        .map_err(|e| BuildError::NotAReinforcement(Box::new(e)))?;
    if let Some((_, n)) = id
        .rsplit_once('-')
        .filter(|(_, n)| n.parse::<u32>().is_ok())
        && id != what
    {
        c.name = format!("{} {n}", c.name);
    }
    let count = match initiative {
        Some(i) => i,
        None => {
            let mut dice = Dice::for_step(f.seed, f.history.len() + 1);
            let (count, _) = rules::p1_roll(&mut dice, c.init_mod);
            c.coin = dice.coin();
            count
        }
    };
    c.initiative = Some(count);
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::level::Level;

    #[test]
    fn callers_can_tell_the_kinds_of_build_error_apart() {
        let bestiary = Bestiary::shipped();
        let party = Party::uniform(2, Level::new(3).unwrap());
        let e = Encounter::new("Empty hall", &party);
        let zed = Start {
            characters: BTreeMap::from([("Zed".to_owned(), (Some(12), None))]),
            ..Start::default()
        };
        let err = start(&e, &party, &bestiary, &zed).unwrap_err();
        assert_eq!(
            err,
            BuildError::UnknownCharacter {
                name: "Zed".to_owned(),
                characters: vec!["Character 1".to_owned(), "Character 2".to_owned()],
            }
        );
        assert_eq!(
            err.to_string(),
            "the party has no character named `Zed`; its characters: Character 1, Character 2"
        );
        let err = monster(&bestiary, "no-such-beast", "x".into(), None, Side::Foe).unwrap_err();
        assert!(matches!(&err, BuildError::UnknownMonster { id, .. } if id == "no-such-beast"));
        assert!(
            err.to_string()
                .starts_with("no monster has the id `no-such-beast`")
        );
        let f = start(&e, &party, &bestiary, &Start::default()).unwrap();
        let err = reinforcement(&f, &bestiary, "no-such-beast", false, None).unwrap_err();
        assert!(matches!(
            &err,
            BuildError::NotAReinforcement(inner) if matches!(**inner, BuildError::UnknownMonster { .. })
        ));
        assert!(
            err.to_string()
                .ends_with("; or name a creature already in the fight to add another of it")
        );
    }
}
