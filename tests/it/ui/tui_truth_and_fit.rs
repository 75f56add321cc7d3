//! Issue 24, sections 1 and 2: nothing on screen is untrue, everything fits. Keys go through the
//! real `update` and `exec` against a temporary data directory; screens are drawn on a
//! TestBackend at 80×24 and 120×40.

use crate::common::ui::Ui;
use ratatui::crossterm::event::KeyCode;

use KeyCode::{Down, End, Enter, Esc};

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

impl Ui {
    /// Draws at both sizes and hands each screen to `check` with its name.
    fn both(&mut self, name: &str, mut check: impl FnMut(&str, &str)) {
        for (w, h) in SIZES {
            let s = self.resized(w, h);
            check(&format!("{name} at {w}x{h}"), &s);
        }
    }
}

/// Every screen in every mode, and what opens over them, as (name, drawing) at both sizes.
fn every_screen(ui: &mut Ui) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut grab = |ui: &mut Ui, name: &str| {
        ui.both(name, |n, s| out.push((n.to_owned(), s.to_owned())));
        ui.ch('?');
        ui.both(&format!("{name}, ?"), |n, s| {
            out.push((n.to_owned(), s.to_owned()))
        });
        ui.key(Esc);
    };
    grab(ui, "bestiary");
    ui.ch('/');
    grab(ui, "bestiary search");
    ui.key(Esc).key(Esc);
    ui.ch('f');
    grab(ui, "bestiary filters");
    ui.key(Esc);
    ui.ch('r');
    grab(ui, "bestiary relevel");
    ui.key(Esc);
    // The Forge, every step, then the stat block pane.
    ui.ch('n');
    for step in lairsmith::tui::screens::forge::STEPS.iter() {
        ui.app.forge.go_to(*step);
        grab(ui, &format!("forge {step:?}"));
    }
    ui.ch('n');
    grab(ui, "forge power form");
    ui.key(Esc);
    ui.key(KeyCode::Tab);
    grab(ui, "forge stat block");
    ui.key(KeyCode::Tab);
    ui.app.forge.design.mark_clean();
    // An Orcus encounter: empty, a placeholder, monsters, the arithmetic.
    ui.key(KeyCode::F(3));
    grab(ui, "encounter empty");
    ui.ch('P').ctrl('u').typed("4x5").key(Enter);
    ui.ch('p').key(Enter);
    grab(ui, "encounter placeholder");
    ui.ch('a');
    grab(ui, "encounter picker");
    ui.typed("gloamblade").key(Enter).key(Esc);
    ui.ch('w');
    grab(ui, "encounter arithmetic");
    ui.ch('t');
    grab(ui, "encounter treasure");
    ui.ch('w');
    ui.ch('X');
    grab(ui, "encounter challenge form");
    ui.key(Esc);
    ui.ctrl('s').typed("Truth").key(Enter);
    // A 3rd-edition encounter.
    ui.ch('N');
    grab(ui, "encounter new");
    ui.ch('Y');
    grab(ui, "encounter 3e empty");
    ui.ch('c').typed("5 x2").key(Enter);
    grab(ui, "encounter 3e");
    ui.ch('w');
    grab(ui, "encounter 3e arithmetic");
    ui.ch('w');
    // The Adventure screen, empty then with the saved encounter.
    ui.key(KeyCode::F(4));
    grab(ui, "adventure empty");
    ui.ch('a');
    grab(ui, "adventure add list");
    ui.key(Enter);
    grab(ui, "adventure");
    // The Table: the list, then a fight.
    ui.key(KeyCode::F(5));
    grab(ui, "table list");
    ui.key(Enter);
    grab(ui, "table fight");
    out
}

#[test]
fn every_hint_names_a_key_that_works_on_its_screen_and_mode() {
    let mut ui = Ui::new();
    for (name, screen) in every_screen(&mut ui) {
        assert!(!screen.contains("(unbound"), "{name}:\n{screen}");
    }
}

