//! Re-levelling a monster (a new level, and optionally a new rank and role) and what it does to
//! the numbers set by hand. A fixed override keeps its number while the formula moves under
//! it, so a "tougher" HP 60 over a formula's 51 is 15 below the formula's 75 at level 8: the
//! re-level says so for each override, before anything is saved, and can turn the fixed ones
//! into relative ones (`by:`) that keep their margin and follow the monster from then on.
//! `lairsmith relevel` and the UI's re-level form both use this module.

use crate::monster::design::MonsterDesign;
use crate::monster::kit::Templates;
use crate::monster::overrides::{Amount, Target};
use crate::monster::rerank::{PowerChange, rerank};
use crate::monster::statblock::{AppliedOverride, StatBlock};
use crate::monster::template::MonsterTemplates;
use crate::monster::template_apply::derive_with;
use crate::rules::{Level, Rank, Role};
use std::cmp::Ordering;

/// What a re-level asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ask {
    /// The new level, 1 to 30.
    pub level: Level,
    /// The new rank (the old one to keep it); a new rank swaps the kit powers ([`rerank`]).
    pub rank: Rank,
    /// The new role (the old one to keep it); a new role swaps the kit powers.
    pub role: Role,
    /// Turn every fixed override into a relative one first, keeping its margin over (or under)
    /// the formula at the monster's current level, so that it follows the monster.
    pub follow_formula: bool,
}

/// A re-levelled design, and what changed on the way.
#[derive(Debug, Clone)]
pub struct Relevelled {
    /// The re-levelled design, not yet saved.
    pub design: MonsterDesign,
    /// The kit powers the new rank and role swapped ([`rerank`]).
    pub powers: Vec<PowerChange>,
    /// Each override at the old level and at the new one, in the stat block's order.
    pub overrides: Vec<OverrideEffect>,
    /// How many fixed overrides were made relative (with [`Ask::follow_formula`]).
    pub made_relative: usize,
}

/// `design` at `ask`'s level, rank and role. The design is derived before and after with its
/// templates (`lib`), so each override is measured against the formula it really replaces.
pub fn relevel(
    design: &MonsterDesign,
    ask: Ask,
    lib: &MonsterTemplates,
    kits: &Templates,
) -> Relevelled {
    let before = derive_with(design, lib, kits);
    let mut d = design.clone();
    let made_relative = if ask.follow_formula {
        follow_formula(&mut d, &before)
    } else {
        0
    };
    d.level = ask.level;
    let powers = rerank(&mut d, ask.rank, ask.role, kits);
    let after = derive_with(&d, lib, kits);
    Relevelled {
        overrides: override_effects(&before, &after),
        design: d,
        powers,
        made_relative,
    }
}

/// Makes each fixed override of `design` relative, by the margin it has over the formula in
/// `block` (the design's stat block as it stands): at this level nothing changes, and at any
/// other the override keeps that margin. An override a template's power carries is the
/// template's, and stays. Returns how many were changed.
pub(crate) fn follow_formula(design: &mut MonsterDesign, block: &StatBlock) -> usize {
    let mut changed = 0;
    for o in block.overrides.iter().filter(|o| o.by.is_none()) {
        let margin = o.value.saturating_sub(o.formula);
        if !crate::limits::RELATIVE_OVERRIDE.contains(margin) {
            continue;
        }
        let slot = match &o.target {
            Target::Stat(k) => design.overrides.get_mut(k),
            Target::Attack(name) => design
                .powers
                .iter_mut()
                .find(|p| p.name == *name)
                .and_then(|p| p.overrides.attack.as_mut()),
        };
        if let Some(ov) = slot
            && matches!(ov.amount, Amount::Value(_))
        {
            ov.amount = Amount::By(margin);
            changed += 1;
        }
    }
    changed
}

/// One override at the old level and at the new one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverrideEffect {
    /// What the override sets.
    pub target: Target,
    /// `None`: the override is new (a power the new rank or role gives brought it).
    pub before: Option<AppliedOverride>,
    /// `None`: its power was taken off with the old rank's or role's kit.
    pub after: Option<AppliedOverride>,
}

/// Where a fixed override stands against the formula: above, at, below.
fn side(o: &AppliedOverride) -> Ordering {
    o.value.cmp(&o.formula)
}

fn margin(o: &AppliedOverride) -> i64 {
    o.value.saturating_sub(o.formula)
}

/// Pairs the overrides of the stat blocks before and after a re-level by what they set.
pub(crate) fn override_effects(before: &StatBlock, after: &StatBlock) -> Vec<OverrideEffect> {
    let mut out: Vec<OverrideEffect> = before
        .overrides
        .iter()
        .map(|b| OverrideEffect {
            target: b.target.clone(),
            before: Some(b.clone()),
            after: after
                .overrides
                .iter()
                .find(|a| a.target == b.target)
                .cloned(),
        })
        .collect();
    for a in &after.overrides {
        if !before.overrides.iter().any(|b| b.target == a.target) {
            out.push(OverrideEffect {
                target: a.target.clone(),
                before: None,
                after: Some(a.clone()),
            });
        }
    }
    out
}

