//! One test per ruling of RULINGS.md (R1-R15, E1-E5), named after it, pinning the reading the
//! code implements. The sweep in rules_sweep.rs covers the whole level × rank × role space.

use lairsmith_core::encounter::rating::orcus::{budget, budget_of, party_level_of};
use lairsmith_core::encounter::report::report;
use lairsmith_core::encounter::{Encounter, Group, Party, Placeholder, Side};
use lairsmith_core::monster::kit::Templates;
use lairsmith_core::monster::{Classification, MonsterDesign, derive};
use lairsmith_core::rules::difficulty::{BANDS, band_for_offset, level_for_xp};
use lairsmith_core::rules::grants::{resolve_grants, source_grants, tag_grants};
use lairsmith_core::rules::*;
use lairsmith_core::vocab::Vocabulary;

fn lvl(n: i64) -> Level {
    Level::new(n).unwrap()
}

fn design(level: i64, rank: Rank, role: Role) -> MonsterDesign {
    let c = Classification {
        level: lvl(level),
        rank,
        role,
        leader: false,
        size: Size::Medium,
        source: Source::Natural,
        creature_type: CreatureType::Humanoid,
        tags: vec![],
    };
    let mut d = MonsterDesign::new("Test", c.clone());
    d.powers = Templates::embedded().default_powers(&c);
    d
}

#[test]
fn r1_levels_are_1_to_30_and_the_damage_table_keeps_31_to_35() {
    assert!(Level::new(0).is_err() && Level::new(31).is_err());
    assert_eq!(lairsmith_core::rules::tables::MONSTER_DAMAGE.len(), 35);
    assert_eq!(lairsmith_core::rules::tables::MONSTER_XP.len(), 30);
}

#[test]
fn r2_role_formulas_base_plus_level() {
    let b = derive(&design(10, Rank::Standard, Role::Wrecker));
    assert_eq!(
        (
            b.defenses.ac,
            b.defenses.fortitude,
            b.defenses.reflex,
            b.defenses.will
        ),
        (22, 23, 21, 22)
    );
    assert_eq!(b.hp, 27 + 6 * 10);
}

#[test]
fn r3_skulker_attacks_every_defense_at_plus_5() {
    let d = design(4, Rank::Standard, Role::Skulker);
    use lairsmith_core::monster::derive::formula_attack_bonus;
    use lairsmith_core::rules::power_vocab::Defense;
    for def in Defense::ALL {
        assert_eq!(formula_attack_bonus(&d, *def), 9);
    }
    assert_eq!(lairsmith_core::rules::role::SKULKER_NON_AC_ATTACK_BASE, 5);
}

#[test]
fn r4_leader_changes_no_number_prints_leader_and_adds_a_leader_power() {
    for role in Role::ALL {
        let plain = design(7, Rank::Elite, *role);
        let mut leader = plain.clone();
        leader.leader = true;
        let (a, b) = (derive(&plain), derive(&leader));
        assert_eq!(
            (a.hp, a.xp, a.defenses, a.initiative),
            (b.hp, b.xp, b.defenses, b.initiative)
        );
        assert!(
            b.header.ends_with(&format!("{} (Leader)", role.label())),
            "{}",
            b.header
        );
        let kit = Templates::embedded().default_powers(&leader.classification());
        assert_eq!(kit.len(), plain.powers.len() + 1);
    }
}

#[test]
fn r5_rank_multiplies_the_whole_hp_formula_and_nothing_else() {
    let std = derive(&design(5, Rank::Standard, Role::Blocker));
    for (rank, hp, save, ap) in [
        (Rank::Mook, 1, 0, 0),
        (Rank::Elite, 2 * std.hp, 2, 1),
        (Rank::Boss, 4 * std.hp, 5, 2),
    ] {
        let b = derive(&design(5, rank, Role::Blocker));
        assert_eq!(
            (b.hp, b.saving_throw_bonus, b.action_points),
            (hp, save, ap),
            "{rank}"
        );
        assert_eq!(b.defenses, std.defenses, "rank never changes defenses");
        assert_eq!(
            b.abilities, std.abilities,
            "rank never changes ability scores"
        );
    }
}

#[test]
fn r6_xp_is_the_table_with_mook_rounding_to_nearest() {
    let mook = |l| Rank::Mook.xp(lvl(l));
    assert_eq!([mook(3), mook(4), mook(6), mook(8)], [38, 44, 63, 88]);
    assert_eq!(mook(2), 31);
}

#[test]
fn r7_half_level_counted_once() {
    let mut d = design(4, Rank::Standard, Role::Skulker);
    d.abilities.dex = Some(18);
    d.abilities.wis = Some(12);
    d.skills = vec![Skill::Stealth];
    let b = derive(&d);
    assert_eq!((b.initiative, b.perception, b.skills.0[0].1), (6, 3, 11));
}

