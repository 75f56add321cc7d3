//! `--format foundry`: an actor for Foundry VTT's dnd4e system (EndlesNights/dnd4eBeta), read by
//! Foundry's "Import Data".
//!
//! The field names and vocabularies come from that system's `template.json` (the `NPC` actor:
//! templates `creature`, `combatant`, `speed`; the `power` item: `attackAndDamage`) and
//! `module/config.js` (`powerUseType`, `abilityActivationTypes`, `rangeType`, `skills`,
//! `creatureOrigin`, `creatureType`, `powerSource`, `effectTypes`, `damageTypes`) of release
//! 0.6.21, the last for Foundry v12; release 0.9.2 (Foundry v14) declares the same fields in data
//! models (`module/data/actor/npc.mjs`, `module/data/item/power.mjs`) and reads them the same way,
//! except the senses' free text, which it keeps in `senses.custom` (its `migrateSenses` moves the
//! older `senses.special.custom` there): both are written.
//!
//! dnd4e derives most numbers it shows from stored parts (`module/actor/actor.js`,
//! `prepareDerivedData`). The actor is written so that the derivation gives back lairsmith's
//! numbers exactly:
//! - `system.advancedCals: false`. With it, `calcDefenceStatsNPC` sets each defence to its
//!   `base` (plus typed bonuses, all left at 0) and adds no half level and no ability modifier;
//!   `_prepareDerivedDataInitiative` sets initiative to `attributes.init.base`; `calcSkillNPC`
//!   sets each skill's total to its `base`. So `base` holds lairsmith's final number, for every
//!   skill dnd4e has (an untrained one too: dnd4e shows the stored base, 0 if none is written).
//!   With `advancedCals: true` dnd4e would add the ability modifier, the training bonus and, as
//!   the world's `halfLevelOptions` setting says, half the level: a number the file cannot know
//!   in advance. Its way out of the sum, `absolute`, is not in 0.9's data model, and the `value`
//!   it also adds is taken for the training by its migration (`_migrateActorSkills`); so the actor
//!   sets `advancedCals: false` itself, whatever the world's default (`npcMathOptions`).
//! - HP: `attributes.hp.autototal: false`, so `_prepareDerivedDataHitPointAutoCalc` keeps the
//!   stored `max` (adding typed bonuses, all 0). dnd4e then derives bloodied as `max / 2` and the
//!   surge value as `bloodied / 2 + details.surgeBon.value`: `surgeBon.value` is set to the
//!   difference from lairsmith's recovery value (0 for every monster lairsmith derives).
//! - The attack roll of a power is `1d20 + attack.formula` (`Item4e.rollAttack` in
//!   `module/item/item-document.js`: the formula, through `Helper.commonReplace`, plus active
//!   effects, none here), so `attack.formula` is the resolved bonus as a plain number, with no
//!   `@lvhalf` or `@powerMod`; `weaponUse` is `none`, so no weapon is added
//!   (`Helper.getWeaponUse`), and a power with `weaponType` melee or ranged needs none equipped
//!   (`lacksRequiredWeaponEquipped`). `attack.ability` is `form`, the sheet's "Formula" choice:
//!   the power card then prints the attack bonus (`_preparePowerCardData`), where an empty
//!   ability prints the word "Attack" instead.
//! - Damage: `hit.formula` is the resolved dice; `hit.critFormula` their maximum, since a critical
//!   hit does maximum damage (Attacks: Critical Hits).
//! - Ability scores are stored as scores; dnd4e derives `mod` as `(score - 10) / 2` rounded down
//!   and `modHalf` as `mod` plus half the level (`prepareBaseData`): `modHalf` is the number in
//!   the stat block's parentheses.
//!
//! What has no field of its own (fly, burrow and teleport speeds, special senses, traits,
//! languages, knowledge checks) goes into text fields, said in the guide (docs/src/guide/foundry.md).

