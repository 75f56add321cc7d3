//! lairsmith, the application: the command line ([`cli`]) and the terminal UI ([`tui`]) over
//! the library `lairsmith-core`.
//!
//! This crate's library exists for its binary and for the binary's tests, which drive the UI's
//! pure `update` and `view` directly; it is not an API. The library to build on is
//! `lairsmith-core` (the rules, monsters, bestiary, encounters, adventures, fights and
//! exports, documented item by item). Its modules are re-exported here under the same names,
//! so the faces and the tests name `lairsmith_core::rules` or `lairsmith_core::monster` as one tree.
//!
//! The UI never calls into the CLI; the CLI starts the UI when given no command.

// Printing macros panic when stdout is closed or full; the CLI prints through `cli::out`.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod cli;
pub mod config;
pub mod keyspec;
pub mod tui;
