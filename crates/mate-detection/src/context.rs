//! What every pattern needs to know about the defending king, computed once
//! per call, and the exact tests a checking move must pass to be mate:
//! escapes after the move, captures of the checker and interpositions, each
//! judged on the occupancy after the move (so x-rays through the moving
//! piece's old square, "discovered defences", are seen) and with the
//! defender's pins as they stand after the move.

use crate::verify::is_mating_move;
use core::cell::OnceCell;
use movegen::{BitBoard, Board, Color, Move, MoveKind, PieceKind, Rank, Square, attacks};

/// The defending side's king and its surroundings, seen from the attacker.
pub(crate) struct Ctx<'a> {
    /// The position as given: for a threat, before the null move.
    pub(crate) board: &'a Board,
    /// True when looking for the threat of the side not to move: `board` is
    /// then the position before the null move that would give it the turn.
    passed: bool,
    /// The side that would mate (the side to move, or not to move if `passed`).
    pub(crate) us: Color,
    /// The defending king's square.
    pub(crate) king: Square,
    pub(crate) occ: BitBoard,
    pub(crate) ours: BitBoard,
    pub(crate) theirs: BitBoard,
    /// The squares next to the defending king.
    pub(crate) ring: BitBoard,
    /// Ring squares the king could step to right now: not blocked by its own
    /// pieces and not attacked by us (worked out when first needed).
    free: OnceCell<BitBoard>,
    /// True when the reach sets, with our pawns, king and pinned knights,
    /// tell which empty squares we attack: we are not in check (they leave
    /// out nothing but our own pieces) and no pawn of ours can promote (a
    /// push is no attack).
    reach_is_attack: bool,
    /// Where our rooks can go.
    pub(crate) straight_reach: BitBoard,
    /// Where our bishops can go.
    pub(crate) diagonal_reach: BitBoard,
    /// Where our queens can go, and where our pawns can promote.
    pub(crate) queen_reach: BitBoard,
    /// Where our knights can go, and where our pawns can promote.
    pub(crate) knight_reach: BitBoard,
    /// The squares a rook or queen would check the king from (along its
    /// rank and file), among those we may land on.
    pub(crate) straight_checks: BitBoard,
    /// The squares a bishop or queen would check the king from.
    pub(crate) diagonal_checks: BitBoard,
    our_king: Square,
    our_pinned: BitBoard,
}

