//! Clap's own errors quote what was typed, escaped as lairsmith's own messages escape it
//! (`\u001B` for ESC): no control character of an argument reaches the terminal raw, and none
//! is dropped so that the message names a value that was not typed (`completions
//! $'b\e]2;X\aash'` said `invalid value 'bash'`). Clap's wording, suggestions and exit status
//! stay.

use crate::common::run_limited;
use std::ffi::OsString;
use std::process::{Command, Output};

/// The binary on `args`, in an empty data directory.
fn lairsmith<A: Into<OsString> + Clone>(args: &[A]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_lairsmith"));
    cmd.arg("--data-dir").arg(dir.path());
    cmd.args(args.iter().cloned().map(Into::into));
    run_limited(cmd, "lairsmith with a hostile argument")
}

/// A refusal of the command line: exit status 2, nothing on stdout, and stderr free of any
/// raw control character (C0 but newline and tab, DEL, C1) or bidi control. Returns stderr.
fn refused(what: &str, o: &Output) -> String {
    assert_eq!(o.status.code(), Some(2), "{what}: {o:?}");
    assert!(o.stdout.is_empty(), "{what}: {o:?}");
    let raw = |b: &u8| (*b < 0x20 && !matches!(b, b'\n' | b'\t')) || *b == 0x7f;
    assert!(
        !o.stderr.iter().any(raw),
        "{what}: a raw control byte reached the terminal: {:?}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = String::from_utf8(o.stderr.clone())
        .unwrap_or_else(|_| panic!("{what}: stderr is not UTF-8: {:?}", o.stderr));
    assert!(
        !text.chars().any(lairsmith_core::text::is_unsafe_char),
        "{what}: a raw C1 or bidi control reached the terminal: {text:?}"
    );
    text
}

#[test]
fn an_invalid_value_is_quoted_as_typed_escaped_with_the_possible_values() {
    let o = lairsmith(&["completions", "b\u{1b}]2;X\u{7}ash"]);
    let err = refused("completions with an OSC title", &o);
    // Clap's message whole: only the value differs from what it says of a clean one.
    assert_eq!(
        err,
        "error: invalid value 'b\\u001B]2;X\\u0007ash' for '<SHELL>'\n  \
         [possible values: bash, elvish, fish, powershell, zsh]\n\n\
         For more information, try '--help'.\n"
    );
    // A suggestion stays.
    let o = lairsmith(&["completions", "zs\u{7}h"]);
    let err = refused("completions with a BEL", &o);
    assert!(err.contains("invalid value 'zs\\u0007h'"), "{err}");
    assert!(err.contains("tip: a similar value exists: 'zsh'"), "{err}");
}

#[test]
fn an_unknown_flag_is_quoted_as_typed_escaped_with_its_suggestion() {
    let o = lairsmith(&["list", "--ran\u{1b}[2Jk", "boss"]);
    let err = refused("an unknown flag with a CSI", &o);
    assert!(
        err.contains("error: unexpected argument '--ran\\u001B[2Jk' found"),
        "{err}"
    );
    assert!(
        err.contains("tip: a similar argument exists: '--rank'"),
        "{err}"
    );
    assert!(err.contains("Usage: lairsmith list"), "{err}");
}

#[test]
fn an_unexpected_argument_is_quoted_as_typed_escaped_in_the_tip_too() {
    // A C1 CSI (U+009B) and a carriage return, which would hide what came before it.
    let o = lairsmith(&["show", "hedgemaw", "\u{9b}6n\rok"]);
    let err = refused("a second monster with a C1 CSI and a CR", &o);
    assert!(
        err.contains("error: unexpected argument '\\u009B6n\\u000Dok' found"),
        "{err}"
    );
    // A short flag: clap names its first letter, and its tip repeats it, escaped as well.
    let o = lairsmith(&["show", "-\u{1b}[6n"]);
    let err = refused("a flag-like value with a CSI 6n", &o);
    assert!(
        err.contains("error: unexpected argument '-\\u001B' found"),
        "{err}"
    );
    assert!(
        err.contains("tip: to pass '-\\u001B' as a value, use '-- -\\u001B'"),
        "{err}"
    );
}

#[test]
fn an_unknown_subcommand_is_quoted_as_typed_escaped_with_its_suggestion() {
    let o = lairsmith(&["lis\rt"]);
    let err = refused("a subcommand with a CR", &o);
    assert!(
        err.contains("error: unrecognized subcommand 'lis\\u000Dt'"),
        "{err}"
    );
    assert!(
        err.contains("tip: some similar subcommands exist: 'lint', 'list'"),
        "{err}"
    );
    let o = lairsmith(&["encounter", "chec\u{1b}]8;;http://x\u{7}k"]);
    let err = refused("a nested subcommand with an OSC 8 link", &o);
    assert!(
        err.contains("error: unrecognized subcommand 'chec\\u001B]8;;http://x\\u0007k'"),
        "{err}"
    );
}

#[test]
fn lairsmiths_own_value_messages_inside_clap_errors_are_escaped_too() {
    let o = lairsmith(&["show", "hedgemaw", "--format", "ya\u{1b}[6nml"]);
    let err = refused("show --format with a CSI 6n", &o);
    assert!(
        err.contains("invalid value 'ya\\u001B[6nml' for '--format <FORMAT>'"),
        "{err}"
    );
    assert!(err.contains("unknown format `ya\\u001B[6nml`"), "{err}");
}

/// An argument that is not UTF-8 cannot be quoted byte for byte: clap shows each bad byte as
/// U+FFFD, and no raw byte of it (a lone 0x9B is a CSI to an 8-bit terminal) goes out.
#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_reaches_no_terminal_raw() {
    use std::os::unix::ffi::OsStringExt;
    let bad = OsString::from_vec(b"--x\x9b6n\xff\x1b[2J".to_vec());
    let o = lairsmith(&[OsString::from("list"), bad]);
    let err = refused("a flag of invalid UTF-8", &o);
    assert!(
        err.contains("unexpected argument '--x\u{fffd}6n\u{fffd}\\u001B[2J' found"),
        "{err}"
    );
}
