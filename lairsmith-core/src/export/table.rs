//! The sheet for running an encounter on paper (`encounter export FILE --format html --for
//! table`): an initiative ladder with blank slots for the characters, every creature with a
//! hit-point track that marks staggered and boxes for its conditions, used powers and action
//! points, then each kind's stat block, compact. The budget arithmetic stays off this sheet.

use crate::bestiary::Bestiary;
use crate::encounter::file::Encounter;
use crate::encounter::party::Party;
use crate::export::html::{document_with, escape, stat_block};
use crate::fight::model::{Combatant, Side};
use crate::rules::power_vocab::Usage;
use std::fmt::Write as _;

/// The most boxes of a hit-point track: a monster of more HP has boxes of several HP each.
const TRACK_BOXES: i64 = 30;

/// Extra CSS: the ladder, the tracks, the boxes and compact stat blocks, sized so that four
/// kinds of monster fit two pages.
const TABLE_CSS: &str = "
.ladder { width: 100%; border-collapse: collapse; }
.ladder td, .ladder th { border: 1px solid var(--rule); padding: .15rem .4rem; height: 1.3rem; }
.ladder td.count { width: 3.5rem; }
.creature { break-inside: avoid; border: 1px solid var(--rule); margin: .3rem 0; padding: .2rem .45rem; }
.creature .head { font-weight: bold; }
.creature .numbers { font-size: .9em; }
.track { display: flex; flex-wrap: wrap; gap: 1px; margin: .2rem 0; }
.track span { display: inline-block; width: .8rem; height: .8rem; border: 1px solid var(--rule); }
.track span.stag { border: 2px solid var(--encounter); }
.boxes { font-size: .9em; }
.boxes .lines { display: inline-block; min-width: 6rem; border-bottom: 1px solid var(--rule); }
.creatures { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 0 .4rem; }
.table-sheet .block { font-size: .86em; }
.table-sheet .block .knowledge { display: none; }
@media print {
  .table-sheet { font-size: 8pt; }
  .table-sheet h1 { font-size: 13pt; margin: 0 0 1mm; }
  .table-sheet h2 { font-size: 10pt; margin: 1.5mm 0 .5mm; }
  .table-sheet .block { font-size: 6.5pt; margin-bottom: 1.5mm; line-height: 1.2; }
  .table-sheet .block .cols { columns: 3 55mm; column-gap: 3mm; }
  .table-sheet .block .power { margin: .05rem 0; }
  .creatures { grid-template-columns: 1fr 1fr 1fr; gap: 0 1.5mm; }
  .creature { font-size: 6.8pt; margin: .6mm 0; padding: .6mm 1.2mm; line-height: 1.2; }
  .track span { width: 2.6mm; height: 2.6mm; }
  .ladder td, .ladder th { height: 4mm; padding: 0 .3rem; font-size: 7.5pt; }
}
";

/// The hit-point track of a creature of `hp`: boxes of `per` HP each, the staggered one marked.
fn track(hp: i64) -> String {
    let per = ((hp + TRACK_BOXES - 1) / TRACK_BOXES).max(1);
    let boxes = (hp + per - 1) / per;
    let stag_box = (hp / 2 + per - 1) / per;
    let mut s = String::from("<div class=\"track\">");
    for i in (1..=boxes).rev() {
        let class = if i == stag_box { " class=\"stag\"" } else { "" };
        let _ = write!(s, "<span{class}></span>");
    }
    s.push_str("</div>");
    if per > 1 {
        let _ = write!(
            s,
            "<div class=\"source\">each box {per} HP; thick box: staggered at {} HP</div>",
            hp / 2
        );
    } else {
        let _ = write!(
            s,
            "<div class=\"source\">one box a hit point; thick box: staggered at {} HP</div>",
            hp / 2
        );
    }
    s
}

fn creature(c: &Combatant) -> String {
    let mut s = String::from("<div class=\"creature\">");
    let hp = c.max_hp.unwrap_or(0);
    let numbers = match (c.max_hp, &c.defenses) {
        (Some(m), Some(d)) => format!(
            "HP {m} · AC {}, Fort {}, Ref {}, Will {} · Init {:+}",
            d.ac, d.fortitude, d.reflex, d.will, c.init_mod
        ),
        (Some(m), None) => format!("HP {m}"),
        _ => "HP ___".to_owned(),
    };
    let _ = write!(
        s,
        "<div class=\"head\">{}</div><div class=\"numbers\">{}</div>",
        escape(&c.name),
        escape(&numbers)
    );
    if c.mook {
        s.push_str("<div class=\"boxes\">Mook: any damage drops it ☐ down</div>");
    } else if hp > 0 {
        s.push_str(&track(hp));
    }
    let mut marks = Vec::new();
    for p in c.powers.iter().filter(|p| p.usage != Usage::AtWill) {
        marks.push(format!("☐ {} ({})", escape(&p.name), p.usage_words()));
    }
    for _ in 0..c.action_points {
        marks.push("☐ action point".to_owned());
    }
    if c.save_bonus != 0 {
        marks.push(format!("saves {:+}", c.save_bonus));
    }
    if !marks.is_empty() {
        let _ = write!(s, "<div class=\"boxes\">{}</div>", marks.join(" · "));
    }
    s.push_str(
        "<div class=\"boxes\">Conditions: <span class=\"lines\">&nbsp;</span> <span class=\"lines\">&nbsp;</span></div>",
    );
    s.push_str("</div>\n");
    s
}

