//! The small hashes and the seed sequence, written once: FNV-1a for a file's fingerprint and a
//! word's share of a seed, splitmix64 for seeds that must differ in every bit. Both are fixed
//! by their definitions, so a seed gives the same monsters and treasure on every machine and in
//! every version; `rand`'s generators make no such promise across versions.

/// FNV-1a (64 bits) of `bytes`.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// XXH3 (64 bits, seed 0) of `bytes`: the published algorithm, at memory speed, for hashes of
/// whole files (a file's fingerprint, a fight file's check) that are taken at every step.
pub(crate) fn xxh3(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes)
}

/// [`xxh3`] over several pieces, as if they were one.
pub(crate) fn xxh3_of(pieces: &[&[u8]]) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    for p in pieces {
        h.update(p);
    }
    h.digest()
}

/// The next number of the splitmix64 sequence whose state is `state`, which it advances.
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hashes_are_their_published_values() {
        // FNV-1a's offset basis for the empty input, and its test vector for "a".
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        // splitmix64 from state 0 (the reference implementation's first output).
        assert_eq!(splitmix64(&mut 0), 0xe220_a839_7b1d_cdaf);
    }
}
