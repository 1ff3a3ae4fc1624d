//! The distance-to-mate tables against facts found without them: the
//! published longest mates, and on sampled positions the rules of chess
//! played out with movegen (a mate scores 0, a stalemate or a capture of a
//! strong piece draws, and every value is one ply from its best move's).

use matewise_endgame_tables::dtm::{self, Dtm, Ending};
use movegen::{Board, MoveList};

/// Published maxima of the four endings, in moves.
#[test]
fn longest_mates_are_the_published_ones() {
    for (ending, moves) in [
        (Ending::Kqk, 10),
        (Ending::Krk, 16),
        (Ending::Kbbk, 19),
        (Ending::Kbnk, 33),
    ] {
        assert_eq!(dtm::build_now(ending).longest_mate(), moves, "{ending:?}");
    }
}

/// A position from `men` (FEN letters) on `squares`, or `None` if illegal.
fn board(men: &str, squares: &[usize], white_to_move: bool) -> Option<Board> {
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

/// The value a position must have given its successors' values.
fn backed_up(board: &Board) -> Dtm {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    if moves.is_empty() {
        return if board.in_check() {
            Dtm::MatedIn(0)
        } else {
            Dtm::Draw
        };
    }
    let mut best_win: Option<u32> = None;
    let mut longest_loss: Option<u32> = None;
    let mut can_draw = false;
    for &mv in &moves {
        let mut child = board.clone();
        child.play_unchecked(mv);
        match dtm::probe(&child) {
            // Out of the table: a strong piece was taken, a bare-king draw.
            None => can_draw = true,
            Some(Dtm::Draw) => can_draw = true,
            Some(Dtm::MatedIn(p)) => best_win = Some(best_win.map_or(p + 1, |b| b.min(p + 1))),
            Some(Dtm::MateIn(p)) => {
                longest_loss = Some(longest_loss.map_or(p + 1, |l| l.max(p + 1)))
            }
        }
    }
    match (best_win, can_draw, longest_loss) {
        (Some(p), _, _) => Dtm::MateIn(p),
        (None, true, _) => Dtm::Draw,
        (None, false, Some(p)) => Dtm::MatedIn(p),
        (None, false, None) => unreachable!("moves exist"),
    }
}

fn check_sample(ending: Ending, men: &str, samples: usize) {
    dtm::build_now(ending);
    let mut state = 0x2545_F491_4F6C_DD1Du64 ^ men.len() as u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % 64) as usize
    };
    let (mut checked, mut wins) = (0, 0);
    while checked < samples {
        let squares: Vec<usize> = men.chars().map(|_| next()).collect();
        let white_to_move = next() % 2 == 0;
        let Some(position) = board(men, &squares, white_to_move) else {
            continue;
        };
        let value = dtm::probe(&position).expect("a tabled position");
        assert_eq!(
            value,
            backed_up(&position),
            "{ending:?} {}",
            position.to_fen()
        );
        checked += 1;
        wins += usize::from(matches!(value, Dtm::MateIn(_)));
    }
    // The sample is not all draws: it tests wins and losses too.
    assert!(wins > samples / 10, "{ending:?}: {wins} wins of {samples}");
}

/// Every legal placement of three men, both sides to move: agreeing
/// everywhere with the moves, from true mates up, makes the table exact.
fn check_every_position(ending: Ending, men: &str) {
    dtm::build_now(ending);
    let mut checked = 0;
    for a in 0..64 {
        for b in 0..64 {
            for c in 0..64 {
                for white_to_move in [true, false] {
                    let Some(position) = board(men, &[a, b, c], white_to_move) else {
                        continue;
                    };
                    let value = dtm::probe(&position).expect("a tabled position");
                    assert_eq!(value, backed_up(&position), "{}", position.to_fen());
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 300_000, "{checked}");
}

#[test]
fn kqk_agrees_with_the_moves_everywhere() {
    check_every_position(Ending::Kqk, "KQk");
}

#[test]
fn krk_agrees_with_the_moves_everywhere() {
    check_every_position(Ending::Krk, "KRk");
}

#[test]
fn kbnk_agrees_with_the_moves() {
    check_sample(Ending::Kbnk, "KBNk", 3_000);
}

#[test]
fn kbbk_agrees_with_the_moves_and_black_pieces_probe_alike() {
    check_sample(Ending::Kbbk, "kbbK", 3_000);
}

#[test]
fn same_coloured_bishops_never_mate() {
    dtm::build_now(Ending::Kbbk);
    let light = Board::from_fen("8/8/8/3k4/8/8/2B5/KB6 w - - 0 1").unwrap();
    assert_eq!(dtm::probe(&light), Some(Dtm::Draw));
    let opposite = Board::from_fen("8/8/8/3k4/8/8/1B6/KB6 w - - 0 1").unwrap();
    assert!(matches!(dtm::probe(&opposite), Some(Dtm::MateIn(_))));
}
