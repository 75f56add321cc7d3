//! Saving a changed monster by editing only the lines that changed (its `templates:` list, its
//! `level:`), so that applying a template, re-levelling and undoing both gives back the file
//! byte for byte, comments, layout and line breaks included. Every edit is checked by reading
//! the result back; a file whose layout does not allow it is written in the canonical layout
//! instead, with its `x-` values kept as written (`yaml_keep`).

use crate::monster::design::MonsterDesign;
use crate::monster::diagnose::MONSTER_KEYS;
use crate::yaml_keep::{Refused, text_to_save};
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

/// One line of a file: its text and its line break (`""` for a last line without one).
#[derive(Debug, Clone)]
struct Line {
    text: String,
    end: String,
}

/// A file's lines, line breaks kept as written, so that an edit touches no other byte.
struct Lines {
    lines: Vec<Line>,
    /// The line break new lines get: the file's own.
    eol: &'static str,
}

impl Lines {
    fn of(text: &str) -> Lines {
        let lines: Vec<Line> = text
            .split_inclusive('\n')
            .map(|l| {
                let (text, end) = match l.strip_suffix("\r\n") {
                    Some(t) => (t, "\r\n"),
                    None => match l.strip_suffix('\n') {
                        Some(t) => (t, "\n"),
                        None => (l, ""),
                    },
                };
                Line {
                    text: text.to_owned(),
                    end: end.to_owned(),
                }
            })
            .collect();
        let eol = match lines.iter().find(|l| !l.end.is_empty()) {
            Some(l) if l.end == "\r\n" => "\r\n",
            _ => "\n",
        };
        Lines { lines, eol }
    }

    /// Puts `texts` in as lines before line `at` (`at` may be the number of lines).
    fn insert(&mut self, at: usize, texts: Vec<String>) {
        let mut new: Vec<Line> = texts
            .into_iter()
            .map(|text| Line {
                text,
                end: self.eol.to_owned(),
            })
            .collect();
        if at == self.lines.len()
            && let Some(last) = self.lines.last_mut()
            && last.end.is_empty()
        {
            // The file ends without a line break, and still does after the new lines.
            last.end = self.eol.to_owned();
            if let Some(l) = new.last_mut() {
                l.end.clear();
            }
        }
        self.lines.splice(at..at, new);
    }

    fn remove(&mut self, at: usize) {
        let removed = self.lines.remove(at);
        if at == self.lines.len()
            && removed.end.is_empty()
            && let Some(last) = self.lines.last_mut()
        {
            last.end.clear();
        }
    }

    fn text(&self) -> String {
        self.lines
            .iter()
            .flat_map(|l| [&l.text, &l.end])
            .map(String::as_str)
            .collect()
    }
}

/// A template id as a list item writes it: a plain word, or one in simple quotes.
fn item_id(text: &str) -> Option<&str> {
    let unquoted = match text.as_bytes().first() {
        Some(q @ (b'"' | b'\'')) => {
            let q = char::from(*q);
            text.strip_prefix(q)?.strip_suffix(q)?
        }
        _ => text,
    };
    let plain = !unquoted.is_empty()
        && unquoted
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    plain.then_some(unquoted)
}

/// The text of `text` before a comment (` # ...`), without trailing spaces.
fn before_comment(text: &str) -> &str {
    let cut = text
        .char_indices()
        .find(|&(i, c)| c == '#' && (i == 0 || text[..i].ends_with([' ', '\t'])))
        .map_or(text.len(), |(i, _)| i);
    text[..cut].trim_end_matches([' ', '\t'])
}

/// How `old` becomes `new` by taking out the ids `new` does not hold and adding its others at
/// the end: the places to take out, one after the other (each in the list as it is by then),
/// and the ids to add. `None` when `new` is not reached that way (it reorders the list).
fn plan(old: &[String], new: &[String]) -> Option<(Vec<usize>, Vec<String>)> {
    let mut list = old.to_vec();
    let mut removals = Vec::new();
    while let Some(i) = list.iter().position(|id| !new.contains(id)) {
        removals.push(i);
        list.remove(i);
    }
    let added: Vec<String> = new.iter().filter(|id| !old.contains(id)).cloned().collect();
    list.extend(added.iter().cloned());
    (list == new).then_some((removals, added))
}

