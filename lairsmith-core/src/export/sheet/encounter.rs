//! The encounter sheet in Markdown: summary, roster, each distinct stat block once, how it was
//! generated, notes.

use crate::bestiary::Bestiary;
use crate::encounter::file::Encounter;
use crate::encounter::party::Party;
use crate::encounter::report::Report;
use crate::export::md::{inline, prose};
use crate::text::group_thousands;
use crate::vocab::Vocabulary;

/// The encounter's sheet in Markdown, without treasure ([`markdown_with_treasure`] adds it):
/// its summary for `party` (XP, budget, difficulty), the roster, each distinct stat block once,
/// how it was generated, and its notes.
pub fn markdown(
    encounter: &Encounter,
    party: &Party,
    report: &Report,
    bestiary: &Bestiary,
) -> String {
    markdown_sheet(encounter, party, report, bestiary, &[])
}

/// The stat blocks an adventure's sheet printed under an earlier encounter: a monster's id and
/// the position of that encounter. Each stat block is printed once in a whole adventure.
pub(crate) type Earlier = [(String, usize)];

/// The distinct monster ids of an encounter's groups, in order: one stat block each.
pub(crate) fn monster_ids(encounter: &Encounter) -> Vec<&str> {
    let mut seen = std::collections::HashSet::new();
    encounter
        .groups
        .iter()
        .filter_map(|g| g.monster.as_deref())
        .filter(|id| seen.insert(*id))
        .collect()
}

/// "The stat blocks of hedgemaw (encounter 1) and goblin-cutter (encounter 3) are printed
/// above.", for an encounter of an adventure whose stat blocks came earlier.
pub(crate) fn earlier_note(earlier: &Earlier) -> Option<String> {
    let parts: Vec<String> = earlier
        .iter()
        .map(|(id, at)| format!("{id} (encounter {at})"))
        .collect();
    match parts.as_slice() {
        [] => None,
        [one] => Some(format!("The stat block of {one} is printed above.")),
        [rest @ .., last] => Some(format!(
            "The stat blocks of {} and {last} are printed above.",
            rest.join(", ")
        )),
    }
}

fn markdown_sheet(
    encounter: &Encounter,
    party: &Party,
    report: &Report,
    bestiary: &Bestiary,
    earlier: &Earlier,
) -> String {
    let mut s = format!("# {}\n\n", inline(&encounter.name));
    s.push_str("## Summary\n\n");
    if encounter.system == crate::encounter::file::System::D20e3 {
        s.push_str("- **System** d20 3rd edition (the Experience Point Awards table, by challenge rating)\n");
    }
    for (label, text) in report.summary(party) {
        s.push_str(&format!("- **{label}** {}\n", inline(&text)));
    }
    s.push_str("\n## Roster\n\n");
    if report.roster.is_empty() {
        s.push_str("- (no monsters yet)\n");
    }
    for (r, g) in report.roster.iter().zip(&encounter.groups) {
        s.push_str(&roster_line(r, g));
        // The group's notes, under its line in the same item.
        if let Some(n) = &g.notes {
            s.push_str(&format!("  - Notes: {}\n", prose(n.trim(), 4)));
        }
    }
    if !report.challenges.is_empty() {
        s.push_str("\n## Extended challenges\n\n");
        let sections: Vec<String> = report.challenges.iter().map(challenge_section).collect();
        s.push_str(&sections.join("\n"));
    }
    let blocks: Vec<String> = monster_ids(encounter)
        .into_iter()
        .filter(|id| !earlier.iter().any(|(e, _)| e == id))
        .filter_map(|id| Some(bestiary.get(id)?.block().map_err(|e| (id, e))))
        .map(|block| match block {
            Ok(block) => crate::export::markdown(&block)
                .replacen("## ", "### ", 1)
                .replace("\n### ", "\n#### "),
            // Its file changed or broke since the bestiary was read: said, not silently lost.
            Err((id, e)) => format!(
                "### {}\n\nThe stat block is left out: {}.\n",
                inline(id),
                inline(&e.to_string())
            ),
        })
        .collect();
    let note = earlier_note(earlier);
    if !blocks.is_empty() || note.is_some() {
        s.push_str("\n## Stat blocks\n\n");
        if let Some(n) = note {
            s.push_str(&n);
            s.push_str("\n\n");
        }
        s.push_str(&blocks.join("\n"));
    }
    if encounter.system == crate::encounter::file::System::D20e3 && !report.explanation.is_empty() {
        // The 3rd-edition sheet carries its arithmetic: there are no stat blocks to show.
        s.push_str("\n## Budget arithmetic\n\n");
        for t in &report.explanation {
            let ours = if t.ours {
                " — lairsmith's own reading"
            } else {
                ""
            };
            s.push_str(&format!(
                "- {} ({}{ours})\n",
                inline(&t.text),
                inline(&t.source)
            ));
        }
    }
    if let Some(g) = encounter.generated_note() {
        s.push_str("\n## Generated\n\n");
        s.push_str(&inline(&g));
        s.push('\n');
    }
    if let Some(n) = &encounter.notes {
        s.push_str("\n## Notes\n\n");
        s.push_str(&prose(n.trim_end(), 0));
        s.push('\n');
    }
    crate::text::escape_string(s)
}

