//! Closed vocabularies (roles, ranks, sources, tags, ...): parsing that is case-insensitive,
//! accepts the book's alternative names, and explains a miss with the valid values and the
//! closest one.

pub mod other_games;
pub mod pattern;

use std::fmt;

/// A value from one of the book's closed word lists.
pub trait Vocabulary: Sized + Copy + PartialEq + 'static {
    /// What the field is called in messages ("role", "damage type").
    const FIELD: &'static str;
    /// Every value, in the order the book lists them.
    const ALL: &'static [Self];
    /// The canonical lower-case key, as written in files and on the command line.
    fn key(self) -> &'static str;
    /// The display name, as printed in stat blocks.
    fn label(self) -> &'static str;
    /// Other spellings accepted on input (already lower-case), mapped to their canonical value.
    fn aliases() -> &'static [(&'static str, Self)] {
        &[]
    }

    /// Every spelling [`Vocabulary::parse`] reads as `value`, normalised as it compares them
    /// (ASCII lower case, `-` for `_` and a space): its key, its label and its aliases.
    fn spellings_of(value: Self) -> Vec<String> {
        let mut all: Vec<String> = [value.key(), value.label()]
            .into_iter()
            .chain(
                Self::aliases()
                    .iter()
                    .filter(|(_, v)| *v == value)
                    .map(|(a, _)| *a),
            )
            .map(normalise)
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// The value `input` names, as [`Vocabulary::parse`] reads it, without explaining a
    /// miss: for callers that only ask whether text is one of the words (explaining costs an
    /// edit distance to every word).
    fn find(input: &str) -> Option<Self> {
        let wanted = normalise(input);
        let is = |spelling: &str| normalised(spelling).eq(wanted.chars());
        Self::ALL
            .iter()
            .copied()
            .find(|v| is(v.key()) || is(v.label()))
            .or_else(|| {
                Self::aliases()
                    .iter()
                    .find(|(alias, _)| is(alias))
                    .map(|(_, v)| *v)
            })
    }

    /// Parses a value, ignoring case, surrounding spaces, and `_`/space versus `-`.
    fn parse(input: &str) -> Result<Self, UnknownValue> {
        Self::find(input).ok_or_else(|| {
            let mut err = UnknownValue::new(Self::FIELD, input, Self::ALL.iter().map(|v| v.key()));
            if err.suggestion.is_none() {
                // An alias can be the nearest word ("lurk" is close to "lurker", a skulker).
                err.suggestion = closest(input, Self::aliases().iter().map(|(a, _)| *a))
                    .and_then(|a| Self::aliases().iter().find(|(x, _)| *x == a))
                    .map(|(_, v)| v.key().to_owned());
            }
            err
        })
    }
}

fn normalise(s: &str) -> String {
    normalised(s).collect()
}

/// [`normalise`] without the copy: comparing a word with each of a vocabulary's spellings
/// allocated one string per spelling, for every word of every monster file read.
fn normalised(s: &str) -> impl Iterator<Item = char> + '_ {
    s.trim().chars().map(|c| match c {
        '_' | ' ' => '-',
        c => c.to_ascii_lowercase(),
    })
}

/// A word that is not in its vocabulary: carries the valid values and a suggestion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownValue {
    /// The vocabulary's name, as the message calls it: "role", "damage tier", "sense".
    pub field: &'static str,
    /// The word as the user wrote it.
    pub given: String,
    /// The valid words, as the message lists them.
    pub valid: Vec<String>,
    /// The closest valid key, if one is near enough to be a likely typo (by edit distance).
    pub suggestion: Option<String>,
    /// The word is known but its number is outside its range: this sentence says so instead.
    pub out_of_range: Option<String>,
}

impl UnknownValue {
    /// A known word with a number outside its range ("blindsight 5000").
    pub(crate) fn out_of_range(field: &'static str, given: &str, sentence: String) -> Self {
        UnknownValue {
            field,
            given: given.to_owned(),
            valid: Vec::new(),
            suggestion: None,
            out_of_range: Some(sentence),
        }
    }

