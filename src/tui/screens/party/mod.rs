//! The party form (issue 34 §2, "And in the UI"): every character of the Encounter or the
//! Adventure screen's party, with a row per number the party file keeps (P11, P20) and every
//! cell typed. Enter writes a saved party's file through the executor, over the file as the
//! form read it and never over someone else's change, or sets a party written inline in the
//! encounter or adventure; either is one step of the screen's undo
//! ([`history`](crate::tui::screens::party::history)).

pub mod history;
pub mod job;
mod prompt;
pub mod view;

use crate::tui::app::{App, Screen};
use crate::tui::keymap::Action;
use crate::tui::layer::{Confirm, Layer};
use crate::tui::msg::{Cmd, Effect, Owner};
use crate::tui::widgets::text_field::TextField;
use lairsmith_core::encounter::{Member, Party, PartyRef};
use lairsmith_core::limits::Limit;
use lairsmith_core::store::Fingerprint;

pub use history::{Mark, PartyFiles, Step, history_stepped, on_outcome};
pub use prompt::{PARTY_PROMPT, party_read};

/// One number of a character as the form shows and reads it.
pub struct Number {
    /// The row's label, and the subject of its refusal: "AC is 1 to 99, not 120".
    pub label: &'static str,
    /// The member's key in a party file, as [`lairsmith_core::encounter::NumbersError::key`] names it.
    pub key: &'static str,
    pub limit: Limit,
    /// What the hint says after the range: a rule the range does not say, and what an empty
    /// cell means.
    pub note: &'static str,
    /// Shown with its sign (`+3`), as a bonus is written.
    pub signed: bool,
    pub get: fn(&Member) -> Option<i64>,
    pub set: fn(&mut Member, Option<i64>),
}

// A value is set only after its range was checked, and every range lies within its field's
// type, so the conversions below never drop a number (a test holds every range's ends).
fn to_i32(v: Option<i64>) -> Option<i32> {
    v.and_then(|n| i32::try_from(n).ok())
}
fn to_u32(v: Option<i64>) -> Option<u32> {
    v.and_then(|n| u32::try_from(n).ok())
}

use lairsmith_core::limits as l;

/// The rows of the form, in the order `party stats` prints them.
pub const NUMBERS: [Number; 15] = [
    Number {
        label: "Maximum HP",
        key: "max_hp",
        limit: l::CHARACTER_MAX_HP,
        note: "empty: not set",
        signed: false,
        get: |m| m.max_hp.map(i64::from),
        set: |m, v| m.max_hp = to_i32(v),
    },
    Number {
        label: "Current HP",
        key: "hp",
        limit: l::CHARACTER_HP,
        note: "at most the maximum; empty: at the maximum",
        signed: false,
        get: |m| m.hp.map(i64::from),
        set: |m, v| m.hp = to_i32(v),
    },
    Number {
        label: "AC",
        key: "ac",
        limit: l::CHARACTER_DEFENSE,
        note: "empty: not set",
        signed: false,
        get: |m| m.ac.map(i64::from),
        set: |m, v| m.ac = to_i32(v),
    },
    Number {
        label: "Fortitude",
        key: "fortitude",
        limit: l::CHARACTER_DEFENSE,
        note: "empty: not set",
        signed: false,
        get: |m| m.fortitude.map(i64::from),
        set: |m, v| m.fortitude = to_i32(v),
    },
    Number {
        label: "Reflex",
        key: "reflex",
        limit: l::CHARACTER_DEFENSE,
        note: "empty: not set",
        signed: false,
        get: |m| m.reflex.map(i64::from),
        set: |m, v| m.reflex = to_i32(v),
    },
    Number {
        label: "Will",
        key: "will",
        limit: l::CHARACTER_DEFENSE,
        note: "empty: not set",
        signed: false,
        get: |m| m.will.map(i64::from),
        set: |m, v| m.will = to_i32(v),
    },
    Number {
        label: "Initiative",
        key: "initiative",
        limit: l::CHARACTER_INITIATIVE,
        note: "the modifier; empty: not set",
        signed: true,
        get: |m| m.initiative.map(i64::from),
        set: |m, v| m.initiative = to_i32(v),
    },
    Number {
        label: "Saving throws",
        key: "save",
        limit: l::CHARACTER_SAVE,
        note: "the bonus; empty: +0",
        signed: true,
        get: |m| m.save.map(i64::from),
        set: |m, v| m.save = to_i32(v),
    },
    Number {
        label: "Recoveries a day",
        key: "recoveries",
        limit: l::CHARACTER_RECOVERIES,
        note: "empty: not set",
        signed: false,
        get: |m| m.recoveries.map(i64::from),
        set: |m, v| m.recoveries = to_u32(v),
    },
    Number {
        label: "Recoveries left",
        key: "recoveries_left",
        limit: l::CHARACTER_RECOVERIES,
        note: "at most those a day; empty: all of them",
        signed: false,
        get: |m| m.recoveries_left.map(i64::from),
        set: |m, v| m.recoveries_left = to_u32(v),
    },
    Number {
        label: "Recovery value",
        key: "recovery_value",
        limit: l::CHARACTER_RECOVERY_VALUE,
        note: "empty: a quarter of maximum HP",
        signed: false,
        get: |m| m.recovery_value.map(i64::from),
        set: |m, v| m.recovery_value = to_i32(v),
    },
    Number {
        label: "Action points",
        key: "action_points",
        limit: l::CHARACTER_ACTION_POINTS,
        note: "empty: 1, as after a long rest",
        signed: false,
        get: |m| m.action_points.map(i64::from),
        set: |m, v| m.action_points = to_u32(v),
    },
    Number {
        label: "Death saves failed",
        key: "death_failures",
        limit: l::CHARACTER_DEATH_FAILURES,
        note: "the third kills; empty: 0",
        signed: false,
        get: |m| m.death_failures.map(i64::from),
        set: |m, v| m.death_failures = to_u32(v),
    },
    Number {
        label: "Passive Perception",
        key: "perception",
        limit: l::CHARACTER_PASSIVE,
        note: "empty: not set",
        signed: false,
        get: |m| m.perception.map(i64::from),
        set: |m, v| m.perception = to_i32(v),
    },
    Number {
        label: "Passive Insight",
        key: "insight",
        limit: l::CHARACTER_PASSIVE,
        note: "empty: not set",
        signed: false,
        get: |m| m.insight.map(i64::from),
        set: |m, v| m.insight = to_i32(v),
    },
];

