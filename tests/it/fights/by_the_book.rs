//! The fight by the book (issue 34): each case of the audit against the rulebook's combat
//! chapter (§1, named `case_N_...`) and the rulings P11-P20, each pinned on a fight built by hand
//! or run from the command line, with the book's line it comes from.

use crate::common;

use common::lairsmith;
use lairsmith_core::fight::Fight;
use lairsmith_core::fight::model::{
    Affliction, Combatant, Defenses, FightState, Life, Origin, Side, Until,
};
use lairsmith_core::fight::model::{Aura, PowerState};
use lairsmith_core::fight::rules;
use lairsmith_core::fight::step::{AttackTarget, EffectSpec, Step};
use lairsmith_core::rules::creature::{Condition, DamageType};
use lairsmith_core::rules::power_vocab::{Defense, Usage};

/// Writes the encounter `e` (named E) into the data directory `d`: `rest` is its party and
/// groups, as YAML.
fn encounter_e(d: &std::path::Path, rest: &str) {
    std::fs::create_dir_all(d.join("encounters")).unwrap();
    std::fs::write(
        d.join("encounters/e.yaml"),
        format!("kind: encounter\nschema_version: 1\nname: E\n{rest}"),
    )
    .unwrap();
}

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).into_owned()
}

/// A monster of `hp` hit points acting on `init`, defenses 20/18/17/16.
fn monster(id: &str, hp: i64, init: i64) -> Combatant {
    Combatant {
        id: id.to_owned(),
        name: id.to_owned(),
        side: Side::Foe,
        origin: Origin::Monster { id: id.to_owned() },
        initiative: Some(init),
        max_hp: Some(hp),
        hp,
        defenses: Some(Defenses {
            ac: 20,
            fortitude: 18,
            reflex: 17,
            will: 16,
        }),
        xp: 100,
        ..Combatant::default()
    }
}

/// A character with its party's numbers (P11): `hp` maximum, 7 recoveries of a quarter of it,
/// one action point, defenses 17/15/14/13.
fn character(id: &str, hp: i64, init: i64) -> Combatant {
    Combatant {
        side: Side::Party,
        origin: Origin::Character,
        recoveries: Some(7),
        recovery_value: Some(hp / 4),
        action_points: 1,
        defenses: Some(Defenses {
            ac: 17,
            fortitude: 15,
            reflex: 14,
            will: 13,
        }),
        xp: 0,
        ..monster(id, hp, init)
    }
}

/// A power of `usage` attacking `bonus` vs `def` for `damage`, from melee, against one creature.
fn power(name: &str, usage: Usage, bonus: i64, def: Defense, damage: &str) -> PowerState {
    PowerState {
        name: name.to_owned(),
        usage,
        refresh: Vec::new(),
        attack: Some((bonus, def)),
        attacks: 1,
        damage: Some(damage.to_owned()),
        damage_type: None,
        used: false,
        origin: Some(lairsmith_core::rules::power_vocab::Origin::Melee),
        targets: Some("one creature".into()),
        hit: None,
        miss: None,
        effect: None,
    }
}

fn fight(combatants: Vec<Combatant>) -> Fight {
    let s = FightState {
        round: 0,
        turn: None,
        acted: Vec::new(),
        combatants,
        challenges: Vec::new(),
        next_effect: 1,
        log: Vec::new(),
        ended: None,
        surprise: false,
        offers: Vec::new(),
    };
    Fight::new("Test".into(), "test".into(), 7, s)
}

fn c<'a>(f: &'a Fight, id: &str) -> &'a Combatant {
    f.now.combatants.iter().find(|c| c.id == id).unwrap()
}

fn ok(f: &mut Fight, step: Step) {
    f.push(step.clone())
        .unwrap_or_else(|e| panic!("{step:?}: {e}"));
}

fn refused(f: &mut Fight, step: Step) -> String {
    let before = f.now.clone();
    let e = f
        .push(step.clone())
        .expect_err(&format!("{step:?} is refused"));
    assert_eq!(f.now, before, "a refused step changes nothing");
    e.to_string()
}

/// The log's lines, oldest first.
fn lines(f: &Fight) -> Vec<String> {
    f.log().unwrap().into_iter().map(|l| l.text).collect()
}

/// The log's lines since `from` lines.
fn since(f: &Fight, from: usize) -> String {
    lines(f)[from..].join("\n")
}

fn next() -> Step {
    Step::next()
}

/// `fight next` until it is `who`'s turn.
fn to_turn(f: &mut Fight, who: &str) {
    for _ in 0..40 {
        if f.now.turn.as_deref() == Some(who) {
            return;
        }
        ok(f, next());
    }
    panic!("{who}'s turn never came");
}

fn attack(who: &str, power: &str, targets: &[&str], d20: &[i64]) -> Step {
    Step::Attack {
        who: who.into(),
        power: power.into(),
        target: targets[0].into(),
        defense: None,
        apply: true,
        also: targets[1..]
            .iter()
            .map(|t| AttackTarget {
                who: (*t).into(),
                defense: None,
            })
            .collect(),
        mods: Vec::new(),
        d20: d20.to_vec(),
        riders: false,
        immediate: false,
    }
}

fn with_mods(step: Step, words: &[&str]) -> Step {
    match step {
        Step::Attack {
            who,
            power,
            target,
            defense,
            apply,
            also,
            d20,
            riders,
            immediate,
            ..
        } => Step::Attack {
            who,
            power,
            target,
            defense,
            apply,
            also,
            mods: words.iter().map(|w| (*w).to_owned()).collect(),
            d20,
            riders,
            immediate,
        },
        s => s,
    }
}

fn effect(who: &str, what: Affliction, until: Until) -> Step {
    Step::Effect {
        who: who.into(),
        effect: EffectSpec::new(what, until),
    }
}

fn condition(c: Condition) -> Affliction {
    Affliction::Condition {
        condition: c,
        by: None,
    }
}

fn damage(who: &str, amount: i64, t: Option<DamageType>) -> Step {
    Step::Damage {
        who: who.into(),
        amount,
        damage_type: t,
        also_types: Vec::new(),
    }
}

fn heal(who: &str, amount: i64, recovery: bool) -> Step {
    Step::Heal {
        who: who.into(),
        amount,
        recovery,
    }
}

fn has(f: &Fight, who: &str, cond: Condition) -> bool {
    rules::p8_has(c(f, who), cond)
}

// §1. What the runner did against the book.

