//! Move-ordering memory: butterfly history with gravity, continuation
//! history (a quiet move judged by the moves one and two plies before it),
//! killer moves and counter moves. Kept per thread, cleared on `ucinewgame`.

use crate::score::MAX_PLY;
use movegen::{Board, Color, Move, Piece, Square};

/// History values stay within +-HISTORY_MAX; gravity pulls them back as they near it.
pub const HISTORY_MAX: i32 = 16_384;

/// A move as continuation history knows it: the piece that moved and where
/// it went. `NONE` stands for a null move or no move at all.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PieceTo(u16);

const PIECE_TO_COUNT: usize = 12 * 64;

impl PieceTo {
    /// No move (the root's parent, or a null move).
    pub const NONE: PieceTo = PieceTo(PIECE_TO_COUNT as u16);

    /// `mv` as played on `board` (before it is made); `NONE` for a null move.
    #[inline]
    pub fn of(board: &Board, mv: Move) -> PieceTo {
        match board.piece_on(mv.from()) {
            Some(piece) if !mv.is_null() => PieceTo::new(piece, mv),
            _ => PieceTo::NONE,
        }
    }

    #[inline]
    fn new(piece: Piece, mv: Move) -> PieceTo {
        PieceTo((piece.index() * 64 + mv.to() as usize) as u16)
    }
}

/// The moves one and two plies before a node, for continuation history.
pub type Continuations = [PieceTo; 2];

impl Default for PieceTo {
    fn default() -> Self {
        PieceTo::NONE
    }
}

/// Per-thread ordering statistics.
#[derive(Clone)]
pub struct Histories {
    butterfly: Box<[[[i16; 64]; 64]; 2]>,
    /// Indexed by an earlier move and then the move judged, both as
    /// `PieceTo`; the extra row belongs to `NONE` and is never written.
    continuation: Box<[[i16; PIECE_TO_COUNT]]>,
    killers: Box<[[Move; 2]; MAX_PLY + 2]>,
    counters: Box<[[Move; 64]; 12]>,
}

impl Default for Histories {
    fn default() -> Self {
        Histories {
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            // Built on the heap: 1.2 MB would not fit a search thread's stack.
            continuation: vec![[0; PIECE_TO_COUNT]; PIECE_TO_COUNT + 1].into_boxed_slice(),
            killers: Box::new([[Move::NULL; 2]; MAX_PLY + 2]),
            counters: Box::new([[Move::NULL; 64]; 12]),
        }
    }
}

/// The tables scoring one node's quiet moves, as `Histories::quiet_with` does.
pub(crate) struct QuietScorer<'a> {
    butterfly: &'a [[i16; 64]; 64],
    continuations: [&'a [i16; PIECE_TO_COUNT]; 2],
}

impl<'a> QuietScorer<'a> {
    /// The rows scoring the quiet moves of `piece` (the side to move's)
    /// standing on `from`: one row per table, indexed by destination.
    #[inline]
    pub(crate) fn piece(&self, piece: Piece, from: Square) -> PieceScorer<'a> {
        let start = piece.index() * 64;
        let row = |table: &'a [i16; PIECE_TO_COUNT]| -> &'a [i16; 64] {
            table[start..start + 64]
                .try_into()
                .expect("a piece has 64 destinations")
        };
        PieceScorer {
            butterfly: &self.butterfly[from as usize],
            continuations: self.continuations.map(row),
        }
    }

    /// The history of `mv`, a quiet move of `piece` (which must be the
    /// piece on its origin square).
    #[inline]
    pub(crate) fn score(&self, piece: Piece, mv: Move) -> i32 {
        let this = PieceTo::new(piece, mv).0 as usize;
        i32::from(self.butterfly[mv.from() as usize][mv.to() as usize])
            + self
                .continuations
                .iter()
                .map(|row| i32::from(row[this]))
                .sum::<i32>()
    }
}

