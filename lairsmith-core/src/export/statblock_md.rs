//! Obsidian exports: a stat block as a Fantasy Statblocks ```` ```statblock ```` block, the
//! "Orcus" layout that renders it, and an encounter note for Initiative Tracker.
//!
//! The formats are the plugins' own, read from their source:
//! - javalent/fantasy-statblocks `@types/index.d.ts` (the `Monster` keys: `name`, `size`,
//!   `type`, `subtype`, `alignment`, `ac`, `hp`, `speed`, `stats`, `skillsaves`,
//!   `damage_resistances`, `damage_vulnerabilities`, `damage_immunities`, `senses`,
//!   `languages`, `traits`, `actions`, `reactions`, each trait a `name` and a `desc`), and
//!   `README.md` (`layout:` names the layout a block renders with). A block is read as a whole
//!   YAML map, so the Orcus layout's own keys (`fortitude`, `knowledge`, ...) reach it too
//!   (`src/view/ui/Content.svelte` looks every property up on the monster by name).
//! - javalent/fantasy-statblocks `src/layouts/layout.types.ts` (the layout JSON: `name`, `id`,
//!   `blocks`, each block a `type` of `StatblockItemTypes` with its props) and
//!   `src/layouts/basic 5e/other/Basic 5e Layout.json` (how a shipped layout is written).
//! - javalent/initiative-tracker 13.0.18 `src/encounter/index.ts` (the ```` ```encounter ````
//!   block: `name`, `players`, `party`, `hide`, `creatures`, each creature `COUNT: {creature,
//!   name, hp, ac, mod, xp, ally}`, a number left out taken from the bestiary) and
//!   `src/utils/creature.ts` (a bestiary creature's `modifier` is its initiative modifier,
//!   `xp` its XP). `tests/obsidian_plugins.rs` pins these facts.

use super::doc::{Block, group_thousands, power_lines, signed};
use crate::bestiary::Bestiary;
use crate::encounter::file::{Encounter, Side};
use crate::encounter::party::Party;
use crate::encounter::report::Report;
use crate::monster::names::distinct;
use crate::monster::statblock::{Ordered, ResistanceValue, StatBlock};
use crate::rules::Skill;
use crate::vocab::Vocabulary;
use serde::Serialize;

/// The name of the shipped layout, which every exported block names in `layout:`.
pub const LAYOUT_NAME: &str = "Orcus";

/// The layout file the user imports into Fantasy Statblocks (Settings → Layouts → Import).
pub const LAYOUT_JSON: &str = include_str!("../../../layouts/orcus.json");

/// A trait as Fantasy Statblocks reads one: a name and a description
/// (javalent/fantasy-statblocks `@types/index.d.ts`, `Trait`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct FsTrait {
    pub name: String,
    pub desc: String,
}

fn skip_empty<T>(v: &[T]) -> bool {
    v.is_empty()
}

