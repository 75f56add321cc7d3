//! Power kits from `templates/`: every role's basic attack and surge powers, mook variants, the
//! leader power and the elite and boss extras, so a monster is playable out of the box.

use crate::embedded::TEMPLATE_FILES;
use crate::monster::design::Classification;
use crate::monster::power::Power;
use crate::rules::power_vocab::{Action, Usage};
use crate::rules::rank::Rank;
use crate::rules::role::Role;
use crate::xkeys::XKeys;
use crate::yaml_io::{self, FileError, KeepsXKeys, Seg};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::OnceLock;

/// Who a kit is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KitFor {
    /// The Archer role's kit.
    Archer,
    /// The Blocker role's kit.
    Blocker,
    /// The Skulker role's kit.
    Skulker,
    /// The Spoiler role's kit.
    Spoiler,
    /// The Striker role's kit.
    Striker,
    /// The Wrecker role's kit.
    Wrecker,
    /// The leader power a leader gets (R4), on top of its role's kit.
    Leader,
    /// The extra powers an elite gets, so that it attacks about twice as often (Creating New
    /// Monsters: Powers).
    Elite,
    /// The extra powers a boss gets, so that it attacks about four times as often.
    Boss,
}

impl KitFor {
    /// The kit of a role.
    pub fn role(role: Role) -> KitFor {
        match role {
            Role::Archer => KitFor::Archer,
            Role::Blocker => KitFor::Blocker,
            Role::Skulker => KitFor::Skulker,
            Role::Spoiler => KitFor::Spoiler,
            Role::Striker => KitFor::Striker,
            Role::Wrecker => KitFor::Wrecker,
        }
    }
}

/// The `kind:` of a kit file, so a kit is never read as a monster or a template.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KitKind {
    /// `kind: power-kit`, the only kind a kit file has.
    PowerKit,
}

/// One file of `templates/`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PowerKit {
    /// `power-kit`.
    pub kind: KitKind,
    /// The file format's version.
    pub schema_version: u32,
    /// The kit's id: `archer`, `leader`, `elite`, ...
    pub id: String,
    /// Who the kit is for; `for:` in the file.
    #[serde(rename = "for")]
    pub for_: KitFor,
    /// One sentence saying what the kit gives a monster.
    pub summary: String,
    /// The powers a monster of this kit gets by default (for leader kits: the first one).
    pub powers: Vec<Power>,
    /// Role kits: the mook variants, single target with static damage.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mook: Vec<Power>,
    /// More powers offered in the forge but not given by default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extra: Vec<Power>,
}

impl KeepsXKeys for PowerKit {
    fn x_keys_at(&mut self, path: &[Seg]) -> Option<&mut XKeys> {
        let list = match path.first()? {
            Seg::Key(k) if k == "powers" => &mut self.powers,
            Seg::Key(k) if k == "mook" => &mut self.mook,
            Seg::Key(k) if k == "extra" => &mut self.extra,
            _ => return None,
        };
        match path.get(1..)? {
            [Seg::Index(i)] => list.get_mut(*i).map(|p| &mut p.extra),
            _ => None,
        }
    }
}

/// All power kits.
#[derive(Debug, Clone)]
pub struct Templates {
    /// Every kit read, in file order.
    pub kits: Vec<PowerKit>,
}

impl Templates {
    /// Parses kit files given as (path, text).
    pub fn parse<'a>(
        files: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Templates, FileError> {
        let mut kits = Vec::new();
        for (path, text) in files {
            kits.push(yaml_io::parse::<PowerKit>(text, Path::new(path))?);
        }
        Ok(Templates { kits })
    }