/// A [`QuietScorer`] narrowed to one piece on one square.
pub(crate) struct PieceScorer<'a> {
    butterfly: &'a [i16; 64],
    continuations: [&'a [i16; 64]; 2],
}

impl PieceScorer<'_> {
    /// The history of the piece's quiet move to `to`, as [`QuietScorer::score`]
    /// gives it.
    #[inline]
    pub(crate) fn score(&self, to: Square) -> i32 {
        let to = to as usize;
        i32::from(self.butterfly[to])
            + i32::from(self.continuations[0][to])
            + i32::from(self.continuations[1][to])
    }
}

/// Moves a history-like `entry` by `bonus` with gravity: the nearer the
/// entry is to `limit` in the bonus's direction, the smaller the step, so
/// entries stay within +-limit and old evidence fades as new arrives.
#[inline]
pub(crate) fn apply_gravity(entry: &mut i16, bonus: i32, limit: i32) {
    let old = i32::from(*entry);
    let new = old + bonus - old * bonus.abs() / limit;
    *entry = new.clamp(-limit, limit) as i16;
}

/// The bonus for a move that caused a cut at `depth`.
#[inline]
pub fn history_bonus(depth: i32) -> i32 {
    use crate::params::{HISTORY_BONUS_LINEAR, HISTORY_BONUS_MAX, HISTORY_BONUS_QUADRATIC};
    (depth * depth * HISTORY_BONUS_QUADRATIC.get() + HISTORY_BONUS_LINEAR.get() * depth)
        .min(HISTORY_BONUS_MAX.get())
}

impl Histories {
    /// Forgets everything. The tables are zeroed where they are: fresh
    /// ones would come as new pages from the system, each faulted in and
    /// cleared again on first touch (1.2 MB at every new game).
    pub fn clear(&mut self) {
        for color in self.butterfly.iter_mut() {
            color.fill([0; 64]);
        }
        self.continuation.fill([0; PIECE_TO_COUNT]);
        self.killers.fill([Move::NULL; 2]);
        for row in self.counters.iter_mut() {
            row.fill(Move::NULL);
        }
    }

    /// The history score of a quiet move for `color`.
    #[inline]
    pub fn quiet(&self, color: Color, mv: Move) -> i32 {
        i32::from(self.butterfly[color as usize][mv.from() as usize][mv.to() as usize])
    }

    /// The history of a quiet move `mv` on `board`: its butterfly score
    /// plus its continuation scores after the moves in `before`. The move
    /// picker scores whole lists with [`QuietScorer`]; this is its reference.
    #[cfg(test)]
    pub fn quiet_with(&self, board: &Board, before: &Continuations, mv: Move) -> i32 {
        let color = board.side_to_move();
        let this = PieceTo::of(board, mv);
        self.quiet(color, mv)
            + before
                .iter()
                .map(|earlier| i32::from(self.continuation[earlier.0 as usize][this.0 as usize]))
                .sum::<i32>()
    }

