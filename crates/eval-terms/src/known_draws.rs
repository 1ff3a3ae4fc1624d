//! Endings that cannot be won, recognised by their material and, for the
//! wrong rook pawn, by where the defending king stands; K+P vs K by the
//! exact [`kpk`] bitbase. Pair-o-Max's
//! divisors discount drawish material; these positions are draws outright,
//! and the evaluation scores them 0 (with Pair-o-Max's rules on) so that
//! the search neither trades into them hoping to win nor out of them
//! fearing to lose.

use endgame_tables::kpk;
use movegen::{BitBoard, Board, Color, File, PieceKind, Square};
use std::fmt;

/// Which rule found a position drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum KnownDraw {
    /// A lone knight or bishop against a bare king (no mate exists).
    LoneMinor,
    /// Two knights against a bare king: mate exists but cannot be forced.
    TwoKnights,
    /// Only bishops left, every one on squares of one colour, no pawns:
    /// no mate exists, whoever has them.
    SameColouredBishops,
    /// King, bishop and pawns on one rook file against a bare king that
    /// stands on or next to the queening square, which the bishop does not
    /// cover: the king cannot be driven out of the corner.
    WrongRookPawn,
    /// King and pawn against king, drawn by the KPK bitbase.
    KingAndPawn,
}

impl fmt::Display for KnownDraw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KnownDraw::LoneMinor => "a lone minor piece cannot mate",
            KnownDraw::TwoKnights => "two knights cannot force mate",
            KnownDraw::SameColouredBishops => "bishops of one colour only: no mate exists",
            KnownDraw::WrongRookPawn => {
                "rook pawn with the wrong bishop, defending king in the corner"
            }
            KnownDraw::KingAndPawn => "king and pawn against king, drawn in the KPK bitbase",
        })
    }
}

/// The rule that makes `board` a known draw, if one does.
///
/// ```
/// use matewise_eval_terms::{KnownDraw, known_draw};
/// use movegen::Board;
///
/// let knights = Board::from_fen("8/8/4k3/8/8/2NN4/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(known_draw(&knights), Some(KnownDraw::TwoKnights));
/// // The h-pawn queens on h8, a dark square the light bishop never covers.
/// let rook_pawn = Board::from_fen("7k/8/8/7P/8/8/8/3BK3 w - - 0 1").unwrap();
/// assert_eq!(known_draw(&rook_pawn), Some(KnownDraw::WrongRookPawn));
/// // The defender holds the opposition in front of the pawn.
/// let opposition = Board::from_fen("8/3k4/8/3K4/3P4/8/8/8 w - - 0 1").unwrap();
/// assert_eq!(known_draw(&opposition), Some(KnownDraw::KingAndPawn));
/// ```
pub fn known_draw(board: &Board) -> Option<KnownDraw> {
    let heavy = board.pieces(PieceKind::Queen) | board.pieces(PieceKind::Rook);
    if !heavy.is_empty() {
        return None;
    }
    let pawns = board.pieces(PieceKind::Pawn);
    let knights = board.pieces(PieceKind::Knight);
    let bishops = board.pieces(PieceKind::Bishop);
    if !pawns.is_empty() {
        if let Some(wins) = kpk::probe(board) {
            return (!wins).then_some(KnownDraw::KingAndPawn);
        }
        return wrong_rook_pawn(board);
    }
    if (knights | bishops).len() <= 1 {
        return Some(KnownDraw::LoneMinor);
    }
    if knights.is_empty() && on_one_colour(bishops) {
        return Some(KnownDraw::SameColouredBishops);
    }
    let two_knights_against_bare_king = bishops.is_empty()
        && knights.len() == 2
        && Color::ALL
            .iter()
            .any(|&c| board.colored_pieces(PieceKind::Knight, c).len() == 2);
    two_knights_against_bare_king.then_some(KnownDraw::TwoKnights)
}

fn on_one_colour(squares: BitBoard) -> bool {
    squares.is_subset(BitBoard::LIGHT_SQUARES) || (squares & BitBoard::LIGHT_SQUARES).is_empty()
}

fn wrong_rook_pawn(board: &Board) -> Option<KnownDraw> {
    let pawns = board.pieces(PieceKind::Pawn);
    let strong = board.color_on(pawns.first()?)?;
    let weak = !strong;
    let only_king = board.colors(weak).len() == 1;
    let strong_men = board.colors(strong);
    let bishops = board.colored_pieces(PieceKind::Bishop, strong);
    let shape = only_king
        && bishops.len() == 1
        && strong_men.len() == 2 + pawns.len()
        && (pawns & board.colors(weak)).is_empty();
    if !shape {
        return None;
    }
    let file = [File::A, File::H]
        .into_iter()
        .find(|&f| (pawns - BitBoard::file(f)).is_empty())?;
    let queening = Square::new(file, weak.back_rank());
    let bishop = bishops.first()?;
    let wrong_bishop = bishop.is_light() != queening.is_light();
    let in_the_corner = board.king(weak).distance(queening) <= 1;
    (wrong_bishop && in_the_corner).then_some(KnownDraw::WrongRookPawn)
}
