//! `cargo xtask mdp`: the mate distance pruning table of the seed
//! `mate-distance-pruning.txt`, reproduced on its KR vs K position.

use movegen::{Board, KeyHistory};
use search::{Limits, Score, SearchControl, SearchInfo, SearchOptions, Searcher};

/// The seed's position: White mates in 8.
pub(crate) const MDP_FEN: &str = "8/7K/8/8/8/8/R7/7k w - - 0 1";

fn run_once(board: &Board, depth: u32, mdp: bool, selective: bool) -> Vec<(u32, Score, u64)> {
    let mut searcher = Searcher::new(64, 1);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let options = SearchOptions {
        mate_distance_pruning: mdp,
        selective,
        // The seed's table measures the search; a KR vs K table would answer at once.
        endgame_tables: false,
        ..SearchOptions::default()
    };
    let mut rows = Vec::new();
    searcher.search(
        board,
        &KeyHistory::default(),
        &limits,
        &options,
        &SearchControl::new(false),
        &mut |info: &SearchInfo| {
            rows.push((info.depth, info.score, info.nodes));
        },
    );
    rows
}

fn show(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => cp.to_string(),
        Score::Mate(m) => format!("M{m}"),
    }
}

/// `cargo xtask mdp`: the mate distance pruning table, MDP off and on.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Depth of the iterative deepening.
    #[arg(long, value_name = "N", default_value_t = 20)]
    depth: u32,
    /// The position [default: the seed's KR vs K, White mates in 8].
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// No null move, reductions or futility, as the seed's Glass 1.0 searched.
    #[arg(long)]
    full_width: bool,
}

pub(crate) fn run(args: &Args) -> Result<(), String> {
    let fen = args.fen.as_deref().unwrap_or(MDP_FEN);
    let depth = args.depth;
    let board = Board::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?;
    // Full width: no null move, reductions or futility, as the seed's Glass 1.0 searched.
    let selective = !args.full_width;
    let off = run_once(&board, depth, false, selective);
    let on = run_once(&board, depth, true, selective);
    println!(
        "{fen}  ({} search)",
        if selective { "selective" } else { "full-width" }
    );
    println!();
    println!("Nodes are cumulative up to the end of each iteration, as in the seed; the");
    println!("columns in brackets are the nodes of that iteration alone.");
    println!();
    println!("Depth   MDP disabled (score / nodes)          MDP enabled (score / nodes)");
    let (mut prev_off, mut prev_on) = (0, 0);
    for (a, b) in off.iter().zip(&on) {
        println!(
            "{:>5}   {:>36}   {:>36}",
            a.0,
            format!("{} / {} [{}]", show(a.1), a.2, a.2 - prev_off),
            format!("{} / {} [{}]", show(b.1), b.2, b.2 - prev_on)
        );
        (prev_off, prev_on) = (a.2, b.2);
    }
    let first_mate = |rows: &[(u32, Score, u64)]| {
        rows.iter()
            .find(|r| matches!(r.1, Score::Mate(_)))
            .map(|r| (r.0, r.2))
    };
    if let Some((d, n)) = first_mate(&on) {
        println!("\nMDP on: first mate score at depth {d} after {n} nodes");
    }
    if let (Some(a), Some(b)) = (off.last(), on.last()) {
        println!(
            "depth {}: MDP on / off, cumulative nodes: {:.3}",
            a.0,
            b.2 as f64 / a.2 as f64
        );
    }
    let last_iteration = |rows: &[(u32, Score, u64)]| match rows {
        [.., x, y] => y.2 - x.2,
        _ => 0,
    };
    println!(
        "last iteration alone: MDP on / off: {:.3}",
        last_iteration(&on) as f64 / last_iteration(&off).max(1) as f64
    );
    Ok(())
}
