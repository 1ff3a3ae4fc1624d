//! Close mates (a queen, or a rook or bishop, checking from a square next
//! to the king) and the epaulette mate (a queen checking from two squares
//! away on a line).

use crate::context::{Ctx, piece_attacks, within_two};
use movegen::{BitBoard, Move, PieceKind, Square, attacks};

/// A mate by a `kind` (queen, rook or bishop) landing next to the king,
/// after the five conditions of Birmingham and Kent, cheapest first:
///
/// 1. the mating square is one the piece attacks, next to the king, not
///    occupied by our own pieces, and defended by no enemy piece but the king
///    (pinned defenders do not count);
/// 2. a second piece of ours attacks it too, batteries through the piece's
///    old square and x-rays through the king included, so the king cannot take;
/// 3. the piece is not pinned off the line it moves on;
/// 4. no enemy slider defends the square through the piece's old square;
/// 5. the king has no escape after the move: every other square next to
///    it is blocked by its own pieces or attacked by us, counting the piece's
///    attacks from its new square and no longer those from its old one.
///
/// A contact check cannot be blocked and, by 1, 2 and 4, the checker cannot
/// be taken, so the five conditions make the move mate unless it also
/// uncovers a second check (then they are only stricter than needed).
/// Promotions to a queen next to the king count as queen moves.
#[inline(always)]
pub(crate) fn close_mate(ctx: &Ctx, kind: PieceKind) -> Option<Move> {
    let (lines, reach) = match kind {
        PieceKind::Queen => (BitBoard::FULL, ctx.queen_reach),
        PieceKind::Rook => (attacks::rook_rays(ctx.king), ctx.straight_reach),
        _ => (attacks::bishop_rays(ctx.king), ctx.diagonal_reach),
    };
    // Most calls have no square to look at: they cost no more than this test.
    let targets = ctx.ring & lines & reach;
    if targets.is_empty() {
        return None;
    }
    close_mate_on(ctx, kind, targets)
}

/// [`close_mate`] on the squares `targets` next to the king.
#[inline(always)]
fn close_mate_on(ctx: &Ctx, kind: PieceKind, targets: BitBoard) -> Option<Move> {
    let pieces = ctx.our(kind);
    for to in targets {
        let promoters = if kind == PieceKind::Queen {
            ctx.promoters(to)
        } else {
            BitBoard::EMPTY
        };
        // Every target lies where a piece of the kind (or a promoting pawn)
        // reaches: a lone piece and no pawn make the lookup needless.
        let movers = if promoters.is_empty() && !pieces.has_more_than_one() {
            pieces
        } else {
            piece_attacks(kind, ctx.us, to, ctx.occ) & pieces
        };
        for from in movers | promoters {
            // Condition 3 first: a pinned piece keeps to the line of its pin.
            if ctx.may_move(from, to) && close_conditions(ctx, from, to, kind) {
                let mv = ctx.make_move(from, to, kind);
                if ctx.is_mating_move(mv) {
                    return Some(mv);
                }
            }
        }
    }
    None
}

/// Conditions 1, 2, 4 and 5 for the piece on `from` landing as a `kind` on
/// `to`: the cheap look at condition 2 here, where most candidates fail,
/// and the rest in a call of its own.
#[inline(always)]
fn close_conditions(ctx: &Ctx, from: Square, to: Square, kind: PieceKind) -> bool {
    let b = ctx.board;
    // 2, roughly first: no other piece of ours even stands where it could
    // attack the square on an empty board.
    let queens = b.pieces(PieceKind::Queen);
    let could_attack = (attacks::knight(to) & b.pieces(PieceKind::Knight))
        | (attacks::king(to) & b.pieces(PieceKind::King))
        | (attacks::pawn(!ctx.us, to) & b.pieces(PieceKind::Pawn))
        | (attacks::rook_rays(to) & (b.pieces(PieceKind::Rook) | queens))
        | (attacks::bishop_rays(to) & (b.pieces(PieceKind::Bishop) | queens));
    could_attack.intersects(ctx.ours - from.bitboard())
        && close_conditions_rest(ctx, from, to, kind)
}

/// [`close_conditions`] past its cheap look at condition 2.
#[inline(never)]
fn close_conditions_rest(ctx: &Ctx, from: Square, to: Square, kind: PieceKind) -> bool {
    let b = ctx.board;
    let their_king = ctx.king.bitboard();
    let others = ctx.theirs - their_king;
    let occ = (ctx.occ - from.bitboard()) | to.bitboard();
    let without_king = occ - their_king;
    let supporters = ctx.ours - from.bitboard();
    // One look at who attacks the square serves conditions 2, 1 and 4, the
    // order in which they most often fail.
    let attackers = b.attackers_to(to, without_king);
    // 2: a second attacker, through the old square or the king if need be.
    if !attackers.intersects(supporters) {
        return false;
    }
    // 1 and 4 at once: defended by the king alone, also once the piece has
    // left its square (no x-ray through it); pinned defenders do not count.
    let mut defenders = attackers & others;
    if defenders.intersects(attacks::line(to, ctx.king)) {
        // One of them may see the square only through its own king.
        defenders = b.attackers_to(to, occ) & others;
    }
    if !defenders.is_empty() {
        // Only a piece on a line from the king can be pinned to it.
        let lines = attacks::rook_rays(ctx.king) | attacks::bishop_rays(ctx.king);
        if !defenders.is_subset(lines)
            || !defenders.is_subset(ctx.pinned_after(occ, from, to, kind))
        {
            return false;
        }
    }
    // 5: no escape once the piece has moved.
    let escapes = ctx.ring - ctx.theirs - to.bitboard();
    ctx.cover_after(escapes, without_king, from, to, kind) == escapes
}

/// The epaulette mate: a queen checks from two squares away along a rank,
/// file or diagonal, and the king's own pieces (classically two rooks at its
/// sides) leave it no square the queen does not cover from there.
///
/// Generalised: every square next to the king that it could reach now must
/// lie under the queen's attacks from the checking square (x-ray through the
/// king included) or be open to a slider of ours through the queen's old
/// square; then the exact tests of [`Ctx::try_mate`] follow: escapes after
/// the move, no defender can take the queen or step onto the square between,
/// pinned defenders and x-rays through the queen's old square considered.
pub(crate) fn epaulette(ctx: &Ctx) -> Option<Move> {
    // Often no queen of ours can go anywhere: then there is nothing to measure.
    if ctx.queen_reach.is_empty() {
        return None;
    }
    let king = ctx.king.bitboard();
    let two_away = within_two(ctx.king) - ctx.ring - king;
    let checks = (ctx.straight_checks | ctx.diagonal_checks) & two_away & ctx.queen_reach;
    for to in checks {
        for from in ctx.queens_to(to) {
            if let Some(mv) = ctx.try_mate(from, to, PieceKind::Queen) {
                return Some(mv);
            }
        }
    }
    None
}
