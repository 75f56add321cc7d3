//! Running a fight at the table (P1-P10).

mod by_the_book;
mod fight;
mod players;
mod trust;