/// The longest cell: `-9999` and a little room.
const CELL_CHARS: usize = 7;

impl Number {
    /// The cell's text for `m`: empty when the member leaves the number unset.
    fn text(&self, m: &Member) -> String {
        match (self.get)(m) {
            Some(n) if self.signed => format!("{n:+}"),
            Some(n) => n.to_string(),
            None => String::new(),
        }
    }

    /// What a cell holds: `None` when it is empty, else its number, or the sentence saying its
    /// range.
    fn read(&self, text: &str) -> Result<Option<i64>, String> {
        let t = text.trim();
        if t.is_empty() {
            return Ok(None);
        }
        let shown = lairsmith_core::text::escape_controls(t);
        let range = self.limit.range_text();
        let n: i64 = t
            .parse()
            .map_err(|_| format!("{}: `{shown}` is not a whole number ({range})", self.label))?;
        if !self.limit.contains(n) {
            return Err(format!("{} is {range}, not {shown}", self.label));
        }
        Ok(Some(n))
    }
}

/// The form: the characters as read, a field per number of each, and the cell with the cursor.
#[derive(Debug, Clone, PartialEq)]
pub struct PartyForm {
    /// The screen whose party it is.
    pub owner: Owner,
    /// The saved party's id and its file's fingerprint as the form read it; `None`: the party
    /// is written in the encounter or the adventure.
    pub saved: Option<(String, Fingerprint)>,
    /// A saved party's own name, for the title.
    pub name: String,
    /// The characters as read: their names and levels, and the numbers before the form.
    pub members: Vec<Member>,
    /// `cells[character][number]`, in the order of [`NUMBERS`].
    pub cells: Vec<Vec<TextField>>,
    /// The character (column) and the number (row) with the cursor.
    pub member: usize,
    pub row: usize,
}

impl PartyForm {
    pub fn new(
        owner: Owner,
        saved: Option<(String, Fingerprint)>,
        name: String,
        members: Vec<Member>,
    ) -> PartyForm {
        let cells = members
            .iter()
            .map(|m| {
                NUMBERS
                    .iter()
                    .map(|n| TextField::new(&n.text(m)).with_max(CELL_CHARS))
                    .collect()
            })
            .collect();
        PartyForm {
            owner,
            saved,
            name,
            members,
            cells,
            member: 0,
            row: 0,
        }
    }

