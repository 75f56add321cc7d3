//! The whole space: every level 1-30 × rank × role, derived by the library, checked against the
//! rulebook lines in `tests/data/rulebook-extract.txt`, which this file parses on its own (it
//! shares no table or formula with the code under test). The hand-computed examples of
//! orcus-rules-reference.md §7 follow as readable anchors.

use lairsmith_core::monster::kit::Templates;
use lairsmith_core::monster::{Classification, MonsterDesign, StatBlock, derive};
use lairsmith_core::rules::{CreatureType, Level, Rank, Role, Size, Source};
use std::collections::HashMap;

struct Book {
    lines: HashMap<u32, String>,
}

impl Book {
    fn load() -> Book {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/rulebook-extract.txt"
        ));
        let lines = text
            .lines()
            .filter_map(|l| l.strip_prefix('L'))
            .filter_map(|l| l.split_once('|'))
            .map(|(n, t)| (n.parse().unwrap(), t.to_owned()))
            .collect();
        Book { lines }
    }

    fn line(&self, n: u32) -> &str {
        &self.lines[&n]
    }

    fn cells(&self, n: u32) -> Vec<String> {
        self.line(n)
            .split('|')
            .map(|c| c.trim().replace(',', ""))
            .collect()
    }

    /// Monster XP, L1694-1723: (mook, standard, elite, boss).
    fn xp(&self, level: u8, rank: Rank) -> i64 {
        let c = self.cells(1693 + u32::from(level));
        assert_eq!(c[0], level.to_string());
        let col = match rank {
            Rank::Mook => 1,
            Rank::Standard => 2,
            Rank::Elite => 3,
            Rank::Boss => 4,
        };
        c[col].parse().unwrap()
    }

    /// Damage table row, L1873-1907.
    fn damage(&self, level: u8) -> Vec<String> {
        let c = self.cells(1872 + u32::from(level));
        assert_eq!(c[0], level.to_string());
        c
    }

    /// The role's block of lines, starting at its name (L1802-1831).
    fn role_lines(&self, role: Role) -> [String; 4] {
        let name = format!("{role}");
        let start = (1802..=1831)
            .find(|n| self.line(*n) == name)
            .expect("role heading");
        [1, 2, 3, 4].map(|i| self.line(start + i).to_owned())
    }
}

/// "AC: 12 + level." -> 12; "Fort: 11 + level; Ref: 12 + level; Will: 12 + level." -> [11, 12, 12]
fn bases(line: &str) -> Vec<i64> {
    line.split(';')
        .map(|part| {
            let after = part.split(':').nth(1).unwrap().trim();
            after.split('+').next().unwrap().trim().parse().unwrap()
        })
        .collect()
}

/// "HP: 21 + (4 * level) (double ...)" -> (21, 4)
fn hp_formula(line: &str) -> (i64, i64) {
    let after = line.strip_prefix("HP: ").unwrap();
    let (base, rest) = after.split_once(" + (").unwrap();
    let per = rest.split(" * ").next().unwrap();
    (base.parse().unwrap(), per.parse().unwrap())
}

