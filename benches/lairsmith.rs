//! Benchmarks at the scale GMs reach: a 10,000-monster bestiary built by the fixture generator.
//! Every figure is compared with a baseline measured in the same run (see BENCHMARKS.md):
//! `cargo bench`. Process start to first frame and memory are measured from outside the process
//! by `benches/startup.sh`.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use lairsmith_core::bestiary::{Bestiary, Filter, NucleoNames, Provenance, SkimNames, search_with};
use lairsmith_core::encounter::Party;
use lairsmith_core::encounter::generate::{Request, generate};
use lairsmith_core::monster::MonsterDesign;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

const N: usize = 10_000;

struct Fixture {
    _dir: tempfile::TempDir,
    bestiary_dir: PathBuf,
    files: Vec<PathBuf>,
    texts: Vec<String>,
    names_file: PathBuf,
    bestiary: Bestiary,
}

fn fixture() -> &'static Fixture {
    static F: OnceLock<Fixture> = OnceLock::new();
    F.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let bestiary_dir = dir.path().join("bestiary");
        lairsmith_core::fixtures::write_bestiary(&bestiary_dir, N, 1).unwrap();
        let files = lairsmith_core::store::yaml_files(&bestiary_dir).unwrap();
        let texts = files
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap())
            .collect();
        let bestiary = Bestiary::load(Some(&bestiary_dir));
        let names_file = dir.path().join("names.txt");
        let names: Vec<&str> = bestiary
            .entries
            .iter()
            .map(|e| e.card.name.as_str())
            .collect();
        std::fs::write(&names_file, names.join("\n")).unwrap();
        Fixture {
            _dir: dir,
            bestiary_dir,
            files,
            texts,
            names_file,
            bestiary,
        }
    })
}

fn load(c: &mut Criterion) {
    let f = fixture();
    let mut g = c.benchmark_group("load 10k");
    g.sample_size(10).measurement_time(Duration::from_secs(8));
    g.bench_function("baseline: read the bytes (I/O floor)", |b| {
        b.iter(|| {
            f.files
                .iter()
                .map(|p| std::fs::read(p).unwrap().len())
                .sum::<usize>()
        })
    });
    g.bench_function(
        "baseline: YAML crate alone (parse in memory, one core)",
        |b| {
            b.iter(|| {
                for t in &f.texts {
                    black_box(yaml_serde::from_str::<MonsterDesign>(t).unwrap());
                }
            })
        },
    );
    g.bench_function(
        "lairsmith: load the directory (read, parse, check, derive, lint, index)",
        |b| {
            b.iter(|| {
                let mut b = Bestiary::default();
                b.load_dir(&f.bestiary_dir, Provenance::User);
                black_box(b.names().by_name.len())
            })
        },
    );
    // The user's bestiary as the UI and the CLI load it: unchanged files from the index.
    let _ = Bestiary::load(Some(&f.bestiary_dir));
    g.bench_function("lairsmith: load the user's bestiary from its index", |b| {
        b.iter(|| {
            let b = Bestiary::load(Some(&f.bestiary_dir));
            assert_eq!(b.loaded_from_index, N);
            black_box(b.names().by_name.len())
        })
    });
    g.finish();
}

fn search(c: &mut Criterion) {
    let f = fixture();
    let mut g = c.benchmark_group("search 10k names, one keystroke");
    let filter = Filter::default();
    for q in ["a", "ash", "ashbk"] {
        g.bench_with_input(
            BenchmarkId::new("fuzzy-matcher (lairsmith until issue 14)", q),
            q,
            |b, q| {
                let mut m = SkimNames::default();
                b.iter(|| search_with(&f.bestiary, q, &filter, &mut m).len())
            },
        );
        g.bench_with_input(
            BenchmarkId::new("nucleo-matcher (lairsmith now), same search module", q),
            q,
            |b, q| {
                let mut m = NucleoNames::default();
                b.iter(|| search_with(&f.bestiary, q, &filter, &mut m).len())
            },
        );
    }
    g.finish();

    // Whole processes on the same list: fzf --filter against the same filter built on our matcher.
    let ours = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/release/examples/filter-names");
    let has_fzf = Command::new("fzf")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if has_fzf && ours.is_file() {
        let mut g = c.benchmark_group("search 10k names as a process");
        g.sample_size(30);
        let run = |cmd: &mut Command| {
            let out = cmd
                .stdin(std::fs::File::open(&f.names_file).unwrap())
                .stdout(Stdio::piped())
                .output()
                .unwrap();
            out.stdout.len()
        };
        g.bench_function("baseline: fzf --filter ash", |b| {
            b.iter(|| run(Command::new("fzf").args(["--filter", "ash"])))
        });
        g.bench_function("lairsmith matcher: filter-names ash", |b| {
            b.iter(|| run(Command::new(&ours).arg("ash")))
        });
        g.finish();
    } else {
        eprintln!(
            "skipping fzf comparison: install fzf and `cargo build --release --example filter-names`"
        );
    }
}

