//! Mates by sliding pieces checking from a distance: back-rank mates by a
//! rook or queen, Boden's mate by a bishop, and their kin on any line.

use crate::context::{Ctx, within_two};
use movegen::{BitBoard, Move, PieceKind, attacks};

/// A rook or bishop checks from two or more squares away, or a queen from
/// three or more (nearer is the epaulette's and the close mate's).
///
/// The pattern: a king vulnerable along one line, every square it could
/// step to lying on that line (where the checker covers it: the square
/// towards the checker by the check itself, the one behind the king by the
/// x-ray through it) or under the checker's other attacks, and a slider
/// that can get onto the line. The checking squares come from the king's
/// own rays crossed with where our rooks, bishops and queens (and pawns
/// about to promote) can go, so only checking moves are looked at; each
/// then passes [`Ctx::try_mate`]: the vulnerability test first, then the
/// escapes again after the move (the piece no longer covers what it covered
/// from its old square), no capture of the checker and no interposition by
/// a defender free to move (pins judged after the move, defending sliders
/// seeing through the old square).
pub(crate) fn slider_mate(ctx: &Ctx) -> Option<Move> {
    let rooks = ctx.our(PieceKind::Rook);
    let bishops = ctx.our(PieceKind::Bishop);
    let candidates = ((ctx.straight_checks & (ctx.straight_reach | ctx.queen_reach))
        | (ctx.diagonal_checks & (ctx.diagonal_reach | ctx.queen_reach)))
        - ctx.ring;
    // A set test, cheaper than measuring the distance of each candidate.
    let within_two = within_two(ctx.king);
    for to in candidates {
        // Many candidates only a queen reaches: no rook or bishop to look for.
        let (kind, pieces) = if ctx.straight_checks.has(to) {
            let rooks = if ctx.straight_reach.has(to) {
                rooks & attacks::rook(to, ctx.occ)
            } else {
                BitBoard::EMPTY
            };
            (PieceKind::Rook, rooks)
        } else {
            let bishops = if ctx.diagonal_reach.has(to) {
                bishops & attacks::bishop(to, ctx.occ)
            } else {
                BitBoard::EMPTY
            };
            (PieceKind::Bishop, bishops)
        };
        for from in pieces {
            if let Some(mv) = ctx.try_mate(from, to, kind) {
                return Some(mv);
            }
        }
        if ctx.queen_reach.has(to) && !within_two.has(to) {
            for from in ctx.queens_to(to) {
                if let Some(mv) = ctx.try_mate(from, to, PieceKind::Queen) {
                    return Some(mv);
                }
            }
        }
    }
    None
}
