//! The Forge's two forms, as data: the details of a monster and the fields of one power. Each
//! field knows how to show its value, whether it is text, a toggle or a cycle, and how to
//! parse what the GM typed (with the valid values and a suggestion when it is wrong).

use crate::monster::MonsterDesign;
use crate::monster::design::Immunity;
use crate::monster::one_line;
use crate::monster::overrides::StatKey;
use crate::monster::power::{AttackSpec, DamageSpec, Power};
use crate::rules::creature::{Alignment, DamageType};
use crate::rules::damage::{DamageTier, tier_damage};
use crate::rules::power_vocab::{Action, Defense, Origin, PowerTag, Usage};
use crate::rules::senses::{MovementTrait, Sense};
use crate::rules::{Ability, Skill};
use crate::vocab::Vocabulary;

/// How a field is edited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Text,
    Toggle,
    Cycle,
}

fn list<T>(text: &str, parse: impl Fn(&str) -> Result<T, String>) -> Result<Vec<T>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(parse)
        .collect()
}

fn join<T: ToString>(v: &[T]) -> String {
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn opt_number(
    text: &str,
    what: &str,
    range: std::ops::RangeInclusive<i64>,
) -> Result<Option<i64>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let n: i64 = t
        .parse()
        .map_err(|_| format!("{what}: `{t}` is not a whole number"))?;
    if !range.contains(&n) {
        return Err(format!(
            "{what} must be {} to {}",
            range.start(),
            range.end()
        ));
    }
    Ok(Some(n))
}

