//! Large, valid, varied bestiaries for benchmarks and scale tests: every role, rank, source,
//! type and level, names that read like monsters, and the templates' powers. Deterministic for
//! a seed, so a benchmark's fixture is the same on every run.

use crate::monster::kit::Templates;
use crate::monster::{Classification, MonsterDesign};
use crate::rules::{CreatureType, Level, Rank, Role, Size, Source, Tag};
use crate::vocab::Vocabulary;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use std::path::Path;

pub mod limit_cases;
mod long_fight;
pub use long_fight::long_fight;

/// The bestiary index's insides, for tests of what a hand-made index can make lairsmith
/// believe: the index of a bestiary, its file's name in the cache directory, and its records,
/// which `Index::rewrite_records` edits and reseals.
pub mod index {
    pub use crate::bestiary::cache::{Body, INDEX_FILE, Index, Record};
}

const FIRST: &[&str] = &[
    "Ash", "Bile", "Bone", "Briar", "Cinder", "Cloud", "Coil", "Crag", "Crow", "Dawn", "Dread",
    "Dusk", "Ember", "Fen", "Frost", "Gall", "Ghast", "Gloom", "Grave", "Grim", "Hag", "Hollow",
    "Husk", "Iron", "Ivy", "Marrow", "Mire", "Moon", "Moss", "Murk", "Night", "Pale", "Peat",
    "Pyre", "Quill", "Rime", "Rot", "Rust", "Salt", "Scale", "Shade", "Shard", "Silt", "Skull",
    "Slag", "Sleet", "Smoke", "Soot", "Spine", "Star", "Stone", "Storm", "Sun", "Tallow", "Thorn",
    "Tide", "Umber", "Vein", "Void", "Wane", "Web", "Whisper", "Wick", "Wither", "Wraith", "Wyrm",
];
const SECOND: &[&str] = &[
    "back", "bane", "beak", "born", "brood", "caller", "claw", "crawler", "eater", "fang", "fiend",
    "gnaw", "grub", "guard", "harrow", "hide", "horn", "howler", "hulk", "hunter", "jaw", "kin",
    "knight", "lasher", "maw", "mane", "monger", "mouth", "reaver", "render", "ripper", "runner",
    "scuttler", "seer", "shriek", "singer", "skulk", "snare", "spawn", "spitter", "stalker",
    "strider", "sworn", "talon", "tongue", "touched", "walker", "warden", "weaver", "wing",
];
const KIND: &[&str] = &[
    "Hound", "Drake", "Ogre", "Wight", "Beetle", "Serpent", "Knight", "Witch", "Golem", "Spider",
    "Toad", "Stag", "Harpy", "Troll", "Imp", "Shade", "Ooze", "Wolf", "Bat", "Cultist", "Priest",
    "Brute", "Archer", "Sentinel",
];

/// `n` distinct monsters, deterministic for `seed`.
pub fn monsters(n: usize, seed: u64) -> Vec<MonsterDesign> {
    Monsters::new(seed).take(n).collect()
}

/// The endless stream behind [`monsters`]: the same designs in the same order, one at a time,
/// so a large fixture can be written while it is still being generated.
pub struct Monsters {
    rng: StdRng,
    templates: &'static Templates,
    seen: std::collections::HashSet<String>,
    /// Names drawn so far, kept or not: numbers a repeated name.
    drawn: usize,
    /// Designs produced so far: cycles the closed lists.
    made: usize,
}

impl Monsters {
    /// The stream for `seed`: the designs [`monsters`] gives for the same seed, in order.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: StdRng::seed_from_u64(seed),
            templates: Templates::embedded(),
            seen: std::collections::HashSet::new(),
            drawn: 0,
            made: 0,
        }
    }
}

impl Iterator for Monsters {
    type Item = MonsterDesign;

