//! Attacks (P13, P15, P16): the modifiers of a roll, what the fight knows of them and what only
//! the table knows, critical hits and the coup de grace, several targets, and the lines of a
//! power that follow a hit, a miss or either.

use crate::fight::model::EffectSpec;
use crate::fight::model::{Affliction, Combatant, FightState, PowerState, Until};
use crate::fight::rules::{has, name_of, p8_has, signed};
use crate::rules::creature::Condition;
use crate::rules::power_vocab::Origin;
use crate::vocab::Vocabulary;

/// P13: combat advantage's bonus to an attack roll (L1165).
pub(crate) const P13_COMBAT_ADVANTAGE: i64 = 2;
/// P13: an unconscious creature's penalty to all defenses (L1559).
pub(crate) const P13_UNCONSCIOUS_DEFENSES: i64 = -5;

/// What only the table knows of an attack (P13), in the GM's words: cover and concealment, long
/// range, a charge, flanking or other combat advantage, help, a prone target far from a ranged
/// attacker, fighting in water, a coup de grace, or any number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TableMod {
    /// `cover`: -2 (L1194).
    Cover,
    /// `superior-cover` (three-quarters cover): -5 (L1195).
    SuperiorCover,
    /// `concealment`: -2, not against near or far attacks (L1199-1200).
    Concealment,
    /// `total-concealment`: -5, not against near or far attacks.
    TotalConcealment,
    /// `long-range`: -2 beyond a ranged weapon's normal range (L1181).
    LongRange,
    /// `charge`: +1 (L1341).
    Charge,
    /// `ca` (or `flank`): combat advantage the fight does not know of, +2; it does not add to the
    /// fight's own.
    CombatAdvantage,
    /// `help`: an ally's Help Attack the fight was not told of, +2 (L1393).
    Help,
    /// `prone-ranged`: the target is prone and the ranged attacker not adjacent: +2 to its
    /// defenses (L1543).
    ProneRanged,
    /// `aquatic`: +2 for a creature at home in water **\[ours: the book's aquatic trait\]**.
    Aquatic,
    /// `coup`: a coup de grace on a helpless adjacent target (L1344-1346).
    Coup,
    /// Any number: `+3`, `-1`.
    Number(i64),
}

/// The words [`TableMod`] reads, for messages.
pub(crate) const P13_TABLE_WORDS: &[&str] = &[
    "cover",
    "superior-cover",
    "concealment",
    "total-concealment",
    "long-range",
    "charge",
    "ca",
    "flank",
    "help",
    "prone-ranged",
    "aquatic",
    "coup",
    "+N",
    "-N",
];

/// P13: the table's words for one attack, each read once (L1191-1203): a modifier given twice
/// is one modifier, so it is refused rather than doubled; cover and superior cover do not add
/// (the one that applies is given alone), nor do concealment and total concealment; and the
/// numbers given add to at most 20 either way, as one number may.
pub(crate) fn p13_table_words(words: &[String]) -> Result<Vec<TableMod>, String> {
    let mods = words
        .iter()
        .map(|m| m.parse::<TableMod>())
        .collect::<Result<Vec<_>, String>>()?;
    for (i, m) in mods.iter().enumerate() {
        if !matches!(m, TableMod::Number(_)) && mods[..i].contains(m) {
            return Err(format!(
                "`{}` is given twice: a modifier counts once (P13)",
                crate::text::quote_short(words[i].trim())
            ));
        }
    }
    let both = |a: TableMod, b: TableMod| mods.contains(&a) && mods.contains(&b);
    if both(TableMod::Cover, TableMod::SuperiorCover) {
        return Err("cover and superior cover do not add: give the one that applies (P13)".into());
    }
    if both(TableMod::Concealment, TableMod::TotalConcealment) {
        return Err(
            "concealment and total concealment do not add: give the one that applies (P13)".into(),
        );
    }
    let numbers: i64 = mods
        .iter()
        .map(|m| match m {
            TableMod::Number(n) => *n,
            _ => 0,
        })
        .sum();
    if !(-20..=20).contains(&numbers) {
        return Err(format!(
            "the table's numbers add to {numbers:+}: at most 20 either way, as one number (P13)"
        ));
    }
    Ok(mods)
}

