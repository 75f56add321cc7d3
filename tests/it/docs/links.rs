//! Every relative link of README.md, CONTRIBUTING.md and the guide leads to a file, and every `#anchor` to a
//! heading of its page (mdBook's ids: the heading's text in lower case, punctuation dropped,
//! spaces made hyphens, a repeated one numbered); every page under docs/src is in SUMMARY.md.

use super::{guide_pages, root};
use pulldown_cmark::{Event, Parser, Tag, TagEnd};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// A page's text with mdBook's `{{#include FILE}}` lines replaced by the file.
fn expanded(file: &Path) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    let mut out = String::new();
    for line in text.lines() {
        if let Some(inc) = line
            .trim()
            .strip_prefix("{{#include ")
            .and_then(|l| l.strip_suffix("}}"))
        {
            let target = file.parent().unwrap().join(inc.trim());
            out.push_str(&std::fs::read_to_string(&target).unwrap_or_else(|e| {
                panic!("{} includes {}: {e}", file.display(), target.display())
            }));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// mdBook's id of a heading.
fn anchor(heading: &str) -> String {
    heading
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c.to_ascii_lowercase())
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect::<String>()
        .to_lowercase()
}

/// The anchors of a page's headings and the links it holds.
fn read(file: &Path) -> (HashSet<String>, Vec<String>) {
    let text = expanded(file);
    let mut anchors = HashSet::new();
    let mut links = Vec::new();
    let mut heading: Option<String> = None;
    for ev in Parser::new(&text) {
        match ev {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::End(TagEnd::Heading(_)) => {
                let base = anchor(&heading.take().unwrap());
                let mut id = base.clone();
                let mut n = 1;
                while anchors.contains(&id) {
                    id = format!("{base}-{n}");
                    n += 1;
                }
                anchors.insert(id);
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::Start(Tag::Link { dest_url, .. }) => links.push(dest_url.to_string()),
            _ => {}
        }
    }
    (anchors, links)
}

fn documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md"), root().join("CONTRIBUTING.md")];
    files.extend(guide_pages());
    files
}

#[test]
fn every_link_and_anchor_resolves() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in documents() {
        let (own, links) = read(&file);
        let name = file.strip_prefix(root()).unwrap().display().to_string();
        for link in links {
            if link.contains("://") || link.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (path, frag) = match link.split_once('#') {
                Some((p, f)) => (p, Some(f)),
                None => (link.as_str(), None),
            };
            let target = if path.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(path)
            };
            if !target.exists() {
                problems.push(format!("{name}: `{link}` leads to no file"));
                continue;
            }
            if let Some(frag) = frag {
                let anchors = if path.is_empty() {
                    own.clone()
                } else if target.extension().is_some_and(|e| e == "md") {
                    read(&target).0
                } else {
                    problems.push(format!(
                        "{name}: `{link}` has an anchor into a file that is not a page"
                    ));
                    continue;
                };
                if !anchors.contains(frag) {
                    problems.push(format!("{name}: `{link}`: no heading has the id `{frag}`"));
                }
            }
        }
    }
    assert!(checked > 40, "only {checked} links checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_page_is_in_the_table_of_contents() {
    let src = root().join("docs/src");
    let (_, links) = read(&src.join("SUMMARY.md"));
    let listed: HashSet<PathBuf> = links.iter().map(|l| src.join(l)).collect();
    for l in &listed {
        assert!(
            l.exists(),
            "SUMMARY.md lists {}, which is missing",
            l.display()
        );
    }
    for page in guide_pages() {
        if page.ends_with("SUMMARY.md") {
            continue;
        }
        assert!(
            listed.contains(&page),
            "{} is not in docs/src/SUMMARY.md",
            page.display()
        );
    }
}

/// The README is the front door: it stays short, and leads into the guide.
#[test]
fn the_readme_is_short_and_links_the_guide() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= 320,
        "README.md has {lines} lines; the guide holds the rest"
    );
    assert!(
        readme.contains("](docs/src/"),
        "README.md links no guide page"
    );
}
