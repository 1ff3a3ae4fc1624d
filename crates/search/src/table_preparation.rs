//! The tables a search readies before it starts: the root's own
//! distance-to-mate table, and, at a root of five men, those its captures
//! lead into, so that a table is there before the search needs it rather
//! than after; and, at a root in the Syzygy tables, the ranking of its
//! moves, so that the search never throws a tablebase win away.

use crate::control::SearchControl;
use crate::limits::Limits;
use crate::options::SearchOptions;
use crate::root_move::RootMove;
use crate::score::{DRAW, tb_win_in};
use endgame_tables::dtm::Ending;
use endgame_tables::{Ready, Tablebases};
use movegen::{Board, MoveList};

/// Readies the tables of [`endings_at_hand`] before the search takes its
/// [`Tablebases::searching`] guard, within the tables' memory limit
/// ([`Tablebases::set_memory_limit`]).
///
/// On a clock each is only requested: it builds in the background, between
/// searches, and the tree scores it once it is ready.
///
/// Without a clock (`depth`, `nodes`, `mate` or no limit) the search waits
/// for the root's own table, loaded or built first, so that the root's
/// answer is exact and its line runs to the mate (`go infinite` alone
/// builds it beside the search, whose lines keep coming meanwhile); a build may
/// take seconds (with the tables it leads into, a minute or more), once per
/// machine, as tables are cached. A `stop` meanwhile ends the wait at once
/// and the search answers without the table: the build goes on in its own
/// thread ([`Ready::UnlessStopped`]). A five-man root's capture tables are
/// loaded here if cached; otherwise they are built beside the search, not
/// before it, which stays free to answer at once and uses each table as
/// soon as it is ready.
pub(crate) fn ready_for(
    root: &Board,
    limits: &Limits,
    control: &SearchControl,
    tables: &Tablebases,
) {
    let (mut endings, root_is_tabled) = endings_at_hand(root);
    if limits.is_timed() {
        // The background builder takes the latest request first: the
        // cheapest goes last, so that the table likeliest to be ready
        // before the game ends is built first.
        most_work_first(&mut endings, tables);
    }
    // `go infinite` (analysis) shows its lines from the start: its root's
    // table is built beside it, and the tree scores it once it is ready.
    let open_ended = limits.infinite
        && limits.depth.is_none()
        && limits.nodes.is_none()
        && limits.mate.is_none();
    for ending in endings {
        if limits.is_timed() {
            tables.table(ending, Ready::Background);
        } else if root_is_tabled && !open_ended {
            // Solved in a thread of its own even if the background builder
            // has it under way: that build may be paused or starved.
            tables.table(ending, Ready::UnlessStopped(&|| control.is_stopped()));
        } else if tables.table(ending, Ready::Cached).is_none() {
            tables.table(ending, Ready::BesideSearches);
        }
    }
}

/// Sorts `endings` by the work a build of each still takes (its own table
/// and those it leads into, neither held nor cached), the most first.
fn most_work_first(endings: &mut [Ending], tables: &Tablebases) {
    let work = |ending: Ending| -> f64 {
        let missing = tables.missing(ending);
        missing.iter().map(|e| e.typical_build_seconds()).sum()
    };
    endings.sort_by(|&a, &b| work(b).total_cmp(&work(a)));
}

/// What the Syzygy tables settle at the root before the search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct RootTables {
    /// The most men a probe in the tree may see (0: none).
    pub(crate) syzygy_men: u32,
    /// The root's tablebase score, reported in place of the search's own
    /// (which cannot see the tables' distance) unless it finds a mate.
    pub(crate) score: Option<i32>,
    /// Positions the root probe answered: one per root move.
    pub(crate) hits: u64,
}

/// Ranks the root moves by the Syzygy tables, where they hold the root and
/// no own distance-to-mate table answers it, and keeps only the moves of
/// the best rank, best first: every win that the fifty-move count cannot
/// spoil, or else the draws, or the losses that hold out longest. With
/// distance-to-zeroing tables at the root the tree probes no more, since
/// a probe would score every remaining move the same win (Stockfish's
/// rule); with only WDL tables it goes on probing.
pub(crate) fn rank_root(
    root: &Board,
    moves: &mut Vec<RootMove>,
    options: &SearchOptions,
    tables: &Tablebases,
) -> RootTables {
    let mut settled = RootTables {
        syzygy_men: options.syzygy_probe_limit.min(tables.syzygy_max_pieces()),
        score: None,
        hits: 0,
    };
    if settled.syzygy_men == 0
        || root.occupied().len() > settled.syzygy_men
        || tables.dtm(root).is_some()
    {
        return settled;
    }
    let Some(ranked) = tables.rank_root_moves(root) else {
        return settled;
    };
    let rank_of = |mv| ranked.iter().find(|r| r.root.mv == mv);
    let Some(best) = moves
        .iter()
        .filter_map(|rm| rank_of(rm.mv))
        .max_by_key(|r| r.rank)
    else {
        return settled;
    };
    let best = *best;
    settled.hits = ranked.len() as u64;
    moves.retain(|rm| rank_of(rm.mv).is_some_and(|r| r.rank == best.rank));
    // Ranked best first, the quickest conversion first among equals.
    moves.sort_by_key(|rm| ranked.iter().position(|r| r.root.mv == rm.mv));
    let rule50 = options.syzygy_50_move_rule;
    let distance = best.root.dtz.map_or(1, |dtz| dtz.unsigned_abs() as usize);
    settled.score = Some(if best.is_win(rule50) {
        tb_win_in(distance)
    } else if best.is_loss(rule50) {
        -tb_win_in(distance)
    } else {
        DRAW
    });
    if best.root.dtz.is_some() {
        settled.syzygy_men = 0;
    }
    settled
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
    fn the_cheapest_capture_table_is_requested_last_so_built_first() {
        // A K+R+P against K+R root's captures: K+R against K+R needs only
        // K+R against K besides; the other two need the tables of the
        // pawn's promotions, four men each.
        let tables = Tablebases::in_memory();
        for start in [
            [Ending::Krkr, Ending::Krpk, Ending::Krkp],
            [Ending::Krpk, Ending::Krkp, Ending::Krkr],
        ] {
            let mut endings = start;
            most_work_first(&mut endings, &tables);
            assert_eq!(endings[2], Ending::Krkr, "{start:?}");
        }
    }

    #[test]
    fn more_or_fewer_men_need_nothing_ahead() {
        assert!(endings("8/8/8/8/8/2k5/8/K7 w - - 0 1").is_empty());
        assert!(endings("8/8/4k3/Q2r4/2n5/8/8/K6R w - - 0 1").is_empty());
    }
}