    fn next(&mut self) -> Option<MonsterDesign> {
        let rng = &mut self.rng;
        let name = loop {
            self.drawn += 1;
            let base = format!(
                "{}{} {}",
                FIRST.choose(rng).unwrap(),
                SECOND.choose(rng).unwrap(),
                KIND.choose(rng).unwrap()
            );
            let name = if self.seen.contains(&base) {
                format!("{base} {}", roman(self.drawn % 40 + 2))
            } else {
                base
            };
            if self.seen.insert(name.clone()) {
                break name;
            }
        };
        // Cycle the closed lists so every value appears; randomise the rest.
        let k = self.made;
        self.made += 1;
        let c = Classification {
            level: Level::new((k % 30) as i64 + 1).expect("1-30"),
            rank: Rank::ALL[k % 4],
            role: Role::ALL[(k / 4) % 6],
            leader: rng.random_bool(0.1),
            size: *Size::ALL.choose(rng).unwrap(),
            source: Source::ALL[(k / 24) % 6],
            creature_type: CreatureType::ALL[(k / 7) % 4],
            tags: {
                let mut t: Vec<Tag> = Vec::new();
                for _ in 0..rng.random_range(0..3) {
                    let tag = *Tag::ALL.choose(rng).unwrap();
                    let clash = matches!(tag, Tag::Undead | Tag::UndeadSpirit)
                        && t.iter()
                            .any(|x| matches!(x, Tag::Undead | Tag::UndeadSpirit));
                    if !t.contains(&tag) && !clash {
                        t.push(tag);
                    }
                }
                t
            },
        };
        let mut d = MonsterDesign::new(&name, c.clone());
        d.powers = self.templates.default_powers(&c);
        if let Some(extra) = self
            .templates
            .library()
            .map(|(_, p)| p)
            .filter(|p| p.damage.is_some())
            .nth(rng.random_range(0..6))
            && c.rank != Rank::Mook
            // A monster's powers have distinct names (the `duplicate-name` lint).
            && !d.powers.iter().any(|p| p.name == extra.name)
        {
            d.powers.push(extra.clone());
        }
        d.abilities.wis = Some(rng.random_range(8..=16));
        d.skills = vec![*crate::rules::Skill::ALL.choose(rng).unwrap()];
        d.languages = vec!["Common".into()];
        d.description = Some(format!(
            "A {} {} of the {} wilds.",
            c.size.key(),
            KIND.choose(rng).unwrap().to_lowercase(),
            c.source.key()
        ));
        Some(d)
    }
}

fn roman(n: usize) -> String {
    let table = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")];
    let mut n = n;
    let mut s = String::new();
    for (v, r) in table {
        while n >= v {
            s.push_str(r);
            n -= v;
        }
    }
    s
}

/// Writes `n` monsters into `dir` (created if needed), one canonical file each. The designs
/// are generated in order on this thread (the random stream is sequential) while writer
/// threads serialise and write them, so the files are the same for a seed whatever the core
/// count. Errors name the file or directory.
pub fn write_bestiary(dir: &Path, n: usize, seed: u64) -> std::io::Result<usize> {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex, mpsc};
    // Designs travel in batches: one message per design would cost more than writing it.
    const BATCH: usize = 256;
    let named = |what: &str, path: &Path, e: std::io::Error| {
        std::io::Error::new(
            e.kind(),
            format!("could not {what} {}: {e}", path.display()),
        )
    };
    std::fs::create_dir_all(dir).map_err(|e| named("create", dir, e))?;
    let writers = std::thread::available_parallelism()
        .map_or(1, |c| c.get())
        .min(8);
    let (tx, rx) = mpsc::sync_channel::<Vec<MonsterDesign>>(writers * 2);
    // Each writer holds a share of the receiver, so once every writer has stopped (on an
    // error) the channel closes and the generator's send fails instead of waiting forever.
    let rx = Arc::new(Mutex::new(rx));
    let failed = AtomicBool::new(false);
    let write_all = |rx: Arc<Mutex<mpsc::Receiver<Vec<MonsterDesign>>>>| -> std::io::Result<()> {
        loop {
            // A poisoned lock means another writer panicked; its join reports that.
            let next = rx.lock().ok().and_then(|r| r.recv().ok());
            let Some(batch) = next else {
                return Ok(());
            };
            for d in &batch {
                let path = dir.join(format!("{}.yaml", d.id));
                if let Err(e) = std::fs::write(&path, crate::yaml_io::to_string(d)) {
                    failed.store(true, Ordering::Relaxed);
                    return Err(named("write", &path, e));
                }
            }
        }
    };
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..writers)
            .map(|_| {
                let rx = Arc::clone(&rx);
                s.spawn(|| write_all(rx))
            })
            .collect();
        drop(rx);
        let mut designs = Monsters::new(seed).take(n).peekable();
        while designs.peek().is_some() && !failed.load(Ordering::Relaxed) {
            let batch: Vec<_> = designs.by_ref().take(BATCH).collect();
            if tx.send(batch).is_err() {
                break;
            }
        }
        drop(tx);
        let mut result = Ok(n);
        for h in handles {
            let outcome = h.join().unwrap_or_else(|_| {
                Err(std::io::Error::other(format!(
                    "a writer thread stopped while writing to {}",
                    dir.display()
                )))
            });
            if let (Err(e), Ok(_)) = (outcome, &result) {
                result = Err(e);
            }
        }
        result
    })
}

