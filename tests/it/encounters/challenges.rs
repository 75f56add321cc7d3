//! Extended challenges in encounters (the book's "Extended Challenges"; RULINGS A2): the format
//! and its located errors, the budget reading, the report, the sheet, and the command line.

use crate::common;
use common::{lairsmith, stderr, stdout};
use lairsmith_core::bestiary::Bestiary;
use lairsmith_core::encounter::report::report;
use lairsmith_core::encounter::{Encounter, Party, parse_encounter};
use lairsmith_core::rules::tables::{MONSTER_XP, RECOMMENDED_DCS};
use std::path::Path;

fn head(party: &str) -> String {
    format!("kind: encounter\nschema_version: 1\nname: Crossing\nparty: {party}\n")
}

fn parse(text: &str) -> Encounter {
    parse_encounter(text, Path::new("e.yaml")).unwrap()
}

fn error(text: &str) -> String {
    parse_encounter(text, Path::new("e.yaml"))
        .unwrap_err()
        .to_string()
}

fn standard(level: usize) -> u64 {
    u64::from(MONSTER_XP[level - 1].standard)
}

/// An encounter holding one challenge (`level`: `None` leaves it to the party) and, when
/// `monster` is given, a group of two Standard placeholders of that level.
fn encounter(
    party: &str,
    level: Option<u8>,
    successes: u32,
    monster: Option<u8>,
) -> (Encounter, Party) {
    let level = level.map_or(String::new(), |l| format!("    level: {l}\n"));
    let mut text = format!(
        "{}groups:\n- challenge:\n    name: Rope Bridge\n{level}    successes: {successes}\n",
        head(party)
    );
    if let Some(m) = monster {
        text.push_str(&format!(
            "- placeholder: {{level: {m}, rank: standard, role: blocker}}\n  count: 2\n"
        ));
    }
    let e = parse(&text);
    let p = match &e.party {
        lairsmith_core::encounter::PartyRef::Saved(_) => unreachable!("inline parties only"),
        other => other.inline().unwrap(),
    };
    (e, p)
}

#[test]
fn a2_alone_worth_one_standard_per_character() {
    for size in 1..=8 {
        for level in 1..=30u8 {
            let (e, p) = encounter(
                &format!("{{size: {size}, level: {level}}}"),
                Some(level),
                6,
                None,
            );
            let r = report(&e, &p, &Bestiary::default());
            let want = standard(usize::from(level)) * size as u64;
            assert_eq!(r.xp, want, "{size} × level {level}");
            assert_eq!(r.challenges[0].xp, want);
            assert_eq!(r.challenges[0].standard_monsters, size as u64);
            // One Standard monster per character is the budget itself: a standard encounter.
            assert_eq!(
                r.band.map(lairsmith_core::vocab::Vocabulary::key),
                Some("standard"),
                "{size} × level {level}"
            );
            assert!(
                r.challenges[0]
                    .worth
                    .contains("lairsmith's own reading, A2")
            );
        }
    }
    // Allies do not make the challenge one "with monsters".
    let mut e = encounter("{size: 4, level: 6}", Some(6), 6, Some(6)).0;
    e.groups[1].side = lairsmith_core::encounter::Side::Ally;
    let r = report(&e, &Party::parse("4x6").unwrap(), &Bestiary::default());
    assert_eq!(r.challenges[0].xp, 4 * standard(6));
}

#[test]
fn a2_with_monsters_replaces_one_when_4_or_fewer() {
    for successes in 1..=4 {
        for level in [1u8, 6, 17, 30] {
            let (e, p) = encounter("{size: 5, level: 8}", Some(level), successes, Some(8));
            let r = report(&e, &p, &Bestiary::default());
            let challenge = standard(usize::from(level));
            assert_eq!(
                r.challenges[0].xp, challenge,
                "{successes} at level {level}"
            );
            assert_eq!(r.xp, 2 * standard(8) + challenge);
        }
    }
}

