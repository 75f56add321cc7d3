//! Runs `tests/e2e_tmux.sh` against the built binary: the UI driven in a real pseudo-terminal.
//! Needs tmux; CI installs it (and this test fails in CI without it).

use std::process::Command;

#[test]
fn tmux_end_to_end() {
    let has_tmux = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_tmux {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have tmux for the end-to-end test"
        );
        eprintln!("tmux is not installed: skipping the end-to-end UI test (apt-get install tmux)");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/e2e_tmux.sh");
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
