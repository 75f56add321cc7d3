//! Fight files in the data directory (`fights/<id>.yaml`): made once from an encounter, then
//! changed one step at a time under the file's lock and written atomically, so a second
//! process (the players' view, another terminal) never sees half a fight and a terminal that
//! dies mid-fight loses nothing. How the text is laid out is [`crate::fight::layout`].

use crate::data_dir::{DataDir, names_a_file};
use crate::encounter::error::DataError;
use crate::fight::file::{FIGHT_SCHEMA_VERSION, FIGHT_SCHEMA_VERSIONS, Fight};
use crate::fight::history::History;
use crate::fight::layout::{self, Document, Head, Parts};
use crate::fight::model::FightState;
use crate::fight::refused::{FightError, FightRefused};
use crate::store::{Expect, Fingerprint, save_atomic, update_locked};
use crate::yaml_io::{FileError, Refused, Seg, key};
use std::path::{Path, PathBuf};

/// Where the fights live.
pub fn fights_dir(data: &DataDir) -> PathBuf {
    data.root.join("fights")
}

/// The file a command-line word names: a path when it has a slash or a `.yaml` ending, else
/// the id of a fight in the data directory.
pub fn fight_path(data: &DataDir, word: &str) -> Result<PathBuf, FightError> {
    if names_a_file(word) {
        return Ok(PathBuf::from(word));
    }
    crate::monster::design::check_id(word).map_err(|e| DataError::BadId(e.to_string()))?;
    let path = crate::store::path_in(&fights_dir(data), word, "yaml")
        .map_err(|e| DataError::BadId(e.to_string()))?;
    if !path.exists() {
        let ids = ids(data);
        let near = crate::vocab::closest(word, ids.iter().map(String::as_str));
        return Err(FightRefused::NoSuchFight {
            id: word.to_owned(),
            suggestion: near.map(str::to_owned),
            ids,
        }
        .into());
    }
    Ok(path)
}

/// The ids of the saved fights, sorted.
pub fn ids(data: &DataDir) -> Vec<String> {
    crate::store::yaml_ids(&fights_dir(data)).unwrap_or_default()
}

/// Parses a fight file, checking what serde cannot: its version, the length of its lists and
/// the range of its numbers, and that its state is its start with its steps replayed. A file
/// lairsmith wrote and nobody changed is taken as written ([`layout`]); any other is replayed
/// (the steps are the truth: a `now:` edited by hand is made again from them, and a step that no
/// longer applies is an error naming it).
pub fn parse_fight(text: &str, path: &Path) -> Result<Fight, FileError> {
    let text = crate::yaml_io::without_bom(text);
    if let Some(parts) = layout::split(text)
        && let Some(f) = read_laid_out(text, &parts, path)?
    {
        return Ok(f);
    }
    read_as_yaml(text, path)
}

/// A file of version 2 whose body is JSON lines, read without parsing the body as YAML;
/// `None` when it is not such a file (then it is read as plain YAML). When the check matches
/// and the state now is whole, the state is taken as written and the steps are kept unparsed.
fn read_laid_out(text: &str, parts: &Parts<'_>, path: &Path) -> Result<Option<Fight>, FileError> {
    let head: Head =
        crate::yaml_io::parse_within(parts.head, path, crate::yaml_io::MAX_FIGHT_NODES)?;
    if head.schema_version != FIGHT_SCHEMA_VERSION || !head.now.log.is_empty() {
        return Ok(None);
    }
    let checks = parts.checks();
    let Some((start, history)) = layout::read_body(parts.body, checks.then_some(parts.values))
    else {
        return Ok(None);
    };
    let trusted = checks && crate::fight::consistent::check(&head.now).is_ok();
    let mut f = fight_of(head, start, history);
    if !trusted && let Err(u) = f.history.parse_all() {
        return Err(layout::step_error(
            parts,
            u.step - 1,
            path,
            format!("step {}: {}", u.step, u.why),
        ));
    }
    check_bounds(&f).map_err(|r| r.in_file(text, path))?;
    if !trusted {
        f.rebuild()
            .map_err(|(n, why)| layout::step_error(parts, n - 1, path, no_longer(n, &why)))?;
    }
    Ok(Some(f))
}

