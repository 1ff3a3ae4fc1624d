//! King safety: the pawn shelter and the enemy's pawn storm on the king's
//! three files, attacks on the shelter zone by piece kind (counted when two
//! or more pieces join in), safe checks, heavy pieces on files at the king,
//! a king left in the centre without castling rights, and the king danger
//! that grows with the square of everything aimed at the king.

use crate::bits::{adjacent_files, file_of, front_fill, relative_rank, squares};
use crate::info::Info;
use crate::score::S;
use crate::trace::{NoTrace, Terms, Tracer};
use crate::weights as w;
use movegen::{Board, CastleSide, Color, File, PieceKind, Square, attacks};

/// King danger units of a piece attacking the king zone, by kind (N, B, R,
/// Q). The danger term counts the square of the sum of these and the
/// `DANGER_*` units below, so an attack grows faster than its parts: each
/// piece that joins makes every other one more dangerous, which a sum of
/// linear terms cannot say. The units are fixed here and only the term's
/// weight is tuned, since the tuner fits weights linear in the trace.
pub(crate) const DANGER_PER_ATTACKER: [i32; 4] = [20, 10, 15, 10];
/// Danger units per attack on a square next to the king (one per piece).
const DANGER_PER_NEAR_ATTACK: i32 = 8;
/// Danger units per square next to the king that the enemy attacks and
/// nothing but the king defends.
const DANGER_PER_WEAK_SQUARE: i32 = 30;
/// Danger units per safe check square, by the kind that reaches it (N, B,
/// R, Q): a knight's check cannot be blocked.
const DANGER_PER_SAFE_CHECK: [i32; 4] = [80, 40, 60, 60];
/// Danger units taken off when the attacker has no queen.
const DANGER_WITHOUT_QUEEN: i32 = 200;
/// Danger units taken off every attack, so a few stray attacks count as
/// none.
const DANGER_OFFSET: i32 = 30;
/// The danger term's count is units squared over this.
const DANGER_DIVISOR: i32 = 4096;

/// The king's file and its neighbours.
#[inline(always)]
fn king_files(king: movegen::Square) -> u64 {
    file_of(king) | adjacent_files(king)
}

/// The king-safety terms; `with_shelter` false leaves out the shelter and
/// storm, which the caller then takes from the pawn table ([`shelter_score`]).
pub(crate) fn evaluate<T: Tracer>(
    board: &Board,
    info: &Info,
    terms: &mut Terms<'_, T>,
    with_shelter: bool,
) {
    // One call per colour, so that each is compiled for its own colour.
    side_safety::<true, T>(board, info, terms, with_shelter);
    side_safety::<false, T>(board, info, terms, with_shelter);
}

/// The king safety of White's (`WHITE`) or Black's king.
#[inline(always)]
fn side_safety<const WHITE: bool, T: Tracer>(
    board: &Board,
    info: &Info,
    terms: &mut Terms<'_, T>,
    with_shelter: bool,
) {
    let color = if WHITE { Color::White } else { Color::Black };
    let occupied = board.occupied();
    let c = color.index();
    let them = !color;
    let king = info.king[c];
    let files = king_files(king);

    if with_shelter {
        shelter_and_storm(board, info, color, terms);
    }

    // Attacks on the king zone, once two pieces join in: counted times
    // 0 or 1 rather than behind a test the CPU would often mispredict.
    let attackers = info.king_attackers[1 - c];
    let joined = i32::from(attackers >= 2);
    terms.add(
        w::KING_ATTACKERS,
        (attackers.max(0) as usize).min(7),
        them,
        joined,
    );
    for slot in 0..4 {
        let near = info.king_attack_near[1 - c][slot];
        let far = info.king_attack_far[1 - c][slot];
        terms.add(w::KING_ATTACK_NEAR, slot, them, near * joined);
        terms.add(w::KING_ATTACK_FAR, slot, them, far * joined);
    }

    // Safe checks: squares the enemy could check from, reached by the right kind, not guarded.
    let safe = !info.attacked[c] & !board.colors(them).0;
    let knight_checks = attacks::knight(king).0;
    let bishop_checks = attacks::bishop(king, occupied).0;
    let rook_checks = attacks::rook(king, occupied).0;
    let checks = [
        knight_checks,
        bishop_checks,
        rook_checks,
        bishop_checks | rook_checks,
    ];
    let mut check_units = 0;
    for (slot, kind) in [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ]
    .into_iter()
    .enumerate()
    {
        let count =
            (checks[slot] & info.attacked_by[1 - c][kind as usize] & safe).count_ones() as i32;
        terms.add(w::SAFE_CHECK, slot, them, count);
        check_units += DANGER_PER_SAFE_CHECK[slot] * count;
    }

    // King danger, once two pieces join in, as for the attacks above.
    if attackers >= 2 {
        let has_queen = board.colored_pieces(PieceKind::Queen, them).0 != 0;
        // The king attacks every square of its ring, so a ring square
        // attacked once is defended by the king alone.
        let ring = info.attacked_by[c][PieceKind::King as usize];
        let weak = ring & info.attacked[1 - c] & !info.attacked_twice[c];
        let near_attacks: i32 = info.king_attack_near[1 - c].iter().sum();
        let units = info.king_attacker_units[1 - c]
            + DANGER_PER_NEAR_ATTACK * near_attacks
            + DANGER_PER_WEAK_SQUARE * weak.count_ones() as i32
            + check_units
            - DANGER_WITHOUT_QUEEN * i32::from(!has_queen)
            - DANGER_OFFSET;
        let units = units.max(0);
        terms.add(w::KING_DANGER, 0, them, units * units / DANGER_DIVISOR);
    }

    // Enemy rooks and queens on open or semi-open files at the king.
    let heavy = (board.colored_pieces(PieceKind::Rook, them).0
        | board.colored_pieces(PieceKind::Queen, them).0)
        & files;
    for piece in squares(heavy) {
        let file = file_of(piece);
        if file & info.pawns[1 - c] == 0 {
            let open = usize::from(file & info.pawns[c] == 0);
            terms.add(w::KING_FILE_ATTACK, open, them, 1);
        }
    }

    // A king in the centre that can no longer castle.
    let rights = board.castling_rights();
    let can_castle = CastleSide::ALL
        .iter()
        .any(|&side| rights.rook(color, side).is_some());
    if !can_castle && matches!(king.file(), File::D | File::E) {
        terms.one(w::KING_LEFT_IN_CENTRE, color);
    }
}

