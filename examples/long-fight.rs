//! A fight of many steps, for measuring a step's cost against the fight's length
//! (`BENCHMARKS.md`, "A step's cost"): `cargo run --release --example long-fight -- DATA STEPS
//! [FOES]` writes `<DATA>/fights/long.yaml` (and the encounter and party it starts from), a
//! fight of a party of four against FOES shipped monsters (default 20) that has taken STEPS
//! steps: turns, attacks, damage, healing and effects with saving throws, as a GM takes them.

use lairsmith_core::fixtures::long_fight;
use std::path::PathBuf;

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(dir), Some(steps)) = (args.next(), args.next()) else {
        eprintln!("usage: long-fight DATA STEPS [FOES]");
        std::process::exit(2);
    };
    let steps: usize = steps.parse().expect("STEPS is a number");
    let foes: usize = args
        .next()
        .map_or(20, |n| n.parse().expect("FOES is a number"));
    match long_fight(&PathBuf::from(dir), steps, foes) {
        Ok(path) => println!("{}", path.display()),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
