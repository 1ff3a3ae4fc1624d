//! `cargo xtask mates --suite FILE --check`: runs a `FEN bm #N;` suite
//! through the engine binary over UCI, as a GUI would, and checks every
//! line it prints against the suite's known mates:
//!
//! - a **wrong mate** claims that the wrong side mates, or mates sooner
//!   than the suite's best allows;
//! - a **bad PV** has an illegal move, or, under an exact mate score, is
//!   not exactly the announced length (2N−1 plies for mate in N, 2N for
//!   mated in N), does not end in checkmate, or passes through a draw by
//!   threefold repetition, the fifty-move rule or insufficient material
//!   on the way;
//! - a **bad bestmove** is illegal, or `0000` where there are moves;
//! - an **unreadable info line** is one that `protocol::Info::parse`
//!   rejects (an unknown field, a bad number or move).
//!
//! With `--go-mate N` the positions whose mate is within N moves (either
//! side's) are searched with `go mate |bm|` instead, and each must end with
//! that mate and a complete PV. `--write-twin` makes the suite's
//! one-ply-on twin, where the side to move is the one being mated.

use crate::mate_suite::{Problem, judge_mate, read_problems};
use crate::parallel;
use crate::uci_engine::UciEngine;
use movegen::{Board, DrawReason, KeyHistory, MoveList, Outcome};
use protocol::{Bound, Info, InfoError};
use search::{Limits, Score, SearchControl, SearchOptions, Searcher};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// How long `go mate N` may search one position before it counts as not found.
const GO_MATE_LIMIT: Duration = Duration::from_secs(30);

/// Settings of one checked run.
pub(crate) struct CheckRun {
    pub(crate) path: String,
    pub(crate) sample: Option<(usize, u64)>,
    pub(crate) nodes: u64,
    /// `go mate |bm|` on the positions with a mate within this many moves.
    pub(crate) go_mate: Option<u32>,
    pub(crate) program: String,
    pub(crate) options: Vec<(String, String)>,
    /// Engine processes run at once.
    pub(crate) processes: usize,
    /// Where to write every fault in full.
    pub(crate) faults_file: Option<String>,
}

/// The kinds of fault, in report order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Fault {
    WrongMate,
    IllegalPv,
    PvLength,
    PvNotMate,
    PvDraw,
    BadBestMove,
    BadInfo,
    NotFound,
    /// The search still ran when the reply limit ran out (then `stop`):
    /// apart from a mate `go mate` did not find, since for `go nodes` it
    /// is a search that never answered, not a missed mate.
    Unanswered,
}

const FAULTS: [(Fault, &str); 9] = [
    (Fault::WrongMate, "wrong mates"),
    (Fault::IllegalPv, "illegal PVs"),
    (Fault::PvLength, "PVs of the wrong length"),
    (Fault::PvNotMate, "PVs not ending in mate"),
    (Fault::PvDraw, "PVs through a draw"),
    (Fault::BadBestMove, "bad bestmoves"),
    (Fault::BadInfo, "unreadable info lines"),
    (Fault::NotFound, "go mate: not found"),
    (Fault::Unanswered, "searches unanswered at the limit"),
];

/// What a score says: its kind, value and bound.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Claim {
    Centipawns,
    /// Mate in N moves (negative: mated), with its bound.
    Mate(i32, Bound),
}

/// One `info` line with a score and a PV.
#[derive(Debug, PartialEq, Eq)]
struct ScoreLine {
    multipv: u32,
    claim: Claim,
    pv: Vec<String>,
}

/// An `info` line's score, read by `protocol`: `None` for any other line,
/// `info string` or an `info` line without a score; an error for an `info`
/// line that does not read.
fn parse_score_line(line: &str) -> Option<Result<ScoreLine, InfoError>> {
    let info = match Info::parse(line) {
        Ok(info) => info,
        Err(InfoError::NotInfo(_) | InfoError::InfoString) => return None,
        Err(error) => return Some(Err(error)),
    };
    let claim = match info.score? {
        protocol::Score::Cp(_) => Claim::Centipawns,
        protocol::Score::Mate(m) => Claim::Mate(m, info.bound),
    };
    Some(Ok(ScoreLine {
        multipv: info.multipv.unwrap_or(1),
        claim,
        pv: info.pv.iter().map(ToString::to_string).collect(),
    }))
}