impl std::str::FromStr for TableMod {
    type Err = String;
    fn from_str(s: &str) -> Result<TableMod, String> {
        let w = s.trim().to_lowercase();
        Ok(match w.as_str() {
            "cover" => TableMod::Cover,
            "superior-cover" | "superior cover" => TableMod::SuperiorCover,
            "concealment" => TableMod::Concealment,
            "total-concealment" | "total concealment" => TableMod::TotalConcealment,
            "long-range" | "long range" => TableMod::LongRange,
            "charge" => TableMod::Charge,
            "ca" | "combat-advantage" | "flank" | "flanking" => TableMod::CombatAdvantage,
            "help" | "help-attack" => TableMod::Help,
            "prone-ranged" => TableMod::ProneRanged,
            "aquatic" => TableMod::Aquatic,
            "coup" | "coup-de-grace" => TableMod::Coup,
            _ => match w.parse::<i64>() {
                Ok(n) if (-20..=20).contains(&n) => TableMod::Number(n),
                _ => {
                    let near = crate::vocab::closest(&w, P13_TABLE_WORDS.iter().copied());
                    return Err(format!(
                        "`{}` is not a modifier{}; the modifiers: {} (a number from -20 to +20)",
                        crate::text::quote_short(s.trim()),
                        crate::vocab::did_you_mean(near),
                        P13_TABLE_WORDS.join(", ")
                    ));
                }
            },
        })
    }
}

impl std::fmt::Display for TableMod {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableMod::Cover => f.write_str("cover"),
            TableMod::SuperiorCover => f.write_str("superior-cover"),
            TableMod::Concealment => f.write_str("concealment"),
            TableMod::TotalConcealment => f.write_str("total-concealment"),
            TableMod::LongRange => f.write_str("long-range"),
            TableMod::Charge => f.write_str("charge"),
            TableMod::CombatAdvantage => f.write_str("ca"),
            TableMod::Help => f.write_str("help"),
            TableMod::ProneRanged => f.write_str("prone-ranged"),
            TableMod::Aquatic => f.write_str("aquatic"),
            TableMod::Coup => f.write_str("coup"),
            TableMod::Number(n) => write!(f, "{}", crate::fight::rules::signed_tight(*n)),
        }
    }
}

/// One modifier of a roll, named for the log: "+2 combat advantage (target dazed)".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Modifier {
    /// Added to the attack roll (a defense's modifier is written as its opposite).
    pub value: i64,
    /// What it is, in words.
    pub why: String,
}

