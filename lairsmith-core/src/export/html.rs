//! Printable HTML: one self-contained document per export (the style sheet inline, no script,
//! nothing fetched), built from the same derived data the Markdown uses: the [`StatBlock`], the
//! encounter [`Report`] and the [`AdventureReport`]. Every text goes through `escape`.
//!
//! The print style sheet sets stat blocks in two columns where they fit and never splits one
//! across a page (`break-inside: avoid`); the page size is the printer's (A4 or Letter).

use super::doc::{
    Block, Span, action_label, attack_text, category_label, delegates, group_thousands, layout,
    power_title, targeting_line, usage_label,
};
use crate::adventure::check::AdventureReport;
use crate::adventure::file::Adventure;
use crate::bestiary::Bestiary;
use crate::encounter::file::{Encounter, System};
use crate::encounter::party::Party;
use crate::encounter::report::Report;
use crate::export::sheet::adventure::Shown;
use crate::monster::statblock::{StatBlock, StatPower};
use crate::rules::power_vocab::Usage;
use crate::treasure::Plan;
use crate::vocab::Vocabulary;
use std::fmt::Write as _;

const CSS: &str = include_str!("html.css");

/// `s` fit for HTML text or a quoted attribute: the five markup characters as entities, and
/// control and bidi characters as their visible `\uXXXX` escape, as every other export shows
/// them ([`crate::text::escape_controls`]): HTML has no way to carry most of them.
pub(crate) fn escape(s: &str) -> String {
    crate::text::escape_markup(&crate::text::escape_controls(s))
}

/// A whole document around `body`.
fn document(title: &str, body: &str) -> String {
    document_with(title, body, "")
}

/// A whole document around `body`, with `css` after the sheets' own.
pub(crate) fn document_with(title: &str, body: &str, css: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n\
         <meta name=\"generator\" content=\"lairsmith\">\n<title>{}</title>\n\
         <style>\n{CSS}{css}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        escape(title)
    )
}

/// One monster's stat block as a document (`lairsmith show ID --format html`).
pub fn monster(block: &StatBlock) -> String {
    let mut body = String::from("<main class=\"blocks single\">\n");
    // The page's one top heading is the monster's name: a page of headings with no `h1` is
    // one the Nu HTML checker warns about, and a screen reader's outline starts nowhere.
    body.push_str(&stat_block_at(block, 1));
    body.push_str("</main>\n");
    document(&block.name, &body)
}

fn spans(spans: &[Span]) -> String {
    spans
        .iter()
        .map(|s| match s {
            Span::Plain(t) | Span::Prose(t) => escape(t),
            Span::Bold(t) => format!("<b>{}</b>", escape(t)),
            Span::Italic(t) => format!("<i>{}</i>", escape(t)),
        })
        .collect()
}

/// The stat block: a header bar (name and type on the left, "Level N Role" and XP on the
/// right), the defences and hit points, then the sections of [`layout`] in the book's order,
/// with the powers drawn here so each shows its usage and action in its own bar. The body
/// flows in two columns inside the block where the width allows: a long monster then still
/// fits one printed page, which a column of the page would not hold.
pub(crate) fn stat_block(b: &StatBlock) -> String {
    stat_block_at(b, 3)
}

/// [`stat_block`] with its name a heading of `level` and its sections one below: 1 on a page of
/// its own, 3 under a sheet's "Stat blocks".
fn stat_block_at(b: &StatBlock, level: u8) -> String {
    let sec = level + 1;
    let mut s = format!(
        "<section class=\"block\" id=\"{}\">\n<header><div class=\"left\"><h{level} class=\"name\">{}</h{level}>\
         <div class=\"type\">{}</div></div><div class=\"right\"><div class=\"level\">{}</div>\
         <div class=\"xp\">XP {}</div></div></header>\n<div class=\"cols\">\n<div class=\"core\">\n",
        escape(&b.id),
        escape(&b.name),
        escape(&b.type_line),
        escape(&b.header),
        group_thousands(b.xp)
    );
    // The layout's first two lines are the name and the header, which the bar shows.
    let mut section: Option<String> = None;
    for block in layout(b).into_iter().skip(2) {
        match block {
            Block::Title(t) => {
                let _ = writeln!(s, "<p class=\"line\"><b>{}</b></p>", escape(&t));
            }
            Block::Heading(h) => {
                s.push_str("</div>\n");
                let _ = writeln!(
                    s,
                    "<h{sec} class=\"sec\">{}</h{sec}>\n<div class=\"body\">",
                    escape(&h)
                );
                let powers = match h.as_str() {
                    "Actions" => Some(false),
                    "Triggered Actions" => Some(true),
                    _ => None,
                };
                if let Some(triggered) = powers {
                    for p in b.powers.iter().filter(|p| p.triggered == triggered) {
                        s.push_str(&power(p));
                    }
                }
                section = Some(h);
            }
            // The powers were drawn at their heading.
            _ if matches!(section.as_deref(), Some("Actions" | "Triggered Actions")) => {}
            Block::Line(l) => {
                let class = match section.as_deref() {
                    Some("Traits" | "Variants") => "th",
                    _ => "line",
                };
                let _ = writeln!(s, "<p class=\"{class}\">{}</p>", spans(&l));
            }
            Block::Item(l) => {
                let knowledge = matches!(l.first(), Some(Span::Bold(t)) if t == "Knowledge");
                let class = if knowledge { "item knowledge" } else { "item" };
                let _ = writeln!(s, "<p class=\"{class}\">{}</p>", spans(&l));
            }
        }
    }
    s.push_str("</div>\n</div>\n");
    let _ = writeln!(
        s,
        "<footer>lairsmith show {}</footer>\n</section>",
        escape(&b.id)
    );
    s
}

