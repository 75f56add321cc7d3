//! The balance lint: every departure from the formulas (overrides, literal dice) as a warning
//! with its size, and every design that is not playable or not in the book's vocabulary as an
//! error.

use crate::monster::derive::power_damage;
use crate::monster::design::{MonsterDesign, is_valid_id};
use crate::monster::kit::attack_rate;
use crate::monster::power::{DamageSpec, Power};
use crate::monster::statblock::{AppliedOverride, StatBlock};
use crate::rules::Tag;
use crate::rules::damage::{Damage, tier_damage};
use crate::rules::power_vocab::{Origin, Usage};
use crate::rules::rank::Rank;
use crate::vocab::Vocabulary;
use serde::Serialize;
use std::path::Path;

/// How serious a finding is: `lairsmith lint` fails on an error, and on a warning only with
/// `--strict`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// A departure from the formulas (an override, literal dice) or from the book's advice (a
    /// leader with no leader power, too few attacks for the rank): the monster still plays.
    Warning,
    /// A design that is not playable or not in the book's vocabulary.
    Error,
}

/// One lint result.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    /// Warning or error.
    pub severity: Severity,
    /// A stable short name for tools, e.g. `override`, `no-basic-attack`.
    pub code: &'static str,
    /// The sentence the GM reads.
    pub message: String,
    /// For overrides and literal damage: how far from the formula, and in percent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub departure: Option<Departure>,
}

/// How far a hand-set number is from the formula's: for an override, the stat's numbers; for
/// literal dice, the average damage of the tier's dice and of the literal ones.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Departure {
    /// What the formula gives.
    pub formula: f64,
    /// What the design gives instead.
    pub value: f64,
    /// `value - formula`.
    pub difference: f64,
    /// The difference as a percentage of the formula's number, to one decimal (0 where the formula
    /// gives 0).
    pub percent: f64,
}

impl Departure {
    fn new(formula: f64, value: f64) -> Departure {
        let difference = value - formula;
        let percent = if formula == 0.0 {
            0.0
        } else {
            (difference / formula * 1000.0).round() / 10.0
        };
        Departure {
            formula,
            value,
            difference,
            percent,
        }
    }

    fn describe(&self) -> String {
        let sign = if self.difference >= 0.0 { "+" } else { "" };
        format!(
            "{} instead of {} ({sign}{}, {sign}{}%)",
            trim_float(self.value),
            trim_float(self.formula),
            trim_float(self.difference),
            trim_float(self.percent)
        )
    }
}

fn trim_float(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v:.1}")
    }
}

/// A warning for a hand-set number: how far it is from the formula, and the designer's reason.
/// A fixed value below the formula of a stat where higher is stronger is named as weakening
/// the monster (`weakening-override`): it is what a strengthening override becomes once the
/// monster is re-levelled past it, and `by:` is the way to keep it above.
fn override_finding(o: &AppliedOverride, level: crate::rules::Level) -> Finding {
    let (formula, value) = (o.formula, o.value);
    let dep = Departure::new(formula as f64, value as f64);
    let reason = match o.reason.trim() {
        "" => "no reason given".to_owned(),
        r => format!("reason: {r}"),
    };
    // The numbers are written from the integers: a float would print i64::MAX one too high.
    let difference = i128::from(value) - i128::from(formula);
    let sign = if difference >= 0 { "+" } else { "" };
    let described = format!(
        "{value} instead of {formula} ({sign}{difference}, {sign}{}%)",
        trim_float(dep.percent)
    );
    let what = &o.stat;
    let mut message = format!("{what} is overridden: {described}; {reason}");
    if let Some(by) = o.by {
        message.push_str(&format!(
            "; relative (`by: {by:+}`), it follows the formula to every level"
        ));
        if o.clamped {
            let limit = o.target.limit();
            message.push_str(&format!(
                "; the formula's {formula} {by:+} is {}, outside the range of {} ({}), so it is held at {value}",
                formula.saturating_add(by),
                limit.what,
                limit.range_text()
            ));
        }
    }
    let weakening = o.by.is_none() && value < formula && o.target.higher_is_stronger();
    let code = if weakening {
        message.push_str(&format!(
            "; a fixed value below the formula ({formula} at level {level}) weakens the monster: to make it stronger at every level, write `by: +N` in place of `value`; to keep it {} below, `by: {difference}`",
            -difference
        ));
        "weakening-override"
    } else {
        "override"
    };
    Finding {
        departure: Some(dep),
        ..warning(code, message)
    }
}

