//! Saves keep what a file holds as written: every `x-` value (tags, anchors, aliases, numbers
//! such as `0o17`, integers past 64 bits) comes back as the file had it, or the save is refused,
//! saying which value and why, and nothing is written; and a template applied then taken off
//! gives the file back byte for byte, whatever the layout of its `templates:`.

use crate::common;
use common::{lairsmith, stderr};
use lairsmith_core::monster::file_edit::save_text;
use lairsmith_core::monster::parse_monster;
use lairsmith_core::monster::template::MonsterTemplates;
use lairsmith_core::monster::template_ops::{add_template, remove_template};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

/// The head of a monster file, up to its `type:`.
const HEAD: &str = "\
kind: monster
schema_version: 1
id: xk
name: X Keeper
level: 4
rank: standard
role: wrecker
size: medium
source: natural
type: humanoid
";

/// `x-` values a canonical writer would change: an anchor, a tag, an octal number, an alias,
/// comments, a block scalar with a line that looks like a comment.
const XS: &str = "\
x-d: &d {a: 1}   # the anchor
x-binary: !!binary aGVsbG8=
x-oct: 0o17   # octal
x-alias: *d
x-block: |
  two
  # lines
";

/// A data directory holding `text` as `bestiary/xk.yaml`.
fn data_with(text: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bestiary/xk.yaml");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, text).unwrap();
    (dir, file)
}

use crate::common::lairsmith_ok as ok;

fn read(file: &Path) -> String {
    std::fs::read_to_string(file).unwrap()
}

/// The `x-` values of a monster file, as the library reads them.
fn x_of(text: &str) -> Vec<(String, yaml_serde::Value)> {
    parse_monster(text, Path::new("xk.yaml")).unwrap().extra.0
}

#[test]
fn a_relevel_keeps_binary_octal_and_alias_x_values_as_written() {
    let text = format!("{HEAD}{XS}");
    let (data, file) = data_with(&text);
    ok(
        data.path(),
        &["relevel", "xk", "--level", "5", "--rank", "elite", "--save"],
    );
    let after = read(&file);
    assert!(after.contains("rank: elite"), "{after}");
    assert!(after.contains(XS), "the x- lines stay as written:\n{after}");
    assert_eq!(x_of(&after), x_of(&text));
    assert!(ok(data.path(), &["show", "xk"]).contains("Level 5 Elite Wrecker"));
}

#[test]
fn a_relevel_keeps_x_values_inside_powers_written_at_another_indentation() {
    let power = "\
powers:
  - name: Maul
    basic: true
    usage: at-will
    action: standard
    origin: melee
    targets: one creature
    attack: {defense: ac}
    damage: at-will-single
    x-cue: !!binary aGVsbG8=   # from my VTT
    # the cue's notes
    x-n: 0x1F
    x-lines: |
      kept
        as written
";
    let text = format!("{HEAD}{power}{XS}");
    let (data, file) = data_with(&text);
    ok(
        data.path(),
        &["relevel", "xk", "--level", "5", "--rank", "elite", "--save"],
    );
    let after = read(&file);
    assert!(after.contains("Double Attack"), "{after}");
    assert!(
        after.contains(
            "  x-cue: !!binary aGVsbG8=   # from my VTT\n  # the cue's notes\n  x-n: 0x1F\n  x-lines: |\n    kept\n      as written\n"
        ),
        "{after}"
    );
    assert!(after.contains(XS), "{after}");
    let design = parse_monster(&after, Path::new("xk.yaml")).unwrap();
    let before = parse_monster(&text, Path::new("xk.yaml")).unwrap();
    assert_eq!(design.powers[0].extra, before.powers[0].extra);
}

#[test]
fn a_relevelled_copy_keeps_the_x_values_of_the_file_it_copies() {
    let (data, _) = data_with(&format!("{HEAD}{XS}"));
    ok(
        data.path(),
        &[
            "relevel",
            "xk",
            "--level",
            "9",
            "--rank",
            "elite",
            "--save-as",
            "xk-nine",
        ],
    );
    let copy = read(&data.path().join("bestiary/xk-nine.yaml"));
    assert!(copy.contains("id: xk-nine"), "{copy}");
    assert!(copy.contains(XS), "{copy}");
    ok(
        data.path(),
        &[
            "template",
            "apply",
            "xk",
            "veteran",
            "--save-as",
            "xk-veteran",
        ],
    );
    let copy = read(&data.path().join("bestiary/xk-veteran.yaml"));
    assert!(copy.contains(XS), "{copy}");
}

