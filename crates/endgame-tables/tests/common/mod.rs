//! Helpers shared by the table tests.

use movegen::Board;

/// A position from `men` (FEN letters) on `squares`, or `None` if illegal.
pub fn board(men: &str, squares: &[usize], white_to_move: bool) -> Option<Board> {
    let mut grid = [['1'; 8]; 8];
    for (man, &square) in men.chars().zip(squares) {
        if grid[7 - square / 8][square % 8] != '1' {
            return None;
        }
        grid[7 - square / 8][square % 8] = man;
    }
    let rows: Vec<String> = grid.iter().map(|row| row.iter().collect()).collect();
    let side = if white_to_move { "w" } else { "b" };
    Board::from_fen(&format!("{} {side} - - 0 1", rows.join("/"))).ok()
}

/// Random legal positions of `men`, both sides to move, the same ones on
/// every run for a given `seed`.
pub fn random_positions(men: &str, seed: u64) -> impl Iterator<Item = Board> + '_ {
    let mut state = 0x2545_F491_4F6C_DD1Du64 ^ seed;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % 64) as usize
    };
    std::iter::repeat_with(move || {
        let squares: Vec<usize> = men.chars().map(|_| next()).collect();
        board(men, &squares, next() % 2 == 0)
    })
    .flatten()
}
