//! Property tests (proptest, a bounded number of cases so CI stays quick): no input, however
//! odd, panics the dice parser, the YAML loaders or the command line.

use lairsmith_core::dice::DiceExpr;
use lairsmith_core::monster::parse_monster;
use proptest::prelude::*;
use std::path::Path;

const GOOD: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/bestiary/hedgemaw.yaml"
));

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn dice_parser_never_panics(s in "\\PC{0,40}") {
        let _ = DiceExpr::parse(&s);
    }

    #[test]
    fn dice_round_trip(count in 1u32..50, sides in 2u32..=20, flat in -20i64..60, extra in proptest::option::of((1u32..5, 2u32..=12))) {
        let mut d = DiceExpr::new(count, sides, flat);
        if let Some((c, s)) = extra {
            d.dice.push(lairsmith_core::dice::DiceGroup { count: c, sides: s });
        }
        let back = DiceExpr::parse(&d.to_string()).unwrap();
        prop_assert_eq!(&back, &d);
        prop_assert!(back.min() as f64 <= back.average() && back.average() <= back.max() as f64);
    }

    #[test]
    fn monster_loader_never_panics_on_text(s in "\\PC{0,300}") {
        let _ = parse_monster(&s, Path::new("m.yaml"));
    }

    #[test]
    fn monster_loader_never_panics_on_yamlish_text(s in "([a-z_-]{1,8}: ?(\\[|\\{|-|&a |\\*a|'|\"|[0-9a-z ]{0,6}|\\n  )){0,40}") {
        let _ = parse_monster(&format!("kind: monster\nschema_version: 1\n{s}"), Path::new("m.yaml"));
    }

    /// A valid file, damaged: a byte replaced, deleted or inserted somewhere. The result is an
    /// error or a monster that saves and loads back unchanged.
    #[test]
    fn damaged_files_fail_cleanly_or_round_trip(pos in 0usize..GOOD.len(), op in 0u8..3, byte in proptest::sample::select(vec![b' ', b':', b'-', b'\n', b'[', b'{', b'"', b'\'', b'#', b'x', b'1', b'&', b'*', b'|'])) {
        let mut bytes = GOOD.as_bytes().to_vec();
        match op {
            0 => bytes[pos] = byte,
            1 => { bytes.remove(pos); }
            _ => bytes.insert(pos, byte),
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(d) = parse_monster(&text, Path::new("m.yaml")) {
            let saved = lairsmith_core::yaml_io::to_string(&d);
            let again = parse_monster(&saved, Path::new("m.yaml")).unwrap();
            prop_assert_eq!(&again, &d);
            let b = lairsmith_core::monster::derive(&d);
            let _ = lairsmith_core::export::markdown(&b);
        }
    }

    #[test]
    fn encounter_loader_never_panics(s in "\\PC{0,300}") {
        let _ = lairsmith_core::encounter::parse_encounter(&s, Path::new("e.yaml"));
        let _ = lairsmith_core::encounter::parse_party(&s, Path::new("p.yaml"));
        let _ = lairsmith_core::encounter::Party::parse(&s);
        let _ = lairsmith_core::encounter::Placeholder::parse(&s);
    }

    #[test]
    fn command_line_parsing_never_panics(args in proptest::collection::vec(proptest::sample::select(vec![
        "new", "show", "list", "relevel", "lint", "fmt", "budget", "party", "encounter", "generate", "check", "add",
        "--level", "--rank", "--role", "--source", "--type", "--tag", "--name", "--format", "--party", "--seed",
        "--difficulty", "--count", "--save", "--strict", "--explain", "4", "31", "-3", "skulker", "lurk", "boss",
        "md", "yaml", "json", "4x6", "3,3,4", "natural", "beast", "aquatic", "hedgemaw", "../x", "", "\u{0}", "é",
    ]), 0..10)) {
        use clap::Parser;
        let _ = lairsmith::cli::Cli::try_parse_from(std::iter::once("lairsmith").chain(args.iter().copied()));
    }
}