/// The mate a claim asserts, as a distance that the suite can refute: an
/// exact mate, a lower bound that we mate, an upper bound that we are mated.
fn asserted_mate(claim: Claim) -> Option<i32> {
    match claim {
        Claim::Mate(m, Bound::Exact) => Some(m),
        Claim::Mate(m, Bound::Lower) if m > 0 => Some(m),
        Claim::Mate(m, Bound::Upper) if m < 0 => Some(m),
        _ => None,
    }
}

/// Whether `claim` on line `multipv` contradicts the position's best mate
/// `best`. The first line speaks for the position; a later line speaks
/// for a move, which may be worse, so only a mate that it delivers can be
/// refuted (no move mates sooner than the best).
fn claim_is_wrong(best: i32, multipv: u32, claim: Claim) -> bool {
    let Some(mate) = asserted_mate(claim) else {
        return false;
    };
    if multipv > 1 && mate < 0 {
        return false;
    }
    mate.signum() != best.signum() || mate.abs() < best.abs()
}

/// What is wrong with `pv` from `root`, if anything. Every PV must be
/// legal; under an exact mate of `mate` moves it must also run to
/// checkmate in exactly the plies that mate takes, through no position
/// that the rules would already have drawn.
fn pv_fault(
    root: &Board,
    pv: &[impl AsRef<str>],
    exact_mate: Option<i32>,
) -> Option<(Fault, String)> {
    let mut board = root.clone();
    let mut history = KeyHistory::default();
    for (ply, text) in pv.iter().map(AsRef::as_ref).enumerate() {
        let Ok(mv) = board.parse_uci_move(text) else {
            return Some((
                Fault::IllegalPv,
                format!("ply {}: {text} is illegal", ply + 1),
            ));
        };
        history.push(board.hash());
        board.play_unchecked(mv);
        if exact_mate.is_none() {
            continue;
        }
        let drawn_by = match board.outcome(&history) {
            Some(Outcome::Decisive { .. }) if ply + 1 < pv.len() => {
                return Some((
                    Fault::IllegalPv,
                    format!("ply {}: moves after mate", ply + 2),
                ));
            }
            Some(Outcome::Draw(DrawReason::Repetition)) => "threefold repetition",
            Some(Outcome::Draw(DrawReason::FiftyMoves)) => "fifty-move rule",
            Some(Outcome::Draw(DrawReason::InsufficientMaterial)) => "insufficient material",
            // A stalemate ends the line: a move after it is illegal, and
            // a line ending in it is no mate.
            Some(Outcome::Draw(DrawReason::Stalemate) | Outcome::Decisive { .. }) | None => {
                continue;
            }
        };
        return Some((Fault::PvDraw, format!("ply {}: {drawn_by}", ply + 1)));
    }
    let mate = exact_mate?;
    let plies = if mate > 0 { 2 * mate - 1 } else { -2 * mate };
    if pv.len() != plies as usize {
        return Some((
            Fault::PvLength,
            format!("{} plies for mate {mate}, which takes {plies}", pv.len()),
        ));
    }
    if !board.is_checkmate() {
        return Some((Fault::PvNotMate, "the last position is not mate".into()));
    }
    None
}

/// What one position's search printed, judged.
#[derive(Default)]
struct Checked {
    /// The mate the last first line asserted, if any.
    mate: Option<i32>,
    faults: Vec<(Fault, String)>,
}

fn check_lines(problem: &Problem, lines: &[String], go_mate: bool) -> Checked {
    let mut checked = Checked::default();
    let mut legal = MoveList::new();
    problem.board.generate_moves(&mut legal);
    for line in lines {
        if let Some(bestmove) = line.strip_prefix("bestmove ") {
            let text = bestmove.split_whitespace().next().unwrap_or("");
            let ok = if legal.is_empty() {
                text == "0000"
            } else {
                problem.board.parse_uci_move(text).is_ok()
            };
            if !ok {
                checked.faults.push((
                    Fault::BadBestMove,
                    format!("{line} (legal moves: {})", legal.len()),
                ));
            }
            continue;
        }
        let score = match parse_score_line(line) {
            None => continue,
            Some(Ok(score)) => score,
            Some(Err(error)) => {
                checked
                    .faults
                    .push((Fault::BadInfo, format!("{error}: {line}")));
                continue;
            }
        };
        if score.multipv == 1 {
            checked.mate = asserted_mate(score.claim);
        }
        if claim_is_wrong(problem.best_mate, score.multipv, score.claim) {
            checked.faults.push((Fault::WrongMate, line.clone()));
        }
        let exact_mate = match score.claim {
            Claim::Mate(m, Bound::Exact) => Some(m),
            _ => None,
        };
        if let Some((fault, why)) = pv_fault(&problem.board, &score.pv, exact_mate) {
            checked.faults.push((fault, format!("{why}: {line}")));
        }
    }
    if go_mate && checked.mate != Some(problem.best_mate) {
        let said = checked
            .mate
            .map_or("no mate".into(), |m| format!("mate {m}"));
        checked.faults.push((Fault::NotFound, said));
    }
    checked
}

