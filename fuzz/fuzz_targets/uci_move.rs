//! Move text against a position: the first line of the input picks a FEN,
//! the rest is move text. A move that parses must be legal and play.
#![no_main]

use libfuzzer_sys::fuzz_target;
use movegen::{Board, MoveList};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (fen, moves) = text.split_once('\n').unwrap_or((movegen::START_FEN, &text));
    let Ok(mut board) = Board::from_fen(fen) else { return };
    for word in moves.split_whitespace().take(64) {
        let Ok(mv) = board.parse_uci_move(word) else { return };
        let mut legal = MoveList::new();
        board.generate_moves(&mut legal);
        assert!(legal.contains(&mv), "{word} parsed but is not legal in {}", board.to_fen());
        board.play(mv).expect("a parsed move plays");
    }
});
