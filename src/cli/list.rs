//! `lairsmith list`: fuzzy search and filters over every monster.

use super::args::ListArgs;
use super::{CmdResult, DataDir, EXIT_OK, report_load_errors};
use crate::bestiary::Mark;
use crate::bestiary::search;

pub fn run(data: &DataDir, a: ListArgs) -> CmdResult {
    let bestiary = data.load_bestiary();
    report_load_errors(&bestiary);
    let filter = a.filter.to_filter()?;
    let query = a.query.as_deref().unwrap_or("");
    let mut hits = search(&bestiary, query, &filter);
    if query.trim().is_empty() {
        // Name order already; a stable sort keeps it among equals.
        let e = &bestiary.entries;
        match a.sort.as_str() {
            "level" => hits.sort_by_key(|h| e[h.index].design.level),
            "xp" => hits.sort_by_key(|h| e[h.index].xp),
            _ => {}
        }
    }
    if a.ids {
        for h in &hits {
            println!("{}", bestiary.entries[h.index].design.id);
        }
        return Ok(EXIT_OK);
    }
    if hits.is_empty() {
        println!("No monster matches.");
        return Ok(EXIT_OK);
    }
    let width = hits
        .iter()
        .map(|h| bestiary.entries[h.index].design.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    println!(
        "{:<width$}  {:>3}  {:<8}  {:<16}  {:>6}  ID",
        "NAME", "LVL", "RANK", "ROLE", "XP"
    );
    for h in &hits {
        let e = &bestiary.entries[h.index];
        let d = &e.design;
        let role = if d.leader {
            format!("{} (Leader)", d.role)
        } else {
            d.role.to_string()
        };
        let mark = match e.mark {
            Mark::Errors => " [lint errors]",
            Mark::Warnings if !d.overrides.is_empty() => " [overrides]",
            Mark::Warnings => " [lint warnings]",
            Mark::Clean => "",
        };
        let user = if e.is_shipped() { "" } else { " (yours)" };
        println!(
            "{:<width$}  {:>3}  {:<8}  {:<16}  {:>6}  {}{user}{mark}",
            d.name,
            d.level,
            d.rank.to_string(),
            role,
            e.xp,
            d.id
        );
    }
    Ok(EXIT_OK)
}
