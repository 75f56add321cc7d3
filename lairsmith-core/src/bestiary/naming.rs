//! How every copy of a monster is named: a duplicate, an edit of a shipped monster, a re-levelled
//! copy and the copy saved when the file changed on disk all follow one rule, so that copies are
//! told apart in the list and in a stat block's text.
//!
//! The rule: a copy takes its original's name and id with the first number from 2 that leaves
//! both unused, "Cinder Matron 2" with the id `cinder-matron-2`; a copy of a numbered copy counts
//! on from its number ("Cinder Matron 2" gives "Cinder Matron 3"). A number, unlike a
//! parenthesised word, reads naturally where a power's text names the monster ("until the end of
//! Cinder Matron 2's next turn"), and the original's name written out in the copy's powers and
//! traits becomes the `{name}` placeholder, so the copy's text names the copy.

use crate::bestiary::Bestiary;
use crate::monster::MonsterDesign;
use crate::monster::design::slugify;
use crate::text::MAX_NAME_CHARS;
use std::collections::HashSet;

/// The name and id a copy is saved under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopyIdentity {
    /// The copy's name: the original's with a number after it ("Goblin 2").
    pub name: String,
    /// The copy's id: the original's with the same number (`goblin-2`), unused in the bestiary.
    pub id: String,
}

/// The name and id of a copy of the monster called `name` with the id `id`: the first number
/// from 2 (or from one past the number a numbered copy already carries) that leaves both the
/// name (compared without case) and the id unused in `b`.
pub fn copy_identity(b: &Bestiary, name: &str, id: &str) -> CopyIdentity {
    // Copies made before this rule were "Name (copy)" with the id `id-copy`: theirs count on
    // from the name without it.
    let (name, id) = match (
        name.trim().strip_suffix(" (copy)"),
        id.strip_suffix("-copy"),
    ) {
        (Some(n), Some(i)) if !n.trim().is_empty() && !i.is_empty() => (n.trim_end(), i),
        _ => (name.trim(), id),
    };
    let (base_name, base_id, first) = numbered_base(name, id);
    let taken = names_starting(b, base_name);
    // Each candidate ends in a different number, so they are all distinct and only finitely
    // many are taken: the search ends.
    (first..=u64::MAX)
        .map(|n| CopyIdentity {
            name: numbered_name(base_name, n),
            id: numbered_id(base_id, n),
        })
        .find(|c| !taken.contains(c.name.to_lowercase().as_str()) && b.get(&c.id).is_none())
        .unwrap_or_else(|| CopyIdentity {
            name: name.to_owned(),
            id: id.to_owned(),
        })
}

/// Gives `d` the name and id of a copy ([`copy_identity`]), and writes its old name, where its
/// powers and traits spell it out as the monster's own, as `{name}`, so the text follows.
pub fn rename_as_copy(b: &Bestiary, d: &mut MonsterDesign) {
    let CopyIdentity { name, id } = copy_identity(b, &d.name, &d.id);
    name_to_placeholder(d);
    d.name = name;
    d.id = id;
}

/// A copy of `d`, named by the rule ([`rename_as_copy`]).
pub fn copy_of(b: &Bestiary, d: &MonsterDesign) -> MonsterDesign {
    let mut copy = d.clone();
    rename_as_copy(b, &mut copy);
    copy
}

/// The name and id a monster made in the Forge is saved under. A copy (of a shipped monster, or
/// of a file that changed on disk) follows the copy rule unless its name was changed to one no
/// other monster has, when it is a new monster under that name; a new monster keeps its name and
/// takes the first free id from its name (`goblin`, `goblin-2`, ...).
pub fn forge_identity(b: &Bestiary, d: &MonsterDesign, copy: bool) -> CopyIdentity {
    // Only a copy asks whether its name is taken; a scan, since the Forge asks on every frame.
    let name_taken = || {
        let lower = d.name.trim().to_lowercase();
        b.names().lower.iter().any(|n| n.trim() == lower)
    };
    if copy && name_taken() {
        return copy_identity(b, &d.name, &d.id);
    }
    let base = slugify(&d.name);
    let id = if b.get(&base).is_none() {
        base
    } else {
        (2..=u64::MAX)
            .map(|n| numbered_id(&base, n))
            .find(|id| b.get(id).is_none())
            .unwrap_or(base)
    };
    CopyIdentity {
        name: d.name.clone(),
        id,
    }
}

/// [`forge_identity`], applied to `d` (with the placeholder substitution of a copy).
pub fn assign_forge_identity(b: &Bestiary, d: &mut MonsterDesign, copy: bool) {
    let CopyIdentity { name, id } = forge_identity(b, d, copy);
    if name != d.name {
        name_to_placeholder(d);
    }
    d.name = name;
    d.id = id;
}

