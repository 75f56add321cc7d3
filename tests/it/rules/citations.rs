//! Users do not have our copy of the rulebook, so no text a user sees may cite it by line
//! ("L1700", "L1866–1867"): every surface is scanned and a citation is reported with where it is.

use crate::common;
use common::{lairsmith, stderr, stdout};
use std::path::Path;

/// Every `L` followed by three or four digits that stands as a word of its own ("L1700",
/// "(L1866–1867)"), so "L30" (a level in the UI) and "HTML5" are not citations.
fn line_citations(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        if c != 'L' || (i > 0 && chars[i - 1].is_alphanumeric()) {
            continue;
        }
        let digits = chars[i + 1..]
            .iter()
            .take_while(|d| d.is_ascii_digit())
            .count();
        if (3..=4).contains(&digits) {
            found.push(chars[i..=i + digits].iter().collect());
        }
    }
    found
}

/// Each surface's name, line number and line that cites the book by line.
fn scan(surface: &str, text: &str, problems: &mut Vec<String>) {
    for (n, line) in text.lines().enumerate() {
        let cites = line_citations(line);
        if !cites.is_empty() {
            problems.push(format!(
                "{surface}, line {}: {} in `{}`",
                n + 1,
                cites.join(", "),
                line.trim()
            ));
        }
    }
}

fn assert_clean(problems: &[String]) {
    assert!(
        problems.is_empty(),
        "text a user sees cites the rulebook by line number; name the book's section or table \
         instead (docs/RULES.md):\n{}",
        problems.join("\n")
    );
}

/// The command's whole output, stdout then stderr, after checking it ran.
fn run(data: &Path, args: &[&str]) -> String {
    let out = lairsmith(data, args);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "`lairsmith {}` failed: {}",
        args.join(" "),
        stderr(&out)
    );
    format!("{}{}", stdout(&out), stderr(&out))
}

#[test]
fn the_scanner_finds_line_citations_and_nothing_else() {
    assert_eq!(
        line_citations("standard XP at level 3, L1696; (L1866–1867) and L575."),
        ["L1696", "L1866", "L575"]
    );
    assert!(line_citations("L30 boss skulker, HTML5, ML1234, L12, L12345").is_empty());
}

#[test]
fn no_help_text_cites_the_book_by_line() {
    use clap::CommandFactory;
    let dir = tempfile::tempdir().unwrap();
    let mut problems = Vec::new();
    // Every command path, from the root down, as clap knows them (so a new subcommand is
    // scanned without touching this test).
    let mut paths: Vec<Vec<String>> = vec![Vec::new()];
    let mut stack = vec![(Vec::new(), lairsmith::cli::Cli::command())];
    while let Some((path, cmd)) = stack.pop() {
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            let mut p: Vec<String> = path.clone();
            p.push(sub.get_name().to_owned());
            paths.push(p.clone());
            stack.push((p, sub.clone()));
        }
    }
    assert!(paths.len() > 20, "only {} commands found", paths.len());
    for path in &paths {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let what = format!("`lairsmith {}`", args.join(" "));
        scan(&what, &run(dir.path(), &args), &mut problems);
    }
    assert_clean(&problems);
}

const FOES: &[&str] = &[
    "aphelion-maw",
    "ashen-keener",
    "placeholder:3:mook:striker",
    "placeholder:9:boss:wrecker",
];

#[test]
fn no_budget_or_explain_output_cites_the_book_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut problems = Vec::new();
    for args in [
        &["budget", "--party", "3,3,4,5"][..],
        &["budget", "--party", "4x5", "--system", "d20-3e"],
        &["budget", "--party", "4x5", "--format", "yaml"],
    ] {
        scan(
            &format!("`lairsmith {}`", args.join(" ")),
            &run(d, args),
            &mut problems,
        );
    }

    // An Orcus encounter with a monster far above the party (a warning), and a 3rd-edition one
    // with a circumstance, a fraction, a too-weak foe and a foe the table has no value for.
    run(
        d,
        &["encounter", "new", "orcus-fixture", "--party", "3,3,4,5"],
    );
    for foe in FOES {
        run(d, &["encounter", "add", "orcus-fixture", foe]);
    }
    run(
        d,
        &[
            "encounter",
            "new",
            "third-fixture",
            "--party",
            "4x12",
            "--system",
            "d20-3e",
        ],
    );
    for foe in ["cr:12", "cr:1/2", "cr:3", "cr:20"] {
        run(d, &["encounter", "add", "third-fixture", foe]);
    }
    let third = d.join("encounters/third-fixture.yaml");
    let text = std::fs::read_to_string(&third).unwrap();
    std::fs::write(&third, format!("{text}circumstance: more\n")).unwrap();

    for file in ["orcus-fixture", "third-fixture"] {
        for args in [
            &["encounter", "check", file, "--explain"][..],
            &["encounter", "check", file, "--format", "yaml"],
            &["encounter", "export", file, "--format", "md"],
        ] {
            let out = run(d, args);
            assert!(
                out.to_lowercase().contains("xp"),
                "`{}` printed no report:\n{out}",
                args.join(" ")
            );
            scan(
                &format!("`lairsmith {}`", args.join(" ")),
                &out,
                &mut problems,
            );
        }
    }
    assert_clean(&problems);
    let explain = run(d, &["encounter", "check", "orcus-fixture", "--explain"]);
    assert!(explain.contains("Monster XP table, level 3"), "{explain}");
}

