//! The integration tests, one binary with a module a feature (`cargo test --test it`, or a
//! part of it by name: `cargo test --test it fights::`). Each runs the real binary through
//! [`common`] or calls the library directly; the tmux and Chromium scripts beside them in
//! `tests/` are run from `ui::e2e` and `exports::print_browser`.

mod common;

mod docs;

mod adventures;
mod bestiary;
mod cli;
mod encounters;
mod exports;
mod fights;
mod files;
mod monsters;
mod rules;
mod ui;
