//! Reading a bounded number: the serde readers and JSON Schema functions a file's fields name.

#[allow(clippy::wildcard_imports)]
use super::*;

macro_rules! bound {
    ($ty:ident, $limit:ident) => {
        #[doc = concat!("The range [`", stringify!($limit), "`], for serde's `deserialize_with`.")]
        pub struct $ty;
        impl Bound for $ty {
            const LIMIT: Limit = $limit;
        }
    };
}

bound!(AbilityScore, ABILITY_SCORE);
bound!(Speed, SPEED);
bound!(Reach, REACH);
bound!(Regeneration, REGENERATION);
bound!(Telepathy, TELEPATHY);
bound!(Aura, AURA);
bound!(PowerRange, POWER_RANGE);
bound!(Attacks, ATTACKS);
bound!(RefreshFace, REFRESH_FACE);
bound!(GeneratedMonsters, GENERATED_MONSTERS);
bound!(GeneratedOfAKind, GENERATED_OF_A_KIND);
bound!(FightRound, FIGHT_ROUND);
bound!(FightLevel, FIGHT_LEVEL);
bound!(FightEffectNumber, FIGHT_EFFECT_NUMBER);
bound!(FightCoin, FIGHT_COIN);
bound!(FightTally, FIGHT_TALLY);
bound!(FightXpTotal, FIGHT_XP_TOTAL);
bound!(FightXp, FIGHT_XP);
bound!(FightAttacks, FIGHT_ATTACKS);
bound!(CharacterMaxHp, CHARACTER_MAX_HP);
bound!(CharacterHp, CHARACTER_HP);
bound!(CharacterDefense, CHARACTER_DEFENSE);
bound!(CharacterInitiative, CHARACTER_INITIATIVE);
bound!(CharacterSave, CHARACTER_SAVE);
bound!(CharacterRecoveries, CHARACTER_RECOVERIES);
bound!(CharacterRecoveryValue, CHARACTER_RECOVERY_VALUE);
bound!(CharacterActionPoints, CHARACTER_ACTION_POINTS);
bound!(CharacterDeathFailures, CHARACTER_DEATH_FAILURES);
bound!(CharacterPassive, CHARACTER_PASSIVE);
bound!(EncountersSinceRest, ENCOUNTERS_SINCE_REST);

/// A whole number of any width, read as i128 so that `5000000000` or `-2147483649` is refused
/// with the range rather than with serde's words about the field's Rust type.
pub(super) fn read_number<'de, D: Deserializer<'de>>(d: D) -> Result<i128, D::Error> {
    struct V;
    impl serde::de::Visitor<'_> for V {
        type Value = i128;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a whole number")
        }
        fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<i128, E> {
            Ok(i128::from(v))
        }
        fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<i128, E> {
            Ok(i128::from(v))
        }
        fn visit_i128<E: serde::de::Error>(self, v: i128) -> Result<i128, E> {
            Ok(v)
        }
        fn visit_u128<E: serde::de::Error>(self, v: u128) -> Result<i128, E> {
            Ok(i128::try_from(v).unwrap_or(i128::MAX))
        }
    }
    // `deserialize_any`, not `deserialize_i128`: a value inside an internally tagged enum (a
    // fight's step) is buffered first, and the buffer serves any type but i128.
    d.deserialize_any(V)
}

/// Any whole number that fits an i64; larger ones are refused with a sentence, since every
/// range a caller checks afterwards lies far inside.
pub(crate) fn whole_number<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    let n = read_number(d)?;
    i64::try_from(n).map_err(|_| {
        serde::de::Error::custom(format!(
            "{n} is far outside every range lairsmith accepts (the guide's Limits and guarantees page lists them)"
        ))
    })
}

/// Any whole number from 0 that fits a u64 (a seed): others are refused with a sentence rather
/// than with serde's words about the field's Rust type.
pub(crate) fn whole_u64<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let n = read_number(d)?;
    u64::try_from(n).map_err(|_| {
        serde::de::Error::custom(format!(
            "a seed is a whole number from 0 to {}, not {n}",
            u64::MAX
        ))
    })
}

/// [`whole_number`], or none (`~`, or the key left out with `#[serde(default)]`).
pub(crate) fn whole_number_opt<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    #[derive(Deserialize)]
    #[serde(transparent)]
    struct Any(#[serde(deserialize_with = "whole_number")] i64);
    Ok(Option::<Any>::deserialize(d)?.map(|a| a.0))
}

/// Refresh faces: each 1 to 6 ([`REFRESH_FACE`]).
pub(crate) fn refresh_faces<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    #[derive(Deserialize)]
    #[serde(transparent)]
    struct Face(#[serde(deserialize_with = "bounded::<RefreshFace, _, _>")] u8);
    Ok(Vec::<Face>::deserialize(d)?
        .into_iter()
        .map(|f| f.0)
        .collect())
}

