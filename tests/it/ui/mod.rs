//! The terminal UI: update/view tests, golden screens, random keys, and the tmux end-to-end scripts.

mod e2e;
mod encounter_editing;
mod fit_and_wrap;
mod party_form;
mod pickers_and_drafts;
mod relevel_form;
mod slow_jobs;
mod table_by_the_book;
mod table_walk;
mod tui;
mod tui_adventure;
mod tui_challenges;
mod tui_statblock_fields;
mod tui_truth_and_fit;
mod ui_attack;
mod ui_random_keys;
