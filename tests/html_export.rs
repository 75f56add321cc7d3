//! Printable HTML (issue 13 §1): `show --format html`, `encounter export --format html` and
//! `adventure export --format html` write one self-contained document; every text in it is
//! escaped; the Bestiary and Encounter screens export it with one key. The browser test is in
//! `tests/e2e.rs` (`tests/print_chromium.sh`).

mod common;
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
    assert!(html.contains("<h3 class=\"name\">Hedgemaw</h3>"), "{html}");
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
        e.contains("valid formats: yaml, md, text, html, foundry, statblock, design"),
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
#[cfg(feature = "tui")]
#[test]
fn the_h_key_exports_html_from_the_bestiary_and_the_encounter_screens() {
    use lairsmith::cli::DataDir;
    use lairsmith::tui::app::{Msg, Outcome};
    use lairsmith::tui::{app_for, dispatch};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let dir = tempfile::tempdir().unwrap();
    let mut app = app_for(&DataDir {
        root: dir.path().to_owned(),
    });
    app.paths.exports = dir.path().join("exports");
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
    let html = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}: {:?}", app.status));
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
    let html = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}: {:?}", app.status));
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<h3 class=\"name\">Hedgemaw</h3>"), "{html}");
}
