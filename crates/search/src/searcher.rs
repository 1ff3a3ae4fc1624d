//! The `Searcher`: the transposition table and the threads' data kept
//! between searches, and the launch of a search over them (Lazy SMP: every
//! thread searches the same root, sharing the table).

use crate::control::SearchControl;
use crate::limits::Limits;
use crate::main_thread::MainThread;
use crate::options::SearchOptions;
use crate::report::SearchInfo;
use crate::root_move::RootMove;
use crate::score::{INFINITE, Score};
use crate::skill::Skill;
use crate::table_preparation::{self, RootTables};
use crate::tt::{Bound, TranspositionTable};
use crate::worker::{NodeCounter, Shared, ThreadData, Worker};
use endgame_tables::Tablebases;
use movegen::{Board, KeyHistory, Move, SplitMix64};
use std::sync::atomic::AtomicBool;

/// What a search found.
///
/// # Examples
///
/// ```
/// use movegen::{Board, KeyHistory};
/// use matewise_search::{Limits, Score, SearchControl, SearchOptions, Searcher};
///
/// // Stalemate: nothing to play.
/// let board = Board::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
/// let result = Searcher::new(1, 1).search(&board, &KeyHistory::default(), &Limits::default(),
///     &SearchOptions::default(), &SearchControl::new(false), &mut |_| {});
/// assert_eq!((result.best_move, result.depth, result.score), (None, 0, Score::Centipawns(0)));
/// ```
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` when there is no legal move.
    pub best_move: Option<Move>,
    /// The expected reply, for pondering.
    pub ponder: Option<Move>,
    /// The score of the best line; the root's static evaluation when the
    /// search was stopped before it scored any move (`depth` is then 0).
    pub score: Score,
    /// Set when `score` is only a bound on the position's value: a stop
    /// inside an iteration, before the other moves were searched.
    pub bound: Option<Bound>,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
    /// Positions the endgame tables answered, all threads.
    pub tb_hits: u64,
}

impl SearchResult {
    /// The result when there is no legal move to search.
    fn no_legal_move() -> SearchResult {
        SearchResult {
            best_move: None,
            ponder: None,
            score: Score::Centipawns(0),
            bound: None,
            depth: 0,
            nodes: 0,
            tb_hits: 0,
        }
    }
}

/// Owns the transposition table and each thread's persistent data, and
/// runs searches over them.
///
/// # Examples
///
/// A mate in one is found, with the reply to ponder on absent (there is none):
///
/// ```
/// use matewise_search::{Limits, SearchControl, SearchOptions, Searcher};
/// use movegen::{Board, KeyHistory};
/// let mut searcher = Searcher::new(1, 1);
/// let board = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
/// let limits = Limits { depth: Some(4), ..Limits::default() };
/// let result = searcher.search(&board, &KeyHistory::default(), &limits, &SearchOptions::default(),
///                              &SearchControl::new(false), &mut |_| {});
/// assert_eq!(board.to_uci(result.best_move.unwrap()).to_string(), "a1a8");
/// assert_eq!(result.score, matewise_search::Score::Mate(1));
/// assert_eq!(result.ponder, None);
/// ```
pub struct Searcher {
    tt: TranspositionTable,
    /// The table's size as asked for, in MB.
    hash_mb: usize,
    threads: Vec<ThreadData>,
    /// Drives the limited-strength move choice; differs from run to run.
    random: u64,
    tablebases: Tablebases,
}

