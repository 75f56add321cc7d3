//! Every Markdown output read by a real CommonMark parser (pulldown-cmark, with the GitHub and
//! Obsidian extensions it knows: tables, strikethrough, task lists, footnotes, maths and wiki
//! links): a name or label is text, never a link, an image, raw HTML, a heading or a code
//! fence; prose keeps its own Markdown but cannot leave its field; the stat block keeps its
//! structure for every shipped monster; and a line break in a one-line field is refused where
//! the monster is read (file, template, Forge).

use crate::common;
use common::{lairsmith, stderr};
use lairsmith_core::export::doc::{Block, Span, layout};
use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};
use std::path::Path;

/// A monster whose every name, label and prose field is hostile. `{name}` in its Hit line is
/// filled with its name, which must stay text inside prose too.
const HOSTILE: &str = r##"kind: monster
schema_version: 1
id: hostile
name: '[[Secret Note]] <img src=x onerror=alert(1)>'
level: 5
rank: standard
role: striker
size: medium
source: natural
type: beast
templates:
- veteran
languages:
- '[c](javascript:alert(2))'
- '```'
- '# Common'
traits:
- name: '# Not a heading'
  text: "Its own *emphasis* stays.\n```\nnot a fence\n# not a heading\n<div>not html</div>\nnot a setext heading\n---"
- name: '*Star* _under_ \ back `tick ~strike~ | pipe $x$ [^1]'
  text: plain
powers:
- name: '[x](https://example.com) ![i](x.png) [[Wiki]]'
  usage: at-will
  action: standard
  origin: melee
  targets: '<b>one</b> creature'
  attack:
    defense: ac
  damage: at-will-single
  hit: "and {name} laughs.\n```"
  effect: "~~~\nstill the effect\n<script>alert(1)</script>"
equipment: <iframe src=x>
description: "A line.\n\n```\n\n# Description heading?\n\n<!-- comment\n\nno end"
tactics: "---\n\n===\n\nlast"
variants:
- name: '## Variant'
  text: "~~~\nvariant text"
"##;

const MONSTER: &str = "[[Secret Note]] <img src=x onerror=alert(1)>";
const TRAIT: &str = "*Star* _under_ \\ back `tick ~strike~ | pipe $x$ [^1]";
const POWER: &str = "[x](https://example.com) ![i](x.png) [[Wiki]]";
const ENCOUNTER: &str = "[[Plot]] --- <b>x</b> # y";
const LABEL: &str = "--- [a](b) *x*";
const CHALLENGE: &str = "[[Chase]] ```";
const MEMBER: &str = "[[Ana]] *the* <b>";
const ADVENTURE: &str = "[[Saga]] <u>x</u> ```";

/// An encounter whose name, labels, challenge and notes are hostile, with the hostile monster
/// (twice, once under a label holding `---`) and a party whose members' names are hostile.
const PLOT: &str = r##"kind: encounter
schema_version: 1
name: '[[Plot]] --- <b>x</b> # y'
party: crew
groups:
- monster: hostile
  count: 2
- monster: hostile
  label: '--- [a](b) *x*'
  count: 1
- placeholder: {level: 5, rank: standard, role: striker}
  label: '# Label <i>'
- challenge: {name: '[[Chase]] ```', successes: 4}
notes: "# Secret heading\n```\nswallowed?\n"
"##;

const CREW: &str = r##"kind: party
schema_version: 1
name: crew
members:
- name: '[[Ana]] *the* <b>'
  level: 5
- name: '| pipe | ---'
  level: 5
"##;

const SAGA: &str = r##"kind: adventure
schema_version: 1
name: '[[Saga]] <u>x</u> ```'
party: crew
treasure: steady
seed: 3
encounters:
- plot
notes: "```\n# Not a heading\n<details>"
"##;

