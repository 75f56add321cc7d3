//! `--format foundry`: an actor for Foundry VTT's dnd4e system (EndlesNights/dnd4eBeta), read by
//! Foundry's "Import Data".
//!
//! The field names and vocabularies come from that system's `template.json` (the `NPC` actor:
//! templates `creature`, `combatant`, `speed`; the `power` item: `attackAndDamage`) and
//! `module/config.js` (`powerUseType`, `abilityActivationTypes`, `rangeType`, `skills`).
//!
//! dnd4e derives most numbers it shows from stored parts (`module/actor/actor.js`,
//! `prepareDerivedData`). The actor is written so that the derivation gives back lairsmith's
//! numbers exactly:
//! - `system.advancedCals: false`. With it, `calcDefenceStatsNPC` sets each defence to its
//!   `base` (plus typed bonuses, all left at 0) and adds no half level and no ability modifier;
//!   `_prepareDerivedDataInitiative` sets initiative to `attributes.init.base`; `calcSkillNPC`
//!   sets each skill's total to its `base`. So `base` holds lairsmith's final number.
//! - HP: `attributes.hp.autototal: false`, so `_prepareDerivedDataHitPointAutoCalc` keeps the
//!   stored `max` (adding typed bonuses, all 0). dnd4e then derives bloodied as `max / 2` and the
//!   surge value as `bloodied / 2 + details.surgeBon.value`: `surgeBon.value` is set to the
//!   difference from lairsmith's recovery value (0 for every monster lairsmith derives).
//! - The attack roll of a power is `1d20 + attack.formula` (`Item4e.rollAttack` in
//!   `module/item/item-document.js`: the formula, through `Helper.commonReplace`, plus active
//!   effects, none here), so `attack.formula` is the resolved bonus as a plain number, with no
//!   `@lvhalf` or `@powerMod`; `weaponType`/`weaponUse` are `none`, so no weapon is added.
//! - Damage: `hit.formula` is the resolved dice; `hit.critFormula` their maximum, since a critical
//!   hit does maximum damage (Attacks: Critical Hits).
//! - Ability scores are stored as scores; dnd4e derives `mod` as `(score - 10) / 2` rounded down
//!   and `modHalf` as `mod` plus half the level (`prepareBaseData`): `modHalf` is the number in
//!   the stat block's parentheses.
//!
//! What has no field of its own (fly, burrow and teleport speeds, special senses, traits,
//! languages, knowledge checks) goes into text fields, said in the README.

use crate::bestiary::Bestiary;
use crate::encounter::file::Encounter;
use crate::monster::statblock::{DamageValue, ResistanceValue, StatBlock, StatPower};
use crate::rules::Skill;
use crate::rules::damage::Damage;
use crate::vocab::Vocabulary;
use serde_json::{Map, Value, json};

/// The damage types dnd4e keeps a resistance entry for (`template.json`, `resistances`).
const DND4E_DAMAGE_TYPES: [&str; 10] = [
    "acid",
    "cold",
    "fire",
    "force",
    "lightning",
    "necrotic",
    "poison",
    "psychic",
    "radiant",
    "thunder",
];

/// dnd4e's skill key for an Orcus skill (`config.js`, `DND4E.skills`). Endure is dnd4e's
/// Endurance, Sleight of Hand its Thievery, Streetsmarts its Streetwise: the same abilities.
pub fn skill_key(skill: Skill) -> &'static str {
    match skill {
        Skill::Acrobatics => "acr",
        Skill::Arcana => "arc",
        Skill::Athletics => "ath",
        Skill::Bluff => "blu",
        Skill::Diplomacy => "dip",
        Skill::Dungeoneering => "dun",
        Skill::Endure => "end",
        Skill::Heal => "hea",
        Skill::History => "his",
        Skill::Insight => "ins",
        Skill::Intimidate => "itm",
        Skill::Nature => "nat",
        Skill::Perception => "prc",
        Skill::Religion => "rel",
        Skill::SleightOfHand => "thi",
        Skill::Stealth => "stl",
        Skill::Streetsmarts => "stw",
    }
}