#[test]
fn r8_default_scores_top_on_the_key_ability_others_10_to_14() {
    for level in [1i64, 9, 30] {
        for role in Role::ALL {
            let b = derive(&design(level, Rank::Standard, *role));
            let key = role.key_ability();
            assert_eq!(
                b.abilities.get(key).score,
                16 + (level as i32) / 2,
                "{role} at {level}"
            );
            for a in Ability::ALL.iter().filter(|a| **a != key) {
                assert!((10..=14).contains(&b.abilities.get(*a).score), "{role} {a}");
            }
        }
    }
    assert_eq!(lairsmith_core::rules::abilities::base_modifier(31), 10);
}

#[test]
fn r9_x_by_tier_and_one_entry_per_type() {
    for (level, x) in [(10, 5), (11, 10), (20, 10), (21, 15)] {
        let g = resolve_grants(
            lvl(level),
            source_grants(Source::Shadow)
                .iter()
                .chain(tag_grants(Tag::Undead)),
        );
        assert!(
            g.resistances
                .iter()
                .chain(&g.vulnerabilities)
                .all(|r| r.value == x)
        );
        // Shadow and undead both make it vulnerable to radiant: one entry.
        assert_eq!(g.vulnerabilities.len(), 1);
    }
}

#[test]
fn r10_damage_from_the_table_wrecker_bonus_mook_static() {
    use lairsmith_core::rules::damage::tier_damage;
    assert_eq!(
        tier_damage(
            DamageTier::SurgeSingle,
            lvl(10),
            Rank::Standard,
            Role::Wrecker
        )
        .to_string(),
        "4d8+11"
    );
    assert_eq!(
        tier_damage(DamageTier::SurgeSingle, lvl(10), Rank::Mook, Role::Wrecker).to_string(),
        "11"
    );
    assert_eq!(
        tier_damage(DamageTier::SurgeSingle, lvl(10), Rank::Boss, Role::Archer).to_string(),
        "4d8+6"
    );
    // Usage and origin decide the natural tier.
    let p = &Templates::embedded()
        .kit(lairsmith_core::monster::kit::KitFor::Archer)
        .unwrap()
        .powers[1];
    assert_eq!(p.natural_tier(), DamageTier::SurgeMulti);
}

#[test]
fn r11_recoveries_staggered_recovery_value() {
    let b = derive(&design(15, Rank::Standard, Role::Wrecker));
    assert_eq!(b.hp, 27 + 90);
    assert_eq!(
        (b.recoveries, b.staggered, b.recovery_value),
        (2, 117 / 2, 117 / 4)
    );
}

#[test]
fn r12_space_and_reach_by_size() {
    for (size, space, reach) in [
        (Size::Tiny, "0.5 x 0.5", 0),
        (Size::Medium, "1 x 1", 1),
        (Size::Huge, "3 x 3", 1),
        (Size::Gargantuan, "4 x 4 or more", 1),
    ] {
        let mut d = design(3, Rank::Standard, Role::Striker);
        d.size = size;
        let b = derive(&d);
        assert_eq!((b.space.as_str(), b.reach), (space, reach), "{size}");
    }
}

#[test]
fn r13_speed_6_by_default() {
    let mut d = design(3, Rank::Standard, Role::Striker);
    assert_eq!(derive(&d).speed, 6);
    d.movement.walk = Some(8);
    d.movement.fly = Some(10);
    let b = derive(&d);
    assert_eq!((b.speed, b.movement.fly), (8, Some(10)));
}

#[test]
fn r14_book_names_that_disagree() {
    assert_eq!(Role::parse("Lurker").unwrap(), Role::Skulker);
    assert_eq!(Source::parse("Immortal").unwrap(), Source::Outsider);
    assert_eq!(Source::parse("aberration").unwrap(), Source::Cosmic);
    assert_eq!(
        lairsmith_core::rules::senses::MovementTrait::parse("wall-climber")
            .unwrap()
            .to_string(),
        "wall-walker"
    );
}

#[test]
fn r15_every_stat_block_has_its_knowledge_check() {
    let b = derive(&design(17, Rank::Standard, Role::Spoiler));
    assert_eq!(
        (
            lairsmith_core::vocab::Vocabulary::key(b.knowledge.skill),
            b.knowledge.moderate_dc,
            b.knowledge.hard_dc
        ),
        ("nature", 23, 31)
    );
}

// ---------------------------------------------------------------- encounters

/// An independent closest-level search with the doubling pattern (E3), for checking.
fn closest(xp: f64) -> i32 {
    let std = |l: i32| {
        [100.0, 125.0, 150.0, 175.0][(l - 1).rem_euclid(4) as usize]
            * 2f64.powi((l - 1).div_euclid(4))
    };
    let mut best = (f64::MAX, 0);
    for l in -10..60 {
        let d = (std(l) - xp).abs();
        if d < best.0 {
            best = (d, l);
        }
    }
    best.1
}

#[test]
fn e1_budget_sums_each_characters_standard_xp_over_all_levels_and_sizes() {
    for size in 1..=8usize {
        for level in 1..=30 {
            let p = Party::uniform(size, lvl(level));
            let std = u64::from(Rank::Standard.xp(lvl(level)));
            assert_eq!(budget_of(&p), size as u64 * std);
            assert_eq!(
                i64::from(party_level_of(&p)),
                level,
                "E3: a uniform party's level is its level"
            );
        }
    }
    assert_eq!(budget_of(&Party::parse("4x3").unwrap()), 600);
    assert_eq!(
        Party::parse("5").unwrap().size(),
        lairsmith_core::rules::difficulty::DEFAULT_PARTY_SIZE
    );
}

