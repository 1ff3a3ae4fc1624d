//! `cargo xtask mates --suite FILE`: how many of a suite's mates the search
//! proves within a node budget (or, with `--movetime`, a time), matetrack-style.
//!
//! Each line is `FEN bm #N;` (N > 0: the side to move mates in N; N < 0: it
//! is mated in -N). Every position is searched in-process, single-threaded,
//! with a fresh hash and fresh histories, so the counts depend only on the
//! binary and the node budget, never on `--threads` or the machine's load
//! (a `--movetime` count does depend on the machine).
//!
//! With `--engine PROGRAM` another UCI engine searches instead (`ucinewgame`
//! and `go nodes N` or `go movetime MS` per position, one process per
//! thread), judged the same way on the same seeded sample.

use crate::parallel;
use crate::uci_engine::UciEngine;
use endgame_tables::{Ready, Tablebases};
use movegen::{Board, KeyHistory, SplitMix64};
use search::{Bound, Limits, Score, SearchControl, SearchOptions, Searcher};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// One problem of the suite: the line it came from, its position and its best mate.
pub(crate) struct Problem {
    pub(crate) line: String,
    pub(crate) board: Board,
    pub(crate) best_mate: i32,
}

/// What the search said of one problem.
#[derive(Copy, Clone, Debug, Default)]
struct Outcome {
    /// The mate reported at the end (moves, side to move's view), if any.
    mate: Option<i32>,
    nodes: u64,
}

/// How a reported mate compares with the suite's `bm`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// No mate reported.
    Missed,
    /// A mate of the right sign, longer than the best.
    Found,
    /// A mate of the right sign at the best distance.
    Best,
    /// A mate that cannot be: the wrong sign, or shorter than the best.
    Wrong,
}

pub(crate) fn judge_mate(best_mate: i32, reported: Option<i32>) -> Verdict {
    match reported {
        None => Verdict::Missed,
        Some(m) if m.signum() != best_mate.signum() => Verdict::Wrong,
        Some(m) if m.abs() < best_mate.abs() => Verdict::Wrong,
        Some(m) if m == best_mate => Verdict::Best,
        Some(_) => Verdict::Found,
    }
}

/// Settings of one suite run.
pub(crate) struct SuiteRun {
    pub(crate) path: String,
    pub(crate) nodes: u64,
    /// A time per position instead of the node budget.
    pub(crate) move_time: Option<Duration>,
    pub(crate) threads: usize,
    pub(crate) hash_mb: usize,
    pub(crate) missed: Option<String>,
    pub(crate) sample: Option<usize>,
    pub(crate) seed: u64,
    pub(crate) options: SearchOptions,
    /// Another UCI engine to search with instead of Matewise's own search.
    pub(crate) engine: Option<ExternalEngine>,
}

/// A UCI engine's program and the options to set on it.
pub(crate) struct ExternalEngine {
    pub(crate) program: String,
    pub(crate) options: Vec<(String, String)>,
}

fn parse_line(line: &str) -> Result<Option<(Board, i32)>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let (fen_part, rest) = line
        .split_once(" bm #")
        .ok_or_else(|| "no 'bm #N' operation".to_string())?;
    let digits: String = rest
        .chars()
        .take_while(|c| *c == '-' || c.is_ascii_digit())
        .collect();
    let best_mate: i32 = digits
        .parse()
        .map_err(|_| format!("bad mate length '#{digits}'"))?;
    if best_mate == 0 {
        return Err("bm #0 is not a mate to find".to_string());
    }
    // EPD gives four fields; complete them to a FEN when the clocks are missing.
    let fields = fen_part.split_whitespace().count();
    let fen = if fields == 4 {
        format!("{fen_part} 0 1")
    } else {
        fen_part.to_string()
    };
    let board = Board::from_fen(&fen).map_err(|e| e.to_string())?;
    Ok(Some((board, best_mate)))
}

/// The suite's problems, or a seeded sample of `(count, seed)` of them.
pub(crate) fn read_problems(
    path: &str,
    sample_of: Option<(usize, u64)>,
) -> Result<Vec<Problem>, String> {
    let problems = read_suite(path)?;
    Ok(match sample_of {
        Some((count, seed)) => sample(problems, count, seed),
        None => problems,
    })
}

fn read_suite(path: &str) -> Result<Vec<Problem>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut problems = Vec::new();
    for (number, line) in text.lines().enumerate() {
        match parse_line(line) {
            Ok(Some((board, best_mate))) => problems.push(Problem {
                line: line.trim().to_string(),
                board,
                best_mate,
            }),
            Ok(None) => {}
            Err(e) => return Err(format!("{path}:{}: {e}", number + 1)),
        }
    }
    Ok(problems)
}

