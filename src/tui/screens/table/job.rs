//! The Table screen's file work: what it asks of the executor ([`Job`]), what comes back
//! ([`Done`]), and the doing of it ([`run`], on the executor's thread), each through the same
//! library calls as `lairsmith fight`.

use super::{SavedFight, Stands};
use lairsmith_core::fight::Fight;
use std::path::PathBuf;

/// File work the Table screen asks of the executor. A change carries the fingerprint of the
/// file the screen's copy came from (`seen`), so a fight changed by another terminal is not
/// changed blind.
#[derive(Debug, Clone, PartialEq)]
pub enum Job {
    /// The saved fights, each read to say where it stands, and the saved encounters.
    Lobby,
    Load {
        path: PathBuf,
    },
    Start {
        with: lairsmith_core::fight::run::StartWith,
    },
    /// One step, or several made together (the riders of one roll), written in one write.
    Step {
        path: PathBuf,
        seen: lairsmith_core::store::Fingerprint,
        steps: Vec<lairsmith_core::fight::Step>,
    },
    Undo {
        path: PathBuf,
        seen: lairsmith_core::store::Fingerprint,
    },
    End {
        path: PathBuf,
        seen: lairsmith_core::store::Fingerprint,
        overcome: Vec<(String, lairsmith_core::fight::Overcome)>,
        treasure: Option<lairsmith_core::treasure::Method>,
    },
    Award {
        path: PathBuf,
        treasure: Option<lairsmith_core::treasure::Method>,
    },
}

/// What the executor reports back to the Table screen.
#[derive(Debug, Clone, PartialEq)]
pub enum Done {
    Lobby(Result<(Vec<SavedFight>, Vec<String>), String>),
    /// A fight could not start from the encounter: why, with what was asked, to ask again.
    NotStarted {
        encounter: PathBuf,
        surprised: Vec<String>,
        why: Failed,
    },
    /// The fight at `path` after the job, with what to say about it; or why it failed (the
    /// screen then reads the file again).
    Fight {
        path: PathBuf,
        result: Result<Read, Failed>,
        /// The job ended the fight: ask whether to write the XP.
        ended: bool,
        /// The job only read the file: a failure closes the fight rather than reading again.
        read: bool,
    },
}

/// Why a job failed: the sentence, and what the GM can do about it, which the screen words
/// with its keys ([`crate::tui::hint`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Failed {
    pub why: String,
    pub hint: Option<lairsmith_core::hint::Hint>,
}

impl From<String> for Failed {
    fn from(why: String) -> Failed {
        Failed { why, hint: None }
    }
}

impl From<lairsmith_core::fight::FightError> for Failed {
    fn from(e: lairsmith_core::fight::FightError) -> Failed {
        Failed {
            why: e.to_string(),
            hint: e.hint(),
        }
    }
}

impl From<lairsmith_core::encounter::DataError> for Failed {
    fn from(e: lairsmith_core::encounter::DataError) -> Failed {
        lairsmith_core::fight::FightError::from(e).into()
    }
}

/// A fight as a job left it: the fight, its file's fingerprint, and what to say about it.
#[derive(Debug, Clone, PartialEq)]
pub struct Read {
    pub fight: Box<Fight>,
    pub fingerprint: lairsmith_core::store::Fingerprint,
    pub news: Vec<String>,
}

impl Job {
    /// Whether the job changes a file; a read can be cancelled by dropping its result.
    pub fn writes(&self) -> bool {
        !matches!(self, Job::Lobby | Job::Load { .. })
    }

    /// What the job does, for the status line: "reading the fight `ford`".
    pub fn doing(&self) -> String {
        let stem = crate::tui::msg::quoted_stem;
        match self {
            Job::Lobby => "reading the saved fights".to_owned(),
            Job::Load { path } => format!("reading the fight {}", stem(path)),
            Job::Start { .. } => "starting the fight".to_owned(),
            Job::Step { path, .. } => format!("saving the step to the fight {}", stem(path)),
            Job::Undo { path, .. } => format!("undoing the last step of {}", stem(path)),
            Job::End { path, .. } => format!("ending the fight {}", stem(path)),
            Job::Award { path, .. } => format!("writing the XP of the fight {}", stem(path)),
        }
    }
}

