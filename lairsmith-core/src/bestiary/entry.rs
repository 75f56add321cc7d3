//! One monster of the bestiary ([`Entry`]): its card, and its design kept once read.

use super::{Card, Library, Mark, Provenance};
use crate::monster::design::MonsterDesign;
use crate::monster::lint::{Severity, worst};
use crate::monster::template_apply::{Applied, apply, derive_applied};
use crate::monster::{StatBlock, block_and_findings, load_file};
use crate::store::Fingerprint;
use crate::yaml_io::FileError;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// One monster of the bestiary: its [`Card`] (what lists, filters and budgets need) and where
/// its design lives. A user's design is read from its file on first use and kept
/// ([`Entry::design`]); a bestiary of a hundred thousand monsters holds only their cards.
#[derive(Debug, Clone)]
pub struct Entry {
    /// What lists, filters, sorts and budgets need of the monster.
    pub card: Card,
    /// The templates its stat block is derived with.
    pub templates: Library,
    /// Whether it is shipped with lairsmith or the user's own.
    pub provenance: Provenance,
    /// The file it came from (for shipped monsters, the path inside the repository).
    pub path: PathBuf,
    /// What the file held when loaded (user files only), to refuse overwriting newer edits and
    /// to know that a design read later is the one the card describes.
    pub fingerprint: Option<Fingerprint>,
    design: Arc<OnceLock<Arc<MonsterDesign>>>,
}

impl Entry {
    /// The entry of a design at hand, which it keeps.
    pub fn new(
        design: MonsterDesign,
        provenance: Provenance,
        path: PathBuf,
        fingerprint: Option<Fingerprint>,
        templates: &Library,
    ) -> Entry {
        let (block, findings) = block_and_findings(&design, templates, Some(&path));
        let mark = match worst(&findings) {
            Some(Severity::Error) => Mark::Errors,
            Some(Severity::Warning) => Mark::Warnings,
            None => Mark::Clean,
        };
        Entry {
            card: Card::of(&design, block.xp, mark),
            templates: templates.clone(),
            provenance,
            path,
            fingerprint,
            design: Arc::new(OnceLock::from(Arc::new(design))),
        }
    }

    /// The entry of a user's monster known by its card alone (from the bestiary index); its
    /// design is read from `path` when first needed, and must be what `fingerprint` says.
    pub(crate) fn from_card(
        card: Card,
        path: PathBuf,
        fingerprint: Fingerprint,
        templates: &Library,
    ) -> Entry {
        Entry {
            card,
            templates: templates.clone(),
            provenance: Provenance::User,
            path,
            fingerprint: Some(fingerprint),
            design: Arc::default(),
        }
    }

    /// The same entry without its design kept in memory (a user's monster only: a shipped one
    /// has no file to read it from again).
    pub(crate) fn lean(mut self) -> Entry {
        if self.provenance == Provenance::User && self.fingerprint.is_some() {
            self.design = Arc::default();
        }
        self
    }

    /// The design, read from its file the first time. Refused if the file no longer holds what
    /// the card was made from (it changed on disk since the bestiary was read: reload it).
    pub fn design(&self) -> Result<Arc<MonsterDesign>, FileError> {
        if let Some(d) = self.design.get() {
            return Ok(d.clone());
        }
        self.keep_read(load_file(&self.path)?)
    }

    /// The design if it is in memory (a shipped monster's, or a user's read already); never
    /// reads its file, so a face may ask it on every frame.
    pub fn design_in_memory(&self) -> Option<Arc<MonsterDesign>> {
        self.design.get().cloned()
    }

    /// Keeps a design read from the entry's file elsewhere (a face reads files off its drawing
    /// thread), as [`Entry::design`] would have: refused if the file no longer holds what the
    /// card was made from.
    pub fn keep_read(
        &self,
        (design, fp): (MonsterDesign, Fingerprint),
    ) -> Result<Arc<MonsterDesign>, FileError> {
        if let Some(d) = self.design.get() {
            return Ok(d.clone());
        }
        if Some(fp) != self.fingerprint || design.id != self.card.id {
            return Err(FileError::new(
                &self.path,
                format!(
                    "the file changed on disk since the bestiary was read (`{}` was listed from it); reload to see it as it is now",
                    self.card.id
                ),
            ));
        }
        Ok(self.design.get_or_init(|| Arc::new(design)).clone())
    }

    /// The design with its templates applied.
    pub fn applied(&self) -> Result<Applied, FileError> {
        Ok(apply(
            &*self.design()?,
            &self.templates,
            crate::monster::kit::Templates::embedded(),
        ))
    }

    /// The full stat block, templates applied.
    pub fn block(&self) -> Result<StatBlock, FileError> {
        let design = self.design()?;
        if design.templates.is_empty() {
            return Ok(crate::monster::derive(&design));
        }
        Ok(derive_applied(&self.applied()?))
    }

    /// The full stat block if the design is in memory ([`Entry::design_in_memory`]); never
    /// reads its file.
    pub fn block_in_memory(&self) -> Option<StatBlock> {
        self.design_in_memory()?;
        self.block().ok()
    }

    /// The lint's findings if the design is in memory ([`Entry::design_in_memory`]); never
    /// reads its file.
    pub fn findings_in_memory(&self) -> Option<Vec<crate::monster::lint::Finding>> {
        self.design_in_memory()?;
        self.findings().ok()
    }

    /// The balance lint's findings, about the monster as its templates make it and about the
    /// templates themselves.
    pub fn findings(&self) -> Result<Vec<crate::monster::lint::Finding>, FileError> {
        Ok(block_and_findings(&*self.design()?, &self.templates, Some(&self.path)).1)
    }

    /// Whether the monster ships with lairsmith (rather than being one of the user's files).
    pub fn is_shipped(&self) -> bool {
        self.provenance == Provenance::Shipped
    }

    /// Whether the file is named for the monster's id (`<id>.yaml`), as every saved monster is:
    /// such a file owns its id over any other file claiming it.
    pub(crate) fn named_for_its_id(&self) -> bool {
        self.path
            .file_stem()
            .is_some_and(|s| s.as_encoded_bytes() == self.card.id.as_bytes())
    }
}