#[test]
fn a2_with_monsters_replaces_two_when_5_or_more() {
    for successes in 5..=20 {
        for level in [1u8, 6, 17, 30] {
            let (e, p) = encounter("{size: 5, level: 8}", Some(level), successes, Some(8));
            let r = report(&e, &p, &Bestiary::default());
            let challenge = 2 * standard(usize::from(level));
            assert_eq!(
                r.challenges[0].xp, challenge,
                "{successes} at level {level}"
            );
            assert_eq!(r.xp, 2 * standard(8) + challenge);
            let term = r
                .explanation
                .iter()
                .find(|t| t.text.starts_with("Challenge Rope Bridge"))
                .expect("a term per challenge");
            assert!(term.ours && term.source.starts_with("A2"), "{term:?}");
            assert!(
                term.text.contains(&format!(
                    "= 2 × {}",
                    lairsmith_core::export::doc::group_thousands(standard(usize::from(level)))
                )),
                "{}",
                term.text
            );
        }
    }
}

#[test]
fn a2_level_defaults_to_party_level() {
    let (e, p) = encounter("{size: 4, level: 9}", None, 3, None);
    assert_eq!(e.groups[0].challenge.as_ref().unwrap().level, None);
    let r = report(&e, &p, &Bestiary::default());
    assert_eq!(r.challenges[0].level, 9);
    assert!(r.challenges[0].party_level);
    assert_eq!(r.xp, 4 * standard(9));
    // A mixed party: E3's party level (150 + 150 + 175 + 200 = 675; 168.75 is closest to 175).
    let (e, p) = encounter(
        "{members: [{level: 3}, {level: 3}, {level: 4}, {level: 5}]}",
        None,
        3,
        None,
    );
    let r = report(&e, &p, &Bestiary::default());
    assert_eq!(r.party_level, 4);
    assert_eq!(r.challenges[0].level, 4);
    // Saved without a level, the challenge follows the party when it levels up.
    let text = lairsmith_core::yaml_io::to_string(&e);
    assert!(!text.contains("    level:"), "{text}");
}

#[test]
fn a2_failures_default_3() {
    let (e, _) = encounter("{size: 4, level: 2}", Some(2), 4, None);
    assert_eq!(e.groups[0].challenge.as_ref().unwrap().failures, 3);
    let c = lairsmith_core::encounter::Challenge::new("Chase", None, 5).unwrap();
    assert_eq!(c.failures, 3);
    let e = parse(&format!(
        "{}groups:\n- challenge: {{name: Chase, successes: 5, failures: 2}}\n",
        head("{size: 4, level: 2}")
    ));
    assert_eq!(e.groups[0].challenge.as_ref().unwrap().failures, 2);
}

#[test]
fn the_sheet_prints_each_skill_with_its_dc_at_the_challenge_level() {
    let words = ["easy", "moderate", "hard"];
    for level in 1..=30usize {
        let e = parse(&format!(
            "{}groups:\n- challenge:\n    name: Climb\n    level: {level}\n    successes: 6\n    skills:\n    - {{skill: athletics, dc: easy}}\n    - {{skill: acrobatics, dc: moderate}}\n    - {{skill: sleight-of-hand, dc: hard}}\n",
            head("{size: 4, level: 6}")
        ));
        let p = Party::parse("4x6").unwrap();
        let b = Bestiary::default();
        let r = report(&e, &p, &b);
        let sheet = lairsmith_core::export::sheet::encounter::markdown(&e, &p, &r, &b);
        let row = RECOMMENDED_DCS[level - 1];
        let dcs = [row.easy, row.moderate, row.hard];
        for (skill, (word, dc)) in ["Athletics", "Acrobatics", "Sleight of Hand"]
            .iter()
            .zip(words.iter().zip(dcs))
        {
            // A3: the line goes on with the skill's later checks, at Hard.
            let line = format!(
                "  - {skill} DC {dc} ({word}, level {level}); later checks with {skill} DC {} (hard)\n",
                row.hard
            );
            assert!(
                sheet.contains(&line),
                "level {level}: {line:?} not in\n{sheet}"
            );
        }
        assert!(
            sheet.contains("## Extended challenges\n\n### Climb\n"),
            "{sheet}"
        );
        assert!(sheet.contains(&format!("- **Level** {level}\n")));
        assert!(sheet.contains("- **Successes** 6\n- **Failures** 3"));
    }
    // Every word at every level, through the DC vocabulary itself.
    use lairsmith_core::encounter::DcWord;
    use lairsmith_core::vocab::Vocabulary;
    for level in lairsmith_core::rules::Level::all() {
        let row = RECOMMENDED_DCS[level.index()];
        for (w, dc) in DcWord::ALL.iter().zip([row.easy, row.moderate, row.hard]) {
            assert_eq!(w.dc_at(level), dc);
        }
    }
}

