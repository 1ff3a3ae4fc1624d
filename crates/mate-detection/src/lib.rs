//! # mate-detection
//!
//! Mate at a Glance (Birmingham and Kent, 1978): recognising, from patterns
//! around the enemy king and without trying every move, a move that mates
//! at once ([`mate_at_a_glance`]) or the mate the side not to move threatens
//! ([`mate_threat`]).
//!
//! Four patterns are looked for:
//!
//! - **close mates** ([`Pattern::CloseQueen`]): a queen lands next to the
//!   king on a square only the king defends, protected by a second piece
//!   (batteries included), not pinned off its line, not defended by an x-ray
//!   through the queen, and leaving no escape once it has moved. Rooks and
//!   bishops mating from next to the king pass the same five conditions and
//!   are reported as [`Pattern::SlidingPiece`];
//! - **the epaulette mate** ([`Pattern::Epaulette`]): a queen checks from two
//!   squares away a king hemmed in by its own pieces;
//! - **mates with sliding pieces** ([`Pattern::SlidingPiece`]): back-rank
//!   mates by rook or queen, Boden's mate by bishops, and the like on any
//!   line, with the king's escapes on the checking line, no capture of the
//!   checker and no interposition (pinned defenders and defences uncovered
//!   through the moving piece's old square considered);
//! - **knight mates** ([`Pattern::Knight`]): the smothered mate and other
//!   knight checks that no defender can answer.
//!
//! A call first gathers where our pieces (and pawns about to promote) can
//! go and crosses that with the squares from which they would check the
//! enemy king; most positions have no such square and stop there, after a
//! handful of attack lookups. Each pattern then looks at its own candidate
//! moves only, cheap set tests first, and ends in exact tests of the one
//! move (escapes after it, captures of the checker, interpositions, pins
//! and x-rays as they stand after it). A move that passes them all is
//! finally played on a copy of the board and the opponent's legal moves
//! counted ([`is_mating_move`]), so nothing that is not mate is ever
//! returned. That last step runs only on a move already judged mate, so it
//! costs nothing on the many positions with no mate. Nothing allocates.
//!
//! Not looked for: mates by pawns (promotions aside), by the king, by
//! castling or en passant, and discovered or double checks. [`mating_moves`]
//! and [`mate_in_one`] find every mate the slow way, as the reference.
//!
//! ```
//! use matewise_mate_detection::{Board, Pattern, find_mate, mate_at_a_glance};
//!
//! // The back rank: Ra8 mates.
//! let board = Board::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
//! let mv = mate_at_a_glance(&board).unwrap();
//! assert_eq!(board.to_uci(mv).to_string(), "a1a8");
//! assert_eq!(find_mate(&board).unwrap().pattern, Pattern::SlidingPiece);
//!
//! // The start position has no mate in one.
//! assert_eq!(mate_at_a_glance(&Board::default()), None);
//! # Ok::<(), matewise_mate_detection::movegen::FenError>(())
//! ```

mod context;
mod knight;
mod queen;
mod sliders;
mod threat;
mod verify;

use context::Ctx;
use movegen::PieceKind;

pub use threat::mate_threat_pattern;
pub use verify::{is_mating_move, mate_in_one, mating_moves};

/// The board crate, re-exported whole: whatever a caller needs of it is
/// here, of the very version this crate takes.
pub use movegen;
/// What the detectors take and return: the position, its moves, and the
/// list [`mating_moves`] fills.
pub use movegen::{Board, Move, MoveList};

/// The pattern by which a mate was recognised.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// A queen (or a pawn promoting to one) checking from a square next to
    /// the king, protected by another piece.
    CloseQueen,
    /// A queen checking from two squares away along a line, the king hemmed
    /// in by its own pieces.
    Epaulette,
    /// A rook, bishop or queen checking along a line: back-rank mates,
    /// Boden's mate, and rook or bishop mates from next to the king.
    SlidingPiece,
    /// A knight check: the smothered mate and its kin.
    Knight,
}

/// A mating move and the pattern that found it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mate {
    /// The move that mates.
    pub mv: Move,
    /// How it was recognised.
    pub pattern: Pattern,
}

/// A move for the side to move that checkmates at once, with the pattern
/// that recognised it, or `None` if no pattern finds one. Every move returned
/// is mate (see [`is_mating_move`]); some mates are not found.
///
/// ```
/// use movegen::Board;
/// use matewise_mate_detection::{find_mate, Pattern};
///
/// // The smothered mate: Nf7.
/// let board = Board::from_fen("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1")?;
/// let mate = find_mate(&board).unwrap();
/// assert_eq!(mate.pattern, Pattern::Knight);
/// assert_eq!(board.to_uci(mate.mv).to_string(), "g5f7");
/// # Ok::<(), movegen::FenError>(())
/// ```
pub fn find_mate(board: &Board) -> Option<Mate> {
    find_mate_in(&Ctx::new(board)?)
}

/// The patterns, in order, on a position already judged worth a look.
fn find_mate_in(ctx: &Ctx) -> Option<Mate> {
    let found = |pattern| move |mv| Mate { mv, pattern };
    queen::close_mate(ctx, PieceKind::Queen)
        .map(found(Pattern::CloseQueen))
        .or_else(|| queen::epaulette(ctx).map(found(Pattern::Epaulette)))
        .or_else(|| knight::knight_mate(ctx).map(found(Pattern::Knight)))
        .or_else(|| sliders::slider_mate(ctx).map(found(Pattern::SlidingPiece)))
        .or_else(|| queen::close_mate(ctx, PieceKind::Rook).map(found(Pattern::SlidingPiece)))
        .or_else(|| queen::close_mate(ctx, PieceKind::Bishop).map(found(Pattern::SlidingPiece)))
}

/// A move for the side to move that checkmates at once, recognised from
/// patterns without trying every move; `None` if no pattern finds one.
/// Every move returned is mate.
///
/// ```
/// use movegen::Board;
/// use matewise_mate_detection::mate_at_a_glance;
///
/// // Boden's mate: Ba3, the f5 bishop covering b1 and c2.
/// let board = Board::from_fen("4k3/4b3/8/5b2/8/2P5/3P4/2KR4 b - - 0 1")?;
/// let mv = mate_at_a_glance(&board).unwrap();
/// assert_eq!(board.to_uci(mv).to_string(), "e7a3");
/// # Ok::<(), movegen::FenError>(())
/// ```
#[inline]
pub fn mate_at_a_glance(board: &Board) -> Option<Move> {
    find_mate(board).map(|mate| mate.mv)
}

/// The mate the side *not* to move threatens: a move that side could mate
/// with if it were its turn (found as [`mate_at_a_glance`] after a null
/// move). `None` if none is recognised, or if the side to move is in check
/// (it cannot pass, and must answer the check first).
///
/// The move is legal in the position after a null move, not in `board`.
///
/// ```
/// use movegen::Board;
/// use matewise_mate_detection::mate_threat;
///
/// // Black to move; White threatens Ra8 mate on the back rank.
/// let board = Board::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1")?;
/// let threat = mate_threat(&board).unwrap();
/// assert_eq!(threat.to().to_string(), "a8");
/// # Ok::<(), movegen::FenError>(())
/// ```
#[inline]
pub fn mate_threat(board: &Board) -> Option<Move> {
    mate_threat_pattern(board).map(|mate| mate.mv)
}

/// The README's example, compiled and run as a doctest so it cannot go stale.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
