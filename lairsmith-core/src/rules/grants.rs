//! What sources and tags grant (L1764-1798, L1834, R9): resistances and vulnerabilities of
//! value X, and the special defenses Incorporeal and Reactive Resistance.

use crate::rules::creature::{DamageType, Source, Tag};
use crate::rules::level::Level;

/// What a resistance or vulnerability applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Against {
    /// A damage type: "resist 5 fire".
    Damage(DamageType),
    /// R9: a swarm's resistances are by attack origin, not damage type (L1798).
    Origin(AttackOrigin),
}

impl Against {
    /// The word files and stat blocks use: a damage type's key, or `melee`, `ranged`, `near`,
    /// `far`.
    pub fn key(self) -> &'static str {
        use crate::vocab::Vocabulary;
        match self {
            Against::Damage(d) => d.key(),
            Against::Origin(o) => o.key(),
        }
    }
}

/// Written by its key, as files and stat blocks say it.
impl serde::Serialize for Against {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

impl std::fmt::Display for Against {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

/// The four attack origins a swarm cares about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AttackOrigin {
    /// Melee attacks.
    Melee,
    /// Ranged attacks.
    Ranged,
    /// Near attacks (∢), which target every creature in their area.
    Near,
    /// Far attacks, which target every creature in their area.
    Far,
}

impl AttackOrigin {
    /// The origin's word, as files and stat blocks write it.
    pub fn key(self) -> &'static str {
        match self {
            AttackOrigin::Melee => "melee",
            AttackOrigin::Ranged => "ranged",
            AttackOrigin::Near => "near",
            AttackOrigin::Far => "far",
        }
    }
}

/// One thing a source or tag grants. `X` values are resolved at the monster's level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Grant {
    /// Resistance X: X less damage from what it is against (the highest resistance applies).
    Resist(Against),
    /// Vulnerability X: X more damage from what it is against.
    Vulnerable(Against),
    /// Reactive Resistance X (L1675), granted by the Demon tag (L1777).
    ReactiveResistance,
    /// Incorporeal: half damage from all attacks (L1674), granted by spirit undead (L1781).
    Incorporeal,
}

use AttackOrigin as O;
use DamageType as D;
use Grant::*;

// Enum constructors (not const fn calls) so the slices below are promoted to 'static.
macro_rules! r {
    ($d:ident) => {
        Resist(Against::Damage(D::$d))
    };
}
macro_rules! v {
    ($d:ident) => {
        Vulnerable(Against::Damage(D::$d))
    };
}

/// L1764-1769.
pub fn source_grants(source: Source) -> &'static [Grant] {
    match source {
        Source::Cosmic => &[r!(Radiant), v!(Psychic)],
        Source::Elemental | Source::Natural => &[],
        Source::Outsider => &[r!(Radiant), v!(Necrotic)],
        Source::Fey => &[v!(Poison)],
        Source::Shadow => &[r!(Necrotic), v!(Radiant)],
    }
}

/// L1777-1798 and L1834.
pub fn tag_grants(tag: Tag) -> &'static [Grant] {
    match tag {
        Tag::Demon => &[ReactiveResistance],
        Tag::Devil => &[r!(Fire)],
        Tag::Undead => &[r!(Poison), v!(Radiant)],
        Tag::UndeadSpirit => &[Incorporeal, v!(Radiant)],
        Tag::Construct => &[r!(Poison), r!(Psychic), v!(Acid)],
        Tag::Water => &[r!(Acid)],
        Tag::Fire => &[r!(Fire), v!(Cold)],
        Tag::Cold => &[r!(Cold), v!(Fire)],
        Tag::Ooze => &[r!(Acid)],
        Tag::Plant => &[r!(Radiant), r!(Psychic), v!(Poison), v!(Fire)],
        Tag::Swarm => &[
            Resist(Against::Origin(O::Melee)),
            Resist(Against::Origin(O::Ranged)),
            Vulnerable(Against::Origin(O::Near)),
            Vulnerable(Against::Origin(O::Far)),
        ],
        Tag::Blind => &[r!(Radiant)],
        Tag::Air
        | Tag::Aquatic
        | Tag::Celestial
        | Tag::Dragon
        | Tag::Earth
        | Tag::Giant
        | Tag::Mount
        | Tag::Reptile
        | Tag::Shapechanger
        | Tag::Spider => &[],
    }
}

/// The grants of a design's (or a template's) own resistance and vulnerability lists.
pub fn damage_grants<'a>(
    resist: &'a [DamageType],
    vulnerable: &'a [DamageType],
) -> impl Iterator<Item = Grant> + 'a {
    resist
        .iter()
        .map(|d| Resist(Against::Damage(*d)))
        .chain(vulnerable.iter().map(|d| Vulnerable(Against::Damage(*d))))
}

