//! Running a fight at the table (P1-P10).

mod fight;
mod players;
mod trust;
