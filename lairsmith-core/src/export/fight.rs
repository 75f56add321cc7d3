//! A fight's log as Markdown, for the session's notes: who did what to whom, round by round,
//! with the dice, and the XP at the end.

use crate::export::md::inline;
use crate::fight::Fight;

/// The log: a heading, then a section a round, each step's lines a list; or the step of the
/// fight's file that cannot be read.
pub fn log_markdown(f: &Fight) -> Result<String, crate::fight::history::Unreadable> {
    let mut s = format!("# {}\n\n", inline(&f.name));
    s.push_str(&format!(
        "From the encounter `{}`, seed {}.\n",
        f.encounter, f.seed
    ));
    let mut round = None;
    for l in &f.log()? {
        if round != Some(l.round) {
            round = Some(l.round);
            if l.round == 0 {
                s.push_str("\n## Before the first round\n\n");
            } else {
                s.push_str(&format!("\n## Round {}\n\n", l.round));
            }
        }
        s.push_str(&format!("- {}\n", inline(&l.text)));
    }
    if let Some(e) = &f.now.ended {
        s.push_str(&format!(
            "\n## XP\n\n{} XP in all; each of {} characters earns {} (P10, E4).\n",
            crate::text::group_thousands(e.xp),
            e.characters,
            crate::text::group_thousands(e.xp_each)
        ));
    }
    Ok(crate::text::escape_string(s))
}
