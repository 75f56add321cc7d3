//! The lists of saved files a GM chooses from: encounters to open or to add to the adventure,
//! adventures to open, the Forge's drafts. Each file comes with what it holds in a few words:
//! an encounter's XP and band for its own party (rated as `encounter check` rates it), an
//! adventure's encounters and XP per character (what the Adventure screen's summary shows), a
//! draft's monster and when it was kept; a file that cannot be read says why in its row. The
//! executor reads the files ([`read`]), each once; `update` rates them with the bestiary
//! ([`summarise`]).

use crate::tui::layer::FilesFor;
use crate::tui::shell::Paths;
use crate::tui::theme;
use lairsmith_core::adventure::Adventure;
use lairsmith_core::adventure::check::Loaded;
use lairsmith_core::bestiary::{Bestiary, drafts};
use lairsmith_core::data_dir::DataDir;
use lairsmith_core::encounter::party::Played;
use lairsmith_core::encounter::{Encounter, Party, PartyRef};
use lairsmith_core::rules::difficulty::Difficulty;
use lairsmith_core::rules::{Level, Rank, Role};
use lairsmith_core::text::{escape_controls, group_thousands};
use lairsmith_core::vocab::Vocabulary;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::time::SystemTime;

/// A file read with its party, or why it cannot be.
pub type Read<T> = (PathBuf, Result<(T, Party), String>);

/// The files of a list as the executor read them.
#[derive(Debug)]
pub enum Found {
    /// Each encounter file with the encounter and its party, or why they cannot be read.
    Encounters(Vec<Read<Encounter>>),
    /// Each adventure file with the adventure and its party, or why they cannot be read; and
    /// every encounter they list, read once however many list it.
    Adventures {
        /// Each with its party's record of played fights (P10): the saved party's, or the
        /// adventure file's own.
        adventures: Vec<Read<(Box<Adventure>, Vec<Played>)>>,
        encounters: BTreeMap<String, Loaded>,
    },
    /// The drafts, newest first, and when they were listed.
    Drafts {
        drafts: Vec<drafts::Listed>,
        now: SystemTime,
    },
}

/// A file of a list, with what it holds.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedFile {
    pub path: PathBuf,
    pub about: About,
}

/// What a listed file holds, in a few words.
#[derive(Debug, Clone, PartialEq)]
pub enum About {
    Encounter {
        xp: u64,
        /// `None`: it cannot be rated (the report says why).
        band: Option<Difficulty>,
        party_level: i32,
    },
    Adventure {
        encounters: usize,
        xp_per_character: u64,
        /// Encounters it lists that are missing or cannot be read.
        problems: usize,
    },
    Draft {
        name: String,
        level: Level,
        rank: Rank,
        role: Role,
        leader: bool,
        /// How long ago it was kept, in seconds.
        age: Option<u64>,
    },
    /// Why the file cannot be read.
    Unreadable(String),
}

/// Reads the files of the list for `purpose` (the executor's part).
pub fn read(purpose: FilesFor, paths: &Paths) -> Result<Found, String> {
    let data = DataDir::new(paths.root.clone());
    let mut parties = Parties::default();
    match purpose {
        FilesFor::OpenEncounter | FilesFor::AddEncounter => {
            let files =
                lairsmith_core::store::yaml_files(&paths.encounters).map_err(|e| e.to_string())?;
            Ok(Found::Encounters(
                files
                    .into_iter()
                    .map(|path| {
                        let read = lairsmith_core::encounter::load_encounter(&path)
                            .map_err(|e| e.to_string())
                            .and_then(|(e, _)| parties.of(&data, &e.party).map(|(p, _)| (e, p)));
                        (path, read)
                    })
                    .collect(),
            ))
        }
        FilesFor::OpenAdventure => {
            let files = lairsmith_core::store::yaml_files(&paths.adventures())
                .map_err(|e| e.to_string())?;
            let adventures: Vec<_> = files
                .into_iter()
                .map(|path| {
                    let read = lairsmith_core::adventure::load_adventure(&path)
                        .map_err(|e| e.to_string())
                        .and_then(|(a, _)| {
                            let (party, saved) = parties.of(&data, &a.party)?;
                            let played = match &a.party {
                                PartyRef::Saved(_) => saved,
                                _ => a.played.clone(),
                            };
                            Ok(((Box::new(a), played), party))
                        });
                    (path, read)
                })
                .collect();
            let ids: Vec<String> = adventures
                .iter()
                .filter_map(|(_, r)| r.as_ref().ok())
                .flat_map(|((a, _), _)| a.encounters.iter().cloned())
                .collect();
            let encounters = lairsmith_core::adventure::check::load_encounters(&data, &ids);
            Ok(Found::Adventures {
                adventures,
                encounters,
            })
        }
        FilesFor::OpenDraft => Ok(Found::Drafts {
            drafts: drafts::list(&data.drafts()).map_err(|e| e.to_string())?,
            now: SystemTime::now(),
        }),
    }
}