/// A data directory holding the hostile monster, encounter, party and adventure.
fn hostile_data() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (rel, text) in [
        ("bestiary/hostile.yaml", HOSTILE),
        ("encounters/plot.yaml", PLOT),
        ("parties/crew.yaml", CREW),
        ("adventures/saga.yaml", SAGA),
    ] {
        let path = dir.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

use crate::common::lairsmith_ok as ok;

/// What a Markdown document parses to, as far as these tests look.
#[derive(Debug, Default)]
struct Doc {
    /// Each heading's level and text.
    headings: Vec<(u8, String)>,
    /// The rendered text outside code blocks; a line break reads as a space.
    text: String,
    /// Each fenced code block's info string (`"indented"` for an indented one) and its text.
    code_blocks: Vec<(String, String)>,
    /// Inline code spans.
    code_spans: Vec<String>,
    /// Links, images, HTML, maths, footnotes, strikethrough, rules, quotes and task markers:
    /// what no export writes of its own.
    markup: Vec<String>,
    strong: usize,
    emphasis: usize,
    items: usize,
    /// The text of each emphasis.
    emphasised: Vec<String>,
}

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_MATH
        | Options::ENABLE_WIKILINKS
        | Options::ENABLE_GFM
}

fn parse(md: &str) -> Doc {
    let mut d = Doc::default();
    let mut heading: Option<(u8, String)> = None;
    let mut code: Option<(String, String)> = None;
    let mut emphasis: Option<String> = None;
    for e in Parser::new_ext(md, options()) {
        match e {
            Event::Start(Tag::Heading { level, .. }) => {
                heading = Some((level as u8, String::new()));
            }
            Event::End(TagEnd::Heading(_)) => d.headings.extend(heading.take()),
            Event::Start(Tag::CodeBlock(kind)) => {
                let info = match kind {
                    CodeBlockKind::Fenced(info) => info.to_string(),
                    CodeBlockKind::Indented => "indented".to_owned(),
                };
                code = Some((info, String::new()));
            }
            Event::End(TagEnd::CodeBlock) => d.code_blocks.extend(code.take()),
            Event::Text(t) | Event::Code(t) if code.is_some() => {
                code.as_mut().unwrap().1.push_str(&t);
            }
            Event::Text(ref t) | Event::Code(ref t) => {
                if let Event::Code(c) = &e {
                    d.code_spans.push(c.to_string());
                }
                d.text.push_str(t);
                if let Some((_, h)) = &mut heading {
                    h.push_str(t);
                }
                if let Some(x) = &mut emphasis {
                    x.push_str(t);
                }
            }
            Event::SoftBreak | Event::HardBreak => d.text.push(' '),
            Event::Start(Tag::Paragraph | Tag::Item) | Event::End(TagEnd::Paragraph) => {
                if matches!(e, Event::Start(Tag::Item)) {
                    d.items += 1;
                }
                d.text.push('\n');
            }
            Event::Start(Tag::Strong) => d.strong += 1,
            Event::Start(Tag::Emphasis) => {
                d.emphasis += 1;
                emphasis = Some(String::new());
            }
            Event::End(TagEnd::Emphasis) => d.emphasised.extend(emphasis.take()),
            Event::Start(Tag::Link { dest_url, .. }) => d.markup.push(format!("link {dest_url}")),
            Event::Start(Tag::Image { dest_url, .. }) => d.markup.push(format!("image {dest_url}")),
            Event::Html(h) | Event::InlineHtml(h) => d.markup.push(format!("html {h}")),
            Event::Start(Tag::HtmlBlock) => d.markup.push("html block".into()),
            Event::InlineMath(m) | Event::DisplayMath(m) => d.markup.push(format!("maths {m}")),
            Event::FootnoteReference(f) => d.markup.push(format!("footnote {f}")),
            Event::Start(Tag::Strikethrough) => d.markup.push("strikethrough".into()),
            Event::Start(Tag::BlockQuote(_)) => d.markup.push("block quote".into()),
            Event::Rule => d.markup.push("rule".into()),
            Event::TaskListMarker(_) => d.markup.push("task marker".into()),
            _ => {}
        }
    }
    d
}

fn h(level: u8, text: &str) -> (u8, String) {
    (level, text.to_owned())
}

