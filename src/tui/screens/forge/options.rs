//! The rows of each list step of the Forge, and the value each step shows in the header.

use super::{Forge, Step};
use lairsmith_core::monster::MonsterDesign;
use lairsmith_core::rules::grants::{describe_grants, source_grants, tag_grants};
use lairsmith_core::rules::role::LEADER_SUMMARY;
use lairsmith_core::rules::{CreatureType, Level, Rank, Role, Size, Source, Tag};
use lairsmith_core::vocab::Vocabulary;

pub struct OptionRow {
    pub label: String,
    pub info: String,
    pub marked: bool,
    pub checkbox: bool,
}

pub fn options(f: &Forge) -> Vec<OptionRow> {
    let d = &f.design;
    let row = |label: &str, info: String, marked: bool| OptionRow {
        label: label.to_owned(),
        info,
        marked,
        checkbox: false,
    };
    match f.step {
        Step::Level => Level::all()
            .map(|l| {
                let info = format!(
                    "{} XP · hits {} · X {} · {}",
                    lairsmith_core::export::doc::group_thousands(d.rank.xp(l)),
                    lairsmith_core::rules::damage::tier_damage(
                        lairsmith_core::rules::DamageTier::AtWillSingle,
                        l,
                        d.rank,
                        d.role
                    ),
                    l.resistance_x(),
                    l.tier(),
                );
                row(&format!("Level {l}"), info, l == d.level)
            })
            .collect(),
        Step::Rank => Rank::ALL
            .iter()
            .map(|r| row(r.label(), r.summary().into(), *r == d.rank))
            .collect(),
        Step::Role => {
            let mut v: Vec<OptionRow> = Role::ALL
                .iter()
                .map(|r| row(r.label(), r.summary().into(), *r == d.role))
                .collect();
            v.push(OptionRow {
                label: "Leader".into(),
                info: LEADER_SUMMARY.into(),
                marked: d.leader,
                checkbox: true,
            });
            v
        }
        Step::Size => Size::ALL
            .iter()
            .map(|s| row(s.label(), s.summary().into(), *s == d.size))
            .collect(),
        Step::Source => Source::ALL
            .iter()
            .map(|s| {
                row(
                    s.label(),
                    format!(
                        "{}; {}",
                        s.summary(),
                        describe_grants(d.level, source_grants(*s))
                    ),
                    *s == d.source,
                )
            })
            .collect(),
        Step::Type => CreatureType::ALL
            .iter()
            .map(|t| row(t.label(), t.summary().into(), *t == d.creature_type))
            .collect(),
        Step::Tags => Tag::ALL
            .iter()
            .map(|t| {
                let label = if *t == Tag::UndeadSpirit {
                    "Undead (spirit)"
                } else if *t == Tag::Undead {
                    "Undead (body)"
                } else {
                    t.label()
                };
                OptionRow {
                    label: label.into(),
                    info: format!(
                        "{}; {}",
                        t.summary(),
                        describe_grants(d.level, tag_grants(*t))
                    ),
                    marked: d.tags.contains(t),
                    checkbox: true,
                }
            })
            .collect(),
        Step::Templates => f
            .template_choices()
            .into_iter()
            .map(|id| {
                let marked = d.templates.contains(&id);
                match f.templates.get(&id) {
                    Some(t) => OptionRow {
                        label: if t.is_theme() {
                            format!("{} (theme)", t.name)
                        } else {
                            t.name.clone()
                        },
                        info: t.description.clone().unwrap_or_default(),
                        marked,
                        checkbox: true,
                    },
                    None => OptionRow {
                        label: id.clone(),
                        info: "not found among the shipped templates or yours; Space takes it off"
                            .to_owned(),
                        marked,
                        checkbox: true,
                    },
                }
            })
            .collect(),
        _ => Vec::new(),
    }
}

pub fn step_value(d: &MonsterDesign, s: Step) -> String {
    match s {
        Step::Level => d.level.to_string(),
        Step::Rank => d.rank.key().into(),
        Step::Role => {
            if d.leader {
                format!("{}+leader", d.role.key())
            } else {
                d.role.key().into()
            }
        }
        Step::Size => d.size.key().into(),
        Step::Source => d.source.key().into(),
        Step::Type => d.creature_type.key().into(),
        Step::Tags => {
            if d.tags.is_empty() {
                "none".into()
            } else {
                d.tags.iter().map(|t| t.key()).collect::<Vec<_>>().join(",")
            }
        }
        Step::Templates => {
            if d.templates.is_empty() {
                "none".into()
            } else {
                d.templates.join(",")
            }
        }
        Step::Details => d.name.clone(),
        Step::Powers => d.powers.len().to_string(),
        Step::Review => String::new(),
    }
}