fn derive(c: &mut Criterion) {
    let f = fixture();
    let d = f
        .bestiary
        .entries
        .iter()
        .find(|e| e.card.rank == lairsmith_core::rules::Rank::Boss)
        .unwrap()
        .design()
        .unwrap()
        .as_ref()
        .clone();
    let mut g = c.benchmark_group("derive one stat block");
    g.bench_function("baseline: clone the design", |b| {
        b.iter(|| black_box(d.clone()))
    });
    g.bench_function("lairsmith: derive", |b| {
        b.iter(|| black_box(lairsmith_core::monster::derive(black_box(&d))))
    });
    g.finish();
}

fn key(c: char) -> lairsmith::tui::app::Msg {
    lairsmith::tui::app::Msg::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
}

/// The UI's paths for a data directory whose bestiary is `bestiary_dir`.
fn paths_for(bestiary_dir: &Path) -> lairsmith::tui::app::Paths {
    let root = bestiary_dir.parent().unwrap();
    lairsmith::tui::app::Paths {
        root: root.to_owned(),
        bestiary: bestiary_dir.to_owned(),
        encounters: root.join("encounters"),
        parties: root.join("parties"),
        exports: root.join("exports"),
    }
}

/// The editor the benchmarks never open.
fn no_editor(p: &Path) -> lairsmith::tui::app::Outcome {
    lairsmith::tui::app::Outcome::Edited {
        path: p.to_owned(),
        result: Err(String::new()),
    }
}

/// The baseline of every frame figure: an empty bordered frame.
fn draw_empty(term: &mut Terminal<TestBackend>) -> u16 {
    term.draw(|fr| fr.render_widget(ratatui::widgets::Block::bordered(), fr.area()))
        .unwrap()
        .area
        .width
}

/// Types `ash` into the search box and deletes it, each key followed by a full redraw: six
/// keystrokes.
fn type_and_erase(app: &mut lairsmith::tui::app::App, term: &mut Terminal<TestBackend>) {
    for c in ['a', 's', 'h'] {
        lairsmith::tui::dispatch(app, key(c), &mut no_editor);
        term.draw(|fr| lairsmith::tui::view::view(app, fr)).unwrap();
    }
    for _ in 0..3 {
        let bs =
            lairsmith::tui::app::Msg::Key(KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE));
        lairsmith::tui::dispatch(app, bs, &mut no_editor);
        term.draw(|fr| lairsmith::tui::view::view(app, fr)).unwrap();
    }
}

/// A hard encounter for four 8th-level characters, from the whole bestiary.
fn hard_4x8(seed: u64) -> Request {
    Request {
        name: "Bench".into(),
        party: Party::parse("4x8").unwrap(),
        band: lairsmith_core::rules::Difficulty::Hard,
        query: String::new(),
        filter: Filter::default(),
        locked: Vec::new(),
        max_monsters: 8,
        max_bosses: 1,
        max_leaders: 1,
        seed,
    }
}

