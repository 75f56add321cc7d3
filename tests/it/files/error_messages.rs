//! "Trust, round three", errors that say what is wrong: a value of the wrong type in any file
//! kind is answered at its line and column with the forms the field takes (never serde's
//! "data did not match any variant of untagged enum"); a raw control character is reported at
//! its real line and column; and a party argument is a saved party's id first, then a spec,
//! with an error that says both when it is neither.

use crate::common;
use common::{lairsmith, lairsmith_in, stderr, stdout};
use std::path::Path;

/// The words of serde and of Rust a GM should never read.
const SERDE_WORDS: &[&str] = &[
    "untagged enum",
    "variant of",
    "did not match any",
    "unknown variant",
    "expected u8",
    "expected u16",
    "expected u32",
    "expected u64",
    "expected usize",
    "expected i32",
    "expected i64",
    "expected f64",
    "expected struct",
    "YAML tag",
];

fn assert_plain(what: &str, e: &str) {
    for w in SERDE_WORDS {
        assert!(!e.contains(w), "{what}: says `{w}`: {e}");
    }
}

/// The file kinds read through the typed parser, each with its library reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Monster,
    Template,
    Encounter,
    Encounter3e,
    Party,
    Adventure,
}

impl Kind {
    const ALL: [Kind; 6] = [
        Kind::Monster,
        Kind::Template,
        Kind::Encounter,
        Kind::Encounter3e,
        Kind::Party,
        Kind::Adventure,
    ];

    fn read(self, text: &str) -> Result<(), String> {
        let path = Path::new("f.yaml");
        let r = match self {
            Kind::Monster => lairsmith_core::monster::parse_monster(text, path).map(drop),
            Kind::Template => {
                lairsmith_core::monster::template::parse_template(text, path).map(drop)
            }
            Kind::Encounter | Kind::Encounter3e => {
                lairsmith_core::encounter::parse_encounter(text, path).map(drop)
            }
            Kind::Party => lairsmith_core::encounter::parse_party(text, path).map(drop),
            Kind::Adventure => lairsmith_core::adventure::parse_adventure(text, path).map(drop),
        };
        r.map_err(|e| e.to_string())
    }

    /// A valid file of the kind, with a line for each field that takes several forms.
    fn base(self) -> &'static str {
        match self {
            Kind::Monster => {
                "kind: monster\nschema_version: 1\nid: x\nname: X\nlevel: 3\nrank: standard\nrole: archer\nsize: medium\nsource: fey\ntype: beast\ntags:\n- fire\nalignment: evil\nskills:\n- stealth\nsenses:\n- darkvision\nmovement:\n  walk: 6\n  traits:\n  - hover\nreach: 1\nregeneration:\n  value: 5\n  when: staggered\nresistances:\n- cold\nimmunities:\n- poison\npowers:\n- name: Bite\n  usage: at-will\n  action: standard\n  origin: melee\n  targets: one creature\n  attack:\n    defense: ac\n  damage: at-will-single\n  damage_type: fire\noverrides:\n  hp:\n    value: 40\n    reason: tough\n"
            }
            Kind::Template => {
                "kind: monster-template\nschema_version: 1\nid: t\nname: T\nrank: elite\ntags:\n- undead\nsenses:\n- darkvision\nimmunities:\n- poison\npowers_by_role:\n  archer:\n  - name: Shot\n    usage: encounter\n    action: standard\n    origin: ranged\n    targets: one creature\n    attack:\n      defense: reflex\n    damage: 2d6+3\n"
            }
            Kind::Encounter => {
                "kind: encounter\nschema_version: 1\nname: E\nparty:\n  size: 4\n  level: 3\ngroups:\n- monster: hedgemaw\n  count: 2\n  side: ally\n- placeholder:\n    level: 3\n    rank: elite\n    role: archer\n- challenge:\n    name: C\n    level: 3\n    successes: 4\n    failures: 3\n"
            }
            Kind::Encounter3e => {
                "kind: encounter\nschema_version: 1\nsystem: d20-3e\nname: E\nparty: crew\ncircumstance: half\ngroups:\n- cr: 1/2\n  count: 2\n"
            }
            Kind::Party => {
                "kind: party\nschema_version: 1\nname: P\nmembers:\n- name: Ana\n  level: 3\n"
            }
            Kind::Adventure => {
                "kind: adventure\nschema_version: 1\nname: A\nparty:\n  members:\n  - level: 3\nencounters:\n- a\ntreasure: steady\n"
            }
        }
    }
}