    /// A word `given` that is none of `valid`, with the closest of them as a suggestion.
    pub fn new<'a>(
        field: &'static str,
        given: &str,
        valid: impl IntoIterator<Item = &'a str>,
    ) -> Self {
        let valid: Vec<String> = valid.into_iter().map(str::to_owned).collect();
        let suggestion = closest(given, valid.iter().map(String::as_str)).map(str::to_owned);
        UnknownValue {
            field,
            given: given.to_owned(),
            valid,
            suggestion,
            out_of_range: None,
        }
    }
}

impl fmt::Display for UnknownValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(sentence) = &self.out_of_range {
            return write!(f, "{} `{}`: {sentence}", self.field, self.given);
        }
        write!(
            f,
            "unknown {} `{}`{}; valid values: {}",
            self.field,
            self.given,
            did_you_mean(&self.suggestion),
            self.valid.join(", ")
        )
    }
}

impl std::error::Error for UnknownValue {}

/// What an error adds after an unknown word: " (did you mean `fire`?)" for one near word,
/// " (did you mean `a`, `b`?)" for several, nothing when none is near. Every did-you-mean of
/// lairsmith's messages is written here, so they all read alike.
pub fn did_you_mean<S: AsRef<str>>(near: impl IntoIterator<Item = S>) -> String {
    let near: Vec<S> = near.into_iter().collect();
    if near.is_empty() {
        return String::new();
    }
    let words: Vec<&str> = near.iter().map(AsRef::as_ref).collect();
    format!(" (did you mean `{}`?)", words.join("`, `"))
}

/// The candidate closest to `given` by edit distance, if it is close enough to be a plausible
/// typo (or `given` is a prefix of it); first, the book's word when `given` is another game's
/// ([`other_games`]) and that word is a candidate.
pub fn closest<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let candidates: Vec<&'a str> = candidates.into_iter().collect();
    // Another game's word for one of these is the one meant, however far its spelling.
    if let Some(book) = other_games::book_word(given)
        && let Some(c) = candidates.iter().find(|c| normalise(c) == book)
    {
        return Some(c);
    }
    let given = given.trim().to_lowercase();
    if given.is_empty() {
        return None;
    }
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let lc = c.to_lowercase();
        let d = if lc.starts_with(&given) || given.starts_with(&lc) {
            0
        } else {
            edit_distance(&given, &lc)
        };
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    let limit = (given.chars().count() / 2).max(2);
    best.filter(|(d, _)| *d <= limit).map(|(_, c)| c)
}

/// Up to `n` candidates nearest to `given` by edit distance, nearest first, each close enough
/// to be a plausible typo: for "did you mean" lists of ids.
pub(crate) fn nearest<'a>(
    given: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    n: usize,
) -> Vec<&'a str> {
    let mut scored: Vec<(usize, &str)> = candidates
        .into_iter()
        .map(|c| (edit_distance(given, c), c))
        .collect();
    scored.sort();
    let limit = (given.len() / 2).max(3);
    scored
        .into_iter()
        .filter(|(d, _)| *d <= limit)
        .take(n)
        .map(|(_, s)| s)
        .collect()
}

/// Levenshtein distance over characters.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Steps an optional value through a vocabulary: none, then each value in book order, then
/// none again (`forward`), or the other way round. For pickers and filters.
pub fn cycle_option<T: Vocabulary>(current: Option<T>, forward: bool) -> Option<T> {
    let all = T::ALL;
    let i = current.and_then(|c| all.iter().position(|x| *x == c));
    match (i, forward) {
        (None, true) => all.first().copied(),
        (None, false) => all.last().copied(),
        (Some(i), true) => all.get(i + 1).copied(),
        (Some(0), false) => None,
        (Some(i), false) => all.get(i - 1).copied(),
    }
}

/// Steps a value through a vocabulary, wrapping around.
pub fn cycle<T: Vocabulary>(current: T, forward: bool) -> T {
    let all = T::ALL;
    let i = all.iter().position(|x| *x == current).unwrap_or(0);
    let n = all.len();
    all[if forward {
        (i + 1) % n
    } else {
        (i + n - 1) % n
    }]
}