/// A monster as a Fantasy Statblocks block. The plugin's standard keys come first, for its
/// bestiary, Initiative Tracker and other layouts; the Orcus layout's own keys carry what
/// those keys cannot (four defences, staggered, recoveries, knowledge).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct FsMonster {
    pub layout: &'static str,
    pub name: String,
    pub size: String,
    #[serde(rename = "type")]
    pub creature_type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subtype: Option<String>,
    pub alignment: String,
    /// Initiative Tracker's number of a creature, with `hp`, `modifier` and `xp`.
    pub ac: i64,
    pub hp: i64,
    /// The initiative modifier, under the name Initiative Tracker reads.
    pub modifier: i64,
    pub xp: i64,
    pub speed: String,
    /// Scores in the plugin's order (Str, Dex, Con, Int, Wis, Cha), for other layouts; the
    /// Orcus layout shows `abilities`, whose modifiers include half the level.
    pub stats: [i32; 6],
    #[serde(skip_serializing_if = "skip_empty")]
    pub skillsaves: Vec<Ordered<i32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage_resistances: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage_vulnerabilities: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damage_immunities: Option<String>,
    pub senses: String,
    pub languages: String,
    #[serde(skip_serializing_if = "skip_empty")]
    pub traits: Vec<FsTrait>,
    /// Powers used on the monster's turn (the block's Actions).
    #[serde(skip_serializing_if = "skip_empty")]
    pub actions: Vec<FsTrait>,
    /// Triggered powers (the block's Triggered Actions).
    #[serde(skip_serializing_if = "skip_empty")]
    pub reactions: Vec<FsTrait>,
    pub level: u8,
    /// "Level 4 Elite Skulker (Leader)".
    pub role_line: String,
    /// "Medium Natural Beast ● Aquatic".
    pub type_line: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub staggered: Option<i64>,
    /// A mook's HP line (Monster Statistics: Mooks) in place of a staggered value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mook: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub regeneration: Option<String>,
    pub initiative: String,
    pub fortitude: i64,
    pub reflex: i64,
    pub will: i64,
    pub saving_throws: String,
    pub action_points: i64,
    pub recoveries: String,
    pub space: String,
    pub reach: i64,
    /// Str, Con, Dex, Int, Wis, Cha as the book prints them: "18 (+6)".
    pub abilities: [String; 6],
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skills: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub equipment: Option<String>,
    pub knowledge: String,
    #[serde(skip_serializing_if = "skip_empty")]
    pub variants: Vec<FsTrait>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tactics: Option<String>,
    #[serde(skip_serializing_if = "skip_empty")]
    pub templates: Vec<FsTrait>,
    #[serde(skip_serializing_if = "skip_empty")]
    pub overrides: Vec<FsTrait>,
}

use super::md::inline;
use super::{md_spans as markdown, plain_spans as plain};

fn list(v: &[ResistanceValue]) -> Option<String> {
    (!v.is_empty()).then(|| {
        v.iter()
            .map(|r| format!("{} {}", r.against, r.value))
            .collect::<Vec<_>>()
            .join(", ")
    })
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or(String::new(), |f| {
        f.to_uppercase().collect::<String>() + c.as_str()
    })
}

/// A power as a trait: its heading line (symbol, name, usage, category, action, keywords) as
/// the name, its other lines as paragraphs of Markdown, which the layout renders.
fn power_trait(p: &crate::monster::statblock::StatPower, monster: &str) -> FsTrait {
    let lines = power_lines(p, monster);
    let mut name = String::new();
    let mut desc = Vec::new();
    for (i, b) in lines.iter().enumerate() {
        match b {
            Block::Line(spans) if i == 0 => name = plain(spans),
            Block::Line(spans) | Block::Item(spans) => desc.push(markdown(spans, 0)),
            Block::Title(t) | Block::Heading(t) => desc.push(t.clone()),
        }
    }
    FsTrait {
        name,
        desc: desc.join("\n\n"),
    }
}

fn senses(b: &StatBlock) -> String {
    let mut s = format!(
        "Perception {} (passive {})",
        signed(b.perception),
        b.passive_perception
    );
    s.push_str(&super::doc::senses_listed(b));
    s
}

fn speed(b: &StatBlock) -> String {
    let mut s = b.speed.to_string();
    let m = &b.movement;
    for (name, v) in m.modes() {
        s.push_str(&format!(", {name} {v}"));
    }
    if !m.traits.is_empty() {
        s.push_str(&format!("; {}", m.traits.join(", ")));
    }
    s
}

fn skill_label(k: &str) -> String {
    Skill::parse(k).map_or(k.to_owned(), |s| s.label().to_owned())
}

