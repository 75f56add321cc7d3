//! Printable HTML (issue 13 §1): `show --format html`, `encounter export --format html` and
//! `adventure export --format html` write one self-contained document; every text in it is
//! escaped; the Bestiary and Encounter screens export it with one key. The browser test is in
//! `tests/e2e.rs` (`tests/print_chromium.sh`).

use crate::common;
use common::{golden, lairsmith, stderr, stdout};
use std::path::Path;

fn ok(o: &std::process::Output) -> String {
    assert!(o.status.success(), "{}", stderr(o));
    stdout(o)
}

/// Self-contained: the style sheet inline, nothing fetched, no script; the print rules there.
fn assert_printable_document(html: &str) {
    assert!(html.starts_with("<!DOCTYPE html>\n"), "{html}");
    assert!(html.trim_end().ends_with("</html>"));
    for banned in [
        "<script", "<link", "src=", "http://", "https://", "@import", "url(",
    ] {
        assert!(!html.contains(banned), "the document holds `{banned}`");
    }
    for rule in [
        "@media print",
        "@page",
        "prefers-color-scheme: dark",
        "break-inside: avoid",
        "columns: 2",
    ] {
        assert!(html.contains(rule), "the style sheet lacks `{rule}`");
    }
}

/// A data directory with an encounter of three shipped monsters, notes and a label.
fn ambush(data: &Path) {
    for args in [
        &["encounter", "new", "Ambush at the Mill", "--party", "4x5"][..],
        &[
            "encounter",
            "add",
            "ambush-at-the-mill",
            "gloamblade-stalker",
            "--count",
            "2",
        ],
        &["encounter", "add", "ambush-at-the-mill", "ashen-keener"],
        &[
            "encounter",
            "add",
            "ambush-at-the-mill",
            "cairn-shieldbearer",
        ],
    ] {
        ok(&lairsmith(data, args));
    }
}

#[test]
fn show_format_html_of_a_shipped_monster_matches_golden() {
    let dir = tempfile::tempdir().unwrap();
    let html = ok(&lairsmith(
        dir.path(),
        &["show", "hedgemaw", "--format", "html"],
    ));
    assert_printable_document(&html);
    // The header bar, the defences and every power with its usage and action.
    assert!(html.contains("<h1 class=\"name\">Hedgemaw</h1>"), "{html}");
    assert!(html.contains("<div class=\"level\">Level 14 Elite Skulker</div>"));
    assert!(html.contains("<b>AC</b> 28, <b>Fortitude</b> 26, <b>Reflex</b> 27, <b>Will</b> 25"));
    assert!(html.contains("At-Will Attack (Standard Action)"));
    assert!(html.contains("class=\"item knowledge\"><b>Knowledge</b>"));
    golden("hedgemaw.html", &html);
}

#[test]
fn encounter_export_html_matches_golden() {
    let dir = tempfile::tempdir().unwrap();
    ambush(dir.path());
    let html = ok(&lairsmith(
        dir.path(),
        &[
            "encounter",
            "export",
            "ambush-at-the-mill",
            "--format",
            "html",
            "--treasure",
            "steady",
            "--seed",
            "7",
        ],
    ));
    assert_printable_document(&html);
    // The budget and its arithmetic come before the roster and the stat blocks, so they print
    // on the first page.
    let at = |s: &str| html.find(s).unwrap_or_else(|| panic!("no `{s}` in {html}"));
    assert!(at("<dt>Budget</dt>") < at("Budget arithmetic"));
    assert!(at("Budget arithmetic") < at("<h2>Roster</h2>"));
    assert!(at("<h2>Roster</h2>") < at("<h2>Stat blocks</h2>"));
    assert!(at("<h2>Stat blocks</h2>") < at("<h2>Treasure: "));
    // Each distinct monster once, though two stalkers are in the roster.
    assert_eq!(html.matches("<section class=\"block\"").count(), 3);
    golden("ambush-at-the-mill.html", &html);
}

