//! Embeds `bestiary/` and `templates/` in the binary, so lairsmith runs from anywhere.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // The shipped files live at the top of the repository, beside this crate's directory.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest)
        .parent()
        .expect("lairsmith-core sits inside the repository")
        .to_path_buf();
    let mut out = String::new();
    for (konst, dir) in [
        ("BESTIARY_FILES", "bestiary"),
        ("TEMPLATE_FILES", "templates"),
        ("MONSTER_TEMPLATE_FILES", "templates/monster"),
    ] {
        println!("cargo:rerun-if-changed={}", root.join(dir).display());
        let mut files = Vec::new();
        collect(&root.join(dir), &mut files);
        files.sort();
        let ids: Vec<String> = files.iter().map(|f| id_line(f)).collect();
        writeln!(
            out,
            "/// `{dir}/*.yaml`, as (path relative to the repository, contents)."
        )
        .unwrap();
        writeln!(out, "pub static {konst}: &[(&str, &str)] = &[").unwrap();
        for f in files {
            let rel = f
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            println!("cargo:rerun-if-changed={}", f.display());
            writeln!(
                out,
                "    ({rel:?}, include_str!({:?})),",
                f.display().to_string()
            )
            .unwrap();
        }
        writeln!(out, "];").unwrap();
        if konst == "BESTIARY_FILES" {
            shipped_ids(&ids, &mut out);
        }
    }
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("embedded.rs");
    std::fs::write(dest, out).unwrap();
}

fn collect(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_file() && p.extension().is_some_and(|x| x == "yaml") {
            files.push(p);
        }
    }
}

/// The `id:` of a shipped monster file, read from its top-level line (the shipped files are
/// lairsmith's own, written by `lairsmith fmt`; a test checks these against the parsed ids).
fn id_line(f: &Path) -> String {
    let text = std::fs::read_to_string(f).unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix("id:"))
        .map(|v| v.trim().trim_matches(['"', '\'']).to_owned())
        .unwrap_or_default()
}

/// `SHIPPED_IDS`: each shipped monster's id with its place in `BESTIARY_FILES`, sorted by id,
/// so a command naming one monster finds it without parsing the others.
fn shipped_ids(ids: &[String], out: &mut String) {
    let mut pairs: Vec<(&str, usize)> = ids.iter().map(String::as_str).zip(0..).collect();
    pairs.sort();
    writeln!(
        out,
        "/// The shipped monsters' ids, sorted, with their index in `BESTIARY_FILES`."
    )
    .unwrap();
    writeln!(out, "pub static SHIPPED_IDS: &[(&str, usize)] = &[").unwrap();
    for (id, i) in pairs {
        writeln!(out, "    ({id:?}, {i}),").unwrap();
    }
    writeln!(out, "];").unwrap();
}
