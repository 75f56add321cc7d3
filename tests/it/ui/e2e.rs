//! Runs the tmux scripts against the built binary: the UI driven in a real pseudo-terminal.
//! Needs tmux; CI installs it (and these tests fail in CI without it).

use crate::common;

use std::process::Command;

/// [`common::run_script`], skipped (outside CI) where tmux is missing.
fn run_script(name: &str) {
    let has_tmux = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_tmux {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have tmux for the end-to-end tests"
        );
        eprintln!("tmux is not installed: skipping {name} (apt-get install tmux)");
        return;
    }
    common::run_script(name);
}

#[test]
fn tmux_end_to_end() {
    run_script("e2e_tmux.sh");
}

/// SIGTERM, SIGINT, SIGHUP and SIGQUIT give the terminal back and keep unsaved work; a huge
/// paste is capped and cheap.
#[test]
fn signals_restore_the_terminal_and_keep_unsaved_work() {
    run_script("signals_tmux.sh");
}

/// The UI rebuild walked key by key in a real terminal (issue 9 §2, §3, §6, §7).
#[test]
fn the_ui_walk_every_point_a_key_can_show() {
    run_script("ui_walk_tmux.sh");
}

/// The players' view follows the fight file in a real terminal and shows no foe's numbers.
#[test]
fn the_players_view_follows_the_fight_in_a_terminal() {
    run_script("fight_watch_tmux.sh");
}

/// The Table screen runs a fight in a real terminal: started in the UI, three rounds, quit and
/// resumed, ended with the XP written once.
#[test]
fn the_table_screen_runs_a_fight_in_a_terminal() {
    run_script("table_screen_tmux.sh");
}

/// Under NO_COLOR every cursor is still seen (reverse video) and no colour is set.
#[test]
fn every_cursor_is_seen_without_colour() {
    run_script("no_color_tmux.sh");
}