/// P13: the modifiers of an attack by `a` with `power` against `t` that the fight knows of and
/// the table said (`table`), and whether it is a coup de grace: combat advantage +2 (once) when
/// the target is blinded, dazed, helpless, petrified, restrained, stunned, surprised or
/// unconscious, or prone against a melee attack, or the table says so; -2 for an attacker that
/// is rattled, prone or restrained, and -2 when marked and no target is the marker; the
/// target's -5 to all defenses when unconscious, its Total Defense or rally; help. `targets` are
/// the ids of every target of the attack (for a mark).
pub(crate) fn p13_modifiers(
    s: &FightState,
    a: &Combatant,
    t: &Combatant,
    power: &PowerState,
    targets: &[String],
    table: &[TableMod],
) -> Result<(Vec<Modifier>, bool), String> {
    let mut out = Vec::new();
    let area = power.origin.is_some_and(Origin::is_area);
    let melee = power.origin == Some(Origin::Melee);
    // Combat advantage, once, from the first reason found.
    let against = [
        Condition::Blinded,
        Condition::Dazed,
        Condition::Helpless,
        Condition::Petrified,
        Condition::Restrained,
        Condition::Stunned,
        Condition::Surprised,
        Condition::Unconscious,
    ];
    let known = against
        .iter()
        .find(|c| p8_has(t, **c))
        .map(|c| format!("target {}", c.key()))
        .or_else(|| {
            (melee && p8_has(t, Condition::Prone))
                .then(|| "target prone, a melee attack".to_owned())
        });
    let said = table.contains(&TableMod::CombatAdvantage);
    match (known, said) {
        (Some(why), _) => out.push(Modifier {
            value: P13_COMBAT_ADVANTAGE,
            why: format!("combat advantage ({why})"),
        }),
        (None, true) => out.push(Modifier {
            value: P13_COMBAT_ADVANTAGE,
            why: "combat advantage (the table's word)".to_owned(),
        }),
        (None, false) => {}
    }
    for (c, why) in [
        (Condition::Rattled, "rattled"),
        (Condition::Prone, "prone"),
        (Condition::Restrained, "restrained"),
    ] {
        if has(a, c) {
            out.push(Modifier {
                value: -2,
                why: format!("attacker {why}"),
            });
        }
    }
    for e in &a.effects {
        if let Affliction::Condition {
            condition: Condition::Marked,
            by: Some(m),
        } = &e.what
            && !targets.iter().any(|t| t == m)
        {
            out.push(Modifier {
                value: -2,
                why: format!("attacker marked by {}, who is not a target", name_of(s, m)),
            });
        }
    }
    if p8_has(t, Condition::Unconscious) {
        out.push(Modifier {
            value: -P13_UNCONSCIOUS_DEFENSES,
            why: "target unconscious: -5 to its defenses".to_owned(),
        });
    }
    for e in &t.effects {
        match &e.what {
            Affliction::Defenses { bonus, why } => out.push(Modifier {
                value: -bonus,
                why: format!("target's {why}: {} to its defenses", signed_word(*bonus)),
            }),
            Affliction::Help {
                attack: false,
                against,
                by,
            } if *against == a.id => out.push(Modifier {
                value: -2,
                why: format!(
                    "{}'s Help Defense: +2 to the target's defenses",
                    name_of(s, by)
                ),
            }),
            _ => {}
        }
    }
    for e in &a.effects {
        if let Affliction::Help {
            attack: true,
            against,
            by,
        } = &e.what
            && *against == t.id
        {
            out.push(Modifier {
                value: 2,
                why: format!("{}'s Help Attack", name_of(s, by)),
            });
        }
    }
    let mut coup = false;
    for m in table {
        let (value, why) = match m {
            TableMod::Cover => (-2, "cover".to_owned()),
            TableMod::SuperiorCover => (-5, "superior cover".to_owned()),
            TableMod::Concealment | TableMod::TotalConcealment if area => {
                return Err(format!(
                    "{m} does not apply to a near or far attack (P13); {} is {}",
                    power.name,
                    power.origin.map_or("an area power", |o| o.key())
                ));
            }
            TableMod::Concealment => (-2, "concealment".to_owned()),
            TableMod::TotalConcealment => (-5, "total concealment".to_owned()),
            TableMod::LongRange => (-2, "long range".to_owned()),
            TableMod::Charge => (1, "charge".to_owned()),
            TableMod::CombatAdvantage => continue,
            TableMod::Help => (2, "help attack".to_owned()),
            TableMod::ProneRanged => (
                -2,
                "prone target, ranged from afar: +2 to its defenses".to_owned(),
            ),
            TableMod::Aquatic => (2, "aquatic".to_owned()),
            TableMod::Number(n) => (*n, "the table's modifier".to_owned()),
            TableMod::Coup => {
                if !p8_has(t, Condition::Helpless) {
                    return Err(format!(
                        "{} is not helpless: a coup de grace is made on a helpless target (P13)",
                        t.name
                    ));
                }
                coup = true;
                continue;
            }
        };
        out.push(Modifier { value, why });
    }
    Ok((out, coup))
}

