//! The settings file: key bindings by action name and the colour theme.
//!
//! The UI owns the table of actions (names, contexts, default keys) and passes it in as a
//! [`Schema`]; this module reads a file against it, merges it over the defaults, and refuses
//! anything it does not understand with the file, line and column, so that a typo never turns
//! into a silently ignored setting.

mod render;
mod theme;

pub use render::render_defaults;
pub use theme::{Base, Colour, ColourError, NamedColour, Theme, colour_forms};

use crate::keyspec::KeySpec;
use lairsmith_core::vocab::{UnknownValue, Vocabulary};
use lairsmith_core::yaml_io::tree::{self, Kind, Node};
use lairsmith_core::yaml_io::{self, FileError, MAX_FILE_BYTES};
use std::collections::{BTreeMap, HashMap};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// Every problem of a settings file, each `PATH:LINE:COL: message` (line and column when the
/// file has them), in the order of the file: one run of `lairsmith config` lists them all, so a
/// user fixes the file once rather than once per mistake. Never empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    /// Each problem, located in the file where it can be, in file order.
    pub problems: Vec<FileError>,
}

impl From<FileError> for ConfigError {
    fn from(e: FileError) -> ConfigError {
        ConfigError { problems: vec![e] }
    }
}

/// One problem a line.
impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ConfigError {}

/// What a settings file may name: every action, and the colour slots of a theme.
#[derive(Debug, Clone)]
pub struct Schema<'a> {
    /// Every action: its config name, the contexts it is bound in, and its default keys.
    pub actions: &'a [ActionSchema<'a>],
    /// The colour slots a theme may set (e.g. "accent", "error", "dim", ...).
    pub colour_slots: &'a [&'a str],
    /// Keys that always do one thing (Ctrl-C quits), which the file cannot give another action.
    pub reserved: &'a [Reserved<'a>],
}

/// A key the UI keeps for one action whatever the settings say.
#[derive(Debug, Clone)]
pub struct Reserved<'a> {
    /// The key kept.
    pub key: KeySpec,
    /// The one action that may list it (listing it there changes nothing).
    pub action: &'a str,
    /// What it is kept for, after "reserved for" ("quitting").
    pub purpose: &'a str,
    /// Why, as a sentence naming the key ("Ctrl-C always quits, ..."), for the message and the
    /// default file's comment.
    pub why: &'a str,
}

/// One action the keys can trigger.
#[derive(Debug, Clone)]
pub struct ActionSchema<'a> {
    /// The name the settings file uses (`quit`, `next_step`).
    pub name: &'a str,
    /// Where the action's keys are read (`bestiary`, `forge`, ...). Two actions that share a
    /// context cannot share a key.
    pub contexts: &'a [&'a str],
    /// Its keys when the settings file does not list its own.
    pub defaults: Vec<KeySpec>,
    /// One line for the default file's comment.
    pub description: &'a str,
}

/// The settings in force: the defaults with the file's changes merged in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Every action of the schema and its keys (the file's list where it gives one).
    pub bindings: BTreeMap<String, Vec<KeySpec>>,
    /// The colour theme: the file's `theme:`, else the dark one.
    pub theme: Theme,
}

impl Config {
    /// The keys of `action`; none for a name the schema does not have.
    pub fn keys(&self, action: &str) -> &[KeySpec] {
        self.bindings.get(action).map_or(&[], Vec::as_slice)
    }
}

/// Two actions that share a context and a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The key both actions have.
    pub key: KeySpec,
    /// The first context the two actions share.
    pub context: String,
    /// The two actions, in schema order.
    pub actions: [String; 2],
}

/// The settings when there is no file: every action's default keys, the dark theme.
pub fn defaults(schema: &Schema) -> Config {
    Config {
        bindings: schema
            .actions
            .iter()
            .map(|a| (a.name.to_owned(), a.defaults.clone()))
            .collect(),
        theme: Theme::default(),
    }
}

/// Every pair of actions in `bindings` that share a context and a key, in schema order. The UI
/// checks its own default table with this: `parse` reports only conflicts the file causes.
pub fn conflicts(schema: &Schema, bindings: &BTreeMap<String, Vec<KeySpec>>) -> Vec<Conflict> {
    let keys = |name: &str| bindings.get(name).map_or(&[][..], Vec::as_slice);
    let mut found = Vec::new();
    for (i, a) in schema.actions.iter().enumerate() {
        for b in &schema.actions[i + 1..] {
            let Some(context) = a.contexts.iter().find(|c| b.contexts.contains(c)) else {
                continue;
            };
            for key in keys(a.name) {
                if keys(b.name).contains(key) {
                    found.push(Conflict {
                        key: *key,
                        context: (*context).to_owned(),
                        actions: [a.name.to_owned(), b.name.to_owned()],
                    });
                }
            }
        }
    }
    found
}