/// One group's line of the roster: how many of what, its XP, whether it is an ally.
fn roster_line(r: &crate::encounter::report::RosterLine, g: &crate::encounter::Group) -> String {
    if let Some(c) = &r.challenge {
        return format!(
            "- {} (extended challenge, level {}, {}) — {} XP, {}\n",
            inline(&r.name),
            c.level,
            checks(c.successes, c.failures),
            group_thousands(c.xp),
            c.worth
        );
    }
    let what = match (r.level, &r.rank, &r.role, g.challenge_rating()) {
        (Some(l), Some(rank), Some(role), _) => {
            format!("Level {l} {} {}", rank.key(), role.key())
        }
        (_, _, _, Some(cr)) => format!("CR {cr}"),
        _ => "unknown monster".to_owned(),
    };
    let xp = match (r.xp_each, r.xp_total) {
        (Some(e), Some(t)) => format!(
            " — {} XP each, {} XP",
            group_thousands(e),
            group_thousands(t)
        ),
        _ => String::new(),
    };
    let ally = if r.ally { " (ally, not counted)" } else { "" };
    // An unnamed 3rd-edition group is already called by its CR; a labelled one names the
    // stat block it uses first.
    let what = match &r.stat_block {
        Some(block) if *block != r.name => format!(" ({}, {})", inline(block), inline(&what)),
        _ if r.name == what => String::new(),
        _ => format!(" ({})", inline(&what)),
    };
    format!("- {} × {}{what}{xp}{ally}\n", r.count, inline(&r.name))
}

/// The sheet with the encounter's treasure under a method (T1): an adventure's, or `--treasure`.
/// The treasure section goes before the user's notes, which stay last.
pub fn markdown_with_treasure(
    encounter: &Encounter,
    party: &Party,
    report: &Report,
    bestiary: &Bestiary,
    treasure: Option<&crate::treasure::Plan>,
) -> String {
    markdown_in_adventure(encounter, party, report, bestiary, treasure, &[])
}

/// The sheet as an adventure prints it: with its treasure, and without the stat blocks printed
/// under earlier encounters.
pub(crate) fn markdown_in_adventure(
    encounter: &Encounter,
    party: &Party,
    report: &Report,
    bestiary: &Bestiary,
    treasure: Option<&crate::treasure::Plan>,
    earlier: &Earlier,
) -> String {
    // T1: a chosen method's treasure replaces the book's average in the summary.
    let report = crate::treasure::report_with(report, treasure);
    let sheet = markdown_sheet(encounter, party, &report, bestiary, earlier);
    let Some(plan) = treasure else {
        return sheet;
    };
    let section = crate::text::escape_string(super::treasure::markdown(plan));
    let section = section.trim_end();
    match sheet.find("\n## Notes\n") {
        Some(at) => format!("{}\n{section}\n{}", &sheet[..at], &sheet[at..]),
        None => format!(
            "{}\n{section}\n",
            sheet.trim_end_matches('\n').to_owned() + "\n"
        ),
    }
}

/// "6 successes before 3 failures".
fn checks(successes: u32, failures: u32) -> String {
    let plural = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "{} before {}",
        plural(successes, "success", "successes"),
        plural(failures, "failure", "failures")
    )
}

/// One challenge on the sheet: its level, what it takes, and each skill with its DC at the
/// challenge's level ("Table – Recommended Difficulty Classes by Level").
fn challenge_section(c: &crate::encounter::report::ChallengeLine) -> String {
    let level = if c.party_level {
        format!("{} (the party level)", c.level)
    } else {
        c.level.to_string()
    };
    let mut s = format!(
        "### {}\n\n- **Level** {level}\n- **Successes** {}\n- **Failures** {} (the challenge fails at the {}{} failure)\n- **XP** {} ({})\n",
        inline(&c.name),
        c.successes,
        c.failures,
        c.failures,
        ordinal_suffix(c.failures),
        group_thousands(c.xp),
        c.worth
    );
    if c.skills.is_empty() {
        s.push_str("- **Skills** none listed yet\n");
    } else {
        s.push_str("- **Skills** (Table – Recommended Difficulty Classes by Level; A3: a skill's first check at its DC, later checks with it at Hard)\n");
        for k in &c.skills {
            s.push_str(&format!("  - {}\n", inline(&k.text)));
        }
    }
    s.push_str(&format!(
        "- **{}\n",
        c.group_check.replacen(" DC", "** DC", 1)
    ));
    s
}

fn ordinal_suffix(n: u32) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}
