//! Counting legal moves without generating them: the leaf step of
//! bulk-counted perft. Unpinned pawns are counted set-wise with shifts, the
//! way a human counts "all pawns one step forward" at once.

use crate::attacks;
use crate::bitboard::BitBoard;
use crate::board::Board;
use crate::types::{Color, File, PieceKind, Rank};

const NOT_FILE_A: u64 = !BitBoard::file(File::A).0;
const NOT_FILE_H: u64 = !BitBoard::file(File::H).0;
const PROMOTION_RANKS: u64 = 0xFF00_0000_0000_00FF;

/// Moves landing on `to`, with each promotion counted four times.
#[inline]
fn with_promotions(to: u64) -> u32 {
    to.count_ones() + 3 * (to & PROMOTION_RANKS).count_ones()
}

/// The moves of `us`'s unpinned pawns `free` (promotions counted four
/// times) landing on `mask`, with `empty` the empty squares.
#[inline(always)]
fn free_pawn_moves(us: Color, free: u64, empty: u64, enemy: u64, mask: u64) -> u32 {
    let (single, double, left, right) = free_pawn_targets(us, free, empty);
    with_promotions(single & mask)
        + (double & mask).count_ones()
        + with_promotions(left & enemy & mask)
        + with_promotions(right & enemy & mask)
}

/// Where `us`'s pawns `free` land: single pushes, double pushes, and
/// captures to the left and right (before asking for an enemy there).
#[inline(always)]
fn free_pawn_targets(us: Color, free: u64, empty: u64) -> (u64, u64, u64, u64) {
    match us {
        Color::White => {
            let single = free << 8 & empty;
            let double = (single & BitBoard::rank(Rank::Third).0) << 8 & empty;
            (
                single,
                double,
                (free & NOT_FILE_A) << 7,
                (free & NOT_FILE_H) << 9,
            )
        }
        Color::Black => {
            let single = free >> 8 & empty;
            let double = (single & BitBoard::rank(Rank::Sixth).0) >> 8 & empty;
            (
                single,
                double,
                (free & NOT_FILE_A) >> 9,
                (free & NOT_FILE_H) >> 7,
            )
        }
    }
}

impl Board {
    /// The number of legal moves, as [`Board::legal_move_count`], but
    /// without building any move: the fastest way to count perft leaves.
    ///
    /// ```
    /// use matewise_movegen::Board;
    /// let board = Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    /// assert_eq!(board.count_legal_moves(), 48);
    /// ```
    #[inline]
    pub fn count_legal_moves(&self) -> u32 {
        self.count_all_legal_moves_up_to(u32::MAX, None)
    }

    /// The number of legal moves if it is at most `limit`; otherwise some
    /// number above `limit`, found as soon as the count passes it. A search
    /// asking "is this side down to one or two moves?" at every node pays
    /// for the king's moves (the dearest to test) only when the other
    /// pieces have next to none.
    ///
    /// ```
    /// use matewise_movegen::Board;
    /// let start = Board::default();
    /// assert!(start.count_legal_moves_up_to(2) > 2);
    /// // Black's king has a single move, Kxf6.
    /// let zugzwang = Board::from_fen("n1N3br/2p2pkr/1pP2R1b/pP3Pp1/P5P1/BP1p4/p2P4/K7 b - - 1 1").unwrap();
    /// assert_eq!(zugzwang.count_legal_moves_up_to(2), 1);
    /// ```
    #[inline]
    pub fn count_legal_moves_up_to(&self, limit: u32) -> u32 {
        // Out of check the free pawns alone usually pass the limit: that
        // first step of the count, inlined, spares most callers a call.
        if self.checkers.is_empty() {
            let pawns = self.colored_pieces(PieceKind::Pawn, self.side_to_move) - self.pinned;
            let (single, double, left, right) =
                free_pawn_targets(self.side_to_move, pawns.0, !self.occupied().0);
            // The single pushes alone mostly pass the limit already.
            let mut count = with_promotions(single);
            if count > limit {
                return count;
            }
            let enemy = self.colors(!self.side_to_move).0;
            count += double.count_ones()
                + with_promotions(left & enemy)
                + with_promotions(right & enemy);
            if count > limit {
                return count;
            }
            return self.count_all_legal_moves_up_to(limit, Some(count));
        }
        self.count_all_legal_moves_up_to(limit, None)
    }

