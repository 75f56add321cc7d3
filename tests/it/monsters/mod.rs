//! Monster designs, templates and names.

mod names_and_ids;
mod naming;
mod relevel_overrides;
mod shipped_templates;
mod templates;
