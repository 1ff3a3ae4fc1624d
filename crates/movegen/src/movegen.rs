//! Legal move generation. One generic core hands out each piece's legal
//! destinations as a set; the list generators (all, captures, quiets,
//! evasions) and bulk counting are thin layers over it.

use crate::attacks;
use crate::bitboard::BitBoard;
use crate::board::Board;
use crate::castling::CastleSide;
use crate::moves::{Move, MoveKind, MoveList};
use crate::types::{File, PieceKind, Rank, Square};

/// Which promotions a [`PieceMoves`] expands a promoting pawn move into.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Promotions {
    All,
    QueenOnly,
    UnderOnly,
}

impl Promotions {
    fn kinds(self) -> &'static [PieceKind] {
        match self {
            Promotions::All => &PieceKind::PROMOTIONS,
            Promotions::QueenOnly => &PieceKind::PROMOTIONS[..1],
            Promotions::UnderOnly => &PieceKind::PROMOTIONS[1..],
        }
    }
}

/// The legal moves of one piece: its square and its destination set.
///
/// Pawn destinations on the last rank stand for several promotions, the
/// en-passant square for an en-passant capture, and a king's destination on
/// its own rook for castling; iterating a `PieceMoves` yields each as a `Move`.
///
/// ```
/// use matewise_movegen::{Board, PieceKind};
/// let board = Board::default();
/// let mut knight_moves = 0;
/// board.generate_piece_moves(|moves| {
///     if moves.piece == PieceKind::Knight {
///         knight_moves += moves.len();
///     }
///     false // keep going
/// });
/// assert_eq!(knight_moves, 4);
/// ```
#[derive(Copy, Clone, Debug)]
pub struct PieceMoves {
    /// The moving piece's kind.
    pub piece: PieceKind,
    /// Where it stands.
    pub from: Square,
    /// Its legal destinations.
    pub to: BitBoard,
    special: BitBoard,
    promotions: Promotions,
}

const PROMOTION_RANKS: BitBoard = BitBoard(0xFF00_0000_0000_00FF);

impl PieceMoves {
    /// The number of moves these destinations stand for (promotions counted once each).
    #[inline]
    pub fn len(&self) -> usize {
        if self.piece == PieceKind::Pawn {
            let promoting = self.to & PROMOTION_RANKS;
            (self.to.len() + promoting.len() * (self.promotions.kinds().len() as u32 - 1)) as usize
        } else {
            self.to.len() as usize
        }
    }

    /// True if there are no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// Pushes every move onto `list`.
    #[inline]
    pub fn push_to(&self, list: &mut MoveList) {
        // Only a pawn about to promote or with an en-passant capture and a
        // king that may castle have special moves; every other piece's
        // moves need no per-square test of what kind they are.
        if self.special_destinations().is_empty() {
            for to in self.to {
                list.push(Move::new(self.from, to, MoveKind::Normal));
            }
        } else {
            self.push_each(list);
        }
    }

    /// Hands each move to `visit`, in the order [`PieceMoves::push_to`]
    /// lists them: a caller keeping its own list (moves with scores, say)
    /// fills it in one pass.
    #[inline(always)]
    pub fn for_each_move(&self, mut visit: impl FnMut(Move)) {
        if self.special_destinations().is_empty() {
            for to in self.to {
                visit(Move::new(self.from, to, MoveKind::Normal));
            }
        } else {
            let mut list = MoveList::new();
            self.push_each(&mut list);
            for &mv in &list {
                visit(mv);
            }
        }
    }

    /// The destinations that stand for a special move (a promotion, en
    /// passant or castling), needing a per-square test of their kind.
    #[inline]
    fn special_destinations(&self) -> BitBoard {
        match self.piece {
            PieceKind::Pawn => (self.to & PROMOTION_RANKS) | self.special,
            PieceKind::King => self.special,
            _ => BitBoard::EMPTY,
        }
    }

