//! `cargo xtask datagen --games N --nodes K --threads T --out FILE [--seed S]`:
//! self-play games for the tuner.
//!
//! Each game starts from a varied opening: 8 or 9 random legal plies from
//! the start position, kept only if a depth-6 search scores it within
//! 300 cp (else the next random line is tried). Both sides then search `K`
//! nodes per move. A game ends by mate, stalemate, repetition, the
//! fifty-move rule, insufficient material, a mate score, or both sides'
//! searches agreeing on more than 1000 cp for eight plies (a win for that
//! side); at 400 plies it is a draw.
//!
//! Quiet positions are written with the game's result and the search's
//! score, both from White's side (`FEN [1.0] 35`: White won, and the search
//! at that position gave White 35 cp), so a tuner can fit to either or a
//! blend of both. A position is quiet when it is not in check, the move the
//! search chose is neither a capture nor a promotion, and no capture for the
//! side to move wins material by static exchange, so a quiescence search
//! would leave it as it is.
//! The first eight plies and mate-scored positions are left out.
//!
//! Game `i` depends only on the seed and `i` (a fresh single-threaded
//! searcher per game, node-limited), so a run is deterministic; threads
//! take games in turn. Each game's lines are written at once, followed by a
//! `# game i` line; on restart, games already in the file are skipped, so
//! an interrupted run resumes where it stopped.

use crate::progress;
use endgame_tables::{Ready, Tablebases};
use movegen::{Board, KeyHistory, MoveList, SplitMix64};
use search::{Limits, Score, SearchControl, SearchOptions, Searcher};
use std::collections::HashSet;
use std::io::{BufRead, Write};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

fn search(
    searcher: &mut Searcher,
    board: &Board,
    history: &KeyHistory,
    limits: &Limits,
    options: &SearchOptions,
) -> search::SearchResult {
    searcher.search(
        board,
        history,
        limits,
        options,
        &SearchControl::new(false),
        &mut |_| {},
    )
}

/// A balanced random opening for game `index`.
pub(crate) fn opening(seed: u64, index: u64, searcher: &mut Searcher) -> Board {
    let mut rng = SplitMix64::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    loop {
        let mut board = Board::default();
        let plies = 8 + rng.below(2);
        let mut ok = true;
        for _ in 0..plies {
            let mut moves = MoveList::new();
            board.generate_moves(&mut moves);
            if moves.is_empty() {
                ok = false;
                break;
            }
            board.play_unchecked(moves[rng.below(moves.len())]);
        }
        if !ok {
            continue;
        }
        searcher.clear();
        let limits = Limits {
            depth: Some(6),
            ..Limits::default()
        };
        let result = search(
            searcher,
            &board,
            &KeyHistory::default(),
            &limits,
            &SearchOptions::default(),
        );
        if matches!(result.score, Score::Centipawns(cp) if cp.abs() <= 300) {
            return board;
        }
    }
}

/// No capture for the side to move that wins material by static exchange.
fn quiet(board: &Board) -> bool {
    if board.in_check() {
        return false;
    }
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    moves
        .iter()
        .all(|&mv| !board.is_capture_or_promotion(mv) || !board.see_ge(mv, 1))
}

/// Plays game `index`, with the endgame tables or without; returns its
/// lines (`FEN [result] score`).
fn play(seed: u64, index: u64, nodes: u64, tables: Option<&Tablebases>) -> Vec<String> {
    let options = SearchOptions {
        endgame_tables: tables.is_some(),
        ..SearchOptions::default()
    };
    let mut searcher = Searcher::new(16, 1);
    if let Some(tables) = tables {
        // Every table ready before the first search (loaded from the cache
        // or built once), so that a game never depends on when one became
        // ready.
        for ending in endgame_tables::dtm::Ending::ALL {
            tables.table(ending, Ready::Now);
        }
        searcher.set_tablebases(tables.clone());
    }
    let mut board = opening(seed, index, &mut searcher);
    searcher.clear();
    let mut history = KeyHistory::with_capacity(512);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let mut fens = Vec::new();
    let mut winning_streak = (0i32, 0usize); // (sign from White's side, plies)
    let result = loop {
        if let Some(end) = board.outcome(&history) {
            break match end.winner() {
                Some(movegen::Color::White) => "1.0",
                Some(movegen::Color::Black) => "0.0",
                None => "0.5",
            };
        }
        if history.len() >= 400 {
            break "0.5";
        }
        let found = search(&mut searcher, &board, &history, &limits, &options);
        let Some(mv) = found.best_move else {
            break "0.5";
        };
        let white = if board.side_to_move() == movegen::Color::White {
            1
        } else {
            -1
        };
        match found.score {
            Score::Mate(m) => {
                let winner = if m > 0 { white } else { -white };
                break if winner > 0 { "1.0" } else { "0.0" };
            }
            Score::Centipawns(cp) => {
                let sign = (cp * white).signum();
                if cp.abs() > 1000 {
                    winning_streak = if winning_streak.0 == sign {
                        (sign, winning_streak.1 + 1)
                    } else {
                        (sign, 1)
                    };
                    if winning_streak.1 >= 8 {
                        break if sign > 0 { "1.0" } else { "0.0" };
                    }
                } else {
                    winning_streak = (0, 0);
                }
                if history.len() >= 8 && !board.is_capture_or_promotion(mv) && quiet(&board) {
                    fens.push((board.to_fen(), cp * white));
                }
            }
        }
        history.push(board.hash());
        board.play_unchecked(mv);
    };
    fens.into_iter()
        .map(|(fen, white_cp)| format!("{fen} [{result}] {white_cp}"))
        .collect()
}