/// Each field that takes one of several forms or one of a closed list of words, by file kind:
/// its line in [`Kind::base`] (as written there), and words the error must hold to say what
/// the field takes.
const FIELDS: &[(Kind, &str, &[&str])] = &[
    (Kind::Monster, "kind: monster", &["monster"]),
    (Kind::Monster, "level: 3", &["1 to 30"]),
    (Kind::Monster, "rank: standard", &["mook", "elite"]),
    (Kind::Monster, "role: archer", &["skulker", "wrecker"]),
    (Kind::Monster, "size: medium", &["large"]),
    (Kind::Monster, "source: fey", &["elemental"]),
    (Kind::Monster, "type: beast", &["humanoid"]),
    (Kind::Monster, "- fire", &["tag", "undead"]),
    (Kind::Monster, "alignment: evil", &["good"]),
    (Kind::Monster, "- stealth", &["athletics"]),
    (Kind::Monster, "- darkvision", &["darkvision"]),
    (Kind::Monster, "  - hover", &["hover"]),
    (
        Kind::Monster,
        "  when: staggered",
        &["always", "unstaggered"],
    ),
    (Kind::Monster, "- cold", &["lightning"]),
    (Kind::Monster, "- poison", &["damage type or condition"]),
    (Kind::Monster, "  usage: at-will", &["encounter", "daily"]),
    (Kind::Monster, "  action: standard", &["move", "free"]),
    (Kind::Monster, "  origin: melee", &["ranged", "near"]),
    (Kind::Monster, "    defense: ac", &["fortitude", "will"]),
    (
        Kind::Monster,
        "  damage: at-will-single",
        &["surge-single", "2d10+4"],
    ),
    (Kind::Monster, "  damage_type: fire", &["radiant"]),
    (
        Kind::Template,
        "kind: monster-template",
        &["monster-template"],
    ),
    (Kind::Template, "rank: elite", &["mook", "elite"]),
    (Kind::Template, "- undead", &["undead"]),
    (Kind::Template, "- poison", &["damage type or condition"]),
    (
        Kind::Template,
        "    damage: 2d6+3",
        &["surge-single", "2d10+4"],
    ),
    (Kind::Encounter, "kind: encounter", &["encounter"]),
    (
        Kind::Encounter,
        "party:",
        &["a saved party's id", "{size: 4, level: 10}", "members"],
    ),
    (Kind::Encounter, "  level: 3", &["1 to 30"]),
    (Kind::Encounter, "  count: 2", &["1 to 999"]),
    (Kind::Encounter, "  side: ally", &["foe", "ally"]),
    (Kind::Encounter, "    rank: elite", &["mook", "elite"]),
    (Kind::Encounter, "    role: archer", &["skulker", "wrecker"]),
    (
        Kind::Encounter,
        "    successes: 4",
        &["successes from 1 to 20"],
    ),
    (
        Kind::Encounter,
        "    failures: 3",
        &["failures from 1 to 20"],
    ),
    (Kind::Encounter3e, "system: d20-3e", &["orcus", "d20-3e"]),
    (
        Kind::Encounter3e,
        "party: crew",
        &["a saved party's id", "{size: 4, level: 10}", "members"],
    ),
    (Kind::Encounter3e, "circumstance: half", &["less", "twice"]),
    (Kind::Encounter3e, "- cr: 1/2", &["1 to 20", "1/2", "1/8"]),
    (Kind::Encounter3e, "  count: 2", &["1 to 999"]),
    (Kind::Party, "kind: party", &["party"]),
    (Kind::Party, "  level: 3", &["1 to 30"]),
    (Kind::Adventure, "kind: adventure", &["adventure"]),
    (
        Kind::Adventure,
        "party:",
        &["a saved party's id", "{size: 4, level: 10}", "members"],
    ),
    (Kind::Adventure, "  - level: 3", &["1 to 30"]),
    (
        Kind::Adventure,
        "treasure: steady",
        &["items-only", "narrative"],
    ),
];