#[test]
fn bad_challenges_are_refused_with_their_line_and_column() {
    let base = head("{size: 4, level: 6}");
    let dc = error(&format!(
        "{base}groups:\n- challenge:\n    name: Climb\n    successes: 4\n    skills:\n    - {{skill: athletics, dc: moderat}}\n"
    ));
    assert!(dc.starts_with("e.yaml:10:"), "{dc}");
    assert!(dc.contains("did you mean `moderate`"), "{dc}");
    assert!(dc.contains("easy, moderate, hard"), "{dc}");
    let skill = error(&format!(
        "{base}groups:\n- challenge: {{name: Climb, successes: 4, skills: [{{skill: athletic, dc: easy}}]}}\n"
    ));
    assert!(
        skill.starts_with("e.yaml:6:") && skill.contains("did you mean `athletics`"),
        "{skill}"
    );
    let level = error(&format!(
        "{base}groups:\n- challenge:\n    name: Climb\n    level: 0\n    successes: 4\n"
    ));
    assert!(level.starts_with("e.yaml:8:"), "{level}");
    assert!(
        level.contains("level must be from 1 to 30") && level.ends_with("not 0"),
        "{level}"
    );
    let successes = error(&format!(
        "{base}groups:\n- challenge:\n    name: Climb\n    successes: 0\n"
    ));
    assert!(successes.starts_with("e.yaml:8:"), "{successes}");
    assert!(
        successes.contains("from 1 to 20 successes, not 0"),
        "{successes}"
    );
    let failures = error(&format!(
        "{base}groups:\n- challenge: {{name: Climb, successes: 4, failures: 99}}\n"
    ));
    assert!(failures.contains("from 1 to 20 failures"), "{failures}");
    let d20 = error(
        "kind: encounter\nschema_version: 1\nsystem: d20-3e\nname: A\nparty: {size: 4, level: 6}\ngroups:\n- challenge: {name: Climb, successes: 4}\n",
    );
    assert!(d20.starts_with("e.yaml:7:1:"), "{d20}");
    assert!(
        d20.contains("Orcus rule") && d20.contains("system: d20-3e"),
        "{d20}"
    );
    let both = error(&format!(
        "{base}groups:\n- monster: hedgemaw\n- challenge: {{name: Climb, successes: 4}}\n  monster: hedgemaw\n"
    ));
    assert!(both.starts_with("e.yaml:7:1:"), "{both}");
    assert!(
        both.contains("group 2 is both a challenge and a `monster`"),
        "{both}"
    );
    let count = error(&format!(
        "{base}groups:\n- challenge: {{name: Climb, successes: 4}}\n  count: 3\n"
    ));
    assert!(
        count.starts_with("e.yaml:6:1:") && count.contains("run once"),
        "{count}"
    );
    let name = error(&format!(
        "{base}groups:\n- challenge: {{name: \"\", successes: 4}}\n"
    ));
    assert!(
        name.starts_with("e.yaml:6:") && name.contains("challenge"),
        "{name}"
    );
    let missing = error(&format!("{base}groups:\n- challenge: {{name: Climb}}\n"));
    assert!(missing.contains("successes"), "{missing}");
}

