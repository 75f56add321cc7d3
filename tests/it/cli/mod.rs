//! The command line, the settings file and the layering of the code.

mod clap_errors;
mod cli_formats;
mod commands;
mod config;
mod layering;
mod manual;
mod terminal_output;
