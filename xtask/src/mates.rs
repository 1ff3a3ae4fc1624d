//! `cargo xtask mates`: nodes and time to prove the project's mate test
//! positions, with Mate at a Glance on and off.

use crate::mate_check::{CheckRun, run_check, write_twin};
use crate::mate_suite::{ExternalEngine, SuiteRun, run_suite};
use movegen::{Board, KeyHistory};
use search::{Limits, Score, SearchControl, SearchInfo, SearchOptions, Searcher};
use std::time::Duration;

/// (name, FEN, shortest mate in moves) — the mates the test suites use.
const MATES: &[(&str, &str, i32)] = &[
    ("back rank", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1),
    ("rook ladder", "6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1", 2),
    ("smothered", "r5rk/6pp/7N/4Q3/8/8/8/6K1 w - - 0 1", 1),
    ("epaulette", "3rkr2/8/8/8/8/8/Q7/6K1 w - - 0 1", 1),
    ("queen close", "6k1/5ppp/8/8/8/5Q2/8/6K1 w - - 0 1", 1),
    // Mate in 7 (the KQK table; Stockfish 15.1 `go mate 7` agrees).
    ("KQ vs K", "8/8/8/4k3/8/8/8/4K2Q w - - 0 1", 7),
    ("KR vs K (MDP seed)", "8/7K/8/8/8/8/R7/7k w - - 0 1", 8),
];

/// Nodes and time at the first iteration that reports a winning mate, and its length.
fn solve(board: &Board, glance: bool) -> Option<(i32, u64, Duration)> {
    let mut searcher = Searcher::new(64, 1);
    let limits = Limits {
        depth: Some(30),
        move_time: Some(Duration::from_secs(20)),
        ..Limits::default()
    };
    let options = SearchOptions {
        mate_at_a_glance: glance,
        // The basic mates here are to be found by the search, not looked up.
        endgame_tables: false,
        ..SearchOptions::default()
    };
    let mut found = None;
    let control = SearchControl::new(false);
    searcher.search(
        board,
        &KeyHistory::default(),
        &limits,
        &options,
        &control,
        &mut |info: &SearchInfo| {
            if found.is_none() {
                if let Score::Mate(m) = info.score {
                    if m > 0 {
                        found = Some((m, info.nodes, info.time));
                        control.stop();
                    }
                }
            }
        },
    );
    found
}

/// `cargo xtask mates`: the mate test positions, or a whole `FEN bm #N;` suite.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("uci").args(["engine", "check"]).multiple(true)))]
pub(crate) struct Args {
    /// Run a `FEN bm #N;` mate suite (matetrack's format) in-process, a fresh hash per position.
    #[arg(long, value_name = "FILE")]
    suite: Option<String>,
    /// Node budget per position.
    #[arg(long, value_name = "N", default_value_t = 100_000, requires = "suite")]
    nodes: u64,
    /// Search each position for this many milliseconds instead of --nodes.
    #[arg(long, value_name = "MS", requires = "suite", conflicts_with_all = ["check", "write_twin"])]
    movetime: Option<u64>,
    /// Positions searched at once (the counts do not depend on it).
    #[arg(long, value_name = "T", default_value_t = 1, requires = "suite")]
    threads: usize,
    /// Hash size per position, in MB.
    #[arg(long, value_name = "MB", default_value_t = 16, requires = "suite")]
    hash: usize,
    /// Write the missed positions' lines to FILE.
    #[arg(long, value_name = "FILE", requires = "suite")]
    missed: Option<String>,
    /// Run a seeded sample of N positions only.
    #[arg(long, value_name = "N", requires = "suite")]
    sample: Option<usize>,
    /// Seed of --sample.
    #[arg(long, value_name = "S", default_value_t = 1, requires = "suite")]
    seed: u64,
    /// Switch Mate at a Glance off.
    #[arg(long, requires = "suite")]
    no_glance: bool,
    /// Switch the distance-to-mate tables off.
    #[arg(long, requires = "suite")]
    no_tables: bool,
    /// Search with this UCI engine (any program) instead of in-process, one process per thread.
    #[arg(long, value_name = "PROGRAM", requires = "suite", conflicts_with_all = ["no_glance", "no_tables"])]
    engine: Option<String>,
    /// Set a UCI option of the engine (repeatable), e.g. `--option MultiPV=4`.
    #[arg(long = "option", value_name = "NAME=VALUE", requires = "uci", value_parser = name_and_value)]
    options: Vec<(String, String)>,
    /// Run the suite through the engine binary over UCI (`--engine`, else
    /// this workspace's release build) and check every line it prints:
    /// wrong mates, and PVs that are illegal, not of the announced length,
    /// not ending in mate, or drawn on the way.
    #[arg(long, requires = "suite", conflicts_with_all = ["no_glance", "no_tables", "missed"])]
    check: bool,
    /// With --check: `go mate |N|` on the positions with a mate within N
    /// moves, each of which must be found with a complete PV.
    #[arg(long, value_name = "N", requires = "check")]
    go_mate: Option<u32>,
    /// With --check: write every fault, one per line, to FILE.
    #[arg(long, value_name = "FILE", requires = "check")]
    faults: Option<String>,
    /// Write the suite's one-ply-on twin to FILE: each position whose best
    /// mate the search proves within --nodes, after the first move of that
    /// mate, with the defender (or the attacker) to move.
    #[arg(
        long,
        value_name = "FILE",
        requires = "suite",
        conflicts_with = "check"
    )]
    write_twin: Option<String>,
}

