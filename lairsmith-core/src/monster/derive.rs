//! Derivation: a design in, a stat block out. Reads no files and touches no terminal; every
//! number comes from `rules` or from an explicit override.

use crate::monster::design::MonsterDesign;
use crate::monster::overrides::{Override, StatKey, Target};
use crate::monster::power::{DamageSpec, Power};
use crate::monster::statblock::*;
use crate::rules::abilities::{
    Ability, Skill, TRAINED_SKILL_BONUS, default_top_score, listed_modifier,
};
use crate::rules::damage::{Damage, tier_damage};
use crate::rules::grants::{
    Grant, Granted, damage_grants, resolve_grants, source_grants, tag_grants,
};
use crate::rules::knowledge::knowledge_check;
use crate::rules::power_vocab::{Category, Defense, Origin};
use crate::rules::rank::{MOOK_HP, Rank};
use crate::vocab::Vocabulary;

/// R13: a monster as fast as a human has speed 6 (L1841).
pub const DEFAULT_SPEED: u32 = 6;

/// Passive checks are 10 + the check's modifiers (L318-321).
pub(crate) const PASSIVE_BASE: i64 = 10;

/// The ability scores a design ends up with: the designer's, else R8's defaults.
pub fn ability_scores(design: &MonsterDesign) -> Vec<(Ability, i32)> {
    let key = design.role.key_ability();
    let others = design.role.default_other_scores();
    Ability::ALL
        .iter()
        .map(|&a| {
            let default = if a == key {
                default_top_score(design.level)
            } else {
                others.iter().find(|(o, _)| *o == a).map_or(10, |(_, s)| *s)
            };
            (a, design.abilities.get(a).unwrap_or(default))
        })
        .collect()
}

/// The hit points the formulas give (R5: mooks 1; otherwise the multiplier on the whole formula).
pub(crate) fn formula_hp(design: &MonsterDesign) -> i64 {
    match design.rank.hp_multiplier() {
        None => i64::from(MOOK_HP),
        Some(m) => i64::from(m * design.role.standard_hp(design.level)),
    }
}

/// The resolved damage of one power, or `None` if it deals none.
pub(crate) fn power_damage(design: &MonsterDesign, power: &Power) -> Option<Damage> {
    match power.damage.as_ref()? {
        DamageSpec::Tier(t) => Some(tier_damage(*t, design.level, design.rank, design.role)),
        DamageSpec::Dice(d) => Some(Damage::Dice(d.clone())),
    }
}

/// The attack bonus the role formula gives a power (R2, R3).
pub fn formula_attack_bonus(design: &MonsterDesign, defense: Defense) -> i64 {
    i64::from(
        design
            .role
            .attack_bonus(design.level, defense == Defense::Ac),
    )
}

/// The attack bonus of a power that attacks: its override's, else the formula's.
pub(crate) fn attack_bonus(design: &MonsterDesign, p: &Power, defense: Defense) -> i64 {
    let formula = formula_attack_bonus(design, defense);
    p.overrides.attack.as_ref().map_or(formula, |o| {
        o.resolve(formula, &crate::limits::BONUS_OVERRIDE).value
    })
}

/// What override `o` of `target` does where the formula gives `formula`.
fn applied(target: Target, stat: String, formula: i64, o: &Override) -> AppliedOverride {
    let r = o.resolve(formula, &target.limit());
    AppliedOverride {
        stat,
        formula,
        value: r.value,
        by: o.relative(),
        clamped: r.clamped,
        reason: o.reason.clone(),
        target,
    }
}

struct Overrides<'a> {
    design: &'a MonsterDesign,
    applied: Vec<AppliedOverride>,
}

impl Overrides<'_> {
    fn apply(&mut self, key: StatKey, formula: i64) -> i64 {
        match self.design.overrides.get(&key) {
            Some(o) => {
                let a = applied(Target::Stat(key), key.key().to_owned(), formula, o);
                let value = a.value;
                self.applied.push(a);
                value
            }
            None => formula,
        }
    }
}

/// The numbers the level, rank and role give, each after its override.
struct Vitals {
    xp: i64,
    hp: i64,
    defenses: DefenseValues,
    saving_throw_bonus: i64,
    action_points: i64,
    recoveries: i64,
}