    /// What `quiet_with` reads for `color`'s moves after
    /// the moves in `before`, looked up once for a whole move list.
    #[inline]
    pub(crate) fn quiet_scorer(&self, color: Color, before: &Continuations) -> QuietScorer<'_> {
        QuietScorer {
            butterfly: &self.butterfly[color as usize],
            continuations: before.map(|earlier| &self.continuation[earlier.0 as usize]),
        }
    }

    /// Rewards (positive `bonus`) or punishes a quiet move, with gravity:
    /// the closer to the bound, the smaller the change.
    #[inline]
    pub fn update_quiet(&mut self, color: Color, mv: Move, bonus: i32) {
        let entry = &mut self.butterfly[color as usize][mv.from() as usize][mv.to() as usize];
        apply_gravity(entry, bonus, HISTORY_MAX);
    }

    /// As [`update_quiet`](Self::update_quiet), and the continuation
    /// entries of `mv` after each move in `before`.
    #[inline]
    pub fn update_quiet_with(
        &mut self,
        board: &Board,
        before: &Continuations,
        mv: Move,
        bonus: i32,
    ) {
        self.update_quiet(board.side_to_move(), mv, bonus);
        let this = PieceTo::of(board, mv);
        for earlier in before {
            if *earlier != PieceTo::NONE {
                apply_gravity(
                    &mut self.continuation[earlier.0 as usize][this.0 as usize],
                    bonus,
                    HISTORY_MAX,
                );
            }
        }
    }

    /// The killer moves of `ply`.
    #[inline]
    pub fn killers(&self, ply: usize) -> [Move; 2] {
        self.killers[ply]
    }

    /// Records a quiet move that cut at `ply`.
    #[inline]
    pub fn add_killer(&mut self, ply: usize, mv: Move) {
        let k = &mut self.killers[ply];
        if k[0] != mv {
            k[1] = k[0];
            k[0] = mv;
        }
    }

    /// Clears the killers two plies on, so stale ones from a sibling subtree don't linger.
    #[inline]
    pub fn clear_killers(&mut self, ply: usize) {
        if ply + 2 < self.killers.len() {
            self.killers[ply + 2] = [Move::NULL; 2];
        }
    }

    /// The counter move to `previous` (the opponent's last move, made on `board`'s parent).
    #[inline]
    pub fn counter(&self, board: &Board, previous: Move) -> Move {
        match board.piece_on(previous.to()) {
            Some(piece) if !previous.is_null() => {
                self.counters[piece.index()][previous.to() as usize]
            }
            _ => Move::NULL,
        }
    }

    /// Records `mv` as the answer to `previous`.
    #[inline]
    pub fn set_counter(&mut self, board: &Board, previous: Move, mv: Move) {
        if previous.is_null() {
            return;
        }
        if let Some(piece) = board.piece_on(previous.to()) {
            self.counters[piece.index()][previous.to() as usize] = mv;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continuation_history_judges_a_move_by_what_came_before() {
        let board =
            Board::from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
                .unwrap();
        let parent =
            Board::from_fen("r1bqkbnr/pppppppp/2n5/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
                .unwrap();
        let e5 = parent.parse_uci_move("e7e5").unwrap();
        let d5 = parent.parse_uci_move("d7d5").unwrap();
        let after_e5 = [PieceTo::of(&parent, e5), PieceTo::NONE];
        let after_d5 = [PieceTo::of(&parent, d5), PieceTo::NONE];
        let bb5 = board.parse_uci_move("f1b5").unwrap();
        let mut h = Histories::default();
        h.update_quiet_with(&board, &after_e5, bb5, history_bonus(8));
        let butterfly = h.quiet(Color::White, bb5);
        assert!(butterfly > 0);
        // The butterfly part counts everywhere, the continuation part only after e5.
        assert_eq!(h.quiet_with(&board, &after_d5, bb5), butterfly);
        assert_eq!(h.quiet_with(&board, &after_e5, bb5), 2 * butterfly);
        // A null move before leaves nothing to continue from.
        assert_eq!(h.quiet_with(&board, &[PieceTo::NONE; 2], bb5), butterfly);
        // The scorer for a whole list agrees move by move.
        let bishop = board.piece_on(bb5.from()).unwrap();
        for before in [after_e5, after_d5, [PieceTo::NONE; 2]] {
            let scorer = h.quiet_scorer(Color::White, &before);
            assert_eq!(
                scorer.score(bishop, bb5),
                h.quiet_with(&board, &before, bb5)
            );
            assert_eq!(
                scorer.piece(bishop, bb5.from()).score(bb5.to()),
                h.quiet_with(&board, &before, bb5)
            );
        }
        // Gravity keeps every entry within bounds.
        for _ in 0..1000 {
            h.update_quiet_with(&board, &after_e5, bb5, history_bonus(20));
        }
        assert!(h.quiet_with(&board, &after_e5, bb5) <= 2 * HISTORY_MAX);
    }
}
