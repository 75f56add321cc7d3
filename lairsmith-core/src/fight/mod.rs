//! Running a fight at the table by the book (RULINGS P1-P10): a fight file made from a saved
//! encounter (`build`), what it holds (`model`), the GM's changes one step at a time (`step`),
//! the rules each step applies (`rules`), and the file in the data directory (`saved`).
//!
//! A fight is a document like the others: `<data>/fights/<id>.yaml`, written atomically after
//! every change. Its state is its start with its steps replayed, every roll seeded by the
//! fight's seed and the step's number, so undo takes back exactly one step and the same steps
//! give the same fight on any machine.

pub(crate) mod award;
pub mod build;
mod consistent;
pub mod error;
pub mod file;
pub mod history;
pub mod layout;
pub mod model;
pub(crate) mod numbers;
pub mod players;
pub mod refused;
pub mod rules;
pub mod run;
pub mod saved;
pub mod step;
pub mod words;

pub use build::BuildError;
pub use file::{FIGHT_SCHEMA_VERSION, Fight, FightKind};
pub use model::{Combatant, FightState, Life, LogLine, Overcome, Side, UntilError};
pub use refused::FightError;
pub use step::{Step, StepError};
pub use words::WordError;

impl Fight {
    /// The state of `start` with `steps` replayed, or the first step that no longer applies
    /// (its number from 1, and why). Each log line is stamped with the step that wrote it.
    pub(crate) fn replay<'a>(
        start: &FightState,
        steps: impl IntoIterator<Item = &'a Step>,
        seed: u64,
    ) -> Result<FightState, (usize, String)> {
        let mut s = start.clone();
        for (i, step) in steps.into_iter().enumerate() {
            let mut dice = rules::Dice::for_step(seed, i + 1);
            let before = s.log.len();
            // A step that fails ends the replay and its state is thrown away, so the steps
            // apply in place: a copy a step would cost as much as the whole fight.
            step::apply_in_place(&mut s, step, &mut dice).map_err(|e| (i + 1, e.to_string()))?;
            stamp(&mut s.log[before..], i + 1);
        }
        Ok(s)
    }

    /// Makes the state now again from the start and the steps, and each step's log lines with
    /// it (a file changed by hand, an undo). The first step that no longer applies, if one
    /// does not, and the fight is unchanged.
    pub(crate) fn rebuild(&mut self) -> Result<(), (usize, String)> {
        self.history
            .parse_all()
            .map_err(|u| (u.step, format!("it cannot be read: {}", u.why)))?;
        let mut now = Fight::replay(
            &self.start,
            self.history.parsed().iter().map(|r| &r.step),
            self.seed,
        )?;
        let log = std::mem::take(&mut now.log);
        let mut at = log.partition_point(|l| l.step == 0);
        for (i, r) in self.history.parsed_mut().iter_mut().enumerate() {
            let n = u32::try_from(i + 1).unwrap_or(u32::MAX);
            let from = at;
            while at < log.len() && log[at].step == n {
                at += 1;
            }
            r.log = log[from..at].to_vec();
        }
        self.now = now;
        Ok(())
    }

    /// Applies one more step: `now` changes and the step is kept with the log lines it wrote,
    /// which are returned; or nothing changes and the sentence says why.
    pub fn push(&mut self, step: Step) -> Result<Vec<LogLine>, step::StepError> {
        let most = crate::limits::FIGHT_STEPS.max;
        let before_end = most - crate::limits::FIGHT_END_STEPS;
        let ends = matches!(step, Step::End { .. });
        let taken = self.history.len();
        if taken >= most || (!ends && taken >= before_end) {
            return Err(step::StepError::Full { steps: taken, most });
        }
        // P13: the table's words of a new attack, each once (a file's steps replay as taken).
        if let Step::Attack { mods, .. } = &step {
            rules::p13_table_words(mods).map_err(step::StepError::Refused)?;
        }
        // P13, Help Attack and Help Defense (L1393-1399): one creature helps another against a
        // third (a file's steps replay as taken).
        if let Step::Help {
            who, ally, against, ..
        } = &step
            && (who == ally || who == against || ally == against)
        {
            return Err(step::StepError::Refused(format!(
                "Help is given by one creature to an ally against a foe, three different creatures; not {who}, {ally} and {against} (P13)"
            )));
        }
        let n = taken + 1;
        let mut dice = rules::Dice::for_step(self.seed, n);
        self.now.log.clear();
        step::apply(&mut self.now, &step, &mut dice)?;
        let mut lines = std::mem::take(&mut self.now.log);
        stamp(&mut lines, n);
        self.history.push(history::Record {
            step,
            log: lines.clone(),
        });
        Ok(lines)
    }

    /// What the players' d20s that `step` takes are for, in the order it takes them ("Ana's
    /// saving throw against dazed", "Bo's death saving throw"), so that a front end can ask the
    /// players for them before it makes the step ("Whose dice"). Found by trying the step on a
    /// copy with lairsmith's dice: a die that only a roll's outcome calls for may be asked for
    /// or not, and the step then rolls it or refuses the roll left over, as for a script.
    pub fn players_dice(&self, step: &Step) -> Vec<String> {
        let mut now = self.now.clone_without_log();
        let mut dice = rules::Dice::for_step(self.seed, self.history.len() + 1);
        // A step that is refused asks for nothing; the refusal is said when it is made.
        let _ = step::apply_in_place(&mut now, step, &mut dice);
        dice.asked().to_vec()
    }

    /// Takes back the last step: the state is the start with the others replayed. `None` when
    /// there is nothing to undo, the XP is written, or the steps no longer replay (a file
    /// edited by hand: it is kept as it was).
    pub fn undo(&mut self) -> Option<Step> {
        if !self.awarded.is_empty() || self.awarding.is_some() {
            // The XP is in the party's file: taking the end back would leave it there.
            return None;
        }
        let before = self.clone();
        let last = self.history.pop().ok().flatten()?;
        if self.rebuild().is_err() {
            *self = before;
            return None;
        }
        Some(last.step)
    }

    /// The whole log: the start's lines and each step's, the steps read from the file parsed
    /// on the way.
    pub fn log(&self) -> Result<Vec<LogLine>, history::Unreadable> {
        let mut out = self.start.log.clone();
        for (i, r) in self.history.all()?.iter().enumerate() {
            let n = u32::try_from(i + 1).unwrap_or(u32::MAX);
            out.extend(r.log.iter().cloned().map(|mut l| {
                l.step = n;
                l
            }));
        }
        Ok(out)
    }

    /// The last `n` lines of the log, parsing only the steps that hold them.
    pub fn log_tail(&self, n: usize) -> Result<Vec<LogLine>, history::Unreadable> {
        let mut out = self.history.log_tail(n)?;
        if out.len() < n {
            let want = n - out.len();
            let start = &self.start.log;
            let mut head: Vec<LogLine> = start[start.len().saturating_sub(want)..].to_vec();
            head.append(&mut out);
            out = head;
        }
        Ok(out)
    }

    /// The log lines parsed so far, oldest first, without copying them: the start's and those
    /// of every parsed step (every step, once [`history::History::parse_all`] has run, as a
    /// front end that shows the whole log does when it reads a fight).
    pub fn parsed_log(&self) -> impl DoubleEndedIterator<Item = &LogLine> + '_ {
        self.start
            .log
            .iter()
            .chain(self.history.parsed().iter().flat_map(|r| r.log.iter()))
    }

    /// The steps, parsed (an export, a test).
    pub fn steps(&self) -> Result<Vec<Step>, history::Unreadable> {
        Ok(self
            .history
            .all()?
            .into_iter()
            .map(|r| r.step.clone())
            .collect())
    }

    /// The combatants in the order they act (P1).
    pub fn order(&self) -> Vec<&Combatant> {
        rules::p1_order(&self.now)
            .into_iter()
            .map(|i| &self.now.combatants[i])
            .collect()
    }
}

/// Marks `lines` as written by step `n`.
fn stamp(lines: &mut [LogLine], n: usize) {
    let n = u32::try_from(n).unwrap_or(u32::MAX);
    for l in lines {
        l.step = n;
    }
}
