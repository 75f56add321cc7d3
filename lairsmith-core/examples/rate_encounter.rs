//! An encounter file rated by the library alone (RULINGS E1-E5 for Orcus, D1-D7 for d20 3rd
//! edition): its XP against the party's budget, the band and the encounter level.
//!
//! `cargo run -p lairsmith-core --example rate_encounter -- ENCOUNTER.yaml` reads an encounter
//! whose party is written in it (`party: {size: 4, level: 5}` or its members) and whose monsters
//! are shipped ones or placeholders.

use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::encounter::{load_encounter, report};
use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: rate_encounter ENCOUNTER.yaml");
        return ExitCode::from(2);
    };
    let encounter = match load_encounter(path.as_ref()) {
        Ok((e, _)) => e,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    // A saved party lives in a data directory, which this small program does not have.
    let Some(party) = encounter.party.inline() else {
        eprintln!("the encounter names a saved party; write the party in the file to rate it here");
        return ExitCode::FAILURE;
    };
    let r = report(&encounter, &party, &Bestiary::shipped());
    println!("{}", encounter.name);
    println!("XP {} against a budget of {}", r.xp, r.budget);
    println!("party level {}", r.party_level);
    if let Some(level) = r.encounter_level {
        println!("encounter level {level}");
    }
    match r.band {
        Some(band) => println!(
            "difficulty {}",
            lairsmith_core::vocab::Vocabulary::key(band)
        ),
        None => println!("difficulty: beyond the bands"),
    }
    for w in &r.warnings {
        println!("note: {w}");
    }
    ExitCode::SUCCESS
}
