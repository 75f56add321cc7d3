//! `fzf --filter` with lairsmith's matcher: names on stdin, the matches on stdout, best first.
//! Used by the benchmarks to compare the two as whole processes on the same list:
//! `filter-names QUERY < names.txt`.

use lairsmith_core::bestiary::{NameMatcher, SkimNames};
use std::io::{BufRead, Write};

fn main() {
    let query = std::env::args().nth(1).unwrap_or_default();
    let names: Vec<String> = std::io::stdin()
        .lock()
        .lines()
        .map_while(Result::ok)
        .collect();
    let mut m = SkimNames::default();
    m.prepare(&query);
    let mut hits: Vec<(i64, &str)> = names
        .iter()
        .filter_map(|n| m.score(n).map(|s| (s, n.as_str())))
        .collect();
    hits.sort_by_key(|h| std::cmp::Reverse(h.0));
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (_, n) in hits {
        let _ = writeln!(out, "{n}");
    }
}
