//! The root: iterative deepening with aspiration windows, MultiPV and
//! searchmoves, and the `Searcher` that runs threads (Lazy SMP) over one
//! shared transposition table.

use crate::limits::Limits;
use crate::score::{INFINITE, MATE_BOUND, Score, is_mate};
use crate::strength::{self, StrengthLimit};
use crate::time::TimeManager;
use crate::tt::{Bound, TranspositionTable};
use crate::worker::{NodeCounter, Shared, ThreadData, Worker};
use movegen::{Board, KeyHistory, Move, MoveList};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// Options that shape a search, set through UCI.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// Number of principal variations to report (`MultiPV`).
    pub multipv: usize,
    /// Lag to allow for on every move (`Move Overhead`).
    pub move_overhead: Duration,
    /// Mate distance pruning on or off (`MateDistancePruning`).
    pub mate_distance_pruning: bool,
    /// Selective search (null move, reductions, futility and late-move
    /// pruning). Off gives a full-width alpha-beta search, for experiments
    /// such as comparing MDP with the seed's full-width numbers.
    pub selective: bool,
    /// Pair-o-Max's drawishness rules in the evaluation (`MatingPotential`).
    pub mating_potential: bool,
    /// Static mate detection at quiescence and frontier nodes (`MateAtAGlance`).
    pub mate_at_a_glance: bool,
    /// Exact distance-to-mate tables for K+Q, K+R, K+B+B and K+B+N against
    /// a bare king (`UseEndgameTables`).
    pub endgame_tables: bool,
    /// Play weaker on purpose (`UCI_LimitStrength` with `UCI_Elo`): a node
    /// budget and a move chosen by rule among several lines.
    pub strength: Option<StrengthLimit>,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            multipv: 1,
            move_overhead: Duration::from_millis(10),
            mate_distance_pruning: true,
            selective: true,
            mating_potential: true,
            mate_at_a_glance: true,
            endgame_tables: true,
            strength: None,
        }
    }
}

/// Signals from the GUI to a running search: `stop` and `ponderhit`.
/// Shared by reference between the thread that reads input and the search.
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    pondering: AtomicBool,
    ponderhit_at: Mutex<Option<Instant>>,
}

impl SearchControl {
    /// A control for a new search; `pondering` for `go ponder`.
    pub fn new(pondering: bool) -> SearchControl {
        SearchControl {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(pondering),
            ponderhit_at: Mutex::new(None),
        }
    }

    /// Asks the search to finish now.
    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
    }

    /// True once stop was asked.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// The opponent played the expected move: our clock runs from now.
    pub fn ponderhit(&self) {
        if let Ok(mut at) = self.ponderhit_at.lock() {
            *at = Some(Instant::now());
        }
        self.pondering.store(false, Relaxed);
    }

    /// True while the search is a ponder search not yet confirmed.
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Relaxed)
    }
}

/// One line of search progress, for `info`.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Which line (1-based) for MultiPV.
    pub multipv: u32,
    /// The score from the side to move's view.
    pub score: Score,
    /// Set when the score is only a bound (aspiration fail).
    pub bound: Option<Bound>,
    /// Nodes, all threads.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Per mille of the hash table in use.
    pub hashfull: u32,
    /// The principal variation, legal from the root.
    pub pv: Vec<Move>,
}