/// Reads the settings file at `path`. A missing file is the defaults; any other problem is an
/// error, and the caller (the UI) starts with the defaults and shows the message. The file is
/// read as every other file is: only a regular file, never blocking on a FIFO, at most
/// [`MAX_FILE_BYTES`], UTF-8, and through the YAML guard, so a hostile file cannot hang
/// lairsmith or exhaust its memory.
pub fn load(path: &Path, schema: &Schema) -> Result<Config, ConfigError> {
    let cannot =
        |e: std::io::Error| FileError::new(path, format!("cannot read the settings file: {e}"));
    let mut file = match lairsmith_core::store::open_regular(path) {
        Ok((file, _)) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(defaults(schema)),
        Err(e) => return Err(cannot(e).into()),
    };
    let bytes = lairsmith_core::store::read_at_most(&mut file, MAX_FILE_BYTES)
        .map_err(cannot)?
        .ok_or_else(|| {
            FileError::new(
                path,
                format!(
                    "the settings file is larger than {MAX_FILE_BYTES} bytes, the most lairsmith reads"
                ),
            )
        })?;
    parse(yaml_io::utf8_text(&bytes, path)?, path, schema)
}

/// `$XDG_CONFIG_HOME/lairsmith/config.yaml` if `XDG_CONFIG_HOME` is set and absolute, else
/// `lairsmith/config.yaml` in the platform's config directory (the CLI passes
/// `dirs::config_dir()`). `None` if neither is known.
pub fn default_path(platform_config_dir: Option<&Path>) -> Option<PathBuf> {
    path_from(
        std::env::var_os("XDG_CONFIG_HOME").as_deref(),
        platform_config_dir,
    )
}

/// [`default_path`] with the value of `XDG_CONFIG_HOME` given. A relative value is ignored, as
/// the XDG base directory specification requires.
pub fn path_from(
    xdg_config_home: Option<&OsStr>,
    platform_config_dir: Option<&Path>,
) -> Option<PathBuf> {
    let dir = xdg_config_home
        .map(Path::new)
        .filter(|p| p.is_absolute())
        .or(platform_config_dir)?;
    Some(dir.join("lairsmith").join("config.yaml"))
}

/// The top-level keys of the file.
const SECTIONS: &[&str] = &["keys", "theme"];

/// Where each problem goes as it is found: the file is read to its end, so that every problem
/// is reported in one run, and a part with a problem is left at its default.
type Problems = Vec<FileError>;

/// Reads the settings in `text` (the contents of `path`) over the defaults of `schema`. Every
/// problem is reported, in the order of the file; only a file that cannot be read as YAML at
/// all stops at its first.
pub fn parse(text: &str, path: &Path, schema: &Schema) -> Result<Config, ConfigError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.len() > MAX_FILE_BYTES {
        return Err(FileError::new(
            path,
            format!(
                "the settings file is {} bytes; lairsmith reads files of at most {MAX_FILE_BYTES} bytes",
                text.len()
            ),
        )
        .into());
    }
    let mut config = defaults(schema);
    let Some(root) = tree::read(text, path)? else {
        return Ok(config);
    };
    if root.is_null() {
        return Ok(config);
    }
    let Kind::Map(pairs) = &root.kind else {
        return Err(root
            .error(
                path,
                format!(
                    "the settings file holds {}; it must be a mapping with `keys:` and `theme:`",
                    root.what()
                ),
            )
            .into());
    };
    let mut problems = Problems::new();
    // Where the file binds each key of each action, to point at it if the key conflicts.
    let mut placed: HashMap<(String, KeySpec), (usize, usize)> = HashMap::new();
    for (name, key, value) in entries(pairs, path, "the settings file", &mut problems) {
        match name {
            "keys" => read_keys(value, path, schema, &mut config, &mut placed, &mut problems),
            "theme" => config.theme = read_theme(value, path, schema, &mut problems),
            _ => problems.push(key.error(path, unknown("setting", name, SECTIONS.iter().copied()))),
        }
    }
    check_conflicts(schema, &config, &placed, path, &mut problems);
    if problems.is_empty() {
        return Ok(config);
    }
    // In the order of the file; the sort is stable, so problems at one place keep theirs.
    problems.sort_by_key(|p| (p.line.unwrap_or(0), p.column.unwrap_or(0)));
    Err(ConfigError { problems })
}

