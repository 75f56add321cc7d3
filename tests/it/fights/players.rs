//! Issue 33 §4, "The players' view hides what is hidden": `fight::players` as a function of the
//! fight, with hidden creatures in every position of the order, at every turn. The statement
//! tested: a hidden creature is as good as absent, so what the players see of a fight with
//! hidden creatures is what they would see of the same fight without them (built without them,
//! so their groups are numbered without them, and run by the same engine through the same
//! turns of the creatures in view). And the players' screen of `fight watch` says only a fixed
//! sentence when the file cannot be read, while the GM gets the error.

use crate::common;

use lairsmith::tui::watch;
use lairsmith_core::fight::model::{Combatant, FightState, Life, Origin, Side};
use lairsmith_core::fight::players::{self, lines};
use lairsmith_core::fight::{Fight, Step};
use proptest::prelude::*;

/// One creature of a fight as the test makes it: its group (or none for a character), side,
/// initiative, and whether it is hidden or dead from the start.
#[derive(Debug, Clone)]
struct Who {
    group: Option<usize>,
    side: Side,
    init: i64,
    hidden: bool,
    dead: bool,
}

/// The groups' labels, as an encounter would give them.
const LABELS: [&str; 4] = ["Ashen Keener", "Kilnwing Darter", "Sneak", "Guard 7"];

/// The fight of `who`, each group's members named as `fight::build` names them: the label alone
/// for a group of one, else the label numbered in the group. With `without_hidden`, the hidden
/// creatures are left out before anything is named: the same fight without them.
fn fight_of(who: &[Who], without_hidden: bool) -> Fight {
    let kept: Vec<(usize, &Who)> = who
        .iter()
        .enumerate()
        .filter(|(_, w)| !(without_hidden && w.hidden))
        .collect();
    let combatants = kept
        .iter()
        .map(|&(i, w)| {
            let (name, id) = match w.group {
                Some(g) => {
                    let members: Vec<usize> = kept
                        .iter()
                        .filter(|(_, x)| x.group == Some(g))
                        .map(|(j, _)| *j)
                        .collect();
                    let place = members.iter().position(|&j| j == i).unwrap() + 1;
                    let label = LABELS[g % LABELS.len()];
                    let name = if members.len() == 1 {
                        label.to_owned()
                    } else {
                        format!("{label} {place}")
                    };
                    (name, format!("g{g}-c{i}"))
                }
                None => (format!("Hero {i}"), format!("hero-{i}")),
            };
            creature(&id, &name, w)
        })
        .collect();
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
    Fight::new("Ford".into(), "ford".into(), 7, s)
}

fn creature(id: &str, name: &str, w: &Who) -> Combatant {
    Combatant {
        id: id.to_owned(),
        name: name.to_owned(),
        side: w.side,
        origin: match w.side {
            Side::Party => Origin::Character,
            _ => Origin::Monster { id: "m".into() },
        },
        group: w.group,
        init_mod: 0,
        initiative: Some(w.init),
        coin: 0,
        max_hp: Some(30),
        hp: if w.dead { 0 } else { 30 },
        temp_hp: 0,
        life: if w.dead { Life::Dead } else { Life::Up },
        mook: false,
        save_bonus: 0,
        action_points: 0,
        defenses: None,
        resistances: Vec::new(),
        vulnerabilities: Vec::new(),
        regeneration: None,
        powers: Vec::new(),
        effects: Vec::new(),
        hidden: w.hidden,
        xp: 0,
        started_round: 0,
        overcome: None,
        ..Combatant::default()
    }
}

/// Whether the creature whose turn it is can be seen.
fn turn_in_view(f: &Fight) -> bool {
    f.now
        .turn
        .as_ref()
        .is_some_and(|id| f.now.combatants.iter().any(|c| &c.id == id && !c.hidden))
}

