//! Running a fight at the table (RULINGS P1-P10): each ruling pinned on a fight built by hand,
//! a fight made from a saved encounter, the command line step by step and reproducible from its
//! seed, and a property test of random steps against the runner's invariants.

use crate::common;

use common::lairsmith;
use lairsmith_core::fight::model::{
    Affliction, Combatant, Defenses, FightState, Life, Origin, PowerState, Regen, Resist, Side,
    Until,
};
use lairsmith_core::fight::rules::{self, Dice};
use lairsmith_core::fight::step::{EffectSpec, Step, apply};
use lairsmith_core::fight::{Fight, Overcome};
use lairsmith_core::rules::creature::{Condition, DamageType};
use lairsmith_core::rules::power_vocab::{Defense, Usage};
use lairsmith_core::vocab::Vocabulary;
use std::path::Path;

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).into_owned()
}

/// A monster of `hp` hit points acting on `init`.
fn creature(id: &str, hp: i64, init: i64) -> Combatant {
    Combatant {
        id: id.to_owned(),
        name: id.to_owned(),
        side: Side::Foe,
        origin: Origin::Monster { id: id.to_owned() },
        group: None,
        init_mod: 0,
        initiative: Some(init),
        coin: 0,
        max_hp: Some(hp),
        hp,
        temp_hp: 0,
        life: Life::Up,
        mook: false,
        save_bonus: 0,
        action_points: 0,
        defenses: Some(Defenses {
            ac: 20,
            fortitude: 18,
            reflex: 17,
            will: 16,
        }),
        resistances: Vec::new(),
        vulnerabilities: Vec::new(),
        regeneration: None,
        powers: Vec::new(),
        effects: Vec::new(),
        hidden: false,
        xp: 100,
        started_round: 0,
        overcome: None,
        ..Combatant::default()
    }
}

fn state(combatants: Vec<Combatant>) -> FightState {
    FightState {
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
    }
}

fn fight(combatants: Vec<Combatant>, seed: u64) -> Fight {
    let s = state(combatants);
    Fight::new("Test".into(), "test".into(), seed, s)
}

fn c<'a>(f: &'a Fight, id: &str) -> &'a Combatant {
    f.now.combatants.iter().find(|c| c.id == id).unwrap()
}

fn ok(f: &mut Fight, step: Step) {
    f.push(step.clone())
        .unwrap_or_else(|e| panic!("{step:?}: {e}"));
}

fn damage(who: &str, amount: i64, t: Option<DamageType>) -> Step {
    Step::Damage {
        who: who.into(),
        amount,
        damage_type: t,
        also_types: Vec::new(),
    }
}

fn effect(who: &str, what: Affliction, until: Until) -> Step {
    Step::Effect {
        who: who.into(),
        effect: EffectSpec {
            what,
            until,
            aftereffect: None,
            failed_save: None,
            boon: false,
            maintained_by: None,
        },
    }
}

fn condition(c: Condition) -> Affliction {
    Affliction::Condition {
        condition: c,
        by: None,
    }
}

#[test]
fn p1_initiative_from_highest_ties_to_the_modifier_then_the_coin() {
    let mut a = creature("a", 10, 15);
    let mut b = creature("b", 10, 15);
    let mut c3 = creature("c", 10, 15);
    let d = creature("d", 10, 20);
    a.init_mod = 2;
    b.init_mod = 5;
    c3.init_mod = 5;
    b.coin = 1;
    c3.coin = 9;
    let s = state(vec![a, b, c3, d]);
    let order: Vec<&str> = rules::p1_order(&s)
        .into_iter()
        .map(|i| s.combatants[i].id.as_str())
        .collect();
    assert_eq!(order, ["d", "c", "b", "a"]);
    assert_eq!(rules::p1_placeholder_mod(7), 3);
    assert_eq!(rules::P1_CR_MOD, 0);
}

