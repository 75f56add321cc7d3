//! Monster templates: a named patch ("corporeal undead", "solo", "fire cult") that a monster
//! lists by id and that derivation applies on top of its design. The file keeps only the id, so
//! a template follows the monster through every re-level and is removed without a trace.

use crate::embedded::MONSTER_TEMPLATE_FILES;
use crate::monster::design::{AbilityScores, Immunity, Movement, Trait, check_id};
use crate::monster::power::Power;
use crate::rules::abilities::Skill;
use crate::rules::creature::{DamageType, Tag};
use crate::rules::rank::Rank;
use crate::rules::role::Role;
use crate::rules::senses::Sense;
use crate::xkeys::XKeys;
use crate::yaml_io::{self, FileError, KeepsXKeys, Seg};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The schema version of template files this build reads and writes.
pub const TEMPLATE_SCHEMA_VERSION: u32 = 1;

/// The `kind:` of a template file, so a template is never read as a monster or a power kit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum TemplateKind {
    /// `kind: monster-template`, the only kind a template file has.
    #[default]
    MonsterTemplate,
}

impl<'de> Deserialize<'de> for TemplateKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::yaml_io::read_kind(d, "monster-template", "a monster template", &[])
            .map(|()| TemplateKind::MonsterTemplate)
    }
}

crate::yaml_io::kind_schema!(TemplateKind, "monster-template");

/// One template file. Every patch field mirrors the monster field of the same name: `rank` and
/// `abilities` set, `movement` merges, the lists add.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MonsterTemplate {
    /// `monster-template`, so a template is never read as a monster or a power kit.
    pub kind: TemplateKind,
    /// The file format's version; this build reads and writes [`TEMPLATE_SCHEMA_VERSION`].
    #[schemars(extend("const" = TEMPLATE_SCHEMA_VERSION))]
    pub schema_version: u32,
    /// The template's id, a slug as a monster's ([`check_id`]): what a monster's `templates:` lists.
    #[schemars(pattern(crate::monster::design::ID_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub id: String,
    /// The template's name, as the forge and the stat block's template notes show it.
    #[schemars(pattern(crate::text::NAME_PATTERN), length(max = crate::text::MAX_NAME_CHARS))]
    pub name: String,
    /// What the template makes of a monster, for the GM choosing one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The rank it gives: the monster takes it, and its kit powers are swapped for the new rank's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<Rank>,
    /// Tags added to the monster's (with the resistances, vulnerabilities and traits they grant).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::WORDS.max))]
    pub tags: Vec<Tag>,
    /// Ability scores set, replacing the monster's.
    #[serde(default, skip_serializing_if = "AbilityScores::is_empty")]
    pub abilities: AbilityScores,
    /// Trained skills added to the monster's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::WORDS.max))]
    pub skills: Vec<Skill>,
    /// Senses added to the monster's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::WORDS.max))]
    pub senses: Vec<Sense>,
    /// Speeds set over the monster's and movement traits added to its.
    #[serde(default, skip_serializing_if = "Movement::is_empty")]
    pub movement: Movement,
    /// Languages added to the monster's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(
        length(max = crate::limits::WORDS.max),
        inner(pattern(crate::monster::one_line::PATTERN))
    )]
    pub languages: Vec<String>,
    /// Resistances added to the monster's, each of value X at its level (R9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::WORDS.max))]
    pub resistances: Vec<DamageType>,
    /// Vulnerabilities added to the monster's, each of value X at its level (R9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::WORDS.max))]
    pub vulnerabilities: Vec<DamageType>,
    /// Immunities added to the monster's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::WORDS.max))]
    pub immunities: Vec<Immunity>,
    /// Traits added to the monster's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::TRAITS.max))]
    pub traits: Vec<Trait>,
    /// Powers added to the monster's, whatever its role.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(length(max = crate::limits::POWERS.max))]
    pub powers: Vec<Power>,
    /// A theme's powers: each member of a group gets the ones of its own role.
    #[serde(
        default,
        skip_serializing_if = "BTreeMap::is_empty",
        deserialize_with = "crate::vocab::unique_keys"
    )]
    #[schemars(schema_with = "crate::monster::template::powers_by_role")]
    pub powers_by_role: BTreeMap<Role, Vec<Power>>,
}

impl KeepsXKeys for MonsterTemplate {
    fn x_keys_at(&mut self, path: &[Seg]) -> Option<&mut XKeys> {
        match path {
            [Seg::Key(k), Seg::Index(i)] if k == "powers" => {
                self.powers.get_mut(*i).map(|p| &mut p.extra)
            }
            [Seg::Key(k), Seg::Index(i)] if k == "traits" => {
                self.traits.get_mut(*i).map(|t| &mut t.extra)
            }
            [Seg::Key(k), Seg::Key(role), Seg::Index(i)] if k == "powers_by_role" => {
                let role: Role = role.parse().ok()?;
                self.powers_by_role
                    .get_mut(&role)?
                    .get_mut(*i)
                    .map(|p| &mut p.extra)
            }
            _ => None,
        }
    }
}

