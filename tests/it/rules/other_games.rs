//! Issue "words from other games": did-you-mean knows the common words of 4e-like games for the
//! book's skills, roles, conditions and actions (a GM typing `thievery` was offered `history`),
//! as a table of its own, every target a book word.

use lairsmith_core::rules::power_vocab::{Action, Usage};
use lairsmith_core::rules::{Condition, Rank, Role, Skill};
use lairsmith_core::vocab::Vocabulary;
use lairsmith_core::vocab::other_games::{OTHER_GAMES, book_word};

/// Verbatim lines of the Orcus rulebook (checked against the seed where it is at hand, by
/// `exports::sheets_and_book`).
const WORDS: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/rulebook-words.txt"
));

/// What each vocabulary that holds `word` suggests for `other`: `(vocabulary, suggestion)`.
fn suggestions(word: &str, other: &str) -> Vec<(&'static str, Option<String>)> {
    fn one<V: Vocabulary>(word: &str, other: &str) -> Option<(&'static str, Option<String>)> {
        V::find(word)?;
        Some((V::FIELD, V::parse(other).err().and_then(|e| e.suggestion)))
    }
    [
        one::<Skill>(word, other),
        one::<Role>(word, other),
        one::<Rank>(word, other),
        one::<Condition>(word, other),
        one::<Usage>(word, other),
        one::<Action>(word, other),
    ]
    .into_iter()
    .flatten()
    .collect()
}

#[test]
fn words_from_other_games_every_target_is_a_book_word_and_is_suggested() {
    let book = WORDS.to_lowercase();
    for (other, target) in OTHER_GAMES {
        assert!(
            book.contains(&target.replace('-', " ")),
            "`{target}` (for `{other}`) is not among the book's lines in rulebook-words.txt"
        );
        assert_eq!(book_word(other), Some(*target));
        assert_eq!(
            book_word(&other.to_uppercase().replace('-', " ")),
            Some(*target)
        );
        // Not a word lairsmith already takes, in any vocabulary: then it needs no suggestion.
        let accepted: Vec<&str> = suggestions(other, other).iter().map(|(f, _)| *f).collect();
        assert!(
            accepted.is_empty(),
            "`{other}` is accepted as a {accepted:?}; it does not belong in the table"
        );
        // Each vocabulary that holds the target offers it for the other game's word.
        for (field, suggested) in suggestions(target, other) {
            assert_eq!(
                suggested.as_deref(),
                Some(*target),
                "the {field} vocabulary's suggestion for `{other}`"
            );
        }
    }
}

#[test]
fn words_from_other_games_thievery_is_sleight_of_hand_not_history() {
    let e = Skill::parse("thievery").unwrap_err();
    assert_eq!(e.suggestion.as_deref(), Some("sleight-of-hand"));
    assert!(
        e.to_string().contains("(did you mean `sleight-of-hand`?)"),
        "{e}"
    );
    assert_eq!(
        Role::parse("brute").unwrap_err().suggestion.as_deref(),
        Some("wrecker")
    );
    assert_eq!(
        Condition::parse("immobilized")
            .unwrap_err()
            .suggestion
            .as_deref(),
        Some("immobile")
    );
}