/// A resolved resistance or vulnerability.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Resistance {
    /// What it applies to.
    pub against: Against,
    /// X, from the monster's level: 5 at levels 1-10, 10 at 11-20, 15 at 21-30 (R9).
    pub value: u32,
}

/// Everything granted to one monster, de-duplicated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Granted {
    /// The resistances, one per damage type or origin, the highest kept.
    pub resistances: Vec<Resistance>,
    /// The vulnerabilities, one per damage type or origin, the highest kept.
    pub vulnerabilities: Vec<Resistance>,
    /// Reactive Resistance X, if a tag grants it; X at the monster's level.
    pub reactive_resistance: Option<u32>,
    /// Whether the monster is incorporeal: half damage from all attacks.
    pub incorporeal: bool,
}

/// R9: several grants against the same thing are one entry of value X (the highest applies,
/// L1238), never 2X; a resistance and a vulnerability to the same type both stay.
pub fn resolve_grants<'a>(level: Level, grants: impl IntoIterator<Item = &'a Grant>) -> Granted {
    let x = level.resistance_x();
    let mut out = Granted::default();
    for g in grants {
        match *g {
            Resist(a) => push_once(&mut out.resistances, a, x),
            Vulnerable(a) => push_once(&mut out.vulnerabilities, a, x),
            ReactiveResistance => out.reactive_resistance = Some(x),
            Incorporeal => out.incorporeal = true,
        }
    }
    out.resistances.sort_by_key(|r| r.against);
    out.vulnerabilities.sort_by_key(|r| r.against);
    out
}

fn push_once(list: &mut Vec<Resistance>, against: Against, value: u32) {
    match list.iter_mut().find(|r| r.against == against) {
        Some(existing) => existing.value = existing.value.max(value),
        None => list.push(Resistance { against, value }),
    }
}

/// Describes grants at a level for pickers: "resist fire 5, vulnerable cold 5".
pub fn describe_grants(level: Level, grants: &[Grant]) -> String {
    let x = level.resistance_x();
    let parts: Vec<String> = grants
        .iter()
        .map(|g| match g {
            Resist(a) => format!("resist {a} {x}"),
            Vulnerable(a) => format!("vulnerable {a} {x}"),
            ReactiveResistance => format!("reactive resistance {x}"),
            Incorporeal => "incorporeal".to_owned(),
        })
        .collect();
    if parts.is_empty() {
        "no resistances".to_owned()
    } else {
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lvl(n: i64) -> Level {
        Level::new(n).unwrap()
    }

    #[test]
    fn r9_same_type_from_two_grants_is_one_entry_of_x() {
        // Devil and Fire both resist fire: one entry of X, not 2X.
        let grants: Vec<Grant> = tag_grants(Tag::Devil)
            .iter()
            .chain(tag_grants(Tag::Fire))
            .copied()
            .collect();
        let g = resolve_grants(lvl(12), &grants);
        assert_eq!(
            g.resistances,
            vec![Resistance {
                against: Against::Damage(D::Fire),
                value: 10
            }]
        );
        assert_eq!(
            g.vulnerabilities,
            vec![Resistance {
                against: Against::Damage(D::Cold),
                value: 10
            }]
        );
    }

    #[test]
    fn r9_resistance_and_vulnerability_to_one_type_both_stay() {
        let grants: Vec<Grant> = tag_grants(Tag::Fire)
            .iter()
            .chain(tag_grants(Tag::Cold))
            .copied()
            .collect();
        let g = resolve_grants(lvl(3), &grants);
        assert_eq!(g.resistances.len(), 2);
        assert_eq!(g.vulnerabilities.len(), 2);
    }

    #[test]
    fn r9_swarm_resists_by_origin() {
        let g = resolve_grants(lvl(21), tag_grants(Tag::Swarm));
        let keys: Vec<&str> = g.resistances.iter().map(|r| r.against.key()).collect();
        assert_eq!(keys, ["melee", "ranged"]);
        assert!(g.vulnerabilities.iter().all(|v| v.value == 15));
    }

    #[test]
    fn r9_two_undead_variants() {
        let body = resolve_grants(lvl(5), tag_grants(Tag::Undead));
        assert!(!body.incorporeal);
        assert_eq!(body.resistances[0].against, Against::Damage(D::Poison));
        let spirit = resolve_grants(lvl(5), tag_grants(Tag::UndeadSpirit));
        assert!(spirit.incorporeal);
        assert!(spirit.resistances.is_empty());
        assert_eq!(
            spirit.vulnerabilities[0].against,
            Against::Damage(D::Radiant)
        );
    }
}
