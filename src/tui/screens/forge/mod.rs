//! The Forge: a wizard from level to powers, with the stat block re-derived after every
//! update. Every choice lives in the design itself, so going back never loses one, and every
//! change to the design can be undone. This module holds the state; `update` its keys, `view`
//! its drawing, `fields` the table of form fields, `options` the rows of each list step,
//! `drafts` the work kept unfinished and taken up again.

pub mod dialog;
pub mod drafts;
pub mod fields;
pub mod job;
pub mod options;
pub mod update;
pub mod view;

pub use update::{Prompt, Question};

use crate::tui::document::{Document, OnDisk};
use crate::tui::keymap::Ctx;
use fields::{Detail, PowerField, details, power_fields};
use lairsmith_core::monster::kit::Templates;
use lairsmith_core::monster::lint::Finding;
use lairsmith_core::monster::{Classification, MonsterDesign, StatBlock, derive, slugify};
use lairsmith_core::rules::{CreatureType, Level, Rank, Role, Size, Source, Tag};
use lairsmith_core::vocab::Vocabulary;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Level,
    Rank,
    Role,
    Size,
    Source,
    Type,
    Tags,
    Templates,
    Details,
    Powers,
    Review,
}

pub const STEPS: [Step; 11] = [
    Step::Level,
    Step::Rank,
    Step::Role,
    Step::Size,
    Step::Source,
    Step::Type,
    Step::Tags,
    Step::Templates,
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
            Step::Templates => "Templates",
            Step::Details => "Details",
            Step::Powers => "Powers",
            Step::Review => "Review",
        }
    }
    pub fn index(self) -> usize {
        STEPS.iter().position(|s| *s == self).unwrap_or(0)
    }
    pub fn is_list(self) -> bool {
        matches!(
            self,
            Step::Level
                | Step::Rank
                | Step::Role
                | Step::Size
                | Step::Source
                | Step::Type
                | Step::Tags
                | Step::Templates
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    Editor,
    Preview,
}

pub struct Forge {
    /// The monster, with its file and history; undo brings back `powers_custom` with it.
    pub design: Document<MonsterDesign, bool>,
    /// The powers were edited by hand: classification changes no longer swap in a new kit.
    pub powers_custom: bool,
    /// The monster templates the stat block is derived with: the bestiary's.
    pub templates: lairsmith_core::bestiary::Library,
    pub step: Step,
    pub focus: Focus,
    /// The highlighted option of a list step; put on the design's value when the step opens.
    pub cursor: usize,
    pub power_cursor: usize,
    pub power_form: Option<usize>,
    pub form_row: usize,
    pub preview_scroll: u16,
    /// Digits typed on the Level step.
    pub typed: String,
    /// Where the monster was copied from, when it is a copy of a shipped one.
    pub copy_of: Option<String>,
    /// The file a save as a copy copies: its `x-` values come along as written.
    pub copy_from: Option<std::path::PathBuf>,
    /// The draft the work was taken up from: kept again over it, deleted once the monster is
    /// saved to the bestiary.
    pub draft: Option<OnDisk>,
    /// Derived from the design after every update.
    pub block: StatBlock,
    pub findings: Vec<Finding>,
    derived_for: Option<MonsterDesign>,
}

impl Forge {
    pub fn new_monster() -> Forge {
        let c = Classification {
            level: Level::MIN,
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
        Forge::with(d, None, false)
    }

    /// The Forge on `design`, as read from `file` (or new, without one).
    pub fn with(design: MonsterDesign, file: Option<OnDisk>, powers_custom: bool) -> Forge {
        let mut f = Forge {
            block: derive(&design),
            templates: lairsmith_core::monster::template::MonsterTemplates::shipped(),
            findings: Vec::new(),
            derived_for: None,
            design: Document::new(design, file),
            powers_custom,
            step: Step::Level,
            focus: Focus::Editor,
            cursor: 0,
            power_cursor: 0,
            power_form: None,
            form_row: 0,
            preview_scroll: 0,
            typed: String::new(),
            copy_of: None,
            copy_from: None,
            draft: None,
        };
        f.derive();
        f.sync_cursor();
        f
    }

    /// The Forge on work taken up again: `design` over `baseline`, as opened from `file` (or
    /// new), so it is unsaved until it is saved.
    pub fn reopened(
        design: MonsterDesign,
        baseline: MonsterDesign,
        file: Option<OnDisk>,
        powers_custom: bool,
    ) -> Forge {
        let mut f = Forge::with(baseline, None, powers_custom);
        f.design = Document::with_baseline(design, f.design.baseline().clone(), file);
        f.derive();
        f.sync_cursor();
        f
    }

    pub fn is_dirty(&self) -> bool {
        self.design.is_dirty()
    }

    /// The rows of the Templates step: every template the library holds, then any id the design
    /// lists that the library does not (so it can be taken off).
    pub fn template_choices(&self) -> Vec<String> {
        let mut ids: Vec<String> = self
            .templates
            .entries
            .iter()
            .map(|e| e.template.id.clone())
            .collect();
        for id in &self.design.templates {
            if !ids.contains(id) {
                ids.push(id.clone());
            }
        }
        ids
    }

    /// Derives with `templates` from now on (the bestiary's, after a load or reload).
    pub fn use_templates(&mut self, templates: &lairsmith_core::bestiary::Library) {
        if !std::sync::Arc::ptr_eq(&self.templates, templates) {
            self.templates = templates.clone();
            self.derived_for = None;
        }
    }

    /// The stat block and lint of the design, computed again only when the design changed.
    pub fn derive(&mut self) {
        if self.derived_for.as_ref() == Some(&*self.design) {
            return;
        }
        (self.block, self.findings) =
            lairsmith_core::monster::block_and_findings(&self.design, &self.templates, None);
        self.derived_for = Some((*self.design).clone());
        let n = self.design.powers.len();
        self.power_cursor = self.power_cursor.min(n.saturating_sub(1));
        if self.power_form.is_some_and(|i| i >= n) {
            self.power_form = None;
        }
    }

    /// Undo (`back`) or redo; returns whether there was anything to do.
    pub fn step_history(&mut self, back: bool) -> bool {
        let done = self.design.step(back, &mut self.powers_custom);
        if done {
            self.sync_cursor();
        }
        done
    }

    /// Re-derives after a change, swapping in the new default kit while the powers are untouched.
    pub fn changed(&mut self, classification_before: Option<Classification>) {
        if let Some(before) = classification_before {
            let after = self.design.classification();
            if before != after && !self.powers_custom {
                self.design.powers = Templates::embedded().default_powers(&after);
            }
        }
        if self.design.file().is_none() && self.copy_of.is_none() {
            self.design.id = slugify(&self.design.name);
        }
    }

    /// Puts a list step's cursor on its current value.
    pub fn sync_cursor(&mut self) {
        let d = &self.design;
        let i = match self.step {
            Step::Level => d.level.index(),
            Step::Rank => pos(Rank::ALL, d.rank),
            Step::Role => pos(Role::ALL, d.role),
            Step::Size => pos(Size::ALL, d.size),
            Step::Source => pos(Source::ALL, d.source),
            Step::Type => pos(CreatureType::ALL, d.creature_type),
            Step::Tags => self.cursor.min(Tag::ALL.len() - 1),
            Step::Templates => self
                .cursor
                .min(self.template_choices().len().saturating_sub(1)),
            _ => return,
        };
        self.cursor = i;
    }

    pub fn option_count(&self) -> usize {
        match self.step {
            Step::Level => 30,
            Step::Rank => Rank::ALL.len(),
            Step::Role => Role::ALL.len() + 1,
            Step::Size => Size::ALL.len(),
            Step::Source => Source::ALL.len(),
            Step::Type => CreatureType::ALL.len(),
            Step::Tags => Tag::ALL.len(),
            Step::Templates => self.template_choices().len(),
            Step::Details => details(&self.design).len(),
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
        if step != self.step {
            self.cursor = 0;
        }
        self.step = step;
        self.form_row = 0;
        self.power_form = None;
        self.typed.clear();
        self.sync_cursor();
    }

    pub fn next_step(&mut self) {
        let i = (self.step.index() + 1).min(STEPS.len() - 1);
        self.go_to(STEPS[i]);
    }

    pub fn prev_step(&mut self) {
        let i = self.step.index().saturating_sub(1);
        self.go_to(STEPS[i]);
    }

    /// The Forge's own contexts for the step and pane in front (the screen adds the global ones).
    pub fn contexts(&self) -> Vec<Ctx> {
        if self.focus == Focus::Preview {
            return vec![Ctx::Forge];
        }
        match self.step {
            Step::Level => vec![Ctx::ForgeLevel, Ctx::ForgeList, Ctx::Forge],
            s if s.is_list() => vec![Ctx::ForgeList, Ctx::Forge],
            Step::Details => vec![Ctx::ForgeForm, Ctx::Forge],
            Step::Powers if self.power_form.is_some() => vec![Ctx::ForgeForm, Ctx::Forge],
            Step::Powers => vec![Ctx::Powers, Ctx::Forge],
            _ => vec![Ctx::Forge],
        }
    }

    /// Every context whose keys apply on the Forge now, most specific first: its own
    /// ([`Forge::contexts`]), then the panes' and the global ones.
    pub fn screen_contexts(&self) -> Vec<Ctx> {
        let mut v = self.contexts();
        v.extend([Ctx::Panes, Ctx::Anywhere, Ctx::Global]);
        v
    }

    /// The form row under the cursor: a details field or a power field.
    pub fn current_field(&self) -> Option<Field> {
        match (self.step, self.power_form) {
            (Step::Details, _) => details(&self.design)
                .get(self.form_row)
                .copied()
                .map(Field::Detail),
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
pub enum Field {
    Detail(Detail),
    Power(usize, PowerField),
}

impl Field {
    pub fn row(self) -> fields::Row {
        match self {
            Field::Detail(d) => d.row(),
            Field::Power(i, p) => p.row(i),
        }
    }

    /// A power's field: editing it marks the powers as edited by hand.
    pub fn is_power(self) -> bool {
        matches!(self, Field::Power(..))
    }
}

pub fn pos<T: PartialEq>(all: &[T], v: T) -> usize {
    all.iter().position(|x| *x == v).unwrap_or(0)
}