fn opt_text(text: &str) -> Option<String> {
    let t = text.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

// ---------------------------------------------------------------- details

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail {
    Name,
    Alignment,
    Ability(Ability),
    Skills,
    Senses,
    Movement,
    /// The monster's natural reach (R12), in place of its size's.
    Reach,
    Languages,
    Telepathy,
    Resistances,
    Vulnerabilities,
    Immunities,
    /// Regeneration, staggered or unstaggered (Monster Statistics: Hit Points).
    Regeneration,
    Equipment,
    Description,
    Tactics,
    /// One of the design's traits (auras, passive traits, regeneration...).
    Trait(usize),
    /// The row that adds a trait.
    NewTrait,
    /// One of the design's variants (Monster Statistics: Variants).
    Variant(usize),
    /// The row that adds a variant.
    NewVariant,
    /// A hand-set number in place of a derived one, with its reason.
    Override(StatKey),
}

/// The rows of the Details step: the fixed fields, then one per trait and one to add a trait,
/// then one per overridable number.
pub fn details(d: &MonsterDesign) -> Vec<Detail> {
    let mut v = vec![Detail::Name, Detail::Alignment];
    v.extend(Ability::ALL.iter().map(|a| Detail::Ability(*a)));
    v.extend([
        Detail::Skills,
        Detail::Senses,
        Detail::Movement,
        Detail::Reach,
        Detail::Languages,
        Detail::Telepathy,
        Detail::Resistances,
        Detail::Vulnerabilities,
        Detail::Immunities,
        Detail::Regeneration,
        Detail::Equipment,
        Detail::Description,
        Detail::Tactics,
    ]);
    v.extend((0..d.traits.len()).map(Detail::Trait));
    v.push(Detail::NewTrait);
    v.extend((0..d.variants.len()).map(Detail::Variant));
    v.push(Detail::NewVariant);
    // Reach is the design's own field now; an old file's reach override stays editable.
    v.extend(
        StatKey::ALL
            .iter()
            .filter(|k| **k != StatKey::Reach || d.overrides.contains_key(k))
            .map(|k| Detail::Override(*k)),
    );
    v
}

impl Detail {
    pub fn label(self) -> String {
        match self {
            Detail::Name => "Name".into(),
            Detail::Alignment => "Alignment".into(),
            Detail::Ability(a) => a.label().into(),
            Detail::Skills => "Trained skills".into(),
            Detail::Senses => "Senses".into(),
            Detail::Movement => "Movement".into(),
            Detail::Reach => "Reach".into(),
            Detail::Languages => "Languages".into(),
            Detail::Telepathy => "Telepathy".into(),
            Detail::Resistances => "Extra resist".into(),
            Detail::Vulnerabilities => "Extra vulnerable".into(),
            Detail::Immunities => "Immune".into(),
            Detail::Regeneration => "Regeneration".into(),
            Detail::Equipment => "Equipment".into(),
            Detail::Description => "Description".into(),
            Detail::Tactics => "Tactics".into(),
            Detail::Trait(i) => format!("Trait {}", i + 1),
            Detail::NewTrait => "+ Trait".into(),
            Detail::Variant(i) => format!("Variant {}", i + 1),
            Detail::NewVariant => "+ Variant".into(),
            Detail::Override(k) => format!("{} override", k.label()),
        }
    }

    /// Removes what the row holds, where it can be removed (a trait, an override); returns
    /// whether anything changed.
    pub fn remove(self, d: &mut MonsterDesign) -> bool {
        match self {
            Detail::Trait(i) if i < d.traits.len() => {
                d.traits.remove(i);
                true
            }
            Detail::Variant(i) if i < d.variants.len() => {
                d.variants.remove(i);
                true
            }
            Detail::Regeneration => d.regeneration.take().is_some(),
            Detail::Override(k) => d.overrides.remove(&k).is_some(),
            _ => false,
        }
    }

    pub fn kind(self) -> Kind {
        match self {
            Detail::Alignment => Kind::Cycle,
            _ => Kind::Text,
        }
    }

    /// A hint shown while editing.
    pub fn hint(self) -> &'static str {
        match self {
            Detail::Ability(_) => {
                "a score; empty uses the default (16 + half level on the role's key ability)"
            }
            Detail::Skills => "comma-separated, e.g. stealth, athletics",
            Detail::Senses => "e.g. darkvision, blindsight 10, tremorsense 10",
            Detail::Movement => "e.g. walk 6, fly 8, hover, swamp stride",
            Detail::Languages => "comma-separated, e.g. Common, Goblin",
            Detail::Telepathy => "a range in squares, or empty",
            Detail::Reach => "squares; empty uses the size's (Tiny 0, any other size 1)",
            Detail::Regeneration => super::extras::REGENERATION_HINT,
            Detail::Variant(_) | Detail::NewVariant => super::extras::VARIANT_HINT,
            Detail::Resistances | Detail::Vulnerabilities => {
                "damage types beyond the source's and tags' (value X by level)"
            }
            Detail::Immunities => "damage types or conditions, e.g. poison, dazed",
            Detail::Trait(_) | Detail::NewTrait => super::extras::TRAIT_HINT,
            Detail::Override(_) => super::extras::OVERRIDE_HINT,
            _ => "",
        }
    }

    /// The value as text, for starting an edit.
    pub fn value(self, d: &MonsterDesign) -> String {
        match self {
            Detail::Name => d.name.clone(),
            Detail::Alignment => d.alignment.map_or("(none)".into(), |a| a.label().into()),
            Detail::Ability(a) => d
                .abilities
                .get(a)
                .map(|v| v.to_string())
                .unwrap_or_default(),
            Detail::Skills => d
                .skills
                .iter()
                .map(|s| s.key())
                .collect::<Vec<_>>()
                .join(", "),
            Detail::Senses => join(&d.senses),
            Detail::Movement => {
                let m = &d.movement;
                let mut parts = Vec::new();
                for (name, v) in [
                    ("walk", m.walk),
                    ("fly", m.fly),
                    ("swim", m.swim),
                    ("climb", m.climb),
                    ("burrow", m.burrow),
                    ("teleport", m.teleport),
                ] {
                    if let Some(v) = v {
                        parts.push(format!("{name} {v}"));
                    }
                }
                parts.extend(m.traits.iter().map(MovementTrait::to_string));
                parts.join(", ")
            }
            Detail::Reach => d.reach.map(|r| r.to_string()).unwrap_or_default(),
            Detail::Languages => d.languages.join(", "),
            Detail::Telepathy => d.telepathy.map(|t| t.to_string()).unwrap_or_default(),
            Detail::Resistances => d
                .resistances
                .iter()
                .map(|x| x.key())
                .collect::<Vec<_>>()
                .join(", "),
            Detail::Vulnerabilities => d
                .vulnerabilities
                .iter()
                .map(|x| x.key())
                .collect::<Vec<_>>()
                .join(", "),
            Detail::Immunities => join(&d.immunities),
            Detail::Regeneration => d.regeneration.map(|r| r.label()).unwrap_or_default(),
            Detail::Equipment => d.equipment.clone().unwrap_or_default(),
            Detail::Description => d.description.clone().unwrap_or_default(),
            Detail::Tactics => d.tactics.clone().unwrap_or_default(),
            Detail::Trait(i) => d
                .traits
                .get(i)
                .map(super::extras::trait_text)
                .unwrap_or_default(),
            Detail::NewTrait | Detail::NewVariant => String::new(),
            Detail::Variant(i) => d
                .variants
                .get(i)
                .map(super::extras::variant_text)
                .unwrap_or_default(),
            Detail::Override(k) => super::extras::override_text(d.overrides.get(&k)),
        }
    }

    /// The value as shown in the form: an unset ability shows the default it gets.
    pub fn display(self, d: &MonsterDesign) -> String {
        match self {
            Detail::Ability(a) if d.abilities.get(a).is_none() => {
                let score = crate::monster::derive::ability_scores(d)
                    .into_iter()
                    .find(|(x, _)| *x == a)
                    .map_or(10, |(_, s)| s);
                format!("{score} (default)")
            }
            Detail::Movement if d.movement.is_empty() => "walk 6 (default)".into(),
            Detail::Reach if d.reach.is_none() => format!("{} (default)", d.size.default_reach()),
            Detail::Regeneration if d.regeneration.is_none() => "(none)".into(),
            Detail::NewTrait => "(Enter adds an aura or a trait)".into(),
            Detail::NewVariant => "(Enter adds another form of the monster)".into(),
            Detail::Override(k) if !d.overrides.contains_key(&k) => "(the formula's)".into(),
            other => other.value(d),
        }
    }

    /// Cycles a cycle field.
    pub fn cycle(self, d: &mut MonsterDesign, forward: bool) {
        if self == Detail::Alignment {
            d.alignment = crate::vocab::cycle_option::<Alignment>(d.alignment, forward);
        }
    }

    /// Applies typed text to the design.
    pub fn apply(self, d: &mut MonsterDesign, text: &str) -> Result<(), String> {
        match self {
            Detail::Name => {
                let t = text.trim();
                crate::text::check_name("the name", t)?;
                d.name = t.to_owned();
            }
            Detail::Alignment => {}
            Detail::Ability(a) => {
                let v = opt_number(
                    text,
                    a.label(),
                    crate::limits::ABILITY_SCORE.min..=crate::limits::ABILITY_SCORE.max,
                )?;
                d.abilities.set(a, v.map(|v| v as i32));
            }
            Detail::Skills => {
                d.skills = list(text, |s| Skill::parse(s).map_err(|e| e.to_string()))?
            }
            Detail::Senses => {
                d.senses = list(text, |s| Sense::parse(s).map_err(|e| e.to_string()))?
            }
            Detail::Movement => {
                let mut m = crate::monster::design::Movement::default();
                for part in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let (head, tail) = part.rsplit_once(' ').unwrap_or((part, ""));
                    let n = tail.parse::<u32>().ok();
                    let slot = match (head.to_lowercase().as_str(), n) {
                        ("walk" | "speed", Some(_)) => Some(&mut m.walk),
                        ("fly", Some(_)) => Some(&mut m.fly),
                        ("swim", Some(_)) => Some(&mut m.swim),
                        ("climb", Some(_)) => Some(&mut m.climb),
                        ("burrow", Some(_)) => Some(&mut m.burrow),
                        ("teleport", Some(_)) => Some(&mut m.teleport),
                        _ => None,
                    };
                    match slot {
                        Some(s) => {
                            let v = n.unwrap_or_default();
                            crate::limits::SPEED.check(i64::from(v))?;
                            *s = Some(v);
                        }
                        None => m.traits.push(MovementTrait::parse(part).map_err(|e| {
                            format!("{e}; or a speed: walk N, fly N, swim N, climb N, burrow N, teleport N")
                        })?),
                    }
                }
                if m.walk == Some(crate::monster::derive::DEFAULT_SPEED) {
                    m.walk = None;
                }
                d.movement = m;
            }
            Detail::Reach => {
                d.reach = opt_number(
                    text,
                    "Reach",
                    crate::limits::REACH.min..=crate::limits::REACH.max,
                )?
                .map(|v| v as u32)
            }
            Detail::Languages => {
                d.languages = list(text, |s| {
                    one_line::check("a language", s)?;
                    Ok(s.to_owned())
                })?
            }
            Detail::Telepathy => {
                d.telepathy = opt_number(
                    text,
                    "Telepathy",
                    crate::limits::TELEPATHY.min..=crate::limits::TELEPATHY.max,
                )?
                .map(|v| v as u32)
            }
            Detail::Resistances => {
                d.resistances = list(text, |s| DamageType::parse(s).map_err(|e| e.to_string()))?
            }
            Detail::Vulnerabilities => {
                d.vulnerabilities = list(text, |s| DamageType::parse(s).map_err(|e| e.to_string()))?
            }
            Detail::Immunities => {
                d.immunities = list(text, |s| Immunity::parse(s).map_err(|e| e.to_string()))?
            }
            Detail::Regeneration => d.regeneration = super::extras::parse_regeneration(text)?,
            Detail::Equipment => d.equipment = opt_text(text),
            Detail::Description => d.description = opt_text(text),
            Detail::Tactics => d.tactics = opt_text(text),
            Detail::Trait(i) => match super::extras::parse_trait(text, d.traits.get(i))? {
                Some(t) if i < d.traits.len() => {
                    let others = d.traits.iter().enumerate().filter(|(j, _)| *j != i);
                    name_is_free("trait", others.map(|(_, o)| o.name.as_str()), &t.name)?;
                    d.traits[i] = t;
                }
                Some(t) => d.traits.push(t),
                None if i < d.traits.len() => {
                    d.traits.remove(i);
                }
                None => {}
            },
            Detail::NewTrait => {
                if let Some(t) = super::extras::parse_trait(text, None)? {
                    name_is_free("trait", d.traits.iter().map(|o| o.name.as_str()), &t.name)?;
                    d.traits.push(t);
                }
            }
            Detail::Variant(i) => match super::extras::parse_variant(text)? {
                Some(v) if i < d.variants.len() => {
                    let others = d.variants.iter().enumerate().filter(|(j, _)| *j != i);
                    name_is_free("variant", others.map(|(_, o)| o.name.as_str()), &v.name)?;
                    d.variants[i] = v;
                }
                Some(v) => d.variants.push(v),
                None if i < d.variants.len() => {
                    d.variants.remove(i);
                }
                None => {}
            },
            Detail::NewVariant => {
                if let Some(v) = super::extras::parse_variant(text)? {
                    name_is_free(
                        "variant",
                        d.variants.iter().map(|o| o.name.as_str()),
                        &v.name,
                    )?;
                    d.variants.push(v);
                }
            }
            Detail::Override(k) => match super::extras::parse_override(text, &k.limit())? {
                Some(o) => {
                    d.overrides.insert(k, o);
                }
                None => {
                    d.overrides.remove(&k);
                }
            },
        }
        Ok(())
    }
}

