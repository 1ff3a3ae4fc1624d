//! FEN parsing: any text either fails with an error or gives a board that
//! writes back to a FEN which parses to the same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use movegen::Board;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(board) = Board::from_fen(text) {
        let again = Board::from_fen(&board.to_fen()).expect("a written FEN parses");
        assert_eq!(again.to_fen(), board.to_fen());
        assert_eq!(again.hash(), board.hash());
    }
});
