//! Endgame: king mobility and activity, the weaker side's drawing resources
//! (opposite-coloured bishops, big fixed chains), mating technique against a
//! bare king, and the Compendium's "Drawing chances with different pieces
//! on the board" as a scale on the endgame half of the score.

use crate::bits::{self, relative_rank};
use crate::info::Info;
use crate::pawn_table::PawnEntry;
use crate::score::S;
use crate::trace::{Terms, Tracer};
use crate::weights as w;
use core::fmt;
use movegen::{Board, Color, PieceKind, Square, attacks};

pub(crate) fn evaluate<T: Tracer>(
    board: &Board,
    info: &Info,
    _pawns: &PawnEntry,
    terms: &mut Terms<'_, T>,
) {
    // Against a bare king, where the kings stand is the mop-up term's business:
    // activity by rank would keep the attacking king away and reward the
    // defending king for reaching the far edge.
    let bare_king = bare_king(board).is_some();
    // One call per colour, so that each is compiled for its own colour.
    side_endgame::<true, T>(board, info, bare_king, terms);
    side_endgame::<false, T>(board, info, bare_king, terms);
}

/// White's (`WHITE`) or Black's endgame terms.
#[inline(always)]
fn side_endgame<const WHITE: bool, T: Tracer>(
    board: &Board,
    info: &Info,
    bare_king: bool,
    terms: &mut Terms<'_, T>,
) {
    let color = if WHITE { Color::White } else { Color::Black };
    mop_up(board, color, terms);
    if bare_king {
        return;
    }
    let c = color.index();
    let king = info.king[c];
    let free = attacks::king(king).0 & !board.colors(color).0 & !info.attacked[1 - c];
    let free = free.count_ones() as i32;
    terms.add(w::KING_MOBILITY, 0, color, free);
    let rank = relative_rank(king, color);
    let central_file = (2..=5).contains(&(king.file() as usize));
    if rank >= 4 || (rank >= 2 && central_file) {
        terms.add(w::KING_ACTIVITY, rank, color, 1);
    }
}

/// Drawing resources of the side the evaluation so far is against.
pub(crate) fn weaker_side<T: Tracer>(
    board: &Board,
    pawns: &PawnEntry,
    white_total: S,
    terms: &mut Terms<'_, T>,
) {
    let leader_eg = white_total.eg();
    if leader_eg == 0 {
        return;
    }
    let weaker = if leader_eg > 0 {
        Color::Black
    } else {
        Color::White
    };
    if opposite_bishops(board) {
        let pieces = |color| bits::pieces_of(board, color).count_ones();
        let (white, black) = (pieces(Color::White), pieces(Color::Black));
        if white == black && (1..=4).contains(&white) {
            terms.add(w::OCB_DEFENCE, white as usize - 1, weaker, 1);
        }
    }
    if (5..=7).contains(&pawns.fixed_pairs) {
        terms.add(
            w::FIXED_CHAIN_DEFENCE,
            pawns.fixed_pairs as usize - 5,
            weaker,
            1,
        );
    }
}

fn opposite_bishops(board: &Board) -> bool {
    let white = board.colored_pieces(PieceKind::Bishop, Color::White);
    let black = board.colored_pieces(PieceKind::Bishop, Color::Black);
    match (white.single(), black.single()) {
        (Some(a), Some(b)) => a.is_light() != b.is_light(),
        _ => false,
    }
}

/// Distance from the centre, 0 (d4-e5 block) to 6 (corners), in king steps along files and ranks.
fn centre_distance(square: Square) -> i32 {
    let f = square.file() as i32;
    let r = square.rank() as i32;
    let f = if f < 4 { 3 - f } else { f - 4 };
    let r = if r < 4 { 3 - r } else { r - 4 };
    f + r
}

fn manhattan(a: Square, b: Square) -> i32 {
    (a.file() as i32 - b.file() as i32).abs() + (a.rank() as i32 - b.rank() as i32).abs()
}

/// The side left with only its king (White if both are).
fn bare_king(board: &Board) -> Option<Color> {
    Color::ALL
        .into_iter()
        .find(|&c| !board.colors(c).has_more_than_one())
}

/// The side that can force mate against a bare king with the pieces it
/// has, pawns aside (Pair-o-Max's judgement of mating potential), if the
/// other side has only its king.
pub(crate) fn mating_a_bare_king(board: &Board) -> Option<Color> {
    let strong = !bare_king(board)?;
    crate::drawishness::pieces_can_mate(board, strong).then_some(strong)
}

