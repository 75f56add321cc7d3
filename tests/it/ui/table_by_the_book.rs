//! The Table screen runs the fight by the book (issue 34 §4): who is surprised, asked when a
//! fight starts (P14); the players' d20s asked before a turn that takes them, with one key that
//! lets lairsmith roll the rest; a roll that shows each target's defense with every modifier
//! before it is rolled (P13, P15) and offers its riders after (P16); and a key for each step of
//! the chapter (stand, First Aid, Rally, Total Defense, Help, maintain, ready, villain), down to
//! the end written back to the party's file (P20). Driven through the real `dispatch`, as a GM
//! types.

use crate::common::{self, ui::Ui};
use ratatui::crossterm::event::KeyCode::{self, Enter, Esc};

/// A party of two with their numbers (P11), and an ambush of one Ashen Keener (its Keening Wail
/// is a burst against the enemies in it: dazed on a hit, rattled on a miss, each until the end
/// of the target's next turn).
fn ambush() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| common::lairsmith_ok(dir.path(), args);
    run(&["party", "new", "crew", "--party", "Ana=4,Bo=4"]);
    for (who, hp, will) in [("ana", "40", "14"), ("bo", "36", "13")] {
        run(&[
            "party",
            "stats",
            "crew",
            who,
            "--hp",
            hp,
            "--ac",
            "18",
            "--fortitude",
            "16",
            "--reflex",
            "15",
            "--will",
            will,
            "--recoveries",
            "7",
        ]);
    }
    run(&["encounter", "new", "Ambush", "--party", "crew"]);
    run(&["encounter", "add", "ambush", "ashen-keener"]);
    dir
}

impl Ui {
    /// The fight on the screen.
    fn fight(&self) -> &lairsmith_core::fight::Fight {
        self.app.table.fight().expect("a fight is open")
    }

