//! Runs `tests/print_chromium.sh` against the built binary: the HTML sheets printed to PDF by
//! headless Chromium and read back with pdftotext (issue 13 §1). Needs `chromium` (or
//! `chromium-browser`) and `pdftotext` (poppler-utils); `.ci/run` installs both, and in CI the
//! test fails without them. Elsewhere it says it skipped.

use crate::common;

use std::process::Command;

fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn html_sheets_print_in_chromium_with_every_number_and_no_stat_block_split() {
    let chromium = installed("chromium") || installed("chromium-browser");
    let pdftotext = Command::new("pdftotext").arg("-v").output().is_ok();
    if !(chromium && pdftotext) {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have chromium and pdftotext for the print test"
        );
        eprintln!(
            "chromium or pdftotext is not installed: skipping print_chromium.sh (apt-get install chromium poppler-utils)"
        );
        return;
    }
    common::run_script("print_chromium.sh");
}
