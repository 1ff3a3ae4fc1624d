//! Knight mates: the smothered mate and its kin.

use crate::context::Ctx;
use movegen::{Move, PieceKind, attacks};

/// A knight checks a king that cannot step away: in the smothered mate
/// every square next to the king holds one of its own pieces; more
/// generally each square it could reach now must be covered by the knight
/// from its checking square (or open to a slider of ours through the
/// knight's old square). A knight's check can be neither blocked nor met by
/// the king taking it, so what remains ([`Ctx::try_mate`]) is that no free
/// defender can take the knight (pinned defenders cannot) and that the king
/// still has no square after the move, the knight's old attacks gone.
/// Knight promotions count too.
pub(crate) fn knight_mate(ctx: &Ctx) -> Option<Move> {
    let knights = ctx.our(PieceKind::Knight);
    for to in attacks::knight(ctx.king) & ctx.knight_reach {
        let sources = (attacks::knight(to) & knights) | ctx.promoters(to);
        for from in sources {
            if let Some(mv) = ctx.try_mate(from, to, PieceKind::Knight) {
                return Some(mv);
            }
        }
    }
    None
}
