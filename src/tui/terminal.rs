//! The terminal while the UI owns it: raw mode, the alternate screen, bracketed paste and a
//! hidden cursor, all given back on quit, on error, on panic and on SIGTERM, SIGINT, SIGHUP and
//! SIGQUIT (signal-hook records the signal; the loop notices within one poll and leaves).

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{DisableBracketedPaste, EnableBracketedPaste};
use ratatui::crossterm::{cursor, execute};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The signals that end the UI, each restoring the terminal first.
pub const SIGNALS: [i32; 4] = [
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGINT,
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGQUIT,
];

/// The signal that asked the UI to stop, if one has (0 while none has).
#[derive(Clone)]
pub struct Stop(Arc<AtomicUsize>);

impl Stop {
    /// Registers the handlers. A handler only stores the signal's number; the UI loop polls it.
    pub fn register() -> std::io::Result<Stop> {
        let flag = Arc::new(AtomicUsize::new(0));
        for sig in SIGNALS {
            signal_hook::flag::register_usize(sig, Arc::clone(&flag), sig as usize)?;
        }
        Ok(Stop(flag))
    }

    /// Forgets a SIGINT or SIGQUIT: while the editor runs, Ctrl-C and Ctrl-\\ reach every
    /// process of the terminal's foreground group, lairsmith included, and were meant for the
    /// editor. SIGTERM and SIGHUP are kept.
    pub fn forget_keyboard_signals(&self) {
        for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGQUIT] {
            let _ = self
                .0
                .compare_exchange(sig as usize, 0, Ordering::Relaxed, Ordering::Relaxed);
        }
    }

    /// Records that the terminal hung up, as a SIGHUP would have.
    pub fn hang_up(&self) {
        let _ = self.0.compare_exchange(
            0,
            signal_hook::consts::SIGHUP as usize,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
    }

    pub fn signal(&self) -> Option<i32> {
        match self.0.load(Ordering::Relaxed) {
            0 => None,
            n => i32::try_from(n).ok(),
        }
    }
}

/// The signal's name, for the message printed once the terminal is back.
pub fn signal_name(sig: i32) -> &'static str {
    match sig {
        signal_hook::consts::SIGTERM => "SIGTERM",
        signal_hook::consts::SIGINT => "SIGINT",
        signal_hook::consts::SIGHUP => "SIGHUP",
        signal_hook::consts::SIGQUIT => "SIGQUIT",
        _ => "a signal",
    }
}

/// Takes the terminal: ratatui's init (raw mode, alternate screen, and a panic hook that
/// restores them), then bracketed paste, with a panic hook that also turns paste off and shows
/// the cursor.
pub fn enter() -> std::io::Result<DefaultTerminal> {
    let terminal = ratatui::try_init()?;
    let ratatui_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // A YAML reader's panic that the guard catches is an error message, not a crash.
        if lairsmith_core::yaml_io::in_contained_parse() {
            return;
        }
        let _ = execute!(std::io::stdout(), DisableBracketedPaste, cursor::Show);
        ratatui_hook(info);
    }));
    execute!(std::io::stdout(), EnableBracketedPaste)?;
    Ok(terminal)
}

/// Gives the terminal back. Safe to call more than once, and when the terminal is gone (after
/// SIGHUP its writes fail; there is nothing left to restore then).
pub fn leave() {
    let _ = execute!(std::io::stdout(), DisableBracketedPaste);
    // Not `ratatui::restore`: it prints its error with `eprintln!`, which panics when the
    // terminal is gone, before unsaved work could be kept.
    let _ = ratatui::try_restore();
    let _ = execute!(std::io::stdout(), cursor::Show);
}

/// What waiting on the terminal found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    Ready,
    Idle,
    /// The terminal is gone (its window closed): there will never be input again.
    HungUp,
}

/// Waits up to `timeout` for input on the terminal the UI reads (standard input, or
/// `/dev/tty` when standard input is not a terminal, as crossterm does).
pub fn wait_for_input(tty: &Tty, timeout: std::time::Duration) -> Input {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    use std::os::fd::AsFd;
    let fd = tty.as_fd();
    let mut fds = [PollFd::new(&fd, PollFlags::IN)];
    let ts = Timespec {
        tv_sec: timeout.as_secs() as _,
        tv_nsec: timeout.subsec_nanos() as _,
    };
    match poll(&mut fds, Some(&ts)) {
        Ok(0) => Input::Idle,
        Ok(_) => {
            let r = fds[0].revents();
            if r.intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL) {
                Input::HungUp
            } else {
                Input::Ready
            }
        }
        Err(rustix::io::Errno::INTR) => Input::Idle,
        Err(_) => Input::HungUp,
    }
}

/// The events waiting on the terminal, at most `most` of them, waiting up to `wait` for the
/// first; `None` once the terminal has hung up (there will never be input again).
pub fn read_events(
    tty: &Tty,
    wait: std::time::Duration,
    most: usize,
) -> std::io::Result<Option<Vec<ratatui::crossterm::event::Event>>> {
    use ratatui::crossterm::event;
    // crossterm keeps what it has read but not yet handed out (and hears a resize on its own
    // pipe), so it is asked first; the terminal is waited on only when it has nothing, which is
    // also where a hang-up shows (its own wait spins on one).
    let zero = std::time::Duration::ZERO;
    let mut ready = false;
    for w in [zero, wait] {
        match wait_for_input(tty, w) {
            Input::HungUp => return Ok(None),
            Input::Ready => {}
            Input::Idle if w == zero => {}
            Input::Idle => break,
        }
        if event::poll(zero)? {
            ready = true;
            break;
        }
    }
    // Take every event already waiting, so a fast typist or a paste costs one frame.
    let mut events = Vec::new();
    while ready && events.len() < most {
        events.push(event::read()?);
        ready = event::poll(zero)?;
    }
    Ok(Some(events))
}

/// The terminal input lairsmith waits on.
pub enum Tty {
    Stdin(std::io::Stdin),
    Device(std::fs::File),
}

impl Tty {
    pub fn open() -> std::io::Result<Tty> {
        use std::io::IsTerminal;
        let stdin = std::io::stdin();
        if stdin.is_terminal() {
            Ok(Tty::Stdin(stdin))
        } else {
            std::fs::File::open("/dev/tty").map(Tty::Device)
        }
    }
}

impl std::os::fd::AsFd for Tty {
    fn as_fd(&self) -> std::os::fd::BorrowedFd<'_> {
        match self {
            Tty::Stdin(s) => s.as_fd(),
            Tty::Device(f) => f.as_fd(),
        }
    }
}
