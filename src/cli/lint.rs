//! `lairsmith lint`: balance and playability checks over files and directories.

use super::out::{Terminal, outln};
use super::{CmdResult, DataDir, EXIT_FAILURE, EXIT_OK, Failure};
use clap::{Args, ValueEnum};
use lairsmith_core::bestiary::Entry;
use lairsmith_core::monster::block_and_findings;
use lairsmith_core::monster::lint::{Finding, Severity};
use lairsmith_core::monster::load_file;
use lairsmith_core::monster::template::MonsterTemplates;
use lairsmith_core::store::{names_a_file, yaml_files};
use serde::Serialize;
use std::collections::HashMap;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct LintArgs {
    /// Monster files or directories, or monsters' ids [default: your bestiary]. A word that is
    /// a file or directory here is read as one; any other word without a slash or `.yaml` is a
    /// monster's id, as `show` takes it.
    pub paths: Vec<PathBuf>,
    /// Exit 1 on warnings too.
    #[arg(long)]
    pub strict: bool,
    /// Output format: text or json.
    #[arg(long, value_enum, default_value_t = LintFormat::Text)]
    pub format: LintFormat,
}

/// `lint --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LintFormat {
    Text,
    Json,
}

#[derive(Serialize)]
struct FileFindings {
    file: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<String>,
    findings: Vec<Finding>,
}

pub fn run(data: &DataDir, a: LintArgs, term: &mut Terminal) -> CmdResult {
    let roots = if a.paths.is_empty() {
        vec![data.bestiary()]
    } else {
        a.paths.clone()
    };
    let (files, shipped) = targets(data, &roots, a.paths.is_empty())?;
    let templates = MonsterTemplates::load(Some(&data.templates()));
    let mut report: Vec<FileFindings> = Vec::new();
    for e in &templates.errors {
        report.push(FileFindings {
            file: e.path.display().to_string(),
            id: None,
            findings: vec![Finding {
                severity: Severity::Error,
                code: "invalid-template",
                message: match (e.line, e.column) {
                    (Some(l), Some(c)) => format!("line {l}, column {c}: {}", e.message),
                    _ => e.message.clone(),
                },
                departure: None,
            }],
        });
    }
    let mut seen: HashMap<String, PathBuf> = HashMap::new();
    for e in &shipped {
        report.push(FileFindings {
            file: format!("{} (shipped)", e.card.id),
            id: Some(e.card.id.clone()),
            findings: e.findings()?,
        });
    }
    for f in &files {
        let mut ff = FileFindings {
            file: f.display().to_string(),
            id: None,
            findings: Vec::new(),
        };
        match load_file(f) {
            Err(e) => {
                // Reading stops at the first problem; the lint names them all, then what it
                // finds in the rest of the design.
                let text = lairsmith_core::monster::diagnose::fields_text(f);
                let problems = text
                    .as_deref()
                    .map(|t| lairsmith_core::monster::diagnose::all_problems(t, f))
                    .filter(|all| !all.is_empty())
                    .unwrap_or_else(|| vec![e]);
                for e in problems {
                    ff.findings.push(Finding {
                        severity: Severity::Error,
                        code: "invalid-file",
                        message: {
                            let m = super::hint::with_hint(&e.message, e.hint().as_ref());
                            match (e.line, e.column) {
                                (Some(l), Some(c)) => format!("line {l}, column {c}: {m}"),
                                _ => m,
                            }
                        },
                        departure: None,
                    });
                }
                if let Some(t) = text {
                    ff.findings
                        .extend(lairsmith_core::monster::salvage::findings_of_what_parsed(
                            &t, f, &templates,
                        ));
                }
            }
            Ok((design, _)) => {
                ff.findings = block_and_findings(&design, &templates, Some(f)).1;
                if let Some(first) = seen.get(&design.id) {
                    ff.findings.insert(
                        0,
                        Finding {
                            severity: Severity::Error,
                            code: "duplicate-id",
                            message: format!(
                                "the id `{}` is also used by {}",
                                design.id,
                                first.display()
                            ),
                            departure: None,
                        },
                    );
                } else {
                    seen.insert(design.id.clone(), f.clone());
                }
                ff.id = Some(design.id);
            }
        }
        report.push(ff);
    }
    let count = |s: Severity| {
        report
            .iter()
            .flat_map(|r| &r.findings)
            .filter(|f| f.severity == s)
            .count()
    };
    let (errors, warnings) = (count(Severity::Error), count(Severity::Warning));
    if a.format == LintFormat::Json {
        outln!(term, "{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        for r in &report {
            for f in &r.findings {
                let sev = match f.severity {
                    Severity::Error => "error",
                    Severity::Warning => "warning",
                };
                outln!(term, "{}: {sev}[{}]: {}", r.file, f.code, f.message)?;
            }
        }
        outln!(
            term,
            "{} file{} checked: {errors} error{}, {warnings} warning{}",
            files.len() + shipped.len(),
            if files.len() + shipped.len() == 1 {
                ""
            } else {
                "s"
            },
            if errors == 1 { "" } else { "s" },
            if warnings == 1 { "" } else { "s" }
        )?;
    }
    let failed = errors > 0 || (a.strict && warnings > 0);
    Ok(if failed { EXIT_FAILURE } else { EXIT_OK })
}

/// The files to lint under `roots` (a directory's YAML files, a file, a user's monster named by
/// id), and the shipped monsters named by id, which have no file of the user's.
fn targets(
    data: &DataDir,
    roots: &[PathBuf],
    by_default: bool,
) -> Result<(Vec<PathBuf>, Vec<Entry>), Failure> {
    let mut files: Vec<PathBuf> = Vec::new();
    // The shipped monsters named by id: they have no file of the user's to read.
    let mut shipped: Vec<Entry> = Vec::new();
    let mut bestiary = None;
    for root in roots {
        if root.is_dir() {
            files.extend(yaml_files(root)?);
        } else if root.exists() || by_default {
            if root.exists() {
                files.push(root.clone());
            }
        } else if let Some(id) = root.to_str().filter(|w| !names_a_file(w)) {
            let b = bestiary.get_or_insert_with(|| data.load_bestiary());
            let entry = match lairsmith_core::bestiary::saved::resolve_monster(b, id) {
                Ok(entry) => entry,
                // A user's file the listing skipped is what the lint is for: it says every
                // problem.
                Err(lairsmith_core::bestiary::saved::NoMonster::Skipped { why, .. }) => {
                    files.push(why.path.clone());
                    continue;
                }
                Err(e) => return Err(super::no_monster(e)),
            };
            if entry.is_shipped() {
                shipped.push(entry);
            } else {
                files.push(entry.path.clone());
            }
        } else {
            files.push(root.clone());
        }
    }
    Ok((files, shipped))
}