impl Searcher {
    /// A searcher with a `hash_mb` table and `threads` threads (at least
    /// one), and endgame tables of its own in memory, no file read or
    /// written ([`Searcher::set_tablebases`] gives it others).
    ///
    /// # Panics
    ///
    /// If the memory for the table cannot be had; [`Searcher::set_hash`]
    /// reports that instead.
    ///
    /// # Examples
    ///
    /// ```
    /// let searcher = matewise_search::Searcher::new(16, 0);
    /// assert_eq!((searcher.hash_mb(), searcher.threads()), (16, 1));
    /// ```
    pub fn new(hash_mb: usize, threads: usize) -> Searcher {
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            hash_mb,
            threads: vec![ThreadData::default(); threads.max(1)],
            random: random_seed(),
            tablebases: Tablebases::in_memory(),
        }
    }

    /// Searches with `tablebases` from now on (a clone shares its tables:
    /// an engine hands its own).
    ///
    /// ```
    /// use endgame_tables::Tablebases;
    /// let mut searcher = matewise_search::Searcher::new(1, 1);
    /// let dir = std::env::temp_dir().join("matewise-doc-searcher-tables");
    /// searcher.set_tablebases(Tablebases::with_cache_dir(Some(dir.clone())));
    /// assert_eq!(searcher.tablebases().cache_dir(), Some(dir));
    /// ```
    pub fn set_tablebases(&mut self, tablebases: Tablebases) {
        self.tablebases = tablebases;
    }

    /// The endgame tables the searches use.
    pub fn tablebases(&self) -> &Tablebases {
        &self.tablebases
    }

    /// Resizes the table (its contents are lost). On failure the table is
    /// 1 MB and the error says so, in a sentence fit for `info string`.
    ///
    /// ```
    /// let mut searcher = matewise_search::Searcher::new(1, 1);
    /// assert_eq!(searcher.set_hash(4), Ok(()));
    /// assert_eq!(searcher.hash_mb(), 4);
    /// assert!(searcher.set_hash(usize::MAX).is_err());
    /// assert_eq!(searcher.hash_mb(), 1);
    /// ```
    pub fn set_hash(&mut self, megabytes: usize) -> Result<(), String> {
        self.tt = TranspositionTable::new(1); // free the old table first
        match TranspositionTable::try_new(megabytes) {
            Some(tt) => {
                self.tt = tt;
                self.hash_mb = megabytes;
                Ok(())
            }
            None => {
                self.hash_mb = 1;
                Err(format!(
                    "could not allocate {megabytes} MB for the hash table; using 1 MB"
                ))
            }
        }
    }

    /// The table's size in MB: as last asked for, or 1 after a failed resize.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Sets the number of search threads (at least one).
    ///
    /// ```
    /// let mut searcher = matewise_search::Searcher::new(1, 1);
    /// searcher.set_threads(3);
    /// assert_eq!(searcher.threads(), 3);
    /// searcher.set_threads(0);
    /// assert_eq!(searcher.threads(), 1);
    /// ```
    pub fn set_threads(&mut self, threads: usize) {
        self.threads
            .resize_with(threads.max(1), ThreadData::default);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// Clears the table and every thread's histories (`ucinewgame`): the
    /// next search starts from nothing, as a new searcher would.
    ///
    /// ```
    /// use movegen::{Board, KeyHistory};
    /// use matewise_search::{Limits, SearchControl, SearchOptions, Searcher};
    ///
    /// let mut searcher = Searcher::new(1, 1);
    /// let limits = Limits { depth: Some(5), ..Limits::default() };
    /// let mut nodes = || searcher.search(&Board::default(), &KeyHistory::default(), &limits,
    ///     &SearchOptions::default(), &SearchControl::new(false), &mut |_| {}).nodes;
    /// let first = nodes();
    /// assert!(nodes() < first, "the table helps a second search");
    /// searcher.clear();
    /// let mut nodes = || searcher.search(&Board::default(), &KeyHistory::default(), &limits,
    ///     &SearchOptions::default(), &SearchControl::new(false), &mut |_| {}).nodes;
    /// assert_eq!(nodes(), first);
    /// ```
    pub fn clear(&mut self) {
        self.tt.clear();
        for t in &mut self.threads {
            t.clear();
        }
    }

    /// Seeds the limited-strength move choice, which otherwise differs
    /// from process to process, so that a run can be repeated: with one
    /// thread, the same seed, searches and options give the same moves.
    ///
    /// ```
    /// use movegen::{Board, KeyHistory};
    /// use matewise_search::{Limits, SearchControl, SearchOptions, Searcher};
    ///
    /// let options = SearchOptions { limit_strength: true, ..SearchOptions::default() };
    /// let moves = |seed| {
    ///     let mut searcher = Searcher::new(1, 1);
    ///     searcher.seed_move_choice(seed);
    ///     (0..6).map(|_| {
    ///         searcher.clear();
    ///         searcher.search(&Board::default(), &KeyHistory::default(), &Limits::default(),
    ///             &options, &SearchControl::new(false), &mut |_| {}).best_move
    ///     }).collect::<Vec<_>>()
    /// };
    /// assert_eq!(moves(7), moves(7));
    /// ```
    pub fn seed_move_choice(&mut self, seed: u64) {
        self.random = seed;
    }

    /// Clears only the table (`Clear Hash`).
    pub fn clear_hash(&self) {
        self.tt.clear();
    }

    /// Searches `root` (reached through the positions in `game`, for
    /// repetitions) within `limits`, calling `report` from the main thread
    /// with each line of each completed iteration. `control` stops the
    /// search or confirms a ponder search from another thread.
    ///
    /// With the endgame tables on, a root in a tabled ending whose table is
    /// not ready is solved first, in this thread, when `limits` has no
    /// clock or move time (seconds, once per machine: the table is cached);
    /// on a clock it is only requested. Background table builds wait while
    /// the search runs ([`Tablebases::searching`]). At a root in the
    /// Syzygy tables only the moves of the best rank are searched.
    ///
    /// # Examples
    ///
    /// A stop from another thread ends an infinite search:
    ///
    /// ```
    /// use movegen::{Board, KeyHistory};
    /// use matewise_search::{Limits, SearchControl, SearchOptions, Searcher};
    ///
    /// let control = SearchControl::new(false);
    /// let limits = Limits { infinite: true, ..Limits::default() };
    /// let result = std::thread::scope(|scope| {
    ///     scope.spawn(|| {
    ///         std::thread::sleep(std::time::Duration::from_millis(50));
    ///         control.stop();
    ///     });
    ///     Searcher::new(1, 1).search(&Board::default(), &KeyHistory::default(), &limits,
    ///                                &SearchOptions::default(), &control, &mut |_| {})
    /// });
    /// assert!(result.best_move.is_some() && result.depth >= 1);
    /// ```
    pub fn search(
        &mut self,
        root: &Board,
        game: &KeyHistory,
        limits: &Limits,
        options: &SearchOptions,
        control: &SearchControl,
        report: &mut (dyn FnMut(&SearchInfo) + Send),
    ) -> SearchResult {
        let mut skill = options.strength().map(Skill::new);
        let budgeted = skill.as_ref().map(|skill| skill.budgeted(limits));
        let limits = budgeted.as_ref().unwrap_or(limits);
        if options.endgame_tables {
            table_preparation::ready_for(root, limits, control, &self.tablebases);
        }
        // From here on background table builds wait: they take no core
        // from this search or its helpers. Nothing below waits for a table.
        let _searching = self.tablebases.searching();
        let mut root_moves = RootMove::list(root, &limits.search_moves);
        if root_moves.is_empty() {
            return SearchResult::no_legal_move();
        }
        let root_tables = if options.endgame_tables {
            table_preparation::rank_root(root, &mut root_moves, options, &self.tablebases)
        } else {
            RootTables {
                syzygy_men: 0,
                score: None,
                hits: 0,
            }
        };
        let node_counts = self.prepare(options);
        let stop = AtomicBool::new(false);
        let shared = Shared {
            tt: &self.tt,
            stop: &stop,
            node_counts: &node_counts,
            limits,
            options,
            tablebases: &self.tablebases,
            root_tb_hits: root_tables.hits,
            syzygy_men: root_tables.syzygy_men,
            root_tb_score: root_tables.score,
        };
        let mut main = MainThread::new(
            control,
            limits,
            options,
            root_moves.len(),
            skill.as_ref(),
            report,
        );
        let (main_data, helpers) = self.threads.split_first_mut().expect("at least one thread");
        let depth = std::thread::scope(|scope| {
            for (i, data) in helpers.iter_mut().enumerate() {
                let (shared, moves, game) = (&shared, root_moves.clone(), game.clone());
                scope.spawn(move || help(i + 1, shared, data, game, root, moves));
            }
            main.search(
                &shared,
                main_data,
                game.clone(),
                root,
                &mut root_moves,
                skill.as_mut(),
            )
        });
        let nodes = shared.total_nodes();
        let tb_hits = shared.total_tb_hits();
        if let Some(skill) = &skill {
            self.random = self.random.wrapping_add(1);
            skill.pick(&mut root_moves, SplitMix64::new(self.random).next_u64());
        }
        let mut result = self.result(root, &root_moves[0], depth, nodes);
        result.tb_hits = tb_hits;
        if let Some(score) = root_tables.score {
            if !matches!(result.score, Score::Mate(_)) {
                result.score = Score::from_internal(score);
            }
        }
        result
    }

    /// Readies the table and every thread's data for a new search; returns
    /// the threads' node counters.
    fn prepare(&mut self, options: &SearchOptions) -> Vec<NodeCounter> {
        self.tt.new_search();
        for data in &mut self.threads {
            data.configure(options.mating_potential);
        }
        self.threads
            .iter()
            .map(|_| NodeCounter::default())
            .collect()
    }

    /// The result of playing `best`, with the reply expected after it.
    /// A move that was never scored (a stop inside the first move of the
    /// first iteration) carries the root's static evaluation: nothing was
    /// proved, and `depth` is 0.
    fn result(&mut self, root: &Board, best: &RootMove, depth: u32, nodes: u64) -> SearchResult {
        let ponder = best.pv.get(1).copied().or_else(|| {
            let mut child = root.clone();
            child.play_unchecked(best.mv);
            self.tt
                .probe(child.hash(), 0)
                .map(|t| t.mv)
                .filter(|m| !m.is_null() && child.is_legal(*m))
        });
        SearchResult {
            best_move: Some(best.mv),
            ponder,
            score: if best.score > -INFINITE {
                Score::from_internal(best.score)
            } else {
                Score::Centipawns(self.threads[0].evaluator.evaluate(root))
            },
            bound: best.bound,
            depth,
            nodes,
            tb_hits: 0,
        }
    }
}

