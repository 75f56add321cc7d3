//! Loading, indexing and searching the bestiary.

mod fixtures_scale;
mod index_cache;
mod index_scale;
mod lean_index;
mod mine_filter;
mod search_ids;
mod search_parallel;
