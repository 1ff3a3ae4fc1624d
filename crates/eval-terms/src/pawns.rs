//! Pawn structure. `evaluate` holds the terms that depend on pawns alone
//! (cached in the pawn table); `passers` the passed-pawn terms that also
//! depend on pieces and kings.

use crate::bits::{
    self, FILE_A, adjacent_files, file_of, forward, front_fill, passed_span, rank_of, rear_fill,
    relative_rank, squares,
};
use crate::info::Info;
use crate::pawn_table::PawnEntry;
use crate::trace::{Terms, Tracer};
use crate::weights as w;
use movegen::{Board, Color, PieceKind, Square, attacks};

fn file_edge_distance(square: Square) -> usize {
    let f = square.file() as usize;
    f.min(7 - f)
}

/// Pawn-only terms for both colours; returns the passers and fixed pairs.
pub(crate) fn evaluate<T: Tracer>(board: &Board, terms: &mut Terms<'_, T>) -> PawnEntry {
    let pawns = Color::ALL.map(|c| board.colored_pieces(PieceKind::Pawn, c).0);
    let pawn_attacks = [
        bits::pawn_attacks(pawns[0], Color::White),
        bits::pawn_attacks(pawns[1], Color::Black),
    ];
    let mut passed = [0u64; 2];
    let fixed_pairs = (forward(pawns[0], Color::White) & pawns[1]).count_ones();
    for color in Color::ALL {
        let c = color.index();
        let (own, enemy) = (pawns[c], pawns[1 - c]);
        let enemy_twice = {
            let ahead = forward(enemy, !color);
            ((ahead << 1) & !FILE_A) & ((ahead >> 1) & !bits::FILE_H)
        };
        let mut space_wings = [false; 2];
        for square in squares(own) {
            let bit = square.bitboard().0;
            let rank = relative_rank(square, color);
            let neighbours = adjacent_files(square);
            let stop = forward(bit, color);
            let ahead_on_file = front_fill(bit, color);
            let opposed = ahead_on_file & enemy != 0;
            let fixed = stop & enemy != 0;
            let is_passed = passed_span(square, color) & enemy == 0;
            let defenders = attacks::pawn(!color, square).0 & own;
            let defends = attacks::pawn(color, square).0 & own;

            terms.add(w::PAWN_FILE, file_edge_distance(square), color, 1);
            terms.add(w::PAWN_RANK, rank, color, 1);
            if ahead_on_file & own != 0 {
                terms.one(w::DOUBLED, color);
            }
            let isolated = neighbours & own == 0;
            if isolated {
                terms.one(w::ISOLATED, color);
                if file_edge_distance(square) == 3 {
                    terms.one(w::ISOLATED_CENTRAL, color);
                }
            }
            if is_passed {
                passed[c] |= bit;
            } else if !isolated {
                let support =
                    neighbours & (rear_fill(rank_of(square), color) | rank_of(square)) & own;
                if support == 0 && stop & pawn_attacks[1 - c] != 0 {
                    if stop & enemy_twice != 0 {
                        terms.add(w::BACKWARD_FATED, rank, color, 1);
                    } else {
                        terms.add(w::BACKWARD, rank, color, 1);
                    }
                }
            }
            if !opposed && !is_passed {
                terms.add(w::UNOPPOSED, rank, color, 1);
                let sentries = bits::attack_span(square, color) & enemy;
                let helpers =
                    neighbours & (rear_fill(rank_of(square), color) | rank_of(square)) & own;
                if helpers.count_ones() >= sentries.count_ones() {
                    terms.add(w::CANDIDATE_PASSER, rank, color, 1);
                }
            }
            if defenders != 0 {
                terms.one(w::PAWN_DEFENDED, color);
                if defends == 0 {
                    terms.add(w::LEAD_PAWN, rank, color, 1);
                }
                if defenders.count_ones() == 2 {
                    terms.add(w::APEX_PAWN, 0, color, if fixed { 2 } else { 1 });
                }
            } else if defends != 0 {
                terms.add(w::ROOT_PAWN, 0, color, defends.count_ones() as i32);
            }
            let beside = ((bit << 1) & !FILE_A) | ((bit >> 1) & !bits::FILE_H);
            if beside & own != 0 {
                terms.add(w::PHALANX, rank, color, 1);
            }
            if rank == 1 && fixed {
                terms.add(w::FIXED_ON_SECOND, file_edge_distance(square), color, 1);
            }
            if !is_passed && (rank == 4 || rank == 5) {
                terms.add(w::SPACE_PAWN, rank, color, 1);
                if !fixed && rank == 4 {
                    terms.one(w::SPACE_UNFIXED, color);
                }
                let f = square.file() as usize;
                if f <= 2 {
                    space_wings[0] = true;
                } else if f >= 5 {
                    space_wings[1] = true;
                }
            }
        }
        if space_wings[0] && space_wings[1] {
            terms.one(w::SPACE_BOTH_WINGS, color);
        }
        let islands = islands(own);
        if islands != 0 {
            terms.add(w::PAWN_ISLAND, 0, color, islands);
        }
    }
    PawnEntry::new(passed, fixed_pairs)
}

