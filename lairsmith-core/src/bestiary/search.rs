//! Fuzzy search by name and id (nucleo-matcher, fzf's scoring), best match first: `giant-frog`
//! and `giant frog` both find Giant Frog, since hyphens and spaces are read alike. Matched
//! character positions, for highlighting, refer to the name and are computed only for the rows
//! on screen ([`matched_indices`], with fuzzy-matcher).
//!
//! The scorer was fuzzy-matcher's skim until bestiaries reached 100,000 monsters: there, one
//! letter took it 30-40 ms, two frames, where nucleo-matcher takes a third of one frame on
//! every core (BENCHMARKS.md). Both stay behind [`NameMatcher`], so the choice can be measured
//! again.

use crate::bestiary::{Bestiary, Filter};
use fuzzy_matcher::FuzzyMatcher;
use fuzzy_matcher::skim::SkimMatcherV2;

/// One result: the entry's index in the bestiary and its score (0 for an empty query).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchHit {
    /// The entry's position in [`Bestiary::entries`].
    pub index: usize,
    /// How well the name matches the query: higher is better; 0 when there is no query.
    pub score: i64,
}

fn matcher() -> SkimMatcherV2 {
    SkimMatcherV2::default().ignore_case()
}

/// The order of a list of monsters: by name (the search's own order), level or XP. The command
/// line's `list --sort` and the Bestiary screen's sort key are this one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortKey {
    /// Alphabetical by name.
    Name,
    /// By level, lowest first.
    Level,
    /// By XP (after any override), lowest first.
    Xp,
}

impl SortKey {
    /// The key after this one, for a key that cycles through them.
    pub fn next(self) -> SortKey {
        match self {
            SortKey::Name => SortKey::Level,
            SortKey::Level => SortKey::Xp,
            SortKey::Xp => SortKey::Name,
        }
    }

    /// Its word, as the Bestiary screen shows it.
    pub fn label(self) -> &'static str {
        match self {
            SortKey::Name => "name",
            SortKey::Level => "level",
            SortKey::Xp => "XP",
        }
    }

    /// Puts `hits` of a search for `query` in this order. A search with a query keeps its
    /// best-match-first order; without one the hits are in name order already, and a stable
    /// sort keeps that order among equals.
    pub fn sort(self, b: &Bestiary, query: &str, hits: &mut [SearchHit]) {
        if !query.trim().is_empty() {
            return;
        }
        let e = &b.entries;
        match self {
            SortKey::Name => {}
            SortKey::Level => hits.sort_by_key(|h| e[h.index].card.level),
            SortKey::Xp => hits.sort_by_key(|h| e[h.index].card.xp),
        }
    }
}

/// A fuzzy scorer for names: prepared once per query, then asked about each name. The search
/// is written against this so that matchers can be compared on the same code path (the
/// benchmarks put nucleo-matcher behind it).
pub trait NameMatcher {
    /// Readies the matcher for `query`, before [`NameMatcher::score`] is asked about each name.
    fn prepare(&mut self, query: &str);
    /// A higher score is a better match; `None` is no match.
    fn score(&mut self, name: &str) -> Option<i64>;
}

/// fuzzy-matcher's skim algorithm, case-insensitive: lairsmith's matcher until issue 14, kept
/// for comparison.
pub struct SkimNames {
    matcher: SkimMatcherV2,
    query: String,
}

impl Default for SkimNames {
    fn default() -> Self {
        SkimNames {
            matcher: matcher(),
            query: String::new(),
        }
    }
}

impl NameMatcher for SkimNames {
    fn prepare(&mut self, query: &str) {
        self.query = query.to_owned();
    }
    fn score(&mut self, name: &str) -> Option<i64> {
        self.matcher.fuzzy_match(name, &self.query)
    }
}

/// nucleo-matcher's fuzzy scoring, case-insensitive, the whole query one pattern (a space is a
/// letter to match, not a separator): lairsmith's matcher.
pub struct NucleoNames {
    matcher: nucleo_matcher::Matcher,
    atom: nucleo_matcher::pattern::Atom,
    buf: Vec<char>,
}

impl Default for NucleoNames {
    fn default() -> Self {
        NucleoNames {
            matcher: nucleo_matcher::Matcher::new(nucleo_matcher::Config::DEFAULT),
            atom: atom(""),
            buf: Vec::new(),
        }
    }
}