/// Runs the fight of `who` for `rounds` rounds, turn by turn, and checks at every turn that
/// the players see what they would of the same fight without its hidden creatures, run through
/// the same turns of the creatures in view; and that nothing of a hidden creature shows.
fn check_every_turn(who: &[Who], rounds: u32) -> Result<(), TestCaseError> {
    let mut full = fight_of(who, false);
    let mut without = fight_of(who, true);
    let hidden_ids: Vec<String> = full
        .now
        .combatants
        .iter()
        .filter(|c| c.hidden)
        .map(|c| c.id.clone())
        .collect();
    let shown = who.iter().filter(|w| !w.hidden).count();
    // The engine gives a fight whose only creature able to act has acted no second turn (its
    // round 2 has no one's turn): compare fights in which two creatures in view can act, so
    // that the fight without the hidden ones has turns to compare with.
    if who.iter().filter(|w| !w.dead && !w.hidden).count() < 2 {
        return Ok(());
    }
    let mut turns = 0;
    while full.now.round <= rounds {
        let seen = lines(&full.now);
        prop_assert_eq!(
            &seen,
            &lines(&without.now),
            "turn {} of {:?} (round {}, turn {:?})",
            turns,
            who,
            full.now.round,
            full.now.turn
        );
        // Independently of the fight without them: one row a creature in view, no hidden id.
        let v = players::view(&full.now);
        prop_assert_eq!(v.rows.len(), shown);
        let text = seen.join("\n");
        for id in &hidden_ids {
            prop_assert!(!text.contains(id.as_str()), "{id} shows: {text}");
        }
        // Someone is seen acting from the first turn in view on.
        let arrows = v.rows.iter().filter(|r| r.current).count();
        prop_assert!(arrows <= 1);
        if v.round > 0 {
            prop_assert_eq!(arrows, 1, "no ▶ in round {}: {}", v.round, text);
        }
        full.push(Step::next()).unwrap();
        if turn_in_view(&full) {
            without.push(Step::next()).unwrap();
        }
        turns += 1;
    }
    Ok(())
}

/// Eight creatures (a lone foe first, a group of three, two characters, an ally, a lone foe
/// last), with every set of them hidden that leaves two in view: hidden creatures in every
/// position of the order, at every turn of three rounds.
#[test]
fn the_players_view_equals_the_fight_without_its_hidden_creatures_for_every_hidden_set() {
    let base = [
        (Some(2), Side::Foe, 30),
        (Some(0), Side::Foe, 20),
        (None, Side::Party, 17),
        (Some(0), Side::Foe, 20),
        (Some(1), Side::Ally, 12),
        (Some(0), Side::Foe, 20),
        (None, Side::Party, 5),
        (Some(3), Side::Foe, 1),
    ];
    for mask in 0..1u32 << base.len() {
        let who: Vec<Who> = base
            .iter()
            .enumerate()
            .map(|(i, &(group, side, init))| Who {
                group,
                side,
                init,
                hidden: mask & (1 << i) != 0,
                dead: false,
            })
            .collect();
        check_every_turn(&who, 3).unwrap();
    }
}

