//! The distance-to-mate tables a search readies before it starts: the
//! root's own, and, at a root of five men, those its captures lead into,
//! so that a table is there before the search needs it rather than after.

use crate::control::SearchControl;
use crate::limits::Limits;
use endgame_tables::dtm::{self, Ending};
use movegen::{Board, MoveList};

/// Readies the tables of [`endings_at_hand`] before the search takes its
/// [`dtm::searching`] guard, within the tables' memory limit
/// ([`dtm::set_memory_limit`]).
///
/// On a clock each is only requested: it builds in the background, between
/// searches, and the tree scores it once it is ready.
///
/// Without a clock (`infinite`, `depth`, `nodes`, `mate` or no limit) the
/// search waits for the root's own table, loaded or built first, so that
/// the root's answer is exact and its line runs to the mate; a build may
/// take seconds (with the tables it leads into, a minute or more), once per
/// machine, as tables are cached. A `stop` meanwhile ends the wait at once
/// and the search answers without the table: the build goes on in its own
/// thread ([`dtm::build_unless_stopped`]). A five-man root's capture tables are
/// loaded here if cached; otherwise they are built beside the search, not
/// before it, which stays free to answer at once and uses each table as
/// soon as it is ready.
pub(crate) fn ready_for(root: &Board, limits: &Limits, control: &SearchControl) {
    let (endings, root_is_tabled) = endings_at_hand(root);
    for ending in endings {
        if limits.is_timed() {
            dtm::table(ending);
        } else if root_is_tabled {
            // Solved in a thread of its own even if the background builder
            // has it under way: that build may be paused or starved.
            dtm::build_unless_stopped(ending, || control.is_stopped());
        } else if dtm::load_cached(ending).is_none() {
            dtm::build_beside_searches(ending);
        }
    }
}

/// The tabled ending of `root` (and `true`), or, when `root` has five men,
/// the tabled endings its captures lead into, each once (and `false`).
pub(crate) fn endings_at_hand(root: &Board) -> (Vec<Ending>, bool) {
    if let Some((ending, _)) = Ending::of(root) {
        return (vec![ending], true);
    }
    let mut endings = Vec::new();
    if root.occupied().len() == 5 {
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
    (endings, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn endings(fen: &str) -> Vec<Ending> {
        endings_at_hand(&Board::from_fen(fen).unwrap()).0
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
