//! The Forge: a wizard from level to powers, with the stat block re-derived on every change.
//! Every choice lives in the design itself, so going back never loses one.

use crate::bestiary::{Provenance, naming};
use crate::monster::kit::Templates;
use crate::monster::lint::{Finding, Severity, lint};
use crate::monster::{Classification, MonsterDesign, StatBlock, derive, slugify};
use crate::rules::grants::{describe_grants, source_grants, tag_grants};
use crate::rules::role::LEADER_SUMMARY;
use crate::rules::{CreatureType, Level, Rank, Role, Size, Source, Tag};
use crate::store::{Expect, Fingerprint, path_in};
use crate::tui::app::{App, Cmd, Screen, WritePurpose};
use crate::tui::keymap::{self, Action, Ctx};
use crate::tui::screens::forge_fields::{
    Detail, Kind, PowerField, blank_power, details, power_fields,
};
use crate::tui::theme;
use crate::tui::widgets::statblock;
use crate::tui::widgets::text_field::TextField;
use crate::vocab::Vocabulary;
use fuzzy_matcher::FuzzyMatcher;
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Level,
    Rank,
    Role,
    Size,
    Source,
    Type,
    Tags,
    Details,
    Powers,
    Review,
}

pub const STEPS: [Step; 10] = [
    Step::Level,
    Step::Rank,
    Step::Role,
    Step::Size,
    Step::Source,
    Step::Type,
    Step::Tags,
    Step::Details,
    Step::Powers,
    Step::Review,
];

impl Step {
    pub fn title(self) -> &'static str {
        match self {
            Step::Level => "Level",
            Step::Rank => "Rank",
            Step::Role => "Role",
            Step::Size => "Size",
            Step::Source => "Source",
            Step::Type => "Type",
            Step::Tags => "Tags",
            Step::Details => "Details",
            Step::Powers => "Powers",
            Step::Review => "Review",
        }
    }
    fn index(self) -> usize {
        STEPS.iter().position(|s| *s == self).unwrap_or(0)
    }
    fn is_list(self) -> bool {
        matches!(
            self,
            Step::Level
                | Step::Rank
                | Step::Role
                | Step::Size
                | Step::Source
                | Step::Type
                | Step::Tags
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    Editor,
    Preview,
}

/// Where a save goes.
#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    /// Not saved yet: the id comes from the name at the first save.
    New,
    /// One of the user's files, as it was when loaded or last saved.
    Existing {
        path: PathBuf,
        fingerprint: Fingerprint,
    },
}

/// The "add from templates" picker.
#[derive(Debug, Clone, PartialEq)]
pub struct Picker {
    pub query: TextField,
    pub cursor: usize,
}

pub struct Forge {
    pub design: MonsterDesign,
    pub block: StatBlock,
    pub findings: Vec<Finding>,
    pub target: Target,
    /// The design as last saved or loaded: unsaved changes are differences from it.
    pub baseline: MonsterDesign,
    /// The powers were edited by hand: classification changes no longer swap in a new kit.
    pub powers_custom: bool,
    pub step: Step,
    pub focus: Focus,
    /// The highlighted option of a list step (one per step, so going back finds it again).
    pub cursors: [usize; 10],
    pub power_cursor: usize,
    pub power_form: Option<usize>,
    pub form_row: usize,
    pub editing: Option<TextField>,
    pub picker: Option<Picker>,
    pub preview_scroll: u16,
    /// Digits typed on the Level step.
    pub typed: String,
    /// Where the monster was copied from, when it is a copy of a shipped one.
    pub copy_of: Option<String>,
}

impl Forge {
    pub fn new_monster() -> Forge {
        let c = Classification {
            level: Level::new(1).expect("1 is a level"),
            rank: Rank::Standard,
            role: Role::Wrecker,
            leader: false,
            size: Size::Medium,
            source: Source::Natural,
            creature_type: CreatureType::Humanoid,
            tags: Vec::new(),
        };
        let mut d = MonsterDesign::new("New Monster", c.clone());
        d.powers = Templates::embedded().default_powers(&c);
        Forge::with(d, Target::New, false)
    }

    pub fn with(design: MonsterDesign, target: Target, powers_custom: bool) -> Forge {
        let mut f = Forge {
            block: derive(&design),
            findings: Vec::new(),
            baseline: design.clone(),
            design,
            target,
            powers_custom,
            step: Step::Level,
            focus: Focus::Editor,
            cursors: [0; 10],
            power_cursor: 0,
            power_form: None,
            form_row: 0,
            editing: None,
            picker: None,
            preview_scroll: 0,
            typed: String::new(),
            copy_of: None,
        };
        f.rederive();
        f.sync_cursor();
        f
    }

    pub fn is_dirty(&self) -> bool {
        self.design != self.baseline
    }

    pub fn rederive(&mut self) {
        self.block = derive(&self.design);
        self.findings = lint(&self.design, &self.block, None);
    }