/// dnd4e's `details.size` word (`config.js`, `actorSizes`).
fn size_key(size: &str) -> &'static str {
    match size {
        "tiny" => "tiny",
        "small" => "sm",
        "large" => "lg",
        "huge" => "huge",
        "gargantuan" => "grg",
        _ => "med",
    }
}

/// dnd4e's `details.role.primary` for an Orcus role: the 4e role that plays the same part.
/// lairsmith's own word is kept in `flags.lairsmith.role`.
fn role_key(role: &str) -> &'static str {
    match role {
        "archer" => "artillery",
        "blocker" => "soldier",
        "skulker" => "lurker",
        "spoiler" => "controller",
        "striker" => "skirmisher",
        "wrecker" => "brute",
        _ => "soldier",
    }
}

/// dnd4e's `details.role.secondary` for an Orcus rank: a mook is a minion, a boss a solo.
fn rank_key(rank: &str) -> &'static str {
    match rank {
        "mook" => "minion",
        "elite" => "elite",
        "boss" => "solo",
        _ => "standard",
    }
}

/// dnd4e's `useType` (`config.js`, `powerUseType`): refresh is its recharge.
fn use_type(usage: &str) -> &'static str {
    match usage {
        "at-will" => "atwill",
        "encounter" => "encounter",
        "daily" => "daily",
        "refresh" => "recharge",
        _ => "other",
    }
}

/// dnd4e's `actionType` (`config.js`, `abilityActivationTypes`): a swift action is its minor
/// action, an immediate counter its immediate interrupt.
fn action_type(action: &str) -> &'static str {
    match action {
        "standard" => "standard",
        "move" => "move",
        "swift" => "minor",
        "free" => "free",
        "counter" => "interrupt",
        "reaction" => "reaction",
        "opportunity" => "opportunity",
        _ => "none",
    }
}

/// dnd4e's `attack.def` (`template.json`, `defences`).
pub fn defence_key(defense: &str) -> &'static str {
    match defense {
        "fortitude" => "fort",
        "reflex" => "ref",
        "will" => "wil",
        _ => "ac",
    }
}

/// dnd4e's `rangeType` and the numbers that go with it (`rangePower`, `area`): a near area is
/// its close area, a far area its area burst or blast, an arc its blast.
fn range_fields(p: &StatPower) -> (&'static str, Option<u32>, u32) {
    let area = p.area.as_deref().unwrap_or("");
    let (shape, size) = area.split_once(' ').unwrap_or((area, "0"));
    let size: u32 = size.trim().parse().unwrap_or(0);
    match (p.origin.as_str(), shape) {
        ("melee", _) => ("melee", p.range, 0),
        ("ranged", _) => ("range", p.range, 0),
        (_, "wall") => ("wall", p.range, size),
        ("near", "arc") => ("closeBlast", None, size),
        ("near", _) => ("closeBurst", None, size),
        ("far", "arc") => ("rangeBlast", p.range, size),
        ("far", _) => ("rangeBurst", p.range, size),
        _ => ("personal", None, 0),
    }
}

/// Text for an HTML field of the sheet: the sheet renders these as HTML, so a monster's text
/// must not become markup.
fn html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\n' => out.push_str("<br>"),
            c => out.push(c),
        }
    }
    out
}

fn paragraphs(parts: &[(&str, Option<&str>)]) -> String {
    parts
        .iter()
        .filter_map(|(label, text)| {
            text.map(|t| {
                if label.is_empty() {
                    format!("<p>{}</p>", html(t))
                } else {
                    format!("<p><strong>{}:</strong> {}</p>", html(label), html(t))
                }
            })
        })
        .collect()
}

/// The resolved damage as a dnd4e roll formula, and its critical-hit formula (the maximum).
fn damage_formulas(d: &DamageValue) -> (String, String) {
    match &d.0 {
        Damage::Static(n) => (n.to_string(), n.to_string()),
        Damage::Dice(dice) => (dice.to_string(), dice.max().to_string()),
    }
}