    /// The fight's log, one line a row, as the screen's log shows it (the walk uses it too).
    pub(super) fn log(&self) -> String {
        self.fight()
            .parsed_log()
            .map(lairsmith_core::fight::run::log_line)
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Moves the selection to the combatant `id` with the arrow keys.
    fn select(&mut self, id: &str) -> &mut Ui {
        self.key(KeyCode::Home);
        for _ in 0..10 {
            if self.app.table.selected.as_deref() == Some(id) {
                return self;
            }
            self.key(KeyCode::Down);
        }
        panic!("{id} cannot be selected");
    }

    /// The combatant `id`'s effects, in words.
    fn effects_on(&self, id: &str) -> Vec<(String, lairsmith_core::fight::model::Until)> {
        let f = self.fight();
        let c = f.now.combatants.iter().find(|c| c.id == id).unwrap();
        c.effects
            .iter()
            .map(|e| {
                (
                    lairsmith_core::fight::rules::effect_words(e, &f.now),
                    e.until.clone(),
                )
            })
            .collect()
    }
}

/// P14: Enter on an encounter asks who is surprised; `foes` surprises every monster, and the
/// first round is a surprise round, said in the fight's heading.
#[test]
fn the_surprise_question_starts_a_fight_with_the_surprised() {
    let mut ui = Ui::over(ambush());
    ui.key(KeyCode::F(5));
    assert!(ui.screen(80, 24).contains("ambush"));
    ui.key(Enter);
    assert!(
        ui.screen(80, 24).contains("Who is surprised (P14)?"),
        "{}",
        ui.screen(80, 24)
    );
    // A creature the encounter does not have is refused with the ids it has.
    ui.typed("nobody").key(Enter);
    let e = ui.error().unwrap_or_default();
    assert!(e.contains("ashen-keener") && e.contains("or foes"), "{e}");
    assert!(ui.app.table.fight().is_none());
    // The question is asked again with the words typed.
    assert!(ui.screen(80, 24).contains("nobody"));
    ui.ctrl('u').typed("foes").key(Enter);
    let s = &ui.fight().now;
    assert!(s.surprise, "{}", ui.log());
    assert!(
        ui.log()
            .contains("Ashen Keener is surprised: no turn in the surprise round (P14)")
    );
    // The characters' initiative is asked for, and the round is the surprise round.
    ui.ch('n').ctrl('r');
    assert!(
        ui.screen(120, 40).contains("round 1 (surprise)"),
        "{}",
        ui.screen(120, 40)
    );
}

/// "Whose dice": `n` asks for the players' d20s the step takes, each named; Enter with too
/// few says which is next and the key that lets lairsmith roll; that key rolls the rest, and
/// the log says whose each die was.
#[test]
fn next_asks_for_the_players_d20s_and_one_key_lets_lairsmith_roll() {
    let dir = ambush();
    common::lairsmith_ok(dir.path(), &["fight", "start", "ambush", "--seed", "7"]);
    let mut ui = Ui::over(dir);
    ui.key(KeyCode::F(5)).key(Enter);
    assert!(ui.app.table.fight().is_some());
    ui.ch('n');
    let s = ui.screen(80, 24);
    assert!(
        s.contains("1. Ana's initiative: ?") && s.contains("2. Bo's initiative: ?"),
        "{s}"
    );
    ui.typed("15").key(Enter);
    assert_eq!(
        ui.error().as_deref(),
        Some(
            "1 of 2 rolls typed; the next is Bo's initiative (Ctrl-R lets lairsmith roll the rest)"
        )
    );
    assert!(ui.screen(80, 24).contains("1. Ana's initiative: 15"));
    ui.typed(" 21").key(Enter);
    assert!(
        ui.error()
            .unwrap()
            .contains("`21` is not a d20's roll: 1 to 20")
    );
    ui.key(KeyCode::Backspace).key(KeyCode::Backspace).ctrl('r');
    let log = ui.log();
    assert!(
        log.contains("Ana's initiative: d20 15 (the player's roll)"),
        "{log}"
    );
    assert!(log.contains("Bo's initiative: d20"), "{log}");
    assert!(
        log.contains("(rolled by lairsmith: no roll was given)"),
        "{log}"
    );
    assert_eq!(ui.fight().now.round, 1);
}

/// P13, P15, P16: `r` with a burst's number and two targets shows each target's defense (the
/// party's numbers) and the modifiers before anything is rolled; the roll is one a target; its
/// riders are offered at once and applied, each until the end of its target's next turn.
#[test]
fn a_roll_shows_each_target_first_and_offers_its_riders_after() {
    let dir = ambush();
    // The characters act last, so the keener's turn comes first.
    common::lairsmith_ok(
        dir.path(),
        &[
            "fight", "start", "ambush", "--seed", "4", "--pc", "Ana=1", "--pc", "Bo=1",
        ],
    );
    let mut ui = Ui::over(dir);
    ui.key(KeyCode::F(5)).key(Enter).ch('n');
    assert_eq!(ui.fight().now.turn.as_deref(), Some("ashen-keener"));
    ui.ch('r');
    let s = ui.screen(120, 40);
    assert!(s.contains("2. Keening Wail: "), "{s}");
    ui.typed("2 ana bo cover");
    let s = ui.screen(120, 40);
    assert!(
        s.contains("Ana: Will 14 · attack +7 -2 cover = +5 · hits on 9+"),
        "{s}"
    );
    assert!(s.contains("Bo: Will 13"), "{s}");
    // Nothing is rolled while the GM types.
    assert!(!ui.log().contains("Keening Wail against"));
    ui.key(Enter);
    let log = ui.log();
    assert!(
        log.contains("Keening Wail against Ana") && log.contains("Keening Wail against Bo"),
        "{log}"
    );
    assert!(ui.screen(120, 40).contains("Apply what the roll offers"));
    let offers = ui.fight().now.offers.len();
    assert_eq!(offers, 2, "{log}");
    ui.key(Enter);
    assert!(ui.fight().now.offers.is_empty());
    for who in ["ana", "bo"] {
        let on = ui.effects_on(who);
        assert_eq!(on.len(), 1, "{on:?}");
        assert_eq!(
            on[0].1,
            lairsmith_core::fight::model::Until::EndOf(who.into()),
            "{on:?}"
        );
    }
    // Each rider is its own step: undo takes back the last one alone.
    ui.ch('u');
    assert_eq!(ui.effects_on("ana").len() + ui.effects_on("bo").len(), 1);
}

/// Every new key of the Table screen makes its step, and says so in the log with its ruling;
/// the end asks before it writes the XP and the characters' numbers back to the party (P20).
#[test]
fn each_key_of_the_chapter_makes_its_step_and_the_end_writes_back() {
    let dir = ambush();
    common::lairsmith_ok(
        dir.path(),
        &[
            "fight", "start", "ambush", "--seed", "4", "--pc", "Ana=30", "--pc", "Bo=20",
        ],
    );
    let mut ui = Ui::over(dir);
    ui.key(KeyCode::F(5)).key(Enter).ch('n');
    assert_eq!(ui.fight().now.turn.as_deref(), Some("ana"));
    let last = |ui: &Ui| ui.log().lines().last().unwrap_or_default().to_owned();
    ui.ch('D');
    assert!(last(&ui).contains("Total Defense") && last(&ui).contains("(P13)"));
    ui.ch('d').typed("12").key(Enter).ch('R');
    assert!(
        last(&ui).contains("Ana rallies") && last(&ui).contains("(P17)"),
        "{}",
        last(&ui)
    );
    ui.ch('+').typed("bo ashen-keener attack").key(Enter);
    assert!(last(&ui).contains("Ana helps Bo"), "{}", last(&ui));
    ui.ch('c')
        .typed("boon +2 to AC maintained by ana until the encounter")
        .key(Enter);
    let n = ui.fight().now.next_effect - 1;
    ui.ch('M').typed(&n.to_string()).key(Enter);
    assert!(last(&ui).contains("Ana maintains +2 to AC") && last(&ui).contains("(P19)"));
    ui.ch('c').typed("prone").key(Enter).ch('S');
    assert!(last(&ui).contains("Ana stands up"), "{}", last(&ui));
    ui.ch('W').typed("ashen-keener").key(Enter);
    assert!(
        last(&ui).contains("readied action") && last(&ui).contains("(P2)"),
        "{}",
        last(&ui)
    );
    ui.select("bo").ch('d').typed("40").key(Enter);
    assert!(ui.screen(120, 40).contains("dying"));
    ui.ch('F');
    assert!(
        last(&ui).contains("Bo is stable") && last(&ui).contains("(P12)"),
        "{}",
        last(&ui)
    );
    ui.select("ashen-keener").ch('V');
    assert!(last(&ui).contains("mighty villain") && last(&ui).contains("(P3)"));
    // A key that cannot act says why, and the fight is unchanged.
    let steps = ui.fight().history.len();
    ui.ch('y');
    assert!(ui.error().unwrap().contains("Nothing is offered"));
    assert_eq!(ui.fight().history.len(), steps);
    // The end: asked before writing, then the XP and the numbers in one write (P20).
    ui.ch('E').key(Enter);
    let s = ui.screen(120, 40);
    assert!(
        s.contains("write back their")
            && s.contains("hit points, recoveries and action points spent"),
        "{s}"
    );
    ui.ch('y');
    let party = std::fs::read_to_string(ui.root().join("parties/crew.yaml")).unwrap();
    assert!(party.contains("hp: -4"), "{party}");
    assert!(party.contains("recoveries_left: 6"), "{party}");
}

/// At 80×24 the dice prompt and the roll's preview are read whole.
#[test]
fn the_dice_and_roll_prompts_fit_80x24() {
    let dir = ambush();
    common::lairsmith_ok(dir.path(), &["fight", "start", "ambush", "--seed", "4"]);
    let mut ui = Ui::over(dir);
    ui.key(KeyCode::F(5)).key(Enter);
    ui.msg(lairsmith::tui::app::Msg::Resize(80, 24));
    ui.app.shell.status = None;
    ui.ch('n').typed("12");
    common::golden("tui/table-dice-80x24.txt", &ui.screen(80, 24));
    ui.ctrl('r');
    ui.select("ashen-keener").ch('r').typed("2 ana bo ca");
    ui.app.shell.status = None;
    common::golden("tui/table-roll-80x24.txt", &ui.screen(80, 24));
    ui.key(Esc);
}

/// A mistyped answer keeps its words: the surprise question asks again with them after the
/// start refused them, and the end's prompt stays open on what the end refuses. After the XP
/// was declined, `E` offers to write it again.
#[test]
fn a_mistyped_answer_is_asked_again_and_a_declined_award_offered_again() {
    let mut ui = Ui::over(ambush());
    ui.key(KeyCode::F(5))
        .key(Enter)
        .typed("ashen-keenr")
        .key(Enter);
    assert!(
        ui.error()
            .unwrap_or_default()
            .contains("did you mean `ashen-keener`")
    );
    let s = ui.screen(100, 30);
    assert!(
        s.contains("Who is surprised") && s.contains("ashen-keenr"),
        "{s}"
    );
    ui.key(Esc);
    ui.key(Enter).key(Enter);
    assert!(ui.app.table.fight().is_some());
    ui.ch('E').ctrl('u').typed("ana").key(Enter);
    assert!(
        ui.screen(100, 30).contains("End the fight"),
        "the prompt stays open"
    );
    assert!(ui.error().is_some());
    ui.ctrl('u').typed("all").key(Enter);
    assert!(ui.screen(100, 30).contains("Write the XP"));
    ui.ch('n');
    assert!(ui.status().contains("E here"), "{}", ui.status());
    ui.ch('E');
    assert!(ui.screen(100, 30).contains("Write the XP"), "offered again");
    ui.ch('y');
    let party = std::fs::read_to_string(ui.root().join("parties/crew.yaml")).unwrap();
    assert!(party.contains("xp:"), "{party}");
}
