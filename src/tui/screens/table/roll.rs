//! The roll prompt's words (P13, P15): the power, its targets each with a defense where the
//! fight does not know it, the table's modifiers, the table's d20s and an immediate action; and
//! what the prompt shows of each target before the roll.

use lairsmith_core::fight::Fight;
use lairsmith_core::fight::step::{AttackTarget, Step};

/// A power of `who` by its number on the card (1, 2, ...) or its name.
pub(super) fn power_named(f: &Fight, who: &str, word: &str) -> Result<String, String> {
    let c = f
        .now
        .combatants
        .iter()
        .find(|c| c.id == who)
        .ok_or_else(|| format!("{who} is not in the fight"))?;
    if c.powers.is_empty() {
        return Err(format!("{} has no powers in the fight", c.name));
    }
    if let Ok(n) = word.parse::<usize>() {
        return c
            .powers
            .get(n.wrapping_sub(1))
            .map(|p| p.name.clone())
            .ok_or_else(|| format!("{} has powers 1 to {}", c.name, c.powers.len()));
    }
    c.powers
        .iter()
        .find(|p| p.name.eq_ignore_ascii_case(word))
        .map(|p| p.name.clone())
        .ok_or_else(|| {
            format!(
                "`{}` is not a power of {}: give its number, 1 to {}",
                lairsmith_core::text::quote_short(word),
                c.name,
                c.powers.len()
            )
        })
}

/// The roll prompt's words as an attack step: the power's number, then each target's id, each
/// followed by its defense where the fight does not know it (P15); anywhere after the power,
/// the table's modifiers (`cover`, `ca`, `-2`: P13), `d20` and the table's rolls, one a target
/// in order, and `immediate` for an immediate action or an opportunity attack (P18). Riders are
/// offered, not applied: the screen asks which to apply (P16).
pub(super) fn roll_step(f: &Fight, who: String, text: &str) -> Result<Step, String> {
    let mut w = text.split_whitespace().peekable();
    let power = power_named(f, &who, w.next().unwrap_or(""))?;
    let mut targets: Vec<AttackTarget> = Vec::new();
    let (mut mods, mut d20, mut immediate) = (Vec::new(), Vec::new(), false);
    while let Some(word) = w.next() {
        let lower = word.to_ascii_lowercase();
        if lower == "d20" {
            while let Some(n) = w.next_if(|n| n.bytes().all(|b| b.is_ascii_digit())) {
                d20.push(d20_word(n)?);
            }
            if d20.is_empty() {
                return Err(
                    "`d20` is followed by the table's rolls, one a target in order (d20 17 4)"
                        .into(),
                );
            }
        } else if matches!(lower.as_str(), "immediate" | "opportunity") {
            immediate = true;
        } else if word.bytes().all(|b| b.is_ascii_digit()) {
            defense_word(&mut targets, word)?;
        } else if lower.starts_with(['+', '-'])
            || lower
                .parse::<lairsmith_core::fight::rules::TableMod>()
                .is_ok()
        {
            lower.parse::<lairsmith_core::fight::rules::TableMod>()?;
            mods.push(lower);
        } else {
            targets.push(AttackTarget {
                who: word.to_owned(),
                defense: None,
            });
        }
    }
    if targets.is_empty() {
        return Err(
            "name the target: the power's number, then the target's id (1 ana), or several targets' (1 ana bo)"
                .into(),
        );
    }
    let first = targets.remove(0);
    Ok(Step::Attack {
        who,
        power,
        target: first.who,
        defense: first.defense,
        apply: true,
        also: targets,
        mods,
        d20,
        riders: false,
        immediate,
    })
}

/// A target's defense, after its id.
fn defense_word(targets: &mut [AttackTarget], word: &str) -> Result<(), String> {
    let Some(last) = targets.last_mut().filter(|t| t.defense.is_none()) else {
        return Err(format!(
            "`{}` follows no target: a roll is the power's number, then each target's id, each followed by its defense where the fight does not know it (1 ana 24 bo)",
            lairsmith_core::text::quote_short(word)
        ));
    };
    last.defense = Some(
        word.parse::<i64>()
            .ok()
            .filter(|d| (1..=99).contains(d))
            .ok_or_else(|| {
                format!(
                    "`{}` is not a defense: a number from 1 to 99",
                    lairsmith_core::text::quote_short(word)
                )
            })?,
    );
    Ok(())
}

/// One of the table's d20s.
fn d20_word(word: &str) -> Result<i64, String> {
    word.parse::<i64>()
        .ok()
        .filter(|d| (1..=20).contains(d))
        .ok_or_else(|| {
            format!(
                "`{}` is not a d20's roll: 1 to 20",
                lairsmith_core::text::quote_short(word)
            )
        })
}

/// What the roll prompt shows under its field while the GM types: each target named so far
/// with the defense attacked and every modifier with its reason (P13), or why the words are no
/// roll yet. Nothing is rolled.
pub fn preview(f: &Fight, who: &str, text: &str) -> Vec<String> {
    let Some(c) = f.now.combatants.iter().find(|c| c.id == who) else {
        return Vec::new();
    };
    if text.split_whitespace().count() < 2 {
        let mut lines = vec![
            "the power's number, then each target's id (1 ana; 2 ana bo where it allows several, P15); then what the table says: cover, ca, charge, -2 (P13), d20 17 for a die rolled at the table, immediate (P18)".to_owned(),
        ];
        for (n, p) in c
            .powers
            .iter()
            .enumerate()
            .filter(|(_, p)| p.attack.is_some())
        {
            let targets = p.targets.as_deref().unwrap_or("one creature");
            lines.push(format!("{}. {}: {targets}", n + 1, p.name));
        }
        return lines;
    }
    let step = match roll_step(f, who.to_owned(), text) {
        Ok(s) => s,
        Err(e) => return vec![e],
    };
    match lairsmith_core::fight::step::aims(&f.now, &step) {
        Ok(aims) => aims
            .iter()
            .map(|a| {
                let value = a.value.map_or_else(
                    || "not known: type it after the id".to_owned(),
                    |v| v.to_string(),
                );
                let plus: i64 = a.mods.iter().map(|m| m.value).sum();
                let mods: Vec<String> = a
                    .mods
                    .iter()
                    .map(|m| format!("{:+} {}", m.value, m.why))
                    .collect();
                let total = a.bonus + plus;
                let attack = if mods.is_empty() {
                    format!("attack {total:+}, no modifier")
                } else {
                    format!("attack {:+} {} = {total:+}", a.bonus, mods.join(", "))
                };
                // A natural 20 always hits and a natural 1 always misses (P13).
                let needs = a
                    .value
                    .map(|v| format!(" · hits on {}+", (v - total).clamp(2, 20)))
                    .unwrap_or_default();
                format!("{}: {} {value} · {attack}{needs}", a.name, a.defense)
            })
            .collect(),
        Err(e) => vec![e.to_string()],
    }
}