/// Serde support for a [`Vocabulary`]: written as its key, read through [`Vocabulary::parse`]
/// inside the deserializer so that a bad value is reported with its line and column.
pub struct VocabVisitor<T>(std::marker::PhantomData<T>);

impl<T> Default for VocabVisitor<T> {
    fn default() -> Self {
        VocabVisitor(std::marker::PhantomData)
    }
}

impl<T: Vocabulary> serde::de::Visitor<'_> for VocabVisitor<T> {
    type Value = T;
    /// A list or a mapping where a word belongs is answered with the words it may be.
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let keys: Vec<&str> = T::ALL.iter().map(|v| v.key()).collect();
        write!(
            f,
            "{} {}, one of: {}",
            crate::text::article(T::FIELD),
            T::FIELD,
            keys.join(", ")
        )
    }
    fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<T, E> {
        T::parse(v).map_err(E::custom)
    }
    fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<T, E> {
        // YAML 1.1 readers turn `yes`/`no` into booleans; treat them as the words they were.
        self.visit_str(if v { "true" } else { "false" })
    }
}

/// Reads a mapping keyed by words of `K` (`overrides:`, `powers_by_role:`), refusing two keys
/// that name one word (`hp` and `HP`), of which the second would silently replace the first.
pub(crate) fn unique_keys<'de, D, K, V>(d: D) -> Result<std::collections::BTreeMap<K, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    K: Vocabulary + Ord,
    V: serde::Deserialize<'de>,
{
    struct Keyed<K, V>(std::marker::PhantomData<(K, V)>);
    impl<'de, K: Vocabulary + Ord, V: serde::Deserialize<'de>> serde::de::Visitor<'de> for Keyed<K, V> {
        type Value = std::collections::BTreeMap<K, V>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(
                f,
                "a mapping keyed by {} {}",
                crate::text::article(K::FIELD),
                K::FIELD
            )
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            use serde::de::Error;
            let mut out = std::collections::BTreeMap::new();
            let mut given: Vec<(K, String)> = Vec::new();
            while let Some(key) = map.next_key::<String>()? {
                let k = K::parse(&key).map_err(A::Error::custom)?;
                if let Some((_, first)) = given.iter().find(|(g, _)| *g == k) {
                    return Err(A::Error::custom(format!(
                        "`{key}` and `{first}` are one {} (`{}`); keep one of them",
                        K::FIELD,
                        k.key()
                    )));
                }
                given.push((k, key));
                out.insert(k, map.next_value()?);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Keyed(std::marker::PhantomData))
}

/// The JSON Schema of a vocabulary. The reader takes a word in any case, with `_` or a space for
/// `-`, and its labels and aliases too; the schema accepts the same (a pattern built from the
/// same spellings), and offers the keys, as files are written, for completion (an `enum`).
pub fn vocabulary_schema<T: Vocabulary>() -> schemars::Schema {
    let keys: Vec<&str> = T::ALL.iter().map(|v| v.key()).collect();
    let what = format!(
        "{} {}",
        if crate::text::article(T::FIELD) == "an" {
            "An"
        } else {
            "A"
        },
        T::FIELD
    );
    schemars::json_schema!({
        "type": "string",
        "description": format!("{what}: {} (any case).", keys.join(", ")),
        "anyOf": [
            { "enum": keys },
            {
                "pattern": pattern::vocabulary::<T>(),
                "patternErrorMessage": format!("unknown {}; valid values: {}", T::FIELD, keys.join(", ")),
            },
        ],
    })
}

/// A string in a closed set of words: `keys` offered for completion, `pattern` (what the reader
/// takes: any case, other spellings, numbers) deciding. `patternErrorMessage` (read by
/// yaml-language-server and VS Code) says in words what the pattern says in characters.
pub(crate) fn word_schema(description: &str, keys: &[String], pattern: String) -> schemars::Schema {
    schemars::json_schema!({
        "type": "string",
        "description": description,
        "anyOf": [
            { "enum": keys },
            { "pattern": pattern, "patternErrorMessage": description },
        ],
    })
}