/// The stat block in Fantasy Statblocks' keys.
pub(crate) fn fs_monster(b: &StatBlock) -> FsMonster {
    let a = &b.abilities;
    let (actions, reactions) = power_entries(b);
    FsMonster {
        layout: LAYOUT_NAME,
        name: b.name.clone(),
        size: capitalise(b.size.key()),
        // Orcus types a monster by its source and its type ("Fey Monstrosity"); the plugin's
        // `source` is the book a creature comes from, so the source goes here.
        creature_type: format!(
            "{} {}",
            capitalise(b.source.key()),
            capitalise(b.creature_type.key())
        ),
        subtype: (!b.tags.is_empty()).then(|| {
            b.tags
                .iter()
                .map(|t| capitalise(t))
                .collect::<Vec<_>>()
                .join(", ")
        }),
        alignment: b
            .alignment
            .as_deref()
            .map_or("Unaligned".to_owned(), capitalise),
        ac: b.defenses.ac,
        hp: b.hp,
        modifier: b.initiative,
        xp: b.xp,
        speed: speed(b),
        stats: [
            a.str.score,
            a.dex.score,
            a.con.score,
            a.int.score,
            a.wis.score,
            a.cha.score,
        ],
        skillsaves: b
            .skills
            .0
            .iter()
            .map(|(k, v)| Ordered(vec![(k.clone(), *v)]))
            .collect(),
        damage_resistances: list(&b.resistances),
        damage_vulnerabilities: list(&b.vulnerabilities),
        damage_immunities: (!b.immunities.is_empty())
            .then(|| crate::text::joined(&b.immunities, ", ")),
        senses: senses(b),
        languages: languages(b),
        traits: trait_entries(b),
        actions,
        reactions,
        level: b.level,
        role_line: b.header.clone(),
        type_line: b.type_line.clone(),
        staggered: (!b.mook).then_some(b.staggered),
        mook: b.mook.then_some("a missed attack never damages it"),
        regeneration: b.regeneration.clone(),
        initiative: signed(b.initiative),
        fortitude: b.defenses.fortitude,
        reflex: b.defenses.reflex,
        will: b.defenses.will,
        saving_throws: signed(b.saving_throw_bonus),
        action_points: b.action_points,
        recoveries: if b.mook {
            b.recoveries.to_string()
        } else {
            format!("{} (recovery value {})", b.recoveries, b.recovery_value)
        },
        space: b.space.clone(),
        reach: b.reach,
        abilities: book_abilities(b),
        skills: skills(b),
        equipment: b.equipment.clone(),
        knowledge: knowledge(b),
        variants: variant_entries(b),
        description: b.description.clone(),
        tactics: b.tactics.clone(),
        templates: template_entries(b),
        overrides: override_entries(b),
    }
}

/// "Common, Goblin; telepathy 10", or "—" for a monster of no language.
fn languages(b: &StatBlock) -> String {
    let mut languages = if b.languages.is_empty() {
        "—".to_owned()
    } else {
        b.languages.join(", ")
    };
    if let Some(t) = b.telepathy {
        languages.push_str(&format!("; telepathy {t}"));
    }
    languages
}

// Fantasy Statblocks keeps one entry per name in each list (see `monster::names`): a repeated
// name is numbered, on the names the monster gives (the powers', the traits', the variants'),
// and again on each list as written, so that nothing a list holds is lost in the plugin.

/// The powers used on the monster's turn, then the triggered ones, as traits.
fn power_entries(b: &StatBlock) -> (Vec<FsTrait>, Vec<FsTrait>) {
    let power_names = distinct(b.powers.iter().map(|p| p.name.as_str()));
    let powers: Vec<_> = b
        .powers
        .iter()
        .zip(power_names)
        .map(|(p, name)| {
            let mut p = p.clone();
            p.name = name;
            p
        })
        .collect();
    let (triggered, actions): (Vec<_>, Vec<_>) = powers.iter().partition(|p| p.triggered);
    let entries = |powers: Vec<&crate::monster::statblock::StatPower>| {
        one_per_name(
            powers
                .into_iter()
                .map(|p| power_trait(p, &b.name))
                .collect(),
        )
    };
    (entries(actions), entries(triggered))
}