fn go_command(run: &CheckRun, problem: &Problem) -> String {
    match run.go_mate {
        Some(_) => format!("go mate {}", problem.best_mate.unsigned_abs()),
        None => format!("go nodes {}", run.nodes),
    }
}

fn search_one(
    engine: &mut UciEngine,
    run: &CheckRun,
    problem: &Problem,
) -> Result<Checked, String> {
    engine.send("ucinewgame")?;
    engine.ready()?;
    let limit = match run.go_mate {
        Some(_) => GO_MATE_LIMIT,
        None => crate::uci_engine::REPLY_TIMEOUT,
    };
    let position = format!("position fen {}", problem.board.to_fen());
    let (lines, stopped) = engine.go(&position, &go_command(run, problem), limit)?;
    let mut checked = check_lines(problem, &lines, run.go_mate.is_some());
    if stopped {
        checked.faults.push((
            Fault::Unanswered,
            format!("still searching after {limit:?}"),
        ));
    }
    Ok(checked)
}

pub(crate) fn run_check(run: &CheckRun) -> Result<(), String> {
    let started = Instant::now();
    let mut problems = read_problems(&run.path, run.sample)?;
    if let Some(within) = run.go_mate {
        problems.retain(|p| p.best_mate.unsigned_abs() <= within);
    }
    if problems.is_empty() {
        return Err(format!("{}: no positions to check", run.path));
    }
    let total = problems.len();
    eprintln!(
        "checking {total} positions with {}, {} process(es)",
        run.program,
        run.processes.max(1)
    );
    let results = parallel::solve_all(
        &problems,
        run.processes,
        || UciEngine::start(&run.program, &run.options),
        |engine, problem| {
            search_one(engine, run, problem).map_err(|e| format!("{}: {e}", problem.line))
        },
        |_| None,
    )?;
    report(run, &problems, &results, started.elapsed())
}