/// Values of the wrong type for any of [`FIELDS`]: a list, a mapping, a decimal, a boolean.
const WRONG: &[&str] = &["[a, b]", "{a: 1}", "0.5", "true"];

/// `base` with the line `line` given the value `value` (its block, if any, taken out).
fn with_value(base: &str, line: &str, value: &str) -> (String, usize) {
    let lines: Vec<&str> = base.lines().collect();
    let at = lines
        .iter()
        .position(|l| *l == line)
        .unwrap_or_else(|| panic!("`{line}` is a line of the base file"));
    let indent = |l: &str| l.len() - l.trim_start_matches([' ', '-']).len();
    let mut end = at + 1;
    // A key that opens a block (`party:`) loses the block: the value replaces it.
    if line.ends_with(':') {
        while end < lines.len() && indent(lines[end]) > indent(line) {
            end += 1;
        }
    }
    let key = match line.split_once(": ") {
        Some((k, _)) => format!("{k}: "),
        None if line.ends_with(':') => format!("{line} "),
        // A list item (`- fire`).
        None => format!("{}- ", &line[..line.len() - line.trim_start().len()]),
    };
    let mut out: Vec<String> = lines[..at].iter().map(|s| s.to_string()).collect();
    out.push(format!("{key}{value}"));
    out.extend(lines[end..].iter().map(|s| s.to_string()));
    (out.join("\n") + "\n", at + 1)
}

#[test]
fn every_field_with_several_forms_names_them_at_its_line_in_every_file_kind() {
    for kind in Kind::ALL {
        assert_eq!(
            kind.read(kind.base()),
            Ok(()),
            "{kind:?}: the base file reads"
        );
    }
    for (kind, line, forms) in FIELDS {
        for wrong in WRONG {
            let (text, n) = with_value(kind.base(), line, wrong);
            let what = format!("{kind:?} `{line}` as `{wrong}`");
            let e = kind.read(&text).expect_err(&what);
            assert!(e.starts_with(&format!("f.yaml:{n}:")), "{what}: {e}");
            for form in *forms {
                assert!(e.contains(form), "{what}: does not name `{form}`: {e}");
            }
            assert_plain(&what, &e);
        }
    }
}

/// Every line of every kind's file, in turn given each value of the wrong type: whatever the
/// error, it is in a GM's words and located.
#[test]
fn no_wrong_value_in_any_file_kind_is_answered_in_serde_words() {
    let wrong = ["[a, b]", "{a: 1}", "0.5", "true", "word", "-3", "~"];
    for kind in Kind::ALL {
        for line in kind.base().lines() {
            if !line.contains(": ") && !line.ends_with(':') && !line.trim_start().starts_with("- ")
            {
                continue;
            }
            for value in wrong {
                let (text, _) = with_value(kind.base(), line, value);
                let what = format!("{kind:?} `{line}` as `{value}`");
                if let Err(e) = kind.read(&text) {
                    assert!(e.starts_with("f.yaml:"), "{what}: {e}");
                    assert_plain(&what, &e);
                }
            }
        }
    }
}