/// A seeded choice of `count` problems, in suite order (splitmix64 draws,
/// so that the same seed picks the same sample on every machine).
fn sample(problems: Vec<Problem>, count: usize, seed: u64) -> Vec<Problem> {
    let mut rng = SplitMix64::new(seed);
    let mut indices: Vec<usize> = (0..problems.len()).collect();
    for i in (1..indices.len()).rev() {
        indices.swap(i, rng.below(i + 1));
    }
    let mut chosen: Vec<usize> = indices.into_iter().take(count).collect();
    chosen.sort_unstable();
    let mut keep = vec![false; problems.len()];
    for i in chosen {
        keep[i] = true;
    }
    problems
        .into_iter()
        .zip(keep)
        .filter_map(|(p, k)| k.then_some(p))
        .collect()
}

fn solve(problem: &Problem, run: &SuiteRun, tables: &Tablebases) -> Outcome {
    let mut searcher = Searcher::new(run.hash_mb, 1);
    searcher.set_tablebases(tables.clone());
    let limits = match run.move_time {
        Some(time) => Limits {
            move_time: Some(time),
            ..Limits::default()
        },
        None => Limits {
            nodes: Some(run.nodes),
            ..Limits::default()
        },
    };
    let result = searcher.search(
        &problem.board,
        &KeyHistory::default(),
        &limits,
        &run.options,
        &SearchControl::new(false),
        &mut |_| {},
    );
    // Only an exact score, or a lower bound that we mate (one move proved
    // it), claims a mate. A root bound left by a stop bounds one move, or
    // the position from the wrong side: a lower bound of being mated says
    // only that the defence lasts at least that long.
    let mate = match (result.score, result.bound) {
        (Score::Mate(m), None) => Some(m),
        (Score::Mate(m), Some(Bound::Lower)) if m > 0 => Some(m),
        _ => None,
    };
    // A side to move that is already mated has nothing to search.
    let mate = if result.best_move.is_none() && problem.board.in_check() {
        Some(0)
    } else {
        mate
    };
    Outcome {
        mate,
        nodes: result.nodes,
    }
}

/// Who searches the problems: the search in this process, or one engine
/// process per thread.
enum Solver {
    /// With the tables every in-process search shares.
    InProcess(Tablebases),
    External(UciEngine),
}

impl Solver {
    fn start(run: &SuiteRun, tables: &Tablebases) -> Result<Solver, String> {
        match &run.engine {
            None => Ok(Solver::InProcess(tables.clone())),
            Some(engine) => {
                let hash = ("Hash".to_string(), run.hash_mb.to_string());
                let options: Vec<_> = std::iter::once(hash)
                    .chain(engine.options.iter().cloned())
                    .collect();
                UciEngine::start(&engine.program, &options).map(Solver::External)
            }
        }
    }

    fn solve(&mut self, problem: &Problem, run: &SuiteRun) -> Result<Outcome, String> {
        match self {
            Solver::InProcess(tables) => Ok(solve(problem, run, tables)),
            Solver::External(engine) => {
                let go = match run.move_time {
                    Some(time) => format!("go movetime {}", time.as_millis()),
                    None => format!("go nodes {}", run.nodes),
                };
                let end = engine.search(&problem.board.to_fen(), &go)?;
                Ok(Outcome {
                    mate: end.mate,
                    nodes: end.nodes,
                })
            }
        }
    }
}

/// Builds the distance-to-mate tables before the first search, not in the
/// background during one, so that the counts never depend on when a table
/// became ready; says so, as it takes a while.
fn build_tables(tables: &Tablebases) {
    let started = Instant::now();
    eprintln!("building the distance-to-mate tables (--no-tables skips this)...");
    std::thread::scope(|scope| {
        for ending in endgame_tables::dtm::Ending::ALL {
            scope.spawn(move || tables.table(ending, Ready::Now));
        }
    });
    eprintln!("tables built in {:.1} s", started.elapsed().as_secs_f64());
}

pub(crate) fn run_suite(run: &SuiteRun) -> Result<(), String> {
    let started = Instant::now();
    let problems = read_problems(&run.path, run.sample.map(|count| (count, run.seed)))?;
    if problems.is_empty() {
        return Err(format!("{}: no 'FEN bm #N;' lines", run.path));
    }
    // The user's cache (XDG_CACHE_HOME chooses another), as the engine's.
    let tables = Tablebases::new();
    if run.engine.is_none() && run.options.endgame_tables {
        build_tables(&tables);
    }
    let total = problems.len();
    eprintln!(
        "searching {total} positions, {} each, on {} thread(s)",
        budget(run),
        run.threads.max(1)
    );
    let found_so_far = AtomicUsize::new(0);
    let outcomes = parallel::solve_all(
        &problems,
        run.threads,
        || Solver::start(run, &tables),
        |solver, problem| solver.solve(problem, run),
        |outcome| {
            let found = found_so_far
                .fetch_add(usize::from(outcome.mate.is_some()), Ordering::Relaxed)
                + usize::from(outcome.mate.is_some());
            Some(format!("mates {found}"))
        },
    )?;
    report(run, &problems, &outcomes, started.elapsed())
}

