//! Ranking the root moves by a root probe, as Stockfish's `root_probe` and
//! `root_probe_wdl` do.
//!
//! Each move gets a rank: all wins that are safe within the fifty-move
//! count share the top rank, wins that are not (the count plus the DTZ
//! reaching 100) rank by how close the zeroing move is, draws rank 0, and
//! losses rank lowest unless the fifty-move rule may still save them. A
//! search that only looks at the moves of the best rank (Stockfish searches
//! rank by rank) keeps a win and converts it; [`RankedMove`]s come sorted,
//! best first, and among the best-ranked wins the smallest DTZ first, so
//! the first move alone converts too.

use super::{RootMove, SyzygyProber, Wdl};
use movegen::Board;

/// The rank of a certain win (Stockfish's `MAX_DTZ`).
pub const MAX_DTZ: i32 = 1 << 18;

/// A root move with its rank.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RankedMove {
    /// The move and its probe.
    pub root: RootMove,
    /// Higher is better; moves of equal rank are equally good to the tables.
    pub rank: i32,
}

impl RankedMove {
    /// Whether the rank is a tablebase win for the score: with the
    /// fifty-move rule on (`Syzygy50MoveRule`), only wins it cannot spoil;
    /// with it off, cursed wins too.
    pub fn is_win(&self, fifty_move_rule: bool) -> bool {
        self.rank >= win_bound(fifty_move_rule)
    }

    /// Whether the rank is a tablebase loss, likewise.
    pub fn is_loss(&self, fifty_move_rule: bool) -> bool {
        self.rank <= -win_bound(fifty_move_rule)
    }
}

/// The least rank that scores as a win (Stockfish's `bound`).
pub const fn win_bound(fifty_move_rule: bool) -> i32 {
    if fifty_move_rule { MAX_DTZ - 100 } else { 1 }
}

/// The rank of a move whose DTZ from the root is `dtz` (see
/// [`RootMove::dtz`]) when the root's fifty-move count is `rule50`.
///
/// ```
/// use matewise_endgame_tables::syzygy::root::{MAX_DTZ, dtz_rank};
/// assert_eq!(dtz_rank(5, 0), MAX_DTZ);
/// assert_eq!(dtz_rank(5, 98), MAX_DTZ - 103);
/// assert_eq!(dtz_rank(0, 0), 0);
/// ```
pub const fn dtz_rank(dtz: i32, rule50: i32) -> i32 {
    if dtz > 0 {
        if dtz + rule50 <= 99 {
            MAX_DTZ
        } else {
            MAX_DTZ - (dtz + rule50)
        }
    } else if dtz < 0 {
        if -dtz * 2 + rule50 < 100 {
            -MAX_DTZ
        } else {
            -MAX_DTZ + (-dtz + rule50)
        }
    } else {
        0
    }
}

/// The rank of a move known only by its WDL verdict.
pub const fn wdl_rank(wdl: Wdl) -> i32 {
    match wdl {
        Wdl::Loss => -MAX_DTZ,
        Wdl::BlessedLoss => -MAX_DTZ + 101,
        Wdl::Draw => 0,
        Wdl::CursedWin => MAX_DTZ - 101,
        Wdl::Win => MAX_DTZ,
    }
}

/// Probes `board` at the root and ranks its moves, best first (see the
/// module documentation); `None` if the tables do not answer.
///
/// ```
/// use matewise_endgame_tables::syzygy::{SyzygyTables, rank_root_moves};
/// use matewise_endgame_tables::Board;
///
/// # let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data/syzygy/3-4");
/// # let folder = std::env::var("MATEWISE_SYZYGY_DIR").map(|d| d + "/3-4").unwrap_or(folder.into());
/// let (tables, _) = SyzygyTables::open(&folder);
/// # let Some(tables) = tables else { return };
/// // King and rook against king: the first move keeps the win, the last
/// // one (Rb3+ Kxb3) throws it away.
/// let board = Board::from_fen("8/8/8/8/8/2k5/8/KR6 w - - 0 1").unwrap();
/// let ranked = rank_root_moves(&tables, &board).unwrap();
/// assert!(ranked[0].is_win(true));
/// assert_eq!(ranked.last().unwrap().rank, 0);
/// ```
pub fn rank_root_moves(prober: &dyn SyzygyProber, board: &Board) -> Option<Vec<RankedMove>> {
    let rule50 = i32::from(board.halfmove_clock());
    let mut ranked: Vec<RankedMove> = prober
        .probe_root(board)?
        .into_iter()
        .map(|root| RankedMove {
            root,
            rank: match root.dtz {
                Some(dtz) => dtz_rank(dtz, rule50),
                None => wdl_rank(root.wdl),
            },
        })
        .collect();
    // Best rank first; then the quickest win (smallest positive DTZ) and
    // the slowest loss (most negative DTZ).
    ranked.sort_by_key(|m| (-m.rank, m.root.dtz.unwrap_or(0)));
    Some(ranked)
}

/// Every legal move valued by a WDL probe of the position after it (for
/// when DTZ tables are missing): a mate wins, as does a move into a won
/// table for the mover; `None` if any probe fails or there is no move.
pub fn by_wdl(prober: &dyn SyzygyProber, board: &Board) -> Option<Vec<RootMove>> {
    let moves = board.legal_moves();
    if moves.is_empty() {
        return None;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = board.clone();
            child.play_unchecked(mv);
            let wdl = if child.is_checkmate() {
                Wdl::Win
            } else {
                prober.probe_wdl(&child)?.flipped()
            };
            Some(RootMove { mv, wdl, dtz: None })
        })
        .collect()
}
