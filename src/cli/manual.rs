//! `lairsmith completions` and `lairsmith man`: the shell completions and the manual pages,
//! generated from the clap definitions at run time, so they always describe this binary.

use super::args::Cli;
use super::out::{Terminal, out};
use super::{CmdResult, EXIT_OK, Failure};
use clap::CommandFactory;

pub fn completions(shell: clap_complete::Shell, term: &mut Terminal) -> CmdResult {
    let mut cmd = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "lairsmith", &mut script);
    out!(term, "{}", String::from_utf8_lossy(&script))?;
    Ok(EXIT_OK)
}

/// The page of `path` (empty: lairsmith itself; `encounter add`: that subcommand), named as
/// `man` names a subcommand's page (`lairsmith-encounter-add`).
pub fn man(path: &[String], term: &mut Terminal) -> CmdResult {
    let mut cmd = Cli::command();
    cmd.build();
    let mut name = String::from("lairsmith");
    let mut shown = String::from("lairsmith");
    for word in path {
        let names: Vec<String> = cmd
            .get_subcommands()
            .filter(|c| c.get_name() != "help")
            .map(|c| c.get_name().to_owned())
            .collect();
        let Some(sub) = cmd.find_subcommand(word).cloned() else {
            let valid = if names.is_empty() {
                format!("`{shown}` has no commands")
            } else {
                format!("the commands of `{shown}` are {}", names.join(", "))
            };
            return Err(Failure(format!(
                "no manual page for `{shown} {word}`: {valid}"
            )));
        };
        name = format!("{name}-{}", sub.get_name());
        shown = format!("{shown} {}", sub.get_name());
        cmd = sub;
    }
    let cmd = cmd.name(name).bin_name(shown);
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd)
        .render(&mut page)
        .map_err(|e| Failure(format!("cannot make the manual page: {e}")))?;
    out!(term, "{}", String::from_utf8_lossy(&page))?;
    Ok(EXIT_OK)
}

/// Every command, its usage and its arguments as Markdown: the guide's commands page
/// (`docs/src/reference/commands.md`, kept identical by a test), made from the same clap
/// definitions as `--help`, the completions and the manual pages.
pub fn commands_markdown() -> String {
    let mut cmd = Cli::command();
    cmd.build();
    let mut out = String::from(
        "<!-- Generated from the clap definitions (src/cli/) by \
         lairsmith::cli::commands_markdown; do not edit. \
         UPDATE_DOCS=1 cargo test --test it docs:: rewrites it. -->\n\n\
         # Commands\n\n\
         Every command and flag of this version of lairsmith, made from the definitions \
         `lairsmith --help` prints. The same text is in the manual pages (`lairsmith man`, \
         `lairsmith man encounter add`).\n",
    );
    command_markdown(&cmd, &mut out, true);
    out
}

