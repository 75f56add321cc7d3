//! Every ```` ```console ```` example of README.md and the guide runs against the real binary
//! with trycmd: each `$ lairsmith ...` line is run, and what it prints (standard output and
//! error together, `...` and `[..]` matching anything) and its status (`? 1`) must be what the
//! page shows. Each page runs in its own empty working directory and data directory, its
//! examples in order, so a page's later commands see what its earlier ones saved. `[DATA]` in
//! an output stands for the data directory; `TRYCMD=overwrite cargo test --test it docs::examples`
//! writes what the commands print into the pages.

use super::{documents, root};

#[test]
fn every_console_example_runs_as_shown() {
    let mut ran = 0;
    for (name, text) in documents() {
        if !text.contains("```console") {
            continue;
        }
        ran += 1;
        let dir = tempfile::tempdir().unwrap();
        // trycmd runs a page's commands in `<page>.in/` beside it, so the copy gets an empty one.
        let stem = name.replace(['/', '.'], "_");
        let copy = dir.path().join(format!("{stem}.md"));
        std::fs::write(&copy, &text).unwrap();
        std::fs::create_dir(dir.path().join(format!("{stem}.in"))).unwrap();
        let data = dir.path().join("data");
        eprintln!("docs::examples: {name} (line numbers as in the page)");
        let cases = trycmd::TestCases::new();
        cases
            .insert_var("[DATA]", data.display().to_string())
            .unwrap();
        cases
            .register_bin(
                "lairsmith",
                std::path::Path::new(env!("CARGO_BIN_EXE_lairsmith")),
            )
            .env("LAIRSMITH_DATA_DIR", data.display().to_string())
            .env(
                "LAIRSMITH_CONFIG",
                dir.path().join("config.yaml").display().to_string(),
            )
            .env("NO_COLOR", "1")
            .env("COLUMNS", "100")
            .case(&copy)
            .run();
        // `TRYCMD=overwrite` wrote what the commands print into the copy: bring it home.
        if std::env::var("TRYCMD").as_deref() == Ok("overwrite") {
            std::fs::copy(&copy, root().join(&name)).unwrap();
        }
    }
    assert!(ran >= 5, "only {ran} pages have console examples");
}

/// A shell example that no test runs is one that can drift: the pages show lairsmith's commands
/// in `console` blocks (run above); a `sh` block holds only other programs (`cargo`), and every
/// block says its language.
#[test]
fn no_page_shows_a_command_that_is_not_run() {
    for (name, text) in documents() {
        let mut fence: Option<String> = None;
        let mut shell = false;
        for (i, line) in text.lines().enumerate() {
            if fence.is_some() && shell {
                assert!(
                    !line.trim_start().starts_with("lairsmith"),
                    "{name}:{}: a lairsmith command goes in a `console` block (`$ lairsmith \
                     ...`), which the tests run",
                    i + 1
                );
            }
            let ticks = line.len() - line.trim_start_matches('`').len();
            if ticks >= 3 {
                match &fence {
                    Some(f)
                        if line.starts_with(f.as_str())
                            && line.trim_start_matches('`').trim().is_empty() =>
                    {
                        fence = None
                    }
                    Some(_) => {}
                    None => {
                        let info = line.trim_start_matches('`').trim();
                        assert!(
                            !info.is_empty(),
                            "{name}:{}: a code block must say its language (trycmd runs an \
                             unmarked one as commands)",
                            i + 1
                        );
                        shell = matches!(info, "sh" | "bash" | "shell");
                        fence = Some("`".repeat(ticks));
                    }
                }
            }
        }
    }
}

/// A command written in the prose (`` `lairsmith encounter export ford --for table` ``) is not
/// run, but it must still be a command line this binary takes: every code span that starts with
/// `lairsmith ` parses against the clap definitions, up to a pipe or a redirection (a command
/// named without its arguments, `lairsmith fmt`, passes). Spans that are patterns rather than
/// commands (`[SUBCOMMAND]`, `COMMAND`, `...`) are left out.
#[test]
fn every_command_in_the_prose_parses() {
    use clap::Parser;
    use pulldown_cmark::{Event, Parser as Markdown};
    let mut problems = Vec::new();
    let mut checked = 0;
    for (name, text) in documents() {
        for ev in Markdown::new(&text) {
            let Event::Code(code) = ev else { continue };
            let Some(rest) = code.strip_prefix("lairsmith ") else {
                continue;
            };
            let line = rest.split(['|', '>']).next().unwrap();
            // A pattern, not a command: `[OPTIONS]`, `ID|FILE`, `COMMAND`, `...`.
            let placeholder =
                |w: &str| w.len() > 1 && w.chars().all(|c| c.is_ascii_uppercase() || c == '_');
            if line.contains(['[', '…'])
                || line.contains("...")
                || line.split_whitespace().any(placeholder)
            {
                continue;
            }
            let mut args = vec!["lairsmith".to_owned()];
            args.extend(words(line));
            checked += 1;
            if let Err(e) = lairsmith::cli::Cli::try_parse_from(&args) {
                // A command named without its arguments (`lairsmith fmt`) is a name, not a line.
                use clap::error::ErrorKind as K;
                if matches!(
                    e.kind(),
                    K::DisplayHelp
                        | K::DisplayVersion
                        | K::MissingRequiredArgument
                        | K::MissingSubcommand
                        | K::DisplayHelpOnMissingArgumentOrSubcommand
                ) {
                    continue;
                }
                problems.push(format!("{name}: `{code}`: {}", e.kind()));
            }
        }
    }
    assert!(checked > 20, "only {checked} commands in the prose");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A command line split as a shell would: words, with "double" or 'single' quotes.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut started = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                started = true;
            }
            (None, c) if c.is_whitespace() => {
                if started || !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
                started = false;
            }
            (None, c) => word.push(c),
        }
    }
    if started || !word.is_empty() {
        out.push(word);
    }
    out
}
