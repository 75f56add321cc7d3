//! Issue "one treasure method everywhere": the encounter file keeps its treasure method (T1),
//! and every sheet and export of it, and the end of its fight, name that treasure.

use crate::common::adventure_data::{Data, ok};
use crate::common::{stderr, stdout};

const ITEMS_ONLY: &str = "magic item only: nothing from this encounter";
const E5_AVERAGE: &str = "Treasure per character";

#[test]
fn one_treasure_method_everywhere_every_export_names_the_encounters_method() {
    let d = Data::new();
    d.encounter("ford", &[(5, "standard", 3)]);
    ok(&d.run(&["encounter", "set", "ford", "--treasure", "items-only"]));
    assert!(
        d.read("encounters/ford.yaml")
            .contains("treasure: items-only\n")
    );
    for format in ["md", "html", "obsidian", "text"] {
        let out = stdout(&d.run(&["encounter", "export", "ford", "--format", format]));
        assert!(out.contains(ITEMS_ONLY), "{format}: {out}");
        assert!(!out.contains(E5_AVERAGE), "{format}: {out}");
    }
    let check = stdout(&d.run(&["encounter", "check", "ford"]));
    assert!(check.contains(ITEMS_ONLY), "{check}");
    // --treasure still shows another method, for every format alike.
    for format in ["md", "obsidian"] {
        let out = stdout(&d.run(&[
            "encounter",
            "export",
            "ford",
            "--format",
            format,
            "--treasure",
            "troves",
        ]));
        assert!(out.contains("treasure troves"), "{format}: {out}");
    }
    // The fight's end rolls the encounter's treasure.
    ok(&d.run(&["fight", "start", "ford", "--seed", "2"]));
    let end = stdout(&d.run(&["fight", "end", "ford", "--all"]));
    assert!(end.contains("Magic item only (T1)"), "{end}");
    assert!(!end.contains("no method chosen"), "{end}");
    // `none` goes back to the book's average gold.
    ok(&d.run(&["encounter", "set", "ford", "--treasure", "none"]));
    assert!(!d.read("encounters/ford.yaml").contains("treasure:"));
    let out = stdout(&d.run(&["encounter", "export", "ford", "--format", "obsidian"]));
    assert!(out.contains(E5_AVERAGE), "{out}");
}

/// T1 is the Orcus rulebook's: a 3rd-edition encounter refuses it, from the command line and in
/// its file (which its schema refuses too).
#[test]
fn one_treasure_method_everywhere_a_3rd_edition_encounter_has_none() {
    let d = Data::new();
    let third = "kind: encounter\nschema_version: 1\nsystem: d20-3e\nname: Third\nparty: {size: 4, level: 3}\ngroups:\n- cr: 3\n  count: 1\n";
    d.write("encounters/third.yaml", third);
    let o = d.run(&["encounter", "set", "third", "--treasure", "steady"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "lairsmith: treasure is the Orcus rulebook's (Distributing Magic Items); this is a 3rd-edition encounter (`system: d20-3e`)\n"
    );
    let with = third.replace("name: Third\n", "name: Third\ntreasure: steady\n");
    d.write("encounters/third.yaml", &with);
    let o = d.run(&["encounter", "check", "third"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("third.yaml:5:1: `treasure` is the Orcus rulebook's (Distributing Magic Items); this file is a 3rd-edition encounter (`system: d20-3e`)"),
        "{}",
        stderr(&o)
    );
    let schema = lairsmith_core::schema::schema_for(lairsmith_core::schema::FileKind::Encounter);
    let v = jsonschema::validator_for(&schema).unwrap();
    let doc: serde_json::Value = yaml_serde::from_str(&with).unwrap();
    assert!(
        !v.is_valid(&doc),
        "the schema refuses what the reader refuses"
    );
    let orcus: serde_json::Value = yaml_serde::from_str(
        "kind: encounter\nschema_version: 1\nname: O\nparty: {size: 4, level: 3}\ntreasure: troves\n",
    )
    .unwrap();
    assert!(v.is_valid(&orcus));
}
