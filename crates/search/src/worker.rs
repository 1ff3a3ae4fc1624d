//! One search thread's state: its node count, PV table, stack, and the
//! persistent per-thread data (histories, evaluator).

use crate::correction::CorrectionHistory;
use crate::first_iteration;
use crate::limits::Limits;
use crate::move_history::{Histories, PieceTo};
use crate::options::SearchOptions;
use crate::score::MAX_PLY;
use crate::tt::TranspositionTable;
use endgame_tables::Tablebases;
use eval_terms::Evaluator;
use movegen::{Board, KeyHistory, Move};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

/// What a thread keeps between searches (cleared by `ucinewgame`).
#[derive(Clone, Default)]
pub struct ThreadData {
    pub(crate) histories: Histories,
    pub(crate) correction: CorrectionHistory,
    pub(crate) evaluator: Evaluator,
}

impl ThreadData {
    pub(crate) fn configure(&mut self, mating_rules: bool) {
        self.evaluator.set_mating_rules(mating_rules);
    }

    /// Forgets histories and evaluation caches.
    pub fn clear(&mut self) {
        self.histories.clear();
        self.correction.clear();
        self.evaluator.clear();
    }
}

/// One thread's published counts, on a cache line of its own so that
/// threads don't share one: its nodes and the positions the tables
/// answered.
#[derive(Default)]
#[repr(align(64))]
pub(crate) struct NodeCounter {
    pub(crate) nodes: AtomicU64,
    pub(crate) tb_hits: AtomicU64,
}

/// What every thread of one search shares.
pub(crate) struct Shared<'a> {
    pub(crate) tt: &'a TranspositionTable,
    pub(crate) stop: &'a AtomicBool,
    pub(crate) node_counts: &'a [NodeCounter],
    pub(crate) limits: &'a Limits,
    pub(crate) options: &'a SearchOptions,
    pub(crate) tablebases: &'a Tablebases,
    /// Positions the tables answered at the root, before the search.
    pub(crate) root_tb_hits: u64,
    /// The most men a Syzygy probe in the tree may see (0: none): the
    /// probe limit within the tables held, and 0 when the root's own
    /// ranking decides (see [`crate::table_preparation`]).
    pub(crate) syzygy_men: u32,
    /// The root's tablebase score, reported unless the search finds a mate.
    pub(crate) root_tb_score: Option<i32>,
}

impl Shared<'_> {
    /// Nodes of all threads as last published.
    pub(crate) fn total_nodes(&self) -> u64 {
        self.node_counts.iter().map(|c| c.nodes.load(Relaxed)).sum()
    }

    /// Positions the tables answered, all threads, as last published.
    pub(crate) fn total_tb_hits(&self) -> u64 {
        let tree: u64 = self
            .node_counts
            .iter()
            .map(|c| c.tb_hits.load(Relaxed))
            .sum();
        self.root_tb_hits + tree
    }
}

#[derive(Copy, Clone, Default)]
pub(crate) struct StackEntry {
    pub(crate) static_eval: i32,
    pub(crate) played: Move,
    /// The move a singular-extension search leaves out at this ply.
    pub(crate) excluded: Move,
    /// `played` as continuation history knows it.
    pub(crate) moved: PieceTo,
}

impl StackEntry {
    /// Records `mv` (or a null move) as played from `board` at this ply.
    #[inline]
    pub(crate) fn record(&mut self, board: &Board, mv: Move) {
        self.played = mv;
        self.moved = PieceTo::of(board, mv);
    }
}

/// The per-search state of one thread.
pub(crate) struct Worker<'a> {
    pub(crate) id: usize,
    pub(crate) shared: &'a Shared<'a>,
    pub(crate) data: &'a mut ThreadData,
    pub(crate) keys: KeyHistory,
    pub(crate) stack: Box<[StackEntry; MAX_PLY + 4]>,
    pub(crate) pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pub(crate) pv_len: [usize; MAX_PLY + 1],
    pub(crate) nodes: u64,
    /// Positions the tables answered in this thread, published with the
    /// nodes (a shared counter per hit would bounce between cores).
    pub(crate) tb_hits: Cell<u64>,
    pub(crate) seldepth: usize,
    pub(crate) completed_depth: u32,
    /// The depth of the iteration under way; extensions stop at twice it.
    pub(crate) root_depth: i32,
    pub(crate) stopped: bool,
    /// The main thread also watches the clock; helpers only the stop flag.
    /// Called with `true` during the first iteration (see
    /// [`crate::first_iteration`]).
    pub(crate) clock_check: Option<&'a dyn Fn(bool) -> bool>,
    /// The helpers' published nodes, as the main thread last read them.
    helper_nodes_seen: u64,
    /// The last root search went through every move (not stopped): only
    /// then does a fail-low bound the position, not just the first move.
    pub(crate) root_pass_complete: bool,
}