fn frames(c: &mut Criterion) {
    use lairsmith::tui::app::App;
    let f = fixture();
    let paths = paths_for(&f.bestiary_dir);
    let mut term = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let mut g = c.benchmark_group("UI at 10k monsters, 120x40");
    g.bench_function("baseline: draw an empty frame", |b| {
        b.iter(|| draw_empty(&mut term))
    });
    let mut app = App::new(f.bestiary.clone(), paths.clone(), 1);
    g.bench_function("draw the Bestiary screen", |b| {
        b.iter(|| {
            term.draw(|fr| lairsmith::tui::view::view(&app, fr))
                .unwrap()
                .area
                .width
        })
    });
    lairsmith::tui::dispatch(&mut app, key('n'), &mut no_editor);
    g.bench_function("draw the Forge screen", |b| {
        b.iter(|| {
            term.draw(|fr| lairsmith::tui::view::view(&app, fr))
                .unwrap()
                .area
                .width
        })
    });
    let mut enc = App::new(f.bestiary.clone(), paths.clone(), 1);
    enc.shell.screen = lairsmith::tui::app::Screen::Encounter;
    for id in ["ashback-beetle", "ashback-drake"] {
        enc.encounter
            .encounter
            .add(lairsmith_core::encounter::Group::monster(id, count(2)))
            .unwrap();
    }
    enc.derive();
    g.bench_function("draw the Encounter screen", |b| {
        b.iter(|| {
            term.draw(|fr| lairsmith::tui::view::view(&enc, fr))
                .unwrap()
                .area
                .width
        })
    });
    // A keystroke in the search box: update (search 10k names) and redraw.
    let mut s = App::new(f.bestiary.clone(), paths, 1);
    lairsmith::tui::dispatch(&mut s, key('/'), &mut no_editor);
    g.bench_function("keystroke in the search box: update and redraw", |b| {
        b.iter(|| type_and_erase(&mut s, &mut term))
    });
    g.finish();
}

fn encounter(c: &mut Criterion) {
    let f = fixture();
    let req = hard_4x8(5);
    let mut g = c.benchmark_group("generate an encounter from 10k");
    g.bench_function(
        "baseline: list the candidates (search with no query)",
        |b| b.iter(|| lairsmith_core::bestiary::search(&f.bestiary, "", &Filter::default()).len()),
    );
    g.bench_function("lairsmith: generate (hard, 4x8)", |b| {
        b.iter(|| generate(&f.bestiary, &req).unwrap().xp)
    });
    g.finish();
}

/// An adventure of 300 encounters (the most a file holds), with troves, rated as the
/// Adventure screen rates it after every change; the baseline is one encounter's report.
fn adventure(c: &mut Criterion) {
    use lairsmith_core::adventure::Adventure;
    use lairsmith_core::adventure::check::{Loaded, rate_adventure};
    use lairsmith_core::encounter::{Encounter, Group, Placeholder};
    use std::collections::BTreeMap;
    let b = lairsmith_core::bestiary::Bestiary::default();
    let party = Party::parse("5x1").unwrap();
    let mut e = Encounter::new("Fight", &party);
    let p = Placeholder::parse("placeholder:3:elite:wrecker").unwrap();
    e.add(Group::placeholder(p, count(3))).unwrap();
    let mut a = Adventure::new("Long", &party);
    a.treasure = Some(lairsmith_core::treasure::Method::Troves);
    a.seed = Some(1);
    let mut loaded = BTreeMap::new();
    for i in 0..lairsmith_core::adventure::MAX_ADVENTURE_ENCOUNTERS {
        let id = format!("e{i}");
        a.insert(&id, None).unwrap();
        loaded.insert(id, Loaded::Found(std::sync::Arc::new(e.clone())));
    }
    let mut g = c.benchmark_group("rate an adventure of 300 encounters");
    g.bench_function("baseline: one encounter's report", |bch| {
        bch.iter(|| lairsmith_core::encounter::report(&e, &party, &b).xp)
    });
    g.bench_function("lairsmith: rate 300 encounters with troves", |bch| {
        bch.iter(|| rate_adventure(&a, &party, &[], &loaded, &b).xp_per_character)
    });
    g.finish();
}