/// One power as a dnd4e `power` item.
pub fn power_item(p: &StatPower) -> Value {
    let (range_type, range_power, area) = range_fields(p);
    let targeting = crate::export::doc::targeting_line(p);
    let attack = match &p.attack {
        Some(a) => json!({
            "isAttack": true,
            "isBasic": p.basic,
            "ability": "",
            "def": defence_key(&a.defense),
            "formula": a.bonus.to_string(),
        }),
        None => json!({ "isAttack": false, "isBasic": p.basic, "ability": "", "formula": "" }),
    };
    let (formula, crit) = p.damage.as_ref().map(damage_formulas).unzip();
    let mut damage_type = Map::new();
    if let Some(t) = &p.damage_type {
        damage_type.insert(t.clone(), Value::Bool(true));
    }
    let hit = json!({
        "isDamage": p.damage.is_some(),
        "isHealing": false,
        "baseQuantity": "",
        "baseDiceType": "flat",
        "detail": p.hit.as_deref().map(html).unwrap_or_default(),
        "formula": formula.unwrap_or_default(),
        "critFormula": crit.unwrap_or_default(),
    });
    let special = paragraphs(&[
        ("Secondary Attack", p.secondary_attack.as_deref()),
        ("Aftereffect", p.aftereffect.as_deref()),
        ("Special", p.special.as_deref()),
    ]);
    let usage = crate::export::doc::usage_label(p);
    let attack_line = p.attack.as_ref().map(|a| {
        let def = crate::rules::power_vocab::Defense::parse(&a.defense)
            .map_or(a.defense.clone(), |d| d.label().to_owned());
        format!("{} vs {def}", crate::export::doc::signed(a.bonus))
    });
    let description = paragraphs(&[
        ("", Some(&format!("{usage} · {targeting}"))),
        ("Trigger", p.trigger.as_deref()),
        ("Requirements", p.requirements.as_deref()),
        ("Attack", attack_line.as_deref()),
        ("Hit", p.hit.as_deref()),
        ("Miss", p.miss.as_deref()),
        ("Effect", p.effect.as_deref()),
        ("Secondary Attack", p.secondary_attack.as_deref()),
        ("Aftereffect", p.aftereffect.as_deref()),
        ("Special", p.special.as_deref()),
    ]);
    json!({
        "name": p.name,
        "type": "power",
        "system": {
            "description": { "value": description },
            "powerType": "other",
            "powerSubtype": if p.category == "attack" { "attack" } else { "utility" },
            "useType": use_type(&p.usage),
            "rechargeRoll": p.refresh.iter().min().map(u8::to_string).unwrap_or_default(),
            "actionType": action_type(&p.action),
            "weaponType": "none",
            "weaponUse": "none",
            "rangeType": range_type,
            "rangePower": range_power.map(|r| r.to_string()).unwrap_or_default(),
            "area": area,
            "rangeTextShort": targeting,
            "rangeText": targeting,
            "target": p.targets.clone().unwrap_or_default(),
            "keyWords": p.tags,
            "trigger": p.trigger.as_deref().map(html).unwrap_or_default(),
            "requirement": p.requirements.as_deref().map(html).unwrap_or_default(),
            "attack": attack,
            "hit": hit,
            "miss": { "detail": p.miss.as_deref().map(html).unwrap_or_default(), "formula": "" },
            "effect": { "detail": p.effect.as_deref().map(html).unwrap_or_default() },
            "special": special,
            "damageType": damage_type,
        },
        "flags": { "lairsmith": { "usage": usage, "action": p.action, "origin": p.origin } },
    })
}

/// The resistance entry of a damage type dnd4e knows, made on first use.
fn resistance_entry<'a>(map: &'a mut Map<String, Value>, against: &str) -> Option<&'a mut Value> {
    if !DND4E_DAMAGE_TYPES.contains(&against) {
        return None;
    }
    Some(
        map.entry(against.to_owned())
            .or_insert_with(|| json!({ "res": 0, "vuln": 0, "immune": false })),
    )
}

