//! The Table screen's walk, as a GM runs a fight, in the in-process `Ui` harness (it was a tmux
//! script; tmux keeps only what needs a real terminal: `tests/table_screen_tmux.sh` starts a
//! fight in one and quits): a seeded fight run for three rounds with a power rolled (a refresh
//! power marked used, and its refresh roll at the start of the monster's next turn), a "save
//! ends" condition and persistent damage, a staggered monster, a dead mook and an undo; quit and
//! resumed; ended with the XP written to the party file once and the treasure shown; the log
//! exported; an extended challenge's checks.

use crate::common::{self, ui::Ui};
use ratatui::crossterm::event::KeyCode::{self, Down, Enter, Esc, Home};

/// The party and the encounter of the walk: three characters of level 4 against an Ashen
/// Keener and two Kilnwing Darters (mooks).
fn mill_ford() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    common::lairsmith_ok(d, &["party", "new", "Heroes", "--party", "Ana=4,Bo=4,Cy=4"]);
    std::fs::create_dir_all(d.join("encounters")).unwrap();
    std::fs::write(
        d.join("encounters/mill-ford.yaml"),
        "kind: encounter\nschema_version: 1\nname: Mill Ford\nparty: heroes\ngroups:\n- monster: ashen-keener\n  count: 1\n- monster: kilnwing-darter\n  count: 2\n",
    )
    .unwrap();
    dir
}

impl Ui {
    fn on_screen(&mut self, text: &str) -> bool {
        self.screen(130, 40).contains(text)
    }

    /// The next turn; when it asks for the players' d20s, lairsmith rolls them.
    fn next_turn(&mut self) -> &mut Ui {
        self.ch('n');
        if self.on_screen("The players' d20s") {
            self.ctrl('r');
        }
        self
    }
}

