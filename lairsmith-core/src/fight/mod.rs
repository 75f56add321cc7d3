//! Running a fight at the table by the book (RULINGS P1-P10): a fight file made from a saved
//! encounter (`build`), what it holds (`model`), the GM's changes one step at a time (`step`),
//! the rules each step applies (`rules`), and the file in the data directory (`saved`).
//!
//! A fight is a document like the others: `<data>/fights/<id>.yaml`, written atomically after
//! every change. Its state is its start with its steps replayed, every roll seeded by the
//! fight's seed and the step's number, so undo takes back exactly one step and the same steps
//! give the same fight on any machine.

pub mod award;
pub mod build;
mod consistent;
pub mod error;
pub mod file;
pub mod layout;
pub mod model;
pub mod numbers;
pub mod players;
pub mod refused;
pub mod rules;
pub mod run;
pub mod saved;
pub mod step;
pub mod words;

pub use build::BuildError;
pub use file::{FIGHT_SCHEMA_VERSION, Fight, FightKind};
pub use model::{Combatant, FightState, Life, Overcome, Side, UntilError};
pub use step::{Step, StepError};
pub use words::WordError;

impl Fight {
    /// The state of `start` with `steps` replayed, or the first step that no longer applies
    /// (its number from 1, and why). Each log line is stamped with the step that wrote it.
    pub fn replay(
        start: &FightState,
        steps: &[Step],
        seed: u64,
    ) -> Result<FightState, (usize, String)> {
        let mut s = start.clone();
        for (i, step) in steps.iter().enumerate() {
            let mut dice = rules::Dice::for_step(seed, i + 1);
            let before = s.log.len();
            // A step that fails ends the replay and its state is thrown away, so the steps
            // apply in place: a copy a step would cost as much as the whole fight.
            step::apply_in_place(&mut s, step, &mut dice).map_err(|e| (i + 1, e.to_string()))?;
            stamp(&mut s, before, i + 1);
        }
        Ok(s)
    }

    /// Applies one more step: `now` changes and the step is kept, or nothing changes and the
    /// sentence says why.
    pub fn push(&mut self, step: Step) -> Result<(), step::StepError> {
        let most = crate::limits::FIGHT_STEPS.max;
        let before_end = most - crate::limits::FIGHT_END_STEPS;
        let ends = matches!(step, Step::End { .. });
        if self.steps.len() >= most || (!ends && self.steps.len() >= before_end) {
            return Err(step::StepError::Full {
                steps: self.steps.len(),
                most,
            });
        }
        let n = self.steps.len() + 1;
        let mut dice = rules::Dice::for_step(self.seed, n);
        let before = self.now.log.len();
        step::apply(&mut self.now, &step, &mut dice)?;
        stamp(&mut self.now, before, n);
        self.steps.push(step);
        Ok(())
    }

    /// Takes back the last step: the state is the start with the others replayed. `None` when
    /// there is nothing to undo.
    pub fn undo(&mut self) -> Option<Step> {
        if !self.awarded.is_empty() || self.awarding.is_some() {
            // The XP is in the party's file: taking the end back would leave it there.
            return None;
        }
        let last = self.steps.pop()?;
        match Fight::replay(&self.start, &self.steps, self.seed) {
            Ok(s) => self.now = s,
            Err(_) => {
                // Every kept step applied once already; a replay that fails means the file was
                // edited by hand: keep the file as it was.
                self.steps.push(last);
                return None;
            }
        }
        Some(last)
    }

    /// The combatants in the order they act (P1).
    pub fn order(&self) -> Vec<&Combatant> {
        rules::p1_order(&self.now)
            .into_iter()
            .map(|i| &self.now.combatants[i])
            .collect()
    }
}

/// Marks the log lines from `from` on as written by step `n`.
fn stamp(s: &mut FightState, from: usize, n: usize) {
    let n = u32::try_from(n).unwrap_or(u32::MAX);
    for l in &mut s.log[from..] {
        l.step = n;
    }
}