/// dnd4e's `resistances`, and the entries of types it has no field for, as text.
fn resistances(b: &StatBlock) -> (Value, Vec<String>) {
    let mut map = Map::new();
    let mut untyped = Vec::new();
    // dnd4e totals a type's adjustment as `max(res, 0) + min(vuln, 0)`
    // (`_prepareDerivedDataResistancesWeaknesses`): a vulnerability is stored negative.
    let signed: [(&[ResistanceValue], &str, i64, &str); 2] = [
        (&b.resistances, "res", 1, "resist"),
        (&b.vulnerabilities, "vuln", -1, "vulnerable"),
    ];
    for (list, key, sign, word) in signed {
        for r in list {
            match resistance_entry(&mut map, &r.against) {
                Some(e) => e[key] = json!(sign * i64::from(r.value)),
                None => untyped.push(format!("{word} {} {}", r.against, r.value)),
            }
        }
    }
    for i in &b.immunities {
        match resistance_entry(&mut map, i) {
            Some(e) => e["immune"] = Value::Bool(true),
            None => untyped.push(format!("immune {i}")),
        }
    }
    (Value::Object(map), untyped)
}

/// The stat block as a dnd4e `NPC` actor.
pub fn actor(b: &StatBlock) -> Value {
    let a = &b.abilities;
    let ability = |v: crate::monster::statblock::AbilityValue| json!({ "value": v.score });
    let defence = |v: i64| json!({ "base": v, "value": v });
    let mut skills = Map::new();
    for (key, bonus) in &b.skills.0 {
        if let Ok(s) = Skill::parse(key) {
            skills.insert(
                skill_key(s).to_owned(),
                json!({ "base": bonus, "training": 5 }),
            );
        }
    }
    // Passive Perception is `10 + skills.prc.total` in dnd4e: the stat block's Perception goes
    // in whether or not it is trained.
    skills
        .entry("prc".to_owned())
        .or_insert_with(|| json!({ "base": b.perception }));
    let (resist, untyped) = resistances(b);
    let m = &b.movement;
    let mut movement = json!({ "base": { "base": b.speed } });
    let mut moves = Vec::new();
    for (name, v) in [
        ("fly", m.fly),
        ("swim", m.swim),
        ("climb", m.climb),
        ("burrow", m.burrow),
        ("teleport", m.teleport),
    ] {
        if let Some(v) = v {
            moves.push(format!("{name} {v}"));
            // dnd4e keeps climb and swim as formulas (`template.json`, `speed`); a number is a
            // formula that evaluates to itself.
            if name == "climb" || name == "swim" {
                movement[name] = json!({ "formula": v.to_string() });
            }
        }
    }
    moves.extend(m.traits.iter().cloned());
    movement["notes"] = json!(moves.join(", "));
    let traits: String = b
        .traits
        .iter()
        .map(|t| {
            let aura = t.aura.map(|n| format!(" (aura {n})")).unwrap_or_default();
            format!(
                "<p><strong>{}{aura}:</strong> {}</p>",
                html(&t.name),
                html(&t.text)
            )
        })
        .collect();
    let mut bio = traits;
    for (label, text) in [("Description", &b.description), ("Tactics", &b.tactics)] {
        if let Some(t) = text {
            bio.push_str(&paragraphs(&[(label, Some(t))]));
        }
    }
    if !untyped.is_empty() {
        // dnd4e's resistance fields are per damage type; the rest is read off the biography.
        bio.push_str(&paragraphs(&[("Defenses", Some(&untyped.join(", ")))]));
    }
    let k = &b.knowledge;
    let skill = Skill::parse(&k.skill).map_or(k.skill.clone(), |s| s.label().to_owned());
    bio.push_str(&paragraphs(&[(
        "Knowledge",
        Some(&format!(
            "{skill} DC {}: its name, ancestry, type, tags and temperament; DC {}: also its powers, resistances, immunities and vulnerabilities",
            k.moderate_dc, k.hard_dc
        )),
    )]));
    let mut languages = b.languages.join(", ");
    if let Some(t) = b.telepathy {
        languages.push_str(&format!("; telepathy {t}"));
    }
    let mut senses = b.senses.join(", ");
    if b.blind {
        senses.push_str(" (blind)");
    }
    let items: Vec<Value> = b.powers.iter().map(power_item).collect();
    json!({
        "name": b.name,
        "type": "NPC",
        "system": {
            "advancedCals": false,
            "abilities": {
                "str": ability(a.str), "con": ability(a.con), "dex": ability(a.dex),
                "int": ability(a.int), "wis": ability(a.wis), "cha": ability(a.cha),
            },
            "attributes": {
                "hp": { "value": b.hp, "max": b.hp, "autototal": false },
                "init": { "base": b.initiative, "ability": "" },
            },
            "defences": {
                "ac": defence(b.defenses.ac),
                "fort": defence(b.defenses.fortitude),
                "ref": defence(b.defenses.reflex),
                "wil": defence(b.defenses.will),
            },
            "skills": skills,
            "resistances": resist,
            "actionpoints": { "value": b.action_points },
            "details": {
                "level": b.level,
                "tier": (u32::from(b.level).saturating_sub(1) / 10 + 1).clamp(1, 3),
                "exp": b.xp,
                "role": {
                    "primary": role_key(&b.role),
                    "secondary": rank_key(&b.rank),
                    "leader": b.leader,
                },
                "size": size_key(&b.size),
                "origin": b.source,
                "type": b.creature_type,
                // dnd4e's origin and type lists are 4e's; the book's type line keeps ours.
                "other": b.type_line,
                "alignment": b.alignment.clone().unwrap_or_default(),
                "saves": { "value": b.saving_throw_bonus },
                "surges": { "value": b.recoveries, "max": b.recoveries },
                "surgeBon": { "value": b.recovery_value - b.hp / 2 / 2 },
            },
            "movement": movement,
            "senses": {
                "special": { "value": [], "custom": senses },
                "notes": format!("Space {}; reach {}", b.space, b.reach),
            },
            "languages": { "spoken": { "value": [], "custom": languages } },
            "biography": bio,
        },
        "items": items,
        "flags": {
            "lairsmith": {
                "id": b.id,
                "rank": b.rank,
                "role": b.role,
                "xp": b.xp,
            }
        },
    })
}

