//! The settings file: key bindings by action name and the colour theme.
//!
//! The UI owns the table of actions (names, contexts, default keys) and passes it in as a
//! [`Schema`]; this module reads a file against it, merges it over the defaults, and refuses
//! anything it does not understand with the file, line and column, so that a typo never turns
//! into a silently ignored setting.

mod render;
mod theme;
mod tree;

pub use render::render_defaults;
pub use theme::{Base, Colour, NamedColour, Theme, colour_forms};

use crate::keyspec::KeySpec;
use crate::vocab::{UnknownValue, Vocabulary};
use crate::yaml_io::{self, FileError, MAX_FILE_BYTES};
use std::collections::{BTreeMap, HashMap};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use tree::{Kind, Node};

/// A problem with the settings file: `PATH:LINE:COL: message` (line and column when the file
/// has them). The same type as every other file's errors.
pub type ConfigError = FileError;

/// What a settings file may name: every action, and the colour slots of a theme.
#[derive(Debug, Clone)]
pub struct Schema<'a> {
    /// Every action: its config name, the contexts it is bound in, and its default keys.
    pub actions: &'a [ActionSchema<'a>],
    /// The colour slots a theme may set (e.g. "accent", "error", "dim", ...).
    pub colour_slots: &'a [&'a str],
}

/// One action the keys can trigger.
#[derive(Debug, Clone)]
pub struct ActionSchema<'a> {
    /// The name the settings file uses (`quit`, `next_step`).
    pub name: &'a str,
    /// Where the action's keys are read (`bestiary`, `forge`, ...). Two actions that share a
    /// context cannot share a key.
    pub contexts: &'a [&'a str],
    pub defaults: Vec<KeySpec>,
    /// One line for the default file's comment.
    pub description: &'a str,
}

/// The settings in force: the defaults with the file's changes merged in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Every action of the schema and its keys (the file's list where it gives one).
    pub bindings: BTreeMap<String, Vec<KeySpec>>,
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
    let mut file = match crate::store::open_regular(path) {
        Ok((file, _)) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(defaults(schema)),
        Err(e) => return Err(cannot(e)),
    };
    let bytes = crate::store::read_at_most(&mut file, MAX_FILE_BYTES)
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

/// Reads the settings in `text` (the contents of `path`) over the defaults of `schema`.
pub fn parse(text: &str, path: &Path, schema: &Schema) -> Result<Config, ConfigError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.len() > MAX_FILE_BYTES {
        return Err(FileError::new(
            path,
            format!(
                "the settings file is {} bytes; lairsmith reads files of at most {MAX_FILE_BYTES} bytes",
                text.len()
            ),
        ));
    }
    let mut config = defaults(schema);
    let Some(root) = tree::read(text, path)? else {
        return Ok(config);
    };
    if root.is_null() {
        return Ok(config);
    }
    let Kind::Map(pairs) = &root.kind else {
        return Err(root.error(
            path,
            format!(
                "the settings file holds {}; it must be a mapping with `keys:` and `theme:`",
                root.what()
            ),
        ));
    };
    // Where the file binds each key of each action, to point at it if the key conflicts.
    let mut placed: HashMap<(String, KeySpec), (usize, usize)> = HashMap::new();
    for (name, key, value) in entries(pairs, path, "the settings file")? {
        match name {
            "keys" => read_keys(value, path, schema, &mut config, &mut placed)?,
            "theme" => config.theme = read_theme(value, path, schema)?,
            _ => {
                return Err(key.error(path, unknown("setting", name, SECTIONS.iter().copied())));
            }
        }
    }
    check_conflicts(schema, &config, &placed, path)?;
    Ok(config)
}

/// "unknown action `quitt` (did you mean `quit`?); valid values: ...".
fn unknown<'a>(
    field: &'static str,
    given: &str,
    valid: impl IntoIterator<Item = &'a str>,
) -> String {
    UnknownValue::new(field, given, valid).to_string()
}

/// The pairs of a mapping as (key text, key node, value), refusing a key that is not a plain
/// word and a key given twice.
fn entries<'n>(
    pairs: &'n [(Node, Node)],
    path: &Path,
    within: &str,
) -> Result<Vec<(&'n str, &'n Node, &'n Node)>, FileError> {
    let mut seen: HashMap<&str, &Node> = HashMap::new();
    let mut out = Vec::with_capacity(pairs.len());
    for (key, value) in pairs {
        let Kind::Scalar { value: name, .. } = &key.kind else {
            return Err(key.error(
                path,
                format!("a key in {within} is {}, not a name", key.what()),
            ));
        };
        if let Some(first) = seen.insert(name, key) {
            return Err(key.error(
                path,
                format!(
                    "`{name}` is given twice in {within} (first at line {})",
                    first.line
                ),
            ));
        }
        out.push((name.as_str(), key, value));
    }
    Ok(out)
}