impl<'a> Ctx<'a> {
    /// `None` when no pattern can apply: the side to move is in double check
    /// (only king moves are legal and none of the patterns moves the king),
    /// or none of our pieces can reach a square from which it would check
    /// the way some pattern needs. Most positions from random games end
    /// here, having cost a few attack lookups; most a search asks about (its
    /// quiescence nodes, pieces near the kings) do not.
    #[inline]
    pub(crate) fn new(board: &'a Board) -> Option<Ctx<'a>> {
        Ctx::with(board, false, board.checkers(), board.pinned())
    }

    /// [`Ctx::new`] for the side not to move, as on the position after a null
    /// move but without playing it: the null move only hands over the turn
    /// (and clears the en-passant square, which no pattern uses), so only
    /// the checkers and pins it would find for the new side to move are
    /// worked out here. The side to move must not be in check.
    #[inline]
    pub(crate) fn after_null_move(board: &'a Board) -> Option<Ctx<'a>> {
        let (checkers, pinned) = board.check_info_for(!board.side_to_move());
        Ctx::with(board, true, checkers, pinned)
    }

    #[inline(always)]
    fn with(
        board: &'a Board,
        passed: bool,
        checkers: BitBoard,
        our_pinned: BitBoard,
    ) -> Option<Ctx<'a>> {
        if checkers.has_more_than_one() {
            return None;
        }
        let us = if passed {
            !board.side_to_move()
        } else {
            board.side_to_move()
        };
        let them = !us;
        let king = board.king(them);
        let our_king = board.king(us);
        let ours = board.colors(us);
        let legal_to = match checkers.first() {
            Some(checker) => attacks::between(our_king, checker) | checker.bitboard(),
            None => BitBoard::FULL,
        } - ours;
        let occ = board.occupied();
        let theirs = board.colors(them);
        let ring = attacks::king(king);

        let mine = |kind| board.colored_pieces(kind, us);
        let promoting = mine(PieceKind::Pawn) & BitBoard::rank(us.relative_rank(Rank::Seventh));
        // Seldom any: spare the shifts then.
        let promotion = if promoting.is_empty() {
            BitBoard::EMPTY
        } else {
            (push(promoting, us) - occ) | (pawn_span(promoting, us) & theirs)
        };
        let union = |pieces: BitBoard, attack: fn(Square, BitBoard) -> BitBoard| {
            pieces
                .iter()
                .fold(BitBoard::EMPTY, |set, sq| set | attack(sq, occ))
        };
        let straight_reach = union(mine(PieceKind::Rook), attacks::rook) & legal_to;
        let diagonal_reach = union(mine(PieceKind::Bishop), attacks::bishop) & legal_to;
        let queen_reach = (union(mine(PieceKind::Queen), attacks::queen) | promotion) & legal_to;
        let knights = mine(PieceKind::Knight) - our_pinned;
        let knight_reach = (union(knights, |sq, _| attacks::knight(sq)) | promotion) & legal_to;
        // A pawn promoting may open the king's line: look along it without them.
        let open = occ - promoting;
        let straight_checks = attacks::rook(king, open) & legal_to;
        let diagonal_checks = attacks::bishop(king, open) & legal_to;
        let any = (straight_checks & (straight_reach | queen_reach))
            | (diagonal_checks & (diagonal_reach | queen_reach))
            | (attacks::knight(king) & knight_reach)
            | (ring & queen_reach);
        if any.is_empty() {
            return None;
        }
        let reach_is_attack = checkers.is_empty() && promoting.is_empty();
        Some(Ctx {
            board,
            passed,
            us,
            king,
            occ,
            ours,
            theirs,
            ring,
            free: OnceCell::new(),
            reach_is_attack,
            straight_reach,
            diagonal_reach,
            queen_reach,
            knight_reach,
            straight_checks,
            diagonal_checks,
            our_king,
            our_pinned,
        })
    }

    /// Ring squares the king could step to right now: not blocked by its own
    /// pieces and not attacked by us.
    #[inline]
    pub(crate) fn free(&self) -> BitBoard {
        *self.free.get_or_init(|| self.find_free())
    }

    /// [`Ctx::free`] as [`Board::king_flight_squares`] finds it, with the
    /// king lifted off the board, but from the attacks already gathered
    /// where they tell.
    fn find_free(&self) -> BitBoard {
        let exact = || self.board.king_flight_squares(!self.us);
        if !self.reach_is_attack {
            return exact();
        }
        let mut attacked = self.straight_reach
            | self.diagonal_reach
            | self.queen_reach
            | self.knight_reach
            | pawn_span(self.our(PieceKind::Pawn), self.us)
            | attacks::king(self.our_king);
        // A pinned knight cannot move but still attacks.
        for sq in self.our(PieceKind::Knight) & self.our_pinned {
            attacked |= attacks::knight(sq);
        }
        // Lifting the king uncovers squares behind it only if one of our
        // sliders checks it: never, as the side not to move is not in
        // check, but should it be, the exact way is at hand.
        if attacked.has(self.king) {
            return exact();
        }
        let mut free = self.ring - self.occ - attacked;
        // The reach sets leave out our own pieces: whether ours next to the
        // king are defended is asked of the board.
        let lifted = self.occ - self.king.bitboard();
        for sq in self.ring & self.ours {
            if !self.board.is_attacked(sq, self.us, lifted) {
                free |= sq.bitboard();
            }
        }
        free
    }

    /// True if our piece on `from` may go to `to` without exposing our king
    /// (`to` already lies among the squares we may land on: the reach sets
    /// leave out our own pieces and, in check, whatever does not meet it).
    #[inline]
    pub(crate) fn may_move(&self, from: Square, to: Square) -> bool {
        !self.our_pinned.has(from) || attacks::line(self.our_king, from).has(to)
    }

    /// Our pieces of `kind` on the board.
    #[inline]
    pub(crate) fn our(&self, kind: PieceKind) -> BitBoard {
        self.board.colored_pieces(kind, self.us)
    }

    /// Our queens that attack `to` and our pawns that can promote on it, for
    /// a square of `queen_reach`: a lone queen with no pawn there must be
    /// the one that reaches it, which spares the lookup.
    #[inline(always)]
    pub(crate) fn queens_to(&self, to: Square) -> BitBoard {
        let promoters = self.promoters(to);
        let queens = self.our(PieceKind::Queen);
        if promoters.is_empty() && !queens.has_more_than_one() {
            queens
        } else {
            (attacks::queen(to, self.occ) & queens) | promoters
        }
    }

    /// Our pawns that can promote by moving to `to` (a push onto an empty
    /// square or a capture of an enemy piece on our last rank).
    #[inline]
    pub(crate) fn promoters(&self, to: Square) -> BitBoard {
        if to.rank() != self.us.relative_rank(Rank::Eighth) {
            return BitBoard::EMPTY;
        }
        let pawns = self.our(PieceKind::Pawn);
        if self.theirs.has(to) {
            attacks::pawn(!self.us, to) & pawns
        } else if self.occ.has(to) {
            BitBoard::EMPTY
        } else {
            let back = if self.us == Color::White { -8 } else { 8 };
            to.offset(back).map_or(BitBoard::EMPTY, Square::bitboard) & pawns
        }
    }

    /// The whole test of one candidate: the piece on `from` lands as a
    /// `kind` on `to`. Cheapest first: the move is legal for us; the king is
    /// hemmed in (every square it could reach now is covered by the piece's
    /// new attacks, or lies on a line through `from` so that a slider of ours
    /// may see through the vacated square); then [`Ctx::mates`]; then the
    /// final verification.
    #[inline(always)]
    pub(crate) fn try_mate(&self, from: Square, to: Square, kind: PieceKind) -> Option<Move> {
        if !self.may_move(from, to) || self.uncovered(from, empty_board_attacks(kind, self.us, to))
        {
            return None;
        }
        self.try_mate_rest(from, to, kind)
    }

    /// True if the king could step to a square next to it that `covered`
    /// leaves out and that no slider of ours may reach through `from`.
    ///
    /// The free squares lie among those not blocked by the king's own
    /// pieces: when all of these are covered, which are free does not
    /// matter. [`Ctx::try_mate`] asks first with the piece's attacks on an
    /// empty board, which most candidates already fail (and the call to the
    /// rest of the test is spared), then with the real ones.
    #[inline(always)]
    fn uncovered(&self, from: Square, covered: BitBoard) -> bool {
        let rays = attacks::rook_rays(from) | attacks::bishop_rays(from);
        let open = self.ring - self.theirs - covered - rays;
        !open.is_empty() && open.intersects(self.free())
    }

    /// [`Ctx::try_mate`] past its cheapest tests.
    fn try_mate_rest(&self, from: Square, to: Square, kind: PieceKind) -> Option<Move> {
        let occ = self.occ - from.bitboard() - self.king.bitboard();
        if self.uncovered(from, piece_attacks(kind, self.us, to, occ))
            || !self.mates(from, to, kind)
        {
            return None;
        }
        let mv = self.make_move(from, to, kind);
        self.is_mating_move(mv).then_some(mv)
    }

    /// The final test, [`is_mating_move`], on the position where `us` is to
    /// move: after the null move, played only now, for a threat.
    pub(crate) fn is_mating_move(&self, mv: Move) -> bool {
        if self.passed {
            self.board
                .null_move()
                .is_some_and(|next| is_mating_move(&next, mv))
        } else {
            is_mating_move(self.board, mv)
        }
    }

    /// The move that puts a `kind` from `from` on `to` (a promotion if the
    /// piece on `from` is a pawn).
    #[inline]
    pub(crate) fn make_move(&self, from: Square, to: Square, kind: PieceKind) -> Move {
        if self.board.kind_on(from) == Some(PieceKind::Pawn) {
            Move::new(from, to, MoveKind::Promotion(kind))
        } else {
            Move::new(from, to, MoveKind::Normal)
        }
    }

    /// The squares of `mask` our pieces attack once the piece on `from` has
    /// become a `kind` on `to`, with the given occupancy (the caller lifts the
    /// defending king off it, so that the checker's ray runs on past it).
    /// The moving piece's old attacks are gone, its new ones count.
    pub(crate) fn cover_after(
        &self,
        mask: BitBoard,
        occ: BitBoard,
        from: Square,
        to: Square,
        kind: PieceKind,
    ) -> BitBoard {
        let b = self.board;
        let mine = self.ours - from.bitboard();
        let mut hit = (piece_attacks(kind, self.us, to, occ) | attacks::king(self.our_king)) & mask;
        hit |= pawn_span(b.pieces(PieceKind::Pawn) & mine, self.us) & mask;
        if hit == mask {
            return hit;
        }
        for sq in b.pieces(PieceKind::Knight) & mine {
            hit |= attacks::knight(sq) & mask;
        }
        let queens = b.pieces(PieceKind::Queen);
        for sq in (b.pieces(PieceKind::Rook) | queens) & mine {
            if attacks::rook_rays(sq).intersects(mask - hit) {
                hit |= attacks::rook(sq, occ) & mask;
            }
        }
        for sq in (b.pieces(PieceKind::Bishop) | queens) & mine {
            if attacks::bishop_rays(sq).intersects(mask - hit) {
                hit |= attacks::bishop(sq, occ) & mask;
            }
        }
        hit
    }

    /// The defender's pieces pinned to their king once our piece on `from`
    /// has become a `kind` on `to` (occupancy `occ` after the move).
    pub(crate) fn pinned_after(
        &self,
        occ: BitBoard,
        from: Square,
        to: Square,
        kind: PieceKind,
    ) -> BitBoard {
        let b = self.board;
        let mine = self.ours - from.bitboard();
        let queens = b.pieces(PieceKind::Queen);
        let mut straight = (b.pieces(PieceKind::Rook) | queens) & mine;
        let mut diagonal = (b.pieces(PieceKind::Bishop) | queens) & mine;
        if matches!(kind, PieceKind::Rook | PieceKind::Queen) {
            straight |= to.bitboard();
        }
        if matches!(kind, PieceKind::Bishop | PieceKind::Queen) {
            diagonal |= to.bitboard();
        }
        let snipers = (attacks::rook_rays(self.king) & straight)
            | (attacks::bishop_rays(self.king) & diagonal);
        let mut pinned = BitBoard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(self.king, sniper) & occ;
            if !blockers.has_more_than_one() {
                pinned |= blockers;
            }
        }
        pinned & self.theirs
    }

