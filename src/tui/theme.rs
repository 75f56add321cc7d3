//! Colours and styles, in one place. The palette comes from the settings file's `theme:` once,
//! at start; `NO_COLOR` (set and not empty) always wins and leaves only bold, underline and
//! reverse video.

use crate::config::{Base, Colour, NamedColour, Theme};
use ratatui::style::{Color, Modifier, Style};
use std::sync::OnceLock;

/// The slots a theme may colour, by the names the settings file uses.
pub const SLOTS: &[&str] = &["accent", "title", "dim", "error", "warning", "ok", "match"];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub accent: Color,
    pub title: Color,
    pub dim: Color,
    pub error: Color,
    pub warning: Color,
    pub ok: Color,
    pub matched: Color,
    pub no_color: bool,
}

impl Palette {
    pub const DARK: Palette = Palette {
        accent: Color::Cyan,
        title: Color::Yellow,
        dim: Color::DarkGray,
        error: Color::Red,
        warning: Color::Yellow,
        ok: Color::Green,
        matched: Color::Yellow,
        no_color: false,
    };
    pub const LIGHT: Palette = Palette {
        accent: Color::Blue,
        title: Color::Magenta,
        dim: Color::DarkGray,
        error: Color::Red,
        warning: Color::Magenta,
        ok: Color::Green,
        matched: Color::Blue,
        no_color: false,
    };

    /// The palette of a theme from the settings file; `no_color` for `NO_COLOR`.
    pub fn from_theme(theme: &Theme, no_color: bool) -> Palette {
        let mut p = match theme.base {
            Base::Dark => Palette::DARK,
            Base::Light => Palette::LIGHT,
        };
        for (slot, colour) in &theme.colours {
            let c = color(*colour);
            match slot.as_str() {
                "accent" => p.accent = c,
                "title" => p.title = c,
                "dim" => p.dim = c,
                "error" => p.error = c,
                "warning" => p.warning = c,
                "ok" => p.ok = c,
                "match" => p.matched = c,
                _ => {}
            }
        }
        p.no_color = no_color;
        p
    }
}

fn color(c: Colour) -> Color {
    match c {
        Colour::Rgb(r, g, b) => Color::Rgb(r, g, b),
        Colour::Named(NamedColour::Default) => Color::Reset,
        Colour::Named(n) => Color::Indexed(n.ansi_index().unwrap_or(7)),
    }
}

/// Whether `NO_COLOR` asks for no colour (set and not empty, as no-color.org says).
pub fn no_color_requested() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
}

static PALETTE: OnceLock<Palette> = OnceLock::new();

/// Sets the palette for the rest of the process (the first call wins).
pub fn install(p: Palette) {
    let _ = PALETTE.set(p);
}

fn palette() -> Palette {
    *PALETTE.get_or_init(|| Palette {
        no_color: no_color_requested(),
        ..Palette::DARK
    })
}

fn fg(c: fn(&Palette) -> Color) -> Style {
    let p = palette();
    if p.no_color {
        Style::new()
    } else {
        Style::new().fg(c(&p))
    }
}

pub fn title() -> Style {
    fg(|p| p.title).add_modifier(Modifier::BOLD)
}
pub fn heading() -> Style {
    fg(|p| p.accent).add_modifier(Modifier::BOLD)
}
pub fn bold() -> Style {
    Style::new().add_modifier(Modifier::BOLD)
}
pub fn italic() -> Style {
    Style::new().add_modifier(Modifier::ITALIC)
}
pub fn dim() -> Style {
    fg(|p| p.dim)
}
pub fn selected() -> Style {
    let p = palette();
    if p.no_color {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    } else {
        Style::new().fg(Color::Black).bg(p.accent)
    }
}
pub fn selected_unfocused() -> Style {
    Style::new().add_modifier(Modifier::REVERSED)
}
pub fn matched() -> Style {
    fg(|p| p.matched).add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
}
pub fn focused_border() -> Style {
    fg(|p| p.accent)
}
pub fn border() -> Style {
    fg(|p| p.dim)
}
pub fn error() -> Style {
    fg(|p| p.error).add_modifier(Modifier::BOLD)
}
pub fn warning() -> Style {
    fg(|p| p.warning)
}
pub fn ok() -> Style {
    fg(|p| p.ok)
}
pub fn key() -> Style {
    fg(|p| p.accent).add_modifier(Modifier::BOLD)
}

/// The colour of a difficulty band on the gauge: cooler for easier.
pub fn band(name: &str) -> Style {
    let p = palette();
    if p.no_color {
        return Style::new();
    }
    Style::new().fg(match name {
        "trivial" => p.dim,
        "easy" => p.ok,
        "standard" => p.accent,
        "hard" => p.warning,
        _ => p.error,
    })
}
