//! One problem loop for the suite runners: positions handed out one at a
//! time to a few workers, each with its own searcher or engine process.

use crate::progress;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Solves every item on `workers` threads (at least one), in whatever
/// order they finish, and returns the results in the items' order.
///
/// Each worker first makes its own state with `start` (a searcher, an
/// engine process). `message` may set the progress bar's message after each
/// result. The first error ends the run: the other workers stop at their
/// next item, and the error is returned.
pub(crate) fn solve_all<T, S, R>(
    items: &[T],
    workers: usize,
    start: impl Fn() -> Result<S, String> + Sync,
    solve: impl Fn(&mut S, &T) -> Result<R, String> + Sync,
    message: impl Fn(&R) -> Option<String> + Sync,
) -> Result<Vec<R>, String>
where
    T: Sync,
    R: Send,
{
    let total = items.len();
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..total).map(|_| None).collect());
    let next = AtomicUsize::new(0);
    let first_error = Mutex::new(None);
    let bar = progress::bar(total as u64, "{human_pos}/{human_len} positions");
    std::thread::scope(|scope| {
        for _ in 0..workers.max(1) {
            scope.spawn(|| {
                let work = || -> Result<(), String> {
                    let mut state = start()?;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= total {
                            return Ok(());
                        }
                        let result = solve(&mut state, &items[i])?;
                        if let Some(text) = message(&result) {
                            bar.set_message(text);
                        }
                        results.lock().expect("results lock")[i] = Some(result);
                        bar.inc(1);
                    }
                };
                if let Err(e) = work() {
                    next.store(total, Ordering::Relaxed);
                    first_error.lock().expect("error lock").get_or_insert(e);
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = first_error.into_inner().expect("error lock") {
        return Err(e);
    }
    Ok(results
        .into_inner()
        .expect("results lock")
        .into_iter()
        .map(|r| r.expect("every item was solved"))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_item_order_from_every_worker() {
        let items: Vec<u32> = (0..100).collect();
        let squares = solve_all(&items, 3, || Ok(()), |_, &x| Ok(x * x), |_| None).unwrap();
        assert_eq!(squares, items.iter().map(|x| x * x).collect::<Vec<_>>());
    }

    #[test]
    fn each_worker_keeps_its_own_state() {
        let items = vec![(); 50];
        let counts = solve_all(
            &items,
            2,
            || Ok(0u32),
            |seen, _| {
                *seen += 1;
                Ok(*seen)
            },
            |_| None,
        )
        .unwrap();
        // Every worker counts from 1; two workers share the 50 items.
        assert!(counts.contains(&1));
        assert!(counts.iter().all(|&c| (1..=50).contains(&c)));
    }

    #[test]
    fn the_first_error_is_returned() {
        let items: Vec<u32> = (0..20).collect();
        let failed = solve_all(
            &items,
            2,
            || Ok(()),
            |_, &x| {
                if x == 7 {
                    Err(format!("item {x}"))
                } else {
                    Ok(x)
                }
            },
            |_| None,
        );
        assert_eq!(failed, Err("item 7".to_string()));
        let no_start = solve_all(
            &items,
            2,
            || Err::<(), _>("no engine".to_string()),
            |_, &x| Ok(x),
            |_| None,
        );
        assert_eq!(no_start, Err("no engine".to_string()));
    }
}
