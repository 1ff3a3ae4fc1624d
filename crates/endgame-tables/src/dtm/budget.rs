//! The memory the tables may take: a limit that the tables readied on
//! demand stay within (every [`crate::Ready`] but [`crate::Ready::Now`]).
//! A table, once held, is held as long as its [`crate::Tablebases`] (every
//! search thread reads it without a lock), so the limit decides which
//! tables come in, not which go: once it is reached, further endings are
//! played without a table.

use super::{Ending, Table};

/// The limit, the bytes of the tables counted against it, and the builds
/// it refused.
pub(crate) struct Budget {
    limit: usize,
    counted: [bool; Ending::ALL.len()],
    used: usize,
    refused: [bool; Ending::ALL.len()],
}

/// `ending` and every table it leads into, each once, `ending` first.
pub(crate) fn closure(ending: Ending, into: &mut Vec<Ending>) {
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

impl Budget {
    /// No limit, nothing counted.
    pub(crate) const fn new() -> Budget {
        Budget {
            limit: usize::MAX,
            counted: [false; Ending::ALL.len()],
            used: 0,
            refused: [false; Ending::ALL.len()],
        }
    }

    /// `ending` and the tables it leads into not yet counted, and their bytes.
    fn cost(&self, ending: Ending) -> (Vec<Ending>, usize) {
        let mut endings = Vec::new();
        closure(ending, &mut endings);
        endings.retain(|e| !self.counted[e.slot()]);
        let bytes = endings.iter().map(|&e| size(e)).sum();
        (endings, bytes)
    }

    /// Whether `ending` and the tables it leads into fit within the limit.
    pub(crate) fn fits(&self, ending: Ending) -> bool {
        let (_, bytes) = self.cost(ending);
        self.used.saturating_add(bytes) <= self.limit
    }

    /// Counts `ending` and the tables it leads into against the limit if
    /// they fit, and says whether they did; tables already counted cost
    /// nothing.
    pub(crate) fn claim(&mut self, ending: Ending) -> bool {
        if !self.fits(ending) {
            return false;
        }
        self.claim_regardless(ending);
        true
    }

    /// Counts `ending` and the tables it leads into whatever the limit: a
    /// table built on explicit request ([`crate::Ready::Now`]) is held
    /// anyway.
    pub(crate) fn claim_regardless(&mut self, ending: Ending) {
        let (endings, bytes) = self.cost(ending);
        for e in endings {
            self.counted[e.slot()] = true;
        }
        self.used += bytes;
    }

    /// Notes that the build of `ending` was refused.
    pub(crate) fn refuse(&mut self, ending: Ending) {
        self.refused[ending.slot()] = true;
    }

    /// Sets the limit, and returns the endings refused under the old one,
    /// which may be asked for again.
    pub(crate) fn set_limit(&mut self, bytes: usize) -> Vec<Ending> {
        self.limit = bytes;
        Ending::ALL
            .into_iter()
            .filter(|e| std::mem::take(&mut self.refused[e.slot()]))
            .collect()
    }

    pub(crate) fn limit(&self) -> usize {
        self.limit
    }

    pub(crate) fn used(&self) -> usize {
        self.used
    }
}
