//! Structure-aware FEN fuzzing: the fuzzer's bytes are the choices of the
//! random FEN generator that `cargo xtask fuzz-fen` runs from a seed
//! (kings, men and their squares, castling and en-passant fields, side and
//! clocks), so mutations move pieces rather than break the syntax. Every
//! accepted board must write back to itself, fit the move list and the
//! material key, and count perft 1 and 2 the same three ways.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../xtask/src/random_fen.rs"]
mod random_fen;

use random_fen::{Choices, check_fen, random_fen};

/// The input bytes, one per choice; zeros once they run out.
struct ByteChoices<'a>(std::slice::Iter<'a, u8>);

impl Choices for ByteChoices<'_> {
    fn below(&mut self, n: u32) -> u32 {
        self.0.next().map_or(0, |&b| u32::from(b) % n)
    }
}

fuzz_target!(|data: &[u8]| {
    let fen = random_fen(&mut ByteChoices(data.iter()));
    check_fen(&fen);
});
