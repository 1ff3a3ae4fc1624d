//! Move-ordering memory: butterfly history with gravity, killer moves and
//! counter moves. Kept per thread, cleared on `ucinewgame`.

use crate::score::MAX_PLY;
use movegen::{Board, Color, Move};

/// History values stay within +-HISTORY_MAX; gravity pulls them back as they near it.
pub const HISTORY_MAX: i32 = 16_384;

/// Per-thread ordering statistics.
#[derive(Clone)]
pub struct Histories {
    butterfly: Box<[[[i16; 64]; 64]; 2]>,
    killers: Box<[[Move; 2]; MAX_PLY + 2]>,
    counters: Box<[[Move; 64]; 12]>,
}

impl Default for Histories {
    fn default() -> Self {
        Histories {
            butterfly: Box::new([[[0; 64]; 64]; 2]),
            killers: Box::new([[Move::NULL; 2]; MAX_PLY + 2]),
            counters: Box::new([[Move::NULL; 64]; 12]),
        }
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
    (depth * depth * 16 + 32 * depth).min(1600)
}

impl Histories {
    /// Forgets everything.
    pub fn clear(&mut self) {
        *self = Histories::default();
    }

    /// The history score of a quiet move for `color`.
    #[inline]
    pub fn quiet(&self, color: Color, mv: Move) -> i32 {
        i32::from(self.butterfly[color as usize][mv.from() as usize][mv.to() as usize])
    }

    /// Rewards (positive `bonus`) or punishes a quiet move, with gravity:
    /// the closer to the bound, the smaller the change.
    #[inline]
    pub fn update_quiet(&mut self, color: Color, mv: Move, bonus: i32) {
        let entry = &mut self.butterfly[color as usize][mv.from() as usize][mv.to() as usize];
        apply_gravity(entry, bonus, HISTORY_MAX);
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
