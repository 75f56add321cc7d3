//! Work spread over the machine's cores, results in input order.
//!
//! Work is handed out in small chunks from a shared [`Cursor`] rather than split into one half
//! per thread up front: on a machine whose other core is busy with something else, the thread
//! that gets more time takes more chunks, and a thread that joins late (after work of its own)
//! takes what is left.

use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many threads the work of one call may use: the machine's cores, at most eight.
pub(crate) fn threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8)
}

/// The next chunk of `len` items for whichever thread asks first.
#[derive(Debug)]
pub(crate) struct Cursor {
    next: AtomicUsize,
    len: usize,
    chunk: usize,
}

impl Cursor {
    /// A cursor over `len` items handed out `chunk` at a time (at least one).
    pub(crate) fn new(len: usize, chunk: usize) -> Cursor {
        Cursor {
            next: AtomicUsize::new(0),
            len,
            chunk: chunk.max(1),
        }
    }

    /// The next range of items no other thread has taken, if any are left.
    pub(crate) fn take(&self) -> Option<Range<usize>> {
        let start = self.next.fetch_add(self.chunk, Ordering::Relaxed);
        (start < self.len).then(|| start..(start + self.chunk).min(self.len))
    }

    /// Hands nothing more out (the work is no longer wanted).
    pub(crate) fn stop(&self) {
        self.next.store(self.len, Ordering::Relaxed);
    }
}

/// Results of chunks finished in any order, put back in input order.
#[derive(Debug)]
pub(crate) struct Gathered<R> {
    parts: Mutex<Vec<(usize, Vec<R>)>>,
}

impl<R> Default for Gathered<R> {
    fn default() -> Self {
        Gathered {
            parts: Mutex::new(Vec::new()),
        }
    }
}

impl<R> Gathered<R> {
    /// Keeps the results of the chunk that began at `start`.
    pub(crate) fn put(&self, start: usize, results: Vec<R>) {
        if let Ok(mut parts) = self.parts.lock() {
            parts.push((start, results));
        }
    }

    /// The results of each chunk, chunks in input order: with chunks of one size from a
    /// [`Cursor`], item `i` is `[i / chunk][i % chunk]` (no copy of every result into one
    /// vector).
    pub(crate) fn into_chunks(self) -> Vec<Vec<R>> {
        let mut parts = self.parts.into_inner().unwrap_or_default();
        parts.sort_unstable_by_key(|(start, _)| *start);
        parts.into_iter().map(|(_, r)| r).collect()
    }

    /// Every result, in input order.
    pub(crate) fn into_ordered(self) -> Vec<R> {
        let parts = self.into_chunks();
        let mut out = Vec::with_capacity(parts.iter().map(Vec::len).sum());
        for r in parts {
            out.extend(r);
        }
        out
    }
}

/// Takes chunks from `cursor` until none is left, applying `f` to each item and keeping the
/// results in `into`.
pub(crate) fn drain<T, R>(items: &[T], cursor: &Cursor, into: &Gathered<R>, f: impl Fn(&T) -> R) {
    while let Some(range) = cursor.take() {
        let start = range.start;
        into.put(start, items[range].iter().map(&f).collect());
    }
}

/// `f` applied to every item, on up to eight threads; small inputs (under `min_parallel`
/// items) or one-core machines run on the calling thread.
pub(crate) fn map_in_order<T: Sync, R: Send>(
    items: &[T],
    min_parallel: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let threads = threads();
    if threads < 2 || items.len() < min_parallel {
        return items.iter().map(&f).collect();
    }
    // Chunks small enough to even out threads that run at different speeds, large enough that
    // taking one costs nothing beside its work.
    let chunk = (items.len() / (threads * 16)).clamp(1, 1024);
    let cursor = Cursor::new(items.len(), chunk);
    let gathered = Gathered::default();
    let f = &f;
    std::thread::scope(|s| {
        for _ in 1..threads {
            s.spawn(|| drain(items, &cursor, &gathered, f));
        }
        drain(items, &cursor, &gathered, f);
    });
    gathered.into_ordered()
}

/// `f` applied to contiguous chunks of `items` on up to eight threads, its outputs joined in
/// input order: for work that keeps state per thread (a matcher with its buffers).
pub(crate) fn flat_map_chunks<T: Sync, R: Send>(
    items: &[T],
    min_parallel: usize,
    f: impl Fn(&[T]) -> Vec<R> + Sync,
) -> Vec<R> {
    let threads = threads();
    if threads < 2 || items.len() < min_parallel {
        return f(items);
    }
    let chunk = items.len().div_ceil(threads);
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| s.spawn(move || f(part)))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn chunks_keep_the_input_order() {
        let items: Vec<u32> = (0..1000).collect();
        let doubled = |part: &[u32]| part.iter().map(|x| x * 2).collect::<Vec<_>>();
        assert_eq!(
            super::flat_map_chunks(&items, 10, doubled),
            items.iter().map(|x| x * 2).collect::<Vec<_>>()
        );
        assert_eq!(
            super::flat_map_chunks(&items[..3], 10, doubled),
            vec![0, 2, 4]
        );
    }

    #[test]
    fn keeps_the_input_order() {
        let items: Vec<u32> = (0..100_000).collect();
        assert_eq!(
            super::map_in_order(&items, 10, |x| x * 2),
            items.iter().map(|x| x * 2).collect::<Vec<_>>()
        );
        assert_eq!(
            super::map_in_order(&items[..3], 10, |x| x + 1),
            vec![1, 2, 3]
        );
    }

    #[test]
    fn a_cursor_hands_out_every_item_once() {
        let cursor = super::Cursor::new(10, 4);
        assert_eq!(cursor.take(), Some(0..4));
        assert_eq!(cursor.take(), Some(4..8));
        assert_eq!(cursor.take(), Some(8..10));
        assert_eq!(cursor.take(), None);
        let stopped = super::Cursor::new(10, 4);
        stopped.stop();
        assert_eq!(stopped.take(), None);
    }
}