#[test]
fn a_save_that_cannot_keep_an_alias_is_refused_and_writes_nothing() {
    // The anchor is on the name, which a save writes again without it.
    let text = format!("{HEAD}x-also-name: *n\n").replace("name: X Keeper", "name: &n X Keeper");
    let (data, file) = data_with(&text);
    let o = lairsmith(
        data.path(),
        &["relevel", "xk", "--level", "5", "--rank", "elite", "--save"],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains(&format!("{}:11:14: ", file.display())),
        "located at the alias: {err}"
    );
    assert!(
        err.contains("`x-also-name` has the alias `*n` here"),
        "{err}"
    );
    assert!(err.contains("nothing was written"), "{err}");
    assert_eq!(read(&file), text, "the file is as it was");
}

#[test]
fn an_x_integer_past_64_bits_leaves_the_monster_readable_and_is_written_back_as_written() {
    let big = "\
x-big: 12345678901234567890123
x-negative: -12345678901234567890123
x-list: [1, 123456789012345678901234567]
";
    let text = format!("{HEAD}{big}");
    let (data, file) = data_with(&text);
    assert!(ok(data.path(), &["show", "xk"]).contains("X Keeper"));
    ok(
        data.path(),
        &["relevel", "xk", "--level", "5", "--rank", "elite", "--save"],
    );
    let after = read(&file);
    assert!(after.contains(big), "{after}");
    assert_eq!(x_of(&after), x_of(&text));
    // fmt writes them as written too.
    let o = lairsmith(data.path(), &["fmt", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let formatted = read(&file);
    assert!(
        formatted.contains("x-big: 12345678901234567890123\nx-negative: -12345678901234567890123\nx-list:\n- 1\n- 123456789012345678901234567\n"),
        "{formatted}"
    );
    assert_eq!(x_of(&formatted), x_of(&text));
}

#[test]
fn a_template_save_written_in_the_canonical_layout_keeps_x_values() {
    // A quoted key is a layout no line edit follows.
    let text = format!("{HEAD}\"templates\": [hexer, mount]\n{XS}");
    let (data, file) = data_with(&text);
    ok(
        data.path(),
        &["template", "apply", "xk", "veteran", "--save"],
    );
    let after = read(&file);
    assert!(after.contains("- veteran"), "{after}");
    assert!(after.contains(XS), "{after}");
    ok(
        data.path(),
        &["template", "remove", "xk", "hexer", "--save"],
    );
    let after = read(&file);
    assert!(!after.contains("hexer"), "{after}");
    assert!(after.contains(XS), "{after}");
}

/// A data directory with an encounter, a party and an adventure made by the CLI, each with
/// `x-` values the canonical writer would change appended.
fn data_with_plans() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(d, &["party", "new", "Crew", "--party", "4x3"]);
    ok(d, &["encounter", "new", "Bridge", "--party", "4x3"]);
    ok(d, &["adventure", "new", "Road", "--party", "4x3"]);
    for f in [
        "parties/crew.yaml",
        "encounters/bridge.yaml",
        "adventures/road.yaml",
    ] {
        let f = d.join(f);
        std::fs::write(&f, format!("{}{XS}", read(&f))).unwrap();
    }
    dir
}

#[test]
fn encounter_party_and_adventure_saves_keep_x_values_as_written() {
    let data = data_with_plans();
    let d = data.path();
    ok(
        d,
        &[
            "encounter",
            "add",
            "bridge",
            "placeholder:3:standard:wrecker",
        ],
    );
    let encounter = read(&d.join("encounters/bridge.yaml"));
    assert!(encounter.contains("placeholder"), "{encounter}");
    assert!(encounter.contains(XS), "{encounter}");

    ok(d, &["party", "level-up", "crew"]);
    let party = read(&d.join("parties/crew.yaml"));
    assert!(party.contains("level: 4"), "{party}");
    assert!(party.contains(XS), "{party}");

    ok(d, &["adventure", "set", "road", "--seed", "5"]);
    let adventure = read(&d.join("adventures/road.yaml"));
    assert!(adventure.contains("seed: 5"), "{adventure}");
    assert!(adventure.contains(XS), "{adventure}");
}

#[test]
fn an_encounter_group_keeps_its_x_values_when_a_group_before_it_is_removed() {
    let data = data_with_plans();
    let d = data.path();
    ok(
        d,
        &[
            "encounter",
            "add",
            "bridge",
            "placeholder:3:standard:wrecker",
        ],
    );
    ok(
        d,
        &["encounter", "add", "bridge", "placeholder:4:elite:striker"],
    );
    let f = d.join("encounters/bridge.yaml");
    let text = read(&f).replace(
        "  role: striker\n",
        "  role: striker\n  x-mark: !!binary aGVsbG8=   # mine\n",
    );
    assert!(text.contains("x-mark"), "{text}");
    std::fs::write(&f, &text).unwrap();
    ok(d, &["encounter", "remove", "bridge", "#1"]);
    let after = read(&f);
    assert!(!after.contains("wrecker"), "{after}");
    assert!(
        after.contains("  x-mark: !!binary aGVsbG8=   # mine\n"),
        "{after}"
    );
}

#[test]
fn an_encounter_save_that_cannot_keep_an_alias_is_refused_and_writes_nothing() {
    let data = data_with_plans();
    let d = data.path();
    let f = d.join("encounters/bridge.yaml");
    let text = read(&f).replace("name: Bridge", "name: &n Bridge") + "x-name: *n\n";
    std::fs::write(&f, &text).unwrap();
    let o = lairsmith(
        d,
        &[
            "encounter",
            "add",
            "bridge",
            "placeholder:3:standard:wrecker",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("`x-name` has the alias `*n` here"), "{err}");
    assert_eq!(read(&f), text);
}

mod ui {
    use super::*;
    use lairsmith::tui::app::{Cmd, Outcome, Paths};
    use lairsmith::tui::screens::{adventure, encounter, forge};
    use lairsmith::tui::write::{DocWrite, MonsterWrite};
    use lairsmith_core::store::{Expect, Fingerprint};

    /// What the UI saves, as its screens ask for it.
    enum WritePurpose {
        Monster {
            design: Box<lairsmith_core::monster::MonsterDesign>,
        },
        Encounter,
        Party {
            id: String,
        },
        Adventure,
    }

    /// The screen's command that writes `contents` (or the monster) to `path`.
    fn write_cmd(
        path: &Path,
        contents: String,
        expect: Expect,
        purpose: WritePurpose,
        base: Option<Box<lairsmith_core::monster::MonsterDesign>>,
        copy_of: Option<std::path::PathBuf>,
    ) -> Cmd {
        let write = DocWrite {
            path: path.to_owned(),
            contents,
            expect,
            copy_of: copy_of.clone(),
        };
        match purpose {
            WritePurpose::Monster { design } => Cmd::Forge(forge::job::Job::Save {
                write: MonsterWrite {
                    path: path.to_owned(),
                    design,
                    expect,
                    base,
                    copy_of,
                },
                then: None,
            }),
            WritePurpose::Encounter => {
                Cmd::Encounter(encounter::job::Job::Save { write, then: None })
            }
            WritePurpose::Party { id } => {
                Cmd::Encounter(encounter::job::Job::SaveParty { id, write })
            }
            WritePurpose::Adventure => {
                Cmd::Adventure(adventure::job::Job::Save { write, then: None })
            }
        }
    }

    /// The save was made.
    fn written(out: &Outcome) -> bool {
        matches!(
            out,
            Outcome::Forge(forge::job::Done::Saved { .. })
                | Outcome::Encounter(
                    encounter::job::Done::Saved { .. } | encounter::job::Done::PartySaved { .. }
                )
                | Outcome::Adventure(adventure::job::Done::Saved { .. })
        )
    }

    /// Why the save was refused, as the screen says it; `None` for any other outcome.
    fn failure(out: &Outcome) -> Option<String> {
        match out {
            Outcome::Forge(forge::job::Done::SaveFailed { error, .. })
            | Outcome::Encounter(
                encounter::job::Done::SaveFailed { error, .. }
                | encounter::job::Done::PartySaveFailed { error, .. },
            )
            | Outcome::Adventure(adventure::job::Done::SaveFailed { error, .. }) => {
                Some(error.to_string())
            }
            _ => None,
        }
    }

    fn paths(root: &Path) -> Paths {
        Paths {
            bestiary: root.join("bestiary"),
            encounters: root.join("encounters"),
            parties: root.join("parties"),
            exports: root.join("exports"),
            root: root.to_owned(),
        }
    }

    fn write(root: &Path, path: &Path, contents: String, purpose: WritePurpose) -> Outcome {
        let base = match &purpose {
            WritePurpose::Monster { .. } => {
                Some(Box::new(parse_monster(&read(path), path).unwrap()))
            }
            _ => None,
        };
        let fp = Fingerprint::of_bytes(&std::fs::read(path).unwrap());
        lairsmith::tui::exec::run(
            write_cmd(path, contents, Expect::Unchanged(fp), purpose, base, None),
            &paths(root),
        )
        .unwrap()
    }

    #[test]
    fn the_uis_monster_encounter_party_and_adventure_saves_keep_x_values() {
        let (data, file) = data_with(&format!("{HEAD}{XS}"));
        let mut d = parse_monster(&read(&file), &file).unwrap();
        let role = d.role;
        lairsmith_core::monster::rerank::rerank(
            &mut d,
            lairsmith_core::rules::Rank::Elite,
            role,
            lairsmith_core::monster::kit::Templates::embedded(),
        );
        let contents = lairsmith_core::yaml_io::to_string(&d);
        let purpose = WritePurpose::Monster {
            design: Box::new(d),
        };
        let out = write(data.path(), &file, contents, purpose);
        assert!(written(&out), "{out:?}");
        assert!(read(&file).contains(XS), "{}", read(&file));

        let plans = data_with_plans();
        let root = plans.path();
        let f = root.join("encounters/bridge.yaml");
        let mut e = lairsmith_core::encounter::parse_encounter(&read(&f), &f).unwrap();
        e.name = "Bridge at dusk".into();
        let out = write(
            root,
            &f,
            lairsmith_core::yaml_io::to_string(&e),
            WritePurpose::Encounter,
        );
        assert!(written(&out), "{out:?}");
        assert!(read(&f).contains("Bridge at dusk"));
        assert!(read(&f).contains(XS), "{}", read(&f));

        let f = root.join("parties/crew.yaml");
        let mut p = lairsmith_core::encounter::parse_party(&read(&f), &f).unwrap();
        p.name = "Crew of four".into();
        let out = write(
            root,
            &f,
            lairsmith_core::yaml_io::to_string(&p),
            WritePurpose::Party { id: "crew".into() },
        );
        assert!(written(&out), "{out:?}");
        assert!(read(&f).contains(XS), "{}", read(&f));

        let f = root.join("adventures/road.yaml");
        let mut a = lairsmith_core::adventure::parse_adventure(&read(&f), &f).unwrap();
        a.name = "Long road".into();
        let out = write(
            root,
            &f,
            lairsmith_core::yaml_io::to_string(&a),
            WritePurpose::Adventure,
        );
        assert!(written(&out), "{out:?}");
        assert!(read(&f).contains(XS), "{}", read(&f));
    }

    /// The UI's copies (the Bestiary's duplicate and re-levelled copy, the Forge's save as a
    /// copy, an encounter or adventure saved under a new name) keep the `x-` values of the file
    /// they copy.
    #[test]
    fn the_uis_copies_keep_the_x_values_of_the_file_they_copy() {
        use lairsmith::tui::app::Msg;
        use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
        let (data, file) = data_with(&format!("{HEAD}{XS}"));
        let mut app =
            lairsmith::tui::app_for(&lairsmith::cli::DataDir::new(data.path().to_owned()));
        let mut press_with = |code: KeyCode, mods: KeyModifiers| {
            let mut no_editor = |p: &Path| Outcome::Edited {
                path: p.to_owned(),
                result: Err("no editor in tests".into()),
            };
            lairsmith::tui::dispatch(
                &mut app,
                Msg::Key(KeyEvent::new(code, mods)),
                &mut no_editor,
            );
        };
        let none = KeyModifiers::NONE;
        let mut press = |code: KeyCode| press_with(code, none);
        for c in "/x keeper".chars() {
            press(KeyCode::Char(c));
        }
        press(KeyCode::Enter);
        // d: a duplicate.
        press(KeyCode::Char('d'));
        let copy = data.path().join("bestiary/xk-2.yaml");
        assert!(read(&copy).contains(XS), "{}", read(&copy));
        // r, level 5, c: a re-levelled copy beside the original.
        press(KeyCode::Char('r'));
        press(KeyCode::Backspace);
        press(KeyCode::Char('5'));
        press(KeyCode::Enter);
        press(KeyCode::Char('c'));
        let copies: Vec<String> = std::fs::read_dir(data.path().join("bestiary"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(copies.len(), 3, "{copies:?}");
        for name in copies {
            let text = read(&data.path().join("bestiary").join(&name));
            assert!(text.contains(XS), "{name}: {text}");
        }
        assert_eq!(read(&file), format!("{HEAD}{XS}"));

        // An encounter saved under a new name, through the executor.
        let plans = data_with_plans();
        let root = plans.path();
        let f = root.join("encounters/bridge.yaml");
        let mut e = lairsmith_core::encounter::parse_encounter(&read(&f), &f).unwrap();
        e.name = "Bridge again".into();
        let to = root.join("encounters/bridge-again.yaml");
        let out = lairsmith::tui::exec::run(
            write_cmd(
                &to,
                lairsmith_core::yaml_io::to_string(&e),
                Expect::New,
                WritePurpose::Encounter,
                None,
                Some(f.clone()),
            ),
            &paths(root),
        )
        .unwrap();
        assert!(written(&out), "{out:?}");
        assert!(read(&to).contains(XS), "{}", read(&to));
        assert!(read(&to).contains("Bridge again"));
    }

    #[test]
    fn a_ui_save_that_cannot_keep_an_x_value_fails_with_the_reason() {
        let plans = data_with_plans();
        let root = plans.path();
        let f = root.join("encounters/bridge.yaml");
        let text = read(&f).replace("name: Bridge", "name: &n Bridge") + "x-name: *n\n";
        std::fs::write(&f, &text).unwrap();
        let mut e = lairsmith_core::encounter::parse_encounter(&text, &f).unwrap();
        e.name = "Bridge at dusk".into();
        let out = write(
            root,
            &f,
            lairsmith_core::yaml_io::to_string(&e),
            WritePurpose::Encounter,
        );
        match failure(&out) {
            Some(message) => {
                assert!(
                    message.contains("`x-name` has the alias `*n` here"),
                    "{message}"
                );
            }
            None => panic!("{out:?}"),
        }
        assert_eq!(read(&f), text);
    }
}

// --- Templates on and off, byte for byte ---

/// Applies `veteran` then takes it off through the CLI; the file must come back as it was.
fn apply_then_remove_by_cli(text: &str) {
    let (data, file) = data_with(text);
    ok(
        data.path(),
        &["template", "apply", "xk", "veteran", "--save"],
    );
    let applied = read(&file);
    assert!(
        parse_monster(&applied, &file)
            .unwrap()
            .templates
            .ends_with(&["veteran".to_owned()]),
        "{applied}"
    );
    ok(
        data.path(),
        &["template", "remove", "xk", "veteran", "--save"],
    );
    assert_eq!(read(&file), text, "after applying:\n{applied}");
}

#[test]
fn an_empty_flow_list_of_templates_comes_back_as_it_was() {
    apply_then_remove_by_cli(&format!("{HEAD}templates: []\nalignment: evil\n"));
}

#[test]
fn a_flow_list_of_templates_stays_a_flow_list() {
    let text = format!("{HEAD}templates: [hexer]   # one\nalignment: evil\n");
    let (data, file) = data_with(&text);
    ok(
        data.path(),
        &["template", "apply", "xk", "veteran", "--save"],
    );
    assert_eq!(read(&file), text.replace("[hexer]", "[hexer, veteran]"));
    apply_then_remove_by_cli(&text);
}

#[test]
fn a_templates_key_with_only_a_comment_keeps_its_comment() {
    apply_then_remove_by_cli(&format!("{HEAD}templates:   # none yet\nalignment: evil\n"));
}

#[test]
fn an_indented_block_list_of_templates_keeps_its_indentation() {
    let text = format!("{HEAD}templates:\n  - hexer\nalignment: evil\n");
    let (data, file) = data_with(&text);
    ok(
        data.path(),
        &["template", "apply", "xk", "veteran", "--save"],
    );
    assert_eq!(
        read(&file),
        text.replace("  - hexer\n", "  - hexer\n  - veteran\n")
    );
    apply_then_remove_by_cli(&text);
}

#[test]
fn a_comment_line_inside_the_block_list_of_templates_stays() {
    apply_then_remove_by_cli(&format!(
        "# mine\n{HEAD}templates:\n- hexer\n# the curse came first\n- mount\nalignment: evil # keep\n{XS}"
    ));
}

#[test]
fn a_crlf_file_stays_crlf_through_templates_on_and_off() {
    for text in [
        format!("{HEAD}templates:\n- hexer\nalignment: evil\n"),
        format!("{HEAD}templates: [hexer]\nalignment: evil\n"),
        format!("{HEAD}alignment: evil\n"),
        HEAD.to_owned(),
    ] {
        apply_then_remove_by_cli(&text.replace('\n', "\r\n"));
    }
}

#[test]
fn trailing_spaces_and_a_missing_final_newline_stay_through_templates_on_and_off() {
    apply_then_remove_by_cli(&format!(
        "{HEAD}templates:  \n- hexer   \nalignment: evil  "
    ));
    apply_then_remove_by_cli(HEAD.trim_end());
}

/// One generated `templates:` layout.
#[derive(Debug, Clone)]
struct Layout {
    ids: Vec<&'static str>,
    /// 0: no `templates:` key (only with no ids); 1: a flow list; 2: a block list.
    form: u8,
    indent: usize,
    key_comment: bool,
    item_comments: Vec<bool>,
    crlf: bool,
    trailing: bool,
    spaced_flow: bool,
    after: bool,
}

impl Layout {
    fn text(&self) -> String {
        let trail = if self.trailing { "  " } else { "" };
        let key_comment = if self.key_comment { "   # mine" } else { "" };
        let mut s = String::from("# my monster\n");
        s.push_str(HEAD);
        match self.form {
            0 => {}
            1 => {
                let sep = if self.spaced_flow { ", " } else { "," };
                s.push_str(&format!(
                    "templates: [{}]{key_comment}{trail}\n",
                    self.ids.join(sep)
                ));
            }
            _ => {
                s.push_str(&format!("templates:{key_comment}{trail}\n"));
                for (i, id) in self.ids.iter().enumerate() {
                    if self.item_comments.get(i).copied().unwrap_or(false) {
                        s.push_str(&format!("{}# before {id}\n", " ".repeat(self.indent)));
                    }
                    s.push_str(&format!("{}- {id}{trail}\n", " ".repeat(self.indent)));
                }
            }
        }
        if self.after {
            s.push_str(&format!(
                "alignment: evil{trail}\n# powers next\npowers: []\n"
            ));
        }
        s.push_str("x-mine: !!binary aGVsbG8=\n");
        if self.crlf {
            s = s.replace('\n', "\r\n");
        }
        s
    }
}

fn layouts() -> impl Strategy<Value = Layout> {
    let ids = proptest::sample::subsequence(vec!["hexer", "fire-touched", "mount"], 0..=3);
    (
        ids,
        0u8..3,
        prop_oneof![Just(0usize), Just(2usize)],
        any::<bool>(),
        proptest::collection::vec(any::<bool>(), 3),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(
                ids,
                form,
                indent,
                key_comment,
                item_comments,
                crlf,
                trailing,
                spaced_flow,
                after,
            )| {
                // A bare `templates:` with no items reads as no templates, the same as no key;
                // only the key with a comment or spaces after it is a layout of its own.
                let form = if ids.is_empty() && form == 2 && !key_comment && !trailing {
                    0
                } else if !ids.is_empty() && form == 0 {
                    2
                } else {
                    form
                };
                Layout {
                    ids,
                    form,
                    indent,
                    key_comment,
                    item_comments,
                    crlf,
                    trailing,
                    spaced_flow,
                    after,
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn applying_a_template_then_taking_it_off_gives_the_file_back_byte_for_byte(
        layout in layouts(),
        template in prop_oneof![Just("veteran"), Just("solo")],
    ) {
        let text = layout.text();
        let path = Path::new("xk.yaml");
        let lib = MonsterTemplates::shipped();
        let loaded = parse_monster(&text, path).unwrap();
        prop_assert_eq!(&loaded.templates, &layout.ids);
        let Ok(wanted) = add_template(&loaded, template, &lib) else {
            return Err(TestCaseError::reject("the templates conflict"));
        };
        let applied = save_text(&text, &loaded, &wanted, path).unwrap();
        prop_assert_eq!(&parse_monster(&applied, path).unwrap(), &wanted);
        // Only the list changed: every comment, the line endings and the x- value stay.
        for line in text.split_inclusive('\n').filter(|l| l.trim_start().starts_with('#') || l.starts_with("x-")) {
            prop_assert!(applied.contains(line), "{:?} lost in {:?}", line, applied);
        }
        prop_assert_eq!(applied.matches('\r').count(), applied.matches('\n').count() * usize::from(layout.crlf));
        let back = remove_template(&wanted, template).unwrap();
        let removed = save_text(&applied, &wanted, &back, path).unwrap();
        prop_assert_eq!(removed, text);
    }
}