/// Saved parties read for a list, each once however many files name it.
#[derive(Default)]
struct Parties(HashMap<String, Result<(Party, Vec<Played>), String>>);

impl Parties {
    /// The party, with a saved party's record of played fights (P10) read with it.
    fn of(&mut self, data: &DataDir, party: &PartyRef) -> Result<(Party, Vec<Played>), String> {
        let read = || {
            lairsmith_core::encounter::saved::resolve_party_ref_played(data, party).map_err(|e| {
                match e {
                    lairsmith_core::encounter::DataError::MissingParty { id, path } => format!(
                        "its party `{id}` is not saved ({} does not exist)",
                        path.display()
                    ),
                    other => other.to_string(),
                }
            })
        };
        match party {
            PartyRef::Saved(id) => self.0.entry(id.clone()).or_insert_with(read).clone(),
            _ => read(),
        }
    }
}

/// The rows of the list: each file rated with `bestiary` (the part `update` does).
pub fn summarise(found: Found, bestiary: &Bestiary) -> Vec<SavedFile> {
    match found {
        Found::Encounters(files) => files
            .into_iter()
            .map(|(path, read)| SavedFile {
                about: match read {
                    Ok((e, party)) => {
                        let r = lairsmith_core::encounter::rating::rate(&e, &party, bestiary);
                        About::Encounter {
                            xp: r.xp,
                            band: r.difficulty,
                            party_level: r.party_level,
                        }
                    }
                    Err(e) => About::Unreadable(brief(&path, &e)),
                },
                path,
            })
            .collect(),
        Found::Adventures {
            adventures,
            encounters,
        } => {
            // One encounter met by one party is rated once for every adventure that lists it.
            let mut ratings = lairsmith_core::adventure::check::Ratings::default();
            adventures
                .into_iter()
                .map(|(path, read)| SavedFile {
                    about: match read {
                        Ok(((a, played), party)) => {
                            let r = lairsmith_core::adventure::check::rate_adventure_with(
                                &a,
                                &party,
                                &played,
                                &encounters,
                                bestiary,
                                &mut ratings,
                            );
                            About::Adventure {
                                encounters: r.encounters.len(),
                                xp_per_character: r.xp_per_character,
                                problems: r.errors().len(),
                            }
                        }
                        Err(e) => About::Unreadable(brief(&path, &e)),
                    },
                    path,
                })
                .collect()
        }
        Found::Drafts { drafts, now } => drafts
            .into_iter()
            .map(|d| SavedFile {
                about: match d.draft {
                    Ok(s) => About::Draft {
                        name: s.name,
                        level: s.level,
                        rank: s.rank,
                        role: s.role,
                        leader: s.leader,
                        age: d
                            .saved
                            .and_then(|t| now.duration_since(t).ok())
                            .map(|a| a.as_secs()),
                    },
                    Err(e) => About::Unreadable(brief(&d.path, &e.to_string())),
                },
                path: d.path,
            })
            .collect(),
    }
}

/// A file's error without its path, which the row already names: "3:5: unknown key `x`".
fn brief(path: &std::path::Path, error: &str) -> String {
    let shown = path.display().to_string();
    error
        .strip_prefix(&shown)
        .map(|rest| rest.trim_start_matches([':', ' ']))
        .filter(|rest| !rest.is_empty())
        .unwrap_or(error)
        .to_owned()
}

/// "just now", "5 min ago", "3 h ago", "2 days ago".
pub fn age_words(secs: u64) -> String {
    match secs {
        0..60 => "just now".to_owned(),
        60..3_600 => format!("{} min ago", secs / 60),
        3_600..86_400 => format!("{} h ago", secs / 3_600),
        86_400..172_800 => "a day ago".to_owned(),
        _ => format!("{} days ago", secs / 86_400),
    }
}

/// The title of the list for `purpose`.
pub fn title(purpose: FilesFor) -> &'static str {
    match purpose {
        FilesFor::OpenEncounter => "Open an encounter",
        FilesFor::OpenAdventure => "Open an adventure",
        FilesFor::AddEncounter => "Add an encounter to the adventure",
        FilesFor::OpenDraft => "Open a draft",
    }
}

