//! Mating technique against a bare king: the defending king belongs on the
//! edge, and the attacking king next to it. Without this the search sees
//! "up a rook" everywhere and finds the mate only by luck of depth.

use crate::score::S;
use movegen::{BitBoard, Board, Color, PieceKind, Square};

/// Distance from the centre, 0 (d4-e5 block) to 6 (corners), as Manhattan steps.
fn centre_distance(square: Square) -> i32 {
    let file = square.file() as i32;
    let rank = square.rank() as i32;
    let f = if file < 4 { 3 - file } else { file - 4 };
    let r = if rank < 4 { 3 - rank } else { rank - 4 };
    f + r
}

fn manhattan(a: Square, b: Square) -> i32 {
    (a.file() as i32 - b.file() as i32).abs() + (a.rank() as i32 - b.rank() as i32).abs()
}

/// The mop-up bonus for `strong` when `weak` has a bare king and `strong`
/// has a rook, a queen or more than one minor piece. Endgame only.
pub(crate) fn mop_up(board: &Board, strong: Color) -> S {
    let weak = !strong;
    if board.colors(weak).has_more_than_one() {
        return S::ZERO;
    }
    let heavy = board.colored_pieces(PieceKind::Rook, strong)
        | board.colored_pieces(PieceKind::Queen, strong);
    let minors = board.colored_pieces(PieceKind::Bishop, strong)
        | board.colored_pieces(PieceKind::Knight, strong);
    let pawns = board.colored_pieces(PieceKind::Pawn, strong);
    if heavy.is_empty() && minors.len() < 2 && pawns.is_empty() {
        return S::ZERO;
    }
    let weak_king = board.king(weak);
    let strong_king = board.king(strong);
    let bishops = board.colored_pieces(PieceKind::Bishop, strong);
    let knights = board.colored_pieces(PieceKind::Knight, strong);
    if heavy.is_empty() && pawns.is_empty() && bishops.len() == 1 && knights.len() == 1 {
        return S::new(0, kbn_technique(weak_king, strong_king, bishops));
    }
    S::new(
        0,
        12 * centre_distance(weak_king) + 6 * (14 - manhattan(weak_king, strong_king)),
    )
}

/// K+B+N vs K: only a corner of the bishop's colour holds the mate, so the
/// defending king is scored by how far it is from the long diagonal that
/// joins the other two corners (0 on it, 7 in a right corner), which also
/// rewards driving it along the edge towards the right corner. The kings
/// must stay close: the attacking king does half the work.
fn kbn_technique(weak_king: Square, strong_king: Square, bishops: BitBoard) -> i32 {
    let light_bishop = bishops.first().is_some_and(Square::is_light);
    // a1 and h8 are dark: a dark bishop mates there; mirror files for a light one.
    let king = if light_bishop {
        weak_king.flip_file()
    } else {
        weak_king
    };
    let off_diagonal = (7 - king.rank() as i32 - king.file() as i32).abs();
    let kings_apart = i32::from(weak_king.distance(strong_king));
    60 * off_diagonal + 25 * (7 - kings_apart)
}

/// Mop-up from White's side.
pub(crate) fn score(board: &Board) -> S {
    mop_up(board, Color::White) - mop_up(board, Color::Black)
}
