//! The book's four ways to hand out treasure ("Distributing Magic Items", T1), as words: an
//! encounter file and an adventure file each name one, and the treasure module computes them.

use crate::vocabulary;

vocabulary! {
    /// The book's four options for distributing magic items (T1).
    pub enum Method ("treasure method") {
        /// `steady`: each encounter, E5's gold per character and, for each character, a 1-in-12
        /// chance of a permanent item of their level +1d4.
        Steady = ("steady", "steady progression"),
        /// `items-only`: each level, each character gets one magic item of their level +2 or two of
        /// their level +0, and no other treasure.
        ItemsOnly = ("items-only", "magic item only"),
        /// `troves`: one treasure trove of the party's level per encounter, rolled as T2 (the
        /// book's "about 10" per level).
        Troves = ("troves", "treasure troves"),
        /// `narrative`: nothing is computed; the GM gives treasure as the story earns it.
        Narrative = ("narrative", "narrative play"),
    }
    aliases {
        "magic-items-only" => ItemsOnly,
        "items" => ItemsOnly,
        "trove" => Troves,
    }
}