impl SearchInfo {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / micros
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` when there is no legal move.
    pub best_move: Option<Move>,
    /// The expected reply, for pondering.
    pub ponder: Option<Move>,
    /// The score of the best line.
    pub score: Score,
    /// Set when `score` is only a bound on the position's value: a stop
    /// inside an iteration, before the other moves were searched.
    pub bound: Option<Bound>,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched, all threads.
    pub nodes: u64,
}

#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: i32,
    previous_score: i32,
    pv: Vec<Move>,
    seldepth: usize,
    /// Set when `score` is only a bound: the last search of this move
    /// failed outside the window (an aspiration fail, or a stop before the
    /// re-search).
    bound: Option<Bound>,
}

/// Owns the transposition table and each thread's persistent data.
///
/// ```
/// use search::{Limits, SearchControl, SearchOptions, Searcher};
/// use movegen::{Board, KeyHistory};
/// let mut searcher = Searcher::new(1, 1);
/// let board = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
/// let limits = Limits { depth: Some(4), ..Limits::default() };
/// let result = searcher.search(&board, &KeyHistory::default(), &limits, &SearchOptions::default(),
///                              &SearchControl::new(false), &mut |_| {});
/// assert_eq!(board.to_uci(result.best_move.unwrap()).to_string(), "a1a8");
/// assert_eq!(result.score, search::Score::Mate(1));
/// ```
pub struct Searcher {
    tt: TranspositionTable,
    threads: Vec<ThreadData>,
    /// Drives the limited-strength move choice; differs from run to run.
    random: u64,
}

impl Searcher {
    /// A searcher with a `hash_mb` table and `threads` threads.
    pub fn new(hash_mb: usize, threads: usize) -> Searcher {
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            threads: vec![ThreadData::default(); threads.max(1)],
            random: random_seed(),
        }
    }

    /// Resizes the table (its contents are lost). On failure the old table stays.
    pub fn set_hash(&mut self, megabytes: usize) -> Result<(), String> {
        self.tt = TranspositionTable::new(1); // free the old table first
        match TranspositionTable::try_new(megabytes) {
            Some(tt) => {
                self.tt = tt;
                Ok(())
            }
            None => Err(format!(
                "could not allocate {megabytes} MB for the hash table; using 1 MB"
            )),
        }
    }