    /// Re-derives after a change, swapping in the new default kit while the powers are untouched.
    fn changed(&mut self, classification_before: Option<Classification>) {
        if let Some(before) = classification_before {
            let after = self.design.classification();
            if before != after && !self.powers_custom {
                self.design.powers = Templates::embedded().default_powers(&after);
            }
        }
        if self.target == Target::New && self.copy_of.is_none() {
            self.design.id = slugify(&self.design.name);
        }
        self.rederive();
    }

    /// Puts a list step's cursor on its current value.
    fn sync_cursor(&mut self) {
        let d = &self.design;
        let i = match self.step {
            Step::Level => d.level.index(),
            Step::Rank => pos(Rank::ALL, d.rank),
            Step::Role => pos(Role::ALL, d.role),
            Step::Size => pos(Size::ALL, d.size),
            Step::Source => pos(Source::ALL, d.source),
            Step::Type => pos(CreatureType::ALL, d.creature_type),
            _ => return,
        };
        if self.step != Step::Tags {
            self.cursors[self.step.index()] = i;
        }
    }

    fn cursor(&self) -> usize {
        self.cursors[self.step.index()]
    }

    fn set_cursor(&mut self, v: usize) {
        self.cursors[self.step.index()] = v;
    }

    fn option_count(&self) -> usize {
        match self.step {
            Step::Level => 30,
            Step::Rank => Rank::ALL.len(),
            Step::Role => Role::ALL.len() + 1,
            Step::Size => Size::ALL.len(),
            Step::Source => Source::ALL.len(),
            Step::Type => CreatureType::ALL.len(),
            Step::Tags => Tag::ALL.len(),
            Step::Details => details().len(),
            Step::Powers => match self.power_form {
                Some(i) => self
                    .design
                    .powers
                    .get(i)
                    .map_or(0, |p| power_fields(p).len()),
                None => self.design.powers.len(),
            },
            Step::Review => 0,
        }
    }

    pub fn go_to(&mut self, step: Step) {
        self.step = step;
        self.form_row = 0;
        self.power_form = None;
        self.typed.clear();
        self.sync_cursor();
    }

    fn next_step(&mut self) {
        let i = (self.step.index() + 1).min(STEPS.len() - 1);
        self.go_to(STEPS[i]);
    }

    fn prev_step(&mut self) {
        let i = self.step.index().saturating_sub(1);
        self.go_to(STEPS[i]);
    }

    pub fn contexts(&self) -> Vec<Ctx> {
        if self.editing.is_some() {
            return vec![Ctx::Text];
        }
        if self.picker.is_some() {
            return vec![Ctx::Dialog];
        }
        if self.focus == Focus::Preview {
            return vec![Ctx::Forge, Ctx::Global];
        }
        match self.step {
            s if s.is_list() => vec![Ctx::ForgeList, Ctx::Forge, Ctx::Global],
            Step::Details => vec![Ctx::ForgeForm, Ctx::Forge, Ctx::Global],
            Step::Powers if self.power_form.is_some() => {
                vec![Ctx::ForgeForm, Ctx::Forge, Ctx::Global]
            }
            Step::Powers => vec![Ctx::Powers, Ctx::Forge, Ctx::Global],
            _ => vec![Ctx::Forge, Ctx::Global],
        }
    }

