//! The distance-to-mate tables a search readies before it starts: the
//! root's own, and, at a root of five men, those its captures lead into,
//! so that a table is there before the search needs it rather than after.

use crate::limits::Limits;
use endgame_tables::dtm::{self, Ending};
use movegen::{Board, MoveList};

/// Readies the tables of [`endings_at_hand`] before the search takes its
/// [`dtm::searching`] guard. Without a clock (`infinite`, `depth`, `nodes`,
/// `mate` or no limit) each is loaded or built here, in this thread, so
/// that the answers are exact from the first node; a build may take
/// seconds, once per machine (tables are cached). On a clock they are only
/// requested: they build in the background, between searches, and the
/// tree scores them once they are ready.
pub(crate) fn ready_for(root: &Board, limits: &Limits) {
    for ending in endings_at_hand(root) {
        if limits.is_timed() {
            dtm::table(ending);
        } else {
            // Waits for a background build of the same table if one is
            // under way: no guard is held yet, so that build goes on.
            dtm::build_now(ending);
        }
    }
}

/// The tabled ending of `root`, or, when `root` has five men, the tabled
/// endings its captures lead into, each once.
pub(crate) fn endings_at_hand(root: &Board) -> Vec<Ending> {
    let mut endings = Vec::new();
    if let Some((ending, _)) = Ending::of(root) {
        endings.push(ending);
    } else if root.occupied().len() == 5 {
        let mut moves = MoveList::new();
        root.generate_moves(&mut moves);
        for &mv in &moves {
            let mut next = root.clone();
            next.play_unchecked(mv);
            if let Some((ending, _)) = Ending::of(&next) {
                if !endings.contains(&ending) {
                    endings.push(ending);
                }
            }
        }
    }
    endings
}

#[cfg(test)]
mod tests {
    use super::*;

    fn endings(fen: &str) -> Vec<Ending> {
        endings_at_hand(&Board::from_fen(fen).unwrap())
    }

    #[test]
    fn a_tabled_root_needs_its_own_table() {
        assert_eq!(endings("8/8/8/8/8/2k5/8/KQ6 w - - 0 1"), [Ending::Kqk]);
        assert_eq!(endings("8/8/8/3r4/8/2k5/8/KQ6 b - - 0 1"), [Ending::Kqkr]);
    }

    #[test]
    fn a_five_man_root_needs_the_tables_its_captures_lead_into() {
        // K+Q+R against K+R: Black's Rxa5 leaves K+R against K+R, White's
        // Qxd5 K+Q+R against K.
        assert_eq!(endings("8/8/4k3/Q2r4/8/8/8/K6R b - - 0 1"), [Ending::Krkr]);
        assert_eq!(endings("8/8/4k3/Q2r4/8/8/8/K6R w - - 0 1"), [Ending::Kqrk]);
        // No capture, no table.
        assert!(endings("8/8/4k3/3r4/8/8/8/KQ5R w - - 0 1").is_empty());
    }

    #[test]
    fn more_or_fewer_men_need_nothing_ahead() {
        assert!(endings("8/8/8/8/8/2k5/8/K7 w - - 0 1").is_empty());
        assert!(endings("8/8/4k3/Q2r4/2n5/8/8/K6R w - - 0 1").is_empty());
    }
}