#[test]
fn a_cr_of_0_5_in_a_3e_encounter_names_the_forms_a_cr_takes() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.yaml");
    std::fs::write(
        &file,
        "kind: encounter\nschema_version: 1\nsystem: d20-3e\nname: E\nparty: {size: 4, level: 3}\ngroups:\n- cr: 0.5\n  count: 2\n",
    )
    .unwrap();
    let o = lairsmith(dir.path(), &["encounter", "check", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    // At the value itself, line 7 column 7, not at the group.
    assert!(
        e.starts_with(&format!("lairsmith: {}:7:7: ", file.display())),
        "{e}"
    );
    for form in ["`0.5` is not a challenge rating", "1/2", "1 to 20", "1/8"] {
        assert!(e.contains(form), "{form}: {e}");
    }
    assert_plain("cr: 0.5", &e);
}

#[test]
fn a_count_out_of_range_is_reported_at_the_count_not_the_group() {
    let text = "kind: encounter\nschema_version: 1\nname: E\nparty: {size: 4, level: 3}\ngroups:\n- monster: hedgemaw\n  count: 0\n";
    let e = Kind::Encounter.read(text).unwrap_err();
    assert!(e.starts_with("f.yaml:7:10: "), "{e}");
    assert!(e.contains("from 1 to 999"), "{e}");
}

#[test]
fn a_settings_file_value_of_the_wrong_type_names_what_it_takes() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, &str)] = &[
        ("keys: [a, b]\n", "must map action names to lists of keys"),
        ("keys:\n  quit: {a: 1}\n", "has no keys"),
        ("keys:\n  quit: [[a]]\n", "write each key as text"),
        ("theme: [a, b]\n", "`dark`, `light`"),
        ("theme: 0.5\n", "dark"),
        ("theme:\n  base: [a]\n", "dark"),
        ("theme:\n  colours: [a]\n", "colour"),
        ("theme:\n  colours:\n    accent: [a]\n", "colour"),
    ];
    for (i, (text, says)) in cases.iter().enumerate() {
        let file = dir.path().join(format!("c{i}.yaml"));
        std::fs::write(&file, text).unwrap();
        let o = lairsmith(dir.path(), &["--config", file.to_str().unwrap(), "config"]);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{text}: {e}");
        assert!(
            e.contains(&format!("{}:", file.display())) && e.contains(says),
            "{text}: {e}"
        );
        assert_plain(text, &e);
    }
}

/// Raw control characters, deep in a file: the line and column of the character itself.
mod control_characters {
    use super::*;

    /// `base` with its `name:` line moved to line 40, holding `raw` quoted with `quote`: it
    /// goes between two top-level keys, with comment lines at the top to bring it there.
    fn deep(base: &str, quote: char, raw: char) -> String {
        let mut lines: Vec<String> = base
            .lines()
            .filter(|l| !l.starts_with("name:"))
            .map(str::to_owned)
            .collect();
        let between = (0..=lines.len())
            .filter(|&i| i <= 39 && lines.get(i).is_none_or(|l| !l.starts_with([' ', '-'])))
            .max()
            .expect("a place between top-level keys");
        for _ in between..39 {
            lines.insert(0, "# the GM's own comment".to_owned());
        }
        lines.insert(39, format!("name: {quote}Ab{raw}cd{quote}"));
        lines.join("\n") + "\n"
    }

    /// ESC and DEL, in double and single quotes.
    const CASES: [(char, char); 4] = [('"', '\x1b'), ('"', '\x7f'), ('\'', '\x1b'), ('\'', '\x7f')];

    #[test]
    fn a_raw_esc_or_del_in_a_quoted_string_is_reported_at_its_line_and_column_in_every_file_kind() {
        for kind in Kind::ALL {
            for (quote, raw) in CASES {
                let text = deep(kind.base(), quote, raw);
                let e = kind.read(&text).unwrap_err();
                // `name: "Ab` is 9 characters: the character is the 10th.
                assert!(
                    e.starts_with("f.yaml:40:10: control characters are not allowed"),
                    "{kind:?} {raw:?} in {quote}: {e}"
                );
                assert!(e.contains(&format!("U+{:04X}", u32::from(raw))), "{e}");
                assert!(!e.contains("position"), "{e}");
            }
        }
    }