fn read_keys(
    node: &Node,
    path: &Path,
    schema: &Schema,
    config: &mut Config,
    placed: &mut HashMap<(String, KeySpec), (usize, usize)>,
) -> Result<(), FileError> {
    if node.is_null() {
        return Ok(());
    }
    let Kind::Map(pairs) = &node.kind else {
        return Err(node.error(
            path,
            format!(
                "`keys` holds {}; it must map action names to lists of keys, such as `quit: [\"q\"]`",
                node.what()
            ),
        ));
    };
    for (name, key, value) in entries(pairs, path, "`keys`")? {
        if !schema.actions.iter().any(|a| a.name == name) {
            let mut msg = unknown("action", name, schema.actions.iter().map(|a| a.name));
            msg.push_str(" (`lairsmith config --defaults` lists them with what they do)");
            return Err(key.error(path, msg));
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
            return Err(value.error(
                path,
                format!(
                    "`{name}` has no keys; give it a list of at least one, such as `{name}: [\"q\"]`{hint}"
                ),
            ));
        }
        let mut keys: Vec<KeySpec> = Vec::with_capacity(items.len());
        for item in items {
            let Kind::Scalar { value: text, .. } = &item.kind else {
                return Err(item.error(
                    path,
                    format!(
                        "a key of `{name}` is {}; write each key as text in quotes, such as \"Ctrl-s\"",
                        item.what()
                    ),
                ));
            };
            let spec: KeySpec = text.parse().map_err(|e| {
                item.error(path, format!("`{text}` for `{name}` is not a key: {e}"))
            })?;
            if let Some(same) = keys.iter().find(|k| **k == spec) {
                return Err(item.error(
                    path,
                    format!("`{text}` for `{name}` is the same key as `{same}` before it"),
                ));
            }
            placed.insert((name.to_owned(), spec), (item.line, item.column));
            keys.push(spec);
        }
        config.bindings.insert(name.to_owned(), keys);
    }
    Ok(())
}

fn read_theme(node: &Node, path: &Path, schema: &Schema) -> Result<Theme, FileError> {
    let mut theme = Theme::default();
    match &node.kind {
        _ if node.is_null() => {}
        Kind::Scalar { value, .. } => {
            theme.base = Base::parse(value).map_err(|e| node.error(path, theme::base_error(&e)))?;
        }
        Kind::Seq(_) => {
            return Err(node.error(
                path,
                "`theme` holds a list; it must be `dark`, `light`, or a mapping with `base:` and `colours:`",
            ));
        }
        Kind::Map(pairs) => {
            let mut colours_key: Option<&str> = None;
            for (name, key, value) in entries(pairs, path, "`theme`")? {
                match name {
                    "base" => {
                        let Kind::Scalar { value: word, .. } = &value.kind else {
                            return Err(value.error(
                                path,
                                format!(
                                    "`base` holds {}; it must be `dark` or `light`",
                                    value.what()
                                ),
                            ));
                        };
                        theme.base = Base::parse(word)
                            .map_err(|e| value.error(path, theme::base_error(&e)))?;
                    }
                    "colours" | "colors" => {
                        if let Some(other) = colours_key {
                            return Err(key.error(
                                path,
                                format!("`theme` has both `{other}` and `{name}`; keep one"),
                            ));
                        }
                        colours_key = Some(name);
                        theme.colours = read_colours(value, name, path, schema)?;
                    }
                    _ => {
                        return Err(key.error(
                            path,
                            unknown("theme setting", name, ["base", "colours", "colors"]),
                        ));
                    }
                }
            }
        }
    }
    Ok(theme)
}

fn read_colours(
    node: &Node,
    field: &str,
    path: &Path,
    schema: &Schema,
) -> Result<BTreeMap<String, Colour>, FileError> {
    let mut colours = BTreeMap::new();
    if node.is_null() {
        return Ok(colours);
    }
    let Kind::Map(pairs) = &node.kind else {
        return Err(node.error(
            path,
            format!(
                "`{field}` holds {}; it must map slots to colours, such as `{{accent: \"#ff8800\"}}`",
                node.what()
            ),
        ));
    };
    for (slot, key, value) in entries(pairs, path, &format!("`{field}`"))? {
        if !schema.colour_slots.contains(&slot) {
            return Err(key.error(
                path,
                unknown("colour slot", slot, schema.colour_slots.iter().copied()),
            ));
        }
        let colour = match &value.kind {
            // `accent: #ff8800` is `accent:` and a comment: say so rather than "no colour".
            _ if value.is_null() => Err(format!(
                "`{slot}` has no colour; write a hex colour in quotes (`\"#ff8800\"`), as `#` starts a comment in YAML"
            )),
            Kind::Scalar { value: text, .. } => text.parse::<Colour>(),
            _ => Err(format!(
                "`{slot}` holds {}; {}",
                value.what(),
                colour_forms()
            )),
        };
        colours.insert(slot.to_owned(), colour.map_err(|m| value.error(path, m))?);
    }
    Ok(colours)
}

/// Refuses the first conflict (in file order) that a key from the file causes.
fn check_conflicts(
    schema: &Schema,
    config: &Config,
    placed: &HashMap<(String, KeySpec), (usize, usize)>,
    path: &Path,
) -> Result<(), FileError> {
    let at = |action: &str, key: KeySpec| placed.get(&(action.to_owned(), key)).copied();
    let first = conflicts(schema, &config.bindings)
        .into_iter()
        .filter_map(|c| {
            let [a, b] = &c.actions;
            let here = at(a, c.key).max(at(b, c.key))?;
            Some((here, c))
        })
        .min_by_key(|(here, _)| *here);
    let Some(((line, column), c)) = first else {
        return Ok(());
    };
    let [a, b] = &c.actions;
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
    Err(FileError::new(path, msg).at(line, column))
}