/// A fixed override that changed sides of the formula: what it was set to do, it no longer does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Crossing {
    /// The margin over the formula before the re-level (negative: under it).
    pub was: i64,
    /// The margin after.
    pub now: i64,
}

impl OverrideEffect {
    /// The override's margin before and after, when it stayed fixed and the re-level took it
    /// from one side of the formula to the other (or onto it). An override that matched the
    /// formula had no side, and gets no warning.
    pub fn crossing(&self) -> Option<Crossing> {
        let (b, a) = (self.before.as_ref()?, self.after.as_ref()?);
        if a.by.is_some() || side(b) == Ordering::Equal || side(a) == side(b) {
            return None;
        }
        Some(Crossing {
            was: margin(b),
            now: margin(a),
        })
    }

    /// One line for the user: the formula before → after, the override's number before →
    /// after and how it is set, and a warning with the way out when it crossed the formula.
    pub fn line(&self) -> String {
        let what = self.target.label();
        let (b, a) = match (&self.before, &self.after) {
            (Some(b), None) => {
                return format!(
                    "{what}: the override ({}) goes with its power, which the new rank or role's kit replaces",
                    b.value
                );
            }
            (None, Some(a)) => {
                return format!(
                    "{what}: formula {}, override {} ({}), which a power of the new rank or role brings",
                    a.formula,
                    a.value,
                    how(a)
                );
            }
            (Some(b), Some(a)) => (b, a),
            (None, None) => return what,
        };
        let mut s = format!(
            "{what}: formula {} → {}, override {} → {} ({})",
            b.formula,
            a.formula,
            b.value,
            a.value,
            match (b.by, a.by) {
                (None, Some(by)) => format!("now by {by:+}, was fixed"),
                _ => how(a),
            }
        );
        if a.clamped {
            let limit = a.target.limit();
            s.push_str(&format!(
                "; held at {}, the end of the range of {} ({})",
                a.value,
                limit.what,
                limit.range_text()
            ));
        }
        if let Some(c) = self.crossing() {
            s.push_str(&format!(
                "; it was {} the formula and is now {} it: {}; `by: {:+}` keeps it {}",
                side_words(c.was),
                side_words(c.now),
                self.consequence(c),
                c.was,
                side_words(c.was)
            ));
        }
        s
    }

    /// What the crossing does, in the stat's own terms: for XP, what the monster is worth
    /// (a lower XP does not make a monster weaker; the encounter budget counts it for less).
    fn consequence(&self, c: Crossing) -> &'static str {
        let stronger = self.target.higher_is_stronger();
        match (c.now.cmp(&0), stronger) {
            (Ordering::Equal, _) => "it does nothing now",
            (Ordering::Less, true) => "it now weakens the monster",
            (Ordering::Greater, true) => "it now strengthens the monster",
            (Ordering::Less, false) => {
                "the encounter budget now counts the monster for less XP than its level and rank give"
            }
            (Ordering::Greater, false) => {
                "the encounter budget now counts the monster for more XP than its level and rank give"
            }
        }
    }
}

/// "fixed", "by +9".
fn how(o: &AppliedOverride) -> String {
    match o.by {
        Some(by) => format!("by {by:+}"),
        None => "fixed".to_owned(),
    }
}

/// "9 above", "on", "15 below" (the formula).
fn side_words(margin: i64) -> String {
    match margin.cmp(&0) {
        Ordering::Greater => format!("{margin} above"),
        Ordering::Equal => "on".to_owned(),
        Ordering::Less => format!("{} below", margin.unsigned_abs()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn applied(target: Target, formula: i64, value: i64, by: Option<i64>) -> AppliedOverride {
        AppliedOverride {
            stat: target.label(),
            formula,
            value,
            by,
            clamped: false,
            reason: String::new(),
            target,
        }
    }

    #[test]
    fn a_fixed_override_the_formula_passed_is_a_crossing_with_the_old_margin() {
        let hp = Target::Stat(crate::monster::overrides::StatKey::Hp);
        let e = OverrideEffect {
            target: hp.clone(),
            before: Some(applied(hp.clone(), 51, 60, None)),
            after: Some(applied(hp, 75, 60, None)),
        };
        assert_eq!(e.crossing(), Some(Crossing { was: 9, now: -15 }));
        assert_eq!(
            e.line(),
            "HP: formula 51 → 75, override 60 → 60 (fixed); it was 9 above the formula and is now 15 below it: it now weakens the monster; `by: +9` keeps it 9 above"
        );
    }

    #[test]
    fn an_xp_override_below_the_formula_is_not_called_weaker() {
        let xp = Target::Stat(crate::monster::overrides::StatKey::Xp);
        let e = OverrideEffect {
            target: xp.clone(),
            before: Some(applied(xp.clone(), 150, 400, None)),
            after: Some(applied(xp, 500, 400, None)),
        };
        assert!(!e.line().contains("weakens"), "{}", e.line());
        assert!(e.line().contains("for less XP"), "{}", e.line());
    }
}
