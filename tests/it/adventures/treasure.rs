//! Treasure (T1, T2, E5): the tables against the book's own lines in
//! `tests/data/rulebook-treasure.txt` (parsed here, sharing nothing with the code), each ruling
//! by name, the trove dice's frequencies against probabilities worked out from the dice, and
//! the `treasure` commands.

use crate::common;

use common::{lairsmith, stderr, stdout};
use lairsmith_core::encounter::Party;
use lairsmith_core::rules::tables::{
    ART_OBJECTS, CoinUnit, RANDOM_CONSUMABLES, TREASURE_PER_PLAYER_PER_10_ENCOUNTERS_GP, TROVES,
};
use lairsmith_core::treasure::{
    EnchantedKind, GP_PER_PP, ItemKind, Method, Plan, Trove, for_encounter, plan, roll_trove,
    roll_troves,
};
use rand::SeedableRng;
use std::collections::HashMap;

// ---------------------------------------------------------------------------------------------
// The book, read independently.

fn book() -> HashMap<u32, String> {
    include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/rulebook-treasure.txt"
    ))
    .lines()
    .filter_map(|l| l.strip_prefix('L'))
    .filter_map(|l| l.split_once('|'))
    .map(|(n, t)| (n.parse().unwrap(), t.to_owned()))
    .collect()
}

/// "1,500 gp" -> (1500, "gp").
fn money(cell: &str) -> (u32, String) {
    let (n, unit) = cell.trim().split_once(' ').unwrap();
    (n.replace(',', "").parse().unwrap(), unit.to_owned())
}

fn cells(line: &str) -> Vec<String> {
    line.split('|')
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.is_empty())
        .collect()
}

#[test]
fn the_extract_is_the_books_text_where_the_seed_is_at_hand() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let seed = ["../shared", "../../shared"]
        .iter()
        .map(|d| root.join(d).join("seeds/000_314288786004b83b.txt"))
        .find(|p| p.is_file());
    // Users and CI have only the extract; where the seed exists, the extract must be verbatim.
    let Some(seed) = seed else { return };
    let text = std::fs::read_to_string(seed).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let b = book();
    assert!(b.len() > 100);
    for (n, t) in &b {
        assert_eq!(lines[*n as usize - 1], t, "line {n}");
    }
}

#[test]
fn book_treasure_troves_by_level_matches_troves() {
    let b = book();
    assert_eq!(b[&2100], "Table – Treasure Troves by Level");
    for level in 1..=30u32 {
        let c = cells(&b[&(2102 + level)]);
        assert_eq!(c[0], level.to_string());
        let (mult, unit) = money(&c[1]);
        let row = TROVES[level as usize - 1];
        assert_eq!(row.coin_multiplier, mult, "level {level}");
        let want = if unit == "pp" {
            CoinUnit::Pp
        } else {
            CoinUnit::Gp
        };
        assert_eq!(row.coin_unit, want, "level {level}");
        assert_eq!(row.gemstone_gp, money(&c[2]).0, "level {level}");
        assert_eq!(row.art_object_gp, money(&c[3]).0, "level {level}");
    }
}

#[test]
fn book_sample_art_objects_match_art_objects() {
    let b = book();
    assert_eq!(b[&2133], "Table – Sample Art Objects by Value");
    for (i, (value, examples)) in ART_OBJECTS.iter().enumerate() {
        let c = cells(&b[&(2136 + i as u32)]);
        assert_eq!(money(&c[0]).0, *value);
        let book_examples: Vec<&str> = c[1].split("; ").collect();
        assert_eq!(&book_examples, examples);
    }
    // Every art value of the trove table has examples.
    for row in TROVES {
        assert!(ART_OBJECTS.iter().any(|(v, _)| *v == row.art_object_gp));
    }
}

#[test]
fn book_random_consumable_items_match_random_consumables() {
    let b = book();
    assert_eq!(b[&2151], "Table – Random Consumable Items");
    let rows: Vec<(u8, String)> = (2154..=2157)
        .map(|n| {
            let c = cells(&b[&n]);
            let top = c[0].rsplit('–').next().unwrap().parse().unwrap();
            (top, c[1].clone())
        })
        .collect();
    let ours: Vec<(u8, String)> = RANDOM_CONSUMABLES
        .iter()
        .map(|(t, s)| (*t, (*s).to_owned()))
        .collect();
    assert_eq!(rows, ours);
}