/// A flow list `[a, b]` on one line: what is around its items, kept as written.
struct Flow {
    /// The line up to and with `[`, and from `]` on.
    head: String,
    tail: String,
    /// Spaces after `[` and before `]`; an empty list's inside is all `lead`.
    lead: String,
    trail: String,
    items: Vec<String>,
    /// What stands between items: `seps[i]` between items `i` and `i + 1`.
    seps: Vec<String>,
}

impl Flow {
    fn parse(line: &str, bracket: usize) -> Option<Flow> {
        let close = bracket + line[bracket..].find(']')?;
        let after = line[close + 1..].trim_start_matches([' ', '\t']);
        if !after.is_empty() && !after.starts_with('#') {
            return None;
        }
        let inner = &line[bracket + 1..close];
        let lead_len = inner.len() - inner.trim_start_matches([' ', '\t']).len();
        let mut flow = Flow {
            head: line[..=bracket].to_owned(),
            tail: line[close..].to_owned(),
            lead: inner[..lead_len].to_owned(),
            trail: String::new(),
            items: Vec::new(),
            seps: Vec::new(),
        };
        let body = &inner[lead_len..];
        if body.is_empty() {
            return Some(flow);
        }
        let trimmed = body.trim_end_matches([' ', '\t']);
        flow.trail = body[trimmed.len()..].to_owned();
        let mut at = 0;
        loop {
            let comma = trimmed[at..].find(',').map(|i| at + i);
            let item = &trimmed[at..comma.unwrap_or(trimmed.len())];
            let id = item.trim_end_matches([' ', '\t']);
            if item_id(id)? != id {
                // Quoted ids in a flow list are rewritten by the canonical writer instead.
                return None;
            }
            flow.items.push(id.to_owned());
            let Some(comma) = comma else {
                break;
            };
            let next = trimmed[comma + 1..].trim_start_matches([' ', '\t']);
            let next_at = trimmed.len() - next.len();
            flow.seps.push(trimmed[at + id.len()..next_at].to_owned());
            at = next_at;
        }
        Some(flow)
    }

    fn remove(&mut self, i: usize) {
        self.items.remove(i);
        if i > 0 {
            self.seps.remove(i - 1);
        } else if !self.seps.is_empty() {
            self.seps.remove(0);
        }
        if self.items.is_empty() {
            self.trail.clear();
        }
    }

    fn append(&mut self, id: &str) {
        if self.items.is_empty() {
            // `[ ]` becomes `[ veteran ]`, and back.
            self.trail.clone_from(&self.lead);
        } else {
            let sep = self.seps.last().cloned().unwrap_or_else(|| ", ".to_owned());
            self.seps.push(sep);
        }
        self.items.push(id.to_owned());
    }

    fn text(&self) -> String {
        let mut s = format!("{}{}", self.head, self.lead);
        for (i, item) in self.items.iter().enumerate() {
            if i > 0 {
                s.push_str(&self.seps[i - 1]);
            }
            s.push_str(item);
        }
        s.push_str(&self.trail);
        s.push_str(&self.tail);
        s
    }
}