fn command_markdown(cmd: &clap::Command, out: &mut String, top: bool) {
    let name = cmd
        .get_bin_name()
        .unwrap_or_else(|| cmd.get_name())
        .to_owned();
    out.push_str(&format!("\n## {name}\n\n"));
    if let Some(about) = cmd.get_long_about().or_else(|| cmd.get_about()) {
        out.push_str(&format!("{}\n\n", one_paragraph(&about.to_string())));
    }
    let usage = cmd.clone().render_usage().to_string();
    let usage = usage.trim_start_matches("Usage:").trim();
    out.push_str(&format!("```text\n{usage}\n```\n\n"));
    let subs: Vec<&clap::Command> = cmd
        .get_subcommands()
        .filter(|c| c.get_name() != "help" && !c.is_hide_set())
        .collect();
    if !subs.is_empty() {
        out.push_str("Commands:\n\n");
        for s in &subs {
            let anchor = format!("{name} {}", s.get_name()).replace(' ', "-");
            let about = s.get_about().map(|a| a.to_string()).unwrap_or_default();
            out.push_str(&format!(
                "- [`{}`](#{anchor}): {}\n",
                s.get_name(),
                first_sentence(&about)
            ));
        }
        out.push('\n');
    }
    let args: Vec<&clap::Arg> = cmd
        .get_arguments()
        .filter(|a| {
            !a.is_hide_set()
                && !matches!(a.get_id().as_str(), "help" | "version")
                && (top || !a.is_global_set())
        })
        .collect();
    if !args.is_empty() {
        out.push_str("Arguments:\n\n");
        for a in args {
            out.push_str(&format!("- {}", arg_label(a)));
            if let Some(help) = a.get_long_help().or_else(|| a.get_help()) {
                out.push_str(&format!(": {}", one_paragraph(&help.to_string())));
            }
            let values: Vec<String> = a
                .get_possible_values()
                .iter()
                .filter(|v| !v.is_hide_set())
                .map(|v| format!("`{}`", v.get_name()))
                .collect();
            let mut notes = Vec::new();
            if !values.is_empty() && a.get_action().takes_values() {
                notes.push(format!("one of {}", values.join(", ")));
            }
            // A switch's `false` is no default worth saying.
            let switch = matches!(
                a.get_action(),
                clap::ArgAction::SetTrue | clap::ArgAction::SetFalse | clap::ArgAction::Count
            );
            let defaults: Vec<String> = a
                .get_default_values()
                .iter()
                .map(|v| format!("`{}`", v.to_string_lossy()))
                .collect();
            if !defaults.is_empty() && !switch {
                notes.push(format!("default {}", defaults.join(", ")));
            }
            if let Some(env) = a.get_env() {
                notes.push(format!("environment `{}`", env.to_string_lossy()));
            }
            if a.is_required_set() {
                notes.push("required".to_owned());
            }
            if !notes.is_empty() {
                out.push_str(&format!(" ({})", notes.join("; ")));
            }
            out.push('\n');
        }
        out.push('\n');
    }
    if top && let Some(after) = cmd.get_after_help() {
        out.push_str(&format!("{}\n", one_paragraph(&after.to_string())));
    }
    for s in subs {
        command_markdown(s, out, false);
    }
}

/// `--level <LEVEL>`, `-f, --format <FORMAT>`, `<FILE>`, `[COMMAND]...`, in backticks.
fn arg_label(a: &clap::Arg) -> String {
    let value = a
        .get_value_names()
        .map(|v| {
            v.iter()
                .map(|n| format!("<{n}>"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|| format!("<{}>", a.get_id().as_str().to_uppercase()));
    let many = matches!(a.get_action(), clap::ArgAction::Append)
        || a.get_num_args().is_some_and(|n| n.max_values() > 1);
    let value = if many { format!("{value}...") } else { value };
    if a.is_positional() {
        return format!("`{value}`");
    }
    let mut names = Vec::new();
    if let Some(s) = a.get_short() {
        names.push(format!("-{s}"));
    }
    if let Some(l) = a.get_long() {
        names.push(format!("--{l}"));
    }
    let names = names.join(", ");
    if a.get_action().takes_values() {
        format!("`{names} {value}`")
    } else {
        format!("`{names}`")
    }
}

/// The help text on one line: clap's wrapped lines joined, paragraphs kept apart by a space.
/// A `<` outside a code span is written `&lt;`, so no help text opens an HTML tag.
fn one_paragraph(s: &str) -> String {
    let joined = s.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = String::with_capacity(joined.len());
    let mut in_code = false;
    for c in joined.chars() {
        match c {
            '`' => {
                in_code = !in_code;
                out.push(c);
            }
            '<' if !in_code => out.push_str("&lt;"),
            _ => out.push(c),
        }
    }
    out
}

fn first_sentence(s: &str) -> String {
    let s = one_paragraph(s);
    match s.find(". ") {
        Some(i) => s[..=i].to_owned(),
        None => s,
    }
}