fn signed_word(n: i64) -> String {
    crate::fight::rules::signed_tight(n)
}

/// The modifiers in the log's words: "+ 2 combat advantage (target dazed) - 2 cover".
pub(crate) fn p13_words(mods: &[Modifier]) -> String {
    mods.iter()
        .map(|m| format!(" {} {}", signed(m.value), m.why))
        .collect()
}

/// P15: the most targets one use of `p` rolls against: its stat block's words ("one or two
/// creatures" 2, "up to three" 3, "each enemy in the burst" any), else any for a near or far
/// power and one for the others **\[ours\]**.
pub(crate) fn p15_most_targets(p: &PowerState) -> Option<usize> {
    let area = p.origin.is_some_and(Origin::is_area);
    let Some(t) = &p.targets else {
        return (!area).then_some(1);
    };
    let t = t.to_lowercase();
    let words = t.split_whitespace().collect::<Vec<_>>();
    if words.iter().any(|w| matches!(*w, "each" | "all" | "every")) {
        return None;
    }
    let number = |w: &str| match w {
        "one" | "a" | "an" | "the" => Some(1),
        "two" => Some(2),
        "three" => Some(3),
        "four" => Some(4),
        "five" => Some(5),
        _ => w.parse().ok(),
    };
    // "one or two creatures", "up to three": the largest number said.
    let most = words.iter().filter_map(|w| number(w)).max();
    // "one or two creatures" is two; "enemies in the burst", with no number, is every one.
    let plural = words
        .iter()
        .any(|w| matches!(*w, "enemies" | "creatures" | "allies" | "targets"));
    match most {
        Some(n) => Some(n),
        None if area || plural => None,
        None => Some(1),
    }
}

/// P16: whether a miss line halves the damage rolled ("Half damage", L978-982).
pub(crate) fn p16_miss_halves(p: &PowerState) -> bool {
    p.miss
        .as_deref()
        .is_some_and(|m| m.to_lowercase().contains("half damage"))
}

/// A rider a power's line offers (P16): an effect on a target with its duration anchored to the
/// right creature's turn, or a movement the GM makes on the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rider {
    /// The target it is on (its id).
    pub who: String,
    /// The effect; `None` for a movement, which is only logged.
    pub effect: Option<EffectSpec>,
    /// What the line says, in short ("dazed until the end of its next turn", "pushed 2
    /// squares").
    pub words: String,
}