#[test]
fn book_treasure_per_player_per_10_encounters_matches_the_table() {
    let b = book();
    assert_eq!(b[&2049], "Table – Treasure per Player per 10 Encounters");
    for level in 1..=30u32 {
        let c = cells(&b[&(2051 + level)]);
        assert_eq!(c[0], level.to_string());
        let gp: u32 = c[1].replace(',', "").parse().unwrap();
        assert_eq!(
            TREASURE_PER_PLAYER_PER_10_ENCOUNTERS_GP[level as usize - 1],
            gp
        );
    }
}

// ---------------------------------------------------------------------------------------------
// T1, by method.

fn party(spec: &str) -> Party {
    Party::parse(spec).unwrap()
}

#[test]
fn t1_steady_gives_e5_gold_per_character_per_encounter() {
    let p = plan(Method::Steady, &party("4x3"), 10, 1);
    for c in &p.characters {
        assert_eq!(c.gold_gp.to_string(), "272"); // the level-3 row, over 10 encounters
    }
    assert_eq!(p.party.gold_gp.to_string(), "1,088");
    // Level 1: 144 ÷ 10 = 14.4 gp an encounter, summed without drift.
    let p = plan(Method::Steady, &party("2x1"), 7, 1);
    assert_eq!(p.characters[1].gold_gp.to_string(), "100.8");
    assert!(p.troves.is_empty() && p.grants.is_empty());
}

#[test]
fn t1_steady_items_are_one_in_twelve_of_the_characters_level_plus_1d4() {
    let n = 6000u32;
    let p = plan(Method::Steady, &party("Ana=6,Bo=9,Cy=6,Di=6,Ed=6"), n, 42);
    let trials = f64::from(n) * 5.0;
    let found: usize = p.characters.iter().map(|c| c.permanent_items.len()).sum();
    within(found, trials as usize, 1.0 / 12.0, "permanent items");
    let mut plus = [0usize; 4];
    for c in &p.characters {
        for i in &c.permanent_items {
            assert!((1..=4).contains(&i.d4));
            assert_eq!(i.level, u32::from(c.level.get()) + u32::from(i.d4));
            assert!((1..=n).contains(&i.encounter));
            plus[usize::from(i.d4) - 1] += 1;
        }
    }
    for (k, count) in plus.iter().enumerate() {
        within(*count, found, 0.25, &format!("+{}", k + 1));
    }
    // The book's expectation stands next to the roll: N/12 per character.
    assert!((p.characters[0].expected_permanent_items - f64::from(n) / 12.0).abs() < 1e-9);
    assert!((p.party.expected_permanent_items - f64::from(n) * 5.0 / 12.0).abs() < 1e-6);
}

#[test]
fn t1_items_only_grants_after_every_tenth_encounter_and_nothing_else() {
    let p = plan(Method::ItemsOnly, &party("Ana=3,Bo=4"), 25, 3);
    let got: Vec<(u32, usize, u8)> = p
        .grants
        .iter()
        .map(|g| (g.encounter, g.character, g.level.get()))
        .collect();
    assert_eq!(got, vec![(10, 0, 3), (10, 1, 4), (20, 0, 3), (20, 1, 4)]);
    assert_eq!(
        p.grants[0].choice(),
        "the GM picks one item of level 5 or two of level 3"
    );
    assert_eq!(p.party.total_gp.tenths(), 0);
    assert_eq!(p.party.permanent_items, 0);
    assert!(p.troves.is_empty());
    assert!(p.characters.iter().all(|c| c.permanent_items.is_empty()));
    assert_eq!(p.encounters_since_grant, 5);
    assert!(
        plan(Method::ItemsOnly, &party("4x3"), 9, 3)
            .grants
            .is_empty()
    );
}

