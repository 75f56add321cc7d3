//! Saving a changed monster by editing only the lines that changed (its `templates:` list, its
//! `level:`), so that applying a template, re-levelling and undoing both gives back the file
//! byte for byte, comments and layout included. Every edit is checked by reading the result
//! back; a file whose layout does not allow it is written in the canonical layout instead.

use crate::monster::design::MonsterDesign;
use crate::monster::diagnose::MONSTER_KEYS;
use std::path::Path;

/// The top-level keys a canonical file writes after `templates:` (the schema order of
/// [`MONSTER_KEYS`]); a new `templates:` block goes before the first of them that the file has.
fn keys_after_templates() -> &'static [&'static str] {
    let at = MONSTER_KEYS
        .iter()
        .position(|k| *k == "templates")
        .map_or(MONSTER_KEYS.len(), |i| i + 1);
    &MONSTER_KEYS[at..]
}

/// The top-level key a line starts, if it starts one.
fn top_key(line: &str) -> Option<&str> {
    if line.starts_with([' ', '\t', '-', '#']) {
        return None;
    }
    let (key, _) = line.split_once(':')?;
    Some(key.trim())
}

/// The lines `templates:` and its items span: from the key to before the next line at the
/// left margin that is not a sequence item.
fn block_end(lines: &[&str], start: usize) -> usize {
    let mut end = start + 1;
    while end < lines.len() {
        let l = lines[end];
        if l.starts_with([' ', '\t', '-']) {
            end += 1;
        } else {
            break;
        }
    }
    end
}

fn render(ids: &[String]) -> Vec<String> {
    if ids.is_empty() {
        return Vec::new();
    }
    let mut out = vec!["templates:".to_owned()];
    out.extend(ids.iter().map(|id| format!("- {id}")));
    out
}

/// `text` with its `templates:` list made `ids`, touching no other line; `None` if the file's
/// layout does not allow that (the caller then writes the canonical file).
fn edit_lines(text: &str, ids: &[String]) -> Option<String> {
    let ends_with_newline = text.ends_with('\n');
    let lines: Vec<&str> = text.lines().collect();
    let new_block = render(ids);
    let mut out: Vec<String> = Vec::with_capacity(lines.len() + new_block.len());
    if let Some(start) = lines.iter().position(|l| top_key(l) == Some("templates")) {
        let end = block_end(&lines, start);
        out.extend(lines[..start].iter().map(|s| (*s).to_owned()));
        out.extend(new_block);
        out.extend(lines[end..].iter().map(|s| (*s).to_owned()));
    } else {
        if ids.is_empty() {
            return Some(text.to_owned());
        }
        let at = lines
            .iter()
            .position(|l| top_key(l).is_some_and(|k| keys_after_templates().contains(&k)))
            .or_else(|| {
                // A file with nothing after its tags ends with them.
                lines.iter().position(|l| top_key(l) == Some("type"))?;
                Some(lines.len())
            })?;
        out.extend(lines[..at].iter().map(|s| (*s).to_owned()));
        out.extend(new_block);
        out.extend(lines[at..].iter().map(|s| (*s).to_owned()));
    }
    let mut s = out.join("\n");
    if ends_with_newline || s.is_empty() {
        s.push('\n');
    }
    Some(s)
}

/// `text` with the value of the top-level scalar line `key: ...` made `value`, keeping every
/// other character of the line (spacing, a comment); `None` if there is no such line.
fn set_scalar(text: &str, key: &str, value: &str) -> Option<String> {
    let mut found = false;
    let mut out = String::with_capacity(text.len() + 8);
    for line in text.split_inclusive('\n') {
        if !found && top_key(line) == Some(key) {
            let (head, rest) = line.split_once(':')?;
            let lead = rest.len() - rest.trim_start_matches([' ', '\t']).len();
            let old = &rest[lead..];
            let tail = old.find(char::is_whitespace).map_or("", |i| &old[i..]);
            out.push_str(&format!("{head}:{}{value}{tail}", &rest[..lead]));
            found = true;
        } else {
            out.push_str(line);
        }
    }
    found.then_some(out)
}

/// The file text that holds `wanted`, an edit of `loaded` (the design `text` holds): only the
/// `level:` line and the `templates:` lines change when nothing else did; otherwise the
/// canonical layout.
pub fn save_text(
    text: &str,
    loaded: &MonsterDesign,
    wanted: &MonsterDesign,
    path: &Path,
) -> String {
    let mut same_but = loaded.clone();
    same_but.level = wanted.level;
    same_but.templates.clone_from(&wanted.templates);
    if same_but == *wanted {
        let mut edited = Some(text.to_owned());
        if loaded.level != wanted.level {
            edited = edited.and_then(|t| set_scalar(&t, "level", &wanted.level.to_string()));
        }
        if loaded.templates != wanted.templates {
            edited = edited.and_then(|t| edit_lines(&t, &wanted.templates));
        }
        if let Some(e) = edited
            && crate::bestiary::parse_monster(&e, path).is_ok_and(|d| d == *wanted)
        {
            return e;
        }
    }
    crate::yaml_io::to_string(wanted)
}

/// The file text that holds `design` with `ids` as its templates. Edits the `templates:` lines
/// of `text` when the result reads back as exactly that design; otherwise writes the design in
/// the canonical layout.
pub fn with_templates(text: &str, design: &MonsterDesign, ids: &[String], path: &Path) -> String {
    let mut wanted = design.clone();
    wanted.templates = ids.to_vec();
    save_text(text, design, &wanted, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn a_block_is_inserted_before_the_first_later_key_and_removed_again() {
        let text = "# mine\nkind: monster\ntype: beast\ntags:\n- fire\nalignment: evil # keep\npowers: []\n";
        let added = edit_lines(text, &ids(&["veteran"])).unwrap();
        assert_eq!(
            added,
            "# mine\nkind: monster\ntype: beast\ntags:\n- fire\ntemplates:\n- veteran\nalignment: evil # keep\npowers: []\n"
        );
        assert_eq!(edit_lines(&added, &[]).unwrap(), text);
    }

    #[test]
    fn a_scalar_line_keeps_its_comment() {
        assert_eq!(
            set_scalar("id: x\nlevel: 5   # was 4\nrank: elite\n", "level", "17").unwrap(),
            "id: x\nlevel: 17   # was 4\nrank: elite\n"
        );
        assert_eq!(set_scalar("id: x\n", "level", "7"), None);
    }

    #[test]
    fn an_existing_list_is_replaced_in_place() {
        let text = "type: beast\ntemplates:\n- a\n  # note\n- b\npowers: []\n";
        assert_eq!(
            edit_lines(text, &ids(&["a"])).unwrap(),
            "type: beast\ntemplates:\n- a\npowers: []\n"
        );
    }
}