use crate::bestiary::Bestiary;
use crate::encounter::file::Encounter;
use crate::monster::design::Immunity;
use crate::monster::statblock::{DamageValue, ResistanceValue, StatBlock, StatPower};
use crate::rules::creature::DamageType;
use crate::rules::damage::Damage;
use crate::rules::grants::Against;
use crate::rules::power_vocab::{Action, Defense, Origin, PowerTag, Usage};
use crate::rules::senses::MovementMode;
use crate::rules::{CreatureType, Rank, Role, Size, Skill, Source};
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
fn size_key(size: Size) -> &'static str {
    match size {
        Size::Tiny => "tiny",
        Size::Small => "sm",
        Size::Medium => "med",
        Size::Large => "lg",
        Size::Huge => "huge",
        Size::Gargantuan => "grg",
    }
}

/// dnd4e's `details.role.primary` for an Orcus role: the 4e role that plays the same part.
/// lairsmith's own word is kept in `flags.lairsmith.role`.
fn role_key(role: Role) -> &'static str {
    match role {
        Role::Archer => "artillery",
        Role::Blocker => "soldier",
        Role::Skulker => "lurker",
        Role::Spoiler => "controller",
        Role::Striker => "skirmisher",
        Role::Wrecker => "brute",
    }
}

/// dnd4e's `details.role.secondary` for an Orcus rank: a mook is a minion, a boss a solo.
fn rank_key(rank: Rank) -> &'static str {
    match rank {
        Rank::Mook => "minion",
        Rank::Standard => "standard",
        Rank::Elite => "elite",
        Rank::Boss => "solo",
    }
}

/// dnd4e's `details.origin` for an Orcus source, one of its `creatureOrigin` choices (the
/// sheet's dropdown). The words of ruling R14 match them: Outsider is the book's word
/// Immortal, Cosmic its word aberration, dnd4e's Aberrant.
pub(crate) fn origin_key(source: Source) -> &'static str {
    match source {
        Source::Cosmic => "aberrant",
        Source::Elemental => "elemental",
        Source::Fey => "fey",
        Source::Natural => "natural",
        Source::Outsider => "immortal",
        Source::Shadow => "shadow",
    }
}

/// dnd4e's `details.type` for an Orcus type, one of its `creatureType` choices (the sheet's
/// dropdown): an automaton, assembled matter, is its Animate; a monstrosity, an unnatural body,
/// its Magical Beast.
pub(crate) fn type_key(creature_type: CreatureType) -> &'static str {
    match creature_type {
        CreatureType::Automaton => "animate",
        CreatureType::Beast => "beast",
        CreatureType::Humanoid => "humanoid",
        CreatureType::Monstrosity => "magical",
    }
}