#[test]
fn a_3rd_edition_encounter_offers_no_orcus_keys_and_a_rebound_key_is_the_one_named() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3)).ch('Y');
    for (w, h) in SIZES {
        let s = ui.resized(w, h);
        assert!(s.contains("c adds foes by challenge"), "{w}x{h}:\n{s}");
        assert!(!s.contains("a adds from the bestiary"), "{w}x{h}:\n{s}");
    }
    let mut ui = Ui::new();
    ui.app.shell.keymap.rebind(
        lairsmith::tui::keymap::Action::AddMonsters,
        &["A".parse().unwrap()],
    );
    ui.key(KeyCode::F(3));
    let s = ui.resized(80, 24);
    assert!(s.contains("A adds from the bestiary"), "{s}");
    // The whole hint is on screen, wrapped rather than cut at the edge.
    assert!(s.contains("generates."), "{s}");
}

#[test]
fn a_placeholders_preview_names_the_key_that_opens_the_forge() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3)).ch('p').key(Enter);
    for (w, h) in SIZES {
        let s = ui.resized(w, h);
        assert!(s.contains("Enter opens the"), "{w}x{h}:\n{s}");
        assert!(!s.contains("(unbound"), "{w}x{h}:\n{s}");
    }
}

#[test]
fn reopening_an_encounter_keeps_its_generator_locks_and_difficulty() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3))
        .ch('P')
        .ctrl('u')
        .typed("4x5")
        .key(Enter);
    ui.ch('p').key(Enter); // a placeholder, locked below
    ui.ch('L').ch('d'); // standard -> hard
    ui.ch('G');
    ui.ctrl('s').typed("Kept Locks").key(Enter);
    let file = std::fs::read_to_string(ui.root().join("encounters/kept-locks.yaml")).unwrap();
    assert!(file.contains("difficulty: hard"), "{file}");
    assert!(file.contains("locked:"), "{file}");
    ui.ch('N');
    assert!(ui.app.encounter.locked.is_empty());
    ui.ch('d').ch('d'); // the new encounter aims elsewhere
    ui.ch('o').key(Enter);
    assert_eq!(ui.app.encounter.encounter.name, "Kept Locks");
    assert_eq!(
        ui.app.encounter.locked.len(),
        1,
        "{:?}",
        ui.app.encounter.locked
    );
    for (w, h) in SIZES {
        let s = ui.resized(w, h);
        assert!(s.contains("generator: hard"), "{w}x{h}:\n{s}");
        assert!(s.contains('🔒'), "{w}x{h}:\n{s}");
    }
}

#[test]
fn the_bestiary_scrolls_back_to_show_every_match_after_filtering() {
    for (w, h) in SIZES {
        let mut ui = Ui::new();
        ui.resized(w, h);
        ui.key(End);
        ui.ch('f').ctrl('u').typed("2..5").key(Enter);
        let hits = ui.app.browser.hits.len();
        assert!(hits > 0);
        let s = ui.resized(w, h);
        // The list shows the body less the search box, the filter line and two borders.
        let rows = usize::from(h) - 4 - 6;
        let first = ui.app.browser.hits[0].index;
        let first = ui.app.shell.bestiary.entries[first].card.name.clone();
        if hits <= rows {
            assert_eq!(ui.app.browser.offset, 0, "{w}x{h}:\n{s}");
            assert!(s.contains(first.as_str()), "{w}x{h}: {first} hidden:\n{s}");
        } else {
            assert_eq!(ui.app.browser.offset, hits - rows, "{w}x{h}:\n{s}");
        }
    }
}