/// Case 1 (P7). The book: "the target is dazed until the end of your next turn, then they stop
/// being dazed". "Until the end of X's next turn" ends at the end of the first turn
/// of X that begins after the effect was applied; "until the start of X's next turn" at the
/// start of that turn. Every moment of application (before round 1, then each turn of two
/// rounds), every creature whose turn it names and every creature it is on, against the
/// reading of P7 written here independently: a list of whose turn each turn is.
#[test]
fn case_1_durations_end_at_the_named_creatures_next_turn_not_a_turn_early() {
    let order = ["a", "b", "c"];
    // Turn k (from 1) belongs to order[(k - 1) % 3]; `moment` is how many turns have begun.
    let owner = |k: usize| order[(k - 1) % order.len()];
    let mut checked = 0;
    for moment in 0..=6usize {
        for x in order {
            for on in order {
                for end in [true, false] {
                    let mut f = fight(vec![
                        monster("a", 500, 30),
                        monster("b", 500, 20),
                        monster("c", 500, 10),
                    ]);
                    for _ in 0..moment {
                        ok(&mut f, next());
                    }
                    let until = if end {
                        Until::EndOf(x.into())
                    } else {
                        Until::StartOf(x.into())
                    };
                    let id = f.now.next_effect;
                    ok(&mut f, effect(on, condition(Condition::Dazed), until));
                    // The first turn of X that begins after it was applied.
                    let named = (moment + 1..).find(|&k| owner(k) == x).unwrap();
                    for turn in moment + 1..=moment + 7 {
                        ok(&mut f, next());
                        let present = c(&f, on).effects.iter().any(|e| e.id == id);
                        let expected = if end { turn <= named } else { turn < named };
                        assert_eq!(
                            present,
                            expected,
                            "applied after {moment} turns on {on}, until the {} of {x}'s next turn: during turn {turn} ({}'s)",
                            if end { "end" } else { "start" },
                            owner(turn)
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, 7 * 3 * 3 * 2 * 7);
}

/// Case 1, from a power's line: "until the end of your next turn" is anchored to the attacker
/// (P16), and applied on its turn it lasts through its next one (P7).
/// P7 (L990-997, "until the end of your next turn"): a turn that ends early, because its
/// creature dies at its start (persistent damage) or leaves during it, still ends what lasts
/// until its end. Found by the random fights' invariant: the effect outlived the turn.
#[test]
fn case_1_a_turn_cut_short_ends_what_lasts_until_its_end() {
    for cut in ["dies at its start", "leaves during it"] {
        let mut f = fight(vec![
            monster("hedgemaw", 100, 20),
            monster("keener", 5, 10),
            character("ana", 40, 5),
        ]);
        ok(&mut f, next());
        // On Hedgemaw's turn, Ana is slowed until the end of the keener's next turn.
        ok(
            &mut f,
            effect(
                "ana",
                condition(Condition::Slowed),
                Until::EndOf("keener".into()),
            ),
        );
        if cut == "dies at its start" {
            ok(
                &mut f,
                effect(
                    "keener",
                    Affliction::Persistent {
                        amount: 10,
                        damage_type: None,
                    },
                    Until::SaveEnds,
                ),
            );
            ok(&mut f, next());
        } else {
            ok(&mut f, next());
            assert_eq!(f.now.turn.as_deref(), Some("keener"));
            assert!(
                has(&f, "ana", Condition::Slowed),
                "on through the keener's turn"
            );
            ok(
                &mut f,
                Step::Remove {
                    who: "keener".into(),
                },
            );
        }
        assert!(
            !has(&f, "ana", Condition::Slowed),
            "{cut}: {}",
            since(&f, 0)
        );
    }
}

#[test]
fn case_1_a_riders_your_next_turn_is_the_attackers_and_outlives_this_turn() {
    let mut hm = monster("hedgemaw", 100, 30);
    let mut lash = power("Thorn Lash", Usage::AtWill, 30, Defense::Ac, "1d6");
    lash.hit = Some("and the target is dazed until the end of your next turn".into());
    hm.powers.push(lash);
    let mut f = fight(vec![hm, character("ana", 40, 10)]);
    ok(&mut f, next());
    let mut s = attack("hedgemaw", "thorn lash", &["ana"], &[15]);
    if let Step::Attack { riders, .. } = &mut s {
        *riders = true;
    }
    ok(&mut f, s);
    assert!(has(&f, "ana", Condition::Dazed), "{}", since(&f, 0));
    ok(&mut f, next()); // Ana's turn
    assert!(has(&f, "ana", Condition::Dazed));
    ok(&mut f, next()); // Hedgemaw's next turn
    assert_eq!(f.now.turn.as_deref(), Some("hedgemaw"));
    assert!(has(&f, "ana", Condition::Dazed));
    ok(&mut f, next()); // its end
    assert!(!has(&f, "ana", Condition::Dazed), "{}", since(&f, 0));
}

/// Case 2 (P13). The book, Critical Hits: "When you score a critical hit, you do maximum damage
/// with the attack." A natural 20 on 3d10+5 is 35.
#[test]
fn case_2_a_critical_hit_deals_maximum_damage() {
    let mut hm = monster("hedgemaw", 100, 30);
    hm.powers
        .push(power("Thorn Lash", Usage::AtWill, 8, Defense::Ac, "3d10+5"));
    let mut f = fight(vec![hm, character("ana", 60, 10)]);
    ok(&mut f, next());
    ok(&mut f, attack("hedgemaw", "thorn lash", &["ana"], &[20]));
    let log = since(&f, 0);
    assert!(log.contains("a critical hit (P13)"), "{log}");
    assert!(log.contains("maximum damage 3d10+5 = 35 (P13)"), "{log}");
    assert_eq!(c(&f, "ana").hp, 25);
}

/// Case 3 (P15). The book, Powers: "When an area of effect attack affects multiple targets you
/// make a separate attack roll for each of them, but you only roll damage once for all
/// targets." "One or two creatures" takes two targets; the power is used once.
#[test]
fn case_3_a_power_against_several_targets_rolls_once_a_target_and_damage_once() {
    let mut hm = monster("hedgemaw", 100, 30);
    let mut sweep = power("Sweep", Usage::Encounter, 30, Defense::Reflex, "2d8+3");
    sweep.targets = Some("one or two creatures".into());
    hm.powers.push(sweep);
    let mut f = fight(vec![
        hm,
        character("ana", 60, 10),
        character("bo", 60, 9),
        character("cy", 60, 8),
    ]);
    ok(&mut f, next());
    let from = lines(&f).len();
    ok(
        &mut f,
        attack("hedgemaw", "sweep", &["ana", "bo"], &[12, 13]),
    );
    let log = since(&f, from);
    assert_eq!(log.matches(" vs Reflex ").count(), 2, "{log}");
    assert!(log.contains("damage rolled once"), "{log}");
    let (a, b) = (c(&f, "ana").hp, c(&f, "bo").hp);
    assert!(a < 60 && a == b, "one damage roll for both: {a} {b}\n{log}");
    assert!(c(&f, "hedgemaw").powers[0].used, "used once");
    // A third target is past what the power allows.
    let mut f2 = f.clone();
    ok(&mut f2, next());
    to_turn(&mut f2, "hedgemaw");
    let why = refused(&mut f2, attack("hedgemaw", "sweep", &["ana"], &[]));
    assert!(why.contains("used"), "{why}");
    let mut g = fight(vec![
        {
            let mut hm = monster("hedgemaw", 100, 30);
            let mut sweep = power("Sweep", Usage::AtWill, 30, Defense::Reflex, "2d8+3");
            sweep.targets = Some("one or two creatures".into());
            hm.powers.push(sweep);
            hm
        },
        character("ana", 60, 10),
        character("bo", 60, 9),
        character("cy", 60, 8),
    ]);
    ok(&mut g, next());
    let why = refused(
        &mut g,
        attack("hedgemaw", "sweep", &["ana", "bo", "cy"], &[]),
    );
    assert!(why.contains("at most 2 a use, not 3 (P15)"), "{why}");
    // A burst takes every creature named.
    let mut h = fight(vec![
        {
            let mut hm = monster("hedgemaw", 100, 30);
            let mut burst = power("Bloom", Usage::AtWill, 30, Defense::Fortitude, "1d6");
            burst.origin = Some(lairsmith_core::rules::power_vocab::Origin::Near);
            burst.targets = Some("each creature in the burst".into());
            hm.powers.push(burst);
            hm
        },
        character("ana", 60, 10),
        character("bo", 60, 9),
        character("cy", 60, 8),
    ]);
    ok(&mut h, next());
    ok(
        &mut h,
        attack("hedgemaw", "bloom", &["ana", "bo", "cy"], &[]),
    );
}

/// Case 4 (P16, L978-982): "Miss: Half damage" halves the damage rolled on a miss.
#[test]
fn case_4_miss_half_damage_deals_half() {
    let mut hm = monster("hedgemaw", 100, 30);
    let mut bloom = power(
        "Devouring Bloom",
        Usage::AtWill,
        0,
        Defense::Fortitude,
        "2d10+10",
    );
    bloom.miss = Some("Half damage.".into());
    hm.powers.push(bloom);
    let mut f = fight(vec![hm, character("bo", 60, 10)]);
    ok(&mut f, next());
    ok(&mut f, attack("hedgemaw", "devouring bloom", &["bo"], &[2]));
    let log = since(&f, 0);
    let half: i64 = log
        .split("the miss deals half damage: ")
        .nth(1)
        .unwrap_or_else(|| panic!("{log}"))
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((6..=15).contains(&half), "{log}");
    assert_eq!(c(&f, "bo").hp, 60 - half);
}

/// Case 5 (P3, P12). The book, Instant Death: "When damage reduces you to negative hit points
/// equivalent to your staggered value or worse (for example -22 HP if your HP is 44), you
/// die." Death Saving Throws: "A failure has no effect until your third failure, whereupon you
/// die."
#[test]
fn case_5_characters_die_at_minus_their_staggered_value_and_by_three_failed_death_saves() {
    let mut f = fight(vec![monster("m", 100, 30), character("ana", 40, 10)]);
    ok(&mut f, next());
    ok(&mut f, damage("ana", 66, None));
    assert_eq!(c(&f, "ana").life, Life::Dead, "{}", since(&f, 0));
    let mut f = fight(vec![monster("m", 100, 30), character("ana", 40, 10)]);
    ok(&mut f, next());
    ok(&mut f, damage("ana", 45, None));
    assert_eq!(c(&f, "ana").life, Life::Unconscious);
    assert!(rules::p12_is_dying(c(&f, "ana")));
    assert!(has(&f, "ana", Condition::Prone));
    // Death saves at the start of its turns, the player's rolls: 5, 5, 5 kill it.
    for (n, roll) in [5, 5, 5].into_iter().enumerate() {
        to_turn(&mut f, "m");
        let from = lines(&f).len();
        ok(&mut f, Step::Next { rolls: vec![roll] });
        let log = since(&f, from);
        assert!(log.contains("death saving throw"), "{log}");
        assert_eq!(c(&f, "ana").death_failures as usize, n + 1, "{log}");
    }
    assert_eq!(c(&f, "ana").life, Life::Dead, "{}", since(&f, 0));
}

/// Case 6 (P8). The book, Marked: "Unless otherwise specified, the marked condition lasts until
/// the end of the encounter"; P8 ends it when the marker dies or falls unconscious.
#[test]
fn case_6_a_mark_ends_when_its_marker_dies() {
    let mut f = fight(vec![monster("hedgemaw", 10, 30), character("ana", 40, 10)]);
    ok(&mut f, next());
    ok(
        &mut f,
        effect(
            "ana",
            Affliction::Condition {
                condition: Condition::Marked,
                by: Some("hedgemaw".into()),
            },
            Until::Encounter,
        ),
    );
    assert!(has(&f, "ana", Condition::Marked));
    ok(&mut f, damage("hedgemaw", 10, None));
    assert_eq!(c(&f, "hedgemaw").life, Life::Dead);
    assert!(!has(&f, "ana", Condition::Marked), "{}", since(&f, 0));
}

/// Case 7 (P5). The book: "A creature that is incorporeal takes half damage on all attacks";
/// a swarm has "Resistance to Melee and Ranged X, vulnerability to Near and Far X"; reactive
/// resistance: "The first time a creature is damaged by an attack that does acid, cold,
/// lightning, fire or thunder damage, the creature gains resistance to that energy X";
/// petrified resists all 20.
#[test]
fn case_7_incorporeal_swarm_reactive_and_petrified_change_damage() {
    let mut att = monster("att", 100, 30);
    let mut claw = power("Claw", Usage::AtWill, 40, Defense::Ac, "20");
    claw.damage_type = Some(DamageType::Fire);
    att.powers.push(claw.clone());
    let mut blast = claw.clone();
    blast.name = "Blast".into();
    blast.origin = Some(lairsmith_core::rules::power_vocab::Origin::Near);
    blast.targets = Some("each creature in the blast".into());
    att.powers.push(blast);
    // Incorporeal: 20 from an attack is 10.
    let mut spirit = monster("spirit", 100, 10);
    spirit.incorporeal = true;
    let mut f = fight(vec![att.clone(), spirit]);
    ok(&mut f, next());
    ok(&mut f, attack("att", "claw", &["spirit"], &[10]));
    assert_eq!(c(&f, "spirit").hp, 90, "{}", since(&f, 0));
    // A swarm: resist 10 against melee, vulnerable 10 to near.
    let mut swarm = monster("swarm", 100, 10);
    swarm.resistances = vec![lairsmith_core::fight::model::Resist {
        against: "melee".into(),
        value: 10,
    }];
    swarm.vulnerabilities = vec![lairsmith_core::fight::model::Resist {
        against: "near".into(),
        value: 10,
    }];
    let mut f = fight(vec![att.clone(), swarm]);
    ok(&mut f, next());
    ok(&mut f, attack("att", "claw", &["swarm"], &[10]));
    assert_eq!(c(&f, "swarm").hp, 90, "melee: 20 - 10\n{}", since(&f, 0));
    ok(&mut f, attack("att", "blast", &["swarm"], &[10]));
    assert_eq!(c(&f, "swarm").hp, 60, "near: 20 + 10\n{}", since(&f, 0));
    // Reactive resistance 10: the first fire hit is resisted already, and so is the second.
    let mut demon = monster("demon", 100, 10);
    demon.reactive = Some(10);
    let mut f = fight(vec![att.clone(), demon]);
    ok(&mut f, next());
    ok(&mut f, attack("att", "claw", &["demon"], &[10]));
    ok(&mut f, attack("att", "claw", &["demon"], &[10]));
    assert_eq!(c(&f, "demon").hp, 80, "{}", since(&f, 0));
    // Petrified: resist 20 to all.
    let mut f = fight(vec![att, monster("statue", 100, 10)]);
    ok(&mut f, next());
    ok(
        &mut f,
        effect("statue", condition(Condition::Petrified), Until::SaveEnds),
    );
    ok(&mut f, damage("statue", 10, Some(DamageType::Fire)));
    assert_eq!(c(&f, "statue").hp, 100, "{}", since(&f, 0));
}

/// Case 8 (P5). The book, Weakened: "The damage of your attacks is halved, except persistent
/// damage."
#[test]
fn case_8_a_weakened_attacker_deals_half_damage() {
    let mut att = monster("att", 100, 30);
    att.powers
        .push(power("Claw", Usage::AtWill, 40, Defense::Ac, "20"));
    let mut f = fight(vec![att, character("ana", 60, 10)]);
    ok(&mut f, next());
    ok(
        &mut f,
        effect("att", condition(Condition::Weakened), Until::SaveEnds),
    );
    ok(&mut f, attack("att", "claw", &["ana"], &[10]));
    assert_eq!(c(&f, "ana").hp, 50, "{}", since(&f, 0));
    assert!(since(&f, 0).contains("is weakened (P5)"));
}

/// Case 9 (P13, L1191-1197, L1341-1343): what the fight knows changes the roll, named in the
/// log; what only the table knows is given in words.
#[test]
fn case_9_attack_modifiers_from_conditions_and_the_tables_words() {
    let mut att = monster("att", 100, 30);
    att.powers
        .push(power("Claw", Usage::AtWill, 10, Defense::Ac, "1d4"));
    let run = |target_cond: Option<Condition>,
               attacker_cond: Option<Condition>,
               words: &[&str]|
     -> String {
        let mut f = fight(vec![
            att.clone(),
            character("ana", 60, 10),
            monster("m2", 50, 5),
        ]);
        ok(&mut f, next());
        if let Some(tc) = target_cond {
            ok(&mut f, effect("ana", condition(tc), Until::SaveEnds));
        }
        if let Some(ac) = attacker_cond {
            let what = if ac == Condition::Marked {
                Affliction::Condition {
                    condition: ac,
                    by: Some("m2".into()),
                }
            } else {
                condition(ac)
            };
            ok(&mut f, effect("att", what, Until::SaveEnds));
        }
        let from = lines(&f).len();
        ok(
            &mut f,
            with_mods(attack("att", "claw", &["ana"], &[10]), words),
        );
        since(&f, from)
    };
    let total = |log: &str| -> i64 {
        log.split(" = ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let plain = run(None, None, &[]);
    assert_eq!(total(&plain), 20, "{plain}");
    for (cond, change) in [
        (Condition::Prone, 2),
        (Condition::Stunned, 2),
        (Condition::Blinded, 2),
        (Condition::Helpless, 2),
        (Condition::Dazed, 2),
    ] {
        let log = run(Some(cond), None, &[]);
        assert_eq!(total(&log), 20 + change, "{cond:?}: {log}");
        assert!(log.contains("combat advantage"), "{cond:?}: {log}");
    }
    for cond in [Condition::Rattled, Condition::Prone, Condition::Marked] {
        let log = run(None, Some(cond), &[]);
        assert_eq!(total(&log), 18, "{cond:?}: {log}");
    }
    for (words, change) in [
        (&["cover"][..], -2),
        (&["superior-cover"][..], -5),
        (&["charge"][..], 1),
        (&["ca"][..], 2),
        (&["-3"][..], -3),
        (&["cover", "charge"][..], -1),
    ] {
        let log = run(None, None, words);
        assert_eq!(total(&log), 20 + change, "{words:?}: {log}");
    }
}

/// Case 9: an unconscious target's defenses are 5 lower, and it grants combat advantage.
#[test]
fn case_9_an_unconscious_target_is_attacked_at_minus_5_with_combat_advantage() {
    let mut att = monster("att", 100, 30);
    att.powers
        .push(power("Claw", Usage::AtWill, 0, Defense::Ac, "1d4"));
    let mut f = fight(vec![att, character("ana", 40, 10)]);
    ok(&mut f, next());
    ok(&mut f, damage("ana", 41, None));
    let from = lines(&f).len();
    ok(&mut f, attack("att", "claw", &["ana"], &[10]));
    let log = since(&f, from);
    // d20 10 + 0, +2 combat advantage, +5 for its defenses' -5: 17 against AC 17, a hit.
    assert!(log.contains("combat advantage"), "{log}");
    assert!(
        log.contains("-5 to its defenses = 17 vs AC 17, hit"),
        "{log}"
    );
}

/// Case 10 (P8, L1533, L1547-1552): prone lasts until the creature stands; surprised until the
/// surprise round ends.
#[test]
fn case_10_prone_ends_by_standing_and_surprised_with_the_surprise_round() {
    assert_eq!(
        rules::p8_default_until(Condition::Prone),
        Some(Until::Stands)
    );
    assert_eq!(
        rules::p8_default_until(Condition::Surprised),
        Some(Until::SurpriseRound)
    );
    let mut f = fight(vec![monster("m", 100, 30), character("ana", 40, 10)]);
    ok(&mut f, next());
    ok(
        &mut f,
        effect("ana", condition(Condition::Prone), Until::Stands),
    );
    for _ in 0..4 {
        ok(&mut f, next());
    }
    assert!(has(&f, "ana", Condition::Prone), "no save ends it");
    ok(&mut f, Step::Stand { who: "ana".into() });
    assert!(!has(&f, "ana", Condition::Prone));
}

/// Case 11 (P9). The book, Action Points: "Once per encounter (but not during a surprise
/// round), a character can spend an Action Point to take one additional standard, move or swift
/// action during their turn." A monster spends one on its own turn only.
#[test]
fn case_11_characters_spend_action_points_and_monsters_only_on_their_turn() {
    let mut boss = monster("boss", 100, 30);
    boss.action_points = 2;
    let mut f = fight(vec![boss, character("ana", 40, 10)]);
    ok(&mut f, next());
    let why = refused(&mut f, Step::ActionPoint { who: "ana".into() });
    assert!(why.contains("own turn"), "{why}");
    ok(&mut f, Step::ActionPoint { who: "boss".into() });
    ok(&mut f, next());
    let why = refused(&mut f, Step::ActionPoint { who: "boss".into() });
    assert!(why.contains("own turn"), "{why}");
    ok(&mut f, Step::ActionPoint { who: "ana".into() });
    assert_eq!(c(&f, "ana").action_points, 0);
}

/// Case 12 (P6). The book, Regeneration: "The creature heals # hit points at the start of its
/// turn, unless it is dead."
#[test]
fn case_12_a_knocked_out_monster_regenerates() {
    let mut troll = monster("troll", 40, 30);
    troll.regeneration = Some(lairsmith_core::fight::model::Regen {
        value: 5,
        when: lairsmith_core::monster::design::RegenerationWhen::Always,
    });
    let mut f = fight(vec![troll, character("ana", 40, 10)]);
    ok(&mut f, next());
    ok(&mut f, next());
    ok(&mut f, damage("troll", 45, None));
    ok(
        &mut f,
        Step::KnockOut {
            who: "troll".into(),
        },
    );
    assert_eq!(c(&f, "troll").life, Life::Unconscious);
    ok(&mut f, next());
    // -5 heals from 0 (L1452): regeneration 5 gives 5.
    assert_eq!(c(&f, "troll").hp, 5, "{}", since(&f, 0));
    assert_eq!(c(&f, "troll").life, Life::Up, "{}", since(&f, 0));
}

/// Case 13 (P3, P4; L1472-1478): a mook's temporary hit points take damage first.
#[test]
fn case_13_a_mook_with_temporary_hit_points_survives_less_damage() {
    let mut mook = monster("mook", 1, 30);
    mook.mook = true;
    let mut f = fight(vec![mook, character("ana", 40, 10)]);
    ok(
        &mut f,
        Step::Temp {
            who: "mook".into(),
            amount: 5,
            replace: false,
        },
    );
    ok(&mut f, damage("mook", 3, None));
    assert_eq!(c(&f, "mook").life, Life::Up);
    assert_eq!(c(&f, "mook").temp_hp, 2);
    ok(&mut f, damage("mook", 3, None));
    assert_eq!(c(&f, "mook").life, Life::Dead);
}

/// Case 14 (P1, P11): a character's initiative modifier from its party decides a tie.
#[test]
fn case_14_a_characters_initiative_modifier_decides_a_tie() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| common::lairsmith_ok(d, args);
    run(&["party", "new", "crew", "--party", "Ana=3"]);
    run(&["party", "stats", "crew", "ana", "--initiative", "30"]);
    encounter_e(d, "party: crew\ngroups:\n- monster: hedgemaw\n  count: 1\n");
    run(&["fight", "start", "e", "--seed", "1"]);
    let (f, _) = lairsmith_core::fight::saved::load_fight(&d.join("fights/e.yaml")).unwrap();
    let hm = c(&f, "hedgemaw");
    assert_eq!(c(&f, "ana").init_mod, 30);
    // Ana ties Hedgemaw's count: her +30 is above its modifier, so she goes first.
    assert!(hm.init_mod < 30);
    run(&[
        "fight",
        "init",
        "e",
        "ana",
        &hm.initiative.unwrap().to_string(),
    ]);
    run(&["fight", "next", "e"]);
    let (f, _) = lairsmith_core::fight::saved::load_fight(&d.join("fights/e.yaml")).unwrap();
    assert_eq!(f.now.turn.as_deref(), Some("ana"));
}

/// Case 15 (P2). The book, Delay: "Beneficial effects that end at the end of your turn end as
/// soon as you Delay." A readied action goes just ahead of its trigger.
#[test]
fn case_15_delay_ends_boons_and_a_readied_action_goes_just_ahead() {
    let mut f = fight(vec![
        character("ana", 40, 30),
        monster("m", 100, 20),
        monster("n", 100, 20),
    ]);
    ok(&mut f, next());
    ok(
        &mut f,
        Step::Effect {
            who: "ana".into(),
            effect: EffectSpec {
                boon: true,
                ..EffectSpec::new(
                    Affliction::Other {
                        text: "+2 to attack rolls".into(),
                    },
                    Until::EndOf("ana".into()),
                )
            },
        },
    );
    ok(
        &mut f,
        Step::Delay {
            who: "ana".into(),
            count: 5,
        },
    );
    assert!(c(&f, "ana").effects.is_empty(), "{}", since(&f, 0));
    // n readies against m: from now on n acts just ahead of m.
    ok(
        &mut f,
        Step::Ready {
            who: "n".into(),
            before: "m".into(),
        },
    );
    let order: Vec<&str> = rules::p1_order(&f.now)
        .into_iter()
        .map(|i| f.now.combatants[i].id.as_str())
        .collect();
    let (m, n) = (
        order.iter().position(|x| *x == "m").unwrap(),
        order.iter().position(|x| *x == "n").unwrap(),
    );
    assert_eq!(n + 1, m, "{order:?}");
}

/// Case 16 (P16): a hit's riders are offered with their durations, and one step applies each.
#[test]
fn case_16_hit_riders_are_offered_and_applied_with_one_step() {
    let mut hm = monster("hedgemaw", 100, 30);
    let mut lash = power("Thorn Lash", Usage::AtWill, 30, Defense::Ac, "1d6");
    lash.hit = Some(
        "and the target is grappled (save ends), takes persistent 5 fire damage (save ends) and is pulled 1 square"
            .into(),
    );
    hm.powers.push(lash);
    let mut f = fight(vec![hm, character("ana", 60, 10)]);
    ok(&mut f, next());
    ok(&mut f, attack("hedgemaw", "thorn lash", &["ana"], &[12]));
    let log = since(&f, 0);
    assert!(log.contains("offered (P16)"), "{log}");
    assert!(log.contains("grappled"), "{log}");
    assert!(log.contains("persistent 5 fire"), "{log}");
    assert!(log.contains("pulled 1 square"), "{log}");
    let offered = f.now.offers.len();
    assert_eq!(offered, 3, "{:?}", f.now.offers);
    ok(&mut f, Step::Apply { offer: 2 });
    let words: Vec<String> = c(&f, "ana")
        .effects
        .iter()
        .map(|e| rules::effect_words(e, &f.now))
        .collect();
    assert!(
        words.iter().any(|w| w.contains("persistent 5 fire")),
        "{words:?}"
    );
}

// P11-P20: each new ruling.

/// P11: a fight takes a character's numbers from its saved party, and `--pc` overrides them
/// for one fight.
#[test]
fn p11_a_fight_takes_the_characters_numbers_from_the_party() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| common::lairsmith_ok(d, args);
    run(&["party", "new", "crew", "--party", "Ana=3,Bo=3"]);
    run(&[
        "party",
        "stats",
        "crew",
        "ana",
        "--hp",
        "40",
        "--hp-now",
        "31",
        "--ac",
        "18",
        "--fortitude",
        "15",
        "--reflex",
        "16",
        "--will",
        "14",
        "--initiative",
        "4",
        "--save",
        "1",
        "--recoveries",
        "8",
        "--action-points",
        "2",
    ]);
    encounter_e(d, "party: crew\ngroups:\n- monster: hedgemaw\n  count: 1\n");
    run(&["fight", "start", "e", "--seed", "1", "--pc", "Bo=12/25"]);
    let (f, _) = lairsmith_core::fight::saved::load_fight(&d.join("fights/e.yaml")).unwrap();
    let ana = c(&f, "ana");
    assert_eq!((ana.max_hp, ana.hp), (Some(40), 31));
    assert_eq!(
        ana.defenses.map(|d| (d.ac, d.fortitude, d.reflex, d.will)),
        Some((18, 15, 16, 14))
    );
    assert_eq!((ana.init_mod, ana.save_bonus, ana.action_points), (4, 1, 2));
    assert_eq!((ana.recoveries, ana.recovery_value), (Some(8), Some(10)));
    let bo = c(&f, "bo");
    assert_eq!((bo.max_hp, bo.hp, bo.initiative), (Some(25), 25, Some(12)));
    // An attack on Ana needs no --defense: the fight knows her AC.
    run(&["fight", "init", "e", "ana", "20"]);
    run(&["fight", "next", "e"]);
    run(&["fight", "next", "e"]);
    let out = run(&["fight", "roll", "e", "hedgemaw", "thorn lash", "ana"]);
    assert!(out.contains("vs AC 18"), "{out}");
}

/// P12. The book: "When you make a death saving throw and roll 20 or higher, you can spend a
/// recovery. Your HP are set to equal to your recovery value, and therefore you stop dying and
/// become conscious, although you are still prone." "A stable character stops making death
/// saves." "If a dying creature gets the opportunity to spend a recovery to heal but it has no
/// recoveries left, its HP is set to 1 instead."
#[test]
fn p12_a_death_save_of_20_spends_a_recovery_and_stabilize_stops_the_saves() {
    let mut f = fight(vec![monster("m", 100, 30), character("ana", 40, 10)]);
    ok(&mut f, next());
    ok(&mut f, damage("ana", 45, None));
    to_turn(&mut f, "m");
    ok(&mut f, Step::Next { rolls: vec![20] });
    let ana = c(&f, "ana");
    assert_eq!(
        (ana.hp, ana.life, ana.recoveries),
        (10, Life::Up, Some(6)),
        "{}",
        since(&f, 0)
    );
    assert!(has(&f, "ana", Condition::Prone), "still prone");
    // Down again, stabilised: no more death saves.
    ok(&mut f, damage("ana", 15, None));
    ok(&mut f, Step::Stabilize { who: "ana".into() });
    to_turn(&mut f, "m");
    let from = lines(&f).len();
    ok(&mut f, next());
    assert!(
        !since(&f, from).contains("death saving throw"),
        "{}",
        since(&f, from)
    );
    // No recoveries left: a heal that would spend one sets a dying character's HP to 1.
    let mut g = fight(vec![monster("m", 100, 30), {
        let mut a = character("ana", 40, 10);
        a.recoveries = Some(0);
        a
    }]);
    ok(&mut g, damage("ana", 45, None));
    ok(&mut g, heal("ana", 0, true));
    assert_eq!(c(&g, "ana").hp, 1, "{}", since(&g, 0));
}

/// P13. The book, Coup de Grace: "When you make an attack (including using an attack power)
/// against a helpless adjacent opponent, using a standard action, it is a Coup de Grace": a
/// hit is a critical hit, and damage of at least the staggered value kills.
#[test]
fn p13_a_coup_de_grace_is_a_critical_hit_that_kills_at_the_staggered_value() {
    let mut att = monster("att", 100, 30);
    att.powers
        .push(power("Claw", Usage::AtWill, 10, Defense::Ac, "3d10+5"));
    let mut f = fight(vec![att, monster("v", 60, 10)]);
    ok(&mut f, next());
    ok(
        &mut f,
        effect("v", condition(Condition::Helpless), Until::SaveEnds),
    );
    ok(
        &mut f,
        with_mods(attack("att", "claw", &["v"], &[12]), &["coup"]),
    );
    let log = since(&f, 0);
    assert!(log.contains("a coup de grace"), "{log}");
    assert_eq!(c(&f, "v").life, Life::Dead, "{log}");
}

/// P14. The book, Surprised: "You lose this condition when the surprise round ends." The
/// surprised take no turn in it; `fight start --surprised`.
#[test]
fn p14_the_surprised_take_no_turn_in_the_surprise_round() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| common::lairsmith_ok(d, args);
    encounter_e(
        d,
        "party:\n  members:\n  - {name: Ana, level: 3}\ngroups:\n- monster: hedgemaw\n  count: 1\n",
    );
    run(&[
        "fight",
        "start",
        "e",
        "--seed",
        "1",
        "--pc",
        "Ana=5/30",
        "--surprised",
        "hedgemaw",
    ]);
    let mut log = String::new();
    for _ in 0..3 {
        log.push_str(&run(&["fight", "next", "e"]));
    }
    assert!(
        log.contains("Hedgemaw is surprised and takes no turn in the surprise round (P14)"),
        "{log}"
    );
    assert!(
        log.contains("ends: the surprise round is over (P14)"),
        "{log}"
    );
    assert!(log.contains("round 2: Hedgemaw's turn"), "{log}");
    // An unknown id is refused with the fight's ids.
    let o = lairsmith(
        d,
        &[
            "fight",
            "start",
            "e",
            "--seed",
            "1",
            "--surprised",
            "hedgmaw",
        ],
    );
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("did you mean `hedgemaw`"),
        "{}",
        text(&o.stderr)
    );
}

/// P14 (L1064, "any combatants who aren't aware of enemies are surprised"): a whole side is
/// named at once, `party` or `foes`, as the Table screen's question takes it; a creature whose
/// id is the word would be named first.
#[test]
fn p14_a_whole_side_is_named_surprised() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    encounter_e(
        d,
        "party:\n  members:\n  - {name: Ana, level: 3}\n  - {name: Bo, level: 3}\ngroups:\n- monster: hedgemaw\n  count: 2\n",
    );
    for (side, surprised) in [
        ("foes", ["Hedgemaw 1", "Hedgemaw 2"]),
        ("party", ["Ana", "Bo"]),
    ] {
        let out = common::lairsmith_ok(
            d,
            &["fight", "start", "e", "--seed", "1", "--surprised", side],
        );
        let path = out.lines().last().unwrap().trim().to_owned();
        let (f, _) = lairsmith_core::fight::saved::load_fight(std::path::Path::new(&path)).unwrap();
        for name in surprised {
            let c = f.now.combatants.iter().find(|c| c.name == name).unwrap();
            assert!(rules::has(c, Condition::Surprised), "{side}: {name}");
        }
        let others = f
            .now
            .combatants
            .iter()
            .filter(|c| rules::has(c, Condition::Surprised))
            .count();
        assert_eq!(others, 2, "{side}: only its side");
    }
}

/// P13 (L1191-1203, the Attack Modifiers table): the table's words count once. The same word
/// twice, cover with superior cover, concealment with total concealment, or numbers adding past
/// 20 are refused with the reason; each of them alone is taken.
#[test]
fn p13_the_tables_words_count_once() {
    let mut hm = monster("hedgemaw", 100, 30);
    hm.powers
        .push(power("Thorn Lash", Usage::AtWill, 10, Defense::Ac, "1d6"));
    let mut f = fight(vec![hm, character("ana", 60, 10)]);
    ok(&mut f, next());
    for (words, why) in [
        (&["cover", "cover"][..], "`cover` is given twice"),
        (&["charge", "charge"], "`charge` is given twice"),
        (
            &["cover", "superior-cover"],
            "cover and superior cover do not add",
        ),
        (
            &["concealment", "total-concealment"],
            "concealment and total concealment do not add",
        ),
        (&["+20", "+5"], "the table's numbers add to +25"),
    ] {
        let s = with_mods(attack("hedgemaw", "thorn lash", &["ana"], &[10]), words);
        let e = refused(&mut f, s);
        assert!(e.contains(why), "{words:?}: {e}");
    }
    ok(
        &mut f,
        with_mods(
            attack("hedgemaw", "thorn lash", &["ana"], &[10]),
            &["superior-cover", "charge", "-2", "+1"],
        ),
    );
}

/// P13, Help Attack (L1393, "you can help an ally attack a foe"): the helper, the ally and the
/// foe are three creatures; a creature helping itself, or an ally against itself, is refused
/// (the attack report found `help-attack ford bo bo bo` taken).
#[test]
fn p13_help_needs_three_different_creatures() {
    let mut f = fight(vec![
        monster("hedgemaw", 100, 30),
        character("ana", 60, 10),
        character("bo", 60, 5),
    ]);
    ok(&mut f, next());
    for (who, ally, against) in [
        ("bo", "bo", "hedgemaw"),
        ("bo", "ana", "ana"),
        ("bo", "bo", "bo"),
    ] {
        let why = refused(
            &mut f,
            Step::Help {
                who: who.into(),
                ally: ally.into(),
                against: against.into(),
                attack: true,
            },
        );
        assert!(why.contains("three different creatures"), "{why}");
    }
    ok(
        &mut f,
        Step::Help {
            who: "bo".into(),
            ally: "ana".into(),
            against: "hedgemaw".into(),
            attack: true,
        },
    );
}

/// Reinforcements (`fight add`, `A` on the Table screen) are numbered after their kin, the id
/// and the name alike: "Hedgemaw 2" is `hedgemaw-2`, so a GM who reads a name types its id.
#[test]
fn a_reinforcements_id_and_name_carry_the_same_number() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    encounter_e(
        d,
        "party:\n  members:\n  - {name: Ana, level: 3}\ngroups:\n- monster: hedgemaw\n  count: 1\n- monster: ashen-keener\n  count: 2\n",
    );
    let run = |args: &[&str]| common::lairsmith_ok(d, args);
    run(&["fight", "start", "e", "--seed", "1"]);
    run(&["fight", "add", "e", "hedgemaw"]);
    run(&["fight", "add", "e", "hedgemaw"]);
    run(&["fight", "add", "e", "ashen-keener"]);
    let (f, _) = lairsmith_core::fight::saved::load_fight(&d.join("fights/e.yaml")).unwrap();
    let named: Vec<(String, String)> = f
        .now
        .combatants
        .iter()
        .map(|c| (c.id.clone(), c.name.clone()))
        .collect();
    for (id, name) in [
        ("hedgemaw-2", "Hedgemaw 2"),
        ("hedgemaw-3", "Hedgemaw 3"),
        ("ashen-keener-3", "Ashen Keener 3"),
    ] {
        assert!(
            named.contains(&(id.to_owned(), name.to_owned())),
            "{id} {name}: {named:?}"
        );
    }
}

/// P15 (L1214): several targets from the command line, each with its defense.
#[test]
fn p15_fight_roll_takes_several_targets() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| common::lairsmith_ok(d, args);
    encounter_e(
        d,
        "party:\n  members:\n  - {name: Ana, level: 3}\n  - {name: Bo, level: 3}\ngroups:\n- monster: hedgemaw\n  count: 2\n",
    );
    run(&[
        "fight", "start", "e", "--seed", "1", "--pc", "Ana=1/30", "--pc", "Bo=2/30",
    ]);
    run(&["fight", "next", "e"]);
    let o = lairsmith(
        d,
        &["fight", "roll", "e", "ana", "x", "hedgemaw-1", "hedgemaw-2"],
    );
    assert!(!o.status.success());
    let out = run(&[
        "fight",
        "roll",
        "e",
        "hedgemaw-1",
        "thorn lash",
        "ana",
        "--defense",
        "16",
        "--d20",
        "11",
    ]);
    assert!(out.contains("d20 11 (rolled at the table)"), "{out}");
}

