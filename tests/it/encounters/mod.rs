//! Encounters, parties, the rating and the generator.

mod challenges;
mod d20e3_encounters;
mod encounter_files;
mod generator;
mod group_notes;
mod party_commands;
mod party_form_numbers;
mod party_numbers;
mod treasure_method;