fn report(
    run: &CheckRun,
    problems: &[Problem],
    results: &[Checked],
    elapsed: Duration,
) -> Result<(), String> {
    let mut verdicts = [0usize; 4];
    let mut counts = [0usize; FAULTS.len()];
    let mut listing = String::new();
    for (problem, checked) in problems.iter().zip(results) {
        verdicts[judge_mate(problem.best_mate, checked.mate) as usize] += 1;
        for (fault, why) in &checked.faults {
            let slot = FAULTS.iter().position(|(f, _)| f == fault).expect("listed");
            counts[slot] += 1;
            let _ = writeln!(listing, "{}\t{}\t{why}", FAULTS[slot].1, problem.line);
        }
    }
    let options: Vec<String> = run
        .options
        .iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect();
    let go = match run.go_mate {
        Some(within) => format!("go mate |N| for the mates within {within}"),
        None => go_command(run, &problems[0]),
    };
    println!(
        "{} positions, {go} ({}), {:.1} s",
        problems.len(),
        options.join(" "),
        elapsed.as_secs_f64()
    );
    let [missed, found, best, _] = verdicts;
    println!(
        "mates reported {} (at the best distance {best}), missed {missed}",
        found + best + verdicts[3],
    );
    let summary: Vec<String> = FAULTS
        .iter()
        .zip(counts)
        .map(|((_, name), n)| format!("{name} {n}"))
        .collect();
    println!("{}", summary.join(", "));
    for line in listing.lines().take(20) {
        println!("  {line}");
    }
    if let Some(path) = &run.faults_file {
        std::fs::write(path, &listing).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(())
}

/// `--write-twin FILE`: each position whose best mate the in-process search
/// proves within `nodes`, one ply on. After the mating side's first move
/// the defender is mated in N−1; after the defender's move, the attacker
/// mates in N. A mate in one has no twin (the position after it is over).
pub(crate) fn write_twin(
    path: &str,
    sample: Option<(usize, u64)>,
    nodes: u64,
    threads: usize,
    out: &str,
) -> Result<(), String> {
    let problems = read_problems(path, sample)?;
    let total = problems.len();
    let twins = parallel::solve_all(
        &problems,
        threads,
        || Ok(Searcher::new(16, 1)),
        |searcher, problem| Ok(twin_of(searcher, problem, nodes)),
        |_| None,
    )?;
    let lines: Vec<String> = twins.into_iter().flatten().collect();
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(out, text).map_err(|e| format!("{out}: {e}"))?;
    println!(
        "{} of {total} positions have a twin (best mate proved in {nodes} nodes, no mate in 1): {out}",
        lines.len()
    );
    Ok(())
}

fn twin_of(searcher: &mut Searcher, problem: &Problem, nodes: u64) -> Option<String> {
    let best = problem.best_mate;
    if best == 1 {
        return None;
    }
    searcher.clear();
    let limits = Limits {
        nodes: Some(nodes),
        mate: Some(best.unsigned_abs()),
        ..Limits::default()
    };
    let result = searcher.search(
        &problem.board,
        &KeyHistory::default(),
        &limits,
        &SearchOptions::default(),
        &SearchControl::new(false),
        &mut |_| {},
    );
    if result.score != Score::Mate(best) || result.bound.is_some() {
        return None;
    }
    let mut after = problem.board.clone();
    after.play_unchecked(result.best_move?);
    let twin_mate = if best > 0 { -(best - 1) } else { -best };
    Some(format!("{} bm #{twin_mate};", after.to_fen()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(fen: &str, best_mate: i32) -> Problem {
        Problem {
            line: fen.to_string(),
            board: Board::from_fen(fen).unwrap(),
            best_mate,
        }
    }

    #[test]
    fn score_lines_are_parsed() {
        let line =
            "info depth 5 seldepth 7 multipv 2 score mate -3 upperbound nodes 9 pv a1a2 b1b2";
        assert_eq!(
            parse_score_line(line),
            Some(Ok(ScoreLine {
                multipv: 2,
                claim: Claim::Mate(-3, Bound::Upper),
                pv: vec!["a1a2".into(), "b1b2".into()],
            }))
        );
        let cp = parse_score_line("info depth 1 score cp 20 pv e2e4")
            .unwrap()
            .unwrap();
        assert_eq!((cp.multipv, cp.claim), (1, Claim::Centipawns));
        assert!(matches!(
            parse_score_line("info depth 1 score cp 20 pv a1a9"),
            Some(Err(InfoError::InvalidMove { field: "pv", .. }))
        ));
        assert_eq!(parse_score_line("info string score mate 1"), None);
        assert_eq!(parse_score_line("info depth 3 nodes 100"), None);
    }

    #[test]
    fn mates_sooner_than_the_best_or_of_the_wrong_side_are_wrong() {
        let exact = |m| Claim::Mate(m, Bound::Exact);
        assert!(!claim_is_wrong(3, 1, exact(3)));
        assert!(!claim_is_wrong(3, 1, exact(5)));
        assert!(claim_is_wrong(3, 1, exact(2)));
        assert!(claim_is_wrong(3, 1, exact(-4)));
        assert!(claim_is_wrong(-2, 1, exact(-1)));
        assert!(!claim_is_wrong(-2, 1, exact(-2)));
        assert!(claim_is_wrong(-2, 1, exact(4)));
        // Bounds assert a mate only in their own direction.
        assert!(claim_is_wrong(3, 1, Claim::Mate(2, Bound::Lower)));
        assert!(!claim_is_wrong(3, 1, Claim::Mate(2, Bound::Upper)));
        assert!(claim_is_wrong(-3, 1, Claim::Mate(-2, Bound::Upper)));
        assert!(!claim_is_wrong(-3, 1, Claim::Mate(-2, Bound::Lower)));
        // A later line may be mated sooner than the best, never mate sooner.
        assert!(!claim_is_wrong(3, 2, exact(-1)));
        assert!(!claim_is_wrong(-3, 2, exact(-1)));
        assert!(claim_is_wrong(3, 2, exact(2)));
        assert!(claim_is_wrong(-3, 2, exact(5)));
        assert!(!claim_is_wrong(3, 1, Claim::Centipawns));
    }

    #[test]
    fn a_mate_pv_must_run_exactly_to_checkmate() {
        // Back-rank mate in one, and the KR v K mate-distance seed.
        let back_rank = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        assert_eq!(pv_fault(&back_rank, &["a1a8"], Some(1)), None);
        assert_eq!(pv_fault(&back_rank, &["a1a8"], None), None);
        let fault = |board: &Board, pv: &[&str], mate| pv_fault(board, pv, mate).map(|f| f.0);
        assert_eq!(
            fault(&back_rank, &["a1a7"], Some(1)),
            Some(Fault::PvNotMate)
        );
        assert_eq!(fault(&back_rank, &["a1a9"], None), Some(Fault::IllegalPv));
        assert_eq!(
            fault(&back_rank, &["a1a8", "g8h7"], Some(1)),
            Some(Fault::IllegalPv)
        );
        assert_eq!(
            fault(&back_rank, &["a1a2", "h7h6"], Some(2)),
            Some(Fault::PvLength)
        );
        // Mated in one: the defender's move, then the mate.
        let mated = Board::from_fen("6k1/R7/8/8/8/8/8/1R4K1 b - - 1 1").unwrap();
        assert_eq!(fault(&mated, &["g8f8", "b1b8"], Some(-1)), None);
        assert_eq!(fault(&mated, &["g8f8"], Some(-1)), Some(Fault::PvLength));
    }

    #[test]
    fn a_mate_pv_through_a_drawn_position_is_bad() {
        // One move from the fifty-move rule: a quiet move draws first.
        let late = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80").unwrap();
        assert_eq!(
            pv_fault(&late, &["a1a2", "h7h6", "a2a8"], Some(2)).map(|f| f.0),
            Some(Fault::PvDraw)
        );
        // The mate itself may be the hundredth half-move.
        assert_eq!(pv_fault(&late, &["a1a8"], Some(1)), None);
        // Rook and king shuffle back and forth: the start recurs twice more.
        let root = Board::from_fen("7k/8/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        let shuffle = [
            "g1f1", "h8g8", "f1g1", "g8h8", "g1f1", "h8g8", "f1g1", "g8h8",
        ];
        assert_eq!(
            pv_fault(&root, &shuffle, Some(5)).map(|f| f.0),
            Some(Fault::PvDraw)
        );
    }

    #[test]
    fn a_transcript_is_judged_line_by_line() {
        let p = problem("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1);
        let lines: Vec<String> = [
            "info depth 1 score cp 300 nodes 10 pv a1a2",
            "info depth 2 score mate 1 nodes 40 pv a1a8",
            "bestmove a1a8",
        ]
        .map(String::from)
        .to_vec();
        let checked = check_lines(&p, &lines, true);
        assert_eq!(checked.mate, Some(1));
        assert!(checked.faults.is_empty(), "{:?}", checked.faults);
        let bad: Vec<String> = [
            "info depth 2 score mate 1 nodes 40 pv a1a7",
            "bestmove a1a9",
        ]
        .map(String::from)
        .to_vec();
        let faults: Vec<Fault> = check_lines(&p, &bad, true)
            .faults
            .into_iter()
            .map(|f| f.0)
            .collect();
        assert_eq!(faults, [Fault::PvNotMate, Fault::BadBestMove]);
        let unreadable = ["info depth 2 score mate 1 pv a1a9", "bestmove a1a8"].map(String::from);
        let faults: Vec<Fault> = check_lines(&p, &unreadable, false)
            .faults
            .into_iter()
            .map(|f| f.0)
            .collect();
        assert_eq!(faults, [Fault::BadInfo]);
        let missed: Vec<String> = ["info depth 9 score cp 900 pv a1a2", "bestmove a1a2"]
            .map(String::from)
            .to_vec();
        let faults: Vec<Fault> = check_lines(&p, &missed, true)
            .faults
            .into_iter()
            .map(|f| f.0)
            .collect();
        assert_eq!(faults, [Fault::NotFound]);
    }
}