/// P16 (L978-982): `fight apply` applies an offer; the riders of a roll with `--riders` at once.
#[test]
fn p16_riders_are_applied_by_number_or_all_at_once() {
    let mut hm = monster("hedgemaw", 100, 30);
    let mut lash = power("Thorn Lash", Usage::AtWill, 30, Defense::Ac, "1d6");
    lash.hit = Some("and the target is knocked prone".into());
    hm.powers.push(lash);
    let mut f = fight(vec![hm, character("ana", 60, 10)]);
    ok(&mut f, next());
    ok(&mut f, attack("hedgemaw", "thorn lash", &["ana"], &[12]));
    assert!(!has(&f, "ana", Condition::Prone));
    ok(&mut f, Step::Apply { offer: 1 });
    assert!(has(&f, "ana", Condition::Prone));
    let why = refused(&mut f, Step::Apply { offer: 1 });
    assert!(!why.is_empty());
}

/// P16 with P7: every rider of every power line of the shipped bestiary takes the duration
/// its clause says, by an independent reading of the clause: "(save ends)"; "until the end
/// (start) of its next turn" or "the target's" anchored to the target; "your next turn" or the
/// monster's own name anchored to the attacker. The book, Durations: "until the end of your
/// next turn" lasts through that creature's next turn; found on the Table screen, where
/// "dazed until the end of its next turn" was offered as "save ends".
#[test]
fn p16_each_riders_duration_is_the_one_its_clause_says() {
    use lairsmith_core::fight::model::Affliction;
    let attacker = monster("keener", 40, 10);
    let target = character("ana", 40, 5);
    let mut checked = 0;
    let mut files = Vec::new();
    common::files_under(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("bestiary"),
        "yaml",
        &mut files,
    );
    for file in files {
        let y: yaml_serde::Value =
            yaml_serde::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let name = y["name"].as_str().unwrap_or_default().to_lowercase();
        let mut attacker = attacker.clone();
        attacker.name = y["name"].as_str().unwrap_or_default().to_owned();
        let Some(powers) = y["powers"].as_sequence() else {
            continue;
        };
        for pw in powers {
            for key in ["hit", "miss", "effect"] {
                let Some(line) = pw[key].as_str() else {
                    continue;
                };
                let line = line.replace("{name}", &attacker.name);
                for r in rules::p16_riders(&line, &attacker, &target) {
                    let Some(e) = r.effect else { continue };
                    if matches!(e.what, Affliction::Other { .. }) && !r.words.contains("grappled") {
                        continue;
                    }
                    let clause = r.words.to_lowercase();
                    let mine = |w: &str| w == "your" || w == name;
                    let whose = |prefix: &str| -> Option<String> {
                        let rest = clause.split_once(prefix)?.1;
                        if rest.starts_with("its next turn")
                            || rest.starts_with("the target's next turn")
                        {
                            return Some("ana".into());
                        }
                        let (w, _) = rest
                            .split_once("'s next turn")
                            .or_else(|| rest.split_once(" next turn"))?;
                        mine(w.trim()).then(|| "keener".into())
                    };
                    let expected = if clause.contains("save ends") {
                        Some(Until::SaveEnds)
                    } else if let Some(x) = whose("until the end of ") {
                        Some(Until::EndOf(x))
                    } else {
                        whose("until the start of ").map(Until::StartOf)
                    };
                    if let Some(expected) = expected {
                        assert_eq!(e.until, expected, "{}: {key}: {line:?}", file.display());
                        checked += 1;
                    }
                }
            }
        }
    }
    // The shipped bestiary's lines name these durations dozens of times.
    assert!(checked >= 20, "only {checked} riders with a duration");
}