/// Monsters with a problem for each lint rule that cites the book.
const PROBLEM_MONSTERS: &[(&str, &str)] = &[
    (
        "elite-flier",
        "\
kind: monster
schema_version: 1
id: elite-flier
name: Elite Flier
level: 5
rank: elite
role: striker
leader: true
size: medium
source: natural
type: beast
movement: {fly: 6}
powers:
- name: Scorch
  basic: true
  usage: at-will
  action: standard
  origin: melee
  range: 3
  targets: one creature
  attack: {defense: ac}
  damage: surge-single
  damage_type: fire
  hit: '{name} shifts 2 squares.'
",
    ),
    (
        "busy-mook",
        "\
kind: monster
schema_version: 1
id: busy-mook
name: Busy Mook
level: 5
rank: mook
role: wrecker
size: medium
source: natural
type: beast
powers:
- name: Sweep
  basic: true
  usage: at-will
  action: standard
  origin: melee
  targets: each enemy adjacent
  attack: {defense: ac}
  attacks: 2
  damage: 1d4
- name: Kick
  usage: at-will
  action: swift
  origin: melee
  targets: one creature
  attack: {defense: reflex}
",
    ),
];

#[test]
fn no_lint_message_cites_the_book_by_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut problems = Vec::new();
    let shipped = run(d, &["lint", "bestiary"]);
    assert!(shipped.contains("44 files checked"), "{shipped}");
    scan("`lairsmith lint bestiary`", &shipped, &mut problems);

    let mine = d.join("problems");
    std::fs::create_dir(&mine).unwrap();
    for (id, text) in PROBLEM_MONSTERS {
        std::fs::write(mine.join(format!("{id}.yaml")), text).unwrap();
    }
    let dir_arg = mine.to_str().unwrap();
    let json = run(d, &["lint", dir_arg, "--format", "json"]);
    for code in [
        "attack-rate",
        "leader-power",
        "flying-shift",
        "damage-tag",
        "reach",
        "mook-targets",
        "tier",
    ] {
        assert!(
            json.contains(&format!("\"{code}\"")),
            "the problem monsters did not trip `{code}`:\n{json}"
        );
    }
    scan(
        "`lairsmith lint --format json` on problem monsters",
        &json,
        &mut problems,
    );
    let text = run(d, &["lint", dir_arg]);
    scan("`lairsmith lint` on problem monsters", &text, &mut problems);
    assert_clean(&problems);
}

#[test]
fn no_shipped_text_or_document_cites_the_book_by_line() {
    let mut problems = Vec::new();
    for (doc, text) in crate::docs::documents() {
        let doc = doc.as_str();
        scan(doc, &text, &mut problems);
    }
    let embedded = lairsmith_core::embedded::BESTIARY_FILES
        .iter()
        .chain(lairsmith_core::embedded::TEMPLATE_FILES)
        .chain(lairsmith_core::embedded::MONSTER_TEMPLATE_FILES);
    let mut count = 0;
    for (path, text) in embedded {
        scan(&format!("the embedded {path}"), text, &mut problems);
        count += 1;
    }
    assert!(count > 60, "only {count} embedded files");

    // The stat blocks and templates as a user sees them, with whatever derivation adds.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ids = run(d, &["list", "--ids"]);
    assert_eq!(ids.lines().count(), 44, "{ids}");
    for id in ids.lines() {
        scan(
            &format!("`lairsmith show {id}`"),
            &run(d, &["show", id]),
            &mut problems,
        );
    }
    let templates = run(d, &["template", "list"]);
    scan("`lairsmith template list`", &templates, &mut problems);
    for (path, _) in lairsmith_core::embedded::MONSTER_TEMPLATE_FILES {
        let id = Path::new(path).file_stem().unwrap().to_str().unwrap();
        let out = run(d, &["template", "show", id]);
        scan(
            &format!("`lairsmith template show {id}`"),
            &out,
            &mut problems,
        );
    }
    assert_clean(&problems);
}

#[test]
fn no_ui_help_or_summary_cites_the_book_by_line() {
    use lairsmith_core::rules::{Rank, Role};
    use lairsmith_core::vocab::Vocabulary;
    let mut problems = Vec::new();
    let km = lairsmith::tui::keymap::Keymap::default();
    let help: Vec<String> = lairsmith::tui::help::lines(&km)
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect();
    let help = help.join("\n");
    assert!(help.contains("docs/RULES.md"), "{help}");
    scan("the UI's help (?)", &help, &mut problems);
    scan(
        "the help as Markdown",
        &lairsmith::tui::help::markdown(&km),
        &mut problems,
    );
    for r in Rank::ALL {
        scan(
            &format!("the {} rank's summary", r.key()),
            r.summary(),
            &mut problems,
        );
    }
    for r in Role::ALL {
        scan(
            &format!("the {} role's summary", r.key()),
            r.summary(),
            &mut problems,
        );
    }
    scan(
        "the leader flag's summary",
        lairsmith_core::rules::role::LEADER_SUMMARY,
        &mut problems,
    );
    assert_clean(&problems);
}

#[test]
fn a_line_citation_is_reported_with_where_it_is() {
    let mut problems = Vec::new();
    scan(
        "a kit summary",
        "first line\nabout twice as often (L1866).",
        &mut problems,
    );
    assert_eq!(
        problems,
        ["a kit summary, line 2: L1866 in `about twice as often (L1866).`"]
    );
}