// ---------------------------------------------------------------- powers

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PowerField {
    Name,
    Basic,
    Usage,
    Refresh,
    Action,
    Origin,
    Range,
    Area,
    Targets,
    Tags,
    Attack,
    Attacks,
    Damage,
    Dice,
    DamageType,
    Trigger,
    Requirements,
    Hit,
    Miss,
    Effect,
    SecondaryAttack,
    Aftereffect,
    Special,
    /// A hand-set attack bonus in place of the role's formula, with its reason.
    AttackOverride,
}

/// The rows of a power's form; refresh faces and custom dice appear only when they apply.
pub fn power_fields(p: &Power) -> Vec<PowerField> {
    use PowerField::*;
    let mut v = vec![Name, Basic, Usage];
    if p.usage == crate::rules::power_vocab::Usage::Refresh {
        v.push(Refresh);
    }
    v.extend([Action, Origin, Range]);
    if p.origin.is_area() {
        v.push(Area);
    }
    v.extend([Targets, Tags, Attack]);
    if p.attack.is_some() {
        v.push(AttackOverride);
    }
    v.extend([Attacks, Damage]);
    if matches!(p.damage, Some(DamageSpec::Dice(_))) {
        v.push(Dice);
    }
    v.extend([
        DamageType,
        Trigger,
        Requirements,
        Hit,
        Miss,
        Effect,
        SecondaryAttack,
        Aftereffect,
        Special,
    ]);
    v
}