/// What each position gets, in words.
fn budget(run: &SuiteRun) -> String {
    match run.move_time {
        Some(time) => format!("{} ms", time.as_millis()),
        None => format!("{} nodes", run.nodes),
    }
}

fn report(
    run: &SuiteRun,
    problems: &[Problem],
    outcomes: &[Outcome],
    elapsed: Duration,
) -> Result<(), String> {
    let mut counts = [0usize; 4];
    let mut missed = String::new();
    let mut wrong = String::new();
    for (problem, outcome) in problems.iter().zip(outcomes) {
        let verdict = judge_mate(problem.best_mate, outcome.mate);
        counts[verdict as usize] += 1;
        match verdict {
            Verdict::Missed => {
                let _ = writeln!(missed, "{}", problem.line);
            }
            Verdict::Wrong => {
                let _ = writeln!(
                    wrong,
                    "  {}  (reported #{})",
                    problem.line,
                    outcome.mate.unwrap_or(0)
                );
            }
            _ => {}
        }
    }
    let [missed_count, found, best, wrong_count] = counts;
    let nodes: u64 = outcomes.iter().map(|o| o.nodes).sum();
    let searcher = match &run.engine {
        Some(engine) => format!("engine {}", engine.program),
        None => format!(
            "glance {}",
            if run.options.mate_at_a_glance {
                "on"
            } else {
                "off"
            }
        ),
    };
    println!(
        "{} positions, {} each, {searcher}",
        problems.len(),
        budget(run)
    );
    println!(
        "mates reported {} ({:.1}%), at the best distance {}, wrong {}, missed {}",
        found + best + wrong_count,
        100.0 * (found + best + wrong_count) as f64 / problems.len() as f64,
        best,
        wrong_count,
        missed_count
    );
    println!(
        "{} nodes searched, {:.1} s in all",
        nodes,
        elapsed.as_secs_f64()
    );
    if !wrong.is_empty() {
        print!("wrong:\n{wrong}");
    }
    if let Some(path) = &run.missed {
        std::fs::write(path, missed).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reported_mate_is_judged_against_the_best() {
        assert_eq!(judge_mate(3, None), Verdict::Missed);
        assert_eq!(judge_mate(3, Some(3)), Verdict::Best);
        assert_eq!(judge_mate(3, Some(5)), Verdict::Found);
        assert_eq!(judge_mate(3, Some(2)), Verdict::Wrong);
        assert_eq!(judge_mate(3, Some(-4)), Verdict::Wrong);
        assert_eq!(judge_mate(-2, Some(-2)), Verdict::Best);
        assert_eq!(judge_mate(-2, Some(-1)), Verdict::Wrong);
        assert_eq!(judge_mate(-2, Some(2)), Verdict::Wrong);
    }

    #[test]
    fn suite_lines_parse_with_and_without_clocks() {
        let (board, bm) = parse_line("5K2/8/2qk4/2nPp3/3r4/6B1/B7/3R4 w - e6 bm #1; ep; 00:00;")
            .unwrap()
            .unwrap();
        assert_eq!(bm, 1);
        assert!(!board.in_check());
        let (_, bm) = parse_line("8/8/8/8/8/8/R7/k1K5 b - - 0 1 bm #-1;")
            .unwrap()
            .unwrap();
        assert_eq!(bm, -1);
        assert!(parse_line("# a comment").unwrap().is_none());
        assert!(parse_line("8/8/8/8/8/8/8/8 w - - bm #1;").is_err());
        assert!(parse_line("8/8/8/8/8/8/R7/k1K5 b - - bm 1;").is_err());
    }

    #[test]
    fn a_sample_is_seeded_and_in_suite_order() {
        let problems = |n: usize| {
            (0..n)
                .map(|i| Problem {
                    line: i.to_string(),
                    board: Board::default(),
                    best_mate: 1,
                })
                .collect::<Vec<_>>()
        };
        let a: Vec<String> = sample(problems(50), 10, 7)
            .into_iter()
            .map(|p| p.line)
            .collect();
        let b: Vec<String> = sample(problems(50), 10, 7)
            .into_iter()
            .map(|p| p.line)
            .collect();
        let c: Vec<String> = sample(problems(50), 10, 8)
            .into_iter()
            .map(|p| p.line)
            .collect();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.len(), 10);
        let numbers: Vec<usize> = a.iter().map(|s| s.parse().unwrap()).collect();
        assert!(numbers.windows(2).all(|w| w[0] < w[1]));
    }
}
