//! `lairsmith restore`: a deleted monster back from the trash, or `--list` of what it holds.

use super::out::{Terminal, outln};
use super::{CmdResult, DataDir, EXIT_OK, Failure};
use clap::Args;
use lairsmith_core::store::trash;

#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// The id of the deleted monster (its newest copy in the trash is restored).
    #[arg(required_unless_present = "list")]
    pub id: Option<String>,
    /// List what the trash holds, newest first.
    #[arg(long)]
    pub list: bool,
}

pub fn run(data: &DataDir, a: RestoreArgs, term: &mut Terminal) -> CmdResult {
    if a.list {
        let items = trash::list(&data.root);
        if items.is_empty() {
            outln!(term, "The trash is empty.")?;
        }
        for t in items {
            let days = (std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs())
                .saturating_sub(t.deleted_at))
                / 86_400;
            outln!(
                term,
                "{}  deleted {days} day(s) ago  {}",
                t.id,
                t.path.display()
            )?;
        }
        return Ok(EXIT_OK);
    }
    let id = a.id.unwrap_or_default();
    // The id must still be free among the shipped monsters and yours.
    let b = data.load_bestiary();
    if let Some(e) = b.get(&id) {
        return Err(Failure(format!(
            "the id `{id}` is in use again ({}); rename that monster first",
            e.path.display()
        )));
    }
    let path = trash::restore(&data.root, &data.bestiary(), &id)?;
    outln!(term, "{}", path.display())?;
    Ok(EXIT_OK)
}