    // Out of line: rare (promotions, en passant, castling), and kept out
    // of the generators' per-piece step that inlines `push_to`.
    #[inline(never)]
    fn push_each(&self, list: &mut MoveList) {
        for to in self.to {
            self.push_one(list, to);
        }
    }

    #[inline]
    fn push_one(&self, list: &mut MoveList, to: Square) {
        let from = self.from;
        match self.piece {
            PieceKind::Pawn if PROMOTION_RANKS.has(to) => {
                for &p in self.promotions.kinds() {
                    list.push(Move::new(from, to, MoveKind::Promotion(p)));
                }
            }
            PieceKind::Pawn if self.special.has(to) => {
                list.push(Move::new(from, to, MoveKind::EnPassant))
            }
            PieceKind::King if self.special.has(to) => {
                list.push(Move::new(from, to, MoveKind::Castle))
            }
            _ => list.push(Move::new(from, to, MoveKind::Normal)),
        }
    }
}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = arrayvec::IntoIter<Move, 256>;
    /// Expands the set into moves (uses a small stack buffer).
    fn into_iter(self) -> Self::IntoIter {
        let mut list = MoveList::new();
        self.push_to(&mut list);
        list.into_iter()
    }
}

/// Generation modes of the core.
const ALL: u8 = 0;
const CAPTURES: u8 = 1;
const QUIETS: u8 = 2;

impl Board {
    /// Calls `visit` with each piece's legal moves until it returns `true`;
    /// returns whether it was stopped. This bulk form is the cheapest way to
    /// count or filter moves.
    #[inline]
    pub fn generate_piece_moves(&self, mut visit: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate::<ALL>(&mut visit)
    }

    /// Every legal move.
    ///
    /// ```
    /// use matewise_movegen::{Board, MoveList};
    /// let board = Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    /// let mut moves = MoveList::new();
    /// board.generate_moves(&mut moves);
    /// assert_eq!(moves.len(), 48);
    /// ```
    pub fn generate_moves(&self, list: &mut MoveList) {
        self.generate::<ALL>(&mut |pm: PieceMoves| {
            pm.push_to(list);
            false
        });
    }

