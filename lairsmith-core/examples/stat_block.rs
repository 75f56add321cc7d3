//! A monster's stat block, derived by the library alone: the test that another tool (a web
//! front end, a bot) can be written on `lairsmith-core` without the application.
//!
//! `cargo run -p lairsmith-core --example stat_block -- [MONSTER.yaml]` prints the stat block
//! of the monster file given, or of the shipped Hedgemaw.

use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::monster::file::load_file;
use lairsmith_core::monster::template::MonsterTemplates;
use lairsmith_core::monster::template_apply::block_and_findings;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let block = match std::env::args_os().nth(1).map(PathBuf::from) {
        // A file of one's own: read, checked, its templates applied, derived.
        Some(path) => match load_file(&path) {
            Ok((design, _)) => {
                block_and_findings(&design, &MonsterTemplates::shipped(), Some(&path)).0
            }
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        },
        // A shipped monster, by id.
        None => {
            let bestiary = Bestiary::shipped();
            let Some(entry) = bestiary.entries.iter().find(|e| e.card.id == "hedgemaw") else {
                eprintln!("the shipped bestiary has no hedgemaw");
                return ExitCode::FAILURE;
            };
            match entry.block() {
                Ok(block) => block,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    };
    print!("{}", lairsmith_core::export::text(&block));
    ExitCode::SUCCESS
}
