//! Every export read as the program it is for reads it: Markdown, HTML and print, Foundry, Obsidian, JSON Schema.

mod export_paths;
mod foundry;
mod foundry_dnd4e;
mod html_export;
mod markdown_safety;
mod obsidian;
mod obsidian_plugins;
mod print_browser;
mod schema_differential;
mod schemas;
mod sheets_and_book;