/// P17. The book, Rally: "You spend one of your recoveries and regain your recovery value in
/// HP. You also get +2 to all defenses until the start of your next turn." Once a fight; a heal
/// that spends a recovery.
#[test]
fn p17_rally_and_a_heal_that_spends_a_recovery() {
    let mut f = fight(vec![character("ana", 40, 30), monster("m", 100, 10)]);
    ok(&mut f, next());
    ok(&mut f, damage("ana", 25, None));
    ok(&mut f, Step::Rally { who: "ana".into() });
    let ana = c(&f, "ana");
    assert_eq!((ana.hp, ana.recoveries), (25, Some(6)), "{}", since(&f, 0));
    let why = refused(&mut f, Step::Rally { who: "ana".into() });
    assert!(why.contains("once"), "{why}");
    ok(&mut f, heal("ana", 3, true));
    assert_eq!((c(&f, "ana").hp, c(&f, "ana").recoveries), (38, Some(5)));
}

/// P18. The book, Immediate Actions: "you can only take one immediate action between each of
/// your turns"; a second is warned, not refused.
#[test]
fn p18_a_second_immediate_action_is_warned() {
    let mut hm = monster("hedgemaw", 100, 30);
    hm.powers
        .push(power("Snap", Usage::AtWill, 5, Defense::Ac, "1d4"));
    let mut f = fight(vec![hm, character("ana", 60, 10)]);
    ok(&mut f, next());
    ok(&mut f, next());
    let mut s = attack("hedgemaw", "snap", &["ana"], &[]);
    if let Step::Attack { immediate, .. } = &mut s {
        *immediate = true;
    }
    ok(&mut f, s.clone());
    let from = lines(&f).len();
    ok(&mut f, s);
    assert!(since(&f, from).contains("(P18)"), "{}", since(&f, from));
}