/// The hostile monster's headings with its name at `level`, its sections one below.
fn monster_headings(level: u8) -> Vec<(u8, String)> {
    let mut v = vec![h(level, MONSTER)];
    for s in [
        "Traits",
        "Actions",
        "Statistics",
        "Variants",
        "Description",
        "Tactics",
        "Templates",
    ] {
        v.push(h(level + 1, s));
    }
    v
}

/// The checks every hostile document passes: no markup the exports do not write, no code span
/// but lairsmith's own (`allowed_code`), and each hostile text rendered literally.
fn assert_inert(doc: &Doc, md: &str, literal: &[&str], allowed_code: &[&str]) {
    assert!(doc.markup.is_empty(), "{:?}\n{md}", doc.markup);
    for c in &doc.code_spans {
        assert!(
            allowed_code.iter().any(|a| c.starts_with(a)),
            "a code span `{c}` formed\n{md}"
        );
    }
    for l in literal {
        assert!(
            doc.text.contains(l),
            "`{l}` is not in the text:\n{}",
            doc.text
        );
    }
}

/// The hostile prose, each line of which must read as text in the field that holds it.
const PROSE_LINES: &[&str] = &[
    "```",
    "# not a heading",
    "<div>not html</div>",
    "~~~",
    "<script>alert(1)</script>",
    "# Description heading?",
    "<!-- comment",
    "===",
    "# Secret heading",
];

#[test]
fn hostile_names_and_prose_in_show_md_make_no_link_html_fence_or_heading() {
    let data = hostile_data();
    let md = ok(data.path(), &["show", "hostile", "--format", "md"]);
    let doc = parse(&md);
    assert_eq!(doc.headings, monster_headings(2), "{md}");
    assert!(doc.code_blocks.is_empty(), "{:?}\n{md}", doc.code_blocks);
    assert_inert(
        &doc,
        &md,
        &[
            MONSTER,
            TRAIT,
            POWER,
            "# Not a heading",
            "## Variant",
            "[c](javascript:alert(2)), ```",
            "<b>one</b> creature",
            "<iframe src=x>",
            &format!("and {MONSTER} laughs."),
        ],
        &[],
    );
    for l in PROSE_LINES.iter().take(7) {
        assert!(doc.text.contains(l), "`{l}` is text:\n{}", doc.text);
    }
    // The author's own Markdown in prose is kept.
    assert!(doc.emphasised.iter().any(|e| e == "emphasis"), "{md}");
}

#[test]
fn hostile_names_in_encounter_md_make_no_link_html_fence_or_heading() {
    let data = hostile_data();
    let md = ok(
        data.path(),
        &[
            "encounter",
            "export",
            "plot",
            "--format",
            "md",
            "--treasure",
            "steady",
            "--seed",
            "1",
        ],
    );
    let doc = parse(&md);
    let mut want = vec![
        h(1, ENCOUNTER),
        h(2, "Summary"),
        h(2, "Roster"),
        h(2, "Extended challenges"),
        h(3, CHALLENGE),
        h(2, "Stat blocks"),
    ];
    want.extend(monster_headings(3));
    want.push(h(2, "Treasure: steady progression (T1), 1 encounter"));
    want.push(h(2, "Notes"));
    assert_eq!(doc.headings, want, "{md}");
    assert!(doc.code_blocks.is_empty(), "{:?}\n{md}", doc.code_blocks);
    assert_inert(
        &doc,
        &md,
        &[
            ENCOUNTER,
            LABEL,
            "# Label <i>",
            CHALLENGE,
            MEMBER,
            "| pipe | --- (level 5)",
            "# Secret heading ``` swallowed?",
        ],
        &[],
    );
}

/// The tracker's own reading of a block: javalent/initiative-tracker 13.0.18 (commit 3012872,
/// and since 11.0), `src/encounter/index.ts`, `EncounterBlock.postprocess` (and
/// `postprocessTable`), cuts the block's source with `this.src.split("---")` (anywhere, not only
/// on a line of its own) and hands each piece to Obsidian's `parseYaml` as one encounter; a
/// piece that fails is dropped with a notice.
fn tracker_pieces(block: &str) -> Vec<&str> {
    block
        .split("---")
        .filter(|p| !p.trim().is_empty())
        .collect()
}