    /// Every legal move, as a list: [`Board::generate_moves`] for callers
    /// that have no list of their own to fill.
    ///
    /// ```
    /// use matewise_movegen::Board;
    /// let board = Board::default();
    /// let moves = board.legal_moves();
    /// assert_eq!(moves.len(), 20);
    /// assert!(moves.iter().any(|mv| mv.to_string() == "e2e4"));
    /// ```
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(&mut list);
        list
    }

    /// Legal captures (en passant included, capture-promotions to a queen
    /// only) and non-capturing queen promotions: the moves quiescence search tries.
    pub fn generate_captures(&self, list: &mut MoveList) {
        self.generate::<CAPTURES>(&mut |pm: PieceMoves| {
            pm.push_to(list);
            false
        });
    }

    /// Every legal move that [`Board::generate_captures`] leaves out:
    /// non-captures, castling and under-promotions.
    pub fn generate_quiets(&self, list: &mut MoveList) {
        self.generate::<QUIETS>(&mut |pm: PieceMoves| {
            pm.push_to(list);
            false
        });
    }

    /// As [`Board::generate_quiets`], a piece at a time and in the same
    /// order: `visit` gets each piece's quiet moves, so that a caller
    /// scoring them knows the moving piece without a lookup per move.
    /// Stops when `visit` returns `true`, and returns whether it did.
    ///
    /// ```
    /// use matewise_movegen::{Board, MoveList};
    /// let board = Board::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    /// let (mut whole, mut by_piece, mut seen) = (MoveList::new(), MoveList::new(), MoveList::new());
    /// board.generate_quiets(&mut whole);
    /// board.generate_quiet_piece_moves(|moves| {
    ///     moves.push_to(&mut by_piece);
    ///     moves.for_each_move(|mv| seen.push(mv));
    ///     false
    /// });
    /// assert_eq!(by_piece, whole);
    /// assert_eq!(seen, whole);
    /// ```
    #[inline]
    pub fn generate_quiet_piece_moves(&self, mut visit: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate::<QUIETS>(&mut visit)
    }

    /// As [`Board::generate_captures`], a piece at a time and in the same
    /// order, as [`Board::generate_quiet_piece_moves`] does for quiets.
    #[inline]
    pub fn generate_capture_piece_moves(&self, mut visit: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate::<CAPTURES>(&mut visit)
    }

    /// The legal replies to a check. In a position without check this is
    /// simply every legal move.
    ///
    /// ```
    /// use matewise_movegen::{Board, MoveList};
    /// let board = Board::from_fen("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1").unwrap();
    /// let mut moves = MoveList::new();
    /// board.generate_evasions(&mut moves);
    /// assert_eq!(moves.len(), 2); // Kxd2 or Kf1
    /// ```
    pub fn generate_evasions(&self, list: &mut MoveList) {
        debug_assert!(self.in_check());
        self.generate_moves(list);
    }

    /// The number of legal moves.
    #[inline]
    pub fn legal_move_count(&self) -> usize {
        let mut n = 0;
        self.generate::<ALL>(&mut |pm: PieceMoves| {
            n += pm.len();
            false
        });
        n
    }

    /// True if `mv` is legal here. Any 16-bit move may be asked about, e.g.
    /// one read from a hash table.
    pub fn is_legal(&self, mv: Move) -> bool {
        let from = mv.from();
        if !self.colors(self.side_to_move).has(from) {
            return false;
        }
        // Knights and sliders (most hash moves) make only plain moves, to the
        // squares the generator's rule gives them: asked for that one piece
        // directly, without the generator's set-up for every kind.
        if let Some(
            kind @ (PieceKind::Knight | PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen),
        ) = self.kind_on(from)
        {
            return mv.kind() == MoveKind::Normal
                && self.piece_destinations(kind, from).has(mv.to());
        }
        // A king's plain step likewise: to a square next to it, free of its
        // own pieces and not attacked once the king has left its square.
        // Castling still goes through the generator.
        if from == self.king(self.side_to_move) && mv.kind() == MoveKind::Normal {
            let to = mv.to();
            return (attacks::king(from) - self.colors(self.side_to_move)).has(to)
                && !self.is_attacked(to, !self.side_to_move, self.occupied() ^ from.bitboard());
        }
        let mut legal = false;
        // Only the moving piece's moves: for any other piece the generator
        // would work out destinations (the king's are the dearest) for nothing.
        self.generate_from::<ALL>(from.bitboard(), &mut |pm: PieceMoves| {
            if pm.from != from {
                return false;
            }
            let mut list = MoveList::new();
            if pm.to.has(mv.to()) {
                pm.push_one(&mut list, mv.to());
            }
            legal = list.contains(&mv);
            true
        });
        legal
    }

    /// The legal destinations of the side to move's knight or slider on
    /// `from`, as the generator works them out (in its mode for every move).
    #[inline]
    fn piece_destinations(&self, kind: PieceKind, from: Square) -> BitBoard {
        if self.checkers.has_more_than_one() {
            return BitBoard::EMPTY;
        }
        let king = self.king(self.side_to_move);
        let check_mask = match self.checkers.first() {
            Some(checker) => attacks::between(king, checker) | checker.bitboard(),
            None => BitBoard::FULL,
        };
        let target = !self.colors(self.side_to_move) & check_mask;
        let occupied = self.occupied();
        let pinned = self.pinned.has(from);
        let to = match kind {
            // A pinned knight cannot leave the line it stands on.
            PieceKind::Knight if pinned => return BitBoard::EMPTY,
            PieceKind::Knight => return attacks::knight(from) & target,
            PieceKind::Bishop => attacks::bishop(from, occupied),
            PieceKind::Rook => attacks::rook(from, occupied),
            _ => attacks::queen(from, occupied),
        } & target;
        if pinned {
            to & attacks::line(king, from)
        } else {
            to
        }
    }

    #[inline]
    fn generate<const MODE: u8>(&self, visit: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate_from::<MODE>(BitBoard::FULL, visit)
    }

    /// As [`Board::generate`], for the pieces standing on `from_mask` only.
    #[inline]
    fn generate_from<const MODE: u8>(
        &self,
        from_mask: BitBoard,
        visit: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let us = self.side_to_move;
        let them = !us;
        let occupied = self.occupied();
        let own = self.colors(us);
        let enemy = self.colors(them);
        let king = self.king(us);
        let target = match MODE {
            CAPTURES => enemy,
            QUIETS => !occupied,
            _ => !own,
        };
        let promotions = match MODE {
            CAPTURES => Promotions::QueenOnly,
            QUIETS => Promotions::UnderOnly,
            _ => Promotions::All,
        };

        if from_mask.has(king) {
            let (castles, king_to) =
                self.king_and_castling_moves(attacks::king(king) & target, MODE != CAPTURES);
            if !(king_to | castles).is_empty()
                && visit(PieceMoves {
                    piece: PieceKind::King,
                    from: king,
                    to: king_to | castles,
                    special: castles,
                    promotions,
                })
            {
                return true;
            }
        }
        if self.checkers.has_more_than_one() {
            return false;
        }
        let check_mask = match self.checkers.first() {
            Some(checker) => attacks::between(king, checker) | checker.bitboard(),
            None => BitBoard::FULL,
        };
        let target = target & check_mask;
        let pinned = self.pinned;

        for from in (self.colored_pieces(PieceKind::Knight, us) - pinned) & from_mask {
            let to = attacks::knight(from) & target;
            if !to.is_empty() && visit(self.piece_moves(PieceKind::Knight, from, to, promotions)) {
                return true;
            }
        }
        // One loop per kind, each with its own attack function: a loop over
        // the kinds would choose the function again for every piece.
        let mut sliders = |kind: PieceKind, attacks: fn(Square, BitBoard) -> BitBoard| {
            for from in self.colored_pieces(kind, us) & from_mask {
                let mut to = attacks(from, occupied) & target;
                if pinned.has(from) {
                    to &= attacks::line(king, from);
                }
                if !to.is_empty() && visit(self.piece_moves(kind, from, to, promotions)) {
                    return true;
                }
            }
            false
        };
        if sliders(PieceKind::Bishop, attacks::bishop)
            || sliders(PieceKind::Rook, attacks::rook)
            || sliders(PieceKind::Queen, attacks::queen)
        {
            return true;
        }

        // One rank forward, set-wise: no square arithmetic to check for
        // leaving the board (a pawn never stands on a back rank).
        let forward = |squares: BitBoard| match us {
            crate::Color::White => BitBoard(squares.0 << 8),
            crate::Color::Black => BitBoard(squares.0 >> 8),
        };
        let double_rank = BitBoard::rank(us.relative_rank(Rank::Fourth));
        let ep = self.en_passant.map_or(BitBoard::EMPTY, Square::bitboard);
        let pawns = self.colored_pieces(PieceKind::Pawn, us);
        // The pawns that can have a move of this mode at all, found set-wise
        // (a superset: the loop below still decides each pawn). Quiescence
        // asks for captures in positions where most pawns have none.
        let last_rank_next = pawns & BitBoard::rank(us.relative_rank(Rank::Seventh));
        let candidates = match MODE {
            CAPTURES => (pawns & pawn_sources(us, enemy | ep)) | last_rank_next,
            QUIETS => (pawns & pawn_push_sources(us, !occupied)) | last_rank_next,
            _ => pawns,
        } & from_mask;
        for from in candidates {
            let mut to = BitBoard::EMPTY;
            // Captures keep a push only onto the last rank (a promotion),
            // never a double push: neither is worked out for the others.
            if MODE != CAPTURES || last_rank_next.has(from) {
                let one = forward(from.bitboard()) - occupied;
                to = one;
                if MODE != CAPTURES {
                    to |= (forward(one) & double_rank) - occupied;
                }
            }
            let attacks = attacks::pawn(us, from);
            to |= attacks & enemy;
            to &= check_mask;
            if pinned.has(from) {
                to &= attacks::line(king, from);
            }
            let mut special = BitBoard::EMPTY;
            if attacks.intersects(ep) && MODE != QUIETS && self.en_passant_is_legal(from) {
                special = ep;
                to |= ep;
            }
            to = match MODE {
                CAPTURES => to & (enemy | ep | PROMOTION_RANKS),
                QUIETS => to - ((enemy | ep) - PROMOTION_RANKS),
                _ => to,
            };
            if !to.is_empty()
                && visit(PieceMoves {
                    piece: PieceKind::Pawn,
                    from,
                    to,
                    special,
                    promotions,
                })
            {
                return true;
            }
        }
        false
    }

    #[inline]
    fn piece_moves(
        &self,
        piece: PieceKind,
        from: Square,
        to: BitBoard,
        promotions: Promotions,
    ) -> PieceMoves {
        PieceMoves {
            piece,
            from,
            to,
            special: BitBoard::EMPTY,
            promotions,
        }
    }

    /// Whether the pawn on `from` may capture en passant: checked by
    /// replaying the capture's occupancy, which covers pins along the rank
    /// and checks alike.
    pub(crate) fn en_passant_is_legal(&self, from: Square) -> bool {
        let Some(ep) = self.en_passant else {
            return false;
        };
        let us = self.side_to_move;
        let victim = Square::new(ep.file(), from.rank());
        let occupied = (self.occupied() ^ from.bitboard() ^ victim.bitboard()) | ep.bitboard();
        let attackers =
            self.attackers_to(self.king(us), occupied) & self.colors(!us) & !victim.bitboard();
        attackers.is_empty()
    }

    /// Legal castling moves (as rook squares) and which of `king_targets`
    /// the king may step to, from one bulk attack computation where possible.
    #[inline]
    pub(crate) fn king_and_castling_moves(
        &self,
        king_targets: BitBoard,
        with_castling: bool,
    ) -> (BitBoard, BitBoard) {
        let us = self.side_to_move;
        let them = !us;
        let king = self.king(us);
        let without_king = self.occupied() ^ king.bitboard();
        if !with_castling || !self.checkers.is_empty() || self.castling.is_empty() {
            // Most calls (every capture generation, most nodes later in a
            // game) have no castling to try: the king's steps alone, without
            // building castling paths only to find them empty.
            return (
                BitBoard::EMPTY,
                self.safe_king_steps(king_targets, without_king),
            );
        }
        let (short, long) = (
            self.open_castling_path(CastleSide::Short, king, without_king),
            self.open_castling_path(CastleSide::Long, king, without_king),
        );
        let is_edge = |p: Option<(BitBoard, Square)>| {
            p.is_none_or(|(_, rook)| matches!(rook.file(), File::A | File::H))
        };
        if (short.is_none() && long.is_none()) || !is_edge(short) || !is_edge(long) {
            // Per-square tests; for an interior Chess960 rook the occupancy must
            // also lose that rook, which may shield the king's destination.
            let mut castles = BitBoard::EMPTY;
            for (path, rook) in [short, long].into_iter().flatten() {
                let occupied = without_king ^ rook.bitboard();
                if path.iter().all(|sq| !self.is_attacked(sq, them, occupied)) {
                    castles |= rook.bitboard();
                }
            }
            return (castles, self.safe_king_steps(king_targets, without_king));
        }
        // Edge rooks have nothing behind them, so dropping only the king from
        // the occupancy gives the same answer for every square at once.
        let path_of = |p: Option<(BitBoard, Square)>| p.map_or(BitBoard::EMPTY, |(path, _)| path);
        let attacked = self.attacked_within(
            path_of(short) | path_of(long) | king_targets,
            them,
            without_king,
        );
        let mut castles = BitBoard::EMPTY;
        for (path, rook) in [short, long].into_iter().flatten() {
            if !path.intersects(attacked) {
                castles |= rook.bitboard();
            }
        }
        (castles, king_targets - attacked)
    }

    /// The squares of `king_targets` the side to move's king may step to
    /// (`without_king`: the occupancy with the king lifted).
    #[inline]
    fn safe_king_steps(&self, king_targets: BitBoard, without_king: BitBoard) -> BitBoard {
        // Capture generation mostly finds no enemy piece next to the king:
        // nothing to test, and inlined, no call to make either.
        if king_targets.is_empty() {
            return BitBoard::EMPTY;
        }
        self.test_king_steps(king_targets, without_king)
    }

    #[inline(never)]
    fn test_king_steps(&self, king_targets: BitBoard, without_king: BitBoard) -> BitBoard {
        let them = !self.side_to_move;
        if king_targets.len() > 2 {
            // Past a couple of squares, working from the attackers' side is cheaper.
            return king_targets - self.attacked_within(king_targets, them, without_king);
        }
        let mut steps = BitBoard::EMPTY;
        for to in king_targets {
            if !self.is_attacked(to, them, without_king) {
                steps |= to.bitboard();
            }
        }
        steps
    }

    /// The squares the king must cross safely (its destination always
    /// included) and the rook, if `side` castling is allowed and unobstructed.
    #[inline]
    fn open_castling_path(
        &self,
        side: CastleSide,
        king: Square,
        without_king: BitBoard,
    ) -> Option<(BitBoard, Square)> {
        let rook = self.castling.rook_square(self.side_to_move, side)?;
        let rank = self.side_to_move.back_rank();
        let king_to = Square::new(side.king_destination(), rank);
        let rook_to = Square::new(side.rook_destination(), rank);
        let king_path = rank_span(king, king_to);
        if (king_path | rank_span(rook, rook_to)).intersects(without_king ^ rook.bitboard()) {
            return None;
        }
        // The destination is tested even when the king already stands there:
        // the departing rook may have been its only shield.
        Some(((king_path - king.bitboard()) | king_to.bitboard(), rook))
    }
}

