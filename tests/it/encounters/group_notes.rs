//! A group's notes: the file format (several lines, a bounded length, refused at its line), the
//! command line that sets them (`encounter add --notes`, `encounter note`), and every sheet that
//! prints the group (Markdown, HTML, the table sheet, the Obsidian note, `encounter check`).

use crate::common;
use common::{lairsmith, stderr, stdout};
use lairsmith_core::encounter::parse_encounter;
use std::path::Path;

fn ok(o: &std::process::Output) -> String {
    assert!(o.status.success(), "{}{}", stdout(o), stderr(o));
    stdout(o)
}

/// An encounter `ford` for 4×6 characters: two Gloamblade Stalkers noted "Waits in the
/// rafters" over "until the bell.", and a Voidglass Orrery without notes.
fn ford(d: &Path) {
    ok(&lairsmith(
        d,
        &["encounter", "new", "Ford", "--party", "4x6"],
    ));
    ok(&lairsmith(
        d,
        &[
            "encounter",
            "add",
            "ford",
            "gloamblade-stalker",
            "--count",
            "2",
            "--notes",
            "Waits in the rafters\nuntil the bell.",
        ],
    ));
    ok(&lairsmith(
        d,
        &["encounter", "add", "ford", "voidglass-orrery"],
    ));
}

fn export(d: &Path, args: &[&str]) -> String {
    let mut all = vec!["encounter", "export", "ford"];
    all.extend_from_slice(args);
    ok(&lairsmith(d, &all))
}

#[test]
fn group_notes_of_several_lines_round_trip_in_the_file() {
    let text = "kind: encounter
schema_version: 1
name: Ford
party:
  size: 4
  level: 6
groups:
- monster: hedgemaw
  count: 2
  label: Hedges
  notes: |-
    Hides in the reeds.
    Flees at half HP.
- monster: hedgemaw
  count: 1
";
    let e = parse_encounter(text, Path::new("e.yaml")).unwrap();
    assert_eq!(
        e.groups[0].notes.as_deref(),
        Some("Hides in the reeds.\nFlees at half HP.")
    );
    assert_eq!(e.groups[1].notes, None);
    assert_eq!(lairsmith_core::yaml_io::to_string(&e), text);
}

#[test]
fn a_group_note_longer_than_its_limit_is_refused_at_its_line() {
    let max = lairsmith_core::limits::GROUP_NOTES.max;
    let text = format!(
        "kind: encounter\nschema_version: 1\nname: Ford\nparty: {{size: 4, level: 6}}\ngroups:\n- monster: hedgemaw\n  count: 1\n  notes: {}\n",
        "x".repeat(max + 1)
    );
    let err = parse_encounter(&text, Path::new("e.yaml"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("e.yaml:8:"), "{err}");
    assert!(
        err.contains("group 1: a group's notes hold at most 1,000 characters; these have 1,001"),
        "{err}"
    );
    // Exactly the limit is fine.
    let fits = text.replace(&"x".repeat(max + 1), &"x".repeat(max));
    assert!(parse_encounter(&fits, Path::new("e.yaml")).is_ok());
    // The command line refuses the same.
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(&lairsmith(
        d,
        &["encounter", "new", "Ford", "--party", "4x6"],
    ));
    let long = "y".repeat(max + 1);
    let o = lairsmith(
        d,
        &["encounter", "add", "ford", "hedgemaw", "--notes", &long],
    );
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("at most 1,000 characters"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_schema_bounds_a_groups_notes() {
    let schema = lairsmith_core::schema::schema_json(lairsmith_core::schema::FileKind::Encounter);
    let v: serde_json::Value = serde_json::from_str(&schema).unwrap();
    let group = &v["$defs"]["Group"]["properties"]["notes"];
    assert_eq!(group["maxLength"], 1000, "{group}");
}

#[test]
fn a_group_note_is_printed_beside_the_group_on_the_html_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ford(d);
    let html = export(d, &["--format", "html"]);
    // A Notes column, filled in the group's own row, empty in the other's.
    assert!(html.contains("<th>XP</th><th>Notes</th></tr>"), "{html}");
    assert!(
        html.contains(
            "<td class=\"num\">500</td><td class=\"notes\">Waits in the rafters\nuntil the bell.</td></tr>"
        ),
        "{html}"
    );
    let orrery = html
        .lines()
        .find(|l| l.contains("Voidglass Orrery</td>"))
        .unwrap();
    assert!(orrery.ends_with("<td></td></tr>"), "{orrery}");
    // Text from a file is escaped there as everywhere.
    ok(&lairsmith(
        d,
        &[
            "encounter",
            "note",
            "ford",
            "voidglass-orrery",
            "<b>hum</b>",
        ],
    ));
    let html = export(d, &["--format", "html"]);
    assert!(html.contains("&lt;b&gt;hum&lt;/b&gt;"), "{html}");
    assert!(!html.contains("<b>hum"), "{html}");
}

#[test]
fn a_group_note_is_printed_under_its_group_on_the_markdown_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ford(d);
    let md = export(d, &["--format", "md"]);
    assert!(
        md.contains(
            "- 2 × Gloamblade Stalker (Level 6 standard skulker) — 250 XP each, 500 XP\n  - Notes: Waits in the rafters\n    until the bell.\n- 1 × Voidglass Orrery"
        ),
        "{md}"
    );
    // A note cannot leave its item: a heading or a fence in it is escaped.
    ok(&lairsmith(
        d,
        &["encounter", "note", "ford", "#2", "# Not a heading\n```"],
    ));
    let md = export(d, &["--format", "md"]);
    assert!(
        md.contains("  - Notes: \\# Not a heading\n    \\```\n"),
        "{md}"
    );
}

#[test]
fn a_group_note_is_on_the_table_sheet_and_in_the_obsidian_note_and_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ford(d);
    let table = export(d, &["--format", "html", "--for", "table"]);
    assert!(
        table.contains("<td class=\"notes\">Waits in the rafters\nuntil the bell.</td></tr>"),
        "{table}"
    );
    let note = export(d, &["--format", "obsidian"]);
    assert!(
        note.contains(
            "## Notes\n\n- **Gloamblade Stalker**: Waits in the rafters\n  until the bell.\n"
        ),
        "{note}"
    );
    let check = ok(&lairsmith(d, &["encounter", "check", "ford"]));
    assert!(
        check.contains(
            "  2 × Gloamblade Stalker: 500 XP\n    Notes: Waits in the rafters\n           until the bell.\n"
        ),
        "{check}"
    );
}

