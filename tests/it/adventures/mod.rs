//! Adventures, their levelling and the treasure.

mod adventure_commands;
mod adventure_treasure;
mod levelling;
mod played;
mod treasure;