fn error(code: &'static str, message: String) -> Finding {
    Finding {
        severity: Severity::Error,
        code,
        message,
        departure: None,
    }
}

fn warning(code: &'static str, message: String) -> Finding {
    Finding {
        severity: Severity::Warning,
        code,
        message,
        departure: None,
    }
}

/// Lints a design (and, if known, the file it came from).
pub fn lint(design: &MonsterDesign, block: &StatBlock, path: Option<&Path>) -> Vec<Finding> {
    let mut out = Vec::new();
    identity(design, path, &mut out);
    unique_names(design, &mut out);
    playability(design, &mut out);
    for o in &block.overrides {
        out.push(override_finding(o, design.level));
    }
    for p in &design.powers {
        power_checks(design, p, &mut out);
    }
    reach(design, block, &mut out);
    out.sort_by_key(|f| std::cmp::Reverse(f.severity));
    out
}

/// A basic melee attack that reaches further than the monster: its stat block would say
/// "Reach 1" beside "Melee 3" (Combat: Melee; R12). The monster's `reach` is the fix.
fn reach(d: &MonsterDesign, block: &StatBlock, out: &mut Vec<Finding>) {
    for p in d
        .powers
        .iter()
        .filter(|p| p.basic && p.origin == Origin::Melee)
    {
        if let Some(r) = p.range
            && i64::from(r) > block.reach
        {
            out.push(warning(
                "reach",
                format!(
                    "{}: a basic melee attack reaches {r} squares but the monster's reach is {}; give the monster `reach: {r}`",
                    p.name, block.reach
                ),
            ));
        }
    }
}

fn identity(d: &MonsterDesign, path: Option<&Path>, out: &mut Vec<Finding>) {
    if d.name.trim().is_empty() {
        out.push(error("no-name", "the monster has no name".into()));
    }
    if !is_valid_id(&d.id) {
        out.push(error(
            "bad-id",
            format!("id `{}` is not a slug: use lower-case letters, digits and single hyphens, such as `{}`", d.id, crate::monster::slugify(&d.id)),
        ));
    }
    if let Some(stem) = path
        .and_then(|p| p.file_stem())
        .map(|s| s.to_string_lossy())
        && stem != d.id
    {
        out.push(error(
            "id-mismatch",
            format!(
                "id `{}` differs from the file name `{stem}`; they must be equal",
                d.id
            ),
        ));
    }
    if d.tags.contains(&Tag::Undead) && d.tags.contains(&Tag::UndeadSpirit) {
        out.push(error(
            "undead-variants",
            "choose one undead variant: `undead` (a dead body) or `undead-spirit` (a dead soul)"
                .into(),
        ));
    }
    let mut seen = Vec::new();
    for t in &d.tags {
        if seen.contains(t) {
            out.push(warning(
                "duplicate-tag",
                format!("tag `{}` is listed twice", t.key()),
            ));
        }
        seen.push(*t);
    }
    for (a, score) in crate::rules::Ability::ALL
        .iter()
        .filter_map(|a| d.abilities.get(*a).map(|s| (a, s)))
    {
        if !(1..=60).contains(&score) {
            out.push(error(
                "ability-score",
                format!(
                    "{} {score} is not a usable ability score (1 to 60)",
                    a.label()
                ),
            ));
        }
    }
}

/// Two traits, two powers or two variants of one name: a reader cannot tell which is meant, and
/// Fantasy Statblocks keeps only one of them (`crate::monster::names`). Each kind is its own
/// list, as in the stat block: a trait may share a power's name.
fn unique_names(d: &MonsterDesign, out: &mut Vec<Finding>) {
    let lists: [(&str, Vec<&str>); 3] = [
        ("trait", d.traits.iter().map(|t| t.name.as_str()).collect()),
        ("power", d.powers.iter().map(|p| p.name.as_str()).collect()),
        (
            "variant",
            d.variants.iter().map(|v| v.name.as_str()).collect(),
        ),
    ];
    for (kind, names) in lists {
        for (later, earlier) in crate::monster::names::repeated(names.iter().copied()) {
            out.push(error(
                "duplicate-name",
                format!(
                    "{kind} {} `{}` has the name of {kind} {} `{}`; give each {kind} its own name: a reader cannot tell the two apart, and Fantasy Statblocks keeps one entry of a name",
                    later + 1,
                    names[later],
                    earlier + 1,
                    names[earlier]
                ),
            ));
        }
    }
}

