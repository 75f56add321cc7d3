//! The Forge's two forms as data: the details of a monster and the fields of one power. Each
//! field is one row of a table, built in one place: its label, how it is edited (typed text, a
//! toggle or a cycle), its hint, and how it reads and writes its value in the design (with the
//! valid values and a suggestion when what the GM typed is wrong).

use crate::tui::widgets::text_field::FIELD_MAX_CHARS;
use lairsmith_core::monster::MonsterDesign;
use lairsmith_core::monster::design::{Immunity, Trait, Variant};
use lairsmith_core::monster::form_lines::{
    override_line, parse_override, parse_trait, parse_variant, trait_line, variant_line,
};
use lairsmith_core::monster::one_line;
use lairsmith_core::monster::overrides::StatKey;
use lairsmith_core::monster::power::{AttackSpec, DamageSpec, Power};
use lairsmith_core::rules::creature::{Alignment, DamageType};
use lairsmith_core::rules::damage::{DamageTier, tier_damage};
use lairsmith_core::rules::power_vocab::{Action, Defense, Origin, PowerTag, Usage};
use lairsmith_core::rules::senses::Sense;
use lairsmith_core::rules::{Ability, Skill};
use lairsmith_core::vocab::Vocabulary;

type Get = Box<dyn Fn(&MonsterDesign) -> String>;
type Set = Box<dyn Fn(&mut MonsterDesign, &str) -> Result<(), String>>;
type Cycle = Box<dyn Fn(&mut MonsterDesign, bool)>;
type Remove = Box<dyn Fn(&mut MonsterDesign) -> bool>;

/// How a row is edited.
pub enum Edit {
    /// Typed text, read by the function.
    Text(Set),
    /// Enter, Space and the arrows flip it.
    Toggle(Box<dyn Fn(&mut MonsterDesign)>),
    /// The arrows take the previous (`false`) or next value.
    Cycle(Cycle),
}

/// One row of a form over the design.
pub struct Row {
    pub label: String,
    /// Shown while editing.
    pub hint: &'static str,
    pub edit: Edit,
    /// The value as text, for starting an edit (empty when unset).
    pub get: Get,
    /// The value as the form shows it, where that is not `get` (the default an unset one has).
    pub shown: Option<Get>,
    /// Takes away what the row holds, where it can go (a trait, an override); returns whether
    /// anything changed.
    pub remove: Option<Remove>,
    /// The longest text the field takes.
    pub max_chars: usize,
    /// Prose of several lines (a description, a power's Hit): edited in the editor of several
    /// lines, so its line breaks are kept.
    pub lines: bool,
}

impl Row {
    fn new(label: impl Into<String>, edit: Edit, get: Get) -> Row {
        Row {
            label: label.into(),
            hint: "",
            edit,
            get,
            shown: None,
            remove: None,
            max_chars: FIELD_MAX_CHARS,
            lines: false,
        }
    }

    /// A typed row.
    fn text(
        label: impl Into<String>,
        hint: &'static str,
        get: impl Fn(&MonsterDesign) -> String + 'static,
        set: impl Fn(&mut MonsterDesign, &str) -> Result<(), String> + 'static,
    ) -> Row {
        Row {
            hint,
            ..Row::new(label, Edit::Text(Box::new(set)), Box::new(get))
        }
    }

    fn cycle(
        label: impl Into<String>,
        get: impl Fn(&MonsterDesign) -> String + 'static,
        cycle: impl Fn(&mut MonsterDesign, bool) + 'static,
    ) -> Row {
        Row::new(label, Edit::Cycle(Box::new(cycle)), Box::new(get))
    }

    fn shown(mut self, shown: impl Fn(&MonsterDesign) -> String + 'static) -> Row {
        self.shown = Some(Box::new(shown));
        self
    }

    fn removable(mut self, remove: impl Fn(&mut MonsterDesign) -> bool + 'static) -> Row {
        self.remove = Some(Box::new(remove));
        self
    }

    /// The value as the form shows it, on one line: a line break shows as a space.
    pub fn display(&self, d: &MonsterDesign) -> String {
        crate::tui::widgets::text_field::one_line(&self.shown.as_ref().unwrap_or(&self.get)(d))
            .collect()
    }

