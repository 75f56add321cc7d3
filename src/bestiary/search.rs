//! Fuzzy search by name (fuzzy-matcher's skim algorithm), best match first, with the matched
//! character positions for highlighting.

use crate::bestiary::{Entry, Filter};
use fuzzy_matcher::FuzzyMatcher;
use fuzzy_matcher::skim::SkimMatcherV2;

/// One result: the entry's index in the bestiary, its score, and the matched char indices of
/// its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchHit {
    pub index: usize,
    pub score: i64,
    pub indices: Vec<usize>,
}

/// Entries matching `filter` and fuzzily matching `query` (all of them for an empty query),
/// best match first; ties and the empty query keep name order.
pub fn search(entries: &[Entry], query: &str, filter: &Filter) -> Vec<SearchHit> {
    let matcher = SkimMatcherV2::default().ignore_case();
    let query = query.trim();
    let mut hits: Vec<SearchHit> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| filter.matches(&e.design))
        .filter_map(|(index, e)| {
            if query.is_empty() {
                return Some(SearchHit {
                    index,
                    score: 0,
                    indices: Vec::new(),
                });
            }
            matcher
                .fuzzy_indices(&e.design.name, query)
                .map(|(score, indices)| SearchHit {
                    index,
                    score,
                    indices,
                })
        })
        .collect();
    hits.sort_by(|a, b| {
        b.score.cmp(&a.score).then_with(|| {
            entries[a.index]
                .design
                .name
                .to_lowercase()
                .cmp(&entries[b.index].design.name.to_lowercase())
        })
    });
    hits
}
