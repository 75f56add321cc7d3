//! `lairsmith list`: fuzzy search and filters over every monster.

use super::args::{FilterArgs, ListFormatArg};
use super::out::{Terminal, out, outln};
use super::{CmdResult, DataDir, EXIT_OK, report_load_errors};
use clap::Args;
use lairsmith_core::bestiary::search;
use lairsmith_core::bestiary::{Entry, Mark};
use lairsmith_core::rules::{CreatureType, Level, Rank, Role, Size, Source, Tag};
use lairsmith_core::text::{escape_controls, pad_to_width as pad};
use serde::Serialize;
use std::borrow::Cow;
use unicode_width::UnicodeWidthStr;

pub use lairsmith_core::bestiary::search::SortKey;

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Fuzzy search on names and ids (best match first).
    pub query: Option<String>,
    #[command(flatten)]
    pub filter: FilterArgs,
    /// Sort by name, level or xp (a query sorts by match quality first).
    #[arg(long, value_parser = sort_key(), default_value = "name")]
    pub sort: SortKey,
    /// Print only ids, one per line (for scripts).
    #[arg(long, conflicts_with = "format")]
    pub ids: bool,
    #[command(flatten)]
    pub format: ListFormatArg,
}

/// `--sort`'s words. The library's `SortKey` knows nothing of clap, so the words are listed
/// here, where clap shows them in the help and the completions.
fn sort_key() -> impl clap::builder::TypedValueParser<Value = SortKey> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(["name", "level", "xp"]).map(|word| {
        match word.as_str() {
            "level" => SortKey::Level,
            "xp" => SortKey::Xp,
            _ => SortKey::Name,
        }
    })
}

pub fn run(data: &DataDir, a: ListArgs, term: &mut Terminal) -> CmdResult {
    let bestiary = data.load_bestiary();
    let result = print(&bestiary, a, term);
    // The process ends with this command: handing a hundred thousand entries back to the
    // allocator one by one costs tens of milliseconds that the operating system saves at once.
    std::mem::forget(bestiary);
    result
}

fn print(
    bestiary: &lairsmith_core::bestiary::Bestiary,
    a: ListArgs,
    term: &mut Terminal,
) -> CmdResult {
    report_load_errors(bestiary, term);
    let filter = a.filter.to_filter()?;
    let query = a.query.as_deref().unwrap_or("");
    let mut hits = search(bestiary, query, &filter);
    a.sort.sort(bestiary, query, &mut hits);
    if a.ids {
        for h in &hits {
            outln!(term, "{}", bestiary.entries[h.index].card.id)?;
        }
        return Ok(EXIT_OK);
    }
    if let Some(data) = a.format.format.data() {
        let rows: Vec<Row> = hits
            .iter()
            .map(|h| Row::of(&bestiary.entries[h.index]))
            .collect();
        out!(term, "{}", super::doc::render(&rows, data)?)?;
        return Ok(EXIT_OK);
    }
    if hits.is_empty() {
        outln!(term, "No monster matches.")?;
        return Ok(EXIT_OK);
    }
    // Names as they will be shown (escaped), so the column is measured on what is printed.
    let names: Vec<Cow<str>> = hits
        .iter()
        .map(|h| escape_controls(&bestiary.entries[h.index].card.name))
        .collect();
    let width = names.iter().map(|n| n.width()).max().unwrap_or(0).max(4);
    outln!(
        term,
        "{}  {:>3}  {:<8}  {:<16}  {:>6}  ID",
        pad("NAME", width),
        "LVL",
        "RANK",
        "ROLE",
        "XP"
    )?;
    for (h, name) in hits.iter().zip(&names) {
        let e = &bestiary.entries[h.index];
        let d = &e.card;
        let role = if d.leader {
            format!("{} (Leader)", d.role)
        } else {
            d.role.to_string()
        };
        let mark = match d.mark {
            Mark::Errors => " [lint errors]",
            Mark::Warnings if d.overrides => " [overrides]",
            Mark::Warnings => " [lint warnings]",
            Mark::Clean => "",
        };
        let user = if e.is_shipped() { "" } else { " (yours)" };
        outln!(
            term,
            "{}  {:>3}  {:<8}  {:<16}  {:>6}  {}{user}{mark}",
            pad(name, width),
            d.level,
            d.rank.to_string(),
            role,
            d.xp,
            d.id
        )?;
    }
    Ok(EXIT_OK)
}

/// A monster of `list --format yaml|json`: what the table shows, in fields.
#[derive(Serialize)]
struct Row<'a> {
    id: &'a str,
    name: &'a str,
    level: Level,
    rank: Rank,
    role: Role,
    leader: bool,
    size: Size,
    source: Source,
    #[serde(rename = "type")]
    creature_type: CreatureType,
    tags: &'a [Tag],
    xp: i64,
    /// `shipped` or `yours`.
    origin: &'static str,
    /// The balance lint's verdict: `clean`, `warnings` or `errors`.
    lint: &'static str,
    /// Whether the file sets a number by hand.
    overrides: bool,
}

impl<'a> Row<'a> {
    fn of(e: &'a Entry) -> Row<'a> {
        let d = &e.card;
        Row {
            id: &d.id,
            name: &d.name,
            level: d.level,
            rank: d.rank,
            role: d.role,
            leader: d.leader,
            size: d.size,
            source: d.source,
            creature_type: d.creature_type,
            tags: &d.tags,
            xp: d.xp,
            origin: if e.is_shipped() { "shipped" } else { "yours" },
            lint: match d.mark {
                Mark::Clean => "clean",
                Mark::Warnings => "warnings",
                Mark::Errors => "errors",
            },
            overrides: d.overrides,
        }
    }
}

#[cfg(test)]
mod tests {
    use lairsmith_core::text::pad_to_width as pad;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn padding_counts_columns_and_takes_any_width() {
        assert_eq!(pad("大蛙", 6), "大蛙  ");
        assert_eq!(pad("Frog", 6), "Frog  ");
        assert_eq!(pad("toolong", 3), "toolong");
        let huge = "a".repeat(70_000);
        assert_eq!(pad(&huge, 100_000).width(), 100_000);
    }
}
