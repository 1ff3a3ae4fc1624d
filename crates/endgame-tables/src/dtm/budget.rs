//! The memory the tables may take: a limit that the tables readied on
//! demand ([`super::table`], [`super::build_beside_searches`],
//! [`super::load_cached`], [`super::build_within_limit`]) stay within. A table, once held, is held for the life of the process
//! (every search thread reads it without a lock), so the limit decides
//! which tables come in, not which go: once it is reached, further
//! endings are played without a table.

use super::{Ending, Table};
use std::sync::Mutex;

/// The limit, the bytes of the tables counted against it, and the builds
/// it refused.
struct Budget {
    limit: usize,
    counted: [bool; Ending::ALL.len()],
    used: usize,
    refused: [bool; Ending::ALL.len()],
}

static BUDGET: Mutex<Budget> = Mutex::new(Budget {
    limit: usize::MAX,
    counted: [false; Ending::ALL.len()],
    used: 0,
    refused: [false; Ending::ALL.len()],
});

fn budget() -> std::sync::MutexGuard<'static, Budget> {
    BUDGET
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// `ending` and every table it leads into, each once.
fn closure(ending: Ending, into: &mut Vec<Ending>) {
    if !into.contains(&ending) {
        into.push(ending);
        for next in ending.leads_into() {
            closure(next, into);
        }
    }
}

/// The bytes a table of `ending` holds.
fn size(ending: Ending) -> usize {
    2 * Table::half_len(ending)
}

/// `ending` and the tables it leads into not yet counted, and their bytes.
fn cost(ending: Ending, budget: &Budget) -> (Vec<Ending>, usize) {
    let mut endings = Vec::new();
    closure(ending, &mut endings);
    endings.retain(|e| !budget.counted[e.slot()]);
    let bytes = endings.iter().map(|&e| size(e)).sum();
    (endings, bytes)
}

/// Whether `ending` and the tables it leads into fit within the limit.
pub(super) fn fits(ending: Ending) -> bool {
    let budget = budget();
    let (_, bytes) = cost(ending, &budget);
    budget.used.saturating_add(bytes) <= budget.limit
}

/// Counts `ending` and the tables it leads into against the limit if they
/// fit, and says whether they did; tables already counted cost nothing.
pub(super) fn claim(ending: Ending) -> bool {
    let mut budget = budget();
    let (endings, bytes) = cost(ending, &budget);
    if budget.used.saturating_add(bytes) > budget.limit {
        return false;
    }
    for e in endings {
        budget.counted[e.slot()] = true;
    }
    budget.used += bytes;
    true
}

/// Notes that the build of `ending` (its `BUILDING` flag set) was refused.
pub(super) fn refuse(ending: Ending) {
    budget().refused[ending.slot()] = true;
}

/// Counts `ending` and the tables it leads into whatever the limit: a
/// table built on explicit request ([`super::build_now`]) is held anyway.
pub(super) fn claim_regardless(ending: Ending) {
    let mut budget = budget();
    let (endings, bytes) = cost(ending, &budget);
    for e in endings {
        budget.counted[e.slot()] = true;
    }
    budget.used += bytes;
}

/// Limits the tables readied on demand to `bytes` in all. Tables already
/// held stay (and still count): lowering the limit stops new ones only.
///
/// ```
/// use matewise_endgame_tables::dtm;
///
/// dtm::set_memory_limit(1 << 30);
/// assert_eq!(dtm::memory_limit(), 1 << 30);
/// ```
pub fn set_memory_limit(bytes: usize) {
    let mut budget = budget();
    budget.limit = bytes;
    // A build refused under the old limit may be asked for again.
    for (slot, refused) in budget.refused.iter_mut().enumerate() {
        if std::mem::take(refused) {
            super::BUILDING[slot].store(false, std::sync::atomic::Ordering::Release);
        }
    }
}

/// The limit set by [`set_memory_limit`] (no limit until then).
pub fn memory_limit() -> usize {
    budget().limit
}

/// Bytes of the tables held or being built (what the limit counts).
pub fn memory_used() -> usize {
    budget().used
}