fn hostile(c: &mut Criterion) {
    let good = lairsmith_core::embedded::BESTIARY_FILES
        .iter()
        .find(|(p, _)| p.ends_with("hedgemaw.yaml"))
        .unwrap()
        .1;
    let mut g = c.benchmark_group("hostile files");
    g.sample_size(10);
    let path = Path::new("m.yaml");
    g.bench_function("baseline: a good monster file", |b| {
        b.iter(|| lairsmith_core::monster::parse_monster(good, path).is_ok())
    });
    // What the guard (depth and alias bounds, before yaml_serde) adds to every parse.
    g.bench_function("the guard alone, on a good monster file", |b| {
        b.iter(|| lairsmith_core::yaml_io::check_bounds(good, path).is_ok())
    });
    for (name, bytes) in lairsmith_core::fixtures::hostile_files() {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        g.bench_function(name, |b| {
            b.iter(|| lairsmith_core::monster::parse_monster(&text, path).is_err())
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    targets = load, search, derive, frames, encounter, adventure, hostile, scale, limits, fight_steps
}
criterion_main!(benches);

fn count(n: i64) -> lairsmith_core::encounter::Count {
    lairsmith_core::encounter::Count::new(n).unwrap()
}

/// 100,000 monsters (issue 14), beside the 10,000 of [`fixture`] in the same run: written once,
/// loaded once so that the index is warm, then loaded again from it.
fn fixture_100k() -> &'static (tempfile::TempDir, PathBuf, Bestiary) {
    static F: OnceLock<(tempfile::TempDir, PathBuf, Bestiary)> = OnceLock::new();
    F.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let bestiary_dir = dir.path().join("bestiary");
        lairsmith_core::fixtures::write_bestiary(&bestiary_dir, 100_000, 1).unwrap();
        let _ = Bestiary::load(Some(&bestiary_dir));
        let b = Bestiary::load(Some(&bestiary_dir));
        assert_eq!(b.loaded_from_index, 100_000);
        (dir, bestiary_dir, b)
    })
}

fn scale(c: &mut Criterion) {
    use lairsmith::tui::app::App;
    let small = fixture();
    let (_dir, big_dir, big) = fixture_100k();
    let mut g = c.benchmark_group("scale: 100k beside 10k");
    g.sample_size(10).measurement_time(Duration::from_secs(6));
    g.bench_function("load from the index, 10k", |b| {
        b.iter(|| Bestiary::load(Some(&small.bestiary_dir)).entries.len())
    });
    g.bench_function("load from the index, 100k", |b| {
        b.iter(|| Bestiary::load(Some(big_dir)).entries.len())
    });
    let filter = Filter::default();
    for q in ["a", "ash"] {
        g.bench_with_input(
            BenchmarkId::new("search 100k, fuzzy-matcher, one core", q),
            q,
            |b, q| {
                let mut m = SkimNames::default();
                b.iter(|| search_with(big, q, &filter, &mut m).len())
            },
        );
        g.bench_with_input(
            BenchmarkId::new("search 100k, lairsmith (nucleo-matcher, every core)", q),
            q,
            |b, q| b.iter(|| lairsmith_core::bestiary::search(big, q, &filter).len()),
        );
        g.bench_with_input(
            BenchmarkId::new("search 100k, nucleo-matcher, one core", q),
            q,
            |b, q| {
                let mut m = NucleoNames::default();
                b.iter(|| search_with(big, q, &filter, &mut m).len())
            },
        );
    }
    // Eight seeds a round: one generation may stop at its first attempt, another try them all.
    let req = |b: &Bestiary| -> u64 {
        (1..=8)
            .map(|seed| generate(b, &hard_4x8(seed)).unwrap().xp)
            .sum()
    };
    g.bench_function("generate hard 4x8 (8 seeds), 10k", |b| {
        b.iter(|| req(&small.bestiary))
    });
    g.bench_function("generate hard 4x8 (8 seeds), 100k", |b| b.iter(|| req(big)));
    // A keystroke in the search box at 100k: update (search, derive, the preview's design read
    // on first use) and redraw, against an empty frame.
    let mut term = Terminal::new(TestBackend::new(120, 40)).unwrap();
    g.bench_function("baseline: draw an empty frame", |b| {
        b.iter(|| draw_empty(&mut term))
    });
    let mut s = App::new(big.clone(), paths_for(big_dir), 1);
    lairsmith::tui::dispatch(&mut s, key('/'), &mut no_editor);
    g.bench_function(
        "keystroke in the search box at 100k: update and redraw (x6)",
        |b| b.iter(|| type_and_erase(&mut s, &mut term)),
    );
    g.finish();
}

