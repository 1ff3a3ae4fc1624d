//! `cargo xtask perft`: one position (optionally divided) or a whole EPD suite.

use crate::progress;
use movegen::{Board, perft, perft_divide};
use std::time::Instant;

/// One suite line: a FEN and its expected counts by depth.
pub(crate) struct SuiteEntry {
    pub(crate) fen: String,
    pub(crate) counts: Vec<(u32, u64)>,
}

/// Parses `FEN ;D1 20 ;D2 400 ...` lines; `#` starts a comment line.
pub(crate) fn parse_suite(text: &str) -> Result<Vec<SuiteEntry>, String> {
    let mut entries = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        let mut counts = Vec::new();
        for part in parts {
            let mut words = part.split_whitespace();
            let (Some(depth), Some(count)) = (words.next(), words.next()) else {
                return Err(format!("line {}: bad field '{part}'", number + 1));
            };
            let depth = depth
                .strip_prefix('D')
                .and_then(|d| d.parse().ok())
                .ok_or_else(|| format!("line {}: bad depth '{depth}'", number + 1))?;
            let count = count
                .parse()
                .map_err(|_| format!("line {}: bad count '{count}'", number + 1))?;
            counts.push((depth, count));
        }
        entries.push(SuiteEntry { fen, counts });
    }
    Ok(entries)
}

/// `cargo xtask perft`: one position, or a whole suite with `--suite`.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The position to count [default: the start position].
    #[arg(long, value_name = "FEN", conflicts_with = "suite")]
    fen: Option<String>,
    /// Depth to count to.
    #[arg(long, value_name = "N", required_unless_present = "suite")]
    depth: Option<u32>,
    /// Print the count below each root move.
    #[arg(long, conflicts_with = "suite")]
    divide: bool,
    /// Check every `;Dn count` of an EPD suite (`FEN ;D1 20 ;D2 400 ...` lines); exits non-zero on a mismatch.
    #[arg(long, value_name = "FILE", conflicts_with = "depth")]
    suite: Option<String>,
    /// With --suite: skip counts above N nodes.
    #[arg(long, value_name = "N", requires = "suite")]
    max_nodes: Option<u64>,
}

pub(crate) fn run(args: &Args) -> Result<(), String> {
    if let Some(path) = &args.suite {
        return run_suite(path, args.max_nodes.unwrap_or(u64::MAX));
    }
    let fen = args.fen.as_deref().unwrap_or(movegen::START_FEN);
    let depth = args
        .depth
        .ok_or("perft needs --depth N (or --suite FILE)")?;
    let board = Board::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?;
    let start = Instant::now();
    let nodes = if args.divide {
        let split = perft_divide(&board, depth);
        for (mv, n) in &split {
            println!("{}: {n}", board.to_uci(*mv));
        }
        split.iter().map(|(_, n)| n).sum()
    } else {
        perft(&board, depth)
    };
    report(nodes, start);
    Ok(())
}

fn report(nodes: u64, start: Instant) {
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "nodes {nodes} time {:.3}s {:.1} Mnps",
        seconds,
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
}

pub(crate) fn run_suite(path: &str, max_nodes: u64) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let entries = parse_suite(&text)?;
    let (mut failures, mut total) = (0, 0u64);
    let expected_total: u64 = entries
        .iter()
        .flat_map(|e| &e.counts)
        .map(|&(_, n)| n)
        .filter(|&n| n <= max_nodes)
        .sum();
    let bar = progress::bar(expected_total, "{human_pos}/{human_len} nodes");
    let start = Instant::now();
    for entry in &entries {
        let board = Board::from_fen(&entry.fen).map_err(|e| format!("{}: {e}", entry.fen))?;
        for &(depth, expected) in entry.counts.iter().filter(|(_, n)| *n <= max_nodes) {
            let got = perft(&board, depth);
            total += got;
            bar.inc(expected);
            if got != expected {
                failures += 1;
                bar.suspend(|| {
                    println!(
                        "MISMATCH {} depth {depth}: expected {expected}, got {got}",
                        entry.fen
                    )
                });
            }
        }
    }
    bar.finish_and_clear();
    println!("{} positions, {failures} mismatches", entries.len());
    report(total, start);
    if failures > 0 {
        return Err(format!("{failures} perft mismatches"));
    }
    Ok(())
}