/// The lines inside the first bordered pane whose title holds `title`, borders and padding off.
fn pane(screen: &str, title: &str) -> Vec<String> {
    let lines: Vec<&str> = screen.lines().collect();
    let (top, col) = lines
        .iter()
        .enumerate()
        .find_map(|(i, l)| l.find(title).map(|_| (i, l)))
        .map(|(i, l)| {
            let byte = l.find(title).unwrap();
            let col = l[..byte]
                .rfind('┌')
                .map(|b| l[..b].chars().count())
                .unwrap();
            (i, col)
        })
        .unwrap_or_else(|| panic!("no pane {title}:\n{screen}"));
    let mut out = Vec::new();
    for l in &lines[top + 1..] {
        let chars: Vec<char> = l.chars().collect();
        if chars.get(col) == Some(&'└') {
            break;
        }
        let rest: String = chars.iter().skip(col + 1).collect();
        let inner = rest.split('│').next().unwrap_or("").trim_end().to_owned();
        out.push(inner);
    }
    out
}

#[test]
fn end_in_the_forges_stat_block_and_the_key_reference_stops_at_the_last_line() {
    for (w, h) in SIZES {
        let mut ui = Ui::new();
        ui.resized(w, h);
        ui.key(Enter); // the first monster in the Forge
        assert_eq!(ui.app.shell.screen, lairsmith::tui::app::Screen::Forge);
        ui.key(KeyCode::Tab).key(End);
        let s = ui.resized(w, h);
        let p = pane(&s, "Stat block");
        assert!(
            !p.last().unwrap().trim().is_empty(),
            "{w}x{h}: the pane ends blank:\n{s}"
        );
        // One more line down changes nothing: the last line is already at the bottom.
        let before = ui.app.forge.preview_scroll;
        ui.key(Down);
        assert_eq!(ui.app.forge.preview_scroll, before);
        // The key reference: End shows its last line at the bottom.
        ui.ch('?').key(End);
        let s = ui.resized(w, h);
        // The last row as the viewer wraps it at this width (its last line may take two).
        let last_help = lairsmith::tui::help::rows(&ui.app.shell.keymap, usize::from(w - 2), 1, 0)
            .0
            .last()
            .map(|l| l.to_string())
            .unwrap();
        let shown: Vec<&str> = s.lines().collect();
        // The dialog's last row is above the status line (as many rows as its message takes)
        // and the help bar.
        let bottom = shown[usize::from(h) - 3 - usize::from(ui.app.shell.status_rows())];
        assert!(
            bottom.contains(
                last_help
                    .trim()
                    .chars()
                    .take(20)
                    .collect::<String>()
                    .as_str()
            ),
            "{w}x{h}: {last_help:?} is not at the bottom:\n{s}"
        );
    }
}

#[test]
fn pgup_in_the_forges_stat_block_pages_the_pane_and_keeps_the_step() {
    let mut ui = Ui::new();
    ui.resized(80, 24);
    ui.key(Enter);
    ui.app
        .forge
        .go_to(lairsmith::tui::screens::forge::Step::Details);
    ui.key(KeyCode::Tab).key(End);
    let end = ui.app.forge.preview_scroll;
    assert!(end > 0);
    ui.key(KeyCode::PageUp);
    assert_eq!(
        ui.app.forge.step,
        lairsmith::tui::screens::forge::Step::Details
    );
    assert!(ui.app.forge.preview_scroll < end);
    ui.key(KeyCode::PageDown);
    assert_eq!(
        ui.app.forge.step,
        lairsmith::tui::screens::forge::Step::Details
    );
    assert_eq!(ui.app.forge.preview_scroll, end);
}

#[test]
fn minus_on_a_count_of_one_says_that_x_removes_the_group() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(3)).ch('p').key(Enter);
    ui.app.shell.status = None;
    ui.ch('-');
    assert_eq!(ui.app.encounter.encounter.groups.len(), 1);
    let said = ui
        .app
        .shell
        .status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default();
    assert!(said.contains("x removes the group"), "{said:?}");
}