/// Where a power's Orcus tag goes in dnd4e's power item, so that its card and its keyword list
/// show it: the card (`_preparePowerCardData` in `module/helper.js`, 0.9's
/// `preparePowerCardData` in `module/utils/utils.mjs`) and the item's `keywords` read
/// `powersource`, `secondPowersource`, `weaponType`, `damageType`, `effectType` and
/// `keywordsCustom` (split at `;`); no code reads `keyWords`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TagField {
    /// `powersource` (a second one `secondPowersource`): a tradition dnd4e has under the same
    /// name (`config.js`, `powerSource`).
    PowerSource(&'static str),
    /// `effectType.<key>` (`config.js`, `effectTypes`).
    EffectType(&'static str),
    /// `damageType.<key>` (`config.js`, `damageTypes`).
    DamageType(&'static str),
    /// `weaponType` melee, ranged or meleeRanged, for which the card says "Weapon".
    Weapon,
    /// `keywordsCustom`: the Orcus word itself, where dnd4e has no choice that means it.
    Custom,
}

/// The field of each Orcus power tag. A tradition dnd4e names otherwise (Phrenic, Spirit,
/// Natural) keeps its Orcus word rather than take a power source that is not quite it.
pub(crate) fn tag_field(tag: PowerTag) -> TagField {
    use TagField::*;
    match tag {
        PowerTag::Augmentable => EffectType("augmentable"),
        PowerTag::Aura => EffectType("aura"),
        PowerTag::Conjuration => EffectType("conjuration"),
        PowerTag::Mount => EffectType("mount"),
        PowerTag::Stance => EffectType("stance"),
        PowerTag::Summons => EffectType("summoning"),
        PowerTag::Teleportation => EffectType("teleportation"),
        PowerTag::Zone => EffectType("zone"),
        PowerTag::Weapon => Weapon,
        PowerTag::Arcane => PowerSource("arcane"),
        PowerTag::Divine => PowerSource("divine"),
        PowerTag::Martial => PowerSource("martial"),
        PowerTag::Shadow => PowerSource("shadow"),
        PowerTag::Acid => DamageType("acid"),
        PowerTag::Cold => DamageType("cold"),
        PowerTag::Fire => DamageType("fire"),
        PowerTag::Force => DamageType("force"),
        PowerTag::Lightning => DamageType("lightning"),
        PowerTag::Necrotic => DamageType("necrotic"),
        PowerTag::Poison => DamageType("poison"),
        PowerTag::Psychic => DamageType("psychic"),
        PowerTag::Radiant => DamageType("radiant"),
        PowerTag::Thunder => DamageType("thunder"),
        PowerTag::Boost
        | PowerTag::Consistent
        | PowerTag::Focus
        | PowerTag::Form
        | PowerTag::Natural
        | PowerTag::Phrenic
        | PowerTag::Spirit
        | PowerTag::WildShape => Custom,
    }
}

/// The guide's table (docs/src/guide/foundry.md) of the three mappings above (between its `foundry-mapping` markers; a
/// test keeps the two the same).
pub fn mapping_markdown() -> String {
    let mut out = String::from("| Orcus source | dnd4e `details.origin` |\n|---|---|\n");
    for s in Source::ALL {
        out.push_str(&format!("| {} | `{}` |\n", s.label(), origin_key(*s)));
    }
    out.push_str("\n| Orcus type | dnd4e `details.type` |\n|---|---|\n");
    for t in CreatureType::ALL {
        out.push_str(&format!("| {} | `{}` |\n", t.label(), type_key(*t)));
    }
    out.push_str("\n| Orcus power tags | dnd4e power field |\n|---|---|\n");
    let fields = [
        "`powersource` (a second one `secondPowersource`)",
        "`effectType.<key>`",
        "`damageType.<key>`",
        "`weaponType`: `melee` for a melee power, `ranged` for a ranged one, else `meleeRanged` (the card says Weapon)",
        "`keywordsCustom`, the Orcus word",
    ];
    for (i, field) in fields.iter().enumerate() {
        let tags: Vec<String> = PowerTag::ALL
            .iter()
            .filter_map(|t| {
                let (group, key) = match tag_field(*t) {
                    TagField::PowerSource(k) => (0, Some(k)),
                    TagField::EffectType(k) => (1, Some(k)),
                    TagField::DamageType(k) => (2, Some(k)),
                    TagField::Weapon => (3, None),
                    TagField::Custom => (4, None),
                };
                (group == i).then(|| match key {
                    Some(k) if k != t.key() => format!("{} (`{k}`)", t.label()),
                    _ => t.label().to_owned(),
                })
            })
            .collect();
        out.push_str(&format!("| {} | {field} |\n", tags.join(", ")));
    }
    out
}

/// dnd4e's `useType` (`config.js`, `powerUseType`): refresh is its recharge.
fn use_type(usage: Usage) -> &'static str {
    match usage {
        Usage::AtWill => "atwill",
        Usage::Encounter => "encounter",
        Usage::Daily => "daily",
        Usage::Refresh => "recharge",
    }
}

/// dnd4e's `actionType` (`config.js`, `abilityActivationTypes`): a swift action is its minor
/// action, an immediate counter its immediate interrupt.
fn action_type(action: Action) -> &'static str {
    match action {
        Action::Standard => "standard",
        Action::Move => "move",
        Action::Swift => "minor",
        Action::Free => "free",
        Action::Counter => "interrupt",
        Action::Reaction => "reaction",
        Action::Opportunity => "opportunity",
        Action::None => "none",
    }
}

/// dnd4e's `attack.def` (`template.json`, `defences`).
pub fn defence_key(defense: Defense) -> &'static str {
    match defense {
        Defense::Fortitude => "fort",
        Defense::Reflex => "ref",
        Defense::Will => "wil",
        Defense::Ac => "ac",
    }
}