#[test]
fn t1_items_only_summed_one_encounter_at_a_time_grants_at_the_levels_of_that_encounter() {
    let mut total = Plan::empty(Method::ItemsOnly);
    for e in 1..=25u32 {
        // The party levels up after its 10th encounter: the grant at 10 is at level 3.
        let spec = if e <= 10 { "2x3" } else { "2x4" };
        total.add(&for_encounter(
            Method::ItemsOnly,
            &party(spec),
            u64::from(e),
        ));
    }
    let got: Vec<(u32, u8)> = total
        .grants
        .iter()
        .map(|g| (g.encounter, g.level.get()))
        .collect();
    assert_eq!(got, vec![(10, 3), (10, 3), (20, 4), (20, 4)]);
    assert_eq!(total.encounters, 25);
    assert_eq!(total.characters[0].grants, 2);
}

#[test]
fn t1_troves_rolls_one_trove_per_encounter_at_the_average_level_rounded_down() {
    // Average 4.25: level 4.
    let p = plan(Method::Troves, &party("3,4,4,6"), 12, 5);
    assert_eq!(p.troves.len(), 12);
    assert!(p.troves.iter().all(|t| t.level.get() == 4));
    let coins: u64 = p.troves.iter().map(Trove::coins_gp).sum();
    let art: u64 = p.troves.iter().filter_map(|t| t.art).map(u64::from).sum();
    let gems: u64 = p.troves.iter().filter_map(|t| t.gem).map(u64::from).sum();
    assert_eq!(p.party.total_gp.tenths(), (coins + art + gems) * 10);
    let permanent = p
        .troves
        .iter()
        .filter(|t| matches!(t.item, ItemKind::Miscellaneous | ItemKind::Enchanted))
        .count();
    assert_eq!(p.party.permanent_items as usize, permanent);
    // The same troves as rolling them directly from the same seed.
    assert_eq!(p.troves, roll_troves(&party("3,4,4,6"), 12, 5));
}

#[test]
fn t1_troves_keep_platinum_and_convert_it_only_in_the_total() {
    let p = plan(Method::Troves, &party("5x14"), 200, 8);
    let pp: u64 = p
        .troves
        .iter()
        .filter_map(|t| t.coins)
        .map(|c| {
            assert_eq!(c.unit, CoinUnit::Pp);
            assert_eq!(c.amount % 12, 0); // 1d6 × 12 pp at level 14
            c.amount
        })
        .sum();
    assert!(pp > 0);
    assert_eq!(p.party.platinum_pp, pp);
    assert_eq!(p.party.gold_gp.tenths(), 0);
    let other = p.party.art_gp + p.party.gems_gp;
    assert_eq!(p.party.total_gp.tenths(), (pp * GP_PER_PP + other) * 10);
    assert_eq!(GP_PER_PP, 100); // "A platinum piece is worth one hundred gold pieces."
}

#[test]
fn t1_narrative_computes_nothing_and_says_so() {
    let p = plan(Method::Narrative, &party("4x5"), 30, 1);
    assert_eq!(p.party.total_gp.tenths(), 0);
    assert!(p.troves.is_empty() && p.grants.is_empty());
    assert!(p.characters.iter().all(|c| c.permanent_items.is_empty()));
    assert!(p.notes.iter().any(|n| n.contains("nothing is computed")));
}

#[test]
fn plans_add_up_encounter_by_encounter() {
    let pa = party("4x2");
    let mut total = Plan::empty(Method::Steady);
    for seed in 0..20u64 {
        total.add(&for_encounter(Method::Steady, &pa, seed));
    }
    assert_eq!(total.encounters, 20);
    assert_eq!(total.characters[0].gold_gp.to_string(), "416"); // 2 × 208
    let mut troves = Plan::empty(Method::Troves);
    let a = plan(Method::Troves, &pa, 3, 1);
    let b = plan(Method::Troves, &party("4x3"), 2, 2);
    troves.add(&a);
    troves.add(&b);
    assert_eq!(troves.troves.len(), 5);
    assert_eq!(
        troves.party.total_gp.tenths(),
        a.party.total_gp.tenths() + b.party.total_gp.tenths()
    );
    assert_eq!(troves.characters[0].level.get(), 3);
}