#[test]
fn hostile_names_in_the_obsidian_note_make_no_link_and_keep_the_encounter_block_whole() {
    let data = hostile_data();
    let md = ok(
        data.path(),
        &["encounter", "export", "plot", "--format", "obsidian"],
    );
    let doc = parse(&md);
    // The encounter's notes have a section of their own, and stay in it.
    assert_eq!(
        doc.headings,
        vec![h(1, ENCOUNTER), h(2, "Notes"), h(2, "Stat blocks")],
        "{md}"
    );
    let infos: Vec<&str> = doc.code_blocks.iter().map(|(i, _)| i.as_str()).collect();
    assert_eq!(infos, ["encounter", "statblock"], "{md}");
    assert_inert(&doc, &md, &[ENCOUNTER, MEMBER, CHALLENGE], &[]);

    // A name holding `---` (the encounter's and a label) does not split the tracker's block,
    // and YAML reads every name back as it is.
    let block = &doc.code_blocks[0].1;
    let pieces = tracker_pieces(block);
    assert_eq!(pieces.len(), 1, "the tracker would cut the block:\n{block}");
    let y: yaml_serde::Value = yaml_serde::from_str(pieces[0]).unwrap();
    assert_eq!(y["name"].as_str(), Some(ENCOUNTER));
    let names: Vec<String> = y["creatures"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|c| {
            // `COUNT: {creature: NAME, name: LABEL, ...}`: the label is the display name.
            let c = c.as_mapping().unwrap().values().next().unwrap();
            let shown = c.get("name").unwrap_or(&c["creature"]);
            shown.as_str().unwrap().to_owned()
        })
        .collect();
    assert_eq!(names, [MONSTER, LABEL, "# Label <i>"]);
}

#[test]
fn hostile_names_in_the_adventure_sheet_make_no_link_html_fence_or_heading() {
    let data = hostile_data();
    let md = ok(
        data.path(),
        &["adventure", "export", "saga", "--format", "md"],
    );
    let doc = parse(&md);
    let mut want = vec![
        h(1, ADVENTURE),
        h(2, "Summary"),
        h(2, "Pacing"),
        h(2, "Level-ups"),
        h(2, "Treasure: steady progression (T1), 1 encounter"),
        h(2, "Encounters"),
        h(3, &format!("1. {ENCOUNTER}")),
        h(4, "Summary"),
        h(4, "Roster"),
        h(4, "Extended challenges"),
        h(5, CHALLENGE),
        h(4, "Stat blocks"),
    ];
    want.extend(monster_headings(5));
    want.push(h(4, "Treasure: steady progression (T1), 1 encounter"));
    want.push(h(4, "Notes"));
    want.push(h(2, "Notes"));
    assert_eq!(doc.headings, want, "{md}");
    // The pacing chart is the sheet's one code block.
    let infos: Vec<&str> = doc.code_blocks.iter().map(|(i, _)| i.as_str()).collect();
    assert_eq!(infos, [""], "{md}");
    assert_inert(
        &doc,
        &md,
        &[
            ADVENTURE,
            ENCOUNTER,
            MEMBER,
            LABEL,
            "``` # Not a heading <details>",
        ],
        &["seed:", "--seed"],
    );
}

#[test]
fn hostile_party_names_in_treasure_md_are_text() {
    let data = hostile_data();
    let md = ok(
        data.path(),
        &[
            "treasure",
            "plan",
            "--party",
            "crew",
            "--encounters",
            "3",
            "--method",
            "steady",
            "--seed",
            "1",
            "--format",
            "md",
        ],
    );
    let doc = parse(&md);
    assert_eq!(
        doc.headings,
        vec![h(2, "Treasure: steady progression (T1), 3 encounters")],
        "{md}"
    );
    assert_inert(
        &doc,
        &md,
        &[&format!("{MEMBER} (level 5)"), "| pipe | --- (level 5)"],
        &["--method"],
    );
}

/// `lairsmith new ... --template T --format md`.
fn templated(t: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    ok(
        dir.path(),
        &[
            "new",
            "--level",
            "5",
            "--role",
            "striker",
            "--source",
            "natural",
            "--type",
            "beast",
            "--template",
            t,
            "--format",
            "md",
        ],
    )
}

