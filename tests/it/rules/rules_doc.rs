//! docs/RULES.md is what a GM reads instead of our copy of the rulebook: it must hold every
//! ruling a user is shown, name the book's section for each, and say what the code does (its
//! tables are checked against the rules code, so the two cannot drift apart unnoticed).

use crate::common;
use common::{lairsmith, stdout};
use lairsmith_core::rules::{Ability, Rank, Role};
use lairsmith_core::vocab::Vocabulary;
use std::path::Path;

fn read(doc: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(doc)).unwrap()
}

fn rules_md() -> String {
    read("docs/RULES.md")
}

/// The text under the heading that starts with `start`, up to the next heading.
fn section(doc: &str, start: &str) -> Option<String> {
    let mut lines = doc.lines().skip_while(|l| !l.starts_with(start));
    lines.next()?;
    Some(
        lines
            .take_while(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// The rows of the first Markdown table in `text`, header and rule left out, cells trimmed.
fn table_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .filter(|l| l.starts_with('|'))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_owned())
                .collect()
        })
        .collect()
}

fn ruling_ids() -> Vec<String> {
    let r = (1..=15).map(|n| format!("R{n}"));
    let e = (1..=5).map(|n| format!("E{n}"));
    let d = (1..=7).map(|n| format!("D{n}"));
    let a = (1..=4).map(|n| format!("A{n}"));
    let t = (1..=4).map(|n| format!("T{n}"));
    let p = (1..=20).map(|n| format!("P{n}"));
    r.chain(e).chain(d).chain(a).chain(t).chain(p).collect()
}

#[test]
fn rules_md_gives_every_ruling_a_section_with_its_book_source() {
    let doc = rules_md();
    for id in ruling_ids() {
        let body = section(&doc, &format!("### {id} "))
            .unwrap_or_else(|| panic!("docs/RULES.md has no `### {id} ...` section"));
        let heading = doc.lines().find(|l| l.starts_with(&format!("### {id} ")));
        let ours = heading.is_some_and(|h| h.contains("lairsmith's reading"));
        assert!(
            body.contains("*Book:*") || ours,
            "{id} names no book section and is not marked as lairsmith's reading:\n{body}"
        );
    }
}

/// Parses "−3 or less", "−2 to −1", "0", "+5 or more" into inclusive bounds.
fn offsets(cell: &str) -> (Option<i32>, Option<i32>) {
    let cell = cell.replace('−', "-");
    let num = |s: &str| s.trim().parse::<i32>().unwrap();
    if let Some(n) = cell.strip_suffix(" or less") {
        (None, Some(num(n)))
    } else if let Some(n) = cell.strip_suffix(" or more") {
        (Some(num(n)), None)
    } else if let Some((a, b)) = cell.split_once(" to ") {
        (Some(num(a)), Some(num(b)))
    } else {
        (Some(num(&cell)), Some(num(&cell)))
    }
}

#[test]
fn rules_md_difficulty_bands_are_the_codes_bands() {
    let doc = rules_md();
    let e3 = table_rows(&section(&doc, "### E3 ").unwrap());
    let code: Vec<_> = lairsmith_core::rules::difficulty::BANDS
        .iter()
        .map(|b| (b.min_offset, b.max_offset, b.name.to_owned()))
        .collect();
    let written: Vec<_> = e3
        .iter()
        .map(|r| {
            let (lo, hi) = offsets(&r[0]);
            (lo, hi, r[1].split(' ').next().unwrap().to_owned())
        })
        .collect();
    assert_eq!(written, code, "E3's table in docs/RULES.md");

    let d6 = table_rows(&section(&doc, "### D6 ").unwrap());
    let code: Vec<_> = lairsmith_core::rules::d20e3::BANDS
        .iter()
        .map(|b| (b.min_offset, b.max_offset, b.difficulty.key().to_owned()))
        .collect();
    let written: Vec<_> = d6
        .iter()
        .map(|r| {
            let (lo, hi) = offsets(&r[0]);
            (lo, hi, r[1].clone())
        })
        .collect();
    assert_eq!(written, code, "D6's table in docs/RULES.md");
}

#[test]
fn rules_md_rank_table_is_the_codes_ranks() {
    let rows = table_rows(&section(&rules_md(), "### R5 ").unwrap());
    assert_eq!(rows.len(), Rank::ALL.len());
    for row in rows {
        let rank = Rank::parse(&row[0]).unwrap();
        let hp = match rank.hp_multiplier() {
            None => "exactly 1",
            Some(1) => "the role formula",
            Some(2) => "twice the role formula",
            Some(4) => "four times the role formula",
            Some(m) => panic!("a multiplier of {m} that docs/RULES.md does not know"),
        };
        assert!(row[1].starts_with(hp), "{rank:?} HP: `{}`", row[1]);
        assert_eq!(
            row[2],
            format!("+{}", rank.saving_throw_bonus()),
            "{rank:?} saves"
        );
        assert_eq!(row[3], rank.action_points().to_string(), "{rank:?} APs");
        assert_eq!(
            row[4].contains("Mook Damage"),
            rank == Rank::Mook,
            "{rank:?} damage: `{}`",
            row[4]
        );
    }
}