#[test]
fn a_plan_never_rolls_more_than_the_bound() {
    let p = plan(Method::ItemsOnly, &party("1x1"), u32::MAX, 1);
    assert_eq!(p.encounters, lairsmith_core::treasure::MAX_ENCOUNTERS);
    assert!(p.notes.iter().any(|n| n.contains("Only the first")));
}

// ---------------------------------------------------------------------------------------------
// T2.

/// The adjusted faces of a die of `sides` for a party of `size`, never below 0.
fn faces(sides: i64, size: i64) -> Vec<i64> {
    (1..=sides).map(|f| (f + size - 5).max(0)).collect()
}

fn prob(sides: i64, size: i64, hit: impl Fn(i64) -> bool) -> f64 {
    faces(sides, size).into_iter().filter(|f| hit(*f)).count() as f64 / sides as f64
}

/// Which adjusted faces give an outcome.
type Hit = fn(i64) -> bool;

/// `count` of `trials` is within 4 standard deviations of probability `p` (exact at 0 and 1).
fn within(count: usize, trials: usize, p: f64, what: &str) {
    let n = trials as f64;
    let sd = (n * p * (1.0 - p)).sqrt();
    let diff = (count as f64 - n * p).abs();
    assert!(
        diff <= 4.0 * sd + 1e-9,
        "{what}: {count} of {trials}, expected {:.1} (p = {p:.4}, sd {sd:.1})",
        n * p
    );
}

#[test]
fn t2_frequencies_match_the_adjusted_dice_for_parties_of_3_5_and_7() {
    let n = 20_000usize;
    for size in [3i64, 5, 7] {
        let spec = format!("{size}x6");
        let troves = roll_troves(&party(&spec), n as u32, 1000 + size as u64);
        let count = |f: &dyn Fn(&Trove) -> bool| troves.iter().filter(|t| f(t)).count();
        let s = |what: &str| format!("{what}, party of {size}");
        let p_coins = prob(10, size, |f| f >= 6);
        within(count(&|t| t.coins.is_some()), n, p_coins, &s("coins"));
        within(
            count(&|t| t.art.is_some()),
            n,
            prob(8, size, |f| (5..=7).contains(&f)),
            &s("art"),
        );
        within(
            count(&|t| t.gem.is_some()),
            n,
            prob(8, size, |f| f >= 8),
            &s("gem"),
        );
        let kinds: [(ItemKind, Hit); 4] = [
            (ItemKind::Personal, |f| f <= 4),
            (ItemKind::Consumable, |f| (5..=7).contains(&f)),
            (ItemKind::Miscellaneous, |f| f == 8),
            (ItemKind::Enchanted, |f| f >= 9),
        ];
        for (kind, hit) in kinds {
            within(
                count(&|t| t.item == kind),
                n,
                prob(12, size, hit),
                &s(&format!("{kind:?}")),
            );
        }
        let p_ench = prob(12, size, |f| f >= 9);
        for k in [
            EnchantedKind::Weapon,
            EnchantedKind::Focus,
            EnchantedKind::Armor,
            EnchantedKind::Cloak,
        ] {
            within(
                count(&|t| t.enchanted == Some(k)),
                n,
                p_ench / 4.0,
                &s(&format!("{k:?}")),
            );
        }
        let p_cons = prob(12, size, |f| (5..=7).contains(&f));
        // T4: each row as the party's tier words it (the row's highest face names the row).
        for ((top, text), sixths) in RANDOM_CONSUMABLES.iter().zip([3.0, 1.0, 1.0, 1.0]) {
            within(
                count(&|t| {
                    t.consumable.as_deref()
                        == Some(lairsmith_core::treasure::consumable_for(*top, t.level).as_str())
                }),
                n,
                p_cons * sixths / 6.0,
                &s(text),
            );
        }
        // The coin die: 1d6 × the multiplier, each face 1/6 of the troves with coins.
        let with_coins = count(&|t| t.coins.is_some());
        for face in 1..=6u8 {
            within(
                count(&|t| t.rolls.coins_d6 == Some(face)),
                with_coins,
                1.0 / 6.0,
                &s(&format!("coin d6 {face}")),
            );
        }
    }
}