/// The traits, each named with its aura, tags and template.
fn trait_entries(b: &StatBlock) -> Vec<FsTrait> {
    let trait_names = distinct(b.traits.iter().map(|t| t.name.as_str()));
    one_per_name(
        b.traits
            .iter()
            .zip(trait_names)
            .map(|(t, mut name)| {
                if let Some(a) = t.aura {
                    name.push_str(&format!(" · Aura {a}"));
                }
                if !t.tags.is_empty() {
                    name.push_str(&format!(" ({})", t.tags.join(", ")));
                }
                if let Some(from) = &t.from_template {
                    name.push_str(&format!(" [{from}]"));
                }
                FsTrait {
                    name,
                    desc: t.text.clone(),
                }
            })
            .collect(),
    )
}

fn variant_entries(b: &StatBlock) -> Vec<FsTrait> {
    let variant_names = distinct(b.variants.iter().map(|v| v.name.as_str()));
    one_per_name(
        b.variants
            .iter()
            .zip(variant_names)
            .map(|(v, name)| FsTrait {
                name,
                desc: v.text.clone(),
            })
            .collect(),
    )
}

/// Str, Con, Dex, Int, Wis, Cha as the book prints them: "18 (+6)".
fn book_abilities(b: &StatBlock) -> [String; 6] {
    let a = &b.abilities;
    let ab = |v: crate::monster::statblock::AbilityValue| {
        format!("{} ({})", v.score, signed(i64::from(v.modifier)))
    };
    [
        ab(a.str),
        ab(a.con),
        ab(a.dex),
        ab(a.int),
        ab(a.wis),
        ab(a.cha),
    ]
}

/// "Athletics +7, Stealth +9", or `None` without a trained skill.
fn skills(b: &StatBlock) -> Option<String> {
    (!b.skills.0.is_empty()).then(|| {
        b.skills
            .0
            .iter()
            .map(|(k, v)| format!("{} {}", skill_label(k), signed(i64::from(*v))))
            .collect::<Vec<_>>()
            .join(", ")
    })
}

fn knowledge(b: &StatBlock) -> String {
    let k = &b.knowledge;
    format!(
        "{} DC {}: its name, ancestry, type, tags and temperament; DC {}: also its powers, resistances, immunities and vulnerabilities",
        k.skill.label(),
        k.moderate_dc,
        k.hard_dc
    )
}

/// Each template applied, with what it changed.
fn template_entries(b: &StatBlock) -> Vec<FsTrait> {
    one_per_name(
        b.templates
            .iter()
            .map(|t| FsTrait {
                name: format!("{} ({})", t.name, t.id),
                desc: if t.changes.is_empty() {
                    "no change to this monster".to_owned()
                } else {
                    t.changes.join("; ")
                },
            })
            .collect(),
    )
}

/// Each stat set by hand, against its formula, and why.
fn override_entries(b: &StatBlock) -> Vec<FsTrait> {
    one_per_name(
        b.overrides
            .iter()
            .map(|o| FsTrait {
                name: o.stat.clone(),
                desc: format!(
                    "{} (formula {}): {}",
                    o.value,
                    o.formula,
                    if o.reason.is_empty() {
                        "no reason given"
                    } else {
                        &o.reason
                    }
                ),
            })
            .collect(),
    )
}

/// A list as Fantasy Statblocks keeps it, one entry per name: a repeated name is numbered.
fn one_per_name(mut list: Vec<FsTrait>) -> Vec<FsTrait> {
    let names = distinct(list.iter().map(|t| t.name.as_str()));
    for (t, name) in list.iter_mut().zip(names) {
        t.name = name;
    }
    list
}

/// A fence of backticks longer than any run inside `body`, so no text of the monster can
/// close the block early (CommonMark: a closing fence is at least as long as the opening).
fn fenced(info: &str, body: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in body.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat((longest + 1).max(3));
    format!("{fence}{info}\n{body}{fence}\n")
}

/// `show --format statblock`: the block to paste into a note.
pub fn statblock(b: &StatBlock) -> String {
    let yaml = crate::yaml_io::to_string(&fs_monster(b));
    crate::text::escape_string(fenced("statblock", &yaml))
}

