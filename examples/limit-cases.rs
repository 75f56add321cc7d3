//! Writes the data directories of `lairsmith_core::fixtures::limit_cases` under DIR and prints one
//! line per case: its name, its directory, whether it is past a limit, and its command's words,
//! tab-separated (for `benches/limits.sh`).
fn main() {
    let Some(root) = std::env::args().nth(1) else {
        eprintln!("usage: limit-cases DIR");
        std::process::exit(2);
    };
    let cases = lairsmith_core::fixtures::limit_cases::write_cases(std::path::Path::new(&root))
        .unwrap_or_else(|e| {
            eprintln!("limit-cases: {e}");
            std::process::exit(1);
        });
    for c in cases {
        println!(
            "{}\t{}\t{}\t{}\t{}",
            c.name,
            c.dir.display(),
            if c.past_limit { "past" } else { "at" },
            c.what,
            c.args.join(" ")
        );
    }
}