/// The usage's colour class: at-will green, encounter red, daily black, the rest violet.
fn usage_class(p: &StatPower) -> &'static str {
    match p.usage {
        Usage::AtWill => "u-at-will",
        Usage::Encounter => "u-encounter",
        Usage::Daily => "u-daily",
        Usage::Refresh => "u-other",
    }
}

/// One power: a bar with its name and its usage, category and action, then its lines.
fn power(p: &StatPower) -> String {
    let action = action_label(p);
    let category = category_label(p);
    let mut head = format!("<b>{}</b>", escape(&power_title(p)));
    if !p.tags.is_empty() {
        let _ = write!(head, " ● {}", escape(&p.tags.join(", ")));
    }
    if let Some(t) = &p.from_template {
        let _ = write!(head, " <i>[{}]</i>", escape(t));
    }
    let mut s = format!(
        "<div class=\"power {}\"><div class=\"ph\"><span>{head}</span><span class=\"usage\">{} {category} ({})</span></div>\n<div class=\"pb\">\n",
        usage_class(p),
        escape(&usage_label(p)),
        escape(&action)
    );
    if !delegates(p) {
        let _ = writeln!(s, "<p class=\"item\">{}</p>", escape(&targeting_line(p)));
    }
    let attack = p.attack.as_ref().map(attack_text);
    let lines = [
        ("Trigger", p.trigger.clone()),
        ("Requirements", p.requirements.clone()),
        ("Attack", attack),
        ("Hit", p.hit.clone()),
        ("Miss", p.miss.clone()),
        ("Effect", p.effect.clone()),
        ("Secondary Attack", p.secondary_attack.clone()),
        ("Aftereffect", p.aftereffect.clone()),
        ("Special", p.special.clone()),
    ];
    for (label, text) in lines {
        if let Some(t) = text {
            let _ = writeln!(s, "<p class=\"item\"><b>{label}</b> {}</p>", escape(&t));
        }
    }
    s.push_str("</div></div>\n");
    s
}

/// The encounter sheet as a document (`lairsmith encounter export FILE --format html`).
pub fn encounter(
    encounter: &Encounter,
    party: &Party,
    report: &Report,
    bestiary: &Bestiary,
    treasure: Option<&Plan>,
) -> String {
    let body = encounter_sheet(encounter, party, report, bestiary, treasure, None);
    document(&encounter.name, &body)
}

