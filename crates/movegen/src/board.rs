//! `Board`: the position, its keys and its check information.

use crate::attacks;
use crate::attacks::{ZOBRIST_CASTLING, ZOBRIST_EP_FILE, ZOBRIST_PIECES, ZOBRIST_SIDE};
use crate::bitboard::BitBoard;
use crate::castling::CastlingRights;
use crate::moves::{Move, MoveKind};
use crate::types::{Color, Piece, PieceKind, Square};

/// A chess position (standard or Chess960), with its Zobrist keys and check
/// information kept up to date by every move.
///
/// Boards are plain values of about 150 bytes: make a move on a copy
/// (copy-make) and drop the copy to take it back.
///
/// ```
/// use matewise_movegen::Board;
/// let board = Board::default();
/// let mut moves = matewise_movegen::MoveList::new();
/// board.generate_moves(&mut moves);
/// assert_eq!(moves.len(), 20);
///
/// let mut next = board.clone();
/// next.play(board.parse_uci_move("e2e4").unwrap()).unwrap();
/// assert_eq!(next.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub(crate) by_kind: [BitBoard; 6],
    pub(crate) by_color: [BitBoard; 2],
    pub(crate) mailbox: [Option<PieceKind>; 64],
    pub(crate) side_to_move: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) en_passant: Option<Square>,
    pub(crate) halfmove_clock: u16,
    pub(crate) fullmove_number: u16,
    pub(crate) hash: u64,
    pub(crate) pawn_key: u64,
    /// Per colour, the Zobrist key of that colour's pieces other than pawns.
    pub(crate) non_pawn_keys: [u64; 2],
    pub(crate) material_key: u64,
    pub(crate) checkers: BitBoard,
    pub(crate) pinned: BitBoard,
    pub(crate) chess960: bool,
}

impl Default for Board {
    /// The standard start position.
    fn default() -> Board {
        Board::from_fen(crate::fen::START_FEN).expect("the start position is valid")
    }
}

#[inline]
pub(crate) fn piece_key(piece: Piece, square: Square) -> u64 {
    ZOBRIST_PIECES[piece.index() * 64 + square as usize]
}

/// The material key packs every piece count into 4 bits, so it is unique per
/// material signature and updated by one addition or subtraction.
#[inline]
pub(crate) fn material_unit(piece: Piece) -> u64 {
    1u64 << (4 * piece.index())
}

impl Board {
    /// An empty board, for the FEN parser to fill.
    pub(crate) fn empty() -> Board {
        Board {
            by_kind: [BitBoard::EMPTY; 6],
            by_color: [BitBoard::EMPTY; 2],
            mailbox: [None; 64],
            side_to_move: Color::White,
            castling: CastlingRights::NONE,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            hash: 0,
            pawn_key: 0,
            non_pawn_keys: [0; 2],
            material_key: 0,
            checkers: BitBoard::EMPTY,
            pinned: BitBoard::EMPTY,
            chess960: false,
        }
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Squares holding pieces of `kind`, both colours.
    #[inline]
    pub fn pieces(&self, kind: PieceKind) -> BitBoard {
        self.by_kind[kind as usize]
    }

    /// Squares holding `color`'s pieces.
    #[inline]
    pub fn colors(&self, color: Color) -> BitBoard {
        self.by_color[color as usize]
    }

    /// Squares holding `color`'s pieces of `kind`.
    #[inline]
    pub fn colored_pieces(&self, kind: PieceKind, color: Color) -> BitBoard {
        self.by_kind[kind as usize] & self.by_color[color as usize]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> BitBoard {
        self.by_color[0] | self.by_color[1]
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        let kings = self.colored_pieces(PieceKind::King, color);
        debug_assert!(kings.len() == 1);
        Square::from_index_masked(kings.0.trailing_zeros() as usize)
    }

    /// The kind of the piece on `square`, if any.
    #[inline]
    pub fn kind_on(&self, square: Square) -> Option<PieceKind> {
        self.mailbox[square as usize]
    }

    /// The colour of the piece on `square`, if any.
    #[inline]
    pub fn color_on(&self, square: Square) -> Option<Color> {
        if self.by_color[0].has(square) {
            Some(Color::White)
        } else if self.by_color[1].has(square) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The piece on `square`, if any.
    #[inline]
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        let kind = self.kind_on(square)?;
        let color = if self.by_color[0].has(square) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(kind, color))
    }

    /// The castling rights that remain.
    #[inline]
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en-passant target square, kept only while a pawn of the side to
    /// move stands ready to capture there.
    #[inline]
    pub fn en_passant(&self) -> Option<Square> {
        self.en_passant
    }

    /// Plies since the last capture or pawn move (the fifty-move counter).
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and counting up after Black moves.
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove_number
    }