/// "Attack: +5 + level vs AC; +3 + level vs ..." -> (5, 3); a line with one clause applies to
/// every defense (R3, the skulker read literally).
fn attack_bases(line: &str) -> (i64, i64) {
    let after = line.strip_prefix("Attack: ").unwrap();
    let nums: Vec<i64> = after
        .split(';')
        .map(|p| {
            p.trim()
                .trim_start_matches('+')
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    (nums[0], *nums.get(1).unwrap_or(&nums[0]))
}

fn dice_plus(cell: &str, bonus: i64) -> String {
    let (dice, flat) = cell.split_once('+').unwrap();
    format!("{dice}+{}", flat.parse::<i64>().unwrap() + bonus)
}

fn design(level: u8, rank: Rank, role: Role) -> MonsterDesign {
    let c = Classification {
        level: Level::new(i64::from(level)).unwrap(),
        rank,
        role,
        leader: false,
        size: Size::Medium,
        source: Source::Natural,
        creature_type: CreatureType::Beast,
        tags: vec![],
    };
    let mut d = MonsterDesign::new("Sweep", c.clone());
    d.powers = Templates::embedded().default_powers(&c);
    d
}

const RANKS: [Rank; 4] = [Rank::Mook, Rank::Standard, Rank::Elite, Rank::Boss];
const ROLES: [Role; 6] = [
    Role::Archer,
    Role::Blocker,
    Role::Skulker,
    Role::Spoiler,
    Role::Striker,
    Role::Wrecker,
];

#[test]
fn every_level_rank_and_role_matches_the_book() {
    let book = Book::load();
    // Rank lines, read from the book: saving throws and action points of elites and bosses.
    assert_eq!(book.line(1595), "- A +2 bonus on saving throws.");
    assert_eq!(book.line(1596), "- 1 Action Point per encounter.");
    assert_eq!(book.line(1602), "- A +5 bonus on saving throws.");
    assert_eq!(book.line(1603), "- 2 Action Points per encounter.");
    assert!(book.line(1589).starts_with("- 1 HP only."));
    let mut checked = 0;
    for level in 1..=30u8 {
        let row = book.damage(level);
        let wrecker_bonus: i64 = row[6].trim_start_matches('+').parse().unwrap();
        let mook_damage: i64 = row[1].parse().unwrap();
        for role in ROLES {
            let [ac_line, nad_line, hp_line, atk_line] = book.role_lines(role);
            let ac = bases(&ac_line)[0] + i64::from(level);
            let nad: Vec<i64> = bases(&nad_line)
                .iter()
                .map(|b| b + i64::from(level))
                .collect();
            let (hp_base, hp_per) = hp_formula(&hp_line);
            let (atk_ac, atk_other) = attack_bases(&atk_line);
            let bonus = if role == Role::Wrecker {
                wrecker_bonus
            } else {
                0
            };
            for rank in RANKS {
                let d = design(level, rank, role);
                let b: StatBlock = derive(&d);
                let ctx = format!("level {level} {rank} {role}");
                assert_eq!(b.defenses.ac, ac, "{ctx} AC");
                assert_eq!(
                    [b.defenses.fortitude, b.defenses.reflex, b.defenses.will],
                    [nad[0], nad[1], nad[2]],
                    "{ctx} NADs"
                );
                let standard_hp = hp_base + hp_per * i64::from(level);
                let hp = match rank {
                    Rank::Mook => 1,
                    Rank::Standard => standard_hp,
                    Rank::Elite => 2 * standard_hp,
                    Rank::Boss => 4 * standard_hp,
                };
                assert_eq!(b.hp, hp, "{ctx} HP");
                assert_eq!(b.staggered, hp / 2, "{ctx} staggered");
                assert_eq!(b.xp, book.xp(level, rank), "{ctx} XP");
                let (save, ap) = match rank {
                    Rank::Elite => (2, 1),
                    Rank::Boss => (5, 2),
                    _ => (0, 0),
                };
                assert_eq!(
                    (b.saving_throw_bonus, b.action_points),
                    (save, ap),
                    "{ctx} saves/AP"
                );
                let recoveries = 1 + i64::from(level >= 11) + i64::from(level >= 21);
                assert_eq!(b.recoveries, recoveries, "{ctx} recoveries");
                for p in b.powers.iter().filter(|p| p.attack.is_some()) {
                    let a = p.attack.as_ref().unwrap();
                    let expected = if lairsmith_core::vocab::Vocabulary::key(a.defense) == "ac" {
                        atk_ac
                    } else {
                        atk_other
                    } + i64::from(level);
                    assert_eq!(a.bonus, expected, "{ctx} {} attack", p.name);
                    let dmg = serde_json::to_value(p.damage.as_ref().unwrap()).unwrap();
                    let expected_damage = if rank == Rank::Mook {
                        serde_json::json!(mook_damage + bonus / 2)
                    } else {
                        let col = match p.damage_source.as_deref().unwrap() {
                            "at-will-single" => 2,
                            "at-will-multi" => 3,
                            "surge-single" => 4,
                            "surge-multi" => 5,
                            other => panic!("{ctx}: kit power {} uses {other}, not a tier", p.name),
                        };
                        serde_json::json!(dice_plus(&row[col], bonus))
                    };
                    assert_eq!(dmg, expected_damage, "{ctx} {} damage", p.name);
                    checked += 1;
                }
                assert!(
                    b.powers.iter().any(|p| p.basic),
                    "{ctx}: the default kit has a basic attack"
                );
            }
        }
    }
    assert!(
        checked >= 30 * 6 * 4,
        "every combination had attack powers checked ({checked})"
    );
}

#[test]
fn every_default_kit_is_lint_clean() {
    for level in [1u8, 10, 11, 20, 21, 30] {
        for role in ROLES {
            for rank in RANKS {
                for leader in [false, true] {
                    let mut d = design(level, rank, role);
                    if leader {
                        d.leader = true;
                        d.powers = Templates::embedded().default_powers(&d.classification());
                    }
                    let b = derive(&d);
                    let findings = lairsmith_core::monster::lint::lint(&d, &b, None);
                    assert!(
                        findings.is_empty(),
                        "level {level} {rank} {role} leader={leader}: {findings:#?}"
                    );
                }
            }
        }
    }
}

struct Anchor {
    level: u8,
    rank: Rank,
    role: Role,
    defenses: [i64; 4],
    hp: i64,
    staggered: i64,
    attack_ac: i64,
    attack_other: i64,
    xp: i64,
    save: i64,
    ap: i64,
    recoveries: i64,
    x: u32,
    at_will_single: &'static str,
}

/// orcus-rules-reference.md §7, the hand-computed table, row for row.
const ANCHORS: [Anchor; 14] = [
    Anchor {
        level: 1,
        rank: Rank::Standard,
        role: Role::Archer,
        defenses: [13, 12, 13, 13],
        hp: 25,
        staggered: 12,
        attack_ac: 6,
        attack_other: 4,
        xp: 100,
        save: 0,
        ap: 0,
        recoveries: 1,
        x: 5,
        at_will_single: "1d10+3",
    },
    Anchor {
        level: 1,
        rank: Rank::Mook,
        role: Role::Wrecker,
        defenses: [13, 14, 12, 13],
        hp: 1,
        staggered: 0,
        attack_ac: 6,
        attack_other: 4,
        xp: 25,
        save: 0,
        ap: 0,
        recoveries: 1,
        x: 5,
        at_will_single: "6",
    },
    Anchor {
        level: 1,
        rank: Rank::Elite,
        role: Role::Spoiler,
        defenses: [15, 13, 12, 14],
        hp: 58,
        staggered: 29,
        attack_ac: 6,
        attack_other: 4,
        xp: 200,
        save: 2,
        ap: 1,
        recoveries: 1,
        x: 5,
        at_will_single: "1d10+3",
    },
    Anchor {
        level: 1,
        rank: Rank::Boss,
        role: Role::Blocker,
        defenses: [17, 14, 13, 13],
        hp: 116,
        staggered: 58,
        attack_ac: 6,
        attack_other: 4,
        xp: 500,
        save: 5,
        ap: 2,
        recoveries: 1,
        x: 5,
        at_will_single: "1d10+3",
    },
    Anchor {
        level: 4,
        rank: Rank::Standard,
        role: Role::Skulker,
        defenses: [18, 16, 17, 15],
        hp: 37,
        staggered: 18,
        attack_ac: 9,
        attack_other: 9,
        xp: 175,
        save: 0,
        ap: 0,
        recoveries: 1,
        x: 5,
        at_will_single: "1d12+5",
    },
    Anchor {
        level: 10,
        rank: Rank::Elite,
        role: Role::Blocker,
        defenses: [26, 23, 22, 22],
        hp: 148,
        staggered: 74,
        attack_ac: 15,
        attack_other: 13,
        xp: 1000,
        save: 2,
        ap: 1,
        recoveries: 1,
        x: 5,
        at_will_single: "2d12+5",
    },
    Anchor {
        level: 10,
        rank: Rank::Boss,
        role: Role::Skulker,
        defenses: [24, 22, 23, 21],
        hp: 244,
        staggered: 122,
        attack_ac: 15,
        attack_other: 15,
        xp: 2500,
        save: 5,
        ap: 2,
        recoveries: 1,
        x: 5,
        at_will_single: "2d12+5",
    },
    Anchor {
        level: 10,
        rank: Rank::Mook,
        role: Role::Striker,
        defenses: [24, 21, 23, 22],
        hp: 1,
        staggered: 0,
        attack_ac: 15,
        attack_other: 13,
        xp: 125,
        save: 0,
        ap: 0,
        recoveries: 1,
        x: 5,
        at_will_single: "9",
    },
    Anchor {
        level: 10,
        rank: Rank::Standard,
        role: Role::Wrecker,
        defenses: [22, 23, 21, 22],
        hp: 87,
        staggered: 43,
        attack_ac: 15,
        attack_other: 13,
        xp: 500,
        save: 0,
        ap: 0,
        recoveries: 1,
        x: 5,
        at_will_single: "2d12+10",
    },
    Anchor {
        level: 16,
        rank: Rank::Elite,
        role: Role::Striker,
        defenses: [30, 27, 29, 28],
        hp: 208,
        staggered: 104,
        attack_ac: 21,
        attack_other: 19,
        xp: 2800,
        save: 2,
        ap: 1,
        recoveries: 2,
        x: 10,
        at_will_single: "3d10+7",
    },
    Anchor {
        level: 30,
        rank: Rank::Standard,
        role: Role::Spoiler,
        defenses: [44, 42, 41, 43],
        hp: 174,
        staggered: 87,
        attack_ac: 35,
        attack_other: 33,
        xp: 16000,
        save: 0,
        ap: 0,
        recoveries: 3,
        x: 15,
        at_will_single: "5d10+10",
    },
    Anchor {
        level: 30,
        rank: Rank::Boss,
        role: Role::Wrecker,
        defenses: [42, 43, 41, 42],
        hp: 828,
        staggered: 414,
        attack_ac: 35,
        attack_other: 33,
        xp: 80000,
        save: 5,
        ap: 2,
        recoveries: 3,
        x: 15,
        at_will_single: "5d10+20",
    },
    Anchor {
        level: 30,
        rank: Rank::Elite,
        role: Role::Archer,
        defenses: [42, 41, 42, 42],
        hp: 282,
        staggered: 141,
        attack_ac: 35,
        attack_other: 33,
        xp: 32000,
        save: 2,
        ap: 1,
        recoveries: 3,
        x: 15,
        at_will_single: "5d10+10",
    },
    Anchor {
        level: 30,
        rank: Rank::Mook,
        role: Role::Skulker,
        defenses: [44, 42, 43, 41],
        hp: 1,
        staggered: 0,
        attack_ac: 35,
        attack_other: 35,
        xp: 4000,
        save: 0,
        ap: 0,
        recoveries: 3,
        x: 15,
        at_will_single: "19",
    },
];

#[test]
fn hand_computed_anchors() {
    use lairsmith_core::rules::DamageTier;
    use lairsmith_core::rules::damage::tier_damage;
    use lairsmith_core::rules::power_vocab::Defense;
    for a in &ANCHORS {
        let d = design(a.level, a.rank, a.role);
        let b = derive(&d);
        let ctx = format!("level {} {} {}", a.level, a.rank, a.role);
        let df = b.defenses;
        assert_eq!(
            [df.ac, df.fortitude, df.reflex, df.will],
            a.defenses,
            "{ctx}"
        );
        assert_eq!(
            (b.hp, b.staggered, b.xp),
            (a.hp, a.staggered, a.xp),
            "{ctx}"
        );
        assert_eq!(
            (b.saving_throw_bonus, b.action_points, b.recoveries),
            (a.save, a.ap, a.recoveries),
            "{ctx}"
        );
        let f = lairsmith_core::monster::derive::formula_attack_bonus;
        assert_eq!(
            (f(&d, Defense::Ac), f(&d, Defense::Will)),
            (a.attack_ac, a.attack_other),
            "{ctx}"
        );
        assert_eq!(d.level.resistance_x(), a.x, "{ctx}");
        assert_eq!(
            tier_damage(DamageTier::AtWillSingle, d.level, a.rank, a.role).to_string(),
            a.at_will_single,
            "{ctx}"
        );
    }
}

#[test]
fn anchor_5_derived_stats_giant_frog() {
    // §7: L4 skulker with Dex 18, Wis 12: initiative +6, trained Stealth +11, Perception +3.
    let mut d = design(4, Rank::Standard, Role::Skulker);
    d.abilities.dex = Some(18);
    d.abilities.wis = Some(12);
    d.skills = vec![lairsmith_core::rules::Skill::Stealth];
    let b = derive(&d);
    assert_eq!(b.initiative, 6);
    assert_eq!(b.skills.0, vec![("stealth".to_owned(), 11)]);
    assert_eq!(b.perception, 3);
    assert_eq!(b.passive_perception, 13);
    // §7 #11: L30 spoiler with Wis 31 trained in Perception: +30; Dex 14: initiative +17.
    let mut d = design(30, Rank::Standard, Role::Spoiler);
    d.abilities.wis = Some(31);
    d.abilities.dex = Some(14);
    d.skills = vec![lairsmith_core::rules::Skill::Perception];
    let b = derive(&d);
    assert_eq!((b.perception, b.initiative), (30, 17));
}