/// `text` with its `templates:` list, which holds `old`, made `ids`, touching no other line and
/// keeping the list's own layout: a flow list stays a flow list with its spacing, a block list
/// keeps its indentation, comment lines and line breaks. `None` if the file's layout is not one
/// this follows (the caller then writes the canonical file).
fn edit_lines(text: &str, old: &[String], ids: &[String]) -> Option<String> {
    let (removals, added) = plan(old, ids)?;
    let mut lines = Lines::of(text);
    let Some(key) = lines
        .lines
        .iter()
        .position(|l| top_key(&l.text) == Some("templates"))
    else {
        if !old.is_empty() {
            return None;
        }
        if ids.is_empty() {
            return Some(text.to_owned());
        }
        let at = lines
            .lines
            .iter()
            .position(|l| top_key(&l.text).is_some_and(|k| keys_after_templates().contains(&k)))
            .or_else(|| {
                // A file with nothing after its tags ends with them.
                lines
                    .lines
                    .iter()
                    .position(|l| top_key(&l.text) == Some("type"))?;
                Some(lines.lines.len())
            })?;
        let mut block = vec!["templates:".to_owned()];
        block.extend(ids.iter().map(|id| format!("- {id}")));
        lines.insert(at, block);
        return Some(lines.text());
    };
    let line = &lines.lines[key].text;
    let colon = line.find(':')?;
    let rest = line[colon + 1..].trim_start_matches([' ', '\t']);
    if rest.starts_with('[') {
        let mut flow = Flow::parse(line, line.len() - rest.len())?;
        if flow.items != old {
            return None;
        }
        for i in removals {
            flow.remove(i);
        }
        for id in &added {
            flow.append(id);
        }
        lines.lines[key].text = flow.text();
        return Some(lines.text());
    }
    if !rest.is_empty() && !rest.starts_with('#') {
        return None;
    }
    // The block list: item lines at one indentation, with comment and blank lines among them.
    let mut items: Vec<usize> = Vec::new();
    let mut indent: Option<usize> = None;
    for (j, l) in lines.lines.iter().enumerate().skip(key + 1) {
        let body = l.text.trim_start_matches(' ');
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        let at = l.text.len() - body.len();
        let Some(item) = body
            .strip_prefix('-')
            .filter(|r| r.is_empty() || r.starts_with([' ', '\t']))
        else {
            if at == 0 && !body.starts_with('\t') {
                break;
            }
            return None;
        };
        if *indent.get_or_insert(at) != at {
            return None;
        }
        let id = item_id(before_comment(item.trim_start_matches([' ', '\t'])))?;
        if old.get(items.len()).map(String::as_str) != Some(id) {
            return None;
        }
        items.push(j);
    }
    if items.len() != old.len() {
        return None;
    }
    // Taking the last item off a bare `templates:` takes the key too: the block a template
    // added to a file without one goes again. A key with a comment or spaces after it, or
    // comment lines among its items, stays.
    let bare = lines.lines[key].text == "templates:"
        && items
            .last()
            .is_none_or(|&last| (key + 1..=last).all(|j| items.contains(&j)));
    let mut remaining = items.clone();
    for i in removals {
        let j = remaining.remove(i);
        lines.remove(j);
        for r in &mut remaining {
            if *r > j {
                *r -= 1;
            }
        }
    }
    if !added.is_empty() {
        let at = remaining.last().map_or(key + 1, |j| j + 1);
        let pad = " ".repeat(indent.unwrap_or(0));
        lines.insert(at, added.iter().map(|id| format!("{pad}- {id}")).collect());
    } else if ids.is_empty() && bare {
        lines.remove(key);
    }
    Some(lines.text())
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
/// `level:` line and the `templates:` lines change when nothing else did and the file's layout
/// allows; otherwise the canonical layout with the file's `x-` values kept as written
/// (`yaml_keep::text_to_save`), or why they cannot be.
pub fn save_text(
    text: &str,
    loaded: &MonsterDesign,
    wanted: &MonsterDesign,
    path: &Path,
) -> Result<String, Refused> {
    let mut same_but = loaded.clone();
    same_but.level = wanted.level;
    same_but.templates.clone_from(&wanted.templates);
    if same_but == *wanted {
        let mut edited = Some(text.to_owned());
        if loaded.level != wanted.level {
            edited = edited.and_then(|t| set_scalar(&t, "level", &wanted.level.to_string()));
        }
        if loaded.templates != wanted.templates {
            edited = edited.and_then(|t| edit_lines(&t, &loaded.templates, &wanted.templates));
        }
        // Only lines outside every `x-` value changed, so a text that reads back as the
        // design keeps them.
        if let Some(e) = edited
            && crate::monster::parse_monster(&e, path).is_ok_and(|d| d == *wanted)
        {
            return Ok(e);
        }
    }
    text_to_save(text, wanted, path)
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
        let added = edit_lines(text, &[], &ids(&["veteran"])).unwrap();
        assert_eq!(
            added,
            "# mine\nkind: monster\ntype: beast\ntags:\n- fire\ntemplates:\n- veteran\nalignment: evil # keep\npowers: []\n"
        );
        assert_eq!(edit_lines(&added, &ids(&["veteran"]), &[]).unwrap(), text);
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
            edit_lines(text, &ids(&["a", "b"]), &ids(&["a"])).unwrap(),
            "type: beast\ntemplates:\n- a\n  # note\npowers: []\n"
        );
    }
}