/// dnd4e's `rangeType` and the numbers that go with it (`rangePower`, `area`): a near area is
/// its close area, a far area its area burst or blast, an arc its blast.
fn range_fields(p: &StatPower) -> (&'static str, Option<u32>, u32) {
    let area = p.area.as_deref().unwrap_or("");
    let (shape, size) = area.split_once(' ').unwrap_or((area, "0"));
    let size: u32 = size.trim().parse().unwrap_or(0);
    match (p.origin, shape) {
        (Origin::Melee, _) => ("melee", p.range, 0),
        (Origin::Ranged, _) => ("range", p.range, 0),
        (_, "wall") => ("wall", p.range, size),
        (Origin::Near, "arc") => ("closeBlast", None, size),
        (Origin::Near, _) => ("closeBurst", None, size),
        (Origin::Far, "arc") => ("rangeBlast", p.range, size),
        (Origin::Far, _) => ("rangeBurst", p.range, size),
        (Origin::SelfOrigin, _) => ("personal", None, 0),
    }
}

/// Text for an HTML field of the sheet: the sheet renders these as HTML, so a monster's text
/// must not become markup.
fn html(s: &str) -> String {
    crate::text::escape_markup(s).replace('\n', "<br>")
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

/// A power's keywords in the fields dnd4e reads (see [`TagField`]).
struct Keywords {
    sources: Vec<&'static str>,
    effect_types: Map<String, Value>,
    damage_types: Map<String, Value>,
    weapon: bool,
    custom: Vec<String>,
}

/// One entry of a `;`-separated list of dnd4e (`keywordsCustom`, `languages.spoken.custom`,
/// `senses.custom`: each is `split(";")`): a `;` of its own would cut it in two.
fn list_entry(s: &str) -> String {
    s.replace(';', ",")
}

fn keywords(p: &StatPower) -> Keywords {
    let mut k = Keywords {
        sources: Vec::new(),
        effect_types: Map::new(),
        damage_types: Map::new(),
        weapon: false,
        custom: Vec::new(),
    };
    fn custom(k: &mut Keywords, word: &str) {
        let word = list_entry(word);
        if !k.custom.contains(&word) {
            k.custom.push(word);
        }
    }
    for tag in &p.tags {
        match PowerTag::parse(tag).map(tag_field) {
            Ok(TagField::PowerSource(s)) if !k.sources.contains(&s) => k.sources.push(s),
            Ok(TagField::PowerSource(_)) => {}
            Ok(TagField::EffectType(e)) => {
                k.effect_types.insert(e.to_owned(), Value::Bool(true));
            }
            Ok(TagField::DamageType(d)) => {
                k.damage_types.insert(d.to_owned(), Value::Bool(true));
            }
            Ok(TagField::Weapon) => k.weapon = true,
            Ok(TagField::Custom) | Err(_) => custom(&mut k, tag),
        }
    }
    if let Some(t) = &p.damage_type {
        if DND4E_DAMAGE_TYPES.contains(&t.as_str()) {
            k.damage_types.insert(t.clone(), Value::Bool(true));
        } else {
            custom(&mut k, t);
        }
    }
    // dnd4e shows two power sources; a third is a keyword like any other.
    for s in k.sources.split_off(k.sources.len().min(2)) {
        let label = PowerTag::parse(s).map_or(s, |t| t.label());
        custom(&mut k, label);
    }
    k
}

/// One power as a dnd4e `power` item.
pub(crate) fn power_item(p: &StatPower) -> Value {
    let (range_type, range_power, area) = range_fields(p);
    let targeting = crate::export::doc::targeting_line(p);
    let attack = match &p.attack {
        Some(a) => json!({
            "isAttack": true,
            "isBasic": p.basic,
            "ability": "form",
            "def": defence_key(a.defense),
            "formula": a.bonus.to_string(),
        }),
        None => json!({ "isAttack": false, "isBasic": p.basic, "ability": "", "formula": "" }),
    };
    let (formula, crit) = p.damage.as_ref().map(damage_formulas).unzip();
    let kw = keywords(p);
    let weapon_type = match (kw.weapon, p.origin) {
        (false, _) => "none",
        (true, Origin::Melee) => "melee",
        (true, Origin::Ranged) => "ranged",
        (true, _) => "meleeRanged",
    };
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
    let attack_line = p
        .attack
        .as_ref()
        .map(|a| format!("{} vs {}", crate::text::signed(a.bonus), a.defense.label()));
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
            "powerSubtype": p.category.key(),
            "useType": use_type(p.usage),
            "rechargeRoll": p.refresh.iter().min().map(u8::to_string).unwrap_or_default(),
            "actionType": action_type(p.action),
            "powersource": kw.sources.first().copied().unwrap_or_default(),
            "secondPowersource": kw.sources.get(1).copied().unwrap_or_default(),
            "weaponType": weapon_type,
            "weaponUse": "none",
            "rangeType": range_type,
            "rangePower": range_power.map(|r| r.to_string()).unwrap_or_default(),
            "area": area,
            "rangeTextShort": targeting,
            "rangeText": targeting,
            "target": p.targets.clone().unwrap_or_default(),
            "trigger": p.trigger.as_deref().map(html).unwrap_or_default(),
            "requirement": p.requirements.as_deref().map(html).unwrap_or_default(),
            "attack": attack,
            "hit": hit,
            "miss": { "detail": p.miss.as_deref().map(html).unwrap_or_default(), "formula": "" },
            "effect": { "detail": p.effect.as_deref().map(html).unwrap_or_default() },
            "special": special,
            "damageType": kw.damage_types,
            "effectType": kw.effect_types,
            "keywordsCustom": kw.custom.join(";"),
        },
        "flags": {
            "lairsmith": { "usage": usage, "action": p.action, "origin": p.origin, "tags": p.tags },
        },
    })
}

