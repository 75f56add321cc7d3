//! The words of other d20 games (4e and its kin) that a GM brings to the table, each with the
//! Orcus rulebook's word for the same thing. They are not accepted, since the book does not use
//! them; they are what did-you-mean offers, where edit distance would offer a wrong word
//! ("thievery" is closer to "history" than to "sleight of hand").

/// Another game's word, and the book's (as lairsmith's vocabularies and forms spell it).
pub const OTHER_GAMES: &[(&str, &str)] = &[
    // Skills (Skills).
    ("thievery", "sleight-of-hand"),
    ("streetwise", "streetsmarts"),
    ("endurance", "endure"),
    // Roles (Monster Roles; "lurker" is the book's own word for a skulker, and accepted).
    ("brute", "wrecker"),
    ("soldier", "blocker"),
    ("artillery", "archer"),
    ("controller", "spoiler"),
    ("skirmisher", "striker"),
    // Conditions and states (Conditions; Staggered).
    ("immobilized", "immobile"),
    ("bloodied", "staggered"),
    // Actions (Action Types; "minor" is accepted as a swift action).
    ("minor-action", "swift"),
];

/// The book's word for `given` when it is another game's (`thievery`: `sleight-of-hand`);
/// spaces and underscores read as hyphens, case ignored.
pub fn book_word(given: &str) -> Option<&'static str> {
    let given = given.trim().to_lowercase().replace([' ', '_'], "-");
    OTHER_GAMES
        .iter()
        .find(|(other, _)| *other == given)
        .map(|(_, book)| *book)
}
