//! The opening chapter: development order, castling rights kept, lost or
//! prevented, and early queen exchanges. "Developed" means off the back
//! rank, which also holds in Chess960.

use crate::bits;
use crate::info::Info;
use crate::trace::{Terms, Tracer};
use crate::weights as w;
use movegen::{Board, CastleSide, Color, File, PieceKind, Rank, Square, attacks};

/// Piece strength (in half-points, both sides) from which the game is still in its opening.
const OPENING_STRENGTH: u32 = 90;
/// Piece strength above which a queen exchange counts as early (queens off, little else).
const EARLY_EXCHANGE_STRENGTH: u32 = 72;

fn back_rank(color: Color) -> u64 {
    bits::rank_of(Square::new(File::A, color.back_rank()))
}

fn developed_minors(board: &Board, color: Color) -> u32 {
    let minors = board.colored_pieces(PieceKind::Knight, color).0
        | board.colored_pieces(PieceKind::Bishop, color).0;
    (minors & !back_rank(color)).count_ones()
}

/// `strength` is both sides' piece strength in half-points.
pub(crate) fn evaluate<T: Tracer>(
    board: &Board,
    info: &Info,
    strength: u32,
    terms: &mut Terms<'_, T>,
) {
    let developed = Color::ALL.map(|c| developed_minors(board, c));
    // One call per colour, so that each is compiled for its own colour.
    side_opening::<true, T>(board, info, strength, developed, terms);
    side_opening::<false, T>(board, info, strength, developed, terms);
}

/// White's (`WHITE`) or Black's opening terms; `developed` counts each
/// side's developed minors.
#[inline(always)]
fn side_opening<const WHITE: bool, T: Tracer>(
    board: &Board,
    info: &Info,
    strength: u32,
    developed: [u32; 2],
    terms: &mut Terms<'_, T>,
) {
    let color = if WHITE { Color::White } else { Color::Black };
    let rights = board.castling_rights();
    let c = color.index();
    let home = back_rank(color);
    if strength >= OPENING_STRENGTH {
        if developed[c] >= developed[1 - c] + 2 {
            terms.one(w::DEVELOPMENT_LEAD, color);
        }
        if developed[c] < 2 {
            let queens = board.colored_pieces(PieceKind::Queen, color).0 & !home;
            let rooks = board.colored_pieces(PieceKind::Rook, color).0 & !home;
            if queens != 0 {
                terms.one(w::QUEEN_BEFORE_MINORS, color);
            }
            let rooks = rooks.count_ones() as i32;
            if rooks != 0 {
                terms.add(w::ROOK_BEFORE_MINORS, 0, color, rooks);
            }
        }
        let (second, third) = match color {
            Color::White => (Rank::Second, Rank::Third),
            Color::Black => (Rank::Seventh, Rank::Sixth),
        };
        for file in [File::D, File::E] {
            let pawn_home = Square::new(file, second);
            let in_front = Square::new(file, third);
            if board.colored_pieces(PieceKind::Pawn, color).has(pawn_home)
                && matches!(
                    board.kind_on(in_front),
                    Some(PieceKind::Knight | PieceKind::Bishop)
                )
                && board.color_on(in_front) == Some(color)
            {
                terms.one(w::MINOR_BLOCKS_CENTRE_PAWN, color);
            }
        }
    }
    let mut options = 0;
    for side in CastleSide::ALL {
        if rights.rook(color, side).is_none() {
            continue;
        }
        options += 1;
        // The enemy attacks the king (in check) or a square it crosses
        // or lands on: castling that way waits. The piece loop has
        // filled in every enemy attack by now.
        let king = board.king(color);
        let target = Square::new(side.king_destination(), color.back_rank());
        let path = attacks::between(king, target).0 | target.bitboard().0 | king.bitboard().0;
        let prevented = path & info.attacked[1 - c] != 0;
        terms.add(w::CASTLING_PREVENTED, 0, !color, i32::from(prevented));
    }
    terms.add(w::CASTLING_OPTION, 0, color, options);
    let no_rights = options == 0;
    let king_file = board.king(color).file();
    let central_king = matches!(king_file, File::D | File::E);
    let no_queens = board.pieces(PieceKind::Queen).is_empty();
    if no_rights && central_king && no_queens && strength >= EARLY_EXCHANGE_STRENGTH {
        terms.one(w::EARLY_QUEEN_EXCHANGE, color);
    }
}