#[test]
fn the_adventure_export_prompt_shows_the_whole_path_as_the_encounters_does() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(4)).ch('m');
    let exports = ui.app.shell.paths.exports.display().to_string();
    for (w, h) in SIZES {
        let s = ui.resized(w, h);
        let text = match ui.app.shell.top() {
            Some(lairsmith::tui::layer::Layer::Prompt { field, .. }) => field.text().to_owned(),
            other => panic!("{other:?}"),
        };
        assert!(text.starts_with(&exports), "{text}\n{s}");
        assert!(text.ends_with(".md"), "{text}");
    }
}

/// The help bar: the last line of the screen.
fn bar(screen: &str) -> String {
    screen.lines().last().unwrap_or("").to_owned()
}

#[test]
fn the_forges_powers_step_keeps_ctrl_s_save_in_the_bar_and_says_more_at_80x24() {
    let mut ui = Ui::new();
    ui.ch('n');
    ui.app
        .forge
        .go_to(lairsmith::tui::screens::forge::Step::Powers);
    let s = ui.resized(80, 24);
    let b = bar(&s);
    assert!(b.contains("Ctrl-S save"), "{b}");
    assert!(b.contains("? more"), "{b}");
    let s = ui.resized(120, 40);
    let b = bar(&s);
    assert!(b.contains("Ctrl-S save"), "{b}");
}