    /// The form row under the cursor: a details field or a power field.
    fn current_field(&self) -> Option<Field> {
        match (self.step, self.power_form) {
            (Step::Details, _) => details().get(self.form_row).copied().map(Field::Detail),
            (Step::Powers, Some(i)) => {
                let p = self.design.powers.get(i)?;
                power_fields(p)
                    .get(self.form_row)
                    .copied()
                    .map(|f| Field::Power(i, f))
            }
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum Field {
    Detail(Detail),
    Power(usize, PowerField),
}

fn pos<T: PartialEq>(all: &[T], v: T) -> usize {
    all.iter().position(|x| *x == v).unwrap_or(0)
}

/// Opens a monster from the bestiary in the Forge. A shipped monster opens as the user's copy.
pub fn open_for_edit(app: &mut App, id: &str) {
    let Some(e) = app.bestiary.get(id) else {
        app.error(format!("no monster has the id `{id}`"));
        return;
    };
    let (target, msg) = match (e.provenance, e.fingerprint) {
        (Provenance::User, Some(fp)) => (
            Target::Existing {
                path: e.path.clone(),
                fingerprint: fp,
            },
            format!(
                "Editing {}. Ctrl-S saves to {}.",
                e.design.name,
                e.path.display()
            ),
        ),
        _ => (
            Target::New,
            format!(
                "{} is shipped and read-only: you are editing your own copy; Ctrl-S saves it to your bestiary.",
                e.design.name
            ),
        ),
    };
    let shipped = e.is_shipped();
    let mut forge = Forge::with(e.design.clone(), target, true);
    if shipped {
        forge.copy_of = Some(e.design.id.clone());
    }
    app.forge = forge;
    app.screen = Screen::Forge;
    app.info(msg);
}

/// Builds the save command for the design in the Forge.
pub fn save(app: &mut App) -> Vec<Cmd> {
    let f = &mut app.forge;
    if f.design.name.trim().is_empty() {
        app.error("Give the monster a name before saving (Details step).");
        return Vec::new();
    }
    let (path, expect) = match &f.target {
        Target::Existing { path, fingerprint } => (path.clone(), Expect::Unchanged(*fingerprint)),
        Target::New => {
            naming::assign_forge_identity(&app.bestiary, &mut f.design, f.copy_of.is_some());
            match path_in(&app.paths.bestiary, &f.design.id, "yaml") {
                Ok(p) => (p, Expect::New),
                Err(e) => {
                    app.error(e);
                    return Vec::new();
                }
            }
        }
    };
    vec![Cmd::Write {
        path,
        contents: crate::yaml_io::to_string(&f.design),
        expect,
        purpose: WritePurpose::Monster {
            design: Box::new(f.design.clone()),
            from_forge: true,
        },
    }]
}

pub fn on_key(app: &mut App, ev: &KeyEvent) -> Option<Vec<Cmd>> {
    let save_key = ev.code == KeyCode::Char('s') && ev.modifiers.contains(KeyModifiers::CONTROL);
    if app.forge.editing.is_some() {
        if save_key {
            if commit_edit(app) {
                return Some(save(app));
            }
            return Some(Vec::new());
        }
        match keymap::lookup(&[Ctx::Text], ev) {
            Some(Action::Choose) => {
                commit_edit(app);
            }
            Some(Action::Back) => {
                app.forge.editing = None;
                app.status = None;
            }
            _ => {
                if let Some(t) = app.forge.editing.as_mut() {
                    t.handle(ev);
                }
            }
        }
        return Some(Vec::new());
    }
    if app.forge.picker.is_some() {
        picker_key(app, ev);
        return Some(Vec::new());
    }
    let ctxs = app.forge.contexts();
    let action = keymap::lookup(&ctxs, ev);
    // Digits on the Level step jump to a level.
    if app.forge.step == Step::Level
        && app.forge.focus == Focus::Editor
        && let KeyCode::Char(c @ '0'..='9') = ev.code
    {
        {
            let f = &mut app.forge;
            f.typed.push(c);
            if f.typed.len() > 2 {
                f.typed = c.to_string();
            }
            if let Ok(n) = f.typed.parse::<usize>()
                && (1..=30).contains(&n)
            {
                f.set_cursor(n - 1);
                apply_option(app, false);
            }
            return Some(Vec::new());
        }
    }
    let action = action?;
    let f = &mut app.forge;
    match action {
        Action::Save => return Some(save(app)),
        Action::NextPane | Action::PrevPane => {
            f.focus = if f.focus == Focus::Editor {
                Focus::Preview
            } else {
                Focus::Editor
            };
        }
        Action::NextStep => f.next_step(),
        Action::PrevStep => f.prev_step(),
        Action::Back => {
            if f.power_form.is_some() {
                f.power_form = None;
                f.form_row = 0;
            } else {
                f.prev_step();
            }
        }
        Action::Up
        | Action::Down
        | Action::PageUp
        | Action::PageDown
        | Action::Home
        | Action::End
            if f.focus == Focus::Preview =>
        {
            let s = f.preview_scroll;
            f.preview_scroll = match action {
                Action::Up => s.saturating_sub(1),
                Action::Down => s.saturating_add(1),
                Action::PageUp => s.saturating_sub(10),
                Action::PageDown => s.saturating_add(10),
                Action::Home => 0,
                _ => s.saturating_add(500),
            };
        }
        Action::Up | Action::Down | Action::Home | Action::End => {
            let n = f.option_count();
            if n > 0 {
                let cur = match (f.step, f.power_form) {
                    (Step::Details, _) | (Step::Powers, Some(_)) => f.form_row,
                    (Step::Powers, None) => f.power_cursor,
                    _ => f.cursor(),
                };
                let next = match action {
                    Action::Up => cur.saturating_sub(1),
                    Action::Down => (cur + 1).min(n - 1),
                    Action::Home => 0,
                    _ => n - 1,
                };
                match (f.step, f.power_form) {
                    (Step::Details, _) | (Step::Powers, Some(_)) => f.form_row = next,
                    (Step::Powers, None) => f.power_cursor = next,
                    _ => f.set_cursor(next),
                }
            }
        }
        Action::Left | Action::Right => {
            let fwd = action == Action::Right;
            match f.current_field() {
                Some(field) => cycle_field(app, field, fwd),
                None if f.step.is_list() || f.step == Step::Review || f.step == Step::Powers => {
                    if fwd {
                        f.next_step()
                    } else {
                        f.prev_step()
                    }
                }
                None => {}
            }
        }
        Action::Choose => match f.step {
            s if s.is_list() => {
                if s == Step::Tags || (s == Step::Role && f.cursor() == Role::ALL.len()) {
                    f.next_step();
                } else {
                    apply_option(app, true);
                }
            }
            Step::Details | Step::Powers if f.power_form.is_some() || f.step == Step::Details => {
                if let Some(field) = f.current_field() {
                    activate_field(app, field);
                }
            }
            _ => {}
        },
        Action::Toggle => match f.step {
            Step::Tags | Step::Role => apply_option(app, false),
            _ => {
                if let Some(field) = f.current_field() {
                    match field_kind(field) {
                        Kind::Text => activate_field(app, field),
                        _ => cycle_field(app, field, true),
                    }
                }
            }
        },
        Action::AddPower => {
            f.picker = Some(Picker {
                query: TextField::default().with_max(crate::text::MAX_NAME_CHARS),
                cursor: 0,
            })
        }
        Action::NewPower => {
            let n = f.design.powers.len() + 1;
            f.design.powers.push(blank_power(n));
            f.powers_custom = true;
            f.power_cursor = f.design.powers.len() - 1;
            f.power_form = Some(f.power_cursor);
            f.form_row = 0;
            f.changed(None);
        }
        Action::Edit if f.step == Step::Powers && f.power_form.is_none() => {
            if f.power_cursor < f.design.powers.len() {
                f.power_form = Some(f.power_cursor);
                f.form_row = 0;
            }
        }
        Action::Delete if f.step == Step::Powers && f.power_form.is_none() => {
            if f.power_cursor < f.design.powers.len() {
                let p = f.design.powers.remove(f.power_cursor);
                f.powers_custom = true;
                f.power_cursor = f.power_cursor.min(f.design.powers.len().saturating_sub(1));
                f.changed(None);
                app.info(format!("Removed {}.", p.name));
            }
        }
        Action::MoveUp | Action::MoveDown if f.step == Step::Powers && f.power_form.is_none() => {
            let i = f.power_cursor;
            let j = if action == Action::MoveUp {
                i.checked_sub(1)
            } else {
                Some(i + 1)
            };
            if let Some(j) = j.filter(|j| *j < f.design.powers.len()) {
                f.design.powers.swap(i, j);
                f.power_cursor = j;
                f.powers_custom = true;
                f.changed(None);
            }
        }
        _ => return None,
    }
    Some(Vec::new())
}

fn field_kind(field: Field) -> Kind {
    match field {
        Field::Detail(d) => d.kind(),
        Field::Power(_, p) => p.kind(),
    }
}

fn activate_field(app: &mut App, field: Field) {
    let f = &mut app.forge;
    match field_kind(field) {
        Kind::Text => {
            let value = match field {
                Field::Detail(d) => d.value(&f.design),
                Field::Power(i, p) => p.value(&f.design.powers[i], &f.design),
            };
            let field_text = TextField::new(&value);
            f.editing = Some(match field {
                Field::Detail(crate::tui::screens::forge_fields::Detail::Name) => {
                    field_text.with_max(crate::text::MAX_NAME_CHARS)
                }
                _ => field_text,
            });
            let hint = match field {
                Field::Detail(d) => d.hint(),
                Field::Power(_, p) => p.hint(),
            };
            if !hint.is_empty() {
                app.info(hint);
            }
        }
        Kind::Toggle => {
            if let Field::Power(i, p) = field {
                p.toggle(&mut f.design.powers[i]);
                f.powers_custom = true;
                f.changed(None);
            }
        }
        Kind::Cycle => cycle_field(app, field, true),
    }
}

fn cycle_field(app: &mut App, field: Field, forward: bool) {
    let f = &mut app.forge;
    match field {
        Field::Detail(d) => {
            d.cycle(&mut f.design, forward);
        }
        Field::Power(i, p) => {
            if p.kind() == Kind::Toggle {
                p.toggle(&mut f.design.powers[i]);
            } else {
                p.cycle(&mut f.design.powers[i], forward);
            }
            f.powers_custom = true;
        }
    }
    f.changed(None);
}

/// Applies the text being edited. Returns false (and keeps the field open) if it is invalid.
fn commit_edit(app: &mut App) -> bool {
    let Some(text) = app.forge.editing.as_ref().map(TextField::text) else {
        return true;
    };
    let Some(field) = app.forge.current_field() else {
        app.forge.editing = None;
        return true;
    };
    let f = &mut app.forge;
    let result = match field {
        Field::Detail(d) => d.apply(&mut f.design, &text),
        Field::Power(i, p) => {
            f.powers_custom = true;
            p.apply(&mut f.design.powers[i], &text)
        }
    };
    match result {
        Ok(()) => {
            f.editing = None;
            f.changed(None);
            app.status = None;
            true
        }
        Err(e) => {
            app.error(e);
            false
        }
    }
}

/// Applies the highlighted option of a list step; `advance` moves on to the next step.
fn apply_option(app: &mut App, advance: bool) {
    let f = &mut app.forge;
    let before = f.design.classification();
    let i = f.cursor();
    let d = &mut f.design;
    match f.step {
        Step::Level => d.level = Level::new(i as i64 + 1).expect("cursor is within 1-30"),
        Step::Rank => d.rank = Rank::ALL[i],
        Step::Role if i == Role::ALL.len() => d.leader = !d.leader,
        Step::Role => d.role = Role::ALL[i],
        Step::Size => d.size = Size::ALL[i],
        Step::Source => d.source = Source::ALL[i],
        Step::Type => d.creature_type = CreatureType::ALL[i],
        Step::Tags => {
            let t = Tag::ALL[i];
            match d.tags.iter().position(|x| *x == t) {
                Some(p) => {
                    d.tags.remove(p);
                }
                None => {
                    // One undead variant at a time.
                    if t == Tag::Undead {
                        d.tags.retain(|x| *x != Tag::UndeadSpirit);
                    } else if t == Tag::UndeadSpirit {
                        d.tags.retain(|x| *x != Tag::Undead);
                    }
                    d.tags.push(t);
                }
            }
        }
        _ => return,
    }
    f.changed(Some(before));
    if advance {
        f.next_step();
    }
}

fn picker_matches(query: &str) -> Vec<(String, crate::monster::Power)> {
    let matcher = fuzzy_matcher::skim::SkimMatcherV2::default().ignore_case();
    let mut out: Vec<(i64, String, crate::monster::Power)> = Templates::embedded()
        .library()
        .filter_map(|(kit, p)| {
            let label = format!("{} ({})", p.name, kit.id);
            let score = if query.trim().is_empty() {
                Some(0)
            } else {
                matcher.fuzzy_match(&label, query.trim())
            };
            score.map(|s| (s, kit.id.clone(), p.clone()))
        })
        .collect();
    out.sort_by_key(|x| std::cmp::Reverse(x.0));
    out.into_iter().map(|(_, k, p)| (k, p)).collect()
}

fn picker_key(app: &mut App, ev: &KeyEvent) {
    let f = &mut app.forge;
    let Some(picker) = f.picker.as_mut() else {
        return;
    };
    match ev.code {
        KeyCode::Esc => f.picker = None,
        KeyCode::Up => picker.cursor = picker.cursor.saturating_sub(1),
        KeyCode::Down => picker.cursor += 1,
        KeyCode::Enter => {
            let matches = picker_matches(&picker.query.text());
            if let Some((_, p)) = matches.get(picker.cursor.min(matches.len().saturating_sub(1))) {
                let name = p.name.clone();
                f.design.powers.push(p.clone());
                f.powers_custom = true;
                f.power_cursor = f.design.powers.len() - 1;
                f.picker = None;
                f.changed(None);
                app.info(format!("Added {name} from the templates; Enter edits it."));
            }
        }
        _ => {
            if picker.query.handle(ev) == crate::tui::widgets::text_field::Edit::Changed {
                picker.cursor = 0;
            }
        }
    }
}

// ---------------------------------------------------------------- view

struct OptionRow {
    label: String,
    info: String,
    marked: bool,
    checkbox: bool,
}

fn options(f: &Forge) -> Vec<OptionRow> {
    let d = &f.design;
    let row = |label: &str, info: String, marked: bool| OptionRow {
        label: label.to_owned(),
        info,
        marked,
        checkbox: false,
    };
    match f.step {
        Step::Level => Level::all()
            .map(|l| {
                let info = format!(
                    "{} XP · hits {} · X {} · {}",
                    crate::export::doc::group_thousands(d.rank.xp(l)),
                    crate::rules::damage::tier_damage(
                        crate::rules::DamageTier::AtWillSingle,
                        l,
                        d.rank,
                        d.role
                    ),
                    l.resistance_x(),
                    l.tier(),
                );
                row(&format!("Level {l}"), info, l == d.level)
            })
            .collect(),
        Step::Rank => Rank::ALL
            .iter()
            .map(|r| row(r.label(), r.summary().into(), *r == d.rank))
            .collect(),
        Step::Role => {
            let mut v: Vec<OptionRow> = Role::ALL
                .iter()
                .map(|r| row(r.label(), r.summary().into(), *r == d.role))
                .collect();
            v.push(OptionRow {
                label: "Leader".into(),
                info: LEADER_SUMMARY.into(),
                marked: d.leader,
                checkbox: true,
            });
            v
        }
        Step::Size => Size::ALL
            .iter()
            .map(|s| row(s.label(), s.summary().into(), *s == d.size))
            .collect(),
        Step::Source => Source::ALL
            .iter()
            .map(|s| {
                row(
                    s.label(),
                    format!(
                        "{}; {}",
                        s.summary(),
                        describe_grants(d.level, source_grants(*s))
                    ),
                    *s == d.source,
                )
            })
            .collect(),
        Step::Type => CreatureType::ALL
            .iter()
            .map(|t| row(t.label(), t.summary().into(), *t == d.creature_type))
            .collect(),
        Step::Tags => Tag::ALL
            .iter()
            .map(|t| {
                let label = if *t == Tag::UndeadSpirit {
                    "Undead (spirit)"
                } else if *t == Tag::Undead {
                    "Undead (body)"
                } else {
                    t.label()
                };
                OptionRow {
                    label: label.into(),
                    info: format!(
                        "{}; {}",
                        t.summary(),
                        describe_grants(d.level, tag_grants(*t))
                    ),
                    marked: d.tags.contains(t),
                    checkbox: true,
                }
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn step_value(d: &MonsterDesign, s: Step) -> String {
    match s {
        Step::Level => d.level.to_string(),
        Step::Rank => d.rank.key().into(),
        Step::Role => {
            if d.leader {
                format!("{}+leader", d.role.key())
            } else {
                d.role.key().into()
            }
        }
        Step::Size => d.size.key().into(),
        Step::Source => d.source.key().into(),
        Step::Type => d.creature_type.key().into(),
        Step::Tags => {
            if d.tags.is_empty() {
                "none".into()
            } else {
                d.tags.iter().map(|t| t.key()).collect::<Vec<_>>().join(",")
            }
        }
        Step::Details => d.name.clone(),
        Step::Powers => d.powers.len().to_string(),
        Step::Review => String::new(),
    }
}

pub fn view(app: &mut App, fr: &mut Frame, area: Rect) {
    let f = &app.forge;
    let left_w = if area.width >= 110 {
        60
    } else {
        46.min(area.width.saturating_sub(30))
    };
    let [left, right] =
        Layout::horizontal([Constraint::Length(left_w), Constraint::Fill(1)]).areas(area);

    // The steps, with their current values: the wizard at a glance.
    let mut spans: Vec<Span> = Vec::new();
    // Lay the steps out by hand so each one wraps whole and the height is known.
    let mut lines: Vec<Line> = Vec::new();
    let mut used = 0usize;
    for (i, s) in STEPS.iter().enumerate() {
        let v = step_value(&f.design, *s);
        let v: String = v.chars().take(18).collect();
        let text = if v.is_empty() {
            format!("{} {}", i + 1, s.title())
        } else {
            format!("{} {}: {v}", i + 1, s.title())
        };
        let len = text.chars().count() + 2;
        if used > 0 && used + len > left_w as usize {
            lines.push(Line::from(std::mem::take(&mut spans)));
            used = 0;
        }
        let style = if *s == f.step {
            theme::selected()
        } else {
            theme::dim()
        };
        spans.push(Span::styled(text, style));
        spans.push(Span::raw("  "));
        used += len;
    }
    lines.push(Line::from(spans));
    let steps_h = (lines.len() as u16).clamp(1, 5);
    let steps_par = Paragraph::new(lines);
    let dirty = if f.is_dirty() { " · unsaved" } else { "" };
    let target = match &f.target {
        Target::New if f.copy_of.is_some() => " · your copy (not saved yet)".to_owned(),
        Target::New => " · new".to_owned(),
        Target::Existing { path, .. } => format!(
            " · {}",
            path.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default()
        ),
    };
    let [steps_area, editor_area] =
        Layout::vertical([Constraint::Length(steps_h), Constraint::Fill(1)]).areas(left);
    fr.render_widget(steps_par, steps_area);

    let editor_focused = f.focus == Focus::Editor;
    let eblock = Block::bordered()
        .title(format!(
            " {} — {}{target}{dirty} ",
            f.step.index() + 1,
            f.step.title()
        ))
        .border_style(if editor_focused {
            theme::focused_border()
        } else {
            theme::border()
        });
    let inner = eblock.inner(editor_area);
    fr.render_widget(eblock, editor_area);
    match f.step {
        s if s.is_list() => list_view(f, fr, inner),
        Step::Details => details_view(f, fr, inner),
        Step::Powers => powers_view(f, fr, inner),
        _ => review_view(f, app, fr, inner),
    }

    let pblock =
        Block::bordered()
            .title(" Stat block (live) ")
            .border_style(if f.focus == Focus::Preview {
                theme::focused_border()
            } else {
                theme::border()
            });
    fr.render_widget(
        Paragraph::new(statblock::text(&f.block))
            .block(pblock)
            .wrap(Wrap { trim: false })
            .scroll((f.preview_scroll, 0)),
        right,
    );
    if let Some(p) = &f.picker {
        picker_view(p, &f.design, fr, area);
    }
}

fn list_view(f: &Forge, fr: &mut Frame, area: Rect) {
    let opts = options(f);
    let cursor = f.cursor().min(opts.len().saturating_sub(1));
    let about_h = 4.min(area.height / 3);
    let [list_area, about_area] =
        Layout::vertical([Constraint::Fill(1), Constraint::Length(about_h)]).areas(area);
    let rows = list_area.height as usize;
    let start = cursor
        .saturating_sub(rows.saturating_sub(1) / 2)
        .min(opts.len().saturating_sub(rows));
    let w = list_area.width as usize;
    let lines: Vec<Line> = opts
        .iter()
        .enumerate()
        .skip(start)
        .take(rows)
        .map(|(i, o)| {
            let mark = match (o.checkbox, o.marked) {
                (true, true) => "[x] ",
                (true, false) => "[ ] ",
                (false, true) => "● ",
                (false, false) => "  ",
            };
            let head = format!("{mark}{:<12}", o.label);
            let info = crate::text::truncate_to_width(
                &o.info,
                w.saturating_sub(crate::text::display_width(&head) + 1),
            );
            let style = if i == cursor {
                theme::selected()
            } else {
                Style::new()
            };
            Line::from(vec![
                Span::styled(head, style.patch(theme::bold())),
                Span::styled(
                    format!(" {info}"),
                    if i == cursor { style } else { theme::dim() },
                ),
            ])
        })
        .collect();
    fr.render_widget(Paragraph::new(lines), list_area);
    if let Some(o) = opts.get(cursor) {
        let hint = match f.step {
            Step::Tags => "Space toggles · Enter next step",
            Step::Role => "Enter chooses · Space toggles Leader",
            Step::Level => "Enter chooses · or type the level",
            _ => "Enter chooses and goes on",
        };
        let about = Text::from(vec![
            Line::from(vec![
                Span::styled(format!("{}: ", o.label), theme::bold()),
                Span::raw(o.info.clone()),
            ]),
            Line::from(Span::styled(hint, theme::dim())),
        ]);
        fr.render_widget(
            Paragraph::new(about).wrap(Wrap { trim: true }).block(
                Block::default()
                    .borders(ratatui::widgets::Borders::TOP)
                    .border_style(theme::border()),
            ),
            about_area,
        );
    }
}

fn form_lines(
    rows: Vec<(String, String, bool)>,
    cursor: usize,
    editing: Option<&TextField>,
    fr: &mut Frame,
    area: Rect,
) {
    let label_w = 16usize;
    let n = area.height as usize;
    let start = cursor
        .saturating_sub(n.saturating_sub(1) / 2)
        .min(rows.len().saturating_sub(n));
    let value_w = (area.width as usize).saturating_sub(label_w + 1);
    let mut lines = Vec::new();
    for (i, (label, value, is_default)) in rows.iter().enumerate().skip(start).take(n) {
        let sel = i == cursor;
        let shown = if sel && let Some(t) = editing {
            let (vis, c) = t.visible(value_w);
            let y = area.y + (i - start) as u16;
            fr.set_cursor_position((area.x + label_w as u16 + 1 + c as u16, y));
            vis
        } else {
            crate::text::truncate_to_width(value, value_w).into_owned()
        };
        let lstyle = if sel {
            theme::selected()
        } else {
            theme::bold()
        };
        let vstyle = if *is_default && !(sel && editing.is_some()) {
            theme::dim()
        } else {
            Style::new()
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{label:<label_w$}"), lstyle),
            Span::raw(" "),
            Span::styled(shown, vstyle),
        ]));
    }
    fr.render_widget(Paragraph::new(lines), area);
}

fn details_view(f: &Forge, fr: &mut Frame, area: Rect) {
    let [form, about] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(3.min(area.height / 3)),
    ])
    .areas(area);
    let rows: Vec<(String, String, bool)> = details()
        .into_iter()
        .map(|d| {
            let is_default = d.value(&f.design).is_empty();
            (d.label(), d.display(&f.design), is_default)
        })
        .collect();
    form_lines(rows, f.form_row, f.editing.as_ref(), fr, form);
    if let Some(d) = details().get(f.form_row) {
        let full = d.display(&f.design);
        let text = if f.editing.is_some() {
            d.hint().to_owned()
        } else if full.chars().count() > 20 {
            full
        } else if d.hint().is_empty() {
            "Enter edits".to_owned()
        } else {
            format!("Enter edits · {}", d.hint())
        };
        fr.render_widget(
            Paragraph::new(Span::styled(text, theme::dim())).wrap(Wrap { trim: true }),
            about,
        );
    }
}

fn powers_view(f: &Forge, fr: &mut Frame, area: Rect) {
    if let Some(i) = f.power_form {
        let Some(p) = f.design.powers.get(i) else {
            return;
        };
        let [head, form] =
            Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
        fr.render_widget(
            Paragraph::new(Span::styled(
                format!("Editing {} · Esc back to the list", p.name),
                theme::dim(),
            )),
            head,
        );
        let rows: Vec<(String, String, bool)> = power_fields(p)
            .into_iter()
            .map(|pf| (pf.label().to_owned(), pf.value(p, &f.design), false))
            .collect();
        form_lines(rows, f.form_row, f.editing.as_ref(), fr, form);
        return;
    }
    let mut lines: Vec<Line> = Vec::new();
    if f.design.powers.is_empty() {
        lines.push(Line::from(
            "No powers. a adds one from the templates, n a blank one.",
        ));
    }
    for (i, (p, sp)) in f.design.powers.iter().zip(&f.block.powers).enumerate() {
        let sym = sp.symbol.unwrap_or(" ");
        let dmg = sp
            .damage
            .as_ref()
            .map(|d| format!(" → {}", d.0))
            .unwrap_or_default();
        let usage = crate::export::doc::usage_label(sp);
        let style = if i == f.power_cursor {
            theme::selected()
        } else {
            Style::new()
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{sym} {}", p.name), style.patch(theme::bold())),
            Span::styled(
                format!("  {usage}, {}{dmg}", p.action.key()),
                if i == f.power_cursor {
                    style
                } else {
                    theme::dim()
                },
            ),
        ]));
    }
    lines.push(Line::default());
    lines.push(Line::from(Span::styled(
        format!(
            "Attacks per round: {} ({} {} needs {}) · a add · n new · Enter edit · x remove · K/J move",
            crate::monster::kit::attack_rate(&f.design.powers),
            if f.design.rank == Rank::Elite { "an" } else { "a" },
            f.design.rank.key(),
            f.design.rank.attack_rate_target()
        ),
        theme::dim(),
    )));
    fr.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), area);
}