/// One creature of an Initiative Tracker `creatures:` list, written in the tracker's keyed form
/// `COUNT: {creature: NAME, name: DISPLAY, hp: HP, ac: AC, mod: MOD, xp: XP, ally: true}`
/// (javalent/initiative-tracker 13.0.18, `src/encounter/index.ts`,
/// `EncounterParser.parseRawCreature`, the `typeof monster == "object"` branch). The keyed form
/// is the one that carries both a bestiary name and a display name without reading them by
/// position (the `[NAME, DISPLAY, ...]` list form reads the display name as the HP), and the
/// whole name, commas and all, is the lookup key. A number left out is left to the tracker's
/// bestiary entry of that name (`hp ?? creature.hp`), as a placeholder's are.
#[derive(Debug)]
struct ItCreature {
    count: u32,
    /// The bestiary name the tracker looks the creature up by (`creature:`).
    creature: String,
    /// The tracker's display name (`name:`): a group's label.
    display: Option<String>,
    hp: Option<i64>,
    ac: Option<i64>,
    modifier: Option<i64>,
    xp: Option<i64>,
    /// `ally: true`, the tracker's `friendly`: its difficulty leaves the creature out.
    ally: bool,
}

/// The body of the ```` ```encounter ```` block. Initiative Tracker cuts the block's text at
/// every `---`, anywhere in it and not only on a line of its own, and parses each piece as an
/// encounter (javalent/initiative-tracker 13.0.18, `src/encounter/index.ts`,
/// `EncounterBlock.postprocess`: `this.src.split("---")`), so a name holding `---` would split
/// the block and lose every creature after it. A value with two hyphens in a row is written
/// double-quoted with the second and later ones as `\u002D`, which YAML reads back as `-`: the
/// text holds no `---`, and the tracker sees the name as it is.
fn encounter_block(name: &str, creatures: &[ItCreature]) -> String {
    let mut s = format!("name: {}\ncreatures:\n", tracker_scalar(name));
    for c in creatures {
        s.push_str(&format!(
            "- {}:\n    creature: {}\n",
            c.count,
            tracker_scalar(&c.creature)
        ));
        if let Some(d) = &c.display {
            s.push_str(&format!("    name: {}\n", tracker_scalar(d)));
        }
        for (key, n) in [
            ("hp", c.hp),
            ("ac", c.ac),
            ("mod", c.modifier),
            ("xp", c.xp),
        ] {
            if let Some(n) = n {
                s.push_str(&format!("    {key}: {n}\n"));
            }
        }
        if c.ally {
            s.push_str("    ally: true\n");
        }
    }
    s
}