    /// The field typed keys go into.
    pub fn focused(&mut self) -> Option<&mut TextField> {
        let m = self.member.min(self.cells.len().saturating_sub(1));
        let r = self.row.min(NUMBERS.len() - 1);
        self.cells.get_mut(m)?.get_mut(r)
    }

    /// Whether any cell differs from what was read, so that closing would lose it.
    pub fn is_changed(&self) -> bool {
        self.members.iter().zip(&self.cells).any(|(m, cells)| {
            NUMBERS
                .iter()
                .zip(cells)
                .any(|(n, c)| c.text().trim() != n.text(m))
        })
    }

    /// The name of character `i` as the form shows it: its name, else `#N`, every control
    /// character escaped.
    pub fn label(&self, i: usize) -> String {
        match self.members.get(i).and_then(|m| m.name.as_deref()) {
            Some(name) => lairsmith_core::text::escape_controls(name).into_owned(),
            None => format!("#{}", i + 1),
        }
    }

    /// The characters with the numbers the cells give, or the cell at fault (character, number)
    /// and why.
    pub fn read(&self) -> Result<Vec<Member>, (usize, usize, String)> {
        let mut out = Vec::with_capacity(self.members.len());
        for (i, (m, cells)) in self.members.iter().zip(&self.cells).enumerate() {
            let mut m = m.clone();
            for (r, (n, c)) in NUMBERS.iter().zip(cells).enumerate() {
                let v = n
                    .read(&c.text())
                    .map_err(|e| (i, r, format!("{}: {e}.", self.label(i))))?;
                (n.set)(&mut m, v);
            }
            m.check_numbers(&self.label(i)).map_err(|e| {
                let r = NUMBERS.iter().position(|n| n.key == e.key()).unwrap_or(0);
                (i, r, format!("{e}."))
            })?;
            out.push(m);
        }
        Ok(out)
    }

    /// Tab and Shift-Tab: the next or the previous cell along the row, then on to the next or
    /// previous row, so that Tab alone visits every cell.
    fn step(&mut self, forward: bool) {
        let across = self.members.len().max(1);
        let at = self.row * across + self.member.min(across - 1);
        let last = NUMBERS.len() * across - 1;
        let to = if forward {
            (at + 1).min(last)
        } else {
            at.saturating_sub(1)
        };
        (self.row, self.member) = (to / across, to % across);
    }
}

/// The screen an owner is.
fn screen_of(owner: Owner) -> Screen {
    match owner {
        Owner::Adventure => Screen::Adventure,
        _ => Screen::Encounter,
    }
}

/// The party the owner's document names.
fn party_of(app: &App, owner: Owner) -> Option<&PartyRef> {
    match owner {
        Owner::Encounter => Some(&app.encounter.encounter.party),
        Owner::Adventure => Some(&app.adventure.adventure.party),
    }
}

/// The form's key on the owner's screen: a saved party is read from its file first (the form
/// then shows the file as it is, and its save is refused if the file changes meanwhile); an
/// inline party opens at once.
pub fn open(app: &mut App, owner: Owner) -> Vec<Effect> {
    match party_of(app, owner) {
        Some(PartyRef::Saved(id)) => {
            let id = id.clone();
            vec![Cmd::Party(job::Job::ReadNumbers { id, owner }).into()]
        }
        Some(inline) => {
            if let Some(p) = inline.inline() {
                let form = PartyForm::new(owner, None, String::new(), p.members);
                app.shell.push(Layer::PartyNumbers(form));
            }
            Vec::new()
        }
        None => Vec::new(),
    }
}

/// The form's keys (typing went to the focused cell before this).
pub fn on_key(app: &mut App, mut form: PartyForm, action: Action) -> Vec<Effect> {
    match action {
        Action::Back if form.is_changed() => {
            let q = Question::Discard(Box::new(form));
            app.shell.push(Layer::Confirm(Confirm::Party(q)));
            return Vec::new();
        }
        Action::Back => {
            app.shell.clear_error();
            return Vec::new();
        }
        Action::Choose => return chosen(app, form),
        Action::Up => form.row = form.row.saturating_sub(1),
        Action::Down => form.row = (form.row + 1).min(NUMBERS.len() - 1),
        Action::NextField => form.step(true),
        Action::PrevField => form.step(false),
        _ => {}
    }
    app.shell.push(Layer::PartyNumbers(form));
    Vec::new()
}