    /// The same through the commands that read each kind, the settings file included, and
    /// `fmt`, which reads a monster through the guard's pass.
    #[test]
    fn every_command_reports_a_raw_esc_or_del_at_its_line_and_column() {
        for (quote, raw) in CASES {
            let dir = tempfile::tempdir().unwrap();
            let d = dir.path();
            for sub in [
                "bestiary",
                "templates",
                "parties",
                "encounters",
                "adventures",
            ] {
                std::fs::create_dir_all(d.join(sub)).unwrap();
            }
            let write = |rel: &str, text: String| {
                let p = d.join(rel);
                std::fs::write(&p, text).unwrap();
                p.display().to_string()
            };
            let monster = write("bestiary/x.yaml", deep(Kind::Monster.base(), quote, raw));
            let template = write("templates/t.yaml", deep(Kind::Template.base(), quote, raw));
            let party = write("parties/crew.yaml", deep(Kind::Party.base(), quote, raw));
            let encounter = write(
                "encounters/e.yaml",
                deep(Kind::Encounter.base(), quote, raw),
            );
            let adventure = write(
                "adventures/a.yaml",
                deep(Kind::Adventure.base(), quote, raw),
            );
            let mut settings_text = String::from("keys:\n  quit: [\"q\"]\n");
            for _ in 0..37 {
                settings_text.push_str("# a comment\n");
            }
            settings_text.push_str(&format!("theme: {quote}da{raw}rk{quote}\n"));
            let settings = write("config.yaml", settings_text);
            let runs: [(&[&str], &str, usize); 8] = [
                (&["show", &monster], &monster, 10),
                (&["fmt", "--check", &monster], &monster, 10),
                (&["list"], &monster, 10),
                (&["template", "list"], &template, 10),
                (&["budget", "--party", "crew"], &party, 10),
                (&["encounter", "check", &encounter], &encounter, 10),
                (&["adventure", "check", &adventure], &adventure, 10),
                (&["--config", &settings, "config"], &settings, 11),
            ];
            for (args, file, column) in runs {
                let o = lairsmith_in(d, d, args);
                let e = stderr(&o);
                assert!(
                    e.contains(&format!(
                        "{file}:40:{column}: control characters are not allowed"
                    )),
                    "{args:?} with {raw:?} in {quote}: {e}"
                );
                assert!(!e.contains("position"), "{args:?}: {e}");
            }
        }
    }

    /// Every character the YAML reader refuses, on line 40 after lines of other widths, in a
    /// file that takes the guard's pass (it holds a `*`) and in one that does not, with LF and
    /// CR LF line ends: always the character's own line and column, in characters.
    #[test]
    fn every_control_character_is_reported_at_its_line_and_column() {
        let refused: Vec<char> = (0u32..0x20)
            .filter(|c| ![0x09, 0x0a, 0x0d].contains(c))
            .chain([0x7f, 0x80, 0x84, 0x86, 0x9f, 0xfffe, 0xffff])
            .filter_map(char::from_u32)
            .collect();
        for c in refused {
            for guarded in [false, true] {
                for newline in ["\n", "\r\n"] {
                    let mut text = String::from(
                        "kind: encounter\nschema_version: 1\nname: Né\nparty: {size: 4, level: 3}\n",
                    );
                    if guarded {
                        text.push_str("x-a: &a 1\nx-b: *a\n");
                    }
                    while text.lines().count() < 39 {
                        text.push_str("# ééé — a comment with wide letters\n");
                    }
                    text.push_str(&format!("notes: \"ééé{c}\"\n"));
                    let text = text.replace('\n', newline);
                    let e = Kind::Encounter.read(&text).unwrap_err();
                    assert!(
                        e.starts_with("f.yaml:40:12: control characters are not allowed"),
                        "{c:?} guarded {guarded} {newline:?}: {e}"
                    );
                }
            }
        }
    }