/// The largest inputs the documented limits let through (trust, round three), on the UI thread:
/// the Adventure screen of 300 distinct encounters of 200 groups, and the Forge's and the
/// Bestiary's preview of a monster under 16 templates of 40 powers and 40 per role. Beside the
/// empty frame, in the same run. `benches/limits.sh` measures the commands on the same data.
fn limits(c: &mut Criterion) {
    use lairsmith::tui::app::{App, Screen};
    use lairsmith_core::adventure::check::load_encounters;
    use lairsmith_core::data_dir::DataDir;
    use lairsmith_core::fixtures::limit_cases;
    let dir = tempfile::tempdir().unwrap();
    let cases = limit_cases::write_cases(dir.path()).unwrap();
    let dir_of = |name: &str| cases.iter().find(|c| c.name == name).unwrap().dir.clone();
    let mut term = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let mut g = c.benchmark_group("limits: the largest accepted inputs in the UI, 120x40");
    g.sample_size(20);
    g.bench_function("baseline: draw an empty frame", |b| {
        b.iter(|| draw_empty(&mut term))
    });

    // The Adventure screen, its encounters read (the executor's part, off the UI thread).
    let root = dir_of("adventure-distinct-at");
    let data = DataDir::new(root.clone());
    let bestiary = data.load_bestiary();
    let path = root.join("adventures/road.yaml");
    let (adv, fp) = lairsmith_core::adventure::load_adventure(&path).unwrap();
    let loaded = load_encounters(&data, &adv.encounters);
    let mut app = App::new(bestiary, paths_for(&root.join("bestiary")), 1);
    app.shell.screen = Screen::Adventure;
    let open = |app: &mut App| {
        let file = lairsmith::tui::document::OnDisk {
            path: path.clone(),
            fingerprint: fp,
        };
        app.adventure =
            lairsmith::tui::screens::adventure::AdventureScreen::with(adv.clone(), Some(file));
        app.adventure.loaded = loaded.clone();
        app.adventure.loads += 1;
        app.derive();
    };
    g.bench_function(
        "open the Adventure screen: rate 300 encounters of 200 groups and draw",
        |b| {
            b.iter(|| {
                open(&mut app);
                term.draw(|fr| lairsmith::tui::view::view(&app, fr))
                    .unwrap()
                    .area
                    .width
            })
        },
    );
    open(&mut app);
    let press =
        |code: KeyCode| lairsmith::tui::app::Msg::Key(KeyEvent::new(code, KeyModifiers::NONE));
    g.bench_function(
        "Adventure screen: a key moving the cursor, update and redraw",
        |b| {
            b.iter(|| {
                lairsmith::tui::dispatch(&mut app, press(KeyCode::Down), &mut no_editor);
                term.draw(|fr| lairsmith::tui::view::view(&app, fr))
                    .unwrap();
                lairsmith::tui::dispatch(&mut app, press(KeyCode::Up), &mut no_editor);
                term.draw(|fr| lairsmith::tui::view::view(&app, fr))
                    .unwrap()
                    .area
                    .width
            })
        },
    );
    // A change the whole adventure is rated again for: an encounter moved down and back.
    let first = app.adventure.adventure.encounters.clone();
    lairsmith::tui::dispatch(&mut app, press(KeyCode::Char('J')), &mut no_editor);
    assert_ne!(
        app.adventure.adventure.encounters, first,
        "J moves the encounter"
    );
    lairsmith::tui::dispatch(&mut app, press(KeyCode::Char('K')), &mut no_editor);
    assert_eq!(app.adventure.adventure.encounters, first, "K moves it back");
    g.bench_function(
        "Adventure screen: a key moving an encounter (rated again), update and redraw",
        |b| {
            b.iter(|| {
                lairsmith::tui::dispatch(&mut app, press(KeyCode::Char('J')), &mut no_editor);
                term.draw(|fr| lairsmith::tui::view::view(&app, fr))
                    .unwrap();
                lairsmith::tui::dispatch(&mut app, press(KeyCode::Char('K')), &mut no_editor);
                term.draw(|fr| lairsmith::tui::view::view(&app, fr))
                    .unwrap()
                    .area
                    .width
            })
        },
    );

    // A monster of 1,320 powers once its 16 templates apply.
    let root = dir_of("templates-at");
    let data = DataDir::new(root.clone());
    let bestiary = data.load_bestiary();
    let design = bestiary.get("layered").unwrap().design().unwrap();
    g.bench_function(
        "derive and lint the monster of 16 templates (each Forge key does)",
        |b| {
            b.iter(|| {
                lairsmith_core::monster::block_and_findings(&design, &bestiary.templates, None)
                    .0
                    .powers
                    .len()
            })
        },
    );
    // Re-ranking itself, past the file limits (built here, not read): 800 at-will powers making
    // ever more attacks, a boss made elite. It was cubic; it is linear in the powers per trim.
    let small: MonsterDesign = lairsmith_core::yaml_io::parse(
        &limit_cases::boss("crowned", &[], 40),
        Path::new("crowned.yaml"),
    )
    .unwrap();
    let mut big = small.clone();
    big.powers = (0..800)
        .map(|i| {
            let mut p = small.powers[i % 40].clone();
            p.name = format!("Strike {i}");
            p
        })
        .collect();
    let kits = lairsmith_core::monster::kit::Templates::embedded();
    for (label, d) in [
        ("re-rank a boss of 40 escalating attacks to elite", &small),
        (
            "re-rank a boss of 800 escalating attacks to elite (past the limit)",
            &big,
        ),
    ] {
        g.bench_function(label, |b| {
            b.iter(|| {
                let mut d = d.clone();
                lairsmith_core::monster::rerank::rerank(
                    &mut d,
                    lairsmith_core::rules::Rank::Elite,
                    lairsmith_core::rules::Role::Skulker,
                    kits,
                )
                .len()
            })
        });
    }
    let mut app = App::new(bestiary, paths_for(&root.join("bestiary")), 1);
    app.derive();
    g.bench_function("draw the Bestiary previewing it", |b| {
        b.iter(|| {
            term.draw(|fr| lairsmith::tui::view::view(&app, fr))
                .unwrap()
                .area
                .width
        })
    });
    g.finish();
}