/// Does `job` for the screen, on the executor's thread.
pub fn run(job: Job, paths: &crate::tui::shell::Paths) -> Done {
    use lairsmith_core::fight::run;
    let data = lairsmith_core::data_dir::DataDir::new(paths.root.clone());
    let lines =
        |l: Vec<lairsmith_core::fight::model::LogLine>| l.iter().map(run::log_line).collect();
    // The screen shows the whole log: every step is parsed here, off the screen's thread.
    let whole =
        |mut f: lairsmith_core::fight::Fight| -> Result<Box<lairsmith_core::fight::Fight>, String> {
            f.history
                .parse_all()
                .map_err(|u| format!("step {} of the fight cannot be read: {}", u.step, u.why))?;
            Ok(Box::new(f))
        };
    let read = |c: run::Changed<Vec<String>>| -> Result<Read, Failed> {
        Ok(Read {
            fight: whole(c.fight)?,
            fingerprint: c.fingerprint,
            news: c.news,
        })
    };
    match job {
        Job::Lobby => Done::Lobby({
            let encounters =
                lairsmith_core::store::yaml_ids(&data.encounters()).map_err(|e| e.to_string());
            encounters.map(|e| (saved_fights(&data), e))
        }),
        Job::Load { path } => Done::Fight {
            result: lairsmith_core::fight::saved::load_fight(&path)
                .map_err(Failed::from)
                .and_then(|(f, fingerprint)| {
                    Ok(Read {
                        fight: whole(f)?,
                        fingerprint,
                        news: Vec::new(),
                    })
                }),
            path,
            ended: false,
            read: true,
        },
        Job::Start { with } => match run::start(&data, &with) {
            Ok((path, f, fingerprint)) => Done::Fight {
                result: whole(f).map_err(Failed::from).map(|fight| Read {
                    fight,
                    fingerprint,
                    news: vec![format!("Started: {}", path.display())],
                }),
                path,
                ended: false,
                read: true,
            },
            Err(e) => Done::NotStarted {
                encounter: PathBuf::from(&with.encounter),
                surprised: with.surprised.clone(),
                why: e.into(),
            },
        },
        Job::Step { path, seen, steps } => Done::Fight {
            result: run::steps_seen(&path, seen, &steps)
                .map_err(Failed::from)
                .and_then(|c| {
                    read(run::Changed {
                        news: lines(c.news),
                        fight: c.fight,
                        fingerprint: c.fingerprint,
                    })
                }),
            path,
            ended: false,
            read: false,
        },
        Job::Undo { path, seen } => Done::Fight {
            result: run::undo(&path, Some(seen))
                .map_err(Failed::from)
                .and_then(|c| {
                    read(run::Changed {
                        news: vec![format!("undone: {}", run::step_words(&c.news))],
                        fight: c.fight,
                        fingerprint: c.fingerprint,
                    })
                }),
            path,
            ended: false,
            read: false,
        },
        Job::End {
            path,
            seen,
            overcome,
            treasure,
        } => {
            let result = run::end(&path, overcome, Some(seen))
                .map_err(Failed::from)
                .and_then(|c| {
                    let news = run::end_lines(&data, &c.fight, treasure);
                    read(run::Changed {
                        news,
                        fight: c.fight,
                        fingerprint: c.fingerprint,
                    })
                });
            Done::Fight {
                ended: result.is_ok(),
                result,
                path,
                read: false,
            }
        }
        Job::Award { path, treasure } => Done::Fight {
            result: run::award(&data, &path)
                .map_err(Failed::from)
                .and_then(|c| {
                    // The XP, then where it was written, then the treasure.
                    let mut news = run::end_lines(&data, &c.fight, treasure);
                    let at = news.len().min(1);
                    news.splice(at..at, c.news);
                    read(run::Changed {
                        news,
                        fight: c.fight,
                        fingerprint: c.fingerprint,
                    })
                }),
            path,
            ended: false,
            read: false,
        },
    }
}

/// The saved fights, each read to say where it stands (as `fight list --format yaml` does): a
/// fight that has ended stays in the list while its file does, and says so.
fn saved_fights(data: &lairsmith_core::data_dir::DataDir) -> Vec<SavedFight> {
    use lairsmith_core::fight::saved::{fight_path, ids, load_fight};
    ids(data)
        .into_iter()
        .map(|id| {
            let stands = fight_path(data, &id)
                .ok()
                .and_then(|p| load_fight(&p).ok())
                .map(|(f, _)| match (&f.now.ended, f.now.round) {
                    (Some(_), _) => Stands::Ended,
                    (None, 0) => Stands::Starting,
                    (None, round) => Stands::Round(round),
                });
            SavedFight { id, stands }
        })
        .collect()
}