/// "unknown action `quitt` (did you mean `quit`?); valid values: ...".
fn unknown<'a>(
    field: &'static str,
    given: &str,
    valid: impl IntoIterator<Item = &'a str>,
) -> String {
    UnknownValue::new(field, given, valid).to_string()
}

/// The pairs of a mapping as (key text, key node, value), leaving out (as problems) a key that
/// is not a plain word and a key given twice.
fn entries<'n>(
    pairs: &'n [(Node, Node)],
    path: &Path,
    within: &str,
    problems: &mut Problems,
) -> Vec<(&'n str, &'n Node, &'n Node)> {
    let mut seen: HashMap<&str, &Node> = HashMap::new();
    let mut out = Vec::with_capacity(pairs.len());
    for (key, value) in pairs {
        let Kind::Scalar { value: name, .. } = &key.kind else {
            problems.push(key.error(
                path,
                format!("a key in {within} is {}, not a name", key.what()),
            ));
            continue;
        };
        if let Some(first) = seen.get(name.as_str()) {
            problems.push(key.error(
                path,
                format!(
                    "`{name}` is given twice in {within} (first at line {})",
                    first.line
                ),
            ));
            continue;
        }
        seen.insert(name, key);
        out.push((name.as_str(), key, value));
    }
    out
}

fn read_keys(
    node: &Node,
    path: &Path,
    schema: &Schema,
    config: &mut Config,
    placed: &mut HashMap<(String, KeySpec), (usize, usize)>,
    problems: &mut Problems,
) {
    if node.is_null() {
        return;
    }
    let Kind::Map(pairs) = &node.kind else {
        problems.push(node.error(
            path,
            format!(
                "`keys` holds {}; it must map action names to lists of keys, such as `quit: [\"q\"]`",
                node.what()
            ),
        ));
        return;
    };
    for (name, key, value) in entries(pairs, path, "`keys`", problems) {
        if !schema.actions.iter().any(|a| a.name == name) {
            let mut msg = unknown("action", name, schema.actions.iter().map(|a| a.name));
            msg.push_str(" (`lairsmith config --defaults` lists them with what they do)");
            problems.push(key.error(path, msg));
            continue;
        }
        let items: Vec<&Node> = match &value.kind {
            Kind::Seq(items) => items.iter().collect(),
            Kind::Scalar { .. } if !value.is_null() => vec![value],
            _ => Vec::new(),
        };
        if items.is_empty() {
            let hint = if value.is_null() {
                " (to bind `~`, write it in quotes: `[\"~\"]`)"
            } else {
                ""
            };
            problems.push(value.error(
                path,
                format!(
                    "`{name}` has no keys; give it a list of at least one, such as `{name}: [\"q\"]`{hint}"
                ),
            ));
            continue;
        }
        let mut keys: Vec<KeySpec> = Vec::with_capacity(items.len());
        for item in items {
            if let Some(spec) = read_key(item, name, &keys, path, schema, problems) {
                placed.insert((name.to_owned(), spec), (item.line, item.column));
                keys.push(spec);
            }
        }
        // An action whose every key was refused keeps its default ones, so that its problems
        // are reported once and not again as conflicts.
        if !keys.is_empty() {
            config.bindings.insert(name.to_owned(), keys);
        }
    }
}

/// One key of `action`'s list, or `None` (and a problem) if it is not a key, repeats one of
/// `before`, or is reserved for another action.
fn read_key(
    item: &Node,
    action: &str,
    before: &[KeySpec],
    path: &Path,
    schema: &Schema,
    problems: &mut Problems,
) -> Option<KeySpec> {
    let Kind::Scalar { value: text, .. } = &item.kind else {
        problems.push(item.error(
            path,
            format!(
                "a key of `{action}` is {}; write each key as text in quotes, such as \"Ctrl-s\"",
                item.what()
            ),
        ));
        return None;
    };
    let spec: KeySpec = match text.parse() {
        Ok(spec) => spec,
        Err(e) => {
            problems.push(item.error(path, format!("`{text}` for `{action}` is not a key: {e}")));
            return None;
        }
    };
    if let Some(same) = before.iter().find(|k| **k == spec) {
        problems.push(item.error(
            path,
            format!("`{text}` for `{action}` is the same key as `{same}` before it"),
        ));
        return None;
    }
    if let Some(r) = schema
        .reserved
        .iter()
        .find(|r| r.key == spec && r.action != action)
    {
        problems.push(item.error(
            path,
            format!(
                "`{text}` for `{action}` is reserved for {}: {}; give `{action}` another key",
                r.purpose, r.why
            ),
        ));
        return None;
    }
    Some(spec)
}