fn name_and_value(text: &str) -> Result<(String, String), String> {
    text.split_once('=')
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .ok_or_else(|| format!("'{text}' is not NAME=VALUE"))
}

pub(crate) fn run(args: &Args) -> Result<(), String> {
    let sample = args.sample.map(|count| (count, args.seed));
    if let (Some(path), Some(out)) = (&args.suite, &args.write_twin) {
        return write_twin(path, sample, args.nodes, args.threads, out);
    }
    if let (Some(path), true) = (&args.suite, args.check) {
        let program = args.engine.clone().unwrap_or_else(|| {
            let binary = crate::paths::target_dir().join("release/matewise");
            binary.to_string_lossy().into_owned()
        });
        let hash = ("Hash".to_string(), args.hash.to_string());
        return run_check(&CheckRun {
            path: path.clone(),
            sample,
            nodes: args.nodes,
            go_mate: args.go_mate,
            program,
            options: std::iter::once(hash)
                .chain(args.options.iter().cloned())
                .collect(),
            processes: args.threads,
            faults_file: args.faults.clone(),
        });
    }
    if let Some(path) = &args.suite {
        let run = SuiteRun {
            path: path.clone(),
            nodes: args.nodes,
            move_time: args.movetime.map(Duration::from_millis),
            threads: args.threads,
            hash_mb: args.hash,
            missed: args.missed.clone(),
            sample: args.sample,
            seed: args.seed,
            options: SearchOptions {
                mate_at_a_glance: !args.no_glance,
                endgame_tables: !args.no_tables,
                ..SearchOptions::default()
            },
            engine: args.engine.as_ref().map(|program| ExternalEngine {
                program: program.clone(),
                options: args.options.clone(),
            }),
        };
        return run_suite(&run);
    }
    println!(
        "{:<20} {:>24} {:>24}",
        "position", "glance on: mate/nodes/ms", "glance off: mate/nodes/ms"
    );
    let show = |r: Option<(i32, u64, Duration)>| match r {
        Some((m, n, t)) => format!("M{m} / {n} / {}", t.as_millis()),
        None => "no mate in 20 s".to_string(),
    };
    for (name, fen, shortest) in MATES {
        let board = Board::from_fen(fen).map_err(|e| format!("{name}: {e}"))?;
        let on = solve(&board, true);
        let off = solve(&board, false);
        println!(
            "{:<20} {:>24} {:>24}",
            format!("{name} (M{shortest})"),
            show(on),
            show(off)
        );
    }
    Ok(())
}