/// P16: the riders of a power's `line` for a target `target` of `attacker`: each condition the
/// line names with its duration ("(save ends)", "until the end of its next turn" (the target's),
/// "until the end of NAME's next turn" or "your next turn" (the attacker's), "until the start
/// of …"), persistent damage, and a push, pull or slide; a condition with no duration takes its
/// P8 ending, else save ends. A phrase the line negates ("is not pulled") offers nothing.
pub fn p16_riders(line: &str, attacker: &Combatant, target: &Combatant) -> Vec<Rider> {
    let mut out = Vec::new();
    // Clauses: "and the target is dazed (save ends), and ..." split at commas and "and".
    let name = attacker.name.to_lowercase();
    // The GM reads the clause as the stat block writes it; it is parsed in lower case.
    let shown = |original: &str| {
        let t = original.trim();
        match t.get(..4) {
            Some(a) if a.eq_ignore_ascii_case("and ") => t[4..].trim_start().to_owned(),
            _ => t.to_owned(),
        }
    };
    let clauses = line.split([',', ';', '.']).flat_map(|c| c.split(" and "));
    for original in clauses {
        let lowered = original.trim().to_lowercase();
        let clause = lowered.as_str();
        if clause.is_empty() || clause.contains(" not ") || clause.starts_with("not ") {
            continue;
        }
        let until = if clause.contains("(save ends)") || clause.contains("save ends") {
            Some(Until::SaveEnds)
        } else {
            let tied = |prefix: &str| -> Option<String> {
                let rest = clause.split_once(prefix)?.1;
                // "its next turn" has no "'s": the target's, as "the target's next turn" is.
                let whose = if rest.starts_with("its next turn") {
                    "its"
                } else {
                    rest.split_once("'s next turn").map(|(w, _)| w.trim())?
                };
                Some(match whose {
                    "its" | "the target" => target.id.clone(),
                    "your" | "{name}" => attacker.id.clone(),
                    w if w == name || name.starts_with(w) => attacker.id.clone(),
                    _ => return None,
                })
            };
            if let Some(x) = tied("until the end of ") {
                Some(Until::EndOf(x))
            } else if clause.contains("until the end of your next turn") {
                Some(Until::EndOf(attacker.id.clone()))
            } else if let Some(x) = tied("until the start of ") {
                Some(Until::StartOf(x))
            } else if clause.contains("until the start of your next turn") {
                Some(Until::StartOf(attacker.id.clone()))
            } else {
                None
            }
        };
        // Persistent damage: "persistent 5 fire damage", "ongoing 5 fire damage".
        let words: Vec<&str> = clause.split_whitespace().collect();
        if let Some(at) = words
            .iter()
            .position(|w| *w == "persistent" || *w == "ongoing")
            && let Some(amount) = words.get(at + 1).and_then(|n| n.parse::<i64>().ok())
        {
            let damage_type = words
                .get(at + 2)
                .and_then(|w| crate::rules::creature::DamageType::parse(w).ok());
            out.push(Rider {
                who: target.id.clone(),
                effect: Some(EffectSpec {
                    what: Affliction::Persistent {
                        amount,
                        damage_type,
                    },
                    until: until.clone().unwrap_or(Until::SaveEnds),
                    aftereffect: None,
                    failed_save: None,
                    boon: false,
                    maintained_by: None,
                }),
                words: shown(original),
            });
            continue;
        }
        // Movement: "pushed 2 squares", "pull the target 1 square", "slid 1".
        if let Some(w) = words.iter().find(|w| {
            ["push", "pushed", "pull", "pulled", "slide", "slid"]
                .iter()
                .any(|m| w.starts_with(m))
        }) && words.iter().any(|w| w.parse::<u32>().is_ok())
        {
            let _ = w;
            out.push(Rider {
                who: target.id.clone(),
                effect: None,
                words: shown(original),
            });
            continue;
        }
        for w in &words {
            let word = w.trim_matches(|c: char| !c.is_alphanumeric());
            let condition = match word {
                "knocked" if clause.contains("prone") => Some(Condition::Prone),
                "grappled" => None,
                _ => Condition::parse(word).ok(),
            };
            if word == "grappled" {
                out.push(Rider {
                    who: target.id.clone(),
                    effect: Some(EffectSpec {
                        what: Affliction::Other {
                            text: "grappled".to_owned(),
                        },
                        until: until.clone().unwrap_or(Until::SaveEnds),
                        aftereffect: None,
                        failed_save: None,
                        boon: false,
                        maintained_by: None,
                    }),
                    words: shown(original),
                });
                break;
            }
            let Some(condition) = condition else {
                continue;
            };
            if matches!(condition, Condition::Dying | Condition::Helpless) {
                continue;
            }
            let by = (condition == Condition::Marked).then(|| attacker.id.clone());
            let until = until
                .clone()
                .or_else(|| crate::fight::rules::p8_default_until(condition))
                .unwrap_or(Until::SaveEnds);
            out.push(Rider {
                who: target.id.clone(),
                effect: Some(EffectSpec {
                    what: Affliction::Condition { condition, by },
                    until,
                    aftereffect: None,
                    failed_save: None,
                    boon: false,
                    maintained_by: None,
                }),
                words: shown(original),
            });
            break;
        }
    }
    out
}
