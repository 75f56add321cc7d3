//! A stat block laid out once, as styled lines, in the book's order and vocabulary. Markdown,
//! plain text and the terminal UI all render this same layout.

use crate::monster::statblock::{StatBlock, StatPower};
use crate::rules::Skill;
use crate::rules::power_vocab::{Category, Origin, Usage};
use crate::vocab::Vocabulary;

/// A run of text with a style.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Span {
    /// A name, a label or lairsmith's own words: text as it is.
    Plain(String),
    /// Bold text: a field's label ("HP", "AC", "Initiative") or the XP.
    Bold(String),
    /// Italic text: the header and type lines ("Level 4 Skulker"), a template's mark.
    Italic(String),
    /// The author's prose (a trait's text, a power's Hit line, a description), which may hold
    /// Markdown of its own: shown as plain text, and kept as Markdown by the Markdown export.
    Prose(String),
}

impl Span {
    /// Its text, whatever its style.
    pub fn text(&self) -> &str {
        match self {
            Span::Plain(s) | Span::Bold(s) | Span::Italic(s) | Span::Prose(s) => s,
        }
    }
}

/// One line of the layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// The monster's name.
    Title(String),
    /// A free-standing line (the header, a power's heading, prose).
    Line(Vec<Span>),
    /// A section heading: Traits, Actions, Triggered Actions, Statistics.
    Heading(String),
    /// A bulleted line.
    Item(Vec<Span>),
}

fn plain(s: impl Into<String>) -> Span {
    Span::Plain(s.into())
}
fn bold(s: impl Into<String>) -> Span {
    Span::Bold(s.into())
}
fn italic(s: impl Into<String>) -> Span {
    Span::Italic(s.into())
}
fn prose(s: impl Into<String>) -> Span {
    Span::Prose(s.into())
}