/// Game indices already written to `path`.
fn finished_games(path: &str) -> HashSet<u64> {
    let Ok(file) = std::fs::File::open(path) else {
        return HashSet::new();
    };
    std::io::BufReader::new(file)
        .lines()
        .map_while(Result::ok)
        .filter_map(|line| {
            line.strip_prefix("# game ")
                .and_then(|n| n.trim().parse().ok())
        })
        .collect()
}

/// `cargo xtask datagen`: deterministic self-play games from balanced random
/// openings, their quiet positions written with the result (`FEN [1.0]`);
/// an interrupted run resumes where it stopped.
#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// Games to play (game indices 0..N; those already in --out are skipped).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    games: u64,
    /// Nodes searched per move.
    #[arg(long, value_name = "K", default_value_t = 5000)]
    nodes: u64,
    /// Games played at once.
    #[arg(long, value_name = "T", default_value_t = 1)]
    threads: usize,
    /// The file the positions are appended to.
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Seed of the random openings.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
}

pub(crate) fn run(args: &Args) -> Result<(), String> {
    let (games, nodes, seed) = (args.games, args.nodes, args.seed);
    let threads = args.threads.max(1);
    let out = args.out.clone();

    let done = finished_games(&out);
    let todo: Vec<u64> = (0..games).filter(|i| !done.contains(i)).collect();
    eprintln!(
        "{} of {games} games already in {out}; playing {} at {nodes} nodes a move on {threads} threads",
        done.len(),
        todo.len()
    );
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&out)
        .map_err(|e| format!("{out}: {e}"))?;
    let writer = Mutex::new(std::io::BufWriter::new(file));
    let next = AtomicUsize::new(0);
    let finished = AtomicUsize::new(0);
    let positions = AtomicUsize::new(0);
    let bar = progress::bar(todo.len() as u64, "{human_pos}/{human_len} games");
    // The user's cache (XDG_CACHE_HOME chooses another), shared by every game.
    let tables = Tablebases::new();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(&index) = todo.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let lines = play(seed, index, nodes, Some(&tables));
                    let mut w = writer.lock().expect("writer");
                    for line in &lines {
                        let _ = writeln!(w, "{line}");
                    }
                    let _ = writeln!(w, "# game {index}");
                    let _ = w.flush();
                    drop(w);
                    finished.fetch_add(1, Ordering::Relaxed);
                    let p = positions.fetch_add(lines.len(), Ordering::Relaxed) + lines.len();
                    bar.set_message(format!("{p} positions"));
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    println!(
        "{} positions from {} games written to {out}",
        positions.load(Ordering::Relaxed),
        finished.load(Ordering::Relaxed)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_depends_only_on_seed_and_index() {
        // Without tables: with them, play first builds all thirty-two
        // (minutes on a fresh machine), which is not what this tests.
        let first = play(7, 3, 300, None);
        assert_eq!(first, play(7, 3, 300, None));
        assert_ne!(first, play(8, 3, 300, None));
        for line in &first {
            let (rest, white_cp) = line.rsplit_once(' ').unwrap();
            let (fen, result) = rest.rsplit_once(' ').unwrap();
            let board = Board::from_fen(fen).unwrap();
            assert!(!board.in_check() && quiet(&board), "{line}");
            assert!(["[1.0]", "[0.5]", "[0.0]"].contains(&result), "{line}");
            assert!(white_cp.parse::<i32>().is_ok(), "{line}");
            assert!(crate::tune::data::parse_result(line).is_some(), "{line}");
            assert_eq!(
                crate::tune::data::parse_board(line).map(|b| b.to_fen()),
                Some(board.to_fen())
            );
        }
    }

    #[test]
    fn quiet_means_no_winning_capture() {
        assert!(quiet(&Board::default()));
        // White can win the undefended d5 knight.
        assert!(!quiet(
            &Board::from_fen("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1").unwrap()
        ));
        // In check is never quiet.
        assert!(!quiet(
            &Board::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap()
        ));
    }
}