/// The vitals, their overrides applied in the order a stat block lists them.
fn vitals(ov: &mut Overrides<'_>) -> Vitals {
    let design = ov.design;
    let level = design.level;
    let xp = ov.apply(StatKey::Xp, i64::from(design.rank.xp(level)));
    let hp = ov.apply(StatKey::Hp, formula_hp(design));
    let d = design.role.defenses(level);
    let defenses = DefenseValues {
        ac: ov.apply(StatKey::Ac, i64::from(d.ac)),
        fortitude: ov.apply(StatKey::Fortitude, i64::from(d.fortitude)),
        reflex: ov.apply(StatKey::Reflex, i64::from(d.reflex)),
        will: ov.apply(StatKey::Will, i64::from(d.will)),
    };
    let saving_throw_bonus = ov.apply(
        StatKey::SavingThrowBonus,
        i64::from(design.rank.saving_throw_bonus()),
    );
    let action_points = ov.apply(
        StatKey::ActionPoints,
        i64::from(design.rank.action_points()),
    );
    let recoveries = ov.apply(StatKey::Recoveries, i64::from(level.recoveries()));
    Vitals {
        xp,
        hp,
        defenses,
        saving_throw_bonus,
        action_points,
        recoveries,
    }
}

/// Each ability's score and listed modifier.
fn ability_values(design: &MonsterDesign) -> AbilityValues {
    let scores = ability_scores(design);
    let value = |a: Ability| {
        let score = scores.iter().find(|(x, _)| *x == a).map_or(10, |(_, s)| *s);
        AbilityValue {
            score,
            modifier: listed_modifier(score, design.level),
        }
    };
    AbilityValues {
        str: value(Ability::Str),
        con: value(Ability::Con),
        dex: value(Ability::Dex),
        int: value(Ability::Int),
        wis: value(Ability::Wis),
        cha: value(Ability::Cha),
    }
}

/// R7: trained = 5 + listed modifier; untrained = listed modifier.
fn skill_bonus(design: &MonsterDesign, abilities: &AbilityValues, s: Skill) -> i32 {
    let m = abilities.get(s.ability()).modifier;
    if design.skills.contains(&s) {
        TRAINED_SKILL_BONUS + m
    } else {
        m
    }
}

/// The trained skills with their bonuses, in the book's order of skills.
fn trained_skills(design: &MonsterDesign, abilities: &AbilityValues) -> Ordered<i32> {
    let mut skills = Ordered::default();
    for s in Skill::ALL.iter().filter(|s| design.skills.contains(s)) {
        skills
            .0
            .push((s.key().to_owned(), skill_bonus(design, abilities, *s)));
    }
    skills
}

/// What the source, the tags and the design's own resistances and vulnerabilities grant.
fn granted(design: &MonsterDesign) -> Granted {
    let grants: Vec<Grant> = source_grants(design.source)
        .iter()
        .chain(design.tags.iter().flat_map(|t| tag_grants(*t)))
        .copied()
        .chain(damage_grants(&design.resistances, &design.vulnerabilities))
        .collect();
    resolve_grants(design.level, &grants)
}

fn resistance_values(list: &[crate::rules::grants::Resistance]) -> Vec<ResistanceValue> {
    list.iter()
        .map(|r| ResistanceValue {
            against: r.against,
            value: r.value,
        })
        .collect()
}

/// The traits the grants give (incorporeal, reactive resistance), then the design's own.
fn stat_traits(design: &MonsterDesign, granted: &Granted) -> Vec<StatTrait> {
    let mut traits: Vec<StatTrait> = Vec::new();
    if granted.incorporeal {
        traits.push(StatTrait {
            name: "Incorporeal".to_owned(),
            aura: None,
            tags: Vec::new(),
            text: "Takes half damage from all attacks.".to_owned(),
            from_template: None,
        });
    }
    if let Some(x) = granted.reactive_resistance {
        traits.push(StatTrait {
            name: format!("Reactive Resistance {x}"),
            aura: None,
            tags: Vec::new(),
            text: format!(
                "Counter action (immediate), encounter: the first time an attack deals it acid, cold, lightning, fire or thunder damage, it gains resistance {x} to that type until the end of the encounter."
            ),
            from_template: None,
        });
    }
    traits.extend(design.traits.iter().map(|t| StatTrait {
        name: t.name.clone(),
        aura: t.aura,
        tags: t.tags.iter().map(|t| t.label().to_owned()).collect(),
        text: name_in(&t.text, &design.name),
        from_template: None,
    }));
    traits
}

/// A power's attack override is listed with the others, so every stat block names each
/// number set by hand, whichever power it belongs to.
fn record_attack_overrides(ov: &mut Overrides<'_>) {
    let design = ov.design;
    for p in &design.powers {
        if let (Some(o), Some(a)) = (&p.overrides.attack, &p.attack) {
            let target = Target::Attack(p.name.clone());
            ov.applied.push(applied(
                target.clone(),
                target.label(),
                formula_attack_bonus(design, a.defense),
                o,
            ));
        }
    }
}

/// The tags' labels, each once, for the type line.
fn tag_labels(design: &MonsterDesign) -> Vec<String> {
    let mut tags: Vec<String> = Vec::new();
    for t in &design.tags {
        let label = t.label().to_owned();
        if !tags.contains(&label) {
            tags.push(label);
        }
    }
    tags
}

