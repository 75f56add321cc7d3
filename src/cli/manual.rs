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