fn playability(d: &MonsterDesign, out: &mut Vec<Finding>) {
    if !d.powers.iter().any(|p| p.basic && p.attack.is_some()) {
        out.push(error(
            "no-basic-attack",
            "no basic attack: mark one at-will attack power `basic: true` (with an `attack`)"
                .into(),
        ));
    }
    let target = d.rank.attack_rate_target();
    let rate = attack_rate(&d.powers);
    if target > 1 && rate < target {
        out.push(error(
            "attack-rate",
            format!(
                "{} {} should attack about {target} times a round (Creating New Monsters: Powers) but its powers give {rate}: add a double attack, or a swift-action or triggered attack",
                crate::text::article(d.rank.key()),
                d.rank.key()
            ),
        ));
    }
    let elite = Rank::Elite.attack_rate_target();
    if matches!(d.rank, Rank::Standard | Rank::Mook) && rate >= elite {
        out.push(warning(
            "attack-rate",
            format!(
                "{} should attack about once a round, but its at-will powers give {rate} attacks, as often as an elite (Creating New Monsters: Powers): make an extra attack an encounter power, or make the monster elite",
                if d.rank == Rank::Mook { "a mook" } else { "a standard monster" }
            ),
        ));
    }
    if d.leader {
        let helps = d
            .traits
            .iter()
            .any(|t| t.aura.is_some() || mentions_allies(&t.text))
            || d.powers.iter().any(|p| {
                [&p.hit, &p.effect, &p.miss]
                    .iter()
                    .any(|t| t.as_deref().is_some_and(mentions_allies))
            });
        if !helps {
            out.push(warning(
                "leader-power",
                "a leader should help its allies: add an aura or an ally-boosting power".into(),
            ));
        }
    }
}

/// Whether a power's text has the monster itself shift: a clause with "shift" whose subject is
/// not someone else ("each target can shift", "the ally shifts", "an enemy ... cannot shift").
/// The monster is named many ways ("{name} shifts", "the drake can shift", "and can shift"),
/// so it is the other subjects that are told apart.
fn shifts_itself(p: &Power) -> bool {
    const OTHERS: &[&str] = &[
        "target",
        "targets",
        "ally",
        "allies",
        "enemy",
        "enemies",
        "creature",
        "creatures",
        "each",
        "any",
        "cannot",
        "can't",
    ];
    const NO_SUBJECT: &[&str] = &["can", "may", "also", "then", "immediately", "instead"];
    let by_others = |words: &[String]| words.iter().any(|w| OTHERS.contains(&w.as_str()));
    [&p.effect, &p.hit, &p.miss, &p.special]
        .iter()
        .filter_map(|t| t.as_deref())
        .flat_map(|t| t.split(['.', ';']))
        .any(|sentence| {
            let words: Vec<String> = sentence
                .split_whitespace()
                .map(|w| {
                    w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
                        .to_lowercase()
                })
                .collect();
            let joins = |w: &String| matches!(w.as_str(), "and" | "then" | "or");
            words.iter().enumerate().any(|(i, w)| {
                if w != "shift" && w != "shifts" {
                    return false;
                }
                // The clause's subject: the words since the last "and", "then" or "or"; a
                // clause without one ("... and can shift") has the sentence's.
                let start = words[..i].iter().rposition(joins).map_or(0, |j| j + 1);
                let clause = &words[start..i];
                if clause.iter().all(|w| NO_SUBJECT.contains(&w.as_str())) {
                    let first = words.iter().position(joins).unwrap_or(i).min(i);
                    !by_others(&words[..first])
                } else {
                    !by_others(clause)
                }
            })
        })
}

fn mentions_allies(text: &str) -> bool {
    let t = text.to_lowercase();
    t.contains("ally") || t.contains("allies")
}

/// The damage a tier gives this monster: what literal dice are measured against.
fn expected_damage(d: &MonsterDesign, p: &Power) -> Damage {
    tier_damage(p.natural_tier(), d.level, d.rank, d.role)
}