fn atom(query: &str) -> nucleo_matcher::pattern::Atom {
    use nucleo_matcher::pattern::{Atom, AtomKind, CaseMatching, Normalization};
    Atom::new(
        query,
        CaseMatching::Ignore,
        Normalization::Smart,
        AtomKind::Fuzzy,
        false,
    )
}

impl NameMatcher for NucleoNames {
    fn prepare(&mut self, query: &str) {
        self.atom = atom(query);
    }
    fn score(&mut self, name: &str) -> Option<i64> {
        self.atom
            .score(
                nucleo_matcher::Utf32Str::new(name, &mut self.buf),
                &mut self.matcher,
            )
            .map(i64::from)
    }
}

/// Entries matching `filter` whose name or id fuzzily matches `query` (all of them for an empty
/// query), by the better of the two scores, best match first; ties and the empty query keep name
/// order.
pub fn search(b: &Bestiary, query: &str, filter: &Filter) -> Vec<SearchHit> {
    let index = b.names();
    let query = query.trim();
    if query.is_empty() || index.by_name.len() < PARALLEL_FROM {
        return search_with(b, query, filter, &mut NucleoNames::default());
    }
    // Scored on every core, each with its own matcher: a keystroke over a hundred thousand
    // names then stays within a frame. The chunks keep name order, so ties stay in it.
    let spaced_query = hyphens_as_spaces(query);
    let mut hits = crate::parallel::flat_map_chunks(&index.by_name, PARALLEL_FROM, |part| {
        let mut m = NucleoNames::default();
        m.prepare(&spaced_query);
        score_all(b, part, filter, &mut m)
    });
    hits.sort_by_key(|h| std::cmp::Reverse(h.score));
    hits
}

/// The number of names from which [`search`] scores on every core.
const PARALLEL_FROM: usize = 20_000;

/// The entries at `order` (indices into the bestiary) that pass `filter` and whose name or id
/// matches the query `m` was prepared with, in that order.
fn score_all(
    b: &Bestiary,
    order: &[usize],
    filter: &Filter,
    m: &mut impl NameMatcher,
) -> Vec<SearchHit> {
    let index = b.names();
    let entries = &b.entries;
    order
        .iter()
        .filter(|i| filter.matches(&entries[**i]))
        .filter_map(|&i| {
            // The names and ids with hyphens as spaces are made once per bestiary, not per key.
            let spaced = index.spaced[i].as_deref();
            let by_name = m.score(spaced.unwrap_or(&entries[i].card.name));
            let by_id = index.other_ids[i].as_deref().and_then(|id| m.score(id));
            by_name
                .max(by_id)
                .map(|score| SearchHit { index: i, score })
        })
        .collect()
}

/// [`search`] with any [`NameMatcher`].
pub fn search_with(
    b: &Bestiary,
    query: &str,
    filter: &Filter,
    m: &mut impl NameMatcher,
) -> Vec<SearchHit> {
    let query = query.trim();
    let index = b.names();
    let entries = &b.entries;
    if query.is_empty() {
        return index
            .by_name
            .iter()
            .filter(|i| filter.matches(&entries[**i]))
            .map(|&index| SearchHit { index, score: 0 })
            .collect();
    }
    m.prepare(&hyphens_as_spaces(query));
    let mut hits = score_all(b, &index.by_name, filter, m);
    // A stable sort keeps name order among equal scores.
    hits.sort_by_key(|h| std::cmp::Reverse(h.score));
    hits
}

/// The char positions of `name` that match `query`, for highlighting one visible row; none
/// when only the id matched.
pub fn matched_indices(name: &str, query: &str) -> Vec<usize> {
    let query = query.trim();
    if query.is_empty() {
        return Vec::new();
    }
    // Replacing one char by one keeps every position the name's own.
    matcher()
        .fuzzy_indices(&hyphens_as_spaces(name), &hyphens_as_spaces(query))
        .map(|(_, i)| i)
        .unwrap_or_default()
}

fn hyphen_as_space(c: char) -> char {
    if c == '-' { ' ' } else { c }
}

fn hyphens_as_spaces(s: &str) -> String {
    s.chars().map(hyphen_as_space).collect()
}