/// The movement modes besides walking, and the movement traits written as a sentence starts.
fn movement_values(design: &MonsterDesign) -> MovementValues {
    MovementValues {
        fly: design.movement.fly,
        swim: design.movement.swim,
        climb: design.movement.climb,
        burrow: design.movement.burrow,
        teleport: design.movement.teleport,
        traits: design
            .movement
            .traits
            .iter()
            .map(|t| capitalise_first(&t.to_string()))
            .collect(),
    }
}

fn variant_values(design: &MonsterDesign) -> Vec<VariantValue> {
    design
        .variants
        .iter()
        .map(|v| VariantValue {
            name: v.name.clone(),
            text: name_in(&v.text, &design.name),
        })
        .collect()
}

/// Derives the full stat block of a design.
pub fn derive(design: &MonsterDesign) -> StatBlock {
    let level = design.level;
    let mut ov = Overrides {
        design,
        applied: Vec::new(),
    };
    let Vitals {
        xp,
        hp,
        defenses,
        saving_throw_bonus,
        action_points,
        recoveries,
    } = vitals(&mut ov);
    let abilities = ability_values(design);
    let initiative = ov.apply(StatKey::Initiative, i64::from(abilities.dex.modifier));
    let perception = ov.apply(
        StatKey::Perception,
        i64::from(skill_bonus(design, &abilities, Skill::Perception)),
    );
    let skills = trained_skills(design, &abilities);
    let granted = granted(design);
    let speed = ov.apply(
        StatKey::Speed,
        i64::from(design.movement.walk.unwrap_or(DEFAULT_SPEED)),
    );
    let reach = ov.apply(
        StatKey::Reach,
        i64::from(design.reach.unwrap_or(design.size.default_reach())),
    );
    let k = knowledge_check(level, design.source, &design.tags);
    let traits = stat_traits(design, &granted);
    record_attack_overrides(&mut ov);
    let powers = design
        .powers
        .iter()
        .map(|p| derive_power(design, p, reach))
        .collect();
    let tags = tag_labels(design);

    StatBlock {
        kind: StatBlockKind::StatBlock,
        id: design.id.clone(),
        name: design.name.clone(),
        level: level.get(),
        rank: design.rank,
        role: design.role,
        leader: design.leader,
        size: design.size,
        source: design.source,
        creature_type: design.creature_type,
        tags: design.tags.iter().map(|t| t.key().to_owned()).collect(),
        xp,
        hp,
        staggered: hp / 2,
        recovery_value: hp / 4,
        regeneration: design.regeneration.map(|r| r.label()),
        mook: design.rank == Rank::Mook,
        defenses,
        saving_throw_bonus,
        action_points,
        recoveries,
        initiative,
        perception,
        passive_perception: PASSIVE_BASE + perception,
        senses: design.senses.iter().map(sense_label).collect(),
        blind: design.tags.contains(&crate::rules::Tag::Blind),
        speed,
        movement: movement_values(design),
        abilities,
        skills,
        resistances: resistance_values(&granted.resistances),
        vulnerabilities: resistance_values(&granted.vulnerabilities),
        immunities: design.immunities.clone(),
        reactive_resistance: granted.reactive_resistance,
        incorporeal: granted.incorporeal,
        space: design.size.space().to_owned(),
        reach,
        knowledge: KnowledgeValue {
            skill: k.skill,
            moderate_dc: k.moderate_dc,
            hard_dc: k.hard_dc,
        },
        alignment: design.alignment.map(|a| a.key().to_owned()),
        languages: languages(design),
        telepathy: design.telepathy,
        traits,
        powers,
        overrides: ov.applied,
        variants: variant_values(design),
        templates: Vec::new(),
        equipment: design.equipment.clone(),
        description: design.description.clone(),
        tactics: design.tactics.clone(),
        header: header_line(design),
        type_line: type_line(design, &tags),
    }
}