    /// Applies typed text to the design (a row that is not typed takes none).
    pub fn set(&self, d: &mut MonsterDesign, text: &str) -> Result<(), String> {
        match &self.edit {
            Edit::Text(set) => set(d, text),
            _ => Ok(()),
        }
    }
}

const TRAIT_HINT: &str = "[aura N] Name [(tags)]: what it does, e.g. aura 1 Stench (poison): enemies in the aura are dazed; empty removes it";
const VARIANT_HINT: &str = "Name: how this form differs, e.g. Blizzard Wyrm: it has resist cold 10 and its breath deals cold damage; empty removes it";
const OVERRIDE_HINT: &str = "a number and why, e.g. 15; tougher for the finale, or by +3; tougher at every level (the formula's plus 3); empty goes back to the formula";

/// A list of named items in a design that the Details form edits a line each: the traits and
/// the variants.
struct NamedList<T: 'static> {
    noun: &'static str,
    items: fn(&MonsterDesign) -> &Vec<T>,
    items_mut: fn(&mut MonsterDesign) -> &mut Vec<T>,
    name: fn(&T) -> &str,
    line: fn(&T) -> String,
    /// Reads a line, given the item it replaces (whose `x-` keys it keeps).
    parse: fn(&str, Option<&T>) -> Result<Option<T>, String>,
}

impl NamedList<Trait> {
    const TRAITS: NamedList<Trait> = NamedList {
        noun: "trait",
        items: |d| &d.traits,
        items_mut: |d| &mut d.traits,
        name: |t| &t.name,
        line: trait_line,
        parse: |text, old| Ok(parse_trait(text, old)?),
    };
}

impl NamedList<Variant> {
    const VARIANTS: NamedList<Variant> = NamedList {
        noun: "variant",
        items: |d| &d.variants,
        items_mut: |d| &mut d.variants,
        name: |v| &v.name,
        line: variant_line,
        parse: |text, _| Ok(parse_variant(text)?),
    };
}

/// The row of item `at` of `list` (`None`: the row that adds one). An empty line takes the
/// item away; a name must be free among the others.
fn named_item<T: 'static>(
    label: impl Into<String>,
    hint: &'static str,
    list: NamedList<T>,
    at: Option<usize>,
) -> Row {
    let (items, items_mut) = (list.items, list.items_mut);
    let row = Row::text(
        label,
        hint,
        move |d| match at {
            Some(i) => items(d).get(i).map(list.line).unwrap_or_default(),
            None => String::new(),
        },
        move |d, t| {
            let old = at.and_then(|i| items(d).get(i));
            let Some(new) = (list.parse)(t, old)? else {
                if let Some(i) = at.filter(|i| *i < items(d).len()) {
                    items_mut(d).remove(i);
                }
                return Ok(());
            };
            let others = items(d).iter().enumerate().filter(|(j, _)| Some(*j) != at);
            name_is_free(
                list.noun,
                others.map(|(_, o)| (list.name)(o)),
                (list.name)(&new),
            )?;
            match at.filter(|i| *i < items(d).len()) {
                Some(i) => items_mut(d)[i] = new,
                None => items_mut(d).push(new),
            }
            Ok(())
        },
    );
    match at {
        Some(i) => row.removable(move |d| {
            let there = i < items(d).len();
            if there {
                items_mut(d).remove(i);
            }
            there
        }),
        None => row,
    }
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

fn keys<T: Vocabulary>(v: &[T]) -> String {
    v.iter().map(|x| x.key()).collect::<Vec<_>>().join(", ")
}

fn opt_number(
    text: &str,
    what: &str,
    limit: &lairsmith_core::limits::Limit,
) -> Result<Option<i64>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let n: i64 = t
        .parse()
        .map_err(|_| format!("{what}: `{t}` is not a whole number"))?;
    if !(limit.min..=limit.max).contains(&n) {
        return Err(format!("{what} must be {} to {}", limit.min, limit.max));
    }
    Ok(Some(n))
}

