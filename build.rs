//! Embeds `bestiary/` and `templates/` in the binary, so lairsmith runs from anywhere.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let mut out = String::new();
    for (konst, dir) in [
        ("BESTIARY_FILES", "bestiary"),
        ("TEMPLATE_FILES", "templates"),
        ("MONSTER_TEMPLATE_FILES", "templates/monster"),
    ] {
        println!("cargo:rerun-if-changed={dir}");
        let mut files = Vec::new();
        collect(&Path::new(&root).join(dir), &mut files);
        files.sort();
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