#[test]
fn adventure_export_html_has_summary_pacing_level_ups_treasure_and_each_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    ambush(data);
    ok(&lairsmith(
        data,
        &["adventure", "new", "Mill Road", "--party", "4x5"],
    ));
    ok(&lairsmith(
        data,
        &["adventure", "add", "mill-road", "ambush-at-the-mill"],
    ));
    let html = ok(&lairsmith(
        data,
        &["adventure", "export", "mill-road", "--format", "html"],
    ));
    assert_printable_document(&html);
    let at = |s: &str| html.find(s).unwrap_or_else(|| panic!("no `{s}` in {html}"));
    assert!(at("<h1>Mill Road</h1>") < at("<h2>Pacing</h2>"));
    assert!(at("<h2>Pacing</h2>") < at("<h2>Level-ups</h2>"));
    assert!(at("<h2>Level-ups</h2>") < at("<h2>Treasure"));
    assert!(at("<h2>Treasure") < at("<h2>1. Ambush at the Mill</h2>"));
    assert!(at("<h2>1. Ambush at the Mill</h2>") < at("<section class=\"block\""));
}

#[test]
fn hostile_names_and_notes_come_out_escaped_in_html() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    std::fs::create_dir_all(data.join("bestiary")).unwrap();
    let shipped = ok(&lairsmith(
        data,
        &["show", "gloamblade-stalker", "--format", "design"],
    ));
    let hostile = shipped.replacen(
        "name: Gloamblade Stalker",
        "name: \"<script>alert('x')</script> & \\\"Co\\\"\"",
        1,
    );
    let hostile = hostile.replacen("id: gloamblade-stalker", "id: hostile", 1);
    assert_ne!(hostile, shipped, "{shipped}");
    std::fs::write(data.join("bestiary/hostile.yaml"), hostile).unwrap();
    ok(&lairsmith(
        data,
        &["encounter", "new", "<b>Lair</b> & 'Co'", "--party", "4x5"],
    ));
    let files: Vec<_> = std::fs::read_dir(data.join("encounters"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let file = files[0].to_str().unwrap().to_owned();
    ok(&lairsmith(data, &["encounter", "add", &file, "hostile"]));
    // Notes may hold anything the YAML can: an escape sequence, a bidi override, markup.
    let mut text = std::fs::read_to_string(&file).unwrap();
    text.push_str("notes: \"\\e[2J<img src=x onerror=alert(1)>\\u202Eevil\"\n");
    std::fs::write(&file, text).unwrap();
    for args in [
        vec!["show", "hostile", "--format", "html"],
        vec!["encounter", "export", &file, "--format", "html"],
    ] {
        let html = ok(&lairsmith(data, &args));
        assert!(!html.contains("<script>"), "{html}");
        assert!(!html.contains("<img"), "{html}");
        assert!(!html.contains("<b>Lair"), "{html}");
        assert!(!html.chars().any(|c| c == '\u{1b}' || c == '\u{202E}'));
        assert!(
            html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;Co&quot;"),
            "{html}"
        );
        if args[0] == "encounter" {
            assert!(html.contains("<title>&lt;b&gt;Lair&lt;/b&gt; &amp; &#39;Co&#39;</title>"));
            assert!(html.contains("\\u001B[2J&lt;img src=x onerror=alert(1)&gt;\\u202Eevil"));
        }
    }
}

#[test]
fn html_is_a_format_word_with_a_did_you_mean() {
    let dir = tempfile::tempdir().unwrap();
    let o = lairsmith(dir.path(), &["show", "hedgemaw", "--format", "htlm"]);
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(e.contains("did you mean `html`"), "{e}");
    assert!(
        e.contains("valid formats: yaml, md, text, html, foundry, statblock, json, design"),
        "{e}"
    );
    let upper = ok(&lairsmith(
        dir.path(),
        &["show", "hedgemaw", "--format", "HTML"],
    ));
    assert!(upper.starts_with("<!DOCTYPE html>"));
}

/// `H` on the Bestiary and the Encounter screens asks for a file name and writes the HTML, as
/// `m` does the Markdown.
#[test]
fn the_h_key_exports_html_from_the_bestiary_and_the_encounter_screens() {
    use lairsmith::cli::DataDir;
    use lairsmith::tui::app::{Msg, Outcome};
    use lairsmith::tui::{app_for, dispatch};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_for(&DataDir::new(dir.path().to_owned()));
    app.shell.paths.exports = dir.path().join("exports");
    fn key(app: &mut lairsmith::tui::app::App, code: KeyCode, mods: KeyModifiers) {
        let mut no_editor = |p: &Path| Outcome::Edited {
            path: p.to_owned(),
            result: Err("no editor in tests".into()),
        };
        dispatch(app, Msg::Key(KeyEvent::new(code, mods)), &mut no_editor);
    }
    fn typed(app: &mut lairsmith::tui::app::App, s: &str) {
        for c in s.chars() {
            key(app, KeyCode::Char(c), KeyModifiers::NONE);
        }
    }
    let none = KeyModifiers::NONE;
    // The Encounter screen: add a monster, H, a file name.
    key(&mut app, KeyCode::F(3), none);
    // A party of level 6, so the picker offers level-6 monsters.
    typed(&mut app, "P");
    key(&mut app, KeyCode::Char('u'), KeyModifiers::CONTROL);
    typed(&mut app, "4x6");
    key(&mut app, KeyCode::Enter, none);
    typed(&mut app, "a");
    typed(&mut app, "gloamblade");
    key(&mut app, KeyCode::Enter, none);
    key(&mut app, KeyCode::Esc, none);
    let out = dir.path().join("encounter-sheet.html");
    typed(&mut app, "H");
    key(&mut app, KeyCode::Char('u'), KeyModifiers::CONTROL);
    typed(&mut app, out.to_str().unwrap());
    key(&mut app, KeyCode::Enter, none);
    let html =
        std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}: {:?}", app.shell.status));
    assert!(html.contains("<h2>Roster</h2>"), "{html}");
    assert!(
        html.contains("<h3 class=\"name\">Gloamblade Stalker</h3>"),
        "{html}"
    );
    // The Bestiary: find a monster, H, a file name.
    key(&mut app, KeyCode::F(1), none);
    typed(&mut app, "/hedgemaw");
    key(&mut app, KeyCode::Enter, none);
    let out = dir.path().join("hedgemaw-sheet.html");
    typed(&mut app, "H");
    key(&mut app, KeyCode::Char('u'), KeyModifiers::CONTROL);
    typed(&mut app, out.to_str().unwrap());
    key(&mut app, KeyCode::Enter, none);
    let html =
        std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}: {:?}", app.shell.status));
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<h1 class=\"name\">Hedgemaw</h1>"), "{html}");
}