/// A fight file read whole as YAML (version 1, or version 2 changed by hand or by another
/// tool), its state made again from its steps.
fn read_as_yaml(text: &str, path: &Path) -> Result<Fight, FileError> {
    let doc: Document = crate::yaml_io::parse_within(text, path, crate::yaml_io::MAX_FIGHT_NODES)?;
    if !FIGHT_SCHEMA_VERSIONS.contains(&doc.schema_version) {
        return Err(FileError::new(
            path,
            format!(
                "schema_version {} is not supported; this lairsmith reads fight files of versions 1 and {FIGHT_SCHEMA_VERSION}",
                doc.schema_version
            ),
        ));
    }
    check_count(doc.steps.len(), text, path)?;
    let mut records = Vec::with_capacity(doc.steps.len());
    for (i, v) in doc.steps.into_iter().enumerate() {
        let (step, log) = layout::record_from_yaml(v).map_err(|m| {
            Refused::new(
                vec![key("steps"), Seg::Index(i)],
                format!("step {}: {m}", i + 1),
            )
            .in_file(text, path)
        })?;
        records.push(crate::fight::history::Record { step, log });
    }
    let head = Head {
        kind: doc.kind,
        schema_version: doc.schema_version,
        name: doc.name,
        encounter: doc.encounter,
        adventure: doc.adventure,
        party: doc.party,
        seed: doc.seed,
        uid: doc.uid,
        awarded: doc.awarded,
        awarding: doc.awarding,
        now: doc.now,
        _start: None,
        _steps: None,
        _check: None,
        extra: doc.extra,
    };
    let mut f = fight_of(head, doc.start, History::of(records));
    check_bounds(&f).map_err(|r| r.in_file(text, path))?;
    f.rebuild().map_err(|(n, why)| {
        Refused::new(vec![key("steps"), Seg::Index(n - 1)], no_longer(n, &why)).in_file(text, path)
    })?;
    Ok(f)
}

fn no_longer(n: usize, why: &str) -> String {
    format!("step {n} no longer applies to the fight as it stood: {why}")
}

fn check_count(n: usize, text: &str, path: &Path) -> Result<(), FileError> {
    crate::limits::FIGHT_STEPS
        .check(n, "a fight")
        .map_err(|m| Refused::new(vec![key("steps")], m).in_file(text, path))
}

/// The fight a head, a start and steps make (its state now as the head has it).
fn fight_of(head: Head, start: FightState, history: History) -> Fight {
    let uid = if head.uid.is_empty() {
        crate::fight::file::new_uid()
    } else {
        head.uid
    };
    Fight {
        kind: head.kind,
        schema_version: head.schema_version,
        name: head.name,
        encounter: head.encounter,
        adventure: head.adventure,
        party: head.party,
        seed: head.seed,
        uid,
        now: head.now,
        start,
        history,
        awarded: head.awarded,
        awarding: head.awarding,
        extra: head.extra,
    }
}

/// Every list, number and text of the fight in its range ([`crate::fight::numbers`]), at its
/// path in the file: the steps parsed (the others were checked when they were written).
fn check_bounds(f: &Fight) -> Result<(), Refused> {
    if let Err(m) = crate::limits::FIGHT_STEPS.check(f.history.len(), "a fight") {
        return Err(Refused::new(vec![key("steps")], m));
    }
    crate::fight::numbers::check(f)
}

/// Reads a fight file, and the fingerprint of the bytes read (a change made from this copy
/// must find the file unchanged).
pub fn load_fight(path: &Path) -> Result<(Fight, Fingerprint), DataError> {
    let bytes = crate::store::read_limited(path)?;
    let text = std::str::from_utf8(&bytes).map_err(|_| DataError::NotUtf8(path.to_owned()))?;
    Ok((parse_fight(text, path)?, Fingerprint::of_bytes(&bytes)))
}

/// The text of a fight file holding `f`, in the layout lairsmith writes ([`layout`]).
pub fn to_text(f: &Fight) -> String {
    let head = crate::yaml_io::to_string(&layout::head_of(f));
    layout::assemble(&head, &layout::body_of(f))
}

/// The text to write over `old` (the file `f` was read from) so that it holds `f` with the
/// `x-` values of its head as `old` wrote them.
fn text_over(old: &str, f: &Fight, path: &Path) -> Result<String, DataError> {
    let old = crate::yaml_io::without_bom(old);
    let old_head = layout::split(old).map_or(old, |p| p.head);
    let head = crate::yaml_keep::text_to_save(old_head, &layout::head_of(f), path)?;
    Ok(layout::assemble(&head, &layout::body_of(f)))
}

