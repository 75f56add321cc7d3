//! When two names of one monster's traits, powers or variants are the same name: one rule for
//! the lint, the Forge and the Obsidian export.
//!
//! Fantasy Statblocks keeps one entry per name in each list it draws as traits (javalent/
//! fantasy-statblocks 4.10.3, `src/view/statblock.ts`, `$TRAIT_MAP.set(trait.name, trait)`), so
//! a second "Bite" replaces the first. The rule here is stricter than the plugin's exact match:
//! names that differ only in case or surrounding spaces are the same to a reader at the table.

/// The form two names are compared in.
pub(crate) fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// Whether `a` and `b` are the same name.
pub fn same_name(a: &str, b: &str) -> bool {
    name_key(a) == name_key(b)
}

/// For each name of a list, the earlier entry with the same name, if any: `(later, earlier)`
/// positions, each later entry paired with the first one of its name.
pub(crate) fn repeated<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<(usize, usize)> {
    let mut first: Vec<(String, usize)> = Vec::new();
    let mut out = Vec::new();
    for (i, n) in names.into_iter().enumerate() {
        let k = name_key(n);
        match first.iter().find(|(f, _)| *f == k) {
            Some((_, j)) => out.push((i, *j)),
            None => first.push((k, i)),
        }
    }
    out
}

/// The names of a list made distinct: a repeated name gets the first free number after it,
/// "Bite (2)", which no other name of the list has. Distinct names come back as they are.
pub(crate) fn distinct<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let names: Vec<&str> = names.into_iter().collect();
    let mut taken: Vec<String> = Vec::new();
    let mut out = Vec::with_capacity(names.len());
    for (i, n) in names.iter().enumerate() {
        let mut name = (*n).to_owned();
        if taken.contains(&name_key(n)) {
            let mut k = 2;
            loop {
                name = format!("{} ({k})", n.trim());
                let key = name_key(&name);
                // Free among the names already given and the ones still to come.
                if !taken.contains(&key) && !names[i + 1..].iter().any(|m| name_key(m) == key) {
                    break;
                }
                k += 1;
            }
        }
        taken.push(name_key(&name));
        out.push(name);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_names_are_numbered_past_every_name_of_the_list() {
        assert_eq!(
            distinct(["Bite", "bite ", "Bite (2)", "Claw"]),
            ["Bite", "bite (3)", "Bite (2)", "Claw"]
        );
        assert_eq!(distinct(["A", "B"]), ["A", "B"]);
        assert_eq!(repeated(["Bite", "Claw", " BITE"]), [(2, 0)]);
    }
}