/// The sheet's body: the summary, the budget arithmetic (both on the first page), the roster,
/// the extended challenges, each distinct stat block once, the treasure, how it was
/// generated, the notes. `position` numbers it inside an adventure.
fn encounter_sheet(
    e: &Encounter,
    party: &Party,
    report: &Report,
    bestiary: &Bestiary,
    treasure: Option<&Plan>,
    in_adventure: Option<(usize, &crate::export::sheet::encounter::Earlier)>,
) -> String {
    // T1: a chosen method's treasure replaces the book's average in the summary.
    let report = &*crate::treasure::report_with(report, treasure);
    let position = in_adventure.map(|(p, _)| p);
    let earlier = in_adventure.map_or(&[][..], |(_, e)| e);
    let (h1, h2) = if position.is_some() {
        ("h2", "h3")
    } else {
        ("h1", "h2")
    };
    let title = match position {
        Some(n) => format!("{n}. {}", e.name),
        None => e.name.clone(),
    };
    let mut s = format!(
        "<article class=\"sheet\">\n<{h1}>{}</{h1}>\n<{h2}>Summary</{h2}>\n<dl class=\"summary\">\n",
        escape(&title)
    );
    if e.system == System::D20e3 {
        s.push_str("<dt>System</dt><dd>d20 3rd edition (the Experience Point Awards table, by challenge rating)</dd>\n");
    }
    for (label, text) in report.summary(party) {
        let _ = writeln!(s, "<dt>{}</dt><dd>{}</dd>", escape(label), escape(&text));
    }
    s.push_str("</dl>\n");
    if !report.explanation.is_empty() {
        let _ = writeln!(
            s,
            "<{h2}>Budget arithmetic</{h2}>\n<ol class=\"arithmetic\">"
        );
        for t in &report.explanation {
            let ours = if t.ours {
                " <span class=\"ours\">— lairsmith's own reading</span>"
            } else {
                ""
            };
            let _ = writeln!(
                s,
                "<li>{} <span class=\"source\">({}){ours}</span></li>",
                escape(&t.text),
                escape(&t.source)
            );
        }
        s.push_str("</ol>\n");
    }
    let _ = writeln!(s, "<{h2}>Roster</{h2}>");
    s.push_str(&roster(e, report));
    if !report.challenges.is_empty() {
        let _ = writeln!(s, "<{h2}>Extended challenges</{h2}>");
        for c in &report.challenges {
            s.push_str(&challenge(c));
        }
    }
    let blocks: Vec<String> = crate::export::sheet::encounter::monster_ids(e)
        .into_iter()
        .filter(|id| !earlier.iter().any(|(x, _)| x == id))
        .filter_map(|id| Some(bestiary.get(id)?.block().map_err(|e| (id, e))))
        .map(|block| match block {
            Ok(block) => stat_block(&block),
            // Its file changed or broke since the bestiary was read: said, not silently lost.
            Err((id, e)) => format!(
                "<p class=\"missing\">The stat block of {} is left out: {}.</p>\n",
                escape(id),
                escape(&e.to_string())
            ),
        })
        .collect();
    let note = crate::export::sheet::encounter::earlier_note(earlier);
    if !blocks.is_empty() || note.is_some() {
        let _ = writeln!(s, "<{h2}>Stat blocks</{h2}>");
        if let Some(n) = note {
            let _ = writeln!(s, "<p>{}</p>", escape(&n));
        }
        let _ = writeln!(s, "<div class=\"blocks\">\n{}</div>", blocks.concat());
    }
    if let Some(plan) = treasure {
        s.push_str(&plan_html(plan, h2));
    }
    if let Some(g) = e.generated_note() {
        let _ = writeln!(
            s,
            "<{h2}>Generated</{h2}>\n<p class=\"notes\">{}</p>",
            escape(&g)
        );
    }
    if let Some(n) = &e.notes {
        let _ = writeln!(
            s,
            "<{h2}>Notes</{h2}>\n<p class=\"notes\">{}</p>",
            escape(n.trim_end())
        );
    }
    s.push_str("</article>\n");
    s
}

fn roster(e: &Encounter, report: &Report) -> String {
    if report.roster.is_empty() {
        return "<p>(no monsters yet)</p>\n".into();
    }
    // The groups' notes get a column beside them, when any group has some.
    let noted = e.groups.iter().any(|g| g.notes.is_some());
    let mut s = format!(
        "<table class=\"roster\">\n<tr><th>Count</th><th>Monster</th><th>Level and role</th><th>XP each</th><th>XP</th>{}</tr>\n",
        if noted { "<th>Notes</th>" } else { "" }
    );
    let notes = |g: &crate::encounter::Group| match (&g.notes, noted) {
        (_, false) => String::new(),
        (Some(n), true) => format!("<td class=\"notes\">{}</td>", escape(n.trim())),
        (None, true) => "<td></td>".to_owned(),
    };
    for (r, g) in report.roster.iter().zip(&e.groups) {
        if let Some(c) = &r.challenge {
            let _ = writeln!(
                s,
                "<tr><td class=\"num\">—</td><td>{} (extended challenge)</td><td>Level {}, {} successes before {} failures</td><td class=\"num\">—</td><td class=\"num\">{}</td>{}</tr>",
                escape(&r.name),
                c.level,
                c.successes,
                c.failures,
                group_thousands(c.xp),
                notes(g)
            );
            continue;
        }
        let what = match (r.level, &r.rank, &r.role, g.challenge_rating()) {
            (Some(l), Some(rank), Some(role), _) => {
                format!("Level {l} {} {}", rank.key(), role.key())
            }
            (_, _, _, Some(cr)) => format!("CR {cr}"),
            _ => "unknown monster".to_owned(),
        };
        let flag = if r.ally {
            " (ally, not counted)"
        } else if r.missing {
            " (unknown id)"
        } else {
            ""
        };
        let num = |v: Option<String>| v.unwrap_or_else(|| "—".into());
        let _ = writeln!(
            s,
            "<tr><td class=\"num\">{}</td><td>{}{flag}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>{}</tr>",
            r.count,
            escape(&r.title()),
            escape(&what),
            num(r.xp_each.map(group_thousands)),
            num(r.xp_total.map(group_thousands)),
            notes(g)
        );
    }
    s.push_str("</table>\n");
    s
}

