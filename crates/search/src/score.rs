//! Search scores: centipawns, with mates encoded as `MATE - plies`.

/// The score of giving mate now; a mate `n` plies from the root scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// The deepest ply a search reaches.
pub const MAX_PLY: usize = 128;
/// Scores at or beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A tablebase win at the root: one `n` plies from the root scores
/// `TB_WIN - n`, below every mate and above every evaluation.
pub const TB_WIN: i32 = MATE_BOUND - 1;
/// Scores at or beyond this are tablebase wins (or mates).
pub const TB_BOUND: i32 = TB_WIN - MAX_PLY as i32;
/// A score outside every real score.
pub const INFINITE: i32 = MATE + 1;
/// The draw score.
pub const DRAW: i32 = 0;

/// The score of mating in `ply` plies from the root.
///
/// ```
/// use matewise_search::{MATE, Score, mate_in};
/// assert_eq!(mate_in(3), MATE - 3);
/// assert_eq!(Score::from_internal(mate_in(3)), Score::Mate(2)); // 3 plies: our 2nd move mates
/// ```
#[inline]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The score of being mated in `ply` plies from the root.
///
/// ```
/// use matewise_search::{Score, mated_in};
/// assert_eq!(mated_in(2), -mated_in(2).abs());
/// assert_eq!(Score::from_internal(mated_in(2)), Score::Mate(-1));
/// ```
#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// True if `score` announces a mate for either side.
///
/// ```
/// use matewise_search::{is_mate, mate_in, mated_in};
/// assert!(is_mate(mate_in(5)) && is_mate(mated_in(8)));
/// assert!(!is_mate(900));
/// ```
#[inline]
pub const fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

/// The score of a tablebase win `ply` plies from the root (a position
/// won for the side to move there is `TB_WIN - ply`).
///
/// ```
/// use matewise_search::{TB_BOUND, is_decisive, is_mate, tb_win_in};
/// assert!(tb_win_in(5) > TB_BOUND && is_decisive(tb_win_in(5)) && !is_mate(tb_win_in(5)));
/// ```
#[inline]
pub const fn tb_win_in(ply: usize) -> i32 {
    TB_WIN - ply as i32
}

/// True if `score` is a mate or a tablebase win or loss for either side:
/// a proved result, which no margin may prune past.
///
/// ```
/// use matewise_search::{is_decisive, mate_in, tb_win_in};
/// assert!(is_decisive(mate_in(5)) && is_decisive(-tb_win_in(9)) && !is_decisive(900));
/// ```
#[inline]
pub const fn is_decisive(score: i32) -> bool {
    score.abs() >= TB_BOUND
}

/// Mate and tablebase scores are stored in the table relative to the node,
/// not the root, so that an entry means the same wherever it is found.
#[inline]
pub const fn to_table(score: i32, ply: usize) -> i32 {
    if score >= TB_BOUND {
        score + ply as i32
    } else if score <= -TB_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`].
#[inline]
pub const fn from_table(score: i32, ply: usize) -> i32 {
    if score >= TB_BOUND {
        score - ply as i32
    } else if score <= -TB_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// A score as UCI reports it.
///
/// ```
/// use matewise_search::{Score, MATE};
/// assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
/// assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
/// assert_eq!(Score::from_internal(35), Score::Centipawns(35));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// A normal evaluation.
    Centipawns(i32),
    /// Mate in this many moves (negative: getting mated).
    Mate(i32),
}

impl Score {
    /// Converts an internal score (side to move at the root).
    pub fn from_internal(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            Score::Mate(-(MATE + score) / 2)
        } else {
            Score::Centipawns(score)
        }
    }
}