/// JSON text with every control or bidi character escaped as `\uXXXX`: serde_json leaves DEL,
/// the C1 controls and the bidi controls raw, and a terminal would act on them. Inside a JSON
/// string `\uXXXX` means the same character, so the data is unchanged.
fn to_text(v: &Value) -> String {
    let text = serde_json::to_string_pretty(v).unwrap_or_default();
    crate::text::escape_string(text) + "\n"
}

/// `lairsmith show ID --format foundry`.
pub fn actor_json(b: &StatBlock) -> String {
    to_text(&actor(b))
}

/// An encounter's actors: one per distinct monster, with the count in `flags.lairsmith.count`.
pub struct EncounterActors {
    pub json: String,
    /// The groups left out (placeholders, challenges, challenge ratings, unknown ids), by name.
    pub left_out: Vec<String>,
}

/// `lairsmith encounter export FILE --format foundry`.
pub fn encounter_actors(e: &Encounter, bestiary: &Bestiary) -> EncounterActors {
    let mut order: Vec<&str> = Vec::new();
    let mut counts: Vec<(u32, u32)> = Vec::new();
    let mut left_out = Vec::new();
    for g in &e.groups {
        let found = g.monster.as_deref().filter(|id| bestiary.get(id).is_some());
        let Some(id) = found else {
            left_out.push(match (&g.monster, &g.challenge) {
                (Some(id), _) => format!("`{id}` (not in the bestiary)"),
                (None, Some(c)) => format!("challenge `{}`", c.name),
                _ => g.key(),
            });
            continue;
        };
        let i = order.iter().position(|o| *o == id).unwrap_or_else(|| {
            order.push(id);
            counts.push((0, 0));
            order.len() - 1
        });
        let n = g.count.get();
        if g.side == crate::encounter::file::Side::Ally {
            counts[i].1 = counts[i].1.saturating_add(n);
        } else {
            counts[i].0 = counts[i].0.saturating_add(n);
        }
    }
    let actors: Vec<Value> = order
        .iter()
        .zip(&counts)
        .filter_map(|(id, (foes, allies))| {
            let mut v = actor(&bestiary.get(id)?.block().ok()?);
            let flags = &mut v["flags"]["lairsmith"];
            flags["count"] = json!(foes.saturating_add(*allies));
            if *allies > 0 {
                flags["allies"] = json!(allies);
            }
            flags["encounter"] = json!(e.name);
            Some(v)
        })
        .collect();
    EncounterActors {
        json: to_text(&Value::Array(actors)),
        left_out,
    }
}