#[test]
fn t2_party_size_adjusts_each_roll_never_below_zero() {
    for size in 1..=9usize {
        let mut rng = rand::rngs::StdRng::seed_from_u64(size as u64);
        for _ in 0..500 {
            let t = roll_trove(size, 10, &mut rng);
            let a = size as i64 - 5;
            assert_eq!(t.rolls.adjustment, a);
            let adj = |f: u8| (i64::from(f) + a).max(0);
            assert_eq!(t.coins.is_some(), adj(t.rolls.d10) >= 6);
            let d8 = adj(t.rolls.d8);
            assert_eq!(t.art.is_some(), (5..=7).contains(&d8));
            assert_eq!(t.gem.is_some(), d8 >= 8);
            let d12 = adj(t.rolls.d12);
            let kind = match d12 {
                ..=4 => ItemKind::Personal,
                5..=7 => ItemKind::Consumable,
                8 => ItemKind::Miscellaneous,
                _ => ItemKind::Enchanted,
            };
            assert_eq!(t.item, kind);
            assert_eq!(t.rolls.adjusted(t.rolls.d12), d12);
            if let Some(c) = t.coins {
                assert_eq!(c.amount, u64::from(t.rolls.coins_d6.unwrap()) * 300);
            }
        }
    }
}

#[test]
fn t2_gem_on_8_or_more_fills_the_adjusted_9_and_10_of_large_parties() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(77);
    let troves: Vec<Trove> = (0..2000).map(|_| roll_trove(7, 9, &mut rng)).collect();
    let high = troves
        .iter()
        .filter(|t| t.rolls.adjusted(t.rolls.d8) >= 9)
        .collect::<Vec<_>>();
    assert!(!high.is_empty());
    assert!(high.iter().all(|t| t.gem == Some(1500) && t.art.is_none()));
    assert!(
        troves
            .iter()
            .filter(|t| t.gem.is_some())
            .all(|t| t.describe().contains("lairsmith's own reading, T2"))
    );
}

#[test]
fn t2_art_comes_with_a_book_example_of_its_value_and_enchanted_items_have_the_party_level() {
    for t in roll_troves(&party("6x9"), 3000, 4) {
        match t.art {
            Some(v) => {
                let examples = ART_OBJECTS.iter().find(|(a, _)| *a == v).unwrap().1;
                assert!(examples.contains(&t.art_example.unwrap()));
            }
            None => assert!(t.art_example.is_none()),
        }
        assert_eq!(t.enchanted.is_some(), t.item == ItemKind::Enchanted);
        assert_eq!(t.enchanted_level, t.enchanted.map(|_| t.level));
        assert_eq!(t.consumable.is_some(), t.item == ItemKind::Consumable);
    }
}

#[test]
fn t2_same_seed_same_troves_and_different_seeds_differ() {
    let pa = party("3,4,5");
    assert_eq!(roll_troves(&pa, 50, 9), roll_troves(&pa, 50, 9));
    assert_ne!(roll_troves(&pa, 50, 9), roll_troves(&pa, 50, 10));
    assert_eq!(
        plan(Method::Steady, &pa, 50, 9),
        plan(Method::Steady, &pa, 50, 9)
    );
    assert_ne!(
        plan(Method::Steady, &pa, 50, 9),
        plan(Method::Steady, &pa, 50, 10)
    );
}

// ---------------------------------------------------------------------------------------------
// The commands.

fn run(args: &[&str]) -> std::process::Output {
    let dir = tempfile::tempdir().unwrap();
    lairsmith(dir.path(), args)
}

