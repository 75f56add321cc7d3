use clap::Parser;

fn main() -> std::process::ExitCode {
    lairsmith::cli::run(lairsmith::cli::Cli::parse())
}
