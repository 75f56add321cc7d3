//! What the integration tests share: running the built binary as a user would, with a kill
//! after a time limit so a regression that hangs fails instead of stalling the run.

pub mod adventure_data;
pub mod ui;

use std::io::Read;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs `lairsmith ARGS` on the data directory `data`, fails the test with its standard error
/// unless it succeeds, and gives its standard output.
pub fn lairsmith_ok(data: &Path, args: &[&str]) -> String {
    let o = lairsmith(data, args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// Every file under `dir`, at any depth, whose name ends `.ext`, added to `out` (unsorted).
pub fn files_under(dir: &Path, ext: &str, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files_under(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

/// How long one command may run before the test kills it and fails.
pub const LIMIT: Duration = Duration::from_secs(20);

/// Runs `cmd` with its output on pipes, read on threads (so a large output cannot block the
/// child), and kills it past [`LIMIT`].
pub fn run_limited(mut cmd: Command, what: &str) -> Output {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`{what}` still ran after {LIMIT:?} and was killed");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Output {
        status,
        stdout: out_reader.join().unwrap(),
        stderr: err_reader.join().unwrap(),
    }
}

/// `lairsmith --data-dir DATA ARGS`, run in `cwd`.
pub fn lairsmith_in(cwd: &Path, data: &Path, args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_lairsmith"));
    cmd.current_dir(cwd);
    with_data(cmd, data, args)
}

/// `lairsmith --data-dir DATA ARGS`, in the test's own working directory.
pub fn lairsmith(data: &Path, args: &[&str]) -> Output {
    with_data(Command::new(env!("CARGO_BIN_EXE_lairsmith")), data, args)
}

fn with_data(mut cmd: Command, data: &Path, args: &[&str]) -> Output {
    cmd.arg("--data-dir").arg(data).args(args);
    run_limited(cmd, &format!("lairsmith {}", args.join(" ")))
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Compares `actual` with its snapshot `tests/snapshots/<name>.snap` (insta): a difference
/// fails, and outside CI leaves `<name>.snap.new` beside it to review with `cargo insta review`
/// (or `INSTA_UPDATE=always` to accept every change). The one snapshot helper of the CLI and UI
/// tests; `name` may hold a folder (`tui/bestiary-80x24.txt`), written `tui__bestiary-80x24.txt`.
pub fn golden(name: &str, actual: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!(name.replace('/', "__"), actual));
}

/// Runs `tests/<name>` (a bash script) against the built binary and fails with its output if it
/// fails. The scripts keep their own time limits (they drive tmux or a browser).
pub fn run_script(name: &str) {
    let script = format!("{}/tests/{name}", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("bash")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_lairsmith"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The full name of test `name` in the module at `module_path` (what `module_path!()` gives),
/// as the test binary takes it with `--exact`: the path without the crate's name.
pub fn test_name(module_path: &str, name: &str) -> String {
    match module_path.split_once("::") {
        Some((_, rest)) => format!("{rest}::{name}"),
        None => name.to_owned(),
    }
}

/// The re-level tests' monster (CLI and UI): a level 4 wrecker (HP formula 51, 75 at level 8)
/// made tougher by hand: HP 60, a practised basic attack of +10 (the formula's +9; +13 at level
/// 8) and more XP (the formula's 175; 350 at level 8). Its level line carries a comment, which a
/// re-level keeps.
pub const OGRE: &str = "kind: monster
schema_version: 1
id: ogre-brute
name: Ogre Brute
level: 4   # for the first floor
rank: standard
role: wrecker
size: medium
source: natural
type: beast
powers:
- name: Crushing Blow
  basic: true
  usage: at-will
  action: standard
  origin: melee
  targets: one creature
  tags: [weapon]
  attack: {defense: ac}
  damage: at-will-single
  overrides:
    attack: {value: 10, reason: a practised swing}
overrides:
  hp:
    value: 60
    reason: tougher
  xp:
    value: 300
    reason: a named ogre
";
