//! The layers: the library holds the data directory and the encounter and party files (with
//! typed errors); the UI never reaches into the CLI; the library builds without any UI or CLI
//! crate; and the difficulty band and the output formats are types, not strings.

mod common;

use lairsmith::DataDir;
use lairsmith::encounter::{
    DataError, encounter_path, load_encounter_with_party, resolve_party_spec,
};
use lairsmith::export::Format;
use lairsmith::rules::Difficulty;
use lairsmith::rules::difficulty::BANDS;
use lairsmith::vocab::Vocabulary;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The files under `dir` whose text mentions `needle`.
fn mentioning(dir: &Path, needle: &str, skip: &[&Path]) -> Vec<PathBuf> {
    let mut files = Vec::new();
    rust_files(dir, &mut files);
    assert!(!files.is_empty(), "no Rust files under {}", dir.display());
    files
        .into_iter()
        .filter(|f| !skip.iter().any(|s| f.starts_with(s)))
        .filter(|f| std::fs::read_to_string(f).unwrap().contains(needle))
        .collect()
}

#[test]
fn tui_sources_never_mention_the_cli() {
    let tui = Path::new(ROOT).join("src/tui");
    assert_eq!(mentioning(&tui, "crate::cli", &[]), Vec::<PathBuf>::new());
    assert_eq!(mentioning(&tui, "super::cli", &[]), Vec::<PathBuf>::new());
}

#[test]
fn library_sources_outside_the_cli_never_mention_it() {
    let src = Path::new(ROOT).join("src");
    let skip = [src.join("cli"), src.join("main.rs")];
    let skip: Vec<&Path> = skip.iter().map(PathBuf::as_path).collect();
    assert_eq!(mentioning(&src, "crate::cli", &skip), Vec::<PathBuf>::new());
}

/// `cargo tree` of the library without default features: none of the UI's or the CLI's crates.
/// `.ci/run` builds it too; this checks the dependency graph when cargo is at hand.
#[test]
fn the_library_without_default_features_pulls_in_no_ui_or_cli_crate() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(&cargo)
        .args([
            "tree",
            "--offline",
            "--no-default-features",
            "-e",
            "normal",
            "--prefix",
            "none",
            "--manifest-path",
        ])
        .arg(Path::new(ROOT).join("Cargo.toml"))
        .output();
    let out = match out {
        Ok(o) if o.status.success() => o,
        Ok(o) => {
            eprintln!(
                "skipped: `cargo tree` failed: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            return;
        }
        Err(e) => {
            eprintln!("skipped: cargo could not be run ({e}); .ci/run checks the build");
            return;
        }
    };
    let tree = String::from_utf8(out.stdout).unwrap();
    let crates: Vec<&str> = tree
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(
        crates.contains(&"lairsmith") && crates.contains(&"yaml_serde"),
        "{tree}"
    );
    for banned in ["ratatui", "crossterm", "clap", "dirs", "signal-hook"] {
        assert!(
            !crates.contains(&banned),
            "{banned} is in the UI-free library:\n{tree}"
        );
    }
}