#[test]
fn cli_troves_yaml_has_the_documented_shape() {
    let o = run(&[
        "treasure", "troves", "--party", "7x3", "--count", "40", "--seed", "3", "--format", "yaml",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let doc: yaml_serde::Value = yaml_serde::from_str(&stdout(&o)).unwrap();
    assert_eq!(doc["seed"].as_u64(), Some(3));
    let troves = doc["troves"].as_sequence().unwrap();
    assert_eq!(troves.len(), 40);
    for t in troves {
        let coins = &t["coins"];
        assert!(coins.is_null() || (coins["amount"].is_u64() && coins["unit"] == "gp"));
        assert!(t["art"].is_null() || t["art"].is_u64());
        assert!(t["gem"].is_null() || t["gem"].is_u64());
        let item = t["item"].as_str().unwrap();
        assert!(["personal", "consumable", "miscellaneous", "enchanted"].contains(&item));
        let ench = &t["enchanted"];
        assert_eq!(ench.is_null(), item != "enchanted");
        if let Some(k) = ench.as_str() {
            assert!(["weapon", "focus", "armor", "cloak"].contains(&k));
        }
        assert_eq!(t["consumable"].is_null(), item != "consumable");
        assert!(t["rolls"]["d10"].is_u64());
    }
}

#[test]
fn cli_without_a_seed_prints_one_that_repeats_the_rolls() {
    let o = run(&["treasure", "troves", "--party", "4x5", "--count", "5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let seed = text
        .lines()
        .find_map(|l| l.strip_prefix("Seed: "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap()
        .to_owned();
    let again = run(&[
        "treasure", "troves", "--party", "4x5", "--count", "5", "--seed", &seed,
    ]);
    assert_eq!(stdout(&again), text);
    let y = run(&[
        "treasure",
        "plan",
        "--party",
        "4x5",
        "--encounters",
        "3",
        "--method",
        "troves",
        "--format",
        "yaml",
    ]);
    let doc: yaml_serde::Value = yaml_serde::from_str(&stdout(&y)).unwrap();
    assert!(doc["seed"].is_u64());
    assert_eq!(doc["method"], "troves");
}

#[test]
fn cli_plan_prints_each_method_with_its_rulings() {
    let steady = stdout(&run(&[
        "treasure",
        "plan",
        "--party",
        "4x3",
        "--encounters",
        "24",
        "--method",
        "steady",
        "--seed",
        "1",
    ]));
    assert!(steady.contains("652.8 gp"), "{steady}"); // 24 × 27.2
    assert!(steady.contains("the book expects 2.00"), "{steady}");
    assert!(steady.contains("E5"), "{steady}");
    let items = stdout(&run(&[
        "treasure",
        "plan",
        "--party",
        "Ana=3",
        "--encounters",
        "10",
        "--method",
        "items-only",
        "--format",
        "md",
    ]));
    assert!(
        items.contains(
            "| 10 | Ana (level 3) | the GM picks one item of level 5 or two of level 3 |"
        ),
        "{items}"
    );
    let troves = stdout(&run(&[
        "treasure",
        "plan",
        "--party",
        "7x2",
        "--encounters",
        "30",
        "--method",
        "troves",
        "--seed",
        "2",
    ]));
    assert!(troves.contains("lairsmith's own reading, T2"), "{troves}");
    assert_eq!(troves.lines().filter(|l| l.contains(" [d10 ")).count(), 30);
    let narrative = stdout(&run(&[
        "treasure",
        "plan",
        "--party",
        "4x3",
        "--encounters",
        "5",
        "--method",
        "narrative",
    ]));
    assert!(narrative.contains("nothing is computed"), "{narrative}");
}

#[test]
fn cli_bad_method_word_gets_the_valid_values_and_a_suggestion() {
    let o = run(&[
        "treasure",
        "plan",
        "--party",
        "4x3",
        "--encounters",
        "5",
        "--method",
        "stedy",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("did you mean `steady`?"), "{e}");
    assert!(e.contains("steady, items-only, troves, narrative"), "{e}");
}

#[test]
fn cli_bad_counts_are_refused_with_the_bound() {
    for n in ["0", "10001", "-3", "many"] {
        let o = run(&["treasure", "troves", "--party", "4x3", "--count", n]);
        assert_eq!(o.status.code(), Some(2), "{n}");
        let e = stderr(&o);
        assert!(e.contains("--count"), "{n}: {e}");
        let o = run(&[
            "treasure",
            "plan",
            "--party",
            "4x3",
            "--encounters",
            n,
            "--method",
            "steady",
        ]);
        assert_eq!(o.status.code(), Some(2), "{n}");
    }
    let e = stderr(&run(&[
        "treasure", "troves", "--party", "4x3", "--count", "10001",
    ]));
    assert!(e.contains("1..=10000"), "{e}");
    let o = run(&["treasure", "troves", "--party", "nobody", "--count", "2"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("nobody"), "{}", stderr(&o));
}