    /// The exact conditions for a move that puts a `kind` from `from` on `to`,
    /// checking the king directly, to be mate: every square next to the king
    /// is blocked by its own pieces or covered by us after the move (the
    /// checker itself, if adjacent, must be protected), no defender other than
    /// the king can take the checker, and none can step between. Pinned
    /// defenders can do neither; defending sliders see through `from`.
    ///
    /// False if the piece does not check from `to`. Exact for a single
    /// direct check; if the move also uncovers a second check it only errs
    /// towards "not mate".
    pub(crate) fn mates(&self, from: Square, to: Square, kind: PieceKind) -> bool {
        let occ = (self.occ - from.bitboard()) | to.bitboard();
        if !piece_attacks(kind, self.us, to, occ).has(self.king) {
            return false;
        }
        let theirs = self.theirs - to.bitboard();
        let flight = self.ring - theirs;
        let without_king = occ - self.king.bitboard();
        if self.cover_after(flight, without_king, from, to, kind) != flight {
            return false;
        }
        let b = self.board;
        let king = self.king.bitboard();
        let capturers = b.attackers_to(to, occ) & (theirs - king);
        let path = attacks::between(to, self.king);
        if capturers.is_empty() && path.is_empty() {
            return true;
        }
        let movers = theirs - king - self.pinned_after(occ, from, to, kind);
        if capturers.intersects(movers) {
            return false;
        }
        !self.can_block(path, occ, movers)
    }

