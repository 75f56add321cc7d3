//! At a hundred thousand names the search scores on every core; it must find exactly what the
//! one-thread search finds, in the same order.

use lairsmith_core::bestiary::{Bestiary, Filter, NucleoNames, Provenance, search, search_with};
use std::path::PathBuf;

#[test]
fn the_search_on_every_core_equals_the_search_on_one() {
    let mut b = Bestiary::shipped();
    for d in lairsmith_core::fixtures::monsters(25_000, 3) {
        let path = PathBuf::from(format!("{}.yaml", d.id));
        let e = b.entry(d, Provenance::User, path, None);
        b.insert(e);
    }
    assert!(b.entries.len() > 25_000);
    let archers = Filter {
        roles: vec![lairsmith_core::rules::Role::Archer],
        ..Filter::default()
    };
    for (q, f) in [
        ("a", Filter::default()),
        ("ash", Filter::default()),
        ("ashback beetle", Filter::default()),
        ("zzzz", Filter::default()),
        ("ash", archers.clone()),
        ("hedge", archers),
    ] {
        let one = search_with(&b, q, &f, &mut NucleoNames::default());
        let every = search(&b, q, &f);
        assert_eq!(one, every, "query {q:?}");
    }
}
