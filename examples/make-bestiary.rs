//! Writes a large, valid, varied bestiary for benchmarks and scale tests:
//! `cargo run --release --example make-bestiary -- 10000 DIR [SEED]`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(n), Some(dir)) = (
        args.first().and_then(|n| n.parse::<usize>().ok()),
        args.get(1),
    ) else {
        eprintln!("usage: make-bestiary COUNT DIR [SEED]");
        std::process::exit(2);
    };
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    match lairsmith_core::fixtures::write_bestiary(std::path::Path::new(dir), n, seed) {
        Ok(written) => println!("wrote {written} monsters to {dir}"),
        Err(e) => {
            eprintln!("make-bestiary: {e}");
            std::process::exit(1);
        }
    }
}