/// Groups of adjacent files holding pawns.
fn islands(pawns: u64) -> i32 {
    let files = (bits::file_fill(pawns) & 0xFF) as u8;
    (files & !(files << 1)).count_ones() as i32
}

/// Passed-pawn terms that look at pieces and kings.
pub(crate) fn passers<T: Tracer>(
    board: &Board,
    info: &Info,
    entry: &PawnEntry,
    terms: &mut Terms<'_, T>,
) {
    // One call per colour, so that each is compiled for its own colour.
    side_passers::<true, T>(board, info, entry, terms);
    side_passers::<false, T>(board, info, entry, terms);
}

/// The passed-pawn terms of White's (`WHITE`) or Black's passers.
#[inline(always)]
fn side_passers<const WHITE: bool, T: Tracer>(
    board: &Board,
    info: &Info,
    entry: &PawnEntry,
    terms: &mut Terms<'_, T>,
) {
    let color = if WHITE { Color::White } else { Color::Black };
    let occupied = info.occupied;
    let c = color.index();
    let them = !color;
    let own_passers = entry.passed[c];
    let enemy_pieces_left =
        board.colors(them).0 & !info.pawns[1 - c] & !info.king[1 - c].bitboard().0;
    let no_queens = board.pieces(PieceKind::Queen).is_empty();
    for square in squares(own_passers) {
        let bit = square.bitboard().0;
        let rank = relative_rank(square, color);
        terms.add(w::PASSED_RANK, rank, color, 1);
        terms.add(w::PASSED_FILE, file_edge_distance(square), color, 1);
        // Added without a test where adding zero is harmless: the tests
        // would be branches the CPU mispredicts.
        let protected = attacks::pawn(them, square).0 & info.pawns[c] != 0;
        terms.add(w::PASSED_PROTECTED, 0, color, i32::from(protected));
        let beside = adjacent_files(square)
            & (rank_of(square) | forward(rank_of(square), color) | forward(rank_of(square), them));
        terms.add(
            w::PASSED_CONNECTED,
            0,
            color,
            i32::from(beside & own_passers != 0),
        );
        let stop = forward(bit, color);
        if stop != 0 {
            let stop_square = Square::ALL[stop.trailing_zeros() as usize];
            if board.color_on(stop_square) == Some(them) {
                if let Some(kind) = board.kind_on(stop_square) {
                    if kind != PieceKind::Pawn {
                        terms.add(w::PASSER_BLOCKADE, kind as usize - 1, them, 1);
                    }
                }
            }
            let controlled = stop & info.attacked[1 - c] != 0;
            terms.add(w::PASSER_STOP_CONTROL, 0, them, i32::from(controlled));
        }
        let path = front_fill(bit, color);
        if path & (occupied | info.attacked[1 - c]) == 0 {
            terms.add(w::PASSED_FREE_PATH, rank, color, 1);
        }
        let promotion = Square::new(square.file(), them.back_rank());
        let enemy_king = info.king[1 - c];
        let own_king = info.king[c];
        let between = (enemy_king.distance(promotion) as usize).saturating_sub(1);
        terms.add(w::KING_FAR_FROM_PASSER, between.min(7), them, 1);
        if own_king.distance(square) <= 1 {
            terms.one(w::KING_SUPPORTS_PASSER, color);
        }
        let central = file_edge_distance(square) == 3;
        if central
            && rank >= 4
            && no_queens
            && enemy_king.distance(square) + 2 <= own_king.distance(square)
        {
            terms.one(w::NEGATIVE_PASSER, color);
        }
        if enemy_pieces_left == 0 && path & occupied == 0 {
            // The rule of the square: a pawn on its first move still steps twice.
            let steps = (7 - rank.max(2)) as i32;
            let tempo = i32::from(board.side_to_move() == them);
            let king_steps = enemy_king.distance(promotion) as i32 - tempo;
            if king_steps > steps {
                terms.one(w::UNSTOPPABLE_PASSER, color);
            }
        }
        let file = file_of(square);
        let rooks_behind = |side: Color| {
            let rooks =
                board.colored_pieces(PieceKind::Rook, side).0 & file & rear_fill(bit, color);
            squares(rooks).any(|r| attacks::rook(r, board.occupied()).0 & bit != 0)
        };
        if rooks_behind(color) {
            terms.one(w::ROOK_BEHIND_PASSER, color);
        }
        if rooks_behind(them) {
            terms.one(w::ROOK_BEHIND_ENEMY_PASSER, them);
        }
    }
}