fn opt_text(text: &str) -> Option<String> {
    let t = text.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

/// A row of optional text (`$($place).+` in the design): empty leaves it unset.
macro_rules! prose {
    ($label:literal, |$d:ident| $($place:tt)+) => {
        Row {
            lines: true,
            ..Row::text(
                $label,
                "",
                move |$d: &MonsterDesign| $($place)+.clone().unwrap_or_default(),
                move |$d: &mut MonsterDesign, t: &str| {
                    $($place)+ = opt_text(t);
                    Ok(())
                },
            )
        }
    };
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
    /// Applies typed text to the design.
    pub fn apply(self, d: &mut MonsterDesign, text: &str) -> Result<(), String> {
        self.row().set(d, text)
    }

    /// Everything about the row.
    pub fn row(self) -> Row {
        const DAMAGE_HINT: &str = "damage types beyond the source's and tags' (value X by level)";
        match self {
            Detail::Name => name_row(),
            Detail::Alignment => Row::cycle(
                "Alignment",
                |d| d.alignment.map_or("(none)".into(), |a| a.label().into()),
                |d, fwd| {
                    d.alignment = lairsmith_core::vocab::cycle_option::<Alignment>(d.alignment, fwd)
                },
            ),
            Detail::Ability(a) => ability_row(a),
            Detail::Skills => Row::text(
                "Trained skills",
                "comma-separated, e.g. stealth, athletics",
                |d| keys(&d.skills),
                |d, t| {
                    d.skills = list(t, |s| Skill::parse(s).map_err(|e| e.to_string()))?;
                    Ok(())
                },
            ),
            Detail::Senses => Row::text(
                "Senses",
                "e.g. darkvision, blindsight 10, tremorsense 10",
                |d| join(&d.senses),
                |d, t| {
                    d.senses = list(t, |s| s.parse::<Sense>().map_err(|e| e.to_string()))?;
                    Ok(())
                },
            ),
            Detail::Movement => movement_row(),
            Detail::Reach => reach_row(),
            Detail::Languages => Row::text(
                "Languages",
                "comma-separated, e.g. Common, Goblin",
                |d| d.languages.join(", "),
                |d, t| {
                    d.languages = list(t, |s| {
                        one_line::check("a language", s)?;
                        Ok(s.to_owned())
                    })?;
                    Ok(())
                },
            ),
            Detail::Telepathy => Row::text(
                "Telepathy",
                "a range in squares, or empty",
                |d| d.telepathy.map(|t| t.to_string()).unwrap_or_default(),
                |d, t| {
                    d.telepathy = opt_number(t, "Telepathy", &lairsmith_core::limits::TELEPATHY)?
                        .map(|v| v as u32);
                    Ok(())
                },
            ),
            Detail::Resistances => Row::text(
                "Extra resist",
                DAMAGE_HINT,
                |d| keys(&d.resistances),
                |d, t| {
                    d.resistances = list(t, |s| DamageType::parse(s).map_err(|e| e.to_string()))?;
                    Ok(())
                },
            ),
            Detail::Vulnerabilities => Row::text(
                "Extra vulnerable",
                DAMAGE_HINT,
                |d| keys(&d.vulnerabilities),
                |d, t| {
                    d.vulnerabilities =
                        list(t, |s| DamageType::parse(s).map_err(|e| e.to_string()))?;
                    Ok(())
                },
            ),
            Detail::Immunities => Row::text(
                "Immune",
                "damage types or conditions, e.g. poison, dazed",
                |d| join(&d.immunities),
                |d, t| {
                    d.immunities = list(t, |s| Immunity::parse(s).map_err(|e| e.to_string()))?;
                    Ok(())
                },
            ),
            Detail::Regeneration => regeneration_row(),
            Detail::Equipment => prose!("Equipment", |d| d.equipment),
            Detail::Description => prose!("Description", |d| d.description),
            Detail::Tactics => prose!("Tactics", |d| d.tactics),
            Detail::Trait(i) => named_item(
                format!("Trait {}", i + 1),
                TRAIT_HINT,
                NamedList::TRAITS,
                Some(i),
            ),
            Detail::NewTrait => named_item("+ Trait", TRAIT_HINT, NamedList::TRAITS, None)
                .shown(|_| "(Enter adds an aura or a trait)".into()),
            Detail::Variant(i) => named_item(
                format!("Variant {}", i + 1),
                VARIANT_HINT,
                NamedList::VARIANTS,
                Some(i),
            ),
            Detail::NewVariant => named_item("+ Variant", VARIANT_HINT, NamedList::VARIANTS, None)
                .shown(|_| "(Enter adds another form of the monster)".into()),
            Detail::Override(k) => override_row(k),
        }
    }
}

/// The monster's name, checked and bounded as every name is (`text::check_name`).
fn name_row() -> Row {
    Row {
        max_chars: lairsmith_core::text::MAX_NAME_CHARS,
        ..Row::text(
            "Name",
            "",
            |d| d.name.clone(),
            |d, t| {
                let t = t.trim();
                lairsmith_core::text::check_name("the name", t)?;
                d.name = t.to_owned();
                Ok(())
            },
        )
    }
}

/// An ability score; unset, it shows the default the role gives.
fn ability_row(a: Ability) -> Row {
    Row::text(
        a.label(),
        "a score; empty uses the default (16 + half level on the role's key ability)",
        move |d| {
            d.abilities
                .get(a)
                .map(|v| v.to_string())
                .unwrap_or_default()
        },
        move |d, t| {
            let v = opt_number(t, a.label(), &lairsmith_core::limits::ABILITY_SCORE)?;
            d.abilities.set(a, v.map(|v| v as i32));
            Ok(())
        },
    )
    .shown(move |d| match d.abilities.get(a) {
        Some(v) => v.to_string(),
        None => {
            let score = lairsmith_core::monster::derive::ability_scores(d)
                .into_iter()
                .find(|(x, _)| *x == a)
                .map_or(10, |(_, s)| s);
            format!("{score} (default)")
        }
    })
}

/// The movement modes and traits; unset, it shows walking speed 6.
fn movement_row() -> Row {
    Row::text(
        "Movement",
        "e.g. walk 6, fly 8, hover, swamp stride",
        |d| d.movement.to_string(),
        |d, t| {
            d.movement = t.parse()?;
            Ok(())
        },
    )
    .shown(|d| {
        if d.movement.is_empty() {
            "walk 6 (default)".into()
        } else {
            d.movement.to_string()
        }
    })
}

/// The natural reach; unset, it shows the size's.
fn reach_row() -> Row {
    Row::text(
        "Reach",
        "squares; empty uses the size's (Tiny 0, any other size 1)",
        |d| d.reach.map(|r| r.to_string()).unwrap_or_default(),
        |d, t| {
            d.reach = opt_number(t, "Reach", &lairsmith_core::limits::REACH)?.map(|v| v as u32);
            Ok(())
        },
    )
    .shown(|d| match d.reach {
        Some(r) => r.to_string(),
        None => format!("{} (default)", d.size.default_reach()),
    })
}

/// Regeneration, which can be taken away.
fn regeneration_row() -> Row {
    Row::text(
        "Regeneration",
        "hit points healed at the start of its turn: 5, or staggered 5 (only while staggered), or unstaggered 5 (only while not); empty: none",
        |d| d.regeneration.map(|r| r.to_string()).unwrap_or_default(),
        |d, t| {
            d.regeneration = match t.trim() {
                "" => None,
                t => Some(t.parse()?),
            };
            Ok(())
        },
    )
    .shown(|d| d.regeneration.map_or("(none)".into(), |r| r.to_string()))
    .removable(|d| d.regeneration.take().is_some())
}

/// A hand-set number in place of the formula's, which can be taken away.
fn override_row(k: StatKey) -> Row {
    Row::text(
        format!("{} override", k.label()),
        OVERRIDE_HINT,
        move |d| override_line(d.overrides.get(&k)),
        move |d, t| {
            match parse_override(t, &k.limit())? {
                Some(o) => d.overrides.insert(k, o),
                None => d.overrides.remove(&k),
            };
            Ok(())
        },
    )
    .shown(move |d| match d.overrides.get(&k) {
        Some(o) => override_line(Some(o)),
        None => "(the formula's)".into(),
    })
    .removable(move |d| d.overrides.remove(&k).is_some())
}

// ---------------------------------------------------------------- powers

/// Refuses `name` when another of the monster's traits, powers or variants (`kind`, `others`)
/// already has it (`monster::names`): a reader could not tell them apart, and Fantasy
/// Statblocks would keep only one.
pub fn name_is_free<'a>(
    kind: &str,
    mut others: impl Iterator<Item = &'a str>,
    name: &str,
) -> Result<(), String> {
    match others.find(|o| lairsmith_core::monster::names::same_name(o, name)) {
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

// After the macros above, which the power form uses too.
mod power;
pub use power::*;

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