    /// Lines break where the YAML reader breaks them, so that a reader error agrees with the
    /// scanner's errors in the same file; columns count characters, not bytes.
    #[test]
    fn a_byte_offset_becomes_the_line_and_column_the_parser_counts() {
        use lairsmith_core::yaml_io::line_column;
        let text = "a: é\r\nb: \u{85}c\rd\u{2028}ef: ééx";
        let at = |needle: &str| line_column(text, text.find(needle).unwrap());
        assert_eq!(at("é"), (1, 4));
        assert_eq!(at("b:"), (2, 1));
        assert_eq!(at("c"), (3, 1));
        assert_eq!(at("d"), (4, 1));
        assert_eq!(at("x"), (5, 7));
        assert_eq!(line_column(text, text.len() + 10), (5, 8));
        assert_eq!(line_column("é", 1), (1, 1), "inside a character: its start");
    }

    /// A lone surrogate, an unknown escape and a tab where indentation goes are the scanner's
    /// own errors: located where they are, never at 1:1.
    #[test]
    fn scanner_errors_deep_in_a_file_are_located_where_they_are() {
        let mut text = String::from(
            "kind: encounter\nschema_version: 1\nname: E\nparty: {size: 4, level: 3}\n",
        );
        while text.lines().count() < 39 {
            text.push_str("# a comment\n");
        }
        for (line, at) in [
            ("notes: \"a\\ud800b\"", "f.yaml:40:"),
            ("notes: \"a\\qb\"", "f.yaml:40:"),
            ("x-a:\n\t- b", "f.yaml:41:"),
        ] {
            let e = Kind::Encounter
                .read(&format!("{text}{line}\n"))
                .unwrap_err();
            assert!(e.starts_with(at), "{line}: {e}");
        }
    }
}

/// A party argument: a saved party's id first, then a spec, and an error that says both.
mod party_argument {
    use super::*;

    const BOTH: &str = "lairsmith: no saved party has the id `nonexistent-party` (saved parties: crew), and it is not a party spec: a spec is 4x6 (4 characters of level 6), 3,3,4,5 (one level each) or Ana=3,Bo=4\n";