/// Enter: a cell that cannot be read keeps the form open on it, saying why; else the numbers go
/// to the saved party's file (the form comes back if they cannot) or into the document.
fn chosen(app: &mut App, mut form: PartyForm) -> Vec<Effect> {
    let members = match form.read() {
        Ok(members) => members,
        Err((member, row, why)) => {
            (form.member, form.row) = (member, row);
            app.shell.error(why);
            app.shell.push(Layer::PartyNumbers(form));
            return Vec::new();
        }
    };
    if members == form.members {
        app.shell
            .info("The party's numbers are as they were: nothing to save.");
        return Vec::new();
    }
    match form.saved.clone() {
        Some((id, seen)) => {
            let owner = form.owner;
            let step = Step::Form(Box::new(form));
            vec![
                Cmd::Party(job::Job::SetNumbers {
                    id,
                    owner,
                    seen,
                    members,
                    step,
                })
                .into(),
            ]
        }
        None => {
            set_inline(app, form.owner, members);
            Vec::new()
        }
    }
}

/// The numbers into a party written in the document: a change of the document like any other,
/// which its undo takes back.
fn set_inline(app: &mut App, owner: Owner, members: Vec<Member>) {
    let party = PartyRef::from_party(&Party { members });
    let what = match owner {
        Owner::Encounter => {
            app.encounter.encounter.party = party;
            "encounter"
        }
        Owner::Adventure => {
            app.adventure.adventure.party = party;
            "adventure"
        }
    };
    let undo = app.key_on(screen_of(owner), Action::Undo);
    app.shell.info(format!(
        "Set the party's numbers in the {what} ({undo} undoes)."
    ));
}

/// The form's question.
#[derive(Debug, Clone, PartialEq)]
pub enum Question {
    /// Esc with cells changed: y drops them, n or Esc goes back to the form.
    Discard(Box<PartyForm>),
}

/// The answer to the form's question; `Err` keeps asking.
pub fn on_confirm(app: &mut App, q: Question, action: Action) -> Result<Vec<Effect>, Question> {
    let Question::Discard(form) = q;
    match action {
        Action::Yes => {
            app.shell.info("The party's numbers stay as they were.");
            Ok(Vec::new())
        }
        Action::No | Action::Back => {
            app.shell.push(Layer::PartyNumbers(*form));
            Ok(Vec::new())
        }
        _ => Err(Question::Discard(form)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_range_end_goes_into_its_field_and_back_unchanged() {
        for n in &NUMBERS {
            for end in [n.limit.min, n.limit.max] {
                let mut m = Member::new(lairsmith_core::rules::Level::MIN);
                (n.set)(&mut m, Some(end));
                assert_eq!((n.get)(&m), Some(end), "{}", n.label);
                assert_eq!(n.read(&n.text(&m)), Ok(Some(end)), "{}", n.label);
            }
        }
    }

    #[test]
    fn a_number_out_of_its_range_is_refused_with_the_range() {
        let ac = NUMBERS.iter().find(|n| n.key == "ac").unwrap();
        assert_eq!(ac.read("120"), Err("AC is 1 to 99, not 120".into()));
        assert_eq!(ac.read(" "), Ok(None));
        assert!(ac.read("x\u{1b}").unwrap_err().contains("`x\\u001B`"));
    }

    #[test]
    fn every_number_a_member_holds_has_a_row() {
        // The party file's schema lists every key a member may have: what is not a name, a
        // level or XP is a number the form must show.
        let schema = lairsmith_core::schema::schema_for(lairsmith_core::schema::FileKind::Party);
        let props = schema["$defs"]["Member"]["properties"]
            .as_object()
            .unwrap_or_else(|| panic!("{schema:#}"));
        let numbers: std::collections::BTreeSet<&str> = props
            .keys()
            .map(String::as_str)
            .filter(|k| !["name", "level", "xp"].contains(k))
            .collect();
        let rows: std::collections::BTreeSet<&str> = NUMBERS.iter().map(|n| n.key).collect();
        assert_eq!(numbers, rows);
        assert_eq!(rows.len(), NUMBERS.len());
    }
}
