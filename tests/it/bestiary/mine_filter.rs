//! Issue 24: the filter for the user's own monsters, on the command line (`--mine`, for `list`
//! and every command that takes the bestiary's filters).

use crate::common::{lairsmith, stderr, stdout};
use std::path::Path;

/// Saves a monster of the user's named `name` (level 4 skulker) into the data directory.
fn save_own(data: &Path, name: &str) {
    let o = lairsmith(
        data,
        &[
            "new", "--level", "4", "--rank", "standard", "--role", "skulker", "--source",
            "natural", "--type", "beast", "--name", name, "--save",
        ],
    );
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
}

#[test]
fn the_mine_filter_hides_the_shipped_monsters() {
    let data = tempfile::tempdir().unwrap();
    save_own(data.path(), "Bog Lantern");
    save_own(data.path(), "Reed Stalker");
    let ids = lairsmith(data.path(), &["list", "--mine", "--ids"]);
    assert!(ids.status.success(), "{}", stderr(&ids));
    assert_eq!(stdout(&ids), "bog-lantern\nreed-stalker\n");
    // Without it, the shipped monsters are there too.
    let all = stdout(&lairsmith(data.path(), &["list", "--ids"]));
    assert!(
        all.lines().count() > 2 && all.contains("aphelion-maw"),
        "{all}"
    );
    // With the other filters and a search, as one conjunction.
    let table = stdout(&lairsmith(data.path(), &["list", "reed", "--mine"]));
    assert!(
        table.contains("Reed Stalker") && table.contains("(yours)"),
        "{table}"
    );
    assert!(!table.contains("Bog Lantern"), "{table}");
    let json = stdout(&lairsmith(
        data.path(),
        &["list", "--mine", "--role", "skulker", "--format", "json"],
    ));
    let rows: serde_json::Value = serde_json::from_str(&json).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2, "{json}");
    assert!(rows.iter().all(|r| r["origin"] == "yours"), "{json}");
}

#[test]
fn the_mine_filter_on_an_empty_bestiary_lists_nothing() {
    let data = tempfile::tempdir().unwrap();
    let o = lairsmith(data.path(), &["list", "--mine"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "No monster matches.\n");
}

#[test]
fn the_generator_with_the_mine_filter_uses_only_your_monsters() {
    let data = tempfile::tempdir().unwrap();
    save_own(data.path(), "Bog Lantern");
    let o = lairsmith(
        data.path(),
        &[
            "encounter",
            "generate",
            "--party",
            "4x4",
            "--mine",
            "--seed",
            "7",
            "--format",
            "yaml",
        ],
    );
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    let file = stdout(&o);
    let monsters: Vec<&str> = file
        .lines()
        .filter_map(|l| l.trim_start_matches("- ").trim().strip_prefix("monster: "))
        .collect();
    assert!(!monsters.is_empty(), "{file}");
    assert!(monsters.iter().all(|m| *m == "bog-lantern"), "{file}");
    assert!(
        file.contains("yours only"),
        "the record names the filter: {file}"
    );
}
