//! The Forge's two forms as data: the details of a monster and the fields of one power. Each
//! field is one row of a table, built in one place: its label, how it is edited (typed text, a
//! toggle or a cycle), its hint, and how it reads and writes its value in the design (with the
//! valid values and a suggestion when what the GM typed is wrong).

use crate::monster::MonsterDesign;
use crate::monster::design::{Immunity, Trait, Variant};
use crate::monster::form_lines::{
    override_line, parse_override, parse_trait, parse_variant, trait_line, variant_line,
};
use crate::monster::one_line;
use crate::monster::overrides::StatKey;
use crate::monster::power::{AttackSpec, DamageSpec, Power};
use crate::rules::creature::{Alignment, DamageType};
use crate::rules::damage::{DamageTier, tier_damage};
use crate::rules::power_vocab::{Action, Defense, Origin, PowerTag, Usage};
use crate::rules::senses::Sense;
use crate::rules::{Ability, Skill};
use crate::tui::widgets::text_field::FIELD_MAX_CHARS;
use crate::vocab::Vocabulary;

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

fn opt_number(text: &str, what: &str, limit: &crate::limits::Limit) -> Result<Option<i64>, String> {
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
            Detail::Name => Row {
                max_chars: crate::text::MAX_NAME_CHARS,
                ..Row::text("Name", "", |d| d.name.clone(), |d, t| {
                    let t = t.trim();
                    crate::text::check_name("the name", t)?;
                    d.name = t.to_owned();
                    Ok(())
                })
            },
            Detail::Alignment => Row::cycle(
                "Alignment",
                |d| d.alignment.map_or("(none)".into(), |a| a.label().into()),
                |d, fwd| d.alignment = crate::vocab::cycle_option::<Alignment>(d.alignment, fwd),
            ),
            Detail::Ability(a) => Row::text(
                a.label(),
                "a score; empty uses the default (16 + half level on the role's key ability)",
                move |d| d.abilities.get(a).map(|v| v.to_string()).unwrap_or_default(),
                move |d, t| {
                    let v = opt_number(t, a.label(), &crate::limits::ABILITY_SCORE)?;
                    d.abilities.set(a, v.map(|v| v as i32));
                    Ok(())
                },
            )
            .shown(move |d| match d.abilities.get(a) {
                Some(v) => v.to_string(),
                None => {
                    let score = crate::monster::derive::ability_scores(d)
                        .into_iter()
                        .find(|(x, _)| *x == a)
                        .map_or(10, |(_, s)| s);
                    format!("{score} (default)")
                }
            }),
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
            Detail::Movement => Row::text(
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
            }),
            Detail::Reach => Row::text(
                "Reach",
                "squares; empty uses the size's (Tiny 0, any other size 1)",
                |d| d.reach.map(|r| r.to_string()).unwrap_or_default(),
                |d, t| {
                    d.reach = opt_number(t, "Reach", &crate::limits::REACH)?.map(|v| v as u32);
                    Ok(())
                },
            )
            .shown(|d| match d.reach {
                Some(r) => r.to_string(),
                None => format!("{} (default)", d.size.default_reach()),
            }),
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
                    d.telepathy = opt_number(t, "Telepathy", &crate::limits::TELEPATHY)?.map(|v| v as u32);
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
            Detail::Regeneration => Row::text(
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
            .removable(|d| d.regeneration.take().is_some()),
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
            Detail::NewVariant => {
                named_item("+ Variant", VARIANT_HINT, NamedList::VARIANTS, None)
                    .shown(|_| "(Enter adds another form of the monster)".into())
            }
            Detail::Override(k) => Row::text(
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
            .removable(move |d| d.overrides.remove(&k).is_some()),
        }
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

/// A row of power `i`'s form: typed, read by `set`.
fn typed(
    i: usize,
    label: &'static str,
    hint: &'static str,
    get: fn(&Power) -> String,
    set: fn(&mut Power, &str) -> Result<(), String>,
) -> Row {
    Row::text(
        label,
        hint,
        move |d| get(&d.powers[i]),
        move |d, t| set(&mut d.powers[i], t),
    )
}

/// A row of power `i`'s form whose value the arrows cycle.
fn cycled(
    i: usize,
    label: &'static str,
    get: fn(&Power) -> String,
    cycle: fn(&mut Power, bool),
) -> Row {
    Row::cycle(
        label,
        move |d| get(&d.powers[i]),
        move |d, fwd| cycle(&mut d.powers[i], fwd),
    )
}

impl PowerField {
    /// Applies typed text to power `i` of the design.
    pub fn apply(self, d: &mut MonsterDesign, i: usize, text: &str) -> Result<(), String> {
        self.row(i).set(d, text)
    }

    /// Everything about the row of power `i`.
    pub fn row(self, i: usize) -> Row {
        use PowerField::*;
        match self {
            Name => Row::text(
                "Name",
                "",
                move |d| d.powers[i].name.clone(),
                move |d, t| {
                    // Another power of the monster may not have it (`monster::names`).
                    let others = d.powers.iter().enumerate().filter(|(j, _)| *j != i);
                    name_is_free("power", others.map(|(_, q)| q.name.as_str()), t)?;
                    let t = t.trim();
                    if t.is_empty() {
                        return Err("a power needs a name".into());
                    }
                    one_line::check("the power's name", t)?;
                    d.powers[i].name = t.to_owned();
                    Ok(())
                },
            ),
            Basic => Row::new(
                "Basic attack",
                Edit::Toggle(Box::new(move |d| d.powers[i].basic = !d.powers[i].basic)),
                Box::new(move |d| if d.powers[i].basic { "yes" } else { "no" }.into()),
            ),
            Usage => cycled(
                i,
                "Usage",
                |p| p.usage.label().into(),
                |p, fwd| {
                    p.usage = crate::vocab::cycle(p.usage, fwd);
                    if p.usage == crate::rules::power_vocab::Usage::Refresh && p.refresh.is_empty()
                    {
                        p.refresh = vec![5, 6];
                    } else if p.usage != crate::rules::power_vocab::Usage::Refresh {
                        p.refresh.clear();
                    }
                    retier(p);
                },
            ),
            Refresh => typed(
                i,
                "Refresh on",
                "the d6 faces that refresh it, e.g. 5, 6",
                |p| join(&p.refresh),
                |p, t| {
                    let faces = list(t, |s| {
                        s.parse::<u8>()
                            .ok()
                            .filter(|f| (1..=6).contains(f))
                            .ok_or_else(|| format!("`{s}` is not a d6 face (1 to 6)"))
                    })?;
                    if faces.is_empty() {
                        return Err("list at least one d6 face, e.g. 5, 6".into());
                    }
                    p.refresh = faces;
                    Ok(())
                },
            ),
            Action => cycled(
                i,
                "Action",
                |p| p.action.label().into(),
                |p, fwd| p.action = crate::vocab::cycle(p.action, fwd),
            ),
            Origin => cycled(
                i,
                "Origin",
                |p| p.origin.label().into(),
                |p, fwd| {
                    p.origin = crate::vocab::cycle(p.origin, fwd);
                    if p.origin.is_area() && p.area.is_none() {
                        p.area = Some(crate::rules::power_vocab::Area {
                            shape: crate::rules::power_vocab::AreaShape::Burst,
                            size: 1,
                        });
                    } else if !p.origin.is_area() {
                        p.area = None;
                    }
                    retier(p);
                },
            ),
            Range => typed(
                i,
                "Range/reach",
                "squares; empty for melee uses the monster's reach",
                |p| p.range.map(|r| r.to_string()).unwrap_or_default(),
                |p, t| {
                    p.range =
                        opt_number(t, "Range", &crate::limits::POWER_RANGE)?.map(|v| v as u32);
                    Ok(())
                },
            ),
            Area => typed(
                i,
                "Area",
                "burst N, arc N or wall N",
                |p| p.area.map(|a| a.to_string()).unwrap_or_default(),
                |p, t| {
                    p.area = match t.trim() {
                        "" => None,
                        _ => Some(
                            crate::rules::power_vocab::Area::parse(t).map_err(|e| e.to_string())?,
                        ),
                    };
                    Ok(())
                },
            ),
            Targets => typed(
                i,
                "Targets",
                "",
                |p| p.targets.clone().unwrap_or_default(),
                |p, t| {
                    one_line::check("the targets", t.trim())?;
                    p.targets = opt_text(t);
                    Ok(())
                },
            ),
            Tags => typed(
                i,
                "Tags",
                "comma-separated: weapon, fire, zone, ...",
                |p| keys(&p.tags),
                |p, t| {
                    p.tags = list(t, |s| PowerTag::parse(s).map_err(|e| e.to_string()))?;
                    Ok(())
                },
            ),
            Attack => cycled(
                i,
                "Attack vs",
                |p| {
                    p.attack
                        .as_ref()
                        .map_or("no attack roll".into(), |a| a.defense.label().into())
                },
                |p, fwd| {
                    let cur = p.attack.as_ref().map(|a| a.defense);
                    p.attack = crate::vocab::cycle_option::<Defense>(cur, fwd)
                        .map(|defense| AttackSpec { defense });
                },
            ),
            Attacks => typed(
                i,
                "Attacks",
                "attacks one use makes, e.g. 2 for a double attack; empty: 1 if it has an attack roll",
                |p| p.attacks.map(|a| a.to_string()).unwrap_or_default(),
                |p, t| {
                    p.attacks =
                        opt_number(t, "Attacks", &crate::limits::ATTACKS)?.map(|v| v as u32);
                    Ok(())
                },
            ),
            Damage => Row::cycle(
                "Damage",
                move |d| match &d.powers[i].damage {
                    None => "none".into(),
                    Some(DamageSpec::Tier(t)) => {
                        let dice = tier_damage(*t, d.level, d.rank, d.role);
                        format!("{} → {dice}", t.label())
                    }
                    Some(DamageSpec::Dice(dice)) => format!("custom dice {dice}"),
                },
                move |d, fwd| {
                    let p = &mut d.powers[i];
                    let n = 6;
                    let c = damage_choice(p);
                    p.damage = match if fwd { (c + 1) % n } else { (c + n - 1) % n } {
                        0 => None,
                        5 => Some(DamageSpec::Dice(crate::dice::DiceExpr::new(1, 8, 0))),
                        t => Some(DamageSpec::Tier(DamageTier::ALL[t - 1])),
                    };
                },
            ),
            Dice => typed(
                i,
                "Dice",
                "e.g. 2d10+4 (the lint shows how far it is from the table)",
                |p| match &p.damage {
                    Some(DamageSpec::Dice(d)) => d.to_string(),
                    _ => String::new(),
                },
                |p, t| {
                    let dice = crate::dice::DiceExpr::parse(t).map_err(|e| e.to_string())?;
                    p.damage = Some(DamageSpec::Dice(dice));
                    Ok(())
                },
            ),
            DamageType => cycled(
                i,
                "Damage type",
                |p| p.damage_type.map_or("untyped".into(), |t| t.key().into()),
                |p, fwd| p.damage_type = crate::vocab::cycle_option(p.damage_type, fwd),
            ),
            Trigger => prose!("Trigger", |d| d.powers[i].trigger),
            Requirements => prose!("Requirements", |d| d.powers[i].requirements),
            Hit => Row {
                hint: "text after the damage; {damage} places the damage, {name} the monster's name",
                ..prose!("Hit", |d| d.powers[i].hit)
            },
            Miss => prose!("Miss", |d| d.powers[i].miss),
            Effect => prose!("Effect", |d| d.powers[i].effect),
            SecondaryAttack => prose!("Secondary", |d| d.powers[i].secondary_attack),
            Aftereffect => prose!("Aftereffect", |d| d.powers[i].aftereffect),
            Special => prose!("Special", |d| d.powers[i].special),
            AttackOverride => typed(
                i,
                "Attack override",
                OVERRIDE_HINT,
                |p| override_line(p.overrides.attack.as_ref()),
                |p, t| {
                    p.overrides.attack = parse_override(t, &crate::limits::BONUS_OVERRIDE)?;
                    Ok(())
                },
            ),
        }
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