/// A helper thread of Lazy SMP: it deepens until stopped, reporting nothing.
fn help(
    id: usize,
    shared: &Shared,
    data: &mut ThreadData,
    game: KeyHistory,
    root: &Board,
    mut moves: Vec<RootMove>,
) {
    let mut worker = Worker::new(id, shared, data, game);
    worker.iterate(root, &mut moves, 1, &mut |_, _| false);
    // Its last nodes and hits count in the result too.
    worker.publish_nodes();
}

/// A seed that differs between runs, so that a limited-strength engine does
/// not play the same game twice.
fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    SplitMix64::new(nanos ^ u64::from(std::process::id()).rotate_left(32)).next_u64()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::SearchControl;

    /// Searches `board` to depth 6 and returns the root's table entry.
    fn root_entry(
        searcher: &mut Searcher,
        board: &Board,
        options: &SearchOptions,
        search_moves: Vec<Move>,
    ) -> (SearchResult, Option<crate::tt::TtHit>) {
        // The root's table is readied first (a search without a clock), in
        // the searcher's own tables: in memory, never the user's cache.
        let limits = Limits {
            depth: Some(6),
            search_moves,
            ..Limits::default()
        };
        let result = searcher.search(
            board,
            &KeyHistory::default(),
            &limits,
            options,
            &SearchControl::new(false),
            &mut |_| {},
        );
        (result, searcher.tt.probe(board.hash(), 0))
    }

    #[test]
    fn the_root_entry_holds_the_best_line_and_the_static_evaluation() {
        // Rxd5 wins the queen; every other move falls far short of it.
        let board = Board::from_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").unwrap();
        let mut data = ThreadData::default();
        data.configure(SearchOptions::default().mating_potential);
        let static_eval = data.evaluator.evaluate(&board);
        for multipv in [1, 3] {
            // Without the tables: K+Q against K+R is one (seconds to
            // build, and written to the user's cache), and the entry is
            // what is under test.
            let options = SearchOptions {
                multipv,
                endgame_tables: false,
                ..SearchOptions::default()
            };
            let mut searcher = Searcher::new(1, 1);
            let (result, entry) = root_entry(&mut searcher, &board, &options, Vec::new());
            let entry = entry.expect("the root is stored");
            assert_eq!(Some(entry.mv), result.best_move, "MultiPV {multipv}");
            assert_eq!(
                Score::from_internal(entry.score),
                result.score,
                "MultiPV {multipv}"
            );
            assert_eq!(entry.eval, static_eval, "MultiPV {multipv}");
        }
    }

    #[test]
    fn a_root_searched_among_some_moves_is_not_stored() {
        let board = Board::from_fen("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1").unwrap();
        let blunder = board.parse_uci_move("d2d4").unwrap();
        let mut searcher = Searcher::new(1, 1);
        let options = SearchOptions {
            endgame_tables: false,
            ..SearchOptions::default()
        };
        let (_, entry) = root_entry(&mut searcher, &board, &options, vec![blunder]);
        assert!(entry.is_none(), "{entry:?}");
    }
}