    /// A data directory with the saved party `crew` (Ana and Bo, level 7), a saved encounter
    /// and an adventure.
    fn data() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let ok = |args: &[&str]| {
            let o = lairsmith(d, args);
            assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        };
        ok(&["party", "set", "crew", "Ana=7,Bo=7"]);
        ok(&["encounter", "new", "Ambush", "--party", "4x3"]);
        ok(&["encounter", "add", "ambush", "hedgemaw"]);
        ok(&["adventure", "new", "Adv", "--party", "4x3"]);
        dir
    }

    /// Every command that takes a party, with `P` where the party goes, and where to look
    /// for the party it used: its output, or the file it wrote.
    fn commands() -> Vec<(Vec<&'static str>, Option<&'static str>)> {
        vec![
            (vec!["budget", "--party", "P"], None),
            (
                vec!["encounter", "new", "Fresh", "--party", "P"],
                Some("encounters/fresh.yaml"),
            ),
            (
                vec!["encounter", "generate", "--party", "P", "--seed", "1"],
                None,
            ),
            (
                vec![
                    "encounter",
                    "generate",
                    "--system",
                    "d20-3e",
                    "--party",
                    "P",
                    "--seed",
                    "1",
                ],
                None,
            ),
            (
                vec!["adventure", "new", "Other", "--party", "P"],
                Some("adventures/other.yaml"),
            ),
            (
                vec!["adventure", "set", "adv", "--party", "P"],
                Some("adventures/adv.yaml"),
            ),
            (
                vec![
                    "treasure",
                    "plan",
                    "--party",
                    "P",
                    "--encounters",
                    "3",
                    "--method",
                    "steady",
                    "--seed",
                    "1",
                ],
                None,
            ),
            (
                vec![
                    "treasure", "troves", "--party", "P", "--count", "1", "--seed", "1",
                ],
                None,
            ),
        ]
    }

    fn with_party<'a>(args: &[&'a str], party: &'a str) -> Vec<&'a str> {
        args.iter()
            .map(|a| if *a == "P" { party } else { a })
            .collect()
    }

    #[test]
    fn adventure_set_party_nonexistent_party_says_no_saved_party_and_not_a_spec() {
        let dir = data();
        let o = lairsmith(
            dir.path(),
            &["adventure", "set", "adv", "--party", "nonexistent-party"],
        );
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(stderr(&o), BOTH);
        assert!(!stderr(&o).contains("count before x"));
    }

    #[test]
    fn every_command_that_takes_a_party_reads_a_saved_id_then_a_spec_and_says_both_when_neither() {
        for (args, file) in commands() {
            // A saved party's id: the saved party is used.
            let dir = data();
            let o = lairsmith(dir.path(), &with_party(&args, "crew"));
            let e = stderr(&o);
            assert!(!e.contains("no saved party"), "{args:?}: {e}");
            let used = match file {
                Some(f) => std::fs::read_to_string(dir.path().join(f)).unwrap(),
                None => stdout(&o),
            };
            assert!(
                used.contains("Ana") || used.contains("party: crew"),
                "{args:?} uses the saved crew: {used}{e}"
            );
            // A spec.
            let dir = data();
            let o = lairsmith(dir.path(), &with_party(&args, "4x6"));
            let e = stderr(&o);
            assert!(!e.contains("not a party spec"), "{args:?}: {e}");
            assert!(!e.contains("no saved party"), "{args:?}: {e}");
            // Neither: both are said, and nothing is written.
            let dir = data();
            let before = file.map(|f| std::fs::read(dir.path().join(f)).ok());
            let o = lairsmith(dir.path(), &with_party(&args, "nonexistent-party"));
            assert_eq!(o.status.code(), Some(1), "{args:?}");
            assert_eq!(stderr(&o), BOTH, "{args:?}");
            if let Some(f) = file {
                assert_eq!(
                    before.unwrap(),
                    std::fs::read(dir.path().join(f)).ok(),
                    "{args:?}"
                );
            }
        }
    }

    #[test]
    fn a_party_saved_as_4x6_wins_over_the_spec_only_when_it_exists() {
        let dir = data();
        let d = dir.path();
        let budget = |d: &Path| stdout(&lairsmith(d, &["budget", "--party", "4x6"]));
        assert!(budget(d).contains("4 × level 6"), "{}", budget(d));
        let o = lairsmith(d, &["adventure", "set", "adv", "--party", "4x6"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let adv = std::fs::read_to_string(d.join("adventures/adv.yaml")).unwrap();
        assert!(adv.contains("party:\n  size: 4\n  level: 6\n"), "{adv}");

        let o = lairsmith(d, &["party", "set", "4x6", "2,2"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(budget(d).contains("2 × level 2"), "{}", budget(d));
        let o = lairsmith(d, &["adventure", "set", "adv", "--party", "4x6"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let adv = std::fs::read_to_string(d.join("adventures/adv.yaml")).unwrap();
        assert!(
            adv.contains("party: 4x6\n"),
            "the saved party, by its id: {adv}"
        );
    }

    #[test]
    fn a_near_miss_of_a_saved_id_is_suggested_and_a_bad_spec_says_why() {
        let dir = data();
        let d = dir.path();
        let e = stderr(&lairsmith(d, &["budget", "--party", "crw"]));
        assert!(
            e.contains(
                "no saved party has the id `crw` (saved parties: crew; did you mean `crew`?)"
            ),
            "{e}"
        );
        let e = stderr(&lairsmith(d, &["budget", "--party", "4x40"]));
        assert!(
            e.contains("it is not a party spec (a character's level is from 1 to 30, not 40)"),
            "{e}"
        );
        // Not an id at all: only the spec can fit, and the message says why it cannot be an id.
        let e = stderr(&lairsmith(d, &["budget", "--party", "Ana=3,Bo=x"]));
        assert_eq!(
            e,
            "lairsmith: `Ana=3,Bo=x` is not a party spec (`x` is not a level): a spec is 4x6 (4 characters of level 6), 3,3,4,5 (one level each) or Ana=3,Bo=4; nor can it be a saved party's id (lower-case letters and digits joined by hyphens)\n"
        );
        let empty = tempfile::tempdir().unwrap();
        let e = stderr(&lairsmith(empty.path(), &["budget", "--party", "crew"]));
        assert!(
            e.contains("no saved party has the id `crew` (there are no saved parties)"),
            "{e}"
        );
    }

    mod ui {
        use super::*;
        use lairsmith::tui::app::{App, Msg, Outcome, Screen};
        use lairsmith::tui::{app_for, dispatch};
        use lairsmith_core::encounter::PartyRef;
        use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

        fn send(app: &mut App, code: KeyCode, modifiers: KeyModifiers) {
            let mut no_editor = |p: &Path| Outcome::Edited {
                path: p.to_owned(),
                result: Err("no editor in tests".into()),
            };
            dispatch(
                app,
                Msg::Key(KeyEvent::new(code, modifiers)),
                &mut no_editor,
            );
        }

        /// `P`, the prompt emptied, `text` typed and Enter.
        fn set_party(app: &mut App, text: &str) {
            send(app, KeyCode::Char('P'), KeyModifiers::NONE);
            send(app, KeyCode::Char('u'), KeyModifiers::CONTROL);
            for c in text.chars() {
                send(app, KeyCode::Char(c), KeyModifiers::NONE);
            }
            send(app, KeyCode::Enter, KeyModifiers::NONE);
        }

        fn status(app: &App) -> String {
            app.shell
                .status
                .as_ref()
                .map(|s| s.text.clone())
                .unwrap_or_default()
        }

        #[test]
        fn the_party_prompts_of_both_screens_read_a_saved_id_then_a_spec() {
            let dir = data();
            let mut app = app_for(&lairsmith::cli::DataDir::new(dir.path().to_owned()));
            let screens: [(KeyCode, Screen); 2] = [
                (KeyCode::F(3), Screen::Encounter),
                (KeyCode::F(4), Screen::Adventure),
            ];
            for (key, screen) in screens {
                send(&mut app, key, KeyModifiers::NONE);
                assert_eq!(app.shell.screen, screen);
                let party = |app: &App| match screen {
                    Screen::Encounter => app.encounter.encounter.party.clone(),
                    _ => app.adventure.adventure.party.clone(),
                };
                set_party(&mut app, "crew");
                assert_eq!(party(&app), PartyRef::Saved("crew".into()), "{screen:?}");
                set_party(&mut app, "4x6");
                assert_eq!(
                    party(&app),
                    PartyRef::Uniform {
                        size: 4,
                        level: lairsmith_core::rules::Level::new(6).unwrap()
                    },
                    "{screen:?}: {}",
                    status(&app)
                );
                set_party(&mut app, "nonexistent-party");
                let s = status(&app);
                assert!(
                    s.contains("no saved party has the id `nonexistent-party`")
                        && s.contains("it is not a party spec"),
                    "{screen:?}: {s}"
                );
                // The prompt is open again to correct the text; Esc leaves it.
                send(&mut app, KeyCode::Esc, KeyModifiers::NONE);
                set_party(&mut app, "Ana=3,Bo=x");
                let s = status(&app);
                assert!(s.contains("`x` is not a level"), "{screen:?}: {s}");
                send(&mut app, KeyCode::Esc, KeyModifiers::NONE);
            }
            // A party saved as `4x6` wins over the spec once it exists.
            let o = lairsmith(dir.path(), &["party", "set", "4x6", "2,2"]);
            assert_eq!(o.status.code(), Some(0));
            send(&mut app, KeyCode::F(3), KeyModifiers::NONE);
            set_party(&mut app, "4x6");
            assert_eq!(
                app.encounter.encounter.party,
                PartyRef::Saved("4x6".into()),
                "{}",
                status(&app)
            );
        }
    }
}
