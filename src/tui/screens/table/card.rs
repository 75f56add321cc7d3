//! The Table screen's right-hand panes (read-only): the selected creature's card, the log or
//! its stat block, and the words of the screen's questions.

use super::TableScreen;
use super::view::{hp_text, key, state};
use crate::tui::keymap::Action;
use crate::tui::shell::Shell;
use crate::tui::theme;
use lairsmith_core::fight::Fight;
use lairsmith_core::fight::model::Side;
use lairsmith_core::fight::rules::effect_words;
use lairsmith_core::text::escape_controls;
use lairsmith_core::vocab::Vocabulary;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

pub(super) fn card(table: &TableScreen, shell: &Shell, fight: &Fight, f: &mut Frame, area: Rect) {
    let Some(i) = table.selected_index() else {
        f.render_widget(Block::bordered().title(" No creature "), area);
        return;
    };
    let c = &fight.now.combatants[i];
    let block = Block::bordered()
        .title(format!(" {} ({}) ", escape_controls(&c.name), c.id))
        .border_style(theme::border());
    let inner = block.inner(area);
    f.render_widget(block, area);
    let mut lines = Vec::new();
    let mut top = vec![Span::styled("HP ", theme::bold()), Span::raw(hp_text(c))];
    if let Some(m) = c.max_hp.filter(|_| !c.mook) {
        top.push(Span::styled(
            format!(" (staggered at {})", m / 2),
            theme::dim(),
        ));
    }
    if let Some((word, style)) = state(c) {
        top.push(Span::styled(format!(" {word}"), style));
    }
    lines.push(Line::from(top));
    if let Some(d) = &c.defenses {
        lines.push(Line::raw(format!(
            "AC {} · Fort {} · Ref {} · Will {}",
            d.ac, d.fortitude, d.reflex, d.will
        )));
    }
    let mut misc = vec![format!("Init {:+}", c.init_mod)];
    if c.save_bonus != 0 {
        misc.push(format!("saves {:+}", c.save_bonus));
    }
    misc.push(format!("action points {}", c.action_points));
    // A monster's recoveries matter only to Rally (P17), which the log says; the card keeps its
    // rows for the powers.
    if let Some(r) = c.recoveries.filter(|_| c.side == Side::Party) {
        let value = c
            .recovery_value
            .map_or_else(String::new, |v| format!(" ({v} HP each)"));
        misc.push(format!("recoveries {r}{value}"));
    }
    if c.rallied {
        misc.push("rallied (P17)".into());
    }
    if c.villain {
        misc.push("villain: death saves (P3)".into());
    }
    if c.mook {
        misc.push("mook: any damage drops it".into());
    }
    if let Some(r) = &c.regeneration {
        misc.push(format!("regeneration {}", r.value));
    }
    lines.push(Line::raw(misc.join(" · ")));
    let resists: Vec<String> = c
        .resistances
        .iter()
        .map(|r| format!("resist {} {}", r.against, r.value))
        .chain(
            c.vulnerabilities
                .iter()
                .map(|r| format!("vulnerable {} {}", r.against, r.value)),
        )
        .collect();
    if !resists.is_empty() {
        lines.push(Line::raw(escape_controls(&resists.join(", ")).into_owned()));
    }
    if !c.effects.is_empty() {
        lines.push(Line::styled(
            format!(
                "Effects ({} ends one)",
                key(table, shell, Action::EndEffect)
            ),
            theme::heading(),
        ));
        for e in &c.effects {
            lines.push(Line::styled(
                format!(
                    " #{} {}",
                    e.id,
                    escape_controls(&effect_words(e, &fight.now))
                ),
                theme::warning(),
            ));
        }
    }
    if !c.powers.is_empty() {
        lines.push(Line::styled(
            format!(
                "Powers ({} rolls one, {} marks one used)",
                key(table, shell, Action::RollPower),
                key(table, shell, Action::UsePower)
            ),
            theme::heading(),
        ));
        for (n, p) in c.powers.iter().enumerate() {
            let usage = p.usage_words();
            let attack = p
                .attack
                .map(|(b, d)| format!(" {b:+} vs {}", d.label()))
                .unwrap_or_default();
            let damage = p
                .damage
                .as_deref()
                .map(|d| format!(" {d}"))
                .unwrap_or_default();
            let text = format!(
                " {}. {} ({usage}){attack}{damage}",
                n + 1,
                escape_controls(&p.name)
            );
            lines.push(if p.used {
                Line::from(vec![
                    Span::styled(text, theme::dim()),
                    Span::styled(" USED", theme::error()),
                ])
            } else {
                Line::raw(text)
            });
        }
    }
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

pub(super) fn log(table: &TableScreen, shell: &Shell, fight: &Fight, f: &mut Frame, area: Rect) {
    let block = Block::bordered()
        .title({
            let full = format!(
                " Log (PgUp PgDn; {} the stat block) ",
                key(table, shell, Action::NextPane)
            );
            if lairsmith_core::text::display_width(&full) + 2 <= usize::from(area.width) {
                full
            } else {
                format!(" Log ({} stat block) ", key(table, shell, Action::NextPane))
            }
        })
        .border_style(theme::border());
    let inner = block.inner(area);
    f.render_widget(block, area);
    let h = usize::from(inner.height);
    let w = usize::from(inner.width).max(1);
    let count = fight.parsed_log().count();
    let back = usize::from(table.log_back).min(count.saturating_sub(1));
    // The newest lines at the bottom, each wrapped: as many as fill the pane, counted in rows.
    let mut shown = Vec::new();
    let mut rows = 0;
    for l in fight.parsed_log().rev().skip(back) {
        let text = escape_controls(&lairsmith_core::fight::run::log_line(l)).into_owned();
        let need = lairsmith_core::text::display_width(&text)
            .div_ceil(w)
            .max(1);
        if rows + need > h && !shown.is_empty() {
            break;
        }
        rows += need;
        shown.push(Line::raw(text));
    }
    shown.reverse();
    f.render_widget(Paragraph::new(shown).wrap(Wrap { trim: false }), inner);
}

/// The title and words of one of the screen's questions.
pub fn question(
    table: &TableScreen,
    q: &crate::tui::screens::table::Question,
) -> (&'static str, String) {
    use crate::tui::screens::table::Question;
    let f = table.fight();
    match q {
        Question::Remove { who } => {
            let name = f
                .and_then(|f| f.now.combatants.iter().find(|c| &c.id == who))
                .map_or(who.as_str(), |c| c.name.as_str());
            (
                " Take out of the fight ",
                format!(
                    "Take {} out of the fight? It takes no more turns (u undoes). y / n",
                    escape_controls(name)
                ),
            )
        }
        Question::Award { .. } => {
            let to = f
                .and_then(|f| f.adventure.clone().or_else(|| f.party.clone()))
                .unwrap_or_default();
            let each = f
                .and_then(|f| f.now.ended.as_ref())
                .map_or(0, |e| e.xp_each);
            // P20: the characters' numbers go back to the party's file with the XP.
            let numbers = f.is_some_and(|f| {
                f.now
                    .combatants
                    .iter()
                    .any(|c| c.side == Side::Party && c.max_hp.is_some())
            });
            (
                " Write the XP ",
                format!(
                    "Add {} XP to each character who fought{}, in the file of {}? It is written once. y / n",
                    lairsmith_core::text::group_thousands(each),
                    if numbers {
                        ", and write back their hit points, recoveries and action points spent"
                    } else {
                        ""
                    },
                    escape_controls(&to)
                ),
            )
        }
    }
}

/// The selected monster's whole stat block, as the bestiary has it now (its powers' text; the
/// fight's numbers are the card's, taken when the fight started).
pub(super) fn stat_block(
    table: &TableScreen,
    shell: &Shell,
    fight: &Fight,
    f: &mut Frame,
    area: Rect,
) {
    let block = Block::bordered()
        .title(format!(
            " Stat block (PgUp PgDn; {} the log) ",
            key(table, shell, Action::NextPane)
        ))
        .border_style(theme::border());
    let inner = block.inner(area);
    f.render_widget(block, area);
    let monster = table
        .selected_index()
        .map(|i| &fight.now.combatants[i].origin)
        .and_then(|o| match o {
            lairsmith_core::fight::model::Origin::Monster { id } => shell.bestiary.get(id),
            _ => None,
        })
        .map(|e| shell.designs.block(e));
    let text = match monster {
        Some(Ok(b)) => crate::tui::widgets::statblock::text(&b),
        Some(Err(e)) => {
            ratatui::text::Text::styled(escape_controls(&e).into_owned(), theme::error())
        }
        None => ratatui::text::Text::styled(
            "No stat block: the selected creature is a character, a placeholder or a 3rd-edition foe, or its monster is no longer in the bestiary.",
            theme::dim(),
        ),
    };
    f.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: false })
            .scroll((table.block_scroll, 0)),
        inner,
    );
}