fn read_theme(node: &Node, path: &Path, schema: &Schema, problems: &mut Problems) -> Theme {
    let mut theme = Theme::default();
    match &node.kind {
        _ if node.is_null() => {}
        Kind::Scalar { value, .. } => match Base::parse(value) {
            Ok(base) => theme.base = base,
            Err(e) => problems.push(node.error(path, theme::base_error(&e))),
        },
        Kind::Seq(_) => problems.push(node.error(
            path,
            "`theme` holds a list; it must be `dark`, `light`, or a mapping with `base:` and `colours:`",
        )),
        Kind::Map(pairs) => {
            let mut colours_key: Option<&str> = None;
            for (name, key, value) in entries(pairs, path, "`theme`", problems) {
                match name {
                    "base" => {
                        let Kind::Scalar { value: word, .. } = &value.kind else {
                            problems.push(value.error(
                                path,
                                format!(
                                    "`base` holds {}; it must be `dark` or `light`",
                                    value.what()
                                ),
                            ));
                            continue;
                        };
                        match Base::parse(word) {
                            Ok(base) => theme.base = base,
                            Err(e) => problems.push(value.error(path, theme::base_error(&e))),
                        }
                    }
                    "colours" | "colors" => {
                        if let Some(other) = colours_key {
                            problems.push(key.error(
                                path,
                                format!("`theme` has both `{other}` and `{name}`; keep one"),
                            ));
                            continue;
                        }
                        colours_key = Some(name);
                        theme.colours = read_colours(value, name, path, schema, problems);
                    }
                    _ => problems.push(key.error(
                        path,
                        unknown("theme setting", name, ["base", "colours", "colors"]),
                    )),
                }
            }
        }
    }
    theme
}

fn read_colours(
    node: &Node,
    field: &str,
    path: &Path,
    schema: &Schema,
    problems: &mut Problems,
) -> BTreeMap<String, Colour> {
    let mut colours = BTreeMap::new();
    if node.is_null() {
        return colours;
    }
    let Kind::Map(pairs) = &node.kind else {
        problems.push(node.error(
            path,
            format!(
                "`{field}` holds {}; it must map slots to colours, such as `{{accent: \"#ff8800\"}}`",
                node.what()
            ),
        ));
        return colours;
    };
    for (slot, key, value) in entries(pairs, path, &format!("`{field}`"), problems) {
        if !schema.colour_slots.contains(&slot) {
            problems.push(key.error(
                path,
                unknown("colour slot", slot, schema.colour_slots.iter().copied()),
            ));
            continue;
        }
        let colour = match &value.kind {
            // `accent: #ff8800` is `accent:` and a comment: say so rather than "no colour".
            _ if value.is_null() => Err(format!(
                "`{slot}` has no colour; write a hex colour in quotes (`\"#ff8800\"`), as `#` starts a comment in YAML"
            )),
            Kind::Scalar { value: text, .. } => text.parse::<Colour>().map_err(|e| e.to_string()),
            _ => Err(format!(
                "`{slot}` holds {}; {}",
                value.what(),
                colour_forms()
            )),
        };
        match colour {
            Ok(c) => {
                colours.insert(slot.to_owned(), c);
            }
            Err(m) => problems.push(value.error(path, m)),
        }
    }
    colours
}

/// Reports every conflict that a key from the file causes, at the binding that causes it.
fn check_conflicts(
    schema: &Schema,
    config: &Config,
    placed: &HashMap<(String, KeySpec), (usize, usize)>,
    path: &Path,
    problems: &mut Problems,
) {
    let at = |action: &str, key: KeySpec| placed.get(&(action.to_owned(), key)).copied();
    for c in conflicts(schema, &config.bindings) {
        let [a, b] = &c.actions;
        let Some((line, column)) = at(a, c.key).max(at(b, c.key)) else {
            continue;
        };
        let mut msg = format!(
            "`{}` is bound to both `{a}` and `{b}`, which share the `{}` context; give one of them another key",
            c.key, c.context
        );
        for action in [a, b] {
            if at(action, c.key).is_none() {
                msg.push_str(&format!(
                    " (`{action}` has it by default: rebind `{action}` too, or pick a free key)"
                ));
            }
        }
        problems.push(FileError::new(path, msg).at(line, column));
    }
}