impl MonsterTemplate {
    /// Its lists past their most (`limits`, as a monster's), and its powers' problems.
    pub(crate) fn list_problems(&self) -> Vec<crate::yaml_io::Refused> {
        use crate::limits::{POWERS, TRAITS, WORDS};
        let roles: Vec<(String, usize)> = self
            .powers_by_role
            .iter()
            .map(|(r, list)| {
                (
                    format!("powers_by_role.{}", crate::vocab::Vocabulary::key(*r)),
                    list.len(),
                )
            })
            .collect();
        let mut lists: Vec<(&str, usize, &crate::limits::ListLimit)> = vec![
            ("powers", self.powers.len(), &POWERS),
            ("traits", self.traits.len(), &TRAITS),
            ("tags", self.tags.len(), &WORDS),
            ("skills", self.skills.len(), &WORDS),
            ("senses", self.senses.len(), &WORDS),
            ("languages", self.languages.len(), &WORDS),
            ("resistances", self.resistances.len(), &WORDS),
            ("vulnerabilities", self.vulnerabilities.len(), &WORDS),
            ("immunities", self.immunities.len(), &WORDS),
            ("movement.traits", self.movement.traits.len(), &WORDS),
        ];
        lists.extend(roles.iter().map(|(p, n)| (p.as_str(), *n, &POWERS)));
        let role_paths: Vec<(String, &[Power])> = self
            .powers_by_role
            .iter()
            .map(|(r, list)| {
                (
                    format!("powers_by_role.{}", crate::vocab::Vocabulary::key(*r)),
                    list.as_slice(),
                )
            })
            .collect();
        let mut powers: Vec<(&str, &[Power])> = vec![("powers", self.powers.as_slice())];
        powers.extend(role_paths.iter().map(|(p, l)| (p.as_str(), *l)));
        crate::monster::design::list_refusals("a template", &lists, &powers)
    }

    /// Whether this template is a theme: powers that depend on the member's role.
    pub fn is_theme(&self) -> bool {
        !self.powers_by_role.is_empty()
    }

    /// The undead variant this template makes a monster, if any (R9: corporeal or spirit).
    pub(crate) fn undead_variant(&self) -> Option<Tag> {
        self.tags
            .iter()
            .copied()
            .find(|t| matches!(t, Tag::Undead | Tag::UndeadSpirit))
    }
}

/// Where a template comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TemplateOrigin {
    /// Shipped with lairsmith, from `templates/monster/`.
    Shipped,
    /// The user's own, from their templates directory.
    User,
}

/// One loaded template and its file.
#[derive(Debug, Clone)]
pub struct TemplateEntry {
    /// The template as read.
    pub template: MonsterTemplate,
    /// Whether it is shipped or the user's.
    pub origin: TemplateOrigin,
    /// The file it was read from (for a shipped one, its path in the source tree).
    pub path: PathBuf,
}

/// Every template lairsmith can see (the shipped ones and the user's), and the user files it
/// could not read.
#[derive(Debug, Clone, Default)]
pub struct MonsterTemplates {
    /// Every template read, the shipped ones first.
    pub entries: Vec<TemplateEntry>,
    /// The user's template files that could not be read or were left unread, each with why.
    pub errors: Vec<FileError>,
}

/// Parses one template file, checking what serde cannot: the schema version, the id and name,
/// and the fields printed on one line.
pub fn parse_template(text: &str, path: &Path) -> Result<MonsterTemplate, FileError> {
    let t: MonsterTemplate = yaml_io::parse(text, path)?;
    let line_of = |key: &str| {
        text.lines()
            .position(|l| l.starts_with(key))
            .map_or(1, |i| i + 1)
    };
    if t.schema_version != TEMPLATE_SCHEMA_VERSION {
        return Err(FileError::new(
            path,
            format!(
                "schema_version {} is not supported; this lairsmith reads template files of version {TEMPLATE_SCHEMA_VERSION}",
                t.schema_version
            ),
        )
        .at(line_of("schema_version"), 1));
    }
    check_id(&t.id).map_err(|m| FileError::new(path, m).at(line_of("id:"), 1))?;
    crate::yaml_io::check_name_at(vec![crate::yaml_io::key("name")], "the name", &t.name)
        .map_err(|r| r.in_file(text, path))?;
    if let Some(r) = t.list_problems().into_iter().next() {
        return Err(r.in_file(text, path));
    }
    crate::monster::one_line::check_template(&t).map_err(|r| r.in_file(text, path))?;
    Ok(t)
}