fn who() -> impl Strategy<Value = Who> {
    (
        prop_oneof![Just(None), (0usize..4).prop_map(Some)],
        prop_oneof![Just(Side::Foe), Just(Side::Ally), Just(Side::Party)],
        0i64..25,
        any::<bool>(),
        proptest::bool::weighted(0.1),
    )
        .prop_map(|(group, side, init, hidden, dead)| {
            // A group shares its side and its initiative (P1: one roll a group).
            let (side, init) = match group {
                Some(g) => ([Side::Foe, Side::Ally][g % 2], 30 - g as i64 * 3),
                None => (if side == Side::Foe { Side::Party } else { side }, init),
            };
            Who {
                group,
                side,
                init,
                hidden,
                dead,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]
    #[test]
    fn the_players_view_reveals_nothing_of_hidden_creatures(who in proptest::collection::vec(who(), 2..10)) {
        check_every_turn(&who, 3)?;
    }
}

/// The hidden-turn rule on one fight, in the players' words.
#[test]
fn a_hidden_creatures_turn_shows_as_the_tail_of_the_turn_before_it() {
    let w = |group, init, hidden| Who {
        group: Some(group),
        side: Side::Foe,
        init,
        hidden,
        dead: false,
    };
    // The hidden Sneak first, then the keener, then the darter.
    let mut f = fight_of(&[w(2, 30, true), w(0, 20, false), w(1, 10, false)], false);
    let mut seen = Vec::new();
    for _ in 0..7 {
        f.push(Step::next()).unwrap();
        let l = lines(&f.now);
        seen.push(format!(
            "{}: {}",
            l[0],
            l.iter()
                .find(|l| l.starts_with('▶'))
                .map_or("no one", |l| &l[4..])
        ));
    }
    assert_eq!(
        seen,
        [
            // Round 1 begins with the Sneak's turn: to the players the fight has not begun.
            "Before the first round: no one",
            "Round 1: Ashen Keener: unhurt",
            "Round 1: Kilnwing Darter: unhurt",
            // Round 2 begins with the Sneak's turn: the darter's turn seems to go on.
            "Round 1: Kilnwing Darter: unhurt",
            "Round 2: Ashen Keener: unhurt",
            "Round 2: Kilnwing Darter: unhurt",
            "Round 2: Kilnwing Darter: unhurt",
        ]
    );
}

fn text(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A saved fight of three ashen keeners, started by the command line.
fn three_keeners() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("encounters")).unwrap();
    std::fs::write(
        d.join("encounters/ford.yaml"),
        "kind: encounter\nschema_version: 1\nname: Ford\nparty:\n  members:\n  - {name: Ana, level: 3}\ngroups:\n- monster: ashen-keener\n  count: 3\n",
    )
    .unwrap();
    let o = common::lairsmith(
        d,
        &["fight", "start", "ford", "--seed", "3", "--pc", "Ana=10/30"],
    );
    assert!(o.status.success(), "{}", text(&o));
    let path = d.join("fights/ford.yaml");
    (dir, path)
}

/// With `ashen-keener-1` hidden, the players see "Ashen Keener 1" and "Ashen Keener 2" (the
/// GM's second and third), and with two hidden, a lone "Ashen Keener".
#[test]
fn the_members_of_a_group_are_numbered_as_the_players_see_them() {
    let (dir, path) = three_keeners();
    let hide = |id: &str| {
        let o = common::lairsmith(dir.path(), &["fight", "hide", "ford", id]);
        assert!(o.status.success(), "{}", text(&o));
        let (f, _) = lairsmith_core::fight::saved::load_fight(&path).unwrap();
        let names: Vec<String> = players::view(&f.now)
            .rows
            .into_iter()
            .map(|r| r.name)
            .filter(|n| n.starts_with("Ashen"))
            .collect();
        names
    };
    assert_eq!(hide("ashen-keener-1"), ["Ashen Keener 1", "Ashen Keener 2"]);
    assert_eq!(hide("ashen-keener-3"), ["Ashen Keener"]);
}

/// A fight file that cannot be read: the players see the last view and one fixed sentence,
/// nothing of the error (which names a hidden creature's id, or quotes the file); the GM's line
/// has it whole.
#[test]
fn an_unreadable_fight_shows_the_players_a_sentence_and_the_gm_the_error() {
    let (dir, path) = three_keeners();
    let o = common::lairsmith(dir.path(), &["fight", "hide", "ford", "ashen-keener-3"]);
    assert!(o.status.success(), "{}", text(&o));
    let good = std::fs::read_to_string(&path).unwrap();
    let (f, _) = lairsmith_core::fight::saved::load_fight(&path).unwrap();
    let mut seen = watch::Seen::of(&f);
    let before = seen.body();
    assert!(!before.join("\n").contains("Ashen Keener 3"), "{before:?}");

    // A step adding a creature the fight already has: the hidden one.
    let mut twice = f.clone();
    let mut copy = twice.now.combatants[2].clone();
    copy.hidden = false;
    assert_eq!(copy.id, "ashen-keener-3");
    twice.history.push(lairsmith_core::fight::history::Record {
        step: Step::Add {
            combatant: Box::new(copy),
        },
        log: Vec::new(),
    });
    // A number that is not one.
    let not_a_number = good.replacen("max_hp: ", "max_hp: 44x", 1);
    assert_ne!(not_a_number, good);
    for (broken, quoted) in [
        (lairsmith_core::yaml_io::to_string(&twice), "ashen-keener-3"),
        (not_a_number, "44x"),
    ] {
        std::fs::write(&path, broken).unwrap();
        let e = lairsmith_core::fight::saved::load_fight(&path)
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(quoted),
            "the error does not quote `{quoted}`: {e}"
        );
        seen.read(&Err(e.clone()));
        let mut want = before.clone();
        want.extend([String::new(), watch::CANNOT_SHOW.to_owned()]);
        assert_eq!(seen.body(), want);
        // The frame the players see: the same, nothing from the file or the error.
        let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 20)).unwrap();
        t.draw(|fr| watch::draw(fr, &seen, &lairsmith::tui::keymap::Keymap::default()))
            .unwrap();
        let screen: String = t
            .backend()
            .buffer()
            .content()
            .iter()
            .map(|c| c.symbol())
            .collect();
        assert!(screen.contains(watch::CANNOT_SHOW), "{screen}");
        for leak in [quoted, "ford.yaml", "fights", "line", "invalid"] {
            assert!(
                !screen.contains(leak),
                "`{leak}` shows to the players: {screen}"
            );
        }
        // The GM's line has the error whole.
        assert!(watch::gm_line(&e).contains(&e));
    }
    // Readable again: the view comes back and the sentence goes.
    std::fs::write(&path, good).unwrap();
    let (f, _) = lairsmith_core::fight::saved::load_fight(&path).unwrap();
    seen.read(&Ok(f));
    assert_eq!(seen.body(), before);
}