    /// [`Board::count_legal_moves_up_to`], given the free pawns' moves if
    /// they are counted already (out of check), from the start otherwise.
    #[inline(never)]
    fn count_all_legal_moves_up_to(&self, limit: u32, free_pawns: Option<u32>) -> u32 {
        let us = self.side_to_move;
        let them = !us;
        let occupied = self.occupied();
        let own = self.colors(us);
        let enemy = self.colors(them);
        let king = self.king(us);
        let king_moves = || {
            let (castles, steps) = self.king_and_castling_moves(attacks::king(king) - own, true);
            castles.len() + steps.len()
        };

        if self.checkers.has_more_than_one() {
            return king_moves();
        }
        let mut count = 0;
        let check_mask = match self.checkers.first() {
            Some(checker) => attacks::between(king, checker) | checker.bitboard(),
            None => BitBoard::FULL,
        };
        let target = !own & check_mask;
        let pinned = self.pinned;

        // Cheapest first, so that a search asking about one or two moves
        // stops early: the free pawns set-wise, then knights, then sliders.
        let pawns = self.colored_pieces(PieceKind::Pawn, us);
        count += free_pawns.unwrap_or_else(|| {
            free_pawn_moves(us, (pawns - pinned).0, !occupied.0, enemy.0, check_mask.0)
        });

        if count > limit {
            return count;
        }
        for from in self.colored_pieces(PieceKind::Knight, us) - pinned {
            count += (attacks::knight(from) & target).len();
        }
        if count > limit {
            return count;
        }
        let queens = self.pieces(PieceKind::Queen);
        let diagonal = (self.pieces(PieceKind::Bishop) | queens) & own;
        let straight = (self.pieces(PieceKind::Rook) | queens) & own;
        for from in diagonal - pinned {
            count += (attacks::bishop(from, occupied) & target).len();
        }
        if count > limit {
            return count;
        }
        for from in straight - pinned {
            count += (attacks::rook(from, occupied) & target).len();
        }
        if count > limit {
            return count;
        }
        for from in (diagonal | straight) & pinned {
            let along_pin = target & attacks::line(king, from);
            if diagonal.has(from) {
                count += (attacks::bishop(from, occupied) & along_pin).len();
            }
            if straight.has(from) {
                count += (attacks::rook(from, occupied) & along_pin).len();
            }
        }

        for from in pawns & pinned {
            // A pinned pawn can only move along the pin, and never while in check.
            if !self.checkers.is_empty() {
                break;
            }
            let along_pin = attacks::line(king, from);
            let captures = attacks::pawn(us, from) & enemy & along_pin;
            let mut pushes = BitBoard::EMPTY;
            let forward = if us == Color::White { 8 } else { -8 };
            if let Some(one) = from.offset(forward).filter(|s| !occupied.has(*s)) {
                pushes |= one.bitboard();
                let start = us.relative_rank(Rank::Second);
                if let Some(two) = one.offset(forward).filter(|s| !occupied.has(*s)) {
                    if from.rank() == start {
                        pushes |= two.bitboard();
                    }
                }
            }
            count += with_promotions((captures | (pushes & along_pin)).0);
        }

        if let Some(ep) = self.en_passant {
            for from in attacks::pawn(them, ep) & pawns {
                count += self.en_passant_is_legal(from) as u32;
            }
        }
        if count > limit {
            return count;
        }
        count + king_moves()
    }
}
