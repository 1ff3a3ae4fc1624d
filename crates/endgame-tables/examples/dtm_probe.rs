//! Prints each position's exact distance to mate from the tables, one FEN
//! per line on stdin (a line may carry leading tab-separated fields, as
//! `tools/mate_trials.py --list-starts` prints them; the FEN is the last).
//!
//! `cargo run --release -p matewise-endgame-tables --example dtm_probe < starts.txt`
use matewise_endgame_tables::dtm::Dtm;
use matewise_endgame_tables::{Ready, Tablebases};
use movegen::Board;
use std::io::BufRead;

fn main() {
    // The user's cache, as the engine's.
    let tables = Tablebases::new();
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let fen = line.rsplit('\t').next().unwrap_or("").trim();
        let answer = match Board::from_fen(fen) {
            Ok(board) => match matewise_endgame_tables::dtm::Ending::of(&board) {
                Some((ending, _)) => {
                    tables.table(ending, Ready::Now);
                    match tables.dtm(&board).expect("a table built on request") {
                        Dtm::MateIn(plies) => format!("mate {}", plies.div_ceil(2)),
                        Dtm::MatedIn(plies) => format!("mate -{}", plies / 2),
                        Dtm::Draw => "draw".to_string(),
                    }
                }
                None => "no table".to_string(),
            },
            Err(e) => format!("bad fen: {e}"),
        };
        println!("{line}\t{answer}");
    }
}