#[test]
fn encounter_note_sets_and_clears_the_notes_of_the_one_group_named() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ford(d);
    ok(&lairsmith(
        d,
        &[
            "encounter",
            "add",
            "ford",
            "gloamblade-stalker",
            "--ally",
            "--label",
            "Guide",
        ],
    ));
    let path = d.join("encounters/ford.yaml");
    let groups = || {
        lairsmith_core::encounter::load_encounter(&path)
            .unwrap()
            .0
            .groups
    };
    // By number, by label, by id when only one group has it.
    ok(&lairsmith(d, &["encounter", "note", "ford", "#2", "Hums"]));
    ok(&lairsmith(
        d,
        &["encounter", "note", "ford", "Guide", "Knows the ford"],
    ));
    let g = groups();
    assert_eq!(g[1].notes.as_deref(), Some("Hums"));
    assert_eq!(g[2].notes.as_deref(), Some("Knows the ford"));
    ok(&lairsmith(
        d,
        &["encounter", "note", "ford", "voidglass-orrery", ""],
    ));
    assert_eq!(groups()[1].notes, None, "\"\" clears them");
    // An id two groups have is refused, naming them; so is a group the encounter lacks.
    let o = lairsmith(d, &["encounter", "note", "ford", "gloamblade-stalker", "x"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("`gloamblade-stalker` names 2 groups (#1, #3); name one by its number"),
        "{}",
        stderr(&o)
    );
    let o = lairsmith(d, &["encounter", "note", "ford", "hedgemaw", "x"]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains(
            "the encounter has no group `hedgemaw`; it has: #1 gloamblade-stalker, #2 voidglass-orrery, #3 gloamblade-stalker (Guide)"
        ),
        "{}",
        stderr(&o)
    );
    let o = lairsmith(d, &["encounter", "note", "ford", "#9", "x"]);
    assert!(
        stderr(&o).contains("there is no group #9"),
        "{}",
        stderr(&o)
    );
    // Nothing else in the file moved.
    let g = groups();
    assert_eq!(g.len(), 3);
    assert_eq!(
        g[0].notes.as_deref(),
        Some("Waits in the rafters\nuntil the bell.")
    );
}

#[test]
fn a_noted_group_is_a_group_of_its_own_when_more_are_added() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ford(d);
    // Without notes, another Gloamblade is not the noted group's.
    ok(&lairsmith(
        d,
        &["encounter", "add", "ford", "gloamblade-stalker"],
    ));
    // With the same notes, it is.
    ok(&lairsmith(
        d,
        &[
            "encounter",
            "add",
            "ford",
            "gloamblade-stalker",
            "--notes",
            "Waits in the rafters\nuntil the bell.",
        ],
    ));
    let e = lairsmith_core::encounter::load_encounter(&d.join("encounters/ford.yaml"))
        .unwrap()
        .0;
    let counts: Vec<(u32, bool)> = e
        .groups
        .iter()
        .map(|g| (g.count.get(), g.notes.is_some()))
        .collect();
    assert_eq!(counts, [(3, true), (1, false), (1, false)]);
}
