//! A seeded mix of challenge ratings for a 3rd-edition encounter that lands in a difficulty
//! band (D4, D6): with no 3rd-edition bestiary to draw from, the generator proposes foes by CR
//! ("2 × CR 5 + 1 × CR 3") and the GM picks the creatures.

use crate::encounter::count::{Count, CountError};
use crate::encounter::file::{Encounter, Group, GroupError, System};
use crate::encounter::party::Party;
use crate::encounter::rating::d20e3::party_level;
use crate::rules::d20e3::{self, Cell, Cr, PartyLevel, band, encounter_level};
use crate::rules::difficulty::Difficulty;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// How many mixes are tried before the closest is kept.
const ATTEMPTS: usize = 500;
/// The CRs used lie within this many of the party level (and are numeric cells).
const CR_SPREAD: i32 = 4;

/// Why a 3rd-edition encounter could not be generated; each message is the sentence the user
/// sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Generate3eError {
    /// The party's levels do not give a party level of the award table (D1, D2).
    #[error(transparent)]
    PartyLevel(#[from] d20e3::D20e3Error),
    /// No CR within 4 of the party level has a number in the Experience Point Awards table.
    #[error(
        "the Experience Point Awards table has no CR within {CR_SPREAD} of party level {level}"
    )]
    NoCr {
        /// The party level the table was read at.
        level: PartyLevel,
    },
    /// A count of the mix out of range; a mix holds at most 20 foes, far below the most a
    /// group holds.
    #[error(transparent)]
    Count(#[from] CountError),
    /// A group of the mix the encounter refused.
    #[error(transparent)]
    Group(#[from] GroupError),
}

/// Lets code that still reports errors as sentences use `?` on these.
impl From<Generate3eError> for String {
    fn from(e: Generate3eError) -> String {
        e.to_string()
    }
}

/// What the generator made.
#[derive(Debug, Clone)]
pub struct Generated3e {
    /// The 3rd-edition encounter: one `cr:` group per challenge rating of the mix, the highest
    /// first.
    pub encounter: Encounter,
    /// Whether the band was reached; when not, the closest mix found is kept.
    pub met: bool,
}

/// The mix in words: "2 × CR 5 + 1 × CR 3".
pub fn describe(e: &Encounter) -> String {
    e.groups
        .iter()
        .filter_map(|g| g.cr.map(|cr| format!("{} × CR {cr}", g.count.get())))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Generates a 3rd-edition encounter for `party` in the band `difficulty`, with at most
/// `max_foes` foes, the same for the same seed.
pub fn generate(
    name: &str,
    party: &Party,
    difficulty: Difficulty,
    max_foes: u32,
    seed: u64,
) -> Result<Generated3e, Generate3eError> {
    let level = party_level(party)?;
    let max_foes = max_foes.clamp(1, 20);
    let crs: Vec<u8> = (1..=d20e3::MAX_CR)
        .filter(|cr| (i32::from(*cr) - i32::from(level.get())).abs() <= CR_SPREAD)
        .filter(|cr| matches!(d20e3::cell(level, *cr), Cell::Xp(_)))
        .collect();
    if crs.is_empty() {
        return Err(Generate3eError::NoCr { level });
    }
    let mut rng = StdRng::seed_from_u64(seed);
    let mut best: Option<(i32, Vec<(u8, u32)>)> = None;
    for _ in 0..ATTEMPTS {
        let mix = random_mix(&mut rng, &crs, max_foes);
        let distance = distance_to_band(level, &mix, difficulty);
        if best.as_ref().is_none_or(|(d, _)| distance < *d) {
            best = Some((distance, mix));
        }
        if distance == 0 {
            break;
        }
    }
    let (distance, mix) = best.expect("at least one attempt");
    let mut e = Encounter::new(name, party);
    e.system = System::D20e3;
    for (cr, count) in mix {
        let count = Count::new(i64::from(count))?;
        e.add(Group::cr(Cr::Whole(cr), count))?;
    }
    e.groups.sort_by(|a, b| {
        b.cr.map(Cr::value)
            .partial_cmp(&a.cr.map(Cr::value))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    Ok(Generated3e {
        encounter: e,
        met: distance == 0,
    })
}

/// One to three kinds of foe, each a CR from `crs` and a count, at most `max_foes` in all.
fn random_mix(rng: &mut StdRng, crs: &[u8], max_foes: u32) -> Vec<(u8, u32)> {
    let kinds = rng.random_range(1..=3u32.min(max_foes));
    let mut left = max_foes;
    let mut mix: Vec<(u8, u32)> = Vec::new();
    for k in 0..kinds {
        if left == 0 {
            break;
        }
        let cr = crs[rng.random_range(0..crs.len())];
        let most = left - (kinds - k - 1).min(left.saturating_sub(1));
        let count = rng.random_range(1..=most.clamp(1, 4));
        left -= count;
        match mix.iter_mut().find(|(c, _)| *c == cr) {
            Some((_, n)) => *n += count,
            None => mix.push((cr, count)),
        }
    }
    mix
}

/// How many encounter levels the mix is from the band (0: inside it).
fn distance_to_band(level: PartyLevel, mix: &[(u8, u32)], target: Difficulty) -> i32 {
    let xp: u64 = mix
        .iter()
        .map(|(cr, n)| match d20e3::cell(level, *cr) {
            Cell::Xp(x) => u64::from(x) * u64::from(*n),
            _ => 0,
        })
        .sum();
    let Some(el) = encounter_level(level, xp) else {
        return i32::MAX;
    };
    let offset = i32::from(el) - i32::from(level.get());
    if band(offset) == target {
        return 0;
    }
    let b = d20e3::BANDS[target as usize];
    let below = b.min_offset.map_or(0, |m| (m - offset).max(0));
    let above = b.max_offset.map_or(0, |m| (offset - m).max(0));
    below + above
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Level;

    #[test]
    fn callers_can_tell_the_kinds_of_generate3e_error_apart() {
        let party = Party::uniform(4, Level::new(25).unwrap());
        let e = generate("x", &party, Difficulty::Standard, 8, 7).unwrap_err();
        assert!(matches!(
            e,
            Generate3eError::PartyLevel(d20e3::D20e3Error::PartyLevelOutOfRange { level: 25 })
        ));
        assert_eq!(
            e.to_string(),
            d20e3::D20e3Error::PartyLevelOutOfRange { level: 25 }.to_string()
        );
        let level = PartyLevel::new(5).unwrap();
        assert_eq!(
            Generate3eError::NoCr { level }.to_string(),
            "the Experience Point Awards table has no CR within 4 of party level 5"
        );
        assert!(matches!(
            Generate3eError::from(CountError::OutOfRange { given: 0 }),
            Generate3eError::Count(_)
        ));
    }

    #[test]
    fn a_generated_mix_lands_in_its_band_and_the_same_seed_gives_the_same_mix() {
        for level in [1, 5, 12, 20] {
            let party = Party::uniform(4, Level::new(level).unwrap());
            for d in [
                Difficulty::Easy,
                Difficulty::Standard,
                Difficulty::Hard,
                Difficulty::Deadly,
            ] {
                let a = generate("x", &party, d, 8, 7).unwrap();
                let b = generate("x", &party, d, 8, 7).unwrap();
                assert_eq!(a.encounter, b.encounter);
                let r = crate::encounter::rating::d20e3::rate(&a.encounter, &party);
                if a.met {
                    assert_eq!(
                        r.difficulty,
                        Some(d),
                        "level {level} {d:?}: {}",
                        describe(&a.encounter)
                    );
                }
                let foes: u32 = a.encounter.groups.iter().map(|g| g.count.get()).sum();
                assert!(foes <= 8);
            }
        }
    }
}