    /// The Zobrist key of the whole position (pieces, side, castling, en passant).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The key [`Board::hash`] will have after the legal move `mv`, except
    /// that castling rights the move gives up and an en-passant square it
    /// creates are left out, and a castling move gives only the king's
    /// departure: cheap enough to prefetch a hash-table entry before
    /// deciding whether to play the move at all.
    ///
    /// ```
    /// use matewise_movegen::Board;
    /// let board = Board::default();
    /// let mv = board.parse_uci_move("g1f3").unwrap();
    /// let mut after = board.clone();
    /// after.play_unchecked(mv);
    /// assert_eq!(board.approximate_hash_after(mv), after.hash());
    /// ```
    #[inline]
    pub fn approximate_hash_after(&self, mv: Move) -> u64 {
        let us = self.side_to_move;
        let (from, to) = (mv.from(), mv.to());
        let Some(kind) = self.mailbox[from as usize] else {
            return self.hash;
        };
        let mut hash = self.hash ^ ZOBRIST_SIDE ^ piece_key(Piece::new(kind, us), from);
        if let Some(ep) = self.en_passant {
            hash ^= ZOBRIST_EP_FILE[ep.file() as usize];
        }
        match mv.kind() {
            MoveKind::Castle => return hash,
            MoveKind::EnPassant => {
                let taken = Square::new(to.file(), from.rank());
                hash ^= piece_key(Piece::new(PieceKind::Pawn, !us), taken);
            }
            _ => {
                if let Some(captured) = self.mailbox[to as usize] {
                    hash ^= piece_key(Piece::new(captured, !us), to);
                }
            }
        }
        let landing = mv.promotion().unwrap_or(kind);
        hash ^ piece_key(Piece::new(landing, us), to)
    }

    /// The Zobrist key of the pawns alone, for a pawn-structure hash table.
    #[inline]
    pub fn pawn_key(&self) -> u64 {
        self.pawn_key
    }

