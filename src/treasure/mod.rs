//! TEMPORARY (replaced by the treasure helper's module on merge).

crate::vocabulary! {
    /// T1: the book's four ways to hand out treasure.
    pub enum Method ("treasure method") {
        Steady = ("steady", "steady progression"),
        ItemsOnly = ("items-only", "magic items only"),
        Troves = ("troves", "treasure troves"),
        Narrative = ("narrative", "narrative play"),
    }
}
