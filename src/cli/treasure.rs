//! `lairsmith treasure plan` and `lairsmith treasure troves`, over [`lairsmith_core::treasure`].

use super::args::{ReportFormat, vocab};
use super::out::{Terminal, out, outln};
use super::{CmdResult, DataDir, EXIT_OK};
use clap::{Subcommand, ValueEnum};
use lairsmith_core::encounter::resolve_party_spec;
use lairsmith_core::treasure::{Plan, Trove, plan, roll_troves};
use lairsmith_core::vocab::Vocabulary;
use serde::Serialize;

#[derive(Debug, Subcommand)]
pub enum TreasureCmd {
    /// What a method gives over some encounters, per character and for the party: steady
    /// (gold and 1-in-12 permanent items), items-only (a grant every 10 encounters), troves (one
    /// trove per encounter) or narrative (nothing computed).
    Plan {
        /// The party: 4x3 (four level-3 characters), 3,3,4,5, Ana=3,Bo=4, or a saved party's id.
        #[arg(long)]
        party: String,
        /// How many encounters (1 to 10,000).
        #[arg(long, value_parser = encounters_bound())]
        encounters: u32,
        /// steady, items-only, troves or narrative.
        #[arg(long, value_parser = vocab::<lairsmith_core::treasure::Method>)]
        method: lairsmith_core::treasure::Method,
        /// The random seed; the same seed gives the same plan [default: random, printed].
        #[arg(long)]
        seed: Option<u64>,
        /// Output format: text, yaml, json or md.
        #[arg(long, value_enum, default_value_t = TreasureFormat::Text)]
        format: TreasureFormat,
    },
    /// Roll treasure troves at the party's average level (rounded down), every die shown.
    Troves {
        /// The party: 4x3 (four level-3 characters), 3,3,4,5, Ana=3,Bo=4, or a saved party's id.
        #[arg(long)]
        party: String,
        /// How many troves (1 to 10,000).
        #[arg(long, value_parser = encounters_bound())]
        count: u32,
        /// The random seed; the same seed gives the same troves [default: random, printed].
        #[arg(long)]
        seed: Option<u64>,
        /// Output format: text, yaml or json.
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
    },
}

/// `treasure plan --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TreasureFormat {
    Text,
    Yaml,
    /// The same as yaml.
    Json,
    Md,
}

fn encounters_bound() -> clap::builder::RangedI64ValueParser<u32> {
    clap::value_parser!(u32).range(1..=i64::from(lairsmith_core::treasure::MAX_ENCOUNTERS))
}

#[derive(Serialize)]
struct PlanDoc<'a> {
    seed: u64,
    #[serde(flatten)]
    plan: &'a Plan,
}

#[derive(Serialize)]
struct TrovesDoc<'a> {
    seed: u64,
    troves: &'a [Trove],
}

pub fn run(data: &DataDir, cmd: TreasureCmd, term: &mut Terminal) -> CmdResult {
    match cmd {
        TreasureCmd::Plan {
            party,
            encounters,
            method,
            seed,
            format,
        } => {
            let party = resolve_party_spec(data, &party)?;
            // Without --seed the roll is random, but printed so it can be repeated.
            let seed = seed.unwrap_or_else(rand::random);
            let p = plan(method, &party, encounters, seed);
            match format {
                TreasureFormat::Yaml => out!(
                    term,
                    "{}",
                    lairsmith_core::yaml_io::to_string(&PlanDoc { seed, plan: &p })
                )?,
                TreasureFormat::Json => out!(
                    term,
                    "{}",
                    super::doc::render(&PlanDoc { seed, plan: &p }, super::doc::Data::Json)?
                )?,
                TreasureFormat::Md => {
                    outln!(
                        term,
                        "{}",
                        lairsmith_core::export::sheet::treasure::markdown(&p)
                    )?;
                    outln!(
                        term,
                        "Party: {}. Seed {seed} (`--method {} --seed {seed}` repeats these rolls).",
                        lairsmith_core::export::md::inline(&party.describe()),
                        method.key()
                    )?;
                }
                TreasureFormat::Text => {
                    outln!(term, "Party: {}", party.describe())?;
                    for l in p.lines() {
                        outln!(term, "{l}")?;
                    }
                    outln!(term, "Seed: {seed} (--seed {seed} repeats these rolls)")?;
                }
            }
            Ok(EXIT_OK)
        }
        TreasureCmd::Troves {
            party,
            count,
            seed,
            format,
        } => {
            let party = resolve_party_spec(data, &party)?;
            let seed = seed.unwrap_or_else(rand::random);
            let troves = roll_troves(&party, count, seed);
            match format.data() {
                Some(data) => out!(
                    term,
                    "{}",
                    super::doc::render(
                        &TrovesDoc {
                            seed,
                            troves: &troves
                        },
                        data
                    )?
                )?,
                None => {
                    let (level, clamped) = lairsmith_core::treasure::trove_level(&party);
                    outln!(
                        term,
                        "Party: {} (trove level {level}: the average level, rounded down)",
                        party.describe()
                    )?;
                    if let Some(avg) = clamped {
                        outln!(
                            term,
                            "The average level {avg} is outside the table's 1-30; the troves use level {level}."
                        )?;
                    }
                    for (i, t) in troves.iter().enumerate() {
                        outln!(term, "{}. {}", i + 1, t.describe())?;
                    }
                    outln!(
                        term,
                        "Each die adds 1 per character beyond five and subtracts 1 per character short of five, never below 0 (T2); {}.",
                        lairsmith_core::treasure::GEM_READING
                    )?;
                    outln!(term, "Seed: {seed} (--seed {seed} repeats these rolls)")?;
                }
            }
            Ok(EXIT_OK)
        }
    }
}
