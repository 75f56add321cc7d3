//! Data for scripts: one value written as YAML or as JSON, so that both carry the same fields.

use super::Failure;
use serde::Serialize;

/// A data format of `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Data {
    Yaml,
    Json,
}

/// `value` as YAML (lairsmith's canonical layout) or pretty JSON, ending in a newline.
pub fn render<T: Serialize>(value: &T, format: Data) -> Result<String, Failure> {
    match format {
        Data::Yaml => Ok(lairsmith_core::yaml_io::to_string(value)),
        Data::Json => {
            let mut s = serde_json::to_string_pretty(value)
                .map_err(|e| Failure(format!("cannot write this as JSON: {e}")))?;
            s.push('\n');
            Ok(s)
        }
    }
}

impl super::args::ListFormat {
    /// The data format, or `None` for text.
    pub fn data(self) -> Option<Data> {
        match self {
            super::args::ListFormat::Text => None,
            super::args::ListFormat::Yaml => Some(Data::Yaml),
            super::args::ListFormat::Json => Some(Data::Json),
        }
    }
}

impl super::args::ReportFormat {
    /// The data format, or `None` for text.
    pub fn data(self) -> Option<Data> {
        match self {
            super::args::ReportFormat::Text => None,
            super::args::ReportFormat::Yaml => Some(Data::Yaml),
            super::args::ReportFormat::Json => Some(Data::Json),
        }
    }
}
