//! Checks every legal position of each distance-to-mate table (or of the
//! endings named on the command line, as in `kqkr krkn`) against its
//! moves, played with movegen: a mate scores 0, a stalemate or a capture
//! into a dead draw draws, and every other value is one ply from its best
//! move's. Agreeing everywhere, from the mates up, makes a table exact.
//! Takes one to two minutes a four-man table.
//!
//! `cargo run --release -p matewise-endgame-tables --example dtm_verify`
use matewise_endgame_tables::dtm::{Dtm, Ending};
use movegen::PieceKind;
use std::time::Instant;

#[path = "../tests/common/mod.rs"]
mod common;

/// The FEN letters of `ending`'s men: the strong side white, kings first.
fn men(ending: Ending) -> String {
    let letter = |kind: &PieceKind| match kind {
        PieceKind::Queen => 'Q',
        PieceKind::Rook => 'R',
        PieceKind::Bishop => 'B',
        PieceKind::Pawn => 'P',
        _ => 'N',
    };
    let strong: String = ending.pieces().iter().map(letter).collect();
    let weak: String = ending.weak_pieces().iter().map(letter).collect();
    format!("Kk{strong}{}", weak.to_lowercase())
}

fn main() {
    let named: Vec<String> = std::env::args().skip(1).collect();
    let endings = Ending::ALL
        .into_iter()
        .filter(|ending| named.is_empty() || named.iter().any(|name| name == ending.name()));
    let mut disagreements = 0;
    for ending in endings {
        let start = Instant::now();
        common::build(ending);
        let men = men(ending);
        let (mut checked, mut wrong) = (0u64, 0u64);
        // Won, drawn and lost for the side to move.
        let mut counts = [0u64; 3];
        for placement in 0..1usize << (6 * men.len()) {
            let squares: Vec<usize> = (0..men.len()).map(|i| placement >> (6 * i) & 63).collect();
            for white_to_move in [true, false] {
                let Some(board) = common::board(&men, &squares, white_to_move) else {
                    continue;
                };
                let value = common::probe(&board).expect("a tabled position");
                checked += 1;
                counts[match value {
                    Dtm::MateIn(_) => 0,
                    Dtm::Draw => 1,
                    Dtm::MatedIn(_) => 2,
                }] += 1;
                if value != common::backed_up(&board) {
                    wrong += 1;
                    if wrong <= 5 {
                        eprintln!("{ending:?}: {} is {value:?}", board.to_fen());
                    }
                }
            }
        }
        println!(
            "{ending:?}: {checked} legal placements (either side to move), {wrong} disagree; \
             side to move wins {}, draws {}, loses {}; {:.1} s",
            counts[0],
            counts[1],
            counts[2],
            start.elapsed().as_secs_f64()
        );
        disagreements += wrong;
    }
    if disagreements > 0 {
        std::process::exit(1);
    }
}