    /// True if one of `movers` (the defender's free pieces) can step onto a
    /// square of `path` (all empty).
    fn can_block(&self, path: BitBoard, occ: BitBoard, movers: BitBoard) -> bool {
        if path.is_empty() {
            return false;
        }
        let b = self.board;
        let queens = b.pieces(PieceKind::Queen);
        let knights = b.pieces(PieceKind::Knight) & movers;
        let straight = (b.pieces(PieceKind::Rook) | queens) & movers;
        let diagonal = (b.pieces(PieceKind::Bishop) | queens) & movers;
        for sq in path {
            if attacks::knight(sq).intersects(knights)
                || attacks::rook(sq, occ).intersects(straight)
                || attacks::bishop(sq, occ).intersects(diagonal)
            {
                return true;
            }
        }
        // Pawn pushes, single and double, set-wise.
        let them = !self.us;
        let pawns = b.pieces(PieceKind::Pawn) & movers;
        let empty = !occ;
        let start = BitBoard::rank(them.relative_rank(Rank::Second));
        let one = push(pawns, them) & empty;
        let two = push(push(pawns & start, them) & empty, them);
        (one | two).intersects(path)
    }
}

/// What a `kind` of `color` on `sq` attacks.
#[inline]
pub(crate) fn piece_attacks(kind: PieceKind, color: Color, sq: Square, occ: BitBoard) -> BitBoard {
    match kind {
        PieceKind::Pawn => attacks::pawn(color, sq),
        PieceKind::Knight => attacks::knight(sq),
        PieceKind::Bishop => attacks::bishop(sq, occ),
        PieceKind::Rook => attacks::rook(sq, occ),
        PieceKind::Queen => attacks::queen(sq, occ),
        PieceKind::King => attacks::king(sq),
    }
}