/// The list over the screen: each file's name (a draft's monster) in a column, and what it
/// holds beside it.
pub fn view(purpose: FilesFor, files: &[SavedFile], cursor: usize, f: &mut Frame, area: Rect) {
    let w = area.width.saturating_sub(4).min(100);
    let h = (files.len() as u16 + 2).clamp(3, area.height.saturating_sub(2).max(3));
    let r = crate::tui::widgets::popup(area, w, h);
    f.render_widget(Clear, r);
    let width = usize::from(r.width.saturating_sub(2));
    let rows = usize::from(r.height.saturating_sub(2)).max(1);
    let start = cursor.saturating_sub(rows - 1);
    let shown: Vec<(usize, (String, Vec<Span<'static>>))> = files
        .iter()
        .enumerate()
        .skip(start)
        .take(rows)
        .map(|(i, file)| (i, parts(file, i == cursor)))
        .collect();
    let names = shown
        .iter()
        .map(|(_, (n, _))| lairsmith_core::text::display_width(n))
        .max()
        .unwrap_or(0);
    // An error is cut to whatever room is left: only what the readable files hold sets the
    // names' room.
    let rights = shown
        .iter()
        .filter(|(i, _)| !matches!(files[*i].about, About::Unreadable(_)))
        .map(|(_, (_, r))| {
            r.iter()
                .map(|s| lairsmith_core::text::display_width(&s.content))
                .sum()
        })
        .max()
        .unwrap_or(0);
    // The names in one column, as wide as the widest shown, narrowed for what the files hold
    // down to a third of the row.
    let name_w = names.min(width.saturating_sub(rights + 2).max(width / 3));
    let lines: Vec<Line> = shown
        .into_iter()
        .map(|(i, (name, right))| row(name, right, name_w, width, i == cursor))
        .collect();
    f.render_widget(
        Paragraph::new(lines).block(crate::tui::widgets::dialog(format!(" {} ", title(purpose)))),
        r,
    );
}

/// A row's name and what its file holds, styled for the row (`selected` or not).
fn parts(file: &SavedFile, selected: bool) -> (String, Vec<Span<'static>>) {
    let base = if selected {
        theme::selected()
    } else {
        Style::new()
    };
    let dim = if selected { base } else { theme::dim() };
    let stem = file
        .path
        .file_stem()
        .map(|s| escape_controls(&s.to_string_lossy()).into_owned())
        .unwrap_or_default();
    match &file.about {
        About::Encounter {
            xp,
            band,
            party_level,
        } => {
            let word = band.map_or("not rated", |b| b.key());
            let band_style = if selected {
                base
            } else {
                theme::band(band.map_or("", |b| b.key()))
            };
            (
                stem,
                vec![
                    Span::styled(format!("{:>9} XP  ", group_thousands(*xp)), dim),
                    Span::styled(format!("{word:<9}"), band_style),
                    Span::styled(format!("  party level {party_level}"), dim),
                ],
            )
        }
        About::Adventure {
            encounters,
            xp_per_character,
            problems,
        } => {
            let mut spans = vec![Span::styled(
                format!(
                    "{encounters:>3} encounter{}  {:>9} XP per character",
                    if *encounters == 1 { " " } else { "s" },
                    group_thousands(*xp_per_character)
                ),
                dim,
            )];
            if *problems > 0 {
                spans.push(Span::styled(
                    format!("  {problems} missing"),
                    if selected { base } else { theme::error() },
                ));
            }
            (stem, spans)
        }
        About::Draft {
            name,
            level,
            rank,
            role,
            leader,
            age,
        } => {
            let name = if name.trim().is_empty() {
                format!("({stem}: no name yet)")
            } else {
                escape_controls(name).into_owned()
            };
            (
                name,
                vec![Span::styled(
                    format!(
                        "L{:<2} {:<8} {:<7} {:<6}  {}",
                        level,
                        rank.key(),
                        role.key(),
                        if *leader { "leader" } else { "" },
                        age.map_or_else(String::new, |a| format!("kept {}", age_words(a)))
                    ),
                    dim,
                )],
            )
        }
        About::Unreadable(why) => (
            stem,
            vec![Span::styled(
                format!("cannot be read: {}", escape_controls(why)),
                if selected { base } else { theme::error() },
            )],
        ),
    }
}

/// One row in `width` columns: the name in its column of `name_w`, then what the file holds,
/// cut at the edge.
fn row(
    name: String,
    right: Vec<Span<'static>>,
    name_w: usize,
    width: usize,
    selected: bool,
) -> Line<'static> {
    let base = if selected {
        theme::selected()
    } else {
        Style::new()
    };
    let mut spans = vec![
        Span::styled(
            lairsmith_core::text::fit_width(&name, name_w),
            base.patch(theme::bold()),
        ),
        Span::styled("  ", base),
    ];
    let mut room = width.saturating_sub(name_w + 2);
    for s in right {
        let cut = lairsmith_core::text::truncate_to_width(&s.content, room).into_owned();
        room = room.saturating_sub(lairsmith_core::text::display_width(&cut));
        spans.push(Span::styled(cut, s.style));
    }
    if selected {
        spans.push(Span::styled(" ".repeat(room), base));
    }
    Line::from(spans)
}