/// Files a user could produce that must fail cleanly, as (name, bytes): empty, truncated,
/// binary, 50 MB, deeply nested, alias bombs (in nodes and in bytes, through `x-` keys and
/// typed fields), brackets hidden from a text scan, Latin-1, a wrong schema version and more.
pub fn hostile_files() -> Vec<(&'static str, Vec<u8>)> {
    let good = crate::embedded::BESTIARY_FILES
        .iter()
        .find(|(p, _)| p.ends_with("hedgemaw.yaml"))
        .map_or("kind: monster\n", |(_, t)| t);
    let nested = format!(
        "kind: monster\nname: {}{}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let mut laughs =
        String::from("kind: monster\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        laughs.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    laughs.push_str("name: *a9\n");
    let mut x_laughs = String::from(good);
    x_laughs.push_str("x-a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        x_laughs.push_str(&format!("x-a{i}: &a{i} [{refs}]\n"));
    }
    let deep = format!("x-deep: {}{}\n", "[".repeat(40_000), "]".repeat(40_000));
    vec![
        ("empty", Vec::new()),
        ("only whitespace", b"  \n\n\t\n".to_vec()),
        ("truncated", good.as_bytes()[..good.len() / 2].to_vec()),
        ("binary", (0..=255u8).cycle().take(4096).collect()),
        ("50 MB", {
            let mut v = good.as_bytes().to_vec();
            v.extend(std::iter::repeat_n(b'#', 50 * 1024 * 1024));
            v
        }),
        ("deeply nested", nested.into_bytes()),
        ("alias bomb", laughs.into_bytes()),
        ("alias bomb in x- keys", x_laughs.into_bytes()),
        (
            "deeply nested x- key",
            format!(
                "{good}x-deep: {}{}\n",
                "[".repeat(100_000),
                "]".repeat(100_000)
            )
            .into_bytes(),
        ),
        (
            "deeply nested block",
            format!("{good}x-deep:\n{}x\n", "- ".repeat(200_000)).into_bytes(),
        ),
        (
            "alias amplification in x- keys",
            x_alias_amplification(good).into_bytes(),
        ),
        (
            "alias amplification in a typed field",
            typed_alias_amplification(good).into_bytes(),
        ),
        (
            "small anchor aliased 100000 times",
            format!(
                "{good}x-a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\nx-r: [{}]\n",
                vec!["*a"; 100_000].join(", ")
            )
            .into_bytes(),
        ),
        (
            "recursive alias",
            format!("{good}x-a: &a [*a]\n").into_bytes(),
        ),
        // Each of these once made a text scan for brackets think the rest was quoted.
        (
            "deep brackets after an apostrophe",
            format!("{good}x-a: it's\n{deep}").into_bytes(),
        ),
        (
            "deep brackets after an escaped quote",
            format!("{good}x-a: \"say \\\"hi\"\n{deep}").into_bytes(),
        ),
        (
            "deep brackets after a block scalar",
            format!("{good}x-a: |\n  it's\n{deep}").into_bytes(),
        ),
        ("Latin-1 text", {
            let mut v = good
                .replace("description: A flowering", "description: A fl\u{e9}ring")
                .into_bytes();
            // é in Latin-1 is the single byte 0xE9, which is not UTF-8.
            if let Some(i) = v.windows(2).position(|w| w == "é".as_bytes()) {
                v.splice(i..i + 2, [0xE9]);
            }
            v
        }),
        (
            "wrong schema version",
            good.replace("schema_version: 1", "schema_version: 99")
                .into_bytes(),
        ),
        ("not a mapping", b"- just\n- a\n- list\n".to_vec()),
        ("a scalar", b"42\n".to_vec()),
        ("two documents", format!("{good}---\n{good}").into_bytes()),
        (
            "tabs for indentation",
            b"kind: monster\n\tname: x\n".to_vec(),
        ),
    ]
}

/// `good` with an `x-` key holding a 400,000-byte string and another aliasing it 100,000
/// times: under 1 MB on disk, 40 GB once expanded.
pub fn x_alias_amplification(good: &str) -> String {
    format!(
        "{good}x-a: &a \"{}\"\nx-r: [{}]\n",
        "A".repeat(400_000),
        vec!["*a"; 100_000].join(", ")
    )
}

/// The same bomb through typed fields: the description anchored and the languages aliasing it.
pub fn typed_alias_amplification(good: &str) -> String {
    let mut text: String = good
        .lines()
        .filter(|l| !l.starts_with("description:"))
        .map(|l| format!("{l}\n"))
        .collect();
    let bomb = format!(
        "description: &a \"{}\"\nlanguages: [{}]\n",
        "A".repeat(400_000),
        vec!["*a"; 100_000].join(", ")
    );
    text = text.replacen("languages:\n", &format!("{bomb}x-old-languages:\n"), 1);
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixtures_are_valid_distinct_and_lint_clean() {
        let ms = monsters(500, 1);
        let mut ids: Vec<&str> = ms.iter().map(|m| m.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 500);
        for m in &ms {
            let b = crate::monster::derive(m);
            let errors: Vec<_> = crate::monster::lint::lint(m, &b, None)
                .into_iter()
                .filter(|f| f.severity == crate::monster::lint::Severity::Error)
                .collect();
            assert!(errors.is_empty(), "{}: {errors:?}", m.id);
            let text = crate::yaml_io::to_string(m);
            let back = crate::monster::parse_monster(&text, Path::new("x.yaml")).unwrap();
            assert_eq!(&back, m);
        }
        assert_eq!(
            monsters(50, 9).iter().map(|m| &m.name).collect::<Vec<_>>(),
            monsters(50, 9).iter().map(|m| &m.name).collect::<Vec<_>>()
        );
    }
}