/// P19. The book, Maintain: "Some powers require you to maintain concentration in order to
/// keep functioning. If you lose concentration, such a power ends." An aura is shown while its
/// creature is conscious.
#[test]
fn p19_an_unmaintained_effect_ends_and_an_aura_is_shown() {
    let mut f = fight(vec![monster("mage", 100, 30), character("ana", 60, 10)]);
    ok(&mut f, next());
    ok(
        &mut f,
        Step::Effect {
            who: "ana".into(),
            effect: EffectSpec {
                maintained_by: Some("mage".into()),
                ..EffectSpec::new(condition(Condition::Immobile), Until::Encounter)
            },
        },
    );
    let id = c(&f, "ana").effects[0].id;
    ok(&mut f, next()); // the mage's turn ends: it was applied on this turn, so it stays
    to_turn(&mut f, "mage");
    ok(
        &mut f,
        Step::Maintain {
            who: "mage".into(),
            effect: id,
        },
    );
    ok(&mut f, next());
    assert!(
        has(&f, "ana", Condition::Immobile),
        "maintained: {}",
        since(&f, 0)
    );
    to_turn(&mut f, "mage");
    ok(&mut f, next());
    assert!(
        !has(&f, "ana", Condition::Immobile),
        "not maintained: {}",
        since(&f, 0)
    );
    let mut ghoul = monster("ghoul", 100, 30);
    ghoul.auras.push(Aura {
        name: "Stench".into(),
        size: 2,
    });
    let f = fight(vec![ghoul, character("ana", 60, 10)]);
    let card = lairsmith_core::fight::rules::effect_words;
    let _ = card;
    assert_eq!(c(&f, "ghoul").auras[0].size, 2);
}