fn challenge(c: &crate::encounter::report::ChallengeLine) -> String {
    let level = if c.party_level {
        format!("{} (the party level)", c.level)
    } else {
        c.level.to_string()
    };
    let mut s = format!(
        "<h3>{}</h3>\n<dl class=\"summary\"><dt>Level</dt><dd>{level}</dd><dt>Successes</dt><dd>{}</dd>\
         <dt>Failures</dt><dd>{} (the challenge fails when the failures reach it)</dd><dt>XP</dt><dd>{} ({})</dd></dl>\n",
        escape(&c.name),
        c.successes,
        c.failures,
        group_thousands(c.xp),
        escape(&c.worth)
    );
    if c.skills.is_empty() {
        s.push_str("<p><b>Skills</b> none listed yet</p>\n");
    } else {
        s.push_str("<p><b>Skills</b> (Table – Recommended Difficulty Classes by Level; A3: a skill's first check at its DC, later checks with it at Hard)</p>\n<ul class=\"plain\">\n");
        for k in &c.skills {
            let _ = writeln!(s, "<li>{}</li>", escape(&k.text));
        }
        s.push_str("</ul>\n");
    }
    let _ = writeln!(s, "<p>{}</p>", escape(&c.group_check));
    s
}

/// A treasure plan: its title, then its lines as the CLI prints them (T1), an indented line
/// in a list under the line it follows.
fn plan_html(plan: &Plan, h: &str) -> String {
    let mut s = format!(
        "<{h}>Treasure: {}</{h}>\n<ul class=\"plain\">\n",
        escape(&plan.title())
    );
    let (mut item_open, mut sub_open) = (false, false);
    for line in plan.lines().iter().skip(1) {
        match line.strip_prefix("  ") {
            Some(sub) => {
                if !item_open {
                    s.push_str("<li>");
                    item_open = true;
                }
                if !sub_open {
                    s.push_str("\n<ul>\n");
                    sub_open = true;
                }
                let sub = sub.strip_prefix("- ").unwrap_or(sub);
                let _ = writeln!(s, "<li>{}</li>", escape(sub));
            }
            None => {
                if sub_open {
                    s.push_str("</ul>");
                    sub_open = false;
                }
                if item_open {
                    s.push_str("</li>\n");
                }
                let _ = write!(s, "<li>{}", escape(line));
                item_open = true;
            }
        }
    }
    if sub_open {
        s.push_str("</ul>");
    }
    if item_open {
        s.push_str("</li>\n");
    }
    s.push_str("</ul>\n");
    s
}