impl MonsterTemplates {
    /// The templates shipped in `templates/monster/`. They are checked by the test suite, so a
    /// parse failure here is a build defect, not a user error.
    pub fn shipped() -> Arc<MonsterTemplates> {
        static T: OnceLock<Arc<MonsterTemplates>> = OnceLock::new();
        T.get_or_init(|| {
            let mut lib = MonsterTemplates::default();
            for (path, text) in MONSTER_TEMPLATE_FILES {
                let template = parse_template(text, Path::new(path))
                    .expect("shipped monster templates are valid");
                lib.entries.push(TemplateEntry {
                    template,
                    origin: TemplateOrigin::Shipped,
                    path: PathBuf::from(path),
                });
            }
            Arc::new(lib)
        })
        .clone()
    }

    /// The shipped templates plus the user's directory (if given and present). A user template
    /// whose id is taken is an error naming both files: one id, one meaning.
    pub fn load(user_dir: Option<&Path>) -> MonsterTemplates {
        let mut lib = (*MonsterTemplates::shipped()).clone();
        let Some(dir) = user_dir else {
            return lib;
        };
        let files = match crate::store::yaml_files(dir) {
            Ok(f) => f,
            Err(e) => {
                lib.errors.push(e);
                return lib;
            }
        };
        let (most, most_bytes) = (
            crate::limits::USER_TEMPLATES.max,
            crate::limits::USER_TEMPLATE_BYTES,
        );
        if files.len() > most {
            lib.errors.push(FileError::new(
                &files[most],
                format!(
                    "{} holds {} template files; lairsmith reads the first {most} by name, so this one and {} more were not read",
                    dir.display(),
                    files.len(),
                    files.len() - most - 1
                ),
            ));
        }
        let mut total = 0usize;
        for f in files.into_iter().take(most) {
            // The size is taken before reading, so a library of large files is never read past
            // the limit; the bytes read are what count, as a file may grow meanwhile.
            let over = |total: usize| {
                FileError::new(
                    &f,
                    format!(
                        "the template files read before it and this one hold {total} bytes; lairsmith reads at most {most_bytes} bytes of templates in all, so this one was not read"
                    ),
                )
            };
            let size =
                std::fs::metadata(&f).map_or(0, |m| usize::try_from(m.len()).unwrap_or(usize::MAX));
            let parsed = if total.saturating_add(size) > most_bytes {
                total = total.saturating_add(size);
                Err(over(total))
            } else {
                crate::store::read_limited(&f).and_then(|bytes| {
                    total += bytes.len();
                    if total > most_bytes {
                        return Err(over(total));
                    }
                    parse_template(yaml_io::utf8_text(&bytes, &f)?, &f)
                })
            };
            match parsed {
                Ok(template) => {
                    if let Some(other) = lib.entry(&template.id) {
                        lib.errors.push(FileError::new(
                            &f,
                            format!(
                                "the template id `{}` is already used by {}; give this template another id",
                                template.id,
                                other.path.display()
                            ),
                        ));
                        continue;
                    }
                    lib.entries.push(TemplateEntry {
                        template,
                        origin: TemplateOrigin::User,
                        path: f,
                    });
                }
                Err(e) => lib.errors.push(e),
            }
        }
        lib
    }

    /// The loaded template of `id`, with where it comes from.
    pub fn entry(&self, id: &str) -> Option<&TemplateEntry> {
        self.entries.iter().find(|e| e.template.id == id)
    }

    /// The template of `id`, if one has it.
    pub fn get(&self, id: &str) -> Option<&MonsterTemplate> {
        self.entry(id).map(|e| &e.template)
    }

    /// The template of `id`, or an error naming the closest ids and every valid one.
    pub fn find(&self, id: &str) -> Result<&MonsterTemplate, crate::vocab::UnknownValue> {
        self.get(id).ok_or_else(|| {
            // A file named for the id that was refused says why, rather than "unknown".
            match self
                .errors
                .iter()
                .find(|e| e.path.file_stem().is_some_and(|s| s == id))
            {
                Some(e) => crate::vocab::UnknownValue::out_of_range(
                    "template",
                    id,
                    format!("its file was not read: {e}"),
                ),
                None => crate::vocab::UnknownValue::new(
                    "template",
                    id,
                    self.entries.iter().map(|e| e.template.id.as_str()),
                ),
            }
        })
    }

    /// The templates in `ids` that are not known, in order.
    pub fn unknown<'a>(&self, ids: &'a [String]) -> Vec<&'a str> {
        ids.iter()
            .filter(|id| self.get(id).is_none())
            .map(String::as_str)
            .collect()
    }
}

/// A template's `powers_by_role:`: for each role, its list of powers.
pub(crate) fn powers_by_role(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let power = generator.subschema_for::<Power>().to_value();
    let mut s = crate::vocab::keyed_by::<Role>(|_| {
        serde_json::json!({
            "type": "array",
            "items": power,
            "maxItems": crate::limits::POWERS.max,
        })
    });
    s.insert(
        "description".into(),
        "A theme's powers: each member of a group gets the ones of its own role.".into(),
    );
    s
}