const NOT_FILE_A: u64 = !BitBoard::file(File::A).0;
const NOT_FILE_H: u64 = !BitBoard::file(File::H).0;

/// The squares from which a pawn of `color` attacks a square of `targets`.
#[inline]
fn pawn_sources(color: crate::Color, targets: BitBoard) -> BitBoard {
    let t = targets.0;
    BitBoard(match color {
        crate::Color::White => (t & NOT_FILE_A) >> 9 | (t & NOT_FILE_H) >> 7,
        crate::Color::Black => (t & NOT_FILE_A) << 7 | (t & NOT_FILE_H) << 9,
    })
}

/// The squares from which a pawn of `color` steps onto a square of `empty`.
#[inline]
fn pawn_push_sources(color: crate::Color, empty: BitBoard) -> BitBoard {
    BitBoard(match color {
        crate::Color::White => empty.0 >> 8,
        crate::Color::Black => empty.0 << 8,
    })
}

/// The squares from `a` to `b` on one rank, both included (plain arithmetic:
/// cheaper than a table lookup on the castling path).
#[inline]
fn rank_span(a: Square, b: Square) -> BitBoard {
    let (low, high) = if a <= b {
        (a as u32, b as u32)
    } else {
        (b as u32, a as u32)
    };
    BitBoard((u64::MAX >> (63 - high)) & (u64::MAX << low))
}