/// The adventure sheet as a document (`lairsmith adventure export ADV --format html`): the
/// summary, the pacing table, the level-ups, the treasure, then each encounter's sheet.
pub fn adventure(a: &Adventure, r: &AdventureReport, bestiary: &Bestiary) -> String {
    let mut s = format!(
        "<article class=\"adventure\">\n<h1>{}</h1>\n<h2>Summary</h2>\n<dl class=\"summary\">\n<dt>Party</dt><dd>{}</dd>\n\
         <dt>Encounters</dt><dd>{}</dd>\n<dt>XP per character</dt><dd>{} (each encounter's XP ÷ the characters, rounded down)</dd>\n",
        escape(&a.name),
        escape(&r.party),
        r.encounters.len(),
        group_thousands(r.xp_per_character)
    );
    if let Some(note) = r.played_note() {
        let _ = writeln!(s, "<dt>Played</dt><dd>{}</dd>", escape(&note));
    }
    for c in &r.tracks_to_show() {
        let _ = writeln!(
            s,
            "<dt>{}</dt><dd>{}</dd>",
            escape(&c.name),
            escape(&c.progress())
        );
    }
    for e in r.errors() {
        let _ = writeln!(s, "<dt>Error</dt><dd>{}</dd>", escape(&e));
    }
    s.push_str("</dl>\n<h2>Pacing</h2>\n");
    if r.encounters.is_empty() {
        s.push_str("<p>(no encounters yet)</p>\n");
    } else {
        s.push_str("<table class=\"pacing\">\n<tr><th>#</th><th>Encounter</th><th>XP</th><th>XP per character</th><th>Party level</th><th>Difficulty</th><th>Against the budget (the middle)</th></tr>\n");
        for l in &r.encounters {
            let band = l.band_text();
            // Half the gauge is the budget; twice the budget or more fills it.
            let width = (l.ratio.clamp(0.0, 2.0) * 50.0).round();
            let _ = writeln!(
                s,
                "<tr><td class=\"num\">{}</td><td>{}{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td>\
                 <td><div class=\"gauge\"><span class=\"bar\" style=\"width:{width}%\"></span><span class=\"mid\"></span></div></td></tr>",
                l.position,
                escape(&l.name),
                l.played.as_ref().map_or(String::new(), |p| format!(
                    " <span class=\"played\">✓ {}</span>",
                    escape(&p.text())
                )),
                group_thousands(l.xp),
                group_thousands(l.xp_per_character),
                l.party_level,
                escape(&band)
            );
        }
        s.push_str("</table>\n<p>The difficulty bands are lairsmith's own reading (E3), after Masterplan's; the book defines only the budget.</p>\n");
    }
    s.push_str("<h2>Level-ups</h2>\n");
    if r.level_ups.is_empty() {
        s.push_str("<p>Nobody levels up in this adventure.</p>\n");
    } else {
        s.push_str("<ul class=\"plain\">\n");
        for u in &r.level_ups {
            let name = r
                .encounters
                .get(u.after_encounter.wrapping_sub(1))
                .map_or("", |l| l.name.as_str());
            let _ = writeln!(
                s,
                "<li>After encounter {} ({}): {}</li>",
                u.after_encounter,
                escape(name),
                escape(&u.describe())
            );
        }
        s.push_str("</ul>\n");
    }
    s.push_str("<p>A character levels up when its XP reaches the next level's in Table – Levels and Their Benefits (A1).</p>\n");
    match &r.treasure {
        Some(t) => {
            s.push_str(&plan_html(&t.plan, "h2"));
            let _ = writeln!(
                s,
                "<p>Rolled from seed {} (the adventure file's <code>seed:</code>; <code>--seed</code> rolls again).</p>",
                t.seed
            );
        }
        None => s.push_str("<h2>Treasure</h2>\n<p>No method chosen: each encounter's sheet gives the book's average gold per character (E5). <code>lairsmith adventure set ADVENTURE --treasure steady|items-only|troves|narrative</code> chooses one of the book's four (Distributing Magic Items).</p>\n"),
    }
    s.push_str("</article>\n");
    for (l, shown) in r
        .encounters
        .iter()
        .zip(crate::export::sheet::adventure::layout(r))
    {
        let Some(rated) = l.rated.as_deref() else {
            continue;
        };
        match shown {
            Shown::Full { earlier } => s.push_str(&encounter_sheet(
                &rated.encounter,
                &rated.party,
                &rated.report(bestiary),
                bestiary,
                l.treasure.as_ref(),
                Some((l.position, &earlier)),
            )),
            Shown::SameAs(at) => {
                let _ = writeln!(
                    s,
                    "<article class=\"sheet\">\n<h2>{}. {}</h2>\n<p>{}</p>",
                    l.position,
                    escape(&rated.encounter.name),
                    escape(&crate::export::sheet::adventure::same_as_text(at))
                );
                if let Some(plan) = &l.treasure {
                    s.push_str(&plan_html(plan, "h3"));
                }
                s.push_str("</article>\n");
            }
        }
    }
    if let Some(n) = &a.notes {
        let _ = writeln!(
            s,
            "<article class=\"sheet\"><h2>Notes</h2>\n<p class=\"notes\">{}</p></article>",
            escape(n.trim_end())
        );
    }
    document(&a.name, &s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_turns_markup_and_controls_into_text() {
        assert_eq!(
            escape("<script>alert('x')</script> & \"q\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"
        );
        assert_eq!(escape("a\u{1b}[2Jb"), "a\\u001B[2Jb");
        assert_eq!(escape("rtl\u{202E}x"), "rtl\\u202Ex");
        assert_eq!(escape("plain"), "plain");
    }
}