    /// The Zobrist key of `color`'s knights, bishops, rooks, queens and king
    /// alone: equal keys mean the same placement of that colour's pieces,
    /// whatever the pawns and the other side do, for a history keyed by it.
    ///
    /// ```
    /// use matewise_movegen::{Board, Color};
    /// let board = Board::default();
    /// let (mut pawn_push, mut knight_move) = (board.clone(), board.clone());
    /// pawn_push.play(board.parse_uci_move("e2e4")?)?;
    /// knight_move.play(board.parse_uci_move("g1f3")?)?;
    /// assert_eq!(pawn_push.non_pawn_key(Color::White), board.non_pawn_key(Color::White));
    /// assert_ne!(knight_move.non_pawn_key(Color::White), board.non_pawn_key(Color::White));
    /// assert_eq!(knight_move.non_pawn_key(Color::Black), board.non_pawn_key(Color::Black));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn non_pawn_key(&self, color: Color) -> u64 {
        self.non_pawn_keys[color as usize]
    }

    /// The material signature: each of the twelve piece counts in 4 bits
    /// (`piece.index() * 4`). Unique per material, for a material hash table.
    ///
    /// ```
    /// use matewise_movegen::{Board, Color, Piece, PieceKind};
    /// let board = Board::default();
    /// let pawns = Piece::new(PieceKind::Pawn, Color::Black).index();
    /// assert_eq!(board.material_key() >> (4 * pawns) & 15, 8);
    /// ```
    #[inline]
    pub fn material_key(&self) -> u64 {
        self.material_key
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> BitBoard {
        self.checkers
    }

    /// True if the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        !self.checkers.is_empty()
    }

    /// The side to move's pieces pinned to its own king.
    #[inline]
    pub fn pinned(&self) -> BitBoard {
        self.pinned
    }

    /// The enemy pieces checking `color`'s king, and `color`'s pieces pinned
    /// to it. For the side to move this is what [`checkers`](Self::checkers)
    /// and [`pinned`](Self::pinned) keep; for the other side it answers the
    /// same question without a null move.
    ///
    /// ```
    /// use matewise_movegen::{Board, Color, Square};
    ///
    /// // After 3...d6 the bishop on b5 pins Black's knight on c6 to its king.
    /// let board =
    ///     Board::from_fen("r1bqkbnr/ppp2ppp/2np4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4")
    ///         .unwrap();
    /// let (checkers, pinned) = board.check_info_for(Color::Black);
    /// assert!(checkers.is_empty());
    /// assert_eq!(pinned, Square::C6.bitboard());
    /// ```
    #[inline]
    pub fn check_info_for(&self, color: Color) -> (BitBoard, BitBoard) {
        let king = self.king(color);
        let occupied = self.occupied();
        let their = self.by_color[!color as usize];
        let queens = self.by_kind[PieceKind::Queen as usize];
        let snipers = ((attacks::rook_rays(king)
            & (self.by_kind[PieceKind::Rook as usize] | queens))
            | (attacks::bishop_rays(king) & (self.by_kind[PieceKind::Bishop as usize] | queens)))
            & their;
        let mut checkers = ((attacks::knight(king) & self.by_kind[PieceKind::Knight as usize])
            | (attacks::pawn(color, king) & self.by_kind[PieceKind::Pawn as usize]))
            & their;
        let mut pinned = BitBoard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers |= sniper.bitboard();
            } else if !blockers.has_more_than_one() {
                pinned |= blockers;
            }
        }
        (checkers, pinned & self.by_color[color as usize])
    }

    /// True if this board formats castling and FEN the Chess960 way.
    #[inline]
    pub fn chess960(&self) -> bool {
        self.chess960
    }

    /// Chooses Chess960 (king-takes-rook castling text, X-FEN output) or standard notation.
    #[inline]
    pub fn set_chess960(&mut self, chess960: bool) {
        self.chess960 = chess960;
    }

    /// All pieces of either colour that attack `square`, given `occupied`
    /// (which may differ from the board's, e.g. with a piece lifted off).
    ///
    /// ```
    /// use matewise_movegen::{Board, Square};
    /// let board = Board::default();
    /// assert_eq!(board.attackers_to(Square::F3, board.occupied()).len(), 3); // e2, g2, g1
    /// ```
    #[inline]
    pub fn attackers_to(&self, square: Square, occupied: BitBoard) -> BitBoard {
        let rooks =
            self.by_kind[PieceKind::Rook as usize] | self.by_kind[PieceKind::Queen as usize];
        let bishops =
            self.by_kind[PieceKind::Bishop as usize] | self.by_kind[PieceKind::Queen as usize];
        (attacks::knight(square) & self.by_kind[PieceKind::Knight as usize])
            | (attacks::king(square) & self.by_kind[PieceKind::King as usize])
            | (attacks::pawn(Color::White, square)
                & self.colored_pieces(PieceKind::Pawn, Color::Black))
            | (attacks::pawn(Color::Black, square)
                & self.colored_pieces(PieceKind::Pawn, Color::White))
            | (attacks::rook(square, occupied) & rooks)
            | (attacks::bishop(square, occupied) & bishops)
    }

    /// True if `by` attacks `square` with the given occupancy.
    #[inline(always)]
    pub fn is_attacked(&self, square: Square, by: Color, occupied: BitBoard) -> bool {
        let them = self.by_color[by as usize];
        if (attacks::knight(square) & self.by_kind[PieceKind::Knight as usize] & them).0
            | (attacks::pawn(!by, square) & self.by_kind[PieceKind::Pawn as usize] & them).0
            | (attacks::king(square) & self.by_kind[PieceKind::King as usize] & them).0
            != 0
        {
            return true;
        }
        let queens = self.by_kind[PieceKind::Queen as usize];
        let rooks = (self.by_kind[PieceKind::Rook as usize] | queens) & them;
        let bishops = (self.by_kind[PieceKind::Bishop as usize] | queens) & them;
        // The empty-board rays are a small table: they spare most magic lookups.
        (attacks::rook_rays(square).intersects(rooks)
            && attacks::rook(square, occupied).intersects(rooks))
            || (attacks::bishop_rays(square).intersects(bishops)
                && attacks::bishop(square, occupied).intersects(bishops))
    }

    /// The squares of `mask` that `by` attacks with the given occupancy,
    /// computed from the attackers' side: cheaper than asking square by
    /// square once the mask holds more than a couple of squares.
    #[inline]
    pub fn attacked_within(&self, mask: BitBoard, by: Color, occupied: BitBoard) -> BitBoard {
        let them = self.by_color[by as usize];
        let pawns = (self.by_kind[PieceKind::Pawn as usize] & them).0;
        const NOT_A: u64 = !0x0101_0101_0101_0101;
        const NOT_H: u64 = !0x8080_8080_8080_8080;
        let pawn_hits = match by {
            Color::White => (pawns & NOT_A) << 7 | (pawns & NOT_H) << 9,
            Color::Black => (pawns & NOT_A) >> 9 | (pawns & NOT_H) >> 7,
        };
        let mut hit = BitBoard(pawn_hits) & mask;
        for sq in self.by_kind[PieceKind::Knight as usize] & them {
            hit |= attacks::knight(sq) & mask;
        }
        for sq in self.by_kind[PieceKind::King as usize] & them {
            hit |= attacks::king(sq) & mask;
        }
        let queens = self.by_kind[PieceKind::Queen as usize];
        for sq in (self.by_kind[PieceKind::Rook as usize] | queens) & them {
            if attacks::rook_rays(sq).intersects(mask - hit) {
                hit |= attacks::rook(sq, occupied) & mask;
            }
        }
        for sq in (self.by_kind[PieceKind::Bishop as usize] | queens) & them {
            if attacks::bishop_rays(sq).intersects(mask - hit) {
                hit |= attacks::bishop(sq, occupied) & mask;
            }
        }
        hit
    }

    /// The squares `color`'s king could step to: next to it, not holding
    /// one of its own pieces, and not attacked by the other side. The king
    /// is lifted off the board first, so a slider checking it also covers
    /// the square behind it. An empty set with the king out of check is a
    /// king boxed in, the shape quiet mating moves aim at.
    ///
    /// ```
    /// use matewise_movegen::{Board, Color, Square};
    /// // A back-rank king behind its own pawns can still go to f8 and h8,
    /// let board = Board::from_fen("6k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    /// let flights = board.king_flight_squares(Color::Black);
    /// assert!(flights.has(Square::F8) && flights.has(Square::H8) && flights.len() == 2);
    /// // but not once a rook checks along the rank: h8 lies behind the king.
    /// let mated = Board::from_fen("4R1k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    /// assert!(mated.king_flight_squares(Color::Black).is_empty());
    /// ```
    #[inline]
    pub fn king_flight_squares(&self, color: Color) -> BitBoard {
        let king = self.king(color);
        let around = attacks::king(king) - self.by_color[color as usize];
        around - self.attacked_within(around, !color, self.occupied() - king.bitboard())
    }

    /// Adds a piece to an empty square, keeping every key in step.
    #[inline]
    pub(crate) fn put(&mut self, piece: Piece, square: Square) {
        debug_assert!(self.mailbox[square as usize].is_none());
        let bb = square.bitboard();
        self.by_kind[piece.kind as usize] |= bb;
        self.by_color[piece.color as usize] |= bb;
        self.mailbox[square as usize] = Some(piece.kind);
        self.toggle_keys(piece, square);
        self.material_key = self.material_key.wrapping_add(material_unit(piece));
    }

    /// Removes the piece on `square`, keeping every key in step.
    #[inline]
    pub(crate) fn remove(&mut self, piece: Piece, square: Square) {
        debug_assert_eq!(self.piece_on(square), Some(piece));
        let bb = square.bitboard();
        self.by_kind[piece.kind as usize] ^= bb;
        self.by_color[piece.color as usize] ^= bb;
        self.mailbox[square as usize] = None;
        self.toggle_keys(piece, square);
        self.material_key = self.material_key.wrapping_sub(material_unit(piece));
    }

    /// Moves a piece between squares (the destination must be empty).
    #[inline]
    pub(crate) fn shift(&mut self, piece: Piece, from: Square, to: Square) {
        let bb = from.bitboard() | to.bitboard();
        self.by_kind[piece.kind as usize] ^= bb;
        self.by_color[piece.color as usize] ^= bb;
        self.mailbox[from as usize] = None;
        self.mailbox[to as usize] = Some(piece.kind);
        self.toggle_keys(piece, from);
        self.toggle_keys(piece, to);
    }

    #[inline]
    fn toggle_keys(&mut self, piece: Piece, square: Square) {
        let key = piece_key(piece, square);
        self.hash ^= key;
        if piece.kind == PieceKind::Pawn {
            self.pawn_key ^= key;
        } else {
            self.non_pawn_keys[piece.color as usize] ^= key;
        }
    }

    /// Recomputes [`Board::non_pawn_key`] of both colours from scratch
    /// (White's first), the reference for the incremental keys.
    ///
    /// ```
    /// use matewise_movegen::{Board, Color};
    /// let board = Board::default();
    /// assert_eq!(
    ///     board.non_pawn_keys_from_scratch(),
    ///     [board.non_pawn_key(Color::White), board.non_pawn_key(Color::Black)]
    /// );
    /// ```
    pub fn non_pawn_keys_from_scratch(&self) -> [u64; 2] {
        self.all_keys_from_scratch().non_pawn
    }

    /// Recomputes every key from scratch (the FEN parser's and the tests' reference).
    ///
    /// ```
    /// use matewise_movegen::Board;
    /// let board = Board::default();
    /// assert_eq!(board.keys_from_scratch(), (board.hash(), board.pawn_key(), board.material_key()));
    /// ```
    pub fn keys_from_scratch(&self) -> (u64, u64, u64) {
        let keys = self.all_keys_from_scratch();
        (keys.hash, keys.pawn, keys.material)
    }

    /// Every key, incremental or not, in one pass over the pieces: what
    /// the two public references above each show a part of.
    fn all_keys_from_scratch(&self) -> Keys {
        let mut keys = Keys::default();
        for square in self.occupied() {
            let piece = self.piece_on(square).expect("occupied square has a piece");
            let key = piece_key(piece, square);
            keys.hash ^= key;
            if piece.kind == PieceKind::Pawn {
                keys.pawn ^= key;
            } else {
                keys.non_pawn[piece.color as usize] ^= key;
            }
            keys.material = keys.material.wrapping_add(material_unit(piece));
        }
        keys.hash ^= ZOBRIST_CASTLING[self.castling.bits()];
        if let Some(ep) = self.en_passant {
            keys.hash ^= ZOBRIST_EP_FILE[ep.file() as usize];
        }
        if self.side_to_move == Color::Black {
            keys.hash ^= ZOBRIST_SIDE;
        }
        keys
    }

    /// Sets every key from scratch, for a board built square by square.
    pub(crate) fn set_keys_from_scratch(&mut self) {
        let keys = self.all_keys_from_scratch();
        self.hash = keys.hash;
        self.pawn_key = keys.pawn;
        self.non_pawn_keys = keys.non_pawn;
        self.material_key = keys.material;
    }

    /// Sets `checkers` and `pinned` for the side to move.
    #[inline]
    pub(crate) fn update_check_info(&mut self) {
        (self.checkers, self.pinned) = self.check_info_for(self.side_to_move);
    }

    /// Sets the en-passant square after a double push to `target`, but only
    /// if an enemy pawn could capture there, so that the hash does not
    /// depend on irrelevant history.
    #[inline]
    pub(crate) fn set_en_passant(&mut self, target: Square, capturer: Color) {
        if (attacks::pawn(!capturer, target) & self.colored_pieces(PieceKind::Pawn, capturer))
            .is_empty()
        {
            return;
        }
        self.en_passant = Some(target);
        self.hash ^= ZOBRIST_EP_FILE[target.file() as usize];
    }

    pub(crate) fn set_castling(&mut self, rights: CastlingRights) {
        self.hash ^= ZOBRIST_CASTLING[self.castling.bits()] ^ ZOBRIST_CASTLING[rights.bits()];
        self.castling = rights;
    }

    pub(crate) fn flip_side(&mut self) {
        self.side_to_move = !self.side_to_move;
        self.hash ^= ZOBRIST_SIDE;
    }
}

/// The board's keys as [`Board::all_keys_from_scratch`] computes them.
#[derive(Default)]
struct Keys {
    hash: u64,
    pawn: u64,
    non_pawn: [u64; 2],
    material: u64,
}
