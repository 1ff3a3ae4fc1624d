//! The piece loop: attacks (recorded in `Info` for later terms), mobility
//! over safe squares, king-zone attacks, and the Compendium's piece terms:
//! outposts, bad and hemmed-in bishops, heavy pieces on files and the 7th
//! and 8th ranks, trapped pieces, and minors next to their own pawns.

use crate::bits::{self, relative_rank, squares};
use crate::info::Info;
use crate::king::DANGER_PER_ATTACKER;
use crate::pawn_table::PawnEntry;
use crate::placement::PlacementTable;
use crate::trace::{Terms, Tracer};
use crate::weights as w;
use movegen::{BitBoard, Board, CastleSide, Color, PieceKind, Square, attacks};

const KINDS: [PieceKind; 4] = [
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];

fn piece_attacks(kind: PieceKind, square: Square, occupied: BitBoard) -> u64 {
    match kind {
        PieceKind::Knight => attacks::knight(square).0,
        PieceKind::Bishop => attacks::bishop(square, occupied).0,
        PieceKind::Rook => attacks::rook(square, occupied).0,
        _ => attacks::queen(square, occupied).0,
    }
}

/// What every piece of one colour needs to know about the other side.
struct Side {
    color: Color,
    fixed_pairs: i32,
    enemy_pawn_reach: u64,
    enemy_half: u64,
    near_enemy_king: u64,
    targets: u64,
    occupied: BitBoard,
    /// Pieces with under two safe squares that have left their home rank.
    cramped: i32,
    /// Squares this side attacks, and attacks twice, so far: kept here
    /// rather than in `Info` while the loop runs, so that they can stay in
    /// registers, and written back when it ends.
    attacked: u64,
    attacked_twice: u64,
}

/// `placement`, when given, holds the placement terms summed per piece and
/// square (see [`PlacementTable`]), added here for every piece and the king.
pub(crate) fn evaluate<T: Tracer>(
    board: &Board,
    info: &mut Info,
    pawns: &PawnEntry,
    placement: Option<&PlacementTable>,
    terms: &mut Terms<'_, T>,
) {
    // One call per colour, so that each is compiled for its own colour.
    side_terms::<true, T>(board, info, pawns, placement, terms);
    side_terms::<false, T>(board, info, pawns, placement, terms);
}

/// The terms of every piece of White (`WHITE`) or Black.
#[inline(always)]
fn side_terms<const WHITE: bool, T: Tracer>(
    board: &Board,
    info: &mut Info,
    pawns: &PawnEntry,
    placement: Option<&PlacementTable>,
    terms: &mut Terms<'_, T>,
) {
    let color = if WHITE { Color::White } else { Color::Black };
    let c = color.index();
    let them = !color;
    let enemy_king = info.king[1 - c];
    if let Some(table) = placement {
        terms.score[c] += table.value(color, PieceKind::King, info.king[c]);
    }
    let mut side = Side {
        color,
        fixed_pairs: pawns.fixed_pairs as i32,
        enemy_pawn_reach: bits::front_fill(info.pawn_attacks[1 - c], them)
            | info.pawn_attacks[1 - c],
        enemy_half: !bits::own_half(color),
        near_enemy_king: attacks::king(enemy_king).0,
        targets: board.colors(them).0 & !info.pawns[1 - c] & !enemy_king.bitboard().0,
        occupied: board.occupied(),
        cramped: 0,
        attacked: info.attacked[c],
        attacked_twice: info.attacked_twice[c],
    };
    // One call per kind, so that each is compiled for its own kind.
    kind_terms::<0, T>(board, info, &mut side, placement, terms);
    kind_terms::<1, T>(board, info, &mut side, placement, terms);
    kind_terms::<2, T>(board, info, &mut side, placement, terms);
    kind_terms::<3, T>(board, info, &mut side, placement, terms);
    info.attacked[c] = side.attacked;
    info.attacked_twice[c] = side.attacked_twice;
    if side.cramped > 2 {
        terms.add(w::CRAMPED, 0, color, side.cramped);
    }
}