// ------------------------------------------------- the sheet a GM prints (issue: exact at the edges §6)

const ARCHER: &str = "kind: monster
schema_version: 1
id: skull-archer
name: Skull Archer
level: 6
rank: standard
role: archer
size: medium
source: natural
type: humanoid
powers:
- name: Skull Splitter
  basic: true
  usage: at-will
  action: standard
  origin: ranged
  range: 20
  targets: one creature
  attack:
    defense: ac
  damage: at-will-single
  overrides:
    attack:
      value: 16
      reason: a legendary archer
overrides:
  hp:
    value: 70
    reason: tough
";

#[test]
fn a_power_attack_override_is_listed_with_the_overrides_in_markdown_text_and_html() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("skull-archer.yaml");
    std::fs::write(&file, ARCHER).unwrap();
    let f = file.to_str().unwrap();
    let show = |format: &str| ok(&lairsmith(dir.path(), &["show", f, "--format", format]));
    let md = show("md");
    let overrides = &md[md.find("Overrides").expect("an Overrides list")..];
    assert!(
        overrides.contains("**hp** 70 (formula"),
        "the HP override as before: {md}"
    );
    assert!(
        overrides.contains("**Skull Splitter: attack bonus** 16 (formula 11): a legendary archer"),
        "{md}"
    );
    let text = show("text");
    let overrides = &text[text.find("OVERRIDES").expect("an Overrides list")..];
    assert!(
        overrides.contains("Skull Splitter: attack bonus 16 (formula 11): a legendary archer"),
        "{text}"
    );
    let html = show("html");
    assert!(
        html.contains("<b>Skull Splitter: attack bonus</b> 16 (formula 11): a legendary archer"),
        "{html}"
    );
    let statblock = show("statblock");
    assert!(
        statblock.contains("name: 'Skull Splitter: attack bonus'")
            && statblock.contains("desc: '16 (formula 11): a legendary archer'"),
        "{statblock}"
    );
    // The lint warns of it once, as of the HP override.
    let lint = stdout(&lairsmith(dir.path(), &["lint", f]));
    assert_eq!(
        lint.matches("Skull Splitter: attack bonus is overridden")
            .count(),
        1,
        "{lint}"
    );
}