    /// Sets the number of search threads.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads
            .resize_with(threads.max(1), ThreadData::default);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads.len()
    }

    /// Clears the table and every thread's histories (`ucinewgame`).
    pub fn clear(&mut self) {
        self.tt.clear();
        for t in &mut self.threads {
            t.clear();
        }
    }

    /// Clears only the table (`Clear Hash`).
    pub fn clear_hash(&self) {
        self.tt.clear();
    }

    /// Searches `root` (reached through the positions in `game`) within
    /// `limits`, calling `report` from the main thread after each line.
    pub fn search(
        &mut self,
        root: &Board,
        game: &KeyHistory,
        limits: &Limits,
        options: &SearchOptions,
        control: &SearchControl,
        report: &mut (dyn FnMut(&SearchInfo) + Send),
    ) -> SearchResult {
        let budgeted;
        let limits = match options.strength {
            Some(strength) => {
                let budget = strength.node_budget();
                budgeted = Limits {
                    nodes: Some(limits.nodes.map_or(budget, |n| n.min(budget))),
                    ..limits.clone()
                };
                &budgeted
            }
            None => limits,
        };
        if options.endgame_tables {
            // A tabled root starts its table's build now (in the background),
            // not only when the tree first reaches a tabled position.
            if let Some((ending, _)) = endgame_tables::dtm::Ending::of(root) {
                endgame_tables::dtm::table(ending);
            }
        }
        let mut legal = MoveList::new();
        root.generate_moves(&mut legal);
        let mut root_moves: Vec<RootMove> = legal
            .iter()
            .filter(|m| limits.search_moves.is_empty() || limits.search_moves.contains(m))
            .map(|&mv| RootMove {
                mv,
                score: -INFINITE,
                previous_score: -INFINITE,
                pv: vec![mv],
                seldepth: 0,
                bound: None,
            })
            .collect();
        if root_moves.is_empty() {
            return SearchResult {
                best_move: None,
                ponder: None,
                score: Score::Centipawns(0),
                bound: None,
                depth: 0,
                nodes: 0,
            };
        }
        self.tt.new_search();
        for data in &mut self.threads {
            data.configure(options.mating_potential);
        }
        let stop = AtomicBool::new(false);
        let counters: Vec<NodeCounter> = (0..self.threads.len())
            .map(|_| NodeCounter::default())
            .collect();
        let shared = Shared {
            tt: &self.tt,
            stop: &stop,
            node_counts: &counters,
            limits,
            mate_distance_pruning: options.mate_distance_pruning,
            selective: options.selective,
            mate_at_a_glance: options.mate_at_a_glance,
            endgame_tables: options.endgame_tables,
        };
        let time = Mutex::new(TimeManager::new(limits, options.move_overhead));
        let started = Instant::now();
        let single_reply_under_clock = root_moves.len() == 1 && limits.clock.is_some();
        let (main_data, helpers) = self.threads.split_first_mut().expect("at least one thread");
        let multipv = options.multipv.clamp(1, root_moves.len());
        // A limited strength searches extra lines to choose among.
        let lines = match options.strength {
            Some(_) => multipv.max(strength::LINES).min(root_moves.len()),
            None => multipv,
        };

        // The lines of the last completed iteration, for the limited-strength
        // choice: a stop inside an iteration leaves the lines after the first
        // unsearched or failed low at the new depth, with no score to weigh.
        let mut completed_lines: Vec<(Move, i32)> = Vec::new();

        let main_result = std::thread::scope(|scope| {
            for (i, data) in helpers.iter_mut().enumerate() {
                let shared = &shared;
                let mut moves = root_moves.clone();
                let game = game.clone();
                scope.spawn(move || {
                    let mut worker = Worker::new(i + 1, shared, data, game);
                    worker.iterate(root, &mut moves, 1, &mut |_, _| false);
                });
            }
            // The time manager, restarted first if a ponderhit arrived: our
            // own clock runs from that moment.
            let running_clock = || {
                let mut tm = time.lock().expect("time manager lock");
                if let Ok(mut at) = control.ponderhit_at.lock() {
                    if at.take().is_some() {
                        tm.restart();
                    }
                }
                tm
            };
            let clock_check = || {
                if control.is_stopped() {
                    return true;
                }
                if control.is_pondering() || limits.infinite {
                    return false;
                }
                running_clock().out_of_time()
            };
            let mut worker = Worker::new(0, &shared, main_data, game.clone());
            worker.clock_check = Some(&clock_check);

            let mut stability = 0u32;
            let mut last_best = Move::NULL;
            let mut last_reported: Option<(Move, i32)> = None;
            let mut report_lines = |w: &Worker, moves: &[RootMove], depth: u32| {
                for (i, rm) in moves.iter().take(multipv).enumerate() {
                    report(&SearchInfo {
                        depth,
                        seldepth: rm.seldepth as u32,
                        multipv: i as u32 + 1,
                        score: Score::from_internal(rm.score),
                        bound: rm.bound,
                        nodes: w.nodes_all_threads(),
                        time: started.elapsed(),
                        hashfull: w.shared.tt.hashfull(),
                        pv: rm.pv.clone(),
                    });
                }
            };
            let depth = worker.iterate_with(root, &mut root_moves, lines, &mut |w, moves| {
                let depth = w.completed_depth;
                report_lines(w, moves, depth);
                last_reported = Some((moves[0].mv, moves[0].score));
                if options.strength.is_some() {
                    completed_lines.clear();
                    completed_lines.extend(moves.iter().take(lines).map(|rm| (rm.mv, rm.score)));
                }
                // Decide whether another iteration fits.
                let best = &moves[0];
                if best.mv == last_best {
                    stability = (stability + 1).min(6);
                } else {
                    stability = 0;
                    last_best = best.mv;
                }
                if let Some(max) = limits.depth {
                    if depth >= max {
                        return true;
                    }
                }
                if let Some(n) = limits.mate {
                    if let Score::Mate(m) = Score::from_internal(best.score) {
                        if m > 0 && m as u32 <= n {
                            return true;
                        }
                    }
                }
                if single_reply_under_clock {
                    return true;
                }
                if control.is_pondering() || limits.infinite {
                    return false;
                }
                running_clock().should_stop_iterating(1.4 - 0.12 * f64::from(stability))
            });
            // A stop inside an iteration can leave a better line than the
            // last one reported (a mate found at the new depth, say); the
            // GUI is told of it, as the move played will be that line's.
            // Below the last iteration's score, the line is exact for its own
            // move only: the moves not yet searched may hold the position
            // higher (a mated side's longest defence, say). It bounds the
            // position from below, and is reported so.
            if let Some((_, completed)) = last_reported
                && root_moves[0].bound.is_none()
                && root_moves[0].score < completed
            {
                root_moves[0].bound = Some(Bound::Lower);
            }
            let best = &root_moves[0];
            let changed = last_reported != Some((best.mv, best.score));
            if lines == 1 && changed && best.score > -INFINITE {
                report_lines(&worker, &root_moves[..1], depth + 1);
            }
            stop.store(true, Relaxed);
            worker.publish_nodes();
            depth
        });

        if let Some(strength) = options.strength {
            self.random = self.random.wrapping_add(1);
            let candidates = strength_candidates(&completed_lines, &root_moves[0]);
            let scores: Vec<i32> = candidates.iter().map(|&(_, score)| score).collect();
            let chosen = candidates[strength.choose(&scores, splitmix(self.random))].0;
            if let Some(index) = root_moves.iter().position(|rm| rm.mv == chosen) {
                root_moves.swap(0, index);
            }
        }
        let best = &root_moves[0];
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
            score: Score::from_internal(best.score),
            bound: best.bound,
            depth: main_result,
            nodes: counters.iter().map(|c| c.0.load(Relaxed)).sum(),
        }
    }
}

