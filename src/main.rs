// Printing macros panic when stdout is closed or full; the CLI prints through `cli::out`.
#![deny(clippy::print_stdout, clippy::print_stderr)]

fn main() -> std::process::ExitCode {
    lairsmith::cli::main()
}