#[test]
fn a_labelled_group_names_its_stat_block_in_check_markdown_and_html() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for args in [
        &["encounter", "new", "Rafters", "--party", "4x5"][..],
        &[
            "encounter",
            "add",
            "rafters",
            "gloamblade-stalker",
            "--count",
            "4",
            "--label",
            "Rafter goblins",
        ],
        &["encounter", "add", "rafters", "ashen-keener"],
    ] {
        ok(&lairsmith(d, args));
    }
    let check = ok(&lairsmith(d, &["encounter", "check", "rafters"]));
    assert!(
        check.contains("4 × Rafter goblins (Gloamblade Stalker):"),
        "{check}"
    );
    assert!(check.contains("1 × Ashen Keener:"), "unlabelled: {check}");
    let export = |format: &str| {
        ok(&lairsmith(
            d,
            &["encounter", "export", "rafters", "--format", format],
        ))
    };
    let md = export("md");
    assert!(
        md.contains("- 4 × Rafter goblins (Gloamblade Stalker, Level "),
        "{md}"
    );
    assert!(md.contains("- 1 × Ashen Keener (Level 4"), "{md}");
    let html = export("html");
    assert!(
        html.contains("<td>Rafter goblins (Gloamblade Stalker)</td>"),
        "{html}"
    );
    let text = export("text");
    assert!(
        text.contains("4 × Rafter goblins (Gloamblade Stalker):"),
        "{text}"
    );
}

/// The groups `encounter generate --seed 7` gives with the shipped bestiary (README, Encounters).
fn generated(d: &Path) -> std::path::PathBuf {
    let file = d.join("hard.yaml");
    ok(&lairsmith(
        d,
        &[
            "encounter",
            "generate",
            "--party",
            "4x5",
            "--difficulty",
            "hard",
            "--role",
            "wrecker",
            "--role",
            "archer",
            "--lock",
            "hatchet-leg-spider",
            "--max-monsters",
            "6",
            "--seed",
            "7",
            "--out",
            file.to_str().unwrap(),
        ],
    ));
    file
}

#[test]
fn a_generated_sheet_says_which_groups_were_added_or_removed_by_hand_since() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let file = generated(d);
    let f = file.to_str().unwrap();
    let export = |format: &str| {
        ok(&lairsmith(
            d,
            &["encounter", "export", f, "--format", format],
        ))
    };
    let md = export("md");
    let section = &md[md.find("## Generated").expect("the Generated section")..];
    assert!(
        section.contains("Generated by lairsmith as a hard encounter (seed 7)"),
        "{md}"
    );
    assert!(!section.contains("since"), "nothing changed yet: {section}");

    ok(&lairsmith(d, &["encounter", "add", f, "hedgemaw"]));
    ok(&lairsmith(
        d,
        &["encounter", "add", f, "hatchet-leg-spider"],
    ));
    ok(&lairsmith(d, &["encounter", "remove", f, "#2"]));
    let saved = std::fs::read_to_string(&file).unwrap();
    let md = export("md");
    let section = &md[md.find("## Generated").unwrap()..];
    let changed = "Changed by hand since: added 1 × hatchet-leg-spider, 1 × hedgemaw; removed 1 × halcyon-sunarcher.";
    assert!(section.contains(changed), "{section}");
    let html = export("html");
    assert!(html.contains(changed), "{html}");

    // A file saved before the record kept its groups still loads, and says it cannot tell.
    // The record is the file's last key, and its roster the record's last.
    let old = &saved[..saved
        .find("  roster:\n")
        .expect("the generated groups are kept")];
    assert!(!old.contains("roster"), "{old}");
    std::fs::write(&file, old).unwrap();
    let md = export("md");
    assert!(
        md.contains("cannot say whether groups were added or removed by hand since"),
        "{md}"
    );
}

/// The README's Print section names each colour the sheet prints with, as the print rules of
/// `src/export/html.css` set it.
#[test]
fn the_readme_print_section_names_the_colours_the_sheet_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let print = &crate::docs::page("guide/printing.md");
    let css = std::fs::read_to_string(root.join("lairsmith-core/src/export/html.css")).unwrap();
    let media = &css[css.find("@media print").unwrap()..];
    let root_rule = &media[media.find(":root {").unwrap()..];
    let root_rule = &root_rule[..root_rule.find('}').unwrap()];
    for var in [
        "--bar",
        "--band",
        "--core",
        "--at-will",
        "--encounter",
        "--daily",
        "--other",
    ] {
        let at = root_rule
            .find(&format!("{var}:"))
            .unwrap_or_else(|| panic!("the print rules set {var}"));
        let value = root_rule[at + var.len() + 1..]
            .trim_start()
            .split(';')
            .next()
            .unwrap();
        assert!(
            print.contains(value),
            "the guide's printing page lacks {var} {value}"
        );
    }
    assert!(css.contains("print-color-adjust: exact"));
    assert!(print.contains("print-color-adjust"), "{print}");
}