/// The sheet as a document, or why the encounter cannot be run (a monster it names is missing).
pub fn table_sheet(
    encounter: &Encounter,
    party: &Party,
    bestiary: &Bestiary,
) -> Result<String, crate::fight::build::BuildError> {
    let how = crate::fight::build::Start {
        encounter_id: crate::monster::slugify(&encounter.name),
        seed: 0,
        ..Default::default()
    };
    let f = crate::fight::build::start(encounter, party, bestiary, &how)?;
    let creatures: Vec<&Combatant> = f
        .now
        .combatants
        .iter()
        .filter(|c| c.side != Side::Party)
        .collect();
    let mut s = format!(
        "<article class=\"sheet table-sheet\">\n<h1>{} — at the table</h1>\n",
        escape(&encounter.name)
    );
    // The ladder: a line a group (its members share a roll, P1) and one a character.
    s.push_str("<h2>Initiative</h2>\n<table class=\"ladder\"><tr><th>Count</th><th>Who</th><th>Notes</th></tr>\n");
    let mut seen_groups = Vec::new();
    for c in &creatures {
        if let Some(g) = c.group {
            if seen_groups.contains(&g) {
                continue;
            }
            seen_groups.push(g);
        }
        let members = creatures
            .iter()
            .filter(|x| x.group.is_some() && x.group == c.group)
            .count();
        let who = if members > 1 {
            let stem = c.name.rsplit_once(' ').map_or(c.name.as_str(), |(s, _)| s);
            format!("{stem} ({members}, one roll, d20 {:+})", c.init_mod)
        } else {
            format!("{} (d20 {:+})", c.name, c.init_mod)
        };
        // The group's notes start its line's notes column; the rest is left to write in.
        let notes = c
            .group
            .and_then(|g| encounter.groups.get(g))
            .and_then(|g| g.notes.as_deref())
            .map_or(String::from("<td></td>"), |n| {
                format!("<td class=\"notes\">{}</td>", escape(n.trim()))
            });
        let _ = writeln!(
            s,
            "<tr><td class=\"count\"></td><td>{}</td>{notes}</tr>",
            escape(&who)
        );
    }
    for m in &party.members {
        let name = m.name.clone().unwrap_or_else(|| "character".to_owned());
        let _ = writeln!(
            s,
            "<tr><td class=\"count\"></td><td>{}</td><td></td></tr>",
            escape(&name)
        );
    }
    s.push_str("</table>\n<h2>Creatures</h2>\n<div class=\"creatures\">\n");
    for c in &creatures {
        s.push_str(&creature(c));
    }
    for ch in &f.now.challenges {
        let _ = writeln!(
            s,
            "<div class=\"creature challenge\"><div class=\"head\">{}</div><div class=\"numbers\">{} before {}</div><div class=\"boxes\">Successes {} · Failures {}</div></div>",
            escape(&ch.name),
            crate::text::count_of(ch.successes_needed as usize, "success", "successes"),
            crate::text::count_of(ch.failures_allowed as usize, "failure", "failures"),
            "☐".repeat(ch.successes_needed as usize),
            "☐".repeat(ch.failures_allowed as usize)
        );
    }
    s.push_str("</div>\n");
    // The rules text a fight needs; the prose (description, tactics, equipment) is on the
    // planning sheet.
    let blocks: Vec<String> = crate::export::sheet::encounter::monster_ids(encounter)
        .into_iter()
        .filter_map(|id| bestiary.get(id)?.block().ok())
        .map(|mut b| {
            b.description = None;
            b.tactics = None;
            b.equipment = None;
            stat_block(&b)
        })
        .collect();
    if !blocks.is_empty() {
        let _ = writeln!(
            s,
            "<h2>Stat blocks</h2>\n<div class=\"blocks\">\n{}</div>",
            blocks.concat()
        );
    }
    s.push_str("</article>\n");
    Ok(document_with(
        &format!("{} — at the table", encounter.name),
        &s,
        TABLE_CSS,
    ))
}