#[test]
fn rules_md_key_abilities_are_the_codes() {
    let rows = table_rows(&section(&rules_md(), "### R8 ").unwrap());
    let mut seen = Vec::new();
    for row in rows {
        let ability = Ability::ALL
            .iter()
            .copied()
            .find(|a| row[1].to_lowercase().starts_with(a.key()))
            .unwrap_or_else(|| panic!("no ability `{}`", row[1]));
        for role in row[0].split(", ") {
            let role = Role::parse(role).unwrap();
            assert_eq!(role.key_ability(), ability, "{role:?}");
            seen.push(role);
        }
    }
    assert_eq!(
        seen.len(),
        Role::ALL.len(),
        "every role's key ability is listed"
    );
}

#[test]
fn rules_md_x_recoveries_and_speed_are_the_codes() {
    use lairsmith_core::rules::Level;
    let doc = rules_md();
    let x = |l: i64| Level::new(l).unwrap().resistance_x();
    let r9 = section(&doc, "### R9 ").unwrap();
    let written = format!(
        "\"X\" is {} at levels 1–10, {} at 11–20 and {} at 21–30",
        x(1),
        x(11),
        x(21)
    );
    assert!(r9.contains(&written), "R9 should say {written}");
    let rec = |l: i64| Level::new(l).unwrap().recoveries();
    let r11 = section(&doc, "### R11 ").unwrap();
    let written = format!(
        "{} recovery at levels 1–10, {} at 11–20 and {} at 21–30",
        rec(1),
        rec(11),
        rec(21)
    );
    assert!(r11.contains(&written), "R11 should say {written}");
    let r13 = section(&doc, "### R13 ").unwrap();
    let written = format!(
        "Speed is {} unless",
        lairsmith_core::monster::derive::DEFAULT_SPEED
    );
    assert!(r13.contains(&written), "R13 should say {written}");
}

#[test]
fn readme_links_rules_md_and_no_file_that_is_missing() {
    let readme = read("README.md");
    assert!(
        readme.contains("](docs/src/reference/rules.md)")
            && read("docs/src/reference/rules.md").contains("{{#include ../../RULES.md}}"),
        "the README links the guide's rules page, which is docs/RULES.md"
    );
    assert!(
        !readme.contains("RULINGS.md"),
        "the README names RULINGS.md, which is not shipped"
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for link in readme.split("](").skip(1) {
        let target = link.split(')').next().unwrap();
        if target.starts_with('#') || target.contains("://") {
            continue;
        }
        let file = target.split('#').next().unwrap();
        assert!(
            root.join(file).exists(),
            "the README links `{target}`, which is missing"
        );
    }
}

/// Every ruling id ("E3", "R10", "D5") in `text`.
fn ids_in(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut ids = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        if !matches!(c, 'R' | 'E' | 'D' | 'A' | 'T' | 'P')
            || (i > 0 && chars[i - 1].is_alphanumeric())
        {
            continue;
        }
        let digits: String = chars[i + 1..]
            .iter()
            .take_while(|d| d.is_ascii_digit())
            .collect();
        let ends = chars
            .get(i + 1 + digits.len())
            .is_none_or(|n| !n.is_alphanumeric());
        if (1..=2).contains(&digits.len()) && ends {
            ids.push(format!("{c}{digits}"));
        }
    }
    ids
}

#[test]
fn every_ruling_explain_and_lint_name_is_explained_in_rules_md() {
    let doc = rules_md();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let run = |args: &[&str]| stdout(&lairsmith(d, args));
    run(&["encounter", "new", "orcus", "--party", "3,4"]);
    run(&["encounter", "add", "orcus", "placeholder:9:boss:wrecker"]);
    run(&[
        "encounter",
        "new",
        "third",
        "--party",
        "4x5",
        "--system",
        "d20-3e",
    ]);
    run(&["encounter", "add", "third", "cr:5"]);
    run(&[
        "adventure",
        "new",
        "trip",
        "--party",
        "3,4",
        "--treasure",
        "troves",
    ]);
    run(&["adventure", "add", "trip", "orcus"]);
    let mut seen = Vec::new();
    for args in [
        &["adventure", "check", "trip"][..],
        &[
            "treasure",
            "plan",
            "--party",
            "4x3",
            "--encounters",
            "12",
            "--method",
            "items-only",
        ],
        &[
            "treasure",
            "plan",
            "--party",
            "4x3",
            "--encounters",
            "12",
            "--method",
            "steady",
        ],
        &["encounter", "check", "orcus", "--explain"],
        &["encounter", "check", "third", "--explain"],
        &["budget", "--party", "4x3"],
        &["budget", "--party", "4x3", "--system", "d20-3e"],
    ] {
        let out = run(args);
        assert!(
            out.contains("XP") || out.contains("(T1)"),
            "`{}`:\n{out}",
            args.join(" ")
        );
        seen.extend(ids_in(&out));
    }
    for id in [
        "E1", "E2", "E3", "E4", "E5", "D2", "D3", "D6", "A1", "T1", "T2",
    ] {
        assert!(seen.iter().any(|s| s == id), "{id} not shown: {seen:?}");
    }
    seen.sort();
    seen.dedup();
    for id in seen {
        assert!(
            doc.contains(&format!("### {id} ")),
            "{id} is shown to users but docs/RULES.md does not explain it"
        );
    }
}