#[test]
fn the_template_note_after_a_name_renders_as_emphasis() {
    let md = templated("veteran");
    let doc = parse(&md);
    assert!(
        doc.emphasised.iter().any(|e| e == "[Veteran]"),
        "{:?}\n{md}",
        doc.emphasised
    );
    assert!(!doc.text.contains('*'), "literal asterisks:\n{}", doc.text);
    // Every shipped template, themes included: each note is emphasis, and no `*` is left over.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/monster");
    for f in std::fs::read_dir(dir).unwrap() {
        let path = f.unwrap().path();
        let id = path.file_stem().unwrap().to_str().unwrap().to_owned();
        let md = templated(&id);
        let doc = parse(&md);
        assert!(
            doc.emphasised.iter().any(|e| e.starts_with('[')),
            "{id}: no template note is emphasis\n{md}"
        );
        assert!(!doc.text.contains('*'), "{id}: literal asterisks:\n{md}");
        assert!(!doc.text.contains('\\'), "{id}: literal backslashes:\n{md}");
    }
}

/// How many times `c` occurs in `s`.
fn count(s: &str, c: char) -> usize {
    s.matches(c).count()
}

/// Checks that `block` renders to CommonMark with the layout's structure: its headings, one list
/// item per item, one strong per bold span and one emphasis per italic span, no markup of its
/// own, and no `*`, `_` or `\` in the text beyond what the text export shows (what the author
/// and lairsmith wrote).
fn assert_same_structure(block: &lairsmith_core::monster::StatBlock, what: &str) {
    let md = lairsmith_core::export::markdown(block);
    let doc = parse(&md);
    let mut want = Vec::new();
    let (mut items, mut bold, mut italic) = (0, 0, 0);
    for b in &layout(block) {
        match b {
            Block::Title(t) => want.push(h(2, t)),
            Block::Heading(t) => want.push(h(3, t)),
            Block::Item(spans) | Block::Line(spans) => {
                items += usize::from(matches!(b, Block::Item(_)));
                for s in spans {
                    match s {
                        Span::Bold(_) => bold += 1,
                        Span::Italic(_) => italic += 1,
                        _ => {}
                    }
                }
            }
        }
    }
    assert_eq!(doc.headings, want, "{what}\n{md}");
    assert_eq!(doc.items, items, "{what}: one list item per item\n{md}");
    assert_eq!(doc.strong, bold, "{what}: every bold span is strong\n{md}");
    assert_eq!(
        doc.emphasis, italic,
        "{what}: every italic span is emphasis\n{md}"
    );
    assert!(doc.markup.is_empty(), "{what}: {:?}", doc.markup);
    assert!(
        doc.code_blocks.is_empty() && doc.code_spans.is_empty(),
        "{what}"
    );
    let plain = lairsmith_core::export::text(block);
    for c in ['*', '_', '\\'] {
        assert!(
            count(&doc.text, c) <= count(&plain, c),
            "{what}: a literal `{c}` the author did not write:\n{md}"
        );
    }
}

#[test]
fn every_shipped_monster_renders_the_layouts_structure_in_commonmark() {
    let b = lairsmith_core::bestiary::Bestiary::shipped();
    assert!(b.entries.len() >= 40);
    let templates = lairsmith_core::monster::template::MonsterTemplates::shipped();
    for e in &b.entries {
        let id = &e.card.id;
        assert_same_structure(&e.block().unwrap(), id);
        // And as every shipped template makes it, so each template note is checked too.
        let design = e.design().unwrap();
        for t in &templates.entries {
            let mut d = (*design).clone();
            d.templates = vec![t.template.id.clone()];
            let (block, _) = lairsmith_core::monster::block_and_findings(&d, &templates, None);
            assert_same_structure(&block, &format!("{id} with {}", t.template.id));
        }
    }
}