#[test]
fn e3_band_ranges_agree_with_the_ruling_for_every_party() {
    for size in 1..=8usize {
        for level in 1..=30i64 {
            let p = Party::uniform(size, lvl(level));
            let b = budget(&p);
            for (band, rule) in b.bands.iter().zip(BANDS.iter()) {
                let at = |xp: u64| closest(xp as f64 / size as f64) - level as i32;
                if let Some(min) = rule.min_offset {
                    assert_eq!(
                        at(band.min_xp),
                        min,
                        "{size}x{level} {} starts at its lowest offset",
                        band.name
                    );
                    assert_eq!(
                        at(band.min_xp - 1),
                        min - 1,
                        "{size}x{level} one XP less is the band below"
                    );
                }
                if let (Some(max), Some(max_xp)) = (rule.max_offset, band.max_xp) {
                    assert_eq!(
                        at(max_xp),
                        max,
                        "{size}x{level} {} ends at its highest offset",
                        band.name
                    );
                }
            }
        }
    }
    assert_eq!(band_for_offset(1).name, "standard");
    assert_eq!(level_for_xp(137.5), 2, "a tie goes to the lower level");
}

#[test]
fn e2_e4_allies_placeholders_and_mixed_parties() {
    let b = lairsmith_core::bestiary::Bestiary::shipped();
    let party = Party::parse("3,3,4,5").unwrap();
    let mut e = Encounter::new("t", &party);
    e.add(Group::placeholder(
        Placeholder {
            level: lvl(4),
            rank: Rank::Mook,
            role: Role::Striker,
        },
        count(4),
    ))
    .unwrap();
    e.add(Group::monster("duskbriar-thornshot", count(1)))
        .unwrap();
    let mut ally = Group::monster("halcyon-sunarcher", count(1));
    ally.side = Side::Ally;
    e.add(ally).unwrap();
    let r = report(&e, &party, &b);
    assert_eq!(r.budget, 150 + 150 + 175 + 200);
    assert_eq!(
        r.xp,
        4 * 44 + 150,
        "E2: four mooks are not rounded to one standard; the ally does not count"
    );
    assert_eq!(r.xp_per_character, r.xp / 4, "E4: rounded down");
    assert_eq!(r.party_level, closest(675.0 / 4.0));
    assert_eq!(r.encounter_level, Some(closest(326.0 / 4.0)));
}

#[test]
fn e3_warnings_and_unrated_encounters() {
    let b = lairsmith_core::bestiary::Bestiary::shipped();
    let party = Party::parse("4x3").unwrap();
    let empty = report(&Encounter::new("t", &party), &party, &b);
    assert!(empty.band.is_none() && empty.encounter_level.is_none());
    assert!(empty.warnings.iter().any(|w| w.contains("cannot be rated")));
    let mut e = Encounter::new("t", &party);
    e.add(Group::monster("hedgemaw", count(1))).unwrap(); // level 14
    e.add(Group::monster("hedgemw", count(1))).unwrap();
    let r = report(&e, &party, &b);
    assert!(
        r.warnings
            .iter()
            .any(|w| w.contains("more than 4 levels above")),
        "{:?}",
        r.warnings
    );
    assert!(
        r.warnings
            .iter()
            .any(|w| w.contains("`hedgemw`") && w.contains("`hedgemaw`")),
        "{:?}",
        r.warnings
    );
    assert!(r.band.is_none());
}

#[test]
fn e5_treasure_is_the_table_over_ten() {
    let b = lairsmith_core::bestiary::Bestiary::shipped();
    let party = Party::parse("4x1").unwrap();
    let mut e = Encounter::new("t", &party);
    e.add(Group::monster("tuskjaw-knuckler", count(4))).unwrap();
    assert_eq!(report(&e, &party, &b).treasure_per_character_gp, Some(14.4));
}

#[test]
fn explanation_marks_the_projects_own_rulings() {
    let b = lairsmith_core::bestiary::Bestiary::shipped();
    let party = Party::parse("4x6").unwrap();
    let mut e = Encounter::new("t", &party);
    e.add(Group::monster("voidglass-orrery", count(1))).unwrap();
    let r = report(&e, &party, &b);
    let ours: Vec<&str> = r
        .explanation
        .iter()
        .filter(|t| t.ours)
        .map(|t| t.source.as_str())
        .collect();
    assert!(ours.iter().all(|s| s.starts_with("E3")), "{ours:?}");
    assert!(!ours.is_empty());
    assert!(
        r.explanation
            .iter()
            .any(|t| t.source.contains("Monster Statistics: Level"))
    );
}

fn count(n: i64) -> lairsmith_core::encounter::Count {
    lairsmith_core::encounter::Count::new(n).unwrap()
}