/// P20. The book, Streak: "After every two encounter that the heroes have without stopping for
/// a long rest, they gain an action point." The end writes back what the fight changed and
/// counts the encounter; a short rest spends recoveries, a long one restores them.
#[test]
fn p20_the_end_writes_back_and_rests_restore() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| common::lairsmith_ok(d, args);
    run(&["party", "new", "crew", "--party", "Ana=3"]);
    run(&[
        "party",
        "stats",
        "crew",
        "ana",
        "--hp",
        "40",
        "--recoveries",
        "8",
    ]);
    encounter_e(d, "party: crew\ngroups:\n- monster: hedgemaw\n  count: 1\n");
    run(&["fight", "start", "e", "--seed", "1", "--pc", "Ana=30"]);
    run(&["fight", "next", "e"]);
    run(&["fight", "damage", "e", "ana", "30"]);
    run(&["fight", "rally", "e", "ana"]);
    let out = run(&["fight", "end", "e", "--all", "--write"]);
    assert!(
        out.contains("Ana: 40 → 20 HP, recoveries 8 → 7 left (P11)"),
        "{out}"
    );
    assert!(
        out.contains("Encounters since the last long rest: 0 → 1"),
        "{out}"
    );
    let out = run(&["party", "rest", "crew", "--short", "--spend", "ana=1"]);
    assert!(out.contains("Ana: 20 → 30 HP"), "{out}");
    let out = run(&["party", "rest", "crew", "--long"]);
    assert!(out.contains("Ana: 30 → 40 HP"), "{out}");
    let file = std::fs::read_to_string(d.join("parties/crew.yaml")).unwrap();
    assert!(
        !file.contains("hp_now") && !file.contains("\n  hp:"),
        "{file}"
    );
}