/// A step's cost against the fight's length (trust, round four): a step (read the fight's
/// file, apply, write it atomically) on fights of 50 to 4,998 steps of a party of four against
/// 20 monsters, and of 50 and 1,000 steps against 246; reading it (`fight show`), and an undo,
/// which replays every step. The same file is put back before each measured step.
fn fight_steps(c: &mut Criterion) {
    use criterion::BatchSize;
    use lairsmith_core::fight::{Step, run, saved};
    let mut g = c.benchmark_group("fight: a step against the fight's length");
    g.sample_size(30);
    let heal = || {
        Ok::<_, lairsmith_core::encounter::DataError>(Step::Heal {
            who: "ana".into(),
            amount: 1,
            recovery: false,
        })
    };
    for (foes, steps) in [(20, 50), (20, 600), (20, 4_998), (246, 50), (246, 1_000)] {
        let dir = tempfile::tempdir().unwrap();
        let path = lairsmith_core::fixtures::long_fight(dir.path(), steps, foes).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let label = format!("{} creatures, {steps} steps", foes + 4);
        g.bench_function(format!("step: {label}"), |b| {
            b.iter_batched(
                || std::fs::write(&path, &bytes).unwrap(),
                |()| run::step(&path, |_| heal()).unwrap().news.len(),
                BatchSize::PerIteration,
            )
        });
        g.bench_function(format!("read: {label}"), |b| {
            b.iter(|| saved::load_fight(&path).unwrap().0.history.len())
        });
        g.bench_function(format!("undo: {label}"), |b| {
            b.iter_batched(
                || std::fs::write(&path, &bytes).unwrap(),
                |()| run::undo(&path, None).unwrap().fight.history.len(),
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}