/// The damage choices in cycle order: none, the four tiers, custom dice.
fn damage_choice(p: &Power) -> usize {
    match &p.damage {
        None => 0,
        Some(DamageSpec::Tier(t)) => 1 + DamageTier::ALL.iter().position(|x| x == t).unwrap_or(0),
        Some(DamageSpec::Dice(_)) => 5,
    }
}

impl PowerField {
    pub fn label(self) -> &'static str {
        use PowerField::*;
        match self {
            Name => "Name",
            Basic => "Basic attack",
            Usage => "Usage",
            Refresh => "Refresh on",
            Action => "Action",
            Origin => "Origin",
            Range => "Range/reach",
            Area => "Area",
            Targets => "Targets",
            Tags => "Tags",
            Attack => "Attack vs",
            Attacks => "Attacks",
            Damage => "Damage",
            Dice => "Dice",
            DamageType => "Damage type",
            Trigger => "Trigger",
            Requirements => "Requirements",
            Hit => "Hit",
            Miss => "Miss",
            Effect => "Effect",
            SecondaryAttack => "Secondary",
            AttackOverride => "Attack override",
            Aftereffect => "Aftereffect",
            Special => "Special",
        }
    }

    pub fn kind(self) -> Kind {
        use PowerField::*;
        match self {
            Basic => Kind::Toggle,
            Usage | Action | Origin | Attack | Damage | DamageType => Kind::Cycle,
            _ => Kind::Text,
        }
    }

    pub fn hint(self) -> &'static str {
        use PowerField::*;
        match self {
            Refresh => "the d6 faces that refresh it, e.g. 5, 6",
            Range => "squares; empty for melee uses the monster's reach",
            Area => "burst N, arc N or wall N",
            Tags => "comma-separated: weapon, fire, zone, ...",
            Attacks => {
                "attacks one use makes, e.g. 2 for a double attack; empty: 1 if it has an attack roll"
            }
            Dice => "e.g. 2d10+4 (the lint shows how far it is from the table)",
            Hit => "text after the damage; {damage} places the damage, {name} the monster's name",
            AttackOverride => super::extras::OVERRIDE_HINT,
            _ => "",
        }
    }

    pub fn value(self, p: &Power, design: &MonsterDesign) -> String {
        use PowerField::*;
        match self {
            Name => p.name.clone(),
            Basic => if p.basic { "yes" } else { "no" }.into(),
            Usage => p.usage.label().into(),
            Refresh => p
                .refresh
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            Action => p.action.label().into(),
            Origin => p.origin.label().into(),
            Range => p.range.map(|r| r.to_string()).unwrap_or_default(),
            Area => p.area.map(|a| a.to_string()).unwrap_or_default(),
            Targets => p.targets.clone().unwrap_or_default(),
            Tags => p
                .tags
                .iter()
                .map(|t| t.key())
                .collect::<Vec<_>>()
                .join(", "),
            Attack => p
                .attack
                .as_ref()
                .map_or("no attack roll".into(), |a| a.defense.label().into()),
            Attacks => p.attacks.map(|a| a.to_string()).unwrap_or_default(),
            Damage => match &p.damage {
                None => "none".into(),
                Some(DamageSpec::Tier(t)) => {
                    format!(
                        "{} → {}",
                        t.key(),
                        tier_damage(*t, design.level, design.rank, design.role)
                    )
                }
                Some(DamageSpec::Dice(d)) => format!("custom dice {d}"),
            },
            Dice => match &p.damage {
                Some(DamageSpec::Dice(d)) => d.to_string(),
                _ => String::new(),
            },
            DamageType => p.damage_type.map_or("untyped".into(), |t| t.key().into()),
            Trigger => p.trigger.clone().unwrap_or_default(),
            Requirements => p.requirements.clone().unwrap_or_default(),
            Hit => p.hit.clone().unwrap_or_default(),
            Miss => p.miss.clone().unwrap_or_default(),
            Effect => p.effect.clone().unwrap_or_default(),
            SecondaryAttack => p.secondary_attack.clone().unwrap_or_default(),
            Aftereffect => p.aftereffect.clone().unwrap_or_default(),
            Special => p.special.clone().unwrap_or_default(),
            AttackOverride => super::extras::override_text(p.overrides.attack.as_ref()),
        }
    }

    pub fn toggle(self, p: &mut Power) {
        if self == PowerField::Basic {
            p.basic = !p.basic;
        }
    }

    pub fn cycle(self, p: &mut Power, forward: bool) {
        use PowerField::*;
        match self {
            Usage => {
                p.usage = crate::vocab::cycle(p.usage, forward);
                if p.usage == crate::rules::power_vocab::Usage::Refresh && p.refresh.is_empty() {
                    p.refresh = vec![5, 6];
                } else if p.usage != crate::rules::power_vocab::Usage::Refresh {
                    p.refresh.clear();
                }
                retier(p);
            }
            Action => p.action = crate::vocab::cycle(p.action, forward),
            Origin => {
                p.origin = crate::vocab::cycle(p.origin, forward);
                if p.origin.is_area() && p.area.is_none() {
                    p.area = Some(crate::rules::power_vocab::Area {
                        shape: crate::rules::power_vocab::AreaShape::Burst,
                        size: 1,
                    });
                } else if !p.origin.is_area() {
                    p.area = None;
                }
                retier(p);
            }
            Attack => {
                let cur = p.attack.as_ref().map(|a| a.defense);
                p.attack = crate::vocab::cycle_option::<Defense>(cur, forward)
                    .map(|defense| AttackSpec { defense });
            }
            Damage => {
                let n = 6;
                let i = damage_choice(p);
                let next = if forward {
                    (i + 1) % n
                } else {
                    (i + n - 1) % n
                };
                p.damage = match next {
                    0 => None,
                    5 => Some(DamageSpec::Dice(crate::dice::DiceExpr::new(1, 8, 0))),
                    t => Some(DamageSpec::Tier(DamageTier::ALL[t - 1])),
                };
            }
            DamageType => {
                p.damage_type =
                    crate::vocab::cycle_option::<crate::rules::DamageType>(p.damage_type, forward)
            }
            _ => {}
        }
    }

    pub fn apply(self, p: &mut Power, text: &str) -> Result<(), String> {
        use PowerField::*;
        match self {
            Name => {
                let t = text.trim();
                if t.is_empty() {
                    return Err("a power needs a name".into());
                }
                one_line::check("the power's name", t)?;
                p.name = t.to_owned();
            }
            Refresh => {
                let faces = list(text, |s| {
                    s.parse::<u8>()
                        .ok()
                        .filter(|f| (1..=6).contains(f))
                        .ok_or_else(|| format!("`{s}` is not a d6 face (1 to 6)"))
                })?;
                if faces.is_empty() {
                    return Err("list at least one d6 face, e.g. 5, 6".into());
                }
                p.refresh = faces;
            }
            Range => {
                p.range = opt_number(
                    text,
                    "Range",
                    crate::limits::POWER_RANGE.min..=crate::limits::POWER_RANGE.max,
                )?
                .map(|v| v as u32)
            }
            Area => {
                p.area = if text.trim().is_empty() {
                    None
                } else {
                    Some(crate::rules::power_vocab::Area::parse(text).map_err(|e| e.to_string())?)
                };
            }
            Targets => {
                one_line::check("the targets", text.trim())?;
                p.targets = opt_text(text)
            }
            Tags => p.tags = list(text, |s| PowerTag::parse(s).map_err(|e| e.to_string()))?,
            Attacks => {
                p.attacks = opt_number(
                    text,
                    "Attacks",
                    crate::limits::ATTACKS.min..=crate::limits::ATTACKS.max,
                )?
                .map(|v| v as u32)
            }
            Dice => {
                p.damage = Some(DamageSpec::Dice(
                    crate::dice::DiceExpr::parse(text).map_err(|e| e.to_string())?,
                ))
            }
            Trigger => p.trigger = opt_text(text),
            Requirements => p.requirements = opt_text(text),
            Hit => p.hit = opt_text(text),
            Miss => p.miss = opt_text(text),
            Effect => p.effect = opt_text(text),
            SecondaryAttack => p.secondary_attack = opt_text(text),
            Aftereffect => p.aftereffect = opt_text(text),
            Special => p.special = opt_text(text),
            AttackOverride => {
                p.overrides.attack =
                    super::extras::parse_override(text, &crate::limits::BONUS_OVERRIDE)?
            }
            Basic | Usage | Action | Origin | Attack | Damage | DamageType => {}
        }
        Ok(())
    }
}

