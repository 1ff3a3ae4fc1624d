//! The endgame tables in the tree: an own distance-to-mate table scores a
//! position exactly wherever it is met, and a Syzygy table scores one just
//! after a capture or pawn move, in the band of tablebase wins below the
//! mates ([`crate::score::TB_WIN`]), as Stockfish probes them.

use crate::score::{DRAW, MAX_PLY, mate_in, mated_in, tb_win_in};
use crate::tt::Bound;
use crate::worker::Worker;
use endgame_tables::TableAnswer;
use endgame_tables::dtm::Dtm;
use endgame_tables::syzygy::Wdl;
use movegen::{Board, Move, PieceKind};

/// A Syzygy result is stored this much deeper than the node: no search
/// below it knows better.
const SYZYGY_STORE_DEPTH_BONUS: i32 = 6;

impl Worker<'_> {
    /// The exact score of a position in a ready distance-to-mate table.
    // The switch is tested inline: with the tables off (the bench, and
    // most games) every node would otherwise pay a call to learn nothing.
    #[inline(always)]
    pub(crate) fn table_score(&self, board: &Board, ply: usize) -> Option<i32> {
        if !self.shared.options.endgame_tables || board.occupied().len() > 4 {
            return None;
        }
        self.probe_tables(board, ply)
    }

    #[inline(never)]
    fn probe_tables(&self, board: &Board, ply: usize) -> Option<i32> {
        let dtm = self.shared.tablebases.dtm(board)?;
        self.dtm_score(dtm, board, ply)
    }

    /// The score of an own table's answer `dtm` for `board`, `ply` plies
    /// from the root; `None` where the fifty-move count leaves it open.
    fn dtm_score(&self, dtm: Dtm, board: &Board, ply: usize) -> Option<i32> {
        self.tb_hits.set(self.tb_hits.get() + 1);
        // A mate further than the search can count is still a sure win.
        let mate_or_win = |plies: u32| (ply + plies as usize).min(MAX_PLY);
        // A table's mate fits in the fifty-move count if it comes within
        // the plies the halfmove clock leaves (a mate on the hundredth ply
        // still counts): every line of it does. One further away is a draw
        // only where no capture or pawn move can reset the count on the
        // way, that is with a lone piece against a bare king (whose
        // capture of it draws); in any other ending the search goes on,
        // and finds the mate behind the next capture or pawn move if the
        // count allows one.
        let plies_left = 100u32.saturating_sub(u32::from(board.halfmove_clock()));
        Some(match dtm {
            Dtm::MateIn(plies) if plies <= plies_left => mate_in(mate_or_win(plies)),
            Dtm::MatedIn(plies) if plies <= plies_left => mated_in(mate_or_win(plies)),
            Dtm::MateIn(_) | Dtm::MatedIn(_) if can_reset_the_count(board) => return None,
            Dtm::MateIn(_) | Dtm::MatedIn(_) | Dtm::Draw => DRAW,
        })
    }

    /// Step 4b: a Syzygy table's verdict on a position just after a capture
    /// or pawn move (where it counts the fifty-move rule exactly), within
    /// the probe limit, and at the probe depth for a position with as many
    /// men as the limit. A draw is exact; a win is a lower bound and a loss
    /// an upper one, each returned where it cuts. Stored in the hash either
    /// way, deeper than the node.
    #[inline(always)]
    pub(crate) fn syzygy_score(
        &mut self,
        board: &Board,
        key: u64,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        let limit = self.shared.syzygy_men;
        if limit == 0 || board.halfmove_clock() != 0 {
            return None;
        }
        let men = board.occupied().len();
        if men > limit || (men == limit && depth < self.shared.options.syzygy_probe_depth) {
            return None;
        }
        self.probe_syzygy(board, key, depth, ply, alpha, beta)
    }

    #[inline(never)]
    fn probe_syzygy(
        &mut self,
        board: &Board,
        key: u64,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        if !board.castling_rights().is_empty() {
            return None;
        }
        let wdl = match self.shared.tablebases.probe(board)? {
            TableAnswer::Wdl(wdl) => wdl,
            // An own table, held since the node's first probe: exact.
            TableAnswer::Dtm(dtm) => return self.dtm_score(dtm, board, ply),
        };
        self.tb_hits.set(self.tb_hits.get() + 1);
        let (score, bound) = wdl_score(wdl, ply, self.shared.options.syzygy_50_move_rule);
        let cuts = match bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        if cuts {
            let depth = (depth + SYZYGY_STORE_DEPTH_BONUS).min(MAX_PLY as i32 - 1);
            let eval = self.evaluate(board);
            self.shared
                .tt
                .store(key, Move::NULL, score, eval, depth, bound, ply);
            return Some(score);
        }
        None
    }
}

/// The score of a Syzygy verdict `ply` plies from the root, and what it
/// bounds: a win is at least a tablebase win (a mate may be quicker), a
/// loss at most a loss, a draw exact. With `fifty_move_rule`, a win the
/// rule spoils is a draw but for a hair above it, and a loss it saves one
/// a hair below, so that the search still prefers the side of the draw
/// that might win.
pub(crate) fn wdl_score(wdl: Wdl, ply: usize, fifty_move_rule: bool) -> (i32, Bound) {
    let wdl = if fifty_move_rule {
        wdl
    } else {
        wdl.without_fifty_move_rule()
    };
    match wdl {
        Wdl::Win => (tb_win_in(ply), Bound::Lower),
        Wdl::Loss => (-tb_win_in(ply), Bound::Upper),
        Wdl::CursedWin => (DRAW + 2, Bound::Exact),
        Wdl::BlessedLoss => (DRAW - 2, Bound::Exact),
        Wdl::Draw => (DRAW, Bound::Exact),
    }
}

/// Whether a capture or a pawn move can come before a table's mate and
/// start the fifty-move count again: anything but a lone piece against a
/// bare king.
fn can_reset_the_count(board: &Board) -> bool {
    board.occupied().len() > 3 || !board.pieces(PieceKind::Pawn).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{TB_BOUND, is_decisive, is_mate};

    #[test]
    fn syzygy_verdicts_score_in_their_own_band() {
        let (win, bound) = wdl_score(Wdl::Win, 7, true);
        assert!(win > TB_BOUND && is_decisive(win) && !is_mate(win));
        assert_eq!(bound, Bound::Lower);
        assert_eq!(wdl_score(Wdl::Loss, 7, true), (-win, Bound::Upper));
        // A nearer win scores higher.
        assert!(wdl_score(Wdl::Win, 3, true).0 > win);
    }

    #[test]
    fn the_fifty_move_rule_turns_cursed_wins_into_draws() {
        assert_eq!(wdl_score(Wdl::CursedWin, 4, true), (2, Bound::Exact));
        assert_eq!(wdl_score(Wdl::BlessedLoss, 4, true), (-2, Bound::Exact));
        assert_eq!(
            wdl_score(Wdl::CursedWin, 4, false),
            wdl_score(Wdl::Win, 4, true)
        );
        assert_eq!(
            wdl_score(Wdl::BlessedLoss, 4, false),
            wdl_score(Wdl::Loss, 4, true)
        );
    }
}