/// Against a bare king: drive it to the edge and bring the kings together;
/// with K+B+N, to a corner of the bishop's colour.
pub(crate) fn mop_up<T: Tracer>(board: &Board, strong: Color, terms: &mut Terms<'_, T>) {
    let weak = !strong;
    if board.colors(weak).has_more_than_one() {
        return;
    }
    let count = |kind| board.colored_pieces(kind, strong).len();
    let heavy = count(PieceKind::Rook) + count(PieceKind::Queen);
    let (bishops, knights, pawns) = (
        count(PieceKind::Bishop),
        count(PieceKind::Knight),
        count(PieceKind::Pawn),
    );
    if heavy == 0 && bishops + knights < 2 && pawns == 0 {
        return;
    }
    let weak_king = board.king(weak);
    let strong_king = board.king(strong);
    if heavy == 0 && pawns == 0 && bishops == 1 && knights == 1 {
        let bishop = board.colored_pieces(PieceKind::Bishop, strong);
        // a1 and h8 are dark: a dark bishop mates there; mirror the files for a light one.
        let king = if bishop.first().is_some_and(Square::is_light) {
            weak_king.flip_file()
        } else {
            weak_king
        };
        let off_diagonal = (7 - king.rank() as i32 - king.file() as i32).abs();
        terms.add(w::KBN_CORNER, 0, strong, off_diagonal);
        terms.add(
            w::KBN_KINGS,
            0,
            strong,
            7 - i32::from(weak_king.distance(strong_king)),
        );
        return;
    }
    terms.add(w::MOP_UP_EDGE, 0, strong, centre_distance(weak_king));
    // The attacking king has no table of its own to lead it in: closeness to
    // the centre counts with closeness to the bare king.
    let kings = 14 - manhattan(weak_king, strong_king) + 6 - centre_distance(strong_king);
    terms.add(w::MOP_UP_KINGS, 0, strong, kings);
}

/// The Compendium's drawing chances as a factor on the endgame half.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DrawingChances {
    /// The factor, out of [`crate::DRAW_SCALE_ONE`].
    pub scale: i32,
    reasons: u8,
}

const REASONS: [(&str, i32, i32); 7] = [
    ("queens on", 9, 10),
    ("rooks on", 85, 100),
    ("knights on", 11, 10),
    ("same-coloured bishops", 11, 10),
    ("opposite-coloured bishops", 8, 10),
    ("two bishops each", 85, 100),
    ("all pawns fixed", 1, 8),
];

impl fmt::Display for DrawingChances {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for (i, (name, num, den)) in REASONS.iter().enumerate() {
            if self.reasons & (1 << i) != 0 {
                write!(f, "{}{name} x{num}/{den}", if first { "" } else { ", " })?;
                first = false;
            }
        }
        if first {
            f.write_str("none")?;
        }
        Ok(())
    }
}

/// "Drawing chances with different pieces on the board" (L2931), and eight
/// fixed pawn pairs with the weaker side at most two pawns down (L1762).
pub(crate) fn drawing_chances(board: &Board, pawns: &PawnEntry, white_eg: i32) -> DrawingChances {
    with_fixed_pawns(material_drawing_chances(board), pawns, white_eg)
}

/// The drawing chances that the pieces alone decide: every reason but the
/// fixed pawns, and all of them given by the material table's key (with one
/// bishop a side, its count on light squares tells its colour).
pub(crate) fn material_drawing_chances(board: &Board) -> DrawingChances {
    let both = |kind| {
        !board.colored_pieces(kind, Color::White).is_empty()
            && !board.colored_pieces(kind, Color::Black).is_empty()
    };
    let bishops = |color| board.colored_pieces(PieceKind::Bishop, color);
    let one_each = bishops(Color::White)
        .single()
        .zip(bishops(Color::Black).single());
    let pair_each = bishops(Color::White).len() >= 2 && bishops(Color::Black).len() >= 2;
    let conditions = [
        both(PieceKind::Queen),
        both(PieceKind::Rook),
        both(PieceKind::Knight),
        one_each.is_some_and(|(a, b)| a.is_light() == b.is_light()),
        one_each.is_some_and(|(a, b)| a.is_light() != b.is_light()),
        pair_each,
    ];
    let mut scale = crate::DRAW_SCALE_ONE;
    let mut reasons = 0;
    for (i, (&on, (_, num, den))) in conditions.iter().zip(REASONS.iter()).enumerate() {
        if on {
            scale = scale * num / den;
            reasons |= 1 << i;
        }
    }
    DrawingChances { scale, reasons }
}

/// `material`'s chances, and the last reason (all eight pawn pairs fixed)
/// applied after the others, as the Compendium lists it.
#[inline]
pub(crate) fn with_fixed_pawns(
    material: DrawingChances,
    pawns: &PawnEntry,
    white_eg: i32,
) -> DrawingChances {
    const FIXED: usize = REASONS.len() - 1;
    if pawns.fixed_pairs == 8 && white_eg.abs() <= 250 {
        let (_, num, den) = REASONS[FIXED];
        DrawingChances {
            scale: material.scale * num / den,
            reasons: material.reasons | 1 << FIXED,
        }
    } else {
        material
    }
}