fn review_view(f: &Forge, app: &App, fr: &mut Frame, area: Rect) {
    let mut lines = vec![
        Line::from(Span::styled(f.block.header.clone(), theme::bold())),
        Line::from(f.block.type_line.clone()),
    ];
    lines.push(Line::default());
    if f.findings.is_empty() {
        lines.push(Line::from(Span::styled(
            "Balance lint: clean.",
            theme::ok(),
        )));
    }
    for x in &f.findings {
        let style = if x.severity == Severity::Error {
            theme::error()
        } else {
            theme::warning()
        };
        lines.push(Line::from(Span::styled(format!("• {}", x.message), style)));
    }
    lines.push(Line::default());
    let path = match &f.target {
        Target::Existing { path, .. } => path.display().to_string(),
        Target::New => app
            .paths
            .bestiary
            .join(format!(
                "{}.yaml",
                naming::forge_identity(&app.bestiary, &f.design, f.copy_of.is_some()).id
            ))
            .display()
            .to_string(),
    };
    lines.push(Line::from(format!("Ctrl-S saves to {path}")));
    if f.is_dirty() {
        lines.push(Line::from(Span::styled(
            "There are unsaved changes.",
            theme::warning(),
        )));
    }
    fr.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), area);
}

fn picker_view(p: &Picker, d: &MonsterDesign, fr: &mut Frame, area: Rect) {
    let w = 70.min(area.width);
    let h = 18.min(area.height);
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    fr.render_widget(Clear, r);
    let block = Block::bordered()
        .title(" Add a power from the templates ")
        .border_style(theme::focused_border());
    let inner = block.inner(r);
    fr.render_widget(block, r);
    let [q, list] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(inner);
    fr.render_widget(Paragraph::new(format!("Filter: {}", p.query.text())), q);
    fr.set_cursor_position((q.x + 8 + p.query.cursor as u16, q.y));
    let matches = picker_matches(&p.query.text());
    let cursor = p.cursor.min(matches.len().saturating_sub(1));
    let rows = list.height as usize;
    let start = cursor.saturating_sub(rows.saturating_sub(1));
    let lines: Vec<Line> = matches
        .iter()
        .enumerate()
        .skip(start)
        .take(rows)
        .map(|(i, (kit, pw))| {
            let dmg = match &pw.damage {
                Some(crate::monster::DamageSpec::Tier(t)) => format!(
                    " → {}",
                    crate::rules::damage::tier_damage(*t, d.level, d.rank, d.role)
                ),
                _ => String::new(),
            };
            let style = if i == cursor {
                theme::selected()
            } else {
                Style::new()
            };
            Line::from(vec![
                Span::styled(
                    crate::text::fit_width(&pw.name, 22),
                    style.patch(theme::bold()),
                ),
                Span::styled(
                    format!(" {:<8} {} {}{dmg}", kit, pw.usage.key(), pw.action.key()),
                    if i == cursor { style } else { theme::dim() },
                ),
            ])
        })
        .collect();
    fr.render_widget(Paragraph::new(lines), list);
}