/// The resistance entry of a damage type dnd4e knows, made on first use.
fn resistance_entry(
    map: &mut Map<String, Value>,
    damage: Option<DamageType>,
) -> Option<&mut Value> {
    let d = damage?;
    if !DND4E_DAMAGE_TYPES.contains(&d.key()) {
        return None;
    }
    Some(
        map.entry(d.key().to_owned())
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
            let damage = match r.against {
                Against::Damage(d) => Some(d),
                // A swarm's resistance by attack origin has no dnd4e field.
                Against::Origin(_) => None,
            };
            match resistance_entry(&mut map, damage) {
                Some(e) => e[key] = json!(sign * i64::from(r.value)),
                None => untyped.push(format!("{word} {} {}", r.against, r.value)),
            }
        }
    }
    for i in &b.immunities {
        let damage = match i {
            Immunity::Damage(d) => Some(*d),
            Immunity::Condition(_) => None,
        };
        match resistance_entry(&mut map, damage) {
            Some(e) => e["immune"] = Value::Bool(true),
            None => untyped.push(format!("immune {i}")),
        }
    }
    (Value::Object(map), untyped)
}

/// The stat block's senses, one entry each. A naturally blind monster's note goes with its
/// blindsight, the limit of what it perceives, as the stat block prints it
/// (`doc::senses_listed`); without blindsight it is an entry of its own.
fn sense_entries(b: &StatBlock) -> Vec<String> {
    let mut entries: Vec<String> = b.senses.iter().map(|s| list_entry(s)).collect();
    if b.blind {
        match entries.iter_mut().find(|s| s.starts_with("Blindsight")) {
            Some(s) => s.push_str(" (blind)"),
            None => entries.push("blind".to_owned()),
        }
    }
    entries
}

