//! lairsmith-core: the Orcus d20 rules, monsters and encounters behind lairsmith, with no UI.
//!
//! This crate is the product's library; the `lairsmith` crate beside it holds the two thin
//! faces over it, the command line and the terminal UI, and depends on this one, never the
//! other way (this crate's manifest names no terminal or command-line crate). The `fixtures`
//! feature adds generated monsters and hostile files for tests, examples and benchmarks.
//!
//! The modules, from the book up:
//!
//! - [`rules`]: the rulebook as data (tables, formulas, vocabularies) and the rulings named in
//!   code (R, E for Orcus, D for the 3rd-edition budgets); [`vocab`]: how a word of a file is
//!   read, with the valid values and a did-you-mean; [`dice`]: dice expressions; [`limits`]:
//!   every range a number of a file may take and the most a list may hold.
//! - [`monster`]: designs, derivation into stat blocks, power kits, templates, the balance lint.
//! - [`bestiary`]: loading shipped and user monsters ([`embedded`] holds the shipped ones),
//!   filters and fuzzy search; drafts (unfinished designs kept beside the bestiary, never
//!   listed in it).
//! - [`encounter`]: parties, encounter files, budgets and difficulty, the generator; saved
//!   encounters and parties in the [`DataDir`] ([`data_dir`]).
//! - [`adventure`] and [`treasure`]: encounters in order with levelling (A), the book's
//!   treasure (T).
//! - [`fight`]: running a fight by the book (P): its start, the GM's steps, its file.
//! - [`export`]: stat blocks and sheets as YAML, JSON, Markdown, text, HTML, Foundry VTT and
//!   Obsidian; [`schema`]: the JSON Schemas of the file kinds; [`session`]: what a face
//!   remembers from one session to the next.
//! - [`store`]: atomic, locked saves and change-on-disk detection; [`yaml_io`]: the guarded
//!   YAML reader and its located errors; [`save_document`]: a file's own `x-` values kept
//!   through a save; [`hint`]: what a user can do next about a refusal, for each face to word.
//! - [`text`]: names checked on the way in, control characters escaped on the way out.
//!
//! What only the library itself uses is private to it: the YAML guard, the keeping of `x-`
//! values, the bestiary's index, the small hashes and seed streams, the worker threads, and
//! each module's helpers. A front end needs only the modules above.
//!
//! A monster from its classification, with the default power kit, derived into a stat block:
//!
//! ```
//! use lairsmith_core::monster::{Classification, MonsterDesign, derive, kit::Templates};
//! use lairsmith_core::rules::{CreatureType, Level, Rank, Role, Size, Source, Tag};
//!
//! let c = Classification {
//!     level: Level::new(4).unwrap(),
//!     rank: Rank::Standard,
//!     role: Role::Skulker,
//!     leader: false,
//!     size: Size::Medium,
//!     source: Source::Natural,
//!     creature_type: CreatureType::Beast,
//!     tags: vec![Tag::Aquatic],
//! };
//! let mut frog = MonsterDesign::new("Giant Frog", c.clone());
//! frog.powers = Templates::embedded().default_powers(&c);
//! let block = derive(&frog);
//! assert_eq!((block.hp, block.defenses.ac, block.xp), (37, 18, 175));
//! assert_eq!(block.header, "Level 4 Skulker");
//! ```

// Printing macros panic when stdout is closed or full; the CLI prints through `cli::out`.
#![deny(clippy::print_stdout, clippy::print_stderr)]
// Every public item is documented; CI denies this warning (`-D warnings`, clippy and cargo doc).
#![warn(missing_docs)]
// A public type reached through a private module must be re-exported where it can be named.
#![warn(unnameable_types)]

pub mod adventure;
pub mod bestiary;
pub mod data_dir;
pub mod dice;
pub mod embedded;
pub mod encounter;
pub mod export;
pub mod fight;
#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures;
pub(crate) mod hash;
pub mod hint;
pub mod limits;
pub mod monster;
pub(crate) mod parallel;
pub mod rules;
pub mod schema;
pub mod session;
pub mod store;
pub mod text;
pub mod treasure;
pub mod vocab;
pub(crate) mod xkeys;
pub mod yaml_io;
pub(crate) mod yaml_keep;

pub use data_dir::DataDir;
// A document saved with the `x-` values of the file it replaces or copies kept (here, above
// `store` and `yaml_io`, which `yaml_keep` imports).
pub use yaml_keep::{NotSaved, Refused as NotKept, save_document};