#[test]
fn the_data_directory_and_saved_files_are_library_functions_with_the_users_sentences() {
    let dir = tempfile::tempdir().unwrap();
    let data = DataDir::new(dir.path());
    assert_eq!(data.parties(), dir.path().join("parties"));
    assert_eq!(data.trash(), dir.path().join("trash"));
    assert_eq!(
        encounter_path(&data, "glass").unwrap(),
        dir.path().join("encounters/glass.yaml")
    );
    assert_eq!(
        encounter_path(&data, "./glass").unwrap(),
        Path::new("./glass")
    );

    let e = resolve_party_spec(&data, "4y3").unwrap_err();
    assert!(matches!(e, DataError::UnknownParty { .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        "no saved party has the id `4y3` (there are no saved parties), and it is not a party spec: a spec is 4x6 (4 characters of level 6), 3,3,4,5 (one level each) or Ana=3,Bo=4"
    );

    let file = dir.path().join("e.yaml");
    std::fs::write(
        &file,
        "kind: encounter\nschema_version: 1\nname: E\nparty: lanterns\n",
    )
    .unwrap();
    let e = load_encounter_with_party(&data, &file).unwrap_err();
    assert!(matches!(e, DataError::MissingParty { .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        format!(
            "the encounter names the party `lanterns`, but {} does not exist",
            dir.path().join("parties/lanterns.yaml").display()
        )
    );
    std::fs::write(
        &file,
        "kind: encounter\nschema_version: 1\nname: E\nparty: {size: 4, levle: 3}\n",
    )
    .unwrap();
    let e = load_encounter_with_party(&data, &file).unwrap_err();
    assert!(matches!(e, DataError::File(_)), "{e:?}");
    assert!(
        e.to_string().starts_with(&format!("{}:4:", file.display())),
        "{e}"
    );
}

#[test]
fn the_difficulty_band_is_a_type_with_the_same_words() {
    let words: Vec<String> = Difficulty::ALL.iter().map(|d| d.to_string()).collect();
    assert_eq!(words, ["trivial", "easy", "standard", "hard", "deadly"]);
    assert_eq!(" Hard ".parse::<Difficulty>(), Ok(Difficulty::Hard));
    for (band, d) in BANDS.iter().zip(Difficulty::ALL) {
        assert_eq!((band.difficulty, band.name), (*d, d.key()));
    }
    assert_eq!(
        "hadr".parse::<Difficulty>().unwrap_err().to_string(),
        "unknown difficulty `hadr` (did you mean `hard`?); valid values: trivial, easy, standard, hard, deadly"
    );
    let party = lairsmith::encounter::Party::parse("4x3").unwrap();
    let b = lairsmith::encounter::budget(&party);
    let typed: Vec<Difficulty> = b.bands.iter().map(|r| r.difficulty).collect();
    assert_eq!(typed, Difficulty::ALL);
}

#[test]
fn output_formats_are_types_with_their_aliases_and_a_suggestion() {
    for (word, format) in [
        ("yaml", Format::Yaml),
        ("YML", Format::Yaml),
        ("md", Format::Markdown),
        ("markdown", Format::Markdown),
        ("text", Format::Text),
        ("txt", Format::Text),
        ("html", Format::Html),
        ("HTM", Format::Html),
        ("statblock", Format::Statblock),
    ] {
        assert_eq!(word.parse::<Format>(), Ok(format), "{word}");
    }
    assert_eq!(Format::Markdown.to_string(), "md");
    assert_eq!(
        "mdd".parse::<Format>().unwrap_err().to_string(),
        "unknown format `mdd` (did you mean `md`?); valid formats: yaml, md, text, html, foundry, statblock, json"
    );
    assert_eq!(
        "docx".parse::<Format>().unwrap_err().to_string(),
        "unknown format `docx`; valid formats: yaml, md, text, html, foundry, statblock, json"
    );
}

#[test]
fn the_command_line_refuses_an_unknown_band_or_format_with_the_valid_words() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let o = common::lairsmith(
        d,
        &[
            "encounter",
            "generate",
            "--party",
            "4x3",
            "--difficulty",
            "hadr",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        common::stderr(&o).contains("unknown difficulty `hadr` (did you mean `hard`?); valid values: trivial, easy, standard, hard, deadly"),
        "{}",
        common::stderr(&o)
    );
    let o = common::lairsmith(d, &["show", "hedgemaw", "--format", "mdd"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        common::stderr(&o).contains("did you mean `md`?"),
        "{}",
        common::stderr(&o)
    );
    for (args, valid) in [
        (
            &["lint", "--format", "yaml"][..],
            "[possible values: text, json]",
        ),
        (
            &["budget", "--party", "4x3", "--format", "md"],
            "[possible values: text, yaml, json]",
        ),
        (
            &["encounter", "export", "x", "--format", "pdf"],
            "[possible values: md, yaml, json, text, html, foundry, obsidian]",
        ),
        (
            &["list", "--sort", "hp"],
            "[possible values: name, level, xp]",
        ),
    ] {
        let o = common::lairsmith(d, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            common::stderr(&o).contains(valid),
            "{args:?}: {}",
            common::stderr(&o)
        );
    }
    // The typed values still mean what the words did.
    let o = common::lairsmith(d, &["budget", "--party", "4x3", "--format", "yaml"]);
    assert!(
        common::stdout(&o).contains("bands:\n- name: trivial"),
        "{}",
        common::stdout(&o)
    );
}