/// Writes a file under the data directory.
fn put(ui: &Ui, rel: &str, text: &str) {
    let p = ui.root().join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

const NOTES: &str = "The maw holds the bridge while the stalkers circle through the reeds; if the party retreats across the ford they cut it off at the far bank.";

/// Three saved encounters of shipped monsters, each for `party` (YAML).
fn encounters(ui: &Ui, party: &str) {
    for (id, groups) in [
        (
            "ford-ambush",
            "- monster: aphelion-maw\n  count: 1\n- monster: gloamblade-stalker\n  count: 3\n",
        ),
        ("reed-hollow", "- monster: gloamblade-stalker\n  count: 2\n"),
        ("ogre-lair", "- monster: gloamblade-stalker\n  count: 4\n"),
    ] {
        put(
            ui,
            &format!("encounters/{id}.yaml"),
            &format!(
                "kind: encounter\nschema_version: 1\nname: {id}\nparty:\n{party}groups:\n{groups}notes: {NOTES}\n"
            ),
        );
    }
}

const NAMED_TOGETHER: &str = "  members:\n  - name: Ana\n    level: 6\n  - name: Bo\n    level: 6\n  - name: Cy\n    level: 6\n  - name: Di\n    level: 6\n  - name: Ed\n    level: 6\n";
const MIXED: &str = "  members:\n  - name: Ana\n    level: 6\n  - name: Bo\n    level: 7\n  - name: Cy\n    level: 8\n  - name: Di\n    level: 5\n  - name: Ed\n    level: 6\n";

/// The screen's text with each pane's lines joined: what a reader can read whole.
fn flat(screen: &str) -> String {
    screen
        .lines()
        .flat_map(|l| l.split('│'))
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A pane's text as one line of words: a wrapped sentence reads as it was written.
fn words(screen: &str, title: &str) -> String {
    pane(screen, title)
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn roster_rows_at_80x24_keep_the_level_rank_role_and_xp() {
    let mut ui = Ui::new();
    encounters(&ui, "  size: 5\n  level: 6\n");
    ui.key(KeyCode::F(3)).ch('o').key(Enter);
    for (w, h) in SIZES {
        let s = ui.resized(w, h);
        assert!(s.contains("L30 boss wrecker · 80,000 XP"), "{w}x{h}:\n{s}");
        assert!(
            s.contains("L6 std skulker · 750 XP") || s.contains("L6 standard skulker · 750 XP"),
            "{w}x{h}:\n{s}"
        );
    }
}

#[test]
fn the_encounters_party_line_numbers_and_notes_wrap_whole() {
    let mut ui = Ui::new();
    encounters(&ui, MIXED);
    ui.key(KeyCode::F(3)).ch('o').key(Enter);
    ui.ch('t'); // a treasure method makes the "Each" line long
    for (w, h) in SIZES {
        let s = ui.resized(w, h);
        let f = words(&s, "ford-ambush · Orcus");
        assert!(f.contains("budget"), "{w}x{h}: the party line is cut:\n{s}");
        assert!(f.contains("generator: standard"), "{w}x{h}:\n{s}");
        assert!(f.contains("far bank."), "{w}x{h}: the notes are cut:\n{s}");
    }
}

#[test]
fn the_encounters_treasure_shows_at_the_top_of_the_arithmetic() {
    let mut ui = Ui::new();
    encounters(&ui, "  size: 5\n  level: 6\n");
    ui.key(KeyCode::F(3)).ch('o').key(Enter);
    ui.ch('w').ch('t');
    for (w, h) in SIZES {
        let s = ui.resized(w, h);
        let p = pane(&s, "Arithmetic").join(" ");
        assert!(p.contains("Steady progression"), "{w}x{h}:\n{s}");
    }
}

#[test]
fn the_adventure_shows_one_gauge_for_a_party_that_levels_together() {
    let mut ui = Ui::new();
    encounters(&ui, NAMED_TOGETHER);
    put(
        &ui,
        "adventures/together.yaml",
        &format!(
            "kind: adventure\nschema_version: 1\nname: Together\nparty:\n{NAMED_TOGETHER}encounters:\n- ford-ambush\n- reed-hollow\n- ogre-lair\nseed: 7\n"
        ),
    );
    ui.key(KeyCode::F(4)).ch('o').key(Enter);
    for (w, h) in SIZES {
        let s = ui.resized(w, h);
        let p = pane(&s, "Toward the next level");
        assert_eq!(
            p.iter().filter(|l| l.contains('┃')).count(),
            1,
            "{w}x{h}: one gauge:\n{s}"
        );
        assert!(!p.iter().any(|l| l.starts_with("Ana")), "{w}x{h}:\n{s}");
    }
}

#[test]
fn the_adventure_shows_a_table_when_the_party_does_not_level_together() {
    let mut ui = Ui::new();
    encounters(&ui, MIXED);
    put(
        &ui,
        "adventures/mixed.yaml",
        &format!(
            "kind: adventure\nschema_version: 1\nname: Mixed\nparty:\n{MIXED}encounters:\n- ford-ambush\n- reed-hollow\n- ogre-lair\nseed: 7\n"
        ),
    );
    ui.key(KeyCode::F(4)).ch('o').key(Enter);
    let s = ui.resized(120, 40);
    let p = pane(&s, "Toward the next level");
    assert!(p[0].contains("to next"), "{s}");
    for name in ["Ana", "Bo", "Cy", "Di", "Ed"] {
        let row = p
            .iter()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{name}:\n{s}"));
        assert!(row.contains(" to L"), "{row}");
    }
    assert!(!p.iter().any(|l| l.contains('┃')), "{s}");
    // At 80x24 the rows that fit, and how many do not.
    let s = ui.resized(80, 24);
    let p = pane(&s, "Toward the next level");
    assert!(
        p.iter()
            .any(|l| l.starts_with("Ana") && l.contains(" to L")),
        "{s}"
    );
    assert!(p.iter().any(|l| l.contains("more")), "{s}");
}

#[test]
fn the_adventures_treasure_line_wraps_whole() {
    let mut ui = Ui::new();
    ui.key(KeyCode::F(4));
    for (w, h) in SIZES {
        let s = ui.resized(w, h);
        assert!(
            words(&s, "New Adventure").contains("average gold per encounter (E5)"),
            "{w}x{h}:\n{s}"
        );
    }
}

#[test]
fn the_tables_list_hint_wraps_whole_at_80x24() {
    let mut ui = Ui::new();
    encounters(&ui, "  size: 5\n  level: 6\n");
    ui.key(KeyCode::F(5));
    for (w, h) in SIZES {
        let s = ui.resized(w, h);
        assert!(
            flat(&s)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .contains("enters a character's result)."),
            "{w}x{h}:\n{s}"
        );
    }
}

/// `Ctrl-S save` is offered only where there is something to save: the Bestiary writes each
/// change as it is made and the Table each step of a fight, so their bars leave it out, and
/// the key, pressed from habit, says why instead of doing nothing.
#[test]
fn ctrl_s_is_offered_only_where_there_is_something_to_save() {
    let mut ui = Ui::new();
    for (screen, offered) in [(1, false), (2, true), (3, true), (4, true), (5, false)] {
        ui.key(KeyCode::F(screen));
        let bar = ui.screen(120, 30);
        let last = bar.lines().last().unwrap_or_default().to_owned();
        assert_eq!(last.contains("save"), offered, "F{screen}: {last}");
        if !offered {
            ui.ctrl('s');
            assert!(
                ui.status().starts_with("Nothing to save here"),
                "F{screen}: {}",
                ui.status()
            );
        }
    }
}

/// What the status line says stays true: `Esc` on a refused edit takes its error away, and a
/// redo after "Nothing to undo." says it was redone.
#[test]
fn the_status_line_does_not_outlive_what_it_says() {
    use lairsmith::tui::screens::forge::fields::{Detail, details};
    let mut ui = Ui::new();
    ui.ch('n').typed("7").key(KeyCode::Enter);
    ui.app
        .forge
        .go_to(lairsmith::tui::screens::forge::Step::Details);
    let reach = details(&ui.app.forge.design)
        .iter()
        .position(|d| *d == Detail::Reach)
        .unwrap();
    ui.key(KeyCode::Home)
        .times(KeyCode::Down, reach)
        .key(KeyCode::Enter);
    ui.ctrl('u').typed("99").key(KeyCode::Enter);
    assert!(ui.error().is_some(), "99 squares of reach is refused");
    ui.key(KeyCode::Esc);
    assert_eq!(ui.error(), None, "Esc abandons the edit and its error");
    ui.key(KeyCode::Enter)
        .ctrl('u')
        .typed("3")
        .key(KeyCode::Enter);
    ui.ctrl('z');
    ui.ctrl('z');
    ui.ctrl('z');
    ui.ctrl('z');
    ui.ctrl('y');
    assert_eq!(ui.status(), "Redone.");
}

/// An export to a folder (or a FIFO, a device) is refused at once, naming what is there; it
/// used to ask "already exists. Overwrite it?" and refuse only after `y`.
#[test]
fn an_export_to_a_folder_is_refused_without_asking_to_overwrite() {
    let mut ui = Ui::new();
    let folder = ui.root().join("a-folder.md");
    std::fs::create_dir(&folder).unwrap();
    ui.ch('m')
        .ctrl('u')
        .typed(&folder.display().to_string())
        .key(Enter);
    assert!(
        ui.app.shell.top().is_none(),
        "no question: {:?}",
        ui.app.shell.top()
    );
    let error = ui.error().unwrap_or_default();
    assert!(
        error.ends_with("a-folder.md: it is a directory, not a regular file; nothing exported"),
        "{error}"
    );
    assert!(folder.is_dir());
}

/// The key reference wraps each description under itself at the viewer's width: none is cut
/// at the right edge (at 100 columns the Table's longest were).
#[test]
fn the_key_reference_wraps_every_description_whole() {
    let km = lairsmith::tui::keymap::Keymap::default();
    let squeeze = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    for width in [60usize, 78, 98, 118] {
        let (rows, _) = lairsmith::tui::help::rows(&km, width, 1, 0);
        for r in &rows {
            assert!(r.width() <= width, "{width}: {r}");
        }
        let text = squeeze(
            &rows
                .iter()
                .map(|r| r.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        );
        for b in &km.bindings {
            assert!(text.contains(&squeeze(b.desc)), "{width}: {}", b.desc);
        }
    }
}