/// The stat block as a dnd4e `NPC` actor.
pub fn actor(b: &StatBlock) -> Value {
    let a = &b.abilities;
    let ability = |v: crate::monster::statblock::AbilityValue| json!({ "value": v.score });
    let defence = |v: i64| json!({ "base": v, "value": v });
    // Every skill, trained or not: dnd4e shows an absent one as 0, and its passive Perception and
    // Insight are `10 + skills.prc/ins.total` (`_prepareDerivedDataSkillsPassive`).
    let mut skills = Map::new();
    for s in Skill::ALL {
        let (bonus, trained) = b.skill_bonus(*s);
        skills.insert(
            skill_key(*s).to_owned(),
            json!({
                "base": bonus,
                "training": if trained { 5 } else { 0 },
                "ability": s.ability().key(),
            }),
        );
    }
    let (resist, untyped) = resistances(b);
    let m = &b.movement;
    let mut movement = json!({ "base": { "base": b.speed } });
    let mut moves = Vec::new();
    for (mode, v) in m.modes() {
        moves.push(format!("{mode} {v}"));
        // dnd4e keeps climb and swim as formulas (`template.json`, `speed`); a number is a
        // formula that evaluates to itself.
        if matches!(mode, MovementMode::Climb | MovementMode::Swim) {
            movement[mode.word()] = json!({ "formula": v.to_string() });
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
    let skill = k.skill.label();
    bio.push_str(&paragraphs(&[(
        "Knowledge",
        Some(&format!(
            "{skill} DC {}: its name, ancestry, type, tags and temperament; DC {}: also its powers, resistances, immunities and vulnerabilities",
            k.moderate_dc, k.hard_dc
        )),
    )]));
    // dnd4e splits these on `;` (`_prepareDataTraits`, `_prepareDataSense`), one entry each.
    let mut languages: Vec<String> = b.languages.iter().map(|l| list_entry(l)).collect();
    if let Some(t) = b.telepathy {
        languages.push(format!("telepathy {t}"));
    }
    let senses = sense_entries(b).join(";");
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
                    "primary": role_key(b.role),
                    "secondary": rank_key(b.rank),
                    "leader": b.leader,
                },
                "size": size_key(b.size),
                // The sheet's origin and type are dropdowns of dnd4e's words; its free-text
                // "other" keeps the book's type line, with the Orcus words.
                "origin": origin_key(b.source),
                "type": type_key(b.creature_type),
                "other": b.type_line,
                "alignment": b.alignment.clone().unwrap_or_default(),
                "saves": { "value": b.saving_throw_bonus },
                "surges": { "value": b.recoveries, "max": b.recoveries },
                "surgeBon": { "value": b.recovery_value - b.hp / 2 / 2 },
            },
            "movement": movement,
            // 0.6.21 reads `senses.special.custom`, 0.9 `senses.custom`.
            "senses": {
                "special": { "value": [], "custom": senses },
                "custom": senses,
                "notes": format!("Space {}; reach {}", b.space, b.reach),
            },
            "languages": { "spoken": { "value": [], "custom": languages.join(";") } },
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
    /// The actors as one JSON array, the text Foundry imports (control characters escaped).
    pub json: String,
    /// The groups left out (placeholders, challenges, challenge ratings, unknown ids), by name.
    pub left_out: Vec<String>,
}

/// `lairsmith encounter export FILE --format foundry`.
pub fn encounter_actors(e: &Encounter, bestiary: &Bestiary) -> EncounterActors {
    // One actor a distinct monster or placeholder (its key), in the order first met.
    let mut order: Vec<(String, StatBlock)> = Vec::new();
    let mut counts: Vec<(u32, u32)> = Vec::new();
    let mut left_out = Vec::new();
    for g in &e.groups {
        let found = match (&g.monster, &g.placeholder) {
            (Some(id), _) => bestiary
                .get(id)
                .and_then(|m| m.block().ok())
                .map(|b| (id.clone(), b)),
            // A placeholder's numbers are its derived stat block's, as every sheet has them.
            (None, Some(p)) => Some((g.key(), p.stat_block())),
            _ => None,
        };
        let Some((key, block)) = found else {
            left_out.push(match (&g.monster, &g.challenge) {
                (Some(id), _) => format!("`{id}` (not in the bestiary)"),
                (None, Some(c)) => format!("challenge `{}`", c.name),
                _ => g.key(),
            });
            continue;
        };
        let i = order
            .iter()
            .position(|(o, _)| *o == key)
            .unwrap_or_else(|| {
                order.push((key, block));
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
        .map(|((_, block), (foes, allies))| {
            let mut v = actor(block);
            let flags = &mut v["flags"]["lairsmith"];
            flags["count"] = json!(foes.saturating_add(*allies));
            if *allies > 0 {
                flags["allies"] = json!(allies);
            }
            flags["encounter"] = json!(e.name);
            v
        })
        .collect();
    EncounterActors {
        json: to_text(&Value::Array(actors)),
        left_out,
    }
}
