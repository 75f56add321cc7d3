//! The rulebook's tables, formulas and rulings, checked against an independent reading of the book.

mod citations;
mod d20e3_rules;
mod lint_rules;
mod other_games;
mod rules_doc;
mod rules_sweep;
mod rulings;
mod statblock_book;