pub(super) fn in_range<B: Bound, T: TryFrom<i64>, E: serde::de::Error>(n: i128) -> Result<T, E> {
    let limit = B::LIMIT;
    i64::try_from(n)
        .ok()
        .filter(|v| limit.contains(*v))
        .and_then(|v| T::try_from(v).ok())
        .ok_or_else(|| E::custom(limit.refusal(n)))
}

/// Reads a number within `B`'s range (`#[serde(deserialize_with = "bounded::<B, _, _>")]`).
pub(crate) fn bounded<'de, B: Bound, T: TryFrom<i64>, D: Deserializer<'de>>(
    d: D,
) -> Result<T, D::Error> {
    in_range::<B, T, D::Error>(read_number(d)?)
}

/// Reads any whole number that fits `T`, refusing one that does not with `B`'s range in words
/// (never serde's words about `T`): a caller that checks `B`'s range after reading (where it
/// can point at the value's line) sees every number that fits.
pub(crate) fn fitting<'de, B: Bound, T: TryFrom<i128>, D: Deserializer<'de>>(
    d: D,
) -> Result<T, D::Error> {
    let n = read_number(d)?;
    T::try_from(n).map_err(|_| serde::de::Error::custom(B::LIMIT.refusal(n)))
}

/// [`fitting`], or none (`null`, `~`, or the key left out with `#[serde(default)]`): a caller
/// checks `B`'s range after reading, at the value's own key.
pub(crate) fn fitting_opt<'de, B: Bound, T: TryFrom<i128>, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    #[derive(Deserialize)]
    #[serde(transparent)]
    struct Any(#[serde(deserialize_with = "read_number")] i128);
    match Option::<Any>::deserialize(d)? {
        None => Ok(None),
        Some(Any(n)) => T::try_from(n)
            .map(Some)
            .map_err(|_| serde::de::Error::custom(B::LIMIT.refusal(n))),
    }
}

/// An optional number within `B`'s range; `null` or `~` is none.
pub(crate) fn bounded_opt<'de, B: Bound, T: TryFrom<i64>, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    #[derive(Deserialize)]
    #[serde(transparent)]
    struct Any(#[serde(deserialize_with = "read_number")] i128);
    match Option::<Any>::deserialize(d)? {
        None => Ok(None),
        Some(Any(n)) => in_range::<B, T, D::Error>(n).map(Some),
    }
}

/// A whole number in `B`'s range (`limits`), as [`bounded`] reads it.
pub(crate) fn bounded_schema<B: Bound>(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let l = B::LIMIT;
    schemars::json_schema!({
        "type": "integer",
        "minimum": l.min,
        "maximum": l.max,
        "description": range_words(&l),
    })
}

/// A whole number in `B`'s range or none (`~`), as [`bounded_opt`] reads it.
pub(crate) fn bounded_opt_schema<B: Bound>(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let l = B::LIMIT;
    schemars::json_schema!({
        "type": ["integer", "null"],
        "minimum": l.min,
        "maximum": l.max,
        "description": range_words(&l),
    })
}

/// "A speed: 0 to 100 squares."
pub(super) fn range_words(l: &Limit) -> String {
    let mut what = l.what.to_owned();
    for article in ["an ", "a ", "the "] {
        if let Some(rest) = what.strip_prefix(article) {
            what = rest.to_owned();
        }
    }
    let mut chars = what.chars();
    let what: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    format!("{what}: {}.", l.range_text())
}

/// The schema of one hand-set value, `limit` its range (`MonsterDesign::problems` checks it):
/// exactly one of `value` (the number) and `by` (added to the formula's), as the reader takes.
pub(crate) fn override_schema(limit: &Limit) -> serde_json::Value {
    serde_json::json!({
        "type": "object",
        "description": "A hand-set value with the designer's reason: `value` is the number itself, `by` is added to the formula's number (negative takes from it), so that the override follows the monster's level, rank and role.",
        "properties": {
            "value": {
                "type": "integer",
                "minimum": limit.min,
                "maximum": limit.max,
                "description": range_words(limit),
            },
            "by": {
                "type": "integer",
                "minimum": RELATIVE_OVERRIDE.min,
                "maximum": RELATIVE_OVERRIDE.max,
                "description": format!(
                    "Added to the formula's number; the sum is held to {}",
                    limit.range_text()
                ),
            },
            "reason": { "type": "string" },
        },
        "oneOf": [
            { "required": ["value"] },
            { "required": ["by"] },
        ],
        "additionalProperties": false,
    })
}
