//! A monster file: its text parsed into a design, checked for what serde cannot check (the
//! schema version, the id's form, the name), and read from disk with its fingerprint.

use crate::monster::design::{MONSTER_SCHEMA_VERSION, MonsterDesign};
use crate::store::{Fingerprint, read_stamped};
use crate::yaml_io::{self, FileError};
use std::path::Path;

/// Parses one monster file's text, checking what serde cannot: the schema version, the id's
/// form and the name ([`MonsterDesign::check`]).
pub fn parse_monster(text: &str, path: &Path) -> Result<MonsterDesign, FileError> {
    let design: MonsterDesign = yaml_io::parse(text, path).map_err(|e| {
        // A stat block exported before it carried `kind: stat-block`.
        let top = |k: &str| text.lines().any(|l| l.starts_with(k));
        if !top("kind:") && top("xp:") && top("defenses:") {
            FileError::new(path, yaml_io::STAT_BLOCK_NOT_DESIGN).at(1, 1)
        } else {
            e
        }
    })?;
    if let Some(msg) = schema_problem(design.schema_version) {
        let line = text
            .lines()
            .position(|l| l.starts_with("schema_version"))
            .map_or(1, |i| i + 1);
        return Err(FileError::new(path, msg).at(line, 1));
    }
    design.check().map_err(|r| r.in_file(text, path))?;
    Ok(design)
}

/// Why a monster file's `schema_version` cannot be read, if it cannot.
pub(crate) fn schema_problem(version: u32) -> Option<String> {
    match version.cmp(&MONSTER_SCHEMA_VERSION) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => Some(format!(
            "schema_version {version} is newer than this lairsmith reads ({MONSTER_SCHEMA_VERSION}); update lairsmith"
        )),
        std::cmp::Ordering::Less => Some(format!(
            "schema_version {version} is not supported; this lairsmith reads {MONSTER_SCHEMA_VERSION}"
        )),
    }
}

/// Reads and parses one monster file from disk.
pub fn load_file(path: &Path) -> Result<(MonsterDesign, Fingerprint), FileError> {
    let (bytes, _) = read_stamped(path)?;
    let design = parse_bytes(&bytes, path)?;
    Ok((design, Fingerprint::of_bytes(&bytes)))
}

pub(crate) fn parse_bytes(bytes: &[u8], path: &Path) -> Result<MonsterDesign, FileError> {
    parse_monster(yaml_io::utf8_text(bytes, path)?, path)
}