#[test]
fn cli_adds_checks_explains_exports_and_removes_a_challenge() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ok = |args: &[&str]| {
        let o = lairsmith(d, args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        stdout(&o)
    };
    ok(&["encounter", "new", "Bridge", "--party", "4x6"]);
    ok(&[
        "encounter",
        "add",
        "bridge",
        "challenge:party:6",
        "--name",
        "Rope Bridge",
        "--skill",
        "athletics:moderate",
        "--skill",
        "acrobatics:easy",
    ]);
    ok(&[
        "encounter",
        "add",
        "bridge",
        "challenge:8:3",
        "--name",
        "Gate",
        "--failures",
        "2",
    ]);
    let text = std::fs::read_to_string(d.join("encounters/bridge.yaml")).unwrap();
    assert!(
        text.contains("name: Rope Bridge") && !text.contains("level: 8\n    successes: 6"),
        "{text}"
    );
    // Both alone: 4 × 250 + 4 × 350.
    let yaml = ok(&[
        "encounter",
        "check",
        "bridge",
        "--format",
        "yaml",
        "--explain",
    ]);
    assert!(yaml.contains("xp: 2400\n"), "{yaml}");
    assert!(
        yaml.contains("challenges:\n- name: Rope Bridge\n  level: 6\n  party_level: true\n"),
        "{yaml}"
    );
    assert!(
        yaml.contains("text: Athletics DC 16 (moderate, level 6)"),
        "{yaml}"
    );
    assert!(yaml.contains("source: 'A2 (Extended Challenges)"), "{yaml}");
    let explain = ok(&["encounter", "check", "bridge", "--explain"]);
    assert!(
        explain.contains("Challenge: Gate (level 8, 3 successes before 2 failures"),
        "{explain}"
    );
    assert!(
        explain.contains("Challenge Gate: level 8, 3 successes = 4 × 350 XP"),
        "{explain}"
    );
    assert!(explain.contains("lairsmith's own reading, A2"), "{explain}");
    let sheet = ok(&["encounter", "export", "bridge"]);
    assert!(
        sheet.contains(
            "  - Acrobatics DC 11 (easy, level 6); later checks with Acrobatics DC 22 (hard)\n"
        ),
        "{sheet}"
    );
    // With a monster, Gate (3 successes) replaces one Standard, Rope Bridge (6) two.
    ok(&[
        "encounter",
        "add",
        "bridge",
        "placeholder:6:standard:blocker",
    ]);
    let yaml = ok(&["encounter", "check", "bridge", "--format", "yaml"]);
    assert!(
        yaml.contains(&format!("xp: {}\n", 250 + 2 * 250 + 350)),
        "{yaml}"
    );
    // Refusals say why.
    let o = lairsmith(
        d,
        &["encounter", "add", "bridge", "challenge:6:0", "--name", "X"],
    );
    assert!(
        !o.status.success() && stderr(&o).contains("from 1 to 20 successes"),
        "{}",
        stderr(&o)
    );
    let o = lairsmith(d, &["encounter", "add", "bridge", "challenge:6:4"]);
    assert!(stderr(&o).contains("needs a name"), "{}", stderr(&o));
    let o = lairsmith(
        d,
        &[
            "encounter",
            "add",
            "bridge",
            "challenge:6:4",
            "--name",
            "gate",
        ],
    );
    assert!(
        stderr(&o).contains("already has a challenge named `Gate`"),
        "{}",
        stderr(&o)
    );
    let o = lairsmith(
        d,
        &[
            "encounter",
            "add",
            "bridge",
            "challenge:6:4",
            "--name",
            "Y",
            "--count",
            "2",
        ],
    );
    assert!(stderr(&o).contains("run once"), "{}", stderr(&o));
    let o = lairsmith(
        d,
        &[
            "encounter",
            "add",
            "bridge",
            "challenge:6:4",
            "--name",
            "Y",
            "--skill",
            "athletics:hrd",
        ],
    );
    assert!(stderr(&o).contains("did you mean `hard`"), "{}", stderr(&o));
    // Removed by its name or `challenge:NAME`, in any case.
    ok(&["encounter", "remove", "bridge", "rope bridge"]);
    ok(&["encounter", "remove", "bridge", "challenge:Gate"]);
    let text = std::fs::read_to_string(d.join("encounters/bridge.yaml")).unwrap();
    assert!(!text.contains("challenge"), "{text}");
    let o = lairsmith(d, &["encounter", "remove", "bridge", "challenge:Gate"]);
    assert!(
        !o.status.success() && stderr(&o).contains("no group `challenge:Gate`"),
        "{}",
        stderr(&o)
    );
    // A 3rd-edition encounter refuses a challenge.
    ok(&[
        "encounter",
        "new",
        "Old",
        "--party",
        "4x6",
        "--system",
        "d20-3e",
    ]);
    let o = lairsmith(
        d,
        &["encounter", "add", "old", "challenge:6:4", "--name", "Z"],
    );
    assert!(stderr(&o).contains("Orcus rule"), "{}", stderr(&o));
}