fn power_checks(d: &MonsterDesign, p: &Power, out: &mut Vec<Finding>) {
    let name = &p.name;
    if name.trim().is_empty() {
        out.push(error("power-name", "a power has no name".into()));
    }
    if let Some(dt) = p.damage_type
        && let Ok(tag) = crate::rules::power_vocab::PowerTag::parse(dt.key())
        && !p.tags.contains(&tag)
    {
        out.push(warning(
            "damage-tag",
            format!(
                "{name}: it deals {} damage without the {} tag; add `{}` to its tags (Powers: Tags)",
                dt.key(),
                tag.label(),
                tag.key()
            ),
        ));
    }
    if d.movement.fly.is_some()
        && !d
            .movement
            .traits
            .contains(&crate::rules::senses::MovementTrait::Hover)
        && shifts_itself(p)
    {
        out.push(warning(
            "flying-shift",
            format!(
                "{name}: it shifts the monster, but a flying monster without hover cannot shift while it flies (Movement and Position: Fly); add `hover` to its movement traits or say it shifts only on the ground"
            ),
        ));
    }
    let faces_valid = !p.refresh.is_empty() && p.refresh.iter().all(|f| (1..=6).contains(f));
    if p.usage == Usage::Refresh && !faces_valid {
        out.push(error(
            "refresh",
            format!(
                "{name}: a refresh power lists the d6 faces that refresh it, 1 to 6, such as [5, 6]"
            ),
        ));
    } else if p.usage != Usage::Refresh && !p.refresh.is_empty() {
        out.push(error(
            "refresh",
            format!("{name}: `refresh` faces need `usage: refresh`"),
        ));
    }
    match (p.origin, &p.area) {
        (Origin::Near | Origin::Far, None) => out.push(error(
            "area",
            format!(
                "{name}: a {} power needs an area such as `burst 1`",
                p.origin.key()
            ),
        )),
        (Origin::Melee | Origin::Ranged | Origin::SelfOrigin, Some(_)) => {
            out.push(error(
                "area",
                format!("{name}: only near and far powers have an area"),
            ));
        }
        _ => {}
    }
    if p.action.is_triggered() && p.trigger.as_deref().is_none_or(|t| t.trim().is_empty()) {
        out.push(warning(
            "trigger",
            format!(
                "{name}: {} {} power should say what triggers it",
                crate::text::article(p.action.label()),
                p.action.label()
            ),
        ));
    }
    if p.attacks == Some(0) {
        out.push(error(
            "attacks",
            format!("{name}: `attacks` must be at least 1"),
        ));
    }
    if p.basic && p.usage != Usage::AtWill {
        out.push(warning(
            "basic",
            format!("{name}: a basic attack should be at-will"),
        ));
    }
    if d.rank == Rank::Mook && p.hits_several() {
        out.push(warning(
            "mook-targets",
            format!("{name}: mooks should target only one creature with each attack (Creating New Monsters: Powers)"),
        ));
    }
    match &p.damage {
        // A mook's damage is static whatever the tier (R10), so its tier cannot be wrong.
        Some(DamageSpec::Tier(_)) if d.rank == Rank::Mook => {}
        Some(DamageSpec::Tier(t)) => {
            let natural = p.natural_tier();
            if t.is_surge() != natural.is_surge() {
                out.push(warning(
                    "tier",
                    format!(
                        "{name}: {} {} power uses the {} tier; {} powers use {} damage (Creating New Monsters: Powers)",
                        crate::text::article(p.usage.key()),
                        p.usage.key(),
                        t.key(),
                        p.usage.key(),
                        if natural.is_surge() {
                            "surge"
                        } else {
                            "at-will"
                        }
                    ),
                ));
            } else if !t.is_multi() && natural.is_multi() {
                out.push(warning(
                    "tier",
                    format!(
                        "{name}: it hits several targets but uses the single-target tier {}",
                        t.key()
                    ),
                ));
            }
        }
        Some(DamageSpec::Dice(dice)) => {
            let expected = expected_damage(d, p);
            let dep = Departure::new(expected.average(), dice.average());
            out.push(Finding {
                departure: Some(dep),
                ..warning(
                    "literal-damage",
                    format!(
                        "{name}: literal damage {dice} averages {}; the {} tier at level {} gives {expected} (average {})",
                        dep.describe(),
                        p.natural_tier().key(),
                        d.level,
                        trim_float(expected.average())
                    ),
                )
            });
        }
        None => {}
    }
    // A power's attack override is in the stat block's overrides, warned of with the others.
    if p.attack.is_some() && power_damage(d, p).is_none() && p.hit.is_none() && p.effect.is_none() {
        out.push(warning(
            "no-effect",
            format!("{name}: the attack has no damage, hit or effect"),
        ));
    }
}

/// The worst severity among findings.
pub fn worst(findings: &[Finding]) -> Option<Severity> {
    findings.iter().map(|f| f.severity).max()
}
