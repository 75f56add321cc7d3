//! The power form's fields: one row a field of a power, read from and written to the power.

#[allow(clippy::wildcard_imports)]
use super::*;

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
    if p.usage == lairsmith_core::rules::power_vocab::Usage::Refresh {
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
pub(super) fn damage_choice(p: &Power) -> usize {
    match &p.damage {
        None => 0,
        Some(DamageSpec::Tier(t)) => 1 + DamageTier::ALL.iter().position(|x| x == t).unwrap_or(0),
        Some(DamageSpec::Dice(_)) => 5,
    }
}

/// A row of power `i`'s form: typed, read by `set`.
pub(super) fn typed(
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
pub(super) fn cycled(
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
                move |d, t| set_name(d, i, t),
            ),
            Basic => Row::new(
                "Basic attack",
                Edit::Toggle(Box::new(move |d| d.powers[i].basic = !d.powers[i].basic)),
                Box::new(move |d| if d.powers[i].basic { "yes" } else { "no" }.into()),
            ),
            Usage => cycled(i, "Usage", |p| p.usage.label().into(), cycle_usage),
            Refresh => typed(
                i,
                "Refresh on",
                "the d6 faces that refresh it, e.g. 5, 6",
                |p| join(&p.refresh),
                set_refresh,
            ),
            Action => cycled(
                i,
                "Action",
                |p| p.action.label().into(),
                |p, fwd| p.action = lairsmith_core::vocab::cycle(p.action, fwd),
            ),
            Origin => cycled(i, "Origin", |p| p.origin.label().into(), cycle_origin),
            Range => typed(
                i,
                "Range/reach",
                "squares; empty for melee uses the monster's reach",
                |p| p.range.map(|r| r.to_string()).unwrap_or_default(),
                |p, t| {
                    p.range = opt_number(t, "Range", &lairsmith_core::limits::POWER_RANGE)?
                        .map(|v| v as u32);
                    Ok(())
                },
            ),
            Area => typed(
                i,
                "Area",
                "burst N, arc N or wall N",
                |p| p.area.map(|a| a.to_string()).unwrap_or_default(),
                set_area,
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
                cycle_attack,
            ),
            Attacks => typed(
                i,
                "Attacks",
                "attacks one use makes, e.g. 2 for a double attack; empty: 1 if it has an attack roll",
                |p| p.attacks.map(|a| a.to_string()).unwrap_or_default(),
                |p, t| {
                    p.attacks = opt_number(t, "Attacks", &lairsmith_core::limits::ATTACKS)?
                        .map(|v| v as u32);
                    Ok(())
                },
            ),
            Damage => Row::cycle(
                "Damage",
                move |d| damage_label(d, i),
                move |d, fwd| cycle_damage(&mut d.powers[i], fwd),
            ),
            Dice => typed(
                i,
                "Dice",
                "e.g. 2d10+4 (the lint shows how far it is from the table)",
                |p| match &p.damage {
                    Some(DamageSpec::Dice(d)) => d.to_string(),
                    _ => String::new(),
                },
                set_dice,
            ),
            DamageType => cycled(
                i,
                "Damage type",
                |p| p.damage_type.map_or("untyped".into(), |t| t.key().into()),
                |p, fwd| p.damage_type = lairsmith_core::vocab::cycle_option(p.damage_type, fwd),
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
                    p.overrides.attack =
                        parse_override(t, &lairsmith_core::limits::BONUS_OVERRIDE)?;
                    Ok(())
                },
            ),
        }
    }
}

/// Renames power `i`, refusing a name another power of the monster has (`monster::names`).
fn set_name(d: &mut MonsterDesign, i: usize, t: &str) -> Result<(), String> {
    let others = d.powers.iter().enumerate().filter(|(j, _)| *j != i);
    name_is_free("power", others.map(|(_, q)| q.name.as_str()), t)?;
    let t = t.trim();
    if t.is_empty() {
        return Err("a power needs a name".into());
    }
    one_line::check("the power's name", t)?;
    d.powers[i].name = t.to_owned();
    Ok(())
}

/// The next usage; a power that becomes Refresh starts on 5, 6, one that stops forgets its
/// faces.
fn cycle_usage(p: &mut Power, fwd: bool) {
    p.usage = lairsmith_core::vocab::cycle(p.usage, fwd);
    if p.usage == lairsmith_core::rules::power_vocab::Usage::Refresh && p.refresh.is_empty() {
        p.refresh = vec![5, 6];
    } else if p.usage != lairsmith_core::rules::power_vocab::Usage::Refresh {
        p.refresh.clear();
    }
    retier(p);
}

/// The d6 faces that refresh the power: at least one, each 1 to 6.
fn set_refresh(p: &mut Power, t: &str) -> Result<(), String> {
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
}

/// The next origin; an area origin starts as a burst 1, any other drops the area.
fn cycle_origin(p: &mut Power, fwd: bool) {
    p.origin = lairsmith_core::vocab::cycle(p.origin, fwd);
    if p.origin.is_area() && p.area.is_none() {
        p.area = Some(lairsmith_core::rules::power_vocab::Area {
            shape: lairsmith_core::rules::power_vocab::AreaShape::Burst,
            size: 1,
        });
    } else if !p.origin.is_area() {
        p.area = None;
    }
    retier(p);
}

fn set_area(p: &mut Power, t: &str) -> Result<(), String> {
    p.area = match t.trim() {
        "" => None,
        _ => Some(lairsmith_core::rules::power_vocab::Area::parse(t).map_err(|e| e.to_string())?),
    };
    Ok(())
}

/// The next defense attacked, through "no attack roll".
fn cycle_attack(p: &mut Power, fwd: bool) {
    let cur = p.attack.as_ref().map(|a| a.defense);
    p.attack = lairsmith_core::vocab::cycle_option::<Defense>(cur, fwd)
        .map(|defense| AttackSpec { defense });
}

/// Power `i`'s damage as the form shows it: a tier with the dice it gives this monster.
fn damage_label(d: &MonsterDesign, i: usize) -> String {
    match &d.powers[i].damage {
        None => "none".into(),
        Some(DamageSpec::Tier(t)) => {
            let dice = tier_damage(*t, d.level, d.rank, d.role);
            format!("{} → {dice}", t.label())
        }
        Some(DamageSpec::Dice(dice)) => format!("custom dice {dice}"),
    }
}

/// The next damage choice (see [`damage_choice`]); custom dice start at 1d8.
fn cycle_damage(p: &mut Power, fwd: bool) {
    let n = 6;
    let c = damage_choice(p);
    p.damage = match if fwd { (c + 1) % n } else { (c + n - 1) % n } {
        0 => None,
        5 => Some(DamageSpec::Dice(lairsmith_core::dice::DiceExpr::new(
            1, 8, 0,
        ))),
        t => Some(DamageSpec::Tier(DamageTier::ALL[t - 1])),
    };
}

fn set_dice(p: &mut Power, t: &str) -> Result<(), String> {
    let dice = lairsmith_core::dice::DiceExpr::parse(t).map_err(|e| e.to_string())?;
    p.damage = Some(DamageSpec::Dice(dice));
    Ok(())
}

/// Keeps a tiered power's tier in step with its usage and origin (R10) when those change.
pub(super) fn retier(p: &mut Power) {
    if let Some(DamageSpec::Tier(_)) = p.damage {
        p.damage = Some(DamageSpec::Tier(p.natural_tier()));
    }
}
