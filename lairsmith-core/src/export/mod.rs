//! Exports of a stat block: `yaml` (the resolved numbers, for tools), `md` (Markdown that pastes
//! into GitHub, Obsidian and forums) and `text` (a plain terminal). Markdown and text render the
//! one layout in [`doc`]; both come out with control characters escaped
//! ([`crate::text::escape_controls`]), since they are read in a terminal or an editor. Only the
//! Markdown escapes the monster's text for CommonMark ([`md`]).

pub mod doc;
pub mod fight;
pub mod foundry;
pub mod html;
pub mod md;
pub mod sheet;
pub mod statblock_md;
pub mod table;

use crate::monster::StatBlock;
use doc::{Block, Span, layout};

/// The export formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The resolved stat block as YAML, every derived number written out, for tools.
    Yaml,
    /// Markdown that pastes into GitHub, Obsidian and forums ([`md`]).
    Markdown,
    /// Plain text for a terminal.
    Text,
    /// A printable HTML document ([`html`]).
    Html,
    /// An actor for Foundry VTT's dnd4e system ([`foundry`]).
    Foundry,
    /// A Fantasy Statblocks block for Obsidian ([`statblock_md`]).
    Statblock,
    /// The same fields as [`Format::Yaml`], for `jq` and scripts.
    Json,
}

/// The words for the formats, as the command line shows them.
const FORMAT_WORDS: [&str; 7] = ["yaml", "md", "text", "html", "foundry", "statblock", "json"];

/// A word that names no export format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown format `{given}`{}; valid formats: yaml, md, text, html, foundry, statblock, json",
    did_you_mean(given)
)]
pub struct UnknownFormat {
    /// The word as given, in lower case.
    pub given: String,
}

fn did_you_mean(given: &str) -> String {
    crate::vocab::did_you_mean(crate::vocab::closest(given, FORMAT_WORDS))
}

impl std::str::FromStr for Format {
    type Err = UnknownFormat;

    /// `yaml`/`yml`, `md`/`markdown`, `text`/`txt` or `html`/`htm`, in any case.
    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        match s.to_ascii_lowercase().as_str() {
            "yaml" | "yml" => Ok(Format::Yaml),
            "md" | "markdown" => Ok(Format::Markdown),
            "text" | "txt" => Ok(Format::Text),
            "html" | "htm" => Ok(Format::Html),
            "foundry" => Ok(Format::Foundry),
            "statblock" => Ok(Format::Statblock),
            "json" => Ok(Format::Json),
            other => Err(UnknownFormat {
                given: other.to_owned(),
            }),
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Format::Yaml => FORMAT_WORDS[0],
            Format::Markdown => FORMAT_WORDS[1],
            Format::Text => FORMAT_WORDS[2],
            Format::Html => FORMAT_WORDS[3],
            Format::Foundry => FORMAT_WORDS[4],
            Format::Statblock => FORMAT_WORDS[5],
            Format::Json => FORMAT_WORDS[6],
        })
    }
}

/// The stat block in `format`, the whole file's text (`lairsmith show ID --format`).
pub fn render(block: &StatBlock, format: Format) -> String {
    match format {
        Format::Yaml => crate::yaml_io::to_string(block),
        Format::Markdown => markdown(block),
        Format::Text => text(block),
        Format::Html => html::monster(block),
        Format::Foundry => foundry::actor_json(block),
        Format::Statblock => statblock_md::statblock(block),
        Format::Json => {
            let mut s =
                serde_json::to_string_pretty(block).expect("a stat block always serializes");
            s.push('\n');
            s
        }
    }
}

/// Spans as one line of Markdown; prose continues at `indent` (2 in a list item) when it holds
/// line breaks. Leading spaces are dropped: four would make the line a code block.
fn md_spans(spans: &[Span], indent: usize) -> String {
    let line: String = spans
        .iter()
        .map(|s| match s {
            Span::Plain(t) => md::inline(t),
            Span::Bold(t) => md::delimited(t, "**"),
            Span::Italic(t) => md::delimited(t, "*"),
            Span::Prose(t) => md::prose(t, indent),
        })
        .collect();
    match line.trim_start() {
        t if t.len() == line.len() => line,
        t => t.to_owned(),
    }
}

fn plain_spans(spans: &[Span]) -> String {
    spans.iter().map(Span::text).collect()
}

/// Markdown: bulleted lines and no tables. Every list follows a heading or a bold line, and a
/// blank line ends it, so lists never merge (CommonMark).
pub fn markdown(block: &StatBlock) -> String {
    let mut out = String::new();
    let mut in_list = false;
    for b in layout(block) {
        match b {
            Block::Title(t) => out.push_str(&format!("## {}\n", md::inline(&t))),
            Block::Heading(h) => {
                out.push_str(&format!("\n### {}\n", md::inline(&h)));
                in_list = false;
            }
            Block::Line(spans) => {
                if in_list || !out.ends_with("\n\n") {
                    out.push('\n');
                }
                out.push_str(&md_spans(&spans, 0));
                out.push('\n');
                in_list = false;
            }
            Block::Item(spans) => {
                out.push_str(&format!("- {}\n", md_spans(&spans, 2)));
                in_list = true;
            }
        }
    }
    // Read in a terminal or an editor, wherever it is written: see `crate::text`.
    crate::text::escape_string(out)
}

/// Plain text for a terminal: the same lines, no markup.
pub fn text(block: &StatBlock) -> String {
    let mut out = String::new();
    for b in layout(block) {
        match b {
            Block::Title(t) => {
                out.push_str(&t);
                out.push('\n');
            }
            Block::Heading(h) => out.push_str(&format!("\n{}\n", h.to_uppercase())),
            Block::Line(spans) => {
                out.push_str(&plain_spans(&spans));
                out.push('\n');
            }
            Block::Item(spans) => {
                out.push_str(&format!("  {}\n", plain_spans(&spans)));
            }
        }
    }
    crate::text::escape_string(out)
}

/// Writes an export's text to the file the user named, as a whole or not at all: a new file
/// (`Expect::New`, refused if one is there), or over whatever regular file is there
/// (`Expect::Anything`, once the user said so). Never through a link or into a device.
/// Returns the written file's fingerprint.
pub fn write_file(
    path: &std::path::Path,
    contents: &str,
    expect: crate::store::Expect,
) -> Result<crate::store::Fingerprint, crate::store::SaveError> {
    crate::store::save_atomic(path, contents.as_bytes(), expect)
}