/// The terms of every piece of kind `KINDS[SLOT]` of `side.color`.
#[inline(always)]
fn kind_terms<const SLOT: usize, T: Tracer>(
    board: &Board,
    info: &mut Info,
    side: &mut Side,
    placement: Option<&PlacementTable>,
    terms: &mut Terms<'_, T>,
) {
    let kind = KINDS[SLOT];
    let color = side.color;
    let c = color.index();
    let pieces = board.colored_pieces(kind, color).0;
    let per_fixed_pair = side.fixed_pairs * pieces.count_ones() as i32;
    terms.add(w::PIECE_PER_FIXED_PAIR, SLOT, color, per_fixed_pair);
    let mut attacked_by_kind = 0;
    for square in squares(pieces) {
        if let Some(table) = placement {
            terms.score[c] += table.value(color, kind, square);
        }
        let mut reach = piece_attacks(kind, square, side.occupied);
        side.attacked_twice |= side.attacked & reach;
        side.attacked |= reach;
        attacked_by_kind |= reach;
        // Counts are added without a test where adding zero is harmless:
        // the tests would be branches the CPU mispredicts.
        let attacked_targets = (reach & side.targets).count_ones() as i32;
        info.piece_forks[c] += (attacked_targets - 1).max(0);
        if info.pinned[c] & square.bitboard().0 != 0 {
            reach &= attacks::line(info.king[c], square).0;
        }
        let safe = reach & info.mobility_area[c];
        let mobility = safe.count_ones() as usize;
        let table = match kind {
            PieceKind::Knight => w::KNIGHT_MOBILITY,
            PieceKind::Bishop => w::BISHOP_MOBILITY,
            PieceKind::Rook => w::ROOK_MOBILITY,
            _ => w::QUEEN_MOBILITY,
        };
        terms.add(table, mobility, color, 1);
        let camp = (safe & side.enemy_half).count_ones() as i32;
        terms.add(w::MOBILITY_ENEMY_CAMP, 0, color, camp);
        // Pieces still at home are undeveloped, not cramped.
        side.cramped += i32::from((mobility < 2) & (relative_rank(square, color) != 0));

        // The squares next to the enemy king lie in its zone, so a piece
        // off the zone adds nothing to either count.
        let zone = reach & info.king_zone[1 - c];
        info.king_attackers[c] += i32::from(zone != 0);
        info.king_attacker_units[c] += DANGER_PER_ATTACKER[SLOT] * i32::from(zone != 0);
        info.king_attack_near[c][SLOT] += (zone & side.near_enemy_king).count_ones() as i32;
        info.king_attack_far[c][SLOT] += (zone & !side.near_enemy_king).count_ones() as i32;

        let rank = relative_rank(square, color);
        let in_enemy_camp = rank >= 4;
        let trapped = match kind {
            PieceKind::Knight => mobility <= 1,
            PieceKind::Queen => mobility < 4,
            _ => mobility < 3,
        };
        terms.add(
            w::TRAPPED_PIECE,
            SLOT,
            color,
            i32::from(in_enemy_camp & trapped),
        );
        if kind == PieceKind::Knight || kind == PieceKind::Bishop {
            minor_terms(
                info,
                color,
                kind,
                square,
                mobility,
                side.enemy_pawn_reach,
                terms,
            );
        } else {
            heavy_terms(board, info, color, kind, square, mobility, terms);
        }
    }
    info.attacked_by[c][kind as usize] |= attacked_by_kind;
}

#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn minor_terms<T: Tracer>(
    info: &Info,
    color: Color,
    kind: PieceKind,
    square: Square,
    mobility: usize,
    enemy_pawn_reach: u64,
    terms: &mut Terms<'_, T>,
) {
    let c = color.index();
    let bit = square.bitboard().0;
    let rank = relative_rank(square, color);
    let knight = kind == PieceKind::Knight;
    let defenders = (attacks::pawn(!color, square).0 & info.pawns[c]).count_ones() as usize;
    let outpost = (3..=5).contains(&rank) & (bit & enemy_pawn_reach == 0) & (defenders > 0);
    let slot = usize::from(!knight) * 2 + defenders.max(1) - 1;
    terms.add(w::OUTPOST, slot, color, i32::from(outpost));
    if knight {
        if mobility == 0 && bit & (bits::FILE_A | bits::FILE_H) != 0 {
            terms.one(w::END_FILE_KNIGHT, color);
        }
    } else {
        let shade = if square.is_light() {
            BitBoard::LIGHT_SQUARES.0
        } else {
            BitBoard::DARK_SQUARES.0
        };
        let own_on_colour = (info.pawns[c] & shade).count_ones() as i32;
        terms.add(w::BAD_BISHOP, 0, color, own_on_colour);
        // At home behind unmoved pawns a bishop is undeveloped, not a pawn bishop.
        if mobility == 0
            && rank != 0
            && attacks::bishop(square, BitBoard::FULL).0 & !info.pawns[c] == 0
        {
            terms.one(w::PAWN_BISHOP, color);
        }
    }
    let pawn_in_front = bits::forward(bit, color) & info.pawns[c] != 0;
    terms.add(w::MINOR_AND_PAWN, 0, color, i32::from(pawn_in_front));
    let pawn_behind = bits::forward(bit, !color) & info.pawns[c] != 0;
    terms.add(w::MINOR_AND_PAWN, 1, color, i32::from(pawn_behind));
}

#[inline(always)]
fn heavy_terms<T: Tracer>(
    board: &Board,
    info: &Info,
    color: Color,
    kind: PieceKind,
    square: Square,
    mobility: usize,
    terms: &mut Terms<'_, T>,
) {
    let c = color.index();
    let slot = usize::from(kind == PieceKind::Queen);
    let file = bits::file_of(square);
    let half_open = file & info.pawns[c] == 0;
    let open = usize::from(file & info.pawns[1 - c] == 0);
    let param = if slot == 0 {
        w::ROOK_FILE
    } else {
        w::QUEEN_FILE
    };
    terms.add(param, open, color, i32::from(half_open));
    let rank = relative_rank(square, color);
    if rank == 6 {
        let enemy_king_home = relative_rank(info.king[1 - c], color) == 7;
        let pawns_on_seventh = info.pawns[1 - c] & bits::rank_of(square) != 0;
        if enemy_king_home || pawns_on_seventh {
            terms.add(w::HEAVY_SEVENTH, slot, color, 1);
        }
    } else if rank == 7 {
        terms.add(w::HEAVY_EIGHTH, slot, color, 1);
    }
    if kind == PieceKind::Rook && mobility <= 3 && rank == 0 {
        let king = info.king[c];
        let rights = board.castling_rights();
        let king_file = king.file() as i32;
        let rook_file = square.file() as i32;
        let shut_in = relative_rank(king, color) == 0
            && ((king_file >= 4
                && rook_file > king_file
                && rights.rook(color, CastleSide::Short).is_none())
                || (king_file < 4
                    && rook_file < king_file
                    && rights.rook(color, CastleSide::Long).is_none()));
        if shut_in {
            terms.one(w::TRAPPED_ROOK, color);
        }
    }
}
