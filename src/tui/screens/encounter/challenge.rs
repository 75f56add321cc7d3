//! The extended challenge form (A2): name, level, successes, failures and skills, every row
//! typed. Enter adds the challenge to the roster, or changes the one being edited; undo takes
//! either back like any other roster edit.

use crate::tui::app::App;
use crate::tui::keymap::Action;
use crate::tui::theme;
use crate::tui::widgets::text_field::TextField;
use lairsmith_core::encounter::challenge::{
    Challenge, ChallengeSkill, DEFAULT_FAILURES, parse_count, parse_level,
};
use lairsmith_core::encounter::{Group, System};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

/// The rows of the form, in order.
pub const ROWS: [&str; 5] = ["Name", "Level", "Successes", "Failures", "Skills"];
const NAME: usize = 0;
const LEVEL: usize = 1;
const SUCCESSES: usize = 2;
const FAILURES: usize = 3;
const SKILLS: usize = 4;
/// The longest skills line: every one of the seventeen skills at its longest DC word.
const MAX_SKILLS_CHARS: usize = 400;

/// The form's fields, the row with the cursor, and the group being edited (`None`: a new
/// challenge).
#[derive(Debug, Clone, PartialEq)]
pub struct ChallengeForm {
    pub fields: [TextField; 5],
    pub row: usize,
    pub editing: Option<usize>,
}

impl ChallengeForm {
    /// An empty form: the level left to the party's, the book's three failures.
    pub fn new() -> ChallengeForm {
        ChallengeForm::filled("", "", "", &DEFAULT_FAILURES.to_string(), "", None)
    }

    /// The form for the challenge of group `i`.
    pub fn editing(c: &Challenge, i: usize) -> ChallengeForm {
        ChallengeForm::filled(
            &c.name,
            &c.level.map(|l| l.to_string()).unwrap_or_default(),
            &c.successes.to_string(),
            &c.failures.to_string(),
            &c.skills_spec(),
            Some(i),
        )
    }

    fn filled(
        name: &str,
        level: &str,
        successes: &str,
        failures: &str,
        skills: &str,
        editing: Option<usize>,
    ) -> ChallengeForm {
        let short = |s: &str| TextField::new(s).with_max(8);
        ChallengeForm {
            fields: [
                TextField::new(name).with_max(lairsmith_core::text::MAX_NAME_CHARS),
                short(level),
                short(successes),
                short(failures),
                TextField::new(skills).with_max(MAX_SKILLS_CHARS),
            ],
            row: 0,
            editing,
        }
    }

    /// The field typed keys go into: every row has one.
    pub fn focused(&mut self) -> &mut TextField {
        let row = self.row.min(ROWS.len() - 1);
        &mut self.fields[row]
    }

    /// The challenge the form describes, or the row at fault and why.
    pub fn challenge(&self) -> Result<Challenge, (usize, String)> {
        let text = |i: usize| self.fields[i].text();
        let name = text(NAME).trim().to_owned();
        if name.is_empty() {
            return Err((NAME, "A challenge needs a name.".into()));
        }
        lairsmith_core::text::check_name("the challenge's name", &name)
            .map_err(|e| (NAME, e.to_string()))?;
        let level = parse_level(&text(LEVEL)).map_err(|e| (LEVEL, e.to_string()))?;
        if text(SUCCESSES).trim().is_empty() {
            return Err((
                SUCCESSES,
                "How many successes does the challenge need? (1 to 20)".into(),
            ));
        }
        let successes =
            parse_count("successes", &text(SUCCESSES)).map_err(|e| (SUCCESSES, e.to_string()))?;
        let mut c =
            Challenge::new(&name, level, successes).map_err(|e| (SUCCESSES, e.to_string()))?;
        if !text(FAILURES).trim().is_empty() {
            c.failures =
                parse_count("failures", &text(FAILURES)).map_err(|e| (FAILURES, e.to_string()))?;
        }
        c.skills =
            ChallengeSkill::parse_list(&text(SKILLS)).map_err(|e| (SKILLS, e.to_string()))?;
        Ok(c)
    }
}

impl Default for ChallengeForm {
    fn default() -> Self {
        ChallengeForm::new()
    }
}

/// Opens the form for a new challenge; a 3rd-edition encounter says why it has none.
pub fn open(app: &mut App) {
    if app.encounter.encounter.system == System::D20e3 {
        app.shell
            .info("Extended challenges are an Orcus rule; this is a d20 3rd-edition encounter.");
        return;
    }
    app.shell
        .push(super::dialog::Dialog::Challenge(ChallengeForm::new()).into());
}

