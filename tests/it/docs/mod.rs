//! The manual: README.md and the guide (`docs/`, an mdBook). The generated reference pages are
//! what the code generates (`generated`), every `console` example runs against the real binary
//! (`examples`, with trycmd), every link and anchor resolves and every page is in the table of
//! contents (`links`). Other modules read the facts of their own pages through [`page`].

mod examples;
pub mod generated;
mod links;

use std::path::{Path, PathBuf};

/// The crate's root.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The text of a page of the guide, by its path under `docs/src/` (`guide/encounters.md`).
pub fn page(path: &str) -> String {
    let file = root().join("docs/src").join(path);
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// The `yaml` code blocks of a page, each without its fences: the example files the manual
/// shows, for the tests that read them as lairsmith would.
pub fn yaml_blocks(text: &str) -> Vec<&str> {
    text.split("```yaml\n")
        .skip(1)
        .map(|b| b.split("```").next().unwrap_or_default())
        .collect()
}

/// README.md and every page of the guide, as (path from the root, text); `docs/RULES.md` too,
/// which the rules page includes.
pub fn documents() -> Vec<(String, String)> {
    let mut files = vec![root().join("README.md"), root().join("docs/RULES.md")];
    files.extend(guide_pages());
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            let name = f.strip_prefix(root()).unwrap().display().to_string();
            (name, text)
        })
        .collect()
}

/// Every `.md` file under `docs/src`, sorted.
pub fn guide_pages() -> Vec<PathBuf> {
    let mut out = Vec::new();
    crate::common::files_under(&root().join("docs/src"), "md", &mut out);
    out.sort();
    out
}