/// A `String` field that holds a word of `T` (read through `T::parse` after serde).
pub(crate) fn vocabulary_of<T: Vocabulary>(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    vocabulary_schema::<T>()
}

/// The keys of `values`, as files write them.
pub(crate) fn keys_of<T: Vocabulary>(values: &[T]) -> Vec<String> {
    values.iter().map(|v| v.key().to_owned()).collect()
}

/// A mapping whose keys are words of `K` (read through `K::parse`: any case, any spelling) and
/// whose values are `value` of the key: each key's schema under its key for completion, and
/// under the pattern of its spellings for the rest.
pub(crate) fn keyed_by<K: Vocabulary>(value: impl Fn(K) -> serde_json::Value) -> schemars::Schema {
    let mut properties = serde_json::Map::new();
    let mut spelled = serde_json::Map::new();
    for k in K::ALL {
        properties.insert(k.key().to_owned(), value(*k));
        spelled.insert(pattern::vocabulary_value(*k), value(*k));
    }
    schemars::json_schema!({
        "type": "object",
        "properties": properties,
        "patternProperties": spelled,
        "additionalProperties": false,
    })
}

// The crates the `vocabulary!` macro's expansion names, so that a crate using the macro needs
// neither as a dependency of its own.
#[doc(hidden)]
pub use schemars as __schemars;
#[doc(hidden)]
pub use serde as __serde;

/// Declares a vocabulary enum: variants with their key and label, optional aliases, and the
/// serde, `FromStr` and JSON Schema implementations.
#[macro_export]
macro_rules! vocabulary {
    (
        $(#[$meta:meta])*
        pub enum $name:ident ($field:literal) {
            $( $(#[$vmeta:meta])* $variant:ident = ($key:literal, $label:literal) ),+ $(,)?
        }
        $( aliases { $( $alias:literal => $target:ident ),* $(,)? } )?
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $(
                $(#[$vmeta])*
                #[doc = ""]
                #[doc = concat!("Written `", $key, "` in files; shown as \"", $label, "\".")]
                $variant
            ),+
        }

        impl $crate::vocab::Vocabulary for $name {
            const FIELD: &'static str = $field;
            const ALL: &'static [Self] = &[ $( $name::$variant ),+ ];
            fn key(self) -> &'static str { match self { $( $name::$variant => $key ),+ } }
            fn label(self) -> &'static str { match self { $( $name::$variant => $label ),+ } }
            fn aliases() -> &'static [(&'static str, Self)] {
                &[ $( $( ($alias, $name::$target) ),* )? ]
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::vocab::Vocabulary::label(*self))
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::vocab::UnknownValue;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                <$name as $crate::vocab::Vocabulary>::parse(s)
            }
        }

        impl $crate::vocab::__serde::Serialize for $name {
            fn serialize<S: $crate::vocab::__serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str($crate::vocab::Vocabulary::key(*self))
            }
        }

        impl<'de> $crate::vocab::__serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::vocab::__serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_str($crate::vocab::VocabVisitor::<$name>::default())
            }
        }

        impl $crate::vocab::__schemars::JsonSchema for $name {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }
            fn schema_id() -> std::borrow::Cow<'static, str> {
                concat!(module_path!(), "::", stringify!($name)).into()
            }
            fn json_schema(_: &mut $crate::vocab::__schemars::SchemaGenerator) -> $crate::vocab::__schemars::Schema {
                $crate::vocab::vocabulary_schema::<$name>()
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_distance_counts_single_edits() {
        assert_eq!(edit_distance("skulker", "skulker"), 0);
        assert_eq!(edit_distance("skulkr", "skulker"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn closest_prefers_near_misses_and_rejects_nonsense() {
        let roles = [
            "archer", "blocker", "skulker", "spoiler", "striker", "wrecker",
        ];
        assert_eq!(closest("skulkr", roles), Some("skulker"));
        assert_eq!(closest("wreker", roles), Some("wrecker"));
        assert_eq!(closest("arch", roles), Some("archer"));
        assert_eq!(closest("zzzzzzzzzz", roles), None);
    }
}