/// Words before a name that make it the name of a kind ("another Brimstone Tallyman"), not of
/// this monster, so the name is left as written there.
const KIND_WORDS: [&str; 9] = [
    "a", "an", "another", "any", "each", "every", "no", "other", "one",
];

/// `text` with `name` written as `{name}` wherever it stands as a whole name and no
/// `KIND_WORDS` word comes just before it.
pub fn with_name_placeholder(text: &str, name: &str) -> String {
    let name = name.trim();
    if name.is_empty() || !text.contains(name) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (at, _) in text.match_indices(name) {
        let (before, after) = (&text[..at], &text[at + name.len()..]);
        let prev = before.chars().next_back();
        let next = after.chars().next();
        let inside_word = prev.is_some_and(|c| is_word_char(c) || c == '{')
            || next.is_some_and(|c| is_word_char(c) || c == '}');
        let kind = prev.is_some_and(char::is_whitespace)
            && before
                .trim_end()
                .rsplit(char::is_whitespace)
                .next()
                .is_some_and(|w| KIND_WORDS.contains(&w.to_lowercase().as_str()));
        if !inside_word && !kind {
            out.push_str(&text[copied..at]);
            out.push_str("{name}");
            copied = at + name.len();
        }
    }
    out.push_str(&text[copied..]);
    out
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_'
}

/// Every text of `d` that names the monster through `{name}` gets its current name replaced so.
fn name_to_placeholder(d: &mut MonsterDesign) {
    let name = d.name.clone();
    let swap = |t: &mut String| *t = with_name_placeholder(t, &name);
    for t in &mut d.traits {
        swap(&mut t.text);
    }
    for p in &mut d.powers {
        for t in [
            &mut p.trigger,
            &mut p.requirements,
            &mut p.hit,
            &mut p.miss,
            &mut p.effect,
            &mut p.secondary_attack,
            &mut p.aftereffect,
            &mut p.special,
        ]
        .into_iter()
        .flatten()
        {
            swap(t);
        }
    }
}

/// The names in use (lower case) that a numbered `base` could clash with: only those starting
/// with it, as the Forge asks on every frame and a bestiary can hold many thousands.
fn names_starting<'a>(b: &'a Bestiary, base: &str) -> HashSet<&'a str> {
    // A long base is cut to make room for the number: every candidate starts with the cut
    // that leaves room for the longest number.
    let prefix = name_cut(base, format!(" {}", u64::MAX).chars().count()).to_lowercase();
    b.names()
        .lower
        .iter()
        .map(|s| s.trim())
        .filter(|s| s.starts_with(prefix.as_str()))
        .collect()
}

/// The name and id without a copy's number, and the number to count on from: "Hedgemaw 2"
/// with `hedgemaw-2` is the base "Hedgemaw", `hedgemaw`, counting from 3. A name ending in a
/// number counts on from it; the id loses its ending only when it is that same number.
fn numbered_base<'a>(name: &'a str, id: &'a str) -> (&'a str, &'a str, u64) {
    let number = |s: &'a str, sep: char| {
        let (base, n) = s.rsplit_once(sep)?;
        let parsed: u64 = n.parse().ok()?;
        let next = parsed.checked_add(1)?;
        let plain = !base.trim().is_empty() && !n.starts_with('0');
        plain.then_some((base.trim_end(), parsed, next.max(2)))
    };
    match number(name, ' ') {
        Some((name_base, n, next)) => {
            let id_base = match number(id, '-') {
                Some((id_base, m, _)) if m == n => id_base,
                _ => id,
            };
            (name_base, id_base, next)
        }
        None => (name, id, 2),
    }
}

/// `base n`, the base cut so that the whole stays within a name's length.
fn numbered_name(base: &str, n: u64) -> String {
    let suffix = format!(" {n}");
    format!("{}{suffix}", name_cut(base, suffix.chars().count()))
}

/// `base` cut to leave room for a suffix of `suffix_chars` characters in a name.
fn name_cut(base: &str, suffix_chars: usize) -> &str {
    let room = MAX_NAME_CHARS.saturating_sub(suffix_chars);
    let end = base.char_indices().nth(room).map_or(base.len(), |(i, _)| i);
    base[..end].trim_end()
}

/// `base-n`, a valid id within an id's length.
fn numbered_id(base: &str, n: u64) -> String {
    let suffix = format!("-{n}");
    let room = MAX_NAME_CHARS.saturating_sub(suffix.len());
    let base = slugify(base);
    // A slug is ASCII, so a byte cut is a character cut.
    let cut = base[..base.len().min(room)].trim_end_matches('-');
    let cut = if cut.is_empty() { "monster" } else { cut };
    format!("{cut}{suffix}")
}