/// A copy of `HOSTILE` with `from` replaced by `to`, checked by the loader.
fn load_err(from: &str, to: &str) -> String {
    assert!(HOSTILE.contains(from), "{from}");
    let text = HOSTILE.replace(from, to);
    lairsmith_core::monster::parse_monster(&text, Path::new("m.yaml"))
        .unwrap_err()
        .to_string()
}

#[test]
fn a_line_break_in_a_one_line_field_is_refused_at_load_with_its_place() {
    // Each field a stat block prints inside one line, with a line break: where it is, in
    // m.yaml, and what it is.
    let cases = [
        (
            "- name: '## Variant'",
            "- name: \"Elder\\n```\"",
            "m.yaml:37:",
            "the name of variant 1",
        ),
        (
            "- '# Common'",
            "- \"Common\\n# Elvish\"",
            "m.yaml:16:",
            "language 3",
        ),
        (
            "- name: '# Not a heading'",
            "- name: |\n    Two\n    lines",
            "m.yaml:18:",
            "the name of trait 1",
        ),
        (
            "- name: '[x](https://example.com) ![i](x.png) [[Wiki]]'",
            "- name: \"Lash\\r\\nTwice\"",
            "m.yaml:23:",
            "the name of power 1",
        ),
        (
            "targets: '<b>one</b> creature'",
            "targets: \"one\\u2028creature\"",
            "m.yaml:27:",
            "the targets of power 1",
        ),
    ];
    for (from, to, place, what) in cases {
        let e = load_err(from, to);
        assert!(e.starts_with(place), "{what}: {e}");
        assert!(e.contains(what), "{e}");
        assert!(e.contains("holds a line break"), "{e}");
        assert!(e.contains("one line"), "{e}");
    }
    // Through the CLI, as a GM meets it.
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("m.yaml");
    std::fs::write(
        &path,
        HOSTILE.replace("- '# Common'", "- \"Common\\n# Elvish\""),
    )
    .unwrap();
    let o = lairsmith(data.path(), &["show", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("m.yaml:16:"), "{}", stderr(&o));
    // Prose holds line breaks.
    assert!(
        lairsmith_core::monster::parse_monster(HOSTILE, Path::new("m.yaml")).is_ok(),
        "the hostile prose loads"
    );
}

#[test]
fn a_line_break_in_a_templates_one_line_field_is_refused() {
    let good = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/templates/monster/veteran.yaml"
    ));
    let path = Path::new("t.yaml");
    assert!(lairsmith_core::monster::template::parse_template(good, path).is_ok());
    let bad = good.replace("- name: Seen It All", "- name: \"Seen\\nIt All\"");
    let e = lairsmith_core::monster::template::parse_template(&bad, path)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("t.yaml:"), "{e}");
    assert!(e.contains("the name of trait 1"), "{e}");
    assert!(e.contains("holds a line break"), "{e}");
    let theme = format!("{good}languages:\n- \"Deep\\nSpeech\"\n");
    let e = lairsmith_core::monster::template::parse_template(&theme, path)
        .unwrap_err()
        .to_string();
    assert!(e.contains("language 1"), "{e}");
}

#[test]
fn the_forge_refuses_a_line_break_in_a_one_line_field() {
    use lairsmith::tui::screens::forge::fields::{Detail, PowerField};
    use lairsmith_core::monster::form_lines::{parse_trait, parse_variant};
    let mut d = lairsmith_core::monster::parse_monster(HOSTILE, Path::new("m.yaml")).unwrap();
    // A pasted line break becomes a space in a text field; these are the breaks it keeps.
    let e = Detail::Languages
        .apply(&mut d, "Common, Deep\u{2028}Speech")
        .unwrap_err();
    assert!(e.contains("holds a line break"), "{e}");
    for field in [PowerField::Name, PowerField::Targets] {
        let e = field.apply(&mut d, 0, "one\u{2029}two").unwrap_err();
        assert!(e.contains("holds a line break"), "{field:?}: {e}");
    }
    assert!(parse_trait("Bad\u{2028}Name: text", None).is_err());
    assert!(parse_variant("Bad\u{2028}Name: text").is_err());
    assert!(
        Detail::Languages
            .apply(&mut d, "Common, Deep Speech")
            .is_ok()
    );
}
