//! Mate lines followed to the mate. The search's own line stops where a
//! table answered, a hash entry cut, or the mate-distance window closed;
//! a GUI shows the line of a mate score as the mating line, so the line is
//! carried on through the tables and the hash table to the checkmate.

use crate::score::{MATE, MATE_BOUND, is_mate};
use crate::tt::Bound;
use crate::worker::Worker;
use mate_detection::mate_in_one;
use movegen::{Board, Move, MoveList};

/// Moves tried in all while following one mate line: a dead end is rare
/// (a forced repetition) and found within a move or two.
const LINE_SEARCH_BUDGET: u32 = 512;

/// What is known of a position's value, from its side to move's view.
#[derive(Copy, Clone)]
enum Known {
    Exact(i32),
    AtLeast(i32),
    AtMost(i32),
}

/// The side to move has a legal move, and every one of them allows a mate
/// in one.
fn mated_in_two(board: &Board) -> bool {
    let mut moves = MoveList::new();
    board.generate_moves(&mut moves);
    !moves.is_empty()
        && moves.iter().all(|&mv| {
            let mut child = board.clone();
            child.play_unchecked(mv);
            mate_in_one(&child).is_some()
        })
}

impl Worker<'_> {
    /// Carries `pv`, a line from `root` whose score is `score`, on to the
    /// checkmate a mate score announces: the line of a mate in N gets 2N-1
    /// plies, that of a mated in N 2N, each move legal. A move is added only
    /// where a table, the hash table or a short exhaustive check shows it
    /// keeps the announced distance, so the line ends early (never wrong)
    /// where nothing shows that.
    pub(crate) fn complete_mate_line(&mut self, root: &Board, pv: &mut Vec<Move>, score: i32) {
        // A score past the mates (no score at all) has no line to follow.
        let Ok(plies) = usize::try_from(MATE - score.abs()) else {
            return;
        };
        if !is_mate(score) {
            return;
        }
        let mut board = root.clone();
        let history = self.keys.len();
        let mut kept = 0;
        for &mv in pv.iter().take(plies) {
            if !board.is_legal(mv) {
                break;
            }
            self.keys.push(board.hash());
            board.play_unchecked(mv);
            kept += 1;
        }
        pv.truncate(kept);
        let mut budget = LINE_SEARCH_BUDGET;
        if !self.follow_to_mate(&board, plies - kept, pv, &mut budget) {
            // No line keeps the distance all the way: the nearest known
            // moves, as far as they are known.
            while pv.len() < plies {
                let Some(mv) = self.mate_line_move(&board, plies - pv.len()) else {
                    break;
                };
                self.keys.push(board.hash());
                board.play_unchecked(mv);
                pv.push(mv);
            }
        }
        while self.keys.len() > history {
            self.keys.pop();
        }
    }

    /// Extends `line` from `board` by exactly `plies` moves that end in
    /// checkmate, every move known to keep the distance; on failure leaves
    /// `line` and the key history as they were. A move that keeps the
    /// distance can still lead where the defender's only reply repeats the
    /// line, so other choices are tried, within `budget` moves in all.
    fn follow_to_mate(
        &mut self,
        board: &Board,
        plies: usize,
        line: &mut Vec<Move>,
        budget: &mut u32,
    ) -> bool {
        if plies == 0 {
            return board.is_checkmate();
        }
        for mv in self.moves_keeping_distance(board, plies) {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let mut child = board.clone();
            child.play_unchecked(mv);
            self.keys.push(board.hash());
            line.push(mv);
            if self.follow_to_mate(&child, plies - 1, line, budget) {
                return true;
            }
            line.pop();
            self.keys.pop();
        }
        false
    }

    /// The moves from `board` known to reach checkmate in exactly `plies`
    /// plies, as `mate_line_move` judges them; near the mate, where
    /// nothing else knows, the exhaustive look's move.
    fn moves_keeping_distance(&mut self, board: &Board, plies: usize) -> MoveList {
        let mating = plies % 2 == 1;
        let mut moves = MoveList::new();
        board.generate_moves(&mut moves);
        let mut keeping = MoveList::new();
        for &mv in moves.iter() {
            let mut child = board.clone();
            child.play_unchecked(mv);
            if self.known_mate(board, &child, mating) == Some(plies - 1) {
                keeping.push(mv);
            }
        }
        if keeping.is_empty() && plies <= 3 {
            keeping.extend(self.mate_line_move(board, plies));
        }
        keeping
    }

    /// The move from `board` on a line that ends in checkmate in exactly
    /// `plies` plies: the mating side's fastest mate, the defender's
    /// longest resistance. Only moves whose outcome is known are chosen;
    /// one off the announced distance only when none is on it, and then
    /// the nearest, a shorter mate before a longer one.
    fn mate_line_move(&mut self, board: &Board, plies: usize) -> Option<Move> {
        let mating = plies % 2 == 1;
        let mut moves = MoveList::new();
        board.generate_moves(&mut moves);
        let mut nearest: Option<(Move, (bool, usize))> = None;
        for &mv in moves.iter() {
            let mut child = board.clone();
            child.play_unchecked(mv);
            let Some(left) = self.known_mate(board, &child, mating) else {
                continue;
            };
            if left == plies - 1 {
                return Some(mv);
            }
            let off = (left > plies - 1, left.abs_diff(plies - 1));
            if nearest.is_none_or(|(_, best)| off < best) {
                nearest = Some((mv, off));
            }
        }
        nearest.map(|(mv, _)| mv).or_else(|| {
            // Near the end an exhaustive look is cheap.
            let leads_to = |mv: Move, test: fn(&Board) -> bool| {
                let mut child = board.clone();
                child.play_unchecked(mv);
                test(&child)
            };
            match plies {
                1 => mate_in_one(board),
                2 => moves
                    .iter()
                    .copied()
                    .find(|&mv| leads_to(mv, |child| mate_in_one(child).is_some())),
                3 => moves.iter().copied().find(|&mv| leads_to(mv, mated_in_two)),
                _ => None,
            }
        })
    }

    /// The plies from `child`, a child of `parent`, to a checkmate known
    /// to come: against the child's side to move if `mating` (the side
    /// that moved into it mates), else by it. Nothing for a child that
    /// repeats the line or the game, or that the fifty-move count draws.
    fn known_mate(&mut self, parent: &Board, child: &Board, mating: bool) -> Option<usize> {
        let checkmate = child.is_checkmate();
        self.keys.push(parent.hash());
        let drawn = self.keys.repetitions(child) > 0;
        self.keys.pop();
        if drawn || (child.halfmove_clock() >= 100 && !checkmate) {
            return None;
        }
        let known = if checkmate {
            Known::Exact(-MATE)
        } else if let Some(score) = self.table_score(child, 0) {
            Known::Exact(score)
        } else {
            let entry = self.shared.tt.probe(child.hash(), 0)?;
            match entry.bound {
                Bound::Exact => Known::Exact(entry.score),
                Bound::Lower => Known::AtLeast(entry.score),
                Bound::Upper => Known::AtMost(entry.score),
            }
        };
        // The child's side must be mated for sure, or mate for sure.
        let value = match (known, mating) {
            (Known::Exact(v) | Known::AtMost(v), true) if v <= -MATE_BOUND => v,
            (Known::Exact(v) | Known::AtLeast(v), false) if v >= MATE_BOUND => v,
            _ => return None,
        };
        Some((MATE - value.abs()) as usize)
    }
}