/// A YAML scalar for the encounter block: as lairsmith writes any YAML value, unless it holds
/// `--` or would take more than one line; then double-quoted, escaped (see [`encounter_block`]).
fn tracker_scalar(value: &str) -> String {
    let plain = crate::yaml_io::to_string(&value);
    let plain = plain.trim_end_matches('\n');
    if !value.contains("--") && !plain.contains('\n') && !plain.contains("--") {
        return plain.to_owned();
    }
    let mut out = String::from("\"");
    let mut after_hyphen = false;
    for c in value.chars() {
        match c {
            '-' if after_hyphen => out.push_str("\\u002D"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() || crate::text::is_bidi_control(c) => {
                out.push_str(&format!("\\u{:04X}", u32::from(c)));
            }
            c => out.push(c),
        }
        after_hyphen = c == '-';
    }
    out.push('"');
    out
}

/// The encounter's notes and each group's, by the group's name: the tracker's block has no
/// place for them. Empty when there are none.
fn notes_section(encounter: &Encounter, report: &Report) -> String {
    use crate::export::md::prose;
    let groups: Vec<String> = report
        .roster
        .iter()
        .zip(&encounter.groups)
        .filter_map(|(r, g)| {
            let n = g.notes.as_deref()?;
            let name = super::md::delimited(&r.title(), "**");
            Some(format!("- {name}: {}\n", prose(n.trim(), 2)))
        })
        .collect();
    if encounter.notes.is_none() && groups.is_empty() {
        return String::new();
    }
    let mut s = String::from("\n## Notes\n\n");
    if let Some(n) = &encounter.notes {
        s.push_str(&prose(n.trim_end(), 0));
        s.push_str("\n\n");
    }
    s.push_str(&groups.concat());
    s
}

/// `encounter export --format obsidian`: a note holding an Initiative Tracker encounter block
/// (each group a creature with its count) and the Fantasy Statblocks block of each distinct
/// monster.
pub fn encounter_note(
    encounter: &Encounter,
    party: &Party,
    report: &Report,
    bestiary: &Bestiary,
) -> String {
    let mut s = format!("# {}\n\n", inline(&encounter.name));
    for (label, text) in report.summary(party) {
        s.push_str(&format!("- **{label}** {}\n", inline(&text)));
    }
    let mut creatures = Vec::new();
    let mut left_out = Vec::new();
    let mut allies = Vec::new();
    for (r, g) in report.roster.iter().zip(&encounter.groups) {
        if let Some(c) = &r.challenge {
            left_out.push(format!(
                "{} (extended challenge, level {}, {} XP)",
                inline(&r.name),
                c.level,
                group_thousands(c.xp)
            ));
            continue;
        }
        let block = g.monster.as_deref().and_then(|id| bestiary.get(id));
        let ally = g.side == Side::Ally;
        let xp = if ally {
            allies.push(inline(&r.name));
            None
        } else {
            r.xp_each.and_then(|x| i64::try_from(x).ok())
        };
        // A placeholder's numbers are its derived stat block's, as the fight has them.
        let stats = block
            .and_then(|e| e.block().ok())
            .or_else(|| g.placeholder.as_ref().map(|p| p.stat_block()));
        // The bestiary name is the stat block's own (what the note's statblock is called); a
        // label is only the tracker's display name, so the lookup still finds the monster.
        let creature = match (&stats, &r.stat_block) {
            (Some(b), _) => b.name.clone(),
            (None, Some(what)) => what.clone(),
            (None, None) => r.name.clone(),
        };
        let display = (g.label.is_some() && r.name != creature).then(|| r.name.clone());
        creatures.push(ItCreature {
            count: r.count,
            creature,
            display,
            // A placeholder, a CR group or an unknown id: a plain creature with its XP.
            hp: stats.as_ref().map(|b| b.hp),
            ac: stats.as_ref().map(|b| b.defenses.ac),
            modifier: match &g.placeholder {
                // P1: a placeholder's initiative modifier is half its level, as in the fight.
                Some(p) => Some(crate::fight::rules::p1_placeholder_mod(p.level.get())),
                None => stats.as_ref().map(|b| b.initiative),
            },
            xp,
            ally,
        });
    }
    s.push('\n');
    s.push_str(&fenced(
        "encounter",
        &encounter_block(&encounter.name, &creatures),
    ));
    if !left_out.is_empty() {
        s.push_str(&format!(
            "\nLeft out of the encounter block, which holds only creatures: {}.\n",
            left_out.join("; ")
        ));
    }
    if !allies.is_empty() {
        s.push_str(&format!(
            "\nAllies, marked `ally` (the tracker's friendly creatures, which its difficulty leaves out) and given no XP since they do not count against the budget: {}.\n",
            allies.join(", ")
        ));
    }
    s.push_str(&notes_section(encounter, report));
    let mut seen: Vec<&str> = Vec::new();
    let blocks: Vec<String> = encounter
        .groups
        .iter()
        .filter_map(|g| g.monster.as_deref())
        .filter(|id| {
            let new = !seen.contains(id);
            if new {
                seen.push(id);
            }
            new
        })
        .filter_map(|id| bestiary.get(id)?.block().ok())
        .map(|block| statblock(&block))
        .collect();
    if !blocks.is_empty() {
        s.push_str("\n## Stat blocks\n\n");
        s.push_str(&blocks.join("\n"));
    }
    crate::text::escape_string(s)
}