/// What a `kind` of `color` on `sq` would attack on an empty board: every
/// square it can attack whatever stands in the way.
#[inline]
fn empty_board_attacks(kind: PieceKind, color: Color, sq: Square) -> BitBoard {
    match kind {
        PieceKind::Bishop => attacks::bishop_rays(sq),
        PieceKind::Rook => attacks::rook_rays(sq),
        PieceKind::Queen => attacks::rook_rays(sq) | attacks::bishop_rays(sq),
        _ => piece_attacks(kind, color, sq, BitBoard::EMPTY),
    }
}

const NOT_A: u64 = !BitBoard::file(movegen::File::A).0;
const NOT_H: u64 = !BitBoard::file(movegen::File::H).0;

/// Every square the pawns of `color` attack.
#[inline]
fn pawn_span(pawns: BitBoard, color: Color) -> BitBoard {
    let p = pawns.0;
    BitBoard(match color {
        Color::White => (p & NOT_A) << 7 | (p & NOT_H) << 9,
        Color::Black => (p & NOT_A) >> 9 | (p & NOT_H) >> 7,
    })
}

/// Every square a king on one of the squares of `s` attacks, and the
/// squares themselves.
const fn king_span(s: u64) -> u64 {
    let row = s | (s & NOT_A) >> 1 | (s & NOT_H) << 1;
    row | row << 8 | row >> 8
}

/// The squares within two king steps of `sq` (`sq` itself included).
#[inline]
pub(crate) fn within_two(sq: Square) -> BitBoard {
    /// [`within_two`] for every square, worked out at compile time.
    static WITHIN_TWO: [BitBoard; 64] = {
        let mut table = [BitBoard::EMPTY; 64];
        let mut sq = 0;
        while sq < 64 {
            table[sq] = BitBoard(king_span(king_span(1 << sq)));
            sq += 1;
        }
        table
    };
    WITHIN_TWO[sq as usize]
}

/// The pawns of `color` one step forward.
#[inline]
fn push(pawns: BitBoard, color: Color) -> BitBoard {
    BitBoard(match color {
        Color::White => pawns.0 << 8,
        Color::Black => pawns.0 >> 8,
    })
}