/// Prose that may name the monster (its `{name}`, filled in by derivation): the name stays a
/// name, plain text, wherever it stands, so the Markdown export escapes it as one. Line breaks
/// at its end (a YAML `|` block ends in one) are dropped: they would end a list early.
fn named_prose(text: &str, name: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let mut rest = text.trim_end();
    while let Some(i) = rest.find(name).filter(|_| !name.is_empty()) {
        if i > 0 {
            out.push(prose(&rest[..i]));
        }
        out.push(plain(name));
        rest = &rest[i + name.len()..];
    }
    if !rest.is_empty() {
        out.push(prose(rest));
    }
    out
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// Lays out a stat block.
pub fn layout(b: &StatBlock) -> Vec<Block> {
    let mut out = vec![Block::Title(b.name.clone()), header_line(b)];
    for item in [
        hp_line(b),
        defenses_line(b),
        endurance_line(b),
        speed_line(b),
        senses_line(b),
    ] {
        out.push(Block::Item(item));
    }
    if let Some(item) = damage_defenses_line(b) {
        out.push(Block::Item(item));
    }
    traits_blocks(b, &mut out);
    power_sections(b, &mut out);
    statistics_blocks(b, &mut out);
    variants_blocks(b, &mut out);
    prose_sections(b, &mut out);
    templates_blocks(b, &mut out);
    overrides_blocks(b, &mut out);
    out
}

/// The line under the name: the header ("Level 4 Skulker"), the type line and the XP.
fn header_line(b: &StatBlock) -> Block {
    Block::Line(vec![
        italic(b.header.clone()),
        plain(" · "),
        italic(b.type_line.clone()),
        plain(" · "),
        bold(format!("XP {}", group_thousands(b.xp))),
    ])
}

/// Hit points, the staggered value (or a mook's rule), regeneration and initiative.
fn hp_line(b: &StatBlock) -> Vec<Span> {
    let mut hp = vec![bold("HP"), plain(format!(" {}; ", b.hp))];
    if b.mook {
        // A missed attack never damages a mook (Monster Statistics: Mooks).
        hp.push(plain("a missed attack never damages it"));
    } else {
        hp.push(bold("Staggered"));
        hp.push(plain(format!(" {}", b.staggered)));
    }
    if let Some(r) = &b.regeneration {
        hp.push(plain("; "));
        hp.push(bold(r.clone()));
    }
    hp.push(plain(" · "));
    hp.push(bold("Initiative"));
    hp.push(plain(format!(" {}", signed(b.initiative))));
    hp
}

/// The four defenses.
fn defenses_line(b: &StatBlock) -> Vec<Span> {
    let d = b.defenses;
    vec![
        bold("AC"),
        plain(format!(" {}, ", d.ac)),
        bold("Fortitude"),
        plain(format!(" {}, ", d.fortitude)),
        bold("Reflex"),
        plain(format!(" {}, ", d.reflex)),
        bold("Will"),
        plain(format!(" {}", d.will)),
    ]
}

/// Saving throws, action points and recoveries.
fn endurance_line(b: &StatBlock) -> Vec<Span> {
    vec![
        bold("Saving Throws"),
        plain(format!(" {}; ", signed(b.saving_throw_bonus))),
        bold("Action Points"),
        plain(format!(" {}; ", b.action_points)),
        bold("Recoveries"),
        plain(if b.mook {
            format!(" {}", b.recoveries)
        } else {
            format!(" {} (recovery value {})", b.recoveries, b.recovery_value)
        }),
    ]
}

/// Speed with the other movement modes and traits, then space and reach.
fn speed_line(b: &StatBlock) -> Vec<Span> {
    let mut speed = vec![bold("Speed"), plain(format!(" {}", b.speed))];
    let m = &b.movement;
    for (name, v) in m.modes() {
        speed.push(plain(format!(", {name} {v}")));
    }
    if !m.traits.is_empty() {
        speed.push(plain(format!("; {}", m.traits.join(", "))));
    }
    speed.push(plain(" · "));
    speed.push(bold("Space"));
    speed.push(plain(format!(" {}; ", b.space)));
    speed.push(bold("Reach"));
    speed.push(plain(format!(" {}", b.reach)));
    speed
}

/// Perception and the senses after it.
fn senses_line(b: &StatBlock) -> Vec<Span> {
    let mut senses = vec![
        bold("Senses"),
        plain(format!(
            " Perception {} (passive {})",
            signed(b.perception),
            b.passive_perception
        )),
    ];
    let listed = senses_listed(b);
    if !listed.is_empty() {
        senses.push(plain(listed));
    }
    senses
}

/// Resistances, vulnerabilities and immunities, or `None` for a monster with none of them.
fn damage_defenses_line(b: &StatBlock) -> Option<Vec<Span>> {
    let mut defenses = Vec::new();
    let list = |v: &[crate::monster::statblock::ResistanceValue]| {
        v.iter()
            .map(|r| format!("{} {}", r.against, r.value))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !b.resistances.is_empty() {
        defenses.push(bold("Resist"));
        defenses.push(plain(format!(" {}", list(&b.resistances))));
    }
    if !b.vulnerabilities.is_empty() {
        if !defenses.is_empty() {
            defenses.push(plain("; "));
        }
        defenses.push(bold("Vulnerable"));
        defenses.push(plain(format!(" {}", list(&b.vulnerabilities))));
    }
    if !b.immunities.is_empty() {
        if !defenses.is_empty() {
            defenses.push(plain("; "));
        }
        defenses.push(bold("Immune"));
        defenses.push(plain(format!(
            " {}",
            crate::text::joined(&b.immunities, ", ")
        )));
    }
    (!defenses.is_empty()).then_some(defenses)
}

/// The Traits section, if the monster has any.
fn traits_blocks(b: &StatBlock, out: &mut Vec<Block>) {
    if b.traits.is_empty() {
        return;
    }
    out.push(Block::Heading("Traits".into()));
    for t in &b.traits {
        let mut head = vec![bold(t.name.clone())];
        if let Some(a) = t.aura {
            head.push(plain(format!(" · Aura {a}")));
        }
        if !t.tags.is_empty() {
            head.push(plain(format!(" ({})", t.tags.join(", "))));
        }
        head.extend(template_mark(t.from_template.as_deref()));
        out.push(Block::Line(head));
        out.push(Block::Item(named_prose(&t.text, &b.name)));
    }
}

/// The Actions section, then the Triggered Actions one, each only if it has a power.
fn power_sections(b: &StatBlock, out: &mut Vec<Block>) {
    let (triggered, actions): (Vec<&StatPower>, Vec<&StatPower>) =
        b.powers.iter().partition(|p| p.triggered);
    for (title, powers) in [("Actions", actions), ("Triggered Actions", triggered)] {
        if powers.is_empty() {
            continue;
        }
        out.push(Block::Heading(title.into()));
        for p in powers {
            power_blocks(p, &b.name, out);
        }
    }
}

/// The Statistics section: the abilities, skills, alignment and languages, equipment and the
/// knowledge checks.
fn statistics_blocks(b: &StatBlock, out: &mut Vec<Block>) {
    out.push(Block::Heading("Statistics".into()));
    let [row1, row2] = ability_rows(b);
    out.push(Block::Item(row1));
    out.push(Block::Item(row2));
    if let Some(skills) = skills_line(b) {
        out.push(Block::Item(skills));
    }
    out.push(Block::Item(alignment_languages_line(b)));
    if let Some(e) = &b.equipment {
        let mut item = vec![bold("Equipment"), plain(" ")];
        item.extend(named_prose(e, &b.name));
        out.push(Block::Item(item));
    }
    out.push(Block::Item(knowledge_line(b)));
}

/// The abilities in two rows, Str, Con and Dex, then Int, Wis and Cha, each with its modifier.
fn ability_rows(b: &StatBlock) -> [Vec<Span>; 2] {
    let a = &b.abilities;
    let ab = |name: &str, v: crate::monster::statblock::AbilityValue| {
        vec![
            bold(name.to_owned()),
            plain(format!(" {} ({})", v.score, signed(i64::from(v.modifier)))),
        ]
    };
    let mut row1 = ab("Str", a.str);
    row1.push(plain(" · "));
    row1.extend(ab("Con", a.con));
    row1.push(plain(" · "));
    row1.extend(ab("Dex", a.dex));
    let mut row2 = ab("Int", a.int);
    row2.push(plain(" · "));
    row2.extend(ab("Wis", a.wis));
    row2.push(plain(" · "));
    row2.extend(ab("Cha", a.cha));
    [row1, row2]
}

/// The trained skills with their bonuses, or `None` without any.
fn skills_line(b: &StatBlock) -> Option<Vec<Span>> {
    if b.skills.0.is_empty() {
        return None;
    }
    let skills: Vec<String> = b
        .skills
        .0
        .iter()
        .map(|(k, v)| {
            format!(
                "{} {}",
                Skill::parse(k).map_or(k.as_str(), |s| s.label()),
                signed(i64::from(*v))
            )
        })
        .collect();
    Some(vec![
        bold("Skills"),
        plain(format!(" {}", skills.join(", "))),
    ])
}

/// Alignment ("Unaligned" when none), then languages ("—" when none) and telepathy.
fn alignment_languages_line(b: &StatBlock) -> Vec<Span> {
    let mut misc = vec![
        bold("Alignment"),
        plain(format!(
            " {}",
            b.alignment
                .as_deref()
                .map_or("Unaligned".to_owned(), capitalise)
        )),
    ];
    misc.push(plain(" · "));
    misc.push(bold("Languages"));
    let mut langs = if b.languages.is_empty() {
        "—".to_owned()
    } else {
        b.languages.join(", ")
    };
    if let Some(t) = b.telepathy {
        langs.push_str(&format!("; telepathy {t}"));
    }
    misc.push(plain(format!(" {langs}")));
    misc
}

/// The knowledge checks' skill and DCs, with what each reveals.
fn knowledge_line(b: &StatBlock) -> Vec<Span> {
    let k = &b.knowledge;
    let skill = k.skill.label();
    vec![
        bold("Knowledge"),
        plain(format!(
            " {skill} DC {}: its name, ancestry, type, tags and temperament; DC {}: also its powers, resistances, immunities and vulnerabilities",
            k.moderate_dc, k.hard_dc
        )),
    ]
}

/// The Variants section, if the monster has any.
fn variants_blocks(b: &StatBlock, out: &mut Vec<Block>) {
    if b.variants.is_empty() {
        return;
    }
    out.push(Block::Heading("Variants".into()));
    for v in &b.variants {
        out.push(Block::Line(vec![bold(v.name.clone())]));
        out.push(Block::Item(named_prose(&v.text, &b.name)));
    }
}

/// The Description and Tactics sections, each present only if written, one line a paragraph.
fn prose_sections(b: &StatBlock, out: &mut Vec<Block>) {
    for (label, text) in [("Description", &b.description), ("Tactics", &b.tactics)] {
        if let Some(t) = text {
            out.push(Block::Heading(label.into()));
            for para in t.split("\n\n").filter(|p| !p.trim().is_empty()) {
                let para = para.trim().replace('\n', " ");
                out.push(Block::Line(named_prose(&para, &b.name)));
            }
        }
    }
}

/// The Templates section: each template applied and what it changed.
fn templates_blocks(b: &StatBlock, out: &mut Vec<Block>) {
    if b.templates.is_empty() {
        return;
    }
    out.push(Block::Heading("Templates".into()));
    for t in &b.templates {
        let changes = if t.changes.is_empty() {
            "no change to this monster".to_owned()
        } else {
            t.changes.join("; ")
        };
        out.push(Block::Item(vec![
            bold(t.name.clone()),
            plain(format!(" ({}): {changes}", t.id)),
        ]));
    }
}

/// The Overrides section: each stat set by hand, against its formula, and why.
fn overrides_blocks(b: &StatBlock, out: &mut Vec<Block>) {
    if b.overrides.is_empty() {
        return;
    }
    out.push(Block::Heading("Overrides".into()));
    for o in &b.overrides {
        let why = if o.reason.is_empty() {
            "no reason given".to_owned()
        } else {
            o.reason.clone()
        };
        out.push(Block::Item(vec![
            bold(o.stat.clone()),
            plain(format!(" {} (formula {}): ", o.value, o.formula)),
            prose(why),
        ]));
    }
}

/// " [Veteran]" after a power or trait a template added. The space is outside the italics:
/// Markdown's `*` opens emphasis only before a non-space.
fn template_mark(from: Option<&str>) -> Vec<Span> {
    from.map_or_else(Vec::new, |t| vec![plain(" "), italic(format!("[{t}]"))])
}

/// "At-Will", "Encounter", "Refresh 5, 6".
pub fn usage_label(p: &StatPower) -> String {
    match p.usage {
        Usage::Refresh if !p.refresh.is_empty() => {
            let faces: Vec<String> = p.refresh.iter().map(u8::to_string).collect();
            format!("Refresh {}", faces.join(", "))
        }
        u => u.label().to_owned(),
    }
}

/// "Melee 1, one creature", "Far burst 2 within 10, all creatures in the burst", "Self".
pub(crate) fn targeting_line(p: &StatPower) -> String {
    let origin = p.origin.label().to_owned();
    let mut s = match (p.origin, &p.area, p.range) {
        (Origin::SelfOrigin, _, _) => "Self".to_owned(),
        (Origin::Near, Some(a), _) => format!("Near {a}"),
        (Origin::Far, Some(a), Some(r)) => format!("Far {a} within {r}"),
        (Origin::Far, Some(a), None) => format!("Far {a}"),
        (_, _, Some(r)) => format!("{origin} {r}"),
        _ => origin,
    };
    let default_targets = match p.origin {
        Origin::Near | Origin::Far => Some("all creatures in the area"),
        Origin::SelfOrigin => None,
        Origin::Melee | Origin::Ranged => Some("one creature"),
    };
    if let Some(t) = p.targets.as_deref().or(default_targets) {
        s.push_str(", ");
        s.push_str(t);
    }
    s
}

/// One power as the layout shows it: its heading line, then its targeting, attack and
/// outcome lines. Other renderings (Fantasy Statblocks) take the same lines as this one.
pub(crate) fn power_lines(p: &StatPower, monster: &str) -> Vec<Block> {
    let mut out = Vec::new();
    power_blocks(p, monster, &mut out);
    out
}

/// The power's name after its symbol ("‡ Thorn Lash").
pub(crate) fn power_title(p: &StatPower) -> String {
    match p.symbol {
        Some(sym) => format!("{sym} {}", p.name),
        None => p.name.clone(),
    }
}

/// The power's action in the book's words ("Standard Action", "Counter Action"); an
/// opportunity power that attacks is an "Opportunity Attack" (the book's Opportunity Attacks).
pub(crate) fn action_label(p: &StatPower) -> String {
    use crate::rules::power_vocab::{Action, OPPORTUNITY_ATTACK};
    match p.action {
        Action::Opportunity if p.category == Category::Attack => OPPORTUNITY_ATTACK.to_owned(),
        a => a.label().to_owned(),
    }
}

/// "Attack" or "Utility".
pub(crate) fn category_label(p: &StatPower) -> &'static str {
    p.category.label()
}

/// A power that only makes other attacks ("makes two basic attacks") has no targeting of its own.
pub(crate) fn delegates(p: &StatPower) -> bool {
    p.attack.is_none() && p.attacks > 0 && p.origin == Origin::SelfOrigin && p.targets.is_none()
}

/// "+19 vs Fortitude".
pub(crate) fn attack_text(a: &crate::monster::statblock::AttackValue) -> String {
    format!("{} vs {}", signed(a.bonus), a.defense.label())
}

/// `monster` is the monster's name, which the power's text may hold.
fn power_blocks(p: &StatPower, monster: &str, out: &mut Vec<Block>) {
    let mut head = vec![bold(power_title(p))];
    let action = action_label(p);
    let category = category_label(p);
    // "Refresh Attack (Standard Action; refresh 5, 6)": the faces after the action, so the
    // category still follows the frequency as on every other power.
    let (frequency, faces) = match (p.usage, p.refresh.is_empty()) {
        (Usage::Refresh, false) => {
            let f: Vec<String> = p.refresh.iter().map(u8::to_string).collect();
            ("Refresh".to_owned(), format!("; refresh {}", f.join(", ")))
        }
        _ => (usage_label(p), String::new()),
    };
    head.push(plain(format!(
        " · {frequency} {category} ({action}{faces})"
    )));
    if !p.tags.is_empty() {
        head.push(plain(format!(" ● {}", p.tags.join(", "))));
    }
    head.extend(template_mark(p.from_template.as_deref()));
    out.push(Block::Line(head));
    if !delegates(p) {
        out.push(Block::Item(vec![plain(targeting_line(p))]));
    }
    // The attack is lairsmith's words; every other line is the author's prose.
    let named = |t: &Option<String>| t.as_deref().map(|t| named_prose(t, monster));
    let lines: [(&str, Option<Vec<Span>>); 9] = [
        ("Trigger", named(&p.trigger)),
        ("Requirements", named(&p.requirements)),
        (
            "Attack",
            p.attack.as_ref().map(|a| vec![plain(attack_text(a))]),
        ),
        ("Hit", named(&p.hit)),
        ("Miss", named(&p.miss)),
        ("Effect", named(&p.effect)),
        ("Secondary Attack", named(&p.secondary_attack)),
        ("Aftereffect", named(&p.aftereffect)),
        ("Special", named(&p.special)),
    ];
    for (label, text) in lines {
        if let Some(t) = text {
            let mut item = vec![bold(label), plain(" ")];
            item.extend(t);
            out.push(Block::Item(item));
        }
    }
}

pub use crate::text::{group_thousands, signed};

/// The senses entry after Perception: "; Darkvision, Blindsight 5 (blind)", or "" when there is
/// nothing more. A naturally blind monster's note follows its blindsight, whose radius is the
/// limit of its perception (Vision and Light: Blindsight); without blindsight it ends the entry.
pub(crate) fn senses_listed(b: &StatBlock) -> String {
    let mut listed = b.senses.clone();
    let blindsight = listed.iter_mut().find(|s| s.starts_with("Blindsight"));
    let note_at_end = b.blind && blindsight.is_none();
    if b.blind
        && let Some(s) = blindsight
    {
        s.push_str(" (blind)");
    }
    let mut out = String::new();
    if !listed.is_empty() {
        out.push_str(&format!("; {}", listed.join(", ")));
    }
    if note_at_end {
        out.push_str(" (blind)");
    }
    out
}