impl Worker<'_> {
    /// Iterative deepening for a helper thread: no reporting.
    fn iterate(
        &mut self,
        root: &Board,
        moves: &mut [RootMove],
        multipv: usize,
        done: &mut dyn FnMut(&Worker, &[RootMove]) -> bool,
    ) -> u32 {
        self.iterate_with(root, moves, multipv, done)
    }

    /// Deepens until `done` (called after each completed iteration) says
    /// stop, or the search is stopped. Returns the last completed depth.
    fn iterate_with(
        &mut self,
        root: &Board,
        moves: &mut [RootMove],
        multipv: usize,
        done: &mut dyn FnMut(&Worker, &[RootMove]) -> bool,
    ) -> u32 {
        let max_depth = (crate::score::MAX_PLY - 8) as i32;
        let mut depth = 1 + (self.id % 2) as i32;
        while depth <= max_depth {
            for rm in moves.iter_mut() {
                rm.previous_score = rm.score;
            }
            self.root_depth = depth;
            for pv_index in 0..multipv {
                self.seldepth = 0;
                self.aspiration(root, moves, pv_index, depth);
                if self.stopped {
                    break;
                }
                moves[pv_index..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                // Lines found so far stay ordered best first (a later line
                // may score above an earlier one after a re-search).
                moves[..=pv_index].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth as u32;
            if done(self, moves) {
                break;
            }
            depth += 1;
        }
        self.completed_depth
    }

    fn aspiration(&mut self, root: &Board, moves: &mut [RootMove], pv_index: usize, depth: i32) {
        let previous = moves[pv_index].previous_score;
        let mut delta = 20;
        let (mut alpha, mut beta) = if depth >= 4 && !is_mate(previous) && previous > -INFINITE {
            (
                (previous - delta).max(-INFINITE),
                (previous + delta).min(INFINITE),
            )
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.root_search(root, moves, pv_index, depth, alpha, beta);
            if self.stopped {
                return;
            }
            if score <= alpha && alpha > -INFINITE {
                beta = (alpha + beta) / 2;
                alpha = if score <= -MATE_BOUND {
                    -INFINITE
                } else {
                    (score - delta).max(-INFINITE)
                };
            } else if score >= beta && beta < INFINITE {
                beta = if score >= MATE_BOUND {
                    INFINITE
                } else {
                    (score + delta).min(INFINITE)
                };
            } else {
                return;
            }
            delta += delta / 2;
        }
    }

    /// Searches the root moves from `pv_index` on; moves that do not raise
    /// alpha keep -INFINITE so the stable sort leaves them in order.
    fn root_search(
        &mut self,
        root: &Board,
        moves: &mut [RootMove],
        pv_index: usize,
        depth: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let key = root.hash();
        let original_alpha = alpha;
        let mut best = -INFINITE;
        for i in pv_index..moves.len() {
            let mv = moves[i].mv;
            let mut child = root.clone();
            child.play_unchecked(mv);
            self.stack[0].record(root, mv);
            self.keys.push(key);
            let gives_check = child.in_check();
            let new_depth = depth - 1 + i32::from(gives_check);
            self.seldepth = self.seldepth.max(1);
            let score = if i == pv_index {
                -self.search::<true>(&child, new_depth, -beta, -alpha, 1, false)
            } else {
                let mut s = -self.search::<false>(&child, new_depth, -alpha - 1, -alpha, 1, true);
                if s > alpha && s < beta {
                    s = -self.search::<true>(&child, new_depth, -beta, -alpha, 1, false);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                return best;
            }
            let rm = &mut moves[i];
            if i == pv_index || score > alpha {
                rm.score = score;
                rm.bound = if score >= beta {
                    Some(Bound::Lower)
                } else if score <= alpha {
                    Some(Bound::Upper)
                } else {
                    None
                };
                rm.seldepth = self.seldepth;
                rm.pv.clear();
                rm.pv.push(mv);
                rm.pv
                    .extend_from_slice(&self.pv[1][1..self.pv_len[1].max(1)]);
            } else {
                rm.score = -INFINITE;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                // Move the new best to the front of the remaining lines.
                moves[pv_index..=i].rotate_right(1);
                if score >= beta {
                    break;
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.shared
            .tt
            .store(key, moves[pv_index].mv, best, 0, depth, bound, 0);
        best
    }
}

/// The lines a limited strength chooses among: the last completed
/// iteration's, best first, unless the interrupted iteration's first line
/// already beats them all (a mate found at the new depth, say), which then
/// leads. Lines with no score are left out; the first line is always there.
fn strength_candidates(completed: &[(Move, i32)], interrupted_best: &RootMove) -> Vec<(Move, i32)> {
    let mut lines: Vec<(Move, i32)> = completed
        .iter()
        .copied()
        .take_while(|&(_, score)| score > -INFINITE)
        .collect();
    let leads = lines
        .first()
        .is_none_or(|&(_, best)| interrupted_best.score > best);
    if leads && interrupted_best.score > -INFINITE || lines.is_empty() {
        lines.retain(|&(mv, _)| mv != interrupted_best.mv);
        lines.insert(0, (interrupted_best.mv, interrupted_best.score));
    }
    lines
}

/// A seed that differs between runs, so that a limited-strength engine does
/// not play the same game twice.
fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    splitmix(nanos ^ u64::from(std::process::id()).rotate_left(32))
}

/// SplitMix64's output function: successive inputs give well-mixed,
/// uncorrelated outputs.
fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(bits: u16, score: i32) -> (Move, i32) {
        (Move::from_bits(bits), score)
    }

    fn interrupted(bits: u16, score: i32) -> RootMove {
        RootMove {
            mv: Move::from_bits(bits),
            score,
            previous_score: -INFINITE,
            pv: Vec::new(),
            seldepth: 0,
            bound: None,
        }
    }

    #[test]
    fn a_stop_inside_an_iteration_keeps_the_completed_lines() {
        let completed = [line(1, 50), line(2, 45), line(3, 30), line(4, 27)];
        // The new depth's first line scored lower than the completed best:
        // the completed lines stand, all four of them.
        let lines = strength_candidates(&completed, &interrupted(2, 40));
        assert_eq!(lines, completed);
    }

    #[test]
    fn a_better_first_line_at_the_new_depth_leads() {
        let completed = [line(1, 50), line(2, 45), line(3, 30)];
        let mate = crate::score::mate_in(5);
        let lines = strength_candidates(&completed, &interrupted(3, mate));
        assert_eq!(lines, [line(3, mate), line(1, 50), line(2, 45)]);
    }

    #[test]
    fn unscored_lines_are_left_out_and_the_first_is_always_there() {
        let completed = [line(1, 50), line(2, -INFINITE)];
        assert_eq!(
            strength_candidates(&completed, &interrupted(1, 20)),
            [line(1, 50)]
        );
        assert_eq!(
            strength_candidates(&[], &interrupted(5, -INFINITE)),
            [line(5, -INFINITE)]
        );
    }
}