impl<'a> Worker<'a> {
    pub(crate) fn new(
        id: usize,
        shared: &'a Shared<'a>,
        data: &'a mut ThreadData,
        keys: KeyHistory,
    ) -> Worker<'a> {
        Worker {
            id,
            shared,
            data,
            keys,
            stack: Box::new([StackEntry::default(); MAX_PLY + 4]),
            pv: Box::new([[Move::NULL; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            tb_hits: Cell::new(0),
            seldepth: 0,
            completed_depth: 0,
            root_depth: 0,
            stopped: false,
            clock_check: None,
            helper_nodes_seen: 0,
            root_pass_complete: false,
        }
    }

    /// Counts a node and says whether the search must unwind now.
    #[inline]
    pub(crate) fn count_node_and_check_stop(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 255 == 0 {
            self.publish_nodes();
            if let Some(limit) = self.shared.limits.nodes {
                // Helpers publish every 256 nodes too, so reading their
                // counts more often would only cost time.
                self.helper_nodes_seen = self.helper_nodes();
                // A helper also stops itself at the limit: with the main
                // thread descheduled on a loaded machine, it would otherwise
                // search on past it. Only the main thread stops them all,
                // once its first iteration is done.
                if self.id != 0 && self.nodes + self.helper_nodes_seen >= limit {
                    self.stopped = true;
                }
            }
        }
        if self.stopped {
            return true;
        }
        let first_iteration = self.completed_depth == 0;
        if let Some(limit) = self.shared.limits.nodes {
            // The main thread decides at every node, from its own exact
            // count and the helpers' published ones, so that `go nodes`
            // counts every thread and single-threaded is reproducible.
            let cap = first_iteration::node_cap(limit, first_iteration);
            if self.id == 0 && self.nodes + self.helper_nodes_seen >= cap {
                self.stop_all();
            }
        }
        // Every 256 nodes (well under a millisecond): at bullet speed a
        // coarser check overshoots the hard limit by more than the increment.
        if self.nodes & 255 == 0 {
            if let Some(check) = self.clock_check {
                if check(first_iteration) {
                    self.stop_all();
                }
            }
        }
        if self.shared.stop.load(Relaxed) {
            self.stopped = true;
        }
        self.stopped
    }

    /// The nodes other threads have published.
    #[inline]
    fn helper_nodes(&self) -> u64 {
        let counts = self.shared.node_counts;
        counts[..self.id]
            .iter()
            .chain(&counts[self.id + 1..])
            .map(|c| c.nodes.load(Relaxed))
            .sum()
    }

    pub(crate) fn stop_all(&mut self) {
        self.shared.stop.store(true, Relaxed);
        self.stopped = true;
    }

    /// Nodes of all threads, with this thread's own count exact.
    pub(crate) fn nodes_all_threads(&self) -> u64 {
        self.publish_nodes();
        self.shared.total_nodes()
    }

    /// Tables' hits of all threads, with this thread's own count exact.
    pub(crate) fn tb_hits_all_threads(&self) -> u64 {
        self.publish_nodes();
        self.shared.total_tb_hits()
    }

    /// Publishes this thread's nodes and tables' hits.
    pub(crate) fn publish_nodes(&self) {
        let counter = &self.shared.node_counts[self.id];
        counter.nodes.store(self.nodes, Relaxed);
        counter.tb_hits.store(self.tb_hits.get(), Relaxed);
    }

    /// Ends ply's PV with the single move `mv` (a mate found without search).
    #[inline]
    pub(crate) fn update_pv_leaf(&mut self, ply: usize, mv: Move) {
        self.pv[ply][ply] = mv;
        self.pv_len[ply] = ply + 1;
    }

    /// Makes `mv` the first move of ply's PV, followed by the child's PV.
    #[inline]
    pub(crate) fn update_pv(&mut self, ply: usize, mv: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][ply] = mv;
        head[ply][ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }
}