/// Writes a new fight as `fights/<id>.yaml`, `<id>` the encounter's id, or `<id>-2` and on when
/// that is taken. Returns the path and the file's fingerprint.
pub(crate) fn create_fight(
    data: &DataDir,
    f: &Fight,
) -> Result<(PathBuf, Fingerprint), FightError> {
    let most = crate::limits::FIGHT_COMBATANTS;
    most.check(f.start.combatants.len(), "a fight")
        .map_err(|e| DataError::BadName(e.to_string()))?;
    let base = crate::monster::slugify(&f.encounter);
    let taken = ids(data);
    let id = (1..)
        .map(|n| {
            if n == 1 {
                base.clone()
            } else {
                format!("{base}-{n}")
            }
        })
        .find(|id| !taken.contains(id))
        .unwrap_or(base);
    let path = crate::store::path_in(&fights_dir(data), &id, "yaml")
        .map_err(|e| DataError::BadId(e.to_string()))?;
    let text = to_text(f);
    room_for(&text, f, &path)?;
    let print = save_atomic(&path, text.as_bytes(), Expect::New)?;
    Ok((path, print))
}

/// Refuses to write `text`, fight `f`'s file, when lairsmith would not read it back: a list,
/// number or text out of its range, or a file past [`crate::yaml_io::MAX_FILE_BYTES`] or
/// [`crate::yaml_io::MAX_FIGHT_NODES`]. Until the fight ends, a twentieth of both is kept for its
/// end, so that a full fight can still be ended.
fn room_for(text: &str, f: &Fight, path: &Path) -> Result<(), FightError> {
    use crate::yaml_io::{MAX_FIGHT_NODES, MAX_FILE_BYTES};
    check_bounds(f).map_err(|r| FightRefused::OutOfBounds(r.message))?;
    let share = |n: usize| if f.now.ended.is_some() { n } else { n - n / 20 };
    let full = |why: String| FightRefused::FileFull(FileError::new(path, why));
    if text.len() > share(MAX_FILE_BYTES) {
        return Err(full(format!(
            "it would be {} bytes, past the {} this change may take it to",
            text.len(),
            share(MAX_FILE_BYTES)
        ))
        .into());
    }
    if let Some(p) = layout::split(text) {
        // The steps' values, as the check line records them, and the start's; the head has
        // what they leave, which the guard counts (or a small head cannot reach).
        let start_line = p.body.split_once('\n').map_or(p.body, |(l, _)| l);
        let body = p.values + crate::fight::history::json_nodes(start_line);
        let budget = share(MAX_FIGHT_NODES).saturating_sub(body);
        if budget == 0 {
            return Err(full(format!(
                "it would hold {body} values, past the {} this change may take it to",
                share(MAX_FIGHT_NODES)
            ))
            .into());
        }
        // Without an alias, a value takes two bytes at least: a head that cannot reach the
        // budget skips the guard's count, which costs as much as reading it.
        if p.head.contains('*') || p.head.len() / 2 > budget {
            crate::yaml_io::fits(p.head, path, MAX_FILE_BYTES, budget)
                .map_err(FightRefused::FileFull)?;
        }
    }
    Ok(())
}

/// Changes the fight at `path` under its lock: read, change, write atomically. `x-` values of
/// the file are kept as written. What `change` returned, and the fingerprint of the file as
/// written.
pub fn update_fight<T>(
    path: &Path,
    change: impl FnMut(&mut Fight) -> Result<T, FightError>,
) -> Result<(T, Fingerprint), FightError> {
    update_fight_seen(path, None, change)
}

/// [`update_fight`] for a front end that made the change from its own copy of the fight, read
/// or written with the fingerprint `seen`: refused, with nothing written, when the file is not
/// that copy any more (another terminal stepped or undid, the file was edited).
pub(crate) fn update_fight_seen<T>(
    path: &Path,
    seen: Option<Fingerprint>,
    mut change: impl FnMut(&mut Fight) -> Result<T, FightError>,
) -> Result<(T, Fingerprint), FightError> {
    let mut out = None;
    let written = update_locked(path, |current| {
        let bytes = current.ok_or_else(|| DataError::Missing(path.to_owned()))?;
        let text = std::str::from_utf8(bytes).map_err(|_| DataError::NotUtf8(path.to_owned()))?;
        let mut f = parse_fight(text, path)?;
        if seen.is_some_and(|s| s != Fingerprint::of_bytes(bytes)) {
            return Err(crate::fight::refused::ChangedOnDisk {
                path: path.to_owned(),
                steps: f.history.len(),
            }
            .into());
        }
        out = Some(change(&mut f)?);
        let new = text_over(text, &f, path)?;
        room_for(&new, &f, path)?;
        Ok::<_, FightError>(Some(new.into_bytes()))
    })?;
    let print = written.ok_or_else(|| DataError::Missing(path.to_owned()))?;
    let out = out.ok_or_else(|| DataError::Missing(path.to_owned()))?;
    Ok((out, print))
}
