//! Monster designs read from their files on the executor's thread. A user's monster listed from
//! the bestiary's index is a card until its design is first needed; a view or a derive, which
//! run on every message and every frame, use only what is in memory ([`Designs::block`]), and
//! after every message [`wanted`] asks the executor for the designs the screens show and do
//! not have. A file that cannot be read is read once: why is kept and shown from then on.

use crate::tui::msg::Cmd;
use crate::tui::shell::Shell;
use lairsmith_core::bestiary::Entry;
use lairsmith_core::monster::{MonsterDesign, StatBlock};
use lairsmith_core::store::Fingerprint;
use lairsmith_core::yaml_io::FileError;
use std::path::PathBuf;

/// What the UI knows of the designs it has not in memory.
#[derive(Debug, Default)]
pub struct Designs {
    /// The files whose read failed, as they were listed, and why.
    unreadable: Vec<(PathBuf, Option<Fingerprint>, String)>,
    /// The files being read.
    asked: Vec<PathBuf>,
}

/// A design read for the entry `id` listed from `path`, or why it could not be.
pub type Read = Result<Box<(MonsterDesign, Fingerprint)>, FileError>;

/// What the status line and a stat block's pane say while a design is read.
pub const READING: &str = "Reading the monster's file...";

impl Designs {
    /// Why the entry's file could not be read, if it could not.
    pub fn unreadable(&self, e: &Entry) -> Option<&str> {
        self.unreadable
            .iter()
            .find(|(p, fp, _)| *p == e.path && *fp == e.fingerprint)
            .map(|(_, _, why)| why.as_str())
    }

    /// The entry's stat block from what is in memory: the block, or why there is none (its
    /// file could not be read, or is being read).
    pub fn block(&self, e: &Entry) -> Result<StatBlock, String> {
        match e.block_in_memory() {
            Some(b) => Ok(b),
            None => Err(self.unreadable(e).unwrap_or(READING).to_owned()),
        }
    }

    /// The entry's design from what is in memory, or why there is none.
    pub fn design(&self, e: &Entry) -> Result<std::sync::Arc<MonsterDesign>, String> {
        match e.design_in_memory() {
            Some(d) => Ok(d),
            None => Err(self.unreadable(e).unwrap_or(READING).to_owned()),
        }
    }

    /// A read cancelled before it answered: it may be asked again.
    pub fn cancelled(&mut self, path: &std::path::Path) {
        self.asked.retain(|p| p != path);
    }
}

/// Does the read, on the executor's thread.
pub fn read(path: &std::path::Path) -> Read {
    lairsmith_core::monster::load_file(path).map(Box::new)
}

/// A design the executor read: kept in its entry (which checks it is still what was listed),
/// or why not kept, to be shown without reading again.
pub fn on_read(shell: &mut Shell, id: &str, path: PathBuf, read: Read) {
    shell.designs.asked.retain(|p| *p != path);
    let Some(e) = shell.bestiary.get(id).filter(|e| e.path == path) else {
        return;
    };
    let kept = read.and_then(|r| e.keep_read(*r));
    if let Err(why) = kept {
        let fp = e.fingerprint;
        shell.designs.unreadable.push((path, fp, why.to_string()));
    }
}

/// The reads the screens need now: of the monsters they show (`ids`), the designs whose files
/// have not been read, tried, or asked for.
pub fn wanted(shell: &mut Shell, ids: Vec<String>) -> Vec<Cmd> {
    let mut cmds = Vec::new();
    for id in ids {
        let Some(e) = shell.bestiary.get(&id) else {
            continue;
        };
        if e.design_in_memory().is_some()
            || shell.designs.unreadable(e).is_some()
            || shell.designs.asked.contains(&e.path)
        {
            continue;
        }
        shell.designs.asked.push(e.path.clone());
        cmds.push(Cmd::ReadDesign {
            id,
            path: e.path.clone(),
        });
    }
    cmds
}
