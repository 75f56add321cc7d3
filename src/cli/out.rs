//! The one way the command line writes to the terminal.
//!
//! Everything goes through a [`Terminal`], which
//! - escapes control characters ([`lairsmith_core::text::escape_controls`]) in all of it, stdout and
//!   stderr, whatever the format: a monster's description or a file's name cannot set the
//!   clipboard or type into the shell;
//! - never panics on a write: `print!` panics when stdout is a closed pipe or a full disk.
//!   Rust ignores SIGPIPE, so a reader that went away (`lairsmith list | head`) shows up as an
//!   `EPIPE` error: the command stops and lairsmith exits quietly with [`EXIT_BROKEN_PIPE`],
//!   the status a shell reports for a program the closed pipe stopped. Any other write error
//!   (`> /dev/full`) is a sentence on stderr and exit status 1.
//!
//! Stdout is buffered (a listing of thousands of monsters is a few writes, not one per line) and
//! flushed before anything goes to stderr, so the two stay in order on a terminal.

use super::{CmdResult, EXIT_FAILURE, Failure};
use lairsmith_core::text::escape_controls;
use std::fmt;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

/// Exit status when stdout was closed before lairsmith finished writing: 128 + SIGPIPE, what
/// `grep` or `cat` report in the same pipe, so `set -o pipefail` treats lairsmith like them.
pub const EXIT_BROKEN_PIPE: u8 = 141;

/// What has happened to stdout so far.
#[derive(Debug, Clone, PartialEq, Eq)]
enum State {
    Open,
    /// The reader went away (EPIPE): stop writing, exit quietly.
    Closed,
    /// Any other write error, as the sentence to report.
    Failed(String),
}

/// Stdout and stderr, escaped and without panics.
pub struct Terminal {
    out: Box<dyn Write>,
    err: Box<dyn Write>,
    state: State,
}

impl Terminal {
    /// The process's stdout and stderr. Stdout is not locked, so the terminal UI can draw on it.
    pub fn stdio() -> Terminal {
        Terminal::new(
            Box::new(BufWriter::new(io::stdout())),
            Box::new(io::stderr()),
        )
    }

    /// A terminal over any two writers (tests give it failing ones).
    pub fn new(out: Box<dyn Write>, err: Box<dyn Write>) -> Terminal {
        Terminal {
            out,
            err,
            state: State::Open,
        }
    }

    /// Writes to stdout. After the first failure every write fails at once, so a command stops
    /// at its next line.
    pub fn out(&mut self, args: fmt::Arguments<'_>) -> Result<(), Failure> {
        self.check()?;
        let text = fmt::format(args);
        let result = self.out.write_all(escape_controls(&text).as_bytes());
        self.record(result)
    }

    /// Writes to stderr, after flushing stdout so the two keep their order. A failure to write
    /// to stderr is ignored: there is nowhere left to report it.
    pub fn err(&mut self, args: fmt::Arguments<'_>) {
        let _ = self.flush_out();
        let text = fmt::format(args);
        // One write per message, so a message is not split around another process's output.
        let _ = self.err.write_all(escape_controls(&text).as_bytes());
        let _ = self.err.flush();
    }

    /// Flushes stdout, then turns a command's result and stdout's fate into the exit status,
    /// reporting the failure if there is one.
    pub fn finish(mut self, result: CmdResult) -> ExitCode {
        let _ = self.flush_out();
        match (&self.state, result) {
            (State::Closed, _) => ExitCode::from(EXIT_BROKEN_PIPE),
            (State::Failed(msg), result) => {
                let msg = msg.clone();
                // The command's own failure, unless it is the write error itself.
                if let Err(Failure(other)) = result
                    && other != msg
                {
                    self.err(format_args!("lairsmith: {other}\n"));
                }
                self.err(format_args!("lairsmith: {msg}\n"));
                ExitCode::from(EXIT_FAILURE)
            }
            (State::Open, Ok(code)) => ExitCode::from(code),
            (State::Open, Err(Failure(msg))) => {
                self.err(format_args!("lairsmith: {msg}\n"));
                ExitCode::from(EXIT_FAILURE)
            }
        }
    }

    /// Whether stdout's reader went away.
    pub fn is_closed(&self) -> bool {
        self.state == State::Closed
    }