fn derive_power(design: &MonsterDesign, p: &Power, reach: i64) -> StatPower {
    let attack = p.attack.as_ref().map(|a| AttackValue {
        bonus: attack_bonus(design, p, a.defense),
        defense: a.defense,
    });
    let damage = power_damage(design, p);
    let range = match (p.origin, p.range) {
        (Origin::Melee, None) => Some(u32::try_from(reach.max(0)).unwrap_or(0)),
        (_, r) => r,
    };
    StatPower {
        name: p.name.clone(),
        usage: p.usage,
        category: if p.attack.is_some() || p.attack_count() > 0 || p.damage.is_some() {
            Category::Attack
        } else {
            Category::Utility
        },
        refresh: p.refresh.clone(),
        action: p.action,
        basic: p.basic,
        origin: p.origin,
        range,
        area: p.area.map(|a| a.to_string()),
        // An area power's targets in the book's target words where they mean one (L951-960).
        targets: p.targets.as_deref().map(
            |t| match crate::rules::power_vocab::AreaTarget::of_text(t)
                .filter(|_| p.origin.is_area())
            {
                Some(w) => w.words().to_owned(),
                None => t.to_owned(),
            },
        ),
        tags: keywords(p),
        attack,
        attacks: p.attack_count(),
        hit: hit_text(p, damage.as_ref(), &design.name),
        damage_source: p.damage.as_ref().map(|d| match d {
            DamageSpec::Tier(t) => t.key().to_owned(),
            DamageSpec::Dice(_) => "dice".to_owned(),
        }),
        damage: damage.map(DamageValue),
        damage_type: p.damage_type.map(|d| d.key().to_owned()),
        trigger: p.trigger.as_deref().map(|t| name_in(t, &design.name)),
        requirements: p.requirements.as_deref().map(|t| name_in(t, &design.name)),
        miss: p.miss.as_deref().map(|t| name_in(t, &design.name)),
        effect: p.effect.as_deref().map(|t| name_in(t, &design.name)),
        secondary_attack: p
            .secondary_attack
            .as_deref()
            .map(|t| name_in(t, &design.name)),
        aftereffect: p.aftereffect.as_deref().map(|t| name_in(t, &design.name)),
        special: p.special.as_deref().map(|t| name_in(t, &design.name)),
        from_template: None,
        symbol: p.origin.symbol(p.basic),
        triggered: p.action.is_triggered(),
    }
}

/// "Darkvision", "Truesight 10": the book capitalises senses in the Senses entry (R14).
fn sense_label(s: &crate::rules::senses::Sense) -> String {
    match s.range {
        Some(r) => format!("{} {r}", s.kind.label()),
        None => s.kind.label().to_owned(),
    }
}

/// "Wall-walker", "Clumsy in air -4": the first letter up, as the book prints traits.
fn capitalise_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Languages in alphabetical order (Monster Statistics: Languages).
fn languages(design: &MonsterDesign) -> Vec<String> {
    let mut v = design.languages.clone();
    v.sort_by_key(|l| l.to_lowercase());
    v
}

/// Template text says `{name}` where the monster's name belongs.
fn name_in(text: &str, name: &str) -> String {
    text.replace("{name}", name)
}

/// The Hit line: the damage phrase, then the designer's text. `{damage}` places it explicitly.
fn hit_text(p: &Power, damage: Option<&Damage>, name: &str) -> Option<String> {
    let phrase = damage.map(|d| match p.damage_type {
        Some(t) => format!("{d} {} damage", t.key()),
        None => format!("{d} damage"),
    });
    let text = p.hit.as_deref().map(|t| name_in(t.trim(), name));
    match (phrase, text) {
        (None, None) => None,
        (Some(ph), None) => Some(format!("{ph}.")),
        (None, Some(t)) => Some(t.replace("{damage}", "damage")),
        (Some(ph), Some(t)) if t.contains("{damage}") => Some(t.replace("{damage}", &ph)),
        (Some(ph), Some(t)) if t.starts_with(|c: char| c.is_lowercase()) => {
            // "1d8+4 damage, and the target falls prone." reads as one sentence.
            let joined = ["and ", "or ", "but ", "plus ", "then "]
                .iter()
                .any(|w| t.starts_with(w));
            Some(format!("{ph}, {}{t}", if joined { "" } else { "and " }))
        }
        (Some(ph), Some(t)) => Some(format!("{ph}. {t}")),
    }
}

/// "Level 4 Elite Skulker (Leader)"; a standard monster's rank is left out (L1585).
pub(crate) fn header_line(d: &MonsterDesign) -> String {
    let mut s = format!("Level {} ", d.level);
    if d.rank != Rank::Standard {
        s.push_str(d.rank.label());
        s.push(' ');
    }
    s.push_str(d.role.label());
    if d.leader {
        s.push_str(" (Leader)");
    }
    s
}

/// "Medium Natural Beast ● Aquatic" (L1582, L1632).
fn type_line(d: &MonsterDesign, tag_labels: &[String]) -> String {
    let mut s = format!(
        "{} {} {}",
        d.size.label(),
        d.source.label(),
        d.creature_type.label()
    );
    if !tag_labels.is_empty() {
        s.push_str(" ● ");
        s.push_str(&tag_labels.join(", "));
    }
    s
}

/// A power's keywords for its headline: its tags, and its damage type when no tag names it (a
/// Forge-made fire attack shows ● Fire as a shipped one does).
fn keywords(p: &Power) -> Vec<String> {
    let mut tags: Vec<String> = p.tags.iter().map(|t| t.label().to_owned()).collect();
    if let Some(dt) = p.damage_type {
        let label = dt.label();
        if !tags.iter().any(|t| t.eq_ignore_ascii_case(label)) {
            tags.push(label.to_owned());
        }
    }
    tags
}