#[test]
fn p1_a_group_rolls_once_and_acts_on_one_count() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("encounters")).unwrap();
    std::fs::write(
        d.join("encounters/ambush.yaml"),
        "kind: encounter\nschema_version: 1\nname: Ambush\nparty:\n  members:\n  - {name: Ana, level: 3}\n  - {name: Bo, level: 3}\ngroups:\n- monster: gloamsworn-skirmisher\n  count: 4\n  label: Gloam mooks\n- monster: hedgemaw\n  count: 1\n- placeholder: {level: 3, rank: standard, role: blocker}\n  count: 2\n",
    )
    .unwrap();
    let out = lairsmith(
        d,
        &[
            "fight",
            "start",
            "ambush",
            "--seed",
            "5",
            "--pc",
            "Ana=12/30",
        ],
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (f, _) = lairsmith_core::fight::saved::load_fight(&d.join("fights/ambush.yaml")).unwrap();
    let ids: Vec<&str> = f.now.combatants.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "gloamsworn-skirmisher-1",
            "gloamsworn-skirmisher-2",
            "gloamsworn-skirmisher-3",
            "gloamsworn-skirmisher-4",
            "hedgemaw",
            "blocker-3-1",
            "blocker-3-2",
            "ana",
            "bo"
        ]
    );
    // One count and one coin a group; labels kept and numbered.
    let mooks: Vec<&Combatant> = f.now.combatants[..4].iter().collect();
    assert!(
        mooks
            .iter()
            .all(|m| m.initiative == mooks[0].initiative && m.coin == mooks[0].coin)
    );
    assert_eq!(mooks[2].name, "Gloam mooks 3");
    assert!(mooks.iter().all(|m| m.mook && m.max_hp == Some(1)));
    // A placeholder's modifier is half its level (P1, ours); the characters' as entered.
    assert_eq!(c(&f, "blocker-3-1").init_mod, 1);
    assert_eq!(c(&f, "ana").initiative, Some(12));
    assert_eq!(c(&f, "ana").max_hp, Some(30));
    assert_eq!(c(&f, "bo").initiative, None);
    // Each member of a group keeps its place next to the others in the order.
    let order: Vec<&str> = f.order().iter().map(|c| c.id.as_str()).collect();
    let first = order.iter().position(|id| id.starts_with("gloam")).unwrap();
    assert!(
        order[first..first + 4]
            .iter()
            .all(|id| id.starts_with("gloam"))
    );
    // P1 (issue 34, the players' dice): a character's count not entered is the player's roll
    // given with the step, or rolled by lairsmith, and the log says which.
    let out = lairsmith(d, &["fight", "next", "ambush", "--roll", "12"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("Bo's initiative: d20 12 (the player's roll) + 0 = 12 (P1)"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn p2_delay_and_ready_keep_the_new_count_for_the_rest_of_the_fight() {
    let mut f = fight(
        vec![
            creature("a", 10, 20),
            creature("b", 10, 15),
            creature("c", 10, 10),
        ],
        1,
    );
    ok(&mut f, Step::next());
    assert_eq!(f.now.turn.as_deref(), Some("a"));
    ok(
        &mut f,
        Step::Delay {
            who: "a".into(),
            count: 5,
        },
    );
    // Its turn waits: b acts, then c, then a on 5.
    assert_eq!(f.now.turn.as_deref(), Some("b"));
    ok(&mut f, Step::next());
    assert_eq!(f.now.turn.as_deref(), Some("c"));
    ok(&mut f, Step::next());
    assert_eq!(f.now.turn.as_deref(), Some("a"));
    ok(&mut f, Step::next());
    // Round 2 keeps the new count.
    assert_eq!(f.now.round, 2);
    assert_eq!(f.now.turn.as_deref(), Some("b"));
    assert_eq!(c(&f, "a").initiative, Some(5));
}

#[test]
fn p3_damage_takes_temporary_hp_first_then_staggers_then_kills_a_monster() {
    let mut f = fight(vec![creature("ogre", 40, 10)], 1);
    ok(
        &mut f,
        Step::Temp {
            who: "ogre".into(),
            amount: 5,
            replace: false,
        },
    );
    ok(&mut f, damage("ogre", 7, None));
    assert_eq!((c(&f, "ogre").temp_hp, c(&f, "ogre").hp), (0, 38));
    ok(&mut f, damage("ogre", 18, None));
    assert_eq!(c(&f, "ogre").hp, 20);
    assert!(
        c(&f, "ogre").is_staggered(),
        "20 of 40 is half: staggered (floor, R11)"
    );
    ok(
        &mut f,
        Step::Heal {
            who: "ogre".into(),
            amount: 100,
            recovery: false,
        },
    );
    assert_eq!(c(&f, "ogre").hp, 40, "never above the maximum");
    ok(&mut f, damage("ogre", 45, None));
    assert_eq!(c(&f, "ogre").life, Life::Dead);
    ok(
        &mut f,
        Step::Heal {
            who: "ogre".into(),
            amount: 10,
            recovery: false,
        },
    );
    assert_eq!(c(&f, "ogre").hp, -5, "a dead monster is not healed");
    assert!(
        f.log()
            .unwrap()
            .last()
            .unwrap()
            .text
            .contains("dead and regains nothing")
    );
    // The GM may mark it unconscious instead.
    ok(&mut f, Step::KnockOut { who: "ogre".into() });
    assert_eq!(c(&f, "ogre").life, Life::Unconscious);
    ok(
        &mut f,
        Step::Heal {
            who: "ogre".into(),
            amount: 3,
            recovery: false,
        },
    );
    assert_eq!(
        (c(&f, "ogre").hp, c(&f, "ogre").life),
        (3, Life::Up),
        "healing from below 0 starts at 0"
    );
}

#[test]
fn p3_any_damage_drops_a_mook() {
    let mut m = creature("mook", 1, 10);
    m.mook = true;
    let mut f = fight(vec![m], 1);
    ok(&mut f, damage("mook", 1, Some(DamageType::Fire)));
    assert_eq!(c(&f, "mook").life, Life::Dead);
    let mut m = creature("mook", 1, 10);
    m.mook = true;
    m.resistances.push(Resist {
        against: "fire".into(),
        value: 5,
    });
    let mut f = fight(vec![m], 1);
    ok(&mut f, damage("mook", 3, Some(DamageType::Fire)));
    assert_eq!(c(&f, "mook").life, Life::Up, "resisted to 0, no damage");
}

#[test]
fn p4_temporary_hit_points_do_not_add_up() {
    let mut f = fight(vec![creature("a", 20, 10)], 1);
    ok(
        &mut f,
        Step::Temp {
            who: "a".into(),
            amount: 10,
            replace: false,
        },
    );
    ok(
        &mut f,
        Step::Temp {
            who: "a".into(),
            amount: 12,
            replace: false,
        },
    );
    assert_eq!(c(&f, "a").temp_hp, 12);
    ok(
        &mut f,
        Step::Temp {
            who: "a".into(),
            amount: 4,
            replace: false,
        },
    );
    assert_eq!(c(&f, "a").temp_hp, 12);
}

#[test]
fn p5_resistance_and_vulnerability_apply_the_highest_to_typed_damage() {
    let mut a = creature("a", 50, 10);
    a.resistances = vec![
        Resist {
            against: "fire".into(),
            value: 5,
        },
        Resist {
            against: "fire".into(),
            value: 10,
        },
    ];
    a.vulnerabilities = vec![Resist {
        against: "radiant".into(),
        value: 5,
    }];
    let mut f = fight(vec![a], 1);
    ok(&mut f, damage("a", 8, Some(DamageType::Fire)));
    assert_eq!(c(&f, "a").hp, 50, "8 - 10 is never below 0");
    ok(&mut f, damage("a", 8, Some(DamageType::Radiant)));
    assert_eq!(c(&f, "a").hp, 37);
    let last = f.log().unwrap().last().unwrap().text.clone();
    assert!(
        last.contains("(8, vulnerable radiant 5 → 13, P5)"),
        "{last}"
    );
    ok(&mut f, damage("a", 8, None));
    assert_eq!(c(&f, "a").hp, 29, "untyped as entered");
}

#[test]
fn p6_the_start_of_a_turn_ends_start_of_effects_then_persistent_damage_regeneration_refresh() {
    let mut a = creature("troll", 40, 20);
    a.regeneration = Some(Regen {
        value: 10,
        when: lairsmith_core::monster::design::RegenerationWhen::Staggered,
    });
    a.powers.push(PowerState {
        name: "Rend".into(),
        usage: Usage::Refresh,
        refresh: vec![5, 6],
        attack: None,
        attacks: 1,
        damage: None,
        damage_type: None,
        used: true,
        origin: None,
        targets: None,
        hit: None,
        miss: None,
        effect: None,
    });
    let mut f = fight(vec![a, creature("b", 10, 5)], 3);
    ok(&mut f, damage("troll", 25, None));
    ok(
        &mut f,
        effect(
            "troll",
            Affliction::Persistent {
                amount: 5,
                damage_type: Some(DamageType::Fire),
            },
            Until::SaveEnds,
        ),
    );
    ok(
        &mut f,
        effect(
            "troll",
            condition(Condition::Dazed),
            Until::StartOf("troll".into()),
        ),
    );
    ok(&mut f, Step::next());
    let log = f.log().unwrap();
    let lines: Vec<&str> = log.iter().map(|l| l.text.as_str()).collect();
    let at = |needle: &str| {
        lines
            .iter()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no `{needle}` in {lines:#?}"))
    };
    let (p, r, rf, ends) = (
        at("persistent damage"),
        at("regeneration 10"),
        at("refresh Rend"),
        at("dazed (until the start of troll's next turn) ends"),
    );
    // P6 (revised): "until the start of" effects end first, then persistent damage,
    // regeneration and refresh rolls.
    assert!(ends < p && p < r && r < rf, "{lines:#?}");
    // 40 - 25 = 15, - 5 persistent = 10 (staggered), + 10 regeneration = 20.
    assert_eq!(c(&f, "troll").hp, 20);
}

#[test]
fn p7_saves_end_effects_with_aftereffects_and_first_failed_saves() {
    let mut boss = creature("boss", 50, 20);
    boss.save_bonus = 5;
    let mut f = fight(vec![boss, creature("b", 10, 5)], 11);
    ok(&mut f, Step::next());
    ok(
        &mut f,
        Step::Effect {
            who: "boss".into(),
            effect: EffectSpec {
                what: condition(Condition::Blinded),
                until: Until::SaveEnds,
                aftereffect: Some(Box::new(EffectSpec {
                    what: condition(Condition::Dazed),
                    until: Until::SaveEnds,
                    aftereffect: None,
                    failed_save: None,
                    boon: false,
                    maintained_by: None,
                })),
                failed_save: Some(Box::new(EffectSpec {
                    what: condition(Condition::Stunned),
                    until: Until::SaveEnds,
                    aftereffect: None,
                    failed_save: None,
                    boon: false,
                    maintained_by: None,
                })),
                boon: false,
                maintained_by: None,
            },
        },
    );
    ok(
        &mut f,
        effect(
            "b",
            condition(Condition::Marked),
            Until::EndOf("boss".into()),
        ),
    );
    ok(&mut f, Step::next());
    let save = f
        .log()
        .unwrap()
        .iter()
        .find(|l| l.text.contains("against blinded"))
        .unwrap()
        .text
        .clone();
    // d20 + 5: 10 or higher ends it and the aftereffect begins; else stunned instead.
    let d: i64 = save
        .split("d20 ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let now: Vec<String> = c(&f, "boss")
        .effects
        .iter()
        .map(|e| rules::effect_words(e, &f.now))
        .collect();
    if d + 5 >= rules::SAVE_SUCCEEDS_ON {
        assert_eq!(now, ["dazed (save ends)"], "{save}");
    } else {
        assert_eq!(now, ["stunned (save ends)"], "{save}");
    }
    // P7 (revised): applied during boss's own turn, "until the end of boss's next turn" lasts
    // through boss's following turn, and ends at its end.
    assert_eq!(
        c(&f, "b").effects.len(),
        1,
        "an effect applied on boss's turn outlives that turn"
    );
    ok(&mut f, Step::next());
    assert_eq!(f.now.turn.as_deref(), Some("boss"));
    assert_eq!(
        c(&f, "b").effects.len(),
        1,
        "still on during boss's next turn"
    );
    ok(&mut f, Step::next());
    assert!(
        c(&f, "b").effects.is_empty(),
        "it ends at the end of boss's next turn"
    );
}

#[test]
fn p8_marked_lasts_the_encounter_and_a_new_mark_supersedes() {
    assert_eq!(
        rules::p8_default_until(Condition::Marked),
        Some(Until::Encounter)
    );
    assert_eq!(rules::p8_default_until(Condition::Dazed), None);
    let mut f = fight(
        vec![
            creature("a", 10, 5),
            creature("m1", 10, 6),
            creature("m2", 10, 7),
        ],
        1,
    );
    for by in ["m1", "m2"] {
        ok(
            &mut f,
            effect(
                "a",
                Affliction::Condition {
                    condition: Condition::Marked,
                    by: Some(by.into()),
                },
                Until::Encounter,
            ),
        );
    }
    let words: Vec<String> = c(&f, "a")
        .effects
        .iter()
        .map(|e| rules::effect_words(e, &f.now))
        .collect();
    assert_eq!(words, ["marked by m2 (until the end of the encounter)"]);
    for cond in lairsmith_core::rules::creature::Condition::ALL {
        assert!(!rules::p8_condition_text(*cond).is_empty());
    }
}

#[test]
fn p9_action_points_come_from_the_rank_and_are_spent_one_at_a_time() {
    for (rank, points) in [("standard", 0), ("elite", 1), ("boss", 2)] {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("encounters")).unwrap();
        std::fs::write(
            d.join("encounters/e.yaml"),
            format!("kind: encounter\nschema_version: 1\nname: E\nparty:\n  size: 2\n  level: 3\ngroups:\n- placeholder: {{level: 3, rank: {rank}, role: wrecker}}\n  count: 1\n"),
        )
        .unwrap();
        assert!(
            lairsmith(d, &["fight", "start", "e", "--seed", "1"])
                .status
                .success()
        );
        let (f, _) = lairsmith_core::fight::saved::load_fight(&d.join("fights/e.yaml")).unwrap();
        assert_eq!(f.now.combatants[0].action_points, points, "{rank}");
        // P9: a monster spends one on its own turn.
        for (who, count) in [("character-1", "1"), ("character-2", "2")] {
            assert!(
                lairsmith(d, &["fight", "init", "e", who, count])
                    .status
                    .success()
            );
        }
        for _ in 0..4 {
            let (f, _) =
                lairsmith_core::fight::saved::load_fight(&d.join("fights/e.yaml")).unwrap();
            if f.now.turn.as_deref() == Some("wrecker-3") {
                break;
            }
            assert!(lairsmith(d, &["fight", "next", "e"]).status.success());
        }
        let out = lairsmith(d, &["fight", "ap", "e", "wrecker-3"]);
        assert_eq!(
            out.status.success(),
            points > 0,
            "{rank}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn p10_the_overcome_foes_xp_divided_among_the_characters_rounded_down() {
    let mut ana = creature("ana", 30, 12);
    ana.side = Side::Party;
    ana.xp = 0;
    let mut bo = ana.clone();
    bo.id = "bo".into();
    let mut cy = ana.clone();
    cy.id = "cy".into();
    let mut f = fight(
        vec![creature("a", 10, 5), creature("b", 10, 6), ana, bo, cy],
        1,
    );
    ok(
        &mut f,
        Step::End {
            overcome: vec![
                ("a".into(), Overcome::Defeated),
                ("b".into(), Overcome::Fled),
            ],
        },
    );
    let e = f.now.ended.clone().unwrap();
    assert_eq!((e.xp, e.xp_each, e.characters), (200, 66, 3));
    assert!(
        f.push(Step::next()).is_err(),
        "an ended fight takes no more steps"
    );
    // Allies and characters are not overcome.
    let mut g = fight(vec![creature("a", 10, 5)], 1);
    g.now.combatants[0].side = Side::Ally;
    assert!(
        g.push(Step::End {
            overcome: vec![("a".into(), Overcome::Defeated)]
        })
        .is_err()
    );
}

#[test]
fn an_attack_rolls_against_the_targets_defense_and_marks_an_encounter_power_used() {
    let mut a = creature("a", 30, 20);
    a.powers.push(PowerState {
        name: "Smash".into(),
        usage: Usage::Encounter,
        refresh: Vec::new(),
        attack: Some((10, Defense::Reflex)),
        attacks: 1,
        damage: Some("2d6+3".into()),
        damage_type: None,
        used: false,
        origin: None,
        targets: None,
        hit: None,
        miss: None,
        effect: None,
    });
    let mut f = fight(vec![a, creature("b", 30, 5)], 2);
    let attack = Step::Attack {
        who: "a".into(),
        power: "smash".into(),
        target: "b".into(),
        defense: None,
        apply: true,
        also: Vec::new(),
        mods: Vec::new(),
        d20: Vec::new(),
        riders: false,
        immediate: false,
    };
    ok(&mut f, attack.clone());
    assert!(c(&f, "a").powers[0].used);
    let log = f.log().unwrap();
    let line = log
        .iter()
        .find(|l| l.text.contains("vs Reflex 17"))
        .unwrap();
    assert!(line.text.contains("d20 "), "{}", line.text);
    assert!(f.push(attack).is_err(), "a used encounter power");
}

#[test]
fn undo_goes_back_one_step_to_the_start() {
    let mut f = fight(vec![creature("a", 30, 20), creature("b", 30, 5)], 9);
    let states = {
        let mut v = vec![f.now.clone()];
        for s in [
            Step::next(),
            damage("b", 7, None),
            Step::next(),
            Step::next(),
        ] {
            ok(&mut f, s);
            v.push(f.now.clone());
        }
        v
    };
    for expected in states.iter().rev().skip(1) {
        f.undo().unwrap();
        assert_eq!(&f.now, expected);
    }
    assert!(f.undo().is_none());
}

/// The same steps with the same seed give the same file, byte for byte; a change of seed
/// rolls other dice.
#[test]
fn a_fight_is_reproducible_step_by_step_from_the_command_line() {
    let run = |seed: &str| {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::create_dir_all(d.join("encounters")).unwrap();
        std::fs::write(
            d.join("encounters/ford.yaml"),
            "kind: encounter\nschema_version: 1\nname: Ford\nparty:\n  members:\n  - {name: Ana, level: 3}\n  - {name: Bo, level: 3}\ngroups:\n- monster: gloamsworn-skirmisher\n  count: 2\n- monster: hedgemaw\n  count: 1\n",
        )
        .unwrap();
        let steps: &[&[&str]] = &[
            &[
                "fight",
                "start",
                "ford",
                "--seed",
                seed,
                "--pc",
                "Ana=14/30",
                "--pc",
                "Bo=9/26",
            ],
            &["fight", "next", "ford"],
            &[
                "fight",
                "roll",
                "ford",
                "hedgemaw",
                "thorn lash",
                "ana",
                "--defense",
                "16",
                "--apply",
            ],
            &[
                "fight",
                "condition",
                "ford",
                "hedgemaw",
                "persistent 5 fire",
            ],
            &[
                "fight",
                "condition",
                "ford",
                "ana",
                "dazed",
                "--until",
                "end:hedgemaw",
            ],
            &["fight", "damage", "ford", "gloamsworn-skirmisher-1", "4"],
            &[
                "fight", "damage", "ford", "hedgemaw", "80", "--type", "fire",
            ],
            &["fight", "next", "ford"],
            &["fight", "next", "ford"],
            &["fight", "next", "ford"],
            &["fight", "next", "ford"],
            &["fight", "next", "ford"],
            &["fight", "undo", "ford"],
            &["fight", "end", "ford", "--all"],
        ];
        for s in steps {
            let out = lairsmith(d, s);
            assert!(out.status.success(), "{s:?}: {}", text(&out.stderr));
        }
        let file = std::fs::read_to_string(d.join("fights/ford.yaml")).unwrap();
        let log = text(&lairsmith(d, &["fight", "log", "ford", "--format", "md"]).stdout);
        (file, log)
    };
    // The same but for the fight's uid (unique to each fight, whatever its seed) and the check
    // line (a hash over the uid too).
    let state = |file: &str| -> String {
        file.lines()
            .filter(|l| !l.starts_with("uid: ") && !l.starts_with("check: "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (a, log) = run("42");
    let (b, _) = run("42");
    assert_eq!(state(&a), state(&b));
    assert_ne!(state(&run("43").0), state(&a));
    assert!(log.contains("## Round 2"), "{log}");
    assert!(
        log.contains(
            "a mook drops at any damage that gets past its temporary hit points and resistance (P3)"
        ),
        "{log}"
    );
    assert!(log.contains("persistent damage: Hedgemaw takes"), "{log}");
    // The fight file validates against `lairsmith schema fight`.
    let schema = lairsmith_core::schema::schema_for(lairsmith_core::schema::FileKind::Fight);
    let v = jsonschema::validator_for(&schema).unwrap();
    let doc: serde_json::Value = yaml_serde::from_str(&a).unwrap();
    let errors: Vec<String> = v.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn the_xp_is_written_to_the_saved_party_once_and_only_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    assert!(
        lairsmith(d, &["party", "new", "Crew", "--party", "Ana=3,Bo=3"])
            .status
            .success()
    );
    std::fs::create_dir_all(d.join("encounters")).unwrap();
    std::fs::write(
        d.join("encounters/e.yaml"),
        "kind: encounter\nschema_version: 1\nname: E\nparty: crew\ngroups:\n- monster: hedgemaw\n  count: 1\n",
    )
    .unwrap();
    assert!(
        lairsmith(d, &["fight", "start", "e", "--seed", "1"])
            .status
            .success()
    );
    let party = || std::fs::read_to_string(d.join("parties/crew.yaml")).unwrap();
    let before = party();
    let out = lairsmith(d, &["fight", "end", "e", "--all"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("each of 2 characters earns 1,000"),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(party(), before, "nothing written without --write");
    let out = lairsmith(d, &["fight", "end", "e", "--write"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(party().contains("xp: 3250"), "{}", party());
    let again = lairsmith(d, &["fight", "end", "e", "--write"]);
    assert!(!again.status.success());
    assert!(text(&again.stderr).contains("written already"));
    assert!(!lairsmith(d, &["fight", "undo", "e"]).status.success());
}

/// A fight file whose steps were edited by hand so that one no longer applies is refused,
/// naming the step; one whose `now:` was edited is rebuilt from its steps.
#[test]
fn the_steps_are_the_truth_of_a_fight_file() {
    let mut f = fight(vec![creature("a", 30, 20)], 1);
    ok(&mut f, damage("a", 5, None));
    let mut text = lairsmith_core::yaml_io::to_string(&f);
    let p = Path::new("f.yaml");
    let mut edited = f.clone();
    edited.now.combatants[0].hp = 1;
    let g =
        lairsmith_core::fight::saved::parse_fight(&lairsmith_core::yaml_io::to_string(&edited), p)
            .unwrap();
    assert_eq!(g.now.combatants[0].hp, 25);
    text = text.replace("who: a", "who: nobody");
    let e = lairsmith_core::fight::saved::parse_fight(&text, p).unwrap_err();
    assert!(e.message.contains("step 1 no longer applies"), "{e}");
    assert!(e.line.is_some());
}

mod random_steps {
    //! Random sequences of steps: the invariants of the runner hold after every one, and undo
    //! gives back exactly the state before it.
    use super::*;
    use proptest::prelude::*;

    fn arena() -> Fight {
        let mut a = creature("a", 40, 18);
        a.regeneration = Some(Regen {
            value: 5,
            when: lairsmith_core::monster::design::RegenerationWhen::Always,
        });
        a.save_bonus = 2;
        a.action_points = 1;
        a.powers.push(PowerState {
            name: "Bite".into(),
            usage: Usage::Refresh,
            refresh: vec![6],
            attack: Some((8, Defense::Ac)),
            attacks: 2,
            damage: Some("1d8+2".into()),
            damage_type: Some(DamageType::Acid),
            used: false,
            origin: None,
            targets: None,
            hit: None,
            miss: None,
            effect: None,
        });
        let mut m = creature("m", 1, 12);
        m.mook = true;
        let mut p = creature("p", 30, 15);
        p.side = Side::Party;
        p.origin = Origin::Character;
        p.recoveries = Some(3);
        p.recovery_value = Some(7);
        p.action_points = 1;
        p.vulnerabilities.push(Resist {
            against: "acid".into(),
            value: 5,
        });
        let mut q = creature("q", 20, 14);
        q.side = Side::Party;
        q.origin = Origin::Character;
        q.recoveries = Some(1);
        q.recovery_value = Some(5);
        let mut b = creature("b", 25, 15);
        let mut sweep = PowerState {
            name: "Sweep".into(),
            usage: Usage::Encounter,
            refresh: Vec::new(),
            attack: Some((6, Defense::Reflex)),
            attacks: 1,
            damage: Some("2d6+2".into()),
            damage_type: None,
            used: false,
            origin: Some(lairsmith_core::rules::power_vocab::Origin::Near),
            targets: Some("each creature in the burst".into()),
            hit: Some("and the target is knocked prone".into()),
            miss: Some("Half damage.".into()),
            effect: None,
        };
        b.powers.push(sweep.clone());
        sweep.name = "Jab".into();
        sweep.usage = Usage::AtWill;
        b.powers.push(sweep);
        let mut s = state(vec![a, m, p, q, b]);
        s.surprise = true;
        Fight::new("Test".into(), "test".into(), 77, s)
    }

    fn step() -> impl Strategy<Value = Step> {
        let who = prop_oneof![Just("a"), Just("m"), Just("p"), Just("q"), Just("b")]
            .prop_map(String::from);
        prop_oneof![
            4 => Just(Step::next()),
            3 => (who.clone(), 0i64..30).prop_map(|(w, n)| damage(&w, n, None)),
            1 => (who.clone(), 0i64..30).prop_map(|(w, n)| damage(&w, n, Some(DamageType::Acid))),
            2 => (who.clone(), 0i64..30).prop_map(|(w, n)| Step::Heal { who: w, amount: n, recovery: false }),
            1 => (who.clone(), 0i64..15).prop_map(|(w, n)| Step::Temp { who: w, amount: n, replace: false }),
            2 => (who.clone(), prop_oneof![Just(Until::SaveEnds), Just(Until::EndOf("a".into())), Just(Until::StartOf("b".into()))])
                .prop_map(|(w, u)| effect(&w, condition(Condition::Dazed), u)),
            1 => who.clone().prop_map(|w| effect(&w, Affliction::Persistent { amount: 3, damage_type: None }, Until::SaveEnds)),
            2 => (who.clone(), who.clone()).prop_map(|(w, x)| effect(&w, condition(Condition::Slowed), Until::EndOf(x))),
            1 => (who.clone(), 1i64..25).prop_map(|(w, n)| Step::Delay { who: w, count: n }),
            1 => who.clone().prop_map(|t| Step::Attack { who: "a".into(), power: "bite".into(), target: t, defense: Some(14), apply: true, also: Vec::new(), mods: Vec::new(), d20: Vec::new(), riders: false, immediate: false }),
            1 => who.clone().prop_map(|w| Step::KnockOut { who: w }),
            1 => who.clone().prop_map(|w| Step::ActionPoint { who: w }),
            1 => who.clone().prop_map(|w| Step::Remove { who: w }),
            // Issue 34: every step kind, characters with numbers, several targets.
            2 => (proptest::collection::vec(1i64..=20, 0..3)).prop_map(|rolls| Step::Next { rolls }),
            1 => who.clone().prop_map(|w| Step::Villain { who: w }),
            1 => who.clone().prop_map(|w| Step::Stand { who: w }),
            1 => who.clone().prop_map(|w| Step::Stabilize { who: w }),
            1 => who.clone().prop_map(|w| Step::Rally { who: w }),
            1 => who.clone().prop_map(|w| Step::TotalDefense { who: w }),
            1 => (who.clone(), who.clone(), any::<bool>()).prop_map(|(w, t, attack)| Step::Help { who: w, ally: "p".into(), against: t, attack }),
            1 => (who.clone(), 1u32..8).prop_map(|(w, e)| Step::Maintain { who: w, effect: e }),
            1 => (who.clone(), who.clone()).prop_map(|(w, b)| Step::Ready { who: w, before: b }),
            1 => (1u32..4).prop_map(|offer| Step::Apply { offer }),
            1 => (who.clone(), 0i64..20).prop_map(|(w, n)| Step::Heal { who: w, amount: n, recovery: true }),
            1 => (who.clone(), 0i64..15).prop_map(|(w, n)| Step::Temp { who: w, amount: n, replace: true }),
            2 => (proptest::sample::subsequence(vec!["a", "m", "p", "q"], 1..=4), prop_oneof![Just("sweep"), Just("jab")], proptest::collection::vec(1i64..=20, 0..4), any::<bool>())
                .prop_map(|(targets, power, d20, riders)| Step::Attack {
                    who: "b".into(),
                    power: power.into(),
                    target: targets[0].into(),
                    defense: None,
                    apply: true,
                    also: targets[1..].iter().map(|t| lairsmith_core::fight::step::AttackTarget { who: (*t).into(), defense: None }).collect(),
                    mods: Vec::new(),
                    d20,
                    riders,
                    immediate: false,
                }),
            1 => who.clone().prop_map(|w| effect(&w, Affliction::Condition { condition: Condition::Marked, by: Some("b".into()) }, Until::Encounter)),
            1 => who.prop_map(|w| effect(&w, condition(Condition::Prone), Until::Stands)),
        ]
    }

    fn invariants(f: &Fight) {
        let s = &f.now;
        for c in &s.combatants {
            if let Some(m) = c.max_hp {
                assert!(c.hp <= m, "{}: {} above {m}", c.id, c.hp);
            }
            assert!(c.temp_hp >= 0, "{}", c.id);
            if c.mook && c.life == Life::Up {
                assert_eq!(c.hp, 1);
            }
        }
        if let Some(t) = &s.turn {
            let c = s.combatants.iter().find(|c| &c.id == t).unwrap();
            assert!(c.takes_turns(), "{t} takes a turn while {:?}", c.life);
        }
        // The order is sorted by P1's keys (a creature that readied goes just ahead of its
        // trigger, P2).
        let order = rules::p1_order(s);
        for w in order.windows(2) {
            let (x, y) = (&s.combatants[w[0]], &s.combatants[w[1]]);
            if x.ahead_of.is_some() || y.ahead_of.is_some() {
                continue;
            }
            assert!(
                (x.initiative, x.init_mod, x.coin) >= (y.initiative, y.init_mod, y.coin),
                "{} before {}",
                x.id,
                y.id
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]
        #[test]
        fn invariants_hold_and_undo_returns_exactly_the_previous_state(steps in proptest::collection::vec(step(), 1..60)) {
            let mut f = arena();
            ok(&mut f, Step::next());
            let mut delayed = std::collections::BTreeSet::new();
            for s in steps {
                let before = f.now.clone();
                let lines_before = f.log().unwrap().len();
                let delay = match &s {
                    Step::Delay { who, .. } if before.turn.as_deref() == Some(who.as_str()) => before
                        .combatants
                        .iter()
                        .find(|c| &c.id == who)
                        .map(|c| (who.clone(), c.turns)),
                    _ => None,
                };
                if f.push(s).is_ok() {
                    delayed.extend(delay);
                    invariants(&f);
                    // The dead regain nothing (P3).
                    for c in &f.now.combatants {
                        let was = before.combatants.iter().find(|b| b.id == c.id).unwrap();
                        if was.life == Life::Dead && c.life == Life::Dead {
                            prop_assert!(c.hp <= was.hp, "{} regained HP while dead", c.id);
                        }
                    }
                    // A dying character makes one death save a turn, at its start (P12).
                    let log = f.log().unwrap();
                    let saves = log[lines_before..]
                        .iter()
                        .filter(|l| l.text.contains("death saving throw:"))
                        .count();
                    // A turn begins with `next`, when the creature whose turn it is drops or
                    // delays, and again when the next one dies at its turn's start.
                    let begun = log[lines_before..]
                        .iter()
                        .filter(|l| l.text.ends_with("'s turn"))
                        .count();
                    prop_assert!(
                        saves <= begun,
                        "{saves} death saves in one step: {:?}",
                        log[lines_before..].iter().map(|l| &l.text).collect::<Vec<_>>()
                    );
                    // P7: an effect "until the end of X's next turn" is on its target through
                    // X's next turn and gone once that turn has ended.
                    end_of_next_turn(&before, &f.now, &delayed)?;
                    // The file reads back as the fight.
                    let text = lairsmith_core::fight::saved::to_text(&f);
                    let dir = tempfile::tempdir().unwrap();
                    let path = dir.path().join("f.yaml");
                    std::fs::write(&path, &text).unwrap();
                    let (back, _) = lairsmith_core::fight::saved::load_fight(&path).unwrap();
                    prop_assert_eq!(&back.now, &f.now);
                    let after = f.now.clone();
                    let taken = f.undo().unwrap();
                    prop_assert_eq!(&f.now, &before);
                    f.push(taken).unwrap();
                    prop_assert_eq!(&f.now, &after);
                } else {
                    prop_assert_eq!(&f.now, &before, "a refused step changes nothing");
                }
            }
        }
    }

    /// P7 over one step from `before` to `now`: no "until the end of X's next turn" effect is
    /// left once X's next turn (the first it begins after the effect, `after + 1`) has ended;
    /// and one that was on a creature still up when X's next turn begins is still on it. A
    /// turn X delayed (`delayed`: X and the number of the turn) goes on in the turn X takes on
    /// its new count (P2), so the effect lasts through that one.
    fn end_of_next_turn(
        before: &FightState,
        now: &FightState,
        delayed: &std::collections::BTreeSet<(String, u32)>,
    ) -> Result<(), TestCaseError> {
        let turns =
            |s: &FightState, x: &str| s.combatants.iter().find(|c| c.id == x).map(|c| c.turns);
        for c in &now.combatants {
            for e in &c.effects {
                let Until::EndOf(x) = &e.until else { continue };
                let Some(t) = turns(now, x) else { continue };
                let mut next = e.after + 1;
                while delayed.contains(&(x.clone(), next)) {
                    next += 1;
                }
                let over = t > next || (t == next && now.turn.as_deref() != Some(x));
                prop_assert!(
                    !over,
                    "{}'s effect #{} until the end of {x}'s next turn outlived it (after {}, {x} has begun {t})",
                    c.id,
                    e.id,
                    e.after
                );
            }
        }
        for c in &before.combatants {
            for e in &c.effects {
                let Until::EndOf(x) = &e.until else { continue };
                let began = before.turn.as_deref() != Some(x)
                    && now.turn.as_deref() == Some(x)
                    && turns(now, x) == Some(e.after + 1);
                let up = now
                    .combatants
                    .iter()
                    .find(|d| d.id == c.id)
                    .is_some_and(|d| d.life == Life::Up);
                if began && up {
                    let kept = now
                        .combatants
                        .iter()
                        .find(|d| d.id == c.id)
                        .is_some_and(|d| d.effects.iter().any(|k| k.id == e.id));
                    prop_assert!(
                        kept,
                        "{}'s effect #{} ended as {x}'s next turn began",
                        c.id,
                        e.id
                    );
                }
            }
        }
        Ok(())
    }

    #[test]
    fn dice_of_a_step_are_the_same_on_replay() {
        let mut d1 = Dice::for_step(5, 3);
        let mut d2 = Dice::for_step(5, 3);
        let a: Vec<i64> = (0..20).map(|_| d1.d(20)).collect();
        let b: Vec<i64> = (0..20).map(|_| d2.d(20)).collect();
        assert_eq!(a, b);
        let _ = apply;
    }
}

#[test]
fn the_players_view_shows_no_foe_numbers_and_no_hidden_creature() {
    let mut ana = creature("ana", 30, 12);
    ana.side = Side::Party;
    let mut lurker = creature("lurker", 50, 3);
    lurker.hidden = true;
    let mut f = fight(vec![creature("ogre", 40, 20), ana, lurker], 1);
    ok(&mut f, Step::next());
    ok(&mut f, damage("ogre", 25, Some(DamageType::Fire)));
    ok(&mut f, damage("ana", 4, None));
    ok(
        &mut f,
        effect("ogre", condition(Condition::Dazed), Until::SaveEnds),
    );
    let lines = lairsmith_core::fight::players::lines(&f.now).join("\n");
    assert_eq!(lines, "Round 1\n▶ ogre: staggered — dazed\n  ana: 26/30 HP");
    assert!(
        !lines.contains("15") && !lines.contains("40"),
        "no foe's numbers: {lines}"
    );
    ok(
        &mut f,
        Step::Hide {
            who: "lurker".into(),
            hidden: false,
        },
    );
    assert!(
        lairsmith_core::fight::players::lines(&f.now)
            .join("\n")
            .contains("lurker: unhurt")
    );
}

#[test]
fn the_table_sheet_has_a_ladder_a_track_for_every_creature_and_no_budget() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("encounters")).unwrap();
    std::fs::write(
        d.join("encounters/ford.yaml"),
        "kind: encounter\nschema_version: 1\nname: Ford\nparty:\n  members:\n  - {name: Ana, level: 3}\n  - {name: Bo, level: 3}\ngroups:\n- monster: gloamsworn-skirmisher\n  count: 2\n- monster: hedgemaw\n  count: 1\n",
    )
    .unwrap();
    let o = lairsmith(
        d,
        &[
            "encounter",
            "export",
            "ford",
            "--format",
            "html",
            "--for",
            "table",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let html = text(&o.stdout);
    assert!(html.contains("class=\"ladder\""), "no initiative ladder");
    // Each character has a line of the ladder, named.
    for who in ["Ana", "Bo"] {
        assert!(
            html.contains(&format!("<td>{who}</td>")),
            "{who} is not on the ladder"
        );
    }
    // Every creature has its own card; the hedgemaw a hit-point track, each mook (the two
    // skirmishers) the box that drops it.
    let cards = html.matches("<div class=\"creature\">").count();
    let tracks = html.matches("<div class=\"track\">").count();
    let mooks = html.matches("Mook: any damage drops it").count();
    assert_eq!((cards, tracks, mooks), (3, 1, 2));
    // The track marks exactly one box as the staggered one.
    assert_eq!(html.matches("class=\"stag\"").count(), 1);
    // Each kind's stat block once; no budget arithmetic.
    assert_eq!(html.matches("lairsmith show hedgemaw").count(), 1);
    assert_eq!(
        html.matches("lairsmith show gloamsworn-skirmisher").count(),
        1
    );
    assert!(!html.to_lowercase().contains("budget"));
    // The table sheet is a printed page: asked for in Markdown it says how to get it.
    let o = lairsmith(d, &["encounter", "export", "ford", "--for", "table"]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("--format html"),
        "{}",
        text(&o.stderr)
    );
}