/// Keeps a tiered power's tier in step with its usage and origin (R10) when those change.
fn retier(p: &mut Power) {
    if let Some(DamageSpec::Tier(_)) = p.damage {
        p.damage = Some(DamageSpec::Tier(p.natural_tier()));
    }
}

/// Refuses `name` when another of the monster's traits, powers or variants (`kind`, `others`)
/// already has it (`monster::names`): a reader could not tell them apart, and Fantasy
/// Statblocks would keep only one.
pub fn name_is_free<'a>(
    kind: &str,
    mut others: impl Iterator<Item = &'a str>,
    name: &str,
) -> Result<(), String> {
    match others.find(|o| crate::monster::names::same_name(o, name)) {
        Some(o) => Err(format!(
            "the monster already has a {kind} named {}; give each {kind} its own name",
            o.trim()
        )),
        None => Ok(()),
    }
}

/// A blank power: an at-will melee attack against AC with at-will damage.
pub fn blank_power(n: usize) -> Power {
    let mut p = Power::new(
        &format!("New Power {n}"),
        Usage::AtWill,
        Action::Standard,
        Origin::Melee,
    );
    p.targets = Some("one creature".into());
    p.attack = Some(AttackSpec {
        defense: Defense::Ac,
    });
    p.damage = Some(DamageSpec::Tier(DamageTier::AtWillSingle));
    p
}

/// A lint message in the Forge's words: the YAML keys it names become the form fields a user
/// sees (`basic: true` is the power form's "Basic attack: yes").
pub fn field_words(message: &str) -> String {
    const WORDS: &[(&str, &str)] = &[
        ("`basic: true`", "\"Basic attack: yes\" in the power's form"),
        ("`usage: refresh`", "\"Usage: refresh\""),
        ("`refresh` faces", "\"Refresh on\" faces"),
        ("`attacks`", "\"Attacks\""),
        ("(with an `attack`)", "(with an \"Attack vs\")"),
        ("`undead-spirit`", "\"Undead (spirit)\""),
        ("`undead`", "\"Undead (body)\""),
        ("such as `burst 1`", "such as \"burst 1\" in \"Area\""),
    ];
    let mut out = message.to_owned();
    for (yaml, form) in WORDS {
        out = out.replace(yaml, form);
    }
    out
}

#[cfg(test)]
mod words {
    #[test]
    fn lint_hints_name_the_form_field() {
        let m = "no basic attack: mark one at-will attack power `basic: true` (with an `attack`)";
        let w = super::field_words(m);
        assert!(w.contains("\"Basic attack: yes\""), "{w}");
        assert!(!w.contains('`'), "{w}");
    }
}
