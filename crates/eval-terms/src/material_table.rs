//! The material table: what depends on material alone (the material terms,
//! Pair-o-Max's scale for either leader, the pair bonuses and the drawing
//! chances but for the pawns), cached per thread. The key is exact, so an
//! entry is never wrong, only sometimes missing.

use crate::drawishness;
use crate::endgame::{self, DrawingChances};
use crate::params::Weights;
use crate::score::S;
use crate::trace::{NoTrace, Terms};
use mating_heuristics::{Scale, Side};
use movegen::{BitBoard, Board, Color, PieceKind};

const ENTRIES: usize = 8192;

#[derive(Copy, Clone)]
struct Entry {
    key: u64,
    /// The material terms, White's minus Black's.
    terms: S,
    pair_bonus: i32,
    /// Indexed by the leader: White, Black.
    scales: [Scale; 2],
    drawing: DrawingChances,
}

impl Entry {
    fn compute(key: u64, board: &Board, weights: &Weights, strength: u32) -> Entry {
        let material = drawishness::material(board);
        let pieces = &drawishness::PIECES;
        let mut tracer = NoTrace;
        let mut terms = Terms::new(weights, &mut tracer);
        crate::material::evaluate(board, strength, &mut terms);
        Entry {
            key,
            terms: terms.white_minus_black(),
            pair_bonus: drawishness::pair_bonus(&material),
            scales: [
                pieces.drawishness(&material, Side::White),
                pieces.drawishness(&material, Side::Black),
            ],
            drawing: endgame::material_drawing_chances(board),
        }
    }

    fn info(&self) -> MaterialInfo {
        MaterialInfo {
            terms: self.terms,
            pair_bonus: self.pair_bonus,
            scales: self.scales,
            drawing: self.drawing,
        }
    }
}

/// What the material table knows about a position.
#[derive(Copy, Clone, Debug)]
pub(crate) struct MaterialInfo {
    /// The material terms ([`crate::material::evaluate`]), White's minus Black's.
    pub(crate) terms: S,
    /// White's pair bonuses minus Black's.
    pub(crate) pair_bonus: i32,
    scales: [Scale; 2],
    /// The Compendium's drawing chances but for the fixed pawns.
    pub(crate) drawing: DrawingChances,
}

impl MaterialInfo {
    /// The information worked out afresh, without a table.
    pub(crate) fn compute(board: &Board, weights: &Weights, strength: u32) -> MaterialInfo {
        Entry::compute(key(board), board, weights, strength).info()
    }

    /// The scale when the unscaled evaluation from White's side is `white_score`.
    #[inline]
    pub(crate) fn scale(&self, white_score: i32) -> Scale {
        self.scales[usize::from(Side::favoured_by(white_score) == Side::Black)]
    }
}

/// A direct-mapped cache of [`MaterialInfo`].
#[derive(Clone)]
pub(crate) struct MaterialTable {
    /// The weights the entries' terms were summed with (their address, as
    /// the pawn table keys them).
    weights_id: Option<usize>,
    entries: Vec<Option<Entry>>,
}

impl Default for MaterialTable {
    fn default() -> Self {
        MaterialTable {
            weights_id: None,
            entries: vec![None; ENTRIES],
        }
    }
}

/// The material key (all twelve counts) extended by each side's bishops on
/// light squares, which the rules need and the counts don't show.
fn key(board: &Board) -> u64 {
    let light = |color| {
        (board.colored_pieces(PieceKind::Bishop, color) & BitBoard::LIGHT_SQUARES).len() as u64
    };
    board.material_key() | light(Color::White).min(15) << 48 | light(Color::Black).min(15) << 52
}

impl MaterialTable {
    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(None);
    }

    /// The material information of `board`, computed with `weights` on a
    /// miss. `strength` is both sides' piece strength in half-points.
    #[inline]
    pub(crate) fn probe(
        &mut self,
        board: &Board,
        weights: &Weights,
        strength: u32,
    ) -> MaterialInfo {
        let id = weights.cache_id();
        if self.weights_id != Some(id) {
            self.clear();
            self.weights_id = Some(id);
        }
        let key = key(board);
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 51) as usize & (ENTRIES - 1);
        if let Some(entry) = self.entries[slot] {
            if entry.key == key {
                return entry.info();
            }
        }
        let entry = Entry::compute(key, board, weights, strength);
        self.entries[slot] = Some(entry);
        entry.info()
    }
}