#[test]
fn a_fight_run_for_three_rounds_resumed_and_ended_once() {
    let dir = mill_ford();
    // A seeded fight, its order known: Ashen Keener 23, Ana 17, Kilnwing Darter 1 and 2 13,
    // Bo 12, Cy 9.
    common::lairsmith_ok(
        dir.path(),
        &[
            "fight",
            "start",
            "mill-ford",
            "--seed",
            "5",
            "--pc",
            "Ana=17/40",
            "--pc",
            "Bo=12/30",
            "--pc",
            "Cy=9/30",
        ],
    );
    let mut ui = Ui::over(dir);
    ui.key(KeyCode::F(5));
    assert!(ui.on_screen("mill-ford"));
    ui.key(Home).key(Enter);
    assert!(
        ui.on_screen("Mill Ford · before round 1 · n begins"),
        "{}",
        ui.screen(130, 40)
    );
    ui.ch('n');
    assert!(ui.on_screen("round 1 · Ashen Keener's turn"));
    ui.ch('r').typed("2 ana 18").key(Enter);
    assert!(ui.log().contains("Keening Wail against Ana"));
    assert!(ui.on_screen("USED"));
    // The riders the roll offers are asked for at once (P16); none taken here.
    assert!(ui.on_screen("Apply what the roll offers"));
    ui.key(Esc);
    ui.ch('c').typed("dazed").key(Enter);
    assert!(ui.on_screen("dazed (save ends)"));
    ui.ch('d').typed("25").key(Enter);
    assert!(ui.on_screen("19/44") && ui.on_screen("staggered"));
    ui.key(Home)
        .key(Down)
        .key(Down)
        .ch('d')
        .typed("3")
        .key(Enter);
    assert!(ui.log().contains("a mook drops"), "{}", ui.log());
    assert!(ui.on_screen("dead"));
    // Persistent damage on Bo, taken at the start of his turn.
    ui.key(Home)
        .times(Down, 4)
        .ch('c')
        .typed("persistent 5 fire")
        .key(Enter);
    assert!(ui.on_screen("persistent 5 fire damage (save ends)"));
    // The rest of round 1 (the dead darter takes no turn), then round 2 to its Cy, then round 3.
    ui.next_turn();
    assert!(ui.on_screen("round 1 · Ana's turn"));
    assert!(ui.log().contains("Ashen Keener saves against dazed"));
    ui.next_turn().next_turn();
    assert!(ui.on_screen("round 1 · Bo's turn") && ui.on_screen("25/30"));
    ui.next_turn().next_turn();
    assert!(ui.on_screen("round 2 · Ashen Keener's turn"));
    assert!(ui.log().contains("refresh Keening Wail"));
    for _ in 0..4 {
        ui.next_turn();
    }
    assert!(ui.on_screen("round 2 · Cy's turn"));
    ui.next_turn();
    assert!(ui.on_screen("round 3 · Ashen Keener's turn"));
    ui.ch('u');
    assert!(ui.on_screen("undone: the next turn") && ui.on_screen("round 2 · Cy's turn"));

    // Quit and resume: the fight is as it was left.
    let dir = ui.dir;
    let mut ui = Ui::over(dir);
    ui.key(KeyCode::F(5));
    assert!(ui.on_screen("mill-ford"));
    ui.key(Home).key(Enter);
    assert!(ui.on_screen("round 2 · Cy's turn") && ui.on_screen("dead"));

    // The end: the XP, asked before it is written, written once; the treasure.
    ui.ch('E').ctrl('u').typed("all steady").key(Enter);
    assert!(ui.on_screen("Write the XP"));
    ui.ch('y');
    assert!(ui.on_screen("Cy: 3,750 XP") && ui.on_screen("Steady progression"));
    let party = std::fs::read_to_string(ui.root().join("parties/heroes.yaml")).unwrap();
    assert!(party.contains("xp: 3841"), "{party}");
    ui.ch('u');
    assert!(
        ui.status().contains("its end cannot be undone"),
        "{}",
        ui.status()
    );
    let log = ui.root().join("ford-log.md");
    ui.ch('L').ctrl('u').typed(log.to_str().unwrap()).key(Enter);
    assert!(
        std::fs::read_to_string(&log)
            .unwrap()
            .contains("the fight ends")
    );
    let again = common::lairsmith(
        ui.root(),
        &["fight", "end", "mill-ford", "--all", "--write"],
    );
    assert!(!again.status.success(), "the XP could be written twice");
}

/// An extended challenge (A3): a skill's first check at its DC, then Hard; a group check Easy.
#[test]
fn a_challenges_checks_count_and_a_skill_once_used_is_hard() {
    let dir = mill_ford();
    std::fs::write(
        dir.path().join("encounters/bridge.yaml"),
        "kind: encounter\nschema_version: 1\nname: Bridge\nparty: heroes\ngroups:\n- monster: ashen-keener\n  count: 1\n- challenge:\n    name: Rope Bridge\n    level: 4\n    successes: 4\n    skills:\n    - {skill: athletics, dc: easy}\n",
    )
    .unwrap();
    common::lairsmith_ok(
        dir.path(),
        &[
            "fight",
            "start",
            "bridge",
            "--seed",
            "2",
            "--pc",
            "Ana=10/30",
            "--pc",
            "Bo=9/30",
            "--pc",
            "Cy=8/30",
        ],
    );
    let mut ui = Ui::over(dir);
    ui.key(KeyCode::F(5)).key(Home).key(Enter);
    assert!(
        ui.on_screen("Rope Bridge · 0/4 successes"),
        "{}",
        ui.screen(130, 40)
    );
    ui.ch('C').typed("athletics +").key(Enter);
    assert!(ui.on_screen("Rope Bridge · 1/4 successes, 0/3 failures"));
    ui.ch('C').typed("athletics -").key(Enter);
    assert!(ui.on_screen("1/4 successes, 1/3 failures") && ui.on_screen("(used: Hard)"));
}