    /// The kits embedded in the binary. They are checked by the test suite, so a parse
    /// failure here is a build defect, not a user error.
    pub fn embedded() -> &'static Templates {
        static T: OnceLock<Templates> = OnceLock::new();
        T.get_or_init(|| {
            Templates::parse(TEMPLATE_FILES.iter().copied()).expect("embedded templates are valid")
        })
    }

    /// The kit for a role, the leader, elites or bosses, if one is read.
    pub fn kit(&self, for_: KitFor) -> Option<&PowerKit> {
        self.kits.iter().find(|k| k.for_ == for_)
    }

    /// The default powers for a new monster (issue: "a monster created without powers gets its
    /// role's kit, plus the leader and rank extras"). Mooks get their role's single-target
    /// variants and no rank extras.
    pub fn default_powers(&self, c: &Classification) -> Vec<Power> {
        let mut out = Vec::new();
        if let Some(kit) = self.kit(KitFor::role(c.role)) {
            if c.rank == Rank::Mook {
                out.extend(kit.mook.iter().cloned());
            } else {
                out.extend(kit.powers.iter().cloned());
            }
        }
        if c.leader
            && let Some(p) = self.kit(KitFor::Leader).and_then(|k| k.powers.first())
        {
            out.push(p.clone());
        }
        let extras = match c.rank {
            Rank::Elite => self.kit(KitFor::Elite),
            Rank::Boss => self.kit(KitFor::Boss),
            _ => None,
        };
        if let Some(k) = extras {
            out.extend(k.powers.iter().cloned());
        }
        out
    }

    /// Every template power with the kit it comes from, for the forge's "add from templates".
    pub fn library(&self) -> impl Iterator<Item = (&PowerKit, &Power)> {
        self.kits.iter().flat_map(|k| {
            k.powers
                .iter()
                .chain(&k.mook)
                .chain(&k.extra)
                .map(move |p| (k, p))
        })
    }
}

/// **\[ours\]** How many attacks per round a set of powers gives: the most attacks one at-will
/// standard action makes, plus one for each other kind of action (swift, move, free,
/// triggered) that carries an at-will attack. An encounter or refresh power is not an attack
/// every round, so it does not count. Elites should reach 2 and bosses 4 (L1866-1867), and a
/// standard monster or mook that reaches 2 attacks as often as an elite.
pub fn attack_rate(powers: &[Power]) -> u32 {
    AttackRate::of(powers).rate()
}

/// What one power adds to [`attack_rate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum RatePart {
    /// An at-will standard attack making this many attacks: the most of them counts.
    Standard(u32),
    /// An at-will attack of another kind of action: each kind counts once.
    Kind(&'static str),
}

fn rate_part(p: &Power) -> Option<RatePart> {
    if p.attack_count() == 0 || p.usage != Usage::AtWill || p.action == Action::None {
        return None;
    }
    Some(if p.action == Action::Standard {
        RatePart::Standard(p.attack_count())
    } else if p.action.is_triggered() {
        RatePart::Kind("triggered")
    } else {
        RatePart::Kind(crate::vocab::Vocabulary::key(p.action))
    })
}

/// [`attack_rate`] of a list of powers as counts, so that the rate with one power more or one
/// fewer is known without reading the list again: re-ranking a monster of many powers tries
/// each of them.
#[derive(Debug, Clone, Default)]
pub(crate) struct AttackRate {
    /// How many at-will standard attacks make each number of attacks.
    standard: std::collections::BTreeMap<u32, usize>,
    /// How many at-will attacks each other kind of action has.
    kinds: std::collections::HashMap<&'static str, usize>,
}

impl AttackRate {
    pub(crate) fn of(powers: &[Power]) -> AttackRate {
        let mut r = AttackRate::default();
        for p in powers {
            r.add(p);
        }
        r
    }

    pub(crate) fn rate(&self) -> u32 {
        let standard = self.standard.keys().next_back().copied().unwrap_or(0);
        standard.saturating_add(u32::try_from(self.kinds.len()).unwrap_or(u32::MAX))
    }

    pub(crate) fn add(&mut self, p: &Power) {
        match rate_part(p) {
            Some(RatePart::Standard(n)) => *self.standard.entry(n).or_default() += 1,
            Some(RatePart::Kind(k)) => *self.kinds.entry(k).or_default() += 1,
            None => {}
        }
    }

    pub(crate) fn remove(&mut self, p: &Power) {
        match rate_part(p) {
            Some(RatePart::Standard(n)) => {
                if let Some(c) = self.standard.get_mut(&n) {
                    *c -= 1;
                    if *c == 0 {
                        self.standard.remove(&n);
                    }
                }
            }
            Some(RatePart::Kind(k)) => {
                if let Some(c) = self.kinds.get_mut(k) {
                    *c -= 1;
                    if *c == 0 {
                        self.kinds.remove(k);
                    }
                }
            }
            None => {}
        }
    }

    /// The rate with `p` added.
    pub(crate) fn with(&self, p: &Power) -> u32 {
        let mut r = self.clone();
        r.add(p);
        r.rate()
    }

    /// The rate with `p` (one of the powers counted) taken out.
    pub(crate) fn without(&self, p: &Power) -> u32 {
        let mut r = self.clone();
        r.remove(p);
        r.rate()
    }
}