/// P12: the card, the order (`fight show`) and the players' view say "dying (2 failures)",
/// "stable" and "dead" of a character.
#[test]
fn p12_the_order_and_the_players_view_say_dying_stable_and_dead() {
    let mut f = fight(vec![monster("m", 100, 30), character("ana", 40, 10)]);
    ok(&mut f, next());
    ok(&mut f, damage("ana", 45, None));
    for _ in 0..2 {
        to_turn(&mut f, "m");
        ok(&mut f, Step::Next { rolls: vec![3] });
    }
    assert_eq!(
        rules::p12_state_words(c(&f, "ana")).as_deref(),
        Some("dying (2 failures)")
    );
    let seen = |f: &Fight| {
        lairsmith_core::fight::players::view(&f.now)
            .rows
            .into_iter()
            .find(|r| r.name == "ana")
            .unwrap()
            .conditions
    };
    assert_eq!(seen(&f)[0], "dying (2 failures)");
    ok(&mut f, Step::Stabilize { who: "ana".into() });
    assert_eq!(seen(&f)[0], "stable");
    ok(&mut f, damage("ana", 40, None));
    assert_eq!(seen(&f)[0], "dead");
    assert_eq!(rules::p12_state_words(c(&f, "m")), None);
}

/// Hostile numbers in a fight file (issue 34's new fields): a recovery value, a reactive
/// resistance, recoveries or death-save failures out of range are refused where they are read,
/// at their line, before any arithmetic.
#[test]
fn a_fights_new_numbers_are_bounded_where_they_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| common::lairsmith_ok(d, args);
    run(&["party", "new", "crew", "--party", "Ana=3"]);
    run(&[
        "party",
        "stats",
        "crew",
        "ana",
        "--hp",
        "40",
        "--recoveries",
        "7",
    ]);
    encounter_e(d, "party: crew\ngroups:\n- monster: hedgemaw\n  count: 1\n");
    run(&["fight", "start", "e", "--seed", "1", "--pc", "Ana=5"]);
    let path = d.join("fights/e.yaml");
    let good = std::fs::read_to_string(&path).unwrap();
    for (from, to, field) in [
        (
            "recovery_value: 10",
            "recovery_value: 9223372036854775807",
            "recovery_value",
        ),
        ("recoveries: 7", "recoveries: 4294967295", "recoveries"),
        (
            "recoveries: 7",
            "recoveries: 7\n    death_failures: 4294967295",
            "death_failures",
        ),
        (
            "recoveries: 7",
            "recoveries: 7\n    turns: 4000000000",
            "turns",
        ),
        (
            "recoveries: 7",
            "recoveries: 7\n    ap_spent: 70000",
            "ap_spent",
        ),
    ] {
        assert!(good.contains(from), "{from} not in the file:\n{good}");
        let bad = good.replacen(from, to, 1);
        std::fs::write(&path, &bad).unwrap();
        let line = 1 + bad
            .lines()
            .position(|l| {
                l.trim_start().starts_with(&format!("{field}:"))
                    && to.lines().any(|t| t.trim() == l.trim())
            })
            .unwrap();
        let o = lairsmith(d, &["fight", "show", "e"]);
        let err = text(&o.stderr);
        assert!(!o.status.success(), "{field}: accepted");
        assert!(
            err.contains(&format!("e.yaml:{line}:")),
            "{field} at line {line}: {err}"
        );
    }
}