    fn flush_out(&mut self) -> Result<(), Failure> {
        self.check()?;
        let result = self.out.flush();
        self.record(result)
    }

    fn check(&self) -> Result<(), Failure> {
        match &self.state {
            State::Open => Ok(()),
            State::Closed => Err(Failure("standard output was closed".into())),
            State::Failed(msg) => Err(Failure(msg.clone())),
        }
    }

    fn record(&mut self, result: io::Result<()>) -> Result<(), Failure> {
        match result {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.state = State::Closed;
                self.check()
            }
            Err(e) => {
                self.state = State::Failed(format!(
                    "cannot write to standard output: {}",
                    io_sentence(&e)
                ));
                self.check()
            }
        }
    }
}

/// An I/O error as words: "No space left on device", without the " (os error 28)" the
/// standard library appends, which says nothing more to a user.
fn io_sentence(e: &io::Error) -> String {
    let s = e.to_string();
    match s.rfind(" (os error ") {
        Some(i) if s.ends_with(')') => s[..i].to_owned(),
        _ => s,
    }
}

/// `print!` through a [`Terminal`]: `out!(term, "{x}")?`.
macro_rules! out {
    ($t:expr, $($arg:tt)*) => {
        $t.out(format_args!($($arg)*))
    };
}

/// `println!` through a [`Terminal`]: `outln!(term, "{x}")?`.
macro_rules! outln {
    ($t:expr) => {
        $t.out(format_args!("\n"))
    };
    ($t:expr, $($arg:tt)*) => {
        $t.out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprintln!` through a [`Terminal`]: `errln!(term, "lairsmith: {x}")`.
macro_rules! errln {
    ($t:expr, $($arg:tt)*) => {
        $t.err(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub(crate) use {errln, out, outln};

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A writer that keeps what it is given, or fails with a chosen error.
    #[derive(Clone, Default)]
    struct Sink {
        bytes: Arc<Mutex<Vec<u8>>>,
        fail: Option<io::ErrorKind>,
    }

    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            match self.fail {
                Some(kind) => Err(io::Error::from(kind)),
                None => self.bytes.lock().unwrap().write(buf),
            }
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Sink {
        fn text(&self) -> String {
            String::from_utf8(self.bytes.lock().unwrap().clone()).unwrap()
        }
    }

    #[test]
    fn both_streams_are_escaped() {
        let (o, e) = (Sink::default(), Sink::default());
        let mut t = Terminal::new(Box::new(o.clone()), Box::new(e.clone()));
        outln!(t, "name: {}", "Frog\u{1b}]52;c;eA==\u{7}").unwrap();
        errln!(t, "skipped {}", "a\u{9b}6n\r");
        assert_eq!(t.finish(Ok(0)), ExitCode::from(0));
        assert_eq!(o.text(), "name: Frog\\u001B]52;c;eA==\\u0007\n");
        assert_eq!(e.text(), "skipped a\\u009B6n\\u000D\n");
    }

    #[test]
    fn a_closed_pipe_stops_the_command_quietly() {
        let e = Sink::default();
        let closed = Sink {
            fail: Some(io::ErrorKind::BrokenPipe),
            ..Sink::default()
        };
        let mut t = Terminal::new(Box::new(closed), Box::new(e.clone()));
        let r = outln!(t, "one");
        assert!(r.is_err() && t.is_closed());
        assert_eq!(t.finish(r.map(|()| 0)), ExitCode::from(EXIT_BROKEN_PIPE));
        assert_eq!(e.text(), "", "a closed pipe is not reported");
    }

    #[test]
    fn a_full_disk_is_one_sentence_and_status_1() {
        let e = Sink::default();
        let full = Sink {
            fail: Some(io::ErrorKind::StorageFull),
            ..Sink::default()
        };
        let mut t = Terminal::new(Box::new(full), Box::new(e.clone()));
        let r = outln!(t, "one");
        assert!(outln!(t, "two").is_err(), "later writes fail at once");
        assert_eq!(t.finish(r.map(|()| 0)), ExitCode::from(EXIT_FAILURE));
        assert_eq!(
            e.text(),
            "lairsmith: cannot write to standard output: no storage space\n"
        );
    }

    #[test]
    fn os_error_numbers_are_dropped() {
        let e = io::Error::from_raw_os_error(28);
        assert!(!io_sentence(&e).contains("os error"), "{}", io_sentence(&e));
    }
}