/// The shelter and storm terms at one king square: coefficients per entry.
#[derive(Default)]
struct Shelter {
    shelter: [i32; 8],
    storm: [i32; 8],
    storm_fixed: i32,
}

impl Shelter {
    fn at(info: &Info, color: Color, king: Square) -> Shelter {
        let c = color.index();
        let them = !color;
        let mut result = Shelter::default();
        let king_rank = relative_rank(king, color);
        let ahead = front_fill(crate::bits::rank_of(king), color);
        // Seen from White the pawn nearest the king on a file and the
        // enemy's most advanced one are both the lowest square; from Black,
        // the highest.
        let nearest_to_rank1 = |set: u64| match color {
            Color::White => Square::ALL[set.trailing_zeros() as usize],
            Color::Black => Square::ALL[63 - set.leading_zeros() as usize],
        };
        for file_square in squares(king_files(king) & crate::bits::rank_of(king)) {
            let file = file_of(file_square) & ahead;
            let own = info.pawns[c] & file;
            let nearest = if own == 0 {
                0
            } else {
                relative_rank(nearest_to_rank1(own), color) - king_rank
            };
            result.shelter[nearest.min(7)] += 1;
            let enemy = info.pawns[1 - c] & file;
            if enemy != 0 {
                let front = nearest_to_rank1(enemy);
                result.storm[relative_rank(front, them)] += 1;
                if crate::bits::forward(front.bitboard().0, them) & info.pawns[c] != 0 {
                    result.storm_fixed += 1;
                }
            }
        }
        result
    }

    /// The defender's net value of this shelter with `weights`, for choosing among squares.
    fn value(&self, weights: &crate::Weights) -> i32 {
        let entry = |param: crate::Param, counts: &[i32]| -> i32 {
            counts
                .iter()
                .enumerate()
                .map(|(i, n)| weights[param.at(i)].mg() * n)
                .sum()
        };
        entry(w::SHELTER, &self.shelter)
            - entry(w::STORM, &self.storm)
            - weights[w::STORM_FIXED.at(0)].mg() * self.storm_fixed
    }
}

/// What [`shelter_and_storm`] adds for `color`, White minus Black, untraced:
/// the value the pawn table keeps per king square and castling rights.
pub(crate) fn shelter_score(
    board: &Board,
    info: &Info,
    color: Color,
    weights: &crate::Weights,
) -> S {
    let mut tracer = NoTrace;
    let mut terms = Terms::new(weights, &mut tracer);
    shelter_and_storm(board, info, color, &mut terms);
    terms.white_minus_black()
}

/// `color`'s castling rights as the shelter sees them: which castled squares
/// it may still choose among (0 to 3).
pub(crate) fn castling_key(board: &Board, color: Color) -> u16 {
    let rights = board.castling_rights();
    CastleSide::ALL
        .iter()
        .enumerate()
        .map(|(i, &side)| u16::from(rights.rook(color, side).is_some()) << i)
        .sum()
}

/// The pawn shelter and the enemy's storm on the king's three files. A king
/// that may still castle is judged where it would be safest: here or on
/// either castled square (the shelter of an uncastled king is the one it
/// will castle behind, not the pawns in front of e1).
fn shelter_and_storm<T: Tracer>(
    board: &Board,
    info: &Info,
    color: Color,
    terms: &mut Terms<'_, T>,
) {
    let king = info.king[color.index()];
    let rights = board.castling_rights();
    let mut best = Shelter::at(info, color, king);
    let mut best_value = best.value(terms.weights);
    for side in CastleSide::ALL {
        if rights.rook(color, side).is_some() {
            let castled = Square::new(side.king_destination(), color.back_rank());
            let candidate = Shelter::at(info, color, castled);
            let value = candidate.value(terms.weights);
            if value > best_value {
                best = candidate;
                best_value = value;
            }
        }
    }
    for (i, &n) in best.shelter.iter().enumerate() {
        terms.add(w::SHELTER, i, color, n);
    }
    for (i, &n) in best.storm.iter().enumerate() {
        terms.add(w::STORM, i, !color, n);
    }
    if best.storm_fixed != 0 {
        terms.add(w::STORM_FIXED, 0, !color, best.storm_fixed);
    }
}
