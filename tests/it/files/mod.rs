//! Files and hardening: hostile input, limits, atomic and locked saves, crashes, concurrent writers, special files, error messages, the ways out.

mod changes_asked_for;
mod concurrent_writers;
mod crash_safety;
mod error_messages;
mod hostile;
mod hostile_yaml;
mod limits;
mod links_inside;
mod monster_files;
mod numbers_and_paths;
mod properties;
mod refusals;
mod saves_keep_files;
mod special_files;
mod ways_out;
