//! Work spread over the machine's cores, results in input order.

/// `f` applied to every item, on up to eight threads; small inputs (under `min_parallel`
/// items) or one-core machines run on the calling thread.
pub fn map_in_order<T: Sync, R: Send>(
    items: &[T],
    min_parallel: usize,
    f: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    if threads < 2 || items.len() < min_parallel {
        return items.iter().map(&f).collect();
    }
    let chunk = items.len().div_ceil(threads);
    let f = &f;
    std::thread::scope(|s| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| s.spawn(move || part.iter().map(f).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

/// `f` applied to contiguous chunks of `items` on up to eight threads, its outputs joined in
/// input order: for work that keeps state per thread (a matcher with its buffers).
pub fn flat_map_chunks<T: Sync, R: Send>(
    items: &[T],
    min_parallel: usize,
    f: impl Fn(&[T]) -> Vec<R> + Sync,
) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
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
        let items: Vec<u32> = (0..1000).collect();
        assert_eq!(
            super::map_in_order(&items, 10, |x| x * 2),
            items.iter().map(|x| x * 2).collect::<Vec<_>>()
        );
        assert_eq!(
            super::map_in_order(&items[..3], 10, |x| x + 1),
            vec![1, 2, 3]
        );
    }
}