/// The form's keys (typing went to the focused row before this).
pub fn on_key(app: &mut App, mut form: ChallengeForm, action: Action) {
    match action {
        Action::Back => return,
        Action::Choose => match form.challenge() {
            Ok(c) => match apply(app, c, form.editing) {
                Ok(()) => return,
                Err(e) => {
                    form.row = NAME;
                    app.shell.error(e);
                }
            },
            Err((row, e)) => {
                form.row = row;
                app.shell.error(e);
            }
        },
        Action::Up | Action::PrevField => form.row = form.row.saturating_sub(1),
        Action::Down | Action::NextField => form.row = (form.row + 1).min(ROWS.len() - 1),
        _ => {}
    }
    app.shell
        .push(super::dialog::Dialog::Challenge(form).into());
}

/// Adds the challenge, or puts it in place of group `editing`'s; a name another challenge has
/// is refused, as `encounter remove` finds a challenge by its name.
fn apply(app: &mut App, c: Challenge, editing: Option<usize>) -> Result<(), String> {
    let undo = app.key_on(crate::tui::app::Screen::Encounter, Action::Undo);
    let s = &mut app.encounter;
    let what = format!("{} ({})", c.name, c.checks());
    match editing {
        Some(i)
            if s.encounter
                .groups
                .get(i)
                .is_some_and(|g| g.challenge.is_some()) =>
        {
            let taken =
                s.encounter.groups.iter().enumerate().any(|(j, g)| {
                    j != i && g.challenge.as_ref().is_some_and(|x| x.is_named(&c.name))
                });
            if taken {
                return Err(format!(
                    "The encounter already has a challenge named `{}`; give this one another name.",
                    c.name
                ));
            }
            let g = &mut s.encounter.groups[i];
            let old = g.key();
            g.challenge = Some(c);
            let new = g.key();
            for k in s.locked.iter_mut().filter(|k| **k == old) {
                k.clone_from(&new);
            }
            s.cursor = i;
            app.shell
                .info(format!("Changed the challenge {what}; {undo} undoes."));
        }
        _ => {
            s.encounter.add(Group::challenge(c))?;
            s.cursor = s.encounter.groups.len().saturating_sub(1);
            app.shell
                .info(format!("Added the challenge {what}; {undo} undoes."));
        }
    }
    Ok(())
}

/// The form over the screen, with what an empty level means and how skills are written.
pub fn view(form: &ChallengeForm, party_level: i32, f: &mut Frame, area: Rect) {
    let r = crate::tui::widgets::popup(area, 76, 13);
    f.render_widget(Clear, r);
    let value_w = usize::from(r.width.saturating_sub(2 + 11));
    let mut lines: Vec<Line> = Vec::new();
    let mut cursor = (0, 0);
    for (i, label) in ROWS.iter().enumerate() {
        let field = &form.fields[i];
        let (vis, c) = field.visible(value_w);
        if i == form.row {
            cursor = (c, i);
        }
        let mut row = super::view::form_row(label, &vis, i == form.row);
        if field.is_empty() {
            let hint = match i {
                LEVEL => format!("empty: the party level ({})", party_level.clamp(1, 30)),
                SKILLS => "athletics:moderate, acrobatics:easy".to_owned(),
                _ => String::new(),
            };
            row.spans.push(Span::styled(hint, theme::dim()));
        }
        lines.push(row);
    }
    lines.push(Line::default());
    lines.push(Line::from(Span::styled(
        "DCs: easy, moderate or hard at the challenge's level (Table – Recommended Difficulty Classes by Level).",
        theme::dim(),
    )));
    lines.push(Line::from(Span::styled(
        "XP, lairsmith's own reading (A2): alone, one Standard monster of its level per character; with monsters, it replaces one (4 successes or fewer) or two.",
        theme::dim(),
    )));
    let title = if form.editing.is_some() {
        " Edit the extended challenge "
    } else {
        " Add an extended challenge "
    };
    let text = crate::tui::widgets::wrap::hanging(lines, usize::from(r.width.saturating_sub(2)));
    f.render_widget(
        Paragraph::new(text).block(crate::tui::widgets::dialog(title)),
        r,
    );
    let (c, row) = cursor;
    f.set_cursor_position((r.x + 1 + 10 + c as u16, r.y + 1 + row as u16));
}
