//! A treasure plan as a Markdown section ("## Treasure: ..."), for the encounter and adventure
//! sheets and `treasure --format md`.

use crate::export::md::inline;
use crate::text::group_thousands;
use crate::treasure::render::{items_text, named, plural, who};
use crate::treasure::{Method, Plan, Trove};
use crate::vocab::Vocabulary;

/// The plan as a Markdown section ("## Treasure: ..."), for sheets.
pub fn markdown(plan: &Plan) -> String {
    let mut s = format!(
        "## Treasure: {} (T1), {}\n\n",
        plan.method.label(),
        plural(plan.encounters, "encounter", "encounters")
    );
    match plan.method {
        Method::Steady => {
            s.push_str("| Character | Gold (gp) | Permanent items | Book's expectation |\n|---|---|---|---|\n");
            for (i, c) in plan.characters.iter().enumerate() {
                s.push_str(&format!(
                    "| {} | {} | {} | {:.2} |\n",
                    cell(&who(i, c)),
                    c.gold_gp,
                    cell(&items_text(c)),
                    c.expected_permanent_items
                ));
            }
            s.push_str(&format!(
                "| **Party** | {} | {} | {:.2} |\n",
                plan.party.gold_gp, plan.party.permanent_items, plan.party.expected_permanent_items
            ));
        }
        Method::ItemsOnly => {
            if plan.grants.is_empty() {
                s.push_str("No grant yet.\n");
            } else {
                s.push_str("| After encounter | Character | Grant |\n|---|---|---|\n");
            }
            for g in &plan.grants {
                s.push_str(&format!(
                    "| {} | {} | {} |\n",
                    g.encounter,
                    cell(&named(g.character, g.name.as_deref(), g.level)),
                    g.choice()
                ));
            }
        }
        Method::Troves => {
            s.push_str(
                "| # | Coins | Art object | Gemstone | Item | Dice |\n|---|---|---|---|---|---|\n",
            );
            for (i, t) in plan.troves.iter().enumerate() {
                s.push_str(&trove_row(i + 1, t));
            }
            s.push_str(&format!(
                "\n**Party:** {}.\n\n**Items:** {}.\n\n**Per character (an even share):** ",
                cell(&plan.valuables_line()),
                plan.trove_items_line()
            ));
            let shares: Vec<String> = plan
                .characters
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{} {} gp", who(i, c), c.gold_gp))
                .collect();
            s.push_str(&cell(&shares.join("; ")));
            s.push('\n');
        }
        Method::Narrative => {}
    }
    if !plan.notes.is_empty() {
        s.push('\n');
        for n in &plan.notes {
            s.push_str(&format!("- {}\n", cell(n)));
        }
    }
    s
}

fn trove_row(n: usize, t: &Trove) -> String {
    let coins = t.coins.map_or("-".to_owned(), |c| {
        format!(
            "{} {}",
            group_thousands(c.amount),
            crate::treasure::unit_word(c.unit)
        )
    });
    let art = t.art.map_or("-".to_owned(), |v| {
        let ex = t.art_example.map(|e| format!(" ({e})")).unwrap_or_default();
        format!("{} gp{ex}", group_thousands(v))
    });
    let gem = t.gem.map_or("-".to_owned(), |v| {
        format!("{} gp (8 or more: ours, T2)", group_thousands(v))
    });
    let item = match (t.enchanted, &t.consumable) {
        (Some(k), _) => format!("enchanted {} of level {}", k.key(), t.level),
        (_, Some(c)) => format!("consumable of level {}: {c}", t.level),
        _ => t.item.label().to_owned(),
    };
    format!(
        "| {n} | {coins} | {} | {gem} | {} | {} |\n",
        cell(&art),
        cell(&item),
        t.dice()
    )
}

/// A table cell or a line of the section: a name in it is text, not Markdown; a `|` must not
/// open a new column, nor a newline end the row ([`inline`] sees to both).
fn cell(s: &str) -> String {
    inline(s)
}
