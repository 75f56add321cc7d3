//! The encounter sheet in Markdown: summary, roster, each distinct stat block once, notes.

use crate::bestiary::Bestiary;
use crate::encounter::file::Encounter;
use crate::encounter::party::Party;
use crate::encounter::report::{Report, fmt_gp};
use crate::export::doc::group_thousands;

pub fn markdown(
    encounter: &Encounter,
    party: &Party,
    report: &Report,
    bestiary: &Bestiary,
) -> String {
    let mut s = format!("# {}\n\n", encounter.name);
    s.push_str("## Summary\n\n");
    s.push_str(&format!(
        "- **Party** {} (party level {})\n",
        party.describe(),
        report.party_level
    ));
    s.push_str(&format!(
        "- **Budget** {} XP\n",
        group_thousands(report.budget as i64)
    ));
    s.push_str(&format!(
        "- **Encounter XP** {} (ratio {:.2})\n",
        group_thousands(report.xp as i64),
        report.ratio
    ));
    match (&report.band, report.encounter_level) {
        (Some(b), Some(l)) => s.push_str(&format!(
            "- **Difficulty** {b} (encounter level {l}; bands are lairsmith's own reading, not the book's)\n"
        )),
        _ => s.push_str("- **Difficulty** cannot be rated\n"),
    }
    s.push_str(&format!(
        "- **XP per character** {}\n",
        group_thousands(report.xp_per_character as i64)
    ));
    if let Some(t) = report.treasure_per_character_gp {
        s.push_str(&format!(
            "- **Treasure per character** {} gp (average for one encounter)\n",
            fmt_gp(t)
        ));
    }
    for w in &report.warnings {
        s.push_str(&format!("- **Warning** {w}\n"));
    }
    s.push_str("\n## Roster\n\n");
    if report.roster.is_empty() {
        s.push_str("- (no monsters yet)\n");
    }
    for r in &report.roster {
        let what = match (r.level, &r.rank, &r.role) {
            (Some(l), Some(rank), Some(role)) => format!("Level {l} {rank} {role}"),
            _ => "unknown monster".to_owned(),
        };
        let xp = match (r.xp_each, r.xp_total) {
            (Some(e), Some(t)) => format!(
                " — {} XP each, {} XP",
                group_thousands(i64::from(e)),
                group_thousands(t as i64)
            ),
            _ => String::new(),
        };
        let ally = if r.ally { " (ally, not counted)" } else { "" };
        s.push_str(&format!("- {} × {} ({what}){xp}{ally}\n", r.count, r.name));
    }
    let mut seen: Vec<&str> = Vec::new();
    let blocks: Vec<String> = encounter
        .groups
        .iter()
        .filter_map(|g| g.monster.as_deref())
        .filter(|id| {
            if seen.contains(id) {
                false
            } else {
                seen.push(id);
                true
            }
        })
        .filter_map(|id| bestiary.get(id))
        .map(|e| {
            crate::export::markdown(&e.block())
                .replacen("## ", "### ", 1)
                .replace("\n### ", "\n#### ")
        })
        .collect();
    if !blocks.is_empty() {
        s.push_str("\n## Stat blocks\n\n");
        s.push_str(&blocks.join("\n"));
    }
    if let Some(n) = &encounter.notes {
        s.push_str("\n## Notes\n\n");
        s.push_str(n.trim_end());
        s.push('\n');
    }
    s
}