/// The README's challenge example is a real group, and rates as the README says.
#[test]
fn the_readme_challenge_example_parses_and_prints_its_dcs() {
    let readme = crate::docs::page("guide/encounters.md");
    let block = crate::docs::yaml_blocks(&readme)
        .into_iter()
        .find(|b| b.starts_with("groups:\n- challenge:"))
        .expect("the README shows a challenge");
    let e = parse(&format!("{}{block}", head("{size: 4, level: 6}")));
    let p = Party::parse("4x6").unwrap();
    let b = Bestiary::default();
    let r = report(&e, &p, &b);
    let sheet = lairsmith_core::export::sheet::encounter::markdown(&e, &p, &r, &b);
    assert!(readme.contains("\"Athletics DC 16 (moderate,\nlevel 6)\""));
    assert!(
        sheet.contains("Athletics DC 16 (moderate, level 6)"),
        "{sheet}"
    );
}

/// A locked challenge stays through generation, and the band is filled counting it as among
/// monsters (A2), so the report agrees with what the generator aimed for.
#[test]
fn the_generator_keeps_a_locked_challenge_and_counts_its_xp() {
    use lairsmith_core::encounter::generate::{Request, generate};
    let b = Bestiary::shipped();
    let party = Party::parse("4x6").unwrap();
    let c = lairsmith_core::encounter::Challenge::new("Rope Bridge", None, 6).unwrap();
    for seed in 0..20 {
        let req = Request {
            name: "Test".into(),
            party: party.clone(),
            band: "hard".parse().unwrap(),
            query: String::new(),
            filter: Default::default(),
            locked: vec![lairsmith_core::encounter::Group::challenge(c.clone())],
            max_monsters: 8,
            max_bosses: 1,
            max_leaders: 1,
            seed,
        };
        let g = generate(&b, &req).unwrap();
        assert_eq!(g.encounter.groups[0].challenge.as_ref(), Some(&c));
        assert!(
            g.encounter.groups.len() > 1,
            "seed {seed}: no monsters added"
        );
        let r = report(&g.encounter, &party, &b);
        assert_eq!(r.challenges[0].xp, 2 * standard(6));
        assert_eq!(r.xp, g.xp, "seed {seed}");
        if g.met {
            assert_eq!(
                r.band.map(lairsmith_core::vocab::Vocabulary::key),
                Some("hard"),
                "seed {seed}"
            );
        }
    }
}
